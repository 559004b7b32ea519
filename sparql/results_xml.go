package sparql

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// The SPARQL Query Results XML Format
// (https://www.w3.org/TR/rdf-sparql-XMLres/).

// ResultsNamespace is the XML namespace of SPARQL Query Results XML.
const ResultsNamespace = "http://www.w3.org/2005/sparql-results#"

// xmlNamespace is the namespace the xml: prefix is bound to.
const xmlNamespace = "http://www.w3.org/XML/1998/namespace"

// ReadXML reads a document in the SPARQL Query Results XML format.
//
// The root is <sparql> in [ResultsNamespace], holding <head> (with
// <variable name="…"/> and <link href="…"/> elements) and then exactly one
// of <results> (with <result> elements of <binding name="…"> each holding
// one <uri>, <bnode> or <literal xml:lang="…" | datatype="…">) and
// <boolean> ("true" or "false", surrounding whitespace ignored). The text
// of terms is taken exactly, whitespace included. Comments, processing
// instructions and whitespace between elements are ignored; attributes
// other than those above are ignored; any other element or text is an
// error that gives its line and column. Only UTF-8 (or US-ASCII) input is
// accepted. See
// [Results] for how variables missing from the head, xsd:string and
// rdf:langString are handled.
func ReadXML(r io.Reader) (*Results, error) {
	dec := xml.NewDecoder(skipBOM(r))
	dec.CharsetReader = func(charset string, input io.Reader) (io.Reader, error) {
		if strings.EqualFold(charset, "us-ascii") || strings.EqualFold(charset, "ascii") {
			return input, nil // a subset of UTF-8
		}
		return nil, errors.New("only UTF-8 is accepted")
	}
	x := &xmlReader{dec: dec, b: newResultsBuilder()}
	res, err := x.read()
	if err != nil {
		return nil, fmt.Errorf("reading SPARQL XML results: %w", err)
	}
	return res, nil
}

type xmlReader struct {
	dec *xml.Decoder
	b   *resultsBuilder
}

// errorf prefixes an error with the decoder's current line and column.
func (x *xmlReader) errorf(format string, args ...any) error {
	line, col := x.dec.InputPos()
	return fmt.Errorf("line %d, column %d: %s", line, col, fmt.Sprintf(format, args...))
}

// token returns the next token, turning io.EOF into an error.
func (x *xmlReader) token() (xml.Token, error) {
	t, err := x.dec.Token()
	if err == io.EOF {
		return nil, x.errorf("unexpected end of input")
	}
	if err != nil {
		return nil, xmlSyntax(err)
	}
	return t, nil
}

// xmlSyntax words an encoding/xml error.
func xmlSyntax(err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		if se.Msg == "unexpected EOF" {
			return fmt.Errorf("unexpected end of input at line %d", se.Line)
		}
		return fmt.Errorf("malformed XML at line %d: %s", se.Line, se.Msg)
	}
	return fmt.Errorf("malformed XML: %w", err)
}

// child returns the next child element of the element named parent, or nil
// at parent's end tag, skipping comments, processing instructions and
// whitespace.
func (x *xmlReader) child(parent string) (*xml.StartElement, error) {
	for {
		t, err := x.token()
		if err != nil {
			return nil, err
		}
		switch t := t.(type) {
		case xml.StartElement:
			if t.Name.Space != ResultsNamespace {
				return nil, x.errorf("unexpected element %s in <%s>", xmlName(t.Name), parent)
			}
			return &t, nil
		case xml.EndElement:
			return nil, nil
		case xml.CharData:
			if s := strings.TrimSpace(string(t)); s != "" {
				return nil, x.errorf("unexpected text %q in <%s>", clip(s), parent)
			}
		}
	}
}

// text returns the character data of the current element up to its end
// tag; comments are skipped, child elements are an error.
func (x *xmlReader) text(elem string) (string, error) {
	var b strings.Builder
	for {
		t, err := x.token()
		if err != nil {
			return "", err
		}
		switch t := t.(type) {
		case xml.StartElement:
			return "", x.errorf("unexpected element %s inside <%s>", xmlName(t.Name), elem)
		case xml.EndElement:
			return b.String(), nil
		case xml.CharData:
			b.Write(t)
		}
	}
}

// empty reads up to the end tag of an element that must have no content.
func (x *xmlReader) empty(elem string) error {
	c, err := x.child(elem)
	if err != nil {
		return err
	}
	if c != nil {
		return x.errorf("unexpected element <%s> inside <%s>", c.Name.Local, elem)
	}
	return nil
}

