// Package display finds how an answer is shown to a person: the name of
// each IRI in its rows, looked up through the endpoint of the graph that
// gave it and cached per graph. The pipeline sets [handoff.Answer.Names]
// with it; [handoff.Answer.Table] reads them.
//
// An IRI's name is, in order:
//
//  1. its rdfs:label or skos:prefLabel in the first preferred language
//     that has one (Config.Languages, default English, then a label
//     without language tag), rdfs:label before skos:prefLabel;
//  2. a label in another language;
//  3. the value of its class's naming attribute: of the literal-valued
//     properties the graph's summary observes on the class's instances,
//     the one named like a name, title or label of that class
//     ([lexicon.NamingRank]: "name", "title", "song_name" of songs);
//     the same notion the synthesizer projects a class's members by.
//
// An IRI with none of these has no name, and shows as itself. Look-ups
// are bounded (IRIs per answer, IRIs per query, a timeout per query) and
// read-only; a failed look-up leaves the IRIs it was for unnamed and is
// reported, never fatal.
package display

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// The defaults of [Config].
const (
	// DefaultTimeout bounds each look-up query.
	DefaultTimeout = 5 * time.Second
	// DefaultMaxIRIs caps the IRIs of one answer that are looked up.
	DefaultMaxIRIs = 1000
	// DefaultBatch is the number of IRIs per look-up query.
	DefaultBatch = 100
	// DefaultMaxCached caps the names cached per graph.
	DefaultMaxCached = 100_000
)

// DefaultLanguages are the preferred label languages when
// Config.Languages is empty: English, then no language tag.
var DefaultLanguages = []string{"en", ""}

// Config configures a [Namer]. Zero fields take the documented defaults.
type Config struct {
	// Languages are the preferred languages of labels, best first, as
	// language ranges ("en" matches "en" and "en-GB"; "" stands for a
	// label without language tag). Default [DefaultLanguages]. A label
	// in another language is used when there is none in these.
	Languages []string
	// Timeout bounds each look-up query (default [DefaultTimeout]).
	Timeout time.Duration
	// MaxIRIs caps the IRIs of one answer looked up (default
	// [DefaultMaxIRIs]); the others show as themselves. Batch is the
	// number of IRIs per query (default [DefaultBatch]).
	MaxIRIs, Batch int
	// MaxCached caps the names (and absences of a name) cached per
	// graph (default [DefaultMaxCached]); a full cache is emptied.
	MaxCached int
}

func (c Config) withDefaults() Config {
	if len(c.Languages) == 0 {
		c.Languages = DefaultLanguages
	}
	c.Languages = slices.Clone(c.Languages)
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxIRIs <= 0 {
		c.MaxIRIs = DefaultMaxIRIs
	}
	if c.Batch <= 0 {
		c.Batch = DefaultBatch
	}
	if c.MaxCached <= 0 {
		c.MaxCached = DefaultMaxCached
	}
	return c
}

// Namer looks up the names of IRIs and caches them per graph. It is safe
// for concurrent use.
type Namer struct {
	cfg Config
	mu  sync.Mutex
	// cache[graph ID][IRI] is the IRI's name; "" when it has none.
	cache map[string]map[string]string
	// namings are the naming attributes of each summary seen.
	namings map[*kg.Summary][]Naming
}

// New returns a namer with configuration cfg.
func New(cfg Config) *Namer {
	return &Namer{cfg: cfg.withDefaults(), cache: map[string]map[string]string{}, namings: map[*kg.Summary][]Naming{}}
}

// Config returns the configuration in use (defaults filled in).
func (n *Namer) Config() Config { return n.cfg }

// Stats say what one call of [Namer.Names] did.
type Stats struct {
	// IRIs is the number of distinct IRIs in the answer, Named those
	// that got a name, Cached those whose name (or its absence) came
	// from the cache, Capped those beyond Config.MaxIRIs, and Queries
	// the look-up queries run.
	IRIs, Named, Cached, Capped, Queries int
}

