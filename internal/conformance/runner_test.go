package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// fakeTools is a toolchain whose verdicts are spelled in the source text,
// to test the runners' bookkeeping without depending on the parser:
//
//	"ok…"      parses; its printed form is the source itself
//	"ok-rtbad" parses; its printed form does not parse
//	"ok-rtdiff" parses; its printed form parses to a different tree
//	"ok-cbad"  parses; only its compact form does not parse
//	"update…"  refused with sparql.ErrUpdate
//	"panic…"   makes the parser panic
//	anything else is a syntax error at 1:1
func fakeTools() *toolchain {
	src := map[*sparql.Query]string{}
	return &toolchain{
		parse: func(s string, _ ...sparql.Option) (*sparql.Query, error) {
			s = strings.TrimSpace(s)
			switch {
			case strings.HasPrefix(s, "ok"):
				q := &sparql.Query{}
				src[q] = s
				return q, nil
			case strings.HasPrefix(s, "update"):
				return nil, fmt.Errorf("1:1: %w", sparql.ErrUpdate)
			case strings.HasPrefix(s, "panic"):
				panic("boom")
			}
			return nil, &sparql.Error{Position: sparql.Position{Line: 1, Column: 1}, Msg: "bad " + s, Excerpt: s, Caret: "^"}
		},
		print: func(n sparql.Node) string {
			switch s := src[n.(*sparql.Query)]; s {
			case "ok-rtbad":
				return "garbage"
			case "ok-rtdiff":
				return "ok-other"
			default:
				return s
			}
		},
		compact: func(n sparql.Node) string {
			if s := src[n.(*sparql.Query)]; s == "ok-cbad" {
				return "garbage"
			} else {
				return s
			}
		},
		equal: func(a, b sparql.Node) bool { return src[a.(*sparql.Query)] == src[b.(*sparql.Query)] },
	}
}

