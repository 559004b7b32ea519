package sparql

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
)

// The SPARQL 1.1 Query Results JSON Format
// (https://www.w3.org/TR/sparql11-results-json/).

type jsonDoc struct {
	Head    *jsonHead    `json:"head"`
	Results *jsonResults `json:"results"`
	Boolean *bool        `json:"boolean"`
}

type jsonHead struct {
	Vars []string `json:"vars"`
	Link []string `json:"link"`
}

type jsonResults struct {
	Bindings *[]map[string]*jsonTerm `json:"bindings"`
}

type jsonTerm struct {
	Type     *string `json:"type"`
	Value    *string `json:"value"`
	Lang     *string `json:"xml:lang"`
	Datatype *string `json:"datatype"`
}

// ReadJSON reads a document in the SPARQL 1.1 Query Results JSON format.
//
// The document must be one JSON object with a "head" and exactly one of
// "results" (with "bindings") and "boolean" (a JSON true or false). A term
// has "type" "uri", "literal", "bnode" or the legacy "typed-literal" (read
// as "literal"), a string "value", and for literals an optional "xml:lang"
// and "datatype". Unknown members are ignored; note that encoding/json
// matches member names case-insensitively. See [Results] for how variables
// missing from the head, xsd:string and rdf:langString are handled. A
// leading UTF-8 byte order mark is skipped. Errors say what is wrong and
// where (row number, variable, byte offset for syntax errors).
func ReadJSON(r io.Reader) (*Results, error) {
	res, err := readJSON(r)
	if err != nil {
		return nil, fmt.Errorf("reading SPARQL JSON results: %w", err)
	}
	return res, nil
}

func readJSON(r io.Reader) (*Results, error) {
	dec := json.NewDecoder(skipBOM(r))
	var doc jsonDoc
	if err := dec.Decode(&doc); err != nil {
		return nil, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, jsonError(err)
		}
		return nil, fmt.Errorf("unexpected data after the JSON object at byte %d", dec.InputOffset())
	}
	if doc.Head == nil {
		return nil, errors.New(`missing "head"`)
	}
	b := newResultsBuilder()
	for _, v := range doc.Head.Vars {
		if err := b.headVar(v); err != nil {
			return nil, err
		}
	}
	if len(doc.Head.Link) > 0 {
		b.res.Links = doc.Head.Link
	}
	b.res.Boolean = doc.Boolean
	if doc.Results != nil {
		if doc.Results.Bindings == nil {
			return nil, errors.New(`"results" without "bindings"`)
		}
		bindings := *doc.Results.Bindings
		b.res.Rows = make([]Row, 0, len(bindings))
		var extra []string
		for i, jrow := range bindings {
			if jrow == nil {
				return nil, fmt.Errorf("row %d is null", i+1)
			}
			row := make(Row, len(jrow))
			extra = extra[:0]
			for name, jt := range jrow {
				t, err := jt.term()
				if err != nil {
					return nil, fmt.Errorf("row %d, ?%s: %w", i+1, name, err)
				}
				row[name] = t
				if !b.vars[name] {
					extra = append(extra, name)
				}
			}
			sort.Strings(extra)
			for _, name := range extra {
				if err := b.bound(name); err != nil {
					return nil, fmt.Errorf("row %d: %w", i+1, err)
				}
			}
			b.res.Rows = append(b.res.Rows, row)
		}
	}
	return b.finish(doc.Results != nil)
}

// jsonError turns encoding/json errors into messages that name the
// document's members rather than Go types.
func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("empty input")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("unexpected end of input")
	case errors.As(err, &se):
		return fmt.Errorf("malformed JSON at byte %d: %w", se.Offset, err)
	case errors.As(err, &te):
		where := te.Field
		if where == "" {
			where = "the document"
		}
		return fmt.Errorf("%s is a JSON %s, want %s (byte %d)", where, te.Value, jsonKind(te.Type.String()), te.Offset)
	}
	return err
}

// jsonKind names the JSON value a Go type of the document model expects.
func jsonKind(goType string) string {
	switch goType {
	case "bool":
		return "boolean"
	case "string":
		return "string"
	case "[]string", "[]map[string]*sparql.jsonTerm":
		return "array"
	}
	return "object"
}

