package kg

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// searchTestTurtle is a small graph with the kinds of values that value
// linking meets: names, codes, abbreviations, numbers stored as strings,
// labels in two languages, and values that must not be indexed.
const searchTestTurtle = `@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:a1 a ex:Airline ; ex:airline "JetBlue Airways" ; ex:country "USA" ; ex:abbr "JetBlue" .
ex:a2 a ex:Airline ; ex:airline "United Airlines" ; ex:country "USA" .
ex:a3 a ex:Airline ; ex:airline "Air France" ; ex:country "France" .
ex:a4 a ex:Airline ; ex:airline "British Airways" ; ex:country "UK" .
ex:s1 ex:sex "F" ; ex:state "CA" ; ex:name "Mary" ; ex:dept "Comp. Sci." .
ex:s2 ex:sex "M" ; ex:state "NorthCarolina" ; ex:name "Ryan" .
ex:dp ex:division "AS" .
ex:c1 ex:year "2014" ; ex:venue "Room 2014 Hall" ; ex:capacity 2014 .
ex:p1 ex:product "Herbs" ; ex:event "Annual Meeting" ; ex:song "Hey Jude" .
ex:p2 ex:song "Hey \"quoted\" {braces}" ; ex:comment "" .
ex:zurich rdfs:label "Zürich"@de , "Zurich"@en ; ex:population 400000 .
ex:long ex:text "` + "%s" + `" .
ex:d1 ex:date "2014-05-01"^^xsd:date .
`

