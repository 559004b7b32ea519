package rdfio

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func readXML(src, base string) ([]string, error) {
	return collect(func(h func(Quad) error) error { return ReadRDFXML(strings.NewReader(src), base, h) })
}

const xmlHead = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://ex/" xmlns:xsd="http://www.w3.org/2001/XMLSchema#">
`

func TestRDFXML(t *testing.T) {
	tests := []struct {
		name string
		base string
		src  string
		want []string
	}{
		{"description, resource, literals", "",
			xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p rdf:resource="http://ex/o"/><ex:q>text</ex:q><ex:r xml:lang="en-GB">colour</ex:r><ex:n rdf:datatype="http://www.w3.org/2001/XMLSchema#integer">01</ex:n><ex:e/><ex:str rdf:datatype="http://www.w3.org/2001/XMLSchema#string">s</ex:str></rdf:Description></rdf:RDF>`,
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o>", `<http://ex/s> <http://ex/q> "text"`, `<http://ex/s> <http://ex/r> "colour"@en-gb`,
				`<http://ex/s> <http://ex/n> "01"^^<` + xsd + `integer>`, `<http://ex/s> <http://ex/e> ""`, `<http://ex/s> <http://ex/str> "s"`}},
		{"typed node, property attributes, rdf:type attribute, inherited xml:lang", "",
			xmlHead + `<ex:Person rdf:about="http://ex/a" ex:name="Ann" rdf:type="http://ex/Agent" xml:lang="fr"><ex:nick>Annie</ex:nick></ex:Person></rdf:RDF>`,
			[]string{"<http://ex/a> <" + rdfNS + "type> <http://ex/Person>", `<http://ex/a> <http://ex/name> "Ann"@fr`,
				"<http://ex/a> <" + rdfNS + "type> <http://ex/Agent>", `<http://ex/a> <http://ex/nick> "Annie"@fr`}},
		{"relative IRIs, rdf:ID, xml:base", "http://base/dir/doc.rdf",
			xmlHead + `<rdf:Description rdf:about=""><ex:p rdf:resource="other#x"/></rdf:Description><rdf:Description rdf:ID="frag"><ex:p rdf:resource="mailto:a@b.example"/></rdf:Description><rdf:Description xml:base="http://new/a/b" rdf:about="../c" ex:k="v"/><rdf:Description rdf:about="urn:isbn:1"><ex:p rdf:resource="/root"/></rdf:Description></rdf:RDF>`,
			[]string{"<http://base/dir/doc.rdf> <http://ex/p> <http://base/dir/other#x>", "<http://base/dir/doc.rdf#frag> <http://ex/p> <mailto:a@b.example>", `<http://new/c> <http://ex/k> "v"`,
				"<urn:isbn:1> <http://ex/p> <http://base/root>"}},
		{"blank nodes: nodeID, nested node element, parseType Resource, empty element with attributes", "",
			xmlHead + `<rdf:Description rdf:nodeID="x"><ex:p><rdf:Description ex:v="1"/></ex:p><ex:q rdf:parseType="Resource"><ex:r rdf:nodeID="x"/></ex:q><ex:s ex:w="2"/></rdf:Description><rdf:Description><ex:t rdf:nodeID="g1"/></rdf:Description></rdf:RDF>`,
			[]string{`_:g1 <http://ex/v> "1"`, "_:bx <http://ex/p> _:g1", "_:bx <http://ex/q> _:g2", "_:g2 <http://ex/r> _:bx",
				"_:bx <http://ex/s> _:g3", `_:g3 <http://ex/w> "2"`, "_:g4 <http://ex/t> _:bg1"}},
		{"collection and rdf:li", "",
			xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:list rdf:parseType="Collection"><rdf:Description rdf:about="http://ex/a"/><rdf:Description rdf:about="http://ex/b"/></ex:list><ex:empty rdf:parseType="Collection"/></rdf:Description><rdf:Bag rdf:about="http://ex/bag"><rdf:li>x</rdf:li><rdf:li>y</rdf:li></rdf:Bag></rdf:RDF>`,
			[]string{"<http://ex/s> <http://ex/list> _:g1", "_:g1 <" + rdfNS + "first> <http://ex/a>", "_:g1 <" + rdfNS + "rest> _:g2",
				"_:g2 <" + rdfNS + "first> <http://ex/b>", "_:g2 <" + rdfNS + "rest> <" + rdfNS + "nil>", "<http://ex/s> <http://ex/empty> <" + rdfNS + "nil>",
				"<http://ex/bag> <" + rdfNS + "type> <" + rdfNS + "Bag>", `<http://ex/bag> <` + rdfNS + `_1> "x"`, `<http://ex/bag> <` + rdfNS + `_2> "y"`}},
		{"parseType Literal keeps the content as written", "",
			xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:x rdf:parseType="Literal"><b>bold</b> &amp; <i a="1">it</i></ex:x><ex:after>z</ex:after></rdf:Description></rdf:RDF>`,
			[]string{`<http://ex/s> <http://ex/x> "<b>bold</b> &amp; <i a=\"1\">it</i>"^^<` + rdfNS + `XMLLiteral>`, `<http://ex/s> <http://ex/after> "z"`}},
		{"reification with rdf:ID on a property", "http://b/doc",
			xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p rdf:ID="st">v</ex:p></rdf:Description></rdf:RDF>`,
			[]string{`<http://ex/s> <http://ex/p> "v"`, "<http://b/doc#st> <" + rdfNS + "type> <" + rdfNS + "Statement>", "<http://b/doc#st> <" + rdfNS + "subject> <http://ex/s>",
				"<http://b/doc#st> <" + rdfNS + "predicate> <http://ex/p>", `<http://b/doc#st> <` + rdfNS + `object> "v"`}},
		{"DTD entities", "",
			`<?xml version="1.0"?><!DOCTYPE rdf:RDF [ <!ENTITY ex "http://ex/"> <!ENTITY exs 'http://ex/s'> ]>` + "\n" +
				`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://ex/"><rdf:Description rdf:about="&exs;"><ex:p rdf:resource="&ex;o"/></rdf:Description></rdf:RDF>`,
			[]string{"<http://ex/s> <http://ex/p> <http://ex/o>"}},
		{"node element as root, comments, white space around an empty property", "",
			`<ex:T xmlns:ex="http://ex/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" rdf:about="http://ex/r"><!-- c --><ex:p rdf:resource="http://ex/o">  </ex:p><ex:q>  </ex:q></ex:T>`,
			[]string{"<http://ex/r> <" + rdfNS + "type> <http://ex/T>", "<http://ex/r> <http://ex/p> <http://ex/o>", `<http://ex/r> <http://ex/q> "  "`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readXML(tt.src, tt.base)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRDFXMLErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"malformed XML", xmlHead + "<rdf:Description>\n<ex:p>x</ex:q></rdf:Description></rdf:RDF>", "line 4: XML: element <p> closed by </q>"},
		{"about and nodeID", xmlHead + `<rdf:Description rdf:about="http://ex/a" rdf:nodeID="n"/></rdf:RDF>`, "has more than one of rdf:about, rdf:ID and rdf:nodeID"},
		{"mixed content", xmlHead + `<rdf:Description rdf:about="http://ex/a"><ex:p>text<ex:X/></ex:p></rdf:Description></rdf:RDF>`, "property element <p> mixes text and elements"},
		{"no namespace", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><Thing/></rdf:RDF>`, "node element <Thing> has no namespace"},
		{"bad rdf:ID", xmlHead + `<rdf:Description rdf:ID="1x"/></rdf:RDF>`, `rdf:ID "1x" is not an XML name`},
		{"syntax name as property", xmlHead + `<rdf:Description rdf:about="http://ex/a"><rdf:about>x</rdf:about></rdf:Description></rdf:RDF>`, "rdf:about cannot be a property element"},
		{"text where a node element belongs", xmlHead + `hello</rdf:RDF>`, `text "hello" where a node element was expected`},
		{"two node elements in a property", xmlHead + `<rdf:Description rdf:about="http://ex/a"><ex:p><ex:A/><ex:B/></ex:p></rdf:Description></rdf:RDF>`, "property element <p> has more than one node element"},
		{"truncated", xmlHead + `<rdf:Description rdf:about="http://ex/a">`, "unexpected EOF"},
		{"empty input", "", "no root element"},
		{"bad nodeID", xmlHead + `<rdf:Description rdf:nodeID="a b"/></rdf:RDF>`, `rdf:nodeID "a b" is not an XML name`},
		{"resource and nodeID", xmlHead + `<rdf:Description rdf:about="http://ex/a"><ex:p rdf:resource="http://ex/b" rdf:nodeID="n"/></rdf:Description></rdf:RDF>`, "has both rdf:resource and rdf:nodeID"},
		{"unqualified property attribute", xmlHead + `<rdf:Description rdf:about="http://ex/a" name="x"/></rdf:RDF>`, `attribute "name" of <Description> has no namespace`},
		{"rdf:li as attribute", xmlHead + `<rdf:Description rdf:about="http://ex/a" rdf:li="x"/></rdf:RDF>`, "rdf:li is not allowed as an attribute of <Description>"},
		{"two roots", xmlHead + `</rdf:RDF><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>`, "a second root element <RDF>"},
		{"text in a collection", xmlHead + `<rdf:Description rdf:about="http://ex/a"><ex:p rdf:parseType="Collection">x</ex:p></rdf:Description></rdf:RDF>`, `text "x" in a collection`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readXML(tt.src, "")
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error %v is a %T, want *Error", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestRDFXMLCallbackError(t *testing.T) {
	stop := errors.New("stop")
	err := ReadRDFXML(strings.NewReader(xmlHead+"<rdf:Description rdf:about=\"http://ex/s\">\n<ex:p>v</ex:p></rdf:Description></rdf:RDF>"), "", func(Quad) error { return stop })
	if !errors.Is(err, stop) || err.Error() != "line 4: stop" {
		t.Errorf("error %v, want \"line 4: stop\" wrapping the callback's error", err)
	}
}
