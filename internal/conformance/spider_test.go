package conformance

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// judgeCase runs spiderJudge.judge on a query with a fake engine that
// answers the auxiliary queries: aux(sliced) for the query with sort keys
// projected and LIMIT kept, full for the query without LIMIT/OFFSET (sort
// keys projected or not).
type judgeCase struct {
	name      string
	query     string
	ordered   bool
	gold, got *sparql.Results
	sliced    *sparql.Results // answer to the query with its sort keys, LIMIT kept
	full      *sparql.Results // answer to the query without LIMIT/OFFSET
	want      verdictKind
	numeric   bool
	contains  string
}

func (c judgeCase) run(t *testing.T) {
	t.Helper()
	q, err := sparql.Parse("PREFIX : <http://ex/>\n" + c.query)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	eng := &fakeEngine{answer: func(ctx context.Context, q *sparql.Query, _ []loadCall) (*sparql.Results, error) {
		keyed := slices.ContainsFunc(q.Projections, func(p *sparql.Projection) bool { return strings.HasPrefix(p.Var.Name, "__sf_key") })
		switch {
		case keyed && q.Limit != nil && c.sliced != nil:
			return c.sliced, nil
		case q.Limit == nil && q.Offset == nil && c.full != nil:
			return c.full, nil
		}
		return nil, errors.New("fake: no answer for this auxiliary query")
	}}
	j := &spiderJudge{ctx: context.Background(), eng: eng, q: q, timeout: time.Second}
	kind, why, numeric := j.judge(c.gold, c.got, c.ordered)
	if kind != c.want || numeric != c.numeric {
		t.Errorf("%s: verdict %d (numeric %v, why %q), want %d (numeric %v)", c.name, kind, numeric, why, c.want, c.numeric)
	}
	if c.contains != "" && !strings.Contains(why, c.contains) {
		t.Errorf("%s: why %q does not contain %q", c.name, why, c.contains)
	}
}

