package qa

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The report's plots are drawn with gonum.org/v1/plot and written as
// SVG. Every one has a legend, drawn below the plot so that it never
// covers the data or an axis; shares are drawn on axes from 0 to 100 %
// (the x axis of Top-k starts at k = 0); the sweep's colour scale is
// fixed at 0–100 % EA and drawn as a colour bar, so that close values
// look close.

// Colours of the plots (the "tab10" palette).
var (
	blue    = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	orange  = color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}
	green   = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
	red     = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	grey    = color.RGBA{R: 0x77, G: 0x77, B: 0x77, A: 0xff}
	black   = color.RGBA{A: 0xff}
	white   = color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	barBlue = color.RGBA{R: 0xae, G: 0xc7, B: 0xe8, A: 0xff}
	dashes  = []vg.Length{vg.Points(5), vg.Points(4)}
	dots    = []vg.Length{vg.Points(1.5), vg.Points(3)}
)

// plotWidth is the width of every plot.
const plotWidth = 16 * vg.Centimeter

// figure is a plot with its legend, which render draws below the plot.
type figure struct {
	p      *plot.Plot
	legend plot.Legend
	// height is the height of the plot without its legend.
	height vg.Length
	// below, when set, is drawn in a strip of belowHeight under the plot
	// and above the legend (the sweep's colour bar).
	below       *plot.Plot
	belowHeight vg.Length
}

// newFigure returns a figure with a plot titled title with axis labels
// xName and yName.
func newFigure(title, xName, yName string, height vg.Length) *figure {
	p := plot.New()
	p.Title.Text = title
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = xName
	p.Y.Label.Text = yName
	l := plot.NewLegend()
	l.Left, l.Top = true, true
	l.Padding = vg.Points(3)
	l.TextStyle.Font.Size = vg.Points(11)
	return &figure{p: p, legend: l, height: height}
}

// svg renders the figure: the plot, under it the strip of f.below if
// any, and under that the legend, one entry a line.
func (f *figure) svg() (string, error) {
	const margin = 6
	var legendH vg.Length
	if n := f.legend.Rectangle(draw.Canvas{}).Size().Y; n > 0 {
		legendH = n + 2*margin
	}
	belowH := vg.Length(0)
	if f.below != nil {
		belowH = f.belowHeight
	}
	h := f.height + belowH + legendH
	c := vgsvg.New(plotWidth, h+2*margin)
	// A margin all round, so that no text touches the edge.
	dc := draw.Crop(draw.New(c), margin, -margin, margin, -margin)
	plotC := draw.Crop(dc, 0, 0, belowH+legendH, 0)
	if err := safeDraw(f.p, plotC); err != nil {
		return "", err
	}
	if f.below != nil {
		if err := safeDraw(f.below, draw.Crop(dc, 4*margin, -4*margin, legendH, -f.height)); err != nil {
			return "", err
		}
	}
	if legendH > 0 {
		legendC := draw.Crop(dc, 3*margin, 0, margin, -(h-legendH)-margin)
		f.legend.Draw(legendC)
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", fmt.Errorf("qa: write %q as SVG: %w", f.p.Title.Text, err)
	}
	return b.String(), nil
}

// safeDraw draws p on c, turning a panic of the plotting library (it
// panics on some degenerate inputs) into an error.
func safeDraw(p *plot.Plot, c draw.Canvas) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("qa: draw %q: %v", p.Title.Text, r)
		}
	}()
	p.Draw(c)
	return nil
}

// percentTicks marks a share axis every 20 % (minor ticks every 10 %),
// labelled in percent.
type percentTicks struct{}

// Ticks implements [plot.Ticker].
func (percentTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for i := 0; i <= 20; i++ {
		v := float64(i) / 10
		if v < lo-1e-9 || v > hi+1e-9 {
			continue
		}
		t := plot.Tick{Value: v}
		if i%2 == 0 {
			t.Label = fmt.Sprintf("%d%%", i*10)
		}
		ts = append(ts, t)
	}
	return ts
}

// shareAxis makes a a 0–100 % axis.
func shareAxis(a *plot.Axis) {
	a.Min, a.Max = 0, 1
	a.Tick.Marker = percentTicks{}
}

