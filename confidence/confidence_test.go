package confidence_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/confidence"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
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
		`{"features":["a"],"rate":0.1}`, // no trees
		`{"features":["a"],"rate":0,"trees":[{"nodes":[{"v":1}]}]}`,
		`{"features":["a"],"rate":0.1,"trees":[{"nodes":[]}]}`,
		`{"features":["a"],"rate":0.1,"trees":[{"nodes":[{"f":0,"l":0,"r":1},{"v":1}]}]}`,         // a child before its parent
		`{"features":["a"],"rate":0.1,"trees":[{"nodes":[{"f":0,"l":1,"r":5},{"v":1}]}]}`,         // a child that is not there
		`{"features":["a"],"rate":0.1,"trees":[{"nodes":[{"f":3,"l":1,"r":2},{"v":1},{"v":2}]}]}`, // no feature 3
		`{"features":["a"],"rate":0.1,"threshold":2,"trees":[{"nodes":[{"v":1}]}]}`,
	} {
		if _, err := confidence.Parse([]byte(doc)); err == nil {
			t.Errorf("%s: no error", doc)
		}
	}
	if _, err := confidence.Parse([]byte(`{"features":["a"],"rate":0.1,"trees":[{"nodes":[{"f":0,"s":0.5,"l":1,"r":2},{"v":-1},{"v":1}]}]}`)); err != nil {
		t.Errorf("a well-formed model: %v", err)
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

// law is the probability synthetic gives a sample with evidence x.
func law(x float64) float64 { return 1 / (1 + math.Exp(-(2*x - 0.5))) }

func TestFitLearnsTheLaw(t *testing.T) {
	m, err := confidence.Fit(synthetic(4000, 7), []string{"x", "noise"}, confidence.Params{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []float64{-1.5, -0.5, 0, 0.5, 1.5} {
		for _, noise := range []float64{-1, 1} {
			if got := m.Predict(map[string]float64{"x": x, "noise": noise}); math.Abs(got-law(x)) > 0.1 {
				t.Errorf("x %.1f noise %.0f: confidence %.3f, law %.3f", x, noise, got, law(x))
			}
		}
	}
}

func TestFitFindsInteractions(t *testing.T) {
	// Right when a and b both hold, or neither: no linear model of a and
	// b separates it, two levels of trees do.
	r := rand.New(rand.NewPCG(5, 1))
	var s []confidence.Sample
	for i := range 3000 {
		a, b := float64(r.IntN(2)), float64(r.IntN(2))
		p := 0.1
		if a == b {
			p = 0.9
		}
		s = append(s, confidence.Sample{Evidence: map[string]float64{"a": a, "b": b}, Right: r.Float64() < p, Group: string(rune('a' + i%9))})
	}
	m, err := confidence.Fit(s, []string{"a", "b"}, confidence.Params{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][3]float64{{0, 0, 0.9}, {1, 1, 0.9}, {0, 1, 0.1}, {1, 0, 0.1}} {
		if got := m.Predict(map[string]float64{"a": c[0], "b": c[1]}); math.Abs(got-c[2]) > 0.1 {
			t.Errorf("a %.0f b %.0f: confidence %.3f, want about %.1f", c[0], c[1], got, c[2])
		}
	}
}

func TestFitHoldsSigns(t *testing.T) {
	// "requirements_fail" (evidence against, sign -1) made to go with
	// right answers, as a correlate can in training data: it never
	// raises the confidence, and the free feature keeps its law.
	s := synthetic(4000, 11)
	for i := range s {
		s[i].Evidence["requirements_fail"] = 0
		if s[i].Right && i%3 == 0 {
			s[i].Evidence["requirements_fail"] = 1
		}
	}
	held, err := confidence.Fit(s, []string{"x", "requirements_fail"}, confidence.Params{})
	if err != nil {
		t.Fatal(err)
	}
	for x := -2.0; x <= 2; x += 0.25 {
		off := held.Predict(map[string]float64{"x": x})
		on := held.Predict(map[string]float64{"x": x, "requirements_fail": 1})
		if on > off {
			t.Errorf("x %.2f: a failed requirement raises the confidence %.3f → %.3f", x, off, on)
		}
	}
	if lo, hi := held.Predict(map[string]float64{"x": -1}), held.Predict(map[string]float64{"x": 1}); hi-lo < 0.4 {
		t.Errorf("x from -1 to 1 moves the confidence %.3f → %.3f, want about %.2f → %.2f", lo, hi, law(-1), law(1))
	}
	// The same feature under a free name raises it.
	for i := range s {
		s[i].Evidence["other"] = s[i].Evidence["requirements_fail"]
	}
	m, err := confidence.Fit(s, []string{"x", "other"}, confidence.Params{})
	if err != nil {
		t.Fatal(err)
	}
	if off, on := m.Predict(map[string]float64{"x": 0}), m.Predict(map[string]float64{"x": 0, "other": 1}); on < off+0.1 {
		t.Errorf("unconstrained feature: confidence %.3f → %.3f, want clearly higher", off, on)
	}
}

func TestCrossValidateIsOutOfFold(t *testing.T) {
	s := synthetic(1200, 3)
	oof, err := confidence.CrossValidate(s, []string{"x", "noise"}, confidence.Params{}, 4)
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
	if _, err := confidence.CrossValidate(s, nil, confidence.Params{}, 1); err == nil {
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
	rec.Results = &sparql.Results{Vars: []string{"club", "name"}, Rows: []sparql.Row{
		{"club": &sparql.IRI{Value: "http://x/c1"}, "name": &sparql.Literal{Lexical: "Valdheim FK"}}}}
	ev := confidence.Evidence(&rec, confidence.Context{Rank: 2, ScoreMargin: 0.5, AllocTop: true, Close: 2,
		Subgoal: &handoff.Subgoal{Text: "Which is the oldest club?", Operations: []handoff.Operation{handoff.OpRank},
			Requirements: handoff.Requirements{Output: handoff.Output{Attributes: []string{"name"}}}}})
	want := map[string]float64{"accepted": 1, "missed": 2, "missed_order": 1, "missed_echo": 1, "covered": 0, "perturbed": 2,
		"mean_jaccard": 0.3, "rank": 2, "score_margin": 0.5, "alloc_top": 1, "one_row": 1, "empty": 0, "op_rank": 1,
		"terms_realised_share": 1, "strong": 0, "graphs_close": 2, "attributes": 1, "question_words": 2, "columns": 2, "iri_columns": 0.5}
	for k, v := range want {
		if math.Abs(ev[k]-v) > 1e-9 {
			t.Errorf("%s = %v, want %v", k, ev[k], v)
		}
	}
	for _, f := range confidence.Features {
		verifiers := f == "terms" || f == "terms_unmatched" || f == "outside_slice" || f == "unexplained_classes" || f == "unexplained_attributes" || f == "named_left_out" || f == "words_unrealised" || f == "count_unnamed" || strings.HasPrefix(f, "query_") // set by the verifier
		if _, ok := ev[f]; !ok && !verifiers {
			t.Errorf("feature %s missing from the evidence", f)
		}
	}
}

// TestEvidenceUnboundRow: a row that binds nothing (the sum of a column
// of words) is no answer: the evidence says empty.
func TestEvidenceUnboundRow(t *testing.T) {
	rec := handoff.Record{Accepted: true, Rows: 1, Evidence: map[string]float64{"terms_realised_share": 1},
		Results: &sparql.Results{Vars: []string{"sum_name"}, Rows: []sparql.Row{{}}}}
	ev := confidence.Evidence(&rec, confidence.Context{Rank: 1})
	if ev["empty"] != 1 || ev["one_row"] != 0 || ev["rows_log"] != 0 || ev["strong"] != 0 {
		t.Errorf("an unbound row: empty %v, one_row %v, rows_log %v, strong %v; want 1, 0, 0, 0", ev["empty"], ev["one_row"], ev["rows_log"], ev["strong"])
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	m, err := confidence.Fit(synthetic(600, 2), []string{"x", "noise"}, confidence.Params{Trees: 20})
	if err != nil {
		t.Fatal(err)
	}
	m.Threshold = 0.8
	data, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := confidence.Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if back.Threshold != 0.8 || len(back.Trees) != 20 {
		t.Errorf("threshold %v, %d trees after the round trip", back.Threshold, len(back.Trees))
	}
	for _, x := range []float64{-2, -0.3, 0, 0.7, 2} {
		ev := map[string]float64{"x": x, "noise": 0.1}
		if a, b := m.Predict(ev), back.Predict(ev); a != b {
			t.Errorf("x %v: %v before, %v after", x, a, b)
		}
	}
	if n := strings.Count(string(data), "\n"); n > 60 {
		t.Errorf("%d lines for 20 trees: one line per tree expected", n)
	}
}

// FuzzParse: any document is refused with an error or gives a model that
// predicts a probability (its trees end: children come after parents).
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"features":["a"],"rate":0.1,"trees":[{"nodes":[{"f":0,"s":0.5,"l":1,"r":2},{"v":-1},{"v":1}]}]}`))
	f.Add([]byte(`{"features":["a","b"],"base":1,"rate":1,"threshold":0.5,"trees":[{"nodes":[{"v":3}]},{"nodes":[{"f":1,"l":2,"r":1},{"v":1},{"v":2}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := confidence.Parse(data)
		if err != nil {
			return
		}
		for _, x := range []float64{-1, 0, 0.5, 1e9} {
			ev := map[string]float64{}
			for _, name := range m.Features {
				ev[name] = x
			}
			if p := m.Predict(ev); !(p >= 0 && p <= 1) {
				t.Fatalf("confidence %v", p)
			}
		}
	})
}

func TestFitJointRecoversTheLaw(t *testing.T) {
	// Answers of two subgoals whose records are right together: the
	// product of two confidences c·c understates the answer's chance c.
	r := rand.New(rand.NewPCG(5, 6))
	var ps []float64
	var right []bool
	for range 3000 {
		c := 0.05 + 0.9*r.Float64()
		ps = append(ps, c*c)
		right = append(right, r.Float64() < c)
	}
	j, err := confidence.FitJoint(ps, right)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{0.3, 0.6, 0.9} {
		if got := j.Apply(c * c); math.Abs(got-c) > 0.07 {
			t.Errorf("joint(%.2f²) = %.3f, want ≈ %.2f (a %.3f, b %.3f)", c, got, c, j.A, j.B)
		}
	}
	if j.B < 0 {
		t.Errorf("b %.3f < 0", j.B)
	}
	// Labels that fall with the product: b is held at 0, not negative.
	j, err = confidence.FitJoint([]float64{0.1, 0.2, 0.8, 0.9, 0.1, 0.9}, []bool{true, true, false, false, true, false})
	if err != nil || j.B < 0 {
		t.Errorf("falling labels: %+v, %v", j, err)
	}
	if _, err := confidence.FitJoint([]float64{0.5}, nil); err == nil {
		t.Error("mismatched lengths: no error")
	}
}

func TestCombine(t *testing.T) {
	m := &confidence.Model{}
	if got := m.Combine(nil); got != 0 {
		t.Errorf("no record: %v", got)
	}
	if got := m.Combine([]float64{0.7}); got != 0.7 {
		t.Errorf("one record: %v", got)
	}
	if got := m.Combine([]float64{0.5, 0.5}); math.Abs(got-0.25) > 1e-12 {
		t.Errorf("two records without a joint calibration: %v, want the product", got)
	}
	m.Joint = &confidence.Joint{A: 0, B: 0.5}
	// logit(0.25)·0.5 = logit(1/(1+√3)).
	if got, want := m.Combine([]float64{0.5, 0.5}), 1/(1+math.Sqrt(3)); math.Abs(got-want) > 1e-9 {
		t.Errorf("two records: %v, want %v", got, want)
	}
	if _, err := confidence.Parse([]byte(`{"features":["a"],"rate":0.1,"joint":{"a":0,"b":-1},"trees":[{"nodes":[{"v":1}]}]}`)); err == nil {
		t.Error("a negative joint b: no error")
	}
}

func TestCrossPredictOthers(t *testing.T) {
	s := synthetic(1200, 7)
	// Others of a group no sample has, and of one every fold model but
	// one saw: each is predicted by a model that did not see its group.
	others := []confidence.Sample{{Evidence: map[string]float64{"x": 2}, Group: "zz"}, {Evidence: map[string]float64{"x": -2}, Group: "a"}}
	oof, po, err := confidence.CrossPredict(s, others, []string{"x", "noise"}, confidence.Params{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(oof) != len(s) || len(po) != 2 {
		t.Fatalf("%d and %d predictions", len(oof), len(po))
	}
	if math.Abs(po[0]-law(2)) > 0.1 || math.Abs(po[1]-law(-2)) > 0.1 {
		t.Errorf("others predicted %.3f and %.3f, want ≈ %.3f and %.3f", po[0], po[1], law(2), law(-2))
	}
	cv, err := confidence.CrossValidate(s, []string{"x", "noise"}, confidence.Params{}, 4)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cv {
		if cv[i] != oof[i] {
			t.Fatalf("sample %d: CrossValidate %v, CrossPredict %v", i, cv[i], oof[i])
		}
	}
}

// TestInfluences: a feature split on with a larger gap between its
// sides' leaves ranks first; a feature no tree splits on is left out.
func TestInfluences(t *testing.T) {
	m := &confidence.Model{Features: []string{"a", "b", "c"}, Rate: 0.5, Trees: []confidence.Tree{
		{Nodes: []confidence.Node{{Feature: 1, Split: 0.5, Left: 1, Right: 2}, {Value: -1}, {Value: 1}}},
		{Nodes: []confidence.Node{{Feature: 0, Split: 0.5, Left: 1, Right: 2}, {Value: 0}, {Value: 0.4}}},
	}}
	got := m.Influences()
	if len(got) != 2 || got[0].Feature != "b" || got[0].Splits != 1 || got[0].Weight != 1 || got[1].Feature != "a" || math.Abs(got[1].Weight-0.2) > 1e-9 {
		t.Errorf("Influences() = %+v, want b (1) then a (0.2)", got)
	}
	if len(confidence.Default().Influences()) == 0 {
		t.Error("the shipped model has no influences")
	}
}
