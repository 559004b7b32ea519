package confidence_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/handoff"
)

func TestDefaultModel(t *testing.T) {
	m := confidence.Default()
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(m.Features) != len(confidence.Features) {
		t.Errorf("the shipped model has %d features, the package %d: refit it (%s)", len(m.Features), len(confidence.Features), m.Fit.Command)
	}
	if m.Fit.Samples == 0 || m.Fit.Folds < 2 || m.Fit.Command == "" {
		t.Errorf("the shipped model does not say how it was fitted: %+v", m.Fit)
	}
	// More evidence for an answer never lowers its confidence.
	weak := map[string]float64{"accepted": 0, "covered": 0, "missed": 3, "terms_realised_share": 0.2}
	strong := map[string]float64{"accepted": 1, "covered": 1, "missed": 0, "terms_realised_share": 1, "strong": 1, "alloc_top": 1}
	if pw, ps := m.Predict(weak), m.Predict(strong); pw >= ps {
		t.Errorf("confidence of weak evidence %.3f ≥ strong %.3f", pw, ps)
	}
}

func TestParseRejectsBrokenModels(t *testing.T) {
	for _, doc := range []string{
		`{`,
		`{"features":[]}`,
		`{"features":["a"],"mean":[0],"scale":[1],"weights":[]}`,
		`{"features":["a"],"mean":[0],"scale":[0],"weights":[1]}`,
		`{"features":["a"],"mean":[0],"scale":[1],"weights":[1],"threshold":2}`,
	} {
		if _, err := confidence.Parse([]byte(doc)); err == nil {
			t.Errorf("%s: no error", doc)
		}
	}
}

// synthetic draws samples whose label depends on x through a known
// logistic law, in groups.
func synthetic(n int, seed uint64) []confidence.Sample {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]confidence.Sample, n)
	for i := range out {
		x := r.NormFloat64()
		p := 1 / (1 + math.Exp(-(2*x - 0.5)))
		out[i] = confidence.Sample{Evidence: map[string]float64{"x": x, "noise": r.NormFloat64()}, Right: r.Float64() < p,
			Group: string(rune('a' + i%12))}
	}
	return out
}

func TestFitRecoversLogisticLaw(t *testing.T) {
	m, err := confidence.Fit(synthetic(4000, 7), []string{"x", "noise"}, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	// Back on the raw scale: weight / scale ≈ 2, bias ≈ -0.5.
	w := m.Weights[0] / m.Scale[0]
	b := m.Bias - m.Weights[0]*m.Mean[0]/m.Scale[0] - m.Weights[1]*m.Mean[1]/m.Scale[1]
	if math.Abs(w-2) > 0.2 || math.Abs(b+0.5) > 0.15 || math.Abs(m.Weights[1]) > 0.15 {
		t.Errorf("fitted w %.3f b %.3f noise %.3f, want 2, -0.5, 0", w, b, m.Weights[1])
	}
}

func TestFitHoldsSigns(t *testing.T) {
	// "requirements_fail" (evidence against, sign -1) made to go with
	// right answers, as a correlate can in training data: its weight is
	// held at 0, and the free feature keeps its law.
	s := synthetic(4000, 11)
	for i := range s {
		s[i].Evidence["requirements_fail"] = 0
		if s[i].Right && i%3 == 0 {
			s[i].Evidence["requirements_fail"] = 1
		}
	}
	free, err := confidence.Fit(s, []string{"x", "requirements_fail"}, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	if free.Weights[1] != 0 {
		t.Errorf("requirements_fail weight %.3f, want 0 (held to sign -1)", free.Weights[1])
	}
	if w := free.Weights[0] / free.Scale[0]; w < 1.5 {
		t.Errorf("x weight %.3f, want about 2", w)
	}
	// The same feature under a free name takes its positive weight.
	for i := range s {
		s[i].Evidence["other"] = s[i].Evidence["requirements_fail"]
	}
	m, err := confidence.Fit(s, []string{"x", "other"}, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	if m.Weights[1] <= 0.5 {
		t.Errorf("unconstrained weight %.3f, want clearly positive", m.Weights[1])
	}
}

func TestCrossValidateIsOutOfFold(t *testing.T) {
	s := synthetic(1200, 3)
	oof, err := confidence.CrossValidate(s, []string{"x", "noise"}, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Calibrated out of fold: mean prediction close to the base rate.
	mean, rate := 0.0, 0.0
	for i, p := range oof {
		mean += p / float64(len(oof))
		if s[i].Right {
			rate += 1 / float64(len(oof))
		}
	}
	if math.Abs(mean-rate) > 0.03 {
		t.Errorf("mean out-of-fold prediction %.3f, base rate %.3f", mean, rate)
	}
	if _, err := confidence.CrossValidate(s, nil, 1, 1); err == nil {
		t.Error("one fold: no error")
	}
	for _, g := range []string{"a", "b", "concert_singer"} {
		if f := confidence.Fold(g, 5); f != confidence.Fold(g, 5) || f < 0 || f >= 5 {
			t.Errorf("fold of %s: %d", g, f)
		}
	}
}

func TestChooseThreshold(t *testing.T) {
	conf := []float64{0.9, 0.8, 0.7, 0.6, 0.5, 0.4}
	right := []bool{true, true, true, false, true, false}
	for _, c := range []struct {
		target float64
		min    int
		want   float64
	}{
		{1, 1, 0.7},   // the top three are right
		{0.8, 1, 0.5}, // 4 of 5
		{0.8, 6, 1},   // not over six answers
		{0.95, 4, 1},  // never
		{0.6, 1, 0.4}, // 4 of 6
	} {
		if got := confidence.ChooseThreshold(conf, right, c.target, c.min); got != c.want {
			t.Errorf("target %.2f min %d: %.2f, want %.2f", c.target, c.min, got, c.want)
		}
	}
}

func TestEvidence(t *testing.T) {
	rec := handoff.Record{Accepted: true, Rows: 1,
		Commitments:   []handoff.Commitment{{Kind: "mention", Met: true}, {Kind: "superlative", Met: false}, {Kind: "echo", Met: false}},
		Perturbations: []handoff.Perturbation{{Jaccard: 0.2}, {Jaccard: 0.4}, {Error: "timeout"}},
		Evidence:      map[string]float64{"terms_realised_share": 1}}
	ev := confidence.Evidence(&rec, confidence.Context{Rank: 2, ScoreMargin: 0.5, AllocTop: true,
		Subgoal: &handoff.Subgoal{Operations: []handoff.Operation{handoff.OpRank}}})
	want := map[string]float64{"accepted": 1, "missed": 2, "missed_order": 1, "missed_echo": 1, "covered": 0, "perturbed": 2,
		"mean_jaccard": 0.3, "rank": 2, "score_margin": 0.5, "alloc_top": 1, "one_row": 1, "empty": 0, "op_rank": 1,
		"terms_realised_share": 1, "strong": 0}
	for k, v := range want {
		if math.Abs(ev[k]-v) > 1e-9 {
			t.Errorf("%s = %v, want %v", k, ev[k], v)
		}
	}
	for _, f := range confidence.Features {
		verifiers := f == "terms" || f == "terms_unmatched" || f == "outside_slice" || f == "unexplained_classes" || f == "unexplained_attributes" || f == "named_left_out" || f == "words_unrealised" // set by the verifier
		if _, ok := ev[f]; !ok && !verifiers {
			t.Errorf("feature %s missing from the evidence", f)
		}
	}
}
