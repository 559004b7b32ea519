package skeletons

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

const ex = "http://example.org/"

const testData = `@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:s1 a ex:singer ; ex:name "Ann" ; ex:age 31 ; ex:country "France" .
ex:s2 a ex:singer ; ex:name "Bo" ; ex:age 45 ; ex:country "Chile" .
ex:s3 a ex:singer ; ex:name "Cy" ; ex:age 25 ; ex:country "France" .
ex:s4 a ex:singer ; ex:name "Di \"the\" {x} #1 >" ; ex:age 60 ; ex:country "Peru" .
ex:c1 a ex:concert ; ex:title "Summer" ; ex:year 2014 ; ex:performer ex:s1 .
ex:c2 a ex:concert ; ex:title "Winter" ; ex:year 2015 ; ex:performer ex:s1 .
ex:c3 a ex:concert ; ex:title "Spring" ; ex:year 2015 ; ex:performer ex:s2 .
`

func testStore(t testing.TB) *store.Store {
	t.Helper()
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(testData), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	return st
}

func attr(n int, p string) *Attr { return &Attr{Node: n, Property: ex + p} }

func run(t *testing.T, st *store.Store, p *Plan) []string {
	t.Helper()
	q, err := p.Query(BuildOptions{Prefixes: []handoff.Prefix{{Prefix: "ex", IRI: ex}}})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	text := sparql.Print(q)
	if _, err := sparql.Parse(text); err != nil {
		t.Fatalf("built query does not parse: %v\n%s", err, text)
	}
	res, err := st.Query(context.Background(), text)
	if err != nil {
		t.Fatalf("query: %v\n%s", err, text)
	}
	var rows []string
	for _, r := range res.Rows {
		var cells []string
		for _, v := range res.Vars {
			if x, ok := r[v]; ok {
				switch x := x.(type) {
				case *sparql.Literal:
					cells = append(cells, x.Lexical)
				default:
					cells = append(cells, fmt.Sprint(x))
				}
			}
		}
		rows = append(rows, strings.Join(cells, "|"))
	}
	if res.Boolean != nil {
		rows = append(rows, map[bool]string{true: "true", false: "false"}[*res.Boolean])
	}
	return rows
}

func lit(s string) sparql.Term { return sparql.NewLiteral(s) }
func num(s string) sparql.Term {
	return &sparql.Literal{Lexical: s, Datatype: sparql.NewIRI(sparql.XSD + "integer"), Form: sparql.BareLiteral}
}

