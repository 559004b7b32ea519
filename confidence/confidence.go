// Package confidence turns the verifier's evidence about an answer into a
// calibrated probability that the answer is right.
//
// The evidence of a record ([Evidence]) are figures by name: whether the
// verifier accepted it, the question's commitments met and missed (by
// kind), the mean Jaccard similarity of its perturbed answers and how many
// perturbations ran, whether it is grounded, the candidate's rank and the
// margin of its score over the runner-up, the allocation's margin between
// the graph and the next one, the size of the answer, whether it is empty.
// A [Model] is a logistic regression over standardised evidence, fitted
// ([Fit]) on labelled records of the Spider4SPARQL train split with folds
// by graph ([CrossValidate]); its Threshold is the least confidence at
// which the out-of-fold precision reaches the target (90%). The module
// ships one fitted model ([Default], the embedded weights.json); the
// command `schemaforge calibrate` refits it.
package confidence

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sync"
)

// Features lists the evidence the model reads, in the order of its
// weights. A feature missing from a record's evidence counts as 0.
var Features = []string{
	"accepted",               // the verifier accepted the record (0/1)
	"covered",                // every commitment is met (0/1)
	"commitments",            // number of commitments
	"missed",                 // commitments missed
	"missed_mention",         // named entities or values not used
	"missed_answer",          // the requested answer not projected
	"missed_order",           // superlatives or comparatives not realised
	"missed_echo",            // the answer repeats the question
	"missed_other",           // negation, grouping, set words not realised
	"perturbed",              // perturbations that ran
	"mean_jaccard",           // their mean Jaccard (1 when none ran)
	"unperturbed",            // no perturbation ran (0/1)
	"grounded",               // grounded in the slice (0/1)
	"requirements_fail",      // the requirement checks failed (0/1)
	"rank",                   // the candidate's rank (1 = best)
	"score_margin",           // its score minus the runner-up's (0 when alone)
	"alloc_margin",           // the graph's allocation score minus the next graph's (negative when below the best)
	"alloc_top",              // the graph ranks first in the allocation (0/1)
	"alloc_final",            // the graph's final allocation score
	"alloc_cov_p",            // its predicate coverage of the requirements
	"alloc_cov_t",            // its type coverage
	"terms",                  // the subgoal's predicate and type terms
	"terms_realised_share",   // the share the query realises through the slice (1 without terms)
	"terms_unmatched",        // terms that match nothing in the slice
	"outside_slice",          // predicates and classes of the query outside the slice
	"score",                  // the candidate's synthesis score
	"candidates",             // candidates synthesised for the graph
	"op_filter",              // the subgoal filters (0/1)
	"op_aggregate",           // … aggregates
	"op_group",               // … groups
	"op_rank",                // … ranks
	"op_negate",              // … negates
	"op_compare",             // … compares
	"cues",                   // the subgoal's cues
	"mentions",               // its mentions
	"strong",                 // accepted, covered, every term realised, not empty (0/1)
	"rows_log",               // log(1 + rows)
	"empty",                  // the answer is empty (0/1)
	"one_row",                // the answer has exactly one row (0/1)
	"repairs",                // deterministic repairs applied
	"fallback",               // not accepted: the best of the rejected (0/1)
	"agreement",              // the share of the graph's other candidates with the same non-empty answer
	"agree_any",              // some other candidate has the same non-empty answer (0/1)
	"unexplained_classes",    // classes of the query that no term of the question can mean
	"unexplained_attributes", // attribute predicates of the query that nothing of the question explains
	"named_left_out",         // attributes of the query's classes the question names and the query leaves out
	"words_unrealised",       // content words of the question nothing in the query accounts for
}

// Signs are the signs the weights of some features must have: -1 for
// evidence against an answer (a missed commitment, a failed requirement,
// a rejected candidate answering anyway), +1 for evidence for it. Fit
// holds a weight that would take the other sign at 0: in the training
// data such a weight only stands for something correlated with the
// feature, and it would let, say, a self-contradictory query look more
// likely right.
var Signs = map[string]int{
	"missed": -1, "missed_mention": -1, "missed_answer": -1, "missed_order": -1, "missed_echo": -1, "missed_other": -1,
	"requirements_fail": -1, "fallback": -1, "outside_slice": -1, "named_left_out": -1, "words_unrealised": -1,
	"accepted": 1, "covered": 1, "strong": 1, "agree_any": 1, "agreement": 1,
}

// DefaultPrecision is the out-of-fold precision the default threshold is
// chosen for, when some threshold reaches it (see FitInfo.Target).
const DefaultPrecision = 0.9

