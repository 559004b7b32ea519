package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/allocator"
	"github.com/schemaforge/go-schemaforge/baselines"
	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
)

func init() { benchStages["pipeline"] = benchPipeline }

// pipelineBenchFlags are the flags of bench that configure the pipeline
// run (stage pipeline of spider4sparql, and the other benchmarks).
type pipelineBenchFlags struct {
	graphs, files *stringList
	ablations     *stringList
	sweep         *string
	concurrency   *int
	report        *string
	progress      *bool
	progressEvery *int
	lang          *string
	system        *string
	calibrateOut  *string
	samplesOut    *string
	folds         *int
	settings      *string
	subpool       *int
	cv            *int
	llm           llmFlags
}

func addPipelineBenchFlags(fs *flag.FlagSet) pipelineBenchFlags {
	f := pipelineBenchFlags{graphs: &stringList{}, files: &stringList{}, ablations: &stringList{}}
	fs.Var(f.graphs, "graphs", "text2sparql, qald, lcquad: the graphs, a directory of RDF files or a YAML/JSON collection config (e.g. an endpoint entry; repeatable)")
	fs.Var(f.files, "graph", "text2sparql, qald, lcquad: an RDF file of the benchmark's graph (repeatable; all files make one graph)")
	fs.Var(f.ablations, "ablation", "pipeline: switch a part off: "+ablationNames()+" (repeatable); all: the full system and then each ablation alone on the same questions, compared in one table (and chart with --report)")
	f.sweep = fs.String("sweep", "", "pipeline: theta,m runs the grid θ ∈ {0.5,…,0.9} × m ∈ {2,4,6,8} and reports EA and reject rate per cell")
	f.concurrency = fs.Int("concurrency", 2, "pipeline: questions asked at once")
	f.system = fs.String("system", "schemaforge", "pipeline: the system measured: schemaforge, or a baseline with the same LLM (vanilla, react)")
	f.report = fs.String("report", "", "pipeline: write report.md with SVG plots (gonum/plot, with legends) into this directory")
	f.progress = fs.Bool("progress", false, "pipeline: draw the progress bar (count, EA, rate, ETA) on stderr even when it is not a terminal")
	f.progressEvery = fs.Int("progress-every", qa.DefaultProgressEvery, "pipeline: when stderr is not a terminal (and without --progress), write a plain progress line every this many questions (0: none)")
	f.lang = fs.String("lang", "en", "text2sparql, qald: question language(s), comma-separated (text2sparql asks each language as its own question)")
	f.calibrateOut = fs.String("out", "", "calibrate: write the fitted confidence model here (e.g. confidence/weights.json); default: print it")
	f.samplesOut = fs.String("samples", "", "calibrate: also write the labelled records and answers (JSON) here, for analysis; --cv: read them from here")
	f.cv = fs.Int("cv", 0, "pipeline: graph-disjoint cross-validation on train with this many folds: each fold's questions over its own graphs, with the confidence model refitted without them from --samples (the calibrate stage's records)")
	f.subpool = fs.Int("subpool", 20, "calibrate: ask each question over a collection of about this many graphs of the pool, its own among them")
	f.folds = fs.Int("folds", 5, "calibrate: folds by graph")
	f.settings = fs.String("settings", "", "calibrate: the model settings tried, TREESxDEPTH comma-separated (e.g. 300x5); default: all of calibration.DefaultSettings")
	f.llm = addLLMFlags(fs)
	return f
}

// ablationAll is the value of --ablation that measures the full system
// and every ablation in one run.
const ablationAll = "all"

// ablateAll reports whether --ablation all was given, and checks that it
// was given alone.
func (b *benchRun) ablateAll() (bool, error) {
	abl := *b.pipe.ablations
	if !slices.Contains(abl, ablationAll) {
		return false, nil
	}
	if len(abl) > 1 {
		return false, fmt.Errorf("--ablation %s runs the full system and each ablation alone: give no other --ablation", ablationAll)
	}
	return true, nil
}

