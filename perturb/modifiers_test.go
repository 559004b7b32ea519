package perturb_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/perturb"
)

func TestOrderFlip(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"DESC to ASC", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`,
			[]string{"order-flip: flip ORDER BY DESC(?a) → ASC(?a) (LIMIT 1)"}},
		{"each key of several", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY ?a DESC(?n) LIMIT 2`,
			[]string{
				"order-flip: flip ORDER BY ?a → DESC(?a) (LIMIT 2)",
				"order-flip: flip ORDER BY DESC(?n) → ASC(?n) (LIMIT 2)",
			}},
		{"an aggregate key", `SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c } GROUP BY ?c ORDER BY DESC(COUNT(*)) LIMIT 1`,
			[]string{"order-flip: flip ORDER BY DESC(COUNT(*)) → ASC(COUNT(*)) (LIMIT 1)"}},
		{"in a sub-select", `SELECT ?n WHERE { ?p :name ?n . { SELECT ?p WHERE { ?p :age ?a } ORDER BY ?a LIMIT 3 } }`,
			[]string{"order-flip: flip ORDER BY ?a → DESC(?a) (LIMIT 3)"}},
		{"no LIMIT", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY DESC(?a)`, nil},
		{"no ORDER BY", `SELECT ?n WHERE { ?p :name ?n } LIMIT 2`, nil},
		{"OFFSET without LIMIT", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY ?a OFFSET 1`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vs := generate(t, tc.query, only(perturb.OrderFlip))
			if got := details(vs); !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	// The oldest person becomes the youngest.
	vs := generate(t, `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`, only(perturb.OrderFlip))
	if a := answers(t, vs[0].Text); len(a) != 1 || a[0] != `n="Bob"` {
		t.Errorf("flipped answer %q, want Bob", a)
	}
}

func TestLimitChange(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"LIMIT 1: up only", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`,
			[]string{"limit-change: change LIMIT 1 → 2"}},
		{"LIMIT 3: up, then down", `SELECT ?n WHERE { ?p :name ?n } LIMIT 3`,
			[]string{"limit-change: change LIMIT 3 → 4", "limit-change: change LIMIT 3 → 2"}},
		{"main query and sub-select", `SELECT ?n WHERE { ?p :name ?n . { SELECT ?p WHERE { ?p :age ?a } ORDER BY ?a LIMIT 2 } } LIMIT 5`,
			[]string{
				// Round-robin over the two sites: the first alternative
				// of each, then the second.
				"limit-change: change LIMIT 5 → 6", "limit-change: change LIMIT 2 → 3",
				"limit-change: change LIMIT 5 → 4", "limit-change: change LIMIT 2 → 1",
			}},
		{"no LIMIT", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY ?a`, nil},
		{"LIMIT 0", `SELECT ?n WHERE { ?p :name ?n } LIMIT 0`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vs := generate(t, tc.query, only(perturb.LimitChange))
			if got := details(vs); !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	vs := generate(t, `SELECT ?n WHERE { ?p :name ?n } LIMIT 3`, only(perturb.LimitChange))
	for i, want := range []int{4, 2} {
		if a := answers(t, vs[i].Text); len(a) != want {
			t.Errorf("%s: %d rows, want %d", vs[i].Detail, len(a), want)
		}
	}
}

func TestGroupDrop(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		outputs     bool
		want        []string
	}{
		{"a key not projected", `SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c ; :worksFor ?w } GROUP BY ?c ?w`, false,
			[]string{"group-drop: drop GROUP BY key ?w"}},
		{"the only key, not projected: a whole-set aggregate", `SELECT (COUNT(*) AS ?k) WHERE { ?p :city ?c } GROUP BY ?c`, false,
			[]string{"group-drop: drop GROUP BY key ?c"}},
		{"aggregate in HAVING only", `SELECT ?c WHERE { ?p :city ?c ; :worksFor ?w } GROUP BY ?c ?w HAVING (COUNT(*) > 1)`, false,
			[]string{"group-drop: drop GROUP BY key ?w"}},
		{"in a sub-select", `SELECT ?c WHERE { ?x :label ?c . { SELECT ?x WHERE { ?p :worksFor ?x ; :city ?y } GROUP BY ?x ?y HAVING (COUNT(*) > 1) } }`, false,
			[]string{"group-drop: drop GROUP BY key ?y"}},
		// A projected key is an output site: left alone by default…
		{"projected key", `SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c } GROUP BY ?c`, false, nil},
		// … dropped from GROUP BY and the projection with Outputs.
		{"projected key with Outputs", `SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c } GROUP BY ?c`, true,
			[]string{"group-drop: drop GROUP BY key ?c and its projection ?c"}},
		{"projected alias with Outputs", `SELECT ?y (COUNT(*) AS ?k) WHERE { ?p :born ?b } GROUP BY (YEAR(?b) AS ?y)`, true,
			[]string{"group-drop: drop GROUP BY key (YEAR(?b)AS ?y) and its projection ?y"}},
		// Nothing would remain projected.
		{"the only projection", `SELECT ?c WHERE { ?p :city ?c } GROUP BY ?c HAVING (COUNT(*) > 1)`, true, nil},
		// Without an aggregate GROUP BY only removes duplicates.
		{"no aggregate", `SELECT ?c WHERE { ?p :city ?c } GROUP BY ?c ?p`, true, nil},
		{"no GROUP BY", `SELECT (COUNT(*) AS ?k) WHERE { ?p :city ?c }`, true, nil},
		// The dropped key is still used outside an aggregate: the variant
		// would not parse, so there is none.
		{"key used in a projection expression", `SELECT (CONCAT(?c, "") AS ?z) (COUNT(*) AS ?k) WHERE { ?p :city ?c } GROUP BY ?c`, true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := only(perturb.GroupDrop)
			cfg.Outputs = tc.outputs
			vs := generate(t, tc.query, cfg)
			if got := details(vs); !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for _, v := range vs {
				if !strings.Contains(v.Text, "SELECT") || len(v.Query.ProjectedVars()) == 0 {
					t.Errorf("%s: nothing projected\n%s", v.Detail, v.Text)
				}
			}
		})
	}
	// Counting per (city, employer) becomes counting per city.
	vs := generate(t, `SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c ; :worksFor ?w } GROUP BY ?c ?w`, only(perturb.GroupDrop))
	got := answers(t, vs[0].Text)
	n := func(k string) string { return `"` + k + `"^^<http://www.w3.org/2001/XMLSchema#integer>` }
	want := []string{`c="Lyon" k=` + n("1"), `c="Nice" k=` + n("1"), `c="Paris" k=` + n("2")}
	if !slices.Equal(got, want) {
		t.Errorf("answers %q, want %q", got, want)
	}
}

