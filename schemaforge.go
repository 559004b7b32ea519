// Package schemaforge answers natural-language questions over a collection
// of RDF knowledge graphs: it decomposes the question into subgoals, routes
// each subgoal to the graphs whose schema can realise it, synthesises
// SPARQL from typed skeletons grounded in each graph's schema slice,
// verifies every candidate counterfactually, runs it and integrates the
// accepted answers with their provenance.
//
//	p, err := schemaforge.Open(ctx, "graphs/") // a directory of RDF files, or a YAML/JSON config
//	if err != nil { … }
//	ans, err := p.Ask(ctx, "What is the average age of singers from France?")
//	if err != nil { … }
//	fmt.Print(ans.Table())            // names and values; ans.Results keeps the RDF terms
//	fmt.Println(ans.Verified, ans.Confidence, ans.Graph())
//	fmt.Println(ans.Query())          // the SPARQL ("" when there is no answer)
//
// [Open] loads the graphs, summarises them (caching the summaries on
// disk, [WithSummaryCache]) and returns a ready pipeline. To build the
// collection yourself, load it ([kg.Open], [kg.LoadDir], [kg.LoadConfig]),
// call [kg.Collection.Summarize] on it, then [New]: New needs summarised
// graphs. An answer's [handoff.Answer.Table] shows each IRI by its label
// or its class's naming attribute, looked up in the graph that gave it
// (Config.LabelLanguages), and each literal by its value.
//
// Every agent can be replaced ([WithDecomposer], [WithAllocator],
// [WithSynthesizer], [WithVerifier], [WithIntegrator]) and every stage can
// be switched off for ablations ([WithAblation]). Without a language model
// every agent works rule-based; [WithLLM] lets the decomposer and the
// synthesizer use one. The answer's Trace records every decision with its
// numbers.
package schemaforge

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/llm"
)

// Config holds the parameters of the pipeline. Zero fields take the
// defaults documented on each; [DefaultConfig] returns them filled in.
type Config struct {
	// K is the number of graphs the allocator's weak stage keeps
	// (default 60); KPrime the number of graphs selected per subgoal
	// (default 3); Tau the least final score of a selected graph
	// (default 0.15); Lambda the weight of the weak score (default 0.3);
	// AlphaP, AlphaT, AlphaC the weights of predicate coverage, type
	// coverage and compatibility (defaults 0.45, 0.35, 0.2).
	K, KPrime              int
	Tau, Lambda            float64
	AlphaP, AlphaT, AlphaC float64
	// M is the number of perturbations per candidate (default 8) and
	// Theta the largest mean Jaccard similarity of the perturbed answers
	// at which an answer is accepted (default 0.9).
	M     int
	Theta float64
	// B is the retry budget: how many admissible candidates of one graph
	// are verified, best first (default 3); of those accepted, the most
	// confident answers for the graph.
	B int
	// MaxCandidates caps the candidates synthesised per graph (default 6).
	MaxCandidates int
	// RankCount keeps the count that things are ranked by as a column
	// of the answer ("Which customer has the most orders?" → the
	// customer and the number of orders). Off by default: the question
	// asks for the customer, and the answer leaves the count out once
	// the query that computes it is verified (the queries are built,
	// verified and judged with the count either way). Spider4SPARQL's
	// gold queries, translated from SQL, project it; `schemaforge bench
	// spider4sparql` turns it on so as to compare like with like.
	RankCount bool
	// MergeRatio decides which selected graphs answer together: graphs
	// are tried best first, and after the first graph with an accepted
	// answer only those whose allocation score is at least MergeRatio
	// times the best one's still contribute (default 1: only graphs that
	// tie with the best; tuned on Spider4SPARQL train, where 0.8 and 0.95
	// lost 3.7 and 0.9 points of EA by merging answers of wrong graphs).
	// The later graphs still answer when the better ones have no accepted
	// answer.
	MergeRatio float64
	// Per-action timeouts: DecomposeTimeout (default 30 s, an LLM call),
	// AllocateTimeout (default 10 s), SynthesizeTimeout (default 30 s),
	// QueryTimeout for each query the verifier runs (default 10 s).
	DecomposeTimeout, AllocateTimeout, SynthesizeTimeout, QueryTimeout time.Duration
	// Concurrency bounds the subgoals and graphs worked on at once
	// (default 4).
	Concurrency int
	// ConfidenceThreshold is the least confidence of an answer marked
	// verified (default: the confidence model's threshold, chosen on
	// Spider4SPARQL train for 90% out-of-fold precision). Only answers
	// the verifier accepted can be verified; any other, and any below
	// the threshold, is returned not verified, with its reasons.
	ConfidenceThreshold float64
	// MinConfidence makes the pipeline abstain: an answer whose
	// confidence is below it is withheld (Results nil, NoAnswer says
	// why). Default 0: the best answer is always returned.
	MinConfidence float64
	// LabelLanguages are the preferred languages of the labels an
	// answer's IRIs are shown by ([handoff.Answer.Names]), best first, as
	// language ranges; "" stands for a label without language tag
	// (default [display.DefaultLanguages]: English, then untagged).
	// NoNames turns the look-up of names off: IRIs show as themselves.
	LabelLanguages []string
	NoNames        bool
	// MaxQuestion is the longest question Ask takes, in characters
	// (default [DefaultMaxQuestion], 2,000, the limit serve's handler
	// puts on a question too; negative: no limit). A longer question is
	// an error wrapping [ErrQuestionTooLong] that names the limit,
	// returned before any work: the rules do not answer questions of
	// that length better, and their cost grows with it.
	MaxQuestion int
}

