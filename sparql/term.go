package sparql

import (
	"math"
	"strconv"
	"strings"
)

// Terms are the project's own RDF term types, used both in the syntax tree
// and in [Results]. We do not use knakk/rdf's terms because (1) its
// TermsEqual says "1"^^xsd:integer equals "1"^^xsd:decimal, which is wrong
// for answer-set comparison, (2) its literals keep Go values rather than the
// lexical form, losing "01" versus "1", and (3) syntax-tree terms need
// source positions and the written form (prefixed name or IRI reference) so
// that printing reproduces the query. Two terms are the same RDF term iff
// their [Term.Key] strings are equal.

// Well-known namespaces.
const (
	XSD = "http://www.w3.org/2001/XMLSchema#"
	RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	// RDFType is rdf:type, written "a" in SPARQL.
	RDFType = RDF + "type"
	// RDFLangString is the datatype of language-tagged literals.
	RDFLangString = RDF + "langString"
	// XSDString is the datatype of simple literals.
	XSDString = XSD + "string"
	// XSDInteger, XSDDecimal, XSDDouble and XSDBoolean are the datatypes
	// of SPARQL's bare numeric and boolean literals.
	XSDInteger = XSD + "integer"
	XSDDecimal = XSD + "decimal"
	XSDDouble  = XSD + "double"
	XSDBoolean = XSD + "boolean"
)

// Term is an RDF term or a query variable: *IRI, *Literal, *BlankNode or
// *Var. Terms are also expressions ([Expr]) and, except blank nodes and
// variables, property paths.
type Term interface {
	Node
	// Key is a canonical string that identifies the RDF term: IRIs by value,
	// literals by lexical form, language (lower-cased) and datatype, blank
	// nodes by label, variables by name. Positions and the written form do
	// not take part.
	Key() string
	termNode()
}

// IRIForm records how an IRI was written, so that the printer can write it
// back the same way.
type IRIForm int

const (
	// IRIRef is an IRI reference in angle brackets: <http://…>.
	IRIRef IRIForm = iota
	// PrefixedName is prefix:local.
	PrefixedName
	// KeywordA is the keyword "a" in predicate position (rdf:type).
	KeywordA
)

// IRI is an IRI. Value is the IRI after prefix expansion and resolution
// against BASE: for an IRI built in code, setting Value alone is enough.
type IRI struct {
	Span
	Value  string  // the (resolved) IRI
	Form   IRIForm // how it was written
	Ref    string  // IRIRef form: the reference as written between <>, before resolution
	Prefix string  // PrefixedName form: the prefix label (may be empty)
	Local  string  // PrefixedName form: the local part, without escapes
}

// Key returns "<" + Value + ">".
func (t *IRI) Key() string { return "<" + t.Value + ">" }

// String returns the IRI in angle brackets.
func (t *IRI) String() string { return "<" + t.Value + ">" }

// NewIRI returns an IRI written as an IRI reference.
func NewIRI(value string) *IRI { return &IRI{Value: value} }

// LiteralForm records how a literal was written.
type LiteralForm int

const (
	// QuotedLiteral is a quoted string, with optional @lang or ^^datatype.
	QuotedLiteral LiteralForm = iota
	// BareLiteral is an unquoted numeric or boolean literal (1, 1.5, 1e3, true).
	BareLiteral
)

// Literal is an RDF literal. A simple literal has neither Lang nor
// Datatype; a language-tagged literal has Lang; otherwise Datatype holds the
// datatype IRI (bare numbers and booleans carry their xsd datatype).
type Literal struct {
	Span
	Lexical  string      // the lexical form, unescaped
	Lang     string      // language tag, as written (compare case-insensitively)
	Datatype *IRI        // datatype, nil for simple and language-tagged literals
	Form     LiteralForm // how it was written
}

// DatatypeIRI returns the literal's datatype IRI: Datatype.Value,
// rdf:langString for language-tagged literals and xsd:string for simple ones.
func (t *Literal) DatatypeIRI() string {
	switch {
	case t.Datatype != nil:
		return t.Datatype.Value
	case t.Lang != "":
		return RDFLangString
	default:
		return XSDString
	}
}

// Key returns the N-Triples form of the literal, with the language tag
// lower-cased and xsd:string literals written as simple literals.
func (t *Literal) Key() string {
	var b strings.Builder
	b.WriteString(printString(t.Lexical))
	switch {
	case t.Lang != "":
		b.WriteByte('@')
		b.WriteString(strings.ToLower(t.Lang))
	case t.Datatype != nil && t.Datatype.Value != XSDString:
		b.WriteString("^^<")
		b.WriteString(t.Datatype.Value)
		b.WriteByte('>')
	}
	return b.String()
}

// String returns the literal in N-Triples form (see Key).
func (t *Literal) String() string { return t.Key() }

// NewLiteral returns a simple literal.
func NewLiteral(lexical string) *Literal { return &Literal{Lexical: lexical} }