// Model is a logistic regression over standardised evidence.
type Model struct {
	// Features names the inputs, in the order of Mean, Scale and Weights.
	Features []string `json:"features"`
	// Mean and Scale standardise each feature: x' = (x − Mean) / Scale.
	Mean  []float64 `json:"mean"`
	Scale []float64 `json:"scale"`
	// Weights and Bias are the coefficients over the standardised
	// features.
	Weights []float64 `json:"weights"`
	Bias    float64   `json:"bias"`
	// Threshold is the least confidence of a verified answer: the
	// smallest confidence at which the out-of-fold precision of the
	// answers at or above it reached the target.
	Threshold float64 `json:"threshold"`
	// Fit says how the model was fitted (data, folds, regularisation,
	// out-of-fold figures).
	Fit FitInfo `json:"fit"`
}

// FitInfo records how a model was fitted.
type FitInfo struct {
	Data      string  `json:"data"`    // what it was fitted on
	Command   string  `json:"command"` // the command that refits it
	Samples   int     `json:"samples"`
	Positives int     `json:"positives"`
	Groups    int     `json:"groups"` // graphs
	Folds     int     `json:"folds"`
	Lambda    float64 `json:"lambda"` // L2 penalty
	// Out-of-fold figures on the answers (one per question): ECE over 10
	// bins, precision and coverage at Threshold, chosen for the target
	// precision Target: Wanted (the precision asked for) when some
	// threshold reached it, else the first lower target reached.
	Answers      int     `json:"answers"`
	OOFECE       float64 `json:"oofECE"`
	OOFPrecision float64 `json:"oofPrecision"`
	OOFCoverage  float64 `json:"oofCoverage"`
	Target       float64 `json:"target"`
	Wanted       float64 `json:"wanted"`
}

//go:embed weights.json
var weightsJSON []byte

var (
	defaultOnce  sync.Once
	defaultModel *Model
	defaultErr   error
)

// Default returns the model shipped with the module (weights.json,
// fitted on the Spider4SPARQL train split). It panics only if the
// embedded file is broken, which the package's tests rule out.
func Default() *Model {
	defaultOnce.Do(func() { defaultModel, defaultErr = Parse(weightsJSON) })
	if defaultErr != nil {
		panic("confidence: the embedded weights.json is invalid: " + defaultErr.Error())
	}
	return defaultModel
}

// Parse reads a model written by [Model.MarshalJSON] (encoding/json) and
// checks it.
func Parse(data []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("confidence: reading the model: %w", err)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return &m, nil
}

// Validate checks that the model's vectors agree and its numbers are
// finite.
func (m *Model) Validate() error {
	n := len(m.Features)
	switch {
	case n == 0:
		return errors.New("confidence: the model has no features")
	case len(m.Mean) != n || len(m.Scale) != n || len(m.Weights) != n:
		return fmt.Errorf("confidence: the model has %d features but %d means, %d scales and %d weights", n, len(m.Mean), len(m.Scale), len(m.Weights))
	case m.Threshold < 0 || m.Threshold > 1 || math.IsNaN(m.Threshold):
		return fmt.Errorf("confidence: threshold %v is not in [0, 1]", m.Threshold)
	}
	for i := range n {
		for _, x := range []float64{m.Mean[i], m.Scale[i], m.Weights[i]} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("confidence: feature %s has a non-finite coefficient", m.Features[i])
			}
		}
		if m.Scale[i] <= 0 {
			return fmt.Errorf("confidence: feature %s has scale %v (want > 0)", m.Features[i], m.Scale[i])
		}
	}
	if math.IsNaN(m.Bias) || math.IsInf(m.Bias, 0) {
		return errors.New("confidence: the bias is not finite")
	}
	return nil
}

