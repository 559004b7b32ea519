package qa

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

const singerQuery = "PREFIX : <http://valuenet/ontop/>\nSELECT ?n WHERE { ?s a :singer ; :singer\\#name ?n }"

// answerOf builds an answer with results res, accepted queries and a
// trace that ranks graphs for subgoal s1.
func answerOf(res *sparql.Results, queries []string, ranked ...string) *handoff.Answer {
	a := &handoff.Answer{Results: res, Records: map[string][]handoff.Record{}, Trace: &handoff.Trace{}}
	a.Trace.Add(handoff.Event{Stage: "decompose", Message: "1 subgoal(s) by rules"})
	for i, g := range ranked {
		a.Trace.Add(handoff.Event{Stage: "allocate", Subgoal: "s1", Graph: g, Message: fmt.Sprintf("rank %d", i+1)})
	}
	for _, q := range queries {
		a.Provenance = append(a.Provenance, handoff.Provenance{Subgoal: "s1", Graph: "g", Query: q})
		a.Records["s1"] = append(a.Records["s1"], handoff.Record{Candidate: handoff.Candidate{Subgoal: "s1", Query: q}, Accepted: true})
	}
	if res != nil {
		a.Trace.Add(handoff.Event{Stage: "integrate", Subgoal: "s1", Message: "answer: 1 rows"})
	}
	return a
}

func TestScore(t *testing.T) {
	q := &Question{ID: "1", Text: "Names of singers?", Graph: "concert_singer", Query: singerQuery, Answer: names(t, "Ann", "Bo")}
	// Right answer, from the right graph ranked second.
	it := Score(q, answerOf(names(t, "Bo", "Ann"), []string{singerQuery}, "singer", "concert_singer"), nil, 12*time.Millisecond)
	if !it.EA || it.MF1 != 1 || it.F1 != 1 || !it.Parsed || it.Queries != 1 || it.Rank != 2 || it.Operation != "lookup" ||
		it.TriplesHit != 2 || it.TriplesGold != 2 || it.TriplesProduced != 2 || it.Millis != 12 || !it.Answered || it.NDCG != nil {
		t.Errorf("right answer: %+v", it)
	}
	if !slices.Equal(it.AnswerGraphs, []string{"g"}) {
		t.Errorf("answer graphs %q, want the provenance's [g]", it.AnswerGraphs)
	}
	// Half right; the query does not parse.
	it = Score(q, answerOf(names(t, "Ann", "Cy"), []string{"SELECT ?x WHERE {"}, "concert_singer"), nil, 0)
	if it.EA || !near(it.MF1, 0.5) || !near(it.F1, 0.5) || it.Parsed || it.Rank != 1 {
		t.Errorf("half answer: %+v", it)
	}
	// No answer, but a rejected candidate: a query was produced.
	a := answerOf(nil, nil, "x", "y")
	a.Records["s1"] = []handoff.Record{{Candidate: handoff.Candidate{Query: singerQuery, Repairs: []string{"fixed"}}, Reason: "rejected"}}
	it = Score(q, a, nil, 0)
	if it.EA || it.Answered || !it.Parsed || it.Query != singerQuery || it.Rank != 0 || it.Records != 1 || it.Rejected != 1 || it.Repaired != 1 || it.NoQuery != "" || it.AnswerGraphs != nil {
		t.Errorf("rejected candidate: %+v", it)
	}
	// A record set aside by the pipeline is not a rejection.
	a = answerOf(names(t, "Ann", "Bo"), []string{singerQuery}, "concert_singer")
	a.Records["s1"] = append(a.Records["s1"], handoff.Record{Candidate: handoff.Candidate{Query: singerQuery},
		Reason: "set aside: graph h scored 0.400, below 0.80 × 0.900 of the graph that answered"},
		handoff.Record{Candidate: handoff.Candidate{Query: singerQuery}, Reason: "answer does not move"})
	it = Score(q, a, nil, 0)
	if it.Records != 3 || it.Rejected != 1 || it.SetAside != 1 {
		t.Errorf("set aside: %+v", it)
	}
	// The asker failed.
	it = Score(q, nil, errors.New("boom"), 0)
	if it.Error != "boom" || it.Parsed || it.NoQuery != "error" || it.EA || it.TriplesGold != 2 {
		t.Errorf("error: %+v", it)
	}
	// Ordered gold: NDCG is scored.
	oq := *q
	oq.Ordered = true
	it = Score(&oq, answerOf(names(t, "Bo", "Ann"), []string{singerQuery}), nil, 0)
	if it.NDCG == nil || *it.NDCG >= 1 || !it.EA {
		t.Errorf("ordered: %+v", it)
	}
	// TEXT2SPARQL judgements only.
	tq := &Question{ID: "db25:1-en", Text: "?", Relevance: map[string]int{"http://x/a": 1, "http://x/b": 1}}
	res := &sparql.Results{Vars: []string{"u"}, Rows: []sparql.Row{{"u": sparql.NewIRI("http://x/a")}, {"u": sparql.NewIRI("http://x/b")}}}
	if it := Score(tq, answerOf(res, nil), nil, 0); !it.EA || it.F1 != 1 || it.MF1 != 1 || it.Operation != "unknown" {
		t.Errorf("judged values: %+v", it)
	}
	// No gold: nothing answer-level is scored.
	if it := Score(&Question{Text: "?"}, answerOf(res, nil), nil, 0); it.Gold || it.EA || it.F1 != 0 {
		t.Errorf("no gold: %+v", it)
	}
}

