package kg

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// describeTestTurtle declares a small schema (classes, a subclass, a
// sub-property, domains and ranges) and has instances with many values,
// plus a Spider-style table with nothing declared.
func describeTestTurtle() string {
	var b strings.Builder
	b.WriteString(`@prefix ex: <http://example.org/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

ex:Person a owl:Class ; rdfs:label "Person" .
ex:Agent a owl:Class .
ex:Student rdfs:subClassOf ex:Person .
ex:Person rdfs:subClassOf ex:Agent .
ex:City a rdfs:Class .
ex:livesIn a owl:ObjectProperty ; rdfs:domain ex:Person ; rdfs:range ex:City .
ex:bornIn rdfs:subPropertyOf ex:livesIn .
ex:name a owl:DatatypeProperty ; rdfs:domain ex:Person .
ex:alice a ex:Person ; ex:name "Alice"@en ; ex:livesIn ex:paris ; ex:age 34 ; ex:knows _:b1 .
ex:bob a ex:Student ; ex:name "Bob" ; ex:livesIn ex:paris .
ex:paris a ex:City ; ex:name "Paris" .
_:b1 ex:name "Anonymous" ; ex:livesIn ex:paris .
`)
	for i := 1; i <= 15; i++ {
		fmt.Fprintf(&b, "ex:alice ex:nick \"nick%02d\" .\n", i)
		fmt.Fprintf(&b, "ex:fan%02d a ex:Person ; ex:admires ex:alice .\n", i)
	}
	b.WriteString(`<http://valuenet/ontop/singer/singer_id=1> a <http://valuenet/ontop/singer> ;
  <http://valuenet/ontop/singer#name> "Joe Sharp" ; <http://valuenet/ontop/singer#age> 52 .
<http://valuenet/ontop/singer/singer_id=2> a <http://valuenet/ontop/singer> ;
  <http://valuenet/ontop/singer#name> "Timbaland" .
<http://valuenet/ontop/sic/1> <http://valuenet/ontop/sic#ref-singer_id> <http://valuenet/ontop/singer/singer_id=1> .
`)
	return b.String()
}

// describeRecorder runs queries on a store and records them.
type describeRecorder struct {
	st      *store.Store
	mu      sync.Mutex
	queries []string
	fail    func(q string) bool
}

func (r *describeRecorder) Query(ctx context.Context, q string) (*sparql.Results, error) {
	r.mu.Lock()
	r.queries = append(r.queries, q)
	r.mu.Unlock()
	if r.fail != nil && r.fail(q) {
		return nil, errors.New("injected failure")
	}
	return r.st.Query(ctx, q)
}

func newDescribeRecorder(t *testing.T) *describeRecorder {
	t.Helper()
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(describeTestTurtle()), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	return &describeRecorder{st: st}
}

func values(pv PropertyValues) []string {
	var out []string
	for _, v := range pv.Values {
		out = append(out, v.Key())
	}
	return out
}

func findPV(pvs []PropertyValues, p string) (PropertyValues, bool) {
	for _, pv := range pvs {
		if pv.Property == p {
			return pv, true
		}
	}
	return PropertyValues{}, false
}

func TestDescribeEntity(t *testing.T) {
	rec := newDescribeRecorder(t)
	d, err := Describe(context.Background(), rec, srchEx+"alice")
	if err != nil {
		t.Fatal(err)
	}
	if d.IsClass || d.IsProperty || d.Partial {
		t.Errorf("kind: class %v property %v partial %v %v", d.IsClass, d.IsProperty, d.Partial, d.Notes)
	}
	nick, ok := findPV(d.Outgoing, srchEx+"nick")
	if !ok || nick.Count != 15 || len(nick.Values) != 10 || nick.Values[0].Key() != `"nick01"` || nick.Values[9].Key() != `"nick10"` {
		t.Errorf("nick pruned after 10: %+v %v", nick, values(nick))
	}
	if d.Outgoing[0].Property != srchEx+"nick" {
		t.Errorf("most used property first: %v", d.Outgoing[0].Property)
	}
	name, _ := findPV(d.Outgoing, srchEx+"name")
	if diff := cmp.Diff([]string{`"Alice"@en`}, values(name)); diff != "" {
		t.Errorf("name: %s", diff)
	}
	knows, _ := findPV(d.Outgoing, srchEx+"knows")
	if len(knows.Values) != 1 || !strings.HasPrefix(knows.Values[0].Key(), "_:") {
		t.Errorf("blank node value: %v", values(knows))
	}
	admirers, ok := findPV(d.Incoming, srchEx+"admires")
	if !ok || admirers.Count != 15 || len(admirers.Values) != 10 {
		t.Errorf("incoming admires: %+v", admirers)
	}
	text := d.Text()
	for _, want := range []string{
		":alice (resource)",
		"Prefixes:",
		"- :nick (15): \"nick01\", \"nick02\"",
		", … 5 more\n",
		"- :age: \"34\"^^xsd:integer",
		"- :name: \"Alice\"@en",
		"Incoming:\n- :admires (15): :fan01",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Text lacks %q:\n%s", want, text)
		}
	}
	for _, q := range rec.queries {
		if !strings.Contains(q, "LIMIT") {
			t.Errorf("query without LIMIT:\n%s", q)
		}
		if _, err := sparql.Parse(q); err != nil {
			t.Errorf("query does not parse: %v\n%s", err, q)
		}
	}

	// Options: fewer values per property, fewer properties.
	d, err = Describe(context.Background(), rec, srchEx+"alice", DescribePerProperty(3), DescribeMaxProperties(2))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Outgoing) != 2 || d.MoreOutgoing != 4 || len(d.Outgoing[0].Values) != 3 {
		t.Errorf("options: %d properties, %d more, %d values", len(d.Outgoing), d.MoreOutgoing, len(d.Outgoing[0].Values))
	}
	if !strings.Contains(d.Text(), "- … 4 more properties") {
		t.Errorf("Text lacks the count of left-out properties:\n%s", d.Text())
	}
}

