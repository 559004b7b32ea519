package store

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// modifiers applies grouping and aggregation, HAVING, projection
// expressions, ORDER BY, projection, DISTINCT/REDUCED and OFFSET/LIMIT
// (SPARQL 1.1 §18.2.4–18.2.5), in that order.
func (e *engine) modifiers(q *sparql.Query, sc *scope, rows []solution) ([]solution, error) {
	grouped := isGrouped(q)
	rewrite := func(x sparql.Expr) sparql.Expr { return x }
	if grouped {
		var err error
		rows, rewrite, err = e.aggregate(q, sc, rows)
		if err != nil {
			return nil, err
		}
		// A trailing VALUES joins the groups, after HAVING (§18.2.4.3);
		// queryRows joins it with the solutions of an ungrouped query.
		if q.Values != nil {
			if rows, err = e.join(rows, e.values(q.Values, sc)); err != nil {
				return nil, err
			}
		}
	}
	active := e.defG
	// Projection expressions, in order: later ones may use earlier aliases.
	for _, p := range q.Projections {
		if p.Expr == nil {
			continue
		}
		x := rewrite(p.Expr)
		slot := sc.slot(p.Var.Name)
		for _, r := range rows {
			if err := e.tick(); err != nil {
				return nil, err
			}
			v, err := e.ev.eval(x, &rowBinder{e: e, sc: sc, row: r, active: active})
			if err == nil && v != nil {
				r[slot] = e.qd.intern(v)
			}
		}
	}
	if len(q.OrderBy) > 0 {
		// With a LIMIT and no DISTINCT/REDUCED between ORDER BY and
		// the slice, only the first OFFSET+LIMIT rows need ordering.
		k := 0
		if q.Limit != nil && *q.Limit >= 0 && !q.Distinct && !q.Reduced {
			n := *q.Limit
			if q.Offset != nil && *q.Offset > 0 {
				n += *q.Offset
			}
			if n < int64(len(rows)) {
				k = int(n)
			}
		}
		var err error
		if rows, err = e.order(q.OrderBy, rewrite, sc, rows, k); err != nil {
			return nil, err
		}
	}
	if q.Form == sparql.Select {
		keep := map[int]bool{}
		for _, n := range projectionNames(q, sc) {
			keep[sc.slot(n)] = true
		}
		for _, r := range rows {
			for i := range r {
				if !keep[i] {
					r[i] = 0
				}
			}
		}
		if q.Distinct || q.Reduced {
			if len(rows) > 0 {
				if err := e.mem.charge("DISTINCT", int64(len(rows))*(hashEntry+int64(idBytes*len(rows[0])))); err != nil {
					return nil, err
				}
			}
			rows = distinct(rows)
		}
	}
	if q.Offset != nil {
		if int(*q.Offset) >= len(rows) || *q.Offset < 0 {
			rows = nil
		} else {
			rows = rows[*q.Offset:]
		}
	}
	if q.Limit != nil && int(*q.Limit) < len(rows) {
		rows = rows[:*q.Limit]
	}
	return rows, nil
}

// isGrouped reports whether q groups its solutions: GROUP BY, HAVING, or
// an aggregate in SELECT or ORDER BY.
func isGrouped(q *sparql.Query) bool {
	grouped := len(q.GroupBy) > 0 || len(q.Having) > 0
	for _, p := range q.Projections {
		grouped = grouped || (p.Expr != nil && algebra.HasAggregate(p.Expr))
	}
	for _, o := range q.OrderBy {
		grouped = grouped || algebra.HasAggregate(o.Expr)
	}
	return grouped
}

