package store

import (
	"context"
	"fmt"
	"io"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// LoadFile loads an RDF file — N-Triples, N-Quads, Turtle, TriG or RDF/XML
// by extension, gzip-compressed when it ends in .gz — into graph (the IRI of
// a named graph, or "" for the default graph; statements that name their
// own graph, in N-Quads or TriG, go to that graph). The load is atomic: on
// any error, which names the file and line, the store is unchanged. Blank
// nodes of different loads never merge.
func (s *Store) LoadFile(ctx context.Context, path, graph string) error {
	err := s.load(func(b *batch) error {
		return s.cfg.read.ReadFile(ctx, path, "", b.handler(graph))
	})
	if err != nil {
		return fmt.Errorf("store: load %w", err)
	}
	s.cfg.logger.Debug("loaded", "file", path, "graph", graph, "triples", s.Len())
	return nil
}

// Load reads a document in format f from r (base resolves relative IRIs)
// into graph, atomically, as LoadFile does.
func (s *Store) Load(ctx context.Context, r io.Reader, f rdfio.Format, base, graph string) error {
	err := s.load(func(b *batch) error {
		return s.cfg.read.Read(ctx, r, f, base, b.handler(graph))
	})
	if err != nil {
		return fmt.Errorf("store: load %s data: %w", f, err)
	}
	return nil
}

// handler returns the statement callback of a load into graph.
func (b *batch) handler(graph string) func(rdfio.Quad) error {
	var into sparql.Term
	if graph != "" {
		into = &sparql.IRI{Value: graph}
	}
	return func(q rdfio.Quad) error {
		g := q.G
		if g == nil {
			g = into
		}
		return b.add(q.S, q.P, q.O, g)
	}
}
