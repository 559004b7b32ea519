package rdfio

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Turtle reads a Turtle 1.1 document from in, calling h for each triple.
// base is the initial base IRI (changed by @base / BASE); relative IRIs are
// resolved against it per RFC 3986 and kept as written when it is "".
// Errors are *Error values with the line and column of the offending
// token: "line 3, column 17: …".
//
// A line (ended by LF) longer than r.MaxLineBytes, or a string longer
// than r.MaxLiteralBytes, stops the read with a [*LimitError] (inside an
// *Error) as soon as it is read: memory stays bounded by the limits
// whatever the input.
func (r Reader) Turtle(in io.Reader, base string, h func(Quad) error) error {
	return newTTLParser(r, in, base, h, false).document()
}

// TriG reads a TriG document (Turtle with graphs: "GRAPH <g> { … }",
// "<g> { … }", "{ … }" for the default graph) from in, calling h for each
// quad. Graph names may be IRIs or blank nodes.
func (r Reader) TriG(in io.Reader, base string, h func(Quad) error) error {
	return newTTLParser(r, in, base, h, true).document()
}

// ttlParser is a recursive-descent Turtle / TriG parser reading from a
// sliding buffer, so that documents of any size stream through.
type ttlParser struct {
	rd        io.Reader
	buf       []byte
	pos, end  int   // buf[pos:end] is unread input
	eof       bool  // rd has no more data
	rerr      error // read error other than io.EOF
	line, col int   // position of buf[pos], 1-based; col counts characters

	maxLine, maxLit int    // Reader.MaxLineBytes, MaxLiteralBytes (math.MaxInt: none)
	bufOff          int64  // byte offset of buf[0] in the input
	readLines       int    // line feeds read so far
	readLineStart   int64  // byte offset of the start of the last line read
	limitErr        *Error // a line longer than maxLine was read: the read stops there

	trig     bool
	base     string
	prefixes map[string]string
	bprefix  string // Reader.BNodePrefix
	fresh    int    // number of anonymous blank nodes so far
	graph    sparql.Term
	h        func(Quad) error
	iris     iriCache
	langs    map[string]string
	sb       []byte // scratch for names, IRIs and strings
	lastSubj *sparql.IRI

	rdfType, rdfFirst, rdfRest, rdfNil            *sparql.IRI
	xsdInteger, xsdDecimal, xsdDouble, xsdBoolean *sparql.IRI
}

func newTTLParser(r Reader, in io.Reader, base string, h func(Quad) error, trig bool) *ttlParser {
	p := &ttlParser{
		rd: in, buf: make([]byte, 1<<16), line: 1, col: 1,
		trig: trig, base: base, prefixes: map[string]string{}, bprefix: r.BNodePrefix,
		h: h, iris: iriCache{}, langs: map[string]string{},
	}
	p.maxLine, p.maxLit = r.limits()
	p.rdfType = p.iris.getString(sparql.RDFType)
	p.rdfFirst = p.iris.getString(sparql.RDF + "first")
	p.rdfRest = p.iris.getString(sparql.RDF + "rest")
	p.rdfNil = p.iris.getString(sparql.RDF + "nil")
	p.xsdInteger = p.iris.getString(sparql.XSDInteger)
	p.xsdDecimal = p.iris.getString(sparql.XSDDecimal)
	p.xsdDouble = p.iris.getString(sparql.XSDDouble)
	p.xsdBoolean = p.iris.getString(sparql.XSDBoolean)
	return p
}

// --- input ---

// fill makes at least n bytes available at pos, unless the input ends
// first; it reports whether they are.
func (p *ttlParser) fill(n int) bool {
	for p.end-p.pos < n {
		if p.eof {
			return false
		}
		if p.pos > 0 {
			copy(p.buf, p.buf[p.pos:p.end])
			p.end -= p.pos
			p.bufOff += int64(p.pos)
			p.pos = 0
		}
		if p.end == len(p.buf) {
			p.buf = append(p.buf, make([]byte, len(p.buf))...)
		}
		m, err := p.rd.Read(p.buf[p.end:])
		if m > 0 && !p.noteRead(p.buf[p.end:p.end+m]) {
			p.eof = true // the rest of the chunk stays: the line started before the limit
		}
		p.end += m
		if err != nil {
			p.eof = true
			if err != io.EOF {
				p.rerr = err
			}
		}
	}
	return true
}

