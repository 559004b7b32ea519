package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestServeCommand starts schemaforge serve on a free port, asks through
// the TEXT2SPARQL API, and stops it by cancelling its context.
func TestServeCommand(t *testing.T) {
	base, errb, stop := startCLI(t, 20*time.Second, "serve", "--addr", "127.0.0.1:0")
	resp, err := http.Get(base + "?dataset=demo&question=" + url.QueryEscape("How many films did Ada Brook direct?"))
	if err != nil {
		stop()
		t.Fatalf("server did not answer: %v (%s)", err, errb.String())
	}
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != 200 {
		t.Errorf("status %d, %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	if q, _ := body["query"].(string); !strings.Contains(q, "directedBy") || body["dataset"] != "demo" {
		t.Errorf("answer %v", body)
	}
	if code := stop(); code != exitOK || !strings.Contains(errb.String(), "stopped") {
		t.Errorf("exit %d (-1: did not stop): %s", code, errb.String())
	}
}

// TestServeDatasets routes two TEXT2SPARQL datasets to two graphs of the
// demo and checks that each question goes to its graph, that an unknown
// dataset gets 400, and that a bad route is a usage error.
func TestServeDatasets(t *testing.T) {
	base, errb, stop := startCLI(t, 20*time.Second, "serve", "--addr", "127.0.0.1:0",
		"--dataset", "https://example.org/films/=graph:films", "--dataset", "https://example.org/cities/=graph:cities")
	get := func(dataset, question string) (int, map[string]any, error) {
		resp, err := http.Get(base + "?" + url.Values{"dataset": {dataset}, "question": {question}}.Encode())
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		var body map[string]any
		err = json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body, err
	}
	status, body, err := get("https://example.org/films/", "How many films did Ada Brook direct?")
	if err != nil {
		stop()
		t.Fatalf("server did not answer: %v (%s)", err, errb.String())
	}
	if q, _ := body["query"].(string); status != 200 || !strings.Contains(q, "directedBy") {
		t.Errorf("films: %d %v", status, body)
	}
	// The films question asked of the cities dataset cannot use the films
	// graph: still 200 with a query string, not a films query.
	status, body, err = get("https://example.org/cities/", "How many films did Ada Brook direct?")
	if q, ok := body["query"].(string); err != nil || status != 200 || !ok || strings.Contains(q, "directedBy") {
		t.Errorf("films question on cities: %d %v %v", status, body, err)
	}
	status, body, err = get("https://example.org/other/", "How many films did Ada Brook direct?")
	if msg, _ := body["error"].(string); err != nil || status != 400 || !strings.Contains(msg, "unknown dataset") {
		t.Errorf("unknown dataset: %d %v %v", status, body, err)
	}
	if stop() == -1 {
		t.Fatal("serve did not stop")
	}

	for _, args := range [][]string{
		{"serve", "--dataset", "no-equals-sign"},
		{"serve", "--dataset", "a=graph:films", "--dataset", "a=graph:cities"},
	} {
		if r := invoke(context.Background(), "", args...); r.code != exitUsage || !strings.Contains(r.stderr, "--dataset") {
			t.Errorf("%v: exit %d: %s", args, r.code, r.stderr)
		}
	}
	if r := invoke(context.Background(), "", "serve", "--addr", "127.0.0.1:0", "--dataset", "a=graph:nosuch"); r.code != exitFail || !strings.Contains(r.stderr, `no graph "nosuch"`) {
		t.Errorf("unknown graph: exit %d: %s", r.code, r.stderr)
	}
}
