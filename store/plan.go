package store

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// The physical plan. A query goes through four layers:
//
//  1. algebra.Translate turns the syntax tree into the SPARQL algebra;
//  2. the compiler below optimises it: constant expressions are folded
//     (a FILTER that is always true is dropped, one always false empties
//     its group), FILTERs are placed inside the matching of the basic
//     graph patterns that bind their variables (pushdown.go), a basic
//     graph pattern joined to what precedes it becomes a bind join, ORDER
//     BY under a LIMIT becomes a top-k;
//  3. it compiles each operator to a node of the physical plan, with
//     variables resolved to slots and constants to dictionary ids;
//  4. a node opens a pull iterator (iter.go) for one evaluation, so that
//     solutions stream: an operator materialises only what it must hold
//     (a hash join's build side, MINUS's right side, groups, sorts,
//     DISTINCT's set), and LIMIT, ASK and EXISTS stop pulling once they
//     have what they need.
//
// The join order of a basic graph pattern is chosen when its first input
// solution arrives, with the variables that solution binds (orderPatterns).

// node is an operator of the physical plan.
type node interface {
	// open starts one evaluation over the active graph g. Every solution
	// the iterator returns extends seed: the empty solution, the left
	// solution of a bind join, or the solution EXISTS substitutes.
	open(e *engine, seed solution, g *graphIndex) iter
}

// iter is a pull iterator over solutions.
type iter interface {
	// next returns the next solution, which the caller owns and may
	// change, or (nil, nil) at the end. After an error it must not be
	// called again.
	next() (solution, error)
}

// queryPlan is the physical plan of one query level (a sub-select has its
// own, in its own scope).
type queryPlan struct {
	q    *sparql.Query
	sc   *scope
	op   algebra.Op // the algebra the plan was compiled from (the query form's operand)
	root node
}

// compiler turns the algebra of one query level into nodes.
type compiler struct {
	e  *engine
	sc *scope
	// pushed holds the FILTERs placed inside each BGP's matching.
	pushed map[*algebra.BGP][]*pushedFilter
	// nodes maps each compiled operator to its node (for Explain).
	nodes map[algebra.Op]node
	// certain caches the variables each operator binds in every solution.
	certain map[algebra.Op]map[string]bool
	// folded holds the constant conditions folded, with their value.
	folded map[sparql.Expr]bool
}

// compileQuery compiles query level q, whose algebra is op (the whole
// query's, or a sub-select's ToMultiSet operand), in a new scope.
func (e *engine) compileQuery(q *sparql.Query, op algebra.Op) (*queryPlan, error) {
	sc := newScope()
	e.prepare(q, sc)
	switch o := op.(type) {
	case *algebra.Ask:
		op = o.Sub
	case *algebra.Construct:
		op = o.Sub
	case *algebra.Describe:
		op = o.Sub
	}
	c := &compiler{e: e, sc: sc, pushed: map[*algebra.BGP][]*pushedFilter{}, nodes: map[algebra.Op]node{}, certain: map[algebra.Op]map[string]bool{}, folded: map[sparql.Expr]bool{}}
	root, err := c.compile(op)
	if err != nil {
		return nil, err
	}
	if e.plans != nil {
		e.plans[q] = c
	}
	return &queryPlan{q: q, sc: sc, op: op, root: root}, nil
}

// compile returns the node of op.
func (c *compiler) compile(op algebra.Op) (node, error) {
	if err := c.e.tick(); err != nil {
		return nil, err
	}
	n, err := c.compileOp(op)
	if err != nil {
		return nil, err
	}
	c.nodes[op] = n
	return n, c.compileExists(op)
}

// compileExists compiles the patterns of op's EXISTS expressions (each is
// opened once per solution the expression is evaluated on); once each.
func (c *compiler) compileExists(op algebra.Op) error {
	for _, x := range op.Operands() {
		if ex, ok := x.(*algebra.Exists); ok && c.e.exists[ex.Expr.Pattern] == nil {
			sub, err := c.compile(ex.Sub)
			if err != nil {
				return err
			}
			c.e.exists[ex.Expr.Pattern] = sub
		}
	}
	return nil
}

