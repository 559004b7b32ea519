package handoff

import (
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestValidate(t *testing.T) {
	ok := func() *Decomposition {
		return &Decomposition{Question: "q", Source: "rules", Subgoals: []Subgoal{
			{ID: "s1", Text: "a", Operations: []Operation{OpLookup}, Requirements: Requirements{Output: Output{Shape: ShapeEntities}}},
			{ID: "s2", Text: "b", Operations: []Operation{OpAggregate}, DependsOn: []string{"s1"},
				Requirements: Requirements{Output: Output{Shape: ShapeNumber, Aggregate: AggCount}, Filters: []Filter{{Op: FilterGt, Value: "3"}}}},
		}}
	}
	if err := ok().Validate(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(d *Decomposition)
		want string
	}{
		{"empty", func(d *Decomposition) { d.Subgoals = nil }, "no subgoals"},
		{"empty id", func(d *Decomposition) { d.Subgoals[0].ID = "" }, "empty id"},
		{"duplicate id", func(d *Decomposition) { d.Subgoals[1].ID = "s1"; d.Subgoals[1].DependsOn = nil }, "duplicate id"},
		{"no operations", func(d *Decomposition) { d.Subgoals[0].Operations = nil }, "no operations"},
		{"unknown operation", func(d *Decomposition) { d.Subgoals[0].Operations = []Operation{"fly"} }, `unknown operation "fly"`},
		{"self dependency", func(d *Decomposition) { d.Subgoals[1].DependsOn = []string{"s2"} }, "depends on itself"},
		{"forward dependency (cycle or order)", func(d *Decomposition) { d.Subgoals[0].DependsOn = []string{"s2"} }, "not an earlier subgoal"},
		{"missing dependency", func(d *Decomposition) { d.Subgoals[1].DependsOn = []string{"s9"} }, `"s9"`},
		{"shape", func(d *Decomposition) { d.Subgoals[0].Requirements.Output.Shape = "blob" }, "unknown output shape"},
		{"filter op", func(d *Decomposition) { d.Subgoals[1].Requirements.Filters[0].Op = "~" }, "unknown filter op"},
		{"aggregate", func(d *Decomposition) { d.Subgoals[1].Requirements.Output.Aggregate = "median" }, "unknown aggregate"},
		{"listed aggregate", func(d *Decomposition) { d.Subgoals[1].Requirements.Output.Aggregates = []Aggregate{AggMin, "median"} }, "unknown listed aggregate"},
		{"more aggregates", func(d *Decomposition) {
			d.Subgoals[1].Requirements.Output.MoreAggregates = []AggregateTerm{{Aggregate: "mode", Of: "age"}}
		}, "unknown aggregate \"mode\" of \"age\""},
		{"more aggregates of nothing", func(d *Decomposition) {
			d.Subgoals[1].Requirements.Output.MoreAggregates = []AggregateTerm{{Aggregate: AggMax}}
		}, "of no term"},
	}
	for _, tt := range tests {
		d := ok()
		tt.edit(d)
		err := d.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestMerged(t *testing.T) {
	d := &Decomposition{Question: "Which singers are older than every French singer?", Subgoals: []Subgoal{
		{ID: "s1", Operations: []Operation{OpAggregate}, Mentions: []Mention{{Text: "French", Kind: MentionName}},
			Requirements: Requirements{Predicates: []string{"age", "country"}, Types: []string{"singer"}, Cues: []Cue{{Kind: CueAnswer, Text: "which"}}}},
		{ID: "s2", Operations: []Operation{OpFilter}, DependsOn: []string{"s1"}, Mentions: []Mention{{Text: "French", Kind: MentionName}},
			Requirements: Requirements{Predicates: []string{"age", "name"}, Types: []string{"singer"}, Output: Output{Shape: ShapeValues},
				Cues: []Cue{{Kind: CueAnswer, Text: "which"}, {Kind: CueComparative, Text: "older", Term: "age"}}}},
	}}
	m := d.Merged()
	if m.Text != d.Question || strings.Join(m.Requirements.Predicates, ",") != "age,country,name" ||
		strings.Join(m.Requirements.Types, ",") != "singer" || len(m.Mentions) != 1 ||
		m.Requirements.Output.Shape != ShapeValues || !m.Has(OpFilter) || m.Has(OpAggregate) {
		t.Errorf("merged = %+v", m)
	}
	// The cues of every subgoal, each once: what answering the question
	// in one query reads ("which", "older").
	if len(m.Requirements.Cues) != 2 || !m.Asks("which") || m.Requirements.Cues[1].Text != "older" {
		t.Errorf("merged cues = %+v", m.Requirements.Cues)
	}
	if got := strings.Join(m.Requirements.Terms(), ","); got != "age,country,name,singer" {
		t.Errorf("terms = %s", got)
	}
	if s, ok := d.Subgoal("s2"); !ok || s.DependsOn[0] != "s1" {
		t.Error("Subgoal(s2)")
	}
	if (&Decomposition{}).Final() != nil {
		t.Error("Final of empty")
	}
}

func TestSliceHelpers(t *testing.T) {
	s := &Slice{Graph: "g", Prefixes: []Prefix{{"", "http://x/"}, {"p", "http://x/p/"}},
		Classes:    []SliceClass{{IRI: "http://x/Singer", Label: "Singer", Count: 3}},
		Properties: []SliceProperty{{IRI: "http://x/p/age", Domains: []string{"http://x/Singer"}, Datatypes: []string{"http://www.w3.org/2001/XMLSchema#integer"}, Samples: []string{"30"}}},
		Values:     []SliceValue{{Property: "http://x/p/country", Value: "France"}},
	}
	if !s.HasClass("http://x/Singer") || s.HasClass("http://x/p/age") || !s.HasProperty("http://x/p/age") {
		t.Error("Has*")
	}
	if got := s.Compact("http://x/p/age"); got != "p:age" {
		t.Errorf("Compact = %s", got)
	}
	text := s.Text()
	for _, want := range []string{"PREFIX p: <http://x/p/>", `- :Singer "Singer" (3)`, `- p:age: :Singer → <http://www.w3.org/2001/XMLSchema#integer>; e.g. "30"`, `- p:country "France"`} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	a := &Allocation{Scores: []GraphScore{{Graph: "g", Final: 0.5}}, Slices: []*Slice{s}}
	if sc, ok := a.Score("g"); !ok || sc.Final != 0.5 {
		t.Error("Score")
	}
	if _, ok := a.Slice("g"); !ok {
		t.Error("Slice")
	}
	c := Candidate{Checks: []Check{{Name: "parses", Passed: true}, {Name: "vocabulary", Passed: false}}}
	if c.Admissible() {
		t.Error("Admissible with a failed check")
	}
	var tr *Trace
	tr.Add(Event{}) // nil-safe
}

func TestSetOperation(t *testing.T) {
	for _, c := range []struct {
		ops  []Operation
		want Operation
	}{
		{[]Operation{OpLookup, OpFilter}, ""},
		{[]Operation{OpIntersect}, OpIntersect},
		{[]Operation{OpLookup, OpDifference, OpUnion}, OpDifference},
	} {
		sg := &Subgoal{Operations: c.ops}
		if got := sg.SetOperation(); got != c.want {
			t.Errorf("%v: %q, want %q", c.ops, got, c.want)
		}
	}
}

func TestDependencyValue(t *testing.T) {
	lit := func(s string) sparql.Term { return &sparql.Literal{Lexical: s} }
	rec := func(accepted bool, vars []string, rows ...sparql.Row) Record {
		return Record{Accepted: accepted, Results: &sparql.Results{Vars: vars, Rows: rows}}
	}
	for _, c := range []struct {
		name string
		recs []Record
		want string // "" for nil
	}{
		{"one value", []Record{rec(true, []string{"avg"}, sparql.Row{"avg": lit("19.5")})}, "19.5"},
		{"the number beside a key", []Record{rec(true, []string{"sex", "avg"}, sparql.Row{"sex": lit("F"), "avg": lit("19.5")})}, "19.5"},
		{"no number", []Record{rec(true, []string{"name"}, sparql.Row{"name": lit("Ann")})}, "Ann"},
		{"one row per group is no single value", []Record{rec(true, []string{"sex", "avg"},
			sparql.Row{"sex": lit("F"), "avg": lit("19.5")}, sparql.Row{"sex": lit("M"), "avg": lit("20")})}, ""},
		{"not accepted", []Record{rec(false, []string{"avg"}, sparql.Row{"avg": lit("19.5")})}, ""},
		{"the first accepted with rows", []Record{rec(true, []string{"avg"}), rec(false, []string{"avg"}, sparql.Row{"avg": lit("1")}),
			rec(true, []string{"avg"}, sparql.Row{"avg": lit("2")})}, "2"},
		{"none", nil, ""},
	} {
		got := sparql.TermValue(DependencyValue(c.recs))
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestFilterBareAge(t *testing.T) {
	for _, c := range []struct {
		f    Filter
		want bool
	}{
		{Filter{Op: FilterLt, Value: "40", ValueKind: "number"}, true},
		{Filter{Op: FilterBetween, Value: "20", Value2: "30", ValueKind: "number"}, true},
		{Filter{Op: FilterGt, Value: "1000", ValueKind: "number"}, false},                   // no age
		{Filter{Op: FilterGt, Value: "2.5", ValueKind: "number"}, false},                    // not whole
		{Filter{Attribute: "goals", Op: FilterGt, Value: "30", ValueKind: "number"}, false}, // named
		{Filter{Op: FilterGt, Value: "30", ValueKind: "date"}, false},
		{Filter{Op: FilterBetween, Value: "20", Value2: "300", ValueKind: "number"}, false},
	} {
		if got := c.f.BareAge(); got != c.want {
			t.Errorf("%+v: BareAge() = %v, want %v", c.f, got, c.want)
		}
	}
}

func TestSubgoalAsks(t *testing.T) {
	sg := &Subgoal{Requirements: Requirements{Cues: []Cue{
		{Kind: CueSuperlative, Text: "who"}, {Kind: CueAnswer, Text: "Who"},
	}}}
	if !sg.Asks("who") || sg.Asks("which") || (&Subgoal{}).Asks("who") {
		t.Error(`Asks: want true for the answer cue "Who" only`)
	}
}
