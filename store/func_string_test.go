package store

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestStringFunctions(t *testing.T) {
	runExprTable(t, []exprCase{
		// STRLEN counts code points.
		{`STRLEN("chat")`, `"4"^^xsd:integer`},
		{`STRLEN("食べ物")`, `"3"^^xsd:integer`},
		{`STRLEN("\U0001F46A")`, `"1"^^xsd:integer`},
		{`STRLEN("chat"@fr)`, `"4"^^xsd:integer`},
		{`STRLEN("abc"^^xsd:string)`, `"3"^^xsd:integer`},
		{`STRLEN("")`, `"0"^^xsd:integer`},
		{`STRLEN(1)`, E},
		{`STRLEN(<http://example.org/a>)`, E},
		{`STRLEN(?u)`, E},

		// SUBSTR: 1-based, code points, fn:substring rounding.
		{`SUBSTR("foobar", 4)`, `"bar"`},
		{`SUBSTR("foobar", 4, 1)`, `"b"`},
		{`SUBSTR("foobar"@en, 2, 2)`, `"oo"@en`},
		{`SUBSTR("abc"^^xsd:string, 2)`, `"bc"^^xsd:string`},
		{`SUBSTR("食べ物", 2)`, `"べ物"`},
		{`SUBSTR("\U0001F46Aab", 2, 1)`, `"a"`},
		{`SUBSTR("12345", 1.5, 2.6)`, `"234"`},
		{`SUBSTR("12345", 0, 3)`, `"12"`},
		{`SUBSTR("12345", 5, -3)`, `""`},
		{`SUBSTR("12345", -3, 5)`, `"1"`},
		{`SUBSTR("12345", 0e0/0e0, 3)`, `""`},
		{`SUBSTR("12345", 1, 0e0/0e0)`, `""`},
		{`SUBSTR("12345", -1e0/0e0, 1e0/0e0)`, `""`},
		{`SUBSTR("12345", 2, 1e0/0e0)`, `"2345"`},
		{`SUBSTR("12345", 10)`, `""`},
		{`SUBSTR("12345", "2")`, E},
		{`SUBSTR(12345, 2)`, E},

		// UCASE / LCASE keep the kind of literal.
		{`UCASE("foo")`, `"FOO"`},
		{`UCASE("foo"@en)`, `"FOO"@en`},
		{`UCASE("abc"^^xsd:string)`, `"ABC"^^xsd:string`},
		{`LCASE("BAR"@en)`, `"bar"@en`},
		{`LCASE("ΣΑΣ")`, `"σασ"`},
		{`UCASE(1)`, E},

		// STRSTARTS, STRENDS, CONTAINS with argument compatibility.
		{`STRSTARTS("foobar", "foo")`, T},
		{`STRSTARTS("foobar", "bar")`, F},
		{`STRSTARTS("foobar"@en, "foo")`, T},
		{`STRSTARTS("foobar"@en, "foo"@en)`, T},
		{`STRSTARTS("foobar"@en, "foo"@EN)`, T},
		{`STRSTARTS("foobar"@en, "foo"@fr)`, E},
		{`STRSTARTS("foobar", "foo"@en)`, E},
		{`STRSTARTS("foobar"^^xsd:string, "foo"^^xsd:string)`, T},
		{`STRSTARTS("foobar", 1)`, E},
		{`STRENDS("foobar", "bar")`, T},
		{`STRENDS("foobar", "")`, T},
		{`CONTAINS("foobar", "oba")`, T},
		{`CONTAINS("foobar", "xyz")`, F},
		{`CONTAINS(?s, "ab")`, T},
		{`CONTAINS(?fr, "ha")`, T},
		{`CONTAINS(?iri, "a")`, E},

		// STRBEFORE / STRAFTER: kind of the first argument on a match,
		// simple "" otherwise.
		{`STRBEFORE("abc", "b")`, `"a"`},
		{`STRBEFORE("abc"@en, "bc")`, `"a"@en`},
		{`STRBEFORE("abc"@en, "b"@cy)`, E},
		{`STRBEFORE("abc"^^xsd:string, "")`, `""^^xsd:string`},
		{`STRBEFORE("abc"@en, "")`, `""@en`},
		{`STRBEFORE("abc"@en, "z"@en)`, `""`},
		{`STRBEFORE("abc", "xyz")`, `""`},
		{`STRAFTER("abc", "b")`, `"c"`},
		{`STRAFTER("abc"@en, "ab")`, `"c"@en`},
		{`STRAFTER("abc"@en, "b"@cy)`, E},
		{`STRAFTER("abc"@en, ""@en)`, `"abc"@en`},
		{`STRAFTER("abc", "")`, `"abc"`},
		{`STRAFTER("abc"^^xsd:string, "xyz"^^xsd:string)`, `""`},
		{`STRAFTER("aXbXc", "X")`, `"bXc"`},

		// ENCODE_FOR_URI
		{`ENCODE_FOR_URI("Los Angeles")`, `"Los%20Angeles"`},
		{`ENCODE_FOR_URI("Los Angeles"@en)`, `"Los%20Angeles"`},
		{`ENCODE_FOR_URI("食べ物")`, `"%E9%A3%9F%E3%81%B9%E7%89%A9"`},
		{`ENCODE_FOR_URI("100%")`, `"100%25"`},
		{`ENCODE_FOR_URI("a-b_c.d~e/f?g")`, `"a-b_c.d~e%2Ff%3Fg"`},
		{`ENCODE_FOR_URI(<http://example.org/a>)`, E},

		// CONCAT: the common language tag, xsd:string, or simple.
		{`CONCAT("foo", "bar")`, `"foobar"`},
		{`CONCAT("foo"@en, "bar"@en)`, `"foobar"@en`},
		{`CONCAT("foo"@en, "bar"@EN)`, `"foobar"@en`},
		{`CONCAT("foo"@en, "bar"@fr)`, `"foobar"`},
		{`CONCAT("foo"@en, "bar")`, `"foobar"`},
		{`CONCAT("foo"^^xsd:string, "bar"^^xsd:string)`, `"foobar"^^xsd:string`},
		{`CONCAT("foo"^^xsd:string, "bar")`, `"foobar"`},
		{`CONCAT("foo")`, `"foo"`},
		{`CONCAT()`, `""`},
		{`CONCAT("foo", 1)`, E},
		{`CONCAT("foo", ?u)`, E},

		// LANGMATCHES
		{`LANGMATCHES("en", "en")`, T},
		{`LANGMATCHES("en-US", "en")`, T},
		{`LANGMATCHES("EN-us", "en-US")`, T},
		{`LANGMATCHES("en", "en-US")`, F},
		{`LANGMATCHES("eng", "en")`, F},
		{`LANGMATCHES("fr", "*")`, T},
		{`LANGMATCHES("", "*")`, F},
		{`LANGMATCHES(LANG(?fr), "FR")`, T},
		{`LANGMATCHES(LANG(?s), "en")`, F},
		{`LANGMATCHES("en"@en, "en")`, E},
		{`LANGMATCHES(1, "en")`, E},

		// REGEX with XPath flags.
		{`REGEX("Alice", "^ali", "i")`, T},
		{`REGEX("Alice", "^ali")`, F},
		{`REGEX("Alice"@en, "ice$")`, T},
		{`REGEX("abc", "b")`, T},
		{`REGEX("a\nb", "a.b")`, F},
		{`REGEX("a\rb", "a.b")`, F},
		{`REGEX("a\nb", "a.b", "s")`, T},
		{`REGEX("a\nb", "^b$")`, F},
		{`REGEX("a\nb", "^b$", "m")`, T},
		{`REGEX("abc", "a b c", "x")`, T},
		{`REGEX("a c", "a[ ]c", "x")`, T},
		{`REGEX("a.c", ".", "q")`, T},
		{`REGEX("abc", ".", "q")`, F},
		{`REGEX("abc", "[a-c]+")`, T},
		{`REGEX("a]", "[]a]+")`, T},
		{`REGEX("abc", "b", "z")`, E},
		{`REGEX("abc", "(")`, E},
		{`REGEX("abc", "[a-z-[aeiou]]")`, E},
		{`REGEX("aa", "(a)\\1")`, E},
		{`REGEX("abc", "b"@en)`, E},
		{`REGEX(<http://example.org/a>, "a")`, E},
		{`REGEX(STR(<http://example.org/a>), "example")`, T},

		// REPLACE with $N and escapes.
		{`REPLACE("abcd", "b", "Z")`, `"aZcd"`},
		{`REPLACE("abab", "B", "Z", "i")`, `"aZaZ"`},
		{`REPLACE("abcd"@en, "b", "Z")`, `"aZcd"@en`},
		{`REPLACE("abracadabra", "a(.)", "a$1$1")`, `"abbraccaddabbra"`},
		{`REPLACE("abcd", "(ab)|(a)", "[1=$1][2=$2]")`, `"[1=ab][2=]cd"`},
		{`REPLACE("abc", "(b)", "$0$0")`, `"abbc"`},
		{`REPLACE("abc", "(b)", "$10")`, `"ab0c"`},
		{`REPLACE("abc", "(b)", "$2x")`, `"axc"`},
		{`REPLACE("abc", "b", "\\$")`, `"a$c"`},
		{`REPLACE("abc", "b", "\\\\")`, `"a\c"`},
		{`REPLACE("abc", "b", "$")`, E},
		{`REPLACE("abc", "b", "\\x")`, E},
		{`REPLACE("abc", "x*", "-")`, E},
		{`REPLACE("abc", "", "-")`, E},
		{`REPLACE("abc", "z", "$")`, E},
		{`REPLACE("abc", "z", "Z")`, `"abc"`},
		{`REPLACE("a.b.c", ".", "-", "q")`, `"a-b-c"`},
		{`REPLACE("abc", "b", "Z"@en)`, E},
		{`REPLACE(1, "b", "Z")`, E},
	})
}