// noteRead checks the lines of a chunk just read (which starts at
// buf[end]) against the line limit; on a line that is too long it sets
// limitErr and reports false.
func (p *ttlParser) noteRead(chunk []byte) bool {
	at := p.bufOff + int64(p.end) // the offset of chunk[0]
	for {
		k := bytes.IndexByte(chunk, '\n')
		end := at + int64(len(chunk)) // where the line ends, so far
		if k >= 0 {
			end = at + int64(k)
		}
		if end-p.readLineStart > int64(p.maxLine) {
			p.limitErr = &Error{Line: p.readLines + 1, Column: 1, Err: lineLimit(p.maxLine, p.readLineStart)}
			return false
		}
		if k < 0 {
			return true
		}
		p.readLines++
		at += int64(k) + 1
		p.readLineStart = at
		chunk = chunk[k+1:]
	}
}

// offset returns the byte offset of buf[pos] in the input.
func (p *ttlParser) offset() int64 { return p.bufOff + int64(p.pos) }

// peek returns the next byte, or -1 at the end of the input.
func (p *ttlParser) peek() int {
	if p.pos < p.end || p.fill(1) {
		return int(p.buf[p.pos])
	}
	return -1
}

// peekAt returns the byte k positions ahead, or -1.
func (p *ttlParser) peekAt(k int) int {
	if p.pos+k < p.end || p.fill(k+1) {
		return int(p.buf[p.pos+k])
	}
	return -1
}

// invalidRune is what peekRune returns for bytes that are not UTF-8.
const invalidRune = -2

// peekRune decodes the character k bytes ahead: -1 at the end of the
// input, invalidRune for a byte that does not start valid UTF-8.
func (p *ttlParser) peekRune(k int) (rune, int) {
	c := p.peekAt(k)
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	p.fill(k + utf8.UTFMax)
	r, n := utf8.DecodeRune(p.buf[p.pos+k : p.end])
	if r == utf8.RuneError && n == 1 {
		return invalidRune, 1
	}
	return r, n
}

// advance consumes n bytes (which must be available).
func (p *ttlParser) advance(n int) {
	for _, c := range p.buf[p.pos : p.pos+n] {
		if c == '\n' {
			p.line++
			p.col = 1
		} else if c&0xC0 != 0x80 {
			p.col++
		}
	}
	p.pos += n
}

// skipWS skips white space and comments.
func (p *ttlParser) skipWS() {
	for {
		for p.pos < p.end {
			switch p.buf[p.pos] {
			case ' ', '\t', '\r':
				p.pos++
				p.col++
				continue
			case '\n':
				p.pos++
				p.line++
				p.col = 1
				continue
			case '#':
				for {
					c := p.peek()
					if c < 0 || c == '\n' || c == '\r' {
						break
					}
					p.advance(1)
				}
				continue
			}
			return
		}
		if !p.fill(1) {
			return
		}
	}
}

// --- errors ---

// pos is a position in the document.
type pos struct{ line, col int }

func (p *ttlParser) here() pos { return pos{p.line, p.col} }

// errAt returns a syntax error at at, or the read error or over-long line
// that cut the input short.
func (p *ttlParser) errAt(at pos, format string, args ...any) error {
	if p.limitErr != nil {
		return p.limitErr
	}
	if p.rerr != nil {
		return &Error{Line: p.line, Column: p.col, Err: fmt.Errorf("read: %w", p.rerr)}
	}
	return &Error{Line: at.line, Column: at.col, Err: fmt.Errorf(format, args...)}
}

// found describes the input at the cursor for error messages.
// Leading spaces are not shown.
func (p *ttlParser) found() string {
	k := 0
	for c := p.peekAt(k); c == ' ' || c == '\t'; c = p.peekAt(k) {
		k++
	}
	if p.peekAt(k) < 0 {
		return "end of file"
	}
	p.fill(k + 24)
	s := p.buf[p.pos+k : min(p.end, p.pos+k+20)]
	more := p.pos+k+20 < p.end
	if i := strings.IndexAny(string(s), "\r\n"); i >= 0 {
		s, more = s[:i], false
	}
	for len(s) > 0 && !utf8.Valid(s) {
		s = s[:len(s)-1]
	}
	if len(s) == 0 {
		return fmt.Sprintf("byte %#x", p.buf[p.pos+k])
	}
	if more {
		return strconv.Quote(string(s) + "…")
	}
	return strconv.Quote(string(s))
}

// expect consumes byte c after optional white space.
func (p *ttlParser) expect(c byte, what string) error {
	p.skipWS()
	if p.peek() != int(c) {
		return p.errAt(p.here(), "expected %s, found %s", what, p.found())
	}
	p.advance(1)
	return nil
}

