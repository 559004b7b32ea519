package synthesis

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/schemaforge/go-schemaforge/allocator"
	"github.com/schemaforge/go-schemaforge/benchmarks/allocation"
	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/synthesizer"
)

// TestSpiderDevSynthesis measures what synthesis alone reaches on
// dev-public (rule-based decomposer, allocator over the 19 dev graphs, the
// best candidate of the best graph, no verifier). The floor is a
// regression guard, set below the figure measured when it was written
// (see the closing note of the Agents II issue).
func TestSpiderDevSynthesis(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "spider4sparql")
	if _, err := os.Stat(filepath.Join(dir, "graphs", "dev")); err != nil {
		t.Skipf("Spider4SPARQL data not found at %s: %v", dir, err)
	}
	ctx := context.Background()
	coll, err := allocation.LoadPool(ctx, dir, "dev", "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(ctx, dir, "dev-public", coll, Stages{Decomposer: decomposer.NewRules(), Allocator: allocator.New(allocator.Config{}), Synthesizer: synthesizer.New(synthesizer.Config{})}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for k := range r.ByOp {
		ops = append(ops, k)
	}
	slices.Sort(ops)
	t.Logf("dev-public: n=%d EA=%.1f%% (%.2f ms/question)", r.N, 100*r.EA, r.Millis)
	for _, k := range ops {
		t.Logf("  %-10s %3d/%3d", k, r.ByOp[k][1], r.ByOp[k][0])
	}
	if r.N < 500 {
		t.Errorf("only %d questions measured", r.N)
	}
	if r.EA < 0.15 {
		t.Errorf("EA %.3f fell below the 0.15 floor", r.EA)
	}
}