func (c *compiler) compileOp(op algebra.Op) (node, error) {
	switch o := op.(type) {
	case *algebra.BGP:
		return &scanNode{ps: c.sc.blocks[o.Block], filters: c.pushed[o], sc: c.sc}, nil
	case *algebra.Join:
		left, err := c.compile(o.Left)
		if err != nil {
			return nil, err
		}
		if b, ok := o.Right.(*algebra.BGP); ok {
			// A bind join: the pattern is matched with each left
			// solution's bindings substituted.
			n := &scanNode{ps: c.sc.blocks[b.Block], filters: c.pushed[b], sc: c.sc, input: left}
			c.nodes[b] = n
			return n, nil
		}
		right, err := c.compile(o.Right)
		if err != nil {
			return nil, err
		}
		return &hashJoinNode{left: left, right: right, certain: c.slots(c.certainOf(o.Left))}, nil
	case *algebra.LeftJoin:
		rest, never, err := c.foldAll(o.Expr)
		if err != nil {
			return nil, err
		}
		left, err := c.compile(o.Left)
		if err != nil || never {
			// LeftJoin(L, R, false) is L.
			return left, err
		}
		rest = c.push(rest, o.Right, o.Left)
		right, err := c.compile(o.Right)
		if err != nil {
			return nil, err
		}
		return &leftJoinNode{left: left, right: right, exprs: rest, sc: c.sc, bind: bindable(o.Right), certain: c.slots(c.certainOf(o.Left))}, nil
	case *algebra.Filter:
		rest, never, err := c.foldAll(o.Expr)
		if err != nil || never {
			return emptyNode{}, err
		}
		rest = c.push(rest, o.Sub)
		sub, err := c.compile(o.Sub)
		if err != nil || len(rest) == 0 {
			return sub, err
		}
		return &filterNode{sub: sub, exprs: rest, sc: c.sc}, nil
	case *algebra.Union:
		left, right, err := c.both(o.Left, o.Right)
		return &unionNode{left: left, right: right}, err
	case *algebra.Minus:
		left, right, err := c.both(o.Left, o.Right)
		return &minusNode{left: left, right: right}, err
	case *algebra.Graph:
		sub, err := c.compile(o.Sub)
		if err != nil {
			return nil, err
		}
		n := &graphNode{sub: sub, slot: -1}
		switch name := o.Name.(type) {
		case *sparql.Var:
			n.slot = c.sc.slot(name.Name)
		default:
			n.name = c.e.s.dict.lookup(name)
		}
		return n, nil
	case *algebra.Extend:
		sub, err := c.compile(o.Sub)
		if err != nil {
			return nil, err
		}
		n := &extendNode{sub: sub, slot: c.sc.slot(o.Var.Name), expr: o.Expr, sc: c.sc}
		if v, ok, err := c.fold(o.Expr); err != nil {
			return nil, err
		} else if ok {
			n.folded = true
			if v != nil {
				n.value = c.e.qd.intern(v)
			}
		}
		return n, nil
	case *algebra.Table:
		n := &tableNode{sc: c.sc}
		for _, v := range o.Vars {
			n.slots = append(n.slots, c.sc.slot(v.Name))
		}
		for _, row := range o.Rows {
			vals := make([]id, len(row))
			for i, t := range row {
				if t != nil {
					vals[i] = c.e.qd.intern(t)
				}
			}
			n.rows = append(n.rows, vals)
		}
		return n, nil
	case *algebra.Service:
		if !o.Silent {
			return nil, fmt.Errorf("SERVICE %s: the embedded store cannot call remote endpoints", o.Endpoint.Key())
		}
		return &tableNode{sc: c.sc, rows: [][]id{nil}}, nil
	case *algebra.ToMultiSet:
		inner, err := c.e.compileQuery(o.Query, o.Sub)
		if err != nil {
			return nil, err
		}
		n := &subNode{plan: inner}
		for _, v := range o.Query.ProjectedVars() {
			n.from = append(n.from, inner.sc.slot(v.Name))
			n.to = append(n.to, c.sc.slot(v.Name))
		}
		return n, nil
	case *algebra.Group:
		sub, err := c.compile(o.Sub)
		if err != nil {
			return nil, err
		}
		n := &groupNode{sub: sub, sc: c.sc, keys: o.Keys}
		for _, k := range o.Keys {
			slot := -1 // an expression without alias: grouped on, not bound
			switch {
			case k.Var != nil:
				slot = c.sc.slot(k.Var.Name)
			default:
				if v, ok := k.Expr.(*sparql.Var); ok {
					slot = c.sc.slot(v.Name)
				}
			}
			n.keySlots = append(n.keySlots, slot)
			n.keyVar = append(n.keyVar, -1)
			if v, ok := k.Expr.(*sparql.Var); ok {
				n.keyVar[len(n.keyVar)-1] = c.sc.slot(v.Name)
			}
		}
		for _, a := range o.Aggregates {
			n.aggs = append(n.aggs, a.Aggregate)
			n.aggSlots = append(n.aggSlots, c.sc.slot(a.Var.Name))
		}
		return n, nil
	case *algebra.OrderBy:
		return c.order(o, 0)
	case *algebra.Project:
		return c.project(o, 0)
	case *algebra.Distinct:
		sub, err := c.compile(o.Sub)
		return &distinctNode{sub: sub}, err
	case *algebra.Reduced:
		sub, err := c.compile(o.Sub)
		return &distinctNode{sub: sub}, err
	case *algebra.Slice:
		n := &sliceNode{offset: 0, limit: -1}
		if o.Offset != nil {
			n.offset = *o.Offset
		}
		if o.Limit != nil {
			n.limit = *o.Limit
		}
		// ORDER BY under the slice (with no DISTINCT between) needs
		// only its first OFFSET+LIMIT solutions.
		k := 0
		if n.limit >= 0 && n.offset >= 0 && n.offset+n.limit < 1<<30 {
			k = int(n.offset + n.limit)
		}
		var err error
		switch s := o.Sub.(type) {
		case *algebra.Project:
			n.sub, err = c.project(s, k)
			c.nodes[s] = n.sub
		case *algebra.OrderBy:
			n.sub, err = c.order(s, k)
		default:
			n.sub, err = c.compile(o.Sub)
		}
		return n, err
	}
	return nil, fmt.Errorf("store: no physical operator for %T", op)
}