// setProgress sets how o shows progress on stderr: a bar when stderr is
// a terminal or --progress asks for it, else a plain line every
// --progress-every questions (none when 0).
func (b *benchRun) setProgress(e *env, o *qa.Options) {
	switch {
	case *b.pipe.progress || isTerminal(e.stderr):
		o.Progress, o.ProgressBar = e.stderr, true
	case *b.pipe.progressEvery > 0:
		o.Progress, o.ProgressEvery = e.stderr, *b.pipe.progressEvery
	}
}

// pipelineOptions returns the pipeline options the flags ask for at
// (θ, m), with the ablations extra besides those of the flags, and the
// names of the ablations they amount to.
func (b *benchRun) pipelineOptions(theta float64, m int, model *llm.Model, extra ...schemaforge.Ablation) ([]schemaforge.Option, []string, error) {
	af := b.allocator
	cfg := schemaforge.Config{Theta: theta, M: m, K: *af.k, KPrime: *af.kPrime, Tau: *af.tau, Lambda: *af.lambda, RankCount: b.rankCount}
	opts := []schemaforge.Option{schemaforge.WithConfig(cfg)}
	opts = append(opts, b.pipe.llm.traceNotes()...)
	abl := slices.Clone(extra)
	for _, a := range *b.pipe.ablations {
		if a == ablationAll {
			if len(extra) > 0 || b.allAblations {
				continue
			}
			return nil, nil, fmt.Errorf("--ablation %s is for the pipeline runs (spider4sparql's pipeline stage, text2sparql, qald, lcquad)", ablationAll)
		}
		ab, err := schemaforge.ParseAblation(a)
		if err != nil {
			return nil, nil, err
		}
		abl = append(abl, ab)
	}
	switch *af.kind {
	case "schemaforge":
		if *af.noValueLinking {
			opts = append(opts, schemaforge.WithAllocator(allocator.New(allocator.Config{K: *af.k, KPrime: *af.kPrime,
				Tau: *af.tau, Lambda: *af.lambda, NoValueLinking: true})))
		}
	case "bm25":
		abl = append(abl, schemaforge.NoAllocator)
	default:
		return nil, nil, fmt.Errorf("unknown --allocator %q (want schemaforge or bm25)", *af.kind)
	}
	switch *af.decomposerKind {
	case "rules":
	case "text":
		abl = append(abl, schemaforge.NoDecomposer)
	case "llm":
		if model == nil {
			return nil, nil, fmt.Errorf("--decomposer llm needs a model: --llm-model or %s", llm.EnvModel)
		}
	default:
		return nil, nil, fmt.Errorf("unknown --decomposer %q (want rules, llm or text)", *af.decomposerKind)
	}
	names := []string{}
	for _, a := range abl {
		if !slices.Contains(names, string(a)) {
			names = append(names, string(a))
		}
	}
	opts = append(opts, schemaforge.WithAblation(abl...))
	if model != nil {
		opts = append(opts, schemaforge.WithLLM(model))
	}
	return opts, names, nil
}

// benchPipeline is the pipeline stage of spider4sparql: the whole
// pipeline on every question over the pool.
func benchPipeline(ctx context.Context, e *env, b *benchRun) int {
	if *b.pipe.cv > 0 {
		return benchCV(ctx, e, b)
	}
	gold := b.gold
	qs, err := qa.LoadSpider(b.csv, gold)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	if gold == "" {
		b.stderr("no gold answers (give --gold JSONL or --split): EA, MF1, F1 and NDCG are not scored")
	}
	all := len(qs)
	qs = qa.Sample(qs, b.every)
	// With --graphs, the pool is the collection the configs describe (its
	// graph IDs are the Spider kg_names), wherever its graphs live: an
	// endpoint such as Virtuoso, or files.
	pool := b.pool
	var coll *kg.Collection
	if len(*b.pipe.graphs) > 0 {
		coll, err = b.benchCollection(ctx, "spider4sparql")
		pool = strings.Join(*b.pipe.graphs, ",")
	} else {
		coll, err = b.loadPool(ctx)
	}
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	qs, skipped := qa.InCollection(qs, coll)
	if len(qs) == 0 {
		b.stderr("no question of %s has its graph in the %s pool", b.csv, pool)
		return exitFail
	}
	name := b.split
	if name == "" {
		name = b.csv
	}
	extra := map[string]any{"split": name, "pool": pool, "graphs": coll.Len(), "questions": all, "every": b.every, "skipped_not_in_pool": skipped}
	return b.runQA(ctx, e, coll, qs, "spider4sparql", fmt.Sprintf("Spider4SPARQL %s, %s pool (%d graphs)", name, pool, coll.Len()), extra)
}

