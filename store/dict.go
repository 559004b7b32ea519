package store

import (
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// id is a dictionary-encoded term; 0 means "no term" (an unbound variable,
// or the default graph in a quad).
type id = uint32

// dict maps RDF terms to dense ids and back. Terms are identified as
// sparql.Term.Key identifies them (RDF term equality: "1"^^xsd:integer and
// "1"^^xsd:decimal differ, language tags compare case-insensitively,
// xsd:string literals are simple literals), through a termKey that is built
// without allocating for IRIs, blank nodes and typed literals.
type dict struct {
	terms []sparql.Term // terms[i] has id i; terms[0] is nil
	ids   map[termKey]id
}

// termKey identifies an RDF term: its kind, its main string (IRI, label or
// lexical form) and, for literals, the lower-cased language tag prefixed
// with '@' or the datatype IRI ("" for simple literals).
type termKey struct {
	kind byte
	a, b string
}

// keyOf returns the termKey of t (variables get their own kind, so that a
// query dictionary never confuses them with terms).
func keyOf(t sparql.Term) termKey {
	switch t := t.(type) {
	case *sparql.IRI:
		return termKey{kind: 'I', a: t.Value}
	case *sparql.BlankNode:
		return termKey{kind: 'B', a: t.Label}
	case *sparql.Literal:
		switch {
		case t.Lang != "":
			return termKey{kind: 'L', a: t.Lexical, b: "@" + strings.ToLower(t.Lang)}
		case t.Datatype != nil && t.Datatype.Value != sparql.XSDString:
			return termKey{kind: 'L', a: t.Lexical, b: t.Datatype.Value}
		}
		return termKey{kind: 'L', a: t.Lexical}
	case *sparql.Var:
		return termKey{kind: 'V', a: t.Name}
	}
	return termKey{kind: '?', a: t.Key()}
}

func newDict() *dict { return &dict{terms: []sparql.Term{nil}, ids: map[termKey]id{}} }

// intern returns the id of t, adding it if needed.
func (d *dict) intern(t sparql.Term) id {
	k := keyOf(t)
	if i, ok := d.ids[k]; ok {
		return i
	}
	i := id(len(d.terms))
	d.terms = append(d.terms, stripSpan(t))
	d.ids[k] = i
	return i
}

// lookup returns the id of t, or 0 when the store has never seen it.
func (d *dict) lookup(t sparql.Term) id { return d.ids[keyOf(t)] }

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
	ids   map[termKey]id
	mem   *budget // charged for each computed term (nil: not counted)
}

func newQdict(base *dict) *qdict { return &qdict{base: base, ids: map[termKey]id{}} }

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
	k := keyOf(t)
	if i, ok := q.base.ids[k]; ok {
		return i
	}
	if i, ok := q.ids[k]; ok {
		return i
	}
	i := id(len(q.base.terms) + len(q.extra))
	// A failed charge is sticky: the engine stops at its next step.
	_ = q.mem.charge("a computed term", termOverhead+termBytes(t))
	q.extra = append(q.extra, stripSpan(t))
	q.ids[k] = i
	return i
}

// lookup returns the id of t in the store, or 0 when the store has no such
// term (a constant of a pattern that cannot match).
func (q *qdict) lookup(t sparql.Term) id {
	k := keyOf(t)
	if i, ok := q.base.ids[k]; ok {
		return i
	}
	return q.ids[k]
}

// termBytes is the size of t's strings.
func termBytes(t sparql.Term) int64 {
	switch t := t.(type) {
	case *sparql.IRI:
		return int64(len(t.Value))
	case *sparql.Literal:
		n := len(t.Lexical) + len(t.Lang)
		if t.Datatype != nil {
			n += len(t.Datatype.Value)
		}
		return int64(n)
	case *sparql.BlankNode:
		return int64(len(t.Label))
	}
	return 0
}
