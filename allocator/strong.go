package allocator

import (
	"cmp"
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/lexicon/vocab"
)

// term is a requirement term as stemmed words, with its weight.
type term struct {
	text  string
	words []string
	// compound is the words written together ([lexicon.Compound]), which
	// a schema name may be ("allergy type" → allergytype); "" for one word.
	compound string
	weight   float64
}

// query is what the strong stage matches: predicate and type terms and
// mentions to look up among values.
type query struct {
	preds, types []term
	mentions     []string
	// names are the mentions that name something (not numbers, three
	// letters or more): a graph that holds one is worth a look.
	names []string
	// holders are, per name, the graphs of the pool that hold it whole,
	// and found the name's hits in each graph searched for it
	// ([Allocator.holders]): the strong stage reads them again.
	holders map[string]map[string]bool
	found   map[string]map[string][]kg.Hit
	// places are, per graph and place adjective, the property that
	// holds a name of the place ([Allocator.placeValue]), "" for none.
	places map[string]string
}

// mentionHits is how many values a mention is searched for in a graph.
const mentionHits = 5

// mentionWeight is the weight of a mention found among a graph's values
// in the strong stage's predicate coverage: a name few graphs of the
// pool hold says more about which graph is asked than a term many
// schemas have, so it weighs like an idf, from that of a name every
// graph holds up.
func (q *query) mentionWeight(m string, graphs int) float64 {
	df := len(q.holders[m])
	if df == 0 || graphs <= 1 {
		return mentionBase
	}
	return mentionBase * (1 + math.Log(float64(graphs)/float64(df)))
}

// mentionBase is the weight of a mention no graph holds whole.
const mentionBase = 1.5