func TestSpiderJudge(t *testing.T) {
	n := func(s string) *sparql.Literal { return tlit(s, sparql.XSDInteger) }
	s := sparql.NewLiteral
	r1 := func(name string) sparql.Row { return sparql.Row{"n": s(name)} }
	r2 := func(name, k string) sparql.Row { return sparql.Row{"n": s(name), "k": n(k)} }
	keyed := func(name, k string) sparql.Row { return sparql.Row{"n": s(name), "__sf_key0": n(k)} }
	nk := []string{"n", "k"}
	cases := []judgeCase{
		{name: "bag equal", query: "SELECT ?n { ?x :n ?n }",
			gold: sel([]string{"n"}, r1("a"), r1("b")), got: sel([]string{"n"}, r1("b"), r1("a")), want: verdictAgree},
		{name: "numeric by value", query: "SELECT (AVG(?k) AS ?n) { ?x :k ?k }",
			gold: sel([]string{"n"}, sparql.Row{"n": tlit("2.5", sparql.XSDDecimal)}),
			got:  sel([]string{"n"}, sparql.Row{"n": tlit("2.50", sparql.XSDDecimal)}), want: verdictAgree, numeric: true},
		{name: "decimal is not integer", query: "SELECT ?n { ?x :k ?n }",
			gold: sel([]string{"n"}, sparql.Row{"n": tlit("2", sparql.XSDDecimal)}),
			got:  sel([]string{"n"}, sparql.Row{"n": n("2")}), want: verdictDisagree, contains: "missing"},
		{name: "blank nodes relabelled", query: "SELECT ?x { ?x :n ?n }",
			gold: sel([]string{"x"}, sparql.Row{"x": bn("b0123")}, sparql.Row{"x": bn("b9")}),
			got:  sel([]string{"x"}, sparql.Row{"x": bn("l1_b0")}, sparql.Row{"x": bn("l1_b1")}), want: verdictAgree},
		{name: "double rounding", query: "SELECT (AVG(?k) AS ?n) { ?x :k ?k }",
			gold: sel([]string{"n"}, sparql.Row{"n": tlit("28.862318840579718", sparql.XSDDouble)}),
			got:  sel([]string{"n"}, sparql.Row{"n": tlit("2.8862318840579707E1", sparql.XSDDouble)}), want: verdictDisagree, contains: "rounded to 12 significant digits"},
		{name: "variables differ", query: "SELECT ?n { ?x :n ?n }",
			gold: sel([]string{"n"}), got: sel([]string{"m"}), want: verdictDisagree, contains: "variables differ"},
		{name: "limit without order, both slices of the full answer", query: "SELECT ?n { ?x :n ?n } LIMIT 1",
			gold: sel([]string{"n"}, r1("a")), got: sel([]string{"n"}, r1("b")),
			full: sel([]string{"n"}, r1("a"), r1("b"), r1("c")), want: verdictTie, contains: "different 1-row slices"},
		{name: "limit without order, gold row unknown", query: "SELECT ?n { ?x :n ?n } LIMIT 1",
			gold: sel([]string{"n"}, r1("z")), got: sel([]string{"n"}, r1("b")),
			full: sel([]string{"n"}, r1("a"), r1("b")), want: verdictDisagree, contains: "gold rows are not all"},
		{name: "ordered, same", query: "SELECT ?n ?k { ?x :n ?n ; :k ?k } ORDER BY DESC(?k)", ordered: true,
			gold: sel(nk, r2("a", "3"), r2("b", "2")), got: sel(nk, r2("a", "3"), r2("b", "2")), want: verdictAgree},
		{name: "ordered, ties in another order", query: "SELECT ?n ?k { ?x :n ?n ; :k ?k } ORDER BY DESC(?k)", ordered: true,
			gold: sel(nk, r2("a", "3"), r2("b", "2"), r2("c", "2")), got: sel(nk, r2("a", "3"), r2("c", "2"), r2("b", "2")), want: verdictAgree},
		{name: "ordered, wrong order", query: "SELECT ?n ?k { ?x :n ?n ; :k ?k } ORDER BY DESC(?k)", ordered: true,
			gold: sel(nk, r2("a", "3"), r2("b", "2")), got: sel(nk, r2("b", "2"), r2("a", "3")), want: verdictDisagree, contains: "order differs at row 1"},
		{name: "ordered, LIMIT cuts a tie", query: "SELECT ?n ?k { ?x :n ?n ; :k ?k } ORDER BY DESC(?k) LIMIT 2", ordered: true,
			gold: sel(nk, r2("a", "3"), r2("b", "2")), got: sel(nk, r2("a", "3"), r2("c", "2")), want: verdictTie, contains: "tied on sort key"},
		{name: "ordered, no cut when fewer rows than LIMIT", query: "SELECT ?n ?k { ?x :n ?n ; :k ?k } ORDER BY DESC(?k) LIMIT 3", ordered: true,
			gold: sel(nk, r2("a", "3"), r2("b", "2")), got: sel(nk, r2("a", "3"), r2("c", "2")), want: verdictDisagree, contains: "tied on sort key"},
		{name: "ordered, tie inside, not at the cut", query: "SELECT ?n ?k { ?x :n ?n ; :k ?k } ORDER BY DESC(?k) LIMIT 3", ordered: true,
			gold: sel(nk, r2("a", "3"), r2("b", "3"), r2("d", "1")), got: sel(nk, r2("a", "3"), r2("c", "3"), r2("d", "1")), want: verdictDisagree},
		{name: "ordered, hidden key, tie at the cut", query: "SELECT ?n { ?x :n ?n ; :k ?k } ORDER BY DESC(?k) LIMIT 1", ordered: true,
			gold: sel([]string{"n"}, r1("x")), got: sel([]string{"n"}, r1("y")),
			sliced: sel([]string{"n", "__sf_key0"}, keyed("y", "3")),
			full:   sel([]string{"n", "__sf_key0"}, keyed("y", "3"), keyed("x", "3"), keyed("z", "1")),
			want:   verdictTie},
		{name: "ordered, hidden key, gold row has a lower key", query: "SELECT ?n { ?x :n ?n ; :k ?k } ORDER BY DESC(?k) LIMIT 1", ordered: true,
			gold: sel([]string{"n"}, r1("z")), got: sel([]string{"n"}, r1("y")),
			sliced: sel([]string{"n", "__sf_key0"}, keyed("y", "3")),
			full:   sel([]string{"n", "__sf_key0"}, keyed("y", "3"), keyed("x", "3"), keyed("z", "1")),
			want:   verdictDisagree, contains: "cannot carry"},
		{name: "ordered, hidden key, DISTINCT, same sequence", query: "SELECT DISTINCT ?n { ?x :n ?n ; :k ?k } ORDER BY ?k", ordered: true,
			gold: sel([]string{"n"}, r1("x"), r1("y")), got: sel([]string{"n"}, r1("x"), r1("y")), want: verdictAgree},
		{name: "ordered, hidden key, DISTINCT, another order", query: "SELECT DISTINCT ?n { ?x :n ?n ; :k ?k } ORDER BY ?k", ordered: true,
			gold: sel([]string{"n"}, r1("x"), r1("y")), got: sel([]string{"n"}, r1("y"), r1("x")), want: verdictDisagree, contains: "DISTINCT"},
		{name: "sub-query LIMIT noted", query: "SELECT ?n { { SELECT ?n { ?x :n ?n } LIMIT 1 } }",
			gold: sel([]string{"n"}, r1("x")), got: sel([]string{"n"}, r1("y")), want: verdictDisagree, contains: "sub-query has LIMIT"},
	}
	for _, c := range cases {
		c.run(t)
	}
}

