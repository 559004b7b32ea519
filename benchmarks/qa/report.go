package qa

import (
	"cmp"
	"fmt"
	"html"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The files [WriteReport] writes.
const (
	ReportFile       = "report.md"
	TopKFile         = "allocation-topk.svg"
	OperationsFile   = "ea-by-operation.svg"
	SweepFile        = "sweep.svg"
	RiskCoverageFile = "risk-coverage.svg"
	ReliabilityFile  = "reliability.svg"
	AblationFile     = "ablation.svg"
)

// ReportInfo says what a report is about.
type ReportInfo struct {
	// Title heads the report ("Spider4SPARQL dev-public, dev pool").
	Title string
	// Command is the command line that produced it, if any.
	Command string
	// Influences, when set, are the confidence model's features ranked
	// by how much its splits on each move its log-odds (the caller's
	// model's [confidence.Model.Influences]); the report lists the first
	// [TopInfluences].
	Influences []Influence
}

// Influence is one feature of the confidence model that chooses among
// candidates and says which answers are verified: its splits and how
// much they move the log-odds.
type Influence struct {
	Feature string
	Splits  int
	Weight  float64
}

// TopInfluences is how many of the confidence model's features the
// report lists.
const TopInfluences = 15

// WriteReport writes a markdown report of r into dir (created if needed):
// report.md with the figures, EA with its 95 % bootstrap interval
// ([Report.EACI]), and SVG plots beside it (drawn with gonum.org/v1/plot,
// each with a legend): the allocation Top-k curve (k = 1…10), EA by
// operation, when r has questions with a gold answer the risk–coverage
// curve and the reliability diagram of the answers' confidence, when r
// has a sweep the θ × m heat map of EA, and when r has ablations
// ([Report.Ablations]) their comparison with the full system, as a table
// and a chart. It returns the paths written, report.md first.
func WriteReport(dir string, r *Report, info ReportInfo) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	write := func(name, content string) error {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
		written = append(written, p)
		return nil
	}
	chart := func(name, svg string, err error) error {
		if err != nil {
			return err
		}
		return write(name, svg)
	}
	var b strings.Builder
	title := cmp.Or(info.Title, r.Dataset, "benchmark")
	fmt.Fprintf(&b, "# SchemaForge on %s\n\n", title)
	if info.Command != "" {
		fmt.Fprintf(&b, "```sh\n%s\n```\n\n", info.Command)
	}
	abl := "none"
	if len(r.Ablation) > 0 {
		abl = strings.Join(r.Ablation, ", ")
	}
	fmt.Fprintf(&b, "%d questions (%d with a gold answer, %d with a gold graph, %d ordered), ablation: %s, concurrency %d, %.1f s.",
		r.N, r.NGold, r.NGraph, r.NOrdered, abl, r.Concurrency, r.Seconds)
	if r.Interrupted {
		b.WriteString(" **Interrupted**: the figures cover the questions answered.")
	}
	b.WriteString("\n\n| metric | value |\n|---|---:|\n")
	pct := func(name string, v float64) { fmt.Fprintf(&b, "| %s | %.1f%% |\n", name, 100*v) }
	fmt.Fprintf(&b, "| EA (exact answer set) | %s |\n", pctCI(r.EA, r.EACI))
	pct("QSC (a parsed query produced)", r.QSC)
	pct("TF1 (triple-pattern micro F1)", r.TF1)
	pct("MF1 (mean row F1)", r.MF1)
	pct("F1 (TEXT2SPARQL set F1)", r.F1)
	pct(fmt.Sprintf("NDCG (%d ordered questions)", r.NOrdered), r.NDCG)
	pct("allocation Top-1", r.Top1)
	pct("allocation Top-3", r.Top3)
	pct("answered", r.Answered)
	pct("reject rate (verified candidates)", r.RejectRate)
	pct("repair rate (verified candidates)", r.RepairRate)
	fmt.Fprintf(&b, "| LLM calls / question | %.2f |\n| tokens / question | %.0f |\n", r.LLMCallsPerQuestion, r.TokensPerQuestion)
	fmt.Fprintf(&b, "| latency p50 | %.1f ms |\n| latency p95 | %.1f ms |\n| errors | %d |\n", r.P50Ms, r.P95Ms, r.Errors)
	b.WriteString("\n" + IntervalNote + "\n")

	if r.NGraph > 0 && len(r.TopK) > 0 {
		labels := make([]string, len(r.TopK))
		for i := range r.TopK {
			labels[i] = fmt.Sprint(i + 1)
		}
		svg, err := TopKChart("Allocation: gold graph in the top k (final subgoal)", r.TopK, r.NGraph)
		if err := chart(TopKFile, svg, err); err != nil {
			return written, err
		}
		fmt.Fprintf(&b, "\n## Allocation Top-k\n\n![allocation top-k](%s)\n\n| k |", TopKFile)
		for _, l := range labels {
			fmt.Fprintf(&b, " %s |", l)
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(labels)) + "\n| top-k |")
		for _, v := range r.TopK {
			fmt.Fprintf(&b, " %.1f%% |", 100*v)
		}
		b.WriteString("\n")
	}

	if len(r.ByOperation) > 0 {
		ops := slices.Sorted(maps.Keys(r.ByOperation))
		stats := make([]OpStat, len(ops))
		for i, op := range ops {
			stats[i] = r.ByOperation[op]
		}
		svg, err := OperationsChart("EA by gold operation", ops, stats)
		if err := chart(OperationsFile, svg, err); err != nil {
			return written, err
		}
		fmt.Fprintf(&b, "\n## EA by operation\n\n![EA by operation](%s)\n\n| operation | n | correct | EA [95%% interval] |\n|---|---:|---:|---:|\n", OperationsFile)
		for i, op := range ops {
			s := stats[i]
			fmt.Fprintf(&b, "| %s | %d | %d | %s |\n", op, s.N, s.Correct, pctCI(s.EA, s.EACI))
		}
	}

	if r.NGold > 0 && len(r.RiskCoverage) > 0 {
		if err := writeConfidence(&b, chart, r); err != nil {
			return written, err
		}
	}

	if len(info.Influences) > 0 {
		b.WriteString("\n## The confidence model's features\n\nThe features its trees lean on most (it chooses among a graph's accepted candidates and says which answers are verified): for each split, the difference between the mean leaf values of its two sides times the rate, summed per feature.\n\n| feature | splits | weight |\n|---|---:|---:|\n")
		for _, in := range info.Influences[:min(len(info.Influences), TopInfluences)] {
			fmt.Fprintf(&b, "| %s | %d | %.3f |\n", esc(in.Feature), in.Splits, in.Weight)
		}
	}

	if len(r.Sweep) > 0 {
		thetas, ms := sweepAxes(r.Sweep)
		svg, err := SweepChart("EA over θ × m", r.Sweep)
		if err := chart(SweepFile, svg, err); err != nil {
			return written, err
		}
		fmt.Fprintf(&b, "\n## θ × m sweep (%d questions per cell)\n\n![sweep](%s)\n\nEA [95%% interval] / reject rate:\n\n| θ |", r.Sweep[0].N, SweepFile)
		for _, m := range ms {
			fmt.Fprintf(&b, " m = %d |", m)
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(ms)) + "\n")
		for _, t := range thetas {
			fmt.Fprintf(&b, "| %.1f |", t)
			for _, m := range ms {
				k := slices.IndexFunc(r.Sweep, func(c SweepCell) bool { return c.Theta == t && c.M == m })
				if k < 0 {
					b.WriteString(" – |")
					continue
				}
				c := r.Sweep[k]
				fmt.Fprintf(&b, " %s / %.1f%% |", pctCI(c.EA, c.EACI), 100*c.RejectRate)
			}
			b.WriteString("\n")
		}
	}
	if len(r.Ablations) > 0 || len(r.AblationsSkipped) > 0 {
		if err := writeAblations(&b, chart, r); err != nil {
			return written, err
		}
	}
	if err := write(ReportFile, b.String()); err != nil {
		return written, err
	}
	// report.md first.
	slices.SortStableFunc(written, func(a, b string) int {
		return cmp.Compare(boolInt(!strings.HasSuffix(a, ".md")), boolInt(!strings.HasSuffix(b, ".md")))
	})
	return written, nil
}

