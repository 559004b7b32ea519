package verifier_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
	"github.com/schemaforge/go-schemaforge/verifier"
)

// subgoal builds a subgoal about people with the given cues, mentions
// and output.
func subgoal(out handoff.Output, mentions []handoff.Mention, cues ...handoff.Cue) *handoff.Subgoal {
	return &handoff.Subgoal{ID: "s1", Operations: []handoff.Operation{handoff.OpLookup}, Mentions: mentions,
		Requirements: handoff.Requirements{Predicates: []string{"name"}, Types: []string{"person"}, Output: out, Cues: cues}}
}

// withText sets sg's question.
func withText(sg *handoff.Subgoal, text string) *handoff.Subgoal {
	sg.Text = text
	return sg
}

// withFilter adds a filter to sg's requirements.
func withFilter(sg *handoff.Subgoal, f handoff.Filter) *handoff.Subgoal {
	sg.Requirements.Filters = append(sg.Requirements.Filters, f)
	return sg
}

func coverage(t *testing.T, sg *handoff.Subgoal, query string) []handoff.Commitment {
	t.Helper()
	q, err := sparql.Parse(prefix + query)
	if err != nil {
		t.Fatal(err)
	}
	res, err := peopleGraph(t).Query(context.Background(), prefix+query)
	if err != nil {
		t.Fatal(err)
	}
	return verifier.Coverage(q, res, sg, peopleSlice())
}

// missedOf parses prefix+query and returns what it misses of sg's
// commitments over slice, without results.
func missedOf(t *testing.T, sg *handoff.Subgoal, slice *handoff.Slice, query string) []string {
	t.Helper()
	q, err := sparql.Parse(prefix + query)
	if err != nil {
		t.Fatal(err)
	}
	return verifier.Missed(verifier.Coverage(q, nil, sg, slice))
}

