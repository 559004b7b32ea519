package store

import (
	"slices"
	"sort"
)

// triple is (subject, predicate, object) ids in some index order.
type triple = [3]id

// graphIndex holds one graph's triples in three sorted permutations, which
// serve every triple-pattern shape by binary search: SPO (s, sp, spo, all),
// POS (p, po), OSP (o, os).
type graphIndex struct {
	spo, pos, osp []triple
}

// build sorts and deduplicates the triples (in SPO order) into the three
// permutations.
func buildIndex(spo []triple) *graphIndex {
	sortDedupe := func(ts []triple) []triple {
		slices.SortFunc(ts, cmpTriple)
		return slices.CompactFunc(ts, func(a, b triple) bool { return a == b })
	}
	spo = sortDedupe(spo)
	pos := make([]triple, len(spo))
	osp := make([]triple, len(spo))
	for i, t := range spo {
		pos[i] = triple{t[1], t[2], t[0]}
		osp[i] = triple{t[2], t[0], t[1]}
	}
	slices.SortFunc(pos, cmpTriple)
	slices.SortFunc(osp, cmpTriple)
	return &graphIndex{spo: spo, pos: pos, osp: osp}
}

func cmpTriple(a, b triple) int {
	for i := 0; i < 3; i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// prefixRange returns the triples of ts whose first n components equal
// those of key.
func prefixRange(ts []triple, key triple, n int) []triple {
	if n == 0 {
		return ts
	}
	less := func(t triple) bool {
		for i := 0; i < n; i++ {
			if t[i] != key[i] {
				return t[i] < key[i]
			}
		}
		return false
	}
	lo := sort.Search(len(ts), func(i int) bool { return !less(ts[i]) })
	hi := lo
	// Gallop to the end of the run: runs are usually short.
	for hi < len(ts) {
		t := ts[hi]
		eq := true
		for i := 0; i < n; i++ {
			if t[i] != key[i] {
				eq = false
				break
			}
		}
		if !eq {
			break
		}
		hi++
		if hi-lo == 16 {
			rest := ts[hi:]
			hi += sort.Search(len(rest), func(i int) bool {
				t := rest[i]
				for j := 0; j < n; j++ {
					if t[j] != key[j] {
						return t[j] > key[j]
					}
				}
				return false
			})
			break
		}
	}
	return ts[lo:hi]
}

// match calls f(s, p, o) for every triple matching the pattern, where 0 is
// a wildcard; f returns false to stop. It returns false if stopped.
func (g *graphIndex) match(s, p, o id, f func(s, p, o id) bool) bool {
	switch {
	case s != 0 && p != 0 && o != 0:
		if len(prefixRange(g.spo, triple{s, p, o}, 3)) > 0 {
			return f(s, p, o)
		}
	case s != 0 && p != 0:
		for _, t := range prefixRange(g.spo, triple{s, p, 0}, 2) {
			if !f(t[0], t[1], t[2]) {
				return false
			}
		}
	case s != 0 && o != 0:
		for _, t := range prefixRange(g.osp, triple{o, s, 0}, 2) {
			if !f(t[1], t[2], t[0]) {
				return false
			}
		}
	case s != 0:
		for _, t := range prefixRange(g.spo, triple{s, 0, 0}, 1) {
			if !f(t[0], t[1], t[2]) {
				return false
			}
		}
	case p != 0 && o != 0:
		for _, t := range prefixRange(g.pos, triple{p, o, 0}, 2) {
			if !f(t[2], t[0], t[1]) {
				return false
			}
		}
	case p != 0:
		for _, t := range prefixRange(g.pos, triple{p, 0, 0}, 1) {
			if !f(t[2], t[0], t[1]) {
				return false
			}
		}
	case o != 0:
		for _, t := range prefixRange(g.osp, triple{o, 0, 0}, 1) {
			if !f(t[1], t[2], t[0]) {
				return false
			}
		}
	default:
		for _, t := range g.spo {
			if !f(t[0], t[1], t[2]) {
				return false
			}
		}
	}
	return true
}

// count estimates the number of matches of a pattern (exact for the
// index-served shapes).
func (g *graphIndex) count(s, p, o id) int {
	switch {
	case s != 0 && p != 0 && o != 0:
		return len(prefixRange(g.spo, triple{s, p, o}, 3))
	case s != 0 && p != 0:
		return len(prefixRange(g.spo, triple{s, p, 0}, 2))
	case s != 0 && o != 0:
		return len(prefixRange(g.osp, triple{o, s, 0}, 2))
	case s != 0:
		return len(prefixRange(g.spo, triple{s, 0, 0}, 1))
	case p != 0 && o != 0:
		return len(prefixRange(g.pos, triple{p, o, 0}, 2))
	case p != 0:
		return len(prefixRange(g.pos, triple{p, 0, 0}, 1))
	case o != 0:
		return len(prefixRange(g.osp, triple{o, 0, 0}, 1))
	}
	return len(g.spo)
}
