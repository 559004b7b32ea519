package store

import (
	"github.com/schemaforge/go-schemaforge/sparql"
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

// pushdowns maps the triples blocks of a group to the filters pushed into
// them.
type pushdowns map[*sparql.TriplesBlock][]*pushedFilter

// consumed reports whether x was pushed into some block.
func (p pushdowns) consumed(x sparql.Expr) bool {
	for _, fs := range p {
		for _, f := range fs {
			if f.expr == x {
				return true
			}
		}
	}
	return false
}

// pushdown assigns each FILTER of g (that uses no EXISTS) to the first
// triples block of g that binds every variable it reads, except variables
// in scope nowhere in g, which stay unbound whatever happens.
func (e *engine) pushdown(g *sparql.GroupPattern, sc *scope) pushdowns {
	// The plan depends only on the group: EXISTS evaluates its group once
	// per solution, so it is computed once per query.
	if p, ok := e.pushCache[g]; ok {
		return p
	}
	p := e.planPushdown(g, sc)
	if e.pushCache == nil {
		e.pushCache = map[*sparql.GroupPattern]pushdowns{}
	}
	e.pushCache[g] = p
	return p
}

func (e *engine) planPushdown(g *sparql.GroupPattern, sc *scope) pushdowns {
	var blocks []*sparql.TriplesBlock
	var filters []*sparql.FilterPattern
	for _, el := range g.Elements {
		switch el := el.(type) {
		case *sparql.TriplesBlock:
			blocks = append(blocks, el)
		case *sparql.FilterPattern:
			filters = append(filters, el)
		}
	}
	if len(blocks) == 0 || len(filters) == 0 {
		return nil
	}
	// Variables in scope nowhere in the group stay unbound through it: a
	// filter reading them can be decided as soon as its other variables
	// are bound (FILTER(?x IN (?unboundElsewhere)) is then simply false).
	inScope := map[string]bool{}
	for _, v := range sparql.InScope(g) {
		inScope[v.Name] = true
	}
	out := pushdowns{}
	for _, f := range filters {
		slots, ok := filterSlots(f.Expr, sc)
		if !ok || len(slots) == 0 {
			continue
		}
		for _, b := range blocks {
			bound := map[int]bool{}
			for _, p := range sc.blocks[b] {
				for _, t := range []cterm{p.s, p.p, p.o} {
					if t.slot >= 0 {
						bound[t.slot] = true
					}
				}
			}
			all, some := true, false
			var need []int
			for _, s := range slots {
				switch {
				case bound[s]:
					some = true
					need = append(need, s)
				case !inScope[sc.names[s]]:
					// never bound in this group
				default:
					all = false
				}
			}
			if all && some {
				out[b] = append(out[b], &pushedFilter{expr: f.Expr, slots: need, hints: e.hintsOf(f.Expr, sc)})
				break
			}
		}
	}
	return out
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

// bgpFiltered is bgp with filters pushed in.
func (e *engine) bgpFiltered(ps []cpattern, rows []solution, g *graphIndex, filters []*pushedFilter, sc *scope, limit int) ([]solution, error) {
	if len(filters) == 0 {
		return e.bgp(ps, rows, g, limit)
	}
	if len(ps) == 0 || len(rows) == 0 {
		return rows, nil
	}
	var hints []eqHint
	for _, f := range filters {
		hints = append(hints, f.hints...)
	}
	order := e.orderPatterns(ps, rows[0], g, hints)
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
	var out []solution
	for _, r := range rows {
		row := r.clone()
		if err := e.matchPlan(plan, 0, row, &out, limit); err != nil {
			if err == errEnough {
				break
			}
			return nil, err
		}
	}
	return out, nil
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

// matchPlan is matchFrom with hints and pushed filters.
func (e *engine) matchPlan(plan *bgpPlan, i int, row solution, out *[]solution, limit int) error {
	if i == len(plan.ps) {
		if err := e.keep("a basic graph pattern", out, row.clone()); err != nil {
			return err
		}
		if limit > 0 && len(*out) >= limit {
			return errEnough
		}
		return nil
	}
	if err := e.tick(); err != nil {
		return err
	}
	var pre [8]int
	npre := 0
	for _, h := range plan.hints[i] {
		if row[h.target] != 0 || npre == len(pre) {
			continue
		}
		v := h.c
		if h.src >= 0 {
			v = row[h.src]
			if v == 0 || !(h.exact || identityOnly(e.qd.term(v))) {
				continue
			}
		}
		row[h.target] = v
		pre[npre] = h.target
		npre++
	}
	defer func() {
		for k := 0; k < npre; k++ {
			row[pre[k]] = 0
		}
	}()
	next := func() error {
		if checks := plan.checks[i]; len(checks) > 0 {
			b := &rowBinder{e: e, sc: plan.sc, row: row, active: plan.g}
			for _, f := range checks {
				v, verr := e.ev.eval(f.expr, b)
				if verr != nil {
					return nil
				}
				if ok, berr := ebv(v); berr != nil || !ok {
					return nil
				}
			}
		}
		return e.matchPlan(plan, i+1, row, out, limit)
	}
	return e.matchOne(plan.ps[i], row, plan.g, next)
}
