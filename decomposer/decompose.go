package decomposer

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/lexicon"
)

// Decomposition.

// span is a list of token index ranges of the question making a clause.
type span [][2]int

func (s span) tokens(toks []token) []token {
	var out []token
	for _, r := range s {
		out = append(out, toks[r[0]:r[1]]...)
	}
	return out
}

// text returns the clause's text: the question's text of each range,
// joined by spaces, without trailing punctuation.
func (s span) text(q string, toks []token) string {
	var parts []string
	for _, r := range s {
		if r[0] >= r[1] {
			continue
		}
		parts = append(parts, q[toks[r[0]].ostart:toks[r[1]-1].oend])
	}
	t := strings.Join(parts, " ")
	return strings.TrimRight(strings.TrimSpace(t), " ,;")
}

// uncount makes a subgoal that counts things ask for the things
// themselves: its count, its aggregate operation and its "how many" cue
// go.
func uncount(sg *handoff.Subgoal) {
	o := &sg.Requirements.Output
	o.Aggregate, o.AggregateOf, o.Distinct = "", "", false
	o.Shape = handoff.ShapeEntities
	if len(o.Attributes) > 0 {
		o.Shape = handoff.ShapeValues
	}
	sg.Operations = slices.DeleteFunc(sg.Operations, func(op handoff.Operation) bool { return op == handoff.OpAggregate })
	if len(sg.Operations) == 0 {
		sg.Operations = []handoff.Operation{handoff.OpLookup}
	}
	sg.Requirements.Cues = slices.DeleteFunc(sg.Requirements.Cues, func(c handoff.Cue) bool {
		return c.Kind == handoff.CueAnswer && c.Text == "how many"
	})
}

