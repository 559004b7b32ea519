package schemaforge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/schemaforge/go-schemaforge/allocator"
	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/display"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/integrator"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/synthesizer"
	"github.com/schemaforge/go-schemaforge/verifier"
)

// Pipeline answers questions over one collection. It is safe for
// concurrent use once built.
type Pipeline struct {
	coll      *kg.Collection
	cfg       Config
	dec       handoff.Decomposer
	alloc     handoff.Allocator
	synth     handoff.Synthesizer
	verif     handoff.Verifier
	integ     handoff.Integrator
	model     *llm.Model
	conf      *confidence.Model
	namer     *display.Namer
	ablations []Ablation
	log       *slog.Logger
	// open is what Open reads of the options.
	open openSettings
	// notes go into every answer's trace first (a language model that
	// could not be reached, and the rules answering instead).
	notes []string

	prepMu   sync.Mutex
	prepared bool
}

// New builds a pipeline over coll, whose graphs must be summarised
// ([kg.Collection.Summarize]: call it first, or use [Open], which loads
// and summarises); agents not given as options are the defaults,
// configured from the Config.
func New(coll *kg.Collection, opts ...Option) (*Pipeline, error) {
	if coll == nil || coll.Len() == 0 {
		return nil, errors.New("schemaforge: the collection has no graph")
	}
	for _, g := range coll.Graphs() {
		if g.Summary == nil {
			return nil, fmt.Errorf("schemaforge: graph %s has no summary: summarise the collection first", g.ID)
		}
	}
	p := &Pipeline{coll: coll, log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(p)
	}
	if p.conf == nil {
		p.conf = confidence.Default()
	} else if p.cfg.ConfidenceThreshold <= 0 {
		p.cfg.ConfidenceThreshold = p.conf.Threshold
	}
	p.cfg = p.cfg.withDefaults()
	c := p.cfg
	rulesDecomposer := false
	if p.dec == nil {
		switch {
		case p.ablated(NoDecomposer):
			p.dec = decomposer.Text{}
		case p.model != nil:
			p.dec = decomposer.NewLLM(p.model, decomposer.WithLogger(p.log))
		default:
			rulesDecomposer = true
		}
	}
	if p.alloc == nil {
		if p.ablated(NoAllocator) {
			p.alloc = &allocator.BM25{KPrime: c.KPrime}
		} else {
			p.alloc = allocator.New(allocator.Config{K: c.K, KPrime: c.KPrime, Tau: c.Tau, Lambda: c.Lambda,
				AlphaP: c.AlphaP, AlphaT: c.AlphaT, AlphaC: c.AlphaC, Logger: p.log})
		}
	}
	if rulesDecomposer {
		// The rules read a name with small words in it ("Paper Cranes
		// at Dawn") as the value of a graph it is, searched in the
		// allocator's value indexes.
		var opts []decomposer.Option
		if al, ok := p.alloc.(*allocator.Allocator); ok {
			opts = append(opts, decomposer.WithNameLinker(decomposer.SearchersLinker(func(ctx context.Context) (map[string]kg.TextSearcher, error) {
				return al.ValueSearchers(ctx, coll)
			})))
		}
		p.dec = decomposer.NewRules(opts...)
	}
	if p.synth == nil {
		rules := synthesizer.New(synthesizer.Config{MaxCandidates: c.MaxCandidates, Logger: p.log})
		switch {
		case p.ablated(NoSkeletons):
			if p.model == nil {
				return nil, errors.New("schemaforge: the no-skeletons ablation needs a language model (WithLLM; on the command line --llm-model or SCHEMAFORGE_LLM_MODEL)")
			}
			p.synth = synthesizer.NewLLM(p.model, synthesizer.ModeGenerate, c.B-1, rules)
		case p.model != nil:
			p.synth = synthesizer.NewLLM(p.model, synthesizer.ModeChoose, c.B-1, rules)
		default:
			p.synth = rules
		}
	}
	if p.verif == nil {
		p.verif = verifier.New(verifier.Config{Theta: c.Theta, M: c.M, Timeout: c.QueryTimeout,
			NoCounterfactual: p.ablated(NoCounterfactual), NoRequirements: p.ablated(NoSymbolic)})
	}
	if p.integ == nil {
		p.integ = integrator.New(integrator.Config{Collection: coll})
	}
	if !c.NoNames {
		p.namer = display.New(display.Config{Languages: c.LabelLanguages, Timeout: c.QueryTimeout})
	}
	return p, nil
}

// Prepare builds what the agents need before the first question (the
// allocator's retrieval index and value indexes, queried through the
// graphs' endpoints). Ask calls it when needed; calling it first moves
// that cost out of the first question. A failed preparation is retried
// by the next call.
func (p *Pipeline) Prepare(ctx context.Context) error {
	p.prepMu.Lock()
	defer p.prepMu.Unlock()
	if p.prepared {
		return nil
	}
	if pr, ok := p.alloc.(interface {
		Prepare(context.Context, *kg.Collection) error
	}); ok {
		if err := pr.Prepare(ctx, p.coll); err != nil {
			return fmt.Errorf("schemaforge: prepare the allocator: %w", err)
		}
	}
	p.prepared = true
	return nil
}