func TestPlanQueries(t *testing.T) {
	st := testStore(t)
	singer := []Node{{Class: ex + "singer"}}
	sc := []Node{{Class: ex + "singer"}, {Class: ex + "concert"}}
	perf := []Edge{{From: 1, To: 0, Property: ex + "performer"}}
	cases := []struct {
		name string
		p    *Plan
		want string
	}{
		{"lookup", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Ann,Bo,Cy,Di \"the\" {x} #1 >"},
		{"filter-eq", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("France")}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Ann,Cy"},
		{"filter-gt", &Plan{Nodes: singer, Select: []Item{{Agg: handoff.AggCount}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterGt, Value: num("30")}}}, "3"},
		{"between", &Plan{Nodes: singer, Select: []Item{{Agg: handoff.AggCount}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterBetween, Value: num("30"), Value2: num("50")}}}, "2"},
		{"contains", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "name")}, Op: handoff.FilterContains, Value: lit("B")}}}, "Bo"},
		{"avg", &Plan{Nodes: singer, Select: []Item{{Agg: handoff.AggAvg, Attr: attr(0, "age")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("France")}}}, "28.0"},
		{"group-count", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "country")}, {Agg: handoff.AggCount}}, GroupBy: []Attr{*attr(0, "country")}, Order: []Order{{Item: Item{Agg: handoff.AggCount}, Desc: true}, {Item: Item{Attr: attr(0, "country")}}}}, "France|2,Chile|1,Peru|1"},
		{"having", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "country")}}, GroupBy: []Attr{*attr(0, "country")}, Having: []Cond{{Item: Item{Agg: handoff.AggCount}, Op: handoff.FilterGe, Value: num("2")}}}, "France"},
		// "singers with more concerts than Bo": each one's count against
		// Bo's, a sub-select in HAVING.
		{"having-sub", &Plan{Nodes: sc, Edges: perf, Select: []Item{{Attr: attr(0, "name")}}, GroupBy: []Attr{{Node: 0}, *attr(0, "name")},
			Having: []Cond{{Item: Item{Agg: handoff.AggCount}, Op: handoff.FilterGt, Sub: &Plan{Nodes: sc, Edges: perf, Select: []Item{{Agg: handoff.AggCount}},
				Filters: []Cond{{Item: Item{Attr: attr(0, "name")}, Op: handoff.FilterEq, Value: lit("Bo")}}}}}}, "Ann"},
		{"superlative", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Order: []Order{{Item: Item{Attr: attr(0, "age")}, Desc: true}}, Limit: 1}, "Di \"the\" {x} #1 >"},
		{"join-filter-year", &Plan{Distinct: true, Nodes: sc, Edges: perf, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterGt, Value: num("2014")}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Ann,Bo"},
		{"group-join-rank", &Plan{Nodes: sc, Edges: perf, Select: []Item{{Attr: attr(0, "name")}}, GroupBy: []Attr{{Node: 0}, *attr(0, "name")}, Order: []Order{{Item: Item{Agg: handoff.AggCount}, Desc: true}}, Limit: 1}, "Ann"},
		{"not-exists", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Negs: []Neg{{Node: 0, Pattern: &Plan{Nodes: []Node{{}, {Class: ex + "concert"}}, Edges: perf}}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Cy,Di \"the\" {x} #1 >"},
		{"minus", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Negs: []Neg{{Node: 0, Minus: true, Pattern: &Plan{Nodes: []Node{{}, {Class: ex + "concert"}}, Edges: perf, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterEq, Value: num("2015")}}}}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Cy,Di \"the\" {x} #1 >"},
		{"above-average", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterGt, Sub: &Plan{Nodes: singer, Select: []Item{{Agg: handoff.AggAvg, Attr: attr(0, "age")}}}}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Bo,Di \"the\" {x} #1 >"},
		{"ask", &Plan{Ask: true, Nodes: singer, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("Chile")}}}, "true"},
		{"union", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("Chile")}},
			Set: &SetOp{Op: "union", Right: &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("Peru")}}}}}, "Bo,Di \"the\" {x} #1 >"},
		{"intersect", &Plan{Nodes: sc, Edges: perf, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterEq, Value: num("2014")}},
			Set: &SetOp{Op: "intersect", Right: &Plan{Nodes: sc, Edges: perf, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterEq, Value: num("2015")}}}}}, "Ann"},
		{"value-join", &Plan{Nodes: []Node{{Class: ex + "singer"}, {Class: ex + "singer"}}, Select: []Item{{Attr: attr(0, "name")}, {Attr: attr(1, "name")}},
			Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Right: attr(1, "country")}, {Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterGt, Right: attr(1, "age")}}}, "Ann|Cy"},
		{"or", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Or: []Cond{
			{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("Chile")},
			{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterGt, Value: num("50")}}}}, Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Bo,Di \"the\" {x} #1 >"},
		{"contains-case-sensitive", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "name")}, Op: handoff.FilterContains, Value: lit("b"), CaseSensitive: true}}}, ""},
		{"str", &Plan{Nodes: singer, Select: []Item{{Agg: handoff.AggCount}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age"), Func: "str"}, Op: handoff.FilterContains, Value: lit("5"), CaseSensitive: true}}}, "2"},
		{"in-subquery", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "name")}, Op: handoff.FilterEq,
			Sub: &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("France")}}}}},
			Order: []Order{{Item: Item{Attr: attr(0, "name")}}}}, "Ann,Cy"},
		{"except-limit", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Limit: 1,
			Set: &SetOp{Op: "except", Right: &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "name")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterLt, Value: num("59")}}}}}, "Di \"the\" {x} #1 >"},
		{"star", &Plan{Star: true, Nodes: singer, Select: []Item{{Attr: &Attr{Node: 0}}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: lit("Chile")}}},
			"<http://example.org/s2>|Chile"},
		{"except", &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "country")}},
			Set: &SetOp{Op: "except", Right: &Plan{Nodes: singer, Select: []Item{{Attr: attr(0, "country")}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterGt, Value: num("40")}}}}}, "France"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := run(t, st, c.p)
			if strings.Join(got, ",") != c.want {
				t.Errorf("got %q, want %q\n%s", strings.Join(got, ","), c.want, c.p)
			}
		})
	}
}

