package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/benchmarks/calibration"
	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/kg"
)

func init() { benchStages["calibrate"] = benchCalibrate }

// calibrateCommand is the documented command that refits the shipped
// confidence model.
const calibrateCommand = "go run ./cmd/schemaforge bench spider4sparql --data ../shared/data --stage calibrate --split train --pool train --out confidence/weights.json"

// benchCalibrate is the calibrate stage: it fits the confidence model on
// the questions (train, folds by graph) and writes it.
func benchCalibrate(ctx context.Context, e *env, b *benchRun) int {
	if b.split == "dev-public" {
		b.stderr("calibrate fits the confidence model: use --split train (dev-public is for reporting only)")
		return exitUsage
	}
	// Questions of graphs without data would teach the model about the
	// data, not about the system.
	qs, coll, left, empty, err := b.answerableQuestions(ctx)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	emptyNote := ""
	if left > 0 {
		emptyNote = fmt.Sprintf("; %d questions of %d graphs without data left out", left, empty)
	}
	// A gold query that cannot mean what its question asks (a filter on
	// a variable nothing binds, NOT IN over a joined variable, one row
	// for "the three oldest") labels a right answer wrong: the model
	// would learn the defect.
	before := len(qs)
	qs = slices.DeleteFunc(qs, func(q qa.Question) bool { return qa.QuestionDefect(q.Text, q.Query) != "" })
	if n := before - len(qs); n > 0 {
		emptyNote += fmt.Sprintf("; %d questions whose gold query is defective left out", n)
	}
	if len(qs) == 0 {
		b.stderr("no question of %s has its graph in the %s pool", b.csv, b.pool)
		return exitFail
	}
	opts, _, err := b.pipelineOptions(b.theta, b.m, nil)
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	// Each question is asked over a collection of about --subpool
	// graphs holding its own (the graphs split into fixed groups by a
	// hash of their ID), the size of collection the pipeline is meant
	// for, rather than over the whole pool.
	graphs := coll.Graphs()
	groups := max(1, (len(graphs)+*b.pipe.subpool-1)/max(*b.pipe.subpool, 1))
	pipelines := map[string]*schemaforge.Pipeline{}
	byGroup := make([][]*kg.Graph, groups)
	for _, g := range graphs {
		k := confidence.Fold(g.ID, groups)
		byGroup[k] = append(byGroup[k], g)
	}
	for _, gs := range byGroup {
		if len(gs) == 0 {
			continue
		}
		sub, err := kg.NewCollection(gs...)
		if err != nil {
			b.stderr("%v", err)
			return exitFail
		}
		p, code := b.preparedPipeline(ctx, sub, opts)
		if code != exitOK {
			return code
		}
		for _, g := range gs {
			pipelines[g.ID] = p
		}
	}
	askerFor := func(q *qa.Question) qa.Asker {
		if p, ok := pipelines[q.Graph]; ok {
			return p
		}
		return nil
	}
	ties, err := qa.ResolveTies(ctx, qs, coll, time.Minute)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	if ties > 0 {
		emptyNote += fmt.Sprintf("; %d gold answers admit tied rows", ties)
	}
	tried, err := parseSettings(*b.pipe.settings)
	if err != nil {
		b.stderr("--settings: %v", err)
		return exitUsage
	}
	co := calibration.Options{Folds: *b.pipe.folds, Concurrency: *b.pipe.concurrency, Command: calibrateCommand, Settings: tried,
		Data: fmt.Sprintf("Spider4SPARQL %s (every %d-th question, %d questions%s), %s pool split into %d collections of about %d graphs", b.split, b.every, len(qs), emptyNote, b.pool, groups, *b.pipe.subpool)}
	if *b.pipe.progress || isTerminal(e.stderr) {
		co.Progress = e.stderr
	}
	res, err := calibration.Run(ctx, askerFor, qs, co)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	if path := strings.TrimSpace(*b.pipe.samplesOut); path != "" {
		if err := writeSamples(path, res); err != nil {
			b.stderr("write the samples: %v", err)
			return exitFail
		}
	}
	out, err := res.Model.Encode()
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	f := res.Model.Fit
	settings := make([]string, 0, len(res.LogLoss))
	for k := range res.LogLoss {
		settings = append(settings, k)
	}
	slices.Sort(settings)
	for _, k := range settings {
		fmt.Fprintf(e.stderr, "calibrate: %s: out-of-fold log-loss %.4f, ECE by fold %.4f\n", k, res.LogLoss[k], res.FoldECE[k])
	}
	fmt.Fprintf(e.stderr, "calibrate: %d records (%d right) of %d answers over %d graphs, %d folds, %s; out of fold: ECE %.3f, precision %.3f at coverage %.3f with threshold %.3f\n",
		f.Samples, f.Positives, f.Answers, f.Groups, f.Folds, f.Params, f.OOFECE, f.OOFPrecision, f.OOFCoverage, res.Model.Threshold)
	if j := res.Model.Joint; j != nil {
		fmt.Fprintf(e.stderr, "calibrate: %d answers of several subgoals (%d right): out-of-fold ECE %.3f with the product of their confidences, %.3f calibrated (a %.3f, b %.3f)\n",
			f.JointAnswers, f.JointRight, f.JointProductECE, f.JointECE, j.A, j.B)
	}
	if path := strings.TrimSpace(*b.pipe.calibrateOut); path != "" {
		if err := os.WriteFile(path, out, 0o644); err != nil {
			b.stderr("write the model: %v", err)
			return exitFail
		}
		return exitOK
	}
	e.stdout.Write(out)
	return exitOK
}

