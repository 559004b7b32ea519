package qa

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/internal/svgtest"
)

// svgTexts returns the text of each text element of an SVG document,
// failing the test when it is not well-formed SVG.
func svgTexts(t *testing.T, name string, data []byte) []string {
	t.Helper()
	texts, err := svgtest.Texts(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return texts
}

func countOf(xs []string, x string) int {
	n := 0
	for _, v := range xs {
		if v == x {
			n++
		}
	}
	return n
}

func sampleReport() *Report {
	r := Summarize([]Item{
		{ID: "1", Operation: "lookup", Gold: true, EA: true, MF1: 1, F1: 1, Graph: "g", Rank: 1, Parsed: true, Records: 2, Rejected: 1,
			Answered: true, Confidence: 0.95, Verified: true},
		{ID: "2", Operation: "rank <&>", Gold: true, MF1: 0.5, F1: 0.5, Graph: "g", Rank: 4, Parsed: true, Records: 1, Answered: true, Confidence: 0.55},
		{ID: "3", Operation: "lookup", Gold: true, Graph: "g", Rank: 0},
	}, nil)
	r.Dataset, r.Ablation, r.Concurrency = "spider4sparql", []string{"no-verifier"}, 2
	for _, th := range SweepThetas {
		for _, m := range SweepMs {
			r.Sweep = append(r.Sweep, SweepCell{Theta: th, M: m, N: 3, EA: th * float64(m) / 8, RejectRate: 1 - th})
		}
	}
	return r
}

func TestWriteReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	r := sampleReport()
	paths, err := WriteReport(dir, r, ReportInfo{Title: "Spider <dev>", Command: "schemaforge bench spider4sparql --split dev-public"})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 6 || filepath.Base(paths[0]) != ReportFile {
		t.Fatalf("paths %v", paths)
	}
	md, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# SchemaForge on Spider <dev>", "schemaforge bench spider4sparql --split dev-public",
		"| EA (exact answer set) | 33.3% [0.0, 100.0] |", IntervalNote, "ablation: no-verifier", "![allocation top-k](" + TopKFile + ")",
		"| top-k | 33.3% | 33.3% | 33.3% | 66.7% |", "![EA by operation](" + OperationsFile + ")", "| lookup | 2 | 1 | 50.0% [0.0, 100.0] |",
		"![sweep](" + SweepFile + ")", "| 0.9 | 22.5% [0.0, 0.0] / 10.0% | 45.0% [0.0, 0.0] / 10.0% |",
		// Confidence: answers at 0.95 (right), 0.55 (wrong), none (wrong):
		// risks 0, 1/2, 2/3; ECE (0.05 + 0.55 + 0) / 3.
		"## Confidence (3 questions with a gold answer)", "| verified precision (EA among verified answers) | 100.0% |",
		"| verified coverage (questions answered verified) | 33.3% |", "| precision at coverage 25% | 100.0% |",
		"| precision at coverage 50% | 50.0% |", "| precision at coverage 75% | 33.3% |", "| precision at coverage 100% | 33.3% |",
		"| AURC (area under risk–coverage, lower is better) | 0.389 |", "| ECE (10 bins) | 0.200 |",
		"![risk-coverage](" + RiskCoverageFile + ")", "![reliability](" + ReliabilityFile + ")",
		"| 0.9–1.0 | 1 | 95.0% | 100.0% |", "| 0.5–0.6 | 1 | 55.0% | 0.0% |", "| 0.0–0.1 | 1 | 0.0% | 0.0% |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(string(md), "No answer carries a confidence") {
		t.Error("report says no answer carries a confidence")
	}
	for name, want := range map[string][]string{
		TopKFile: {"Allocation: gold graph in the top k (final subgoal)", "k (graphs kept by the allocator)", "questions (%)", "0%", "100%",
			"gold graph ranked in the top k, final subgoal (% of 3 questions; labels in %)", "66.7", "10"},
		OperationsFile: {"EA by gold operation", "rank <&> (n=1)", "lookup (n=2)", "50.0%", "EA (exact answer set)",
			"EA of the operation's questions (label: EA)", ciLegend},
		SweepFile: {"EA over θ × m", "θ = 0.5", "m = 8", "reject 50%", "θ (invariance threshold)", "m (perturbations per candidate)",
			"EA: colour scale fixed at 0–100 % (not stretched to the values drawn)", "0%", "20%", "100%", "EA 12.5%",
			"cell: EA, its 95% bootstrap interval, the share of candidates rejected (3 questions)"},
		// The curve from (1/3, 0) to (1, 2/3), labelled at both ends.
		RiskCoverageFile: {"Risk–coverage by confidence (AURC 0.389)", "coverage (share of questions answered, most confident first)",
			"risk (share wrong)", "0.0", "66.7", "risk of the most confident answers, 3 questions (ends labelled in %)",
			"best ranking of the same answers (every right answer first)", "risk when answering every question (66.7%)"},
		ReliabilityFile: {"Reliability of confidence (ECE 0.200)", "confidence", "accuracy (share right)", "perfect calibration",
			"accuracy of the answers in each bin of confidence (bar, n above it)", "mean confidence of a bin against its accuracy"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		texts := svgTexts(t, name, data)
		for _, w := range want {
			if !slices.Contains(texts, w) {
				t.Errorf("%s has no text %q: %q", name, w, texts)
			}
		}
		if name == ReliabilityFile {
			// Three non-empty bins, each with its count.
			if n := countOf(texts, "n=1"); n != 3 {
				t.Errorf("%s: %d bins labelled n=1, want 3", name, n)
			}
		}
	}
	// Without a sweep or gold graphs, those plots are left out.
	r.Sweep, r.NGraph = nil, 0
	dir2 := t.TempDir()
	paths, err = WriteReport(dir2, r, ReportInfo{})
	if err != nil || len(paths) != 4 {
		t.Fatalf("%v, %v", paths, err)
	}
	if _, err := os.Stat(filepath.Join(dir2, SweepFile)); err == nil {
		t.Error("sweep plot without a sweep")
	}
	// Answers without confidence: the report says so.
	r = Summarize([]Item{{ID: "1", Gold: true, EA: true, Answered: true}, {ID: "2", Gold: true}}, nil)
	dir3 := t.TempDir()
	if _, err := WriteReport(dir3, r, ReportInfo{}); err != nil {
		t.Fatal(err)
	}
	md, _ = os.ReadFile(filepath.Join(dir3, ReportFile))
	if !strings.Contains(string(md), "No answer carries a confidence") || !strings.Contains(string(md), "| ECE (10 bins) | 0.500 |") {
		t.Errorf("report.md without confidence:\n%s", md)
	}
	// Without a gold answer, no plot of confidence.
	r = Summarize([]Item{{ID: "1", Answered: true, Confidence: 0.5}}, nil)
	dir4 := t.TempDir()
	if _, err := WriteReport(dir4, r, ReportInfo{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{RiskCoverageFile, ReliabilityFile} {
		if _, err := os.Stat(filepath.Join(dir4, name)); err == nil {
			t.Errorf("%s without a gold answer", name)
		}
	}
	if md, _ := os.ReadFile(filepath.Join(dir4, ReportFile)); strings.Contains(string(md), "## Confidence") {
		t.Errorf("confidence section without a gold answer:\n%s", md)
	}
}

// TestCharts: every chart renders well-formed SVG, also on empty or
// out-of-range input, and fails with an error rather than a panic.
func TestCharts(t *testing.T) {
	svg := func(name string) func(string, error) string {
		return func(s string, err error) string {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return strings.Join(svgTexts(t, name, []byte(s)), "\n")
		}
	}
	svg("topk")(TopKChart("t", []float64{2}, 1))
	svg("topk empty")(TopKChart("t", nil, 0))
	if _, err := OperationsChart("t", nil, nil); err == nil {
		t.Error("an operations chart without an operation")
	}
	svg("curve")(RiskCoverageChart("<t>", []float64{1.5}))
	if text := svg("curve empty")(RiskCoverageChart("t", nil)); !strings.Contains(text, "no question with a gold answer") {
		t.Errorf("empty risk–coverage: %q", text)
	}
	svg("reliability")(ReliabilityChart("t", ReliabilityBins(nil, nil, 10)))
	svg("heat")(SweepChart(`"quoted"`, []SweepCell{{Theta: 0.5, M: 2, EA: 0.5}}))
	if _, err := SweepChart("t", nil); err == nil {
		t.Error("a sweep chart without a cell")
	}
	if _, err := AblationChart("t", nil, nil, nil, nil); err == nil {
		t.Error("an ablation chart without a configuration")
	}
	if ink := inkOn(white); ink != black {
		t.Errorf("ink on white: %v", ink)
	}
	if ink := inkOn(black); ink != white {
		t.Errorf("ink on black: %v", ink)
	}
}

// TestSweepScaleFixed: the heat map's colours come from a scale fixed at
// 0–100 % EA: cells at 34.5 % and 37.9 % get nearly the same colour (the
// palette's steps 35 and 38, each also drawn once in the colour bar), not
// the ends of the scale as min–max stretching would give them.
func TestSweepScaleFixed(t *testing.T) {
	data, err := SweepChart("t", []SweepCell{{Theta: 0.5, M: 2, N: 10, EA: 0.345}, {Theta: 0.5, M: 4, N: 10, EA: 0.379}})
	if err != nil {
		t.Fatal(err)
	}
	cm, err := eaScale()
	if err != nil {
		t.Fatal(err)
	}
	pal, err := scaleColors(cm, 101)
	if err != nil {
		t.Fatal(err)
	}
	fill := func(k int) string {
		// As vgsvg writes a colour.
		r, g, b, a := pal[k].RGBA()
		f := 255 / float64(a)
		return fmt.Sprintf("fill:#%02X%02X%02X", int(float64(r)*f), int(float64(g)*f), int(float64(b)*f))
	}
	for k, want := range map[int]int{35: 2, 38: 2, 0: 1, 100: 1} {
		// Each step's rectangle in the colour bar is filled and outlined in
		// its colour; a cell adds one fill.
		if n := strings.Count(data, fill(k)+`"`) + strings.Count(data, fill(k)+";"); n != want {
			t.Errorf("step %d (%s) filled %d times, want %d", k, fill(k), n, want)
		}
	}
	lum := func(k int) float64 {
		r, g, b, _ := pal[k].RGBA()
		return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xffff
	}
	if d := lum(35) - lum(38); d < 0 || d > 0.06 {
		t.Errorf("34.5%% and 37.9%% differ by %.3f in luminance", d)
	}
	if d := lum(0) - lum(100); d < 0.7 {
		t.Errorf("0%% and 100%% differ by only %.3f in luminance", d)
	}
}

// TestReportInfluences: the report lists the confidence model's features
// by influence, the first TopInfluences of them.
func TestReportInfluences(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	var in []Influence
	for i := range TopInfluences + 2 {
		in = append(in, Influence{Feature: fmt.Sprintf("f%02d", i), Splits: 10 - i, Weight: float64(20 - i)})
	}
	if _, err := WriteReport(dir, sampleReport(), ReportInfo{Title: "t", Influences: in}); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "## The confidence model's features") || !strings.Contains(string(md), "| f00 | 10 | 20.000 |") ||
		strings.Contains(string(md), fmt.Sprintf("| f%02d |", TopInfluences)) {
		t.Errorf("report.md's features section is wrong:\n%s", md)
	}
}
