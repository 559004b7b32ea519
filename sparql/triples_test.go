package sparql

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func tripleStrings(ts []Triple) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.String())
	}
	return out
}

func TestTriplesHandBuilt(t *testing.T) {
	p, q := scIRI("http://ex/p"), scIRI("http://ex/q")
	tests := []struct {
		name string
		n    Node
		want []string
	}{
		{"nil", nil, []string{}},
		{"shared subject and objects", scGroup(scBlock(&TriplesSameSubject{
			Subject: scVar("s"),
			Properties: []*PropertyObjects{
				{Verb: p, Objects: []GraphNode{scVar("a"), NewLiteral("x")}},
				{Verb: q, Objects: []GraphNode{scIRI("http://ex/o")}},
			},
		})), []string{`?s <http://ex/p> ?a`, `?s <http://ex/p> "x"`, `?s <http://ex/q> <http://ex/o>`}},
		{"blank-node property list as object", scGroup(scBlock(scTriple(scVar("s"), p,
			&BlankNodePropertyList{Properties: []*PropertyObjects{{Verb: q, Objects: []GraphNode{scVar("o")}}}}))),
			[]string{`?s <http://ex/p> _:_sf_b1`, `_:_sf_b1 <http://ex/q> ?o`}},
		{"blank-node property list as subject", scGroup(scBlock(scTriple(
			&BlankNodePropertyList{Properties: []*PropertyObjects{{Verb: q, Objects: []GraphNode{scVar("o")}}}}, p, scVar("x")))),
			[]string{`_:_sf_b1 <http://ex/q> ?o`, `_:_sf_b1 <http://ex/p> ?x`}},
		{"anonymous blank nodes are distinct", scGroup(scBlock(
			scTriple(&BlankNode{Anon: true}, p, &BlankNode{Anon: true}),
			scTriple(&BlankNode{Label: "u"}, p, &BlankNode{Label: "u"}),
		)), []string{`_:_sf_b1 <http://ex/p> _:_sf_b2`, `_:u <http://ex/p> _:u`}},
		{"fresh labels skip user labels", scGroup(scBlock(
			scTriple(&BlankNode{Label: "_sf_b1"}, p, &BlankNode{Anon: true}),
		)), []string{`_:_sf_b1 <http://ex/p> _:_sf_b2`}},
		{"collection", scGroup(scBlock(scTriple(scVar("s"), p, &Collection{Items: []GraphNode{NewLiteral("a"), scVar("b")}}))),
			[]string{
				`?s <http://ex/p> _:_sf_b1`,
				`_:_sf_b1 <` + RDFFirst + `> "a"`,
				`_:_sf_b1 <` + RDFRest + `> _:_sf_b2`,
				`_:_sf_b2 <` + RDFFirst + `> ?b`,
				`_:_sf_b2 <` + RDFRest + `> <` + RDFNil + `>`,
			}},
		{"empty collection is rdf:nil", scGroup(scBlock(scTriple(scVar("s"), p, &Collection{}))),
			[]string{`?s <http://ex/p> <` + RDFNil + `>`}},
		{"collection subject with nested list", scGroup(scBlock(&TriplesSameSubject{Subject: &Collection{Items: []GraphNode{
			&BlankNodePropertyList{Properties: []*PropertyObjects{{Verb: q, Objects: []GraphNode{scVar("o")}}}},
		}}})), []string{
			`_:_sf_b1 <` + RDFFirst + `> _:_sf_b2`,
			`_:_sf_b2 <http://ex/q> ?o`,
			`_:_sf_b1 <` + RDFRest + `> <` + RDFNil + `>`,
		}},
		{"paths stay predicates", scGroup(scBlock(scTriple(scVar("s"),
			&PathSeq{Items: []Path{p, &PathMod{X: &PathInv{X: q}, Mod: '*'}}}, scVar("o")))),
			[]string{`?s <http://ex/p>/(^<http://ex/q>)* ?o`}},
		{"descends everywhere in source order", &Query{Form: Select, Star: true, Where: scGroup(
			scBlock(scTriple(scVar("a"), p, scVar("b"))),
			&OptionalPattern{Pattern: scGroup(scBlock(scTriple(scVar("c"), p, scVar("d"))))},
			&FilterPattern{Expr: &ExistsExpr{Pattern: scGroup(scBlock(scTriple(scVar("e"), p, scVar("f"))))}},
			scGroup(&SubSelect{Query: &Query{Form: Select, Star: true, Where: scGroup(scBlock(scTriple(scVar("g"), p, scVar("h"))))}}),
			&MinusPattern{Pattern: scGroup(scBlock(scTriple(scVar("i"), p, scVar("j"))))},
		)}, []string{`?a <http://ex/p> ?b`, `?c <http://ex/p> ?d`, `?e <http://ex/p> ?f`, `?g <http://ex/p> ?h`, `?i <http://ex/p> ?j`}},
		{"template is not a TriplesBlock", &Query{Form: Construct, Template: []*TriplesSameSubject{scTriple(scVar("t"), p, scVar("u"))},
			Where: scGroup(scBlock(scTriple(scVar("a"), p, scVar("b"))))}, []string{`?a <http://ex/p> ?b`}},
		{"single TriplesSameSubject", scTriple(scVar("s"), p, scVar("o"), scVar("o2")), []string{`?s <http://ex/p> ?o`, `?s <http://ex/p> ?o2`}},
		{"nil parts are skipped", scGroup(scBlock(nil, &TriplesSameSubject{Subject: scVar("s"),
			Properties: []*PropertyObjects{nil, {Verb: p, Objects: []GraphNode{nil, scVar("o")}}}})), []string{`?s <http://ex/p> ?o`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tripleStrings(Triples(tt.n))); diff != "" {
				t.Errorf("Triples mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTriplesKeepsTreeNodes(t *testing.T) {
	s, p, o := scVar("s"), scIRI("http://ex/p"), NewLiteral("x")
	got := Triples(scGroup(scBlock(scTriple(s, p, o))))
	if len(got) != 1 || got[0].Subject != Term(s) || got[0].Predicate != Path(p) || got[0].Object != Term(o) {
		t.Fatalf("Triples = %v, want the tree's own nodes", got)
	}
}

func TestGroupTriplesStaysInGroup(t *testing.T) {
	p := scIRI("http://ex/p")
	g := scGroup(
		scBlock(scTriple(scVar("a"), p, scVar("b"))),
		&OptionalPattern{Pattern: scGroup(scBlock(scTriple(scVar("c"), p, scVar("d"))))},
		scGroup(scBlock(scTriple(scVar("e"), p, scVar("f")))),
		&FilterPattern{Expr: scVar("x")},
		scBlock(scTriple(scVar("g"), p, &BlankNode{Anon: true})),
	)
	want := []string{`?a <http://ex/p> ?b`, `?g <http://ex/p> _:_sf_b1`}
	if diff := cmp.Diff(want, tripleStrings(GroupTriples(g))); diff != "" {
		t.Errorf("GroupTriples mismatch (-want +got):\n%s", diff)
	}
	if got := GroupTriples(nil); got != nil {
		t.Errorf("GroupTriples(nil) = %v", got)
	}
}

func TestTemplateTriples(t *testing.T) {
	p := scIRI("http://ex/p")
	tmpl := []*TriplesSameSubject{
		scTriple(&BlankNode{Label: "_sf_b1"}, p, &BlankNodePropertyList{Properties: []*PropertyObjects{{Verb: p, Objects: []GraphNode{scVar("o")}}}}),
		nil,
	}
	want := []string{`_:_sf_b1 <http://ex/p> _:_sf_b2`, `_:_sf_b2 <http://ex/p> ?o`}
	if diff := cmp.Diff(want, tripleStrings(TemplateTriples(tmpl))); diff != "" {
		t.Errorf("TemplateTriples mismatch (-want +got):\n%s", diff)
	}
}

func TestTriplesParsed(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  []string
	}{
		{"sugar", `PREFIX : <http://ex/> SELECT * { ?s :p ?o , [ :q ( 1 ) ] ; a :C . }`, []string{
			`?s <http://ex/p> ?o`,
			`?s <http://ex/p> _:_sf_b1`,
			`_:_sf_b1 <http://ex/q> _:_sf_b2`,
			`_:_sf_b2 <` + RDFFirst + `> "1"^^<` + XSDInteger + `>`,
			`_:_sf_b2 <` + RDFRest + `> <` + RDFNil + `>`,
			`?s <` + RDFType + `> <http://ex/C>`,
		}},
		{"union and graph", `PREFIX : <http://ex/> SELECT * { { ?a :p ?b } UNION { GRAPH ?g { ?c :p|:q ?d } } }`, []string{
			`?a <http://ex/p> ?b`,
			`?c <http://ex/p>|<http://ex/q> ?d`,
		}},
		{"exists in BIND", `PREFIX : <http://ex/> SELECT * { ?a :p ?b BIND(EXISTS { ?b :q ?c } AS ?e) }`, []string{
			`?a <http://ex/p> ?b`,
			`?b <http://ex/q> ?c`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.query)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if diff := cmp.Diff(tt.want, tripleStrings(Triples(q))); diff != "" {
				t.Errorf("Triples mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPathKey(t *testing.T) {
	p, q, r := scIRI("http://ex/p"), scIRI("http://ex/q"), scIRI("http://ex/r")
	tests := []struct {
		path Path
		want string
	}{
		{p, "<http://ex/p>"},
		{scVar("v"), "?v"},
		{&PathAlt{Alts: []Path{p, &PathSeq{Items: []Path{q, r}}}}, "<http://ex/p>|<http://ex/q>/<http://ex/r>"},
		{&PathSeq{Items: []Path{&PathAlt{Alts: []Path{p, q}}, r}}, "(<http://ex/p>|<http://ex/q>)/<http://ex/r>"},
		{&PathInv{X: &PathSeq{Items: []Path{p, q}}}, "^(<http://ex/p>/<http://ex/q>)"},
		{&PathInv{X: &PathMod{X: p, Mod: '+'}}, "^<http://ex/p>+"},
		{&PathMod{X: &PathInv{X: p}, Mod: '?'}, "(^<http://ex/p>)?"},
		{&PathMod{X: &PathAlt{Alts: []Path{p, q}}, Mod: '*'}, "(<http://ex/p>|<http://ex/q>)*"},
		{&PathNeg{Items: []*NegItem{{IRI: p}}}, "!<http://ex/p>"},
		{&PathNeg{Items: []*NegItem{{IRI: p}, {IRI: q, Inverse: true}}}, "!(<http://ex/p>|^<http://ex/q>)"},
		{nil, "?"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := PathKey(tt.path); got != tt.want {
				t.Errorf("PathKey = %q, want %q", got, tt.want)
			}
		})
	}
}