func TestRunSpiderQuestionGoldErrors(t *testing.T) {
	eng := &fakeEngine{answer: func(ctx context.Context, q *sparql.Query, _ []loadCall) (*sparql.Results, error) {
		return sel([]string{"x"}), nil
	}}
	goldErr := &SpiderGold{Status: "error", Error: "error at 5:10: expected OPTIONAL"}
	// We reject the query too: agreement.
	v := runSpiderQuestion(context.Background(), eng, spiderQuestion{query: "SELECT ?x {", gold: goldErr}, time.Second)
	if v.kind != verdictAgree {
		t.Errorf("both reject: verdict %d (%s)", v.kind, v.why)
	}
	// We answer: disagreement.
	v = runSpiderQuestion(context.Background(), eng, spiderQuestion{query: "SELECT ?x {}", gold: goldErr}, time.Second)
	if v.kind != verdictDisagree || !strings.Contains(v.why, "Oxigraph rejected") {
		t.Errorf("gold rejects, we answer: verdict %d (%s)", v.kind, v.why)
	}
	// Gold timed out, we answer: nothing to compare with.
	v = runSpiderQuestion(context.Background(), eng, spiderQuestion{query: "SELECT ?x {}", gold: &SpiderGold{Status: "error", Error: "timeout after 60000 ms"}}, time.Second)
	if v.kind != verdictUnverifiable || !strings.Contains(v.why, "gave up") {
		t.Errorf("gold timed out, we answer: verdict %d (%s)", v.kind, v.why)
	}
	// Gold answers, we fail: an error.
	ok := &SpiderGold{Status: "ok", Vars: []string{"x"}}
	v = runSpiderQuestion(context.Background(), eng, spiderQuestion{query: "SELECT ?x {", gold: ok}, time.Second)
	if v.kind != verdictError {
		t.Errorf("we reject a valid query: verdict %d (%s)", v.kind, v.why)
	}
}

