package allocator

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// Three small graphs written for the tests: music (singers, concerts),
// flights (airlines, airports) and a school (students, courses).
var testGraphs = map[string]string{
	"music": `@prefix : <http://example.org/music/> .
:s1 a :Singer ; :name "Ann Lee" ; :age 30 ; :country "France" .
:s2 a :Singer ; :name "Bo Diaz" ; :age 41 ; :country "Spain" .
:c1 a :Concert ; :title "Summer Night" ; :year 2014 ; :performer :s1 ; :stadium :st1 .
:st1 a :Stadium ; :stadiumName "Glebe Park" ; :capacity 3000 .`,
	"flights": `@prefix : <http://example.org/flights/> .
:a1 a :Airline ; :airlineName "Blue Air" ; :country "Romania" .
:p1 a :Airport ; :airportName "Otopeni" ; :city "Bucharest" .
:f1 a :Flight ; :flightNumber "BA12" ; :operatedBy :a1 ; :departsFrom :p1 ; :distance 1200 .`,
	"school": `@prefix : <http://example.org/school/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:Student rdfs:label "pupil" .
:st1 a :Student ; :firstName "Mia" ; :age 19 ; :enrolledIn :co1 .
:co1 a :Course ; :courseTitle "Algebra" ; :credits 5 .`,
}

func testCollection(t testing.TB) *kg.Collection {
	t.Helper()
	return collectionOf(t, testGraphs)
}

// collectionOf loads each Turtle text into a fresh store, as the graph
// of its ID, and returns the collection summarised.
func collectionOf(t testing.TB, graphs map[string]string) *kg.Collection {
	t.Helper()
	ctx := context.Background()
	var gs []*kg.Graph
	for id, ttl := range graphs {
		st := store.New()
		if err := st.Load(ctx, strings.NewReader(ttl), rdfio.Turtle, "", ""); err != nil {
			t.Fatal(err)
		}
		gs = append(gs, &kg.Graph{ID: id, Endpoint: st})
	}
	coll, err := kg.NewCollection(gs...)
	if err != nil {
		t.Fatal(err)
	}
	if err := coll.Summarize(ctx, kg.SummarizeOptions{}); err != nil {
		t.Fatal(err)
	}
	return coll
}

// oneGraph loads Turtle into a fresh store and returns it, summarised, as
// the one graph id of a collection.
func oneGraph(t *testing.T, id, ttl string) *kg.Collection {
	t.Helper()
	return collectionOf(t, map[string]string{id: ttl})
}

// sliceOf allocates sg over a collection of the one graph id (ttl) with
// the default configuration and returns that graph's slice (nil when
// the graph is not selected).
func sliceOf(t *testing.T, id, ttl string, sg *handoff.Subgoal) *handoff.Slice {
	t.Helper()
	a, err := New(Config{}).Allocate(context.Background(), sg, oneGraph(t, id, ttl))
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice(id)
	return sl
}

func subgoal(text string, types, preds []string, mentions ...string) *handoff.Subgoal {
	sg := &handoff.Subgoal{ID: "s1", Text: text, Operations: []handoff.Operation{handoff.OpLookup},
		Requirements: handoff.Requirements{Types: types, Predicates: preds, Output: handoff.Output{Shape: handoff.ShapeEntities}}}
	for _, m := range mentions {
		sg.Mentions = append(sg.Mentions, handoff.Mention{Text: m, Kind: handoff.MentionName})
	}
	return sg
}

func TestAllocateRanksBySchema(t *testing.T) {
	coll := testCollection(t)
	al := New(Config{})
	ctx := context.Background()
	tests := []struct {
		sg   *handoff.Subgoal
		want string
	}{
		{subgoal("How old are the singers?", []string{"singer"}, []string{"age"}), "music"},
		{subgoal("Which airlines fly from Bucharest?", []string{"airline"}, []string{"city"}, "Bucharest"), "flights"},
		{subgoal("List the titles of courses with more than 3 credits", []string{"course"}, []string{"title", "credit"}), "school"},
		// A label ("pupil") matches like a name.
		{subgoal("How many pupils are there?", []string{"pupil"}, nil), "school"},
		// No requirements: the content words of the text are the terms.
		{subgoal("What is the capacity of each stadium?", nil, nil), "music"},
		// A value mention alone decides.
		{subgoal("Tell me about Otopeni", nil, nil, "Otopeni"), "flights"},
	}
	for _, tt := range tests {
		a, err := al.Allocate(ctx, tt.sg, coll)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Selected) == 0 || a.Selected[0] != tt.want {
			t.Errorf("%q: selected %v, want %s first; scores %+v", tt.sg.Text, a.Selected, tt.want, a.Scores)
			continue
		}
		best := a.Scores[0]
		if best.Final <= a.Scores[1].Final || best.Strong <= 0 || math.Abs(best.Final-(0.3*best.Weak+0.7*best.Strong)) > 1e-9 {
			t.Errorf("%q: scores %+v", tt.sg.Text, a.Scores)
		}
		sl, ok := a.Slice(tt.want)
		if !ok || len(sl.Classes)+len(sl.Properties) == 0 || sl.Tokens <= 0 {
			t.Errorf("%q: slice %+v", tt.sg.Text, sl)
		}
	}
}

func TestSliceContents(t *testing.T) {
	coll := testCollection(t)
	a, err := New(Config{}).Allocate(context.Background(),
		subgoal("Which singers from France performed at a concert?", []string{"singer", "concert"}, []string{"country"}, "France"), coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, ok := a.Slice("music")
	if !ok {
		t.Fatalf("music not selected: %+v", a)
	}
	const ns = "http://example.org/music/"
	for _, c := range []string{"Singer", "Concert"} {
		if !sl.HasClass(ns + c) {
			t.Errorf("slice lacks class %s:\n%s", c, sl.Text())
		}
	}
	// :country is matched; :performer joins Concert to Singer.
	for _, p := range []string{"country", "performer"} {
		if !sl.HasProperty(ns + p) {
			t.Errorf("slice lacks property %s:\n%s", p, sl.Text())
		}
	}
	if len(sl.Values) == 0 || sl.Values[0].Value != "France" || sl.Values[0].Property != ns+"country" {
		t.Errorf("values %+v", sl.Values)
	}
	if !strings.Contains(sl.Text(), `- :country "France"`) {
		t.Errorf("text:\n%s", sl.Text())
	}
}

func TestAllocateDeterministic(t *testing.T) {
	coll := testCollection(t)
	sg := subgoal("List names and ages", nil, []string{"name", "age"})
	a1, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		a2, err := New(Config{}).Allocate(context.Background(), sg, coll)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(a1, a2); diff != "" {
			t.Fatalf("allocation differs between runs (-first +later):\n%s", diff)
		}
	}
}

func TestAllocateParameters(t *testing.T) {
	coll := testCollection(t)
	ctx := context.Background()
	sg := subgoal("singers age", []string{"singer"}, []string{"age"})
	a, err := New(Config{KPrime: 1, K: 2}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Scores) != 2 || len(a.Selected) != 1 {
		t.Errorf("K=2, K'=1: %d scores, selected %v", len(a.Scores), a.Selected)
	}
	a, err = New(Config{Tau: 0.99}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Selected) != 1 {
		t.Errorf("τ=0.99: the best graph alone is selected, got %v", a.Selected)
	}
	a, err = New(Config{}).Allocate(ctx, subgoal("zzz qqq", nil, nil), coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Selected) != 0 || len(a.Notes) == 0 {
		t.Errorf("nothing matches: selected %v notes %v", a.Selected, a.Notes)
	}
	if _, err := New(Config{}).Allocate(ctx, nil, coll); err == nil {
		t.Error("nil subgoal: no error")
	}
	empty, _ := kg.NewCollection()
	if _, err := New(Config{}).Allocate(ctx, sg, empty); err == nil {
		t.Error("empty collection: no error")
	}
	unsummarised, _ := kg.NewCollection(&kg.Graph{ID: "x", Endpoint: store.New()})
	if _, err := New(Config{}).Allocate(ctx, sg, unsummarised); err == nil || !strings.Contains(err.Error(), "no summary") {
		t.Errorf("unsummarised: %v", err)
	}
}

func TestBM25(t *testing.T) {
	coll := testCollection(t)
	b := &BM25{KPrime: 2}
	a, err := b.Allocate(context.Background(), subgoal("airline airport flight number", nil, nil), coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Selected) == 0 || a.Selected[0] != "flights" || len(a.Slices) != len(a.Selected) {
		t.Fatalf("bm25: %+v", a)
	}
	if !a.Slices[0].HasClass("http://example.org/flights/Airline") {
		t.Errorf("full slice lacks a class:\n%s", a.Slices[0].Text())
	}
}

func TestMatchScore(t *testing.T) {
	e := &element{primary: []string{"official", "name"}, context: []string{"city"}}
	for _, tt := range []struct {
		t    []string
		want float64
	}{
		{[]string{"official", "name"}, 1},
		{[]string{"name"}, 0.95},
		{[]string{"city", "name"}, 0.7},
		{[]string{"name", "mayor"}, 0.25},
		{nil, 0},
	} {
		if got := matchScore(tt.t, e); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("matchScore(%v) = %v, want %v", tt.t, got, tt.want)
		}
	}
}

