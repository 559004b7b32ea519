package sparql

import "slices"

// InScope returns the variables in scope of a group graph pattern, following
// the rules of SPARQL 1.1 §18.2.1, in order of first appearance and
// deduplicated by name (the first occurrence's *Var is returned):
//
//   - a triple pattern or property path pattern contributes its variables,
//     including those inside blank-node property lists and collections;
//   - a group, OPTIONAL and UNION contribute the variables of their parts;
//   - MINUS and FILTER contribute nothing (nor does EXISTS inside FILTER
//     or BIND);
//   - GRAPH ?g { P } and SERVICE ?s { P } contribute ?g / ?s and P's
//     variables;
//   - BIND (expr AS ?v) contributes ?v; VALUES contributes its variables;
//   - a sub-SELECT contributes only its projected variables (plain and
//     (expr AS ?v)); SELECT * contributes the sub-query's WHERE in-scope
//     variables plus those of its trailing VALUES.
//
// InScope(nil) is nil.
func InScope(g *GroupPattern) []*Var {
	if g == nil {
		return nil
	}
	var s scopeSet
	s.group(g)
	return s.vars
}

// InScopeOf returns the variables a single group element contributes to
// the scope of its enclosing group (see [InScope] for the rules), in order
// of first appearance.
func InScopeOf(p Pattern) []*Var {
	var s scopeSet
	s.pattern(p)
	return s.vars
}

// scopeSet accumulates variables by first appearance.
type scopeSet struct {
	vars []*Var
	seen map[string]bool
}

func (s *scopeSet) add(v *Var) {
	if v == nil {
		return
	}
	if s.seen == nil {
		s.seen = make(map[string]bool)
	}
	if s.seen[v.Name] {
		return
	}
	s.seen[v.Name] = true
	s.vars = append(s.vars, v)
}

func (s *scopeSet) term(t Term) {
	if v, ok := t.(*Var); ok {
		s.add(v)
	}
}

func (s *scopeSet) group(g *GroupPattern) {
	if g == nil {
		return
	}
	for _, e := range g.Elements {
		s.pattern(e)
	}
}

func (s *scopeSet) pattern(p Pattern) {
	switch p := p.(type) {
	case *GroupPattern:
		s.group(p)
	case *TriplesBlock:
		if p == nil {
			return
		}
		for _, t := range p.Triples {
			s.triples(t)
		}
	case *OptionalPattern:
		if p != nil {
			s.group(p.Pattern)
		}
	case *UnionPattern:
		if p == nil {
			return
		}
		for _, a := range p.Alts {
			s.group(a)
		}
	case *MinusPattern, *FilterPattern:
		// contribute nothing
	case *GraphPattern:
		if p == nil {
			return
		}
		s.term(p.Name)
		s.group(p.Pattern)
	case *ServicePattern:
		if p == nil {
			return
		}
		s.term(p.Endpoint)
		s.group(p.Pattern)
	case *BindPattern:
		if p != nil {
			s.add(p.Var)
		}
	case *ValuesPattern:
		if p != nil {
			s.values(p.Values)
		}
	case *SubSelect:
		if p != nil {
			s.subQuery(p.Query)
		}
	}
}

func (s *scopeSet) values(b *ValuesBlock) {
	if b == nil {
		return
	}
	for _, v := range b.Vars {
		s.add(v)
	}
}

func (s *scopeSet) subQuery(q *Query) {
	if q == nil {
		return
	}
	if q.Star {
		for _, v := range SelectStarVars(q) {
			s.add(v)
		}
		return
	}
	for _, pr := range q.Projections {
		if pr != nil {
			s.add(pr.Var)
		}
	}
}

func (s *scopeSet) triples(t *TriplesSameSubject) {
	if t == nil {
		return
	}
	s.graphNode(t.Subject)
	s.properties(t.Properties)
}

func (s *scopeSet) properties(ps []*PropertyObjects) {
	for _, po := range ps {
		if po == nil {
			continue
		}
		if v, ok := po.Verb.(*Var); ok {
			s.add(v)
		}
		for _, o := range po.Objects {
			s.graphNode(o)
		}
	}
}

func (s *scopeSet) graphNode(n GraphNode) {
	switch n := n.(type) {
	case *Var:
		s.add(n)
	case *BlankNodePropertyList:
		if n != nil {
			s.properties(n.Properties)
		}
	case *Collection:
		if n == nil {
			return
		}
		for _, it := range n.Items {
			s.graphNode(it)
		}
	}
}

// SelectStarVars returns the variables "SELECT *" projects from q: the
// variables in scope of its WHERE clause followed by those of its trailing
// VALUES block, in order of first appearance. [InScope] uses it for a
// sub-query written SELECT *.
func SelectStarVars(q *Query) []*Var {
	if q == nil {
		return nil
	}
	var s scopeSet
	s.group(q.Where)
	s.values(q.Values)
	return s.vars
}

// ExprVars returns the names of the variables expression e reads, each
// once, in order of first appearance. The variables of an EXISTS or NOT
// EXISTS pattern are the pattern's, not the expression's: they are left
// out. ExprVars(nil) is nil.
func ExprVars(e Expr) []string {
	if e == nil {
		return nil
	}
	var out []string
	Inspect(e, func(n Node) bool {
		switch n := n.(type) {
		case *ExistsExpr:
			return false
		case *Var:
			if !slices.Contains(out, n.Name) {
				out = append(out, n.Name)
			}
		}
		return true
	})
	return out
}
