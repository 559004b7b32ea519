package decomposer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tokens.

type tkind uint8

const (
	tkWord  tkind = iota
	tkNum         // a number in digits or words; norm holds its value
	tkDate        // a date; norm holds YYYY-MM-DD, YYYY-MM or YYYY
	tkQuote       // a quoted string; text is the inner text
	tkPunct       // punctuation or a comparison symbol
	tkPoss        // possessive 's or '
)

type token struct {
	kind       tkind
	text       string // as written (inner text for quotes)
	low        string // lower case, typographic apostrophes folded
	start, end int    // byte offsets of text
	ostart     int    // byte offsets including quotes
	oend       int
	norm       string // value of a number or date
	cap        bool   // a word that starts with an upper-case letter
	year       bool   // a number that reads as a year
	ment       int    // index of its mention, -1 if none
	money      bool   // a number written after a currency sign ("$60")
	tag        bool   // the "?" after a question tag (", right?"): yes or no is asked
}

// questionTag drops a question tag from the end of toks (", right?",
// ", isn't she?", ", is that correct?") and marks the "?" after it, so
// that "Lenny Kravitz is an artist, right?" asks, as "Is Lenny Kravitz
// an artist?" does, whether it is so. Other tokens are returned as they
// are.
func questionTag(toks []token) []token {
	n := len(toks)
	if n < 4 || toks[n-1].low != "?" {
		return toks
	}
	comma := -1
	for k := n - 2; k >= max(1, n-5); k-- {
		if toks[k].low == "," {
			comma = k
			break
		}
	}
	if comma < 0 {
		return toks
	}
	var ws []string
	for _, t := range toks[comma+1 : n-1] {
		if t.kind != tkWord {
			return toks
		}
		ws = append(ws, t.low)
	}
	pronoun := func(w string) bool { return inSet(w, "it", "he", "she", "they", "there", "that", "i", "we", "you") }
	tag := false
	switch len(ws) {
	case 1:
		tag = inSet(ws[0], "right", "correct", "true", "yes", "no", "eh", "yeah")
	case 2:
		// "isn't she", "doesn't it", "aren't they", "did he"
		tag = (strings.HasSuffix(ws[0], "n't") || auxWords[ws[0]]) && pronoun(ws[1]) ||
			ws[0] == "am" && ws[1] == "i" || ws[0] == "or" && ws[1] == "not"
	case 3:
		// "is that right", "is that so", "is it not"
		tag = auxWords[ws[0]] && pronoun(ws[1]) && inSet(ws[2], "right", "correct", "true", "so", "not")
	}
	if !tag {
		return toks
	}
	out := append(slices.Clone(toks[:comma]), toks[n-1])
	out[len(out)-1].tag = true
	return out
}

