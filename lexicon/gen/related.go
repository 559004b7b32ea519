package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A synset of WordNet's data files: its words (lower case, without an
// adjective's syntactic marker) and its pointers.
type synset struct {
	words   []string
	ptrs    []pointer
	lexfile string // the lexicographer file's number ("15": noun.location)
}

// A pointer of a synset: its symbol, the synset it points to (part of
// speech letter and offset) and, for a lexical pointer, the numbers of
// its source and target words (1-based; 0 for a semantic pointer).
type pointer struct {
	symbol      string
	pos, offset string
	src, tgt    int
}

// related writes out, the pairs of one-word lemmas that name one thing
// two ways, as lines "word relation other", sorted:
//
//   - d: derivationally related forms of a noun and a verb ("director d
//     direct", "visitor d visit", "rating d rate"), WordNet's "+"
//     pointers between nouns and verbs;
//   - a: an adjective and the noun of the attribute it is a value of
//     ("old a age", "tall a height", "expensive a expensiveness"),
//     WordNet's "=" pointers;
//   - s: two nouns whose first (most frequent) sense is the same synset
//     ("film s movie", "salary s wage", "telephone s phone");
//   - p: a noun whose first sense is a kind of person, and
//     "person" ("visitor p person", "tourist p person"), WordNet's
//     hyponyms of person's first sense, followed down.
//
// Only lemmas of letters of 3 to 20 letters are kept, and only pairs of
// which SemCor saw at least one word (a common word), so that the file
// stays small and its links ordinary.
func related(dir, out string) error {
	common := map[string]bool{}
	first := map[string]string{}     // noun lemma → its first synset's offset
	firstVerb := map[string]string{} // verb lemma → its first synset's offset
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		if err := readIndex(filepath.Join(dir, "index."+pos), func(lemma string, tagged int, offsets []string) {
			if tagged > 0 {
				common[lemma] = true
			}
			if pos == "noun" && len(offsets) > 0 {
				first[lemma] = offsets[0]
			}
			if pos == "verb" && len(offsets) > 0 {
				firstVerb[lemma] = offsets[0]
			}
		}); err != nil {
			return err
		}
	}
	data := map[string]map[string]*synset{} // pos letter → offset → synset
	for _, pos := range []string{"noun", "verb", "adj"} {
		m, err := readData(filepath.Join(dir, "data."+pos))
		if err != nil {
			return err
		}
		data[pos[:1]] = m
	}
	lookup := func(pos, offset string) *synset {
		if pos == "s" {
			pos = "a" // an adjective satellite lives in data.adj
		}
		return data[pos][offset]
	}
	keep := func(a, b string) bool {
		return a != b && word(a) && word(b) && (common[a] || common[b])
	}
	seen := map[string]bool{}
	var lines []string
	add := func(a, rel, b string) {
		if l := a + " " + rel + " " + b; keep(a, b) && !seen[l] {
			seen[l] = true
			lines = append(lines, l)
		}
	}
	for _, n := range sortedKeys(data["n"]) {
		ss := data["n"][n]
		for _, p := range ss.ptrs {
			switch {
			case p.symbol == "+" && p.pos == "v" && p.src > 0 && p.tgt > 0:
				if t := lookup(p.pos, p.offset); t != nil && p.src <= len(ss.words) && p.tgt <= len(t.words) {
					add(ss.words[p.src-1], "d", t.words[p.tgt-1])
				}
			case p.symbol == "=":
				if t := lookup(p.pos, p.offset); t != nil {
					for _, adj := range t.words {
						for _, noun := range ss.words {
							add(adj, "a", noun)
						}
					}
				}
			}
		}
		for _, a := range ss.words {
			for _, b := range ss.words {
				if a < b && first[a] == n && first[b] == n {
					add(a, "s", b)
				}
			}
		}
	}
	// v: two verbs whose first sense is one synset ("marry", "wed").
	for _, v := range sortedKeys(data["v"]) {
		ss := data["v"][v]
		for _, a := range ss.words {
			for _, b := range ss.words {
				if a < b && firstVerb[a] == v && firstVerb[b] == v {
					add(a, "v", b)
				}
			}
		}
	}
	// p: the common nouns whose first sense is a kind of person (the
	// hyponyms of person's first sense, transitively).
	if root, ok := first["person"]; ok {
		kinds := map[string]bool{root: true}
		for queue := []string{root}; len(queue) > 0; queue = queue[1:] {
			ss := data["n"][queue[0]]
			if ss == nil {
				continue
			}
			for _, p := range ss.ptrs {
				if p.symbol == "~" && p.pos == "n" && !kinds[p.offset] {
					kinds[p.offset] = true
					queue = append(queue, p.offset)
				}
			}
		}
		for lemma, off := range first {
			// (Rarer words too: "swimmer", "climber" name people as
			// surely as "visitor" does.)
			if kinds[off] && word(lemma) && lemma != "person" {
				add(lemma, "p", "person")
			}
		}
	}
	// l: an adjective and the place it pertains to ("french l france",
	// "british l great_britain"), WordNet's "\\" pointers from adjectives
	// to nouns of places (noun.location), each name of the place and of
	// the region it is said to be the domain of ("great_britain" of
	// "united_kingdom"), words joined by '_'.
	const location = "15"
	for _, off := range sortedKeys(data["a"]) {
		ss := data["a"][off]
		for _, p := range ss.ptrs {
			if p.symbol != "\\" || p.pos != "n" || p.src == 0 || p.src > len(ss.words) {
				continue
			}
			adj := ss.words[p.src-1]
			t := lookup(p.pos, p.offset)
			if t == nil || t.lexfile != location || !word(adj) || !common[adj] {
				continue
			}
			places := []*synset{t}
			for _, q := range t.ptrs {
				if r := lookup(q.pos, q.offset); q.symbol == ";r" && q.pos == "n" && r != nil && r.lexfile == location {
					places = append(places, r)
				}
			}
			for _, pl := range places {
				for _, name := range pl.words {
					if l := adj + " l " + name; placeName(name) && !seen[l] {
						seen[l] = true
						lines = append(lines, l)
					}
				}
			}
		}
	}
	if len(lines) == 0 {
		return fmt.Errorf("%s: no related words", dir)
	}
	slices.Sort(lines)
	var b strings.Builder
	head := strings.Replace(licence, "Irregular verb forms distilled by go run ./lexicon/gen from WordNet 3.0 (verb.exc, index.verb).",
		"Related words distilled by go run ./lexicon/gen from WordNet 3.0 (data.noun, data.verb, data.adj, index.*):\nd: a noun and a verb derivationally related; a: an adjective and the attribute it is a value of;\ns: two nouns whose first sense is one synset; v: two verbs whose first sense is one synset;\np: a common noun whose first sense is a kind of person, and person.", 1)
	for _, l := range strings.Split(strings.TrimSpace(head), "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	fmt.Fprintf(os.Stderr, "gen: %d related pairs → %s\n", len(lines), out)
	return nil
}

