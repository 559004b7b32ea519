package decomposer

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/lexicon/vocab"
)

// Analysis of one clause.

type role uint8

const (
	roleNone role = iota
	rolePred
	roleType
	roleSkip // read by a phrase, names nothing ("years old", "people live")
)

type chunk struct {
	start, end int // token indexes
	words      []string
	verb       bool
	role       role
	projection bool // part of what the question asks to return
	used       bool // consumed as filter attribute, aggregate or order term
}

func (c *chunk) head() string {
	h := c.words[len(c.words)-1]
	if c.verb {
		return h
	}
	return lemma(h)
}

// terms returns the chunk's terms: the phrase (lemmatised head) and, for
// a multiword phrase, the head alone.
func (c *chunk) terms() []string {
	if c.verb {
		return []string{strings.Join(c.words, " ")}
	}
	ws := slices.Clone(c.words)
	if len(ws) > 3 {
		ws = ws[len(ws)-3:]
	}
	ws[len(ws)-1] = lemma(ws[len(ws)-1])
	out := []string{strings.Join(ws, " ")}
	if len(ws) > 2 {
		out = append(out, strings.Join(ws[len(ws)-2:], " "))
	}
	// "first name" is no name of anything else ("the first name of
	// students" is not their department's name).
	if len(ws) > 1 && lexicon.NamePart(ws) == 0 {
		out = append(out, ws[len(ws)-1])
	}
	return out
}

func (c *chunk) phrase() string { return c.terms()[0] }

type analysis struct {
	q      string
	toks   []token
	ms     []handoff.Mention
	skip   []bool // tokens excluded from analysis (a nested phrase)
	chunks []chunk
	at     []int // token → chunk index or -1
	used   []bool

	ask, compare, filter, group, rank, negate bool
	// countedAttr: the things counted by "the most" are named by a word
	// that may be an attribute ("the most ratings"), so no type says
	// them.
	countedAttr bool
	aggs        []handoff.Aggregate
	aggOf       []string
	aggCond     []bool // the aggregate is said as a condition ("whose average gross")
	aggSaidOf   []int  // the chunk such a condition is said of, or -1
	// havingOf is 1 + the chunk an aggregate bound is said of
	// ("departments with average salary higher than 42000"), 0 if none.
	havingOf      int
	asked         string // the attribute a "how tall", "how many people live" asks for
	filters       []handoff.Filter
	filterAt      []int    // the token each filter was found at
	implied       []string // implied predicates
	groupBy       []string
	explicitGroup bool
	out           handoff.Output
	orderSet      bool
	// orderCount: the order's key is a count ("in ascending order of
	// the number of hosts"): ordered by what is counted.
	orderCount bool
	// cues are the words that commit the answer (handoff.Cue), in order.
	cues []handoff.Cue

	// nested: the index of the first token of a nested aggregate phrase
	// (excluded), and the ID and attribute of its subgoal.
	nestAt   int
	nestID   string
	nestAttr string
	// rankedOf is the chunk a superlative is said of: the one right
	// after it ("the oldest player") or before its "with" ("the dorm
	// with the largest capacity"); -1 when none.
	rankedOf int
	// nestSense is the attribute the comparison with the nested
	// aggregate means by itself ("cheaper": price), if any.
	nestSense string
	// spentNeg is the negation an equative spent ("don't have as many
	// students as": fewer), which negates nothing else; -1 when none.
	spentNeg int
}

func (a *analysis) w(i int) string {
	if i < 0 || i >= len(a.toks) || a.skip[i] {
		return ""
	}
	return a.toks[i].low
}

func (a *analysis) seq(i int, ws ...string) bool {
	for k, w := range ws {
		if a.w(i+k) != w {
			return false
		}
	}
	return true
}

func (a *analysis) isWord(i int) bool {
	return i >= 0 && i < len(a.toks) && !a.skip[i] && a.toks[i].kind == tkWord
}

// listItem reports whether token i stands between a comma and another
// comma or "and", after a word that names something: an item of a list
// of columns ("the asset id, details, make and model").
func (a *analysis) listItem(i int) bool {
	return a.w(i-1) == "," && inSet(a.w(i+1), ",", "and") && a.isWord(i-2) && !isFunction(a.w(i-2))
}

// content reports whether token i can be part of a term.
func (a *analysis) content(i int) bool {
	if !a.isWord(i) || a.toks[i].ment >= 0 {
		return false
	}
	for k := i - 3; k <= i; k++ {
		if _, ok := a.orderPhrase(k); ok && k >= 0 {
			return false // "from big to small" names nothing
		}
	}
	w := a.toks[i].low
	switch {
	case (w == "first" || w == "last") && inSet(a.w(i+1), "name", "names"):
		return true
	case superlatives[w].attr != "" && i > 0 && (handoff.AggregateWord(a.w(i-1)) != "" || superlatives[a.w(i-1)].known) && a.isWord(i+1) && !isFunction(a.w(i+1)):
		return true // "the maximum fastest lap speed": a word of a column's name
	case decade(w) != "":
		return false // "in the 1990s": a range of years (scan)
	case a.genderAt(i):
		return false // "female students": a condition on their sex (scan)
	case a.agedAt(i):
		return false // "aged 30 or more" says the age (attrFor)
	case inSet(w, "often", "frequently", "commonly") && inSet(a.w(i-1), "most", "more", "least", "less"),
		strings.HasSuffix(w, "ed") && inSet(a.w(i-1), "frequently", "commonly") && inSet(a.w(i-2), "most", "least"):
		return false // "most often", "most frequently used": how a count ranks
	case a.particleAt(i):
		return true // "the move in dates": one attribute
	case a.w(i-1) == "how" && lexicon.Measure(w) != "":
		return false // "How tall is …": the height (subgoal)
	case (w == "first" || w == "last") && (a.w(i-1) == "the" || a.seq(i-2, "the", "very") || i+1 < len(a.toks) && a.toks[i+1].kind == tkNum):
		return false // "the first payment", "the last 5 races": an order
	case w == "number" && inSet(a.w(i+1), "and", ","):
		return true // "the number and time of the train": a column
	case w == "order" && a.isWord(i+1) && !isFunction(a.w(i+1)) && a.toks[i+1].ment < 0:
		return true // "the order ids", "order date": a noun
	case w == "order" && inSet(a.w(i-1), "each", "every", "per", "an"):
		return true // "the total quantity in each order": a noun
	case w == "order" && (inSet(a.w(i-1), "first", "last") || superlatives[a.w(i-1)].known) && !inSet(a.w(i+1), "by", "of"):
		return true // "Who placed the first order?": a noun
	case w == "number" || w == "numbers" && a.w(i+1) == "of":
		// "number of" asks for a count unless a noun precedes ("phone number of").
		// ("the numbers of roller coasters for each status": counts.)
		if a.w(i+1) == "of" {
			// "the total number of X" counts X like "the number of X".
			return a.isWord(i-1) && !isFunction(a.w(i-1)) && a.w(i-1) != "total" && a.toks[i-1].ment < 0
		}
		// "the flight with number 99": the number a thing is labelled by.
		return a.isWord(i-1) && !isFunction(a.w(i-1)) || i+1 < len(a.toks) && a.toks[i+1].kind == tkNum
	case w == "total":
		return false
	case inSet(w, "start", "end") && a.isWord(i+1) && !isFunction(a.w(i+1)) && a.toks[i+1].ment < 0:
		return true // "start year", "end date": a noun, not "start with"
	case w == "name" && i == 0:
		return false
	case fillerWords[w] && a.listItem(i):
		return true // "the asset id, details, make and model": a column
	case strings.HasSuffix(w, "n't"):
		return false
	case w == "ordered" && !a.ordering(i):
		return true // "customers who never ordered anything": bought
	case measureWords[w] && i > 0 && a.toks[i-1].kind == tkNum:
		return false
	case inSet(w, "word", "substring", "string", "letter", "character") && i+1 < len(a.toks) && (a.toks[i+1].kind == tkQuote || a.toks[i+1].ment >= 0 && (w != "word" || a.ms[a.toks[i+1].ment].Kind == handoff.MentionQuoted)):
		return false // "contains the word 'x'"
	}
	if isFunction(w) {
		return false
	}
	if _, ok := monthWords[w]; ok && a.toks[i].cap {
		return false
	}
	return utf8.RuneCountInString(w) > 1 || unicode.IsLetter([]rune(w)[0]) && w != "s"
}

func (a *analysis) isVerb(i int) bool {
	w := a.w(i)
	// "Which documents beat Fall Sails …?": a verb of outdoing before
	// a name.
	if outdoVerbs[w] && i+1 < len(a.toks) && a.toks[i+1].ment >= 0 {
		return true
	}
	if a.particleAt(i + 1) {
		return false // "move in date", "check out time"
	}
	// "Verda Streich's regular orders": what a possessive owns is a
	// noun, so is an adjective's noun after one.
	if p := a.w(i - 1); p == "'s" || p == "'" || i >= 2 && inSet(a.w(i-2), "'s", "'") && a.content(i-1) && !contentVerbs[p] {
		return false
	}
	// "Where can you fly to …?", "What do they sell?": the word after
	// a modal or auxiliary and its pronoun.
	if inSet(a.w(i-1), "you", "we", "i", "they", "he", "she") && inSet(a.w(i-2), "can", "could", "do", "does", "did", "will", "would", "should", "may", "might", "must") {
		return true
	}
	// "Which dorms can house more than 200 students?": the word right
	// after a modal.
	if inSet(a.w(i-1), "can", "could", "will", "would", "should", "may", "might", "must") && a.isWord(i) && !isFunction(w) {
		return true
	}
	// "Which storms didn't hit any country?", "which did not win": the
	// word after a negated auxiliary (not a copula: "aren't open").
	if p := a.w(i - 1); a.isWord(i) && !isFunction(w) && (strings.HasSuffix(p, "n't") && !inSet(p, "isn't", "aren't", "wasn't", "weren't") ||
		inSet(p, "not", "never") && inSet(a.w(i-2), "did", "does", "do", "has", "have", "had", "could", "would", "will", "can")) {
		return true
	}
	// "How many rounds did each pilot win?", "… has each town hosted?":
	// the last word, after an auxiliary and the subject's noun phrase;
	// so before a stranded particle ("does each rep look after?").
	last := func(k int) bool { return k == len(a.toks) || a.toks[k].kind == tkPunct }
	if a.isWord(i) && !isFunction(w) && (last(i+1) || inSet(a.w(i+1), "after", "up", "out", "on", "for", "with", "to", "at", "from", "about", "in") && last(i+2)) {
		for k := i - 2; k >= max(0, i-4); k-- {
			// After "each" or "every" ("did each storm hit"); after "has"
			// a participle only ("has each town hosted", not "that has
			// a cinema").
			if have := inSet(a.w(k), "has", "have", "had"); have || inSet(a.w(k), "did", "does", "do") {
				np := inSet(a.w(k+1), "each", "every") && (!have || lexicon.VerbBase(w) != w || strings.HasSuffix(w, "ed"))
				for j := k + 2; np && j < i; j++ {
					np = a.content(j) && !contentVerbs[a.w(j)]
				}
				if np {
					return true
				}
				break
			}
		}
	}
	// "Who coaches the most players?", "Who manages the oldest
	// station?": the word after a leading "who" and before what it
	// governs is its verb, though it may be a noun too.
	if i == 1 && a.w(0) == "who" && a.isWord(i) && !isFunction(w) && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		inSet(a.w(i+1), "the", "a", "an", "most", "more", "fewest", "fewer", "least", "less", "any", "every", "each", "all") {
		return true
	}
	// "Which products has Christop Berge reported problems with?": a
	// past form after "has" and a name.
	if k := i - 1; a.isWord(i) && !isFunction(w) && !isPlural(w) && pastForm(w) && k >= 0 && a.toks[k].ment >= 0 {
		for k >= 0 && a.toks[k].ment == a.toks[i-1].ment {
			k--
		}
		if inSet(a.w(k), "has", "have", "had") {
			return true
		}
	}
	// "Did Dariana Bednar pass her assessment?", "Does Ann Lee own a
	// cat?": the word after a leading auxiliary and the name it asks
	// about.
	if k := i - 1; a.isWord(i) && !isFunction(w) && k >= 1 && a.toks[k].ment >= 0 {
		for k >= 0 && a.toks[k].ment == a.toks[i-1].ment {
			k--
		}
		// (So after a wh-word: "Who does Jane Peacock report to?"; and
		// a form in -ing after "is": "What courses is William Bowser
		// taking?")
		lead := k == 0 || k == 1 && inSet(a.w(0), "who", "whom", "what", "which") || k >= 2 && inSet(a.w(0), "what", "which") && a.content(k-1)
		if lead && (inSet(a.w(k), "did", "does", "do") || inSet(a.w(k), "is", "are", "was", "were") && ingBase(w) != "") {
			return true
		}
	}
	// "Who reported problems after 2000?", "Who became a customer
	// before 2010?": a past form right after a leading "who" (or "who
	// has": "Who has driven deliveries to …?").
	// ("Who has put in a claim …?", "Who signed up for …?": so a word
	// with its particle and then its object.)
	if a.afterWho(i) && a.isWord(i) && !isFunction(w) && !isPlural(w) && (pastForm(w) ||
		inSet(a.w(i+1), "in", "up", "out", "off") && inSet(a.w(i+2), "a", "an", "the", "for", "to")) {
		return true
	}
	// "the airline which runs the most routes": so after a relative
	// pronoun that follows a noun.
	if i >= 2 && inSet(a.w(i-1), "which", "that", "who") && a.content(i-2) && a.isWord(i) && !isFunction(w) && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		inSet(a.w(i+1), "the", "a", "an", "most", "fewest", "least") {
		return true
	}
	// "How many hours does each student play video games?": a verb
	// after "does each" and the subject's noun, with its object after.
	if (contentVerbs[w] || nounVerbs[w]) && !isPlural(w) {
		for k := i - 2; k >= max(0, i-3); k-- {
			if inSet(a.w(k), "did", "does", "do") && inSet(a.w(k+1), "each", "every") {
				np := true
				for j := k + 2; j < i; j++ {
					np = np && a.content(j) && !contentVerbs[a.w(j)]
				}
				if np && k+2 < i {
					return true
				}
			}
		}
	}
	// "Which customer spent the most?", "Which team won the cup?": an
	// irregular past right after the thing asked for ("How many
	// bookings began in 2016?" too).
	if i >= 2 && (inSet(a.w(i-2), "which", "what") || a.seq(i-3, "how", "many")) && a.content(i-1) && lexicon.VerbBase(w) != w && !isPlural(w) && a.isWord(i) && !isFunction(w) {
		return true
	}
	// "Which shops stock the Xiaomi?", "Which shop stocks a phone?":
	// after "which"/"what" and the noun asked for, a word that agrees
	// with it as a verb (a plural noun then a base form, a singular
	// one then an -s form) and has its object's determiner right after
	// ("Which organisation type hires most research staff?" too).
	// ("Which furniture cost over 1000 dollars?": a verb of the lexicon
	// before a comparison, whatever the agreement.)
	// ("Which medicine interacts with the most enzymes?": so with a
	// preposition before the object's determiner.)
	if compared := contentVerbs[w] && (comparatives[a.w(i+1)].op != "" || inSet(a.w(i+1), "over", "under", "above", "below", "between") || i+1 < len(a.toks) && a.toks[i+1].kind == tkNum); i >= 2 && a.isWord(i) && !isFunction(w) &&
		(inSet(a.w(i+1), "the", "a", "an", "most", "fewest", "least") || compared ||
			inSet(a.w(i+1), "with", "in", "on", "for", "to", "at", "from") && inSet(a.w(i+2), "the", "a", "an", "most", "fewest", "least")) {
		k := i - 1
		for k > 0 && i-k <= 3 && a.content(k) && !contentVerbs[a.w(k)] {
			k--
		}
		if k < i-1 && inSet(a.w(k), "which", "what") {
			subj := a.w(i - 1)
			if compared || isPlural(subj) && !isPlural(w) || !isPlural(subj) && isPlural(w) && !strings.HasSuffix(w, "ss") {
				return true
			}
		}
	}
	// A present participle after "be" is the verb: "is majoring in
	// 600", "are living in Paris".
	// (Not one that ends the clause: "heads who are acting" are in an
	// acting role.)
	if len(w) > 5 && strings.HasSuffix(w, "ing") && inSet(a.w(i-1), "is", "are", "was", "were") && a.isWord(i) && !isFunction(w) && !attrWords[w] &&
		inSet(a.w(i+1), "in", "at", "on", "for", "to", "with", "from", "by", "the", "a", "an") {
		return true
	}
	// An irregular participle after "be": "are shown", "was written".
	if lexicon.VerbBase(w) != w && inSet(a.w(i-1), "is", "are", "was", "were", "been", "be", "being") {
		return true
	}
	// "song release year", "order date": a noun inside a noun run.
	// A plural noun before it is its subject instead ("rivers flow").
	if nounVerbs[w] && a.content(i-1) && !contentVerbs[a.w(i-1)] && !isPlural(a.w(i-1)) {
		return false
	}
	if contentVerbs[w] {
		// "order" and friends are nouns after a determiner or a number
		// ("1000 books").
		if i > 0 && a.toks[i-1].kind == tkNum {
			return false
		}
		// A plural after "have" or "with" is the thing had ("customers
		// who have orders", "players with stars"), not "have played";
		// so is any word after "with" ("students with major 600").
		if isPlural(w) && inSet(a.w(i-1), "have", "has", "had") || inSet(a.w(i-1), "with", "without") {
			return false
		}
		// An item of a list of columns ("the asset id, details, make
		// and model"), or a plural noun joined to another ("the names
		// and costs of procedures").
		if a.listItem(i) || isPlural(w) && nounVerbs[lemma(w)] && inSet(a.w(i-1), "and", "or", ",") && isPlural(a.w(i-2)) && a.content(i-2) {
			return false
		}
		return !inSet(a.w(i-1), "the", "a", "an", "each", "every", "of", "their", "its", "his", "her", "which", "what", "many", "all", "no", "any")
	}
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !edNouns[w] && !strings.HasSuffix(w, "eed")
}

