package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// Explain returns the plan the engine follows for query, without running
// it. The plan is the SPARQL algebra expression (§18.2) of the query as
// [algebra.Translate] builds it and [algebra.Format] prints it, one
// operator per line and its operands indented below it, with the physical
// operator the engine compiled each one to in brackets:
//
//   - a basic graph pattern's triple patterns in the order they are
//     matched, with the number of matches the indexes give for each
//     pattern's constants ("est"), and the FILTERs checked inside the
//     matching ("filter here", after the pattern that binds their last
//     variable; their Filter or LeftJoin says which were pushed);
//   - for each Join, LeftJoin and Minus, whether the right operand is
//     matched once per left solution (a bind join) or materialised once
//     and hashed while the left streams;
//   - which operators hold their input (groups, sorts, DISTINCT) and which
//     stream, ORDER BY under a LIMIT as a top-k, and where pulling stops
//     early (LIMIT, ASK);
//
// and, last, the store's limits.
//
// The join order shown is the one chosen when the pattern starts with no
// bindings (a pattern inside OPTIONAL, EXISTS or after other operators is
// ordered when its first input solution arrives, with what that binds).
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
	e := newEngine(context.Background(), s, q.Base)
	if err := e.setDataset(q); err != nil {
		return "", fmt.Errorf("store: explain: %w", err)
	}
	op, err := algebra.Translate(q)
	if err != nil {
		return "", fmt.Errorf("store: explain: %w", err)
	}
	if _, err := e.compileQuery(q, op); err != nil {
		return "", fmt.Errorf("store: explain: %w", err)
	}
	x := &explainer{e: e, nodes: map[algebra.Op]node{}, scopes: map[algebra.Op]*scope{}, pushed: map[sparql.Expr]bool{}, folded: map[sparql.Expr]bool{}}
	for _, c := range e.plans {
		for x2, v := range c.folded {
			x.folded[x2] = v
		}
		for op, n := range c.nodes {
			x.nodes[op] = n
			x.scopes[op] = c.sc
		}
		for _, fs := range c.pushed {
			for _, f := range fs {
				x.pushed[f.expr] = true
			}
		}
	}
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
	e      *engine
	nodes  map[algebra.Op]node   // the physical operator of each algebra operator
	scopes map[algebra.Op]*scope // the scope it was compiled in
	pushed map[sparql.Expr]bool  // the FILTERs checked inside BGP matching
	folded map[sparql.Expr]bool  // the constant conditions folded, and their value
}

// annotate adds the engine's choices to the algebra's lines.
func (x *explainer) annotate(op algebra.Op, head string, detail []string) (string, []string) {
	n := x.nodes[op]
	switch o := op.(type) {
	case *algebra.BGP:
		if sn, ok := n.(*scanNode); ok {
			return x.bgp(sn)
		}
	case *algebra.Join:
		switch n.(type) {
		case *scanNode:
			head += "  [bind join: the BGP is matched from each left solution, streaming]"
		case *hashJoinNode:
			head += "  [hash join: the right operand is held and hashed once, the left streams]"
		}
	case *algebra.LeftJoin:
		head += x.foldedNote(o.Expr) + x.pushedNote(o.Expr)
		if lj, ok := n.(*leftJoinNode); ok {
			if lj.bind {
				head += "  [bind left join: the right operand is matched from each left solution]"
			} else {
				head += "  [hash left join: the right operand is held and hashed once, the left streams]"
			}
		}
	case *algebra.Minus:
		head += "  [the right operand is held, the left streams]"
	case *algebra.Extend:
		if en, ok := n.(*extendNode); ok && en.folded {
			head += "  [constant: evaluated once]"
		}
	case *algebra.Filter:
		head += x.foldedNote(o.Expr) + x.pushedNote(o.Expr)
	case *algebra.Group:
		head += "  [hash aggregation: solutions stream into their groups' running aggregates]"
	case *algebra.OrderBy:
		if on, ok := n.(*orderNode); ok && on.k > 0 {
			head += fmt.Sprintf("  [top-k: holds the best %d solutions]", on.k)
		} else {
			head += "  [holds and sorts all solutions]"
		}
	case *algebra.Distinct, *algebra.Reduced:
		head += "  [streams, holding the set of solutions seen]"
	case *algebra.Slice:
		if sn, ok := n.(*sliceNode); ok && sn.limit >= 0 {
			head += fmt.Sprintf("  [stops pulling after %d solutions]", max(sn.offset, 0)+sn.limit)
		}
	case *algebra.Ask:
		head = "Ask (stops at the first solution)"
	case *algebra.ToMultiSet:
		head = "ToMultiSet (sub-select, evaluated once per graph and cached)"
	}
	return head, detail
}

// foldedNote says which conditions were constant, and their value.
func (x *explainer) foldedNote(exprs []sparql.Expr) string {
	var out string
	for _, e := range exprs {
		if v, ok := x.folded[e]; ok {
			out += fmt.Sprintf("  [constant %s: %v]", sparql.PrintCompact(e), v)
		}
	}
	return out
}

// pushedNote says which of a group's FILTERs the engine evaluates inside
// the matching of a BGP (their "filter here" lines show where) rather than
// after the group.
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
// matches it when it starts with no bindings.
func (x *explainer) bgp(n *scanNode) (string, []string) {
	sc := n.sc
	g := x.e.defG
	plan := x.e.planBGP(n.ps, make(solution, sc.width()), g, n.filters, sc)
	// The wording is today's ("1 triple patterns" included), which
	// scripts and tests match.
	head := fmt.Sprintf("BGP (%d triple patterns, matched in this order)", len(n.ps))
	var lines []string
	for i, p := range plan.ps {
		est := "path"
		if p.path == nil {
			est = fmt.Sprint(x.matches(p, g))
		}
		lines = append(lines, fmt.Sprintf("%d. %s %s %s  (est %s)", i+1, term(sc, p.s), pred(sc, p), term(sc, p.o), est))
		for _, f := range plan.checks[i] {
			lines = append(lines, "  filter here: "+sparql.PrintCompact(f.expr))
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
