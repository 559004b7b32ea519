package rdfio

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sharedDataDir is the benchmark and conformance data folder: ../shared/data
// beside the repository root, seen from this package's directory.
var sharedDataDir = filepath.Join("..", "..", "..", "shared", "data")

// sharedData returns the folder sub of the shared data, or skips the test
// with a clear message when it is absent.
func sharedData(tb testing.TB, sub string) string {
	tb.Helper()
	dir := filepath.Join(sharedDataDir, sub)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Skipf("skipping: data folder %s is absent (the shared data lives in ../shared/data beside the repository root)", dir)
	}
	return dir
}

// dataFiles lists the files under dir for which keep is true, in lexical
// order.
func dataFiles(tb testing.TB, dir string, keep func(path string) bool) []string {
	tb.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && keep(path) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestW3CDataFiles parses every Turtle data file of the W3C SPARQL 1.0 and
// 1.1 query-evaluation tests (manifests excluded) and every RDF/XML file.
func TestW3CDataFiles(t *testing.T) {
	dir := sharedData(t, "w3c-sparql")
	files := dataFiles(t, dir, func(p string) bool {
		base := filepath.Base(p)
		return (strings.HasSuffix(p, ".ttl") || strings.HasSuffix(p, ".rdf")) && !strings.HasPrefix(base, "manifest")
	})
	counts := map[string]int{}
	triples := map[string]int{}
	for _, f := range files {
		n := 0
		err := ReadFile(context.Background(), f, "", func(Quad) error { n++; return nil })
		ext := filepath.Ext(f)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		counts[ext]++
		triples[ext] += n
	}
	t.Logf("parsed %d .ttl files (%d triples) and %d .rdf files (%d triples) of %d", counts[".ttl"], triples[".ttl"], counts[".rdf"], triples[".rdf"], len(files))
}

// TestSpiderGraphs parses every Spider4SPARQL graph (dev and train).
func TestSpiderGraphs(t *testing.T) {
	dir := sharedData(t, filepath.Join("spider4sparql", "graphs"))
	files := dataFiles(t, dir, func(p string) bool { _, ok := FormatFromPath(p); return ok })
	var n, bytes int64
	start := time.Now()
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			bytes += st.Size()
		}
		err := ReadFile(context.Background(), f, "", func(Quad) error { n++; return nil })
		if err != nil {
			t.Errorf("%v", err)
		}
	}
	el := time.Since(start)
	t.Logf("%d files, %d triples in %v (%.0f triples/s; %d bytes on disk, compressed for train)", len(files), n, el, float64(n)/el.Seconds(), bytes)
}