// magnitudePairs are the ends of a scale, large end first, that "from …
// to …" orders by.
var magnitudePairs = [][2]string{{"big", "small"}, {"bigger", "smaller"}, {"biggest", "smallest"}, {"large", "small"},
	{"larger", "smaller"}, {"largest", "smallest"}, {"high", "low"}, {"higher", "lower"}, {"highest", "lowest"},
	{"most", "least"}, {"more", "less"}, {"greatest", "least"}, {"greatest", "smallest"}, {"max", "min"},
	{"maximum", "minimum"}, {"top", "bottom"}}

// orderPhrase reads "from big to small" (descending) or "from low to
// high" (ascending) at token i ("from").
func (a *analysis) orderPhrase(i int) (desc, ok bool) {
	if a.w(i) != "from" || a.w(i+2) != "to" {
		return false, false
	}
	for _, p := range magnitudePairs {
		switch {
		case a.w(i+1) == p[0] && a.w(i+3) == p[1]:
			return true, true
		case a.w(i+1) == p[1] && a.w(i+3) == p[0]:
			return false, true
		}
	}
	// "from oldest to youngest": the ends of one attribute's scale.
	s1, s2 := superlatives[a.w(i+1)], superlatives[a.w(i+3)]
	if s1.known && s2.known && s1.attr != "" && s1.attr == s2.attr && s1.desc != s2.desc {
		return s1.desc, true
	}
	return false, false
}

// pastForm reports whether w is a verb's past form: irregular ("became")
// or regular, of five letters or more ("reported", not "need").
func pastForm(w string) bool {
	return lexicon.VerbBase(w) != w || len(w) > 4 && lexicon.Participle(w)
}

// afterWho reports whether token i follows a leading "who" or "who has"
// (its subject).
func (a *analysis) afterWho(i int) bool {
	return a.w(0) == "who" && (i == 1 || i == 2 && inSet(a.w(1), "has", "have", "had"))
}

// buildChunks groups content tokens into chunks: runs of nouns, with a
// relation verb alone (or as a modifier: "born state").
func (a *analysis) buildChunks() {
	a.at = make([]int, len(a.toks))
	for i := range a.at {
		a.at[i] = -1
	}
	for i := 0; i < len(a.toks); {
		if !a.content(i) {
			i++
			continue
		}
		// (A verb before a noun is its modifier, "born state", unless a
		// leading "who" is its subject: "Who reported problems".)
		if a.isVerb(i) && !(a.content(i+1) && !a.isVerb(i+1) && !a.content(i-1) && !a.afterWho(i) && (i == 0 || a.toks[i-1].ment < 0)) {
			a.addChunk(i, i+1, true)
			i++
			continue
		}
		j := i + 1
		// A name ends its chunk: "first name middle name and last
		// name" lists three.
		for j < len(a.toks) && a.content(j) && !a.isVerb(j) && !inSet(a.w(j-1), "name", "names") {
			j++
		}
		a.addChunk(i, j, false)
		i = j
	}
}

func (a *analysis) addChunk(i, j int, verb bool) {
	c := chunk{start: i, end: j, verb: verb}
	for k := i; k < j; k++ {
		c.words = append(c.words, a.toks[k].low)
		a.at[k] = len(a.chunks)
	}
	a.chunks = append(a.chunks, c)
}

// chunkAfter returns the chunk starting at i after skipping determiners
// and light words, or -1.
func (a *analysis) chunkAfter(i int, skip ...string) int {
	for k := 0; k < 8 && i < len(a.toks); k++ {
		if a.isWord(i) && a.at[i] >= 0 {
			return a.at[i]
		}
		w := a.w(i)
		if inSet(w, "the", "a", "an", "of", "their", "its", "his", "her", "all", "different", "distinct", "unique", "each") || slices.Contains(skip, w) || a.genderAt(i) {
			i++
			continue
		}
		return -1
	}
	return -1
}

// chunkBefore returns the chunk ending just before i, skipping light
// words, or -1.
func (a *analysis) chunkBefore(i int, skip ...string) int {
	for k := 0; k < 4 && i >= 0; k++ {
		if a.isWord(i) && a.at[i] >= 0 {
			return a.at[i]
		}
		w := a.w(i)
		if inSet(w, "the", "a", "an", "is", "are", "was", "were", "be", "been", "of", "its", "their", "'s") || slices.Contains(skip, w) {
			i--
			continue
		}
		return -1
	}
	return -1
}

// markerBefore reports whether a relative marker precedes token i in
// the clause: then a superlative ranks rather than aggregates.
func (a *analysis) markerBefore(i int) bool {
	for k := i - 1; k >= 0; k-- {
		w := a.w(k)
		if inSet(w, "with", "who", "that", "whose", "where", "has", "have", "had", "having", "whom", "in", "for", "by", "on", "at") {
			return true
		}
		if w == "which" && k > 0 {
			return true
		}
	}
	if inSet(a.w(1), "is", "are", "was", "were") && a.w(i-1) == "the" && i == 3 {
		// "Which is the biggest dorm?": the dorm is the thing ranked,
		// as in "What is the biggest dorm?".
		return false
	}
	return inSet(a.w(0), "which", "who")
}

func (a *analysis) addFilter(f handoff.Filter, at int) {
	if f.Attribute != "" {
		a.implied = appendNew(a.implied, f.Attribute)
	}
	f.Negated = f.Negated || a.negatedAt(at)
	if f.Negated {
		a.negate = true
	}
	a.filters = append(a.filters, f)
	a.filterAt = append(a.filterAt, at)
	a.filter = true
}

// orFilters marks a filter that "or" joins to the previous one on
// another attribute ("amount paid higher than 300 or with payment type
// 'Check'"), and notes the set cue the disjunction realises.
func (a *analysis) orFilters() {
	for k := 1; k < len(a.filters) && k < len(a.filterAt); k++ {
		p, f := a.filters[k-1], &a.filters[k]
		lo, hi := min(a.filterAt[k-1], a.filterAt[k]), max(a.filterAt[k-1], a.filterAt[k])
		or, and := false, false
		for i := lo + 1; i < hi; i++ {
			or = or || a.w(i) == "or"
			and = and || a.w(i) == "and"
		}
		// "managers of age above 50 or below 46", "price lower than 600
		// or higher than 900": a bound that names no attribute, said
		// right after a bound on one, bounds that one too.
		if f.Attribute == "" && p.Attribute != "" && bound(p.Op) && bound(f.Op) && p.ValueKind == f.ValueKind && (or || and) && a.filterAt[k] > a.filterAt[k-1] && hi-lo <= 4 {
			f.Attribute = p.Attribute
		}
		// Bounds on opposite sides of one attribute ("before 2000 or
		// after 2010") are alternatives only when said with "or".
		opposite := p.Attribute == f.Attribute && (below(p.Op) && above(f.Op) || above(p.Op) && below(f.Op))
		// A bound on a named attribute and a value of another kind that
		// names none ("from Hartford or younger than 40") are
		// conditions on two attributes.
		mixed := (p.Attribute == "") != (f.Attribute == "") && bound(p.Op) != bound(f.Op) && p.ValueKind != f.ValueKind
		if (p.Attribute == "" || f.Attribute == "" || p.Attribute == f.Attribute) && !opposite && !mixed || p.Negated != f.Negated {
			continue
		}
		if or && !and {
			f.Or = true
			a.cue(handoff.Cue{Kind: handoff.CueSet, Text: "or"})
		}
	}
}

// yearsOld returns how many words from k on say that a number before
// them is an age ("years old", "year old", "years of age"), or 0.
func (a *analysis) yearsOld(k int) int {
	if k < 0 || !inSet(a.w(k), "years", "year", "yrs") {
		return 0
	}
	switch {
	case a.w(k+1) == "old":
		return 2
	case a.seq(k+1, "of", "age"):
		return 3
	}
	return 0
}

// particleAt reports whether token i is the particle of a phrasal verb
// that, with a date or time word after it, names an attribute ("move in
// date", "check out time", "sign up dates": date_moved_in, checkout).
func (a *analysis) particleAt(i int) bool {
	return inSet(a.w(i), "in", "out", "up", "off") && phrasalVerbs[a.w(i-1)] && lexicon.Temporal(lexicon.Singular(a.w(i+1)))
}

// phrasalVerbs are verbs whose particle belongs to an attribute's name
// before a date or time word.
var phrasalVerbs = set(`move moved check checked log logged sign signed drop dropped pick picked clock clocked take taken set`)

// agedAt reports whether token i is "aged" before a number or a bound
// ("aged 30", "aged over 30", "aged at least 30").
func (a *analysis) agedAt(i int) bool {
	if a.w(i) != "aged" {
		return false
	}
	k := i + 1
	if _, ok := comparatives[a.w(k)]; ok {
		k++
	} else if a.seq(k, "at", "least") || a.seq(k, "at", "most") {
		k += 2
	}
	return k < len(a.toks) && a.toks[k].kind == tkNum
}

// genderAt reports whether token i says the sex of the noun after it
// ("female students", "male singers", "women players", "girl students").
func (a *analysis) genderAt(i int) bool {
	w := a.w(i)
	// Not one of "male and female students": both.
	if lexicon.Gender(w) == "" || inSet(a.w(i-1), "and", "or") && lexicon.Gender(a.w(i-2)) != "" || !inSet(w, "male", "female", "men", "women", "boys", "girls", "boy", "girl") || i+1 >= len(a.toks) || !a.isWord(i+1) {
		return false
	}
	j := i + 1
	// "male British artists": an adjective named between.
	if m := a.toks[j].ment; m >= 0 && m < len(a.ms) && len(lexicon.PlacesOf(a.ms[m].Text)) > 0 {
		for j < len(a.toks) && a.toks[j].ment == m {
			j++
		}
		if !a.isWord(j) {
			return false
		}
	}
	n := a.w(j)
	return !isFunction(n) && lexicon.Gender(n) == "" && a.toks[j].ment < 0 && (isPlural(n) || inSet(w, "male", "female", "boy", "girl"))
}

// decade returns the first year of a decade written "1990s" (or
// "1990's"), or "".
func decade(w string) string {
	w, ok := strings.CutSuffix(w, "s")
	w = strings.TrimSuffix(w, "'")
	if !ok || len(w) != 4 || w[3] != '0' || strings.Trim(w, "0123456789") != "" || w[0] != '1' && w[0] != '2' {
		return ""
	}
	return w
}

// useSpan marks n tokens from k on, and their chunks, as read.
// doneFirst returns where the verb is that "first" or "last" at i says
// the order of: the word before it ("Which gas station opened first?")
// or, after a verb, the thing it was done to ("Who became a customer
// first?", "Who placed an order last?"); -1 when neither.
func (a *analysis) doneFirst(i int) int {
	verb := func(k int) bool { return lexicon.Participle(a.w(k)) || contentVerbs[a.w(k)] }
	switch {
	case a.isWord(i-1) && (!isFunction(a.w(i-1)) || a.w(i-1) == "order") && inSet(a.w(i-2), "a", "an", "the") &&
		(verb(i-3) || a.isWord(i-3) && lexicon.VerbBase(a.w(i-3)) != a.w(i-3)):
		return i - 3
	case verb(i - 1):
		return i - 1
	}
	return -1
}

// skipWord marks the chunk of the one word at token k, if there is one,
// as read by a phrase: it names nothing.
func (a *analysis) skipWord(k int) {
	if k < 0 || k >= len(a.at) {
		return
	}
	if c := a.at[k]; c >= 0 && a.chunks[c].start == k && a.chunks[c].end == k+1 {
		a.chunks[c].used, a.chunks[c].role = true, roleSkip
	}
}

// ofPeople reports whether the superlative at i ranks people: the
// question asks "who is", the noun it ranks (chunk c) names people, or,
// with no noun after it, people are named before it ("Which singer is
// the shortest?").
func (a *analysis) ofPeople(i, c int) bool {
	if a.w(0) == "who" && inSet(a.w(1), "is", "was", "are", "were") {
		return true // "Who is the shortest perpetrator?"
	}
	if c >= 0 {
		return lexicon.Person(a.chunks[c].head())
	}
	for k := range a.chunks {
		if ch := &a.chunks[k]; ch.end <= i && !ch.verb && lexicon.Person(ch.head()) {
			return true
		}
	}
	return false
}

// attrAfter reports whether a noun that names an attribute comes at or
// after token i.
func (a *analysis) attrAfter(i int) bool {
	for k := i; k < len(a.toks); k++ {
		if c := a.at[k]; c >= 0 && !a.chunks[c].verb && (attrWords[a.chunks[c].head()] || lexicon.IsMeasure(a.chunks[c].head())) {
			return true
		}
	}
	return false
}

// sameAs reads "the same NOUN as NAME" at i ("Which phones have the
// same chip as the Nokia 700?", "players of the same team as Ann Lee"),
// the noun starting at at and conn ("as") after it, or "share a NOUN
// with NAME" (conn "with"): the things whose NOUN is the named thing's
// own, an equality with that entity's value.
func (a *analysis) sameAs(i, at int, conn string) {
	c := a.chunkAfter(at)
	if c < 0 || a.chunks[c].start != at || a.chunks[c].verb {
		return
	}
	k := a.chunks[c].end
	if a.w(k) != conn {
		return
	}
	k++
	if inSet(a.w(k), "the", "a", "an") {
		k++
	}
	if k >= len(a.toks) || a.skip[k] || a.toks[k].ment < 0 {
		return
	}
	m := a.toks[k].ment
	if mk := a.ms[m].Kind; mk == handoff.MentionNumber || mk == handoff.MentionDate {
		return
	}
	ch := &a.chunks[c]
	ch.used, ch.role = true, roleSkip
	for j := i; j < k; j++ {
		a.used[j] = true
	}
	for j := k; j < len(a.toks) && a.toks[j].ment == m; j++ {
		a.used[j] = true
	}
	a.compare = true
	a.addFilter(handoff.Filter{Attribute: ch.phrase(), Op: handoff.FilterEq, Value: nameValue(a.ms[m]), ValueKind: handoff.ValueEntity}, i)
	a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: "the same", Term: ch.phrase(), Op: handoff.FilterEq})
}

// lastWord is the index of the question's last word, past closing
// punctuation and "in total" (or "altogether"), or -1.
func (a *analysis) lastWord() int {
	k := len(a.toks) - 1
	for k >= 0 && !a.isWord(k) {
		k--
	}
	if k >= 1 && a.seq(k-1, "in", "total") {
		k -= 2
	} else if inSet(a.w(k), "altogether", "overall") {
		k--
	}
	if a.w(k) == "for" { // "How much did it sell for?"
		k--
	}
	if a.isWord(k) {
		return k
	}
	return -1
}

func (a *analysis) useSpan(k, n int) {
	for j := k; j < k+n && j < len(a.toks); j++ {
		a.used[j] = true
		if c := a.at[j]; c >= 0 {
			a.chunks[c].used, a.chunks[c].role = true, roleSkip
		}
	}
}

// below and above report whether a comparison bounds from above (less
// than) or from below (more than).
func bound(op handoff.FilterOp) bool { return below(op) || above(op) }
func below(op handoff.FilterOp) bool { return op == handoff.FilterLt || op == handoff.FilterLe }
func above(op handoff.FilterOp) bool { return op == handoff.FilterGt || op == handoff.FilterGe }

// negatedAt reports whether a negation word precedes token i closely.
func (a *analysis) negatedAt(i int) bool {
	for k := i - 1; k >= 0 && k >= i-7; k-- {
		w := a.w(k)
		// "except those whose donation amount is less than 9": a
		// clause that singles out the ones excluded.
		if k < i-4 {
			if inSet(w, "except", "excluding") && inSet(a.w(k+1), "those", "the", "ones", "for") {
				return true
			}
			continue
		}
		if (negWords[w] && w != "nor") || strings.HasSuffix(w, "n't") || a.seq(k, "other", "than") {
			return k != a.spentNeg
		}
		if inSet(w, ",", ";", "and", "or", "but") {
			return false
		}
	}
	return false
}

func appendNew(list []string, xs ...string) []string {
	for _, x := range xs {
		if x != "" && !slices.Contains(list, x) {
			list = append(list, x)
		}
	}
	return list
}

func (a *analysis) valueOf(i int) (string, string, bool) {
	if i < 0 || i >= len(a.toks) || a.skip[i] {
		return "", "", false
	}
	t := a.toks[i]
	switch {
	case t.kind == tkDate || t.kind == tkNum && t.year:
		return t.norm, "date", true
	case t.kind == tkNum:
		return t.norm, "number", true
	}
	return "", "", false
}

// analyse analyses the tokens of one clause into a subgoal.
func analyse(q string, toks []token, ms []handoff.Mention, skip []bool, nestAt int, nestID, nestAttr string) (handoff.Subgoal, *analysis) {
	if skip == nil {
		skip = make([]bool, len(toks))
	}
	a := &analysis{q: q, toks: toks, ms: ms, skip: skip, used: make([]bool, len(toks)), nestAt: nestAt, nestID: nestID, nestAttr: nestAttr, rankedOf: -1, spentNeg: -1}
	a.buildChunks()
	a.scan()
	a.roles()
	return a.subgoal(), a
}

