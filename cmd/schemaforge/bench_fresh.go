package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/benchmarks/allocation"
	"github.com/schemaforge/go-schemaforge/benchmarks/fresh"
	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/kg"
)

// freshReport is what bench fresh prints with --json: the bins overall,
// per collection and per shape, and the pipeline's report of each part.
type freshReport struct {
	Dataset string `json:"dataset"`
	// Questions counts the suite's questions; Asked those asked (the
	// spider-dev part is left out when its data is absent).
	Questions int `json:"questions"`
	Asked     int `json:"asked"`
	fresh.Breakdown
	// Skipped says which parts were not run, and why.
	Skipped []string `json:"skipped,omitempty"`
	// Parts is the pipeline report of each collection (items only with
	// --results).
	Parts map[string]*qa.Report `json:"parts"`
	Theta float64               `json:"theta"`
	M     int                   `json:"m"`
}

// benchFresh runs the pipeline, without a language model, on the fresh
// suite (benchmarks/fresh): the demo part over the demo collection, the
// spider-dev part over the 19 Spider4SPARQL dev graphs and the
// spider-train part over the train graphs when they are found under
// --data (a part with no question is not loaded).
func benchFresh(ctx context.Context, e *env, fs *flag.FlagSet, b *benchRun, pos []string) int {
	if len(pos) != 1 {
		return usageError(fs, "fresh takes no argument after its name (got %q)", pos[1:])
	}
	entries, err := fresh.Default()
	if b.csv != "" {
		entries, err = fresh.Load(b.csv) // another batch in the suite's format
	}
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	out := &freshReport{Dataset: "fresh", Questions: len(entries), Parts: map[string]*qa.Report{}}
	var items []qa.Item
	for _, part := range fresh.Collections {
		es := fresh.InCollection(entries, part)
		var coll *kg.Collection
		switch part {
		case fresh.Demo:
			coll, err = demo.Collection(ctx)
		case fresh.SpiderDev, fresh.SpiderTrain:
			pool := map[string]string{fresh.SpiderDev: "dev", fresh.SpiderTrain: "train"}[part]
			if part == fresh.SpiderTrain && len(es) == 0 {
				continue // loading every train graph for no question
			}
			dir := filepath.Join(b.dir, "graphs", pool)
			if _, serr := os.Stat(dir); serr != nil {
				msg := fmt.Sprintf("%s: the Spider4SPARQL %s graphs were not found at %s (give --data, the shared data folder): %d questions not asked", part, pool, dir, len(es))
				if part == fresh.SpiderDev {
					b.stderr("%s; running the demo part only", msg)
				} else {
					b.stderr("%s", msg)
				}
				out.Skipped = append(out.Skipped, msg)
				continue
			}
			coll, err = allocation.LoadPool(ctx, b.dir, pool, b.cacheDir)
		}
		if err != nil {
			b.stderr("%s: %v", part, err)
			return exitFail
		}
		qs, err := fresh.Questions(ctx, es, coll)
		if err != nil {
			b.stderr("%v", err)
			return exitFail
		}
		r, cfg, code := b.runFreshPart(ctx, e, coll, qs)
		if code != exitOK {
			return code
		}
		out.Theta, out.M = cfg.Theta, cfg.M
		r.Dataset = "fresh/" + part
		r.Extra = map[string]any{"graphs": coll.Len()}
		items = append(items, r.Items...)
		if !b.verbose {
			r.Items = nil
		}
		out.Parts[part] = r
		out.Asked += len(qs)
	}
	out.Breakdown = *fresh.Tally(entries, items)
	if b.asJSON {
		return writeJSONOut(e, "bench", out)
	}
	printFresh(e.stdout, out)
	return exitOK
}

// runFreshPart asks qs of the pipeline over coll (no language model) and
// returns qa's report with every item, and the pipeline's configuration.
func (b *benchRun) runFreshPart(ctx context.Context, e *env, coll *kg.Collection, qs []qa.Question) (*qa.Report, schemaforge.Config, int) {
	var cfg schemaforge.Config
	opts, ablations, err := b.pipelineOptions(b.theta, b.m, nil)
	if err != nil {
		b.stderr("%v", err)
		return nil, cfg, exitUsage
	}
	p, code := b.preparedPipeline(ctx, coll, opts)
	if code != exitOK {
		return nil, cfg, code
	}
	o := qa.Options{Concurrency: max(*b.pipe.concurrency, 1), Items: true}
	b.setProgress(e, &o)
	r, err := qa.Run(ctx, p, qs, o)
	if err != nil {
		b.stderr("interrupted: %v", err)
		return nil, cfg, exitFail
	}
	r.Ablation = ablations
	return r, p.Config(), exitOK
}

// printFresh prints the bins of bench fresh for people.
func printFresh(w io.Writer, r *freshReport) {
	fmt.Fprintf(w, "fresh suite: %d of %d questions asked of the pipeline (no LLM)\n", r.Asked, r.Questions)
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "  skipped %s\n", s)
	}
	fmt.Fprintf(w, "  %-22s %4s %5s %6s %-14s  %6s %6s %6s %6s  %s\n", "", "n", "right", "EA", "[95% interval]", "R+ver", "R-ver", "W+ver", "W-ver", "wrong verified share")
	row := func(name string, b *fresh.Bins) {
		fmt.Fprintf(w, "  %-22s %4d %5d %5.1f%% %-14s  %6d %6d %6d %6d  %5.1f%%\n", name, b.N, b.Right, 100*b.EA, fmt.Sprintf("[%.1f, %.1f]", 100*b.EACI.Lo, 100*b.EACI.Hi),
			b.RightVerified, b.RightNotVerified, b.WrongVerified, b.WrongNotVerified, 100*b.WrongVerifiedShare)
	}
	row("overall", &r.Bins)
	for _, c := range fresh.Collections {
		if b := r.ByCollection[c]; b != nil {
			row(c, b)
		}
	}
	for _, s := range fresh.Shapes {
		if b := r.ByShape[s]; b != nil {
			row(s, b)
		}
	}
	for _, c := range fresh.Collections {
		if p := r.Parts[c]; p != nil {
			fmt.Fprintf(w, "  %s: allocation top-1 %.1f%%  answered %.1f%%  reject rate %.1f%%  latency p50 %.1f ms\n",
				c, 100*p.Top1, 100*p.Answered, 100*p.RejectRate, p.P50Ms)
		}
	}
	fmt.Fprintf(w, "  %s\n", qa.IntervalNote)
}
