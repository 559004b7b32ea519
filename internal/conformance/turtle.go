package conformance

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is a small Turtle reader, just enough for the W3C test
// manifests. knakk/rdf's Turtle decoder was tried first and not kept: it
// fails on 11 of the 66 manifest.ttl files of the suite (a ';' before ']' or
// '.', multi-line strings), resolves relative IRIs by concatenating them to
// the base, and names anonymous blank nodes "_:bN" in the same space as
// labelled ones, so "[]" and "_:b1" can merge.

// termKind tells IRIs, blank nodes and literals apart.
type termKind int

const (
	iriTerm termKind = iota
	blankTerm
	literalTerm
)

// term is an RDF term of a parsed Turtle document. Blank-node values are
// "l:label" for labelled nodes and "a:N" for anonymous ones, so the two
// never collide.
type term struct {
	Kind     termKind
	Value    string // IRI, blank-node id or lexical form
	Lang     string // language tag of a literal
	Datatype string // datatype IRI of a typed literal
}

// triple is one statement of a Turtle document.
type triple struct{ S, P, O term }

const (
	rdfNS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	xsdNS = "http://www.w3.org/2001/XMLSchema#"
)

var (
	rdfType  = term{Kind: iriTerm, Value: rdfNS + "type"}
	rdfFirst = term{Kind: iriTerm, Value: rdfNS + "first"}
	rdfRest  = term{Kind: iriTerm, Value: rdfNS + "rest"}
	rdfNil   = term{Kind: iriTerm, Value: rdfNS + "nil"}
)

// turtleParser is a recursive-descent Turtle parser over a string.
type turtleParser struct {
	src      string
	off      int
	base     *url.URL
	prefixes map[string]string
	anon     int
	out      []triple
}

// turtleError is a syntax error at a line and column of the document.
type turtleError struct {
	Line, Column int
	Msg          string
}

func (e *turtleError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg) }

// parseTurtle parses a Turtle document, resolving relative IRIs against
// base (an absolute IRI, typically the file: URL of the document).
func parseTurtle(src, base string) (triples []triple, err error) {
	b, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("base IRI %q: %w", base, err)
	}
	p := &turtleParser{src: src, base: b, prefixes: map[string]string{}}
	defer func() {
		if r := recover(); r != nil {
			te, ok := r.(*turtleError)
			if !ok {
				panic(r)
			}
			triples, err = nil, te
		}
	}()
	p.document()
	return p.out, nil
}

func (p *turtleParser) failf(format string, args ...any) {
	line := 1 + strings.Count(p.src[:p.off], "\n")
	col := 1 + utf8.RuneCountInString(p.src[strings.LastIndexByte(p.src[:p.off], '\n')+1:p.off])
	panic(&turtleError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)})
}

// skip skips white space and comments.
func (p *turtleParser) skip() {
	for p.off < len(p.src) {
		c := p.src[p.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.off++
		case c == '#':
			for p.off < len(p.src) && p.src[p.off] != '\n' {
				p.off++
			}
		default:
			return
		}
	}
}

func (p *turtleParser) eof() bool { p.skip(); return p.off >= len(p.src) }

func (p *turtleParser) peek() byte {
	p.skip()
	if p.off >= len(p.src) {
		return 0
	}
	return p.src[p.off]
}

func (p *turtleParser) expect(c byte) {
	if p.peek() != c {
		p.failf("expected %q, found %s", c, p.found())
	}
	p.off++
}

// found describes the text at the cursor for error messages.
func (p *turtleParser) found() string {
	if p.off >= len(p.src) {
		return "end of file"
	}
	end := p.off + 20
	if end > len(p.src) {
		end = len(p.src)
	}
	s := p.src[p.off:end]
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	return strconv.Quote(s)
}

