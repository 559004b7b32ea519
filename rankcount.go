package schemaforge

import (
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// leaveOutRankCount removes from ans the count its queries only rank by
// ("Which customer has the most orders?": ORDER BY DESC(COUNT(*)) LIMIT
// 1 answers with the customer, not with the customer and 5), when every
// query of its provenance has such a count under the same name and no
// subgoal asks how many. The records keep the verified queries; the
// provenance shows the queries that give the answer as shown.
func leaveOutRankCount(ans *handoff.Answer) {
	if ans.Results == nil || ans.Results.Boolean != nil || len(ans.Provenance) == 0 || len(ans.Results.Vars) < 2 {
		return
	}
	if ans.Decomposition != nil && slices.ContainsFunc(ans.Decomposition.Subgoals, func(sg handoff.Subgoal) bool { return sg.Asks("how many") }) {
		return
	}
	name := ""
	queries := make([]string, len(ans.Provenance))
	for i, pr := range ans.Provenance {
		q, v, ok := withoutRankCount(pr.Query)
		if !ok || name != "" && v != name {
			return
		}
		name, queries[i] = v, q
	}
	if !slices.Contains(ans.Results.Vars, name) {
		return
	}
	for i := range ans.Provenance {
		ans.Provenance[i].Query = queries[i]
	}
	ans.Results.Vars = slices.DeleteFunc(slices.Clone(ans.Results.Vars), func(v string) bool { return v == name })
	for _, r := range ans.Results.Rows {
		delete(r, name)
	}
	if ans.Trace != nil {
		ans.Trace.Add(handoff.Event{Stage: "integrate", Message: "the count ?" + name + " only ranks the answer: left out of it (Config.RankCount keeps it)"})
	}
}

// withoutRankCount returns query without its projected count that the
// query orders by and limits, and the count's variable name; ok is false
// when query has no such count or nothing else is projected.
func withoutRankCount(query string) (out, name string, ok bool) {
	q, err := sparql.Parse(query)
	if err != nil || q.Form != sparql.Select || q.Limit == nil || len(q.OrderBy) == 0 || q.Star {
		return "", "", false
	}
	at := -1
	for i, pr := range q.Projections {
		agg, isAgg := pr.Expr.(*sparql.Aggregate)
		if !isAgg || pr.Var == nil || !strings.EqualFold(agg.Name, "COUNT") {
			continue
		}
		if slices.ContainsFunc(q.OrderBy, func(o *sparql.OrderCondition) bool {
			v, isVar := o.Expr.(*sparql.Var)
			return sparql.Equal(o.Expr, agg) || isVar && v.Name == pr.Var.Name
		}) {
			at = i
		}
	}
	if at < 0 || !slices.ContainsFunc(q.Projections, func(pr *sparql.Projection) bool {
		_, isAgg := pr.Expr.(*sparql.Aggregate)
		return pr.Expr == nil || !isAgg
	}) {
		return "", "", false
	}
	name = q.Projections[at].Var.Name
	// ORDER BY DESC(?count) orders by the count itself once no
	// projection names it.
	for _, o := range q.OrderBy {
		if v, isVar := o.Expr.(*sparql.Var); isVar && v.Name == name {
			o.Expr = q.Projections[at].Expr
		}
	}
	q.Projections = slices.Delete(q.Projections, at, at+1)
	return sparql.Print(q), name, true
}
