package verifier_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/perturb"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/verifier"
)

func verify(t *testing.T, cfg verifier.Config, sg *handoff.Subgoal, queries ...string) []handoff.Record {
	t.Helper()
	cands := make([]handoff.Candidate, len(queries))
	for i, q := range queries {
		cands[i] = cand(q)
	}
	recs, err := verifier.New(cfg).Verify(context.Background(), sg, peopleSlice(), peopleGraph(t), cands)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(queries) {
		t.Fatalf("%d records for %d candidates", len(recs), len(queries))
	}
	for i, r := range recs {
		if r.Candidate.Query != cands[i].Query {
			t.Errorf("record %d is for another candidate", i)
		}
		if r.Reason == "" {
			t.Errorf("record %d has no reason", i)
		}
	}
	return recs
}

const (
	// parisGood answers "names of the people who live in Paris".
	parisGood = `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c . FILTER(?c = "Paris") }`
	// parisLoose forgets the filter: every name.
	parisLoose = `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c }`
)

func TestAcceptConstrained(t *testing.T) {
	r := verify(t, verifier.Config{}, parisSubgoal(), parisGood)[0]
	if !r.Accepted || r.Rows != 3 || r.Results == nil {
		t.Fatalf("accepted %v, rows %d: %s", r.Accepted, r.Rows, r.Reason)
	}
	if len(r.Perturbations) == 0 || r.MeanJaccard > verifier.DefaultTheta {
		t.Fatalf("mean Jaccard %.3f over %d perturbations", r.MeanJaccard, len(r.Perturbations))
	}
	sum := 0.0
	for _, p := range r.Perturbations {
		if p.Error != "" || p.Query == "" || p.Operator == "" {
			t.Errorf("perturbation %+v", p)
		}
		sum += p.Jaccard
	}
	if mean := sum / float64(len(r.Perturbations)); mean != r.MeanJaccard {
		t.Errorf("MeanJaccard %v, mean of the perturbations %v", r.MeanJaccard, mean)
	}
	if !strings.Contains(r.Reason, "mean Jaccard") {
		t.Errorf("reason %q", r.Reason)
	}
}

func TestRejectUnderspecified(t *testing.T) {
	// The filter value the question names is not in the query.
	r := verify(t, verifier.Config{}, parisSubgoal(), parisLoose)[0]
	if r.Accepted || !strings.Contains(r.Reason, `"Paris"`) {
		t.Fatalf("accepted %v: %s", r.Accepted, r.Reason)
	}
	// Without the requirement checks, the perturbations decide: the
	// unconstrained :city triple can be swapped or dropped without moving
	// the answer.
	r = verify(t, verifier.Config{NoRequirements: true}, parisSubgoal(), parisLoose)[0]
	if r.Accepted || len(r.Perturbations) == 0 || r.MeanJaccard <= verifier.DefaultTheta {
		t.Fatalf("accepted %v, mean %.3f: %s", r.Accepted, r.MeanJaccard, r.Reason)
	}
	// The ablation accepts any non-empty answer.
	r = verify(t, verifier.Config{NoCounterfactual: true}, parisSubgoal(), parisLoose)[0]
	if !r.Accepted || len(r.Perturbations) != 0 {
		t.Fatalf("NoCounterfactual: accepted %v: %s", r.Accepted, r.Reason)
	}
}

func TestThetaDecides(t *testing.T) {
	// One query, two thresholds on either side of its mean Jaccard.
	r := verify(t, verifier.Config{NoRequirements: true}, parisSubgoal(), parisGood)[0]
	mean := r.MeanJaccard
	if mean <= 0 {
		t.Skipf("mean Jaccard %v: no room below", mean)
	}
	low := verify(t, verifier.Config{NoRequirements: true, Theta: mean / 2}, parisSubgoal(), parisGood)[0]
	high := verify(t, verifier.Config{NoRequirements: true, Theta: mean}, parisSubgoal(), parisGood)[0]
	if low.Accepted || !high.Accepted {
		t.Fatalf("θ=%.3f accepted %v; θ=%.3f accepted %v", mean/2, low.Accepted, mean, high.Accepted)
	}
}

