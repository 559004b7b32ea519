package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Explain returns the plan the engine follows for query, without running
// it: the SPARQL algebra expression (§18.2) of the query, one operator per
// line and its operands indented below it, annotated with the engine's
// physical choices: the order in which each basic graph pattern's triple
// patterns are matched, with the number of matches the indexes give for
// each pattern's constants ("est"), the FILTERs pushed into the matching,
// whether matching stops early (LIMIT, ASK), and the store's limits.
//
// The join order shown is the one chosen when the pattern starts with no
// bindings (a pattern inside OPTIONAL, EXISTS or after other operators is
// ordered again at run time, with the bindings it then has).
func (s *Store) Explain(query string) (string, error) {
	q, err := sparql.Parse(query, sparql.WithDialect(s.cfg.dialect))
	if err != nil {
		return "", fmt.Errorf("store: parse query: %w", err)
	}
	if !s.cfg.service && usesService(q) {
		return "", fmt.Errorf("store: %w (enable it with store.WithService)", ErrService)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	e := &engine{ctx: context.Background(), s: s, qd: newQdict(s.dict), mem: &budget{}, base: q.Base, merged: map[string]*graphIndex{}, empty: &graphIndex{}}
	e.ev = newExprEnv(time.Time{}, q.Base)
	if err := e.setDataset(q); err != nil {
		return "", fmt.Errorf("store: explain: %w", err)
	}
	sc := newScope()
	e.prepare(q, sc)
	x := &explainer{e: e, sc: sc}
	x.query(q, 0, earlyStop(q))
	fmt.Fprintf(&x.b, "limits: timeout %v, memory %s, intermediate solutions %s, result rows %s\n",
		s.cfg.timeout, limitText(s.cfg.memory, byteSize), limitText(int64(s.cfg.maxMid), count), limitText(int64(s.cfg.maxRows), count))
	return x.b.String(), nil
}

func count(n int64) string { return fmt.Sprint(n) }

func limitText(n int64, f func(int64) string) string {
	if n <= 0 {
		return "unbounded"
	}
	return f(n)
}

// explainer writes the plan of one query.
type explainer struct {
	e  *engine
	sc *scope
	b  strings.Builder
}

func (x *explainer) line(depth int, format string, args ...any) {
	x.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&x.b, format, args...)
	x.b.WriteByte('\n')
}

// query writes the solution modifiers of q (§18.2.4–18.2.5), outermost
// first, then its WHERE clause; want is the early-stop count (0: none).
func (x *explainer) query(q *sparql.Query, depth int, want int) {
	switch q.Form {
	case sparql.Ask:
		x.line(depth, "Ask (stops at the first solution)")
		depth++
	case sparql.Construct:
		x.line(depth, "Construct (%d template triples)", len(sparql.TemplateTriples(q.Template)))
		depth++
	case sparql.Describe:
		x.line(depth, "Describe")
		depth++
	}
	if q.Limit != nil || q.Offset != nil {
		var parts []string
		if q.Offset != nil {
			parts = append(parts, fmt.Sprintf("offset %d", *q.Offset))
		}
		if q.Limit != nil {
			parts = append(parts, fmt.Sprintf("limit %d", *q.Limit))
		}
		if want > 0 {
			parts = append(parts, fmt.Sprintf("matching stops after %d solutions when the pattern allows", want))
		}
		x.line(depth, "Slice (%s)", strings.Join(parts, ", "))
		depth++
	}
	switch {
	case q.Distinct:
		x.line(depth, "Distinct")
		depth++
	case q.Reduced:
		x.line(depth, "Reduced")
		depth++
	}
	if q.Form == sparql.Select {
		var names []string
		for _, n := range projectionNames(q, x.sc) {
			names = append(names, "?"+n)
		}
		x.line(depth, "Project (%s)", strings.Join(names, " "))
		depth++
	}
	if len(q.OrderBy) > 0 {
		var keys []string
		for _, o := range q.OrderBy {
			k := sparql.PrintCompact(o.Expr)
			if o.Desc {
				k = "DESC(" + k + ")"
			}
			keys = append(keys, k)
		}
		x.line(depth, "OrderBy (%s)", strings.Join(keys, ", "))
		depth++
	}
	for i := len(q.Projections) - 1; i >= 0; i-- {
		if p := q.Projections[i]; p.Expr != nil {
			x.line(depth, "Extend (?%s := %s)", p.Var.Name, sparql.PrintCompact(p.Expr))
			depth++
		}
	}
	for _, h := range q.Having {
		x.line(depth, "Filter HAVING (%s)", sparql.PrintCompact(h))
		depth++
	}
	grouped := len(q.GroupBy) > 0 || len(q.Having) > 0
	for _, p := range q.Projections {
		grouped = grouped || (p.Expr != nil && containsAggregate(p.Expr))
	}
	if grouped {
		var keys []string
		for _, g := range q.GroupBy {
			k := sparql.PrintCompact(g.Expr)
			if g.Var != nil {
				k += " AS ?" + g.Var.Name
			}
			keys = append(keys, k)
		}
		x.line(depth, "Group (%s) with Aggregation", strings.Join(keys, ", "))
		depth++
	}
	if q.Values != nil {
		x.line(depth, "Join")
		x.line(depth+1, "Table (%d rows)", len(q.Values.Rows))
		depth++
	}
	if q.Where == nil {
		x.line(depth, "Table (one empty solution)")
		return
	}
	x.group(q.Where, depth, want)
}