// constant reports whether x has the same value in every solution of the
// query: it reads no variable and uses no EXISTS, aggregate, or function
// whose value is new at each call (RAND, UUID, STRUUID, BNODE). NOW is
// one instant per query.
func constant(x sparql.Expr) bool {
	if _, ok := x.(sparql.Term); ok || x == nil {
		return false // nothing to fold
	}
	ok := true
	sparql.Inspect(x, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.Var, *sparql.ExistsExpr, *sparql.Aggregate:
			ok = false
		case *sparql.CallExpr:
			switch n.Name {
			case "RAND", "UUID", "STRUUID", "BNODE":
				ok = false
			}
		}
		return ok
	})
	return ok
}

// fold evaluates a constant expression once (constant folding): ok is
// false for an expression that is not constant; v is nil when its
// evaluation is an error (an expression error: unbound). A fatal error (a
// limit) is returned.
func (c *compiler) fold(x sparql.Expr) (v sparql.Term, ok bool, err error) {
	if !constant(x) {
		return nil, false, nil
	}
	v, verr := c.e.ev.eval(x, &rowBinder{e: c.e, sc: c.sc})
	if verr != nil {
		if isFatal(verr) {
			return nil, false, verr
		}
		return nil, true, nil
	}
	return v, true, nil
}

