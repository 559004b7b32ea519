// Package store is go-schemaforge's embedded, read-only, in-memory RDF
// dataset with a SPARQL 1.1 query engine. It loads N-Triples and Turtle
// (gzip too), keeps dictionary-encoded quads with indexes that serve every
// triple-pattern shape, and evaluates SELECT, ASK, CONSTRUCT and DESCRIBE
// queries, honouring context cancellation, a per-query timeout, a memory
// budget in bytes and caps on solutions and result rows. SPARQL Update is
// refused; SERVICE is refused unless explicitly allowed.
//
// A query goes through layers: the syntax tree is translated to the SPARQL
// algebra (package store/algebra); the compiler folds constants, places
// FILTERs inside basic graph pattern matching and picks the physical
// operators (bind joins, hash joins, top-k); the physical plan is then
// evaluated by pull iterators, so solutions stream and LIMIT, ASK and
// EXISTS stop as soon as they have what they need. [Store.Explain] prints
// the plan.
//
// A *Store satisfies the project's endpoint contract:
//
//	Query(ctx context.Context, query string) (*sparql.Results, error)
package store