func TestCoverage(t *testing.T) {
	who := handoff.Cue{Kind: handoff.CueAnswer, Text: "who"}
	youngest := handoff.Cue{Kind: handoff.CueSuperlative, Text: "youngest", Term: "age"}
	oldest := handoff.Cue{Kind: handoff.CueSuperlative, Text: "oldest", Term: "age", Descending: true}
	older := handoff.Cue{Kind: handoff.CueComparative, Text: "older than", Term: "age", Op: handoff.FilterGt}
	not := handoff.Cue{Kind: handoff.CueNegation, Text: "not"}
	each := handoff.Cue{Kind: handoff.CueGrouping, Text: "each", Term: "city"}
	either := handoff.Cue{Kind: handoff.CueSet, Text: "or"}
	howMany := handoff.Cue{Kind: handoff.CueAnswer, Text: "how many"}
	when := handoff.Cue{Kind: handoff.CueAnswer, Text: "when"}
	alice := []handoff.Mention{{Text: "Alice", Kind: handoff.MentionName}}
	paris := []handoff.Mention{{Text: "Paris", Kind: handoff.MentionName}}
	// "Who left office most recently?": the verb names the time.
	leftRecently := func() *handoff.Subgoal {
		sg := subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil, who, handoff.Cue{Kind: handoff.CueSuperlative, Text: "most recently", Term: "date", Descending: true})
		sg.Requirements.Predicates = []string{"left", "date"}
		return sg
	}
	lyonParis := []handoff.Mention{{Text: "Lyon", Kind: handoff.MentionName}, {Text: "Paris", Kind: handoff.MentionName}}
	entities := handoff.Output{Shape: handoff.ShapeEntities}
	count := handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount}
	for _, c := range []struct {
		name  string
		sg    *handoff.Subgoal
		query string
		miss  string // "" when every commitment is met; else a word of the first miss
	}{
		{"mention used", subgoal(entities, paris, who), `SELECT ?n WHERE { ?p :name ?n ; :city "Paris" }`, ""},
		{"capitalised name dropped", subgoal(entities, paris, who), `SELECT ?n WHERE { ?p :name ?n ; :city ?c }`, `"Paris"`},
		{"superlative realised", subgoal(entities, nil, who, youngest), `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY ?a LIMIT 1`, ""},
		{"superlative by MIN", subgoal(entities, nil, youngest), `SELECT (MIN(?a) AS ?m) WHERE { ?p :age ?a }`, ""},
		{"superlative ignored", subgoal(entities, nil, who, youngest), `SELECT ?n WHERE { ?p :name ?n ; :age ?a }`, "orders by nothing"},
		{"superlative in the wrong direction", subgoal(entities, nil, who, oldest), `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY ?a LIMIT 1`, "does not order by age DESC"},
		// "the oldest wine" by its year, the earliest; not the latest.
		{"oldest by the earliest year", subgoal(entities, nil, oldest), `SELECT ?n WHERE { ?p :name ?n ; :year ?y } ORDER BY ?y LIMIT 1`, ""},
		{"oldest by the latest year", subgoal(entities, nil, oldest), `SELECT ?n WHERE { ?p :name ?n ; :year ?y } ORDER BY DESC(?y) LIMIT 1`, "does not order by age DESC"},
		{"superlative on the wrong attribute", subgoal(entities, nil, who, youngest), `SELECT ?n WHERE { ?p :name ?n ; :city ?c } ORDER BY ?c LIMIT 1`, "does not order by age"},
		{"most recently by the verb's time", leftRecently(), `SELECT ?n WHERE { ?p :name ?n ; :left_office ?y } ORDER BY DESC(?y) LIMIT 1`, ""},
		{"most recently by another column", leftRecently(), `SELECT ?n WHERE { ?p :name ?n ; :city ?y } ORDER BY DESC(?y) LIMIT 1`, "does not order by date"},
		{"comparative realised", subgoal(entities, []handoff.Mention{{Text: "30", Kind: handoff.MentionNumber}}, older), `SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(30 < ?a) }`, ""},
		{"comparative as equality", subgoal(entities, alice, older), `SELECT ?n WHERE { ?p :name ?n FILTER(?n = "Alice") }`, "no comparison"},
		{"negation realised", subgoal(entities, paris, not), `SELECT ?n WHERE { ?p :name ?n FILTER NOT EXISTS { ?p :city "Paris" } }`, ""},
		{"negation ignored", subgoal(entities, paris, not), `SELECT ?n WHERE { ?p :name ?n ; :city "Paris" }`, "excludes nothing"},
		{"grouping realised", subgoal(handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggCount, GroupBy: []string{"city"}}, nil, howMany, each),
			`SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c } GROUP BY ?c`, ""},
		{"grouping ignored", subgoal(count, nil, howMany, each), `SELECT (COUNT(*) AS ?k) WHERE { ?p :city ?c }`, "GROUP BY"},
		// "the average pages per minute color": a rate the column names.
		{"per as a rate column", subgoal(handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "page"}, nil, handoff.Cue{Kind: handoff.CueGrouping, Text: "per", Term: "minute color"}),
			`SELECT (AVG(?x) AS ?m) WHERE { ?p :pages_per_minute_color ?x }`, ""},
		{"per as no rate", subgoal(handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "page"}, nil, handoff.Cue{Kind: handoff.CueGrouping, Text: "per", Term: "minute color"}),
			`SELECT (AVG(?x) AS ?m) WHERE { ?p :pages ?x }`, "GROUP BY"},
		{"grouping not asked", subgoal(handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "age"}, nil),
			`SELECT ?p (AVG(?a) AS ?m) WHERE { ?p a :Person ; :age ?a } GROUP BY ?p`, "groups"},
		{"or as IN", subgoal(entities, lyonParis, either), `SELECT ?n WHERE { ?p :name ?n ; :city ?c FILTER(?c IN ("Lyon", "Paris")) }`, ""},
		{"or as a conjunction", subgoal(entities, lyonParis, either), `SELECT ?n WHERE { ?p :name ?n ; :city "Lyon", "Paris" }`, "UNION"},
		{"how many by count", subgoal(count, nil, howMany), `SELECT (COUNT(*) AS ?k) WHERE { ?p a :Person }`, ""},
		{"how many by names", subgoal(count, nil, howMany), `SELECT ?n WHERE { ?p :name ?n }`, "neither a count"},
		{"aggregate over the wrong attribute", subgoal(handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "age"}, nil),
			`SELECT (AVG(STRLEN(?n)) AS ?m) WHERE { ?p :name ?n }`, "cannot mean"},
		{"when by a name", subgoal(entities, alice, when), `SELECT ?n WHERE { ?p :name ?n ; :city ?c FILTER(?n = "Alice") }`, "not a date"},
		{"who by a number", subgoal(entities, alice, who), `SELECT ?a WHERE { ?p :name "Alice" ; :age ?a }`, "not someone"},
		{"attribute asked", subgoal(handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"age"}}, alice), `SELECT ?a WHERE { ?p :name "Alice" ; :age ?a }`, ""},
		{"attribute not projected", subgoal(handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"age"}}, alice), `SELECT ?c WHERE { ?p :name "Alice" ; :city ?c }`, "does not return age"},
		{"a place answered by a number", subgoal(handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"city"}}, alice), `SELECT ?c WHERE { ?p :name "Alice" ; :city ?x BIND(STRLEN(?x) AS ?c) }`, "not a place"},
		{"a full name in two columns", subgoal(handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"full name"}}, paris),
			`SELECT ?n ?c WHERE { ?p :name ?n ; :city ?c ; :city "Paris" }`, ""},
		{"two attributes, two columns", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"age", "city"}}, alice),
			`SELECT ?a ?c WHERE { ?p :name "Alice" ; :age ?a ; :city ?c }`, ""},
		{"two attributes, one column", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"city", "home city"}}, alice),
			`SELECT ?c WHERE { ?p :name "Alice" ; :city ?c }`, "besides"},
		{"names and ages, with a name", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "age"}}, nil),
			`SELECT ?n ?a WHERE { ?p :name ?n ; :age ?a }`, ""},
		{"names and cities, without a name", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "city"}}, nil),
			`SELECT ?c WHERE { ?p :city ?c ; :age ?a } ORDER BY ?a`, "returns no name"},
		{"the subjects' class asked as an attribute", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"age", "city", "person"}}, nil),
			`SELECT ?a ?c WHERE { ?p a :Person ; :age ?a ; :city ?c }`, ""},
		{"a person by first and last name", subgoal(entities, nil, who), `SELECT ?f ?l WHERE { ?p :first_name ?f ; :last_name ?l }`, ""},
		{"a person by first name and city", subgoal(entities, nil, who), `SELECT ?f ?c WHERE { ?p :first_name ?f ; :city ?c }`, "adds ?c"},
		{"identifiers for an answer", subgoal(entities, paris), `SELECT ?p WHERE { ?p :city "Paris" }`, "identifiers"},
		{"extra column", subgoal(entities, paris), `SELECT ?n ?a WHERE { ?p :name ?n ; :age ?a ; :city "Paris" }`, "adds ?a"},
		{"echo of a mention", subgoal(entities, alice, who), `SELECT ?n WHERE { ?p :name ?n FILTER(?n = "Alice") }`, "only repeats"},
		{"echo of a constant", subgoal(entities, nil, handoff.Cue{Kind: handoff.CueAnswer, Text: "where"}), `SELECT ?c WHERE { ?p :city ?c FILTER(?c = "Nice") }`, "only repeats"},
		{"choosing among the named is no echo", subgoal(entities, []handoff.Mention{{Text: "Alice", Kind: handoff.MentionName}, {Text: "Bob", Kind: handoff.MentionName}}, who, oldest),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?n IN ("Alice", "Bob")) } ORDER BY DESC(?a) LIMIT 1`, ""},
		{"a term of the question used as a value", subgoal(entities, paris, who), `SELECT ?n WHERE { ?p :name ?n ; :city "Paris" ; :city ?c FILTER(?n = "name") }`, `compares with "name"`},
		{"a constant of the query's own", subgoal(entities, nil, who), `SELECT ?n WHERE { ?p :name ?n ; :city "Nice" }`, `compares with "Nice"`},
		{"a value compared with the attribute named", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "age", Op: handoff.FilterGt, Value: "30", ValueKind: "number"}),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a > 30) }`, ""},
		{"a value compared with another attribute", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "age", Op: handoff.FilterEq, Value: "30", ValueKind: "number"}),
			`SELECT ?n WHERE { ?p :name ?n ; :city ?c FILTER(STR(?c) = "30") }`, `not with age`},
		{"a word of the filter that names no column", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "earn", Op: handoff.FilterGt, Value: "30", ValueKind: "number"}),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a > 30) }`, ""},
		{"more than another subgoal's answer, not compared", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "age", Op: handoff.FilterGt, Value: "s0", ValueKind: handoff.ValueSubgoal}),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a }`, "no comparison"},
		{"more than another subgoal's answer, compared the other way", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "age", Op: handoff.FilterGt, Value: "s0", ValueKind: handoff.ValueSubgoal}),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a < 30.5) }`, "other direction"},
		{"more than another subgoal's answer, compared", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "age", Op: handoff.FilterGt, Value: "s0", ValueKind: handoff.ValueSubgoal, Answer: "30.5"}),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a > 30.5) }`, ""},
		{"more than another subgoal's answer, compared on identifiers", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "person", Op: handoff.FilterGt, Value: "s0", ValueKind: handoff.ValueSubgoal, Answer: "6.5"}),
			`SELECT ?n WHERE { ?p :name ?n ; :people_id ?i FILTER(?i > 6.5) }`, "compares identifiers"},
		{"more than another subgoal's answer, compared with another value", withFilter(subgoal(entities, nil, who), handoff.Filter{Attribute: "age", Op: handoff.FilterGt, Value: "s0", ValueKind: handoff.ValueSubgoal, Answer: "30.5"}),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a > 42) }`, `compares with "42"`},
		{"a value as a triple's object on another attribute", withFilter(subgoal(entities, paris, who), handoff.Filter{Attribute: "home city", Op: handoff.FilterEq, Value: "Paris", ValueKind: "string"}),
			`SELECT ?n WHERE { ?p :name ?n ; :city "Paris" }`, ""},
		{"a named value may be any name", withFilter(subgoal(entities, alice, handoff.Cue{Kind: handoff.CueAnswer, Text: "how old"}), handoff.Filter{Attribute: "name", Op: handoff.FilterEq, Value: "Alice", ValueKind: "string"}),
			`SELECT ?a WHERE { ?p :age ?a ; :city ?c FILTER(?c = "Alice") }`, ""},
		{"all the information, one column", subgoal(handoff.Output{Shape: handoff.ShapeEntities, All: true}, nil), `SELECT ?n WHERE { ?p a :Person ; :name ?n }`, "not everything"},
		{"all the information, the things", subgoal(handoff.Output{Shape: handoff.ShapeEntities, All: true}, nil), `SELECT * WHERE { ?p a :Person }`, ""},
		{"all the information, their columns", subgoal(handoff.Output{Shape: handoff.ShapeEntities, All: true}, nil), `SELECT ?n ?a ?c WHERE { ?p a :Person ; :name ?n ; :age ?a ; :city ?c }`, ""},
		{"a column fixed to a constant beside the answer", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"age"}}, alice),
			`SELECT ?n ?a WHERE { ?p :name ?n ; :age ?a FILTER(?n = "Alice") }`, `repeats "Alice"`},
		{"a fixed column asked for", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "age"}}, alice),
			`SELECT ?n ?a WHERE { ?p :name ?n ; :age ?a FILTER(?n = "Alice") }`, ""},
		{"each thing listed, nothing aggregated", subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"age"}}, nil, handoff.Cue{Kind: handoff.CueGrouping, Text: "of each", Term: "person"}),
			`SELECT ?a WHERE { ?p a :Person ; :age ?a }`, ""},
		{"a count per thing without GROUP BY", subgoal(count, nil, handoff.Cue{Kind: handoff.CueGrouping, Text: "for each", Term: "person"}),
			`SELECT (COUNT(*) AS ?k) WHERE { ?p a :Person ; :worksFor ?c }`, "no GROUP BY"},
		{"a column the question names by its word", withText(subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"age"}}, nil), "What are the ages and cities of all people?"),
			`SELECT ?a ?c WHERE { ?p :age ?a ; :city ?c }`, ""},
		{"an order key the question names", withText(subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name"}}, nil), "What are the names of people, ordered by city?"),
			`SELECT ?n ?c WHERE { ?p :name ?n ; :city ?c } ORDER BY ?c`, "adds ?c"},
		{"equal to, an equality", subgoal(count, []handoff.Mention{{Text: "34", Kind: handoff.MentionNumber}}, handoff.Cue{Kind: handoff.CueComparative, Text: "equal", Term: "age", Op: handoff.FilterEq}),
			`SELECT (COUNT(*) AS ?k) WHERE { ?p :age ?a FILTER(?a = 34) }`, ""},
		{"exactly, no equality", subgoal(count, nil, handoff.Cue{Kind: handoff.CueComparative, Text: "exactly", Term: "age", Op: handoff.FilterEq}),
			`SELECT (COUNT(*) AS ?k) WHERE { ?p :age ?a FILTER(?a > 34) }`, "no equality"},
		{"yes/no is no echo", subgoal(handoff.Output{Shape: handoff.ShapeBoolean}, alice), `ASK { ?p :name "Alice" }`, ""},
	} {
		cs := coverage(t, c.sg, c.query)
		missed := verifier.Missed(cs)
		switch {
		case c.miss == "" && len(missed) > 0:
			t.Errorf("%s: missed %q", c.name, missed)
		case c.miss != "" && (len(missed) == 0 || !strings.Contains(strings.Join(missed, "; "), c.miss)):
			t.Errorf("%s: missed %q, want a miss with %q (commitments %+v)", c.name, missed, c.miss, cs)
		}
		for _, cm := range cs {
			if cm.Kind == "" || cm.Cue == "" || cm.Detail == "" {
				t.Errorf("%s: commitment without kind, cue or detail: %+v", c.name, cm)
			}
		}
	}
}

func TestCoverageRejectsEcho(t *testing.T) {
	// "Who directed Iron Meridian?" answered with the film's own title:
	// swapping the constant moves the answer, but it is an echo.
	sg := subgoal(handoff.Output{Shape: handoff.ShapeEntities}, []handoff.Mention{{Text: "Alice", Kind: handoff.MentionName}},
		handoff.Cue{Kind: handoff.CueAnswer, Text: "who"})
	r := verify(t, verifier.Config{}, sg, `SELECT ?n WHERE { ?p a :Person ; :name ?n FILTER(?n = "Alice") }`)[0]
	if r.Accepted || !strings.Contains(r.Reason, "only repeats") {
		t.Errorf("echo accepted %v: %s", r.Accepted, r.Reason)
	}
	if len(r.Perturbations) == 0 {
		t.Error("the perturbations did not run on a rejected candidate (their evidence is wanted)")
	}
}

func TestContradiction(t *testing.T) {
	r := verify(t, verifier.Config{}, parisSubgoal(), `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c ; :age ?a FILTER(?c = "Paris") FILTER(?a > 50 && ?a < 30) }`)[0]
	if r.Accepted || !strings.Contains(r.Reason, "contradicts itself") {
		t.Errorf("accepted %v: %s", r.Accepted, r.Reason)
	}
}

// TestCountUnnamed: a count over something other than what the question
// counts is evidence against the answer, not a miss.
func TestCountUnnamed(t *testing.T) {
	companies := subgoal(handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount, AggregateOf: "company"},
		[]handoff.Mention{{Text: "Alice", Kind: handoff.MentionName}}, handoff.Cue{Kind: handoff.CueAnswer, Text: "how many"})
	for query, want := range map[string]bool{
		`SELECT (COUNT(*) AS ?k) WHERE { ?p :name "Alice" ; :worksFor ?c . ?c a :Company }`: false,
		`SELECT (COUNT(*) AS ?k) WHERE { ?p :name "Alice" }`:                                true,
		`SELECT ?n WHERE { ?p :name ?n }`:                                                   false, // counts nothing
	} {
		q, err := sparql.Parse(prefix + query)
		if err != nil {
			t.Fatal(err)
		}
		if got := verifier.CountUnnamed(q, nil, companies, peopleSlice()); got != want {
			t.Errorf("%s: CountUnnamed = %v, want %v", query, got, want)
		}
		if len(verifier.Missed(coverage(t, companies, query))) > 0 && want {
			t.Errorf("%s: a count of something else is a miss; want evidence only", query)
		}
	}
}

// TestCoverageOtherName: asked for the names of songs, a column naming
// something else of the same rows (the artist's name) is a miss while
// the songs' own name column exists; an abbreviation the question
// spells out ("dept" of department) and the parts of a full name are
// not something else.
func TestCoverageOtherName(t *testing.T) {
	const data = `@prefix : <http://ex.org/> .
