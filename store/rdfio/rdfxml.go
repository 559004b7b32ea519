package rdfio

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// This file is an RDF/XML parser on encoding/xml, following the grammar of
// "RDF 1.1 XML Syntax" section 7. knakk/rdf's RDF/XML decoder was the
// first choice and was dropped: it takes any "scheme:rest" IRI without
// "//" for a prefixed name (rdf:resource="mailto:…" fails with "no name
// space found for prefix", 2 of the 16 W3C .rdf files), resolves relative
// IRIs by concatenation, names anonymous nodes in the space of rdf:nodeID
// values, and reports no line numbers.

// RDFXML reads an RDF/XML document from in, calling h for each triple.
// Relative IRIs (rdf:about, rdf:resource, rdf:ID, rdf:datatype, and
// xml:base itself) are resolved against base and xml:base per RFC 3986.
// Blank nodes follow the Turtle scheme of the package documentation:
// rdf:nodeID="x" becomes BNodePrefix+"bx", anonymous nodes
// BNodePrefix+"gN". Entities declared in the internal DTD subset
// (<!ENTITY owl "http://…#">), common in OWL files, are expanded.
//
// rdf:parseType="Literal" content becomes an rdf:XMLLiteral whose lexical
// form is the element content exactly as written (not in exclusive
// canonical XML). Errors are *Error values with the line and column.
//
// encoding/xml holds a whole token in memory, so r.MaxLineBytes caps each
// XML token (a tag with its attributes, a run of text, a comment, the
// DOCTYPE) as it is read, and r.MaxLiteralBytes the text of a literal,
// the content of an rdf:parseType="Literal" element, and what entity
// references can expand to; either stops the read with a [*LimitError]
// (inside an *Error) where the token or literal starts.
func (r Reader) RDFXML(in io.Reader, base string, h func(Quad) error) error {
	rec := &recordingReader{r: bufio.NewReaderSize(in, 1<<16)}
	rec.maxToken, rec.maxLit = r.limits()
	d := xml.NewDecoder(rec)
	d.Strict = true
	x := &xmlParser{dec: d, rec: rec, h: h, prefix: r.BNodePrefix, iris: iriCache{}, maxLit: rec.maxLit}
	x.rdfType = x.iris.getString(sparql.RDFType)
	return x.document(xmlCtx{base: base})
}

// recordingReader is the byte source of the XML decoder. Being an
// io.ByteReader keeps encoding/xml from buffering ahead, so that the
// decoder's InputOffset matches the bytes read here and the raw text of an
// rdf:parseType="Literal" element can be recorded.
//
// It also enforces the size limits while the decoder reads, since
// encoding/xml holds a whole token in memory: a run of text may not go on
// for more than maxLit bytes, any other token for more than maxToken, a
// recording grow past maxLit bytes, nor the entity references of a token
// expand to more than maxLit bytes. The first limit exceeded is kept in
// err, with where the token or recording started.
type recordingReader struct {
	r         *bufio.Reader
	recording bool
	rec       []byte
	off       int64 // bytes read so far
	last      byte  // the last byte read

	maxToken, maxLit int
	tokStart         int64 // offset where the token being read starts
	tokLine, tokCol  int   // and its line and column
	text             bool  // the token is a run of text
	kindPending      bool  // whether it is text is told by the next byte
	recStart         int64 // offset where the recording starts
	recLine, recCol  int   // and its line and column

	entities map[string]int // the length of each entity declared in the DTD
	inRef    bool           // reading the name of an entity reference
	refName  []byte
	expanded int // bytes the token's entity references expand to

	err             *LimitError
	errLine, errCol int // where the over-long token or recording starts
}

// maxEndTag is the room left in a recording for the end tag after the
// content.
const maxEndTag = 4096

// maxRefName bounds the entity names followed; longer ones are not
// declared entities (the DTD's names are short).
const maxRefName = 256

