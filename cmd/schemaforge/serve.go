package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/kg"
)

const serveDescription = `
Serve answers questions over HTTP:

	GET  /                                a web page: ask, read the answer, its SPARQL and its trace
	GET  /?dataset=<id>&question=<text>   the TEXT2SPARQL API: {"dataset", "question", "query"}
	POST /ask  {"question": "…"}           the whole answer with its trace (as ask --json)
	GET  /health                          {"ok", "graphs", "version"}
	GET  /examples                        the example questions (the demo's) and the graph IDs
	GET  /sparql/GRAPH?query=…            a read-only SPARQL 1.1 endpoint on each graph
	GET  /openapi.json                    an OpenAPI 3.0 description of these routes

over the collection --graphs names (the bundled demo by default).
--dataset ID=WHERE (repeatable) routes the TEXT2SPARQL API by its dataset
parameter, as the challenge calls it: WHERE is a directory or collection
config (a collection of its own) or graph:GRAPHID (one graph of --graphs);
a request for another dataset gets 400. Every answerable request gets 200
with a query: the verified one, else the best candidate marked unverified.

Load is shed, not queued: at most --max-concurrent questions are answered
at once, and each reserves --question-memory from --memory-budget; a
question that finds no room within 0.5 s gets 503 with Retry-After: 1.
Errors of the pipeline reach clients as an error number; the detail is in
the log (standard error). A client that stops reading is cut off by
--write-timeout.

SIGTERM or SIGINT (Ctrl-C) drains the server: it stops accepting
connections, lets the questions in flight finish for --grace, then
cancels the rest; the exit status is 0 after a clean drain. Either
signal while the graphs and indexes are loading stops the loading: the
command prints "stopped while loading …" and exits with status 0.`

func runServe(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "serve", "schemaforge serve [--graphs DIR|CONFIG] [--addr HOST:PORT] [--max-concurrent N] [--memory-budget SIZE] [--grace D]", serveDescription)
	pf := addPipelineFlags(fs)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	timeout := fs.Duration("timeout", time.Minute, "time limit per question")
	af := addAdmissionFlags(fs, "questions answered", "get 503")
	sf := addServerFlags(fs)
	datasets := &stringList{}
	fs.Var(datasets, "dataset", "TEXT2SPARQL dataset route ID=DIR|CONFIG|graph:GRAPHID (repeatable; default: every dataset to --graphs)")
	if _, code := parseFlags(fs, args); code >= 0 {
		return code
	}
	routes, err := parseDatasetRoutes(*datasets)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if *timeout <= 0 {
		*timeout = time.Minute // as the handler takes it
	}
	if err := af.check(); err != nil {
		return usageError(fs, "%v", err)
	}
	if err := sf.check(*timeout); err != nil {
		return usageError(fs, "%v", err)
	}
	const name = "schemaforge serve"
	// From here SIGTERM, like SIGINT, cancels ctx: it stops the loading,
	// then drains the server.
	ctx, stopWatching := watchTerm(ctx)
	defer stopWatching()
	coll, p, code := pf.loadServed(ctx, e, name, "serve")
	if code >= 0 {
		return code
	}
	byDataset, err := datasetPipelines(ctx, pf, coll, routes)
	if ctx.Err() != nil {
		return stoppedLoading(ctx, e, name, "the --dataset routes")
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "serve: %v\n", err)
		return exitFail
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "serve: --addr %s: %v\n", *addr, err)
		return exitFail
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	ho := schemaforge.HandlerOptions{Timeout: *timeout, MaxConcurrent: *af.concurrent, MemoryBudget: af.memoryBudget(),
		QuestionMemory: int64(*af.reserve), Logger: logger, Datasets: byDataset}
	if len(*pf.graphs) == 0 {
		ho.Examples = demo.Questions()
	}
	srv := sf.server(p.Handler(ho), logger)
	fmt.Fprintf(e.stderr, "%s: %d graphs; listening on http://%s/\n", name, coll.Len(), ln.Addr())
	return serveUntilDone(ctx, e, srv, ln, *sf.grace, name)
}

// datasetRoute maps a TEXT2SPARQL dataset ID to a collection (a directory
// or config) or to one graph of the served collection.
type datasetRoute struct {
	id, path, graph string
}

