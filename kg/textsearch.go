package kg

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// TextSearcher is an optional capability of an [Endpoint]: keyword search
// from a text (a question) to the values and entities of the graph, as
// scored [Hit] values, best first. Like the optional interfaces of
// database/sql, it is discovered by type assertion; [SearchText] does that.
//
// Implementations: [NewIndexSearcher] (the in-process [Index]) and the
// adapters for endpoints with their own full-text index,
// [NewJenaTextSearch], [NewGraphDBLuceneSearch], [NewVirtuosoTextSearch]
// and [NewQLeverTextSearch].
type TextSearcher interface {
	Search(ctx context.Context, text string, k int) ([]Hit, error)
}

// ErrNoTextSearch is returned by [SearchText] when the endpoint has no
// full-text search capability.
var ErrNoTextSearch = errors.New("kg: endpoint has no full-text search")

// SearchText searches text on ep when ep (or, for a [*Graph], its
// endpoint) implements [TextSearcher]; otherwise it returns an error
// wrapping ErrNoTextSearch.
func SearchText(ctx context.Context, ep Endpoint, text string, k int) ([]Hit, error) {
	if ts, ok := ep.(TextSearcher); ok {
		return ts.Search(ctx, text, k)
	}
	if g, ok := ep.(*Graph); ok && g.TextSearch != nil {
		hits, err := g.TextSearch.Search(ctx, text, k)
		if err != nil {
			return nil, fmt.Errorf("graph %s: %w", g.ID, err)
		}
		return hits, nil
	}
	if g, ok := ep.(*Graph); ok && g.Endpoint != nil {
		if ts, ok := g.Endpoint.(TextSearcher); ok {
			hits, err := ts.Search(ctx, text, k)
			if err != nil {
				return nil, fmt.Errorf("graph %s: %w", g.ID, err)
			}
			return hits, nil
		}
		return nil, fmt.Errorf("graph %s: %w", g.ID, ErrNoTextSearch)
	}
	return nil, ErrNoTextSearch
}

// NewIndexSearcher returns ix as a [TextSearcher]. Its Search only checks
// ctx before searching.
func NewIndexSearcher(ix *Index) TextSearcher { return indexSearcher{ix} }

type indexSearcher struct{ ix *Index }

func (s indexSearcher) Search(ctx context.Context, text string, k int) ([]Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("kg: index search: %w", err)
	}
	if s.ix == nil {
		return nil, errors.New("kg: index search: nil index")
	}
	return s.ix.Search(text, k), nil
}

// TextSearchOption configures a full-text search adapter.
type TextSearchOption func(*textSearchConfig)

type textSearchConfig struct {
	property   string
	overfetch  int
	raw        bool
	fieldProps map[string]string
	predicate  string
}

// TextSearchProperty restricts the search to the values of one property
// (Jena: the indexed field's property; Virtuoso and QLever: the predicate
// of the matched literal). Default: all properties.
func TextSearchProperty(iri string) TextSearchOption {
	return func(c *textSearchConfig) { c.property = iri }
}

// TextSearchCandidates sets how many candidates the endpoint is asked for
// before they are ranked locally (default 5·k, at least 50, at most 1000).
func TextSearchCandidates(n int) TextSearchOption {
	return func(c *textSearchConfig) { c.overfetch = n }
}

// TextSearchRawQuery passes the text to the endpoint's search engine as it
// is (in Lucene or Virtuoso query syntax) instead of as the OR of its
// words. The text still enters the SPARQL query as a literal.
func TextSearchRawQuery() TextSearchOption {
	return func(c *textSearchConfig) { c.raw = true }
}

// TextSearchFieldProperties maps GraphDB connector field names to the
// property IRIs they index, so that hits name their property.
func TextSearchFieldProperties(m map[string]string) TextSearchOption {
	return func(c *textSearchConfig) {
		c.fieldProps = make(map[string]string, len(m))
		for k, v := range m {
			c.fieldProps[k] = v
		}
	}
}