// emit hands a triple to the callback.
func (p *ttlParser) emit(s sparql.Term, pr *sparql.IRI, o sparql.Term) error {
	if err := p.h(Quad{S: s, P: pr, O: o, G: p.graph}); err != nil {
		return &Error{Line: p.line, Err: err}
	}
	return nil
}

// freshNode returns a new anonymous blank node.
func (p *ttlParser) freshNode() *sparql.BlankNode {
	p.fresh++
	return &sparql.BlankNode{Label: p.bprefix + "g" + strconv.Itoa(p.fresh)}
}

// --- grammar ---

// document parses statements until the end of the input.
func (p *ttlParser) document() error {
	for {
		p.skipWS()
		if p.peek() < 0 {
			if p.limitErr != nil {
				return p.limitErr
			}
			if p.rerr != nil {
				return &Error{Line: p.line, Column: p.col, Err: fmt.Errorf("read: %w", p.rerr)}
			}
			return nil
		}
		if err := p.statement(); err != nil {
			return err
		}
	}
}

// isNameStart reports whether c can start a prefixed name or keyword.
func (p *ttlParser) isNameStart() bool {
	c := p.peek()
	if c == ':' || isAlpha(c) {
		return true
	}
	if c < utf8.RuneSelf {
		return false
	}
	r, _ := p.peekRune(0)
	return isPNCharsBase(r)
}

// statement parses a directive, a triples statement or (TriG) a graph.
func (p *ttlParser) statement() error {
	at := p.here()
	switch c := p.peek(); {
	case c == '@':
		p.advance(1)
		var kw []byte
		for isAlpha(p.peek()) {
			kw = append(kw, byte(p.peek()))
			p.advance(1)
		}
		switch string(kw) {
		case "prefix":
			if err := p.prefixDecl(); err != nil {
				return err
			}
		case "base":
			if err := p.baseDecl(); err != nil {
				return err
			}
		default:
			return p.errAt(at, "unknown directive @%s (want @prefix or @base)", kw)
		}
		return p.expect('.', "'.' after the directive")
	case c == '{' && p.trig:
		return p.wrappedGraph(nil)
	case c == '[':
		n, anon, err := p.bracket()
		if err != nil {
			return err
		}
		p.skipWS()
		if anon && p.trig && p.peek() == '{' {
			return p.wrappedGraph(n)
		}
		// "[] predicateObjectList ." or "[ … ] predicateObjectList? ."
		if anon || p.peek() != '.' {
			if err := p.predicateObjectList(n); err != nil {
				return err
			}
		}
		return p.expect('.', "'.' at the end of the statement")
	case c == '(':
		n, err := p.collection()
		if err != nil {
			return err
		}
		if err := p.predicateObjectList(n); err != nil {
			return err
		}
		return p.expect('.', "'.' at the end of the statement")
	case p.isNameStart():
		iri, word, err := p.name(p.subjectIRI)
		if err != nil {
			return err
		}
		if iri == nil {
			switch strings.ToUpper(word) {
			case "PREFIX":
				return p.prefixDecl()
			case "BASE":
				return p.baseDecl()
			case "GRAPH":
				if p.trig {
					return p.graphStatement()
				}
			}
			return p.errAt(at, "unexpected word %q (want a prefixed name, IRI, blank node or directive)", word)
		}
		return p.triplesOrGraph(iri)
	case c == '<', c == '_':
		s, err := p.subject()
		if err != nil {
			return err
		}
		return p.triplesOrGraph(s)
	default:
		if p.trig {
			return p.errAt(at, "expected a directive, triples or a graph, found %s", p.found())
		}
		return p.errAt(at, "expected a directive or triples, found %s", p.found())
	}
}

// triplesOrGraph continues a statement whose subject (or, in TriG, graph
// name) s has been read.
func (p *ttlParser) triplesOrGraph(s sparql.Term) error {
	p.skipWS()
	if p.trig && p.peek() == '{' {
		return p.wrappedGraph(s)
	}
	if err := p.predicateObjectList(s); err != nil {
		return err
	}
	return p.expect('.', "'.' at the end of the statement")
}

// graphStatement parses the rest of "GRAPH label { … }".
func (p *ttlParser) graphStatement() error {
	p.skipWS()
	var g sparql.Term
	switch c := p.peek(); {
	case c == '[':
		at := p.here()
		if !p.openBracket() {
			return p.errAt(at, "a graph name must be an IRI or a blank node, not a blank node property list")
		}
		g = p.freshNode()
	case c == '<', c == '_', p.isNameStart():
		var err error
		if g, err = p.subject(); err != nil {
			return err
		}
	default:
		return p.errAt(p.here(), "expected a graph name after GRAPH, found %s", p.found())
	}
	p.skipWS()
	if p.peek() != '{' {
		return p.errAt(p.here(), "expected '{' after the graph name, found %s", p.found())
	}
	return p.wrappedGraph(g)
}