// scan applies the phrase rules left to right.
func (a *analysis) scan() {
	n := len(a.toks)
	first := -1
	for i := 0; i < n; i++ {
		if !a.skip[i] && a.toks[i].kind != tkPunct {
			first = i
			break
		}
	}
	if first >= 0 && auxWords[a.w(first)] || n > 0 && a.toks[n-1].tag {
		a.ask = true
	}
	for i := 0; i < n; i++ {
		if a.skip[i] || a.used[i] {
			continue
		}
		w := a.w(i)
		// Negation.
		// (Not a word of a name: "With or Without You".)
		if (negWords[w] || strings.HasSuffix(w, "n't")) && a.toks[i].ment < 0 && !a.seq(i, "no", "more") && !a.seq(i, "no", "less") &&
			!a.seq(i, "not", "more") && !a.seq(i, "not", "less") && !a.seq(i, "no", "fewer") && !a.seq(i, "not", "only") {
			a.negate = true
			a.cue(handoff.Cue{Kind: handoff.CueNegation, Text: a.toks[i].text})
		}
		if a.seq(i, "other", "than") && !a.toks[i].cap {
			a.negate = true
			a.cue(handoff.Cue{Kind: handoff.CueNegation, Text: "other than"})
		}
		// Set words between values ("either A or B", "both A and B").
		// "two or more" is a bound, not alternatives.
		bound := inSet(a.w(i+1), "more", "less", "fewer", "greater", "higher", "lower", "above", "below", "over", "under", "equal", "so")
		if a.toks[i].ment < 0 && ((w == "either" || w == "both" || w == "neither") && !a.used[i] || w == "or" && !bound && a.valueNear(i, -1) && a.valueNear(i, 1)) {
			a.cue(handoff.Cue{Kind: handoff.CueSet, Text: w})
		}
		if m := lexicon.Measure(a.w(i + 1)); w == "how" && m != "" && a.asked == "" {
			a.asked = m
		}
		if a.seq(i, "the", "same") {
			a.sameAs(i, i+2, "as")
		}
		// "Which companies share a building with HSBC?": the same
		// building as HSBC.
		if inSet(w, "share", "shares", "shared") && inSet(a.w(i+1), "a", "an", "the") {
			a.sameAs(i, i+2, "with")
		}
		// "How much did Tootsie make?", "How much does Ann earn?": the
		// amount the closing verb says (what it earned, costs, weighs).
		if a.seq(i, "how", "much") && a.asked == "" {
			k := a.lastWord()
			// "How much did Iron Meridian cost to make?": the amount
			// verb before "to", not the one it says the cost of.
			if k > i+3 && a.w(k-1) == "to" && amountVerbs[a.w(k-2)] != "" {
				k -= 2
			}
			if k > i+1 && amountVerbs[a.w(k)] != "" {
				a.asked = amountVerbs[a.w(k)]
				if a.asked == "cost" && inSet(a.w(k), "sell", "sold", "sells") && a.w(k+1) != "for" {
					// "How much did it sell?": its sales; "sell for",
					// its price.
					a.asked = "sell"
				}
				a.useSpan(k, 1)
				if a.seq(k+1, "in", "total") || inSet(a.w(k+1), "altogether", "overall") {
					// "How much did Linda Smith spend in total?": the
					// sum of what she spent, each time.
					a.aggs, a.aggOf, a.aggCond, a.aggSaidOf = append(a.aggs, handoff.AggSum), append(a.aggOf, a.asked), append(a.aggCond, false), append(a.aggSaidOf, -1)
				}
			} else if inSet(a.w(i+2), "is", "are", "was", "were") && a.isWord(i+3) && !a.attrAfter(i+3) {
				// "How much is a night in Thrift and accolade?": what it
				// costs, where no attribute is named ("How much is the
				// budget of …" asks the budget).
				a.asked = "cost"
			}
		}
		// "What does Alice do?", "What did Ann Lee do for a living?":
		// her job.
		if k := a.lastWord(); i == first && w == "what" && inSet(a.w(i+1), "does", "do", "did") && a.asked == "" && k > i+2 &&
			(a.w(k) == "do" || a.seq(k-3, "do", "for", "a", "living")) && a.mentionAt(i+2) {
			a.asked = "job"
		}
		// "What kind of museum is the Nordic Light Gallery?", "What
		// kind of music does Kenji Aoyama Trio play?": its type.
		// ("What kinds of services has Dedrick Ebert been involved
		// in?": theirs.)
		if k := a.chunkEnd(i + 3); i == first && inSet(w, "what", "which") && inSet(a.w(i+1), "kind", "type", "sort", "kinds", "types", "sorts") && a.w(i+2) == "of" && a.asked == "" &&
			inSet(a.w(k), "is", "are", "was", "were", "does", "do", "did", "has", "have", "had") && a.mentionAt(k+1) {
			a.asked = "type"
			a.skipWord(i + 1)
		}
		// Aggregates.
		switch {
		case a.seq(i, "how", "many", "total"):
			// "How many total pounds were purchased?": the total of the
			// pounds (the "total" rule adds it).
		case a.seq(i, "how", "many") && lexicon.Residents(a.w(i+2)) && inSet(a.w(i+3), "live", "lives", "lived", "living", "reside", "inhabit"):
			// "How many people live in Tokyo?": its population.
			for _, k := range []int{i + 2, i + 3} {
				if c := a.at[k]; c >= 0 {
					a.chunks[c].used, a.chunks[c].role = true, roleSkip
				}
			}
			a.asked = "population"
		case a.seq(i, "how", "many") && a.holdsPeople(i+2):
			// "How many people fit in Valdheim FK's stadium?", "How
			// many fans can the arena hold?": its capacity.
			for k := i + 2; k < len(a.toks) && k <= i+3; k++ {
				if c := a.at[k]; c >= 0 {
					a.chunks[c].used, a.chunks[c].role = true, roleSkip
				}
			}
			a.asked = "capacity"
		case a.seq(i, "how", "many", "times") || a.seq(i, "how", "often"):
			// "How many times was each wrestler eliminated?": how often
			// it happened, its rows counted, not a column of times.
			n := 2
			if w == "how" && a.w(i+1) == "many" {
				n = 3
			}
			a.useSpan(i, n)
			if c := a.at[i+n-1]; c >= 0 {
				a.chunks[c].used, a.chunks[c].role = true, roleSkip
			}
			a.addAgg(handoff.AggCount, -1, false)
		case a.seq(i, "how", "many"):
			c := a.chunkAfter(i + 2)
			// "How many kinds of different ratings are listed?": the
			// distinct values of an attribute, counted.
			if k := a.chunkAfter(i+4, "different", "distinct"); c < 0 && inSet(a.w(i+2), "kinds", "sorts") && a.w(i+3) == "of" && k >= 0 && attrWords[a.chunks[k].head()] {
				c = k
				a.out.Distinct = true
				a.used[i+2] = true
			}
			a.addAgg(handoff.AggCount, c, false)
		case (w == "number" || w == "numbers") && a.w(i+1) == "of" && !a.content(i):
			c := a.chunkAfter(i + 2)
			if !a.inRankPhrase(i) {
				a.addAgg(handoff.AggCount, c, false)
			}
		case w == "count" && (i == first || a.w(i+1) == "of" || a.w(i-1) == "the") && (i == first || !a.content(i-1) || a.w(i-1) == "total"):
			// "share count of transactions" names a column.
			a.addAgg(handoff.AggCount, a.chunkAfter(i+1, "total", "number", "of"), false)
		case w == "total" && !a.seq(i+1, "number") && !a.seq(i+1, "count"):
			if a.w(i-1) == "in" || a.orderKey(i) {
				break
			}
			if (superlatives[a.w(i-1)].known || comparatives[a.w(i-1)].op != "") && !a.content(i+1) {
				// "the best total of any body builder": a column of
				// totals ranked, not a sum; "a higher total than Cam
				// Fowler": compared.
				break
			}
			c := a.chunkAfter(i + 1)
			a.addAgg(handoff.AggSum, c, true)
			if c >= 0 {
				// A schema may hold the total itself (total_points):
				// the phrase is a term too.
				a.implied = appendNew(a.implied, "total "+a.chunks[c].phrase())
			}
		case w == "sum" && !a.content(i):
			a.addAgg(handoff.AggSum, a.chunkAfter(i+1, "of"), true)
		case w == "average" && a.w(i-1) == "on" && len(a.filters) > 0 && !a.isWord(i+1):
			// "people live longer than 80 years on average": the
			// compared value is an average already, not one to take.
			a.used[i], a.used[i-1] = true, true
		case inSet(w, "average", "mean", "avg") && !a.seq(i-1, "than") && !(w == "mean" && a.w(i-1) == "does"):
			c := a.chunkAfter(i+1, append([]string{"number", "of"}, aggSkip...)...)
			if a.w(i-1) == "on" {
				c = a.chunkBefore(i - 2)
			}
			a.addAgg(handoff.AggAvg, c, true)
		case a.listedSuperlative(i):
			// "the greatest and average capacity", "the cheapest and
			// the average ticket price": an enumeration of aggregates,
			// not a ranking.
			a.used[i] = true
			c := a.chunkAfter(i+1, aggSkip...)
			if c < 0 && superlatives[w].attr != "" {
				a.implied = appendNew(a.implied, superlatives[w].attr)
			}
			a.addAgg(superlatives[w].extreme(), c, true)
		case inSet(w, "maximum", "max", "minimum", "min") && !a.seq(i+1, "of") && !a.markerBefore(i) && a.nestAt != i:
			ag := handoff.AggMax
			if w == "minimum" || w == "min" {
				ag = handoff.AggMin
			}
			a.addAgg(ag, a.chunkAfter(i+1, aggSkip...), true)
		}
		// "Who is older, Ada Brook or Tomas Vey?": the one of the two
		// that ranks first by what the comparative measures.
		if a.choiceAt(i) {
			continue
		}
		// Comparisons and filters.
		if op, attr, date, v, ok := a.comparator(i); ok {
			a.handleComparator(i, op, attr, date, v)
		} else {
			a.outdoAt(i)
		}
		// "a bigger budget than X": a comparative whose "than" comes
		// after the attribute is still a commitment to compare.
		if ci := comparatives[w]; ci.than && !slices.ContainsFunc(a.cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueComparative }) &&
			(a.w(i+2) == "than" || a.w(i+3) == "than") {
			t := i + 2
			if a.w(t) != "than" {
				t = i + 3
			}
			var ws []string
			for j := i + 1; j < t; j++ {
				ws = append(ws, a.w(j))
			}
			if len(ws) > 0 {
				ws[len(ws)-1] = lemma(ws[len(ws)-1])
			}
			// The noun said names the attribute ("a longer range than":
			// the range, not a length).
			term := cmp.Or(strings.Join(ws, " "), ci.attr)
			a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: w + " than", Term: term, Op: ci.op})
			// "a bigger budget than Paper Moons": the bound is that
			// film's own budget ("than the Tupolev 154" too).
			if a.w(t+1) == "the" {
				t++
			}
			if m := a.toks[min(t+1, len(a.toks)-1)].ment; t+1 < len(a.toks) && m >= 0 && !a.skip[t+1] {
				if mk := a.ms[m].Kind; mk != handoff.MentionNumber && mk != handoff.MentionDate {
					for j := t + 1; j < len(a.toks) && a.toks[j].ment == m; j++ {
						a.used[j] = true
					}
					a.addFilter(handoff.Filter{Attribute: term, Op: ci.op, Value: nameValue(a.ms[m]), ValueKind: handoff.ValueEntity}, i)
				}
			}
		}
		switch {
		case w == "between":
			if v1, k1, ok := a.valueOf(i + 1); ok && a.w(i+2) == "and" {
				if v2, _, ok := a.valueOf(i + 3); ok {
					a.used[i+1], a.used[i+3] = true, true
					attr := ""
					// "between 100 and 300 hours of work": the work hours.
					if at, n := a.unitOf(i + 4); k1 == "number" && n > 0 {
						a.useSpan(i+4, n)
						attr = at
					}
					f := handoff.Filter{Attribute: a.attrFor(i, i+4, attr), Op: handoff.FilterBetween, Value: v1, Value2: v2, ValueKind: k1}
					a.addFilter(f, i)
					a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: "between", Term: f.Attribute, Op: handoff.FilterBetween})
				}
			}
		case a.toks[i].kind == tkNum && a.w(i+1) == "to" && i+2 < len(a.toks) && a.toks[i+2].kind == tkNum && !a.used[i] && !a.used[i+2] &&
			!inSet(a.w(i-1), "from", "of", "range", "between", "up"):
			// "rooms which can sit 50 to 100 students": between, both
			// ends in.
			v1, k1, ok1 := a.valueOf(i)
			v2, _, ok2 := a.valueOf(i + 2)
			if !ok1 || !ok2 || k1 != "number" {
				break
			}
			a.used[i], a.used[i+1], a.used[i+2] = true, true, true
			f := handoff.Filter{Attribute: a.attrFor(i, i+3, ""), Op: handoff.FilterBetween, Value: v1, Value2: v2, ValueKind: k1}
			if holdVerbs[f.Attribute] || holdVerbs[a.w(i-1)] {
				f.Attribute = "capacity" // "can seat 50 to 100 people"
				a.skipWord(i - 1)
			}
			a.addFilter(f, i)
			a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: "to", Term: f.Attribute, Op: handoff.FilterBetween})
		case w == "range" || w == "from" && a.w(i+2) == "to":
			// "salary in the range of 8000 and 12000", "in the range
			// 5 to 10", "from 2000 to 2010": between, both ends in.
			j := i + 1
			if w == "range" {
				for inSet(a.w(j), "of", "from") {
					j++
				}
			}
			v1, k1, ok1 := a.valueOf(j)
			v2, k2, ok2 := a.valueOf(j + 2)
			if !ok1 || !ok2 || !inSet(a.w(j+1), "and", "to") || a.used[j] || a.used[j+2] ||
				!inSet(k1, "number", "date") || !inSet(k2, "number", "date") {
				break
			}
			start := i
			for start > 0 && inSet(a.w(start-1), "the", "in", "within", "is", "are", "was", "were") {
				start--
			}
			a.used[j], a.used[j+2] = true, true
			f := handoff.Filter{Attribute: a.attrFor(start, j+3, ""), Op: handoff.FilterBetween, Value: v1, Value2: v2, ValueKind: k1}
			a.addFilter(f, i)
			a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: "between", Term: f.Attribute, Op: handoff.FilterBetween})
		case w == "in" || w == "during" || w == "on":
			if later, ok := comparatives[a.w(i+3)]; ok && later.date && a.w(i+2) == "or" {
				break // "in 2010 or later": a bound (below)
			}
			if v, k, ok := a.valueOf(i + 1); ok && k == "date" && !a.used[i+1] {
				a.used[i+1] = true
				a.addFilter(handoff.Filter{Attribute: a.attrFor(i, -1, ""), Op: handoff.FilterEq, Value: v, ValueKind: "date"}, i)
			}
		}
		// "for male and female students": grouped by sex.
		if lexicon.Gender(w) != "" && inSet(a.w(i+1), "and", "or") && lexicon.Gender(a.w(i+2)) != "" && lexicon.Gender(a.w(i+2)) != lexicon.Gender(w) {
			a.used[i], a.used[i+2] = true, true
			if len(a.aggs) > 0 || inSet(a.w(i-1), "each", "for", "by") {
				a.groupBy = appendNew(a.groupBy, handoff.AttrGender)
				a.cue(handoff.Cue{Kind: handoff.CueGrouping, Text: w + " and " + a.w(i+2), Term: handoff.AttrGender})
			}
		}
		// "female students", "women players": their sex; "How many
		// candidates are women?", "Which singers are male?": said of
		// them at the end.
		if !a.used[i] && (a.genderAt(i) || lexicon.Gender(w) != "" && inSet(a.w(i-1), "are", "is", "were", "was") && !a.isWord(i+1)) {
			a.used[i] = true
			if c := a.at[i]; c >= 0 && !a.genderAt(i) {
				a.chunks[c].used, a.chunks[c].role = true, roleSkip
			}
			a.addFilter(handoff.Filter{Attribute: handoff.AttrGender, Op: handoff.FilterEq, Value: lexicon.Gender(w), ValueKind: "string"}, i)
		}
		// "in the 1990s": the ten years of the decade.
		if d := decade(w); d != "" && !a.used[i] {
			a.used[i] = true
			start := i
			for start > 0 && inSet(a.w(start-1), "the", "in", "during", "from", "of") {
				start--
			}
			n, _ := strconv.Atoi(d)
			f := handoff.Filter{Attribute: a.attrFor(start, -1, ""), Op: handoff.FilterBetween, Value: d, Value2: strconv.Itoa(n + 9), ValueKind: "date"}
			a.addFilter(f, i)
			a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: "between", Term: f.Attribute, Op: handoff.FilterBetween})
		}
		// Postfix "5 or more", "10 goals or more", "aged 25 or
		// younger": a bound, the attribute between the value and "or",
		// or the one the comparative implies.
		if (a.toks[i].kind == tkNum || a.toks[i].kind == tkDate) && !a.used[i] {
			or, noun := i+1, -1
			age := a.yearsOld(i + 1) // "30 years old or younger"
			if age > 0 {
				or += age
			} else if i+1 < len(a.toks) {
				if c := a.at[i+1]; c >= 0 && !a.chunks[c].verb && a.w(a.chunks[c].end) == "or" {
					or, noun = a.chunks[c].end, c
				}
			}
			var op handoff.FilterOp
			cmpw, known := comparatives[a.w(or+1)]
			switch {
			case a.w(or) != "or" || !known || !cmpw.date && a.toks[i].kind == tkDate:
			case cmpw.op == handoff.FilterGt || cmpw.op == handoff.FilterGe:
				op = handoff.FilterGe
			case cmpw.op == handoff.FilterLt || cmpw.op == handoff.FilterLe:
				op = handoff.FilterLe
			}
			if op != "" {
				v, k, _ := a.valueOf(i)
				if cmpw.date && k == "number" {
					k = "date"
				}
				a.used[i] = true
				a.used[or] = true
				a.used[or+1] = true
				attr := cmpw.attr
				if age > 0 {
					a.useSpan(i+1, age)
					attr = "age"
				}
				if noun >= 0 {
					ch := &a.chunks[noun]
					ch.used, ch.role = true, rolePred
					attr = ch.phrase()
				}
				f := handoff.Filter{Attribute: a.attrFor(i, or+2, attr), Op: op, Value: v, ValueKind: k}
				a.addFilter(f, i)
				a.cue(handoff.Cue{Kind: handoff.CueComparative, Text: "or " + a.w(or+1), Term: f.Attribute, Op: op})
			}
		}
		// Ranking.
		a.rankAt(i)
		// Grouping.
		switch {
		case a.seq(i, "for", "each"), a.seq(i, "for", "every"), a.seq(i, "in", "each"), a.seq(i, "of", "each"),
			a.seq(i, "for", "all", "the", "different"), a.seq(i, "for", "the", "different"), a.seq(i, "for", "different"),
			a.seq(i, "across", "each"), a.seq(i, "across", "different"), a.seq(i, "across", "all", "the", "different"),
			// "the average age of captains in different classes": an
			// aggregate per class.
			a.seq(i, "in", "different") && len(a.aggs) > 0:
			// "across all X", "for all the X" ask about all of them at
			// once, not per X.
			if c := a.labelled(a.groupChunkAfter(i+1, "for", "all", "different", "the", "every")); c >= 0 {
				a.groupBy = appendNew(a.groupBy, a.groupTerm(c))
				a.cue(handoff.Cue{Kind: handoff.CueGrouping, Text: w + " " + a.w(i+1), Term: a.groupTerm(c)})
			} else if inSet(a.w(i+1), "each", "every") && inSet(a.w(i+2), "kind", "sort") && len(a.aggs) > 0 {
				// "How many incidents of each kind have there been?": a
				// kind is a type.
				a.groupBy = appendNew(a.groupBy, "type")
				a.implied = appendNew(a.implied, "type")
				a.cue(handoff.Cue{Kind: handoff.CueGrouping, Text: w + " " + a.w(i+1) + " " + a.w(i+2), Term: "type"})
			}
		case w == "per" || w == "each" && a.isWord(i+1) && (a.at[i+1] >= 0 || a.namedBefore(i+1) || inSet(a.w(i+1), "different", "distinct") && a.at[i+2] >= 0) && i > 0 && !inSet(a.w(i-1), "of", "for", "in", "list", "show"):
			// ("How many students have each different allergy?")
			if c := a.labelled(a.groupChunkAfter(i+1, "different", "distinct")); c >= 0 {
				a.groupBy = appendNew(a.groupBy, a.groupTerm(c))
				a.cue(handoff.Cue{Kind: handoff.CueGrouping, Text: w, Term: a.groupTerm(c)})
			}
		case a.seq(i, "grouped", "by"), a.seq(i, "group", "by"), a.seq(i, "broken", "down", "by"):
			k := i + 2
			if w == "broken" {
				k = i + 3
			}
			if c := a.chunkAfter(k); c >= 0 {
				a.groupBy = appendNew(a.groupBy, a.groupTerm(c))
				a.explicitGroup = true
				a.cue(handoff.Cue{Kind: handoff.CueGrouping, Text: w + " by", Term: a.groupTerm(c)})
			}
		case inSet(w, "first", "last") && i > 0 && (i+1 >= len(a.toks) || inSet(a.w(i+1), "?", ".")) && !a.orderSet &&
			a.doneFirst(i) >= 0 && inSet(a.w(0), "which", "who", "what"):
			// "Which gas station opened first?": the earliest opening;
			// "last", the latest.
			v := a.doneFirst(i)
			a.rank, a.used[i] = true, true
			a.skipWord(i)
			if c := a.at[i]; c >= 0 && a.chunks[c].end == i+1 && a.chunks[c].start == i-1 && v == i-1 {
				// (Read as one chunk, "hired first" is no thing either.)
				a.chunks[c].used, a.chunks[c].role = true, roleSkip
			} else if c >= 0 && a.chunks[c].end == i+1 && a.chunks[c].start < i && a.chunks[c].words[len(a.chunks[c].words)-1] == w {
				// "Who became a customer first?": the thing is the
				// customer, not a "customer first".
				a.chunks[c].end--
				a.chunks[c].words = a.chunks[c].words[:len(a.chunks[c].words)-1]
				a.at[i] = -1
			}
			a.out.Descending = w == "last"
			a.out.Limit = 1
			a.setOrder(a.w(v))
			a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.w(v) + " " + w, Term: a.w(v), Descending: w == "last"})
		case a.seq(i, "according", "to") && a.rank && !a.orderSet:
			// "Sort all the rooms according to the price."
			if c := a.chunkAfter(i+2, "the", "their", "its"); c >= 0 {
				a.chunks[c].role = rolePred
				a.chunks[c].used = true
				a.setOrder(a.chunks[c].phrase())
			}
		case w == "by" && !a.isVerb(i-1) && !orderWords[a.w(i-1)] && !orderWords[a.w(i-2)]:
			if c := a.chunkAfter(i + 1); c >= 0 {
				if a.rank && !a.orderSet {
					a.chunks[c].role = rolePred
					a.chunks[c].used = true
					a.setOrder(a.chunks[c].phrase())
				} else if len(a.aggs) > 0 && !a.singledOut(c) || a.seq(i+1, "each") {
					a.groupBy = appendNew(a.groupBy, a.groupTerm(c))
					a.cue(handoff.Cue{Kind: handoff.CueGrouping, Text: "by", Term: a.groupTerm(c)})
				}
			}
		}
		// Ordering.
		// "listed by descending age", "by descending age" too.
		byDirection := w == "by" && inSet(a.w(i+1), "descending", "ascending", "increasing", "decreasing")
		if (inSet(w, "ordered", "sorted", "order", "sort", "arranged", "ranked") && (w != "ordered" || a.ordering(i)) || a.seq(i, "rank", "by") || a.seq(i, "listed", "by") || byDirection) && !(a.at[i] >= 0) {
			k := i + 1
			if byDirection {
				k = i
			}
			by := false // "sort the planets by mass": the object is not the key
			for inSet(a.w(k), "by", "in", "of", "the", "their", "its", "ascending", "descending", "increasing", "decreasing", "alphabetical", "reverse", "order", "according", "to") {
				by = by || inSet(a.w(k), "by", "of", "to")
				k++
			}
			// "in descending order of max speed", "by their total
			// points": "max", "min" or "total" is a word of the key's
			// name (max_speed, total_points), not an aggregate.
			short := ""
			if inSet(a.w(k), "max", "min", "maximum", "minimum", "total") && by && !inSet(a.w(k-1), "the") {
				short = a.w(k) + " "
				a.used[k] = true
				k++
			}
			// "ordered by their starting date": the gerund is a word of
			// the key's name (mgr_start_date), not a verb.
			if strings.HasSuffix(a.w(k), "ing") && a.at[k] < 0 && k+1 < len(a.toks) && a.at[k+1] >= 0 && a.chunks[a.at[k+1]].start == k+1 && !a.chunks[a.at[k+1]].verb && by {
				short += vocab.Lemma(a.w(k)) + " "
				a.used[k] = true
				k++
			}
			if a.seq(k, "number", "of") && short == "" && by && !a.orderSet {
				a.orderCount, a.orderSet = true, true
			}
			if c := a.chunkAfter(k); c >= 0 && !a.orderSet && by {
				a.out.OrderBy = short + a.chunks[c].phrase()
				a.chunks[c].role = rolePred
				a.chunks[c].used = true
				a.orderSet = true
			}
			a.rank = true
		}
		if desc, ok := a.orderPhrase(i); ok {
			a.out.Descending = desc
			a.rank = true
			a.setOrder(superlatives[a.w(i+1)].attr)
		}
		if inSet(w, "descending", "decreasing", "desc", "reverse") || a.seq(i, "from", "highest") || a.seq(i, "from", "largest") ||
			a.seq(i, "from", "most") || a.seq(i, "high", "to", "low") {
			a.out.Descending = true
			a.rank = true
		}
		if inSet(w, "ascending", "increasing", "alphabetical", "alphabetically", "chronological", "chronologically") {
			a.rank = true
			if (w == "alphabetical" || w == "alphabetically") && !a.orderSet {
				a.out.OrderBy = "name"
				a.implied = appendNew(a.implied, "name")
			}
		}
		if inSet(w, "different", "distinct", "unique") {
			a.out.Distinct = true
		}
		// "all the information about courses", "all info", "the
		// information of all instructors", "everything about Ada
		// Brook": every attribute of the things is asked for.
		if inSet(w, "information", "info") && (a.w(i-1) == "all" || a.w(i-2) == "all" || a.w(i-3) == "all" && a.w(i-2) == "the" ||
			a.w(i-1) == "the" && inSet(a.w(i+1), "about", "of", "on", "regarding", "for")) ||
			w == "everything" && inSet(a.w(i+1), "about", "on", "regarding", "of") {
			a.out.All = true
		}
		// Comparison of entities.
		if inSet(w, "compare", "comparison") || a.seq(i, "difference", "between") {
			a.compare = true
		}
	}
	a.mentionFilters()
}

