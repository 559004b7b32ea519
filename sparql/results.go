package sparql

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Results is the outcome of a SPARQL query in the model of the SPARQL 1.1
// Query Results formats (JSON and XML): the variables of the head and a
// sequence of solutions for SELECT, or a single boolean for ASK.
//
// Terms are the project's own [IRI], [Literal] and [BlankNode], not
// knakk/rdf's: answer sets are compared by [Term.Key], which distinguishes
// "1"^^xsd:integer from "1"^^xsd:decimal (knakk/rdf's TermsEqual does not)
// and keeps lexical forms, language tags and unknown datatypes exactly as
// the endpoint sent them (knakk/sparql drops language-tagged and unknown
// datatyped bindings; the readers here never drop a binding).
//
// Conventions the readers follow and the writers expect:
//   - A SELECT result has Boolean == nil and Rows non-nil (possibly empty);
//     an ASK result has Boolean != nil and no Rows.
//   - Vars holds each name once, without "?" or "$", in head order. A
//     binding whose name the head does not list is accepted: the name is
//     appended to Vars (W3C and endpoint output occasionally omits head
//     variables). Names absent from the head are appended in the order of
//     the first row that binds them and, within a JSON row, alphabetically
//     (JSON objects are unordered).
//   - A Row maps a variable name to an *IRI, *Literal or *BlankNode;
//     unbound variables are absent from the map.
//   - A literal whose datatype is xsd:string is read as a simple literal
//     (Datatype nil), as RDF 1.1 makes them the same term; a literal with
//     datatype rdf:langString is read as a language-tagged literal
//     (Datatype nil, Lang set). Language tags keep their case; [Term.Key]
//     lower-cases them for comparison.
//   - Values are read exactly: no whitespace is trimmed from IRIs, labels
//     or lexical forms.
//   - Links are the head's link references (URIs), in order.
type Results struct {
	Vars    []string // variable names in head order
	Rows    []Row    // solutions, in order (SELECT)
	Boolean *bool    // the answer of an ASK query; nil for SELECT
	Links   []string // head link references
	// Graph holds the triples of a CONSTRUCT or DESCRIBE result (then Vars,
	// Rows and Boolean are empty). The SPARQL results formats cannot carry
	// a graph: WriteJSON and WriteXML refuse it; WriteNTriples writes it.
	Graph []Statement
}

// Statement is an RDF triple of a graph result.
type Statement struct {
	Subject   Term // *IRI or *BlankNode
	Predicate *IRI
	Object    Term // *IRI, *BlankNode or *Literal
}

// IsGraph reports whether r is a graph (CONSTRUCT or DESCRIBE) result.
func (r *Results) IsGraph() bool { return r != nil && r.Graph != nil }

// WriteNTriples writes the graph of a CONSTRUCT or DESCRIBE result as
// N-Triples, one statement per line.
func (r *Results) WriteNTriples(w io.Writer) error {
	if !r.IsGraph() {
		return errors.New("write N-Triples: not a graph result")
	}
	var b strings.Builder
	for _, st := range r.Graph {
		if st.Subject == nil || st.Predicate == nil || st.Object == nil {
			return errors.New("write N-Triples: incomplete statement")
		}
		b.Reset()
		b.WriteString(st.Subject.Key())
		b.WriteByte(' ')
		b.WriteString(st.Predicate.Key())
		b.WriteByte(' ')
		b.WriteString(st.Object.Key())
		b.WriteString(" .\n")
		if _, err := io.WriteString(w, b.String()); err != nil {
			return fmt.Errorf("write N-Triples: %w", err)
		}
	}
	return nil
}

// Row is one solution: variable name (without "?") to RDF term. Unbound
// variables are absent.
type Row map[string]Term

// IsAsk reports whether r is the result of an ASK query (a boolean).
func (r *Results) IsAsk() bool { return r != nil && r.Boolean != nil }

// Column returns the values of variable name, one element per row in row
// order, nil where the variable is unbound. It returns nil for an ASK
// result or a name that is not a variable of r.
func (r *Results) Column(name string) []Term {
	if r == nil || r.Boolean != nil || !slices.Contains(r.Vars, name) {
		return nil
	}
	out := make([]Term, len(r.Rows))
	for i, row := range r.Rows {
		out[i] = row[name]
	}
	return out
}

