package rdfio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// NTriples reads N-Triples or N-Quads from in, calling h for each
// statement; a fourth term (an IRI or a blank node) puts the statement in
// that named graph. Comments and blank lines are skipped; a line may also
// end with a bare CR. IRIs must be absolute. Errors are *Error values
// with the line and column: "line 12, column 40: …".
//
// The parser is lenient in one respect: several statements may share a
// line.
//
// A line longer than r.MaxLineBytes, or a literal longer than
// r.MaxLiteralBytes, stops the read with a [*LimitError] (inside an
// *Error) as soon as it is seen: a line is never buffered much beyond the
// limit, and the literal of a line that outgrows the read buffer is
// measured while the line is read.
func (r Reader) NTriples(in io.Reader, h func(Quad) error) error {
	p := &ntParser{
		br:     bufio.NewReaderSize(in, 1<<16),
		h:      h,
		prefix: r.BNodePrefix,
		iris:   iriCache{},
		langs:  map[string]string{},
	}
	p.maxLine, p.maxLit = r.limits()
	return p.run()
}

// ntParser is the state of one N-Triples / N-Quads read.
type ntParser struct {
	br     *bufio.Reader
	h      func(Quad) error
	prefix string
	iris   iriCache          // predicates, datatypes, graph names
	langs  map[string]string // language tags seen, to share their strings

	lineNo    int
	line      []byte // the line being parsed
	lineStart int    // offset in line of the current line's start (after a bare CR)
	long      []byte // accumulates lines longer than the buffer
	esc       []byte // scratch for unescaping

	maxLine, maxLit int   // Reader.MaxLineBytes, MaxLiteralBytes (math.MaxInt: none)
	off             int64 // byte offset of the start of line in the input
	next            int64 // byte offset of the line after it
	scan            longScan

	lastS  sparql.Term // the previous subject, reused when it repeats
	lastSB []byte      // its written form (IRI or label)
}

// run reads line after line until EOF.
func (p *ntParser) run() error {
	for {
		line, lerr, err := p.readLine()
		if lerr != nil {
			return lerr
		}
		if len(line) > 0 || err == nil {
			p.lineNo++
			if perr := p.parseLine(line); perr != nil {
				return perr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return &Error{Line: p.lineNo + 1, Err: fmt.Errorf("read: %w", err)}
		}
	}
}

// readLine returns the next line without its final "\n". The slice is
// valid until the next call; err is the read error (io.EOF at the end).
// A line longer than the limit, or one that outgrows the read buffer with
// a literal longer than the literal limit, stops the read: lerr is then
// an *Error wrapping a *LimitError, returned as soon as it is seen.
func (p *ntParser) readLine() (line []byte, lerr *Error, err error) {
	p.off = p.next
	line, err = p.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		p.long = append(p.long[:0], line...)
		p.scan = longScan{}
		for err == bufio.ErrBufferFull {
			if lerr := p.checkLong(); lerr != nil {
				return nil, lerr, nil
			}
			line, err = p.br.ReadSlice('\n')
			p.long = appendGrow(p.long, line)
		}
		line = p.long
	}
	p.next += int64(len(line))
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if len(line) > p.maxLine {
		return nil, &Error{Line: p.lineNo + 1, Column: 1, Err: lineLimit(p.maxLine, p.off)}, nil
	}
	return line, nil, err
}

// longScan follows the strings and IRIs of a line that outgrows the read
// buffer, so that an over-long literal is caught while the line is read.
type longScan struct {
	pos      int  // bytes of the line scanned
	inString bool // inside a quoted string, which starts at start
	inIRI    bool // inside <…>
	comment  bool // in a comment, which runs to the end of the line
	start    int
}

// checkLong checks the part of a long line read so far (in p.long)
// against the line limit and scans it for a literal longer than the
// literal limit.
func (p *ntParser) checkLong() *Error {
	b := p.long
	if len(b) > p.maxLine {
		return &Error{Line: p.lineNo + 1, Column: 1, Err: lineLimit(p.maxLine, p.off)}
	}
	s := &p.scan
	for s.pos < len(b) && !s.comment {
		switch {
		case s.inString:
			k := bytes.IndexAny(b[s.pos:], "\"\\")
			if k < 0 {
				s.pos = len(b)
				break
			}
			s.pos += k
			if b[s.pos] == '"' {
				s.inString = false
				s.pos++
			} else if s.pos+1 < len(b) {
				s.pos += 2 // an escape: \" does not end the string
			} else {
				goto measure // the escaped character is still to come
			}
		case s.inIRI:
			k := bytes.IndexByte(b[s.pos:], '>')
			if k < 0 {
				s.pos = len(b)
				break
			}
			s.inIRI = false
			s.pos += k + 1
		default:
			switch b[s.pos] {
			case '"':
				s.inString, s.start = true, s.pos
			case '<':
				s.inIRI = true
			case '#':
				s.comment = true
			}
			s.pos++
		}
	}
measure:
	if s.inString && len(b)-(s.start+1) > p.maxLit {
		// A bare CR before the string counts as a line break (see skipWS).
		before := b[:s.start]
		line := p.lineNo + 1 + bytes.Count(before, []byte{'\r'})
		if i := bytes.LastIndexByte(before, '\r'); i >= 0 {
			before = before[i+1:]
		}
		return &Error{Line: line, Column: utf8.RuneCount(before) + 1, Err: literalLimit(p.maxLit, p.off+int64(s.start))}
	}
	return nil
}

