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

// Orders of the permutations rangeOf returns triples in.
const (
	inSPO = iota // (s, p, o)
	inPOS        // (p, o, s)
	inOSP        // (o, s, p)
)

// rangeOf returns the triples matching the pattern (0 is a wildcard), as
// a run of one permutation, and which one.
func (g *graphIndex) rangeOf(s, p, o id) ([]triple, int) {
	switch {
	case s != 0 && p != 0 && o != 0:
		return prefixRange(g.spo, triple{s, p, o}, 3), inSPO
	case s != 0 && p != 0:
		return prefixRange(g.spo, triple{s, p, 0}, 2), inSPO
	case s != 0 && o != 0:
		return prefixRange(g.osp, triple{o, s, 0}, 2), inOSP
	case s != 0:
		return prefixRange(g.spo, triple{s, 0, 0}, 1), inSPO
	case p != 0 && o != 0:
		return prefixRange(g.pos, triple{p, o, 0}, 2), inPOS
	case p != 0:
		return prefixRange(g.pos, triple{p, 0, 0}, 1), inPOS
	case o != 0:
		return prefixRange(g.osp, triple{o, 0, 0}, 1), inOSP
	}
	return g.spo, inSPO
}

// spoOf returns the subject, predicate and object of t, a triple of the
// permutation perm.
func spoOf(t triple, perm int) (s, p, o id) {
	switch perm {
	case inPOS:
		return t[2], t[0], t[1]
	case inOSP:
		return t[1], t[2], t[0]
	}
	return t[0], t[1], t[2]
}

// match calls f(s, p, o) for every triple matching the pattern, where 0 is
// a wildcard; f returns false to stop. It returns false if stopped.
func (g *graphIndex) match(s, p, o id, f func(s, p, o id) bool) bool {
	ts, perm := g.rangeOf(s, p, o)
	for _, t := range ts {
		if !f(spoOf(t, perm)) {
			return false
		}
	}
	return true
}

// count estimates the number of matches of a pattern (exact for the
// index-served shapes).
func (g *graphIndex) count(s, p, o id) int {
	ts, _ := g.rangeOf(s, p, o)
	return len(ts)
}
