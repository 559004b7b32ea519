package qa

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// TestCompare: the difference of EA is paired by question ID, over the
// questions with a gold answer both reports hold.
func TestCompare(t *testing.T) {
	full := Summarize([]Item{{ID: "1", Gold: true, EA: true}, {ID: "2", Gold: true, EA: true}, {ID: "3", Gold: true}, {ID: "4"}}, nil)
	abl := Summarize([]Item{{ID: "1", Gold: true}, {ID: "2", Gold: true, EA: true}, {ID: "3", Gold: true, EA: true}, {ID: "5", Gold: true}}, nil)
	d := Compare(full, abl)
	if d.N != 3 || d.EA != 0 {
		t.Errorf("Compare = %+v, want 3 pairs, Δ 0", d)
	}
	abl2 := Summarize([]Item{{ID: "1", Gold: true}, {ID: "2", Gold: true}, {ID: "3", Gold: true}}, nil)
	full.AddAblations(abl, abl2)
	if len(full.Ablations) != 2 || full.Ablations[1].VsFull == nil || full.Ablations[1].VsFull.N != 3 ||
		full.Ablations[1].VsFull.EA != -2.0/3 || full.Ablations[1].VsFull.CI.Hi > 0 {
		t.Errorf("AddAblations: %+v", full.Ablations[1].VsFull)
	}
}

// byText answers from a table of question → whether the answer is right
// (the gold answer "x").
type byText map[string]bool

func (a byText) Ask(_ context.Context, q string) (*handoff.Answer, error) {
	v := "y"
	if a[q] {
		v = "x"
	}
	return &handoff.Answer{Results: &sparql.Results{Vars: []string{"x"}, Rows: []sparql.Row{{"x": sparql.NewLiteral(v)}}}}, nil
}

// goldQuestion is question id asking text whose gold answer is the
// literal v.
func goldQuestion(id, text, v string) Question {
	return Question{ID: id, Text: text, Operation: "lookup",
		Answer: &sparql.Results{Vars: []string{"x"}, Rows: []sparql.Row{{"x": sparql.NewLiteral(v)}}}}
}

// TestRunAblationsReport: every configuration runs on the same questions,
// and the report compares them in a table and a chart with a legend.
func TestRunAblationsReport(t *testing.T) {
	qs := []Question{goldQuestion("1", "a", "x"), goldQuestion("2", "b", "x"), goldQuestion("3", "c", "x"), goldQuestion("4", "d", "x")}
	askers := map[string]byText{
		"no-verifier": {"a": true, "b": true, "c": true, "d": true},
		"monolithic":  {"a": true},
	}
	reports, err := RunAblations(context.Background(), func(name string) (Asker, error) {
		a, ok := askers[name]
		if !ok {
			return nil, errors.New("unknown")
		}
		return a, nil
	}, []string{"no-verifier", "monolithic"}, qs, Options{Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 2 || reports[0].EA != 1 || reports[1].EA != 0.25 || !slices.Equal(reports[1].Ablation, []string{"monolithic"}) {
		t.Fatalf("reports: %+v", reports)
	}
	if _, err := RunAblations(context.Background(), func(string) (Asker, error) { return nil, errors.New("boom") }, []string{"x"}, qs, Options{}); err == nil || !strings.Contains(err.Error(), "ablation x") {
		t.Errorf("a failing build: %v", err)
	}
	full, err := Run(context.Background(), byText{"a": true, "b": true}, qs, Options{Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	full.AddAblations(reports...)
	dir := t.TempDir()
	paths, err := WriteReport(dir, full, ReportInfo{Title: "ablations"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(paths, filepath.Join(dir, AblationFile)) {
		t.Fatalf("no %s in %v", AblationFile, paths)
	}
	md, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Ablations (3 configurations on the same 4 questions)", "![ablations](" + AblationFile + ")",
		"| full system | 50.0% [", "| no-verifier | 100.0% [100.0, 100.0] | +50.0 [", "| monolithic | 25.0% [", "| -25.0 ["} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, AblationFile))
	if err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, AblationFile, data)
	for _, want := range []string{"full system", "no-verifier", "monolithic", "EA of the configuration", ciLegend,
		"EA of the full system (50.0%)", "EA (exact answer set)", "0%", "100%"} {
		if !slices.Contains(texts, want) {
			t.Errorf("%s has no text %q: %q", AblationFile, want, texts)
		}
	}
}