// conjunctions reads "as well as" as the one word "and" ("the average
// amount, as well as the total amount"), spanning the three words, and
// "came out" as "released"; it drops "other" after "which" or "what",
// "pieces of" before what the pieces are of, and the hyphen of a
// superlative compound ("the best-selling journal",
// "the highest-rated film" read as "best selling", "highest rated").
func conjunctions(toks []token) []token {
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		if toks[i].kind == tkPunct && toks[i].low == "-" && i > 0 && i+1 < len(toks) && toks[i-1].kind == tkWord && toks[i+1].kind == tkWord &&
			toks[i-1].end == toks[i].start && toks[i].end == toks[i+1].start && superlatives[toks[i-1].low].known {
			continue
		}
		// "Which other phones have the same chip as …?": the phones;
		// "other" says the named one is left out, which the comparison
		// does.
		if toks[i].low == "other" && i > 0 && i+1 < len(toks) && (toks[i-1].low == "which" || toks[i-1].low == "what") &&
			toks[i+1].kind == tkWord && toks[i+1].low != "than" {
			continue
		}
		if i+2 < len(toks) && toks[i].low == "as" && toks[i+1].low == "well" && toks[i+2].low == "as" &&
			toks[i].kind == tkWord && toks[i+1].kind == tkWord && toks[i+2].kind == tkWord {
			t := toks[i]
			t.low, t.end, t.oend = "and", toks[i+2].end, toks[i+2].oend
			out = append(out, t)
			i += 2
			continue
		}
		// "Which pieces of furniture cost over 1000 dollars?", "How
		// many pieces of equipment …": the furniture, the equipment; a
		// piece counts one of them.
		if i+2 < len(toks) && inSet(toks[i].low, "piece", "pieces") && toks[i+1].low == "of" && toks[i+2].kind == tkWord && i > 0 &&
			inSet(toks[i-1].low, "which", "what", "many", "the", "a", "any", "all", "each", "every") {
			i++
			continue
		}
		// "more than one kind of device": devices, counted.
		if i+2 < len(toks) && inSet(toks[i].low, "kind", "kinds", "sort", "sorts", "type", "types") && toks[i+1].low == "of" && toks[i+2].kind == tkWord && i > 0 &&
			(toks[i-1].kind == tkNum || inSet(toks[i-1].low, "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")) {
			i++
			continue
		}
		// "came out" is "released" ("Which film came out most
		// recently?").
		if i+1 < len(toks) && toks[i].kind == tkWord && toks[i+1].kind == tkWord && inSet(toks[i].low, "came", "come", "comes", "coming") && toks[i+1].low == "out" &&
			(i+2 >= len(toks) || !inSet(toks[i+2].low, "of")) {
			t := toks[i]
			t.low, t.end, t.oend = map[string]string{"came": "released", "come": "release", "comes": "releases", "coming": "releasing"}[toks[i].low], toks[i+1].end, toks[i+1].oend
			out = append(out, t)
			i++
			continue
		}
		out = append(out, toks[i])
	}
	return out
}

func fold(s string) string {
	s = strings.ToLower(s)
	return strings.NewReplacer("’", "'", "‘", "'").Replace(s)
}

func isApos(r rune) bool { return r == '\'' || r == '’' }

