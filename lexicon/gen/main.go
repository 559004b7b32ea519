// Command gen distils the word lists of package lexicon from WordNet 3.0.
//
// It writes irregular.txt, the irregular inflections of English verbs
// ("left" → "leave", "taken" → "take", "held" → "hold"), from WordNet's
// verb exception list; vocab/words.txt, the one-word lemmas of its
// nouns, verbs, adjectives and adverbs (package vocab splits schema
// names written as one word with it: "surfacearea", "headofstate"); and
// related.txt, the links between words that name the same thing another
// way ([related]). Debian's wordnet-base package installs WordNet:
//
//	apt-get install -y wordnet-base
//	go run ./lexicon/gen -wordnet /usr/share/wordnet -out lexicon/irregular.txt -vocab lexicon/vocab/words.txt -related lexicon/related.txt
//
// The vocabulary keeps lemmas of letters only, of 3 to 20 letters; a
// lemma of three letters only when SemCor saw one of its senses (its
// tag-sense count is above 0), so that rare short lemmas ("ers", "ana")
// do not split ordinary words. A lemma SemCor saw is marked " +": a
// common word, which a split prefers ("games played", not "game
// splayed").
//
// The output starts with WordNet's licence notice in '#' comment lines,
// as the licence asks of every copy. Each other line is an inflected form
// and its base form, separated by a space, sorted by form. Forms with
// several bases keep the first. Multi-word entries, forms equal to their
// base and forms that are themselves the base form of a verb ("found" of
// "find" is also "to found", "ground" of "grind" also "to ground") are
// dropped: folding them would lose the verb they also are.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	dir := flag.String("wordnet", "/usr/share/wordnet", "directory of the WordNet 3.0 database (verb.exc)")
	out := flag.String("out", "lexicon/irregular.txt", "file to write")
	vocabOut := flag.String("vocab", "lexicon/vocab/words.txt", "file to write the vocabulary to")
	relatedOut := flag.String("related", "lexicon/related.txt", "file to write the related words to")
	flag.Parse()
	if err := run(*dir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := vocabulary(*dir, *vocabOut); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := related(*dir, *relatedOut); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// vocabulary writes the one-word lemmas of WordNet's four index files to
// out, sorted, one per line after the licence notice, the common ones
// (SemCor saw a sense of them) marked " +".
func vocabulary(dir, out string) error {
	seen := map[string]bool{}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		if err := readIndex(filepath.Join(dir, "index."+pos), func(w string, tagged int, _ []string) {
			if !plain(w) || len(w) < 3 || len(w) > 20 || len(w) == 3 && tagged == 0 {
				return
			}
			seen[w] = seen[w] || tagged > 0
		}); err != nil {
			return err
		}
	}
	if len(seen) == 0 {
		return fmt.Errorf("%s: no lemmas", dir)
	}
	words := make([]string, 0, len(seen))
	for w := range seen {
		words = append(words, w)
	}
	slices.Sort(words)
	var b strings.Builder
	head := strings.Replace(licence, "Irregular verb forms distilled by go run ./lexicon/gen from WordNet 3.0 (verb.exc, index.verb).",
		"One-word lemmas distilled by go run ./lexicon/gen from WordNet 3.0 (index.noun, index.verb, index.adj, index.adv).", 1)
	for _, l := range strings.Split(strings.TrimSpace(head), "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	for _, w := range words {
		if seen[w] {
			w += " +" // SemCor saw a sense of it: a common word
		}
		b.WriteString(w + "\n")
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	fmt.Fprintf(os.Stderr, "gen: %d lemmas → %s\n", len(words), out)
	return nil
}

func run(dir, out string) error {
	verbs, err := lemmas(filepath.Join(dir, "index.verb"))
	if err != nil {
		return err
	}
	pairs, err := irregular(filepath.Join(dir, "verb.exc"), verbs)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(licence), "\n") {
		b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
	}
	for _, p := range pairs {
		b.WriteString(p[0] + " " + p[1] + "\n")
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	fmt.Fprintf(os.Stderr, "gen: %d irregular forms → %s\n", len(pairs), out)
	return nil
}

// irregular reads a WordNet exception list: lines of an inflected form
// followed by its base forms. The forms that are base forms of verbs
// (verbs) are left out.
func irregular(path string, verbs map[string]bool) ([][2]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading WordNet exceptions: %w (install Debian's wordnet-base)", err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var pairs [][2]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 {
			return nil, fmt.Errorf("%s:%d: want a form and its base, got %q", path, n, sc.Text())
		}
		form, base := fs[0], fs[1]
		if form == base || seen[form] || verbs[form] || !plain(form) || !plain(base) {
			continue
		}
		seen[form] = true
		pairs = append(pairs, [2]string{form, base})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	slices.SortFunc(pairs, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return pairs, nil
}

// lemmas reads the lemmas of a WordNet index file (lines of a lemma and
// its figures; licence lines start with a space).
func lemmas(path string) (map[string]bool, error) {
	out := map[string]bool{}
	if err := readIndex(path, func(lemma string, _ int, _ []string) { out[lemma] = true }); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no lemmas", path)
	}
	return out, nil
}

// licence is WordNet 3.0's licence notice, which every copy of the
// database, and so of what is distilled from it, carries.
const licence = `
Irregular verb forms distilled by go run ./lexicon/gen from WordNet 3.0 (verb.exc, index.verb).

WordNet Release 3.0. This software and database is being provided to you, the LICENSEE, by
Princeton University under the following license. By obtaining, using and/or copying this
software and database, you agree that you have read, understood, and will comply with these
terms and conditions.:

Permission to use, copy, modify and distribute this software and database and its
documentation for any purpose and without fee or royalty is hereby granted, provided that
you agree to comply with the following copyright notice and statements, including the
disclaimer, and that the same appear on ALL copies of the software, database and
documentation, including modifications that you make for internal use or for distribution.

WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.

THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION,
PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT- ABILITY OR FITNESS
FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR
DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER
RIGHTS.

The name of Princeton University or Princeton may not be used in advertising or publicity
pertaining to distribution of the software and/or database. Title to copyright in this
software, database and any associated documentation shall at all times remain with
Princeton University and LICENSEE agrees to preserve same.
`

// plain reports whether w is one lower-case word of letters.
func plain(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}
