package kg

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Graph is one knowledge graph of a [Collection]: an endpoint, optionally a
// named graph in it, a description and a schema summary. A Graph is itself
// an [Endpoint]: its Query checks that the query is read-only, scopes it to
// the named graph and names the graph in errors, so agents run every query
// through the Graph rather than through the raw endpoint.
type Graph struct {
	// ID names the graph in the collection (unique there).
	ID string
	// Endpoint answers the graph's queries.
	Endpoint Endpoint
	// NamedGraph, when set, is the IRI of the named graph that holds the
	// data; queries without their own FROM/FROM NAMED clauses get
	// FROM <NamedGraph>.
	NamedGraph string
	// Description is free text about the graph (from the config), used
	// for retrieval next to the summary.
	Description string
	// Source says where the data comes from (files or an endpoint URL),
	// for provenance.
	Source string
	// Files are the RDF files loaded into an embedded store for this
	// graph (empty for remote endpoints).
	Files []string
	// Fingerprint identifies the graph's content (a hash of its files, or
	// a version from the config); empty when unknown. Summaries are cached
	// under it.
	Fingerprint string
	// Summary is the schema summary, nil until summarised.
	Summary *Summary
	// VoID, when set, holds the graph's VoID description (class and
	// property partitions), used by [Collection.Summarize] instead of
	// looking in the graph itself.
	VoID Endpoint

	// AllowService lets queries use SERVICE (default false: refused).
	AllowService bool
	// Dialect parses queries (nil means sparql.SPARQL11).
	Dialect *sparql.Dialect
	// Target is the dialect of the engine behind Endpoint (nil: standard
	// SPARQL 1.1). Queries leave in its form ([sparql.PrintFor]), and a
	// query using a construct it refuses ([sparql.Dialect.Accepts]) fails
	// before it is sent.
	Target *sparql.Dialect
	// TextSearch, when set, searches the graph's values with the engine's
	// own full-text index ([EngineTextSearch]) instead of an index built
	// over SPARQL: value linking and [SearchText] use it.
	TextSearch TextSearcher
	// Logger receives query events (nil: discard).
	Logger *slog.Logger
}

// Query checks query (read-only, no SERVICE unless allowed), scopes it to
// the graph's named graph and runs it on the graph's endpoint.
func (g *Graph) Query(ctx context.Context, query string) (*sparql.Results, error) {
	q, err := CheckQuery(query, g.Dialect, g.AllowService)
	if err != nil {
		return nil, fmt.Errorf("graph %s: %w", g.ID, err)
	}
	return g.QueryParsed(ctx, q)
}

// QueryParsed scopes a parsed query to the graph's named graph and runs it
// on the graph's endpoint. The query is not modified.
func (g *Graph) QueryParsed(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	if g.Endpoint == nil {
		return nil, fmt.Errorf("graph %s: no endpoint", g.ID)
	}
	if !g.AllowService && sparql.Analyze(q).HasService() {
		return nil, fmt.Errorf("graph %s: %w", g.ID, ErrService)
	}
	if g.NamedGraph != "" && len(q.Dataset) == 0 {
		q = sparql.CloneQuery(q)
		q.Dataset = []*sparql.DatasetClause{{IRI: &sparql.IRI{Value: g.NamedGraph}}}
	}
	if err := g.Target.Accepts(q); err != nil {
		return nil, fmt.Errorf("graph %s: query %q: %w", g.ID, shorten(sparql.Print(q), 200), err)
	}
	text := sparql.PrintFor(q, g.Target)
	start := time.Now()
	res, err := g.Endpoint.Query(ctx, text)
	if l := g.Logger; l != nil {
		l.DebugContext(ctx, "kg query", "graph", g.ID, "took", time.Since(start), "err", err)
	}
	if err != nil {
		return nil, fmt.Errorf("graph %s: query %q: %w", g.ID, shorten(text, 200), err)
	}
	return res, nil
}
