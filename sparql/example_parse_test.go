package sparql_test

import (
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func ExampleParse() {
	q, err := sparql.Parse(`PREFIX : <http://valuenet/ontop/>
select ?name where { ?s a :singer ; :singer\#name ?name ; :singer\#age ?age . filter(?age > 30) }`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Form, len(q.Projections), q.Prefixes()[""])
	fmt.Println(sparql.Print(q))

	_, err = sparql.Parse("SELECT * WHERE { ?s ?p }")
	fmt.Println(err)
	// Output:
	// SELECT 1 http://valuenet/ontop/
	// PREFIX : <http://valuenet/ontop/>
	// SELECT ?name
	// WHERE {
	//   ?s a :singer ;
	//     :singer\#name ?name ;
	//     :singer\#age ?age .
	//   FILTER (?age > 30)
	// }
	// 1:24: expected a variable, IRI, literal or blank node, found "}"
	// 	SELECT * WHERE { ?s ?p }
	// 	                       ^
}