:s1 a :Song ; :song_name "Blue" ; :artist_name "Ann" ; :dept_name "Pop" ; :first_name "Al" ; :lastname "Ng" .
:s2 a :Song ; :song_name "Red" ; :artist_name "Bo" ; :dept_name "Rock" ; :first_name "Bea" ; :lastname "Oz" .
`
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	song := []string{ex + "Song"}
	slice := &handoff.Slice{Graph: "songs", Classes: []handoff.SliceClass{{IRI: ex + "Song", Matched: []string{"song"}}},
		Properties: []handoff.SliceProperty{
			{IRI: ex + "song_name", Domains: song, Matched: []string{"name"}},
			{IRI: ex + "artist_name", Domains: song, Matched: []string{"name"}},
			{IRI: ex + "dept_name", Domains: song},
			{IRI: ex + "first_name", Domains: song},
		}}
	for _, c := range []struct {
		question, column, miss string
		attrs                  []string // default: name
	}{
		{"What are the names of all songs?", "song_name", "", nil},
		{"What are the names of all songs?", "artist_name", "artist_name, the name of something", nil},
		{"What are the names of the artists of all songs?", "artist_name", "", nil},
		{"What is the name of the department of each song?", "dept_name", "", nil},
		{"What are the full names of all songs?", "first_name", "", nil},
		// A part of a full name is not the other part.
		{"What are the first and last names of all songs?", "lastname", `"first name"`, []string{"first name", "last name"}},
	} {
		attrs := c.attrs
		if attrs == nil {
			attrs = []string{"name"}
		}
		sg := &handoff.Subgoal{ID: "s1", Text: c.question, Operations: []handoff.Operation{handoff.OpLookup},
			Requirements: handoff.Requirements{Types: []string{"song"}, Output: handoff.Output{Shape: handoff.ShapeValues, Attributes: attrs}}}
		query := prefix + `SELECT ?n WHERE { ?s a :Song ; :` + c.column + ` ?n }`
		q, err := sparql.Parse(query)
		if err != nil {
			t.Fatal(err)
		}
		res, err := st.Query(context.Background(), query)
		if err != nil {
			t.Fatal(err)
		}
		missed := strings.Join(verifier.Missed(verifier.Coverage(q, res, sg, slice)), "; ")
		if c.miss == "" && missed != "" || c.miss != "" && !strings.Contains(missed, c.miss) {
			t.Errorf("%q answered by %s: missed %q, want %q", c.question, c.column, missed, c.miss)
		}
	}
}

// TestTimeValuedOrderKey: "most recently" is met by an order on a column
// whose datatype is a date though its name has no date word
// ("releasedate" is one token); a column of words is no point in time.
func TestTimeValuedOrderKey(t *testing.T) {
	recent := handoff.Cue{Kind: handoff.CueSuperlative, Text: "most", Term: "date", Descending: true}
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}, OrderBy: "date", Descending: true}, nil, recent),
		"Who joined most recently?")
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "joindate", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSD + "date"}})
	for key, want := range map[string]bool{"joindate": true, "city": false} {
		met := len(missedOf(t, sg, slice, `SELECT ?n WHERE { ?p :name ?n ; :`+key+` ?k } ORDER BY DESC(?k) LIMIT 1`)) == 0
		if met != want {
			t.Errorf("order by %s: superlative met %v, want %v", key, met, want)
		}
	}
}

// TestNameOfWhatWasAsked: "the names of the companies …" is not met by
// the names of the people who work there while the companies have a
// name column; "the names of the people …" is.
func TestNameOfWhatWasAsked(t *testing.T) {
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "companyName", Domains: []string{ex + "Company"}, Datatypes: []string{sparql.XSDString}},
		handoff.SliceProperty{IRI: ex + "eventName", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDString}})
	names := handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"name"}}
	for _, c := range []struct {
		text, query string
		met         bool
	}{
		{"What are the names of the companies that people in Paris work for?", `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :worksFor ?c . ?c a :Company }`, false},
		{"What are the names of the companies that people in Paris work for?", `SELECT ?n WHERE { ?p a :Person ; :worksFor ?c . ?c a :Company ; :companyName ?n }`, true},
		// Another thing's qualified name is not theirs either.
		{"What are the names of the companies that people in Paris work for?", `SELECT ?n WHERE { ?p a :Person ; :eventName ?n ; :worksFor ?c . ?c a :Company }`, false},
		{"What are the names of the people who work for a company?", `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :worksFor ?c . ?c a :Company }`, true},
	} {
		sg := withText(subgoal(names, nil), c.text)
		missed := missedOf(t, sg, slice, c.query)
		if met := len(missed) == 0; met != c.met {
			t.Errorf("%q over %s: met %v, want %v (missed %v)", c.text, c.query, met, c.met, missed)
		}
	}
}

// TestAskedColumnsBesideTypes: columns the question names are asked for
// though the decomposer read them as types ("What city and age …" has no
// city things), and "the name of its host" is host#name; a column the
// question does not name is still unasked.
func TestAskedColumnsBesideTypes(t *testing.T) {
	for _, c := range []struct {
		text  string
		types []string
		query string
		met   bool
	}{
		{"What city and age does the person named 'Alice' have?", []string{"city", "age", "person"},
			`SELECT ?c ?a WHERE { ?p :name "Alice" ; :city ?c ; :age ?a }`, true},
		{"For each party, return its theme and the name of its host.", []string{"party", "host"},
			`SELECT ?t ?n WHERE { ?p a <http://ex.org/party> ; <http://ex.org/party#party_theme> ?t ; <http://ex.org/party#ref-host> ?h . ?h a <http://ex.org/host> ; <http://ex.org/host#name> ?n }`, true},
		{"For each party, return its theme.", []string{"party"},
			`SELECT ?t ?n WHERE { ?p a <http://ex.org/party> ; <http://ex.org/party#party_theme> ?t ; <http://ex.org/party#ref-host> ?h . ?h a <http://ex.org/host> ; <http://ex.org/host#name> ?n }`, false},
	} {
		var alice []handoff.Mention
		if strings.Contains(c.text, "Alice") {
			alice = []handoff.Mention{{Text: "Alice", Kind: handoff.MentionQuoted}}
		}
		sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities}, alice), c.text)
		sg.Requirements.Types = c.types
		missed := missedOf(t, sg, peopleSlice(), c.query)
		if met := len(missed) == 0; met != c.met {
			t.Errorf("%q: met %v, want %v (missed %v)", c.text, met, c.met, missed)
		}
	}
}