// tokenize splits q into tokens. It never fails.
func tokenize(q string) []token {
	var toks []token
	add := func(t token) {
		if t.ostart == 0 && t.oend == 0 {
			t.ostart, t.oend = t.start, t.end
		}
		t.ment = -1
		toks = append(toks, t)
	}
	i := 0
	for i < len(q) {
		r, sz := utf8.DecodeRuneInString(q[i:])
		if unicode.IsSpace(r) {
			i += sz
			continue
		}
		if closers := quoteClosers(r); closers != "" && openingQuote(q, i) {
			if j, jsz := findClose(q, i+sz, closers); j >= 0 {
				s, e := i+sz, j
				for s < e {
					r2, n := utf8.DecodeRuneInString(q[s:])
					if !unicode.IsSpace(r2) {
						break
					}
					s += n
				}
				for e > s {
					r2, n := utf8.DecodeLastRuneInString(q[s:e])
					if !unicode.IsSpace(r2) {
						break
					}
					e -= n
				}
				if s < e {
					add(token{kind: tkQuote, text: q[s:e], low: fold(q[s:e]), start: s, end: e, ostart: i, oend: j + jsz})
				}
				i = j + jsz
				continue
			}
		}
		if n := codeAt(q, i); n > 0 {
			// "1-492-284-1097", "515.123.4567": a code written whole,
			// compared as text, as if quoted.
			add(token{kind: tkQuote, text: q[i : i+n], low: fold(q[i : i+n]), start: i, end: i + n})
			i += n
			continue
		}
		if unicode.IsDigit(r) {
			if t, n := scanNumber(q, i); n > 0 {
				add(t)
				i += n
				continue
			}
		}
		// A currency sign before a number ("between $60 and $120") is
		// no word of its own: the number is the value.
		if unicode.Is(unicode.Sc, r) && i+sz < len(q) && isDigit(q[i+sz]) {
			if t, n := scanNumber(q, i+sz); n > 0 {
				t.money = true
				add(t)
				i += sz + n
				continue
			}
		}
		// A minus sign before a number that starts a word ("between -50
		// and 50") makes it negative.
		if r == '-' && i+1 < len(q) && isDigit(q[i+1]) && (i == 0 || q[i-1] == ' ' || q[i-1] == '(') {
			if t, n := scanNumber(q, i+1); n > 0 && t.norm != "" && !strings.Contains(t.norm, "-") {
				t.text, t.low, t.norm, t.start = q[i:i+1+n], q[i:i+1+n], "-"+t.norm, i
				add(t)
				i += 1 + n
				continue
			}
		}
		if isAlnum(r) {
			j := i
			for j < len(q) {
				r2, n := utf8.DecodeRuneInString(q[j:])
				if isAlnum(r2) || unicode.Is(unicode.Mn, r2) {
					j += n
					continue
				}
				if isApos(r2) && j+n < len(q) {
					nx, nn := utf8.DecodeRuneInString(q[j+n:])
					if unicode.IsLetter(nx) {
						// 's followed by a non-letter is a possessive.
						after, _ := utf8.DecodeRuneInString(q[j+n+nn:])
						if (nx == 's' || nx == 'S') && (j+n+nn == len(q) || !isAlnum(after)) {
							break
						}
						j += n
						continue
					}
				}
				break
			}
			j = abbreviationEnd(q, i, j)
			w := q[i:j]
			fr, _ := utf8.DecodeRuneInString(w)
			add(token{kind: tkWord, text: w, low: fold(w), start: i, end: j, cap: unicode.IsUpper(fr)})
			i = j
			if i < len(q) {
				r2, n := utf8.DecodeRuneInString(q[i:])
				if isApos(r2) {
					nx, nn := utf8.DecodeRuneInString(q[i+n:])
					if (nx == 's' || nx == 'S') && i+n < len(q) {
						add(token{kind: tkPoss, text: q[i : i+n+nn], low: "'s", start: i, end: i + n + nn})
						i += n + nn
					} else if strings.HasSuffix(strings.ToLower(w), "s") && (i+n == len(q) || !isAlnum(nx)) {
						add(token{kind: tkPoss, text: q[i : i+n], low: "'s", start: i, end: i + n})
						i += n
					}
				}
			}
			continue
		}
		n := sz
		if i+1 < len(q) {
			switch q[i : i+2] {
			case ">=", "<=", "!=", "<>", "=>", "=<":
				n = 2
			}
		}
		add(token{kind: tkPunct, text: q[i : i+n], low: q[i : i+n], start: i, end: i + n})
		i += n
	}
	toks = mergeNumberWords(q, toks)
	toks = mergeScales(q, toks)
	toks = mergeDates(q, toks)
	markYears(toks)
	return toks
}

// titleAbbreviations are the short words written with a period before a
// name ("St. Helena", "Mt. Fuji", "Dr. Smith").
var titleAbbreviations = map[string]bool{"st": true, "mt": true, "ft": true, "dr": true, "mr": true, "mrs": true, "ms": true, "jr": true, "sr": true}