// pctCI formats a share and its interval: "33.3% [12.0, 54.1]" (in
// percent).
func pctCI(v float64, ci Interval) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*v, 100*ci.Lo, 100*ci.Hi)
}

// IntervalNote says, under a table, how its intervals were computed.
var IntervalNote = fmt.Sprintf("Intervals in brackets: 95%% percentile bootstrap over the questions (%d resamples, seed %d).", BootstrapResamples, BootstrapSeed)

// writeConfidence writes the plots of confidence (risk–coverage and
// reliability) with chart, and their section of report.md into b.
func writeConfidence(b *strings.Builder, chart func(name, svg string, err error) error, r *Report) error {
	svg, err := RiskCoverageChart(fmt.Sprintf("Risk–coverage by confidence (AURC %.3f)", r.AURC), r.RiskCoverage)
	if err := chart(RiskCoverageFile, svg, err); err != nil {
		return err
	}
	svg, err = ReliabilityChart(fmt.Sprintf("Reliability of confidence (ECE %.3f)", r.ECE), r.Reliability)
	if err := chart(ReliabilityFile, svg, err); err != nil {
		return err
	}
	fmt.Fprintf(b, "\n## Confidence (%d questions with a gold answer)\n\n", r.NGold)
	if !hasConfidence(r.Reliability) {
		b.WriteString("No answer carries a confidence (every one is 0): the figures below are those of a confidence that says nothing.\n\n")
	}
	b.WriteString("| figure | value |\n|---|---:|\n")
	fmt.Fprintf(b, "| verified precision (EA among verified answers) | %.1f%% |\n", 100*r.VerifiedPrecision)
	fmt.Fprintf(b, "| verified coverage (questions answered verified) | %.1f%% |\n", 100*r.VerifiedCoverage)
	for _, c := range Coverages {
		fmt.Fprintf(b, "| precision at coverage %.0f%% | %.1f%% |\n", 100*c, 100*r.PrecisionAtCoverage[CoverageKey(c)])
	}
	fmt.Fprintf(b, "| AURC (area under risk–coverage, lower is better) | %.3f |\n", r.AURC)
	fmt.Fprintf(b, "| ECE (%d bins) | %.3f |\n", len(r.Reliability), r.ECE)
	fmt.Fprintf(b, "\n![risk-coverage](%s)\n\n![reliability](%s)\n\n| confidence | n | mean confidence | accuracy |\n|---|---:|---:|---:|\n", RiskCoverageFile, ReliabilityFile)
	for _, bin := range r.Reliability {
		if bin.N > 0 {
			fmt.Fprintf(b, "| %.1f–%.1f | %d | %.1f%% | %.1f%% |\n", bin.Lo, bin.Hi, bin.N, 100*bin.MeanConfidence, 100*bin.Accuracy)
		}
	}
	return nil
}

// hasConfidence reports whether some answer of the bins has a
// confidence other than 0.
func hasConfidence(bins []ReliabilityBin) bool {
	for _, b := range bins {
		if b.N > 0 && b.MeanConfidence != 0 {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sweepAxes returns the distinct θs and ms of a sweep, sorted.
func sweepAxes(cells []SweepCell) ([]float64, []int) {
	var thetas []float64
	var ms []int
	for _, c := range cells {
		if !slices.Contains(thetas, c.Theta) {
			thetas = append(thetas, c.Theta)
		}
		if !slices.Contains(ms, c.M) {
			ms = append(ms, c.M)
		}
	}
	slices.Sort(thetas)
	slices.Sort(ms)
	return thetas, ms
}

// esc escapes text for markdown tables.
func esc(s string) string { return html.EscapeString(s) }

func clamp01(v float64) float64 { return max(0, min(1, v)) }