// DefaultMaxQuestion is the default Config.MaxQuestion, in characters.
const DefaultMaxQuestion = 2000

// ErrQuestionTooLong is what the error of Ask wraps when the question is
// longer than Config.MaxQuestion.
var ErrQuestionTooLong = errors.New("question too long")

// CheckQuestionLength returns an error wrapping [ErrQuestionTooLong],
// naming both lengths, when question has more than max characters (runes);
// nil when it has no more, or max is negative (no limit). Ask applies it
// with Config.MaxQuestion; a caller can check a question the same way
// before building a pipeline.
func CheckQuestionLength(question string, max int) error {
	if max < 0 || len(question) <= max { // a rune is at least one byte
		return nil
	}
	if n := utf8.RuneCountInString(question); n > max {
		return fmt.Errorf("schemaforge: %w: %d characters, more than the limit of %d (Config.MaxQuestion)", ErrQuestionTooLong, n, max)
	}
	return nil
}

// DefaultConfig returns the default configuration.
func DefaultConfig() Config {
	return Config{}.withDefaults()
}

func (c Config) withDefaults() Config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	deff := func(v *float64, d float64) {
		if *v <= 0 {
			*v = d
		}
	}
	defd := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&c.K, 60)
	def(&c.KPrime, 3)
	deff(&c.Tau, 0.15)
	deff(&c.Lambda, 0.3)
	deff(&c.AlphaP, 0.45)
	deff(&c.AlphaT, 0.35)
	deff(&c.AlphaC, 0.2)
	def(&c.M, 8)
	deff(&c.Theta, 0.9)
	def(&c.B, 3)
	def(&c.MaxCandidates, 6)
	deff(&c.MergeRatio, 1.0)
	defd(&c.DecomposeTimeout, 30*time.Second)
	defd(&c.AllocateTimeout, 10*time.Second)
	defd(&c.SynthesizeTimeout, 30*time.Second)
	defd(&c.QueryTimeout, 10*time.Second)
	def(&c.Concurrency, 4)
	deff(&c.ConfidenceThreshold, confidence.Default().Threshold)
	if c.MaxQuestion == 0 {
		c.MaxQuestion = DefaultMaxQuestion
	}
	return c
}

// Ablation switches off one part of the method, for research.
type Ablation string