// Names returns the names of the IRIs in ans's rows, by IRI, looked up
// in the graphs of coll the rows came from ([handoff.Answer.RowSources]
// and Provenance; every graph of the provenance when a row's sources
// are not known), the first graph that names an IRI naming it. IRIs
// without a name are absent. The error joins the look-ups that failed;
// the names found are returned either way.
func (n *Namer) Names(ctx context.Context, coll *kg.Collection, ans *handoff.Answer) (map[string]string, Stats, error) {
	var st Stats
	if !ans.HasAnswer() || coll == nil || len(ans.Provenance) == 0 {
		return nil, st, nil
	}
	res := ans.Results
	all := make([]int, len(ans.Provenance))
	for i := range all {
		all[i] = i
	}
	// The graphs to ask about each IRI, in order of appearance.
	var order []string
	graphsOf := map[string][]string{}
	for i, row := range res.Rows {
		src := all
		if len(ans.RowSources) == len(res.Rows) && len(ans.RowSources[i]) > 0 {
			src = ans.RowSources[i]
		}
		for _, v := range res.Vars {
			iri, ok := row[v].(*sparql.IRI)
			if !ok || iri == nil {
				continue
			}
			if _, seen := graphsOf[iri.Value]; !seen {
				if len(order) >= n.cfg.MaxIRIs {
					st.Capped++
					continue
				}
				order = append(order, iri.Value)
				graphsOf[iri.Value] = nil
			}
			for _, k := range src {
				if k >= 0 && k < len(ans.Provenance) && !slices.Contains(graphsOf[iri.Value], ans.Provenance[k].Graph) {
					graphsOf[iri.Value] = append(graphsOf[iri.Value], ans.Provenance[k].Graph)
				}
			}
		}
	}
	st.IRIs = len(order) + st.Capped
	names := map[string]string{}
	var errs []error
	// Round k asks each IRI's k-th graph about the IRIs still unnamed.
	for k := 0; ; k++ {
		byGraph := map[string][]string{}
		var graphs []string
		for _, iri := range order {
			gs := graphsOf[iri]
			if _, done := names[iri]; done || k >= len(gs) {
				continue
			}
			if byGraph[gs[k]] == nil {
				graphs = append(graphs, gs[k])
			}
			byGraph[gs[k]] = append(byGraph[gs[k]], iri)
		}
		if len(graphs) == 0 {
			break
		}
		for _, id := range graphs {
			g, ok := coll.Graph(id)
			if !ok {
				errs = append(errs, fmt.Errorf("display: graph %q of the answer's provenance is not in the collection", id))
				continue
			}
			found, gst, err := n.lookup(ctx, g, byGraph[id])
			st.Cached += gst.Cached
			st.Queries += gst.Queries
			if err != nil {
				errs = append(errs, err)
			}
			for iri, name := range found {
				names[iri] = name
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	st.Named = len(names)
	return names, st, errors.Join(errs...)
}

// Lookup returns the names of iris in graph g, by IRI (IRIs without a
// name are absent), from the cache or through the graph's endpoint. The
// error says which look-up failed; the names found are returned either
// way.
func (n *Namer) Lookup(ctx context.Context, g *kg.Graph, iris []string) (map[string]string, error) {
	names, _, err := n.lookup(ctx, g, iris)
	return names, err
}

func (n *Namer) lookup(ctx context.Context, g *kg.Graph, iris []string) (map[string]string, Stats, error) {
	var st Stats
	names := map[string]string{}
	var todo []string
	n.mu.Lock()
	namings, ok := n.namings[g.Summary]
	if !ok && g.Summary != nil {
		namings = Namings(g.Summary)
		n.namings[g.Summary] = namings
	}
	cached := n.cache[g.ID]
	for _, iri := range iris {
		if name, ok := cached[iri]; ok {
			st.Cached++
			if name != "" {
				names[iri] = name
			}
			continue
		}
		// An IRI that cannot be written in a query (a space, a quote)
		// is not asked about: it has no name.
		if kg.CheckIRI(iri) == nil && !slices.Contains(todo, iri) {
			todo = append(todo, iri)
		}
	}
	n.mu.Unlock()
	if len(todo) == 0 {
		return names, st, nil
	}
	var errs []error
	looked := map[string]string{} // what the queries said, for the cache
	for batch := range slices.Chunk(todo, n.cfg.Batch) {
		got, q, err := n.lookupBatch(ctx, g, batch, namings)
		st.Queries += q
		if err != nil {
			errs = append(errs, fmt.Errorf("display: names of %d IRIs on graph %s: %w", len(batch), g.ID, err))
			continue
		}
		for _, iri := range batch {
			looked[iri] = got[iri]
			if got[iri] != "" {
				names[iri] = got[iri]
			}
		}
	}
	n.store(g.ID, looked)
	return names, st, errors.Join(errs...)
}

// store caches the names of one graph, emptying a full cache first.
func (n *Namer) store(graph string, names map[string]string) {
	if len(names) == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	c := n.cache[graph]
	if c == nil || len(c)+len(names) > n.cfg.MaxCached {
		c = make(map[string]string, len(names))
		n.cache[graph] = c
	}
	for iri, name := range names {
		if len(c) >= n.cfg.MaxCached {
			break
		}
		c[iri] = name
	}
}

// The look-up queries. The IRIs (?s), the language ranges (?range) and
// the naming pairs (?c ?p) enter as VALUES rows through the AST.
var (
	// preferredLabels are the labels without language tag or in a
	// preferred language.
	preferredLabels = mustParse(`PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT DISTINCT ?s ?p ?l WHERE {
  VALUES ?p { rdfs:label skos:prefLabel }
  ?s ?p ?l
  FILTER(isLiteral(?l) && (lang(?l) = "" || langMatches(lang(?l), ?range)))
}`)
	// anyLabels are the labels in any language.
	anyLabels = mustParse(`PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT DISTINCT ?s ?p ?l WHERE {
  VALUES ?p { rdfs:label skos:prefLabel }
  ?s ?p ?l
  FILTER(isLiteral(?l))
}`)
	// namingValues are the values of the naming attributes of the IRIs'
	// classes.
	namingValues = mustParse(`SELECT DISTINCT ?s ?p ?l WHERE {
  ?s a ?c .
  ?s ?p ?l
  FILTER(isLiteral(?l))
}`)
)

func mustParse(src string) *sparql.Query {
	q, err := sparql.Parse(src)
	if err != nil {
		panic(fmt.Sprintf("display: bad query: %v\n%s", err, src))
	}
	return q
}

// rowsPerIRI bounds the rows a look-up query returns, per IRI asked.
const rowsPerIRI = 20

// lookupBatch names one batch of IRIs on g: preferred labels, then any
// label for those without, then naming attributes for those still
// without. It returns the names ("" for none) and the queries run.
func (n *Namer) lookupBatch(ctx context.Context, g *kg.Graph, iris []string, namings []Naming) (map[string]string, int, error) {
	names := map[string]string{}
	queries := 0
	unnamed := func() []string {
		var out []string
		for _, iri := range iris {
			if names[iri] == "" {
				out = append(out, iri)
			}
		}
		return out
	}
	var ranges [][]sparql.Term
	for _, l := range n.cfg.Languages {
		if l != "" {
			ranges = append(ranges, []sparql.Term{sparql.NewLiteral(l)})
		}
	}
	if len(ranges) == 0 {
		// No language preferred: only labels without tag pass the
		// filter (no tag matches the empty range).
		ranges = [][]sparql.Term{{sparql.NewLiteral("")}}
	}
	for _, step := range []struct {
		q      *sparql.Query
		ranges bool
	}{{preferredLabels, true}, {anyLabels, false}} {
		todo := unnamed()
		if len(todo) == 0 {
			return names, queries, nil
		}
		var vars []string
		if step.ranges {
			vars = []string{"range"}
		}
		queries++
		res, err := n.query(ctx, g, step.q, todo, vars, ranges)
		if err != nil {
			return names, queries, fmt.Errorf("labels: %w", err)
		}
		n.pickLabels(res, names)
	}
	todo := unnamed()
	if len(todo) == 0 || len(namings) == 0 {
		return names, queries, nil
	}
	pairs := make([][]sparql.Term, len(namings))
	rank := map[string]int{}
	for i, nm := range namings {
		pairs[i] = []sparql.Term{sparql.NewIRI(nm.Class), sparql.NewIRI(nm.Property)}
		rank[nm.Property] = max(rank[nm.Property], nm.Rank)
	}
	queries++
	res, err := n.query(ctx, g, namingValues, todo, []string{"c", "p"}, pairs)
	if err != nil {
		return names, queries, fmt.Errorf("naming attributes: %w", err)
	}
	// The best-ranked naming attribute, then the first by IRI, then the
	// least value: the same name every time.
	type pick struct {
		rank       int
		prop, name string
	}
	best := map[string]pick{}
	for _, row := range res.Rows {
		s, p, l, ok := valueRow(row)
		if !ok {
			continue
		}
		c := pick{rank[p], p, rdfvalue.Display(l)}
		if c.name == "" {
			continue
		}
		b, seen := best[s]
		if !seen || c.rank > b.rank || c.rank == b.rank && (c.prop < b.prop || c.prop == b.prop && c.name < b.name) {
			best[s] = c
		}
	}
	for iri, b := range best {
		if names[iri] == "" {
			names[iri] = b.name
		}
	}
	return names, queries, nil
}

// query runs the look-up query q on g under the timeout: ?s bound to
// each of iris and, when vars is set, vars to rows, with a LIMIT of
// rowsPerIRI rows per IRI.
func (n *Namer) query(ctx context.Context, g *kg.Graph, q *sparql.Query, iris, vars []string, rows [][]sparql.Term) (*sparql.Results, error) {
	subjects := make([][]sparql.Term, len(iris))
	for i, iri := range iris {
		subjects[i] = []sparql.Term{sparql.NewIRI(iri)}
	}
	q, err := sparql.WithValues(q, []string{"s"}, subjects)
	if err == nil && len(vars) > 0 {
		q, err = sparql.WithValues(q, vars, rows)
	}
	if err != nil {
		return nil, err
	}
	limit := int64(rowsPerIRI * len(iris))
	q.Limit = &limit
	ctx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	return g.QueryParsed(ctx, q)
}

// valueRow reads a look-up row: the IRI ?s, the property ?p and the
// literal ?l; false when one is missing or of another kind.
func valueRow(row sparql.Row) (s, p string, l *sparql.Literal, ok bool) {
	si, ok1 := row["s"].(*sparql.IRI)
	pi, ok2 := row["p"].(*sparql.IRI)
	l, ok3 := row["l"].(*sparql.Literal)
	if !ok1 || !ok2 || !ok3 || si == nil || pi == nil || l == nil {
		return "", "", nil, false
	}
	return si.Value, pi.Value, l, true
}

// labelPredicates rank the label properties: rdfs:label first.
var labelPredicates = []string{"http://www.w3.org/2000/01/rdf-schema#label", "http://www.w3.org/2004/02/skos/core#prefLabel"}

// pickLabels sets, for each IRI of res without a name in names, its best
// label: the first preferred language, then rdfs:label before
// skos:prefLabel, then the least text.
func (n *Namer) pickLabels(res *sparql.Results, names map[string]string) {
	type label struct {
		lang, pred int
		text       string
	}
	best := map[string]label{}
	for _, row := range res.Rows {
		s, p, l, ok := valueRow(row)
		if !ok || names[s] != "" {
			continue
		}
		c := label{n.langRank(l.Lang), slices.Index(labelPredicates, p), rdfvalue.Display(l)}
		if c.text == "" || c.pred < 0 {
			continue
		}
		b, seen := best[s]
		if !seen || cmp.Or(cmp.Compare(c.lang, b.lang), cmp.Compare(c.pred, b.pred), cmp.Compare(c.text, b.text)) < 0 {
			best[s] = c
		}
	}
	for iri, b := range best {
		names[iri] = b.text
	}
}

// langRank is the position of the first preferred language that tag
// matches ("" matches only the empty tag); len(Languages) for none.
func (n *Namer) langRank(tag string) int {
	for i, r := range n.cfg.Languages {
		if r == "" && tag == "" || r != "" && rdfvalue.LangMatches(tag, r) {
			return i
		}
	}
	return len(n.cfg.Languages)
}

// Naming is the naming attribute of a class: the property whose values
// name its members, with its [lexicon.NamingRank].
type Naming struct {
	Class, Property string
	Rank            int
}

// minNamingRank is the least [lexicon.NamingRank] of a naming attribute:
// "name", "title" or "label", or the class's own name ("song_name" of
// songs), not another thing's name ("artist_name" of albums).
const minNamingRank = 3

// Namings returns the naming attribute of each class of summary s that
// has one, in the order of s.Classes: of the properties observed with
// literal values on the class's instances (or declared with the class as
// domain), the one with the highest [lexicon.NamingRank] of at least 3,
// then the most used, then the least IRI. rdfs:label and skos:prefLabel
// are left out (labels come first anyway). Nil for a nil summary.
func Namings(s *kg.Summary) []Naming {
	if s == nil {
		return nil
	}
	var out []Naming
	for _, c := range s.Classes {
		var best *kg.PropertyInfo
		rank := 0
		for i := range s.Properties {
			p := &s.Properties[i]
			if slices.Contains(labelPredicates, p.IRI) || p.LiteralObjects == 0 && len(p.Datatypes) == 0 {
				continue
			}
			if !slices.ContainsFunc(p.SubjectClasses, func(cc kg.ClassCount) bool { return cc.IRI == c.IRI }) && !slices.Contains(p.Domains, c.IRI) {
				continue
			}
			r := lexicon.NamingRank(kg.Words(kg.SplitIRI(p.IRI).Column()), c.Tokens)
			if r < minNamingRank {
				continue
			}
			if best == nil || r > rank || r == rank && (p.Count > best.Count || p.Count == best.Count && p.IRI < best.IRI) {
				best, rank = p, r
			}
		}
		if best != nil {
			out = append(out, Naming{Class: c.IRI, Property: best.IRI, Rank: rank})
		}
	}
	return out
}