// keyword reports whether the next word is kw (case-insensitively when
// fold) followed by a non-name character, and consumes it if so.
func (p *turtleParser) keyword(kw string, fold bool) bool {
	p.skip()
	if len(p.src)-p.off < len(kw) {
		return false
	}
	w := p.src[p.off : p.off+len(kw)]
	if !(w == kw || fold && strings.EqualFold(w, kw)) {
		return false
	}
	if next := p.off + len(kw); next < len(p.src) {
		r, _ := utf8.DecodeRuneInString(p.src[next:])
		if isNameChar(r) || r == ':' {
			return false
		}
	}
	p.off += len(kw)
	return true
}

func (p *turtleParser) document() {
	for !p.eof() {
		switch {
		case p.keyword("@prefix", false):
			p.prefixDecl()
			p.expect('.')
		case p.keyword("@base", false):
			p.baseDecl()
			p.expect('.')
		case p.keyword("PREFIX", true):
			p.prefixDecl()
		case p.keyword("BASE", true):
			p.baseDecl()
		default:
			p.triples()
			p.expect('.')
		}
	}
}

func (p *turtleParser) prefixDecl() {
	p.skip()
	start := p.off
	for p.off < len(p.src) && p.src[p.off] != ':' {
		r, n := utf8.DecodeRuneInString(p.src[p.off:])
		if !isNameChar(r) && r != '.' {
			p.failf("bad prefix name %s", p.found())
		}
		p.off += n
	}
	if p.off >= len(p.src) {
		p.failf("unterminated prefix name")
	}
	name := p.src[start:p.off]
	p.off++ // ':'
	p.prefixes[name] = p.iriRef()
}

func (p *turtleParser) baseDecl() {
	b, err := url.Parse(p.iriRef())
	if err != nil {
		p.failf("bad base IRI: %v", err)
	}
	p.base = b
}

func (p *turtleParser) triples() {
	var subj term
	switch p.peek() {
	case '[':
		subj = p.blankNodePropertyList()
		if c := p.peek(); c == '.' {
			return // "[ … ] ." on its own
		}
	case '(':
		subj = p.collection()
	default:
		subj = p.subjectTerm()
	}
	p.predicateObjectList(subj)
}

func (p *turtleParser) subjectTerm() term {
	t := p.object()
	if t.Kind == literalTerm {
		p.failf("a literal cannot be a subject")
	}
	return t
}

func (p *turtleParser) predicateObjectList(subj term) {
	for {
		pred := p.verb()
		for {
			p.out = append(p.out, triple{subj, pred, p.object()})
			if p.peek() != ',' {
				break
			}
			p.off++
		}
		if p.peek() != ';' {
			return
		}
		for p.peek() == ';' {
			p.off++
		}
		if c := p.peek(); c == '.' || c == ']' || c == 0 {
			return // trailing ';'
		}
	}
}

func (p *turtleParser) verb() term {
	if p.keyword("a", false) {
		return rdfType
	}
	t := p.object()
	if t.Kind != iriTerm {
		p.failf("predicate must be an IRI")
	}
	return t
}

func (p *turtleParser) blankNodePropertyList() term {
	p.expect('[')
	p.anon++
	b := term{Kind: blankTerm, Value: "a:" + strconv.Itoa(p.anon)}
	if p.peek() != ']' {
		p.predicateObjectList(b)
	}
	p.expect(']')
	return b
}

func (p *turtleParser) collection() term {
	p.expect('(')
	head := rdfNil
	var prev term
	for p.peek() != ')' {
		if p.off >= len(p.src) {
			p.failf("unterminated collection")
		}
		p.anon++
		cell := term{Kind: blankTerm, Value: "a:" + strconv.Itoa(p.anon)}
		if head == rdfNil {
			head = cell
		} else {
			p.out = append(p.out, triple{prev, rdfRest, cell})
		}
		p.out = append(p.out, triple{cell, rdfFirst, p.object()})
		prev = cell
	}
	p.off++ // ')'
	if head != rdfNil {
		p.out = append(p.out, triple{prev, rdfRest, rdfNil})
	}
	return head
}