func TestQSC(t *testing.T) {
	q := &Question{Text: "?", Query: singerQuery, Answer: names(t, "Ann")}
	two := answerOf(names(t, "Ann"), []string{singerQuery, "SELECT * WHERE { ?s"})
	two.Provenance[1].Subgoal = "s2"
	items := []Item{
		Score(q, answerOf(names(t, "Ann"), []string{singerQuery}), nil, 0), // parsed
		Score(q, two, nil, 0),                // one of two subgoals' queries does not parse
		Score(q, answerOf(nil, nil), nil, 0), // nothing produced
		Score(q, nil, errors.New("x"), 0),    // failed
	}
	r := Summarize(items, nil)
	if r.QSC != 0.25 || r.N != 4 || r.Errors != 1 || r.NoQuery["error"] != 1 || r.NoQuery[NoQueryUnknown] != 1 {
		t.Errorf("QSC = %v, report %+v", r.QSC, r)
	}
}

func TestProducedQueries(t *testing.T) {
	a := &handoff.Answer{
		Provenance: []handoff.Provenance{{Subgoal: "s1", Graph: "a", Query: "Q1a"}, {Subgoal: "s1", Graph: "b", Query: "Q1b"}, {Subgoal: "s2", Graph: "a", Query: "Q2"}},
	}
	if got := strings.Join(ProducedQueries(a), ","); got != "Q1a,Q2" {
		t.Errorf("from provenance: %s", got)
	}
	a = &handoff.Answer{Records: map[string][]handoff.Record{
		"s10": {{Candidate: handoff.Candidate{Query: "Q10"}}},
		"s2":  {{Candidate: handoff.Candidate{Query: ""}}, {Candidate: handoff.Candidate{Query: "Q2b"}}},
		"s1":  nil,
	}}
	if got := strings.Join(ProducedQueries(a), ","); got != "Q2b,Q10" {
		t.Errorf("from records: %s", got)
	}
	if ProducedQueries(nil) != nil {
		t.Error("nil answer")
	}
}