// word reports whether w is a lemma the related words keep: letters
// only, 3 to 20 of them.
func word(w string) bool { return plain(w) && len(w) >= 3 && len(w) <= 20 }

// placeName reports whether w is a place's name the file keeps: words of
// letters joined by '_', 2 to 40 letters in all ("uk", "great_britain").
func placeName(w string) bool {
	return len(w) >= 2 && len(w) <= 40 && strings.Trim(w, "_") == w && plain(strings.ReplaceAll(w, "_", ""))
}

func sortedKeys(m map[string]*synset) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// readIndex calls f with each lemma of a WordNet index file, its
// tag-sense count and its synset offsets in sense order.
func readIndex(path string, f func(lemma string, tagged int, offsets []string)) error {
	file, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading WordNet index: %w (install Debian's wordnet-base)", err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		fs := strings.Fields(line)
		// lemma pos synset_cnt p_cnt ptr×p_cnt sense_cnt tagsense_cnt offset×synset_cnt
		if len(fs) < 4 {
			return fmt.Errorf("%s:%d: a short index line %q", path, n, line)
		}
		synsets, err1 := strconv.Atoi(fs[2])
		ptrs, err2 := strconv.Atoi(fs[3])
		if err1 != nil || err2 != nil || 4+ptrs+2+synsets > len(fs) {
			return fmt.Errorf("%s:%d: unreadable counts in %q", path, n, line)
		}
		tagged, err := strconv.Atoi(fs[4+ptrs+1])
		if err != nil {
			return fmt.Errorf("%s:%d: unreadable tag-sense count in %q", path, n, line)
		}
		f(fs[0], tagged, fs[4+ptrs+2:4+ptrs+2+synsets])
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// readData reads a WordNet data file: each synset by its offset.
func readData(path string) (map[string]*synset, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading WordNet data: %w (install Debian's wordnet-base)", err)
	}
	defer file.Close()
	out := map[string]*synset{}
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		if i := strings.Index(line, " | "); i >= 0 {
			line = line[:i]
		}
		fs := strings.Fields(line)
		// offset lex_filenum ss_type w_cnt (word lex_id)×w_cnt p_cnt (ptr offset pos src/tgt)×p_cnt …
		bad := fmt.Errorf("%s:%d: unreadable synset %q", path, n, line)
		if len(fs) < 4 {
			return nil, bad
		}
		w, err := strconv.ParseUint(fs[3], 16, 8)
		if err != nil || 4+2*int(w) >= len(fs) {
			return nil, bad
		}
		ss := &synset{lexfile: fs[1]}
		for k := 0; k < int(w); k++ {
			lemma := strings.ToLower(fs[4+2*k])
			if i := strings.IndexByte(lemma, '('); i > 0 {
				lemma = lemma[:i] // an adjective's marker: "(a)", "(p)", "(ip)"
			}
			ss.words = append(ss.words, lemma)
		}
		at := 4 + 2*int(w)
		p, err := strconv.Atoi(fs[at])
		if err != nil || at+1+4*p > len(fs) {
			return nil, bad
		}
		for k := 0; k < p; k++ {
			f := fs[at+1+4*k : at+5+4*k]
			st, err := strconv.ParseUint(f[3], 16, 16)
			if err != nil {
				return nil, bad
			}
			ss.ptrs = append(ss.ptrs, pointer{symbol: f[0], offset: f[1], pos: f[2], src: int(st >> 8), tgt: int(st & 0xff)})
		}
		out[fs[0]] = ss
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return out, nil
}
