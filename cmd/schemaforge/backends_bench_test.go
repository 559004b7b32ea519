package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
	"github.com/schemaforge/go-schemaforge/internal/virtuosotest"
	"github.com/schemaforge/go-schemaforge/kg"
)

// BenchmarkBackends compares the time per question of the three kinds of
// backend the library answers over, on the same Spider4SPARQL dev graphs:
//
//   - embedded: each graph in its own embedded store (kg.LoadFiles);
//   - endpoint: the graphs served by "schemaforge endpoint" (the command
//     itself, run in-process on a free loopback port, one named graph per
//     file), queried over HTTP through kg's endpoint client;
//   - virtuoso: the graphs bulk-loaded into a throwaway Virtuoso
//     (internal/virtuosotest), queried the same way. Skipped when
//     virtuoso-t is absent, unless SCHEMAFORGE_REQUIRE_VIRTUOSO=1.
//
// Two workloads run on each: "gold", the 177 dev-public gold queries of
// the graphs through Graph.Query, and "ask", the whole pipeline's Ask on
// every backendAskEvery-th of their questions (36). Each workload runs
// once untimed first (for ask, after the summaries and value indexes are
// built through the backend). Each sub-benchmark reports ms/question; the
// endpoint and Virtuoso ones also run the embedded workload between their
// own iterations, with the timer stopped, and report its ms/question
// (embedded-ms/question) and the ratio to it (x-embedded), so that the
// ratio comes from the same run whatever -bench selects. Nothing is
// asserted about times.
//
//	go test ./cmd/schemaforge -run '^$' -bench Backends -benchtime 3x
func BenchmarkBackends(b *testing.B) {
	spider := filepath.Join(dataDir, "spider4sparql")
	dev := filepath.Join(spider, "graphs", "dev")
	if _, err := os.Stat(dev); err != nil {
		b.Skipf("Spider4SPARQL data not found at %s (it lives in ../shared/data beside the repository): %v", spider, err)
	}
	queries, questions := backendsWorkload(b, spider)
	fx := &backendFixtures{parent: b, dev: dev, setups: map[string]*backendSetup{}}

	// Every gold query the workload keeps runs on the embedded store.
	emb := fx.get(b, "embedded")
	for _, q := range queries {
		g, _ := emb.coll.Graph(q.graph)
		if _, err := g.Query(context.Background(), q.query); err != nil {
			b.Fatalf("gold query %s (%s) fails on the embedded store: %v", q.index, q.graph, err)
		}
	}

	workloads := []struct {
		name string
		n    int
		run  func(tb testing.TB, s *backendSetup)
	}{
		{"gold", len(queries), func(tb testing.TB, s *backendSetup) { benchRunGold(tb, s, queries) }},
		{"ask", len(questions), func(tb testing.TB, s *backendSetup) { benchRunAsk(tb, s, questions) }},
	}
	for _, w := range workloads {
		b.Run(w.name, func(b *testing.B) {
			for _, name := range backendNames {
				b.Run(name, func(b *testing.B) {
					s := fx.get(b, name)
					base := fx.get(b, "embedded")
					if w.name == "ask" {
						fx.prepareAsk(b, s, questions)
						fx.prepareAsk(b, base, questions)
					} else {
						// One untimed pass first: Virtuoso's first run
						// of a query is slower (compilation, buffers).
						w.run(b, s)
					}
					var baseline time.Duration
					iters := 0
					for b.Loop() {
						if s != base {
							b.StopTimer()
							start := time.Now()
							w.run(b, base)
							baseline += time.Since(start)
							b.StartTimer()
						}
						w.run(b, s)
						iters++
					}
					per := float64(iters * w.n)
					ms := float64(b.Elapsed().Microseconds()) / 1000 / per
					b.ReportMetric(ms, "ms/question")
					if s != base {
						bms := float64(baseline.Microseconds()) / 1000 / per
						b.ReportMetric(bms, "embedded-ms/question")
						if bms > 0 {
							b.ReportMetric(ms/bms, "x-embedded")
						}
					}
					if st := s.stats(); st != "" {
						b.Logf("%s: %s", name, st)
					}
				})
			}
		})
	}
}

// backendGraphs are the Spider4SPARQL dev graphs the benchmark loads: two
// of those the Virtuoso tests of package kg load (their third, pets_1, has
// no dev-public question) and a small one.
var backendGraphs = []string{"concert_singer", "car_1", "poker_player"}

