// Package mcpserver serves a go-schemaforge pipeline as a Model Context
// Protocol server, built on the official SDK
// (github.com/modelcontextprotocol/go-sdk), so that an assistant can ask
// questions over a collection of knowledge graphs and explore the graphs
// itself. Its tools are:
//
//   - ask: answer a question (the values, the SPARQL and the graph it ran
//     on, the confidence, verified or not, and a summary of the trace);
//   - query: run a read-only SPARQL query on one graph (updates and
//     SERVICE are refused, as everywhere in go-schemaforge);
//   - search: link text to the literal values and labels of the graphs,
//     with the value indexes the pipeline links questions with;
//   - describe: what a graph says about one IRI;
//   - graphs: the graphs of the collection with their schema summaries.
//
// [New] returns the server; run it over stdio with
// (*mcp.Server).Run(ctx, &mcp.StdioTransport{}) or over streamable HTTP
// with [Handler]. Every call is bounded by [Options.Timeout], and the
// calls that query the graphs are admitted as serve admits questions:
// at most [Options.MaxConcurrent] at once, each reserving
// [Options.QuestionMemory] from [Options.MemoryBudget]. Bad input is a
// tool error (CallToolResult.IsError) that says what is wrong, never a
// protocol failure or a crash.
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/internal/admit"
	"github.com/schemaforge/go-schemaforge/kg"
)

// Defaults of [Options].
const (
	// DefaultTimeout bounds one tool call, as serve bounds a question.
	DefaultTimeout = time.Minute
	// DefaultMaxConcurrent is the number of calls that query the graphs
	// at once.
	DefaultMaxConcurrent = 4
	// DefaultMaxRows is the number of rows (or triples) the query tool
	// returns; the rest are counted, not returned.
	DefaultMaxRows = 1000
	// DefaultHits and MaxHits are the default and the largest number of
	// hits of the search tool.
	DefaultHits = 10
	MaxHits     = 100
	// DefaultSchemaItems is the number of classes and of properties the
	// graphs tool lists per graph unless asked for another number.
	DefaultSchemaItems = 20
	// MaxQueryLength is the longest SPARQL query the query tool takes,
	// in bytes.
	MaxQueryLength = 64 << 10
)

// Options configure [New]. Zero fields take the defaults.
type Options struct {
	// Name and Version name the server to clients (defaults
	// "schemaforge" and "dev").
	Name, Version string
	// Timeout bounds each tool call (default [DefaultTimeout]).
	Timeout time.Duration
	// MaxConcurrent is the number of calls that query the graphs (ask,
	// query, search, describe) at once (default [DefaultMaxConcurrent]).
	// MemoryBudget is the memory in bytes those calls may reserve
	// together and QuestionMemory what each reserves (defaults
	// [schemaforge.DefaultMemoryBudget] and
	// [schemaforge.DefaultQuestionMemory]; a negative MemoryBudget means
	// no budget). A call that gets neither a slot nor its memory within
	// QueueWait (default [schemaforge.DefaultQueueWait]) is refused with a
	// tool error saying the server is busy.
	MaxConcurrent  int
	MemoryBudget   int64
	QuestionMemory int64
	QueueWait      time.Duration
	// MaxRows caps the rows or triples the query tool returns (default
	// [DefaultMaxRows]).
	MaxRows int
	// Examples are example questions, shown to clients in the server's
	// instructions.
	Examples []string
	// HideErrors keeps the text of the errors met while a call runs (a
	// failing endpoint, the pipeline's errors, which can name hosts and
	// files) from clients: they get an error number, and the text goes
	// to Logger under it, as serve's HTTP API does. Errors in the input
	// are always shown. Set it when the server is reached over a network.
	HideErrors bool
	// Logger receives one record per tool call and the errors (default:
	// discard).
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Name == "" {
		o.Name = "schemaforge"
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = DefaultMaxConcurrent
	}
	if o.MemoryBudget == 0 {
		o.MemoryBudget = schemaforge.DefaultMemoryBudget
	}
	if o.QuestionMemory <= 0 {
		o.QuestionMemory = schemaforge.DefaultQuestionMemory
	}
	if o.QueueWait <= 0 {
		o.QueueWait = schemaforge.DefaultQueueWait
	}
	if o.MaxRows <= 0 {
		o.MaxRows = DefaultMaxRows
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// server holds what the tools share.
type server struct {
	p    *schemaforge.Pipeline
	coll *kg.Collection
	o    Options
	adm  *admit.Gate
	srv  *mcp.Server

	// searchers are the value searchers by graph ID, from the pipeline
	// and, for graphs it has none for, built on first use.
	searchMu  sync.Mutex
	searchers map[string]kg.TextSearcher

	errCount atomic.Int64 // numbers the errors hidden from clients
}

// New returns the MCP server of p's collection, with the tools ask,
// query, search, describe and graphs. p should be prepared
// ([schemaforge.Pipeline.Prepare]) for the first call to be fast.
func New(p *schemaforge.Pipeline, o Options) (*mcp.Server, error) {
	if p == nil {
		return nil, errors.New("mcpserver: nil pipeline")
	}
	s, err := newServer(p, o)
	if err != nil {
		return nil, err
	}
	return s.srv, nil
}

// newServer builds the server and its tools.
func newServer(p *schemaforge.Pipeline, o Options) (*server, error) {
	o = o.withDefaults()
	budget := o.MemoryBudget
	if budget < 0 {
		budget = 0 // no memory admission
	}
	s := &server{p: p, coll: p.Collection(), o: o, adm: admit.New(o.MaxConcurrent, budget, o.QuestionMemory, o.QueueWait)}
	s.srv = mcp.NewServer(&mcp.Implementation{Name: o.Name, Version: o.Version}, &mcp.ServerOptions{
		Instructions: s.instructions(),
		Logger:       o.Logger,
	})
	if err := s.addTools(s.srv); err != nil {
		return nil, err
	}
	return s, nil
}

// Handler serves srv over the streamable HTTP transport of MCP, one
// session per client, closed after idle of sessionIdle (0: never).
func Handler(srv *mcp.Server, sessionIdle time.Duration, logger *slog.Logger) http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{SessionTimeout: sessionIdle, Logger: logger})
}

