package synthesizer

import (
	"cmp"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/skeletons"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// SubgoalValue is the ValueKind of a filter whose value is another
// subgoal's answer (decomposer.SubgoalValue).
const SubgoalValue = handoff.ValueSubgoal

type kind int

const (
	kAny kind = iota
	kNumber
	kDate
	kString
)

func datatypeKind(p *handoff.SliceProperty) kind {
	for _, d := range p.Datatypes {
		l := strings.TrimPrefix(d, sparql.XSD)
		switch {
		case kg.NumericDatatype(d):
			return kNumber
		case l == "date" || l == "dateTime" || l == "gYear":
			return kDate
		}
	}
	if len(p.Ranges) > 0 && len(p.Datatypes) == 0 {
		return kAny // an object property
	}
	return kString
}

var numberRE = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// numericStrings reports whether a string property's samples are numbers.
func numericStrings(p *handoff.SliceProperty) bool { return samplesMatch(p, numberRE) }

// isoDates reports whether a text-valued property's samples are all
// dates written year first ("2018-07-29"), which sort as text in time
// order ("28/09/1963" does not).
func isoDates(p *handoff.SliceProperty) bool { return samplesMatch(p, isoDateRE) }

// samplesMatch reports whether p has samples and re matches each, its
// quotes trimmed.
func samplesMatch(p *handoff.SliceProperty, re *regexp.Regexp) bool {
	if len(p.Samples) == 0 {
		return false
	}
	for _, s := range p.Samples {
		if !re.MatchString(strings.Trim(s, `"`)) {
			return false
		}
	}
	return true
}

var isoDateRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}`)

// planner builds one plan.
type planner struct {
	sc  *schema
	sg  *handoff.Subgoal
	p   *skeletons.Plan
	alt int
	// vary is the one choice site (a site* constant) this plan takes
	// its varyAlt-th best schema element at, the others their best
	// (-1: none; alt applies); seen records the sites consulted.
	vary, varyAlt int
	seen          uint32
	nfilters      int
	used          []string // IRIs of the schema elements the plan uses
	bonus         float64
	// sortedBy is the naming term an alphabetical order stands for when
	// the order is by the words shown ("in alphabetical order").
	sortedBy string
	notes    []string
	having   []skeletons.Cond
	// consumed are the linked values used by filters (property + value).
	consumed map[string]bool
	// reserved are the properties the filters and the ordering read
	// (set by projectionTerms).
	reserved map[string]bool
	// subjectsAsked: an attribute asked for is the subjects' class
	// itself ("the players and their clubs"; set by projectionTerms).
	subjectsAsked bool
	// negatedWord: a value linked to a word of the question that a
	// negation governs is excluded ("clubs that don't have a forward";
	// set by wordValues).
	negatedWord bool
	// words are the words of the text wordsOf (kg.Words), kept because
	// many sites consult them, once per filter or candidate property.
	words   []string
	wordsOf string
}

// textWords returns the question's words (shared: do not modify).
func (pl *planner) textWords() []string {
	if pl.words == nil || pl.wordsOf != pl.sg.Text {
		pl.words, pl.wordsOf = kg.Words(pl.sg.Text), pl.sg.Text
	}
	return pl.words
}

// Choice sites: the places a plan picks one schema element for a term
// of the question, which [schema.planAt] varies one at a time.
const (
	siteProject   = iota // the first attribute projected
	siteAggregate        // the attribute aggregated
	siteOrder            // the attribute ordered by
	siteShown            // whether an aggregate ranked by is shown
	siteFilter           // a filter's attribute (siteFilter+i for the i-th, up to 4)
	siteCount     = siteFilter + 4
)

// pick returns the rank of the schema element to take at site: varyAlt
// where site is the one varied, else the plan's alt at the sites it
// applies to (withAlt), else 0, the best.
func (pl *planner) pick(site int, withAlt bool) int {
	if site >= 0 {
		pl.seen |= 1 << site
	}
	switch {
	case site >= 0 && pl.vary == site:
		return pl.varyAlt
	case withAlt:
		return pl.alt
	}
	return 0
}

// filterSite is the choice site of the next filter's attribute.
func (pl *planner) filterSite() int {
	s := siteFilter + min(pl.nfilters, siteCount-siteFilter-1)
	pl.nfilters++
	return s
}

// planAt builds the alt-th alternative plan for sg with root as node 0,
// taking the varyAlt-th best element at choice site vary instead (-1:
// none), and reports the sites the plan consulted.
func (sc *schema) planAt(sg *handoff.Subgoal, root string, alt, vary, varyAlt int, deps map[string][]handoff.Record) (*skeletons.Plan, float64, []string, uint32, bool) {
	pl := &planner{sc: sc, sg: sg, p: &skeletons.Plan{Nodes: []skeletons.Node{{Class: root}}}, alt: alt, vary: vary, varyAlt: varyAlt, used: []string{root}}
	p, score, notes, ok := pl.build(deps)
	return p, score, notes, pl.seen, ok
}

// build builds the planner's plan.
func (pl *planner) build(deps map[string][]handoff.Record) (*skeletons.Plan, float64, []string, bool) {
	sg, root := pl.sg, pl.p.Nodes[0].Class
	if c, ok := pl.totalColumn(); ok {
		sg, pl.sg = c, c
	}
	r := &sg.Requirements
	out := r.Output
	ask := out.Shape == handoff.ShapeBoolean || slices.Contains(sg.Operations, handoff.OpAsk)
	// "the average pages per minute color": a column named "<what> per
	// <unit>" (pages_per_minute_color) is one attribute, aggregated
	// whole, not grouped by its unit.
	if out.Aggregate != "" && out.AggregateOf != "" && len(out.GroupBy) == 1 {
		whole := out.AggregateOf + " per " + out.GroupBy[0]
		if p, _ := pl.prop(whole, kNumber, 0); p != nil && termMatches(whole, p.IRI, p.Label) >= 1 {
			c := *sg
			c.Requirements.Output.AggregateOf, c.Requirements.Output.GroupBy = whole, nil
			c.Requirements.Output.Attributes = slices.DeleteFunc(slices.Clone(out.Attributes), func(a string) bool { return a == out.GroupBy[0] })
			if c.Requirements.Output.Shape == handoff.ShapeTable && len(c.Requirements.Output.Attributes) == 0 {
				c.Requirements.Output.Shape = handoff.ShapeNumber
			}
			c.Operations = slices.DeleteFunc(slices.Clone(sg.Operations), func(o handoff.Operation) bool { return o == handoff.OpGroup })
			sg, pl.sg = &c, &c
			r, out = &sg.Requirements, sg.Requirements.Output
		}
	}
	// "the most goals" read as a count of goals: when the subjects have a
	// number of that name and the schema no class of it, the superlative
	// orders by that number instead ("Who scored the most goals?").
	// Likewise "How many goals has Tiago Mendes scored?" is the sum of
	// that number over the subjects (his own, for one player).
	if t := pl.peopleNumber(); t != "" && out.Aggregate == handoff.AggCount && !out.Distinct {
		// "How many people were killed?", "Which perpetrator injured the
		// most people?": people counted by the number the verb names
		// (killed, injured), summed or ranked by below.
		if out.OrderBy == out.AggregateOf {
			out.OrderBy = t
		}
		out.AggregateOf = t
	}
	if cc := pl.countColumn(out.AggregateOf); cc != nil && out.Aggregate == handoff.AggCount && !out.Distinct &&
		out.OrderBy == out.AggregateOf && pl.namesClass(out.AggregateOf) &&
		// ("Which bank has the most customers?": grouped by the
		// subjects, whose column it is, bank#no_of_customers.)
		(len(out.GroupBy) == 0 || len(out.GroupBy) == 1 && termMatches(out.GroupBy[0], root, "") >= 0.8 && slices.Contains(cc.Domains, root)) {
		// "the party with the most hosts" where number_of_hosts counts
		// each party's hosts: the subjects rank by their own count, not
		// by the hosts joined to them.
		out.Aggregate, out.AggregateOf, out.GroupBy = "", "", nil
	} else if out.Aggregate == handoff.AggCount && out.AggregateOf != "" && !out.Distinct && !pl.countTerm(out.AggregateOf) {
		// Digits kept as text rank the same ("the fewest days held"),
		// though a room_number, which names a room, does not.
		// Grouped by the subjects themselves ("Which ship has the
		// largest amount of tonnage?") is one row each.
		bySubjects := len(out.GroupBy) == 1 && termMatches(out.GroupBy[0], root, "") >= 0.8
		ranks := out.OrderBy == out.AggregateOf && (len(out.GroupBy) == 0 || bySubjects)
		p, s := pl.prop(out.AggregateOf, kNumber, 0)
		if (p == nil || s < 0.8) && lexicon.Measure(out.AggregateOf) == "wealth" {
			// "the least money in their checking account": the one
			// number an account holds (its balance).
			if mp := pl.nodeMeasure(); mp != nil {
				p, s = mp, 0.8
			}
		}
		if (p == nil || s < 0.8) && lexicon.Size(out.AggregateOf) {
			// "How many seats does Auto Club Speedway have?" of its
			// seating: what measures its size.
			if sp := pl.sizeOf(""); sp != nil {
				p, s = sp, 0.8
			}
		}
		// A number the term only stands for ("students": a school's
		// enrollment) counts the whole, not rows grouped by something
		// else ("the number of students who got each result").
		derivedOnly := p != nil && termMatches(out.AggregateOf, p.IRI, p.Label) == 0
		if derivedOnly && len(out.GroupBy) > 0 && !ranks {
			p = nil
		}
		if p != nil && s >= 0.8 && (datatypeKind(p) == kNumber || ranks && datatypeKind(p) == kString && numericStrings(p) && !numberNamed(p)) && !identifier(p) {
			switch {
			case ranks:
				out.Aggregate, out.AggregateOf, out.GroupBy = "", "", nil
			case out.OrderBy == out.AggregateOf && datatypeKind(p) == kNumber && !slices.ContainsFunc(words(p.IRI), lexicon.Ordinal):
				// "Which year had the most cows?" grouped by another
				// column: each group's cows summed, ranked.
				out.Aggregate = handoff.AggSum
			case out.OrderBy == "" && !slices.ContainsFunc(words(p.IRI), lexicon.Ordinal):
				// (A round, a rank or a year says which one: "How many
				// rounds did each pilot win?" counts them.)
				out.Aggregate = handoff.AggSum
			}
		}
	}
	negated := pl.negatedValues()
	prev := -1 // where the previous filter's conditions start
	for _, f := range r.Filters {
		if negated[strings.ToLower(f.Value)] && !f.Negated && f.Op == handoff.FilterEq {
			f.Negated = true
		}
		start := len(pl.p.Filters)
		pl.filter(f, deps)
		// "amount paid higher than 300 or payment type 'Check'": one
		// condition each, either of which may hold.
		if f.Or && prev >= 0 && start-prev == 1 && len(pl.p.Filters)-start == 1 {
			a, b := pl.p.Filters[prev], pl.p.Filters[start]
			if a.Sub == nil && b.Sub == nil && len(a.Or) == 0 && len(b.Or) == 0 {
				pl.p.Filters[prev] = skeletons.Cond{Item: a.Item, Op: a.Op, Or: []skeletons.Cond{a, b}}
				pl.p.Filters = pl.p.Filters[:start]
			}
		}
		prev = start
	}
	negNumber := false
	if !slices.Contains(sg.Operations, handoff.OpNegate) {
		pl.haveFlags()
	} else if !hasNegatedFilter(r.Filters) {
		// "actors whose age is not 20": the negation is the filter's.
		negNumber = pl.negatedNumber()
	}
	pl.sexOfTypes()
	pl.wordValues()
	pl.mergeAlternatives()
	// Projection.
	switch {
	case ask:
		pl.p.Ask = true
	default:
		var keys []skeletons.Item
		// "Who holds the most records?": the people linked to the
		// things counted, each by their count, the one with the most.
		if sg.Asks("who") && out.Aggregate == handoff.AggCount && len(out.GroupBy) == 0 && out.OrderBy != "" && out.OrderBy == out.AggregateOf && !out.Distinct {
			if i := pl.joinPeople(root); i >= 0 {
				keys = append(keys, pl.namings(i)...)
				if out.Limit == 0 {
					out.Limit = 1
				}
			} else if p := pl.agentColumn(); p != nil {
				// "Who directed the most films?" over films with a
				// directed_by column: counted per value of it.
				if at, ok := pl.attrOf(p); ok {
					keys = append(keys, skeletons.Item{Attr: &at})
					if out.Limit == 0 {
						out.Limit = 1
					}
				}
			}
		}
		for _, g := range out.GroupBy {
			if its := pl.namedKeys(g, out); len(its) > 0 {
				keys = append(keys, its...)
			} else if its, ok := pl.groupKey(g); ok {
				keys = append(keys, its...)
			} else if group := pl.groupOfMember(g); group != "" {
				// "Which staff member taught the most lessons?": no
				// member, but the staff.
				if its, ok := pl.groupKey(group); ok {
					keys = append(keys, its...)
				}
			}
		}
		for _, k := range keys {
			pl.p.GroupBy = append(pl.p.GroupBy, *k.Attr)
			pl.p.Select = append(pl.p.Select, k)
		}
		var coAgg []*handoff.SliceProperty
		// Grouped already ("the maximum price and score of wines for
		// each year"), an attribute the aggregate applies to as well is
		// aggregated too; no other becomes a key.
		grouped := len(keys) > 0
		if out.Aggregate != "" {
			// Attributes next to an aggregate are what it is grouped by
			// ("the card type code with the most cards", "each
			// destination and its number of flights").
			for _, a := range pl.groupTerms() {
				// "the average rating and resolution": the aggregate
				// applies to both, when the column is named well; said
				// again ("the average score and average staff number"),
				// to a column named less well (num_of_staff).
				co, again := coordinated(kg.Words(sg.Text), out.Aggregate, out.AggregateOf, a)
				least := 0.9
				if again {
					least = 0.7
				}
				if prop, s := pl.prop(a, kNumber, 0); prop != nil && s >= least && (datatypeKind(prop) == kNumber || numericStrings(prop)) && out.Aggregate != handoff.AggCount && co {
					coAgg = append(coAgg, prop)
					continue
				}
				if grouped {
					continue
				}
				if parts := pl.nameParts(a); len(parts) > 0 {
					// "the full name of the employee with the most
					// customers": grouped by both parts.
					for _, at := range parts {
						keys = append(keys, skeletons.Item{Attr: &at})
						pl.p.GroupBy = append(pl.p.GroupBy, at)
						pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
					}
					continue
				}
				if prop, s := pl.prop(a, kAny, 0); prop != nil && s >= 0.7 && !pl.inSelect(prop.IRI) {
					if at, ok := pl.attrOf(prop); ok {
						keys = append(keys, skeletons.Item{Attr: &at})
						pl.p.GroupBy = append(pl.p.GroupBy, at)
						pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
					}
				}
			}
		}
		if out.Aggregate == handoff.AggCount && len(keys) == 0 && out.OrderBy != "" && out.OrderBy == out.AggregateOf &&
			asksAnswer(r.Cues, func(p string) bool { return p == "who" || p == "whom" }) {
			// "Who directed the most films?": the films counted per
			// director, the one at the other end of the verb.
			keys = pl.agentKeys()
			for _, k := range keys {
				pl.p.GroupBy = append(pl.p.GroupBy, *k.Attr)
				pl.p.Select = append(pl.p.Select, k)
			}
		}
		followed := -1
		if !ask && out.Aggregate == "" && len(keys) == 0 {
			// "Who directed Iron Meridian?", "the name of Valdheim FK's
			// home ground": the answer is at the other end of a relation
			// the question names.
			followed = pl.followRelation()
			if followed < 0 && pl.sg.Asks("who") {
				followed = pl.joinPeople(root)
			}
		}
		if !ask && out.Aggregate == "" {
			terms := pl.ofColumns(pl.projectionTerms())
			if pl.subjectsAsked && followed >= 0 {
				// "Give me the players and their clubs": the players'
				// names beside the clubs'.
				pl.p.Select = append(pl.p.Select, pl.namings(0)...)
			}
			for i, a := range terms {
				if i > 0 {
					a = pl.sharedModifier(terms[i-1], a)
				}
				if followed >= 0 && (isNamingTerm(a) || pl.relationTerm(a)) {
					continue // shown by the followed node's name
				}
				if ap, as := pl.prop(a, kAny, 0); lexicon.Temporal(a) && out.OrderBy != "" && (ap == nil || as < 0.8 || !pl.hasNodeOf(ap)) {
					// "In which year was the oldest club founded?": the
					// year asked is the date the order stands on.
					if p, _ := pl.impliedOrder(out.OrderBy); p != nil {
						if at, ok := pl.attrOf(p); ok {
							pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
							continue
						}
					}
				}
				if parts := pl.nameParts(a); len(parts) > 0 {
					// "the full names of the customers": the first
					// and the last name.
					for _, at := range parts {
						pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
					}
					continue
				}
				if it, ok := pl.computedAge(a); ok {
					// "How old is Ada Brook?": her age from her birth
					// date.
					pl.p.Select = append(pl.p.Select, it)
					continue
				}
				alt := 0
				if i == 0 {
					alt = pl.pick(siteProject, true)
				}
				// "the population of the capital of Japan": the
				// followed node's own attribute.
				if followed >= 0 {
					if prop, s := pl.prop(a, kAny, alt); prop != nil && s >= 0.8 && slices.Contains(prop.Domains, pl.p.Nodes[followed].Class) && !isNamingTerm(a) {
						at := skeletons.Attr{Node: followed, Property: prop.IRI}
						pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
						continue
					}
				}
				if prop, _ := pl.prop(a, kAny, alt); prop != nil {
					if at, ok := pl.attrOf(prop); ok {
						pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
					}
				}
			}
			if len(pl.p.Select) > 0 {
				for _, p := range pl.verbatimColumns() {
					if at, ok := pl.attrOf(p); ok {
						pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
					}
				}
			}
		}
		if out.Aggregate == handoff.AggCount && !out.Distinct && len(keys) > 0 {
			// "the number of photos of each mountain": the photos.
			pl.joinCounted(out.AggregateOf)
			if out.AggregateOf == "" && len(pl.p.Nodes) == 1 && !slices.ContainsFunc(keys, func(k skeletons.Item) bool { return !pl.namesNode(k, 0) }) {
				// "Which restaurant is the most popular?": counted by
				// what refers to each (its visits); each restaurant is
				// one row of its own.
				pl.joinReferrer()
			}
		}
		if out.Aggregate != "" {
			it := skeletons.Item{Agg: out.Aggregate, Distinct: out.Distinct && out.Aggregate == handoff.AggCount && out.AggregateOf != ""}
			// "In how many cities are there airports?": what is counted
			// names no class but a text column of the subjects, so it is
			// counted as values, each once.
			if out.Aggregate == handoff.AggCount && !it.Distinct && out.AggregateOf != "" && !pl.namesClass(out.AggregateOf) {
				// "the total number of rooms" where a column counts
				// them (room_count, no_of_customers): its sum.
				if p := pl.countColumn(out.AggregateOf); p != nil {
					if at, ok := pl.attrOf(p); ok {
						it = skeletons.Item{Agg: handoff.AggSum, Attr: &at}
						if datatypeKind(p) == kString {
							it.Func = "number"
						}
					}
				}
			}
			// ("How many comedies are there?" counts the films whose
			// genre is the value "comedy", not genres.)
			if out.Aggregate == handoff.AggCount && it.Agg == handoff.AggCount && !it.Distinct && out.AggregateOf != "" && !pl.namesClass(out.AggregateOf) && !pl.filteredValue(out.AggregateOf) {
				if p, s := pl.prop(out.AggregateOf, kString, 0); p != nil && s >= 1 && datatypeKind(p) == kString && !identifier(p) && pl.hasNodeOf(p) {
					it.Distinct = true
				}
			}
			if out.Aggregate != handoff.AggCount || it.Distinct {
				want := kNumber
				if it.Distinct {
					want = kAny
				}
				prop, ps := pl.prop(out.AggregateOf, want, pl.pick(siteAggregate, true))
				if want == kNumber && (prop == nil || ps < 0.8) {
					// "the highest average rating" of rating#stars.
					if m := pl.classMeasure(out.AggregateOf); m != nil {
						prop, ps = m, 0.8
					}
				}
				// Of two alternatives, the attribute the aggregate's
				// term names best ("different allergy types":
				// allergytype, not allergy).
				pl.bonus += 0.1 * ps
				if prop == nil && want == kNumber {
					// No property named: the subject's most relevant
					// numeric attribute.
					if p, _ := pl.prop("", kNumber, 0); p != nil && datatypeKind(p) == kNumber {
						prop = p
					}
				}
				var at skeletons.Attr
				ok := prop != nil
				// A sum or mean of words is no figure ("the total
				// count of enzymes" is no sum of their names).
				if ok && (out.Aggregate == handoff.AggSum || out.Aggregate == handoff.AggAvg) && datatypeKind(prop) == kString && len(prop.Samples) > 0 && !numericStrings(prop) {
					ok = false
				}
				if ok {
					at, ok = pl.attrOf(prop)
				}
				switch {
				case ok && len(keys) == 0 && pl.ownAggregate(prop, out.Aggregate):
					// The column holds the aggregate already.
					it = skeletons.Item{Attr: &at}
				case ok:
					it.Attr = &at
					if datatypeKind(prop) == kString && numericStrings(prop) {
						it.Func = "number"
					}
				default:
					// Nothing to aggregate over in the slice: count.
					it = skeletons.Item{Agg: handoff.AggCount}
					pl.bonus -= 1
				}
			}
			// "the different card types, and how many cards of each":
			// a count of the group's own key, each once, is 1 in every
			// group; the rows of each group are counted.
			if it.Agg == handoff.AggCount && it.Attr != nil && slices.ContainsFunc(keys, func(k skeletons.Item) bool {
				return k.Attr != nil && *k.Attr == *it.Attr
			}) {
				it = skeletons.Item{Agg: handoff.AggCount}
			}
			pl.p.Select = append(pl.p.Select, it)
			for _, p := range coAgg {
				if at, ok := pl.attrOf(p); ok && it.Attr != nil {
					x := it
					x.Attr = &at
					x.Func = ""
					if datatypeKind(p) == kString && numericStrings(p) {
						x.Func = "number"
					}
					pl.p.Select = append(pl.p.Select, x)
				}
			}
			// "the maximum support rate, minimum consider rate and
			// minimum oppose rate": each of its own column.
			for _, m := range out.MoreAggregates {
				if p, s := pl.prop(m.Of, kNumber, 0); p != nil && s >= 0.8 && it.Attr != nil && (datatypeKind(p) == kNumber || numericStrings(p)) {
					if at, ok := pl.attrOf(p); ok {
						x := skeletons.Item{Agg: m.Aggregate, Attr: &at}
						if datatypeKind(p) == kString {
							x.Func = "number"
						}
						pl.p.Select = append(pl.p.Select, x)
					}
				}
			}
			// "the minimum, average and maximum age": every aggregate
			// named, of the same attribute, over all rows.
			// A word of the attribute's own name is not an aggregate
			// ("the average and maximum number of total passengers").
			qw := kg.Words(sg.Text)
			aggs := slices.Clone(out.Aggregates)
			if it.Attr != nil {
				own := words(it.Attr.Property)
				qw = slices.DeleteFunc(qw, func(w string) bool { return slices.Contains(own, w) })
				aggs = slices.DeleteFunc(aggs, func(a handoff.Aggregate) bool {
					return slices.ContainsFunc(own, func(w string) bool { return handoff.AggregateWord(w) == a })
				})
			}
			if len(aggs) < 2 && len(out.MoreAggregates) == 0 {
				aggs = namedAggregates(qw)
			}
			if len(aggs) >= 2 && slices.Contains(aggs, it.Agg) && it.Attr != nil {
				// Per group when the question groups ("… for rooms in
				// each building"): the keys first.
				pl.p.Select, pl.p.GroupBy = nil, nil
				if len(out.GroupBy) > 0 {
					for _, k := range keys {
						pl.p.GroupBy = append(pl.p.GroupBy, *k.Attr)
						pl.p.Select = append(pl.p.Select, k)
					}
				} else {
					keys = nil
				}
				for _, a := range aggs {
					x := it
					x.Agg = a
					pl.p.Select = append(pl.p.Select, x)
				}
			}
		} else if len(keys) > 0 {
			pl.p.Select = append(pl.p.Select, skeletons.Item{Agg: handoff.AggCount})
		}
		// The followed node's name, unless an attribute of its own is
		// what is asked ("the population of the capital of Japan").
		if followed >= 0 && !slices.ContainsFunc(pl.p.Select, func(it skeletons.Item) bool { return it.Attr != nil && it.Attr.Node == followed && it.Agg == "" }) {
			pl.p.Select = append(pl.namings(followed), pl.p.Select...)
		}
		if !ask && out.Aggregate == "" && out.OrderBy != "" && len(out.Attributes) == 0 && asksAnswer(r.Cues, asksQuantity) && len(pl.p.Select) == 0 {
			// "How much was the cheapest ticket?", "How old is the
			// oldest singer?": the amount the order stands on.
			if p, _ := pl.prop(out.OrderBy, kNumber, 0); p != nil && datatypeKind(p) == kNumber {
				if at, ok := pl.attrOf(p); ok {
					pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
				}
			}
		}
		if !ask && out.Aggregate == "" && out.OrderBy == "" && len(out.Attributes) == 0 && len(pl.p.Select) == 0 &&
			asksAnswer(r.Cues, func(p string) bool { return p == "how much" }) {
			// "How much does Weeks have in savings?": the one number
			// the things named hold.
			if p := pl.nodeMeasure(); p != nil {
				if at, ok := pl.attrOf(p); ok {
					pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
				}
			}
		}
		if !ask && out.Aggregate == "" && out.OrderBy != "" && asksAnswer(r.Cues, lexicon.WhenPhrase) && len(pl.p.Select) == 0 {
			// "When was the newest stadium opened?": the date the order
			// stands on.
			if p, _ := pl.impliedOrder(out.OrderBy); p != nil {
				if at, ok := pl.attrOf(p); ok {
					pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
				}
			}
		}
		if len(pl.p.Select) == 0 || (len(keys) > 0 && len(pl.p.Select) == len(keys)) {
			pl.p.Select = append(pl.p.Select, pl.namings(0)...)
		}
		if !ask && out.Aggregate == "" && len(keys) == 0 && len(out.Attributes) == 0 && len(r.Types) == 0 && len(r.Verbs) > 0 &&
			asksAnswer(r.Cues, func(p string) bool { return p == "what" }) && pl.echoesName() {
			// "What did Ada Brook direct?", "What has Helen reviewed?":
			// not her name again, the things her verb reaches.
			pl.verbObject()
		}
		if !ask && out.Aggregate == "" && len(keys) == 0 {
			// "When was The Salt Road released?", "Where is Harbour
			// Hall?": a point in time or a place of the subjects, when
			// the projection has none.
			when := func(p *handoff.SliceProperty) bool {
				switch datatypeKind(p) {
				case kDate:
					return true
				case kNumber:
					// An enrollment of 56,868 is a number of people,
					// not the year they enrolled (a year of
					// independence may be -1523).
					if notYears(p) {
						return false
					}
				}
				// (Or the event of the verb asked about: "When was the
				// Department of Energy created?", its creation.)
				w := words(p.IRI)
				return lexicon.PointInTime(w) || len(w) == 1 && slices.ContainsFunc(r.Verbs, func(v string) bool { return lexicon.EventNoun(w[0], strings.ToLower(v)) })
			}
			where := func(p *handoff.SliceProperty) bool {
				return datatypeKind(p) == kString && slices.ContainsFunc(words(p.IRI), lexicon.Place)
			}
			asksWhen, asksWhere := asksAnswer(r.Cues, lexicon.WhenPhrase), asksAnswer(r.Cues, isWhere)
			// "Which town is Sonoma State University in?": a place no
			// class is, of a thing named, asks where it is.
			asksWhere = asksWhere || len(r.Types) == 1 && lexicon.Place(r.Types[0]) && !pl.namesClass(r.Types[0]) && len(r.Filters) > 0 &&
				asksAnswer(r.Cues, func(p string) bool { return p == "which" || p == "what" })
			// "Where was Jack Campbell born?" is his birth place, not
			// his birth date, though "born" says both.
			switch {
			case asksWhen && asksWhere:
				pl.answerWith(when, nil)
				pl.answerWith(where, nil)
			case asksWhen:
				pl.answerWith(when, where)
			case asksWhere:
				pl.answerWith(where, when)
			}
		}
		if !ask && out.Aggregate == "" && pl.sg.Asks("who") {
			pl.whoByName()
			if len(keys) == 0 && pl.echoesOnly() {
				pl.otherRole()
			}
			// "Who makes the GT-I9300?": a thing named, not a person;
			// its maker's column answers, not its name again.
			if len(keys) == 0 && !pl.personClass(pl.p.Nodes[0].Class) && pl.echoesOnly() {
				pl.answerWith(func(p *handoff.SliceProperty) bool {
					// company, company_name, manufacturer
					w := words(p.IRI)
					if n := len(w); n > 1 && isNamingTerm(w[n-1]) {
						w = w[:n-1]
					}
					return datatypeKind(p) == kString && len(w) > 0 && lexicon.Agent(w[len(w)-1])
				}, nil)
			}
		}
		if !ask && out.Aggregate == "" && len(keys) == 0 && followed < 0 && pl.echoesOnly() &&
			(pl.sg.Asks("who") && !pl.personClass(root) || len(r.Types) > 0 && lexicon.Maker(r.Types[0]) && !pl.namesClass(r.Types[0])) {
			// "Who makes the Printer?", "Which company makes the
			// printer?": a thing named, whose maker it refers to
			// (products#ref-manufacturer); the maker's name answers.
			if to := pl.agentReference(); to >= 0 {
				pl.p.Select = pl.namings(to)
			}
		}
		if !ask && out.Aggregate == "" && len(keys) == 0 && followed < 0 && len(r.Types) > 0 && !slices.ContainsFunc(out.Attributes, func(a string) bool { return !isNamingTerm(a) }) {
			// "the names of studios that produced …", "the residences
			// that have a player …": a type no class is, but a column
			// of the subjects, is what is listed: its values, each once.
			if _, cs := pl.bestClass(r.Types[0]); cs < 0.8 {
				if p, ps := pl.prop(r.Types[0], kString, 0); p != nil && ps >= 0.8 && datatypeKind(p) == kString && len(p.Ranges) == 0 && !identifier(p) && lexicon.NamePart(words(p.IRI)) == 0 &&
					slices.Contains(p.Domains, pl.p.Nodes[0].Class) &&
					!slices.ContainsFunc(pl.p.Filters, func(c skeletons.Cond) bool { return c.Item.Attr != nil && c.Item.Attr.Property == p.IRI }) && pl.namesOnly(p.IRI) &&
					!slices.ContainsFunc(pl.p.Select, func(x skeletons.Item) bool { return x.Attr != nil && x.Attr.Node != 0 }) {
					pl.p.Select = []skeletons.Item{{Attr: &skeletons.Attr{Node: 0, Property: p.IRI}}}
					pl.used = append(pl.used, p.IRI)
					out.Distinct = true
				}
			}
		}
		// (A thing shared through the rows between, "the same project
		// as John Doe", is reached once per row: each answer once.)
		pl.p.Distinct = (out.Distinct || pl.p.Distinct) && out.Aggregate == ""
		// "Where can you fly to for less than $250?": the places, each
		// once, not one row per flight.
		if out.Aggregate == "" && len(keys) == 0 && len(pl.p.Order) == 0 && asksAnswer(r.Cues, isWhere) {
			pl.p.Distinct = true
		}
		// "All the information about courses": the things and every
		// attribute the query reads (SELECT *), not one column.
		if out.All && out.Aggregate == "" && len(keys) == 0 && followed < 0 {
			pl.p.Select, pl.p.Star = []skeletons.Item{{Attr: &skeletons.Attr{Node: 0}}}, true
		}
	}
	// A count bound groups by what is projected (or the subject).
	if len(pl.having) > 0 && !ask {
		if len(pl.p.GroupBy) == 0 {
			for _, it := range pl.p.Select {
				if it.Attr != nil && !it.IsAggregate() {
					pl.p.GroupBy = append(pl.p.GroupBy, *it.Attr)
				}
			}
			if len(pl.p.GroupBy) == 0 {
				pl.p.GroupBy = append(pl.p.GroupBy, skeletons.Attr{Node: 0})
				// "How many students enrolled in more than one
				// course?": the subjects kept by the bound, counted;
				// not a count per subject.
				pl.p.CountGroups = out.Aggregate == handoff.AggCount && len(pl.p.Select) == 1 && pl.p.Select[0].Agg == handoff.AggCount && pl.p.Select[0].Attr == nil
			}
		}
		pl.p.Having = append(pl.p.Having, pl.having...)
	}
	// Order and limit.
	if !ask {
		pl.order(out)
	}
	// A count of the subjects grouped by the subjects themselves, with
	// nothing joined, or only what each refers to (an enrolment's one
	// course), is 1 for each ("the most popular payment method" of
	// ref_payment_methods alone): a reading that counts nothing.
	if pl.onePerSubject() && len(pl.p.GroupBy) > 0 && slices.ContainsFunc(pl.p.Select, func(it skeletons.Item) bool { return it.Agg == handoff.AggCount && it.Attr == nil }) &&
		!slices.ContainsFunc(pl.p.GroupBy, func(a skeletons.Attr) bool {
			return a.Property != "" && a.Property != pl.namingIRI(pl.p.Nodes[0].Class)
		}) {
		pl.bonus -= 1
	}
	// Things shown by their IRIs alone answer no "which" a person asks
	// (the verifier rejects them): below a plan that names them.
	if !ask && out.Aggregate == "" && !out.All && len(pl.p.Select) > 0 && !slices.ContainsFunc(pl.p.Select, func(it skeletons.Item) bool {
		return it.Attr == nil || it.Attr.Property != "" || it.Agg != ""
	}) {
		pl.bonus -= 0.25
	}
	// A negated value of a related thing excludes the subjects that
	// have it ("countries that do not speak Spanish": NOT EXISTS a
	// Spanish row), rather than keep them for their other rows.
	if hasNegatedFilter(r.Filters) || len(negated) > 0 || pl.negatedWord {
		asked := func(n skeletons.Node) bool { return pl.subjectClass(n.Class) }
		// Values of one attribute excluded together ("who do not play
		// Canoeing or Kayaking"): one exclusion requiring either.
		tried := map[skeletons.Attr]bool{}
		for again := true; again; {
			again = false
			same := map[skeletons.Attr][]int{}
			var attrs []skeletons.Attr // in the filters' order
			for i, c := range pl.p.Filters {
				if c.Op == handoff.FilterNe && c.Item.Attr != nil && c.Value != nil && len(c.Or) == 0 && c.Sub == nil && c.Right == nil && !tried[*c.Item.Attr] {
					if same[*c.Item.Attr] == nil {
						attrs = append(attrs, *c.Item.Attr)
					}
					same[*c.Item.Attr] = append(same[*c.Item.Attr], i)
				}
			}
			for _, a := range attrs {
				is := same[a]
				if len(is) < 2 || again {
					continue
				}
				tried[a] = true
				if pl.p.NegateBranches(is, asked) {
					pl.notes = append(pl.notes, "negated values of a related thing exclude the subjects that have either")
					again = true
				}
			}
		}
		for i := len(pl.p.Filters) - 1; i >= 0; i-- {
			if pl.p.NegateBranch(i, asked) {
				pl.notes = append(pl.notes, "a negated value of a related thing excludes the subjects that have it")
			}
		}
	}
	// Negation that is not a negated filter: exclude the subjects that
	// are related to another class of the slice.
	if slices.Contains(sg.Operations, handoff.OpNegate) && !hasNegatedFilter(r.Filters) && len(negated) == 0 && !pl.negatedWord && !negNumber && !pl.negatedFlag() {
		if !pl.negateJoined() && !pl.negation() {
			pl.bonus -= 0.5
		}
		pl.numberedRoles()
	}
	pl.bothSides()
	pl.exceptValues()
	pl.rankedThing()
	pl.countsReferrers()
	pl.countsHavers()
	pl.countDistinctSubjects(out)
	pl.completeNames()
	return pl.p, pl.score(), pl.notes, true
}

// completeNames shows people by both their names where the projection
// shows only the given name of a class known by a given and a family
// name ("Which people aren't a contact for any organization?": first and
// last name), grouped by both where grouped by it, unless the question
// speaks of a part of a name ("the first names of …").
func (pl *planner) completeNames() {
	r := pl.sg.Requirements
	if slices.ContainsFunc(slices.Concat(r.Output.Attributes, r.Predicates, r.Types), func(a string) bool { return lexicon.NamePart(kg.Words(a)) != 0 }) {
		return
	}
	for k := 0; k < len(pl.p.Select); k++ {
		it := pl.p.Select[k]
		if it.Attr == nil || it.Agg != "" || it.Func != "" || it.Attr.Node >= len(pl.p.Nodes) {
			continue
		}
		given, family := pl.personNames(pl.p.Nodes[it.Attr.Node].Class)
		if given == nil || it.Attr.Property != given.IRI || slices.ContainsFunc(pl.p.Select, func(x skeletons.Item) bool {
			return x.Attr != nil && x.Attr.Node == it.Attr.Node && x.Attr.Property == family.IRI
		}) {
			continue
		}
		fam := skeletons.Attr{Node: it.Attr.Node, Property: family.IRI}
		pl.p.Select = slices.Insert(pl.p.Select, k+1, skeletons.Item{Attr: &fam})
		if slices.Contains(pl.p.GroupBy, *it.Attr) {
			pl.p.GroupBy = append(pl.p.GroupBy, fam)
		}
		pl.used = append(pl.used, family.IRI)
	}
}

// countDistinctSubjects makes a count of the subjects count each once
// when the pattern joins things that refer to them: "How many
// instructors teach a course in the Spring of 2010?" counts the
// instructors (COUNT(DISTINCT ?instructor)), not their rows of teaching.
func (pl *planner) countDistinctSubjects(out handoff.Output) {
	p := pl.p
	if len(p.Select) != 1 || len(p.GroupBy) > 0 || len(p.Nodes) < 2 || p.Set != nil || len(p.Having) > 0 {
		return
	}
	it := &p.Select[0]
	if it.Agg != handoff.AggCount || it.Attr != nil || it.Distinct ||
		out.AggregateOf != "" && termMatches(out.AggregateOf, p.Nodes[0].Class, "") < 0.8 {
		return
	}
	// The distance of each node from the subjects: an edge from a node
	// farther out to a nearer one is a thing referring to them, of
	// which each subject may have many.
	dist := map[int]int{0: 0}
	for grew := true; grew; {
		grew = false
		for _, e := range p.Edges {
			for _, pair := range [][2]int{{e.From, e.To}, {e.To, e.From}} {
				if d, ok := dist[pair[0]]; ok {
					if _, seen := dist[pair[1]]; !seen {
						dist[pair[1]] = d + 1
						grew = true
					}
				}
			}
		}
	}
	for _, e := range p.Edges {
		if df, ok := dist[e.From]; ok && df > dist[e.To] {
			*it = skeletons.Item{Agg: handoff.AggCount, Distinct: true, Attr: &skeletons.Attr{Node: 0}}
			pl.notes = append(pl.notes, "the subjects are counted once each, not once per thing referring to them")
			return
		}
	}
}

func hasNegatedFilter(fs []handoff.Filter) bool {
	for _, f := range fs {
		if f.Negated {
			return true
		}
	}
	return false
}

// score rewards the requirement terms the plan's elements realise and
// penalises the ones it leaves out, and prefers fewer joins.
func (pl *planner) score() float64 {
	s := pl.bonus
	terms := pl.sg.Requirements.Terms()
	// "In which year was the oldest club founded?": the year asked is
	// the date the order stands on (see plan), as good as a column
	// named year.
	var ordered *handoff.SliceProperty
	if ob := pl.sg.Requirements.Output.OrderBy; ob != "" {
		ordered, _ = pl.impliedOrder(ob)
	}
	// The best match of each term, and the best by the words of the
	// elements alone (not by the slice's matching).
	bests, worded := make(map[string]float64, len(terms)), make(map[string]float64, len(terms))
	for _, t := range terms {
		best := 0.0
		for _, iri := range pl.used {
			label := ""
			matched := false
			p, isProp := pl.sc.byIRI[iri]
			if isProp {
				label, matched = p.Label, slices.Contains(p.Matched, t)
			}
			for _, c := range pl.sc.slice.Classes {
				if c.IRI == iri {
					label, matched = c.Label, slices.Contains(c.Matched, t)
				}
			}
			m := termMatches(t, iri, label)
			worded[t] = max(worded[t], m)
			if matched {
				m = max(m, 0.9)
			}
			if isProp && m == 0 && pl.subjectsNaming(t, p) {
				m = 0.85
			}
			if ordered != nil && iri == ordered.IRI && lexicon.Temporal(t) {
				m = max(m, 0.9)
			}
			best = max(best, m)
		}
		if t == pl.sortedBy {
			best = max(best, 0.85)
		}
		bests[t] = best
	}
	for _, t := range terms {
		best := bests[t]
		// "birth date" and its head "date": the head is realised where
		// the words of an element say the whole term (emp_dob, which
		// has no "date").
		for _, whole := range terms {
			if strings.HasSuffix(whole, " "+t) && worded[whole] >= 0.8 {
				best = max(best, worded[whole])
			}
		}
		if best == 0 {
			s -= 0.3
		}
		s += best
	}
	s -= 0.15 * float64(len(pl.p.Edges))
	if pl.answersOtherType() {
		s -= 0.1
	}
	// "the names and locations of tracks that have had exactly 1 race":
	// a name asked is the subjects' own when they have one, not a
	// related thing's.
	subjectNamed := slices.ContainsFunc(pl.p.Nodes, func(n skeletons.Node) bool { return pl.subjectClass(n.Class) && pl.hasNaming(n.Class) })
	for _, it := range pl.p.Select {
		if !subjectNamed || it.Attr == nil || it.Agg != "" || it.Attr.Node >= len(pl.p.Nodes) || pl.subjectClass(pl.p.Nodes[it.Attr.Node].Class) {
			continue
		}
		if w := words(it.Attr.Property); len(w) > 0 && isNamingTerm(w[len(w)-1]) {
			s -= 0.05
			break
		}
	}
	// "the population of the USA": USA, a value of a reference column
	// (city#countrycode), is the referenced thing's key (country#code),
	// so the plan that compares it with the thing's own column reads
	// the question as naming a country, not the cities that refer to it.
	for _, f := range pl.p.Filters {
		if f.Item.Attr == nil || f.Value == nil || f.Item.Agg != "" {
			continue
		}
		if pl.keyOfReferenced(f.Item.Attr.Property, f.Value) {
			s -= 0.1
		}
	}
	return s
}

// sameAsFilter reports whether f says "the same … as" a named thing.
func sameAsFilter(f handoff.Filter) bool {
	return f.ValueKind == handoff.ValueEntity && f.Op == handoff.FilterEq
}

// sameOf returns the property of the subjects (node 0) that "the same
// TERM as" compares: the reference to the thing the term names
// (phone#ref-chip_model for "chip"), else a column the term names, else
// their one reference to another class ("the same team as Magnus Dahl":
// playsFor, to clubs); nil when none.
func (pl *planner) sameOf(term string) *handoff.SliceProperty {
	root := pl.p.Nodes[0].Class
	var only *handoff.SliceProperty
	refs := 0
	var best *handoff.SliceProperty
	bestScore := 0.0
	for _, p := range pl.sc.props {
		if !slices.Contains(p.Domains, root) {
			continue
		}
		s := termMatches(term, p.IRI, p.Label)
		if slices.Contains(p.Matched, term) {
			s = max(s, 0.9)
		}
		if len(p.Ranges) > 0 {
			if !slices.Contains(p.Ranges, root) {
				refs++
				only = p
			}
			for _, r := range p.Ranges {
				s = max(s, termMatches(term, r, ""))
			}
			s += 0.01 // the reference before its key column
		}
		if s >= 0.8 && s > bestScore {
			best, bestScore = p, s
		}
	}
	if best != nil {
		return best
	}
	if refs == 1 {
		return only
	}
	return nil
}

// echoesName reports whether the projection only shows node 0 by a
// column an equality filter of the plan fixes: the question's own name
// said back.
func (pl *planner) echoesName() bool {
	if len(pl.p.Select) == 0 {
		return false
	}
	for _, it := range pl.p.Select {
		if it.Attr == nil || it.Attr.Node != 0 || it.Agg != "" ||
			!slices.ContainsFunc(pl.p.Filters, func(c skeletons.Cond) bool {
				return c.Op == handoff.FilterEq && c.Value != nil && c.Item.Attr != nil && *c.Item.Attr == *it.Attr
			}) {
			return false
		}
	}
	return true
}

// verbObject shows, in place of the named subjects, the things a verb of
// the question links them to: through a class the verb names (a review
// of useracct and item, for "What has Helen reviewed?"), else by a
// reference to the subjects that the verb names (film#directedBy, for
// "What did Ada Brook direct?"). Nothing changes when neither is found.
func (pl *planner) verbObject() {
	root := pl.p.Nodes[0].Class
	var verbs []string
	for _, v := range pl.sg.Requirements.Verbs {
		verbs = append(verbs, strings.ToLower(v))
	}
	says := func(ws []string) bool {
		return slices.ContainsFunc(ws, func(w string) bool {
			return slices.ContainsFunc(verbs, func(v string) bool {
				return w == v || slices.Contains(lexicon.PastForms(v), w) || slices.Contains(lexicon.PastForms(w), v) || lexicon.SameVerb(w, v)
			})
		})
	}
	named := func(c string) bool { return c != root && pl.namingIRI(c) != "" }
	for _, c := range pl.sc.slice.Classes {
		if c.IRI == root || !says(words(c.IRI)) || len(words(c.IRI)) != 1 {
			continue
		}
		var toRoot, toThing *handoff.SliceProperty
		for _, p := range pl.sc.props {
			if len(p.Ranges) != 1 || !slices.Contains(p.Domains, c.IRI) {
				continue
			}
			if p.Ranges[0] == root {
				toRoot = cmp.Or(toRoot, p)
			} else if named(p.Ranges[0]) {
				toThing = cmp.Or(toThing, p)
			}
		}
		if toRoot == nil || toThing == nil {
			continue
		}
		pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: c.IRI}, skeletons.Node{Class: toThing.Ranges[0]})
		j, y := len(pl.p.Nodes)-2, len(pl.p.Nodes)-1
		pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: j, To: 0, Property: toRoot.IRI}, skeletons.Edge{From: j, To: y, Property: toThing.IRI})
		pl.used = append(pl.used, c.IRI, toRoot.IRI, toThing.IRI)
		pl.p.Select = pl.namings(y)
		pl.p.Distinct = true
		return
	}
	for _, p := range pl.sc.props {
		if len(p.Ranges) != 1 || p.Ranges[0] != root || len(p.Domains) != 1 || !named(p.Domains[0]) || !says(words(p.IRI)) {
			continue
		}
		pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: p.Domains[0]})
		y := len(pl.p.Nodes) - 1
		pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: y, To: 0, Property: p.IRI})
		pl.used = append(pl.used, p.IRI)
		pl.p.Select = pl.namings(y)
		return
	}
}

// sameThrough realises "the same project as John Doe" where the
// subjects reach the thing the term names only through a class between
// (scientists to projects through assignedto): a row of that class
// refers to each subject and to a thing that a row referring to the
// named subject refers to as well; the named one is not among the
// answers. It reports whether it did.
func (pl *planner) sameThrough(f handoff.Filter) bool {
	root := pl.p.Nodes[0].Class
	name := pl.linkedNaming(root, f.Value)
	if name == "" {
		return false
	}
	for _, c := range pl.sc.slice.Classes {
		if c.IRI == root {
			continue
		}
		var toRoot, toThing *handoff.SliceProperty
		for _, p := range pl.sc.props {
			if !slices.Contains(p.Domains, c.IRI) || len(p.Ranges) > 1 {
				continue
			}
			// (The thing by its reference, or by the key column the
			// reference is made from: assignedto#project.)
			switch {
			case len(p.Ranges) == 1 && p.Ranges[0] == root:
				toRoot = cmp.Or(toRoot, p)
			case len(p.Ranges) == 1 && termMatches(f.Attribute, p.Ranges[0], "") >= 0.8 || termMatches(f.Attribute, p.IRI, p.Label) >= 0.8:
				toThing = cmp.Or(toThing, p)
			}
		}
		if toRoot == nil || toThing == nil {
			continue
		}
		j := slices.IndexFunc(pl.p.Nodes, func(n skeletons.Node) bool { return n.Class == c.IRI })
		if j < 0 || !slices.ContainsFunc(pl.p.Edges, func(e skeletons.Edge) bool { return e.From == j && e.To == 0 && e.Property == toRoot.IRI }) {
			pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: c.IRI})
			j = len(pl.p.Nodes) - 1
			pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: j, To: 0, Property: toRoot.IRI})
		}
		value := sparql.NewLiteral(f.Value)
		sub := &skeletons.Plan{Nodes: []skeletons.Node{{Class: root}, {Class: c.IRI}},
			Edges:   []skeletons.Edge{{From: 1, To: 0, Property: toRoot.IRI}},
			Filters: []skeletons.Cond{{Item: skeletons.Item{Attr: &skeletons.Attr{Node: 0, Property: name}}, Op: handoff.FilterEq, Value: value}},
			Select:  []skeletons.Item{{Attr: &skeletons.Attr{Node: 1, Property: toThing.IRI}}}}
		pl.p.Filters = append(pl.p.Filters,
			skeletons.Cond{Item: skeletons.Item{Attr: &skeletons.Attr{Node: j, Property: toThing.IRI}}, Op: handoff.FilterEq, Sub: sub},
			skeletons.Cond{Item: skeletons.Item{Attr: &skeletons.Attr{Node: 0, Property: name}}, Op: handoff.FilterNe, Value: value})
		pl.p.Distinct = true
		pl.used = append(pl.used, c.IRI, toRoot.IRI, toThing.IRI, name)
		pl.notes = append(pl.notes, "the same thing as the named one, through the class that links them: the others linked to what it is linked to")
		return true
	}
	return false
}

// namedThrough finds the thing a mention names one reference away from
// node n: a class of the slice with a value of the mention on its own
// column, joined to n by one edge (added when the plan lacks it). It
// returns that node, the edge and the naming column.
func (pl *planner) namedThrough(n int, mention string) (int, skeletons.Edge, string, bool) {
	for _, c := range pl.sc.slice.Classes {
		if c.IRI == pl.p.Nodes[n].Class {
			continue
		}
		name := pl.linkedNaming(c.IRI, mention)
		if name == "" {
			continue
		}
		nodes, edges := len(pl.p.Nodes), len(pl.p.Edges)
		j, ok := pl.join(c.IRI)
		if !ok {
			continue
		}
		for _, e := range pl.p.Edges {
			if e.From == n && e.To == j || e.From == j && e.To == n {
				return j, e, name, true
			}
		}
		// Farther than one reference: leave the plan as it was.
		pl.p.Nodes, pl.p.Edges = pl.p.Nodes[:nodes], pl.p.Edges[:edges]
	}
	return 0, skeletons.Edge{}, "", false
}

// linkedNaming returns the column of class c that holds the value the
// slice links to the mention, if one does ("Nokia 700" of
// phone#hardware_model_name, where company_name names phones too).
func (pl *planner) linkedNaming(c, mention string) string {
	for k, v := range pl.sc.slice.Values {
		p := pl.sc.byIRI[v.Property]
		// (Stray spaces aside: " La Isla Bonita ".)
		if p == nil || !slices.Contains(p.Domains, c) || !strings.EqualFold(v.Mention, mention) || !strings.EqualFold(strings.TrimSpace(v.Value), mention) {
			continue
		}
		// A column several classes share (name) names one of c's own.
		if pl.sc.probe != nil && len(p.Domains) > 1 && !pl.sc.probe(c, v.Property, valueTerm(&pl.sc.slice.Values[k], p)) {
			continue
		}
		return v.Property
	}
	return ""
}

// fixesConstant reports whether condition c fixes a plain attribute to
// a constant (an equality, no function, aggregate or disjunction): a
// column it reads, projected, would echo the constant.
func fixesConstant(c skeletons.Cond) bool {
	return c.Op == handoff.FilterEq && c.Value != nil && c.Item.Attr != nil && c.Item.Func == "" && c.Item.Agg == "" && len(c.Or) == 0
}

// echoesOnly reports whether every column the plan projects is fixed by
// an equality with a constant: the answer would only repeat the question.
func (pl *planner) echoesOnly() bool {
	if len(pl.p.Select) == 0 {
		return false
	}
	for _, it := range pl.p.Select {
		if it.Attr == nil || it.Agg != "" || !slices.ContainsFunc(pl.p.Filters, func(c skeletons.Cond) bool {
			return fixesConstant(c) && *c.Item.Attr == *it.Attr
		}) {
			return false
		}
	}
	return true
}

// answersOtherType reports whether the plan answers with a thing of
// another class than the question's first type, where the attribute
// asked for, if any, does not name that class ("Which markets have no
// estimates for any film?" answers markets, not films) while a node of
// the plan is of that type: the answer type disagrees.
func (pl *planner) answersOtherType() bool {
	types := pl.sg.Requirements.Types
	if len(types) == 0 || len(pl.p.Select) == 0 {
		return false
	}
	// "Who is the CTO of club …?" asks for a person, whatever type it
	// names first; so do "when", "where" and "how".
	if asksAnswer(pl.sg.Requirements.Cues, func(ph string) bool {
		return slices.Contains([]string{"who", "whom", "whose", "when", "where"}, ph) || strings.HasPrefix(ph, "how")
	}) {
		return false
	}
	it := pl.p.Select[0]
	if it.Attr == nil || it.Agg != "" || it.Attr.Node >= len(pl.p.Nodes) {
		return false
	}
	// "the role name of employee Ebba" asks for what it names.
	if as := pl.sg.Requirements.Output.Attributes; len(as) > 0 && !isNamingTerm(as[0]) && termMatches(as[0], pl.p.Nodes[it.Attr.Node].Class, "") > 0 {
		return false
	}
	is := func(n int) bool { return termMatches(types[0], pl.p.Nodes[n].Class, "") > 0.7 }
	if is(it.Attr.Node) {
		return false
	}
	for n := range pl.p.Nodes {
		if is(n) {
			return true
		}
	}
	// A node of the excluded pattern ("no estimates for any market").
	for _, ng := range pl.p.Negs {
		if ng.Pattern != nil && slices.ContainsFunc(ng.Pattern.Nodes, func(n skeletons.Node) bool { return termMatches(types[0], n.Class, "") > 0.7 }) {
			return true
		}
	}
	return false
}

// keyOfReferenced reports whether value v, compared with the reference
// key column iri, is also a linked value of a column of the class iri
// refers to.
func (pl *planner) keyOfReferenced(iri string, v sparql.Term) bool {
	classes := pl.sc.referenced(iri)
	lit, ok := v.(*sparql.Literal)
	if len(classes) == 0 || !ok {
		return false
	}
	return slices.ContainsFunc(pl.sc.slice.Values, func(sv handoff.SliceValue) bool {
		q := pl.sc.byIRI[sv.Property]
		return q != nil && !q.Key && sv.Value == lit.Lexical && slices.ContainsFunc(q.Domains, func(d string) bool { return slices.Contains(classes, d) })
	})
}

// prop returns the alt-th best literal-valued property for term, of the
// wanted kind where possible, and its match score.
func (pl *planner) prop(term string, want kind, alt int) (*handoff.SliceProperty, float64) {
	type ps struct {
		p *handoff.SliceProperty
		s float64
	}
	var list []ps
	tw, qw := kg.Words(term), kg.TextWords(pl.sg.Text)
	for _, p := range pl.sc.props {
		k := datatypeKind(p)
		if k == kAny && len(p.Ranges) > 0 {
			continue // object property
		}
		s := termMatches(term, p.IRI, p.Label)
		if term != "" && slices.Contains(p.Matched, term) {
			s = max(s, 0.9)
		}
		if term == "" {
			s = 0.1 + p.Score/10
		}
		if s == 0 && pl.subjectsNaming(term, p) {
			s = 0.85
		}
		if lexicon.ModifierNames(strings.Fields(term), words(p.IRI)) {
			s = max(s, 0.95)
		}
		if s == 0 && term != "" {
			// "earn" of a salary, "inhabitants" of a population: the
			// attribute the term stands for, when no column has its
			// name (not one it is computed from in reverse, as an age
			// from a birth date).
			// (People stand for a number of them: a school's students
			// for its enrollment, not the date of one.)
			if ok, inv := lexicon.Derives(term, words(p.IRI)); ok && !inv && (!lexicon.People(term) || k == kNumber) {
				s = 0.8
			}
			// "the director of each film" of directed_by: the verb of
			// the agent noun.
			if forms := lexicon.VerbForms(term); len(forms) > 0 && slices.ContainsFunc(words(p.IRI), func(w string) bool { return slices.Contains(forms, w) }) {
				s = 0.8
			}
			// "the wage of each employee" of salary: a word WordNet
			// relates to a word of the column's name (a derivation, the
			// synonym of its first sense).
			if s == 0 && relatedName(term, words(p.IRI)) {
				s = 0.7
			}
		}
		if s == 0 {
			continue
		}
		switch {
		case want == kAny:
		case want == k:
			s += 0.2
		case want == kNumber && k == kString && numericStrings(p):
			s += 0.1
		default:
			s *= 0.3
		}
		if pl.hasNodeOf(p) {
			s += 0.15
			// The subjects' own attribute before a joined class's
			// of the same name ("the name of scientists assigned to
			// a project").
			if slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
				s += 0.05
			}
			// The column that says whose name it is: "the names of
			// songs" is song_name before artist_name.
			if isNamingTerm(term) && len(p.Domains) == 1 && lexicon.NamingRank(words(p.IRI), words(p.Domains[0])) == 3 {
				s += 0.03
			}
			// "passengers" unqualified are all of them: total_passengers
			// before domestic_passengers.
			if w := words(p.IRI); len(w) >= 2 && w[0] == "total" && !strings.Contains(term, "total") && termMatches(term, strings.Join(w[1:], "_"), "") >= 1 && !pl.aggregateNamed(term) {
				s += 0.02
			}
			// Likewise "the id of the student" is students#student_id
			// before students#address_id.
			if term == "id" && len(p.Domains) == 1 && lexicon.OwnColumn(kg.Words(kg.SplitIRI(p.IRI).Column()), words(p.Domains[0])) {
				s += 0.03
			}
		}
		// "How much is Ginger Beer in euros?": of two columns the term
		// stands for alike, the one with another word the question says
		// (price_in_euros before price_in_dollars).
		if term != "" && pl.saysMore(tw, qw, p) {
			s += 0.01
		}
		list = append(list, ps{p, s})
	}
	slices.SortStableFunc(list, func(a, b ps) int { return cmp.Or(cmp.Compare(b.s, a.s), cmp.Compare(a.p.IRI, b.p.IRI)) })

	if len(list) == 0 {
		return nil, 0
	}
	if alt >= len(list) || (alt > 0 && list[alt].s < 0.5*list[0].s) {
		alt = 0
	}
	return list[alt].p, list[alt].s
}

// saysMore reports whether a word of p's column name that is not one of
// the term's words tw, nor a function word, nor a word of a class of the
// slice (the student of student_id), is one of the question's words qw.
func (pl *planner) saysMore(tw, qw []string, p *handoff.SliceProperty) bool {
	return slices.ContainsFunc(kg.Words(kg.SplitIRI(p.IRI).Column()), func(w string) bool {
		return len(w) >= 3 && !lexicon.FunctionWord(w) && !slices.Contains(tw, w) && slices.Contains(qw, w) &&
			!slices.ContainsFunc(pl.sc.slice.Classes, func(c handoff.SliceClass) bool { return slices.Contains(words(c.IRI), w) })
	})
}

// aggregateNamed reports whether a column of the slice is named by an
// aggregate word other than "total" and term ("average_attendance" for
// "attendance").
func (pl *planner) aggregateNamed(term string) bool {
	return slices.ContainsFunc(pl.sc.props, func(p *handoff.SliceProperty) bool {
		w := words(p.IRI)
		return len(w) >= 2 && w[0] != "total" && handoff.AggregateWord(w[0]) != "" && termMatches(term, strings.Join(w[1:], "_"), "") >= 1
	})
}

// ofColumns joins two terms read apart where a column of the subjects is
// named "<first> of <second>" ("the dates of ceremony and results":
// date_of_ceremony, then result).
func (pl *planner) ofColumns(terms []string) []string {
	out := make([]string, 0, len(terms))
	for i := 0; i < len(terms); i++ {
		if i+1 < len(terms) && !strings.Contains(terms[i], " ") && !strings.Contains(terms[i+1], " ") {
			joined := terms[i] + " of " + terms[i+1]
			if slices.ContainsFunc(pl.sc.props, func(p *handoff.SliceProperty) bool {
				return pl.hasNodeOf(p) && termMatches(joined, p.IRI, "") >= 1
			}) {
				out = append(out, joined)
				i++
				continue
			}
		}
		out = append(out, terms[i])
	}
	return out
}

// sharedModifier reads a one-word column after a longer one as sharing
// its modifier ([lexicon.SharedModifier]: "the color code and
// description") when the slice has a column of exactly that name; else
// it returns term.
func (pl *planner) sharedModifier(prev, term string) string {
	joined, ok := lexicon.SharedModifier(prev, term)
	if !ok {
		return term
	}
	for _, p := range pl.sc.props {
		if termMatches(joined, p.IRI, p.Label) == 1 {
			return joined
		}
	}
	return term
}

func (pl *planner) hasNodeOf(p *handoff.SliceProperty) bool {
	for _, n := range pl.p.Nodes {
		if slices.Contains(p.Domains, n.Class) {
			return true
		}
	}
	return false
}

// attrOf returns the attribute of prop on a node of its subject class,
// joining that class to the plan when it is not there yet.
func (pl *planner) attrOf(prop *handoff.SliceProperty) (skeletons.Attr, bool) {
	for i, n := range pl.p.Nodes {
		if slices.Contains(prop.Domains, n.Class) {
			pl.used = append(pl.used, prop.IRI)
			return skeletons.Attr{Node: i, Property: prop.IRI}, true
		}
	}
	// Several possible subject classes (a property like "name" that many
	// classes use): join the one whose path the question's words support
	// best ("did Ada Brook direct" → through directedBy to Director),
	// then the shortest.
	best, bestScore, bestLen := "", -1.0, 0
	for _, d := range prop.Domains {
		trial := &planner{sc: pl.sc, sg: pl.sg, p: pl.p.Clone()}
		before := len(trial.p.Edges)
		if _, ok := trial.join(d); !ok {
			continue
		}
		score := 0.0
		for _, t := range append(slices.Clone(pl.sg.Requirements.Predicates), pl.sg.Requirements.Types...) {
			for _, e := range trial.p.Edges[before:] {
				score = max(score, termMatches(t, e.Property, ""))
			}
			score = max(score, termMatches(t, d, ""))
		}
		n := len(trial.p.Edges) - before
		if score > bestScore || (score == bestScore && n < bestLen) {
			best, bestScore, bestLen = d, score, n
		}
	}
	if best != "" {
		if i, ok := pl.join(best); ok {
			pl.used = append(pl.used, prop.IRI)
			return skeletons.Attr{Node: i, Property: prop.IRI}, true
		}
	}
	if len(prop.Domains) == 0 {
		pl.used = append(pl.used, prop.IRI)
		return skeletons.Attr{Node: 0, Property: prop.IRI}, true
	}
	return skeletons.Attr{}, false
}

// join adds class c to the plan through the shortest path of reference
// properties (at most three hops) from an existing node, and returns its
// node; or, at most one hop longer, through a class a relation word of
// the question names ("What courses has Lembr taught?": course, section,
// teaches, instructor, not the department the course and the instructor
// share).
func (pl *planner) join(c string) (int, bool) {
	for i, n := range pl.p.Nodes {
		if n.Class == c {
			return i, true
		}
	}
	if via := pl.saidVia(c); via != "" {
		if _, ok := pl.shortestJoin(via); ok {
			pl.notes = append(pl.notes, "joined through "+kg.SplitIRI(via).Local+", which a word of the question names")
			return pl.shortestJoin(c)
		}
	}
	return pl.shortestJoin(c)
}

// saidVia returns the class a relation word of the question names (not a
// naming word, and not a class the question's type words name) through
// which c joins the plan in at most three hops and at most one more than
// the shortest path, when the shortest path does not already pass it;
// "" when there is none or more than one.
func (pl *planner) saidVia(c string) string {
	base := &planner{sc: pl.sc, sg: pl.sg, p: pl.p.Clone(), alt: pl.alt}
	before := len(base.p.Edges)
	if _, ok := base.shortestJoin(c); !ok {
		return ""
	}
	shortest := len(base.p.Edges) - before
	saidBy := func(x, label string) bool {
		return slices.ContainsFunc(pl.sg.Requirements.Predicates, func(t string) bool {
			return !isNamingTerm(t) && termMatches(t, x, label) >= 0.9
		})
	}
	// A relation word the plan or the shortest path already realises
	// ("faculty who participate": faculty_participates_in) asks for no
	// other class.
	if slices.ContainsFunc(base.p.Nodes, func(n skeletons.Node) bool { return saidBy(n.Class, "") }) {
		return ""
	}
	nodes := len(pl.p.Nodes)
	found := ""
	for _, cl := range pl.sc.slice.Classes {
		x := cl.IRI
		if x == c || !saidBy(x, cl.Label) || slices.ContainsFunc(pl.sg.Requirements.Types, func(t string) bool { return termMatches(t, x, cl.Label) >= 0.8 }) {
			continue
		}
		trial := &planner{sc: pl.sc, sg: pl.sg, p: pl.p.Clone(), alt: pl.alt}
		if _, ok := trial.shortestJoin(x); !ok {
			continue
		}
		mid := len(trial.p.Edges)
		if _, ok := trial.shortestJoin(c); !ok || mid == len(trial.p.Edges) {
			continue
		}
		// Through x: c's path starts at a node x's path added, not at
		// one the plan had (a branch beside it).
		if e := trial.p.Edges[mid]; min(e.From, e.To) < nodes {
			continue
		}
		if n := len(trial.p.Edges) - before; n > 3 || n > shortest+1 {
			continue
		}
		if found != "" {
			return ""
		}
		found = x
	}
	return found
}

// shortestJoin adds class c to the plan through the shortest path of
// reference properties (at most three hops) from an existing node, and
// returns its node.
func (pl *planner) shortestJoin(c string) (int, bool) {
	type step struct {
		class string
		prop  string
		fwd   bool // prev --prop--> class
		prev  int  // index in queue
		node  int  // existing node, for starts
	}
	var queue []step
	seen := map[string]bool{}
	for i, n := range pl.p.Nodes {
		if n.Class == c {
			return i, true
		}
		if !seen[n.Class] {
			seen[n.Class] = true
			queue = append(queue, step{class: n.Class, prev: -1, node: i})
		}
	}
	// Reference properties named after the class they lead to (city
	// country → Country) are tried first, so that among paths of the
	// same length the conventional one wins.
	props := slices.Clone(pl.sc.props)
	// ("stuid" is the student's id: [lexicon.KeyAbbreviation].)
	named := func(p *handoff.SliceProperty) bool {
		col := kg.Words(kg.SplitIRI(p.IRI).Column())
		for _, r := range p.Ranges {
			if termMatches(strings.Join(words(r), " "), p.IRI, "") >= 0.8 {
				return true
			}
			if len(col) > 0 {
				if _, ok := lexicon.KeyAbbreviation(col[len(col)-1], words(r)); ok {
					return true
				}
			}
		}
		return false
	}
	// Before them, those a relation word of the question names ("Is
	// Nordvik the capital of Norway?": country capital → City, not city
	// country → Country), better than it names any other reference to
	// the same class: a word every vote names alike ("When did Dinesh
	// Kumar register to vote?" of president_vote, treasurer_vote, …)
	// names none of them.
	said := func(p *handoff.SliceProperty) bool {
		return slices.ContainsFunc(pl.sg.Requirements.Predicates, func(t string) bool {
			// Not "name", which names a column, not a relation
			// (personfriend#ref-name).
			s := termMatches(t, p.IRI, p.Label)
			if isNamingTerm(t) || s < 0.9 {
				return false
			}
			return len(p.Ranges) == 0 || !slices.ContainsFunc(pl.sc.props, func(o *handoff.SliceProperty) bool {
				return o != p && slices.Equal(o.Ranges, p.Ranges) && slices.Equal(o.Domains, p.Domains) && termMatches(t, o.IRI, o.Label) >= s
			})
		})
	}
	rank := func(p *handoff.SliceProperty) int {
		switch {
		case said(p):
			return 0
		case named(p):
			return 1
		}
		return 2
	}
	slices.SortStableFunc(props, func(a, b *handoff.SliceProperty) int { return cmp.Compare(rank(a), rank(b)) })
	if pl.alt%2 == 1 {
		// The other plan takes the last of equals first: of two
		// references to one class (a wedding's female_id and male_id),
		// the other role ("When did Mike Weir get married?").
		slices.SortStableFunc(props, func(a, b *handoff.SliceProperty) int {
			return cmp.Or(cmp.Compare(rank(a), rank(b)), -cmp.Compare(a.IRI, b.IRI))
		})
	}
	for qi := 0; qi < len(queue) && qi < 200; qi++ {
		cur := queue[qi]
		depth := 0
		for x := qi; queue[x].prev >= 0; x = queue[x].prev {
			depth++
		}
		if depth >= 3 {
			continue
		}
		for _, p := range props {
			if len(p.Ranges) == 0 {
				continue
			}
			var cands []step
			if slices.Contains(p.Domains, cur.class) {
				for _, r := range p.Ranges {
					cands = append(cands, step{class: r, prop: p.IRI, fwd: true, prev: qi})
				}
			}
			if slices.Contains(p.Ranges, cur.class) {
				for _, d := range p.Domains {
					cands = append(cands, step{class: d, prop: p.IRI, fwd: false, prev: qi})
				}
			}
			for _, st := range cands {
				if seen[st.class] {
					continue
				}
				seen[st.class] = true
				queue = append(queue, st)
				if st.class != c {
					continue
				}
				// Materialise the path.
				var path []int
				for x := len(queue) - 1; queue[x].prev >= 0; x = queue[x].prev {
					path = append(path, x)
				}
				slices.Reverse(path)
				start := len(queue) - 1
				for queue[start].prev >= 0 {
					start = queue[start].prev
				}
				from := queue[start].node
				for _, x := range path {
					s := queue[x]
					pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: s.class})
					to := len(pl.p.Nodes) - 1
					if s.fwd {
						pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: from, To: to, Property: s.prop})
					} else {
						pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: to, To: from, Property: s.prop})
					}
					pl.used = append(pl.used, s.prop, s.class)
					from = to
				}
				return len(pl.p.Nodes) - 1, true
			}
		}
	}
	return 0, false
}

// groupKey resolves a GROUP BY term: a property, or a class (grouped by
// its node and naming attribute).
func (pl *planner) groupKey(term string) ([]skeletons.Item, bool) {
	if term == handoff.AttrGender {
		// "for male and female students": their column of sex.
		for _, p := range pl.sc.props {
			if datatypeKind(p) != kAny && lexicon.GenderColumn(words(p.IRI)) && pl.hasNodeOf(p) {
				at, ok := pl.attrOf(p)
				return []skeletons.Item{{Attr: &at}}, ok
			}
		}
	}
	prop, ps := pl.prop(term, kAny, 0)
	bestClass, cs := pl.bestClass(term)
	if (prop == nil || ps < 0.8) && cs < 0.8 && lexicon.Place(term) {
		// "How many players live in each town?": no town, but the
		// players' one place (their residence).
		if p := pl.onlyPlace(); p != nil {
			prop, ps = p, 0.8
		}
	}
	if bestClass != "" && cs >= ps && cs >= 0.8 {
		if i, ok := pl.join(bestClass); ok {
			return pl.shownBy(i)
		}
	}
	// "How many customers does each support rep look after?": a
	// reference of the subjects the term names (ref-support_rep_id)
	// groups them by the things it refers to, shown by their names.
	if prop == nil || ps < 0.8 {
		for _, p := range pl.sc.props {
			if len(p.Ranges) != 1 || !pl.hasNodeOf(p) || termMatches(term, p.IRI, p.Label) < 0.8 {
				continue
			}
			i, ok := pl.join(p.Ranges[0])
			if !ok {
				break
			}
			return pl.shownBy(i)
		}
	}
	if prop == nil {
		return nil, false
	}
	at, ok := pl.attrOf(prop)
	// "How many competitions has each town hosted?" where a town is a
	// city whose status is "Town": the column a condition fixes makes
	// one group; each of the things it is a column of is one.
	if ok && slices.ContainsFunc(pl.p.Filters, func(c skeletons.Cond) bool { return fixesConstant(c) && *c.Item.Attr == at }) {
		return []skeletons.Item{pl.naming(at.Node)}, true
	}
	return []skeletons.Item{{Attr: &at}}, ok
}

// shownBy returns the group keys that show node i's things: people
// with no name of their own by their given and family names ("each
// student"), others by their naming attribute; false when nothing names
// them.
func (pl *planner) shownBy(i int) ([]skeletons.Item, bool) {
	if given, family := pl.personNames(pl.p.Nodes[i].Class); given != nil {
		pl.used = append(pl.used, given.IRI, family.IRI)
		return []skeletons.Item{{Attr: &skeletons.Attr{Node: i, Property: given.IRI}}, {Attr: &skeletons.Attr{Node: i, Property: family.IRI}}}, true
	}
	it := pl.naming(i)
	return []skeletons.Item{it}, it.Attr != nil
}

// onlyPlace returns the subjects' one text column named as a place (no
// identifier); nil when they have none or several.
func (pl *planner) onlyPlace() *handoff.SliceProperty {
	var out *handoff.SliceProperty
	for _, p := range pl.sc.props {
		if datatypeKind(p) != kString || identifier(p) || !slices.Contains(p.Domains, pl.p.Nodes[0].Class) || !slices.ContainsFunc(words(p.IRI), lexicon.Place) {
			continue
		}
		if out != nil {
			return nil
		}
		out = p
	}
	return out
}

// bestClass returns the class of the slice term names best (the first of
// equals) and its match score; "" and 0 when it names none.
func (pl *planner) bestClass(term string) (string, float64) {
	best, score := "", 0.0
	for _, c := range pl.sc.slice.Classes {
		if s := termMatches(term, c.IRI, c.Label); s > score {
			best, score = c.IRI, s
		}
	}
	return best, score
}

// groupOfMember returns the group a question's type phrase names when
// term is its head and the phrase names one of the group by the group's
// name ("staff" for member in "staff member", [lexicon.MemberOf]), or "".
func (pl *planner) groupOfMember(term string) string {
	for _, t := range pl.sg.Requirements.Types {
		if ws := strings.Fields(t); lexicon.MemberOf(ws) && ws[1] == term {
			return ws[0]
		}
	}
	return ""
}

// subjectClass reports whether class is the class that the question's
// first type term, what it asks about, names best ("names of
// entrepreneurs whose investor is not X": entrepreneur).
func (pl *planner) subjectClass(class string) bool {
	ts := pl.sg.Requirements.Types
	if len(ts) == 0 {
		return false
	}
	c, cs := pl.bestClass(ts[0])
	return c == class && cs >= 0.8
}

// namedKeys returns the group keys the question lists when it groups by
// a class and names columns of that class: "the id, name of each editor
// and the number of journal committees" groups by editor#editor_id and
// editor#name, not by the committee's editor_id column. Nil when the
// term names no class, or no attribute asked for is a column of it.
func (pl *planner) namedKeys(term string, out handoff.Output) []skeletons.Item {
	if len(out.Attributes) == 0 {
		return nil
	}
	class, cs := pl.bestClass(term)
	if class == "" || cs < 0.8 {
		return nil
	}
	var cols []*handoff.SliceProperty
	for _, a := range out.Attributes {
		// "List the number and customer id": the number is the count.
		if a == term || a == out.AggregateOf || a == "number" || a == "count" {
			continue
		}
		var best *handoff.SliceProperty
		bs := 0.0
		for _, p := range pl.sc.props {
			if !slices.Contains(p.Domains, class) || len(p.Ranges) > 0 && datatypeKind(p) == kAny {
				continue
			}
			if s := termMatches(a, p.IRI, p.Label); s > bs || s == bs && best != nil && p.IRI < best.IRI {
				best, bs = p, s
			}
		}
		if best != nil && bs >= 0.8 && !slices.Contains(cols, best) {
			cols = append(cols, best)
		}
	}
	if len(cols) == 0 {
		return nil
	}
	i, ok := pl.join(class)
	if !ok {
		return nil
	}
	var items []skeletons.Item
	for _, p := range cols {
		pl.used = append(pl.used, p.IRI)
		items = append(items, skeletons.Item{Attr: &skeletons.Attr{Node: i, Property: p.IRI}})
	}
	return items
}

// order adds ORDER BY and LIMIT from the output.
func (pl *planner) order(out handoff.Output) {
	grouped := len(pl.p.GroupBy) > 0
	if out.OrderBy == "" && out.Limit == 0 && !(grouped && slices.Contains(pl.sg.Operations, handoff.OpRank)) {
		return
	}
	// One row (aggregates only, grouped by nothing) ranked by what it
	// aggregates has no order to make: "Gorgoroth's most famous title"
	// read as a count is no count ranked. (Ranked by another thing, it
	// is the aggregate over the top one: [planner.rankedThing].)
	if !grouped && out.OrderBy != "" && out.OrderBy == out.AggregateOf && len(pl.p.Select) > 0 &&
		!slices.ContainsFunc(pl.p.Select, func(x skeletons.Item) bool { return !x.IsAggregate() }) {
		pl.bonus -= 0.25
		return
	}
	var it skeletons.Item
	desc := out.Descending
	switch {
	case grouped && (out.OrderBy == "" || out.OrderBy == out.AggregateOf || pl.countTerm(out.OrderBy) || pl.groupedBy(out.OrderBy)):
		it = skeletons.Item{Agg: handoff.AggCount}
		for _, x := range pl.p.Select {
			if x.IsAggregate() {
				it = x
				break
			}
		}
		// "the manufacturer with the most shops" where num_of_shops
		// counts each one's shops: the things rank by their own count,
		// grouped by nothing (their rows are one each).
		if cc := pl.countColumn(out.AggregateOf); cc != nil && it.Agg == handoff.AggSum && it.Attr != nil && it.Attr.Node == 0 && it.Attr.Property == cc.IRI &&
			!slices.ContainsFunc(pl.p.GroupBy, func(a skeletons.Attr) bool { return a.Node != 0 }) {
			pl.p.GroupBy = nil
			pl.p.Select = slices.DeleteFunc(pl.p.Select, func(x skeletons.Item) bool { return x.IsAggregate() })
			if len(pl.p.Select) == 0 {
				pl.p.Select = append(pl.p.Select, pl.namings(0)...)
			}
			it = skeletons.Item{Attr: it.Attr, Func: it.Func}
			grouped = false
		}
	case out.OrderBy != "":
		a := pl.pick(siteOrder, false)
		prop, _ := pl.prop(out.OrderBy, kNumber, a)
		named, ns := pl.prop(out.OrderBy, kAny, a)
		// "the largest endowment" is no endowment_id: an identifier
		// ranks only where the question says so ("the highest id").
		if tw := strings.Fields(out.OrderBy); len(tw) > 0 && !lexicon.IdentifierWord(tw[len(tw)-1]) {
			if prop != nil && identifier(prop) {
				prop = nil
			}
			if named != nil && identifier(named) {
				named, ns = nil, 0
			}
		}
		if vt := pl.verbTime(); vt != nil {
			prop = vt
		} else if alt, invert := pl.timeOrder(out.OrderBy); alt != nil && (named == nil || ns < 0.8 || !pl.hasNodeOf(named) && pl.hasNodeOf(alt) && !pl.rankedOf(named, alt) ||
			lexicon.Temporal(out.OrderBy) && pl.ofNamedType(alt) && !pl.ofNamedType(named)) {
			// No attribute of that name on the subjects: one it derives
			// from ("youngest": the latest birth date) or a point in
			// time ("most recently": the opening year).
			prop = alt
			if invert {
				desc = !desc
			}
		}
		if prop == nil {
			// "the highest roller coaster": what the superlative
			// measures (its height), of the thing named, which has no
			// number of its name.
			prop = pl.measuredOf(out.OrderBy)
		}
		if prop == nil && !pl.magnitude() {
			// "the country with the longest life expectancy": no length,
			// but the question names a number of the subjects.
			prop = pl.namedMeasure(out.OrderBy)
		}
		if prop == nil || (named == nil || ns < 0.8) && pl.magnitude() {
			// "the largest stadium": what measures its size.
			if p := pl.sizeOf(out.OrderBy); p != nil {
				prop = p
			}
		}
		if prop == nil {
			prop = pl.namedMeasure(out.OrderBy)
		}
		if prop == nil {
			// "Which song stayed on top the longest?": no column of the
			// verb, but how long it lasted (weeks_on_top).
			prop = pl.lastedFor()
		}
		if prop == nil {
			// "Which flight is the longest?": its distance.
			prop = pl.keptAs(out.OrderBy, 0)
		}
		if (prop == nil || !pl.hasNodeOf(prop)) && isNamingTerm(out.OrderBy) {
			// "List all cities of addresses in alphabetical order": by
			// the words shown, not by a name the subjects lack.
			if x := slices.IndexFunc(pl.p.Select, func(x skeletons.Item) bool {
				p := pl.sc.byIRI[attrProperty(x)]
				return p != nil && x.Agg == "" && x.Func == "" && datatypeKind(p) == kString && !identifier(p)
			}); x >= 0 {
				prop = pl.sc.byIRI[pl.p.Select[x].Attr.Property]
				pl.sortedBy = out.OrderBy
			}
		}
		if prop == nil {
			// An order the question asks for, left out: below a plan
			// that realises it.
			pl.bonus -= 0.25
			return
		}
		at, ok := pl.attrOf(prop)
		if !ok {
			pl.bonus -= 0.25
			return
		}
		it = skeletons.Item{Attr: &at}
		if datatypeKind(prop) == kString && numericStrings(prop) {
			it.Func = "number"
		}
		if grouped {
			it.Agg = handoff.AggSum
		} else if subj := pl.selectedNode(); out.OrderTotal && subj >= 0 && at.Node != subj && pl.refersTo(at.Node, subj) && datatypeKind(prop) == kNumber {
			// "Which student spent the most?": each student by the
			// sum over the visits that refer to them.
			for _, x := range pl.p.Select {
				pl.p.GroupBy = append(pl.p.GroupBy, *x.Attr)
			}
			it.Agg = handoff.AggSum
			grouped = true
		}
	default:
		// "the largest stadium": by what measures size.
		if p := pl.sizeOf(""); p != nil && pl.magnitude() {
			if at, ok := pl.attrOf(p); ok {
				it = skeletons.Item{Attr: &at}
				break
			}
		}
		// "the highest mountain": by the measure the adjective asks
		// for, when the subjects have it.
		if p := pl.measured(handoff.CueSuperlative); p != nil {
			if at, ok := pl.attrOf(p); ok {
				it = skeletons.Item{Attr: &at}
				if datatypeKind(p) == kString {
					it.Func = "number"
				}
				break
			}
		}
		// "the biggest settlement": by the one number the subjects
		// have other than identifiers (its amount), when nothing says
		// what measures their size.
		if pl.magnitude() {
			if p := pl.onlyNumber(pl.p.Nodes[0].Class); p != nil {
				if at, ok := pl.attrOf(p); ok {
					it = skeletons.Item{Attr: &at}
					break
				}
			}
		}
		// A limit without an order: keep the limit only.
		pl.p.Limit = out.Limit
		return
	}
	pl.p.Order = append(pl.p.Order, skeletons.Order{Item: it, Desc: desc})
	pl.p.Limit = out.Limit
	text := pl.textWords()
	if pl.p.Limit == 0 && slices.Contains(pl.sg.Operations, handoff.OpRank) && !sortsAll(text) {
		// A superlative without a number: the one best.
		pl.p.Limit = 1
	}
	// "Which X has the most Y": the answer is X, shown with the count
	// that makes it the most (the evidence for the answer; a sum or an
	// average the order stands on is shown only when the question asks
	// for a number).
	countOf := it.Agg == handoff.AggCount && it.Attr == nil && !it.Distinct
	// "the three top goal scorers": each with the goals that rank them.
	if out.ShowOrder && !grouped && it.Attr != nil && it.Func == "" && !slices.ContainsFunc(pl.p.Select, func(x skeletons.Item) bool { return x.Attr != nil && *x.Attr == *it.Attr }) {
		pl.p.Select = append(pl.p.Select, it)
	}
	if grouped && pl.p.Limit > 0 && countOf && !slices.ContainsFunc(pl.p.Select, func(x skeletons.Item) bool { return x.Agg == handoff.AggCount && x.Attr == nil }) {
		pl.p.Select = append(pl.p.Select, it)
	}
	if grouped && pl.p.Limit > 0 && it.IsAggregate() && !countOf && !asksForNumber(text) {
		kept := pl.p.Select[:0:0]
		for _, x := range pl.p.Select {
			if !x.IsAggregate() {
				kept = append(kept, x)
			}
		}
		if len(kept) > 0 {
			pl.p.Select = kept
		}
	}
	if grouped && pl.p.Limit > 0 && it.IsAggregate() && pl.pick(siteShown, false) > 0 {
		// The other answer form: the aggregate the best one is ranked
		// by shown where it was not, left out where it was.
		if kept := slices.DeleteFunc(slices.Clone(pl.p.Select), skeletons.Item.IsAggregate); len(kept) == len(pl.p.Select) {
			pl.p.Select = append(pl.p.Select, it)
		} else if len(kept) > 0 {
			pl.p.Select = kept
		}
	}
}

// rankedOf reports whether the superlative is said of the things that
// have the attribute named (the players of "the oldest player's
// school": their age) and not of those that have alt (the school's
// founding year).
func (pl *planner) rankedOf(named, alt *handoff.SliceProperty) bool {
	t := pl.superlativeOf()
	if t == "" {
		return false
	}
	of := func(p *handoff.SliceProperty) bool {
		return slices.ContainsFunc(p.Domains, func(d string) bool { return termMatches(t, d, "") >= 0.8 })
	}
	return of(named) && !of(alt)
}

// superlativeOf returns the type term the question's first superlative
// is said of ([handoff.Cue.Of]), "" when none says one.
func (pl *planner) superlativeOf() string {
	for _, c := range pl.sg.Requirements.Cues {
		if c.Kind == handoff.CueSuperlative && c.Of != "" {
			return c.Of
		}
	}
	return ""
}

// sortsAll reports whether the question asks for every thing in an order
// ("ordered by", "in descending order", "each", "all") rather than the
// best one; "order" as a thing ("the order id", "which order") does not.
func sortsAll(words []string) bool {
	for i, w := range words {
		switch w {
		case "ordered", "sort", "sorted", "descending", "ascending", "alphabetical", "alphabetically", "each", "every":
			return true
		case "from":
			// "from oldest to youngest", "from most to least"
			if i+2 < len(words) && words[i+2] == "to" && (strings.HasSuffix(words[i+1], "est") || words[i+1] == "most" || words[i+1] == "least") {
				return true
			}
		case "all":
			// "all the information on the airport with the most …"
			// asks for everything about the one best.
			k := i + 1
			if k < len(words) && words[k] == "the" {
				k++
			}
			if k >= len(words) || !slices.Contains([]string{"information", "info", "details", "data", "attributes"}, words[k]) {
				return true
			}
		case "order":
			// "order by", "order of", "Order the results by age".
			if i+1 < len(words) && (words[i+1] == "by" || words[i+1] == "of") || i+3 < len(words) && words[i+3] == "by" && words[i+1] == "the" ||
				i > 0 && slices.Contains([]string{"in", "ascending", "descending", "alphabetical", "reverse", "increasing", "decreasing", "chronological"}, words[i-1]) && (i+1 == len(words) || lexicon.FunctionWord(words[i+1])) {
				return true
			}
		}
	}
	return false
}

// impliedOrder returns a literal property of a node of the plan that can
// stand for the order term when the schema has no attribute of its name:
// one the term derives from (age from a birth date: inverted), or, for a
// point in time ("date", "year"), any date or year attribute.
// computedAge returns the item that computes an age asked for (term
// "age") when no column holds it but one it is computed from in reverse
// does: the whole years since a date of birth, founding or opening
// ("age"), or since such a year ("since").
func (pl *planner) computedAge(term string) (skeletons.Item, bool) {
	if d, ok := lexicon.DerivedFrom(term); !ok || !d.Inverted {
		return skeletons.Item{}, false
	}
	// A column the term names holds the age itself.
	if slices.ContainsFunc(pl.sc.props, func(p *handoff.SliceProperty) bool { return termMatches(term, p.IRI, p.Label) >= 0.8 }) {
		return skeletons.Item{}, false
	}
	p, inv := pl.impliedOrder(term)
	if p == nil || !inv {
		return skeletons.Item{}, false
	}
	at, ok := pl.attrOf(p)
	if !ok {
		return skeletons.Item{}, false
	}
	switch {
	case datatypeKind(p) == kDate:
		return skeletons.Item{Attr: &at, Func: "age"}, true
	case datatypeKind(p) == kNumber && slices.Contains(words(p.IRI), "year") || datatypeKind(p) == kNumber && yearValues(p):
		return skeletons.Item{Attr: &at, Func: "since"}, true
	}
	return skeletons.Item{}, false
}

// yearValues reports whether a numeric property's values all read as
// years (whole numbers from 1000 to 2999): its range when the slice
// gives it, else its samples.
func yearValues(p *handoff.SliceProperty) bool {
	if p.Min != "" && p.Max != "" {
		lo, hi, ok := numericRange(p)
		return ok && lo >= 1000 && hi < 3000 && lo == math.Trunc(lo) && hi == math.Trunc(hi)
	}
	if len(p.Samples) == 0 {
		return false
	}
	for _, s := range p.Samples {
		s = strings.Trim(s, `"`)
		if len(s) != 4 || s[0] != '1' && s[0] != '2' || strings.Trim(s, "0123456789") != "" {
			return false
		}
	}
	return true
}

