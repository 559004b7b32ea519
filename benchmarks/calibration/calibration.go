// Package calibration fits the pipeline's confidence model
// (package confidence) on questions with gold answers: it asks each
// question, labels the records of a one-subgoal question that can be
// its answer (accepted, or the fallback) by whether that answer equals
// the gold one, chooses the model's settings by
// out-of-fold log-loss with folds by graph, calibrates the answers of
// several subgoals (the product of their records' out-of-fold
// confidences, confidence.FitJoint), chooses the threshold of
// verified answers for a target out-of-fold precision, and fits the final
// model on everything.
package calibration

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Options configures [Run].
type Options struct {
	// Folds is the number of folds by graph (default 5).
	Folds int
	// Targets are the out-of-fold precisions of verified answers the
	// threshold is chosen for, tried in order until one is reached by at
	// least MinVerified answers (default confidence.DefaultPrecision,
	// then 0.85, 0.8 and 0.75). The model records which one it reached.
	Targets []float64
	// Settings are the model settings tried (default:
	// confidence.DefaultParams and deeper trees, DefaultSettings). Of
	// those whose out-of-fold log-loss is within LossSlack of the least,
	// the one whose out-of-fold ECE is least on average over the folds
	// (each fold a set of graphs the model never saw) is kept: the
	// confidences must hold on graphs not seen, which a log-loss pooled
	// over all of them does not tell.
	Settings []confidence.Params
	// MinVerified is the least number of out-of-fold answers at or above
	// the threshold (default 50), so that a handful of lucky answers do
	// not set it.
	MinVerified int
	// Concurrency bounds the questions asked at once (default 2).
	Concurrency int
	// Progress, when set, receives a progress line per question.
	Progress io.Writer
	// Data and Command are recorded in the model's FitInfo.
	Data, Command string
}

// LossSlack is how much more out-of-fold log-loss than the least a
// setting may have and still be chosen for its calibration by fold (1%).
const LossSlack = 0.01

// DefaultSettings are the settings Run tries when Options.Settings is
// empty.
var DefaultSettings = []confidence.Params{
	confidence.DefaultParams,
	{Trees: 400, Depth: 3, MinLeaf: 40, Rate: 0.03, Lambda: 1},
	{Trees: 600, Depth: 3, MinLeaf: 40, Rate: 0.03, Lambda: 1},
	{Trees: 300, Depth: 4, MinLeaf: 40, Rate: 0.03, Lambda: 1},
	{Trees: 400, Depth: 4, MinLeaf: 40, Rate: 0.03, Lambda: 1},
	{Trees: 300, Depth: 5, MinLeaf: 40, Rate: 0.03, Lambda: 1},
}

// Result is a fitted model and how it did out of fold.
type Result struct {
	Model *confidence.Model
	// LogLoss is the out-of-fold log-loss of each setting tried, by
	// its String, and FoldECE its ECE (10 bins) on the labelled records
	// averaged over the folds.
	LogLoss map[string]float64
	FoldECE map[string]float64
	// Skipped counts the questions asked and left out: an error, no
	// answer. Questions without a gold answer, or whose gold answer is
	// empty, are not asked.
	Skipped int
	// Joint counts the answers of several subgoals (among Answers), and
	// JointRight the right ones; JointProductECE and JointECE are their
	// out-of-fold ECE with the product of their records' confidences and
	// with the calibrated product (the model's Joint, fitted by folds).
	Joint, JointRight         int
	JointProductECE, JointECE float64
	// Samples are the labelled records, and Answers, for each answered
	// question, the index in Samples of the record its answer used, its
	// out-of-fold confidence and whether the answer is right.
	Samples []confidence.Sample
	Answers []Answer
}

// Answer is one answered question of a calibration run.
type Answer struct {
	ID         string  `json:"id"`
	Question   string  `json:"question"`
	Query      string  `json:"query"`              // the query of the record the answer used
	Sample     int     `json:"sample"`             // -1 for an answer of several subgoals
	Subgoals   int     `json:"subgoals,omitempty"` // its subgoals, when several
	Confidence float64 `json:"confidence"`
	Right      bool    `json:"right"`
}

