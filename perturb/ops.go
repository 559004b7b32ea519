package perturb

import (
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// isOutput reports whether a triple produces the answer rather than
// constraining it: it is in the top-level query's WHERE (not under EXISTS
// or MINUS) and its object is an output variable of that query.
func (g *generator) isOutput(s *tripleSite) bool {
	if s.query != 0 || s.where&(inExists|inMinus) != 0 {
		return false
	}
	name, ok := termVar(s.o)
	return ok && g.outputVars(0)[name]
}

// outputVars is tree.outputVars, computed once per query.
func (g *generator) outputVars(qi int) map[string]bool {
	out, ok := g.ix.outVars[qi]
	if !ok {
		out = g.t.outputVars(qi)
		g.ix.outVars[qi] = out
	}
	return out
}

// propertyOf returns the predicate of a triple whose object is the
// variable name, preferring the query at index qi and triples that bind
// (not under NOT EXISTS or MINUS).
func (g *generator) propertyOf(name string, qi int) (*sparql.IRI, bool) {
	op := g.ix.objects[name]
	if op == nil {
		return nil, false
	}
	if p, ok := op.binding[qi]; ok {
		return p, true
	}
	return op.first, true
}

// profileOf returns what is known of property iri: from the slice when it
// lists the property, else from probes.
func (g *generator) profileOf(iri *sparql.IRI) profile {
	if pr, ok := g.profiles[iri.Value]; ok {
		return pr
	}
	var pr profile
	if sp, ok := g.sliceProperty(iri.Value); ok {
		pr = sliceProfile(sp.Domains, sp.Ranges, sp.Datatypes, sp.ForeignKey)
	}
	if !pr.known {
		pr = g.probe.probeProfile(g.ctx, iri)
	}
	g.profiles[iri.Value] = pr
	return pr
}

// sliceProfile makes a profile from a slice property's description.
func sliceProfile(domains, ranges, datatypes []string, foreignKey bool) profile {
	pr := profile{domains: domains, ranges: ranges, object: len(ranges) > 0 || foreignKey}
	for _, d := range datatypes {
		if f := DatatypeFamily(d); f != FamilyNone && !containsFamily(pr.families, f) {
			pr.families = append(pr.families, f)
		}
	}
	pr.known = pr.object || len(pr.families) > 0
	return pr
}

func containsFamily(fs []Family, f Family) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

// sliceProperty returns the slice's entry for property iri.
func (g *generator) sliceProperty(iri string) (*handoff.SliceProperty, bool) {
	if g.slice == nil {
		return nil, false
	}
	for i := range g.slice.Properties {
		if g.slice.Properties[i].IRI == iri {
			return &g.slice.Properties[i], true
		}
	}
	return nil, false
}

// iriLike returns an IRI node for value written like orig: as a prefixed
// name with orig's prefix when value is in that namespace, else in angle
// brackets.
func iriLike(orig *sparql.IRI, value string) *sparql.IRI {
	if orig.Form == sparql.PrefixedName && strings.HasSuffix(orig.Value, orig.Local) {
		ns := orig.Value[:len(orig.Value)-len(orig.Local)]
		if local, ok := strings.CutPrefix(value, ns); ok && local != "" {
			return &sparql.IRI{Value: value, Form: sparql.PrefixedName, Prefix: orig.Prefix, Local: local}
		}
	}
	return sparql.NewIRI(value)
}

// spread picks up to k items of xs, evenly spaced, first included.
func spread[T any](xs []T, k int) []T {
	if len(xs) <= k {
		return xs
	}
	out := make([]T, 0, k)
	for i := range k {
		out = append(out, xs[i*len(xs)/k])
	}
	return out
}

// predicateSites: every plain predicate other than rdf:type.
func (g *generator) predicateSites() []site {
	var out []site
	for _, s := range g.triples {
		p, ok := s.predicate()
		if !ok {
			continue
		}
		s := s
		out = append(out, site{constraint: !g.isOutput(s), alts: func() []proposal {
			return g.swaps(s, p, "swap predicate %s → %s")
		}})
	}
	return out
}

// swaps returns the proposals that replace the predicate p of triple s by
// another property of the slice with a compatible profile (see
// profile.compatible), at most Config.Alternatives, in slice order. detail
// is a format with two %s: the old and the new predicate.
func (g *generator) swaps(s *tripleSite, p *sparql.IRI, detail string) []proposal {
	if g.slice == nil {
		return nil
	}
	pr := g.profileOf(p)
	var props []proposal
	for _, sp := range g.slice.Properties {
		if len(props) == g.cfg.Alternatives {
			break
		}
		if sp.IRI == p.Value || sp.IRI == sparql.RDFType {
			continue
		}
		if !pr.compatible(sliceProfile(sp.Domains, sp.Ranges, sp.Datatypes, sp.ForeignKey)) {
			continue
		}
		alt := iriLike(p, sp.IRI)
		props = append(props, proposal{
			detail: fmt.Sprintf(detail, describe(p), describe(alt)),
			edit:   func(c *clone) bool { return c.replace(g.t, s.p, sparql.Clone(alt)) },
		})
	}
	return props
}

// constantSite is a constant compared by = with a property's values.
type constantSite struct {
	node     sparql.Node // the *Literal or *IRI
	property *sparql.IRI // the property whose values it is compared with (nil for an entity)
}

// constants finds the constants EntitySwap can replace: IRIs in subject
// or object position (classes excluded) and in = / != / IN comparisons,
// and literals that are the object of a triple or compared by = (or IN)
// with a variable bound by a property.
func (g *generator) constants() []constantSite {
	var out []constantSite
	seen := map[sparql.Node]bool{}
	add := func(n sparql.Node, p *sparql.IRI) {
		if !seen[n] {
			seen[n] = true
			out = append(out, constantSite{node: n, property: p})
		}
	}
	for i, n := range g.t.nodes {
		switch n := n.(type) {
		case *sparql.TriplesSameSubject:
			for _, s := range g.ix.byTSS[n] {
				if iri, ok := s.s.(*sparql.IRI); ok {
					add(iri, nil)
				}
				switch o := s.o.(type) {
				case *sparql.IRI:
					if !s.isType() {
						add(o, nil)
					}
				case *sparql.Literal:
					if p, ok := s.predicate(); ok {
						add(o, p)
					}
				}
			}
		case *sparql.BinaryExpr:
			if n.Op != sparql.OpEq && n.Op != sparql.OpNe {
				continue
			}
			for _, pair := range [][2]sparql.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				name, ok := termVar(pair[0])
				if !ok {
					continue
				}
				switch c := pair[1].(type) {
				case *sparql.IRI:
					add(c, nil)
				case *sparql.Literal:
					if p, ok := g.propertyOf(name, g.t.query[i]); ok {
						add(c, p)
					}
				}
			}
		case *sparql.InExpr:
			name, ok := termVar(n.X)
			if !ok {
				continue
			}
			for _, e := range n.List {
				switch c := e.(type) {
				case *sparql.IRI:
					add(c, nil)
				case *sparql.Literal:
					if p, ok := g.propertyOf(name, g.t.query[i]); ok {
						add(c, p)
					}
				}
			}
		}
	}
	return out
}