func distinct(rows []solution) []solution {
	seen := make(map[string]bool, len(rows))
	out := rows[:0:0]
	var buf []byte
	for _, r := range rows {
		buf = buf[:0]
		for _, x := range r {
			buf = binary.LittleEndian.AppendUint32(buf, x)
		}
		k := string(buf)
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

// order sorts rows stably by the ORDER BY conditions. With 0 < k <
// len(rows) it returns only the first k rows of that order, keeping the
// best k in a heap as the keys are computed (O(n log k) comparisons, k
// keys held) instead of sorting them all.
func (e *engine) order(conds []*sparql.OrderCondition, rewrite func(sparql.Expr) sparql.Expr, sc *scope, rows []solution, k int) ([]solution, error) {
	heap := k > 0 && k < len(rows)
	held := len(rows)
	if heap {
		held = k
	}
	// Sort keys (a slice of terms per row), the index and the sorted copy.
	if err := e.mem.charge("ORDER BY", int64(held)*(24+16*int64(len(conds))+8+8)); err != nil {
		return nil, err
	}
	exprs := make([]sparql.Expr, len(conds))
	for i, c := range conds {
		exprs[i] = rewrite(c.Expr)
	}
	keyOf := func(r solution) []sparql.Term {
		b := &rowBinder{e: e, sc: sc, row: r, active: e.defG}
		key := make([]sparql.Term, len(conds))
		for j, x := range exprs {
			if v, err := e.ev.eval(x, b); err == nil {
				key[j] = v
			}
		}
		return key
	}
	// The deadline is checked while comparing too; once it has passed,
	// every comparison is "not less" so a sort ends quickly, and fails.
	compares, late := 0, false
	cmpKeys := func(ka, kb []sparql.Term) int {
		if compares++; compares&4095 == 0 && !late {
			late = e.ctx.Err() != nil
		}
		if late {
			return 0
		}
		for j, c := range conds {
			d := orderCompare(ka[j], kb[j])
			if c.Desc {
				d = -d
			}
			if d != 0 {
				return d
			}
		}
		return 0
	}
	if heap {
		return e.topK(rows, k, keyOf, cmpKeys, &late)
	}
	keys := make([][]sparql.Term, len(rows))
	for i, r := range rows {
		if err := e.tick(); err != nil {
			return nil, err
		}
		keys[i] = keyOf(r)
	}
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return cmpKeys(keys[idx[a]], keys[idx[b]]) < 0 })
	if late {
		return nil, fmt.Errorf("ORDER BY: %w", e.ctx.Err())
	}
	sorted := make([]solution, len(rows))
	for i, j := range idx {
		sorted[i] = rows[j]
	}
	copy(rows, sorted)
	return rows, nil
}

// ranked is a row in topK's heap: its position in the input breaks ties,
// so that the result is the stable order's first k.
type ranked struct {
	key []sparql.Term
	at  int
}

// topK returns the first k rows of the stable order cmp gives their keys,
// holding at most k keys: a max-heap of the best k so far.
func (e *engine) topK(rows []solution, k int, keyOf func(solution) []sparql.Term, cmp func(a, b []sparql.Term) int, late *bool) ([]solution, error) {
	after := func(a, b ranked) bool { // a comes after b in the order
		if d := cmp(a.key, b.key); d != 0 {
			return d > 0
		}
		return a.at > b.at
	}
	h := make([]ranked, 0, k)
	down := func(i int) {
		for {
			l, big := 2*i+1, i
			if l < len(h) && after(h[l], h[big]) {
				big = l
			}
			if r := l + 1; r < len(h) && after(h[r], h[big]) {
				big = r
			}
			if big == i {
				return
			}
			h[i], h[big] = h[big], h[i]
			i = big
		}
	}
	for i, r := range rows {
		if err := e.tick(); err != nil {
			return nil, err
		}
		x := ranked{keyOf(r), i}
		switch {
		case len(h) < k:
			h = append(h, x)
			for j := len(h) - 1; j > 0 && after(h[j], h[(j-1)/2]); j = (j - 1) / 2 {
				h[j], h[(j-1)/2] = h[(j-1)/2], h[j]
			}
		case after(h[0], x):
			h[0] = x
			down(0)
		}
	}
	sort.Slice(h, func(a, b int) bool { return after(h[b], h[a]) })
	if *late {
		return nil, fmt.Errorf("ORDER BY: %w", e.ctx.Err())
	}
	out := make([]solution, len(h))
	for i, x := range h {
		out[i] = rows[x.at]
	}
	return out, nil
}

