package perturb_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/perturb"
	"github.com/schemaforge/go-schemaforge/sparql"
)

const prefix = "PREFIX : <http://ex.org/>\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"

// generate runs Generate with the people graph and slice.
func generate(t *testing.T, query string, cfg perturb.Config) []perturb.Variant {
	t.Helper()
	q := mustParse(t, prefix+query)
	before := sparql.Print(q)
	vs, err := perturb.Generate(context.Background(), q, peopleSlice(), peopleStore(t), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if after := sparql.Print(q); after != before {
		t.Fatalf("Generate changed the original:\n%s\nwas\n%s", after, before)
	}
	for _, v := range vs {
		back, err := sparql.Parse(v.Text)
		if err != nil {
			t.Fatalf("%s variant does not parse: %v\n%s", v.Operator, err, v.Text)
		}
		if !sparql.Equal(back, v.Query) {
			t.Fatalf("%s variant: Query is not the parsed Text", v.Operator)
		}
		if v.Text == before {
			t.Fatalf("%s variant is the original", v.Operator)
		}
	}
	return vs
}

// answers runs a query on the people graph and returns its rows as
// sorted "var=value" strings.
func answers(t *testing.T, text string) []string {
	t.Helper()
	res, err := peopleStore(t).Query(context.Background(), text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	var out []string
	for _, row := range res.Rows {
		var parts []string
		for _, v := range res.Vars {
			if x, ok := row[v]; ok {
				parts = append(parts, v+"="+x.Key())
			}
		}
		out = append(out, strings.Join(parts, " "))
	}
	slices.Sort(out)
	return out
}

func details(vs []perturb.Variant) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Operator + ": " + v.Detail
	}
	return out
}

func only(ops ...string) perturb.Config { return perturb.Config{M: 20, Operators: ops} }