// entitySites: constants replaced by other entities of the same type or
// other values of the same property.
func (g *generator) entitySites() []site {
	var out []site
	for _, cs := range g.constants() {
		cs := cs
		out = append(out, site{constraint: true, alts: func() []proposal {
			var values []sparql.Term
			if cs.property == nil {
				values = g.probe.column(g.ctx, probeSameType, map[string]sparql.Node{"E": cs.node}, "")
			} else {
				values = g.probe.column(g.ctx, probeOtherValue, map[string]sparql.Node{"P": cs.property, "X": cs.node}, "")
			}
			var props []proposal
			for _, v := range spread(values, g.cfg.Alternatives) {
				var repl sparql.Node
				switch orig := cs.node.(type) {
				case *sparql.IRI:
					iri, ok := v.(*sparql.IRI)
					if !ok {
						continue
					}
					repl = iriLike(orig, iri.Value)
				case *sparql.Literal:
					lit, ok := v.(*sparql.Literal)
					if !ok {
						continue
					}
					repl = rewriteAs(orig, lit)
				}
				props = append(props, proposal{
					detail: fmt.Sprintf("swap constant %s → %s", describe(cs.node), describe(repl)),
					edit:   func(c *clone) bool { return c.replace(g.t, cs.node, sparql.Clone(repl)) },
				})
			}
			return props
		}})
	}
	return out
}