// instructions tells a client what the server answers over.
func (s *server) instructions() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Answers questions over a collection of %d RDF knowledge graphs (%s) with verified SPARQL. ",
		s.coll.Len(), strings.Join(s.graphIDs(), ", "))
	b.WriteString("Use ask for a question in English; graphs to see each graph's classes and properties; " +
		"search to find the resources and values a text names; describe to see the triples about an IRI; " +
		"query to run read-only SPARQL on one graph.")
	if len(s.o.Examples) > 0 {
		b.WriteString(" Example questions: ")
		for i, q := range s.o.Examples {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(q)
		}
	}
	return b.String()
}

func (s *server) graphIDs() []string {
	ids := make([]string, 0, s.coll.Len())
	for _, g := range s.coll.Graphs() {
		ids = append(ids, g.ID)
	}
	return ids
}

// graph returns the graph id names; with id empty, the collection's only
// graph.
func (s *server) graph(id string) (*kg.Graph, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		if s.coll.Len() == 1 {
			return s.coll.Graphs()[0], nil
		}
		return nil, fmt.Errorf("give the graph: one of %s", strings.Join(s.graphIDs(), ", "))
	}
	g, ok := s.coll.Graph(id)
	if !ok {
		return nil, fmt.Errorf("no graph %q in the collection (it has %s)", id, strings.Join(s.graphIDs(), ", "))
	}
	return g, nil
}

// errBusy is the error of a call that was not admitted.
var errBusy = errors.New("busy")

// bounded runs f under the admission gate (when gated) and the call
// timeout, and turns what goes wrong into an error a client can act on:
// busy, out of time, cancelled, or f's own error. A panic in f is
// recovered, logged with its stack, and reported as an internal error.
func (s *server) bounded(ctx context.Context, tool string, gated bool, f func(ctx context.Context) error) (err error) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			s.o.Logger.Error("mcpserver: tool panicked", "tool", tool, "panic", r, "stack", string(debug.Stack()))
			err = fmt.Errorf("%s: internal error (%v); the server is still running", tool, r)
		}
		s.o.Logger.Info("mcpserver: call", "tool", tool, "ms", time.Since(start).Milliseconds(), "err", err)
	}()
	if gated {
		release, aerr := s.adm.Admit(ctx)
		if aerr != nil {
			return fmt.Errorf("%s: %w: %v; retry in a second", tool, errBusy, aerr)
		}
		defer release()
	}
	cctx, cancel := context.WithTimeout(ctx, s.o.Timeout)
	defer cancel()
	err = f(cctx)
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return fmt.Errorf("%s: cancelled: %w", tool, err)
	case cctx.Err() != nil:
		return fmt.Errorf("%s: ran out of time (limit %v): %w", tool, s.o.Timeout, err)
	case s.o.HideErrors:
		n := s.errCount.Add(1)
		s.o.Logger.Warn("mcpserver: call failed", "tool", tool, "error_number", n, "err", err)
		return fmt.Errorf("%s failed (error %d in the server's log)", tool, n)
	}
	return fmt.Errorf("%s: %w", tool, err)
}
