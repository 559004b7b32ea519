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

func ExampleStore_Explain() {
	s := store.New()
	data := `@prefix ex: <http://example.org/> .
ex:alice a ex:Person ; ex:name "Alice" ; ex:age 34 .
ex:bob   a ex:Person ; ex:name "Bob"   ; ex:age 28 .
ex:acme  a ex:Company ; ex:name "ACME" .`
	if err := s.Load(context.Background(), strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		fmt.Println(err)
		return
	}
	plan, err := s.Explain(`PREFIX ex: <http://example.org/>
SELECT ?name ?age {
  ?p a ex:Person ; ex:name ?name OPTIONAL { ?p ex:age ?age }
  FILTER(?name != "Bob")
} ORDER BY DESC(?age) LIMIT 5`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(plan)
	// Output:
	// Slice (limit 5)  [stops pulling after 5 solutions]
	//   Project (?name ?age)
	//     OrderBy (DESC(?age))  [top-k: holds the best 5 solutions]
	//       Filter (?name != "Bob")  [all pushed into BGP matching]
	//         LeftJoin  [bind left join: the right operand is matched from each left solution]
	//           BGP (2 triple patterns, matched in this order)
	//             1. ?p a ex:Person  (est 2)
	//             2. ?p ex:name ?name  (est 3)
	//               filter here: ?name != "Bob"
	//           BGP (1 triple patterns, matched in this order)
	//             1. ?p ex:age ?age  (est 2)
	// limits: timeout 30s, memory 512 MiB, intermediate solutions 4000000, result rows unbounded
}