// inRankPhrase reports whether "number of" at i belongs to a ranking
// ("the most number of", "the highest number of").
func (a *analysis) inRankPhrase(i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if superlatives[a.w(k)].known {
			return true
		}
	}
	return false
}

// aggSkip are the words between coordinated aggregates ("the maximum
// and minimum budget").
var aggSkip = []string{"and", ",", "or", "the", "average", "mean", "avg", "maximum", "max", "minimum", "min", "total", "sum", "highest", "lowest", "largest", "smallest", "greatest", "biggest"}

func (a *analysis) addAgg(ag handoff.Aggregate, c int, pred bool) {
	of := ""
	if c >= 0 {
		ch := &a.chunks[c]
		of = ch.phrase()
		ch.used = true
		if pred || attrWords[ch.head()] {
			ch.role = rolePred
		} else {
			ch.role = roleType
		}
	}
	a.aggs = append(a.aggs, ag)
	a.aggOf = append(a.aggOf, of)
	// "studios whose average gross …", "directors that have an average
	// rating …": said of each subject, a condition if a bound follows.
	cond, of_ := false, -1
	if c >= 0 && ag != handoff.AggCount {
		k := a.chunks[c].start - 1
		for k >= 0 && (handoff.AggregateWord(a.w(k)) != "" || inSet(a.w(k), "the", "an", "a", "their", "its")) {
			k--
		}
		if inSet(a.w(k), "whose", "which", "with", "having", "have", "has") && k > 0 && a.at[k-1] >= 0 && !a.chunks[a.at[k-1]].verb {
			cond, of_ = true, a.at[k-1]
		} else if inSet(a.w(k), "have", "has") && inSet(a.w(k-1), "that", "who", "which") && k > 1 && a.at[k-2] >= 0 {
			cond, of_ = true, a.at[k-2]
		}
	}
	if c >= 0 && ag == handoff.AggCount && a.seq(a.chunks[c].start-2, "number", "of") {
		// "debates with a number of audience bigger than 150", "clubs
		// whose number of members is above 3": the number is each
		// subject's, bounded, the same as "clubs with more than 3
		// members".
		k := a.chunks[c].start - 3
		for k >= 0 && inSet(a.w(k), "the", "an", "a", "their", "its", "total") {
			k--
		}
		cond = inSet(a.w(k), "whose", "with", "having", "have", "has") && k > 0 && a.at[k-1] >= 0 && !a.chunks[a.at[k-1]].verb
		cond = cond || inSet(a.w(k), "have", "has") && inSet(a.w(k-1), "that", "who", "which") && k > 1 && a.at[k-2] >= 0
	}
	a.aggCond = append(a.aggCond, cond)
	a.aggSaidOf = append(a.aggSaidOf, of_)
}

// aggConditions turns an aggregate said as a condition on each subject
// into its bound's aggregate ("studios whose average gross is above
// 4500000": the average is compared, not asked), and a number said so
// into a bound on the things numbered ("clubs whose number of members is
// above 3").
func (a *analysis) aggConditions() {
	for k := 0; k < len(a.aggs); k++ {
		if !a.aggCond[k] {
			continue
		}
		for i := range a.filters {
			f := &a.filters[i]
			count := a.aggs[k] == handoff.AggCount
			attr := f.Attribute
			if count && attr == "" {
				attr = a.aggOf[k]
			}
			if attr != a.aggOf[k] || f.Aggregate != "" || f.ValueKind != "number" || f.Op == handoff.FilterEq || f.Op == handoff.FilterContains {
				continue
			}
			// A number of things bounded is a bound on the things, as
			// "more than 3 members" says it.
			f.Attribute = attr
			if !count {
				f.Aggregate = a.aggs[k]
				a.havingOf = a.aggSaidOf[k] + 1
			}
			a.aggs = slices.Delete(a.aggs, k, k+1)
			a.aggOf = slices.Delete(a.aggOf, k, k+1)
			a.aggCond = slices.Delete(a.aggCond, k, k+1)
			a.aggSaidOf = slices.Delete(a.aggSaidOf, k, k+1)
			k--
			break
		}
	}
}

// holdsPeople reports whether the words from k count the people a place
// holds: "people fit (in)", "fans can … hold", "spectators does … seat".
func (a *analysis) holdsPeople(k int) bool {
	if !inSet(a.w(k), "people", "persons", "fans", "spectators", "guests", "visitors", "seats") {
		return false
	}
	if inSet(a.w(k+1), "fit", "fits") {
		return true
	}
	if !inSet(a.w(k+1), "can", "could", "does", "do", "will") {
		return false
	}
	for j := k + 2; j < len(a.toks) && j <= k+8; j++ {
		if inSet(a.w(j), "hold", "seat", "accommodate", "fit", "host", "take") {
			a.skipWord(j)
			return true
		}
	}
	return false
}

// measureBy returns the chunk right after "by" that follows chunk c
// ("the smallest city by area": area), when it is a plain noun phrase:
// not a verb, no name or value ("the latest paper by Oren Etzioni" names
// an author), not a count or other aggregate ("by number of invoices").
// It returns -1 otherwise.
func (a *analysis) measureBy(c int) int {
	k := a.chunks[c].end
	if a.w(k) != "by" || a.used[k] || k+1 >= len(a.toks) || a.at[k+1] < 0 || a.toks[k+1].ment >= 0 {
		return -1
	}
	by := a.at[k+1]
	ch := &a.chunks[by]
	if ch.start != k+1 || ch.verb || ch.used || aggWords[ch.words[0]] || a.w(ch.end) == "of" {
		return -1
	}
	return by
}

// agentOfThings returns the thing an agent noun phrase says its agents
// do something to, the word before a regular agent noun ("goal" of
// "goal scorers", "run" of "run scorers"), which ranks them by how many
// they did; "" for other chunks.
func agentOfThings(c *chunk) string {
	if c.verb || len(c.words) != 2 {
		return ""
	}
	head, thing := lemma(c.words[1]), c.words[0]
	if attrWords[head] || attrWords[thing] || isFunction(thing) || isNumberWord(thing) || !(strings.HasSuffix(head, "er") || strings.HasSuffix(head, "or")) || len(lexicon.VerbForms(head)) == 0 {
		return ""
	}
	return thing
}

// peopleMeasure reads a number of people as the measure it bounds: what
// a place holds ("stadiums that hold more than 40,000 fans": capacity),
// or how many live there ("countries with more than 10 million
// people": population). It returns "" when chunk c counts no people.
func (a *analysis) peopleMeasure(i int, c *chunk) string {
	if len(c.words) != 1 {
		return ""
	}
	w := c.words[0]
	spectators := inSet(w, "fans", "spectators", "guests", "visitors", "people", "persons", "seats")
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		// ("Which dorms can house more than 200 students?": any people
		// a building holds, though a city that hosts players hosts a
		// number of them.)
		if holdVerbs[a.w(k)] && (spectators || lexicon.Person(lexicon.Singular(w)) && !inSet(a.w(k), "host", "hosts")) {
			a.skipWord(k) // the verb says the capacity
			return "capacity"
		}
	}
	// "storms that killed more than 10 people": the number the verb
	// stands for (deaths); "journals that sold more than 5000 copies":
	// the sales.
	if inSet(w, "people", "persons", "person", "copies", "units") {
		// "storms in which at least 1 person died": the verb after.
		if k := c.end; contentVerbs[a.w(k)] && derivedVerb(a.w(k)) {
			a.skipWord(k)
			return a.w(k)
		}
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if contentVerbs[a.w(k)] && derivedVerb(a.w(k)) {
				a.skipWord(k)
				return a.w(k)
			}
		}
	}
	// ("inhabitants" and "residents" may name a column: the synthesizer
	// derives the population when none does.)
	if inSet(w, "people", "persons") && inSet(a.w(i-1), "than", "over", "under", "least", "most", "with", "have", "has") {
		return "population"
	}
	return ""
}

// attrFor finds the attribute a filter at [i, end) constrains: the
// implied one, a chunk right after the value (end ≥ 0), or a chunk
// right before the phrase.
func (a *analysis) attrFor(i, end int, implied string) string {
	if n := a.yearsOld(end); n > 0 {
		// "under 30 years old": an age whatever the comparative implies.
		a.useSpan(end, n)
		return "age"
	}
	if a.agedAt(i - 1) {
		a.used[i-1] = true
		return "age"
	}
	if implied != "" {
		return implied
	}
	// "more than 5000 total number of horses", "over 10 total points":
	// the total is a word of the attribute's name (total_horses).
	if end >= 0 && a.w(end) == "total" {
		k := end + 1
		if a.seq(k, "number", "of") || a.seq(k, "amount", "of") {
			k += 2
		}
		if c := a.chunkAfter(k); c >= 0 && !a.chunks[c].verb {
			ch := &a.chunks[c]
			ch.used, ch.role = true, rolePred
			a.used[end] = true
			return "total " + ch.phrase()
		}
	}
	// "2 or more corresponding documents": the noun after the hedge.
	for end >= 0 && inSet(a.w(end), "corresponding", "different", "distinct", "separate", "unique", "related", "associated", "such") {
		end++
	}
	if a.nounAt(end) {
		c := &a.chunks[a.at[end]]
		if m := a.peopleMeasure(i, c); m != "" {
			c.used, c.role = true, roleSkip
			return m
		}
		c.used = true
		if !isPlural(c.words[len(c.words)-1]) || attrWords[c.head()] {
			c.role = rolePred
		} else {
			c.role = roleType
		}
		return c.phrase()
	}
	if c := a.chunkBefore(i-1, "with", "has", "have", "had", "having", "whose", "a", "an", "its", "their"); c >= 0 {
		ch := &a.chunks[c]
		possessed := false // "city have more than": the owner, not the attribute
		for k := ch.end; k < i; k++ {
			possessed = possessed || inSet(a.w(k), "has", "have", "had", "having")
		}
		if attrWords[ch.head()] || !possessed && (ch.verb || !isPlural(ch.words[len(ch.words)-1])) {
			ch.used = true
			if ch.role == roleNone {
				ch.role = rolePred
			}
			return ch.phrase()
		}
	}
	return ""
}

// groupChunkAfter is [analysis.chunkAfter] for what groups: past the
// light words and a name that a chunk follows ("for each Orange county
// campus", "each Nordic country": the name is a value of the things
// grouped, a filter; the noun is what groups).
func (a *analysis) groupChunkAfter(i int, skip ...string) int {
	if c := a.chunkAfter(i, skip...); c >= 0 {
		return c
	}
	for k := 0; k < 8 && i < len(a.toks); k++ {
		if a.namedBefore(i) {
			for m := a.toks[i].ment; i < len(a.toks) && a.toks[i].ment == m; i++ {
			}
			return a.chunkAfter(i)
		}
		if w := a.w(i); !inSet(w, "the", "a", "an", "of", "their", "its", "all", "each") && !slices.Contains(skip, w) {
			return -1
		}
		i++
	}
	return -1
}

