package synthesizer

import (
	"slices"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/skeletons"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// bothSides reads two conditions on one attribute that no single thing
// can meet at once, two values of it or a lower bound above an upper
// one, as an intersection of what the two sets of things share: "the
// types of ships that have both ships of more than 6000 tons and ships of
// less than 4000", "customers with both 'On Road' and 'Shipped'
// orders". Each side keeps one of the two conditions.
func (pl *planner) bothSides() {
	p := pl.p
	if p.Ask || p.Set != nil || p.Star || len(p.Select) == 0 || len(p.GroupBy) > 0 || len(p.Having) > 0 || len(p.Negs) > 0 ||
		slices.ContainsFunc(p.Select, func(it skeletons.Item) bool { return it.IsAggregate() }) {
		return
	}
	plain := func(c skeletons.Cond) bool {
		return c.Sub == nil && c.Right == nil && len(c.Or) == 0 && c.Item.Attr != nil && c.Item.Attr.Property != "" && c.Value != nil
	}
	for i := range p.Filters {
		for j := i + 1; j < len(p.Filters); j++ {
			a, b := p.Filters[i], p.Filters[j]
			if !plain(a) || !plain(b) || *a.Item.Attr != *b.Item.Attr || a.Item.Func != b.Item.Func || !exclusive(a, b) {
				continue
			}
			// Neither side may be what the answer is: the sides would
			// share nothing.
			if slices.ContainsFunc(p.Select, func(it skeletons.Item) bool { return it.Attr != nil && *it.Attr == *a.Item.Attr }) {
				return
			}
			right := p.Clone()
			right.Order, right.Limit = nil, 0
			right.Filters = slices.Delete(slices.Clone(right.Filters), i, i+1)
			p.Filters = slices.Delete(p.Filters, j, j+1)
			p.Distinct = true
			p.Set = &skeletons.SetOp{Op: "intersect", Right: right}
			pl.notes = append(pl.notes, "two conditions no one thing meets at once: the things of each side that share what is asked")
			return
		}
	}
}

// countsReferrers mends a count that would count each thing once: the
// things grouped by their own columns with nothing joined ("the product
// that has been ordered the greatest number of times" counted over
// products alone is 1 for each). What is counted is the rows that refer
// to each: the one class of the slice that refers to the things, or of
// several the one the question's words name.
func (pl *planner) countsReferrers() {
	p := pl.p
	if len(p.Nodes) != 1 || len(p.GroupBy) == 0 || p.Set != nil || len(p.Negs) > 0 ||
		!slices.ContainsFunc(p.Select, func(it skeletons.Item) bool { return it.Agg == handoff.AggCount && it.Attr == nil }) {
		return
	}
	c := p.Nodes[0].Class
	// Grouped by what tells the things apart (themselves, their name,
	// their key), not by a column many share (a type code).
	if !slices.ContainsFunc(p.GroupBy, func(a skeletons.Attr) bool {
		return a.Node == 0 && (a.Property == "" || a.Property == pl.namingIRI(c) || keyOf(a.Property, c))
	}) {
		return
	}
	var refs []*handoff.SliceProperty
	for _, pr := range pl.sc.props {
		if len(pr.Ranges) == 1 && pr.Ranges[0] == c && len(pr.Domains) == 1 && pr.Domains[0] != c && pl.sc.slice.HasClass(pr.Domains[0]) {
			refs = append(refs, pr)
		}
	}
	if len(refs) > 1 {
		// The one the question's words name (its verb, its class).
		best, bestScore, tie := (*handoff.SliceProperty)(nil), 0.0, false
		for _, pr := range refs {
			sc := 0.0
			for _, t := range append(slices.Clone(pl.sg.Requirements.Predicates), pl.sg.Requirements.Types...) {
				sc = max(sc, termMatches(t, pr.Domains[0], ""), termMatches(t, pr.IRI, pr.Label))
			}
			switch {
			case sc > bestScore:
				best, bestScore, tie = pr, sc, false
			case sc == bestScore:
				tie = true
			}
		}
		if best == nil || tie || bestScore < 0.5 {
			return
		}
		refs = []*handoff.SliceProperty{best}
	}
	if len(refs) != 1 {
		return
	}
	if _, ok := pl.join(refs[0].Domains[0]); ok {
		pl.notes = append(pl.notes, "a count per thing with nothing joined counts each once: the rows that refer to each are counted")
	}
}

// exceptValues reads an excluded value where the things asked are the
// values of a column ("Which wineries don't make any Zinfandel?": the
// wineries of wine#winery) as the values none of whose rows has it, not
// the values of some row without it: every winery, except those of a
// Zinfandel.
func (pl *planner) exceptValues() {
	p := pl.p
	if p.Ask || p.Set != nil || p.Star || len(p.Select) != 1 || len(p.GroupBy) > 0 || len(p.Having) > 0 || len(p.Negs) > 0 ||
		p.Select[0].IsAggregate() || p.Select[0].Attr == nil || p.Select[0].Attr.Property == "" || len(pl.sg.Requirements.Types) == 0 {
		return
	}
	prop := pl.sc.byIRI[p.Select[0].Attr.Property]
	if prop == nil || identifier(prop) || termMatches(pl.sg.Requirements.Types[0], prop.IRI, prop.Label) < 0.8 {
		return
	}
	// "musicals that have an award that is not the Tony Award": a row's
	// value is not it, which the plain condition says.
	ws := pl.textWords()
	for k := 1; k < len(ws); k++ {
		if ws[k] == "not" && slices.Contains([]string{"is", "are", "was", "were"}, ws[k-1]) {
			return
		}
	}
	for i, c := range p.Filters {
		if c.Op != handoff.FilterNe || c.Value == nil || c.Sub != nil || c.Right != nil || len(c.Or) > 0 || c.Item.Attr == nil || *c.Item.Attr == *p.Select[0].Attr {
			continue
		}
		right := p.Clone()
		right.Order, right.Limit, right.Distinct = nil, 0, false
		right.Filters[i].Op = handoff.FilterEq
		p.Filters = slices.Delete(p.Filters, i, i+1)
		p.Distinct = true
		p.Set = &skeletons.SetOp{Op: "except", Right: right}
		pl.notes = append(pl.notes, "the values asked for are a column's: those none of whose rows has the excluded value")
		return
	}
}

// exclusive reports whether no value meets both conditions a and b: two
// different values it equals, or a lower bound at or above an upper one.
func exclusive(a, b skeletons.Cond) bool {
	if a.Op == handoff.FilterEq && b.Op == handoff.FilterEq {
		return sparql.CanonicalValue(a.Value) != sparql.CanonicalValue(b.Value)
	}
	lower := func(c skeletons.Cond) bool { return c.Op == handoff.FilterGt || c.Op == handoff.FilterGe }
	upper := func(c skeletons.Cond) bool { return c.Op == handoff.FilterLt || c.Op == handoff.FilterLe }
	if upper(a) && lower(b) {
		a, b = b, a
	}
	if !lower(a) || !upper(b) {
		return false
	}
	lo, ok1 := numberOf(a.Value)
	hi, ok2 := numberOf(b.Value)
	return ok1 && ok2 && lo.Cmp(hi) >= 0
}

// countsHavers joins to a count of things alone the other things the
// question says they have or do ("How many students play video games?",
// "the count of distinct employees with certificates", "artists who
// have had volumes"): a term other than the one counted that names
// another class of the slice, which a path of references links to them.
// The count then counts each of the things once
// ([planner.countDistinctSubjects]).
func (pl *planner) countsHavers() {
	p, r := pl.p, &pl.sg.Requirements
	out := r.Output
	if out.Aggregate != handoff.AggCount || out.AggregateOf == "" || len(p.Nodes) != 1 || len(p.Select) != 1 || p.Select[0].Agg != handoff.AggCount || p.Select[0].Attr != nil ||
		len(p.GroupBy) > 0 || len(p.Filters) > 0 || p.Set != nil || len(p.Negs) > 0 || slices.Contains(pl.sg.Operations, handoff.OpNegate) {
		return
	}
	root := p.Nodes[0].Class
	if termMatches(out.AggregateOf, root, "") < 0.8 {
		return
	}
	for _, t := range append(slices.Clone(r.Types), r.Predicates...) {
		if t == out.AggregateOf {
			continue
		}
		c, s := pl.bestClass(t)
		if c == "" || c == root || s < 0.8 {
			continue
		}
		if _, ok := pl.join(c); ok {
			pl.notes = append(pl.notes, "the things counted are those that have the other things named")
			return
		}
	}
}

// rankedThing reads a superlative said of a thing other than those asked
// for as a condition on that thing: "the average age of students living
// in the dorm with the largest capacity", "the cities in the county with
// the most police officers" are about every student of that dorm, every
// city of that county, not the first row of the join. The key equals its
// largest (or smallest) value over the thing's class, ties kept.
func (pl *planner) rankedThing() {
	p := pl.p
	if p.Limit != 1 || len(p.Order) != 1 || len(p.GroupBy) > 0 || len(p.Having) > 0 || p.Set != nil || p.Ask {
		return
	}
	key := p.Order[0].Item
	if key.Attr == nil || key.Attr.Property == "" || key.Agg != "" || key.Attr.Node == 0 && len(p.Nodes) == 1 {
		return
	}
	k := key.Attr.Node
	of := pl.superlativeOf()
	if of == "" || termMatches(of, p.Nodes[k].Class, "") < 0.8 {
		return
	}
	// What is asked is of other things: every projected item is another
	// node's, or an aggregate over them; things the superlative's word
	// does not name ("the address with the highest rental" of
	// student_addresses asks for the address), and which do not each have
	// one of the ranked things ("the artist who sang the song with the
	// smallest resolution": the song's one artist, as the first row has).
	for _, it := range p.Select {
		if it.Attr == nil {
			continue
		}
		n := it.Attr.Node
		if n == k && it.Agg == "" || termMatches(of, p.Nodes[n].Class, "") >= 0.8 ||
			slices.ContainsFunc(p.Edges, func(e skeletons.Edge) bool { return e.From == k && e.To == n }) {
			return
		}
	}
	agg := handoff.AggMin
	if p.Order[0].Desc {
		agg = handoff.AggMax
	}
	sub := &skeletons.Plan{Nodes: []skeletons.Node{{Class: p.Nodes[k].Class}},
		Select: []skeletons.Item{{Agg: agg, Func: key.Func, Attr: &skeletons.Attr{Node: 0, Property: key.Attr.Property}}}}
	p.Filters = append(p.Filters, skeletons.Cond{Item: key, Op: handoff.FilterEq, Sub: sub})
	p.Order, p.Limit = nil, 0
	pl.notes = append(pl.notes, "a superlative said of another thing than those asked: that thing is the one with the extreme value, all of its own kept")
}
