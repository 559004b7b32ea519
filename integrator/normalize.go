package integrator

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

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

// numericTypes are the XSD numeric datatypes, by local name; the value is
// the bit size of a floating-point type (0: decimal or integer).
var numericTypes = map[string]int{
	"integer": 0, "decimal": 0, "double": 64, "float": 32,
	"int": 0, "long": 0, "short": 0, "byte": 0,
	"nonNegativeInteger": 0, "positiveInteger": 0, "nonPositiveInteger": 0, "negativeInteger": 0,
	"unsignedLong": 0, "unsignedInt": 0, "unsignedShort": 0, "unsignedByte": 0,
}

// xsdLocal returns the local name of an XSD datatype, or "".
func xsdLocal(l *sparql.Literal) string {
	if l.Datatype == nil || !strings.HasPrefix(l.Datatype.Value, sparql.XSD) {
		return ""
	}
	return l.Datatype.Value[len(sparql.XSD):]
}

// value is a literal's value when it has one that orders: a number or an
// instant.
type value struct {
	kind  valueKind
	num   *big.Rat // kindNumber, finite
	float float64  // kindNumber: NaN or ±Inf when num is nil
	inst  time.Time
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
// temporal or boolean datatype or its lexical form is invalid).
func valueOf(t sparql.Term) value {
	l, ok := t.(*sparql.Literal)
	if !ok {
		return value{}
	}
	local := xsdLocal(l)
	lex := strings.TrimSpace(l.Lexical)
	if bits, ok := numericTypes[local]; ok {
		return numberValue(lex, bits)
	}
	switch local {
	case "date":
		if len(lex) >= 10 {
			if d, err := time.Parse("2006-01-02", lex[:10]); err == nil && validZone(lex[10:]) {
				return value{kind: kindTime, inst: d, key: "t:" + d.Format("2006-01-02")}
			}
		}
	case "dateTime", "dateTimeStamp":
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999"} {
			if d, err := time.Parse(layout, lex); err == nil {
				d = d.UTC()
				key := "t:" + d.Format("2006-01-02")
				if d.Hour() != 0 || d.Minute() != 0 || d.Second() != 0 || d.Nanosecond() != 0 {
					key = "t:" + d.Format("2006-01-02T15:04:05.999999999")
				}
				return value{kind: kindTime, inst: d, key: key}
			}
		}
	case "boolean":
		switch lex {
		case "true", "1":
			return value{kind: kindBool, key: "b:true"}
		case "false", "0":
			return value{kind: kindBool, key: "b:false"}
		}
	}
	return value{}
}

// validZone reports whether s is empty or an XSD timezone.
func validZone(s string) bool {
	if s == "" || s == "Z" {
		return true
	}
	_, err := time.Parse("-07:00", s)
	return err == nil
}

// numberValue parses a numeric lexical form; bits is the size of a
// floating-point type, 0 for decimals and integers.
func numberValue(lex string, bits int) value {
	if bits == 0 {
		if !sparql.IsDecimalLexical(lex) {
			return value{}
		}
		r, ok := new(big.Rat).SetString(lex)
		if !ok {
			return value{}
		}
		return value{kind: kindNumber, num: r, key: "n:" + sparql.CanonicalDecimal(lex)}
	}
	switch lex {
	case "NaN":
		return value{kind: kindNumber, float: math.NaN(), key: "n:NaN"}
	case "INF", "+INF":
		return value{kind: kindNumber, float: math.Inf(1), key: "n:INF"}
	case "-INF":
		return value{kind: kindNumber, float: math.Inf(-1), key: "n:-INF"}
	}
	if strings.ContainsAny(lex, "xXpP_") { // Go accepts hex floats and underscores; XSD does not
		return value{}
	}
	f, err := strconv.ParseFloat(lex, bits)
	if err != nil {
		return value{}
	}
	s := strconv.FormatFloat(f, 'f', -1, bits)
	r, _ := new(big.Rat).SetString(s)
	return value{kind: kindNumber, num: r, float: f, key: "n:" + sparql.CanonicalDecimal(s)}
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
		return compareNumbers(va, vb)
	case va.kind == kindTime && vb.kind == kindTime:
		return va.inst.Compare(vb.inst), true
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

func compareNumbers(a, b value) (int, bool) {
	if a.num != nil && b.num != nil {
		return a.num.Cmp(b.num), true
	}
	fa, fb := a.float, b.float
	if a.num != nil {
		fa, _ = a.num.Float64()
	}
	if b.num != nil {
		fb, _ = b.num.Float64()
	}
	if math.IsNaN(fa) || math.IsNaN(fb) {
		return 0, false
	}
	switch {
	case fa < fb:
		return -1, true
	case fa > fb:
		return 1, true
	}
	return 0, true
}

// isFloat reports whether a numeric literal has a floating-point type.
func isFloat(t sparql.Term) bool {
	l, ok := t.(*sparql.Literal)
	return ok && numericTypes[xsdLocal(l)] != 0
}

// isInteger reports whether a numeric literal has an integer type.
func isInteger(t sparql.Term) bool {
	l, ok := t.(*sparql.Literal)
	if !ok {
		return false
	}
	local := xsdLocal(l)
	_, numeric := numericTypes[local]
	return numeric && local != "decimal" && numericTypes[local] == 0
}