// TestNegateBranch checks that an inequality on a joined node that
// nothing else reads becomes an exclusion: singers with no concert in
// 2015, not singers with a concert in another year.
func TestNegateBranch(t *testing.T) {
	st := testStore(t)
	sc := []Node{{Class: ex + "singer"}, {Class: ex + "concert"}}
	perf := []Edge{{From: 1, To: 0, Property: ex + "performer"}}
	name := attr(0, "name")
	p := &Plan{Distinct: true, Nodes: sc, Edges: perf, Select: []Item{{Attr: name}},
		Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterNe, Value: num("2015")}},
		Order:   []Order{{Item: Item{Attr: name}}}}
	if got := strings.Join(run(t, st, p.Clone()), ","); got != "Ann" {
		t.Fatalf("the inequality itself: %q, want Ann (her 2014 concert)", got)
	}
	if !p.NegateBranch(0, nil) {
		t.Fatalf("not negated: %s", p)
	}
	if len(p.Nodes) != 1 || len(p.Edges) != 0 || len(p.Filters) != 0 || len(p.Negs) != 1 {
		t.Fatalf("plan after: %s", p)
	}
	if got := strings.Join(run(t, st, p), ","); got != `Cy,Di "the" {x} #1 >` {
		t.Errorf("got %q, want the singers with no concert in 2015", got)
	}

	// Not when something else reads the node, when the condition is on
	// node 0, or when it is not an inequality.
	for _, q := range []*Plan{
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}, {Attr: attr(1, "title")}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterNe, Value: num("2015")}}},
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Filters: []Cond{{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterNe, Value: lit("Peru")}}},
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterEq, Value: num("2015")}}},
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Order: []Order{{Item: Item{Attr: attr(1, "year")}}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterNe, Value: num("2015")}}},
	} {
		before := q.String()
		if q.NegateBranch(0, nil) || q.String() != before {
			t.Errorf("negated %s", before)
		}
	}
	kept := &Plan{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterNe, Value: num("2015")}}}
	if kept.NegateBranch(0, func(n Node) bool { return n.Class == ex+"concert" }) {
		t.Error("negated a branch with a node to keep")
	}
	if (&Plan{}).NegateBranch(0, nil) {
		t.Error("negated a filter of an empty plan")
	}
}

// TestNegateNode checks that a joined node nothing reads becomes an
// exclusion: the singers with no concert at all, not those with one.
func TestNegateNode(t *testing.T) {
	st := testStore(t)
	sc := []Node{{Class: ex + "singer"}, {Class: ex + "concert"}}
	perf := []Edge{{From: 1, To: 0, Property: ex + "performer"}}
	name := attr(0, "name")
	p := &Plan{Distinct: true, Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Order: []Order{{Item: Item{Attr: name}}}}
	with := strings.Join(run(t, st, p.Clone()), ",")
	if !p.NegateNode(1, nil) {
		t.Fatalf("not negated: %s", p)
	}
	if len(p.Nodes) != 1 || len(p.Edges) != 0 || len(p.Negs) != 1 || len(p.Negs[0].Pattern.Filters) != 0 {
		t.Fatalf("plan after: %s", p)
	}
	without := run(t, st, p)
	for _, s := range without {
		if strings.Contains(with, s) {
			t.Errorf("%q both has a concert (%s) and has none", s, with)
		}
	}
	if len(without) == 0 {
		t.Errorf("no singer without a concert\n%s", p)
	}
	// Not node 0, not a node something reads, not a node to keep.
	for _, q := range []*Plan{
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}, {Attr: attr(1, "title")}}},
	} {
		before := q.String()
		if q.NegateNode(1, nil) || q.NegateNode(0, nil) || q.String() != before {
			t.Errorf("negated %s", before)
		}
	}
	kept := &Plan{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}}
	if kept.NegateNode(1, func(n Node) bool { return n.Class == ex+"concert" }) {
		t.Error("negated a node to keep")
	}
}