// notYears reports whether a numeric property's range shows its values
// are no years: some are fractions or beyond 2999.
func notYears(p *handoff.SliceProperty) bool {
	lo, hi, ok := numericRange(p)
	return ok && (hi >= 3000 || lo != math.Trunc(lo) || hi != math.Trunc(hi))
}

// numericRange returns a property's least and greatest values as numbers
// (ok false when the slice gives no numeric range).
func numericRange(p *handoff.SliceProperty) (lo, hi float64, ok bool) {
	lo, err1 := strconv.ParseFloat(p.Min, 64)
	hi, err2 := strconv.ParseFloat(p.Max, 64)
	return lo, hi, err1 == nil && err2 == nil
}

// ofNamedType reports whether p is a property of a class one of the
// question's type terms names.
func (pl *planner) ofNamedType(p *handoff.SliceProperty) bool {
	return p != nil && slices.ContainsFunc(pl.sg.Requirements.Types, func(t string) bool {
		return slices.ContainsFunc(p.Domains, func(d string) bool { return termMatches(t, d, "") >= 0.8 })
	})
}

func (pl *planner) impliedOrder(term string) (*handoff.SliceProperty, bool) {
	_, derived := lexicon.DerivedFrom(term)
	temporal := lexicon.Temporal(term)
	if !derived && !temporal {
		return nil, false
	}
	var best *handoff.SliceProperty
	invert := false
	named := func(p *handoff.SliceProperty) bool { return slices.Contains(words(p.IRI), term) }
	// "the oldest film": a film's date, not its director's birth date.
	typed := pl.ofNamedType
	for _, p := range pl.sc.props {
		k := datatypeKind(p)
		ws := words(p.IRI)
		// A date kept as text, year first ("2018-07-29"), named a date
		// or one the term derives from (a date of birth for "oldest").
		textDate := false
		if k == kString && isoDates(p) && !identifier(p) {
			ok, _ := lexicon.Derives(term, ws)
			textDate = temporal && slices.ContainsFunc(ws, lexicon.Temporal) || derived && ok
		}
		if k == kAny || k == kString && !numericStrings(p) && !textDate || !pl.hasNodeOf(p) {
			continue
		}
		ok, inv := lexicon.Derives(term, ws)
		if !ok && temporal && (k == kDate || slices.ContainsFunc(ws, lexicon.Temporal)) {
			ok, inv = true, false
		}
		// A property of the things the question names first, then one
		// named by the term itself ("date"), then the most relevant.
		if ok && (best == nil || typed(p) && !typed(best) || typed(p) == typed(best) && (named(p) && !named(best) || named(p) == named(best) && p.Score > best.Score)) {
			best, invert = p, inv
		}
	}
	if !derived {
		invert = false
	}
	// "When was the oldest wine made?": where no column says an origin
	// (a birth, a founding), the things' own date or year does, the
	// oldest the earliest.
	if d, _ := lexicon.DerivedFrom(term); best == nil && derived && d.Inverted {
		for _, p := range pl.sc.props {
			// A date, or a number named as a year or a date.
			k := datatypeKind(p)
			dated := k == kDate || k == kNumber && lexicon.DatedOrigin(term, words(p.IRI))
			if !dated || !pl.hasNodeOf(p) || identifier(p) {
				continue
			}
			if best == nil || typed(p) && !typed(best) || typed(p) == typed(best) && p.Score > best.Score {
				best, invert = p, true
			}
		}
	}
	return best, invert
}

