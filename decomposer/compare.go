package decomposer

import (
	"cmp"
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/lexicon"
)

// unitOf reads "UNIT of NOUN" at j, right after a number: "more than 64
// MiB of ROM", "over 3 years of experience"; and "UNIT on|in|at NOUN":
// "more than 2 weeks on top". The attribute is the noun
// with the unit after it, the way columns name such amounts (rom_mib,
// years_of_experience); n is the tokens it spans (0 when none). A count
// ("more than 5 kinds of", "10 students of") is not a unit.
func (a *analysis) unitOf(j int) (attr string, n int) {
	// "more than 2 weeks on top", "over 10 years in office": a unit of
	// time where, the way columns name it (weeks_on_top).
	if measureWords[a.w(j)] && inSet(a.w(j+1), "on", "in", "at") && a.isWord(j+2) && !inSet(a.w(j+2), "the", "a", "an", "all", "each", "total", "average") && a.toks[j+2].ment < 0 &&
		(j+3 >= len(a.toks) || !a.isWord(j+3) || isFunction(a.w(j+3))) {
		return strings.Join([]string{a.w(j), a.w(j + 1), a.w(j + 2)}, " "), 3
	}
	if !a.isWord(j) || a.w(j+1) != "of" || isFunction(a.w(j)) {
		return "", 0
	}
	unit := a.w(j)
	if inSet(lexicon.Fold(unit), "kind", "type", "sort", "piece", "number", "lot", "time", "member", "part", "item", "copy", "unit") || lexicon.Person(unit) {
		return "", 0
	}
	k := j + 2
	for inSet(a.w(k), "the", "its", "their", "his", "her") {
		k++
	}
	var noun []string
	for ; a.isWord(k) && !isFunction(a.w(k)) && !a.isVerb(k) && len(noun) < 3; k++ {
		noun = append(noun, a.w(k))
	}
	if len(noun) == 0 {
		return "", 0
	}
	return strings.Join(append(noun, unit), " "), k - j
}