// TestTimesNeedsACount: "more than once" is met by a bound on a count,
// not by a comparison of a column.
func TestTimesNeedsACount(t *testing.T) {
	cue := handoff.Cue{Kind: handoff.CueComparative, Text: "more than", Term: handoff.AttrTimes, Op: handoff.FilterGt}
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"city"}}, nil, cue), "Which cities occur more than once?")
	for query, want := range map[string]bool{
		`SELECT ?c WHERE { ?p :city ?c } GROUP BY ?c HAVING (COUNT(*) > 1)`: true,
		`SELECT ?c WHERE { ?p :city ?c ; :age ?a FILTER(?a > 1) }`:          false,
	} {
		missed := missedOf(t, sg, peopleSlice(), query)
		if met := len(missed) == 0; met != want {
			t.Errorf("%s: met %v, want %v (missed %v)", query, met, want, missed)
		}
	}
}

// TestAggregateOfGroupKey: an average over the attribute the query groups
// by computes nothing.
func TestAggregateOfGroupKey(t *testing.T) {
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "age"}, nil), "What is the average age?")
	for query, want := range map[string]bool{
		`SELECT (AVG(?a) AS ?m) WHERE { ?p :age ?a }`:                           true,
		`SELECT ?a (AVG(?a) AS ?m) WHERE { ?p :age ?a } GROUP BY ?a`:            false,
		`SELECT ?c (AVG(?a) AS ?m) WHERE { ?p :age ?a ; :city ?c } GROUP BY ?c`: true,
	} {
		missed := missedOf(t, sg, peopleSlice(), query)
		if met := !slices.ContainsFunc(missed, func(m string) bool { return strings.Contains(m, "groups by") }); met != want {
			t.Errorf("%s: met %v, want %v (missed %v)", query, met, want, missed)
		}
	}
}

