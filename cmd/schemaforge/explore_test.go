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

const exploreTTL = `@prefix : <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
:alice a :Person ; :name "Alice Smith" ; :city "Paris" ; :knows :bob .
:bob a :Person ; :name "Bob Jones" ; :city "Lyon" .
:Person rdfs:label "Person" .
`

func exploreDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "people.ttl"), []byte(exploreTTL), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "other.nt"), []byte("<http://example.org/x> <http://example.org/city> \"Paris\" .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSearchCommand(t *testing.T) {
	dir := exploreDir(t)
	ctx := context.Background()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"search", "--graphs", dir, "-k", "3", "who", "lives", "in", "Paris?"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "score") || !strings.Contains(out, "people") || !strings.Contains(out, "other") || !strings.Contains(out, `"Paris"`) {
		t.Errorf("table:\n%s", out)
	}
	stdout.Reset()
	if code := run(ctx, []string{"search", "--graphs", dir, "--graph", "people", "--json", "Alice Smith"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var hits []struct {
		Graph, Value, Property string
		Score                  float64
	}
	if err := json.Unmarshal(stdout.Bytes(), &hits); err != nil {
		t.Fatalf("%v:\n%s", err, stdout.String())
	}
	if len(hits) == 0 || hits[0].Graph != "people" || hits[0].Value != "Alice Smith" || hits[0].Property != "http://example.org/name" {
		t.Errorf("hits: %+v", hits)
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"search", "--graphs", dir}, exitUsage, "give the text"},
		{[]string{"search", "Paris"}, exitUsage, "--graphs"},
		{[]string{"search", "--graphs", dir, "-k", "0", "Paris"}, exitUsage, "-k"},
		{[]string{"search", "--graphs", dir, "--graph", "nope", "Paris"}, exitFail, `no graph "nope"`},
	} {
		stderr.Reset()
		if code := run(ctx, tc.args, nil, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.msg)
		}
	}
}

func TestDescribeCommand(t *testing.T) {
	dir := exploreDir(t)
	ctx := context.Background()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"describe", "--graphs", dir, "--graph", "people", "<http://example.org/alice>"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"Outgoing:", `"Alice Smith"`, ":bob"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, stdout.String())
		}
	}
	stdout.Reset()
	if code := run(ctx, []string{"describe", "--graphs", dir, "--graph", "people", "--json", "http://example.org/Person"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var d struct {
		IRI      string `json:"iri"`
		IsClass  bool   `json:"isClass"`
		Incoming []struct {
			Property string `json:"property"`
			Count    int    `json:"count"`
			Values   []struct {
				Type, Value string
			} `json:"values"`
		} `json:"incoming"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &d); err != nil {
		t.Fatalf("%v:\n%s", err, stdout.String())
	}
	if !d.IsClass || len(d.Incoming) != 1 || d.Incoming[0].Count != 2 || len(d.Incoming[0].Values) != 2 || d.Incoming[0].Values[0].Type != "uri" {
		t.Errorf("description: %+v", d)
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"describe", "--graphs", dir, "http://example.org/alice"}, exitUsage, "choose one with --graph"},
		{[]string{"describe", "--graphs", dir, "--graph", "people"}, exitUsage, "exactly one IRI"},
		{[]string{"describe", "--graphs", dir, "--graph", "people", "not an iri"}, exitFail, "describe:"},
	} {
		stderr.Reset()
		if code := run(ctx, tc.args, nil, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.msg)
		}
	}
}
