package allocator

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// slice builds the slice of graph id for the subgoal: the classes and
// properties its terms matched (best first), the classes of the matched
// properties' subjects and objects, the reference properties that join the chosen
// classes, and the values linked from its mentions.
func (a *Allocator) slice(ctx context.Context, p *pool, id string, gs *handoff.GraphScore, q *query, sg *handoff.Subgoal) *handoff.Slice {
	var g *kg.Graph
	for _, x := range p.graphs {
		if x.ID == id {
			g = x
		}
	}
	lex := p.lex[id]
	s := &handoff.Slice{Graph: id}
	for _, ns := range g.Summary.Namespaces {
		s.Prefixes = append(s.Prefixes, handoff.Prefix{Prefix: ns.Prefix, IRI: ns.IRI})
	}
	classScore := map[string]float64{}
	propScore := map[string]float64{}
	// scoreOnce scores a property the slice needs for a reason of its
	// own, unless something already scored it.
	scoreOnce := func(iri string, score float64) {
		if _, ok := propScore[iri]; !ok {
			propScore[iri] = score
		}
	}
	matched := map[string][]string{}
	for _, m := range gs.Matches {
		e := lex.element(m.IRI)
		if e == nil {
			continue
		}
		matched[m.IRI] = appendNew(matched[m.IRI], m.Term)
		if e.class {
			classScore[m.IRI] = max(classScore[m.IRI], m.Score)
		} else {
			propScore[m.IRI] = max(propScore[m.IRI], m.Score)
			// Both ends of a matched property: its subjects, and the
			// classes it links to ("directed" → directedBy → Director,
			// whose name answers "who directed").
			for _, c := range e.subjects {
				classScore[c] = max(classScore[c], 0.5*m.Score)
			}
			// A relation the question names by its own words (a
			// predicate term, every word in the property's name) brings
			// the class it leads to.
			if m.Score < 0.9 || !slices.Contains(sg.Requirements.Predicates, m.Term) || slices.Contains(sg.Requirements.Types, m.Term) {
				continue
			}
			for _, c := range e.objects {
				if _, ok := g.Summary.Class(c); ok {
					classScore[c] = max(classScore[c], 0.5*m.Score)
				}
			}
		}
	}
	// "List all media types": with no type named, an attribute asked
	// for whose words are a class's whole name (media_types) brings
	// that class, though a column of another class matched it too.
	if len(sg.Requirements.Types) == 0 {
		for _, t := range sg.Requirements.Output.Attributes {
			tw := strings.Fields(t)
			for i := range lex.elements {
				e := &lex.elements[i]
				if e.class && len(tw) > 1 && len(e.primary) == len(tw) && !slices.ContainsFunc(tw, func(w string) bool {
					return !slices.ContainsFunc(e.primary, func(p string) bool { return lexicon.Fold(p) == lexicon.Fold(w) })
				}) {
					classScore[e.iri] = max(classScore[e.iri], 0.9)
					matched[e.iri] = appendNew(matched[e.iri], t)
					// And the phrase's head said alone ("type").
					for _, p := range sg.Requirements.Predicates {
						if p != t && slices.Contains(tw, p) {
							matched[e.iri] = appendNew(matched[e.iri], p)
						}
					}
				}
			}
		}
	}
	// "Which items has nobody reviewed?", "What has Helen reviewed?":
	// a verb in its past form whose base is a class's one-word name
	// (review), or the verb that name derives from ("Who rented a
	// film?": rental), brings that class, the rows of the doing.
	for _, v := range sg.Requirements.Verbs {
		v = strings.ToLower(v)
		for i := range lex.elements {
			e := &lex.elements[i]
			if !e.class || len(e.primary) != 1 || !pastOf(e.primary[0], v) {
				continue
			}
			classScore[e.iri] = max(classScore[e.iri], 0.5)
			matched[e.iri] = appendNew(matched[e.iri], v)
			// With no type named ("What has Helen reviewed?"), what
			// the rows refer to may be the answer: those classes too.
			if len(sg.Requirements.Types) > 0 {
				continue
			}
			for k := range lex.elements {
				if r := &lex.elements[k]; !r.class && len(r.objects) == 1 && slices.Contains(r.subjects, e.iri) && r.objects[0] != e.iri {
					classScore[r.objects[0]] = max(classScore[r.objects[0]], 0.3)
				}
			}
		}
	}
	// Classes, best first, cut.
	classes := sortedKeys(classScore)
	if len(classes) > a.cfg.SliceClasses {
		classes = classes[:a.cfg.SliceClasses]
	}
	for _, c := range classes {
		sc := handoff.SliceClass{IRI: c, Score: classScore[c], Matched: matched[c]}
		if ci, ok := g.Summary.Class(c); ok {
			sc.Label, sc.Count = ci.Label, ci.Count
		}
		s.Classes = append(s.Classes, sc)
	}
	// addClass adds a class the question does not name but the slice
	// needs (to link chosen classes, or for a column), at a low score.
	addClass := func(c string) {
		classes = append(classes, c)
		classScore[c] = 0.05
		sc := handoff.SliceClass{IRI: c, Score: 0.05}
		if ci, ok := g.Summary.Class(c); ok {
			sc.Label, sc.Count = ci.Label, ci.Count
		}
		s.Classes = append(s.Classes, sc)
	}
	// scoreMeasures scores the columns of the classes of that are no
	// identifier and whose values keep holds, for a superlative to rank
	// by.
	scoreMeasures := func(of []string, keep func(*kg.PropertyInfo) bool) {
		for i := range lex.elements {
			n := &lex.elements[i]
			if n.class || len(n.objects) > 0 || len(n.primary) == 0 || lexicon.IdentifierWord(n.primary[len(n.primary)-1]) || !intersects(n.subjects, of) {
				continue
			}
			if pi, ok := g.Summary.Property(n.iri); ok && keep(pi) {
				scoreOnce(n.iri, 0.05)
			}
		}
	}
	// "the biggest settlement": a superlative of size with nothing it
	// is measured by, said of a class, measures it by its numbers
	// (settlement_amount), which the slice then holds.
	if sg.Requirements.Output.OrderBy == "" {
		for _, cue := range sg.Requirements.Cues {
			if cue.Kind != handoff.CueSuperlative || cue.Of == "" || !slices.ContainsFunc(strings.Fields(cue.Text), lexicon.Magnitude) {
				continue
			}
			for _, m := range gs.Matches {
				if e := lex.element(m.IRI); m.Term == cue.Of && e != nil && e.class {
					scoreMeasures([]string{e.iri}, (*kg.PropertyInfo).Numeric)
				}
			}
		}
	}
	// "the largest endowment": a superlative's term that matched only
	// a class's identifier (endowment_id) measures the class by its
	// numbers or dates (their values have a least; the synthesizer
	// ranks by numbers only), which the slice then holds.
	if ob := sg.Requirements.Output.OrderBy; ob != "" {
		for _, m := range gs.Matches {
			e := lex.element(m.IRI)
			if m.Term != ob || e == nil || e.class || len(e.primary) == 0 || !lexicon.IdentifierWord(e.primary[len(e.primary)-1]) {
				continue
			}
			scoreMeasures(e.subjects, func(pi *kg.PropertyInfo) bool { return pi.Values != nil && pi.Values.Min != "" })
		}
	}
	// Link classes: a class that is not chosen but whose reference
	// properties reach two chosen classes (an association table such
	// as singer_in_concert) joins them. A count of things per thing of
	// another class ("How many museums does each country have?") needs
	// a path between the two: when neither a reference nor such a table
	// links them, a class between them does (museums refer to cities,
	// cities to countries).
	if len(classes) >= 2 {
		reach := map[string][]string{}   // link class → chosen classes its properties reach
		between := map[string][]string{} // class → chosen classes linked to it either way
		linked := false                  // some reference joins two chosen classes
		for i := range lex.elements {
			e := &lex.elements[i]
			if e.class || len(e.objects) == 0 {
				continue
			}
			for _, sub := range e.subjects {
				for _, o := range e.objects {
					switch subChosen, oChosen := slices.Contains(classes, sub), slices.Contains(classes, o); {
					case subChosen && oChosen && sub != o:
						linked = true
					case !subChosen && oChosen:
						reach[sub] = appendNew(reach[sub], o)
						between[sub] = appendNew(between[sub], o)
					case subChosen && !oChosen:
						between[o] = appendNew(between[o], sub)
					}
				}
			}
		}
		var links []string
		for c, rs := range reach {
			if len(rs) >= 2 {
				links = append(links, c)
			}
		}
		if out := sg.Requirements.Output; len(links) == 0 && !linked && out.Aggregate == handoff.AggCount && out.AggregateOf != "" && len(out.GroupBy) > 0 {
			for c, rs := range between {
				if len(rs) >= 2 {
					links = append(links, c)
				}
			}
		}
		slices.Sort(links)
		for _, c := range links {
			if len(classes) >= a.cfg.SliceClasses+2 {
				break
			}
			addClass(c)
		}
		// "Which singers have performed at Somerset Park?": singers
		// and stadiums are two references apart (singer_in_concert →
		// concert → stadium); the classes on the shortest path of
		// references between chosen classes no reference links join
		// the slice, so that the synthesizer can walk it. Only between
		// the things asked for and the class of a value named (other
		// terms may name a class only weakly), and not where a
		// negation chooses its own joins.
		core, small := coreClasses(sg, lex, classes, matched), len(classes) <= 3
		negVerb := slices.Contains(sg.Operations, handoff.OpNegate) && len(core) == 1 && len(sg.Requirements.Types) == 1
		if len(core) >= 2 && !slices.Contains(sg.Operations, handoff.OpNegate) || negVerb {
			// ("Which customers have never booked anything?": so from
			// the things asked for to the class the negated verb names,
			// bookings to products booked.)
			// "What courses has Lembr taught?": the class the verb
			// names (teaches) relates the things asked for to the
			// value's, so a path runs through it (course, section,
			// teaches), not only around it (the department a course
			// and an instructor share).
			v := verbClass(sg, classes, matched)
			if negVerb && v == "" {
				v = verbDomain(sg, lex, classes, matched)
			}
			if v != "" && !slices.Contains(core, v) {
				for _, c := range lex.pathBetween([]string{core[0], v}, 3) {
					if len(classes) >= a.cfg.SliceClasses+2 {
						break
					}
					addClass(c)
					core = append(core, c)
				}
				core = append(core, v)
			}
		}
		if small && len(core) >= 2 && !slices.Contains(sg.Operations, handoff.OpNegate) {
			for _, c := range lex.pathBetween(core, 3) {
				if len(classes) >= a.cfg.SliceClasses+2 {
					break
				}
				addClass(c)
			}
		}
	}
	// "Who played a season before 2000?": a column of a chosen class
	// named by the verb's agent (match_season#player) says who.
	if sg.Asks("who") && g.Summary != nil {
		for _, v := range sg.Requirements.Verbs {
			agents := stems(lexicon.AgentNouns(strings.ToLower(v)))
			for i := range lex.elements {
				e := &lex.elements[i]
				if e.class || len(e.objects) > 0 || len(e.primary) != 1 || !slices.Contains(agents, stem(e.primary[0])) && !slices.Contains(e.verbs, stem(v)) ||
					!slices.ContainsFunc(e.subjects, func(c string) bool { return slices.Contains(classes, c) }) {
					continue
				}
				if pi, _ := g.Summary.Property(e.iri); pi.Numeric() {
					continue
				}
				scoreOnce(e.iri, 0.3)
			}
		}
	}
	// "Who owns a cat?" where the chosen classes name no one (pets
	// have no name): the people one link away (has_pet → student, with
	// a given and a family name) answer "who".
	// So do the people of a class named as a kind of person, with a name
	// ("Who has been to the Jungle Cruise?": the visitors of the
	// attraction named), when no chosen class is people.
	// ("Who holds the most records?": the people with the most.)
	o := sg.Requirements.Output
	countRank := o.Aggregate == handoff.AggCount && o.OrderBy != "" && o.OrderBy == o.AggregateOf && len(o.GroupBy) == 0
	if sg.Asks("who") && (o.Aggregate == "" || countRank) && len(classes) > 0 &&
		(!slices.ContainsFunc(classes, func(c string) bool { return namingProperty(lex, c) != "" }) || !slices.ContainsFunc(classes, func(c string) bool { return peopleClass(lex, c) })) {
		if link, people := peopleLinked(lex, classes, len(o.Attributes) == 0); people != "" {
			if link != "" && !slices.Contains(classes, link) {
				addClass(link)
			}
			addClass(people)
			for _, iri := range nameParts(lex, people, true) {
				scoreOnce(iri, 0.3)
			}
			if iri := peopleNaming(lex, people); iri != "" {
				scoreOnce(iri, 0.3)
			}
		}
	}
	// "the color code and description": the shared reading
	// (lexicon.SharedModifier) may name a column of a class one
	// reference away (ref_colors#color_description); that class joins
	// the slice, so that the synthesizer can take the column.
	attrs := sg.Requirements.Output.Attributes
	for k := 1; k < len(attrs); k++ {
		joined, ok := lexicon.SharedModifier(attrs[k-1], attrs[k])
		if !ok {
			continue
		}
		want := stems(strings.Fields(joined))
		for i := range lex.elements {
			e := &lex.elements[i]
			if e.class || len(e.objects) > 0 || !slices.Equal(e.primary, want) {
				continue
			}
			for _, c := range e.subjects {
				if !slices.Contains(classes, c) && !lex.referenced(classes, c) {
					continue
				}
				scoreOnce(e.iri, 0.3)
				if !slices.Contains(classes, c) {
					addClass(c)
				}
			}
		}
	}
	// "Which restaurant is the most popular?": things counted by group
	// with nothing named to count are counted by what refers to them
	// (visits), whose classes join the slice.
	if out := sg.Requirements.Output; out.Aggregate == handoff.AggCount && out.AggregateOf == "" && len(out.GroupBy) == 1 && len(classes) == 1 && slices.Contains(matched[classes[0]], out.GroupBy[0]) {
		root := classes[0]
		for i := range lex.elements {
			e := &lex.elements[i]
			if e.class || !slices.Contains(e.objects, root) {
				continue
			}
			for _, c := range e.subjects {
				if !slices.Contains(classes, c) && c != root {
					addClass(c)
				}
			}
		}
	}
	// "Which film category has the most movies?": a type that names a
	// class (film_category, a film's link to a category) whose head word
	// names a class that one refers to (category) asks for the things of
	// that class, which join the slice with their name.
	for _, c := range slices.Clone(classes) {
		for _, t := range sg.Requirements.Types {
			tw := kg.Words(t)
			if len(tw) < 2 || !slices.Contains(matched[c], t) {
				continue
			}
			head := lexicon.Fold(tw[len(tw)-1])
			for i := range lex.elements {
				e := &lex.elements[i]
				if e.class || len(e.objects) != 1 || !slices.Contains(e.subjects, c) || slices.Contains(classes, e.objects[0]) {
					continue
				}
				if ow := kg.Tokens(e.objects[0]); len(ow) != 1 || lexicon.Fold(ow[0]) != head {
					continue
				}
				addClass(e.objects[0])
				if n := namingProperty(lex, e.objects[0]); n != "" {
					scoreOnce(n, 0.3)
				}
			}
		}
	}
	// Join properties between chosen classes.
	join := map[string]bool{}
	for i := range lex.elements {
		e := &lex.elements[i]
		if e.class || len(e.objects) == 0 {
			continue
		}
		if intersects(e.subjects, classes) && intersects(e.objects, classes) {
			if _, ok := propScore[e.iri]; !ok {
				propScore[e.iri] = 0.1
				join[e.iri] = true
			}
		}
	}
	// "the highest average rating" where rating names a class (its
	// stars): the one numeric column, other than identifiers, of the
	// class an aggregate's term names (none when it has several: "the
	// average of people" says not which).
	// The one numeric column, other than identifiers, of class c, or "".
	measureOf := func(c string) string {
		var measures []string
		for i := range lex.elements {
			e := &lex.elements[i]
			if e.class || len(e.objects) > 0 || !slices.Contains(e.subjects, c) || len(e.primary) == 0 {
				continue
			}
			last := e.primary[len(e.primary)-1]
			key := strings.HasSuffix(last, "id") && len(last) <= 5 || last == "code" || referenceKey(lex, e.iri)
			if pi, _ := g.Summary.Property(e.iri); pi.Numeric() && !key {
				measures = append(measures, e.iri)
			}
		}
		if len(measures) != 1 {
			return ""
		}
		return measures[0]
	}
	if out := sg.Requirements.Output; out.AggregateOf != "" && out.Aggregate != "" && out.Aggregate != handoff.AggCount && !lexicon.People(out.AggregateOf) {
		for _, c := range classes {
			// (Named by the term though a column took it: "rating" of
			// ratingdate, a date, which no mean is taken of.)
			if e := lex.element(c); !slices.Contains(matched[c], out.AggregateOf) && (e == nil || matchScore(stems(kg.Words(out.AggregateOf)), e) < 1) {
				continue
			}
			if m := measureOf(c); m != "" {
				scoreOnce(m, 0.3)
			}
		}
	}
	// "Which aircraft can fly more than 5000 miles?": a number bounds
	// the things asked for by their one numeric column (distance) when
	// its term names no element.
	if ts := sg.Requirements.Types; len(ts) > 0 {
		for _, f := range sg.Requirements.Filters {
			if f.ValueKind != "number" || f.Attribute == "" || slices.ContainsFunc(slices.Collect(maps.Values(matched)), func(ms []string) bool { return slices.Contains(ms, f.Attribute) }) {
				continue
			}
			for _, c := range classes {
				if slices.Contains(matched[c], ts[0]) {
					if m := measureOf(c); m != "" {
						scoreOnce(m, 0.3)
					}
				}
			}
		}
	}
	// The literal columns of the chosen classes, with the words of their
	// names, which the rules below look among.
	type column struct {
		e     *element
		words []string
	}
	var columns []column
	for i := range lex.elements {
		if e := &lex.elements[i]; !e.class && len(e.objects) == 0 && intersects(e.subjects, classes) {
			columns = append(columns, column{e, kg.Words(kg.SplitIRI(e.iri).Column())})
		}
	}
	// A column of a chosen class whose whole name the question says word
	// for word ("the date valid from and the date valid to"), though no
	// term of the question is that name.
	said := kg.Words(sg.Text)
	for _, c := range columns {
		if _, ok := propScore[c.e.iri]; ok {
			continue
		}
		if lexicon.SaysName(said, kg.Words(strings.TrimPrefix(kg.SplitIRI(c.e.iri).Local, "ref-"))) {
			propScore[c.e.iri] = 0.5
		}
	}
	// A name column of a chosen class whose other words the question
	// says, a type among them, though apart ("Which station did the
	// longest trip start from?": start_station_name, not
	// end_station_name).
	for _, c := range columns {
		w := c.words
		if _, ok := propScore[c.e.iri]; ok || !lexicon.SaysQualifiers(said, w) || !lexicon.NameWord(w[len(w)-1]) {
			continue
		}
		rest := make([]string, len(w)-1)
		for i, x := range w[:len(w)-1] {
			rest[i] = lexicon.Fold(x)
		}
		if !slices.ContainsFunc(rest, lexicon.FunctionWord) && slices.ContainsFunc(sg.Requirements.Types, func(t string) bool { return slices.Contains(rest, lexicon.Fold(t)) }) {
			scoreOnce(c.e.iri, 0.3)
		}
	}
	// A column of a chosen class that counts what a type names ("the
	// party with the most hosts": party#number_of_hosts, though host is
	// a class too): the synthesizer may rank by it.
	for _, t := range sg.Requirements.Types {
		tw := kg.Words(t)
		for i, w := range tw {
			tw[i] = lexicon.Fold(w)
		}
		for _, c := range columns {
			if _, ok := propScore[c.e.iri]; ok {
				continue
			}
			if rest, counting := lexicon.CountOf(c.words); counting && slices.Equal(rest, tw) {
				propScore[c.e.iri] = 0.5
				matched[c.e.iri] = appendNew(matched[c.e.iri], t)
			}
		}
	}
	// credit gives the columns for which ok holds the term a rule found
	// they stand for, at score unless they score already.
	credit := func(ok func([]string) bool, term string, score float64) {
		for _, c := range columns {
			if !ok(c.words) {
				continue
			}
			scoreOnce(c.e.iri, score)
			matched[c.e.iri] = appendNew(matched[c.e.iri], term)
		}
	}
	// A size asked for that no column names ("tracks that can seat more
	// than 90,000 people": a capacity, where the track has a seating):
	// the chosen classes' columns that measure size.
	for _, t := range append(slices.Clone(sg.Requirements.Predicates), sg.Requirements.Types...) {
		if !lexicon.Size(t) || slices.ContainsFunc(gs.Matches, func(m handoff.TermMatch) bool { return m.Term == t && m.Score >= 0.7 }) {
			continue
		}
		credit(func(ws []string) bool { return slices.ContainsFunc(ws, lexicon.Size) }, t, 0.4)
	}
	// "female students": the chosen classes' column of sex (sex, gender,
	// is_male), whatever its name.
	// "Which women are older than 30?": women are people of a sex.
	if slices.ContainsFunc(sg.Requirements.Filters, func(f handoff.Filter) bool { return f.Attribute == handoff.AttrGender }) ||
		slices.Contains(sg.Requirements.Output.GroupBy, handoff.AttrGender) ||
		slices.ContainsFunc(sg.Requirements.Types, func(t string) bool { return lexicon.Gender(strings.ToLower(t)) != "" }) {
		credit(lexicon.GenderColumn, handoff.AttrGender, 0.4)
	}
	// alsoNamed credits column o with a term another column matched
	// (score: the match's), unless o scores already.
	alsoNamed := func(o *element, term string, score float64) {
		scoreOnce(o.iri, 0.5*score)
		matched[o.iri] = appendNew(matched[o.iri], term)
	}
	// A term matched to one class's column ("id" → camera_lens#id)
	// names the column of the same name of every chosen class
	// (mountain#id): the synthesizer takes the subjects' own.
	for _, m := range gs.Matches {
		e := lex.element(m.IRI)
		if e == nil || e.class || len(e.objects) > 0 || m.Score < 0.9 {
			continue
		}
		for i := range lex.elements {
			o := &lex.elements[i]
			if o.class || len(o.objects) > 0 || o.iri == e.iri || !intersects(o.subjects, classes) || !slices.Equal(o.primary, e.primary) {
				continue
			}
			alsoNamed(o, m.Term, m.Score)
		}
	}
	// A one-word term matched to a column ("id" → addresses#address_id)
	// names the chosen classes' own column of that kind too
	// (students#student_id): "the id of the student" is that one.
	for _, m := range gs.Matches {
		e := lex.element(m.IRI)
		tw := kg.Words(m.Term)
		if e == nil || e.class || len(e.objects) > 0 || m.Score < 0.9 || len(tw) != 1 {
			continue
		}
		head := stem(tw[0])
		for i := range lex.elements {
			o := &lex.elements[i]
			if o.class || len(o.objects) > 0 || len(o.primary) < 2 || o.primary[len(o.primary)-1] != head {
				continue
			}
			for _, c := range o.subjects {
				if slices.Contains(classes, c) && lexicon.OwnColumn(o.primary, stems(kg.Tokens(c))) {
					alsoNamed(o, m.Term, m.Score)
				}
			}
		}
	}
	// A date or year filter needs the chosen classes' date and year
	// properties: it may name no attribute ("after 2014"), or one that
	// is not a date ("took place in 2023").
	for _, f := range sg.Requirements.Filters {
		if f.BareAge() {
			// "people who are under 40": the chosen classes' ages.
			for i := range lex.elements {
				if e := &lex.elements[i]; !e.class && len(e.objects) == 0 && intersects(e.subjects, classes) && slices.Equal(e.primary, []string{"age"}) {
					scoreOnce(e.iri, 0.2)
				}
			}
		}
		if f.ValueKind != "date" {
			continue
		}
		for i := range lex.elements {
			e := &lex.elements[i]
			if e.class || len(e.objects) > 0 || !intersects(e.subjects, classes) {
				continue
			}
			if slices.Contains(e.primary, "year") || slices.Contains(e.primary, "date") {
				scoreOnce(e.iri, 0.2)
			}
		}
	}
	// An order or comparison on an attribute the question implies
	// ("the youngest": an age, or a date of birth; "most recent": a
	// date or a year) needs the chosen classes' properties that can
	// stand for it.
	var implied []string
	implied = appendNew(implied, sg.Requirements.Output.OrderBy)
	magnitude := false
	var measures []string
	for _, c := range sg.Requirements.Cues {
		if c.Kind == handoff.CueSuperlative || c.Kind == handoff.CueComparative {
			implied = appendNew(implied, c.Term)
			magnitude = magnitude || slices.ContainsFunc(strings.Fields(c.Text), lexicon.Magnitude)
		}
		// "the highest mountain": its height; "more expensive": a price.
		if m := lexicon.PhraseMeasure(c.Text, c.Term); (c.Kind == handoff.CueSuperlative || c.Kind == handoff.CueComparative) && m != "" {
			measures = appendNew(measures, m)
		}
	}
	// "Which climber climbed the highest mountain?": the thing measured
	// is the one a key column the term matched refers to
	// (climber#mountain_id → mountain), whose measure (its height) the
	// slice needs, with the class.
	for _, c := range sg.Requirements.Cues {
		m := lexicon.PhraseMeasure(c.Text, c.Term)
		if c.Kind != handoff.CueSuperlative && c.Kind != handoff.CueComparative || m == "" || c.Term == "" {
			continue
		}
		for _, iri := range sortedKeys(propScore) {
			ref := lex.element(kg.ReferenceOf(iri))
			if !slices.Contains(matched[iri], c.Term) || ref == nil || len(ref.objects) != 1 || slices.Contains(classes, ref.objects[0]) {
				continue
			}
			o := ref.objects[0]
			if !slices.ContainsFunc(lex.elements, func(e element) bool {
				return !e.class && len(e.objects) == 0 && slices.Contains(e.subjects, o) && slices.Contains(e.primary, m)
			}) {
				continue
			}
			scoreOnce(ref.iri, 0.5*propScore[iri])
			addClass(o)
		}
	}
	// "When …?" and "Where …?" are answered by a date or a place of the
	// subjects, which the question need not name.
	answers := func(ok func(string) bool) bool {
		return slices.ContainsFunc(sg.Requirements.Cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueAnswer && ok(c.Text) })
	}
	when, where := answers(lexicon.WhenPhrase), answers(func(p string) bool { return p == "where" })
	// "Which town is Sonoma State University in?" asks where it is.
	if r := sg.Requirements; len(r.Types) == 1 && lexicon.Place(r.Types[0]) && len(r.Filters) > 0 && answers(func(p string) bool { return p == "which" || p == "what" }) {
		where = true
	}
	// "How many players live in each town?": a grouping by a place,
	// which a place column of theirs (residence) may hold.
	groupsByPlace := slices.ContainsFunc(sg.Requirements.Output.GroupBy, func(t string) bool {
		return lexicon.Place(t) && !slices.ContainsFunc(classes, func(c string) bool { return slices.Contains(matched[c], t) })
	})
	// "the full names of the customers": the given and the family name.
	fullName := slices.ContainsFunc(sg.Requirements.Output.Attributes, lexicon.FullName)
	var derived [][]string
	temporal := false
	for _, t := range implied {
		if d, ok := lexicon.DerivedFrom(t); ok {
			derived = append(derived, stems(d.Words)) // as the element words are (built: build)
			// "the oldest wine": where nothing says its origin, its
			// own year does ([lexicon.DatedOrigin]).
			temporal = temporal || d.Inverted
		}
		// "the county with the most people": its population.
		if d, ok := lexicon.DerivedFrom("resident"); ok && lexicon.People(t) {
			derived = append(derived, stems(d.Words))
		}
		temporal = temporal || lexicon.Temporal(t)
	}
	// "Which film did Ada Brook direct most recently?": a time, of the
	// film (its release year), whatever the verb.
	temporal = temporal || slices.ContainsFunc(sg.Requirements.Cues, func(c handoff.Cue) bool {
		return c.Kind == handoff.CueSuperlative && lexicon.Recency(c.Text)
	})
	// "employees who earn more than the average": the salary a term
	// stands for, matched to it, when no column has its name.
	// "How old is Ada Brook?": an age asked for is computed from a
	// birth date, which the slice needs too.
	for _, t := range append(slices.Clone(sg.Requirements.Predicates), sg.Requirements.Output.AggregateOf) {
		d, ok := lexicon.DerivedFrom(t)
		if !ok || d.Inverted && !slices.Contains(sg.Requirements.Output.Attributes, t) {
			continue
		}
		// ("Who weighs the most?" names no class: any class's weight,
		// its class chosen with it.)
		none := len(classes) == 0
		for i := range lex.elements {
			// (A number of people is no date: date_of_enrolment.)
			if e := &lex.elements[i]; !e.class && len(e.objects) == 0 && (none || intersects(e.subjects, classes)) && intersects(e.primary, stems(d.Words)) &&
				!(d.Count && slices.ContainsFunc(e.primary, lexicon.Temporal)) {
				scoreOnce(e.iri, 0.2)
				matched[e.iri] = appendNew(matched[e.iri], t)
				for _, c := range e.subjects {
					if none && !slices.Contains(classes, c) {
						addClass(c)
					}
				}
			}
		}
	}
	// "When was the Department of Energy created?": a column named by
	// the event of a verb of the question (creation).
	eventOf := func(primary []string) bool {
		return len(primary) == 1 && slices.ContainsFunc(sg.Requirements.Verbs, func(v string) bool { return lexicon.EventNoun(primary[0], strings.ToLower(v)) })
	}
	// "Which song stayed on top the longest?": a length of time, where
	// the verb names no column (weeks_on_top).
	// ("Which songs outlasted La Isla Bonita?": a comparison of length.)
	for _, m := range slices.Clone(measures) {
		// "Which flights are longer than 2000 miles?": their distance.
		measures = appendNew(measures, lexicon.AlsoMeasured(m)...)
	}
	lasting := slices.Contains(measures, "length") || slices.ContainsFunc(sg.Requirements.Cues, func(c handoff.Cue) bool {
		return c.Kind == handoff.CueComparative && c.Term == "length"
	})
	impliedAttrs := func() {
		for i := range lex.elements {
			e := &lex.elements[i]
			if e.class || len(e.objects) > 0 || !intersects(e.subjects, classes) {
				continue
			}
			if when && (lexicon.PointInTime(e.primary) || eventOf(e.primary)) || (where || groupsByPlace) && slices.ContainsFunc(e.primary, lexicon.Place) ||
				magnitude && slices.ContainsFunc(e.primary, lexicon.Size) ||
				fullName && lexicon.NamePart(e.primary) > 0 ||
				temporal && (slices.ContainsFunc(e.primary, lexicon.Temporal) || timeValued(g, e.iri)) ||
				slices.ContainsFunc(derived, func(ws []string) bool { return intersects(e.primary, ws) }) ||
				intersects(e.primary, measures) ||
				lasting && slices.ContainsFunc(e.primary, lexicon.Duration) {
				scoreOnce(e.iri, 0.2)
			}
		}
	}
	impliedAttrs()
	// "How much does Weeks have in savings?", "Who has more than
	// 100,000 in savings?", "the least money": an amount no term names,
	// the one number a chosen class holds (a savings balance), or its
	// own of several.
	// ("Which claims asked for more than 800?": a verb that names no
	// column says no attribute either.)
	unsaid := !slices.ContainsFunc(sg.Requirements.Predicates, func(t string) bool {
		return !slices.Contains(sg.Requirements.Verbs, t) || slices.ContainsFunc(slices.Collect(maps.Values(matched)), func(ms []string) bool { return slices.Contains(ms, t) })
	})
	amount := answers(func(p string) bool { return p == "how much" }) ||
		unsaid && slices.ContainsFunc(sg.Requirements.Filters, func(f handoff.Filter) bool {
			return f.Attribute == "" && f.ValueKind == "number" && f.Op != handoff.FilterEq
		}) ||
		slices.ContainsFunc(append(slices.Clone(sg.Requirements.Types), sg.Requirements.Output.AggregateOf, sg.Requirements.Output.OrderBy), func(t string) bool {
			return lexicon.Measure(t) == "wealth"
		})
	// "Who made the largest payment?": a thing ranked by no attribute of
	// its own name is ranked by its amount.
	ranked := ""
	if o := sg.Requirements.Output; o.OrderBy != "" && o.Aggregate == "" {
		if w := strings.Fields(o.OrderBy); len(w) > 0 {
			ranked = stem(w[len(w)-1])
		}
	}
	if (amount || ranked != "") && g.Summary != nil {
		for _, c := range classes {
			if cw := stems(kg.Tokens(c)); !amount && (len(cw) == 0 || cw[len(cw)-1] != ranked) {
				continue
			}
			var sole []string
			for i := range lex.elements {
				e := &lex.elements[i]
				if e.class || len(e.objects) > 0 || !slices.Contains(e.subjects, c) || len(e.primary) == 0 || lexicon.IdentifierWord(e.primary[len(e.primary)-1]) {
					continue
				}
				if pi, _ := g.Summary.Property(e.iri); pi.Numeric() && lex.element(kg.ReferenceOf(e.iri)) == nil {
					sole = append(sole, e.iri)
				}
			}
			if len(sole) > 1 {
				// "a claim for more than 80,000": of several, the one its
				// name says is the class's own (amount_claimed of claims).
				// (Or the word the question names the class by:
				// amount_claimed of claim_headers, "claims".)
				said := [][]string{kg.Tokens(c)}
				for _, t := range matched[c] {
					said = append(said, strings.Fields(t))
				}
				sole = slices.DeleteFunc(sole, func(iri string) bool {
					e := lex.element(iri)
					return e == nil || !slices.ContainsFunc(said, func(cw []string) bool { return lexicon.SaysClass(e.primary, cw) })
				})
			}
			if len(sole) == 1 {
				scoreOnce(sole[0], 0.2)
			}
		}
	}
	// "Where does Linda Williams live?": a place the subjects hold as a
	// key (customer#address_id) is the thing it refers to, shown by its
	// own place columns (address#address, address#district).
	if where {
		for _, c := range slices.Clone(classes) {
			for i := range lex.elements {
				e := &lex.elements[i]
				if e.class || len(e.objects) > 0 || !slices.Contains(e.subjects, c) || !slices.ContainsFunc(e.primary, lexicon.Place) {
					continue
				}
				ref := lex.element(kg.ReferenceOf(e.iri))
				if ref == nil || len(ref.objects) != 1 || slices.Contains(classes, ref.objects[0]) {
					continue
				}
				o := ref.objects[0]
				scoreOnce(ref.iri, 0.2)
				addClass(o)
				for j := range lex.elements {
					if f := &lex.elements[j]; !f.class && len(f.objects) == 0 && slices.Contains(f.subjects, o) && slices.ContainsFunc(f.primary, lexicon.Place) && kg.ReferenceOf(f.iri) == "" {
						scoreOnce(f.iri, 0.2)
					}
				}
			}
		}
	}
	// "Who manufactures the Printer?": a key column the verb matched
	// (products#manufacturer) holds who it is by number; its reference
	// and the class it leads to, whose name answers, come with it.
	if answers(func(p string) bool { return p == "who" || p == "whom" }) {
		for _, iri := range sortedKeys(propScore) {
			ref := lex.element(kg.ReferenceOf(iri))
			if propScore[iri] < 0.8 || !slices.ContainsFunc(sg.Requirements.Verbs, func(v string) bool { return slices.Contains(matched[iri], v) }) ||
				ref == nil || len(ref.objects) != 1 || slices.Contains(classes, ref.objects[0]) {
				continue
			}
			scoreOnce(ref.iri, 0.5*propScore[iri])
			addClass(ref.objects[0])
		}
	}
	// "Who makes the Printer?", "Which company makes the printer?": a
	// thing's reference named for its maker (products#ref-manufacturer)
	// and the class it leads to, whose name answers.
	if r := sg.Requirements; answers(func(p string) bool { return p == "who" }) || len(r.Types) > 0 && lexicon.Maker(r.Types[0]) {
		for _, c := range slices.Clone(classes) {
			for i := range lex.elements {
				e := &lex.elements[i]
				col := kg.Words(kg.SplitIRI(e.iri).Column())
				if e.class || len(e.objects) != 1 || !slices.Contains(e.subjects, c) || len(col) == 0 || !lexicon.Agent(col[len(col)-1]) ||
					slices.Contains(classes, e.objects[0]) {
					continue
				}
				scoreOnce(e.iri, 0.2)
				addClass(e.objects[0])
			}
		}
	}
	// columnsOf lists the columns of class c (no references) that ok
	// accepts.
	columnsOf := func(c string, ok func(e *element) bool) []string {
		var out []string
		for i := range lex.elements {
			if e := &lex.elements[i]; !e.class && len(e.objects) == 0 && slices.Contains(e.subjects, c) && ok(e) {
				out = append(out, e.iri)
			}
		}
		return out
	}
	// byReferrers brings, where no chosen class has a column of, the
	// classes that refer to a chosen one and have some: their reference
	// and those columns come with them.
	byReferrers := func(of func(c string) []string) {
		if slices.ContainsFunc(classes, func(c string) bool { return len(of(c)) > 0 }) {
			return
		}
		for _, c := range slices.Clone(classes) {
			for i := range lex.elements {
				e := &lex.elements[i]
				if e.class || len(e.objects) != 1 || e.objects[0] != c || len(e.subjects) != 1 || slices.Contains(classes, e.subjects[0]) {
					continue
				}
				cols := of(e.subjects[0])
				if len(cols) == 0 {
					continue
				}
				scoreOnce(e.iri, 0.2)
				addClass(e.subjects[0])
				for _, col := range cols {
					scoreOnce(col, 0.2)
				}
			}
		}
	}
	// "When did BrainBanx come out?": where no chosen class has a date,
	// the things that refer to one of them may (a publication of the
	// book, with its publication_date); they come with their reference
	// and their dates.
	if when && len(classes) > 0 {
		byReferrers(func(c string) []string {
			return columnsOf(c, func(e *element) bool {
				// (Not a key: publication_id names no time.)
				return lexicon.PointInTime(e.primary) && !lexicon.IdentifierWord(e.primary[len(e.primary)-1]) && lex.element(kg.ReferenceOf(e.iri)) == nil
			})
		})
	}
	// "Which customer spent the most?": where no chosen class holds the
	// amount a total ranks by, the things that refer to one of them may
	// (invoices, with their total); they come with their reference and
	// the amount.
	if sg.Requirements.Output.OrderTotal && len(derived) > 0 && len(classes) > 0 {
		byReferrers(func(c string) []string {
			return columnsOf(c, func(e *element) bool {
				return slices.ContainsFunc(derived, func(ws []string) bool { return intersects(e.primary, ws) })
			})
		})
	}
	// A naming attribute of each chosen class (name, title, label), so
	// that entities can be shown by name.
	// A key column a verb of the question names ("Who designed the
	// most bridges?": bridge#architect_id) leads, by the reference
	// beside it, to the thing itself (the architect), which the answer
	// names.
	for _, iri := range sortedKeys(propScore) {
		e := lex.element(iri)
		if e == nil || e.class || len(e.objects) > 0 || !intersects(e.verbs, sg.Requirements.Predicates) {
			continue
		}
		ref := lex.element(kg.ReferenceOf(iri))
		if ref == nil || len(ref.objects) != 1 {
			continue
		}
		scoreOnce(ref.iri, 0.5*propScore[iri])
		if !slices.Contains(classes, ref.objects[0]) {
			addClass(ref.objects[0])
		}
	}
	// "How many customers does each support rep look after?": things
	// grouped by a reference the group's term names
	// (customers#ref-support_rep_id) are grouped by the things it
	// refers to, whose class joins the slice to name them.
	for _, gb := range sg.Requirements.Output.GroupBy {
		for _, iri := range sortedKeys(propScore) {
			e := lex.element(iri)
			if e == nil || e.class || len(e.objects) != 1 || !slices.Contains(matched[iri], gb) || slices.Contains(classes, e.objects[0]) {
				continue
			}
			addClass(e.objects[0])
		}
	}
	for _, c := range slices.Clone(classes) {
		// A class of people with a given and a family name (fname and
		// lname, first_name and last_name) and no name (a job title is
		// none): both name them.
		iri := namingProperty(lex, c)
		if parts := nameParts(lex, c, sg.Asks("who")); len(parts) == 2 && (iri == "" || slices.Contains(parts, iri) || lexicon.JobTitle(kg.Words(kg.SplitIRI(iri).Column()))) {
			for _, iri := range parts {
				scoreOnce(iri, 0.05)
			}
			continue
		}
		if iri != "" {
			scoreOnce(iri, 0.05)
			continue
		}
		// A class whose own key refers to another's row is that thing
		// (gymnast#ref-gymnast_id → people), and so is one whose only
		// reference leads to a named class (entrepreneur#ref-people_id):
		// named by that one's name.
		var refs []*element
		for i := range lex.elements {
			e := &lex.elements[i]
			if !e.class && len(e.objects) == 1 && slices.Contains(e.subjects, c) && e.objects[0] != c && namingProperty(lex, e.objects[0]) != "" {
				refs = append(refs, e)
			}
		}
		named := false
		for _, e := range refs {
			if len(refs) > 1 && !lexicon.OwnColumn(e.primary, kg.Tokens(c)) {
				continue
			}
			o := e.objects[0]
			name := namingProperty(lex, o)
			for _, iri := range []string{e.iri, name} {
				scoreOnce(iri, 0.05)
			}
			if !slices.Contains(classes, o) {
				addClass(o)
			}
			// Named by it only when its things are those ("farm
			// competitions" are not their host city): else they are
			// shown as below too.
			named = lexicon.IsReferenced(kg.Tokens(c), kg.Words(kg.SplitIRI(e.iri).Column()), kg.Tokens(o))
			break
		}
		// Nor anything else: its own key shows each of them ("the
		// number of transactions for different investors" by
		// investor_id), which the synthesizer shows rather than the IRI.
		if !named {
			if key := keyProperty(lex, c); key != "" {
				scoreOnce(key, 0.05)
			}
		}
		// Nothing names the members of the things asked for: its most
		// varied text column shows them (a market by its country).
		if !named && asksThings(sg, matched[c]) {
			if iri := shownProperty(g, lex, c); iri != "" {
				scoreOnce(iri, 0.05)
				for k := range s.Classes {
					if s.Classes[k].IRI == c {
						s.Classes[k].Shown = iri
					}
				}
			}
		}
	}
	// The classes that name the chosen ones (entrepreneur → people) are
	// the things themselves: what the question implies of them too
	// ("Which entrepreneur is the youngest?": a person's birth date).
	impliedAttrs()
	// Values.
	if p.values[id] != nil {
		for _, m := range q.mentions {
			found := false
			for _, h := range a.searchValues(ctx, p, id, m, 3) {
				if v, _ := valueMatch1(h.Value, m); v > 0 && !schemaLabel(g, h) {
					s.Values = append(s.Values, handoff.SliceValue{Property: h.Property, Value: h.Value, Lang: h.Lang, Mention: m, Score: h.Score})
					scoreOnce(h.Property, 0.3)
					found = found || v == 1
				}
			}
			// "British artists" of artist#country "UK": a name of the
			// place the adjective says, when the graph has no value
			// that is the word itself.
			for _, place := range lexicon.PlacesOf(m) {
				if found {
					break
				}
				for _, h := range a.searchValues(ctx, p, id, place, 3) {
					if v, _ := valueMatch1(h.Value, place); v == 1 && !schemaLabel(g, h) {
						s.Values = append(s.Values, handoff.SliceValue{Property: h.Property, Value: h.Value, Lang: h.Lang, Mention: m, Score: 0.9 * h.Score})
						scoreOnce(h.Property, 0.3)
						found = true
					}
				}
			}
		}
	}
	// Single words of the question that are whole values of the graph
	// ("debit cards" → "Debit", "cat allergies" → "Cat").
	if p.values[id] != nil {
		seen := map[string]bool{}
		for _, v := range s.Values {
			seen[strings.ToLower(v.Value)] = true
		}
		for _, w := range kg.TextWords(sg.Text) {
			if len(w) < 3 || stopwords[w] || seen[w] {
				continue
			}
			seen[w] = true
			hits := a.searchValues(ctx, p, id, w, 3)
			whole := func(h kg.Hit) bool {
				hv := strings.ToLower(h.Value)
				return (hv == w || hv+"s" == w || hv == w+"s" || lexicon.Singular(w) == hv) && !schemaLabel(g, h)
			}
			// A value some chosen class holds needs no other class.
			chosen := slices.ContainsFunc(hits, func(h kg.Hit) bool {
				e := lex.element(h.Property)
				return whole(h) && e != nil && intersects(e.subjects, classes)
			})
			for _, h := range hits {
				if !whole(h) {
					continue
				}
				s.Values = append(s.Values, handoff.SliceValue{Property: h.Property, Value: h.Value, Lang: h.Lang, Mention: w, Score: h.Score / 2})
				scoreOnce(h.Property, 0.2)
				// "Which artworks won?" of nomination#result "Won":
				// the value's class joins the slice, with the
				// reference that links it to a chosen class.
				if !chosen {
					linkValueClass(lex, h.Property, &classes, addClass, scoreOnce)
				}
			}
		}
	}
	// A value given to a reference ("in room 112": stay#ref-room) is
	// held by the reference's own column (stay#room), which the slice
	// needs beside the link.
	for _, f := range sg.Requirements.Filters {
		if f.Attribute == "" || f.ValueKind != "number" && f.ValueKind != "string" {
			continue
		}
		want := stems(strings.Fields(f.Attribute))
		for _, iri := range sortedKeys(propScore) {
			col := kg.KeyColumn(iri)
			if e := lex.element(col); col == "" || e == nil || !slices.Equal(e.primary, want) {
				continue
			}
			scoreOnce(col, 0.5*propScore[iri])
		}
	}
	props := sortedKeys(propScore)
	if len(props) > a.cfg.SliceProperties {
		// Past the bound, still the references that join chosen classes
		// and the columns that hold a value the question names: without
		// them no query reaches the city of "Mary Smith" (customer →
		// address → city) or says her last name.
		kept, cut := props[:a.cfg.SliceProperties], props[a.cfg.SliceProperties:]
		for _, iri := range cut {
			if join[iri] || slices.ContainsFunc(s.Values, func(v handoff.SliceValue) bool { return v.Property == iri }) {
				kept = append(kept, iri)
			}
		}
		props = kept
	}
	for _, iri := range props {
		sp := handoff.SliceProperty{IRI: iri, Score: propScore[iri], Matched: matched[iri], Join: join[iri]}
		if pi, ok := g.Summary.Property(iri); ok {
			sp.Label, sp.Count, sp.ForeignKey = pi.Label, pi.Count, pi.ForeignKey
			sp.Key = referenceKey(lex, iri)
			sp.Domains = slices.Clone(pi.Domains)
			for _, c := range pi.SubjectClasses {
				sp.Domains = appendNew(sp.Domains, c.IRI)
			}
			for _, r := range pi.Ranges {
				if sparql.IsDatatypeIRI(r) {
					sp.Datatypes = appendNew(sp.Datatypes, r)
				} else {
					sp.Ranges = appendNew(sp.Ranges, r)
				}
			}
			for _, c := range pi.ObjectClasses {
				sp.Ranges = appendNew(sp.Ranges, c.IRI)
			}
			for _, d := range pi.Datatypes {
				sp.Datatypes = appendNew(sp.Datatypes, d.IRI)
			}
			if pi.Values != nil {
				sp.Min, sp.Max = pi.Values.Min, pi.Values.Max
			}
			if pi.Values != nil && pi.LiteralObjects > 0 && pi.Values.Min == "" {
				for _, v := range pi.Values.Samples {
					if len(sp.Samples) == 3 {
						break
					}
					sp.Samples = append(sp.Samples, shorten(v, 30))
				}
			}
		}
		s.Properties = append(s.Properties, sp)
	}
	if len(s.Classes) == 0 && len(s.Properties) == 0 {
		a.fallbackSlice(s, g, lex)
	}
	s.Tokens = EstimateTokens(s.Text())
	return s
}

