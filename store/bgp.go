package store

import (
	"github.com/schemaforge/go-schemaforge/sparql"
)

func (e *engine) cost(p cpattern, bound map[int]bool, g *graphIndex) float64 {
	constID := func(t cterm) id {
		if t.slot < 0 {
			return t.value
		}
		return 0
	}
	isBound := func(t cterm) bool { return t.slot < 0 || bound[t.slot] }
	if p.path != nil {
		// Paths are costly; evaluate them once their ends are known.
		c := 1e6
		if isBound(p.s) {
			c /= 1000
		}
		if isBound(p.o) {
			c /= 1000
		}
		return c
	}
	for _, t := range []cterm{p.s, p.p, p.o} {
		if t.slot < 0 && t.value == 0 {
			return 0 // a constant the store lacks: no match, fail fast
		}
	}
	c := float64(g.count(constID(p.s), constID(p.p), constID(p.o)))
	// Variables bound by earlier patterns cut the matches sharply.
	if p.s.slot >= 0 && bound[p.s.slot] {
		c /= 100
	}
	if p.o.slot >= 0 && bound[p.o.slot] {
		c /= 50
	}
	if p.p.slot >= 0 && bound[p.p.slot] {
		c /= 10
	}
	return c
}

// pathPairs calls emit for each (start, end) connected by path p in g,
// with s and o fixing the ends when non-zero; emit returns false to stop.
func (e *engine) pathPairs(p sparql.Path, s, o id, g *graphIndex, emit func(s, o id) bool) bool {
	switch p := p.(type) {
	case *sparql.IRI:
		pid := e.s.dict.lookup(p)
		if pid == 0 {
			return true
		}
		return g.match(s, pid, o, func(ms, _, mo id) bool { return emit(ms, mo) })
	case *sparql.PathInv:
		return e.pathPairs(p.X, o, s, g, func(a, b id) bool { return emit(b, a) })
	case *sparql.PathAlt:
		for _, a := range p.Alts {
			if !e.pathPairs(a, s, o, g, emit) {
				return false
			}
		}
		return true
	case *sparql.PathSeq:
		if len(p.Items) == 1 {
			return e.pathPairs(p.Items[0], s, o, g, emit)
		}
		rest := &sparql.PathSeq{Items: p.Items[1:]}
		if s == 0 && o != 0 {
			// Evaluate from the bound end.
			last := p.Items[len(p.Items)-1]
			init := &sparql.PathSeq{Items: p.Items[:len(p.Items)-1]}
			return e.pathPairs(last, 0, o, g, func(mid, end id) bool {
				return e.pathPairs(init, 0, mid, g, func(start, _ id) bool { return emit(start, end) })
			})
		}
		return e.pathPairs(p.Items[0], s, 0, g, func(start, mid id) bool {
			return e.pathPairs(rest, mid, o, g, func(_, end id) bool { return emit(start, end) })
		})
	case *sparql.PathNeg:
		var fwd, inv []id
		hasFwd, hasInv := false, false
		for _, it := range p.Items {
			x := e.s.dict.lookup(it.IRI)
			if it.Inverse {
				hasInv = true
				inv = append(inv, x)
			} else {
				hasFwd = true
				fwd = append(fwd, x)
			}
		}
		if hasFwd || !hasInv {
			if !g.match(s, 0, o, func(ms, mp, mo id) bool {
				if containsID(fwd, mp) {
					return true
				}
				return emit(ms, mo)
			}) {
				return false
			}
		}
		if hasInv {
			return g.match(o, 0, s, func(ms, mp, mo id) bool {
				if containsID(inv, mp) {
					return true
				}
				return emit(mo, ms)
			})
		}
		return true
	case *sparql.PathMod:
		return e.pathMod(p, s, o, g, emit)
	}
	return true
}

// pathMod evaluates X?, X* and X+ with set semantics (each pair once).
func (e *engine) pathMod(p *sparql.PathMod, s, o id, g *graphIndex, emit func(s, o id) bool) bool {
	zero := p.Mod != '+'
	if p.Mod == '?' {
		seen := map[[2]id]bool{}
		out := func(a, b id) bool {
			k := [2]id{a, b}
			if seen[k] {
				return true
			}
			seen[k] = true
			return emit(a, b)
		}
		if !e.zeroLength(s, o, g, out) {
			return false
		}
		return e.pathPairs(p.X, s, o, g, out)
	}
	// From a bound start (or, reversed, a bound end): breadth-first closure.
	closure := func(start id, inverse bool, f func(n id) bool) bool {
		seen := map[id]bool{}
		frontier := []id{start}
		if zero {
			seen[start] = true
			if !f(start) {
				return false
			}
		}
		for len(frontier) > 0 {
			var next []id
			for _, n := range frontier {
				if e.tick() != nil {
					return false
				}
				step := func(a, b id) bool {
					m := b
					if inverse {
						m = a
					}
					if seen[m] {
						return true
					}
					seen[m] = true
					next = append(next, m)
					return f(m)
				}
				var ok bool
				if inverse {
					ok = e.pathPairs(p.X, 0, n, g, step)
				} else {
					ok = e.pathPairs(p.X, n, 0, g, step)
				}
				if !ok {
					return false
				}
			}
			frontier = next
		}
		return true
	}
	switch {
	case s != 0:
		return closure(s, false, func(n id) bool {
			if o != 0 && n != o {
				return true
			}
			return emit(s, n)
		})
	case o != 0:
		return closure(o, true, func(n id) bool { return emit(n, o) })
	}
	for _, n := range graphNodes(g) {
		if !closure(n, false, func(m id) bool { return emit(n, m) }) {
			return false
		}
	}
	return true
}

// zeroLength emits the pairs of a zero-length path.
func (e *engine) zeroLength(s, o id, g *graphIndex, emit func(s, o id) bool) bool {
	switch {
	case s != 0 && o != 0:
		if s == o {
			return emit(s, o)
		}
		return true
	case s != 0:
		return emit(s, s)
	case o != 0:
		return emit(o, o)
	}
	for _, n := range graphNodes(g) {
		if !emit(n, n) {
			return false
		}
	}
	return true
}

// graphNodes lists the subjects and objects of g, each once, in id order.
func graphNodes(g *graphIndex) []id {
	var out []id
	var last id
	for _, t := range g.spo {
		if t[0] != last {
			out = append(out, t[0])
			last = t[0]
		}
	}
	seen := make(map[id]bool, len(out))
	for _, n := range out {
		seen[n] = true
	}
	last = 0
	for _, t := range g.osp {
		if t[0] != last {
			last = t[0]
			if !seen[t[0]] {
				out = append(out, t[0])
			}
		}
	}
	return out
}

// isGraphNode reports whether n is the subject or object of a triple of g.
func isGraphNode(g *graphIndex, n id) bool {
	return g.count(n, 0, 0) > 0 || g.count(0, 0, n) > 0
}
