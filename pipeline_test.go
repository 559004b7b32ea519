package schemaforge

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/internal/llmtest"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
	"github.com/schemaforge/go-schemaforge/sparql"
)

var (
	demoOnce sync.Once
	demoColl *kg.Collection
	demoErr  error
)

func demoCollection(t testing.TB) *kg.Collection {
	t.Helper()
	demoOnce.Do(func() { demoColl, demoErr = demo.Collection(context.Background()) })
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return demoColl
}

func firstValue(t *testing.T, ans *handoff.Answer) string {
	t.Helper()
	if ans.Results == nil || len(ans.Results.Rows) == 0 {
		t.Fatalf("no answer: %s", ans.NoAnswer)
	}
	v := ans.Results.Vars[0]
	switch x := ans.Results.Rows[0][v].(type) {
	case *sparql.Literal:
		return x.Lexical
	case *sparql.IRI:
		return x.Value
	}
	return ""
}

func TestAskDemo(t *testing.T) {
	p, err := New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := p.Ask(context.Background(), "How many films did Ada Brook direct?")
	if err != nil {
		t.Fatal(err)
	}
	if got := firstValue(t, ans); got != "3" {
		t.Errorf("answer %s, want 3", got)
	}
	if len(ans.Provenance) != 1 || ans.Provenance[0].Graph != "films" || !strings.Contains(ans.Provenance[0].Query, "directedBy") {
		t.Errorf("provenance %+v", ans.Provenance)
	}
	stages := map[string]bool{}
	for _, e := range ans.Trace.Events {
		stages[e.Stage] = true
	}
	for _, s := range []string{"decompose", "allocate", "synthesize", "verify", "integrate"} {
		if !stages[s] {
			t.Errorf("trace has no %s event", s)
		}
	}
	// Same question, same answer and same decisions.
	again, err := p.Ask(context.Background(), "How many films did Ada Brook direct?")
	if err != nil {
		t.Fatal(err)
	}
	if msgs(again) != msgs(ans) {
		t.Errorf("trace differs between runs:\n%s\n---\n%s", msgs(ans), msgs(again))
	}
}

func msgs(a *handoff.Answer) string {
	var b strings.Builder
	for _, e := range a.Trace.Events {
		fmt.Fprintf(&b, "%s %s %s %s %v\n", e.Stage, e.Subgoal, e.Graph, e.Message, e.Numbers)
	}
	return b.String()
}