func searchTestStore(t testing.TB) *store.Store {
	t.Helper()
	st := store.New()
	ttl := fmt.Sprintf(searchTestTurtle, strings.Repeat("long words ", 40))
	if err := st.Load(context.Background(), strings.NewReader(ttl), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	return st
}

func searchTestIndex(t testing.TB, opts ...IndexOption) *Index {
	t.Helper()
	ix, err := BuildIndex(context.Background(), searchTestStore(t), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

const srchEx = "http://example.org/"

func TestTokenizeText(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"?!… --- ,,", nil},
		{"Hello, World!", []string{"hello", "world"}},
		{"Zürich Straße Œuvre", []string{"zurich", "strasse", "oeuvre"}},
		{"Cafe\u0301 noir", []string{"cafe", "noir"}}, // combining accent
		{"the men's room, didn't they're", []string{"the", "men", "room", "didn", "they"}},
		{"O'Brien", []string{"o", "brien"}},
		{"Airbus A340-300 in 2014", []string{"airbus", "a340", "300", "in", "2014"}},
		{"東京 タワー", []string{"東京", "タワー"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range tokenizeText(tt.in) {
			got = append(got, tok.text)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("tokenizeText(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	toks := tokenizeText("Grade A in 2014 for AS")
	if !toks[1].caps || toks[0].caps || !toks[3].numeric || toks[3].caps || !toks[5].caps || !toks[0].upper {
		t.Errorf("flags wrong: %+v", toks)
	}
	if n := len(tokenizeText(strings.Repeat("word ", 10_000))); n != maxTextTokens {
		t.Errorf("huge text: %d tokens, want the cap %d", n, maxTextTokens)
	}
}

func TestBuildIndex(t *testing.T) {
	ix := searchTestIndex(t)
	if ix.Truncated() {
		t.Error("small graph reported truncated")
	}
	if ix.BuildTime() <= 0 {
		t.Error("no build time")
	}
	// Every string literal but the empty one and the long one; no
	// numbers, dates or IRIs.
	if got, want := ix.Len(), 24; got != want {
		t.Errorf("Len = %d, want %d", got, want)
	}
	for _, d := range ix.docs {
		if d.value == "" || strings.HasPrefix(d.value, "long") || d.value == "2014-05-01" {
			t.Errorf("indexed %q", d.value)
		}
	}
	hits := ix.Search("flights to Zurich", 5)
	if len(hits) == 0 || hits[0].Kind != HitLabel || hits[0].Subjects[0] != srchEx+"zurich" {
		t.Fatalf("label hit: %+v", hits)
	}
	// "USA" is the country of two airlines: one document, count 2, two
	// samples in IRI order.
	hits = ix.Search("airlines in the USA", 1)
	want := Hit{Value: "USA", Property: srchEx + "country", Subjects: []string{srchEx + "a1", srchEx + "a2"}, Count: 2, Kind: HitLiteral}
	if len(hits) != 1 {
		t.Fatalf("hits %+v", hits)
	}
	hits[0].Score = 0
	if diff := cmp.Diff(want, hits[0]); diff != "" {
		t.Errorf("USA hit (-want +got):\n%s", diff)
	}
	// A longer maximum length indexes the long text.
	if n := searchTestIndex(t, IndexMaxValueLength(1000)).Len(); n != 25 {
		t.Errorf("with max length 1000: Len = %d, want 25", n)
	}
}

func TestBuildIndexCapAndPages(t *testing.T) {
	full := searchTestIndex(t)
	capped := searchTestIndex(t, IndexMaxValues(5))
	if !capped.Truncated() || capped.Len() != 5 {
		t.Errorf("cap 5: Len %d truncated %v", capped.Len(), capped.Truncated())
	}
	for _, size := range []int{1, 4, 7, 100} {
		paged := searchTestIndex(t, IndexPageSize(size))
		if paged.Len() != full.Len() || paged.Truncated() {
			t.Errorf("page size %d: Len %d (want %d), truncated %v", size, paged.Len(), full.Len(), paged.Truncated())
		}
		q := "Which country is JetBlue Airways from?"
		if diff := cmp.Diff(full.Search(q, 10), paged.Search(q, 10)); diff != "" {
			t.Errorf("page size %d: hits differ:\n%s", size, diff)
		}
	}
	pagedCap := searchTestIndex(t, IndexPageSize(4), IndexMaxValues(10))
	// The cap counts the pairs read; the empty value among them is not
	// indexed.
	if pagedCap.Len() > 10 || pagedCap.Len() < 9 || !pagedCap.Truncated() {
		t.Errorf("paged with cap 10: Len %d truncated %v", pagedCap.Len(), pagedCap.Truncated())
	}
}

func TestBuildIndexErrors(t *testing.T) {
	if _, err := BuildIndex(context.Background(), nil); err == nil {
		t.Error("nil endpoint: no error")
	}
	boom := errors.New("boom")
	ep := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) { return nil, boom })
	if _, err := BuildIndex(context.Background(), ep); !errors.Is(err, boom) || !strings.Contains(err.Error(), "build index") {
		t.Errorf("endpoint error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildIndex(ctx, searchTestStore(t)); err == nil {
		t.Error("cancelled context: no error")
	}
	// Rows of the wrong shape are skipped, not a panic.
	odd := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		return &sparql.Results{Vars: []string{"p", "o"}, Rows: []sparql.Row{
			{"p": sparql.NewLiteral("x"), "o": sparql.NewLiteral("y")},
			{"p": sparql.NewIRI(srchEx + "p"), "o": sparql.NewIRI(srchEx + "o")},
			{"p": sparql.NewIRI(srchEx + "p"), "o": sparql.NewLiteral("kept"), "n": sparql.NewLiteral("not a number")},
		}}, nil
	})
	ix, err := BuildIndex(context.Background(), odd)
	if err != nil || ix.Len() != 1 {
		t.Errorf("odd rows: Len %d, err %v", ix.Len(), err)
	}
}

// top returns the values of the first n hits, "value@property-local".
func hitTop(hits []Hit, n int) []string {
	var out []string
	for i := 0; i < len(hits) && i < n; i++ {
		out = append(out, hits[i].Value+"@"+strings.TrimPrefix(hits[i].Property, srchEx))
	}
	return out
}

func TestSearchLinksValues(t *testing.T) {
	ix := searchTestIndex(t)
	tests := []struct {
		name, q string
		want    string // value@property expected among the first `within` hits
		within  int
	}{
		{"exact name, case-insensitive", "What country is Jetblue airways affiliated with?", "JetBlue Airways@airline", 1},
		{"quoted value", "Which airline has the abbreviation 'JetBlue'?", "JetBlue@abbr", 1},
		{"plural", "Return the unit of measure for 'Herb' products.", "Herbs@product", 1},
		{"typo", "Count the Annaual Meeting events.", "Annual Meeting@event", 1},
		{"abbreviation", "instructors in the computer science department", "Comp. Sci.@dept", 1},
		{"joined words", "students who live in North Carolina", "NorthCarolina@state", 1},
		{"code by initials", "ships from the United Kingdom", "UK@country", 2},
		{"code by first letters", "How many students from California?", "CA@state", 1},
		{"capital letter inside the sentence", "students with sex F", "F@sex", 1},
		{"stopword in capitals inside the sentence", "departments in the division AS", "AS@division", 1},
		{"stopword in capitals searched alone (a mention)", "AS", "AS@division", 1},
		{"one-letter code of a word", "How many female students?", "F@sex", 1},
		{"number stored as a string", "How many concerts in 2014?", "2014@year", 1},
		{"edit distance", "orders of Rian", "Ryan@name", 1},
		{"accents folded", "population of Zurich", "Zürich@http://www.w3.org/2000/01/rdf-schema#label", 2},
		{"braces and quotes in the value", `the song Hey "quoted" {braces}`, `Hey "quoted" {braces}@song`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits := ix.Search(tt.q, 10)
			got := hitTop(hits, tt.within)
			for _, g := range got {
				if g == tt.want {
					return
				}
			}
			t.Errorf("Search(%q): want %s within %d, got %v", tt.q, tt.want, tt.within, hitTop(hits, 10))
		})
	}
}

func TestSearchDoesNotLink(t *testing.T) {
	ix := searchTestIndex(t)
	for _, q := range []string{
		"",
		"   ",
		"?!?!.,;:()[]{}\"'",
		"what is the number of all of them?", // stopwords only
		"a the of",                           // articles are not the grade "A"
		"A list of everything",               // "A" first in the sentence
		"As",                                 // not in capitals
		"as",
		"How many are older than 2014000?", // no such number
	} {
		if hits := ix.Search(q, 10); len(hits) != 0 {
			t.Errorf("Search(%q) linked %v", q, hitTop(hits, 10))
		}
	}
	// A name is no one-letter code: "Fairchild" is not "F".
	for _, h := range ix.Search("Which offices are in Fairchild?", 10) {
		if h.Value == "F" {
			t.Errorf("a name linked a one-letter code: %v", hitTop(ix.Search("Which offices are in Fairchild?", 10), 10))
		}
	}
	// Numbers alone link only values that are numbers: "2014", not
	// "Room 2014 Hall".
	hits := ix.Search("Show the venues with capacity over 2014", 10)
	if len(hits) == 0 || hits[0].Value != "2014" {
		t.Errorf("number value not linked first: %v", hitTop(hits, 10))
	}
	for _, h := range hits {
		if h.Value == "Room 2014 Hall" {
			t.Errorf("number linked a value with other words: %v", hitTop(hits, 10))
		}
	}
	if hits := ix.Search("JetBlue", 0); hits != nil {
		t.Errorf("k = 0: %v", hits)
	}
	var nilIx *Index
	if nilIx.Search("JetBlue", 3) != nil || nilIx.Len() != 0 {
		t.Error("nil index")
	}
}

func TestSearchHugeAndUnicode(t *testing.T) {
	ix := searchTestIndex(t)
	huge := strings.Repeat("JetBlue Airways ", 100_000) + strings.Repeat("é", 3)
	if hits := ix.Search(huge, 3); len(hits) == 0 || hits[0].Value != "JetBlue Airways" {
		t.Errorf("huge query: %v", hitTop(hits, 3))
	}
	// Invalid UTF-8 and control characters do not panic.
	ix.Search("Jet\xffBlue\x00 Air\xc3", 3)
	ix.Search(strings.Repeat("\xe2\x82", 3000), 3)
	if hits := ix.Search("東京", 3); len(hits) != 0 {
		t.Errorf("unrelated script linked: %v", hitTop(hits, 3))
	}
}

func TestSearchDeterministicTies(t *testing.T) {
	st := store.New()
	ttl := `@prefix ex: <http://example.org/> .
ex:x ex:b "Paris" ; ex:a "Paris" ; ex:c "Paris"@fr ; ex:c "Paris"@en .`
	if err := st.Load(context.Background(), strings.NewReader(ttl), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Paris@a", "Paris@b", "Paris@c", "Paris@c"}
	for i := 0; i < 20; i++ {
		hits := ix.Search("flights to Paris", 10)
		if diff := cmp.Diff(want, hitTop(hits, 10)); diff != "" {
			t.Fatalf("order (-want +got):\n%s", diff)
		}
		if hits[2].Lang != "en" || hits[3].Lang != "fr" {
			t.Fatalf("language tie-break: %+v", hits[2:])
		}
	}
}

func TestSearchConcurrent(t *testing.T) {
	ix := searchTestIndex(t)
	want := ix.Search("Which country is JetBlue Airways from?", 5)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if got := ix.Search("Which country is JetBlue Airways from?", 5); !cmp.Equal(want, got) {
					t.Error("concurrent search differs")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestIndexHelpers(t *testing.T) {
	for _, tt := range []struct {
		q, w string
		want bool
	}{
		{"ryan", "rylan", true}, {"dean", "daan", true}, {"form", "from", true},
		{"abcd", "abcd", false}, {"abcd", "wxyz", false}, {"abc", "abd", false}, {"abcd", "abcdef", false},
	} {
		if got := ixEditDistance1([]rune(tt.q), tt.w); got != tt.want {
			t.Errorf("ixEditDistance1(%q, %q) = %v", tt.q, tt.w, got)
		}
	}
	for w, want := range map[string]string{"failure": "fail", "fail": "fail", "approved": "approv", "approval": "approv",
		"shopping": "shop", "success": "success", "named": "", "city": "", "x1": ""} {
		if got := ixStem(w); got != want {
			t.Errorf("ixStem(%q) = %q, want %q", w, got, want)
		}
	}
	if got := ixPluralVariants("names"); !cmp.Equal(got, []string{"name"}) {
		t.Errorf("ixPluralVariants(names) = %v", got)
	}
	if got := ixQuotedPhrases(`the club 'Bootup Baltimore' and "Tennis Club", don't 'x`); !cmp.Equal(got, []string{"bootup baltimore", "tennis club"}) {
		t.Errorf("ixQuotedPhrases = %v", got)
	}
}

// FuzzSearch: any question text gives at most k hits, in score order,
// with finite scores and values from the index, and never panics.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"Which airlines are from the USA?", "", "\"Hey Jude\"", "Zürich 2014", "ca CA Ca", "\xff\xfe", strings.Repeat("a ", 5000), "didn't men's", "F M"} {
		f.Add(s, 10)
	}
	ix := searchTestIndex(f)
	f.Fuzz(func(t *testing.T, text string, k int) {
		k = k%50 - 5
		hits := ix.Search(text, k)
		if len(hits) > max(k, 0) {
			t.Fatalf("%d hits for k=%d", len(hits), k)
		}
		for i, h := range hits {
			if h.Score != h.Score || h.Score > 1e300 || h.Score < -1e300 {
				t.Fatalf("hit %d has score %v", i, h.Score)
			}
			if i > 0 && hits[i-1].Score < h.Score {
				t.Fatalf("hits out of order: %v before %v", hits[i-1].Score, h.Score)
			}
			if h.Value == "" && h.Property == "" {
				t.Fatalf("empty hit %+v", h)
			}
		}
	})
}

// TestIndexLeavesOutSchemaLabels: the labels of a graph's classes and
// properties ("release year" of ex:releaseYear) name its schema, not
// things in its data; they are not values a question can mention. A
// label shared with a thing stays.
func TestIndexLeavesOutSchemaLabels(t *testing.T) {
	const ttl = `@prefix ex: <http://example.org/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Film a rdfs:Class ; rdfs:label "film" .
ex:releaseYear a rdf:Property ; rdfs:label "release year" .
ex:budget rdfs:domain ex:Film ; rdfs:label "budget" .
ex:f1 a ex:Film ; ex:title "Release Year" ; ex:releaseYear 2012 ; rdfs:label "budget" .
`
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(ttl), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range ix.Search("film release year budget", 10) {
		got = append(got, h.Property+" "+h.Value)
	}
	slices.Sort(got)
	want := []string{"http://example.org/title Release Year", "http://www.w3.org/2000/01/rdf-schema#label budget"}
	if !slices.Equal(got, want) {
		t.Errorf("hits %q, want %q", got, want)
	}
	if h := ix.Search("budget", 5); len(h) != 1 || !slices.Equal(h[0].Subjects, []string{"http://example.org/f1"}) {
		t.Errorf("budget: %+v, want the film f1 alone", h)
	}
	// An endpoint that cannot list the schema's terms still gets its
	// index, with the labels in it.
	failing := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		if strings.Contains(q, "rdfs:subPropertyOf") {
			return nil, errors.New("unsupported")
		}
		return st.Query(ctx, q)
	})
	ix, err = BuildIndex(context.Background(), failing)
	if err != nil {
		t.Fatalf("a failed schema listing failed the index: %v", err)
	}
	if h := ix.Search("release year", 5); !slices.ContainsFunc(h, func(x Hit) bool { return x.Value == "release year" }) {
		t.Errorf("release year: %+v, want the property's label kept", h)
	}
}
