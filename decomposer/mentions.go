package decomposer

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/lexicon/vocab"
)

// Mentions.

// findMentions finds quoted strings, dates, numbers and capitalised spans
// and sets the tokens' ment.
func findMentions(q string, toks []token, linked []handoff.Mention) []handoff.Mention {
	var ms []handoff.Mention
	mark := func(i, j int, m handoff.Mention) {
		for k := i; k < j; k++ {
			toks[k].ment = len(ms)
		}
		ms = append(ms, m)
	}
	// An all-capitals question has no useful capitalisation.
	letters, upper := 0, 0
	for _, r := range q {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	useCaps := letters == 0 || upper*10 < letters*7
	lower := lowerCase(q)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		// "who directed iron meridian": a question written without
		// capitals names what a graph holds as a value of several words.
		if lower && t.kind == tkWord {
			if j, v := linkedSpan(q, toks, i, linked); j > i {
				// Normalized: the value as the graph writes it.
				mark(i, j, handoff.Mention{Text: q[t.start:toks[j-1].end], Start: t.start, End: toks[j-1].end, Kind: handoff.MentionName, Normalized: v})
				i = j - 1
				continue
			}
		}
		// "Which enzymes does aripiprazole inhibit?": a word written
		// small that no dictionary knows and a graph holds as a value
		// whole names that value.
		if unknown(t) {
			if j, v := linkedSpanOf(q, toks, i, linked, 1); j > i {
				mark(i, j, handoff.Mention{Text: q[t.start:toks[j-1].end], Start: t.start, End: toks[j-1].end, Kind: handoff.MentionName, Normalized: v})
				i = j - 1
				continue
			}
		}
		// "Which products cost more than the monitor?": the bound of a
		// comparison, a thing the graph names, written in any case.
		if t.kind == tkWord && thanBound(toks, i) {
			if j, v := linkedSpanOf(q, toks, i, linked, 1); j > i {
				mark(i, j, handoff.Mention{Text: q[t.start:toks[j-1].end], Start: t.start, End: toks[j-1].end, Kind: handoff.MentionName, Normalized: v})
				i = j - 1
				continue
			}
		}
		// "Who has lived at 3927 Spinka Loaf Suite 347?": a number that
		// starts a name the graph holds whole (an address) is part of
		// it.
		if t.kind == tkNum && i+1 < len(toks) && capWord(toks, i+1) {
			if j, v := linkedSpanOf(q, toks, i, linked, 2); j > i+1 {
				mark(i, j, handoff.Mention{Text: q[t.start:toks[j-1].end], Start: t.start, End: toks[j-1].end, Kind: handoff.MentionName, Normalized: v})
				i = j - 1
				continue
			}
		}
		// "names containing the letter a": the letter, unquoted, is
		// the text asked for.
		if t.kind == tkWord && i > 0 && inSet(toks[i-1].low, "letter", "character") && utf8.RuneCountInString(t.text) == 1 {
			mark(i, i+1, handoff.Mention{Text: t.text, Start: t.start, End: t.end, Kind: handoff.MentionQuoted})
			continue
		}
		// "tracks that contain the word you": the word, unquoted, is
		// the text asked for.
		if t.kind == tkWord && i > 1 && inSet(toks[i-1].low, "word", "substring", "phrase", "string") && inSet(toks[i-2].low, "the", "a") {
			mark(i, i+1, handoff.Mention{Text: t.text, Start: t.start, End: t.end, Kind: handoff.MentionQuoted})
			continue
		}
		switch t.kind {
		case tkQuote:
			mark(i, i+1, handoff.Mention{Text: t.text, Start: t.start, End: t.end, Kind: handoff.MentionQuoted})
		case tkDate:
			mark(i, i+1, handoff.Mention{Text: t.text, Start: t.start, End: t.end, Kind: handoff.MentionDate, Normalized: t.norm})
		case tkNum:
			k := handoff.MentionNumber
			if t.year {
				k = handoff.MentionDate
			}
			mark(i, i+1, handoff.Mention{Text: t.text, Start: t.start, End: t.end, Kind: k, Normalized: t.norm})
		case tkWord:
			if !useCaps || !capStart(toks, i) {
				continue
			}
			j := i + 1
			// "the GNP of Japan": an acronym after "the" and before
			// "of" is what the name after it has, not part of it.
			acronym := i > 0 && toks[i-1].low == "the" && t.text == strings.ToUpper(t.text) && len(t.text) <= 5 && i+1 < len(toks) && toks[i+1].low == "of"
			for j < len(toks) && !acronym {
				if capWord(toks, j) {
					j++
					continue
				}
				// "CCTV-1", "F-16", "Jean-Luc", "Jung Ki-young": joined
				// by a hyphen without spaces (a lower-case part too,
				// after a capitalised one).
				if j+1 < len(toks) && toks[j].kind == tkPunct && toks[j].text == "-" && toks[j].start == toks[j-1].end &&
					toks[j+1].start == toks[j].end && (toks[j+1].kind == tkNum || capWord(toks, j+1) || toks[j+1].kind == tkWord && toks[j-1].cap) {
					j += 2
					continue
				}
				if j+1 < len(toks) && toks[j].kind == tkWord && connectorWords[toks[j].low] && !toks[j].cap && capWord(toks, j+1) {
					j += 2
					continue
				}
				// "The Case of the Mystery Weekend", "Pirates of the
				// Caribbean"
				if j+2 < len(toks) && toks[j].kind == tkWord && connectorWords[toks[j].low] && !toks[j].cap &&
					inSet(toks[j+1].text, "the", "a", "an") && capWord(toks, j+2) {
					j += 3
					continue
				}
				break
			}
			// "Paper Cranes at Dawn": a value of the graphs the question
			// says whole, over lower-case words the capitals stop at.
			j = linkedEnd(q, toks, i, j, linked)
			// A sentence-initial capital alone is just the sentence's start.
			if sentenceStart(toks, i) && j == i+1 {
				continue
			}
			// "the highest GDP", "an average GPA", "its GDP": an
			// acronym measured or possessed is an attribute, not a name.
			if j == i+1 && i > 0 && t.text == strings.ToUpper(t.text) && len(t.text) <= 5 &&
				(superlatives[toks[i-1].low].known || aggWords[toks[i-1].low] ||
					inSet(toks[i-1].low, "higher", "lower", "more", "less", "greater", "larger", "smaller", "bigger", "its", "their", "whose") ||
					// "the GNP of Japan": what Japan has.
					acronym) {
				continue
			}
			// "the job ID", "image names and URLs": a column's
			// abbreviation in capitals is no name.
			if j == i+1 && strings.TrimSuffix(t.text, "s") == strings.ToUpper(strings.TrimSuffix(t.text, "s")) && lexicon.ColumnAcronym(strings.TrimSuffix(t.low, "s")) {
				continue
			}
			// A number right after the name is part of it ("Hades
			// 360", "Apollo 11"), unless it measures or counts what
			// follows ("Spain 3 times") or is a year.
			if j < len(toks) && toks[j].kind == tkNum && !toks[j].year &&
				strings.Trim(toks[j].text, "0123456789") == "" && (j+1 >= len(toks) || toks[j+1].kind != tkWord || isFunction(toks[j+1].low)) {
				j++
			}
			mark(i, j, handoff.Mention{Text: q[t.start:toks[j-1].end], Start: t.start, End: toks[j-1].end, Kind: handoff.MentionName})
			i = j - 1
		}
	}
	return ms
}

