package kg

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is the tokeniser for free text: questions and literal values.
// Names of classes and properties (camelCase, snake_case, table#column)
// are split by [Words] instead.

// textToken is one word of a free text, lower-cased and folded.
type textToken struct {
	text    string // lower-cased, diacritics folded
	start   int    // byte offset of the word in the original text
	end     int    // byte offset just after it
	numeric bool   // digits only
	upper   bool   // the word starts with an upper-case letter in the text
	caps    bool   // the word has letters, all upper-case in the text ("AS", "F", "A340")
}

// maxTextTokens bounds the words taken from one text, so that a huge query
// or value costs bounded time.
const maxTextTokens = 256

// tokenizeText splits s into words: maximal runs of letters and digits
// (letters and digits stay together: "a320", "3rd"), lower-cased, with
// Latin diacritics folded ("é" → "e", "ß" → "ss") and combining marks
// dropped. Anything else separates words. A possessive "'s" is dropped
// ("men's" → "men") and so are the endings of contractions ("didn't" →
// "didn", "they're" → "they"). At most maxTextTokens words are returned.
func tokenizeText(s string) []textToken {
	var out []textToken
	var cur strings.Builder
	start, upper, numeric, lower := -1, false, true, false
	flush := func(end int) {
		if start >= 0 && cur.Len() > 0 {
			out = append(out, textToken{text: cur.String(), start: start, end: end, numeric: numeric, upper: upper,
				caps: !numeric && !lower})
		}
		cur.Reset()
		start, upper, numeric, lower = -1, false, true, false
	}
	for i := 0; i < len(s) && len(out) < maxTextTokens; {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
				upper = unicode.IsUpper(r)
			}
			if !unicode.IsDigit(r) {
				numeric = false
			}
			if unicode.IsLower(r) || (unicode.IsLetter(r) && !unicode.IsUpper(r)) {
				lower = true
			}
			foldRune(&cur, r)
		case unicode.Is(unicode.Mn, r) && start >= 0:
			// a combining mark inside a word: dropped (decomposed accents)
		case (r == '\'' || r == '’') && start >= 0 && contractionEnd(s[i+size:]) > 0:
			n := contractionEnd(s[i+size:])
			flush(i)
			i += size + n // skip the quote and the ending
			continue
		default:
			flush(i)
		}
		i += size
	}
	if len(out) < maxTextTokens {
		flush(len(s))
	}
	return out
}

// contractionEnd returns the length of the possessive or contraction
// ending ("s", "t", "re", "ll", "d", "ve", "m") that rest starts with and
// that ends a word, else 0.
func contractionEnd(rest string) int {
	for _, e := range [...]string{"s", "t", "re", "ll", "d", "ve", "m"} {
		if len(rest) < len(e) || !strings.EqualFold(rest[:len(e)], e) {
			continue
		}
		if len(rest) == len(e) {
			return len(e)
		}
		r, _ := utf8.DecodeRuneInString(rest[len(e):])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return len(e)
		}
	}
	return 0
}

// FoldText returns s lower-cased with Latin diacritics folded and
// combining marks dropped, as the text search compares words:
// "Hángzhōu" → "hangzhou".
func FoldText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		foldRune(&b, r)
	}
	return b.String()
}

// foldRune writes the lower-case, diacritic-free form of r to b.
func foldRune(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		b.WriteByte(byte(r))
		return
	}
	r = unicode.ToLower(r)
	if f, ok := latinFold[r]; ok {
		b.WriteString(f)
		return
	}
	b.WriteRune(r)
}

// latinFold maps lower-case Latin letters with diacritics to their base
// letters (Latin-1 Supplement and Latin Extended-A).
var latinFold = func() map[rune]string {
	m := make(map[rune]string)
	add := func(base string, letters string) {
		for _, r := range letters {
			m[r] = base
		}
	}
	add("a", "àáâãäåāăą")
	add("c", "çćĉċč")
	add("d", "ďđð")
	add("e", "èéêëēĕėęě")
	add("g", "ĝğġģ")
	add("h", "ĥħ")
	add("i", "ìíîïĩīĭįı")
	add("j", "ĵ")
	add("k", "ķ")
	add("l", "ĺļľŀł")
	add("n", "ñńņňŉ")
	add("o", "òóôõöøōŏő")
	add("r", "ŕŗř")
	add("s", "śŝşš")
	add("t", "ţťŧ")
	add("u", "ùúûüũūŭůűų")
	add("w", "ŵ")
	add("y", "ýÿŷ")
	add("z", "źżž")
	m['ß'] = "ss"
	m['æ'] = "ae"
	m['œ'] = "oe"
	m['þ'] = "th"
	return m
}()

// isStopword reports whether a folded word is an English function word or
// a word that questions use to ask rather than to name something
// ("what", "list", "many"). Stopwords weigh little in value linking and
// never link a value on their own.
func isStopword(w string) bool {
	_, ok := stopwords[w]
	return ok
}

var stopwords = func() map[string]struct{} {
	const list = `a an the of in on at to for from by with without about into onto over under
	and or nor but not no than then as is are was were be been being am do does did
	has have had having it its this that these those there here such
	what which who whom whose where when why how many much
	all any each every some both either neither other others another same
	i me my we our us you your he him his she her they them their
	can could would should will shall may might must
	show list give find return tell display get count number numbers
	please also only just more most less least very per between among
	if else whether so too up down out off s t
	don doesn didn isn aren wasn weren haven hasn hadn wouldn couldn shouldn`
	m := make(map[string]struct{})
	for _, w := range strings.Fields(list) {
		m[w] = struct{}{}
	}
	return m
}()