// relaxSites: each FILTER, each conjunct of a FILTER's top-level &&, each
// HAVING condition and each MINUS, dropped. A FILTER or MINUS written
// like the element just before it in its group, or a HAVING condition
// like the one before it, is not dropped: that gives the same query as
// dropping the one before, which would be built only to be discarded as a
// duplicate (a long question can repeat one filter hundreds of times, and
// each such build copies and prints the whole query).
func (g *generator) relaxSites() []site {
	var out []site
	one := func(p proposal) site {
		return site{constraint: true, alts: func() []proposal { return []proposal{p} }}
	}
	repeats := g.repeatedElements()
	for _, n := range g.t.nodes {
		switch n := n.(type) {
		case *sparql.FilterPattern:
			if !repeats[n] {
				out = append(out, one(proposal{
					detail: "drop " + describe(n),
					edit:   func(c *clone) bool { return c.remove(g.t, n) },
				}))
			}
			if and, ok := n.Expr.(*sparql.BinaryExpr); ok && and.Op == sparql.OpAnd {
				for _, keep := range []sparql.Expr{and.Y, and.X} {
					drop := and.X
					if keep == and.X {
						drop = and.Y
					}
					out = append(out, one(proposal{
						detail: "drop conjunct " + describe(drop) + " of " + describe(n),
						edit:   func(c *clone) bool { return c.replace(g.t, and, sparql.Clone(c.at(g.t, keep))) },
					}))
				}
			}
		case *sparql.MinusPattern:
			if !repeats[n] {
				out = append(out, one(proposal{
					detail: "drop MINUS " + describe(n.Pattern),
					edit:   func(c *clone) bool { return c.remove(g.t, n) },
				}))
			}
		case *sparql.Query:
			for i, h := range n.Having {
				if i > 0 && describe(h) == describe(n.Having[i-1]) {
					continue
				}
				out = append(out, one(proposal{
					detail: "drop HAVING " + describe(h),
					edit:   func(c *clone) bool { return c.remove(g.t, h) },
				}))
			}
		}
	}
	return out
}

// repeatedElements returns the FILTER and MINUS elements of the query's
// groups that are written like the element just before them.
func (g *generator) repeatedElements() map[sparql.Node]bool {
	out := map[sparql.Node]bool{}
	for _, n := range g.t.nodes {
		gp, ok := n.(*sparql.GroupPattern)
		if !ok {
			continue
		}
		prev := ""
		for i, el := range gp.Elements {
			cur := ""
			switch el.(type) {
			case *sparql.FilterPattern, *sparql.MinusPattern:
				cur = describe(el)
				if i > 0 && cur == prev && sameKind(el, gp.Elements[i-1]) {
					out[el] = true
				}
			}
			prev = cur
		}
	}
	return out
}

// sameKind reports whether a and b are both filters or both MINUS.
func sameKind(a, b sparql.Node) bool {
	switch a.(type) {
	case *sparql.FilterPattern:
		_, ok := b.(*sparql.FilterPattern)
		return ok
	case *sparql.MinusPattern:
		_, ok := b.(*sparql.MinusPattern)
		return ok
	}
	return false
}

// comparison is a <, <=, > or >= between an expression and a number or
// date constant.
type comparison struct {
	expr  *sparql.BinaryExpr
	lit   *sparql.Literal
	other sparql.Expr
	// op is the comparison with the constant on the right ("?v > 3" for
	// "3 < ?v").
	op sparql.BinaryOp
}

// lower reports whether the constant is a lower bound (> or >=).
func (c comparison) lower() bool { return c.op == sparql.OpGt || c.op == sparql.OpGe }

var flipped = map[sparql.BinaryOp]sparql.BinaryOp{sparql.OpLt: sparql.OpGt, sparql.OpGt: sparql.OpLt, sparql.OpLe: sparql.OpGe, sparql.OpGe: sparql.OpLe}

// comparisons lists the order comparisons with a number or date constant
// in FILTER and HAVING conditions.
func (g *generator) comparisons() []comparison {
	var out []comparison
	for i, n := range g.t.nodes {
		b, ok := n.(*sparql.BinaryExpr)
		if !ok || g.t.where[i]&(inFilter|inHaving) == 0 {
			continue
		}
		if _, ok := flipped[b.Op]; !ok {
			continue
		}
		if l, ok := b.Y.(*sparql.Literal); ok && orderable(l) {
			out = append(out, comparison{expr: b, lit: l, other: b.X, op: b.Op})
		} else if l, ok := b.X.(*sparql.Literal); ok && orderable(l) {
			out = append(out, comparison{expr: b, lit: l, other: b.Y, op: flipped[b.Op]})
		}
	}
	return out
}

func orderable(l *sparql.Literal) bool {
	f := literalFamily(l)
	return f == FamilyNumeric || f == FamilyDate
}

// tightenSites: each comparison's bound moved so that it keeps fewer
// rows: to the median of the values that pass it (when the compared
// variable's property is known), else one step.
func (g *generator) tightenSites() []site {
	var out []site
	for _, cmp := range g.comparisons() {
		cmp := cmp
		out = append(out, site{constraint: true, alts: func() []proposal {
			var props []proposal
			replaceWith := func(lit *sparql.Literal, how string) {
				props = append(props, proposal{
					detail: fmt.Sprintf("tighten %s: bound %s → %s (%s)", describe(cmp.expr), describe(cmp.lit), describe(lit), how),
					edit:   func(c *clone) bool { return c.replace(g.t, cmp.lit, sparql.Clone(lit)) },
				})
			}
			if name, ok := termVar(cmp.other); ok {
				if p, ok := g.propertyOf(name, g.t.query[g.t.index[cmp.expr]]); ok {
					vals := g.probe.column(g.ctx, probeRange, map[string]sparql.Node{"P": p, "X": cmp.lit}, cmp.op)
					if len(vals) > 0 {
						if m, ok := vals[len(vals)/2].(*sparql.Literal); ok {
							if c, ok := compareLiterals(m, cmp.lit); ok && c != 0 {
								replaceWith(rewriteAs(cmp.lit, m), "median of the passing values")
							}
						}
					}
				}
			}
			steps := 1.0
			if !cmp.lower() {
				steps = -1
			}
			if l, ok := shiftLiteral(cmp.lit, steps); ok {
				replaceWith(l, "one step")
			}
			return props
		}})
	}
	return out
}