// TextSearchPredicate overrides the search predicate of the QLever adapter
// (default ql:contains-word; newer QLever builds also offer ql:has-word).
func TextSearchPredicate(iri string) TextSearchOption {
	return func(c *textSearchConfig) { c.predicate = iri }
}

// FullTextEndpoint is an [Endpoint] whose own full-text index answers
// [TextSearcher.Search]. Queries pass through to the wrapped endpoint.
//
// Search builds its SPARQL query as a tree (the text enters as a literal,
// so quotes or braces in it cannot change the query's shape), asks the
// endpoint for candidate (subject, property, literal) rows, groups them by
// (property, value) and ranks them with the same scoring as [Index]
// (coverage of the value by the question, phrase and quote bonuses), IDF
// taken from the candidates. Candidates the local scoring does not match
// (the engine's analyser is more lenient) follow in the engine's order
// with Score 0.
type FullTextEndpoint struct {
	Endpoint
	// Engine names the full-text dialect ("jena", "graphdb", "virtuoso",
	// "qlever").
	Engine string

	cfg   textSearchConfig
	build func(cfg textSearchConfig, text string, limit int) (*sparql.Query, error)
	rows  func(cfg textSearchConfig, res *sparql.Results) []Hit
}

// Search implements [TextSearcher].
func (e *FullTextEndpoint) Search(ctx context.Context, text string, k int) ([]Hit, error) {
	if k <= 0 {
		return nil, nil
	}
	limit := e.cfg.overfetch
	if limit <= 0 {
		limit = min(max(5*k, 50), 1000)
	}
	q, err := e.build(e.cfg, text, limit)
	if err != nil {
		return nil, fmt.Errorf("kg: %s text search: %w", e.Engine, err)
	}
	if q == nil { // nothing to search for
		return nil, nil
	}
	src := sparql.Print(q)
	res, err := e.Endpoint.Query(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("kg: %s text search %q: %w", e.Engine, shorten(text, 80), err)
	}
	return rerankHits(text, e.rows(e.cfg, res), k), nil
}

// searchWords returns the words of text that are worth searching for (no
// stopwords, no single letters), as written, at most 32 of them, without
// duplicates.
func searchWords(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range tokenizeText(text) {
		if isStopword(t.text) || len(t.text) < 2 || seen[t.text] {
			continue
		}
		seen[t.text] = true
		out = append(out, text[t.start:t.end])
		if len(out) == 32 {
			break
		}
	}
	return out
}