func TestPredicateSwapDatatypeProperty(t *testing.T) {
	query := `SELECT ?n WHERE { ?p :name ?n ; :city ?c . FILTER(?c = "Paris") }`
	// :city (a Person's string) may become :name; never :age (integer),
	// :born (date), :worksFor (object) or :label (a Company's). :name
	// produces the answer: it is left alone…
	got := details(generate(t, query, only(perturb.PredicateSwap)))
	want := []string{"predicate-swap: swap predicate :city → :name"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	// … unless Outputs is set.
	cfg := only(perturb.PredicateSwap)
	cfg.Outputs = true
	got = details(generate(t, query, cfg))
	want = append(want, "predicate-swap: swap predicate :name → :city")
	if !slices.Equal(got, want) {
		t.Fatalf("with Outputs: got %q, want %q", got, want)
	}
}

func TestPredicateSwapObjectProperty(t *testing.T) {
	vs := generate(t, `SELECT ?n WHERE { ?p :worksFor ?c . ?c :label ?n }`, only(perturb.PredicateSwap))
	got := details(vs)
	want := []string{"predicate-swap: swap predicate :worksFor → :formerEmployer"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestPredicateSwapOutsideTheSlice(t *testing.T) {
	// :city is not in this slice: its profile (a Person's string) comes
	// from probing the graph; :name is compatible.
	q := mustParse(t, prefix+`SELECT ?p WHERE { ?p :city ?c . FILTER(?c = "Paris") }`)
	s := peopleSlice()
	s.Properties = slices.DeleteFunc(s.Properties, func(p handoff.SliceProperty) bool { return p.IRI == ex+"city" })
	vs, err := perturb.Generate(context.Background(), q, s, peopleStore(t), only(perturb.PredicateSwap))
	if err != nil {
		t.Fatal(err)
	}
	got := details(vs)
	want := []string{"predicate-swap: swap predicate :city → :name"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	// Without an endpoint nothing is known of :city: no swap.
	vs, err = perturb.Generate(context.Background(), q, s, nil, only(perturb.PredicateSwap))
	if err != nil || len(vs) != 0 {
		t.Fatalf("without an endpoint: %q, %v", details(vs), err)
	}
}

func TestEntitySwapIRI(t *testing.T) {
	vs := generate(t, `SELECT ?n WHERE { ?p :worksFor :acme ; :name ?n }`, only(perturb.EntitySwap))
	got := details(vs)
	want := []string{
		"entity-swap: swap constant :acme → :globex",
		"entity-swap: swap constant :acme → :initech",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestEntitySwapLiteral(t *testing.T) {
	// A string compared by = with a property's values becomes another
	// value of that property; so does a literal object of a triple.
	for _, query := range []string{
		`SELECT ?n WHERE { ?p :name ?n ; :city ?c . FILTER(?c = "Paris") }`,
		`SELECT ?n WHERE { ?p :name ?n ; :city ?c . FILTER("Paris" = ?c) }`,
		`SELECT ?n WHERE { ?p :name ?n ; :city "Paris" }`,
		`SELECT ?n WHERE { ?p :name ?n ; :city ?c . FILTER(?c IN ("Paris")) }`,
	} {
		vs := generate(t, query, only(perturb.EntitySwap))
		got := details(vs)
		want := []string{
			`entity-swap: swap constant "Paris" → "Lyon"`,
			`entity-swap: swap constant "Paris" → "Nice"`,
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %q, want %q", query, got, want)
		}
		for _, v := range vs {
			if a := answers(t, v.Text); len(a) != 1 {
				t.Errorf("%s: %d answers, want 1 (Bob or Dan)", v.Text, len(a))
			}
		}
	}
}

func TestEntitySwapNumber(t *testing.T) {
	// A bare number compared by = keeps its bare form.
	vs := generate(t, `SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a = 34) }`, only(perturb.EntitySwap))
	got := details(vs)
	want := []string{"entity-swap: swap constant 34 → 28", "entity-swap: swap constant 34 → 45", "entity-swap: swap constant 34 → 52"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestFilterRelax(t *testing.T) {
	vs := generate(t, `SELECT ?n WHERE { ?p :name ?n ; :city ?c ; :age ?a . FILTER(?c = "Paris" && ?a > 40) MINUS { ?p :worksFor :globex } }`, only(perturb.FilterRelax))
	got := details(vs)
	want := []string{
		`filter-relax: drop FILTER(?c = "Paris" && ?a > 40)`,
		`filter-relax: drop conjunct ?c = "Paris" of FILTER(?c = "Paris" && ?a > 40)`,
		`filter-relax: drop conjunct ?a > 40 of FILTER(?c = "Paris" && ?a > 40)`,
		`filter-relax: drop MINUS {?p :worksFor :globex .}`,
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	// Relaxing never narrows the answer.
	orig := answers(t, prefix+`SELECT ?n WHERE { ?p :name ?n ; :city ?c ; :age ?a . FILTER(?c = "Paris" && ?a > 40) MINUS { ?p :worksFor :globex } }`)
	for _, v := range vs {
		if a := answers(t, v.Text); len(a) < len(orig) {
			t.Errorf("%s: %d rows, fewer than %d", v.Detail, len(a), len(orig))
		}
	}
	vs = generate(t, `SELECT ?l (COUNT(*) AS ?k) WHERE { ?p :worksFor ?c . ?c :label ?l } GROUP BY ?l HAVING (COUNT(*) > 1)`, only(perturb.FilterRelax))
	if got := details(vs); !slices.Equal(got, []string{"filter-relax: drop HAVING COUNT(*)> 1"}) {
		t.Fatalf("HAVING: got %q", got)
	}
}

func TestFilterTighten(t *testing.T) {
	query := `SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a > 30) }`
	vs := generate(t, query, only(perturb.FilterTighten))
	got := details(vs)
	// Ages over 30 are 34, 45, 52: the median, 45, is the new bound; then
	// one step (30 / 5 = 6).
	want := []string{
		"filter-tighten: tighten ?a > 30: bound 30 → 45 (median of the passing values)",
		"filter-tighten: tighten ?a > 30: bound 30 → 36 (one step)",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	orig := answers(t, prefix+query)
	for _, v := range vs {
		if a := answers(t, v.Text); len(a) >= len(orig) {
			t.Errorf("%s: %d rows, not fewer than %d", v.Detail, len(a), len(orig))
		}
	}
	// Upper bounds go down; dates move by a year; a constant on the left
	// counts from the variable's side; HAVING moves by a step.
	for query, want := range map[string][]string{
		`SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a <= 45) }`: {
			"filter-tighten: tighten ?a <= 45: bound 45 → 34 (median of the passing values)",
			"filter-tighten: tighten ?a <= 45: bound 45 → 36 (one step)",
		},
		`SELECT ?n WHERE { ?p :name ?n ; :born ?b . FILTER("1980-01-01"^^xsd:date < ?b) }`: {
			`filter-tighten: tighten "1980-01-01"^^xsd:date < ?b: bound "1980-01-01"^^xsd:date → "1996-02-10"^^<http://www.w3.org/2001/XMLSchema#date> (median of the passing values)`,
			`filter-tighten: tighten "1980-01-01"^^xsd:date < ?b: bound "1980-01-01"^^xsd:date → "1981-01-01"^^xsd:date (one step)`,
		},
		`SELECT ?l (COUNT(*) AS ?k) WHERE { ?p :worksFor ?c . ?c :label ?l } GROUP BY ?l HAVING (COUNT(*) >= 1)`: {
			"filter-tighten: tighten COUNT(*)>= 1: bound 1 → 2 (one step)",
		},
	} {
		if got := details(generate(t, query, only(perturb.FilterTighten))); !slices.Equal(got, want) {
			t.Errorf("%s:\ngot  %q\nwant %q", query, got, want)
		}
	}
	// Equality is not tightened.
	if vs := generate(t, `SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a = 34) }`, only(perturb.FilterTighten)); len(vs) != 0 {
		t.Errorf("equality tightened: %q", details(vs))
	}
}

func TestTripleDrop(t *testing.T) {
	for query, want := range map[string][]string{
		// :name is the only source of ?n; :name implies ?p a :Person (its
		// only domain), so dropping the type triple says nothing.
		`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :age ?a }`: {
			"triple-drop: drop triple ?p <http://ex.org/age> ?a",
		},
		// A type triple nothing implies may go.
		`SELECT ?n WHERE { ?p :worksFor ?c ; :name ?n . ?c a :Company }`: {
			"triple-drop: drop triple ?c <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex.org/Company>",
			"triple-drop: drop triple ?p <http://ex.org/worksFor> ?c",
		},
		// Never the only triple.
		`SELECT ?n WHERE { ?p :name ?n }`: nil,
		// Duplicates are not dropped (nothing would change).
		`SELECT ?p WHERE { ?p :name ?n . ?p :name ?n . ?p :age ?a }`: {
			"triple-drop: drop triple ?p <http://ex.org/age> ?a",
		},
		// The only triple of an OPTIONAL group stays; a triple whose
		// object is returned produces the answer and is left alone.
		`SELECT ?n ?c WHERE { ?p :name ?n ; :worksFor ?c . ?c :label ?l OPTIONAL { ?p :city ?x } }`: {
			"triple-drop: drop triple ?c <http://ex.org/label> ?l",
		},
	} {
		got := details(generate(t, query, only(perturb.TripleDrop)))
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\ngot  %q\nwant %q", query, got, want)
		}
	}
}

func TestLiteralShift(t *testing.T) {
	for query, want := range map[string][]string{
		`SELECT ?l WHERE { ?c :label ?l ; :founded ?f . FILTER(?f < 1990) }`: {
			"literal-shift: shift 1990 → 1991", "literal-shift: shift 1990 → 1989",
		},
		`SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a >= 30) }`: {
			"literal-shift: shift 30 → 36", "literal-shift: shift 30 → 24",
		},
		`SELECT ?n WHERE { ?p :name ?n ; :born "1990-05-01"^^xsd:date }`: {
			`literal-shift: shift "1990-05-01"^^xsd:date → "1991-05-01"^^xsd:date`,
			`literal-shift: shift "1990-05-01"^^xsd:date → "1989-05-01"^^xsd:date`,
		},
		`SELECT ?n WHERE { ?p :name ?n ; :age ?a . FILTER(?a > 1.5) }`: {
			"literal-shift: shift 1.5 → 2.5", "literal-shift: shift 1.5 → 0.5",
		},
		`SELECT ?n WHERE { ?p :name ?n . FILTER(?n = "Alice") }`: nil,
	} {
		if got := details(generate(t, query, only(perturb.LiteralShift))); !slices.Equal(got, want) {
			t.Errorf("%s:\ngot  %q\nwant %q", query, got, want)
		}
	}
}

// Operators reach into sub-selects, FILTER NOT EXISTS, MINUS and UNION
// branches.
func TestNestedPatterns(t *testing.T) {
	query := `SELECT ?n WHERE {
  { ?p :name ?n ; :city ?c . FILTER(?c = "Paris") } UNION { ?p :name ?n ; :age ?a . FILTER(?a > 50) }
  FILTER NOT EXISTS { { SELECT ?q WHERE { ?q :worksFor ?w . ?w :label ?l . FILTER(?l = "ACME") } } FILTER(?p IN (?q)) }
  MINUS { ?p :born ?b . FILTER(?b < "1975-01-01"^^xsd:date) }
}`
	vs := generate(t, query, perturb.Config{M: 100})
	want := []string{
		`entity-swap: swap constant "Paris" → "Lyon"`,                                   // first UNION branch
		`filter-tighten: tighten ?a > 50: bound 50 → 52 (median of the passing values)`, // second UNION branch
		`entity-swap: swap constant "ACME" → "Globex"`,                                  // sub-select in NOT EXISTS
		`predicate-swap: swap predicate :worksFor → :formerEmployer`,
		`filter-relax: drop FILTER(?p IN(?q))`, // NOT EXISTS group
		`triple-drop: drop triple ?w <http://ex.org/label> ?l`,
		`literal-shift: shift "1975-01-01"^^xsd:date → "1976-01-01"^^xsd:date`, // MINUS
		`filter-relax: drop FILTER(?b < "1975-01-01"^^xsd:date)`,
	}
	got := details(vs)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
}

func TestRoundRobinAndDeterminism(t *testing.T) {
	query := `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c ; :age ?a . FILTER(?c = "Paris" && ?a > 30) }`
	all := generate(t, query, perturb.Config{M: 10})
	if len(all) != 10 {
		t.Fatalf("%d variants, want 10", len(all))
	}
	// One of each operator first, in the configured order (the query has
	// no ORDER BY, LIMIT or GROUP BY for OrderFlip, LimitChange and
	// GroupDrop; ProjectionSwap only fills in when the others have
	// nothing).
	ops := slices.DeleteFunc(slices.Clone(perturb.Operators), func(op string) bool {
		return op == perturb.OrderFlip || op == perturb.LimitChange || op == perturb.GroupDrop || op == perturb.ProjectionSwap
	})
	for i, op := range ops {
		if all[i].Operator != op {
			t.Errorf("variant %d is %s, want %s", i, all[i].Operator, op)
		}
	}
	// Only constraints: :city (filtered) is swapped, :name (returned) is
	// not.
	for _, v := range all {
		if v.Operator == perturb.PredicateSwap && !strings.Contains(v.Detail, ":city →") {
			t.Errorf("predicate swap: %s", v.Detail)
		}
		if v.Operator == perturb.ProjectionSwap {
			t.Errorf("projection swap among constraint variants: %s", v.Detail)
		}
	}
	// The same again, and a smaller M is a prefix.
	for range 3 {
		again := generate(t, query, perturb.Config{M: 10})
		if !slices.EqualFunc(all, again, func(a, b perturb.Variant) bool { return a.Text == b.Text && a.Detail == b.Detail }) {
			t.Fatal("Generate is not deterministic")
		}
	}
	few := generate(t, query, perturb.Config{M: 4})
	if !slices.EqualFunc(few, all[:4], func(a, b perturb.Variant) bool { return a.Text == b.Text }) {
		t.Fatalf("M=4 is not a prefix of M=10:\n%q\n%q", details(few), details(all[:4]))
	}
	// No duplicates.
	seen := map[string]bool{}
	for _, v := range all {
		if seen[v.Text] {
			t.Fatalf("duplicate variant %s", v.Detail)
		}
		seen[v.Text] = true
	}
}

func TestConfigErrorsAndNil(t *testing.T) {
	q := mustParse(t, prefix+`SELECT ?n WHERE { ?p :name ?n ; :city "Paris" }`)
	if _, err := perturb.Generate(context.Background(), q, nil, nil, perturb.Config{Operators: []string{"shuffle"}}); err == nil {
		t.Error("unknown operator accepted")
	}
	// No slice and no endpoint: only what needs neither.
	vs, err := perturb.Generate(context.Background(), q, nil, nil, perturb.Config{M: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Operator == perturb.PredicateSwap || v.Operator == perturb.EntitySwap {
			t.Errorf("%s without slice or endpoint: %s", v.Operator, v.Detail)
		}
	}
	// An ASK query without WHERE constraints, a DESCRIBE without WHERE.
	for _, text := range []string{`ASK {}`, `DESCRIBE <http://ex.org/alice>`} {
		if _, err := perturb.Generate(context.Background(), mustParse(t, text), peopleSlice(), peopleStore(t), perturb.Config{}); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := perturb.Generate(ctx, q, peopleSlice(), peopleStore(t), perturb.Config{}); err == nil {
		t.Error("cancelled context: no error")
	}
}

// shape is the sequence of node types of a tree: what a perturbation of a
// value must not change.
func shape(q *sparql.Query) string {
	var b strings.Builder
	sparql.Inspect(q, func(n sparql.Node) bool {
		if n != nil {
			fmt.Fprintf(&b, "%T ", n)
		}
		return true
	})
	return b.String()
}

// Slot literals with quotes, braces, '#', '>' and newlines survive every
// operator, and replacing a value by such a literal keeps the query's
// shape: values go through the AST, never through the text.
func TestAwkwardLiterals(t *testing.T) {
	awkward := "Dan \"the {man}\" # <x> \n end"
	lit := sparql.NewLiteral(awkward)
	query := `SELECT ?p WHERE { ?p :name ?n ; :city ?c ; :age ?a . FILTER(?n = ` + sparql.Print(lit) + ` && ?a > 30) }`
	q := mustParse(t, prefix+query)
	vs := generate(t, query, perturb.Config{M: 50})
	if len(vs) < 8 {
		t.Fatalf("only %d variants", len(vs))
	}
	hasAwkward := func(q *sparql.Query) bool {
		found := false
		sparql.Inspect(q, func(n sparql.Node) bool {
			if l, ok := n.(*sparql.Literal); ok && l.Lexical == awkward {
				found = true
			}
			return true
		})
		return found
	}
	for _, v := range vs {
		relaxed := v.Operator == perturb.FilterRelax && !strings.Contains(v.Detail, "drop conjunct ?a > 30")
		swapped := v.Operator == perturb.EntitySwap && strings.Contains(v.Detail, "swap constant \"Dan")
		if hasAwkward(v.Query) == (relaxed || swapped) {
			t.Errorf("%s: awkward literal kept = %v\n%s", v.Detail, hasAwkward(v.Query), v.Text)
		}
		if v.Operator != perturb.FilterRelax && v.Operator != perturb.TripleDrop && shape(v.Query) != shape(q) {
			t.Errorf("%s changed the query's shape:\n%s", v.Detail, v.Text)
		}
	}
	// The other way round: a value swapped in for "Alice" may be the
	// awkward one; the shape stays.
	q2 := mustParse(t, prefix+`SELECT ?p WHERE { ?p :name ?n . FILTER(?n = "Alice") }`)
	vs2, err := perturb.Generate(context.Background(), q2, peopleSlice(), peopleStore(t), perturb.Config{M: 10, Operators: []string{perturb.EntitySwap}, Alternatives: 10})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range vs2 {
		if shape(v.Query) != shape(q2) {
			t.Errorf("%s changed the shape:\n%s", v.Detail, v.Text)
		}
		if hasAwkward(v.Query) {
			found = true
			if a := answers(t, v.Text); len(a) != 1 || !strings.Contains(a[0], "dan") {
				t.Errorf("the awkward value finds %q", a)
			}
		}
	}
	if !found {
		t.Errorf("the awkward value was never swapped in: %q", details(vs2))
	}
}
