package sparql

import "testing"

func TestWalkSkipsNilNodes(t *testing.T) {
	q := &Query{
		Prologue:    []*PrologueDecl{nil, {IsPrefix: true, Prefix: "e", IRI: NewIRI("http://e/")}},
		Projections: []*Projection{nil, {Var: NewVar("x")}},
		Where: &GroupPattern{Elements: []Pattern{
			nil,
			(*FilterPattern)(nil),
			&TriplesBlock{Triples: []*TriplesSameSubject{{Subject: NewVar("x"), Properties: []*PropertyObjects{{Verb: NewIRI("http://e/p"), Objects: []GraphNode{nil, NewVar("y")}}}}}},
		}},
	}
	var vars []string
	Inspect(q, func(n Node) bool {
		if v, ok := n.(*Var); ok {
			vars = append(vars, v.Name)
		}
		return true
	})
	if got := len(vars); got != 3 { // ?x projected, ?x subject, ?y object
		t.Errorf("visited %d variables (%v), want 3", got, vars)
	}
}
