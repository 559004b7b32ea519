package summaries

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/kg"
)

// dataDir is the shared benchmark data folder beside the repository.
const dataDir = "../../../shared/data"

func spiderDir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(dataDir, "spider4sparql")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("Spider4SPARQL data %s absent (it lives beside the repository as ../shared/data): %v", dir, err)
	}
	return dir
}

// TestSpiderDevCoverage: every class and property that a dev-public gold
// query names and that occurs in its graph is in that graph's summary.
func TestSpiderDevCoverage(t *testing.T) {
	dir := spiderDir(t)
	ctx := context.Background()
	coll, err := kg.LoadDir(ctx, filepath.Join(dir, "graphs", "dev"), kg.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := coll.Summarize(ctx, kg.SummarizeOptions{}); err != nil {
		t.Fatal(err)
	}
	items, err := datasets.LoadSpiderCSV(filepath.Join(dir, "questions", "dev-public.csv"), "spider4sparql-dev")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Coverage(ctx, coll, items)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	uses, occ, cov := r.Counts()
	if r.Queries != len(items) || r.NoGraph != 0 || r.Unparsed != 0 || uses == 0 {
		t.Fatalf("expected every dev-public query to parse and find its graph: %v", r)
	}
	if cov != occ {
		t.Errorf("%d of %d occurring classes/properties are missing from the summaries: %+v", occ-cov, occ, r.Missing())
	}
	for _, g := range coll.Graphs() {
		if g.Summary.Partial {
			t.Errorf("summary of %s is partial: %v", g.ID, g.Summary.Notes)
		}
	}
}
