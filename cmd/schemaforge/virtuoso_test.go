package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/internal/virtuosotest"
)

// vtSetup starts a Virtuoso with the 19 Spider4SPARQL dev graphs, each in
// its own named graph, and writes two collection configs with the same
// graph IDs (the Spider kg_names): one of Virtuoso endpoints, one of the
// same files embedded.
func vtSetup(t *testing.T) (spider, virtuosoCfg, filesCfg string) {
	t.Helper()
	virtuosotest.Require(t)
	spider = filepath.Join("..", "..", "..", "shared", "data", "spider4sparql")
	dev := filepath.Join(spider, "graphs", "dev")
	if _, err := os.Stat(dev); err != nil {
		t.Skipf("Spider4SPARQL data not found at %s: %v", spider, err)
	}
	files, err := filepath.Glob(filepath.Join(dev, "*.nt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no dev graphs in %s: %v", dev, err)
	}
	s := virtuosotest.StartT(t, virtuosotest.Options{DirsAllowed: []string{dev}})
	load := map[string]string{}
	var vb, fb strings.Builder
	vb.WriteString("graphs:\n")
	fb.WriteString("graphs:\n")
	for _, f := range files {
		id := strings.TrimSuffix(filepath.Base(f), ".nt")
		g := "http://spider4sparql.example/graph/" + id
		load[g] = f
		fmt.Fprintf(&vb, "  - id: %s\n    endpoint: %s\n    named_graph: %s\n", id, s.SPARQLURL(), g)
		abs, _ := filepath.Abs(f)
		fmt.Fprintf(&fb, "  - id: %s\n    files: [%s]\n", id, abs)
	}
	if err := s.Load(context.Background(), load); err != nil {
		t.Fatal(err)
	}
	return spider, writeTemp(t, "virtuoso.yaml", vb.String()), writeTemp(t, "files.yaml", fb.String())
}

// TestVirtuosoAskAndBench runs ask (decomposition, allocation, synthesis,
// the verifier) and the Spider4SPARQL bench on Virtuoso and on the
// embedded store, and compares them question by question.
func TestVirtuosoAskAndBench(t *testing.T) {
	spider, vcfg, fcfg := vtSetup(t)
	ctx := context.Background()

	ask := func(cfg string) map[string]any {
		r := invoke(ctx, "", "ask", "--graphs", cfg, "--json", "How many singers do we have?")
		if r.code != exitOK {
			t.Fatalf("ask --graphs %s: exit %d: %s", cfg, r.code, r.stderr)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	va, fa := ask(vcfg), ask(fcfg)
	vres, _ := json.Marshal(va["results"])
	fres, _ := json.Marshal(fa["results"])
	if string(vres) != string(fres) || !strings.Contains(string(vres), `"value"`) {
		t.Errorf("ask on Virtuoso: %s; embedded: %s (want the same count)", vres, fres)
	}
	recs, _ := json.Marshal(va["records"])
	if !strings.Contains(string(recs), `"accepted":true`) || !strings.Contains(string(recs), `"reason"`) {
		t.Errorf("ask on Virtuoso: the verifier accepted nothing: %.500s", recs)
	}

	bench := func(cfg string) map[string]any {
		r := invoke(ctx, "", "bench", "spider4sparql", "--data", spider, "--split", "dev-public", "--graphs", cfg, "--every", "4", "--json", "--results")
		if r.code != exitOK {
			t.Fatalf("bench --graphs %s: exit %d: %s", cfg, r.code, r.stderr)
		}
		return decodeQA(t, []byte(r.stdout))
	}
	vb, fb := bench(vcfg), bench(fcfg)
	if vb["n"] != fb["n"] || vb["n"].(float64) < 100 {
		t.Fatalf("n = %v on Virtuoso, %v embedded", vb["n"], fb["n"])
	}
	extra, _ := vb["extra"].(map[string]any)
	ep, _ := extra["endpoint"].(map[string]any)
	if ep == nil || ep["queries"].(float64) < 100 {
		t.Fatalf("no endpoint statistics in the Virtuoso run: %v", extra)
	}
	// Every query the pipeline sent was accepted: no reply with an error
	// status. A client-side time limit is not a refusal, whether it struck
	// before the reply (status 0) or while its body was read (2xx).
	if bs, _ := ep["by_status"].(map[string]any); len(bs) > 0 {
		for status := range bs {
			if status != "0" && !strings.HasPrefix(status, "2") {
				t.Errorf("Virtuoso refused queries: %v %v", bs, ep["errors"])
				break
			}
		}
	}
	// The answers agree question by question, except where the chosen
	// query has a LIMIT without ORDER BY (any rows may come back). A query
	// that failed on Virtuoso (a time limit on a slow machine) may change
	// the answer of its question, so as many disagreements as failures
	// are only logged.
	vi, fi := vb["results"].([]any), fb["results"].([]any)
	var differ []string
	for i := range vi {
		v, f := vi[i].(map[string]any), fi[i].(map[string]any)
		if v["ea"] == f["ea"] {
			continue
		}
		q, _ := f["query"].(string)
		if strings.Contains(q, "LIMIT") && !strings.Contains(q, "ORDER BY") {
			continue
		}
		differ = append(differ, fmt.Sprintf("question %v (%v): EA %v on Virtuoso, %v embedded\nVirtuoso: %v\nembedded: %v", f["id"], f["question"], v["ea"], f["ea"], v["query"], q))
	}
	failed, _ := ep["failed"].(float64)
	report := t.Errorf
	if len(differ) <= int(failed) {
		report = t.Logf
	}
	for _, d := range differ {
		report("%s", d)
	}
	t.Logf("EA on Virtuoso %.4f, embedded %.4f (n %v); endpoint %v", vb["ea"], fb["ea"], vb["n"], ep)
}