// timeOrder is [planner.impliedOrder] of term, or, for a superlative of
// time ("the race that occurred most recently") whose verb no column is
// named after, of the things' date.
func (pl *planner) timeOrder(term string) (*handoff.SliceProperty, bool) {
	if p, invert := pl.impliedOrder(term); p != nil {
		return p, invert
	}
	if pl.recency() {
		return pl.impliedOrder("date")
	}
	return nil, false
}

// recency reports a superlative of time without an attribute
// ([lexicon.Recency]).
func (pl *planner) recency() bool {
	return slices.ContainsFunc(pl.sg.Requirements.Cues, func(c handoff.Cue) bool {
		return c.Kind == handoff.CueSuperlative && lexicon.Recency(c.Text)
	})
}

// verbTime is, for a superlative of time ("Which minister left office
// most recently?"), the point in time the question's verb names: a
// column of the things named after the verb and its object
// (party#left_office) that holds dates or years. Nil when there is none:
// "Which race happened most recently?" orders by the race's date.
func (pl *planner) verbTime() *handoff.SliceProperty {
	if !pl.recency() {
		return nil
	}
	r := pl.sg.Requirements
	var phrases []string
	for _, j := range r.Joins {
		if j.Via != "" && j.To != "" {
			phrases = append(phrases, j.Via+" "+j.To)
		}
	}
	for _, t := range r.Predicates {
		if !lexicon.Temporal(t) {
			phrases = append(phrases, t)
		}
	}
	for _, t := range phrases {
		p, s := pl.prop(t, kAny, 0)
		if p == nil || s < 0.8 || identifier(p) || !pl.hasNodeOf(p) {
			continue
		}
		if k := datatypeKind(p); k == kDate || k == kNumber && yearValues(p) || k == kString && (isoDates(p) || numericStrings(p) && yearValues(p)) {
			return p
		}
	}
	return nil
}

