package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// dataDir is the shared data folder seen from this package.
var dataDir = filepath.Join("..", "..", "..", "shared", "data")

const (
	validQuery   = "PREFIX : <http://example.org/> SELECT ?name WHERE { ?s :name ?name } LIMIT 5"
	invalidQuery = "SELECT ?x WHERE { ?x ?p }"
)

// result is what one invocation of run produced.
type result struct {
	code           int
	stdout, stderr string
}

func invoke(ctx context.Context, stdin string, args ...string) result {
	var out, errb bytes.Buffer
	code := run(ctx, args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	valid := writeTemp(t, "q.rq", validQuery)
	invalid := writeTemp(t, "bad.rq", "PREFIX : <http://example.org/>\n"+invalidQuery+"\n")
	bare := "SELECT COUNT(?x) WHERE { ?x ?p ?o }"
	tests := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     []string // substrings of stdout
		stderr     []string // substrings of stderr
		noStdout   bool
		oneLineOut bool
	}{
		// top level
		{name: "no arguments", args: nil, code: 2, stderr: []string{"Usage:", "parse", "conformance"}},
		{name: "unknown command", args: []string{"frobnicate"}, code: 2, stderr: []string{`unknown command "frobnicate"`, "Usage:"}},
		{name: "help", args: []string{"help"}, code: 0, stdout: []string{"The commands are:", "parse", "conformance", "help"}},
		{name: "--help", args: []string{"--help"}, code: 0, stdout: []string{"The commands are:"}},
		{name: "help parse", args: []string{"help", "parse"}, code: 0, stdout: []string{"Usage: schemaforge parse", "-roundtrip", "-dialect"}},
		{name: "help conformance", args: []string{"help", "conformance"}, code: 0, stdout: []string{"syntax", "corpus"}},
		{name: "help conformance corpus", args: []string{"help", "conformance", "corpus"}, code: 0, stdout: []string{"Usage: schemaforge conformance corpus", "-data"}},
		{name: "help unknown", args: []string{"help", "nope"}, code: 2, stderr: []string{`unknown command "nope"`}},

		// parse: success
		{name: "parse file", args: []string{"parse", valid}, code: 0, stdout: []string{"PREFIX : <http://example.org/>", "SELECT ?name", "LIMIT 5"}},
		{name: "parse stdin", args: []string{"parse", "-"}, stdin: validQuery, code: 0, stdout: []string{"SELECT ?name", "LIMIT 5"}},
		{name: "parse compact", args: []string{"parse", "--compact", "-"}, stdin: validQuery, code: 0, stdout: []string{"SELECT ?name", "LIMIT 5"}, oneLineOut: true},
		{name: "parse json, flag after file", args: []string{"parse", valid, "--json"}, code: 0, stdout: []string{`"form": "SELECT"`, `"http://example.org/name"`}},
		{name: "parse roundtrip", args: []string{"parse", "-roundtrip", valid}, code: 0, stdout: []string{"SELECT ?name"}},
		{name: "parse lenient bare aggregate", args: []string{"parse", "--dialect", "lenient", "-"}, stdin: bare, code: 0, stdout: []string{"COUNT(?x)"}},
		{name: "parse -- ends flags", args: []string{"parse", "--", "-"}, stdin: validQuery, code: 0, stdout: []string{"LIMIT 5"}},
		{name: "parse -h", args: []string{"parse", "-h"}, code: 0, stderr: []string{"Usage: schemaforge parse"}, noStdout: true},

		// parse: invalid input
		{name: "parse invalid file", args: []string{"parse", invalid}, code: 1, noStdout: true,
			stderr: []string{"bad.rq:2:25: expected", "\t" + invalidQuery + "\n", "\t                        ^\n"}},
		{name: "parse invalid stdin", args: []string{"parse", "-"}, stdin: invalidQuery, code: 1, noStdout: true, stderr: []string{"<stdin>:1:25:"}},
		{name: "parse update refused", args: []string{"parse", "-"}, stdin: "INSERT DATA { <a> <b> <c> }", code: 1, noStdout: true, stderr: []string{"<stdin>:1:1:", "SPARQL Update is not accepted"}},
		{name: "parse strict rejects bare aggregate", args: []string{"parse", "-"}, stdin: bare, code: 1, noStdout: true, stderr: []string{"<stdin>:1:"}},
		{name: "parse empty input", args: []string{"parse", "-"}, stdin: "", code: 1, noStdout: true, stderr: []string{"<stdin>:1:1:"}},
		{name: "parse missing file", args: []string{"parse", filepath.Join(t.TempDir(), "none.rq")}, code: 1, noStdout: true, stderr: []string{"none.rq", "no such file"}},

		// parse: usage errors
		{name: "parse no file", args: []string{"parse"}, code: 2, stderr: []string{"want one FILE or -, got 0", "Usage: schemaforge parse"}},
		{name: "parse two files", args: []string{"parse", valid, valid}, code: 2, stderr: []string{"got 2 arguments"}},
		{name: "parse bad flag", args: []string{"parse", "--bogus", valid}, code: 2, stderr: []string{"flag provided but not defined: -bogus"}},
		{name: "parse compact and json", args: []string{"parse", "--compact", "--json", valid}, code: 2, stderr: []string{"exclude each other"}},
		{name: "parse unknown dialect", args: []string{"parse", "--dialect", "stardog", valid}, code: 2, stderr: []string{`unknown dialect "stardog"`}},

		// conformance: usage errors and missing data
		{name: "conformance alone", args: []string{"conformance"}, code: 2, stderr: []string{"missing subcommand"}},
		{name: "conformance unknown", args: []string{"conformance", "lint"}, code: 2, stderr: []string{`unknown subcommand "lint"`}},
		{name: "conformance syntax extra arg", args: []string{"conformance", "syntax", "x"}, code: 2, stderr: []string{"unexpected arguments"}},
		{name: "conformance corpus bad dialect", args: []string{"conformance", "corpus", "--dialect", "nope"}, code: 2, stderr: []string{`unknown dialect "nope"`}},
		{name: "conformance syntax missing suite", args: []string{"conformance", "syntax", "--suite", filepath.Join(t.TempDir(), "none")}, code: 1, stderr: []string{"test suite", "none"}},
		{name: "conformance corpus missing data", args: []string{"conformance", "corpus", "--data", filepath.Join(t.TempDir(), "none")}, code: 1, stderr: []string{"data folder"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := invoke(context.Background(), tc.stdin, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tc.code, r.stdout, r.stderr)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			for _, s := range tc.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			if tc.noStdout && r.stdout != "" {
				t.Errorf("stdout should be empty, got:\n%s", r.stdout)
			}
			if tc.oneLineOut && strings.Count(r.stdout, "\n") != 1 {
				t.Errorf("compact output is not one line:\n%s", r.stdout)
			}
		})
	}
}