// AcceptsAt gives the verdict of a verifier with another θ.
func TestAcceptsAt(t *testing.T) {
	queries := []string{parisGood, parisLoose, `SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a > 30) }`,
		`SELECT ?n WHERE { ?p :name ?n ; :city "Rome" }`, `SELECT (COUNT(*) AS ?k) WHERE { ?p a :Person }`}
	for _, noReq := range []bool{false, true} {
		base := verify(t, verifier.Config{Theta: 0.5, NoRequirements: noReq}, parisSubgoal(), queries...)
		for _, theta := range []float64{0.1, 0.3, 0.5, 0.7, 0.9, 1} {
			recs := verify(t, verifier.Config{Theta: theta, NoRequirements: noReq}, parisSubgoal(), queries...)
			for i, r := range recs {
				if got := verifier.AcceptsAt(base[i], theta); got != r.Accepted {
					t.Errorf("θ=%v, candidate %d: AcceptsAt %v, Verify %v (%s)", theta, i, got, r.Accepted, r.Reason)
				}
			}
		}
	}
}

func TestRequirementChecks(t *testing.T) {
	negated := parisSubgoal()
	negated.Text = "What are the names of the people who do not work for ACME?"
	negated.Operations = []handoff.Operation{handoff.OpLookup, handoff.OpNegate}
	negated.Mentions = nil
	negated.Requirements.Filters = nil
	negated.Requirements.Predicates = []string{"name", "work"}
	for _, tc := range []struct {
		name   string
		sg     *handoff.Subgoal
		query  string
		reason string // "" to accept
	}{
		{"filter value realised as a triple's object", parisSubgoal(), `SELECT ?n WHERE { ?p :name ?n ; :city "Paris" ; :age ?a }`, ""},
		{"filter value missing", parisSubgoal(), `SELECT ?n WHERE { ?p :name ?n ; :city ?c . FILTER(?c = "Lyon") }`, `"Paris"`},
		{"negation missing", negated, `SELECT ?n WHERE { ?p :name ?n ; :worksFor ?c . ?c :label ?l }`, "negates"},
		{"negation by NOT EXISTS", negated, `SELECT ?n WHERE { ?p :name ?n . FILTER NOT EXISTS { ?p :worksFor :acme } }`, ""},
		{"negation by !=", negated, `SELECT ?n WHERE { ?p :name ?n ; :worksFor ?c . FILTER(?c != :acme) }`, ""},
		{"negation by MINUS", negated, `SELECT ?n WHERE { ?p :name ?n MINUS { ?p :worksFor :acme } }`, ""},
		{"cartesian product", parisSubgoal(), `SELECT ?n WHERE { ?p :name ?n . ?q :city ?c . FILTER(?c = "Paris") }`, "not joined"},
		{"joined by a filter", parisSubgoal(), `SELECT ?n WHERE { ?p :name ?n . ?q :city ?c ; :name ?m . FILTER(?c = "Paris" && ?m = ?n) }`, ""},
		{"a one-row sub-select joins anything", parisSubgoal(),
			`SELECT ?n WHERE { ?p :name ?n ; :age ?a ; :city "Paris" . { SELECT (AVG(?x) AS ?avg) WHERE { ?q :age ?x } } FILTER(?a > ?avg) }`, ""},
	} {
		r := verify(t, verifier.Config{Theta: 1}, tc.sg, tc.query)[0]
		switch {
		case tc.reason == "" && !r.Accepted:
			t.Errorf("%s: rejected: %s", tc.name, r.Reason)
		case tc.reason != "" && (r.Accepted || !strings.Contains(r.Reason, tc.reason)):
			t.Errorf("%s: accepted %v: %s (want a reason with %q)", tc.name, r.Accepted, r.Reason, tc.reason)
		}
	}
}

