package lexicon

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// irregularText holds the irregular inflections of English verbs, one
// "form base" pair per line after WordNet's licence notice ('#' lines),
// distilled from WordNet 3.0 by `go run ./lexicon/gen` (see there).
//
//go:embed irregular.txt
var irregularText string

var irregular = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, 2300)
	for _, line := range strings.Split(irregularText, "\n") {
		if strings.HasPrefix(line, "#") {
			continue // the licence notice
		}
		if form, base, ok := strings.Cut(line, " "); ok {
			m[form] = base
		}
	}
	return m
})

// VerbBase maps an irregular inflection of an English verb to its base
// form ("left" → "leave", "taken" → "take", "held" → "hold"); other
// words are returned unchanged. Forms that are also the base of a verb
// ("found", "ground") are not folded.
func VerbBase(w string) string {
	if b, ok := irregular()[w]; ok {
		return b
	}
	return w
}

// Fold is the one normal form under which the words of a question and
// of a schema are compared: a lower-case word loses its plural ending
// ([Singular]) and an irregular verb form becomes its base ([VerbBase]),
// so "leave" meets date_left_staff and "shots" meets shot.
func Fold(w string) string { return VerbBase(Singular(w)) }

// Compound is the [Fold] of words written together, the way schemas often
// write a compound: "allergy types" meets allergytype, "room type"
// roomtype, "dorm id" dormid. It is "" for fewer than two words.
func Compound(words []string) string {
	if len(words) < 2 {
		return ""
	}
	return Fold(strings.ToLower(strings.Join(words, "")))
}

// SaysQualifiers reports whether the words of a question (said) hold,
// in any order and apart, every word of a schema name of three words or
// more but its last, each compared under [Fold]: "Which station did the
// longest trip start from?" says the start and station of
// start_station_name.
func SaysQualifiers(said, name []string) bool {
	if len(name) < 3 {
		return false
	}
	folded := make([]string, len(said))
	for i, w := range said {
		folded[i] = Fold(strings.ToLower(w))
	}
	return !slices.ContainsFunc(name[:len(name)-1], func(w string) bool { return !slices.Contains(folded, Fold(strings.ToLower(w))) })
}

// SaysName reports whether the words of a question (said) hold the
// words of a schema name of two words or more as one run, each compared
// under [Fold]: "the date valid from and the date valid to" says
// date_valid_to. A name of one word is never "said" this way (it is too
// easily a word of something else).
func SaysName(said, name []string) bool {
	if len(name) < 2 || len(name) > len(said) {
		return false
	}
	fold := func(ws []string) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = Fold(strings.ToLower(w))
		}
		return out
	}
	s, n := fold(said), fold(name)
	for i := 0; i+len(n) <= len(s); i++ {
		if slices.Equal(s[i:i+len(n)], n) {
			return true
		}
	}
	return false
}
