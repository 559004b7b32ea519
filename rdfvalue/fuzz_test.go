package rdfvalue

import (
	"math/big"
	"regexp"
	"testing"
)

// The XSD lexical spaces, as regular expressions (after the whitespace
// collapse), are the oracle of the hand-written parsers.
var (
	reInteger  = regexp.MustCompile(`^[+-]?[0-9]+$`)
	reDecimal  = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)
	reDouble   = regexp.MustCompile(`^([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([Ee][+-]?[0-9]+)?|[+-]?INF|NaN)$`)
	reBool     = regexp.MustCompile(`^(true|false|1|0)$`)
	reTimezone = `(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)?`
	reDateTime = regexp.MustCompile(`^-?([1-9][0-9]{4,}|[0-9]{4})-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?` + reTimezone + `$`)
)

// FuzzParseLexical checks the numeric, boolean and dateTime parsers
// against the XSD lexical spaces and their outputs for round trips.
func FuzzParseLexical(f *testing.F) {
	for _, s := range []string{
		"0", "-0", "+01", " 7 ", "1.", ".5", "-.5e-3", "1e400", "INF", "+INF", "-INF", "NaN", "+NaN",
		"inf", "0x10", "1_000", "1/3", "1.5E+07", "123456789012345678901234567890.0001", "true", "1",
		"2010-06-21T24:00:00Z", "-0044-03-15T12:00:00.500+14:00", "10000-01-01T00:00:00", "2000-02-29T23:59:59.999999999999-00:30",
		"1900-02-29T00:00:00", "2010-06-21T11:28:01+14:01",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CollapseSpace(s)
		for _, kind := range []NumKind{Integer, Decimal, Float, Double} {
			n, ok := ParseLexical(s, kind)
			re := map[NumKind]*regexp.Regexp{Integer: reInteger, Decimal: reDecimal, Float: reDouble, Double: reDouble}[kind]
			if ok != re.MatchString(c) {
				t.Fatalf("ParseLexical(%q, %v) ok = %t, but the lexical space says %t", s, kind, ok, !ok)
			}
			if !ok {
				continue
			}
			if n.Kind() != kind {
				t.Fatalf("ParseLexical(%q, %v) has kind %v", s, kind, n.Kind())
			}
			// The canonical form is in the lexical space, names the same
			// value and is a fixed point.
			lex := n.Lexical()
			back, ok := ParseLexical(lex, kind)
			if !ok {
				t.Fatalf("%q: canonical form %q does not parse", s, lex)
			}
			if back.Lexical() != lex {
				t.Fatalf("%q: canonical form %q is not a fixed point (%q)", s, lex, back.Lexical())
			}
			if c, ok := CompareNumbers(n, back); !n.IsNaN() && (!ok || c != 0) {
				t.Fatalf("%q: canonical form %q has another value", s, lex)
			}
			// The shortest decimal names the decimal value.
			if r, ok := n.DecimalValue(); ok {
				sd, okd := ParseLexical(n.ShortestDecimal(), Decimal)
				if !okd || sd.Rat().Cmp(r) != 0 {
					t.Fatalf("%q: ShortestDecimal %q is not the decimal value %s", s, n.ShortestDecimal(), r.RatString())
				}
			}
			// A value parses the same at every level it belongs to.
			if kind == Integer {
				d, ok := ParseLexical(s, Decimal)
				if !ok || d.Rat().Cmp(n.Rat()) != 0 {
					t.Fatalf("%q: integer and decimal values differ", s)
				}
			}
			if kind == Decimal {
				x, ok := ParseLexical(s, Double)
				f, _ := new(big.Rat).Set(n.Rat()).Float64()
				if !ok || x.Float64() != f {
					t.Fatalf("%q: decimal %s and double %v differ", s, n.Rat().RatString(), x.Float64())
				}
			}
		}

		if _, ok := ParseBool(s); ok != reBool.MatchString(c) {
			t.Fatalf("ParseBool(%q) ok = %t", s, ok)
		}

		d, ok := ParseDateTime(s, KindDateTime)
		if ok && !reDateTime.MatchString(c) {
			t.Fatalf("ParseDateTime(%q) holds outside the lexical space", s)
		}
		if !ok {
			return
		}
		if d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > daysIn(d.Year, d.Month) || d.Hour > 23 || d.Minute > 59 || d.Second > 59 {
			t.Fatalf("ParseDateTime(%q) = %+v: fields out of range", s, d)
		}
		again := d.DateString() + "T" + d.ClockString() + d.TZ
		d2, ok := ParseDateTime(again, KindDateTime)
		if !ok || CompareInstants(d, d2) != 0 || d2.DateString()+"T"+d2.ClockString()+d2.TZ != again {
			t.Fatalf("%q: written again as %q, which does not parse to the same value", s, again)
		}
		u := d.UTC()
		if CompareInstants(d, u) != 0 {
			t.Fatalf("%q: UTC %+v is another instant", s, u)
		}
		if c, ok := CompareDateTimes(d, u); !ok || c != 0 {
			if d.HasTZ {
				t.Fatalf("%q: not equal to its UTC form", s)
			}
		}
	})
}
