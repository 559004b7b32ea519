package rdfvalue

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestParseBool(t *testing.T) {
	for s, want := range map[string]string{
		"true": "true", "1": "true", " false\n": "false", "0": "false",
		"TRUE": "invalid", "yes": "invalid", "": "invalid", "01": "invalid",
	} {
		v, ok := ParseBool(s)
		got := "invalid"
		if ok {
			got = map[bool]string{true: "true", false: "false"}[v]
		}
		if got != want {
			t.Errorf("ParseBool(%q) = %s, want %s", s, got, want)
		}
	}
	if BoolLiteral(true) != BoolLiteral(true) || BoolLiteral(false).Lexical != "false" || BoolLiteral(true).DatatypeIRI() != sparql.XSDBoolean {
		t.Error("BoolLiteral is not the shared canonical literal")
	}
	if CompareBools(false, true) != -1 || CompareBools(true, false) != 1 || CompareBools(true, true) != 0 {
		t.Error("CompareBools")
	}
}

func TestValueOf(t *testing.T) {
	tests := []struct {
		l    *sparql.Literal
		want Class
	}{
		{sparql.NewLiteral("a"), ClassString},
		{sparql.NewTypedLiteral("a", sparql.XSDString), ClassString},
		{sparql.NewLangLiteral("a", "en"), ClassLang},
		{sparql.NewTypedLiteral("1", XSDByte), ClassNumeric},
		{sparql.NewTypedLiteral("1000", XSDByte), ClassOther},
		{sparql.NewTypedLiteral("1", sparql.XSDBoolean), ClassBoolean},
		{sparql.NewTypedLiteral("yes", sparql.XSDBoolean), ClassOther},
		{sparql.NewTypedLiteral("2020-01-05T00:00:00", XSDDateTime), ClassDateTime},
		{sparql.NewTypedLiteral("2020-01-05", XSDDate), ClassDate},
		{sparql.NewTypedLiteral("10:00:00", XSDTime), ClassTime},
		{sparql.NewTypedLiteral("10:00", XSDTime), ClassOther},
		{sparql.NewTypedLiteral("P1D", sparql.XSD+"duration"), ClassOther},
	}
	for _, tt := range tests {
		if got := ValueOf(tt.l); got.Class != tt.want {
			t.Errorf("ValueOf(%s).Class = %d, want %d", show(tt.l), got.Class, tt.want)
		}
	}
}

func lit(lex, dt string) *sparql.Literal { return sparql.NewTypedLiteral(lex, dt) }

func TestEqual(t *testing.T) {
	const T, F, E = "true", "false", "error"
	iri := sparql.NewIRI("http://ex/a")
	bn := &sparql.BlankNode{Label: "b"}
	other := "http://example.org/type"
	tests := []struct {
		a, b sparql.Term
		want string
	}{
		{lit("1", sparql.XSDInteger), lit("1.0", sparql.XSDDecimal), T},
		{lit("1", sparql.XSDInteger), lit("1E0", sparql.XSDDouble), T},
		{lit("01", XSDByte), lit("1", sparql.XSDInteger), T},
		{lit("NaN", sparql.XSDDouble), lit("NaN", sparql.XSDDouble), F},
		{lit("1", sparql.XSDInteger), lit("2", sparql.XSDInteger), F},
		{lit("1", sparql.XSDInteger), sparql.NewLiteral("1"), F},
		{sparql.NewLiteral("a"), lit("a", sparql.XSDString), T},
		{sparql.NewLiteral("a"), sparql.NewLiteral("b"), F},
		{sparql.NewLangLiteral("a", "en"), sparql.NewLangLiteral("a", "EN"), T},
		{sparql.NewLangLiteral("a", "en"), sparql.NewLiteral("a"), F},
		{sparql.NewLangLiteral("a", "en"), lit("a", other), F},
		{lit("true", sparql.XSDBoolean), lit("1", sparql.XSDBoolean), T},
		{lit("true", sparql.XSDBoolean), lit("0", sparql.XSDBoolean), F},
		{lit("2020-01-05T10:00:00Z", XSDDateTime), lit("2020-01-05T12:00:00+02:00", XSDDateTime), T},
		{lit("2020-01-05T10:00:00Z", XSDDateTime), lit("2020-01-05T10:00:00", XSDDateTime), E},
		{lit("2020-01-05", XSDDate), lit("2020-01-05T00:00:00", XSDDateTime), F},
		{lit("x", other), lit("x", other), T},
		{lit("x", other), lit("y", other), E},
		{lit("x", other), lit("1", sparql.XSDInteger), E},
		{lit("abc", sparql.XSDInteger), lit("abc", sparql.XSDInteger), T},
		{lit("abc", sparql.XSDInteger), lit("1", sparql.XSDInteger), E},
		{iri, sparql.NewIRI("http://ex/a"), T},
		{iri, sparql.NewIRI("http://ex/b"), F},
		{iri, sparql.NewLiteral("http://ex/a"), F},
		{bn, &sparql.BlankNode{Label: "b"}, T},
		{bn, iri, F},
		{sparql.NewLiteral("a"), iri, F},
	}
	for _, tt := range tests {
		eq, err := Equal(tt.a, tt.b)
		got := map[bool]string{true: T, false: F}[eq]
		if err != nil {
			got = E
			if err != ErrIncomparable {
				t.Errorf("Equal(%s, %s): error %v", tt.a.Key(), tt.b.Key(), err)
			}
		}
		if got != tt.want {
			t.Errorf("Equal(%s, %s) = %s, want %s", tt.a.Key(), tt.b.Key(), got, tt.want)
		}
	}
}