// peopleNumber returns the verb of the question that names a number of
// people the subjects hold, when the question counts people: "How many
// people were killed" of perpetrator#killed. The verb is a participle
// ("killed", "injured") or a verb standing for an attribute ("kill" for
// number_deaths) naming a numeric column of the subjects; "" when there
// is none. Things the schema has no class or property of rank the
// same way: "Which journal sold the most copies?" ranks by its sales.
func (pl *planner) peopleNumber() string {
	agg := pl.sg.Requirements.Output.AggregateOf
	if agg == "" || len(pl.p.Nodes) == 0 {
		return ""
	}
	if !lexicon.People(agg) {
		if pl.sg.Requirements.Output.OrderBy != agg || pl.namesClass(agg) {
			return ""
		}
		if p, s := pl.prop(agg, kAny, 0); p != nil && s >= 0.5 {
			return ""
		}
	}
	// "How many people weigh more than 90?" counts the people
	// themselves.
	if termMatches(pl.sg.Requirements.Output.AggregateOf, pl.p.Nodes[0].Class, "") >= 0.8 {
		return ""
	}
	for _, t := range pl.sg.Requirements.Predicates {
		// "killed", or "kill" for deaths, or "visit" for visitors.
		if d, ok := lexicon.DerivedFrom(t); !lexicon.Participle(t) && (!ok || d.Inverted) && len(lexicon.AgentNouns(t)) == 0 {
			continue
		}
		if p, s := pl.prop(t, kNumber, 0); p != nil && s >= 0.8 && slices.Contains(p.Domains, pl.p.Nodes[0].Class) &&
			(datatypeKind(p) == kNumber || numericStrings(p)) && !identifier(p) {
			return t
		}
	}
	// "Which county has the most people?": a place's people are its
	// population, when no class of the slice is people.
	if !pl.namesClass(pl.sg.Requirements.Output.AggregateOf) {
		for _, p := range pl.sc.props {
			if ok, _ := lexicon.Derives("resident", words(p.IRI)); ok && slices.Contains(p.Domains, pl.p.Nodes[0].Class) && datatypeKind(p) == kNumber {
				return "resident"
			}
		}
	}
	return ""
}

// measured returns the subjects' numeric property that a superlative of
// the question measures ("highest": height, "fastest": speed; see
// [lexicon.Measure]), or nil.
func (pl *planner) measured(kind handoff.CueKind) *handoff.SliceProperty {
	return pl.measuredWhere(kind, func(p *handoff.SliceProperty) bool { return slices.Contains(p.Domains, pl.p.Nodes[0].Class) })
}

// onePerSubject reports whether the plan's pattern has at most one row
// per subject: node 0 alone, or joined only through references each
// thing has one of (Direct Mapping foreign keys, followed forward).
func (pl *planner) onePerSubject() bool {
	return !slices.ContainsFunc(pl.p.Edges, func(e skeletons.Edge) bool {
		return e.To <= e.From || !slices.ContainsFunc(pl.sc.slice.Properties, func(sp handoff.SliceProperty) bool { return sp.IRI == e.Property && sp.ForeignKey })
	})
}

// measuredOf returns the numeric property that a superlative of the
// question measures of the class a term names or of a node of the plan
// ("the highest roller coaster": its height), or nil.
func (pl *planner) measuredOf(term string) *handoff.SliceProperty {
	return pl.measuredWhere(handoff.CueSuperlative, func(p *handoff.SliceProperty) bool {
		return pl.hasNodeOf(p) || slices.ContainsFunc(p.Domains, func(d string) bool { return termMatches(term, d, "") >= 0.8 })
	})
}

// measuredWhere returns the first numeric property (a number, or digits
// kept as text) that a cue of the kind measures ([lexicon.PhraseMeasure])
// and whose place suits of, or nil.
func (pl *planner) measuredWhere(kind handoff.CueKind, of func(*handoff.SliceProperty) bool) *handoff.SliceProperty {
	for _, c := range pl.sg.Requirements.Cues {
		if c.Kind != kind {
			continue
		}
		m := lexicon.PhraseMeasure(c.Text, c.Term)
		if m == "" {
			continue
		}
		if p, s := pl.prop(m, kNumber, 0); p != nil && s >= 0.8 && (datatypeKind(p) == kNumber || numericStrings(p)) && of(p) {
			return p
		}
	}
	return nil
}

// namedMeasure returns the numeric attribute of the plan's subjects that
// a term of the question other than except names outright (a match of
// at least 0.9; no identifier), when exactly one does: what a
// superlative whose own measure the subjects lack ("longest": a length)
// ranks by ("the longest life expectancy"). Terms naming a class of the
// slice are skipped.
func (pl *planner) namedMeasure(except string) *handoff.SliceProperty {
	if len(pl.p.Nodes) == 0 {
		return nil
	}
	r := pl.sg.Requirements
	var found *handoff.SliceProperty
	for _, t := range append(slices.Clone(r.Predicates), r.Types...) {
		if t == except || slices.ContainsFunc(pl.sc.slice.Classes, func(c handoff.SliceClass) bool { return termMatches(t, c.IRI, c.Label) >= 0.8 }) {
			continue
		}
		p, s := pl.prop(t, kNumber, 0)
		if p == nil || s < 0.9 || datatypeKind(p) != kNumber || identifier(p) || !slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
			continue // an identifier measures nothing ("the id of the longest song")
		}
		if found != nil && found.IRI != p.IRI {
			return nil
		}
		found = p
	}
	return found
}

// ranksByNamed reports whether the order the question asks for falls
// to p as its [planner.namedMeasure]: the order term names no number of
// the subjects, nor one it derives from.
func (pl *planner) ranksByNamed(p *handoff.SliceProperty) bool {
	by := pl.sg.Requirements.Output.OrderBy
	if by == "" {
		return false
	}
	if q, _ := pl.prop(by, kNumber, 0); q != nil {
		return false
	}
	if q, _ := pl.impliedOrder(by); q != nil {
		return false
	}
	if pl.magnitude() && pl.sizeOf(by) != nil {
		return false
	}
	m := pl.namedMeasure(by)
	return m != nil && m.IRI == p.IRI
}

// magnitude reports whether a superlative or comparative of the question
// speaks of size ("largest", "smaller").
func (pl *planner) magnitude() bool {
	return slices.ContainsFunc(pl.sg.Requirements.Cues, func(c handoff.Cue) bool {
		return (c.Kind == handoff.CueSuperlative || c.Kind == handoff.CueComparative) && slices.ContainsFunc(strings.Fields(c.Text), lexicon.Magnitude)
	})
}

// keptAs returns the subjects' numeric column that a measure no column
// is named for is kept as ([lexicon.AlsoMeasured]: a flight's length,
// its distance), or nil; alt is [planner.prop]'s.
func (pl *planner) keptAs(measure string, alt int) *handoff.SliceProperty {
	for _, t := range lexicon.AlsoMeasured(measure) {
		if p, s := pl.prop(t, kNumber, alt); p != nil && s >= 0.8 && datatypeKind(p) == kNumber && len(pl.p.Nodes) > 0 && slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
			return p
		}
	}
	return nil
}

// lastedFor returns the one numeric column of the plan's subjects that
// counts a length of time ([lexicon.Duration]: weeks_on_top,
// days_held) when a superlative or comparative of length ("longest",
// "shorter") ranks them, or nil.
func (pl *planner) lastedFor() *handoff.SliceProperty {
	if !slices.ContainsFunc(pl.sg.Requirements.Cues, func(c handoff.Cue) bool {
		return (c.Kind == handoff.CueSuperlative || c.Kind == handoff.CueComparative) && lexicon.PhraseMeasure(c.Text) == "length" ||
			c.Kind == handoff.CueComparative && c.Term == "length" // "outlasted"
	}) {
		return nil
	}
	var out *handoff.SliceProperty
	for _, p := range pl.sc.props {
		if datatypeKind(p) != kNumber || identifier(p) || !pl.hasNodeOf(p) || !slices.ContainsFunc(words(p.IRI), lexicon.Duration) {
			continue
		}
		if out != nil {
			return nil
		}
		out = p
	}
	return out
}

// sizeOf returns the numeric property that measures the size of what
// term names: of the class term names when there is one ("stadium" →
// its capacity), else of the plan's subjects.
func (pl *planner) sizeOf(term string) *handoff.SliceProperty {
	class := ""
	best := 0.0
	for _, c := range pl.sc.slice.Classes {
		if s := termMatches(term, c.IRI, c.Label); s >= 0.8 && s > best {
			class, best = c.IRI, s
		}
	}
	var out *handoff.SliceProperty
	for _, p := range pl.sc.props {
		// volume_id is no volume: an identifier measures nothing.
		if datatypeKind(p) != kNumber || identifier(p) || !slices.ContainsFunc(words(p.IRI), lexicon.Size) {
			continue
		}
		if class != "" && !slices.Contains(p.Domains, class) || class == "" && !pl.hasNodeOf(p) {
			continue
		}
		if out == nil || p.Score > out.Score {
			out = p
		}
	}
	if out == nil && class != "" {
		// "the largest endowment": the one number a class named has
		// (its amount), when none says size.
		return pl.onlyNumber(class)
	}
	return out
}

// onlyNumber returns the one numeric property of class c in the slice
// that is no identifier, or of several the one named after the class
// (a claim's amount_claimed, not its amount_settled); nil when there is
// none, or several and not exactly one named so.
func (pl *planner) onlyNumber(c string) *handoff.SliceProperty {
	var nums []*handoff.SliceProperty
	for _, p := range pl.sc.props {
		if datatypeKind(p) == kNumber && !identifier(p) && slices.Contains(p.Domains, c) {
			nums = append(nums, p)
		}
	}
	if len(nums) > 1 {
		cw := words(c)
		if len(cw) == 0 {
			return nil
		}
		// (The class's word or its participle: claims, claimed.)
		cs := stem(cw[len(cw)-1])
		nums = slices.DeleteFunc(nums, func(p *handoff.SliceProperty) bool {
			return !slices.ContainsFunc(kg.Words(kg.SplitIRI(p.IRI).Column()), func(w string) bool {
				return stem(w) == cs || strings.HasPrefix(w, cs) && len(w) <= len(cs)+2
			})
		})
	}
	if len(nums) != 1 {
		return nil
	}
	return nums[0]
}

// agentKeys returns the group keys for a count ranked per agent that a
// verb of the question names ("Who directed the most films?"): the
// naming of the node at the other end of the relation the verb names,
// or the subjects' column named by the verb's agent noun (director for
// "directed", architect for "designed"), through the reference beside
// it when the column is a key. Nil when there is none.
func (pl *planner) agentKeys() []skeletons.Item {
	if to := pl.followRelation(); to >= 0 {
		return pl.namings(to)
	}
	said := func(p *handoff.SliceProperty) bool {
		return slices.ContainsFunc(words(p.IRI), func(w string) bool {
			forms := lexicon.VerbForms(w)
			return slices.ContainsFunc(pl.sg.Requirements.Predicates, func(t string) bool { return slices.Contains(forms, t) })
		})
	}
	for _, p := range pl.sc.props {
		if !said(p) || len(pl.p.Nodes) == 0 || !slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
			continue
		}
		ref := p
		if len(p.Ranges) == 0 && identifier(p) {
			// architect_id: the reference beside it leads to the
			// architect and its name.
			ref = nil
			for _, q := range pl.sc.props {
				if len(q.Ranges) > 0 && slices.Contains(q.Domains, pl.p.Nodes[0].Class) && said(q) && pl.hasNaming(q.Ranges[0]) {
					ref = q
				}
			}
		}
		if ref != nil && len(ref.Ranges) > 0 {
			if !pl.hasNaming(ref.Ranges[0]) {
				continue
			}
			pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: ref.Ranges[0]})
			to := len(pl.p.Nodes) - 1
			pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: 0, To: to, Property: ref.IRI})
			pl.used = append(pl.used, ref.IRI, ref.Ranges[0])
			return pl.namings(to)
		}
		if ref == nil {
			continue
		}
		if at, ok := pl.attrOf(p); ok {
			return []skeletons.Item{{Attr: &at}}
		}
	}
	return nil
}

// relationTerm reports whether a requirement term names a relation (an
// object property of the slice) rather than an attribute.
func (pl *planner) relationTerm(term string) bool {
	p, _ := pl.relation(term)
	return p != nil
}

