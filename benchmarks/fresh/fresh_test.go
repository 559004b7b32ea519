package fresh

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/kg"
)

// spiderDevDir returns ../../../shared/data/spider4sparql/graphs/dev or
// skips.
func spiderDevDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", "spider4sparql", "graphs", "dev")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("skipping the spider-dev part: Spider4SPARQL dev graphs not found at %s (the shared data lives in ../shared/data beside the repository): %v", dir, err)
	}
	return dir
}

func TestDefault(t *testing.T) {
	entries, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 64 {
		t.Errorf("%d questions, want at least 64", len(entries))
	}
	shapes, graphs := map[string]int{}, map[string]int{}
	for _, e := range entries {
		shapes[e.Shape]++
		graphs[e.Graph]++
	}
	for _, s := range Shapes {
		if shapes[s] < 4 {
			t.Errorf("shape %s has %d questions, want at least 4", s, shapes[s])
		}
	}
	// Every graph a batch may name is asked about in some batch of the
	// suite (the spider-train graphs in the later batches).
	batches, err := filepath.Glob("questions-*.yaml")
	if err != nil || len(batches) == 0 {
		t.Fatalf("batches: %v %v", batches, err)
	}
	for _, b := range batches {
		es, err := Load(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		for _, e := range es {
			graphs[e.Graph]++
		}
	}
	for c, gs := range Graphs {
		for _, g := range gs {
			if graphs[g] == 0 {
				t.Errorf("graph %s of %s has no question in any batch", g, c)
			}
		}
	}
	// The file on disk is the embedded one.
	onDisk, err := Load(File)
	if err != nil {
		t.Fatal(err)
	}
	if len(onDisk) != len(entries) {
		t.Errorf("Load(%s): %d questions, Default: %d", File, len(onDisk), len(entries))
	}
}

func TestParseErrors(t *testing.T) {
	const ok = "  - id: q1\n    graph: music\n    collection: demo\n    shape: relation\n    question: Who played at Harbour Hall?\n" +
		"    sparql: 'SELECT ?n WHERE { ?a <http://example.org/music/name> ?n }'\n"
	if _, err := Parse([]byte("questions:\n"+ok), "ok.yaml"); err != nil {
		t.Fatalf("valid input: %v", err)
	}
	cases := []struct {
		name, input string
		want        []string
	}{
		{"malformed YAML", "questions: [\n", []string{"bad.yaml", "malformed YAML"}},
		{"empty", "", []string{"no questions"}},
		{"not a list", "questions: 3\n", []string{"malformed YAML"}},
		{"unknown key", "questions:\n" + ok + "    answer: 3\n", []string{"malformed YAML", "answer"}},
		{"missing fields", "questions:\n  - id: q1\n    graph: music\n    collection: demo\n", []string{
			`question 1 (q1): missing field "shape"`, `missing field "question"`, `missing field "sparql"`}},
		{"unknown shape", "questions:\n" + strings.Replace(ok, "shape: relation", "shape: lookup", 1), []string{
			`question 1 (q1): unknown shape "lookup"`, "attribute-of-entity"}},
		{"unknown collection", "questions:\n" + strings.Replace(ok, "collection: demo", "collection: qald", 1), []string{
			`unknown collection "qald"`}},
		{"graph of another collection", "questions:\n" + strings.Replace(ok, "graph: music", "graph: world_1", 1), []string{
			`graph "world_1" is not a graph of collection demo`}},
		{"duplicate", "questions:\n" + ok + ok, []string{`question 2 (q1): ID "q1" is also the ID of question 1`, "the same question as question 1"}},
		{"bad SPARQL", "questions:\n" + strings.Replace(ok, "SELECT ?n WHERE {", "SELECT ?n WHERE", 1), []string{
			"question 1 (q1): gold query does not parse"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.input), "bad.yaml")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
		})
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.yaml")); err == nil || !strings.Contains(err.Error(), "none.yaml") {
		t.Errorf("Load of a missing file: %v", err)
	}
}

