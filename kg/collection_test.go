package kg

import (
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".gz") {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		zw := gzip.NewWriter(f)
		zw.Write([]byte(content))
		zw.Close()
		f.Close()
		return
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const tinyNT = "<http://example.org/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/Thing> .\n<http://example.org/a> <http://example.org/name> \"A\" .\n"

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "one.nt"), tinyNT)
	writeFile(t, filepath.Join(dir, "two.nt.gz"), tinyNT+"<http://example.org/b> <http://example.org/name> \"B\" .\n")
	writeFile(t, filepath.Join(dir, "three.ttl"), "@prefix ex: <http://example.org/> . ex:c a ex:Other .")
	writeFile(t, filepath.Join(dir, "notes.txt"), "not RDF")
	ctx := context.Background()
	coll, err := LoadDir(ctx, dir, LoadOptions{Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range coll.Graphs() {
		ids = append(ids, g.ID)
		if !strings.HasPrefix(g.Fingerprint, "sha256:") || len(g.Files) != 1 {
			t.Errorf("graph %s: fingerprint %q files %v", g.ID, g.Fingerprint, g.Files)
		}
	}
	if diff := cmp.Diff([]string{"one", "three", "two"}, ids); diff != "" {
		t.Errorf("IDs (-want +got):\n%s", diff)
	}
	one, _ := coll.Graph("one")
	two, _ := coll.Graph("two")
	if one.Fingerprint == two.Fingerprint {
		t.Error("different files, same fingerprint")
	}
	res, err := two.Query(ctx, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
	if err != nil || termInt(res.Rows[0]["n"]) != 3 {
		t.Errorf("two: %v %v", res, err)
	}
	if _, ok := coll.Graph("missing"); ok {
		t.Error("found a missing graph")
	}

	// Errors name what failed.
	writeFile(t, filepath.Join(dir, "bad.nt"), "<a> <b> .\n")
	if _, err := LoadDir(ctx, dir, LoadOptions{}); err == nil || !strings.Contains(err.Error(), "graph bad") {
		t.Errorf("bad file: %v", err)
	}
	if _, err := LoadDir(ctx, t.TempDir(), LoadOptions{}); err == nil || !strings.Contains(err.Error(), "no RDF files") {
		t.Errorf("empty dir: %v", err)
	}
	if _, err := LoadDir(ctx, filepath.Join(dir, "absent"), LoadOptions{}); err == nil {
		t.Error("absent dir: no error")
	}
	dup := t.TempDir()
	writeFile(t, filepath.Join(dup, "x.nt"), tinyNT)
	writeFile(t, filepath.Join(dup, "x.ttl"), tinyNT)
	if _, err := LoadDir(ctx, dup, LoadOptions{}); err == nil || !strings.Contains(err.Error(), `two graphs have the ID "x"`) {
		t.Errorf("duplicate IDs: %v", err)
	}
}

func TestGraphQuery(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "g.nt"), tinyNT)
	g, err := LoadGraph(ctx, FileGraph{ID: "g", Files: []string{filepath.Join(dir, "g.nt")}, NamedGraph: "http://example.org/graph"}, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Scoped to the named graph: the data is found through FROM.
	res, err := g.Query(ctx, `SELECT ?n WHERE { ?s <http://example.org/name> ?n }`)
	if err != nil || len(res.Rows) != 1 {
		t.Fatalf("scoped query: %v, %v", res, err)
	}
	// A query with its own dataset is left alone.
	res, err = g.Query(ctx, `SELECT ?n FROM <http://example.org/other> WHERE { ?s <http://example.org/name> ?n }`)
	if err != nil || len(res.Rows) != 0 {
		t.Fatalf("own dataset: %v, %v", res, err)
	}
	for _, q := range []string{
		`INSERT DATA { <a> <b> <c> }`,
		`SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }`,
		`SELECT * WHERE { ?s ?p }`,
	} {
		if _, err := g.Query(ctx, q); err == nil || !strings.Contains(err.Error(), "graph g") {
			t.Errorf("%s: err = %v", q, err)
		}
	}
	var nilEP Graph
	nilEP.ID = "x"
	if _, err := nilEP.Query(ctx, "ASK {}"); err == nil || !strings.Contains(err.Error(), "no endpoint") {
		t.Errorf("no endpoint: %v", err)
	}
}

func TestParseConfig(t *testing.T) {
	yamlText := `
graphs:
  - id: people
    files: [people.ttl]
    description: People.
  - dir: more
  - id: remote
    endpoint: http://localhost:1/sparql
    headers: {Authorization: "Bearer ${SF_TEST_TOKEN}"}
    timeout: 5s
    version: "1"
`
	c, err := ParseConfig([]byte(yamlText), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Graphs) != 3 || c.Graphs[2].Headers["Authorization"] != "Bearer ${SF_TEST_TOKEN}" {
		t.Errorf("config = %+v", c)
	}
	jc, err := ParseConfig([]byte(`{"graphs":[{"id":"people","files":["people.ttl"],"description":"People."},{"dir":"more"},{"id":"remote","endpoint":"http://localhost:1/sparql","headers":{"Authorization":"Bearer ${SF_TEST_TOKEN}"},"timeout":"5s","version":"1"}]}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(c, jc); diff != "" {
		t.Errorf("YAML and JSON differ (-yaml +json):\n%s", diff)
	}
	bad := map[string]string{
		"graphs:\n  - id: x\n    filez: [a.ttl]\n":                               "filez",
		"graphs:\n  - id: x\n":                                                   "exactly one of",
		"graphs:\n  - id: x\n    files: [a]\n    endpoint: http://x/\n":          "exactly one of",
		"graphs:\n  - endpoint: http://x/\n":                                     "needs an id",
		"graphs:\n  - dir: d\n    id: x\n":                                       "dir takes no id",
		"graphs:\n  - id: x\n    files: [a]\n    timeout: 5s\n":                  "endpoints only",
		"graphs:\n  - id: x\n    endpoint: http://x/\n    timeout: soon\n":       "bad timeout",
		"graphs:\n  - id: x\n    files: [a]\n    text_search: engine\n":          "endpoints only",
		"graphs:\n  - id: x\n    endpoint: http://x/\n    text_search: lucene\n": "unknown text_search",
		"graphs: [":               "YAML",
		`{"graphs": [{"id": 1}]}`: "JSON",
		`{"graphs": []} trailing`: "",
	}
	for text, want := range bad {
		_, err := ParseConfig([]byte(text), "")
		if want == "" {
			continue // only must not panic
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseConfig(%q) = %v, want an error with %q", text, err, want)
		}
	}
}

func TestLoadConfig(t *testing.T) {
	t.Setenv("SF_TEST_TOKEN", "secret")
	var auth atomic.Value
	h := NewHandler(testStore(t, testTurtle))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()

	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "data", "people.nt"), tinyNT)
	writeFile(t, filepath.Join(dir, "more", "m1.nt"), tinyNT)
	writeFile(t, filepath.Join(dir, "more", "m2.nt.gz"), tinyNT)
	writeFile(t, filepath.Join(dir, "void.ttl"), voidTurtle)
	cfg := "graphs:\n" +
		"  - id: people\n    files: [data/people.nt]\n    description: People.\n    named_graph: http://example.org/people\n" +
		"  - dir: more\n" +
		"  - id: remote\n    endpoint: " + srv.URL + "\n    headers: {Authorization: \"Bearer ${SF_TEST_TOKEN}\"}\n    timeout: 5s\n    version: \"7\"\n    void: void.ttl\n"
	writeFile(t, filepath.Join(dir, "kg.yaml"), cfg)
	ctx := context.Background()
	coll, err := Open(ctx, filepath.Join(dir, "kg.yaml"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range coll.Graphs() {
		ids = append(ids, g.ID)
	}
	if diff := cmp.Diff([]string{"m1", "m2", "people", "remote"}, ids); diff != "" {
		t.Fatalf("IDs (-want +got):\n%s", diff)
	}
	people, _ := coll.Graph("people")
	if people.Description != "People." || people.NamedGraph != "http://example.org/people" {
		t.Errorf("people = %+v", people)
	}
	remote, _ := coll.Graph("remote")
	if remote.Fingerprint == "" || remote.Source != srv.URL {
		t.Errorf("remote = %+v", remote)
	}
	res, err := remote.Query(ctx, "ASK { ?s a <http://example.org/Person> }")
	if err != nil || res.Boolean == nil || !*res.Boolean {
		t.Fatalf("remote ASK: %v %v", res, err)
	}
	if got := auth.Load(); got != "Bearer secret" {
		t.Errorf("Authorization = %q", got)
	}
	// Summaries of all four, the remote one through HTTP.
	cache := &SummaryCache{Dir: filepath.Join(dir, "cache")}
	if err := coll.Summarize(ctx, SummarizeOptions{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	if p, ok := remote.Summary.Class(ex + "Person"); !ok || p.Count != 1000 || !remote.Summary.FromVoID {
		t.Errorf("remote summary: ex:Person = %+v", p)
	}
	if p, ok := people.Summary.Property(ex + "name"); !ok || p.Count != 1 {
		t.Errorf("people summary: ex:name = %+v", p)
	}
	entries, _ := os.ReadDir(cache.Dir)
	if len(entries) != 4 {
		t.Errorf("%d cache files, want 4", len(entries))
	}

	// The JSON form of the same config loads the same graphs.
	writeFile(t, filepath.Join(dir, "kg.json"), `{"graphs":[{"dir":"more"}]}`)
	jc, err := Open(ctx, filepath.Join(dir, "kg.json"), LoadOptions{})
	if err != nil || jc.Len() != 2 {
		t.Errorf("JSON config: %v graphs, %v", jc, err)
	}
	// Errors name the file.
	writeFile(t, filepath.Join(dir, "bad.yaml"), "graphs:\n  - files: [absent.nt]\n")
	if _, err := Open(ctx, filepath.Join(dir, "bad.yaml"), LoadOptions{}); err == nil || !strings.Contains(err.Error(), "bad.yaml") {
		t.Errorf("missing file: %v", err)
	}
	writeFile(t, filepath.Join(dir, "empty.yaml"), "graphs: []\n")
	if _, err := Open(ctx, filepath.Join(dir, "empty.yaml"), LoadOptions{}); err == nil || !strings.Contains(err.Error(), "no graphs") {
		t.Errorf("empty config: %v", err)
	}
}

func TestSummaryCache(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "g.nt"), tinyNT)
	load := func() *Collection {
		c, err := LoadDir(ctx, dir, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	cache := &SummaryCache{Dir: filepath.Join(t.TempDir(), "c")}
	c1 := load()
	if err := c1.Summarize(ctx, SummarizeOptions{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	g1, _ := c1.Graph("g")
	// A second load finds the summary in the cache: no query is run.
	c2 := load()
	g2, _ := c2.Graph("g")
	counter := &failing{Endpoint: g2.Endpoint}
	g2.Endpoint = counter
	if err := c2.Summarize(ctx, SummarizeOptions{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	if n := counter.calls.Load(); n != 0 {
		t.Errorf("%d queries with a cached summary", n)
	}
	if diff := cmp.Diff(g1.Summary, g2.Summary); diff != "" {
		t.Errorf("cached summary differs (-fresh +cached):\n%s", diff)
	}
	// Other options, another entry.
	if err := c2.Summarize(ctx, SummarizeOptions{Cache: cache, Force: true, Summary: SummaryOptions{ValueSamples: 1}}); err != nil {
		t.Fatal(err)
	}
	if counter.calls.Load() == 0 {
		t.Error("changed options used the cached summary")
	}
	// Changed content, new fingerprint: summarised again.
	writeFile(t, filepath.Join(dir, "g.nt"), tinyNT+"<http://example.org/z> <http://example.org/name> \"Z\" .\n")
	c3 := load()
	if err := c3.Summarize(ctx, SummarizeOptions{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	g3, _ := c3.Graph("g")
	if p, _ := g3.Summary.Property(ex + "name"); p == nil || p.Count != 2 {
		t.Errorf("changed graph: ex:name = %+v", p)
	}
	// A damaged cache file is a miss, not an error.
	entries, _ := os.ReadDir(cache.Dir)
	for _, e := range entries {
		os.WriteFile(filepath.Join(cache.Dir, e.Name()), []byte("{not json"), 0o644)
	}
	c4 := load()
	if err := c4.Summarize(ctx, SummarizeOptions{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	if g4, _ := c4.Graph("g"); g4.Summary == nil {
		t.Error("no summary after a damaged cache file")
	}
	// An unwritable cache is reported, and the summary is still set.
	blocked := filepath.Join(t.TempDir(), "file")
	writeFile(t, blocked, "x")
	c5 := load()
	err := c5.Summarize(ctx, SummarizeOptions{Cache: &SummaryCache{Dir: filepath.Join(blocked, "sub")}})
	if g5, _ := c5.Graph("g"); err == nil || g5.Summary == nil {
		t.Errorf("unwritable cache: err %v, summary %v", err, g5.Summary != nil)
	}
}
