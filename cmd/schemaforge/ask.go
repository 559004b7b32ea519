package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/baselines"
	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/display"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
)

const askDescription = `
Ask answers a question over a collection of knowledge graphs: it
decomposes the question, routes each subgoal to the graphs whose schema
can realise it, synthesises SPARQL from skeletons grounded in each graph's
schema slice, verifies every candidate counterfactually, runs it and
integrates the accepted answers.

Without --graphs it uses the bundled demo collection (music, films,
football, cities); --examples prints example questions for the collection,
one per line. A question may have up to 2,000 characters (--max-question).
It prints the answer as a table, the SPARQL and the graph it ran on: IRIs
by their labels or names (looked up in the graph that gave them),
literals by their values. --trace adds every decision (allocation scores,
checks, repairs, perturbations and their Jaccard similarity); --json
prints the whole answer (the terms under "results", the names under
"names", the table as printed under "table").

No language model is needed. To use one, name it with --llm-model (or
SCHEMAFORGE_LLM_MODEL) and its server with --llm-base-url (any
OpenAI-compatible server: vLLM, llama.cpp, Ollama /v1…) or
--llm-provider ollama.`

// llmFlags are the language-model flags shared by ask, bench and serve.
type llmFlags struct {
	model, baseURL, provider, apiKey *string
	// fallback is "rules" to answer without the model when its server
	// cannot be reached; fellBack then says why, for the trace.
	fallback, fellBack *string
}

func addLLMFlags(fs interface {
	String(string, string, string) *string
}) llmFlags {
	return llmFlags{
		model:    fs.String("llm-model", "", "language model name (default $"+llm.EnvModel+"; none: no LLM)"),
		baseURL:  fs.String("llm-base-url", "", "OpenAI-compatible base URL (default $"+llm.EnvBaseURL+")"),
		provider: fs.String("llm-provider", "", "openai (any compatible server) or ollama (default $"+llm.EnvProvider+")"),
		apiKey:   fs.String("llm-api-key", "", "API key (default $"+llm.EnvAPIKey+")"),
		fallback: fs.String("llm-fallback", "", `"rules": answer without the language model when its server cannot be reached (default: that is an error)`),
		fellBack: new(string),
	}
}

// llmProbeTimeout bounds the check that a configured model's server
// answers.
const llmProbeTimeout = 10 * time.Second

// build returns the model the flags and environment name, or nil.
func (f llmFlags) build() (*llm.Model, error) {
	cfg, err := llm.ConfigFromEnv()
	if err != nil {
		return nil, err
	}
	if *f.model != "" {
		cfg.Model = *f.model
	}
	if *f.baseURL != "" {
		cfg.BaseURL = *f.baseURL
	}
	if *f.provider != "" {
		cfg.Provider = *f.provider
	}
	if *f.apiKey != "" {
		cfg.APIKey = *f.apiKey
	}
	if !cfg.Enabled() {
		return nil, nil
	}
	m, err := llm.New(cfg)
	if err != nil {
		return nil, err
	}
	// A model that was asked for and cannot be reached is an error, not
	// a silent answer by rules, unless --llm-fallback rules says so.
	ctx, cancel := context.WithTimeout(context.Background(), llmProbeTimeout)
	defer cancel()
	fb := strings.TrimSpace(*f.fallback)
	if fb != "" && fb != "rules" {
		return nil, fmt.Errorf("unknown --llm-fallback %q (want rules)", fb)
	}
	switch perr := m.Ping(ctx); {
	case perr == nil:
		return m, nil
	case fb == "rules":
		*f.fellBack = fmt.Sprintf("%v; answering without it (--llm-fallback rules)", perr)
		return nil, nil
	default:
		return nil, fmt.Errorf("%w (give --llm-fallback rules to answer without it)", perr)
	}
}

// traceNotes returns the pipeline options that note a fallback from the
// configured model in every answer's trace.
func (f llmFlags) traceNotes() []schemaforge.Option {
	if f.fellBack == nil || *f.fellBack == "" {
		return nil
	}
	return []schemaforge.Option{schemaforge.WithTraceNote(*f.fellBack)}
}

// pipelineFlags configure the pipeline for ask, bench and serve.
type pipelineFlags struct {
	graphs    *stringList
	cacheDir  *string
	ablations *stringList
	theta     *float64
	m         *int
	minConf   *float64
	threshold *float64
	llm       llmFlags
	// maxQuestion is ask's --max-question (nil for the commands that do
	// not have it: the pipeline keeps its default).
	maxQuestion *int
}

func addPipelineFlags(fs *flag.FlagSet) pipelineFlags {
	pf := pipelineFlags{graphs: &stringList{}, ablations: &stringList{}}
	fs.Var(pf.graphs, "graphs", "directory of RDF files or YAML/JSON collection config (repeatable; default: the bundled demo)")
	pf.cacheDir = fs.String("cache", "", "directory to cache graph summaries in")
	fs.Var(pf.ablations, "ablation", "switch a stage off: "+ablationNames()+" (repeatable)")
	pf.theta = fs.Float64("theta", 0, "verifier threshold θ (default 0.9)")
	pf.m = fs.Int("m", 0, "perturbations per candidate (default 8)")
	pf.minConf = fs.Float64("min-confidence", 0, "abstain when the answer's confidence is below this (default 0: always answer, marked verified or not)")
	pf.threshold = fs.Float64("confidence-threshold", 0, "least confidence of a verified answer (default: the confidence model's, chosen on train for 90% precision)")
	pf.llm = addLLMFlags(fs)
	return pf
}

