package schemaforge

import (
	"testing"

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
