package store_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

func ExampleStore_Query() {
	ctx := context.Background()
	s := store.New()
	data := `@prefix ex: <http://example.org/> .
ex:alice ex:name "Alice" ; ex:age 34 ; ex:knows ex:bob .
ex:bob   ex:name "Bob"   ; ex:age 28 .`
	if err := s.Load(ctx, strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		fmt.Println(err)
		return
	}
	res, err := s.Query(ctx, `PREFIX ex: <http://example.org/>
SELECT ?name (COUNT(?friend) AS ?friends) WHERE {
  ?p ex:name ?name OPTIONAL { ?p ex:knows ?friend }
} GROUP BY ?name ORDER BY ?name`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range res.Rows {
		fmt.Println(row["name"], row["friends"])
	}
	// Output:
	// "Alice" "1"^^<http://www.w3.org/2001/XMLSchema#integer>
	// "Bob" "0"^^<http://www.w3.org/2001/XMLSchema#integer>
}