// checkGold checks that every entry's gold query answers on coll and
// that the questions carry it.
func checkGold(t *testing.T, entries []Entry, coll *kg.Collection) {
	t.Helper()
	qs, err := Questions(context.Background(), entries, coll)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(entries) {
		t.Fatalf("%d questions for %d entries", len(qs), len(entries))
	}
	for i, q := range qs {
		e := entries[i]
		if q.ID != e.ID || q.Text != e.Question || q.Graph != e.Graph || q.Operation != e.Shape || q.Answer == nil {
			t.Errorf("%s: question %+v", e.ID, q)
		}
		if (e.Shape == "yes-no") != (q.Answer.Boolean != nil) {
			t.Errorf("%s: shape %s but the gold answer is %v", e.ID, e.Shape, q.Answer)
		}
	}
}

func TestGoldDemo(t *testing.T) {
	entries, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	coll, err := demo.Collection(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checkGold(t, InCollection(entries, Demo), coll)
}

func TestGoldSpider(t *testing.T) {
	dir := spiderDevDir(t)
	entries, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var fgs []kg.FileGraph
	for _, g := range Graphs[SpiderDev] {
		fgs = append(fgs, kg.FileGraph{ID: g, Files: []string{filepath.Join(dir, g+".nt")}})
	}
	coll, err := kg.LoadFiles(context.Background(), kg.LoadOptions{}, fgs...)
	if err != nil {
		t.Fatal(err)
	}
	checkGold(t, InCollection(entries, SpiderDev), coll)
}

func TestGoldFailures(t *testing.T) {
	coll, err := demo.Collection(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		e    Entry
		want string
	}{
		{Entry{ID: "x", Graph: "world_1", SPARQL: "ASK {}"}, `x: graph "world_1" is not in the collection`},
		{Entry{ID: "y", Graph: "music", SPARQL: "SELECT ?s WHERE { ?s <http://example.org/none> ?o }"}, "y: gold query on graph music: empty answer"},
	} {
		if _, err := Gold(ctx, c.e, coll); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Gold(%s): %v, want an error with %q", c.e.ID, err, c.want)
		}
	}
}

func TestTally(t *testing.T) {
	entries := []Entry{
		{ID: "a", Collection: Demo, Shape: "relation"},
		{ID: "b", Collection: Demo, Shape: "negation"},
		{ID: "c", Collection: SpiderDev, Shape: "relation"},
		{ID: "d", Collection: SpiderDev, Shape: "yes-no"},
		{ID: "e", Collection: SpiderDev, Shape: "yes-no"},
	}
	items := []qa.Item{
		{ID: "a", EA: true, Answered: true, Verified: true},
		{ID: "b", EA: true, Answered: true},
		{ID: "c", Answered: true, Verified: true},
		{ID: "d", Answered: true},
		{ID: "e", Verified: true}, // no answer: wrong, not verified
		{ID: "other", EA: true},   // not of the suite
	}
	b := Tally(entries, items)
	want := Bins{N: 5, Right: 2, EA: 0.4, RightVerified: 1, RightNotVerified: 1, WrongVerified: 1, WrongNotVerified: 2, WrongVerifiedShare: 0.5,
		EACI: qa.CountCI(2, 5)}
	if b.Bins != want || want.EACI.Lo >= 0.4 || want.EACI.Hi <= 0.4 {
		t.Errorf("overall %+v, want %+v", b.Bins, want)
	}
	if d := b.ByCollection[Demo]; d.N != 2 || d.Right != 2 || d.WrongVerifiedShare != 0 {
		t.Errorf("demo %+v", d)
	}
	if s := b.ByCollection[SpiderDev]; s.N != 3 || s.Right != 0 || s.WrongVerified != 1 || s.WrongNotVerified != 2 || s.WrongVerifiedShare != 1 {
		t.Errorf("spider-dev %+v", s)
	}
	if r := b.ByShape["relation"]; r.N != 2 || r.RightVerified != 1 || r.WrongVerified != 1 || r.EA != 0.5 {
		t.Errorf("relation %+v", r)
	}
	if len(b.ByShape) != 3 {
		t.Errorf("shapes %v", b.ByShape)
	}
}