func TestGoldRank(t *testing.T) {
	a := answerOf(names(t, "x"), nil, "a", "B", "c")
	if GoldRank(a, "b") != 2 || GoldRank(a, "c") != 3 || GoldRank(a, "z") != 0 || GoldRank(nil, "a") != 0 {
		t.Error("one subgoal")
	}
	// Several subgoals: the final one (the integrator's answer) counts.
	a = &handoff.Answer{Trace: &handoff.Trace{Events: []handoff.Event{
		{Stage: "allocate", Subgoal: "s1", Graph: "g", Message: "rank 1"},
		{Stage: "allocate", Subgoal: "s2", Graph: "h", Message: "rank 1"},
		{Stage: "allocate", Subgoal: "s2", Graph: "g", Message: "rank 2"},
		{Stage: "allocate", Subgoal: "s2", Message: "no graph selected"},
		{Stage: "integrate", Subgoal: "s2", Message: "answer: 3 rows"},
	}}}
	if GoldRank(a, "g") != 2 {
		t.Errorf("final subgoal: %d", GoldRank(a, "g"))
	}
	// Without an answer the last subgoal is final (s10 after s9); a
	// composed final subgoal without allocation takes the best rank.
	a.Trace.Events = append(a.Trace.Events[:3], handoff.Event{Stage: "allocate", Subgoal: "s10", Graph: "g", Message: "rank 3"},
		handoff.Event{Stage: "allocate", Subgoal: "s9", Graph: "g", Message: "rank 4"})
	if GoldRank(a, "g") != 3 {
		t.Errorf("last subgoal: %d", GoldRank(a, "g"))
	}
	a.Trace.Events = append(a.Trace.Events[:3], handoff.Event{Stage: "integrate", Subgoal: "s3", Message: "answer: true"})
	if GoldRank(a, "g") != 1 {
		t.Errorf("composed subgoal: %d", GoldRank(a, "g"))
	}
}

func TestNoQueryReason(t *testing.T) {
	ev := func(stage, msg string, cands float64) handoff.Event {
		e := handoff.Event{Stage: stage, Subgoal: "s1", Graph: "g", Message: msg}
		if cands >= 0 {
			e.Numbers = map[string]float64{"candidates": cands}
		}
		return e
	}
	for _, tt := range []struct {
		events []handoff.Event
		want   string
	}{
		{[]handoff.Event{ev("allocate", "no graph selected", -1)}, NoQueryNoGraph},
		{[]handoff.Event{ev("synthesize", "synthesis failed: empty slice", -1)}, NoQuerySynthesis},
		{[]handoff.Event{ev("synthesize", "0 candidate(s)", 0), ev("verify", "no admissible candidate", -1)}, NoQueryNoCandidate},
		{[]handoff.Event{ev("synthesize", "2 candidate(s)", 2), ev("verify", "no admissible candidate", -1)}, NoQueryInadmissible},
		{nil, NoQueryUnknown},
	} {
		if got := NoQueryReason(&handoff.Answer{Trace: &handoff.Trace{Events: tt.events}}); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.events, got, tt.want)
		}
	}
}

// echo answers each question with one row holding the question's text,
// after a delay that makes later questions finish first; it records the
// most questions in flight at once.
type echo struct {
	inFlight, most atomic.Int32
	block          bool // wait for the context instead of answering
}