// NewLangLiteral returns a language-tagged literal.
func NewLangLiteral(lexical, lang string) *Literal { return &Literal{Lexical: lexical, Lang: lang} }

// NewTypedLiteral returns a literal with the given datatype IRI.
func NewTypedLiteral(lexical, datatype string) *Literal {
	if datatype == "" || datatype == XSDString {
		return &Literal{Lexical: lexical}
	}
	return &Literal{Lexical: lexical, Datatype: &IRI{Value: datatype}}
}

// BlankNode is a blank node. In a query, Anon marks "[]"; Label is empty
// then.
type BlankNode struct {
	Span
	Label string // label without "_:"
	Anon  bool   // written as [] in a query
}

// Key returns "_:" + Label.
func (t *BlankNode) Key() string { return "_:" + t.Label }

// String returns "_:" + Label, or "[]" for an anonymous blank node.
func (t *BlankNode) String() string {
	if t.Anon {
		return "[]"
	}
	return "_:" + t.Label
}

// Var is a query variable.
type Var struct {
	Span
	Name   string // without the leading ? or $
	Dollar bool   // written with $
}

// Key returns "?" + Name.
func (t *Var) Key() string { return "?" + t.Name }

// String returns "?" + Name.
func (t *Var) String() string { return "?" + t.Name }

// NewVar returns a variable.
func NewVar(name string) *Var { return &Var{Name: name} }

func (*IRI) termNode()       {}
func (*Literal) termNode()   {}
func (*BlankNode) termNode() {}
func (*Var) termNode()       {}

// TermValue returns a term's value as the SPARQL results formats write
// it: an IRI's value, a literal's lexical form, "_:label" for a blank node
// and "" for anything else (nil, a variable).
func TermValue(t Term) string {
	switch t := t.(type) {
	case *IRI:
		return t.Value
	case *Literal:
		return t.Lexical
	case *BlankNode:
		return "_:" + t.Label
	}
	return ""
}

// CanonicalLexical returns the lexical form of a literal with the
// variants of XML Schema's numeric and boolean types taken out, so that
// stores writing one value differently agree ("728.0"^^xsd:double from
// one, "728"^^xsd:double from another): a number of a numeric datatype
// in its shortest decimal form ("728", "0.5", "-3"; written with an
// exponent, below 1e-6 or from 1e15 on, "1e+21"), a boolean as true or false ("1" →
// "true"). Other literals, and lexical forms their datatype does not
// admit, are returned as written.
func CanonicalLexical(l *Literal) string {
	if l.Datatype == nil || !strings.HasPrefix(l.Datatype.Value, XSD) {
		return l.Lexical
	}
	dt := strings.TrimPrefix(l.Datatype.Value, XSD)
	lex := strings.TrimSpace(l.Lexical)
	switch dt {
	case "boolean":
		switch lex {
		case "1", "true":
			return "true"
		case "0", "false":
			return "false"
		}
	case "integer", "decimal", "double", "float", "int", "long", "short", "byte",
		"nonNegativeInteger", "positiveInteger", "negativeInteger", "nonPositiveInteger",
		"unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte":
		if IsDecimalLexical(lex) {
			return CanonicalDecimal(lex)
		}
		f, err := strconv.ParseFloat(lex, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			break
		}
		if a := math.Abs(f); f == 0 || a >= 1e-6 && a < 1e15 {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return l.Lexical
}

// IsDecimalLexical reports whether s is an xsd:decimal lexical form: an
// optional sign, digits with at most one point, at least one digit.
func IsDecimalLexical(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	digits, point := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !point:
			point = true
		default:
			return false
		}
	}
	return digits > 0
}

// CanonicalDecimal returns the shortest form of a decimal lexical form:
// no plus sign, no leading zeros in the integer part, no trailing zeros
// in the fraction, no point without a fraction, "0" for zero.
func CanonicalDecimal(s string) string {
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	intPart = strings.TrimLeft(intPart, "0")
	frac = strings.TrimRight(frac, "0")
	if intPart == "" {
		intPart = "0"
	}
	out := intPart
	if frac != "" {
		out += "." + frac
	}
	if neg && out != "0" {
		out = "-" + out
	}
	return out
}

// IsDatatypeIRI reports whether iri names a datatype rather than a class:
// an XML Schema datatype, rdfs:Literal, or one of RDF's literal types
// (rdf:langString, rdf:HTML, rdf:XMLLiteral, rdf:JSON,
// rdf:PlainLiteral). A property whose declared range is one has literal
// values.
func IsDatatypeIRI(iri string) bool {
	switch iri {
	case "http://www.w3.org/2000/01/rdf-schema#Literal", RDF + "langString", RDF + "HTML", RDF + "XMLLiteral", RDF + "JSON", RDF + "PlainLiteral":
		return true
	}
	return strings.HasPrefix(iri, XSD)
}