// startToken notes that the decoder is about to read a token starting at
// offset off, line and column line:col.
func (rr *recordingReader) startToken(off int64, line, col int) {
	rr.tokStart, rr.tokLine, rr.tokCol = off, line, col
	rr.expanded, rr.inRef = 0, false
	if off < rr.off {
		// The decoder holds the token's first byte, read last.
		rr.text, rr.kindPending = rr.last != '<', false
	} else {
		rr.text, rr.kindPending = false, true
	}
}

// startRecording starts recording the input at offset off, line:col.
func (rr *recordingReader) startRecording(off int64, line, col int) {
	rr.recording, rr.rec = true, rr.rec[:0]
	rr.recStart, rr.recLine, rr.recCol = off, line, col
}

// fail records the limit exceeded and returns it.
func (rr *recordingReader) fail(e *LimitError, line, col int) error {
	rr.err, rr.errLine, rr.errCol = e, line, col
	return e
}

func (rr *recordingReader) ReadByte() (byte, error) {
	if rr.err != nil {
		return 0, rr.err
	}
	// A run of text is read with the '<' after it.
	n := rr.off - rr.tokStart
	switch {
	case rr.text && n > int64(rr.maxLit):
		return 0, rr.fail(literalLimit(rr.maxLit, rr.tokStart), rr.tokLine, rr.tokCol)
	case !rr.text && n > int64(rr.maxToken):
		return 0, rr.fail(&LimitError{What: "XML token", Limit: rr.maxToken, Option: "MaxLineBytes", Offset: rr.tokStart}, rr.tokLine, rr.tokCol)
	}
	c, err := rr.r.ReadByte()
	if err != nil {
		return c, err
	}
	rr.off++
	rr.last = c
	if rr.kindPending {
		rr.text, rr.kindPending = c != '<', false
	}
	if rr.entities != nil {
		switch {
		case c == '&':
			rr.inRef, rr.refName = true, rr.refName[:0]
		case rr.inRef && c == ';':
			rr.inRef = false
			if rr.expanded += rr.entities[string(rr.refName)]; rr.expanded > rr.maxLit {
				return 0, rr.fail(&LimitError{What: "entity expansion", Limit: rr.maxLit, Option: "MaxLiteralBytes", Offset: rr.tokStart}, rr.tokLine, rr.tokCol)
			}
		case rr.inRef && len(rr.refName) < maxRefName:
			rr.refName = append(rr.refName, c)
		default:
			rr.inRef = false
		}
	}
	if rr.recording {
		// The recording ends with the end tag, which the content's limit
		// does not count: rawContent checks the content itself.
		if len(rr.rec) >= rr.maxLit && len(rr.rec)-rr.maxLit >= maxEndTag {
			return 0, rr.fail(literalLimit(rr.maxLit, rr.recStart), rr.recLine, rr.recCol)
		}
		rr.rec = append(rr.rec, c)
	}
	return c, nil
}

// Read is there for io.Reader; the decoder reads with ReadByte.
func (rr *recordingReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c, err := rr.ReadByte()
		if err != nil {
			return n, err
		}
		p[n] = c
		n++
		if rr.r.Buffered() == 0 {
			break // do not block for more than is at hand
		}
	}
	return n, nil
}

// xmlCtx is the inherited evaluation context: base IRI and language.
type xmlCtx struct{ base, lang string }

// xmlParser is the state of one RDF/XML read.
type xmlParser struct {
	dec     *xml.Decoder
	rec     *recordingReader
	h       func(Quad) error
	prefix  string
	fresh   int
	iris    iriCache
	rdfType *sparql.IRI
	maxLit  int
	// tokLine and tokCol are where the token being read starts.
	tokLine, tokCol int
}

const xmlNS = "http://www.w3.org/XML/1998/namespace"

// errf returns an error at the decoder's current position.
func (x *xmlParser) errf(format string, args ...any) error {
	line, col := x.dec.InputPos()
	return &Error{Line: line, Column: col, Err: fmt.Errorf(format, args...)}
}

// xmlErr turns an encoding/xml error into an *Error.
func (x *xmlParser) xmlErr(err error) error {
	if err == io.EOF {
		return x.errf("unexpected end of document")
	}
	if x.rec.err != nil {
		return &Error{Line: x.rec.errLine, Column: x.rec.errCol, Err: x.rec.err}
	}
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return &Error{Line: se.Line, Err: fmt.Errorf("XML: %s", se.Msg)}
	}
	line, col := x.dec.InputPos()
	return &Error{Line: line, Column: col, Err: fmt.Errorf("XML: %w", err)}
}

