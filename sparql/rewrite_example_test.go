package sparql_test

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Perturb a copy of a query: swap one literal and drop the OPTIONAL, while
// the original stays as it was.
func ExampleApply() {
	q, err := sparql.Parse(`PREFIX : <http://ex/>
SELECT ?s WHERE { ?s :country "France" OPTIONAL { ?s :age ?age } }`)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := sparql.CloneQuery(q)
	_, err = sparql.Apply(c, func(cur *sparql.Cursor) bool {
		switch n := cur.Node().(type) {
		case *sparql.Literal:
			if n.Lexical == "France" {
				_ = cur.Replace(sparql.NewLiteral("Italy"))
			}
		case *sparql.OptionalPattern:
			_ = cur.Delete()
		}
		return true
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sparql.Print(c))
	fmt.Println(sparql.Print(q))
	// Output:
	// PREFIX : <http://ex/>
	// SELECT ?s
	// WHERE {
	//   ?s :country "Italy" .
	// }
	// PREFIX : <http://ex/>
	// SELECT ?s
	// WHERE {
	//   ?s :country "France" .
	//   OPTIONAL {
	//     ?s :age ?age .
	//   }
	// }
}
