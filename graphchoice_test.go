package schemaforge

import (
	"slices"
	"testing"

	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// TestGraphChoice: the most confident accepted candidate answers for its
// graph unless a better-ranked accepted one is within rankMargin; a
// candidate a language model chose answers whatever its confidence.
func TestGraphChoice(t *testing.T) {
	rec := func(accepted bool, conf float64, chosenBy string) handoff.Record {
		return handoff.Record{Accepted: accepted, Confidence: conf, Candidate: handoff.Candidate{ChosenBy: chosenBy}}
	}
	for _, c := range []struct {
		name string
		recs []handoff.Record
		want int
	}{
		{"none accepted", []handoff.Record{rec(false, 0.9, ""), rec(false, 0.8, "")}, -1},
		{"clearly more confident", []handoff.Record{rec(true, 0.5, ""), rec(true, 0.8, "")}, 1},
		{"close: the better rank", []handoff.Record{rec(true, 0.64, ""), rec(true, 0.71, "")}, 0},
		{"close, but the better rank was rejected", []handoff.Record{rec(false, 0.7, ""), rec(true, 0.6, ""), rec(true, 0.65, "")}, 1},
		{"chosen by a model", []handoff.Record{rec(true, 0.9, ""), rec(true, 0.2, "llm")}, 1},
	} {
		if got := graphChoice(c.recs); got != c.want {
			t.Errorf("%s: graphChoice = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestContested: another graph's accepted answer, set aside by routing,
// contests the one used when it differs and the model finds it at least
// as likely right as wrong; the same answer, an unlikely one, another
// candidate of the same graph or an empty answer do not.
func TestContested(t *testing.T) {
	res := func(vals ...string) *sparql.Results {
		r := &sparql.Results{Vars: []string{"x"}}
		for _, v := range vals {
			r.Rows = append(r.Rows, map[string]sparql.Term{"x": &sparql.Literal{Lexical: v}})
		}
		return r
	}
	rec := func(graph string, setAside bool, conf float64, r *sparql.Results) handoff.Record {
		return handoff.Record{Candidate: handoff.Candidate{Graph: graph}, SetAside: setAside, Confidence: conf, Results: r, Rows: len(r.Rows), Accepted: !setAside}
	}
	used := rec("car_1", false, 0.8, res("Europe", "Asia"))
	for _, c := range []struct {
		name  string
		other handoff.Record
		want  bool
	}{
		{"another graph, another answer", rec("world_1", true, 0.62, res("Europe", "Asia", "Africa")), true},
		{"another graph, the same answer", rec("world_1", true, 0.62, res("Asia", "Europe")), false},
		{"another graph, unlikely", rec("world_1", true, 0.3, res("Africa")), false},
		{"the same graph", rec("car_1", true, 0.9, res("Africa")), false},
		{"another graph, empty", rec("world_1", true, 0.9, res()), false},
		{"another graph, not set aside", rec("world_1", false, 0.9, res("Africa")), false},
	} {
		recs := []handoff.Record{used, c.other}
		if got := contested(recs, &recs[0]) != nil; got != c.want {
			t.Errorf("%s: contested %v, want %v", c.name, got, c.want)
		}
	}
}

// TestEmptyYields: the first graph's empty accepted answer yields to a
// later graph's answer with rows when that graph scored nearly as well;
// not to one far below, nor when the first answer has rows.
func TestEmptyYields(t *testing.T) {
	rec := func(accepted bool, rows int) handoff.Record { return handoff.Record{Accepted: accepted, Rows: rows} }
	scores := map[string]float64{"a": 0.81, "b": 0.80, "c": 0.5}
	score := func(id string) float64 { return scores[id] }
	for _, c := range []struct {
		name     string
		results  [][]handoff.Record
		selected []string
		want     bool
		i, j     int
	}{
		{"empty yields to close rows", [][]handoff.Record{{rec(true, 0)}, {rec(true, 4)}}, []string{"a", "b"}, true, 0, 1},
		{"rows first", [][]handoff.Record{{rec(true, 2)}, {rec(true, 4)}}, []string{"a", "b"}, false, 0, 0},
		{"far below", [][]handoff.Record{{rec(true, 0)}, {rec(true, 4)}}, []string{"a", "c"}, false, 0, 0},
		{"later rows rejected", [][]handoff.Record{{rec(true, 0)}, {rec(false, 4)}}, []string{"a", "b"}, false, 0, 0},
		{"first rejected", [][]handoff.Record{{rec(false, 0)}, {rec(true, 0)}, {rec(true, 3)}}, []string{"c", "a", "b"}, true, 1, 2},
	} {
		i, j, ok := emptyYields(c.results, c.selected, score)
		if ok != c.want || ok && (i != c.i || j != c.j) {
			t.Errorf("%s: emptyYields = %d, %d, %v; want %d, %d, %v", c.name, i, j, ok, c.i, c.j, c.want)
		}
	}
}

// TestOutrankedNotByEcho: a rejected candidate the confidence model
// believes more than every accepted one sets them aside, unless all it
// does is repeat a constant of its query ("Computer Vision" for "Who
// teaches Computer Vision?").
func TestOutrankedNotByEcho(t *testing.T) {
	p := &Pipeline{conf: confidence.Default()}
	sg := &handoff.Subgoal{ID: "s1"}
	ev := func(echo float64) map[string]float64 {
		return map[string]float64{"covered": 0, "missed": 1, "missed_echo": echo, "one_row": 1, "op_filter": 1, "perturbed": 6,
			"query_filters": 1, "query_triples": 4, "query_types": 2, "alloc_top": 1, "alloc_final": 0.93, "score": 1.75, "rank": 1}
	}
	run := func(echo float64) []handoff.Record {
		res := &sparql.Results{Vars: []string{"x"}, Rows: []sparql.Row{{"x": sparql.NewLiteral("a")}}}
		recs := []handoff.Record{
			{Candidate: handoff.Candidate{Graph: "g", Rank: 1}, Results: res, Evidence: ev(echo), Confidence: 0.3},
			{Candidate: handoff.Candidate{Graph: "g", Rank: 2}, Results: res, Accepted: true, Confidence: 0},
		}
		p.outranked(sg, recs, &tracer{})
		return recs
	}
	if c := p.conf.Predict(map[string]float64{"fallback": 1}); c <= 0 {
		t.Skipf("the shipped model gives a fallback no confidence (%v)", c)
	}
	if recs := run(0); recs[1].Accepted {
		t.Errorf("a believed rejected candidate left the accepted one of confidence 0 in place")
	}
	if recs := run(1); !recs[1].Accepted {
		t.Errorf("a rejected echo set the accepted candidate aside: %s", recs[1].Reason)
	}
}

// TestMoreConfidentGraph: a later graph's accepted answer answers
// instead of the first graph's only when it is more confident by
// rankMargin; graphs without an accepted answer do not count.
func TestMoreConfidentGraph(t *testing.T) {
	rec := func(accepted bool, conf float64) handoff.Record {
		return handoff.Record{Accepted: accepted, Confidence: conf}
	}
	for _, c := range []struct {
		name    string
		results [][]handoff.Record
		want    int
	}{
		{"none accepted", [][]handoff.Record{{rec(false, 0.9)}, {rec(false, 0.2)}}, -1},
		{"close", [][]handoff.Record{{rec(true, 0.60)}, {rec(true, 0.65)}}, -1},
		{"clearly more confident", [][]handoff.Record{{rec(true, 0.17)}, {rec(true, 0.69)}}, 1},
		{"the first accepted graph is the bar", [][]handoff.Record{{rec(false, 0.9)}, {rec(true, 0.5)}, {rec(true, 0.55)}}, -1},
		{"the most confident of several", [][]handoff.Record{{rec(true, 0.2)}, {rec(true, 0.5)}, {rec(true, 0.8)}}, 2},
		{"a rejected record does not lead", [][]handoff.Record{{rec(true, 0.2)}, {rec(false, 0.9), rec(true, 0.25)}}, -1},
	} {
		if got := moreConfidentGraph(c.results, rankMargin); got != c.want {
			t.Errorf("%s: moreConfidentGraph = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestFallbackPrefersBestScoredGraph: with no accepted answer, the
// best-scored graph's most confident record answers unless another
// graph's is more confident by rankMargin.
func TestFallbackPrefersBestScoredGraph(t *testing.T) {
	p, err := New(turtleCollection(t, "g", `<http://x/a> a <http://x/thing> .`))
	if err != nil {
		t.Fatal(err)
	}
	rec := func(graph string, conf float64) handoff.Record {
		return handoff.Record{Candidate: handoff.Candidate{Graph: graph}, Confidence: conf, Results: &sparql.Results{}, Evidence: map[string]float64{}}
	}
	for _, c := range []struct {
		name string
		recs []handoff.Record
		want int
	}{
		{"close: the best-scored graph", []handoff.Record{rec("a", 0.02), rec("a", 0.01), rec("b", 0.04)}, 0},
		{"clearly more confident elsewhere", []handoff.Record{rec("a", 0.02), rec("b", 0.30)}, 1},
		{"within the best-scored graph, the most confident", []handoff.Record{rec("a", 0.01), rec("a", 0.03), rec("b", 0.05)}, 1},
	} {
		recs := c.recs
		p.fallback(&handoff.Subgoal{ID: "s1"}, recs, &tracer{})
		got := slices.IndexFunc(recs, func(r handoff.Record) bool { return r.Fallback })
		if got != c.want {
			t.Errorf("%s: the fallback is record %d, want %d", c.name, got, c.want)
		}
	}
}