// benchOtherDataset runs the pipeline on text2sparql, qald or lcquad
// (pos[0]) over the graphs of --graphs and --graph.
func benchOtherDataset(ctx context.Context, e *env, fs *flag.FlagSet, b *benchRun, pos []string) int {
	name := pos[0]
	var file string
	switch name {
	case "text2sparql":
		if len(pos) != 1 {
			return usageError(fs, "text2sparql takes its files as flags: --questions questions.yml [--gold RESULTS.json]")
		}
		if b.csv == "" {
			return usageError(fs, "text2sparql needs --questions questions.yml")
		}
	default:
		if len(pos) != 2 {
			return usageError(fs, "give the %s file: schemaforge bench %s FILE --graphs CONFIG", name, name)
		}
		file = pos[1]
	}
	if len(*b.pipe.graphs) == 0 && len(*b.pipe.files) == 0 {
		kind := map[string]string{"text2sparql": "DBpedia (DB25) or the challenge's corporate graph", "qald": "DBpedia (QALD-9-plus) or Wikidata (QALD-10)", "lcquad": "DBpedia"}[name]
		b.stderr("%s: the questions' graphs, %s, are needed and are not bundled: give --graphs CONFIG "+
			"(a collection config; an entry like `{id: dbpedia, endpoint: https://dbpedia.org/sparql}` reaches a SPARQL endpoint) "+
			"or --graph FILE (RDF dumps, loaded into one graph). Without them no question can be answered, "+
			"and no metric — not even QSC or TF1, which need a produced query — can be computed", name, kind)
		return exitUsage
	}
	langs := strings.Split(*b.pipe.lang, ",")
	var qs []qa.Question
	var err error
	switch name {
	case "text2sparql":
		qs, err = qa.LoadText2SPARQL(b.csv, b.gold, langs)
		file = b.csv
	case "qald":
		qs, err = qa.LoadQALD(file, langs[0])
	case "lcquad":
		qs, err = qa.LoadLCQuAD(file)
	}
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	all := len(qs)
	qs = qa.Sample(qs, b.every)
	coll, err := b.benchCollection(ctx, name)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	failed, err := qa.ResolveGold(ctx, qs, coll, time.Minute)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	extra := map[string]any{"file": file, "graphs": coll.Len(), "questions": all, "every": b.every, "gold_queries_failed": failed}
	return b.runQA(ctx, e, coll, qs, name, fmt.Sprintf("%s (%s)", name, file), extra)
}

// benchCollection opens the graphs of --graphs and --graph (the latter as
// one graph named after the benchmark), summarised.
func (b *benchRun) benchCollection(ctx context.Context, name string) (*kg.Collection, error) {
	coll, err := openCollection(ctx, *b.pipe.graphs, kg.LoadOptions{})
	if err != nil {
		return nil, err
	}
	if files := *b.pipe.files; len(files) > 0 {
		c, err := kg.LoadFiles(ctx, kg.LoadOptions{}, kg.FileGraph{ID: name, Files: files})
		if err != nil {
			return nil, err
		}
		if err := coll.Merge(c); err != nil {
			return nil, err
		}
	}
	so := kg.SummarizeOptions{}
	if b.cacheDir != "" {
		so.Cache = &kg.SummaryCache{Dir: b.cacheDir}
	}
	if err := coll.Summarize(ctx, so); err != nil {
		return nil, err
	}
	return coll, nil
}

