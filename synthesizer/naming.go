package synthesizer

import (
	"cmp"
	"slices"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/skeletons"
)

// namings returns the items that show node i in a projection: its
// given and family names when its class has both and no name of its own
// ("Which students are older than 25?" with student#fname and
// student#lname, or first_name and last_name); else [planner.naming].
func (pl *planner) namings(i int) []skeletons.Item {
	if given, family := pl.personNames(pl.p.Nodes[i].Class); given != nil {
		pl.used = append(pl.used, given.IRI, family.IRI)
		return []skeletons.Item{{Attr: &skeletons.Attr{Node: i, Property: given.IRI}}, {Attr: &skeletons.Attr{Node: i, Property: family.IRI}}}
	}
	it := pl.naming(i)
	// Nothing names its members: the column the slice says shows them
	// (a market by its country). Shown, not grouped or counted by: two
	// markets of one country are two markets.
	if sh := pl.shown(pl.p.Nodes[i].Class); sh != "" && it.Attr != nil && it.Attr.Node == i && (it.Attr.Property == "" || keyOf(it.Attr.Property, pl.p.Nodes[i].Class)) {
		pl.used = append(pl.used, sh)
		it.Attr.Property = sh
	}
	return []skeletons.Item{it}
}

// personNames returns the given-name and family-name properties of class
// c when it has both and no name of its own (its naming property is
// none, or one of them, or a job title: [lexicon.JobTitle]); nil, nil
// otherwise.
func (pl *planner) personNames(c string) (given, family *handoff.SliceProperty) {
	if best := pl.namingIRI(c); best != "" && lexicon.NamePart(words(best)) == 0 && !lexicon.JobTitle(words(best)) {
		return nil, nil
	}
	return pl.nameColumns(c)
}

// nameColumns returns the given-name and family-name properties of class
// c ([lexicon.NamePart]) when it has both; nil, nil otherwise.
func (pl *planner) nameColumns(c string) (given, family *handoff.SliceProperty) {
	for _, p := range pl.sc.props {
		if !slices.Contains(p.Domains, c) || len(p.Ranges) > 0 || datatypeKind(p) == kAny {
			continue
		}
		switch lexicon.NamePart(words(p.IRI)) {
		case 1:
			given = cmp.Or(given, p)
		case 2:
			family = cmp.Or(family, p)
		}
	}
	if given == nil && family != nil && pl.sg.Asks("who") {
		// "Who wrote the Japanese course?": beside a family name, a
		// personal name is the given one ([lexicon.PersonalName]).
		for _, p := range pl.sc.props {
			if slices.Contains(p.Domains, c) && len(p.Ranges) == 0 && datatypeKind(p) == kString && lexicon.PersonalName(words(p.IRI)) {
				given = p
			}
		}
	}
	if given == nil || family == nil {
		return nil, nil
	}
	return given, family
}

// naming returns the item that shows node i: its naming property if the
// slice has one, else the node itself.
func (pl *planner) naming(i int) skeletons.Item {
	c := pl.p.Nodes[i].Class
	if best := pl.namingIRI(c); best != "" {
		pl.used = append(pl.used, best)
		return skeletons.Item{Attr: &skeletons.Attr{Node: i, Property: best}}
	}
	// A class whose own key refers to another's row is that thing ("a
	// gymnast" is a row of people through gymnast#ref-gymnast_id), and so
	// is one whose only reference leads to a named class (an
	// entrepreneur's people_id): named by that one's name.
	var refs []*handoff.SliceProperty
	for _, p := range pl.sc.props {
		if len(p.Ranges) == 1 && slices.Contains(p.Domains, c) && p.Ranges[0] != c && pl.namingIRI(p.Ranges[0]) != "" {
			refs = append(refs, p)
		}
	}
	// Of several references (a dorm's amenity: has_amenity#ref-dormid,
	// #ref-amenid), the one to the class the question names that the
	// plan has not joined yet ("What amenities does Anonymous Donor Hall
	// have?": the amenity, the dorm being the one named).
	typed := func(p *handoff.SliceProperty) bool {
		return !slices.ContainsFunc(pl.p.Nodes, func(n skeletons.Node) bool { return n.Class == p.Ranges[0] }) &&
			slices.ContainsFunc(pl.sg.Requirements.Types, func(t string) bool { return termMatches(t, p.Ranges[0], "") >= 0.8 })
	}
	for _, p := range refs {
		if len(refs) > 1 && !lexicon.OwnColumn(kg.Words(kg.SplitIRI(p.IRI).Column()), words(c)) && !(typed(p) && slices.IndexFunc(refs, typed) == slices.Index(refs, p)) {
			continue
		}
		// Not by the place or owner its one reference names ("farm
		// competitions" are not their host city), unless the question
		// asks for those ("What campus had more than 400 total
		// enrollment?" of enrollments).
		if !lexicon.IsReferenced(words(c), kg.Words(kg.SplitIRI(p.IRI).Column()), words(p.Ranges[0])) &&
			!slices.ContainsFunc(pl.sg.Requirements.Types, func(t string) bool { return termMatches(t, p.Ranges[0], "") >= 0.8 }) {
			continue
		}
		name := pl.namingIRI(p.Ranges[0])
		pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: p.Ranges[0]})
		to := len(pl.p.Nodes) - 1
		pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: i, To: to, Property: p.IRI})
		pl.used = append(pl.used, p.IRI, p.Ranges[0], name)
		return skeletons.Item{Attr: &skeletons.Attr{Node: to, Property: name}}
	}
	// Nothing names it: its own key shows it ("for different
	// investors": investor_id), not its IRI.
	for _, p := range pl.sc.props {
		if slices.Contains(p.Domains, c) && len(p.Ranges) == 0 && datatypeKind(p) != kAny && keyOf(p.IRI, c) {
			pl.used = append(pl.used, p.IRI)
			return skeletons.Item{Attr: &skeletons.Attr{Node: i, Property: p.IRI}}
		}
	}
	return skeletons.Item{Attr: &skeletons.Attr{Node: i}}
}

