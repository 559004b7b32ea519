package sparql

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func resultsBool(b bool) *bool { return &b }

func resultsSelect(vars []string, rows ...Row) *Results {
	if rows == nil {
		rows = []Row{}
	}
	return &Results{Vars: vars, Rows: rows}
}

// resultsReadPairs give the same document in both formats; want is what both must
// read as.
var resultsReadPairs = []struct {
	name string
	json string
	xml  string
	want *Results
}{
	{
		name: "iri bnode simple literal and unbound, unknown members and attributes ignored",
		json: `{"head":{"vars":["s","o","x"]},"results":{"distinct":false,"ordered":true,"bindings":[
			{"s":{"type":"uri","value":"http://example.org/s"},"o":{"type":"literal","value":"foo"}},
			{"s":{"type":"bnode","value":"b0"},"x":{"type":"literal","value":""}}]}}`,
		xml: `<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#">
			<head><variable name="s"/><variable name="o"/><variable name="x"/></head>
			<results>
			<result index="1"><binding name="s"><uri>http://example.org/s</uri></binding><binding name="o"><literal>foo</literal></binding></result>
			<result><binding name="s"><bnode>b0</bnode></binding><binding name="x"><literal></literal></binding></result>
			</results></sparql>`,
		want: resultsSelect([]string{"s", "o", "x"},
			Row{"s": NewIRI("http://example.org/s"), "o": NewLiteral("foo")},
			Row{"s": &BlankNode{Label: "b0"}, "x": NewLiteral("")}),
	},
	{
		name: "language tags keep their case, langString datatype accepted",
		json: `{"head":{"vars":["l"]},"results":{"bindings":[
			{"l":{"type":"literal","value":"chat","xml:lang":"fr"}},
			{"l":{"type":"literal","value":"Colour","xml:lang":"en-GB","datatype":"http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"}}]}}`,
		xml: `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="l"/></head><results>
			<result><binding name="l"><literal xml:lang="fr">chat</literal></binding></result>
			<result><binding name="l"><literal xml:lang="en-GB" datatype="http://www.w3.org/1999/02/22-rdf-syntax-ns#langString">Colour</literal></binding></result>
			</results></sparql>`,
		want: resultsSelect([]string{"l"},
			Row{"l": NewLangLiteral("chat", "fr")},
			Row{"l": NewLangLiteral("Colour", "en-GB")}),
	},
	{
		name: "typed literals: xsd:string normalised, unknown datatype kept, lexical form kept",
		json: `{"head":{"vars":["v"]},"results":{"bindings":[
			{"v":{"type":"literal","value":"x","datatype":"http://www.w3.org/2001/XMLSchema#string"}},
			{"v":{"type":"literal","value":"01","datatype":"http://www.w3.org/2001/XMLSchema#integer"}},
			{"v":{"type":"typed-literal","value":"1.0","datatype":"http://www.w3.org/2001/XMLSchema#decimal"}},
			{"v":{"type":"literal","value":" POINT(1 2) ","datatype":"http://www.opengis.net/ont/geosparql#wktLiteral"}}]}}`,
		xml: `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="v"/></head><results>
			<result><binding name="v"><literal datatype="http://www.w3.org/2001/XMLSchema#string">x</literal></binding></result>
			<result><binding name="v"><literal datatype="http://www.w3.org/2001/XMLSchema#integer">01</literal></binding></result>
			<result><binding name="v"><literal datatype="http://www.w3.org/2001/XMLSchema#decimal">1.0</literal></binding></result>
			<result><binding name="v"><literal datatype="http://www.opengis.net/ont/geosparql#wktLiteral"> POINT(1 2) </literal></binding></result>
			</results></sparql>`,
		want: resultsSelect([]string{"v"},
			Row{"v": NewLiteral("x")},
			Row{"v": NewTypedLiteral("01", XSDInteger)},
			Row{"v": NewTypedLiteral("1.0", XSDDecimal)},
			Row{"v": NewTypedLiteral(" POINT(1 2) ", "http://www.opengis.net/ont/geosparql#wktLiteral")}),
	},
	{
		name: "escapes",
		json: `{"head":{"vars":["v"]},"results":{"bindings":[
			{"v":{"type":"literal","value":"a<b>&\"c\"\n\r\td\u00e9\ud83d\ude00"}},
			{"v":{"type":"uri","value":"http://example.org/?a=1&b=<2>"}}]}}`,
		xml: `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="v"/></head><results>
			<result><binding name="v"><literal>a&lt;b&gt;&amp;"c"&#xA;&#xD;&#x9;dé😀</literal></binding></result>
			<result><binding name="v"><uri><![CDATA[http://example.org/?a=1&b=<2>]]></uri></binding></result>
			</results></sparql>`,
		want: resultsSelect([]string{"v"},
			Row{"v": NewLiteral("a<b>&\"c\"\n\r\tdé😀")},
			Row{"v": NewIRI("http://example.org/?a=1&b=<2>")}),
	},
	{
		name: "bound variables missing from the head are appended",
		json: `{"head":{"vars":["a"]},"results":{"bindings":[
			{"a":{"type":"uri","value":"http://e/a"}},
			{"c":{"type":"uri","value":"http://e/c"},"b":{"type":"uri","value":"http://e/b"}}]}}`,
		xml: `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="a"/></head><results>
			<result><binding name="a"><uri>http://e/a</uri></binding></result>
			<result><binding name="b"><uri>http://e/b</uri></binding><binding name="c"><uri>http://e/c</uri></binding></result>
			</results></sparql>`,
		want: resultsSelect([]string{"a", "b", "c"},
			Row{"a": NewIRI("http://e/a")},
			Row{"b": NewIRI("http://e/b"), "c": NewIRI("http://e/c")}),
	},
	{
		name: "no rows, head without variables",
		json: `{"head":{},"results":{"bindings":[]}}`,
		xml:  `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head/><results/></sparql>`,
		want: resultsSelect(nil),
	},
	{
		name: "empty row",
		json: `{"head":{"vars":["x"]},"results":{"bindings":[{}]}}`,
		xml:  `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="x"/></head><results><result/></results></sparql>`,
		want: resultsSelect([]string{"x"}, Row{}),
	},
	{
		name: "ask true with link",
		json: `{"head":{"link":["http://example.org/meta"]},"boolean":true}`,
		xml: `<?xml version="1.0"?>
			<!-- a comment -->
			<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><link href="http://example.org/meta"/></head>
			<boolean> true </boolean></sparql>`,
		want: &Results{Boolean: resultsBool(true), Links: []string{"http://example.org/meta"}},
	},
	{
		name: "ask false",
		json: "\ufeff" + `{"head":{},"boolean":false}`,
		xml:  "\ufeff" + `<s:sparql xmlns:s="http://www.w3.org/2005/sparql-results#"><s:head/><s:boolean>false</s:boolean></s:sparql>`,
		want: &Results{Boolean: resultsBool(false)},
	},
}

