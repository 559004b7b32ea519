package kg_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// A store served over the SPARQL 1.1 Protocol by NewHandler, queried with
// the HTTP client. Any SPARQL 1.1 endpoint URL works in place of the test
// server's.
func ExampleNewHTTPEndpoint() {
	ctx := context.Background()
	st := store.New()
	data := `@prefix : <http://example.org/> .
:alice :name "Alice" ; :label "Alicia"@es .
:bob :name "Bob" .`
	if err := st.Load(ctx, strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(kg.NewHandler(st))
	defer srv.Close()

	ep, err := kg.NewHTTPEndpoint(srv.URL+"/sparql",
		kg.WithRequestTimeout(10*time.Second),
		kg.WithRetries(2),
		kg.WithUserAgent("example/1.0"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ep.CloseIdleConnections()

	res, err := ep.Query(ctx, `PREFIX : <http://example.org/>
SELECT ?s ?l WHERE { ?s :name|:label ?l } ORDER BY ?l`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range res.Rows {
		fmt.Println(row["s"].Key(), row["l"].Key())
	}

	// Updates never leave the client.
	_, err = ep.Query(ctx, `DELETE WHERE { ?s ?p ?o }`)
	fmt.Println(err != nil)
	// Output:
	// <http://example.org/alice> "Alice"
	// <http://example.org/alice> "Alicia"@es
	// <http://example.org/bob> "Bob"
	// true
}
