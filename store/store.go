package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// ErrTooManyRows is wrapped by the error of a query whose result exceeds
// the row cap set with [WithMaxRows].
var ErrTooManyRows = errors.New("result exceeds the row cap")

// ErrTooLarge is wrapped by the error of a query whose intermediate results
// exceed the cap set with [WithMaxIntermediate], or whose operators would
// hold more bytes than [WithMemoryLimit] allows, before memory runs out.
var ErrTooLarge = errors.New("query too large for its limits")

// ErrService is wrapped by the error of a query that uses SERVICE when the
// store was not configured to allow it ([WithService]).
var ErrService = errors.New("SERVICE is not allowed")

// Option configures a Store.
type Option func(*config)

type config struct {
	timeout time.Duration
	maxRows int
	maxMid  int
	memory  int64
	read    rdfio.Reader // the limits of LoadFile and Load
	service bool
	dialect *sparql.Dialect
	logger  *slog.Logger
}

// WithTimeout bounds each query's evaluation (default 30 s; 0 means no
// bound beyond the caller's context).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithMaxRows makes a query fail with ErrTooManyRows when its result would
// have more than n rows (default 0: no cap).
func WithMaxRows(n int) Option { return func(c *config) { c.maxRows = n } }

// WithMaxIntermediate bounds the solutions any one operator of a query may
// hold at once (a join's hash table, a sort, the groups, DISTINCT's set,
// a sub-select's solutions, the result); a query that needs more fails
// with ErrTooLarge instead of exhausting memory (default 4,000,000; 0
// means no bound). Solutions that stream between operators are not held.
func WithMaxIntermediate(n int) Option { return func(c *config) { c.maxMid = n } }

// WithMemoryLimit bounds the bytes each query's operators may hold
// (materialised solutions, hash tables, sort keys, computed strings, result
// rows), counted as they are allocated; a query that needs more fails with
// ErrTooLarge naming the operator (default [DefaultMemoryLimit], 512 MiB;
// 0 means no bound). A single computed string may not exceed what is left.
func WithMemoryLimit(bytes int64) Option { return func(c *config) { c.memory = bytes } }

// WithReadLimits bounds what LoadFile and Load read: the bytes of one line
// and of one literal's lexical form, as [rdfio.Reader]'s MaxLineBytes and
// MaxLiteralBytes (0: their defaults, 16 MiB and 8 MiB; negative: no
// limit). A file past a limit fails to load, naming the position.
func WithReadLimits(lineBytes, literalBytes int) Option {
	return func(c *config) { c.read.MaxLineBytes, c.read.MaxLiteralBytes = lineBytes, literalBytes }
}

// WithService allows SERVICE in queries. The embedded store has no
// federation client, so an allowed SERVICE SILENT evaluates to the empty
// solution and an allowed SERVICE without SILENT fails (default: SERVICE is
// refused with ErrService before evaluation).
func WithService(allowed bool) Option { return func(c *config) { c.service = allowed } }

// WithDialect parses query text with dialect d (default sparql.SPARQL11).
func WithDialect(d *sparql.Dialect) Option { return func(c *config) { c.dialect = d } }

// WithLogger sets the logger for load and query events (default: discard).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// Store is an in-memory RDF dataset (a default graph and named graphs) with
// a SPARQL 1.1 query engine. It is safe for concurrent use: queries run
// concurrently; a load waits for running queries and blocks new ones.
type Store struct {
	cfg config

	mu     sync.RWMutex
	dict   *dict
	graphs map[id]*graphIndex // 0 is the default graph
	loads  int                // number of loads, for blank-node label spaces
	size   int
}

// New returns an empty store.
func New(opts ...Option) *Store {
	c := config{timeout: 30 * time.Second, maxMid: 4_000_000, memory: DefaultMemoryLimit, dialect: sparql.SPARQL11}
	for _, o := range opts {
		o(&c)
	}
	if c.logger == nil {
		c.logger = slog.New(slog.DiscardHandler)
	}
	return &Store{cfg: c, dict: newDict(), graphs: map[id]*graphIndex{}}
}

// Len returns the number of distinct triples over all graphs.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.size
}

// Graphs returns the IRIs of the named graphs (not those named by blank
// nodes), in no particular order.
func (s *Store) Graphs() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []string
	for g := range s.graphs {
		if iri, ok := s.dict.terms[g].(*sparql.IRI); ok && g != 0 {
			out = append(out, iri.Value)
		}
	}
	return out
}

// batch accumulates the statements of one load before they are committed.
type batch struct {
	s      *Store
	dict   *dict
	quads  map[id][]triple
	bnodes map[string]string
	prefix string
}

// add validates and encodes one statement; graph is "" for the default
// graph.
func (b *batch) add(subj, pred, obj sparql.Term, graph sparql.Term) error {
	switch subj.(type) {
	case *sparql.IRI, *sparql.BlankNode:
	default:
		return fmt.Errorf("subject %s is not an IRI or blank node", subj.Key())
	}
	if _, ok := pred.(*sparql.IRI); !ok {
		return fmt.Errorf("predicate %s is not an IRI", pred.Key())
	}
	switch obj.(type) {
	case *sparql.IRI, *sparql.BlankNode, *sparql.Literal:
	default:
		return fmt.Errorf("object %v is not an RDF term", obj)
	}
	g := id(0)
	switch gn := graph.(type) {
	case nil:
	case *sparql.IRI:
		g = b.dict.intern(gn)
	case *sparql.BlankNode: // allowed by N-Quads and TriG
		g = b.dict.intern(b.rename(gn))
	default:
		return fmt.Errorf("graph name %s is not an IRI or blank node", graph.Key())
	}
	t := triple{b.dict.intern(b.rename(subj)), b.dict.intern(pred), b.dict.intern(b.rename(obj))}
	b.quads[g] = append(b.quads[g], t)
	return nil
}