// integerTicks marks every whole number between lo and hi.
type integerTicks struct{}

// Ticks implements [plot.Ticker].
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for v := math.Ceil(lo); v <= hi; v++ {
		ts = append(ts, plot.Tick{Value: v, Label: fmt.Sprint(v)})
	}
	return ts
}

// labels returns value labels at xys, in the font size size, offset by
// (dx, dy) points, each in ink.
func labels(xys plotter.XYs, texts []string, size vg.Length, dx, dy vg.Length, ink []color.Color) (*plotter.Labels, error) {
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
	if err != nil {
		return nil, err
	}
	for i := range l.TextStyle {
		l.TextStyle[i].Font.Size = size
		l.TextStyle[i].XAlign = draw.XCenter
		if ink != nil {
			l.TextStyle[i].Color = ink[i]
		}
	}
	l.Offset = vg.Point{X: dx, Y: dy}
	return l, nil
}

// TopKChart draws the allocation Top-k curve: topK[k-1] is the share of
// the n questions whose gold graph ranks in the first k, for k = 1…len.
func TopKChart(title string, topK []float64, n int) (string, error) {
	f := newFigure(title, "k (graphs kept by the allocator)", "questions (%)", 9*vg.Centimeter)
	xys := make(plotter.XYs, len(topK))
	texts := make([]string, len(topK))
	for i, v := range topK {
		xys[i] = plotter.XY{X: float64(i + 1), Y: clamp01(v)}
		texts[i] = fmt.Sprintf("%.1f", 100*v)
	}
	line, points, err := plotter.NewLinePoints(xys)
	if err != nil {
		return "", fmt.Errorf("qa: top-k chart: %w", err)
	}
	line.Color, points.Color = blue, blue
	line.Width = vg.Points(2)
	lab, err := labels(xys, texts, vg.Points(8), 0, vg.Points(5), nil)
	if err != nil {
		return "", fmt.Errorf("qa: top-k chart: %w", err)
	}
	f.p.Add(plotter.NewGrid(), line, points, lab)
	shareAxis(&f.p.Y)
	f.p.X.Min, f.p.X.Max = 0, float64(max(len(topK), 1))
	f.p.X.Tick.Marker = integerTicks{}
	f.legend.Add(fmt.Sprintf("gold graph ranked in the top k, final subgoal (%% of %d questions; labels in %%)", n), line, points)
	return f.svg()
}

// ciErrors are intervals drawn as error bars around values (X or Y).
type ciErrors struct {
	xys plotter.XYs
	ci  []Interval
	// alongX: the values are x (horizontal bars), else y.
	alongX bool
}

func (e ciErrors) Len() int                    { return len(e.xys) }
func (e ciErrors) XY(i int) (float64, float64) { return e.xys[i].X, e.xys[i].Y }
func (e ciErrors) err(i int) (float64, float64) {
	v := e.xys[i].Y
	if e.alongX {
		v = e.xys[i].X
	}
	return max(0, v-e.ci[i].Lo), max(0, e.ci[i].Hi-v)
}
func (e ciErrors) XError(i int) (float64, float64) { return e.err(i) }
func (e ciErrors) YError(i int) (float64, float64) { return e.err(i) }

