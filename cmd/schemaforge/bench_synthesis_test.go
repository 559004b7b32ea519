package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestBenchSynthesis(t *testing.T) {
	dir := pipelineSpiderData(t)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--stage", "synthesis", "--split", "dev-public", "--json"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	// Both questions are simple enough: the best candidate is right, so
	// some candidate is.
	if r["n"] != 2.0 || r["ea"] != 1.0 || r["oracle_ea"] != 1.0 {
		t.Errorf("n %v, ea %v, oracle_ea %v: %s", r["n"], r["ea"], r["oracle_ea"], stdout.String())
	}
	// --own-graph: each question over its own graph alone.
	stdout.Reset()
	code = run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--stage", "synthesis", "--split", "dev-public", "--own-graph", "--json", "--results"}, nil, &stdout, &stderr)
	var own struct {
		N       int `json:"n"`
		Results []struct{ KG, Graph string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &own); code != exitOK || err != nil || own.N != 2 || len(own.Results) != 2 {
		t.Fatalf("--own-graph: exit %d, %v: %s", code, err, stdout.String())
	}
	for _, x := range own.Results {
		if !strings.EqualFold(x.KG, x.Graph) {
			t.Errorf("--own-graph: question of %s asked over %s", x.KG, x.Graph)
		}
	}
	stdout.Reset()
	code = run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--stage", "synthesis", "--split", "dev-public"}, nil, &stdout, &stderr)
	if code != exitOK || !strings.Contains(stdout.String(), "2 questions, EA 100.0% (oracle over the candidates 100.0%)") {
		t.Errorf("exit %d: %s", code, stdout.String())
	}
}