// TestRankPerThing: a grouping the decomposer inferred ("Which person
// has the most …" per person) is met by one row per person when nothing
// is aggregated, not by a query of other things.
func TestRankPerThing(t *testing.T) {
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities, GroupBy: []string{"person"}}, nil), "Which person is the oldest?")
	for query, want := range map[string]bool{
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`: true,
		`SELECT (COUNT(*) AS ?k) WHERE { ?p a :Person }`:                                  false,
		`SELECT ?l WHERE { ?c a :Company ; :label ?l } LIMIT 1`:                           false,
	} {
		missed := missedOf(t, sg, peopleSlice(), query)
		met := !slices.ContainsFunc(missed, func(m string) bool { return strings.Contains(m, "GROUP BY") })
		if met != want {
			t.Errorf("%s: met %v, want %v (missed %v)", query, met, want, missed)
		}
	}
}

// TestNoValueNegates: a yes/no column equal to its "no" realises a
// negation ("the models that do not have wifi": wifi = "No"); equal to
// another value it does not.
func TestNoValueNegates(t *testing.T) {
	sg := &handoff.Subgoal{ID: "s1", Operations: []handoff.Operation{handoff.OpAggregate, handoff.OpNegate}}
	for q, want := range map[string]bool{
		`SELECT (COUNT(*) AS ?n) WHERE { ?m <http://x/wifi> ?w . FILTER(?w = "No") }`:  true,
		`SELECT (COUNT(*) AS ?n) WHERE { ?m <http://x/wifi> ?w . FILTER(?w = "Yes") }`: false,
		`SELECT (COUNT(*) AS ?n) WHERE { ?m <http://x/ok> ?w . FILTER(?w = "F") }`:     true,
		// The women of a column of sex: "female students who don't have
		// a pet" is not realised by them.
		`SELECT (COUNT(*) AS ?n) WHERE { ?m <http://x/student#sex> ?w . FILTER(?w = "F") }`: false,
	} {
		parsed, err := sparql.Parse(q)
		if err != nil {
			t.Fatal(err)
		}
		problems := verifier.Requirements(parsed, sg)
		if got := !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, "negates") }); got != want {
			t.Errorf("%s: negation realised = %v, want %v (%q)", q, got, want, problems)
		}
	}
}

// TestCoverageIdentifierIsAColumn checks that an identifier asked for is
// a column of its own: the name of the thing a key links to is not it.
func TestCoverageIdentifierIsAColumn(t *testing.T) {
	slice := peopleSlice()
	for i, p := range slice.Properties {
		if strings.HasSuffix(p.IRI, "worksFor") {
			slice.Properties[i].Matched = append(slices.Clone(p.Matched), "id")
		}
	}
	sg := subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "id"}}, nil)
	query := prefix + `SELECT ?n WHERE { ?p :worksFor ?c . ?c :label ?n }`
	q, err := sparql.Parse(query)
	if err != nil {
		t.Fatal(err)
	}
	res, err := peopleGraph(t).Query(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	missed := verifier.Missed(verifier.Coverage(q, res, sg, slice))
	if !strings.Contains(strings.Join(missed, "; "), `"id"`) {
		t.Errorf("missed %q, want the id missed", missed)
	}
}

