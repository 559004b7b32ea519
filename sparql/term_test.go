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

// FuzzCanonicalLexical: the canonical form never panics and is its own
// canonical form.
func FuzzCanonicalLexical(f *testing.F) {
	for _, s := range []string{"728.0", "7.28E2", "+007.50", "-0", "1", "true", "INF", "1e21", ".5", "1."} {
		for _, dt := range []string{"double", "decimal", "integer", "boolean", "string"} {
			f.Add(s, dt)
		}
	}
	f.Fuzz(func(t *testing.T, lex, dt string) {
		l := &Literal{Lexical: lex, Datatype: &IRI{Value: XSD + dt}}
		c := CanonicalLexical(l)
		if again := CanonicalLexical(&Literal{Lexical: c, Datatype: l.Datatype}); again != c {
			t.Errorf("%q^^xsd:%s → %q → %q", lex, dt, c, again)
		}
	})
}