// timeValued reports whether the graph's property iri holds points in
// time by its datatype, whatever its name ("releasedate").
func timeValued(g *kg.Graph, iri string) bool {
	pi, _ := g.Summary.Property(iri)
	return pi.Temporal()
}

// schemaLabel reports whether a value hit is only a label of the schema
// itself (rdfs:label "capacity" of the property :capacity): every sample
// subject is a class or property of the graph, not an instance, so the
// value names no thing a query could filter on.
func schemaLabel(g *kg.Graph, h kg.Hit) bool {
	if g.Summary == nil || len(h.Subjects) == 0 {
		return false
	}
	for _, s := range h.Subjects {
		_, isClass := g.Summary.Class(s)
		_, isProp := g.Summary.Property(s)
		if !isClass && !isProp {
			return false
		}
	}
	return true
}

// fallbackSlice fills a slice that matched nothing (a question whose
// words name no element of the graph) with the graph's largest class and
// its naming attribute, so that the synthesizer has something to ground.
func (a *Allocator) fallbackSlice(s *handoff.Slice, g *kg.Graph, lex *graphLex) {
	if g.Summary == nil || len(g.Summary.Classes) == 0 {
		return
	}
	c := g.Summary.Classes[0] // by descending count
	s.Classes = append(s.Classes, handoff.SliceClass{IRI: c.IRI, Label: c.Label, Count: c.Count})
	if iri := namingProperty(lex, c.IRI); iri != "" {
		sp := handoff.SliceProperty{IRI: iri, Domains: []string{c.IRI}}
		if pi, ok := g.Summary.Property(iri); ok {
			sp.Label, sp.Count = pi.Label, pi.Count
			for _, d := range pi.Datatypes {
				sp.Datatypes = appendNew(sp.Datatypes, d.IRI)
			}
		}
		s.Properties = append(s.Properties, sp)
	}
}

