package store

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/algebra"
)

// order returns the solutions of it sorted stably by the ORDER BY
// conditions, evaluated over the active graph g. With k > 0 it returns
// only the first k of that order, holding the best k in a heap as the
// solutions arrive (O(n log k) comparisons, k solutions held) instead of
// holding and sorting them all. held is what it charged to the budget,
// for the caller to release once the solutions are consumed.
func (e *engine) order(conds []algebra.OrderCondition, sc *scope, g *graphIndex, it iter, k int) (out []solution, held int64, err error) {
	keyOf := func(r solution) []sparql.Term {
		b := &rowBinder{e: e, sc: sc, row: r, active: g}
		key := make([]sparql.Term, len(conds))
		for j, c := range conds {
			if v, err := e.ev.eval(c.Expr, b); err == nil {
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
	// A held solution: the row, its sort key (a term per condition) and
	// its place in the input.
	perRow := func(w int) int64 { return solutionBytes(w) + 24 + 16*int64(len(conds)) + 16 }
	var rows []ranked
	if k > 0 {
		rows, held, err = e.topK(it, k, keyOf, cmpKeys, perRow)
	} else {
		err = e.each(it, func(r solution) error {
			held += perRow(len(r))
			if err := e.mem.charge("ORDER BY", perRow(len(r))); err != nil {
				return err
			}
			rows = append(rows, ranked{key: keyOf(r), at: len(rows), row: r})
			return e.grow(len(rows))
		})
		if err != nil {
			return nil, held, err
		}
		sort.SliceStable(rows, func(a, b int) bool { return cmpKeys(rows[a].key, rows[b].key) < 0 })
	}
	if err != nil {
		return nil, held, err
	}
	if late {
		return nil, held, fmt.Errorf("ORDER BY: %w", e.ctx.Err())
	}
	out = make([]solution, len(rows))
	for i, x := range rows {
		out[i] = x.row
	}
	return out, held, nil
}

// ranked is a solution being ordered: its position in the input breaks
// ties, so that the result is the stable order's.
type ranked struct {
	key []sparql.Term
	at  int
	row solution
}

// topK returns the first k solutions of it in the stable order cmp gives
// their keys, holding at most k: a max-heap of the best k so far.
func (e *engine) topK(it iter, k int, keyOf func(solution) []sparql.Term, cmp func(a, b []sparql.Term) int, perRow func(int) int64) ([]ranked, int64, error) {
	after := func(a, b ranked) bool { // a comes after b in the order
		if d := cmp(a.key, b.key); d != 0 {
			return d > 0
		}
		return a.at > b.at
	}
	var held int64
	h := make([]ranked, 0, min(k, 1024))
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
	at := 0
	err := e.each(it, func(r solution) error {
		x := ranked{keyOf(r), at, r}
		at++
		switch {
		case len(h) < k:
			held += perRow(len(r))
			if err := e.mem.charge("ORDER BY", perRow(len(r))); err != nil {
				return err
			}
			h = append(h, x)
			for j := len(h) - 1; j > 0 && after(h[j], h[(j-1)/2]); j = (j - 1) / 2 {
				h[j], h[(j-1)/2] = h[(j-1)/2], h[j]
			}
		case after(h[0], x):
			h[0] = x
			down(0)
		}
		return nil
	})
	if err != nil {
		return nil, held, err
	}
	sort.Slice(h, func(a, b int) bool { return after(h[b], h[a]) })
	return h, held, nil
}

// rowKey is a string identifying a solution's bindings.
func rowKey(r solution) string {
	buf := make([]byte, 0, 4*len(r))
	for _, x := range r {
		buf = binary.LittleEndian.AppendUint32(buf, x)
	}
	return string(buf)
}