// Config returns the pipeline's configuration, defaults filled in.
func (p *Pipeline) Config() Config { return p.cfg }

// Collection returns the collection the pipeline answers over.
func (p *Pipeline) Collection() *kg.Collection { return p.coll }

func (p *Pipeline) ablated(a Ablation) bool { return slices.Contains(p.ablations, a) }

// tracer collects events from concurrent workers.
type tracer struct {
	mu     sync.Mutex
	start  time.Time
	events []handoff.Event
}

func (t *tracer) add(e handoff.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e.Millis = time.Since(t.start).Milliseconds()
	t.events = append(t.events, e)
}

// child returns a tracer for one concurrent worker: its events join the
// parent's by merge, in an order fixed by the caller, so that the trace
// does not depend on scheduling.
func (t *tracer) child() *tracer { return &tracer{start: t.start} }

// merge appends the events of children, in order.
func (t *tracer) merge(children ...*tracer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range children {
		if c == nil {
			continue
		}
		c.mu.Lock()
		t.events = append(t.events, c.events...)
		c.mu.Unlock()
	}
}

// Ask answers question. The error is non-nil only when the question
// cannot be worked on at all (longer than Config.MaxQuestion, blank,
// decomposition failed, ctx done); a question with no verified answer
// gives an Answer with nil Results and the reasons in its records and
// trace.
func (p *Pipeline) Ask(ctx context.Context, question string) (*handoff.Answer, error) {
	if err := CheckQuestionLength(question, p.cfg.MaxQuestion); err != nil {
		return nil, err
	}
	if err := p.Prepare(ctx); err != nil {
		return nil, err
	}
	tr := &tracer{start: time.Now()}
	for _, n := range p.notes {
		tr.add(handoff.Event{Stage: "llm", Message: n})
	}
	// Every model call of this question goes into the trace with its
	// tokens.
	var calls, input, output int
	var callMu sync.Mutex
	ctx = llm.WithCallRecorder(ctx, func(c llm.Call) {
		callMu.Lock()
		calls, input, output = calls+1, input+c.InputTokens, output+c.OutputTokens
		callMu.Unlock()
		msg := c.Model + " call"
		if c.Err != nil {
			msg += " failed: " + c.Err.Error()
		}
		if c.Estimated {
			msg += " (tokens estimated)"
		}
		tr.add(handoff.Event{Stage: "llm", Message: msg, Numbers: map[string]float64{"input_tokens": float64(c.InputTokens), "output_tokens": float64(c.OutputTokens), "ms": float64(c.Millis)}})
	})
	dctx, cancel := context.WithTimeout(ctx, p.cfg.DecomposeTimeout)
	d, err := p.dec.Decompose(dctx, question)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("schemaforge: decompose %q: %w", question, err)
	}
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("schemaforge: decomposition of %q: %w", question, err)
	}
	if p.ablated(Monolithic) && len(d.Subgoals) > 1 {
		m := d.Merged()
		m.ID, m.DependsOn = "s1", nil
		d = &handoff.Decomposition{Question: d.Question, Source: d.Source, Notes: append(slices.Clone(d.Notes), "monolithic: subgoals merged into one"), Subgoals: []handoff.Subgoal{m}}
	}
	tr.add(handoff.Event{Stage: "decompose", Message: fmt.Sprintf("%d subgoal(s) by %s", len(d.Subgoals), d.Source),
		Numbers: map[string]float64{"subgoals": float64(len(d.Subgoals))}})
	for _, n := range d.Notes {
		tr.add(handoff.Event{Stage: "decompose", Message: n})
	}

	records := map[string][]handoff.Record{}
	allocations := map[string]*handoff.Allocation{}
	var mu sync.Mutex
	done := map[string]bool{}
	// Subgoals run in waves: each wave holds the subgoals whose
	// dependencies are answered; a wave's subgoals run concurrently.
	for len(done) < len(d.Subgoals) {
		var wave []*handoff.Subgoal
		for i := range d.Subgoals {
			sg := &d.Subgoals[i]
			if done[sg.ID] {
				continue
			}
			ready := true
			for _, dep := range sg.DependsOn {
				ready = ready && done[dep]
			}
			if ready {
				wave = append(wave, sg)
			}
		}
		if len(wave) == 0 {
			return nil, fmt.Errorf("schemaforge: decomposition of %q has a dependency cycle", question)
		}
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(p.cfg.Concurrency)
		traces := make([]*tracer, len(wave))
		for i, sg := range wave {
			deps := map[string][]handoff.Record{}
			mu.Lock()
			for _, dep := range sg.DependsOn {
				deps[dep] = records[dep]
			}
			mu.Unlock()
			traces[i] = tr.child()
			sub := traces[i]
			g.Go(func() error {
				recs, alloc, err := p.solve(gctx, sg, deps, sub)
				if err != nil {
					return err
				}
				mu.Lock()
				records[sg.ID] = recs
				if alloc != nil {
					allocations[sg.ID] = alloc
				}
				mu.Unlock()
				return nil
			})
		}
		err := g.Wait()
		tr.merge(traces...)
		if err != nil {
			return nil, fmt.Errorf("schemaforge: answer %q: %w", question, err)
		}
		for _, sg := range wave {
			done[sg.ID] = true
		}
	}
	if p.model != nil {
		callMu.Lock()
		tr.add(handoff.Event{Stage: "llm", Message: fmt.Sprintf("%s: %d call(s) for this question", p.model.Name(), calls),
			Numbers: map[string]float64{"calls": float64(calls), "input_tokens": float64(input), "output_tokens": float64(output)}})
		callMu.Unlock()
	}
	ans, err := p.integ.Integrate(ctx, d, records)
	if err != nil {
		return nil, fmt.Errorf("schemaforge: integrate the answers to %q: %w", question, err)
	}
	if ans.Trace == nil {
		ans.Trace = &handoff.Trace{}
	}
	integrated := ans.Trace.Events
	ans.Trace.Started = tr.start
	ans.Trace.Events = append(tr.events, integrated...)
	ans.Question = question
	ans.Decomposition = d
	ans.Allocations = allocations
	p.judge(ans)
	if !p.cfg.RankCount {
		leaveOutRankCount(ans)
	}
	p.name(ctx, ans)
	return ans, nil
}