// valueMatch1 scores a value against a mention like valueMatch.
// linkValueClass adds to the slice the class of a value's property when
// no chosen class has the property but one reference links that class
// with a chosen class (either way); the reference joins the slice too.
func linkValueClass(lex *graphLex, prop string, classes *[]string, addClass func(string), scoreOnce func(string, float64)) {
	e := lex.element(prop)
	if e == nil || len(e.subjects) != 1 || intersects(e.subjects, *classes) {
		return
	}
	c := e.subjects[0]
	for i := range lex.elements {
		r := &lex.elements[i]
		if r.class || len(r.objects) == 0 {
			continue
		}
		if slices.Contains(r.subjects, c) && intersects(r.objects, *classes) || slices.Contains(r.objects, c) && intersects(r.subjects, *classes) {
			addClass(c)
			scoreOnce(r.iri, 0.1)
			return
		}
	}
}

func valueMatch1(value, mention string) (float64, bool) {
	// Compared as the search compares them: "Hángzhōu" is "Hangzhou".
	v, m := kg.FoldText(value), kg.FoldText(strings.TrimSpace(mention))
	short := min(utf8.RuneCountInString(v), utf8.RuneCountInString(m))
	switch {
	case m == "":
		return 0, false
	case v == m || strings.HasSuffix(m, "s") && !strings.HasSuffix(v, "s") && singulars(v) == singulars(m):
		// The mention in the plural ("Zinfandels" of "Zinfandel"), not
		// the value ("Moulin" is no "Moulins").
		return 1, true
	case short >= 3 && (strings.Contains(v, m) || strings.Contains(m, v)):
		// Not a letter inside a word ("J" of "Jungle Cruise").
		return 0.6, true
	}
	return 0, false
}

