package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/kg"
)

// cvReport is what --cv prints: EA and the trust figures of each fold
// (questions of the fold's graphs, asked over those graphs only, with
// the confidence model refitted on the other folds' records) and over
// all of them.
type cvReport struct {
	Folds   int       `json:"folds"`
	EAFolds []float64 `json:"ea_folds"`
	EA      float64   `json:"ea"` // over all the questions
	// EACI is the 95 % bootstrap interval of EA ([qa.ShareCI]).
	EACI      qa.Interval `json:"ea_ci"`
	EAMean    float64     `json:"ea_mean"` // the mean of the folds' EA
	NFolds    []int       `json:"n_folds"`
	GraphsOf  []int       `json:"graphs_folds"`
	Threshold []float64   `json:"threshold_folds"`
	// VerifiedPrecision and VerifiedCoverage are over all the folds'
	// answers, each verified at its own fold's threshold.
	VerifiedPrecision float64   `json:"verified_precision"`
	VerifiedCoverage  float64   `json:"verified_coverage"`
	PrecisionFolds    []float64 `json:"verified_precision_folds"`
	CoverageFolds     []float64 `json:"verified_coverage_folds"`
	Split             string    `json:"split"`
	// LeftOutEmpty counts the questions of graphs without data, not
	// asked.
	LeftOutEmpty int     `json:"left_out_no_data"`
	Every        int     `json:"every"`
	Samples      string  `json:"samples"`
	Note         string  `json:"note"`
	Seconds      float64 `json:"seconds"`
	// Results holds every question's result, fold after fold, with
	// --results.
	Results []qa.Item `json:"results,omitempty"`
}

