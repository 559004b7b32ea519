package sparql

import (
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// spiderQueries returns the gold queries of a Spider4SPARQL split with the
// default prefix they assume, or skips the test when the data is absent.
func spiderQueries(tb testing.TB, split string) []string {
	tb.Helper()
	path := filepath.Join(sharedData(tb, "spider4sparql"), "questions", split+".csv")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("opening Spider4SPARQL questions: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatalf("reading %s: %v", path, err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "query" {
			col = i
		}
	}
	if col < 0 {
		tb.Fatalf("%s has no query column", path)
	}
	out := make([]string, 0, len(rows)-1)
	for _, r := range rows[1:] {
		out = append(out, "PREFIX : <http://valuenet/ontop/>\n"+r[col])
	}
	return out
}

// w3cQueries returns the .rq files of the W3C syntax test folders (valid and
// invalid ones alike), or nil when the data is absent.
func w3cQueries() []string {
	var out []string
	for _, dir := range []string{"sparql10/syntax-sparql1", "sparql10/syntax-sparql2", "sparql10/syntax-sparql3",
		"sparql10/syntax-sparql4", "sparql10/syntax-sparql5", "sparql11/syntax-query", "sparql11/syntax-fed",
		"sparql11/aggregates", "sparql11/property-path", "sparql11/negation", "sparql11/functions"} {
		files, _ := filepath.Glob(filepath.Join(sharedDataDir, "w3c-sparql", dir, "*.rq"))
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				out = append(out, string(b))
			}
		}
	}
	return out
}

// FuzzParse checks that Parse never panics and returns either a tree or an
// *Error, and that every accepted query prints to text that parses back to
// the same tree (canonical and compact forms) and prints identically again;
// under the lenient dialect, that every accepted query prints as strict
// SPARQL 1.1 that parses back to the same tree.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"SELECT * { ?s ?p ?o }",
		`PREFIX : <http://e/> SELECT ?x (COUNT(DISTINCT ?y) AS ?n) WHERE { ?x :p/:q* ?y ; ^:r [ :s ( 1 2 ) ] . OPTIONAL { ?y :t "v"@en } FILTER NOT EXISTS { ?x :u ?z } BIND(IF(?z > 1, "a", 'b') AS ?w) } GROUP BY ?x HAVING (?n > 1) ORDER BY DESC(?n) LIMIT 10`,
		"CONSTRUCT { ?s <p> [ <q> ?o ] } WHERE { ?s ?p ?o } ",
		"ASK { FILTER(?a -5 * 2 > -?b) }",
		"DESCRIBE * WHERE { ?s ?p ?o } VALUES ?s { <a> UNDEF }",
	}
	seeds = append(seeds, w3cQueries()...)
	if f, err := os.Open(filepath.Join(sharedDataDir, "spider4sparql", "questions", "dev-public.csv")); err == nil {
		rows, _ := csv.NewReader(f).ReadAll()
		f.Close()
		for i, r := range rows {
			if i > 0 && i%7 == 0 && len(r) > 3 {
				seeds = append(seeds, "PREFIX : <http://valuenet/ontop/>\n"+r[3])
			}
		}
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		// The lenient dialect builds standard trees: what it accepts prints
		// as strict SPARQL that parses back to the same tree.
		if lq, err := Parse(src, WithDialect(Lenient)); err == nil {
			out := Print(lq)
			lq2, err := Parse(out)
			if err != nil {
				t.Fatalf("lenient tree printed as invalid SPARQL 1.1: %v\ninput: %q\nprinted:\n%s", err, src, out)
			}
			if !Equal(lq, lq2) {
				t.Fatalf("lenient round trip changed the tree\ninput: %q\nprinted:\n%s", src, out)
			}
		} else if !errors.As(err, new(*Error)) {
			t.Fatalf("lenient error is not an *Error: %v", err)
		}
		q, err := Parse(src)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error is not an *Error: %v", err)
			}
			if pe.Line < 1 || pe.Column < 1 || !strings.Contains(pe.Caret, "^") {
				t.Fatalf("error without a position: %+v", pe)
			}
			return
		}
		for _, out := range []string{Print(q), PrintCompact(q)} {
			q2, err := Parse(out)
			if err != nil {
				t.Fatalf("printed query does not parse: %v\ninput: %q\nprinted:\n%s", err, src, out)
			}
			if !Equal(q, q2) {
				t.Fatalf("round trip changed the tree\ninput: %q\nprinted:\n%s\nreprinted:\n%s", src, out, Print(q2))
			}
			if Print(q2) != Print(q) {
				t.Fatalf("Print is not idempotent\ninput: %q", src)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	qs := spiderQueries(b, "train")
	var bytes int64
	for _, q := range qs {
		bytes += int64(len(q))
	}
	b.SetBytes(bytes / int64(len(qs)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(qs[i%len(qs)]); err != nil && !errors.As(err, new(*Error)) {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}

// BenchmarkLex tokenises the same queries as BenchmarkParse: the baseline
// that parsing is measured against (parse time / lex time).
func BenchmarkLex(b *testing.B) {
	qs := spiderQueries(b, "train")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lx := lexer{src: qs[i%len(qs)]}
		for lx.next().kind != tEOF {
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}

func BenchmarkParsePrint(b *testing.B) {
	qs := spiderQueries(b, "train")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q, err := Parse(qs[i%len(qs)])
		if err == nil {
			_ = Print(q)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
}

func TestSpiderRoundTrip(t *testing.T) {
	for _, split := range []string{"dev-public", "train"} {
		qs := spiderQueries(t, split)
		accepted := 0
		for _, src := range qs {
			q, err := Parse(src)
			if err != nil {
				continue
			}
			accepted++
			q2, err := Parse(Print(q))
			if err != nil || !Equal(q, q2) {
				t.Errorf("%s: round trip failed (%v) for\n%s", split, err, src)
			}
		}
		if split == "dev-public" && accepted != len(qs) {
			t.Errorf("dev-public: %d of %d gold queries accepted, want all", accepted, len(qs))
		}
	}
}