// singulars is a folded text with each word in the singular.
func singulars(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		ws[i] = lexicon.Singular(w)
	}
	return strings.Join(ws, " ")
}

// EstimateTokens estimates the LLM tokens of text: about one per four
// bytes, at least one per word.
func EstimateTokens(text string) int {
	return max(len(text)/4, len(strings.Fields(text)))
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func intersects(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// sortedKeys returns the keys by descending score, then key.
func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y string) int { return cmp.Or(cmp.Compare(m[y], m[x]), cmp.Compare(x, y)) })
	return keys
}

// peopleClass reports whether class c is people: its things have a
// given and a family name, or its name is a kind of person and it has a
// naming property.
func peopleClass(lex *graphLex, c string) bool {
	if nameParts(lex, c, false) != nil {
		return true
	}
	w := kg.Tokens(c) // the words as written: the stem of "customers" is "custom"
	return len(w) > 0 && lexicon.Person(w[len(w)-1]) && peopleNaming(lex, c) != ""
}

// peopleLinked returns a class of people ([peopleClass]) that a chosen
// class refers to, or that refers to one, or that a link class refers to
// together with a chosen class or (far, where the people themselves are
// asked for) that a class a chosen one refers to refers to, and that
// link class
// ("" when none is needed); "" and "" when there is none. Of several, the
// directly linked first, then the first by IRI. Only the classes next to
// the chosen ones are looked at, so the cost follows the graph's size
// once, not the square of its classes.
func peopleLinked(lex *graphLex, classes []string, far bool) (link, people string) {
	refs, inv := map[string][]string{}, map[string][]string{} // class → classes it refers to, and back
	for i := range lex.elements {
		e := &lex.elements[i]
		if e.class {
			continue
		}
		for _, s := range e.subjects {
			for _, o := range e.objects {
				refs[s] = appendNew(refs[s], o)
				inv[o] = appendNew(inv[o], s)
			}
		}
	}
	seen := map[string]bool{}
	peopleClass := func(c string) bool { // memoised: nameParts reads every element
		if v, ok := seen[c]; ok {
			return v
		}
		seen[c] = !slices.Contains(classes, c) && peopleClass(lex, c)
		return seen[c]
	}
	var found [][2]string
	for _, k := range classes {
		for _, n := range append(slices.Clone(refs[k]), inv[k]...) {
			if peopleClass(n) {
				found = append(found, [2]string{"", n})
			}
		}
		// A link class that refers to k and to people, or that k refers
		// to and that refers to people: "Who made the biggest claim?",
		// the claim's policy's customer.
		links := slices.Clone(inv[k])
		if far {
			links = append(links, refs[k]...)
		}
		for _, l := range links {
			if slices.Contains(classes, l) {
				continue
			}
			for _, c := range refs[l] {
				if c != l && peopleClass(c) {
					found = append(found, [2]string{l, c})
				}
			}
		}
	}
	if len(found) == 0 {
		return "", ""
	}
	slices.SortFunc(found, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(min(len(a[0]), 1), min(len(b[0]), 1)), cmp.Compare(a[1], b[1]), cmp.Compare(a[0], b[0]))
	})
	return found[0][0], found[0][1]
}