// aggregate groups rows and computes the aggregates of SELECT, HAVING and
// ORDER BY. It returns one row per group and a rewrite that replaces each
// aggregate in an expression by the hidden variable holding its value.
func (e *engine) aggregate(q *sparql.Query, sc *scope, rows []solution) ([]solution, func(sparql.Expr) sparql.Expr, error) {
	// Hidden variables for the aggregates.
	var aggs []*sparql.Aggregate
	collect := func(x sparql.Expr) {
		sparql.Inspect(x, func(n sparql.Node) bool {
			switch n := n.(type) {
			case *sparql.Aggregate:
				if _, ok := sc.aggVars[n]; !ok {
					sc.aggVars[n] = fmt.Sprintf("\x00agg%d", len(sc.aggVars))
					aggs = append(aggs, n)
				}
				return false
			case *sparql.ExistsExpr:
				return false
			}
			return true
		})
	}
	for _, p := range q.Projections {
		if p.Expr != nil {
			collect(p.Expr)
		}
	}
	for _, h := range q.Having {
		collect(h)
	}
	for _, o := range q.OrderBy {
		collect(o.Expr)
	}
	aggSlots := make([]int, len(aggs))
	for i, a := range aggs {
		aggSlots[i] = sc.slot(sc.aggVars[a])
	}
	w := sc.width()
	active := e.defG

	// Group keys.
	type group struct {
		key     solution
		members []solution
	}
	// Each row is a group member, and may be a group of its own.
	if err := e.mem.charge("GROUP BY", int64(len(rows))*(8+hashEntry+int64(idBytes*(w+len(q.GroupBy))))); err != nil {
		return nil, nil, err
	}
	var groups []*group
	index := map[string]*group{}
	keySlots := make([]int, len(q.GroupBy))
	for i, g := range q.GroupBy {
		switch {
		case g.Var != nil:
			keySlots[i] = sc.slot(g.Var.Name)
		default:
			if v, ok := g.Expr.(*sparql.Var); ok {
				keySlots[i] = sc.slot(v.Name)
			} else {
				keySlots[i] = -1 // an expression without alias: grouped on, not bound
			}
		}
	}
	var kb []byte
	for _, r := range rows {
		if err := e.tick(); err != nil {
			return nil, nil, err
		}
		key := make(solution, w)
		kb = kb[:0]
		b := &rowBinder{e: e, sc: sc, row: r, active: active}
		for i, g := range q.GroupBy {
			var x id
			if v, ok := g.Expr.(*sparql.Var); ok && v != nil {
				// A variable's id is in the row already.
				if slot, ok := sc.slots[v.Name]; ok && slot < len(r) {
					x = r[slot]
				}
			} else if v, err := e.ev.eval(g.Expr, b); err == nil && v != nil {
				x = e.qd.intern(v)
			}
			kb = binary.LittleEndian.AppendUint32(kb, x)
			if keySlots[i] >= 0 {
				key[keySlots[i]] = x
			}
		}
		k := string(kb)
		grp, ok := index[k]
		if !ok {
			grp = &group{key: key}
			index[k] = grp
			groups = append(groups, grp)
		}
		grp.members = append(grp.members, r)
	}
	if len(groups) == 0 && len(q.GroupBy) == 0 {
		groups = append(groups, &group{key: make(solution, w)}) // aggregates over no rows
	}

	out := make([]solution, 0, len(groups))
	for _, grp := range groups {
		row := grp.key
		for i, a := range aggs {
			ag := newAggregator(a, e.ev)
			for _, m := range grp.members {
				if err := e.tick(); err != nil {
					return nil, nil, err
				}
				if a.Star {
					if a.Distinct {
						// COUNT(DISTINCT *) counts distinct solutions:
						// each row is handed over as a term naming it.
						ag.add(sparql.NewLiteral(rowKey(m)), nil)
					} else {
						ag.add(nil, nil)
					}
					continue
				}
				v, err := e.ev.eval(a.Arg, &rowBinder{e: e, sc: sc, row: m, active: active})
				ag.add(v, err)
			}
			if v, err := ag.result(); err == nil && v != nil {
				row[aggSlots[i]] = e.qd.intern(v)
			}
		}
		out = append(out, row)
	}
	rewrite := func(x sparql.Expr) sparql.Expr { return substAggregates(x, sc.aggVars) }
	if len(q.Having) > 0 {
		having := make([]sparql.Expr, len(q.Having))
		for i, h := range q.Having {
			having[i] = rewrite(h)
		}
		var err error
		if out, err = e.filter(out, having, sc, active); err != nil {
			return nil, nil, err
		}
	}
	return out, rewrite, nil
}

// substAggregates returns x with every aggregate replaced by the variable
// named in m; parts without aggregates are shared, not copied.
func substAggregates(x sparql.Expr, m map[*sparql.Aggregate]string) sparql.Expr {
	switch x := x.(type) {
	case *sparql.Aggregate:
		if name, ok := m[x]; ok {
			return &sparql.Var{Name: name}
		}
	case *sparql.BinaryExpr:
		l, r := substAggregates(x.X, m), substAggregates(x.Y, m)
		if l != x.X || r != x.Y {
			c := *x
			c.X, c.Y = l, r
			return &c
		}
	case *sparql.UnaryExpr:
		if y := substAggregates(x.X, m); y != x.X {
			c := *x
			c.X = y
			return &c
		}
	case *sparql.CallExpr:
		if args, changed := substArgs(x.Args, m); changed {
			c := *x
			c.Args = args
			return &c
		}
	case *sparql.FuncCall:
		if args, changed := substArgs(x.Args, m); changed {
			c := *x
			c.Args = args
			return &c
		}
	case *sparql.InExpr:
		y := substAggregates(x.X, m)
		list, changed := substArgs(x.List, m)
		if changed || y != x.X {
			c := *x
			c.X, c.List = y, list
			return &c
		}
	}
	return x
}

func substArgs(args []sparql.Expr, m map[*sparql.Aggregate]string) ([]sparql.Expr, bool) {
	var out []sparql.Expr
	for i, a := range args {
		b := substAggregates(a, m)
		if b != a && out == nil {
			out = append([]sparql.Expr(nil), args...)
		}
		if out != nil {
			out[i] = b
		}
	}
	if out == nil {
		return args, false
	}
	return out, true
}

// rowKey is a string identifying a solution's bindings.
func rowKey(r solution) string {
	buf := make([]byte, 0, 4*len(r))
	for _, x := range r {
		buf = binary.LittleEndian.AppendUint32(buf, x)
	}
	return string(buf)
}
