package qa_test

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
)

// The 95 % interval of EA when 30 of 40 questions are answered right:
// the same for every run (2,000 resamples, seed 1).
func ExampleShareCI() {
	right := make([]bool, 40)
	for i := range 30 {
		right[i] = true
	}
	ci := qa.ShareCI(right)
	fmt.Printf("EA 75.0%% [%.1f, %.1f]\n", 100*ci.Lo, 100*ci.Hi)
	// Output: EA 75.0% [62.4, 87.5]
}

// Two systems on the same 40 questions: the ablation loses eight right
// answers and gains none, so the paired interval of the difference lies
// below 0, although the two EAs' own intervals (75 % and 55 %) overlap.
func ExampleCompare() {
	var full, ablated []qa.Item
	for i := range 40 {
		id := fmt.Sprint(i)
		full = append(full, qa.Item{ID: id, Gold: true, EA: i < 30})
		ablated = append(ablated, qa.Item{ID: id, Gold: true, EA: i < 22})
	}
	d := qa.Compare(qa.Summarize(full, nil), qa.Summarize(ablated, nil))
	fmt.Printf("%d pairs, ΔEA %+.1f [%+.1f, %+.1f]\n", d.N, 100*d.EA, 100*d.CI.Lo, 100*d.CI.Hi)
	// Output: 40 pairs, ΔEA -20.0 [-32.5, -7.5]
}