// lowerCase reports whether q has no capital letter after its first
// letter: a question written without capitals, whose names capitals
// cannot show.
func lowerCase(q string) bool {
	first := true
	for _, r := range q {
		if !unicode.IsLetter(r) {
			continue
		}
		if !first && unicode.IsUpper(r) {
			return false
		}
		first = false
	}
	return !first
}

// linkedSpan returns the end of a linked value of two words or more that
// the question writes, in any case, from token i on (over at most six
// tokens), the longest of them, and the value as the graph writes it; or
// i when none does. A span that starts or ends with a function word
// ("the mountain") is none.
func linkedSpan(q string, toks []token, i int, linked []handoff.Mention) (int, string) {
	return linkedSpanOf(q, toks, i, linked, 2)
}

// linkedSpanOf is [linkedSpan] for values of at least least words.
func linkedSpanOf(q string, toks []token, i int, linked []handoff.Mention, least int) (int, string) {
	best, value := i, ""
	if isFunction(toks[i].low) || aggWords[toks[i].low] {
		return i, "" // "the mountain", a photo's title, is no name here
	}
	for _, m := range linked {
		if m.Start != toks[i].start || m.End > len(q) || len(strings.Fields(m.Value)) < least || !strings.EqualFold(q[m.Start:m.End], strings.TrimSpace(m.Value)) {
			continue
		}
		for k := i; k < len(toks) && k < i+6; k++ {
			if toks[k].kind == tkQuote {
				break
			}
			if toks[k].end == m.End {
				if k+1 > best && !isFunction(toks[k].low) {
					best, value = k+1, strings.TrimSpace(m.Value)
				}
				break
			}
		}
	}
	return best, value
}

