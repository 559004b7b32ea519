package store

import (
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// pushedFilter is a FILTER of a group evaluated inside one of the group's
// basic graph patterns, as soon as the pattern matching has bound all the
// variables it reads. This is exact: the basic graph pattern binds those
// variables in every solution, and the group's later elements cannot change
// a bound variable, so filtering early or at the end of the group keeps the
// same solutions.
type pushedFilter struct {
	expr  sparql.Expr
	slots []int
	hints []eqHint
}

// eqHint says that a FILTER holds only if variable target equals another
// variable (src >= 0) or a constant (c): FILTER(?a = ?b), ?a IN (?b),
// sameTerm(?a, ?b). When the known side is an IRI, a blank node or a literal
// without a datatype (simple or language-tagged), "=" is true only for the
// identical term, so matching may bind target to it directly; sameTerm is
// always identity (exact).
type eqHint struct {
	target int
	src    int // -1 for a constant
	c      id
	exact  bool
}

// push places each expression of exprs (a group's FILTERs over sub, or an
// OPTIONAL's condition over its right operand) that uses no EXISTS in the
// first basic graph pattern of sub's spine that binds every variable it
// reads, except variables in scope nowhere in sub or in the operators of
// also, which stay unbound whatever happens (an OPTIONAL's condition sees
// its left operand's variables too). It returns the expressions left to
// check after sub.
func (c *compiler) push(exprs []sparql.Expr, sub algebra.Op, also ...algebra.Op) []sparql.Expr {
	if len(exprs) == 0 {
		return nil
	}
	blocks := spine(sub, nil)
	if len(blocks) == 0 {
		return exprs
	}
	// Variables in scope nowhere in sub stay unbound through it: a filter
	// reading them can be decided as soon as its other variables are
	// bound (FILTER(?x IN (?unboundElsewhere)) is then simply false).
	inScope := map[string]bool{}
	c.mayBind(sub, inScope)
	for _, op := range also {
		c.mayBind(op, inScope)
	}
	var rest []sparql.Expr
	for _, x := range exprs {
		slots, ok := filterSlots(x, c.sc)
		placed := false
		for _, b := range blocks {
			if !ok || len(slots) == 0 {
				break
			}
			bound := map[int]bool{}
			for _, s := range c.bgpSlots(b) {
				bound[s] = true
			}
			all, some := true, false
			var need []int
			for _, s := range slots {
				switch {
				case bound[s]:
					some = true
					need = append(need, s)
				case !inScope[c.sc.names[s]]:
					// never bound in sub
				default:
					all = false
				}
			}
			if all && some {
				c.pushed[b] = append(c.pushed[b], &pushedFilter{expr: x, slots: need, hints: c.e.hintsOf(x, c.sc)})
				placed = true
				break
			}
		}
		if !placed {
			rest = append(rest, x)
		}
	}
	return rest
}

// filterSlots returns the slots of the variables x reads; ok is false when
// x uses EXISTS (its pattern may read variables bound later) or a variable
// with no slot.
func filterSlots(x sparql.Expr, sc *scope) ([]int, bool) {
	ok := true
	seen := map[int]bool{}
	var slots []int
	sparql.Inspect(x, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.ExistsExpr, *sparql.Aggregate:
			ok = false
			return false
		case *sparql.Var:
			s, has := sc.slots[n.Name]
			if !has {
				ok = false
				return false
			}
			if !seen[s] {
				seen[s] = true
				slots = append(slots, s)
			}
		}
		return ok
	})
	return slots, ok
}