func TestResultsReadJSONAndXML(t *testing.T) {
	for _, tc := range resultsReadPairs {
		t.Run(tc.name, func(t *testing.T) {
			gotJ, err := ReadJSON(strings.NewReader(tc.json))
			if err != nil {
				t.Fatalf("ReadJSON: %v", err)
			}
			if diff := cmp.Diff(tc.want, gotJ); diff != "" {
				t.Errorf("ReadJSON mismatch (-want +got):\n%s", diff)
			}
			gotX, err := ReadXML(strings.NewReader(tc.xml))
			if err != nil {
				t.Fatalf("ReadXML: %v", err)
			}
			if diff := cmp.Diff(tc.want, gotX); diff != "" {
				t.Errorf("ReadXML mismatch (-want +got):\n%s", diff)
			}
			// Each format, written and read back, and crossed over.
			for _, conv := range []struct {
				name  string
				write func(*Results, *bytes.Buffer) error
				read  func(*bytes.Buffer) (*Results, error)
			}{
				{"JSON", func(r *Results, b *bytes.Buffer) error { return r.WriteJSON(b) }, func(b *bytes.Buffer) (*Results, error) { return ReadJSON(b) }},
				{"XML", func(r *Results, b *bytes.Buffer) error { return r.WriteXML(b) }, func(b *bytes.Buffer) (*Results, error) { return ReadXML(b) }},
			} {
				for _, src := range []*Results{gotJ, gotX} {
					var buf bytes.Buffer
					if err := conv.write(src, &buf); err != nil {
						t.Fatalf("Write%s: %v", conv.name, err)
					}
					text := buf.String()
					back, err := conv.read(&buf)
					if err != nil {
						t.Fatalf("re-reading written %s: %v\n%s", conv.name, err, text)
					}
					if diff := cmp.Diff(tc.want, back); diff != "" {
						t.Errorf("%s round trip mismatch (-want +got):\n%s\n%s", conv.name, diff, text)
					}
				}
			}
		})
	}
}

