package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// Explain returns the plan the engine follows for query, without running
// it: the SPARQL algebra expression (§18.2) of the query as
// [algebra.Translate] builds it and [algebra.Format] prints it, one
// operator per line and its operands indented below it, annotated with the
// engine's physical choices: the order in which each basic graph pattern's
// triple patterns are matched, with the number of matches the indexes give
// for each pattern's constants ("est"), the FILTERs pushed into the
// matching (marked on their Filter or LeftJoin, and listed as "filter
// here" after the pattern that binds their last variable), whether
// matching stops early (LIMIT, ASK), and the store's limits.
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
	op, err := algebra.Translate(q)
	if err != nil {
		return "", fmt.Errorf("store: explain: %w", err)
	}
	sc := newScope()
	e.prepare(q, sc)
	x := &explainer{e: e, blocks: map[*sparql.TriplesBlock]*blockPlan{}, pushed: map[sparql.Expr]bool{}, want: earlyStop(q)}
	x.level(q, sc, x.want)
	algebra.Walk(op, func(o algebra.Op) bool {
		switch o := o.(type) {
		case *algebra.Slice:
			if x.slice == nil {
				x.slice = o
			}
		case *algebra.ToMultiSet, *algebra.Exists:
			return false
		}
		return x.slice == nil
	})
	var b strings.Builder
	b.WriteString(algebra.Printer{Annotate: x.annotate}.Format(op))
	fmt.Fprintf(&b, "limits: timeout %v, memory %s, intermediate solutions %s, result rows %s\n",
		s.cfg.timeout, limitText(s.cfg.memory, byteSize), limitText(int64(s.cfg.maxMid), count), limitText(int64(s.cfg.maxRows), count))
	return b.String(), nil
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
	e *engine
	// blocks holds, per triples block of the query (sub-queries and
	// EXISTS patterns included), what the engine does with it.
	blocks map[*sparql.TriplesBlock]*blockPlan
	// pushed holds the FILTER expressions evaluated inside a BGP.
	pushed map[sparql.Expr]bool
	// want is the number of solutions after which matching stops (0: all).
	want int
	// slice is the query's own Slice (not a sub-select's), if any.
	slice *algebra.Slice
}

// blockPlan is the engine's view of one triples block.
type blockPlan struct {
	sc      *scope          // the query level's variables and compiled patterns
	filters []*pushedFilter // the FILTERs pushed into its matching
	limit   int             // matching stops after this many solutions (0: never)
}

// level records the blocks of query level q (scope sc, prepared) and of the
// sub-queries under it; want is q's early-stop count.
func (x *explainer) level(q *sparql.Query, sc *scope, want int) {
	sparql.Inspect(q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.SubSelect:
			if n != nil && n.Query != nil {
				sub := newScope()
				x.e.prepare(n.Query, sub)
				x.level(n.Query, sub, 0)
			}
			return false
		case *sparql.GroupPattern:
			if n == nil {
				return false
			}
			pushed := x.e.pushdown(n, sc)
			for _, el := range n.Elements {
				if b, ok := el.(*sparql.TriplesBlock); ok && b != nil {
					x.blocks[b] = &blockPlan{sc: sc, filters: pushed[b]}
				}
			}
			for _, fs := range pushed {
				for _, f := range fs {
					x.pushed[f.expr] = true
				}
			}
		}
		return true
	})
	if want > 0 && q.Where != nil && stopsEarly(q.Where, x.e.pushdown(q.Where, sc)) {
		for _, el := range q.Where.Elements {
			if b, ok := el.(*sparql.TriplesBlock); ok {
				if bp := x.blocks[b]; bp != nil {
					bp.limit = want
				}
				break
			}
		}
	}
}

// annotate adds the engine's choices to the algebra's lines.
func (x *explainer) annotate(op algebra.Op, head string, detail []string) (string, []string) {
	switch o := op.(type) {
	case *algebra.BGP:
		if bp := x.blocks[o.Block]; bp != nil {
			if _, ok := bp.sc.blocks[o.Block]; ok {
				return x.bgp(bp.sc.blocks[o.Block], bp)
			}
		}
	case *algebra.Filter:
		return head + x.pushedNote(o.Expr), detail
	case *algebra.LeftJoin:
		return head + x.pushedNote(o.Expr), detail
	case *algebra.Slice:
		if o == x.slice && x.want > 0 {
			head = fmt.Sprintf("Slice (%s, matching stops after %d solutions when the pattern allows)", algebra.SliceText(o), x.want)
		}
	case *algebra.Ask:
		head = "Ask (stops at the first solution)"
	case *algebra.ToMultiSet:
		head = "ToMultiSet (sub-select, evaluated once and cached)"
	}
	return head, detail
}

// pushedNote says which of a group's FILTERs the engine evaluates inside
// the matching of a BGP of the group (their "filter here" lines show
// where) rather than after the group.
func (x *explainer) pushedNote(exprs []sparql.Expr) string {
	var in []string
	for _, e := range exprs {
		if x.pushed[e] {
			in = append(in, sparql.PrintCompact(e))
		}
	}
	switch {
	case len(in) == 0:
		return ""
	case len(in) == len(exprs):
		return "  [all pushed into BGP matching]"
	}
	return "  [pushed into BGP matching: " + strings.Join(in, ", ") + "]"
}

// bgp returns the lines of a basic graph pattern in the order the engine
// matches it.
func (x *explainer) bgp(ps []cpattern, bp *blockPlan) (string, []string) {
	sc := bp.sc
	var hints []eqHint
	for _, f := range bp.filters {
		hints = append(hints, f.hints...)
	}
	g := x.e.defG
	order := x.e.orderPatterns(ps, make(solution, sc.width()), g, hints)
	// The wording is today's ("1 triple patterns" included), which
	// scripts and tests match.
	head := fmt.Sprintf("BGP (%d triple patterns, matched in this order", len(ps))
	if bp.limit > 0 {
		head += fmt.Sprintf("; stops after %d solutions", bp.limit)
	}
	head += ")"
	var lines []string
	bound := map[int]bool{}
	done := map[*pushedFilter]bool{}
	for i, p := range order {
		est := "path"
		if p.path == nil {
			est = fmt.Sprint(x.matches(p, g))
		}
		lines = append(lines, fmt.Sprintf("%d. %s %s %s  (est %s)", i+1, term(sc, p.s), pred(sc, p), term(sc, p.o), est))
		for _, t := range []cterm{p.s, p.p, p.o} {
			if t.slot >= 0 {
				bound[t.slot] = true
			}
		}
		for _, f := range bp.filters {
			all := !done[f]
			for _, s := range f.slots {
				all = all && bound[s]
			}
			if all {
				done[f] = true
				lines = append(lines, "  filter here: "+sparql.PrintCompact(f.expr))
			}
		}
	}
	return head, lines
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

func term(sc *scope, t cterm) string {
	if t.slot >= 0 {
		if n := sc.names[t.slot]; strings.HasPrefix(n, "_:") {
			return n
		}
		return "?" + sc.names[t.slot]
	}
	return sparql.PrintCompact(t.term)
}

func pred(sc *scope, p cpattern) string {
	if p.path != nil {
		return sparql.PrintCompact(p.path)
	}
	return term(sc, p.p)
}
