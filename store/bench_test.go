package store

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// generatedNTriples returns an N-Triples document of n triples shaped like
// a relational export: entities of a few classes with literal columns and
// references.
func generatedNTriples(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() >= 0 && i < n; i++ {
		e := i / 5
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "<http://example.org/e/%d> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/C%d> .\n", e, e%20)
		case 1:
			fmt.Fprintf(&b, "<http://example.org/e/%d> <http://example.org/name> \"entity number %d\" .\n", e, e)
		case 2:
			fmt.Fprintf(&b, "<http://example.org/e/%d> <http://example.org/age> \"%d\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n", e, e%97)
		case 3:
			fmt.Fprintf(&b, "<http://example.org/e/%d> <http://example.org/ref> <http://example.org/e/%d> .\n", e, (e*7919)%(n/5+1))
		case 4:
			fmt.Fprintf(&b, "<http://example.org/e/%d> <http://example.org/label> \"label %d\"@en .\n", e, e%1000)
		}
	}
	return b.Bytes()
}

// BenchmarkLoad1M loads a generated 1M-triple N-Triples file and reports
// triples/s and the memory the store holds per triple.
func BenchmarkLoad1M(b *testing.B) {
	const n = 1_000_000
	doc := generatedNTriples(n)
	path := filepath.Join(b.TempDir(), "gen.nt")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	var heap uint64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		s := New()
		if err := s.LoadFile(context.Background(), path, ""); err != nil {
			b.Fatal(err)
		}
		if s.Len() != n {
			b.Fatalf("loaded %d triples, want %d", s.Len(), n)
		}
		b.StopTimer()
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		heap = after.HeapAlloc - before.HeapAlloc
		runtime.KeepAlive(s)
		b.StartTimer()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
	b.ReportMetric(float64(heap)/n, "bytes/triple")
}

// BenchmarkSpiderDevWorkload runs every dev-public gold query of
// Spider4SPARQL on its graph (graphs loaded once, outside the timing).
func BenchmarkSpiderDevWorkload(b *testing.B) {
	dir := filepath.Join("..", "..", "shared", "data", "spider4sparql")
	f, err := os.Open(filepath.Join(dir, "questions", "dev-public.csv"))
	if err != nil {
		b.Skipf("Spider4SPARQL data not available (%v); it lives in ../shared/data beside the repository", err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	type job struct {
		s *Store
		q string
	}
	stores := map[string]*Store{}
	var jobs []job
	for _, r := range rows[1:] {
		kg := strings.ToLower(r[1])
		s := stores[kg]
		if s == nil {
			s = New()
			if err := s.LoadFile(context.Background(), filepath.Join(dir, "graphs", "dev", kg+".nt"), ""); err != nil {
				b.Fatal(err)
			}
			stores[kg] = s
		}
		jobs = append(jobs, job{s, "PREFIX : <http://valuenet/ontop/>\n" + r[3]})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, j := range jobs {
			if _, err := j.s.Query(context.Background(), j.q); err != nil {
				b.Fatalf("%v\n%s", err, j.q)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/workload")
	b.ReportMetric(float64(len(jobs)*b.N)/b.Elapsed().Seconds(), "queries/s")
}
