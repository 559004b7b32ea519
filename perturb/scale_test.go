package perturb

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

const scalePrefix = "PREFIX : <http://ex.org/>\n"

// repeatedFilters is the query a long question repeating itself gives:
// four triples and n copies of each of two filters.
func repeatedFilters(n int) string {
	var b strings.Builder
	b.WriteString(scalePrefix + `SELECT ?n WHERE { ?p a :Person ; :name ?n ; :age ?a ; :city ?c . `)
	for range n {
		b.WriteString(`FILTER(?c = "Paris") `)
	}
	for range n {
		b.WriteString(`FILTER(?a > 30) `)
	}
	b.WriteString(`MINUS { ?p :city "Lyon" } MINUS { ?p :city "Lyon" } }`)
	return b.String()
}

// TestRepeatedFiltersBuildFewVariants checks that a query with the same
// filter written hundreds of times does not make Generate build a variant
// per copy: dropping any copy gives the same query, which used to be
// built (copied, tidied, printed) once per copy and discarded as a
// duplicate, quadratic in the question's length.
func TestRepeatedFiltersBuildFewVariants(t *testing.T) {
	cfg := Config{M: 8}
	builds := map[int]int{}
	for _, n := range []int{2, 40, 400} {
		q, err := sparql.Parse(repeatedFilters(n))
		if err != nil {
			t.Fatal(err)
		}
		vs, g, err := generate(context.Background(), q, nil, nil, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != cfg.M {
			t.Fatalf("n=%d: %d variants, want %d", n, len(vs), cfg.M)
		}
		builds[n] = g.builds
	}
	if builds[400] > builds[2]+2 || builds[400] > 2*cfg.M {
		t.Errorf("variants built for 2, 40, 400 copies of each filter: %d, %d, %d; want about M = %d whatever the copies",
			builds[2], builds[40], builds[400], cfg.M)
	}
}

// indexQueries exercise the index: duplicates, sub-selects, EXISTS, MINUS,
// OPTIONAL, variables bound once or twice, type triples.
var indexQueries = []string{
	`SELECT ?n WHERE { ?p a :Person ; :name ?n ; :city ?c ; :age ?a . FILTER(?c = "Paris" && ?a > 30) }`,
	`SELECT ?n WHERE { ?p :name ?n . FILTER NOT EXISTS { { SELECT ?q WHERE { ?q :worksFor ?c . ?c :label "ACME" } } FILTER(?p IN (?q)) } }`,
	`SELECT ?l (COUNT(*) AS ?k) WHERE { ?p :worksFor ?c . ?c :label ?l . ?p :worksFor ?c } GROUP BY ?l HAVING (COUNT(*) > 1) ORDER BY DESC(?k) LIMIT 1`,
	`SELECT * WHERE { { ?p :city "Lyon" } UNION { ?p :age 52 } MINUS { ?p :worksFor ?w . ?w :label ?x } OPTIONAL { ?p :age ?x FILTER(?x = 3) } }`,
	`SELECT ?c (AVG(?a) AS ?m) WHERE { ?p :city ?c ; :age ?a . { SELECT ?p ?a WHERE { ?p :worksFor ?w ; :name ?n ; :age ?a } GROUP BY ?p ?w ?a HAVING (COUNT(*) > 0) } } GROUP BY ?c`,
	`SELECT ?n WHERE { ?p a :Person, :Agent ; :name ?n ; :age ?a . ?q a :Person ; :name ?n . ?p :knows ?q . FILTER EXISTS { ?q :age ?a } FILTER(?n = "Bob") }`,
	`SELECT ?x WHERE { :alice :knows ?x . ?x :city ?c . ?y :city ?c . MINUS { ?x :age ?c } FILTER(?c IN ("Paris", "Nice")) }`,
}

// TestIndexAgreesWithScans checks the index's answers against the scans
// over every triple it replaced.
func TestIndexAgreesWithScans(t *testing.T) {
	for _, text := range indexQueries {
		q, err := sparql.Parse(scalePrefix + text)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		g := &generator{ctx: context.Background(), t: newTree(q), probe: &prober{cache: map[string][]sparql.Term{}}, profiles: map[string]profile{}}
		g.triples = g.t.triples()
		g.ix = newIndex(g.triples)
		var names []string
		for _, s := range g.triples {
			names = append(names, s.vars()...)
		}
		for _, s := range g.triples {
			// droppable's counts and duplicates.
			nGroup, nQuery, dup := 0, 0, false
			for _, x := range g.triples {
				if x.group == s.group {
					nGroup++
					dup = dup || x != s && x.key() == s.key()
				}
				if x.query == s.query {
					nQuery++
				}
			}
			if got := g.ix.sameIn[inGroup{s.group, s.key()}] > 1; got != dup {
				t.Errorf("%s: %s duplicate = %v, scan says %v", text, s.key(), got, dup)
			}
			if g.ix.inGroup[s.group] != nGroup || g.ix.inQuery[s.query] != nQuery {
				t.Errorf("%s: %s in group/query %d/%d, scan says %d/%d", text, s.key(), g.ix.inGroup[s.group], g.ix.inQuery[s.query], nGroup, nQuery)
			}
			for _, name := range names {
				want := false
				for _, x := range g.triples {
					if x == s || x.query != s.query || x.where&(inExists|inMinus) != 0 {
						continue
					}
					for _, term := range []sparql.Node{x.s, x.p, x.o} {
						if v, ok := termVar(term); ok && v == name {
							want = true
						}
					}
				}
				if got := g.boundElsewhere(name, s); got != want {
					t.Errorf("%s: boundElsewhere(%s, %s) = %v, scan says %v", text, name, s.key(), got, want)
				}
			}
		}
		for _, name := range names {
			for qi := range g.t.nodes {
				var want *sparql.IRI
				found := false
				for _, s := range g.triples {
					v, ok := termVar(s.o)
					p, isPred := s.predicate()
					if !ok || v != name || !isPred {
						continue
					}
					if s.query == qi && !s.where.negated() {
						want, found = p, true
						break
					}
					if want == nil {
						want = p
					}
				}
				got, ok := g.propertyOf(name, qi)
				if ok != (want != nil) || got != want {
					t.Errorf("%s: propertyOf(%s, %d) = %v, %v; scan says %v (binding %v)", text, name, qi, got, ok, want, found)
				}
			}
		}
	}
}

// BenchmarkGenerateRepeatedFilters perturbs the query of a question
// repeating itself, with 16 to 1024 copies of each filter, and reports the
// time per copy, which should stay about flat (it grew linearly with the
// copies when every copy's removal was built).
func BenchmarkGenerateRepeatedFilters(b *testing.B) {
	for _, n := range []int{16, 64, 256, 1024} {
		q, err := sparql.Parse(repeatedFilters(n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("copies=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Generate(context.Background(), q, nil, nil, Config{M: 8}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/copy")
		})
	}
}

// BenchmarkGenerateManyTriples perturbs a query with n distinct triples
// (a long question naming many things), reporting the time per triple.
func BenchmarkGenerateManyTriples(b *testing.B) {
	for _, n := range []int{16, 64, 256, 1024} {
		var sb strings.Builder
		sb.WriteString(scalePrefix + "SELECT ?x WHERE { ?x a :Thing . ")
		for i := range n {
			fmt.Fprintf(&sb, "?x :p%d ?v%d . ?v%d a :C%d . ", i, i, i, i%7)
		}
		sb.WriteString("}")
		q, err := sparql.Parse(sb.String())
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("triples=%d", 2*n+1), func(b *testing.B) {
			for b.Loop() {
				if _, err := Generate(context.Background(), q, nil, nil, Config{M: 8}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(2*n+1), "ns/triple")
		})
	}
}
