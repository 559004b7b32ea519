package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/mcpserver"
)

const mcpDescription = `
Mcp serves the collection --graphs names (the bundled demo by default) as
a Model Context Protocol server, for assistants such as Claude Desktop,
VS Code or any MCP client. Its tools:

	ask       answer a question: values, SPARQL, graph, confidence, verified, trace summary
	query     run read-only SPARQL on one graph (updates and SERVICE refused)
	search    find the values and labelled resources of the graphs that match a text
	describe  the triples about an IRI in a graph
	graphs    the graphs with their schema summaries

By default it speaks MCP over standard input and output (the client starts
the command); logs go to standard error. With --http ADDR it serves the
streamable HTTP transport at http://ADDR/mcp instead, until SIGINT or
SIGTERM, which drain it as they drain serve.

Over HTTP, errors met while a call runs (a failing endpoint, say) reach
clients as an error number and their text goes to the log, as with serve;
errors in a call's input are always shown. Each call is bounded by
--timeout; calls that query the graphs are
admitted as serve admits questions (--max-concurrent, --memory-budget,
--question-memory): one that finds no room within 0.5 s gets a tool error
saying the server is busy. A question may have up to 2,000 characters
(--max-question).`

// mcpSessionIdle closes the HTTP sessions of clients that went away.
const mcpSessionIdle = 30 * time.Minute

func runMCP(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "mcp", "schemaforge mcp [--graphs DIR|CONFIG] [--http HOST:PORT] [--timeout D] [--max-concurrent N]", mcpDescription)
	pf := addPipelineFlags(fs)
	pf.maxQuestion = fs.Int("max-question", schemaforge.DefaultMaxQuestion, "longest question taken, in characters (0: the default; negative: no limit)")
	addr := fs.String("http", "", "serve streamable HTTP on this address (as 127.0.0.1:8090) instead of stdio")
	timeout := fs.Duration("timeout", mcpserver.DefaultTimeout, "time limit per tool call")
	af := addAdmissionFlags(fs, "tool calls that query the graphs", "get a busy error")
	sf := addServerFlags(fs)
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return usageError(fs, "unexpected argument %q", pos[0])
	}
	if *pf.maxQuestion == 0 {
		*pf.maxQuestion = schemaforge.DefaultMaxQuestion
	}
	if *timeout <= 0 {
		*timeout = mcpserver.DefaultTimeout
	}
	if err := af.check(); err != nil {
		return usageError(fs, "%v", err)
	}
	if err := sf.check(*timeout); err != nil {
		return usageError(fs, "%v", err)
	}
	const name = "schemaforge mcp"
	ctx, stopWatching := watchTerm(ctx)
	defer stopWatching()
	coll, p, code := pf.loadServed(ctx, e, name, "mcp")
	if code >= 0 {
		return code
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	o := mcpserver.Options{Timeout: *timeout, MaxConcurrent: *af.concurrent, MemoryBudget: af.memoryBudget(),
		QuestionMemory: int64(*af.reserve), Logger: logger}
	if len(*pf.graphs) == 0 {
		o.Examples = demo.Questions()
	}
	// Over HTTP, errors that may name hosts and files go to the log only.
	o.HideErrors = *addr != ""
	srv, err := mcpserver.New(p, o)
	if err != nil {
		fmt.Fprintf(e.stderr, "mcp: %v\n", err)
		return exitFail
	}
	if *addr == "" {
		fmt.Fprintf(e.stderr, "%s: %d graphs; speaking MCP on standard input and output\n", name, coll.Len())
		t := &mcp.IOTransport{Reader: io.NopCloser(e.stdin), Writer: nopWriteCloser{e.stdout}}
		if err := srv.Run(ctx, t); err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
			fmt.Fprintf(e.stderr, "mcp: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "mcp: --http %s: %v\n", *addr, err)
		return exitFail
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpserver.Handler(srv, mcpSessionIdle, logger))
	fmt.Fprintf(e.stderr, "%s: %d graphs; streamable HTTP; listening on http://%s/mcp\n", name, coll.Len(), ln.Addr())
	return serveUntilDone(ctx, e, sf.server(mux, logger), ln, *sf.grace, name)
}

// nopWriteCloser is an io.WriteCloser whose Close does nothing: the
// command's standard output outlives the MCP connection.
type nopWriteCloser struct{ io.Writer }

// Close does nothing.
func (nopWriteCloser) Close() error { return nil }