// answer is one question's answer: the index of the record it used
// among the samples, and whether the answer is right. An answer of
// several subgoals has sample −1 and the records it used (one per
// subgoal, unlabelled) in joint.
type answer struct {
	id, question, query string
	sample              int
	right               bool
	group               string
	joint               []confidence.Sample
}

// Run asks every question of qs with the asker askerFor gives for it,
// fits the confidence model and returns it.
func Run(ctx context.Context, askerFor func(*qa.Question) qa.Asker, qs []qa.Question, o Options) (*Result, error) {
	o.Folds = cmp.Or(o.Folds, 5)
	if len(o.Targets) == 0 {
		o.Targets = []float64{confidence.DefaultPrecision, 0.85, 0.8, 0.75}
	}
	o.MinVerified = cmp.Or(o.MinVerified, 50)
	if len(o.Settings) == 0 {
		o.Settings = DefaultSettings
	}
	samples, answers, skipped, err := collect(ctx, askerFor, qs, cmp.Or(o.Concurrency, 2), o.Progress)
	if err != nil {
		return nil, err
	}
	if len(samples) == 0 || len(answers) == 0 {
		return nil, errors.New("calibration: no labelled record (no one-subgoal question was answered)")
	}
	// The records the answers of several subgoals used, predicted out of
	// fold with the labelled ones.
	var others []confidence.Sample
	for _, an := range answers {
		others = append(others, an.joint...)
	}
	res := &Result{LogLoss: map[string]float64{}, FoldECE: map[string]float64{}, Skipped: skipped, Samples: samples}
	type tried struct {
		params         confidence.Params
		loss, foldECE  float64
		oof, oofOthers []float64
	}
	var all []tried
	bestLoss := math.Inf(1)
	for _, l := range o.Settings {
		oof, oofOthers, err := confidence.CrossPredict(samples, others, nil, l, o.Folds)
		if err != nil {
			return nil, err
		}
		loss := 0.0
		for i, s := range samples {
			p := min(max(oof[i], 1e-6), 1-1e-6)
			if s.Right {
				loss -= math.Log(p)
			} else {
				loss -= math.Log(1 - p)
			}
		}
		loss /= float64(len(samples))
		fe := foldECE(samples, oof, o.Folds)
		res.LogLoss[l.String()], res.FoldECE[l.String()] = loss, fe
		all = append(all, tried{l, loss, fe, oof, oofOthers})
		bestLoss = min(bestLoss, loss)
	}
	chosen := -1
	for i, t := range all {
		if t.loss <= bestLoss*(1+LossSlack) && (chosen < 0 || t.foldECE < all[chosen].foldECE) {
			chosen = i
		}
	}
	best, bestOOF, bestOthers := all[chosen].params, all[chosen].oof, all[chosen].oofOthers
	joint, err := calibrateJoint(answers, bestOthers, o.Folds, res)
	if err != nil {
		return nil, err
	}
	conf := make([]float64, len(answers))
	right := make([]bool, len(answers))
	positives := 0
	for i, an := range answers {
		conf[i], right[i] = joint.oof[i], an.right
		if an.sample >= 0 {
			conf[i] = bestOOF[an.sample]
		}
		res.Answers = append(res.Answers, Answer{ID: an.id, Question: an.question, Query: an.query, Sample: an.sample, Subgoals: len(an.joint), Confidence: conf[i], Right: an.right})
	}
	for _, s := range samples {
		if s.Right {
			positives++
		}
	}
	threshold, target := 1.0, o.Targets[0]
	for _, t := range o.Targets {
		if th := confidence.ChooseThreshold(conf, right, t, o.MinVerified); th < 1 {
			threshold, target = th, t
			break
		}
	}
	var accepted []bool
	for _, c := range conf {
		accepted = append(accepted, c >= threshold)
	}
	precision, coverage := qa.SelectivePrecision(accepted, right)
	m, err := confidence.Fit(samples, nil, best)
	if err != nil {
		return nil, err
	}
	m.Threshold = threshold
	if res.Joint > 0 {
		m.Joint = &joint.all
	}
	groups := map[string]bool{}
	for _, s := range samples {
		groups[s.Group] = true
	}
	m.Fit = confidence.FitInfo{Data: o.Data, Command: o.Command, Samples: len(samples), Positives: positives, Groups: len(groups),
		Folds: o.Folds, Params: best, Answers: len(answers), OOFECE: qa.ECE(conf, right, qa.CalibrationBins),
		OOFPrecision: precision, OOFCoverage: coverage, Target: target, Wanted: o.Targets[0],
		JointAnswers: res.Joint, JointRight: res.JointRight, JointProductECE: res.JointProductECE, JointECE: res.JointECE}
	res.Model = m
	return res, m.Validate()
}

