package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/mcpserver"
)

// Serve the demo collection to an MCP client (here the SDK's own, over an
// in-memory transport; a real server runs over stdio or HTTP) and ask it a
// question.
func ExampleNew() {
	ctx := context.Background()
	coll, err := demo.Collection(ctx)
	if err != nil {
		log.Fatal(err)
	}
	p, err := schemaforge.New(coll)
	if err != nil {
		log.Fatal(err)
	}
	srv, err := mcpserver.New(p, mcpserver.Options{})
	if err != nil {
		log.Fatal(err)
	}
	// Over stdio: srv.Run(ctx, &mcp.StdioTransport{}).
	// Over HTTP: http.Handle("/mcp", mcpserver.Handler(srv, 0, nil)).
	serverSide, clientSide := mcp.NewInMemoryTransports()
	if _, err := srv.Connect(ctx, serverSide, nil); err != nil {
		log.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "example", Version: "1"}, nil)
	cs, err := client.Connect(ctx, clientSide, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ask",
		Arguments: map[string]any{"question": "How many films did Ada Brook direct?"}})
	if err != nil {
		log.Fatal(err)
	}
	var ans mcpserver.AskOutput
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &ans); err != nil {
		log.Fatal(err)
	}
	v := ans.Answer.Rows[0].Values[0]
	fmt.Printf("%s = %s (graph %s, verified %v)\n", v.Var, v.Term.Value, ans.Graph, ans.Verified)
	// Output: count = 3 (graph films, verified true)
}
