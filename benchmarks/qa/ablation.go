package qa

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Difference is how one configuration's EA differs from the full
// system's over the same questions.
type Difference struct {
	// N counts the questions with a gold answer both answered (the pairs).
	N int `json:"n"`
	// EA is this configuration's EA minus the full system's over them.
	EA float64 `json:"ea"`
	// CI is its 95 % paired percentile bootstrap interval ([PairedDiffCI]).
	CI Interval `json:"ci"`
}

// RunAblations runs qs through the asker build returns for each name of
// names in turn and returns one report a name, its Ablation set to
// []string{name}. o.Progress, when set, gets a line naming each
// configuration before its run's own progress. It stops at the first
// error, returning the reports so far.
func RunAblations(ctx context.Context, build func(name string) (Asker, error), names []string, qs []Question, o Options) ([]*Report, error) {
	var out []*Report
	for i, name := range names {
		a, err := build(name)
		if err != nil {
			return out, fmt.Errorf("qa: ablation %s: %w", name, err)
		}
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "ablation %s (%d of %d)\n", name, i+1, len(names))
		}
		r, err := Run(ctx, a, qs, o)
		if r != nil {
			r.Ablation = []string{name}
			out = append(out, r)
		}
		if err != nil {
			return out, fmt.Errorf("qa: ablation %s: %w", name, err)
		}
	}
	return out, nil
}

// AddAblations keeps the reports of ablations in r.Ablations, r being the
// full system's report on the same questions, and sets each one's
// VsFull: its EA against r's, paired by question ID.
func (r *Report) AddAblations(ablations ...*Report) {
	for _, a := range ablations {
		d := Compare(r, a)
		a.VsFull = &d
		r.Ablations = append(r.Ablations, a)
	}
}

// Compare returns how other's EA differs from base's over the questions
// with a gold answer that both reports hold (paired by question ID; the
// reports come from [Summarize] or [Run]).
func Compare(base, other *Report) Difference {
	ids := make([]string, 0, len(base.gold))
	for id := range base.gold {
		if _, ok := other.gold[id]; ok {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, compareIDs)
	a := make([]bool, len(ids))
	b := make([]bool, len(ids))
	hit := 0
	for i, id := range ids {
		a[i], b[i] = other.gold[id], base.gold[id]
		hit += boolInt(a[i]) - boolInt(b[i])
	}
	d := Difference{N: len(ids), CI: PairedDiffCI(a, b)}
	if len(ids) > 0 {
		d.EA = float64(hit) / float64(len(ids))
	}
	return d
}

// configName names the configuration of a report in the comparison:
// "full system", or its ablations joined by "+".
func configName(r *Report, full bool) string {
	if full {
		if len(r.Ablation) > 0 {
			return "full system (" + strings.Join(r.Ablation, "+") + ")"
		}
		return "full system"
	}
	if len(r.Ablation) == 0 {
		return "(no ablation)"
	}
	return strings.Join(r.Ablation, "+")
}

// writeAblations writes the comparison of r (the full system) with its
// ablations: the chart with chart, the table into b.
func writeAblations(b *strings.Builder, chart func(name, svg string, err error) error, r *Report) error {
	all := append([]*Report{r}, r.Ablations...)
	names := make([]string, len(all))
	ea := make([]float64, len(all))
	ci := make([]Interval, len(all))
	texts := make([]string, len(all))
	for i, a := range all {
		names[i] = configName(a, i == 0)
		ea[i], ci[i] = a.EA, a.EACI
		texts[i] = fmt.Sprintf("%.1f%%", 100*a.EA)
		if i > 0 && a.VsFull != nil {
			texts[i] += fmt.Sprintf(" (%+.1f [%+.1f, %+.1f])", 100*a.VsFull.EA, 100*a.VsFull.CI.Lo, 100*a.VsFull.CI.Hi)
		}
	}
	svg, err := AblationChart(fmt.Sprintf("Ablations: EA of each configuration (%d questions)", r.N), names, ea, ci, texts)
	if err := chart(AblationFile, svg, err); err != nil {
		return err
	}
	fmt.Fprintf(b, "\n## Ablations (%d configurations on the same %d questions)\n\n![ablations](%s)\n\n", len(all), r.N, AblationFile)
	b.WriteString("ΔEA is the configuration's EA minus the full system's over the same questions, with its 95% paired bootstrap interval (the questions resampled together); an interval that contains 0 is no evidence of a difference.\n\n")
	b.WriteString("| configuration | EA [95% interval] | ΔEA, points [95% interval] | QSC | TF1 | MF1 | F1 | NDCG | top-1 | top-3 | answered | reject rate | repair rate | verified precision | verified coverage | AURC | ECE | p50 ms | errors |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for i, a := range all {
		delta := "–"
		if i > 0 && a.VsFull != nil {
			d := a.VsFull
			delta = fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*d.EA, 100*d.CI.Lo, 100*d.CI.Hi)
		}
		p := func(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.3f | %.3f | %.1f | %d |\n",
			esc(names[i]), pctCI(a.EA, a.EACI), delta, p(a.QSC), p(a.TF1), p(a.MF1), p(a.F1), p(a.NDCG), p(a.Top1), p(a.Top3),
			p(a.Answered), p(a.RejectRate), p(a.RepairRate), p(a.VerifiedPrecision), p(a.VerifiedCoverage), a.AURC, a.ECE, a.P50Ms, a.Errors)
	}
	if len(r.AblationsSkipped) > 0 {
		b.WriteString("\nNot run:\n\n")
		for _, name := range slices.Sorted(maps.Keys(r.AblationsSkipped)) {
			fmt.Fprintf(b, "- %s: %s\n", esc(name), esc(r.AblationsSkipped[name]))
		}
	}
	return nil
}
