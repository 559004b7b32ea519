package sparql

// check applies the static rules that SPARQL 1.1 adds to the grammar
// (§18.2.1 scoping, §18.2.4 grouping, §4.1.4 blank-node labels):
//
//   - SELECT * is not allowed in a grouped query (GROUP BY or aggregates);
//   - in a grouped query, a projected variable, and every variable that a
//     projection expression uses outside an aggregate, must be a grouping
//     key or an earlier projection alias;
//   - the target of (expr AS ?v) must not be in scope in the WHERE clause;
//   - no variable is projected twice (as Oxigraph, the reference, rules);
//   - aggregates appear only in SELECT, HAVING and ORDER BY, never nested;
//   - the variable of BIND must not be in scope in the group before it;
//   - a blank-node label is used in one basic graph pattern only.
//
// It returns the first violation in source order.
func check(src string, q *Query) *Error {
	c := &checker{src: src, labels: map[string]int{}}
	c.query(q)
	if c.err == nil && q.Where != nil {
		c.bnodes(q)
	}
	return c.err
}

type checker struct {
	src    string
	err    *Error
	labels map[string]int // blank-node label → basic graph pattern id
	nbgp   int
}

func (c *checker) fail(n Node, format string, args ...any) {
	if c.err == nil {
		c.err = newError(c.src, n.Pos(), SemanticError, format, args...)
	}
}

func (c *checker) query(q *Query) {
	if c.err != nil {
		return
	}
	grouped := len(q.GroupBy) > 0
	for _, p := range q.Projections {
		if p.Expr != nil && hasAggregate(p.Expr) {
			grouped = true
		}
	}
	for _, h := range q.Having {
		grouped = grouped || hasAggregate(h)
	}
	for _, o := range q.OrderBy {
		grouped = grouped || hasAggregate(o.Expr)
	}
	if len(q.Having) > 0 {
		grouped = true
	}

	// Aggregates: never nested, never in GROUP BY.
	for _, p := range q.Projections {
		if p.Expr != nil {
			c.nestedAggregates(p.Expr)
		}
	}
	for _, h := range q.Having {
		c.nestedAggregates(h)
	}
	for _, o := range q.OrderBy {
		c.nestedAggregates(o.Expr)
	}
	for _, g := range q.GroupBy {
		if a := firstAggregate(g.Expr); a != nil {
			c.fail(a, "aggregate %s is not allowed in GROUP BY", a.Name)
		}
	}

	if q.Form == Select {
		if grouped && q.Star {
			c.fail(q, "SELECT * is not allowed in a query with GROUP BY or aggregates: list the grouped variables and aggregates")
		}
		inWhere := map[string]bool{}
		for _, v := range InScope(q.Where) {
			inWhere[v.Name] = true
		}
		projected := map[string]bool{}
		keys := map[string]bool{}
		for _, g := range q.GroupBy {
			if g.Var != nil {
				keys[g.Var.Name] = true
			} else if v, ok := g.Expr.(*Var); ok {
				keys[v.Name] = true
			}
		}
		for _, p := range q.Projections {
			if p.Expr == nil {
				if grouped && !keys[p.Var.Name] {
					c.fail(p.Var, "variable ?%s is projected but neither grouped nor aggregated: add it to GROUP BY or wrap it in an aggregate such as SAMPLE(?%s)", p.Var.Name, p.Var.Name)
				}
				if projected[p.Var.Name] {
					c.fail(p.Var, "?%s is projected twice", p.Var.Name)
				}
				projected[p.Var.Name] = true
				continue
			}
			if grouped {
				if v := firstUngrouped(p.Expr, keys); v != nil {
					c.fail(v, "variable ?%s is used outside an aggregate but is not grouped", v.Name)
				}
			}
			if inWhere[p.Var.Name] {
				c.fail(p.Var, "?%s is already in scope in the WHERE clause and cannot be the target of AS", p.Var.Name)
			}
			if projected[p.Var.Name] {
				c.fail(p.Var, "?%s is projected twice: each AS target must be a new variable", p.Var.Name)
			}
			projected[p.Var.Name] = true
			keys[p.Var.Name] = true
		}
	}

	// Patterns: aggregates outside SELECT/HAVING/ORDER BY, BIND scoping,
	// sub-queries.
	if q.Where != nil {
		c.pattern(q.Where)
	}
}

// pattern walks a WHERE clause; sub-queries are checked as queries.
func (c *checker) pattern(root Node) {
	Inspect(root, func(n Node) bool {
		if c.err != nil {
			return false
		}
		switch n := n.(type) {
		case *SubSelect:
			c.query(n.Query)
			return false
		case *Aggregate:
			c.fail(n, "aggregate %s is only allowed in SELECT, HAVING and ORDER BY", n.Name)
			return false
		case *GroupPattern:
			for i, el := range n.Elements {
				b, ok := el.(*BindPattern)
				if !ok {
					continue
				}
				for _, v := range InScope(&GroupPattern{Elements: n.Elements[:i]}) {
					if v.Name == b.Var.Name {
						c.fail(b.Var, "BIND target ?%s is already in scope in this group", b.Var.Name)
					}
				}
			}
		}
		return true
	})
}

func (c *checker) nestedAggregates(e Expr) {
	Inspect(e, func(n Node) bool {
		if a, ok := n.(*Aggregate); ok {
			if a.Arg != nil {
				if in := firstAggregate(a.Arg); in != nil {
					c.fail(in, "aggregate %s cannot be nested inside %s", in.Name, a.Name)
				}
			}
			return false
		}
		if _, ok := n.(*ExistsExpr); ok {
			return false
		}
		return true
	})
}

// hasAggregate reports whether e uses an aggregate outside EXISTS patterns.
func hasAggregate(e Expr) bool { return firstAggregate(e) != nil }

func firstAggregate(e Expr) *Aggregate {
	var found *Aggregate
	Inspect(e, func(n Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *Aggregate:
			found = n
			return false
		case *ExistsExpr:
			return false
		}
		return true
	})
	return found
}

// firstUngrouped returns the first variable of e that is used outside
// aggregates and EXISTS and is not in keys.
func firstUngrouped(e Expr, keys map[string]bool) *Var {
	var found *Var
	Inspect(e, func(n Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *Aggregate, *ExistsExpr:
			return false
		case *Var:
			if !keys[n.Name] {
				found = n
			}
		}
		return true
	})
	return found
}

// bnodes checks that each blank-node label belongs to one basic graph
// pattern. Triples blocks of one group separated only by FILTERs form one
// basic graph pattern.
func (c *checker) bnodes(q *Query) {
	Inspect(q.Where, func(n Node) bool {
		if c.err != nil {
			return false
		}
		g, ok := n.(*GroupPattern)
		if !ok {
			return true
		}
		id := -1
		for _, el := range g.Elements {
			switch el := el.(type) {
			case *TriplesBlock:
				if id < 0 {
					c.nbgp++
					id = c.nbgp
				}
				c.labelsIn(el, id)
			case *FilterPattern:
				// does not end the basic graph pattern
			default:
				id = -1
			}
		}
		return true
	})
	// Sub-queries have their own WHERE clauses, reached through Inspect.
}

func (c *checker) labelsIn(tb *TriplesBlock, id int) {
	Inspect(tb, func(n Node) bool {
		if b, ok := n.(*BlankNode); ok && !b.Anon {
			if prev, seen := c.labels[b.Label]; seen && prev != id {
				c.fail(b, "blank node _:%s is used in two different basic graph patterns", b.Label)
			}
			c.labels[b.Label] = id
		}
		return true
	})
}