// hbars draws one horizontal bar a row for values in [0, 1] with their
// 95 % intervals, the names on the y axis (first on top), and the text
// of each row after its interval and after x = after (so that it clears
// a reference line there); it returns the bars and the error bars for
// the legend.
func hbars(f *figure, names []string, values []float64, ci []Interval, texts []string, fill color.Color, after float64) (*plotter.BarChart, *plotter.XErrorBars, error) {
	n := len(names)
	vals := make(plotter.Values, n)
	xys := make(plotter.XYs, n)
	ends := make(plotter.XYs, n)
	rev := make([]string, n)
	for i := range names {
		// Row i is drawn at y = n-1-i so that the first is on top.
		j := n - 1 - i
		vals[j] = clamp01(values[i])
		xys[j] = plotter.XY{X: clamp01(values[i]), Y: float64(j)}
		ends[j] = plotter.XY{X: clamp01(max(values[i], ci[i].Hi, after)), Y: float64(j)}
		rev[j] = names[i]
	}
	revCI := make([]Interval, n)
	revTexts := make([]string, n)
	for i := range ci {
		revCI[n-1-i] = ci[i]
		revTexts[n-1-i] = texts[i]
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(14))
	if err != nil {
		return nil, nil, err
	}
	bars.Horizontal = true
	bars.Color = fill
	bars.LineStyle.Width = 0
	errs, err := plotter.NewXErrorBars(ciErrors{xys: xys, ci: revCI, alongX: true})
	if err != nil {
		return nil, nil, err
	}
	errs.Color = black
	lab, err := labels(ends, revTexts, vg.Points(9), vg.Points(6), -vg.Points(3), nil)
	if err != nil {
		return nil, nil, err
	}
	for i := range lab.TextStyle {
		lab.TextStyle[i].XAlign = draw.XLeft
	}
	f.p.Add(plotter.NewGrid(), bars, errs, lab)
	f.p.Y.Tick.Label.Font.Size = vg.Points(10)
	f.p.NominalY(rev...)
	shareAxis(&f.p.X)
	f.p.Y.Min, f.p.Y.Max = -0.6, float64(n)-0.4
	return bars, errs, nil
}

// OperationsChart draws EA by gold operation: a horizontal bar a
// operation with its 95 % bootstrap interval.
func OperationsChart(title string, ops []string, stats []OpStat) (string, error) {
	if len(ops) == 0 || len(ops) != len(stats) {
		return "", fmt.Errorf("qa: operations chart: %d operations, %d figures", len(ops), len(stats))
	}
	names := make([]string, len(ops))
	values := make([]float64, len(ops))
	ci := make([]Interval, len(ops))
	texts := make([]string, len(ops))
	for i, op := range ops {
		s := stats[i]
		names[i] = fmt.Sprintf("%s (n=%d)", op, s.N)
		values[i], ci[i] = s.EA, s.EACI
		texts[i] = fmt.Sprintf("%.1f%%", 100*s.EA)
	}
	f := newFigure(title, "EA (exact answer set)", "", barsHeight(len(ops)))
	bars, errs, err := hbars(f, names, values, ci, texts, green, 0)
	if err != nil {
		return "", fmt.Errorf("qa: operations chart: %w", err)
	}
	f.legend.Add("EA of the operation's questions (label: EA)", bars)
	f.legend.Add(ciLegend, intervalThumb{errs.LineStyle})
	return f.svg()
}

// intervalThumb is the legend's thumbnail of an error bar: a horizontal
// segment with a cap at each end.
type intervalThumb struct{ draw.LineStyle }

// Thumbnail implements [plot.Thumbnailer].
func (t intervalThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	capH := (c.Max.Y - c.Min.Y) / 3
	c.StrokeLine2(t.LineStyle, c.Min.X, y, c.Max.X, y)
	c.StrokeLine2(t.LineStyle, c.Min.X, y-capH, c.Min.X, y+capH)
	c.StrokeLine2(t.LineStyle, c.Max.X, y-capH, c.Max.X, y+capH)
}

// ciLegend is the legend of the EA intervals.
var ciLegend = fmt.Sprintf("95%% percentile bootstrap interval (%d resamples of the questions)", BootstrapResamples)

// barsHeight is the height of a plot of n horizontal bars.
func barsHeight(n int) vg.Length { return vg.Points(float64(90 + 24*max(n, 1))) }

