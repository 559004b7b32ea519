package qa

import (
	"math"
	"math/rand/v2"
	"slices"
)

// The percentile bootstrap every EA interval of the harness uses: the
// questions are resampled with replacement [BootstrapResamples] times
// from a generator seeded with [BootstrapSeed], so that the same run
// gives the same interval, and the interval runs from the 2.5th to the
// 97.5th percentile of the resampled statistic.
const (
	BootstrapResamples = 2000
	BootstrapSeed      = 1
	// BootstrapLevel is the coverage of the intervals (95 %).
	BootstrapLevel = 0.95
)

// Interval is a confidence interval [Lo, Hi] of a share or of a
// difference of shares.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Bootstrap returns the 95 % percentile bootstrap interval of stat over
// n questions: stat is computed on resamples resamples (at least 1) of
// the indices 0…n-1 drawn with replacement from a generator seeded with
// seed. stat gets the resampled indices (len n) and must not keep them.
// It returns the zero Interval for n < 1.
func Bootstrap(n, resamples int, seed uint64, stat func(idx []int) float64) Interval {
	if n < 1 {
		return Interval{}
	}
	resamples = max(resamples, 1)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	idx := make([]int, n)
	vals := make([]float64, resamples)
	for r := range resamples {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		vals[r] = stat(idx)
	}
	slices.Sort(vals)
	alpha := (1 - BootstrapLevel) / 2
	return Interval{Lo: quantile(vals, alpha), Hi: quantile(vals, 1-alpha)}
}

// quantile returns the q-quantile of sorted values, interpolating
// linearly between order statistics (the R-7 definition).
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 1 {
		return sorted[0]
	}
	h := q * float64(len(sorted)-1)
	lo := int(math.Floor(h))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + (h-float64(lo))*(sorted[hi]-sorted[lo])
}

// ShareCI is the 95 % percentile bootstrap interval ([Bootstrap] with
// [BootstrapResamples] and [BootstrapSeed]) of the share of right
// answers among right: the interval of EA when right holds the EA of
// each question with a gold answer.
func ShareCI(right []bool) Interval {
	return Bootstrap(len(right), BootstrapResamples, BootstrapSeed, func(idx []int) float64 {
		hit := 0
		for _, i := range idx {
			if right[i] {
				hit++
			}
		}
		return float64(hit) / float64(len(idx))
	})
}

// CountCI is [ShareCI] of right answers out of n questions (the
// interval depends on the counts alone).
func CountCI(right, n int) Interval {
	outcomes := make([]bool, max(n, 0))
	for i := range min(max(right, 0), len(outcomes)) {
		outcomes[i] = true
	}
	return ShareCI(outcomes)
}

// PairedDiffCI is the 95 % paired percentile bootstrap interval of the
// difference of shares mean(a) − mean(b) over the same questions (a[i]
// and b[i] are two systems' outcomes on question i; the lengths must be
// equal, else it panics): the questions are resampled together, so the
// interval reflects the systems' disagreement, not each one's spread.
func PairedDiffCI(a, b []bool) Interval {
	if len(a) != len(b) {
		panic("qa: paired outcomes of different lengths")
	}
	return Bootstrap(len(a), BootstrapResamples, BootstrapSeed, func(idx []int) float64 {
		d := 0
		for _, i := range idx {
			d += boolInt(a[i]) - boolInt(b[i])
		}
		return float64(d) / float64(len(idx))
	})
}
