package schemaforge_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
)

// The handler serves the web page at /, the JSON API (POST /ask and the
// TEXT2SPARQL GET /?dataset=…&question=…), /health, /examples,
// /openapi.json and each graph's read-only SPARQL endpoint at
// /sparql/{graph}. `schemaforge serve` runs it.
func ExamplePipeline_Handler() {
	ctx := context.Background()
	coll, err := demo.Collection(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := schemaforge.New(coll)
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(p.Handler(schemaforge.HandlerOptions{Examples: demo.Questions(), Version: "v1.0.0"}))
	defer srv.Close()

	for _, path := range []string{"/health", "/"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if path == "/" {
			fmt.Println(path, resp.StatusCode, resp.Header.Get("Content-Type"), len(body) > 0)
			continue
		}
		fmt.Print(path, " ", resp.StatusCode, " ", string(body))
	}
	// Output:
	// /health 200 {
	//   "graphs": 4,
	//   "ok": true,
	//   "version": "v1.0.0"
	// }
	// / 200 text/html; charset=utf-8 true
}
