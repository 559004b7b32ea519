package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/benchmarks/allocation"
	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/kg"
)

const benchDescription = `
Bench measures the system, or one stage of it, on a benchmark:

	schemaforge bench spider4sparql --data DIR [--stage STAGE]
	    (--split dev-public | --questions CSV [--gold JSONL]) [--pool dev|all] [--json]
	schemaforge bench text2sparql --questions questions.yml [--gold RESULTS.json] (--graphs CONFIG | --graph FILE…)
	schemaforge bench qald FILE (--graphs CONFIG | --graph FILE…)
	schemaforge bench lcquad FILE (--graphs CONFIG | --graph FILE…)
	schemaforge bench fresh [--data DIR] [--questions FILE] [--json] [--results]

--data is the Spider4SPARQL folder (or the shared data folder that holds
it); --split names questions/<split>.csv (and gold/<split>.jsonl).

Stages of spider4sparql:

	pipeline    (the default) the whole pipeline on each question over the
	            pool; prints {"ea","ea_ci","qsc","tf1","mf1","f1","ndcg","top1","top3",
	            "top_k","reject_rate","repair_rate","llm_calls_per_question",
	            "tokens_per_question","p50_ms","p95_ms","n","by_operation",
	            "verified_precision","verified_coverage",
	            "precision_at_coverage","aurc","ece","ece_if_calibrated",
	            "reliability","ablation","ablations",…}: the last are the answers'
	            confidence (EA among verified answers, share answered
	            verified, EA of the most confident 25/50/75/100 %, area
	            under the risk–coverage curve, 10-bin calibration error, the
	            mean and 90th percentile of the error a calibrated model
	            would show by chance on as many answers, and the bins). --ablation NAME
	            (repeatable) switches parts off, --ablation all runs the full
	            system and then each ablation alone on the same questions
	            and compares them (EA with 95 % bootstrap intervals, ΔEA
	            with paired intervals, the other metrics); --sweep theta,m runs the
	            θ × m grid (θ 0.5…0.9, m 2…8; use --every to keep it
	            affordable); --report DIR writes report.md with SVG plots
	            drawn with gonum/plot, each with a legend (risk–coverage,
	            reliability, the sweep's heat map on a fixed 0–100 % colour
	            scale, the ablation chart); --concurrency N questions at
	            once (default 2). EA is reported with its 95 % percentile
	            bootstrap interval over the questions (2,000 resamples,
	            seed 1). Progress goes to stderr: a bar with the count, EA,
	            rate and ETA on a terminal (or with --progress), else a
	            plain line every --progress-every questions (default 25).
	allocation  decompose and allocate each question over the pool (dev: the 19
	            graphs under graphs/dev; train: the 144 under graphs/train; all:
	            both, 163) and record the rank of its gold graph; prints
	            {"n","top1","top3","mrr","ms_per_question",…}. ms_per_question
	            counts decomposition and allocation, not loading or summarising.
	synthesis   EA of the best candidate of the best graph, without
	            verification, overall and by the gold query's operation;
	            prints {"n","ea","oracle_ea","by_operation",…}. --own-graph
	            asks each question over its own graph alone (no routing).
	skeletons   the share of gold queries that a skeleton of the library can
	            produce, overall and by operation.
	verifier    gold queries and underspecified variants of them through the
	            counterfactual verifier, with a θ × m sweep.

text2sparql (TEXT2SPARQL questions.yml, e.g. DB25, with the challenge's
gold result set), qald (QALD-9-plus, QALD-10 JSON) and lcquad (LC-QuAD 1.0
JSON) run the pipeline with the same metrics. Their graphs (DBpedia,
Wikidata) are not bundled: give them with --graphs (a directory or a
YAML/JSON collection config, e.g. an endpoint entry) or --graph (RDF files
loaded into one graph). Gold answers come from the file (QALD, the
TEXT2SPARQL result set) or from running the gold query on the graph
(LC-QuAD).

fresh runs the pipeline, without a language model, on the fresh suite
(benchmarks/fresh/questions.yaml): questions written by hand in everyday
phrasing and frozen, about the demo collection (asked over the demo) and
three Spider4SPARQL dev graphs (asked over all 19 dev graphs under --data,
so routing counts). It prints, overall, per collection and per question
shape, n, right (EA) and the answers split into right_verified,
right_not_verified, wrong_verified and wrong_not_verified (verified: the
answer's calibrated confidence reached the threshold; no answer counts as
wrong, not verified), with wrong_verified_share = wrong_verified /
(right_verified + wrong_verified). Without the Spider data it runs the demo
part only and says so. --results adds every question's result.
--questions runs another batch in the suite's format instead
(benchmarks/fresh/questions-2.yaml, written later and frozen the same way).`