// errAt returns a syntax error at offset i of the current line.
func (p *ntParser) errAt(i int, format string, args ...any) error {
	start := min(p.lineStart, len(p.line))
	i = max(min(i, len(p.line)), start)
	return &Error{Line: p.lineNo, Column: utf8.RuneCount(p.line[start:i]) + 1, Err: fmt.Errorf(format, args...)}
}

// literalTooLong returns the error of a literal whose opening quote is
// at offset i of the current line.
func (p *ntParser) literalTooLong(i int) error {
	e := p.errAt(i, "").(*Error)
	e.Err = literalLimit(p.maxLit, p.off+int64(i))
	return e
}

// found describes the input at offset i for error messages.
func (p *ntParser) found(i int) string {
	if i >= len(p.line) {
		return "end of line"
	}
	end := min(i+16, len(p.line))
	for j := i; j < end; j++ {
		if p.line[j] == '\r' {
			end = j
			break
		}
	}
	s := p.line[i:end]
	for len(s) > 0 && !utf8.Valid(s) {
		s = s[:len(s)-1]
	}
	if end < len(p.line) {
		return strconv.Quote(string(s) + "…")
	}
	return strconv.Quote(string(s))
}

// skipWS skips spaces and tabs, and a bare CR as a line break.
func (p *ntParser) skipWS(i int) int {
	line := p.line
	for i < len(line) {
		switch line[i] {
		case ' ', '\t':
			i++
		case '\r':
			i++
			if i < len(line) {
				p.lineNo++
				p.lineStart = i
			}
		default:
			return i
		}
	}
	return i
}

