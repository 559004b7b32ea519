package schemaforge_test

import (
	"context"
	"fmt"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/sparql"
)

func ExamplePipeline_Ask() {
	ctx := context.Background()
	coll, err := demo.Collection(ctx) // or kg.LoadDir / kg.LoadConfig, then coll.Summarize
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := schemaforge.New(coll)
	if err != nil {
		fmt.Println(err)
		return
	}
	ans, err := p.Ask(ctx, "How many films did Ada Brook direct?")
	if err != nil {
		fmt.Println(err)
		return
	}
	n := ans.Results.Rows[0][ans.Results.Vars[0]].(*sparql.Literal)
	fmt.Println("answer:", n.Lexical)
	fmt.Println("graph:", ans.Graph())
	// Output:
	// answer: 3
	// graph: films
}

// Open is the one step from graphs to answers: it loads a directory of
// RDF files (or a collection config), summarises it with the on-disk
// summary cache and returns a ready pipeline. The answer's table shows
// each IRI by its name and each literal by its value.
func ExampleOpen() {
	ctx := context.Background()
	p, err := schemaforge.Open(ctx, "examples/data")
	if err != nil {
		fmt.Println(err)
		return
	}
	ans, err := p.Ask(ctx, "Who works for ACME?")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(ans.Table())
	fmt.Println("graph:", ans.Graph())
	// Output:
	// person_name
	// -----------
	// Alice
	// Bob
	// graph: people
}

// An answer's Table is its readable form: a column per variable, a row
// per answer row, names for IRIs and values for literals; Results keep
// the RDF terms. Table, Graph and Query are safe on any answer, even one
// with no result.
func ExamplePipeline_Ask_table() {
	ctx := context.Background()
	coll, err := demo.Collection(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := schemaforge.Open(ctx, coll)
	if err != nil {
		fmt.Println(err)
		return
	}
	ans, err := p.Ask(ctx, "Who are the three top goal scorers?")
	if err != nil {
		fmt.Println(err)
		return
	}
	t := ans.Table()
	fmt.Println(t.Columns)
	for _, row := range t.Rows {
		fmt.Println(row)
	}
	fmt.Printf("%s\n", ans.Results.Rows[0]["player_goals"]) // the term itself
	// Output:
	// [player_name player_goals]
	// [Tiago Mendes 23]
	// [Erik Solberg 19]
	// [Matias Rojas 15]
	// "23"^^<http://www.w3.org/2001/XMLSchema#integer>
}