// referenceKey reports whether the column iri is the one a reference
// property of the graph is made from (Direct Mapping stay#patient beside
// stay#ref-patient): its values name things, they do not measure them.
func referenceKey(lex *graphLex, iri string) bool {
	ref := kg.ReferenceOf(iri)
	return ref != "" && lex.element(ref) != nil
}

// nameParts returns the literal-valued properties of class c that hold a
// given name and a family name ([lexicon.NamePart]; for "who", a
// personal name is the given one: [lexicon.PersonalName]), in that
// order, or nil unless it has both.
func nameParts(lex *graphLex, c string, who bool) []string {
	var given, family, personal string
	for i := range lex.elements {
		e := &lex.elements[i]
		if e.class || len(e.objects) > 0 || !slices.Contains(e.subjects, c) {
			continue
		}
		switch lexicon.NamePart(e.primary) {
		case 1:
			given = cmp.Or(given, e.iri)
		case 2:
			family = cmp.Or(family, e.iri)
		}
		if who && lexicon.PersonalName(kg.Words(kg.SplitIRI(e.iri).Column())) {
			personal = cmp.Or(personal, e.iri)
		}
	}
	given = cmp.Or(given, personal)
	if given == "" || family == "" {
		return nil
	}
	return []string{given, family}
}

// verbClass returns the one chosen class a relation word of the subgoal
// matched and no type word did ("taught": teaches), "" when there is
// none or more than one.
func verbClass(sg *handoff.Subgoal, classes []string, matched map[string][]string) string {
	found := ""
	for _, c := range classes {
		if !slices.ContainsFunc(sg.Requirements.Predicates, func(p string) bool { return slices.Contains(matched[c], p) }) ||
			slices.ContainsFunc(sg.Requirements.Types, func(t string) bool { return slices.Contains(matched[c], t) }) {
			continue
		}
		if found != "" {
			return ""
		}
		found = c
	}
	return found
}

