package sparql

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// tokKind is the kind of a lexical token.
type tokKind int

const (
	tEOF     tokKind = iota
	tIRI             // <…>; text = the reference, unescaped
	tPName           // prefix:local; text = prefix, text2 = local (unescaped)
	tBNode           // _:label; text = label
	tVar             // ?x or $x; text = name
	tString          // quoted string; text = unescaped value
	tLangTag         // @en-US; text = tag
	tInteger         // text = lexical form (incl. sign)
	tDecimal         // text = lexical form
	tDouble          // text = lexical form
	tWord            // keyword or 'a' or 'true'/'false'; text = as written
	tPunct           // punctuation and operators; text = the symbol
)

func (k tokKind) String() string {
	switch k {
	case tEOF:
		return "end of input"
	case tIRI:
		return "IRI"
	case tPName:
		return "prefixed name"
	case tBNode:
		return "blank node"
	case tVar:
		return "variable"
	case tString:
		return "string"
	case tLangTag:
		return "language tag"
	case tInteger, tDecimal, tDouble:
		return "number"
	case tWord:
		return "keyword"
	}
	return "punctuation"
}

type token struct {
	kind   tokKind
	text   string
	text2  string
	dollar bool // tVar written with $
	from   int  // byte offset, 0-based
	to     int
}

// describe renders a token for error messages.
func (t token) describe(src string) string {
	if t.kind == tEOF {
		return "end of input"
	}
	s := src[t.from:t.to]
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		s = string(r[:40]) + "…"
	}
	return strconv.Quote(s)
}

// lexer turns the source into tokens on demand.
type lexer struct {
	src string
	off int
	err *Error
}

func (l *lexer) fail(at int, format string, args ...any) token {
	if l.err == nil {
		l.err = newError(l.src, Pos(at+1), SyntaxError, format, args...)
	}
	return token{kind: tEOF, from: at, to: at}
}

func (l *lexer) skipSpace() {
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch c {
		case ' ', '\t', '\n', '\r':
			l.off++
		case '#':
			for l.off < len(l.src) && l.src[l.off] != '\n' && l.src[l.off] != '\r' {
				l.off++
			}
		default:
			return
		}
	}
}

func (l *lexer) peekByte(i int) byte {
	if l.off+i < len(l.src) {
		return l.src[l.off+i]
	}
	return 0
}