func TestEmptyAnswer(t *testing.T) {
	recs := verify(t, verifier.Config{}, parisSubgoal(),
		// Grounded: person, name and live (:city) are realised; every IRI
		// is in the slice; "Paris" is a constant (no one works for a
		// person).
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c ; :worksFor ?w . ?w a :Person . FILTER(?c = "Paris") }`,
		// Not grounded: "live" is not realised (no :city).
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :age ?a . FILTER(?a > 100) }`,
		// Not grounded: :nickname is not in the slice.
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c ; :nickname ?k }`,
	)
	if r := recs[0]; !r.Accepted || !r.Grounded || r.Rows != 0 || len(r.Perturbations) != 0 {
		t.Errorf("grounded empty answer: accepted %v grounded %v: %s", r.Accepted, r.Grounded, r.Reason)
	}
	if r := recs[1]; r.Accepted || r.Grounded || !strings.Contains(r.Reason, `"live"`) {
		t.Errorf("ungrounded empty answer: accepted %v: %s", r.Accepted, r.Reason)
	}
	if r := recs[2]; r.Accepted || !strings.Contains(r.Reason, ":nickname") {
		t.Errorf("IRI outside the slice: accepted %v: %s", r.Accepted, r.Reason)
	}
	// Grounded but not covered: the question names Paris, the query
	// looks for Rome.
	if r := verify(t, verifier.Config{}, parisSubgoal(), `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c . FILTER(?c = "Rome") }`)[0]; r.Accepted || !r.Grounded || !strings.Contains(r.Reason, `names "Paris"`) {
		t.Errorf("grounded, not covered: accepted %v grounded %v: %s", r.Accepted, r.Grounded, r.Reason)
	}
	// No slice: nothing is grounded.
	recs2, err := verifier.New(verifier.Config{}).Verify(context.Background(), parisSubgoal(), nil, peopleGraph(t),
		[]handoff.Candidate{cand(`SELECT ?n WHERE { ?p :name ?n ; :city "Rome" }`)})
	if err != nil || recs2[0].Accepted {
		t.Errorf("no slice: %+v, %v", recs2[0], err)
	}
}

func TestNothingToPerturb(t *testing.T) {
	count := &handoff.Subgoal{ID: "s1", Text: "How many people are there?", Operations: []handoff.Operation{handoff.OpAggregate},
		Requirements: handoff.Requirements{Types: []string{"person"}, Output: handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount}}}
	recs := verify(t, verifier.Config{}, count,
		`SELECT (COUNT(*) AS ?k) WHERE { ?p a :Person }`,
		`SELECT (COUNT(*) AS ?k) WHERE { }`,
	)
	if r := recs[0]; !r.Accepted || !strings.Contains(r.Reason, "no perturbation") {
		t.Errorf("count of people: accepted %v: %s", r.Accepted, r.Reason)
	}
	if r := recs[1]; r.Accepted {
		t.Errorf("count of nothing: accepted: %s", r.Reason)
	}
}

func TestFailures(t *testing.T) {
	recs := verify(t, verifier.Config{}, parisSubgoal(), `SELECT ?n WHERE { ?p :name ?n `, `SELECT ?n WHERE { SERVICE <http://example.org/sparql> { ?p :name ?n } }`)
	for i, r := range recs {
		if r.Accepted || r.Error == "" {
			t.Errorf("candidate %d: accepted %v, error %q: %s", i, r.Accepted, r.Error, r.Reason)
		}
	}
	// A graph whose endpoint fails.
	boom := &kg.Graph{ID: "boom", Endpoint: kg.EndpointFunc(func(context.Context, string) (*sparql.Results, error) {
		return nil, errors.New("boom")
	})}
	recs, err := verifier.New(verifier.Config{}).Verify(context.Background(), parisSubgoal(), peopleSlice(), boom, []handoff.Candidate{cand(parisGood)})
	if err != nil || recs[0].Accepted || !strings.Contains(recs[0].Error, "boom") {
		t.Errorf("failing endpoint: %+v, %v", recs[0], err)
	}
	// A perturbation that fails is recorded and left out of the mean.
	g := peopleGraph(t)
	flaky := &kg.Graph{ID: "people", Endpoint: kg.EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		if strings.Contains(q, "Lyon") {
			return nil, errors.New("flaky")
		}
		return g.Query(ctx, q)
	})}
	recs, err = verifier.New(verifier.Config{}).Verify(context.Background(), parisSubgoal(), peopleSlice(), flaky, []handoff.Candidate{cand(parisGood)})
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, p := range recs[0].Perturbations {
		if p.Error != "" {
			failed++
		}
	}
	if failed == 0 || !recs[0].Accepted {
		t.Errorf("flaky: %d failed perturbations, accepted %v: %s", failed, recs[0].Accepted, recs[0].Reason)
	}
	// A cancelled context.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := verifier.New(verifier.Config{}).Verify(ctx, parisSubgoal(), peopleSlice(), g, []handoff.Candidate{cand(parisGood)}); err == nil {
		t.Error("cancelled: no error")
	}
}