// rename gives blank nodes of this load their own label space, so that _:b1
// in two files are two nodes.
func (b *batch) rename(t sparql.Term) sparql.Term {
	bn, ok := t.(*sparql.BlankNode)
	if !ok {
		return t
	}
	l, ok := b.bnodes[bn.Label]
	if !ok {
		l = fmt.Sprintf("%s%d", b.prefix, len(b.bnodes))
		b.bnodes[bn.Label] = l
	}
	return &sparql.BlankNode{Label: l}
}

// load runs fill with a batch and commits it atomically: on error the store
// is left unchanged.
func (s *Store) load(fill func(b *batch) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loads++
	// The batch writes into a copy-on-write view of the dictionary: new
	// terms are appended; on failure we truncate back.
	nterms := len(s.dict.terms)
	b := &batch{s: s, dict: s.dict, quads: map[id][]triple{}, bnodes: map[string]string{}, prefix: fmt.Sprintf("l%d_b", s.loads)}
	if err := fill(b); err != nil {
		s.dict.truncate(nterms)
		return err
	}
	for g, ts := range b.quads {
		if old := s.graphs[g]; old != nil {
			s.size -= len(old.spo)
			ts = append(ts, old.spo...)
		}
		idx := buildIndex(ts)
		s.graphs[g] = idx
		s.size += len(idx.spo)
	}
	return nil
}

// AddTriples adds statements to a graph (graph "" is the default graph) in
// one atomic step. It is meant for tests and small programmatic datasets.
func (s *Store) AddTriples(graph string, sts []sparql.Statement) error {
	return s.load(func(b *batch) error {
		var g sparql.Term
		if graph != "" {
			g = &sparql.IRI{Value: graph}
		}
		for i, st := range sts {
			if err := b.add(st.Subject, st.Predicate, st.Object, g); err != nil {
				return fmt.Errorf("store: statement %d: %w", i, err)
			}
		}
		return nil
	})
}

// Query parses and evaluates a read-only SPARQL query. SELECT results have
// Vars and Rows, ASK results Boolean, CONSTRUCT and DESCRIBE results Graph.
func (s *Store) Query(ctx context.Context, query string) (*sparql.Results, error) {
	q, err := sparql.Parse(query, sparql.WithDialect(s.cfg.dialect))
	if err != nil {
		return nil, fmt.Errorf("store: parse query: %w", err)
	}
	return s.QueryParsed(ctx, q)
}

// QueryParsed evaluates a parsed query.
func (s *Store) QueryParsed(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	var res *sparql.Results
	err := s.do(ctx, q, func(e *engine) (err error) {
		res, err = e.run(q)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// SelectEach evaluates a parsed SELECT query and streams its result: it
// calls head once with the projected variables, then row with each result
// row as the engine produces it, without building the result, so that a
// server can write an answer while it is computed. An error from head or
// row stops the evaluation and is returned (wrapped). The row cap, the
// timeout and the memory budget apply as for [Store.QueryParsed]; the
// rows handed over are the caller's and are not charged. The store's read
// lock is held until SelectEach returns, so a slow row delays loading.
func (s *Store) SelectEach(ctx context.Context, q *sparql.Query, head func(vars []string) error, row func(sparql.Row) error) error {
	if q != nil && q.Form != sparql.Select {
		return fmt.Errorf("store: SelectEach: a %v query has no rows (use QueryParsed)", q.Form)
	}
	return s.do(ctx, q, func(e *engine) error { return e.stream(q, head, row) })
}

// do runs eval, one evaluation of q, under the store's limits and read
// lock, and says what stopped it.
func (s *Store) do(ctx context.Context, q *sparql.Query, eval func(e *engine) error) error {
	if q == nil {
		return errors.New("store: nil query")
	}
	if !s.cfg.service && usesService(q) {
		return fmt.Errorf("store: %w (enable it with store.WithService)", ErrService)
	}
	if s.cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.timeout)
		defer cancel()
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	start := time.Now()
	e := newEngine(ctx, s, q.Base)
	err := eval(e)
	if err == nil {
		err = e.finished()
	}
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("store: query stopped after %v: %w", time.Since(start).Round(time.Millisecond), ctx.Err())
		} else {
			err = fmt.Errorf("store: evaluate query: %w", err)
		}
		s.cfg.logger.Debug("query failed", "err", err)
		return err
	}
	return nil
}

// usesService reports whether q contains a SERVICE pattern.
func usesService(q *sparql.Query) bool {
	found := false
	sparql.Inspect(q, func(n sparql.Node) bool {
		if _, ok := n.(*sparql.ServicePattern); ok {
			found = true
		}
		return !found
	})
	return found
}
