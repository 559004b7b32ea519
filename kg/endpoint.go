package kg

import (
	"context"
	"errors"
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Endpoint runs read-only SPARQL queries. It is the only way anything in
// go-schemaforge runs SPARQL: the embedded store (*store.Store), the HTTP
// client of the SPARQL 1.1 Protocol ([HTTPEndpoint]) and a [Graph] all
// satisfy it.
//
// Query returns SELECT results as Vars and Rows, ASK results as Boolean and
// CONSTRUCT/DESCRIBE results as Graph. Implementations must honour ctx and
// must be safe for concurrent use.
type Endpoint interface {
	Query(ctx context.Context, query string) (*sparql.Results, error)
}

// EndpointFunc adapts a function to the Endpoint interface.
type EndpointFunc func(ctx context.Context, query string) (*sparql.Results, error)

// Query calls f(ctx, query).
func (f EndpointFunc) Query(ctx context.Context, query string) (*sparql.Results, error) {
	return f(ctx, query)
}

// ErrService is wrapped by the error of a query that uses SERVICE when the
// caller has not allowed federation.
var ErrService = errors.New("kg: SERVICE is not allowed")

// CheckQuery parses query with dialect (nil means sparql.SPARQL11) and
// refuses what must not leave the library: SPARQL Update (always; the error
// wraps sparql.ErrUpdate) and SERVICE unless allowService. It returns the
// parsed query.
func CheckQuery(query string, dialect *sparql.Dialect, allowService bool) (*sparql.Query, error) {
	if dialect == nil {
		dialect = sparql.SPARQL11
	}
	q, err := sparql.Parse(query, sparql.WithDialect(dialect))
	if err != nil {
		return nil, fmt.Errorf("parse query: %w", err)
	}
	if !allowService && sparql.Analyze(q).HasService() {
		return nil, ErrService
	}
	return q, nil
}

// shorten returns s cut to about n bytes (on a rune boundary) with "…"
// appended when it was cut, and newlines folded, for error messages.
func shorten(s string, n int) string {
	b := []byte(s)
	out := make([]byte, 0, n+4)
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '\n' || c == '\r' || c == '\t' {
			c = ' '
		}
		if len(out) >= n && (c&0xC0) != 0x80 {
			return string(out) + "…"
		}
		out = append(out, c)
	}
	return string(out)
}
