package qa

import (
	"cmp"
	"fmt"
	"html"
	"maps"
	"math"
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
// report.md with the figures, and hand-written SVG plots beside it: the
// allocation Top-k curve (k = 1…10), EA by operation, when r has
// questions with a gold answer the risk–coverage curve and the
// reliability diagram of the answers' confidence, and, when r has a
// sweep, the θ × m heat map of EA. It returns the paths written.
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
	pct("EA (exact answer set)", r.EA)
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

	if r.NGraph > 0 && len(r.TopK) > 0 {
		labels := make([]string, len(r.TopK))
		for i := range r.TopK {
			labels[i] = fmt.Sprint(i + 1)
		}
		if err := write(TopKFile, LineChart("Allocation: gold graph in the top k (final subgoal)", "k", labels, r.TopK)); err != nil {
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
		labels := make([]string, len(ops))
		values := make([]float64, len(ops))
		for i, op := range ops {
			s := r.ByOperation[op]
			labels[i] = fmt.Sprintf("%s (%d)", op, s.N)
			values[i] = s.EA
		}
		if err := write(OperationsFile, BarChart("EA by gold operation", labels, values)); err != nil {
			return written, err
		}
		fmt.Fprintf(&b, "\n## EA by operation\n\n![EA by operation](%s)\n\n| operation | n | correct | EA |\n|---|---:|---:|---:|\n", OperationsFile)
		for _, op := range ops {
			s := r.ByOperation[op]
			fmt.Fprintf(&b, "| %s | %d | %d | %.1f%% |\n", op, s.N, s.Correct, 100*s.EA)
		}
	}

	if r.NGold > 0 && len(r.RiskCoverage) > 0 {
		if err := writeConfidence(&b, write, r); err != nil {
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
		ea := make([][]float64, len(thetas))
		notes := make([][]string, len(thetas))
		for i := range thetas {
			ea[i] = make([]float64, len(ms))
			notes[i] = make([]string, len(ms))
		}
		for _, c := range r.Sweep {
			i, j := slices.Index(thetas, c.Theta), slices.Index(ms, c.M)
			ea[i][j] = c.EA
			notes[i][j] = fmt.Sprintf("rej %.0f%%", 100*c.RejectRate)
		}
		rows := make([]string, len(thetas))
		for i, t := range thetas {
			rows[i] = fmt.Sprintf("θ = %.1f", t)
		}
		cols := make([]string, len(ms))
		for j, m := range ms {
			cols[j] = fmt.Sprintf("m = %d", m)
		}
		if err := write(SweepFile, HeatMap("EA over θ × m (cell: EA, reject rate)", rows, cols, ea, notes)); err != nil {
			return written, err
		}
		fmt.Fprintf(&b, "\n## θ × m sweep (%d questions per cell)\n\n![sweep](%s)\n\nEA / reject rate:\n\n| θ |", r.Sweep[0].N, SweepFile)
		for _, c := range cols {
			fmt.Fprintf(&b, " %s |", c)
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(cols)) + "\n")
		for _, t := range thetas {
			fmt.Fprintf(&b, "| %.1f |", t)
			for j := range ms {
				c := r.Sweep[slices.IndexFunc(r.Sweep, func(c SweepCell) bool { return c.Theta == t && c.M == ms[j] })]
				fmt.Fprintf(&b, " %.1f%% / %.1f%% |", 100*c.EA, 100*c.RejectRate)
			}
			b.WriteString("\n")
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

// writeConfidence writes the plots of confidence (risk–coverage and
// reliability) with write, and their section of report.md into b.
func writeConfidence(b *strings.Builder, write func(name, content string) error, r *Report) error {
	n := len(r.RiskCoverage)
	cov := make([]float64, n)
	for k := range cov {
		cov[k] = float64(k+1) / float64(n)
	}
	if err := write(RiskCoverageFile, CurveChart(fmt.Sprintf("Risk–coverage by confidence (AURC %.3f)", r.AURC),
		"coverage (share of questions answered, most confident first)", "risk (share wrong)", cov, r.RiskCoverage)); err != nil {
		return err
	}
	if err := write(ReliabilityFile, ReliabilityChart(fmt.Sprintf("Reliability of confidence (ECE %.3f)", r.ECE), r.Reliability)); err != nil {
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

// esc escapes text for SVG (XML) content and attributes.
func esc(s string) string { return html.EscapeString(s) }

const svgFont = `font-family="sans-serif" font-size="12"`

func svgOpen(b *strings.Builder, w, h int, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s>`+"\n", w, h, w, h, svgFont)
	fmt.Fprintf(b, "<title>%s</title>\n", esc(title))
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(b, `<text x="%d" y="20" text-anchor="middle" font-size="14" font-weight="bold">%s</text>`+"\n", w/2, esc(title))
}

// LineChart draws values in [0, 1] against the labels of the x axis, as
// a line with points and percentages, on a 0–100 % y axis.
func LineChart(title, xName string, labels []string, values []float64) string {
	const w, h, left, right, top, bottom = 560, 340, 56, 24, 40, 50
	pw, ph := float64(w-left-right), float64(h-top-bottom)
	var b strings.Builder
	svgOpen(&b, w, h, title)
	x := func(i int) float64 {
		if len(labels) <= 1 {
			return float64(left) + pw/2
		}
		return float64(left) + pw*float64(i)/float64(len(labels)-1)
	}
	y := func(v float64) float64 { return float64(top) + ph*(1-clamp01(v)) }
	for t := 0; t <= 10; t += 2 {
		v := float64(t) / 10
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, y(v), w-right, y(v))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%d%%</text>`+"\n", left-6, y(v)+4, t*10)
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, h-bottom)
	var pts []string
	for i, v := range values {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#1f77b4" stroke-width="2"/>`+"\n", strings.Join(pts, " "))
	for i, v := range values {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="#1f77b4"/>`+"\n", x(i), y(v))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%.1f</text>`+"\n", x(i), y(v)-8, 100*v)
	}
	for i, l := range labels {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", x(i), h-bottom+16, esc(l))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", float64(left)+pw/2, h-12, esc(xName))
	b.WriteString("</svg>\n")
	return b.String()
}

// CurveChart draws the curve through the points (xs[i], ys[i]), both in
// [0, 1], on 0–100 % axes, with the first and last points marked and
// labelled.
func CurveChart(title, xName, yName string, xs, ys []float64) string {
	const w, h, left, right, top, bottom = 560, 360, 64, 24, 40, 56
	pw, ph := float64(w-left-right), float64(h-top-bottom)
	var b strings.Builder
	svgOpen(&b, w, h, title)
	x, y := percentGrid(&b, w, h, left, right, top, bottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, h-bottom)
	n := min(len(xs), len(ys))
	var pts []string
	for i := range n {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(xs[i]), y(ys[i])))
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#d62728" stroke-width="2"/>`+"\n", strings.Join(pts, " "))
	var marks []int
	if n > 0 {
		marks = append(marks, 0)
	}
	if n > 1 {
		marks = append(marks, n-1)
	}
	for _, i := range marks {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="#d62728"/>`+"\n", x(xs[i]), y(ys[i]))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%.1f</text>`+"\n", x(xs[i]), y(ys[i])-8, 100*ys[i])
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", float64(left)+pw/2, h-14, esc(xName))
	fmt.Fprintf(&b, `<text x="14" y="%.1f" text-anchor="middle" transform="rotate(-90 14 %.1f)">%s</text>`+"\n", float64(top)+ph/2, float64(top)+ph/2, esc(yName))
	b.WriteString("</svg>\n")
	return b.String()
}

// ReliabilityChart draws a reliability diagram of bins
// ([ReliabilityBins]): for each non-empty bin a bar as wide as the bin
// up to its accuracy, a point at (mean confidence, accuracy) joined to
// the next, the diagonal of perfect calibration, and the bin's count
// above its bar.
func ReliabilityChart(title string, bins []ReliabilityBin) string {
	const w, h, left, right, top, bottom = 560, 400, 64, 24, 40, 56
	pw, ph := float64(w-left-right), float64(h-top-bottom)
	var b strings.Builder
	svgOpen(&b, w, h, title)
	x, y := percentGrid(&b, w, h, left, right, top, bottom)
	var pts [][2]float64
	for _, bin := range bins {
		if bin.N == 0 {
			continue
		}
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#aec7e8" stroke="white"/>`+"\n",
			x(bin.Lo), y(bin.Accuracy), x(bin.Hi)-x(bin.Lo), y(0)-y(bin.Accuracy))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">n=%d</text>`+"\n", (x(bin.Lo)+x(bin.Hi))/2, y(bin.Accuracy)-4, bin.N)
		pts = append(pts, [2]float64{x(bin.MeanConfidence), y(bin.Accuracy)})
	}
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="5,4"/>`+"\n", x(0), y(0), x(1), y(1))
	if len(pts) > 0 {
		line := make([]string, len(pts))
		for i, p := range pts {
			line[i] = fmt.Sprintf("%.1f,%.1f", p[0], p[1])
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#1f77b4" stroke-width="2"/>`+"\n", strings.Join(line, " "))
		for _, p := range pts {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="#1f77b4"/>`+"\n", p[0], p[1])
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top, left, h-bottom)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">mean confidence (bars: bins of confidence; dashed: perfect calibration)</text>`+"\n", float64(left)+pw/2, h-14)
	fmt.Fprintf(&b, `<text x="14" y="%.1f" text-anchor="middle" transform="rotate(-90 14 %.1f)">accuracy (share right)</text>`+"\n", float64(top)+ph/2, float64(top)+ph/2)
	b.WriteString("</svg>\n")
	return b.String()
}

// BarChart draws one horizontal bar per label for values in [0, 1], with
// the percentage at the end of each bar.
func BarChart(title string, labels []string, values []float64) string {
	const left, right, top, barH, gap = 170, 60, 36, 18, 6
	w := 560
	h := top + len(labels)*(barH+gap) + 30
	pw := float64(w - left - right)
	var b strings.Builder
	svgOpen(&b, w, h, title)
	base := top + len(labels)*(barH+gap)
	for t := 0; t <= 10; t += 2 {
		x := float64(left) + pw*float64(t)/10
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x, top-4, x, base)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="10">%d%%</text>`+"\n", x, base+14, t*10)
	}
	for i, l := range labels {
		yy := top + i*(barH+gap)
		v := clamp01(values[i])
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-6, yy+barH-5, esc(l))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="#2ca02c"/>`+"\n", left, yy, pw*v, barH)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d">%.1f%%</text>`+"\n", float64(left)+pw*v+4, yy+barH-5, 100*values[i])
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", left, top-4, left, base)
	b.WriteString("</svg>\n")
	return b.String()
}

