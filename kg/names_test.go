package kg

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestSplitIRIAndTokens(t *testing.T) {
	tests := []struct {
		iri    string
		want   Name
		tokens []string
	}{
		{"http://valuenet/ontop/singer#age", Name{Namespace: "http://valuenet/ontop/", Qualifier: "singer", Local: "age"}, []string{"singer", "age"}},
		{"http://valuenet/ontop/concert#ref-stadium_id", Name{Namespace: "http://valuenet/ontop/", Qualifier: "concert", Local: "ref-stadium_id", ForeignKey: true}, []string{"concert", "stadium", "id"}},
		{"http://valuenet/ontop/t#ref-a;b", Name{Namespace: "http://valuenet/ontop/", Qualifier: "t", Local: "ref-a;b", ForeignKey: true}, []string{"t", "a", "b"}},
		{"http://valuenet/ontop/singer_in_concert", Name{Namespace: "http://valuenet/ontop/", Local: "singer_in_concert"}, []string{"singer", "in", "concert"}},
		{"http://www.w3.org/1999/02/22-rdf-syntax-ns#type", Name{Namespace: "http://www.w3.org/1999/02/22-rdf-syntax-ns#", Local: "type"}, []string{"type"}},
		{"http://www.w3.org/2002/07/owl#sameAs", Name{Namespace: "http://www.w3.org/2002/07/owl#", Local: "sameAs"}, []string{"same", "as"}},
		{"http://dbpedia.org/ontology/birthPlace", Name{Namespace: "http://dbpedia.org/ontology/", Local: "birthPlace"}, []string{"birth", "place"}},
		{"http://www.wikidata.org/prop/direct/P31", Name{Namespace: "http://www.wikidata.org/prop/direct/", Local: "P31"}, []string{"p", "31"}},
		{"http://example.org/XMLHttpRequest", Name{Namespace: "http://example.org/", Local: "XMLHttpRequest"}, []string{"xml", "http", "request"}},
		{"http://example.org/Caf%C3%A9_Name", Name{Namespace: "http://example.org/", Local: "Caf%C3%A9_Name"}, []string{"café", "name"}},
		{"http://example.org/#frag", Name{Namespace: "http://example.org/#", Local: "frag"}, []string{"frag"}},
		{"http://x#y", Name{Namespace: "http://x#", Local: "y"}, []string{"y"}},
		{"urn:isbn:123", Name{Namespace: "urn:isbn:", Local: "123"}, []string{"123"}},
		{"noscheme", Name{Local: "noscheme"}, []string{"noscheme"}},
		{"", Name{}, nil},
	}
	for _, tt := range tests {
		if got := SplitIRI(tt.iri); got != tt.want {
			t.Errorf("SplitIRI(%q) = %+v, want %+v", tt.iri, got, tt.want)
		}
		if diff := cmp.Diff(tt.tokens, Tokens(tt.iri)); diff != "" {
			t.Errorf("Tokens(%q) (-want +got):\n%s", tt.iri, diff)
		}
	}
}

func TestWords(t *testing.T) {
	tests := map[string][]string{
		"birthPlace":      {"birth", "place"},
		"snake_case_name": {"snake", "case", "name"},
		"kebab-case":      {"kebab", "case"},
		"HTMLParser2":     {"html", "parser", "2"},
		"%zz%":            {"zz"},
		"%FF":             {"ff"},
		"  ":              nil,
		"Ünïcödé Wörds":   {"ünïcödé", "wörds"},
		// Compounds written as one lower-case word, not words or names.
		"country#surfacearea": {"country", "surface", "area"},
		"headofstate":         {"head", "of", "state"},
		"capacity":            {"capacity"},
		"Robinson":            {"robinson"},
		"indepyear":           {"indep", "year"},
		"stuid":               {"stuid"},
	}
	for in, want := range tests {
		if diff := cmp.Diff(want, Words(in)); diff != "" {
			t.Errorf("Words(%q) (-want +got):\n%s", in, diff)
		}
	}
}

func FuzzTokens(f *testing.F) {
	for _, s := range []string{"http://valuenet/ontop/singer#ref-a;b", "http://a/b%C3", "%", "#", "/#", "a#b/c#d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, iri string) {
		n := SplitIRI(iri)
		if n.Namespace+n.Qualifier+n.Local != iri && n.Namespace+n.Qualifier+"#"+n.Local != iri {
			t.Fatalf("SplitIRI(%q) = %+v does not rebuild the IRI", iri, n)
		}
		for _, w := range Tokens(iri) {
			if w == "" {
				t.Fatalf("empty token from %q", iri)
			}
		}
	})
}

func TestKeyColumnAndReference(t *testing.T) {
	for iri, want := range map[string]string{
		"http://x/stay#ref-room": "http://x/stay#room",
		"http://x/stay#room":     "",
		"http://x/t#ref-a;b":     "",
		"http://x/ref-room":      "",
	} {
		if got := KeyColumn(iri); got != want {
			t.Errorf("KeyColumn(%q) = %q, want %q", iri, got, want)
		}
	}
	for iri, want := range map[string]string{
		"http://x/stay#room":     "http://x/stay#ref-room",
		"http://x/stay#ref-room": "",
		"http://x/room":          "",
	} {
		if got := ReferenceOf(iri); got != want {
			t.Errorf("ReferenceOf(%q) = %q, want %q", iri, got, want)
		}
	}
}

func TestTextWords(t *testing.T) {
	got := TextWords("Which files are in MP3 format, 4x4 or room-112?")
	want := []string{"which", "files", "are", "in", "mp3", "format", "4x4", "or", "room", "112"}
	if !slices.Equal(got, want) {
		t.Errorf("TextWords = %q, want %q", got, want)
	}
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{
		"home%20town": "home town",
		"caf%C3%A9":   "café",
		"100%":        "100%",
		"bad%ZZ":      "bad%ZZ",
		"%FF%FE":      "%FF%FE", // not UTF-8: as it is
	} {
		if got := Unescape(in); got != want {
			t.Errorf("Unescape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFoldText(t *testing.T) {
	for in, want := range map[string]string{"Hángzhōu": "hangzhou", "Straße": "strasse", "Nou Mestalla": "nou mestalla", "e\u0301": "e"} {
		if got := FoldText(in); got != want {
			t.Errorf("FoldText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumericDatatype(t *testing.T) {
	for dt, want := range map[string]bool{
		sparql.XSDInteger: true, sparql.XSDDecimal: true, sparql.XSDDouble: true, sparql.XSD + "float": true, sparql.XSD + "int": true,
		sparql.XSD + "string": false, sparql.XSD + "date": false, "http://example.org/integer": false,
	} {
		if got := NumericDatatype(dt); got != want {
			t.Errorf("NumericDatatype(%q) = %v, want %v", dt, got, want)
		}
	}
	p := &PropertyInfo{Datatypes: []ClassCount{{IRI: sparql.XSD + "string"}, {IRI: sparql.XSDInteger}}}
	if !p.Numeric() || (&PropertyInfo{Datatypes: []ClassCount{{IRI: sparql.XSD + "string"}}}).Numeric() || (*PropertyInfo)(nil).Numeric() {
		t.Error("Numeric: want true for a property with an integer among its datatypes, false otherwise")
	}
}
