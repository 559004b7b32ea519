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

func TestSummarizeCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "people.ttl"), []byte(queryData), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(t.TempDir(), "kg.yaml")
	other := writeTemp(t, "other.nt", "<http://example.org/x> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/Thing> .\n")
	if err := os.WriteFile(cfg, []byte("graphs:\n  - id: other\n    files: ["+other+"]\n    description: Things.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"summarize", "--graphs", dir, "--graphs", cfg, "--json"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var out []struct {
		ID      string `json:"id"`
		Classes []struct {
			IRI   string `json:"iri"`
			Count int    `json:"count"`
		} `json:"classes"`
		Properties []struct {
			IRI   string `json:"iri"`
			Count int    `json:"count"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("output is not a JSON array: %v\n%s", err, stdout.String())
	}
	if len(out) != 2 || out[0].ID != "other" || out[1].ID != "people" {
		t.Fatalf("graphs: %+v", out)
	}
	if len(out[0].Classes) != 1 || out[0].Classes[0].IRI != "http://example.org/Thing" || out[0].Classes[0].Count != 1 {
		t.Errorf("other: %+v", out[0])
	}
	found := false
	for _, p := range out[1].Properties {
		if p.IRI == "http://example.org/name" && p.Count == 3 {
			found = true
		}
	}
	if !found {
		t.Errorf("people: no :name with count 3: %+v", out[1].Properties)
	}
	if !strings.Contains(stderr.String(), "2 of 2 graphs") {
		t.Errorf("stderr: %s", stderr.String())
	}

	// Text form, with the description.
	stdout.Reset()
	stderr.Reset()
	if code := run(ctx, []string{"summarize", "--graphs", cfg}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Graph other (1 triples") || !strings.Contains(stdout.String(), "Things.") {
		t.Errorf("text output:\n%s", stdout.String())
	}

	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"summarize"}, exitUsage, "at least one --graphs"},
		{[]string{"summarize", "--graphs", dir, "extra"}, exitUsage, "unexpected argument"},
		{[]string{"summarize", "--graphs", filepath.Join(dir, "absent")}, exitFail, "absent"},
		{[]string{"summarize", "--graphs", dir, "--graphs", dir}, exitFail, "two graphs have the ID"},
	} {
		stderr.Reset()
		if code := run(ctx, tc.args, nil, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.msg)
		}
	}
}