// wrappedGraph parses "{ triples ( . triples )* .? }" into graph g (nil:
// the default graph).
func (p *ttlParser) wrappedGraph(g sparql.Term) error {
	p.advance(1) // '{'
	p.graph = g
	defer func() { p.graph = nil }()
	for {
		p.skipWS()
		if p.peek() == '}' {
			p.advance(1)
			return nil
		}
		if err := p.triples(); err != nil {
			return err
		}
		p.skipWS()
		switch p.peek() {
		case '.':
			p.advance(1)
		case '}':
		default:
			return p.errAt(p.here(), "expected '.' or '}' in the graph, found %s", p.found())
		}
	}
}

// triples parses one triples statement inside a TriG graph (without '.').
func (p *ttlParser) triples() error {
	switch c := p.peek(); {
	case c == '[':
		// "[] predicateObjectList" or "[ … ] predicateObjectList?"
		n, anon, err := p.bracket()
		if err != nil {
			return err
		}
		if !anon {
			p.skipWS()
			if c := p.peek(); c == '.' || c == '}' {
				return nil
			}
		}
		return p.predicateObjectList(n)
	case c == '(':
		n, err := p.collection()
		if err != nil {
			return err
		}
		return p.predicateObjectList(n)
	}
	s, err := p.subject()
	if err != nil {
		return err
	}
	return p.predicateObjectList(s)
}

// prefixDecl parses "PNAME_NS IRIREF" after @prefix or PREFIX.
func (p *ttlParser) prefixDecl() error {
	p.skipWS()
	at := p.here()
	if !p.isNameStart() {
		return p.errAt(at, "expected a prefix name such as \"ex:\", found %s", p.found())
	}
	prefix, err := p.scanPrefix()
	if err != nil {
		return err
	}
	if p.peek() != ':' {
		return p.errAt(at, "expected ':' after the prefix name %q, found %s", prefix, p.found())
	}
	p.advance(1)
	p.skipWS()
	if p.peek() != '<' {
		return p.errAt(p.here(), "expected an IRI in angle brackets for prefix %q, found %s", prefix, p.found())
	}
	iri, err := p.iriRef()
	if err != nil {
		return err
	}
	p.prefixes[prefix] = iri
	return nil
}

// baseDecl parses the IRIREF after @base or BASE.
func (p *ttlParser) baseDecl() error {
	p.skipWS()
	if p.peek() != '<' {
		return p.errAt(p.here(), "expected a base IRI in angle brackets, found %s", p.found())
	}
	iri, err := p.iriRef()
	if err != nil {
		return err
	}
	p.base = iri
	return nil
}

// predicateObjectList parses "verb objectList ( ; ( verb objectList )? )*".
func (p *ttlParser) predicateObjectList(s sparql.Term) error {
	for {
		p.skipWS()
		pr, err := p.verb()
		if err != nil {
			return err
		}
		if err := p.objectList(s, pr); err != nil {
			return err
		}
		p.skipWS()
		if p.peek() != ';' {
			return nil
		}
		for p.peek() == ';' {
			p.advance(1)
			p.skipWS()
		}
		if c := p.peek(); c == '.' || c == ']' || c == '}' || c < 0 {
			return nil
		}
	}
}

// objectList parses "object ( , object )*" and emits the triples.
func (p *ttlParser) objectList(s sparql.Term, pr *sparql.IRI) error {
	for {
		p.skipWS()
		o, err := p.object()
		if err != nil {
			return err
		}
		if err := p.emit(s, pr, o); err != nil {
			return err
		}
		p.skipWS()
		if p.peek() != ',' {
			return nil
		}
		p.advance(1)
	}
}

// verb parses a predicate: an IRI or "a".
func (p *ttlParser) verb() (*sparql.IRI, error) {
	at := p.here()
	switch {
	case p.peek() == '<':
		v, err := p.iriRefBytes()
		if err != nil {
			return nil, err
		}
		return p.iris.get(v), nil
	case p.isNameStart():
		iri, word, err := p.name(p.iris.get)
		if err != nil {
			return nil, err
		}
		if iri == nil {
			if word == "a" {
				return p.rdfType, nil
			}
			return nil, p.errAt(at, "unexpected word %q where a predicate was expected", word)
		}
		return iri, nil
	}
	return nil, p.errAt(at, "expected a predicate (IRI, prefixed name or \"a\"), found %s", p.found())
}