// attr returns the value of the unqualified attribute local of se.
func attr(se *xml.StartElement, space, local string) (string, bool) {
	for _, a := range se.Attr {
		if a.Name.Space == space && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

func (x *xmlReader) read() (*Results, error) {
	// Prolog: up to the root element.
	var root *xml.StartElement
	for root == nil {
		t, err := x.dec.Token()
		if err == io.EOF {
			return nil, errors.New("empty input: no <sparql> element")
		}
		if err != nil {
			return nil, xmlSyntax(err)
		}
		switch t := t.(type) {
		case xml.StartElement:
			root = &t
		case xml.CharData:
			if s := strings.TrimSpace(string(t)); s != "" {
				return nil, x.errorf("unexpected text %q before the root element", clip(s))
			}
		case xml.EndElement:
			return nil, x.errorf("unexpected end tag %s", xmlName(t.Name))
		}
	}
	if root.Name.Space != ResultsNamespace || root.Name.Local != "sparql" {
		return nil, x.errorf("root element is %s, want <sparql> in namespace %s", xmlName(root.Name), ResultsNamespace)
	}
	c, err := x.child("sparql")
	if err != nil {
		return nil, err
	}
	if c == nil || c.Name.Local != "head" {
		return nil, x.errorf("missing <head> at the start of <sparql>")
	}
	if err := x.head(); err != nil {
		return nil, err
	}
	c, err = x.child("sparql")
	if err != nil {
		return nil, err
	}
	haveResults := false
	if c != nil {
		switch c.Name.Local {
		case "results":
			haveResults = true
			if err := x.results(); err != nil {
				return nil, err
			}
		case "boolean":
			s, err := x.text("boolean")
			if err != nil {
				return nil, err
			}
			switch strings.TrimSpace(s) {
			case "true":
				v := true
				x.b.res.Boolean = &v
			case "false":
				v := false
				x.b.res.Boolean = &v
			default:
				return nil, x.errorf("<boolean> is %q, want true or false", clip(s))
			}
		default:
			return nil, x.errorf("unexpected element <%s> in <sparql> (want <results> or <boolean>)", c.Name.Local)
		}
		if c, err = x.child("sparql"); err != nil {
			return nil, err
		}
		if c != nil {
			return nil, x.errorf("unexpected element <%s> after the <%s> element", c.Name.Local, map[bool]string{true: "results", false: "boolean"}[haveResults])
		}
	}
	// Epilog: nothing but comments, processing instructions and space.
	for {
		t, err := x.dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("after </sparql>: %w", xmlSyntax(err))
		}
		switch t := t.(type) {
		case xml.StartElement:
			return nil, x.errorf("unexpected element %s after </sparql>", xmlName(t.Name))
		case xml.CharData:
			if s := strings.TrimSpace(string(t)); s != "" {
				return nil, x.errorf("unexpected text %q after </sparql>", clip(s))
			}
		}
	}
	res, err := x.b.finish(haveResults)
	if err != nil {
		return nil, x.errorf("%v", err)
	}
	return res, nil
}

// head reads the content of <head>.
func (x *xmlReader) head() error {
	for {
		c, err := x.child("head")
		if err != nil || c == nil {
			return err
		}
		switch c.Name.Local {
		case "variable":
			name, ok := attr(c, "", "name")
			if !ok {
				return x.errorf("<variable> without a name attribute")
			}
			if err := x.b.headVar(name); err != nil {
				return x.errorf("%v", err)
			}
			if err := x.empty("variable"); err != nil {
				return err
			}
		case "link":
			href, ok := attr(c, "", "href")
			if !ok {
				return x.errorf("<link> without an href attribute")
			}
			x.b.res.Links = append(x.b.res.Links, href)
			if err := x.empty("link"); err != nil {
				return err
			}
		default:
			return x.errorf("unexpected element <%s> in <head> (want <variable> or <link>)", c.Name.Local)
		}
	}
}

// results reads the content of <results>.
func (x *xmlReader) results() error {
	x.b.res.Rows = []Row{}
	for {
		c, err := x.child("results")
		if err != nil || c == nil {
			return err
		}
		if c.Name.Local != "result" {
			return x.errorf("unexpected element <%s> in <results> (want <result>)", c.Name.Local)
		}
		n := len(x.b.res.Rows) + 1
		row := Row{}
		for {
			bind, err := x.child("result")
			if err != nil {
				return err
			}
			if bind == nil {
				break
			}
			if bind.Name.Local != "binding" {
				return x.errorf("row %d: unexpected element <%s> in <result> (want <binding>)", n, bind.Name.Local)
			}
			name, ok := attr(bind, "", "name")
			if !ok {
				return x.errorf("row %d: <binding> without a name attribute", n)
			}
			if _, dup := row[name]; dup {
				return x.errorf("row %d: ?%s is bound twice", n, name)
			}
			if err := x.b.bound(name); err != nil {
				return x.errorf("row %d: %v", n, err)
			}
			t, err := x.term(n, name)
			if err != nil {
				return err
			}
			row[name] = t
		}
		x.b.res.Rows = append(x.b.res.Rows, row)
	}
}

// term reads the content of <binding>: exactly one term element.
func (x *xmlReader) term(n int, name string) (Term, error) {
	c, err := x.child("binding")
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, x.errorf("row %d, ?%s: <binding> without a value", n, name)
	}
	s, err := x.text(c.Name.Local)
	if err != nil {
		return nil, err
	}
	var t Term
	switch c.Name.Local {
	case "uri":
		t = &IRI{Value: s}
	case "bnode":
		t, err = bnodeTerm(s)
	case "literal":
		lang, _ := attr(c, xmlNamespace, "lang")
		dt, _ := attr(c, "", "datatype")
		t, err = literalTerm(s, lang, dt)
	default:
		return nil, x.errorf("row %d, ?%s: unknown binding type <%s> (want <uri>, <literal> or <bnode>)", n, name, c.Name.Local)
	}
	if err != nil {
		return nil, x.errorf("row %d, ?%s: %v", n, name, err)
	}
	if c, err := x.child("binding"); err != nil {
		return nil, err
	} else if c != nil {
		return nil, x.errorf("row %d, ?%s: <binding> holds more than one value", n, name)
	}
	return t, nil
}