func TestProjectionSwap(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		// :name may become :city (a Person's string); never :age, :born,
		// :worksFor or :label.
		{"a projected string", `SELECT ?n WHERE { ?p :name ?n ; :age ?a } ORDER BY DESC(?a) LIMIT 1`,
			[]string{"projection-swap: swap projected predicate :name → :city (?n)"}},
		{"an aggregate's argument", `SELECT ?c (COUNT(?n) AS ?k) WHERE { ?p :city ?c ; :name ?n } GROUP BY ?c`,
			[]string{
				"projection-swap: swap projected predicate :city → :name (?c)",
				"projection-swap: swap projected predicate :name → :city (?n)",
			}},
		{"a company's date has no sibling", `SELECT ?f WHERE { ?c :label "ACME" ; :founded ?f }`, nil},
		{"an object property is not swapped", `SELECT ?w WHERE { ?p :worksFor ?w ; :city "Paris" }`, nil},
		{"a variable that is not projected", `SELECT ?p WHERE { ?p :name ?n }`, nil},
		{"under NOT EXISTS", `SELECT ?p WHERE { ?p a :Person FILTER NOT EXISTS { ?p :name ?p } }`, nil},
		{"not a SELECT", `ASK { ?p :name ?n }`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Outputs is off: the operator perturbs outputs regardless.
			vs := generate(t, tc.query, only(perturb.ProjectionSwap))
			if got := details(vs); !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
	// Without a slice there is nothing to swap in.
	q := mustParse(t, prefix+`SELECT ?n WHERE { ?p :name ?n }`)
	vs, err := perturb.Generate(context.Background(), q, nil, peopleStore(t), only(perturb.ProjectionSwap))
	if err != nil || len(vs) != 0 {
		t.Fatalf("without a slice: %q, %v", details(vs), err)
	}
}

// OrderFlip, LimitChange and GroupDrop take their turns with the other
// operators; ProjectionSwap fills in only when no other operator gives a
// variant. Generation stays deterministic.
func TestModifiersAndFillIn(t *testing.T) {
	query := `SELECT ?c (COUNT(*) AS ?k) WHERE { ?p :city ?c ; :worksFor ?w } GROUP BY ?c ?w ORDER BY DESC(?k) LIMIT 2`
	all := generate(t, query, perturb.Config{M: 20})
	got := details(all)
	want := []string{
		"order-flip: flip ORDER BY DESC(?k) → ASC(?k) (LIMIT 2)",
		"limit-change: change LIMIT 2 → 3",
		"group-drop: drop GROUP BY key ?w",
		"limit-change: change LIMIT 2 → 1",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
	for range 3 {
		again := generate(t, query, perturb.Config{M: 20})
		if !slices.EqualFunc(all, again, func(a, b perturb.Variant) bool { return a.Text == b.Text && a.Detail == b.Detail }) {
			t.Fatal("Generate is not deterministic")
		}
	}
	// A plain lookup has nothing else: ProjectionSwap fills in.
	got = details(generate(t, `SELECT ?n WHERE { ?p :name ?n }`, perturb.Config{M: 20}))
	want = []string{"projection-swap: swap projected predicate :name → :city (?n)"}
	if !slices.Equal(got, want) {
		t.Fatalf("plain lookup: got %q, want %q", got, want)
	}
	// With another variant (here a triple drop), it stays out.
	got = details(generate(t, `SELECT ?n WHERE { ?p :name ?n ; :age ?a }`, perturb.Config{M: 20}))
	want = []string{"triple-drop: drop triple ?p <http://ex.org/age> ?a"}
	if !slices.Equal(got, want) {
		t.Fatalf("with a constraint: got %q, want %q", got, want)
	}
}