// term converts a JSON term to an RDF term.
func (jt *jsonTerm) term() (Term, error) {
	if jt == nil {
		return nil, errors.New("binding is null")
	}
	if jt.Type == nil {
		return nil, errors.New(`binding has no "type"`)
	}
	if jt.Value == nil {
		return nil, fmt.Errorf(`%s binding has no "value"`, *jt.Type)
	}
	value := *jt.Value
	lang, datatype := "", ""
	if jt.Lang != nil {
		lang = *jt.Lang
	}
	if jt.Datatype != nil {
		datatype = *jt.Datatype
	}
	switch *jt.Type {
	case "uri":
		if jt.Lang != nil || jt.Datatype != nil {
			return nil, fmt.Errorf("uri binding <%s> has xml:lang or datatype", value)
		}
		return &IRI{Value: value}, nil
	case "bnode":
		if jt.Lang != nil || jt.Datatype != nil {
			return nil, fmt.Errorf("bnode binding _:%s has xml:lang or datatype", value)
		}
		return bnodeTerm(value)
	case "literal", "typed-literal":
		return literalTerm(value, lang, datatype)
	}
	return nil, fmt.Errorf("unknown binding type %q (want uri, literal, bnode or typed-literal)", *jt.Type)
}

// WriteJSON writes r in the SPARQL 1.1 Query Results JSON format: stable
// output with the head variables in Vars order, one row per line and, in a
// row, the bindings in Vars order. Simple literals (and xsd:string ones)
// are written without datatype, language-tagged literals with "xml:lang"
// only. Results that [Results.Validate] rejects are not written.
func (r *Results) WriteJSON(w io.Writer) error {
	if err := r.Validate(); err != nil {
		return fmt.Errorf("writing SPARQL JSON results: %w", err)
	}
	if r.Boolean == nil {
		return r.writeRows(w, MediaTypeResultsJSON)
	}
	bw := bufio.NewWriter(w)
	var b bytes.Buffer
	b.WriteString("{\n  \"head\": {")
	sep := ""
	if r.Vars != nil {
		b.WriteString(`"vars": [`)
		for i, v := range r.Vars {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(&b, v)
		}
		b.WriteString("]")
		sep = ", "
	}
	if len(r.Links) > 0 {
		b.WriteString(sep)
		b.WriteString(`"link": [`)
		for i, l := range r.Links {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(&b, l)
		}
		b.WriteString("]")
	}
	b.WriteString("},\n")
	fmt.Fprintf(&b, "  \"boolean\": %t\n}\n", *r.Boolean)
	_, _ = bw.Write(b.Bytes())
	return flushResults(bw, "JSON")
}

// flushResults flushes a writer and wraps its error.
func flushResults(bw *bufio.Writer, format string) error {
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing SPARQL %s results: %w", format, err)
	}
	return nil
}

// writeJSONTerm writes a validated term as a JSON object.
func writeJSONTerm(b *bytes.Buffer, t Term) {
	switch t := t.(type) {
	case *IRI:
		b.WriteString(`{"type": "uri", "value": `)
		writeJSONString(b, t.Value)
	case *BlankNode:
		b.WriteString(`{"type": "bnode", "value": `)
		writeJSONString(b, t.Label)
	case *Literal:
		b.WriteString(`{"type": "literal", "value": `)
		writeJSONString(b, t.Lexical)
		switch {
		case t.Lang != "":
			b.WriteString(`, "xml:lang": `)
			writeJSONString(b, t.Lang)
		case t.Datatype != nil && t.Datatype.Value != XSDString && t.Datatype.Value != "":
			b.WriteString(`, "datatype": `)
			writeJSONString(b, t.Datatype.Value)
		}
	}
	b.WriteByte('}')
}

// writeJSONString writes s (valid UTF-8) as a JSON string, escaping only
// what JSON requires (plus U+2028 and U+2029, as encoding/json does).
func writeJSONString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xF])
		case c == '\u2028':
			b.WriteString(`\u2028`)
		case c == '\u2029':
			b.WriteString(`\u2029`)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
}
