package decomposer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/handoff"
)

// FuzzDecompose checks the properties every question must keep: no
// panic (nor a fall back to the safety net of Decompose, which hides
// one), an error exactly for a blank question, otherwise a valid
// decomposition whose mentions lie within the question and slice back
// to their Text (the contract of handoff.Mention: Start and End are
// byte offsets of the span, End exclusive).
func FuzzDecompose(f *testing.F) {
	for _, q := range []string{
		"List the names of all painters.",
		"Which singers are older than 30?",
		"Which hikers are younger than twenty five?",
		"Which teachers have between 3 and 5 classes?",
		"Which employees were hired before March 2001?",
		"Which patients were admitted after April 3, 2018 or on 05/03/2019?",
		"Which books have a title that contains the word \"night\"?",
		"Which novels by “Jane Austen” mention ‘Bath’?",
		"Is the Nile longer than the Amazon?",
		"What is the average salary of nurses per hospital?",
		"How many students are there for each department?",
		"List the top 3 countries by population.",
		"Name the three oldest professors.",
		"Which farmers have no tractors at all?",
		"Which musicians play both guitar and piano?",
		"Which cities are either in Spain or in Portugal?",
		"Which poets wrote sonnets but not ballads?",
		"Which swimmers are older than the average age of all swimmers?",
		"Which songs have a lower rating than at least one blues song?", "How many people are older than every engineer?",
		"What are the names of all colleges with a larger enrollment than the largest college in Florida?",
		"How many rounds did each pilot win?", "Which storms didn't hit any country?",
		"Find the rooms which can sit 50 to 100 students.", "What are the names of all male British artists?",
		"Did Mozart compose an opera?",
		"Which museums in Zürich opened before 3 March 2010?",
		"Who is older, Ada Brook or Tomas Vey?",
		"Who owns CCTV-1 and the F-16?",
		"Which album came out first?",
		"Which university was founded the earliest?", "Which program was launched most recently?",
		"How many people fit in Valdheim FK's stadium?", "How many fans can the arena hold?",
		"Which movie has the highest average rating?", "Which clubs don't have a forward?",
		"How many manufacturers have headquarters in either Tokyo or Beijing?",
		"What kind of museum is the Nordic Light Gallery?", "What kind of music does Kenji Aoyama Trio play?",
		"What is the GNP of Japan?", "What is the most populous city?", "Who is the richest singer?",
		"Which country has the longest life expectancy?", "Which films had a bigger budget than Paper Cranes at Dawn?",
		"Give me the players and their clubs.",
		"Which cities have more than 2.5 million inhabitants?",
		"Students named O'Brien's friends'?",
		"🎵 ¿ \"",
		"",
		" \t",
		// Inputs that once failed.
		"for each",
	} {
		f.Add(q)
	}
	r := decomposer.NewRules()
	// A name linker that links every run of up to five words, as if a
	// graph held each: the names it extends or finds (in a question
	// without capitals) must keep the same properties.
	spans := decomposer.LinkerFunc(func(_ context.Context, text string, _ int) ([]handoff.Mention, error) {
		var out []handoff.Mention
		fields := strings.Fields(text)
		at := 0
		var starts, ends []int
		for _, w := range fields {
			i := strings.Index(text[at:], w) + at
			starts, ends = append(starts, i), append(ends, i+len(w))
			at = i + len(w)
		}
		for i := range fields {
			for j := i; j < len(fields) && j < i+5; j++ {
				v := text[starts[i]:ends[j]]
				out = append(out, handoff.Mention{Text: v, Start: starts[i], End: ends[j], Kind: handoff.MentionValue, Graph: "g", Value: v})
			}
		}
		return out, nil
	})
	rn := decomposer.NewRules(decomposer.WithNameLinker(spans))
	f.Fuzz(func(t *testing.T, q string) {
		for k, r := range []*decomposer.Rules{r, rn} {
			checkFuzzed(t, r, q, k == 1)
		}
	})
}

// checkFuzzed checks FuzzDecompose's properties of r on q; named says
// whether r has the name linker.
func checkFuzzed(t *testing.T, r *decomposer.Rules, q string, named bool) {
	// Fuzzing does not report hangs: crash the worker on one, so the
	// input is kept.
	watchdog := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("Decompose(%q) takes more than 10s (name linker %v)", q, named)) })
	d, err := r.Decompose(context.Background(), q)
	watchdog.Stop()
	if strings.TrimSpace(q) == "" {
		if err == nil || d != nil {
			t.Fatalf("Decompose(%q) = %v, %v; want an error for a blank question", q, d, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("Decompose(%q): %v", q, err)
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("Decompose(%q) is invalid: %v", q, err)
	}
	for _, n := range d.Notes {
		if strings.HasPrefix(n, "rules failed") || strings.HasPrefix(n, "rules produced an invalid") {
			t.Fatalf("Decompose(%q) fell back: %s", q, n)
		}
	}
	for _, s := range d.Subgoals {
		for _, m := range s.Mentions {
			if m.Start < 0 || m.End > len(q) || m.Start > m.End {
				t.Fatalf("Decompose(%q): subgoal %s: mention %+v out of bounds", q, s.ID, m)
			}
			if q[m.Start:m.End] != m.Text {
				t.Fatalf("Decompose(%q): subgoal %s: mention %+v: q[%d:%d] = %q", q, s.ID, m, m.Start, m.End, q[m.Start:m.End])
			}
		}
	}
}