// foldAll folds the constant conditions of a conjunction: those true are
// dropped; never reports one that is false (or an error), which makes the
// whole conjunction false.
func (c *compiler) foldAll(exprs []sparql.Expr) (rest []sparql.Expr, never bool, err error) {
	for _, x := range exprs {
		v, ok, err := c.fold(x)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			rest = append(rest, x)
			continue
		}
		if b, berr := ebv(v); v == nil || berr != nil || !b {
			if c.folded != nil {
				c.folded[x] = false
			}
			return nil, true, nil
		}
		if c.folded != nil {
			c.folded[x] = true
		}
	}
	return rest, false, nil
}

// both compiles two operands, left first.
func (c *compiler) both(l, r algebra.Op) (node, node, error) {
	left, err := c.compile(l)
	if err != nil {
		return nil, nil, err
	}
	right, err := c.compile(r)
	return left, right, err
}

// order compiles an OrderBy; k > 0 keeps only its first k solutions.
func (c *compiler) order(o *algebra.OrderBy, k int) (node, error) {
	sub, err := c.compile(o.Sub)
	if err != nil {
		return nil, err
	}
	n := &orderNode{sub: sub, conds: o.Conds, k: k, sc: c.sc}
	c.nodes[o] = n
	return n, c.compileExists(o)
}

// project compiles a Project; k passes a slice's top-k to an OrderBy
// directly below.
func (c *compiler) project(o *algebra.Project, k int) (node, error) {
	var sub node
	var err error
	if ob, ok := o.Sub.(*algebra.OrderBy); ok && k > 0 {
		sub, err = c.order(ob, k)
	} else {
		sub, err = c.compile(o.Sub)
	}
	if err != nil {
		return nil, err
	}
	keep := make([]bool, c.sc.width())
	for _, v := range o.Vars {
		if s := c.sc.slot(v.Name); s < len(keep) {
			keep[s] = true
		} else {
			keep = append(keep, make([]bool, s+1-len(keep))...)
			keep[s] = true
		}
	}
	return &projectNode{sub: sub, keep: keep}, nil
}

// bindable reports whether op evaluated with a solution's bindings
// substituted gives exactly its join with that solution: basic graph
// patterns and joins of them.
func bindable(op algebra.Op) bool {
	switch o := op.(type) {
	case *algebra.BGP:
		return true
	case *algebra.Join:
		return bindable(o.Left) && bindable(o.Right)
	}
	return false
}

// slots returns the slots of the named variables (those of this scope).
func (c *compiler) slots(names map[string]bool) []int {
	var out []int
	for n := range names {
		if s, ok := c.sc.slots[n]; ok {
			out = append(out, s)
		}
	}
	return out
}

// certainOf returns the variables op binds in every solution.
func (c *compiler) certainOf(op algebra.Op) map[string]bool {
	if m, ok := c.certain[op]; ok {
		return m
	}
	m := map[string]bool{}
	union := func(xs ...map[string]bool) {
		for _, x := range xs {
			for k := range x {
				m[k] = true
			}
		}
	}
	switch o := op.(type) {
	case *algebra.BGP:
		for _, s := range c.bgpSlots(o) {
			m[c.sc.names[s]] = true
		}
	case *algebra.Join:
		union(c.certainOf(o.Left), c.certainOf(o.Right))
	case *algebra.LeftJoin:
		union(c.certainOf(o.Left))
	case *algebra.Minus:
		union(c.certainOf(o.Left))
	case *algebra.Filter:
		union(c.certainOf(o.Sub))
	case *algebra.Extend:
		union(c.certainOf(o.Sub))
	case *algebra.OrderBy:
		union(c.certainOf(o.Sub))
	case *algebra.Distinct:
		union(c.certainOf(o.Sub))
	case *algebra.Reduced:
		union(c.certainOf(o.Sub))
	case *algebra.Slice:
		union(c.certainOf(o.Sub))
	case *algebra.Union:
		l, r := c.certainOf(o.Left), c.certainOf(o.Right)
		for k := range l {
			if r[k] {
				m[k] = true
			}
		}
	case *algebra.Graph:
		union(c.certainOf(o.Sub))
		if v, ok := o.Name.(*sparql.Var); ok {
			m[v.Name] = true
		}
	case *algebra.Table:
		for i, v := range o.Vars {
			all := len(o.Rows) > 0
			for _, r := range o.Rows {
				all = all && r[i] != nil
			}
			if all {
				m[v.Name] = true
			}
		}
	case *algebra.Project:
		sub := c.certainOf(o.Sub)
		for _, v := range o.Vars {
			if sub[v.Name] {
				m[v.Name] = true
			}
		}
	case *algebra.ToMultiSet:
		// The sub-select's own scope: its projection of what it binds.
		if inner, ok := c.e.plans[o.Query]; ok {
			union(inner.certainOf(o.Sub))
		}
	}
	c.certain[op] = m
	return m
}

