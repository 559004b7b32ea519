package decomposer_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/kg"
)

// ExampleRules_Decompose decomposes a counting question with a numeric
// and a string filter, then a compositional one that becomes two
// subgoals.
func ExampleRules_Decompose() {
	r := decomposer.NewRules()
	for _, q := range []string{
		"How many singers older than 30 are from France?",
		"Which swimmers are older than the average age of all swimmers?",
	} {
		d, err := r.Decompose(context.Background(), q)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, s := range d.Subgoals {
			req := s.Requirements
			fmt.Printf("%s %q\n", s.ID, s.Text)
			if len(s.DependsOn) > 0 {
				fmt.Printf("  depends on: %v\n", s.DependsOn)
			}
			fmt.Printf("  operations: %v\n", s.Operations)
			fmt.Printf("  types: %q, predicates: %q\n", req.Types, req.Predicates)
			for _, f := range req.Filters {
				fmt.Printf("  filter: %q %s %q (%s)\n", f.Attribute, f.Op, f.Value, f.ValueKind)
			}
			for _, m := range s.Mentions {
				fmt.Printf("  mention: %q %s [%d:%d]\n", m.Text, m.Kind, m.Start, m.End)
			}
			o := req.Output
			if o.Aggregate != "" {
				fmt.Printf("  output: %s, %s of %q\n", o.Shape, o.Aggregate, o.AggregateOf)
			} else {
				fmt.Printf("  output: %s\n", o.Shape)
			}
		}
	}
	// Output:
	// s1 "How many singers older than 30 are from France?"
	//   operations: [aggregate filter]
	//   types: ["singer"], predicates: ["age"]
	//   filter: "age" > "30" (number)
	//   filter: "" = "France" (string)
	//   mention: "30" number [28:30]
	//   mention: "France" name [40:46]
	//   output: number, count of "singer"
	// s1 "What is the average age of all swimmers?"
	//   operations: [aggregate]
	//   types: ["swimmer"], predicates: ["age"]
	//   output: number, avg of "age"
	// s2 "Which swimmers are older than s1?"
	//   depends on: [s1]
	//   operations: [lookup filter]
	//   types: ["swimmer"], predicates: ["age"]
	//   filter: "age" > "s1" (subgoal)
	//   output: entities
}

// ExampleWithNameLinker reads a title with small words in it as one name
// because a graph holds it as a value: the linker searches each graph's
// value searcher (here one that knows a single title; in the pipeline,
// the allocator's value indexes).
func ExampleWithNameLinker() {
	titles := titleSearcher{"Paper Cranes at Dawn"}
	linker := decomposer.SearchersLinker(func(context.Context) (map[string]kg.TextSearcher, error) {
		return map[string]kg.TextSearcher{"films": titles}, nil
	})
	q := "Which films had a bigger budget than Paper Cranes at Dawn?"
	for _, r := range []*decomposer.Rules{decomposer.NewRules(), decomposer.NewRules(decomposer.WithNameLinker(linker))} {
		d, err := r.Decompose(context.Background(), q)
		if err != nil {
			fmt.Println(err)
			return
		}
		var names []string
		for _, m := range d.Subgoals[0].Mentions {
			names = append(names, m.Text)
		}
		fmt.Printf("%q\n", names)
	}
	// Output:
	// ["Paper Cranes" "Dawn"]
	// ["Paper Cranes at Dawn"]
}

// titleSearcher finds its titles wherever a text holds them.
type titleSearcher []string

func (ts titleSearcher) Search(_ context.Context, text string, _ int) ([]kg.Hit, error) {
	var hits []kg.Hit
	for _, t := range ts {
		if strings.Contains(text, t) {
			hits = append(hits, kg.Hit{Value: t, Property: "http://example.org/films/title", Score: 1})
		}
	}
	return hits, nil
}