// dropSites: each triple that may go: not the only triple of its group
// or of its query's WHERE, not a duplicate of another triple of its group,
// not the only binding of an output variable of its query, not a type
// triple another triple implies.
func (g *generator) dropSites() []site {
	var out []site
	for _, s := range g.triples {
		if !g.droppable(s) || g.impliedType(s) {
			continue
		}
		s := s
		out = append(out, site{constraint: !g.isOutput(s), alts: func() []proposal {
			return []proposal{{
				detail: "drop triple " + s.key(),
				edit:   func(c *clone) bool { return g.dropTriple(c, s) },
			}}
		}})
	}
	return out
}

func (g *generator) droppable(s *tripleSite) bool {
	if g.ix.sameIn[inGroup{s.group, s.key()}] > 1 {
		return false // a duplicate: dropping it changes nothing
	}
	if g.ix.inGroup[s.group] < 2 || g.ix.inQuery[s.query] < 2 {
		return false
	}
	out := g.outputVars(s.query)
	for _, term := range []sparql.Node{s.s, s.p, s.o} {
		name, ok := termVar(term)
		if !ok || !out[name] {
			continue
		}
		if !g.boundElsewhere(name, s) {
			return false
		}
	}
	return true
}

// impliedType reports whether s is a type triple "?x a C" that another
// triple of its group implies: ?x is the subject of a property whose only
// known domain is C.
func (g *generator) impliedType(s *tripleSite) bool {
	if !s.isType() {
		return false
	}
	class := s.o.(*sparql.IRI).Value
	k := inGroup{s.group, s.s.Key()}
	im := g.ix.typing[k]
	if im == nil {
		im = &implied{triples: g.ix.bySubject[k], classes: map[string]bool{}}
		g.ix.typing[k] = im
	}
	// The profiles are looked up (probed) in the order of the triples,
	// only as far as needed.
	for !im.classes[class] && im.next < len(im.triples) {
		p, _ := im.triples[im.next].predicate()
		im.next++
		if d := g.profileOf(p).domains; len(d) == 1 {
			im.classes[d[0]] = true
		}
	}
	return im.classes[class]
}

// boundElsewhere reports whether another binding triple of s's query
// (not under EXISTS or MINUS) has the variable name.
func (g *generator) boundElsewhere(name string, s *tripleSite) bool {
	n := g.ix.binders[s.query][name]
	if s.binds() && contains(s.vars(), name) {
		n-- // s itself
	}
	return n > 0
}

// dropTriple removes one written triple from the copy: the object when
// its verb has several, else the verb when the subject has several, else
// the whole subject (tidy removes a block left empty).
func (g *generator) dropTriple(c *clone, s *tripleSite) bool {
	switch {
	case len(s.po.Objects) > 1:
		return c.remove(g.t, s.oNode)
	case len(s.tss.Properties) > 1:
		return c.remove(g.t, s.po)
	}
	return c.remove(g.t, s.tss)
}

// shiftSites: each number or date constant of a FILTER, a HAVING or a
// triple's object, moved up and down.
func (g *generator) shiftSites() []site {
	var out []site
	for i, n := range g.t.nodes {
		l, ok := n.(*sparql.Literal)
		if !ok || !orderable(l) {
			continue
		}
		par := g.t.parent[i]
		if g.t.where[i]&(inFilter|inHaving) == 0 {
			if par < 0 {
				continue
			}
			if _, ok := g.t.nodes[par].(*sparql.PropertyObjects); !ok {
				continue
			}
		}
		out = append(out, site{constraint: true, alts: func() []proposal {
			var props []proposal
			for _, steps := range []float64{1, -1} {
				if m, ok := shiftLiteral(l, steps); ok {
					props = append(props, proposal{
						detail: fmt.Sprintf("shift %s → %s", describe(l), describe(m)),
						edit:   func(c *clone) bool { return c.replace(g.t, l, sparql.Clone(m)) },
					})
				}
			}
			return props
		}})
	}
	return out
}
