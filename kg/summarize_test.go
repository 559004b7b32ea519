package kg

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// testTurtle is a small graph with declared and undeclared vocabulary,
// labels in several languages, numbers, dates and references.
const testTurtle = `
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:Person a owl:Class ; rdfs:label "Person"@en, "Personne"@fr ; rdfs:comment "A human being." .
ex:Employee rdfs:subClassOf ex:Person ; rdfs:label "Employee" .
ex:worksFor a owl:ObjectProperty ; rdfs:domain ex:Employee ; rdfs:range ex:Company ; rdfs:label "works for"@en .
ex:birthDate rdfs:label "date of birth" .
ex:unusedProp a owl:DatatypeProperty .

ex:alice a ex:Person , ex:Employee ; rdfs:label "Alice" ; ex:age 34 ; ex:birthDate "1990-05-01"^^xsd:date ; ex:worksFor ex:acme ; ex:nick "Al"@en .
ex:bob a ex:Person ; rdfs:label "Bob" ; ex:age 51 ; ex:birthDate "1973-01-20"^^xsd:date ; ex:nick "Bobby" .
ex:carol a ex:Employee ; ex:age 27 ; ex:worksFor ex:acme .
ex:acme a ex:Company ; ex:name "ACME Corp." .
`

func testStore(t testing.TB, ttl string) *store.Store {
	t.Helper()
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(ttl), rdfio.Turtle, "http://example.org/", ""); err != nil {
		t.Fatal(err)
	}
	return st
}

const ex = "http://example.org/"