// verbDomain returns the one chosen class a property the subgoal's
// verbs matched belongs to (products_booked, of booked_amount, for
// "booked"), "" when there is not exactly one.
func verbDomain(sg *handoff.Subgoal, lex *graphLex, classes []string, matched map[string][]string) string {
	found := ""
	for _, iri := range slices.Sorted(maps.Keys(matched)) {
		e := lex.element(iri)
		if e == nil || e.class || len(e.subjects) != 1 || !slices.Contains(classes, e.subjects[0]) ||
			!slices.ContainsFunc(sg.Requirements.Verbs, func(v string) bool { return slices.Contains(matched[iri], v) }) {
			continue
		}
		if found != "" && found != e.subjects[0] {
			return ""
		}
		found = e.subjects[0]
	}
	return found
}

// coreClasses returns the chosen classes the subgoal surely needs
// together: the one its first type matched (or, with no type, those its
// verbs matched) and those whose columns hold a value it names.
func coreClasses(sg *handoff.Subgoal, lex *graphLex, classes []string, matched map[string][]string) []string {
	var out []string
	if ts := sg.Requirements.Types; len(ts) > 0 {
		for _, c := range classes {
			if slices.Contains(matched[c], ts[0]) {
				out = appendNew(out, c)
			}
		}
	} else {
		// "Who teaches Image Processing?": no thing named, the class
		// the verb names (teaches) relates the answer to the value.
		for _, c := range classes {
			if slices.ContainsFunc(sg.Requirements.Predicates, func(p string) bool { return slices.Contains(matched[c], p) }) {
				out = appendNew(out, c)
			}
		}
	}
	// "Which artist recorded the longest track?": the things ranked by
	// an attribute of theirs (the tracks) too, where the things asked
	// for are others.
	if ts, o := sg.Requirements.Types, sg.Requirements.Output; len(out) > 0 && len(ts) > 1 && o.OrderBy != "" && o.Aggregate == "" {
		for _, c := range classes {
			if slices.ContainsFunc(ts[1:], func(t string) bool { return slices.Contains(matched[c], t) }) {
				out = appendNew(out, c)
			}
		}
	}
	for _, f := range sg.Requirements.Filters {
		if f.ValueKind != "string" || f.Value == "" {
			continue
		}
		for _, iri := range slices.Sorted(maps.Keys(matched)) {
			e := lex.element(iri)
			if e == nil || e.class || !slices.Contains(matched[iri], f.Value) {
				continue
			}
			for _, c := range e.subjects {
				if slices.Contains(classes, c) {
					out = appendNew(out, c)
				}
			}
		}
	}
	return out
}

