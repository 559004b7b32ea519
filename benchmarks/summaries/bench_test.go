package summaries

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/schemaforge/go-schemaforge/kg"
)

// benchGraphs are Spider graphs of growing size (dev and train pools).
var benchGraphs = []string{
	"dev/concert_singer.nt", // 212 triples
	"dev/car_1.nt",          // 6,494
	"dev/world_1.nt",        // 38,148
	"train/bike_1.nt.gz",    // 257,969
	"train/formula_1.nt.gz", // 1,167,129
}

// BenchmarkSummarize times summary extraction per graph, next to loading
// the same graph (the baseline: summary time / load time is the figure
// to compare across machines).
func BenchmarkSummarize(b *testing.B) {
	dir := filepath.Join(spiderDir(b), "graphs")
	ctx := context.Background()
	for _, name := range benchGraphs {
		path := filepath.Join(dir, name)
		id := kg.GraphID(path)
		b.Run(id+"/load", func(b *testing.B) {
			for b.Loop() {
				if _, err := kg.LoadGraph(ctx, kg.FileGraph{ID: id, Files: []string{path}}, kg.LoadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		g, err := kg.LoadGraph(ctx, kg.FileGraph{ID: id, Files: []string{path}}, kg.LoadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id+"/summarize", func(b *testing.B) {
			var s *kg.Summary
			for b.Loop() {
				if s, err = kg.Summarize(ctx, id, g, kg.SummaryOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(s.Properties)), "properties")
		})
	}
}
