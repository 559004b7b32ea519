package store

// The ORDER BY order (SPARQL 1.1 §15.1).

import (
	"strings"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// termRank orders the kinds of terms: unbound (nil), blank nodes, IRIs,
// literals; anything else (variables) last.
func termRank(t sparql.Term) int {
	switch t := t.(type) {
	case nil:
		return 0
	case *sparql.BlankNode:
		if t == nil {
			return 0
		}
		return 1
	case *sparql.IRI:
		if t == nil {
			return 0
		}
		return 2
	case *sparql.Literal:
		if t == nil {
			return 0
		}
		return 3
	}
	return 4
}

// literalRank groups literal value spaces for ORDER BY between literals
// that the < operator does not relate: numbers, then strings (simple,
// xsd:string and language-tagged together), booleans, dateTimes, dates,
// times, and last literals of other datatypes (and ill-typed ones).
func literalRank(c rdfvalue.Class) int {
	switch c {
	case rdfvalue.ClassNumeric:
		return 0
	case rdfvalue.ClassString, rdfvalue.ClassLang:
		return 1
	case rdfvalue.ClassBoolean:
		return 2
	case rdfvalue.ClassDateTime:
		return 3
	case rdfvalue.ClassDate:
		return 4
	case rdfvalue.ClassTime:
		return 5
	}
	return 6
}

// orderCompare is the ORDER BY comparison: it returns a negative number
// when a sorts before b, a positive one when after, 0 when they are the
// same RDF term. Unbound (nil) < blank nodes < IRIs < literals. Literals
// are ordered by value where the < operator relates them (numbers across
// datatypes, strings by code point, booleans, date/times — the latter by
// instant, a value without timezone taken as UTC, so that the order is
// total); strings and language-tagged strings sort together by lexical
// form, then by tag; otherwise by value-space group, datatype IRI and
// lexical form. Ties between different terms of equal value ("1" and
// "01"^^xsd:integer, 1 and 1.0) are broken by datatype IRI, then lexical
// form, then language tag, so the order is total and sorting is
// deterministic. NaN sorts before every other number.
func orderCompare(a, b sparql.Term) int {
	ra, rb := termRank(a), termRank(b)
	if ra != rb {
		return ra - rb
	}
	switch x := a.(type) {
	case *sparql.BlankNode:
		if ra == 0 {
			return 0
		}
		return strings.Compare(x.Label, b.(*sparql.BlankNode).Label)
	case *sparql.IRI:
		if ra == 0 {
			return 0
		}
		return strings.Compare(x.Value, b.(*sparql.IRI).Value)
	case *sparql.Literal:
		if ra == 0 {
			return 0
		}
		return literalOrder(x, b.(*sparql.Literal))
	case nil:
		return 0
	}
	return strings.Compare(a.Key(), b.Key())
}

// literalOrder orders two literals for orderCompare.
func literalOrder(x, y *sparql.Literal) int {
	if rdfvalue.IsPlainString(x) && rdfvalue.IsPlainString(y) {
		return strings.Compare(x.Lexical, y.Lexical)
	}
	vx, vy := rdfvalue.ValueOf(x), rdfvalue.ValueOf(y)
	gx, gy := literalRank(vx.Class), literalRank(vy.Class)
	if gx != gy {
		return gx - gy
	}
	c := 0
	switch vx.Class {
	case rdfvalue.ClassNumeric:
		xn, yn := vx.Number.IsNaN(), vy.Number.IsNaN()
		switch {
		case xn && yn:
		case xn:
			c = -1
		case yn:
			c = 1
		default:
			c, _ = rdfvalue.CompareNumbers(vx.Number, vy.Number)
		}
	case rdfvalue.ClassString, rdfvalue.ClassLang:
		if c = strings.Compare(x.Lexical, y.Lexical); c == 0 {
			// A simple literal before language-tagged ones.
			return strings.Compare(strings.ToLower(x.Lang), strings.ToLower(y.Lang))
		}
	case rdfvalue.ClassBoolean:
		c = rdfvalue.CompareBools(vx.Bool, vy.Bool)
	case rdfvalue.ClassDateTime, rdfvalue.ClassDate, rdfvalue.ClassTime:
		c = rdfvalue.CompareInstants(vx.DateTime, vy.DateTime)
	}
	if c != 0 {
		return c
	}
	if c = strings.Compare(x.DatatypeIRI(), y.DatatypeIRI()); c != 0 {
		return c
	}
	if c = strings.Compare(x.Lexical, y.Lexical); c != 0 {
		return c
	}
	return strings.Compare(strings.ToLower(x.Lang), strings.ToLower(y.Lang))
}