func TestSummarize(t *testing.T) {
	s, err := Summarize(context.Background(), "people", testStore(t, testTurtle), SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Partial || len(s.Notes) > 0 {
		t.Fatalf("partial summary: %v", s.Notes)
	}
	if s.GraphID != "people" || s.Version != SummaryVersion || s.Triples != 29 {
		t.Errorf("header: id %q version %d triples %d", s.GraphID, s.Version, s.Triples)
	}
	person, ok := s.Class(ex + "Person")
	if !ok {
		t.Fatal("no class ex:Person")
	}
	if person.Count != 2 || person.Label != "Person" || person.Comment != "A human being." || !person.Declared {
		t.Errorf("ex:Person = %+v", person)
	}
	if diff := cmp.Diff([]Entity{{IRI: ex + "alice", Label: "Alice"}, {IRI: ex + "bob", Label: "Bob"}}, person.Samples); diff != "" {
		t.Errorf("ex:Person samples (-want +got):\n%s", diff)
	}
	emp, _ := s.Class(ex + "Employee")
	if emp == nil || emp.Count != 2 || !slicesEqual(emp.SuperClasses, []string{ex + "Person"}) {
		t.Errorf("ex:Employee = %+v", emp)
	}
	// Classes by count, then IRI.
	var order []string
	for _, c := range s.Classes {
		order = append(order, strings.TrimPrefix(c.IRI, ex))
	}
	if diff := cmp.Diff([]string{"Employee", "Person", "Company", "http://www.w3.org/2002/07/owl#Class", "http://www.w3.org/2002/07/owl#DatatypeProperty", "http://www.w3.org/2002/07/owl#ObjectProperty"}, order); diff != "" {
		t.Errorf("class order (-want +got):\n%s", diff)
	}

	works, _ := s.Property(ex + "worksFor")
	if works == nil {
		t.Fatal("no ex:worksFor")
	}
	if works.Count != 2 || works.Label != "works for" || !works.Declared ||
		!slicesEqual(works.Domains, []string{ex + "Employee"}) || !slicesEqual(works.Ranges, []string{ex + "Company"}) {
		t.Errorf("ex:worksFor = %+v", works)
	}
	if diff := cmp.Diff([]ClassCount{{ex + "Company", 2}}, works.ObjectClasses); diff != "" {
		t.Errorf("ex:worksFor object classes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]ClassCount{{ex + "Employee", 2}, {ex + "Person", 1}}, works.SubjectClasses); diff != "" {
		t.Errorf("ex:worksFor subject classes (-want +got):\n%s", diff)
	}
	if works.IRIObjects != 2 || works.LiteralObjects != 0 {
		t.Errorf("ex:worksFor object kinds: %d IRIs, %d literals", works.IRIObjects, works.LiteralObjects)
	}

	age, _ := s.Property(ex + "age")
	if age == nil || age.Values == nil {
		t.Fatalf("ex:age = %+v", age)
	}
	if age.Values.Min != "27" || age.Values.Max != "51" || age.Values.Distinct != 3 || len(age.Values.Samples) != 3 {
		t.Errorf("ex:age values = %+v", age.Values)
	}
	if diff := cmp.Diff([]ClassCount{{sparql.XSD + "integer", 3}}, age.Datatypes); diff != "" {
		t.Errorf("ex:age datatypes (-want +got):\n%s", diff)
	}
	bd, _ := s.Property(ex + "birthDate")
	if bd == nil || bd.Values == nil || bd.Values.Min != "1973-01-20" || bd.Values.Max != "1990-05-01" || bd.Label != "date of birth" {
		t.Errorf("ex:birthDate = %+v (values %+v)", bd, bd.Values)
	}
	nick, _ := s.Property(ex + "nick")
	if diff := cmp.Diff([]ClassCount{{rdfNS + "langString", 1}, {sparql.XSD + "string", 1}}, nick.Datatypes); diff != "" {
		t.Errorf("ex:nick datatypes (-want +got):\n%s", diff)
	}
	if nick.Values.Min != "" {
		t.Errorf("ex:nick has a numeric range: %+v", nick.Values)
	}
	unused, _ := s.Property(ex + "unusedProp")
	if unused == nil || unused.Count != 0 || !unused.Declared {
		t.Errorf("declared, unused ex:unusedProp = %+v", unused)
	}
	wantNS := []Namespace{
		{Prefix: "", IRI: ex, Terms: 9},
		{Prefix: "rdfs", IRI: rdfsNS, Terms: 5},
		{Prefix: "owl", IRI: "http://www.w3.org/2002/07/owl#", Terms: 3},
		{Prefix: "rdf", IRI: rdfNS, Terms: 1},
	}
	if diff := cmp.Diff(wantNS, s.Namespaces); diff != "" {
		t.Errorf("namespaces (-want +got):\n%s", diff)
	}
}

func slicesEqual(a, b []string) bool { return cmp.Equal(a, b) }

func TestSummarizeDeterministic(t *testing.T) {
	st := testStore(t, testTurtle)
	a, err := Summarize(context.Background(), "g", st, SummaryOptions{Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Summarize(context.Background(), "g", st, SummaryOptions{Concurrency: 8})
	if err != nil {
		t.Fatal(err)
	}
	a.Millis, b.Millis = 0, 0
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("summaries differ with concurrency (-1 +8):\n%s", diff)
	}
	if a.Text(TextOptions{}) != b.Text(TextOptions{}) {
		t.Error("texts differ")
	}
}

func TestSummarizeLimits(t *testing.T) {
	s, err := Summarize(context.Background(), "g", testStore(t, testTurtle), SummaryOptions{MaxClasses: 2, MaxProperties: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Partial || !strings.Contains(strings.Join(s.Notes, "\n"), "classes cut at 2") || !strings.Contains(strings.Join(s.Notes, "\n"), "properties cut at 3") {
		t.Errorf("partial %v, notes %q", s.Partial, s.Notes)
	}
	n := 0
	for _, p := range s.Properties {
		if p.Count > 0 {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d counted properties, want 3", n)
	}
}

// failing wraps an endpoint and fails queries that contain any of the
// given strings.
type failing struct {
	Endpoint
	match []string
	err   error
	calls atomic.Int64
}

func (f *failing) Query(ctx context.Context, q string) (*sparql.Results, error) {
	f.calls.Add(1)
	for _, m := range f.match {
		if strings.Contains(q, m) {
			if f.err == context.DeadlineExceeded {
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return nil, f.err
		}
	}
	return f.Endpoint.Query(ctx, q)
}

func TestSummarizePartial(t *testing.T) {
	ep := &failing{Endpoint: testStore(t, testTurtle), match: []string{"COUNT(DISTINCT ?o)"}, err: errors.New("boom")}
	s, err := Summarize(context.Background(), "g", ep, SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Partial || len(s.Notes) == 0 || !strings.Contains(s.Notes[0], "boom") || !strings.Contains(s.Notes[0], "distinct values of <") {
		t.Errorf("partial %v notes %q", s.Partial, s.Notes)
	}
	if age, _ := s.Property(ex + "age"); age.Values == nil || age.Values.Distinct != -1 || age.Values.Max != "51" {
		t.Errorf("ex:age values = %+v", age.Values)
	}
	if !strings.Contains(s.Text(TextOptions{}), "[partial summary]") {
		t.Error("text does not say partial")
	}
}

func TestSummarizeQueryTimeout(t *testing.T) {
	ep := &failing{Endpoint: testStore(t, testTurtle), match: []string{"GROUP BY ?o"}, err: context.DeadlineExceeded}
	s, err := Summarize(context.Background(), "g", ep, SummaryOptions{QueryTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Partial || !strings.Contains(strings.Join(s.Notes, "\n"), "frequent values of") {
		t.Errorf("partial %v notes %q", s.Partial, s.Notes)
	}
}

func TestSummarizeFallbacks(t *testing.T) {
	// Counting every predicate fails: the property list comes from a
	// DISTINCT query, with unknown counts.
	ep := &failing{Endpoint: testStore(t, testTurtle), match: []string{"GROUP BY ?p"}, err: errors.New("too expensive")}
	s, err := Summarize(context.Background(), "g", ep, SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	age, ok := s.Property(ex + "age")
	if !ok || age.Count != -1 || age.Values == nil || age.Values.Distinct != 3 {
		t.Errorf("ex:age = %+v", age)
	}
	// Nothing can be listed: an error that says so.
	ep = &failing{Endpoint: testStore(t, testTurtle), match: []string{"SELECT"}, err: errors.New("down")}
	if _, err := Summarize(context.Background(), "g", ep, SummaryOptions{}); err == nil || !strings.Contains(err.Error(), "summarize g") || !strings.Contains(err.Error(), "down") {
		t.Errorf("err = %v", err)
	}
	// A cancelled context is an error, not a partial summary.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Summarize(ctx, "g", testStore(t, testTurtle), SummaryOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

const voidTurtle = `
@prefix void: <http://rdfs.org/ns/void#> .
@prefix ex: <http://example.org/> .
<http://example.org/void> a void:Dataset ;
  void:classPartition [ void:class ex:Person ; void:entities 1000 ] ;
  void:propertyPartition [ void:property ex:age ; void:triples 900 ] , [ void:property ex:name ; void:triples 1200 ] .
`

func TestSummarizeVoID(t *testing.T) {
	data := testStore(t, testTurtle)
	s, err := Summarize(context.Background(), "g", data, SummaryOptions{VoID: testStore(t, voidTurtle)})
	if err != nil {
		t.Fatal(err)
	}
	if !s.FromVoID {
		t.Fatal("VoID not used")
	}
	if p, _ := s.Class(ex + "Person"); p == nil || p.Count != 1000 {
		t.Errorf("ex:Person from VoID = %+v", p)
	}
	if p, _ := s.Property(ex + "name"); p == nil || p.Count != 1200 {
		t.Errorf("ex:name from VoID = %+v", p)
	}
	if p, _ := s.Property(ex + "age"); p == nil || p.Count != 900 || p.Values == nil || p.Values.Max != "51" {
		t.Errorf("ex:age from VoID, values from data = %+v", p)
	}
	s, err = Summarize(context.Background(), "g", data, SummaryOptions{VoID: testStore(t, voidTurtle), NoVoID: true})
	if err != nil || s.FromVoID {
		t.Errorf("NoVoID: from VoID %v, err %v", s.FromVoID, err)
	}
}

// recorder records the queries it passes on.
type recorder struct {
	Endpoint
	mu      sync.Mutex
	queries []string
}

func (r *recorder) Query(ctx context.Context, q string) (*sparql.Results, error) {
	r.mu.Lock()
	r.queries = append(r.queries, q)
	r.mu.Unlock()
	return r.Endpoint.Query(ctx, q)
}

// TestSummarizeHostileIRIs: IRIs from the data go into queries through
// the AST, so an IRI with characters that would end an IRIREF cannot
// change a query: it is escaped, the endpoint refuses it as an invalid
// IRI, and the rest of the summary is complete.
func TestSummarizeHostileIRIs(t *testing.T) {
	st := store.New()
	evil := `http://example.org/p> } ; DROP ALL ; SELECT * WHERE { ?s ?p ?o <x`
	sts := []sparql.Statement{
		{Subject: &sparql.IRI{Value: ex + "s"}, Predicate: &sparql.IRI{Value: evil}, Object: &sparql.Literal{Lexical: `"quoted" }`}},
		{Subject: &sparql.IRI{Value: ex + "s"}, Predicate: &sparql.IRI{Value: ex + "name"}, Object: &sparql.Literal{Lexical: `"quoted" }`}},
		{Subject: &sparql.IRI{Value: ex + "s"}, Predicate: &sparql.IRI{Value: rdfNS + "type"}, Object: &sparql.IRI{Value: evil + "C"}},
	}
	if err := st.AddTriples("", sts); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Endpoint: st}
	s, err := Summarize(context.Background(), "g", rec, SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range rec.queries {
		if strings.Contains(q, "DROP ALL") || strings.Contains(q, "p> }") {
			t.Errorf("an IRI leaked into a query unescaped:\n%s", q)
		}
	}
	if !s.Partial || !strings.Contains(strings.Join(s.Notes, "\n"), "not allowed in an IRI") {
		t.Errorf("partial %v, notes %q", s.Partial, s.Notes)
	}
	if _, ok := s.Property(evil); !ok {
		t.Error("the hostile property is not listed")
	}
	p, ok := s.Property(ex + "name")
	if !ok || p.Values == nil || p.Values.Distinct != 1 || len(p.Values.Samples) != 1 || p.Values.Samples[0] != `"quoted" }` {
		t.Errorf("ex:name = %+v", p)
	}
}

func TestSummaryText(t *testing.T) {
	s, err := Summarize(context.Background(), "people", testStore(t, testTurtle), SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := s.Text(TextOptions{Description: "  Staff and employers.  "})
	for _, want := range []string{
		"Graph people (29 triples, 6 classes, 12 properties)\nStaff and employers.\nPrefixes: : <http://example.org/> rdfs: ",
		`- :Person "Person" (2) — A human being.; e.g. "Alice", "Bob"` + "\n",
		`- :Employee "Employee" (2) ⊑ :Person; e.g. "Alice"` + "\n",
		`- :worksFor "works for" (2): :Employee | :Person → :Company; domain :Employee; range :Company; 1 distinct` + "\n",
		`- :name (1): :Company → xsd:string; 1 distinct; e.g. "ACME Corp."` + "\n",
		"- :age (3): :Employee | :Person → xsd:integer; 3 distinct; 27..51\n",
		"- :unusedProp (0)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	cut := s.Text(TextOptions{MaxClasses: 1, MaxProperties: 2})
	if !strings.Contains(cut, "- … 5 more classes\n") || !strings.Contains(cut, "- … 10 more properties\n") {
		t.Errorf("cut text:\n%s", cut)
	}
	if got := s.Compact("http://www.w3.org/2004/02/skos/core#prefLabel"); got != "skos:prefLabel" {
		t.Errorf("Compact(skos:prefLabel) = %q", got)
	}
	if got := s.Compact("urn:x:y"); got != "<urn:x:y>" {
		t.Errorf("Compact(urn:x:y) = %q", got)
	}
}
