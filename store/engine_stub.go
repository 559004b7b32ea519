//go:build !engine

package store

import (
	"context"
	"errors"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// evaluate is a placeholder while the engine is assembled (build tag
// "engine").
func (s *Store) evaluate(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	return nil, errors.New("query engine not built yet")
}