// TestParseOutputRoundTrips checks the printed outputs against the parser:
// both forms parse back to the query, and --json is the analysis.
func TestParseOutputRoundTrips(t *testing.T) {
	want, err := sparql.Parse(validQuery)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"parse", "-"}, {"parse", "--compact", "-"}} {
		r := invoke(context.Background(), validQuery, args...)
		got, err := sparql.Parse(r.stdout)
		if err != nil {
			t.Fatalf("%v: output does not parse: %v\n%s", args, err, r.stdout)
		}
		if !sparql.Equal(got, want) {
			t.Errorf("%v: output parses to a different query:\n%s", args, r.stdout)
		}
	}
	r := invoke(context.Background(), validQuery, "parse", "--json", "-")
	var got map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, r.stdout)
	}
	wantJSON, err := json.Marshal(sparql.Analyze(want))
	if err != nil {
		t.Fatal(err)
	}
	var wantMap map[string]any
	if err := json.Unmarshal(wantJSON, &wantMap); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantMap, got); diff != "" {
		t.Errorf("--json differs from Analyze (-want +got):\n%s", diff)
	}
}

func TestParseCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := invoke(ctx, validQuery, "parse", "-"); r.code != 1 || !strings.Contains(r.stderr, "context canceled") {
		t.Errorf("cancelled: code %d, stderr %q", r.code, r.stderr)
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		wantPos []string
		wantB   bool
		code    int
	}{
		{[]string{"a"}, []string{"a"}, false, -1},
		{[]string{"-b", "a"}, []string{"a"}, true, -1},
		{[]string{"a", "-b"}, []string{"a"}, true, -1},
		{[]string{"a", "--b", "c"}, []string{"a", "c"}, true, -1},
		{[]string{"-"}, []string{"-"}, false, -1},
		{[]string{"--", "-b"}, []string{"-b"}, false, -1},
		{[]string{"a", "--", "-b", "c"}, []string{"a", "-b", "c"}, false, -1},
		{[]string{"-x"}, nil, false, 2},
		{[]string{"a", "-h"}, nil, false, 0},
		{nil, nil, false, -1},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		b := fs.Bool("b", false, "")
		pos, code := parseFlags(fs, tc.args)
		if code != tc.code || (code < 0 && (!cmp.Equal(pos, tc.wantPos) || *b != tc.wantB)) {
			t.Errorf("parseFlags(%q) = %q, b=%v, code %d; want %q, b=%v, code %d", tc.args, pos, *b, code, tc.wantPos, tc.wantB, tc.code)
		}
	}
}