// relation returns the object property of the slice that term names
// best (the slice matched it, or its name has the term's words), and
// its match score.
func (pl *planner) relation(term string) (*handoff.SliceProperty, float64) {
	var best *handoff.SliceProperty
	bestScore := 0.0
	for _, p := range pl.sc.props {
		if datatypeKind(p) != kAny || len(p.Ranges) == 0 {
			continue
		}
		s := termMatches(term, p.IRI, p.Label)
		if slices.Contains(p.Matched, term) {
			s = max(s, 0.9)
		}
		// "Who acted in Iron Meridian?": the relation to the agents of
		// the verb (starring, to actors); "the players and their clubs":
		// the relation to the class the term names (playsFor); "Who
		// teaches Computer Vision?": the relation named for the verb's
		// agent (course#ref-instructor, to faculty).
		if s < 0.8 && slices.ContainsFunc(append(lexicon.AgentNouns(term), term), func(n string) bool {
			return slices.ContainsFunc(p.Ranges, func(r string) bool { return termMatches(n, r, "") >= 0.8 })
		}) || s < 0.8 && slices.ContainsFunc(lexicon.AgentNouns(term), func(n string) bool { return termMatches(n, p.IRI, p.Label) >= 0.8 }) {
			s = 0.8
		}
		if s >= 0.8 && s > bestScore {
			best, bestScore = p, s
		}
	}
	return best, bestScore
}

// followRelation adds, for the first predicate or attribute term of the
// question that names a relation not yet in the plan, the node at the
// relation's other end (from a node of the plan, forward or backward),
// and returns it; -1 when there is none. Its name is then the answer.
func (pl *planner) followRelation() int {
	r := &pl.sg.Requirements
	// "Which players play for the same team as Magnus Dahl?": the
	// players, compared with him through the relation.
	if slices.ContainsFunc(r.Filters, sameAsFilter) {
		return -1
	}
	// ("the population of the capital of Japan": a type term that names
	// no class but a relation.)
	var relTypes []string
	for _, t := range r.Types {
		if !pl.namesClass(t) {
			relTypes = append(relTypes, t)
		}
	}
	for _, t := range slices.Concat(r.Output.Attributes, r.Predicates, relTypes) {
		p, rs := pl.relation(t)
		if p == nil || slices.ContainsFunc(pl.p.Edges, func(e skeletons.Edge) bool { return e.Property == p.IRI }) {
			continue
		}
		// "Who directed the oldest film?" over directors: the subjects
		// are already who did it.
		if slices.ContainsFunc(lexicon.AgentNouns(t), func(n string) bool { return termMatches(n, pl.p.Nodes[0].Class, "") >= 0.8 }) {
			continue
		}
		// A column of the same name holds the value itself (a foreign
		// key "location_code" beside the reference to the location),
		// unless it holds a number and "who" asks for the one it
		// stands for ("Who teaches Computer Vision?": course#instructor
		// holds the instructor's id).
		if lp, ls := pl.prop(t, kAny, 0); lp != nil && ls >= rs && !(pl.sg.Asks("who") && datatypeKind(lp) == kNumber) {
			continue
		}
		for i, n := range pl.p.Nodes {
			var other string
			fwd := false
			switch {
			case slices.Contains(p.Domains, n.Class):
				other, fwd = p.Ranges[0], true
			case slices.Contains(p.Ranges, n.Class) && len(p.Domains) > 0:
				other = p.Domains[0]
			default:
				continue
			}
			if !pl.hasNaming(other) && !pl.hasPersonNames(other) {
				continue // its answer would be bare identifiers
			}
			pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: other})
			to := len(pl.p.Nodes) - 1
			if fwd {
				pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: i, To: to, Property: p.IRI})
			} else {
				pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: to, To: i, Property: p.IRI})
			}
			pl.used = append(pl.used, p.IRI, other)
			return to
		}
	}
	return -1
}

// agentReference adds, from a node of the plan, the node its one
// reference named for an agent leads to (products#ref-manufacturer, to
// manufacturers), when that class has a name, and returns it; -1 when
// there is no such reference, or more than one.
func (pl *planner) agentReference() int {
	var ref *handoff.SliceProperty
	from := -1
	for i, n := range pl.p.Nodes {
		for _, p := range pl.sc.props {
			col := words(kg.SplitIRI(p.IRI).Column())
			if len(p.Ranges) != 1 || !slices.Contains(p.Domains, n.Class) || len(col) == 0 || !lexicon.Agent(col[len(col)-1]) ||
				!pl.hasNaming(p.Ranges[0]) || slices.ContainsFunc(pl.p.Edges, func(e skeletons.Edge) bool { return e.Property == p.IRI }) {
				continue
			}
			if ref != nil {
				return -1
			}
			ref, from = p, i
		}
	}
	if ref == nil {
		return -1
	}
	pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: ref.Ranges[0]})
	to := len(pl.p.Nodes) - 1
	pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: from, To: to, Property: ref.IRI})
	pl.used = append(pl.used, ref.IRI, ref.Ranges[0])
	return to
}

// classMeasure returns the one numeric attribute of the class term
// names, other than identifiers, when the slice has exactly one: "the
// average rating" of movies rated in a class rating, whose figure is its
// stars. Nil otherwise.
func (pl *planner) classMeasure(term string) *handoff.SliceProperty {
	c, cs := pl.bestClass(term)
	if cs < 0.8 {
		return nil
	}
	return pl.soleMeasure(c)
}

// nodeMeasure returns the sole measure ([planner.soleMeasure]) of the
// first node of the plan that has one; nil if none has.
func (pl *planner) nodeMeasure() *handoff.SliceProperty {
	for _, n := range pl.p.Nodes {
		if p := pl.soleMeasure(n.Class); p != nil {
			return p
		}
	}
	return nil
}

// soleMeasure returns the one numeric property of class c in the slice,
// identifiers aside; nil when it has none or several.
func (pl *planner) soleMeasure(c string) *handoff.SliceProperty {
	var found *handoff.SliceProperty
	for _, p := range pl.sc.props {
		if len(p.Domains) != 1 || p.Domains[0] != c || datatypeKind(p) != kNumber || identifier(p) {
			continue
		}
		if found != nil {
			return nil
		}
		found = p
	}
	return found
}

// writtenName returns the name that property name holds for the thing
// the question names by mention, as the graph writes it, where the
// question said its start ("more than Interim but salutary": the mention
// "Interim" linked to the room "Interim but salutary"); so too where the
// question says the start of the one such name ("older than Fresno
// State": Fresno State University). The mention itself otherwise.
func (pl *planner) writtenName(name, mention string) string {
	value := mention
	var starts []string
	for _, v := range pl.sc.slice.Values {
		if v.Property == name && strings.EqualFold(v.Mention, mention) {
			if strings.EqualFold(strings.TrimSpace(v.Value), mention) {
				return v.Value
			}
			if vw, mw := kg.Words(v.Value), kg.Words(mention); len(vw) > len(mw) && slices.Equal(vw[:len(mw)], mw) {
				if strings.Contains(strings.ToLower(pl.sg.Text), strings.ToLower(v.Value)) {
					value = v.Value
				} else if !slices.Contains(starts, v.Value) {
					starts = append(starts, v.Value)
				}
			}
		}
	}
	if value == mention && len(starts) == 1 {
		value = starts[0]
	}
	return value
}

// namedBy returns the columns of class c that name the thing the
// question names by mention, and the value each holds for it: its given
// and family names ("older than Dinesh Kumar": fname "Dinesh", lname
// "Kumar"), or else its name as the graph writes it
// ([planner.writtenName]); nil, nil when c has neither. The columns count
// as used.
func (pl *planner) namedBy(c, mention string) (cols, values []string) {
	ws := strings.Fields(mention)
	if given, family := pl.personNames(c); given != nil && len(ws) >= 2 {
		pl.used = append(pl.used, given.IRI, family.IRI)
		return []string{given.IRI, family.IRI}, []string{strings.Join(ws[:len(ws)-1], " "), ws[len(ws)-1]}
	}
	if cols, values := pl.splitNamed(c, mention); cols != nil {
		pl.used = append(pl.used, cols...)
		return cols, values
	}
	// (Or the column the slice shows them by where none names them:
	// university#school.)
	if name := cmp.Or(pl.linkedNaming(c, mention), pl.namingIRI(c), pl.shown(c)); name != "" {
		pl.used = append(pl.used, name)
		return []string{name}, []string{pl.writtenName(name, mention)}
	}
	return nil, nil
}

// splitNamed returns the columns of class c over which the graph splits
// a name the question writes whole, and each one's part, as the values
// linked to the mention show ("Alicia Carroll": personal_name "Alicia",
// family_name "Carroll"); nil, nil unless two or more parts cover the
// mention's words.
func (pl *planner) splitNamed(c, mention string) (cols, values []string) {
	mw := strings.Fields(strings.ToLower(mention))
	covered := 0
	for i := range pl.sc.slice.Values {
		v := &pl.sc.slice.Values[i]
		if !strings.EqualFold(v.Mention, mention) || slices.Contains(cols, v.Property) {
			continue
		}
		vw := strings.Fields(strings.ToLower(v.Value))
		if len(vw) == 0 || len(vw) >= len(mw) || !containsRun(mw, vw) {
			continue
		}
		if p, ok := pl.sc.byIRI[v.Property]; !ok || !slices.Contains(p.Domains, c) || datatypeKind(p) != kString {
			continue
		}
		cols, values = append(cols, v.Property), append(values, v.Value)
		covered += len(vw)
	}
	if len(cols) < 2 || covered != len(mw) {
		return nil, nil
	}
	return cols, values
}

// namedConds returns, for each column of node's class, the condition
// that it compares by op with its value ([planner.namedBy]).
func namedConds(node int, cols, values []string, op handoff.FilterOp) []skeletons.Cond {
	out := make([]skeletons.Cond, len(cols))
	for i, c := range cols {
		out[i] = skeletons.Cond{Item: skeletons.Item{Attr: &skeletons.Attr{Node: node, Property: c}}, Op: op, Value: sparql.NewLiteral(values[i])}
	}
	return out
}

// countBound realises "Which albums have more songs than Cartography?",
// "Who has enrolled in more courses than Marshall Johns?": the things
// counted are joined, and each subject's count is bounded by the named
// one's, counted the same way. It reports whether it added the
// condition.
func (pl *planner) countBound(f handoff.Filter, op handoff.FilterOp) bool {
	if !pl.countsEntities(f.Attribute) || len(pl.p.Nodes) == 0 {
		return false
	}
	root := pl.p.Nodes[0].Class
	// The named one among the subjects.
	cols, values := pl.namedBy(root, f.Value)
	if cols == nil {
		return false
	}
	named := namedConds(0, cols, values, handoff.FilterEq)
	n := len(pl.p.Nodes)
	pl.joinCounted(f.Attribute)
	if len(pl.p.Nodes) == n {
		return false // nothing joined to count: the subjects' own rows are one each
	}
	if op == handoff.FilterEq {
		// As many as the named one, who is not among the answers.
		self := namedConds(0, cols, values, handoff.FilterNe)
		if len(self) > 1 {
			self = []skeletons.Cond{{Or: self}}
		}
		pl.p.Filters = append(pl.p.Filters, self...)
	}
	sub := &skeletons.Plan{Nodes: slices.Clone(pl.p.Nodes), Edges: slices.Clone(pl.p.Edges), Filters: named,
		Select: []skeletons.Item{{Agg: handoff.AggCount}}}
	pl.having = append(pl.having, skeletons.Cond{Item: skeletons.Item{Agg: handoff.AggCount}, Op: op, Sub: sub})
	pl.bonus += 0.5
	return true
}

// stateColumn reports whether the column iri says a state things are
// in: its last word is code, status, result or outcome.
func stateColumn(iri string) bool {
	w := words(iri)
	return len(w) > 0 && slices.Contains([]string{"code", "status", "result", "outcome"}, w[len(w)-1])
}

// ownMeasure returns the numeric property of class c in the slice that
// its name says is the class's own (amount_claimed of claims,
// amount_payment of payments), identifiers aside; nil when none or
// several are.
func (pl *planner) ownMeasure(c string) *handoff.SliceProperty {
	// The class's name, or a word the question names it by
	// (amount_claimed of claim_headers, "claims").
	said := [][]string{words(c)}
	for _, t := range pl.sg.Requirements.Types {
		if termMatches(t, c, "") >= 0.8 {
			said = append(said, strings.Fields(t))
		}
	}
	var found *handoff.SliceProperty
	for _, p := range pl.sc.props {
		if len(p.Domains) != 1 || p.Domains[0] != c || datatypeKind(p) != kNumber || identifier(p) ||
			!slices.ContainsFunc(said, func(cw []string) bool { return lexicon.SaysClass(words(p.IRI), cw) }) {
			continue
		}
		if found != nil {
			return nil
		}
		found = p
	}
	return found
}

// joinPeople realises "who" of subjects that are not the people asked
// for: "Who sang at the Auditions concert?" joins the class a verb's
// agent noun names (singer), and "Who owns a cat?", of pets that name no
// one, the first class whose things have a given and a family name
// (student, through has_pet). It returns the joined node, whose names
// answer; -1 when none joins.
func (pl *planner) joinPeople(root string) int {
	agent := func(c string) bool {
		for _, t := range pl.sg.Requirements.Predicates {
			if slices.ContainsFunc(lexicon.AgentNouns(t), func(n string) bool { return termMatches(n, c, "") >= 0.8 }) {
				return true
			}
		}
		return false
	}
	if agent(root) || pl.personClass(root) {
		return -1
	}
	// "Who directed Avatar?" over movies with a director column: the
	// column says who; no one is joined.
	for _, p := range pl.sc.props {
		if slices.Contains(p.Domains, root) && datatypeKind(p) == kString && agent(p.IRI) {
			return -1
		}
	}
	named := pl.hasNaming(root)
	for pass := range 3 {
		for _, c := range pl.sc.slice.Classes {
			if c.IRI == root {
				continue
			}
			switch pass {
			case 0:
				if !agent(c.IRI) || !pl.hasNaming(c.IRI) {
					continue
				}
			case 1:
				if g, f := pl.nameColumns(c.IRI); named || g == nil || f == nil {
					continue
				}
			case 2:
				// "Who has been to the Jungle Cruise?": the visitors,
				// a class of people with a name (or a first and a last
				// one: "Who spent more than $10 on a restaurant
				// visit?", the students).
				if g, _ := pl.nameColumns(c.IRI); !pl.personClass(c.IRI) || !pl.hasNaming(c.IRI) && g == nil {
					continue
				}
			}
			if to, ok := pl.join(c.IRI); ok {
				pl.notes = append(pl.notes, "who: the people the subjects are linked to")
				return to
			}
		}
	}
	return -1
}

// personClass reports whether class c's things are people: its name's
// last word is a kind of person ("visitors", "employee").
func (pl *planner) personClass(c string) bool {
	w := words(c)
	return len(w) > 0 && lexicon.Person(w[len(w)-1])
}

// hasNaming reports whether the slice has a naming property (name,
// title) of class c.
func (pl *planner) hasNaming(c string) bool { return pl.namingIRI(c) != "" }

// hasPersonNames reports whether class c's things are known by a given
// and a family name ([planner.personNames]).
func (pl *planner) hasPersonNames(c string) bool {
	given, _ := pl.personNames(c)
	return given != nil
}

// agentColumn returns a text column of the plan's things that says who
// did what a verb of the question names: its agent noun (director for
// "directed") or the participle with "by" (eliminated_by); nil if none.
func (pl *planner) agentColumn() *handoff.SliceProperty {
	for _, v := range pl.sg.Requirements.Verbs {
		v = strings.ToLower(v)
		nouns := lexicon.AgentNouns(v)
		for _, p := range pl.sc.props {
			if !pl.hasNodeOf(p) || datatypeKind(p) != kString || identifier(p) {
				continue
			}
			w := words(p.IRI)
			i := slices.Index(w, v)
			if i >= 0 && i+1 < len(w) && w[i+1] == "by" || slices.ContainsFunc(nouns, func(n string) bool { return termMatches(n, p.IRI, "") >= 0.8 }) {
				return p
			}
		}
	}
	return nil
}

// identifier reports whether a property holds identifiers or codes
// ("language_id", the column of a reference): numbers that are never
// summed or compared as sizes.
func identifier(p *handoff.SliceProperty) bool {
	w := words(p.IRI)
	return p.Key || len(w) > 0 && lexicon.IdentifierWord(w[len(w)-1])
}

// lastWordIn reports whether the last word of p's name is one of ws.
func lastWordIn(p *handoff.SliceProperty, ws ...string) bool {
	w := words(p.IRI)
	return len(w) > 0 && slices.Contains(ws, w[len(w)-1])
}

// asksAnswer reports whether the answer cue's wh-phrase is one for which
// ok holds.
func asksAnswer(cues []handoff.Cue, ok func(phrase string) bool) bool {
	return slices.ContainsFunc(cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueAnswer && ok(c.Text) })
}

// asksQuantity reports whether a wh-phrase asks for an amount of
// something other than a count ("how much", "how old", "how tall").
func asksQuantity(phrase string) bool {
	return strings.HasPrefix(phrase, "how ") && phrase != "how many"
}

// isWhere reports whether a wh-phrase asks for a place.
func isWhere(phrase string) bool { return phrase == "where" }

// answerWith makes the projection answer with a property of a node of
// the plan for which kind holds (a date for "when", a place for
// "where"), when no projected attribute is one: it replaces a
// projection of names only (the name of the thing asked about would echo
// it) and is added to any other. The property whose name the question's
// predicate terms match best wins, then the most relevant. With other,
// columns of that kind are then dropped ([planner.onlyAnswer]).
func (pl *planner) answerWith(kind, other func(*handoff.SliceProperty) bool) {
	if other != nil {
		defer pl.onlyAnswer(kind, other)
	}
	onlyNames := true
	for _, it := range pl.p.Select {
		if it.Attr == nil || it.Attr.Property == "" {
			continue
		}
		p, ok := pl.sc.byIRI[it.Attr.Property]
		if ok && kind(p) && !identifier(p) {
			return // already answered (an election_id says no when)
		}
		// The subjects' naming column, whatever its name (school#school).
		// (Or its own key, which shows what nothing names.)
		naming := false
		if it.Attr.Node < len(pl.p.Nodes) {
			c := pl.p.Nodes[it.Attr.Node].Class
			name := pl.namingIRI(c)
			// (Its key too, which shows what nothing names, or what is
			// shown where the name is given: "When did Mike Anderson
			// review …?", reviewer#rid, answers nothing.)
			naming = it.Attr.Property == name || it.Attr.Property == pl.shown(c) ||
				keyOf(it.Attr.Property, c) || ok && identifier(p) ||
				// The column the question's type word names, whose
				// values read as names (university#school of "the school
				// with …": "Rutgers University").
				ok && namesValues(p) && slices.ContainsFunc(pl.sg.Requirements.Types, func(t string) bool { return termMatches(t, p.IRI, p.Label) >= 0.8 })
		}
		if w := words(it.Attr.Property); !naming && (len(w) == 0 || !isNamingTerm(w[len(w)-1]) && !(ok && len(p.Domains) == 1 && lexicon.NamingRank(w, words(p.Domains[0])) == 4)) {
			onlyNames = false
		}
	}
	var best *handoff.SliceProperty
	bestMatch := -1.0
	for _, p := range pl.sc.props {
		if !kind(p) || !pl.hasNodeOf(p) {
			continue
		}
		m := 0.0
		for _, t := range pl.sg.Requirements.Predicates {
			m = max(m, termMatches(t, p.IRI, p.Label))
		}
		// "When was the catalog published?": its date_of_publication,
		// the event of the verb.
		if slices.ContainsFunc(words(p.IRI), func(w string) bool {
			return slices.ContainsFunc(pl.sg.Requirements.Verbs, func(v string) bool { return lexicon.EventNoun(w, strings.ToLower(v)) })
		}) {
			m = max(m, 0.9)
		}
		// "Which town is … in?": a town's column (location, city)
		// before a county's.
		if ts := pl.sg.Requirements.Types; len(ts) > 0 && lexicon.Place(ts[0]) {
			m = max(m, termMatches(ts[0], p.IRI, p.Label))
			if lexicon.Settlement(ts[0]) && slices.ContainsFunc(words(p.IRI), lexicon.Settlement) {
				m = max(m, 0.5)
			}
		}
		if m == 0 && pl.linksNodes(p) {
			// "When did Mike Anderson review Gone with the Wind?": the
			// date of the rating that links the two, not the movie's
			// year.
			m = 0.01
		}
		if m > bestMatch || m == bestMatch && p.Score > best.Score {
			best, bestMatch = p, m
		}
	}
	if best == nil && len(pl.p.Nodes) > 0 {
		// "Where does Linda Williams live?": where the subjects hold
		// their place as a key (customer#address_id), the place
		// columns of what it refers to (address#address), its first.
		named := false
		for _, p := range pl.sc.props {
			if !kind(p) || identifier(p) || len(p.Domains) != 1 || !pl.placeKeyTo(p.Domains[0]) {
				continue
			}
			// The column that names the place (address#address), not a
			// second line of it (address2).
			n := p.IRI == pl.namingIRI(p.Domains[0])
			if best == nil || n && !named || n == named && p.Score > best.Score {
				best, named = p, n
			}
		}
		if best == nil {
			return
		}
	}
	if !onlyNames && bestMatch <= 0 && !slices.ContainsFunc(pl.p.Select, func(it skeletons.Item) bool {
		p := pl.sc.byIRI[attrProperty(it)]
		return p != nil && other != nil && other(p)
	}) {
		// "When should you drink Darioush's Darius II?": the column the
		// question names (drink) answers; a date no word of it names
		// (the vintage year) is not asked. (Where a column of the other
		// kind stands, "Where was Ann Lee born?" read as her birth
		// date, the place replaces it.)
		return
	}
	at, ok := pl.attrOf(best)
	if !ok {
		return
	}
	if onlyNames {
		pl.p.Select = nil
	}
	pl.p.Select = append(pl.p.Select, skeletons.Item{Attr: &at})
}

// placeKeyTo reports whether the subjects have a key column named as a
// place (customer#address_id, shop#location_id) whose reference leads
// to class.
func (pl *planner) placeKeyTo(class string) bool {
	for _, p := range pl.sc.props {
		if len(p.Ranges) == 1 && p.Ranges[0] == class && slices.Contains(p.Domains, pl.p.Nodes[0].Class) && slices.ContainsFunc(words(p.IRI), lexicon.Place) {
			return true
		}
	}
	return false
}

// linksNodes reports whether p is a property of a node of the plan that
// links two others: the subject of two of its joins (a rating of a movie
// by a reviewer).
func (pl *planner) linksNodes(p *handoff.SliceProperty) bool {
	for i, n := range pl.p.Nodes {
		if !slices.Contains(p.Domains, n.Class) {
			continue
		}
		k := 0
		for _, e := range pl.p.Edges {
			if e.From == i {
				k++
			}
		}
		if k >= 2 {
			return true
		}
	}
	return false
}

// namesValues reports whether a text property's samples all read as
// names: each begins with a capital letter ("Rutgers University", not
// "2012" or "now").
func namesValues(p *handoff.SliceProperty) bool {
	if len(p.Samples) == 0 || datatypeKind(p) != kString {
		return false
	}
	for _, s := range p.Samples {
		r, _ := utf8.DecodeRuneInString(strings.Trim(s, `"`))
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// whoByName answers "who" with names: a projected identifier of a node
// whose class has a naming property ("Who is the captain of the ship
// HMS Gorgon?": captain#captain_id) becomes that name.
func (pl *planner) whoByName() {
	var out []skeletons.Item
	for _, it := range pl.p.Select {
		p := pl.sc.byIRI[attrProperty(it)]
		if p == nil || it.Agg != "" || !identifier(p) || it.Attr.Node >= len(pl.p.Nodes) {
			out = append(out, it)
			continue
		}
		if given, _ := pl.personNames(pl.p.Nodes[it.Attr.Node].Class); given != nil && !pl.inSelect(given.IRI) {
			// Someone with a given and a family name: both.
			out = append(out, pl.namings(it.Attr.Node)...)
			continue
		}
		if name := pl.namingIRI(pl.p.Nodes[it.Attr.Node].Class); name != "" && !pl.inSelect(name) {
			out = append(out, skeletons.Item{Attr: &skeletons.Attr{Node: it.Attr.Node, Property: name}})
			pl.used = append(pl.used, name)
			continue
		}
		// "Who did Linda Smith vote for as president?": the number of
		// voting_record#president_vote stands for the student its
		// reference (ref-president_vote) leads to, shown by name.
		if ref := pl.sc.byIRI[kg.ReferenceOf(p.IRI)]; ref != nil && len(ref.Ranges) == 1 {
			if c := ref.Ranges[0]; pl.hasNaming(c) || pl.hasPersonNames(c) {
				to := len(pl.p.Nodes)
				pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: c})
				pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: it.Attr.Node, To: to, Property: ref.IRI})
				pl.used = append(pl.used, ref.IRI, c)
				out = append(out, pl.namings(to)...)
				continue
			}
		}
		out = append(out, it)
	}
	pl.p.Select = out
}

// attrProperty is the property an item reads, "" for none.
func attrProperty(it skeletons.Item) string {
	if it.Attr == nil {
		return ""
	}
	return it.Attr.Property
}

// onlyAnswer drops from the projection the columns of the other kind
// (a place where a point in time is asked, or the reverse) when some
// column is of the kind asked and no attribute of the question names
// them: "born" reads birth_date and birth_place, and "where" wants the
// place.
func (pl *planner) onlyAnswer(kind, other func(*handoff.SliceProperty) bool) {
	var keep []skeletons.Item
	answered := false
	for _, it := range pl.p.Select {
		var p *handoff.SliceProperty
		if it.Attr != nil && it.Agg == "" {
			p = pl.sc.byIRI[it.Attr.Property]
		}
		answered = answered || p != nil && kind(p)
		if p != nil && !kind(p) && other(p) && !slices.ContainsFunc(pl.sg.Requirements.Output.Attributes, func(a string) bool { return termMatches(a, p.IRI, p.Label) >= 0.8 }) {
			continue
		}
		keep = append(keep, it)
	}
	if answered && len(keep) > 0 {
		pl.p.Select = keep
	}
}

// asksForNumber reports whether the question asks to see a number: "how
// many", "number of", "count".
func asksForNumber(words []string) bool {
	for i, w := range words {
		// "count" alone or "the count of"; "share count" names a column.
		if w == "count" && (i == 0 || slices.Contains([]string{"the", "a", "and", "its", "their", "total"}, words[i-1]) || i+1 < len(words) && words[i+1] == "of") ||
			(w == "number" && i+1 < len(words) && words[i+1] == "of") ||
			(w == "how" && i+1 < len(words) && (words[i+1] == "many" || words[i+1] == "much")) {
			return true
		}
	}
	return false
}

// countTerm reports whether an order term names the subjects themselves
// ("most singers") rather than an attribute.
func (pl *planner) countTerm(term string) bool {
	if pl.namesClass(term) {
		return true
	}
	prop, s := pl.prop(term, kNumber, 0)
	return prop == nil || s < 0.5
}