// newIRI returns a new IRI with value b.
func newIRI(b []byte) *sparql.IRI { return &sparql.IRI{Value: string(b)} }

// subjectIRI returns the IRI b, reusing the previous subject's when it is
// the same (consecutive statements about one subject are the rule).
func (p *ttlParser) subjectIRI(b []byte) *sparql.IRI {
	if p.lastSubj != nil && p.lastSubj.Value == string(b) {
		return p.lastSubj
	}
	p.lastSubj = newIRI(b)
	return p.lastSubj
}

// subject parses an IRI or a blank-node label.
func (p *ttlParser) subject() (sparql.Term, error) {
	at := p.here()
	switch c := p.peek(); {
	case c == '<':
		v, err := p.iriRefBytes()
		if err != nil {
			return nil, err
		}
		return p.subjectIRI(v), nil
	case c == '_':
		return p.bnodeLabel()
	case p.isNameStart():
		iri, word, err := p.name(p.subjectIRI)
		if err != nil {
			return nil, err
		}
		if iri == nil {
			return nil, p.errAt(at, "unexpected word %q where a subject was expected", word)
		}
		return iri, nil
	}
	return nil, p.errAt(at, "expected a subject (IRI or blank node), found %s", p.found())
}

// object parses any term allowed in object position (emitting the triples
// of nested blank-node property lists and collections).
func (p *ttlParser) object() (sparql.Term, error) {
	at := p.here()
	switch c := p.peek(); {
	case c == '<':
		v, err := p.iriRefBytes()
		if err != nil {
			return nil, err
		}
		return newIRI(v), nil
	case c == '_':
		return p.bnodeLabel()
	case c == '[':
		n, _, err := p.bracket()
		return n, err
	case c == '(':
		return p.collection()
	case c == '"' || c == '\'':
		return p.rdfLiteral()
	case isDigit(c) || c == '+' || c == '-' || c == '.' && isDigit(p.peekAt(1)):
		return p.number()
	case p.isNameStart():
		iri, word, err := p.name(newIRI)
		if err != nil {
			return nil, err
		}
		if iri == nil {
			switch word {
			case "true", "false":
				return &sparql.Literal{Lexical: word, Datatype: p.xsdBoolean}, nil
			}
			return nil, p.errAt(at, "unexpected word %q where an object was expected", word)
		}
		return iri, nil
	}
	return nil, p.errAt(at, "expected an object (IRI, blank node, literal, [ … ] or ( … )), found %s", p.found())
}

// openBracket consumes "[" and the white space and comments after it,
// and the "]" of an ANON blank node ("[ ]"), reporting whether it was
// one. The white space is insignificant either way, so it is consumed
// rather than looked at ahead of the cursor: a lookahead over it (it may
// span any number of lines) would grow the buffer without bound.
func (p *ttlParser) openBracket() bool {
	p.advance(1) // '['
	p.skipWS()
	if p.peek() == ']' {
		p.advance(1)
		return true
	}
	return false
}

// bracket parses "[ ]", a fresh blank node (anon true), or
// "[ predicateObjectList ]", emitting the list's triples about a fresh
// blank node it returns.
func (p *ttlParser) bracket() (n sparql.Term, anon bool, err error) {
	anon = p.openBracket()
	node := p.freshNode()
	if anon {
		return node, true, nil
	}
	if err := p.predicateObjectList(node); err != nil {
		return nil, false, err
	}
	if err := p.expect(']', "']' closing the blank node property list"); err != nil {
		return nil, false, err
	}
	return node, false, nil
}

// collection parses "( object* )" into rdf:first / rdf:rest cells and
// returns the head (rdf:nil for "()").
func (p *ttlParser) collection() (sparql.Term, error) {
	at := p.here()
	p.advance(1) // '('
	var head, prev sparql.Term
	for {
		p.skipWS()
		switch p.peek() {
		case ')':
			p.advance(1)
			if head == nil {
				return p.rdfNil, nil
			}
			if err := p.emit(prev, p.rdfRest, p.rdfNil); err != nil {
				return nil, err
			}
			return head, nil
		case -1:
			return nil, p.errAt(at, "unterminated collection (missing ')')")
		}
		cell := p.freshNode()
		if head == nil {
			head = cell
		} else if err := p.emit(prev, p.rdfRest, cell); err != nil {
			return nil, err
		}
		o, err := p.object()
		if err != nil {
			return nil, err
		}
		if err := p.emit(cell, p.rdfFirst, o); err != nil {
			return nil, err
		}
		prev = cell
	}
}