// asksThings reports whether the subgoal asks for the things of a class
// that matched the terms matched: its first type, with no attribute or
// aggregate asked (but for one they rank by: "Which university has the
// most students?").
func asksThings(sg *handoff.Subgoal, matched []string) bool {
	r := &sg.Requirements
	o := r.Output
	return len(r.Types) > 0 && slices.Contains(matched, r.Types[0]) && len(o.Attributes) == 0 && (o.Aggregate == "" || o.OrderBy != "")
}

// shownProperty returns the column that shows the members of class c
// when nothing names them: of its literal columns of plain text (no
// numbers, dates or booleans; no identifier, code or reference key), the
// one with the most distinct values, at least two; "" when none. Before
// those, one whose values say the class's word ("University of Delaware"
// of university#school, some of them).
func shownProperty(g *kg.Graph, lex *graphLex, c string) string {
	best, most, bestOwn := "", int64(1), false
	class := kg.Tokens(c)
	for i := range lex.elements {
		e := &lex.elements[i]
		if e.class || len(e.objects) > 0 || !slices.Contains(e.subjects, c) || len(e.primary) == 0 ||
			lexicon.IdentifierWord(e.primary[len(e.primary)-1]) || referenceKey(lex, e.iri) || slices.Contains(e.primary, "other") {
			// (Nor "other_details": what is left to say of them, not
			// what they are.)
			continue
		}
		pi, ok := g.Summary.Property(e.iri)
		if !ok || pi.Values == nil || pi.Values.Min != "" || pi.IRIObjects > 0 || !textValued(pi) || pi.Values.Distinct < 2 {
			continue
		}
		own := slices.ContainsFunc(pi.Values.Samples, func(v string) bool {
			return slices.ContainsFunc(kg.TextWords(v), func(w string) bool {
				return slices.ContainsFunc(class, func(cw string) bool { return lexicon.Singular(w) == lexicon.Singular(cw) })
			})
		})
		d := pi.Values.Distinct
		if better := best == "" || own != bestOwn && own || own == bestOwn && (d > most || d == most && e.iri < best); better {
			best, most, bestOwn = e.iri, d, own
		}
	}
	return best
}