// hintsOf extracts the equality hints of a filter expression (a conjunction
// of equalities is searched through &&).
func (e *engine) hintsOf(x sparql.Expr, sc *scope) []eqHint {
	var out []eqHint
	pair := func(a, b sparql.Expr, exact bool) {
		va, aok := a.(*sparql.Var)
		vb, bok := b.(*sparql.Var)
		switch {
		case aok && bok:
			sa, sb := sc.slots[va.Name], sc.slots[vb.Name]
			out = append(out, eqHint{target: sb, src: sa, exact: exact}, eqHint{target: sa, src: sb, exact: exact})
		case aok || bok:
			v, other := va, b
			if !aok {
				v, other = vb, a
			}
			t, isTerm := other.(sparql.Term)
			if !isTerm {
				return
			}
			c := e.s.dict.lookup(t)
			if c == 0 || !(exact || identityOnly(t)) {
				return
			}
			out = append(out, eqHint{target: sc.slots[v.Name], src: -1, c: c, exact: true})
		}
	}
	var walk func(x sparql.Expr)
	walk = func(x sparql.Expr) {
		switch x := x.(type) {
		case *sparql.BinaryExpr:
			switch x.Op {
			case sparql.OpAnd:
				walk(x.X)
				walk(x.Y)
			case sparql.OpEq:
				pair(x.X, x.Y, false)
			}
		case *sparql.InExpr:
			if !x.Not && len(x.List) == 1 {
				pair(x.X, x.List[0], false)
			}
		case *sparql.CallExpr:
			if x.Name == "sameTerm" && len(x.Args) == 2 {
				pair(x.Args[0], x.Args[1], true)
			}
		}
	}
	walk(x)
	return out
}

// identityOnly reports whether "=" holds between t and another term only
// when they are the same term: IRIs, blank nodes, and literals without a
// datatype (simple and language-tagged).
func identityOnly(t sparql.Term) bool {
	switch t := t.(type) {
	case *sparql.IRI, *sparql.BlankNode:
		return true
	case *sparql.Literal:
		return t.Datatype == nil
	}
	return false
}

// bgpPlan is a basic graph pattern in evaluation order with, per pattern,
// the filters to check once it has matched and the hints to apply before.
type bgpPlan struct {
	ps     []cpattern
	checks [][]*pushedFilter
	hints  [][]eqHint
	sc     *scope
	g      *graphIndex
}

// planBGP orders the patterns of a basic graph pattern for solutions
// binding what sample binds, and places the pushed filters and the hints.
func (e *engine) planBGP(ps []cpattern, sample solution, g *graphIndex, filters []*pushedFilter, sc *scope) *bgpPlan {
	var hints []eqHint
	for _, f := range filters {
		hints = append(hints, f.hints...)
	}
	order := e.orderPatterns(ps, sample, g, hints)
	plan := &bgpPlan{ps: order, checks: make([][]*pushedFilter, len(order)), hints: make([][]eqHint, len(order)), sc: sc, g: g}
	bound := map[int]bool{}
	done := map[*pushedFilter]bool{}
	for i, p := range order {
		inPattern := map[int]bool{}
		for _, t := range []cterm{p.s, p.p, p.o} {
			if t.slot >= 0 {
				inPattern[t.slot] = true
				bound[t.slot] = true
			}
		}
		for _, h := range hints {
			if inPattern[h.target] {
				plan.hints[i] = append(plan.hints[i], h)
			}
		}
		for _, f := range filters {
			if done[f] {
				continue
			}
			all := true
			for _, s := range f.slots {
				all = all && bound[s]
			}
			if all {
				done[f] = true
				plan.checks[i] = append(plan.checks[i], f)
			}
		}
	}
	return plan
}

// orderPatterns orders patterns greedily: the cheapest next pattern given
// the variables bound so far (by the sample solution and earlier patterns),
// counting a variable as bound once its equality partner (a pushed filter's
// hint) is.
func (e *engine) orderPatterns(ps []cpattern, sample solution, g *graphIndex, hints []eqHint) []cpattern {
	bound := map[int]bool{}
	for i, x := range sample {
		if x != 0 {
			bound[i] = true
		}
	}
	propagate := func() {
		for changed := true; changed; {
			changed = false
			for _, h := range hints {
				if !bound[h.target] && (h.src < 0 || bound[h.src]) {
					bound[h.target] = true
					changed = true
				}
			}
		}
	}
	propagate()
	rest := append([]cpattern(nil), ps...)
	out := make([]cpattern, 0, len(ps))
	for len(rest) > 0 {
		best, bestCost := 0, -1.0
		for i, p := range rest {
			c := e.cost(p, bound, g)
			if bestCost < 0 || c < bestCost {
				best, bestCost = i, c
			}
		}
		p := rest[best]
		out = append(out, p)
		rest = append(rest[:best], rest[best+1:]...)
		for _, t := range []cterm{p.s, p.p, p.o} {
			if t.slot >= 0 {
				bound[t.slot] = true
			}
		}
		propagate()
	}
	return out
}