// mayBind returns the variables op may bind (in scope in it, §18.2.1).
func (c *compiler) mayBind(op algebra.Op, m map[string]bool) {
	switch o := op.(type) {
	case *algebra.BGP:
		for _, s := range c.bgpSlots(o) {
			m[c.sc.names[s]] = true
		}
	case *algebra.Join:
		c.mayBind(o.Left, m)
		c.mayBind(o.Right, m)
	case *algebra.LeftJoin:
		c.mayBind(o.Left, m)
		c.mayBind(o.Right, m)
	case *algebra.Union:
		c.mayBind(o.Left, m)
		c.mayBind(o.Right, m)
	case *algebra.Minus:
		c.mayBind(o.Left, m)
	case *algebra.Filter:
		c.mayBind(o.Sub, m)
	case *algebra.Graph:
		c.mayBind(o.Sub, m)
		if v, ok := o.Name.(*sparql.Var); ok {
			m[v.Name] = true
		}
	case *algebra.Extend:
		c.mayBind(o.Sub, m)
		m[o.Var.Name] = true
	case *algebra.Table:
		for _, v := range o.Vars {
			m[v.Name] = true
		}
	case *algebra.Service:
		c.mayBind(o.Sub, m)
	case *algebra.ToMultiSet:
		for _, v := range o.Query.ProjectedVars() {
			m[v.Name] = true
		}
	case *algebra.Group:
		for _, k := range o.Keys {
			if k.Var != nil {
				m[k.Var.Name] = true
			} else if v, ok := k.Expr.(*sparql.Var); ok {
				m[v.Name] = true
			}
		}
		for _, a := range o.Aggregates {
			m[a.Var.Name] = true
		}
	case *algebra.Project:
		for _, v := range o.Vars {
			m[v.Name] = true
		}
	case *algebra.OrderBy:
		c.mayBind(o.Sub, m)
	case *algebra.Distinct:
		c.mayBind(o.Sub, m)
	case *algebra.Reduced:
		c.mayBind(o.Sub, m)
	case *algebra.Slice:
		c.mayBind(o.Sub, m)
	}
}

// bgpSlots returns the slots of the variables (blank nodes included) of a
// BGP's triple patterns: those it binds in every solution.
func (c *compiler) bgpSlots(b *algebra.BGP) []int {
	var out []int
	for _, p := range c.sc.blocks[b.Block] {
		for _, t := range []cterm{p.s, p.p, p.o} {
			if t.slot >= 0 {
				out = append(out, t.slot)
			}
		}
	}
	return out
}

// spine returns the BGPs whose every solution is part of every solution
// of op: those reached through Join, the left of LeftJoin and Minus,
// Extend and Filter. A FILTER over op that reads only variables one of
// them binds may be checked while that BGP is matched.
func spine(op algebra.Op, out []*algebra.BGP) []*algebra.BGP {
	switch o := op.(type) {
	case *algebra.BGP:
		return append(out, o)
	case *algebra.Join:
		return spine(o.Right, spine(o.Left, out))
	case *algebra.LeftJoin:
		return spine(o.Left, out)
	case *algebra.Minus:
		return spine(o.Left, out)
	case *algebra.Extend:
		return spine(o.Sub, out)
	case *algebra.Filter:
		return spine(o.Sub, out)
	}
	return out
}
