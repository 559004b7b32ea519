package demo

import (
	"slices"
	"testing"

	schemaforge "github.com/schemaforge/go-schemaforge"
)

// TestPipelineAnswersExamples asks the pipeline (no LLM) every example
// question and pins what a user sees: each answer is right (it renders as
// the gold query's answer), or it is honestly marked not verified. A
// wrong answer marked verified fails.
func TestPipelineAnswersExamples(t *testing.T) {
	p, err := schemaforge.New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	right, verified := 0, 0
	for _, c := range goldCases {
		ans, err := p.Ask(t.Context(), c.question)
		if err != nil {
			t.Fatalf("%q: %v", c.question, err)
		}
		var got []string
		if ans.Results != nil {
			got = answer(ans.Results)
		}
		want := slices.Clone(c.want)
		if !c.ordered {
			slices.Sort(got)
			slices.Sort(want)
		}
		ok := ans.Results != nil && slices.Equal(got, want)
		if ok {
			right++
		}
		if ans.Verified {
			verified++
		}
		switch {
		case ans.Verified && !ok:
			t.Errorf("%q: wrong answer marked verified (confidence %.2f): %q, want %q", c.question, ans.Confidence, got, want)
		case ans.Results != nil && !ans.Verified && len(ans.Reasons) == 0:
			t.Errorf("%q: not verified, without reasons", c.question)
		case ans.Confidence < 0 || ans.Confidence > 1:
			t.Errorf("%q: confidence %v", c.question, ans.Confidence)
		}
		t.Logf("right=%-5v verified=%-5v confidence=%.2f  %s", ok, ans.Verified, ans.Confidence, c.question)
	}
	t.Logf("%d of %d right, %d verified", right, len(goldCases), verified)
}
