package sparql

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Builders for hand-made trees (shared by the scope, triples, analysis and
// rewrite tests).

func scVar(name string) *Var { return &Var{Name: name} }

func scIRI(v string) *IRI { return &IRI{Value: v} }

// scTriple is a TriplesSameSubject with one verb and its objects.
func scTriple(s GraphNode, p Path, objs ...GraphNode) *TriplesSameSubject {
	return &TriplesSameSubject{Subject: s, Properties: []*PropertyObjects{{Verb: p, Objects: objs}}}
}

func scBlock(ts ...*TriplesSameSubject) *TriplesBlock { return &TriplesBlock{Triples: ts} }

func scGroup(es ...Pattern) *GroupPattern { return &GroupPattern{Elements: es} }

func scNames(vs []*Var) []string {
	out := []string{}
	for _, v := range vs {
		out = append(out, v.Name)
	}
	return out
}

func TestInScope(t *testing.T) {
	p := scIRI("http://ex/p")
	sub := func(star bool, where *GroupPattern, proj ...*Projection) *SubSelect {
		return &SubSelect{Query: &Query{Form: Select, Star: star, Projections: proj, Where: where}}
	}
	tests := []struct {
		name string
		g    *GroupPattern
		want []string
	}{
		{"nil", nil, []string{}},
		{"empty", scGroup(), []string{}},
		{"triple", scGroup(scBlock(scTriple(scVar("s"), scVar("p"), scVar("o")))), []string{"s", "p", "o"}},
		{"dedup", scGroup(scBlock(scTriple(scVar("s"), p, scVar("o")), scTriple(scVar("o"), p, scVar("s"), scVar("z")))), []string{"s", "o", "z"}},
		{"blank-node property list and collection", scGroup(scBlock(
			scTriple(&BlankNodePropertyList{Properties: []*PropertyObjects{{Verb: p, Objects: []GraphNode{scVar("a")}}}},
				p, &Collection{Items: []GraphNode{scVar("b"), &Collection{Items: []GraphNode{scVar("c")}}}}),
		)), []string{"a", "b", "c"}},
		{"path", scGroup(scBlock(scTriple(scVar("x"), &PathMod{X: p, Mod: '*'}, scVar("y")))), []string{"x", "y"}},
		{"optional and union", scGroup(
			&OptionalPattern{Pattern: scGroup(scBlock(scTriple(scVar("a"), p, scVar("b"))))},
			&UnionPattern{Alts: []*GroupPattern{
				scGroup(scBlock(scTriple(scVar("c"), p, scVar("a")))),
				scGroup(scBlock(scTriple(scVar("d"), p, scVar("e")))),
			}},
		), []string{"a", "b", "c", "d", "e"}},
		{"minus and filter add nothing", scGroup(
			scBlock(scTriple(scVar("s"), p, scVar("o"))),
			&MinusPattern{Pattern: scGroup(scBlock(scTriple(scVar("m"), p, scVar("n"))))},
			&FilterPattern{Expr: &ExistsExpr{Pattern: scGroup(scBlock(scTriple(scVar("f"), p, scVar("g"))))}},
		), []string{"s", "o"}},
		{"graph and service", scGroup(
			&GraphPattern{Name: scVar("g"), Pattern: scGroup(scBlock(scTriple(scVar("s"), p, scVar("o"))))},
			&GraphPattern{Name: scIRI("http://ex/g"), Pattern: scGroup(scBlock(scTriple(scVar("t"), p, scVar("o"))))},
			&ServicePattern{Endpoint: scVar("ep"), Pattern: scGroup(scBlock(scTriple(scVar("u"), p, scVar("o"))))},
		), []string{"g", "s", "o", "t", "ep", "u"}},
		{"bind and values", scGroup(
			&BindPattern{Expr: &BinaryExpr{Op: OpAdd, X: scVar("x"), Y: scVar("y")}, Var: scVar("z")},
			&ValuesPattern{Values: &ValuesBlock{Vars: []*Var{scVar("v"), scVar("w")}, Rows: [][]Term{{nil, scIRI("http://ex/a")}}}},
		), []string{"z", "v", "w"}},
		{"sub-select projection", scGroup(
			sub(false, scGroup(scBlock(scTriple(scVar("hidden"), p, scVar("shown")))),
				&Projection{Var: scVar("shown")},
				&Projection{Expr: &Aggregate{Name: "COUNT", Arg: scVar("hidden")}, Var: scVar("n")}),
		), []string{"shown", "n"}},
		{"sub-select star", scGroup(
			&GroupPattern{Elements: []Pattern{sub(true, scGroup(
				scBlock(scTriple(scVar("a"), p, scVar("b"))),
				&MinusPattern{Pattern: scGroup(scBlock(scTriple(scVar("c"), p, scVar("d"))))},
			))}},
		), []string{"a", "b"}},
		{"nested groups", scGroup(scGroup(scGroup(scBlock(scTriple(scVar("deep"), p, scIRI("http://ex/o")))))), []string{"deep"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scNames(InScope(tt.g))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("InScope mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInScopeOf(t *testing.T) {
	p := scIRI("http://ex/p")
	tests := []struct {
		name string
		p    Pattern
		want []string
	}{
		{"filter", &FilterPattern{Expr: scVar("x")}, []string{}},
		{"minus", &MinusPattern{Pattern: scGroup(scBlock(scTriple(scVar("s"), p, scVar("o"))))}, []string{}},
		{"bind", &BindPattern{Expr: scVar("x"), Var: scVar("y")}, []string{"y"}},
		{"block", scBlock(scTriple(scVar("s"), p, scVar("o"))), []string{"s", "o"}},
		{"nil pattern", nil, []string{}},
		{"typed nil", (*OptionalPattern)(nil), []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, scNames(InScopeOf(tt.p))); diff != "" {
				t.Errorf("InScopeOf mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInScopeKeepsFirstOccurrence(t *testing.T) {
	first := scVar("x")
	g := scGroup(scBlock(scTriple(first, scIRI("http://ex/p"), scVar("x"))))
	got := InScope(g)
	if len(got) != 1 || got[0] != first {
		t.Fatalf("InScope = %v, want the first *Var only", got)
	}
}
