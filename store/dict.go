package store

import "github.com/schemaforge/go-schemaforge/sparql"

// id is a dictionary-encoded term; 0 means "no term" (an unbound variable,
// or the default graph in a quad).
type id = uint32

// dict maps RDF terms to dense ids and back. Terms are identified by
// sparql.Term.Key, so "1"^^xsd:integer and "1"^^xsd:decimal differ, as RDF
// term equality requires.
type dict struct {
	terms []sparql.Term // terms[i] has id i; terms[0] is nil
	ids   map[string]id
}

func newDict() *dict { return &dict{terms: []sparql.Term{nil}, ids: map[string]id{}} }

// intern returns the id of t, adding it if needed.
func (d *dict) intern(t sparql.Term) id {
	k := t.Key()
	if i, ok := d.ids[k]; ok {
		return i
	}
	i := id(len(d.terms))
	d.terms = append(d.terms, stripSpan(t))
	d.ids[k] = i
	return i
}

// lookup returns the id of t, or 0 when the store has never seen it.
func (d *dict) lookup(t sparql.Term) id { return d.ids[t.Key()] }

// stripSpan returns t without source positions, so that terms in the
// dictionary do not keep query or file text alive.
func stripSpan(t sparql.Term) sparql.Term {
	switch t := t.(type) {
	case *sparql.IRI:
		return &sparql.IRI{Value: t.Value}
	case *sparql.Literal:
		l := &sparql.Literal{Lexical: t.Lexical, Lang: t.Lang}
		if t.Datatype != nil && t.Datatype.Value != sparql.XSDString {
			l.Datatype = &sparql.IRI{Value: t.Datatype.Value}
		}
		return l
	case *sparql.BlankNode:
		return &sparql.BlankNode{Label: t.Label}
	}
	return t
}

// qdict is a query's view of the dictionary: the store's terms plus the
// terms the query computes (BIND, projection expressions, aggregates),
// numbered after the store's.
type qdict struct {
	base  *dict
	extra []sparql.Term
	ids   map[string]id
}

func newQdict(base *dict) *qdict { return &qdict{base: base, ids: map[string]id{}} }

func (q *qdict) term(i id) sparql.Term {
	if int(i) < len(q.base.terms) {
		return q.base.terms[i]
	}
	return q.extra[int(i)-len(q.base.terms)]
}

func (q *qdict) intern(t sparql.Term) id {
	if t == nil {
		return 0
	}
	k := t.Key()
	if i, ok := q.base.ids[k]; ok {
		return i
	}
	if i, ok := q.ids[k]; ok {
		return i
	}
	i := id(len(q.base.terms) + len(q.extra))
	q.extra = append(q.extra, stripSpan(t))
	q.ids[k] = i
	return i
}

// lookup returns the id of t in the store, or 0 when the store has no such
// term (a constant of a pattern that cannot match).
func (q *qdict) lookup(t sparql.Term) id {
	k := t.Key()
	if i, ok := q.base.ids[k]; ok {
		return i
	}
	return q.ids[k]
}
