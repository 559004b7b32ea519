// Package handoff holds the typed artifacts that the five SchemaForge
// agents pass to each other, and the agents' interfaces:
//
//	question ─ Decomposer ─► Decomposition{Subgoals, each with Requirements}
//	subgoal  ─ Allocator  ─► Allocation{scores per graph, selected graphs, Slice per graph}
//	slice    ─ Synthesizer ► []Candidate (SPARQL with its skeleton and slot bindings)
//	candidates ─ Verifier ─► []Record (accepted or rejected, why, with numbers)
//	records  ─ Integrator ─► Answer{values, records, trace}
//
// The package is data only: no behaviour beyond small methods (validation,
// ordering, lookups). Every decision's numbers live in the artifacts, so a
// Trace can say why an answer was given.
package handoff
