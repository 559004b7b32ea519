package sparql

import "strconv"

// Triple is one plain triple pattern, after the written sugar of a
// [TriplesBlock] has been expanded: shared subjects (';') and objects (','),
// blank-node property lists and collections. Predicate is the verb as
// written: an *IRI, a *Var or a property path, which is kept as a path
// rather than expanded into several triples.
type Triple struct {
	Subject   Term
	Predicate Path
	Object    Term
}

// FreshBlankPrefix starts the labels of the blank nodes that [Triples] and
// [TemplateTriples] invent for "[ … ]", "[]" and collection cells. A label
// the query itself uses is never reused: the numbering skips it.
const FreshBlankPrefix = "_sf_b"

// Well-known RDF collection vocabulary used by collection expansion.
const (
	RDFFirst = RDF + "first"
	RDFRest  = RDF + "rest"
	RDFNil   = RDF + "nil"
)

// Triples returns every triple pattern of the tree rooted at n, in source
// order: the expansion of every [TriplesBlock] under n, descending into
// every nested group, OPTIONAL, UNION, MINUS, GRAPH, SERVICE, sub-query and
// EXISTS / NOT EXISTS pattern (wherever it occurs, also inside BIND or
// SELECT expressions). A CONSTRUCT template is not a TriplesBlock and is not
// included; use [TemplateTriples] for it. If n is itself a
// *TriplesSameSubject, its expansion is returned.
//
// Expansion rules:
//   - "s p o1, o2 ; q o3" gives (s p o1), (s p o2), (s q o3);
//   - a blank-node property list "[ p o ]" and an anonymous "[]" become a
//     fresh blank node (label FreshBlankPrefix + number, numbered 1, 2, …
//     in order of appearance within this call, skipping labels the query
//     uses); the triple that links to it comes first when the list is an
//     object and last when it is a subject, i.e. triples follow the text;
//   - a collection "( a b )" becomes fresh cells with rdf:first / rdf:rest,
//     the last rest being rdf:nil; the empty collection "()" is rdf:nil;
//   - terms other than "[]" are the tree's own nodes (same pointers), so a
//     Triple can be traced back to the source; invented terms have no
//     position, except fresh blank nodes, which carry the span of the
//     construct they stand for.
func Triples(n Node) []Triple {
	if rwNilNode(n) {
		return nil
	}
	x := newExpander(n)
	if t, ok := n.(*TriplesSameSubject); ok {
		x.sameSubject(t)
		return x.out
	}
	Inspect(n, func(m Node) bool {
		if b, ok := m.(*TriplesBlock); ok && b != nil {
			for _, t := range b.Triples {
				x.sameSubject(t)
			}
			return false
		}
		return m != nil && !rwNilNode(m)
	})
	return x.out
}

// GroupTriples returns the triple patterns of the basic graph patterns that
// are direct elements of g, in source order, without descending into
// nested groups, OPTIONAL, sub-queries, EXISTS and so on. Fresh blank-node
// labels are numbered as in [Triples] and avoid every label used under g.
func GroupTriples(g *GroupPattern) []Triple {
	if g == nil {
		return nil
	}
	x := newExpander(g)
	for _, e := range g.Elements {
		if b, ok := e.(*TriplesBlock); ok && b != nil {
			for _, t := range b.Triples {
				x.sameSubject(t)
			}
		}
	}
	return x.out
}

// TemplateTriples expands a CONSTRUCT template (Query.Template) like
// [Triples] expands a TriplesBlock.
func TemplateTriples(template []*TriplesSameSubject) []Triple {
	x := &expander{used: make(map[string]bool)}
	for _, t := range template {
		if t != nil {
			Inspect(t, x.collectLabel)
		}
	}
	for _, t := range template {
		x.sameSubject(t)
	}
	return x.out
}

// expander carries the output and the fresh-label state of one expansion.
type expander struct {
	out  []Triple
	used map[string]bool // blank-node labels the query uses
	next int
}

func newExpander(root Node) *expander {
	x := &expander{used: make(map[string]bool)}
	Inspect(root, x.collectLabel)
	return x
}

func (x *expander) collectLabel(n Node) bool {
	if n == nil || rwNilNode(n) {
		return false
	}
	if b, ok := n.(*BlankNode); ok && b.Label != "" {
		x.used[b.Label] = true
	}
	return true
}

// fresh returns a new blank node that carries the span of the construct it
// stands for.
func (x *expander) fresh(span Span) *BlankNode {
	for {
		x.next++
		label := FreshBlankPrefix + strconv.Itoa(x.next)
		if !x.used[label] {
			return &BlankNode{Span: span, Label: label}
		}
	}
}

func (x *expander) emit(s Term, p Path, o Term) {
	x.out = append(x.out, Triple{Subject: s, Predicate: p, Object: o})
}

func (x *expander) sameSubject(t *TriplesSameSubject) {
	if t == nil || rwNilNode(t.Subject) {
		return
	}
	s := x.subject(t.Subject)
	x.properties(s, t.Properties)
}

// subject returns the term for a graph node in subject position, emitting
// the node's own triples (which precede the properties in the text).
func (x *expander) subject(n GraphNode) Term {
	term, expand := x.node(n)
	expand()
	return term
}

func (x *expander) properties(s Term, props []*PropertyObjects) {
	for _, po := range props {
		if po == nil || rwNilNode(po.Verb) {
			continue
		}
		for _, o := range po.Objects {
			if rwNilNode(o) {
				continue
			}
			term, expand := x.node(o)
			x.emit(s, po.Verb, term)
			expand()
		}
	}
}

// node returns the term that stands for n, and a function that emits the
// triples n itself contributes (its property list or collection cells).
func (x *expander) node(n GraphNode) (Term, func()) {
	nothing := func() {}
	switch n := n.(type) {
	case *BlankNode:
		if n.Anon || n.Label == "" {
			return x.fresh(n.Span), nothing
		}
		return n, nothing
	case Term:
		return n, nothing
	case *BlankNodePropertyList:
		b := x.fresh(n.Span)
		return b, func() { x.properties(b, n.Properties) }
	case *Collection:
		items := make([]GraphNode, 0, len(n.Items))
		for _, it := range n.Items {
			if !rwNilNode(it) {
				items = append(items, it)
			}
		}
		if len(items) == 0 {
			return &IRI{Span: n.Span, Value: RDFNil}, nothing
		}
		head := x.fresh(n.Span)
		return head, func() {
			cell := head
			for i, it := range items {
				term, expand := x.node(it)
				x.emit(cell, &IRI{Value: RDFFirst}, term)
				expand()
				if i == len(items)-1 {
					x.emit(cell, &IRI{Value: RDFRest}, &IRI{Value: RDFNil})
				} else {
					next := x.fresh(Span{})
					x.emit(cell, &IRI{Value: RDFRest}, next)
					cell = next
				}
			}
		}
	}
	return nil, nothing
}
