package qa

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// RowF1 is the F1 of the answer rows of got against want (MF1 averages it
// over questions): rows are compared as sets of canonical rows, as in
// [SameAnswers]; precision is the share of got's rows in want, recall the
// share of want's rows in got. Two empty answers score 1; two ASK answers
// score 1 when their booleans agree; a nil result scores 0.
func RowF1(want, got *sparql.Results) float64 {
	if want == nil || got == nil {
		return 0
	}
	if want.Boolean != nil || got.Boolean != nil {
		if SameAnswers(want, got) {
			return 1
		}
		return 0
	}
	a, b := want.ValueRows(), got.ValueRows()
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	hit := 0
	for k := range b {
		if a[k] {
			hit++
		}
	}
	return f1(hit, len(b), len(a))
}

// f1 is the harmonic mean of precision hit/predicted and recall
// hit/relevant; 0 when either is 0.
func f1(hit, predicted, relevant int) float64 {
	if hit == 0 || predicted == 0 || relevant == 0 {
		return 0
	}
	p, r := float64(hit)/float64(predicted), float64(hit)/float64(relevant)
	return 2 * p * r / (p + r)
}

// SetF1 is the TEXT2SPARQL set F1 (pytrec_eval's set_F) of the values got
// against the relevance judgements rel: a value is relevant when its
// relevance is positive; precision is the share of got's distinct values
// that are relevant, recall the share of relevant values in got. Where
// pytrec_eval has no sensible answer this deviates, on purpose: when
// nothing is relevant (an empty gold answer, an ASK that says false) the
// score is 1 for an empty got and 0 otherwise. An ASK answer's values are
// ["true"] or none ([AnswerValues]).
func SetF1(rel map[string]int, got []string) float64 {
	relevant := 0
	for _, g := range rel {
		if g > 0 {
			relevant++
		}
	}
	seen := map[string]bool{}
	hit, predicted := 0, 0
	for _, v := range got {
		if seen[v] {
			continue
		}
		seen[v] = true
		predicted++
		if rel[v] > 0 {
			hit++
		}
	}
	if relevant == 0 {
		if predicted == 0 {
			return 1
		}
		return 0
	}
	return f1(hit, predicted, relevant)
}

// NDCG is the normalised discounted cumulative gain of the ranked values
// got against the graded judgements rel (trec_eval's ndcg: gain = the
// value's relevance, discount log2(rank+1), over the whole ranking; the
// ideal ranking orders every judged value by relevance). Duplicates count
// once, at their first rank. It is 1 when nothing is relevant and got has
// no relevant value either, 0 when nothing is relevant otherwise.
func NDCG(rel map[string]int, got []string) float64 {
	var gains []int
	for _, g := range rel {
		if g > 0 {
			gains = append(gains, g)
		}
	}
	if len(gains) == 0 {
		if len(got) == 0 {
			return 1
		}
		return 0
	}
	slices.Sort(gains)
	slices.Reverse(gains)
	ideal := 0.0
	for i, g := range gains {
		ideal += float64(g) / math.Log2(float64(i+2))
	}
	dcg := 0.0
	seen := map[string]bool{}
	rank := 0
	for _, v := range got {
		if seen[v] {
			continue
		}
		seen[v] = true
		rank++
		if g := rel[v]; g > 0 {
			dcg += float64(g) / math.Log2(float64(rank+1))
		}
	}
	return dcg / ideal
}

// TripleCounts compares the WHERE-clause triple patterns of a produced
// query with the gold one's, as TF1 does: the multisets of their abstract
// keys ([sparql.TripleKeys]: variable names and blank-node labels
// abstracted away; FILTERs, BINDs and the triples inside EXISTS left out).
// It returns the size of their multiset intersection and of each.
func TripleCounts(gold, produced []string) (hit, nGold, nProduced int) {
	left := map[string]int{}
	for _, k := range gold {
		left[k]++
	}
	for _, k := range produced {
		if left[k] > 0 {
			left[k]--
			hit++
		}
	}
	return hit, len(gold), len(produced)
}