// decompose builds the decomposition of q; linked are value mentions,
// which only extend names when namesOnly.
func decompose(q string, linked []handoff.Mention, namesOnly bool) *handoff.Decomposition {
	toks := unpairedComparatives(conjunctions(questionTag(tokenize(q))))
	ms := findMentions(q, toks, linked)
	if namesOnly {
		linked = nil
	}
	d := &handoff.Decomposition{Question: q, Source: RulesSource}
	n := len(toks)
	// Trailing punctuation is not part of any clause.
	end := n
	for end > 0 && toks[end-1].kind == tkPunct && inSet(toks[end-1].low, "?", ".", "!") {
		end--
	}
	if sp, ok := findSetOp(toks[:end]); ok {
		left, right := sp.left, sp.right
		l, _ := analyse(q, left.tokens(toks), ms, nil, -1, "", "")
		r, _ := analyse(q, right.tokens(toks), ms, nil, -1, "", "")
		l.ID, l.Text = "s1", left.text(q, toks)
		r.ID, r.Text = "s2", right.text(q, toks)
		whole, _ := analyse(q, toks, ms, nil, -1, "", "")
		c := handoff.Subgoal{ID: "s3", Text: q, DependsOn: []string{"s1", "s2"}}
		if l.Has(handoff.OpAsk) {
			c.Operations = []handoff.Operation{handoff.OpAsk, sp.op}
		} else {
			c.Operations = []handoff.Operation{sp.op}
		}
		for _, t := range l.Requirements.Types {
			if slices.Contains(r.Requirements.Types, t) {
				c.Requirements.Types = append(c.Requirements.Types, t)
			}
		}
		if len(c.Requirements.Types) == 0 && len(l.Requirements.Types) > 0 {
			c.Requirements.Types = l.Requirements.Types[:1]
		}
		c.Requirements.Output = whole.Requirements.Output
		if l.Has(handoff.OpAsk) {
			c.Requirements.Output.Shape = handoff.ShapeBoolean
		}
		l.Mentions = addLinked(l.Mentions, linked, left, toks)
		r.Mentions = addLinked(r.Mentions, linked, right, toks)
		d.Subgoals = []handoff.Subgoal{l, r, c}
		d.Notes = append(d.Notes, fmt.Sprintf("set operation %q: %s of s1 and s2", sp.marker, sp.op))
		if o := whole.Requirements.Output; o.Aggregate == handoff.AggCount && len(o.GroupBy) == 0 && o.OrderBy == "" && !l.Has(handoff.OpAsk) {
			// "How many manufacturers have headquarters in either Tokyo
			// or Beijing?": the things of each side, combined, then
			// counted (a union of two counts counts nothing).
			for k := range 3 {
				uncount(&d.Subgoals[k])
			}
			d.Subgoals = append(d.Subgoals, handoff.Subgoal{ID: "s4", Text: q, DependsOn: []string{"s3"}, Operations: []handoff.Operation{handoff.OpAggregate},
				Requirements: handoff.Requirements{Types: c.Requirements.Types, Output: handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount}}})
			d.Notes = append(d.Notes, "s4 counts the things of s3")
		}
	} else if nestStart, things, nestEnd, extreme, ok := findNested(toks[:end]); ok {
		// s1: the aggregate; s2: the question, filtered by s1's answer.
		inner := span{{things, nestEnd}}
		s1, a1 := analyse(q, inner.tokens(toks), ms, nil, -1, "", "")
		s1.ID = "s1"
		s1.Text = "What is " + inner.text(q, toks) + "?"
		if extreme != "" {
			// "a higher rating than all blues songs": the bound is the
			// extreme of the compared attribute over those things, which
			// are neither ranked nor listed themselves.
			o := &s1.Requirements.Output
			*o = handoff.Output{Aggregate: extreme}
			s1.Operations = slices.DeleteFunc(s1.Operations, func(op handoff.Operation) bool { return op == handoff.OpRank })
			s1.Requirements.Cues = slices.DeleteFunc(s1.Requirements.Cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueSuperlative })
		}
		skip := make([]bool, n)
		for k := nestStart; k < nestEnd; k++ {
			skip[k] = true
		}
		attr := ""
		if len(a1.aggOf) > 0 {
			attr = a1.aggOf[0]
		}
		s2, a2 := analyse(q, toks, ms, skip, nestStart, "s1", attr)
		// Its text says s1 where the bound was said: the things and
		// values of the bound's phrase are s1's, not s2's ("singers older
		// than the average age of singers from France" are not all
		// from France).
		s2.ID, s2.Text, s2.DependsOn = "s2", q[:toks[nestStart].ostart]+"s1"+q[toks[nestEnd-1].oend:], []string{"s1"}
		// "wines more expensive than the average wine", "taller than
		// the average person": the average of things is of what the
		// comparative measures (a price, a height), not of the things.
		if ws := strings.Fields(attr); len(ws) > 0 && !attrWords[ws[len(ws)-1]] && !attrWords[ws[len(ws)-1]+"s"] && !measureWords[ws[len(ws)-1]] {
			senses := []string{a2.nestSense}
			for _, c := range s2.Requirements.Cues {
				if c.Kind == handoff.CueComparative {
					senses = append(senses, lexicon.PhraseMeasure(c.Text, c.Term))
				}
			}
			for _, m := range senses {
				if m == "" {
					continue
				}
				for k := range s2.Requirements.Filters {
					if f := &s2.Requirements.Filters[k]; f.ValueKind == SubgoalValue && f.Attribute == attr {
						f.Attribute = m
					}
				}
				for k := range a2.filters {
					if f := &a2.filters[k]; f.ValueKind == SubgoalValue && f.Attribute == attr {
						f.Attribute = m
					}
				}
				s1.Requirements.Output.AggregateOf = m
				// The things are no attribute asked for.
				notAttr := func(t string) bool { return t == attr }
				s1.Requirements.Predicates = appendNew(slices.DeleteFunc(s1.Requirements.Predicates, notAttr), m)
				s2.Requirements.Predicates = appendNew(slices.DeleteFunc(s2.Requirements.Predicates, notAttr), m)
				break
			}
		}
		// "older than average": the aggregate's attribute and types come
		// from the main clause.
		o := &s1.Requirements.Output
		if o.Aggregate == "" {
			o.Aggregate = handoff.AggAvg
			s1.Operations = []handoff.Operation{handoff.OpAggregate}
		}
		if o.AggregateOf == "" {
			for _, f := range a2.filters {
				if f.ValueKind == SubgoalValue {
					o.AggregateOf = f.Attribute
				}
			}
			s1.Requirements.Predicates = appendNew(s1.Requirements.Predicates, o.AggregateOf)
		}
		o.Shape = handoff.ShapeNumber
		if extreme != "" {
			s1.Text = fmt.Sprintf("What is the %s %s of %s?", map[handoff.Aggregate]string{handoff.AggMax: "largest", handoff.AggMin: "smallest"}[extreme],
				cmp.Or(o.AggregateOf, "value"), inner.text(q, toks))
		}
		if !slices.Contains(s1.Operations, handoff.OpAggregate) {
			s1.Operations = append([]handoff.Operation{handoff.OpAggregate}, s1.Operations...)
		}
		s1.Operations = slices.DeleteFunc(s1.Operations, func(op handoff.Operation) bool { return op == handoff.OpLookup })
		if len(s1.Requirements.Types) == 0 {
			s1.Requirements.Types = slices.Clone(s2.Requirements.Types)
		}
		s1.Mentions = addLinked(s1.Mentions, linked, inner, toks)
		s2.Mentions = addLinked(s2.Mentions, linked, span{{0, nestStart}, {nestEnd, n}}, toks)
		d.Subgoals = []handoff.Subgoal{s1, s2}
		d.Notes = append(d.Notes, "nested aggregate: s2 compares with the answer of s1")
	} else {
		s, _ := analyse(q, toks, ms, nil, -1, "", "")
		s.ID, s.Text = "s1", q
		s.Mentions = addLinked(s.Mentions, linked, span{{0, n}}, toks)
		d.Subgoals = []handoff.Subgoal{s}
	}
	if err := d.Validate(); err != nil {
		fd := fallbackDecomposition(q)
		fd.Notes = []string{"rules produced an invalid decomposition: " + err.Error()}
		return fd
	}
	return d
}

