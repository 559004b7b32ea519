package sparql

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// addResultSeeds adds the hand-written documents of the tests and, when
// the shared data is present, every W3C results file of the given
// extension.
func addResultSeeds(f *testing.F, ext string) {
	for _, p := range resultsReadPairs {
		if ext == ".srj" {
			f.Add([]byte(p.json))
		} else {
			f.Add([]byte(p.xml))
		}
	}
	extra := map[string][]string{
		".srj": {
			`{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"\u0000\ud800","xml:lang":"EN"}}]}}`,
			`{"head":{"vars":["x"],"link":["a","b"]},"results":{"bindings":[{"y":{"type":"bnode","value":"b"}}]}}`,
			`{"head":{"vars":["x"]},"boolean":true}`,
		},
		".srx": {
			`<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="a&amp;b"/></head><results><result><binding name="c"><literal datatype="http://e/&quot;">&#xD;<!-- c --> x </literal></binding></result></results></sparql>`,
			`<?xml version="1.0" encoding="us-ascii"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="x"/></head><boolean>false</boolean></sparql>`,
		},
	}
	for _, s := range extra[ext] {
		f.Add([]byte(s))
	}
	dir := filepath.Join(sharedDataDir, "w3c-sparql")
	if _, err := os.Stat(dir); err != nil {
		f.Logf("seeding without W3C files: %v", err)
		return
	}
	for _, path := range resultsFiles(f, dir) {
		if filepath.Ext(path) != ext {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// resultsCheckWritten writes r in both formats and checks that both read back
// equal to r and that writing is stable. Only characters that XML 1.0
// cannot represent may make WriteXML fail.
func resultsCheckWritten(t *testing.T, r *Results) {
	if err := r.Validate(); err != nil {
		t.Fatalf("reader produced results that do not validate: %v", err)
	}
	if !SameAnswerSet(r, r) {
		t.Fatalf("SameAnswerSet(r, r) is false")
	}
	var jb bytes.Buffer
	if err := r.WriteJSON(&jb); err != nil {
		t.Fatalf("WriteJSON: %v", err)
	}
	first := bytes.Clone(jb.Bytes())
	back, err := ReadJSON(&jb)
	if err != nil {
		t.Fatalf("re-reading written JSON: %v\n%s", err, first)
	}
	if diff := cmp.Diff(r, back); diff != "" {
		t.Fatalf("JSON round trip mismatch (-read +re-read):\n%s", diff)
	}
	var again bytes.Buffer
	if err := back.WriteJSON(&again); err != nil || !bytes.Equal(first, again.Bytes()) {
		t.Fatalf("WriteJSON not stable (err %v):\n%s\n%s", err, first, again.Bytes())
	}

	var xb bytes.Buffer
	if err := r.WriteXML(&xb); err != nil {
		if errors.Is(err, errXMLChar) {
			return
		}
		t.Fatalf("WriteXML: %v", err)
	}
	text := xb.String()
	back, err = ReadXML(&xb)
	if err != nil {
		t.Fatalf("re-reading written XML: %v\n%s", err, text)
	}
	if diff := cmp.Diff(r, back); diff != "" {
		t.Fatalf("XML round trip mismatch (-read +re-read):\n%s\n%s", diff, text)
	}
}

// FuzzReadJSON reads arbitrary input as SPARQL JSON results; whatever it
// accepts must write and read back to the same Results in both formats.
func FuzzReadJSON(f *testing.F) {
	addResultSeeds(f, ".srj")
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadJSON(bytes.NewReader(data))
		if err != nil {
			if r != nil {
				t.Fatalf("ReadJSON returned results and an error: %v", err)
			}
			return
		}
		resultsCheckWritten(t, r)
	})
}

// FuzzReadXML reads arbitrary input as SPARQL XML results; whatever it
// accepts must write and read back to the same Results in both formats.
func FuzzReadXML(f *testing.F) {
	addResultSeeds(f, ".srx")
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadXML(bytes.NewReader(data))
		if err != nil {
			if r != nil {
				t.Fatalf("ReadXML returned results and an error: %v", err)
			}
			return
		}
		resultsCheckWritten(t, r)
	})
}
