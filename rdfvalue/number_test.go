package rdfvalue

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// show writes a literal briefly: "1"^^xsd:integer.
func show(l *sparql.Literal) string {
	s := `"` + l.Lexical + `"`
	switch {
	case l.Lang != "":
		return s + "@" + l.Lang
	case l.Datatype == nil:
		return s
	}
	return s + "^^xsd:" + strings.TrimPrefix(l.Datatype.Value, sparql.XSD)
}

func TestNumericValue(t *testing.T) {
	tests := []struct {
		lexical, datatype string
		want              string // Literal() of the value, or "ill-typed"
	}{
		{"1", sparql.XSDInteger, `"1"^^xsd:integer`},
		{"+01", sparql.XSDInteger, `"1"^^xsd:integer`},
		{"-0", sparql.XSDInteger, `"0"^^xsd:integer`},
		{" 7 ", sparql.XSDInteger, `"7"^^xsd:integer`},
		{"\t7\r\n", sparql.XSDInteger, `"7"^^xsd:integer`},
		{"\u00a07", sparql.XSDInteger, "ill-typed"},
		{"123456789012345678901234567890", sparql.XSDInteger, `"123456789012345678901234567890"^^xsd:integer`},
		{"1.0", sparql.XSDInteger, "ill-typed"},
		{"1_000", sparql.XSDInteger, "ill-typed"},
		{"0x10", sparql.XSDInteger, "ill-typed"},
		{"+-1", sparql.XSDInteger, "ill-typed"},
		{"", sparql.XSDInteger, "ill-typed"},
		{"+", sparql.XSDInteger, "ill-typed"},
		{"1.50", sparql.XSDDecimal, `"1.5"^^xsd:decimal`},
		{"-.5", sparql.XSDDecimal, `"-0.5"^^xsd:decimal`},
		{"2.", sparql.XSDDecimal, `"2.0"^^xsd:decimal`},
		{"-0.0", sparql.XSDDecimal, `"0.0"^^xsd:decimal`},
		{"0.1234567890123456789012345", sparql.XSDDecimal, `"0.1234567890123456789012345"^^xsd:decimal`},
		{"1e3", sparql.XSDDecimal, "ill-typed"},
		{"1/3", sparql.XSDDecimal, "ill-typed"},
		{"0b1", sparql.XSDDecimal, "ill-typed"},
		{".", sparql.XSDDecimal, "ill-typed"},
		{"1e3", sparql.XSDDouble, `"1.0E3"^^xsd:double`},
		{"1.5", sparql.XSDDouble, `"1.5E0"^^xsd:double`},
		{".5E-1", sparql.XSDDouble, `"5.0E-2"^^xsd:double`},
		{"-INF", sparql.XSDDouble, `"-INF"^^xsd:double`},
		{"+INF", sparql.XSDDouble, `"INF"^^xsd:double`},
		{"NaN", sparql.XSDDouble, `"NaN"^^xsd:double`},
		{"1e400", sparql.XSDDouble, `"INF"^^xsd:double`},
		{"nan", sparql.XSDDouble, "ill-typed"},
		{"inf", sparql.XSDDouble, "ill-typed"},
		{"Infinity", sparql.XSDDouble, "ill-typed"},
		{"0x1p3", sparql.XSDDouble, "ill-typed"},
		{"1e", sparql.XSDDouble, "ill-typed"},
		{"e5", sparql.XSDDouble, "ill-typed"},
		{"0.1", XSDFloat, `"1.0E-1"^^xsd:float`},
		{"16777217", XSDFloat, `"1.6777216E7"^^xsd:float`},
		{"127", XSDByte, `"127"^^xsd:integer`},
		{"128", XSDByte, "ill-typed"},
		{"-1", XSDUnsignedInt, "ill-typed"},
		{"4294967295", XSDUnsignedInt, `"4294967295"^^xsd:integer`},
		{"18446744073709551615", XSDUnsignedLong, `"18446744073709551615"^^xsd:integer`},
		{"18446744073709551616", XSDUnsignedLong, "ill-typed"},
		{"0", XSDPositiveInteger, "ill-typed"},
		{"0", XSDNonPositiveInteger, `"0"^^xsd:integer`},
		{"0", XSDNegativeInteger, "ill-typed"},
		{"-9223372036854775809", XSDLong, "ill-typed"},
		{"1", sparql.XSDString, "ill-typed"},
		{"1", "http://example.org/number", "ill-typed"},
	}
	var got, want []string
	for _, tt := range tests {
		n, ok := NumericValue(sparql.NewTypedLiteral(tt.lexical, tt.datatype))
		s := "ill-typed"
		if ok {
			s = show(n.Literal())
		}
		got = append(got, tt.lexical+" → "+s)
		want = append(want, tt.lexical+" → "+tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("NumericValue (-want +got):\n%s", d)
	}
	if _, ok := NumericValue(sparql.NewLiteral("1")); ok {
		t.Error("NumericValue of a simple literal")
	}
}

func TestParseLexical(t *testing.T) {
	tests := []struct {
		s    string
		kind NumKind
		want string // ShortestDecimal, or "invalid"
	}{
		{"01", Integer, "1"},
		{"1.5", Integer, "invalid"},
		{"1.5", Decimal, "1.5"},
		{"12", Decimal, "12"}, // integer lexical forms are decimals too
		{"300", Decimal, "300"},
		{"1e3", Double, "1000"},
		{"1e3", Decimal, "invalid"},
		{"x", NotNumeric, "invalid"},
		{"1", NotNumeric, "invalid"},
	}
	for _, tt := range tests {
		n, ok := ParseLexical(tt.s, tt.kind)
		got := "invalid"
		if ok {
			got = n.ShortestDecimal()
		}
		if got != tt.want {
			t.Errorf("ParseLexical(%q, %v) = %s, want %s", tt.s, tt.kind, got, tt.want)
		}
	}
	// No range check: the lexical space only.
	if n, ok := ParseLexical("300", Integer); !ok || n.Lexical() != "300" || InIntegerRange(XSDByte, n) || !InIntegerRange(XSDShort, n) {
		t.Errorf("ParseLexical(300, Integer) = %v, %t; ranges wrong", n, ok)
	}
}

func TestFormatNumbers(t *testing.T) {
	tests := []struct {
		n         Number
		canonical string
		str       string // xsd:string cast
		shortest  string // answer-key form
	}{
		{NewInteger(-12), "-12", "-12", "-12"},
		{NewDecimal(big.NewRat(5, 2)), "2.5", "2.5", "2.5"},
		{NewDecimal(big.NewRat(2, 1)), "2.0", "2", "2"},
		{NewDecimal(big.NewRat(-1, 8)), "-0.125", "-0.125", "-0.125"},
		{NewDecimal(big.NewRat(0, 1)), "0.0", "0", "0"},
		{NewDouble(1.5), "1.5E0", "1.5", "1.5"},
		{NewDouble(100), "1.0E2", "100", "100"},
		{NewDouble(1e6), "1.0E6", "1.0E6", "1000000"},
		{NewDouble(999999), "9.99999E5", "999999", "999999"},
		{NewDouble(1e-6), "1.0E-6", "0.000001", "0.000001"},
		{NewDouble(1e-7), "1.0E-7", "1.0E-7", "0.0000001"},
		{NewDouble(-1.25e300), "-1.25E300", "-1.25E300", "-125" + strings.Repeat("0", 298)},
		{NewDouble(math.Copysign(0, -1)), "-0.0E0", "-0", "0"},
		{NewDouble(math.Inf(-1)), "-INF", "-INF", "-INF"},
		{NewDouble(math.Inf(1)), "INF", "INF", "INF"},
		{NewDouble(math.NaN()), "NaN", "NaN", "NaN"},
		{NewFloat(0.1), "1.0E-1", "0.1", "0.1"},
		{NewFloat(3.3333), "3.3333E0", "3.3333", "3.3333"},
		{NewDouble(float64(float32(0.1))), "1.0000000149011612E-1", "0.10000000149011612", "0.10000000149011612"},
	}
	var got, want []string
	for _, tt := range tests {
		got = append(got, tt.n.Literal().Lexical+" | "+tt.n.XPathString()+" | "+tt.n.ShortestDecimal())
		want = append(want, tt.canonical+" | "+tt.str+" | "+tt.shortest)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("formats (-want +got):\n%s", d)
	}
}

// TestShortestDecimalKeys: every lexical form of one value has one key.
func TestShortestDecimalKeys(t *testing.T) {
	tests := []struct{ lex, dt, want string }{
		{"1", sparql.XSDInteger, "1"},
		{"+001", sparql.XSDInteger, "1"},
		{"-0", sparql.XSDInteger, "0"},
		{"-0.0", sparql.XSDDecimal, "0"},
		{"1.50", sparql.XSDDecimal, "1.5"},
		{".5", sparql.XSDDecimal, "0.5"},
		{"1.", sparql.XSDDecimal, "1"},
		{"-12.340", sparql.XSDDecimal, "-12.34"},
		{"1.5E0", sparql.XSDDouble, "1.5"},
		{"1e3", sparql.XSDDouble, "1000"},
		{"0.1", XSDFloat, "0.1"},
		{"0.1", sparql.XSDDouble, "0.1"},
		{" 7 ", XSDNonNegativeInteger, "7"},
		{"NaN", sparql.XSDDouble, "NaN"},
		{"-INF", XSDFloat, "-INF"},
	}
	for _, tt := range tests {
		n, ok := NumericValue(sparql.NewTypedLiteral(tt.lex, tt.dt))
		if !ok || n.ShortestDecimal() != tt.want {
			t.Errorf("ShortestDecimal(%q^^%s) = %q (%t), want %q", tt.lex, tt.dt, n.ShortestDecimal(), ok, tt.want)
		}
	}
	if s := (Number{}).ShortestDecimal(); s != "" {
		t.Errorf("ShortestDecimal of no number = %q", s)
	}
}

func TestDecimalQuo(t *testing.T) {
	tests := []struct{ x, y, want string }{
		{"1", "3", "0.333333333333333333"},
		{"73", "7", "10.428571428571428571"},
		{"-73", "7", "-10.428571428571428571"},
		{"1", "1024", "0.0009765625"},
		{"1", "3000000000000000000000", "0.0"},
		{"10", "4", "2.5"},
	}
	for _, tt := range tests {
		x, _ := new(big.Rat).SetString(tt.x)
		y, _ := new(big.Rat).SetString(tt.y)
		if got := FormatDecimal(DecimalQuo(x, y)); got != tt.want {
			t.Errorf("%s / %s = %s, want %s", tt.x, tt.y, got, tt.want)
		}
	}
}

func num(t *testing.T, lex, dt string) Number {
	t.Helper()
	n, ok := NumericValue(sparql.NewTypedLiteral(lex, dt))
	if !ok {
		t.Fatalf("%q^^%s is not a number", lex, dt)
	}
	return n
}

func TestArith(t *testing.T) {
	const i, d, f, db = sparql.XSDInteger, sparql.XSDDecimal, XSDFloat, sparql.XSDDouble
	tests := []struct {
		a, adt string
		op     byte
		b, bdt string
		want   string // Literal(), or the error
	}{
		{"1", i, '+', "2", i, `"3"^^xsd:integer`},
		{"9223372036854775807", i, '+', "1", i, `"9223372036854775808"^^xsd:integer`},
		{"-9223372036854775808", i, '-', "1", i, `"-9223372036854775809"^^xsd:integer`},
		{"-9223372036854775808", i, '*', "-1", i, `"9223372036854775808"^^xsd:integer`},
		{"4294967296", i, '*', "4294967296", i, `"18446744073709551616"^^xsd:integer`},
		{"7", i, '/', "2", i, `"3.5"^^xsd:decimal`},
		{"1", i, '/', "3", i, `"0.333333333333333333"^^xsd:decimal`},
		{"1", i, '/', "0", i, "division by zero"},
		{"1.5", d, '/', "0", i, "division by zero"},
		{"1.5", d, '+', "1", i, `"2.5"^^xsd:decimal`},
		{"1.5", d, '*', "2", f, `"3.0E0"^^xsd:float`},
		{"1", f, '+', "1", db, `"2.0E0"^^xsd:double`},
		{"1", db, '/', "0", i, `"INF"^^xsd:double`},
		{"0", db, '/', "0", i, `"NaN"^^xsd:double`},
		{"0.1", f, '+', "0.2", f, `"3.0E-1"^^xsd:float`},
	}
	for _, tt := range tests {
		z, err := Arith(tt.op, num(t, tt.a, tt.adt), num(t, tt.b, tt.bdt))
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = show(z.Literal())
		}
		if got != tt.want {
			t.Errorf("%s %c %s = %s, want %s", tt.a, tt.op, tt.b, got, tt.want)
		}
	}
	if _, err := Arith('+', Number{}, NewInteger(1)); err != ErrNotNumeric {
		t.Errorf("Arith with no number: %v", err)
	}
	if _, err := Arith('%', NewInteger(1), NewInteger(1)); err != ErrNotNumeric {
		t.Errorf("Arith with op %%: %v", err)
	}
}