// comparator recognises a comparison phrase at i: its op, implied
// attribute, whether it compares dates, and where its value starts.
func (a *analysis) comparator(i int) (op handoff.FilterOp, attr string, date bool, v int, ok bool) {
	w := a.w(i)
	switch {
	case a.seq(i, "at", "least"), a.seq(i, "no", "less", "than"), a.seq(i, "not", "less", "than"), a.seq(i, "no", "fewer", "than"), a.seq(i, "a", "minimum", "of"):
		n := 2
		if w != "at" {
			n = 3
		}
		return handoff.FilterGe, "", false, i + n, true
	case a.seq(i, "at", "most"), a.seq(i, "no", "more", "than"), a.seq(i, "not", "more", "than"), a.seq(i, "no", "greater", "than"), a.seq(i, "up", "to"), a.seq(i, "a", "maximum", "of"):
		n := 2
		if w == "no" || w == "not" || w == "a" {
			n = 3
		}
		return handoff.FilterLe, "", false, i + n, true
	case a.seq(i, "prior", "to"):
		return handoff.FilterLt, "", true, i + 2, true
	case inSet(w, "equal", "equals", "exactly", "=") && !a.seq(i-1, "or"):
		n := 1
		if a.w(i+1) == "to" {
			n = 2
		}
		return handoff.FilterEq, "", false, i + n, true
	case inSet(w, ">", "<", ">=", "<=", "=>", "=<", "!=", "<>"):
		m := map[string]handoff.FilterOp{">": handoff.FilterGt, "<": handoff.FilterLt, ">=": handoff.FilterGe, "=>": handoff.FilterGe,
			"<=": handoff.FilterLe, "=<": handoff.FilterLe, "!=": handoff.FilterNe, "<>": handoff.FilterNe}
		return m[w], "", false, i + 1, true
	}
	if w == "as" {
		return a.equative(i)
	}
	c, known := comparatives[w]
	if !known {
		if len(w) > 4 && strings.HasSuffix(w, "er") && a.w(i+1) == "than" {
			return handoff.FilterGt, "", false, i + 2, true
		}
		return "", "", false, 0, false
	}
	if c.than {
		if a.w(i+1) == "than" {
			op := c.op
			// "more than or equal to"
			if a.seq(i+2, "or", "equal", "to") {
				if op == handoff.FilterGt {
					op = handoff.FilterGe
				} else {
					op = handoff.FilterLe
				}
				return op, c.attr, c.date, i + 5, true
			}
			return op, c.attr, c.date, i + 2, true
		}
		// "more expensive than", "more students than"
		if (w == "more" || w == "less" || w == "fewer") && a.w(i+2) == "than" {
			attr := c.attr
			if a.w(i+1) == "expensive" {
				attr = "price"
				if w == "less" {
					return handoff.FilterLt, attr, false, i + 3, true
				}
			} else if a.at[i+1] >= 0 || a.isWord(i+1) && !isFunction(a.w(i+1)) {
				attr = lemma(a.w(i + 1))
			}
			return c.op, attr, false, i + 3, true
		}
		// "more songs on them than Cartography", "more players in it
		// than …": a pronoun's phrase between the noun and "than".
		if (w == "more" || w == "less" || w == "fewer") && a.isWord(i+1) && !isFunction(a.w(i+1)) &&
			inSet(a.w(i+2), "on", "in", "at", "for", "with") && inSet(a.w(i+3), "them", "it", "theirs", "its") && a.w(i+4) == "than" {
			return c.op, lemma(a.w(i + 1)), false, i + 5, true
		}
		// "more hours of video games than Jandy Nelson": the noun's own
		// "of" phrase before "than".
		if (w == "more" || w == "less" || w == "fewer") && a.isWord(i+1) && !isFunction(a.w(i+1)) && a.w(i+2) == "of" {
			k := i + 3
			for k < i+6 && a.isWord(k) && !isFunction(a.w(k)) && !a.isVerb(k) {
				k++
			}
			if k > i+3 && a.w(k) == "than" {
				return c.op, lemma(a.w(i + 1)), false, k + 1, true
			}
		}
		// "a higher rating than 8", "a larger enrollment than the
		// largest college in Florida", "a higher market value than": the
		// noun said between names what is compared.
		// A named thing after "than" ("a larger area than Porto Lume")
		// is read by the scan's own rule for it.
		if attr, n := a.thanNoun(i + 1); n > 0 && !a.namedAt(i+n+2) {
			return c.op, attr, c.date && attr == "", i + n + 2, true
		}
		return "", "", false, 0, false
	}
	// over/above/under/below/before/after… need a value right after.
	if a.w(i-1) == "than" {
		return "", "", false, 0, false
	}
	// "in or after 2005", "on or before 1990", "at or above 50": the
	// bound itself too.
	if a.w(i-1) == "or" && inSet(a.w(i-2), "in", "on", "at") {
		switch c.op {
		case handoff.FilterGt:
			return handoff.FilterGe, c.attr, c.date, i + 1, true
		case handoff.FilterLt:
			return handoff.FilterLe, c.attr, c.date, i + 1, true
		}
	}
	// "under age 30", "over height 200": the attribute between the
	// word and the number.
	if !c.date && c.attr == "" && attrWords[a.w(i+1)] && i+2 < len(a.toks) && a.toks[i+2].kind == tkNum {
		return c.op, a.w(i + 1), false, i + 2, true
	}
	return c.op, c.attr, c.date, i + 1, true
}

// verbBefore reports whether the word before i is a verb other than a
// copula ("working longer", "served longer"; not "is longer").
func (a *analysis) verbBefore(i int) bool {
	w := a.w(i - 1)
	if i == 0 || !a.isWord(i-1) || isFunction(w) || inSet(w, "be", "is", "are", "was", "were", "been", "being") {
		return false
	}
	return a.isVerb(i-1) || a.at[i-1] >= 0 && a.chunks[a.at[i-1]].verb
}

// nounAt reports whether a noun chunk starts at token k.
func (a *analysis) nounAt(k int) bool {
	return k >= 0 && k < len(a.at) && a.at[k] >= 0 && !a.chunks[a.at[k]].verb
}

