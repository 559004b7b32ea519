package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// solution holds one id per variable slot of its scope; 0 is unbound.
type solution []id

func (r solution) clone() solution { return append(solution(nil), r...) }

// scope numbers the variables of one query level (a sub-query has its own).
// Blank nodes of patterns are variables too, named "_:label".
type scope struct {
	slots map[string]int
	names []string
	// compiled triple patterns of the TriplesBlocks of this level.
	blocks map[*sparql.TriplesBlock][]cpattern
	// aggregate placeholders: each Aggregate node of SELECT/HAVING/ORDER BY
	// gets a hidden variable.
	aggVars map[*sparql.Aggregate]string
}

func newScope() *scope {
	return &scope{slots: map[string]int{}, blocks: map[*sparql.TriplesBlock][]cpattern{}, aggVars: map[*sparql.Aggregate]string{}}
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
	// want, when > 0, is how many solutions the next group evaluated needs
	// (LIMIT, ASK, EXISTS); the group reads and clears it.
	want   int
	base   string
	defG   *graphIndex // the active default graph of the dataset
	named  []id        // the named graphs of the dataset
	merged map[string]*graphIndex
	empty  *graphIndex
	// subCache holds the solutions of sub-queries (see subSelect).
	subCache map[subKey][]solution
	// pushCache holds the filter pushdown plan of each group.
	pushCache map[*sparql.GroupPattern]pushdowns
}

var errStopped = errors.New("stopped")

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

