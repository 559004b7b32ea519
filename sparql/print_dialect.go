package sparql

// adapts reports whether printing for d rewrites the tree first.
func (d *Dialect) adapts() bool {
	return d != nil && (d.StrictStringArgs || d.RepeatedGroupKeysWrong || d.OrderGroupsAggregates)
}

// adaptQuery rewrites q (a clone: it is changed in place) into the form
// that the engine of d evaluates as the standard says, and returns it.
func adaptQuery(q *Query, d *Dialect) *Query {
	if d.StrictStringArgs {
		strictStringArgs(q)
	}
	if !d.RepeatedGroupKeysWrong && !d.OrderGroupsAggregates {
		return q
	}
	each := func(q *Query) {
		if d.RepeatedGroupKeysWrong {
			q.GroupBy = uniqueGroupVars(q.GroupBy)
		}
		if d.OrderGroupsAggregates && len(q.GroupBy) == 0 && len(q.OrderBy) > 0 && selectHasAggregate(q) {
			q.OrderBy = nil
		}
	}
	each(q)
	Inspect(q, func(n Node) bool {
		if s, ok := n.(*SubSelect); ok && s != nil && s.Query != nil {
			each(s.Query)
		}
		return true
	})
	return q
}

// uniqueGroupVars drops the GROUP BY conditions that repeat a plain
// variable named before.
func uniqueGroupVars(gs []*GroupCondition) []*GroupCondition {
	seen := map[string]bool{}
	out := gs[:0:0]
	for _, g := range gs {
		if g != nil && g.Var == nil {
			if v, ok := g.Expr.(*Var); ok && v != nil {
				if seen[v.Name] {
					continue
				}
				seen[v.Name] = true
			}
		}
		out = append(out, g)
	}
	return out
}

// stringArgs are the built-in functions whose arguments must be string
// literals (SPARQL 1.1 §17.4.3), with the positions of those arguments
// (-1: all of them).
var stringArgs = map[string][]int{
	"STRLEN": {0}, "UCASE": {0}, "LCASE": {0}, "SUBSTR": {0}, "ENCODE_FOR_URI": {0},
	"STRSTARTS": {0, 1}, "STRENDS": {0, 1}, "CONTAINS": {0, 1}, "STRBEFORE": {0, 1}, "STRAFTER": {0, 1},
	"REGEX": {0}, "REPLACE": {0}, "CONCAT": {-1},
}

// stringValued are the built-in functions that return a string literal,
// whose results need no STR() around them.
var stringValued = map[string]bool{
	"STR": true, "LCASE": true, "UCASE": true, "SUBSTR": true, "CONCAT": true, "REPLACE": true,
	"STRBEFORE": true, "STRAFTER": true, "ENCODE_FOR_URI": true, "LANG": true, "STRUUID": true,
}

// strictStringArgs wraps in STR() every argument of a string function that
// is not already a string (a string literal or a string-valued call), in
// place, and returns q.
func strictStringArgs(q *Query) *Query {
	Inspect(q, func(n Node) bool {
		c, ok := n.(*CallExpr)
		if !ok || c == nil {
			return true
		}
		pos, ok := stringArgs[upper(c.Name)]
		if !ok {
			return true
		}
		for i, a := range c.Args {
			if !argListed(pos, i) || isStringExpr(a) {
				continue
			}
			c.Args[i] = &CallExpr{Name: "STR", Args: []Expr{a}}
		}
		return true
	})
	return q
}

func argListed(pos []int, i int) bool {
	for _, p := range pos {
		if p == -1 || p == i {
			return true
		}
	}
	return false
}

// isStringExpr reports whether e is certainly a string: a literal without
// a datatype other than xsd:string, or a call of a string-valued function.
func isStringExpr(e Expr) bool {
	switch e := e.(type) {
	case *Literal:
		return e.Datatype == nil || e.Datatype.Value == "" || e.Datatype.Value == XSDString
	case *CallExpr:
		return stringValued[upper(e.Name)]
	}
	return false
}