// TestNegateNodeFiltered: "singers who have no concert in 2015" over a
// plan that joins the concerts and keeps those of 2015 moves the concert
// and its condition into the exclusion; a condition on the singers
// stays.
func TestNegateNodeFiltered(t *testing.T) {
	st := testStore(t)
	sc := []Node{{Class: ex + "singer"}, {Class: ex + "concert"}}
	perf := []Edge{{From: 1, To: 0, Property: ex + "performer"}}
	name := attr(0, "name")
	p := &Plan{Distinct: true, Nodes: sc, Edges: perf, Select: []Item{{Attr: name}},
		Filters: []Cond{
			{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterEq, Value: num("2015")},
			{Item: Item{Attr: attr(0, "country")}, Op: handoff.FilterEq, Value: &sparql.Literal{Lexical: "France"}},
		},
		Order: []Order{{Item: Item{Attr: name}}}}
	if p.Clone().NegateNode(1, nil) {
		t.Fatal("NegateNode negated a node a condition reads")
	}
	if !p.NegateNodeFiltered(1, nil) {
		t.Fatalf("not negated: %s", p)
	}
	if len(p.Nodes) != 1 || len(p.Filters) != 1 || len(p.Negs) != 1 || len(p.Negs[0].Pattern.Filters) != 1 {
		t.Fatalf("plan after: %s", p)
	}
	if got := strings.Join(run(t, st, p), ","); got != "Cy" {
		t.Errorf("got %q, want Cy (French, no concert in 2015; Ann sang in 2015)", got)
	}
	// Not when the node is projected, nor without a condition on it.
	for _, q := range []*Plan{
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}, {Attr: attr(1, "title")}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterEq, Value: num("2015")}}},
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}},
	} {
		before := q.String()
		if q.NegateNodeFiltered(1, nil) || q.String() != before {
			t.Errorf("negated %s", before)
		}
	}
}

// TestNegateCond: "singers without a concert after 2014" moves the
// concert and the bound into the exclusion, the bound as said; a bound
// on the singers themselves, or a projected concert, is not moved.
func TestNegateCond(t *testing.T) {
	st := testStore(t)
	sc := []Node{{Class: ex + "singer"}, {Class: ex + "concert"}}
	perf := []Edge{{From: 1, To: 0, Property: ex + "performer"}}
	name := attr(0, "name")
	p := &Plan{Distinct: true, Nodes: sc, Edges: perf, Select: []Item{{Attr: name}},
		Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterGt, Value: num("2014")}},
		Order:   []Order{{Item: Item{Attr: name}}}}
	with := strings.Join(run(t, st, p.Clone()), ",")
	if !p.NegateCond(0, nil) {
		t.Fatalf("not negated: %s", p)
	}
	if len(p.Nodes) != 1 || len(p.Filters) != 0 || len(p.Negs) != 1 || len(p.Negs[0].Pattern.Filters) != 1 || p.Negs[0].Pattern.Filters[0].Op != handoff.FilterGt {
		t.Fatalf("plan after: %s", p)
	}
	without := run(t, st, p)
	if len(without) == 0 {
		t.Fatalf("no singer without a concert after 2014\n%s", p)
	}
	for _, s := range without {
		if strings.Contains(with, s) {
			t.Errorf("%q both has a concert after 2014 (%s) and has none", s, with)
		}
	}
	for _, q := range []*Plan{
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Filters: []Cond{{Item: Item{Attr: attr(0, "age")}, Op: handoff.FilterGt, Value: num("30")}}},
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}, {Attr: attr(1, "title")}}, Filters: []Cond{{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterGt, Value: num("2014")}}},
	} {
		before := q.String()
		if q.NegateCond(0, nil) || q.NegateCond(5, nil) || q.String() != before {
			t.Errorf("negated %s", before)
		}
	}
}