// The ablations.
const (
	// NoDecomposer passes the question on as one subgoal with no
	// requirements (only its words).
	NoDecomposer Ablation = "no-decomposer"
	// NoAllocator routes with BM25 over the whole pool instead of the
	// weak-to-strong allocator.
	NoAllocator Ablation = "no-allocator"
	// NoSkeletons lets the language model write the query under the
	// slice, without skeletons (needs [WithLLM]).
	NoSkeletons Ablation = "no-skeletons"
	// NoSymbolic drops symbolic validation: inadmissible candidates are
	// run anyway, and the verifier does not check the subgoal's
	// requirements or the grounding of empty answers.
	NoSymbolic Ablation = "no-symbolic"
	// NoCounterfactual accepts any non-empty answer without perturbing
	// the query.
	NoCounterfactual Ablation = "no-counterfactual"
	// NoVerifier accepts the best candidate of each graph as it is.
	NoVerifier Ablation = "no-verifier"
	// Monolithic answers the question as one subgoal with all the
	// requirements (no subgoal scheduling).
	Monolithic Ablation = "monolithic"
)

// Ablations lists every ablation.
var Ablations = []Ablation{NoDecomposer, NoAllocator, NoSkeletons, NoSymbolic, NoCounterfactual, NoVerifier, Monolithic}

// ParseAblation returns the ablation named s.
func ParseAblation(s string) (Ablation, error) {
	a := Ablation(strings.TrimSpace(s))
	if slices.Contains(Ablations, a) {
		return a, nil
	}
	names := make([]string, len(Ablations))
	for i, x := range Ablations {
		names[i] = string(x)
	}
	return "", fmt.Errorf("unknown ablation %q (want one of %s)", s, strings.Join(names, ", "))
}

// Option configures [New].
type Option func(*Pipeline)

// WithConfig sets the parameters (zero fields keep their defaults).
func WithConfig(c Config) Option { return func(p *Pipeline) { p.cfg = c } }

// WithDecomposer replaces the decomposer.
func WithDecomposer(d handoff.Decomposer) Option { return func(p *Pipeline) { p.dec = d } }

// WithAllocator replaces the allocator.
func WithAllocator(a handoff.Allocator) Option { return func(p *Pipeline) { p.alloc = a } }

// WithSynthesizer replaces the synthesizer.
func WithSynthesizer(s handoff.Synthesizer) Option { return func(p *Pipeline) { p.synth = s } }

// WithVerifier replaces the verifier.
func WithVerifier(v handoff.Verifier) Option { return func(p *Pipeline) { p.verif = v } }

// WithIntegrator replaces the integrator.
func WithIntegrator(i handoff.Integrator) Option { return func(p *Pipeline) { p.integ = i } }

// WithLLM makes the default decomposer and synthesizer use m (the
// decomposer falls back to rules, the synthesizer chooses among grounded
// candidates).
func WithLLM(m *llm.Model) Option { return func(p *Pipeline) { p.model = m } }

// WithConfidenceModel replaces the confidence model (default
// [confidence.Default]); the default ConfidenceThreshold becomes its
// threshold.
func WithConfidenceModel(m *confidence.Model) Option {
	return func(p *Pipeline) {
		if m != nil {
			p.conf = m
		}
	}
}

// WithAblation switches off parts of the method (repeatable).
func WithAblation(a ...Ablation) Option {
	return func(p *Pipeline) { p.ablations = append(p.ablations, a...) }
}

// WithTraceNote adds a note to the trace of every answer, first: what
// the caller decided about the pipeline's setup that a reader of the
// answer should know (the CLI notes that the configured language model
// could not be reached and the rules answered instead).
func WithTraceNote(note string) Option {
	return func(p *Pipeline) { p.notes = append(p.notes, note) }
}

// WithLogger sets the logger (default: discard).
func WithLogger(l *slog.Logger) Option {
	return func(p *Pipeline) {
		if l != nil {
			p.log = l
		}
	}
}