// genderFilter realises "female students" (sex "male" or "female"): the
// subjects' column of sex (sex, gender, is_male) equal to the value that
// says it as the graph writes it ("F", "Female", or "T" of is_female). It
// reports whether it added the condition.
func (pl *planner) genderFilter(sex string, op handoff.FilterOp) bool {
	if pl.sc.probe == nil {
		return false
	}
	var cols []*handoff.SliceProperty
	for _, p := range pl.sc.props {
		if datatypeKind(p) != kAny && lexicon.GenderColumn(words(p.IRI)) {
			cols = append(cols, p)
		}
	}
	// The subjects' own first.
	slices.SortStableFunc(cols, func(a, b *handoff.SliceProperty) int {
		return cmp.Compare(b2i(!slices.Contains(a.Domains, pl.p.Nodes[0].Class)), b2i(!slices.Contains(b.Domains, pl.p.Nodes[0].Class)))
	})
	for _, p := range cols {
		for _, d := range p.Domains {
			for _, v := range lexicon.GenderValues(words(p.IRI), sex) {
				lit := sparql.NewLiteral(v)
				if !pl.sc.probe(d, p.IRI, lit) {
					continue
				}
				at, ok := pl.attrOf(p)
				if !ok {
					return false
				}
				pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: op, Value: lit})
				pl.bonus += 0.5
				return true
			}
		}
	}
	return false
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// negatedFlag realises "models that do not have the wifi function" where
// a column of the subjects named by a term of the question says yes or no
// (chip_model#wifi holding "No"): that column equals its "no" value. It
// reports whether it added the condition.
func (pl *planner) negatedFlag() bool {
	r := &pl.sg.Requirements
	for _, t := range append(slices.Clone(r.Predicates), r.Types...) {
		if at, no := pl.flagNo(t); at != nil && !pl.inSelect(at.Property) {
			pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: at}, Op: handoff.FilterEq, Value: no})
			return true
		}
	}
	return false
}

// negatedNumber realises "Which players have not scored any goals?": a
// term after the first that names no class but a number of the subjects
// (player#goals) is that number at zero. It reports whether it added
// the condition.
func (pl *planner) negatedNumber() bool {
	r := &pl.sg.Requirements
	for k, t := range append(slices.Clone(r.Types), r.Predicates...) {
		// The attribute asked for is not the one negated ("the ids of
		// employees that don't have certificates").
		if k == 0 && len(r.Types) > 0 || pl.namesClass(t) || lexicon.Participle(t) || slices.ContainsFunc(r.Output.Attributes, func(a string) bool { return a == t || strings.HasSuffix(a, " "+t) }) {
			continue
		}
		p, s := pl.prop(t, kNumber, 0)
		if p == nil || s < 0.8 || datatypeKind(p) != kNumber || identifier(p) || !slices.Contains(p.Domains, pl.p.Nodes[0].Class) || pl.inSelect(p.IRI) {
			continue
		}
		at, ok := pl.attrOf(p)
		if !ok {
			continue
		}
		pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: handoff.FilterEq, Value: numberLiteral("0")})
		pl.notes = append(pl.notes, "none of a number the subjects hold: it is zero")
		return true
	}
	return false
}

// haveFlags realises "Which chip models have wifi?": a type term after
// the first that names no class but a yes/no column of the subjects
// (chip_model#wifi holding "No") is a condition, that column not "no".
func (pl *planner) haveFlags() {
	r := &pl.sg.Requirements
	for i, t := range r.Types {
		if pl.namesClass(t) {
			continue
		}
		// "the official language": a modifier that names a yes/no
		// column of the things (isofficial) says which of them.
		if at, no := pl.flagModifier(t); at != nil {
			pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: at}, Op: handoff.FilterNe, Value: no})
			continue
		}
		if i == 0 {
			continue
		}
		if at, no := pl.flagNo(t); at != nil {
			pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: at}, Op: handoff.FilterNe, Value: no})
			continue
		}
		if at := pl.countHad(t); at != nil {
			pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: at}, Op: handoff.FilterGt, Value: numberLiteral("0")})
		}
	}
	// "How many nurses are registered?": a participle of the things
	// that names a yes/no column of theirs (nurse#registered) is that
	// column, not "no". (Negated, [planner.negatedFlag] says "no".)
	if slices.Contains(pl.sg.Operations, handoff.OpNegate) {
		return
	}
	for _, t := range r.Predicates {
		if strings.Contains(t, " ") || !lexicon.Participle(t) && !strings.HasSuffix(t, "ed") || slices.Contains(r.Output.Attributes, t) || t == r.Output.OrderBy {
			continue
		}
		if at, no := pl.flagNo(t); at != nil && at.Node == 0 && !slices.ContainsFunc(pl.p.Filters, func(c skeletons.Cond) bool { return c.Item.Attr != nil && c.Item.Attr.Property == at.Property }) {
			pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: at}, Op: handoff.FilterNe, Value: no})
		}
	}
}

// ownWord reports whether the column that term p best names has the
// word p itself in its name (rating of "ratings", not hours_played of
// "playing").
func (pl *planner) ownWord(p string) bool {
	prop, _ := pl.prop(p, kAny, 0)
	return prop != nil && slices.ContainsFunc(words(prop.IRI), func(w string) bool { return stem(w) == stem(p) })
}

// countHad returns the column of counts that a type term the things have
// names ("bookings with kids": reservations#kids), to be above zero: a
// join without a verb leads to the term, no class and no condition of the
// question reads it, and it is a column of numbers of one of the plan's
// nodes named by the term's own words.
func (pl *planner) countHad(t string) *skeletons.Attr {
	r := &pl.sg.Requirements
	// A word of a term said elsewhere: "the largest number of
	// international passengers" ranks by them.
	said := func(term string) bool { return slices.Contains(strings.Fields(term), t) }
	// (Where columns are asked for, a plural noun beside them is one
	// more: "every player's name, position and goals".)
	if len(r.Output.Attributes) > 0 || !slices.ContainsFunc(r.Joins, func(j handoff.Join) bool { return j.To == t && j.Via == "" }) || pl.namesClass(t) ||
		slices.ContainsFunc(r.Filters, func(f handoff.Filter) bool { return said(f.Attribute) }) ||
		said(r.Output.OrderBy) || said(r.Output.AggregateOf) || slices.ContainsFunc(r.Output.GroupBy, said) || slices.ContainsFunc(r.Predicates, said) {
		return nil
	}
	p, s := pl.prop(t, kNumber, 0)
	if p == nil || s < 0.9 || datatypeKind(p) != kNumber || identifier(p) || !pl.hasNodeOf(p) || pl.inSelect(p.IRI) {
		return nil
	}
	// A column named by a verb ("spent", "hours_played") measures what
	// was done; it counts no things had.
	if w := words(p.IRI); len(w) == 0 || strings.HasSuffix(w[len(w)-1], "ed") || lexicon.VerbBase(w[len(w)-1]) != w[len(w)-1] {
		return nil
	}
	at, ok := pl.attrOf(p)
	if !ok {
		return nil
	}
	return &at
}

// flagModifier returns the yes/no column ([planner.flagNo]) that the
// modifier of a term of two words or more names ("official" of "official
// language"), and its "no" value, when the term's head names another
// column or a class: the thing asked is the head, the modifier a
// condition.
func (pl *planner) flagModifier(t string) (*skeletons.Attr, sparql.Term) {
	ws := strings.Fields(t)
	if len(ws) < 2 {
		return nil, nil
	}
	at, no := pl.flagNo(strings.Join(ws[:len(ws)-1], " "))
	if at == nil {
		return nil, nil
	}
	head := ws[len(ws)-1]
	if p, s := pl.prop(head, kAny, 0); (p == nil || s < 0.8 || p.IRI == at.Property) && !pl.namesClass(head) {
		return nil, nil
	}
	return at, no
}

// sexOfTypes realises "Which women are older than 30?": people of that
// sex, when a type term is a noun of a sex ("women", not the adjective
// "female", which the decomposer reads as a filter), no class is named
// by it, and no filter or group says the sex already.
func (pl *planner) sexOfTypes() {
	r := &pl.sg.Requirements
	if slices.Contains(r.Output.GroupBy, handoff.AttrGender) || slices.ContainsFunc(r.Filters, func(f handoff.Filter) bool { return f.Attribute == handoff.AttrGender }) {
		return
	}
	for _, t := range r.Types {
		if sex := lexicon.Gender(strings.ToLower(t)); sex != "" && sex != strings.ToLower(t) && !pl.namesClass(t) {
			pl.genderFilter(sex, handoff.FilterEq)
			return
		}
	}
}

// flagNo returns the attribute of a column of the plan's things that a
// term names and that holds yes or no, and its "no" value as the graph
// writes it ("No", "F", …; see [lexicon.NoValues]); nil when there is
// none.
func (pl *planner) flagNo(t string) (*skeletons.Attr, sparql.Term) {
	if pl.sc.probe == nil {
		return nil, nil
	}
	p, s := pl.prop(t, kString, 0)
	// A column of sex holding "F" holds no "false" ("female students
	// who don't have a pet").
	if p == nil || s < 0.8 || datatypeKind(p) != kString || !pl.hasNodeOf(p) || lexicon.GenderColumn(words(p.IRI)) {
		return nil, nil
	}
	at, ok := pl.attrOf(p)
	if !ok {
		return nil, nil
	}
	// A column of xsd:boolean says no by false.
	if slices.Contains(p.Datatypes, sparql.XSDBoolean) {
		return &at, sparql.NewTypedLiteral("false", sparql.XSDBoolean)
	}
	for _, no := range lexicon.NoValues() {
		v := sparql.NewLiteral(no)
		if pl.sc.probe(pl.p.Nodes[at.Node].Class, p.IRI, v) {
			return &at, v
		}
	}
	return nil, nil
}

// negateJoined realises "employees that have no certificates" when the
// plan joins the negated class: the joined branch that nothing reads but
// its own conditions, the one of a class a later type term names first,
// moves into FILTER NOT EXISTS (the subjects no certificate refers to,
// not those some certificate does). The things the question asks about
// stay. It reports whether it moved one.
func (pl *planner) negateJoined() bool {
	// The things asked about stay: the plan's subjects. A first type
	// that names other things is negated like the rest ("church names
	// except for those that had a wedding": the weddings go).
	root := pl.p.Nodes[0].Class
	asked := func(n skeletons.Node) bool { return n.Class == root }
	first := 1
	if !pl.subjectClass(root) {
		first = 0
	}
	ts := pl.sg.Requirements.Types
	for i := len(ts) - 1; i >= first; i-- {
		c, cs := pl.bestClass(ts[i])
		if cs < 0.8 || c == root || pl.headOfRoot(ts[i]) {
			continue
		}
		for k := len(pl.p.Nodes) - 1; k >= 1; k-- {
			if pl.p.Nodes[k].Class == c && pl.p.NegateNode(k, asked) {
				pl.notes = append(pl.notes, "the negated class leaves the main pattern for NOT EXISTS")
				return true
			}
			// "customers who do not have a loan of type Mortgages": the
			// loan's conditions go with it.
			if pl.p.Nodes[k].Class == c && pl.p.NegateNodeFiltered(k, asked) {
				pl.notes = append(pl.notes, "the negated class and its conditions leave the main pattern for NOT EXISTS")
				return true
			}
		}
	}
	return false
}

// headOfRoot reports whether type term t is the last word of another
// type of the question that names the subjects' class: "members" of
// "Computer Science faculty members" are the faculty, not a membership
// to exclude.
func (pl *planner) headOfRoot(t string) bool {
	root := pl.p.Nodes[0].Class
	return slices.ContainsFunc(pl.sg.Requirements.Types, func(o string) bool {
		if o == t || !strings.HasSuffix(o, " "+t) {
			return false
		}
		if c, cs := pl.bestClass(o); cs >= 0.8 && c == root {
			return true
		}
		// ("faculty member" of faculty: the slice says so.)
		return slices.ContainsFunc(pl.sc.slice.Classes, func(c handoff.SliceClass) bool { return c.IRI == root && slices.Contains(c.Matched, o) })
	})
}

// numberedRoles makes an exclusion through one of several numbered
// references of a class to the subjects (competition_result#club_id_1
// and club_id_2: either side of a match) exclude through each: "clubs
// that have never played in a competition" played on neither side.
// Roles that are named apart (a goal's scorer and its assist) are not
// one role.
func (pl *planner) numberedRoles() {
	root := pl.p.Nodes[0].Class
	unnumbered := func(iri string) string { return strings.TrimRight(strings.TrimRight(iri, "0123456789"), "_") }
	for _, ng := range slices.Clone(pl.p.Negs) {
		if ng.Node != 0 || ng.Pattern == nil {
			continue
		}
		for ei, e := range ng.Pattern.Edges {
			if e.To != 0 || e.From >= len(ng.Pattern.Nodes) {
				continue
			}
			link := ng.Pattern.Nodes[e.From].Class
			for _, q := range pl.sc.props {
				if q.IRI == e.Property || unnumbered(q.IRI) != unnumbered(e.Property) || unnumbered(q.IRI) == q.IRI ||
					!slices.Contains(q.Domains, link) || !slices.Contains(q.Ranges, root) {
					continue
				}
				other := ng.Pattern.Clone()
				other.Edges[ei].Property = q.IRI
				pl.p.Negs = append(pl.p.Negs, skeletons.Neg{Node: 0, Pattern: other, Minus: ng.Minus})
				pl.used = append(pl.used, q.IRI)
				pl.notes = append(pl.notes, "a numbered role excludes through each of its references")
			}
		}
	}
}

// negation excludes the subjects related to the best other class of the
// slice: FILTER NOT EXISTS { … path … }.
func (pl *planner) negation() bool {
	root := pl.p.Nodes[0].Class
	type cs struct {
		iri string
		s   float64
	}
	var list []cs
	for _, c := range pl.sc.slice.Classes {
		// A class the main pattern joins cannot also be excluded: the
		// exclusion would test a fresh copy of the subject against it.
		if c.IRI == root || slices.ContainsFunc(pl.p.Nodes, func(n skeletons.Node) bool { return n.Class == c.IRI }) {
			continue
		}
		s := c.Score
		if len(c.Matched) > 0 {
			s += 1
		}
		list = append(list, cs{c.IRI, s})
	}
	slices.SortStableFunc(list, func(a, b cs) int { return cmp.Or(cmp.Compare(b.s, a.s), cmp.Compare(a.iri, b.iri)) })
	for _, c := range list {
		sub := &planner{sc: pl.sc, sg: pl.sg, p: &skeletons.Plan{Nodes: []skeletons.Node{{Class: root}}}}
		if _, ok := sub.join(c.iri); !ok {
			continue
		}
		sub.p.Nodes[0].Class = ""
		pl.p.Negs = append(pl.p.Negs, skeletons.Neg{Node: 0, Pattern: sub.p})
		pl.used = append(pl.used, sub.used...)
		return true
	}
	return false
}

// filter adds the plan's condition for a requirement filter.
func (pl *planner) filter(f handoff.Filter, deps map[string][]handoff.Record) {
	op := f.Op
	if f.Negated {
		switch op {
		case handoff.FilterEq:
			op = handoff.FilterNe
		case handoff.FilterNe:
			op = handoff.FilterEq
		}
	}
	site := -1
	if f.ValueKind != handoff.ValueEntity {
		site = pl.filterSite()
	}
	switch f.ValueKind {
	case handoff.ValueEntity:
		pl.entityBound(f, op)
		return
	case SubgoalValue:
		prop, _ := pl.prop(f.Attribute, kNumber, pl.pick(site, false))
		if prop == nil {
			return
		}
		at, ok := pl.attrOf(prop)
		if !ok {
			return
		}
		c := skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: op}
		if v := handoff.DependencyValue(deps[f.Value]); v != nil {
			c.Value = v
		} else {
			// The other subgoal's value, computed in place: the average
			// of the same attribute over the subject class.
			c.Sub = &skeletons.Plan{Nodes: []skeletons.Node{{Class: pl.p.Nodes[at.Node].Class}},
				Select: []skeletons.Item{{Agg: handoff.AggAvg, Attr: &skeletons.Attr{Node: 0, Property: prop.IRI}}}}
		}
		pl.p.Filters = append(pl.p.Filters, c)
	case "date", "number":
		if f.ValueKind == "date" {
			// A four-digit number the decomposer took for a year, on an
			// attribute that is a plain number ("a distance between 1000
			// and 5000"), is a number.
			prop, ps := pl.prop(f.Attribute, kNumber, 0)
			// ("host cities after 2010": host_city keys a city; the
			// year is a date's.)
			if f.Attribute == "" || prop == nil || ps < 0.8 || datatypeKind(prop) != kNumber || wordsHaveYear(prop) || identifier(prop) || pl.countsEntities(f.Attribute) {
				pl.dateFilter(f, op)
				return
			}
		}
		term := f.Attribute
		if f.BareAge() {
			// "people who are under 40", "players over 30": a bare
			// number compared with things that have an age is their
			// age.
			if p, s := pl.prop("age", kNumber, 0); p != nil && s >= 0.8 && datatypeKind(p) == kNumber && len(pl.p.Nodes) > 0 && slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
				term = "age"
			}
		}
		prop, ps := pl.prop(term, kNumber, pl.pick(site, false))
		if term == "" {
			// "Is Kibo higher than 5000?": what the comparative
			// measures (its height).
			if p := pl.measured(handoff.CueComparative); p != nil {
				prop, ps = p, 1
			}
			// "Who has put in a claim for more than 80,000?": a bound on
			// a thing named, no attribute said, is on its own measure
			// (amount_claimed of claims), not on its number.
			if (prop == nil || identifier(prop)) && f.Op != handoff.FilterEq {
				for _, n := range pl.p.Nodes {
					if p := pl.ownMeasure(n.Class); p != nil {
						prop, ps = p, 0.8
						break
					}
				}
			}
		}
		if f.Aggregate == handoff.AggSum && (prop == nil || ps < 0.8) && len(pl.p.Nodes) > 0 {
			// "body builders whose total score is higher than 300" with
			// a column total of their own and none named score: the
			// column, not a sum over their rows.
			for _, t := range []string{"total " + term, "total"} {
				if p, s := pl.prop(t, kNumber, 0); p != nil && s >= 0.8 && datatypeKind(p) == kNumber && slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
					prop, ps, f.Aggregate = p, s, ""
					break
				}
			}
		}
		if f.Aggregate != "" && f.Aggregate != handoff.AggCount && prop != nil && datatypeKind(prop) == kNumber {
			// "studios whose average gross is above 4500000": the
			// aggregate over each one's rows is bounded.
			if at, ok := pl.attrOf(prop); ok {
				pl.having = append(pl.having, skeletons.Cond{Item: skeletons.Item{Agg: f.Aggregate, Attr: &at}, Op: op, Value: numberLiteral(f.Value)})
				return
			}
		}
		if (prop == nil || ps < 0.8) && lexicon.Size(term) {
			// "tracks that can seat more than 90,000 people" where the
			// size is the seating, not a capacity: what measures size.
			if p := pl.sizeOf(""); p != nil {
				prop, ps = p, 0.8
			}
		}
		if prop == nil || ps < 0.8 {
			// "flights longer than 2000 miles": their distance.
			if p := pl.keptAs(term, pl.pick(site, false)); p != nil {
				prop, ps = p, 0.8
			}
		}
		derived := false
		if prop == nil || ps < 0.8 {
			// "more than one million inhabitants": the attribute the
			// term derives from (population), when none has its name.
			if p, inv := pl.impliedOrder(term); p != nil && !inv && !lexicon.Temporal(term) {
				prop, derived = p, true
			}
		}
		counted := false
		if cc := pl.countColumn(term); cc != nil && !derived {
			// "parties with number of hosts greater than 20" where
			// number_of_hosts counts each one's hosts: that column, not
			// a count of the hosts joined.
			prop, ps, counted = cc, max(ps, 0.9), true
		}
		if prop == nil && term != "" && !counted && !f.Label && len(pl.p.Nodes) > 0 && !pl.countsEntities(term) {
			// "aircraft that can fly more than 5000 miles": a bound on
			// the subjects' one number (their distance) when no column
			// has the term's name.
			prop, ps = pl.soleMeasure(pl.p.Nodes[0].Class), 0.5
		}
		if prop == nil && term == "" && f.ValueKind == "number" && f.Op != handoff.FilterEq && !f.Label && len(pl.sg.Requirements.Predicates) == 0 {
			// "Who has more than 100,000 in savings?": a bound on the
			// one number the things named hold (a savings balance),
			// where the question names no attribute.
			prop, ps = pl.nodeMeasure(), 0.5
		}
		if !derived && !counted && !f.Label && pl.countsEntities(term) {
			// "at least 3 heads", "more than two musicals": a bound on
			// how many, which groups the subjects; the things counted
			// are joined ("mountains that have at least 2 photos").
			pl.joinCounted(term)
			pl.having = append(pl.having, skeletons.Cond{Item: skeletons.Item{Agg: handoff.AggCount}, Op: op, Value: numberLiteral(f.Value)})
			return
		}
		if prop == nil {
			return
		}
		at, ok := pl.attrOf(prop)
		if !ok {
			return
		}
		it := skeletons.Item{Attr: &at}
		if datatypeKind(prop) == kString {
			if !numericStrings(prop) {
				// A number compared with names or codes is no
				// condition the question set: left unrealised, for
				// the verifier to see.
				pl.bonus -= 0.5
				return
			}
			it.Func = "number"
		}
		c := skeletons.Cond{Item: it, Op: op, Value: numberLiteral(inUnitOf(f.Value, prop))}
		if op == handoff.FilterBetween {
			c.Value2 = numberLiteral(inUnitOf(f.Value2, prop))
		}
		pl.p.Filters = append(pl.p.Filters, c)
		if f.Negated {
			pl.negateBound(len(pl.p.Filters) - 1)
		}
	default:
		if v := strings.ToLower(f.Value); f.Attribute == handoff.AttrGender && (v == "male" || v == "female") && pl.genderFilter(v, op) {
			return
		}
		// A string: a value linked in the graph, written as the graph
		// writes it, else the question's words on the best string
		// property.
		v, prop := pl.linked(f)
		// "airports whose name contains 'International'": a text the
		// subjects' own column is asked to contain is looked for there,
		// not in another class's column that a value linked.
		if prop != nil && f.Op == handoff.FilterContains && f.Attribute != "" && len(pl.p.Nodes) > 0 && !pl.hasNodeOf(prop) &&
			!slices.ContainsFunc(prop.Domains, func(d string) bool {
				return slices.ContainsFunc(pl.sg.Requirements.Types, func(t string) bool { return termMatches(t, d, "") >= 0.5 })
			}) {
			if own, s := pl.prop(f.Attribute, kString, 0); own != nil && s >= 0.8 && slices.Contains(own.Domains, pl.p.Nodes[0].Class) {
				prop = nil
			}
		}
		if prop != nil {
			if at, ok := pl.valueAttr(prop, v); ok {
				if op == handoff.FilterEq && (partOf(f.Value, v) || pl.sharedPart(f.Value, prop)) {
					// "members from Kentucky", the graph holding
					// "Louisville, Kentucky"; "all London airports",
					// the graph holding "London Gatwick" and "London
					// Heathrow": every value that has the words, not
					// the one value linked.
					op = handoff.FilterContains
				}
				if op == handoff.FilterContains {
					val := sparql.NewLiteral(f.Value)
					pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: op, Value: val})
				} else {
					pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: op, Value: v})
					if l, ok := v.(*sparql.Literal); ok && op == handoff.FilterEq && !strings.EqualFold(l.Lexical, f.Value) {
						pl.otherParts(f, prop, at)
					}
				}
				pl.bonus += 1
				return
			}
		}
		prop, _ = pl.prop(f.Attribute, kString, pl.pick(site, false))
		if prop == nil || f.Attribute == "" {
			pl.bonus -= 0.5
			return
		}
		at, ok := pl.attrOf(prop)
		if !ok {
			return
		}
		pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: op, Value: sparql.NewLiteral(f.Value)})
	}
}

// negateBound realises a negated bound, Filters[i]: "customers without
// invoice totals exceeding 20" exclude those a related thing over the
// bound belongs to; "donors except those whose amount is less than 9",
// a bound on the subjects' own attribute, keep those on the other side.
func (pl *planner) negateBound(i int) {
	c := &pl.p.Filters[i]
	if !slices.Contains([]handoff.FilterOp{handoff.FilterGt, handoff.FilterGe, handoff.FilterLt, handoff.FilterLe}, c.Op) {
		return // a negated equality is an inequality already
	}
	if c.Item.Attr != nil && c.Item.Attr.Node != 0 && pl.p.NegateCond(i, func(n skeletons.Node) bool { return pl.subjectClass(n.Class) }) {
		pl.notes = append(pl.notes, "a negated bound on a related thing excludes the subjects that have one")
		return
	}
	if inv, ok := map[handoff.FilterOp]handoff.FilterOp{handoff.FilterGt: handoff.FilterLe, handoff.FilterGe: handoff.FilterLt,
		handoff.FilterLt: handoff.FilterGe, handoff.FilterLe: handoff.FilterGt}[c.Op]; ok {
		c.Op = inv
	}
}

// linked finds the slice value that links the filter's value, preferring
// properties that match the filter's attribute.
func (pl *planner) linked(f handoff.Filter) (sparql.Term, *handoff.SliceProperty) {
	var best *handoff.SliceValue
	bestScore := 0.0
	exact := slices.ContainsFunc(pl.sc.slice.Values, func(v handoff.SliceValue) bool { return strings.EqualFold(v.Value, f.Value) })
	for i := range pl.sc.slice.Values {
		v := &pl.sc.slice.Values[i]
		s := 0.0
		switch {
		case strings.EqualFold(v.Value, f.Value):
			s = 2
		case strings.EqualFold(v.Mention, f.Value):
			s = 1.5
		case f.Op == handoff.FilterContains && strings.Contains(strings.ToLower(v.Value), strings.ToLower(f.Value)):
			s = 1
		default:
			continue
		}
		if p, ok := pl.sc.byIRI[v.Property]; ok {
			if f.Attribute != "" {
				a := termMatches(f.Attribute, p.IRI, p.Label)
				// "the album Let There Be Rock": the name of a thing of
				// the class the attribute names (albums#title), not of
				// another's of the same words (tracks#name).
				if slices.ContainsFunc(p.Domains, func(c string) bool { return termMatches(f.Attribute, c, "") >= 0.8 }) && lexicon.NamingRank(words(p.IRI), words(p.Domains[0])) > 0 {
					a = max(a, 0.9)
				}
				s += a
			} else {
				// "the governor 'Eliot Spitzer'", the name being both a
				// governor and an attorney general: the column a term of
				// the question names.
				best := 0.0
				for _, t := range pl.sg.Requirements.Terms() {
					best = max(best, termMatches(t, p.IRI, p.Label))
				}
				s += 0.3 * best
			}
			// "flights from Los Angeles to Honolulu": the start of a
			// route is its origin, the end its destination.
			if end := lexicon.RouteEnd(words(p.IRI)); end != 0 && end == routeEnd(pl.sg.Text, f.Value) {
				s += 0.5
			}
			// A value of the subject's own class needs no join.
			if pl.hasNodeOf(p) {
				s += 0.5
			}
		}
		// Where no value is the one said, a value that has every word
		// said ("Nordic Countries" for "Nordic") before one that only
		// shares a stem or a prefix ("Nord").
		if vw := kg.Words(v.Value); !exact && len(vw) > 0 && !slices.ContainsFunc(kg.Words(f.Value), func(w string) bool { return !slices.Contains(vw, w) }) {
			s += 0.6
		}
		s += v.Score / 100
		if s > bestScore || (s == bestScore && best != nil && v.Property < best.Property) {
			best, bestScore = v, s
		}
	}
	if best == nil {
		return nil, nil
	}
	p, ok := pl.sc.byIRI[best.Property]
	if !ok {
		return nil, nil
	}
	if pl.consumed == nil {
		pl.consumed = map[string]bool{}
	}
	pl.consumed[best.Property+"\x00"+best.Value] = true
	pl.consumed["\x00"+strings.ToLower(best.Mention)] = true
	return valueTerm(best, p), p
}