// benchCV is --cv K: graph-disjoint cross-validation of the whole
// pipeline on train. The graphs split into K folds ([confidence.Fold],
// the folds calibration uses); for each fold, the confidence model (the
// one fitted part of the no-LLM pipeline: it chooses among accepted
// candidates and says which answers are verified) is refitted with the
// shipped model's settings on the records of the other folds' graphs,
// its threshold chosen out of fold on them for the shipped target
// precision, and the fold's questions are asked over the fold's graphs.
func benchCV(ctx context.Context, e *env, b *benchRun) int {
	start := time.Now()
	k := *b.pipe.cv
	if b.split != "train" || k < 2 {
		b.stderr("--cv runs on --split train with at least 2 folds (dev-public is for reporting only)")
		return exitUsage
	}
	path := strings.TrimSpace(*b.pipe.samplesOut)
	if path == "" {
		b.stderr("--cv needs --samples FILE: the records the calibrate stage writes (%s --samples FILE)", calibrateCommand)
		return exitUsage
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.stderr("--cv: %v", err)
		return exitFail
	}
	var sf samplesFile
	if err := json.Unmarshal(data, &sf); err != nil {
		b.stderr("--cv: read the samples %s: %v", path, err)
		return exitFail
	}
	if len(sf.Samples) == 0 {
		b.stderr("--cv: %s holds no records", path)
		return exitFail
	}
	samples := make([]confidence.Sample, len(sf.Samples))
	for i, s := range sf.Samples {
		samples[i] = confidence.Sample{Evidence: s.Evidence, Right: s.Right, Group: s.Graph}
	}
	// Questions of graphs without data are left out, as calibration
	// leaves them out.
	qs, coll, left, _, err := b.answerableQuestions(ctx)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	shipped := confidence.Default()
	params := shipped.Fit.Params
	target := shipped.Fit.Target
	if target <= 0 {
		target = confidence.DefaultPrecision
	}
	opts, _, err := b.pipelineOptions(b.theta, b.m, nil)
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	rep := cvReport{Folds: k, Split: b.split, Every: b.every, Samples: path, LeftOutEmpty: left,
		Note: "each fold: its questions over its own graphs only; the confidence model refitted on the other folds' records (" + params.String() + "), threshold chosen on them out of fold; the joint calibration of several subgoals is the shipped model's"}
	var all []qa.Item
	for fold := range k {
		var gs []*kg.Graph
		in := map[string]bool{}
		for _, g := range coll.Graphs() {
			if confidence.Fold(g.ID, k) == fold {
				gs = append(gs, g)
				in[g.ID] = true
			}
		}
		var fqs []qa.Question
		for _, q := range qs {
			if in[q.Graph] {
				fqs = append(fqs, q)
			}
		}
		var train []confidence.Sample
		var trainAt = map[int]int{}
		for i, s := range samples {
			if !in[s.Group] {
				trainAt[i] = len(train)
				train = append(train, s)
			}
		}
		rep.GraphsOf, rep.NFolds = append(rep.GraphsOf, len(gs)), append(rep.NFolds, len(fqs))
		if len(gs) == 0 || len(fqs) == 0 || len(train) == 0 {
			rep.EAFolds, rep.Threshold = append(rep.EAFolds, 0), append(rep.Threshold, 0)
			rep.PrecisionFolds, rep.CoverageFolds = append(rep.PrecisionFolds, 0), append(rep.CoverageFolds, 0)
			continue
		}
		m, err := confidence.Fit(train, shipped.Features, params)
		if err != nil {
			b.stderr("--cv: fold %d: %v", fold, err)
			return exitFail
		}
		// The threshold, out of fold on the training folds' answers
		// (the shipped one when they are too few graphs to split).
		m.Threshold = shipped.Threshold
		if oof, err := confidence.CrossValidate(train, shipped.Features, params, max(k-1, 2)); err == nil {
			var conf []float64
			var right []bool
			for _, a := range sf.Answers {
				if j, ok := trainAt[a.Sample]; ok && a.Sample >= 0 {
					conf, right = append(conf, oof[j]), append(right, a.Right)
				}
			}
			m.Threshold = confidence.ChooseThreshold(conf, right, target, 50)
		} else {
			b.stderr("--cv: fold %d: the shipped threshold: %v", fold, err)
		}
		m.Joint = shipped.Joint
		m.Fit = shipped.Fit
		m.Fit.Data = fmt.Sprintf("cross-validation fold %d of %d", fold, k)
		sub, err := kg.NewCollection(gs...)
		if err != nil {
			b.stderr("%v", err)
			return exitFail
		}
		p, code := b.preparedPipeline(ctx, sub, append(append([]schemaforge.Option{}, opts...), schemaforge.WithConfidenceModel(m)))
		if code != exitOK {
			return code
		}
		if _, err := qa.ResolveTies(ctx, fqs, sub, time.Minute); err != nil {
			b.stderr("%v", err)
			return exitFail
		}
		o := qa.Options{Concurrency: max(*b.pipe.concurrency, 1), Items: true}
		b.setProgress(e, &o)
		r, err := qa.Run(ctx, p, fqs, o)
		if err != nil {
			b.stderr("--cv: fold %d: %v", fold, err)
			return exitFail
		}
		rep.EAFolds, rep.Threshold = append(rep.EAFolds, r.EA), append(rep.Threshold, m.Threshold)
		rep.PrecisionFolds, rep.CoverageFolds = append(rep.PrecisionFolds, r.VerifiedPrecision), append(rep.CoverageFolds, r.VerifiedCoverage)
		all = append(all, r.Items...)
		if !b.asJSON {
			fmt.Fprintf(e.stdout, "fold %d: %d graphs, %d questions, EA %.1f%% [%.1f, %.1f], verified precision %.1f%% at coverage %.1f%% (threshold %.3f)\n",
				fold, len(gs), len(fqs), 100*r.EA, 100*r.EACI.Lo, 100*r.EACI.Hi, 100*r.VerifiedPrecision, 100*r.VerifiedCoverage, m.Threshold)
		}
	}
	var right, verified, verifiedRight, gold int
	for _, it := range all {
		if !it.Gold {
			continue
		}
		gold++
		if it.EA {
			right++
		}
		if it.Verified {
			verified++
			if it.EA {
				verifiedRight++
			}
		}
	}
	if gold > 0 {
		rep.EA, rep.VerifiedCoverage = float64(right)/float64(gold), float64(verified)/float64(gold)
	}
	rep.EACI = qa.CountCI(right, gold)
	if verified > 0 {
		rep.VerifiedPrecision = float64(verifiedRight) / float64(verified)
	}
	n := 0
	for i, ea := range rep.EAFolds {
		if rep.NFolds[i] > 0 {
			rep.EAMean += ea
			n++
		}
	}
	if n > 0 {
		rep.EAMean /= float64(n)
	}
	rep.Seconds = time.Since(start).Seconds()
	if b.verbose {
		rep.Results = all
	}
	if b.asJSON {
		return writeJSONOut(e, "bench", rep)
	}
	fmt.Fprintf(e.stdout, "cross-validation by graph, %d folds: EA %.1f%% [%.1f, %.1f] (mean of folds %.1f%%), verified precision %.1f%% at coverage %.1f%% (%d questions of graphs without data left out)\n  %s\n",
		k, 100*rep.EA, 100*rep.EACI.Lo, 100*rep.EACI.Hi, 100*rep.EAMean, 100*rep.VerifiedPrecision, 100*rep.VerifiedCoverage, rep.LeftOutEmpty, qa.IntervalNote)
	return exitOK
}