func TestRoundingAndCasts(t *testing.T) {
	tests := []struct {
		lex, dt                   string
		abs, floor, ceil, round   string
		toInteger, toDecimal, neg string
	}{
		{"-2.5", sparql.XSDDecimal, "2.5", "-3.0", "-2.0", "-2.0", "-2", "-2.5", "2.5"},
		{"2.5", sparql.XSDDecimal, "2.5", "2.0", "3.0", "3.0", "2", "2.5", "-2.5"},
		{"-7", sparql.XSDInteger, "7", "-7", "-7", "-7", "-7", "-7.0", "7"},
		{"-9223372036854775808", sparql.XSDInteger, "9223372036854775808", "-9223372036854775808", "-9223372036854775808", "-9223372036854775808", "-9223372036854775808", "-9223372036854775808.0", "9223372036854775808"},
		{"-0.5", sparql.XSDDouble, "5.0E-1", "-1.0E0", "-0.0E0", "-0.0E0", "0", "-0.5", "5.0E-1"},
		{"2.5", sparql.XSDDouble, "2.5E0", "2.0E0", "3.0E0", "3.0E0", "2", "2.5", "-2.5E0"},
		{"-0", sparql.XSDDouble, "0.0E0", "-0.0E0", "-0.0E0", "-0.0E0", "0", "0.0", "0.0E0"},
		{"1e20", sparql.XSDDouble, "1.0E20", "1.0E20", "1.0E20", "1.0E20", "100000000000000000000", "100000000000000000000.0", "-1.0E20"},
		{"0.1", XSDFloat, "1.0E-1", "0.0E0", "1.0E0", "0.0E0", "0", "0.1", "-1.0E-1"},
		{"NaN", sparql.XSDDouble, "NaN", "NaN", "NaN", "NaN", "none", "none", "NaN"},
		{"-INF", sparql.XSDDouble, "INF", "-INF", "-INF", "-INF", "none", "none", "INF"},
	}
	lex := func(n Number, ok bool) string {
		if !ok {
			return "none"
		}
		return n.Lexical()
	}
	for _, tt := range tests {
		n := num(t, tt.lex, tt.dt)
		ti, oki := n.ToInteger()
		td, okd := n.ToDecimal()
		got := []string{n.Abs().Lexical(), n.Floor().Lexical(), n.Ceil().Lexical(), n.Round().Lexical(), lex(ti, oki), lex(td, okd), n.Neg().Lexical()}
		want := []string{tt.abs, tt.floor, tt.ceil, tt.round, tt.toInteger, tt.toDecimal, tt.neg}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%q^^%s: abs floor ceil round toInteger toDecimal neg (-want +got):\n%s", tt.lex, tt.dt, d)
		}
	}
	if got := RoundFloat64(-0.4); !math.Signbit(got) || got != 0 {
		t.Errorf("RoundFloat64(-0.4) = %v, want -0", got)
	}
}