// labelled returns, for a chunk c that a number follows and then a noun
// chunk ("each grade 0 classroom"), that noun chunk: the things, of
// which c and the number say which ones. Otherwise c.
func (a *analysis) labelled(c int) int {
	if c < 0 {
		return c
	}
	e := a.chunks[c].end
	if e+1 >= len(a.toks) || a.toks[e].kind != tkNum {
		return c
	}
	if n := a.at[e+1]; n >= 0 && !a.chunks[n].verb && a.chunks[n].start == e+1 {
		return n
	}
	return c
}

// namedBefore reports whether token i starts a mention (a name, not a
// chunk) that a chunk follows right after: "each Nordic country".
func (a *analysis) namedBefore(i int) bool {
	if i >= len(a.toks) || a.toks[i].ment < 0 || a.at[i] >= 0 {
		return false
	}
	k := i
	for k < len(a.toks) && a.toks[k].ment == a.toks[i].ment {
		k++
	}
	return k < len(a.toks) && a.at[k] >= 0
}

// verbPhrase reports whether phrase is the phrase of a verb chunk, or of
// a chunk right after a relative pronoun ("employees who earn": the
// tagger may take "earn" for a noun).
func (a *analysis) verbPhrase(phrase string) bool {
	return slices.ContainsFunc(a.chunks, func(c chunk) bool {
		return c.phrase() == phrase && (c.verb || inSet(a.w(c.start-1), "who", "that", "which"))
	})
}

// choiceAt reads a comparative at token i that chooses between two
// named things ("Who is older, Ada Brook or Tomas Vey?", "Which club is
// bigger, Valdheim FK or Club Brisa?") as a ranking of the two by what it
// measures, the first kept, and reports whether it did.
// mentionAt reports whether a named thing starts at token i, past an
// article.
func (a *analysis) mentionAt(i int) bool {
	if inSet(a.w(i), "the", "a", "an") {
		i++
	}
	return i < len(a.toks) && a.toks[i].ment >= 0 && a.ms[a.toks[i].ment].Kind != handoff.MentionNumber
}

// ofMention reports whether the possessive at token i closes a named
// thing said after "of" ("of Aaron Hicks's").
func (a *analysis) ofMention(i int) bool {
	k := i - 1
	if k < 0 || a.toks[k].ment < 0 {
		return false
	}
	for k >= 0 && a.toks[k].ment >= 0 {
		k--
	}
	if inSet(a.w(k), "the", "a", "an") {
		k--
	}
	return a.w(k) == "of"
}

// chunkEnd returns the token after the chunk that starts at token i, or
// i when no chunk starts there.
func (a *analysis) chunkEnd(i int) int {
	if i < len(a.at) {
		if c := a.at[i]; c >= 0 && a.chunks[c].start == i {
			return a.chunks[c].end
		}
	}
	return i
}

func (a *analysis) choiceAt(i int) bool {
	w := a.w(i)
	ci := comparatives[w]
	if !ci.than || ci.date || !inSet(a.w(0), "who", "which", "what") || a.orderSet {
		return false
	}
	k := i + 1
	// "Who scored more goals, Erik Solberg or Tiago Mendes?": what
	// the comparative counts, named before the choice.
	noun := -1
	if c := a.at[min(k, len(a.at)-1)]; k < len(a.toks) && c >= 0 && a.chunks[c].start == k && !a.chunks[c].verb && inSet(a.w(a.chunks[c].end), ",", ":") {
		noun, k = c, a.chunks[c].end
	}
	if a.w(k) != "," && a.w(k) != ":" || noun < 0 && !inSet(a.w(i-1), "is", "was", "are", "were") {
		return false
	}
	k++
	after := func(k int) int { // the token after the mention at k, or -1
		if k >= len(a.toks) || a.toks[k].ment < 0 {
			return -1
		}
		m := a.toks[k].ment
		for k < len(a.toks) && a.toks[k].ment == m {
			k++
		}
		return k
	}
	e := after(k)
	if e < 0 || a.w(e) != "or" {
		return false
	}
	if e2 := after(e + 1); e2 < 0 || e2 < len(a.toks) && !inSet(a.w(e2), "?", ".") {
		return false
	}
	attr := cmp.Or(ci.attr, lexicon.GradedMeasure(w))
	if noun >= 0 {
		attr = a.chunks[noun].phrase()
		a.chunks[noun].used, a.chunks[noun].role = true, rolePred
	}
	if attr == "" {
		return false
	}
	a.used[i] = true
	a.rank = true
	a.out.Descending = ci.op == handoff.FilterGt
	a.out.Limit = 1
	a.setOrder(attr)
	a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: w, Term: attr, Descending: a.out.Descending})
	return true
}

// gradedAttribute reports whether a noun names an attribute that
// adjectives grade (WordNet's attribute links: temperature of hot and
// cold, speed of fast and slow): "the highest temperature" is a value of
// it, not a thing.
func gradedAttribute(noun string) bool {
	return len(lexicon.Related(noun, lexicon.AttributeOf)) > 0
}

// rankAt recognises superlatives, "top N" and "first N" at i.
func (a *analysis) rankAt(i int) {
	w := a.w(i)
	s, ok := superlatives[w]
	if w == "first" || w == "last" {
		if a.content(i) {
			return
		}
		if v, k, ok := a.valueOf(i + 1); ok && k == "number" {
			n, _ := strconv.Atoi(v)
			a.used[i+1] = true
			a.out.Limit = n
			a.rank = true
			return
		}
		// "the first payment", "the last claim": the earliest, the
		// latest.
		// ("the very first order": the same.)
		if a.w(i-1) != "the" && !a.seq(i-2, "the", "very") || !a.content(i+1) {
			return
		}
		w = map[string]string{"first": "earliest", "last": "latest"}[w]
		s, ok = superlatives[w]
	}
	if w == "top" && a.w(i-1) == "on" {
		return // "weeks on top"
	}
	if inSet(a.w(i-1), "by", "of") && orderWords[a.w(i-2)] {
		return // "in descending order of max speed": the key's name
	}
	if _, ok := a.orderPhrase(i - 1); ok {
		return // "from least to greatest": an ordering, not a superlative
	}
	if _, ok := a.orderPhrase(i - 3); ok {
		return
	}
	if !ok || a.used[i] {
		return
	}
	// "the maximum fastest lap speed": after another superlative or an
	// aggregate, a word of a column's name (fastestlapspeed).
	if i > 0 && (handoff.AggregateWord(a.w(i-1)) != "" || superlatives[a.w(i-1)].known) && s.attr != "" {
		return
	}
	// "at least/most", "the most number of" as a count.
	if (w == "least" || w == "most") && a.w(i-1) == "at" {
		return
	}
	if (w == "maximum" || w == "minimum" || w == "max" || w == "min") && (!a.markerBefore(i) && !a.seq(i+1, "of") || a.nestAt == i) {
		return // an aggregate, handled in scan
	}
	if w == "most" && inSet(a.w(i+1), "often", "frequently", "commonly") && i >= 2 && a.at[i-1] >= 0 && a.chunks[a.at[i-1]].verb {
		// "the language used most often": the thing before the verb,
		// counted by its values.
		v := a.at[i-1]
		a.chunks[v].used = true
		a.used[i], a.used[i+1] = true, true
		a.rank = true
		a.out.Descending = true
		a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.toks[i].text, Descending: true})
		a.rankCount("")
		if c := a.chunkBefore(a.chunks[v].start - 1); c >= 0 {
			a.frequentKey(c, a.chunks[c].start)
		}
		return
	}
	if inSet(w, "most", "least") && a.w(i-1) == "the" && i >= 3 && a.at[i-2] >= 0 && a.chunks[a.at[i-2]].verb && pastForm(a.w(i-2)) &&
		(i+1 >= len(a.toks) || a.toks[i+1].kind == tkPunct) && inSet(a.w(0), "which", "what") && !measureVerb(a.chunks[a.at[i-2]].head()) {
		// "Which workshop group gets booked the most?": the things the
		// doing is most often of, counted by the rows of the doing
		// that refer to each (the bookings). (Not "spent" or "paid",
		// whose amount ranks: below.)
		a.used[i], a.used[i-1] = true, true
		a.rank = true
		a.out.Descending = w == "most"
		a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.toks[i].text, Descending: w == "most"})
		a.rankCount("")
		if c := a.at[1]; c >= 0 && a.out.Limit == 0 && !isPlural(a.chunks[c].words[len(a.chunks[c].words)-1]) {
			a.out.Limit = 1
		}
		return
	}
	if w == "most" && a.w(i-1) != "the" && a.w(i-1) != "with" && a.chunkAfter(i+1) < 0 && !inSet(a.w(i+1), "number", "popular", "common", "frequent", "frequently", "often", "commonly", "expensive", "recent", "recently") && lexicon.Measure(a.w(i+1)) == "" {
		return // an adverb ("most often")
	}
	// Aggregate or rank: "What is the highest age" vs "the singer with the highest age".
	j := i + 1
	if v, k, ok := a.valueOf(j); ok && k == "number" {
		n, _ := strconv.Atoi(v)
		a.out.Limit = n
		a.used[j] = true
		j++
	}
	if (s.agg || inSet(w, "best", "top")) && !a.markerBefore(i) && a.w(j) == "total" && !a.content(j+1) && a.w(j+1) != "number" {
		// "What is the best total of any body builder?": the largest
		// of a column of totals.
		a.used[i], a.used[j] = true, true
		a.aggs, a.aggOf, a.aggCond, a.aggSaidOf = append(a.aggs, s.extreme()), append(a.aggOf, "total"), append(a.aggCond, false), append(a.aggSaidOf, -1)
		a.implied = appendNew(a.implied, "total")
		a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.toks[i].text, Term: "total", Descending: s.desc})
		return
	}
	if a.w(j) == "total" && !inSet(a.w(j+1), "number", "amount", "count", "of") && !a.content(j+1) {
		// "Who has the best total among the body builders?": ranked by
		// their totals.
		a.rank, a.used[i], a.used[j] = true, true, true
		a.out.Descending = s.desc
		if a.out.Limit == 0 {
			a.out.Limit = 1
		}
		a.setOrder("total")
		a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.toks[i].text, Term: "total", Descending: s.desc})
		return
	}
	for inSet(a.w(j), "number", "amount", "count", "of", "total") {
		s.count = s.count || a.w(j) == "number" || a.w(j) == "amount" || a.w(j) == "count"
		j++
	}
	c := a.chunkAfter(j)
	if s.attr == "length" && w == "shortest" && a.ofPeople(i, c) {
		// "the shortest of the perpetrators", "Who is shortest?":
		// people are short in height, not in length.
		s.attr = "height"
	}
	// "What is the highest number of tracks on an album?": the number
	// asked is the largest count, not the album that has it.
	largestCount := s.agg && s.count && c >= 0 && a.w(j-1) == "of" && a.w(i-1) == "the" && (inSet(a.w(i-2), "is", "was") && inSet(a.w(i-3), "what") || commandWords[a.w(i-2)] && i == 2)
	// "the host of the highest age": which host, not what age.
	ofThing := a.seq(i-2, "of", "the") && a.isWord(i-3) && a.content(i-3) && !aggWords[a.w(i-3)]
	// "What is the oldest age among the students?": a superlative of
	// its own measure is that measure's largest or smallest value.
	ownMeasure := c >= 0 && s.attr != "" && a.chunks[c].head() == s.attr
	if largestCount || (s.agg || ownMeasure) && !a.markerBefore(i) && !ofThing && c >= 0 && !s.count && (attrWords[a.chunks[c].head()] || gradedAttribute(a.chunks[c].head()) || a.w(a.chunks[c].end) == "of") && !isPlural(a.chunks[c].words[len(a.chunks[c].words)-1]) {
		a.used[i] = true
		a.addAgg(s.extreme(), c, true)
		a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.toks[i].text, Term: a.chunks[c].phrase(), Descending: s.desc})
		return
	}
	a.rank = true
	a.used[i] = true
	a.out.Descending = s.desc
	a.cue(handoff.Cue{Kind: handoff.CueSuperlative, Text: a.toks[i].text, Descending: s.desc})
	if c >= 0 && a.chunks[c].start == j {
		a.rankedOf = c // its role is known later ([analysis.subgoal])
	}
	// "the dorm with the largest capacity", "the county having the most
	// police officers": said of the thing before "with".
	if k := i - 1; a.w(k) == "the" && inSet(a.w(k-1), "with", "having") {
		if b := a.chunkBefore(k - 2); b >= 0 && a.chunks[b].end == k-1 && !a.chunks[b].verb {
			a.rankedOf = b
		}
	}
	// A number right before: "the 3 oldest singers".
	if v, k, ok := a.valueOf(i - 1); ok && k == "number" && a.out.Limit == 0 {
		n, _ := strconv.Atoi(v)
		a.out.Limit = n
		a.used[i-1] = true
	}
	// "Which 3 rivers are the longest?"
	if v, k, ok := a.valueOf(1); ok && k == "number" && a.out.Limit == 0 && inSet(a.w(0), "which", "what") {
		n, _ := strconv.Atoi(v)
		a.out.Limit = n
		a.used[1] = true
	}
	adj := a.w(i + 1)
	if ag := handoff.AggregateWord(adj); (ag == handoff.AggAvg || adj == "total") && s.attr == "" {
		// "the movies with the highest average rating": they rank by
		// that average (the scan adds the aggregate), not by a height.
		if c2 := a.chunkAfter(i + 2); c2 >= 0 {
			a.setOrder(a.chunks[c2].phrase())
			if a.out.Limit == 0 && !isPlural(a.chunks[c2].words[len(a.chunks[c2].words)-1]) {
				a.out.Limit = 1
			}
			return
		}
	}
	switch {
	case inSet(w, "most", "least") && lexicon.Measure(adj) != "":
		// "the most expensive", "the most populous": the measure the
		// adjective asks for (price, population), no thing.
		a.setOrder(lexicon.Measure(adj))
		a.skipWord(i + 1)
		if c2 := a.at[min(i+1, len(a.at)-1)]; i+1 < len(a.at) && c2 >= 0 && a.chunks[c2].start == i+1 && len(a.chunks[c2].words) >= 2 && !a.chunks[c2].verb {
			// "the most expensive phone": the phone is the thing, and
			// one is asked.
			ch := a.dropFirstWord(c2)
			if ch.role == roleNone {
				ch.role = roleType
			}
			// ("their most expensive product" is each one's own.)
			if a.out.Limit == 0 && !isPlural(ch.words[len(ch.words)-1]) && a.w(i-1) == "the" {
				a.out.Limit = 1
			}
		} else if a.out.Limit == 0 && a.chunkAfter(i+2) < 0 && inSet(a.w(i-1), "the") && inSet(a.w(i-2), "is", "was") {
			// "Which phone is the most expensive?": one.
			a.out.Limit = 1
		}
	case adj == "recent" || adj == "recently":
		// "Which program was launched most recently?": the date the
		// verb names (the launch), not any date.
		a.setOrder(a.timeVerbBefore(i))
		a.setOrder("date")
		// A date the things have, whatever the verb ("Which race
		// happened most recently?"), for the slice to hold.
		a.implied = appendNew(a.implied, "date")
		// The cue says it is a time ("most recently"), whatever the
		// verb ordered by.
		if n := len(a.cues); n > 0 && a.cues[n-1].Kind == handoff.CueSuperlative && a.cues[n-1].Text == a.toks[i].text {
			a.cues[n-1].Text += " " + a.toks[i+1].text
		}
		if adj == "recently" {
			// An adverb: no thing, and one answer unless asked for more.
			a.used[i+1] = true
			a.skipWord(i + 1)
			if a.out.Limit == 0 {
				a.out.Limit = 1
			}
		}
	case inSet(adj, "popular", "common", "frequent", "frequently", "often"):
		a.rankCount("")
		if c2 := a.at[min(i+1, len(a.at)-1)]; inSet(adj, "popular", "common", "frequent") && i+1 < len(a.at) && c2 >= 0 && a.chunks[c2].start == i+1 && !a.chunks[c2].verb {
			ch := &a.chunks[c2]
			if len(ch.words) == 1 {
				// "Which restaurant is the most popular?": no thing
				// named "popular"; one restaurant.
				a.skipWord(i + 1)
				if a.out.Limit == 0 && inSet(a.w(i-2), "is", "was") {
					a.out.Limit = 1
				}
			} else {
				// "the most popular restaurant": the restaurant.
				a.dropFirstWord(c2)
			}
		}
		// "the most common amenity", "the most frequently used
		// carrier": the values of that attribute, counted.
		k := i + 2
		if inSet(adj, "frequently", "often") {
			for strings.HasSuffix(a.w(k), "ed") && !a.content(k) {
				k++ // "most frequently used"
			}
		}
		a.frequentKey(a.at[max(0, min(k, len(a.at)-1))], k)
	case c >= 0 && inSet(w, "most", "least", "highest", "lowest", "best", "worst") && a.chunks[c].start == i+1 && !a.chunks[c].verb && len(a.chunks[c].words) >= 2 && (lexicon.Participle(adj) || lexicon.VerbBase(adj) != adj && !strings.HasSuffix(adj, "s") || ingBase(adj) != "" && w != "most" && w != "least") && !a.used[i+1] &&
		// ("the best winning percentage" is a percentage: an
		// attribute named with its verb.)
		!attrWords[a.chunks[c].head()] && !a.possessedCount(i, c):
		// "the three most visited museums", "the least watched films",
		// "the highest paid instructor", "the highest grossing film":
		// ranked by what the verb counts or measures (the visitors,
		// the views, the salary, the gross), which the participle
		// names; the rest of the chunk is the thing.
		a.setOrder(cmp.Or(ingBase(adj), adj))
		ch := a.dropFirstWord(c)
		if ch.role == roleNone {
			ch.role = roleType
		}
		if a.out.Limit == 0 && !isPlural(ch.words[len(ch.words)-1]) {
			a.out.Limit = 1
		}
	case c >= 0 && s.attr == "" && !s.count && inSet(w, "top", "best", "leading") && agentOfThings(&a.chunks[c]) != "":
		// "the three top goal scorers": the agents ranked by how many
		// of the things they do it to (their goals), shown beside
		// their names as a table of scorers shows them.
		a.setOrder(agentOfThings(&a.chunks[c]))
		a.out.ShowOrder = true
		if a.chunks[c].role == roleNone {
			a.chunks[c].role = roleType
		}
		if a.out.Limit == 0 && !isPlural(a.chunks[c].words[len(a.chunks[c].words)-1]) {
			a.out.Limit = 1
		}
	case c >= 0 && inSet(w, "most", "least") && a.chunks[c].head() == "money" && a.w(i-1) == "the" && amountVerbs[a.w(i-2)] != "":
		// "Which movie made the most money?": what the verb earns (its
		// gross), not a count of money.
		a.chunks[c].used, a.chunks[c].role = true, roleSkip
		a.setOrder(amountVerbs[a.w(i-2)])
		a.out.OrderTotal = true
		if a.out.Limit == 0 {
			a.out.Limit = 1
		}
	case c >= 0 && inSet(w, "most", "fewest", "least") && a.w(i-1) == "the" && a.chunks[c].start == i+1 && len(a.chunks[c].words) == 1 &&
		lexicon.Duration(a.chunks[c].head()):
		// "Who has spent the most time playing video games?", "for
		// the fewest hours": each one's total time, not a count.
		a.chunks[c].used, a.chunks[c].role = true, roleSkip
		a.setOrder(a.chunks[c].head())
		a.out.OrderTotal = true
		if a.out.Limit == 0 {
			a.out.Limit = 1
		}
	case c >= 0 && inSet(w, "most", "fewest", "least") && a.peopleMeasure(i, &a.chunks[c]) == "capacity":
		// "Which venue can hold the most people?": the capacity, not a
		// count of people.
		a.chunks[c].used, a.chunks[c].role = true, roleSkip
		a.setOrder("capacity")
		if a.out.Limit == 0 {
			a.out.Limit = 1
		}
	case c >= 0 && !s.count && a.measureBy(c) >= 0:
		// "the smallest city by area", "the top 3 museums by visitors":
		// the things, ranked by what "by" names.
		ch, by := &a.chunks[c], &a.chunks[a.measureBy(c)]
		if ch.role == roleNone {
			ch.role = roleType
		}
		by.role, by.used = rolePred, true
		a.used[ch.end] = true
		a.setOrder(by.phrase())
		if a.out.Limit == 0 && !isPlural(ch.words[len(ch.words)-1]) {
			a.out.Limit = 1
		}
	case c >= 0:
		if a.possessedCount(i, c) {
			// "the course with the most registered students": the
			// students counted; the participle only qualifies them.
			a.dropFirstWord(c)
		}
		ch := &a.chunks[c]
		plural := isPlural(ch.words[len(ch.words)-1])
		if s.count || (w == "most" || w == "fewest" || w == "least") && plural {
			ch.role = roleType
			a.countedAttr = true
			if attrWords[ch.head()] {
				ch.role = rolePred
			}
			ch.used = true
			a.rankCount(ch.phrase())
		} else if s.attr != "" || !a.markerBefore(i) && !attrWords[ch.head()] {
			// "the oldest singer", "the largest city": ranks the entities.
			a.setOrder(s.attr)
			if ch.role == roleNone {
				ch.role = roleType
			}
		} else {
			ch.role = rolePred
			ch.used = true
			a.setOrder(ch.phrase())
		}
		// "the shortest of the perpetrators": one of them.
		if a.out.Limit == 0 && (!plural || a.w(i+1) == "of" && !s.count) {
			a.out.Limit = 1
		}
	default:
		attr := s.attr
		if attr == "date" {
			// "Which university was founded the earliest?": the point in
			// time the verb names (founded), not any date.
			if v := a.timeVerbBefore(i); v != "" {
				attr = v
			}
		}
		if attr == "length" && inSet(w, "longest", "shortest") {
			// "Who held the title the longest?", "Who has served the
			// longest?": how long the verb was done (days_held), not a
			// length.
			for k := i - 1; k > 0; k-- {
				if inSet(a.w(k), "who", "which", "what", "that", ",", "is", "are", "was", "were", "be") {
					break // "Which river is the longest?": a length
				}
				if a.verbBefore(k + 1) {
					attr = a.w(k)
					break
				}
			}
		}
		if attr == "" {
			// "Which mountain is the highest?": the measure the
			// adjective asks for ("high": height).
			attr = lexicon.GradedMeasure(w)
		}
		// "Who earns the most?", "Which employee is paid the least?":
		// what the verb before stands for (a salary).
		if k := i - 1; attr == "" && a.w(k) == "the" && k > 0 && a.at[k-1] >= 0 && a.chunks[a.at[k-1]].verb {
			v := &a.chunks[a.at[k-1]]
			// (Not "spent", a total of what each spent: below.)
			if d, ok := lexicon.DerivedFrom(v.head()); ok && !d.Inverted && amountVerbs[a.w(k-1)] != "spent" {
				v.role, v.used = rolePred, true
				attr = lexicon.Fold(v.head())
			}
		}
		// "Which student spent the most?": the amount the verb says.
		if k := i - 1; attr == "" && a.w(k) == "the" && amountVerbs[a.w(k-1)] != "" {
			attr = amountVerbs[a.w(k-1)]
			a.skipWord(k - 1)
			// Each one's total, however many times it spent.
			a.out.OrderTotal = true
		}
		a.setOrder(attr)
		if a.out.Limit == 0 {
			a.out.Limit = 1
		}
	}
	if w == "top" && a.out.Limit == 0 {
		a.out.Limit = 1
	}
}

