package kg_test

import (
	"context"
	"fmt"
	"log"

	"github.com/schemaforge/go-schemaforge/kg"
)

// Load a graph from a file, summarise it and print the compact text form
// used for retrieval.
func ExampleSummarize() {
	ctx := context.Background()
	g, err := kg.LoadGraph(ctx, kg.FileGraph{ID: "people", Files: []string{"../examples/data/people.ttl"}}, kg.LoadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	s, err := kg.Summarize(ctx, g.ID, g, kg.SummaryOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(s.Text(kg.TextOptions{NoSamples: true}))
	// Output:
	// Graph people (19 triples, 2 classes, 6 properties)
	// Prefixes: : <http://example.org/> rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
	// Classes:
	// - :Person (4)
	// - :Company (1)
	// Properties:
	// - :name (5): :Person | :Company → xsd:string | rdf:langString; 5 distinct
	// - rdf:type (5): :Person | :Company → IRI
	// - :age (3): :Person → xsd:integer; 3 distinct; 28..41
	// - :knows (3): :Person → :Person; 3 distinct
	// - :worksFor (2): :Person → :Company; 1 distinct
	// - :founded (1): :Company → xsd:date; 1 distinct; 1999-04-01..1999-04-01
}

// A collection from a directory of RDF files: one graph per file, loaded
// concurrently, summarised concurrently.
func ExampleLoadDir() {
	ctx := context.Background()
	coll, err := kg.LoadDir(ctx, "../examples/data", kg.LoadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	if err := coll.Summarize(ctx, kg.SummarizeOptions{}); err != nil {
		log.Fatal(err)
	}
	for _, g := range coll.Graphs() {
		fmt.Println(g.ID, len(g.Summary.Classes), "classes", len(g.Summary.Properties), "properties")
	}
	// Output:
	// people 2 classes 6 properties
}