// xmlName formats an element name for messages.
func xmlName(n xml.Name) string {
	if n.Space == "" {
		return "<" + n.Local + "> (no namespace)"
	}
	return fmt.Sprintf("<%s> in namespace %s", n.Local, n.Space)
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "…"
}

// WriteXML writes r in the SPARQL Query Results XML format: stable output
// with the variables in Vars order and, in each <result>, the bindings in
// Vars order; text and attributes are escaped (including tab, CR and LF, so
// that they survive XML's normalisation). Simple literals (and xsd:string
// ones) are written without datatype, language-tagged literals with xml:lang
// only. XML 1.0 cannot represent some characters (most C0 controls such as
// U+0000, U+FFFE, U+FFFF, surrogates): results containing them are
// refused with an error rather than altered, as are results that
// [Results.Validate] rejects.
func (r *Results) WriteXML(w io.Writer) error {
	if err := r.Validate(); err != nil {
		return fmt.Errorf("writing SPARQL XML results: %w", err)
	}
	if err := xmlCheckResults(r); err != nil {
		return fmt.Errorf("writing SPARQL XML results: %w", err)
	}
	if r.Boolean == nil {
		return r.writeRows(w, MediaTypeResultsXML)
	}
	bw := bufio.NewWriter(w)
	esc := func(s string) { _ = xml.EscapeText(bw, []byte(s)) }
	bw.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sparql xmlns=\"" + ResultsNamespace + "\">\n  <head>")
	for _, v := range r.Vars {
		bw.WriteString("\n    <variable name=\"")
		esc(v)
		bw.WriteString("\"/>")
	}
	for _, l := range r.Links {
		bw.WriteString("\n    <link href=\"")
		esc(l)
		bw.WriteString("\"/>")
	}
	if len(r.Vars)+len(r.Links) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("</head>\n")
	fmt.Fprintf(bw, "  <boolean>%t</boolean>\n</sparql>\n", *r.Boolean)
	return flushResults(bw, "XML")
}

// xmlCheckResults reports the first string of r that XML 1.0 cannot carry.
func xmlCheckResults(r *Results) error {
	for _, v := range r.Vars {
		if err := xmlCheck(v); err != nil {
			return fmt.Errorf("variable name %q: %w", v, err)
		}
	}
	for _, l := range r.Links {
		if err := xmlCheck(l); err != nil {
			return fmt.Errorf("link %q: %w", l, err)
		}
	}
	for i, row := range r.Rows {
		for name, t := range row {
			var err error
			switch t := t.(type) {
			case *IRI:
				err = xmlCheck(t.Value)
			case *BlankNode:
				err = xmlCheck(t.Label)
			case *Literal:
				if err = xmlCheck(t.Lexical); err == nil {
					if err = xmlCheck(t.Lang); err == nil && t.Datatype != nil {
						err = xmlCheck(t.Datatype.Value)
					}
				}
			}
			if err != nil {
				return fmt.Errorf("row %d, ?%s: %w", i+1, name, err)
			}
		}
	}
	return nil
}

// errXMLChar is wrapped by the error of WriteXML for a character that XML
// 1.0 cannot represent.
var errXMLChar = errors.New("cannot be written in XML 1.0")

// xmlCheck reports a character of s outside XML 1.0's Char production.
func xmlCheck(s string) error {
	for i, c := range s {
		if c == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return fmt.Errorf("invalid UTF-8 at byte %d", i)
			}
		}
		if !(c == 0x9 || c == 0xA || c == 0xD ||
			c >= 0x20 && c <= 0xD7FF ||
			c >= 0xE000 && c <= 0xFFFD ||
			c >= 0x10000 && c <= 0x10FFFF) {
			return fmt.Errorf("character U+%04X %w", c, errXMLChar)
		}
	}
	return nil
}