// thanBound reports whether token i starts what a comparison is made
// with: the word after "than" or "than the" ("more than the monitor").
func thanBound(toks []token, i int) bool {
	k := i - 1
	if k >= 0 && inSet(toks[k].low, "the", "a", "an") {
		k--
	}
	return k >= 0 && toks[k].low == "than"
}

// unknown reports whether t is a word written small, of four letters or
// more, that no dictionary knows ("aripiprazole"): a name, if a graph
// holds it.
func unknown(t token) bool {
	return t.kind == tkWord && !t.cap && utf8.RuneCountInString(t.low) >= 4 && !isFunction(t.low) && !knownWord(t.low)
}

// knownWord reports whether w is a word of English ([vocab.Known]), an
// irregular form of one ("does", "taught") or a regular one that doubles
// its last consonant ("shipped", "planning").
func knownWord(w string) bool {
	if vocab.Known(w) || vocab.Known(lexicon.Fold(w)) {
		return true
	}
	for _, suf := range []string{"ed", "ing", "er", "est"} {
		if stem, ok := strings.CutSuffix(w, suf); ok && len(stem) >= 3 && stem[len(stem)-1] == stem[len(stem)-2] && vocab.Known(stem[:len(stem)-1]) {
			return true
		}
	}
	return false
}

// unknownWord reports whether some word of toks is [unknown].
func unknownWord(toks []token) bool {
	return slices.ContainsFunc(toks, unknown)
}

// comparesWithThing reports whether the question compares with something
// after "than" written in small letters ("than the monitor"), which only a
// graph's values can tell from an attribute.
func comparesWithThing(toks []token) bool {
	for i := range toks {
		if toks[i].kind == tkWord && !toks[i].cap && thanBound(toks, i) && !isFunction(toks[i].low) && !aggWords[toks[i].low] {
			return true
		}
	}
	return false
}

// linkedEnd extends the name that capitals make of toks[i:j] to the end
// of a linked value (a value of a graph, [ValueLinker]) that starts where
// the name starts and is written in the question as the value is, over
// at most four more words: "Paper Cranes at Dawn", "Breakfast at
// Tiffany's". It returns the name's new end, or j.
func linkedEnd(q string, toks []token, i, j int, linked []handoff.Mention) int {
	best := j
	for _, m := range linked {
		if m.Start != toks[i].start || m.End <= toks[j-1].end || m.End > len(q) || !strings.EqualFold(q[m.Start:m.End], strings.TrimSpace(m.Value)) {
			continue
		}
		for k := j; k < len(toks) && k <= j+4; k++ {
			if toks[k].kind == tkQuote {
				break
			}
			if toks[k].end == m.End {
				best = max(best, k+1)
				break
			}
		}
	}
	return best
}