// runQA asks qs of the pipeline over coll, with the sweep and the report
// when asked, and prints the outcome.
func (b *benchRun) runQA(ctx context.Context, e *env, coll *kg.Collection, qs []qa.Question, dataset, title string, extra map[string]any) int {
	model, err := b.pipe.llm.build()
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	allAbl, err := b.ablateAll()
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	if allAbl && *b.pipe.system != "schemaforge" && *b.pipe.system != "" {
		b.stderr("--ablation %s measures the parts of schemaforge: use it with --system schemaforge", ablationAll)
		return exitUsage
	}
	b.allAblations = allAbl
	sweep := strings.ReplaceAll(*b.pipe.sweep, " ", "")
	if sweep != "" && sweep != "theta,m" && sweep != "m,theta" {
		b.stderr("unknown --sweep %q (want theta,m)", *b.pipe.sweep)
		return exitUsage
	}
	opts, ablations, err := b.pipelineOptions(b.theta, b.m, model)
	if err != nil {
		b.stderr("%v", err)
		return exitUsage
	}
	// Indexes are built before the clock starts, as for a server.
	p, code := b.preparedPipeline(ctx, coll, opts)
	if code != exitOK {
		return code
	}
	var asker qa.Asker = p
	switch *b.pipe.system {
	case "schemaforge", "":
	case "vanilla", "react":
		if sweep != "" {
			b.stderr("--sweep measures the verifier: use it with --system schemaforge")
			return exitUsage
		}
		if model == nil {
			b.stderr("--system %s needs a language model: set --llm-model (and --llm-base-url or --llm-provider ollama) or $%s (and $%s)", *b.pipe.system, llm.EnvModel, llm.EnvBaseURL)
			return exitUsage
		}
		if *b.pipe.system == "vanilla" {
			asker = baselines.NewVanilla(model, coll, baselines.VanillaOptions{Decomposer: decomposer.NewRules()})
		} else {
			asker = baselines.NewReAct(model, coll, baselines.ReActOptions{})
		}
	default:
		b.stderr("unknown --system %q (want schemaforge, vanilla or react)", *b.pipe.system)
		return exitUsage
	}
	// A gold query that slices an ordered answer with ties at the edge
	// of the slice admits more than its gold answer.
	ties, err := qa.ResolveTies(ctx, qs, coll, time.Minute)
	if err != nil {
		b.stderr("%v", err)
		return exitFail
	}
	extra["gold_ties"] = ties
	o := qa.Options{Concurrency: max(*b.pipe.concurrency, 1), Model: model, Items: b.verbose}
	b.setProgress(e, &o)
	if allAbl && o.Progress != nil {
		fmt.Fprintf(o.Progress, "full system (then the ablations)\n")
	}
	r, err := qa.Run(ctx, asker, qs, o)
	if err != nil && r == nil {
		b.stderr("%v", err)
		return exitFail
	}
	r.Dataset, r.Ablation, r.Extra = dataset, ablations, extra
	r.Extra["system"] = *b.pipe.system
	cfg := p.Config()
	r.Extra["theta"], r.Extra["m"], r.Extra["kprime"] = cfg.Theta, cfg.M, cfg.KPrime
	if st, ok := endpointStats(coll); ok {
		r.Extra["endpoint"] = st
	}
	if model != nil {
		r.Extra["llm"] = model.Name()
	}
	interrupted := err
	if interrupted == nil && sweep != "" {
		build := func(theta float64, m int) (qa.Asker, error) {
			opts, _, err := b.pipelineOptions(theta, m, model)
			if err != nil {
				return nil, err
			}
			return schemaforge.New(coll, opts...)
		}
		r.Sweep, interrupted = qa.Sweep(ctx, build, qs, o)
	}
	if interrupted == nil && allAbl {
		interrupted = b.runAblations(ctx, coll, model, qs, o, r)
	}
	if *b.pipe.report != "" {
		info := qa.ReportInfo{Title: title, Command: "schemaforge bench " + dataset + " …"}
		for _, in := range confidence.Default().Influences() {
			info.Influences = append(info.Influences, qa.Influence{Feature: in.Feature, Splits: in.Splits, Weight: in.Weight})
		}
		if len(os.Args) > 1 {
			info.Command = "schemaforge " + strings.Join(os.Args[1:], " ")
		}
		paths, err := qa.WriteReport(*b.pipe.report, r, info)
		if err != nil {
			b.stderr("report: %v", err)
			return exitFail
		}
		if !b.asJSON {
			defer fmt.Fprintf(e.stdout, "report: %s\n", strings.Join(paths, ", "))
		}
	}
	if b.asJSON {
		if code := writeJSONOut(e, "bench", r); code != exitOK {
			return code
		}
	} else {
		printQA(e.stdout, r, title)
	}
	if interrupted != nil {
		b.stderr("interrupted: %v", interrupted)
		return exitFail
	}
	return exitOK
}