// TestSliceDirectMapping: the slice of a Direct-Mapping graph holds the
// column a reference is made from when a value is given to it ("in room
// 112"), marks such columns as keys, and brings the class of a column
// the shared reading of a list names ("the color code and description":
// ref_colors#color_description, one reference away).
func TestSliceDirectMapping(t *testing.T) {
	const ttl = `@prefix p: <http://x/products#> . @prefix c: <http://x/ref_colors#> . @prefix s: <http://x/stay#> . @prefix r: <http://x/room#> .
<http://x/p1> a <http://x/products> ; p:product_name "chervil" ; p:color_code "9" ; p:product_description "green" ; p:ref-color_code <http://x/c9> .
<http://x/c9> a <http://x/ref_colors> ; c:color_code "9" ; c:color_description "red" .
<http://x/s1> a <http://x/stay> ; s:patient 7 ; s:room 112 ; s:ref-room <http://x/r112> .
<http://x/r112> a <http://x/room> ; r:roomnumber 112 ; r:roomtype "single" .
`
	ctx := context.Background()
	coll := oneGraph(t, "shop", ttl)
	sg := subgoal("What is the color code and description of the product named chervil?", []string{"product"}, []string{"color code", "description", "name"})
	sg.Requirements.Output.Attributes = []string{"color code", "description"}
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("shop")
	if sl == nil || !sl.HasClass("http://x/ref_colors") || !sl.HasProperty("http://x/ref_colors#color_description") {
		t.Errorf("the shared reading's column is not in the slice:\n%s", sl.Text())
	}
	sg = subgoal("How many patients stayed in room 112?", []string{"patient", "stay"}, []string{"room"})
	sg.Requirements.Filters = []handoff.Filter{{Attribute: "room", Op: handoff.FilterEq, Value: "112", ValueKind: "number", Label: true}}
	if a, err = New(Config{}).Allocate(ctx, sg, coll); err != nil {
		t.Fatal(err)
	}
	sl, _ = a.Slice("shop")
	if sl == nil || !sl.HasProperty("http://x/stay#ref-room") || !sl.HasProperty("http://x/stay#room") {
		t.Fatalf("the reference's column is not in the slice:\n%s", sl.Text())
	}
	for _, p := range sl.Properties {
		if want := p.IRI == "http://x/stay#room"; p.Key != want {
			t.Errorf("%s: key %v, want %v", p.IRI, p.Key, want)
		}
	}
}

// TestSliceTimeValuedColumn: "most recently" needs a point in time of the
// subjects; a column typed xsd:date is one, though its name
// ("releasedate") has no date word of its own.
func TestSliceTimeValuedColumn(t *testing.T) {
	const ttl = `@prefix s: <http://x/song#> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<http://x/s1> a <http://x/song> ; s:song_name "Aj ei akash" ; s:releasedate "2004-03-27"^^xsd:date ; s:rating 7 .
<http://x/s2> a <http://x/song> ; s:song_name "Just beat it" ; s:releasedate "2002-03-17"^^xsd:date ; s:rating 9 .
`
	sg := subgoal("What is the name of the song that was released most recently?", []string{"song"}, []string{"name"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}, OrderBy: "date", Descending: true}
	sl := sliceOf(t, "music", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/song#releasedate") {
		t.Errorf("the date-typed column is not in the slice:\n%s", sl.Text())
	}
	if sl != nil && sl.HasProperty("http://x/song#rating") {
		t.Errorf("a number is no point in time:\n%s", sl.Text())
	}
}

// TestSliceKeyAbbreviation: "student ids" names student#stuid, whose
// one-word name abbreviates the student id.
func TestSliceKeyAbbreviation(t *testing.T) {
	const ttl = `@prefix s: <http://x/student#> .
<http://x/s1> a <http://x/student> ; s:stuid 1001 ; s:advisor 7 ; s:lname "Smith" .
<http://x/s2> a <http://x/student> ; s:stuid 1002 ; s:advisor 8 ; s:lname "Kim" .
`
	sg := subgoal("What are the student ids of all students?", []string{"student"}, []string{"student id"})
	sg.Requirements.Output.Attributes = []string{"student id"}
	sl := sliceOf(t, "school", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/student#stuid") {
		t.Fatalf("stuid is not in the slice:\n%s", sl.Text())
	}
	for _, p := range sl.Properties {
		if p.IRI == "http://x/student#stuid" && !slices.Contains(p.Matched, "student id") {
			t.Errorf("stuid is not matched to \"student id\": %+v", p)
		}
	}
}

// TestSliceOwnID: "the id of the student" names students#student_id,
// though the term "id" may match another class's address_id first.
func TestSliceOwnID(t *testing.T) {
	const ttl = `@prefix s: <http://x/students#> . @prefix a: <http://x/addresses#> .
<http://x/s1> a <http://x/students> ; s:student_id 1 ; s:address_id 19 ; s:last_name "Rohan" ; s:ref-address_id <http://x/a19> .
<http://x/s2> a <http://x/students> ; s:student_id 2 ; s:address_id 20 ; s:last_name "Kim" ; s:ref-address_id <http://x/a20> .
<http://x/a19> a <http://x/addresses> ; a:address_id 19 ; a:city "Lyon" .
<http://x/a20> a <http://x/addresses> ; a:address_id 20 ; a:city "Nice" .
`
	sg := subgoal("What is the id and last name of each student?", []string{"student"}, []string{"id", "last name"})
	sg.Requirements.Output.Attributes = []string{"id", "last name"}
	sl := sliceOf(t, "school", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/students#student_id") {
		t.Errorf("the students' own id is not in the slice:\n%s", sl.Text())
	}
}

// TestSliceAbbreviatedColumn: "latitude" names station#lat, a column
// whose name abbreviates the word; no column of the graph has it whole.
func TestSliceAbbreviatedColumn(t *testing.T) {
	const ttl = `@prefix s: <http://x/station#> .
<http://x/s1> a <http://x/station> ; s:name "Clay at Battery" ; s:lat 37.79 ; s:dock_count 15 .
<http://x/s2> a <http://x/station> ; s:name "MLK Library" ; s:lat 37.33 ; s:dock_count 19 .
`
	sg := subgoal("What are the names of stations that have latitude lower than 37.5?", []string{"station"}, []string{"name", "latitude"})
	sl := sliceOf(t, "bikes", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/station#lat") {
		t.Fatalf("lat is not in the slice:\n%s", sl.Text())
	}
	if sl.HasProperty("http://x/station#dock_count") {
		t.Errorf("dock_count matched nothing said:\n%s", sl.Text())
	}
}

// TestSliceColumnOfNamedClass: of two columns named alike, the one of a
// class the question names comes first ("the countries of mountains":
// mountain#country, not climber#country).
func TestSliceColumnOfNamedClass(t *testing.T) {
	const ttl = `@prefix c: <http://x/climber#> . @prefix m: <http://x/mountain#> .
<http://x/c1> a <http://x/climber> ; c:country "Italy" ; c:name "Ana" ; c:ref-mountain_id <http://x/m1> .
<http://x/m1> a <http://x/mountain> ; m:country "Tanzania" ; m:height 5895 .
`
	sg := subgoal("What are the countries of mountains with height bigger than 5000?", []string{"country", "mountain"}, []string{"height"})
	sl := sliceOf(t, "climbing", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/mountain#country") {
		t.Fatalf("mountain#country is not in the slice:\n%s", sl.Text())
	}
	for _, p := range sl.Properties {
		if p.IRI == "http://x/climber#country" && len(p.Matched) > 0 {
			t.Errorf("climber#country matched %v before the mountains' own", p.Matched)
		}
	}
}

// TestSliceGivenAndFamilyNames: a class with a given and a family name
// and no name of its own is shown by both, so both are in the slice.
func TestSliceGivenAndFamilyNames(t *testing.T) {
	const ttl = `@prefix s: <http://x/student#> .
<http://x/s1> a <http://x/student> ; s:fname "Linda" ; s:lname "Smith" ; s:age 18 ; s:city_code "BAL" .
<http://x/s2> a <http://x/student> ; s:fname "Tracy" ; s:lname "Kim" ; s:age 27 ; s:city_code "HKG" .
`
	sg := subgoal("Which students are older than 25?", []string{"student"}, []string{"age"})
	sl := sliceOf(t, "school", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/student#fname") || !sl.HasProperty("http://x/student#lname") {
		t.Errorf("the given and family names are not both in the slice:\n%s", sl.Text())
	}
	if sl.HasProperty("http://x/student#city_code") {
		t.Errorf("city_code matched nothing said:\n%s", sl.Text())
	}
}

// TestWeakCutKeepsNamedClass: a graph whose class the question names
// reaches the strong stage though the weak stage ranks it below the top
// K, and a question's sex matches a column named sex.
func TestWeakCutKeepsNamedClass(t *testing.T) {
	coll := testCollection(t)
	ctx := context.Background()
	sg := subgoal("How many pupils are there?", []string{"pupil"}, nil)
	full, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Scores) < 2 || full.Scores[0].Graph != "school" {
		t.Fatalf("scores %+v", full.Scores)
	}
	// With K = 1 the weak stage passes on the graph whose summary is
	// most like the text (music, for its singers and concerts); school,
	// whose class "pupil" the question names, is kept too.
	sg = subgoal("How many pupils sang at concerts of singers?", []string{"pupil"}, nil)
	al, err := New(Config{K: 1}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(al.Selected) == 0 || al.Selected[0] != "school" {
		t.Errorf("K = 1: selected %v, scores %+v", al.Selected, al.Scores)
	}

	g := oneGraph(t, "people", `@prefix p: <http://x/person#> .
<http://x/p1> a <http://x/person> ; p:name "Ann" ; p:sex "F" .
<http://x/p2> a <http://x/person> ; p:name "Bo" ; p:sex "M" .
`)
	female := subgoal("How many female people are there?", []string{"person"}, []string{handoff.AttrGender})
	a, err := New(Config{}).Allocate(ctx, female, g)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Scores) != 1 || a.Scores[0].PredicateCoverage < 0.9 {
		t.Errorf("the sex column does not cover gender: %+v", a.Scores)
	}
}

// TestSliceEverydayVerbs: the slice holds the column a verb of the
// question stands for: "directed" a director, "arrive" an arrival, "earn"
// a salary, an age for a bare number compared with people, and a sex for
// "women".
func TestSliceEverydayVerbs(t *testing.T) {
	const ttl = `@prefix f: <http://x/film#> . @prefix t: <http://x/train#> . @prefix e: <http://x/staff#> .
<http://x/f1> a <http://x/film> ; f:title "Annie" ; f:director "John Huston" ; f:studio "Columbia" .
<http://x/t1> a <http://x/train> ; t:name "Andaman Exp" ; t:arrival "13:04" ; t:origin "Chennai" .
<http://x/e1> a <http://x/staff> ; e:name "Ann" ; e:salary 9000 ; e:age 31 ; e:grade 4 ; e:sex "F" .
`
	ctx := context.Background()
	coll := oneGraph(t, "misc", ttl)
	under := subgoal("Which staff are under 40?", []string{"staff"}, nil)
	under.Requirements.Filters = []handoff.Filter{{Op: handoff.FilterLt, Value: "40", ValueKind: "number"}}
	for _, c := range []struct {
		sg   *handoff.Subgoal
		want string
	}{
		{subgoal("Who directed Annie?", nil, []string{"directed"}, "Annie"), "http://x/film#director"},
		{subgoal("When does the Andaman Exp arrive?", nil, []string{"arrive"}, "Andaman Exp"), "http://x/train#arrival"},
		{subgoal("Which staff earn more than 5000?", []string{"staff"}, []string{"earn"}), "http://x/staff#salary"},
		{subgoal("Who earns the most?", nil, []string{"earns"}), "http://x/staff#salary"}, // no class named
		{under, "http://x/staff#age"},
		{subgoal("Which women are older than 30?", []string{"woman", "staff"}, []string{"age"}), "http://x/staff#sex"},
	} {
		a, err := New(Config{}).Allocate(ctx, c.sg, coll)
		if err != nil {
			t.Fatal(err)
		}
		sl, _ := a.Slice("misc")
		if sl == nil || !sl.HasProperty(c.want) {
			t.Errorf("%s: the slice lacks %s:\n%s", c.sg.Text, c.want, sl.Text())
			continue
		}
		if p := sl.Property(c.want); p != nil && !slices.ContainsFunc(p.Domains, sl.HasClass) {
			t.Errorf("%s: the slice has %s without its class:\n%s", c.sg.Text, c.want, sl.Text())
		}
	}
}