// next returns the decoder's next token, noting where it starts for the
// size limits. A token cut short by a limit is not returned (encoding/xml
// returns text read up to a read error), the limit's error is.
func (x *xmlParser) next() (xml.Token, error) {
	x.tokLine, x.tokCol = x.dec.InputPos()
	x.rec.startToken(x.dec.InputOffset(), x.tokLine, x.tokCol)
	t, err := x.dec.Token()
	if x.rec.err != nil {
		return nil, x.rec.err
	}
	return t, err
}

// token returns the next token, skipping comments and processing
// instructions.
func (x *xmlParser) token() (xml.Token, error) {
	for {
		t, err := x.next()
		if err != nil {
			return nil, err
		}
		switch t.(type) {
		case xml.Comment, xml.ProcInst:
			continue
		}
		return t, nil
	}
}

var entityDecl = regexp.MustCompile(`<!ENTITY\s+([^\s%]+)\s+(?:"([^"]*)"|'([^']*)')\s*>`)

// directive reads entity declarations of a <!DOCTYPE …> directive. An
// entity's value may use the entities declared before it; no value may
// expand to more than the literal limit (nested entities could otherwise
// grow exponentially: "billion laughs").
func (x *xmlParser) directive(d xml.Directive) error {
	for _, m := range entityDecl.FindAllStringSubmatch(string(d), -1) {
		v := m[2] + m[3]
		if strings.Contains(v, "&") {
			for name, val := range x.dec.Entity {
				ref := "&" + name + ";"
				if n := strings.Count(v, ref); n > 0 {
					if len(v)+n*(len(val)-len(ref)) > x.maxLit {
						return &Error{Line: x.tokLine, Column: x.tokCol,
							Err: &LimitError{What: "entity expansion", Limit: x.maxLit, Option: "MaxLiteralBytes", Offset: x.rec.tokStart}}
					}
					v = strings.ReplaceAll(v, ref, val)
				}
			}
		}
		if len(v) > x.maxLit {
			return &Error{Line: x.tokLine, Column: x.tokCol, Err: literalLimit(x.maxLit, x.rec.tokStart)}
		}
		if x.dec.Entity == nil {
			x.dec.Entity = map[string]string{}
		}
		x.dec.Entity[m[1]] = v
		if x.rec.entities == nil {
			x.rec.entities = map[string]int{}
		}
		x.rec.entities[m[1]] = len(v)
	}
	return nil
}

// document parses the whole document: rdf:RDF or a single node element.
func (x *xmlParser) document(ctx xmlCtx) error {
	root := false
	for {
		t, err := x.token()
		if err == io.EOF {
			if !root {
				return x.errf("no root element")
			}
			return nil
		}
		if err != nil {
			return x.xmlErr(err)
		}
		switch t := t.(type) {
		case xml.Directive:
			if err := x.directive(t); err != nil {
				return err
			}
		case xml.CharData:
			if !isXMLSpace(t) {
				return x.errf("text outside the root element")
			}
		case xml.StartElement:
			if root {
				return x.errf("a second root element <%s>", t.Name.Local)
			}
			root = true
			if t.Name.Space == sparql.RDF && t.Name.Local == "RDF" {
				c, err := x.scope(ctx, t)
				if err != nil {
					return err
				}
				if err := x.nodeElementList(c); err != nil {
					return err
				}
			} else if _, err := x.nodeElement(ctx, t); err != nil {
				return err
			}
		case xml.EndElement:
			return x.errf("unexpected end element </%s>", t.Name.Local)
		}
	}
}

