package perturb

import (
	"slices"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// place is a set of flags saying where a node sits in the query.
type place uint16

const (
	inExists    place = 1 << iota // under EXISTS or NOT EXISTS
	inNotExists                   // under NOT EXISTS
	inMinus                       // under MINUS
	inOptional                    // under OPTIONAL
	inUnion                       // in a UNION branch
	inSubSelect                   // in a sub-select
	inFilter                      // in a FILTER expression
	inHaving                      // in a HAVING condition
	inTemplate                    // in a CONSTRUCT template
	inPropList                    // in a blank-node property list or collection
)

// negated reports whether a node is under NOT EXISTS or MINUS, where
// patterns do not bind the variables of the enclosing group.
func (p place) negated() bool { return p&(inNotExists|inMinus) != 0 }

// tree indexes the nodes of a query in the order of sparql.Inspect (which
// is also the order of sparql.Apply). Because sparql.Clone keeps the shape
// of a tree, the i-th node of a clone is the copy of the i-th node of the
// original: that is how an edit planned on the original is carried out on
// a copy.
type tree struct {
	q      *sparql.Query
	nodes  []sparql.Node
	parent []int   // index of the parent, -1 for the root
	query  []int   // index of the innermost *Query at or above the node
	where  []place // flags
	index  map[sparql.Node]int
}

// newTree indexes q.
func newTree(q *sparql.Query) *tree {
	t := &tree{q: q, index: map[sparql.Node]int{}}
	var stack []int
	sparql.Inspect(q, func(n sparql.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		i := len(t.nodes)
		t.nodes = append(t.nodes, n)
		if _, ok := t.index[n]; !ok {
			t.index[n] = i
		}
		par, qi, fl := -1, -1, place(0)
		if len(stack) > 0 {
			par = stack[len(stack)-1]
			qi, fl = t.query[par], t.where[par]
			fl |= t.childPlace(par, n)
		}
		if _, ok := n.(*sparql.Query); ok {
			qi = i
		}
		t.parent = append(t.parent, par)
		t.query = append(t.query, qi)
		t.where = append(t.where, fl)
		stack = append(stack, i)
		return true
	})
	return t
}

// childPlace returns the flags a child n adds below the node at index par.
func (t *tree) childPlace(par int, n sparql.Node) place {
	switch p := t.nodes[par].(type) {
	case *sparql.ExistsExpr:
		if p.Not {
			return inExists | inNotExists
		}
		return inExists
	case *sparql.MinusPattern:
		return inMinus
	case *sparql.OptionalPattern:
		return inOptional
	case *sparql.UnionPattern:
		return inUnion
	case *sparql.SubSelect:
		return inSubSelect
	case *sparql.FilterPattern:
		return inFilter
	case *sparql.BlankNodePropertyList, *sparql.Collection:
		return inPropList
	case *sparql.Query:
		if e, ok := n.(sparql.Expr); ok && slices.ContainsFunc(p.Having, func(h sparql.Expr) bool { return sameNode(h, e) }) {
			return inHaving
		}
		if x, ok := n.(*sparql.TriplesSameSubject); ok && slices.Contains(p.Template, x) {
			return inTemplate
		}
	}
	return 0
}

// sameNode reports whether a and b are the same node (pointer identity).
func sameNode(a, b sparql.Node) bool { return a == b }

// clone is a copy of the tree's query with its nodes indexed alike.
type clone struct {
	q     *sparql.Query
	nodes []sparql.Node
}

// newClone copies t's query. It returns false if the copy does not have
// the original's shape (which Clone guarantees; checked defensively).
func (t *tree) newClone() (*clone, bool) {
	c := &clone{q: sparql.CloneQuery(t.q)}
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		if n != nil {
			c.nodes = append(c.nodes, n)
		}
		return true
	})
	return c, len(c.nodes) == len(t.nodes)
}

// at returns the copy of the original's node n.
func (c *clone) at(t *tree, n sparql.Node) sparql.Node {
	i, ok := t.index[n]
	if !ok || i >= len(c.nodes) {
		return nil
	}
	return c.nodes[i]
}

// replace replaces the copy of the original's node old with nw.
func (c *clone) replace(t *tree, old, nw sparql.Node) bool {
	target := c.at(t, old)
	if target == nil {
		return false
	}
	ok, err := sparql.Replace(c.q, target, nw)
	return ok && err == nil
}

// remove deletes the copy of the original's node n from the slice that
// holds it.
func (c *clone) remove(t *tree, n sparql.Node) bool {
	target := c.at(t, n)
	if target == nil {
		return false
	}
	done := false
	_, err := sparql.Apply(c.q, func(cur *sparql.Cursor) bool {
		if done {
			return false
		}
		if cur.Node() == target {
			done = cur.Delete() == nil
			return false
		}
		return true
	}, nil)
	return done && err == nil
}

