package store

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// construct instantiates the template for every solution (fresh blank
// nodes per solution), dropping triples with unbound or ill-placed terms,
// and returns the set of triples in first-seen order.
func (e *engine) construct(q *sparql.Query, sc *scope, it iter) (*sparql.Results, error) {
	var tmpl []sparql.Triple
	if q.ConstructWhere {
		tmpl = sparql.Triples(q.Where)
	} else {
		tmpl = sparql.TemplateTriples(q.Template)
	}
	res := &sparql.Results{Graph: []sparql.Statement{}}
	seen := map[string]bool{}
	n := -1 // the solution's number, for its fresh blank nodes
	err := e.each(it, func(r solution) error {
		n++
		inst := func(t sparql.Term) sparql.Term {
			switch t := t.(type) {
			case *sparql.Var:
				i, ok := sc.slots[t.Name]
				if !ok || r[i] == 0 {
					return nil
				}
				return e.qd.term(r[i])
			case *sparql.BlankNode:
				return &sparql.BlankNode{Label: fmt.Sprintf("c%d_%s", n, t.Label)}
			}
			return t
		}
		for _, t := range tmpl {
			pt, ok := t.Predicate.(sparql.Term)
			if !ok {
				continue
			}
			s, p, o := inst(t.Subject), inst(pt), inst(t.Object)
			switch s.(type) {
			case *sparql.IRI, *sparql.BlankNode:
			default:
				continue
			}
			pi, ok := p.(*sparql.IRI)
			if !ok || o == nil {
				continue
			}
			st := sparql.Statement{Subject: s, Predicate: pi, Object: o}
			k := s.Key() + " " + pi.Key() + " " + o.Key()
			if !seen[k] {
				seen[k] = true
				if err := e.mem.charge("CONSTRUCT", statementBytes+int64(len(k))); err != nil {
					return err
				}
				res.Graph = append(res.Graph, st)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// describe returns, for every described resource, the triples of the
// default graph with it as subject, and recursively those of blank-node
// objects (a concise bounded description).
func (e *engine) describe(q *sparql.Query, sc *scope, it iter) (*sparql.Results, error) {
	// The described resources in the order of the query's terms (a
	// variable's values in solution order), DESCRIBE *'s first.
	var star []id
	per := make([][]id, len(q.Describe))
	err := e.each(it, func(r solution) error {
		if q.Star {
			star = append(star, r...)
		}
		for i, t := range q.Describe {
			if v, ok := t.(*sparql.Var); ok {
				if s, ok := sc.slots[v.Name]; ok && r[s] != 0 {
					per[i] = append(per[i], r[s])
				}
			}
		}
		return e.mem.charge("DESCRIBE", int64(idBytes*(len(r)+len(q.Describe))))
	})
	if err != nil {
		return nil, err
	}
	var targets []id
	seen := map[id]bool{}
	add := func(x id) {
		if x != 0 && !seen[x] {
			seen[x] = true
			targets = append(targets, x)
		}
	}
	for _, x := range star {
		add(x)
	}
	for i, t := range q.Describe {
		if t, ok := t.(*sparql.IRI); ok {
			add(e.s.dict.lookup(t))
		}
		for _, x := range per[i] {
			add(x)
		}
	}
	res := &sparql.Results{Graph: []sparql.Statement{}}
	done := map[id]bool{}
	for len(targets) > 0 {
		x := targets[0]
		targets = targets[1:]
		if done[x] || int(x) >= len(e.s.dict.terms) {
			continue
		}
		done[x] = true
		var err error
		e.defG.match(x, 0, 0, func(s, p, o id) bool {
			if err = e.mem.charge("DESCRIBE", statementBytes); err != nil {
				return false
			}
			res.Graph = append(res.Graph, sparql.Statement{Subject: e.qd.term(s), Predicate: e.qd.term(p).(*sparql.IRI), Object: e.qd.term(o)})
			if _, ok := e.qd.term(o).(*sparql.BlankNode); ok {
				targets = append(targets, o)
			}
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	return res, nil
}