// group writes the algebra of a group graph pattern (§18.2.2): its
// elements joined left to right, its FILTERs around them.
func (x *explainer) group(g *sparql.GroupPattern, depth int, want int) {
	pushed := x.e.pushdown(g, x.sc)
	var filters []string
	for _, el := range g.Elements {
		if f, ok := el.(*sparql.FilterPattern); ok && !pushed.consumed(f.Expr) {
			filters = append(filters, sparql.PrintCompact(f.Expr))
		}
	}
	if len(filters) > 0 {
		x.line(depth, "Filter (%s)", strings.Join(filters, " && "))
		depth++
	}
	var parts []sparql.Pattern
	for _, el := range g.Elements {
		if _, ok := el.(*sparql.FilterPattern); !ok {
			parts = append(parts, el)
		}
	}
	limit := 0
	if want > 0 && stopsEarly(g, pushed) {
		limit = want
	}
	if len(parts) == 0 {
		x.line(depth, "BGP (empty: one empty solution)")
		return
	}
	// A left-deep sequence: each element applies to what precedes it.
	x.sequence(parts, pushed, depth, limit)
}

func (x *explainer) sequence(parts []sparql.Pattern, pushed pushdowns, depth int, limit int) {
	last := parts[len(parts)-1]
	rest := parts[:len(parts)-1]
	switch el := last.(type) {
	case *sparql.OptionalPattern:
		x.line(depth, "LeftJoin")
	case *sparql.MinusPattern:
		x.line(depth, "Minus")
	case *sparql.BindPattern:
		x.line(depth, "Extend (?%s := %s)", el.Var.Name, sparql.PrintCompact(el.Expr))
		if len(rest) == 0 {
			x.line(depth+1, "BGP (empty: one empty solution)")
			return
		}
		x.sequence(rest, pushed, depth+1, 0)
		return
	default:
		if len(rest) > 0 {
			x.line(depth, "Join")
		}
	}
	d := depth
	if len(rest) > 0 {
		d = depth + 1
		x.sequence(rest, pushed, d, 0)
	} else if _, ok := last.(*sparql.OptionalPattern); ok {
		d = depth + 1
		x.line(d, "BGP (empty: one empty solution)")
	} else if _, ok := last.(*sparql.MinusPattern); ok {
		d = depth + 1
		x.line(d, "BGP (empty: one empty solution)")
	}
	x.element(last, pushed, d, limit)
}