// TestSliceAcronymSpelledOut: "date of birth" and "born" name
// employee#emp_dob (an acronym): the slice matches it to the question's
// words, not only to the employee.
func TestSliceAcronymSpelledOut(t *testing.T) {
	const ttl = `@prefix e: <http://x/employee#> .
<http://x/e1> a <http://x/employee> ; e:emp_fname "Ann" ; e:emp_dob "1950-06-12" ; e:emp_hiredate "1991-07-01" .
`
	coll := oneGraph(t, "misc", ttl)
	for _, sg := range []*handoff.Subgoal{
		subgoal("When was Ann born?", nil, []string{"born"}, "Ann"),
		subgoal("What is the date of birth of Ann?", []string{"birth"}, []string{"date"}, "Ann"),
	} {
		a, err := New(Config{}).Allocate(context.Background(), sg, coll)
		if err != nil {
			t.Fatal(err)
		}
		sl, _ := a.Slice("misc")
		if dob := sl.Property("http://x/employee#emp_dob"); dob == nil || len(dob.Matched) == 0 {
			t.Errorf("%s: the slice does not match emp_dob:\n%s", sg.Text, sl.Text())
		}
	}
}

// TestSliceMeasures: "the average rating" of a class rating whose one
// number is its stars (though ratingdate has the word); "fly more than
// 5000 miles", no column named, by the aircraft's one number.
func TestSliceMeasures(t *testing.T) {
	const ttl = `@prefix r: <http://x/rating#> . @prefix m: <http://x/movie#> . @prefix a: <http://x/aircraft#> .
<http://x/m1> a <http://x/movie> ; m:title "Titanic" ; m:mid 1 .
<http://x/r1> a <http://x/rating> ; r:rid 7 ; r:stars 4 ; r:ratingdate "2011-01-12"^^<http://www.w3.org/2001/XMLSchema#date> ; r:ref-mid <http://x/m1> .
<http://x/a1> a <http://x/aircraft> ; a:name "Boeing 727" ; a:aid 3 ; a:distance 1504 .
`
	coll := oneGraph(t, "misc", ttl)
	avg := subgoal("What is the average rating of Titanic?", nil, []string{"rating"}, "Titanic")
	avg.Requirements.Output = handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "rating"}
	fly := subgoal("Which aircraft can fly more than 5000 miles?", []string{"aircraft"}, []string{"fly"})
	fly.Requirements.Filters = []handoff.Filter{{Attribute: "fly", Op: handoff.FilterGt, Value: "5000", ValueKind: "number"}}
	for _, c := range []struct {
		sg   *handoff.Subgoal
		want string
	}{{avg, "http://x/rating#stars"}, {fly, "http://x/aircraft#distance"}} {
		a, err := New(Config{}).Allocate(context.Background(), c.sg, coll)
		if err != nil {
			t.Fatal(err)
		}
		if sl, _ := a.Slice("misc"); sl == nil || !sl.HasProperty(c.want) {
			t.Errorf("%s: the slice lacks %s:\n%s", c.sg.Text, c.want, sl.Text())
		}
	}
}

// TestSlicePathFromVerbClass: "Who teaches Image Processing?" names no
// thing; the class the verb names (teaches) and the course the value
// is a title of are joined by the section between them.
func TestSlicePathFromVerbClass(t *testing.T) {
	const ttl = `@prefix t: <http://x/teaches#> . @prefix s: <http://x/section#> . @prefix c: <http://x/course#> . @prefix i: <http://x/instructor#> .
<http://x/i1> a <http://x/instructor> ; i:name "Romero" .
<http://x/c1> a <http://x/course> ; c:title "Image Processing" .
<http://x/s1> a <http://x/section> ; s:year 2007 ; s:ref-course_id <http://x/c1> .
<http://x/t1> a <http://x/teaches> ; t:ref-id <http://x/i1> ; t:ref-section <http://x/s1> .
`
	coll := oneGraph(t, "misc", ttl)
	sg := subgoal("Who teaches Image Processing?", nil, []string{"teaches"}, "Image Processing")
	sg.Requirements.Filters = []handoff.Filter{{Op: handoff.FilterEq, Value: "Image Processing", ValueKind: "string"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || !sl.HasClass("http://x/section") {
		t.Errorf("the slice lacks the section between teaches and course:\n%s", sl.Text())
	}
}

// TestSliceNamesBesideJobTitle: employees with a first and a last name
// and a title are named by their names; the title is their job's.
func TestSliceNamesBesideJobTitle(t *testing.T) {
	const ttl = `@prefix e: <http://x/employees#> .
<http://x/e1> a <http://x/employees> ; e:first_name "Jane" ; e:last_name "Peacock" ; e:title "Sales Support Agent" ; e:birth_date "1973-08-29" .
`
	coll := oneGraph(t, "misc", ttl)
	sg := subgoal("Who is the oldest employee?", []string{"employee"}, nil)
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "age", Descending: true, Limit: 1}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || !sl.HasProperty("http://x/employees#first_name") || !sl.HasProperty("http://x/employees#last_name") {
		t.Errorf("the slice lacks the employees' names:\n%s", sl.Text())
	}
}

// TestSliceReferenceBesideNamedKey: "designed" names bridge#architect_id
// (an architect's key); the slice takes the reference beside it and the
// architect, so that the answer can name the architect.
func TestSliceReferenceBesideNamedKey(t *testing.T) {
	const ttl = `@prefix b: <http://x/bridge#> . @prefix a: <http://x/architect#> .
<http://x/b1> a <http://x/bridge> ; b:name "Arch" ; b:architect_id 1 ; b:length 90 ; b:ref-architect_id <http://x/a1> .
<http://x/a1> a <http://x/architect> ; a:name "Hadid" ; a:id 1 .
`
	coll := oneGraph(t, "misc", ttl)
	a, err := New(Config{}).Allocate(context.Background(), subgoal("Who designed the most bridges?", []string{"bridge"}, []string{"designed"}), coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("misc")
	if sl == nil || !sl.HasProperty("http://x/bridge#ref-architect_id") || !sl.HasClass("http://x/architect") || !sl.HasProperty("http://x/architect#name") {
		t.Errorf("the slice lacks the architect:\n%s", sl.Text())
	}
}

// TestSliceValueWithoutAccents: "Hangzhou" links the value "Hángzhōu".
func TestSliceValueWithoutAccents(t *testing.T) {
	const ttl = `@prefix c: <http://x/city#> .
<http://x/c1> a <http://x/city> ; c:pinyin "Hángzhōu" ; c:population 8700400 .
<http://x/c2> a <http://x/city> ; c:pinyin "Chángzhōu" ; c:population 4592431 .
`
	coll := oneGraph(t, "misc", ttl)
	a, err := New(Config{}).Allocate(context.Background(), subgoal("What is the population of Hangzhou?", nil, []string{"population"}, "Hangzhou"), coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("misc")
	if sl == nil || !slices.ContainsFunc(sl.Values, func(v handoff.SliceValue) bool { return v.Value == "Hángzhōu" }) {
		t.Errorf("the slice does not link Hángzhōu:\n%s", sl.Text())
	}
}

// TestSliceAgentOfVerbColumn: "director" names film#directed_by (the
// agent of the verb).
func TestSliceAgentOfVerbColumn(t *testing.T) {
	const ttl = `@prefix f: <http://x/film#> .
<http://x/f1> a <http://x/film> ; f:title "Annie" ; f:directed_by "John Huston" ; f:studio "Columbia" .
`
	coll := oneGraph(t, "misc", ttl)
	a, err := New(Config{}).Allocate(context.Background(), subgoal("What are the title and director of each film?", []string{"film"}, []string{"title", "director"}), coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || !sl.HasProperty("http://x/film#directed_by") {
		t.Errorf("the slice lacks directed_by:\n%s", sl.Text())
	}
}

// TestSlicePlaceOfLinkedThing: "Where is ExxonMobil?" names no class;
// the linked value's class gives its place (headquarters, whose folded
// word "headquarter" is a place too).
func TestSlicePlaceOfLinkedThing(t *testing.T) {
	const ttl = `@prefix c: <http://x/company#> .
<http://x/c1> a <http://x/company> ; c:company "ExxonMobil" ; c:headquarters "USA" ; c:sales 400 .
<http://x/c2> a <http://x/company> ; c:company "HSBC" ; c:headquarters "UK" ; c:sales 300 .
<http://x/g1> a <http://x/gas_station> ; <http://x/gas_station#location> "Herne Hill" ; <http://x/gas_station#open_year> 2000 .
<http://x/g2> a <http://x/gas_station> ; <http://x/gas_station#location> "Channel Hill" ; <http://x/gas_station#open_year> 2004 .
`
	coll := oneGraph(t, "misc", ttl)
	sg := subgoal("Where is ExxonMobil?", nil, nil, "ExxonMobil")
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "where"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || !sl.HasProperty("http://x/company#headquarters") {
		t.Errorf("the slice lacks the headquarters:\n%s", sl.Text())
	}
}

// TestKindNamedByValue: "How many comedies are there?" names no class;
// "comedy" is a whole value of the films' genre, which routes the
// question to the films.
func TestKindNamedByValue(t *testing.T) {
	ctx := context.Background()
	coll := collectionOf(t, map[string]string{
		"films":    `@prefix : <http://x/films/> . :f1 a :Film ; :title "Paper Moons" ; :genre "comedy" . :f2 a :Film ; :title "Iron Meridian" ; :genre "drama" .`,
		"football": `@prefix : <http://x/football/> . :p1 a :Player ; :name "Erik Solberg" ; :goals 12 . :c1 a :Club ; :name "Valdheim FK" ; :founded 1898 .`,
	})
	sg := subgoal("How many comedies are there?", []string{"comedy"}, nil)
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount, AggregateOf: "comedy"}
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Scores) == 0 || a.Scores[0].Graph != "films" || a.Scores[0].TypeCoverage == 0 {
		t.Errorf("scores %+v, want films first, its type covered", a.Scores)
	}
}

// TestSliceValueOfLinkedClass: "Which artworks won?" links "won" to
// nomination#result "Won"; the nominations join the slice with the
// reference to the artworks.
func TestSliceValueOfLinkedClass(t *testing.T) {
	const ttl = `@prefix a: <http://x/artwork#> . @prefix n: <http://x/nomination#> .
<http://x/a1> a <http://x/artwork> ; a:name "I Know" .
<http://x/a2> a <http://x/artwork> ; a:name "Boys" .
<http://x/n1> a <http://x/nomination> ; n:result "Won" ; n:ref-artwork_id <http://x/a1> .
<http://x/n2> a <http://x/nomination> ; n:result "Nominated" ; n:ref-artwork_id <http://x/a2> .
`
	coll := oneGraph(t, "misc", ttl)
	a, err := New(Config{}).Allocate(context.Background(), subgoal("Which artworks won?", []string{"artwork"}, nil), coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("misc")
	if sl == nil || !sl.HasClass("http://x/nomination") || !sl.HasProperty("http://x/nomination#ref-artwork_id") || !sl.HasProperty("http://x/nomination#result") {
		t.Errorf("the slice lacks the nominations:\n%s", sl.Text())
	}
}

// TestSliceWhoThroughALink: "Who owns a cat?" of pets, which name no
// one: the people a link class joins them to (has_pet → student, with a
// given and a family name) come into the slice, with their names.
func TestSliceWhoThroughALink(t *testing.T) {
	const ttl = `@prefix s: <http://x/student#> . @prefix p: <http://x/pets#> . @prefix h: <http://x/has_pet#> .
<http://x/s1> a <http://x/student> ; s:fname "Linda" ; s:lname "Smith" .
<http://x/p1> a <http://x/pets> ; p:pettype "cat" .
<http://x/h1> a <http://x/has_pet> ; h:ref-stuid <http://x/s1> ; h:ref-petid <http://x/p1> .
`
	ctx := context.Background()
	coll := oneGraph(t, "pets", ttl)
	sg := subgoal("Who owns a cat?", []string{"cat"}, []string{"owns"})
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "who"}}
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("pets")
	if sl == nil || !sl.HasClass("http://x/student") || !sl.HasClass("http://x/has_pet") || !sl.HasProperty("http://x/student#fname") {
		t.Errorf("the people who own are not in the slice:\n%s", sl.Text())
	}
	// Not when the question does not ask who.
	sg = subgoal("Which pets are cats?", []string{"pet", "cat"}, nil)
	if a, err = New(Config{}).Allocate(ctx, sg, coll); err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("pets"); sl != nil && sl.HasClass("http://x/student") {
		t.Errorf("people in the slice of a question that does not ask who:\n%s", sl.Text())
	}
}

// TestSliceClassBetween: "How many museums does each country have?"
// where museums refer to cities and cities to countries: the city, which
// links the two classes counted and grouped by, comes into the slice with
// both references; not for a question that counts nothing per group.
func TestSliceClassBetween(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:m1 a c:Museum ; c:name "Nordic Light" ; c:locatedIn c:c1 .
c:c1 a c:City ; c:name "Nordvik" ; c:country c:n1 .
c:n1 a c:Country ; c:name "Norway" .
c:l1 a c:Language ; c:name "Norwegian" ; c:spokenIn c:n1 .
`
	ctx := context.Background()
	coll := oneGraph(t, "cities", ttl)
	sg := subgoal("How many museums does each country have?", []string{"museum", "country"}, nil)
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggCount, AggregateOf: "museum", GroupBy: []string{"country"}}
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("cities")
	if sl == nil || !sl.HasClass("http://x/City") || !sl.HasProperty("http://x/locatedIn") || !sl.HasProperty("http://x/country") {
		t.Errorf("the class between museums and countries is not in the slice:\n%s", sl.Text())
	}
	if sl != nil && sl.HasClass("http://x/Language") {
		t.Errorf("a class linked to one named class only is in the slice:\n%s", sl.Text())
	}
	sg = subgoal("Which museums are in Norway?", []string{"museum", "country"}, nil)
	if a, err = New(Config{}).Allocate(ctx, sg, coll); err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("cities"); sl != nil && sl.HasClass("http://x/City") {
		t.Errorf("a class between two named ones for a question that counts nothing per group:\n%s", sl.Text())
	}
}

// TestQualityColumn: a type no class names comes into the slice as the
// column of its synonym's quality ("country": nationality, through
// nation).
func TestQualityColumn(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:h1 a c:Host ; c:name "Austin Daye" ; c:nationality "United States" .
c:h2 a c:Host ; c:name "Kornel David" ; c:nationality "Hungary" .
`
	sg := subgoal("How many hosts come from each country?", []string{"host", "country"}, nil)
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggCount, AggregateOf: "host", GroupBy: []string{"country"}}
	if sl := sliceOf(t, "party", ttl, sg); sl == nil || !sl.HasProperty("http://x/nationality") {
		t.Errorf("the nationality is not in the slice of each country")
	}
}

