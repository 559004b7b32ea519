// Package confidence turns the verifier's evidence about an answer into a
// calibrated probability that the answer is right.
//
// The evidence of a record ([Evidence]) are figures by name: whether the
// verifier accepted it, the question's commitments met and missed (by
// kind), the mean Jaccard similarity of its perturbed answers and how many
// perturbations ran, whether it is grounded, the candidate's rank and the
// margin of its score over the runner-up, the allocation's margin between
// the graph and the next one, the size of the answer, whether it is empty.
// A [Model] is a sum of small regression trees over the evidence (gradient
// boosting of the log-odds, [Fit]): trees see combinations a linear model
// cannot ("accepted with every commitment met, but the graph barely won
// the allocation"), and the features of [Signs] only ever move the
// confidence their way. It is fitted on labelled records of the
// Spider4SPARQL train split with folds by graph ([CrossValidate]); its
// Threshold is the least confidence at which the out-of-fold precision
// reaches the target (90%). The module ships one fitted model ([Default],
// the embedded weights.json); `schemaforge bench spider4sparql --stage
// calibrate` refits it.
package confidence

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strings"
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
	"missed_filter",          // a value compared with a column its attribute cannot mean
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
	"count_unnamed",          // the query counts, and nothing in it is what the question counts (0/1)
	"graphs_close",           // other graphs the allocation scored nearly as well
	"attributes",             // attributes the question asks for
	"question_words",         // content words of the question
	"columns",                // columns of the answer
	"iri_columns",            // the share of them holding IRIs
	"query_triples",          // triple patterns of the query
	"query_types",            // its rdf:type patterns (classes)
	"query_filters",          // its FILTERs
	"query_aggregates",       // its aggregates
	"query_grouped",          // it groups (0/1)
	"query_ordered",          // it orders (0/1)
	"query_limited",          // it has a LIMIT (0/1)
}

// Signs are the directions in which some features may move the
// confidence: -1 for evidence against an answer (a missed commitment, a
// failed requirement, a rejected candidate answering anyway), +1 for
// evidence for it. Fit keeps the model monotone in them: with the other
// features fixed, more of a -1 feature never raises the confidence. In
// the training data such a feature can stand for something correlated
// with it, and without the constraint a self-contradictory query could
// look more likely right.
var Signs = map[string]int{
	"missed": -1, "missed_mention": -1, "missed_answer": -1, "missed_order": -1, "missed_echo": -1, "missed_filter": -1, "missed_other": -1,
	"requirements_fail": -1, "fallback": -1, "outside_slice": -1, "named_left_out": -1, "words_unrealised": -1,
	"count_unnamed": -1,
	"accepted":      1, "covered": 1, "strong": 1, "agree_any": 1, "agreement": 1,
}

// DefaultPrecision is the out-of-fold precision the default threshold is
// chosen for, when some threshold reaches it (see FitInfo.Target).
const DefaultPrecision = 0.9

// Model is a boosted sum of regression trees over the evidence: the
// confidence of a record is sigmoid(Base + Rate × Σ tree values).
type Model struct {
	// Features names the inputs; a tree's node tests Features[Feature].
	Features []string `json:"features"`
	// Base is the log-odds every record starts from (the share of right
	// records in the training data); Rate scales each tree's value.
	Base float64 `json:"base"`
	Rate float64 `json:"rate"`
	// Trees are the boosted trees, in the order they were fitted.
	Trees []Tree `json:"trees"`
	// Threshold is the least confidence of a verified answer: the
	// smallest confidence at which the out-of-fold precision of the
	// answers at or above it reached the target.
	Threshold float64 `json:"threshold"`
	// Joint calibrates the confidence of an answer built from several
	// subgoals' records ([Model.Combine]); nil: the product of their
	// confidences.
	Joint *Joint `json:"joint,omitempty"`
	// Fit says how the model was fitted (data, folds, settings,
	// out-of-fold figures).
	Fit FitInfo `json:"fit"`
}