// answerableQuestions loads the questions of b (--split or --questions,
// every --every-th) whose graph is in b's pool, and the pool. A graph
// with no data in this copy (a few Spider databases ship empty; dev-public
// has none) cannot answer its questions: they are left out, and counted
// (left) with those graphs (empty).
func (b *benchRun) answerableQuestions(ctx context.Context) (qs []qa.Question, coll *kg.Collection, left, empty int, err error) {
	qs, err = qa.LoadSpider(b.csv, b.gold)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	qs = qa.Sample(qs, b.every)
	coll, err = b.loadPool(ctx)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	qs, _ = qa.InCollection(qs, coll)
	none := map[string]bool{}
	for _, g := range coll.Graphs() {
		if g.Summary != nil && g.Summary.Triples == 0 {
			none[g.ID] = true
		}
	}
	before := len(qs)
	qs = slices.DeleteFunc(qs, func(q qa.Question) bool { return none[q.Graph] })
	return qs, coll, before - len(qs), len(none), nil
}

// samplesFile is the file the calibrate stage writes with --samples (the
// labelled records and the answers, for analysis) and --cv reads.
type samplesFile struct {
	Samples []samplesRecord      `json:"samples"`
	Answers []calibration.Answer `json:"answers"`
}

// samplesRecord is one labelled record of a [samplesFile].
type samplesRecord struct {
	Evidence map[string]float64 `json:"evidence"`
	Right    bool               `json:"right"`
	Graph    string             `json:"graph"`
}

// writeSamples writes the labelled records and the answers as JSON, for
// analysis and for --cv.
func writeSamples(path string, res *calibration.Result) error {
	v := samplesFile{Answers: res.Answers}
	for _, s := range res.Samples {
		v.Samples = append(v.Samples, samplesRecord{s.Evidence, s.Right, s.Group})
	}
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// parseSettings reads --settings: model settings written TREESxDEPTH and
// separated by commas ("300x5,400x3"). A setting of
// calibration.DefaultSettings with those trees and depth is taken whole;
// another takes the deeper settings' leaf size, rate and λ. "" is nil
// (calibration.Run then tries DefaultSettings).
func parseSettings(s string) ([]confidence.Params, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []confidence.Params
	for _, f := range strings.Split(s, ",") {
		ts, ds, ok := strings.Cut(strings.TrimSpace(f), "x")
		trees, err1 := strconv.Atoi(ts)
		depth, err2 := strconv.Atoi(ds)
		if !ok || err1 != nil || err2 != nil || trees < 1 || trees > 5000 || depth < 1 || depth > 8 {
			return nil, fmt.Errorf("%q is not TREESxDEPTH with 1 to 5000 trees of depth 1 to 8 (e.g. 300x5)", f)
		}
		p := confidence.Params{Trees: trees, Depth: depth, MinLeaf: 40, Rate: 0.03, Lambda: 1}
		for _, d := range calibration.DefaultSettings {
			if d.Trees == trees && d.Depth == depth {
				p = d
			}
		}
		out = append(out, p)
	}
	return out, nil
}
