package rdfvalue

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestDisplay(t *testing.T) {
	typed := func(lex, dt string) *sparql.Literal { return sparql.NewTypedLiteral(lex, dt) }
	tests := []struct {
		l    *sparql.Literal
		want string
	}{
		{typed("3", sparql.XSDInteger), "3"},
		{typed("+03", sparql.XSDInteger), "3"},
		{typed("37.250", sparql.XSDDecimal), "37.25"},
		{typed("271000.0", sparql.XSDDecimal), "271000"},
		{typed("3.725E1", sparql.XSDDouble), "37.25"},
		{typed("INF", sparql.XSDDouble), "INF"},
		{typed("12", XSDNonNegativeInteger), "12"},
		{typed("1", sparql.XSDBoolean), "true"},
		{typed("false", sparql.XSDBoolean), "false"},
		{typed(" 2023-05-01 ", XSDDate), "2023-05-01"},
		{typed("2023-05-01T20:00:00Z", XSDDateTime), "2023-05-01T20:00:00Z"},
		{typed("abc", sparql.XSDInteger), "abc"}, // ill-typed: as written
		{typed("Rosa Quill", sparql.XSDString), "Rosa Quill"},
		{sparql.NewLiteral(`say "hi"`), `say "hi"`},
		{sparql.NewLangLiteral("Lisboa", "pt"), "Lisboa"},
		{typed("P1Y", sparql.XSD+"duration"), "P1Y"},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := Display(tt.l); got != tt.want {
			t.Errorf("Display(%v) = %q, want %q", tt.l, got, tt.want)
		}
	}
}

func TestLangMatches(t *testing.T) {
	for _, tt := range []struct {
		tag, rng string
		want     bool
	}{
		{"en", "en", true}, {"en-GB", "en", true}, {"EN-gb", "en", true}, {"eng", "en", false},
		{"en", "en-GB", false}, {"", "en", false}, {"", "", true}, {"de", "*", true}, {"", "*", false},
	} {
		if got := LangMatches(tt.tag, tt.rng); got != tt.want {
			t.Errorf("LangMatches(%q, %q) = %v", tt.tag, tt.rng, got)
		}
	}
}