// RowKey returns a canonical string for the values that row gives to vars,
// in the order of vars: two rows have the same key iff every variable in
// vars is unbound in both or bound in both to terms with the same
// [Term.Key]. Literals therefore compare by lexical form, datatype and
// lower-cased language tag, never by value ("1"^^xsd:integer differs from
// "1"^^xsd:decimal and from "01"^^xsd:integer); blank nodes compare by
// label. The encoding is unambiguous whatever the terms contain.
func RowKey(row Row, vars []string) string {
	var b strings.Builder
	for _, v := range vars {
		t, ok := row[v]
		if !ok || t == nil {
			b.WriteString("-;")
			continue
		}
		k := t.Key()
		b.WriteString(strconv.Itoa(len(k)))
		b.WriteByte(':')
		b.WriteString(k)
		b.WriteByte(';')
	}
	return b.String()
}

// SameAnswerSet reports whether a and b hold the same answers: for ASK
// results the same boolean; for SELECT results the same set of variables
// (order ignored) and the same rows as a multiset (order ignored,
// duplicates counted), rows compared by [RowKey]. Blank nodes compare by
// label, not up to renaming. An ASK result never equals a SELECT result.
// Two nil results are the same; nil and non-nil are not.
func SameAnswerSet(a, b *Results) bool {
	if a == nil || b == nil {
		return a == b
	}
	if (a.Boolean == nil) != (b.Boolean == nil) {
		return false
	}
	if a.Boolean != nil {
		return *a.Boolean == *b.Boolean
	}
	va, vb := slices.Clone(a.Vars), slices.Clone(b.Vars)
	sort.Strings(va)
	sort.Strings(vb)
	va, vb = slices.Compact(va), slices.Compact(vb)
	if !slices.Equal(va, vb) || len(a.Rows) != len(b.Rows) {
		return false
	}
	count := make(map[string]int, len(a.Rows))
	for _, row := range a.Rows {
		count[RowKey(row, va)]++
	}
	for _, row := range b.Rows {
		k := RowKey(row, va)
		if count[k] == 0 {
			return false
		}
		count[k]--
	}
	return true
}

// Validate checks that r can be written in the results formats: a boolean
// or rows, not both; variable names non-empty and unique; every row binds
// only variables of Vars, each to an *IRI, *Literal or *BlankNode with a
// non-empty blank-node label and valid UTF-8 text; a literal has at most
// one of a language tag and a datatype other than rdf:langString.
func (r *Results) Validate() error {
	if r == nil {
		return errors.New("nil results")
	}
	if r.Boolean != nil && len(r.Rows) > 0 {
		return errors.New("results have both a boolean and rows")
	}
	if r.Graph != nil {
		return errors.New("a graph (CONSTRUCT/DESCRIBE) result has no SPARQL results form: write it as N-Triples")
	}
	seen := make(map[string]bool, len(r.Vars))
	for _, v := range r.Vars {
		if err := checkVarName(v); err != nil {
			return err
		}
		if seen[v] {
			return fmt.Errorf("variable %q is listed twice", v)
		}
		seen[v] = true
	}
	for _, l := range r.Links {
		if !utf8.ValidString(l) {
			return fmt.Errorf("link %q is not valid UTF-8", l)
		}
	}
	for i, row := range r.Rows {
		for name, t := range row {
			if !seen[name] {
				return fmt.Errorf("row %d binds ?%s, which is not in the variables %v", i+1, name, r.Vars)
			}
			if err := checkTerm(t); err != nil {
				return fmt.Errorf("row %d, ?%s: %w", i+1, name, err)
			}
		}
	}
	return nil
}

// checkVarName rejects names that no results document can carry.
func checkVarName(v string) error {
	if v == "" {
		return errors.New("empty variable name")
	}
	if !utf8.ValidString(v) {
		return fmt.Errorf("variable name %q is not valid UTF-8", v)
	}
	return nil
}

