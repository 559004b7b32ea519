package rdfvalue

import (
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// ---------------------------------------------------------------------------
// Booleans

// ParseBool parses the xsd:boolean lexical forms true, false, 1 and 0
// (whitespace around them ignored).
func ParseBool(s string) (v, ok bool) {
	switch CollapseSpace(s) {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// Shared xsd:boolean literals; nobody may modify them.
var (
	litTrue  = &sparql.Literal{Lexical: "true", Datatype: dtBoolean}
	litFalse = &sparql.Literal{Lexical: "false", Datatype: dtBoolean}
)

// BoolLiteral returns the canonical xsd:boolean literal of v. It is shared
// (the same pointer every time, so callers may test for it by identity);
// nobody may modify it.
func BoolLiteral(v bool) *sparql.Literal {
	if v {
		return litTrue
	}
	return litFalse
}

// CompareBools orders booleans: false < true.
func CompareBools(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// ---------------------------------------------------------------------------
// Literal value classes

// Class is the value space a literal belongs to for the operators.
type Class uint8

// The value classes.
const (
	ClassOther    Class = iota // unknown datatype, or ill-typed literal of a known one
	ClassString                // simple literal or xsd:string
	ClassLang                  // language-tagged string
	ClassNumeric               // valid numeric literal
	ClassBoolean               // valid xsd:boolean
	ClassDateTime              // valid xsd:dateTime
	ClassDate                  // valid xsd:date
	ClassTime                  // valid xsd:time
)

// Value is a literal classified and parsed: Number is set for
// ClassNumeric, Bool for ClassBoolean, DateTime for ClassDateTime,
// ClassDate and ClassTime.
type Value struct {
	Class    Class
	Number   Number
	Bool     bool
	DateTime DateTime
}

// IsPlainString reports whether l is a simple literal or an xsd:string.
func IsPlainString(l *sparql.Literal) bool {
	return l.Lang == "" && (l.Datatype == nil || l.Datatype.Value == sparql.XSDString)
}

// ValueOf classifies and parses a literal.
func ValueOf(l *sparql.Literal) Value {
	if l.Lang != "" {
		return Value{Class: ClassLang}
	}
	if l.Datatype == nil || l.Datatype.Value == sparql.XSDString {
		return Value{Class: ClassString}
	}
	switch dt := l.Datatype.Value; dt {
	case sparql.XSDBoolean:
		if b, ok := ParseBool(l.Lexical); ok {
			return Value{Class: ClassBoolean, Bool: b}
		}
	case XSDDateTime, XSDDate, XSDTime:
		if v, ok := DateTimeValue(l); ok {
			c := ClassDateTime
			switch v.Kind {
			case KindDate:
				c = ClassDate
			case KindTime:
				c = ClassTime
			}
			return Value{Class: c, DateTime: v}
		}
	default:
		if n, ok := NumericValue(l); ok {
			return Value{Class: ClassNumeric, Number: n}
		}
	}
	return Value{Class: ClassOther}
}

// ---------------------------------------------------------------------------
// Term equality

// isNil reports whether t is nil or a nil IRI, blank node or literal.
func isNil(t sparql.Term) bool {
	switch t := t.(type) {
	case nil:
		return true
	case *sparql.IRI:
		return t == nil
	case *sparql.BlankNode:
		return t == nil
	case *sparql.Literal:
		return t == nil
	}
	return false
}

// SameTerm reports whether a and b are the same RDF term (SPARQL's
// sameTerm): IRIs and blank nodes by value, literals by lexical form,
// datatype and (case-insensitive) language tag; xsd:string and simple
// literals are the same. Nil terms are the same as nothing.
func SameTerm(a, b sparql.Term) bool {
	switch x := a.(type) {
	case *sparql.IRI:
		y, ok := b.(*sparql.IRI)
		return ok && x != nil && y != nil && x.Value == y.Value
	case *sparql.BlankNode:
		y, ok := b.(*sparql.BlankNode)
		return ok && x != nil && y != nil && x.Label == y.Label
	case *sparql.Literal:
		y, ok := b.(*sparql.Literal)
		return ok && x != nil && y != nil && x.Lexical == y.Lexical &&
			strings.EqualFold(x.Lang, y.Lang) && x.DatatypeIRI() == y.DatatypeIRI()
	}
	return false
}

// Equal is the SPARQL = operator (SPARQL 1.1 §17.3, RDFterm-equal with
// value semantics): numbers (across datatypes, after promotion; NaN equals
// nothing), strings, booleans and date/times compare by value;
// language-tagged strings by lexical form and tag; other terms by
// RDFterm-equal. Literals of different known value spaces are unequal;
// two different literals one of which has an unknown datatype (or is
// ill-typed) cannot be told apart: ErrIncomparable (§17.4.1.7), as is a
// date/time comparison that is indeterminate. A nil operand is
// ErrUnbound, one that is not an IRI, blank node or literal
// ErrTypeMismatch.
func Equal(a, b sparql.Term) (bool, error) {
	if isNil(a) || isNil(b) {
		return false, ErrUnbound
	}
	switch x := a.(type) {
	case *sparql.IRI:
		y, ok := b.(*sparql.IRI)
		return ok && x.Value == y.Value, nil
	case *sparql.BlankNode:
		y, ok := b.(*sparql.BlankNode)
		return ok && x.Label == y.Label, nil
	case *sparql.Literal:
		y, ok := b.(*sparql.Literal)
		if !ok {
			return false, nil
		}
		return literalEqual(x, y)
	}
	return false, ErrTypeMismatch
}

func literalEqual(x, y *sparql.Literal) (bool, error) {
	if IsPlainString(x) && IsPlainString(y) {
		return x.Lexical == y.Lexical, nil
	}
	if nx, ok := NumericValue(x); ok {
		if ny, ok := NumericValue(y); ok {
			c, ok := CompareNumbers(nx, ny)
			return ok && c == 0, nil
		}
	}
	vx, vy := ValueOf(x), ValueOf(y)
	if vx.Class == ClassOther || vy.Class == ClassOther {
		switch {
		case SameTerm(x, y):
			return true, nil
		case vx.Class == ClassLang || vy.Class == ClassLang:
			// rdf:langString is disjoint from every other datatype.
			return false, nil
		}
		return false, ErrIncomparable
	}
	if vx.Class != vy.Class {
		return false, nil
	}
	switch vx.Class {
	case ClassLang:
		return x.Lexical == y.Lexical && strings.EqualFold(x.Lang, y.Lang), nil
	case ClassNumeric:
		c, ok := CompareNumbers(vx.Number, vy.Number)
		return ok && c == 0, nil
	case ClassBoolean:
		return vx.Bool == vy.Bool, nil
	case ClassDateTime, ClassDate, ClassTime:
		c, ok := CompareDateTimes(vx.DateTime, vy.DateTime)
		if !ok {
			return false, ErrIncomparable
		}
		return c == 0, nil
	}
	return x.Lexical == y.Lexical, nil
}

// CompareLiterals is the order of SPARQL's <, >, <= and >= operators
// (§17.3): numbers across datatypes after promotion, simple and xsd:string
// literals by code point, booleans (false < true) and date/times of one
// kind by the XML Schema order. It returns ErrUnordered when one of two
// numbers is NaN (every operator is then false), and ErrIncomparable for
// anything else the operators do not relate (terms that are not
// literals, different value spaces, an indeterminate date/time order).
func CompareLiterals(a, b sparql.Term) (int, error) {
	x, ok1 := a.(*sparql.Literal)
	y, ok2 := b.(*sparql.Literal)
	if !ok1 || !ok2 || x == nil || y == nil {
		return 0, ErrIncomparable
	}
	if nx, ok := NumericValue(x); ok {
		// Fast path for the common numeric comparison.
		ny, ok := NumericValue(y)
		if !ok {
			return 0, ErrIncomparable
		}
		c, ok := CompareNumbers(nx, ny)
		if !ok {
			return 0, ErrUnordered
		}
		return c, nil
	}
	if IsPlainString(x) && IsPlainString(y) {
		return strings.Compare(x.Lexical, y.Lexical), nil
	}
	vx, vy := ValueOf(x), ValueOf(y)
	if vx.Class != vy.Class {
		return 0, ErrIncomparable
	}
	switch vx.Class {
	case ClassNumeric:
		c, ok := CompareNumbers(vx.Number, vy.Number)
		if !ok {
			return 0, ErrUnordered
		}
		return c, nil
	case ClassBoolean:
		return CompareBools(vx.Bool, vy.Bool), nil
	case ClassDateTime, ClassDate, ClassTime:
		c, ok := CompareDateTimes(vx.DateTime, vy.DateTime)
		if !ok {
			return 0, ErrIncomparable
		}
		return c, nil
	}
	return 0, ErrIncomparable
}
