package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/store"
)

const summarizeDescription = `
Summarize loads a collection of knowledge graphs and prints the schema
summary of each: classes with instance counts and labels, properties with
counts, the classes of their subjects and objects, datatypes, declared
domains and ranges, and value statistics. Summaries are extracted with
SPARQL queries only, so remote endpoints listed in a config file are
summarised the same way as local files.

--graphs takes a directory of RDF files (one graph per file, ID = file name
without extensions) or a YAML/JSON collection config, and may be repeated.
--json prints a JSON array with one summary object per graph; otherwise the
compact text form (the one used for retrieval) is printed. With --cache DIR
summaries are kept on disk keyed by a hash of each graph's content, so
unchanged graphs are not summarised again. Timing goes to standard error.`

func runSummarize(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "summarize", "schemaforge summarize --graphs DIR|CONFIG [--graphs …] [--json]", summarizeDescription)
	var graphs stringList
	fs.Var(&graphs, "graphs", "directory of RDF files or YAML/JSON collection config (repeatable)")
	asJSON := fs.Bool("json", false, "print a JSON array of summaries")
	cacheDir := fs.String("cache", "", "directory to cache summaries in (default: no cache)")
	concurrency := fs.Int("concurrency", 0, "graphs loaded and summarised at once (default GOMAXPROCS)")
	queryTimeout := fs.Duration("query-timeout", 20*time.Second, "bound on each summary query")
	timeout := fs.Duration("timeout", 5*time.Minute, "bound on each graph's summary")
	verbose := fs.Bool("v", false, "log progress to standard error")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return usageError(fs, "unexpected argument %q", pos[0])
	}
	if len(graphs) == 0 {
		return usageError(fs, "give at least one --graphs DIR|CONFIG")
	}
	logger := slog.New(slog.DiscardHandler)
	if *verbose {
		logger = slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	lo := kg.LoadOptions{Concurrency: *concurrency, Logger: logger, StoreOptions: []store.Option{store.WithLogger(logger)}}
	start := time.Now()
	coll, err := openCollection(ctx, graphs, lo)
	if err != nil {
		fmt.Fprintf(e.stderr, "summarize: %v\n", err)
		return exitFail
	}
	loaded := time.Now()
	so := kg.SummarizeOptions{
		Summary:     kg.SummaryOptions{QueryTimeout: *queryTimeout, Timeout: *timeout, Logger: logger},
		Concurrency: *concurrency,
	}
	if *cacheDir != "" {
		so.Cache = &kg.SummaryCache{Dir: *cacheDir, Logger: logger}
	}
	sumErr := coll.Summarize(ctx, so)
	done := time.Now()

	var out []*kg.Summary
	partial, classes, props := 0, 0, 0
	for _, g := range coll.Graphs() {
		if g.Summary == nil {
			continue
		}
		out = append(out, g.Summary)
		classes += len(g.Summary.Classes)
		props += len(g.Summary.Properties)
		if g.Summary.Partial {
			partial++
		}
	}
	if *asJSON {
		if out == nil {
			out = []*kg.Summary{}
		}
		if code := writeJSONOut(e, "summarize", out); code != exitOK {
			return code
		}
	} else {
		for _, g := range coll.Graphs() {
			if g.Summary != nil {
				fmt.Fprintln(e.stdout, g.Summary.Text(kg.TextOptions{Description: g.Description}))
			}
		}
	}
	fmt.Fprintf(e.stderr, "summarize: %d of %d graphs (%d classes, %d properties, %d partial) in %v: load %v, summaries %v\n",
		len(out), coll.Len(), classes, props, partial, done.Sub(start).Round(time.Millisecond),
		loaded.Sub(start).Round(time.Millisecond), done.Sub(loaded).Round(time.Millisecond))
	if sumErr != nil {
		fmt.Fprintf(e.stderr, "summarize: %v\n", sumErr)
		return exitFail
	}
	return exitOK
}

// openCollection loads every directory or config of paths into one
// collection.
func openCollection(ctx context.Context, paths []string, lo kg.LoadOptions) (*kg.Collection, error) {
	coll, err := kg.NewCollection()
	if err != nil {
		return nil, err
	}
	for _, path := range paths {
		c, err := kg.Open(ctx, path, lo)
		if err != nil {
			return nil, err
		}
		if err := coll.Merge(c); err != nil {
			return nil, err
		}
	}
	return coll, nil
}