// parseLine parses the statements of one line.
func (p *ntParser) parseLine(line []byte) error {
	p.line, p.lineStart = line, 0
	if !utf8.Valid(line) {
		i := 0
		for i < len(line) {
			r, n := utf8.DecodeRune(line[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return p.errAt(i, "invalid UTF-8")
	}
	i := p.skipWS(0)
	for i < len(line) && line[i] != '#' {
		var q Quad
		var err error
		if i, err = p.statement(i, &q); err != nil {
			return err
		}
		if err := p.h(q); err != nil {
			return &Error{Line: p.lineNo, Err: err}
		}
		i = p.skipWS(i)
	}
	return nil
}

// statement parses subject, predicate, object, optional graph and '.'.
func (p *ntParser) statement(i int, q *Quad) (int, error) {
	line := p.line
	var err error
	// Subject.
	switch line[i] {
	case '<':
		var v []byte
		if v, i, err = p.iri(i); err != nil {
			return i, err
		}
		if p.lastS != nil && string(p.lastSB) == string(v) {
			if _, ok := p.lastS.(*sparql.IRI); ok {
				q.S = p.lastS
				break
			}
		}
		t := &sparql.IRI{Value: string(v)}
		q.S, p.lastS, p.lastSB = t, t, append(p.lastSB[:0], v...)
	case '_':
		var l []byte
		if l, i, err = p.bnodeLabel(i); err != nil {
			return i, err
		}
		if p.lastS != nil && string(p.lastSB) == string(l) {
			if _, ok := p.lastS.(*sparql.BlankNode); ok {
				q.S = p.lastS
				break
			}
		}
		t := &sparql.BlankNode{Label: p.prefix + string(l)}
		q.S, p.lastS, p.lastSB = t, t, append(p.lastSB[:0], l...)
	default:
		return i, p.errAt(i, "expected a subject (IRI or blank node), found %s", p.found(i))
	}
	// Predicate.
	i = p.skipWS(i)
	if i >= len(line) || line[i] != '<' {
		return i, p.errAt(i, "expected a predicate IRI, found %s", p.found(i))
	}
	var v []byte
	if v, i, err = p.iri(i); err != nil {
		return i, err
	}
	q.P = p.iris.get(v)
	// Object.
	i = p.skipWS(i)
	if i >= len(line) {
		return i, p.errAt(i, "expected an object, found end of line")
	}
	switch line[i] {
	case '<':
		if v, i, err = p.iri(i); err != nil {
			return i, err
		}
		q.O = &sparql.IRI{Value: string(v)}
	case '_':
		if v, i, err = p.bnodeLabel(i); err != nil {
			return i, err
		}
		q.O = &sparql.BlankNode{Label: p.prefix + string(v)}
	case '"':
		if q.O, i, err = p.literal(i); err != nil {
			return i, err
		}
	default:
		return i, p.errAt(i, "expected an object (IRI, blank node or literal), found %s", p.found(i))
	}
	// Graph (N-Quads) and '.'.
	i = p.skipWS(i)
	if i < len(line) {
		switch line[i] {
		case '<':
			if v, i, err = p.iri(i); err != nil {
				return i, err
			}
			q.G = p.iris.get(v)
			i = p.skipWS(i)
		case '_':
			if v, i, err = p.bnodeLabel(i); err != nil {
				return i, err
			}
			q.G = &sparql.BlankNode{Label: p.prefix + string(v)}
			i = p.skipWS(i)
		}
	}
	if i >= len(line) || line[i] != '.' {
		return i, p.errAt(i, "expected '.' at the end of the statement, found %s", p.found(i))
	}
	return i + 1, nil
}

// iri parses an IRIREF at line[i] == '<' and returns its unescaped value
// (valid until the next call) and the offset after '>'.
func (p *ntParser) iri(i int) ([]byte, int, error) {
	line := p.line
	start := i + 1
	j := start
	for j < len(line) && !iriForbidden[line[j]] {
		j++
	}
	var v []byte
	if j < len(line) && line[j] == '>' {
		v = line[start:j]
	} else {
		// Escapes, or an error.
		buf := append(p.esc[:0], line[start:j]...)
		for {
			if j >= len(line) {
				return nil, j, p.errAt(i, "unterminated IRI (missing '>')")
			}
			c := line[j]
			if c == '>' {
				break
			}
			if c != '\\' {
				if iriForbidden[c] {
					return nil, j, p.errAt(j, "character %q is not allowed in an IRI", rune(c))
				}
				buf = append(buf, c)
				j++
				continue
			}
			r, n, err := unescapeUCHAR(line[j:])
			if err != nil {
				return nil, j, p.errAt(j, "IRI: %v", err)
			}
			if isIRIRuneForbidden(r) {
				return nil, j, p.errAt(j, "escaped character %q is not allowed in an IRI", r)
			}
			buf = utf8.AppendRune(buf, r)
			j += n
		}
		p.esc = buf
		v = buf
	}
	if !hasScheme(v) {
		return nil, j, p.errAt(i, "IRI <%s> is not absolute (N-Triples needs absolute IRIs)", v)
	}
	return v, j + 1, nil
}

// unescapeUCHAR decodes the \uXXXX or \UXXXXXXXX escape at the start of b
// and returns the character and the escape's length.
func unescapeUCHAR(b []byte) (rune, int, error) {
	if len(b) < 2 || (b[1] != 'u' && b[1] != 'U') {
		if len(b) < 2 {
			return 0, 0, errors.New("'\\' at end of input")
		}
		return 0, 0, fmt.Errorf("bad escape %q (only \\u and \\U are allowed here)", "\\"+string(rune(b[1])))
	}
	n := 4
	if b[1] == 'U' {
		n = 8
	}
	if len(b) < 2+n {
		return 0, 0, fmt.Errorf("truncated escape %q", b)
	}
	return decodeHexEscape(b[:2+n])
}

// decodeHexEscape decodes a complete \uXXXX or \UXXXXXXXX escape.
func decodeHexEscape(b []byte) (rune, int, error) {
	var r rune
	for _, c := range b[2:] {
		v := hexVal(c)
		if v < 0 {
			return 0, 0, fmt.Errorf("bad hex digit in escape %q", b)
		}
		r = r<<4 | rune(v)
	}
	if r > utf8.MaxRune || r >= 0xD800 && r <= 0xDFFF {
		return 0, 0, fmt.Errorf("escape %q is not a Unicode character", b)
	}
	return r, len(b), nil
}

// unescapeECHAR decodes the string escape at the start of b (\t \b \n \r
// \f \" \' \\ or a \u / \U escape).
func unescapeECHAR(b []byte) (rune, int, error) {
	if len(b) < 2 {
		return 0, 0, errors.New("'\\' at end of input")
	}
	switch b[1] {
	case 't':
		return '\t', 2, nil
	case 'b':
		return '\b', 2, nil
	case 'n':
		return '\n', 2, nil
	case 'r':
		return '\r', 2, nil
	case 'f':
		return '\f', 2, nil
	case '"', '\'', '\\':
		return rune(b[1]), 2, nil
	case 'u', 'U':
		return unescapeUCHAR(b)
	}
	r, _ := utf8.DecodeRune(b[1:])
	return 0, 0, fmt.Errorf("bad escape %q", "\\"+string(r))
}

// labelStart and labelChar are the ASCII part of the blank-node label
// classes: (PN_CHARS_U | [0-9]) and (PN_CHARS | '.').
var labelStart, labelChar = func() (s, c [128]bool) {
	for b := 0; b < 128; b++ {
		r := rune(b)
		s[b] = isPNCharsU(r) || isDigit(b)
		c[b] = isPNChars(r) || r == '.'
	}
	return
}()

// bnodeLabel parses "_:label" at line[i] and returns the label (without
// "_:") and the offset after it. A final '.' is not part of the label.
func (p *ntParser) bnodeLabel(i int) ([]byte, int, error) {
	line := p.line
	if i+1 >= len(line) || line[i+1] != ':' {
		return nil, i, p.errAt(i, "expected \"_:\" starting a blank node, found %s", p.found(i))
	}
	start := i + 2
	j := start
	if j >= len(line) {
		return nil, j, p.errAt(j, "empty blank node label")
	}
	if c := line[j]; c < utf8.RuneSelf {
		if !labelStart[c] {
			return nil, j, p.errAt(j, "bad blank node label start %s", p.found(j))
		}
		j++
	} else {
		r, n := utf8.DecodeRune(line[j:])
		if !isPNCharsU(r) {
			return nil, j, p.errAt(j, "bad blank node label start %q", r)
		}
		j += n
	}
	for j < len(line) {
		c := line[j]
		if c < utf8.RuneSelf {
			if !labelChar[c] {
				break
			}
			j++
			continue
		}
		r, n := utf8.DecodeRune(line[j:])
		if !isPNChars(r) {
			break
		}
		j += n
	}
	for line[j-1] == '.' { // a label cannot end with '.'
		j--
	}
	return line[start:j], j, nil
}

// literal parses a quoted literal with optional @lang or ^^<datatype> at
// line[i] == '"'.
func (p *ntParser) literal(i int) (sparql.Term, int, error) {
	line := p.line
	start := i + 1
	j := start
	for j < len(line) && line[j] != '"' && line[j] != '\\' && line[j] != '\r' {
		j++
	}
	var lex string
	if j < len(line) && line[j] == '"' {
		if j-start > p.maxLit {
			return nil, j, p.literalTooLong(i)
		}
		lex = string(line[start:j])
	} else {
		buf := append(p.esc[:0], line[start:j]...)
		for {
			if j >= len(line) {
				return nil, j, p.errAt(i, "unterminated string (missing '\"')")
			}
			c := line[j]
			if c == '"' {
				break
			}
			switch c {
			case '\\':
				r, n, err := unescapeECHAR(line[j:])
				if err != nil {
					return nil, j, p.errAt(j, "string: %v", err)
				}
				buf = utf8.AppendRune(buf, r)
				j += n
			case '\r':
				return nil, j, p.errAt(j, "raw carriage return in a string (write \\r)")
			default:
				buf = append(buf, c)
				j++
			}
		}
		p.esc = buf
		if j-start > p.maxLit {
			return nil, j, p.literalTooLong(i)
		}
		lex = string(buf)
	}
	j++ // closing quote
	if j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		// White space may separate the string from "@" or "^^".
		k := j
		for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
			k++
		}
		if k < len(line) && (line[k] == '@' || line[k] == '^') {
			j = k
		}
	}
	if j < len(line) && line[j] == '@' {
		k := j + 1
		for k < len(line) && isAlpha(int(line[k])) {
			k++
		}
		if k == j+1 {
			return nil, k, p.errAt(j, "empty language tag")
		}
		for k < len(line) && line[k] == '-' {
			k0 := k + 1
			k++
			for k < len(line) && (isAlpha(int(line[k])) || isDigit(int(line[k]))) {
				k++
			}
			if k == k0 {
				return nil, k, p.errAt(k0, "empty language subtag")
			}
		}
		tag, ok := p.langs[string(line[j+1:k])]
		if !ok {
			tag = string(line[j+1 : k])
			p.langs[tag] = tag
		}
		return &sparql.Literal{Lexical: lex, Lang: tag}, k, nil
	}
	if j+1 < len(line) && line[j] == '^' && line[j+1] == '^' {
		j += 2
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		if j >= len(line) || line[j] != '<' {
			return nil, j, p.errAt(j, "expected a datatype IRI after \"^^\", found %s", p.found(j))
		}
		v, k, err := p.iri(j)
		if err != nil {
			return nil, k, err
		}
		dt := p.iris.get(v)
		if dt.Value == sparql.XSDString {
			return &sparql.Literal{Lexical: lex}, k, nil
		}
		return &sparql.Literal{Lexical: lex, Datatype: dt}, k, nil
	}
	return &sparql.Literal{Lexical: lex}, j, nil
}