// RiskCoverageChart draws the risk–coverage curve: risk[k-1] is the
// share of wrong answers among the k most confident of the len(risk)
// questions. Beside it, the risk of the best ranking of the same answers
// (every right answer first) and the risk of answering every question.
func RiskCoverageChart(title string, risk []float64) (string, error) {
	f := newFigure(title, "coverage (share of questions answered, most confident first)", "risk (share wrong)", 10*vg.Centimeter)
	n := len(risk)
	if n == 0 {
		f.p.Add(plotter.NewGrid())
		shareAxis(&f.p.X)
		shareAxis(&f.p.Y)
		f.legend.Add("no question with a gold answer")
		return f.svg()
	}
	wrong := int(math.Round(risk[n-1] * float64(n)))
	curve := make(plotter.XYs, 0, n+1)
	best := make(plotter.XYs, 0, n+1)
	for k := 1; k <= n; k++ {
		c := float64(k) / float64(n)
		curve = append(curve, plotter.XY{X: c, Y: risk[k-1]})
		best = append(best, plotter.XY{X: c, Y: float64(max(0, k-(n-wrong))) / float64(k)})
	}
	line, err := plotter.NewLine(curve)
	if err != nil {
		return "", fmt.Errorf("qa: risk–coverage chart: %w", err)
	}
	line.Color, line.Width = red, vg.Points(2)
	oracle, err := plotter.NewLine(best)
	if err != nil {
		return "", fmt.Errorf("qa: risk–coverage chart: %w", err)
	}
	oracle.Color, oracle.Dashes = grey, dashes
	all, err := plotter.NewLine(plotter.XYs{{X: 0, Y: risk[n-1]}, {X: 1, Y: risk[n-1]}})
	if err != nil {
		return "", fmt.Errorf("qa: risk–coverage chart: %w", err)
	}
	all.Color, all.Dashes = orange, dots
	ends := plotter.XYs{curve[0], curve[n-1]}
	marks, err := plotter.NewScatter(ends)
	if err != nil {
		return "", fmt.Errorf("qa: risk–coverage chart: %w", err)
	}
	marks.Color = red
	lab, err := labels(ends, []string{fmt.Sprintf("%.1f", 100*ends[0].Y), fmt.Sprintf("%.1f", 100*ends[1].Y)}, vg.Points(8), 0, vg.Points(5), nil)
	if err != nil {
		return "", fmt.Errorf("qa: risk–coverage chart: %w", err)
	}
	f.p.Add(plotter.NewGrid(), all, oracle, line, marks, lab)
	shareAxis(&f.p.X)
	shareAxis(&f.p.Y)
	f.legend.Add(fmt.Sprintf("risk of the most confident answers, %d questions (ends labelled in %%)", n), line, marks)
	f.legend.Add("best ranking of the same answers (every right answer first)", oracle)
	f.legend.Add(fmt.Sprintf("risk when answering every question (%.1f%%)", 100*risk[n-1]), all)
	return f.svg()
}

// ReliabilityChart draws a reliability diagram of bins
// ([ReliabilityBins]): for each non-empty bin a bar as wide as the bin up
// to its accuracy labelled with its count, a point at (mean confidence,
// accuracy) joined to the next, and the diagonal of perfect calibration.
func ReliabilityChart(title string, bins []ReliabilityBin) (string, error) {
	f := newFigure(title, "confidence", "accuracy (share right)", 11*vg.Centimeter)
	f.p.Add(plotter.NewGrid())
	var (
		pts     plotter.XYs
		tops    plotter.XYs
		counts  []string
		lastBar *plotter.Polygon
	)
	for _, bin := range bins {
		if bin.N == 0 {
			continue
		}
		a := clamp01(bin.Accuracy)
		bar, err := plotter.NewPolygon(plotter.XYs{{X: bin.Lo, Y: 0}, {X: bin.Hi, Y: 0}, {X: bin.Hi, Y: a}, {X: bin.Lo, Y: a}})
		if err != nil {
			return "", fmt.Errorf("qa: reliability chart: %w", err)
		}
		bar.Color = barBlue
		bar.LineStyle.Color = white
		f.p.Add(bar)
		lastBar = bar
		pts = append(pts, plotter.XY{X: clamp01(bin.MeanConfidence), Y: a})
		tops = append(tops, plotter.XY{X: (bin.Lo + bin.Hi) / 2, Y: a})
		counts = append(counts, fmt.Sprintf("n=%d", bin.N))
	}
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		return "", fmt.Errorf("qa: reliability chart: %w", err)
	}
	diag.Color, diag.Dashes = grey, dashes
	f.p.Add(diag)
	if len(pts) > 0 {
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return "", fmt.Errorf("qa: reliability chart: %w", err)
		}
		line.Color, points.Color, line.Width = blue, blue, vg.Points(2)
		lab, err := labels(tops, counts, vg.Points(8), 0, vg.Points(3), nil)
		if err != nil {
			return "", fmt.Errorf("qa: reliability chart: %w", err)
		}
		f.p.Add(line, points, lab)
		f.legend.Add("accuracy of the answers in each bin of confidence (bar, n above it)", lastBar)
		f.legend.Add("mean confidence of a bin against its accuracy", line, points)
	} else {
		f.legend.Add("no answer")
	}
	f.legend.Add("perfect calibration", diag)
	shareAxis(&f.p.X)
	shareAxis(&f.p.Y)
	return f.svg()
}