// timeVerbBefore returns the verb right before a superlative of time
// at i ("founded" in "founded the earliest", "launched" in "launched
// most recently"); "" when there is none.
func (a *analysis) timeVerbBefore(i int) string {
	k := i - 1
	if a.w(k) == "the" {
		k--
	}
	if k <= 0 || !(lexicon.Participle(a.w(k)) || contentVerbs[a.w(k)]) || a.used[k] {
		return ""
	}
	return a.w(k)
}

func (a *analysis) setOrder(term string) {
	if a.orderSet || term == "" {
		return
	}
	a.out.OrderBy = term
	a.implied = appendNew(a.implied, term)
	a.orderSet = true
}

// frequentKey makes chunk c, holding token k, the attribute whose
// most frequent value is asked ("the most common amenity"): a singular
// noun, grouped by and ranked by its count, one value.
func (a *analysis) frequentKey(c, k int) {
	if c < 0 || k >= len(a.toks) || a.chunks[c].start > k || a.chunks[c].end <= k || a.chunks[c].verb || len(a.groupBy) > 0 {
		return
	}
	ch := &a.chunks[c]
	if isPlural(ch.words[len(ch.words)-1]) {
		return
	}
	a.groupBy = []string{a.groupTerm(c)}
	if a.out.Limit == 0 {
		a.out.Limit = 1
	}
}

// dropFirstWord takes chunk c's first word (an adjective a superlative
// has read: "expensive" of "most expensive phone") out of it, and
// returns the chunk.
func (a *analysis) dropFirstWord(c int) *chunk {
	ch := &a.chunks[c]
	a.used[ch.start] = true
	a.at[ch.start] = -1
	ch.words, ch.start = ch.words[1:], ch.start+1
	return ch
}

// ordering reports whether "ordered" at i sorts ("ordered by name",
// "ordered in descending order", "ordered alphabetically") rather than
// buys ("never ordered anything", "have never been ordered").
func (a *analysis) ordering(i int) bool {
	if inSet(a.w(i+1), "", "?", ".", ",") && inSet(a.w(i-1), "been", "be", "never", "not", "was", "were", "is", "are", "once", "twice") {
		return false // "Which products have never been ordered?"
	}
	return inSet(a.w(i+1), "by", "in", "according", "ascending", "descending", "increasing", "decreasing", "alphabetically", "from", "", "?", ".", ",")
}

// timesVerb returns the verb nearest to the word "times" of "the number
// of times", in the form the question gives it ("ordered"); "" when none.
func (a *analysis) timesVerb() string {
	at := -1
	for k := range a.toks {
		if a.w(k) == "times" {
			at = k
			break
		}
	}
	if at < 0 {
		return ""
	}
	for d := 1; d < len(a.toks); d++ {
		for _, k := range []int{at + d, at - d} {
			if k < 0 || k >= len(a.toks) || !a.isWord(k) {
				continue
			}
			w := a.w(k)
			// (Not isFunction: "ordered" is one, for "ordered by".)
			if inSet(w, "is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "number", "greatest", "most", "least", "fewest", "of", "the", "it", "they") {
				continue
			}
			if lexicon.Participle(w) || a.isVerb(k) {
				return w
			}
		}
	}
	return ""
}

func (a *analysis) rankCount(of string) {
	if len(a.aggs) == 0 {
		a.aggs = append(a.aggs, handoff.AggCount)
		a.aggOf = append(a.aggOf, of)
		a.aggCond = append(a.aggCond, false)
		a.aggSaidOf = append(a.aggSaidOf, -1)
	}
	if !a.orderSet && of != "" {
		a.out.OrderBy = of
		a.orderSet = true
	}
}

// askedOf reports whether chunk c, right after the question's "what" or
// "which", is asked of the name at token i that the question ends with:
// "What nationality is Frank Gehry?" asks his nationality; it compares
// no nationality with "Frank Gehry".
func (a *analysis) askedOf(c, i int) bool {
	ch := &a.chunks[c]
	k := ch.start - 1
	if k < 0 || !inSet(a.w(k), "what", "which") || slices.ContainsFunc(a.toks[:k], func(t token) bool { return t.kind == tkWord }) {
		return false
	}
	if m := a.toks[i].ment; m < 0 || a.ms[m].Kind != handoff.MentionName {
		return false
	}
	end := i
	for end < len(a.toks) && a.toks[end].ment == a.toks[i].ment {
		end++
	}
	at := ch.end + 1
	if a.w(at) == "the" {
		at++
	}
	return inSet(a.w(ch.end), "is", "was", "are", "were") && at == i && (end >= len(a.toks) || inSet(a.w(end), "?", "."))
}

// nameValue is the value a mention compares with: a name as the graph
// writes it when a linked value gave it (Normalized: "Paper Cranes at
// Dawn" for "paper cranes at dawn"), else as the question writes it.
func nameValue(m handoff.Mention) string {
	if m.Kind == handoff.MentionName && m.Normalized != "" {
		return m.Normalized
	}
	return m.Text
}

// mentionFilters turns the mentions that no comparison used into
// equality or containment filters.
func (a *analysis) mentionFilters() {
	seen := map[int]bool{}
	var named []string // the kinds of things named ("the album …"), implying nothing
	defer func() {
		a.implied = slices.DeleteFunc(a.implied, func(x string) bool { return slices.Contains(named, x) })
	}()
	for i, t := range a.toks {
		if a.skip[i] || t.ment < 0 || a.used[i] || seen[t.ment] {
			continue
		}
		seen[t.ment] = true
		m := a.ms[t.ment]
		if m.Kind == handoff.MentionValue {
			continue
		}
		end := i
		for end < len(a.toks) && a.toks[end].ment == t.ment {
			end++
		}
		f := handoff.Filter{Op: handoff.FilterEq, Value: nameValue(m), ValueKind: "string"}
		switch m.Kind {
		case handoff.MentionNumber:
			f.Value, f.ValueKind = m.Normalized, "number"
			// Limits and counts ("top 3", "the 5 most") are not filters.
			if a.w(i-1) == "top" || a.w(i-1) == "first" || a.w(i-1) == "last" || superlatives[a.w(end)].known {
				continue
			}
		case handoff.MentionDate:
			f.Value, f.ValueKind = m.Normalized, "date"
		}
		prev := a.w(i - 1)
		// "an area of 500", but not "the capital of Peru", "the height
		// of the Eiffel Tower": an entity after "of" is not the value.
		ofEntity := m.Kind != handoff.MentionNumber && m.Kind != handoff.MentionDate &&
			(prev == "of" || a.seq(i-2, "of", "the"))
		// "products with 'white' as their color description": the value
		// of that attribute.
		as := -1
		if a.w(end) == "as" {
			if c := a.chunkAfter(end+1, "their", "its", "his", "her", "the", "a"); c >= 0 && !a.chunks[c].verb {
				as = c
			}
		}
		switch {
		case as >= 0:
			c := &a.chunks[as]
			f.Attribute = c.phrase()
			c.role, c.used = rolePred, true
		case m.Kind == handoff.MentionNumber && a.yearsOld(end) > 0:
			// "pilots 30 years old"
			a.useSpan(end, a.yearsOld(end))
			f.Attribute = "age"
		case m.Kind == handoff.MentionNumber && a.agedAt(i-1):
			a.used[i-1] = true
			f.Attribute = "age"
		case inSet(prev, "contains", "contain", "containing", "include", "includes", "including", "like", "substring", "word") ||
			a.seq(i-2, "the", "word") || a.seq(i-2, "the", "substring") || a.seq(i-2, "the", "string") || a.seq(i-2, "the", "letter") ||
			inSet(prev, "with") && inSet(a.w(i-2), "start", "starts", "starting", "begin", "begins", "beginning", "end", "ends", "ending") ||
			// "start with letter D", "containing character x", "has
			// letter 'a' in it"
			inSet(prev, "letter", "character") && inSet(a.w(i-2), "with", "contains", "contain", "containing", "include", "includes", "including", "has", "have", "had"):
			f.Op = handoff.FilterContains
			f.Attribute = a.containsAttr(i, end)
		case prev == "with" && a.w(end) == "in",
			a.w(end) == "in" && inSet(a.w(end+1), "the", "their", "its", "his", "her") && a.chunkAfter(end+1) >= 0 && textWords[lemma(a.chunks[a.chunkAfter(end+1)].head())]:
			// "with 'x' in the name", "have 'Express' in their names"
			f.Op = handoff.FilterContains
			f.Attribute = a.containsAttr(i, end)
		case m.Kind != handoff.MentionNumber && m.Kind != handoff.MentionDate && a.apposed(i) >= 0:
			// "the album Let There Be Rock": a name of an album (its
			// name or title), not a track's of the same words. (The
			// album is a thing named, no attribute asked: it implies
			// nothing.)
			f.Attribute = a.chunks[a.apposed(i)].phrase()
			if !slices.Contains(a.implied, f.Attribute) {
				named = append(named, f.Attribute)
			}
		case inSet(prev, "name", "title") && a.ownPhrase(i-1) >= 0:
			// "the description for role name 'Proof Reader'": the
			// role name is compared, not shown; "teachers with last
			// name 'Schuster'": their last name.
			c := &a.chunks[a.ownPhrase(i-1)]
			f.Attribute = c.phrase()
			c.role, c.used = rolePred, true
		case m.Kind != handoff.MentionNumber && m.Kind != handoff.MentionDate && a.valueNoun(end) >= 0 &&
			inSet(prev, "in", "with", "of", "the", "a", "an", "at", "from", "on", "to", "for", "by", "under", "within"):
			// "wines in the North Coast area", "the Closed status":
			// the noun after the value is its attribute.
			c := &a.chunks[a.valueNoun(end)]
			f.Attribute = c.phrase()
			c.role, c.used = rolePred, true
		case inSet(prev, "named", "called", "name", "names"):
			f.Attribute = "name"
		case inSet(prev, "titled", "entitled", "title"):
			f.Attribute = "title"
		case m.Kind == handoff.MentionNumber && inSet(prev, "in", "on") && i >= 2 && a.at[i-2] >= 0 && a.chunks[a.at[i-2]].verb && a.chunks[a.at[i-2]].end == i-1:
			// "is majoring in 600": the number is of what the verb
			// names (major).
			f.Attribute = a.chunks[a.at[i-2]].phrase()
		case inSet(prev, "from", "in", "at", "of", "by", "on", "to", "than", "and", "or", "for", "than"):
			f.Attribute = ""
			if inSet(prev, "of", "and", "or") && !ofEntity {
				if c := a.chunkBefore(i-1, "whose"); c >= 0 && a.attrLike(c) {
					f.Attribute = a.chunks[c].phrase()
					a.chunks[c].role = rolePred
				}
			}
		default:
			if c := a.chunkBefore(i-1, "whose", "with", "has", "have", "as", "equal", "equals", "to", "=", ":"); c >= 0 && a.attrLike(c) && !ofEntity && !a.askedOf(c, i) {
				f.Attribute = a.chunks[c].phrase()
				a.chunks[c].role = rolePred
				a.chunks[c].used = true
			} else if c := a.at[max(i-1, 0)]; m.Kind == handoff.MentionNumber && i > 0 && a.isWord(i-1) && c >= 0 && !a.chunks[c].verb &&
				(end >= len(a.toks) || !a.isWord(end) || lexicon.FunctionWord(a.w(end))) {
				// A number right after a noun, ending the phrase, is
				// that noun's value: "room 112", "gate 7", "year 2010"
				// (not "about 3 minutes long").
				f.Attribute, f.Label = a.chunks[c].phrase(), true
				a.chunks[c].role = rolePred
				a.chunks[c].used = true
			} else if m.Kind == handoff.MentionNumber && inSet(prev, "only", "exactly", "just", "with", "have", "has", "had") && end < len(a.toks) && a.at[end] >= 0 {
				// "locations with only 1 station", "users that have 3
				// followers": the noun after the number is what it
				// counts or measures.
				f.Attribute = a.attrFor(i, end, "")
			}
		}
		if inSet(prev, "except", "excluding", "outside") || a.seq(i-2, "except", "for") || a.seq(i-2, "other", "than") ||
			a.seq(i-2, "outside", "the") || a.seq(i-2, "outside", "of") {
			f.Negated = true
		}
		a.addFilter(f, i)
	}
}

// apposed returns the chunk of one singular noun right before the name
// at token i, after "the" ("the album Let There Be Rock", "the track
// What If I Do"), that names a kind of thing rather than an attribute;
// else -1.
func (a *analysis) apposed(i int) int {
	c := a.at[max(i-1, 0)]
	if i < 2 || c < 0 || a.chunks[c].verb || a.chunks[c].end != i || len(a.chunks[c].words) != 1 || a.w(a.chunks[c].start-1) != "the" {
		return -1
	}
	if w := a.chunks[c].words[0]; isPlural(w) || attrWords[w] || lexicon.NameWord(w) || lexicon.KindWord(w) {
		return -1
	}
	return c
}

