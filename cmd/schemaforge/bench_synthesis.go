package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/schemaforge/go-schemaforge/benchmarks/synthesis"
	"github.com/schemaforge/go-schemaforge/synthesizer"
)

func init() { benchStages["synthesis"] = benchSynthesis }

// benchSynthesis is the synthesis stage: EA of the best candidate of the
// best graph, without verification.
func benchSynthesis(ctx context.Context, e *env, b *benchRun) int {
	if b.split == "" {
		b.stderr("the synthesis stage needs --split (it reads gold/<split>.jsonl)")
		return exitUsage
	}
	dec, al, err := b.allocator.build()
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	coll, err := b.loadPool(ctx)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	r, err := synthesis.Run(ctx, b.dir, b.split, coll, synthesis.Stages{Decomposer: dec, Allocator: al, Synthesizer: synthesizer.New(synthesizer.Config{}), OwnGraph: b.ownGraph}, b.every)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	if r.N == 0 {
		b.stderr("no question of %s has its graph in the %s pool", b.split, b.pool)
		return exitFail
	}
	if b.asJSON {
		if !b.verbose {
			r.Items = nil
		}
		return writeJSONOut(e, "bench", r)
	}
	fmt.Fprintf(e.stdout, "synthesis on %s over the %s pool: %d questions, EA %.1f%% (oracle over the candidates %.1f%%), %.2f ms/question\n", b.split, b.pool, r.N, 100*r.EA, 100*r.Oracle, r.Millis)
	var ops []string
	for k := range r.ByOp {
		ops = append(ops, k)
	}
	slices.Sort(ops)
	for _, k := range ops {
		c := r.ByOp[k]
		fmt.Fprintf(e.stdout, "  %-10s %4d/%-4d %5.1f%%\n", k, c[1], c[0], 100*float64(c[1])/float64(max(c[0], 1)))
	}
	return exitOK
}