func TestDescribeClass(t *testing.T) {
	rec := newDescribeRecorder(t)
	d, err := Describe(context.Background(), rec, srchEx+"Person")
	if err != nil {
		t.Fatal(err)
	}
	if !d.IsClass || d.IsProperty || d.Partial {
		t.Fatalf("kind: class %v property %v partial %v %v", d.IsClass, d.IsProperty, d.Partial, d.Notes)
	}
	if d.Instances != 16 {
		t.Errorf("Instances = %d, want 16", d.Instances)
	}
	want := struct{ Sub, Super, Domain, Range []string }{
		[]string{srchEx + "Student"}, []string{srchEx + "Agent"}, []string{srchEx + "livesIn", srchEx + "name"}, nil,
	}
	got := struct{ Sub, Super, Domain, Range []string }{d.SubClasses, d.SuperClasses, d.DomainOf, d.RangeOf}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("class relations (-want +got):\n%s", diff)
	}
	if len(d.InstanceProperties) == 0 || d.InstanceProperties[0].IRI != srchEx+"admires" || d.InstanceProperties[0].Count != 15 {
		t.Errorf("instance properties: %+v", d.InstanceProperties)
	}
	city, err := Describe(context.Background(), rec, srchEx+"City")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{srchEx + "livesIn"}, city.RangeOf); diff != "" || city.Instances != 1 {
		t.Errorf("City: range of %v, instances %d", city.RangeOf, city.Instances)
	}
	if len(city.InstanceIncoming) != 1 || city.InstanceIncoming[0] != (ClassCount{IRI: srchEx + "livesIn", Count: 3}) {
		t.Errorf("City incoming: %+v", city.InstanceIncoming)
	}
	text := d.Text()
	for _, want := range []string{":Person (class, 16 instances)", "Superclasses: :Agent", "Subclasses: :Student",
		"Domain of: :livesIn, :name", "Properties of instances (sample of 16): :admires (15)", "Outgoing:\n- rdf:type: owl:Class"} {
		if !strings.Contains(text, want) {
			t.Errorf("Text lacks %q:\n%s", want, text)
		}
	}
}

