package display

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// The test graph: entities named every way the package knows, and some
// named no way.
const peopleTTL = `
@prefix ex:   <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd:  <http://www.w3.org/2001/XMLSchema#> .

ex:lisbon  a ex:City ; rdfs:label "Lissabon"@de, "Lisbon"@en-GB, "Lisboa" ; ex:population 545000 .
ex:porto   a ex:City ; rdfs:label "Porto" ; skos:prefLabel "Oporto"@en .
ex:braga   a ex:City ; skos:prefLabel "Braga"@pt .
ex:faro    a ex:City ; rdfs:label "Faro"@pt ; skos:prefLabel "Faro (city)"@pt .
ex:rosa    a ex:Artist ; ex:name "Rosa Quill" ; ex:country "Portugal" ; ex:hometown ex:porto .
ex:copper  a ex:Artist ; ex:name "The Copper Lanterns" ; ex:country "Portugal" .
ex:album1  a ex:Album ; ex:title "Tide Lines" ; ex:artist_name "Rosa Quill" ; ex:tracks 11 .
ex:album2  a ex:Album ; ex:artist_name "Nobody" ; ex:tracks 9 .
ex:song7   a ex:Song ; ex:song_name "Harbour" ; ex:number 7 .
ex:order1  a ex:Order ; ex:total 12.5 .
ex:nothing ex:note "not typed, no label" .
`

// countingEndpoint counts the queries that reach the store.
type countingEndpoint struct {
	kg.Endpoint
	mu      sync.Mutex
	queries []string
	fail    bool
}

func (c *countingEndpoint) Query(ctx context.Context, q string) (*sparql.Results, error) {
	c.mu.Lock()
	c.queries = append(c.queries, q)
	fail := c.fail
	c.mu.Unlock()
	if fail {
		return nil, errors.New("endpoint down")
	}
	return c.Endpoint.Query(ctx, q)
}

func (c *countingEndpoint) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.queries)
}

