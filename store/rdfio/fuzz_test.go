package rdfio

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// checkQuad fails the test when q breaks the Quad contract.
func checkQuad(t *testing.T, q Quad) {
	t.Helper()
	switch q.S.(type) {
	case *sparql.IRI, *sparql.BlankNode:
	default:
		t.Fatalf("subject %T", q.S)
	}
	if q.P == nil {
		t.Fatalf("nil predicate")
	}
	switch o := q.O.(type) {
	case *sparql.IRI, *sparql.BlankNode:
	case *sparql.Literal:
		if o.Datatype != nil && (o.Datatype.Value == sparql.XSDString || o.Lang != "") {
			t.Fatalf("literal %s: xsd:string kept as a datatype, or both language and datatype", o.Key())
		}
	default:
		t.Fatalf("object %T", q.O)
	}
	switch q.G.(type) {
	case nil, *sparql.IRI, *sparql.BlankNode:
	default:
		t.Fatalf("graph %T", q.G)
	}
}

// roundTrip writes quads in N-Quads form (their Keys), reads them back
// with the N-Triples reader and checks that the same quads come out.
func roundTrip(t *testing.T, quads []string) {
	t.Helper()
	var b strings.Builder
	for _, q := range quads {
		b.WriteString(q)
		b.WriteString(" .\n")
	}
	back, err := readNT(b.String())
	if err != nil {
		t.Fatalf("re-reading the output as N-Quads: %v\n%s", err, b.String())
	}
	if len(back) != len(quads) {
		t.Fatalf("round trip: %d quads, want %d", len(back), len(quads))
	}
	for i := range back {
		if back[i] != quads[i] {
			t.Fatalf("round trip: quad %d is %s, want %s", i, back[i], quads[i])
		}
	}
}

// addSeeds adds the files of the shared data matching keep (when present)
// to the corpus, up to limit files.
func addSeeds(f *testing.F, sub string, keep func(string) bool, limit int) {
	dir := filepath.Join(sharedDataDir, sub)
	if _, err := os.Stat(dir); err != nil {
		return
	}
	for _, p := range dataFiles(f, dir, keep) {
		if limit == 0 {
			return
		}
		if data, err := os.ReadFile(p); err == nil && len(data) < 8<<10 {
			f.Add(data)
			limit--
		}
	}
}

// FuzzNTriples reads arbitrary input as N-Triples: it must never panic;
// every quad must have terms of the right types; when the read succeeds,
// writing the quads back as N-Quads and reading them again must give the
// same quads; and small size limits may only stop a read, never change
// its quads or its other errors.
func FuzzNTriples(f *testing.F) {
	for _, s := range []string{
		"<http://a/s> <http://a/p> <http://a/o> .\n",
		`<http://a/s> <http://a/p> "x\u00e9\n\"q\""@en-GB <http://a/g> .`,
		"_:a.b <http://a/p> \"01\"^^<http://www.w3.org/2001/XMLSchema#integer> .\r\n# c\n",
		"<http://a/\\u0041> <http://a/p> _:x _:g .\r<http://a/s> <http://a/p> \"\\U0001F600\" .",
	} {
		f.Add([]byte(s))
	}
	f.Add(genNTriples(20))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLimitedAgrees(t, NQuads, data)
		var quads []string
		err := ReadNTriples(bytes.NewReader(data), func(q Quad) error {
			checkQuad(t, q)
			quads = append(quads, q.String())
			return nil
		})
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is a %T, want *Error", err, err)
			}
			return
		}
		roundTrip(t, quads)
	})
}

// FuzzTurtle reads arbitrary input as Turtle and as TriG: no panic, quads
// of the right types, the output survives an N-Quads round trip, and
// small size limits only stop reads.
func FuzzTurtle(f *testing.F) {
	for _, s := range []string{
		ex + ":s :p :o1 , :o2 ; :q [ :r ( 1 2.5 -3e4 ) ] ; a :C .",
		"@base <http://b/x/> . PREFIX p: <../y#> <a> p:b 'c'@en, \"\"\"d\ne\"\"\", true, <#f> .",
		ex + `_:b1 :p [] , [ :q "x"^^xsd:int ] . :a\~b :c%41 :d.e .`,
		ex + "GRAPH :g { :s :p :o } :h { [] :p () } { :s :p 'x' . }",
	} {
		f.Add([]byte(s))
	}
	addSeeds(f, "w3c-sparql", func(p string) bool { return strings.HasSuffix(p, ".ttl") }, 40)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLimitedAgrees(t, Turtle, data)
		checkLimitedAgrees(t, TriG, data)
		for _, read := range []func(*bytes.Reader, func(Quad) error) error{
			func(r *bytes.Reader, h func(Quad) error) error { return ReadTurtle(r, "http://base/dir/doc", h) },
			func(r *bytes.Reader, h func(Quad) error) error { return ReadTriG(r, "http://base/dir/doc", h) },
		} {
			var quads []string
			err := read(bytes.NewReader(data), func(q Quad) error {
				checkQuad(t, q)
				quads = append(quads, q.String())
				return nil
			})
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("error %v is a %T, want *Error", err, err)
				}
				continue
			}
			roundTrip(t, quads)
		}
	})
}

// FuzzRDFXML reads arbitrary input as RDF/XML: no panic, quads of the
// right types, and small size limits only stop reads.
func FuzzRDFXML(f *testing.F) {
	f.Add([]byte(xmlHead + `<rdf:Description rdf:about="http://ex/s" ex:a="b"><ex:p rdf:parseType="Collection"><ex:T/></ex:p><ex:q rdf:parseType="Literal"><x/></ex:q><rdf:li rdf:ID="r">v</rdf:li></rdf:Description></rdf:RDF>`))
	addSeeds(f, "w3c-sparql", func(p string) bool { return strings.HasSuffix(p, ".rdf") }, 16)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLimitedAgrees(t, RDFXML, data)
		err := ReadRDFXML(bytes.NewReader(data), "http://base/doc", func(q Quad) error {
			checkQuad(t, q)
			return nil
		})
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %v is a %T, want *Error", err, err)
			}
		}
	})
}
