package perturb_test

import (
	"context"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/perturb"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// FuzzGenerate perturbs arbitrary queries: Generate must not panic, and
// every variant must parse back to its Query, differ from the original and
// from the other variants.
func FuzzGenerate(f *testing.F) {
	for _, s := range []string{
		prefix + `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c ; :age ?a . FILTER(?c = "Paris" && ?a > 30) }`,
		prefix + `SELECT (COUNT(*) AS ?k) WHERE { ?p :worksFor :acme ; :born ?b . FILTER(?b < "1990-01-01"^^xsd:date) }`,
		prefix + `SELECT ?n WHERE { ?p :name ?n . FILTER NOT EXISTS { { SELECT ?q WHERE { ?q :worksFor ?c . ?c :label "ACME" } } FILTER(?p IN (?q)) } }`,
		prefix + `SELECT ?l (COUNT(*) AS ?k) WHERE { ?p :worksFor ?c . ?c :label ?l } GROUP BY ?l HAVING (COUNT(*) > 1) ORDER BY DESC(?k) LIMIT 1`,
		prefix + `SELECT * WHERE { { ?p :city "Lyon" } UNION { ?p :age 52 } MINUS { ?p :worksFor [ :label "ACME" ] } OPTIONAL { ?p :knows ( :a :b ) } }`,
		prefix + `ASK { :alice :age ?a FILTER(?a IN (1, 2.5, 3e2, "x"@en)) BIND(?a + 1 AS ?b) VALUES ?a { 34 UNDEF } }`,
		prefix + `SELECT ?c (AVG(?a) AS ?m) WHERE { ?p :city ?c ; :age ?a . { SELECT ?p WHERE { ?p :worksFor ?w ; :name ?n } GROUP BY ?p ?w HAVING (COUNT(*) > 0) ORDER BY ASC(?n) LIMIT 3 } } GROUP BY ?c (YEAR(?a) AS ?y) ORDER BY DESC(?m) ?c LIMIT 1 OFFSET 1`,
		prefix + `CONSTRUCT { ?p :n ?n } WHERE { ?p :name ?n ; ^:worksFor/:label ?l ; !:age ?x }`,
	} {
		f.Add(s)
	}
	ep := peopleStore(f)
	slice := peopleSlice()
	f.Fuzz(func(t *testing.T, text string) {
		q, err := sparql.Parse(text)
		if err != nil {
			return
		}
		original := sparql.Print(q)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		vs, err := perturb.Generate(ctx, q, slice, ep, perturb.Config{M: 8})
		if err != nil && ctx.Err() == nil {
			t.Fatalf("Generate: %v", err)
		}
		if sparql.Print(q) != original {
			t.Fatal("the original changed")
		}
		seen := map[string]bool{original: true}
		for _, v := range vs {
			back, err := sparql.Parse(v.Text)
			if err != nil {
				t.Fatalf("%s variant does not parse: %v\n%s", v.Operator, err, v.Text)
			}
			if !sparql.Equal(back, v.Query) {
				t.Fatalf("%s variant: Query is not its Text", v.Operator)
			}
			if seen[v.Text] {
				t.Fatalf("%s variant repeats:\n%s", v.Operator, v.Text)
			}
			seen[v.Text] = true
		}
	})
}