// addLinked adds the linked mentions inside the span's tokens, sorted by
// position.
func addLinked(ms, linked []handoff.Mention, s span, toks []token) []handoff.Mention {
	for _, m := range linked {
		for _, r := range s {
			if r[0] >= r[1] {
				continue
			}
			if m.Start >= toks[r[0]].ostart && m.End <= toks[r[1]-1].oend {
				ms = append(ms, m)
				break
			}
		}
	}
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Start != ms[j].Start {
			return ms[i].Start < ms[j].Start
		}
		return ms[i].End < ms[j].End
	})
	return ms
}

// unpairedComparatives reads "more" and "fewer" with no "than" in a
// question asking which or who as the superlative ("Which team had
// more eliminations?": the one with the most), since nothing is compared
// with but the others.
func unpairedComparatives(toks []token) []token {
	if len(toks) == 0 || !inSet(toks[0].low, "which", "who", "what") || slices.ContainsFunc(toks, func(t token) bool { return t.low == "than" }) {
		return toks
	}
	for i := 1; i+1 < len(toks); i++ {
		t := &toks[i]
		// ("Who scored more goals, Erik or Tiago?" is a choice, read
		// as such elsewhere.)
		if !inSet(t.low, "more", "fewer") || inSet(toks[i-1].low, "or", "and", "no", "any", "once", "one", "some", "much", "many") || toks[i+1].kind != tkWord ||
			slices.ContainsFunc(toks[i+1:], func(t token) bool { return t.low == "or" }) {
			continue
		}
		if t.low == "more" {
			t.low = "most"
		} else {
			t.low = "fewest"
		}
	}
	return toks
}

type setSplit struct {
	op          handoff.Operation
	marker      string
	left, right span
}