// namedAt reports whether token k, or the one after "the" at k, is part
// of a mention of a named thing (not a number or a date).
func (a *analysis) namedAt(k int) bool {
	if a.w(k) == "the" {
		k++
	}
	if k >= len(a.toks) || a.toks[k].ment < 0 {
		return false
	}
	m := a.toks[k].ment
	return m >= len(a.ms) || a.ms[m].Kind != handoff.MentionNumber && a.ms[m].Kind != handoff.MentionDate
}

// thanNoun reads the one or two content words from j that stand
// between a comparative and its "than" ("higher rating than", "larger
// market value than"): the attribute compared, its last word as a
// lemma, and how many words it has (0 when the words are not that).
func (a *analysis) thanNoun(j int) (string, int) {
	for n := 1; n <= 2; n++ {
		if !a.content(j+n-1) || isFunction(a.w(j+n-1)) {
			return "", 0
		}
		if a.w(j+n) == "than" {
			ws := make([]string, n)
			for k := range n {
				ws[k] = a.w(j + k)
			}
			ws[n-1] = lemma(ws[n-1])
			return strings.Join(ws, " "), n
		}
	}
	return "", 0
}

// aggregateAt recognises a nested aggregate phrase at i ("the average
// age of …", "average"), returning the index of its first token.
func (a *analysis) aggregateAt(i int) (int, bool) {
	j := i
	for inSet(a.w(j), "the", "that", "those", "of", "a") {
		j++
	}
	switch a.w(j) {
	case "average", "mean", "avg", "maximum", "minimum", "max", "min", "total", "sum":
		return i, true
	case "number":
		return i, a.w(j+1) == "of"
	}
	// "less than the largest salary": the largest value of a column.
	if sup := superlatives[a.w(j)]; a.w(j-1) == "the" && sup.agg && !sup.count && sup.attr == "" && attrWords[lemma(a.w(j+1))] && !a.content(j+2) {
		return i, true
	}
	return 0, false
}

// quantifiedAt recognises, at i after a comparison op, things the
// comparison quantifies over: "all blues songs", "every engineer", "any
// of the instructors" (each of them: the bound is their largest value
// for "more", their smallest for "less"), "some songs", "at least one
// engineer" (one of them: the other way round), "the largest college in
// Florida" (that superlative's extreme). It returns the index of the
// things' first word and the aggregate of the compared attribute that
// bounds the comparison. "any other player" is a superlative in
// disguise, not read here.
func (a *analysis) quantifiedAt(i int, op handoff.FilterOp) (int, handoff.Aggregate, bool) {
	more := op == handoff.FilterGt || op == handoff.FilterGe
	if !more && op != handoff.FilterLt && op != handoff.FilterLe {
		return 0, "", false
	}
	each, n := false, 0
	switch {
	case inSet(a.w(i), "all", "every", "each", "any"):
		each, n = true, 1
	case a.w(i) == "some":
		n = 1
	case a.seq(i, "at", "least", "one"):
		n = 3
	case a.seq(i, "one", "of"):
		n = 1
	case a.w(i) == "the" && superlatives[a.w(i+1)].known && !superlatives[a.w(i+1)].count && a.content(i+2) &&
		!attrWords[lemma(a.w(i+2))] && a.toks[i+2].ment < 0:
		if superlatives[a.w(i+1)].desc {
			return i + 2, handoff.AggMax, true
		}
		return i + 2, handoff.AggMin, true
	default:
		return 0, "", false
	}
	j := i + n
	for inSet(a.w(j), "of", "the", "those", "these") {
		j++
	}
	if a.w(j) == "other" || j >= len(a.toks) || !a.isWord(j) || a.toks[j].kind == tkNum {
		return 0, "", false
	}
	if each == more {
		return j, handoff.AggMax, true
	}
	return j, handoff.AggMin, true
}

