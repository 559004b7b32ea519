package qa

import (
	"cmp"
	"context"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/llm"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Asker answers questions: a *schemaforge.Pipeline, or anything else to
// measure the same way.
type Asker interface {
	Ask(ctx context.Context, question string) (*handoff.Answer, error)
}

// MaxK is the largest k of the allocation Top-k curve.
const MaxK = 10

// Options configures [Run].
type Options struct {
	// Concurrency bounds the questions asked at once (default 2).
	Concurrency int
	// Model, when set, is the language model the asker uses: its usage
	// over the run gives the LLM calls and tokens per question.
	Model *llm.Model
	// Progress, when set, receives the run's progress: with ProgressBar a
	// bar rewritten in place (github.com/schollz/progressbar) with the
	// count, EA so far, the rate and the ETA, for a terminal; without, a
	// plain line every ProgressEvery questions and after the last
	// ("  25/577 questions  EA 31.0%  1.90 questions/s  ETA 4m50s"), for
	// a log.
	Progress io.Writer
	// ProgressBar draws the bar (set it when Progress is a terminal).
	ProgressBar bool
	// ProgressEvery is how many questions apart the plain lines are
	// (default [DefaultProgressEvery]).
	ProgressEvery int
	// Items keeps every question's result in the report.
	Items bool
}

// Item is the outcome of one question.
type Item struct {
	ID        string `json:"id"`
	Question  string `json:"question"`
	Operation string `json:"operation"`
	Graph     string `json:"graph,omitempty"` // the gold graph
	// Query is the first produced query ([ProducedQueries]); Queries how
	// many there are; Parsed whether all of them parse.
	Query   string `json:"query,omitempty"`
	Queries int    `json:"queries"`
	Parsed  bool   `json:"parsed"`
	// NoQuery says why no query was produced ([NoQueryReason]).
	NoQuery string `json:"no_query,omitempty"`
	// Answered is true when the answer has results.
	Answered bool `json:"answered"`
	// Confidence and Verified are the answer's ([handoff.Answer]): the
	// probability that it is right and whether it reaches the pipeline's
	// threshold. 0 and false when there is no answer (no answer at all, or
	// one without results: Results nil).
	Confidence float64 `json:"confidence"`
	Verified   bool    `json:"verified"`
	// Gold is true when the question has a gold answer (EA, MF1, F1 and
	// NDCG are scored only then).
	Gold bool    `json:"gold"`
	EA   bool    `json:"ea"`
	MF1  float64 `json:"mf1"`
	F1   float64 `json:"f1"`
	// NDCG is set for questions whose order matters.
	NDCG *float64 `json:"ndcg,omitempty"`
	// TriplesHit, TriplesGold and TriplesProduced are TF1's counts
	// (TriplesGold is -1 when the gold query does not parse).
	TriplesHit      int `json:"triples_hit"`
	TriplesGold     int `json:"triples_gold"`
	TriplesProduced int `json:"triples_produced"`
	// Rank is the rank of the gold graph in the allocation of the final
	// subgoal (1-based; 0 when it was not among the ranks recorded).
	Rank int `json:"rank"`
	// AnswerGraphs are the graphs of the answer's provenance, in its
	// order (empty without an answer).
	AnswerGraphs []string `json:"answer_graphs,omitempty"`
	// Records counts the verified candidates, Rejected those rejected
	// (by the verifier, or because they failed to run), SetAside those
	// accepted but set aside by the pipeline because a better-scored
	// graph answered, Repaired those with deterministic repairs.
	Records  int     `json:"records"`
	Rejected int     `json:"rejected"`
	SetAside int     `json:"set_aside,omitempty"`
	Repaired int     `json:"repaired"`
	Millis   float64 `json:"ms"`
	Error    string  `json:"error,omitempty"`
}

// OpStat is the EA of one gold operation.
type OpStat struct {
	N       int     `json:"n"`
	Correct int     `json:"correct"`
	EA      float64 `json:"ea"`
	// EACI is the 95 % bootstrap interval of EA ([ShareCI]).
	EACI Interval `json:"ea_ci"`
}

// Report sums a run. Shares are in [0, 1].
type Report struct {
	Dataset string `json:"dataset,omitempty"`
	// N counts the questions asked; NGold those with a gold answer (the
	// denominator of EA, MF1 and F1); NGraph those with a gold graph (of
	// Top-k); NOrdered those whose order matters (of NDCG); NQuery those
	// with a gold query that parses (TF1 counts the others' produced
	// triples as false positives only).
	N        int `json:"n"`
	NGold    int `json:"n_gold"`
	NGraph   int `json:"n_graph"`
	NOrdered int `json:"n_ordered"`
	// EA is the share of questions whose answer set equals the gold one
	// after canonicalisation ([SameAnswers]; TEXT2SPARQL gold: the answer
	// values equal the relevant values).
	EA float64 `json:"ea"`
	// EACI is the 95 % percentile bootstrap interval of EA over the
	// questions with a gold answer ([ShareCI]: [BootstrapResamples]
	// resamples, seed [BootstrapSeed]).
	EACI Interval `json:"ea_ci"`
	// QSC is the share of questions for which the system produced a query
	// and every produced query parses.
	QSC float64 `json:"qsc"`
	// TF1 is the micro F1 of the produced queries' WHERE triple patterns
	// against the gold queries' ([TripleCounts]).
	TF1 float64 `json:"tf1"`
	// MF1 is the mean over questions of [RowF1].
	MF1 float64 `json:"mf1"`
	// F1 is the mean over questions of the TEXT2SPARQL set F1 of answer
	// values ([SetF1]); NDCG the mean of [NDCG] over ordered questions.
	F1   float64 `json:"f1"`
	NDCG float64 `json:"ndcg"`
	// Top1, Top3 and TopK[k-1] are the shares of questions with a gold
	// graph whose gold graph ranks in the first 1, 3 and k graphs of the
	// final subgoal's allocation.
	Top1 float64   `json:"top1"`
	Top3 float64   `json:"top3"`
	TopK []float64 `json:"top_k"`
	// Answered is the share of questions with results.
	Answered float64 `json:"answered"`
	// The figures of confidence, over the questions with a gold answer
	// (an unanswered one counts with confidence 0, not verified and not
	// right; right is EA). VerifiedPrecision is the share right among the
	// answers marked verified (0 when none is), VerifiedCoverage the share
	// of questions answered verified ([SelectivePrecision]).
	// PrecisionAtCoverage is the share right among the most confident
	// fraction c of the questions, by [CoverageKey] of each of
	// [Coverages] ("0.25", "0.5", "0.75", "1"; [PrecisionAtCoverage]);
	// AURC the area under the risk–coverage curve ([AURC]); ECE the
	// expected calibration error over [CalibrationBins] bins ([ECE]), and
	// Reliability those bins ([ReliabilityBins]). Ties of confidence are
	// broken by question ID.
	VerifiedPrecision   float64            `json:"verified_precision"`
	VerifiedCoverage    float64            `json:"verified_coverage"`
	PrecisionAtCoverage map[string]float64 `json:"precision_at_coverage"`
	AURC                float64            `json:"aurc"`
	ECE                 float64            `json:"ece"`
	// ECEIfCalibrated is the ECE a perfectly calibrated model would show
	// by chance on the same confidences ([CalibratedECE], 1,000 draws,
	// seed 1): how far ECE can be read at this number of questions.
	ECEIfCalibrated ECENoise         `json:"ece_if_calibrated"`
	Reliability     []ReliabilityBin `json:"reliability"`
	// RiskCoverage is the risk–coverage curve ([RiskCoverage]; point k-1
	// at coverage k/NGold), for the report's plot; not in JSON (one point
	// per question).
	RiskCoverage []float64 `json:"-"`
	// RejectRate is the share of verified candidates rejected, RepairRate
	// the share of verified candidates with repairs.
	RejectRate float64 `json:"reject_rate"`
	RepairRate float64 `json:"repair_rate"`
	// LLMCallsPerQuestion and TokensPerQuestion (input + output) come from
	// the model's usage over the run (0 without a model).
	LLMCallsPerQuestion float64 `json:"llm_calls_per_question"`
	TokensPerQuestion   float64 `json:"tokens_per_question"`
	// P50Ms and P95Ms are percentiles of the time to answer a question.
	P50Ms float64 `json:"p50_ms"`
	P95Ms float64 `json:"p95_ms"`
	// ByOperation is EA by the gold query's operation.
	ByOperation map[string]OpStat `json:"by_operation"`
	// Ablation lists the ablations of the pipeline measured (set by the
	// caller).
	Ablation []string `json:"ablation"`
	// NoQuery counts the questions without a produced query by reason
	// ([NoQueryReason]; "error" when the asker failed).
	NoQuery map[string]int `json:"no_query"`
	// Errors counts the questions the asker failed on.
	Errors      int     `json:"errors"`
	Concurrency int     `json:"concurrency"`
	Seconds     float64 `json:"seconds"`
	// Interrupted is set when the context ended before every question was
	// asked; the figures cover the questions answered.
	Interrupted bool `json:"interrupted,omitempty"`
	// Extra holds caller figures (pool, skipped questions…).
	Extra map[string]any `json:"extra,omitempty"`
	// Sweep holds the θ × m grid when one was run ([Sweep]).
	Sweep []SweepCell `json:"sweep,omitempty"`
	Items []Item      `json:"results,omitempty"`
	// Ablations holds, when several configurations were measured on the
	// same questions (bench --ablation all), the report of each ablation
	// beside this one, the full system's; [WriteReport] compares them.
	Ablations []*Report `json:"ablations,omitempty"`
	// AblationsSkipped names, with --ablation all, the ablations that
	// could not run, and why (one that needs a language model without
	// one).
	AblationsSkipped map[string]string `json:"ablations_skipped,omitempty"`
	// VsFull is, for the report of an ablation, its EA against the full
	// system's on the same questions ([Report.AddAblations]).
	VsFull *Difference `json:"vs_full,omitempty"`

	// gold holds the EA of each question with a gold answer by question
	// ID, for paired comparisons between reports ([Compare]).
	gold map[string]bool
}

// Run asks every question of qs, at most o.Concurrency at once, scores
// the answers and sums them up. Items come in the order of qs whatever
// the order of completion. When ctx ends, Run stops asking, and returns
// the report over the questions answered so far (Interrupted set) with
// ctx's error.
func Run(ctx context.Context, a Asker, qs []Question, o Options) (*Report, error) {
	conc := cmp.Or(o.Concurrency, 2)
	var before llm.Usage
	if o.Model != nil {
		before = o.Model.Usage()
	}
	start := time.Now()
	items := make([]Item, len(qs))
	done := make([]bool, len(qs))
	var (
		mu       sync.Mutex
		finished int
		correct  int
		wg       sync.WaitGroup
	)
	sem := make(chan struct{}, conc)
	prog := newProgress(o, len(qs))
loop:
	for i := range qs {
		select {
		case <-ctx.Done():
			break loop
		case sem <- struct{}{}:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			t0 := time.Now()
			ans, err := a.Ask(ctx, qs[i].Text)
			took := time.Since(t0)
			if err != nil && ctx.Err() != nil {
				return // not answered: the run was interrupted
			}
			it := Score(&qs[i], ans, err, took)
			mu.Lock()
			items[i], done[i] = it, true
			finished++
			if it.EA {
				correct++
			}
			prog.step(finished, correct)
			mu.Unlock()
		}()
	}
	wg.Wait()
	prog.finish()
	var kept []Item
	var latencies []time.Duration
	for i, ok := range done {
		if ok {
			kept = append(kept, items[i])
			latencies = append(latencies, time.Duration(items[i].Millis*float64(time.Millisecond)))
		}
	}
	r := Summarize(kept, latencies)
	r.Concurrency = conc
	r.Seconds = time.Since(start).Seconds()
	if o.Model != nil && r.N > 0 {
		u := o.Model.Usage()
		r.LLMCallsPerQuestion = float64(u.Calls+u.Failed-before.Calls-before.Failed) / float64(r.N)
		r.TokensPerQuestion = float64(u.InputTokens+u.OutputTokens-before.InputTokens-before.OutputTokens) / float64(r.N)
	}
	if !o.Items {
		r.Items = nil
	}
	if err := ctx.Err(); err != nil && len(kept) < len(qs) {
		r.Interrupted = true
		return r, err
	}
	return r, nil
}

// Summarize sums scored items into a report (latencies are the items'
// times to answer, for the percentiles).
func Summarize(items []Item, latencies []time.Duration) *Report {
	r := &Report{N: len(items), TopK: make([]float64, MaxK), ByOperation: map[string]OpStat{}, NoQuery: map[string]int{},
		Ablation: []string{}, Items: items, gold: map[string]bool{}}
	var right []bool
	opRight := map[string][]bool{}
	var hit, nGold, nProd, records, rejected, repaired, parsed, answered int
	var ndcg float64
	for _, it := range items {
		if it.Parsed {
			parsed++
		}
		if it.Answered {
			answered++
		}
		if it.Error != "" {
			r.Errors++
		}
		if it.NoQuery != "" {
			r.NoQuery[it.NoQuery]++
		}
		hit += it.TriplesHit
		nProd += it.TriplesProduced
		if it.TriplesGold > 0 {
			nGold += it.TriplesGold
		}
		records += it.Records
		rejected += it.Rejected
		repaired += it.Repaired
		if it.Graph != "" {
			r.NGraph++
			for k := it.Rank; it.Rank > 0 && k <= MaxK; k++ {
				r.TopK[k-1]++
			}
		}
		if !it.Gold {
			continue
		}
		r.NGold++
		r.gold[it.ID] = it.EA
		right = append(right, it.EA)
		opRight[it.Operation] = append(opRight[it.Operation], it.EA)
		op := r.ByOperation[it.Operation]
		op.N++
		if it.EA {
			r.EA++
			op.Correct++
		}
		r.ByOperation[it.Operation] = op
		r.MF1 += it.MF1
		r.F1 += it.F1
		if it.NDCG != nil {
			r.NOrdered++
			ndcg += *it.NDCG
		}
	}
	div := func(a float64, b int) float64 {
		if b == 0 {
			return 0
		}
		return a / float64(b)
	}
	r.EA, r.MF1, r.F1 = div(r.EA, r.NGold), div(r.MF1, r.NGold), div(r.F1, r.NGold)
	r.EACI = ShareCI(right)
	r.NDCG = div(ndcg, r.NOrdered)
	r.QSC, r.Answered = div(float64(parsed), r.N), div(float64(answered), r.N)
	r.TF1 = 0
	if hit > 0 {
		r.TF1 = f1(hit, nProd, nGold)
	}
	for k := range r.TopK {
		r.TopK[k] = div(r.TopK[k], r.NGraph)
	}
	r.Top1, r.Top3 = r.TopK[0], r.TopK[2]
	r.RejectRate, r.RepairRate = div(float64(rejected), records), div(float64(repaired), records)
	for k, op := range r.ByOperation {
		op.EA = div(float64(op.Correct), op.N)
		op.EACI = ShareCI(opRight[k])
		r.ByOperation[k] = op
	}
	r.P50Ms, r.P95Ms = percentile(latencies, 50), percentile(latencies, 95)
	summarizeConfidence(r, items)
	return r
}

// CalibrationBins is the number of equal-width bins of [Report.ECE] and
// [Report.Reliability].
const CalibrationBins = 10

// summarizeConfidence sets the figures of confidence of r from the items
// with a gold answer, taken in the order of their IDs so that ties of
// confidence are broken by ID.
func summarizeConfidence(r *Report, items []Item) {
	var gold []Item
	for _, it := range items {
		if it.Gold {
			gold = append(gold, it)
		}
	}
	slices.SortStableFunc(gold, func(a, b Item) int { return compareIDs(a.ID, b.ID) })
	conf := make([]float64, len(gold))
	right := make([]bool, len(gold))
	verified := make([]bool, len(gold))
	for i, it := range gold {
		// Score leaves an unanswered question at confidence 0, not
		// verified; it is not right either (EA needs results).
		conf[i], verified[i], right[i] = it.Confidence, it.Verified, it.EA
	}
	r.VerifiedPrecision, r.VerifiedCoverage = SelectivePrecision(verified, right)
	r.PrecisionAtCoverage = map[string]float64{}
	for _, c := range Coverages {
		r.PrecisionAtCoverage[CoverageKey(c)] = PrecisionAtCoverage(conf, right, c)
	}
	r.RiskCoverage = RiskCoverage(conf, right)
	r.AURC = AURC(conf, right)
	r.Reliability = ReliabilityBins(conf, right, CalibrationBins)
	r.ECE = BinnedECE(r.Reliability)
	r.ECEIfCalibrated = CalibratedECE(conf, CalibrationBins, 1000, 1)
}

// Score scores the answer to one question (err is the asker's error,
// took the time it took).
func Score(q *Question, ans *handoff.Answer, err error, took time.Duration) Item {
	it := Item{ID: q.ID, Question: q.Text, Graph: q.Graph, Operation: q.Operation, Gold: q.hasGold(),
		Millis: float64(took.Microseconds()) / 1000, TriplesGold: -1}
	if it.Operation == "" {
		it.Operation = "unknown"
		if q.Query != "" {
			it.Operation = GoldOperation(q.Query)
		}
	}
	var gold []string
	if q.Query != "" {
		if keys, ok := tripleKeys(q.Query); ok {
			gold, it.TriplesGold = keys, len(keys)
		}
	}
	if err != nil {
		it.Error = err.Error()
		it.NoQuery = "error"
	}
	var res *sparql.Results
	if ans != nil {
		res = ans.Results
		queries := ProducedQueries(ans)
		it.Queries = len(queries)
		it.Parsed = len(queries) > 0
		var produced []string
		for i, text := range queries {
			if i == 0 {
				it.Query = text
			}
			pq, perr := sparql.Parse(text)
			if perr != nil {
				it.Parsed = false
				continue
			}
			produced = append(produced, sparql.TripleKeys(pq)...)
		}
		it.TriplesHit, _, it.TriplesProduced = TripleCounts(gold, produced)
		if len(queries) == 0 {
			it.NoQuery = NoQueryReason(ans)
		}
		for _, id := range slices.Sorted(maps.Keys(ans.Records)) {
			for _, rec := range ans.Records[id] {
				it.Records++
				switch {
				case rec.SetAside || (!rec.Accepted && strings.HasPrefix(rec.Reason, setAsidePrefix)):
					it.SetAside++
				case !rec.Accepted:
					it.Rejected++
				}
				if len(rec.Candidate.Repairs) > 0 {
					it.Repaired++
				}
			}
		}
		if q.Graph != "" {
			it.Rank = GoldRank(ans, q.Graph)
		}
		for _, pv := range ans.Provenance {
			if !slices.Contains(it.AnswerGraphs, pv.Graph) {
				it.AnswerGraphs = append(it.AnswerGraphs, pv.Graph)
			}
		}
	}
	it.Answered = res != nil && (res.Boolean != nil || len(res.Rows) > 0)
	if res != nil {
		it.Confidence, it.Verified = ans.Confidence, ans.Verified
	}
	if !it.Gold {
		return it
	}
	rel := q.relevance()
	values := AnswerValues(res)
	if q.Answer != nil {
		it.EA = q.Right(res)
		it.MF1 = RowF1(q.Answer, res)
	} else if res != nil {
		// Judged values only (TEXT2SPARQL): the answer's values must be
		// the relevant ones.
		it.EA = SetF1(rel, values) == 1
		it.MF1 = SetF1(rel, values)
	}
	if res != nil {
		it.F1 = SetF1(rel, values)
	}
	if q.Ordered {
		v := 0.0
		if res != nil {
			v = NDCG(rel, values)
		}
		it.NDCG = &v
	}
	return it
}

// ProducedQueries returns the queries the system produced for an answer:
// for each subgoal with an accepted record used in the answer, the first
// one (the best graph's) in the provenance; when no record was accepted,
// the first verified candidate of each subgoal (by subgoal ID). Empty when
// no candidate reached the verifier.
func ProducedQueries(ans *handoff.Answer) []string {
	if ans == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range ans.Provenance {
		if !seen[p.Subgoal] && p.Query != "" {
			seen[p.Subgoal] = true
			out = append(out, p.Query)
		}
	}
	if len(out) > 0 {
		return out
	}
	ids := slices.Collect(maps.Keys(ans.Records))
	slices.SortFunc(ids, compareIDs)
	for _, id := range ids {
		for _, rec := range ans.Records[id] {
			if rec.Candidate.Query != "" {
				out = append(out, rec.Candidate.Query)
				break
			}
		}
	}
	return out
}

// compareIDs orders subgoal IDs naturally ("s2" before "s10").
func compareIDs(a, b string) int {
	na, ea := strconv.Atoi(strings.TrimLeft(a, "abcdefghijklmnopqrstuvwxyz"))
	nb, eb := strconv.Atoi(strings.TrimLeft(b, "abcdefghijklmnopqrstuvwxyz"))
	if ea == nil && eb == nil && na != nb {
		return cmp.Compare(na, nb)
	}
	return strings.Compare(a, b)
}

// The reasons of [NoQueryReason], from the pipeline's trace events.
const (
	NoQueryNoGraph      = "no graph selected"       // allocation selected no graph, or failed
	NoQuerySynthesis    = "synthesis failed"        // the synthesizer returned an error
	NoQueryNoCandidate  = "no candidate"            // the synthesizer returned no candidate
	NoQueryInadmissible = "no admissible candidate" // every candidate failed an admissibility check
	NoQueryUnknown      = "unknown"
)

// NoQueryReason says why an answer carries no query, from its trace: the
// furthest stage reached on any graph of any subgoal (an inadmissible
// candidate, then no candidate, then a failed synthesis, then no graph).
func NoQueryReason(ans *handoff.Answer) string {
	if ans == nil || ans.Trace == nil {
		return NoQueryUnknown
	}
	best, rank := NoQueryUnknown, 0
	note := func(reason string, r int) {
		if r > rank {
			best, rank = reason, r
		}
	}
	cands := map[[2]string]float64{} // (subgoal, graph) → candidates synthesised
	for _, ev := range ans.Trace.Events {
		at := [2]string{ev.Subgoal, ev.Graph}
		switch {
		case ev.Stage == "allocate" && (ev.Message == "no graph selected" || strings.HasPrefix(ev.Message, "allocation failed")):
			note(NoQueryNoGraph, 1)
		case ev.Stage == "synthesize" && strings.HasPrefix(ev.Message, "synthesis failed"):
			note(NoQuerySynthesis, 2)
		case ev.Stage == "synthesize" && ev.Numbers != nil && strings.HasSuffix(ev.Message, "candidate(s)"):
			cands[at] = ev.Numbers["candidates"]
			if cands[at] == 0 {
				note(NoQueryNoCandidate, 3)
			}
		case ev.Stage == "verify" && ev.Message == "no admissible candidate" && cands[at] > 0:
			note(NoQueryInadmissible, 4)
		}
	}
	return best
}

// setAsidePrefix starts the reason of a record the pipeline set aside
// (accepted, but from a graph that scored below the one that answered);
// answers decoded from older JSON have only the reason, not
// Record.SetAside.
const setAsidePrefix = "set aside:"

// rankPrefix starts the message of the pipeline's allocation trace
// events that give a graph's rank.
const rankPrefix = "rank "

// GoldRank returns the rank of graph gold (case-insensitively) in the
// allocation of the answer's final subgoal: from Answer.Allocations when
// the answer has them, else read from the trace's "allocate" events ("rank N" with the graph), 0 when it is not among
// them. The final subgoal is the one the integrator answered from (its
// "answer:" event), else the last subgoal with allocation events; when
// the final subgoal has none (a composed subgoal), the best rank of any
// subgoal counts.
func GoldRank(ans *handoff.Answer, gold string) int {
	if ans == nil {
		return 0
	}
	// The pipeline's allocation of the final subgoal, when the answer
	// carries it: every graph's rank.
	if ans.Decomposition != nil && len(ans.Decomposition.Subgoals) > 0 {
		if a := ans.Allocations[ans.Decomposition.Final().ID]; a != nil {
			for i, s := range a.Scores {
				if strings.EqualFold(s.Graph, gold) {
					return i + 1
				}
			}
			return 0
		}
	}
	if ans.Trace == nil {
		return 0
	}
	ranks := map[string]int{} // subgoal → rank of gold
	var subgoals []string
	final := ""
	for _, ev := range ans.Trace.Events {
		switch {
		case ev.Stage == "allocate" && strings.HasPrefix(ev.Message, rankPrefix):
			n, err := strconv.Atoi(strings.TrimPrefix(ev.Message, rankPrefix))
			if err != nil || n <= 0 {
				continue
			}
			if !slices.Contains(subgoals, ev.Subgoal) {
				subgoals = append(subgoals, ev.Subgoal)
			}
			if r := ranks[ev.Subgoal]; strings.EqualFold(ev.Graph, gold) && (r == 0 || n < r) {
				ranks[ev.Subgoal] = n
			}
		case ev.Stage == "integrate" && strings.HasPrefix(ev.Message, "answer:"):
			final = ev.Subgoal
		}
	}
	if len(subgoals) == 0 {
		return 0
	}
	if final == "" {
		slices.SortFunc(subgoals, compareIDs)
		final = subgoals[len(subgoals)-1]
	}
	if slices.Contains(subgoals, final) {
		return ranks[final]
	}
	best := 0
	for _, r := range ranks {
		if r > 0 && (best == 0 || r < best) {
			best = r
		}
	}
	return best
}
