package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// solution holds one id per variable slot of its scope; 0 is unbound.
type solution []id

// clone returns a copy of r, never nil (a nil solution ends an iterator).
func (r solution) clone() solution { return append(make(solution, 0, len(r)), r...) }

// scope numbers the variables of one query level (a sub-query has its own).
// Blank nodes of patterns are variables too, named "_:label".
type scope struct {
	slots map[string]int
	names []string
	// compiled triple patterns of the TriplesBlocks of this level.
	blocks map[*sparql.TriplesBlock][]cpattern
}

func newScope() *scope {
	return &scope{slots: map[string]int{}, blocks: map[*sparql.TriplesBlock][]cpattern{}}
}

func (sc *scope) slot(name string) int {
	if i, ok := sc.slots[name]; ok {
		return i
	}
	i := len(sc.names)
	sc.slots[name] = i
	sc.names = append(sc.names, name)
	return i
}

func (sc *scope) width() int { return len(sc.names) }

// cterm is a compiled pattern position: a variable slot, or a constant.
type cterm struct {
	slot  int         // >= 0 for a variable
	term  sparql.Term // the constant (slot < 0)
	value id          // the constant's id; 0 if the store lacks it
}

// cpattern is a compiled triple pattern; path is set for a property path.
type cpattern struct {
	s, p, o cterm
	path    sparql.Path
}

// engine evaluates one query.
type engine struct {
	ctx   context.Context
	s     *Store
	qd    *qdict
	ev    *exprEnv
	ticks int
	mem   *budget // the query's memory budget, shared with ev and qd
	// matched counts the solutions basic graph patterns produced.
	matched int64
	base    string
	defG    *graphIndex // the active default graph of the dataset
	named   []id        // the named graphs of the dataset
	merged  map[string]*graphIndex
	empty   *graphIndex
	// exists holds the compiled pattern of each EXISTS expression.
	exists map[*sparql.GroupPattern]node
	// plans holds the compiler of each query level (for Explain and for
	// what a sub-select binds), when not nil.
	plans map[*sparql.Query]*compiler
	// subCache holds the solutions of sub-selects (see subNode).
	subCache map[subKey][]solution
}

// newEngine returns an engine for one query on s.
func newEngine(ctx context.Context, s *Store, base string) *engine {
	mem := &budget{limit: s.cfg.memory}
	e := &engine{ctx: ctx, s: s, qd: newQdict(s.dict), mem: mem, base: base, merged: map[string]*graphIndex{}, empty: &graphIndex{},
		exists: map[*sparql.GroupPattern]node{}, plans: map[*sparql.Query]*compiler{}, subCache: map[subKey][]solution{}}
	e.qd.mem = mem
	e.ev = newExprEnv(time.Now(), base)
	e.ev.ctx, e.ev.mem = ctx, mem
	return e
}

// grow checks that a step's output of n solutions is within the cap.
func (e *engine) grow(n int) error {
	if max := e.s.cfg.maxMid; max > 0 && n > max {
		return fmt.Errorf("%w: more than %d solutions in one step (raise it with store.WithMaxIntermediate)", ErrTooLarge, max)
	}
	return nil
}