// equative reads "as many orders as Wendell", "as much money as",
// "as tall as": the same count or measure as the named thing's, or, after
// a negation ("don't have as many students as Stony Brook", "isn't as
// old as"), less of it; the negation is then spent. It returns the
// comparator's results as [analysis.comparator] does.
func (a *analysis) equative(i int) (op handoff.FilterOp, attr string, date bool, v int, ok bool) {
	end := -1
	switch {
	case inSet(a.w(i+1), "many", "much"):
		for n := i + 2; n <= i+4 && n < len(a.toks); n++ {
			if a.w(n) == "as" {
				end = n
				break
			}
			if !a.isWord(n) || isFunction(a.w(n)) {
				break
			}
		}
		if end < 0 {
			return "", "", false, 0, false
		}
		var ws []string
		for n := i + 2; n < end; n++ {
			ws = append(ws, a.w(n))
		}
		if len(ws) > 0 {
			ws[len(ws)-1] = lemma(ws[len(ws)-1])
		}
		attr = strings.Join(ws, " ")
	case a.w(i+2) == "as" && lexicon.Measure(a.w(i+1)) != "":
		end, attr = i+2, a.w(i+1)
	default:
		return "", "", false, 0, false
	}
	// What follows is a named thing, not a number ("as many as 5").
	if m := a.toks[min(end+1, len(a.toks)-1)].ment; end+1 >= len(a.toks) || m < 0 || m >= len(a.ms) || a.ms[m].Kind == handoff.MentionNumber || a.ms[m].Kind == handoff.MentionDate {
		return "", "", false, 0, false
	}
	op = handoff.FilterEq
	for j := i - 1; j >= max(0, i-3); j-- {
		if t := a.toks[j].low; t == "not" || strings.HasSuffix(t, "n't") {
			op = handoff.FilterLt
			a.negate, a.spentNeg = false, j
			a.cues = slices.DeleteFunc(a.cues, func(c handoff.Cue) bool {
				return c.Kind == handoff.CueNegation && strings.EqualFold(c.Text, a.toks[j].text)
			})
			break
		}
	}
	return op, attr, false, end + 1, true
}