// jointFit is the calibration of the answers of several subgoals: the
// out-of-fold confidence of each answer (of those answers; 0 for the
// others) and the calibration fitted on all of them.
type jointFit struct {
	oof []float64
	all confidence.Joint
}

// calibrateJoint fits the calibration of the answers of several
// subgoals on the product of their records' out-of-fold confidences
// (pred holds them, in the order of the answers' joint records), by
// folds of graph for the out-of-fold figures, and on all of them for the
// model. It records their figures in res.
func calibrateJoint(answers []answer, pred []float64, folds int, res *Result) (jointFit, error) {
	out := jointFit{oof: make([]float64, len(answers)), all: confidence.Joint{A: 0, B: 1}}
	var idx []int
	products := make([]float64, len(answers))
	k := 0
	for i, an := range answers {
		if an.sample >= 0 {
			continue
		}
		p := 1.0
		for range an.joint {
			p *= pred[k]
			k++
		}
		products[i] = p
		idx = append(idx, i)
	}
	if len(idx) == 0 {
		return out, nil
	}
	fit := func(keep func(int) bool) (confidence.Joint, error) {
		var ps []float64
		var rs []bool
		for _, i := range idx {
			if keep(i) {
				ps, rs = append(ps, products[i]), append(rs, answers[i].right)
			}
		}
		if len(ps) == 0 {
			return confidence.Joint{A: 0, B: 1}, nil
		}
		return confidence.FitJoint(ps, rs)
	}
	var err error
	if out.all, err = fit(func(int) bool { return true }); err != nil {
		return out, fmt.Errorf("calibration: answers of several subgoals: %w", err)
	}
	for f := range folds {
		j, err := fit(func(i int) bool { return confidence.Fold(answers[i].group, folds) != f })
		if err != nil {
			return out, fmt.Errorf("calibration: answers of several subgoals, fold %d: %w", f+1, err)
		}
		for _, i := range idx {
			if confidence.Fold(answers[i].group, folds) == f {
				out.oof[i] = j.Apply(products[i])
			}
		}
	}
	var pc, jc []float64
	var rs []bool
	for _, i := range idx {
		pc, jc, rs = append(pc, products[i]), append(jc, out.oof[i]), append(rs, answers[i].right)
		if answers[i].right {
			res.JointRight++
		}
	}
	res.Joint = len(idx)
	res.JointProductECE = qa.ECE(pc, rs, qa.CalibrationBins)
	res.JointECE = qa.ECE(jc, rs, qa.CalibrationBins)
	return out, nil
}