func ablationNames() string {
	var s []string
	for _, a := range schemaforge.Ablations {
		s = append(s, string(a))
	}
	return strings.Join(s, ", ")
}

// collection opens the collection the flags name (the demo by default),
// summarised.
func (pf pipelineFlags) collection(ctx context.Context) (*kg.Collection, error) {
	if len(*pf.graphs) == 0 {
		return demo.Collection(ctx)
	}
	coll, err := openCollection(ctx, *pf.graphs, kg.LoadOptions{})
	if err != nil {
		return nil, err
	}
	so := kg.SummarizeOptions{}
	if *pf.cacheDir != "" {
		so.Cache = &kg.SummaryCache{Dir: *pf.cacheDir}
	}
	if err := coll.Summarize(ctx, so); err != nil {
		return nil, err
	}
	return coll, nil
}

// pipeline builds the pipeline over coll.
func (pf pipelineFlags) pipeline(coll *kg.Collection) (*schemaforge.Pipeline, error) {
	if *pf.minConf < 0 || *pf.minConf > 1 || *pf.threshold < 0 || *pf.threshold > 1 {
		return nil, fmt.Errorf("--min-confidence and --confidence-threshold are probabilities in [0, 1] (got %v and %v)", *pf.minConf, *pf.threshold)
	}
	cfg := schemaforge.Config{Theta: *pf.theta, M: *pf.m, MinConfidence: *pf.minConf, ConfidenceThreshold: *pf.threshold}
	if pf.maxQuestion != nil {
		cfg.MaxQuestion = *pf.maxQuestion
	}
	opts := []schemaforge.Option{schemaforge.WithConfig(cfg)}
	for _, a := range *pf.ablations {
		ab, err := schemaforge.ParseAblation(a)
		if err != nil {
			return nil, err
		}
		opts = append(opts, schemaforge.WithAblation(ab))
	}
	m, err := pf.llm.build()
	if err != nil {
		return nil, err
	}
	if m != nil {
		opts = append(opts, schemaforge.WithLLM(m))
	}
	opts = append(opts, pf.llm.traceNotes()...)
	return schemaforge.New(coll, opts...)
}

func runAsk(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "ask", "schemaforge ask [--graphs DIR|CONFIG] [--trace] [--json] [--examples] QUESTION…", askDescription)
	pf := addPipelineFlags(fs)
	trace := fs.Bool("trace", false, "print every decision")
	system := fs.String("system", "schemaforge", "schemaforge, or a baseline with the same LLM: vanilla or react")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON")
	examples := fs.Bool("examples", false, "print example questions for the collection, one per line")
	pf.maxQuestion = fs.Int("max-question", schemaforge.DefaultMaxQuestion, "longest question taken, in characters (0: the default; negative: no limit)")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if *pf.maxQuestion == 0 {
		*pf.maxQuestion = schemaforge.DefaultMaxQuestion
	}
	question := strings.TrimSpace(strings.Join(pos, " "))
	if limit := *pf.maxQuestion; limit >= 0 && utf8.RuneCountInString(question) > limit {
		// Said before the collection is loaded; the pipeline (and the
		// baselines, which have no limit of their own) never see it.
		fmt.Fprintf(e.stderr, "ask: the question is %d characters long, more than the limit of %d (--max-question; negative for no limit)\n",
			utf8.RuneCountInString(question), limit)
		return exitUsage
	}
	if *examples {
		if len(*pf.graphs) > 0 {
			return usageError(fs, "--examples lists the demo collection's questions; drop --graphs")
		}
		for _, q := range demo.Questions() {
			fmt.Fprintln(e.stdout, q)
		}
		return exitOK
	}
	if question == "" {
		return usageError(fs, "give the question (or --examples)")
	}
	if !slices.Contains(systems, *system) {
		return usageError(fs, "unknown --system %q (want %s)", *system, strings.Join(systems, ", "))
	}
	coll, err := pf.collection(ctx)
	if err != nil {
		fmt.Fprintf(e.stderr, "ask: %v\n", err)
		return exitFail
	}
	asker, err := pf.asker(*system, coll)
	if err != nil {
		fmt.Fprintf(e.stderr, "ask: %v\n", err)
		return exitUsage
	}
	ans, err := asker.Ask(ctx, question)
	if err != nil {
		fmt.Fprintf(e.stderr, "ask: %v\n", err)
		if ans == nil {
			return exitFail
		}
	}
	if *system != "schemaforge" && ans.HasAnswer() && ans.Names == nil {
		// A baseline's answer is named as the pipeline names its own.
		names, _, nerr := display.New(display.Config{}).Names(ctx, coll, ans)
		if nerr != nil {
			fmt.Fprintf(e.stderr, "ask: %v (those IRIs show as themselves)\n", nerr)
		}
		if len(names) > 0 {
			ans.Names = names
		}
	}
	if *asJSON {
		return writeJSONOut(e, "ask", ans)
	}
	printAnswer(e, ans, *trace)
	if ans.Results == nil {
		return exitFail
	}
	return exitOK
}

