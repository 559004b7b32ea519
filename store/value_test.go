package store

import (
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestNumericValue(t *testing.T) {
	tests := []struct {
		lexical, datatype string
		want              string // literal() of the value, or "ill-typed"
	}{
		{"1", sparql.XSDInteger, `"1"^^xsd:integer`},
		{"+01", sparql.XSDInteger, `"1"^^xsd:integer`},
		{"-0", sparql.XSDInteger, `"0"^^xsd:integer`},
		{" 7 ", sparql.XSDInteger, `"7"^^xsd:integer`},
		{"123456789012345678901234567890", sparql.XSDInteger, `"123456789012345678901234567890"^^xsd:integer`},
		{"1.0", sparql.XSDInteger, "ill-typed"},
		{"1_000", sparql.XSDInteger, "ill-typed"},
		{"0x10", sparql.XSDInteger, "ill-typed"},
		{"", sparql.XSDInteger, "ill-typed"},
		{"+", sparql.XSDInteger, "ill-typed"},
		{"1.50", sparql.XSDDecimal, `"1.5"^^xsd:decimal`},
		{"-.5", sparql.XSDDecimal, `"-0.5"^^xsd:decimal`},
		{"2.", sparql.XSDDecimal, `"2.0"^^xsd:decimal`},
		{"-0.0", sparql.XSDDecimal, `"0.0"^^xsd:decimal`},
		{"0.1234567890123456789012345", sparql.XSDDecimal, `"0.1234567890123456789012345"^^xsd:decimal`},
		{"1e3", sparql.XSDDecimal, "ill-typed"},
		{"1/3", sparql.XSDDecimal, "ill-typed"},
		{"1e3", sparql.XSDDouble, `"1.0E3"^^xsd:double`},
		{"1.5", sparql.XSDDouble, `"1.5E0"^^xsd:double`},
		{".5E-1", sparql.XSDDouble, `"5.0E-2"^^xsd:double`},
		{"-INF", sparql.XSDDouble, `"-INF"^^xsd:double`},
		{"+INF", sparql.XSDDouble, `"INF"^^xsd:double`},
		{"NaN", sparql.XSDDouble, `"NaN"^^xsd:double`},
		{"nan", sparql.XSDDouble, "ill-typed"},
		{"Infinity", sparql.XSDDouble, "ill-typed"},
		{"1e", sparql.XSDDouble, "ill-typed"},
		{"e5", sparql.XSDDouble, "ill-typed"},
		{"0.1", xsdFloat, `"1.0E-1"^^xsd:float`},
		{"16777217", xsdFloat, `"1.6777216E7"^^xsd:float`},
		{"127", xsdByte, `"127"^^xsd:integer`},
		{"128", xsdByte, "ill-typed"},
		{"-1", xsdUnsignedInt, "ill-typed"},
		{"4294967295", xsdUnsignedInt, `"4294967295"^^xsd:integer`},
		{"18446744073709551616", xsdUnsignedLong, "ill-typed"},
		{"0", xsdPositiveInteger, "ill-typed"},
		{"0", xsdNonPositiveInteger, `"0"^^xsd:integer`},
		{"0", xsdNegativeInteger, "ill-typed"},
		{"-9223372036854775809", xsdLong, "ill-typed"},
		{"1", sparql.XSDString, "ill-typed"},
		{"1", "http://example.org/number", "ill-typed"},
	}
	var got, want []string
	for _, tt := range tests {
		n, ok := numericValue(sparql.NewTypedLiteral(tt.lexical, tt.datatype))
		s := "ill-typed"
		if ok {
			s = showTerm(n.literal())
		}
		got = append(got, tt.lexical+" → "+s)
		want = append(want, tt.lexical+" → "+tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("numericValue (-want +got):\n%s", d)
	}
}

func TestFormatNumbers(t *testing.T) {
	tests := []struct {
		n         numVal
		canonical string
		str       string // xsd:string cast
	}{
		{intVal(-12), "-12", "-12"},
		{decVal(big.NewRat(5, 2)), "2.5", "2.5"},
		{decVal(big.NewRat(2, 1)), "2.0", "2"},
		{decVal(big.NewRat(-1, 8)), "-0.125", "-0.125"},
		{decVal(big.NewRat(0, 1)), "0.0", "0"},
		{numVal{kind: numDouble, f: 1.5}, "1.5E0", "1.5"},
		{numVal{kind: numDouble, f: 100}, "1.0E2", "100"},
		{numVal{kind: numDouble, f: 1e6}, "1.0E6", "1.0E6"},
		{numVal{kind: numDouble, f: 999999}, "9.99999E5", "999999"},
		{numVal{kind: numDouble, f: 1e-6}, "1.0E-6", "0.000001"},
		{numVal{kind: numDouble, f: 1e-7}, "1.0E-7", "1.0E-7"},
		{numVal{kind: numDouble, f: -1.25e300}, "-1.25E300", "-1.25E300"},
		{numVal{kind: numDouble, f: math.Copysign(0, -1)}, "-0.0E0", "-0"},
		{numVal{kind: numDouble, f: math.Inf(-1)}, "-INF", "-INF"},
		{numVal{kind: numDouble, f: math.NaN()}, "NaN", "NaN"},
		{floatVal(numFloat, 0.1), "1.0E-1", "0.1"},
		{floatVal(numFloat, 3.3333), "3.3333E0", "3.3333"},
	}
	var got, want []string
	for _, tt := range tests {
		got = append(got, tt.n.literal().Lexical+" | "+tt.n.xpathString())
		want = append(want, tt.canonical+" | "+tt.str)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("formats (-want +got):\n%s", d)
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
		if got := formatDecimal(decimalQuo(x, y)); got != tt.want {
			t.Errorf("%s / %s = %s, want %s", tt.x, tt.y, got, tt.want)
		}
	}
}

func TestParseDateTimeLex(t *testing.T) {
	tests := []struct {
		s    string
		kind dtKind
		ok   bool
	}{
		{"2010-06-21T11:28:01Z", kindDateTime, true},
		{"2010-06-21T11:28:01.123456789123+14:00", kindDateTime, true},
		{"2010-06-21T11:28:01-14:00", kindDateTime, true},
		{"2010-06-21T11:28:01+14:01", kindDateTime, false},
		{"2010-06-21T11:28:01+1:00", kindDateTime, false},
		{"2010-06-21T11:28:01Z ", kindDateTime, true},
		{"2010-06-21T11:28", kindDateTime, false},
		{"2010-06-21", kindDateTime, false},
		{"2010-6-21T11:28:01", kindDateTime, false},
		{"-2010-06-21T11:28:01", kindDateTime, true},
		{"10000-06-21T11:28:01", kindDateTime, true},
		{"2010-06-21T24:00:00", kindDateTime, true},
		{"2010-06-21T24:00:01", kindDateTime, false},
		{"2010-06-21T23:60:00", kindDateTime, false},
		{"2000-02-29T00:00:00", kindDateTime, true},
		{"1900-02-29T00:00:00", kindDateTime, false},
		{"2010-06-21Z", kindDate, true},
		{"2010-06-31", kindDate, false},
		{"2010-06-21T00:00:00", kindDate, false},
		{"23:59:59.5", kindTime, true},
		{"24:00:00", kindTime, true},
		{"9999999999-01-01T00:00:00", kindDateTime, false},
	}
	for _, tt := range tests {
		if _, ok := parseDateTimeLex(tt.s, tt.kind); ok != tt.ok {
			t.Errorf("parseDateTimeLex(%q, %d) ok = %v, want %v", tt.s, tt.kind, ok, tt.ok)
		}
	}
}

func TestNilTerms(t *testing.T) {
	var l *sparql.Literal
	var i *sparql.IRI
	one := sparql.NewTypedLiteral("1", sparql.XSDInteger)
	if sameTerm(l, l) || sameTerm(i, i) || sameTerm(l, one) {
		t.Error("sameTerm holds for nil terms")
	}
	for _, pair := range [][2]sparql.Term{{l, one}, {one, l}, {i, i}, {nil, one}} {
		if _, err := termEqual(pair[0], pair[1]); err == nil {
			t.Errorf("termEqual(%#v, %#v): no error", pair[0], pair[1])
		}
		if _, err := compareOp(sparql.OpLt, pair[0], pair[1]); err == nil {
			t.Errorf("compareOp(%#v, %#v): no error", pair[0], pair[1])
		}
	}
}
