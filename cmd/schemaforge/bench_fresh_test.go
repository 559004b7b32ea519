package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// freshKeys are the keys of bench fresh's JSON and of each of its bins.
var (
	freshKeys = []string{"dataset", "questions", "asked", "by_collection", "by_shape", "parts", "theta", "m"}
	binKeys   = []string{"n", "right", "ea", "right_verified", "right_not_verified", "wrong_verified", "wrong_not_verified", "wrong_verified_share"}
)

// checkBins checks that a bins object has every key and that its four
// bins add up to n; it returns n.
func checkBins(t *testing.T, name string, b map[string]any) int {
	t.Helper()
	for _, k := range binKeys {
		if _, ok := b[k]; !ok {
			t.Errorf("%s: no %q in %v", name, k, b)
		}
	}
	sum := 0.0
	for _, k := range binKeys[3:7] {
		v, _ := b[k].(float64)
		sum += v
	}
	n, _ := b["n"].(float64)
	if sum != n {
		t.Errorf("%s: bins add up to %v, n is %v", name, sum, n)
	}
	return int(n)
}

// TestBenchFreshDemo runs bench fresh end to end without the Spider data:
// the demo part only, said on stderr and in the JSON. It checks the
// report's form, not its figures.
func TestBenchFreshDemo(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "fresh", "--data", t.TempDir(), "--json", "--results"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "demo part only") {
		t.Errorf("stderr does not say that only the demo part ran: %s", stderr.String())
	}
	var r map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	for _, k := range freshKeys {
		if _, ok := r[k]; !ok {
			t.Errorf("no %q in the report", k)
		}
	}
	n := checkBins(t, "overall", r)
	if asked, _ := r["asked"].(float64); n == 0 || int(asked) != n {
		t.Errorf("n %d, asked %v", n, r["asked"])
	}
	if sk, _ := r["skipped"].([]any); len(sk) != 1 || !strings.Contains(sk[0].(string), "spider-dev") {
		t.Errorf("skipped: %v", r["skipped"])
	}
	colls, _ := r["by_collection"].(map[string]any)
	if len(colls) != 1 || colls["demo"] == nil {
		t.Fatalf("by_collection: %v", r["by_collection"])
	}
	if got := checkBins(t, "demo", colls["demo"].(map[string]any)); got != n {
		t.Errorf("demo n %d, overall %d", got, n)
	}
	shapes, _ := r["by_shape"].(map[string]any)
	total := 0
	for s, b := range shapes {
		total += checkBins(t, s, b.(map[string]any))
	}
	if total != n {
		t.Errorf("shapes add up to %d questions, want %d", total, n)
	}
	parts, _ := r["parts"].(map[string]any)
	demo, _ := parts["demo"].(map[string]any)
	if items, _ := demo["results"].([]any); len(items) != n {
		t.Errorf("--results: %d items in parts.demo, want %d", len(items), n)
	}

	// For people: a table with the bins.
	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"bench", "fresh", "--data", t.TempDir()}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"fresh suite:", "skipped spider-dev", "overall", "demo", "negation", "wrong verified share"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestBenchFreshSpider runs both parts when the shared data is present.
func TestBenchFreshSpider(t *testing.T) {
	data := filepath.Join("..", "..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(data, "spider4sparql", "graphs", "dev")); err != nil {
		t.Skipf("Spider4SPARQL dev graphs absent (they live beside the repository in ../shared/data): %v", err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"bench", "fresh", "--data", data, "--json"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if r["asked"] != r["questions"] || r["skipped"] != nil {
		t.Errorf("asked %v of %v, skipped %v", r["asked"], r["questions"], r["skipped"])
	}
	colls, _ := r["by_collection"].(map[string]any)
	if len(colls) != 2 {
		t.Errorf("by_collection: %v", colls)
	}
	parts, _ := r["parts"].(map[string]any)
	sp, _ := parts["spider-dev"].(map[string]any)
	if extra, _ := sp["extra"].(map[string]any); extra["graphs"] != 19.0 {
		t.Errorf("spider-dev part over %v graphs, want the 19 dev graphs", extra["graphs"])
	}
}

func TestBenchFreshUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"bench", "fresh", "extra"}, nil, &stdout, &stderr); code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if !strings.Contains(stderr.String(), "fresh takes no argument") {
		t.Errorf("stderr: %s", stderr.String())
	}
}

// TestBenchFreshBatch runs another batch in the suite's format with
// --questions (the demo part only: --data names no Spider data), and a
// batch that is not one is an error naming the file.
func TestBenchFreshBatch(t *testing.T) {
	dir := t.TempDir()
	batch := filepath.Join(dir, "batch.yaml")
	writeFiles(t, dir, map[string]string{"batch.yaml": `questions:
  - id: b-01
    graph: films
    collection: demo
    shape: relation
    question: Who directed Lantern Festival?
    sparql: |
      PREFIX fi: <http://example.org/films/>
      SELECT ?n WHERE { ?f fi:title "Lantern Festival" ; fi:directedBy ?d . ?d fi:name ?n . }
`, "bad.yaml": "questions: [1, 2]\n"})
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "fresh", "--data", dir, "--questions", batch, "--json"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	if r["questions"] != 1.0 || checkBins(t, "overall", r) != 1 || r["right"] != 1.0 {
		t.Errorf("questions %v, right %v: %s", r["questions"], r["right"], stdout.String())
	}
	stderr.Reset()
	bad := filepath.Join(dir, "bad.yaml")
	if code := run(context.Background(), []string{"bench", "fresh", "--data", dir, "--questions", bad}, nil, &stdout, &stderr); code != exitFail || !strings.Contains(stderr.String(), "bad.yaml") {
		t.Errorf("a bad batch: exit %d, %s", code, stderr.String())
	}
}