// tick checks for a fatal error (memory limit, a deadline met inside a
// function) on every call and for cancellation every 256 calls.
func (e *engine) tick() error {
	if e.mem.failed {
		return e.mem.fatal
	}
	e.ticks++
	if e.ticks&255 == 0 {
		if err := e.ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// finished returns the error that must end the query once evaluation is
// over: a fatal error swallowed by an expression, or the deadline, so that
// a query past its deadline never ends with a late success.
func (e *engine) finished() error {
	if err := e.mem.err(); err != nil {
		return err
	}
	return e.ctx.Err()
}

// run compiles q and evaluates it, pulling the solutions the query form
// needs: one for ASK, at most the row cap plus one for SELECT.
func (e *engine) run(q *sparql.Query) (*sparql.Results, error) {
	plan, it, err := e.start(q)
	if err != nil {
		return nil, err
	}
	sc := plan.sc
	switch q.Form {
	case sparql.Ask:
		r, err := it.next()
		if err != nil {
			return nil, err
		}
		b := r != nil
		return &sparql.Results{Boolean: &b}, nil
	case sparql.Construct:
		return e.construct(q, sc, it)
	case sparql.Describe:
		return e.describe(q, sc, it)
	}
	out := newRows(q, sc)
	// The solutions are pulled first (compact: a slot each), up to one
	// past the row cap; the result rows, maps many times their size, are
	// charged all together before any is built.
	var sols []solution
	err = e.each(it, func(r solution) error {
		if err := e.capRows(len(sols)); err != nil {
			return err
		}
		sols = append(sols, r)
		if err := e.mem.charge("the result's solutions", solutionBytes(len(r))); err != nil {
			return err
		}
		return e.grow(len(sols))
	})
	if err != nil {
		return nil, err
	}
	if err := e.mem.charge("the result rows", int64(len(sols))*(rowMapOverhead+rowMapEntry*int64(len(out.vars)))); err != nil {
		return nil, err
	}
	res := &sparql.Results{Vars: out.vars, Rows: make([]sparql.Row, 0, len(sols))}
	for i, r := range sols {
		if err := e.tick(); err != nil {
			return nil, err
		}
		res.Rows = append(res.Rows, out.row(e, r))
		sols[i] = nil
	}
	return res, nil
}

// resultRows turns solutions into the result rows of a SELECT.
type resultRows struct {
	vars  []string // the projected variables
	slots []int    // their slots
}

func newRows(q *sparql.Query, sc *scope) resultRows {
	out := resultRows{vars: projectionNames(q, sc)}
	out.slots = make([]int, len(out.vars))
	for i, v := range out.vars {
		out.slots[i] = sc.slot(v)
	}
	return out
}

// row returns the result row of solution r.
func (o resultRows) row(e *engine, r solution) sparql.Row {
	row := make(sparql.Row, len(o.vars))
	for i, v := range o.vars {
		if x := r[o.slots[i]]; x != 0 {
			row[v] = e.qd.term(x)
		}
	}
	return row
}

// capRows fails once a SELECT that has n rows is given one more than the
// store's row cap allows.
func (e *engine) capRows(n int) error {
	if max := e.s.cfg.maxRows; max > 0 && n >= max {
		return fmt.Errorf("%w: more than %d rows, the cap", ErrTooManyRows, max)
	}
	return nil
}

// start compiles q and opens its plan.
func (e *engine) start(q *sparql.Query) (*queryPlan, iter, error) {
	if err := e.setDataset(q); err != nil {
		return nil, nil, err
	}
	op, err := algebra.Translate(q)
	if err != nil {
		return nil, nil, err
	}
	plan, err := e.compileQuery(q, op)
	if err != nil {
		return nil, nil, err
	}
	return plan, plan.root.open(e, make(solution, plan.sc.width()), e.defG), nil
}

// stream evaluates the SELECT query q, handing each result row to row as
// it is produced (see Store.SelectEach).
func (e *engine) stream(q *sparql.Query, head func([]string) error, row func(sparql.Row) error) error {
	plan, it, err := e.start(q)
	if err != nil {
		return err
	}
	out := newRows(q, plan.sc)
	if err := head(out.vars); err != nil {
		return err
	}
	n := 0
	return e.each(it, func(r solution) error {
		if err := e.capRows(n); err != nil {
			return err
		}
		n++
		return row(out.row(e, r))
	})
}

// setDataset resolves FROM / FROM NAMED against the store's graphs.
func (e *engine) setDataset(q *sparql.Query) error {
	var from, named []id
	hasFrom, hasNamed := false, false
	for _, d := range q.Dataset {
		g := e.s.dict.lookup(&sparql.IRI{Value: d.IRI.Value})
		if d.Named {
			hasNamed = true
			if g != 0 && e.s.graphs[g] != nil {
				named = append(named, g)
			}
		} else {
			hasFrom = true
			if g != 0 && e.s.graphs[g] != nil {
				from = append(from, g)
			}
		}
	}
	switch {
	case !hasFrom:
		e.defG = e.s.graphs[0]
	default:
		e.defG = e.mergeGraphs(from)
	}
	if e.defG == nil {
		e.defG = e.empty
	}
	if hasNamed {
		e.named = named
	} else if !hasFrom {
		for g := range e.s.graphs {
			if g != 0 {
				e.named = append(e.named, g)
			}
		}
	}
	sort.Slice(e.named, func(i, j int) bool { return e.named[i] < e.named[j] })
	return nil
}

// mergeGraphs returns the RDF merge of graphs (cached per query).
func (e *engine) mergeGraphs(gs []id) *graphIndex {
	switch len(gs) {
	case 0:
		return e.empty
	case 1:
		return e.s.graphs[gs[0]]
	}
	key := fmt.Sprint(gs)
	if m, ok := e.merged[key]; ok {
		return m
	}
	var all []triple
	for _, g := range gs {
		all = append(all, e.s.graphs[g].spo...)
	}
	m := buildIndex(all)
	e.merged[key] = m
	return m
}

// prepare assigns slots to every variable of this query level and compiles
// its triple patterns. Sub-queries are prepared when evaluated.
func (e *engine) prepare(q *sparql.Query, sc *scope) {
	var visit func(n sparql.Node) bool
	visit = func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.SubSelect:
			for _, v := range n.Query.ProjectedVars() {
				sc.slot(v.Name)
			}
			return false
		case *sparql.Var:
			sc.slot(n.Name)
		case *sparql.TriplesBlock:
			e.compileBlock(n, sc)
			return false
		}
		return true
	}
	if q.Where != nil {
		sparql.Inspect(q.Where, visit)
	}
	for _, p := range q.Projections {
		sc.slot(p.Var.Name)
		if p.Expr != nil {
			sparql.Inspect(p.Expr, visit)
		}
	}
	for _, g := range q.GroupBy {
		sparql.Inspect(g, visit)
	}
	for _, h := range q.Having {
		sparql.Inspect(h, visit)
	}
	for _, o := range q.OrderBy {
		sparql.Inspect(o, visit)
	}
	if q.Values != nil {
		for _, v := range q.Values.Vars {
			sc.slot(v.Name)
		}
	}
	for _, v := range q.Describe {
		if v, ok := v.(*sparql.Var); ok {
			sc.slot(v.Name)
		}
	}
	if q.Template != nil {
		for _, t := range sparql.TemplateTriples(q.Template) {
			for _, x := range []sparql.Term{t.Subject, t.Object} {
				if v, ok := x.(*sparql.Var); ok {
					sc.slot(v.Name)
				}
			}
			if v, ok := t.Predicate.(*sparql.Var); ok {
				sc.slot(v.Name)
			}
		}
	}
}