// name sets the display names of the answer's IRIs ([handoff.Answer.Names])
// through the graphs they came from, and notes in the trace how many
// were found; a failed look-up is noted, not fatal: those IRIs show as
// themselves.
func (p *Pipeline) name(ctx context.Context, ans *handoff.Answer) {
	if p.namer == nil || !ans.HasAnswer() {
		return
	}
	names, st, err := p.namer.Names(ctx, p.coll, ans)
	if len(names) > 0 {
		ans.Names = names
	}
	if st.IRIs == 0 && err == nil {
		return
	}
	msg := fmt.Sprintf("display names: %d of %d IRIs named (%d from the cache, %d queries)", st.Named, st.IRIs, st.Cached, st.Queries)
	if st.Capped > 0 {
		msg += fmt.Sprintf("; %d beyond the cap not looked up", st.Capped)
	}
	if err != nil {
		msg += "; look-ups failed, those IRIs show as themselves: " + err.Error()
	}
	ans.Trace.Add(handoff.Event{Stage: "integrate", Message: msg, Numbers: map[string]float64{
		"iris": float64(st.IRIs), "named": float64(st.Named), "cached": float64(st.Cached), "queries": float64(st.Queries)}})
}

// judge sets the answer's confidence, verdict and reasons from the
// records it is built from: the confidence of the record each subgoal
// used (its accepted or fallback record), for several subgoals their
// calibrated product (confidence.Model.Combine). Below MinConfidence the
// answer is withheld.
func (p *Pipeline) judge(ans *handoff.Answer) {
	if ans.Results == nil {
		ans.Confidence, ans.Verified = 0, false
		return
	}
	var confs []float64
	accepted := true
	var reasons []string
	for _, sg := range ans.Decomposition.Subgoals {
		recs := ans.Records[sg.ID]
		best := mostConfident(recs, func(r *handoff.Record) bool { return (r.Accepted || r.Fallback) && r.Results != nil })
		if best < 0 {
			continue
		}
		r := recs[best]
		confs = append(confs, r.Confidence)
		if !r.Accepted {
			accepted = false
			// The rejection names the missed commitments.
			reasons = append(reasons, fmt.Sprintf("%s: no candidate was accepted; the best one was rejected: %s", sg.ID, r.Reason))
			continue
		}
		// Accepted with misses only when the checks are ablated.
		for _, m := range verifier.Missed(r.Commitments) {
			reasons = append(reasons, sg.ID+": "+m)
		}
		// Another graph of the collection answers too, differently,
		// and the model finds that answer as likely right as wrong or
		// more: which graph the question means is routing's guess, not
		// something verified.
		if o := contested(recs, &r); o != nil {
			accepted = false
			reasons = append(reasons, fmt.Sprintf("%s: graph %s also answers, differently (%d rows, confidence %.2f); the answer is %s's", sg.ID, o.Candidate.Graph, o.Rows, o.Confidence, r.Candidate.Graph))
		}
	}
	conf := p.conf.Combine(confs)
	ans.Confidence = conf
	// Verified takes both: the verifier accepted the answer of every
	// subgoal, and the confidence reaches the threshold. A rejected
	// candidate answering anyway is never verified, however likely the
	// model finds it.
	ans.Verified = accepted && conf >= p.cfg.ConfidenceThreshold
	if !ans.Verified {
		if conf < p.cfg.ConfidenceThreshold {
			reasons = append([]string{fmt.Sprintf("confidence %.2f is below the threshold %.2f", conf, p.cfg.ConfidenceThreshold)}, reasons...)
		}
		ans.Reasons = reasons
	}
	ans.Trace.Add(handoff.Event{Stage: "integrate", Message: fmt.Sprintf("confidence %.3f (threshold %.2f): %s", conf, p.cfg.ConfidenceThreshold, verdictWord(ans.Verified)),
		Numbers: map[string]float64{"confidence": conf, "threshold": p.cfg.ConfidenceThreshold}})
	if p.cfg.MinConfidence > 0 && conf < p.cfg.MinConfidence {
		ans.NoAnswer = fmt.Sprintf("abstained: the answer's confidence %.2f is below the minimum %.2f (%s)", conf, p.cfg.MinConfidence, strings.Join(ans.Reasons, "; "))
		ans.Results, ans.RowSources, ans.Verified = nil, nil, false
		ans.Trace.Add(handoff.Event{Stage: "integrate", Message: ans.NoAnswer})
	}
}

