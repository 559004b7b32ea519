package store

import (
	"hash/maphash"
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
	ids   termIndex
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

func newDict() *dict {
	return &dict{terms: []sparql.Term{nil}, ids: termIndex{seed: maphash.MakeSeed()}}
}

// intern returns the id of t, adding it if needed.
func (d *dict) intern(t sparql.Term) id {
	k := keyOf(t)
	i, at := d.ids.find(k, d.terms)
	if i != 0 {
		return i
	}
	i = id(len(d.terms))
	d.terms = append(d.terms, stripSpan(t))
	d.ids.insert(at, i, d.terms)
	return i
}

// truncate forgets the terms from id n on (a failed load's).
func (d *dict) truncate(n int) {
	if n >= len(d.terms) {
		return
	}
	clear(d.terms[n:])
	d.terms = d.terms[:n]
	d.ids.rebuild(d.terms)
}

// termIndex finds a term's id by its termKey: open addressing with linear
// probing, at most half full. A slot holds the id and the top 32 bits of
// the key's hash (0: empty), not the key: a probe compares hashes and then
// the term the id names. It costs 16 to 32 bytes per term and holds no
// pointers for the garbage collector to scan (a Go map of termKey cost
// about 60 bytes per term, with two pointers).
type termIndex struct {
	seed  maphash.Seed
	slots []uint64
	n     int
}

func (x *termIndex) hash(k termKey) uint64 {
	h := maphash.String(x.seed, k.a)
	if k.b != "" {
		h ^= maphash.String(x.seed, k.b) * 0x9e3779b97f4a7c15
	}
	return h ^ uint64(k.kind)*0xff51afd7ed558ccd
}

// slotOf packs an id with its hash's top bits.
func slotOf(h uint64, i id) uint64 { return h&^0xffffffff | uint64(i) }

// find returns the id of the term with key k (0 if absent) and where it
// is or would be inserted: the slot and the key's hash.
func (x *termIndex) find(k termKey, terms []sparql.Term) (id, probe) {
	h := x.hash(k)
	if len(x.slots) == 0 {
		return 0, probe{-1, h}
	}
	mask := len(x.slots) - 1
	for p := int(h) & mask; ; p = (p + 1) & mask {
		sl := x.slots[p]
		if sl == 0 {
			return 0, probe{p, h}
		}
		if sl&^0xffffffff == h&^0xffffffff {
			if i := id(sl); keyMatches(terms[i], k) {
				return i, probe{p, h}
			}
		}
	}
}

// probe is where find stopped: a slot and the hash of the key sought.
type probe struct {
	slot int
	h    uint64
}

// insert records id i at the probe find returned for its key, growing the
// table when it gets half full.
func (x *termIndex) insert(at probe, i id, terms []sparql.Term) {
	if at.slot < 0 || 2*(x.n+1) > len(x.slots) {
		x.resize(terms, max(16, 2*len(x.slots)))
		x.place(at.h, i)
	} else {
		x.slots[at.slot] = slotOf(at.h, i)
	}
	x.n++
}

// place puts id i, whose key hashes to h, into the table (no duplicate
// check: i is not in it).
func (x *termIndex) place(h uint64, i id) {
	mask := len(x.slots) - 1
	p := int(h) & mask
	for x.slots[p] != 0 {
		p = (p + 1) & mask
	}
	x.slots[p] = slotOf(h, i)
}

// resize rebuilds the table with size slots (a power of two).
func (x *termIndex) resize(terms []sparql.Term, size int) {
	old := x.slots
	x.slots = make([]uint64, size)
	for _, sl := range old {
		if sl != 0 {
			i := id(sl)
			x.place(x.hash(keyOf(terms[i])), i)
		}
	}
}

// rebuild indexes terms[1:] afresh.
func (x *termIndex) rebuild(terms []sparql.Term) {
	size := 16
	for size < 2*len(terms) {
		size *= 2
	}
	x.slots, x.n = make([]uint64, size), 0
	for i := 1; i < len(terms); i++ {
		x.place(x.hash(keyOf(terms[i])), id(i))
		x.n++
	}
}

// keyMatches reports whether keyOf(t) == k, without building t's key.
func keyMatches(t sparql.Term, k termKey) bool {
	switch t := t.(type) {
	case *sparql.IRI:
		return k.kind == 'I' && k.a == t.Value && k.b == ""
	case *sparql.BlankNode:
		return k.kind == 'B' && k.a == t.Label && k.b == ""
	case *sparql.Literal:
		if k.kind != 'L' || k.a != t.Lexical {
			return false
		}
		switch {
		case t.Lang != "":
			return len(k.b) == len(t.Lang)+1 && k.b[0] == '@' && k.b[1:] == strings.ToLower(t.Lang)
		case t.Datatype != nil && t.Datatype.Value != sparql.XSDString:
			return k.b == t.Datatype.Value
		}
		return k.b == ""
	}
	return keyOf(t) == k
}

// lookup returns the id of t, or 0 when the store has never seen it.
func (d *dict) lookup(t sparql.Term) id {
	i, _ := d.ids.find(keyOf(t), d.terms)
	return i
}

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
	if i, _ := q.base.ids.find(k, q.base.terms); i != 0 {
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
	if i, _ := q.base.ids.find(k, q.base.terms); i != 0 {
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
