// Package vocab knows the words of English, as WordNet 3.0 lists them,
// and splits a schema name written as one word into the words it is
// written with: "surfacearea" → surface, area; "headofstate" → head, of,
// state; "lifeexpectancy" → life, expectancy.
//
// It sits below every other package of the module (it imports only the
// standard library), so that kg's one tokenizer ([kg.Words]) and the
// lexicon read identifiers the same way. Its word list, words.txt, is
// distilled by `go run ./lexicon/gen` (see there) and embedded.
package vocab

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// wordsText holds the one-word lemmas of WordNet 3.0, one per line after
// its licence notice ('#' lines); a common one (SemCor saw a sense of
// it) is marked " +".
//
//go:embed words.txt
var wordsText string

// lemmas maps each lemma to whether it is common.
var lemmas = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, 80000)
	for _, line := range strings.Split(wordsText, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w, common := strings.CutSuffix(line, " +")
		m[w] = common
	}
	return m
})

// joiners are the short words a schema writes inside a compound
// ("headofstate", "isofficial", "checkin", "hoursperweek"). "id" is
// none: a key written with its table's name ("albumid", "dormid") stays
// one word, which the agents read as a key (lexicon.KeyAbbreviation),
// not as the thing it names.
var joiners = map[string]bool{"of": true, "is": true, "in": true, "per": true}

// Known reports whether w (lower case) is a word of English: a WordNet
// lemma or an inflection of one ("states", "cities", "named", "playing").
func Known(w string) bool {
	known, _, _ := lookup(w)
	return known
}

// Lemma returns the WordNet lemma a regular inflection comes from
// ("smiled" → "smile", "cities" → "city"); w itself when it is a lemma
// ("closing" is one) or no known word.
func Lemma(w string) string {
	if _, ok := lemmas()[w]; ok {
		return w
	}
	for _, suf := range inflections {
		if stem, ok := strings.CutSuffix(w, suf.cut); ok && len(stem) >= 3 {
			if _, ok := lemmas()[stem+suf.add]; ok {
				return stem + suf.add
			}
		}
	}
	return w
}

// inflections undo the regular endings of English words: cut the
// ending, add the rest.
var inflections = []struct{ cut, add string }{
	{"ies", "y"}, {"es", ""}, {"s", ""}, {"ied", "y"}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}, {"er", ""}, {"est", ""},
}

// lookup reports whether w is known, whether its lemma is common, and
// whether it is an inflection (not the lemma itself).
func lookup(w string) (known, common, inflected bool) {
	if c, ok := lemmas()[w]; ok {
		return true, c, false
	}
	for _, suf := range inflections {
		if stem, ok := strings.CutSuffix(w, suf.cut); ok && len(stem) >= 3 {
			if c, ok := lemmas()[stem+suf.add]; ok {
				return true, c, true
			}
		}
	}
	return false, false, false
}

// cell is the best split of the rest of a name from some offset: its
// parts, how many are common words and how many inflected, the sum of
// their squared lengths, and where its first part ends.
type cell struct {
	parts, common, inflected, squares, next int
	ok                                      bool
}

// better reports whether split c is preferred to d.
func (c cell) better(d cell) bool {
	switch {
	case c.parts != d.parts:
		return c.parts < d.parts
	case c.common != d.common:
		return c.common > d.common
	case c.inflected != d.inflected:
		return c.inflected < d.inflected
	}
	return c.squares > d.squares
}

// abbreviated splits a name that starts with an abbreviation: letters
// that are no word, then words ("indepyear" → indep, year;
// "mgrstartdate" → mgr, start, date). The abbreviation has three to
// five letters and the words after it are common words of four
// letters or more, so that "stuid", "custid" and "fname" stay whole.
// best holds the splits of the name's tails ([Split]).
func abbreviated(name string, best []cell) []string {
	for k := 3; k <= 5 && k+4 <= len(name); k++ {
		if Known(name[:k]) || !best[k].ok {
			continue
		}
		out := []string{name[:k]}
		for i := k; i < len(name); i = best[i].next {
			w := name[i:best[i].next]
			if _, common, _ := lookup(w); len(w) < 4 || !common {
				return nil
			}
			out = append(out, w)
		}
		return out
	}
	return nil
}

// maxSplit is the longest name Split tries (longer runs are left whole).
const maxSplit = 40

// Split returns the words a lower-case name of letters written as one
// word is made of ("surfacearea" → surface, area), or nil when the name
// is a word itself ([Known]), or is not made wholly of known words
// ("stuid", "fname"), unless it starts with an abbreviation followed by
// common words ("indepyear" → indep, year). Each part is a lemma of three letters or more
// (or an inflection of one: "headsofstate") or one of a few short
// joiners ("of", "is", "in", "per"). Of several ways it takes the one
// with the fewest parts, then the most common words ("games played",
// not "game splayed"), then the fewest inflected ones ("mail shot", not
// "mails hot"), then the longer parts (the greater sum of their squared
// lengths). A key written with its table's name ("driverid",
// "albumid") is no compound: not "drive rid".
func Split(name string) []string {
	n := len(name)
	if n < 5 || n > maxSplit {
		return nil
	}
	if v, ok := splits.Load(name); ok {
		return slices.Clone(v.([]string))
	}
	out := split(name)
	if cached.Add(1) <= maxCached {
		splits.Store(name, out)
	}
	return slices.Clone(out)
}

// splits caches Split's answers (the tokenizer asks the same names again
// and again), up to maxCached names.
var (
	splits sync.Map
	cached atomic.Int64
)

// maxCached bounds the names whose split is cached.
const maxCached = 1 << 16

// split is Split without the cache.
func split(name string) []string {
	n := len(name)
	if Known(name) {
		return nil
	}
	for i := 0; i < n; i++ {
		if name[i] < 'a' || name[i] > 'z' {
			return nil
		}
	}
	if stem, ok := strings.CutSuffix(name, "id"); ok && Known(stem) {
		return nil
	}
	// part reports whether name[i:j] can be a part, and scores it.
	part := func(i, j int) (ok bool, c cell) {
		w := name[i:j]
		if joiners[w] {
			return true, cell{common: 1}
		}
		if len(w) < 3 {
			return false, c
		}
		known, common, inflected := lookup(w)
		if !known {
			return false, c
		}
		if common {
			c.common = 1
		}
		if inflected {
			c.inflected = 1
		}
		c.squares = len(w) * len(w)
		return true, c
	}
	best := make([]cell, n+1)
	best[n] = cell{ok: true}
	for i := n - 1; i >= 0; i-- {
		for j := i + 1; j <= n; j++ {
			if !best[j].ok {
				continue
			}
			ok, c := part(i, j)
			if !ok {
				continue
			}
			r := best[j]
			c = cell{parts: r.parts + 1, common: r.common + c.common, inflected: r.inflected + c.inflected, squares: r.squares + c.squares, next: j, ok: true}
			if !best[i].ok || c.better(best[i]) {
				best[i] = c
			}
		}
	}
	if !best[0].ok || best[0].parts < 2 {
		return abbreviated(name, best)
	}
	var out []string
	for i := 0; i < n; i = best[i].next {
		out = append(out, name[i:best[i].next])
	}
	// One word with joiners is a compound only as "is <quality>"
	// ("isofficial"), not "check" + "in".
	words := 0
	for _, w := range out {
		if !joiners[w] {
			words++
		}
	}
	if words == 0 || words == 1 && !(len(out) == 2 && out[0] == "is") {
		return nil
	}
	return out
}