// findSetOp finds a set operation: "both A and B", "either A or B"
// (prefix + A, prefix + B), "A but not B", "A and also B" (B completed
// from A's start).
func findSetOp(toks []token) (setSplit, bool) {
	n := len(toks)
	w := func(i int) string {
		if i >= 0 && i < n {
			return toks[i].low
		}
		return ""
	}
	for i := 0; i < n; i++ {
		switch {
		case w(i) == "both" && i > 0 && !inSet(w(i+1), "of", "?", "."):
			for j := i + 2; j < n-1; j++ {
				if w(j) == "and" {
					return setSplit{op: handoff.OpIntersect, marker: "both … and", left: span{{0, i}, {i + 1, j}}, right: sharedRight(toks, i, j)}, true
				}
			}
		case (w(i) == "shared" && inSet(w(i+1), "by", "between") || w(i) == "common" && w(i+1) == "to") && i > 0:
			// "the starting years shared by technicians from team 'CLE'
			// and 'CWS'": what both have.
			for j := i + 3; j < n-1; j++ {
				if w(j) == "and" {
					return setSplit{op: handoff.OpIntersect, marker: w(i) + " " + w(i+1) + " … and", left: span{{0, i}, {i + 1, j}}, right: sharedBy(toks, i, j)}, true
				}
			}
		case w(i) == "common" && inSet(w(i-1), "the", "any") && i > 1:
			// "the common login names of course authors and students":
			// the names of each, intersected.
			if sp, ok := commonOf(toks, i); ok {
				return sp, true
			}
		case w(i) == "in" && w(i+1) == "common" && i > 4:
			// "Which genres do Ada Brook and Bo Lind have in common?":
			// the genres of each, intersected.
			if sp, ok := inCommon(toks, i); ok {
				return sp, true
			}
		case w(i) == "either" && i > 0 && !inSet(w(i+1), "of", "?", "."):
			for j := i + 2; j < n-1; j++ {
				if w(j) == "or" {
					return setSplit{op: handoff.OpUnion, marker: "either … or", left: span{{0, i}, {i + 1, j}}, right: sharedRight(toks, i, j)}, true
				}
			}
		case w(i) == "but" && w(i+1) == "not" && i > 1 && i+2 < n:
			return setSplit{op: handoff.OpDifference, marker: "but not", left: span{{0, trimComma(toks, i)}}, right: parallel(toks, trimComma(toks, i), i+2)}, true
		case w(i) == "and" && w(i+1) == "also" && i > 1 && i+2 < n:
			return setSplit{op: handoff.OpIntersect, marker: "and also", left: span{{0, trimComma(toks, i)}}, right: parallel(toks, trimComma(toks, i), i+2)}, true
		}
	}
	return setSplit{}, false
}

// sharedRight is the right side of "both A and B" (marker at i,
// conjunction at j): the prefix, then, when B starts with a mention, the
// words of A before its first mention ("with 'X' and 'Y'" → "with 'Y'"),
// then B.
func sharedRight(toks []token, i, j int) span {
	n := len(toks)
	if j+1 < n && toks[j+1].ment >= 0 {
		for k := i + 1; k < j; k++ {
			if toks[k].ment >= 0 {
				if k > i+1 {
					return span{{0, i}, {i + 1, k}, {j + 1, n}}
				}
				break
			}
		}
	}
	return span{{0, i}, {j + 1, n}}
}

// inCommon splits "X do A and B have in common" ("in" at i) into "X do
// A have" and "X do B have"; ok is false when the words before "in
// common" are not of that form.
func inCommon(toks []token, i int) (setSplit, bool) {
	v := i - 1 // the verb: have, share
	if !inSet(toks[v].low, "have", "share") {
		return setSplit{}, false
	}
	end := v // where B ends ("both" before the verb is neither's)
	if toks[end-1].low == "both" {
		end--
	}
	aux := -1
	for k := end - 1; k > 0; k-- {
		if inSet(toks[k].low, "do", "does", "did") {
			aux = k
			break
		}
	}
	and := -1
	if aux > 0 {
		and = wordIndex(toks, aux+2, end-1, "and")
	}
	if aux < 0 || and < 0 {
		return setSplit{}, false
	}
	return setSplit{op: handoff.OpIntersect, marker: "… and … in common",
		left:  span{{0, and}, {v, i}},
		right: span{{0, aux + 1}, {and + 1, end}, {v, i}}}, true
}