// checkTerm checks that t is an RDF term the formats can carry.
func checkTerm(t Term) error {
	switch t := t.(type) {
	case *IRI:
		if t == nil {
			return errors.New("nil *IRI")
		}
		if !utf8.ValidString(t.Value) {
			return fmt.Errorf("IRI %q is not valid UTF-8", t.Value)
		}
	case *Literal:
		if t == nil {
			return errors.New("nil *Literal")
		}
		if !utf8.ValidString(t.Lexical) {
			return fmt.Errorf("literal %q is not valid UTF-8", t.Lexical)
		}
		if !utf8.ValidString(t.Lang) {
			return fmt.Errorf("language tag %q is not valid UTF-8", t.Lang)
		}
		if t.Datatype != nil {
			if t.Datatype.Value == "" {
				return fmt.Errorf("literal %q has an empty datatype IRI", t.Lexical)
			}
			if !utf8.ValidString(t.Datatype.Value) {
				return fmt.Errorf("datatype %q is not valid UTF-8", t.Datatype.Value)
			}
			if t.Lang != "" && t.Datatype.Value != RDFLangString {
				return fmt.Errorf("literal %q has both language tag %q and datatype <%s>", t.Lexical, t.Lang, t.Datatype.Value)
			}
			if t.Lang == "" && t.Datatype.Value == RDFLangString {
				return fmt.Errorf("literal %q has datatype rdf:langString but no language tag", t.Lexical)
			}
		}
	case *BlankNode:
		if t == nil {
			return errors.New("nil *BlankNode")
		}
		if t.Label == "" {
			return errors.New("blank node without a label")
		}
		if !utf8.ValidString(t.Label) {
			return fmt.Errorf("blank node label %q is not valid UTF-8", t.Label)
		}
	case nil:
		return errors.New("nil term")
	default:
		return fmt.Errorf("%T is not an RDF term (want *IRI, *Literal or *BlankNode)", t)
	}
	return nil
}

// literalTerm builds the literal of a results document: xsd:string becomes
// a simple literal and rdf:langString requires a language tag. An empty
// language tag counts as absent, and so does an empty datatype.
func literalTerm(value, lang, datatype string) (*Literal, error) {
	switch {
	case lang != "":
		if datatype != "" && datatype != RDFLangString {
			return nil, fmt.Errorf("literal %q has both language tag %q and datatype <%s>", value, lang, datatype)
		}
		return &Literal{Lexical: value, Lang: lang}, nil
	case datatype == RDFLangString:
		return nil, fmt.Errorf("literal %q has datatype rdf:langString but no language tag", value)
	default:
		return NewTypedLiteral(value, datatype), nil
	}
}

// bnodeTerm builds a blank node, rejecting an empty label.
func bnodeTerm(label string) (*BlankNode, error) {
	if label == "" {
		return nil, errors.New("blank node with an empty label")
	}
	return &BlankNode{Label: label}, nil
}

// resultsBuilder accumulates vars while reading, adding names that the head
// does not list.
type resultsBuilder struct {
	res  *Results
	vars map[string]bool
}

func newResultsBuilder() *resultsBuilder {
	return &resultsBuilder{res: &Results{}, vars: map[string]bool{}}
}

// headVar records a head variable; duplicates and empty names are errors.
func (b *resultsBuilder) headVar(v string) error {
	if err := checkVarName(v); err != nil {
		return fmt.Errorf("head: %w", err)
	}
	if b.vars[v] {
		return fmt.Errorf("head: variable %q is listed twice", v)
	}
	b.vars[v] = true
	b.res.Vars = append(b.res.Vars, v)
	return nil
}

// bound notes that a row binds v, adding v to the variables if needed.
func (b *resultsBuilder) bound(v string) error {
	if b.vars[v] {
		return nil
	}
	if err := checkVarName(v); err != nil {
		return err
	}
	b.vars[v] = true
	b.res.Vars = append(b.res.Vars, v)
	return nil
}

// finish checks the invariant "boolean xor results".
func (b *resultsBuilder) finish(haveResults bool) (*Results, error) {
	switch {
	case haveResults && b.res.Boolean != nil:
		return nil, errors.New("document has both results and a boolean")
	case !haveResults && b.res.Boolean == nil:
		return nil, errors.New("document has neither results nor a boolean")
	case haveResults && b.res.Rows == nil:
		b.res.Rows = []Row{}
	}
	return b.res, nil
}

