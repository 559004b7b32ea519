package sparql

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
)

// RowWriter writes the rows of a SELECT result one at a time, in the
// SPARQL 1.1 Query Results JSON or XML format, so that a server can stream
// an answer while it is computed. The output is byte for byte what
// [Results.WriteJSON] and [Results.WriteXML] write for the same rows.
//
// A row that cannot be written (a term the format cannot carry, a variable
// not in the head) is refused with an error before any of it is written;
// the writer stays usable. Write errors are sticky.
type RowWriter struct {
	bw   *bufio.Writer
	xml  bool
	vars []string
	seen map[string]bool
	n    int
	buf  bytes.Buffer
	err  error
}

// NewRowWriter writes the head (variables, links) of a SELECT result to w
// in the format of mediaType: [MediaTypeResultsXML] (or application/xml)
// for XML, anything else for JSON. The variables must be valid and
// distinct.
func NewRowWriter(w io.Writer, mediaType string, vars, links []string) (*RowWriter, error) {
	head := &Results{Vars: vars, Links: links}
	if vars == nil {
		head.Vars = []string{}
	}
	if err := head.Validate(); err != nil {
		return nil, fmt.Errorf("writing SPARQL results: %w", err)
	}
	rw := &RowWriter{bw: bufio.NewWriter(w), vars: head.Vars, seen: make(map[string]bool, len(vars))}
	for _, v := range head.Vars {
		rw.seen[v] = true
	}
	if mediaType == MediaTypeResultsXML || mediaType == "application/xml" {
		rw.xml = true
		if err := xmlCheckResults(head); err != nil {
			return nil, fmt.Errorf("writing SPARQL XML results: %w", err)
		}
		rw.xmlHead(links)
	} else {
		rw.jsonHead(links)
	}
	return rw, rw.err
}

// Row writes one row; its bindings are written in the head's variable
// order.
func (rw *RowWriter) Row(row Row) error {
	if rw.err != nil {
		return rw.err
	}
	for name, t := range row {
		if !rw.seen[name] {
			return fmt.Errorf("writing SPARQL results: row %d binds ?%s, which is not in the variables %v", rw.n+1, name, rw.vars)
		}
		if err := checkTerm(t); err != nil {
			return fmt.Errorf("writing SPARQL results: row %d, ?%s: %w", rw.n+1, name, err)
		}
	}
	if rw.xml {
		if err := xmlCheckResults(&Results{Rows: []Row{row}}); err != nil {
			return fmt.Errorf("writing SPARQL XML results: row %d: %w", rw.n+1, err)
		}
		rw.xmlRow(row)
	} else {
		rw.jsonRow(row)
	}
	rw.n++
	return rw.err
}

// Close writes the end of the document and flushes. It does not close
// the underlying writer.
func (rw *RowWriter) Close() error {
	if rw.err != nil {
		return rw.err
	}
	if rw.xml {
		rw.write("  </results>\n</sparql>\n")
	} else {
		if rw.n > 0 {
			rw.buf.WriteString("\n  ")
		}
		rw.buf.WriteString("]}\n}\n")
		rw.spill(0)
	}
	if rw.err != nil {
		return rw.err
	}
	format := "JSON"
	if rw.xml {
		format = "XML"
	}
	if err := flushResults(rw.bw, format); err != nil {
		rw.err = err
	}
	return rw.err
}

// Rows returns the number of rows written.
func (rw *RowWriter) Rows() int { return rw.n }

func (rw *RowWriter) write(s string) {
	if rw.err == nil {
		if _, err := rw.bw.WriteString(s); err != nil {
			rw.err = fmt.Errorf("writing SPARQL results: %w", err)
		}
	}
}

// spill passes the JSON buffer on once it holds more than limit bytes.
func (rw *RowWriter) spill(limit int) {
	if rw.buf.Len() <= limit || rw.err != nil {
		return
	}
	if _, err := rw.bw.Write(rw.buf.Bytes()); err != nil {
		rw.err = fmt.Errorf("writing SPARQL results: %w", err)
	}
	rw.buf.Reset()
}

func (rw *RowWriter) jsonHead(links []string) {
	b := &rw.buf
	b.WriteString("{\n  \"head\": {")
	b.WriteString(`"vars": [`)
	for i, v := range rw.vars {
		if i > 0 {
			b.WriteString(", ")
		}
		writeJSONString(b, v)
	}
	b.WriteString("]")
	if len(links) > 0 {
		b.WriteString(", ")
		b.WriteString(`"link": [`)
		for i, l := range links {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(b, l)
		}
		b.WriteString("]")
	}
	b.WriteString("},\n")
	b.WriteString("  \"results\": {\"bindings\": [")
}

func (rw *RowWriter) jsonRow(row Row) {
	b := &rw.buf
	if rw.n > 0 {
		b.WriteByte(',')
	}
	b.WriteString("\n    {")
	n := 0
	for _, v := range rw.vars {
		t, ok := row[v]
		if !ok {
			continue
		}
		if n > 0 {
			b.WriteString(", ")
		}
		n++
		writeJSONString(b, v)
		b.WriteString(": ")
		writeJSONTerm(b, t)
	}
	b.WriteByte('}')
	rw.spill(32 << 10)
}

func (rw *RowWriter) esc(s string) {
	if rw.err == nil {
		if err := xml.EscapeText(rw.bw, []byte(s)); err != nil {
			rw.err = fmt.Errorf("writing SPARQL results: %w", err)
		}
	}
}

func (rw *RowWriter) xmlHead(links []string) {
	rw.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sparql xmlns=\"" + ResultsNamespace + "\">\n  <head>")
	for _, v := range rw.vars {
		rw.write("\n    <variable name=\"")
		rw.esc(v)
		rw.write("\"/>")
	}
	for _, l := range links {
		rw.write("\n    <link href=\"")
		rw.esc(l)
		rw.write("\"/>")
	}
	if len(rw.vars)+len(links) > 0 {
		rw.write("\n  ")
	}
	rw.write("</head>\n")
	rw.write("  <results>\n")
}

func (rw *RowWriter) xmlRow(row Row) {
	rw.write("    <result>\n")
	for _, v := range rw.vars {
		t, ok := row[v]
		if !ok {
			continue
		}
		rw.write("      <binding name=\"")
		rw.esc(v)
		rw.write("\">")
		switch t := t.(type) {
		case *IRI:
			rw.write("<uri>")
			rw.esc(t.Value)
			rw.write("</uri>")
		case *BlankNode:
			rw.write("<bnode>")
			rw.esc(t.Label)
			rw.write("</bnode>")
		case *Literal:
			rw.write("<literal")
			switch {
			case t.Lang != "":
				rw.write(" xml:lang=\"")
				rw.esc(t.Lang)
				rw.write("\"")
			case t.Datatype != nil && t.Datatype.Value != XSDString:
				rw.write(" datatype=\"")
				rw.esc(t.Datatype.Value)
				rw.write("\"")
			}
			rw.write(">")
			rw.esc(t.Lexical)
			rw.write("</literal>")
		}
		rw.write("</binding>\n")
	}
	rw.write("    </result>\n")
}

// writeRows writes the rows of a validated SELECT result through a
// RowWriter (WriteJSON and WriteXML).
func (r *Results) writeRows(w io.Writer, mediaType string) error {
	rw, err := NewRowWriter(w, mediaType, r.Vars, r.Links)
	if err != nil {
		return err
	}
	for _, row := range r.Rows {
		if err := rw.Row(row); err != nil {
			return err
		}
	}
	return rw.Close()
}