// eaScale is the colour scale of the sweep, from pale (0 % EA) to dark
// blue (100 %), fixed whatever the values drawn.
func eaScale() (palette.ColorMap, error) {
	// A luminance scale runs from dark to light: reversed, light to dark.
	dark, err := moreland.NewLuminance([]color.Color{
		color.RGBA{R: 0x08, G: 0x30, B: 0x6b, A: 0xff},
		color.RGBA{R: 0x6b, G: 0xae, B: 0xd6, A: 0xff},
		color.RGBA{R: 0xf7, G: 0xfb, B: 0xff, A: 0xff},
	})
	if err != nil {
		return nil, err
	}
	cm := palette.Reverse(dark)
	cm.SetMin(0)
	cm.SetMax(1)
	return cm, nil
}

// scaleColors is a palette of n colours evenly spaced on cm. (The
// palette gonum builds from a reversed luminance scale holds a nil
// colour at the middle control point, so it is built here.)
func scaleColors(cm palette.ColorMap, n int) (colorList, error) {
	out := make(colorList, n)
	for i := range out {
		v := cm.Min() + (cm.Max()-cm.Min())*float64(i)/float64(n-1)
		c, err := cm.At(min(v, cm.Max()))
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// colorList is a [palette.Palette] of the colours it holds.
type colorList []color.Color

// Colors implements [palette.Palette].
func (c colorList) Colors() []color.Color { return c }

// sweepGrid is the θ × m grid of a sweep: column j is m = ms[j], row i
// θ = thetas[i].
type sweepGrid struct {
	ea [][]float64 // [row][column]
}

func (g sweepGrid) Dims() (c, r int) {
	if len(g.ea) == 0 {
		return 0, 0
	}
	return len(g.ea[0]), len(g.ea)
}
func (g sweepGrid) Z(c, r int) float64 { return clamp01(g.ea[r][c]) }
func (g sweepGrid) X(c int) float64    { return float64(c) }
func (g sweepGrid) Y(r int) float64    { return float64(r) }

// SweepChart draws the θ × m sweep as a heat map of EA on a colour
// scale fixed at 0–100 % (drawn as a colour bar under it): each cell
// shows its EA, its 95 % interval and its reject rate.
func SweepChart(title string, cells []SweepCell) (string, error) {
	thetas, ms := sweepAxes(cells)
	if len(thetas) == 0 {
		return "", fmt.Errorf("qa: sweep chart: no cell")
	}
	g := sweepGrid{ea: make([][]float64, len(thetas))}
	for i := range thetas {
		g.ea[i] = make([]float64, len(ms))
	}
	cm, err := eaScale()
	if err != nil {
		return "", fmt.Errorf("qa: sweep chart: %w", err)
	}
	var (
		xys   plotter.XYs
		texts []string
		inks  []color.Color
	)
	for _, c := range cells {
		i, j := indexOf(thetas, c.Theta), indexOf(ms, c.M)
		g.ea[i][j] = c.EA
		xys = append(xys, plotter.XY{X: float64(j), Y: float64(i)})
		texts = append(texts, fmt.Sprintf("EA %.1f%%\n[%.1f, %.1f]\nreject %.0f%%", 100*c.EA, 100*c.EACI.Lo, 100*c.EACI.Hi, 100*c.RejectRate))
		fill, err := cm.At(clamp01(c.EA))
		if err != nil {
			return "", fmt.Errorf("qa: sweep chart: %w", err)
		}
		inks = append(inks, inkOn(fill))
	}
	const steps = 101
	pal, err := scaleColors(cm, steps)
	if err != nil {
		return "", fmt.Errorf("qa: sweep chart: %w", err)
	}
	heat := plotter.NewHeatMap(g, pal)
	heat.Min, heat.Max = 0, 1
	f := newFigure(title, "m (perturbations per candidate)", "θ (invariance threshold)", vg.Points(float64(100+52*len(thetas))))
	lab, err := labels(xys, texts, vg.Points(8), 0, 0, inks)
	if err != nil {
		return "", fmt.Errorf("qa: sweep chart: %w", err)
	}
	for i := range lab.TextStyle {
		lab.TextStyle[i].YAlign = draw.YCenter
	}
	f.p.Add(heat, lab)
	cols := make([]string, len(ms))
	for j, m := range ms {
		cols[j] = fmt.Sprintf("m = %d", m)
	}
	rows := make([]string, len(thetas))
	for i, t := range thetas {
		rows[i] = fmt.Sprintf("θ = %.1f", t)
	}
	f.p.NominalX(cols...)
	f.p.NominalY(rows...)
	f.p.X.Min, f.p.X.Max = -0.5, float64(len(ms))-0.5
	f.p.Y.Min, f.p.Y.Max = -0.5, float64(len(thetas))-0.5

	// The colour bar: one rectangle a step of the palette.
	bar := plot.New()
	for k, col := range pal {
		lo := max(0, (float64(k)-0.5)/(steps-1))
		hi := min(1, (float64(k)+0.5)/(steps-1))
		r, err := plotter.NewPolygon(plotter.XYs{{X: lo, Y: 0}, {X: hi, Y: 0}, {X: hi, Y: 1}, {X: lo, Y: 1}})
		if err != nil {
			return "", fmt.Errorf("qa: sweep chart: %w", err)
		}
		r.Color = col
		r.LineStyle.Color = col
		r.LineStyle.Width = vg.Points(0.3)
		bar.Add(r)
	}
	bar.HideY()
	bar.X.Label.Text = "EA: colour scale fixed at 0–100 % (not stretched to the values drawn)"
	shareAxis(&bar.X)
	bar.X.Padding = 0
	f.below, f.belowHeight = bar, vg.Points(80)
	f.legend.Add(fmt.Sprintf("cell: EA, its 95%% bootstrap interval, the share of candidates rejected (%d questions)", cells[0].N))
	return f.svg()
}

// inkOn returns black or white, whichever reads better on fill.
func inkOn(fill color.Color) color.Color {
	r, g, b, _ := fill.RGBA()
	lum := (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xffff
	if lum < 0.45 {
		return white
	}
	return black
}

func indexOf[T comparable](xs []T, x T) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// AblationChart draws the EA of each configuration (the full system
// first) with its 95 % bootstrap interval, and the full system's EA as a
// reference line; texts are the labels of the bars.
func AblationChart(title string, names []string, ea []float64, ci []Interval, texts []string) (string, error) {
	if len(names) == 0 {
		return "", fmt.Errorf("qa: ablation chart: no configuration")
	}
	f := newFigure(title, "EA (exact answer set)", "", barsHeight(len(names)))
	bars, errs, err := hbars(f, names, ea, ci, texts, blue, ea[0])
	if err != nil {
		return "", fmt.Errorf("qa: ablation chart: %w", err)
	}
	ref, err := plotter.NewLine(plotter.XYs{{X: clamp01(ea[0]), Y: -0.6}, {X: clamp01(ea[0]), Y: float64(len(names)) - 0.4}})
	if err != nil {
		return "", fmt.Errorf("qa: ablation chart: %w", err)
	}
	ref.Color, ref.Dashes = red, dashes
	f.p.Add(ref)
	f.legend.Add("EA of the configuration", bars)
	f.legend.Add(ciLegend, intervalThumb{errs.LineStyle})
	f.legend.Add(fmt.Sprintf("EA of the full system (%.1f%%)", 100*ea[0]), ref)
	f.legend.Add("labels: EA (ΔEA from the full system [95% paired interval], points)")
	return f.svg()
}