func TestRunSpider(t *testing.T) {
	dir := t.TempDir()
	xsdInt := `"datatype":"http://www.w3.org/2001/XMLSchema#integer"`
	writeFiles(t, dir, map[string]string{
		"questions/dev-public.csv": "index,kg_name,question,query\n" +
			"0,Alpha_KG,How many?,select (count(*) as ?c) where { ?x a :thing }\n" +
			"1,alpha_kg,Names?,select ?n where { ?x :thing\\#name ?n }\n" +
			"2,beta,How many?,select (count(*) as ?c) where { ?x a :thing }\n" +
			"3,missing,How many?,select (count(*) as ?c) where { ?x a :thing }\n" +
			"4,beta,Broken?,\"select ?x where { ?x ?p }\"\n",
		"gold/dev-public.jsonl": `{"index":0,"kg":"alpha_kg","status":"ok","vars":["c"],"bindings":[{"c":{"type":"literal","value":"2",` + xsdInt + `}}],"ordered":false}
{"index":1,"kg":"alpha_kg","status":"ok","vars":["n"],"bindings":[{"n":{"type":"literal","value":"a"}},{"n":{"type":"literal","value":"b"}}],"ordered":false}
{"index":2,"kg":"beta","status":"ok","vars":["c"],"bindings":[{"c":{"type":"literal","value":"1",` + xsdInt + `}}],"ordered":false}
{"index":3,"kg":"missing","status":"ok","vars":["c"],"bindings":[],"ordered":false}
{"index":4,"kg":"beta","status":"error","error":"error at 5:20: expected something","vars":[],"bindings":[],"ordered":false}
`,
		"graphs/dev/alpha_kg.nt": "<http://valuenet/ontop/x> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/thing> .\n",
		"graphs/dev/beta.nt":     "<http://valuenet/ontop/x> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/thing> .\n",
	})
	var mu sync.Mutex
	loads := map[string]int{}
	newEngine := func() Engine {
		f := &fakeEngine{}
		f.answer = func(ctx context.Context, q *sparql.Query, ls []loadCall) (*sparql.Results, error) {
			kg := strings.TrimSuffix(filepath.Base(ls[0].path), ".nt")
			if q.Prefixes()[""] != "http://valuenet/ontop/" || q.Prefixes()["xsd"] == "" {
				return nil, errors.New("missing prefixes")
			}
			if len(q.Projections) == 1 && q.Projections[0].Var.Name == "c" {
				count := map[string]string{"alpha_kg": "2", "beta": "3"}[kg]
				return sel([]string{"c"}, sparql.Row{"c": tlit(count, sparql.XSDInteger)}), nil
			}
			return sel([]string{"n"}, sparql.Row{"n": sparql.NewLiteral("b")}, sparql.Row{"n": sparql.NewLiteral("a")}), nil
		}
		f.failLoad = func(path string) error {
			mu.Lock()
			defer mu.Unlock()
			loads[filepath.Base(path)]++
			return nil
		}
		return f
	}
	var progress []string
	r, err := RunSpider(context.Background(), dir, SpiderOptions{
		Split: "dev-public", NewEngine: newEngine,
		Progress: func(kg string, n int, _ time.Duration) { progress = append(progress, kg) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("report: %+v", r)
	if r.Total != 5 || r.Agree != 3 || r.GoldErrors != 1 || r.Graphs != 2 {
		t.Errorf("total %d agree %d gold errors %d graphs %d; want 5, 3, 1, 2", r.Total, r.Agree, r.GoldErrors, r.Graphs)
	}
	if len(r.Disagree) != 1 || r.Disagree[0].Index != 2 || !strings.Contains(r.Disagree[0].Why, "missing") {
		t.Errorf("disagreements %+v, want question 2", r.Disagree)
	}
	if len(r.Errors) != 1 || r.Errors[0].Index != 3 || !strings.Contains(r.Errors[0].Error, "no graph file") {
		t.Errorf("errors %+v, want question 3 (no graph)", r.Errors)
	}
	if loads["alpha_kg.nt"] != 1 || loads["beta.nt"] != 1 {
		t.Errorf("loads %v: want each graph loaded once", loads)
	}
	if !slices.Equal(progress, []string{"alpha_kg", "beta", "missing"}) {
		t.Errorf("progress %v", progress)
	}

	// Skip leaves questions out and lists them.
	r, err = RunSpider(context.Background(), dir, SpiderOptions{Split: "dev-public", NewEngine: newEngine, Skip: []int{2, 3}})
	if err != nil || r.Total != 3 || r.Agree != 3 || !slices.Equal(r.Skipped, []int{2, 3}) || len(r.Errors) != 0 {
		t.Errorf("Skip 2, 3: %+v, %v", r, err)
	}

	// KG and Limit select questions.
	r, err = RunSpider(context.Background(), dir, SpiderOptions{Split: "dev-public", NewEngine: newEngine, KG: "ALPHA_KG", Limit: 1})
	if err != nil || r.Total != 1 || r.Agree != 1 {
		t.Errorf("KG+Limit: %+v, %v", r, err)
	}
	if _, err := RunSpider(context.Background(), dir, SpiderOptions{Split: "test", NewEngine: newEngine}); err == nil {
		t.Error("unknown split: no error")
	}
	if _, err := RunSpider(context.Background(), filepath.Join(dir, "nowhere"), SpiderOptions{Split: "train", NewEngine: newEngine}); err == nil {
		t.Error("missing data: no error")
	}
}

func TestReadSpiderGoldErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"bad.jsonl":    "{\"index\":0,\"status\":\"ok\"}\n{not json}\n",
		"status.jsonl": "{\"index\":0,\"status\":\"maybe\"}\n",
	})
	if _, err := ReadSpiderGold(filepath.Join(dir, "bad.jsonl")); err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Errorf("bad JSON: %v, want an error naming line 2", err)
	}
	if _, err := ReadSpiderGold(filepath.Join(dir, "status.jsonl")); err == nil || !strings.Contains(err.Error(), "unknown status") {
		t.Errorf("bad status: %v", err)
	}
}