func TestCompareNumbers(t *testing.T) {
	const i, d, f, db = sparql.XSDInteger, sparql.XSDDecimal, XSDFloat, sparql.XSDDouble
	tests := []struct {
		a, adt, b, bdt string
		xpath          string // CompareNumbers: -1, 0, 1 or "unordered"
		decimal        string // CompareDecimalValues
	}{
		{"2", i, "10", i, "-1", "-1"},
		{"2.5", d, "2.5E0", db, "0", "0"},
		{"1", i, "1.0", d, "0", "0"},
		{"99999999999999999999", i, "99999999999999999998", i, "1", "1"},
		{"0.1", f, "0.1", db, "1", "0"}, // promotion vs. printed decimals
		{"0.1", f, "0.1", d, "1", "0"},  // compared in double precision
		{"0.1", d, "0.1", db, "0", "0"},
		{"0.30000000000000004", db, "0.3", d, "1", "1"},
		{"0.3000000000000000000001", d, "0.3", db, "0", "1"},
		{"INF", db, "1", i, "1", "1"},
		{"-INF", f, "-1e300", db, "-1", "-1"},
		{"NaN", db, "1", i, "unordered", "unordered"},
		{"NaN", db, "NaN", db, "unordered", "unordered"},
	}
	show := func(c int, ok bool) string {
		if !ok {
			return "unordered"
		}
		return map[int]string{-1: "-1", 0: "0", 1: "1"}[c]
	}
	for _, tt := range tests {
		a, b := num(t, tt.a, tt.adt), num(t, tt.b, tt.bdt)
		if got := show(CompareNumbers(a, b)); got != tt.xpath {
			t.Errorf("CompareNumbers(%s, %s) = %s, want %s", tt.a, tt.b, got, tt.xpath)
		}
		if got := show(CompareDecimalValues(a, b)); got != tt.decimal {
			t.Errorf("CompareDecimalValues(%s, %s) = %s, want %s", tt.a, tt.b, got, tt.decimal)
		}
		// Antisymmetry.
		if c1, ok1 := CompareNumbers(a, b); ok1 {
			if c2, ok2 := CompareNumbers(b, a); !ok2 || c2 != -c1 {
				t.Errorf("CompareNumbers(%s, %s) is not antisymmetric", tt.a, tt.b)
			}
		}
	}
}

func TestNumericKind(t *testing.T) {
	for dt, want := range map[string]NumKind{
		sparql.XSDInteger: Integer, XSDUnsignedByte: Integer, XSDLong: Integer,
		sparql.XSDDecimal: Decimal, XSDFloat: Float, sparql.XSDDouble: Double,
		sparql.XSDString: NotNumeric, XSDDateTime: NotNumeric, "": NotNumeric,
	} {
		if got := NumericKind(dt); got != want {
			t.Errorf("NumericKind(%s) = %v, want %v", dt, got, want)
		}
	}
	if Float.Bits() != 32 || Double.Bits() != 64 || Decimal.Bits() != 0 || Decimal.String() != "decimal" {
		t.Error("NumKind.Bits/String")
	}
}