func (a *analysis) handleComparator(i int, op handoff.FilterOp, attr string, date bool, v int) {
	for k := i; k < v && k < len(a.toks); k++ {
		a.used[k] = true
	}
	// "employees who make more than the average": what making is, their
	// earnings (no chunk: "make" is a filler word); only against an
	// aggregate ("made more than 2 movies" counts them, "made before
	// 2000" dates them).
	if attr == "" && a.nestID != "" && v <= a.nestAt && a.nestAt <= v+3 && inSet(a.w(i-1), "make", "makes", "made", "gross", "grosses", "grossed", "spend", "spends", "spent") && a.at[i-1] < 0 {
		attr = amountVerbs[a.w(i-1)]
	}
	if attr == "length" && a.w(i) == "shorter" && a.ofPeople(i, -1) {
		attr = "height" // "Which players are shorter than 1.8?"
	}
	if attr == "length" && a.w(i) == "longer" && inSet(a.w(i-1), "live", "lives", "lived") {
		// "In which countries do people live longer than 80 years?":
		// how long they live, their life expectancy.
		a.used[i-1] = true
		a.skipWord(i - 1)
		attr = "live"
	} else if attr == "length" && a.w(i) == "longer" && a.verbBefore(i) {
		// "Which journalists have been working longer than John
		// Meaney?", "served longer than 10 years": how long they have
		// done it, which the verb names (years_working), not a length.
		attr = lemma(a.w(i - 1))
	}
	// "countries that have more people than Argentina": the population;
	// "stadiums that hold more fans than": the capacity.
	if c := a.at[min(i+1, len(a.at)-1)]; c >= 0 && v == i+3 && a.w(i+2) == "than" {
		if m := a.peopleMeasure(i, &a.chunks[c]); m != "" {
			a.chunks[c].used, a.chunks[c].role = true, roleSkip
			attr = m
		}
	}
	// Nested aggregate: the value is the answer of an earlier subgoal.
	if a.nestID != "" && v <= a.nestAt && a.nestAt <= v+3 {
		at := a.attrFor(i, -1, attr)
		// "employees who earn more than the average salary", "projects
		// that have taken longer than the average number of hours": where
		// no noun names what is compared (a verb, or the comparative's
		// own sense), the aggregate's attribute does; "whose average
		// salary is above the average payment" keeps the noun.
		a.nestSense = attr
		if at == "" || a.nestAttr != "" && (at == attr || a.verbPhrase(at)) {
			at = a.nestAttr
		}
		a.addFilter(handoff.Filter{Attribute: at, Op: op, Value: a.nestID, ValueKind: SubgoalValue}, i)
		return
	}
	// Skip articles, hedges, currency signs and a unit noun before the
	// value: "more than about $180", "after the year 1989".
	k := v
	money := false
	for inSet(a.w(k), "the", "a", "an", "about", "around", "approximately", "some", "$", "€", "£", "¥") ||
		date && inSet(a.w(k), "year", "date") && k+1 < len(a.toks) {
		if inSet(a.w(k), "year", "date") && attr == "" {
			attr = a.w(k)
		}
		money = money || inSet(a.w(k), "$", "€", "£", "¥")
		k++
	}
	money = money || k < len(a.toks) && a.toks[k].money
	// "more than two times", "at least twice", "more than once": how
	// often the subjects occur.
	if n, ok := frequencyWords[a.w(k)]; ok || inSet(a.w(k+1), "times", "time") && a.toks[k].kind == tkNum {
		if !ok {
			n = a.toks[k].norm
		}
		a.used[k] = true
		if !ok {
			a.used[k+1] = true
		}
		f := handoff.Filter{Attribute: handoff.AttrTimes, Op: op, Value: n, ValueKind: "number"}
		a.addFilter(f, i)
		a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: a.toks[i].text, Term: f.Attribute, Op: op})
		return
	}
	if val, kind, ok := a.valueOf(k); ok {
		if date && kind == "number" {
			kind = "date"
		}
		a.used[k] = true
		if kind == "number" && attr == "" {
			if at, n := a.unitOf(k + 1); n > 0 {
				a.useSpan(k+1, n)
				attr = at
			}
		}
		f := handoff.Filter{Attribute: a.attrFor(i, k+1, attr), Op: op, Value: val, ValueKind: kind}
		if kind == "number" && holdVerbs[f.Attribute] && !a.nounAt(k+1) {
			// "Which stadiums can seat over 65,000?": their capacity
			// ("parties with more than 10 hosts" count the hosts).
			f.Attribute = "capacity"
		}
		if f.Attribute == "" && kind == "number" && (money || moneyWords[a.w(k+1)]) {
			// "films made for under 10 million dollars": an amount of
			// money no noun names is what the things cost (a price, a
			// budget, a fee).
			f.Attribute = "cost"
			a.implied = appendNew(a.implied, f.Attribute)
		}
		a.addFilter(f, i)
		a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: a.toks[i].text, Term: f.Attribute, Op: op})
		return
	}
	// A comparison with an entity or another attribute.
	if k < len(a.toks) && !a.skip[k] && (a.toks[k].ment >= 0 || a.at[k] >= 0 || inSet(a.w(k), "that", "those", "his", "her", "their", "its")) {
		// ("hired before Andrew Adams": when he was.)
		named := date && a.toks[k].ment >= 0 && a.ms[a.toks[k].ment].Kind != handoff.MentionNumber && a.ms[a.toks[k].ment].Kind != handoff.MentionDate
		if comparatives[a.w(i)].than || a.w(i+1) == "than" || a.w(i+2) == "than" || named || a.w(i) == "as" {
			a.compare = true
			if attr != "" {
				a.implied = appendNew(a.implied, attr)
			}
			term := cmp.Or(attr, a.attrFor(i, k, ""))
			if term == "" && lexicon.Magnitude(a.w(i)) {
				// "Which cities are bigger than Valdheim?": whatever
				// measures their size.
				term = "size"
				a.implied = appendNew(a.implied, term)
			}
			text := a.toks[i].text
			switch {
			case a.w(i) == "as":
				text = strings.Join([]string{a.toks[i].text, a.toks[i+1].text, "as"}, " ")
			case !date || a.w(i+1) == "than":
				text += " than"
			}
			a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: text, Term: term, Op: op})
			if m := a.toks[k].ment; m >= 0 {
				// "more goals than Magnus Dahl": the bound is that
				// entity's own value of the attribute.
				for j := k; j < len(a.toks) && a.toks[j].ment == m; j++ {
					a.used[j] = true
				}
				if mk := a.ms[m].Kind; term != "" && mk != handoff.MentionNumber && mk != handoff.MentionDate {
					a.addFilter(handoff.Filter{Attribute: term, Op: op, Value: nameValue(a.ms[m]), ValueKind: handoff.ValueEntity}, i)
				}
			}
		}
	}
}