// TestSpiderGoldReadable reads both gold files of the real data and every
// answer in them.
func TestSpiderGoldReadable(t *testing.T) {
	needData(t)
	dir := filepath.Join(dataDir, "spider4sparql")
	for _, split := range SpiderSplits {
		qs, err := loadSpiderSplit(dir, split)
		if err != nil {
			t.Fatal(err)
		}
		var ok, ordered, errs int
		for _, q := range qs {
			if q.gold.Status == "error" {
				errs++
				continue
			}
			if _, err := q.gold.Results(); err != nil {
				t.Errorf("%s %d: %v", split, q.index, err)
			}
			ok++
			if q.gold.Ordered {
				ordered++
			}
			if _, err := spiderGraphPath(dir, split, q.kg); err != nil {
				t.Errorf("%s %d: %v", split, q.index, err)
			}
		}
		t.Logf("%s: %d questions, %d ok (%d ordered), %d gold errors", split, len(qs), ok, ordered, errs)
		if len(qs) < 500 {
			t.Errorf("%s: only %d questions", split, len(qs))
		}
	}
}

// TestSpiderDevWithStore runs every Spider4SPARQL dev-public gold query on
// the embedded store and requires ≥ 99.5% agreement (the store issue's bar);
// SPIDER_SPLIT=train runs the train split instead (about 40 s).
func TestSpiderDevWithStore(t *testing.T) {
	needData(t)
	needParser(t)
	needStore(t)
	split := "dev-public"
	if s := os.Getenv("SPIDER_SPLIT"); s != "" {
		split = s
	}
	kgs := []string{""}
	total := &SpiderReport{}
	for _, kg := range kgs {
		r, err := RunSpider(context.Background(), filepath.Join(dataDir, "spider4sparql"), SpiderOptions{
			Split: split, KG: kg, NewEngine: func() Engine { return NewStoreEngine() },
		})
		if err != nil {
			t.Fatal(err)
		}
		total.Total += r.Total
		total.Agree += r.Agree
		total.MSTotal += r.MSTotal
		total.LoadMS += r.LoadMS
		total.Disagree = append(total.Disagree, r.Disagree...)
		total.Errors = append(total.Errors, r.Errors...)
		total.Ties = append(total.Ties, r.Ties...)
		total.NumericCanonical = append(total.NumericCanonical, r.NumericCanonical...)
	}
	t.Logf("Spider %s %v: agree %d/%d (%.2f%%), %d ties, %d by numeric value, load %.0f ms, queries %.0f ms",
		split, kgs, total.Agree, total.Total, 100*total.Rate(), len(total.Ties), len(total.NumericCanonical), total.LoadMS, total.MSTotal)
	for _, c := range total.Disagree {
		t.Logf("  disagree %d %s: %s", c.Index, c.KG, clip(c.Why))
	}
	for _, c := range total.Errors {
		t.Logf("  error %d %s: %s", c.Index, c.KG, clip(c.Error))
	}
	if total.Total == 0 {
		t.Error("no question run")
	}
	if total.Rate() < 0.995 {
		t.Errorf("Spider %s agreement %.2f%%, want ≥ 99.5%%", split, 100*total.Rate())
	}
}
