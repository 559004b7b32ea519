package verification

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/verifier"
)

// spiderDir returns ../../../shared/data/spider4sparql or skips.
func spiderDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data", "spider4sparql")
	if _, err := os.Stat(filepath.Join(dir, "graphs")); err != nil {
		t.Skipf("Spider4SPARQL data not found at %s (clone ../shared beside the repository): %v", dir, err)
	}
	return dir
}

func TestUnderspecify(t *testing.T) {
	q, err := sparql.Parse(`PREFIX : <http://valuenet/ontop/>
SELECT ?n (COUNT(*) AS ?k) WHERE {
  ?c a :concert ; :concert\#ref-stadium_id ?s ; :concert\#year ?y .
  ?s a :stadium ; :stadium\#name ?n .
  FILTER(?y > 2013)
  FILTER NOT EXISTS { ?x a :stadium ; :stadium\#capacity ?cap . FILTER(?cap < 100) }
  MINUS { ?s :stadium\#location "Nowhere" }
} GROUP BY ?n HAVING (COUNT(*) > 1)`)
	if err != nil {
		t.Fatal(err)
	}
	sum := &kg.Summary{Properties: []kg.PropertyInfo{
		{IRI: "http://valuenet/ontop/concert#ref-stadium_id", ForeignKey: true},
		{IRI: "http://valuenet/ontop/concert#year"},
		{IRI: "http://valuenet/ontop/stadium#name"},
	}}
	var got []string
	for _, u := range Underspecify(q, sum) {
		got = append(got, u.Kind+": "+u.Removed)
		if strings.Contains(u.Text, u.Removed) && u.Kind != "type" {
			t.Errorf("%s: still there:\n%s", u.Removed, u.Text)
		}
		back, err := sparql.Parse(u.Text)
		if err != nil || !sparql.Equal(back, u.Query) {
			t.Errorf("%s: does not parse back: %v", u.Removed, err)
		}
	}
	want := []string{
		"type: ?c a :concert",
		`join: ?c :concert\#ref-stadium_id ?s`,
		"type: ?s a :stadium",
		"filter: FILTER(?y > 2013)",
		"negation: FILTER NOT EXISTS{?x a :stadium;:stadium\\#capacity ?cap . FILTER(?cap < 100)}",
		`negation: MINUS{?s :stadium\#location "Nowhere" .}`,
		"having: COUNT(*)> 1",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A tiny Spider-like folder: one graph, four questions (one whose gold
// answer is empty, one whose graph is missing).
func tinySpider(t *testing.T) string {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "graphs", "dev"), 0o755))
	must(os.MkdirAll(filepath.Join(dir, "questions"), 0o755))
	var nt strings.Builder
	b := "http://valuenet/ontop/"
	type singer struct{ id, name, country, age string }
	for _, s := range []singer{{"1", "Joe", "France", "52"}, {"2", "Timbaland", "United States", "32"}, {"3", "Justin", "France", "29"},
		{"4", "Rose", "United States", "41"}, {"5", "John", "Netherlands", "43"}, {"6", "Tribal", "France", "25"}} {
		iri := "<" + b + "singer/singer_id=" + s.id + ">"
		nt.WriteString(iri + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <" + b + "singer> .\n")
		nt.WriteString(iri + " <" + b + "singer#name> \"" + s.name + "\" .\n")
		nt.WriteString(iri + " <" + b + "singer#country> \"" + s.country + "\" .\n")
		nt.WriteString(iri + " <" + b + "singer#age> \"" + s.age + "\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n")
		nt.WriteString(iri + " <" + b + "singer#singer_id> \"" + s.id + "\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n")
	}
	must(os.WriteFile(filepath.Join(dir, "graphs", "dev", "singers.nt"), []byte(nt.String()), 0o644))
	csv := `index,kg_name,question,query
0,singers,How many singers are from 'France'?,"select (count(*) as ?n) where { ?t1 a :singer . ?t1 :singer\#country ?c . FILTER(?c = 'France') . }"
1,singers,What are the names of singers older than 40?,select ?name where { ?t1 a :singer . ?t1 :singer\#name ?name . ?t1 :singer\#age ?a . FILTER(?a > 40) . }
2,singers,Which singers are from 'Peru'?,select ?name where { ?t1 a :singer . ?t1 :singer\#name ?name . ?t1 :singer\#country 'Peru' . }
3,nowhere,How many?,select (count(*) as ?n) where { ?x a :thing . }
`
	must(os.WriteFile(filepath.Join(dir, "questions", "dev-public.csv"), []byte(csv), 0o644))
	return dir
}

func TestRunTiny(t *testing.T) {
	r, err := Run(context.Background(), Options{Dir: tinySpider(t), Split: "dev-public", Cases: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Questions != 4 || r.NGold != 2 || r.Skipped["empty gold answer"] != 1 || r.Skipped["graph missing"] != 1 {
		t.Fatalf("questions %d, gold %d, skipped %v", r.Questions, r.NGold, r.Skipped)
	}
	if r.NUnderspecified != 2 { // each filter removed (the type triples change nothing)
		t.Errorf("%d underspecified variants, want 2", r.NUnderspecified)
	}
	if r.Theta != verifier.DefaultTheta || r.M != verifier.DefaultM {
		t.Errorf("default point θ=%v m=%d", r.Theta, r.M)
	}
	if len(r.Sweep) != len(DefaultThetas)*len(DefaultMs) {
		t.Errorf("%d sweep points", len(r.Sweep))
	}
	for _, p := range r.Sweep {
		if p.Theta == r.Theta && p.M == r.M && (p.GoldAccept != r.GoldAccept || p.UnderspecifiedReject != r.UnderspecifiedReject) {
			t.Errorf("default point %+v differs from the report's %v / %v", p, r.GoldAccept, r.UnderspecifiedReject)
		}
	}
	if r.GoldAccept != 1 || r.UnderspecifiedReject != 1 {
		for _, c := range r.Cases {
			t.Logf("%s %s accepted=%v: %s", c.Index, c.Kind, c.Accepted, c.Reason)
		}
		t.Errorf("gold accepted %.2f, underspecified rejected %.2f; want 1 and 1", r.GoldAccept, r.UnderspecifiedReject)
	}
	if len(r.Cases) != 4 || len(r.ByKind) != 1 || r.ByKind[0].Kind != "filter" {
		t.Errorf("cases %d, by kind %+v", len(r.Cases), r.ByKind)
	}
	// A grid and a point of one's own.
	r, err = Run(context.Background(), Options{Dir: tinySpider(t), Split: "dev-public", Theta: 0.55, M: 3, Thetas: []float64{0.5}, Ms: []int{2}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Theta != 0.55 || r.M != 3 || len(r.Sweep) != 1 {
		t.Errorf("θ=%v m=%d sweep %+v", r.Theta, r.M, r.Sweep)
	}
	if _, err := Run(context.Background(), Options{Dir: t.TempDir(), Split: "dev-public"}); err == nil {
		t.Error("no questions file: no error")
	}
}

// TestSpiderDevPublic measures the verifier on the dev-public split and
// holds it to bars at the default θ and m: at least 85% of the
// underspecified variants rejected, and at least 75% of the gold queries
// accepted. The gold bar was 95% before the verifier checked question
// coverage: a gold query is now also rejected when the rule-based
// decomposer misreads its question (a commitment the question does not
// make) or the data spells a value differently from the question ("F"
// for female is allowed, "AsstProf" for assistant professor is not). On
// train, 76.5% of the gold queries were accepted and 97.0% of the
// variants rejected, measured before the last relaxations of the checks
// (sums and counts, sub-select aliases, abbreviated column names), which
// only accept more. (θ and m were tuned on train.)
func TestSpiderDevPublic(t *testing.T) {
	dir := spiderDir(t)
	if testing.Short() {
		t.Skip("measures the whole dev-public split")
	}
	// Only the default point: the sweep is the CLI's job, and CI runs
	// this test twice (plain and -race).
	r, err := Run(context.Background(), Options{Dir: dir, Split: "dev-public", Thetas: []float64{verifier.DefaultTheta}, Ms: []int{verifier.DefaultM}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("dev-public: %d gold, %d underspecified; θ=%.2f m=%d: gold accepted %.1f%%, underspecified rejected %.1f%% (%.1f s)",
		r.NGold, r.NUnderspecified, r.Theta, r.M, 100*r.GoldAccept, 100*r.UnderspecifiedReject, r.Seconds)
	for _, k := range r.ByKind {
		t.Logf("  %-9s %4d variants, rejected %.1f%%", k.Kind, k.N, 100*k.Reject)
	}
	if r.NGold < 500 || r.NUnderspecified < 300 {
		t.Errorf("only %d gold queries and %d variants", r.NGold, r.NUnderspecified)
	}
	if r.GoldAccept < 0.75 {
		t.Errorf("gold accepted %.3f, want ≥ 0.75", r.GoldAccept)
	}
	if r.UnderspecifiedReject < 0.85 {
		t.Errorf("underspecified rejected %.3f, want ≥ 0.85", r.UnderspecifiedReject)
	}
}