// TestShownNotByReference: an exhibition is not its artist: with no
// name of its own it is shown by its most varied text column (its
// theme), though its one reference leads to a named class.
func TestShownNotByReference(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:e1 a c:Exhibition ; c:theme "Spring" ; c:ticket_price 30 ; c:artist c:a1 .
c:e2 a c:Exhibition ; c:theme "Winter" ; c:ticket_price 10 ; c:artist c:a1 .
c:a1 a c:Artist ; c:name "Vijay Singh" .
`
	sg := subgoal("What is the most expensive exhibition?", []string{"exhibition"}, []string{"price"})
	sl := sliceOf(t, "gallery", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/theme") {
		t.Fatalf("the theme is not in the slice")
	}
	for _, c := range sl.Classes {
		if c.IRI == "http://x/Exhibition" && c.Shown != "http://x/theme" {
			t.Errorf("exhibitions shown by %q, want their theme", c.Shown)
		}
	}
}

// TestPeopleOfARelation: "employees" name the employment class (the
// people's part in employing) when no class has their word.
func TestPeopleOfARelation(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:c1 a c:Company ; c:name "BP" .
c:c2 a c:Company ; c:name "Chevron" .
c:e1 a c:Employment ; c:company c:c1 ; c:year_working 3 .
`
	sg := subgoal("Which companies have no employees?", []string{"company", "employee"}, nil)
	if sl := sliceOf(t, "work", ttl, sg); sl == nil || !sl.HasClass("http://x/Employment") {
		t.Errorf("the employment class is not in the slice of employees")
	}
}

// TestSuperlativeOfAClass: "the largest endowment" matched only the
// endowment's identifier; the slice holds its numbers too (the amount).
func TestSuperlativeOfAClass(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:s1 a c:School ; c:school_name "Bremen" .
c:e1 a c:Endowment ; c:endowment_id 1 ; c:amount 9.5 ; c:donator_name "La Vega" ; c:school c:s1 .
c:e2 a c:Endowment ; c:endowment_id 2 ; c:amount 8.0 ; c:donator_name "Ann" ; c:school c:s1 .
`
	sg := subgoal("Which school received the largest endowment?", []string{"school"}, []string{"received", "endowment"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "endowment", Descending: true, Limit: 1}
	if sl := sliceOf(t, "fin", ttl, sg); sl == nil || !sl.HasProperty("http://x/amount") {
		t.Errorf("the endowment's amount is not in the slice")
	}
}

// TestVerbOfTheSameSense: "marry" names the wedding class through wed,
// the verb of its first sense, whose noun a wedding is.
func TestVerbOfTheSameSense(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:p1 a c:People ; c:name "Mike Weir" .
c:p2 a c:People ; c:name "Ann Weir" .
c:w1 a c:Wedding ; c:male c:p1 ; c:female c:p2 ; c:year 2014 .
`
	sg := subgoal("When did Mike Weir get married?", nil, []string{"married"})
	if sl := sliceOf(t, "wed", ttl, sg); sl == nil || !sl.HasClass("http://x/Wedding") {
		t.Errorf("the wedding class is not in the slice of marrying")
	}
}

