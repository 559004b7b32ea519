package kg

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// Collection is a set of graphs with unique IDs, kept in ID order. It is
// safe for concurrent reads; Add must not run concurrently with other
// methods.
type Collection struct {
	graphs []*Graph
}

// NewCollection returns a collection of graphs; IDs must be non-empty and
// unique.
func NewCollection(graphs ...*Graph) (*Collection, error) {
	c := &Collection{}
	for _, g := range graphs {
		if err := c.Add(g); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Add adds a graph; it fails when the ID is empty or already taken.
func (c *Collection) Add(g *Graph) error {
	if g == nil || g.ID == "" {
		return errors.New("kg: a graph needs an ID")
	}
	i, found := slices.BinarySearchFunc(c.graphs, g.ID, func(x *Graph, id string) int { return cmp.Compare(x.ID, id) })
	if found {
		return fmt.Errorf("kg: two graphs have the ID %q (%s and %s)", g.ID, c.graphs[i].Source, g.Source)
	}
	c.graphs = slices.Insert(c.graphs, i, g)
	return nil
}

// Graphs returns the graphs in ID order. The slice is a copy.
func (c *Collection) Graphs() []*Graph { return slices.Clone(c.graphs) }

// Len returns the number of graphs.
func (c *Collection) Len() int { return len(c.graphs) }

// Graph returns the graph with the given ID.
func (c *Collection) Graph(id string) (*Graph, bool) {
	i, found := slices.BinarySearchFunc(c.graphs, id, func(x *Graph, id string) int { return cmp.Compare(x.ID, id) })
	if !found {
		return nil, false
	}
	return c.graphs[i], true
}

// LoadOptions configure loading graphs into embedded stores. The zero
// value is ready to use.
type LoadOptions struct {
	// Concurrency is the number of graphs loaded at once (default
	// GOMAXPROCS).
	Concurrency int
	// StoreOptions configure each graph's embedded store (default: the
	// store's defaults).
	StoreOptions []store.Option
	// HTTPOptions configure the client of every remote endpoint of a
	// config file, before the config's own settings.
	HTTPOptions []HTTPOption
	// Logger receives load events (default: discard).
	Logger *slog.Logger
}

func (o LoadOptions) withDefaults() LoadOptions {
	if o.Concurrency <= 0 {
		o.Concurrency = runtime.GOMAXPROCS(0)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// GraphID returns the graph ID for an RDF file: its base name without the
// RDF and compression extensions ("flight_2.nt.gz" → "flight_2").
func GraphID(path string) string {
	base := filepath.Base(path)
	if strings.HasSuffix(strings.ToLower(base), ".gz") {
		base = base[:len(base)-3]
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// RDFFiles returns the RDF files (by extension, .gz included) directly in
// dir, sorted.
func RDFFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("kg: list RDF files: %w", err)
	}
	var files []string
	for _, e := range entries {
		if e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0 {
			if _, ok := rdfio.FormatFromPath(e.Name()); ok {
				files = append(files, filepath.Join(dir, e.Name()))
			}
		}
	}
	return files, nil
}

// LoadDir loads a directory of RDF files as a collection: one graph per
// file, each in its own embedded store, ID = file name without extensions
// (see [GraphID]). Files load concurrently (o.Concurrency at a time).
func LoadDir(ctx context.Context, dir string, o LoadOptions) (*Collection, error) {
	files, err := RDFFiles(dir)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("kg: no RDF files (.nt, .nq, .ttl, .trig, .rdf, .owl, optionally .gz) in %s", dir)
	}
	specs := make([]FileGraph, len(files))
	for i, f := range files {
		specs[i] = FileGraph{ID: GraphID(f), Files: []string{f}}
	}
	return LoadFiles(ctx, o, specs...)
}

// FileGraph describes a graph to load from files into an embedded store.
type FileGraph struct {
	ID          string
	Files       []string
	NamedGraph  string // load into this named graph and scope queries to it
	Description string
}

// LoadFiles loads graphs from files, each into its own embedded store,
// o.Concurrency at a time, and returns them as a collection. It fails on
// the first error (naming the graph and the file) or duplicate ID.
func LoadFiles(ctx context.Context, o LoadOptions, specs ...FileGraph) (*Collection, error) {
	o = o.withDefaults()
	graphs := make([]*Graph, len(specs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.Concurrency)
	for i, sp := range specs {
		g.Go(func() error {
			gr, err := LoadGraph(gctx, sp, o)
			graphs[i] = gr
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return NewCollection(graphs...)
}

// LoadGraph loads one graph from files into a new embedded store and
// computes its fingerprint (a SHA-256 of the files' bytes and the named
// graph).
func LoadGraph(ctx context.Context, sp FileGraph, o LoadOptions) (*Graph, error) {
	o = o.withDefaults()
	if sp.ID == "" {
		return nil, errors.New("kg: a graph needs an ID")
	}
	if len(sp.Files) == 0 {
		return nil, fmt.Errorf("kg: graph %s: no files", sp.ID)
	}
	st := store.New(o.StoreOptions...)
	h := sha256.New()
	fmt.Fprintf(h, "named-graph %q\n", sp.NamedGraph)
	for _, f := range sp.Files {
		if err := st.LoadFile(ctx, f, sp.NamedGraph); err != nil {
			return nil, fmt.Errorf("kg: graph %s: %w", sp.ID, err)
		}
		if err := hashFile(h, f); err != nil {
			return nil, fmt.Errorf("kg: graph %s: fingerprint: %w", sp.ID, err)
		}
	}
	o.Logger.Debug("loaded graph", "graph", sp.ID, "files", len(sp.Files), "triples", st.Len())
	return &Graph{
		ID:          sp.ID,
		Endpoint:    st,
		NamedGraph:  sp.NamedGraph,
		Description: sp.Description,
		Source:      strings.Join(sp.Files, ", "),
		Files:       slices.Clone(sp.Files),
		Fingerprint: "sha256:" + hex.EncodeToString(h.Sum(nil)),
		Logger:      o.Logger,
	}, nil
}

func hashFile(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fmt.Fprintf(w, "file\n")
	_, err = io.Copy(w, f)
	return err
}

// SummarizeOptions configure [Collection.Summarize].
type SummarizeOptions struct {
	// Summary bounds each graph's extraction.
	Summary SummaryOptions
	// Cache, when set, keeps summaries on disk keyed by the graphs'
	// fingerprints, so unchanged graphs are not summarised again.
	Cache *SummaryCache
	// Concurrency is the number of graphs summarised at once (default
	// GOMAXPROCS).
	Concurrency int
	// Force recomputes summaries that are already set or cached.
	Force bool
}

// Summarize sets the Summary of every graph that has none (all with
// o.Force), o.Concurrency graphs at a time, reading and writing o.Cache.
// A graph that cannot be summarised keeps a nil summary; the errors of all
// such graphs are joined in the returned error.
func (c *Collection) Summarize(ctx context.Context, o SummarizeOptions) error {
	if o.Concurrency <= 0 {
		o.Concurrency = runtime.GOMAXPROCS(0)
	}
	var (
		mu   sync.Mutex
		errs []error
	)
	var g errgroup.Group
	g.SetLimit(o.Concurrency)
	for _, gr := range c.graphs {
		if gr.Summary != nil && !o.Force {
			continue
		}
		g.Go(func() error {
			s, err := summarizeGraph(ctx, gr, o)
			mu.Lock()
			defer mu.Unlock()
			if s != nil {
				gr.Summary = s
			}
			if err != nil {
				errs = append(errs, err)
			}
			return nil
		})
	}
	_ = g.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("kg: summarize collection: %w", err)
	}
	return errors.Join(errs...)
}

func summarizeGraph(ctx context.Context, g *Graph, o SummarizeOptions) (*Summary, error) {
	if o.Cache != nil && !o.Force {
		if s, ok := o.Cache.Load(g, o.Summary); ok {
			s.Dialect = targetName(g)
			return s, nil
		}
	}
	so := o.Summary
	if g.VoID != nil && so.VoID == nil {
		so.VoID = g.VoID
	}
	s, err := Summarize(ctx, g.ID, g, so)
	if err != nil {
		return nil, err
	}
	s.Fingerprint = g.Fingerprint
	s.Dialect = targetName(g)
	if o.Cache != nil {
		if err := o.Cache.Save(g, o.Summary, s); err != nil {
			return s, fmt.Errorf("kg: graph %s: cache summary: %w", g.ID, err)
		}
	}
	return s, nil
}

// targetName is the name of g's engine dialect for its summary: "" for
// standard SPARQL 1.1.
func targetName(g *Graph) string {
	if g.Target == nil || g.Target == sparql.SPARQL11 {
		return ""
	}
	return g.Target.Name
}