// object parses any term that may stand in object position.
func (p *turtleParser) object() term {
	switch c := p.peek(); {
	case c == 0:
		p.failf("unexpected end of file")
	case c == '<':
		return term{Kind: iriTerm, Value: p.iriRef()}
	case c == '[':
		return p.blankNodePropertyList()
	case c == '(':
		return p.collection()
	case c == '"' || c == '\'':
		return p.literal()
	case c == '_' && p.off+1 < len(p.src) && p.src[p.off+1] == ':':
		p.off += 2
		start := p.off
		p.nameChars()
		if p.off == start {
			p.failf("empty blank node label")
		}
		return term{Kind: blankTerm, Value: "l:" + p.src[start:p.off]}
	case c == '+' || c == '-' || c == '.' || c >= '0' && c <= '9':
		return p.number()
	}
	for _, kw := range []string{"true", "false"} {
		if p.keyword(kw, false) {
			return term{Kind: literalTerm, Value: kw, Datatype: xsdNS + "boolean"}
		}
	}
	return term{Kind: iriTerm, Value: p.prefixedName()}
}

// iriRef parses <…> and resolves it against the base.
func (p *turtleParser) iriRef() string {
	p.expect('<')
	var b strings.Builder
	for {
		if p.off >= len(p.src) {
			p.failf("unterminated IRI")
		}
		c := p.src[p.off]
		switch {
		case c == '>':
			p.off++
			return p.resolve(b.String())
		case c == '\\':
			b.WriteRune(p.uchar())
		case c <= ' ' || strings.IndexByte("<\"{}|^`", c) >= 0:
			p.failf("character %q not allowed in an IRI", c)
		default:
			b.WriteByte(c)
			p.off++
		}
	}
}

func (p *turtleParser) resolve(ref string) string {
	u, err := url.Parse(ref)
	if err != nil {
		p.failf("bad IRI <%s>: %v", ref, err)
	}
	if u.IsAbs() {
		return ref // keep it byte for byte (net/url drops an empty fragment)
	}
	out := p.base.ResolveReference(u).String()
	if strings.HasSuffix(ref, "#") && !strings.HasSuffix(out, "#") {
		out += "#"
	}
	return out
}

// uchar parses \uXXXX or \UXXXXXXXX at the cursor.
func (p *turtleParser) uchar() rune {
	if p.off+1 >= len(p.src) {
		p.failf("bad escape")
	}
	n := 0
	switch p.src[p.off+1] {
	case 'u':
		n = 4
	case 'U':
		n = 8
	default:
		p.failf("bad escape %s", p.found())
	}
	if p.off+2+n > len(p.src) {
		p.failf("short \\%c escape", p.src[p.off+1])
	}
	v, err := strconv.ParseUint(p.src[p.off+2:p.off+2+n], 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) {
		p.failf("bad escape %s", p.found())
	}
	p.off += 2 + n
	return rune(v)
}

// prefixedName parses prefix:local and expands it.
func (p *turtleParser) prefixedName() string {
	start := p.off
	for p.off < len(p.src) && p.src[p.off] != ':' {
		r, n := utf8.DecodeRuneInString(p.src[p.off:])
		if !isNameChar(r) && r != '.' {
			break
		}
		p.off += n
	}
	if p.off >= len(p.src) || p.src[p.off] != ':' {
		p.off = start
		p.failf("expected a term, found %s", p.found())
	}
	prefix := p.src[start:p.off]
	ns, ok := p.prefixes[prefix]
	if !ok {
		p.off = start
		p.failf("undeclared prefix %q", prefix)
	}
	p.off++ // ':'
	var local strings.Builder
	for p.off < len(p.src) {
		c := p.src[p.off]
		if c == '\\' && p.off+1 < len(p.src) && strings.IndexByte("_~.-!$&'()*+,;=/?#@%", p.src[p.off+1]) >= 0 {
			local.WriteByte(p.src[p.off+1])
			p.off += 2
			continue
		}
		if c == '%' && p.off+2 < len(p.src) && isHex(p.src[p.off+1]) && isHex(p.src[p.off+2]) {
			local.WriteString(p.src[p.off : p.off+3])
			p.off += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(p.src[p.off:])
		if !isNameChar(r) && r != ':' && r != '.' {
			break
		}
		local.WriteRune(r)
		p.off += n
	}
	// A local name cannot end with '.': leave it as the statement end.
	s := local.String()
	for strings.HasSuffix(s, ".") {
		s = s[:len(s)-1]
		p.off--
	}
	return ns + s
}

// nameChars consumes PN_CHARS and inner dots (blank-node labels).
func (p *turtleParser) nameChars() {
	for p.off < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.off:])
		if !isNameChar(r) && r != '.' {
			break
		}
		p.off += n
	}
	for p.off > 0 && p.src[p.off-1] == '.' {
		p.off--
	}
}