// tripleKeys returns the abstract triple keys of a query text, parsed
// leniently; ok is false when it does not parse.
func tripleKeys(query string) ([]string, bool) {
	q, err := parseGold(query)
	if err != nil {
		return nil, false
	}
	return sparql.TripleKeys(q), true
}

// percentile returns the p-th percentile (0 < p ≤ 100) of ds by the
// nearest-rank method, in milliseconds; 0 for none.
func percentile(ds []time.Duration, p float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	i = max(0, min(i, len(s)-1))
	return float64(s[i].Microseconds()) / 1000
}

// The figures of confidence and selective answering below read plain
// slices, one entry per question: conf[i] is the probability the system
// gave that answer i is right, right[i] whether it is (EA), verified[i]
// whether the system vouched for it. conf and right (and verified) have
// the same length; the functions panic otherwise. A question the system
// did not answer counts with confidence 0, not verified and not right.

// Coverages are the fractions of questions [Report.PrecisionAtCoverage]
// reports precision at.
var Coverages = []float64{0.25, 0.5, 0.75, 1}

// CoverageKey is the key of coverage c in [Report.PrecisionAtCoverage]
// ("0.25", "0.5", "0.75", "1").
func CoverageKey(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }

func sameLength(conf []float64, right []bool) {
	if len(conf) != len(right) {
		panic(fmt.Sprintf("qa: %d confidences for %d outcomes", len(conf), len(right)))
	}
}

// ConfidenceOrder returns the indices of conf from the most to the least
// confident; equal confidences keep their order in conf (so a caller that
// wants ties broken by question ID passes the questions sorted by ID).
// NaN counts as less confident than anything.
func ConfidenceOrder(conf []float64) []int {
	idx := make([]int, len(conf))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(conf[b], conf[a]) })
	return idx
}

// RiskCoverage is the risk–coverage curve of answers ranked by confidence
// ([ConfidenceOrder]): risk[k-1] is the share of wrong answers among the
// k most confident, for k = 1…len(conf); its coverage is k/len(conf).
func RiskCoverage(conf []float64, right []bool) []float64 {
	sameLength(conf, right)
	risk := make([]float64, len(conf))
	wrong := 0
	for k, i := range ConfidenceOrder(conf) {
		if !right[i] {
			wrong++
		}
		risk[k] = float64(wrong) / float64(k+1)
	}
	return risk
}

// AURC is the area under the risk–coverage curve: the mean of
// [RiskCoverage] over k = 1…N (0 for no question). Lower is better; a
// confidence that ranks every right answer above every wrong one gets the
// least AURC the error rate allows.
func AURC(conf []float64, right []bool) float64 {
	risk := RiskCoverage(conf, right)
	if len(risk) == 0 {
		return 0
	}
	s := 0.0
	for _, r := range risk {
		s += r
	}
	return s / float64(len(risk))
}

// PrecisionAtCoverage is the share of right answers among the ⌈c·N⌉
// most confident of the N questions ([ConfidenceOrder]), for a coverage
// c in (0, 1] (at least one question; 0 for no question or c ≤ 0).
func PrecisionAtCoverage(conf []float64, right []bool, c float64) float64 {
	sameLength(conf, right)
	n := len(conf)
	if n == 0 || c <= 0 {
		return 0
	}
	// The tolerance keeps c·N that should be whole (0.1 × 30) from
	// rounding up to the next question.
	k := max(1, min(n, int(math.Ceil(c*float64(n)-1e-9))))
	hit := 0
	for _, i := range ConfidenceOrder(conf)[:k] {
		if right[i] {
			hit++
		}
	}
	return float64(hit) / float64(k)
}

