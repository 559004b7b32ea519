// Package store is go-schemaforge's embedded, read-only, in-memory RDF
// dataset with a SPARQL 1.1 query engine. It loads N-Triples and Turtle
// (gzip too), keeps dictionary-encoded quads with indexes that serve every
// triple-pattern shape, and evaluates SELECT, ASK, CONSTRUCT and DESCRIBE
// queries through the SPARQL algebra, honouring context cancellation, a
// per-query timeout and a cap on result rows. SPARQL Update is refused;
// SERVICE is refused unless explicitly allowed.
//
// A *Store satisfies the project's endpoint contract:
//
//	Query(ctx context.Context, query string) (*sparql.Results, error)
package store