func printAnswer(e *env, ans *handoff.Answer, trace bool) {
	w := e.stdout
	switch {
	case ans.Results == nil && strings.HasPrefix(ans.NoAnswer, "abstained"):
		fmt.Fprintf(w, "No answer: %s\n", ans.NoAnswer)
	case ans.Results == nil:
		fmt.Fprintln(w, "No answer.")
		printReasons(e, ans)
	case ans.Verified:
		fmt.Fprintf(w, "Verified (confidence %.2f)\n\n", ans.Confidence)
	default:
		fmt.Fprintf(w, "Not verified (confidence %.2f): %s\n\n", ans.Confidence, firstReason(ans))
	}
	if ans.HasAnswer() {
		// The readable form: names for IRIs, values for literals.
		fmt.Fprint(w, ans.Table())
		if !ans.Results.IsAsk() {
			if n := len(ans.Results.Rows); n == 1 {
				fmt.Fprintln(w, "(1 row)")
			} else {
				fmt.Fprintf(w, "(%d rows)\n", n)
			}
		}
		for _, pv := range ans.Provenance {
			fmt.Fprintf(w, "\nFrom graph %s (subgoal %s):\n%s\n", pv.Graph, pv.Subgoal, strings.TrimRight(pv.Query, "\n"))
		}
		if !ans.Verified && len(ans.Reasons) > 0 {
			fmt.Fprintln(w, "\nWhy it is not verified:")
			for _, r := range ans.Reasons {
				fmt.Fprintf(w, "  - %s\n", r)
			}
		}
	}
	if trace && ans.Trace != nil {
		fmt.Fprintln(w, "\nTrace:")
		for _, ev := range ans.Trace.Events {
			var where []string
			if ev.Subgoal != "" {
				where = append(where, ev.Subgoal)
			}
			if ev.Graph != "" {
				where = append(where, ev.Graph)
			}
			loc := ""
			if len(where) > 0 {
				loc = " [" + strings.Join(where, " @ ") + "]"
			}
			fmt.Fprintf(w, "  %6dms %-10s%s %s%s\n", ev.Millis, ev.Stage, loc, ev.Message, numbers(ev.Numbers))
		}
	}
}

// firstReason is the most telling reason an answer is not verified: the
// first commitment its query missed, else the verifier's objection, else
// the confidence alone.
func firstReason(ans *handoff.Answer) string {
	for _, r := range ans.Reasons {
		if i := strings.Index(r, "the question names"); i >= 0 {
			return r[i:]
		}
	}
	for _, r := range ans.Reasons {
		if strings.Contains(r, "no candidate was accepted") {
			return r[strings.Index(r, ":")+2:]
		}
	}
	if len(ans.Reasons) > 0 {
		return ans.Reasons[0]
	}
	return "below the threshold"
}

// printReasons says why no candidate was accepted, per subgoal.
func printReasons(e *env, ans *handoff.Answer) {
	ids := make([]string, 0, len(ans.Records))
	for id := range ans.Records {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		for _, r := range ans.Records[id] {
			fmt.Fprintf(e.stdout, "  %s @ %s, candidate %d: %s\n", id, r.Candidate.Graph, r.Candidate.Rank, r.Reason)
		}
	}
}

func numbers(m map[string]float64) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%.3g", k, m[k])
	}
	return " (" + strings.Join(parts, " ") + ")"
}

// systems are the question-answering systems ask and bench can run.
var systems = []string{"schemaforge", "vanilla", "react"}

// answerer is what answers a question: the pipeline or a baseline.
type answerer interface {
	Ask(ctx context.Context, question string) (*handoff.Answer, error)
}

// asker builds the named system over coll: the pipeline, or a baseline
// with the same LLM configuration (baselines need a model and say so).
func (pf pipelineFlags) asker(system string, coll *kg.Collection) (answerer, error) {
	if system == "schemaforge" || system == "" {
		return pf.pipeline(coll)
	}
	m, err := pf.llm.build()
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("--system %s needs a language model: set --llm-model (and --llm-base-url or --llm-provider ollama) or $%s (and $%s): %w",
			system, llm.EnvModel, llm.EnvBaseURL, baselines.ErrNoModel)
	}
	switch system {
	case "vanilla":
		return baselines.NewVanilla(m, coll, baselines.VanillaOptions{Decomposer: decomposer.NewRules()}), nil
	case "react":
		return baselines.NewReAct(m, coll, baselines.ReActOptions{}), nil
	}
	return nil, fmt.Errorf("unknown system %q (want %s)", system, strings.Join(systems, ", "))
}
