package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/store"
)

const endpointDescription = `
Endpoint loads RDF files into the embedded store and serves them over the
SPARQL 1.1 Protocol, read-only (query operation only; SPARQL Update and
SERVICE are refused), so that other tools can query the files. --data adds
a file to the default graph and may be repeated; --graph IRI=FILE loads a
file as the named graph IRI.

Queries go to http://ADDR/sparql (the root path answers too) by GET
?query=…, by POST of a form (query=…) or by POST of an
application/sparql-query body. SELECT and ASK answers come as SPARQL
results JSON or XML, CONSTRUCT and DESCRIBE answers as N-Triples, by
content negotiation. A GET without a query describes the service and its
limits.

Load is shed, not queued: at most --max-concurrent queries run at once
(default twice the CPUs Go uses), and each reserves its --memory-limit
(the store's per-query memory bound, default 512MiB) from --memory-budget
(default 2GiB), so with the defaults at most 4 run at once (fewer on a
machine with one CPU). A query that
finds no slot or memory within 0.5 s gets 503 with Retry-After: 1. SELECT
answers stream: each row is encoded as it is computed, and the status is
sent with the first 64 KiB. A SELECT answer of more than --max-rows rows
(default 100,000) fails: with 500 and a message naming the cap when that
is known before the answer began, otherwise the transfer is aborted (the
log says why). A client that stops reading its answer is cut off by
--write-timeout.

The listening URL is printed to standard error (with --addr HOST:0 the
system picks the port). Each query is logged to standard error. SIGTERM or
SIGINT (Ctrl-C) drains the server: it stops accepting connections, lets
the queries in flight finish for --grace, then cancels the rest; the exit
status is 0 after a clean drain. Either signal while the data is loading
stops the loading: the command prints "stopped while loading FILE" and
exits with status 0.`

// Defaults of the endpoint's limits.
const (
	defaultEndpointRows = 100_000
	defaultQueryMemory  = store.DefaultMemoryLimit
	defaultMemoryBudget = 2 << 30
)

