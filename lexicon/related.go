package lexicon

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// relatedText holds the related words distilled from WordNet 3.0 by `go
// run ./lexicon/gen` (see there): lines "word relation other" after
// WordNet's licence notice ('#' lines), with relation d (a noun and a
// verb derivationally related: "director d direct"), a (an adjective and
// the attribute it is a value of: "old a age"), s (two nouns whose
// first sense is one synset: "film s movie"), v (two verbs likewise:
// "marry v wed"), p (a common noun whose
// first sense is a kind of person: "visitor p person") or l (an
// adjective and a name of the place it pertains to: "french l france").
//
//go:embed related.txt
var relatedText string

// Relation is a kind of link between two words of [Related].
type Relation byte

// The relations of [Related].
const (
	// Derived links a noun and a verb that name one action or its
	// doer ("director", "direct"; "visitor", "visit").
	Derived Relation = 'd'
	// AttributeOf links an adjective and the attribute it is a value of
	// ("old", "age"; "tall", "height"; "large", "size").
	AttributeOf Relation = 'a'
	// Synonym links two nouns whose most frequent sense is the same
	// ("film", "movie"; "salary", "wage").
	Synonym Relation = 's'
	// VerbSynonym links two verbs whose most frequent sense is the same
	// ("marry", "wed"; "buy", "purchase").
	VerbSynonym Relation = 'v'
	// KindOfPerson links a common noun whose most frequent sense is a
	// kind of person to "person" ("visitor", "tourist", "gymnast").
	KindOfPerson Relation = 'p'
	// PlaceOf links an adjective to each name of the place it pertains
	// to ("british", "united_kingdom"; "french", "france"), the words of
	// a name joined by '_'.
	PlaceOf Relation = 'l'
)

// PlacesOf returns the names of the place an adjective pertains to, in
// lower case, words separated by spaces: PlacesOf("British") is
// [britain gb great britain uk united kingdom], PlacesOf("French")
// [france french republic]; nil for another word.
func PlacesOf(adj string) []string {
	var out []string
	for _, l := range relatedWords()[strings.ToLower(adj)] {
		if l.rel == PlaceOf && !l.back {
			out = append(out, strings.ReplaceAll(l.word, "_", " "))
		}
	}
	return out
}

// Person reports whether the noun w (any inflection) names people: a
// kind of person in WordNet ("visitors", "tourist", "employee"), or
// "person" and "people" themselves.
func Person(w string) bool {
	w = Fold(strings.ToLower(w))
	return w == "person" || AreRelated(w, "person", KindOfPerson)
}

type link struct {
	word string
	rel  Relation
	back bool // read from the line's right word to its left
}

var relatedWords = sync.OnceValue(func() map[string][]link {
	m := make(map[string][]link, 16000)
	for _, line := range strings.Split(relatedText, "\n") {
		if strings.HasPrefix(line, "#") {
			continue // the licence notice
		}
		f := strings.Fields(line)
		if len(f) != 3 || len(f[1]) != 1 {
			continue
		}
		r := Relation(f[1][0])
		m[f[0]] = append(m[f[0]], link{f[2], r, false})
		m[f[2]] = append(m[f[2]], link{f[0], r, true})
	}
	return m
})

// Related returns the words WordNet links to the lower-case word w by
// one of rels (all of them when none is given), in the file's order:
// Related("director") is [direct manager], Related("old",
// AttributeOf) [age]. The words are lemmas; fold an inflected word
// first ([Fold]).
func Related(w string, rels ...Relation) []string {
	var out []string
	for _, l := range relatedWords()[w] {
		if (len(rels) == 0 || slices.Contains(rels, l.rel)) && !slices.Contains(out, l.word) {
			out = append(out, l.word)
		}
	}
	return out
}

// AreRelated reports whether WordNet links the lower-case lemmas a and b
// by one of rels (any relation when none is given).
func AreRelated(a, b string, rels ...Relation) bool {
	for _, l := range relatedWords()[a] {
		if l.word == b && (len(rels) == 0 || slices.Contains(rels, l.rel)) {
			return true
		}
	}
	return false
}