// valueNoun returns the noun chunk that starts at token i and names the
// attribute of the value before it ("the North Coast area", "the Closed
// status"): one or two words, singular, its head an attribute word other
// than a name's, ending the phrase (the question, a punctuation mark, a
// conjunction, a relative pronoun or a preposition other than "of"
// follows it, not a value or a comparison: "RAM size greater than 32",
// "the FDA approval status 'No'" compare the noun itself); else -1.
func (a *analysis) valueNoun(i int) int {
	if i < 0 || i >= len(a.toks) || a.at[i] < 0 {
		return -1
	}
	c := &a.chunks[a.at[i]]
	h := c.head()
	if c.verb || c.start != i || len(c.words) > 2 || isPlural(c.words[len(c.words)-1]) || !attrWords[h] ||
		inSet(h, "name", "title", "id", "identifier", "number", "code", "total", "count", "value", "term", "share") {
		return -1
	}
	if k := c.end; k < len(a.toks) && (a.toks[k].ment >= 0 || a.isWord(k) &&
		!inSet(a.w(k), "and", "but", "or", "with", "who", "that", "which", "whose", "in", "at", "from", "for", "on", "by", "to")) {
		return -1
	}
	return a.at[i]
}

// groupTerm is the term a grouping cue names with chunk c: its head
// ("for each department"), or the whole phrase when the head names an
// attribute ("for each bed type": bed type, not type).
func (a *analysis) groupTerm(c int) string {
	ch := &a.chunks[c]
	if !ch.verb && len(ch.words) > 1 && attrWords[ch.head()] {
		return ch.phrase()
	}
	return ch.head()
}

// ownPhrase returns the noun chunk of two or more words that ends at
// token i ("role name"), or -1.
func (a *analysis) ownPhrase(i int) int {
	if i < 0 || i >= len(a.at) {
		return -1
	}
	c := a.at[i]
	if c < 0 || a.chunks[c].verb || a.chunks[c].end != i+1 || len(a.chunks[c].words) < 2 {
		return -1
	}
	return c
}

// orderKey reports whether the words from i on are the key of an order
// phrase ("ordered descending by their total points", "in order of
// total sales"): a column's name, not an aggregate.
func (a *analysis) orderKey(i int) bool {
	k := i - 1
	for inSet(a.w(k), "the", "their", "its", "his", "her") {
		k--
	}
	return inSet(a.w(k), "by", "of") && (orderWords[a.w(k-1)] || orderWords[a.w(k-2)])
}

// textWords head the text attributes a quoted piece of text can be found
// in ("'Express' in their names").
var textWords = set(`name title description address email text detail comment note content summary`)

// attrLike reports whether chunk c names an attribute rather than a type.
func (a *analysis) attrLike(c int) bool {
	ch := &a.chunks[c]
	if ch.verb {
		return false
	}
	return attrWords[ch.head()] || ch.start > 0 && inSet(a.w(ch.start-1), "whose")
}

func (a *analysis) containsAttr(i, end int) string {
	if a.w(end) == "in" {
		if c := a.chunkAfter(end + 1); c >= 0 {
			a.chunks[c].role = rolePred
			a.chunks[c].used = true
			return a.chunks[c].phrase()
		}
	}
	k := i - 1
	for k >= 0 && !a.skip[k] && (inSet(a.w(k), "contains", "contain", "containing", "include", "includes", "including", "like", "the", "word", "substring", "string", "letter", "with", "start", "starts", "starting", "begin", "begins", "beginning", "end", "ends", "ending")) {
		k--
	}
	if c := a.chunkBefore(k, "whose", "their", "its", "that", "which"); c >= 0 && !a.chunks[c].verb && a.attrLike(c) {
		a.chunks[c].role = rolePred
		a.chunks[c].used = true
		return a.chunks[c].phrase()
	}
	a.implied = appendNew(a.implied, "name")
	return "name"
}

// ingBase returns the verb a present participle is of ("grossing" →
// "gross", "scoring" → "score", "running" → "run"), or "" when w is none
// or its verb is no known word.
func ingBase(w string) string {
	base, ok := strings.CutSuffix(w, "ing")
	if !ok || len(base) < 3 {
		return ""
	}
	for _, v := range []string{base + "e", base, base[:len(base)-1]} {
		if len(v) >= 3 && (v != base[:len(base)-1] || base[len(base)-1] == base[len(base)-2]) && vocab.Known(v) {
			return v
		}
	}
	return ""
}

// singledOut reports whether the things chunk c names are narrowed to
// one by a name or value said right after it ("the artist 'Metallica'",
// "the customer with first name as Rylan"): "the number of albums by"
// such a one counts its albums, not each one's.
func (a *analysis) singledOut(c int) bool {
	k := a.chunks[c].end
	if k < len(a.toks) && a.toks[k].ment >= 0 {
		return true
	}
	if !inSet(a.w(k), "named", "called", "with", "whose") {
		return false
	}
	for j := k + 1; j < len(a.toks) && j <= k+6; j++ {
		if a.toks[j].ment >= 0 && a.toks[j].kind != tkNum {
			return true
		}
		if inSet(a.w(j), "and", "or", ",", "that", "which", "who") {
			return false
		}
	}
	return false
}

// possessedCount reports whether the superlative at i ranks what is
// had, counted, rather than the things themselves: "with the most
// registered students", "has the fewest delayed flights", where a
// participle qualifies a plural the subject has ("the most visited
// museums" ranks the museums).
func (a *analysis) possessedCount(i, c int) bool {
	ch := &a.chunks[c]
	return inSet(a.w(i), "most", "fewest", "least") && a.w(i-1) == "the" && inSet(a.w(i-2), "with", "has", "have", "had") &&
		ch.start == i+1 && len(ch.words) >= 2 && lexicon.Participle(ch.words[0]) && isPlural(ch.words[len(ch.words)-1])
}

// listedSuperlative reports whether the superlative at i is listed with
// an aggregate word after it ("the greatest and average capacity", "the
// cheapest and the average price") or after another listed one ("the
// smallest and the largest area"): one of the aggregates asked for.
func (a *analysis) listedSuperlative(i int) bool {
	s := superlatives[a.w(i)]
	if !s.known || s.count || !s.agg && s.attr == "" || a.markerBefore(i) {
		return false
	}
	// Of a measure, not of things ("the largest and smallest cities"
	// are two cities).
	if c := a.chunkAfter(i+1, aggSkip...); c >= 0 {
		if h := a.chunks[c].head(); !attrWords[h] && !lexicon.IsMeasure(h) && h != s.attr && a.w(a.chunks[c].end) != "of" {
			return false
		}
	}
	listed := func(w string) bool {
		t := superlatives[w]
		return handoff.AggregateWord(w) != "" && w != "total" || t.known && !t.count && (t.agg || t.attr != "")
	}
	// After another: "the smallest and the largest area".
	k := i - 1
	if a.w(k) == "the" {
		k--
	}
	if inSet(a.w(k), "and", ",") && listed(a.w(k-1)) {
		return true
	}
	if !inSet(a.w(i+1), "and", ",") {
		return false
	}
	k = i + 2
	if a.w(k) == "the" {
		k++
	}
	return handoff.AggregateWord(a.w(k)) != "" && a.w(k) != "total"
}