// keyOf reports whether property iri is class c's own key column
// ([lexicon.KeyColumn]).
func keyOf(iri, c string) bool {
	return lexicon.KeyColumn(kg.Words(kg.SplitIRI(iri).Column()), words(c))
}

// shown returns the property the slice says shows the members of class
// c ([handoff.SliceClass.Shown]) when the slice holds it, or "".
func (pl *planner) shown(c string) string {
	for _, sc := range pl.sc.slice.Classes {
		if sc.IRI == c && sc.Shown != "" && pl.sc.byIRI[sc.Shown] != nil {
			return sc.Shown
		}
	}
	return ""
}

// nameParts returns, for a term asking for a full name, the given-name
// and family-name attributes of the first node of the plan whose class
// has both, when no property is itself a full name ("full_name"); nil
// otherwise.
func (pl *planner) nameParts(term string) []skeletons.Attr {
	if !lexicon.FullName(term) {
		return nil
	}
	for _, p := range pl.sc.props {
		if w := words(p.IRI); slices.Contains(w, "full") && slices.Contains(w, "name") && pl.hasNodeOf(p) {
			return nil
		}
	}
	for i, n := range pl.p.Nodes {
		if given, family := pl.nameColumns(n.Class); given != nil {
			pl.used = append(pl.used, given.IRI, family.IRI)
			return []skeletons.Attr{{Node: i, Property: given.IRI}, {Node: i, Property: family.IRI}}
		}
	}
	// A class of the slice not joined yet ("the employee who has the
	// most customers", counted from the customers): joined to show both.
	for _, c := range pl.sc.slice.Classes {
		if given, family := pl.nameColumns(c.IRI); given != nil {
			g, ok := pl.attrOf(given)
			if !ok {
				continue
			}
			if f, ok := pl.attrOf(family); ok && f.Node == g.Node {
				pl.used = append(pl.used, given.IRI, family.IRI)
				return []skeletons.Attr{g, f}
			}
		}
	}
	return nil
}

// subjectsNaming reports whether p is the subjects' own naming column
// that a naming term asks for though it has another word: "the names of
// movies" where a movie has a title (movie#title), "the company names"
// of company#company, before another class's name.
func (pl *planner) subjectsNaming(term string, p *handoff.SliceProperty) bool {
	root := pl.p.Nodes[0].Class
	if term != "name" || len(p.Domains) != 1 || p.Domains[0] != root || datatypeKind(p) == kAny {
		return false
	}
	// Not another thing's name ("artist_name" of songs).
	r := lexicon.NamingRank(words(p.IRI), words(root))
	return r == 1 || r >= 3
}

// isNamingTerm reports whether an attribute term asks for a name.
func isNamingTerm(t string) bool {
	switch t {
	case "name", "title", "label", "full name":
		return true
	}
	return false
}

// namingIRI returns the naming property (name, title, label) of class c
// in the slice, "" when it has none.
func (pl *planner) namingIRI(c string) string {
	var best *handoff.SliceProperty
	rank := 0
	for _, p := range pl.sc.props {
		if !slices.Contains(p.Domains, c) || datatypeKind(p) == kAny {
			continue
		}
		// Of columns that name alike, the one the question names a
		// thing by (hardware_model_name of "the Nokia 700", not
		// company_name).
		r := 2 * lexicon.NamingRank(words(p.IRI), words(c))
		if r == 0 && pl.sg.Asks("who") && lexicon.PersonDetails(words(p.IRI), words(c)) {
			// "Who made the biggest claim?": people known only by their
			// details (customer_details), below any name.
			r = 1
		}
		if r > 0 && slices.ContainsFunc(pl.sc.slice.Values, func(v handoff.SliceValue) bool { return v.Property == p.IRI }) {
			r++
		}
		// Then one whose other words the question says
		// (start_station_name of "Which station did the trip start
		// from?"), then the first by name.
		if r > rank || (r == rank && r > 0 && (cmp.Compare(b2i(pl.saysColumn(p)), b2i(pl.saysColumn(best))) > 0 || pl.saysColumn(p) == pl.saysColumn(best) && p.IRI < best.IRI)) {
			best, rank = p, r
		}
	}
	if best == nil {
		return ""
	}
	return best.IRI
}

// saysColumn reports whether the question says every word of p's column
// name but its last, of which there are at least two
// ("start_station_name": start, station; [lexicon.SaysQualifiers]).
func (pl *planner) saysColumn(p *handoff.SliceProperty) bool {
	return lexicon.SaysQualifiers(pl.textWords(), kg.Words(kg.SplitIRI(p.IRI).Column()))
}