// TestValueSearchers: the allocator hands out the value searcher of
// every graph (a copy of its map), none when value linking is off.
func TestValueSearchers(t *testing.T) {
	coll := testCollection(t)
	ctx := context.Background()
	ss, err := New(Config{}).ValueSearchers(ctx, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 3 || ss["music"] == nil {
		t.Fatalf("searchers of %d graphs", len(ss))
	}
	hits, err := ss["music"].Search(ctx, "concerts at Glebe Park", 3)
	if err != nil || !slices.ContainsFunc(hits, func(h kg.Hit) bool { return h.Value == "Glebe Park" }) {
		t.Errorf("hits %+v, %v", hits, err)
	}
	if ss, err := New(Config{NoValueLinking: true}).ValueSearchers(ctx, coll); err != nil || len(ss) != 0 {
		t.Errorf("without value linking: %d searchers, %v", len(ss), err)
	}
	if _, err := New(Config{}).ValueSearchers(ctx, nil); err == nil {
		t.Error("no error for no collection")
	}
}

// TestWordIsNoAbbreviation: a word of English in the question ("cat")
// does not abbreviate a class's name ("cartoon"), as "dept" does
// department's.
func TestWordIsNoAbbreviation(t *testing.T) {
	coll := collectionOf(t, map[string]string{
		"tv": `@prefix : <http://example.org/tv/> .
:c1 a :cartoon ; :title "Moon Rabbit" .
:d1 a :department ; :title "Drawing" .`,
	})
	al := New(Config{})
	for _, c := range []struct {
		typ  string
		want string
	}{{"cat", ""}, {"dept", "http://example.org/tv/department"}} {
		a, err := al.Allocate(context.Background(), subgoal("Which "+c.typ+"?", []string{c.typ}, nil), coll)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, m := range a.Scores[0].Matches {
			if m.Term == c.typ {
				got = m.IRI
			}
		}
		if got != c.want {
			t.Errorf("%q matched %q, want %q", c.typ, got, c.want)
		}
	}
}

// TestRelatedWordMatches: a word no element has matches the element a
// word WordNet relates to it names (a film of class movie), below an
// element of its own name.
func TestRelatedWordMatches(t *testing.T) {
	coll := collectionOf(t, map[string]string{
		"cinema": `@prefix : <http://example.org/cinema/> .
:m1 a :movie ; :title "Moon Rabbit" ; :wage 10 .`,
	})
	al := New(Config{})
	a, err := al.Allocate(context.Background(), subgoal("Which films?", []string{"film"}, []string{"salary"}), coll)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, m := range a.Scores[0].Matches {
		got[m.Term+" "+m.IRI] = m.Score
	}
	if s := got["film http://example.org/cinema/movie"]; s <= 0 || s >= 0.9 {
		t.Errorf("film matched movie at %v (want below a name of its own): %v", s, got)
	}
	if s := got["salary http://example.org/cinema/wage"]; s <= 0 {
		t.Errorf("salary did not match wage: %v", got)
	}
}

// TestSliceClassNamedAsAttribute: "List all media types" names no type;
// the phrase asked for is the whole name of a class (media_types), which
// the slice holds with the phrase and its head matched, beside the
// column of another class that matches it too.
func TestSliceClassNamedAsAttribute(t *testing.T) {
	const ttl = `@prefix m: <http://x/media_types#> . @prefix t: <http://x/tracks#> .
<http://x/m1> a <http://x/media_types> ; m:name "AAC audio file" .
<http://x/t1> a <http://x/tracks> ; t:name "Balls to the Wall" ; t:media_type_id 1 ; t:ref-media_type_id <http://x/m1> .
`
	sg := subgoal("List all media types.", nil, []string{"media type", "type"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"media type"}}
	sl := sliceOf(t, "store", ttl, sg)
	if sl == nil || !sl.HasClass("http://x/media_types") {
		t.Fatalf("media_types is not in the slice:\n%s", sl.Text())
	}
	for _, c := range sl.Classes {
		if c.IRI == "http://x/media_types" && !slices.Equal(c.Matched, []string{"media type", "type"}) {
			t.Errorf("media_types matched %q, want the phrase and its head", c.Matched)
		}
	}
}

// TestNamesRoute: a name the question says routes to the graph that holds
// it, whole or written over a given and a family name, though another
// graph's schema shares the question's words and the weak stage passes
// only one graph on; a graph matching nothing ranks below it.
func TestNamesRoute(t *testing.T) {
	coll := collectionOf(t, map[string]string{
		"hr": `@prefix e: <http://x/employees#> .
<http://x/e1> a <http://x/employees> ; e:first_name "Lex" ; e:last_name "De Haan" ; e:salary 17000 .
<http://x/e2> a <http://x/employees> ; e:first_name "Neena" ; e:last_name "Kochhar" ; e:salary 17000 .
`,
		"pay": `@prefix p: <http://x/payments#> .
<http://x/p1> a <http://x/payments> ; p:earnings 300 ; p:payee "Haan Holdings" .
<http://x/p2> a <http://x/payments> ; p:earnings 500 ; p:payee "Lex Corp" .
`,
		"parks": `@prefix a: <http://x/attractions#> .
<http://x/a1> a <http://x/attractions> ; a:name "Jungle Cruise" .
`,
		"inn": `@prefix r: <http://x/rooms#> .
<http://x/r1> a <http://x/rooms> ; r:roomname "Thrift and accolade" ; r:baseprice 75 .
<http://x/r2> a <http://x/rooms> ; r:roomname "Interim but salutary" ; r:baseprice 150 .
`,
		"nights": `@prefix n: <http://x/nights#> .
<http://x/n1> a <http://x/nights> ; n:cost 10 ; n:accolade "Gold" .
`,
	})
	ctx := context.Background()
	for _, c := range []struct {
		sg   *handoff.Subgoal
		want string
	}{
		{subgoal("How much does Lex De Haan earn?", nil, []string{"earnings"}, "Lex De Haan"), "hr"},
		{subgoal("Who has been to the Jungle Cruise?", nil, nil, "Jungle Cruise"), "parks"},
		{subgoal("Which Jungle Cruises are there?", nil, nil, "Jungle Cruises"), "parks"},
		// The name as the question writes it, begun by the mention.
		{subgoal("How much is a night in Thrift and accolade?", []string{"night", "accolade"}, nil, "Thrift"), "inn"},
	} {
		al, err := New(Config{K: 1}).Allocate(ctx, c.sg, coll)
		if err != nil {
			t.Fatal(err)
		}
		if len(al.Selected) == 0 || al.Selected[0] != c.want {
			t.Errorf("%s: selected %v, want %s first; scores %+v", c.sg.Text, al.Selected, c.want, al.Scores)
		}
	}
}

func TestValueMatch(t *testing.T) {
	hit := func(v, p string, subjects ...string) kg.Hit { return kg.Hit{Value: v, Property: p, Subjects: subjects} }
	for _, c := range []struct {
		hits    []kg.Hit
		mention string
		want    float64
		prop    string
	}{
		{[]kg.Hit{hit("Zinfandel", "grape")}, "Zinfandels", 1, "grape"},
		{[]kg.Hit{hit("Lex", "first", "e1"), hit("De Haan", "last", "e1")}, "Lex De Haan", 1, "first"},
		{[]kg.Hit{hit("De Haan", "last", "e1"), hit("Lex", "first", "e1")}, "Lex De Haan", 1, "first"},
		{[]kg.Hit{hit("Lex", "first", "e1"), hit("De Haan", "last", "e2")}, "Lex De Haan", 0.6, "first"}, // two people
		{[]kg.Hit{hit("J", "initial")}, "Jungle Cruise", 0, ""},                                          // a letter inside a word
		{[]kg.Hit{hit("Nordic Countries", "region")}, "Nordic", 0.6, "region"},
	} {
		got, prop := valueMatch(c.hits, c.mention)
		if got != c.want || prop != c.prop {
			t.Errorf("valueMatch(%v, %q) = %v, %q; want %v, %q", c.hits, c.mention, got, prop, c.want, c.prop)
		}
	}
}

// countingSearcher records which graphs a server's full-text search
// would be asked about.
type countingSearcher struct {
	ts kg.TextSearcher
	id string
	mu *sync.Mutex
	in map[string]bool
}

func (c countingSearcher) Search(ctx context.Context, text string, k int) ([]kg.Hit, error) {
	c.mu.Lock()
	c.in[c.id] = true
	c.mu.Unlock()
	return c.ts.Search(ctx, text, k)
}

// TestNamesOfRemoteGraphs: a name is looked up in every graph whose
// values are indexed in memory, but in a graph searched by a server only
// when the weak stage ranks it among its top K.
func TestNamesOfRemoteGraphs(t *testing.T) {
	ctx := context.Background()
	graphs := map[string]string{}
	for i := range 6 {
		graphs[fmt.Sprintf("g%d", i)] = fmt.Sprintf(`<http://x/e%d> a <http://x/employees> ; <http://x/employees#name> "Person %d" .`, i, i)
	}
	coll := collectionOf(t, graphs)
	var mu sync.Mutex
	searched := map[string]bool{}
	for _, g := range coll.Graphs() {
		ix, err := kg.BuildIndex(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		g.TextSearch = countingSearcher{kg.NewIndexSearcher(ix), g.ID, &mu, searched}
	}
	if _, err := New(Config{K: 2}).Allocate(ctx, subgoal("How much does Person 4 earn?", nil, []string{"earn"}, "Person 4"), coll); err != nil {
		t.Fatal(err)
	}
	if len(searched) > 2 {
		t.Errorf("searched %d remote graphs (%v), want at most K = 2", len(searched), searched)
	}
}

// TestSliceShownClass: markets have no name; when the question asks for
// markets, the slice says their most varied column of text (country, not
// the number of cities or the id) shows them, and holds it. Asked for
// their number, it does not.
func TestSliceShownClass(t *testing.T) {
	const ttl = `@prefix m: <http://x/market#> .
<http://x/m1> a <http://x/market> ; m:market_id "1" ; m:country "Japan" ; m:number_cities 209 ; m:region "Asia" .
<http://x/m2> a <http://x/market> ; m:market_id "2" ; m:country "China" ; m:number_cities 540 ; m:region "Asia" .
<http://x/m3> a <http://x/market> ; m:market_id "3" ; m:country "France" ; m:number_cities 212 ; m:region "Europe" .
`
	ctx := context.Background()
	coll := oneGraph(t, "films", ttl)
	sg := subgoal("Which markets have more than 300 cities?", []string{"market"}, nil)
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "which"}}
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("films")
	if sl == nil || len(sl.Classes) == 0 || sl.Classes[0].Shown != "http://x/market#country" || !sl.HasProperty("http://x/market#country") {
		t.Fatalf("the markets are not shown by their country:\n%s\n%+v", sl.Text(), sl.Classes)
	}
	count := subgoal("How many markets are there?", []string{"market"}, nil)
	count.Requirements.Output.Aggregate = handoff.AggCount
	a, err = New(Config{}).Allocate(ctx, count, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("films"); sl == nil || len(sl.Classes) == 0 || sl.Classes[0].Shown != "" {
		t.Errorf("counted markets need no column to show them: %+v", sl.Classes)
	}
}

// TestSliceShownBySchoolName: universities with no name column are
// shown by the column whose values say "university" (school), not by
// their location or nickname.
func TestSliceShownBySchoolName(t *testing.T) {
	const ttl = `@prefix u: <http://x/university#> .
<http://x/u1> a <http://x/university> ; u:school "University of Delaware" ; u:location "Newark, DE" ; u:nickname "Fightin' Blue Hens" ; u:enrollment 19067 .
<http://x/u2> a <http://x/university> ; u:school "Lebanon Valley College" ; u:location "Annville, PA" ; u:nickname "Flying Dutchmen" ; u:enrollment 2100 .
<http://x/u3> a <http://x/university> ; u:school "Rutgers University" ; u:location "New Brunswick, NJ" ; u:nickname "Scarlet Knights" ; u:enrollment 56868 .
`
	coll := oneGraph(t, "misc", ttl)
	sg := subgoal("Which university has the largest enrollment?", []string{"university"}, []string{"enrollment"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "enrollment", Descending: true, Limit: 1}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || len(sl.Classes) == 0 || sl.Classes[0].Shown != "http://x/university#school" {
		t.Errorf("the universities are not shown by their school:\n%s\n%+v", sl.Text(), sl.Classes)
	}
	// Ranked by a count, they are still the things asked for.
	most := subgoal("Which university has the most games?", []string{"university"}, nil)
	most.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "game", OrderBy: "game", Descending: true}
	if a, err = New(Config{}).Allocate(context.Background(), most, coll); err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || len(sl.Classes) == 0 || sl.Classes[0].Shown != "http://x/university#school" {
		t.Errorf("ranked by a count, the universities are not shown by their school:\n%s\n%+v", sl.Text(), sl.Classes)
	}
}

// TestSlicePathToNamedValue: "Which singers have performed at Somerset
// Park?" names singers and a stadium's name, two references apart
// (singer_in_concert → concert → stadium): the classes between join the
// slice. A negation chooses its own joins: none is added.
func TestSlicePathToNamedValue(t *testing.T) {
	const ttl = `@prefix x: <http://x/> .
<http://x/s1> a x:singer ; x:singer_name "Tribal King" .
<http://x/s2> a x:singer ; x:singer_name "Justin Brown" .
<http://x/st1> a x:stadium ; x:stadium_name "Somerset Park" .
<http://x/c1> a x:concert ; x:concert_name "Auditions" ; x:ref-stadium_id <http://x/st1> .
<http://x/sc1> a x:singer_in_concert ; x:ref-singer_id <http://x/s1> ; x:ref-concert_id <http://x/c1> .
`
	ctx := context.Background()
	coll := oneGraph(t, "concerts", ttl)
	sg := subgoal("Which singers have performed at Somerset Park?", []string{"singer"}, []string{"performed"}, "Somerset Park")
	sg.Requirements.Filters = []handoff.Filter{{Op: handoff.FilterEq, Value: "Somerset Park", ValueKind: "string"}}
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("concerts")
	for _, c := range []string{"http://x/singer", "http://x/stadium", "http://x/concert", "http://x/singer_in_concert"} {
		if sl == nil || !sl.HasClass(c) {
			t.Errorf("the slice lacks %s:\n%s", c, sl.Text())
		}
	}
	sg.Operations = append(sg.Operations, handoff.OpNegate)
	a, err = New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("concerts"); sl != nil && sl.HasClass("http://x/concert") {
		t.Errorf("a negation's slice gained the path:\n%s", sl.Text())
	}
}

// TestVerbNamesEventClass: a verb no column names may name the class of
// what is done ("performed": performance), below a column's own name.
func TestVerbNamesEventClass(t *testing.T) {
	const ttl = `@prefix f: <http://x/performance#> .
<http://x/f1> a <http://x/performance> ; f:venue "Tokyo Dome" ; f:attendance 4235 .
`
	ctx := context.Background()
	coll := oneGraph(t, "shows", ttl)
	sg := subgoal("Where did they perform?", nil, []string{"perform"})
	a, err := New(Config{}).Allocate(ctx, sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	var m float64
	for _, s := range a.Scores {
		for _, x := range s.Matches {
			if x.Term == "perform" && x.IRI == "http://x/performance" {
				m = x.Score
			}
		}
	}
	if m <= 0 || m >= 0.7 {
		t.Errorf("perform matched the performances at %v, want a weak match: %+v", m, a.Scores)
	}
}

// TestSliceNamePart: "the first names of all professors" are the
// emp_fname of the employee each professor is, not the name of their
// department, and never the emp_lname.
func TestSliceNamePart(t *testing.T) {
	const ttl = `@prefix p: <http://x/professor#> . @prefix e: <http://x/employee#> . @prefix d: <http://x/department#> .
<http://x/p1> a <http://x/professor> ; p:prof_office "DRE 102" ; p:ref-emp_num <http://x/e1> ; p:ref-dept_code <http://x/d1> .
<http://x/e1> a <http://x/employee> ; e:emp_fname "Arnelle" ; e:emp_lname "Heffington" .
<http://x/d1> a <http://x/department> ; d:dept_name "History" .
`
	sg := subgoal("What are the first names of all professors?", []string{"professor"}, []string{"first name"})
	sg.Requirements.Output.Attributes = []string{"first name"}
	sl := sliceOf(t, "college", ttl, sg)
	if sl == nil || !sl.HasProperty("http://x/employee#emp_fname") || !sl.HasProperty("http://x/professor#ref-emp_num") {
		t.Errorf("the given-name column is not in the slice:\n%s", sl.Text())
	}
	for _, e := range []struct {
		primary []string
		want    float64
	}{{[]string{"emp", "fname"}, 0.95}, {[]string{"emp", "lname"}, 0}, {[]string{"first", "name"}, 0.95}} {
		if got := matchScore([]string{"first", "name"}, &element{primary: e.primary}); got != e.want {
			t.Errorf("matchScore(first name, %v) = %v, want %v", e.primary, got, e.want)
		}
	}
}

// TestSliceStaffMember: "each staff member" is a row of the staff table,
// whose name is asked, not a photo's.
func TestSliceStaffMember(t *testing.T) {
	const ttl = `@prefix s: <http://x/staff#> . @prefix p: <http://x/photos#> .
<http://x/s1> a <http://x/staff> ; s:name "Whitney" .
<http://x/p1> a <http://x/photos> ; p:name "game1" .
`
	coll := oneGraph(t, "park", ttl)
	sg := subgoal("What is the name of each staff member?", []string{"staff member", "member"}, []string{"name"})
	sg.Requirements.Output.Attributes = []string{"name"}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("park")
	if sl == nil || !sl.HasClass("http://x/staff") || !sl.HasProperty("http://x/staff#name") || sl.HasProperty("http://x/photos#name") {
		t.Errorf("the staff's name is not what the slice offers:\n%s", sl.Text())
	}
}

// TestSliceMembersOfNamedClass: "faculty members" are the faculty; the
// head word alone does not also name the membership table.
func TestSliceMembersOfNamedClass(t *testing.T) {
	const ttl = `@prefix f: <http://x/faculty#> . @prefix m: <http://x/member_of#> .
<http://x/f1> a <http://x/faculty> ; f:rank "Professor" ; f:fname "Paul" .
<http://x/m1> a <http://x/member_of> ; m:ref-facid <http://x/f1> ; m:appt_type "Primary" .
`
	sg := subgoal("How many faculty members hold each rank?", []string{"faculty member", "member"}, []string{"hold", "rank"})
	sl := sliceOf(t, "college", ttl, sg)
	if sl == nil || !sl.HasClass("http://x/faculty") {
		t.Fatalf("no faculty in the slice:\n%v", sl)
	}
	for _, c := range sl.Classes {
		if c.IRI == "http://x/member_of" && len(c.Matched) > 0 {
			t.Errorf("member_of matched %q:\n%s", c.Matched, sl.Text())
		}
	}
}

// TestSliceNameBeforeDescription: "What kind of restaurant?" matches a
// type's name and its description alike; the name is what the slice
// offers for "type".
func TestSliceNameBeforeDescription(t *testing.T) {
	const ttl = `@prefix r: <http://x/restaurant_type#> .
<http://x/t1> a <http://x/restaurant_type> ; r:restypename "Sandwich" ; r:restypedescription "Simplest there is." .
`
	sg := subgoal("What kind of restaurant is it?", []string{"restaurant"}, []string{"type"})
	sl := sliceOf(t, "food", ttl, sg)
	for _, p := range sl.Properties {
		if slices.Contains(p.Matched, "type") && p.IRI != "http://x/restaurant_type#restypename" {
			t.Errorf("%s matched type:\n%s", p.IRI, sl.Text())
		}
	}
}

// TestSlicePastFormOfColumn: "scored higher" is about the scores column:
// the past form of the column's word, not a point in time of the table.
func TestSlicePastFormOfColumn(t *testing.T) {
	const ttl = `@prefix s: <http://x/submission#> .
<http://x/s1> a <http://x/submission> ; s:author "Sammy Green" ; s:scores 72.0 ; s:created_date "2007-08-21" .
`
	sg := subgoal("Whose submissions scored higher than 70?", []string{"submission"}, []string{"scored"})
	sl := sliceOf(t, "papers", ttl, sg)
	found := false
	for _, p := range sl.Properties {
		want := p.IRI == "http://x/submission#scores"
		found = found || want && slices.Contains(p.Matched, "scored")
		if !want && slices.Contains(p.Matched, "scored") {
			t.Errorf("%s matched scored:\n%s", p.IRI, sl.Text())
		}
	}
	if !found {
		t.Errorf("scores did not match scored:\n%s", sl.Text())
	}
}

// TestSliceColumnNearNamedThing: "Who treated Grace Ritchie?": of the
// physician columns of several tables, the one of a table that refers
// to the patient named (her appointments), not an affiliation's.
func TestSliceColumnNearNamedThing(t *testing.T) {
	const ttl = `@prefix p: <http://x/patient#> . @prefix d: <http://x/physician#> . @prefix a: <http://x/appointment#> . @prefix f: <http://x/affiliated_with#> .
<http://x/p1> a <http://x/patient> ; p:name "Grace Ritchie" .
<http://x/d1> a <http://x/physician> ; d:name "John Dorian" .
<http://x/a1> a <http://x/appointment> ; a:physician 1 ; a:ref-physician <http://x/d1> ; a:ref-patient <http://x/p1> .
<http://x/f1> a <http://x/affiliated_with> ; f:physician 1 ; f:ref-physician <http://x/d1> .
`
	sg := subgoal("Who treated Grace Ritchie?", nil, []string{"treated"}, "Grace Ritchie")
	sl := sliceOf(t, "hospital", ttl, sg)
	for _, p := range sl.Properties {
		if slices.Contains(p.Matched, "treated") && p.IRI != "http://x/appointment#physician" {
			t.Errorf("%s matched treated:\n%s", p.IRI, sl.Text())
		}
	}
}

// TestSlicePlaceAdjective: "British artists" are those whose country is
// "UK", a name of the place the adjective pertains to, when no value is
// "British" itself.
func TestSlicePlaceAdjective(t *testing.T) {
	const ttl = `@prefix a: <http://x/artist#> .
<http://x/a1> a <http://x/artist> ; a:artist_name "Michel" ; a:country "UK" .
<http://x/a2> a <http://x/artist> ; a:artist_name "Shrikanta" ; a:country "India" .
`
	coll := oneGraph(t, "music", ttl)
	sg := subgoal("What are the names of all British artists?", []string{"artist"}, []string{"name"})
	sg.Mentions = []handoff.Mention{{Text: "British", Start: 31, End: 38, Kind: handoff.MentionName}}
	sg.Requirements.Filters = []handoff.Filter{{Op: handoff.FilterEq, Value: "British", ValueKind: "string"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("music")
	if sl == nil || !slices.ContainsFunc(sl.Values, func(v handoff.SliceValue) bool {
		return v.Value == "UK" && v.Mention == "British" && v.Property == "http://x/artist#country"
	}) {
		t.Errorf("no value UK for British in the slice:\n%s", sl.Text())
	}
}

// TestSliceAbbreviatedNumber: "the flight with number 99" is the
// flight's flno, the table's word abbreviated before "no".
func TestSliceAbbreviatedNumber(t *testing.T) {
	const ttl = `@prefix f: <http://x/flight#> . @prefix a: <http://x/aircraft#> .
<http://x/f1> a <http://x/flight> ; f:flno 99 ; f:distance 2308 ; f:ref-aid <http://x/a1> .
<http://x/a1> a <http://x/aircraft> ; a:name "Boeing 747-400" ; a:aid 1 .
`
	coll := oneGraph(t, "flights", ttl)
	sg := subgoal("What is the aircraft name for the flight with number 99", []string{"flight"}, []string{"aircraft name", "number"})
	sg.Requirements.Filters = []handoff.Filter{{Attribute: "number", Op: handoff.FilterEq, Value: "99", ValueKind: "number"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("flights"); sl == nil || !sl.HasProperty("http://x/flight#flno") {
		t.Errorf("flno is not in the slice:\n%s", sl.Text())
	}
}

// TestPopularityCountsReferrers: "Which restaurant is the most popular?"
// counts each restaurant by what refers to it; the classes with a
// reference to restaurants join the slice, though no word names them.
// Grouped by an attribute's values ("the most common first name"), they
// do not.
func TestPopularityCountsReferrers(t *testing.T) {
	const ttl = `@prefix r: <http://x/restaurant#> . @prefix v: <http://x/visit#> .
<http://x/r1> a <http://x/restaurant> ; r:resname "Subway" ; r:first_name "Sub" .
<http://x/r2> a <http://x/restaurant> ; r:resname "Honeygrow" ; r:first_name "Honey" .
<http://x/v1> a <http://x/visit> ; v:spent 6.5 ; v:ref-resid <http://x/r1> .
<http://x/v2> a <http://x/visit> ; v:spent 13.2 ; v:ref-resid <http://x/r1> .
`
	sg := subgoal("Which restaurant is the most popular?", []string{"restaurant"}, nil)
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, GroupBy: []string{"restaurant"}, Descending: true, Limit: 1}
	if sl := sliceOf(t, "food", ttl, sg); !sl.HasClass("http://x/visit") {
		t.Errorf("visits not in the slice: %+v", sl.Classes)
	}
	sg = subgoal("Which first name is the most common?", nil, []string{"first name"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"first name"}, Aggregate: handoff.AggCount, GroupBy: []string{"first name"}, Descending: true, Limit: 1}
	if sl := sliceOf(t, "food", ttl, sg); sl.HasClass("http://x/visit") {
		t.Errorf("visits in the slice of a value count: %+v", sl.Classes)
	}
}

// TestSliceMeasureOfReferencedThing: "the highest mountain" a climber
// climbed is measured by the mountain's height: the mountain a key
// column refers to joins the slice with its height.
func TestSliceMeasureOfReferencedThing(t *testing.T) {
	const ttl = `@prefix c: <http://x/climber#> . @prefix m: <http://x/mountain#> .
<http://x/c1> a <http://x/climber> ; c:name "Klaus" ; c:points 12 ; c:mountain_id 2 ; c:ref-mountain_id <http://x/m2> .
<http://x/c2> a <http://x/climber> ; c:name "Mick" ; c:points 9 ; c:mountain_id 3 ; c:ref-mountain_id <http://x/m3> .
<http://x/m2> a <http://x/mountain> ; m:mountain_id 2 ; m:name "Kibo" ; m:height 5895 .
<http://x/m3> a <http://x/mountain> ; m:mountain_id 3 ; m:name "Mawenzi" ; m:height 5149 .
`
	sg := subgoal("Which climber climbed the highest mountain?", []string{"climber"}, []string{"climbed", "mountain"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "mountain", Descending: true, Limit: 1}
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueSuperlative, Text: "highest", Term: "mountain", Descending: true}}
	if sl := sliceOf(t, "climb", ttl, sg); sl == nil || !sl.HasClass("http://x/mountain") || !sl.HasProperty("http://x/mountain#height") {
		t.Errorf("the mountain's height is not in the slice:\n%s", sl.Text())
	}
}

// TestSliceImpliedOfNamingClass: "the youngest entrepreneur" is the
// youngest person an entrepreneur is: the people class that names them
// joins the slice with the birth date "youngest" implies.
func TestSliceImpliedOfNamingClass(t *testing.T) {
	const ttl = `@prefix e: <http://x/entrepreneur#> . @prefix p: <http://x/people#> .
<http://x/e1> a <http://x/entrepreneur> ; e:company "Umbrolly" ; e:money_requested 150000 ; e:people_id 1 ; e:ref-people_id <http://x/p1> .
<http://x/e2> a <http://x/entrepreneur> ; e:company "Le Beanock" ; e:money_requested 54000 ; e:people_id 2 ; e:ref-people_id <http://x/p2> .
<http://x/p1> a <http://x/people> ; p:people_id 1 ; p:name "Francesco" ; p:date_of_birth "1972-04-29" .
<http://x/p2> a <http://x/people> ; p:people_id 2 ; p:name "Leonardo" ; p:date_of_birth "1975-08-27" .
`
	sg := subgoal("Which entrepreneur is the youngest?", []string{"entrepreneur"}, []string{"age"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "age", Limit: 1}
	if sl := sliceOf(t, "ent", ttl, sg); sl == nil || !sl.HasProperty("http://x/people#date_of_birth") {
		t.Errorf("the people's birth date is not in the slice:\n%s", sl.Text())
	}
}

// TestSliceWhereByKey: "Where does Linda Williams live?" of customers
// whose place is a key (address_id): the address it refers to joins the
// slice with its place columns.
func TestSliceWhereByKey(t *testing.T) {
	const ttl = `@prefix c: <http://x/customer#> . @prefix a: <http://x/address#> .
<http://x/c1> a <http://x/customer> ; c:first_name "LINDA" ; c:last_name "WILLIAMS" ; c:address_id 7 ; c:ref-address_id <http://x/a7> .
<http://x/c2> a <http://x/customer> ; c:first_name "MARY" ; c:last_name "SMITH" ; c:address_id 8 ; c:ref-address_id <http://x/a8> .
<http://x/a7> a <http://x/address> ; a:address_id 7 ; a:address "692 Joliet Street" ; a:district "Attika" ; a:phone "44847719" .
<http://x/a8> a <http://x/address> ; a:address_id 8 ; a:address "1913 Hanoi Way" ; a:district "Nagasaki" ; a:phone "28303384" .
`
	sg := subgoal("Where does Linda Williams live?", nil, []string{"live"}, "Linda Williams")
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "where"}}
	sl := sliceOf(t, "shop", ttl, sg)
	if sl == nil || !sl.HasClass("http://x/address") || !sl.HasProperty("http://x/customer#ref-address_id") || !sl.HasProperty("http://x/address#address") {
		t.Fatalf("the address is not in the slice:\n%s", sl.Text())
	}
	if sl.HasProperty("http://x/address#phone") {
		t.Errorf("a column that is no place is in the slice:\n%s", sl.Text())
	}
}

// TestSlicePathToRanked: "Which artist recorded the longest track?"
// ranks tracks and asks for artists, two references apart (track →
// album → artist): the album between them joins the slice.
func TestSlicePathToRanked(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:a1 a c:Artist ; c:name "AC/DC" .
c:a2 a c:Artist ; c:name "Battlestar Galactica" .
c:l1 a c:Album ; c:title "Back in Black" ; c:artist c:a1 .
c:l2 a c:Album ; c:title "Season 3" ; c:artist c:a2 .
c:t1 a c:Track ; c:name "Hells Bells" ; c:milliseconds 312000 ; c:album c:l1 .
c:t2 a c:Track ; c:name "Occupation" ; c:milliseconds 5286953 ; c:album c:l2 .
`
	sg := subgoal("Which artist recorded the longest track?", []string{"artist", "track"}, []string{"recorded", "length"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "length", Descending: true, Limit: 1}
	if sl := sliceOf(t, "music", ttl, sg); sl == nil || !sl.HasClass("http://x/Album") || !sl.HasProperty("http://x/album") || !sl.HasProperty("http://x/artist") {
		t.Errorf("the album between artists and tracks is not in the slice:\n%s", sl.Text())
	}
}

// TestSliceWhoHasTheMost: "Who holds the most records?" counts records,
// which name no one, by the people they refer to: the swimmers join the
// slice with their names.
func TestSliceWhoHasTheMost(t *testing.T) {
	const ttl = `@prefix c: <http://x/> .
c:r1 a c:Record ; c:result "NC" ; c:swimmer c:s1 ; c:event c:e1 .
c:r2 a c:Record ; c:result "Win" ; c:swimmer c:s2 ; c:event c:e1 .
c:s1 a c:Swimmer ; c:name "Craig Stevens" .
c:s2 a c:Swimmer ; c:name "Przemysław Stańczyk" .
c:e1 a c:Event ; c:name "FINA" ; c:year 2011 .
`
	sg := subgoal("Who holds the most records?", []string{"record"}, []string{"holds"})
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "record", OrderBy: "record", Descending: true}
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "who"}}
	if sl := sliceOf(t, "swim", ttl, sg); sl == nil || !sl.HasClass("http://x/Swimmer") || !sl.HasProperty("http://x/name") {
		t.Errorf("the swimmers are not in the slice:\n%s", sl.Text())
	}
}

// TestSliceDateOfReferringThing: "When did BrainBanx come out?" of books,
// which have no date: the publications that refer to the book bring
// their date into the slice.
func TestSliceDateOfReferringThing(t *testing.T) {
	const ttl = `@prefix b: <http://x/book#> . @prefix p: <http://x/publication#> .
<http://x/b1> a <http://x/book> ; b:title "BrainBanx" ; b:issues 6 .
<http://x/b2> a <http://x/book> ; b:title "Sweet Tooth" ; b:issues 4 .
<http://x/p1> a <http://x/publication> ; p:publication_id 1 ; p:publication_date "June 2006" ; p:price 3000 ; p:ref-book_id <http://x/b1> .
<http://x/p2> a <http://x/publication> ; p:publication_id 2 ; p:publication_date "March 2008" ; p:price 4000 ; p:ref-book_id <http://x/b2> .
`
	coll := oneGraph(t, "misc", ttl)
	sg := subgoal("When did BrainBanx come out?", nil, nil, "BrainBanx")
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "when"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	sl, _ := a.Slice("misc")
	if sl == nil || !sl.HasClass("http://x/publication") || !sl.HasProperty("http://x/publication#publication_date") || !sl.HasProperty("http://x/publication#ref-book_id") {
		t.Errorf("the slice lacks the publications' date:\n%s", sl.Text())
	}
}

// TestSliceClassCutShort: "courses with two prerequisites" names the
// class prereq, the word cut short; a real word that begins another
// ("cat" of catalog) names nothing.
func TestSliceClassCutShort(t *testing.T) {
	const ttl = `@prefix c: <http://x/course#> . @prefix p: <http://x/prereq#> .
<http://x/c1> a <http://x/course> ; c:title "Finance" .
<http://x/c2> a <http://x/course> ; c:title "Banking" .
<http://x/p1> a <http://x/prereq> ; p:ref-course_id <http://x/c1> ; p:ref-prereq_id <http://x/c2> .
`
	coll := oneGraph(t, "misc", ttl)
	a, err := New(Config{}).Allocate(context.Background(), subgoal("What are the titles for courses with two prerequisites?", []string{"course", "prerequisite"}, []string{"title"}), coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || !sl.HasClass("http://x/prereq") {
		t.Errorf("the slice lacks the prerequisites:\n%s", sl.Text())
	}
}

// TestSliceQualityColumn: "List the nations that have more than two
// ships." brings ship#nationality, the quality of a nation.
func TestSliceQualityColumn(t *testing.T) {
	const ttl = `@prefix s: <http://x/ship#> .
<http://x/s1> a <http://x/ship> ; s:name "Appam" ; s:nationality "United Kingdom" ; s:tonnage 7781 .
<http://x/s2> a <http://x/ship> ; s:name "Trader" ; s:nationality "United States" ; s:tonnage 3035 .
`
	coll := oneGraph(t, "misc", ttl)
	a, err := New(Config{}).Allocate(context.Background(), subgoal("List the nations that have more than two ships.", []string{"nation", "ship"}, nil), coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("misc"); sl == nil || !sl.HasProperty("http://x/ship#nationality") {
		t.Errorf("the slice lacks the nationality:\n%s", sl.Text())
	}
}

// TestSliceRecencyTime: "Which film did Ada Brook direct most recently?"
// needs a time of the films (their release year), though "date" matched
// the directors' birth date.
func TestSliceRecencyTime(t *testing.T) {
	const ttl = `@prefix f: <http://x/f/> .
f:ada a f:Director ; f:name "Ada Brook" ; f:birthDate "1971-05-14" .
f:w a f:Film ; f:title "Winter Ledger" ; f:directedBy f:ada ; f:releaseYear 2021 .
f:p a f:Film ; f:title "Paper Moons" ; f:directedBy f:ada ; f:releaseYear 2016 .
`
	coll := oneGraph(t, "films", ttl)
	sg := subgoal("Which film did Ada Brook direct most recently?", []string{"film"}, []string{"direct", "date"}, "Ada Brook")
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "direct", Descending: true, Limit: 1}
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "which"}, {Kind: handoff.CueSuperlative, Text: "most recently", Term: "direct", Descending: true}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("films"); sl == nil || !sl.HasProperty("http://x/f/releaseYear") {
		t.Errorf("the slice lacks the release year:\n%s", sl.Text())
	}
}

// TestSliceAmount: "How much does Weeks have in savings?" names no
// column; the one number a savings row holds (its balance) is the
// amount, and the slice needs it.
func TestSliceAmount(t *testing.T) {
	const ttl = `@prefix b: <http://x/b/> .
@prefix s: <http://x/b/savings#> .
b:a1 a b:accounts ; b:name "Weeks" .
b:a2 a b:accounts ; b:name "Brown" .
b:s1 a b:savings ; s:ref-custid b:a1 ; s:custid 1 ; s:balance 60.0 .
b:s2 a b:savings ; s:ref-custid b:a2 ; s:custid 2 ; s:balance 200000.0 .
`
	coll := oneGraph(t, "bank", ttl)
	sg := subgoal("How much does Weeks have in savings?", []string{"saving"}, nil, "Weeks")
	sg.Requirements.Output = handoff.Output{Shape: handoff.ShapeEntities}
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "how much"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("bank"); sl == nil || !sl.HasProperty("http://x/b/savings#balance") {
		t.Errorf("the slice lacks the balance:\n%s", sl.Text())
	}
}

// TestSliceVerbClass: "Which items has nobody reviewed?" says the class
// review by its verb; the slice holds it.
func TestSliceVerbClass(t *testing.T) {
	const ttl = `@prefix e: <http://x/e/> .
@prefix r: <http://x/e/review#> .
e:i1 a e:item ; e:title "pear" .
e:i2 a e:item ; e:title "apple" .
e:r1 a e:review ; r:ref-i_id e:i1 ; r:rating 5 .
`
	coll := oneGraph(t, "shop", ttl)
	sg := subgoal("Which items has nobody reviewed?", []string{"item"}, []string{"reviewed"})
	sg.Requirements.Verbs = []string{"reviewed"}
	sg.Operations = []handoff.Operation{handoff.OpLookup, handoff.OpNegate}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("shop"); sl == nil || !sl.HasClass("http://x/e/review") {
		t.Errorf("the slice lacks the reviews:\n%s", sl.Text())
	}
}

// TestSliceEventColumn: "When was the Department of Energy created?"
// is answered by the department's creation, a column named by the
// event of the verb.
func TestSliceEventColumn(t *testing.T) {
	const ttl = `@prefix d: <http://x/d/> .
d:d1 a d:department ; d:name "Energy" ; d:creation "1977" ; d:budget 10.5 .
d:d2 a d:department ; d:name "State" ; d:creation "1789" ; d:budget 9.0 .
`
	coll := oneGraph(t, "gov", ttl)
	sg := subgoal("When was the Department of Energy created?", nil, []string{"created"}, "Department of Energy")
	sg.Requirements.Verbs = []string{"created"}
	sg.Requirements.Cues = []handoff.Cue{{Kind: handoff.CueAnswer, Text: "when"}}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("gov"); sl == nil || !sl.HasProperty("http://x/d/creation") {
		t.Errorf("the slice lacks the creation:\n%s", sl.Text())
	}
}

// TestSliceVerbObjects: "What has Helen reviewed?" names no type; the
// reviews the verb says and what they refer to (the items) come in.
func TestSliceVerbObjects(t *testing.T) {
	const ttl = `@prefix e: <http://x/e/> .
@prefix r: <http://x/e/review#> .
e:u1 a e:useracct ; e:name "Helen" .
e:i1 a e:item ; e:title "pear" .
e:r1 a e:review ; r:ref-i_id e:i1 ; r:ref-u_id e:u1 ; r:rating 5 .
`
	coll := oneGraph(t, "shop", ttl)
	sg := subgoal("What has Helen reviewed?", nil, []string{"reviewed"}, "Helen")
	sg.Requirements.Verbs = []string{"reviewed"}
	a, err := New(Config{}).Allocate(context.Background(), sg, coll)
	if err != nil {
		t.Fatal(err)
	}
	if sl, _ := a.Slice("shop"); sl == nil || !sl.HasClass("http://x/e/review") || !sl.HasClass("http://x/e/item") {
		t.Errorf("the slice lacks the reviews or the items:\n%s", sl.Text())
	}
}

// TestRoutesByDerivedAttribute: "Who is the youngest customer?" (age)
// goes to the graph whose customers have a birth date, not to one whose
// customers have nothing to rank by, nor to one with a date of another
// class.
func TestRoutesByDerivedAttribute(t *testing.T) {
	coll := collectionOf(t, map[string]string{
		"school": `@prefix c: <http://x/customers#> .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:first_name "Carole" ; c:date_of_birth "1994-05-15T01:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
<http://x/c2> a <http://x/customers> ; c:customer_id 2 ; c:first_name "Genevieve" ; c:date_of_birth "1998-12-16T12:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`,
		"bank": `@prefix c: <http://x/customers#> . @prefix a: <http://x/accounts#> .
<http://x/c1> a <http://x/customers> ; c:customer_id 1 ; c:first_name "Dee" ; c:customer_phone "(607)870-4451" .
<http://x/a1> a <http://x/accounts> ; a:account_id 1 ; a:date_account_opened "2016-07-30T22:22:24"^^<http://www.w3.org/2001/XMLSchema#dateTime> .
`,
	})
	a, err := New(Config{}).Allocate(context.Background(), subgoal("Who is the youngest customer?", []string{"customer"}, []string{"age"}), coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Selected) == 0 || a.Selected[0] != "school" {
		t.Errorf("selected %v, want school first; scores %+v", a.Selected, a.Scores)
	}
	for _, s := range a.Scores {
		if s.Graph == "school" && s.PredicateCoverage == 0 {
			t.Errorf("school: no coverage of age by the birth date; %+v", s)
		}
		if s.Graph == "bank" && s.PredicateCoverage > 0 {
			t.Errorf("bank: age covered by another class's date; %+v", s)
		}
	}
}