// --- terminals ---

// iriRef parses "<…>" and returns the IRI resolved against the base.
func (p *ttlParser) iriRef() (string, error) {
	b, err := p.iriRefBytes()
	return string(b), err
}

// iriRefBytes is iriRef returning bytes valid until the next token.
func (p *ttlParser) iriRefBytes() ([]byte, error) {
	at := p.here()
	p.advance(1) // '<'
	buf := p.sb[:0]
	for {
		// Bulk-copy a run of plain ASCII.
		i := p.pos
		for i < p.end && p.buf[i] < utf8.RuneSelf && !iriForbidden[p.buf[i]] {
			i++
		}
		if i > p.pos {
			buf = append(buf, p.buf[p.pos:i]...)
			p.col += i - p.pos
			p.pos = i
		}
		c := p.peek()
		switch {
		case c < 0:
			p.sb = buf
			return nil, p.errAt(at, "unterminated IRI (missing '>')")
		case c == '>':
			p.advance(1)
			p.sb = buf
			if p.base != "" && !hasScheme(buf) {
				return []byte(sparql.ResolveIRI(p.base, string(buf))), nil
			}
			return buf, nil
		case c == '\\':
			p.fill(10)
			r, n, err := unescapeUCHAR(p.buf[p.pos:p.end])
			if err != nil {
				p.sb = buf
				return nil, p.errAt(p.here(), "IRI: %v", err)
			}
			if isIRIRuneForbidden(r) {
				p.sb = buf
				return nil, p.errAt(p.here(), "escaped character %q is not allowed in an IRI", r)
			}
			buf = utf8.AppendRune(buf, r)
			p.advance(n)
		case c < utf8.RuneSelf && !iriForbidden[c]:
			buf = append(buf, byte(c)) // the bulk copy found the buffer empty
			p.advance(1)
		case c < utf8.RuneSelf:
			p.sb = buf
			return nil, p.errAt(p.here(), "character %q is not allowed in an IRI", rune(c))
		default:
			r, n := p.peekRune(0)
			if r == invalidRune {
				p.sb = buf
				return nil, p.errAt(p.here(), "invalid UTF-8 in IRI")
			}
			buf = append(buf, p.buf[p.pos:p.pos+n]...)
			p.advance(n)
		}
	}
}

// bnodeLabel parses "_:label".
func (p *ttlParser) bnodeLabel() (sparql.Term, error) {
	at := p.here()
	if p.peekAt(1) != ':' {
		return nil, p.errAt(at, "expected \"_:\" starting a blank node label, found %s", p.found())
	}
	p.advance(2)
	r, n := p.peekRune(0)
	if !isPNCharsU(r) && !isDigit(int(r)) {
		if r < 0 || r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return nil, p.errAt(p.here(), "empty blank node label")
		}
		return nil, p.errAt(p.here(), "bad blank node label start %s", p.found())
	}
	buf := append(p.sb[:0], p.bprefix...)
	buf = append(buf, 'b')
	buf = append(buf, p.buf[p.pos:p.pos+n]...)
	p.advance(n)
	buf = p.scanPNTail(buf)
	p.sb = buf
	return &sparql.BlankNode{Label: string(buf)}, nil
}

// scanPrefix scans PN_PREFIX (possibly empty) and returns it; the cursor
// is left on the character after it.
func (p *ttlParser) scanPrefix() (string, error) {
	r, n := p.peekRune(0)
	if r == ':' {
		return "", nil
	}
	at := p.here()
	if !isPNCharsBase(r) {
		return "", p.errAt(at, "bad prefix name start %s", p.found())
	}
	buf := append(p.sb[:0], p.buf[p.pos:p.pos+n]...)
	p.advance(n)
	buf = p.scanPNTail(buf)
	p.sb = buf
	return string(buf), nil
}

// localEscapable are the characters PN_LOCAL_ESC may escape.
const localEscapable = "_~.-!$&'()*+,;=/?#@%"

