package qa

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wellFormedSVG checks that data is a well-formed XML document whose root
// is an SVG element, and returns the text it contains.
func wellFormedSVG(t *testing.T, name string, data []byte) string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(data)))
	var text strings.Builder
	root := ""
	depth := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if root != "" {
					t.Fatalf("%s has two root elements", name)
				}
				root = tok.Name.Space + " " + tok.Name.Local
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			text.Write(tok)
		}
	}
	if root != "http://www.w3.org/2000/svg svg" || depth != 0 {
		t.Fatalf("%s: root %q, depth %d", name, root, depth)
	}
	return text.String()
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
		"| EA (exact answer set) | 33.3% |", "ablation: no-verifier", "![allocation top-k](" + TopKFile + ")",
		"| top-k | 33.3% | 33.3% | 33.3% | 66.7% |", "![EA by operation](" + OperationsFile + ")", "| lookup | 2 | 1 | 50.0% |",
		"![sweep](" + SweepFile + ")", "| 0.9 | 22.5% / 10.0% | 45.0% / 10.0% |",
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
	for _, name := range []string{TopKFile, OperationsFile, SweepFile, RiskCoverageFile, ReliabilityFile} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		text := wellFormedSVG(t, name, data)
		switch name {
		case OperationsFile:
			if !strings.Contains(text, "rank <&> (1)") || !strings.Contains(text, "50.0%") {
				t.Errorf("%s text: %q", name, text)
			}
		case SweepFile:
			if !strings.Contains(text, "θ = 0.5") || !strings.Contains(text, "m = 8") || !strings.Contains(text, "rej 50%") {
				t.Errorf("%s text: %q", name, text)
			}
		case TopKFile:
			if !strings.Contains(text, "66.7") || !strings.Contains(text, "10") {
				t.Errorf("%s text: %q", name, text)
			}
		case RiskCoverageFile:
			// The curve from (1/3, 0) to (1, 2/3), labelled at both ends.
			if !strings.Contains(text, "AURC 0.389") || !strings.Contains(text, "coverage") || !strings.Contains(text, "risk") ||
				!strings.Contains(text, "0.0") || !strings.Contains(text, "66.7") || strings.Count(string(data), "<polyline") != 1 {
				t.Errorf("%s text: %q", name, text)
			}
		case ReliabilityFile:
			// Three non-empty bins, each with its bar and count, and the
			// dashed diagonal.
			if !strings.Contains(text, "ECE 0.200") || strings.Count(text, "n=1") != 3 || strings.Count(string(data), "<rect") != 4 ||
				!strings.Contains(string(data), `stroke-dasharray`) || strings.Count(string(data), "<circle") != 3 {
				t.Errorf("%s: %s", name, data)
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

func TestCharts(t *testing.T) {
	wellFormedSVG(t, "line", []byte(LineChart("t", "k", []string{"1"}, []float64{2})))
	wellFormedSVG(t, "bars", []byte(BarChart("t", nil, nil)))
	wellFormedSVG(t, "curve", []byte(CurveChart("<t>", "x", "y", []float64{0.5}, []float64{1.5})))
	wellFormedSVG(t, "curve", []byte(CurveChart("t", "x", "y", nil, nil)))
	wellFormedSVG(t, "reliability", []byte(ReliabilityChart("t", ReliabilityBins(nil, nil, 10))))
	wellFormedSVG(t, "heat", []byte(HeatMap(`"quoted"`, []string{"a"}, []string{"b"}, [][]float64{{0.5}}, nil)))
	if fill, ink := shade(1); fill != "#08519c" || ink != "white" {
		t.Errorf("shade(1) = %s, %s", fill, ink)
	}
	if fill, ink := shade(-1); fill != "#deebf7" || ink != "black" {
		t.Errorf("shade(-1) = %s, %s", fill, ink)
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