// collect asks the questions and labels the records.
func collect(ctx context.Context, askerFor func(*qa.Question) qa.Asker, qs []qa.Question, conc int, progress io.Writer) ([]confidence.Sample, []answer, int, error) {
	outs := make([]outcome, len(qs))
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for i := range qs {
		q := &qs[i]
		a := askerFor(q)
		// A question whose gold answer is empty has no answer on its
		// graph (a quarter of Spider4SPARQL train, a few percent of
		// dev-public, rare among questions people ask): it would teach
		// the model that empty answers are often right.
		// So does one whose rows bind nothing: an average over text
		// gives one row without a value, which no answer can match.
		if q.Answer == nil || a == nil || (q.Answer.Boolean == nil && noValues(q.Answer)) {
			continue
		}
		select {
		case <-ctx.Done():
			wg.Wait()
			return nil, nil, 0, ctx.Err()
		case sem <- struct{}{}:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ans, err := a.Ask(ctx, q.Text)
			mu.Lock()
			done++
			if progress != nil {
				fmt.Fprintf(progress, "\r  %d/%d", done, len(qs))
			}
			mu.Unlock()
			if err != nil || ans == nil || ans.Decomposition == nil || len(ans.Decomposition.Subgoals) == 0 {
				return
			}
			if len(ans.Decomposition.Subgoals) > 1 {
				outs[i] = severalSubgoals(q, ans)
				return
			}
			o := outcome{id: q.ID, question: q.Text, group: q.Graph, used: -1, ok: true}
			for _, rec := range ans.Records[ans.Decomposition.Subgoals[0].ID] {
				if !canAnswer(&rec) {
					continue
				}
				if o.used < 0 {
					o.used, o.query = len(o.samples), rec.Candidate.Query
				}
				o.samples = append(o.samples, confidence.Sample{Evidence: rec.Evidence, Right: q.Right(rec.Results), Group: q.Graph})
			}
			o.right = q.Right(ans.Results)
			outs[i] = o
		}()
	}
	wg.Wait()
	if progress != nil {
		fmt.Fprintln(progress)
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	var samples []confidence.Sample
	var answers []answer
	skipped := 0
	for _, o := range outs {
		if !o.ok {
			skipped++
			continue
		}
		switch {
		case len(o.joint) > 0:
			answers = append(answers, answer{id: o.id, question: o.question, query: o.query, sample: -1, right: o.right, group: o.group, joint: o.joint})
		case o.used >= 0:
			answers = append(answers, answer{id: o.id, question: o.question, query: o.query, sample: len(samples) + o.used, right: o.right, group: o.group})
		}
		samples = append(samples, o.samples...)
	}
	return samples, answers, skipped, nil
}

// outcome is what collect makes of one question: the labelled records of
// a one-subgoal answer (used: the index among them of the record the
// answer used, -1 if none), or the records an answer of several
// subgoals used (joint, one per subgoal).
type outcome struct {
	samples             []confidence.Sample
	joint               []confidence.Sample
	id, question, query string
	group               string
	used                int
	right               bool
	ok                  bool
}

// canAnswer reports whether a record can be its subgoal's answer, and so
// is labelled: it ran with evidence, is not set aside, and was accepted
// or is the fallback. The model calibrates answers, and a rejected
// candidate's evidence (fallbacks aside) comes from another population.
func canAnswer(rec *handoff.Record) bool {
	return rec.Results != nil && rec.Evidence != nil && !rec.SetAside && (rec.Accepted || rec.Fallback)
}

// severalSubgoals is the outcome of an answer of several subgoals: the
// record each subgoal's answer used (the one that can be the answer and
// is not set aside), unlabelled, or none when some subgoal has none.
func severalSubgoals(q *qa.Question, ans *handoff.Answer) outcome {
	o := outcome{id: q.ID, question: q.Text, group: q.Graph, used: -1, ok: true, right: q.Right(ans.Results)}
	var queries []string
	for _, sg := range ans.Decomposition.Subgoals {
		found := false
		for _, rec := range ans.Records[sg.ID] {
			if !canAnswer(&rec) {
				continue
			}
			o.joint = append(o.joint, confidence.Sample{Evidence: rec.Evidence, Group: q.Graph})
			queries = append(queries, rec.Candidate.Query)
			found = true
			break
		}
		if !found {
			o.joint = nil
			return o
		}
	}
	o.query = strings.Join(queries, "\n# next subgoal\n")
	return o
}

// noValues reports whether a SELECT result binds no value: no rows, or
// rows that are all unbound.
func noValues(r *sparql.Results) bool {
	for _, row := range r.Rows {
		if len(row) > 0 {
			return false
		}
	}
	return true
}

// foldECE is the ECE (10 bins) of the out-of-fold confidences oof of
// samples, computed in each fold by graph ([confidence.Fold]) and
// averaged over the folds that hold samples.
func foldECE(samples []confidence.Sample, oof []float64, folds int) float64 {
	conf := make([][]float64, folds)
	right := make([][]bool, folds)
	for i, s := range samples {
		f := confidence.Fold(s.Group, folds)
		conf[f] = append(conf[f], oof[i])
		right[f] = append(right[f], s.Right)
	}
	sum, n := 0.0, 0
	for f := range folds {
		if len(conf[f]) > 0 {
			sum += qa.ECE(conf[f], right[f], 10)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