// benchRun is what every stage of bench gets: the parsed flags and the
// resolved paths.
type benchRun struct {
	dir      string // the Spider4SPARQL folder
	csv      string // the questions CSV
	gold     string // the gold answers JSONL ("" when not given and not derivable)
	split    string
	pool     string
	cacheDir string
	asJSON   bool
	verbose  bool
	theta    float64
	m        int
	every    int  // keep every every-th question (1: all)
	ownGraph bool // synthesis: each question over its gold graph alone
	// rankCount shows the count things are ranked by as Spider4SPARQL's
	// gold does (schemaforge.Config.RankCount); on for spider4sparql.
	rankCount bool
	// fold and folds (--fold I/K): keep only the graphs of fold I of K
	// ([confidence.Fold], the folds --cv and calibrate use); folds 0: all.
	fold, folds int
	allocator   allocatorFlags
	stderr      func(format string, args ...any)
	// The pipeline's flags (stage pipeline and the other datasets).
	pipe pipelineBenchFlags
	// allAblations is set while --ablation all runs (the full system and
	// then each ablation).
	allAblations bool
}

// benchStages maps a stage name to its runner; each stage lives in its
// own file.
var benchStages = map[string]func(ctx context.Context, e *env, b *benchRun) int{
	"allocation": benchAllocation,
}

func runBench(ctx context.Context, e *env, args []string) int {
	stages := make([]string, 0, len(benchStages))
	for s := range benchStages {
		stages = append(stages, s)
	}
	slices.Sort(stages)
	fs := newFlagSet(e, "bench", "schemaforge bench spider4sparql --data DIR [--stage "+strings.Join(stages, "|")+"] (--split S | --questions CSV [--gold JSONL]) [--pool dev|all] [--json]\n"+
		"       schemaforge bench text2sparql|qald|lcquad …\n"+
		"       schemaforge bench fresh [--data DIR] [--questions FILE] [--json] [--results]", benchDescription)
	data := fs.String("data", "../shared/data/spider4sparql", "the Spider4SPARQL folder")
	stage := fs.String("stage", "pipeline", "stage to measure: "+strings.Join(stages, ", "))
	split := fs.String("split", "", "dev-public or train (questions/<split>.csv, gold/<split>.jsonl)")
	questions := fs.String("questions", "", "a questions CSV (index,kg_name,question,query) instead of --split; text2sparql: the questions.yml; fresh: another batch in the suite's format (benchmarks/fresh/questions-2.yaml)")
	gold := fs.String("gold", "", "gold answers JSONL (default gold/<split>.jsonl with --split); text2sparql: the gold result set JSON")
	poolName := fs.String("pool", "dev", "graph pool: dev, train or all")
	cacheDir := fs.String("cache", "", "directory to cache graph summaries in")
	asJSON := fs.Bool("json", false, "print the JSON summary only")
	verbose := fs.Bool("results", false, "with --json, include every question's result")
	theta := fs.Float64("theta", 0, "verifier: the invariance threshold θ (default: the verifier's)")
	m := fs.Int("m", 0, "verifier: perturbations per candidate (default: the verifier's)")
	every := fs.Int("every", 1, "keep every n-th question (a deterministic sample for quick runs)")
	ownGraph := fs.Bool("own-graph", false, "synthesis: ask each question over its own graph alone (no routing)")
	foldFlag := fs.String("fold", "", "I/K: keep only the pool's graphs of fold I of K by graph (the folds --cv uses), and so their questions: one --cv fold's routing and answers without refitting (allocation, synthesis, pipeline)")
	af := addAllocatorFlags(fs)
	pf := addPipelineBenchFlags(fs)
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	dir := *data
	if _, err := os.Stat(filepath.Join(dir, "spider4sparql", "graphs")); err == nil {
		dir = filepath.Join(dir, "spider4sparql")
	}
	b := &benchRun{dir: dir, csv: *questions, gold: *gold, split: *split, pool: *poolName, cacheDir: *cacheDir,
		asJSON: *asJSON, verbose: *verbose, theta: *theta, m: *m, every: max(*every, 1), ownGraph: *ownGraph, allocator: af, pipe: pf,
		stderr: func(format string, args ...any) { fmt.Fprintf(e.stderr, "bench: "+format+"\n", args...) }}
	if *foldFlag != "" {
		if _, err := fmt.Sscanf(*foldFlag, "%d/%d", &b.fold, &b.folds); err != nil || b.folds < 2 || b.fold < 0 || b.fold >= b.folds {
			return usageError(fs, "--fold wants I/K with 0 ≤ I < K and K ≥ 2 (got %q)", *foldFlag)
		}
	}
	if len(pos) == 0 {
		return usageError(fs, "give the benchmark: spider4sparql, text2sparql, qald FILE, lcquad FILE or fresh")
	}
	switch pos[0] {
	case "spider4sparql":
		b.rankCount = true
	case "text2sparql", "qald", "lcquad":
		return benchOtherDataset(ctx, e, fs, b, pos)
	case "fresh":
		return benchFresh(ctx, e, fs, b, pos)
	default:
		return usageError(fs, "unknown benchmark %q (want spider4sparql, text2sparql, qald, lcquad or fresh)", pos[0])
	}
	run, ok := benchStages[*stage]
	switch {
	case len(pos) != 1:
		return usageError(fs, "spider4sparql takes no argument after its name (got %q)", pos[1:])
	case !ok:
		return usageError(fs, "unknown --stage %q (want %s)", *stage, strings.Join(stages, ", "))
	case (*split == "") == (*questions == ""):
		return usageError(fs, "give one of --split and --questions")
	}
	if b.csv == "" {
		b.csv = filepath.Join(dir, "questions", *split+".csv")
	}
	if b.gold == "" && *split != "" {
		b.gold = filepath.Join(dir, "gold", *split+".jsonl")
	}
	return run(ctx, e, b)
}