// commonOf splits "the common X of A and B" ("common" at i) into "the
// X of A" and "the X of B"; ok is false without "of", "between" or
// "for" and then "and" after X.
func commonOf(toks []token, i int) (setSplit, bool) {
	n := len(toks)
	of := -1
	for k := i + 2; k < n; k++ {
		if inSet(toks[k].low, "of", "between", "for") {
			of = k
			break
		}
		if toks[k].kind != tkWord {
			return setSplit{}, false
		}
	}
	and := -1
	if of > 0 {
		and = wordIndex(toks, of+2, n-1, "and")
	}
	if of < 0 || and < 0 {
		return setSplit{}, false
	}
	return setSplit{op: handoff.OpIntersect, marker: "common … of … and",
		left:  span{{0, i}, {i + 1, and}},
		right: span{{0, i}, {i + 1, of + 1}, {and + 1, n}}}, true
}

// wordIndex returns the first index in [from, to) of toks whose word is
// one of ws, or -1.
func wordIndex(toks []token, from, to int, ws ...string) int {
	for k := max(from, 0); k < min(to, len(toks)); k++ {
		if inSet(toks[k].low, ws...) {
			return k
		}
	}
	return -1
}

// sharedBy is the right side of "X shared by A and B" (marker at i,
// conjunction at j): X, then B where it parallels A, from A's first
// mention ("from team 'CLE' and 'CWS'") or its comparison ("with
// population bigger than 1500 and smaller than 500"); else B after the
// preposition ("by entrepreneurs that … and entrepreneurs that …").
func sharedBy(toks []token, i, j int) span {
	n := len(toks)
	if toks[j+1].ment >= 0 {
		return sharedRight(toks, i, j)
	}
	if comparatives[toks[j+1].low].op != "" {
		for k := i + 2; k < j; k++ {
			if comparatives[toks[k].low].op != "" {
				return span{{0, i}, {i + 1, k}, {j + 1, n}}
			}
		}
	}
	return span{{0, i}, {i + 1, i + 2}, {j + 1, n}}
}

func trimComma(toks []token, i int) int {
	for i > 0 && toks[i-1].kind == tkPunct && toks[i-1].low == "," {
		i--
	}
	return i
}

// parallel completes the right side of "A but not B" from A: B replaces
// the part of A that it parallels (the same leading word, or the last
// mention), else it follows A's subject.
func parallel(toks []token, leftEnd, rightStart int) span {
	n := len(toks)
	if rightStart >= n {
		return span{{0, leftEnd}}
	}
	r := toks[rightStart]
	if r.kind == tkWord && r.ment < 0 {
		for k := leftEnd - 1; k > 0; k-- {
			if toks[k].low == r.low {
				return span{{0, k}, {rightStart, n}}
			}
		}
	}
	if r.ment >= 0 {
		for k := leftEnd - 1; k > 0; k-- {
			if toks[k].ment >= 0 {
				m := toks[k].ment
				for k > 0 && toks[k-1].ment == m {
					k--
				}
				return span{{0, k}, {rightStart, n}}
			}
		}
	}
	// The object of A's last verb ("wrote sonnets but not ballads").
	if r.kind == tkWord && r.ment < 0 && !isFunction(r.low) {
		k := leftEnd
		for k > 0 && toks[k-1].kind == tkWord && toks[k-1].ment < 0 && !isFunction(toks[k-1].low) && !contentVerbs[toks[k-1].low] {
			k--
		}
		if k < leftEnd && k > 0 && contentVerbs[toks[k-1].low] {
			return span{{0, k}, {rightStart, n}}
		}
	}
	// The subject: up to the end of the first noun run after the
	// question words.
	k := 0
	for k < leftEnd && (questionWords[toks[k].low] || auxWords[toks[k].low] || commandWords[toks[k].low] || stopWords[toks[k].low] || toks[k].kind == tkPunct) {
		k++
	}
	for k < leftEnd && toks[k].kind == tkWord && !isFunction(toks[k].low) && toks[k].ment < 0 && !contentVerbs[toks[k].low] {
		k++
	}
	return span{{0, k}, {rightStart, n}}
}