// Media types of the results formats.
const (
	// MediaTypeResultsJSON is the media type of SPARQL 1.1 Query Results JSON.
	MediaTypeResultsJSON = "application/sparql-results+json"
	// MediaTypeResultsXML is the media type of SPARQL Query Results XML.
	MediaTypeResultsXML = "application/sparql-results+xml"
)

// ReadResults reads a results document in the format that contentType (an
// HTTP Content-Type value, parameters allowed) names:
// application/sparql-results+json or application/json for JSON,
// application/sparql-results+xml, application/xml or text/xml for XML. With
// an empty contentType the format is sniffed from the first non-space byte
// ('{' JSON, '<' XML). Other media types (CSV, TSV, RDF graphs) are refused
// with an error.
func ReadResults(r io.Reader, contentType string) (*Results, error) {
	if strings.TrimSpace(contentType) == "" {
		br := skipBOM(r)
		for {
			c, err := br.ReadByte()
			if err != nil {
				if err == io.EOF {
					return nil, errors.New("reading SPARQL results: empty input and no content type")
				}
				return nil, fmt.Errorf("reading SPARQL results: %w", err)
			}
			switch c {
			case ' ', '\t', '\r', '\n':
				continue
			case '{':
				_ = br.UnreadByte()
				return ReadJSON(br)
			case '<':
				_ = br.UnreadByte()
				return ReadXML(br)
			default:
				return nil, fmt.Errorf("reading SPARQL results: no content type and the input starts with %q, neither JSON nor XML", c)
			}
		}
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return nil, fmt.Errorf("reading SPARQL results: bad content type %q: %w", contentType, err)
	}
	switch mt {
	case MediaTypeResultsJSON, "application/json":
		return ReadJSON(r)
	case MediaTypeResultsXML, "application/xml", "text/xml":
		return ReadXML(r)
	}
	return nil, fmt.Errorf("reading SPARQL results: unsupported media type %q (want %s or %s)", mt, MediaTypeResultsJSON, MediaTypeResultsXML)
}

// skipBOM returns a buffered reader positioned after a leading UTF-8 byte
// order mark, if there is one.
func skipBOM(r io.Reader) *bufio.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	if b, err := br.Peek(3); err == nil && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		_, _ = br.Discard(3)
	}
	return br
}

// ValueRows returns the rows of a SELECT result as a set of canonical
// keys that ignore variable names and column order: a row's key is the
// sorted list of the canonical forms of its bound values (see
// [CanonicalValue]). Two results with the same ValueRows give the same
// answers to a reader who sees only values, which is how answers are
// compared across queries with different variables (the harness's EA,
// the pipeline's agreement between candidates). An ASK result gives the
// empty set: compare its boolean.
func (r *Results) ValueRows() map[string]bool {
	out := map[string]bool{}
	if r == nil {
		return out
	}
	for _, row := range r.Rows {
		out[ValueRow(r.Vars, row)] = true
	}
	return out
}

// ValueRow is the canonical form of one answer row over the variables
// vars, as [Results.ValueRows] keys it: the [CanonicalValue] of each bound
// variable, sorted, so that variable names and column order do not count.
func ValueRow(vars []string, row map[string]Term) string {
	var cells []string
	for _, v := range vars {
		if t, ok := row[v]; ok && t != nil {
			cells = append(cells, CanonicalValue(t))
		}
	}
	slices.Sort(cells)
	return strings.Join(cells, "\x1f")
}

// CanonicalValue is the canonical form of a term in an answer: numbers by
// value to six significant digits (so "1"^^xsd:integer, "1.0"^^xsd:decimal
// and "1" agree), other literals by lexical form, IRIs as written, blank
// nodes by label.
func CanonicalValue(t Term) string {
	switch t := t.(type) {
	case *Literal:
		if n, ok := CanonicalNumber(t.Lexical); ok {
			return "n:" + n
		}
		return "l:" + t.Lexical
	case *IRI:
		return "i:" + t.Value
	case *BlankNode:
		return "b:" + t.Label
	}
	return fmt.Sprint(t)
}

// CanonicalNumber returns the canonical form of s (six significant
// digits) when s is a finite number.
func CanonicalNumber(s string) (string, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return "", false
	}
	return strconv.FormatFloat(f, 'g', 6, 64), true
}