// listedAggregates returns the aggregates the question lists of one term,
// in order, when there are two or more different ones (min, avg, max of
// "the minimum, average and maximum age"), else nil. Counts are no part
// of such a list.
func (a *analysis) listedAggregates() []handoff.Aggregate {
	var out []handoff.Aggregate
	for k, ag := range a.aggs {
		if ag == handoff.AggCount {
			return nil
		}
		if a.aggOf[k] != "" && a.aggOf[0] != "" && a.aggOf[k] != a.aggOf[0] {
			return nil
		}
		if !slices.Contains(out, ag) {
			out = append(out, ag)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// moreAggregates returns the aggregates after the first of a question
// that asks for different aggregates of different terms ("the maximum
// support rate, minimum consider rate, and minimum oppose rate"), else
// nil. The same aggregate of another term is an attribute beside the
// first (see the output), and counts are no part of such a list.
func (a *analysis) moreAggregates() []handoff.AggregateTerm {
	if len(a.aggs) < 2 || a.aggOf[0] == "" {
		return nil
	}
	var out []handoff.AggregateTerm
	mixed := false
	for k := 1; k < len(a.aggs); k++ {
		if a.aggs[k] == handoff.AggCount || a.aggOf[k] == "" || a.aggOf[k] == a.aggOf[0] || a.aggCond[k] {
			return nil
		}
		mixed = mixed || a.aggs[k] != a.aggs[0]
		out = append(out, handoff.AggregateTerm{Aggregate: a.aggs[k], Of: a.aggOf[k]})
	}
	if !mixed || a.aggs[0] == handoff.AggCount {
		return nil
	}
	return out
}

// roles decides for each chunk whether it names a type or a predicate.
func (a *analysis) roles() {
	// Coordinated chunks share the role of the last one ("the name, born
	// state and age of the heads").
	firstType := -1
	for ci := range a.chunks {
		c := &a.chunks[ci]
		// "players who play as a forward", "people working as
		// teachers": what they are, not a relation the verb names.
		if k := c.end + 1; c.verb && c.role == roleNone && a.w(c.end) == "as" && ci+1 < len(a.chunks) && !a.chunks[ci+1].verb &&
			(a.chunks[ci+1].start == k || inSet(a.w(k), "a", "an", "the") && a.chunks[ci+1].start == k+1) {
			c.role, c.used = roleSkip, true
		}
		if c.role == roleNone {
			c.role = a.roleOf(ci)
			if c.role == roleType && !c.verb && a.possessedAfter(ci) {
				c.role = rolePred // "each race and its track", "the city and its GDP"
			}
		}
		if c.role == roleType && firstType < 0 {
			firstType = ci
		}
	}
	// "Which guests have bookings? Return their first and last
	// names.": a closing request names the columns.
	request := -1
	for i := 1; i+1 < len(a.toks); i++ {
		if inSet(a.w(i), "?", ".", ";") && commandWords[a.w(i+1)] {
			request = i + 1
		} else if inSet(a.w(i), "?", ".", ";") && a.w(i+1) == "please" && commandWords[a.w(i+2)] {
			request = i + 2 // "Please list the city name and its GDP."
		}
	}
	// "every individual's first name, middle name and last name": the
	// list after the first type's possessive asks for its columns.
	owned := map[int]bool{}
	// (Not "the number of patients' prescriptions": what is counted.)
	// (Nor "Which country's roller coaster is the longest?": the
	// country is asked, the coaster what it is asked by.)
	if firstType >= 0 && a.w(a.chunks[firstType].end) == "'s" && !inSet(a.w(a.chunks[firstType].start-1), "of", "which", "what") {
		next := a.chunks[firstType].end + 1
		for ci := firstType + 1; ci < len(a.chunks) && a.chunks[ci].start == next && a.chunks[ci].role == rolePred && !a.chunks[ci].verb; ci++ {
			owned[ci] = true
			next = a.chunks[ci].end
			for inSet(a.w(next), ",", "and") {
				next++
			}
		}
	}
	for ci := range a.chunks {
		c := &a.chunks[ci]
		if c.role != rolePred || c.used || c.verb {
			continue
		}
		if owned[ci] {
			c.projection = true
			continue
		}
		if a.possessedAfter(ci) {
			// "each race and its track name": asked of the race.
			c.projection = true
			// "Return the city and its GDP", "Give me the players and
			// their clubs": the first too.
			// (Not "the name and date for each race and its track
			// name": the race's attributes are asked already.)
			attrsBefore := slices.ContainsFunc(a.chunks[:ci-1], func(x chunk) bool { return x.role == rolePred && !x.verb && x.start > request })
			if p := &a.chunks[ci-1]; !attrsBefore && !inSet(a.w(p.start-1), "each", "every", "per") && (request >= 0 && p.start > request || commandWords[a.w(0)]) {
				p.projection = true
			}
			continue
		}
		if request >= 0 && c.start > request {
			c.projection = true
			continue
		}
		if firstType >= 0 && ci > firstType && !a.listedAfter(ci) {
			continue
		}
		if a.relativeBefore(c.start) {
			continue
		}
		// "Who had an incident of violence?", "Who was involved in an
		// incident?": after a leading "who" only the copula's
		// complement is asked ("Who is the director of …?"); a noun
		// after its verb is what the person is related to.
		if a.w(0) == "who" && !a.copulaComplement(c.start) {
			continue
		}
		c.projection = true
	}
}

// measureVerb reports whether verb says an amount ("spent", "earned")
// or a measure derives from it ("paid": pay).
func measureVerb(verb string) bool {
	_, derived := lexicon.DerivedFrom(verb)
	return amountVerbs[verb] != "" || derived
}

// copulaComplement reports whether token i starts the complement of a
// leading "who is", "who was", "who are" or "who were", an article
// aside.
func (a *analysis) copulaComplement(i int) bool {
	if !inSet(a.w(1), "is", "was", "are", "were") {
		return false
	}
	return i == 2 || i == 3 && inSet(a.w(2), "the", "a", "an")
}

// ofAttribute reports whether the chunk starting at i follows "<an
// attribute> of (the)": "the names of phones" asks for phones' names, even
// though "phone" often names an attribute.
func (a *analysis) ofAttribute(i int) bool {
	k := i - 1
	// "of the", "of all", "of all the"
	for n := 0; n < 2 && inSet(a.w(k), "the", "all", "each", "every"); n++ {
		k--
	}
	return a.w(k) == "of" && attrWords[lemma(a.w(k-1))]
}

// listedAfter reports whether chunk ci continues a list of "X of Y"
// after a type ("the names of climbers and the heights of mountains"):
// it follows "and" (or ", and"), the chunk before that follows "of", and
// ci is followed by "of" itself.
func (a *analysis) listedAfter(ci int) bool {
	c := &a.chunks[ci]
	k := c.start - 1
	// ("the names of climbers and the corresponding heights of the
	// mountains")
	for n := 0; n < 2 && inSet(a.w(k), "the", "their", "its", "corresponding", "respective"); n++ {
		k--
	}
	if a.w(k) != "and" || a.w(c.end) != "of" || ci == 0 {
		return false
	}
	prev := &a.chunks[ci-1]
	if prev.end != k && !(prev.end == k-1 && a.w(k-1) == ",") {
		return false
	}
	j := prev.start - 1
	if inSet(a.w(j), "the", "all", "each", "every") {
		j--
	}
	return a.w(j) == "of"
}

// possessedAfter reports whether chunk ci is said of the type named just
// before it: "each race and its track name", "the players and their
// clubs' names".
func (a *analysis) possessedAfter(ci int) bool {
	c := &a.chunks[ci]
	k := c.start - 1
	if ci == 0 || !inSet(a.w(k), "its", "their") || a.w(k-1) != "and" {
		return false
	}
	prev := &a.chunks[ci-1]
	return prev.end == k-1 && !prev.verb && prev.role == roleType
}

// relativeBefore reports whether a relative marker comes before token i
// (what follows it is a condition, not the projection).
func (a *analysis) relativeBefore(i int) bool {
	for k := i - 1; k > 0; k-- {
		// "In which year …", "For which club …" ask; they relate
		// nothing.
		if k == 1 && inSet(a.w(k), "which", "what", "whom") && inSet(a.w(0), "in", "on", "at", "for", "from", "to", "by", "with", "of", "during") {
			continue
		}
		if inSet(a.w(k), "with", "who", "that", "whose", "where", "whom", "having", "which", "when") {
			return true
		}
	}
	return false
}

// derivedVerb reports whether a verb stands for an attribute it is
// not named by ("weigh": weight, "kill": deaths, "earn": salary).
func derivedVerb(w string) bool {
	d, ok := lexicon.DerivedFrom(w)
	return ok && !d.Inverted
}

func (a *analysis) roleOf(ci int) role {
	c := &a.chunks[ci]
	if c.verb {
		return rolePred
	}
	last := c.words[len(c.words)-1]
	next, prev := a.w(c.end), a.w(c.start-1)
	switch {
	case next == "'s":
		return roleType
	case prev == "'s" && ci > 0 && a.chunks[ci-1].end == c.start-1 && inSet(a.w(a.chunks[ci-1].start-1), "which", "what") && !attrWords[c.head()]:
		// "Which country's roller coaster is the longest?": the
		// owner is asked for, the thing it owns is another type.
		return roleType
	case (prev == "'s" || prev == "'") && (a.ofMention(c.start-1) || inSet(a.w(0), "where", "when", "how")) && !attrWords[c.head()]:
		// "the nickname of Aaron Hicks's school", "Where is the oldest
		// player's school?": the school is the thing whose attribute
		// (or place) is asked, not a column.
		return roleType
	case prev == "whose" && c.start == 1 && !attrWords[c.head()]:
		// "Whose submissions scored higher than Sammy Green's?": the
		// things, whose owner is asked.
		return roleType
	case prev == "'s" || prev == "whose":
		return rolePred
	case len(c.words) == 1 && inSet(last, "first", "last") && (lexicon.Participle(next) || contentVerbs[next]):
		// "When was Elizabeth Bobo first elected?": how the verb
		// happened, not a thing.
		return roleSkip
	case prev == "which" && c.start == 1 && len(c.words) == 1 && !c.verb:
		// "Which phone is the most expensive?": the things asked
		// for, though "phone" may name a column.
		return roleType
	case attrWords[c.head()] && !a.ofAttribute(c.start):
		return rolePred
	case inSet(prev, "many", "which", "what") || a.seq(c.start-2, "number", "of"):
		return roleType
	case len(c.words) == 1 && contentVerbs[last] && derivedVerb(last):
		// "How many people did storm Four kill?": what "kill" stands
		// for (deaths), not a thing.
		return rolePred
	}
	// "the nickname of Aaron Hicks's school": an attribute of what a
	// named thing has.
	if next == "of" && !isPlural(last) && a.mentionAt(c.end+1) {
		k := c.end + 1
		if inSet(a.w(k), "the", "a", "an") {
			k++
		}
		for k < len(a.toks) && a.toks[k].ment >= 0 {
			k++
		}
		if a.w(k) == "'s" || a.w(k) == "'" {
			return rolePred
		}
	}
	// "X of Y", "X for each Y": X is an attribute when singular, or
	// when it is one of a list ("the wheels and locations of the
	// railways": a list asks for columns, while "the students of the
	// department" names entities).
	if inSet(next, "of", "for") || next == "," || next == "and" {
		if k := a.coordEnd(ci); k >= 0 && inSet(a.w(a.chunks[k].end), "of", "for") && a.chunkAfter(a.chunks[k].end+1, "each", "every", "all", "the", "different") >= 0 {
			afterOf := prev == "of" || inSet(prev, "the", "all", "each", "every") && a.w(c.start-2) == "of"
			if !isPlural(last) || !afterOf && (k > ci || ci > 0 && a.coordEnd(ci-1) >= ci) {
				return rolePred
			}
		}
	}
	// "Show names and seatings …": listed after a name, a column.
	if ci > 0 && a.coordEnd(ci-1) >= ci && !a.chunks[ci-1].verb && inSet(a.chunks[ci-1].head(), "name", "title") && a.chunks[ci-1].role == rolePred {
		return rolePred
	}
	return roleType
}

// coordEnd follows a coordination ("a, b and c") from chunk ci to its
// last chunk.
func (a *analysis) coordEnd(ci int) int {
	for ci+1 < len(a.chunks) {
		gap := a.chunks[ci].end
		k := gap
		for k < a.chunks[ci+1].start && inSet(a.w(k), ",", "and", "the", "their", "its", "a", "an", "other") {
			k++
		}
		if k != a.chunks[ci+1].start || k == gap {
			break
		}
		ci++
	}
	return ci
}

// sharedHeads reads "the start and end dates", "the departure and
// arrival times" as two attributes sharing the plural head noun (start
// date, end date): a singular modifier before "and", alone or a chunk of
// its own, then a two-word chunk with a plural head. It returns the
// attributes with the modifier's reading before the chunk's.
func (a *analysis) sharedHeads(attrs []string, r *handoff.Requirements) []string {
	for ci := range a.chunks {
		c := &a.chunks[ci]
		if c.verb || c.role != rolePred || len(c.words) != 2 || c.start < 2 || a.w(c.start-1) != "and" {
			continue
		}
		head := c.words[1]
		if lemma(head) == head || !a.isWord(c.start-2) {
			continue
		}
		mod := a.w(c.start - 2)
		if lemma(mod) != mod || lexicon.FunctionWord(mod) || aggWords[mod] {
			continue
		}
		other := a.at[c.start-2]
		if other >= 0 && (a.chunks[other].verb || len(a.chunks[other].words) != 1 || a.chunks[other].role != rolePred) {
			continue
		}
		shared := mod + " " + lemma(head)
		at := slices.Index(attrs, c.phrase())
		if at < 0 || slices.Contains(attrs, shared) {
			continue
		}
		if other >= 0 {
			if k := slices.Index(attrs, a.chunks[other].phrase()); k >= 0 && k < at {
				attrs = slices.Delete(attrs, k, k+1)
				at--
			}
		}
		attrs = slices.Insert(attrs, at, shared)
		r.Predicates = appendNew(r.Predicates, shared)
	}
	return attrs
}

// subgoal assembles the subgoal from the analysis.
func (a *analysis) subgoal() handoff.Subgoal {
	var sg handoff.Subgoal
	r := &sg.Requirements
	var attrs []string
	// "How tall is the Eiffel Tower?", "How fast is Boardwalk Bullet?",
	// "How many people live in Tokyo?": the measure asked for, when the
	// question names no attribute.
	// The measure is the answer even where other words name the thing
	// measured ("How many people live in the capital of Australia?": the
	// capital's population).
	if a.asked != "" {
		attrs = append(attrs, a.asked)
		r.Predicates = appendNew(r.Predicates, a.asked)
	}
	for ci, c := range a.chunks {
		switch c.role {
		case rolePred:
			r.Predicates = appendNew(r.Predicates, c.terms()...)
			if c.verb {
				r.Verbs = appendNew(r.Verbs, c.terms()...)
			}
			ph := c.phrase()
			if o := a.chunkAfter(c.end + 1); a.w(c.end) == "of" && o > ci && len(c.words) == 1 && inSet(ph, "date", "time", "year", "day", "place") &&
				len(a.chunks[o].words) == 1 && lexicon.Event(a.chunks[o].head()) {
				// "the date of birth": one attribute, the birth date, of
				// no thing called a birth.
				a.chunks[o].role = roleSkip
				r.Predicates = slices.DeleteFunc(r.Predicates, func(p string) bool { return p == ph })
				whole := a.chunks[o].head() + " " + ph
				r.Predicates = appendNew(r.Predicates, whole)
				if a.out.OrderBy == ph {
					a.out.OrderBy = whole // "ordered by date of birth"
				}
				if !c.projection {
					continue
				}
				ph = whole
			}
			if c.projection {
				// "names of climbers and the names of mountains": the
				// second is the mountains' name.
				if slices.Contains(attrs, ph) && a.w(c.end) == "of" {
					if o := a.chunkAfter(c.end + 1); o >= 0 && !a.chunks[o].verb {
						ph = a.chunks[o].head() + " " + ph
					}
				}
				attrs = appendNew(attrs, ph)
			}
		case roleType:
			r.Types = appendNew(r.Types, c.terms()...)
			if c.projection {
				attrs = appendNew(attrs, c.phrase())
			}
		}
	}
	// "the first and last name", "the first, middle, and last names":
	// each name.
	for i := range a.toks {
		var parts []string
		k := i
		for inSet(a.w(k), "first", "middle", "last", "given", "family") {
			parts = append(parts, a.w(k))
			k++
			for inSet(a.w(k), ",", "and") {
				k++
			}
		}
		if len(parts) < 2 || !inSet(a.w(k-1), "name", "names") && !inSet(a.w(k), "name", "names") {
			continue
		}
		// The attributes read from the list's words ("middle", "last
		// name", "middle last name") give way to the names.
		partOf := func(x string) bool {
			return !slices.ContainsFunc(strings.Fields(x), func(w string) bool { return !slices.Contains(parts, w) && w != "name" })
		}
		at := slices.IndexFunc(attrs, partOf)
		if at < 0 {
			at = len(attrs)
		}
		attrs = slices.DeleteFunc(attrs, partOf)
		at = min(at, len(attrs))
		var names []string
		for _, p := range parts {
			names = append(names, p+" name")
			r.Predicates = appendNew(r.Predicates, p+" name")
		}
		attrs = slices.Insert(attrs, at, names...)
		break
	}
	attrs = a.sharedHeads(attrs, r)
	r.Predicates = appendNew(r.Predicates, a.implied...)
	// "Which storm killed the most people?": the verb relating the
	// things stands for a number of theirs (deaths) too.
	for i := range a.toks {
		if w := a.w(i); contentVerbs[w] && derivedVerb(w) && !slices.ContainsFunc(r.Predicates, func(p string) bool { return lexicon.Fold(p) == lexicon.Fold(w) }) {
			r.Predicates = append(r.Predicates, w)
		}
	}
	a.orFilters()
	a.aggConditions()
	// "the male dorm (with gender M)": the value said is the condition.
	if slices.ContainsFunc(a.filters, func(f handoff.Filter) bool {
		return (f.Attribute == handoff.AttrGender || f.Attribute == "sex") && lexicon.Gender(strings.ToLower(f.Value)) == ""
	}) {
		a.filters = slices.DeleteFunc(a.filters, func(f handoff.Filter) bool {
			return f.Attribute == handoff.AttrGender && lexicon.Gender(f.Value) != ""
		})
	}
	// A name compared with ("more hours than A Silver-Cleaning
	// Battery") is no equality as well.
	r.Filters = slices.DeleteFunc(slices.Clone(a.filters), func(f handoff.Filter) bool {
		return f.Op == handoff.FilterEq && f.Attribute == "" && slices.ContainsFunc(a.filters, func(g handoff.Filter) bool {
			return g.ValueKind == "entity" && g.Op != handoff.FilterEq && strings.EqualFold(g.Value, f.Value)
		})
	})
	// Joins: the first type to each other type, via a relation verb between.
	var typeChunks []int
	for ci, c := range a.chunks {
		if c.role == roleType {
			typeChunks = append(typeChunks, ci)
		}
	}
	for k := 1; k < len(typeChunks); k++ {
		from, to := a.chunks[typeChunks[0]].head(), a.chunks[typeChunks[k]].head()
		if from == to || slices.ContainsFunc(r.Joins, func(j handoff.Join) bool { return j.To == to }) {
			continue
		}
		via := ""
		for ci := typeChunks[k-1] + 1; ci < typeChunks[k]; ci++ {
			if a.chunks[ci].verb && a.chunks[ci].role != roleSkip {
				via = a.chunks[ci].phrase()
				break
			}
		}
		r.Joins = append(r.Joins, handoff.Join{From: from, To: to, Via: via})
	}
	// "List the total number of horses on farms in ascending order":
	// each one's total, listed in order (total_horses), not one sum.
	if len(a.aggs) == 1 && a.rank && !a.orderSet && len(a.groupBy) == 0 && a.out.Limit == 0 && a.aggOf[0] != "" &&
		(a.aggs[0] == handoff.AggCount || a.aggs[0] == handoff.AggSum) && commandWords[a.w(0)] &&
		slices.ContainsFunc(a.toks, func(t token) bool { return t.low == "total" }) &&
		!slices.ContainsFunc(a.cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueSuperlative }) {
		term := "total " + a.aggOf[0]
		attrs = appendNew(attrs, term)
		r.Predicates = appendNew(r.Predicates, term)
		a.out.OrderBy, a.orderSet = term, true
		a.aggs, a.aggOf, a.aggCond, a.aggSaidOf = nil, nil, nil, nil
	}
	// "Return the top 3 greatest support rates": no thing named, the
	// attribute ranked is what is asked for.
	if len(attrs) == 0 && len(typeChunks) == 0 && len(a.aggs) == 0 && a.orderSet && a.out.OrderBy != "" && commandWords[a.w(0)] &&
		slices.Contains(r.Predicates, a.out.OrderBy) {
		attrs = []string{a.out.OrderBy}
	}
	out := a.out
	out.Attributes = attrs
	// "Which director made the most films?": a ranked count asked of
	// another type ("which X", before the counted one) is counted per X.
	// "Which program is broadcast most frequently?": its rows counted.
	// "Which movie has the highest average rating?": a ranked average
	// or total, per movie.
	rankedOf := len(a.aggs) > 0 && (a.aggs[0] == handoff.AggAvg || a.aggs[0] == handoff.AggSum) && a.aggOf[0] != "" && a.out.OrderBy == a.aggOf[0] && len(typeChunks) >= 1
	// "Which movie has the most ratings?": the ratings are counted per
	// movie, though no type names them.
	if len(a.aggs) > 0 && (a.aggs[0] == handoff.AggCount && (len(typeChunks) >= 2 || len(typeChunks) == 1 && (a.aggOf[0] == "" || a.countedAttr)) || rankedOf) && a.rank && len(a.groupBy) == 0 && !a.ask {
		first := a.chunks[typeChunks[0]]
		// Likewise "Return the publisher that has published the most
		// books": the thing asked for, after a request.
		k := first.start - 1
		if inSet(a.w(k), "the", "a", "an") {
			k--
		}
		// "What are the teams with the most technicians?" too.
		// ("Which 3 wineries produce the most wines?": after a number.)
		w := first.start - 1
		if w > 0 && a.toks[w].kind == tkNum {
			w--
		}
		asked := inSet(a.w(w), "which", "what") || k >= 0 && commandWords[a.w(k)] ||
			k >= 1 && inSet(a.w(k), "is", "are", "was", "were") && inSet(a.w(k-1), "what", "which", "who") && inSet(a.w(first.end), "with", "that", "which", "who", "having")
		if h := first.head(); h != a.aggOf[0] && first.start > 0 && asked {
			a.groupBy = []string{a.groupTerm(typeChunks[0])}
		}
	}
	// "the names and average salaries for departments with average
	// salary higher than 42000": grouped by the departments the bound is
	// said of, whose names are asked.
	if len(a.aggs) > 0 && a.aggs[0] != handoff.AggCount && len(a.groupBy) == 0 && a.havingOf > 0 && !a.ask &&
		slices.ContainsFunc(attrs, func(t string) bool { return inSet(t, "name", "names", "title", "titles") }) {
		if c := &a.chunks[a.havingOf-1]; c.role == roleType && !c.verb && c.head() != a.aggOf[0] {
			a.groupBy = []string{a.groupTerm(a.havingOf - 1)}
		}
	}
	// "Which organisation type hires most research staff?": the
	// attribute asked for first is what the count is ranked by.
	if len(a.aggs) > 0 && a.aggs[0] == handoff.AggCount && a.rank && len(a.groupBy) == 0 && !a.ask && len(attrs) == 1 &&
		inSet(a.w(0), "which", "what") && a.at[1] >= 0 && a.chunks[a.at[1]].start == 1 && !a.chunks[a.at[1]].verb &&
		a.chunks[a.at[1]].phrase() == attrs[0] && a.aggOf[0] != "" && attrs[0] != a.aggOf[0] {
		a.groupBy = []string{attrs[0]}
	}
	if len(a.aggs) > 0 && a.aggs[0] == handoff.AggCount && inSet(a.aggOf[0], "time", "times") {
		// "the number of times it was ordered", "ordered the greatest
		// number of times": how often the verb was done, counted by
		// its rows (the orders), not a column of times.
		if v := a.timesVerb(); v != "" {
			if inSet(a.out.OrderBy, "time", "times") {
				a.out.OrderBy = v
			}
			if inSet(out.OrderBy, "time", "times") {
				out.OrderBy = v
			}
			a.aggOf[0] = v
			r.Predicates = slices.DeleteFunc(r.Predicates, func(p string) bool { return p == "time" || p == "times" })
			r.Types = slices.DeleteFunc(r.Types, func(p string) bool { return p == "time" || p == "times" })
			r.Predicates = appendNew(r.Predicates, v)
		}
	}
	if len(a.aggs) > 0 {
		out.Aggregate = a.aggs[0]
		out.AggregateOf = a.aggOf[0]
		if a.orderCount && a.aggs[0] == handoff.AggCount && out.OrderBy == "" {
			out.OrderBy = a.aggOf[0]
		}
		out.Aggregates = a.listedAggregates()
		out.MoreAggregates = a.moreAggregates()
		// "the average distance and average price": the same aggregate
		// of another attribute is asked for next to the first.
		for k := 1; k < len(a.aggs); k++ {
			if a.aggs[k] == a.aggs[0] && a.aggOf[0] != "" && a.aggOf[k] != "" && a.aggOf[k] != a.aggOf[0] && !slices.Contains(out.Attributes, a.aggOf[k]) {
				out.Attributes = append(out.Attributes, a.aggOf[k])
			}
		}
		if len(a.groupBy) > 0 {
			a.group = true
			out.GroupBy = a.groupBy
		}
	} else if a.explicitGroup {
		a.group = true
		out.GroupBy = a.groupBy
	}
	if len(out.GroupBy) > 0 {
		r.Predicates = appendNew(r.Predicates)
	}
	// "Which team does each player play for?": each player beside the
	// team asked for, when nothing is counted, ranked or named.
	if len(typeChunks) >= 2 && len(a.aggs) == 0 && !a.rank && !a.ask && len(out.GroupBy) == 0 && len(attrs) == 0 && len(a.ms) == 0 {
		t1, t2 := &a.chunks[typeChunks[0]], &a.chunks[typeChunks[1]]
		if t1.start == 1 && inSet(a.w(0), "which", "what") && inSet(a.w(t2.start-1), "each", "every") {
			attrs = []string{t2.phrase(), t1.phrase()}
			out.Attributes = attrs
			// The players are the subjects, each with a team.
			r.Types = appendNew(slices.Clone(t2.terms()), r.Types...)
		}
	}
	switch {
	case a.ask:
		out.Shape = handoff.ShapeBoolean
	case len(a.aggs) > 0 && !a.rank:
		if a.group || len(attrs) > 0 || len(a.aggs) > 1 {
			out.Shape = handoff.ShapeTable
		} else {
			out.Shape = handoff.ShapeNumber
		}
	case len(attrs) >= 2:
		out.Shape = handoff.ShapeTable
	case len(attrs) == 1 && !inSet(attrs[0], "name", "title", "id", "first name", "last name", "full name"):
		out.Shape = handoff.ShapeValues
	default:
		out.Shape = handoff.ShapeEntities
	}
	r.Output = out
	r.Cues = a.finishCues()
	// "the oldest player's school", "the dorm with the largest
	// capacity": the superlative is said of the players, the dorm.
	if c := a.rankedOf; c >= 0 && a.chunks[c].role == roleType && !a.chunks[c].verb {
		for k := range r.Cues {
			if r.Cues[k].Kind == handoff.CueSuperlative && (r.Cues[k].Term == "" || r.Cues[k].Term == a.out.OrderBy) {
				r.Cues[k].Of = a.chunks[c].phrase()
				break
			}
		}
	}
	var ops []handoff.Operation
	add := func(ok bool, op handoff.Operation) {
		if ok && !slices.Contains(ops, op) {
			ops = append(ops, op)
		}
	}
	add(a.ask, handoff.OpAsk)
	add(a.compare, handoff.OpCompare)
	aggMain := len(a.aggs) > 0 && !a.rank
	add(!a.ask && !a.compare && !aggMain, handoff.OpLookup)
	add(len(a.aggs) > 0, handoff.OpAggregate)
	add(a.rank, handoff.OpRank)
	add(a.filter, handoff.OpFilter)
	add(a.group, handoff.OpGroup)
	add(a.negate, handoff.OpNegate)
	sg.Operations = ops
	// Mentions in this clause.
	seen := map[int]bool{}
	for i, t := range a.toks {
		if a.skip[i] || t.ment < 0 || seen[t.ment] {
			continue
		}
		seen[t.ment] = true
		sg.Mentions = append(sg.Mentions, a.ms[t.ment])
	}
	return sg
}