// TestNegateBranches: "singers who sang neither Summer nor Spring"
// excludes the singers with either concert, where two inequalities on
// the joined concert keep a singer for any other concert she has.
func TestNegateBranches(t *testing.T) {
	st := testStore(t)
	sc := []Node{{Class: ex + "singer"}, {Class: ex + "concert"}}
	perf := []Edge{{From: 1, To: 0, Property: ex + "performer"}}
	name := attr(0, "name")
	lit := func(s string) sparql.Term { return &sparql.Literal{Lexical: s} }
	p := &Plan{Distinct: true, Nodes: sc, Edges: perf, Select: []Item{{Attr: name}},
		Filters: []Cond{
			{Item: Item{Attr: attr(1, "title")}, Op: handoff.FilterNe, Value: lit("Summer")},
			{Item: Item{Attr: attr(1, "title")}, Op: handoff.FilterNe, Value: lit("Spring")},
		},
		Order: []Order{{Item: Item{Attr: name}}}}
	if !p.NegateBranches([]int{0, 1}, nil) {
		t.Fatalf("not negated: %s", p)
	}
	if len(p.Nodes) != 1 || len(p.Filters) != 0 || len(p.Negs) != 1 || len(p.Negs[0].Pattern.Filters) != 1 || len(p.Negs[0].Pattern.Filters[0].Or) != 2 {
		t.Fatalf("plan after: %s", p)
	}
	if got := strings.Join(run(t, st, p), ","); got != `Cy,Di "the" {x} #1 >` {
		t.Errorf("got %q, want Cy and Di (Ann sang Summer, Bo Spring)", got)
	}
	// Not two attributes, not an equality.
	for _, q := range []*Plan{
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Filters: []Cond{
			{Item: Item{Attr: attr(1, "title")}, Op: handoff.FilterNe, Value: lit("Summer")},
			{Item: Item{Attr: attr(1, "year")}, Op: handoff.FilterNe, Value: num("2015")}}},
		{Nodes: sc, Edges: perf, Select: []Item{{Attr: name}}, Filters: []Cond{
			{Item: Item{Attr: attr(1, "title")}, Op: handoff.FilterNe, Value: lit("Summer")},
			{Item: Item{Attr: attr(1, "title")}, Op: handoff.FilterEq, Value: lit("Spring")}}},
	} {
		before := q.String()
		if q.NegateBranches([]int{0, 1}, nil) || q.NegateBranches(nil, nil) || q.String() != before {
			t.Errorf("negated %s", before)
		}
	}
}

// TestComputedYears: Func "age" is the whole years from a date to today
// (one less before the anniversary), "since" the years from a year to
// this one.
func TestComputedYears(t *testing.T) {
	st := store.New()
	const data = `@prefix ex: <http://example.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
ex:p1 a ex:person ; ex:born "1971-01-01"^^xsd:date ; ex:founded 1898 .
ex:p2 a ex:person ; ex:born "1971-12-31"^^xsd:date ; ex:founded 1898 .
`
	if err := st.Load(context.Background(), strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	person := []Node{{Class: ex + "person"}}
	now := time.Now()
	early, late := now.Year()-1971, now.Year()-1971
	if now.Month() < time.December || now.Day() < 31 {
		late--
	}
	ages := run(t, st, &Plan{Nodes: person, Select: []Item{{Attr: attr(0, "born"), Func: "age"}}, Order: []Order{{Item: Item{Attr: attr(0, "born")}}}})
	if want := []string{fmt.Sprint(early), fmt.Sprint(late)}; strings.Join(ages, ",") != strings.Join(want, ",") {
		t.Errorf("ages %v, want %v", ages, want)
	}
	since := run(t, st, &Plan{Distinct: true, Nodes: person, Select: []Item{{Attr: attr(0, "founded"), Func: "since"}}})
	if want := fmt.Sprint(now.Year() - 1898); strings.Join(since, ",") != want {
		t.Errorf("since %v, want %s", since, want)
	}
}

// TestPrefixDeclaredOnce: a prefix listed twice is declared once.
func TestPrefixDeclaredOnce(t *testing.T) {
	p := &Plan{Nodes: []Node{{Class: ex + "singer"}}, Select: []Item{{Attr: attr(0, "name")}}}
	px := handoff.Prefix{Prefix: "ex", IRI: ex}
	q, err := p.Query(BuildOptions{Prefixes: []handoff.Prefix{px, px, {Prefix: "ex", IRI: "http://other.org/"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(sparql.Print(q), "PREFIX ex:"); got != 1 {
		t.Errorf("%d declarations of ex:, want 1:\n%s", got, sparql.Print(q))
	}
}
