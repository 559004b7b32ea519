package synthesizer

import (
	"context"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/internal/llmtest"
	"github.com/schemaforge/go-schemaforge/llm"
)

func testModel(t *testing.T, replies ...llmtest.Reply) (*llm.Model, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t, replies...)
	m, err := llm.New(llm.Config{BaseURL: srv.URL(), Model: "test-model"})
	if err != nil {
		t.Fatal(err)
	}
	return m, srv
}

func nameOver30() *handoff.Subgoal {
	return &handoff.Subgoal{ID: "s1", Text: "Names of singers older than 30", Operations: []handoff.Operation{handoff.OpFilter},
		Requirements: handoff.Requirements{Types: []string{"singer"}, Predicates: []string{"name", "age"},
			Filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterGt, Value: "30", ValueKind: "number"}},
			Output:  handoff.Output{Attributes: []string{"name"}}}}
}

func TestLLMGenerateRetriesInadmissible(t *testing.T) {
	g := testGraph(t)
	m, srv := testModel(t,
		llmtest.Reply{Content: "I think the answer is 42."},
		llmtest.Reply{Content: `{"query": "SELECT ?n WHERE { ?s <http://example.org/height> ?n }"}`},
		llmtest.Reply{Content: "```sparql\nPREFIX ex: <http://example.org/>\nSELECT ?n WHERE { ?s a ex:singer ; ex:name ?n ; ex:age ?a FILTER(?a > 30) }\n```"},
	)
	s := NewLLM(m, ModeGenerate, 2, nil)
	cands, err := s.Synthesize(context.Background(), nameOver30(), testSlice(), g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cands) != 1 || !cands[0].Admissible() || cands[0].Attempts != 3 || cands[0].Skeleton != "llm:test-model" {
		t.Fatalf("candidates: %+v", cands)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	last := reqs[2].Messages[len(reqs[2].Messages)-1].Content
	if !strings.Contains(last, "vocabulary") || !strings.Contains(last, "height") {
		t.Errorf("the failed check was not fed back: %q", last)
	}
	if !strings.Contains(reqs[0].Messages[1].Content, "ex:age") {
		t.Errorf("the prompt lacks the slice: %q", reqs[0].Messages[1].Content)
	}
}

func TestLLMGenerateBudgetSpent(t *testing.T) {
	g := testGraph(t)
	bad := llmtest.Reply{Content: `{"query": "SELECT ?n WHERE { ?s <http://example.org/nope> ?n }"}`}
	m, srv := testModel(t, bad, bad)
	_, err := NewLLM(m, ModeGenerate, 1, nil).Synthesize(context.Background(), nameOver30(), testSlice(), g, nil)
	if err == nil || !strings.Contains(err.Error(), "no admissible query") {
		t.Fatalf("err = %v", err)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2 (budget 1)", n)
	}
}

func TestLLMChooseAndFallback(t *testing.T) {
	g := testGraph(t)
	ctx := context.Background()
	rules, err := New(Config{}).Synthesize(ctx, nameOver30(), testSlice(), g, nil)
	if err != nil || len(rules) < 2 {
		t.Skipf("need two grounded candidates to test the choice, have %d (%v)", len(rules), err)
	}
	m, _ := testModel(t, llmtest.Reply{Content: `{"choice": 2}`})
	cands, err := NewLLM(m, ModeChoose, 2, nil).Synthesize(ctx, nameOver30(), testSlice(), g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cands[0].Query != rules[1].Query || cands[0].Rank != 1 || cands[0].ChosenBy != "test-model" || len(cands[0].Repairs) != len(rules[1].Repairs) {
		t.Errorf("the choice is not first: %+v", cands[0])
	}
	// A failing server: the grounded candidates, with the reason.
	m2, _ := testModel(t, llmtest.Reply{Status: 500, Content: "down"})
	cands, err = NewLLM(m2, ModeChoose, 2, nil).Synthesize(ctx, nameOver30(), testSlice(), g, nil)
	if err != nil || len(cands) != len(rules) || cands[0].Query != rules[0].Query || !strings.Contains(strings.Join(cands[0].Repairs, ";"), "no usable answer") {
		t.Errorf("fallback: %v %+v", err, cands)
	}
}

func TestParseReply(t *testing.T) {
	for in, want := range map[string]string{
		`{"choice": 3}`:                  "choice 3",
		`Sure: {"query": "ASK {}"}`:      "query ASK {}",
		"```\nSELECT * {}\n```":          "query SELECT * {}\n",
		`{"answer": 1}`:                  "error",
		`nothing here`:                   "error",
		`{"query": ""}`:                  "error",
		"```sparql\nASK { ?s ?p ?o }```": "query ASK { ?s ?p ?o }",
	} {
		c, q, err := parseReply(in)
		got := "error"
		switch {
		case err != nil:
		case c > 0:
			got = "choice " + string(rune('0'+c))
		default:
			got = "query " + q
		}
		if got != want {
			t.Errorf("parseReply(%q) = %q, want %q", in, got, want)
		}
	}
}