func TestResultsWriteJSONGolden(t *testing.T) {
	r := &Results{
		Vars: []string{"s", "label", "n"},
		Rows: []Row{
			{"n": NewTypedLiteral("01", XSDInteger), "label": NewLangLiteral("é \"q\"\n\u0001\u2028</x>", "en-GB"), "s": NewIRI("http://e/s?a&b")},
			{"s": &BlankNode{Label: "b1"}, "label": &Literal{Lexical: "typed string", Datatype: NewIRI(XSDString)}},
		},
		Links: []string{"http://e/link"},
	}
	want := `{
  "head": {"vars": ["s", "label", "n"], "link": ["http://e/link"]},
  "results": {"bindings": [
    {"s": {"type": "uri", "value": "http://e/s?a&b"}, "label": {"type": "literal", "value": "é \"q\"\n\u0001\u2028</x>", "xml:lang": "en-GB"}, "n": {"type": "literal", "value": "01", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}},
    {"s": {"type": "bnode", "value": "b1"}, "label": {"type": "literal", "value": "typed string"}}
  ]}
}
`
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("WriteJSON mismatch (-want +got):\n%s", diff)
	}
	if !json.Valid(buf.Bytes()) {
		t.Errorf("WriteJSON output is not valid JSON")
	}

	var ask bytes.Buffer
	if err := (&Results{Boolean: resultsBool(true)}).WriteJSON(&ask); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("{\n  \"head\": {},\n  \"boolean\": true\n}\n", ask.String()); diff != "" {
		t.Errorf("WriteJSON ASK mismatch (-want +got):\n%s", diff)
	}
	var empty bytes.Buffer
	if err := (&Results{Vars: []string{"x"}}).WriteJSON(&empty); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("{\n  \"head\": {\"vars\": [\"x\"]},\n  \"results\": {\"bindings\": []}\n}\n", empty.String()); diff != "" {
		t.Errorf("WriteJSON empty mismatch (-want +got):\n%s", diff)
	}
}

