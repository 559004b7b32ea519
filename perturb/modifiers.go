package perturb

import (
	"fmt"
	"strconv"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// queries lists the tree's queries (the main query and its sub-selects)
// with their indexes, in source order.
func (g *generator) queries() ([]*sparql.Query, []int) {
	var qs []*sparql.Query
	var idx []int
	for i, n := range g.t.nodes {
		if q, ok := n.(*sparql.Query); ok {
			qs = append(qs, q)
			idx = append(idx, i)
		}
	}
	return qs, idx
}

// query returns the copy of the original's (sub-)query q.
func (c *clone) query(t *tree, q *sparql.Query) (*sparql.Query, bool) {
	cq, ok := c.at(t, q).(*sparql.Query)
	return cq, ok && cq != nil
}

// orderSites: each ORDER BY key of a query with a LIMIT, its direction
// flipped. Without a LIMIT the order only presents the answer set, so
// flipping it would change nothing.
func (g *generator) orderSites() []site {
	var out []site
	qs, _ := g.queries()
	for _, q := range qs {
		if q.Limit == nil {
			continue
		}
		for _, o := range q.OrderBy {
			flip := &sparql.OrderCondition{Expr: o.Expr, Desc: !o.Desc, Explicit: true}
			p := proposal{
				detail: fmt.Sprintf("flip ORDER BY %s → %s (LIMIT %d)", describe(o), describe(flip), *q.Limit),
				edit: func(c *clone) bool {
					co, ok := c.at(g.t, o).(*sparql.OrderCondition)
					if !ok || co == nil {
						return false
					}
					co.Desc, co.Explicit = !co.Desc, true
					return true
				},
			}
			out = append(out, site{constraint: true, alts: func() []proposal { return []proposal{p} }})
		}
	}
	return out
}

// limitSites: each LIMIT n (n ≥ 1) of the main query or a sub-select,
// changed to n+1 and, when n > 1, to n−1.
func (g *generator) limitSites() []site {
	var out []site
	qs, _ := g.queries()
	for _, q := range qs {
		if q.Limit == nil || *q.Limit < 1 {
			continue
		}
		n := *q.Limit
		out = append(out, site{constraint: true, alts: func() []proposal {
			var props []proposal
			for _, m := range []int64{n + 1, n - 1} {
				if m < 1 {
					continue
				}
				props = append(props, proposal{
					detail: "change LIMIT " + strconv.FormatInt(n, 10) + " → " + strconv.FormatInt(m, 10),
					edit: func(c *clone) bool {
						cq, ok := c.query(g.t, q)
						if !ok {
							return false
						}
						cq.Limit = &m
						return true
					},
				})
			}
			return props
		}})
	}
	return out
}

// groupSites: each GROUP BY key of a query that aggregates, dropped.
//
// A key the query does not project is dropped from GROUP BY alone: the
// groups merge and the aggregates are computed over larger groups (with a
// single key, over the whole solution set). That constrains the answer.
// A projected key (a variable key, or the alias of (expr AS ?v)) cannot
// leave GROUP BY alone: it is dropped from the projection too, provided
// another projected variable remains. The answer then loses a column and
// always moves, whatever the query's constraints: such a site only
// produces the answer, and is used only with Config.Outputs.
//
// Without an aggregate (in the projection, HAVING or ORDER BY) GROUP BY
// only removes duplicates, and dropping a key the query does not project
// cannot change the answer set: such queries have no site. A variant that
// does not parse back (a projection expression using the dropped key
// outside an aggregate) is skipped by [Generate].
func (g *generator) groupSites() []site {
	var out []site
	qs, idx := g.queries()
	for k, q := range qs {
		if len(q.GroupBy) == 0 || !g.aggregates(idx[k]) || q.Star {
			continue
		}
		projected := map[string]bool{}
		for _, v := range q.ProjectedVars() {
			projected[v.Name] = true
		}
		for _, gc := range q.GroupBy {
			key := groupKey(gc)
			if key == "" || !projected[key] {
				p := proposal{
					detail: "drop GROUP BY key " + describe(gc),
					edit:   func(c *clone) bool { return c.remove(g.t, gc) },
				}
				out = append(out, site{constraint: true, alts: func() []proposal { return []proposal{p} }})
				continue
			}
			if len(q.ProjectedVars()) < 2 {
				continue
			}
			var proj *sparql.Projection
			for _, p := range q.Projections {
				if p.Expr == nil && p.Var != nil && p.Var.Name == key {
					proj = p
					break
				}
			}
			p := proposal{
				detail: fmt.Sprintf("drop GROUP BY key %s and its projection ?%s", describe(gc), key),
				edit: func(c *clone) bool {
					if proj != nil && !c.remove(g.t, proj) {
						return false
					}
					return c.remove(g.t, gc)
				},
			}
			out = append(out, site{constraint: false, alts: func() []proposal { return []proposal{p} }})
		}
	}
	return out
}

// groupKey returns the variable a GROUP BY condition binds or is: ?v for
// (expr AS ?v) and for a plain ?v, "" for an expression.
func groupKey(gc *sparql.GroupCondition) string {
	if gc.Var != nil {
		return gc.Var.Name
	}
	name, _ := termVar(gc.Expr)
	return name
}

// aggregates reports whether the query at index qi itself (not one of its
// sub-selects) has an aggregate.
func (g *generator) aggregates(qi int) bool {
	for i, n := range g.t.nodes {
		if _, ok := n.(*sparql.Aggregate); ok && g.t.query[i] == qi {
			return true
		}
	}
	return false
}

// projectionSites: each datatype property whose object the main query
// projects (as a variable or inside a projection expression, such as an
// aggregate's argument), replaced by a compatible property of the slice
// (the same as [PredicateSwap]'s: a shared subject class and a shared
// datatype family). These sites produce the answer rather than constrain
// it; the operator exists to perturb them, so [Generate] uses them whether
// or not Config.Outputs is set.
func (g *generator) projectionSites() []site {
	var out []site
	if len(g.t.nodes) == 0 {
		return nil
	}
	q, ok := g.t.nodes[0].(*sparql.Query)
	if !ok || q.Form != sparql.Select {
		return nil
	}
	projected := projectedVars(q)
	for _, s := range g.triples {
		p, ok := s.predicate()
		name, isVar := termVar(s.o)
		if !ok || !isVar || !projected[name] || s.query != 0 || s.where&(inExists|inMinus) != 0 {
			continue
		}
		out = append(out, site{constraint: false, alts: func() []proposal {
			if pr := g.profileOf(p); !pr.known || pr.object {
				return nil // only datatype properties
			}
			return g.swaps(s, p, "swap projected predicate %s → %s (?"+name+")")
		}})
	}
	return out
}