// SelectivePrecision sums up answering only where accepted: precision is
// the share of right answers among the accepted ones (0 when none is),
// coverage the share of questions accepted. [Report.VerifiedPrecision]
// and [Report.VerifiedCoverage] are it with the verified answers.
func SelectivePrecision(accepted, right []bool) (precision, coverage float64) {
	if len(accepted) != len(right) {
		panic(fmt.Sprintf("qa: %d verdicts for %d outcomes", len(accepted), len(right)))
	}
	n, hit := 0, 0
	for i, a := range accepted {
		if a {
			n++
			if right[i] {
				hit++
			}
		}
	}
	if n > 0 {
		precision = float64(hit) / float64(n)
	}
	if len(accepted) > 0 {
		coverage = float64(n) / float64(len(accepted))
	}
	return precision, coverage
}

// ReliabilityBin is one bin of a reliability diagram: the answers whose
// confidence lies in [Lo, Hi) (the last bin includes 1), their number,
// mean confidence and accuracy (both 0 for an empty bin).
type ReliabilityBin struct {
	Lo             float64 `json:"lo"`
	Hi             float64 `json:"hi"`
	N              int     `json:"n"`
	MeanConfidence float64 `json:"mean_confidence"`
	Accuracy       float64 `json:"accuracy"`
}

// ReliabilityBins splits [0, 1] into bins equal-width bins and sums up the
// answers in each. A confidence of 1 goes in the last bin; confidences
// below 0 in the first, above 1 in the last; NaN counts as 0. It returns every
// bin, empty ones included; nil when bins < 1.
func ReliabilityBins(conf []float64, right []bool, bins int) []ReliabilityBin {
	sameLength(conf, right)
	if bins < 1 {
		return nil
	}
	out := make([]ReliabilityBin, bins)
	for b := range out {
		out[b].Lo, out[b].Hi = float64(b)/float64(bins), float64(b+1)/float64(bins)
	}
	for i, c := range conf {
		if math.IsNaN(c) {
			c = 0
		}
		b := 0
		if c > 0 {
			b = min(int(c*float64(bins)), bins-1)
		}
		out[b].N++
		out[b].MeanConfidence += c
		if right[i] {
			out[b].Accuracy++
		}
	}
	for b := range out {
		if n := out[b].N; n > 0 {
			out[b].MeanConfidence /= float64(n)
			out[b].Accuracy /= float64(n)
		}
	}
	return out
}

// ECE is the expected calibration error over bins equal-width bins of
// [0, 1] ([ReliabilityBins]): Σ_b |b|/N · |accuracy_b − mean confidence_b|.
// 0 for no question; 0 for a perfectly calibrated confidence.
func ECE(conf []float64, right []bool, bins int) float64 {
	return BinnedECE(ReliabilityBins(conf, right, bins))
}

// ECENoise is the ECE a perfectly calibrated confidence would show on
// the same confidences by chance: the mean and the 90th percentile of
// [ECE] over draws in which each answer is right with the probability
// its confidence gives. An ECE within it is no evidence of miscalibration
// at this number of answers.
type ECENoise struct {
	Mean float64 `json:"mean"`
	P90  float64 `json:"p90"`
}

// CalibratedECE returns the [ECENoise] of conf over bins bins from draws
// draws (at least 1) of a generator seeded with seed, so that a run is
// repeatable.
func CalibratedECE(conf []float64, bins, draws int, seed uint64) ECENoise {
	if len(conf) == 0 {
		return ECENoise{}
	}
	draws = max(draws, 1)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	right := make([]bool, len(conf))
	eces := make([]float64, draws)
	sum := 0.0
	for d := range draws {
		for i, c := range conf {
			right[i] = rng.Float64() < c
		}
		eces[d] = ECE(conf, right, bins)
		sum += eces[d]
	}
	slices.Sort(eces)
	return ECENoise{Mean: sum / float64(draws), P90: eces[min(draws-1, draws*9/10)]}
}

// BinnedECE is [ECE] from bins already made by [ReliabilityBins].
func BinnedECE(bins []ReliabilityBin) float64 {
	n := 0
	for _, b := range bins {
		n += b.N
	}
	if n == 0 {
		return 0
	}
	e := 0.0
	for _, b := range bins {
		e += float64(b.N) / float64(n) * math.Abs(b.Accuracy-b.MeanConfidence)
	}
	return e
}