func (e *engine) compileBlock(tb *sparql.TriplesBlock, sc *scope) {
	ts := sparql.Triples(tb)
	ps := make([]cpattern, 0, len(ts))
	// The blank nodes sparql.Triples invents for "[]" and collections are
	// numbered afresh in each block: they are the block's own variables,
	// never another block's of the same label.
	block := fmt.Sprintf("@%d", len(sc.blocks))
	term := func(t sparql.Term) cterm {
		if b, ok := t.(*sparql.BlankNode); ok && strings.HasPrefix(b.Label, sparql.FreshBlankPrefix) {
			return cterm{slot: sc.slot("_:" + b.Label + block)}
		}
		return e.compileTerm(t, sc)
	}
	for _, t := range ts {
		cp := cpattern{s: term(t.Subject), o: term(t.Object)}
		switch p := t.Predicate.(type) {
		case *sparql.Var:
			cp.p = e.compileTerm(p, sc)
		case *sparql.IRI:
			cp.p = e.compileTerm(p, sc)
		default:
			cp.p = cterm{slot: -1}
			cp.path = p
		}
		ps = append(ps, cp)
	}
	sc.blocks[tb] = ps
}

func (e *engine) compileTerm(t sparql.Term, sc *scope) cterm {
	switch t := t.(type) {
	case *sparql.Var:
		return cterm{slot: sc.slot(t.Name)}
	case *sparql.BlankNode:
		return cterm{slot: sc.slot("_:" + t.Label)}
	}
	return cterm{slot: -1, term: t, value: e.s.dict.lookup(t)}
}

// holds reports whether every expression's effective boolean value is
// true on r (an error counts as false).
func (e *engine) holds(exprs []sparql.Expr, r solution, sc *scope, active *graphIndex) bool {
	b := &rowBinder{e: e, sc: sc, row: r, active: active}
	for _, x := range exprs {
		v, err := e.ev.eval(x, b)
		if err != nil {
			return false
		}
		ok, err := ebv(v)
		if err != nil || !ok {
			return false
		}
	}
	return true
}

// merge returns the union of two compatible solutions.
func merge(a, b solution) (solution, bool) {
	m := make(solution, len(a))
	for i := range a {
		switch {
		case a[i] == 0:
			m[i] = b[i]
		case b[i] == 0 || a[i] == b[i]:
			m[i] = a[i]
		default:
			return nil, false
		}
	}
	return m, true
}

func containsID(xs []id, x id) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// projectionNames lists the variables a SELECT returns.
func projectionNames(q *sparql.Query, sc *scope) []string {
	var names []string
	for _, v := range q.ProjectedVars() {
		names = append(names, v.Name)
	}
	return names
}

// rowBinder lets expressions read a solution.
type rowBinder struct {
	e      *engine
	sc     *scope
	row    solution
	active *graphIndex
}

func (b *rowBinder) lookup(v *sparql.Var) sparql.Term {
	i, ok := b.sc.slots[v.Name]
	if !ok || i >= len(b.row) || b.row[i] == 0 {
		return nil
	}
	return b.e.qd.term(b.row[i])
}

func (b *rowBinder) exists(p *sparql.GroupPattern) (bool, error) {
	n := b.e.exists[p]
	if n == nil {
		return false, fmt.Errorf("store: an EXISTS pattern was not compiled")
	}
	r, err := n.open(b.e, b.row.clone(), b.active).next()
	return r != nil, err
}

// solutionID identifies the solution (its backing array: BIND and
// projection expressions extend a solution in place), so that BNODE("x")
// is one node per solution.
func (b *rowBinder) solutionID() any {
	if len(b.row) == 0 {
		return nil
	}
	return &b.row[0]
}
