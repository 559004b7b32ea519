package store

import "github.com/schemaforge/go-schemaforge/sparql"

// earlyStop returns how many solutions of its WHERE clause query q needs
// when it can stop matching early: 1 for ASK, OFFSET+LIMIT for a SELECT
// whose modifiers keep its solutions in matching order one for one (no
// ORDER BY, grouping, aggregates, DISTINCT/REDUCED or trailing VALUES).
// It returns 0 when every solution is needed.
func earlyStop(q *sparql.Query) int {
	if q.Form == sparql.Ask {
		return 1
	}
	if q.Limit == nil || *q.Limit <= 0 || !inMatchOrder(q) {
		return 0
	}
	n := *q.Limit
	if q.Offset != nil && *q.Offset > 0 {
		n += *q.Offset
	}
	const most = 1 << 30
	if n > most {
		return 0
	}
	return int(n)
}

// inMatchOrder reports whether q is a SELECT whose modifiers keep the
// solutions of its WHERE clause one for one, in matching order: no ORDER
// BY, grouping, aggregates, DISTINCT/REDUCED or trailing VALUES.
func inMatchOrder(q *sparql.Query) bool {
	return q.Form == sparql.Select && len(q.OrderBy) == 0 && !isGrouped(q) && !q.Distinct && !q.Reduced && q.Values == nil
}

// stopsEarly reports whether the first n solutions of group g come from
// the first n solutions (at most) of its leading basic graph pattern, so
// that matching may stop there: g is a triples block followed only by
// OPTIONALs and BINDs (each keeps every solution it is given, and extends
// them in order), and all of g's FILTERs were pushed into the block.
func stopsEarly(g *sparql.GroupPattern, pushed pushdowns) bool {
	blocks := 0
	for _, el := range g.Elements {
		switch el := el.(type) {
		case *sparql.TriplesBlock:
			if blocks++; blocks > 1 {
				return false
			}
		case *sparql.OptionalPattern, *sparql.BindPattern:
			if blocks == 0 {
				return false
			}
		case *sparql.FilterPattern:
			if !pushed.consumed(el.Expr) {
				return false
			}
		default:
			return false
		}
	}
	return blocks == 1
}