// nameJoiners are the small words a name may hold between its
// capitalised words: "Paper Cranes at Dawn", "Call of Destiny", "Fast
// As a Shark", "Texas de Brazil".
var nameJoiners = set(`of the at in to on for a an as de del la le du von van y`)

// joinedName reports whether toks hold a capitalised word, not the
// first of a sentence, followed by one or two of [nameJoiners] and
// another capitalised word: a name a linked value may run over.
func joinedName(toks []token) bool {
	for i := 1; i+2 < len(toks); i++ {
		if sentenceStart(toks, i) || !capWord(toks, i) {
			continue
		}
		k := i + 1
		for n := 0; n < 2 && k < len(toks) && toks[k].kind == tkWord && !toks[k].cap && nameJoiners[toks[k].low]; n++ {
			k++
		}
		if k > i+1 && k < len(toks) && capWord(toks, k) {
			return true
		}
	}
	return false
}

// numberedName reports whether toks hold a capitalised word, not the
// first of a sentence, right before a number: a name with a number in it
// ("When was Discoverer 3 launched?", "Apollo 11", "Apt. 859") that a
// linked value may run over.
func numberedName(toks []token) bool {
	for i := 1; i+1 < len(toks); i++ {
		if sentenceStart(toks, i) || !capWord(toks, i) {
			continue
		}
		if toks[i+1].kind == tkNum && toks[i].end < toks[i+1].start {
			return true
		}
		// "Apt. 859", "No. 5": an abbreviation's period between.
		if i+2 < len(toks) && toks[i+1].low == "." && toks[i+1].start == toks[i].end && toks[i+2].kind == tkNum {
			return true
		}
	}
	return false
}

// sentenceCased reports whether toks hold one capitalised word, not the
// first of a sentence nor after another, followed by a lower-case word
// that is no function word, or a small word of names: a title written in
// sentence case ("When did My love come out?", "Which songs rate higher
// than Just beat it?", "a night in Thrift and accolade") that a linked
// value may run over. ("Ada Brook direct" is a name of two
// capitalised words, then a verb.)
func sentenceCased(toks []token) bool {
	for i := 1; i+1 < len(toks); i++ {
		if !sentenceStart(toks, i) && capWord(toks, i) && !capWord(toks, i-1) && !quantifiers[toks[i-1].low] && toks[i+1].kind == tkWord && !toks[i+1].cap && (!isFunction(toks[i+1].low) || nameJoiners[toks[i+1].low] || inSet(toks[i+1].low, "and", "or")) {
			return true
		}
	}
	return false
}

// quantifiers are the words after which a capitalised noun is a kind of
// thing, not a title.
var quantifiers = set(`each every per all any some their its his her our your my`)

func sentenceStart(toks []token, i int) bool {
	return i == 0 || toks[i-1].kind == tkPunct && inSet(toks[i-1].low, ".", "?", "!", ":", ";", "(", "\"")
}

func capWord(toks []token, i int) bool {
	t := toks[i]
	return t.kind == tkWord && t.ment < 0 && (t.cap || hasUpperInside(t.text)) && t.low != "i"
}

func hasUpperInside(s string) bool {
	for i, r := range s {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// capStart reports whether a capitalised span may start at i: not a
// question or function word at the start of a sentence.
func capStart(toks []token, i int) bool {
	if !capWord(toks, i) {
		return false
	}
	w := toks[i].low
	if sentenceStart(toks, i) && (isFunction(w) || commandWords[w] || w == "name") {
		return false
	}
	return !(questionWords[w] || auxWords[w] && sentenceStart(toks, i))
}
