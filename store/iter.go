package store

import (
	"encoding/binary"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// The nodes of the physical plan and their pull iterators (see plan.go).
// What an operator holds is charged to the query's memory budget while it
// holds it and given back when it is done.

// onceIter returns one solution.
type onceIter struct{ row solution }

func (it *onceIter) next() (solution, error) {
	r := it.row
	it.row = nil
	return r, nil
}

// emptyIter returns nothing.
type emptyIter struct{}

func (emptyIter) next() (solution, error) { return nil, nil }

// emptyNode has no solutions (a FILTER that is always false).
type emptyNode struct{}

func (emptyNode) open(*engine, solution, *graphIndex) iter { return emptyIter{} }

// errIter returns an error.
type errIter struct{ err error }

func (it errIter) next() (solution, error) { return nil, it.err }

// each pulls every solution of it and hands it to f, checking the
// deadline and the memory limit before each; it stops at the first error
// (of it, of the check or of f).
func (e *engine) each(it iter, f func(solution) error) error {
	for {
		r, err := it.next()
		if err != nil || r == nil {
			return err
		}
		if err := e.tick(); err != nil {
			return err
		}
		if err := f(r); err != nil {
			return err
		}
	}
}

// drain pulls every solution of it, charging each to the budget as held
// by operator op and checking the intermediate cap. It returns the
// solutions and the bytes charged.
func (e *engine) drain(op string, it iter) ([]solution, int64, error) {
	var rows []solution
	var held int64
	err := e.each(it, func(r solution) error {
		rows = append(rows, r)
		n := solutionBytes(len(r))
		held += n
		if err := e.mem.charge(op, n); err != nil {
			return err
		}
		return e.grow(len(rows))
	})
	if err != nil {
		return nil, held, err
	}
	return rows, held, nil
}

// ---- basic graph patterns ----

// scanNode matches a basic graph pattern: once from the seed, or, as a
// bind join, once from each solution of input, with that solution's
// bindings substituted.
type scanNode struct {
	ps      []cpattern
	filters []*pushedFilter
	sc      *scope
	input   node // nil: the seed alone
	// plans caches the matching order per graph and set of variables
	// bound on entry (EXISTS and bind joins open a scan many times).
	plans map[planKey]*bgpPlan
	key   []byte
}

// planKey identifies the plan of a scan: the graph, and a bitmap of the
// slots bound on entry.
type planKey struct {
	g     *graphIndex
	bound string
}

// plan returns the matching order for solutions binding what sample binds.
func (n *scanNode) plan(e *engine, sample solution, g *graphIndex) *bgpPlan {
	n.key = n.key[:0]
	for i := 0; i < len(sample); i += 8 {
		var b byte
		for j := i; j < i+8 && j < len(sample); j++ {
			if sample[j] != 0 {
				b |= 1 << (j - i)
			}
		}
		n.key = append(n.key, b)
	}
	if p, ok := n.plans[planKey{g, string(n.key)}]; ok {
		return p
	}
	p := e.planBGP(n.ps, sample, g, n.filters, n.sc)
	if n.plans == nil {
		n.plans = map[planKey]*bgpPlan{}
	}
	n.plans[planKey{g, string(n.key)}] = p
	return p
}

func (n *scanNode) open(e *engine, seed solution, g *graphIndex) iter {
	var in iter
	if n.input != nil {
		in = n.input.open(e, seed, g)
	} else {
		in = &onceIter{row: seed.clone()}
	}
	if len(n.ps) == 0 {
		return in
	}
	return &scanIter{e: e, n: n, in: in, g: g}
}

// scanIter walks the index ranges of the patterns depth first, one level
// per pattern, keeping its place between calls.
type scanIter struct {
	e      *engine
	n      *scanNode
	in     iter
	g      *graphIndex
	plan   *bgpPlan // ordered on the first input solution
	row    solution // the input solution being extended (nil: pull one)
	levels []scanLevel
	depth  int
}

// scanLevel is the state of one pattern's matching.
type scanLevel struct {
	ts    []triple // the index range of the pattern
	perm  int
	pairs [][2]id // the (start, end) pairs of a property path
	pos   int
	set   [3]int // slots this level bound for the current match
	nset  int
	pre   [8]int // slots a hint bound before matching
	npre  int
	held  int64 // bytes of pairs charged
}

func (it *scanIter) next() (solution, error) {
	e := it.e
	for {
		if it.row == nil {
			r, err := it.in.next()
			if err != nil || r == nil {
				return nil, err
			}
			if it.plan == nil {
				it.plan = it.n.plan(e, r, it.g)
				it.levels = make([]scanLevel, len(it.plan.ps))
			}
			it.row, it.depth = r, 0
			if err := it.enter(0); err != nil {
				return nil, err
			}
		}
		if err := e.tick(); err != nil {
			return nil, err
		}
		ok, err := it.advance(it.depth)
		if err != nil {
			return nil, err
		}
		switch {
		case ok && it.depth == len(it.levels)-1:
			e.matched++
			return it.row.clone(), nil
		case ok:
			it.depth++
			if err := it.enter(it.depth); err != nil {
				return nil, err
			}
		case it.depth == 0:
			it.row = nil
		default:
			it.depth--
		}
	}
}

// enter starts level i: binds its hints and finds its candidates.
func (it *scanIter) enter(i int) error {
	e, row, lv := it.e, it.row, &it.levels[i]
	lv.pos, lv.nset, lv.npre, lv.ts, lv.pairs = 0, 0, 0, nil, lv.pairs[:0]
	for _, h := range it.plan.hints[i] {
		if row[h.target] != 0 || lv.npre == len(lv.pre) {
			continue
		}
		v := h.c
		if h.src >= 0 {
			v = row[h.src]
			if v == 0 || !(h.exact || identityOnly(e.qd.term(v))) {
				continue
			}
		}
		row[h.target] = v
		lv.pre[lv.npre] = h.target
		lv.npre++
	}
	p := it.plan.ps[i]
	val := func(t cterm) (id, bool) {
		if t.slot < 0 {
			return t.value, t.value != 0
		}
		return row[t.slot], true
	}
	s, okS := val(p.s)
	o, okO := val(p.o)
	if p.path != nil {
		// Path ends that are constants must exist as terms even if the
		// store lacks them (a zero-length path matches them). An end
		// bound by a variable must be a node of the graph: the path's own
		// solutions, joined with the binding, only hold graph nodes.
		if p.s.slot < 0 && s == 0 {
			s = e.qd.intern(p.s.term)
		}
		if p.o.slot < 0 && o == 0 {
			o = e.qd.intern(p.o.term)
		}
		if (p.s.slot >= 0 && s != 0 && !isGraphNode(it.g, s)) || (p.o.slot >= 0 && o != 0 && !isGraphNode(it.g, o)) {
			return nil
		}
		var err error
		e.pathPairs(p.path, s, o, it.g, func(ms, mo id) bool {
			lv.pairs = append(lv.pairs, [2]id{ms, mo})
			if len(lv.pairs)&1023 == 0 {
				if err = e.mem.charge("a property path", 1024*16); err != nil {
					return false
				}
				lv.held += 1024 * 16
				err = e.tick()
			}
			return err == nil
		})
		return err
	}
	pr, okP := val(p.p)
	if !okS || !okO || !okP {
		return nil
	}
	lv.ts, lv.perm = it.g.rangeOf(s, pr, o)
	return nil
}

// advance moves level i to its next match, binding the pattern's
// variables in the row; false when the level is exhausted (its hints are
// then unbound).
func (it *scanIter) advance(i int) (bool, error) {
	e, row, lv := it.e, it.row, &it.levels[i]
	p := it.plan.ps[i]
	for k := 0; k < lv.nset; k++ {
		row[lv.set[k]] = 0
	}
	lv.nset = 0
	for {
		var ms, mp, mo id
		switch {
		case p.path != nil && lv.pos < len(lv.pairs):
			ms, mo = lv.pairs[lv.pos][0], lv.pairs[lv.pos][1]
		case p.path == nil && lv.pos < len(lv.ts):
			ms, mp, mo = spoOf(lv.ts[lv.pos], lv.perm)
		default:
			for k := 0; k < lv.npre; k++ {
				row[lv.pre[k]] = 0
			}
			lv.npre = 0
			if lv.held > 0 {
				e.mem.release(lv.held)
				lv.held = 0
			}
			return false, nil
		}
		lv.pos++
		if lv.pos&255 == 0 {
			if err := e.tick(); err != nil {
				return false, err
			}
		}
		if !bindMatch(row, lv, p.s, ms) || !bindMatch(row, lv, p.p, mp) || !bindMatch(row, lv, p.o, mo) {
			for k := 0; k < lv.nset; k++ {
				row[lv.set[k]] = 0
			}
			lv.nset = 0
			continue
		}
		if checks := it.plan.checks[i]; len(checks) > 0 && !e.checksHold(checks, row, it.n.sc, it.g) {
			for k := 0; k < lv.nset; k++ {
				row[lv.set[k]] = 0
			}
			lv.nset = 0
			continue
		}
		return true, nil
	}
}

// bindMatch binds the variable of pattern position t to v in row (unless
// t is a constant, or the path predicate), recording the slot in lv; false
// if the slot holds another value.
func bindMatch(row solution, lv *scanLevel, t cterm, v id) bool {
	if t.slot < 0 {
		return true
	}
	if cur := row[t.slot]; cur != 0 {
		return cur == v
	}
	row[t.slot] = v
	lv.set[lv.nset] = t.slot
	lv.nset++
	return true
}

// checksHold evaluates pushed filters on row.
func (e *engine) checksHold(checks []*pushedFilter, row solution, sc *scope, g *graphIndex) bool {
	b := &rowBinder{e: e, sc: sc, row: row, active: g}
	for _, f := range checks {
		v, err := e.ev.eval(f.expr, b)
		if err != nil {
			return false
		}
		if ok, err := ebv(v); err != nil || !ok {
			return false
		}
	}
	return true
}

// ---- joins ----

// hashTable holds the materialised solutions of a join's other side,
// hashed on the variables bound in all of them and in every probe.
type hashTable struct {
	rows  []solution
	keys  []int
	table map[string][]solution
	held  int64
	buf   []byte
}

// build materialises it (charged as op) and hashes it on the slots of
// probe (the variables every probing solution binds) that all its
// solutions bind.
func (e *engine) build(op string, it iter, probe []int, seed solution) (*hashTable, error) {
	rows, held, err := e.drain(op, it)
	if err != nil {
		e.mem.release(held)
		return nil, err
	}
	h := &hashTable{rows: rows, held: held}
	bound := map[int]bool{}
	for _, k := range probe {
		bound[k] = true
	}
	for i, x := range seed {
		if x != 0 {
			bound[i] = true
		}
	}
	for k := range bound {
		all := len(rows) > 0
		for _, r := range rows {
			if k >= len(r) || r[k] == 0 {
				all = false
				break
			}
		}
		if all {
			h.keys = append(h.keys, k)
		}
	}
	if len(h.keys) == 0 || len(rows) < 4 {
		h.keys = nil
		return h, nil
	}
	n := int64(len(rows)) * (hashEntry + int64(idBytes*len(h.keys)))
	if err := e.mem.charge(op, n); err != nil {
		e.mem.release(held + n)
		return nil, err
	}
	h.held += n
	h.table = make(map[string][]solution, len(rows))
	for _, r := range rows {
		k := h.key(r)
		h.table[k] = append(h.table[k], r)
	}
	return h, nil
}

// fill writes r's key into h.buf.
func (h *hashTable) fill(r solution) {
	h.buf = h.buf[:0]
	for _, k := range h.keys {
		h.buf = binary.LittleEndian.AppendUint32(h.buf, r[k])
	}
}

func (h *hashTable) key(r solution) string {
	h.fill(r)
	return string(h.buf)
}

// candidates returns the rows that may be compatible with l.
func (h *hashTable) candidates(l solution) []solution {
	if h.table == nil {
		return h.rows
	}
	for _, k := range h.keys {
		if l[k] == 0 {
			return h.rows
		}
	}
	h.fill(l)
	return h.table[string(h.buf)] // no copy of the key for a lookup
}

// hashJoinNode is Join(left, right) for a right operand that is not a
// basic graph pattern: right is materialised and hashed, left streams.
type hashJoinNode struct {
	left, right node
	certain     []int // the slots every left solution binds
}

func (n *hashJoinNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &hashJoinIter{e: e, n: n, seed: seed, g: g}
}

type hashJoinIter struct {
	e     *engine
	n     *hashJoinNode
	seed  solution
	g     *graphIndex
	h     *hashTable
	left  iter
	l     solution
	cands []solution
}

func (it *hashJoinIter) next() (solution, error) {
	e := it.e
	if it.h == nil {
		h, err := e.build("a join's hash table", it.n.right.open(e, it.seed, it.g), it.n.certain, it.seed)
		if err != nil {
			return nil, err
		}
		it.h = h
		if len(h.rows) == 0 {
			it.left = emptyIter{}
		} else {
			it.left = it.n.left.open(e, it.seed, it.g)
		}
	}
	for {
		for len(it.cands) > 0 {
			r := it.cands[0]
			it.cands = it.cands[1:]
			if m, ok := merge(it.l, r); ok {
				return m, nil
			}
		}
		if err := e.tick(); err != nil {
			return nil, err
		}
		l, err := it.left.next()
		if err != nil {
			return nil, err
		}
		if l == nil {
			e.mem.release(it.h.held)
			it.h.held = 0
			return nil, nil
		}
		it.l, it.cands = l, it.h.candidates(l)
	}
}

// leftJoinNode is LeftJoin(left, right, exprs). When right is bindable it
// is matched once per left solution (a bind left join); otherwise it is
// materialised once and hashed.
type leftJoinNode struct {
	left, right node
	exprs       []sparql.Expr // the condition left after pushdown
	sc          *scope
	bind        bool
	certain     []int
}

func (n *leftJoinNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &leftJoinIter{e: e, n: n, seed: seed, g: g, left: n.left.open(e, seed, g)}
}

type leftJoinIter struct {
	e     *engine
	n     *leftJoinNode
	seed  solution
	g     *graphIndex
	left  iter
	h     *hashTable
	l     solution
	right iter       // bind: the right operand from l
	cands []solution // hashed: l's candidates
	kept  bool       // some extension of l was returned
	done  bool
}

func (it *leftJoinIter) next() (solution, error) {
	e, n := it.e, it.n
	if !n.bind && it.h == nil {
		h, err := e.build("OPTIONAL", n.right.open(e, it.seed, it.g), n.certain, it.seed)
		if err != nil {
			return nil, err
		}
		it.h = h
	}
	for {
		if it.l == nil {
			if err := e.tick(); err != nil {
				return nil, err
			}
			l, err := it.left.next()
			if err != nil {
				return nil, err
			}
			if l == nil {
				if it.h != nil {
					e.mem.release(it.h.held)
					it.h.held = 0
				}
				return nil, nil
			}
			it.l, it.kept = l, false
			if n.bind {
				it.right = n.right.open(e, l, it.g)
			} else {
				it.cands = it.h.candidates(l)
			}
		}
		var m solution
		if n.bind {
			r, err := it.right.next()
			if err != nil {
				return nil, err
			}
			m = r
		} else {
			for m == nil && len(it.cands) > 0 {
				r := it.cands[0]
				it.cands = it.cands[1:]
				m, _ = merge(it.l, r)
			}
		}
		if m == nil {
			l := it.l
			it.l = nil
			if !it.kept {
				return l, nil
			}
			continue
		}
		if len(n.exprs) == 0 || e.holds(n.exprs, m, n.sc, it.g) {
			it.kept = true
			return m, nil
		}
	}
}

// minusNode is Minus(left, right): right is materialised, left streams.
type minusNode struct{ left, right node }

func (n *minusNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &minusIter{e: e, n: n, seed: seed, g: g}
}

type minusIter struct {
	e      *engine
	n      *minusNode
	seed   solution
	g      *graphIndex
	right  []solution
	held   int64
	left   iter
	opened bool
}

func (it *minusIter) next() (solution, error) {
	e := it.e
	if !it.opened {
		it.opened = true
		rows, held, err := e.drain("MINUS", it.n.right.open(e, it.seed, it.g))
		it.held = held
		if err != nil {
			return nil, err
		}
		it.right = rows
		it.left = it.n.left.open(e, it.seed, it.g)
	}
	for {
		if err := e.tick(); err != nil {
			return nil, err
		}
		l, err := it.left.next()
		if err != nil {
			return nil, err
		}
		if l == nil {
			e.mem.release(it.held)
			it.held = 0
			return nil, nil
		}
		if !minusRemoves(l, it.right) {
			return l, nil
		}
	}
}

// minusRemoves reports whether some right solution shares a bound
// variable with l and is compatible with it.
func minusRemoves(l solution, right []solution) bool {
	for _, r := range right {
		shared, compatible := false, true
		for i := range l {
			if i < len(r) && l[i] != 0 && r[i] != 0 {
				shared = true
				if l[i] != r[i] {
					compatible = false
					break
				}
			}
		}
		if shared && compatible {
			return true
		}
	}
	return false
}

// ---- streaming operators ----

// filterNode keeps the solutions on which every expression is true.
type filterNode struct {
	sub   node
	exprs []sparql.Expr
	sc    *scope
}

func (n *filterNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &filterIter{e: e, n: n, g: g, sub: n.sub.open(e, seed, g)}
}

type filterIter struct {
	e   *engine
	n   *filterNode
	g   *graphIndex
	sub iter
}

func (it *filterIter) next() (solution, error) {
	for {
		r, err := it.sub.next()
		if err != nil || r == nil {
			return nil, err
		}
		if err := it.e.tick(); err != nil {
			return nil, err
		}
		if it.e.holds(it.n.exprs, r, it.n.sc, it.g) {
			return r, nil
		}
	}
}

// unionNode returns the solutions of left, then those of right.
type unionNode struct{ left, right node }

func (n *unionNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &unionIter{e: e, n: n, seed: seed, g: g, cur: n.left.open(e, seed, g)}
}

type unionIter struct {
	e     *engine
	n     *unionNode
	seed  solution
	g     *graphIndex
	cur   iter
	right bool
}

func (it *unionIter) next() (solution, error) {
	for {
		r, err := it.cur.next()
		if err != nil || r != nil || it.right {
			return r, err
		}
		it.right = true
		it.cur = it.n.right.open(it.e, it.seed, it.g)
	}
}

// graphNode evaluates its operand in a named graph: name, or each named
// graph of the dataset in turn, bound to slot.
type graphNode struct {
	sub  node
	name id  // GRAPH <iri>: the graph's id (0: the store lacks it)
	slot int // GRAPH ?var: the variable's slot; -1 for an IRI
}

func (n *graphNode) open(e *engine, seed solution, _ *graphIndex) iter {
	if n.slot < 0 {
		if n.name == 0 || !containsID(e.named, n.name) {
			return emptyIter{}
		}
		return n.sub.open(e, seed, e.s.graphs[n.name])
	}
	return &graphIter{e: e, n: n, seed: seed}
}

type graphIter struct {
	e    *engine
	n    *graphNode
	seed solution
	at   int // the next named graph
	g    id
	cur  iter
}

func (it *graphIter) next() (solution, error) {
	e, slot := it.e, it.n.slot
	for {
		if it.cur == nil {
			if it.at >= len(e.named) {
				return nil, nil
			}
			it.g = e.named[it.at]
			it.at++
			if it.seed[slot] != 0 && it.seed[slot] != it.g {
				continue
			}
			// The operand is evaluated without the graph variable (it is
			// not in scope inside unless the operand binds it), then
			// joined with the graph's name.
			it.cur = it.n.sub.open(e, it.seed, e.s.graphs[it.g])
		}
		r, err := it.cur.next()
		if err != nil {
			return nil, err
		}
		if r == nil {
			it.cur = nil
			continue
		}
		if r[slot] == 0 {
			r[slot] = it.g
		}
		if r[slot] == it.g {
			return r, nil
		}
	}
}

// extendNode binds a variable to an expression's value (BIND, a SELECT
// expression); an error leaves it unbound.
type extendNode struct {
	sub  node
	slot int
	expr sparql.Expr
	sc   *scope
	// folded: expr is constant, and value is its id (0: an error).
	folded bool
	value  id
}

func (n *extendNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &extendIter{e: e, n: n, g: g, sub: n.sub.open(e, seed, g)}
}

type extendIter struct {
	e   *engine
	n   *extendNode
	g   *graphIndex
	sub iter
}

func (it *extendIter) next() (solution, error) {
	r, err := it.sub.next()
	if err != nil || r == nil {
		return nil, err
	}
	if it.n.folded {
		if it.n.value != 0 {
			r[it.n.slot] = it.n.value
		}
		return r, nil
	}
	if err := it.e.tick(); err != nil {
		return nil, err
	}
	v, verr := it.e.ev.eval(it.n.expr, &rowBinder{e: it.e, sc: it.n.sc, row: r, active: it.g})
	if verr == nil && v != nil {
		r[it.n.slot] = it.e.qd.intern(v)
	}
	return r, nil
}

// tableNode is a table of solutions (VALUES; the unit table for SERVICE
// SILENT), each joined with the seed.
type tableNode struct {
	sc    *scope
	slots []int
	rows  [][]id // per row, the value of each slot (0: UNDEF)
}

func (n *tableNode) open(e *engine, seed solution, _ *graphIndex) iter {
	return &tableIter{n: n, seed: seed}
}

type tableIter struct {
	n    *tableNode
	seed solution
	at   int
}

func (it *tableIter) next() (solution, error) {
	for it.at < len(it.n.rows) {
		vals := it.n.rows[it.at]
		it.at++
		r := it.seed.clone()
		ok := true
		for i, v := range vals {
			s := it.n.slots[i]
			switch {
			case v == 0:
			case r[s] == 0:
				r[s] = v
			case r[s] != v:
				ok = false
			}
		}
		if ok {
			return r, nil
		}
	}
	return nil, nil
}

// subNode is a sub-select: its own plan in its own scope, whose projected
// variables are copied into this scope. It sees none of the outer
// solution, so its solutions depend only on the active graph: they are
// computed once per graph and query, then joined with the seed.
type subNode struct {
	plan     *queryPlan
	from, to []int // the projected variables' slots, inner and outer
}

func (n *subNode) open(e *engine, seed solution, g *graphIndex) iter {
	key := subKey{n.plan.q, g}
	rows, ok := e.subCache[key]
	if !ok {
		inner := n.plan.root.open(e, make(solution, n.plan.sc.width()), g)
		var held int64
		for {
			r, err := inner.next()
			if err != nil {
				return errIter{err}
			}
			if r == nil {
				break
			}
			o := make(solution, len(seed))
			for i, f := range n.from {
				o[n.to[i]] = r[f]
			}
			rows = append(rows, o)
			held += solutionBytes(len(o))
			if err := e.mem.charge("a sub-select", solutionBytes(len(o))); err != nil {
				return errIter{err}
			}
			if err := e.grow(len(rows)); err != nil {
				return errIter{err}
			}
		}
		e.subCache[key] = rows
	}
	return &subIter{rows: rows, seed: seed}
}

type subKey struct {
	q *sparql.Query
	g *graphIndex
}

type subIter struct {
	rows []solution
	seed solution
	at   int
}

func (it *subIter) next() (solution, error) {
	for it.at < len(it.rows) {
		r := it.rows[it.at]
		it.at++
		if m, ok := merge(it.seed, r); ok {
			return m, nil
		}
	}
	return nil, nil
}

// projectNode unbinds the variables a SELECT does not return.
type projectNode struct {
	sub  node
	keep []bool
}

func (n *projectNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &projectIter{n: n, sub: n.sub.open(e, seed, g)}
}

type projectIter struct {
	n   *projectNode
	sub iter
}

func (it *projectIter) next() (solution, error) {
	r, err := it.sub.next()
	if err != nil || r == nil {
		return nil, err
	}
	for i := range r {
		if i >= len(it.n.keep) || !it.n.keep[i] {
			r[i] = 0
		}
	}
	return r, nil
}

// distinctNode drops repeated solutions (DISTINCT; REDUCED too), holding
// the set of those seen.
type distinctNode struct{ sub node }

func (n *distinctNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &distinctIter{e: e, sub: n.sub.open(e, seed, g), seen: map[string]struct{}{}}
}

type distinctIter struct {
	e    *engine
	sub  iter
	seen map[string]struct{}
	held int64
	buf  []byte
}

func (it *distinctIter) next() (solution, error) {
	for {
		r, err := it.sub.next()
		if err != nil {
			return nil, err
		}
		if r == nil {
			it.e.mem.release(it.held)
			it.held = 0
			return nil, nil
		}
		it.buf = it.buf[:0]
		for _, x := range r {
			it.buf = binary.LittleEndian.AppendUint32(it.buf, x)
		}
		if _, ok := it.seen[string(it.buf)]; ok {
			continue
		}
		it.seen[string(it.buf)] = struct{}{}
		n := hashEntry + int64(len(it.buf))
		it.held += n
		if err := it.e.mem.charge("DISTINCT", n); err != nil {
			return nil, err
		}
		if err := it.e.grow(len(it.seen)); err != nil {
			return nil, err
		}
		return r, nil
	}
}

// sliceNode skips OFFSET solutions and returns at most LIMIT (-1: all),
// then stops pulling.
type sliceNode struct {
	sub           node
	offset, limit int64
}

func (n *sliceNode) open(e *engine, seed solution, g *graphIndex) iter {
	if n.offset < 0 || n.limit == 0 {
		return emptyIter{}
	}
	return &sliceIter{n: n, sub: n.sub.open(e, seed, g)}
}

type sliceIter struct {
	n             *sliceNode
	sub           iter
	skipped, sent int64
}

func (it *sliceIter) next() (solution, error) {
	if it.n.limit >= 0 && it.sent >= it.n.limit {
		return nil, nil
	}
	for {
		r, err := it.sub.next()
		if err != nil || r == nil {
			return nil, err
		}
		if it.skipped < it.n.offset {
			it.skipped++
			continue
		}
		it.sent++
		return r, nil
	}
}

// ---- operators that hold all their input ----

// groupNode is Group with its aggregates: the input streams into groups,
// each holding its key and its aggregates' running state.
type groupNode struct {
	sub      node
	sc       *scope
	keys     []algebra.GroupKey
	keySlots []int // where each key is bound (-1: not bound)
	keyVar   []int // the slot of a key that is a variable (-1: an expression)
	aggs     []*sparql.Aggregate
	aggSlots []int
}

func (n *groupNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &groupIter{e: e, n: n, seed: seed, g: g}
}

type groupIter struct {
	e    *engine
	n    *groupNode
	seed solution
	g    *graphIndex
	out  []solution
	held int64
	done bool
}

type groupState struct {
	row  solution
	aggs []aggregator
}

func (it *groupIter) next() (solution, error) {
	if !it.done {
		it.done = true
		if err := it.group(); err != nil {
			return nil, err
		}
	}
	if len(it.out) == 0 {
		it.e.mem.release(it.held)
		it.held = 0
		return nil, nil
	}
	r := it.out[0]
	it.out = it.out[1:]
	return r, nil
}

func (it *groupIter) group() error {
	e, n := it.e, it.n
	w := n.sc.width()
	var groups []*groupState
	index := map[string]*groupState{}
	newGroup := func(key solution) (*groupState, error) {
		gs := &groupState{row: key, aggs: make([]aggregator, len(n.aggs))}
		for i, a := range n.aggs {
			gs.aggs[i] = newAggregator(a, e.ev)
		}
		size := hashEntry + solutionBytes(w) + int64(len(n.aggs))*hashEntry
		it.held += size
		return gs, e.mem.charge("GROUP BY", size)
	}
	var kb []byte
	err := e.each(n.sub.open(e, it.seed, it.g), func(r solution) error {
		b := &rowBinder{e: e, sc: n.sc, row: r, active: it.g}
		kb = kb[:0]
		var key solution
		if len(n.keys) > 0 {
			key = make(solution, w)
		}
		for i, k := range n.keys {
			var x id
			if s := n.keyVar[i]; s >= 0 {
				// A variable's id is in the row already.
				x = r[s]
			} else if v, err := e.ev.eval(k.Expr, b); err == nil && v != nil {
				x = e.qd.intern(v)
			}
			kb = binary.LittleEndian.AppendUint32(kb, x)
			if n.keySlots[i] >= 0 {
				key[n.keySlots[i]] = x
			}
		}
		gs, ok := index[string(kb)]
		if !ok {
			if key == nil {
				key = make(solution, w)
			}
			var err error
			if gs, err = newGroup(key); err != nil {
				return err
			}
			index[string(kb)] = gs
			groups = append(groups, gs)
			if err := e.grow(len(groups)); err != nil {
				return err
			}
		}
		for i, a := range n.aggs {
			if a.Star {
				if a.Distinct {
					// COUNT(DISTINCT *) counts distinct solutions: each
					// is handed over as a term naming it.
					k := rowKey(r)
					it.held += hashEntry + int64(len(k))
					if err := e.mem.charge("GROUP BY", hashEntry+int64(len(k))); err != nil {
						return err
					}
					gs.aggs[i].add(sparql.NewLiteral(k), nil)
				} else {
					gs.aggs[i].add(nil, nil)
				}
				continue
			}
			v, err := e.ev.eval(a.Arg, b)
			if a.Distinct && err == nil && v != nil {
				it.held += hashEntry
				if err := e.mem.charge("GROUP BY", hashEntry); err != nil {
					return err
				}
			}
			gs.aggs[i].add(v, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(groups) == 0 && len(n.keys) == 0 {
		// Aggregates over no solutions: one group.
		gs, err := newGroup(make(solution, w))
		if err != nil {
			return err
		}
		groups = append(groups, gs)
	}
	for _, gs := range groups {
		for i, ag := range gs.aggs {
			if v, err := ag.result(); err == nil && v != nil {
				gs.row[n.aggSlots[i]] = e.qd.intern(v)
			}
		}
		if m, ok := merge(it.seed, gs.row); ok {
			it.out = append(it.out, m)
		}
	}
	return e.mem.err()
}

// orderNode is OrderBy; with k > 0 only its first k solutions are kept
// (ORDER BY under a LIMIT), in a heap.
type orderNode struct {
	sub   node
	conds []algebra.OrderCondition
	k     int
	sc    *scope
}

func (n *orderNode) open(e *engine, seed solution, g *graphIndex) iter {
	return &orderIter{e: e, n: n, seed: seed, g: g}
}

type orderIter struct {
	e    *engine
	n    *orderNode
	seed solution
	g    *graphIndex
	out  []solution
	held int64
	done bool
}

func (it *orderIter) next() (solution, error) {
	e := it.e
	if !it.done {
		it.done = true
		out, held, err := e.order(it.n.conds, it.n.sc, it.g, it.n.sub.open(e, it.seed, it.g), it.n.k)
		it.held = held
		if err != nil {
			return nil, err
		}
		it.out = out
	}
	if len(it.out) == 0 {
		e.mem.release(it.held)
		it.held = 0
		return nil, nil
	}
	r := it.out[0]
	it.out = it.out[1:]
	return r, nil
}