// findNested finds a comparison with an aggregate ("older than the
// average age of singers", "above average"): the range of the aggregate
// phrase, up to the end of the clause.
//
// The bound may also be the extreme of things the comparison quantifies
// over ("a higher rating than all blues songs", "older than at least one
// engineer", "a larger enrollment than the largest college in Florida"):
// then agg is the aggregate of the compared attribute that bounds it, and
// the things are said from things on (start is where the quantifier is).
func findNested(toks []token) (start, things, end int, agg handoff.Aggregate, ok bool) {
	a := &analysis{toks: toks, skip: make([]bool, len(toks)), at: make([]int, len(toks)), rankedOf: -1, spentNeg: -1}
	for i := range a.at {
		a.at[i] = -1
	}
	for i := range toks {
		op, _, _, v, ok := a.comparator(i)
		if !ok || op == handoff.FilterEq {
			continue
		}
		start, ok := a.aggregateAt(v)
		things, agg := start, handoff.Aggregate("")
		if !ok {
			start = v
			things, agg, ok = a.quantifiedAt(v, op)
		}
		if !ok {
			continue
		}
		for agg == "" && start < len(toks) && inSet(toks[start].low, "that", "those") {
			start++
			things++
		}
		if start+1 < len(toks) && toks[start+1].kind == tkNum {
			continue // "more than total 10 hours": a value
		}
		end := things + 1
		// The phrase ends at a clause or a grouping of the question:
		// "How many students are older than average for each gender?"
		// counts per gender; one bound compares every student.
		for end < len(toks) && !(toks[end].kind == tkPunct && inSet(toks[end].low, ",", ";", "?", ".", "!", ")")) &&
			!inSet(toks[end].low, "and", "but", "or", "who", "which", "that", "whose", "where", "per") &&
			!(inSet(toks[end].low, "for", "in", "by") && end+1 < len(toks) && inSet(toks[end+1].low, "each", "every")) {
			end++
		}
		if things < len(toks) {
			return start, things, end, agg, true
		}
	}
	return 0, 0, 0, "", false
}

// cue records a cue once (same kind and text).
func (a *analysis) cue(c handoff.Cue) {
	if !slices.ContainsFunc(a.cues, func(x handoff.Cue) bool { return x.Kind == c.Kind && x.Text == c.Text }) {
		a.cues = append(a.cues, c)
	}
}

// valueNear reports whether one of the two tokens on side dir (-1 before,
// +1 after) of i is part of a mention or a number, or is a comparison
// word ("above 8000000 or below 5000000").
func (a *analysis) valueNear(i, dir int) bool {
	for k := i + dir; k != i+3*dir; k += dir {
		if k < 0 || k >= len(a.toks) || a.skip[k] {
			return false
		}
		if a.toks[k].ment >= 0 || a.toks[k].kind == tkNum || comparatives[a.w(k)].op != "" {
			return true
		}
	}
	return false
}

// answerPhrases are the wh-phrases of [handoff.CueAnswer], longest first.
var answerPhrases = [][]string{{"how", "many"}, {"how", "much"}, {"how", "old"}, {"how", "long"}, {"how", "big"},
	{"how", "tall"}, {"how", "large"}, {"what", "year"}, {"which", "year"}, {"who"}, {"whom"}, {"whose"}, {"when"}, {"where"},
	{"which"}, {"what"}}

// finishCues returns the clause's cues: the answer cue first (the first
// wh-phrase of the clause, with the attribute asked for when the
// question names one), then the others in the order found, the
// superlatives with the attribute they order by.
func (a *analysis) finishCues() []handoff.Cue {
	var out []handoff.Cue
	content := false // a content word before: a later wh-word is relative
	for i := range a.toks {
		if a.skip[i] {
			continue
		}
		if content && a.w(i-1) != "," {
			// "the name of scientists who are assigned": "who" is
			// relative, not the question's.
			continue
		}
		content = a.content(i)
		found := false
		for _, ph := range answerPhrases {
			if a.seq(i, ph...) {
				out = append(out, handoff.Cue{Kind: handoff.CueAnswer, Text: strings.Join(ph, " ")})
				found = true
				break
			}
		}
		if found {
			break
		}
	}
	for _, c := range a.cues {
		if c.Kind == handoff.CueSuperlative && c.Term == "" {
			c.Term = a.out.OrderBy
			if c.Term == "" && len(a.aggs) > 0 && a.aggs[0] == handoff.AggCount {
				c.Term = "count"
			}
		}
		out = append(out, c)
	}
	return out
}
