package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	schemaforge "github.com/schemaforge/go-schemaforge"

	"github.com/schemaforge/go-schemaforge/internal/llmtest"
	"github.com/schemaforge/go-schemaforge/internal/svgtest"
	"github.com/schemaforge/go-schemaforge/llm"
)

// qaKeys are the keys every pipeline bench JSON has.
var qaKeys = []string{"ea", "qsc", "tf1", "mf1", "top1", "top3", "top_k", "f1", "ndcg", "p50_ms", "p95_ms", "n",
	"by_operation", "reject_rate", "repair_rate", "llm_calls_per_question", "tokens_per_question", "ablation",
	"verified_precision", "verified_coverage", "precision_at_coverage", "aurc", "ece", "ece_if_calibrated", "reliability"}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// pipelineSpiderData writes a Spider-like folder: one graph of singers,
// two questions with their gold answers.
func pipelineSpiderData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var nt strings.Builder
	for i, c := range []string{"France", "Peru", "France", "Chile", "Peru"} {
		s := "<http://valuenet/ontop/singer/id=" + string(rune('1'+i)) + ">"
		nt.WriteString(s + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/singer> .\n")
		nt.WriteString(s + " <http://valuenet/ontop/singer#name> \"S" + string(rune('1'+i)) + "\" .\n")
		nt.WriteString(s + " <http://valuenet/ontop/singer#country> \"" + c + "\" .\n")
	}
	writeFiles(t, dir, map[string]string{
		"graphs/dev/singers.nt": nt.String(),
		"questions/dev-public.csv": "index,kg_name,question,query\n" +
			"0,singers,How many singers are there?,select (count(*) as ?n) where { ?t a :singer . }\n" +
			"1,singers,What are the names of the singers from France?,select ?n where { ?t a :singer . ?t :singer\\#name ?n . ?t :singer\\#country ?c . FILTER(?c = 'France') }\n",
		"gold/dev-public.jsonl": `{"index":0,"kg":"singers","status":"ok","vars":["n"],"bindings":[{"n":{"type":"literal","value":"5","datatype":"http://www.w3.org/2001/XMLSchema#integer"}}],"ordered":false}` + "\n" +
			`{"index":1,"kg":"singers","status":"ok","vars":["n"],"bindings":[{"n":{"type":"literal","value":"S1"}},{"n":{"type":"literal","value":"S3"}}],"ordered":false}` + "\n",
	})
	return dir
}

func decodeQA(t *testing.T, out []byte) map[string]any {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range qaKeys {
		if _, ok := r[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	return r
}

func TestBenchPipeline(t *testing.T) {
	dir := pipelineSpiderData(t)
	report := filepath.Join(t.TempDir(), "report")
	var stdout, stderr bytes.Buffer
	// The pipeline is the default stage.
	code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--json", "--results",
		"--sweep", "theta,m", "--report", report, "--concurrency", "1"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	r := decodeQA(t, stdout.Bytes())
	if r["n"] != 2.0 || r["qsc"] != 1.0 || r["top1"] != 1.0 {
		t.Errorf("n %v, qsc %v, top1 %v", r["n"], r["qsc"], r["top1"])
	}
	if items, _ := r["results"].([]any); len(items) != 2 {
		t.Errorf("%d results", len(items))
	}
	if sweep, _ := r["sweep"].([]any); len(sweep) != 20 {
		t.Errorf("%d sweep cells, want 20", len(sweep))
	}
	if strings.Contains(stderr.String(), "\r") {
		t.Errorf("progress shown on a non-terminal: %q", stderr.String())
	}
	if items, _ := r["results"].([]any); len(items) > 0 {
		if it, _ := items[0].(map[string]any); it["confidence"] == nil || it["verified"] == nil {
			t.Errorf("result without confidence or verified: %v", it)
		}
	}
	if pac, _ := r["precision_at_coverage"].(map[string]any); len(pac) != 4 {
		t.Errorf("precision_at_coverage %v", r["precision_at_coverage"])
	}
	for _, f := range []string{"report.md", "allocation-topk.svg", "ea-by-operation.svg", "sweep.svg", "risk-coverage.svg", "reliability.svg"} {
		if _, err := os.Stat(filepath.Join(report, f)); err != nil {
			t.Errorf("report: %v", err)
		}
	}
	// Text output, an ablation, progress on request.
	stdout.Reset()
	stderr.Reset()
	code = run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--ablation", "no-verifier", "--progress"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"pipeline on Spider4SPARQL dev-public, dev pool (1 graphs): 2 questions (ablation: no-verifier)", "EA ", "QSC 100.0%", "allocation top-1 100.0%",
		"confidence: verified precision ", "AURC "} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	// --progress draws the bar even on a non-terminal: count, EA, rate.
	if out := stderr.String(); !strings.Contains(out, "\r") || !strings.Contains(out, "(2/2") || !strings.Contains(out, "EA ") || !strings.Contains(out, "questions/s") {
		t.Errorf("no progress bar: %q", out)
	}
	// Otherwise a plain line every --progress-every questions.
	stdout.Reset()
	stderr.Reset()
	code = run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--progress-every", "1"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out := stderr.String(); strings.Contains(out, "\r") || !strings.Contains(out, "  1/2 questions  EA ") || !strings.Contains(out, "  2/2 questions  EA ") {
		t.Errorf("plain progress: %q", out)
	}
}

