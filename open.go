package schemaforge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/schemaforge/go-schemaforge/kg"
)

// openSettings are what [Open] reads of the options: how to load and
// summarise the collection. [New] ignores them.
type openSettings struct {
	cacheDir    string
	cacheSet    bool
	loadOptions kg.LoadOptions
}

// WithSummaryCache makes [Open] keep graph summaries in dir (a
// [kg.SummaryCache]), so that an unchanged graph is summarised once; ""
// turns the cache off. Default: [DefaultSummaryCacheDir]. [New] takes
// summarised graphs and ignores it.
func WithSummaryCache(dir string) Option {
	return func(p *Pipeline) { p.open.cacheDir, p.open.cacheSet = dir, true }
}

// WithLoadOptions sets how [Open] loads graphs from files and endpoints
// (default: kg's defaults, with the pipeline's logger). [New] ignores it.
func WithLoadOptions(o kg.LoadOptions) Option {
	return func(p *Pipeline) { p.open.loadOptions = o }
}

// DefaultSummaryCacheDir returns the directory [Open] caches summaries in
// by default: schemaforge/summaries under the user's cache directory
// ([os.UserCacheDir]: $XDG_CACHE_HOME or ~/.cache on Linux). It is ""
// when the user has no cache directory; Open then does not cache.
func DefaultSummaryCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "schemaforge", "summaries")
}

// Open loads a collection, summarises it and returns a pipeline over it,
// ready for its first question: the one step from graphs to answers.
//
// src names the collection; it is one of
//
//   - a string: a directory of RDF files, one graph per file, or a YAML
//     or JSON collection config file ([kg.Open]);
//   - a [kg.Config] or *kg.Config: a collection config value, its file
//     paths relative to the working directory;
//   - a *[kg.Collection]: graphs already loaded.
//
// Graphs without a summary are summarised ([kg.Collection.Summarize])
// with the summary cache of [WithSummaryCache] (default
// [DefaultSummaryCacheDir]); a cache that cannot be written is logged and
// does not stop Open. The options are those of [New], which Open calls,
// plus [WithSummaryCache] and [WithLoadOptions]. Open then prepares the
// pipeline ([Pipeline.Prepare]), so that the first question is not
// slower than the next. Any failure is an error saying what failed.
func Open(ctx context.Context, src any, opts ...Option) (*Pipeline, error) {
	var set Pipeline
	for _, o := range opts {
		o(&set)
	}
	lo := set.open.loadOptions
	if lo.Logger == nil && set.log != nil {
		lo.Logger = set.log
	}
	coll, err := openCollection(ctx, src, lo)
	if err != nil {
		return nil, err
	}
	so := kg.SummarizeOptions{}
	dir := DefaultSummaryCacheDir()
	if set.open.cacheSet {
		dir = set.open.cacheDir
	}
	if dir != "" {
		so.Cache = &kg.SummaryCache{Dir: dir, Logger: set.log}
	}
	if err := coll.Summarize(ctx, so); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("schemaforge: open: %w", err)
		}
		// A summary that could not be cached is still a summary: only a
		// graph left without one stops Open.
		for _, g := range coll.Graphs() {
			if g.Summary == nil {
				return nil, fmt.Errorf("schemaforge: open: summarise the collection: %w", err)
			}
		}
		if set.log != nil {
			set.log.WarnContext(ctx, "schemaforge: open: summaries not cached", "dir", dir, "err", err)
		}
	}
	p, err := New(coll, opts...)
	if err != nil {
		return nil, err
	}
	if err := p.Prepare(ctx); err != nil {
		return nil, fmt.Errorf("schemaforge: open: %w", err)
	}
	return p, nil
}

// openCollection loads the collection src names (see [Open]).
func openCollection(ctx context.Context, src any, lo kg.LoadOptions) (*kg.Collection, error) {
	var (
		coll *kg.Collection
		err  error
	)
	switch s := src.(type) {
	case string:
		if s == "" {
			return nil, errors.New("schemaforge: open: no collection named (want a directory of RDF files or a collection config file)")
		}
		coll, err = kg.Open(ctx, s, lo)
	case kg.Config:
		coll, err = s.Load(ctx, ".", lo)
	case *kg.Config:
		if s == nil {
			return nil, errors.New("schemaforge: open: nil *kg.Config")
		}
		coll, err = s.Load(ctx, ".", lo)
	case *kg.Collection:
		if s == nil {
			return nil, errors.New("schemaforge: open: nil *kg.Collection")
		}
		coll = s
	default:
		return nil, fmt.Errorf("schemaforge: open: a collection is named by a path (string), a kg.Config or a *kg.Collection, not %T", src)
	}
	if err != nil {
		return nil, fmt.Errorf("schemaforge: open %s: %w", sourceName(src), err)
	}
	if coll.Len() == 0 {
		return nil, fmt.Errorf("schemaforge: open %s: the collection has no graph", sourceName(src))
	}
	return coll, nil
}

// sourceName says what src names, for errors.
func sourceName(src any) string {
	switch s := src.(type) {
	case string:
		return fmt.Sprintf("%q", s)
	case kg.Config:
		return fmt.Sprintf("a config of %d graph entries", len(s.Graphs))
	case *kg.Config:
		return fmt.Sprintf("a config of %d graph entries", len(s.Graphs))
	}
	return "the collection"
}