// TestConformanceSyntaxSmallSuite runs "conformance syntax" on a suite
// written here, so it needs no shared data.
func TestConformanceSyntaxSmallSuite(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"manifest.ttl": `@prefix mf: <http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#> .
@prefix : <http://ex/m#> .
<> a mf:Manifest ; mf:entries ( :p :n :u ) .
:p a mf:PositiveSyntaxTest11 ; mf:action <p.rq> .
:n a mf:NegativeSyntaxTest11 ; mf:action <n.rq> .
:u a mf:PositiveUpdateSyntaxTest11 ; mf:action <u.ru> .
`,
		"p.rq": "SELECT * WHERE { ?s ?p ?o }",
		"n.rq": "SELECT * WHERE { ?s ?p ?o ",
		"u.ru": "INSERT DATA { <a> <b> <c> }",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := invoke(context.Background(), "", "conformance", "syntax", "--suite", dir, "--json")
	if r.code != 0 {
		t.Fatalf("exit code %d; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	var rep struct {
		Positive, Negative, Refused struct{ Passed, Total int }
		Failures                    []map[string]string
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if rep.Positive.Passed != 1 || rep.Positive.Total != 1 || rep.Negative.Passed != 1 || rep.Refused.Passed != 1 || len(rep.Failures) != 0 {
		t.Errorf("report %+v", rep)
	}

	// A negative test that parses is a failure: exit 1, listed as "accepted".
	if err := os.WriteFile(filepath.Join(dir, "n.rq"), []byte("ASK {}"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = invoke(context.Background(), "", "conformance", "syntax", "--suite", dir)
	if r.code != 1 || !strings.Contains(r.stdout, "negative   0/1") || !strings.Contains(r.stdout, "n.rq: accepted") {
		t.Errorf("exit code %d; stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestConformanceOnSharedData runs both conformance commands on the real
// data, as README documents them.
func TestConformanceOnSharedData(t *testing.T) {
	if _, err := os.Stat(dataDir); err != nil {
		t.Skipf("data folder %s absent (it lives beside the repository as ../shared/data): %v", dataDir, err)
	}
	r := invoke(context.Background(), "", "conformance", "syntax", "--suite", filepath.Join(dataDir, "w3c-sparql"), "--json")
	var syn struct {
		Positive struct{ Passed, Total int }
		Failures []struct{ Test, Kind, Error string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &syn); err != nil {
		t.Fatalf("syntax --json: not JSON: %v\nstderr:\n%s", err, r.stderr)
	}
	if syn.Positive.Total <= 200 {
		t.Errorf("syntax: %d positive tests, want > 200", syn.Positive.Total)
	}
	if wantCode := map[bool]int{true: 0, false: 1}[len(syn.Failures) == 0]; r.code != wantCode {
		t.Errorf("syntax: exit code %d with %d failures", r.code, len(syn.Failures))
	}

	r = invoke(context.Background(), "", "conformance", "corpus", "--data", dataDir, "--json")
	var cor struct {
		Total, Parsed, Roundtrip int
		Rejected                 []struct{ Dataset, ID, Error string }
		Agreement                *struct{ Agree, Total int }
		ByDataset                map[string]struct{ Total int } `json:"by_dataset"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &cor); err != nil {
		t.Fatalf("corpus --json: not JSON: %v\nstderr:\n%s", err, r.stderr)
	}
	if cor.Total != 14784 || len(cor.ByDataset) != 7 || cor.Agreement == nil || cor.Parsed+len(cor.Rejected) != cor.Total {
		t.Errorf("corpus: total %d, %d datasets, agreement %v, parsed %d + rejected %d", cor.Total, len(cor.ByDataset), cor.Agreement, cor.Parsed, len(cor.Rejected))
	}
	if r.code != 0 && cor.Roundtrip == cor.Parsed {
		t.Errorf("corpus: exit code %d although every accepted query round-trips", r.code)
	}

	r = invoke(context.Background(), "", "conformance", "corpus", "--data", dataDir, "--dialect", "lenient")
	for _, s := range []string{"dialect lenient", "qald9plus", "db25", "all "} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("lenient summary lacks %q:\n%s", s, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "agreement") {
		t.Errorf("lenient summary compares with Oxigraph:\n%s", r.stdout)
	}
}
