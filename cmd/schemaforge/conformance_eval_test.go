package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (slash paths → contents) under a new temporary
// directory and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const evalManifest = `@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix mf: <http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#> .
@prefix qt: <http://www.w3.org/2001/sw/DataAccess/tests/test-query#> .
@prefix : <http://example.org/m#> .
<> rdf:type mf:Manifest ; mf:entries ( :ok :wrong :graph ) .
:ok a mf:QueryEvaluationTest ; mf:action [ qt:query <q.rq> ; qt:data <data.ttl> ] ; mf:result <ok.srj> .
:wrong a mf:QueryEvaluationTest ; mf:action [ qt:query <q.rq> ; qt:data <data.ttl> ] ; mf:result <wrong.srj> .
:graph a mf:QueryEvaluationTest ; mf:action [ qt:query <g.rq> ; qt:graphData <data.ttl> ] ; mf:result <g.ttl> .
`

// binding is a JSON results row {s: ex:<s>, o: <o>^^xsd:integer}.
func binding(s, o string) string {
	return `{"s":{"type":"uri","value":"http://example.org/` + s + `"},"o":{"type":"literal","value":"` + o +
		`","datatype":"http://www.w3.org/2001/XMLSchema#integer"}}`
}

// evalSuite is a three-test suite: one passes, one has a wrong expected
// answer, one checks that named graphs are named by their file URL, plus
// a SERVICE folder that must be skipped.
var evalSuite = map[string]string{
	"manifest.ttl": evalManifest,
	"data.ttl":     "@prefix : <http://example.org/> . :a :p 1 . :b :p 2 .",
	"q.rq":         "PREFIX : <http://example.org/> SELECT ?s ?o WHERE { ?s :p ?o } ORDER BY ?o",
	"g.rq":         "SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } } LIMIT 1",
	"ok.srj":       `{"head":{"vars":["s","o"]},"results":{"bindings":[` + binding("a", "1") + "," + binding("b", "2") + `]}}`,
	"wrong.srj":    `{"head":{"vars":["s","o"]},"results":{"bindings":[` + binding("b", "2") + "," + binding("a", "1") + `]}}`,
	"g.ttl": `@prefix rs: <http://www.w3.org/2001/sw/DataAccess/tests/result-set#> .
[] a rs:ResultSet ; rs:resultVariable "g" ; rs:solution [ rs:binding [ rs:variable "g" ; rs:value <data.ttl> ] ] .`,
	"service/manifest.ttl": `@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix mf: <http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#> .
@prefix qt: <http://www.w3.org/2001/sw/DataAccess/tests/test-query#> .
<> rdf:type mf:Manifest ; mf:entries ( <#s1> ) .
<#s1> a mf:QueryEvaluationTest ; mf:action [ qt:query <s.rq> ] ; mf:result <s.srx> .`,
}

func TestConformanceEval(t *testing.T) {
	needStore(t)
	ctx := context.Background()
	dir := writeTree(t, evalSuite)
	r := invoke(ctx, "", "conformance", "eval", "--suite", dir, "--json")
	if r.code != exitFail {
		t.Errorf("exit %d, want %d (one failing test); stderr %q", r.code, exitFail, r.stderr)
	}
	var rep struct {
		Passed   int            `json:"passed"`
		Total    int            `json:"total"`
		Skipped  map[string]int `json:"skipped"`
		Failures []struct {
			Test, Query, Error string
		} `json:"failures"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("JSON report: %v\n%s", err, r.stdout)
	}
	if rep.Passed != 2 || rep.Total != 3 || rep.Skipped["service"] != 1 {
		t.Errorf("report %+v: want 2 of 3 passed, 1 SERVICE test skipped", rep)
	}
	if len(rep.Failures) != 1 || rep.Failures[0].Test != "manifest#wrong" || !strings.Contains(rep.Failures[0].Error, "order differs") {
		t.Errorf("failures %+v: want manifest#wrong with an order difference", rep.Failures)
	}

	// --run selects tests; the summary form names the counts.
	r = invoke(ctx, "", "conformance", "eval", "--suite", dir, "--run", "g\\.rq")
	if r.code != exitOK || !strings.Contains(r.stdout, "passed   1/1") || !strings.Contains(r.stdout, "unmatched 3") {
		t.Errorf("--run: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{{"--run", "("}, {"extra"}} {
		if r := invoke(ctx, "", append([]string{"conformance", "eval", "--suite", dir}, args...)...); r.code != exitUsage {
			t.Errorf("eval %v: exit %d, want %d", args, r.code, exitUsage)
		}
	}
	if r := invoke(ctx, "", "conformance", "eval", "--suite", filepath.Join(dir, "nowhere")); r.code != exitFail {
		t.Errorf("missing suite: exit %d", r.code)
	}
}

// TestConformanceEvalW3C runs the real suite through the CLI and logs the
// figures (the pass-rate threshold belongs to the store).
func TestConformanceEvalW3C(t *testing.T) {
	needStore(t)
	suite := filepath.Join(dataDir, "w3c-sparql")
	if _, err := os.Stat(suite); err != nil {
		t.Skipf("W3C suite %s absent (it lives beside the repository in ../shared/data): %v", suite, err)
	}
	r := invoke(context.Background(), "", "conformance", "eval", "--suite", suite, "--json")
	var rep struct {
		Passed, Total int
		Skipped       map[string]int
		Failures      []json.RawMessage
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("exit %d: %v\n%s", r.code, err, r.stderr)
	}
	t.Logf("conformance eval: passed %d/%d, skipped %v, %d failures", rep.Passed, rep.Total, rep.Skipped, len(rep.Failures))
	if (r.code == exitOK) != (len(rep.Failures) == 0) {
		t.Errorf("exit %d with %d failures", r.code, len(rep.Failures))
	}
}

func TestConformanceSpider(t *testing.T) {
	needStore(t)
	ctx := context.Background()
	xsdInt := `"datatype":"http://www.w3.org/2001/XMLSchema#integer"`
	dir := writeTree(t, map[string]string{
		"spider4sparql/questions/dev-public.csv": "index,kg_name,question,query\n" +
			"0,Tiny,How many?,select (count(*) as ?c) where { ?x a :thing }\n" +
			"1,tiny,Oldest?,select ?n where { ?x :thing\\#name ?n ; :thing\\#age ?a } order by desc(?a) limit 1\n" +
			"2,tiny,Ages?,select ?a where { ?x :thing\\#age ?a }\n",
		"spider4sparql/gold/dev-public.jsonl": `{"index":0,"kg":"tiny","status":"ok","vars":["c"],"bindings":[{"c":{"type":"literal","value":"3",` + xsdInt + `}}],"ordered":false}
{"index":1,"kg":"tiny","status":"ok","vars":["n"],"bindings":[{"n":{"type":"literal","value":"b"}}],"ordered":true}
{"index":2,"kg":"tiny","status":"ok","vars":["a"],"bindings":[{"a":{"type":"literal","value":"40",` + xsdInt + `}}],"ordered":false}
`,
		"spider4sparql/graphs/dev/tiny.nt": `<http://valuenet/ontop/x1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/thing> .
<http://valuenet/ontop/x2> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/thing> .
<http://valuenet/ontop/x3> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/thing> .
<http://valuenet/ontop/x1> <http://valuenet/ontop/thing#name> "a" .
<http://valuenet/ontop/x1> <http://valuenet/ontop/thing#age> "40"^^<http://www.w3.org/2001/XMLSchema#integer> .
<http://valuenet/ontop/x2> <http://valuenet/ontop/thing#name> "b" .
<http://valuenet/ontop/x2> <http://valuenet/ontop/thing#age> "40"^^<http://www.w3.org/2001/XMLSchema#integer> .
`,
	})
	// --data may name the shared data folder that holds spider4sparql.
	r := invoke(ctx, "", "conformance", "spider", "--data", dir, "--split", "dev-public", "--json")
	var rep struct {
		Total, Agree int
		Disagree     []struct {
			Index int
			Why   string
		}
		Errors []json.RawMessage
		Ties   []struct{ Index int }
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("exit %d: %v\nstdout %s\nstderr %s", r.code, err, r.stdout, r.stderr)
	}
	// 0 agrees; 1 agrees through the tie at LIMIT 1 whichever of a and b
	// the store picks; 2 disagrees (the gold lacks a row).
	if rep.Total != 3 || rep.Agree != 2 || len(rep.Disagree) != 1 || rep.Disagree[0].Index != 2 || len(rep.Errors) != 0 {
		t.Errorf("report %s", r.stdout)
	}
	if r.code != exitFail {
		t.Errorf("exit %d with a disagreement, want %d", r.code, exitFail)
	}
	r = invoke(ctx, "", "conformance", "spider", "--data", filepath.Join(dir, "spider4sparql"), "--limit", "1", "--progress")
	if r.code != exitOK || !strings.Contains(r.stdout, "agree     1/1") || !strings.Contains(r.stderr, "tiny") {
		t.Errorf("--limit 1: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := invoke(ctx, "", "conformance", "spider", "--split", "test"); r.code != exitUsage {
		t.Errorf("unknown split: exit %d", r.code)
	}
}

// TestConformanceSpiderDev runs the dev-public questions of one real graph
// through the CLI and logs the figures.
func TestConformanceSpiderDev(t *testing.T) {
	needStore(t)
	dir := filepath.Join(dataDir, "spider4sparql")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("Spider data %s absent (it lives beside the repository in ../shared/data): %v", dir, err)
	}
	r := invoke(context.Background(), "", "conformance", "spider", "--data", dir, "--kg", "concert_singer", "--json")
	var rep struct {
		Total, Agree int
		MSTotal      float64 `json:"ms_total"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("exit %d: %v\n%s", r.code, err, r.stderr)
	}
	t.Logf("concert_singer: agree %d/%d, queries %.1f ms", rep.Agree, rep.Total, rep.MSTotal)
	if rep.Total != 45 {
		t.Errorf("%d concert_singer questions, want 45", rep.Total)
	}
}