// Joint maps the product p of the confidences of the records an answer
// of several subgoals is built from to the probability that the answer
// is right: sigmoid(A + B·logit(p)). The subgoals of one question are
// not independent (one misread question spoils them all; one well-read
// question serves them all), so the product alone is not calibrated.
// B is at least 0: a likelier product never lowers the confidence.
type Joint struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}

// Tree is one regression tree, its nodes in an array: node 0 is the
// root, and a node's children come after it.
type Tree struct {
	Nodes []Node `json:"nodes"`
}

// Node is a split or, when Left is 0, a leaf. A split sends a record to
// Left when its value of Features[Feature] is at most Split, else to
// Right; a leaf holds its Value.
type Node struct {
	Feature int     `json:"f,omitempty"`
	Split   float64 `json:"s,omitempty"`
	Left    int     `json:"l,omitempty"`
	Right   int     `json:"r,omitempty"`
	Value   float64 `json:"v,omitempty"`
}

// Params are the settings of [Fit]. Zero fields take the defaults of
// [DefaultParams].
type Params struct {
	Trees   int     `json:"trees"`   // trees fitted (default 300)
	Depth   int     `json:"depth"`   // splits from root to leaf (default 2)
	MinLeaf int     `json:"minLeaf"` // least records in a leaf (default 40)
	Rate    float64 `json:"rate"`    // shrinkage of each tree (default 0.05)
	Lambda  float64 `json:"lambda"`  // L2 penalty on leaf values (default 1)
}

// DefaultParams are the settings Fit uses for zero fields.
var DefaultParams = Params{Trees: 300, Depth: 2, MinLeaf: 40, Rate: 0.05, Lambda: 1}

func (p Params) withDefaults() Params {
	d := DefaultParams
	if p.Trees > 0 {
		d.Trees = p.Trees
	}
	if p.Depth > 0 {
		d.Depth = p.Depth
	}
	if p.MinLeaf > 0 {
		d.MinLeaf = p.MinLeaf
	}
	if p.Rate > 0 {
		d.Rate = p.Rate
	}
	if p.Lambda > 0 {
		d.Lambda = p.Lambda
	}
	return d
}

// String names the settings ("300 trees of depth 2, ≥ 40 per leaf, rate 0.05, λ 1").
func (p Params) String() string {
	return fmt.Sprintf("%d trees of depth %d, ≥ %d per leaf, rate %g, λ %g", p.Trees, p.Depth, p.MinLeaf, p.Rate, p.Lambda)
}

