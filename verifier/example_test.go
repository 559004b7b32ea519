package verifier_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
	"github.com/schemaforge/go-schemaforge/verifier"
)

// Verify two candidates for "Who lives in 'Paris'?": the one with the
// filter is accepted, since its answer moves when its constraints are
// perturbed; the one without it is rejected, first because the value the
// question names is missing and, with that check off, because its answer
// does not move.
func ExampleVerifier_Verify() {
	ctx := context.Background()
	s := store.New()
	data := `@prefix : <http://ex.org/> .
:alice a :Person ; :name "Alice" ; :city "Paris" .
:bob   a :Person ; :name "Bob"   ; :city "Lyon" .
:carol a :Person ; :name "Carol" ; :city "Paris" .
:dan   a :Person ; :name "Dan"   ; :city "Nice" .`
	if err := s.Load(ctx, strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		fmt.Println(err)
		return
	}
	g := &kg.Graph{ID: "people", Endpoint: s}
	person := []string{"http://ex.org/Person"}
	slice := &handoff.Slice{
		Graph:    "people",
		Prefixes: []handoff.Prefix{{Prefix: "", IRI: "http://ex.org/"}},
		Classes:  []handoff.SliceClass{{IRI: "http://ex.org/Person", Matched: []string{"person"}}},
		Properties: []handoff.SliceProperty{
			{IRI: "http://ex.org/name", Domains: person, Datatypes: []string{sparql.XSDString}, Matched: []string{"name"}},
			{IRI: "http://ex.org/city", Domains: person, Datatypes: []string{sparql.XSDString}, Matched: []string{"live"}},
		},
	}
	sg := &handoff.Subgoal{
		ID: "s1", Text: "Who lives in 'Paris'?",
		Operations: []handoff.Operation{handoff.OpLookup, handoff.OpFilter},
		Mentions:   []handoff.Mention{{Text: "Paris", Start: 14, End: 19, Kind: handoff.MentionQuoted}},
		Requirements: handoff.Requirements{
			Predicates: []string{"live"}, Types: []string{"person"},
			Filters: []handoff.Filter{{Attribute: "live", Op: handoff.FilterEq, Value: "Paris", ValueKind: "string"}},
			Output:  handoff.Output{Shape: handoff.ShapeEntities},
		},
	}
	cands := []handoff.Candidate{
		{Subgoal: "s1", Graph: "people", Query: `PREFIX : <http://ex.org/>
SELECT ?name WHERE { ?p a :Person ; :name ?name ; :city ?city . FILTER(?city = "Paris") }`},
		{Subgoal: "s1", Graph: "people", Query: `PREFIX : <http://ex.org/>
SELECT ?name WHERE { ?p a :Person ; :name ?name ; :city ?city }`},
	}
	show := func(recs []handoff.Record) {
		for _, r := range recs {
			fmt.Printf("accepted=%v rows=%d: %s\n", r.Accepted, r.Rows, r.Reason)
			for _, p := range r.Perturbations {
				fmt.Printf("  %-14s Jaccard %.2f (%d rows)\n", p.Operator, p.Jaccard, p.Rows)
			}
		}
	}
	recs, err := verifier.New(verifier.Config{}).Verify(ctx, sg, slice, g, cands)
	if err != nil {
		fmt.Println(err)
		return
	}
	show(recs)
	fmt.Println("without the requirement checks:")
	recs, err = verifier.New(verifier.Config{NoRequirements: true}).Verify(ctx, sg, slice, g, cands[1:])
	if err != nil {
		fmt.Println(err)
		return
	}
	show(recs)
	// Output:
	// accepted=true rows=2: answer moves under 5 perturbations: mean Jaccard 0.100 ≤ θ = 0.90; 2 commitment(s) of the question realised
	//   filter-relax   Jaccard 0.50 (4 rows)
	//   entity-swap    Jaccard 0.00 (1 rows)
	//   predicate-swap Jaccard 0.00 (0 rows)
	//   triple-drop    Jaccard 0.00 (0 rows)
	//   entity-swap    Jaccard 0.00 (1 rows)
	// accepted=false rows=4: requirements not met: the filter value "Paris" is not a constant of the query
	//   predicate-swap Jaccard 1.00 (4 rows)
	//   triple-drop    Jaccard 1.00 (4 rows)
	// without the requirement checks:
	// accepted=false rows=4: answer barely moves under 2 perturbations: mean Jaccard 1.000 > θ = 0.90
	//   predicate-swap Jaccard 1.00 (4 rows)
	//   triple-drop    Jaccard 1.00 (4 rows)
}