func TestResultsWriteXMLGolden(t *testing.T) {
	r := &Results{
		Vars: []string{"s", "label", "n"},
		Rows: []Row{
			{"n": NewTypedLiteral("01", XSDInteger), "label": NewLangLiteral("é \"q\"\r\n\t]]></x>", "en-GB"), "s": NewIRI("http://e/s?a&b")},
			{"s": &BlankNode{Label: "b1"}},
		},
		Links: []string{"http://e/l?a&b"},
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<sparql xmlns="http://www.w3.org/2005/sparql-results#">
  <head>
    <variable name="s"/>
    <variable name="label"/>
    <variable name="n"/>
    <link href="http://e/l?a&amp;b"/>
  </head>
  <results>
    <result>
      <binding name="s"><uri>http://e/s?a&amp;b</uri></binding>
      <binding name="label"><literal xml:lang="en-GB">é &#34;q&#34;&#xD;&#xA;&#x9;]]&gt;&lt;/x&gt;</literal></binding>
      <binding name="n"><literal datatype="http://www.w3.org/2001/XMLSchema#integer">01</literal></binding>
    </result>
    <result>
      <binding name="s"><bnode>b1</bnode></binding>
    </result>
  </results>
</sparql>
`
	var buf bytes.Buffer
	if err := r.WriteXML(&buf); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("WriteXML mismatch (-want +got):\n%s", diff)
	}
	var ask bytes.Buffer
	if err := (&Results{Boolean: resultsBool(false)}).WriteXML(&ask); err != nil {
		t.Fatal(err)
	}
	wantAsk := "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n  <head></head>\n  <boolean>false</boolean>\n</sparql>\n"
	if diff := cmp.Diff(wantAsk, ask.String()); diff != "" {
		t.Errorf("WriteXML ASK mismatch (-want +got):\n%s", diff)
	}
}

func TestResultsReadErrors(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2005/sparql-results#"`
	tests := []struct {
		name, format, in, want string
	}{
		{"json empty", "json", ``, "empty input"},
		{"json truncated", "json", `{"head":{"vars":["x"]},"results":{"bindings":[`, "unexpected end of input"},
		{"json syntax", "json", `{"head":{},"boolean":tru}`, "malformed JSON at byte"},
		{"json not an object", "json", `[1,2]`, "the document is a JSON array"},
		{"json trailing data", "json", `{"head":{},"boolean":true} {}`, "unexpected data after the JSON object"},
		{"json no head", "json", `{"boolean":true}`, `missing "head"`},
		{"json neither", "json", `{"head":{"vars":["x"]}}`, "neither results nor a boolean"},
		{"json both", "json", `{"head":{},"boolean":true,"results":{"bindings":[]}}`, "both results and a boolean"},
		{"json boolean string", "json", `{"head":{},"boolean":"true"}`, "boolean is a JSON string, want boolean"},
		{"json no bindings", "json", `{"head":{},"results":{}}`, `"results" without "bindings"`},
		{"json unknown type", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"triple","value":"v"}}]}}`, `row 1, ?x: unknown binding type "triple"`},
		{"json missing type", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"value":"v"}}]}}`, `row 1, ?x: binding has no "type"`},
		{"json missing value", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{},{"x":{"type":"uri"}}]}}`, `row 2, ?x: uri binding has no "value"`},
		{"json value not a string", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":1}}]}}`, `value is a JSON number, want string`},
		{"json null binding", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":null}]}}`, "binding is null"},
		{"json null row", "json", `{"head":{"vars":["x"]},"results":{"bindings":[null]}}`, "row 1 is null"},
		{"json duplicate var", "json", `{"head":{"vars":["x","x"]},"results":{"bindings":[]}}`, `variable "x" is listed twice`},
		{"json empty var", "json", `{"head":{"vars":[""]},"results":{"bindings":[]}}`, "empty variable name"},
		{"json lang and datatype", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"v","xml:lang":"en","datatype":"http://www.w3.org/2001/XMLSchema#string"}}]}}`, "both language tag"},
		{"json langString without lang", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"v","datatype":"http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"}}]}}`, "rdf:langString but no language tag"},
		{"json uri with lang", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"uri","value":"v","xml:lang":"en"}}]}}`, "has xml:lang or datatype"},
		{"json empty bnode", "json", `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"bnode","value":""}}]}}`, "empty label"},

		{"xml empty", "xml", ``, "empty input"},
		{"xml malformed", "xml", `<sparql ` + ns + `><head></sparql>`, "malformed XML"},
		{"xml truncated", "xml", `<sparql ` + ns + `><head/><results>`, "unexpected end of input"},
		{"xml wrong namespace", "xml", `<sparql><head/><boolean>true</boolean></sparql>`, "want <sparql> in namespace"},
		{"xml wrong root", "xml", `<results ` + ns + `/>`, "root element is <results>"},
		{"xml no head", "xml", `<sparql ` + ns + `><boolean>true</boolean></sparql>`, "missing <head>"},
		{"xml neither", "xml", `<sparql ` + ns + `><head/></sparql>`, "neither results nor a boolean"},
		{"xml both", "xml", `<sparql ` + ns + `><head/><results/><boolean>true</boolean></sparql>`, "unexpected element <boolean> after the <results> element"},
		{"xml bad boolean", "xml", `<sparql ` + ns + `><head/><boolean>yes</boolean></sparql>`, `<boolean> is "yes", want true or false`},
		{"xml unknown term", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><triple/></binding></result></results></sparql>`, "row 1, ?x: unknown binding type <triple>"},
		{"xml empty binding", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"/></result></results></sparql>`, "<binding> without a value"},
		{"xml two values", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><uri>a</uri><uri>b</uri></binding></result></results></sparql>`, "more than one value"},
		{"xml binding twice", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><uri>a</uri></binding><binding name="x"><uri>b</uri></binding></result></results></sparql>`, "?x is bound twice"},
		{"xml binding without name", "xml", `<sparql ` + ns + `><head/><results><result><binding><uri>a</uri></binding></result></results></sparql>`, "<binding> without a name"},
		{"xml variable without name", "xml", `<sparql ` + ns + `><head><variable/></head><results/></sparql>`, "<variable> without a name"},
		{"xml duplicate variable", "xml", `<sparql ` + ns + `><head><variable name="x"/><variable name="x"/></head><results/></sparql>`, `variable "x" is listed twice`},
		{"xml element in literal", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><literal>a<b/></literal></binding></result></results></sparql>`, "inside <literal>"},
		{"xml stray text", "xml", `<sparql ` + ns + `><head/>oops<results/></sparql>`, `unexpected text "oops" in <sparql>`},
		{"xml second root", "xml", `<sparql ` + ns + `><head/><results/></sparql><sparql/>`, "after </sparql>"},
		{"xml foreign element", "xml", `<sparql ` + ns + `><head><x:v xmlns:x="urn:x"/></head><results/></sparql>`, "<v> in namespace urn:x"},
		{"xml lang and datatype", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><literal xml:lang="en" datatype="http://e/d">v</literal></binding></result></results></sparql>`, "both language tag"},
		{"xml empty bnode", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><bnode/></binding></result></results></sparql>`, "empty label"},
		{"xml control char", "xml", `<sparql ` + ns + `><head/><results><result><binding name="x"><literal>&#x1;</literal></binding></result></results></sparql>`, "malformed XML"},
		{"xml invalid utf8", "xml", "<sparql " + ns + "><head/><results><result><binding name=\"x\"><literal>\xff</literal></binding></result></results></sparql>", "malformed XML"},
		{"xml latin1", "xml", `<?xml version="1.0" encoding="ISO-8859-1"?><sparql ` + ns + `><head/><boolean>true</boolean></sparql>`, "malformed XML"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			var res *Results
			if tc.format == "json" {
				res, err = ReadJSON(strings.NewReader(tc.in))
			} else {
				res, err = ReadXML(strings.NewReader(tc.in))
			}
			if err == nil {
				t.Fatalf("no error; read %+v", res)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
			prefix := "reading SPARQL " + strings.ToUpper(tc.format) + " results: "
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q does not start with %q", err, prefix)
			}
		})
	}
}

