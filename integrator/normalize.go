package integrator

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Canonical keys. Two values are the same answer value iff their keys are
// equal:
//   - numeric literals (xsd:integer, xsd:decimal, xsd:double, xsd:float
//     and the integer subtypes) by value: "n:" + the shortest decimal
//     form ("01", "1.0"^^xsd:decimal and "1E0"^^xsd:double are "n:1");
//   - xsd:date and xsd:dateTime by instant: "t:" + the UTC date, or date
//     and time when the time is not midnight (a dateTime without a
//     timezone is taken as UTC, a date's timezone is dropped);
//   - xsd:boolean by value: "b:true" or "b:false";
//   - other literals by [sparql.Term.Key] (simple and xsd:string literals
//     are equal; language tags compare case-insensitively);
//   - IRIs by [sparql.Term.Key], after entity alignment (see align.go);
//   - blank nodes by label within the query result that gave them.

// value is a literal's value when it has one that orders: a number or an
// instant (or a boolean, which only has a key).
type value struct {
	kind  valueKind
	num   *big.Rat // kindNumber: the decimal value; nil for NaN and ±INF
	float float64  // kindNumber: the value as a float64 (NaN or ±Inf when num is nil)
	n     rdfvalue.Number
	dt    rdfvalue.DateTime // kindTime; a date without its timezone
	key   string
}

type valueKind int

const (
	kindNone valueKind = iota
	kindNumber
	kindTime
	kindBool
)

// valueOf parses a literal's value (kindNone when it has no numeric,
// temporal or boolean datatype or its lexical form is invalid). The
// lexical spaces are XML Schema's (package rdfvalue), with these choices
// of the integrator's own:
//   - a literal of xsd:integer or of a type derived from it is read in
//     the xsd:decimal lexical space ("1.0"^^xsd:integer from an endpoint
//     is the number 1), and the ranges of derived types are not checked;
//   - numbers compare and key by the decimal they print as
//     (rdfvalue.CompareDecimalValues, Number.ShortestDecimal);
//   - a dateTime without timezone is taken as UTC (rdfvalue.CompareInstants),
//     and a date's timezone is dropped;
//   - xsd:dateTimeStamp is read as xsd:dateTime; xsd:time is not a value.
func valueOf(t sparql.Term) value {
	l, ok := t.(*sparql.Literal)
	if !ok || l == nil || l.Datatype == nil {
		return value{}
	}
	dt := l.Datatype.Value
	switch k := rdfvalue.NumericKind(dt); k {
	case rdfvalue.Integer, rdfvalue.Decimal:
		return numberValue(rdfvalue.ParseLexical(l.Lexical, rdfvalue.Decimal))
	case rdfvalue.Float, rdfvalue.Double:
		return numberValue(rdfvalue.ParseLexical(l.Lexical, k))
	}
	switch dt {
	case rdfvalue.XSDDate:
		if d, ok := rdfvalue.ParseDateTime(l.Lexical, rdfvalue.KindDate); ok {
			d = d.WithoutTimezone()
			return value{kind: kindTime, dt: d, key: "t:" + d.DateString()}
		}
	case rdfvalue.XSDDateTime, rdfvalue.XSDDateTimeStamp:
		if d, ok := rdfvalue.ParseDateTime(l.Lexical, rdfvalue.KindDateTime); ok {
			u := d.UTC()
			key := "t:" + u.DateString()
			if u.Hour != 0 || u.Minute != 0 || u.Second != 0 || u.Nanos != 0 {
				// The key, like the comparison, keeps nine fractional digits.
				u.Frac = strings.TrimRight(fmt.Sprintf("%09d", u.Nanos), "0")
				key += "T" + u.ClockString()
			}
			return value{kind: kindTime, dt: d, key: key}
		}
	case sparql.XSDBoolean:
		if b, ok := rdfvalue.ParseBool(l.Lexical); ok {
			return value{kind: kindBool, key: "b:" + strconv.FormatBool(b)}
		}
	}
	return value{}
}

// numberValue is the value of a parsed number.
func numberValue(n rdfvalue.Number, ok bool) value {
	if !ok {
		return value{}
	}
	r, _ := n.DecimalValue()
	return value{kind: kindNumber, num: r, float: n.Float64(), n: n, key: "n:" + n.ShortestDecimal()}
}

// termKey returns the canonical key of a term; align maps IRIs to the
// representative of their aligned entity, bnode scopes blank nodes to
// the query result that gave them.
func termKey(t sparql.Term, align map[string]string, bnode string) string {
	switch t := t.(type) {
	case nil:
		return "\x01"
	case *sparql.IRI:
		if rep, ok := align[t.Value]; ok {
			return "<" + rep + ">"
		}
		return t.Key()
	case *sparql.BlankNode:
		return "_:" + bnode + ":" + t.Label
	case *sparql.Literal:
		if v := valueOf(t); v.kind != kindNone {
			return v.key
		}
		return t.Key()
	}
	return t.Key()
}

// compareTerms orders two terms for ranking and comparison: numbers by
// value, instants by time, then everything else by its lexical form
// (IRIs by value). ok is false when the two cannot be compared
// meaningfully (a number against a date or a string, or a NaN).
func compareTerms(a, b sparql.Term) (c int, ok bool) {
	va, vb := valueOf(a), valueOf(b)
	switch {
	case va.kind == kindNumber && vb.kind == kindNumber:
		return rdfvalue.CompareDecimalValues(va.n, vb.n)
	case va.kind == kindTime && vb.kind == kindTime:
		return rdfvalue.CompareInstants(va.dt, vb.dt), true
	case va.kind != kindNone || vb.kind != kindNone:
		if va.kind == vb.kind && va.kind == kindBool {
			return strings.Compare(va.key, vb.key), true
		}
		return 0, false
	}
	if a == nil || b == nil {
		return 0, false
	}
	return strings.Compare(sparql.TermValue(a), sparql.TermValue(b)), true
}

// isFloat reports whether a numeric literal has a floating-point type.
func isFloat(t sparql.Term) bool {
	l, ok := t.(*sparql.Literal)
	if !ok {
		return false
	}
	k := rdfvalue.NumericKind(l.DatatypeIRI())
	return k == rdfvalue.Float || k == rdfvalue.Double
}

// isInteger reports whether a numeric literal has an integer type.
func isInteger(t sparql.Term) bool {
	l, ok := t.(*sparql.Literal)
	return ok && rdfvalue.NumericKind(l.DatatypeIRI()) == rdfvalue.Integer
}
