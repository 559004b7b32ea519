package schemaforge

import (
	"context"
	"fmt"

	"github.com/schemaforge/go-schemaforge/kg"
)

// ValueSearchers returns, by graph ID, the searchers the pipeline links
// a question's values with: the allocator's value indexes (an engine's
// own full-text search where the graph has one, else the in-process
// [kg.Index]), built by [Pipeline.Prepare] if they are not built yet.
// The map is a copy; the searchers are shared and safe for concurrent
// use. A graph is missing from the map when it has no searcher: under the
// [NoAllocator] ablation, with an allocator given by [WithAllocator] that
// keeps none (or links no values), or when its index failed to build.
func (p *Pipeline) ValueSearchers(ctx context.Context) (map[string]kg.TextSearcher, error) {
	vs, ok := p.alloc.(interface {
		ValueSearchers(context.Context, *kg.Collection) (map[string]kg.TextSearcher, error)
	})
	if !ok {
		return map[string]kg.TextSearcher{}, nil
	}
	m, err := vs.ValueSearchers(ctx, p.coll)
	if err != nil {
		return nil, fmt.Errorf("schemaforge: value searchers: %w", err)
	}
	return m, nil
}