// valueRows is the number of rows of the column holding a linked value
// (the most when the column is not in the slice).
func (pl *planner) valueRows(v *handoff.SliceValue) int64 {
	if p, ok := pl.sc.byIRI[v.Property]; ok {
		return p.Count
	}
	return math.MaxInt64
}

// valueTerm is a linked value as a term of the query: with its language,
// a number on a numeric property, else a plain string.
func valueTerm(v *handoff.SliceValue, p *handoff.SliceProperty) sparql.Term {
	if v.Lang != "" {
		return sparql.NewLangLiteral(v.Value, v.Lang)
	}
	if datatypeKind(p) == kNumber && numberRE.MatchString(v.Value) {
		return numberLiteral(v.Value)
	}
	return sparql.NewLiteral(v.Value)
}

// otherParts filters on the other parts of a name that the question
// writes whole and the graph splits over columns of the same subjects:
// "Carole Bernhard" is first_name "Carole" and last_name "Bernhard", not
// last_name alone. A part is a value linked to the whole mention on
// another property, on the node at of the part already filtered, whose
// words run inside the mention's.
func (pl *planner) otherParts(f handoff.Filter, prop *handoff.SliceProperty, at skeletons.Attr) {
	mention := strings.Fields(strings.ToLower(f.Value))
	done := map[string]bool{prop.IRI: true}
	for i := range pl.sc.slice.Values {
		v := &pl.sc.slice.Values[i]
		if done[v.Property] || !strings.EqualFold(v.Mention, f.Value) {
			continue
		}
		vw := strings.Fields(strings.ToLower(v.Value))
		if len(vw) == 0 || len(vw) >= len(mention) || !containsRun(mention, vw) {
			continue
		}
		p, ok := pl.sc.byIRI[v.Property]
		if !ok {
			continue
		}
		a, ok := pl.attrOf(p)
		if !ok || a.Node != at.Node {
			continue
		}
		done[v.Property] = true
		pl.consumed[v.Property+"\x00"+v.Value] = true
		pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &a}, Op: handoff.FilterEq, Value: valueTerm(v, p)})
	}
}

// containsRun reports whether part occurs in words as a run of
// consecutive words.
func containsRun(words, part []string) bool {
	for i := 0; i+len(part) <= len(words); i++ {
		if slices.Equal(words[i:i+len(part)], part) {
			return true
		}
	}
	return false
}

// joinCounted joins the class a count counts when it is another than
// the plan's subjects ("mountains that have at least 2 photos", "the
// number of photos of each mountain").
func (pl *planner) joinCounted(term string) {
	if term == "" {
		return
	}
	best, bestScore := pl.bestClass(term)
	if bestScore < 0.8 {
		best, bestScore = "", 0.8
	}
	if best == "" {
		// "more than one patient" of appointment#patient, the column of
		// a reference: the appointments are what is counted.
		if p, ps := pl.prop(term, kNumber, 0); p != nil && p.Key && ps >= 0.8 && len(p.Domains) == 1 {
			best = p.Domains[0]
		}
	}
	// The subjects themselves, or a class named as well as them ("the
	// number of customers": customers, not customer_payments).
	if best == "" || best == pl.p.Nodes[0].Class {
		return
	}
	for _, c := range pl.sc.slice.Classes {
		if c.IRI == pl.p.Nodes[0].Class && termMatches(term, c.IRI, c.Label) >= bestScore {
			return
		}
	}
	pl.join(best)
}

// otherRole answers "Who did Ricky Barnes marry?", where the projection
// only echoes the name given: through the node that refers to the named
// one (the wedding, by male_id), the one it refers to by another
// reference to the same class (female_id), shown by its name.
func (pl *planner) otherRole() {
	n := pl.selectedNode()
	if n < 0 {
		return
	}
	c := pl.p.Nodes[n].Class
	name := pl.namingIRI(c)
	if name == "" {
		return
	}
	for _, e := range pl.p.Edges {
		if e.To != n {
			continue
		}
		link := pl.p.Nodes[e.From].Class
		for _, p := range pl.sc.props {
			if p.IRI == e.Property || !slices.Contains(p.Domains, link) || !slices.Contains(p.Ranges, c) {
				continue
			}
			pl.p.Nodes = append(pl.p.Nodes, skeletons.Node{Class: c})
			to := len(pl.p.Nodes) - 1
			pl.p.Edges = append(pl.p.Edges, skeletons.Edge{From: e.From, To: to, Property: p.IRI})
			pl.p.Select = []skeletons.Item{{Attr: &skeletons.Attr{Node: to, Property: name}}}
			pl.used = append(pl.used, p.IRI, name)
			pl.notes = append(pl.notes, "who: the other one the "+kg.SplitIRI(link).Local+" refers to")
			return
		}
	}
}

// namesOnly reports whether the projection shows things only by what
// names or identifies them (their naming column, a key, an identifier,
// a column named a name, the thing itself) or by the columns but, no
// other attribute.
func (pl *planner) namesOnly(but ...string) bool {
	for _, it := range pl.p.Select {
		if it.IsAggregate() || it.Attr == nil {
			return false
		}
		if it.Attr.Property == "" || slices.Contains(but, it.Attr.Property) {
			continue
		}
		c := pl.p.Nodes[it.Attr.Node].Class
		p := pl.sc.byIRI[it.Attr.Property]
		w := words(it.Attr.Property)
		if !(it.Attr.Property == pl.namingIRI(c) || it.Attr.Property == pl.shown(c) || keyOf(it.Attr.Property, c) ||
			p != nil && identifier(p) || len(w) > 0 && isNamingTerm(w[len(w)-1])) {
			return false
		}
	}
	return true
}

// selectedNode returns the node every projected item shows, none an
// aggregate; -1 when there is no such one node.
func (pl *planner) selectedNode() int {
	n := -1
	for _, x := range pl.p.Select {
		if x.Attr == nil || x.IsAggregate() || n >= 0 && x.Attr.Node != n {
			return -1
		}
		n = x.Attr.Node
	}
	return n
}

// refersTo reports whether node from of the plan refers to node to by
// one of its references (a visit to its student).
func (pl *planner) refersTo(from, to int) bool {
	return slices.ContainsFunc(pl.p.Edges, func(e skeletons.Edge) bool { return e.From == from && e.To == to })
}

// namesNode reports whether item it shows node i by what names it: its
// naming property or the column the slice shows it by (not an attribute
// whose values it groups by, nor a first name that people share).
func (pl *planner) namesNode(it skeletons.Item, i int) bool {
	if it.Attr == nil || it.Attr.Node != i || it.Agg != "" {
		return false
	}
	c := pl.p.Nodes[i].Class
	return (it.Attr.Property == pl.namingIRI(c) || it.Attr.Property == pl.shown(c)) && lexicon.NamePart(words(it.Attr.Property)) == 0
}

// joinReferrer joins to the plan's first node the class of the slice
// whose reference property points at it (the most relevant, then the
// one with the most rows), when there is one.
func (pl *planner) joinReferrer() {
	root := pl.p.Nodes[0].Class
	var best *handoff.SliceClass
	for i, c := range pl.sc.slice.Classes {
		if c.IRI == root {
			continue
		}
		refers := slices.ContainsFunc(pl.sc.props, func(p *handoff.SliceProperty) bool {
			return slices.Contains(p.Domains, c.IRI) && slices.Contains(p.Ranges, root)
		})
		// Of equally relevant ones, the one with the most rows: the
		// visits, not a table that gives each restaurant its type.
		if refers && (best == nil || c.Score > best.Score || c.Score == best.Score && c.Count > best.Count) {
			best = &pl.sc.slice.Classes[i]
		}
	}
	if best != nil {
		pl.join(best.IRI)
	}
}

// routeEnd says which end of a route the question puts value at: 1 after
// "from", 2 after "to", 0 otherwise.
func routeEnd(text, value string) int {
	t, v := strings.ToLower(text), strings.ToLower(value)
	switch {
	case len(v) < 2:
		return 0 // "to a" is no route
	case strings.Contains(t, "from "+v) || strings.Contains(t, "from '"+v):
		return 1
	case strings.Contains(t, "to "+v) || strings.Contains(t, "to '"+v):
		return 2
	}
	return 0
}

// partOf reports whether the question's words are one part of the
// linked value, a list of parts ("Louisville, Kentucky", "Rock / Pop"):
// then every value with that part is meant, not the one value linked.
// sharedPart reports whether a mention is a word (or words) of two or
// more values of the property that linking found for it and equals none
// of them: "London" of "London Gatwick" and "London Heathrow".
func (pl *planner) sharedPart(mention string, p *handoff.SliceProperty) bool {
	mw := kg.Words(mention)
	said := pl.textWords()
	n := 0
	for _, v := range pl.sc.slice.Values {
		if v.Property != p.IRI || !strings.EqualFold(v.Mention, mention) {
			continue
		}
		// One of them said whole ("the AAC audio file media type") is
		// the one meant.
		if strings.EqualFold(strings.TrimSpace(v.Value), strings.TrimSpace(mention)) || lexicon.SaysName(said, kg.Words(v.Value)) {
			return false
		}
		if vw := kg.Words(v.Value); len(vw) > len(mw) && lexicon.SaysName(vw, mw) || len(mw) == 1 && len(vw) > 1 && slices.Contains(vw, strings.ToLower(mw[0])) {
			n++
		}
	}
	return n >= 2
}

func partOf(words string, v sparql.Term) bool {
	l, ok := v.(*sparql.Literal)
	if !ok || l.Datatype != nil && l.Datatype.Value != sparql.XSDString {
		return false
	}
	parts := strings.FieldsFunc(l.Lexical, func(r rune) bool { return strings.ContainsRune(",;/()", r) })
	if len(parts) < 2 {
		return false
	}
	return slices.ContainsFunc(parts, func(p string) bool { return strings.EqualFold(strings.TrimSpace(p), strings.TrimSpace(words)) })
}

// inUnitOf writes a large number the question says in the unit a
// property's name or label keeps it in: "30 million" (30000000) is 30 of
// a "budget (million USD)", "100 billion" 100 of sales_billion. Other
// numbers are unchanged.
func inUnitOf(v string, p *handoff.SliceProperty) string {
	n, ok := new(big.Rat).SetString(v)
	if !ok || p == nil {
		return v
	}
	ws := append(words(p.IRI), strings.Fields(strings.ToLower(p.Label))...)
	for _, u := range []struct {
		word string
		size int64
	}{{"thousand", 1e3}, {"million", 1e6}, {"billion", 1e9}} {
		if !slices.ContainsFunc(ws, func(w string) bool { return strings.Trim(w, "()") == u.word || strings.Trim(w, "()") == u.word+"s" }) {
			continue
		}
		unit := new(big.Rat).SetInt64(u.size)
		if n.Cmp(unit) < 0 {
			return v // already in the unit ("more than 30")
		}
		q := new(big.Rat).Quo(n, unit)
		if q.IsInt() {
			return q.Num().String()
		}
		return strings.TrimRight(strings.TrimRight(q.FloatString(6), "0"), ".")
	}
	return v
}

func numberLiteral(s string) sparql.Term {
	dt := sparql.XSD + "integer"
	if strings.Contains(s, ".") {
		dt = sparql.XSD + "decimal"
	}
	if !numberRE.MatchString(s) {
		return sparql.NewLiteral(s)
	}
	return &sparql.Literal{Lexical: s, Datatype: sparql.NewIRI(dt), Form: sparql.BareLiteral}
}

// projectionTerms are the terms to project: the output's attributes, the
// predicate terms no filter, grouping or ordering uses, and the type
// terms that name no class but a property ("the hosts of competitions").
func (pl *planner) projectionTerms() []string {
	r := &pl.sg.Requirements
	out := slices.Clone(r.Output.Attributes)
	// An "attribute" that names the subjects' class better than any
	// column is the class ("the low and high estimates of film
	// markets": film_market_estimation, not its market_id).
	var classTerms []string
	// ("List all media types", no type named: media_types.)
	if (len(out) > 1 || len(out) == 1 && len(r.Types) == 0) && len(pl.p.Nodes) > 0 {
		out = slices.DeleteFunc(out, func(a string) bool {
			if c, cs := pl.bestClass(a); c == pl.p.Nodes[0].Class && cs >= 0.8 {
				if p, _ := pl.prop(a, kAny, 0); p == nil || termMatches(a, p.IRI, p.Label) < cs {
					classTerms = append(classTerms, a)
					return true
				}
			}
			return false
		})
	}
	usedElsewhere := map[string]bool{r.Output.OrderBy: true, r.Output.AggregateOf: true}
	// And the head of the term ordered by ("date" of "sorted by launch
	// date") unless asked for itself.
	if w := strings.Fields(r.Output.OrderBy); len(w) > 1 && !slices.Contains(r.Output.Attributes, w[len(w)-1]) {
		usedElsewhere[w[len(w)-1]] = true
	}
	for _, f := range r.Filters {
		usedElsewhere[f.Attribute] = true
		// And its head: "name" of "role name 'Proof Reader'".
		if w := strings.Fields(f.Attribute); len(w) > 1 {
			usedElsewhere[w[len(w)-1]] = true
		}
	}
	for _, g := range r.Output.GroupBy {
		usedElsewhere[g] = true
	}
	// "Which film did Ada Brook direct most recently?": the time the
	// superlative implies orders; it is not asked for.
	if slices.ContainsFunc(r.Cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueSuperlative && lexicon.Recency(c.Text) }) {
		for _, p := range r.Predicates {
			if lexicon.Temporal(p) && !slices.Contains(r.Output.Attributes, p) {
				usedElsewhere[p] = true
			}
		}
	}
	// The verb that relates two types is the link, not a column asked
	// for ("regions affected by storms": not number_city_affected).
	for _, j := range r.Joins {
		if j.Via != "" {
			usedElsewhere[j.Via] = true
		}
	}
	// Properties the filters use, and the one the ordering will use.
	reserved := map[string]bool{}
	// Those an equality with a constant fixes: projected, they would
	// echo the constant ("the years the governor 'Eliot Spitzer' …").
	fixed := map[string]bool{}
	for _, c := range pl.p.Filters {
		if c.Item.Attr != nil {
			reserved[c.Item.Attr.Property] = true
			if fixesConstant(c) {
				fixed[c.Item.Attr.Property] = true
			}
		}
		// The members of a disjunction read their attributes too.
		for _, m := range c.Or {
			if m.Item.Attr != nil {
				reserved[m.Item.Attr.Property] = true
			}
		}
	}
	if r.Output.OrderBy != "" {
		if prop, _ := pl.prop(r.Output.OrderBy, kNumber, 0); prop != nil {
			reserved[prop.IRI] = true
		}
		if prop, _ := pl.timeOrder(r.Output.OrderBy); prop != nil {
			reserved[prop.IRI] = true
		}
		if prop := pl.verbTime(); prop != nil {
			reserved[prop.IRI] = true
		}
	}
	// The head of a phrase asked for is not another column ("name" of
	// "last name").
	headOf := func(p string) bool {
		return slices.ContainsFunc(append(slices.Clone(out), classTerms...), func(a string) bool { return a == p || strings.HasSuffix(a, " "+p) })
	}
	for _, p := range r.Predicates {
		// "Which films are shown at Codling?": a participle relates the
		// things asked for; it is not a column asked for.
		// ("Who organized the oldest church?" asks organized_by.)
		// ("Which albums did Glass Harbor release?": "release" too, a
		// verb form of an action.)
		verb := !strings.Contains(p, " ") && (lexicon.VerbBase(p) != p || strings.HasSuffix(p, "ed") || slices.Contains(lexicon.VerbForms(p), p) || slices.Contains(r.Verbs, p))
		if len(r.Output.Attributes) == 0 && len(r.Types) > 0 && verb &&
			!asksAnswer(r.Cues, func(ph string) bool { return ph == "who" || ph == "whom" }) {
			continue
		}
		// "the last and first name of students who are playing
		// Football": where columns are asked for by name, a
		// participle is none of them, unless a column is named by
		// the word itself ("combined with its ratings").
		if len(r.Output.Attributes) > 0 && !strings.Contains(p, " ") && (strings.HasSuffix(p, "ing") || strings.HasSuffix(p, "ed")) && !pl.ownWord(p) {
			continue
		}
		// "When was Elizabeth Bobo first elected?": the date answers;
		// the verb is no column of its own (election_id).
		if len(r.Output.Attributes) == 0 && lexicon.Participle(p) && asksAnswer(r.Cues, func(ph string) bool { return lexicon.WhenPhrase(ph) || isWhere(ph) }) {
			continue
		}
		// "Who was born in Anchorage?": the filter on birth_place
		// realises "born"; birth_date is not asked. ("customers who
		// have a loan with a type of Mortgages": loan_type realises
		// "type", which the name asked for leaves out.)
		realised := (len(r.Output.Attributes) == 0 || !slices.Contains(r.Output.Attributes, p)) && slices.ContainsFunc(pl.sc.slice.Properties, func(sp handoff.SliceProperty) bool {
			return reserved[sp.IRI] && (slices.Contains(sp.Matched, p) || termMatches(p, sp.IRI, sp.Label) >= 0.8 ||
				slices.ContainsFunc(words(sp.IRI), func(w string) bool { return slices.Contains(lexicon.VerbForms(w), p) }))
		})
		// Where the question names the columns it asks for ("What are
		// the names of the rooms with a king bed?"), another word is a
		// condition on the things, not a column asked for.
		if len(r.Output.Attributes) > 0 {
			continue
		}
		if !usedElsewhere[p] && !slices.Contains(out, p) && !headOf(p) && !realised {
			if prop, s := pl.prop(p, kAny, 0); prop != nil && s >= 0.8 && !reserved[prop.IRI] {
				// ("Who has enrolled in more courses …?": when the verb
				// happened, date_of_enrolment, says no one.)
				if verb && datatypeKind(prop) == kDate && asksAnswer(r.Cues, func(ph string) bool { return ph == "who" || ph == "whom" }) {
					continue
				}
				out = append(out, p)
			}
		}
	}
	for _, t := range r.Types {
		if usedElsewhere[t] || slices.Contains(out, t) {
			continue
		}
		// A class, or a class with a modifier ("red grapes": the
		// grapes, not grapes#grape).
		isClass := false
		tw := strings.Fields(t)
		for _, c := range pl.sc.slice.Classes {
			if termMatches(t, c.IRI, c.Label) >= 0.8 || len(tw) > 1 && termMatches(tw[len(tw)-1], c.IRI, c.Label) >= 1 {
				isClass = true
			}
		}
		if isClass {
			continue
		}
		// "Which parties have delegates from Howard?": what the things
		// asked for have is a condition on them, even a column
		// (election#delegate), not a column asked for.
		if t != r.Types[0] && pl.hasThings(t) {
			continue
		}
		// "Which chip models have wifi?": a yes/no column after the
		// things asked for is a condition, not a column asked for.
		if t != r.Types[0] {
			if at, _ := pl.flagNo(t); at != nil {
				continue
			}
		}
		// "the official language": the language, of which the
		// yes/no column the modifier names says which.
		if at, _ := pl.flagModifier(t); at != nil {
			ws := strings.Fields(t)
			t = ws[len(ws)-1]
		}
		// A thing asked for that is a column; the first named, when
		// nothing else is asked, even when a filter reads it ("the
		// official languages that contain 'English'"); not the number
		// the subjects rank by ("the country with the longest life
		// expectancy").
		if prop, s := pl.prop(t, kAny, 0); prop != nil && s >= 0.8 && pl.hasNodeOf(prop) && (!reserved[prop.IRI] || t == r.Types[0] && len(r.Output.Attributes) == 0 && !fixed[prop.IRI]) &&
			(t == r.Types[0] || !pl.ranksByNamed(prop)) {
			out = append(out, t)
		}
	}
	pl.reserved = reserved
	pl.subjectsAsked = len(classTerms) > 0
	return out
}

// hasThings reports whether the type term t is what the things a
// "which" question asks for have ("Which parties have delegates …?"):
// the first type names a class of the slice and a join without a verb
// leads from it to t.
func (pl *planner) hasThings(t string) bool {
	r := &pl.sg.Requirements
	if len(r.Types) == 0 || !asksAnswer(r.Cues, func(ph string) bool { return ph == "which" }) {
		return false
	}
	if !slices.ContainsFunc(pl.sc.slice.Classes, func(c handoff.SliceClass) bool { return termMatches(r.Types[0], c.IRI, c.Label) >= 0.8 }) {
		return false
	}
	return slices.ContainsFunc(r.Joins, func(j handoff.Join) bool { return j.From == r.Types[0] && j.To == t && j.Via == "" })
}

// verbatimColumns are the columns of the subjects whose whole name, two
// words or more, the question says word for word and that the plan does
// not read yet: "the date valid from and the date valid to" names
// date_valid_to even where its words split into no phrase.
func (pl *planner) verbatimColumns() []*handoff.SliceProperty {
	if len(pl.p.Nodes) == 0 {
		return nil
	}
	qw := pl.textWords()
	var add []*handoff.SliceProperty
	for i := range pl.sc.slice.Properties {
		p := &pl.sc.slice.Properties[i]
		if pl.reserved[p.IRI] || pl.inSelect(p.IRI) || p.ForeignKey || len(p.Ranges) > 0 || !slices.Contains(p.Domains, pl.p.Nodes[0].Class) {
			continue
		}
		// A column named like its class is said with the class
		// ("music festivals": music_festival#music_festival).
		if lexicon.SaysName(qw, words(p.IRI)) && !slices.Equal(words(p.IRI), words(pl.p.Nodes[0].Class)) {
			add = append(add, p)
		}
	}
	return add
}

// countsEntities reports whether a numeric filter's attribute term names
// entities (a type) rather than an attribute: then the number bounds a
// count.
func (pl *planner) countsEntities(term string) bool {
	if term == "" {
		return false
	}
	if term == handoff.AttrTimes {
		return true // "nominated more than two times": the subjects' rows
	}
	if tw := strings.Fields(term); len(tw) > 0 && lexicon.IdentifierWord(tw[len(tw)-1]) {
		return false // "whose product id is 11": the id, not how many products
	}
	p, ps := pl.prop(term, kNumber, 0)
	if p != nil && p.Key && ps >= 0.8 {
		// "more than one patient" of appointment#patient, the column
		// of a reference: how many patients.
		return true
	}
	if p != nil && (identifier(p) || numberNamed(p)) {
		ps = 0 // "at least two players" bounds how many, not player_id or train_number
	}
	typed := slices.Contains(pl.sg.Requirements.Types, term)
	for _, c := range pl.sc.slice.Classes {
		// "customers that have more than 2 payments": the question
		// names things of a class other than the subjects' (a count of
		// customer_payments), even where a column is named like them
		// too (amount_payment).
		if m := termMatches(term, c.IRI, c.Label); m >= 0.8 && (ps < 0.9 || typed && len(pl.p.Nodes) > 0 && c.IRI != pl.p.Nodes[0].Class) {
			return true
		}
	}
	return typed && ps < 0.5
}

// wordsHaveYear reports whether a property's name speaks of years or
// dates.
func wordsHaveYear(p *handoff.SliceProperty) bool {
	w := words(p.IRI)
	return slices.Contains(w, "year") || slices.Contains(w, "date")
}

// entityBound adds a comparison with a named thing's own value of the
// attribute ("more goals than Magnus Dahl"): the attribute of the
// subjects against a sub-plan that selects the same attribute of the
// subject class's member whose name is the value.
func (pl *planner) entityBound(f handoff.Filter, op handoff.FilterOp) {
	prop, ps := pl.prop(f.Attribute, kNumber, 0)
	if op != handoff.FilterEq && (prop == nil || ps < 0.8 || pl.countsEntities(f.Attribute)) && pl.countBound(f, op) {
		return
	}
	if op == handoff.FilterEq {
		// The named thing is one of the subjects: a value of theirs
		// names it.
		if cols, _ := pl.splitNamed(pl.p.Nodes[0].Class, f.Value); cols == nil && pl.linkedNaming(pl.p.Nodes[0].Class, f.Value) == "" {
			return
		}
		// "Who has placed as many orders as Wendell?": the same count.
		manyAs := slices.ContainsFunc(pl.sg.Requirements.Cues, func(c handoff.Cue) bool {
			return c.Kind == handoff.CueComparative && strings.HasPrefix(c.Text, "as many")
		})
		if manyAs && pl.countsEntities(f.Attribute) && pl.countBound(f, op) {
			return
		}
		// "Who earns as much as Steven King?": the same measure, where a
		// number of theirs is what the term says.
		if prop == nil || ps < 0.8 || datatypeKind(prop) != kNumber || identifier(prop) {
			if p, inv := pl.impliedOrder(f.Attribute); p != nil && !inv {
				prop = p // "earns as much as": the salary
			} else if prop = pl.sameOf(f.Attribute); prop == nil {
				pl.sameThrough(f)
				return
			}
		}
		ps = 1 // no measure stands in for it ("the same age as")
	}
	if (prop == nil || ps < 0.8) && lexicon.Size(f.Attribute) {
		// "bigger than Valdheim": what measures size.
		if sp := pl.sizeOf(""); sp != nil {
			prop, ps = sp, 0.8
		}
	}
	if prop == nil || ps < 0.8 {
		// "outlasted La Isla Bonita at the top": weeks_on_top.
		if lp := pl.lastedFor(); lp != nil {
			prop, ps = lp, 0.8
		}
	}
	if p, inv := pl.impliedOrder(f.Attribute); p != nil && (prop == nil || ps < 0.8) {
		// "older than Ada Brook": born before her.
		prop = p
		if inv {
			op = map[handoff.FilterOp]handoff.FilterOp{handoff.FilterGt: handoff.FilterLt, handoff.FilterGe: handoff.FilterLe,
				handoff.FilterLt: handoff.FilterGt, handoff.FilterLe: handoff.FilterGe}[op]
		}
	}
	if prop == nil || op == "" {
		return
	}
	at, ok := pl.attrOf(prop)
	if !ok {
		return
	}
	class := pl.p.Nodes[at.Node].Class
	sub := &skeletons.Plan{Nodes: []skeletons.Node{{Class: class}}}
	// The named thing, by its name, or by its given and family names
	// ("older than Dinesh Kumar": fname "Dinesh", lname "Kumar").
	var named, self []skeletons.Cond
	if cols, values := pl.namedBy(class, f.Value); cols != nil {
		named = namedConds(0, cols, values, handoff.FilterEq)
		// Not the named one: any of its names differs.
		if self = namedConds(at.Node, cols, values, handoff.FilterNe); len(self) > 1 {
			self = []skeletons.Cond{{Or: self}}
		}
	} else if j, e, name, ok := pl.namedThrough(at.Node, f.Value); ok {
		// "body builders with a higher total than Cam Fowler", whose
		// name is a person's a reference leads to: the bound is the
		// total of the one that person is.
		sub.Nodes = append(sub.Nodes, skeletons.Node{Class: pl.p.Nodes[j].Class})
		se := skeletons.Edge{From: 0, To: 1, Property: e.Property}
		if e.From == j {
			se.From, se.To = 1, 0
		}
		sub.Edges = []skeletons.Edge{se}
		named = []skeletons.Cond{{Item: skeletons.Item{Attr: &skeletons.Attr{Node: 1, Property: name}}, Op: handoff.FilterEq, Value: sparql.NewLiteral(f.Value)}}
		selfAt := skeletons.Attr{Node: j, Property: name}
		self = []skeletons.Cond{{Item: skeletons.Item{Attr: &selfAt}, Op: handoff.FilterNe, Value: sparql.NewLiteral(f.Value)}}
		pl.used = append(pl.used, name)
	} else {
		return
	}
	sub.Filters = named
	sub.Select = []skeletons.Item{{Attr: &skeletons.Attr{Node: 0, Property: prop.IRI}}}
	it := skeletons.Item{Attr: &at}
	if datatypeKind(prop) == kString && op != handoff.FilterEq {
		// Digits kept as text compare as numbers, on both sides.
		it.Func = "number"
		sub.Select[0].Func = "number"
	}
	pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: it, Op: op, Sub: sub})
	// The named thing itself is not among the answers.
	pl.p.Filters = append(pl.p.Filters, self...)
}