// name parses a prefixed name or a bare word (a keyword). For a prefixed
// name it returns the IRI made by mk from the expanded IRI's bytes;
// otherwise the word.
func (p *ttlParser) name(mk func([]byte) *sparql.IRI) (*sparql.IRI, string, error) {
	at := p.here()
	prefix, err := p.scanPrefix()
	if err != nil {
		return nil, "", err
	}
	if p.peek() != ':' {
		return nil, prefix, nil
	}
	p.advance(1)
	ns, ok := p.prefixes[prefix]
	if !ok {
		return nil, "", p.errAt(at, "undefined prefix %q", prefix+":")
	}
	buf := append(p.sb[:0], ns...)
	first := true
	for {
		r, n := p.peekRune(0)
		switch {
		case r == '%':
			h1, h2 := p.peekAt(1), p.peekAt(2)
			if h1 < 0 || h2 < 0 || hexVal(byte(h1)) < 0 || hexVal(byte(h2)) < 0 {
				p.sb = buf
				return nil, "", p.errAt(p.here(), "bad %%-escape in local name (want %% and two hex digits), found %s", p.found())
			}
			buf = append(buf, '%', byte(h1), byte(h2))
			p.advance(3)
		case r == '\\':
			e := p.peekAt(1)
			if e < 0 || !strings.ContainsRune(localEscapable, rune(e)) {
				p.sb = buf
				return nil, "", p.errAt(p.here(), "bad escape in local name (\\ may only escape one of %s), found %s", localEscapable, p.found())
			}
			buf = append(buf, byte(e))
			p.advance(2)
		case r == '.' && !first:
			k := 1
			for p.peekAt(k) == '.' {
				k++
			}
			if r2, _ := p.peekRune(k); !(isPNChars(r2) || r2 == ':' || r2 == '%' || r2 == '\\') {
				goto done
			}
			buf = append(buf, p.buf[p.pos:p.pos+k]...)
			p.advance(k)
		case r == ':' || isPNCharsU(r) || isDigit(int(r)) || !first && isPNChars(r):
			buf = append(buf, p.buf[p.pos:p.pos+n]...)
			p.advance(n)
		default:
			goto done
		}
		first = false
	}
done:
	p.sb = buf
	return mk(buf), "", nil
}

// rdfLiteral parses a quoted string with optional @lang or ^^datatype.
func (p *ttlParser) rdfLiteral() (sparql.Term, error) {
	lex, err := p.quotedString()
	if err != nil {
		return nil, err
	}
	p.skipWS() // the grammar allows white space before LANGTAG and "^^"
	switch p.peek() {
	case '@':
		at := p.here()
		p.advance(1)
		buf := p.sb[:0]
		for isAlpha(p.peek()) {
			buf = append(buf, byte(p.peek()))
			p.advance(1)
		}
		if len(buf) == 0 {
			return nil, p.errAt(at, "empty language tag")
		}
		for p.peek() == '-' {
			buf = append(buf, '-')
			p.advance(1)
			n := len(buf)
			for c := p.peek(); isAlpha(c) || isDigit(c); c = p.peek() {
				buf = append(buf, byte(c))
				p.advance(1)
			}
			if len(buf) == n {
				p.sb = buf
				return nil, p.errAt(at, "empty language subtag in %q", "@"+string(buf))
			}
		}
		p.sb = buf
		tag, ok := p.langs[string(buf)]
		if !ok {
			tag = string(buf)
			p.langs[tag] = tag
		}
		return &sparql.Literal{Lexical: lex, Lang: tag}, nil
	case '^':
		at := p.here()
		if p.peekAt(1) != '^' {
			return nil, p.errAt(at, "expected \"^^\" before a datatype, found %s", p.found())
		}
		p.advance(2)
		p.skipWS()
		var dt *sparql.IRI
		switch {
		case p.peek() == '<':
			v, err := p.iriRefBytes()
			if err != nil {
				return nil, err
			}
			dt = p.iris.get(v)
		case p.isNameStart():
			iri, word, err := p.name(p.iris.get)
			if err != nil {
				return nil, err
			}
			if iri == nil {
				return nil, p.errAt(at, "unexpected word %q where a datatype IRI was expected", word)
			}
			dt = iri
		default:
			return nil, p.errAt(p.here(), "expected a datatype IRI after \"^^\", found %s", p.found())
		}
		if dt.Value == sparql.XSDString {
			return &sparql.Literal{Lexical: lex}, nil
		}
		return &sparql.Literal{Lexical: lex, Datatype: dt}, nil
	}
	return &sparql.Literal{Lexical: lex}, nil
}

// strPlain marks bytes that a string may contain with no special handling.
var strPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = true
	}
	t['\t'] = true
	for _, c := range []byte("\"'\\") {
		t[c] = false
	}
	return t
}()

