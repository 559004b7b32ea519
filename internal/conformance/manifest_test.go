package conformance

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

const manifestHead = `@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix mf: <http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#> .
@prefix dawgt: <http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#> .
@prefix qt: <http://www.w3.org/2001/sw/DataAccess/tests/test-query#> .
@prefix : <http://ex/m#> .
`

// writeFiles creates files (slash paths relative to dir) with contents.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReadManifest(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a/manifest.ttl": manifestHead + `
<> rdf:type mf:Manifest ; mf:entries ( :pos :neg :eval :upd ) .
:pos rdf:type mf:PositiveSyntaxTest11 ; mf:name "pos" ; dawgt:approval dawgt:Approved ; mf:action <pos.rq> ;.
:neg a mf:NegativeSyntaxTest ; mf:name "neg" ; mf:action <../b/neg.rq> .
:eval a mf:QueryEvaluationTest ; mf:action [ qt:query <q.rq> ; qt:data <d.ttl> ; ] .
:upd a mf:PositiveUpdateSyntaxTest11 ; mf:action <u.ru> .
:unlisted a mf:PositiveSyntaxTest ; mf:action <x.rq> .
`})
	abs, _ := filepath.Abs(dir)
	got, err := ReadManifest(filepath.Join(dir, "a", "manifest.ttl"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Test{
		{IRI: "http://ex/m#pos", Name: "pos", Type: PositiveSyntax11, Action: filepath.Join(abs, "a", "pos.rq"), Approval: "Approved"},
		{IRI: "http://ex/m#neg", Name: "neg", Type: NegativeSyntax, Action: filepath.Join(abs, "b", "neg.rq")},
		{IRI: "http://ex/m#upd", Type: PositiveUpdateSyntax, Action: filepath.Join(abs, "a", "u.ru")},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Test{}, "Manifest")); diff != "" {
		t.Errorf("tests (-want +got):\n%s", diff)
	}
}

func TestReadManifestErrors(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"turtle error names file and position", "<> rdf:type mf:Manifest ; mf:entries ( :a ", "manifest.ttl:6:43: unterminated collection"},
		{"action is not an IRI", "<> rdf:type mf:Manifest ; mf:entries ( :a ) .\n:a a mf:PositiveSyntaxTest ; mf:action \"x.rq\" .", "want one mf:action IRI"},
		{"two actions", "<> rdf:type mf:Manifest ; mf:entries ( :a ) .\n:a a mf:PositiveSyntaxTest ; mf:action <x.rq>, <y.rq> .", "found 2"},
		{"remote action", "<> rdf:type mf:Manifest ; mf:entries ( :a ) .\n:a a mf:PositiveSyntaxTest ; mf:action <http://x/y.rq> .", "is not a local file"},
		{"broken list", "<> rdf:type mf:Manifest ; mf:entries _:l .\n_:l rdf:first :a .", "malformed list node"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"manifest.ttl": manifestHead + tc.body})
			_, err := ReadManifest(filepath.Join(dir, "manifest.ttl"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestLoadSyntaxSuiteDeduplicates(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"x/manifest.ttl": manifestHead + "<> a mf:Manifest ; mf:entries ( :a :b ) .\n:a a mf:PositiveSyntaxTest ; mf:action <a.rq> .\n:b a mf:NegativeSyntaxTest11 ; mf:action <b.rq> .",
		// lists x/a.rq again (same kind) and a new test
		"y/manifest.ttl":       manifestHead + "<> a mf:Manifest ; mf:entries ( :a2 :c ) .\n:a2 a mf:PositiveSyntaxTest11 ; mf:action <../x/a.rq> .\n:c a mf:NegativeUpdateSyntaxTest11 ; mf:action <c.ru> .",
		"y/manifest-other.ttl": "this is not read",
	})
	s, err := LoadSyntaxSuite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Manifests) != 2 || len(s.Tests) != 3 {
		t.Fatalf("got %d manifests, %d tests; want 2 and 3: %+v", len(s.Manifests), len(s.Tests), s.Tests)
	}
	var names []string
	for _, tt := range s.Tests {
		names = append(names, rel(dir, tt.Action)+" "+string(tt.Type))
	}
	want := []string{"x/a.rq PositiveSyntaxTest", "x/b.rq NegativeSyntaxTest11", "y/c.ru NegativeUpdateSyntaxTest11"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("tests (-want +got):\n%s", diff)
	}

	// The same file listed as positive and negative is a suite defect.
	writeFiles(t, dir, map[string]string{
		"z/manifest.ttl": manifestHead + "<> a mf:Manifest ; mf:entries ( :n ) .\n:n a mf:NegativeSyntaxTest ; mf:action <../x/a.rq> .",
	})
	if _, err := LoadSyntaxSuite(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "is a PositiveSyntaxTest test") {
		t.Errorf("conflicting types: error = %v", err)
	}

	if _, err := LoadSyntaxSuite(context.Background(), t.TempDir()); err == nil || !strings.Contains(err.Error(), "no manifest.ttl") {
		t.Errorf("empty suite: error = %v", err)
	}
	if _, err := LoadSyntaxSuite(context.Background(), filepath.Join(dir, "missing")); err == nil {
		t.Error("missing suite directory: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LoadSyntaxSuite(ctx, dir); err == nil {
		t.Error("cancelled context: no error")
	}
}
