package conformance

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func iri(s string) term   { return term{Kind: iriTerm, Value: s} }
func bnode(s string) term { return term{Kind: blankTerm, Value: s} }
func lit(s string) term   { return term{Kind: literalTerm, Value: s} }

func TestParseTurtle(t *testing.T) {
	const base = "file:///suite/dir/manifest.ttl"
	const ex = "http://ex/"
	tests := []struct {
		name string
		src  string
		want []triple
	}{
		{
			name: "prefixes, a, relative IRIs resolved against the file",
			src:  "@prefix : <http://ex/> .\nPREFIX e: <http://e.org/ns#>\n<> a :M ; :action <t1.rq>, <../up/t2.rq> ; e:x <#frag> .",
			want: []triple{
				{iri(base), rdfType, iri(ex + "M")},
				{iri(base), iri(ex + "action"), iri("file:///suite/dir/t1.rq")},
				{iri(base), iri(ex + "action"), iri("file:///suite/up/t2.rq")},
				{iri(base), iri("http://e.org/ns#x"), iri(base + "#frag")},
			},
		},
		{
			name: "@base changes resolution; absolute IRIs kept byte for byte",
			src:  "@base <http://b.org/x/> .\n<y> <p> <http://abs.org/ns#> .",
			want: []triple{{iri("http://b.org/x/y"), iri("http://b.org/x/p"), iri("http://abs.org/ns#")}},
		},
		{
			name: "collection and trailing semicolons before ] and .",
			src:  "@prefix : <http://ex/> .\n:m :entries ( :a :b ) .\n:a :act [ :q <q.rq> ; ] ;.",
			want: []triple{
				{bnode("a:1"), rdfFirst, iri(ex + "a")},
				{bnode("a:1"), rdfRest, bnode("a:2")},
				{bnode("a:2"), rdfFirst, iri(ex + "b")},
				{bnode("a:2"), rdfRest, rdfNil},
				{iri(ex + "m"), iri(ex + "entries"), bnode("a:1")},
				{bnode("a:3"), iri(ex + "q"), iri("file:///suite/dir/q.rq")},
				{iri(ex + "a"), iri(ex + "act"), bnode("a:3")},
			},
		},
		{
			name: "empty collection is rdf:nil; labelled and anonymous blank nodes stay apart",
			src:  "@prefix : <http://ex/> .\n_:a1 :p () , [] , _:a1 .",
			want: []triple{
				{bnode("l:a1"), iri(ex + "p"), rdfNil},
				{bnode("l:a1"), iri(ex + "p"), bnode("a:1")},
				{bnode("l:a1"), iri(ex + "p"), bnode("l:a1")},
			},
		},
		{
			name: "literals",
			src: "@prefix : <http://ex/> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n" +
				":s :p \"a\\\"b\\u00e9\" , 'c'@EN-gb , \"\"\"multi\nline \"q\" \"\"\" , '''x''' , \"5\"^^xsd:integer , 12 , -1.5 , 1e3 , true .",
			want: []triple{
				{iri(ex + "s"), iri(ex + "p"), lit("a\"bé")},
				{iri(ex + "s"), iri(ex + "p"), term{Kind: literalTerm, Value: "c", Lang: "en-gb"}},
				{iri(ex + "s"), iri(ex + "p"), lit("multi\nline \"q\" ")},
				{iri(ex + "s"), iri(ex + "p"), lit("x")},
				{iri(ex + "s"), iri(ex + "p"), term{Kind: literalTerm, Value: "5", Datatype: xsdNS + "integer"}},
				{iri(ex + "s"), iri(ex + "p"), term{Kind: literalTerm, Value: "12", Datatype: xsdNS + "integer"}},
				{iri(ex + "s"), iri(ex + "p"), term{Kind: literalTerm, Value: "-1.5", Datatype: xsdNS + "decimal"}},
				{iri(ex + "s"), iri(ex + "p"), term{Kind: literalTerm, Value: "1e3", Datatype: xsdNS + "double"}},
				{iri(ex + "s"), iri(ex + "p"), term{Kind: literalTerm, Value: "true", Datatype: xsdNS + "boolean"}},
			},
		},
		{
			name: "local names: escapes, inner dots, trailing dot ends the statement; comments",
			src:  "@prefix : <http://ex/> . # comment\n:a.b :c\\#d :e-f.  # done\n",
			want: []triple{{iri(ex + "a.b"), iri(ex + "c#d"), iri(ex + "e-f")}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseTurtle(tc.src, base)
			if err != nil {
				t.Fatalf("parseTurtle: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("triples (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTurtleErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"<a> <b> <c>", "1:12: expected '.'"},
		{"@prefix : <http://ex/> .\n:a :b un:known .", "2:7: undeclared prefix \"un\""},
		{"<a> <b> \"open", "unterminated string"},
		{"<a> <b> ( <c> ", "unterminated collection"},
		{"<a <b> <c> .", "not allowed in an IRI"},
		{"\"lit\" <b> <c> .", "a literal cannot be a subject"},
		{"<a> <b> \"x\\q\" .", "bad escape"},
		{"<a> <b> 'x\ny' .", "line break in a short string"},
		{"<a> <b> _: .", "empty blank node label"},
		{"<a> <b> 1e .", "bad exponent"},
		{"<a> <b>", "unexpected end of file"},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			_, err := parseTurtle(tc.src, "file:///m.ttl")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}
