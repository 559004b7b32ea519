package rdfio

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormatFromPath(t *testing.T) {
	tests := []struct {
		path string
		want Format
		ok   bool
	}{
		{"a.nt", NTriples, true}, {"dir/a.NT", NTriples, true}, {"a.nt.gz", NTriples, true},
		{"a.nq", NQuads, true}, {"a.ttl", Turtle, true}, {"a.TTL.GZ", Turtle, true},
		{"a.trig", TriG, true}, {"a.rdf", RDFXML, true}, {"a.owl", RDFXML, true}, {"a.xml.gz", RDFXML, true},
		{"a.json", FormatUnknown, false}, {"a.gz", FormatUnknown, false}, {"nt", FormatUnknown, false}, {"", FormatUnknown, false},
	}
	for _, tt := range tests {
		got, ok := FormatFromPath(tt.path)
		if got != tt.want || ok != tt.ok {
			t.Errorf("FormatFromPath(%q) = %v, %v; want %v, %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

// writeFile writes content to dir/name, gzip-compressed when name ends in
// ".gz".
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	data := []byte(content)
	if strings.HasSuffix(name, ".gz") {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(data)
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		data = b.Bytes()
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content, base string
		want                []string
	}{
		{"a.nt", "<http://a/s> <http://a/p> \"x\" .\n", "", []string{`<http://a/s> <http://a/p> "x"`}},
		{"a.nq.gz", "<http://a/s> <http://a/p> \"x\" <http://a/g> .\n", "", []string{`<http://a/s> <http://a/p> "x" <http://a/g>`}},
		{"a.ttl.gz", "@prefix : <http://a/> . :s :p [] .", "", []string{"<http://a/s> <http://a/p> _:g1"}},
		{"rel.ttl", "<> <p> <#x> .", "", []string{"<" + FileIRI(filepath.Join(dir, "rel.ttl")) + "> <" + FileIRI(filepath.Join(dir, "p")) + "> <" + FileIRI(filepath.Join(dir, "rel.ttl")) + "#x>"}},
		{"base.ttl", "<> <p> <#x> .", "http://b/doc", []string{"<http://b/doc> <http://b/p> <http://b/doc#x>"}},
		{"g.trig", "<http://a/g> { <http://a/s> <http://a/p> 1 }", "", []string{`<http://a/s> <http://a/p> "1"^^<` + xsd + `integer> <http://a/g>`}},
		{"x.rdf", xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p>v</ex:p></rdf:Description></rdf:RDF>`, "", []string{`<http://ex/s> <http://ex/p> "v"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, dir, tt.name, tt.content)
			got, err := collect(func(h func(Quad) error) error { return ReadFile(context.Background(), path, tt.base, h) })
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content string
		want          string // the error message after "dir/"
	}{
		{"bad.nt", "<http://a/s> <http://a/p> <http://a/o> .\n<http://a/s> <http://a/p> .\n", "bad.nt: line 2, column 27: expected an object (IRI, blank node or literal), found \".\""},
		{"bad.ttl.gz", "@prefix : <http://a/> .\n:s :p :o ;\n  :q \"x .", "bad.ttl.gz: line 3, column 6: unterminated string"},
		{"bad.trig", "<http://a/g> { <http://a/s> <http://a/p> }", "bad.trig: line 1, column 42: expected an object (IRI, blank node, literal, [ … ] or ( … )), found \"}\""},
		{"bad.rdf", "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n<Bad/></rdf:RDF>", "bad.rdf: line 2, column 7: node element <Bad> has no namespace"},
		{"notgzip.nt.gz", "plain text", "notgzip.nt.gz: gunzip: gzip: invalid header"},
		{"a.json", "{}", "a.json: unknown RDF format (want .nt, .nq, .ttl, .trig, .rdf, .owl or .xml, optionally .gz)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var path string
			if strings.HasPrefix(tt.name, "notgzip") {
				path = filepath.Join(dir, tt.name)
				if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				path = writeFile(t, dir, tt.name, tt.content)
			}
			err := ReadFile(context.Background(), path, "", func(Quad) error { return nil })
			if err == nil {
				t.Fatal("no error")
			}
			if got, want := err.Error(), filepath.Join(dir, tt.want); got != want {
				t.Errorf("error\n got %s\nwant %s", got, want)
			}
		})
	}
	err := ReadFile(context.Background(), filepath.Join(dir, "missing.nt"), "", func(Quad) error { return nil })
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing.nt") {
		t.Errorf("missing file: error %v, want one naming the file and wrapping os.ErrNotExist", err)
	}
}

// TestReadCancel checks that a cancelled context stops a read within a few
// thousand statements, with an error that wraps context.Canceled.
func TestReadCancel(t *testing.T) {
	data := genNTriples(50_000)
	for _, f := range []Format{NTriples, Turtle} {
		t.Run(f.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			n := 0
			err := Reader{}.Read(ctx, bytes.NewReader(data), f, "", func(Quad) error {
				n++
				if n == 10 {
					cancel()
				}
				return nil
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
			if n > 10+checkEvery {
				t.Errorf("read %d statements after cancellation, want at most %d", n, 10+checkEvery)
			}
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Errorf("error %q should say where the read stopped", err)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (Reader{}).Read(ctx, bytes.NewReader(data), NTriples, "", func(Quad) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("already cancelled: error %v, want context.Canceled", err)
	}
	if err := (Reader{}).Read(context.Background(), bytes.NewReader(data), Format(42), "", func(Quad) error { return nil }); err == nil {
		t.Errorf("unknown format: no error")
	}
}

func TestFileIRI(t *testing.T) {
	dir := t.TempDir()
	got := FileIRI(filepath.Join(dir, "my graph#1.ttl"))
	want := "file://" + filepath.ToSlash(dir) + "/my%20graph%231.ttl"
	if got != want {
		t.Errorf("FileIRI = %q, want %q", got, want)
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{File: "f.ttl", Line: 3, Column: 4, Err: errors.New("bad")}, "f.ttl: line 3, column 4: bad"},
		{Error{Line: 3, Err: errors.New("bad")}, "line 3: bad"},
		{Error{File: "f.rdf", Err: errors.New("bad")}, "f.rdf: bad"},
		{Error{}, "unknown error"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

// TestConcurrentReads runs reads of every format through one Reader at
// once (run with -race): a Reader holds no per-read state.
func TestConcurrentReads(t *testing.T) {
	r := Reader{BNodePrefix: "c_"}
	docs := []struct {
		f   Format
		src string
	}{
		{NTriples, string(genNTriples(2000))},
		{Turtle, ex + ":s :p [ :q ( 1 2 ) ] ."},
		{TriG, ex + ":g { :s :p [] }"},
		{RDFXML, xmlHead + `<rdf:Description rdf:about="http://ex/s"><ex:p>v</ex:p></rdf:Description></rdf:RDF>`},
	}
	want := make([][]string, len(docs))
	for i, d := range docs {
		var err error
		want[i], err = collect(func(h func(Quad) error) error {
			return r.Read(context.Background(), strings.NewReader(d.src), d.f, "", h)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan error, 4*len(docs))
	for range 4 {
		for i, d := range docs {
			go func() {
				got, err := collect(func(h func(Quad) error) error {
					return r.Read(context.Background(), strings.NewReader(d.src), d.f, "", h)
				})
				if err == nil && !cmp.Equal(got, want[i]) {
					err = errors.New(d.f.String() + ": concurrent read differs")
				}
				errs <- err
			}()
		}
	}
	for range 4 * len(docs) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