// runAblations runs qs through the pipeline with each ablation of
// schemaforge.Ablations in turn (besides those the other flags ask for)
// and adds their reports to full, the full system's.
func (b *benchRun) runAblations(ctx context.Context, coll *kg.Collection, model *llm.Model, qs []qa.Question, o qa.Options, full *qa.Report) error {
	// An ablation whose pipeline cannot be built here (no-skeletons
	// without a language model) is left out, and the report says why.
	var names []string
	for _, a := range schemaforge.Ablations {
		opts, _, err := b.pipelineOptions(b.theta, b.m, model, a)
		if err == nil {
			_, err = schemaforge.New(coll, opts...)
		}
		if err != nil {
			if full.AblationsSkipped == nil {
				full.AblationsSkipped = map[string]string{}
			}
			full.AblationsSkipped[string(a)] = err.Error()
			b.stderr("ablation %s not run: %v", a, err)
			continue
		}
		names = append(names, string(a))
	}
	labels := map[string][]string{}
	build := func(name string) (qa.Asker, error) {
		ab, err := schemaforge.ParseAblation(name)
		if err != nil {
			return nil, err
		}
		opts, abl, err := b.pipelineOptions(b.theta, b.m, model, ab)
		if err != nil {
			return nil, err
		}
		labels[name] = abl
		p, err := schemaforge.New(coll, opts...)
		if err != nil {
			return nil, err
		}
		// Indexes are built before the clock starts, as for the full system.
		if err := p.Prepare(ctx); err != nil {
			return nil, err
		}
		return p, nil
	}
	reps, err := qa.RunAblations(ctx, build, names, qs, o)
	for _, r := range reps {
		r.Dataset = full.Dataset
		if abl := labels[r.Ablation[0]]; len(abl) > 0 {
			r.Ablation = abl
		}
	}
	full.AddAblations(reps...)
	return err
}