// rerankHits groups candidate hits by (property, value, lang), scores them
// against text like an Index, and returns the best k.
func rerankHits(text string, cands []Hit, k int) []Hit {
	b := newIndexBuilder(nil)
	type group struct {
		hit   Hit
		order int
	}
	groups := map[ixKey]*group{}
	var keys []ixKey
	for i, h := range cands {
		key := ixKey{value: h.Value, lang: h.Lang}
		pid, ok := b.propIDs[h.Property]
		if !ok {
			pid = int32(len(b.ix.props))
			b.propIDs[h.Property] = pid
			b.ix.props = append(b.ix.props, h.Property)
		}
		key.prop = pid
		g := groups[key]
		if g == nil {
			g = &group{hit: h, order: i}
			g.hit.Subjects = nil
			g.hit.Count = 0
			groups[key] = g
			keys = append(keys, key)
		}
		g.hit.Count += max(h.Count, 1)
		if h.Score > g.hit.Score {
			g.hit.Score = h.Score
		}
		for _, s := range h.Subjects {
			if len(g.hit.Subjects) < 3 && !slicesContains(g.hit.Subjects, s) {
				g.hit.Subjects = append(g.hit.Subjects, s)
			}
		}
	}
	for _, key := range keys {
		g := groups[key]
		b.add(g.hit.Property, g.hit.Value, g.hit.Lang, g.hit.Count, g.hit.Subjects)
	}
	ix := b.finish()
	local := ix.Search(text, len(keys))
	out := make([]Hit, 0, min(k, len(keys)))
	used := map[ixKey]bool{}
	for _, h := range local {
		key := ixKey{prop: b.propIDs[h.Property], value: h.Value, lang: h.Lang}
		g := groups[key]
		h.Kind = g.hit.Kind
		h.Subjects = g.hit.Subjects
		out = append(out, h)
		used[key] = true
	}
	// The rest in the engine's order: by its score, then as returned.
	var rest []*group
	for _, key := range keys {
		if !used[key] {
			rest = append(rest, groups[key])
		}
	}
	sort.SliceStable(rest, func(i, j int) bool {
		if rest[i].hit.Score != rest[j].hit.Score {
			return rest[i].hit.Score > rest[j].hit.Score
		}
		return rest[i].order < rest[j].order
	})
	for _, g := range rest {
		h := g.hit
		h.Score = 0
		out = append(out, h)
	}
	if len(out) > k {
		out = out[:k]
	}
	return out
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Query templates: <urn:schemaforge:term:NAME> marks where a term goes.
const termSlot = "urn:schemaforge:term:"

// mustParseSearchTemplate parses a query template; it panics on a syntax
// error, as templates are constants of this package.
func mustParseSearchTemplate(src string) *sparql.Query {
	q, err := sparql.Parse(src)
	if err != nil {
		panic(fmt.Sprintf("kg: bad search template: %v\n%s", err, src))
	}
	return q
}

// fillTerms returns a copy of the template q with each slot IRI
// <urn:schemaforge:term:NAME> replaced by terms[NAME]; a slot whose term
// is nil is replaced by a variable ?NAME.
func fillTerms(q *sparql.Query, terms map[string]sparql.Term) (*sparql.Query, error) {
	c := sparql.CloneQuery(q)
	var ferr error
	_, err := sparql.Apply(c, func(cur *sparql.Cursor) bool {
		iri, ok := cur.Node().(*sparql.IRI)
		if !ok || !strings.HasPrefix(iri.Value, termSlot) {
			return true
		}
		name := strings.TrimPrefix(iri.Value, termSlot)
		t, ok := terms[name]
		if !ok {
			ferr = fmt.Errorf("no term for slot %s", name)
			return false
		}
		if t == nil {
			t = sparql.NewVar(name)
		}
		if err := cur.Replace(t); err != nil {
			ferr = err
			return false
		}
		return true
	}, nil)
	if err == nil {
		err = ferr
	}
	if err != nil {
		return nil, fmt.Errorf("fill query template: %w", err)
	}
	return c, nil
}

func intLiteral(n int) *sparql.Literal {
	return &sparql.Literal{Lexical: strconv.Itoa(n), Datatype: sparql.NewIRI(sparql.XSDInteger), Form: sparql.BareLiteral}
}

// optionalIRI returns an *IRI for a non-empty iri, else nil (a variable).
func optionalIRI(iri string) sparql.Term {
	if iri == "" {
		return nil
	}
	return sparql.NewIRI(iri)
}

// rowHit maps a row binding ?s, ?p, ?lit (and optionally ?score) to a Hit;
// ok is false when ?lit is not a literal.
func rowHit(row sparql.Row, property string) (Hit, bool) {
	lit, ok := row["lit"].(*sparql.Literal)
	if !ok {
		return Hit{}, false
	}
	h := Hit{Value: lit.Lexical, Lang: lit.Lang, Kind: HitLiteral, Property: property}
	if p, ok := row["p"].(*sparql.IRI); ok {
		h.Property = p.Value
	}
	if s := ixSubject(row["s"]); s != "" {
		h.Subjects = []string{s}
	}
	if sc, ok := row["score"].(*sparql.Literal); ok {
		h.Score, _ = strconv.ParseFloat(sc.Lexical, 64)
	}
	for _, lp := range DefaultLabelProperties {
		if h.Property == lp {
			h.Kind = HitLabel
		}
	}
	return h, true
}

// literalRows maps rows binding ?s, ?p, ?lit (and ?score) to hits.
func literalRows(cfg textSearchConfig, res *sparql.Results) []Hit {
	var out []Hit
	for _, row := range res.Rows {
		if h, ok := rowHit(row, cfg.property); ok {
			out = append(out, h)
		}
	}
	return out
}

func newTextSearchConfig(opts []TextSearchOption) textSearchConfig {
	var c textSearchConfig
	for _, o := range opts {
		o(&c)
	}
	return c
}

// luceneQuery returns the Lucene query for text: the text itself in raw
// mode, else its words joined by OR ("" when it has none).
func luceneQuery(text string, raw bool) string {
	if raw {
		return text
	}
	return strings.Join(searchWords(text), " OR ")
}

var jenaTemplate = mustParseSearchTemplate(`PREFIX text: <http://jena.apache.org/text#>
SELECT ?s ?p ?lit ?score WHERE {
  (?s ?score ?lit) text:query (<urn:schemaforge:term:text> <urn:schemaforge:term:limit>) .
  ?s ?p ?lit .
} ORDER BY DESC(?score) LIMIT 1000`)

var jenaPropTemplate = mustParseSearchTemplate(`PREFIX text: <http://jena.apache.org/text#>
SELECT ?s ?lit ?score WHERE {
  (?s ?score ?lit) text:query (<urn:schemaforge:term:prop> <urn:schemaforge:term:text> <urn:schemaforge:term:limit>) .
} ORDER BY DESC(?score) LIMIT 1000`)

// NewJenaTextSearch wraps an Apache Jena Fuseki endpoint with a jena-text
// index (text:query). With [TextSearchProperty] the search runs on that
// property's field; otherwise on the default field, and the property of
// each matched literal is found by joining ?s ?p ?lit.
func NewJenaTextSearch(ep Endpoint, opts ...TextSearchOption) *FullTextEndpoint {
	cfg := newTextSearchConfig(opts)
	return &FullTextEndpoint{
		Endpoint: ep, Engine: "jena", cfg: cfg,
		build: func(cfg textSearchConfig, text string, limit int) (*sparql.Query, error) {
			lq := luceneQuery(text, cfg.raw)
			if strings.TrimSpace(lq) == "" {
				return nil, nil
			}
			terms := map[string]sparql.Term{"text": sparql.NewLiteral(lq), "limit": intLiteral(limit)}
			tmpl := jenaTemplate
			if cfg.property != "" {
				tmpl = jenaPropTemplate
				terms["prop"] = sparql.NewIRI(cfg.property)
			}
			q, err := fillTerms(tmpl, terms)
			if err != nil {
				return nil, err
			}
			l := int64(limit)
			q.Limit = &l
			return q, nil
		},
		rows: literalRows,
	}
}

var graphDBTemplate = mustParseSearchTemplate(`PREFIX con: <http://www.ontotext.com/connectors/lucene#>
SELECT ?s ?score ?field ?snippet WHERE {
  ?search a <urn:schemaforge:term:instance> ;
    con:query <urn:schemaforge:term:text> ;
    con:limit <urn:schemaforge:term:limit> ;
    con:entities ?s .
  ?s con:score ?score .
  OPTIONAL { ?s con:snippets ?sn . ?sn con:snippetField ?field ; con:snippetText ?snippet . }
}`)

// GraphDBConnectorNamespace is the namespace of GraphDB Lucene connector
// instances: connector "my_index" is <…/instance#my_index>.
const GraphDBConnectorNamespace = "http://www.ontotext.com/connectors/lucene/instance#"

// NewGraphDBLuceneSearch wraps an Ontotext GraphDB endpoint with a Lucene
// connector called connector (its local name, e.g. "my_index"). Hits are
// entities ([HitLabel]) with the connector's snippet text (highlighting
// removed) as their value and, with [TextSearchFieldProperties], the
// property of the snippet's field.
func NewGraphDBLuceneSearch(ep Endpoint, connector string, opts ...TextSearchOption) *FullTextEndpoint {
	cfg := newTextSearchConfig(opts)
	return &FullTextEndpoint{
		Endpoint: ep, Engine: "graphdb", cfg: cfg,
		build: func(cfg textSearchConfig, text string, limit int) (*sparql.Query, error) {
			if connector == "" {
				return nil, errors.New("no connector name")
			}
			lq := luceneQuery(text, cfg.raw)
			if strings.TrimSpace(lq) == "" {
				return nil, nil
			}
			return fillTerms(graphDBTemplate, map[string]sparql.Term{
				"instance": sparql.NewIRI(GraphDBConnectorNamespace + connector),
				"text":     sparql.NewLiteral(lq),
				"limit":    sparql.NewLiteral(strconv.Itoa(limit)),
			})
		},
		rows: func(cfg textSearchConfig, res *sparql.Results) []Hit {
			var out []Hit
			for _, row := range res.Rows {
				h := Hit{Kind: HitLabel}
				if s := ixSubject(row["s"]); s != "" {
					h.Subjects = []string{s}
				} else {
					continue
				}
				if sc, ok := row["score"].(*sparql.Literal); ok {
					h.Score, _ = strconv.ParseFloat(sc.Lexical, 64)
				}
				if sn, ok := row["snippet"].(*sparql.Literal); ok {
					h.Value = strings.Join(strings.Fields(stripHighlight(sn.Lexical)), " ")
				}
				if f, ok := row["field"].(*sparql.Literal); ok {
					h.Property = cfg.fieldProps[f.Lexical]
				}
				out = append(out, h)
			}
			return out
		},
	}
}

// stripHighlight removes the <em>…</em> (and any other) tags of a
// connector snippet.
func stripHighlight(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

var virtuosoTemplate = mustParseSearchTemplate(`PREFIX bif: <bif:>
SELECT ?s ?p ?lit WHERE {
  ?s <urn:schemaforge:term:p> ?lit .
  ?lit bif:contains <urn:schemaforge:term:text> .
  FILTER(isLiteral(?lit))
} LIMIT 1000`)

// NewVirtuosoTextSearch wraps an OpenLink Virtuoso endpoint with its
// free-text index (bif:contains). The words of the text are searched as
// "w1" OR "w2" …; Virtuoso gives no score in standard SPARQL, so ranking
// is local.
func NewVirtuosoTextSearch(ep Endpoint, opts ...TextSearchOption) *FullTextEndpoint {
	cfg := newTextSearchConfig(opts)
	return &FullTextEndpoint{
		Endpoint: ep, Engine: "virtuoso", cfg: cfg,
		build: func(cfg textSearchConfig, text string, limit int) (*sparql.Query, error) {
			expr := text
			if !cfg.raw {
				words := searchWords(text)
				for i, w := range words {
					words[i] = `"` + w + `"` // words are letters and digits only
				}
				expr = strings.Join(words, " OR ")
			}
			if strings.TrimSpace(expr) == "" {
				return nil, nil
			}
			q, err := fillTerms(virtuosoTemplate, map[string]sparql.Term{"p": optionalIRI(cfg.property), "text": sparql.NewLiteral(expr)})
			if err != nil {
				return nil, err
			}
			l := int64(limit)
			q.Limit = &l
			return q, nil
		},
		rows: literalRows,
	}
}

// EngineTextSearch returns the full-text search of the engine behind g,
// chosen by its dialect (g.Target): Virtuoso's bif:contains, Jena's
// text:query, QLever's ql:contains-word. The search queries go through
// g, so they are scoped to its named graph and printed for its engine.
// The engine must have built its text index over the graph's literals
// (Virtuoso: DB.DBA.RDF_OBJ_FT_RULE_ADD). GraphDB needs a connector name
// and is set up with [NewGraphDBLuceneSearch] instead.
func EngineTextSearch(g *Graph) (TextSearcher, error) {
	name := ""
	if g.Target != nil {
		name = g.Target.Name
	}
	switch name {
	case "virtuoso":
		return NewVirtuosoTextSearch(g), nil
	case "jena", "fuseki":
		return NewJenaTextSearch(g), nil
	case "qlever":
		return NewQLeverTextSearch(g), nil
	}
	return nil, fmt.Errorf("graph %s: dialect %q has no full-text search this config can set up (virtuoso, jena and qlever do; GraphDB needs NewGraphDBLuceneSearch with its connector)", g.ID, name)
}

// QLeverBuiltins is the namespace of QLever's built-in predicates.
const QLeverBuiltins = "http://qlever.cs.uni-freiburg.de/builtin-functions/"

// NewQLeverTextSearch wraps a QLever endpoint whose text index holds the
// graph's literals (built with text words from literals). Each word of the
// text is one UNION branch "?lit ql:contains-word "word"" (the predicate
// requires all words of one string, so the words are searched one by
// one), joined with ?s ?p ?lit; ranking is local.
func NewQLeverTextSearch(ep Endpoint, opts ...TextSearchOption) *FullTextEndpoint {
	cfg := newTextSearchConfig(opts)
	return &FullTextEndpoint{
		Endpoint: ep, Engine: "qlever", cfg: cfg,
		build: func(cfg textSearchConfig, text string, limit int) (*sparql.Query, error) {
			pred := cfg.predicate
			if pred == "" {
				pred = QLeverBuiltins + "contains-word"
			}
			words := []string{text}
			if !cfg.raw {
				words = searchWords(text)
				for i, w := range words {
					words[i] = strings.ToLower(w)
				}
			}
			if len(words) == 0 || strings.TrimSpace(words[0]) == "" {
				return nil, nil
			}
			lit := sparql.NewVar("lit")
			union := &sparql.UnionPattern{}
			for _, w := range words {
				union.Alts = append(union.Alts, &sparql.GroupPattern{Elements: []sparql.Pattern{
					triplesBlock(lit, qleverIRI(pred), sparql.NewLiteral(w)),
				}})
			}
			var where []sparql.Pattern
			if len(union.Alts) == 1 {
				where = union.Alts[0].Elements
			} else {
				where = []sparql.Pattern{union}
			}
			p := optionalIRI(cfg.property)
			if p == nil {
				p = sparql.NewVar("p")
			}
			where = append(where, triplesBlock(sparql.NewVar("s"), p.(sparql.Path), lit))
			l := int64(limit)
			q := &sparql.Query{
				Prologue:    []*sparql.PrologueDecl{{IsPrefix: true, Prefix: "ql", IRI: sparql.NewIRI(QLeverBuiltins)}},
				Form:        sparql.Select,
				Distinct:    true,
				Projections: []*sparql.Projection{{Var: sparql.NewVar("s")}, {Var: sparql.NewVar("p")}, {Var: sparql.NewVar("lit")}},
				Where:       &sparql.GroupPattern{Elements: where},
				Limit:       &l,
			}
			if cfg.property != "" {
				q.Projections = []*sparql.Projection{{Var: sparql.NewVar("s")}, {Var: sparql.NewVar("lit")}}
			}
			return q, nil
		},
		rows: literalRows,
	}
}

// qleverIRI returns iri, written ql:local when it is a QLever built-in.
func qleverIRI(iri string) *sparql.IRI {
	if local, ok := strings.CutPrefix(iri, QLeverBuiltins); ok {
		return &sparql.IRI{Value: iri, Form: sparql.PrefixedName, Prefix: "ql", Local: local}
	}
	return sparql.NewIRI(iri)
}

// triplesBlock returns the one-triple block "s p o".
func triplesBlock(s sparql.GraphNode, p sparql.Path, o sparql.GraphNode) *sparql.TriplesBlock {
	return &sparql.TriplesBlock{Triples: []*sparql.TriplesSameSubject{{
		Subject:    s,
		Properties: []*sparql.PropertyObjects{{Verb: p, Objects: []sparql.GraphNode{o}}},
	}}}
}
