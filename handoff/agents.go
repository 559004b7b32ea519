package handoff

import (
	"context"

	"github.com/schemaforge/go-schemaforge/kg"
)

// Decomposer turns a question into subgoals with requirements. The
// returned decomposition must pass [Decomposition.Validate].
type Decomposer interface {
	Decompose(ctx context.Context, question string) (*Decomposition, error)
}

// Allocator scores the graphs of a collection for a subgoal and selects
// the ones whose schema can realise it, with a slice of each.
type Allocator interface {
	Allocate(ctx context.Context, sg *Subgoal, coll *kg.Collection) (*Allocation, error)
}

// Synthesizer builds ranked, admissible candidate queries for a subgoal
// on one graph from its slice. The answers of the subgoals it depends on
// are in deps (by subgoal ID).
type Synthesizer interface {
	Synthesize(ctx context.Context, sg *Subgoal, slice *Slice, g *kg.Graph, deps map[string][]Record) ([]Candidate, error)
}

// Verifier runs candidates on their graph and accepts or rejects each,
// counterfactually: a query whose answer does not move when its
// constraints are perturbed is not trusted.
type Verifier interface {
	Verify(ctx context.Context, sg *Subgoal, slice *Slice, g *kg.Graph, cands []Candidate) ([]Record, error)
}

// Integrator composes the accepted records of all subgoals, along the
// decomposition's DAG, into the answer.
type Integrator interface {
	Integrate(ctx context.Context, d *Decomposition, records map[string][]Record) (*Answer, error)
}