// Predict returns the probability that a record with this evidence is
// right.
func (m *Model) Predict(ev map[string]float64) float64 {
	z := m.Bias
	for i, f := range m.Features {
		z += m.Weights[i] * (ev[f] - m.Mean[i]) / m.Scale[i]
	}
	return sigmoid(z)
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// Sample is one labelled record for fitting.
type Sample struct {
	Evidence map[string]float64
	Right    bool
	// Group is the graph the question is about: folds never split a
	// group.
	Group string
}

// Fit fits a logistic regression with L2 penalty lambda on the samples
// (Newton's method on the standardised features; the bias is not
// penalised), the weights of [Signs] held to their signs. The threshold
// is left at 0; see [ChooseThreshold].
func Fit(samples []Sample, features []string, lambda float64) (*Model, error) {
	if len(samples) == 0 {
		return nil, errors.New("confidence: no samples to fit")
	}
	if len(features) == 0 {
		features = Features
	}
	n, d := len(samples), len(features)
	m := &Model{Features: slices.Clone(features), Mean: make([]float64, d), Scale: make([]float64, d), Weights: make([]float64, d)}
	x := make([][]float64, n)
	for i, s := range samples {
		x[i] = make([]float64, d)
		for j, f := range features {
			x[i][j] = s.Evidence[f]
			m.Mean[j] += x[i][j] / float64(n)
		}
	}
	for j := range d {
		v := 0.0
		for i := range n {
			v += (x[i][j] - m.Mean[j]) * (x[i][j] - m.Mean[j])
		}
		m.Scale[j] = math.Sqrt(v / float64(n))
		if m.Scale[j] < 1e-9 {
			m.Scale[j] = 1 // a constant feature: its weight stays 0
		}
		for i := range n {
			x[i][j] = (x[i][j] - m.Mean[j]) / m.Scale[j]
		}
	}
	y := make([]float64, n)
	for i, s := range samples {
		if s.Right {
			y[i] = 1
		}
	}
	// Sign constraints by active set: fit, clamp to 0 the weight that
	// most contradicts its sign in Signs, refit, until none does.
	fixed := make([]bool, d)
	var theta []float64
	for {
		var err error
		theta, err = newton(x, y, lambda, fixed)
		if err != nil {
			return nil, fmt.Errorf("confidence: fitting: %w", err)
		}
		worst, worstBy := -1, 0.0
		for j, f := range features {
			if by := -float64(Signs[f]) * theta[j+1]; !fixed[j] && by > worstBy {
				worst, worstBy = j, by
			}
		}
		if worst < 0 {
			break
		}
		fixed[worst] = true
	}
	m.Bias = theta[0]
	copy(m.Weights, theta[1:])
	return m, m.Validate()
}

// newton fits θ = (bias, weights) of a logistic regression with L2
// penalty lambda (not on the bias) to standardised rows x and labels y
// by Newton's method; the weights marked fixed stay 0.
func newton(x [][]float64, y []float64, lambda float64, fixed []bool) ([]float64, error) {
	d := len(fixed)
	theta := make([]float64, d+1)
	for iter := 0; iter < 50; iter++ {
		grad := make([]float64, d+1)
		hess := make([][]float64, d+1)
		for k := range hess {
			hess[k] = make([]float64, d+1)
		}
		row := make([]float64, d+1)
		for i := range x {
			row[0] = 1
			copy(row[1:], x[i])
			for j, f := range fixed {
				if f {
					row[j+1] = 0
				}
			}
			z := 0.0
			for a := range row {
				z += theta[a] * row[a]
			}
			p := sigmoid(z)
			w := p * (1 - p)
			for a := range d + 1 {
				grad[a] += (p - y[i]) * row[a]
				for b := range d + 1 {
					hess[a][b] += w * row[a] * row[b]
				}
			}
		}
		for a := 1; a <= d; a++ {
			grad[a] += lambda * theta[a]
			hess[a][a] += lambda
			if fixed[a-1] {
				hess[a][a] += 1 // keeps the system regular; its gradient is 0
			}
		}
		hess[0][0] += 1e-9
		step, err := solve(hess, grad)
		if err != nil {
			return nil, err
		}
		change := 0.0
		for a := range theta {
			theta[a] -= step[a]
			change = max(change, math.Abs(step[a]))
		}
		if change < 1e-8 {
			break
		}
	}
	return theta, nil
}

// solve solves A x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(slices.Clone(a[i]), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, errors.New("singular system (too few samples for the features)")
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for k := r + 1; k < n; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x, nil
}

// Fold returns the fold (0 … folds−1) of a group: an FNV-1a hash of its
// name, so that a graph's questions are always in one fold.
func Fold(group string, folds int) int {
	h := fnv.New32a()
	h.Write([]byte(group))
	return int(h.Sum32() % uint32(folds))
}

// CrossValidate returns out-of-fold predictions: each sample is predicted
// by a model fitted on the folds that do not hold its group.
func CrossValidate(samples []Sample, features []string, lambda float64, folds int) ([]float64, error) {
	if folds < 2 {
		return nil, fmt.Errorf("confidence: %d folds (want at least 2)", folds)
	}
	out := make([]float64, len(samples))
	for f := range folds {
		var train []Sample
		var test []int
		for i, s := range samples {
			if Fold(s.Group, folds) == f {
				test = append(test, i)
			} else {
				train = append(train, s)
			}
		}
		if len(test) == 0 {
			continue
		}
		m, err := Fit(train, features, lambda)
		if err != nil {
			return nil, fmt.Errorf("confidence: fold %d: %w", f+1, err)
		}
		for _, i := range test {
			out[i] = m.Predict(samples[i].Evidence)
		}
	}
	return out, nil
}

// ChooseThreshold returns the smallest confidence t such that the answers
// with confidence ≥ t have precision at least target, over at least
// minCount answers; 1 when no threshold reaches it. Ties of confidence
// are decided together.
func ChooseThreshold(conf []float64, right []bool, target float64, minCount int) float64 {
	idx := make([]int, len(conf))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return -cmpFloat(conf[a], conf[b]) })
	best := 1.0
	hits, n := 0, 0
	for k := 0; k < len(idx); {
		c := conf[idx[k]]
		for k < len(idx) && conf[idx[k]] == c {
			n++
			if right[idx[k]] {
				hits++
			}
			k++
		}
		if n >= minCount && float64(hits) >= target*float64(n) {
			best = c
		}
	}
	return best
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