// testGraph loads ttl into a summarised graph whose queries are counted.
func testGraph(t *testing.T, id, ttl string) (*kg.Graph, *countingEndpoint) {
	t.Helper()
	st := store.New()
	if err := st.Load(t.Context(), strings.NewReader(ttl), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	ep := &countingEndpoint{Endpoint: st}
	g := &kg.Graph{ID: id, Endpoint: ep}
	s, err := kg.Summarize(t.Context(), id, g, kg.SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g.Summary = s
	ep.queries = nil
	return g, ep
}

const ex = "http://example.org/"

func TestLookup(t *testing.T) {
	g, _ := testGraph(t, "people", peopleTTL)
	iris := []string{"lisbon", "porto", "braga", "faro", "rosa", "copper", "album1", "album2", "song7", "order1", "nothing", "absent"}
	for i, s := range iris {
		iris[i] = ex + s
	}
	for _, tt := range []struct {
		langs []string
		want  map[string]string
	}{
		{nil, map[string]string{
			"lisbon": "Lisbon",     // en-GB matches the range en
			"porto":  "Oporto",     // English before untagged, whatever the property
			"braga":  "Braga",      // another language when there is no other
			"faro":   "Faro",       // rdfs:label before skos:prefLabel
			"rosa":   "Rosa Quill", // the class's naming attribute ex:name
			"copper": "The Copper Lanterns",
			"album1": "Tide Lines", // title, not another thing's name (artist_name)
			"song7":  "Harbour",    // the class's own name (song_name)
		}},
		{[]string{"de", ""}, map[string]string{
			"lisbon": "Lissabon", "porto": "Porto", "braga": "Braga", "faro": "Faro",
			"rosa": "Rosa Quill", "copper": "The Copper Lanterns", "album1": "Tide Lines", "song7": "Harbour",
		}},
		{[]string{""}, map[string]string{
			"lisbon": "Lisboa", "porto": "Porto", "braga": "Braga", "faro": "Faro",
			"rosa": "Rosa Quill", "copper": "The Copper Lanterns", "album1": "Tide Lines", "song7": "Harbour",
		}},
	} {
		n := New(Config{Languages: tt.langs, Batch: 5}) // batches of 5: three batches
		got, err := n.Lookup(t.Context(), g, iris)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{}
		for k, v := range tt.want {
			want[ex+k] = v
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("languages %q:\n got %v\nwant %v", tt.langs, got, want)
		}
	}
}

func TestNamings(t *testing.T) {
	g, _ := testGraph(t, "people", peopleTTL)
	got := map[string]string{}
	for _, nm := range Namings(g.Summary) {
		got[strings.TrimPrefix(nm.Class, ex)] = strings.TrimPrefix(nm.Property, ex)
	}
	// City has only labels; Order has no name-like property.
	want := map[string]string{"Artist": "name", "Album": "title", "Song": "song_name"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Namings = %v, want %v", got, want)
	}
	if Namings(nil) != nil {
		t.Error("Namings(nil) is not nil")
	}
}

// answerOf is an answer with one column of IRIs, each row from the
// given provenance indices.
func answerOf(iris []string, sources [][]int, graphs ...string) *handoff.Answer {
	ans := &handoff.Answer{Results: &sparql.Results{Vars: []string{"x", "n"}}, RowSources: sources}
	for _, iri := range iris {
		ans.Results.Rows = append(ans.Results.Rows, sparql.Row{"x": sparql.NewIRI(ex + iri), "n": sparql.NewTypedLiteral("1", sparql.XSDInteger)})
	}
	for _, g := range graphs {
		ans.Provenance = append(ans.Provenance, handoff.Provenance{Subgoal: "s1", Graph: g, Query: "SELECT …"})
	}
	return ans
}

func TestNamesCacheAndSources(t *testing.T) {
	a, epA := testGraph(t, "a", peopleTTL)
	// Graph b names ex:order1 (a does not) and names ex:rosa otherwise.
	b, epB := testGraph(t, "b", `@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:order1 rdfs:label "Order no. 1" . ex:rosa rdfs:label "R. Quill" .`)
	coll, err := kg.NewCollection(a, b)
	if err != nil {
		t.Fatal(err)
	}
	n := New(Config{})
	// Row 0 came from graph a, row 1 from b, row 2 from both, a first.
	ans := answerOf([]string{"rosa", "order1", "order1", "absent"}, [][]int{{0}, {1}, {0, 1}, {0}}, "a", "b")
	names, st, err := n.Names(t.Context(), coll, ans)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ex + "rosa": "Rosa Quill", ex + "order1": "Order no. 1"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
	if st.IRIs != 3 || st.Named != 2 || st.Cached != 0 || st.Queries == 0 {
		t.Errorf("stats %+v", st)
	}
	qa, qb := epA.count(), epB.count()
	// Asked again: every answer comes from the cache, absences too.
	names2, st2, err := n.Names(t.Context(), coll, ans)
	if err != nil || !reflect.DeepEqual(names2, names) {
		t.Errorf("second time: %v, %v", names2, err)
	}
	if epA.count() != qa || epB.count() != qb || st2.Queries != 0 || st2.Cached == 0 {
		t.Errorf("second time ran queries: a %d→%d, b %d→%d, stats %+v", qa, epA.count(), qb, epB.count(), st2)
	}
	// Without row sources, every graph of the provenance is asked, in
	// order: a names rosa first.
	names3, _, err := New(Config{}).Names(t.Context(), coll, answerOf([]string{"rosa", "order1"}, nil, "b", "a"))
	if err != nil {
		t.Fatal(err)
	}
	if names3[ex+"rosa"] != "R. Quill" || names3[ex+"order1"] != "Order no. 1" {
		t.Errorf("provenance order b, a: %v", names3)
	}
}

func TestNamesFailuresAndLimits(t *testing.T) {
	a, epA := testGraph(t, "a", peopleTTL)
	coll, err := kg.NewCollection(a)
	if err != nil {
		t.Fatal(err)
	}
	epA.fail = true
	n := New(Config{})
	names, _, err := n.Names(t.Context(), coll, answerOf([]string{"rosa"}, nil, "a"))
	if err == nil || !strings.Contains(err.Error(), "graph a") || len(names) != 0 {
		t.Errorf("failing endpoint: names %v, err %v", names, err)
	}
	// A failure is not cached: the endpoint back, the name is found.
	epA.fail = false
	names, _, err = n.Names(t.Context(), coll, answerOf([]string{"rosa"}, nil, "a"))
	if err != nil || names[ex+"rosa"] != "Rosa Quill" {
		t.Errorf("after recovery: %v, %v", names, err)
	}
	// A graph the collection lacks is an error naming it.
	if _, _, err := n.Names(t.Context(), coll, answerOf([]string{"copper"}, nil, "gone")); err == nil || !strings.Contains(err.Error(), `"gone"`) {
		t.Errorf("unknown graph: %v", err)
	}
	// The cap on IRIs per answer.
	capped := New(Config{MaxIRIs: 1})
	names, st, err := capped.Names(t.Context(), coll, answerOf([]string{"rosa", "copper"}, nil, "a"))
	if err != nil || len(names) != 1 || st.Capped != 1 || st.IRIs != 2 {
		t.Errorf("capped: %v %+v %v", names, st, err)
	}
	// No answer, no look-up.
	for _, ans := range []*handoff.Answer{nil, {}, {Results: &sparql.Results{Boolean: new(bool)}, Provenance: []handoff.Provenance{{Graph: "a"}}}} {
		if names, _, err := n.Names(t.Context(), coll, ans); len(names) != 0 || err != nil {
			t.Errorf("%v: %v, %v", ans, names, err)
		}
	}
	// A cancelled context is an error, not a hang or a panic.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := New(Config{}).Names(ctx, coll, answerOf([]string{"copper"}, nil, "a")); err == nil {
		t.Error("cancelled context: no error")
	}
}

// TestCacheBound: a full cache is emptied, not grown.
func TestCacheBound(t *testing.T) {
	a, _ := testGraph(t, "a", peopleTTL)
	n := New(Config{MaxCached: 2})
	if _, err := n.Lookup(t.Context(), a, []string{ex + "rosa", ex + "copper", ex + "album1"}); err != nil {
		t.Fatal(err)
	}
	n.mu.Lock()
	size := len(n.cache["a"])
	n.mu.Unlock()
	if size > 2 {
		t.Errorf("cache holds %d names, more than MaxCached 2", size)
	}
}

// TestOddIRIs: an IRI that cannot be written in a query is not asked
// about (it stays unnamed), and the others still are.
func TestOddIRIs(t *testing.T) {
	a, epA := testGraph(t, "a", peopleTTL)
	odd := `http://example.org/x"} ?s ?p ?o {`
	names, err := New(Config{}).Lookup(t.Context(), a, []string{odd, ex + "rosa", "not an IRI"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(names, map[string]string{ex + "rosa": "Rosa Quill"}) {
		t.Errorf("names = %v", names)
	}
	for _, q := range epA.queries {
		if strings.Contains(q, "example.org/x") {
			t.Errorf("the odd IRI was sent:\n%s", q)
		}
	}
}

func ExampleNamer_Lookup() {
	ctx := context.Background()
	st := store.New()
	_ = st.Load(ctx, strings.NewReader(`@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:lisbon a ex:City ; rdfs:label "Lisboa"@pt, "Lisbon"@en .
ex:rosa a ex:Artist ; ex:name "Rosa Quill" .`), rdfio.Turtle, "", "")
	g := &kg.Graph{ID: "demo", Endpoint: st}
	g.Summary, _ = kg.Summarize(ctx, g.ID, g, kg.SummaryOptions{})

	n := New(Config{}) // English labels first, then untagged ones
	names, err := n.Lookup(ctx, g, []string{"http://example.org/lisbon", "http://example.org/rosa"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(names["http://example.org/lisbon"]) // its English label
	fmt.Println(names["http://example.org/rosa"])   // its class's naming attribute, ex:name
	// Output:
	// Lisbon
	// Rosa Quill
}
