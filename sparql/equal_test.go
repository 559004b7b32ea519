package sparql

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func eqLimit(n int64) *int64 { return &n }

func eqSep(s string) *string { return &s }

func eqQuery() *Query {
	return &Query{
		Prologue:    []*PrologueDecl{{IsPrefix: true, Prefix: "ex", IRI: &IRI{Value: "http://ex.org/", Ref: "http://ex.org/"}}},
		Form:        Select,
		Projections: []*Projection{{Var: &Var{Name: "s"}}},
		Where: &GroupPattern{Elements: []Pattern{&TriplesBlock{Triples: []*TriplesSameSubject{{
			Subject:    &Var{Name: "s"},
			Properties: []*PropertyObjects{{Verb: &IRI{Value: "http://ex.org/p", Form: PrefixedName, Prefix: "ex", Local: "p"}, Objects: []GraphNode{&Literal{Lexical: "1", Datatype: &IRI{Value: XSDInteger}, Form: BareLiteral}}}},
		}}}}},
		Limit: eqLimit(10),
	}
}

func TestEqual(t *testing.T) {
	positioned := eqQuery()
	positioned.Span = Span{From: 1, To: 80}
	positioned.Where.Span = Span{From: 20, To: 80}
	positioned.Projections[0].Var.Span = Span{From: 8, To: 10}

	withBase := eqQuery()
	withBase.Base = "http://base.org/"

	emptySlices := eqQuery()
	emptySlices.GroupBy = []*GroupCondition{}
	emptySlices.Dataset = []*DatasetClause{}
	emptySlices.Having = []Expr{}

	otherLimit := eqQuery()
	otherLimit.Limit = eqLimit(11)

	noLimit := eqQuery()
	noLimit.Limit = nil

	otherLiteral := eqQuery()
	otherLiteral.Where.Elements[0].(*TriplesBlock).Triples[0].Properties[0].Objects[0] = &Literal{Lexical: "01", Datatype: &IRI{Value: XSDInteger}, Form: BareLiteral}

	otherForm := eqQuery()
	otherForm.Where.Elements[0].(*TriplesBlock).Triples[0].Properties[0].Verb = &IRI{Value: "http://ex.org/p", Ref: "http://ex.org/p"}

	extraElement := eqQuery()
	extraElement.Where.Elements = append(extraElement.Where.Elements, &FilterPattern{Expr: &Var{Name: "s"}})

	distinct := eqQuery()
	distinct.Distinct = true

	x := &Var{Name: "x"}
	tests := []struct {
		name string
		a, b Node
		want bool
	}{
		{"same tree", eqQuery(), eqQuery(), true},
		{"identical pointer", x, x, true},
		{"positions ignored", eqQuery(), positioned, true},
		{"base ignored", eqQuery(), withBase, true},
		{"nil and empty slices", eqQuery(), emptySlices, true},
		{"limit values compared", eqQuery(), otherLimit, false},
		{"limit absent", eqQuery(), noLimit, false},
		{"lexical form compared", eqQuery(), otherLiteral, false},
		{"written form compared", eqQuery(), otherForm, false},
		{"extra element", eqQuery(), extraElement, false},
		{"flag compared", eqQuery(), distinct, false},
		{"nil and nil", nil, nil, true},
		{"nil interface and nil pointer", nil, (*Query)(nil), true},
		{"nil pointers of different types", (*Var)(nil), (*IRI)(nil), true},
		{"nil and node", nil, x, false},
		{"node and nil pointer", x, (*Var)(nil), false},
		{"different types", &Var{Name: "x"}, &BlankNode{Label: "x"}, false},
		{"var name", &Var{Name: "x"}, &Var{Name: "y"}, false},
		{"dollar var", &Var{Name: "x"}, &Var{Name: "x", Dollar: true}, false},
		{"nil field and nil pointer field", &BinaryExpr{Op: OpAdd, X: x}, &BinaryExpr{Op: OpAdd, X: x, Y: (*Var)(nil)}, true},
		{"nil field and node", &BinaryExpr{Op: OpAdd, X: x}, &BinaryExpr{Op: OpAdd, X: x, Y: x}, false},
		{"interface element types", &CallExpr{Name: "STR", Args: []Expr{&Var{Name: "x"}}}, &CallExpr{Name: "STR", Args: []Expr{&IRI{Value: "x"}}}, false},
		{"separator absent vs empty", &Aggregate{Name: "GROUP_CONCAT", Arg: x}, &Aggregate{Name: "GROUP_CONCAT", Arg: x, Separator: eqSep("")}, false},
		{"separator same", &Aggregate{Name: "GROUP_CONCAT", Arg: x, Separator: eqSep(",")}, &Aggregate{Name: "GROUP_CONCAT", Arg: x, Separator: eqSep(",")}, true},
		{"path modifier", &PathMod{X: &IRI{Value: "p"}, Mod: '*'}, &PathMod{X: &IRI{Value: "p"}, Mod: '+'}, false},
		{"values undef", &ValuesBlock{Vars: []*Var{x}, Rows: [][]Term{{nil}}}, &ValuesBlock{Vars: []*Var{x}, Rows: [][]Term{{&IRI{Value: "u"}}}}, false},
		{"values undef both", &ValuesBlock{Vars: []*Var{x}, Rows: [][]Term{{nil}}}, &ValuesBlock{Vars: []*Var{x}, Rows: [][]Term{{(*IRI)(nil)}}}, true},
		{"values rows count", &ValuesBlock{Vars: []*Var{x}, Rows: [][]Term{{nil}}}, &ValuesBlock{Vars: []*Var{x}}, false},
		{"empty and nil rows", &ValuesBlock{Rows: [][]Term{{}}}, &ValuesBlock{Rows: [][]Term{nil}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Equal(tt.a, tt.b); got != tt.want {
				t.Errorf("Equal(a, b) = %v, want %v", got, tt.want)
			}
			if got := Equal(tt.b, tt.a); got != tt.want {
				t.Errorf("Equal(b, a) = %v, want %v (not symmetric)", got, tt.want)
			}
		})
	}
}