// keep appends the solution r, which the operator op built, to out,
// charging it to the memory budget and checking the intermediate cap.
func (e *engine) keep(op string, out *[]solution, r solution) error {
	*out = append(*out, r)
	if err := e.mem.charge(op, solutionBytes(len(r))); err != nil {
		return err
	}
	return e.grow(len(*out))
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

// evaluate runs q on the store; the caller holds the read lock.
func (s *Store) evaluate(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	mem := &budget{limit: s.cfg.memory}
	e := &engine{ctx: ctx, s: s, qd: newQdict(s.dict), mem: mem, base: q.Base, merged: map[string]*graphIndex{}, empty: &graphIndex{}}
	e.qd.mem = mem
	e.ev = newExprEnv(time.Now(), q.Base)
	e.ev.ctx, e.ev.mem = ctx, mem
	res, err := e.run(q)
	if err == nil {
		err = e.finished()
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// run evaluates q and builds its result.
func (e *engine) run(q *sparql.Query) (*sparql.Results, error) {
	if err := e.setDataset(q); err != nil {
		return nil, err
	}
	sc := newScope()
	e.prepare(q, sc)
	e.want = earlyStop(q)
	if max := e.s.cfg.maxRows; e.want == 0 && max > 0 && inMatchOrder(q) {
		// One solution past the row cap is enough to fail it.
		e.want = max + 1
		if q.Offset != nil && *q.Offset > 0 && *q.Offset < 1<<30 {
			e.want += int(*q.Offset)
		}
	}
	rows, err := e.queryRows(q, sc)
	if err != nil {
		return nil, err
	}
	switch q.Form {
	case sparql.Ask:
		b := len(rows) > 0
		return &sparql.Results{Boolean: &b}, nil
	case sparql.Construct:
		return e.construct(q, sc, rows)
	case sparql.Describe:
		return e.describe(q, sc, rows)
	}
	vars := projectionNames(q, sc)
	if max := e.s.cfg.maxRows; max > 0 && len(rows) > max {
		return nil, fmt.Errorf("%w: %d rows, cap %d", ErrTooManyRows, len(rows), max)
	}
	// The result rows are maps: charge them before building any.
	if err := e.mem.charge("the result rows", int64(len(rows))*(rowMapOverhead+rowMapEntry*int64(len(vars)))); err != nil {
		return nil, err
	}
	res := &sparql.Results{Vars: vars, Rows: make([]sparql.Row, 0, len(rows))}
	slots := make([]int, len(vars))
	for i, v := range vars {
		slots[i] = sc.slot(v)
	}
	for _, r := range rows {
		if err := e.tick(); err != nil {
			return nil, err
		}
		row := make(sparql.Row, len(vars))
		for i, v := range vars {
			if x := r[slots[i]]; x != 0 {
				row[v] = e.qd.term(x)
			}
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
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

// queryRows evaluates the WHERE clause and the solution modifiers of q in
// scope sc (projection included for SELECT: rows keep all slots).
func (e *engine) queryRows(q *sparql.Query, sc *scope) ([]solution, error) {
	rows := []solution{make(solution, sc.width())}
	if q.Where != nil {
		var err error
		rows, err = e.group(q.Where, sc, make(solution, sc.width()), e.defG)
		if err != nil {
			return nil, err
		}
	}
	e.want = 0
	if q.Values != nil && !isGrouped(q) {
		var err error
		if rows, err = e.join(rows, e.values(q.Values, sc)); err != nil {
			return nil, err
		}
	}
	return e.modifiers(q, sc, rows)
}

// group evaluates a group graph pattern: the elements in order (SPARQL 1.1
// §18.2.2.6), with the group's FILTERs applied at the end. seed is the
// initial solution: empty, or the solution substituted by EXISTS.
func (e *engine) group(g *sparql.GroupPattern, sc *scope, seed solution, active *graphIndex) ([]solution, error) {
	rows, filters, err := e.groupUnfiltered(g, sc, seed, active)
	if err != nil {
		return nil, err
	}
	return e.filter(rows, filters, sc, active)
}

// groupUnfiltered evaluates a group but returns its FILTER expressions
// unapplied (OPTIONAL uses them as the left-join condition).
func (e *engine) groupUnfiltered(g *sparql.GroupPattern, sc *scope, seed solution, active *graphIndex) ([]solution, []sparql.Expr, error) {
	want := e.want
	e.want = 0
	rows := []solution{seed.clone()}
	var filters []sparql.Expr
	pushed := e.pushdown(g, sc)
	limit := 0
	if want > 0 && stopsEarly(g, pushed) {
		limit = want
	}
	for _, el := range g.Elements {
		// Elements are few and each may be long: check the deadline
		// before every one.
		if err := e.tick(); err != nil {
			return nil, nil, err
		}
		if err := e.ctx.Err(); err != nil {
			return nil, nil, err
		}
		var err error
		switch el := el.(type) {
		case *sparql.TriplesBlock:
			rows, err = e.bgpFiltered(sc.blocks[el], rows, active, pushed[el], sc, limit)
		case *sparql.FilterPattern:
			if !pushed.consumed(el.Expr) {
				filters = append(filters, el.Expr)
			}
		case *sparql.OptionalPattern:
			rows, err = e.optional(el.Pattern, sc, seed, rows, active)
		case *sparql.MinusPattern:
			var right []solution
			right, err = e.group(el.Pattern, sc, seed, active)
			if err == nil {
				rows, err = e.minus(rows, right)
			}
		case *sparql.BindPattern:
			slot := sc.slot(el.Var.Name)
			for _, r := range rows {
				if err = e.tick(); err != nil {
					break
				}
				v, verr := e.ev.eval(el.Expr, &rowBinder{e: e, sc: sc, row: r, active: active})
				if verr == nil && v != nil {
					r[slot] = e.qd.intern(v)
				}
			}
		case *sparql.GroupPattern:
			var right []solution
			if right, err = e.group(el, sc, seed, active); err == nil {
				rows, err = e.join(rows, right)
			}
		case *sparql.UnionPattern:
			var right []solution
			for _, alt := range el.Alts {
				var part []solution
				part, err = e.group(alt, sc, seed, active)
				if err != nil {
					break
				}
				right = append(right, part...)
				if err = e.grow(len(right)); err != nil {
					break
				}
			}
			if err == nil {
				rows, err = e.join(rows, right)
			}
		case *sparql.GraphPattern:
			var right []solution
			if right, err = e.graph(el, sc, seed); err == nil {
				rows, err = e.join(rows, right)
			}
		case *sparql.ServicePattern:
			if !el.Silent {
				err = fmt.Errorf("SERVICE %s: the embedded store cannot call remote endpoints", el.Endpoint.Key())
			}
		case *sparql.ValuesPattern:
			rows, err = e.join(rows, e.values(el.Values, sc))
		case *sparql.SubSelect:
			var right []solution
			if right, err = e.subSelect(el.Query, sc, active); err == nil {
				rows, err = e.join(rows, right)
			}
		default:
			err = fmt.Errorf("unsupported pattern %T", el)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return rows, filters, nil
}

// filter keeps the rows on which every expression's effective boolean value
// is true (an error counts as false).
func (e *engine) filter(rows []solution, exprs []sparql.Expr, sc *scope, active *graphIndex) ([]solution, error) {
	if len(exprs) == 0 {
		return rows, nil
	}
	out := rows[:0:0]
	for _, r := range rows {
		if err := e.tick(); err != nil {
			return nil, err
		}
		if e.holds(exprs, r, sc, active) {
			out = append(out, r)
		}
	}
	return out, e.ctx.Err()
}

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

// optional evaluates rows OPTIONAL { g } (a left join whose condition is g's
// top-level FILTERs).
func (e *engine) optional(g *sparql.GroupPattern, sc *scope, seed solution, rows []solution, active *graphIndex) ([]solution, error) {
	// A group of triples and filters only: a bind left join, evaluating the
	// patterns once per left solution.
	simple := true
	var blocks []*sparql.TriplesBlock
	var filters []sparql.Expr
	for _, el := range g.Elements {
		switch el := el.(type) {
		case *sparql.TriplesBlock:
			blocks = append(blocks, el)
		case *sparql.FilterPattern:
			filters = append(filters, el.Expr)
		default:
			simple = false
		}
	}
	if simple {
		var out []solution
		for _, r := range rows {
			ext := []solution{r.clone()}
			var err error
			for _, b := range blocks {
				if ext, err = e.bgp(sc.blocks[b], ext, active, 0); err != nil {
					return nil, err
				}
			}
			kept := 0
			for _, x := range ext {
				if e.holds(filters, x, sc, active) {
					if err := e.keep("OPTIONAL", &out, x); err != nil {
						return nil, err
					}
					kept++
				}
			}
			if kept == 0 {
				if err := e.keep("OPTIONAL", &out, r); err != nil {
					return nil, err
				}
			}
		}
		return out, nil
	}
	right, conds, err := e.groupUnfiltered(g, sc, seed, active)
	if err != nil {
		return nil, err
	}
	var out []solution
	for _, l := range rows {
		if err := e.tick(); err != nil {
			return nil, err
		}
		kept := false
		for _, r := range right {
			if m, ok := merge(l, r); ok && e.holds(conds, m, sc, active) {
				if err := e.keep("OPTIONAL", &out, m); err != nil {
					return nil, err
				}
				kept = true
			}
		}
		if !kept {
			if err := e.keep("OPTIONAL", &out, l); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
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

// join is the algebra's Join: all compatible merges. It hashes the right
// side on the slots bound in all of its rows and in all the left rows.
func (e *engine) join(left, right []solution) ([]solution, error) {
	if len(left) == 0 || len(right) == 0 {
		return nil, nil
	}
	if len(left) == 1 && isEmpty(left[0]) {
		return right, nil
	}
	if len(right) == 1 && isEmpty(right[0]) {
		return left, nil
	}
	w := len(left[0])
	var keys []int
	for i := 0; i < w; i++ {
		all := true
		for _, r := range right {
			if r[i] == 0 {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		for _, l := range left {
			if l[i] == 0 {
				all = false
				break
			}
		}
		if all {
			keys = append(keys, i)
		}
	}
	var out []solution
	if len(keys) == 0 {
		for _, l := range left {
			if err := e.tick(); err != nil {
				return nil, err
			}
			for _, r := range right {
				if m, ok := merge(l, r); ok {
					if err := e.keep("a join", &out, m); err != nil {
						return nil, err
					}
				}
			}
		}
		return out, nil
	}
	var buf []byte
	hkey := func(r solution) string {
		buf = buf[:0]
		for _, k := range keys {
			buf = binary.LittleEndian.AppendUint32(buf, r[k])
		}
		return string(buf)
	}
	if err := e.mem.charge("a join's hash table", int64(len(right))*(hashEntry+int64(idBytes*len(keys)))); err != nil {
		return nil, err
	}
	table := map[string][]solution{}
	for _, r := range right {
		k := hkey(r)
		table[k] = append(table[k], r)
	}
	for _, l := range left {
		if err := e.tick(); err != nil {
			return nil, err
		}
		for _, r := range table[hkey(l)] {
			if m, ok := merge(l, r); ok {
				if err := e.keep("a join", &out, m); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

func isEmpty(r solution) bool {
	for _, x := range r {
		if x != 0 {
			return false
		}
	}
	return true
}

// minus is the algebra's Minus: left solutions with no compatible right
// solution sharing a bound variable.
func (e *engine) minus(left, right []solution) ([]solution, error) {
	var out []solution
	for _, l := range left {
		if err := e.tick(); err != nil {
			return nil, err
		}
		removed := false
		for _, r := range right {
			shared, compatible := false, true
			for i := range l {
				if l[i] != 0 && r[i] != 0 {
					shared = true
					if l[i] != r[i] {
						compatible = false
						break
					}
				}
			}
			if shared && compatible {
				removed = true
				break
			}
		}
		if !removed {
			out = append(out, l)
		}
	}
	return out, nil
}

// values turns a VALUES block into solutions.
func (e *engine) values(vb *sparql.ValuesBlock, sc *scope) []solution {
	slots := make([]int, len(vb.Vars))
	for i, v := range vb.Vars {
		slots[i] = sc.slot(v.Name)
	}
	out := make([]solution, 0, len(vb.Rows))
	for _, row := range vb.Rows {
		r := make(solution, sc.width())
		for i, t := range row {
			if t != nil {
				r[slots[i]] = e.qd.intern(t)
			}
		}
		out = append(out, r)
	}
	return out
}

// graph evaluates GRAPH name { … } over the dataset's named graphs.
func (e *engine) graph(gp *sparql.GraphPattern, sc *scope, seed solution) ([]solution, error) {
	var out []solution
	switch n := gp.Name.(type) {
	case *sparql.IRI:
		g := e.s.dict.lookup(n)
		if g == 0 || !containsID(e.named, g) {
			return nil, nil
		}
		return e.group(gp.Pattern, sc, seed, e.s.graphs[g])
	case *sparql.Var:
		// The pattern is evaluated without the graph variable (it is not
		// in scope inside unless the pattern binds it), then joined with
		// the graph name.
		slot := sc.slot(n.Name)
		for _, g := range e.named {
			if seed[slot] != 0 && seed[slot] != g {
				continue
			}
			rows, err := e.group(gp.Pattern, sc, seed, e.s.graphs[g])
			if err != nil {
				return nil, err
			}
			for _, r := range rows {
				if r[slot] == 0 {
					r[slot] = g
				}
				if r[slot] == g {
					out = append(out, r)
				}
			}
		}
	}
	return out, nil
}

func containsID(xs []id, x id) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// subSelect evaluates a nested SELECT in its own scope and maps its
// projected variables into the outer scope.
func (e *engine) subSelect(q *sparql.Query, outer *scope, active *graphIndex) ([]solution, error) {
	// A sub-query sees none of the outer solution, so its result depends
	// only on the active graph: evaluated once per query (EXISTS may ask
	// for it once per row).
	key := subKey{q, active}
	if rows, ok := e.subCache[key]; ok {
		out := make([]solution, len(rows))
		for i, r := range rows {
			out[i] = r.clone()
		}
		return out, nil
	}
	rows, err := e.subSelectUncached(q, outer, active)
	if err != nil {
		return nil, err
	}
	if e.subCache == nil {
		e.subCache = map[subKey][]solution{}
	}
	cached := make([]solution, len(rows))
	for i, r := range rows {
		cached[i] = r.clone()
	}
	e.subCache[key] = cached
	return rows, nil
}

type subKey struct {
	q *sparql.Query
	g *graphIndex
}

func (e *engine) subSelectUncached(q *sparql.Query, outer *scope, active *graphIndex) ([]solution, error) {
	sc := newScope()
	e.prepare(q, sc)
	saved := e.defG
	e.defG = active
	rows, err := e.queryRows(q, sc)
	e.defG = saved
	if err != nil {
		return nil, err
	}
	names := projectionNames(q, sc)
	out := make([]solution, 0, len(rows))
	for _, r := range rows {
		o := make(solution, outer.width())
		for _, n := range names {
			o[outer.slot(n)] = r[sc.slot(n)]
		}
		out = append(out, o)
	}
	return out, nil
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
	b.e.want = 1
	rows, err := b.e.group(p, b.sc, b.row.clone(), b.active)
	if err != nil {
		return false, err
	}
	return len(rows) > 0, nil
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