func TestResultsXMLErrorPosition(t *testing.T) {
	in := "<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n<head/>\n<results>\n<result><binding name=\"x\"><foo/></binding></result>\n</results></sparql>"
	_, err := ReadXML(strings.NewReader(in))
	if err == nil || !strings.Contains(err.Error(), "line 4,") {
		t.Errorf("error %v does not give line 4", err)
	}
}

func TestResultsWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		res  *Results
		want string // in both formats' error unless xmlOnly
		xml  bool   // only WriteXML fails
	}{
		{"nil", nil, "nil results", false},
		{"boolean and rows", &Results{Boolean: resultsBool(true), Rows: []Row{{}}}, "both a boolean and rows", false},
		{"duplicate var", &Results{Vars: []string{"x", "x"}}, `"x" is listed twice`, false},
		{"empty var", &Results{Vars: []string{""}}, "empty variable name", false},
		{"row binds unknown var", &Results{Vars: []string{"x"}, Rows: []Row{{"y": NewIRI("a")}}}, "row 1 binds ?y, which is not in the variables", false},
		{"variable as value", &Results{Vars: []string{"x"}, Rows: []Row{{}, {"x": NewVar("z")}}}, "row 2, ?x: *sparql.Var is not an RDF term", false},
		{"nil term", &Results{Vars: []string{"x"}, Rows: []Row{{"x": nil}}}, "nil term", false},
		{"nil iri", &Results{Vars: []string{"x"}, Rows: []Row{{"x": (*IRI)(nil)}}}, "nil *IRI", false},
		{"anonymous bnode", &Results{Vars: []string{"x"}, Rows: []Row{{"x": &BlankNode{Anon: true}}}}, "blank node without a label", false},
		{"lang and datatype", &Results{Vars: []string{"x"}, Rows: []Row{{"x": &Literal{Lexical: "a", Lang: "en", Datatype: NewIRI(XSDInteger)}}}}, "both language tag", false},
		{"empty datatype", &Results{Vars: []string{"x"}, Rows: []Row{{"x": &Literal{Lexical: "a", Datatype: NewIRI("")}}}}, "empty datatype IRI", false},
		{"invalid utf8", &Results{Vars: []string{"x"}, Rows: []Row{{"x": NewLiteral("a\xffb")}}}, "not valid UTF-8", false},
		{"xml control char", &Results{Vars: []string{"x"}, Rows: []Row{{"x": NewLiteral("a\x00b")}}}, "character U+0000 cannot be written in XML 1.0", true},
		{"xml nonchar in var", &Results{Vars: []string{"x\uFFFE"}, Rows: []Row{}}, "character U+FFFE cannot be written", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var jb, xb bytes.Buffer
			jerr := tc.res.WriteJSON(&jb)
			xerr := tc.res.WriteXML(&xb)
			if xerr == nil || !strings.Contains(xerr.Error(), tc.want) {
				t.Errorf("WriteXML error = %v, want one containing %q", xerr, tc.want)
			}
			if xb.Len() != 0 {
				t.Errorf("WriteXML wrote %d bytes before failing", xb.Len())
			}
			if tc.xml {
				if jerr != nil {
					t.Errorf("WriteJSON: %v", jerr)
				}
				return
			}
			if jerr == nil || !strings.Contains(jerr.Error(), tc.want) {
				t.Errorf("WriteJSON error = %v, want one containing %q", jerr, tc.want)
			}
			if jb.Len() != 0 {
				t.Errorf("WriteJSON wrote %d bytes before failing", jb.Len())
			}
		})
	}
}

// resultsFailWriter fails every write.
type resultsFailWriter struct{}

