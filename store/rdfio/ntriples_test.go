package rdfio

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// collect reads with read and returns the statements in N-Quads form.
func collect(read func(h func(Quad) error) error) ([]string, error) {
	var out []string
	err := read(func(q Quad) error {
		out = append(out, q.String())
		return nil
	})
	return out, err
}

func readNT(src string) ([]string, error) {
	return collect(func(h func(Quad) error) error { return ReadNTriples(strings.NewReader(src), h) })
}

const (
	xsd   = "http://www.w3.org/2001/XMLSchema#"
	rdfNS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
)

func TestNTriples(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"iris", "<http://a/s> <http://a/p> <http://a/o> .\n",
			[]string{"<http://a/s> <http://a/p> <http://a/o>"}},
		{"no final newline, no space before dot", "<http://a/s> <http://a/p> <http://a/o>.",
			[]string{"<http://a/s> <http://a/p> <http://a/o>"}},
		{"plain literal", `<http://a/s> <http://a/p> "hello" .`,
			[]string{`<http://a/s> <http://a/p> "hello"`}},
		{"empty literal", `<http://a/s> <http://a/p> "" .`,
			[]string{`<http://a/s> <http://a/p> ""`}},
		{"language tag keeps its case", `<http://a/s> <http://a/p> "colour"@en-GB .`,
			[]string{`<http://a/s> <http://a/p> "colour"@en-gb`}},
		{"typed literal keeps its lexical form", `<http://a/s> <http://a/p> "01"^^<` + xsd + `integer> .`,
			[]string{`<http://a/s> <http://a/p> "01"^^<` + xsd + `integer>`}},
		{"xsd:string is a simple literal", `<http://a/s> <http://a/p> "x"^^<` + xsd + `string> .`,
			[]string{`<http://a/s> <http://a/p> "x"`}},
		{"string escapes", `<http://a/s> <http://a/p> "t\tb\bn\nr\rf\fq\"a\'s\\u\u00e9U\U0001F600" .`,
			[]string{`<http://a/s> <http://a/p> "t\tb\bn\nr\rf\fq\"a's\\uéU😀"`}},
		{"IRI escapes", `<http://a/\u0041\U00000042> <http://a/p> <http://a/é> .`,
			[]string{"<http://a/AB> <http://a/p> <http://a/é>"}},
		{"comments and blank lines", "# a comment\n\n   \t\n<http://a/s> <http://a/p> <http://a/o> . # trailing\n#end",
			[]string{"<http://a/s> <http://a/p> <http://a/o>"}},
		{"hash inside IRI and literal", `<http://a/s#x> <http://a/p> "# not a comment" .`,
			[]string{`<http://a/s#x> <http://a/p> "# not a comment"`}},
		{"blank nodes", "_:a <http://a/p> _:b1 .\n_:1x <http://a/p> _:a.b .\n_:c.d <http://a/p> _:e.",
			[]string{"_:a <http://a/p> _:b1", "_:1x <http://a/p> _:a.b", "_:c.d <http://a/p> _:e"}},
		{"N-Quads", "<http://a/s> <http://a/p> <http://a/o> <http://a/g> .\n_:s <http://a/p> \"v\" _:g .",
			[]string{"<http://a/s> <http://a/p> <http://a/o> <http://a/g>", `_:s <http://a/p> "v" _:g`}},
		{"CRLF", "<http://a/s> <http://a/p> \"a\" .\r\n<http://a/s> <http://a/p> \"b\" .\r\n",
			[]string{`<http://a/s> <http://a/p> "a"`, `<http://a/s> <http://a/p> "b"`}},
		{"bare CR line ends", "<http://a/s> <http://a/p> \"a\" .\r<http://a/s> <http://a/p> \"b\" .\r",
			[]string{`<http://a/s> <http://a/p> "a"`, `<http://a/s> <http://a/p> "b"`}},
		{"line longer than the buffer", `<http://a/s> <http://a/p> "` + long + `" .`,
			[]string{`<http://a/s> <http://a/p> "` + long + `"`}},
		{"repeated subject is read each time", "<http://a/s> <http://a/p> <http://a/o> .\n<http://a/s> <http://a/q> <http://a/o> .\n<http://a/t> <http://a/q> <http://a/o> .",
			[]string{"<http://a/s> <http://a/p> <http://a/o>", "<http://a/s> <http://a/q> <http://a/o>", "<http://a/t> <http://a/q> <http://a/o>"}},
		{"IRI subject then blank node with the same text", "<x:a> <http://a/p> <http://a/o> .\n_:a <http://a/p> <http://a/o> .",
			[]string{"<x:a> <http://a/p> <http://a/o>", "_:a <http://a/p> <http://a/o>"}},
		{"non-ASCII", `<http://a/ü> <http://a/p> "日本語"@ja .`,
			[]string{`<http://a/ü> <http://a/p> "日本語"@ja`}},
		{"empty document", "", nil},
		{"non-ASCII blank node labels", "_:é <http://a/p> _:aé‿b .", []string{"_:é <http://a/p> _:aé‿b"}},
		{"white space before language tag and datatype", `<http://a/s> <http://a/p> "a" @en .` + "\n" + `<http://a/s> <http://a/p> "b"	^^ <` + xsd + `date> .`,
			[]string{`<http://a/s> <http://a/p> "a"@en`, `<http://a/s> <http://a/p> "b"^^<` + xsd + `date>`}},
		{"raw control character in literal", "<http://a/s> <http://a/p> \"a\x01b\" .",
			[]string{`<http://a/s> <http://a/p> "a\u0001b"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readNT(tt.src)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNTriplesErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // the whole error message
	}{
		{"relative IRI", "<s> <http://a/p> <http://a/o> .", "line 1, column 1: IRI <s> is not absolute (N-Triples needs absolute IRIs)"},
		{"missing dot", "<http://a/s> <http://a/p> <http://a/o>\n", `line 1, column 39: expected '.' at the end of the statement, found end of line`},
		{"literal subject", `"s" <http://a/p> <http://a/o> .`, `line 1, column 1: expected a subject (IRI or blank node), found "\"s\" <http://a/p>…"`},
		{"blank node predicate", "<http://a/s> _:p <http://a/o> .", `line 1, column 14: expected a predicate IRI, found "_:p <http://a/o>…"`},
		{"literal graph", `<http://a/s> <http://a/p> <http://a/o> "g" .`, `line 1, column 40: expected '.' at the end of the statement, found "\"g\" ."`},
		{"unterminated string", `<http://a/s> <http://a/p> "abc .`, "line 1, column 27: unterminated string (missing '\"')"},
		{"unterminated IRI", "<http://a/s> <http://a/p", "line 1, column 14: unterminated IRI (missing '>')"},
		{"space in IRI", "<http://a/ s> <http://a/p> <http://a/o> .", "line 1, column 11: character ' ' is not allowed in an IRI"},
		{"escaped space in IRI", `<http://a/\u0020> <http://a/p> <http://a/o> .`, `line 1, column 11: escaped character ' ' is not allowed in an IRI`},
		{"string escape in IRI", `<http://a/\n> <http://a/p> <http://a/o> .`, `line 1, column 11: IRI: bad escape "\\n" (only \u and \U are allowed here)`},
		{"bad string escape", `<http://a/s> <http://a/p> "a\qb" .`, `line 1, column 29: string: bad escape "\\q"`},
		{"bad hex", `<http://a/s> <http://a/p> "\u00ZZ" .`, `line 1, column 28: string: bad hex digit in escape "\\u00ZZ"`},
		{"surrogate", `<http://a/s> <http://a/p> "\uD800" .`, `line 1, column 28: string: escape "\\uD800" is not a Unicode character`},
		{"truncated escape", `<http://a/s> <http://a/p> "\u00`, `line 1, column 28: string: truncated escape "\\u00"`},
		{"empty language tag", `<http://a/s> <http://a/p> "a"@ .`, "line 1, column 30: empty language tag"},
		{"empty language subtag", `<http://a/s> <http://a/p> "a"@en- .`, "line 1, column 34: empty language subtag"},
		{"datatype without IRI", `<http://a/s> <http://a/p> "a"^^xsd:int .`, `line 1, column 32: expected a datatype IRI after "^^", found "xsd:int ."`},
		{"bad blank node label", "_:-a <http://a/p> <http://a/o> .", `line 1, column 3: bad blank node label start "-a <http://a/p> …"`},
		{"non-ASCII bad blank node label start", "_:‿a <http://a/p> <http://a/o> .", "line 1, column 3: bad blank node label start '‿'"},
		{"blank node without colon", "_a <http://a/p> <http://a/o> .", `line 1, column 1: expected "_:" starting a blank node, found "_a <http://a/p> …"`},
		{"empty blank node label", "_: <http://a/p> <http://a/o> .", `line 1, column 3: bad blank node label start " <http://a/p> <h…"`},
		{"error on a later line, column in characters", "<http://a/s> <http://a/p> <http://a/o> .\n<http://a/é> <http://a/p> \"x\" x .", `line 2, column 31: expected '.' at the end of the statement, found "x ."`},
		{"invalid UTF-8", "<http://a/s> <http://a/p> \"a\xffb\" .", "line 1, column 29: invalid UTF-8"},
		{"raw CR inside a literal", "<http://a/s> <http://a/p> \"a\rb\" .", "line 1, column 29: raw carriage return in a string (write \\r)"},
		{"junk after the statement", "<http://a/s> <http://a/p> <http://a/o> . junk", `line 1, column 42: expected a subject (IRI or blank node), found "junk"`},
		{"line count after bare CR", "<http://a/s> <http://a/p> <http://a/o> .\r<http://a/s> <http://a/p> .", "line 2, column 27: expected an object (IRI, blank node or literal), found \".\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readNT(tt.src)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error %v is a %T, want *Error", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestNTriplesCallbackError(t *testing.T) {
	stop := errors.New("stop here")
	n := 0
	err := ReadNTriples(strings.NewReader("<http://a/s> <http://a/p> <http://a/o> .\n\n<http://a/s> <http://a/p> <http://a/o2> .\n<http://a/s> <http://a/p> <http://a/o3> .\n"), func(Quad) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("error %v does not wrap the callback's error", err)
	}
	if got, want := err.Error(), "line 3: stop here"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	if n != 2 {
		t.Errorf("callback called %d times after its error, want 2 calls in all", n)
	}
}

func TestNTriplesBNodePrefix(t *testing.T) {
	got, err := collect(func(h func(Quad) error) error {
		return Reader{BNodePrefix: "f3_"}.NTriples(strings.NewReader("_:a <http://a/p> _:b _:g .\n"), h)
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"_:f3_a <http://a/p> _:f3_b _:f3_g"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestNTriplesTermTypes checks the concrete term types and the shared
// predicate.
func TestNTriplesTermTypes(t *testing.T) {
	var qs []Quad
	err := ReadNTriples(strings.NewReader("<http://a/s> <http://a/p> \"1\"^^<"+xsd+"integer> .\n_:b <http://a/p> \"x\"@en .\n"), func(q Quad) error {
		qs = append(qs, q)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 2 {
		t.Fatalf("got %d quads", len(qs))
	}
	if qs[0].P != qs[1].P {
		t.Errorf("a repeated predicate should be one shared *sparql.IRI")
	}
	if qs[0].G != nil {
		t.Errorf("graph of a triple = %v, want nil", qs[0].G)
	}
	type shape struct{ S, O, Lang, DT string }
	var got []shape
	for _, q := range qs {
		sh := shape{S: typeName(q.S), O: typeName(q.O)}
		if l, ok := q.O.(interface{ DatatypeIRI() string }); ok {
			sh.DT = l.DatatypeIRI()
		}
		if l, ok := q.O.(*literalT); ok {
			sh.Lang = l.Lang
		}
		got = append(got, sh)
	}
	want := []shape{
		{S: "*sparql.IRI", O: "*sparql.Literal", DT: xsd + "integer"},
		{S: "*sparql.BlankNode", O: "*sparql.Literal", Lang: "en", DT: rdfNS + "langString"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
