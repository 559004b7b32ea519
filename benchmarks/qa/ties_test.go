package qa

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// tiesGraph holds five captains; two of them are the youngest (38) and
// two share the next age (43).
const tiesGraph = `@prefix : <http://valuenet/ontop/> .
:c1 a :captain ; :captain\#name "Langford" ; :captain\#age 40 .
:c2 a :captain ; :captain\#name "Conway" ; :captain\#age 54 .
:c3 a :captain ; :captain\#name "Bolitho H" ; :captain\#age 43 .
:c5 a :captain ; :captain\#name "Dumaresq" ; :captain\#age 38 .
:c6 a :captain ; :captain\#name "Verling" ; :captain\#age 43 .
:c7 a :captain ; :captain\#name "Bolitho R" ; :captain\#age 38 .
`

func TestFindTies(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ship.ttl")
	if err := os.WriteFile(path, []byte(tiesGraph), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := kg.LoadGraph(t.Context(), kg.FileGraph{ID: "ship", Files: []string{path}}, kg.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const youngest = `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age) LIMIT 1`
	const three = `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age) LIMIT 3`
	const four = `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age) LIMIT 4`
	const second = `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY DESC (?age) LIMIT 1 OFFSET 1`
	const oldest = `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY DESC (?age) LIMIT 1`
	const star = `SELECT * WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age) LIMIT 1`
	const unsliced = `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age)`
	cases := []struct {
		name, query string
		gold        *sparql.Results
		admits      []*sparql.Results
		refuses     []*sparql.Results
		none        bool
	}{
		{name: "youngest of two tied", query: youngest, gold: names(t, "Dumaresq"),
			admits:  []*sparql.Results{names(t, "Bolitho R"), names(t, "Dumaresq")},
			refuses: []*sparql.Results{names(t, "Langford"), names(t, "Dumaresq", "Bolitho R"), names(t)}},
		// The ties at 38 fall inside the slice.
		{name: "three youngest", query: three, gold: names(t, "Dumaresq", "Bolitho R", "Langford"), none: true},
		// Three fixed by their age (38, 40), the fourth either of the two
		// at 43.
		{name: "four youngest", query: four, gold: names(t, "Dumaresq", "Bolitho R", "Langford", "Verling"),
			admits:  []*sparql.Results{names(t, "Dumaresq", "Bolitho R", "Langford", "Bolitho H")},
			refuses: []*sparql.Results{names(t, "Dumaresq", "Langford", "Verling", "Bolitho H"), names(t, "Dumaresq", "Bolitho R", "Langford")}},
		{name: "second oldest", query: second, gold: names(t, "Verling"),
			admits: []*sparql.Results{names(t, "Bolitho H")}, refuses: []*sparql.Results{names(t, "Conway")}},
		{name: "no tie", query: oldest, gold: names(t, "Conway"), none: true},
		{name: "unsliced", query: unsliced, gold: nil, none: true},
		// The reference picked a row the engine does not tie: only the
		// gold answer counts.
		{name: "engines disagree", query: youngest, gold: names(t, "Langford"), none: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ties, err := FindTies(t.Context(), g, c.query, c.gold)
			if err != nil {
				t.Fatal(err)
			}
			if c.none {
				if ties != nil {
					t.Fatalf("ties = %+v, want none", ties)
				}
				return
			}
			if ties == nil {
				t.Fatal("no ties found")
			}
			q := Question{Answer: c.gold, Ties: ties}
			for _, a := range c.admits {
				if !q.Right(a) {
					t.Errorf("%v refused", a.ValueRows())
				}
			}
			for _, r := range c.refuses {
				if q.Right(r) {
					t.Errorf("%v admitted", r.ValueRows())
				}
			}
		})
	}
	// SELECT * answers with every variable: the tied row with its
	// captain and age.
	ties, err := FindTies(t.Context(), g, star, nil)
	if err != nil || ties == nil || ties.size != 1 || len(ties.class) != 2 {
		t.Fatalf("SELECT *: ties %+v, err %v; want two rows in the pool", ties, err)
	}
	// Ordered by an alias of the projection (a count): its own key. The
	// two ages held by two captains tie.
	byCount := `SELECT ?age (COUNT(*) AS ?n) WHERE { ?c a :captain . ?c :captain\#age ?age . } GROUP BY ?age ORDER BY DESC (?n) LIMIT 1`
	row := func(age string) *sparql.Results {
		return &sparql.Results{Vars: []string{"age", "n"}, Rows: []sparql.Row{{"age": sparql.NewLiteral(age), "n": sparql.NewLiteral("2")}}}
	}
	if ties, err := FindTies(t.Context(), g, byCount, row("38")); err != nil || !(&Question{Answer: row("38"), Ties: ties}).Right(row("43")) {
		t.Errorf("ORDER BY an alias: ties %+v, err %v; want 43 admitted beside 38", ties, err)
	}
	// Ordered by a variable it neither groups nor aggregates: not valid
	// SPARQL to run this way, so no ties and no error.
	bad := `SELECT (COUNT(*) AS ?n) WHERE { ?c a :captain . ?c :captain\#age ?age . } ORDER BY ?age LIMIT 1`
	if ties, err := FindTies(t.Context(), g, bad, nil); ties != nil || err != nil {
		t.Errorf("ungrouped order key: ties %+v, err %v; want neither", ties, err)
	}
	var nilTies *Ties
	if nilTies.Admits(names(t, "x")) {
		t.Error("nil Ties admits an answer")
	}
}

func TestResolveTies(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ship.ttl"), []byte(tiesGraph), 0o644); err != nil {
		t.Fatal(err)
	}
	coll, err := kg.LoadDir(t.Context(), dir, kg.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	qs := []Question{
		{ID: "1", Graph: "ship", Query: `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age) LIMIT 1`, Answer: names(t, "Bolitho R")},
		{ID: "2", Graph: "ship", Query: `SELECT (COUNT(*) AS ?n) WHERE { ?c a :captain . }`, Answer: names(t, "6")},
		{ID: "3", Graph: "elsewhere", Query: `SELECT ?x WHERE { ?x ?p ?o } ORDER BY ?x LIMIT 1`, Answer: names(t, "x")},
		{ID: "4", Graph: "ship", Query: `SELECT ?name WHERE { ?c a :captain . ?c :captain\#name ?name . ?c :captain\#age ?age . } ORDER BY ASC (?age) LIMIT 1`},
	}
	n, err := ResolveTies(t.Context(), qs, coll, 0)
	if err != nil || n != 1 {
		t.Fatalf("ResolveTies = %d, %v; want 1", n, err)
	}
	if qs[0].Ties == nil || !qs[0].Right(names(t, "Dumaresq")) || qs[1].Ties != nil || qs[2].Ties != nil || qs[3].Ties != nil {
		t.Errorf("ties: %v %v %v %v", qs[0].Ties, qs[1].Ties, qs[2].Ties, qs[3].Ties)
	}
}