func TestDescribeProperty(t *testing.T) {
	rec := newDescribeRecorder(t)
	d, err := Describe(context.Background(), rec, srchEx+"livesIn")
	if err != nil {
		t.Fatal(err)
	}
	if d.IsClass || !d.IsProperty {
		t.Fatalf("kind: class %v property %v", d.IsClass, d.IsProperty)
	}
	if d.Uses != 3 || !cmp.Equal(d.Domains, []string{srchEx + "Person"}) || !cmp.Equal(d.Ranges, []string{srchEx + "City"}) ||
		!cmp.Equal(d.SubProperties, []string{srchEx + "bornIn"}) {
		t.Errorf("property facts: uses %d domains %v ranges %v subs %v", d.Uses, d.Domains, d.Ranges, d.SubProperties)
	}
	if diff := cmp.Diff([]ClassCount{{srchEx + "Person", 1}, {srchEx + "Student", 1}}, d.SubjectClasses); diff != "" {
		t.Errorf("subject classes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]ClassCount{{srchEx + "City", 3}}, d.ObjectClasses); diff != "" {
		t.Errorf("object classes (-want +got):\n%s", diff)
	}
	bornIn, err := Describe(context.Background(), rec, srchEx+"bornIn")
	if err != nil {
		t.Fatal(err)
	}
	if !bornIn.IsProperty || bornIn.Uses != 0 || !cmp.Equal(bornIn.SuperProperties, []string{srchEx + "livesIn"}) {
		t.Errorf("declared, unused property: %+v", bornIn)
	}
	name, err := Describe(context.Background(), rec, srchEx+"name")
	if err != nil {
		t.Fatal(err)
	}
	if len(name.ObjectDatatypes) != 2 {
		t.Errorf("name datatypes: %+v", name.ObjectDatatypes)
	}
	// A Spider-style graph declares nothing: what is observed still shows.
	age, err := Describe(context.Background(), rec, "http://valuenet/ontop/singer#age")
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(age.SubjectClasses, []ClassCount{{"http://valuenet/ontop/singer", 1}}) ||
		!cmp.Equal(age.ObjectDatatypes, []ClassCount{{sparql.XSDInteger, 1}}) {
		t.Errorf("singer#age: %+v", age)
	}
	text := age.Text()
	for _, want := range []string{":singer#age (property, 1 uses)", "Subject classes (sample of 1 triples): :singer (1)", "Object datatypes (sample of 1 triples): xsd:integer (1)"} {
		if !strings.Contains(text, want) {
			t.Errorf("Text lacks %q:\n%s", want, text)
		}
	}
	singer, err := Describe(context.Background(), rec, "http://valuenet/ontop/singer", DescribeSampleSize(1))
	if err != nil {
		t.Fatal(err)
	}
	if !singer.IsClass || singer.Instances != 2 || singer.Sample != 1 || len(singer.InstanceProperties) == 0 {
		t.Errorf("singer class: %+v", singer)
	}
	sampled := 0
	for _, q := range rec.queries {
		if strings.Contains(q, "SELECT ?i") && strings.Contains(q, "<http://valuenet/ontop/singer>") {
			sampled++
			if strings.Contains(q, "LIMIT 1000") {
				t.Errorf("sample size not applied:\n%s", q)
			}
		}
	}
	if sampled != 2 {
		t.Errorf("%d sampled instance queries, want 2", sampled)
	}
}

func TestDescribeBadIRIs(t *testing.T) {
	rec := newDescribeRecorder(t)
	for _, bad := range []string{"", "alice", ":alice", "1http://x", "http://x/a>b", "http://x/a b", "http://x/{}", "http://x/\"", "http://x/\x00",
		"http://x/a> } DROP ALL { <y", strings.Repeat("x", 9000)} {
		_, err := Describe(context.Background(), rec, bad)
		if !errors.Is(err, ErrBadIRI) {
			t.Errorf("Describe(%q): err %v, want ErrBadIRI", shorten(bad, 30), err)
		}
	}
	if len(rec.queries) != 0 {
		t.Errorf("queries sent for bad IRIs: %q", rec.queries)
	}
	for _, good := range []string{"http://example.org/a%20b", "urn:isbn:123", "http://valuenet/ontop/singer#ref-singer_id", "http://例え.jp/ü"} {
		if err := CheckIRI(good); err != nil {
			t.Errorf("CheckIRI(%q): %v", good, err)
		}
	}
	if _, err := Describe(context.Background(), nil, srchEx+"alice"); err == nil {
		t.Error("nil endpoint: no error")
	}
}

func TestDescribeFailures(t *testing.T) {
	rec := newDescribeRecorder(t)
	// A failing class-relations query leaves a partial description.
	rec.fail = func(q string) bool { return strings.Contains(q, `"sub" AS ?rel`) }
	d, err := Describe(context.Background(), rec, srchEx+"Person")
	if err != nil {
		t.Fatal(err)
	}
	if !d.Partial || len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "class relations") || !strings.Contains(d.Text(), "[partial]") {
		t.Errorf("partial: %v %v", d.Partial, d.Notes)
	}
	// A failing triples query is an error naming what failed.
	rec.fail = func(q string) bool { return strings.Contains(q, "GROUP BY ?p") }
	if _, err := Describe(context.Background(), rec, srchEx+"alice"); err == nil || !strings.Contains(err.Error(), "outgoing properties") {
		t.Errorf("error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec.fail = nil
	if _, err := Describe(ctx, rec, srchEx+"alice"); err == nil {
		t.Error("cancelled context: no error")
	}
	var nilD *Description
	if nilD.Text() != "" {
		t.Error("nil description text")
	}
}