// TestCoverageWhichThings: "Which people work for a company?" is answered
// by people (their names), not by the companies they work for.
func TestCoverageWhichThings(t *testing.T) {
	sg := subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil, handoff.Cue{Kind: handoff.CueAnswer, Text: "which"})
	sg.Requirements.Types = []string{"person", "company"}
	for query, want := range map[string]bool{
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :worksFor ?c . ?c a :Company }`:  true,
		`SELECT ?l WHERE { ?p a :Person ; :worksFor ?c . ?c a :Company ; :label ?l }`: false,
	} {
		missed := verifier.Missed(coverage(t, sg, query))
		if got := !strings.Contains(strings.Join(missed, "; "), "which person"); got != want {
			t.Errorf("%s: missed %q; want the people answered: %v", query, missed, want)
		}
	}
}

// TestQualifiedName: "its company name" is the company's name, not the
// person's, and the name asked beside it needs a column of its own.
func TestQualifiedName(t *testing.T) {
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "companyName", Domains: []string{ex + "Company"}, Datatypes: []string{sparql.XSDString}})
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "company name"}}, nil),
		"Show the name of each person and its company name.")
	for _, c := range []struct {
		query, miss string
	}{
		{`SELECT ?n ?cn WHERE { ?p a :Person ; :name ?n ; :worksFor ?c . ?c a :Company ; :companyName ?cn }`, ""},
		{`SELECT ?n WHERE { ?p a :Person ; :name ?n }`, `"company name"`},
		{`SELECT ?cn WHERE { ?p a :Person ; :worksFor ?c . ?c a :Company ; :companyName ?cn }`, "no name besides"},
	} {
		missed := strings.Join(missedOf(t, sg, slice, c.query), "; ")
		if c.miss == "" && missed != "" || c.miss != "" && !strings.Contains(missed, c.miss) {
			t.Errorf("%s: missed %q, want %q", c.query, missed, c.miss)
		}
	}
}

// TestWhoIsNoDate: "who" is not answered by a date kept as text
// (birth_date), while a name column answers it.
func TestWhoIsNoDate(t *testing.T) {
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "birth_date", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDString}})
	who := handoff.Cue{Kind: handoff.CueAnswer, Text: "who"}
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil, who), "Who was born in Paris?")
	for query, want := range map[string]bool{
		`SELECT ?d WHERE { ?p :birth_date ?d ; :city "Paris" }`: false,
		`SELECT ?n WHERE { ?p :name ?n ; :city "Paris" }`:       true,
	} {
		missed := missedOf(t, sg, slice, query)
		if met := !slices.ContainsFunc(missed, func(m string) bool { return strings.Contains(m, "not someone") }); met != want {
			t.Errorf("%s: who met %v, want %v (missed %v)", query, met, want, missed)
		}
	}
}

// TestWhichThingsAreNoNumbers: "Which people live in Paris?" is not
// answered by their ages, though the ages are the people's column; their
// names answer it.
func TestWhichThingsAreNoNumbers(t *testing.T) {
	which := handoff.Cue{Kind: handoff.CueAnswer, Text: "which"}
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil, which), "Which people live in Paris?")
	for query, want := range map[string]bool{
		`SELECT ?a WHERE { ?p a :Person ; :age ?a ; :city "Paris" }`:  false,
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city "Paris" }`: true,
	} {
		missed := strings.Join(verifier.Missed(coverage(t, sg, query)), "; ")
		if met := !strings.Contains(missed, "which person"); met != want {
			t.Errorf("%s: which met %v, want %v (missed %q)", query, met, want, missed)
		}
	}
}

// TestNumberInUnits: "more than 30 million" is realised by 30 compared
// with a budget kept in millions, not by an unrelated 30 for 3000.
func TestNumberInUnits(t *testing.T) {
	sg := withFilter(subgoal(handoff.Output{Shape: handoff.ShapeEntities}, []handoff.Mention{{Text: "30 million", Kind: handoff.MentionNumber, Normalized: "30000000"}}),
		handoff.Filter{Attribute: "budget", Op: handoff.FilterGt, Value: "30000000", ValueKind: "number"})
	sg.Text = "Which films cost more than 30 million?"
	for query, want := range map[string]bool{
		`SELECT ?n WHERE { ?p :name ?n ; :age ?b FILTER(?b > 30) }`:       true,
		`SELECT ?n WHERE { ?p :name ?n ; :age ?b FILTER(?b > 30000000) }`: true,
		`SELECT ?n WHERE { ?p :name ?n ; :age ?b FILTER(?b > 31) }`:       false,
	} {
		q, err := sparql.Parse(prefix + query)
		if err != nil {
			t.Fatal(err)
		}
		if ok := len(verifier.Requirements(q, sg)) == 0; ok != want {
			t.Errorf("%s: requirements met %v, want %v (%v)", query, ok, want, verifier.Requirements(q, sg))
		}
	}
}

// TestPathIsNoColumn: "the capacity of Valdheim FK's home ground" asks
// the capacity; the home ground is the relation to it, not a column.
func TestPathIsNoColumn(t *testing.T) {
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "founded", Domains: []string{ex + "Company"}, Datatypes: []string{sparql.XSDInteger}, Matched: []string{"founded"}})
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"founded", "work"}}, nil), "When was the company Alice works for founded?")
	for query, want := range map[string]bool{
		`SELECT ?y WHERE { ?p a :Person ; :name "Alice" ; :worksFor ?c . ?c a :Company ; :founded ?y }`: true,
		`SELECT ?y WHERE { ?p a :Person ; :name "Alice" ; :age ?y }`:                                    false,
	} {
		missed := missedOf(t, sg, slice, query)
		if met := !slices.ContainsFunc(missed, func(m string) bool { return strings.Contains(m, "work") }); met != want {
			t.Errorf("%s: path met %v, want %v (missed %v)", query, met, want, missed)
		}
	}
}

// TestNegationAtZero: "not … any goals" is realised by goals = 0; a
// query that negates nothing still fails.
func TestNegationAtZero(t *testing.T) {
	sg := subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil)
	sg.Operations = append(sg.Operations, handoff.OpNegate)
	for query, want := range map[string]bool{
		`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a = 0) }`:  true,
		`SELECT ?n WHERE { ?p :name ?n ; :age ?a FILTER(?a = 30) }`: false,
	} {
		q, err := sparql.Parse(prefix + query)
		if err != nil {
			t.Fatal(err)
		}
		if ok := len(verifier.Requirements(q, sg)) == 0; ok != want {
			t.Errorf("%s: requirements met %v, want %v", query, ok, want)
		}
	}
}