func TestNilTerms(t *testing.T) {
	var l *sparql.Literal
	var i *sparql.IRI
	var b *sparql.BlankNode
	one := lit("1", sparql.XSDInteger)
	if SameTerm(l, l) || SameTerm(i, i) || SameTerm(b, b) || SameTerm(l, one) || SameTerm(nil, nil) {
		t.Error("SameTerm holds for nil terms")
	}
	for _, pair := range [][2]sparql.Term{{l, one}, {one, l}, {i, i}, {b, one}, {nil, one}} {
		if _, err := Equal(pair[0], pair[1]); err != ErrUnbound {
			t.Errorf("Equal(%#v, %#v): %v, want ErrUnbound", pair[0], pair[1], err)
		}
		if _, err := CompareLiterals(pair[0], pair[1]); err != ErrIncomparable {
			t.Errorf("CompareLiterals(%#v, %#v): %v, want ErrIncomparable", pair[0], pair[1], err)
		}
	}
	if _, err := Equal(&sparql.Var{Name: "x"}, one); err != ErrTypeMismatch {
		t.Errorf("Equal(?x, 1): %v, want ErrTypeMismatch", err)
	}
}

func TestSameTerm(t *testing.T) {
	tests := []struct {
		a, b sparql.Term
		want bool
	}{
		{lit("1", sparql.XSDInteger), lit("1", sparql.XSDInteger), true},
		{lit("1", sparql.XSDInteger), lit("01", sparql.XSDInteger), false},
		{lit("1", sparql.XSDInteger), lit("1.0", sparql.XSDDecimal), false},
		{sparql.NewLiteral("a"), lit("a", sparql.XSDString), true},
		{sparql.NewLangLiteral("a", "en"), sparql.NewLangLiteral("a", "EN"), true},
		{sparql.NewLangLiteral("a", "en"), sparql.NewLiteral("a"), false},
		{sparql.NewIRI("http://ex/a"), sparql.NewIRI("http://ex/a"), true},
		{sparql.NewIRI("http://ex/a"), sparql.NewLiteral("http://ex/a"), false},
		{&sparql.BlankNode{Label: "b"}, &sparql.BlankNode{Label: "b"}, true},
		{&sparql.BlankNode{Label: "b"}, &sparql.BlankNode{Label: "c"}, false},
	}
	for _, tt := range tests {
		if got := SameTerm(tt.a, tt.b); got != tt.want {
			t.Errorf("SameTerm(%s, %s) = %t, want %t", tt.a.Key(), tt.b.Key(), got, tt.want)
		}
	}
}

func TestCompareLiterals(t *testing.T) {
	const lt, eq, gt, unordered, incomparable = "<", "=", ">", "unordered", "incomparable"
	tests := []struct {
		a, b sparql.Term
		want string
	}{
		{lit("2", sparql.XSDInteger), lit("10", sparql.XSDInteger), lt},
		{lit("2.5", sparql.XSDDecimal), lit("2", XSDFloat), gt},
		{lit("1", sparql.XSDInteger), lit("1.0", sparql.XSDDecimal), eq},
		{lit("NaN", sparql.XSDDouble), lit("1", sparql.XSDInteger), unordered},
		{lit("1", sparql.XSDInteger), lit("NaN", XSDFloat), unordered},
		{lit("1", sparql.XSDInteger), sparql.NewLiteral("1"), incomparable},
		{sparql.NewLiteral("1"), lit("1", sparql.XSDInteger), incomparable},
		{sparql.NewLiteral("b"), lit("a", sparql.XSDString), gt},
		{sparql.NewLiteral("a"), sparql.NewLangLiteral("a", "en"), incomparable},
		{sparql.NewLangLiteral("a", "en"), sparql.NewLangLiteral("b", "en"), incomparable},
		{lit("false", sparql.XSDBoolean), lit("1", sparql.XSDBoolean), lt},
		{lit("2020-01-05", XSDDate), lit("2020-01-04Z", XSDDate), gt},
		{lit("2020-01-05T10:00:00", XSDDateTime), lit("2020-01-05T10:00:00Z", XSDDateTime), incomparable},
		{lit("2020-01-05", XSDDate), lit("2020-01-05T00:00:00", XSDDateTime), incomparable},
		{lit("10:00:00", XSDTime), lit("09:00:00", XSDTime), gt},
		{lit("x", "http://example.org/type"), lit("x", "http://example.org/type"), incomparable},
		{sparql.NewIRI("http://ex/a"), sparql.NewIRI("http://ex/b"), incomparable},
	}
	for _, tt := range tests {
		c, err := CompareLiterals(tt.a, tt.b)
		got := map[int]string{-1: lt, 0: eq, 1: gt}[c]
		switch err {
		case nil:
		case ErrUnordered:
			got = unordered
		case ErrIncomparable:
			got = incomparable
		default:
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("CompareLiterals(%s, %s) = %s, want %s", tt.a.Key(), tt.b.Key(), got, tt.want)
		}
	}
}