func (e *echo) Ask(ctx context.Context, q string) (*handoff.Answer, error) {
	n := e.inFlight.Add(1)
	defer e.inFlight.Add(-1)
	for {
		m := e.most.Load()
		if n <= m || e.most.CompareAndSwap(m, n) {
			break
		}
	}
	if e.block || strings.HasPrefix(q, "block") {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	d := time.Duration(len(q)%3) * time.Millisecond
	time.Sleep(d)
	res := &sparql.Results{Vars: []string{"x"}, Rows: []sparql.Row{{"x": sparql.NewLiteral(q)}}}
	return answerOf(res, []string{singerQuery}, "g"), nil
}

func TestRun(t *testing.T) {
	var qs []Question
	for i := range 12 {
		text := fmt.Sprintf("q%d%s", i, strings.Repeat("?", i))
		gold := text
		if i%3 == 0 {
			gold = "wrong"
		}
		qs = append(qs, Question{ID: fmt.Sprint(i), Text: text, Graph: "g", Query: singerQuery, Answer: names(t, gold)})
	}
	var progress bytes.Buffer
	a := &echo{}
	r, err := Run(context.Background(), a, qs, Options{Concurrency: 3, Progress: &progress, ProgressEvery: 5, Items: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 12 || r.EA != 8.0/12 || r.QSC != 1 || r.Top1 != 1 || r.Concurrency != 3 || r.Interrupted || len(r.Items) != 12 {
		t.Errorf("report %+v", r)
	}
	for i, it := range r.Items {
		if it.ID != fmt.Sprint(i) {
			t.Fatalf("item %d is question %s: order not kept", i, it.ID)
		}
	}
	if m := a.most.Load(); m > 3 || m < 1 {
		t.Errorf("%d questions at once, want at most 3", m)
	}
	// Plain lines every 5 questions and after the last, never rewritten
	// in place.
	lines := strings.Split(strings.TrimSuffix(progress.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "  5/12 questions  EA ") || !strings.Contains(lines[0], " questions/s  ETA ") ||
		!strings.HasPrefix(lines[2], "  12/12 questions  EA 66.7%") || !strings.Contains(lines[2], "took") || strings.Contains(progress.String(), "\r") {
		t.Errorf("progress %q", progress.String())
	}
	// The bar: rewritten in place, with the count, EA, the rate and the
	// time left.
	progress.Reset()
	if _, err := Run(context.Background(), &echo{}, qs, Options{Concurrency: 3, Progress: &progress, ProgressBar: true}); err != nil {
		t.Fatal(err)
	}
	if out := progress.String(); !strings.Contains(out, "\r") || !strings.Contains(out, "EA  66.7%") || !strings.Contains(out, "(12/12") ||
		!strings.Contains(out, "questions/s") || !strings.HasSuffix(out, "\n") {
		t.Errorf("bar %q", out)
	}
	if r.ByOperation["lookup"].N != 12 || r.ByOperation["lookup"].Correct != 8 {
		t.Errorf("by operation %+v", r.ByOperation)
	}
	// Without Items, no results are kept; without a model no LLM figures.
	r, err = Run(context.Background(), &echo{}, qs[:2], Options{})
	if err != nil || r.Items != nil || r.LLMCallsPerQuestion != 0 || r.Concurrency != 2 {
		t.Errorf("defaults: %+v, %v", r, err)
	}
}

func TestProgressLine(t *testing.T) {
	for _, tt := range []struct {
		finished, total int
		ea              float64
		elapsed         time.Duration
		want            string
	}{
		{25, 100, 31, 10 * time.Second, "  25/100 questions  EA 31.0%  2.50 questions/s  ETA 30s"},
		{100, 100, 31, 40 * time.Second, "  100/100 questions  EA 31.0%  2.50 questions/s  took 40s"},
		{0, 100, 0, 0, "  0/100 questions  EA 0.0%"},
	} {
		if got := progressLine(tt.finished, tt.total, tt.ea, tt.elapsed); got != tt.want {
			t.Errorf("progressLine(%d, %d) = %q, want %q", tt.finished, tt.total, got, tt.want)
		}
	}
}

func TestRunCancelled(t *testing.T) {
	qs := []Question{{ID: "1", Text: "fast"}, {ID: "2", Text: "block 1"}, {ID: "3", Text: "block 2"}, {ID: "4", Text: "never asked"}}
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	a := &echo{}
	go func() {
		for a.inFlight.Load() < 2 || a.most.Load() < 2 {
			time.Sleep(time.Millisecond)
		}
		once.Do(cancel)
	}()
	done := make(chan struct{})
	var r *Report
	var err error
	go func() {
		r, err = Run(ctx, a, qs, Options{Concurrency: 2, Items: true})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop after cancellation")
	}
	if !errors.Is(err, context.Canceled) || r == nil || !r.Interrupted || r.N != 1 || r.Items[0].ID != "1" {
		t.Errorf("err %v, report %+v", err, r)
	}
}

func TestSampleAndInCollection(t *testing.T) {
	var qs []Question
	for i := range 10 {
		qs = append(qs, Question{ID: fmt.Sprint(i), Graph: []string{"Concert_Singer", "other", ""}[i%3]})
	}
	s := Sample(qs, 4)
	if len(s) != 3 || s[0].ID != "0" || s[1].ID != "4" || s[2].ID != "8" || len(Sample(qs, 1)) != 10 || len(Sample(qs, 0)) != 10 {
		t.Errorf("Sample = %v", s)
	}
	coll, err := kg.NewCollection(&kg.Graph{ID: "concert_singer"})
	if err != nil {
		t.Fatal(err)
	}
	in, skipped := InCollection(qs, coll)
	if skipped != 3 || len(in) != 7 || in[0].Graph != "concert_singer" || in[1].Graph != "" {
		t.Errorf("InCollection = %v, %d skipped", in, skipped)
	}
}

func TestSweep(t *testing.T) {
	qs := []Question{{ID: "1", Text: "a", Answer: names(t, "a")}, {ID: "2", Text: "b", Answer: names(t, "c")}}
	var built []string
	var progress bytes.Buffer
	cells, err := Sweep(context.Background(), func(theta float64, m int) (Asker, error) {
		built = append(built, fmt.Sprintf("%.1f/%d", theta, m))
		return &echo{}, nil
	}, qs, Options{Progress: &progress, Items: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != len(SweepThetas)*len(SweepMs) || built[0] != "0.5/2" || built[len(built)-1] != "0.9/8" {
		t.Fatalf("cells %v, built %v", cells, built)
	}
	if c := cells[5]; c.Theta != 0.6 || c.M != 4 || c.EA != 0.5 || c.N != 2 {
		t.Errorf("cell %+v", c)
	}
	if n := strings.Count(progress.String(), "\n"); n != len(cells) || strings.Contains(progress.String(), "\r") {
		t.Errorf("progress %q", progress.String())
	}
	_, err = Sweep(context.Background(), func(float64, int) (Asker, error) { return nil, errors.New("no") }, qs, Options{})
	if err == nil || !strings.Contains(err.Error(), "θ = 0.5, m = 2") {
		t.Errorf("build error: %v", err)
	}
}

func TestScoreConfidence(t *testing.T) {
	q := &Question{ID: "1", Text: "Names of singers?", Query: singerQuery, Answer: names(t, "Ann", "Bo")}
	a := answerOf(names(t, "Ann", "Bo"), []string{singerQuery}, "g")
	a.Confidence, a.Verified = 0.83, true
	if it := Score(q, a, nil, 0); it.Confidence != 0.83 || !it.Verified || !it.EA {
		t.Errorf("verified answer: %+v", it)
	}
	a.Confidence, a.Verified = 0.31, false
	if it := Score(q, a, nil, 0); it.Confidence != 0.31 || it.Verified {
		t.Errorf("unverified answer: %+v", it)
	}
	// An empty answer is an answer: its confidence counts.
	a = answerOf(names(t), []string{singerQuery}, "g")
	a.Confidence = 0.4
	if it := Score(q, a, nil, 0); it.Confidence != 0.4 || it.Answered {
		t.Errorf("empty answer: %+v", it)
	}
	// Without results (no answer), confidence 0 and not verified whatever
	// the answer says.
	a = answerOf(nil, nil, "g")
	a.Confidence, a.Verified = 0.9, true
	if it := Score(q, a, nil, 0); it.Confidence != 0 || it.Verified {
		t.Errorf("no results: %+v", it)
	}
	if it := Score(q, nil, errors.New("boom"), 0); it.Confidence != 0 || it.Verified {
		t.Errorf("no answer: %+v", it)
	}
	// In JSON.
	a = answerOf(names(t, "Ann"), []string{singerQuery}, "g")
	a.Confidence, a.Verified = 0.5, true
	data, err := json.Marshal(Score(q, a, nil, 0))
	if err != nil || !strings.Contains(string(data), `"confidence":0.5`) || !strings.Contains(string(data), `"verified":true`) {
		t.Errorf("JSON %s, %v", data, err)
	}
}

func TestSummarizeConfidence(t *testing.T) {
	items := []Item{
		{ID: "3", Gold: true, EA: true, Answered: true, Confidence: 0.9, Verified: true},
		{ID: "1", Gold: true, Answered: true, Confidence: 0.9, Verified: true},
		{ID: "2", Gold: true, EA: true, Answered: true, Confidence: 0.6, Verified: true},
		{ID: "10", Gold: true},
		// No gold answer: left out of every figure.
		{ID: "0", Answered: true, Confidence: 1, Verified: true},
	}
	r := Summarize(items, nil)
	// By confidence, ties by ID: 1 (0.9, wrong), 3 (0.9, right), 2 (0.6,
	// right), 10 (unanswered): risks 1, 1/2, 1/3, 2/4.
	if r.NGold != 4 || !near(r.EA, 0.5) {
		t.Fatalf("n_gold %d, EA %v", r.NGold, r.EA)
	}
	if !near(r.VerifiedPrecision, 2.0/3) || !near(r.VerifiedCoverage, 0.75) {
		t.Errorf("verified precision %v, coverage %v", r.VerifiedPrecision, r.VerifiedCoverage)
	}
	want := map[string]float64{"0.25": 0, "0.5": 0.5, "0.75": 2.0 / 3, "1": 0.5}
	if len(r.PrecisionAtCoverage) != len(want) {
		t.Errorf("precision at coverage %v", r.PrecisionAtCoverage)
	}
	for k, v := range want {
		if got, ok := r.PrecisionAtCoverage[k]; !ok || !near(got, v) {
			t.Errorf("precision at %s = %v, want %v", k, got, v)
		}
	}
	if !nearAll(r.RiskCoverage, []float64{1, 0.5, 1.0 / 3, 0.5}) || !near(r.AURC, (1+0.5+1.0/3+0.5)/4) {
		t.Errorf("risk %v, AURC %v", r.RiskCoverage, r.AURC)
	}
	// Bins: 0.9 ×2 half right (0.4 × 2/4), 0.6 right (0.4 × 1/4), 0 wrong.
	if !near(r.ECE, 0.3) || len(r.Reliability) != CalibrationBins || r.Reliability[9].N != 2 || r.Reliability[6].N != 1 || r.Reliability[0].N != 1 {
		t.Errorf("ECE %v, bins %+v", r.ECE, r.Reliability)
	}
	// The items' order does not matter, and is kept.
	rev := slices.Clone(items)
	slices.Reverse(rev)
	r2 := Summarize(rev, nil)
	if !near(r2.AURC, r.AURC) || !maps.Equal(r2.PrecisionAtCoverage, r.PrecisionAtCoverage) || r2.Items[0].ID != "0" {
		t.Errorf("reversed: AURC %v, precision %v, first %s", r2.AURC, r2.PrecisionAtCoverage, r2.Items[0].ID)
	}
	// In JSON, under the keys of the bench; the curve is not.
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"verified_precision", "verified_coverage", "precision_at_coverage", "aurc", "ece", "reliability"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in %s", k, data)
		}
	}
	if pac, _ := m["precision_at_coverage"].(map[string]any); len(pac) != 4 || pac["0.75"] == nil {
		t.Errorf("precision_at_coverage %v", m["precision_at_coverage"])
	}
	if strings.Contains(string(data), "risk") {
		t.Errorf("risk curve in JSON: %s", data)
	}
	// Nothing verified, no gold: zeros, and the keys still there.
	r = Summarize([]Item{{ID: "1", Gold: true, Answered: true, Confidence: 0.2}}, nil)
	if r.VerifiedPrecision != 0 || r.VerifiedCoverage != 0 || !near(r.ECE, 0.2) || r.AURC != 1 {
		t.Errorf("none verified: %+v", r)
	}
	r = Summarize(nil, nil)
	if len(r.PrecisionAtCoverage) != 4 || r.PrecisionAtCoverage["1"] != 0 || r.AURC != 0 || r.ECE != 0 {
		t.Errorf("empty: %+v", r)
	}
}

func TestRunConfidence(t *testing.T) {
	// Through Run: the echo asker's answers carry no confidence, so every
	// question counts at 0 (one bin) and none is verified.
	var qs []Question
	for i := range 4 {
		qs = append(qs, Question{ID: fmt.Sprint(i), Text: fmt.Sprintf("q%d", i), Answer: names(t, fmt.Sprintf("q%d", i%2))})
	}
	r, err := Run(context.Background(), &echo{}, qs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.EA, 0.5) || r.VerifiedCoverage != 0 || !near(r.ECE, 0.5) || r.Reliability[0].N != 4 || !near(r.PrecisionAtCoverage["1"], r.EA) {
		t.Errorf("report %+v", r)
	}
}