// FitInfo records how a model was fitted.
type FitInfo struct {
	Data      string `json:"data"`    // what it was fitted on
	Command   string `json:"command"` // the command that refits it
	Samples   int    `json:"samples"`
	Positives int    `json:"positives"`
	Groups    int    `json:"groups"` // graphs
	Folds     int    `json:"folds"`
	Params    Params `json:"params"` // the settings chosen out of fold
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
	// Answers of several subgoals among Answers, the right ones, and
	// their out-of-fold ECE with the product of their records'
	// confidences and with the Joint calibration.
	JointAnswers    int     `json:"jointAnswers,omitempty"`
	JointRight      int     `json:"jointRight,omitempty"`
	JointProductECE float64 `json:"jointProductECE,omitempty"`
	JointECE        float64 `json:"jointECE,omitempty"`
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

// Encode writes the model as indented JSON with each tree on one line,
// which [Parse] reads back (weights.json is written this way).
func (m *Model) Encode() ([]byte, error) {
	head := *m
	head.Trees = nil
	out, err := json.MarshalIndent(head, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("confidence: writing the model: %w", err)
	}
	var trees bytes.Buffer
	trees.WriteString("[")
	for i, t := range m.Trees {
		b, err := json.Marshal(t)
		if err != nil {
			return nil, fmt.Errorf("confidence: writing tree %d: %w", i, err)
		}
		if i > 0 {
			trees.WriteString(",")
		}
		trees.WriteString("\n    ")
		trees.Write(b)
	}
	trees.WriteString("\n  ]")
	const null = `"trees": null`
	if !bytes.Contains(out, []byte(null)) {
		return nil, errors.New("confidence: writing the model: no place for the trees")
	}
	out = bytes.Replace(out, []byte(null), append([]byte(`"trees": `), trees.Bytes()...), 1)
	return append(out, '\n'), nil
}

// Bounds of a model that Validate accepts: its base, rate and leaf
// values are at most maxValue in size and its trees at most maxTrees, so
// a prediction is always a finite sum.
const (
	maxValue = 1e6
	maxTrees = 100000
)

// Validate checks that the model's trees are well formed (children after
// their parent, features that exist) and its numbers finite and bounded.
func (m *Model) Validate() error {
	// Finite and bounded, so that no sum of them overflows.
	finite := func(x float64) bool { return !math.IsNaN(x) && math.Abs(x) <= maxValue }
	switch {
	case len(m.Features) == 0:
		return errors.New("confidence: the model has no features")
	case len(m.Trees) == 0 || len(m.Trees) > maxTrees:
		return fmt.Errorf("confidence: the model has %d trees (want 1 to %d)", len(m.Trees), maxTrees)
	case !finite(m.Base) || !finite(m.Rate) || m.Rate <= 0:
		return fmt.Errorf("confidence: base %v and rate %v must be finite (at most 1e6 in size), the rate > 0", m.Base, m.Rate)
	case m.Threshold < 0 || m.Threshold > 1 || math.IsNaN(m.Threshold):
		return fmt.Errorf("confidence: threshold %v is not in [0, 1]", m.Threshold)
	case m.Joint != nil && (!finite(m.Joint.A) || !finite(m.Joint.B) || m.Joint.B < 0):
		return fmt.Errorf("confidence: joint calibration a=%v b=%v must be finite (at most 1e6 in size), b ≥ 0", m.Joint.A, m.Joint.B)
	}
	for t, tr := range m.Trees {
		if len(tr.Nodes) == 0 {
			return fmt.Errorf("confidence: tree %d has no nodes", t)
		}
		for i, n := range tr.Nodes {
			switch {
			case n.Left == 0 && n.Right == 0:
				if !finite(n.Value) {
					return fmt.Errorf("confidence: tree %d, leaf %d: value %v is not finite or exceeds 1e6", t, i, n.Value)
				}
			case n.Left <= i || n.Right <= i || n.Left >= len(tr.Nodes) || n.Right >= len(tr.Nodes):
				return fmt.Errorf("confidence: tree %d, node %d: children %d and %d are not nodes after it", t, i, n.Left, n.Right)
			case n.Feature < 0 || n.Feature >= len(m.Features):
				return fmt.Errorf("confidence: tree %d, node %d: feature %d of %d", t, i, n.Feature, len(m.Features))
			case math.IsNaN(n.Split) || math.IsInf(n.Split, 0):
				return fmt.Errorf("confidence: tree %d, node %d: split %v is not finite", t, i, n.Split)
			}
		}
	}
	return nil
}

// Predict returns the probability that a record with this evidence is
// right.
func (m *Model) Predict(ev map[string]float64) float64 {
	x := make([]float64, len(m.Features))
	for i, f := range m.Features {
		x[i] = ev[f]
	}
	return sigmoid(m.margin(x))
}

// Combine returns the confidence of an answer built from records of
// these confidences, one per subgoal: the one confidence itself, or for
// several the calibrated product ([Joint]). No record: 0.
func (m *Model) Combine(confs []float64) float64 {
	switch len(confs) {
	case 0:
		return 0
	case 1:
		return confs[0]
	}
	p := 1.0
	for _, c := range confs {
		p *= c
	}
	return m.Joint.Apply(p)
}

// Apply maps a product of confidences through the calibration; a nil
// Joint leaves it as it is.
func (j *Joint) Apply(p float64) float64 {
	if j == nil {
		return p
	}
	return sigmoid(j.A + j.B*logit(p))
}

// logit is the log-odds of p, kept off 0 and 1 so that it is finite.
func logit(p float64) float64 {
	p = min(max(p, 1e-6), 1-1e-6)
	return math.Log(p / (1 - p))
}

// FitJoint fits the calibration of products of confidences (one per
// answer of several subgoals) to whether each answer is right: a
// logistic regression on their log-odds by Newton steps, with a small L2
// penalty (0.1) toward the identity (A 0, B 1) so that a handful of
// answers cannot push it far, and B kept at least 0.
func FitJoint(products []float64, right []bool) (Joint, error) {
	if len(products) != len(right) {
		return Joint{}, fmt.Errorf("confidence: %d products and %d labels", len(products), len(right))
	}
	const penalty = 0.1
	a, b := 0.0, 1.0
	for range 50 {
		// Gradient and Hessian of the penalised negative log-likelihood.
		ga, gb := penalty*a, penalty*(b-1)
		haa, hab, hbb := penalty, 0.0, penalty
		for i, p := range products {
			x := logit(p)
			q := sigmoid(a + b*x)
			y := 0.0
			if right[i] {
				y = 1
			}
			w := q * (1 - q)
			ga += q - y
			gb += (q - y) * x
			haa += w
			hab += w * x
			hbb += w * x * x
		}
		det := haa*hbb - hab*hab
		if det <= 1e-12 {
			break
		}
		da := (hbb*ga - hab*gb) / det
		db := (haa*gb - hab*ga) / det
		a, b = a-da, max(b-db, 0)
		if math.Abs(da) < 1e-9 && math.Abs(db) < 1e-9 {
			break
		}
	}
	if math.IsNaN(a) || math.IsNaN(b) {
		return Joint{}, errors.New("confidence: the joint calibration did not converge")
	}
	return Joint{A: a, B: b}, nil
}

// margin is the model's log-odds for the feature vector x.
func (m *Model) margin(x []float64) float64 {
	z := m.Base
	for _, t := range m.Trees {
		z += m.Rate * t.value(x)
	}
	return z
}

// value walks the tree to x's leaf. Validate guarantees that children
// come after their parent, so the walk ends.
func (t *Tree) value(x []float64) float64 {
	i := 0
	for {
		n := &t.Nodes[i]
		if n.Left == 0 {
			return n.Value
		}
		if x[n.Feature] <= n.Split {
			i = n.Left
		} else {
			i = n.Right
		}
	}
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

// Fit fits a model to the samples by gradient boosting of the logistic
// loss (Newton steps for the leaf values): each tree is grown greedily to
// p.Depth over split points at 32 quantiles of each feature, no leaf
// holds fewer than p.MinLeaf samples, and a split on a feature of
// [Signs] must move the value its way (the bounds of each side are
// carried down, so the whole model stays monotone in the feature). The
// threshold is left at 0; see [ChooseThreshold].
func Fit(samples []Sample, features []string, p Params) (*Model, error) {
	if len(samples) == 0 {
		return nil, errors.New("confidence: no samples to fit")
	}
	if len(features) == 0 {
		features = Features
	}
	p = p.withDefaults()
	n, d := len(samples), len(features)
	x := make([][]float64, n)
	y := make([]float64, n)
	pos := 0.0
	for i, s := range samples {
		x[i] = make([]float64, d)
		for j, f := range features {
			v := s.Evidence[f]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("confidence: sample %d: feature %s is %v", i, f, v)
			}
			x[i][j] = v
		}
		if s.Right {
			y[i] = 1
			pos++
		}
	}
	// The base rate, kept off 0 and 1 so that its log-odds is finite.
	rate := min(max(pos/float64(n), 1e-3), 1-1e-3)
	m := &Model{Features: slices.Clone(features), Base: math.Log(rate / (1 - rate)), Rate: p.Rate}
	g := &grower{x: x, p: p, cuts: cuts(x, d, 32), mono: make([]int, d),
		grad: make([]float64, n), hess: make([]float64, n)}
	for j, f := range features {
		g.mono[j] = Signs[f]
		g.bins = append(g.bins, make([]uint8, n))
		for i := range x {
			g.bins[j][i] = uint8(sort.SearchFloat64s(g.cuts[j], x[i][j]))
		}
	}
	z := make([]float64, n)
	for i := range z {
		z[i] = m.Base
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	for range p.Trees {
		for i := range z {
			q := sigmoid(z[i])
			g.grad[i], g.hess[i] = q-y[i], q*(1-q)
		}
		var t Tree
		g.grow(&t, all, p.Depth, math.Inf(-1), math.Inf(1))
		for i := range z {
			z[i] += m.Rate * t.value(x[i])
		}
		m.Trees = append(m.Trees, t)
	}
	return m, m.Validate()
}

// cuts returns for each feature the distinct values at k quantiles of
// the data (without the largest value, which would split off nothing).
func cuts(x [][]float64, d, k int) [][]float64 {
	out := make([][]float64, d)
	col := make([]float64, len(x))
	for j := range d {
		for i := range x {
			col[i] = x[i][j]
		}
		slices.Sort(col)
		for q := 1; q < k; q++ {
			v := col[q*len(col)/k]
			if v < col[len(col)-1] && (len(out[j]) == 0 || out[j][len(out[j])-1] != v) {
				out[j] = append(out[j], v)
			}
		}
	}
	return out
}

// grower grows the trees of one fit.
type grower struct {
	x          [][]float64
	p          Params
	cuts       [][]float64
	bins       [][]uint8 // bins[f][i]: how many cuts of f are below sample i's value
	mono       []int
	grad, hess []float64
}

// leaf is the Newton step of the samples' loss, clamped to [lo, hi].
func (g *grower) leaf(sg, sh, lo, hi float64) float64 {
	return min(max(-sg/(sh+g.p.Lambda), lo), hi)
}

// grow appends to t the subtree over the samples idx and returns its
// node's index; lo and hi bound its values (monotone constraints).
func (g *grower) grow(t *Tree, idx []int, depth int, lo, hi float64) int {
	var sg, sh float64
	for _, i := range idx {
		sg += g.grad[i]
		sh += g.hess[i]
	}
	at := len(t.Nodes)
	t.Nodes = append(t.Nodes, Node{Value: g.leaf(sg, sh, lo, hi)})
	if depth == 0 || len(idx) < 2*g.p.MinLeaf {
		return at
	}
	lam := g.p.Lambda
	parent := sg * sg / (sh + lam)
	best, bf, bs := 1e-9, -1, 0.0
	var bwl, bwr float64
	for f, cs := range g.cuts {
		// Sums of gradient, hessian and count per bin: a sample is left
		// of cut k when its bin is at most k.
		nb := len(cs) + 1
		hg, hh, hn := make([]float64, nb), make([]float64, nb), make([]int, nb)
		for _, i := range idx {
			b := g.bins[f][i]
			hg[b] += g.grad[i]
			hh[b] += g.hess[i]
			hn[b]++
		}
		var lg, lh float64
		nl := 0
		for k, c := range cs {
			lg, lh, nl = lg+hg[k], lh+hh[k], nl+hn[k]
			if nl < g.p.MinLeaf || len(idx)-nl < g.p.MinLeaf {
				continue
			}
			wl, wr := g.leaf(lg, lh, lo, hi), g.leaf(sg-lg, sh-lh, lo, hi)
			if g.mono[f] > 0 && wl > wr || g.mono[f] < 0 && wl < wr {
				continue
			}
			if gain := lg*lg/(lh+lam) + (sg-lg)*(sg-lg)/(sh-lh+lam) - parent; gain > best {
				best, bf, bs, bwl, bwr = gain, f, c, wl, wr
			}
		}
	}
	if bf < 0 {
		return at
	}
	var left, right []int
	for _, i := range idx {
		if g.x[i][bf] <= bs {
			left = append(left, i)
		} else {
			right = append(right, i)
		}
	}
	llo, lhi, rlo, rhi := lo, hi, lo, hi
	switch mid := (bwl + bwr) / 2; g.mono[bf] {
	case 1:
		lhi, rlo = mid, mid
	case -1:
		llo, rhi = mid, mid
	}
	l := g.grow(t, left, depth-1, llo, lhi)
	r := g.grow(t, right, depth-1, rlo, rhi)
	t.Nodes[at] = Node{Feature: bf, Split: bs, Left: l, Right: r}
	return at
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
func CrossValidate(samples []Sample, features []string, p Params, folds int) ([]float64, error) {
	out, _, err := CrossPredict(samples, nil, features, p, folds)
	return out, err
}

// CrossPredict is [CrossValidate] that also predicts other records
// (their labels unused) out of fold: each by the model fitted on the
// folds that do not hold its group. It returns the predictions of
// samples and of others.
func CrossPredict(samples, others []Sample, features []string, p Params, folds int) ([]float64, []float64, error) {
	if folds < 2 {
		return nil, nil, fmt.Errorf("confidence: %d folds (want at least 2)", folds)
	}
	out := make([]float64, len(samples))
	outOthers := make([]float64, len(others))
	for f := range folds {
		var train []Sample
		var test, testOthers []int
		for i, s := range samples {
			if Fold(s.Group, folds) == f {
				test = append(test, i)
			} else {
				train = append(train, s)
			}
		}
		for i, s := range others {
			if Fold(s.Group, folds) == f {
				testOthers = append(testOthers, i)
			}
		}
		if len(test) == 0 && len(testOthers) == 0 {
			continue
		}
		m, err := Fit(train, features, p)
		if err != nil {
			return nil, nil, fmt.Errorf("confidence: fold %d: %w", f+1, err)
		}
		for _, i := range test {
			out[i] = m.Predict(samples[i].Evidence)
		}
		for _, i := range testOthers {
			outOthers[i] = m.Predict(others[i].Evidence)
		}
	}
	return out, outOthers, nil
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

// Influence is how much the model's splits on one feature move its
// log-odds ([Model.Influences]).
type Influence struct {
	Feature string  `json:"feature"`
	Splits  int     `json:"splits"`
	Weight  float64 `json:"weight"`
}

// Influences ranks the features by how much the splits on each move the
// log-odds: for every split, the difference between the mean leaf value
// of its two sides (unweighted by how many records reach them), times
// the rate, summed per feature; most influential first, ties by name.
// It reads the weights alone, so it says what the trees lean on, not how
// often each split is taken.
func (m *Model) Influences() []Influence {
	by := make([]Influence, len(m.Features))
	for i, f := range m.Features {
		by[i].Feature = f
	}
	for _, t := range m.Trees {
		var mean func(int) float64
		mean = func(k int) float64 {
			if k < 0 || k >= len(t.Nodes) {
				return 0
			}
			n := t.Nodes[k]
			if n.Left == 0 {
				return n.Value
			}
			return (mean(n.Left) + mean(n.Right)) / 2
		}
		for _, n := range t.Nodes {
			if n.Left == 0 || n.Feature < 0 || n.Feature >= len(by) {
				continue
			}
			by[n.Feature].Splits++
			by[n.Feature].Weight += m.Rate * math.Abs(mean(n.Left)-mean(n.Right))
		}
	}
	by = slices.DeleteFunc(by, func(x Influence) bool { return x.Splits == 0 })
	slices.SortStableFunc(by, func(a, b Influence) int {
		switch {
		case a.Weight > b.Weight:
			return -1
		case a.Weight < b.Weight:
			return 1
		}
		return strings.Compare(a.Feature, b.Feature)
	})
	return by
}