// contestedConfidence is the least confidence of another graph's answer
// that contests the one used (see [contested]): as likely right as wrong.
const contestedConfidence = 0.5

// contested returns a record of another graph than used's that the
// verifier accepted but the pipeline set aside, with a non-empty answer
// other than used's and a confidence of at least contestedConfidence; nil
// when there is none.
func contested(recs []handoff.Record, used *handoff.Record) *handoff.Record {
	for i := range recs {
		o := &recs[i]
		if !o.SetAside || o.Candidate.Graph == used.Candidate.Graph || o.Results == nil || o.Rows == 0 || o.Confidence < contestedConfidence {
			continue
		}
		if !maps.Equal(o.Results.ValueRows(), used.Results.ValueRows()) {
			return o
		}
	}
	return nil
}

func verdictWord(verified bool) string {
	if verified {
		return "verified"
	}
	return "not verified"
}

// solve answers one subgoal: allocate, then per selected graph
// (concurrently) synthesise and verify the best candidates within the
// retry budget, the most confident accepted one answering for the graph.
func (p *Pipeline) solve(ctx context.Context, sg *handoff.Subgoal, deps map[string][]handoff.Record, tr *tracer) ([]handoff.Record, *handoff.Allocation, error) {
	// A set operation over other subgoals ("in both X and Y") is their
	// answers intersected, joined or subtracted by the integrator; a
	// query of its own would drop the operands' conditions.
	if op := sg.SetOperation(); op != "" && len(sg.DependsOn) >= 2 {
		tr.add(handoff.Event{Stage: "synthesize", Subgoal: sg.ID, Message: fmt.Sprintf("composed by %s from %s: no query of its own", op, strings.Join(sg.DependsOn, ", "))})
		return nil, nil, nil
	}
	actx, cancel := context.WithTimeout(ctx, p.cfg.AllocateTimeout)
	a, err := p.alloc.Allocate(actx, sg, p.coll)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		tr.add(handoff.Event{Stage: "allocate", Subgoal: sg.ID, Message: "allocation failed: " + err.Error()})
		return nil, nil, nil
	}
	for i, s := range a.Scores {
		if i == 5 {
			break
		}
		tr.add(handoff.Event{Stage: "allocate", Subgoal: sg.ID, Graph: s.Graph, Message: fmt.Sprintf("rank %d", i+1),
			Numbers: map[string]float64{"final": s.Final, "weak": s.Weak, "strong": s.Strong, "cov_p": s.PredicateCoverage, "cov_t": s.TypeCoverage, "compat": s.Compatibility}})
	}
	for _, n := range a.Notes {
		tr.add(handoff.Event{Stage: "allocate", Subgoal: sg.ID, Message: n})
	}
	if len(a.Selected) == 0 {
		tr.add(handoff.Event{Stage: "allocate", Subgoal: sg.ID, Message: "no graph selected"})
		return nil, a, nil
	}
	// Graphs run concurrently; their answers are used best first: the
	// first graph with an accepted answer, and the graphs that scored
	// nearly as well (MergeRatio), whose answers the integrator merges;
	// unless a later graph's accepted answer is more confident by
	// rankMargin: then it alone answers ("How many members have the
	// black membership card?": the graph whose members have a
	// membership_card holding "Black", not the one that ranked a hair
	// higher and counts every member).
	results := make([][]handoff.Record, len(a.Selected))
	traces := make([]*tracer, len(a.Selected))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.cfg.Concurrency)
	for i, id := range a.Selected {
		graph, ok := p.coll.Graph(id)
		if !ok || i >= len(a.Slices) {
			continue
		}
		slice := a.Slices[i]
		traces[i] = tr.child()
		sub := traces[i]
		cx := allocContext(a, id)
		g.Go(func() error {
			recs, err := p.onGraph(gctx, sg, slice, graph, deps, cx, sub)
			results[i] = recs
			return err
		})
	}
	err = g.Wait()
	tr.merge(traces...)
	if err != nil {
		return nil, nil, err
	}
	score := func(id string) float64 {
		if s, ok := a.Score(id); ok {
			return s.Final
		}
		return 0
	}
	// An empty answer yields to a graph that scored nearly as well and
	// found rows ("Which stadiums can seat over 65,000?": none in a graph
	// whose stadiums have a capacity percentage, four in one whose
	// stadiums have a capacity).
	if i, j, ok := emptyYields(results, a.Selected, score); ok {
		for k := range results[i] {
			if r := &results[i][k]; r.Accepted {
				r.Accepted, r.SetAside = false, true
				r.Reason = fmt.Sprintf("set aside: an empty answer, and graph %s, which scored %.3f (at least %.2f × %.3f), found rows", a.Selected[j], score(a.Selected[j]), emptyYield, score(a.Selected[i]))
				tr.add(handoff.Event{Stage: "integrate", Subgoal: sg.ID, Graph: a.Selected[i], Message: r.Reason})
			}
		}
	}
	var out []handoff.Record
	best := -1.0
	lead := moreConfidentGraph(results, rankMargin)
	if lead >= 0 {
		best = score(a.Selected[lead])
	}
	for i, recs := range results {
		accepted := slices.ContainsFunc(recs, func(r handoff.Record) bool { return r.Accepted })
		switch {
		case !accepted || i == lead:
			out = append(out, recs...)
		case lead >= 0:
			for _, r := range recs {
				if r.Accepted {
					r.Accepted, r.SetAside = false, true
					r.Reason = fmt.Sprintf("set aside: graph %s's accepted answer is more confident by at least %.2f", a.Selected[lead], rankMargin)
					tr.add(handoff.Event{Stage: "integrate", Subgoal: sg.ID, Graph: a.Selected[i], Message: r.Reason})
				}
				out = append(out, r)
			}
		case best < 0:
			best = score(a.Selected[i])
			out = append(out, recs...)
		case score(a.Selected[i]) >= p.cfg.MergeRatio*best:
			out = append(out, recs...)
		default:
			// Keep the records for the trace, without their verdict.
			for _, r := range recs {
				if r.Accepted {
					r.Accepted, r.SetAside = false, true
					r.Reason = fmt.Sprintf("set aside: graph %s scored %.3f, below %.2f × %.3f of the graph that answered", a.Selected[i], score(a.Selected[i]), p.cfg.MergeRatio, best)
					tr.add(handoff.Event{Stage: "integrate", Subgoal: sg.ID, Graph: a.Selected[i], Message: r.Reason})
				}
				out = append(out, r)
			}
		}
	}
	p.outranked(sg, out, tr)
	p.fallback(sg, out, tr)
	return out, a, nil
}