// dateFilter adds a date or year comparison.
func (pl *planner) dateFilter(f handoff.Filter, op handoff.FilterOp) {
	term := f.Attribute
	if term == "" {
		term = "year date"
	}
	prop, ps := pl.prop(term, kDate, 0)
	if prop == nil {
		prop, _ = pl.prop("year", kAny, 0)
	}
	if t, _ := pl.impliedOrder("date"); t != nil && (prop == nil || ps < 0.8 && datatypeKind(prop) != kDate && !wordsHaveYear(prop)) {
		// "took place in 2023": the attribute is not named; a date or
		// year of the subjects holds it.
		prop = t
	}
	if prop == nil {
		return
	}
	year := len(f.Value) == 4
	if year && datatypeKind(prop) == kString && len(prop.Samples) > 0 && !slices.ContainsFunc(prop.Samples, yearInRE.MatchString) {
		// "Which shops opened in 2009?": a date kept as text without its
		// year ("10 June") cannot hold one; the things' year can
		// (open_year beside open_date).
		if y := pl.yearBeside(prop); y != nil {
			prop = y
		}
	}
	at, ok := pl.attrOf(prop)
	if !ok {
		return
	}
	it := skeletons.Item{Attr: &at}
	if dt := dateDatatype(prop); dt != "" && !year && (op != handoff.FilterBetween || len(f.Value2) != 4) {
		// "acquired before May 2017", "born on 3 May 1990": a month or a
		// day is a span of time, compared in the attribute's own
		// datatype (an xsd:date is not comparable with an xsd:dateTime).
		// (Not "not in May 2017": outside a span is a disjunction.)
		if cs, ok := dateSpan(it, op, f.Value, f.Value2, dt); ok && (!f.Negated || len(cs) == 1) {
			n := len(pl.p.Filters)
			pl.p.Filters = append(pl.p.Filters, cs...)
			if f.Negated {
				pl.negateBound(n)
			}
			return
		}
	}
	var val sparql.Term
	switch k := datatypeKind(prop); {
	case k == kDate && year:
		it.Func, val = "year", numberLiteral(f.Value)
	case k == kDate:
		val = sparql.NewTypedLiteral(f.Value, sparql.XSD+"date")
	case k == kNumber:
		val = numberLiteral(f.Value)
	case year:
		it.Func, val = "number", numberLiteral(f.Value)
	default:
		val = sparql.NewLiteral(f.Value)
	}
	c := skeletons.Cond{Item: it, Op: op, Value: val}
	if op == handoff.FilterBetween {
		if f.Value2 == "" {
			return
		}
		// The upper bound takes the lower bound's form.
		switch l := val.(type) {
		case *sparql.Literal:
			c.Value2 = &sparql.Literal{Lexical: f.Value2, Datatype: l.Datatype, Form: l.Form}
		default:
			return
		}
	}
	pl.p.Filters = append(pl.p.Filters, c)
	if f.Negated {
		pl.negateBound(len(pl.p.Filters) - 1)
	}
}

// dateDatatype returns p's date or date-time datatype IRI, "" when its
// values are neither.
func dateDatatype(p *handoff.SliceProperty) string {
	for _, d := range p.Datatypes {
		if l := strings.TrimPrefix(d, sparql.XSD); l == "date" || l == "dateTime" {
			return d
		}
	}
	return ""
}

// dateSpan compares it with a calendar month or day, v ("2017-05",
// "2017-05-03"; to v2 for op between), as literals of datatype dt: a
// point is before the span when it is before its first instant, after it
// when it is at or after the next span's first, and in it between the
// two. A day in a bound is the instant it starts. ok is false when a
// value is not such a date.
func dateSpan(it skeletons.Item, op handoff.FilterOp, v, v2, dt string) (cs []skeletons.Cond, ok bool) {
	first, next, ok := handoff.DateSpan(v)
	if !ok {
		return nil, false
	}
	last := first // v2's first instant, for op between
	if op == handoff.FilterBetween {
		if last, next, ok = handoff.DateSpan(v2); !ok {
			return nil, false
		}
	}
	lit := func(t time.Time) sparql.Term {
		if strings.HasSuffix(dt, "#dateTime") {
			return sparql.NewTypedLiteral(t.Format("2006-01-02T15:04:05"), dt)
		}
		return sparql.NewTypedLiteral(t.Format("2006-01-02"), dt)
	}
	cond := func(op handoff.FilterOp, t time.Time) skeletons.Cond {
		return skeletons.Cond{Item: it, Op: op, Value: lit(t)}
	}
	if len(v) == len("2006-01-02") && op != handoff.FilterEq {
		// A day written out in a bound ("reported after 1978-06-26") is
		// the instant it starts, as SQL and SPARQL compare a date with a
		// date-time; only "on" a day spans it.
		switch op {
		case handoff.FilterLt, handoff.FilterLe, handoff.FilterGt, handoff.FilterGe:
			return []skeletons.Cond{cond(op, first)}, true
		case handoff.FilterBetween:
			c := cond(op, first)
			c.Value2 = lit(last)
			return []skeletons.Cond{c}, true
		}
		return nil, false
	}
	switch op {
	case handoff.FilterLt:
		return []skeletons.Cond{cond(handoff.FilterLt, first)}, true
	case handoff.FilterLe:
		return []skeletons.Cond{cond(handoff.FilterLt, next)}, true
	case handoff.FilterGt:
		return []skeletons.Cond{cond(handoff.FilterGe, next)}, true
	case handoff.FilterGe:
		return []skeletons.Cond{cond(handoff.FilterGe, first)}, true
	case handoff.FilterEq, handoff.FilterBetween:
		return []skeletons.Cond{cond(handoff.FilterGe, first), cond(handoff.FilterLt, next)}, true
	case handoff.FilterNe:
		// Outside the span: NOT(first <= x < next) is a disjunction the
		// plan's conjunctive filters cannot state.
		return nil, false
	}
	return nil, false
}

// yearInRE matches a text that has a year in it.
var yearInRE = regexp.MustCompile(`(^|\D)[12]\d{3}(\D|$)`)

// yearBeside returns a property of p's class whose values are years or
// dates with a year, the one sharing a word with p first (open_year for
// open_date), nil when there is none.
func (pl *planner) yearBeside(p *handoff.SliceProperty) *handoff.SliceProperty {
	var best *handoff.SliceProperty
	shared := -1
	own := words(p.IRI)
	for i := range pl.sc.slice.Properties {
		q := &pl.sc.slice.Properties[i]
		if q.IRI == p.IRI || identifier(q) || !slices.ContainsFunc(q.Domains, func(d string) bool { return slices.Contains(p.Domains, d) }) {
			continue
		}
		if !yearValues(q) && datatypeKind(q) != kDate && !(datatypeKind(q) == kString && wordsHaveYear(q) && samplesMatch(q, yearInRE)) {
			continue
		}
		n := 0
		for _, w := range words(q.IRI) {
			if slices.Contains(own, w) {
				n++
			}
		}
		if n > shared {
			best, shared = q, n
		}
	}
	return best
}

// wordValues adds an equality filter for each single question word that
// is a whole value of the graph and that no filter used ("debit cards" →
// card_type = "Debit"), unless the word names a class of the slice.
func (pl *planner) wordValues() {
	// A word the question asks for as an attribute is no value ("the
	// names and urls of images" holds no alt text "Name").
	asked := map[string]bool{}
	r := &pl.sg.Requirements
	// Nor one grouped by ("born in each state" holds no department
	// "State").
	for _, t := range append(append(slices.Clone(r.Output.Attributes), r.Output.OrderBy), r.Output.GroupBy...) {
		if !strings.Contains(t, " ") {
			asked[lexicon.Fold(t)] = true
		}
	}
	// The constant of a condition is that condition's ("after 2010" is
	// no drink year "2010").
	for _, f := range r.Filters {
		asked[lexicon.Fold(strings.ToLower(f.Value))] = true
		if f.Value2 != "" {
			asked[lexicon.Fold(strings.ToLower(f.Value2))] = true
		}
	}
	// Nor is a verb said in its base form ("How many albums did AC/DC
	// release?" asks for no track "Release"); a past form may be a
	// state ("musicals that won": result "Won").
	// (Though a state column may say it: "Did Dariana Bednar pass?",
	// outcome code "Pass".)
	verbed := map[string]bool{}
	for _, v := range r.Verbs {
		if w := strings.ToLower(v); !strings.Contains(w, " ") && !strings.HasSuffix(w, "ed") && lexicon.VerbBase(w) == w && !asked[lexicon.Fold(w)] {
			asked[lexicon.Fold(w)], verbed[lexicon.Fold(w)] = true, true
		}
	}
	// Nor is a word said as a number ("more than one region" holds no
	// storm named "One").
	for _, m := range pl.sg.Mentions {
		if m.Kind == handoff.MentionNumber || m.Kind == handoff.MentionDate {
			asked[lexicon.Fold(strings.ToLower(m.Text))] = true
		}
	}
	// A word said of the things ("pop tracks") is a category: of two
	// columns holding it, the one with fewer rows (genre names before
	// album titles) is tried first.
	vals := slices.Clone(pl.sc.slice.Values)
	slices.SortStableFunc(vals, func(a, b handoff.SliceValue) int { return cmp.Compare(pl.valueRows(&a), pl.valueRows(&b)) })
	for _, v := range vals {
		m := strings.ToLower(v.Mention)
		if strings.ContainsAny(m, " ") || m == "" || pl.consumed["\x00"+m] || pl.consumed[v.Property+"\x00"+v.Value] ||
			!slices.Contains(kg.TextWords(pl.sg.Text), m) || asked[lexicon.Fold(m)] && !(verbed[lexicon.Fold(m)] && stateColumn(v.Property)) {
			continue
		}
		if !strings.EqualFold(v.Value, v.Mention) && !strings.EqualFold(v.Value+"s", v.Mention) && !strings.EqualFold(v.Value, v.Mention+"s") &&
			!strings.EqualFold(v.Value, lexicon.Singular(m)) {
			continue
		}
		namesClass := false
		for _, c := range pl.sc.slice.Classes {
			if termMatches(m, c.IRI, c.Label) >= 0.8 {
				namesClass = true
			}
		}
		// A word a reference is named by relates things ("Who reported
		// problems?": problems#ref-reported_by_staff_id), no status
		// "Reported".
		relates := slices.ContainsFunc(pl.sc.slice.Properties, func(p handoff.SliceProperty) bool {
			return len(p.Ranges) > 0 && slices.Contains(words(p.IRI), m)
		})
		prop, ok := pl.sc.byIRI[v.Property]
		if namesClass || relates || !ok || datatypeKind(prop) == kNumber {
			continue
		}
		at, ok := pl.attrOf(prop)
		if !ok {
			continue
		}
		if pl.consumed == nil {
			pl.consumed = map[string]bool{}
		}
		pl.consumed["\x00"+m] = true
		op := handoff.FilterEq
		if slices.Contains(pl.sg.Operations, handoff.OpNegate) && negatedInText(pl.sg.Text, m) {
			// "Which clubs don't have a forward?": none of their
			// players is one (made an exclusion below).
			op, pl.negatedWord = handoff.FilterNe, true
		}
		pl.p.Filters = append(pl.p.Filters, skeletons.Cond{Item: skeletons.Item{Attr: &at}, Op: op, Value: sparql.NewLiteral(v.Value)})
		pl.bonus += 0.5
	}
}

// coordinated reports whether, in the question's words, term directly
// follows the aggregated term after "and" ("the average rating and
// resolution"), so that the aggregate applies to it too, and whether the
// aggregate is named again before it ("the average distance and average
// price").
func coordinated(qw []string, agg handoff.Aggregate, aggOf, term string) (ok, again bool) {
	if aggOf == "" || term == "" {
		return false, false
	}
	fold := func(ws []string) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = lexicon.Fold(w)
		}
		return out
	}
	qw, of, tw := fold(qw), fold(kg.Words(aggOf)), fold(kg.Words(term))
	for i := 0; i+len(of) < len(qw); i++ {
		if !slices.Equal(qw[i:i+len(of)], of) || qw[i+len(of)] != "and" {
			continue
		}
		j := i + len(of) + 1
		if j < len(qw) && qw[j] == "the" {
			j++
		}
		// "the average distance and average price": the same
		// aggregate named again.
		again := j < len(qw) && handoff.AggregateWord(qw[j]) == agg
		if again {
			j++
		}
		if j+len(tw) <= len(qw) && slices.Equal(qw[j:j+len(tw)], tw) {
			return true, again
		}
	}
	return false, false
}

// groupTerms are the terms that name what an aggregate is grouped by when
// the question has no "for each": the output's attributes, and the type
// and predicate terms that name an attribute of the subject rather than
// a class ("all majors and the number of students"), leaving out the
// aggregated term and the filters' attributes.
func (pl *planner) groupTerms() []string {
	r := &pl.sg.Requirements
	skip := map[string]bool{r.Output.AggregateOf: true, "": true}
	for _, f := range r.Filters {
		skip[f.Attribute] = true
	}
	var out []string
	add := func(t string) {
		if !skip[t] && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	for _, a := range r.Output.Attributes {
		add(a)
	}
	if r.Output.Aggregate != handoff.AggCount || !groupingCue(pl.textWords()) {
		return out
	}
	// Properties the filters or the count itself use are not keys.
	used := map[string]bool{}
	for _, c := range pl.p.Filters {
		if c.Item.Attr != nil {
			used[c.Item.Attr.Property] = true
		}
	}
	if r.Output.AggregateOf != "" {
		if prop, s := pl.prop(r.Output.AggregateOf, kAny, 0); prop != nil && s >= 0.8 {
			used[prop.IRI] = true
		}
	}
	for _, t := range append(slices.Clone(r.Types), r.Predicates...) {
		if skip[t] || pl.namesClass(t) {
			continue
		}
		if prop, s := pl.prop(t, kAny, 0); prop != nil && s >= 0.8 && pl.hasNodeOf(prop) && !used[prop.IRI] {
			add(t)
		}
	}
	return out
}

// groupingCue reports whether a question asks for a count per something
// without saying "for each" in a way the decomposer caught: "each",
// "every", "per", "corresponding", "most common", "X and the number of
// Y", "X along with the number of Y", "X and how many Y".
func groupingCue(words []string) bool {
	for i, w := range words {
		switch w {
		case "each", "every", "per", "corresponding", "respective", "common", "frequent", "popular":
			return true
		case "and", "along", "together":
			// "X and the number of Y", "X along with the number of Y".
			j := i + 1
			if w != "and" {
				if j >= len(words) || words[j] != "with" {
					continue
				}
				j++
			}
			for k := j; k < len(words) && k <= j+2; k++ {
				if words[k] == "number" || words[k] == "how" || words[k] == "count" {
					return true
				}
			}
		}
	}
	return false
}

// totalColumn reads "the total X" as a column when the schema has one of
// that name: "What are the total points for all gymnasts, ordered by
// total points?" asks for gymnast#total_points, each gymnast's, not the
// sum of some points. It returns the subgoal with that reading (the
// column asked for, and ordered by when the question ranks), and false
// when the question sums or the schema has no such column.
func (pl *planner) totalColumn() (*handoff.Subgoal, bool) {
	out := pl.sg.Requirements.Output
	if out.Aggregate != handoff.AggSum || out.AggregateOf == "" || !slices.Contains(pl.textWords(), "total") {
		return nil, false
	}
	phrase := "total " + out.AggregateOf
	p, _ := pl.prop(phrase, kNumber, 0)
	if p == nil || datatypeKind(p) != kNumber || termMatches(phrase, p.IRI, p.Label) < 1 {
		return nil, false
	}
	c := *pl.sg
	o := &c.Requirements.Output
	o.Aggregate, o.AggregateOf = "", ""
	// (Grouped by the things themselves, each one's total is its own.)
	self := len(out.GroupBy) == 1 && len(pl.sg.Requirements.Types) > 0 && out.GroupBy[0] == pl.sg.Requirements.Types[0]
	if out.Shape == handoff.ShapeEntities && out.OrderBy == out.AggregateOf && (len(out.GroupBy) == 0 || self) && asksAnswer(pl.sg.Requirements.Cues, func(p string) bool { return p == "which" || p == "who" }) {
		// "Which gymnast has the highest total points?": the gymnast,
		// ranked by the column.
		o.OrderBy, o.GroupBy = phrase, nil
		return &c, true
	}
	o.Attributes = append([]string{phrase}, out.Attributes...)
	if o.OrderBy == "" && slices.Contains(c.Operations, handoff.OpRank) {
		o.OrderBy = phrase
	}
	return &c, true
}

// namesClass reports whether a term names a class of the slice.
func (pl *planner) namesClass(t string) bool {
	for _, c := range pl.sc.slice.Classes {
		if termMatches(t, c.IRI, c.Label) >= 0.8 {
			return true
		}
	}
	return false
}

// inSelect reports whether the plan already projects property iri.
func (pl *planner) inSelect(iri string) bool {
	for _, it := range pl.p.Select {
		if it.Attr != nil && it.Attr.Property == iri {
			return true
		}
	}
	return false
}

// groupedBy reports whether a term names one of the plan's group keys.
func (pl *planner) groupedBy(t string) bool {
	prop, s := pl.prop(t, kAny, 0)
	if prop == nil || s < 0.7 {
		return false
	}
	for _, g := range pl.p.GroupBy {
		if g.Property == prop.IRI {
			return true
		}
	}
	return false
}

// filteredValue reports whether term is a value a filter of the plan
// compares with ("comedy" of genre = "comedy").
func (pl *planner) filteredValue(term string) bool {
	t := kg.FoldText(lexicon.Singular(term))
	return slices.ContainsFunc(pl.p.Filters, func(c skeletons.Cond) bool {
		l, ok := c.Value.(*sparql.Literal)
		return ok && kg.FoldText(lexicon.Singular(l.Lexical)) == t
	})
}

// negatedValues returns the string filter values that a negation word of
// the question governs ("not from the country of Switzerland"): a value
// whose mention follows "not", "n't", "never", "without", "except" or
// "other than" within six words.
func (pl *planner) negatedValues() map[string]bool {
	out := map[string]bool{}
	if !slices.Contains(pl.sg.Operations, handoff.OpNegate) {
		return out
	}
	for _, f := range pl.sg.Requirements.Filters {
		if f.ValueKind != "string" && f.ValueKind != "" {
			continue
		}
		if v := strings.ToLower(f.Value); negatedInText(pl.sg.Text, v) {
			out[v] = true
		}
	}
	return out
}

// negatedInText reports whether a negation word ("not", "n't", "never",
// "without", "except", "other than") comes at most six words before the
// first place text says v (lower case).
func negatedInText(text, v string) bool {
	text = strings.ToLower(text)
	at := strings.Index(text, v)
	if v == "" || at < 0 {
		return false
	}
	before := strings.Fields(text[:at])
	for i := len(before) - 1; i >= 0 && i >= len(before)-6; i-- {
		w := strings.Trim(before[i], ".,;:!?'\"")
		if w == "not" || strings.HasSuffix(w, "n't") || w == "never" || w == "without" || w == "except" ||
			(w == "other" && i+1 < len(before) && strings.Trim(before[i+1], ".,") == "than") {
			return true
		}
	}
	return false
}

// mergeAlternatives turns equality filters on the same attribute with
// different values into one disjunction ("from UCLA or Duke", "the
// Marketing and Finance departments"): a single-valued attribute cannot
// equal both. With "both" in the question the conjunction is kept.
func (pl *planner) mergeAlternatives() {
	words := pl.textWords()
	if slices.Contains(words, "both") {
		return
	}
	// With "or" any two values; without, two values the question lists
	// ("the Marketing and Finance departments"), not two things related
	// ("when did A play B").
	either := slices.Contains(words, "or") || slices.Contains(words, "either")
	listed := func(a, b sparql.Term) bool {
		la, oka := a.(*sparql.Literal)
		lb, okb := b.(*sparql.Literal)
		if !oka || !okb {
			return false
		}
		t := strings.ToLower(strings.NewReplacer("'", "", "\"", "", "‘", "", "’", "").Replace(pl.sg.Text))
		return strings.Contains(t, strings.ToLower(la.Lexical)+" and "+strings.ToLower(lb.Lexical)) ||
			strings.Contains(t, strings.ToLower(la.Lexical)+", "+strings.ToLower(lb.Lexical))
	}
	var out []skeletons.Cond
	for _, c := range pl.p.Filters {
		merged := false
		if c.Op == handoff.FilterEq && c.Item.Attr != nil && c.Sub == nil && c.Value != nil {
			for i := range out {
				o := &out[i]
				if o.Sub != nil || o.Item.Attr == nil || *o.Item.Attr != *c.Item.Attr || o.Item.Func != c.Item.Func {
					continue
				}
				if !either && !listed(o.Value, c.Value) && !(len(o.Or) > 0 && listed(o.Or[len(o.Or)-1].Value, c.Value)) {
					break
				}
				if o.Op == handoff.FilterEq && len(o.Or) == 0 {
					first := *o
					*o = skeletons.Cond{Item: first.Item, Op: handoff.FilterEq, Or: []skeletons.Cond{first, c}}
					merged = true
				} else if len(o.Or) > 0 {
					o.Or = append(o.Or, c)
					merged = true
				}
				break
			}
		}
		if !merged {
			out = append(out, c)
		}
	}
	pl.p.Filters = out
}

// numberNamed reports whether a column's name ends in "number" or "no":
// it names its things (room_number), it does not measure them.
func numberNamed(p *handoff.SliceProperty) bool { return lastWordIn(p, "number", "no", "num") }

// countColumn is a numeric column of the subjects that counts what term
// names: its name is the term's words and a word of counting
// (room_count, no_of_customers, num_of_audience). Nil when there is none.
func (pl *planner) countColumn(term string) *handoff.SliceProperty {
	tw := kg.Words(term)
	for i, w := range tw {
		tw[i] = lexicon.Fold(w)
	}
	for i := range pl.sc.slice.Properties {
		p := &pl.sc.slice.Properties[i]
		if !pl.hasNodeOf(p) || !(datatypeKind(p) == kNumber || datatypeKind(p) == kString && numericStrings(p)) {
			continue
		}
		if rest, counting := lexicon.CountOf(words(p.IRI)); counting && len(tw) > 0 && slices.Equal(rest, tw) {
			return p
		}
	}
	return nil
}

// ownAggregate reports whether the aggregate a names is a word of the
// column p's own name that the question says whole, and no other word of
// the question names it: "the average attendance of stadiums" with a
// column average_attendance asks for the column, not its mean.
func (pl *planner) ownAggregate(p *handoff.SliceProperty, a handoff.Aggregate) bool {
	qw := pl.textWords()
	if !slices.ContainsFunc(words(p.IRI), func(w string) bool { return handoff.AggregateWord(w) == a }) || !lexicon.SaysName(qw, words(p.IRI)) {
		return false
	}
	n := 0
	for _, w := range qw {
		if handoff.AggregateWord(w) == a {
			n++
		}
	}
	return n == 1
}

// namedAggregates lists the aggregates a question enumerates, in order
// ("minimum, average and maximum"); nil when it names fewer than two
// close together.
func namedAggregates(words []string) []handoff.Aggregate {
	var out []handoff.Aggregate
	last := -1
	for i, w := range words {
		a := handoff.AggregateWord(w)
		if a == "" {
			continue
		}
		// "the highest average rating" ranks by an average: a
		// superlative before another aggregate names none.
		if slices.Contains([]string{"highest", "largest", "greatest", "biggest", "smallest", "lowest"}, w) && i+1 < len(words) && handoff.AggregateWord(words[i+1]) != "" {
			continue
		}
		// An enumeration: each named aggregate within three words of
		// the previous one ("minimum, average and maximum age").
		if last >= 0 && i-last > 3 {
			if len(out) >= 2 {
				break
			}
			out = out[:0]
		}
		last = i
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// valueAttr attaches a linked value's property to the class whose
// instances hold the value: when the property has several subject
// classes ("name" on cities and countries), the graph is asked which of
// them has it (ASK built as a plan), plan nodes first; without a probe,
// or when none answers, it is attrOf.
func (pl *planner) valueAttr(prop *handoff.SliceProperty, v sparql.Term) (skeletons.Attr, bool) {
	if len(prop.Domains) < 2 || pl.sc.probe == nil {
		return pl.attrOf(prop)
	}
	var order []string
	for _, n := range pl.p.Nodes {
		if slices.Contains(prop.Domains, n.Class) && !slices.Contains(order, n.Class) {
			order = append(order, n.Class)
		}
	}
	for _, d := range prop.Domains {
		if !slices.Contains(order, d) {
			order = append(order, d)
		}
	}
	for _, c := range order {
		if !pl.sc.probe(c, prop.IRI, v) {
			continue
		}
		pl.used = append(pl.used, prop.IRI)
		for i, n := range pl.p.Nodes {
			if n.Class == c {
				return skeletons.Attr{Node: i, Property: prop.IRI}, true
			}
		}
		if i, ok := pl.join(c); ok {
			return skeletons.Attr{Node: i, Property: prop.IRI}, true
		}
	}
	return pl.attrOf(prop)
}

// numberOf returns the number a literal term writes, if it writes one.
func numberOf(t sparql.Term) (*big.Rat, bool) {
	l, ok := t.(*sparql.Literal)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(strings.TrimSpace(l.Lexical))
}

// relatedName reports whether a word of term is, folded, a word WordNet
// relates ([lexicon.Related]: a derivation or a first-sense synonym) to
// one of the words of a name, or to what one of them is the quality of
// ("country" of nationality, through nation: [lexicon.Qualities]).
func relatedName(term string, name []string) bool {
	for _, t := range strings.Fields(strings.ToLower(term)) {
		rel := lexicon.Related(stem(t), lexicon.Derived, lexicon.Synonym)
		if len(rel) > 0 && slices.ContainsFunc(name, func(w string) bool {
			w = stem(w)
			return slices.ContainsFunc(rel, func(r string) bool { return r == w || slices.Contains(lexicon.Qualities(r), w) })
		}) {
			return true
		}
	}
	return false
}