func TestNewErrors(t *testing.T) {
	if _, err := New(nil); err == nil {
		t.Error("nil collection")
	}
	empty, _ := kg.NewCollection()
	if _, err := New(empty); err == nil {
		t.Error("empty collection")
	}
	unsummarised, _ := kg.NewCollection(&kg.Graph{ID: "x", Endpoint: demoCollection(t).Graphs()[0].Endpoint})
	if _, err := New(unsummarised); err == nil || !strings.Contains(err.Error(), "summar") {
		t.Errorf("unsummarised: %v", err)
	}
	if _, err := New(demoCollection(t), WithAblation(NoSkeletons)); err == nil || !strings.Contains(err.Error(), "language model") {
		t.Errorf("no-skeletons without a model: %v", err)
	}
	if _, err := ParseAblation("no-such"); err == nil {
		t.Error("unknown ablation accepted")
	}
	p, _ := New(demoCollection(t))
	if _, err := p.Ask(context.Background(), "   "); err == nil {
		t.Error("blank question accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Ask(ctx, "How many films did Ada Brook direct?"); err == nil {
		t.Error("cancelled context: no error")
	}
}

// TestAblationsChangeBehaviour checks that each ablation that needs no
// model builds and changes what the pipeline does on one question.
func TestAblationsChangeBehaviour(t *testing.T) {
	ctx := context.Background()
	base, _ := New(demoCollection(t))
	q := "How many films did Ada Brook direct?"
	ref, err := base.Ask(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []Ablation{NoDecomposer, NoAllocator, NoSymbolic, NoCounterfactual, NoVerifier, Monolithic} {
		p, err := New(demoCollection(t), WithAblation(a))
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		ans, err := p.Ask(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		switch a {
		case NoVerifier, NoCounterfactual:
			if strings.Contains(msgs(ans), "perturbation") {
				t.Errorf("%s: perturbations still run", a)
			}
		case NoDecomposer:
			if !strings.Contains(msgs(ans), "by text") {
				t.Errorf("%s: decomposed by rules", a)
			}
		case Monolithic:
			// One subgoal already: same answer.
			if firstValue(t, ans) != firstValue(t, ref) {
				t.Errorf("monolithic changed a one-subgoal answer")
			}
		}
	}
}

type fixedSynth struct{ query string }

func (f fixedSynth) Synthesize(_ context.Context, sg *handoff.Subgoal, slice *handoff.Slice, _ *kg.Graph, _ map[string][]handoff.Record) ([]handoff.Candidate, error) {
	return []handoff.Candidate{{Subgoal: sg.ID, Graph: slice.Graph, Query: f.query, Skeleton: "fixed", Rank: 1,
		Checks: []handoff.Check{{Name: "parses", Passed: true}}}}, nil
}

func TestCustomAgentAndNoAnswer(t *testing.T) {
	// A synthesizer that always returns an unrelated query: the verifier
	// rejects it; the pipeline still returns it, not verified, with the
	// reasons, or abstains when asked to.
	const q = "How many films did Ada Brook direct?"
	p, err := New(demoCollection(t), WithSynthesizer(fixedSynth{"SELECT ?s WHERE { ?s ?p ?o } LIMIT 1"}))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := p.Ask(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ans.Results == nil || ans.Verified || ans.Confidence >= p.Config().ConfidenceThreshold {
		t.Errorf("results %v, verified %v, confidence %.3f", ans.Results, ans.Verified, ans.Confidence)
	}
	reasons := strings.Join(ans.Reasons, "; ")
	if !strings.Contains(reasons, "below the threshold") || !strings.Contains(reasons, `names "Ada Brook"`) {
		t.Errorf("reasons %q", reasons)
	}
	if len(ans.Records["s1"]) == 0 || ans.Records["s1"][0].Candidate.Skeleton != "fixed" || !ans.Records["s1"][0].Fallback {
		t.Errorf("records %+v", ans.Records)
	}
	// However low the threshold, a rejected candidate is not verified.
	lax, err := New(demoCollection(t), WithSynthesizer(fixedSynth{"SELECT ?s WHERE { ?s ?p ?o } LIMIT 1"}), WithConfig(Config{ConfidenceThreshold: 1e-9}))
	if err != nil {
		t.Fatal(err)
	}
	if ans, err := lax.Ask(context.Background(), q); err != nil || ans.Results == nil || ans.Verified {
		t.Errorf("threshold 1e-9: err %v, verified %v", err, ans != nil && ans.Verified)
	}

	p, err = New(demoCollection(t), WithSynthesizer(fixedSynth{"SELECT ?s WHERE { ?s ?p ?o } LIMIT 1"}), WithConfig(Config{MinConfidence: 0.5}))
	if err != nil {
		t.Fatal(err)
	}
	ans, err = p.Ask(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ans.Results != nil || !strings.HasPrefix(ans.NoAnswer, "abstained") {
		t.Errorf("min confidence: results %v, no answer %q", ans.Results, ans.NoAnswer)
	}
}

func TestConcurrentAsks(t *testing.T) {
	p, _ := New(demoCollection(t))
	qs := demo.Questions()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := p.Ask(context.Background(), qs[i%len(qs)]); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

func TestAskWithLLM(t *testing.T) {
	decomposition := `{"subgoals":[{"id":"s1","text":"How many films did Ada Brook direct?","operations":["aggregate","filter"],"mentions":[{"text":"Ada Brook","kind":"name"}],` +
		`"requirements":{"predicates":["direct"],"types":["film","director"],"filters":[{"attribute":"name","op":"=","value":"Ada Brook","valueKind":"string"}],` +
		`"output":{"shape":"number","aggregate":"count","aggregateOf":"film"}}}]}`
	srv := llmtest.NewServer(t, llmtest.Reply{Content: decomposition, PromptTokens: 100, CompletionTokens: 20},
		llmtest.Reply{Content: `{"choice": 1}`, PromptTokens: 300, CompletionTokens: 5})
	m, err := llm.New(llm.Config{BaseURL: srv.URL(), Model: "test-model"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(demoCollection(t), WithLLM(m), WithConfig(Config{KPrime: 1}))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := p.Ask(context.Background(), "How many films did Ada Brook direct?")
	if err != nil {
		t.Fatal(err)
	}
	if got := firstValue(t, ans); got != "3" {
		t.Errorf("answer %s, want 3\n%s", got, ans.Provenance[0].Query)
	}
	var usage *handoff.Event
	for i, e := range ans.Trace.Events {
		if e.Stage == "llm" {
			usage = &ans.Trace.Events[i]
		}
	}
	if usage == nil || usage.Numbers["calls"] != 2 || usage.Numbers["input_tokens"] != 400 || usage.Numbers["output_tokens"] != 25 {
		t.Errorf("token accounting: %+v", usage)
	}
	perCall := 0
	for _, e := range ans.Trace.Events {
		if e.Stage == "llm" && strings.HasSuffix(e.Message, " call") {
			perCall++
		}
	}
	if perCall != 2 {
		t.Errorf("%d per-call events, want 2", perCall)
	}
	if !strings.Contains(msgs(ans), "llm:test-model") {
		t.Errorf("the decomposition is not the model's:\n%s", msgs(ans))
	}
}

// TestNestedComparisonVerified checks a question that compares with
// another subgoal's answer: the query that realises the comparison is
// accepted (the value put in it is that answer, not a constant of its
// own), and a query that does not realise it is not.
func TestNestedComparisonVerified(t *testing.T) {
	p, err := New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := p.Ask(context.Background(), "Which players scored more goals than the average?")
	if err != nil {
		t.Fatal(err)
	}
	recs := ans.Records["s2"]
	if len(recs) == 0 {
		t.Fatalf("no record for s2: %+v", ans.Records)
	}
	compared := false
	for _, r := range recs {
		hasFilter := strings.Contains(r.Candidate.Query, "FILTER")
		for _, c := range r.Commitments {
			if c.Kind == "constant" && !c.Met {
				t.Errorf("the average, put in the query, is taken for a constant of its own: %s\n%s", c.Detail, r.Candidate.Query)
			}
		}
		if r.Accepted && !hasFilter {
			t.Errorf("a query that compares nothing was accepted: %s", r.Candidate.Query)
		}
		compared = compared || r.Accepted && hasFilter
	}
	if !compared {
		t.Errorf("no accepted s2 query compares with the average: %+v", recs)
	}
	if got := len(ans.Results.Rows); got == 0 || got >= 6 {
		t.Errorf("%d players, want some, not all", got)
	}
}