func (p *turtleParser) literal() term {
	q := p.src[p.off]
	long := strings.HasPrefix(p.src[p.off:], strings.Repeat(string(q), 3))
	if long {
		p.off += 3
	} else {
		p.off++
	}
	var b strings.Builder
	for {
		if p.off >= len(p.src) {
			p.failf("unterminated string")
		}
		c := p.src[p.off]
		if long && strings.HasPrefix(p.src[p.off:], strings.Repeat(string(q), 3)) {
			p.off += 3
			break
		}
		if !long && c == q {
			p.off++
			break
		}
		if !long && (c == '\n' || c == '\r') {
			p.failf("line break in a short string")
		}
		if c == '\\' {
			if p.off+1 >= len(p.src) {
				p.failf("bad escape")
			}
			if e := p.src[p.off+1]; e == 'u' || e == 'U' {
				b.WriteRune(p.uchar())
				continue
			}
			r, ok := map[byte]byte{'t': '\t', 'b': '\b', 'n': '\n', 'r': '\r', 'f': '\f', '"': '"', '\'': '\'', '\\': '\\'}[p.src[p.off+1]]
			if !ok {
				p.failf("bad escape %s", p.found())
			}
			b.WriteByte(r)
			p.off += 2
			continue
		}
		b.WriteByte(c)
		p.off++
	}
	t := term{Kind: literalTerm, Value: b.String()}
	switch {
	case p.off < len(p.src) && p.src[p.off] == '@':
		p.off++
		start := p.off
		for p.off < len(p.src) && (isAlnum(p.src[p.off]) || p.src[p.off] == '-') {
			p.off++
		}
		if p.off == start {
			p.failf("empty language tag")
		}
		t.Lang = strings.ToLower(p.src[start:p.off])
	case strings.HasPrefix(p.src[p.off:], "^^"):
		p.off += 2
		dt := p.object()
		if dt.Kind != iriTerm {
			p.failf("datatype must be an IRI")
		}
		t.Datatype = dt.Value
	}
	return t
}

func (p *turtleParser) number() term {
	start := p.off
	if c := p.src[p.off]; c == '+' || c == '-' {
		p.off++
	}
	digits := func() int {
		s := p.off
		for p.off < len(p.src) && p.src[p.off] >= '0' && p.src[p.off] <= '9' {
			p.off++
		}
		return p.off - s
	}
	dt := "integer"
	n := digits()
	if p.off+1 < len(p.src) && p.src[p.off] == '.' && p.src[p.off+1] >= '0' && p.src[p.off+1] <= '9' {
		p.off++
		n += digits()
		dt = "decimal"
	}
	if n == 0 {
		p.off = start
		p.failf("bad number %s", p.found())
	}
	if p.off < len(p.src) && (p.src[p.off] == 'e' || p.src[p.off] == 'E') {
		p.off++
		if p.off < len(p.src) && (p.src[p.off] == '+' || p.src[p.off] == '-') {
			p.off++
		}
		if digits() == 0 {
			p.failf("bad exponent")
		}
		dt = "double"
	}
	return term{Kind: literalTerm, Value: p.src[start:p.off], Datatype: xsdNS + dt}
}

// isNameChar reports whether r may appear in a prefix, local name or
// blank-node label (PN_CHARS, without the '.' and ':' special cases).
func isNameChar(r rune) bool {
	return r == '_' || r == '-' || r == 0xB7 || unicode.IsLetter(r) || unicode.IsDigit(r) ||
		r >= 0x300 && r <= 0x36F || r == 0x203F || r == 0x2040
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