// abbreviationEnd returns where the word q[i:j] ends with the periods of
// an abbreviation it is written with: "Ph.D." and "U.S." (capitalised
// letters and periods), "St." before a capitalised word; j otherwise.
func abbreviationEnd(q string, i, j int) int {
	if j >= len(q) || q[j] != '.' {
		return j
	}
	w := q[i:j]
	if titleAbbreviations[strings.ToLower(w)] && unicode.IsUpper(rune(w[0])) {
		k := j + 1
		for k < len(q) && q[k] == ' ' {
			k++
		}
		if k > j+1 && k < len(q) {
			if r, _ := utf8.DecodeRuneInString(q[k:]); unicode.IsUpper(r) {
				return j + 1
			}
		}
		return j
	}
	// Letters and periods: each part one or two letters, the first a
	// capital ("Ph.D.", "U.S.").
	if len(w) > 2 || !unicode.IsUpper(rune(w[0])) {
		return j
	}
	end := j
	for k := j; k < len(q) && q[k] == '.'; {
		n := k + 1
		for n < len(q) && n-k <= 2 && isASCIILetter(q[n]) {
			n++
		}
		if n == k+1 || n-k > 3 || n < len(q) && isASCIILetter(q[n]) {
			break
		}
		if n < len(q) && q[n] == '.' {
			end = n + 1
		} else {
			break
		}
		k = n
	}
	return end
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func quoteClosers(r rune) string {
	switch r {
	case '"':
		return `"”`
	case '“':
		return `”"`
	case '\'', '’':
		return `'’`
	case '‘':
		return `’'`
	case '`':
		return "`'"
	case '«':
		return "»"
	}
	return ""
}

func openingQuote(q string, i int) bool {
	if i == 0 {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(q[:i])
	return !isAlnum(prev)
}

// findClose finds the closing quote: one of closers; an apostrophe
// closes only when no letter or digit follows it.
func findClose(q string, from int, closers string) (int, int) {
	for j := from; j < len(q); {
		r, n := utf8.DecodeRuneInString(q[j:])
		if strings.ContainsRune(closers, r) {
			if !isApos(r) {
				return j, n
			}
			after, _ := utf8.DecodeRuneInString(q[j+n:])
			if j+n == len(q) || !isAlnum(after) {
				return j, n
			}
		}
		j += n
	}
	return -1, 0
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// codeAt returns the length of a code of digits at i, as phone numbers
// are written: three or more groups of digits joined by '-' or '.',
// without spaces ("1-492-284-1097", "515.123.4567"); 0 for anything
// else, a date ("2018-03-05") or a number ("3.5") included.
func codeAt(q string, i int) int {
	if i > 0 && (isAlnum(rune(q[i-1])) || q[i-1] == '-' || q[i-1] == '.') || i >= len(q) || !isDigit(q[i]) {
		return 0
	}
	j, groups, seps := i, 0, ""
	for j < len(q) {
		k := j
		for k < len(q) && isDigit(q[k]) {
			k++
		}
		if k == j {
			break
		}
		groups++
		j = k
		if j+1 < len(q) && (q[j] == '-' || q[j] == '.') && isDigit(q[j+1]) {
			seps += q[j : j+1]
			j++
			continue
		}
		break
	}
	if groups < 3 || j < len(q) && (isAlnum(rune(q[j])) || q[j] == '-') {
		return 0
	}
	if seps == "--" && j-i == 10 && q[i+4] == '-' && q[i+7] == '-' {
		return 0 // an ISO date
	}
	return j - i
}

func digitsAt(q string, i int) int {
	j := i
	for j < len(q) && isDigit(q[j]) {
		j++
	}
	return j - i
}

// scanNumber reads a number or a numeric date at q[i]; n is 0 when the
// digits run into letters ("2nd", "10k"), which makes a word.
func scanNumber(q string, i int) (token, int) {
	d := digitsAt(q, i)
	// ISO date 2010-05-03 and US date 05/03/2010.
	if d == 4 && i+d < len(q) && q[i+d] == '-' {
		if m := digitsAt(q, i+5); m >= 1 && m <= 2 && i+5+m < len(q) && q[i+5+m] == '-' {
			if dd := digitsAt(q, i+6+m); dd >= 1 && dd <= 2 {
				end := i + 6 + m + dd
				y, mo, da := q[i:i+4], q[i+5:i+5+m], q[i+6+m:end]
				if t, ok := dateToken(q, i, end, y, mo, da); ok {
					return t, end - i
				}
			}
		}
	}
	if (d == 1 || d == 2) && i+d < len(q) && q[i+d] == '/' {
		if m := digitsAt(q, i+d+1); (m == 1 || m == 2) && i+d+1+m < len(q) && q[i+d+1+m] == '/' {
			if y := digitsAt(q, i+d+2+m); y == 4 {
				end := i + d + 2 + m + 4
				if t, ok := dateToken(q, i, end, q[i+d+2+m:end], q[i:i+d], q[i+d+1:i+d+1+m]); ok {
					return t, end - i
				}
			}
		}
	}
	j := i + d
	for j+1 < len(q) && (q[j] == ',' || q[j] == '.') && isDigit(q[j+1]) {
		k := digitsAt(q, j+1)
		if q[j] == ',' && k != 3 {
			break
		}
		j += 1 + k
	}
	if j < len(q) {
		r, _ := utf8.DecodeRuneInString(q[j:])
		if unicode.IsLetter(r) {
			return token{}, 0
		}
	}
	norm := strings.ReplaceAll(q[i:j], ",", "")
	if strings.Count(norm, ".") > 1 {
		norm = q[i : i+d]
		j = i + d
	}
	return token{kind: tkNum, text: q[i:j], low: q[i:j], start: i, end: j, norm: norm}, j - i
}

func dateToken(q string, start, end int, y, m, d string) (token, bool) {
	mo, _ := strconv.Atoi(m)
	da, _ := strconv.Atoi(d)
	if mo < 1 || mo > 12 || da < 1 || da > 31 {
		return token{}, false
	}
	return token{kind: tkDate, text: q[start:end], low: q[start:end], start: start, end: end,
		norm: fmt.Sprintf("%s-%02d-%02d", y, mo, da)}, true
}

var unitWords = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
	"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "dozen": 12}

var tensWords = map[string]int{"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}

var scaleWords = map[string]int{"hundred": 100, "thousand": 1000, "million": 1000000, "billion": 1000000000}

func isNumberWord(w string) bool {
	_, u := unitWords[w]
	_, t := tensWords[w]
	_, s := scaleWords[w]
	return u || t || s
}

// mergeNumberWords replaces runs of number words ("twenty five", "one
// hundred and five") with one number token.
func mergeNumberWords(q string, toks []token) []token {
	var out []token
	for i := 0; i < len(toks); {
		t := toks[i]
		// "a million people", "a hundred": one of the scale.
		_, scale := scaleWords[t.low]
		article := t.kind == tkWord && t.low == "a" && i+1 < len(toks) && toks[i+1].kind == tkWord && scaleWords[toks[i+1].low] > 0
		if !article && (t.kind != tkWord || !isNumberWord(t.low) || scale) {
			out = append(out, t)
			i++
			continue
		}
		j := i
		if article {
			j++
		}
		total, cur := 0, 0
		scaled := false
		for j < len(toks) && toks[j].kind == tkWord {
			w := toks[j].low
			if w == "and" && scaled && j+1 < len(toks) && toks[j+1].kind == tkWord && isNumberWord(toks[j+1].low) {
				j++
				continue
			}
			if v, ok := unitWords[w]; ok {
				cur += v
			} else if v, ok := tensWords[w]; ok {
				cur += v
			} else if v, ok := scaleWords[w]; ok {
				if cur == 0 {
					cur = 1
				}
				if v == 100 {
					cur *= 100
				} else {
					total += cur * v
					cur = 0
				}
				scaled = true
			} else {
				break
			}
			j++
			if total+cur > 1e12 {
				break
			}
		}
		// A lone "one" is usually a pronoun ("each one", "the one with").
		if j == i+1 && t.low == "one" {
			prev := ""
			if i > 0 {
				prev = toks[i-1].low
			}
			next := ""
			if i+1 < len(toks) {
				next = toks[i+1].low
			}
			if prev == "" || inSet(prev, "each", "the", "which", "any", "no", "every", "this", "that", "only", "at", "a", "this", "another", "same") ||
				inSet(next, "of", "another", "", "?", ".", "who", "which", "that", "with") {
				out = append(out, t)
				i++
				continue
			}
		}
		end := toks[j-1].end
		out = append(out, token{kind: tkNum, text: q[t.start:end], low: fold(q[t.start:end]), start: t.start, end: end,
			ostart: t.start, oend: end, norm: strconv.Itoa(total + cur), ment: -1})
		i = j
	}
	return out
}

// mergeScales merges a number and a scale word ("5 million", "2.5
// billion") into one number.
func mergeScales(q string, toks []token) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tkNum && i+1 < len(toks) && toks[i+1].kind == tkWord {
			if sc, ok := scaleWords[strings.TrimSuffix(toks[i+1].low, "s")]; ok {
				if f, err := strconv.ParseFloat(t.norm, 64); err == nil && f*float64(sc) < 1e15 {
					v := strconv.FormatFloat(f*float64(sc), 'f', -1, 64)
					end := toks[i+1].end
					out = append(out, token{kind: tkNum, text: q[t.start:end], low: fold(q[t.start:end]), start: t.start, end: end,
						ostart: t.start, oend: end, norm: v, ment: -1, money: t.money})
					i++
					continue
				}
			}
		}
		out = append(out, t)
	}
	return out
}

var monthWords = map[string]int{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12}

func isYearNum(t token) bool {
	if t.kind != tkNum || len(t.norm) != 4 || t.text != t.norm {
		return false
	}
	y, err := strconv.Atoi(t.norm)
	return err == nil && y >= 1000 && y <= 2100
}

func dayNum(t token) int {
	if t.kind != tkNum || t.text != t.norm || len(t.norm) > 2 {
		return 0
	}
	d, _ := strconv.Atoi(t.norm)
	if d < 1 || d > 31 {
		return 0
	}
	return d
}

// mergeDates merges "March 3, 2010", "3 March 2010" and "March 2010"
// (capitalised month names) into date tokens.
func mergeDates(q string, toks []token) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		mo, isMonth := monthWords[t.low]
		isMonth = isMonth && t.kind == tkWord && t.cap
		at := func(k int) token {
			if k < len(toks) {
				return toks[k]
			}
			return token{}
		}
		mk := func(start, end int, norm string) token {
			return token{kind: tkDate, text: q[start:end], low: fold(q[start:end]), start: start, end: end, ostart: start, oend: end, norm: norm, ment: -1}
		}
		switch {
		case isMonth && dayNum(at(i+1)) > 0 && isYearNum(at(i+2)):
			out = append(out, mk(t.start, at(i+2).end, fmt.Sprintf("%s-%02d-%02d", at(i+2).norm, mo, dayNum(at(i+1)))))
			i += 2
		case isMonth && dayNum(at(i+1)) > 0 && at(i+2).low == "," && isYearNum(at(i+3)):
			out = append(out, mk(t.start, at(i+3).end, fmt.Sprintf("%s-%02d-%02d", at(i+3).norm, mo, dayNum(at(i+1)))))
			i += 3
		case isMonth && isYearNum(at(i+1)):
			out = append(out, mk(t.start, at(i+1).end, fmt.Sprintf("%s-%02d", at(i+1).norm, mo)))
			i++
		case dayNum(t) > 0 && at(i+1).kind == tkWord && at(i+1).cap && monthWords[at(i+1).low] > 0 && isYearNum(at(i+2)):
			out = append(out, mk(t.start, at(i+2).end, fmt.Sprintf("%s-%02d-%02d", at(i+2).norm, monthWords[at(i+1).low], dayNum(t))))
			i += 2
		default:
			out = append(out, t)
		}
	}
	return out
}