func TestTimeout(t *testing.T) {
	slow := &kg.Graph{ID: "slow", Endpoint: kg.EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})}
	start := time.Now()
	recs, err := verifier.New(verifier.Config{Timeout: 20 * time.Millisecond}).Verify(context.Background(), parisSubgoal(), peopleSlice(), slow, []handoff.Candidate{cand(parisGood)})
	if err != nil || recs[0].Accepted || !strings.Contains(recs[0].Error, "deadline") {
		t.Fatalf("%+v, %v", recs[0], err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
}

// Verify is safe for concurrent use and gives the same records each time.
func TestConcurrentVerify(t *testing.T) {
	v := verifier.New(verifier.Config{Concurrency: 8, M: 8})
	g := peopleGraph(t)
	cands := []handoff.Candidate{cand(parisGood), cand(parisLoose), cand(`SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a > 30) }`)}
	want, err := v.Verify(context.Background(), parisSubgoal(), peopleSlice(), g, cands)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Go(func() {
			got, err := v.Verify(context.Background(), parisSubgoal(), peopleSlice(), g, cands)
			if err != nil {
				errs <- err
				return
			}
			for i := range got {
				if fmt.Sprint(got[i].Accepted, got[i].Reason, got[i].Perturbations) != fmt.Sprint(want[i].Accepted, want[i].Reason, want[i].Perturbations) {
					errs <- fmt.Errorf("candidate %d: %s, want %s", i, got[i].Reason, want[i].Reason)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestConfigDefaults(t *testing.T) {
	c := verifier.New(verifier.Config{}).Config()
	if c.Theta != verifier.DefaultTheta || c.M != verifier.DefaultM || c.Timeout != verifier.DefaultTimeout || c.Concurrency < 1 || len(c.Operators) != len(perturb.Operators) {
		t.Fatalf("defaults: %+v", c)
	}
	c = verifier.New(verifier.Config{Theta: 0.3, M: 2, Operators: []string{perturb.FilterRelax}}).Config()
	if c.Theta != 0.3 || c.M != 2 || len(c.Operators) != 1 {
		t.Fatalf("set: %+v", c)
	}
}

func TestAnswerSetAndJaccard(t *testing.T) {
	lit := func(s string) sparql.Term { return sparql.NewTypedLiteral(s, sparql.XSDInteger) }
	count := func(n string) *sparql.Results {
		return &sparql.Results{Vars: []string{"k"}, Rows: []sparql.Row{{"k": lit(n)}}}
	}
	vars := []string{"k"}
	if j := verifier.Jaccard(verifier.AnswerSet(count("3"), vars), verifier.AnswerSet(count("4"), vars)); j != 0 {
		t.Errorf("counts 3 and 4: Jaccard %v, want 0", j)
	}
	if j := verifier.Jaccard(verifier.AnswerSet(count("3"), vars), verifier.AnswerSet(count("3"), vars)); j != 1 {
		t.Errorf("same count: Jaccard %v, want 1", j)
	}
	rows := &sparql.Results{Vars: vars, Rows: []sparql.Row{{"k": lit("1")}, {"k": lit("2")}, {"k": lit("2")}, {}}}
	if s := verifier.AnswerSet(rows, vars); len(s) != 2 {
		t.Errorf("set of %d, want 2 (duplicates and unbound rows out)", len(s))
	}
	if j := verifier.Jaccard(verifier.AnswerSet(rows, vars), verifier.AnswerSet(count("2"), vars)); j != 0.5 {
		t.Errorf("Jaccard %v, want 0.5", j)
	}
	yes, no := true, false
	if j := verifier.Jaccard(verifier.AnswerSet(&sparql.Results{Boolean: &yes}, nil), verifier.AnswerSet(&sparql.Results{Boolean: &no}, nil)); j != 0 {
		t.Errorf("true vs false: %v", j)
	}
	if j := verifier.Jaccard(map[string]bool{}, map[string]bool{}); j != 1 {
		t.Errorf("empty vs empty: %v", j)
	}
}

// TestNamedLeftOut: an attribute of the query's class that the question
// names and the query leaves out is counted in the evidence.
func TestNamedLeftOut(t *testing.T) {
	sg := parisSubgoal()
	sg.Text = "What are the names and ages of the people who live in 'Paris'?"
	checkEvidence(t, sg, "named_left_out", []evidenceCase{
		{`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c . FILTER(?c = "Paris") }`, 1},
		{`SELECT ?n ?a WHERE { ?p a :Person ; :name ?n ; :age ?a ; :city ?c . FILTER(?c = "Paris") }`, 0},
		// No class of the query holds an age.
		{`SELECT ?l WHERE { ?c a :Company ; :label ?l }`, 0},
	})
}

// evidenceCase is a query and the figure its record's evidence should
// hold.
type evidenceCase struct {
	query string
	want  float64
}

// checkEvidence verifies each query for sg and checks the evidence
// figure key of its record.
func checkEvidence(t *testing.T, sg *handoff.Subgoal, key string, cases []evidenceCase) {
	t.Helper()
	for _, tc := range cases {
		r := verify(t, verifier.Config{Theta: 1}, sg, tc.query)[0]
		if got := r.Evidence[key]; got != tc.want {
			t.Errorf("%s: %s = %v, want %v", tc.query, key, got, tc.want)
		}
	}
}

// TestWordsUnrealised: content words of the question that nothing in the
// query accounts for are counted.
func TestWordsUnrealised(t *testing.T) {
	sg := parisSubgoal()
	sg.Text = "What are the ages of the people who live in 'Paris'?"
	// "live" is never in these queries; "people" is the Person class
	// (lexicon.Singular).
	checkEvidence(t, sg, "words_unrealised", []evidenceCase{
		{`SELECT ?a WHERE { ?p a :Person ; :age ?a ; :city ?c . FILTER(?c = "Paris") }`, 1},
		{`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c . FILTER(?c = "Paris") }`, 2},
		{`SELECT ?n WHERE { ?p a :Person ; :name ?n }`, 3},
	})
}

// TestQueryShape: the form of the query is part of the evidence.
func TestQueryShape(t *testing.T) {
	sg := parisSubgoal()
	r := verify(t, verifier.Config{Theta: 1}, sg,
		`SELECT ?c (COUNT(*) AS ?n) WHERE { ?p a :Person ; :city ?c . FILTER(?c != "Rome") } GROUP BY ?c ORDER BY DESC(?n) LIMIT 2`)[0]
	want := map[string]float64{"query_triples": 2, "query_types": 1, "query_filters": 1, "query_aggregates": 1,
		"query_grouped": 1, "query_ordered": 1, "query_limited": 1}
	for k, v := range want {
		if got, ok := r.Evidence[k]; !ok || got != v {
			t.Errorf("%s = %v (set %v), want %v", k, got, ok, v)
		}
	}
}

// TestAggregateOverNoRows: an average over no rows ("the average age of
// the people who live in Rome", where none does) prints a number but
// answers nothing; over the people of Paris it is an answer.
func TestAggregateOverNoRows(t *testing.T) {
	sg := parisSubgoal()
	recs := verify(t, verifier.Config{}, sg,
		`SELECT (AVG(?a) AS ?avg) WHERE { ?p a :Person ; :age ?a ; :city ?c . FILTER(?c = "Rome") }`,
		`SELECT (AVG(?a) AS ?avg) WHERE { ?p a :Person ; :age ?a ; :city ?c . FILTER(?c = "Paris") }`)
	if r := recs[0]; r.Accepted || !strings.Contains(r.Reason, "over no rows") {
		t.Errorf("average over no rows: accepted %v: %s", r.Accepted, r.Reason)
	}
	if r := recs[1]; strings.Contains(r.Reason, "over no rows") {
		t.Errorf("average over Paris: %s", r.Reason)
	}
}