var backendNames = []string{"embedded", "endpoint", "virtuoso"}

const (
	backendGraphNS = "http://spider4sparql.example/graph/"
	// backendPrologue is what the gold queries leave out.
	backendPrologue = "PREFIX : <http://valuenet/ontop/>\nPREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
	// backendAskEvery picks every this many-th question of the graphs for
	// the ask workload.
	backendAskEvery = 5
)

type backendQuery struct{ index, graph, question, query string }

// backendsWorkload reads the dev-public questions of backendGraphs whose
// gold status is ok: all of them for the gold workload, every
// backendAskEvery-th for the ask workload.
func backendsWorkload(tb testing.TB, spider string) (queries, questions []backendQuery) {
	tb.Helper()
	ok := map[string]bool{}
	gold, err := os.ReadFile(filepath.Join(spider, "gold", "dev-public.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	for line := range strings.Lines(string(gold)) {
		var rec struct {
			Index  int    `json:"index"`
			Status string `json:"status"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			tb.Fatalf("gold/dev-public.jsonl: %v", err)
		}
		ok[fmt.Sprint(rec.Index)] = rec.Status == "ok"
	}
	f, err := os.Open(filepath.Join(spider, "questions", "dev-public.csv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	keep := map[string]bool{}
	for _, g := range backendGraphs {
		keep[g] = true
	}
	for _, r := range rows[1:] {
		g := strings.ToLower(r[1])
		if !keep[g] || !ok[r[0]] {
			continue
		}
		q := backendQuery{index: r[0], graph: g, question: r[2], query: backendPrologue + r[3]}
		if len(queries)%backendAskEvery == 0 {
			questions = append(questions, q)
		}
		queries = append(queries, q)
	}
	if len(queries) < 100 || len(questions) == 0 {
		tb.Fatalf("%d gold queries and %d questions for %v: the benchmark lost its workload", len(queries), len(questions), backendGraphs)
	}
	return queries, questions
}

func benchRunGold(tb testing.TB, s *backendSetup, queries []backendQuery) {
	ctx := context.Background()
	for _, q := range queries {
		g, _ := s.coll.Graph(q.graph)
		if _, err := g.Query(ctx, q.query); err != nil {
			tb.Fatalf("%s: gold query %s (%s): %v", s.name, q.index, q.graph, err)
		}
	}
}

func benchRunAsk(tb testing.TB, s *backendSetup, questions []backendQuery) {
	ctx := context.Background()
	for _, q := range questions {
		if _, err := s.pipe.Ask(ctx, q.question); err != nil {
			tb.Fatalf("%s: ask %q: %v", s.name, q.question, err)
		}
	}
}

// backendSetup is one backend with the graphs loaded.
type backendSetup struct {
	name string
	coll *kg.Collection
	// pipe is the pipeline over coll, built by prepareAsk.
	pipe *schemaforge.Pipeline
	// endpointLog is the endpoint command's standard error.
	endpointLog *syncbuf.Buffer
}

// stats sums the HTTP traffic of a remote backend so far, warm-up and
// set-up included ("" when embedded).
func (s *backendSetup) stats() string {
	var st kg.HTTPStats
	remote := false
	for _, g := range s.coll.Graphs() {
		if h, ok := g.Endpoint.(*kg.HTTPEndpoint); ok {
			st.Add(h.Stats())
			remote = true
		}
	}
	if !remote {
		return ""
	}
	msg := fmt.Sprintf("%d queries over HTTP so far (warm-up and other sub-benchmarks included), %d failed", st.Queries, st.Failed)
	if st.Failed > 0 {
		msg += fmt.Sprintf(" (by status %v: %q)", st.ByStatus, st.Errors)
	}
	return msg
}

// backendFixtures builds each backend once, when a sub-benchmark first
// needs it, and stops it when the top-level benchmark ends.
type backendFixtures struct {
	parent *testing.B
	dev    string
	mu     sync.Mutex
	setups map[string]*backendSetup
}

// get returns the backend name, building it on first use. Skips and
// failures go to tb, the benchmark that asked.
func (fx *backendFixtures) get(tb testing.TB, name string) *backendSetup {
	tb.Helper()
	fx.mu.Lock()
	defer fx.mu.Unlock()
	if s := fx.setups[name]; s != nil {
		return s
	}
	ctx := context.Background()
	s := &backendSetup{name: name}
	files := map[string]string{} // named graph IRI → file
	for _, g := range backendGraphs {
		files[backendGraphNS+g] = filepath.Join(fx.dev, g+".nt")
	}
	var url string
	switch name {
	case "embedded":
		var specs []kg.FileGraph
		for _, g := range backendGraphs {
			specs = append(specs, kg.FileGraph{ID: g, Files: []string{filepath.Join(fx.dev, g+".nt")}})
		}
		coll, err := kg.LoadFiles(ctx, kg.LoadOptions{}, specs...)
		if err != nil {
			tb.Fatal(err)
		}
		s.coll = coll
	case "endpoint":
		args := []string{"endpoint", "--addr", "127.0.0.1:0"}
		for iri, f := range files {
			args = append(args, "--graph", iri+"="+f)
		}
		url, s.endpointLog = fx.startEndpoint(tb, args)
	case "virtuoso":
		virtuosotest.Require(tb)
		dir, err := filepath.Abs(fx.dev)
		if err != nil {
			tb.Fatal(err)
		}
		v, err := virtuosotest.Start(ctx, fx.parent.TempDir(), virtuosotest.Options{DirsAllowed: []string{dir}})
		if err != nil {
			tb.Fatal(err)
		}
		fx.parent.Cleanup(func() {
			if err := v.Stop(); err != nil {
				fx.parent.Error(err)
			}
		})
		if err := v.Load(ctx, files); err != nil {
			tb.Fatal(err)
		}
		url = v.SPARQLURL()
	default:
		tb.Fatalf("unknown backend %q", name)
	}
	if url != "" {
		var cfg strings.Builder
		cfg.WriteString("graphs:\n")
		for _, g := range backendGraphs {
			fmt.Fprintf(&cfg, "  - id: %s\n    endpoint: %s\n    named_graph: %s%s\n    timeout: 60s\n", g, url, backendGraphNS, g)
		}
		c, err := kg.ParseConfig([]byte(cfg.String()), "yaml")
		if err != nil {
			tb.Fatal(err)
		}
		coll, err := c.Load(ctx, fx.dev, kg.LoadOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		s.coll = coll
		fx.parent.Cleanup(func() {
			for _, g := range coll.Graphs() {
				if h, ok := g.Endpoint.(*kg.HTTPEndpoint); ok {
					h.CloseIdleConnections()
				}
			}
		})
	}
	fx.setups[name] = s
	return s
}

// startEndpoint runs "schemaforge endpoint args…" until the top-level
// benchmark ends and returns its query URL and standard error.
func (fx *backendFixtures) startEndpoint(tb testing.TB, args []string) (string, *syncbuf.Buffer) {
	tb.Helper()
	url, stderr, stop := startCLI(tb, 60*time.Second, args...)
	fx.parent.Cleanup(func() {
		switch code := stop(); code {
		case exitOK:
		case -1:
			fx.parent.Errorf("schemaforge endpoint did not stop")
		default:
			fx.parent.Errorf("schemaforge endpoint exited with %d:\n%.2000s", code, stderr)
		}
	})
	return url, stderr
}

// prepareAsk summarises s's graphs, builds its pipeline and its indexes
// and asks every question once, so that the timed runs measure answering
// only. The number of questions with an answer is logged.
func (fx *backendFixtures) prepareAsk(tb testing.TB, s *backendSetup, questions []backendQuery) {
	tb.Helper()
	fx.mu.Lock()
	defer fx.mu.Unlock()
	if s.pipe != nil {
		return
	}
	ctx := context.Background()
	if err := s.coll.Summarize(ctx, kg.SummarizeOptions{}); err != nil {
		tb.Fatalf("%s: summarise: %v", s.name, err)
	}
	p, err := schemaforge.New(s.coll)
	if err != nil {
		tb.Fatal(err)
	}
	if err := p.Prepare(ctx); err != nil {
		tb.Fatalf("%s: %v", s.name, err)
	}
	answered := 0
	for _, q := range questions {
		ans, err := p.Ask(ctx, q.question)
		if err != nil {
			tb.Fatalf("%s: ask %q: %v", s.name, q.question, err)
		}
		if ans.Results != nil {
			answered++
		}
	}
	tb.Logf("%s: %d of %d questions answered in the warm-up", s.name, answered, len(questions))
	s.pipe = p
}