// textValued reports whether a property's literals are plain or
// language-tagged strings (or untyped).
func textValued(pi *kg.PropertyInfo) bool {
	for _, d := range pi.Datatypes {
		switch d.IRI {
		case sparql.XSDString, sparql.RDFLangString:
		default:
			return false
		}
	}
	return true
}

// namingProperty returns the literal-valued property of class c whose
// name says it names things (name, title, label; "…name" in general), or
// "" when c has none.
// keyProperty returns class c's own key column ([lexicon.KeyColumn]),
// or "".
func keyProperty(lex *graphLex, c string) string {
	class := kg.Tokens(c)
	for i := range lex.elements {
		e := &lex.elements[i]
		if !e.class && len(e.objects) == 0 && slices.Contains(e.subjects, c) &&
			lexicon.KeyColumn(kg.Words(kg.SplitIRI(e.iri).Column()), class) {
			return e.iri
		}
	}
	return ""
}

// pastOf reports whether v is a past form of noun, or of the verb the
// noun derives from: "reviewed" of review, "rented" of rental, "paid" of
// payment (not "played" of a player, who does it).
func pastOf(noun, v string) bool {
	if slices.Contains(lexicon.PastForms(noun), v) {
		return true
	}
	if lexicon.Person(noun) {
		return false // the doer ("player" of played), not the doing
	}
	return slices.ContainsFunc(lexicon.Related(noun, lexicon.Derived), func(d string) bool {
		return d != noun && (slices.Contains(lexicon.PastForms(d), v) || lexicon.VerbBase(v) == d && v != d)
	})
}

// peopleNaming returns the property that names the people of class c:
// its naming property, or else its own details ([lexicon.PersonDetails]);
// "" when there is none.
func peopleNaming(lex *graphLex, c string) string {
	if iri := namingProperty(lex, c); iri != "" {
		return iri
	}
	class := kg.Tokens(c)
	for i := range lex.elements {
		e := &lex.elements[i]
		if !e.class && len(e.objects) == 0 && slices.Contains(e.subjects, c) && lexicon.PersonDetails(kg.Words(kg.SplitIRI(e.iri).Column()), class) {
			return e.iri
		}
	}
	return ""
}

// namingProperty returns the property that names the things of class c
// best ([lexicon.NamingRank]), "" when none does.
func namingProperty(lex *graphLex, c string) string {
	best, bestRank := "", 0
	class := kg.Tokens(c)
	for i := range lex.elements {
		e := &lex.elements[i]
		if e.class || len(e.objects) > 0 || !slices.Contains(e.subjects, c) || len(e.primary) == 0 {
			continue
		}
		rank := lexicon.NamingRank(kg.Words(kg.SplitIRI(e.iri).Column()), class)
		if rank > bestRank || (rank == bestRank && rank > 0 && e.iri < best) {
			best, bestRank = e.iri, rank
		}
	}
	return best
}