// moreConfidentGraph returns the index of the graph (of results, in
// allocation order) whose most confident accepted answer is the most
// confident of all and more confident, by at least margin, than the
// first graph's with an accepted answer; -1 when there is none.
func moreConfidentGraph(results [][]handoff.Record, margin float64) int {
	conf := func(recs []handoff.Record) float64 {
		if i := mostConfident(recs, func(r *handoff.Record) bool { return r.Accepted }); i >= 0 {
			return recs[i].Confidence
		}
		return -1
	}
	first := slices.IndexFunc(results, func(recs []handoff.Record) bool { return conf(recs) >= 0 })
	if first < 0 {
		return -1
	}
	lead, at := -1, conf(results[first])+margin
	for j := first + 1; j < len(results); j++ {
		if c := conf(results[j]); c >= at {
			lead, at = j, c
		}
	}
	return lead
}

// emptyYields reports whether the first graph with an accepted answer
// (i) has only empty ones while a later graph j, scored at least
// emptyYield times as well, has an accepted answer with rows.
func emptyYields(results [][]handoff.Record, selected []string, score func(string) float64) (i, j int, ok bool) {
	nonEmpty := func(recs []handoff.Record) bool {
		return slices.ContainsFunc(recs, func(r handoff.Record) bool { return r.Accepted && r.Rows > 0 })
	}
	for i, recs := range results {
		if !slices.ContainsFunc(recs, func(r handoff.Record) bool { return r.Accepted }) {
			continue
		}
		if nonEmpty(recs) {
			return 0, 0, false
		}
		for j := i + 1; j < len(results) && j < len(selected); j++ {
			if nonEmpty(results[j]) && score(selected[j]) >= emptyYield*score(selected[i]) {
				return i, j, true
			}
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// emptyYield is how close (as a share of its allocation score) another
// selected graph must score for its non-empty accepted answer to be used
// instead of the first accepted answer when that one is empty.
const emptyYield = 0.95

// outranked sets the accepted records of a subgoal aside when a record
// the verifier rejected is more confident, even as a fallback, than every
// accepted one: an accepted answer the confidence model all but rules out
// ("the names of phones priced above 50" for a question about wines, from
// a graph that barely made the selection) is a worse answer than the
// rejected one it believes. The fallback then answers.
func (p *Pipeline) outranked(sg *handoff.Subgoal, recs []handoff.Record, tr *tracer) {
	acc := mostConfident(recs, func(r *handoff.Record) bool { return r.Accepted })
	if acc < 0 {
		return
	}
	// (Not one that only repeats a constant of its query: "Computer
	// Vision" is no answer to "Who teaches Computer Vision?".)
	other := mostConfident(recs, func(r *handoff.Record) bool {
		return !r.Accepted && !r.SetAside && r.Results != nil && r.Error == "" && r.Evidence["missed_echo"] == 0
	})
	if other < 0 {
		return
	}
	ev := maps.Clone(recs[other].Evidence)
	ev["fallback"] = 1
	c := p.conf.Predict(ev)
	if c <= recs[acc].Confidence {
		return
	}
	for i := range recs {
		if recs[i].Accepted {
			recs[i].Accepted, recs[i].SetAside = false, true
			recs[i].Reason = fmt.Sprintf("set aside: confidence %.3f, below the %.3f of candidate %d of %s, which the verifier rejected", recs[i].Confidence, c, recs[other].Candidate.Rank, recs[other].Candidate.Graph)
			tr.add(handoff.Event{Stage: "integrate", Subgoal: sg.ID, Graph: recs[i].Candidate.Graph, Message: recs[i].Reason})
		}
	}
}

// fallback marks, when no record of the subgoal was accepted, the most
// confident one that ran (of the best-scored graph that ran one, unless
// another graph's is more confident by rankMargin) as the subgoal's
// answer (Record.Fallback), and recomputes its confidence as a fallback.
func (p *Pipeline) fallback(sg *handoff.Subgoal, recs []handoff.Record, tr *tracer) {
	if slices.ContainsFunc(recs, func(r handoff.Record) bool { return r.Accepted }) {
		return
	}
	ran := func(r *handoff.Record) bool { return !r.SetAside && r.Results != nil && r.Error == "" }
	best := mostConfident(recs, ran)
	if best < 0 {
		return
	}
	// The best-scored graph's own most confident record, unless
	// another graph's is more confident by rankMargin: the confidence
	// of answers no candidate of which was accepted is low everywhere,
	// and close values do not outweigh the allocation's order.
	if first := slices.IndexFunc(recs, func(r handoff.Record) bool { return ran(&r) }); recs[first].Candidate.Graph != recs[best].Candidate.Graph {
		g := recs[first].Candidate.Graph
		top := mostConfident(recs, func(r *handoff.Record) bool { return ran(r) && r.Candidate.Graph == g })
		if recs[best].Confidence < recs[top].Confidence+rankMargin {
			best = top
		}
	}
	r := &recs[best]
	r.Fallback = true
	r.Evidence["fallback"] = 1
	r.Confidence = p.conf.Predict(r.Evidence)
	tr.add(handoff.Event{Stage: "integrate", Subgoal: sg.ID, Graph: r.Candidate.Graph,
		Message: fmt.Sprintf("no candidate accepted: answering, not verified, with candidate %d (%s), the most confident one that ran", r.Candidate.Rank, r.Candidate.Skeleton),
		Numbers: map[string]float64{"confidence": r.Confidence}})
}

// allocContext is the allocation's part of a record's confidence
// context for graph id.
func allocContext(a *handoff.Allocation, id string) confidence.Context {
	var cx confidence.Context
	if len(a.Scores) == 0 {
		return cx
	}
	s, ok := a.Score(id)
	if !ok {
		return cx
	}
	top := a.Scores[0]
	cx.AllocTop = top.Graph == id
	cx.AllocFinal, cx.CovP, cx.CovT = s.Final, s.PredicateCoverage, s.TypeCoverage
	for _, o := range a.Scores {
		if o.Graph != id && o.Final >= 0.9*s.Final {
			cx.Close++
		}
	}
	switch {
	case cx.AllocTop && len(a.Scores) > 1:
		cx.AllocMargin = s.Final - a.Scores[1].Final
	case cx.AllocTop:
		cx.AllocMargin = s.Final
	default:
		cx.AllocMargin = s.Final - top.Final
	}
	return cx
}

// withAnswers returns sg with the answer of each subgoal it compares
// with (a [handoff.ValueSubgoal] filter) set on the filter, so that the
// verifier knows the value the synthesizer put in the query; sg itself
// is not changed (the decomposition in the answer stays as decided).
func withAnswers(sg *handoff.Subgoal, deps map[string][]handoff.Record) *handoff.Subgoal {
	if !slices.ContainsFunc(sg.Requirements.Filters, func(f handoff.Filter) bool { return f.ValueKind == handoff.ValueSubgoal }) {
		return sg
	}
	c := *sg
	c.Requirements.Filters = slices.Clone(sg.Requirements.Filters)
	for i, f := range c.Requirements.Filters {
		if f.ValueKind == handoff.ValueSubgoal {
			c.Requirements.Filters[i].Answer = sparql.TermValue(handoff.DependencyValue(deps[f.Value]))
		}
	}
	return &c
}

func (p *Pipeline) onGraph(ctx context.Context, sg *handoff.Subgoal, slice *handoff.Slice, g *kg.Graph, deps map[string][]handoff.Record, cx confidence.Context, tr *tracer) ([]handoff.Record, error) {
	sctx, cancel := context.WithTimeout(ctx, p.cfg.SynthesizeTimeout)
	cands, err := p.synth.Synthesize(sctx, sg, slice, g, deps)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		tr.add(handoff.Event{Stage: "synthesize", Subgoal: sg.ID, Graph: g.ID, Message: "synthesis failed: " + err.Error()})
		return nil, nil
	}
	tr.add(handoff.Event{Stage: "synthesize", Subgoal: sg.ID, Graph: g.ID, Message: fmt.Sprintf("%d candidate(s)", len(cands)),
		Numbers: map[string]float64{"candidates": float64(len(cands)), "slice_tokens": float64(slice.Tokens)}})
	vsg := withAnswers(sg, deps)
	var recs []handoff.Record
	var cxs []confidence.Context
	tried := 0
	for ci, c := range cands {
		if tried == p.cfg.B {
			break
		}
		for _, ch := range c.Checks {
			if !ch.Passed {
				tr.add(handoff.Event{Stage: "synthesize", Subgoal: sg.ID, Graph: g.ID, Message: fmt.Sprintf("candidate %d: check %s failed: %s", c.Rank, ch.Name, ch.Detail)})
			}
		}
		for _, r := range c.Repairs {
			tr.add(handoff.Event{Stage: "synthesize", Subgoal: sg.ID, Graph: g.ID, Message: fmt.Sprintf("candidate %d: %s", c.Rank, r)})
		}
		if c.ChosenBy != "" {
			tr.add(handoff.Event{Stage: "synthesize", Subgoal: sg.ID, Graph: g.ID, Message: fmt.Sprintf("candidate %d: chosen by %s", c.Rank, c.ChosenBy)})
		}
		if !c.Admissible() && !p.ablated(NoSymbolic) {
			continue
		}
		tried++
		var rec handoff.Record
		if p.ablated(NoVerifier) {
			rec = p.runUnverified(ctx, g, c)
		} else {
			rs, err := p.verif.Verify(ctx, vsg, slice, g, []handoff.Candidate{c})
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				rec = handoff.Record{Candidate: c, Error: err.Error(), Reason: "verification failed: " + err.Error()}
			} else if len(rs) > 0 {
				rec = rs[0]
			}
		}
		rcx := cx
		rcx.Rank, rcx.ScoreMargin, rcx.Candidates, rcx.Subgoal = ci+1, 0, len(cands), sg
		if ci+1 < len(cands) {
			rcx.ScoreMargin = c.Score - cands[ci+1].Score
		}
		recs = append(recs, rec)
		cxs = append(cxs, rcx)
	}
	// Confidence reads every record of the graph: how many other
	// candidates reach the same answer is evidence too.
	agree := agreement(recs)
	for i := range recs {
		rec, c := &recs[i], recs[i].Candidate
		cxs[i].Agreement = agree[i]
		rec.Evidence = confidence.Evidence(rec, cxs[i])
		rec.Confidence = p.conf.Predict(rec.Evidence)
		nums := map[string]float64{"rows": float64(rec.Rows), "score": c.Score, "confidence": rec.Confidence, "agreement": agree[i]}
		if len(rec.Perturbations) > 0 {
			nums["mean_jaccard"] = rec.MeanJaccard
			for j, pt := range rec.Perturbations {
				tr.add(handoff.Event{Stage: "verify", Subgoal: sg.ID, Graph: g.ID,
					Message: fmt.Sprintf("candidate %d, perturbation %d (%s)%s", c.Rank, j+1, pt.Operator, errSuffix(pt.Error)),
					Numbers: map[string]float64{"jaccard": pt.Jaccard, "rows": float64(pt.Rows)}})
			}
		}
		verdict := "rejected"
		if rec.Accepted {
			verdict = "accepted"
		}
		tr.add(handoff.Event{Stage: "verify", Subgoal: sg.ID, Graph: g.ID, Message: fmt.Sprintf("candidate %d (%s) %s: %s%s", c.Rank, c.Skeleton, verdict, rec.Reason, commitmentNote(rec.Commitments)), Numbers: nums})
	}
	best := graphChoice(recs)
	for i := range recs {
		if r := &recs[i]; r.Accepted && i != best {
			r.Accepted, r.SetAside = false, true
			why := "is more confident"
			if recs[best].Confidence < r.Confidence {
				why = fmt.Sprintf("ranks higher and is within %.2f of its confidence", rankMargin)
			}
			if recs[best].Candidate.ChosenBy != "" {
				why = "was chosen by " + recs[best].Candidate.ChosenBy
			}
			r.Reason = fmt.Sprintf("set aside: candidate %d of this graph, also accepted, %s (%.2f against %.2f); %s", recs[best].Candidate.Rank, why, recs[best].Confidence, r.Confidence, r.Reason)
			tr.add(handoff.Event{Stage: "verify", Subgoal: sg.ID, Graph: g.ID, Message: fmt.Sprintf("candidate %d %s", r.Candidate.Rank, r.Reason)})
		}
	}
	if len(recs) == 0 {
		tr.add(handoff.Event{Stage: "verify", Subgoal: sg.ID, Graph: g.ID, Message: "no admissible candidate"})
	}
	return recs, nil
}

func errSuffix(e string) string {
	if e == "" {
		return ""
	}
	return ": " + e
}

// runUnverified runs a candidate once and accepts it (the no-verifier
// ablation).
func (p *Pipeline) runUnverified(ctx context.Context, g *kg.Graph, c handoff.Candidate) handoff.Record {
	start := time.Now()
	qctx, cancel := context.WithTimeout(ctx, p.cfg.QueryTimeout)
	defer cancel()
	res, err := g.Query(qctx, c.Query)
	rec := handoff.Record{Candidate: c, Results: res, Millis: time.Since(start).Milliseconds()}
	if err != nil {
		rec.Error, rec.Reason = err.Error(), "the query failed: "+err.Error()
		return rec
	}
	rec.Rows = len(res.Rows)
	rec.Accepted, rec.Reason = true, "accepted without verification (ablation)"
	return rec
}

// agreement returns, for each record, the share of the other records of
// the graph that ran and reached the same non-empty answer, values
// compared without variable names ([sparql.Results.ValueRows]; ASK
// results by their boolean): independent queries that agree are more
// likely right. It is 0 for a record without an answer or alone.
func agreement(recs []handoff.Record) []float64 {
	keys := make([]string, len(recs))
	for i, r := range recs {
		switch res := r.Results; {
		case r.Error != "" || res == nil:
		case res.Boolean != nil:
			keys[i] = strconv.FormatBool(*res.Boolean)
		case len(res.Rows) > 0:
			rows := slices.Sorted(maps.Keys(res.ValueRows()))
			keys[i] = "rows:" + strings.Join(rows, "\x1e")
		}
	}
	out := make([]float64, len(recs))
	if len(recs) < 2 {
		return out
	}
	for i, k := range keys {
		if k == "" {
			continue
		}
		same := 0
		for j, k2 := range keys {
			if j != i && k2 == k {
				same++
			}
		}
		out[i] = float64(same) / float64(len(recs)-1)
	}
	return out
}

// graphChoice returns the index of the accepted record that answers for
// its graph (records in candidate rank order), -1 when none is accepted.
// Every candidate within the budget is verified; of those accepted, the
// one a language model chose answers (the model knows what the
// confidence model does not), else the most confident, unless a
// better-ranked accepted candidate is within rankMargin of it: then the
// synthesizer's ranking decides.
func graphChoice(recs []handoff.Record) int {
	best := mostConfident(recs, func(r *handoff.Record) bool { return r.Accepted && r.Candidate.ChosenBy != "" })
	if best >= 0 {
		return best
	}
	best = mostConfident(recs, func(r *handoff.Record) bool { return r.Accepted })
	for i := 0; best >= 0 && i < best; i++ {
		if recs[i].Accepted && recs[i].Confidence >= recs[best].Confidence-rankMargin {
			return i
		}
	}
	return best
}

// rankMargin is how much more confident an accepted candidate must be to
// answer for its graph instead of a better-ranked accepted one; so must
// a graph's accepted answer be to answer instead of a better-scored
// graph's, and a fallback instead of the best-scored graph's. Which of
// two close candidates the confidence model favours changes from one fit
// to the next (two fits on train of 2026-11-26 differed on 33 answers,
// most of them such choices), while the synthesizer's ranking reads the
// question's terms.
const rankMargin = 0.1

// mostConfident returns the index of the most confident record for
// which ok holds (the first on ties), -1 when there is none.
func mostConfident(recs []handoff.Record, ok func(*handoff.Record) bool) int {
	best := -1
	for i := range recs {
		if ok(&recs[i]) && (best < 0 || recs[i].Confidence > recs[best].Confidence) {
			best = i
		}
	}
	return best
}

// commitmentNote names the commitments met and missed, for the trace.
func commitmentNote(cs []handoff.Commitment) string {
	if len(cs) == 0 {
		return " [no commitments]"
	}
	var met, missed []string
	for _, c := range cs {
		item := c.Kind + " " + strconv.Quote(c.Cue)
		if c.Met {
			met = append(met, item)
		} else {
			missed = append(missed, item)
		}
	}
	note := " [met: " + strings.Join(met, ", ")
	if len(met) == 0 {
		note = " [met: none"
	}
	if len(missed) > 0 {
		note += "; missed: " + strings.Join(missed, ", ")
	}
	return note + "]"
}