// runEndpoint implements "schemaforge endpoint".
func runEndpoint(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "endpoint",
		"schemaforge endpoint --data FILE… [--graph IRI=FILE…] [--addr HOST:PORT] [--timeout D] [--max-rows N] [--max-concurrent N] [--memory-limit SIZE] [--memory-budget SIZE] [--grace D] [--cors ORIGIN]",
		endpointDescription)
	var data, graphs stringList
	fs.Var(&data, "data", "RDF file for the default graph (repeatable)")
	fs.Var(&graphs, "graph", "IRI=FILE: RDF file for a named graph (repeatable)")
	addr := fs.String("addr", "127.0.0.1:7878", "address to listen on (port 0: any free port)")
	timeout := fs.Duration("timeout", 60*time.Second, "per-query time limit (0: none)")
	maxRows := fs.Int("max-rows", defaultEndpointRows, "fail a query whose answer has more rows (0: no cap)")
	concurrent := fs.Int("max-concurrent", 2*runtime.GOMAXPROCS(0), "queries run at once (default: twice GOMAXPROCS); more wait briefly, then get 503")
	memLimit, budget := byteSize(defaultQueryMemory), byteSize(defaultMemoryBudget)
	fs.Var(&memLimit, "memory-limit", "memory one query may hold, as 512MiB (0: no bound); it is also what each query reserves from --memory-budget")
	fs.Var(&budget, "memory-budget", "memory the queries running at once may reserve together, as 2GiB (0: no budget)")
	cors := fs.String("cors", "", `allow browser queries from this origin ("*": any)`)
	sf := addServerFlags(fs)
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		return usageError(fs, "unexpected arguments %q (data files go after --data)", pos)
	}
	if *timeout < 0 || *maxRows < 0 {
		return usageError(fs, "--timeout and --max-rows must not be negative")
	}
	if *concurrent <= 0 {
		return usageError(fs, "--max-concurrent must be positive")
	}
	if err := sf.check(*timeout); err != nil {
		return usageError(fs, "%v", err)
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	adm, err := newAdmitter(*concurrent, int64(budget), int64(memLimit), queueWait, logger)
	if err != nil {
		return usageError(fs, "--memory-budget, --memory-limit: %v", err)
	}
	adm.cors = *cors
	var files []dataFile
	for _, d := range data {
		files = append(files, dataFile{path: d})
	}
	for _, g := range graphs {
		iri, path, ok := strings.Cut(g, "=")
		if !ok || iri == "" || path == "" {
			return usageError(fs, "--graph %q: want IRI=FILE", g)
		}
		files = append(files, dataFile{path: path, graph: iri})
	}
	if len(files) == 0 {
		return usageError(fs, "no data: give --data FILE (or --graph IRI=FILE)")
	}

	const name = "schemaforge endpoint"
	// From here SIGTERM, like SIGINT, cancels ctx: it stops the loading,
	// then drains the server.
	ctx, stopWatching := watchTerm(ctx)
	defer stopWatching()
	plural := "s"
	if len(files) == 1 {
		plural = ""
	}
	fmt.Fprintf(e.stderr, "%s: loading %d file%s\n", name, len(files), plural)
	st := store.New(store.WithTimeout(*timeout), store.WithMaxRows(*maxRows), store.WithMemoryLimit(int64(memLimit)), store.WithLogger(logger))
	for _, f := range files {
		if err := st.LoadFile(ctx, f.path, f.graph); err != nil {
			if ctx.Err() != nil {
				return stoppedLoading(ctx, e, name, f.path)
			}
			fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
			return exitFail
		}
	}
	if ctx.Err() != nil { // the signal came after the last file was read
		return stoppedLoading(ctx, e, name, files[len(files)-1].path)
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: --addr %s: %v\n", name, *addr, err)
		return exitFail
	}
	lim := endpointLimits{maxRows: *maxRows, timeout: *timeout, memoryLimit: int64(memLimit), adm: adm}
	opts := []kg.HandlerOption{kg.WithQueryTimeout(*timeout), kg.WithHandlerLogger(logger), kg.WithServiceDescription(lim.describe())}
	if *cors != "" {
		opts = append(opts, kg.WithCORSOrigin(*cors))
	}
	h := kg.NewHandler(endpointStore{st: st, maxRows: *maxRows, memoryLimit: int64(memLimit), logger: logger}, opts...)
	h = readBodies(kg.DefaultMaxQueryBytes+64<<10, logger, adm.limit(h))
	mux := http.NewServeMux()
	mux.Handle("/sparql", h)
	mux.Handle("/{$}", h)
	srv := sf.server(mux, logger)
	fmt.Fprintf(e.stderr, "%s: %d triples from %d file%s; %s\n", name, st.Len(), len(files), plural, lim.summary())
	fmt.Fprintf(e.stderr, "%s: listening on http://%s/sparql\n", name, ln.Addr())
	return serveUntilDone(ctx, e, srv, ln, *sf.grace, name)
}

// endpointLimits are the limits an endpoint states in its description.
type endpointLimits struct {
	maxRows     int
	timeout     time.Duration
	memoryLimit int64
	adm         *admitter
}

// summary states the limits on one line.
func (l endpointLimits) summary() string {
	rows := "no row cap"
	if l.maxRows > 0 {
		rows = fmt.Sprintf("at most %d rows", l.maxRows)
	}
	return fmt.Sprintf("%s per answer, %d queries at once", rows, l.adm.capacity())
}

// describe returns the service description: what a GET without a query
// answers. It states the limits the endpoint enforces.
func (l endpointLimits) describe() string {
	var b strings.Builder
	b.WriteString(kg.DefaultServiceDescription)
	b.WriteString("\nLimits:\n")
	if l.maxRows > 0 {
		fmt.Fprintf(&b, "  max-rows: %d. A SELECT query whose answer has more rows fails: 500 with a\n  message naming the cap when it fails before its first 64 KiB are sent, an aborted\n  transfer after (answers stream); add a LIMIT. (CONSTRUCT and DESCRIBE are not capped.)\n", l.maxRows)
	} else {
		b.WriteString("  max-rows: none.\n")
	}
	if l.timeout > 0 {
		fmt.Fprintf(&b, "  timeout: %v per query (503 when it runs out).\n", l.timeout)
	} else {
		b.WriteString("  timeout: none.\n")
	}
	if l.memoryLimit > 0 {
		fmt.Fprintf(&b, "  memory-limit: %s per query (500 when a query needs more).\n", sizeText(l.memoryLimit))
	} else {
		b.WriteString("  memory-limit: none.\n")
	}
	fmt.Fprintf(&b, "  concurrency: %d queries at once; a query that finds no room within %v\n  gets 503 with Retry-After: %d.\n",
		l.adm.capacity(), l.adm.wait, retryAfterSeconds)
	return b.String()
}
