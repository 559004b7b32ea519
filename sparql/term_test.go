package sparql

import "testing"

func TestCanonicalLexical(t *testing.T) {
	typed := func(lex, dt string) *Literal { return &Literal{Lexical: lex, Datatype: &IRI{Value: XSD + dt}} }
	for _, c := range []struct {
		l    *Literal
		want string
	}{
		{typed("728.0", "double"), "728"},
		{typed("728", "double"), "728"},
		{typed("7.28E2", "double"), "728"},
		{typed("+007.50", "decimal"), "7.5"},
		{typed("-0.0", "decimal"), "0"},
		{typed("12345678901234567890", "integer"), "12345678901234567890"},
		{typed("1e21", "double"), "1e+21"},
		{typed("1", "boolean"), "true"},
		{typed("0", "boolean"), "false"},
		{typed("abc", "integer"), "abc"},
		{typed("INF", "double"), "INF"},
		{typed("2020-01-01", "date"), "2020-01-01"},
		{NewLiteral("728.0"), "728.0"},
		{&Literal{Lexical: "1.0", Datatype: &IRI{Value: "http://example.org/dt"}}, "1.0"},
	} {
		if got := CanonicalLexical(c.l); got != c.want {
			t.Errorf("CanonicalLexical(%q^^%v) = %q, want %q", c.l.Lexical, c.l.Datatype, got, c.want)
		}
	}
}
