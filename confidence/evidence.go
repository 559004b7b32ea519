package confidence

import (
	"math"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/sparql"
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
	// AllocFinal is the graph's final allocation score, and CovP, CovT
	// its predicate and type coverage of the subgoal's requirements.
	AllocFinal, CovP, CovT float64
	// Candidates is the number of candidates synthesised for the graph;
	// Subgoal the subgoal the record answers (its operations, cues and
	// mentions say how much the question asks).
	Candidates int
	Subgoal    *handoff.Subgoal
	// Agreement is the share of the graph's other candidates that ran
	// and reached the same non-empty answer (0 when alone).
	Agreement float64
	// Close is the number of other graphs the allocation scored at
	// least 0.9 times this one: how contested the routing is.
	Close int
}

// Evidence returns the figures of [Features] for a record verified in
// context cx; the figures the verifier put in rec.Evidence (terms
// realised) are kept.
func Evidence(rec *handoff.Record, cx Context) map[string]float64 {
	b := func(ok bool) float64 {
		if ok {
			return 1
		}
		return 0
	}
	ev := map[string]float64{}
	for k, v := range rec.Evidence {
		ev[k] = v
	}
	for k, v := range map[string]float64{
		"accepted":     b(rec.Accepted),
		"commitments":  float64(len(rec.Commitments)),
		"grounded":     b(rec.Grounded),
		"rank":         float64(max(cx.Rank, 1)),
		"repairs":      float64(len(rec.Candidate.Repairs)),
		"fallback":     b(rec.Fallback),
		"alloc_final":  cx.AllocFinal,
		"alloc_cov_p":  cx.CovP,
		"alloc_cov_t":  cx.CovT,
		"score":        rec.Candidate.Score,
		"candidates":   float64(cx.Candidates),
		"agreement":    cx.Agreement,
		"agree_any":    b(cx.Agreement > 0),
		"graphs_close": float64(cx.Close),
	} {
		ev[k] = v
	}
	if sg := cx.Subgoal; sg != nil {
		for _, op := range []handoff.Operation{handoff.OpFilter, handoff.OpAggregate, handoff.OpGroup, handoff.OpRank, handoff.OpNegate, handoff.OpCompare} {
			ev["op_"+string(op)] = b(sg.Has(op))
		}
		ev["cues"] = float64(len(sg.Requirements.Cues))
		ev["mentions"] = float64(len(sg.Mentions))
		ev["attributes"] = float64(len(sg.Requirements.Output.Attributes))
		words := 0
		for _, w := range kg.Words(sg.Text) {
			if !lexicon.FunctionWord(w) {
				words++
			}
		}
		ev["question_words"] = float64(words)
	}
	// The answer's columns, and the share of them holding IRIs (things
	// shown by their identifier, not by a name or a value).
	ev["columns"], ev["iri_columns"] = 0, 0
	if r := rec.Results; r != nil && len(r.Vars) > 0 {
		ev["columns"] = float64(len(r.Vars))
		iris := 0
		for _, v := range r.Vars {
			for _, row := range r.Rows {
				if t, ok := row[v]; ok {
					if _, isIRI := t.(*sparql.IRI); isIRI {
						iris++
					}
					break
				}
			}
		}
		ev["iri_columns"] = float64(iris) / float64(len(r.Vars))
	}
	for _, k := range []string{"missed_mention", "missed_answer", "missed_order", "missed_echo", "missed_constant", "missed_filter", "missed_other"} {
		ev[k] = 0
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
		case string(handoff.CueSuperlative), string(handoff.CueComparative), "order":
			ev["missed_order"]++
		case "echo":
			ev["missed_echo"]++
		case "constant":
			ev["missed_constant"]++
		case "filter":
			ev["missed_filter"]++
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
	// Rows in which nothing is bound (the sum of a column of words,
	// the maximum over no rows) answer nothing.
	rows := rec.Rows
	if r := rec.Results; r != nil && !r.IsAsk() && !r.IsGraph() && !anyBound(r) {
		rows = 0
	}
	ev["rows_log"] = math.Log1p(float64(rows))
	ev["empty"] = b(rows == 0)
	ev["one_row"] = b(rows == 1)
	// The conjunction the linear model cannot form itself: accepted,
	// every commitment met, every term realised, a non-empty answer.
	ev["strong"] = b(rec.Accepted && missed == 0 && rows > 0 && ev["terms_realised_share"] == 1)
	return ev
}

// requirementsPrefix starts the reason of a record the verifier rejected
// on its requirement checks.
const requirementsPrefix = "requirements not met"

// anyBound reports whether some row of r binds some variable.
func anyBound(r *sparql.Results) bool {
	for _, row := range r.Rows {
		for _, t := range row {
			if t != nil {
				return true
			}
		}
	}
	return false
}