func TestEqualParsed(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"whitespace and case", "select * where { ?s ?p ?o }", "SELECT  *\nWHERE {\n  ?s ?p ?o .\n}", true},
		{"parentheses dropped", "SELECT * WHERE { FILTER((?a + ?b)) }", "SELECT * WHERE { FILTER(?a + ?b) }", true},
		{"associativity kept", "SELECT * WHERE { FILTER(?a - ?b - ?c) }", "SELECT * WHERE { FILTER(?a - (?b - ?c)) }", false},
		{"written form kept", "PREFIX : <http://ex.org/> SELECT * WHERE { ?s :p ?o }", "PREFIX : <http://ex.org/> SELECT * WHERE { ?s <http://ex.org/p> ?o }", false},
		{"a versus rdf:type", "SELECT * WHERE { ?s a ?o }", "SELECT * WHERE { ?s <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ?o }", false},
		{"numbers by lexical form", "SELECT * WHERE { ?s ?p 1 }", "SELECT * WHERE { ?s ?p 01 }", false},
		{"limit", "SELECT * WHERE { ?s ?p ?o } LIMIT 1", "SELECT * WHERE { ?s ?p ?o } LIMIT 2", false},
		{"order direction", "SELECT * WHERE { ?s ?p ?o } ORDER BY ?s", "SELECT * WHERE { ?s ?p ?o } ORDER BY DESC(?s)", false},
		{"resolution base ignored", "SELECT * WHERE { ?s ?p ?o }", "SELECT * WHERE { ?s ?p ?o }", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := ptParse(t, tt.a), ptParse(t, tt.b, WithBase("http://other.org/"))
			if got := Equal(a, b); got != tt.want {
				t.Errorf("Equal = %v, want %v\n%s", got, tt.want, ptTreeDiff(a, b))
			}
		})
	}
}

// TestEqualAgreesWithCmp compares Equal with go-cmp (ignoring positions
// and Base, equating nil and empty slices) on pairs of real queries: each
// sampled query with its printed form parsed again and with two others.
func TestEqualAgreesWithCmp(t *testing.T) {
	srcs := ptSpiderQueries(t, "dev-public.csv")
	// go-cmp takes milliseconds per pair: a sample of 40 queries spread
	// over the file is enough.
	step := max(1, len(srcs)/40)
	var qs []*Query
	for i := 0; i < len(srcs); i += step {
		if q, err := Parse(srcs[i]); err == nil {
			qs = append(qs, q)
		}
	}
	if len(qs) < 2 {
		t.Fatalf("only %d dev queries parsed", len(qs))
	}
	opts := cmp.Options{cmpopts.IgnoreTypes(Span{}), cmpopts.IgnoreFields(Query{}, "Base"), cmpopts.EquateEmpty()}
	equal, differ := 0, 0
	for i, a := range qs {
		again, err := Parse(Print(a))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range []*Query{again, qs[(i+1)%len(qs)], qs[(i+7)%len(qs)]} {
			got, want := Equal(a, b), cmp.Equal(a, b, opts)
			if got != want {
				t.Fatalf("Equal = %v, cmp.Equal = %v for\n%s\nand\n%s", got, want, Print(a), Print(b))
			}
			if got {
				equal++
			} else {
				differ++
			}
		}
	}
	if equal < len(qs) || differ == 0 {
		t.Errorf("comparisons not exercised: %d equal, %d different", equal, differ)
	}
}

func BenchmarkEqual(b *testing.B) {
	var pairs [][2]*Query
	for _, src := range ptSpiderQueries(b, "train.csv") {
		q1, err1 := Parse(src)
		q2, err2 := Parse(src)
		if err1 == nil && err2 == nil {
			pairs = append(pairs, [2]*Query{q1, q2})
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range pairs {
			if !Equal(p[0], p[1]) {
				b.Fatal("not equal")
			}
		}
	}
	b.ReportMetric(float64(b.N*len(pairs))/b.Elapsed().Seconds(), "pairs/s")
}
