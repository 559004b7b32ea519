package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestServeCommand starts schemaforge serve on a free port, asks through
// the TEXT2SPARQL API, and stops it by cancelling its context.
func TestServeCommand(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", addr}, nil, &out, &errb) }()
	var resp *http.Response
	for i := 0; i < 100; i++ {
		resp, err = http.Get("http://" + addr + "/?dataset=demo&question=" + url.QueryEscape("How many films did Ada Brook direct?"))
		if err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		cancel()
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
	cancel()
	select {
	case code := <-done:
		if code != exitOK || !strings.Contains(errb.String(), "stopped") {
			t.Errorf("exit %d: %s", code, errb.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeDatasets routes two TEXT2SPARQL datasets to two graphs of the
// demo and checks that each question goes to its graph, that an unknown
// dataset gets 400, and that a bad route is a usage error.
func TestServeDatasets(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr,
			"--dataset", "https://example.org/films/=graph:films", "--dataset", "https://example.org/cities/=graph:cities"}, nil, &out, &errb)
	}()
	get := func(dataset, question string) (int, map[string]any, error) {
		resp, err := http.Get("http://" + addr + "/?" + url.Values{"dataset": {dataset}, "question": {question}}.Encode())
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		var body map[string]any
		err = json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body, err
	}
	var status int
	var body map[string]any
	for i := 0; i < 150; i++ {
		if status, body, err = get("https://example.org/films/", "How many films did Ada Brook direct?"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
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
	cancel()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
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