func TestTranslateXPathRegex(t *testing.T) {
	tests := []struct {
		pattern, flags, want string
	}{
		{"a.b", "", `a[^\n\r]b`},
		{"a.b", "s", `(?s)a.b`},
		{"a b", "ix", `(?i)ab`},
		{"[ .]", "x", `[ .]`},
		{`\.x`, "", `\.x`},
		{"a+b", "q", `a\+b`},
		{"^a$", "m", `(?m)^a$`},
		{"[^]a].", "", `[^]a][^\n\r]`},
	}
	var got, want []string
	for _, tt := range tests {
		s, err := translateXPathRegex(tt.pattern, tt.flags)
		if err != nil {
			s = "error: " + err.Error()
		}
		got = append(got, s)
		want = append(want, tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("translation (-want +got):\n%s", d)
	}
}

func TestRegexCache(t *testing.T) {
	ev := newExprEnv(time.Now(), "")
	a, err1 := ev.regexp("a+", "i")
	b, err2 := ev.regexp("a+", "i")
	if err1 != nil || err2 != nil || a != b {
		t.Errorf("second compilation not cached: %p %p %v %v", a, b, err1, err2)
	}
	for i := range maxRegexCache + 10 {
		if _, err := ev.regexp("x{"+string(rune('0'+i%10))+"}"+string(rune('a'+i%26))+string(rune('a'+i/26)), ""); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(ev.regexps); n > maxRegexCache {
		t.Errorf("cache holds %d entries, want at most %d", n, maxRegexCache)
	}
	if _, err := ev.regexp("(", ""); err == nil || !isExprError(err) {
		t.Errorf("bad pattern: %v", err)
	}
	if _, err := ev.regexp("(", ""); err == nil {
		t.Errorf("cached bad pattern lost its error")
	}
}