// tripleSite is one plain triple pattern of the WHERE clause (or of a
// group inside it), as written: subject, one verb of its property list and
// one of that verb's objects.
type tripleSite struct {
	block *sparql.TriplesBlock
	tss   *sparql.TriplesSameSubject
	po    *sparql.PropertyObjects
	s     sparql.Term
	p     sparql.Path
	o     sparql.Term
	oNode sparql.Node // the object node
	group *sparql.GroupPattern
	query int // index of the enclosing query
	where place
	k     string // key, once computed
}

// isType reports whether the triple is "?x a C" (rdf:type with an IRI
// class).
func (s *tripleSite) isType() bool {
	iri, ok := s.p.(*sparql.IRI)
	if !ok || iri.Value != sparql.RDFType {
		return false
	}
	_, ok = s.o.(*sparql.IRI)
	return ok
}

// predicate returns the verb's IRI when it is a plain IRI other than
// rdf:type.
func (s *tripleSite) predicate() (*sparql.IRI, bool) {
	iri, ok := s.p.(*sparql.IRI)
	if !ok || iri.Value == sparql.RDFType {
		return nil, false
	}
	return iri, true
}

// key identifies the triple by its terms.
func (s *tripleSite) key() string {
	if s.k == "" {
		s.k = s.s.Key() + " " + sparql.PathKey(s.p) + " " + s.o.Key()
	}
	return s.k
}

// triples lists the triple sites of the tree, in source order; triples in
// blank-node property lists, collections and CONSTRUCT templates are left
// out.
func (t *tree) triples() []*tripleSite {
	var out []*tripleSite
	for i, n := range t.nodes {
		tss, ok := n.(*sparql.TriplesSameSubject)
		if !ok || t.where[i]&(inTemplate|inPropList) != 0 || t.parent[i] < 0 {
			continue
		}
		block, ok := t.nodes[t.parent[i]].(*sparql.TriplesBlock)
		if !ok || t.parent[t.parent[i]] < 0 {
			continue
		}
		group, _ := t.nodes[t.parent[t.parent[i]]].(*sparql.GroupPattern)
		subj, ok := tss.Subject.(sparql.Term)
		if !ok || group == nil {
			continue
		}
		for _, po := range tss.Properties {
			if !sparql.IsSimplePredicate(po.Verb) {
				continue
			}
			for _, o := range po.Objects {
				ot, ok := o.(sparql.Term)
				if !ok {
					continue
				}
				out = append(out, &tripleSite{block: block, tss: tss, po: po, s: subj, p: po.Verb, o: ot, oNode: o,
					group: group, query: t.query[i], where: t.where[i]})
			}
		}
	}
	return out
}

// outputVars returns the variables that make the answer of the query at
// index qi: projected ones, those inside projection expressions
// (aggregate arguments), GROUP BY keys, and ORDER BY keys when there is no
// LIMIT or OFFSET (the order then only presents the answer; with a LIMIT
// it chooses it).
func (t *tree) outputVars(qi int) map[string]bool {
	q, ok := t.nodes[qi].(*sparql.Query)
	if !ok {
		return nil
	}
	out := projectedVars(q)
	for _, g := range q.GroupBy {
		for _, v := range varsOf(g.Expr) {
			out[v] = true
		}
	}
	if q.Limit == nil && q.Offset == nil {
		for _, o := range q.OrderBy {
			for _, v := range varsOf(o.Expr) {
				out[v] = true
			}
		}
	}
	return out
}

// projectedVars returns the variables q's projection returns: the
// projected ones and those inside projection expressions (aggregate
// arguments).
func projectedVars(q *sparql.Query) map[string]bool {
	out := map[string]bool{}
	for _, v := range q.ProjectedVars() {
		out[v.Name] = true
	}
	for _, p := range q.Projections {
		if p.Expr != nil {
			for _, v := range varsOf(p.Expr) {
				out[v] = true
			}
		}
	}
	return out
}

// varsOf returns the names of the variables under n, in order, once each.
func varsOf(n sparql.Node) []string {
	var out []string
	sparql.Inspect(n, func(x sparql.Node) bool {
		if v, ok := x.(*sparql.Var); ok && !slices.Contains(out, v.Name) {
			out = append(out, v.Name)
		}
		return true
	})
	return out
}

// termVar returns the name of a term that is a variable.
func termVar(t sparql.Node) (string, bool) {
	v, ok := t.(*sparql.Var)
	if !ok {
		return "", false
	}
	return v.Name, true
}