// scope applies the xml:base and xml:lang attributes of e to ctx.
func (x *xmlParser) scope(ctx xmlCtx, e xml.StartElement) (xmlCtx, error) {
	for _, a := range e.Attr {
		if a.Name.Space != xmlNS {
			continue
		}
		switch a.Name.Local {
		case "base":
			v := a.Value
			if i := strings.IndexByte(v, '#'); i >= 0 {
				v = v[:i] // a base has no fragment
			}
			ctx.base = x.resolve(ctx.base, v)
		case "lang":
			ctx.lang = a.Value
		}
	}
	return ctx, nil
}

// resolve resolves a reference against base unless it is absolute.
func (x *xmlParser) resolve(base, ref string) string {
	if hasScheme(ref) {
		return ref
	}
	return sparql.ResolveIRI(base, ref)
}

// nodeElementList parses node elements until the end of the enclosing
// element.
func (x *xmlParser) nodeElementList(ctx xmlCtx) error {
	for {
		t, err := x.token()
		if err != nil {
			return x.xmlErr(err)
		}
		switch t := t.(type) {
		case xml.CharData:
			if !isXMLSpace(t) {
				return x.errf("text %q where a node element was expected", clip(string(t)))
			}
		case xml.StartElement:
			if _, err := x.nodeElement(ctx, t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

// Names of the RDF/XML syntax.
var (
	coreSyntaxTerms = map[string]bool{"RDF": true, "ID": true, "about": true, "parseType": true, "resource": true, "nodeID": true, "datatype": true}
	oldTerms        = map[string]bool{"aboutEach": true, "aboutEachPrefix": true, "bagID": true}
)

// elementIRI returns the IRI an element or attribute name stands for.
func elementIRI(n xml.Name) (string, bool) {
	if n.Space == "" {
		return "", false
	}
	return n.Space + n.Local, true
}

// isNCName reports whether s is an XML NCName (for rdf:ID and rdf:nodeID).
func isNCName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || unicode.IsLetter(r):
		case i > 0 && (r == '-' || r == '.' || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || r == 0xB7):
		default:
			return false
		}
	}
	return true
}

// freshNode returns a new anonymous blank node.
func (x *xmlParser) freshNode() *sparql.BlankNode {
	x.fresh++
	return &sparql.BlankNode{Label: x.prefix + "g" + strconv.Itoa(x.fresh)}
}

// nodeID returns the blank node of rdf:nodeID="id".
func (x *xmlParser) nodeID(id string) (*sparql.BlankNode, error) {
	if !isNCName(id) {
		return nil, x.errf("rdf:nodeID %q is not an XML name", id)
	}
	return &sparql.BlankNode{Label: x.prefix + "b" + id}, nil
}

// idIRI returns the IRI of rdf:ID="id".
func (x *xmlParser) idIRI(ctx xmlCtx, id string) (*sparql.IRI, error) {
	if !isNCName(id) {
		return nil, x.errf("rdf:ID %q is not an XML name", id)
	}
	return &sparql.IRI{Value: x.resolve(ctx.base, "#"+id)}, nil
}

// emit hands a triple to the callback.
func (x *xmlParser) emit(s sparql.Term, p *sparql.IRI, o sparql.Term) error {
	if err := x.h(Quad{S: s, P: p, O: o}); err != nil {
		line, _ := x.dec.InputPos()
		return &Error{Line: line, Err: err}
	}
	return nil
}

// literal returns a plain or language-tagged literal.
func literalIn(ctx xmlCtx, s string) *sparql.Literal {
	return &sparql.Literal{Lexical: s, Lang: ctx.lang}
}

// nodeElement parses a node element whose start tag is e and returns its
// subject.
func (x *xmlParser) nodeElement(ctx xmlCtx, e xml.StartElement) (sparql.Term, error) {
	ctx, err := x.scope(ctx, e)
	if err != nil {
		return nil, err
	}
	typ, ok := elementIRI(e.Name)
	if !ok {
		return nil, x.errf("node element <%s> has no namespace", e.Name.Local)
	}
	if e.Name.Space == sparql.RDF && (coreSyntaxTerms[e.Name.Local] || oldTerms[e.Name.Local] || e.Name.Local == "li") {
		return nil, x.errf("rdf:%s cannot be a node element", e.Name.Local)
	}
	var subj sparql.Term
	set := func(t sparql.Term, err error) error {
		if err != nil {
			return err
		}
		if subj != nil {
			return x.errf("node element <%s> has more than one of rdf:about, rdf:ID and rdf:nodeID", e.Name.Local)
		}
		subj = t
		return nil
	}
	for _, a := range e.Attr {
		if a.Name.Space != sparql.RDF {
			continue
		}
		switch a.Name.Local {
		case "about":
			err = set(x.iris.getString(x.resolve(ctx.base, a.Value)), nil)
		case "ID":
			err = set(x.idIRI(ctx, a.Value))
		case "nodeID":
			err = set(x.nodeID(a.Value))
		}
		if err != nil {
			return nil, err
		}
	}
	if subj == nil {
		subj = x.freshNode()
	}
	if !(e.Name.Space == sparql.RDF && e.Name.Local == "Description") {
		if err := x.emit(subj, x.rdfType, x.iris.getString(typ)); err != nil {
			return nil, err
		}
	}
	if err := x.propertyAttrs(ctx, subj, e, "about", "ID", "nodeID"); err != nil {
		return nil, err
	}
	if err := x.propertyEltList(ctx, subj); err != nil {
		return nil, err
	}
	return subj, nil
}

// propertyAttrs emits the triples of e's property attributes about subj,
// skipping the rdf: syntax attributes listed in syntax.
func (x *xmlParser) propertyAttrs(ctx xmlCtx, subj sparql.Term, e xml.StartElement, syntax ...string) error {
	for _, a := range e.Attr {
		switch {
		case a.Name.Space == xmlNS || a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns":
			continue
		case strings.HasPrefix(strings.ToLower(a.Name.Local), "xml") && a.Name.Space == "":
			continue // reserved xml* names
		case a.Name.Space == "":
			return x.errf("attribute %q of <%s> has no namespace", a.Name.Local, e.Name.Local)
		case a.Name.Space == sparql.RDF:
			if contains(syntax, a.Name.Local) {
				continue
			}
			switch {
			case a.Name.Local == "type":
				if err := x.emit(subj, x.rdfType, x.iris.getString(x.resolve(ctx.base, a.Value))); err != nil {
					return err
				}
				continue
			case coreSyntaxTerms[a.Name.Local] || oldTerms[a.Name.Local] || a.Name.Local == "li" || a.Name.Local == "Description":
				return x.errf("rdf:%s is not allowed as an attribute of <%s>", a.Name.Local, e.Name.Local)
			}
		}
		p, _ := elementIRI(a.Name)
		if err := x.emit(subj, x.iris.getString(p), literalIn(ctx, a.Value)); err != nil {
			return err
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// propertyEltList parses property elements about subj until the end of
// the enclosing element.
func (x *xmlParser) propertyEltList(ctx xmlCtx, subj sparql.Term) error {
	li := 0
	for {
		t, err := x.token()
		if err != nil {
			return x.xmlErr(err)
		}
		switch t := t.(type) {
		case xml.CharData:
			if !isXMLSpace(t) {
				return x.errf("text %q where a property element was expected", clip(string(t)))
			}
		case xml.StartElement:
			if err := x.propertyElt(ctx, subj, t, &li); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

// attr returns the value of attribute rdf:local of e.
func rdfAttr(e xml.StartElement, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Space == sparql.RDF && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// propertyElt parses one property element e about subj.
func (x *xmlParser) propertyElt(ctx xmlCtx, subj sparql.Term, e xml.StartElement, li *int) error {
	ctx, err := x.scope(ctx, e)
	if err != nil {
		return err
	}
	pv, ok := elementIRI(e.Name)
	if !ok {
		return x.errf("property element <%s> has no namespace", e.Name.Local)
	}
	if e.Name.Space == sparql.RDF {
		switch {
		case e.Name.Local == "li":
			*li++
			pv = sparql.RDF + "_" + strconv.Itoa(*li)
		case coreSyntaxTerms[e.Name.Local] || oldTerms[e.Name.Local] || e.Name.Local == "Description":
			return x.errf("rdf:%s cannot be a property element", e.Name.Local)
		}
	}
	pred := x.iris.getString(pv)
	var reify *sparql.IRI
	if id, ok := rdfAttr(e, "ID"); ok {
		if reify, err = x.idIRI(ctx, id); err != nil {
			return err
		}
	}
	emit := func(o sparql.Term) error {
		if err := x.emit(subj, pred, o); err != nil {
			return err
		}
		if reify == nil {
			return nil
		}
		for _, st := range [...]struct {
			p string
			o sparql.Term
		}{{"type", x.iris.getString(sparql.RDF + "Statement")}, {"subject", subj}, {"predicate", pred}, {"object", o}} {
			if err := x.emit(reify, x.iris.getString(sparql.RDF+st.p), st.o); err != nil {
				return err
			}
		}
		return nil
	}

	if pt, ok := rdfAttr(e, "parseType"); ok {
		switch pt {
		case "Resource":
			n := x.freshNode()
			if err := emit(n); err != nil {
				return err
			}
			return x.propertyEltList(ctx, n)
		case "Collection":
			return x.collection(ctx, emit)
		default: // "Literal" and any other value
			s, err := x.rawContent()
			if err != nil {
				return err
			}
			return emit(&sparql.Literal{Lexical: s, Datatype: x.iris.getString(sparql.RDF + "XMLLiteral")})
		}
	}

	// Look at the content: text (literal), one node element (resource) or
	// nothing (empty property element).
	var text strings.Builder
	textLine, textCol, textStart := 0, 0, int64(0) // where the text starts
	for {
		t, err := x.token()
		if err != nil {
			return x.xmlErr(err)
		}
		switch t := t.(type) {
		case xml.CharData:
			if text.Len() == 0 {
				textLine, textCol, textStart = x.tokLine, x.tokCol, x.rec.tokStart
			}
			if text.Len()+len(t) > x.maxLit {
				return &Error{Line: textLine, Column: textCol, Err: literalLimit(x.maxLit, textStart)}
			}
			text.Write(t)
		case xml.StartElement:
			if !isXMLSpace([]byte(text.String())) {
				return x.errf("property element <%s> mixes text and elements", e.Name.Local)
			}
			if _, ok := rdfAttr(e, "datatype"); ok {
				return x.errf("property element <%s> has rdf:datatype but element content", e.Name.Local)
			}
			o, err := x.nodeElement(ctx, t)
			if err != nil {
				return err
			}
			if err := emit(o); err != nil {
				return err
			}
			// Only white space may follow, then the end tag.
			for {
				t, err := x.token()
				if err != nil {
					return x.xmlErr(err)
				}
				switch t := t.(type) {
				case xml.CharData:
					if !isXMLSpace(t) {
						return x.errf("text after the node element in <%s>", e.Name.Local)
					}
				case xml.StartElement:
					return x.errf("property element <%s> has more than one node element", e.Name.Local)
				case xml.EndElement:
					return nil
				}
			}
		case xml.EndElement:
			if dt, ok := rdfAttr(e, "datatype"); ok {
				return emit(&sparql.Literal{Lexical: text.String(), Datatype: x.datatype(ctx, dt)})
			}
			if text.Len() > 0 && !(isXMLSpace([]byte(text.String())) && hasObjectAttrs(e)) {
				return emit(literalIn(ctx, text.String()))
			}
			return x.emptyPropertyElt(ctx, e, emit)
		}
	}
}

// hasObjectAttrs reports whether property element e has attributes that
// describe its object (rdf:resource, rdf:nodeID or property attributes):
// such an element with only white space inside is an empty property
// element, not a literal.
func hasObjectAttrs(e xml.StartElement) bool {
	for _, a := range e.Attr {
		switch {
		case a.Name.Space == xmlNS || a.Name.Space == "xmlns" || a.Name.Space == "":
		case a.Name.Space == sparql.RDF && (a.Name.Local == "ID" || a.Name.Local == "datatype" || a.Name.Local == "parseType"):
		default:
			return true
		}
	}
	return false
}

// datatype returns the datatype IRI of rdf:datatype, nil for xsd:string.
func (x *xmlParser) datatype(ctx xmlCtx, dt string) *sparql.IRI {
	v := x.resolve(ctx.base, dt)
	if v == sparql.XSDString {
		return nil
	}
	return x.iris.getString(v)
}

// emptyPropertyElt handles a property element with no content.
func (x *xmlParser) emptyPropertyElt(ctx xmlCtx, e xml.StartElement, emit func(sparql.Term) error) error {
	res, hasRes := rdfAttr(e, "resource")
	nid, hasNID := rdfAttr(e, "nodeID")
	var o sparql.Term
	switch {
	case hasRes && hasNID:
		return x.errf("property element <%s> has both rdf:resource and rdf:nodeID", e.Name.Local)
	case hasRes:
		o = x.iris.getString(x.resolve(ctx.base, res))
	case hasNID:
		n, err := x.nodeID(nid)
		if err != nil {
			return err
		}
		o = n
	}
	hasProps := false
	for _, a := range e.Attr {
		if a.Name.Space == xmlNS || a.Name.Space == "xmlns" || a.Name.Space == "" {
			continue
		}
		if a.Name.Space == sparql.RDF && (coreSyntaxTerms[a.Name.Local] || a.Name.Local == "ID") {
			continue
		}
		hasProps = true
	}
	if o == nil {
		if !hasProps {
			return emit(literalIn(ctx, ""))
		}
		o = x.freshNode()
	}
	if err := emit(o); err != nil {
		return err
	}
	return x.propertyAttrs(ctx, o, e, "ID", "resource", "nodeID")
}

// collection parses the node elements of rdf:parseType="Collection" into
// an RDF list and emits the property's triple with the list's head.
func (x *xmlParser) collection(ctx xmlCtx, emit func(sparql.Term) error) error {
	var items []sparql.Term
	for {
		t, err := x.token()
		if err != nil {
			return x.xmlErr(err)
		}
		switch t := t.(type) {
		case xml.CharData:
			if !isXMLSpace(t) {
				return x.errf("text %q in a collection", clip(string(t)))
			}
		case xml.StartElement:
			n, err := x.nodeElement(ctx, t)
			if err != nil {
				return err
			}
			items = append(items, n)
		case xml.EndElement:
			first, rest, nilIRI := x.iris.getString(sparql.RDF+"first"), x.iris.getString(sparql.RDF+"rest"), x.iris.getString(sparql.RDF+"nil")
			if len(items) == 0 {
				return emit(nilIRI)
			}
			cells := make([]sparql.Term, len(items))
			for i := range cells {
				cells[i] = x.freshNode()
			}
			if err := emit(cells[0]); err != nil {
				return err
			}
			for i, it := range items {
				if err := x.emit(cells[i], first, it); err != nil {
					return err
				}
				next := sparql.Term(nilIRI)
				if i+1 < len(cells) {
					next = cells[i+1]
				}
				if err := x.emit(cells[i], rest, next); err != nil {
					return err
				}
			}
			return nil
		}
	}
}

// rawContent returns the content of the current element exactly as
// written, consuming it and the end tag.
func (x *xmlParser) rawContent() (string, error) {
	start := x.dec.InputOffset()
	line, col := x.dec.InputPos()
	x.rec.startRecording(start, line, col)
	recStart := x.rec.off
	defer func() { x.rec.recording = false }()
	depth := 0
	for {
		before := x.dec.InputOffset()
		t, err := x.next()
		if err != nil {
			return "", x.xmlErr(err)
		}
		switch t.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth == 0 {
				lo, hi := start-recStart, before-recStart
				if lo < 0 || hi > int64(len(x.rec.rec)) || lo > hi {
					return "", x.errf("cannot recover the text of an rdf:parseType=\"Literal\" element")
				}
				if hi-lo > int64(x.maxLit) {
					return "", &Error{Line: x.rec.recLine, Column: x.rec.recCol, Err: literalLimit(x.maxLit, x.rec.recStart)}
				}
				return string(x.rec.rec[lo:hi]), nil
			}
			depth--
		}
	}
}

// isXMLSpace reports whether b is only XML white space.
func isXMLSpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}