// markYears decides which four-digit numbers are years: after a date
// preposition, or in 1800–2100 unless a comparison word or a counted
// noun says it is a quantity ("more than 2000", "2000 students").
func markYears(toks []token) {
	for i := range toks {
		t := &toks[i]
		if !isYearNum(*t) {
			continue
		}
		prev, next := "", ""
		if i > 0 {
			prev = toks[i-1].low
		}
		if i+1 < len(toks) && toks[i+1].kind == tkWord {
			next = toks[i+1].low
		}
		y, _ := strconv.Atoi(t.norm)
		switch {
		case inSet(prev, "in", "before", "after", "since", "until", "till", "during", "year", "years", "from", "between", "to", "by", "of", "circa"):
			t.year = !(next != "" && lemma(next) != next && !isFunction(next))
			if prev == "of" {
				t.year = y >= 1800 && t.year
			}
		case prev == "and" && i >= 2 && toks[i-2].year:
			t.year = true
		case inSet(prev, "than", "least", "most", "over", "above", "under", "below", "exceeding", "exactly", "top", "first", "last", "about", "around", "approximately", "id", "number", "code", ">", "<", ">=", "<=", "="):
			t.year = false
		case next != "" && lemma(next) != next && !isFunction(next):
			t.year = false
		default:
			t.year = y >= 1800 && y <= 2100
		}
	}
}
