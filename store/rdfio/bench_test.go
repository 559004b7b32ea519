package rdfio

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"testing"

	knakk "github.com/knakk/rdf"
)

// genNTriples writes n statements of N-Triples shaped like real data:
// 10 statements per subject, typed, language-tagged and plain literals,
// IRIs, blank nodes and a few escapes.
func genNTriples(n int) []byte {
	var b bytes.Buffer
	b.Grow(n * 110)
	for i := 0; i < n; i++ {
		s := i / 10
		switch i % 10 {
		case 0:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/ontology/Class%d> .\n", s, s%50)
		case 1:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://www.w3.org/2000/01/rdf-schema#label> \"Entity number %d\"@en .\n", s, s)
		case 2:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://example.org/ontology/count> \"%d\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n", s, i)
		case 3:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://example.org/ontology/name> \"Name %d with \\\"quotes\\\" and \\u00e9\" .\n", s, s)
		case 4:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://example.org/ontology/related> <http://example.org/entity/%d> .\n", s, (s*7919)%(n/10+1))
		case 5:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://example.org/ontology/part> _:node%d .\n", s, s)
		case 6:
			fmt.Fprintf(&b, "_:node%d <http://example.org/ontology/weight> \"%d.5\"^^<http://www.w3.org/2001/XMLSchema#decimal> .\n", s, s%1000)
		case 7:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://example.org/ontology/description> \"A longer description of entity %d, which has several words in it.\" .\n", s, s)
		case 8:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://example.org/ontology/date> \"2024-01-%02d\"^^<http://www.w3.org/2001/XMLSchema#date> .\n", s, s%28+1)
		case 9:
			fmt.Fprintf(&b, "<http://example.org/entity/%d> <http://www.w3.org/2000/01/rdf-schema#label> \"Entität %d\"@de .\n", s, s)
		}
	}
	return b.Bytes()
}

var (
	benchOnce sync.Once
	benchData []byte
)

const benchTriples = 1_000_000

func benchInput() []byte {
	benchOnce.Do(func() { benchData = genNTriples(benchTriples) })
	return benchData
}

// BenchmarkNTriples reads a generated 1M-statement N-Triples document from
// memory with this package's parser and, as a baseline, with knakk/rdf's
// decoder.
func BenchmarkNTriples(b *testing.B) {
	data := benchInput()
	b.Run("rdfio", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			if err := ReadNTriples(bytes.NewReader(data), func(Quad) error { n++; return nil }); err != nil {
				b.Fatal(err)
			}
			if n != benchTriples {
				b.Fatalf("read %d statements, want %d", n, benchTriples)
			}
		}
		b.ReportMetric(float64(benchTriples)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
	})
	b.Run("knakk", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			dec := knakk.NewTripleDecoder(bytes.NewReader(data), knakk.NTriples)
			n := 0
			for {
				_, err := dec.Decode()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != benchTriples {
				b.Fatalf("knakk read %d statements, want %d", n, benchTriples)
			}
		}
		b.ReportMetric(float64(benchTriples)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
	})
}

// BenchmarkTurtle reads the same generated document with the Turtle reader
// (N-Triples is Turtle) and with knakk/rdf's Turtle decoder.
func BenchmarkTurtle(b *testing.B) {
	data := benchInput()
	b.Run("rdfio", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			if err := ReadTurtle(bytes.NewReader(data), "", func(Quad) error { n++; return nil }); err != nil {
				b.Fatal(err)
			}
			if n != benchTriples {
				b.Fatalf("read %d statements, want %d", n, benchTriples)
			}
		}
		b.ReportMetric(float64(benchTriples)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
	})
	b.Run("knakk", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			dec := knakk.NewTripleDecoder(bytes.NewReader(data), knakk.Turtle)
			n := 0
			for {
				_, err := dec.Decode()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != benchTriples {
				b.Fatalf("knakk read %d statements, want %d", n, benchTriples)
			}
		}
		b.ReportMetric(float64(benchTriples)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
	})
}