// parseDatasetRoutes reads --dataset ID=WHERE values.
func parseDatasetRoutes(values []string) ([]datasetRoute, error) {
	var out []datasetRoute
	seen := map[string]bool{}
	for _, v := range values {
		i := strings.LastIndex(v, "=")
		if i <= 0 || i == len(v)-1 {
			return nil, fmt.Errorf("--dataset %q: want ID=DIR|CONFIG|graph:GRAPHID", v)
		}
		r := datasetRoute{id: v[:i]}
		where := v[i+1:]
		if g, ok := strings.CutPrefix(where, "graph:"); ok {
			r.graph = g
		} else {
			r.path = where
		}
		if seen[r.id] {
			return nil, fmt.Errorf("--dataset %q: dataset %s is routed twice", v, r.id)
		}
		seen[r.id] = true
		out = append(out, r)
	}
	return out, nil
}

// datasetPipelines builds, prepared, the pipeline of each route: over its
// own collection, or over one graph of coll. Nil when there is no route.
func datasetPipelines(ctx context.Context, pf pipelineFlags, coll *kg.Collection, routes []datasetRoute) (map[string]*schemaforge.Pipeline, error) {
	if len(routes) == 0 {
		return nil, nil
	}
	out := map[string]*schemaforge.Pipeline{}
	for _, r := range routes {
		var c *kg.Collection
		var err error
		if r.graph != "" {
			g, ok := coll.Graph(r.graph)
			if !ok {
				return nil, fmt.Errorf("--dataset %s: no graph %q in --graphs", r.id, r.graph)
			}
			c, err = kg.NewCollection(g)
		} else {
			c, err = openCollection(ctx, []string{r.path}, kg.LoadOptions{})
			if err == nil {
				so := kg.SummarizeOptions{}
				if *pf.cacheDir != "" {
					so.Cache = &kg.SummaryCache{Dir: *pf.cacheDir}
				}
				err = c.Summarize(ctx, so)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("--dataset %s: %w", r.id, err)
		}
		p, err := pf.pipeline(c)
		if err != nil {
			return nil, fmt.Errorf("--dataset %s: %w", r.id, err)
		}
		if err := p.Prepare(ctx); err != nil {
			return nil, fmt.Errorf("--dataset %s: %w", r.id, err)
		}
		out[r.id] = p
	}
	return out, nil
}

// admissionFlags are the flags of serve and mcp that bound the work they
// do at once: the number of questions, and the memory each reserves from
// a budget.
type admissionFlags struct {
	concurrent      *int
	budget, reserve *byteSize
}

// addAdmissionFlags defines the admission flags on fs; what names the
// work admitted ("questions answered") and refused what a refused one
// gets ("get 503").
func addAdmissionFlags(fs *flag.FlagSet, what, refused string) admissionFlags {
	af := admissionFlags{budget: new(byteSize(schemaforge.DefaultMemoryBudget)), reserve: new(byteSize(schemaforge.DefaultQuestionMemory))}
	af.concurrent = fs.Int("max-concurrent", 4, what+" at once; more wait briefly, then "+refused)
	fs.Var(af.budget, "memory-budget", "memory the "+what+" at once may reserve together, as 2GiB (0: no budget)")
	fs.Var(af.reserve, "question-memory", "memory each of them reserves from --memory-budget, as 512MiB (the stores' per-query memory limit)")
	return af
}

// check validates the flags.
func (af admissionFlags) check() error {
	if b, r := *af.budget, *af.reserve; b > 0 && (r == 0 || r > b) {
		return fmt.Errorf("--question-memory %s must be positive and within --memory-budget %s", af.reserve, af.budget)
	}
	return nil
}

// memoryBudget is --memory-budget as the options of the servers take it:
// -1 for none.
func (af admissionFlags) memoryBudget() int64 {
	if *af.budget == 0 {
		return -1
	}
	return int64(*af.budget)
}

// loadServed loads the collection pf names and builds and prepares its
// pipeline, for the server called name (cmdName prefixes errors). SIGINT
// or SIGTERM while it loads (ctx from [watchTerm]) is reported as
// [stoppedLoading] does. The status is -1 when the server may start, else
// the command's exit status.
func (pf pipelineFlags) loadServed(ctx context.Context, e *env, name, cmdName string) (*kg.Collection, *schemaforge.Pipeline, int) {
	coll, err := pf.collection(ctx)
	if ctx.Err() != nil {
		return nil, nil, stoppedLoading(ctx, e, name, "the graphs")
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", cmdName, err)
		return nil, nil, exitFail
	}
	p, err := pf.pipeline(coll)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", cmdName, err)
		return nil, nil, exitUsage
	}
	err = p.Prepare(ctx)
	if ctx.Err() != nil {
		return nil, nil, stoppedLoading(ctx, e, name, "the indexes")
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", cmdName, err)
		return nil, nil, exitFail
	}
	return coll, p, -1
}