// stopwords are dropped from terms taken from a subgoal's text when its
// requirements are empty.
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of in on at to for from by with and or not no
		is are was were be been being do does did have has had what which who whom whose when where
		how many much show list give find return tell me all each every that this these those it its
		their there than then as into about also any some our we you your i my his her they them
		please order ordered sorted descending ascending number count total average distinct different`) {
		stopwords[w] = true
	}
}

// requirementTerms turns sg's requirements into weighted terms; a
// subgoal without requirement terms contributes the content words of its
// text as predicate terms.
func (a *Allocator) requirementTerms(sg *handoff.Subgoal) *query {
	q := &query{}
	mk := func(texts []string) []term {
		var out []term
		for _, t := range texts {
			raw := kg.Words(t)
			ws := stems(raw)
			if len(ws) == 0 {
				continue
			}
			out = append(out, term{text: t, words: ws, compound: lexicon.Compound(raw)})
		}
		return out
	}
	r := sg.Requirements
	q.preds = mk(r.Predicates)
	q.types = mk(r.Types)
	if len(q.preds)+len(q.types) == 0 {
		// Not the words of a name ("Who has been to the Jungle
		// Cruise?": no column of cruises).
		named := map[string]bool{}
		for _, m := range sg.Mentions {
			for _, w := range kg.Words(m.Text) {
				named[w] = true
			}
		}
		var words []string
		for _, w := range kg.Words(sg.Text) {
			if !stopwords[w] && !named[w] {
				words = append(words, w)
			}
		}
		q.preds = mk(words)
	}
	for _, m := range sg.Mentions {
		switch m.Kind {
		case handoff.MentionName, handoff.MentionQuoted, handoff.MentionValue:
			q.mentions = appendNew(q.mentions, m.Text)
			if len([]rune(kg.FoldText(m.Text))) >= 3 && strings.ContainsFunc(m.Text, unicode.IsLetter) && !lexicon.Missing(m.Text) {
				q.names = appendNew(q.names, m.Text)
			}
		}
	}
	return q
}

// weigh sets each term's weight to its idf over the pool.
func (p *pool) weigh(ts []term) {
	for i := range ts {
		ts[i].weight = p.idf(ts[i].words)
	}
}

// strongStage scores one graph against the query.
func (a *Allocator) strongStage(ctx context.Context, p *pool, g *graphLex, q *query, sg *handoff.Subgoal) handoff.GraphScore {
	gs := handoff.GraphScore{Graph: g.id}
	matchedClasses := map[string]float64{}
	matchedProps := map[string]float64{}

	// Of two elements that match a term as well, a column of a class
	// the question names comes first ("the employee with id 12":
	// employee#eid, not aircraft#aid), of the class it names first
	// when both are named, then the class's own column, then the first
	// by IRI.
	typeRank := map[string]int{}
	rank := func(e *element) int {
		r := len(q.types) + 1
		for _, c := range e.subjects {
			if k, ok := typeRank[c]; ok {
				r = min(r, k)
			}
		}
		return r
	}
	// The classes that hold a named value of the question (holds), and
	// those and the ones that refer to them (near); filled below, once
	// the values are found.
	near, holds := map[string]bool{}, map[string]bool{}
	isNear := func(e *element) bool { return slices.ContainsFunc(e.subjects, func(c string) bool { return near[c] }) }
	isHolder := func(e *element) bool { return slices.ContainsFunc(e.subjects, func(c string) bool { return holds[c] }) }
	before := func(e, el *element, m float64) bool {
		if !e.class && !el.class {
			if r, elR := rank(e), rank(el); r != elR {
				return r < elR
			}
			// "What's the phone number for Queen Art?": of columns that
			// end in the same word, one of the class the named thing is
			// in (store_phone of the workshop group named), before one
			// of another class's own (customer_phone).
			if n, elN := isHolder(e), isHolder(el); n != elN && m >= 0.7 && len(e.primary) > 0 && len(el.primary) > 0 &&
				e.primary[len(e.primary)-1] == el.primary[len(el.primary)-1] {
				return n
			}
			// The class's own column ("the id of the student":
			// students#student_id before students#address_id).
			if own, elOwn := lexicon.OwnColumn(e.primary, e.context), lexicon.OwnColumn(el.primary, el.context); own != elOwn {
				return own
			}
			// Then, of columns of one name that the term names whole,
			// one of a class the named thing is in or linked to ("Who
			// treated Grace Ritchie?": the physician of her
			// appointments, not of an affiliation).
			if n, elN := isNear(e), isNear(el); n != elN && m >= 0.7 && slices.Equal(e.primary, el.primary) {
				return n
			}
			// The whole before a part ("passengers": total_passengers
			// before domestic_passengers).
			// Not before a column another aggregate names ("the average
			// attendance" is average_attendance itself).
			aggNamed := func(x *element) bool {
				return len(x.primary) > 1 && handoff.AggregateWord(x.primary[0]) != "" && x.primary[0] != "total"
			}
			if tot, elTot := len(e.primary) > 1 && e.primary[0] == "total", len(el.primary) > 1 && el.primary[0] == "total"; tot != elTot && !aggNamed(e) && !aggNamed(el) {
				return tot
			}
			// A name before a description ("What kind of
			// restaurant?": restypename, not restypedescription).
			if n, elN := lexicon.NamingRank(e.primary, e.context), lexicon.NamingRank(el.primary, el.context); n != elN {
				return n > elN
			}
		}
		return e.iri < el.iri
	}
	derivedMatch := map[string]bool{} // term "\x00" IRI of a match by derivation
	best := func(t term, classes bool) (float64, *element) {
		score, el := 0.0, (*element)(nil)
		take := func(m float64, e *element) {
			if m > score || (m == score && m > 0 && before(e, el, m)) {
				score, el = m, e
			}
		}
		seen := map[int]bool{}
		consider := func(i int, words []string) {
			e := &g.elements[i]
			m := 0.0
			switch {
			case classes && e.class:
				m = matchScore(words, e)
				// "staff member" of staff: one of the group its table
				// holds, below a class the whole phrase names.
				if lexicon.MemberOf(words) && slices.Equal(e.primary, words[:1]) {
					m = max(m, 0.8)
				}
			case classes:
				// A type named as a property's table, or as its name.
				if allIn(words, e.context) {
					m = 0.8
				} else {
					m = 0.5 * matchScore(words, e)
				}
			case e.class:
				m = 0.95 * matchScore(words, e)
			default:
				m = matchScore(words, e)
				// "the company names" of company#company: the naming
				// column of the class the other words name.
				if n := len(words); m < 0.9 && n > 1 && lexicon.NameWord(words[n-1]) && slices.Equal(words[:n-1], e.context) &&
					lexicon.NamingRank(e.primary, e.context) > 0 {
					m = 0.9
				}
				// "email address" of customer_email, "branch name" of
				// bname.
				if lexicon.ModifierNames(words, e.primary) || len(e.primary) == 1 && lexicon.NameOf(words, e.primary[0]) {
					m = max(m, 0.85)
				}
			}
			take(m, e)
		}
		for _, w := range t.words {
			for _, i := range g.words[w] {
				if !seen[i] {
					seen[i] = true
					consider(i, t.words)
				}
			}
		}
		// "type" of genre, of governmentform: the elements another word
		// for a kind names, at the weaker score matchScore gives them.
		if !classes {
			for _, w := range t.words {
				if !lexicon.KindWord(w) {
					continue
				}
				for _, k := range lexicon.KindWords() {
					for _, i := range g.words[k] {
						if !seen[i] {
							seen[i] = true
							consider(i, t.words)
						}
					}
				}
			}
		}
		// "the flight with number 99" of flight#flno, "the types of
		// video games" of video_games#gtype: the table's word,
		// abbreviated, before the term's ([lexicon.NameOf]).
		// Not "name": every table abbreviates its own, and the naming
		// column of the things asked is chosen by their class.
		if !classes && len(t.words) == 1 && t.words[0] != "name" && lexicon.AbbreviatedHead(t.words[0]) {
			for i := range g.elements {
				e := &g.elements[i]
				if seen[i] || e.class || len(e.primary) == 0 || len(e.objects) > 0 {
					continue
				}
				for _, q := range e.context {
					if lexicon.NameOf([]string{q, t.words[0]}, e.primary[0]) {
						seen[i] = true
						take(0.85, e)
						break
					}
				}
			}
		}
		// "first name" of emp_fname: the columns a part of a name is
		// written as.
		if part := lexicon.NamePart(t.words); !classes && part != 0 {
			for _, w := range lexicon.NamePartWords(part) {
				for _, i := range g.words[stem(w)] {
					if !seen[i] {
						seen[i] = true
						consider(i, t.words)
					}
				}
			}
		}
		// The words written together name the element ("allergy
		// type" → allergytype).
		if t.compound != "" {
			for _, i := range g.words[t.compound] {
				consider(i, []string{t.compound})
			}
		}
		// "the settlement amount": a column may say the action by its
		// participle (amount_settled).
		if !classes {
			for k, w := range t.words {
				for _, done := range lexicon.Participles(w) {
					ws := slices.Clone(t.words)
					ws[k] = done
					for _, i := range g.words[done] {
						if e := &g.elements[i]; !e.class && slices.Contains(e.primary, done) {
							take(0.9*matchScore(ws, e), e)
						}
					}
				}
			}
		}
		// A word no element has may be abbreviated in a column's name
		// ("latitude": station#lat, "department": dept_name), or spelt
		// another way ("enrollment": date_of_enrolment): the column
		// matches, a little below its full name.
		// So may a type be ("the accounting dept": department), the
		// class's own name.
		for k, w := range t.words {
			if !classes && len(g.words[w]) > 0 || classes && slices.ContainsFunc(g.words[w], func(i int) bool { return g.elements[i].class }) {
				continue
			}
			for gw, is := range g.words {
				// "rated" of a rating column, "ranking" of ranked: one
				// verb's participle and its "-ing" form, the column's
				// head word, or the time it was done ("opened" of
				// openning_year).
				if !classes && lexicon.SameVerb(w, gw) {
					ws := slices.Clone(t.words)
					ws[k] = gw
					for _, i := range is {
						if e := &g.elements[i]; !e.class && len(e.primary) > 0 && (e.primary[len(e.primary)-1] == gw || lexicon.PointInTime(e.primary)) {
							take(0.7*matchScore(ws, e), e)
						}
					}
					continue
				}
				// So does the past form of a column's head word
				// ("scored" of scores), before the other readings.
				if !classes && slices.Contains(lexicon.PastForms(gw), w) {
					ws := slices.Clone(t.words)
					ws[k] = gw
					for _, i := range is {
						if e := &g.elements[i]; !e.class && len(e.primary) > 0 && e.primary[len(e.primary)-1] == gw {
							take(0.7*matchScore(ws, e), e)
						}
					}
				}
				// The question's word abbreviates a class's word
				// ("dept"), or a column's word abbreviates the
				// question's ("lat" of latitude).
				short, long := gw, w
				if classes {
					// Not a word that merely begins the class's ("cat"
					// of catalog): letters left out inside ("dept").
					short, long = w, gw
					if strings.HasPrefix(long, short) {
						continue
					}
					// A class named by the word cut short ("prereq" of
					// "prerequisites"), a made-up word at least half of it.
					if ws := slices.Clone(t.words); len(gw) >= 4 && 2*len(gw) >= len(w) && len(gw) < len(w) && strings.HasPrefix(w, gw) && !vocab.Known(gw) {
						ws[k] = gw
						for _, i := range is {
							if e := &g.elements[i]; e.class && slices.Contains(e.primary, gw) {
								take(0.8*matchScore(ws, e), e)
							}
						}
						continue
					}
					// Nor a word of its own ("cat" of cartoon).
					if vocab.Known(short) && !lexicon.SpellingVariant(gw, w) {
						continue
					}
				}
				if !lexicon.SpellingVariant(gw, w) && (len(short) > 5 || len(long) < len(short)+2 || lexicon.FunctionWord(short) || !lexicon.Abbreviates(short, long)) {
					continue
				}
				ws := slices.Clone(t.words)
				ws[k] = gw
				for _, i := range is {
					if e := &g.elements[i]; e.class == classes && slices.Contains(e.primary, gw) {
						take(0.8*matchScore(ws, e), e)
					}
				}
			}
		}
		// A word no element has may name one by a word WordNet relates
		// to it, the synonym of its first sense ("film" of movie) or, for
		// a column, a derivation ("scorer" of score): the element
		// matches, below its own name and below an abbreviation of it.
		for k, w := range t.words {
			if !classes && len(g.words[w]) > 0 || classes && slices.ContainsFunc(g.words[w], func(i int) bool { return g.elements[i].class }) {
				continue
			}
			rels := []lexicon.Relation{lexicon.Derived, lexicon.Synonym}
			if classes {
				// A thing is named by a synonym, not by the verb of
				// what is done there ("winery" is no wine).
				rels = rels[1:]
			}
			// (And the word itself, for its quality: "nations" of
			// nationality.)
			for n, r := range append([]string{w}, lexicon.Related(w, rels...)...) {
				r = stem(r)
				ws := slices.Clone(t.words)
				ws[k] = r
				for _, i := range g.words[r] {
					if e := &g.elements[i]; n > 0 && e.class == classes && slices.Contains(e.primary, r) {
						take(0.7*matchScore(ws, e), e)
					}
				}
				// A column of its quality: "country" of nationality
				// (through nation), as a synonym; for a type, as a
				// column's name is ("How many hosts come from each
				// country?").
				f := 0.7
				if classes {
					f *= 0.5
				}
				for _, q := range lexicon.Qualities(r) {
					ws[k] = q
					for _, i := range g.words[q] {
						// (The word's own quality only as a column's head:
						// "nations" of nationality, not "members" of
						// membership_card.)
						if e := &g.elements[i]; !e.class && slices.Contains(e.primary, q) && (n > 0 || e.primary[len(e.primary)-1] == q) {
							take(f*matchScore(ws, e), e)
						}
					}
				}
			}
			// People named by their part in a relation a class holds:
			// "employees" of employment (employ), "members" of
			// membership, when no class has their word.
			if classes && lexicon.Person(w) {
				var rel []string
				for _, v := range lexicon.Related(w, lexicon.Derived) {
					for _, n := range lexicon.Related(v, lexicon.Derived) {
						if n != w && !lexicon.Person(n) {
							rel = append(rel, n)
						}
					}
				}
				for _, r := range append(rel, lexicon.Qualities(w)...) {
					r = stem(r)
					ws := slices.Clone(t.words)
					ws[k] = r
					for _, i := range g.words[r] {
						if e := &g.elements[i]; e.class && slices.Contains(e.primary, r) {
							take(0.6*matchScore(ws, e), e)
						}
					}
				}
			}
			// A verb may name the class of what is done ("Where did they
			// perform?": performances), below the columns it names.
			// So may a verb of the same sense ("Who did Ricky Barnes
			// marry?": weddings, through wed), a little below.
			if !classes && len(t.words) == 1 {
				nouns := func(v string, m float64) {
					for _, r := range lexicon.Related(v, lexicon.Derived) {
						r = stem(r)
						for _, i := range g.words[r] {
							if e := &g.elements[i]; e.class && slices.Equal(e.primary, []string{r}) {
								take(m, e)
							}
						}
					}
				}
				nouns(w, 0.6)
				for _, v := range lexicon.Related(w, lexicon.VerbSynonym) {
					nouns(v, 0.55)
				}
			}
		}
		// "the youngest customer" (age): a column the attribute derives
		// from (date_of_birth), of a class the question names, below one
		// of the attribute's own name.
		if d, ok := lexicon.DerivedFrom(t.text); ok && !classes && score < 0.7 {
			dw := stems(d.Words)
			named := func(e *element) bool {
				return slices.ContainsFunc(q.types, func(ty term) bool { return allIn(ty.words, e.context) })
			}
			for i := range g.elements {
				if e := &g.elements[i]; !e.class && len(e.objects) == 0 && named(e) && slices.ContainsFunc(e.primary, func(w string) bool { return slices.Contains(dw, w) }) {
					take(0.7, e)
					// It covers the term; it is not the term's column
					// (the synthesizer inverts the order it implies).
					derivedMatch[t.text+"\x00"+e.iri] = true
				}
			}
		}
		// "female students": a column of sex or gender, however named
		// (sex, gender, is_male), as the synthesizer reads it.
		if !classes && t.text == handoff.AttrGender {
			for i := range g.elements {
				if e := &g.elements[i]; !e.class && len(e.objects) == 0 && lexicon.GenderColumn(e.primary) {
					take(0.9, e)
				}
			}
		}
		return score, el
	}
	// The head of a type a class names whole is that class's ("faculty
	// members" of faculty: "members" is not member_of).
	headOf := map[string]string{}
	for _, t := range q.types {
		if len(t.words) < 2 {
			continue
		}
		if m, e := best(t, true); m >= 0.8 && e.class {
			headOf[t.words[len(t.words)-1]] = e.iri
		}
	}
	coverage := func(ts []term, classes bool) (float64, bool) {
		var num, den float64
		for _, t := range ts {
			m, e := best(t, classes)
			if c, ok := headOf[strings.Join(t.words, " ")]; ok && classes && e != nil && e.iri != c {
				continue
			}
			// "How many comedies are there?": a kind no class names may
			// be a whole value of a column (genre "comedy").
			if classes && m < 0.5 && len(t.words) == 1 && p.values[g.id] != nil {
				one := lexicon.Singular(t.text)
				for _, h := range a.searchValues(ctx, p, g.id, one, 3) {
					if kg.FoldText(h.Value) == kg.FoldText(one) {
						if el := g.element(h.Property); el != nil {
							m, e = 0.5, el // below any class's name
						}
						break
					}
				}
			}
			num += t.weight * m
			den += t.weight
			if m > 0 && derivedMatch[t.text+"\x00"+e.iri] {
				continue
			}
			if m > 0 {
				gs.Matches = append(gs.Matches, handoff.TermMatch{Term: t.text, IRI: e.iri, Score: m})
				if m >= 0.7 {
					if e.class {
						matchedClasses[e.iri] = max(matchedClasses[e.iri], m)
					} else {
						matchedProps[e.iri] = max(matchedProps[e.iri], m)
					}
				}
			}
		}
		if den == 0 {
			return 0, false
		}
		return num / den, true
	}
	// The classes the types name break ties among columns, the first
	// named first, those of types too ("the countries of mountains":
	// mountain#country; "the name of the role played by the employee":
	// role_name).
	for k, t := range q.types {
		if m, e := best(t, true); m >= 0.7 && e.class {
			if _, ok := typeRank[e.iri]; !ok {
				typeRank[e.iri] = k
			}
		}
	}
	// After them, the things a mention is the key of ("the population of
	// the USA": USA is a value of city#countrycode, a reference to
	// country, so a country): their columns before another class's.
	hits := map[string][]kg.Hit{}
	if p.values[g.id] != nil {
		for _, m := range q.mentions {
			if hs, ok := q.found[m][g.id]; ok {
				hits[m] = hs
			} else {
				hits[m] = a.searchValues(ctx, p, g.id, m, mentionHits)
			}
			for _, h := range hits[m] {
				if v, _ := valueMatch1(h.Value, m); v < 1 || !referenceKey(g, h.Property) {
					continue
				}
				if ref := g.element(kg.ReferenceOf(h.Property)); ref != nil {
					for _, c := range ref.objects {
						if _, ok := typeRank[c]; !ok {
							typeRank[c] = len(q.types)
						}
					}
				}
			}
		}
	}
	for m, hs := range hits {
		if v, prop := valueMatch(hs, m); v >= 1 {
			if el := g.element(prop); el != nil {
				for _, c := range el.subjects {
					near[c] = true
				}
			}
		}
	}
	if len(near) > 0 {
		maps.Copy(holds, near)
		held := maps.Clone(near)
		for i := range g.elements {
			if e := &g.elements[i]; slices.ContainsFunc(e.objects, func(c string) bool { return held[c] }) {
				for _, c := range e.subjects {
					near[c] = true
				}
			}
		}
	}
	covT, okT := coverage(q.types, true)
	covP, okP := coverage(q.preds, false)
	// Mentions found among the graph's values count as predicate
	// evidence.
	if p.values[g.id] != nil && len(q.mentions) > 0 {
		var num, den float64
		for _, m := range q.mentions {
			w := q.mentionWeight(m, len(p.graphs))
			den += w
			v, prop := valueMatch(hits[m], m)
			if v < 1 && q.holders[m][g.id] {
				v = 1 // the name as the question writes it ([whole])
			}
			if v < 1 {
				if pp := a.placeValue(ctx, p, q, g.id, m); pp != "" {
					v, prop = 0.9, pp // "British" of "UK"
				}
			}
			// Only the graphs that hold the name whole get its weight;
			// a part of it ("Georgia" inside a list of composers) is
			// worth what it was before names weighed.
			if v < 1 {
				v *= mentionBase / w
			}
			num += w * v
			if v > 0 {
				gs.Matches = append(gs.Matches, handoff.TermMatch{Term: m, IRI: prop, Score: v})
			}
		}
		if okP {
			tot := 0.0
			for _, t := range q.preds {
				tot += t.weight
			}
			covP = (covP*tot + num) / (tot + den)
		} else {
			covP, okP = num/den, true
		}
	}
	switch {
	case !okP && !okT:
	case !okT:
		covT = covP
	case !okP:
		covP = covT
	}
	gs.PredicateCoverage, gs.TypeCoverage = covP, covT
	gs.Compatibility = compatibility(g, matchedClasses, matchedProps)
	gs.Strong = a.cfg.AlphaP*covP + a.cfg.AlphaT*covT + a.cfg.AlphaC*gs.Compatibility
	slices.SortStableFunc(gs.Matches, func(x, y handoff.TermMatch) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.Term, y.Term))
	})
	return gs
}

func allIn(words, set []string) bool {
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		if !slices.Contains(set, w) {
			return false
		}
	}
	return true
}

// valueMatch scores the hits of mention among the graph's values: 1 for
// a value equal to it (ignoring case), 0.6 for one that contains it or
// is contained in it, else 0; with the property of the best value.
func valueMatch(hits []kg.Hit, mention string) (float64, string) {
	best, prop := 0.0, ""
	for _, h := range hits {
		if s, _ := valueMatch1(h.Value, mention); s > best {
			best, prop = s, h.Property
		}
	}
	if best < 1 {
		if p := splitMatch(hits, mention); p != "" {
			return 1, p
		}
	}
	return best, prop
}

// splitMatch returns the property of the first part when the mention is
// written whole over several values of one subject ("Lex De Haan":
// first_name "Lex", last_name "De Haan"), each a run of its words and
// together all of them; "" otherwise.
func splitMatch(hits []kg.Hit, mention string) string {
	mw := strings.Fields(kg.FoldText(mention))
	if len(mw) < 2 {
		return ""
	}
	for i, a := range hits {
		aw := strings.Fields(kg.FoldText(a.Value))
		at := wordRun(mw, aw)
		if at < 0 || len(aw) >= len(mw) {
			continue
		}
		for _, b := range hits[i+1:] {
			bw := strings.Fields(kg.FoldText(b.Value))
			bt := wordRun(mw, bw)
			if bt < 0 || b.Property == a.Property || len(aw)+len(bw) != len(mw) || (at+len(aw) != bt && bt+len(bw) != at) {
				continue
			}
			if slices.ContainsFunc(a.Subjects, func(s string) bool { return slices.Contains(b.Subjects, s) }) {
				if at < bt {
					return a.Property
				}
				return b.Property
			}
		}
	}
	return ""
}

// wordRun returns where part runs inside words, -1 when it does not.
func wordRun(words, part []string) int {
	for i := 0; len(part) > 0 && i+len(part) <= len(words); i++ {
		if slices.Equal(words[i:i+len(part)], part) {
			return i
		}
	}
	return -1
}

// compatibility is the share of matched properties whose subject or
// object classes include a matched class; properties with no known
// classes count as compatible (unobserved is not a contradiction). With
// classes but no properties matched, or the reverse, it is 0.5; with
// nothing matched, 0.
func compatibility(g *graphLex, classes, props map[string]float64) float64 {
	switch {
	case len(classes) == 0 && len(props) == 0:
		return 0
	case len(classes) == 0 || len(props) == 0:
		return 0.5
	}
	ok := 0
	for iri := range props {
		e := g.element(iri)
		if e == nil || len(e.subjects)+len(e.objects) == 0 {
			ok++
			continue
		}
		for _, c := range append(slices.Clone(e.subjects), e.objects...) {
			if _, found := classes[c]; found {
				ok++
				break
			}
		}
	}
	return float64(ok) / float64(len(props))
}

// referenced reports whether a reference property links a class of
// from to class c, either way.
func (g *graphLex) referenced(from []string, c string) bool {
	for i := range g.elements {
		e := &g.elements[i]
		if e.class || len(e.objects) == 0 {
			continue
		}
		if intersects(e.subjects, from) && slices.Contains(e.objects, c) || slices.Contains(e.subjects, c) && intersects(e.objects, from) {
			return true
		}
	}
	return false
}

// element returns the element iri of g.
// pathBetween returns the classes, not among chosen, on the shortest path
// of references (either way, at most hops of them) from the first chosen
// class to another chosen class that no path through chosen classes
// reaches; nil when every chosen class is reached or no path is short
// enough. Ties go to the path found first over the elements' order.
func (g *graphLex) pathBetween(chosen []string, hops int) []string {
	if len(chosen) < 2 {
		return nil
	}
	// Neighbours over reference properties, both ways.
	next := map[string][]string{}
	for i := range g.elements {
		e := &g.elements[i]
		if e.class || len(e.objects) == 0 {
			continue
		}
		for _, sub := range e.subjects {
			for _, o := range e.objects {
				if sub != o {
					next[sub] = appendNew(next[sub], o)
					next[o] = appendNew(next[o], sub)
				}
			}
		}
	}
	// The chosen classes the first one reaches through chosen ones.
	reached := map[string]bool{chosen[0]: true}
	for stack := []string{chosen[0]}; len(stack) > 0; {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range next[c] {
			if !reached[n] && slices.Contains(chosen, n) {
				reached[n] = true
				stack = append(stack, n)
			}
		}
	}
	if !slices.ContainsFunc(chosen, func(c string) bool { return !reached[c] }) {
		return nil
	}
	// Breadth first from the reached ones to an unreached chosen class.
	prev := map[string]string{}
	var frontier []string
	for _, c := range chosen {
		if reached[c] {
			frontier = append(frontier, c)
			prev[c] = ""
		}
	}
	for depth := 0; depth < hops && len(frontier) > 0; depth++ {
		var nf []string
		for _, c := range frontier {
			for _, n := range next[c] {
				if _, seen := prev[n]; seen {
					continue
				}
				prev[n] = c
				if slices.Contains(chosen, n) {
					var path []string
					for x := prev[n]; x != "" && !reached[x]; x = prev[x] {
						path = append(path, x)
					}
					slices.Reverse(path)
					return path
				}
				nf = append(nf, n)
			}
		}
		frontier = nf
	}
	return nil
}

func (g *graphLex) element(iri string) *element {
	for i := range g.elements {
		if g.elements[i].iri == iri {
			return &g.elements[i]
		}
	}
	return nil
}