// next returns the next token.
func (l *lexer) next() token {
	l.skipSpace()
	start := l.off
	if l.off >= len(l.src) {
		return token{kind: tEOF, from: start, to: start}
	}
	c := l.src[l.off]
	switch {
	case c == '<':
		if t, ok := l.lexIRI(); ok {
			return t
		}
		if l.err != nil {
			return token{kind: tEOF, from: start, to: start}
		}
		l.off = start + 1
		if l.peekByte(0) == '=' {
			l.off++
			return token{kind: tPunct, text: "<=", from: start, to: l.off}
		}
		return token{kind: tPunct, text: "<", from: start, to: l.off}
	case c == '?' || c == '$':
		r, _ := utf8.DecodeRuneInString(l.src[l.off+1:])
		if l.off+1 < len(l.src) && isVarNameStart(r) {
			l.off++
			name := l.scanVarName()
			return token{kind: tVar, text: name, dollar: c == '$', from: start, to: l.off}
		}
		if c == '$' {
			return l.fail(start, "'$' must be followed by a variable name")
		}
		l.off++
		return token{kind: tPunct, text: "?", from: start, to: l.off}
	case c == '"' || c == '\'':
		return l.lexString()
	case c == '@':
		l.off++
		s := l.off
		for l.off < len(l.src) && isASCIILetter(l.src[l.off]) {
			l.off++
		}
		if l.off == s {
			return l.fail(start, "'@' must be followed by a language tag")
		}
		for l.off < len(l.src) && l.src[l.off] == '-' {
			p := l.off
			l.off++
			for l.off < len(l.src) && (isASCIILetter(l.src[l.off]) || isDigit(l.src[l.off])) {
				l.off++
			}
			if l.off == p+1 {
				return l.fail(p, "malformed language tag")
			}
		}
		return token{kind: tLangTag, text: l.src[s:l.off], from: start, to: l.off}
	case isDigit(c) || (c == '.' && isDigit(l.peekByte(1))):
		return l.lexNumber(start)
	case (c == '+' || c == '-') && (isDigit(l.peekByte(1)) || (l.peekByte(1) == '.' && isDigit(l.peekByte(2)))):
		return l.lexNumber(start)
	case c == '_' && l.peekByte(1) == ':':
		l.off += 2
		label, ok := l.scanBNodeLabel()
		if !ok {
			return l.fail(start, "malformed blank node label")
		}
		return token{kind: tBNode, text: label, from: start, to: l.off}
	case c == ':':
		return l.lexPName(start, "")
	}
	r, size := utf8.DecodeRuneInString(l.src[l.off:])
	if r == utf8.RuneError && size <= 1 {
		return l.fail(start, "invalid UTF-8 in query")
	}
	if isPNCharsBase(r) {
		// A keyword, or the prefix of a prefixed name.
		end := l.scanPrefix()
		if end < len(l.src) && l.src[end] == ':' {
			prefix := l.src[start:end]
			if strings.HasSuffix(prefix, ".") {
				return l.fail(end-1, "a prefix cannot end with '.'")
			}
			l.off = end
			return l.lexPName(start, prefix)
		}
		// keyword: letters, digits, underscore
		l.off = start
		for l.off < len(l.src) {
			b := l.src[l.off]
			if isASCIILetter(b) || isDigit(b) || b == '_' {
				l.off++
				continue
			}
			break
		}
		if l.off == start {
			l.off = start + size
			return l.fail(start, "unexpected character %q", r)
		}
		return token{kind: tWord, text: l.src[start:l.off], from: start, to: l.off}
	}
	// punctuation
	two := ""
	if l.off+1 < len(l.src) {
		two = l.src[l.off : l.off+2]
	}
	switch two {
	case "^^", "!=", ">=", "&&", "||":
		l.off += 2
		return token{kind: tPunct, text: two, from: start, to: l.off}
	}
	switch c {
	case '{', '}', '(', ')', '[', ']', '.', ',', ';', '*', '/', '|', '^', '!', '=', '>', '+', '-':
		l.off++
		return token{kind: tPunct, text: string(c), from: start, to: l.off}
	}
	return l.fail(start, "unexpected character %q", r)
}

