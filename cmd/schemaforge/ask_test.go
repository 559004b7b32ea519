package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/internal/llmtest"
	"github.com/schemaforge/go-schemaforge/llm"
	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestAskCommand(t *testing.T) {
	ctx := context.Background()
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"ask", "--examples"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("--examples: exit %d: %s", code, errb.String())
	}
	if got := strings.Split(strings.TrimSpace(out.String()), "\n"); len(got) != len(demo.Questions()) || got[0] != demo.Questions()[0] {
		t.Errorf("--examples printed %d lines", len(got))
	}
	out.Reset()
	if code := run(ctx, []string{"ask", "--trace", "How many films did Ada Brook direct?"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"Trace:", "allocate", "[s1 @ films]", "perturbation", "jaccard=", "accepted"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--trace output lacks %q", want)
		}
	}
	out.Reset()
	if code := run(ctx, []string{"ask", "--json", "How many films did Ada Brook direct?"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("--json: exit %d: %s", code, errb.String())
	}
	var ans struct {
		Question string `json:"question"`
		Results  struct {
			Head struct {
				Vars []string `json:"vars"`
			} `json:"head"`
		} `json:"results"`
		Provenance []struct {
			Graph string `json:"graph"`
		} `json:"provenance"`
		Trace struct {
			Events []json.RawMessage `json:"events"`
		} `json:"trace"`
	}
	if err := json.Unmarshal(out.Bytes(), &ans); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if ans.Question == "" || len(ans.Results.Head.Vars) != 1 || len(ans.Provenance) != 1 || len(ans.Trace.Events) == 0 {
		t.Errorf("answer: %s", out.String())
	}
	for _, args := range [][]string{{"ask"}, {"ask", "--ablation", "nope", "q?"}, {"ask", "--ablation", "no-skeletons", "q?"}, {"ask", "--graphs", ".", "--examples"}} {
		errb.Reset()
		if code := run(ctx, args, nil, &out, &errb); code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, exitUsage, errb.String())
		}
	}
}

