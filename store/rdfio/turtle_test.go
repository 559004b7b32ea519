package rdfio

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

func readTTL(src, base string) ([]string, error) {
	return collect(func(h func(Quad) error) error { return ReadTurtle(strings.NewReader(src), base, h) })
}

func readTriG(src, base string) ([]string, error) {
	return collect(func(h func(Quad) error) error { return ReadTriG(strings.NewReader(src), base, h) })
}

const ex = "@prefix : <http://ex/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"

func TestTurtle(t *testing.T) {
	tests := []struct {
		name string
		base string
		src  string
		want []string
	}{
		{"IRIs", "", "<http://a/s> <http://a/p> <http://a/o> .",
			[]string{"<http://a/s> <http://a/p> <http://a/o>"}},
		{"prefixes", "", ex + ":s :p :o .",
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o>"}},
		{"SPARQL-style PREFIX and BASE, any case", "", "prefix p: <http://ex/>\nBase <http://b/dir/>\np:s <x> p:o .",
			[]string{"<http://ex/s> <http://b/dir/x> <http://ex/o>"}},
		{"relative IRIs resolved against the base", "http://a/b/c/d;p?q", "<g> <./p> <../o>, <#f>, <>, <?y>, <//h/x> .",
			[]string{"<http://a/b/c/g> <http://a/b/c/p> <http://a/b/o>", "<http://a/b/c/g> <http://a/b/c/p> <http://a/b/c/d;p?q#f>",
				"<http://a/b/c/g> <http://a/b/c/p> <http://a/b/c/d;p?q>", "<http://a/b/c/g> <http://a/b/c/p> <http://a/b/c/d;p?y>",
				"<http://a/b/c/g> <http://a/b/c/p> <http://h/x>"}},
		{"@base changes the base, relative @base resolved", "http://a/x/y", "@base <http://b/1/2> .\n<s> <p> <o> .\n@base <../3/> .\n<s> <p> <o> .",
			[]string{"<http://b/1/s> <http://b/1/p> <http://b/1/o>", "<http://b/3/s> <http://b/3/p> <http://b/3/o>"}},
		{"prefix IRI is resolved against the base", "http://a/x/", "@prefix r: <rel/> .\nr:s r:p r:o .",
			[]string{"<http://a/x/rel/s> <http://a/x/rel/p> <http://a/x/rel/o>"}},
		{"no base keeps relative IRIs", "", "<s> <p> <../o> .",
			[]string{"<s> <p> <../o>"}},
		{"a is rdf:type", "", ex + ":s a :C .",
			[]string{"<http://ex/s> <" + rdfNS + "type> <http://ex/C>"}},
		{"predicate and object lists, repeated and trailing ;", "", ex + ":s :p :o1 , :o2 ; ; :q :o3 ; .",
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o1>", "<http://ex/s> <http://ex/p> <http://ex/o2>", "<http://ex/s> <http://ex/q> <http://ex/o3>"}},
		{"anonymous blank nodes are fresh and never merge with labels", "", ex + "_:g1 :p [] .\n[] :p _:b1 .\n_:g1 :q [ ] .",
			[]string{"_:bg1 <http://ex/p> _:g1", "_:g2 <http://ex/p> _:bb1", "_:bg1 <http://ex/q> _:g3"}},
		{"blank node property list as object", "", ex + ":s :p [ :q :o ; :r [ :t 1 ] ] .",
			[]string{"_:g1 <http://ex/q> <http://ex/o>", `_:g2 <http://ex/t> "1"^^<` + xsd + `integer>`, "_:g1 <http://ex/r> _:g2", "<http://ex/s> <http://ex/p> _:g1"}},
		{"comment inside []", "", ex + ":s :p [ # nothing here\n ] .",
			[]string{"<http://ex/s> <http://ex/p> _:g1"}},
		{"blank node property list alone", "", ex + "[ :p :o ] .",
			[]string{"_:g1 <http://ex/p> <http://ex/o>"}},
		{"blank node property list as subject", "", ex + "[ :p :o ] :q :r .",
			[]string{"_:g1 <http://ex/p> <http://ex/o>", "_:g1 <http://ex/q> <http://ex/r>"}},
		{"collections", "", ex + ":s :p ( 1 :x ) , () .",
			[]string{`_:g1 <` + rdfNS + `first> "1"^^<` + xsd + `integer>`, "_:g1 <" + rdfNS + "rest> _:g2", "_:g2 <" + rdfNS + "first> <http://ex/x>",
				"_:g2 <" + rdfNS + "rest> <" + rdfNS + "nil>", "<http://ex/s> <http://ex/p> _:g1", "<http://ex/s> <http://ex/p> <" + rdfNS + "nil>"}},
		{"collection as subject, nested", "", ex + "( ( ) ) :p :o .",
			[]string{"_:g1 <" + rdfNS + "first> <" + rdfNS + "nil>", "_:g1 <" + rdfNS + "rest> <" + rdfNS + "nil>", "_:g1 <http://ex/p> <http://ex/o>"}},
		{"string forms", "", ex + `:s :p "d\"q", 's\'q', """long "" "quotes"
line""", '''long '' 'single'
line''', "", '' .`,
			[]string{`<http://ex/s> <http://ex/p> "d\"q"`, `<http://ex/s> <http://ex/p> "s'q"`, `<http://ex/s> <http://ex/p> "long \"\" \"quotes\"\nline"`,
				`<http://ex/s> <http://ex/p> "long '' 'single'\nline"`, `<http://ex/s> <http://ex/p> ""`, `<http://ex/s> <http://ex/p> ""`}},
		{"long strings next to quotes", "", ex + `:s :p """a""", """""", """\"""", """""a""" .`,
			[]string{`<http://ex/s> <http://ex/p> "a"`, `<http://ex/s> <http://ex/p> ""`, `<http://ex/s> <http://ex/p> "\""`, `<http://ex/s> <http://ex/p> "\"\"a"`}},
		{"white space before language tag and datatype", "", ex + `:s :p "a" @en, "b" ^^ xsd:date .`,
			[]string{`<http://ex/s> <http://ex/p> "a"@en`, `<http://ex/s> <http://ex/p> "b"^^<` + xsd + `date>`}},
		{"escapes", "", ex + `:s :p "\t\b\n\r\f\"\'\\\u00e9\U0001F600" .`,
			[]string{`<http://ex/s> <http://ex/p> "\t\b\n\r\f\"'\\é😀"`}},
		{"language tags and datatypes", "", ex + `:s :p "a"@en-GB, "b"^^xsd:date, "c"^^<http://dt/x>, "d"^^xsd:string .`,
			[]string{`<http://ex/s> <http://ex/p> "a"@en-gb`, `<http://ex/s> <http://ex/p> "b"^^<` + xsd + `date>`,
				`<http://ex/s> <http://ex/p> "c"^^<http://dt/x>`, `<http://ex/s> <http://ex/p> "d"`}},
		{"numbers keep their lexical form", "", ex + ":s :p 01, -1, +1, 1.50, .5, -.5e3, 1e10, 1.E-2, 4.",
			[]string{`<http://ex/s> <http://ex/p> "01"^^<` + xsd + `integer>`, `<http://ex/s> <http://ex/p> "-1"^^<` + xsd + `integer>`,
				`<http://ex/s> <http://ex/p> "+1"^^<` + xsd + `integer>`, `<http://ex/s> <http://ex/p> "1.50"^^<` + xsd + `decimal>`,
				`<http://ex/s> <http://ex/p> ".5"^^<` + xsd + `decimal>`, `<http://ex/s> <http://ex/p> "-.5e3"^^<` + xsd + `double>`,
				`<http://ex/s> <http://ex/p> "1e10"^^<` + xsd + `double>`, `<http://ex/s> <http://ex/p> "1.E-2"^^<` + xsd + `double>`,
				`<http://ex/s> <http://ex/p> "4"^^<` + xsd + `integer>`}},
		{"booleans", "", ex + ":s :p true, false .",
			[]string{`<http://ex/s> <http://ex/p> "true"^^<` + xsd + `boolean>`, `<http://ex/s> <http://ex/p> "false"^^<` + xsd + `boolean>`}},
		{"local names: dots, colons, escapes, %-escapes, digits", "", ex + `:a.b :c:d :e\-f\,g , :%41b , :1x , : , :x.`,
			[]string{"<http://ex/a.b> <http://ex/c:d> <http://ex/e-f,g>", "<http://ex/a.b> <http://ex/c:d> <http://ex/%41b>",
				"<http://ex/a.b> <http://ex/c:d> <http://ex/1x>", "<http://ex/a.b> <http://ex/c:d> <http://ex/>", "<http://ex/a.b> <http://ex/c:d> <http://ex/x>"}},
		{"prefix names with dots and keywords as prefixes", "", "@prefix a.b: <http://ab/> .\n@prefix a: <http://a/> .\n@prefix true: <http://t/> .\na.b:s a:p true:o ; a a:C .",
			[]string{"<http://ab/s> <http://a/p> <http://t/o>", "<http://ab/s> <" + rdfNS + "type> <http://a/C>"}},
		{"comments everywhere", "", "# c\n@prefix : <http://ex/> . # c\n:s # c\n :p # c\n [ # c\n :q :o # c\n ] # c\n . # c",
			[]string{"_:g1 <http://ex/q> <http://ex/o>", "<http://ex/s> <http://ex/p> _:g1"}},
		{"non-ASCII names", "", "@prefix é: <http://e/> .\né:ş é:p é:日本 .",
			[]string{"<http://e/ş> <http://e/p> <http://e/日本>"}},
		{"blank node labels", "", ex + "_:a.b :p _:c . _:1 :p _:x.",
			[]string{"_:ba.b <http://ex/p> _:bc", "_:b1 <http://ex/p> _:bx"}},
		{"minimal white space", "", "@prefix :<http://ex/>.:s :p :o,:o2;:q\"x\".",
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o>", "<http://ex/s> <http://ex/p> <http://ex/o2>", `<http://ex/s> <http://ex/q> "x"`}},
		{"empty document", "", "  # nothing\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readTTL(tt.src, tt.base)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statements (-want +got):\n%s", diff)
			}
			// The same document read one byte at a time (every buffer
			// boundary) gives the same statements.
			got, err = collect(func(h func(Quad) error) error {
				return ReadTurtle(iotest.OneByteReader(strings.NewReader(tt.src)), tt.base, h)
			})
			if err != nil {
				t.Fatalf("one byte at a time: unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("one byte at a time: statements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTurtleErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"undefined prefix", "ex:s <http://a/p> <http://a/o> .", `line 1, column 1: undefined prefix "ex:"`},
		{"missing final dot", ex + ":s :p :o", `line 3, column 9: expected '.' at the end of the statement, found end of file`},
		{"literal subject", ex + `"s" :p :o .`, `line 3, column 1: expected a directive or triples, found "\"s\" :p :o ."`},
		{"literal predicate", ex + `:s "p" :o .`, `line 3, column 4: expected a predicate (IRI, prefixed name or "a"), found "\"p\" :o ."`},
		{"a as subject", ex + "a :p :o .", `line 3, column 1: unexpected word "a" (want a prefixed name, IRI, blank node or directive)`},
		{"a as object", ex + ":s :p a .", `line 3, column 7: unexpected word "a" where an object was expected`},
		{"empty object", ex + ":s :p , :o .", `line 3, column 7: expected an object (IRI, blank node, literal, [ … ] or ( … )), found ", :o ."`},
		{"bad string escape", ex + `:s :p "a\qb" .`, `line 3, column 9: string: bad escape "\\q"`},
		{"bad local escape", ex + `:s :p :a\qb .`, `line 3, column 9: bad escape in local name (\ may only escape one of _~.-!$&'()*+,;=/?#@%), found "\\qb ."`},
		{"bad percent escape", ex + `:s :p :a%4g .`, `line 3, column 9: bad %-escape in local name (want % and two hex digits), found "%4g ."`},
		{"unterminated string", ex + `:s :p "abc .`, `line 3, column 7: line break in a short string (escape it as \n, or use a """long string""")`[:0] + `line 3, column 7: unterminated string`},
		{"line break in short string", ex + ":s :p \"a\nb\" .", `line 3, column 9: line break in a short string (escape it as \n, or use a """long string""")`},
		{"unterminated long string", ex + `:s :p """abc" .`, `line 3, column 7: unterminated string`},
		{"unterminated IRI", ex + `:s :p <http://x`, `line 3, column 7: unterminated IRI (missing '>')`},
		{"unterminated collection", ex + `:s :p ( 1 2`, `line 3, column 7: unterminated collection (missing ')')`},
		{"unterminated property list", ex + `:s :p [ :q 1 .`, `line 3, column 14: expected ']' closing the blank node property list, found "."`},
		{"graph in Turtle", ex + `{ :s :p :o }`, `line 3, column 1: expected a directive or triples, found "{ :s :p :o }"`},
		{"GRAPH in Turtle", ex + `GRAPH :g { :s :p :o }`, `line 3, column 1: unexpected word "GRAPH" (want a prefixed name, IRI, blank node or directive)`},
		{"@PREFIX is case-sensitive", `@PREFIX : <http://ex/> .`, `line 1, column 1: unknown directive @PREFIX (want @prefix or @base)`},
		{"@prefix needs a dot", "@prefix : <http://ex/>\n:s :p :o .", `line 2, column 1: expected '.' after the directive, found ":s :p :o ."`},
		{"empty blank node label", ex + `_: :p :o .`, `line 3, column 3: empty blank node label`},
		{"bad blank node label", ex + `_:-x :p :o .`, `line 3, column 3: bad blank node label start "-x :p :o ."`},
		{"bad exponent", ex + `:s :p 1e .`, `line 3, column 8: bad exponent in number "1e"`},
		{"lone sign", ex + `:s :p + .`, `line 3, column 7: "+" is not a number`},
		{"long string closes at the first three quotes", ex + `:s :p """a"""" .`, `line 3, column 14: expected '.' at the end of the statement, found "\" ."`},
		{"empty language tag", ex + `:s :p "a"@ .`, `line 3, column 10: empty language tag`},
		{"datatype missing", ex + `:s :p "a"^^ .`, `line 3, column 13: expected a datatype IRI after "^^", found "."`},
		{"space in IRI", `<http://a/ b> <http://a/p> <http://a/o> .`, `line 1, column 11: character ' ' is not allowed in an IRI`},
		{"escaped space in IRI", `<http://a/\u0020> <http://a/p> <http://a/o> .`, `line 1, column 11: escaped character ' ' is not allowed in an IRI`},
		{"invalid UTF-8 in string", ex + ":s :p \"a\xffb\" .", `line 3, column 9: invalid UTF-8 in string`},
		{"column counts characters", ex + `:s :p "é", :o :o .`, `line 3, column 15: expected '.' at the end of the statement, found ":o ."`},
		{"@base without IRI", `@base x .`, `line 1, column 7: expected a base IRI in angle brackets, found "x ."`},
		{"PREFIX without IRI", `PREFIX p: x`, `line 1, column 11: expected an IRI in angle brackets for prefix "p", found "x"`},
		{"PREFIX without name", `PREFIX <http://x/>`, `line 1, column 8: expected a prefix name such as "ex:", found "<http://x/>"`},
		{"subject property list without dot", ex + `[ :p :o ] :q :r`, `line 3, column 16: expected '.' at the end of the statement, found end of file`},
		{"prefix without colon", `@prefix ex <http://ex/> .`, `line 1, column 9: expected ':' after the prefix name "ex", found "<http://ex/> ."`},
		{"keyword true as subject", ex + "true :p :o .", `line 3, column 1: unexpected word "true" (want a prefixed name, IRI, blank node or directive)`},
		{"dot inside a blank node property list", ex + ":s :p [ :q :o . ] .", `line 3, column 15: expected ']' closing the blank node property list, found ". ] ."`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readTTL(tt.src, "")
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

func TestTriG(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"GRAPH keyword, graph name, default graph", ex + "GRAPH :g { :s :p :o }\n:h { :s :p :o . :s :q :o . }\n{ :s :p :d }\n:s :p :top .",
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/g>", "<http://ex/s> <http://ex/p> <http://ex/o> <http://ex/h>",
				"<http://ex/s> <http://ex/q> <http://ex/o> <http://ex/h>", "<http://ex/s> <http://ex/p> <http://ex/d>", "<http://ex/s> <http://ex/p> <http://ex/top>"}},
		{"blank node graph names", ex + "_:x { :s :p :o }\n[] { :s :p [] }\ngraph [] { }",
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o> _:bx", "<http://ex/s> <http://ex/p> _:g2 _:g1"}},
		{"property lists and collections inside graphs", ex + ":g { [ :p :o ] . ( 1 ) :p :o }",
			[]string{"_:g1 <http://ex/p> <http://ex/o> <http://ex/g>", `_:g2 <` + rdfNS + `first> "1"^^<` + xsd + `integer> <http://ex/g>`,
				"_:g2 <" + rdfNS + "rest> <" + rdfNS + "nil> <http://ex/g>", "_:g2 <http://ex/p> <http://ex/o> <http://ex/g>"}},
		{"Turtle is TriG", ex + ":s :p :o .", []string{"<http://ex/s> <http://ex/p> <http://ex/o>"}},
		// "[]" as a subject inside a graph used to be consumed and then
		// looked for a subject after it ("expected a subject").
		{"[] as a subject inside a graph", ex + ":g { [] :p :o . [ # c\n\n ] :q :o }",
			[]string{"_:g1 <http://ex/p> <http://ex/o> <http://ex/g>", "_:g2 <http://ex/q> <http://ex/o> <http://ex/g>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readTriG(tt.src, "")
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTriGErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"nested graph", ex + ":g { :h { :s :p :o } }", `line 3, column 9: expected a predicate (IRI, prefixed name or "a"), found "{ :s :p :o } }"`},
		{"GRAPH without name", ex + "GRAPH { :s :p :o }", `line 3, column 7: expected a graph name after GRAPH, found "{ :s :p :o }"`},
		{"double dot in graph", ex + ":g { :s :p :o . . }", `line 3, column 17: expected a subject (IRI or blank node), found ". }"`},
		{"unterminated graph", ex + ":g { :s :p :o ", `line 3, column 15: expected '.' or '}' in the graph, found end of file`},
		{"directive inside a graph", ex + ":g { @prefix x: <http://x/> . }", `line 3, column 6: expected a subject (IRI or blank node), found "@prefix x: <http://x…"`},
		{"property list as graph name", ex + "GRAPH [ :p :o ] { }", `line 3, column 7: a graph name must be an IRI or a blank node, not a blank node property list`},
		{"literal graph name", ex + "GRAPH \"g\" { }", `line 3, column 7: expected a graph name after GRAPH, found "\"g\" { }"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readTriG(tt.src, "")
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestTurtleBNodePrefixAndCallbackError(t *testing.T) {
	got, err := collect(func(h func(Quad) error) error {
		return Reader{BNodePrefix: "f3_"}.Turtle(strings.NewReader(ex+"_:a :p [] ."), "", h)
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"_:f3_ba <http://ex/p> _:f3_g1"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}

	stop := errors.New("full")
	err = ReadTurtle(strings.NewReader(ex+":s :p :o .\n:s :p :o2 ."), "", func(q Quad) error {
		if strings.Contains(q.String(), "o2") {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || err.Error() != "line 4: full" {
		t.Errorf("error %v, want \"line 4: full\" wrapping the callback's error", err)
	}
}

// TestTurtleReadError checks that a failing reader is reported as such,
// not as a syntax error.
func TestTurtleReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := iotest.TimeoutReader(strings.NewReader(ex + ":s :p :o .\n"))
	_ = r
	err := ReadTurtle(&failingReader{data: ex + ":s :p \"unfinished", err: boom}, "", func(Quad) error { return nil })
	if !errors.Is(err, boom) {
		t.Fatalf("error %v does not wrap the read error", err)
	}
	if !strings.Contains(err.Error(), "read: disk on fire") {
		t.Errorf("error %q should say the read failed", err)
	}
}

// failingReader returns data and then err.
type failingReader struct {
	data string
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.data == "" {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}