// lexIRI scans <…>; ok is false (without an error) when the text is not an
// IRI reference, so that '<' is an operator.
func (l *lexer) lexIRI() (token, bool) {
	start := l.off
	i := l.off + 1
	var b strings.Builder
	for i < len(l.src) {
		c := l.src[i]
		switch {
		case c == '>':
			l.off = i + 1
			return token{kind: tIRI, text: b.String(), from: start, to: l.off}, true
		case c == '\\':
			r, n, ok := decodeUEscape(l.src[i:])
			if !ok {
				l.fail(i, "invalid escape in IRI: only \\uXXXX and \\UXXXXXXXX are allowed")
				return token{}, false
			}
			if r <= 0x20 || strings.ContainsRune("<>\"{}|^`\\", r) {
				l.fail(i, "escaped character %q is not allowed in an IRI", r)
				return token{}, false
			}
			b.WriteRune(r)
			i += n
		case c <= 0x20 || c == '<' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^' || c == '`':
			return token{}, false
		default:
			b.WriteByte(c)
			i++
		}
	}
	return token{}, false
}

// decodeUEscape decodes \uXXXX or \UXXXXXXXX at the start of s.
func decodeUEscape(s string) (rune, int, bool) {
	if len(s) < 2 || s[0] != '\\' {
		return 0, 0, false
	}
	n := 0
	switch s[1] {
	case 'u':
		n = 4
	case 'U':
		n = 8
	default:
		return 0, 0, false
	}
	if len(s) < 2+n {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[2:2+n], 16, 32)
	if err != nil {
		return 0, 0, false
	}
	r := rune(v)
	if !utf8.ValidRune(r) {
		return 0, 0, false
	}
	return r, 2 + n, true
}

func (l *lexer) lexString() token {
	start := l.off
	q := l.src[l.off]
	long := l.off+2 < len(l.src) && l.src[l.off+1] == q && l.src[l.off+2] == q
	if long {
		l.off += 3
	} else {
		l.off++
	}
	var b strings.Builder
	for {
		if l.off >= len(l.src) {
			return l.fail(start, "unterminated string")
		}
		c := l.src[l.off]
		switch {
		case c == q:
			if !long {
				l.off++
				return token{kind: tString, text: b.String(), from: start, to: l.off}
			}
			if l.off+2 < len(l.src) && l.src[l.off+1] == q && l.src[l.off+2] == q {
				// The closing quotes are the last three of a run of quotes.
				run := 3
				for l.off+run < len(l.src) && l.src[l.off+run] == q {
					run++
				}
				if run > 5 {
					return l.fail(l.off, "too many quotes in a long string")
				}
				for i := 0; i < run-3; i++ {
					b.WriteByte(q)
				}
				l.off += run
				return token{kind: tString, text: b.String(), from: start, to: l.off}
			}
			b.WriteByte(c)
			l.off++
		case c == '\\':
			if l.off+1 >= len(l.src) {
				return l.fail(l.off, "unterminated escape")
			}
			e := l.src[l.off+1]
			switch e {
			case 't':
				b.WriteByte('\t')
			case 'b':
				b.WriteByte('\b')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 'f':
				b.WriteByte('\f')
			case '"', '\'', '\\':
				b.WriteByte(e)
			case 'u', 'U':
				r, n, ok := decodeUEscape(l.src[l.off:])
				if !ok {
					return l.fail(l.off, "invalid \\%c escape", e)
				}
				if r >= 0xD800 && r <= 0xDFFF {
					return l.fail(l.off, "escape denotes a surrogate code point")
				}
				b.WriteRune(r)
				l.off += n
				continue
			default:
				return l.fail(l.off, "invalid escape \\%c in string", e)
			}
			l.off += 2
		case !long && (c == '\n' || c == '\r'):
			return l.fail(l.off, "line break in a single-line string (use \\n or a long string)")
		default:
			r, size := utf8.DecodeRuneInString(l.src[l.off:])
			if r == utf8.RuneError && size <= 1 {
				return l.fail(l.off, "invalid UTF-8 in string")
			}
			b.WriteString(l.src[l.off : l.off+size])
			l.off += size
		}
	}
}

func (l *lexer) lexNumber(start int) token {
	i := l.off
	if l.src[i] == '+' || l.src[i] == '-' {
		i++
	}
	digits := func() int {
		s := i
		for i < len(l.src) && isDigit(l.src[i]) {
			i++
		}
		return i - s
	}
	intDigits := digits()
	kind := tInteger
	if i < len(l.src) && l.src[i] == '.' && i+1 < len(l.src) && isDigit(l.src[i+1]) {
		i++
		digits()
		kind = tDecimal
	} else if i < len(l.src) && l.src[i] == '.' && intDigits > 0 && i+1 < len(l.src) && (l.src[i+1] == 'e' || l.src[i+1] == 'E') {
		// 1.e5 is a DOUBLE
		i++
		kind = tDecimal
	}
	if i < len(l.src) && (l.src[i] == 'e' || l.src[i] == 'E') {
		j := i + 1
		if j < len(l.src) && (l.src[j] == '+' || l.src[j] == '-') {
			j++
		}
		if j < len(l.src) && isDigit(l.src[j]) {
			i = j
			digits()
			kind = tDouble
		} else if kind == tDecimal && l.src[i-1] == '.' {
			return l.fail(start, "malformed number")
		}
	} else if kind == tDecimal && l.src[i-1] == '.' {
		i-- // "1." followed by something else: the '.' is a separator
		kind = tInteger
	}
	l.off = i
	return token{kind: kind, text: l.src[start:i], from: start, to: i}
}

// scanVarName scans VARNAME at l.off.
func (l *lexer) scanVarName() string {
	s := l.off
	for l.off < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.off:])
		if isVarNameChar(r) {
			l.off += size
			continue
		}
		break
	}
	return l.src[s:l.off]
}

// scanPrefix returns the end of a PN_PREFIX candidate starting at l.off
// (PN_CHARS_BASE ((PN_CHARS|'.')* PN_CHARS)?), without consuming.
func (l *lexer) scanPrefix() int {
	i := l.off
	_, size := utf8.DecodeRuneInString(l.src[i:])
	i += size
	for i < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[i:])
		if isPNChars(r) || r == '.' {
			i += size
			continue
		}
		break
	}
	return i
}

// lexPName scans ':' and the local part; l.off is at the ':'.
func (l *lexer) lexPName(start int, prefix string) token {
	l.off++ // ':'
	local, ok := l.scanLocal()
	if !ok {
		return l.fail(start, "malformed prefixed name")
	}
	return token{kind: tPName, text: prefix, text2: local, from: start, to: l.off}
}

// scanLocal scans PN_LOCAL (possibly empty) and returns it unescaped.
func (l *lexer) scanLocal() (string, bool) {
	var b strings.Builder
	first := true
	lastDot := -1 // offset of a trailing run of dots, to give back
	dotsInB := 0
	for l.off < len(l.src) {
		c := l.src[l.off]
		if c == '\\' {
			if l.off+1 < len(l.src) && strings.IndexByte("_~.-!$&'()*+,;=/?#@%", l.src[l.off+1]) >= 0 {
				b.WriteByte(l.src[l.off+1])
				l.off += 2
				first, lastDot, dotsInB = false, -1, 0
				continue
			}
			return "", false
		}
		if c == '%' {
			if l.off+2 < len(l.src) && isHex(l.src[l.off+1]) && isHex(l.src[l.off+2]) {
				b.WriteString(l.src[l.off : l.off+3])
				l.off += 3
				first, lastDot, dotsInB = false, -1, 0
				continue
			}
			return "", false
		}
		r, size := utf8.DecodeRuneInString(l.src[l.off:])
		ok := false
		if first {
			ok = isPNCharsU(r) || r == ':' || (r >= '0' && r <= '9')
		} else {
			ok = isPNChars(r) || r == ':' || r == '.'
		}
		if !ok {
			break
		}
		if r == '.' {
			if lastDot < 0 {
				lastDot = l.off
			}
			dotsInB++
		} else {
			lastDot, dotsInB = -1, 0
		}
		b.WriteString(l.src[l.off : l.off+size])
		l.off += size
		first = false
	}
	s := b.String()
	if lastDot >= 0 {
		l.off = lastDot
		s = s[:len(s)-dotsInB]
	}
	return s, true
}

// scanBNodeLabel scans the label after "_:".
func (l *lexer) scanBNodeLabel() (string, bool) {
	s := l.off
	r, size := utf8.DecodeRuneInString(l.src[l.off:])
	if !(isPNCharsU(r) || (r >= '0' && r <= '9')) {
		return "", false
	}
	l.off += size
	lastNonDot := l.off
	for l.off < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.off:])
		if isPNChars(r) || r == '.' {
			l.off += size
			if r != '.' {
				lastNonDot = l.off
			}
			continue
		}
		break
	}
	l.off = lastNonDot
	return l.src[s:l.off], true
}

func isDigit(c byte) bool       { return c >= '0' && c <= '9' }
func isHex(c byte) bool         { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }
func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func isPNCharsBase(r rune) bool {
	switch {
	case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		return true
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF,
		r >= 0x370 && r <= 0x37D, r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D,
		r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF,
		r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

func isPNCharsU(r rune) bool { return isPNCharsBase(r) || r == '_' }

func isPNChars(r rune) bool {
	return isPNCharsU(r) || r == '-' || (r >= '0' && r <= '9') || r == 0xB7 ||
		(r >= 0x300 && r <= 0x36F) || (r >= 0x203F && r <= 0x2040)
}

func isVarNameStart(r rune) bool { return isPNCharsU(r) || (r >= '0' && r <= '9') }

func isVarNameChar(r rune) bool {
	return isPNCharsU(r) || (r >= '0' && r <= '9') || r == 0xB7 ||
		(r >= 0x300 && r <= 0x36F) || (r >= 0x203F && r <= 0x2040)
}
