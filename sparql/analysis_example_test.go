package sparql_test

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func ExampleAnalyze() {
	q, err := sparql.Parse(`PREFIX : <http://valuenet/ontop/>
SELECT ?name ?age ?city WHERE {
  ?s a :singer ; :singer\#name ?name .
  OPTIONAL { ?s :singer\#age ?age }
  FILTER(?name != "Joe")
}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	a := sparql.Analyze(q)
	for _, p := range a.Projected {
		fmt.Printf("?%s: %s\n", p.Name, p.Bound)
	}
	fmt.Println("classes:", a.IRIs[sparql.RoleClass])
	fmt.Println("predicates:", a.IRIs[sparql.RolePredicate][1:])
	fmt.Println("features:", a.Features)
	for _, k := range sparql.TripleKeys(q) {
		fmt.Println(k)
	}
	// Output:
	// ?name: always
	// ?age: maybe
	// ?city: never
	// classes: [http://valuenet/ontop/singer]
	// predicates: [http://valuenet/ontop/singer#name http://valuenet/ontop/singer#age]
	// features: [filter optional]
	// ?var <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/singer>
	// ?var <http://valuenet/ontop/singer#name> ?var
	// ?var <http://valuenet/ontop/singer#age> ?var
}