func (x *explainer) element(el sparql.Pattern, pushed pushdowns, depth int, limit int) {
	switch el := el.(type) {
	case *sparql.TriplesBlock:
		x.bgp(el, pushed[el], depth, limit)
	case *sparql.OptionalPattern:
		x.group(el.Pattern, depth, 0)
	case *sparql.MinusPattern:
		x.group(el.Pattern, depth, 0)
	case *sparql.GroupPattern:
		x.group(el, depth, 0)
	case *sparql.UnionPattern:
		x.line(depth, "Union (%d branches)", len(el.Alts))
		for _, a := range el.Alts {
			x.group(a, depth+1, 0)
		}
	case *sparql.GraphPattern:
		x.line(depth, "Graph (%s)", sparql.PrintCompact(el.Name))
		x.group(el.Pattern, depth+1, 0)
	case *sparql.ServicePattern:
		x.line(depth, "Service (%s, silent %v)", sparql.PrintCompact(el.Endpoint), el.Silent)
	case *sparql.ValuesPattern:
		x.line(depth, "Table (%d rows)", len(el.Values.Rows))
	case *sparql.SubSelect:
		x.line(depth, "ToMultiSet (sub-query, evaluated once and cached)")
		sub := &explainer{e: x.e, sc: newScope()}
		x.e.prepare(el.Query, sub.sc)
		sub.query(el.Query, 0, 0)
		for _, l := range strings.Split(strings.TrimRight(sub.b.String(), "\n"), "\n") {
			x.line(depth+1, "%s", l)
		}
	default:
		x.line(depth, "%T", el)
	}
}

// bgp writes a basic graph pattern in the order the engine matches it.
func (x *explainer) bgp(tb *sparql.TriplesBlock, filters []*pushedFilter, depth int, limit int) {
	ps := x.sc.blocks[tb]
	var hints []eqHint
	for _, f := range filters {
		hints = append(hints, f.hints...)
	}
	g := x.e.defG
	order := x.e.orderPatterns(ps, make(solution, x.sc.width()), g, hints)
	head := fmt.Sprintf("BGP (%d triple patterns, matched in this order", len(ps))
	if limit > 0 {
		head += fmt.Sprintf("; stops after %d solutions", limit)
	}
	x.line(depth, "%s)", head)
	bound := map[int]bool{}
	done := map[*pushedFilter]bool{}
	for i, p := range order {
		est := "path"
		if p.path == nil {
			est = fmt.Sprint(x.matches(p, g))
		}
		x.line(depth+1, "%d. %s %s %s  (est %s)", i+1, x.term(p.s), x.pred(p), x.term(p.o), est)
		for _, t := range []cterm{p.s, p.p, p.o} {
			if t.slot >= 0 {
				bound[t.slot] = true
			}
		}
		for _, f := range filters {
			all := !done[f]
			for _, s := range f.slots {
				all = all && bound[s]
			}
			if all {
				done[f] = true
				x.line(depth+2, "filter here: %s", sparql.PrintCompact(f.expr))
			}
		}
	}
}

// matches is the index count of p's constants (variables unconstrained).
func (x *explainer) matches(p cpattern, g *graphIndex) int {
	c := func(t cterm) id {
		if t.slot < 0 {
			return t.value
		}
		return 0
	}
	for _, t := range []cterm{p.s, p.p, p.o} {
		if t.slot < 0 && t.value == 0 {
			return 0
		}
	}
	return g.count(c(p.s), c(p.p), c(p.o))
}

func (x *explainer) term(t cterm) string {
	if t.slot >= 0 {
		if n := x.sc.names[t.slot]; strings.HasPrefix(n, "_:") {
			return n
		}
		return "?" + x.sc.names[t.slot]
	}
	return sparql.PrintCompact(t.term)
}

func (x *explainer) pred(p cpattern) string {
	if p.path != nil {
		return sparql.PrintCompact(p.path)
	}
	return x.term(p.p)
}