func TestAskSystems(t *testing.T) {
	ctx := context.Background()
	t.Setenv(llm.EnvModel, "")
	var out, errb bytes.Buffer
	for _, sys := range []string{"vanilla", "react"} {
		errb.Reset()
		if code := run(ctx, []string{"ask", "--system", sys, "How many films did Ada Brook direct?"}, nil, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), llm.EnvModel) || !strings.Contains(errb.String(), "--llm-model") {
			t.Errorf("%s without a model: exit %d, %q", sys, code, errb.String())
		}
	}
	if code := run(ctx, []string{"ask", "--system", "nope", "q?"}, nil, &out, &errb); code != exitUsage {
		t.Errorf("unknown system: exit %d", code)
	}
	query := `PREFIX : <http://example.org/films/> SELECT (COUNT(*) AS ?n) WHERE { ?f :directedBy ?d . ?d :name \"Ada Brook\" }`
	srv := llmtest.NewServer(t,
		llmtest.Reply{Content: `{"thought": "count Ada Brook's films", "actions": [{"action": "query", "input": "` + query + `", "graph": "films"}]}`},
		llmtest.Reply{Content: `{"thought": "the count is 3", "actions": [{"action": "success", "input": "3"}]}`},
	)
	out.Reset()
	errb.Reset()
	code := run(ctx, []string{"ask", "--system", "react", "--llm-model", "test-model", "--llm-base-url", srv.URL(), "--trace", "How many films did Ada Brook direct?"}, nil, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	for _, want := range []string{"3", "react", "count Ada Brook's films", "From graph films"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestAskUnreachableModel(t *testing.T) {
	ctx := context.Background()
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	args := []string{"ask", "--llm-model", "m", "--llm-provider", "ollama", "--llm-base-url", url}
	var out, errb bytes.Buffer
	// A model asked for that cannot be reached fails loudly, naming it.
	if code := run(ctx, append(slices.Clone(args), "How many films did Ada Brook direct?"), nil, &out, &errb); code == exitOK || !strings.Contains(errb.String(), url) {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	// With --llm-fallback rules the rules answer, and the trace says so.
	out.Reset()
	errb.Reset()
	if code := run(ctx, append(slices.Clone(args), "--llm-fallback", "rules", "--trace", "How many films did Ada Brook direct?"), nil, &out, &errb); code != exitOK {
		t.Fatalf("fallback: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "cannot be reached") || !strings.Contains(out.String(), "--llm-fallback rules") {
		t.Errorf("the trace does not note the fallback:\n%s", out.String())
	}
	errb.Reset()
	if code := run(ctx, append(slices.Clone(args), "--llm-fallback", "maybe", "q?"), nil, &out, &errb); code == exitOK {
		t.Errorf("--llm-fallback maybe: exit %d", code)
	}
}

// TestAskMaxQuestion checks ask's length limit: a question over
// --max-question (2,000 characters by default) is a usage error naming
// the limit and the flag, said before the collection is loaded; a larger
// --max-question, or a negative one, lets it through to the pipeline.
func TestAskMaxQuestion(t *testing.T) {
	ctx := context.Background()
	long := "How many films did Ada Brook direct?" + strings.Repeat(" please", 300) // 2,136 characters
	var out, errb bytes.Buffer
	for _, args := range [][]string{{"ask", long}, {"ask", "--max-question", "0", long}, {"ask", "--max-question", "30", "How many films did Ada Brook direct?"}} {
		out.Reset()
		errb.Reset()
		code := run(ctx, args, nil, &out, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), "more than the limit of") || !strings.Contains(errb.String(), "--max-question") {
			t.Errorf("%.40q: exit %d, stderr %q; want exit %d naming the limit and --max-question", args, code, errb.String(), exitUsage)
		}
	}
	if !strings.Contains(errb.String(), "36 characters long, more than the limit of 30") {
		t.Errorf("--max-question 30: stderr %q does not give the lengths", errb.String())
	}
	// The baselines are refused the same way, before they ask for a model.
	errb.Reset()
	if code := run(ctx, []string{"ask", "--system", "vanilla", long}, nil, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "limit of 2000") {
		t.Errorf("vanilla: exit %d, stderr %q", code, errb.String())
	}
	for _, limit := range []string{"5000", "-1"} {
		out.Reset()
		errb.Reset()
		if code := run(ctx, []string{"ask", "--max-question", limit, long}, nil, &out, &errb); code != exitOK || !strings.Contains(out.String(), "3") {
			t.Errorf("--max-question %s: exit %d: %s\n%s", limit, code, errb.String(), out.String())
		}
	}
}

// TestAskReadable: ask prints names and values, not quoted literals or
// IRIs, and --json keeps the terms beside the table, reading back.
func TestAskReadable(t *testing.T) {
	ctx := context.Background()
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"ask", "Which artists come from Portugal?"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"\nThe Copper Lanterns\n", "\nRosa Quill\n", "(2 rows)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), `"Rosa Quill"`) || strings.Contains(out.String(), ":rosa_quill") {
		t.Errorf("output shows a term, not the name:\n%s", out.String())
	}
	out.Reset()
	if code := run(ctx, []string{"ask", "--json", "Which artists come from Portugal?"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("--json: exit %d: %s", code, errb.String())
	}
	var ans handoff.Answer
	if err := json.Unmarshal(out.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Table handoff.Table `json:"table"`
	}
	if err := json.Unmarshal(out.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	got := ans.Table()
	if !slices.Equal(got.Columns, raw.Table.Columns) || len(got.Rows) != 2 || len(raw.Table.Rows) != 2 {
		t.Fatalf("table %#v, JSON table %#v", got, raw.Table)
	}
	for i, row := range got.Rows {
		if !slices.Equal(row, raw.Table.Rows[i]) {
			t.Errorf("row %d: %q, JSON %q", i, row, raw.Table.Rows[i])
		}
		if _, ok := ans.Results.Rows[i][ans.Results.Vars[0]].(*sparql.Literal); !ok {
			t.Errorf("row %d: the term is gone from results: %v", i, ans.Results.Rows[i])
		}
	}
	// A yes/no question reads yes or no.
	out.Reset()
	if code := run(ctx, []string{"ask", "Was Sporting Lume founded before 1900?"}, nil, &out, &errb); code != exitOK || !strings.Contains(out.String(), "answer\n------\nyes\n") {
		t.Errorf("ASK: exit %d\n%s", code, out.String())
	}
}

// TestAskBaselineNames: a baseline's answer is named as the pipeline's
// is: the director's IRI its query returns prints as her name.
func TestAskBaselineNames(t *testing.T) {
	query := `PREFIX : <http://example.org/films/> SELECT ?d WHERE { ?f :title \"Iron Meridian\" ; :directedBy ?d }`
	srv := llmtest.NewServer(t,
		llmtest.Reply{Content: `{"thought": "find the director", "actions": [{"action": "query", "input": "` + query + `", "graph": "films"}]}`},
		llmtest.Reply{Content: `{"thought": "found", "actions": [{"action": "success", "input": "Tomas Vey"}]}`},
	)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"ask", "--system", "react", "--llm-model", "test-model", "--llm-base-url", srv.URL(), "Who directed Iron Meridian?"}, nil, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	if !strings.Contains(out.String(), "\nTomas Vey\n") || strings.Contains(out.String(), "films/tomas_vey") {
		t.Errorf("output does not name the director:\n%s", out.String())
	}
}