// outdoVerbs are the verbs of doing better than another, with no
// measure of their own: "Which documents beat Fall Sails on …?".
var outdoVerbs = set(`beat beats outdid outdo outdoes outdone surpassed surpass surpasses bettered`)

// outdone maps the verbs after "out" whose measure is another word
// ("outlasted": longer, "outsold": sales) to it; others ("outscored")
// are measured by their own base.
var outdone = map[string]string{"last": "length", "live": "length", "sell": "sales", "gross": "earn"}

// outdoAt reads a verb of outdoing a named thing, "Which documents beat
// Fall Sails on number of accesses?", "Which songs outlasted Touch Me at
// number one?", as more of the measure than the named thing's: the noun
// after "on", "in", "for" or "by" says it, else the verb after "out"
// does (outlasted: length, outscored: score). It reports whether it
// read one.
func (a *analysis) outdoAt(i int) bool {
	w := a.w(i)
	base := ""
	switch {
	case outdoVerbs[w]:
	case strings.HasPrefix(w, "out") && len(w) > 6 && (strings.HasSuffix(w, "ed") || lexicon.VerbBase(w[3:]) != w[3:]):
		rest := w[3:]
		if b := lexicon.VerbBase(rest); b != rest {
			base = b
		} else if bs := lexicon.VerbBases(rest); len(bs) > 0 {
			// The base WordNet knows ("scored": score, not scor).
			base = bs[0]
			if k := slices.IndexFunc(bs, func(b string) bool { return len(lexicon.Related(b)) > 0 }); k >= 0 {
				base = bs[k]
			}
		}
		if base == "" || !a.isWord(i) || isFunction(w) {
			return false
		}
	default:
		return false
	}
	m := a.toks[min(i+1, len(a.toks)-1)].ment
	if i+1 >= len(a.toks) || m < 0 || a.ms[m].Kind == handoff.MentionNumber || a.ms[m].Kind == handoff.MentionDate {
		return false
	}
	end := i + 1
	for end < len(a.toks) && a.toks[end].ment == m {
		a.used[end] = true
		end++
	}
	attr := base
	if o, ok := outdone[base]; ok {
		attr = o
	}
	if inSet(a.w(end), "on", "in", "for", "by", "at") {
		k := end + 1
		for inSet(a.w(k), "the", "their", "its", "number", "amount", "total", "of") {
			k++
		}
		switch c := a.at[min(k, len(a.at)-1)]; {
		case a.seq(end, "at", "number"), a.seq(end, "at", "the", "top"):
			// "at number one": where, not what is compared.
			for j := end; j < len(a.toks) && j <= end+3 && !inSet(a.w(j), "?", ".", ",", "and"); j++ {
				a.used[j] = true
				a.skipWord(j)
			}
		case k < len(a.toks) && c >= 0 && !a.chunks[c].verb:
			attr = a.chunks[c].phrase()
			for j := end; j < a.chunks[c].end; j++ {
				a.used[j] = true
			}
			a.chunks[c].used, a.chunks[c].role = true, rolePred
		}
	}
	if attr == "" {
		return false
	}
	a.used[i] = true
	a.skipWord(i)
	a.compare = true
	a.implied = appendNew(a.implied, attr)
	a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: a.toks[i].text, Term: attr, Op: handoff.FilterGt})
	a.addFilter(handoff.Filter{Attribute: attr, Op: handoff.FilterGt, Value: nameValue(a.ms[m]), ValueKind: handoff.ValueEntity}, i)
	return true
}