func (resultsFailWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestResultsWriteErrorWrapped(t *testing.T) {
	r := &Results{Vars: []string{"x"}, Rows: []Row{{"x": NewIRI("http://e/")}}}
	for name, err := range map[string]error{"JSON": r.WriteJSON(resultsFailWriter{}), "XML": r.WriteXML(resultsFailWriter{})} {
		if err == nil || !strings.Contains(err.Error(), "writing SPARQL "+name+" results: disk full") {
			t.Errorf("%s: error %v does not report the write failure", name, err)
		}
	}
}

func TestResultsReadResults(t *testing.T) {
	const js = `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"uri","value":"http://e/x"}}]}}`
	const xs = `<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="x"/></head><results><result><binding name="x"><uri>http://e/x</uri></binding></result></results></sparql>`
	want := resultsSelect([]string{"x"}, Row{"x": NewIRI("http://e/x")})
	tests := []struct {
		contentType, in, wantErr string
	}{
		{"application/sparql-results+json", js, ""},
		{"application/sparql-results+json; charset=utf-8", js, ""},
		{"Application/JSON", js, ""},
		{"application/sparql-results+xml", xs, ""},
		{"application/xml;charset=UTF-8", xs, ""},
		{"text/xml", xs, ""},
		{"", "\n  " + js, ""},
		{"", "\ufeff" + xs, ""},
		{" ", xs, ""},
		{"", "", "empty input"},
		{"", "x,y\n", "neither JSON nor XML"},
		{"text/csv", "x\n", `unsupported media type "text/csv"`},
		{"application/sparql-results+json", xs, "malformed JSON"},
		{"application/sparql-results+xml", js, "unexpected text"},
		{"a/b/c", js, "bad content type"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%q", tc.contentType), func(t *testing.T) {
			got, err := ReadResults(strings.NewReader(tc.in), tc.contentType)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResultsRowKey(t *testing.T) {
	vars := []string{"a", "b"}
	tests := []struct {
		name string
		x, y Row
		same bool
	}{
		{"identical", Row{"a": NewIRI("http://e/1")}, Row{"a": NewIRI("http://e/1")}, true},
		{"integer vs decimal", Row{"a": NewTypedLiteral("1", XSDInteger)}, Row{"a": NewTypedLiteral("1", XSDDecimal)}, false},
		{"lexical forms differ", Row{"a": NewTypedLiteral("1", XSDInteger)}, Row{"a": NewTypedLiteral("01", XSDInteger)}, false},
		{"xsd:string is simple", Row{"a": &Literal{Lexical: "x", Datatype: NewIRI(XSDString)}}, Row{"a": NewLiteral("x")}, true},
		{"language case ignored", Row{"a": NewLangLiteral("x", "EN")}, Row{"a": NewLangLiteral("x", "en")}, true},
		{"language vs simple", Row{"a": NewLangLiteral("x", "en")}, Row{"a": NewLiteral("x")}, false},
		{"iri vs literal", Row{"a": NewIRI("x")}, Row{"a": NewLiteral("x")}, false},
		{"iri vs bnode", Row{"a": NewIRI("x")}, Row{"a": &BlankNode{Label: "x"}}, false},
		{"unbound vs bound", Row{"a": NewIRI("x")}, Row{"a": NewIRI("x"), "b": NewLiteral("")}, false},
		{"variables outside vars ignored", Row{"a": NewIRI("x"), "z": NewIRI("1")}, Row{"a": NewIRI("x")}, true},
		{"separators inside values", Row{"a": NewIRI("x>;3:<y"), "b": NewIRI("z")}, Row{"a": NewIRI("x"), "b": NewIRI("y>;3:<z")}, false},
		{"unbound marker inside values", Row{"a": NewLiteral("-;")}, Row{"b": NewLiteral("-;")}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kx, ky := RowKey(tc.x, vars), RowKey(tc.y, vars)
			if (kx == ky) != tc.same {
				t.Errorf("RowKey equal = %v, want %v\n x: %q\n y: %q", kx == ky, tc.same, kx, ky)
			}
		})
	}
}

func TestResultsSameAnswerSet(t *testing.T) {
	one, dec := NewTypedLiteral("1", XSDInteger), NewTypedLiteral("1", XSDDecimal)
	base := resultsSelect([]string{"x", "y"}, Row{"x": one, "y": NewIRI("a")}, Row{"x": NewIRI("b")})
	tests := []struct {
		name string
		a, b *Results
		want bool
	}{
		{"same", base, resultsSelect([]string{"x", "y"}, Row{"x": one, "y": NewIRI("a")}, Row{"x": NewIRI("b")}), true},
		{"row and variable order ignored", base, resultsSelect([]string{"y", "x"}, Row{"x": NewIRI("b")}, Row{"y": NewIRI("a"), "x": one}), true},
		{"integer is not decimal", base, resultsSelect([]string{"x", "y"}, Row{"x": dec, "y": NewIRI("a")}, Row{"x": NewIRI("b")}), false},
		{"multiset: duplicates count", resultsSelect([]string{"x"}, Row{"x": one}, Row{"x": one}, Row{"x": dec}), resultsSelect([]string{"x"}, Row{"x": one}, Row{"x": dec}, Row{"x": dec}), false},
		{"different row count", base, resultsSelect([]string{"x", "y"}, Row{"x": NewIRI("b")}), false},
		{"different variables", base, resultsSelect([]string{"x", "z"}, Row{"x": one}, Row{"x": NewIRI("b")}), false},
		{"ask equal", &Results{Boolean: resultsBool(true)}, &Results{Boolean: resultsBool(true), Links: []string{"l"}}, true},
		{"ask differ", &Results{Boolean: resultsBool(true)}, &Results{Boolean: resultsBool(false)}, false},
		{"ask vs select", &Results{Boolean: resultsBool(true)}, resultsSelect(nil), false},
		{"empty selects", resultsSelect(nil), resultsSelect(nil), true},
		{"nil vs results", nil, resultsSelect(nil), false},
		{"both nil", nil, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SameAnswerSet(tc.a, tc.b); got != tc.want {
				t.Errorf("SameAnswerSet(a, b) = %v, want %v", got, tc.want)
			}
			if got := SameAnswerSet(tc.b, tc.a); got != tc.want {
				t.Errorf("SameAnswerSet(b, a) = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestResultsColumnAndIsAsk(t *testing.T) {
	r := resultsSelect([]string{"x", "y"}, Row{"x": NewIRI("a")}, Row{"y": NewIRI("b")}, Row{"x": NewLiteral("c")})
	if diff := cmp.Diff([]Term{NewIRI("a"), nil, NewLiteral("c")}, r.Column("x")); diff != "" {
		t.Errorf("Column(x) mismatch (-want +got):\n%s", diff)
	}
	if got := r.Column("nope"); got != nil {
		t.Errorf("Column(nope) = %v, want nil", got)
	}
	ask := &Results{Boolean: resultsBool(false)}
	if got := ask.Column("x"); got != nil {
		t.Errorf("ASK Column = %v, want nil", got)
	}
	if r.IsAsk() || !ask.IsAsk() || (*Results)(nil).IsAsk() {
		t.Errorf("IsAsk: select %v, ask %v, nil %v", r.IsAsk(), ask.IsAsk(), (*Results)(nil).IsAsk())
	}
}

// resultsFiles lists the .srj and .srx files under dir.
func resultsFiles(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(path); !d.IsDir() && (ext == ".srj" || ext == ".srx") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("listing result files under %s: %v", dir, err)
	}
	return files
}

// resultsRoundTrip writes r in both formats and checks that each reads back equal.
func resultsRoundTrip(t *testing.T, r *Results) {
	t.Helper()
	var jb, xb bytes.Buffer
	if err := r.WriteJSON(&jb); err != nil {
		t.Fatalf("WriteJSON: %v", err)
	}
	if err := r.WriteXML(&xb); err != nil {
		t.Fatalf("WriteXML: %v", err)
	}
	jtext, xtext := jb.String(), xb.String()
	fromJ, err := ReadJSON(&jb)
	if err != nil {
		t.Fatalf("re-reading written JSON: %v\n%s", err, jtext)
	}
	fromX, err := ReadXML(&xb)
	if err != nil {
		t.Fatalf("re-reading written XML: %v\n%s", err, xtext)
	}
	if diff := cmp.Diff(r, fromJ); diff != "" {
		t.Errorf("JSON round trip mismatch (-read +re-read):\n%s", diff)
	}
	if diff := cmp.Diff(r, fromX); diff != "" {
		t.Errorf("XML round trip mismatch (-read +re-read):\n%s", diff)
	}
}

func TestResultsW3CResultFiles(t *testing.T) {
	dir := sharedData(t, "w3c-sparql")
	files := resultsFiles(t, dir)
	if len(files) == 0 {
		t.Fatalf("no .srj or .srx files under %s", dir)
	}
	var nJSON, nXML, rows, lang, typed, bnodes, extraVars int
	for _, path := range files {
		t.Run(strings.TrimPrefix(path, dir+string(filepath.Separator)), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var r *Results
			if filepath.Ext(path) == ".srj" {
				nJSON++
				r, err = ReadJSON(bytes.NewReader(data))
			} else {
				nXML++
				r, err = ReadXML(bytes.NewReader(data))
			}
			if err != nil {
				t.Fatalf("%v", err)
			}
			// Every binding in the file is kept: count the term elements
			// (XML) or the "type" members (JSON) against the bound values.
			bound := 0
			for _, row := range r.Rows {
				bound += len(row)
				for _, term := range row {
					switch term := term.(type) {
					case *Literal:
						if term.Lang != "" {
							lang++
						} else if term.Datatype != nil {
							typed++
						}
					case *BlankNode:
						bnodes++
					}
				}
			}
			var inFile int
			if filepath.Ext(path) == ".srx" {
				inFile = bytes.Count(data, []byte("<binding"))
				extraVars += len(r.Vars) - bytes.Count(data, []byte("<variable"))
			} else {
				inFile = bytes.Count(data, []byte(`"type"`))
			}
			if bound != inFile {
				t.Errorf("read %d bound values, the file has %d", bound, inFile)
			}
			rows += len(r.Rows)
			resultsRoundTrip(t, r)
		})
	}
	t.Logf("%d .srj and %d .srx files: %d rows; %d language-tagged, %d typed literals, %d blank nodes; %d variables added from bindings",
		nJSON, nXML, rows, lang, typed, bnodes, extraVars)
}

// TestResultsQALDAnswers reads the gold answers of the QALD files, which are
// SPARQL JSON results written by DBpedia's and Wikidata's endpoints
// (including the legacy "typed-literal" type and language-tagged literals).
func TestResultsQALDAnswers(t *testing.T) {
	for _, file := range []string{"qald9plus/qald_9_plus_test_dbpedia.json", "qald10/qald_10.json"} {
		t.Run(file, func(t *testing.T) {
			path := filepath.Join(sharedData(t, filepath.Dir(file)), filepath.Base(file))
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Questions []struct {
					ID      json.RawMessage   `json:"id"`
					Answers []json.RawMessage `json:"answers"`
				} `json:"questions"`
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatalf("decoding %s: %v", path, err)
			}
			var n, rows, lang int
			for _, q := range doc.Questions {
				for _, a := range q.Answers {
					r, err := ReadJSON(bytes.NewReader(a))
					if err != nil {
						t.Errorf("question %s: %v", q.ID, err)
						continue
					}
					n++
					rows += len(r.Rows)
					for _, row := range r.Rows {
						for _, term := range row {
							if l, ok := term.(*Literal); ok && l.Lang != "" {
								lang++
							}
						}
					}
					t.Run(string(q.ID), func(t *testing.T) { resultsRoundTrip(t, r) })
				}
			}
			if n == 0 {
				t.Fatalf("no answers found in %s", path)
			}
			t.Logf("%d answer documents, %d rows, %d language-tagged literals kept", n, rows, lang)
		})
	}
}

func ExampleReadJSON() {
	const doc = `{
	  "head": {"vars": ["city", "name", "population"]},
	  "results": {"bindings": [
	    {"city": {"type": "uri", "value": "http://dbpedia.org/resource/Paris"},
	     "name": {"type": "literal", "value": "Paris", "xml:lang": "fr"},
	     "population": {"type": "literal", "value": "2102650", "datatype": "http://www.w3.org/2001/XMLSchema#integer"}},
	    {"city": {"type": "uri", "value": "http://dbpedia.org/resource/Lyon"}}
	  ]}
	}`
	res, err := ReadJSON(strings.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Vars)
	for _, row := range res.Rows {
		fmt.Println(RowKey(row, res.Vars))
	}
	for _, name := range res.Column("name") {
		fmt.Println(name)
	}
	// Output:
	// [city name population]
	// 35:<http://dbpedia.org/resource/Paris>;10:"Paris"@fr;53:"2102650"^^<http://www.w3.org/2001/XMLSchema#integer>;
	// 34:<http://dbpedia.org/resource/Lyon>;-;-;
	// "Paris"@fr
	// <nil>
}

func TestValueRows(t *testing.T) {
	lit := func(lex, dt string) *Literal {
		if dt == "" {
			return NewLiteral(lex)
		}
		return NewTypedLiteral(lex, dt)
	}
	a := &Results{Vars: []string{"n", "k"}, Rows: []Row{
		{"n": lit("Ada", ""), "k": lit("1", XSDInteger)},
		{"n": lit("Bo", ""), "k": lit("2", XSDInteger)},
	}}
	// Other variable names, other column order, numbers written
	// otherwise, rows in another order and repeated: the same values.
	b := &Results{Vars: []string{"count", "name"}, Rows: []Row{
		{"count": lit("2.0", XSDDecimal), "name": lit("Bo", "")},
		{"count": lit("1", ""), "name": lit("Ada", "")},
		{"count": lit("1", ""), "name": lit("Ada", "")},
	}}
	if diff := cmp.Diff(a.ValueRows(), b.ValueRows()); diff != "" {
		t.Errorf("value rows differ (-a +b):\n%s", diff)
	}
	c := &Results{Vars: []string{"n"}, Rows: []Row{{"n": lit("Ada", "")}}}
	if len(c.ValueRows()) != 1 || cmp.Equal(a.ValueRows(), c.ValueRows()) {
		t.Errorf("a one-column answer compares equal to a two-column one: %v", c.ValueRows())
	}
	var none *Results
	if len(none.ValueRows()) != 0 {
		t.Error("nil results have value rows")
	}
}
