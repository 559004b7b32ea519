package schemaforge

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
)

// TestGraphChoice: the most confident accepted candidate answers for its
// graph unless a better-ranked accepted one is within rankMargin; a
// candidate a language model chose answers whatever its confidence.
func TestGraphChoice(t *testing.T) {
	rec := func(accepted bool, conf float64, chosenBy string) handoff.Record {
		return handoff.Record{Accepted: accepted, Confidence: conf, Candidate: handoff.Candidate{ChosenBy: chosenBy}}
	}
	for _, c := range []struct {
		name string
		recs []handoff.Record
		want int
	}{
		{"none accepted", []handoff.Record{rec(false, 0.9, ""), rec(false, 0.8, "")}, -1},
		{"clearly more confident", []handoff.Record{rec(true, 0.5, ""), rec(true, 0.8, "")}, 1},
		{"close: the better rank", []handoff.Record{rec(true, 0.64, ""), rec(true, 0.71, "")}, 0},
		{"close, but the better rank was rejected", []handoff.Record{rec(false, 0.7, ""), rec(true, 0.6, ""), rec(true, 0.65, "")}, 1},
		{"chosen by a model", []handoff.Record{rec(true, 0.9, ""), rec(true, 0.2, "llm")}, 1},
	} {
		if got := graphChoice(c.recs); got != c.want {
			t.Errorf("%s: graphChoice = %d, want %d", c.name, got, c.want)
		}
	}
}