func TestRunSyntaxBookkeeping(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"manifest.ttl": manifestHead + `<> a mf:Manifest ; mf:entries ( :p1 :p2 :p3 :p4 :n1 :n2 :n3 :u1 :u2 :u3 :u4 :u5 :missing ) .
:p1 a mf:PositiveSyntaxTest ; mf:action <p1.rq> .
:p2 a mf:PositiveSyntaxTest11 ; mf:action <p2.rq> .
:p3 a mf:PositiveSyntaxTest ; mf:action <p3.rq> .
:p4 a mf:PositiveSyntaxTest ; mf:action <p4.rq> .
:n1 a mf:NegativeSyntaxTest ; mf:action <n1.rq> .
:n2 a mf:NegativeSyntaxTest11 ; mf:action <n2.rq> .
:n3 a mf:NegativeSyntaxTest11 ; mf:action <n3.rq> .
:u1 a mf:PositiveUpdateSyntaxTest11 ; mf:action <u1.ru> .
:u2 a mf:PositiveUpdateSyntaxTest11 ; mf:action <u2.ru> .
:u3 a mf:PositiveUpdateSyntaxTest11 ; mf:action <u3.ru> .
:u4 a mf:NegativeUpdateSyntaxTest11 ; mf:action <u4.ru> .
:u5 a mf:NegativeUpdateSyntaxTest11 ; mf:action <u5.ru> .
:missing a mf:NegativeSyntaxTest ; mf:action <missing.rq> .
`,
		"p1.rq": "ok", "p2.rq": "broken", "p3.rq": "ok-rtdiff", "p4.rq": "ok-cbad",
		"n1.rq": "broken", "n2.rq": "ok", "n3.rq": "panic",
		"u1.ru": "update", "u2.ru": "broken", "u3.ru": "ok",
		"u4.ru": "broken", "u5.ru": "ok",
	})
	r, err := RunSyntaxDir(context.Background(), dir, SyntaxOptions{tools: fakeTools()})
	if err != nil {
		t.Fatal(err)
	}
	want := &SyntaxReport{
		Suite: dir, Dialect: "sparql11", Manifests: 1,
		Positive:  Count{Passed: 3, Total: 4},
		Negative:  Count{Passed: 2, Total: 4},
		Refused:   Count{Passed: 2, Total: 5},
		RoundTrip: Count{Passed: 1, Total: 3},
		Failures: []Failure{
			{Test: "p2.rq", Kind: "positive", Error: "1:1: bad broken"},
			{Test: "p3.rq", Kind: "roundtrip", Error: "printed query parses to a different tree (printed: ok-other)"},
			{Test: "p4.rq", Kind: "roundtrip", Error: "compact form: printed query does not parse: 1:1: bad garbage (printed: garbage)"},
			{Test: "n2.rq", Kind: "negative", Error: "accepted"},
			{Test: "u2.ru", Kind: "update", Error: "rejected without being recognised as SPARQL Update: 1:1: bad broken"},
			{Test: "u3.ru", Kind: "update", Error: "accepted"},
			{Test: "u5.ru", Kind: "update", Error: "accepted"},
			{Test: "missing.rq", Kind: "negative", Error: "cannot read test"},
		},
	}
	// The error of an unreadable file depends on the OS; compare a prefix.
	for i := range r.Failures {
		r.Failures[i].IRI = ""
		if strings.HasPrefix(r.Failures[i].Error, "cannot read test") {
			r.Failures[i].Error = "cannot read test"
		}
	}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	// n3 made the parser panic: counted as rejected (passed), not a crash.
	if r.Negative.Passed != 2 {
		t.Errorf("negative passed = %d", r.Negative.Passed)
	}
	// The JSON has the documented shape.
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"positive":{"passed":3,"total":4}`, `"negative":{"passed":2,"total":4}`, `"refused":{"passed":2,"total":5}`, `"failures":[{"test":"p2.rq","kind":"positive"`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON lacks %s:\n%s", key, b)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	suite, err := LoadSyntaxSuite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunSyntax(ctx, suite, SyntaxOptions{tools: fakeTools()}); err == nil {
		t.Error("cancelled context: no error")
	}
}

func TestRunCorpusBookkeeping(t *testing.T) {
	items := []datasets.Item{
		{Dataset: "a", ID: "1", Query: "ok"},
		{Dataset: "a", ID: "2", Query: "broken\nquery"},
		{Dataset: "a", ID: "3", Query: "ok-rtbad"},
		{Dataset: "b", ID: "1", Query: "ok"},
		{Dataset: "b", ID: "2", Query: "broken"},
		{Dataset: "b", ID: "3", Query: "ok"},
		{Dataset: "b", ID: "4", Query: "panic"},
	}
	verdicts := map[[2]string]Verdict{
		{"a", "1"}: {Verdict: "accept"},
		{"a", "2"}: {Verdict: "reject", Error: "theirs"},
		{"a", "3"}: {Verdict: "accept"},
		{"b", "1"}: {Verdict: "reject", Error: "they reject"},
		{"b", "2"}: {Verdict: "accept"},
		{"b", "4"}: {Verdict: "reject"},
		{"c", "9"}: {Verdict: "accept"},
	}
	r, err := runCorpus(context.Background(), items, verdicts, CorpusOptions{tools: fakeTools()})
	if err != nil {
		t.Fatal(err)
	}
	want := &CorpusReport{
		Dialect: "sparql11", Total: 7, Parsed: 4, RoundTrip: 3,
		Rejected: []Rejection{
			{"a", "2", "1:1: bad broken query"},
			{"b", "2", "1:1: bad broken"},
			{"b", "4", "parser panic: boom"},
		},
		Agreement: &Agreement{
			Agree: 4, Total: 6, NoVerdict: 1, Unmatched: 1,
			Disagreements: []Disagreement{
				{Dataset: "b", ID: "1", Ours: "accept", Oxigraph: "they reject"},
				{Dataset: "b", ID: "2", Ours: "1:1: bad broken", Oxigraph: "accept"},
			},
		},
		ByDataset: map[string]*DatasetStats{"a": {3, 2, 1}, "b": {4, 2, 2}},
		RoundTripFailures: []RoundTripFailure{
			{Dataset: "a", ID: "3", Form: "canonical", Error: "printed query does not parse: 1:1: bad garbage (printed: garbage)"},
		},
	}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	if got := r.Agreement.Rate(); got != 4.0/6 {
		t.Errorf("agreement rate = %v", got)
	}

	// Without verdicts (another dialect) there is no agreement section.
	r, err = runCorpus(context.Background(), items, nil, CorpusOptions{Dialect: sparql.Lenient, tools: fakeTools()})
	if err != nil {
		t.Fatal(err)
	}
	if r.Agreement != nil || r.Dialect != "lenient" {
		t.Errorf("lenient run: agreement %+v, dialect %q", r.Agreement, r.Dialect)
	}
	if b, _ := json.Marshal(r); strings.Contains(string(b), "agreement") {
		t.Errorf("lenient JSON has an agreement section: %s", b)
	}
}

func TestReadVerdictsErrors(t *testing.T) {
	tests := []struct{ name, content, want string }{
		{"bad json", "{\"dataset\":\"a\",\"id\":\"1\",\"verdict\":\"accept\"}\n{oops}\n", "verdicts.jsonl:2:"},
		{"bad verdict", `{"dataset":"a","id":"1","verdict":"maybe"}`, "want dataset, id and verdict"},
		{"duplicate", "{\"dataset\":\"a\",\"id\":\"1\",\"verdict\":\"accept\"}\n{\"dataset\":\"a\",\"id\":\"1\",\"verdict\":\"reject\"}\n", "duplicate verdict for a/1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"verdicts.jsonl": tc.content})
			_, err := ReadVerdicts(filepath.Join(dir, "verdicts.jsonl"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	if _, err := ReadVerdicts(filepath.Join(t.TempDir(), "none.jsonl")); err == nil {
		t.Error("missing file: no error")
	}
}