// HeatMap draws a grid of values in [0, 1] (rows × columns), shaded from
// the smallest to the largest value, each cell with its percentage and an
// optional note.
func HeatMap(title string, rows, cols []string, values [][]float64, notes [][]string) string {
	const left, top, cw, ch = 80, 56, 110, 44
	w := left + len(cols)*cw + 20
	h := top + len(rows)*ch + 20
	lo, hi := 1.0, 0.0
	for _, r := range values {
		for _, v := range r {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	var b strings.Builder
	svgOpen(&b, w, h, title)
	for j, c := range cols {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", left+j*cw+cw/2, top-8, esc(c))
	}
	for i, r := range rows {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-8, top+i*ch+ch/2+4, esc(r))
		for j := range cols {
			v := values[i][j]
			t := 0.5
			if hi > lo {
				t = (v - lo) / (hi - lo)
			}
			fill, ink := shade(t)
			x, y := left+j*cw, top+i*ch
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="white"/>`+"\n", x, y, cw, ch, fill)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="%s" font-weight="bold">%.1f%%</text>`+"\n", x+cw/2, y+ch/2, ink, 100*v)
			if notes != nil && notes[i][j] != "" {
				fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="%s" font-size="10">%s</text>`+"\n", x+cw/2, y+ch/2+14, ink, esc(notes[i][j]))
			}
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// shade returns a blue of intensity t ∈ [0, 1] and a legible text colour
// on it.
func shade(t float64) (fill, ink string) {
	t = clamp01(t)
	lerp := func(a, b int) int { return a + int(math.Round(float64(b-a)*t)) }
	fill = fmt.Sprintf("#%02x%02x%02x", lerp(0xde, 0x08), lerp(0xeb, 0x51), lerp(0xf7, 0x9c))
	ink = "black"
	if t > 0.55 {
		ink = "white"
	}
	return fill, ink
}

func clamp01(v float64) float64 { return max(0, min(1, v)) }

// percentGrid draws the 0–100 % grid lines and labels of a unit-square
// chart and returns the maps from [0, 1] to x and y coordinates.
func percentGrid(b *strings.Builder, w, h, left, right, top, bottom int) (x, y func(float64) float64) {
	pw, ph := float64(w-left-right), float64(h-top-bottom)
	x = func(v float64) float64 { return float64(left) + pw*clamp01(v) }
	y = func(v float64) float64 { return float64(top) + ph*(1-clamp01(v)) }
	for t := 0; t <= 10; t += 2 {
		v := float64(t) / 10
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, y(v), w-right, y(v))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%d%%</text>`+"\n", left-6, y(v)+4, t*10)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%d%%</text>`+"\n", x(v), h-bottom+16, t*10)
	}
	return x, y
}