// TestBenchAblationAllReport runs --ablation all with --report on a small
// slice (two questions over one graph): the full system and every
// ablation run once each; the JSON carries the comparison, and the
// report has the ablation table and chart and the risk–coverage curve,
// each plot with its legend and axis labels (read as SVG text).
func TestBenchAblationAllReport(t *testing.T) {
	dir := pipelineSpiderData(t)
	report := filepath.Join(t.TempDir(), "report")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--json",
		"--ablation", "all", "--report", report, "--concurrency", "1", "--progress-every", "0"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	r := decodeQA(t, stdout.Bytes())
	if ci, _ := r["ea_ci"].(map[string]any); ci == nil || ci["lo"] == nil || ci["hi"] == nil {
		t.Errorf("no ea_ci: %v", r["ea_ci"])
	}
	// Without a language model, no-skeletons cannot run: it is named
	// with the reason, and every other ablation runs.
	var want []string
	for _, a := range schemaforge.Ablations {
		if a != schemaforge.NoSkeletons {
			want = append(want, string(a))
		}
	}
	if skipped, _ := r["ablations_skipped"].(map[string]any); len(skipped) != 1 || !strings.Contains(fmt.Sprint(skipped["no-skeletons"]), "language model") {
		t.Errorf("ablations_skipped: %v", r["ablations_skipped"])
	}
	abl, _ := r["ablations"].([]any)
	if len(abl) != len(want) {
		t.Fatalf("%d ablations in the JSON, want %d", len(abl), len(want))
	}
	for i, a := range abl {
		m, _ := a.(map[string]any)
		names, _ := m["ablation"].([]any)
		if len(names) != 1 || names[0] != want[i] || m["n"] != 2.0 || m["vs_full"] == nil || m["ea_ci"] == nil {
			t.Errorf("ablation %d: %v, n %v, vs_full %v", i, names, m["n"], m["vs_full"])
		}
	}
	md, err := os.ReadFile(filepath.Join(report, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Ablations (7 configurations on the same 2 questions)", "- no-skeletons: schemaforge: the no-skeletons ablation needs a language model", "![ablations](ablation.svg)",
		"| full system | ", "| no-verifier | ", "| monolithic | ", "![risk-coverage](risk-coverage.svg)", "95% percentile bootstrap"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	for file, want := range map[string][]string{
		"ablation.svg": append([]string{"full system", "EA of the configuration", "EA (exact answer set)", "0%", "100%",
			"95% percentile bootstrap interval (2000 resamples of the questions)"}, want...),
		"risk-coverage.svg": {"coverage (share of questions answered, most confident first)", "risk (share wrong)",
			"best ranking of the same answers (every right answer first)", "risk of the most confident answers, 2 questions (ends labelled in %)"},
	} {
		texts := svgTexts(t, filepath.Join(report, file))
		for _, w := range want {
			if !slices.Contains(texts, w) {
				t.Errorf("%s has no text %q: %q", file, w, texts)
			}
		}
	}
	// --ablation all alone, and only for schemaforge.
	for _, args := range [][]string{{"--ablation", "all", "--ablation", "no-verifier"}, {"--ablation", "all", "--system", "vanilla"}} {
		stderr.Reset()
		code := run(context.Background(), append([]string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public"}, args...), nil, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), "--ablation all") {
			t.Errorf("%v: exit %d, %s", args, code, stderr.String())
		}
	}
}

// svgTexts reads an SVG file and returns the text of each of its text
// elements; it fails the test when the file is not well-formed SVG.
func svgTexts(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := svgtest.Texts(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return texts
}

func TestBenchPipelineUsage(t *testing.T) {
	dir := pipelineSpiderData(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "nope"}, "unknown benchmark"},
		{[]string{"bench", "spider4sparql", "extra", "--split", "dev-public"}, "no argument"},
		{[]string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--sweep", "tau"}, "--sweep"},
		{[]string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--ablation", "no-brain"}, "unknown ablation"},
		{[]string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--decomposer", "llm"}, "needs a model"},
		{[]string{"bench", "qald", "q.json"}, "graphs"},
		{[]string{"bench", "lcquad"}, "give the lcquad file"},
		{[]string{"bench", "text2sparql"}, "--questions"},
		{[]string{"bench", "text2sparql", "--questions", "q.yml"}, "DBpedia"},
	} {
		var stdout, stderr bytes.Buffer
		t.Setenv("SCHEMAFORGE_LLM_MODEL", "")
		if code := run(context.Background(), tt.args, nil, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q (want %q)", tt.args, code, stderr.String(), tt.want)
		}
	}
}

// TestBenchOtherDatasets runs text2sparql, qald and lcquad over a small
// graph given with --graph.
func TestBenchOtherDatasets(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"world.ttl": `@prefix ex: <http://example.org/> .
ex:Norway a ex:Country ; ex:name "Norway" ; ex:area 385207 ; ex:capital ex:Oslo .
ex:Chile a ex:Country ; ex:name "Chile" ; ex:area 756102 ; ex:capital ex:Santiago .
ex:Oslo a ex:City ; ex:name "Oslo" .
ex:Santiago a ex:City ; ex:name "Santiago" .
`,
		"questions.yml": `dataset:
  id: https://example.org/
  prefix: ex25
questions:
  - id: 1
    question:
      en: What is the capital of Chile?
    query:
      sparql: PREFIX ex:<http://example.org/> SELECT ?c WHERE { ex:Chile ex:capital ?c }
  - id: 2
    question:
      en: Which countries are there?
    features:
      - RESULT_ORDER_MATTERS
    query:
      sparql: PREFIX ex:<http://example.org/> SELECT ?c WHERE { ?c a ex:Country ; ex:area ?a } ORDER BY DESC(?a)
`,
		"results.json": `{"ex25:1-en": {"http://example.org/Santiago": 1}, "ex25:2-en": {"http://example.org/Chile": 1, "http://example.org/Norway": 1}}`,
		"qald.json": `{"questions": [{"id": "1", "question": [{"language": "en", "string": "Which countries are there?"}],
  "query": {"sparql": "PREFIX ex: <http://example.org/> SELECT ?c WHERE { ?c a ex:Country }"},
  "answers": [{"head": {"vars": ["c"]}, "results": {"bindings": [{"c": {"type": "uri", "value": "http://example.org/Chile"}}, {"c": {"type": "uri", "value": "http://example.org/Norway"}}]}}]}]}`,
		"lcquad.json": `[{"_id": "7", "corrected_question": "Which countries are there?", "sparql_query": "SELECT ?c WHERE { ?c a <http://example.org/Country> }", "sparql_template_id": 1}]`,
	})
	graph := filepath.Join(dir, "world.ttl")
	for _, tt := range []struct {
		args []string
		n    float64
	}{
		{[]string{"bench", "text2sparql", "--questions", filepath.Join(dir, "questions.yml"), "--gold", filepath.Join(dir, "results.json"), "--graph", graph}, 2},
		{[]string{"bench", "qald", filepath.Join(dir, "qald.json"), "--graph", graph}, 1},
		{[]string{"bench", "lcquad", filepath.Join(dir, "lcquad.json"), "--graph", graph}, 1},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append(tt.args, "--json", "--results"), nil, &stdout, &stderr)
		if code != exitOK {
			t.Errorf("%v: exit %d: %s", tt.args, code, stderr.String())
			continue
		}
		r := decodeQA(t, stdout.Bytes())
		if r["n"] != tt.n || r["n_gold"] != tt.n || r["n_graph"] != 0.0 {
			t.Errorf("%s: n %v, n_gold %v, n_graph %v", tt.args[1], r["n"], r["n_gold"], r["n_graph"])
		}
		if tt.args[1] == "text2sparql" && r["n_ordered"] != 1.0 {
			t.Errorf("text2sparql: n_ordered %v", r["n_ordered"])
		}
		t.Logf("%s: ea %v qsc %v f1 %v", tt.args[1], r["ea"], r["qsc"], r["f1"])
	}
}

// TestBenchPipelineSpider runs the pipeline on a deterministic sample of
// Spider4SPARQL dev-public (every 10th question) over the dev pool.
func TestBenchPipelineSpider(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "spider4sparql")
	if _, err := os.Stat(filepath.Join(dir, "graphs", "dev")); err != nil {
		t.Skipf("Spider4SPARQL data not found at %s: %v", dir, err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--every", "10", "--json", "--results"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	r := decodeQA(t, stdout.Bytes())
	if r["n"] != 58.0 {
		t.Errorf("n = %v, want 58", r["n"])
	}
	// Every question yields a query that parses.
	if r["qsc"] != 1.0 {
		items, _ := r["results"].([]any)
		for _, it := range items {
			m := it.(map[string]any)
			if m["parsed"] != true {
				t.Errorf("question %v (%v): no parsed query: %v", m["id"], m["question"], m["no_query"])
			}
		}
		t.Errorf("QSC = %v, want 1", r["qsc"])
	}
	t.Logf("dev-public every 10th: ea %v qsc %v tf1 %v mf1 %v top1 %v top3 %v p50 %v ms", r["ea"], r["qsc"], r["tf1"], r["mf1"], r["top1"], r["top3"], r["p50_ms"])
}

// TestBenchSystems runs the vanilla baseline through the harness with a
// scripted model on a sample of dev-public, and checks that a baseline
// without a model refuses to start.
func TestBenchSystems(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "spider4sparql")
	if _, err := os.Stat(filepath.Join(dir, "graphs", "dev")); err != nil {
		t.Skipf("Spider4SPARQL data not found at %s: %v", dir, err)
	}
	ctx := context.Background()
	t.Setenv(llm.EnvModel, "")
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--system", "vanilla"}, nil, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), llm.EnvModel) {
		t.Errorf("no model: exit %d, %q", code, errb.String())
	}
	srv := llmtest.NewServerFunc(t, func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: `{"query": "SELECT (COUNT(*) AS ?n) WHERE { ?s a ?c }"}`, PromptTokens: 50, CompletionTokens: 10}
	})
	out.Reset()
	errb.Reset()
	code := run(ctx, []string{"bench", "spider4sparql", "--data", dir, "--split", "dev-public", "--every", "100", "--system", "vanilla",
		"--llm-model", "test-model", "--llm-base-url", srv.URL(), "--json"}, nil, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var r struct {
		N     int     `json:"n"`
		QSC   float64 `json:"qsc"`
		Calls float64 `json:"llm_calls_per_question"`
		Extra map[string]any
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if r.N == 0 || r.QSC != 1 || r.Calls != 1 || r.Extra["system"] != "vanilla" {
		t.Errorf("report: %+v", r)
	}
}