// TestCoverageSuperlativeOfNamedMeasure: "Which person has the longest
// working age?" where nothing is a length is realised by ordering on the
// number the question names (age); ordering on a number it does not
// name is not, and neither is a length ordering when a length exists.
func TestCoverageSuperlativeOfNamedMeasure(t *testing.T) {
	longest := handoff.Cue{Kind: handoff.CueSuperlative, Text: "longest", Term: "length", Descending: true}
	sg := &handoff.Subgoal{ID: "s1", Text: "Which person has the longest working age?",
		Requirements: handoff.Requirements{Predicates: []string{"length"}, Types: []string{"person", "working age", "age"},
			Output: handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "length", Descending: true, Limit: 1},
			Cues:   []handoff.Cue{{Kind: handoff.CueAnswer, Text: "which"}, longest}}}
	byAge := `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`
	if m := missedOf(t, sg, peopleSlice(), byAge); len(m) != 0 {
		t.Errorf("ordered by the named age: missed %q, want nothing", m)
	}
	byCity := `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c } ORDER BY DESC(?c) LIMIT 1`
	if m := missedOf(t, sg, peopleSlice(), byCity); !strings.Contains(strings.Join(m, "; "), "longest") {
		t.Errorf("ordered by the city: missed %q, want the superlative missed", m)
	}
	withLength := peopleSlice()
	withLength.Properties = append(withLength.Properties, handoff.SliceProperty{IRI: ex + "length", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDInteger}})
	if m := missedOf(t, sg, withLength, byAge); !strings.Contains(strings.Join(m, "; "), "longest") {
		t.Errorf("a length exists: missed %q, want the superlative missed", m)
	}
}

// TestCoverageSuperlativeByIdentifier: "Who is the best person?" (a
// superlative with no attribute) is not realised by ordering on an
// identifier; on another column it is.
func TestCoverageSuperlativeByIdentifier(t *testing.T) {
	best := handoff.Cue{Kind: handoff.CueSuperlative, Text: "best", Descending: true}
	sg := &handoff.Subgoal{ID: "s1", Text: "Who is the best person?",
		Requirements: handoff.Requirements{Types: []string{"person"},
			Output: handoff.Output{Shape: handoff.ShapeEntities, Descending: true, Limit: 1},
			Cues:   []handoff.Cue{{Kind: handoff.CueAnswer, Text: "who"}, best}}}
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "person_id", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDInteger}})
	byID := `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :person_id ?i } ORDER BY DESC(?i) LIMIT 1`
	if m := missedOf(t, sg, slice, byID); !strings.Contains(strings.Join(m, "; "), "best") {
		t.Errorf("ordered by the id: missed %q, want the superlative missed", m)
	}
	byAge := `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`
	if m := missedOf(t, sg, slice, byAge); strings.Contains(strings.Join(m, "; "), "best") {
		t.Errorf("ordered by the age: missed %q, want the superlative met", m)
	}
}

// TestCoverageLongestByIdentifier: "What is the id of the longest song?"
// where nothing is a length is not realised by ordering on the id the
// question names.
func TestCoverageLongestByIdentifier(t *testing.T) {
	longest := handoff.Cue{Kind: handoff.CueSuperlative, Text: "longest", Term: "length", Descending: true}
	sg := &handoff.Subgoal{ID: "s1", Text: "What is the id of the longest person?",
		Requirements: handoff.Requirements{Predicates: []string{"id", "length"}, Types: []string{"person"},
			Output: handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"id"}, OrderBy: "length", Descending: true, Limit: 1},
			Cues:   []handoff.Cue{{Kind: handoff.CueAnswer, Text: "what"}, longest}}}
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "person_id", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDInteger}, Matched: []string{"id"}})
	byID := `SELECT ?i WHERE { ?p a :Person ; :person_id ?i } ORDER BY DESC(?i) LIMIT 1`
	if m := missedOf(t, sg, slice, byID); !strings.Contains(strings.Join(m, "; "), "longest") {
		t.Errorf("ordered by the id: missed %q, want the superlative missed", m)
	}
}

// TestCoverageKindOfThing: "What type of company does Alice work for?"
// is answered by a column of another word for a kind (a category), not
// by the name.
func TestCoverageKindOfThing(t *testing.T) {
	what := handoff.Cue{Kind: handoff.CueAnswer, Text: "what"}
	sg := &handoff.Subgoal{ID: "s1", Text: "What type of company does Alice work for?",
		Mentions: []handoff.Mention{{Text: "Alice", Kind: handoff.MentionName}},
		Requirements: handoff.Requirements{Predicates: []string{"type", "work"}, Types: []string{"company"},
			Filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Alice", ValueKind: "string"}},
			Output:  handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"type"}},
			Cues:    []handoff.Cue{what}}}
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "category", Domains: []string{ex + "Company"}, Datatypes: []string{sparql.XSDString}})
	byCategory := `SELECT ?k WHERE { ?p :name "Alice" ; :worksFor ?c . ?c :category ?k }`
	if m := missedOf(t, sg, slice, byCategory); strings.Contains(strings.Join(m, "; "), `"type"`) {
		t.Errorf("the category: missed %q, want the type met", m)
	}
	byLabel := `SELECT ?n WHERE { ?p :name "Alice" ; :worksFor ?c . ?c :label ?n }`
	if m := missedOf(t, sg, slice, byLabel); !strings.Contains(strings.Join(m, "; "), `"type"`) {
		t.Errorf("the label: missed %q, want the type missed", m)
	}
}

// TestCoverageHowManyInAPlaceKey: "How many people live in the city of
// Alice?" answered by a number beside a number in the city's column (a
// key to the place, no place) misses the city; the same numbers without
// the city asked for do not.
func TestCoverageHowManyInAPlaceKey(t *testing.T) {
	howMany := handoff.Cue{Kind: handoff.CueAnswer, Text: "how many"}
	mk := func(attrs ...string) *handoff.Subgoal {
		return &handoff.Subgoal{ID: "s1", Text: "How many people live in the city of Alice?",
			Mentions: []handoff.Mention{{Text: "Alice", Kind: handoff.MentionName}},
			Requirements: handoff.Requirements{Predicates: attrs,
				Filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Alice", ValueKind: "string"}},
				Output:  handoff.Output{Shape: handoff.ShapeTable, Attributes: attrs},
				Cues:    []handoff.Cue{howMany}}}
	}
	q, err := sparql.Parse(prefix + `SELECT ?a ?c WHERE { ?p :name "Alice" ; :age ?a ; :city ?c }`)
	if err != nil {
		t.Fatal(err)
	}
	res := &sparql.Results{Vars: []string{"a", "c"}, Rows: []sparql.Row{{"a": &sparql.Literal{Lexical: "31"}, "c": &sparql.Literal{Lexical: "7"}}}}
	if missed := strings.Join(verifier.Missed(verifier.Coverage(q, res, mk("age", "city"), peopleSlice())), "; "); !strings.Contains(missed, "not a place") {
		t.Errorf("missed %q, want the city missed as no place", missed)
	}
	if missed := strings.Join(verifier.Missed(verifier.Coverage(q, res, mk("age"), peopleSlice())), "; "); strings.Contains(missed, "not a place") {
		t.Errorf("missed %q, want no place asked", missed)
	}
}

