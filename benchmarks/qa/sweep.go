package qa

import (
	"context"
	"fmt"
)

// The θ × m grid of [Sweep]: the verifier's invariance threshold θ and
// its number of perturbations m.
var (
	SweepThetas = []float64{0.5, 0.6, 0.7, 0.8, 0.9}
	SweepMs     = []int{2, 4, 6, 8}
)

// SweepCell is the outcome of the pipeline at one (θ, m).
type SweepCell struct {
	Theta float64 `json:"theta"`
	M     int     `json:"m"`
	N     int     `json:"n"`
	EA    float64 `json:"ea"`
	// EACI is the 95 % bootstrap interval of EA ([Report.EACI]).
	EACI       Interval `json:"ea_ci"`
	RejectRate float64  `json:"reject_rate"`
	Answered   float64  `json:"answered"`
	P50Ms      float64  `json:"p50_ms"`
}

// Sweep runs qs through the asker build returns for each (θ, m) of
// [SweepThetas] × [SweepMs], θ-major, and reports EA and the reject rate
// per cell. o.Progress, when set, gets one line per cell (not per
// question).
func Sweep(ctx context.Context, build func(theta float64, m int) (Asker, error), qs []Question, o Options) ([]SweepCell, error) {
	progress := o.Progress
	o.Progress, o.ProgressBar, o.Items = nil, false, false
	var cells []SweepCell
	for _, theta := range SweepThetas {
		for _, m := range SweepMs {
			a, err := build(theta, m)
			if err != nil {
				return cells, fmt.Errorf("qa: sweep θ = %.1f, m = %d: %w", theta, m, err)
			}
			r, err := Run(ctx, a, qs, o)
			if err != nil {
				return cells, err
			}
			c := SweepCell{Theta: theta, M: m, N: r.N, EA: r.EA, EACI: r.EACI, RejectRate: r.RejectRate, Answered: r.Answered, P50Ms: r.P50Ms}
			cells = append(cells, c)
			if progress != nil {
				fmt.Fprintf(progress, "  θ=%.1f m=%d  EA %.1f%%  reject %.1f%%\n", theta, m, 100*c.EA, 100*c.RejectRate)
			}
		}
	}
	return cells, nil
}
