package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// TestConcurrentQueries runs queries from several goroutines while loads
// happen, for the race detector.
func TestConcurrentQueries(t *testing.T) {
	s := testStore(t)
	qs := []string{
		"PREFIX : <" + ex + "> SELECT ?x ?n WHERE { ?x a :Person OPTIONAL { ?x :name ?n } } ORDER BY ?n",
		"PREFIX : <" + ex + "> SELECT (COUNT(*) AS ?c) WHERE { ?x :knows+ ?y }",
		"PREFIX : <" + ex + "> ASK { GRAPH ?g { ?x :likes ?y } }",
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := 0; w < 6; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 30; i++ {
				if _, err := s.Query(context.Background(), qs[(w+i)%len(qs)]); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 10; i++ {
			err := s.AddTriples("", []sparql.Statement{{Subject: iri("extra"), Predicate: iri("knows"), Object: iri("alice")}})
			if err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// FuzzQuery evaluates mutated queries over a small graph: evaluation must
// never panic and must stop within the timeout (plus slack).
func FuzzQuery(f *testing.F) {
	p := "PREFIX : <" + ex + ">\n"
	for _, q := range []string{
		"SELECT ?n WHERE { ?x a :Person ; :name ?n . ?x :worksFor :acme }",
		"SELECT ?x ?a WHERE { ?x a :Person OPTIONAL { ?x :age ?a FILTER(?a > 30) } }",
		"SELECT ?x WHERE { { ?x :age 34 } UNION { ?x :name \"Bob\" } MINUS { ?x :knows ?y } }",
		"SELECT ?c (COUNT(DISTINCT ?x) AS ?n) WHERE { ?x :worksFor ?c } GROUP BY ?c HAVING (COUNT(?x) > 1) ORDER BY DESC(?n)",
		"SELECT ?y WHERE { :alice (:knows|^:knows)+/:name ?y } LIMIT 3",
		"SELECT * WHERE { GRAPH ?g { ?x ?p ?o } VALUES ?x { :alice UNDEF } }",
		"CONSTRUCT { ?x :k ?y } WHERE { ?x :knows* ?y }",
		"SELECT ?x (STRLEN(?n) AS ?l) WHERE { ?x :name ?n FILTER(CONTAINS(LCASE(?n), \"a\") && ?x != :bob) BIND(CONCAT(?n, \"!\") AS ?b) }",
		"ASK { ?x :age ?a FILTER NOT EXISTS { ?x :knows ?z . ?z :age ?b FILTER(?b < ?a) } }",
		"SELECT ?m WHERE { { SELECT (MAX(?a) AS ?m) WHERE { ?y :age ?a } } }",
		"DESCRIBE ?x WHERE { ?x :knows :bob }",
	} {
		f.Add(p + q)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "data", "w3c-sparql", "sparql11", "*", "*.rq"))
	for _, fn := range files {
		if b, err := os.ReadFile(fn); err == nil {
			f.Add(string(b))
		}
	}
	s := testStore(f, WithTimeout(200*time.Millisecond), WithMaxRows(100000))
	f.Fuzz(func(t *testing.T, q string) {
		parsed, err := sparql.Parse(q)
		if err != nil {
			return
		}
		start := time.Now()
		_, err = s.QueryParsed(context.Background(), parsed)
		if d := time.Since(start); d > 3*time.Second {
			t.Fatalf("query ran %v past a 200ms timeout (err %v):\n%s", d, err, q)
		}
		_ = errors.Is(err, context.DeadlineExceeded)
	})
}
