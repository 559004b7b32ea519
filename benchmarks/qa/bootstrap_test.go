package qa

import (
	"math"
	"testing"
)

func TestShareCI(t *testing.T) {
	half := make([]bool, 100)
	for i := range 50 {
		half[i] = true
	}
	ci := ShareCI(half)
	// The normal approximation: 0.5 ± 1.96·√(0.25/100) = [0.402, 0.598].
	if math.Abs(ci.Lo-0.402) > 0.02 || math.Abs(ci.Hi-0.598) > 0.02 {
		t.Errorf("CI of 50/100: %+v", ci)
	}
	if again := ShareCI(half); again != ci {
		t.Errorf("not repeatable: %+v then %+v", ci, again)
	}
	if ci := ShareCI([]bool{true, true, true}); ci != (Interval{1, 1}) {
		t.Errorf("all right: %+v", ci)
	}
	if ci := ShareCI(nil); ci != (Interval{}) {
		t.Errorf("no question: %+v", ci)
	}
	if got := CountCI(50, 100); got != ci {
		t.Errorf("CountCI(50, 100) = %+v, ShareCI %+v", got, ci)
	}
	// Fewer questions, a wider interval.
	small := ShareCI([]bool{true, false, true, false})
	if small.Hi-small.Lo <= ci.Hi-ci.Lo {
		t.Errorf("4 questions %+v not wider than 100 %+v", small, ci)
	}
}

func TestPairedDiffCI(t *testing.T) {
	a := make([]bool, 200)
	b := make([]bool, 200)
	for i := range a {
		a[i] = i%2 == 0
		b[i] = a[i]
	}
	if ci := PairedDiffCI(a, b); ci != (Interval{}) {
		t.Errorf("same outcomes: %+v", ci)
	}
	// b loses 20 of a's 100 right answers: Δ = -0.1, and pairing keeps
	// the interval tight around it (the two EAs' own intervals overlap).
	for i := 0; i < 40; i += 2 {
		b[i] = false
	}
	ci := PairedDiffCI(b, a)
	if ci.Hi >= 0 || ci.Lo < -0.16 || ci.Lo > -0.1 || ci.Hi < -0.1 {
		t.Errorf("Δ = -0.1: %+v", ci)
	}
}

func TestQuantile(t *testing.T) {
	s := []float64{1, 2, 3, 4, 5}
	for q, want := range map[float64]float64{0: 1, 0.5: 3, 1: 5, 0.125: 1.5} {
		if got := quantile(s, q); got != want {
			t.Errorf("quantile(%v) = %v, want %v", q, got, want)
		}
	}
	if got := quantile([]float64{7}, 0.3); got != 7 {
		t.Errorf("one value: %v", got)
	}
}