// TestTableNameIsNoAnswer: "Which markets stock the IPhone X?" is not
// answered by a number of the phone_market link table (num_of_stock),
// whose table, not column, says "market"; the markets' district is.
func TestTableNameIsNoAnswer(t *testing.T) {
	const v = "http://valuenet/ontop/"
	slice := &handoff.Slice{Graph: "phone_market",
		Classes: []handoff.SliceClass{{IRI: v + "market", Matched: []string{"market"}}, {IRI: v + "phone_market"}, {IRI: v + "phone"}},
		Properties: []handoff.SliceProperty{
			{IRI: v + "market#district", Domains: []string{v + "market"}, Datatypes: []string{sparql.XSDString}},
			{IRI: v + "phone_market#num_of_stock", Domains: []string{v + "phone_market"}, Datatypes: []string{sparql.XSDInteger}, Matched: []string{"stock"}},
			{IRI: v + "phone_market#ref-market_id", Domains: []string{v + "phone_market"}, Ranges: []string{v + "market"}},
			{IRI: v + "phone_market#ref-phone_id", Domains: []string{v + "phone_market"}, Ranges: []string{v + "phone"}},
			{IRI: v + "phone#name", Domains: []string{v + "phone"}, Datatypes: []string{sparql.XSDString}},
		}}
	sg := &handoff.Subgoal{ID: "s1", Text: "Which markets stock the IPhone X?", Operations: []handoff.Operation{handoff.OpLookup, handoff.OpFilter},
		Mentions: []handoff.Mention{{Text: "IPhone X", Kind: handoff.MentionName}},
		Requirements: handoff.Requirements{Predicates: []string{"stock"}, Verbs: []string{"stock"}, Types: []string{"market"},
			Filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "IPhone X", ValueKind: "string"}},
			Output:  handoff.Output{Shape: handoff.ShapeEntities}, Cues: []handoff.Cue{{Kind: handoff.CueAnswer, Text: "which"}}}}
	body := `?pm a <` + v + `phone_market> ; <` + v + `phone_market#ref-phone_id> ?p ; <` + v + `phone_market#ref-market_id> ?m .
		?m a <` + v + `market> . ?p a <` + v + `phone> ; <` + v + `phone#name> ?n . FILTER (?n = "IPhone X") `
	data := `@prefix : <` + v + `> .
:m1 a :market ; <` + v + `market#district> "Quebec" .
:p1 a :phone ; <` + v + `phone#name> "IPhone X" .
:pm1 a :phone_market ; <` + v + `phone_market#ref-market_id> :m1 ; <` + v + `phone_market#ref-phone_id> :p1 ; <` + v + `phone_market#num_of_stock> 908 .
`
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	for query, want := range map[string]bool{
		`SELECT ?s WHERE { ` + body + `?pm <` + v + `phone_market#num_of_stock> ?s }`: false,
		`SELECT ?d WHERE { ` + body + `?m <` + v + `market#district> ?d }`:            true,
	} {
		q, err := sparql.Parse(query)
		if err != nil {
			t.Fatal(err)
		}
		res, err := st.Query(context.Background(), query)
		if err != nil || len(res.Rows) != 1 {
			t.Fatalf("%s: %v rows, %v", query, res, err)
		}
		missed := strings.Join(verifier.Missed(verifier.Coverage(q, res, sg, slice)), "; ")
		if met := !strings.Contains(missed, "which market"); met != want {
			t.Errorf("%s: which met %v, want %v (missed %q)", query, met, want, missed)
		}
	}
}

// TestRecencyOfThings: "Which film did Ada Brook direct most recently?"
// is ordered by a time of the films where no column says when the verb
// happened; where one does (left_office of "left office"), another time
// does not realise it.
func TestRecencyOfThings(t *testing.T) {
	recent := handoff.Cue{Kind: handoff.CueSuperlative, Text: "most recently", Term: "direct", Descending: true}
	sg := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil, handoff.Cue{Kind: handoff.CueAnswer, Text: "which"}, recent),
		"Which film did Ada Brook direct most recently?")
	sg.Requirements.Predicates = []string{"direct", "date"}
	slice := peopleSlice()
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "release_year", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDInteger}})
	q := `SELECT ?n WHERE { ?p :name ?n ; :release_year ?y } ORDER BY DESC(?y) LIMIT 1`
	if missed := strings.Join(missedOf(t, sg, slice, q), "; "); strings.Contains(missed, "most recently") {
		t.Errorf("by the release year: missed %q", missed)
	}
	left := withText(subgoal(handoff.Output{Shape: handoff.ShapeEntities}, nil, handoff.Cue{Kind: handoff.CueAnswer, Text: "who"},
		handoff.Cue{Kind: handoff.CueSuperlative, Text: "most recently", Term: "left", Descending: true}), "Who left office most recently?")
	left.Requirements.Predicates = []string{"left", "date"}
	slice.Properties = append(slice.Properties, handoff.SliceProperty{IRI: ex + "left_office", Domains: []string{ex + "Person"}, Datatypes: []string{sparql.XSDString}})
	if missed := strings.Join(missedOf(t, left, slice, q), "; "); !strings.Contains(missed, "most recently") {
		t.Errorf("left office, by the release year: missed %q, want most recently missed", missed)
	}
}

// TestCoverageContactPeople: "Who are the Green Party's contact people?"
// asks for people, which a first and a last name together show: neither
// the attribute is missed nor the second name taken for an addition.
func TestCoverageContactPeople(t *testing.T) {
	const ind = "http://x/individuals"
	sg := &handoff.Subgoal{ID: "s1", Text: "Who are the Green Party's contact people?",
		Requirements: handoff.Requirements{Predicates: []string{"contact person", "person"},
			Output: handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"contact person"}},
			Cues:   []handoff.Cue{{Kind: handoff.CueAnswer, Text: "who"}}}}
	slice := &handoff.Slice{Classes: []handoff.SliceClass{{IRI: ind}}, Properties: []handoff.SliceProperty{
		{IRI: ind + "#individual_first_name", Domains: []string{ind}, Datatypes: []string{sparql.XSDString}},
		{IRI: ind + "#individual_last_name", Domains: []string{ind}, Datatypes: []string{sparql.XSDString}}}}
	q := `SELECT ?f ?l WHERE { ?i a <` + ind + `> ; <` + ind + `#individual_first_name> ?f ; <` + ind + `#individual_last_name> ?l }`
	if m := missedOf(t, sg, slice, q); len(m) > 0 {
		t.Errorf("first and last names of the people: missed %q", m)
	}
}