// loadPool loads and summarises the --pool graphs, only those of the
// --fold when one is given.
func (b *benchRun) loadPool(ctx context.Context) (*kg.Collection, error) {
	coll, err := allocation.LoadPool(ctx, b.dir, b.pool, b.cacheDir)
	if err != nil || b.folds == 0 {
		return coll, err
	}
	var gs []*kg.Graph
	for _, g := range coll.Graphs() {
		if confidence.Fold(g.ID, b.folds) == b.fold {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return nil, fmt.Errorf("fold %d of %d holds no graph of the %s pool", b.fold, b.folds, b.pool)
	}
	return kg.NewCollection(gs...)
}

// benchAllocation is the allocation stage.
func benchAllocation(ctx context.Context, e *env, b *benchRun) int {
	dec, al, err := b.allocator.build()
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	items, err := datasets.LoadSpiderCSV(b.csv, "spider4sparql")
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	start := time.Now()
	coll, err := b.loadPool(ctx)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	loaded := time.Since(start)
	r, err := allocation.Run(ctx, coll, items, dec, al)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	r.Pool = b.pool
	if r.N == 0 {
		b.stderr("no question of %s has its graph in the %s pool", b.csv, b.pool)
		return exitFail
	}
	if b.asJSON {
		if !b.verbose {
			r.Results = nil
		}
		return writeJSONOut(e, "bench", r)
	}
	fmt.Fprintf(e.stdout, "allocation over the %s pool (%d graphs), %d questions of %s\n", r.Pool, r.Graphs, r.N, b.csv)
	fmt.Fprintf(e.stdout, "  top-1 %.1f%%  top-3 %.1f%%  MRR %.3f  %.2f ms/question (loading and summarising: %v)\n",
		100*r.Top1, 100*r.Top3, r.MRR, r.MsPerQuestion, loaded.Round(time.Millisecond))
	fmt.Fprintf(e.stdout, "  slice of the best selected graph: median %d tokens, p95 %d\n", r.SliceTokensP50, r.SliceTokensP95)
	conf := r.Confusions()
	if len(conf) > 10 {
		conf = conf[:10]
	}
	if len(conf) > 0 {
		fmt.Fprintln(e.stdout, "  most frequent confusions (gold → chosen):")
		for _, c := range conf {
			fmt.Fprintf(e.stdout, "    %s\n", c)
		}
	}
	return exitOK
}
