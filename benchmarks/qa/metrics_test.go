package qa

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func results(t *testing.T, doc string) *sparql.Results {
	t.Helper()
	r, err := sparql.ReadJSON(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// names returns a one-column result with the literals vs, in order.
func names(t *testing.T, vs ...string) *sparql.Results {
	t.Helper()
	r := &sparql.Results{Vars: []string{"x"}, Rows: []sparql.Row{}}
	for _, v := range vs {
		r.Rows = append(r.Rows, sparql.Row{"x": sparql.NewLiteral(v)})
	}
	return r
}

func boolean(b bool) *sparql.Results { return &sparql.Results{Boolean: &b} }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSameAnswers(t *testing.T) {
	a := results(t, `{"head":{"vars":["x","n"]},"results":{"bindings":[{"x":{"type":"literal","value":"A"},"n":{"type":"literal","value":"2","datatype":"http://www.w3.org/2001/XMLSchema#integer"}}]}}`)
	b := results(t, `{"head":{"vars":["m","y"]},"results":{"bindings":[{"y":{"type":"literal","value":"A"},"m":{"type":"literal","value":"2.0","datatype":"http://www.w3.org/2001/XMLSchema#decimal"}}]}}`)
	c := results(t, `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"A"}}]}}`)
	if !SameAnswers(a, b) {
		t.Error("same values under other names, columns and numeric forms differ")
	}
	if SameAnswers(a, c) || SameAnswers(boolean(true), boolean(false)) || SameAnswers(boolean(true), a) || SameAnswers(nil, a) || SameAnswers(a, nil) {
		t.Error("different answers compare equal")
	}
	if !SameAnswers(boolean(true), boolean(true)) || !SameAnswers(names(t), names(t)) {
		t.Error("equal answers differ")
	}
	// Duplicates and order do not matter: answers are sets.
	if !SameAnswers(names(t, "a", "b", "a"), names(t, "b", "a")) {
		t.Error("a bag and its set differ")
	}
}

func TestGoldOperation(t *testing.T) {
	for q, want := range map[string]string{
		`SELECT ?n WHERE { ?t a :singer . ?t :singer\#name ?n }`:                                       "lookup",
		`SELECT ?n WHERE { ?t a :singer . ?t :singer\#age ?a FILTER(?a > 3) }`:                         "filter",
		`SELECT (count(*) AS ?c) WHERE { ?t a :singer }`:                                               "aggregate",
		`SELECT ?n WHERE { ?t a :singer . ?t :singer\#age ?a } ORDER BY DESC(?a) LIMIT 1`:              "rank",
		`SELECT ?c (count(*) AS ?k) WHERE { ?t a :singer . ?t :singer\#country ?c } GROUP BY ?c`:       "group",
		`SELECT ?n WHERE { ?t a :singer . ?t :singer\#name ?n FILTER NOT EXISTS { ?x :c\#ref-s ?t } }`: "negate",
		`SELECT ?n WHERE { { ?t :singer\#name ?n } UNION { ?t :singer\#alias ?n } }`:                   "union",
		`ASK { ?t a :singer }`: "ask",
		`SELECT ?n WHERE {`:    "unparsed",
		`PREFIX dbo: <http://dbpedia.org/ontology/> SELECT ?c WHERE { ?c a dbo:Country ; dbo:populationTotal ?p } ORDER BY DESC(?p) LIMIT 10`: "rank",
	} {
		if got := GoldOperation(q); got != want {
			t.Errorf("GoldOperation(%s) = %s, want %s", q, got, want)
		}
	}
}

func TestRowF1(t *testing.T) {
	for _, tt := range []struct {
		name      string
		want, got *sparql.Results
		f1        float64
	}{
		{"equal", names(t, "a", "b"), names(t, "b", "a"), 1},
		{"two of three each way", names(t, "a", "b", "c"), names(t, "a", "b", "d"), 2.0 / 3},
		{"subset", names(t, "a", "b", "c", "d"), names(t, "a"), 2 * 1 * 0.25 / 1.25},
		{"disjoint", names(t, "a"), names(t, "b"), 0},
		{"both empty", names(t), names(t), 1},
		{"empty answer", names(t, "a"), names(t), 0},
		{"no answer", names(t, "a"), nil, 0},
		{"ask equal", boolean(false), boolean(false), 1},
		{"ask differs", boolean(true), boolean(false), 0},
		{"ask against rows", boolean(true), names(t, "true"), 0},
	} {
		if got := RowF1(tt.want, tt.got); !near(got, tt.f1) {
			t.Errorf("%s: RowF1 = %v, want %v", tt.name, got, tt.f1)
		}
	}
}

func TestSetF1(t *testing.T) {
	rel := map[string]int{"a": 1, "b": 1, "c": 1, "d": 0}
	for _, tt := range []struct {
		name string
		rel  map[string]int
		got  []string
		f1   float64
	}{
		{"exact", rel, []string{"c", "b", "a"}, 1},
		{"two of three, one wrong", rel, []string{"a", "b", "x"}, 2.0 / 3},
		{"a judged irrelevant value is wrong", rel, []string{"a", "b", "c", "d"}, 2 * 0.75 * 1 / 1.75},
		{"duplicates count once", rel, []string{"a", "a", "a"}, 2 * 1 * (1.0 / 3) / (4.0 / 3)},
		{"nothing", rel, nil, 0},
		{"empty gold, empty answer", map[string]int{}, nil, 1},
		{"empty gold, some answer", map[string]int{}, []string{"a"}, 0},
	} {
		if got := SetF1(tt.rel, tt.got); !near(got, tt.f1) {
			t.Errorf("%s: SetF1 = %v, want %v", tt.name, got, tt.f1)
		}
	}
	// Booleans, through the TEXT2SPARQL judgements of a gold ASK.
	for _, tt := range []struct{ gold, got, want bool }{{true, true, true}, {true, false, false}, {false, false, true}, {false, true, false}} {
		f := SetF1(Relevance(boolean(tt.gold), false), AnswerValues(boolean(tt.got)))
		if (f == 1) != tt.want || (f != 0 && f != 1) {
			t.Errorf("gold %t, answer %t: SetF1 = %v", tt.gold, tt.got, f)
		}
	}
	// Numbers are values: 2 and 2.0 agree.
	num := &sparql.Results{Vars: []string{"n"}, Rows: []sparql.Row{{"n": sparql.NewTypedLiteral("2.0", sparql.XSDDecimal)}}}
	if f := SetF1(map[string]int{canonValue("2"): 1}, AnswerValues(num)); f != 1 {
		t.Errorf("2 vs 2.0: SetF1 = %v", f)
	}
}

func TestNDCG(t *testing.T) {
	l := func(i int) float64 { return math.Log2(float64(i + 1)) } // discount at rank i
	bin := map[string]int{"a": 1, "b": 1}
	if got, want := NDCG(bin, []string{"x", "a", "b"}), (1/l(2)+1/l(3))/(1/l(1)+1/l(2)); !near(got, want) {
		t.Errorf("binary NDCG = %v, want %v", got, want)
	}
	if got := NDCG(bin, []string{"b", "a"}); !near(got, 1) {
		t.Errorf("binary NDCG of a permutation = %v, want 1", got)
	}
	// Graded by the gold order: a=3, b=2, c=1.
	graded := Relevance(names(t, "a", "b", "c"), true)
	if graded["a"] != 3 || graded["b"] != 2 || graded["c"] != 1 {
		t.Fatalf("graded relevance = %v", graded)
	}
	ideal := 3/l(1) + 2/l(2) + 1/l(3)
	if got := NDCG(graded, []string{"a", "b", "c"}); !near(got, 1) {
		t.Errorf("NDCG of the gold order = %v", got)
	}
	if got, want := NDCG(graded, []string{"c", "b", "a"}), (1/l(1)+2/l(2)+3/l(3))/ideal; !near(got, want) {
		t.Errorf("NDCG of the reversed order = %v, want %v", got, want)
	}
	if got, want := NDCG(graded, []string{"a", "a", "b"}), (3/l(1)+2/l(2))/ideal; !near(got, want) {
		t.Errorf("NDCG with a duplicate = %v, want %v", got, want)
	}
	if NDCG(graded, nil) != 0 || NDCG(map[string]int{}, nil) != 1 || NDCG(map[string]int{"x": 0}, []string{"x"}) != 0 {
		t.Error("NDCG edge cases")
	}
}

func TestTripleCounts(t *testing.T) {
	const p = "PREFIX : <http://valuenet/ontop/>\n"
	keys := func(q string) []string {
		t.Helper()
		k, ok := tripleKeys(p + q)
		if !ok {
			t.Fatalf("does not parse: %s", q)
		}
		return k
	}
	gold := keys(`SELECT ?n WHERE { ?s a :singer ; :singer\#name ?n ; :singer\#age ?a FILTER(?a > 30) }`)
	for _, tt := range []struct {
		name              string
		produced          string
		hit, nGold, nProd int
	}{
		{"same up to variable names and filters", `SELECT ?x WHERE { ?y a :singer . ?y :singer\#age ?z . ?y :singer\#name ?x FILTER(?z < 3) }`, 3, 3, 3},
		{"one triple missing, one extra", `SELECT ?x WHERE { ?y a :singer . ?y :singer\#name ?x . ?y :singer\#country ?c }`, 2, 3, 3},
		{"triples under NOT EXISTS are filters", `SELECT ?x WHERE { ?y a :singer FILTER NOT EXISTS { ?y :singer\#name ?x } }`, 1, 3, 1},
		{"a repeated triple counts once against one gold triple", `SELECT * WHERE { ?y a :singer . ?z a :singer }`, 1, 3, 2},
	} {
		hit, ng, np := TripleCounts(gold, keys(tt.produced))
		if hit != tt.hit || ng != tt.nGold || np != tt.nProd {
			t.Errorf("%s: counts %d/%d/%d, want %d/%d/%d", tt.name, hit, ng, np, tt.hit, tt.nGold, tt.nProd)
		}
	}
	// TF1 is micro: the counts are summed before F1.
	items := []Item{
		{TriplesHit: 3, TriplesGold: 3, TriplesProduced: 3},
		{TriplesHit: 0, TriplesGold: 1, TriplesProduced: 5},
		{TriplesHit: 0, TriplesGold: -1, TriplesProduced: 2}, // gold unparsed
	}
	r := Summarize(items, nil)
	if want := f1(3, 10, 4); !near(r.TF1, want) {
		t.Errorf("TF1 = %v, want %v", r.TF1, want)
	}
}

func TestPercentile(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 20; i++ {
		ds = append(ds, time.Duration(21-i)*time.Millisecond)
	}
	if p := percentile(ds, 50); p != 10 {
		t.Errorf("p50 = %v", p)
	}
	if p := percentile(ds, 95); p != 19 {
		t.Errorf("p95 = %v", p)
	}
	if percentile(nil, 50) != 0 || percentile(ds[:1], 95) != 20 {
		t.Error("edge cases")
	}
}

func nearAll(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

func TestConfidenceOrder(t *testing.T) {
	// Ties keep their order; NaN ranks last.
	if got := ConfidenceOrder([]float64{0.2, math.NaN(), 0.9, 0.2}); !slices.Equal(got, []int{2, 0, 3, 1}) {
		t.Errorf("order %v", got)
	}
	if got := ConfidenceOrder(nil); len(got) != 0 {
		t.Errorf("order of nothing %v", got)
	}
}

func TestRiskCoverage(t *testing.T) {
	// 0.9 right, then a tie at 0.5 (wrong first, by input order), then 0.1
	// wrong: risks 0/1, 1/2, 1/3, 2/4.
	conf := []float64{0.9, 0.5, 0.5, 0.1}
	right := []bool{true, false, true, false}
	if got, want := RiskCoverage(conf, right), []float64{0, 0.5, 1.0 / 3, 0.5}; !nearAll(got, want) {
		t.Errorf("risk %v, want %v", got, want)
	}
	if got, want := AURC(conf, right), (0+0.5+1.0/3+0.5)/4; !near(got, want) {
		t.Errorf("AURC %v, want %v", got, want)
	}
	// The same answers with the tie the other way round: the right one
	// first lowers the curve.
	if got, want := AURC([]float64{0.9, 0.5, 0.5, 0.1}, []bool{true, true, false, false}), (0+0+1.0/3+0.5)/4; !near(got, want) {
		t.Errorf("AURC, tie the other way: %v, want %v", got, want)
	}
	for c, want := range map[float64]float64{0.25: 1, 0.5: 0.5, 0.75: 2.0 / 3, 1: 0.5, 0: 0, 0.01: 1} {
		if got := PrecisionAtCoverage(conf, right, c); !near(got, want) {
			t.Errorf("precision at %v = %v, want %v", c, got, want)
		}
	}
	// ⌈0.5 × 3⌉ = 2; 0.1 × 30 is 3 questions, not 4.
	if got := PrecisionAtCoverage([]float64{3, 2, 1}, []bool{true, false, true}, 0.5); !near(got, 0.5) {
		t.Errorf("precision at 0.5 of 3 = %v, want 0.5", got)
	}
	conf30, right30 := make([]float64, 30), make([]bool, 30)
	for i := range conf30 {
		conf30[i], right30[i] = float64(30-i), i < 3
	}
	if got := PrecisionAtCoverage(conf30, right30, 0.1); got != 1 {
		t.Errorf("precision at 0.1 of 30 = %v, want 1 (3 questions)", got)
	}
	// All wrong: risk 1 everywhere.
	wrong := []bool{false, false, false}
	if got := RiskCoverage([]float64{0.8, 0.3, 0.3}, wrong); !nearAll(got, []float64{1, 1, 1}) || AURC([]float64{0.8, 0.3, 0.3}, wrong) != 1 ||
		PrecisionAtCoverage([]float64{0.8, 0.3, 0.3}, wrong, 1) != 0 {
		t.Errorf("all wrong: risk %v", got)
	}
	// All right: risk 0.
	if got := AURC([]float64{0.1, 0.2}, []bool{true, true}); got != 0 {
		t.Errorf("all right: AURC %v", got)
	}
	// No question.
	if len(RiskCoverage(nil, nil)) != 0 || AURC(nil, nil) != 0 || PrecisionAtCoverage(nil, nil, 1) != 0 {
		t.Error("no question: figures not 0")
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic on slices of different lengths")
		}
	}()
	RiskCoverage([]float64{1}, nil)
}

func TestSelectivePrecision(t *testing.T) {
	// None verified: precision and coverage 0.
	if p, c := SelectivePrecision([]bool{false, false, false}, []bool{true, false, true}); p != 0 || c != 0 {
		t.Errorf("none accepted: %v, %v", p, c)
	}
	// Three accepted of four, two of them right.
	if p, c := SelectivePrecision([]bool{true, true, false, true}, []bool{true, false, true, true}); !near(p, 2.0/3) || c != 0.75 {
		t.Errorf("3 of 4 accepted: %v, %v", p, c)
	}
	// All wrong.
	if p, c := SelectivePrecision([]bool{true, true}, []bool{false, false}); p != 0 || c != 1 {
		t.Errorf("all wrong: %v, %v", p, c)
	}
	if p, c := SelectivePrecision(nil, nil); p != 0 || c != 0 {
		t.Errorf("nothing: %v, %v", p, c)
	}
}

func TestReliabilityAndECE(t *testing.T) {
	// Perfectly calibrated: a quarter of the 0.25s right, three quarters
	// of the 0.75s, all of the 1s (last bin), none of the 0s.
	var conf []float64
	var right []bool
	add := func(c float64, n, hit int) {
		for i := range n {
			conf, right = append(conf, c), append(right, i < hit)
		}
	}
	add(0.25, 4, 1)
	add(0.75, 4, 3)
	add(1, 2, 2)
	add(0, 3, 0)
	if got := ECE(conf, right, 10); !near(got, 0) {
		t.Errorf("calibrated: ECE %v, want 0", got)
	}
	bins := ReliabilityBins(conf, right, 10)
	if len(bins) != 10 || bins[2].N != 4 || bins[7].N != 4 || bins[9].N != 2 || bins[0].N != 3 || bins[5].N != 0 ||
		!near(bins[2].Accuracy, 0.25) || !near(bins[7].MeanConfidence, 0.75) || bins[9].Accuracy != 1 ||
		!near(bins[3].Lo, 0.3) || !near(bins[3].Hi, 0.4) || bins[9].Hi != 1 {
		t.Errorf("bins %+v", bins)
	}
	// A known ECE: four answers at 0.9, half right (|0.5 − 0.9| = 0.4,
	// weight 4/6); two at 0.15, half right (0.35, weight 2/6).
	conf = []float64{0.9, 0.9, 0.9, 0.9, 0.15, 0.15}
	right = []bool{true, true, false, false, true, false}
	if got, want := ECE(conf, right, 10), 0.4*4/6+0.35*2/6; !near(got, want) {
		t.Errorf("ECE %v, want %v", got, want)
	}
	// With 2 bins everything is in [0.5, 1] and [0, 0.5).
	if got, want := ECE(conf, right, 2), 0.4*4/6+0.35*2/6; !near(got, want) {
		t.Errorf("ECE (2 bins) %v, want %v", got, want)
	}
	// One bin: |accuracy − mean confidence| over all: |0.5 − 0.65|.
	if got := ECE(conf, right, 1); !near(got, 0.15) {
		t.Errorf("ECE (1 bin) %v, want 0.15", got)
	}
	// Bin edges: 0.1 opens the second bin, 1 closes the last, out of
	// range values go to the ends, NaN counts as 0.
	bins = ReliabilityBins([]float64{0.1, 0.0999, 1, 1.5, -0.2, math.NaN()}, make([]bool, 6), 10)
	if bins[1].N != 1 || bins[0].N != 3 || bins[9].N != 2 || math.IsNaN(bins[0].MeanConfidence) {
		t.Errorf("edges %+v", bins)
	}
	// Confident and always wrong: ECE is the confidence.
	if got := ECE([]float64{0.8, 0.8}, []bool{false, false}, 10); !near(got, 0.8) {
		t.Errorf("all wrong: ECE %v", got)
	}
	if ECE(nil, nil, 10) != 0 || ReliabilityBins(nil, nil, 0) != nil || len(ReliabilityBins(nil, nil, 10)) != 10 {
		t.Error("no question")
	}
	if k := CoverageKey(0.25) + " " + CoverageKey(0.5) + " " + CoverageKey(1); k != "0.25 0.5 1" {
		t.Errorf("coverage keys %q", k)
	}
}

// TestCalibratedECE: the ECE a calibrated model shows by chance shrinks
// with the number of answers, is 0 for confidences of 0 and 1 (no draw
// can miss them), and a run is repeatable.
func TestCalibratedECE(t *testing.T) {
	conf := func(n int) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = float64(i%10)/10 + 0.05
		}
		return out
	}
	small, large := CalibratedECE(conf(100), 10, 500, 7), CalibratedECE(conf(10000), 10, 200, 7)
	if !(small.Mean > large.Mean && large.Mean > 0 && small.P90 >= small.Mean) {
		t.Errorf("100 answers %+v, 10,000 answers %+v: want the noise to shrink with more answers, p90 ≥ mean", small, large)
	}
	if again := CalibratedECE(conf(100), 10, 500, 7); again != small {
		t.Errorf("not repeatable: %+v then %+v", small, again)
	}
	if got := CalibratedECE([]float64{0, 1, 1, 0}, 10, 50, 1); got.Mean != 0 || got.P90 != 0 {
		t.Errorf("confidences 0 and 1: %+v, want 0", got)
	}
	if got := CalibratedECE(nil, 10, 50, 1); got != (ECENoise{}) {
		t.Errorf("no answer: %+v", got)
	}
}