// quotedString parses a short or long string in single or double quotes
// and returns its unescaped value.
func (p *ttlParser) quotedString() (string, error) {
	at, start := p.here(), p.offset()
	q := p.peek()
	long := p.peekAt(1) == q && p.peekAt(2) == q
	if long {
		p.advance(3)
	} else {
		p.advance(1)
	}
	body := p.offset() // where the lexical form starts
	buf := p.sb[:0]
	defer func() { p.sb = buf }()
	for {
		i := p.pos
		for i < p.end && strPlain[p.buf[i]] {
			i++
		}
		if i > p.pos {
			buf = appendGrow(buf, p.buf[p.pos:i])
			p.col += i - p.pos
			p.pos = i
		}
		if p.offset()-body > int64(p.maxLit) { // checked before the closing quote too
			return "", &Error{Line: at.line, Column: at.col, Err: literalLimit(p.maxLit, start)}
		}
		c := p.peek()
		switch {
		case c < 0:
			return "", p.errAt(at, "unterminated string")
		case c == q:
			if !long {
				p.advance(1)
				return string(buf), nil
			}
			if p.peekAt(1) == q && p.peekAt(2) == q {
				p.advance(3)
				return string(buf), nil
			}
			buf = append(buf, byte(c))
			p.advance(1)
		case c == '\\':
			p.fill(10)
			r, n, err := unescapeECHAR(p.buf[p.pos:p.end])
			if err != nil {
				return "", p.errAt(p.here(), "string: %v", err)
			}
			buf = utf8.AppendRune(buf, r)
			p.advance(n)
		case c == '\n' || c == '\r':
			if !long {
				return "", p.errAt(p.here(), "line break in a short string (escape it as \\n, or use a \"\"\"long string\"\"\")")
			}
			buf = append(buf, byte(c))
			p.advance(1)
		case c < utf8.RuneSelf:
			buf = append(buf, byte(c)) // other quote, control characters
			p.advance(1)
		default:
			r, n := p.peekRune(0)
			if r == invalidRune {
				return "", p.errAt(p.here(), "invalid UTF-8 in string")
			}
			buf = append(buf, p.buf[p.pos:p.pos+n]...)
			p.advance(n)
		}
	}
}

// number parses INTEGER, DECIMAL or DOUBLE, keeping the lexical form.
func (p *ttlParser) number() (sparql.Term, error) {
	at := p.here()
	buf := p.sb[:0]
	defer func() { p.sb = buf }()
	if c := p.peek(); c == '+' || c == '-' {
		buf = append(buf, byte(c))
		p.advance(1)
	}
	digits := func() int {
		n := 0
		for isDigit(p.peek()) {
			buf = append(buf, byte(p.peek()))
			p.advance(1)
			n++
		}
		return n
	}
	intDigits := digits()
	dt := p.xsdInteger
	fracDigits := 0
	if p.peek() == '.' {
		switch next := p.peekAt(1); {
		case isDigit(next):
			buf = append(buf, '.')
			p.advance(1)
			fracDigits = digits()
			dt = p.xsdDecimal
		case (next == 'e' || next == 'E') && intDigits > 0 && p.expFollows(2):
			buf = append(buf, '.') // "1.e5"
			p.advance(1)
		}
	}
	if intDigits == 0 && fracDigits == 0 {
		return nil, p.errAt(at, "%q is not a number", string(buf))
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		if !p.expFollows(1) {
			return nil, p.errAt(p.here(), "bad exponent in number %q", string(buf)+string(rune(c)))
		}
		buf = append(buf, byte(c))
		p.advance(1)
		if c := p.peek(); c == '+' || c == '-' {
			buf = append(buf, byte(c))
			p.advance(1)
		}
		digits()
		dt = p.xsdDouble
	}
	return &sparql.Literal{Lexical: string(buf), Datatype: dt}, nil
}

// expFollows reports whether the input k bytes ahead is [+-]?[0-9].
func (p *ttlParser) expFollows(k int) bool {
	c := p.peekAt(k)
	if c == '+' || c == '-' {
		c = p.peekAt(k + 1)
	}
	return isDigit(c)
}

// scanPNTail appends to buf the rest of a blank-node label or prefix name:
// PN_CHARS, and '.' only where a PN_CHARS follows (a name cannot end with
// '.'). The cursor is left on the first character not taken.
func (p *ttlParser) scanPNTail(buf []byte) []byte {
	for {
		r, n := p.peekRune(0)
		if r == '.' {
			k := 1
			for p.peekAt(k) == '.' {
				k++
			}
			if r2, _ := p.peekRune(k); !isPNChars(r2) {
				return buf
			}
			buf = append(buf, p.buf[p.pos:p.pos+k]...)
			p.advance(k)
			continue
		}
		if !isPNChars(r) {
			return buf
		}
		buf = append(buf, p.buf[p.pos:p.pos+n]...)
		p.advance(n)
	}
}