// printQA prints a report for people.
func printQA(w io.Writer, r *qa.Report, title string) {
	abl := "none"
	if len(r.Ablation) > 0 {
		abl = strings.Join(r.Ablation, ", ")
	}
	fmt.Fprintf(w, "pipeline on %s: %d questions (ablation: %s), %.1f s at concurrency %d\n", title, r.N, abl, r.Seconds, r.Concurrency)
	fmt.Fprintf(w, "  EA %.1f%% [%.1f, %.1f]  QSC %.1f%%  TF1 %.1f%%  MF1 %.1f%%  F1 %.1f%%  NDCG %.1f%% (%d ordered)\n",
		100*r.EA, 100*r.EACI.Lo, 100*r.EACI.Hi, 100*r.QSC, 100*r.TF1, 100*r.MF1, 100*r.F1, 100*r.NDCG, r.NOrdered)
	if r.NGraph > 0 {
		fmt.Fprintf(w, "  allocation top-1 %.1f%%  top-3 %.1f%%  top-10 %.1f%%\n", 100*r.Top1, 100*r.Top3, 100*r.TopK[len(r.TopK)-1])
	}
	fmt.Fprintf(w, "  answered %.1f%%  reject rate %.1f%%  repair rate %.1f%%  errors %d\n", 100*r.Answered, 100*r.RejectRate, 100*r.RepairRate, r.Errors)
	fmt.Fprintf(w, "  LLM %.2f calls and %.0f tokens per question; latency p50 %.1f ms, p95 %.1f ms\n", r.LLMCallsPerQuestion, r.TokensPerQuestion, r.P50Ms, r.P95Ms)
	if r.NGold > 0 {
		fmt.Fprintf(w, "  confidence: verified precision %.1f%% at coverage %.1f%%; precision at coverage 25/50/75/100%% %.1f/%.1f/%.1f/%.1f%%; AURC %.3f  ECE %.3f (a calibrated model: %.3f, 90th percentile %.3f)\n",
			100*r.VerifiedPrecision, 100*r.VerifiedCoverage, 100*r.PrecisionAtCoverage["0.25"], 100*r.PrecisionAtCoverage["0.5"],
			100*r.PrecisionAtCoverage["0.75"], 100*r.PrecisionAtCoverage["1"], r.AURC, r.ECE, r.ECEIfCalibrated.Mean, r.ECEIfCalibrated.P90)
	}
	for _, op := range slices.Sorted(maps.Keys(r.ByOperation)) {
		s := r.ByOperation[op]
		fmt.Fprintf(w, "    %-10s %4d/%-4d %5.1f%% [%.1f, %.1f]\n", op, s.Correct, s.N, 100*s.EA, 100*s.EACI.Lo, 100*s.EACI.Hi)
	}
	if len(r.Sweep) > 0 {
		fmt.Fprintf(w, "  sweep (EA / reject rate, %d questions per cell):\n       ", r.Sweep[0].N)
		for _, m := range qa.SweepMs {
			fmt.Fprintf(w, "      m=%d     ", m)
		}
		fmt.Fprintln(w)
		for i, c := range r.Sweep {
			if i%len(qa.SweepMs) == 0 {
				fmt.Fprintf(w, "  θ=%.1f", c.Theta)
			}
			fmt.Fprintf(w, "  %5.1f / %5.1f", 100*c.EA, 100*c.RejectRate)
			if i%len(qa.SweepMs) == len(qa.SweepMs)-1 {
				fmt.Fprintln(w)
			}
		}
	}
	if len(r.Ablations) > 0 {
		fmt.Fprintf(w, "  ablations (EA [95%% interval]; ΔEA from the full system [95%% paired interval]):\n")
		fmt.Fprintf(w, "    %-22s %5.1f%% [%.1f, %.1f]\n", "full system", 100*r.EA, 100*r.EACI.Lo, 100*r.EACI.Hi)
		for _, a := range r.Ablations {
			fmt.Fprintf(w, "    %-22s %5.1f%% [%.1f, %.1f]", strings.Join(a.Ablation, "+"), 100*a.EA, 100*a.EACI.Lo, 100*a.EACI.Hi)
			if d := a.VsFull; d != nil {
				fmt.Fprintf(w, "  Δ %+.1f [%+.1f, %+.1f]", 100*d.EA, 100*d.CI.Lo, 100*d.CI.Hi)
			}
			fmt.Fprintln(w)
		}
		for _, name := range slices.Sorted(maps.Keys(r.AblationsSkipped)) {
			fmt.Fprintf(w, "    %-22s not run: %s\n", name, r.AblationsSkipped[name])
		}
	}
	fmt.Fprintf(w, "  %s\n", qa.IntervalNote)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// preparedPipeline builds a pipeline over coll with opts and prepares
// its indexes; on failure it reports the error and returns the exit
// status (exitUsage for a configuration error, exitFail otherwise).
func (b *benchRun) preparedPipeline(ctx context.Context, coll *kg.Collection, opts []schemaforge.Option) (*schemaforge.Pipeline, int) {
	p, err := schemaforge.New(coll, opts...)
	if err != nil {
		b.stderr("%v", err)
		return nil, exitUsage
	}
	if err := p.Prepare(ctx); err != nil {
		b.stderr("%v", err)
		return nil, exitFail
	}
	return p, exitOK
}

// endpointStats sums what the HTTP endpoints of coll's graphs did (queries
// sent, failures by status, the first error messages); false when no graph
// is behind an HTTP endpoint.
func endpointStats(coll *kg.Collection) (kg.HTTPStats, bool) {
	var st kg.HTTPStats
	seen := map[*kg.HTTPEndpoint]bool{}
	for _, g := range coll.Graphs() {
		if h, ok := g.Endpoint.(*kg.HTTPEndpoint); ok && !seen[h] {
			seen[h] = true
			st.Add(h.Stats())
		}
	}
	return st, len(seen) > 0
}
