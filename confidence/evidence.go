package confidence

import (
	"math"

	"github.com/schemaforge/go-schemaforge/handoff"
)

// Context is what the pipeline knows about a record beyond the record
// itself.
type Context struct {
	// Rank is the candidate's rank among its graph's candidates (1 =
	// best); ScoreMargin its score minus the next candidate's (0 when
	// there is none).
	Rank        int
	ScoreMargin float64
	// AllocMargin is the graph's final allocation score minus the next
	// graph's (for the top graph) or minus the top graph's (for the
	// others, so negative); AllocTop whether the graph ranks first.
	AllocMargin float64
	AllocTop    bool
}

// Evidence returns the figures of [Features] for a record verified in
// context cx.
func Evidence(rec *handoff.Record, cx Context) map[string]float64 {
	b := func(ok bool) float64 {
		if ok {
			return 1
		}
		return 0
	}
	ev := map[string]float64{
		"accepted":    b(rec.Accepted),
		"commitments": float64(len(rec.Commitments)),
		"grounded":    b(rec.Grounded),
		"rank":        float64(max(cx.Rank, 1)),
		"repairs":     float64(len(rec.Candidate.Repairs)),
		"fallback":    b(rec.Fallback),
	}
	missed := 0
	for _, c := range rec.Commitments {
		if c.Met {
			continue
		}
		missed++
		switch c.Kind {
		case "mention":
			ev["missed_mention"]++
		case string(handoff.CueAnswer):
			ev["missed_answer"]++
		case string(handoff.CueSuperlative), string(handoff.CueComparative):
			ev["missed_order"]++
		case "echo":
			ev["missed_echo"]++
		default:
			ev["missed_other"]++
		}
	}
	ev["missed"] = float64(missed)
	ev["covered"] = b(missed == 0)
	perturbed, sum := 0, 0.0
	for _, p := range rec.Perturbations {
		if p.Error == "" {
			perturbed++
			sum += p.Jaccard
		}
	}
	ev["perturbed"] = float64(perturbed)
	ev["unperturbed"] = b(perturbed == 0)
	ev["mean_jaccard"] = 1
	if perturbed > 0 {
		ev["mean_jaccard"] = sum / float64(perturbed)
	}
	ev["requirements_fail"] = b(len(rec.Reason) >= len(requirementsPrefix) && rec.Reason[:len(requirementsPrefix)] == requirementsPrefix)
	ev["score_margin"] = cx.ScoreMargin
	ev["alloc_margin"] = cx.AllocMargin
	ev["alloc_top"] = b(cx.AllocTop)
	ev["rows_log"] = math.Log1p(float64(rec.Rows))
	ev["empty"] = b(rec.Rows == 0)
	ev["one_row"] = b(rec.Rows == 1)
	return ev
}

// requirementsPrefix starts the reason of a record the verifier rejected
// on its requirement checks.
const requirementsPrefix = "requirements not met"
