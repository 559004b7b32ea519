package kg_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// ExampleIndex_Search links the values a question mentions to the
// (property, value) pairs of a graph, then describes the entity found.
func ExampleIndex_Search() {
	ctx := context.Background()
	st := store.New()
	data := `@prefix ex: <http://example.org/> .
ex:a1 ex:airline "JetBlue Airways" ; ex:country "USA" .
ex:a2 ex:airline "Air France" ; ex:country "France" .
ex:a3 ex:airline "United Airlines" ; ex:country "USA" .`
	if err := st.Load(ctx, strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		fmt.Println(err)
		return
	}
	ix, err := kg.BuildIndex(ctx, st)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range ix.Search("Which airlines are from France or the USA?", 2) {
		fmt.Printf("%s %q (%d subjects)\n", h.Property, h.Value, h.Count)
	}
	hits := ix.Search("Which country does Jetblue Airways belong to?", 3)
	for _, h := range hits {
		fmt.Printf("%s %q %v\n", h.Property, h.Value, h.Subjects)
	}
	d, err := kg.Describe(ctx, st, hits[0].Subjects[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(d.Text())
	// Output:
	// http://example.org/country "USA" (2 subjects)
	// http://example.org/country "France" (1 subjects)
	// http://example.org/airline "JetBlue Airways" [http://example.org/a1]
	// :a1 (resource)
	// Prefixes: : <http://example.org/>
	// Outgoing:
	// - :airline: "JetBlue Airways"
	// - :country: "USA"
}
