// Package allocator is the SchemaForge Allocator: it routes a subgoal to
// the graphs of a collection whose schema can realise it, weak to strong.
//
// The weak stage ranks the graphs by cosine similarity of the subgoal's
// text to each graph's text serialisation (a chromem-go collection,
// embedded by a deterministic offline embedder by default) and keeps the
// top K. The strong stage scores those K against the subgoal's
// requirements R: predicate coverage, type coverage and domain/range
// compatibility of the matched schema elements, with terms weighted by
// their rarity across the pool. The final score is
//
//	λ·weak + (1-λ)·(αp·cov_p + αt·cov_t + αc·compat)
//
// and the K' best graphs with a final score ≥ τ are selected, each with a
// Slice: the schema elements relevant to the subgoal plus what joins
// need.
package allocator

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"log/slog"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/philippgille/chromem-go"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
)

// Config holds the allocator's parameters. Zero fields take the
// documented defaults.
type Config struct {
	// K is the number of graphs the weak stage passes on (default 60).
	K int
	// KPrime is the number of graphs selected at most (default 3).
	KPrime int
	// Tau is the least final score of a selected graph (default 0.15).
	// The best graph is always selected when it scores above 0.
	Tau float64
	// Lambda weighs the weak score against the strong one (default 0.3;
	// set NoWeight to use 0).
	Lambda float64
	// AlphaP, AlphaT and AlphaC weigh predicate coverage, type coverage
	// and compatibility in the strong score (defaults 0.45, 0.35, 0.2).
	AlphaP, AlphaT, AlphaC float64
	// Embedding embeds texts for the weak stage (default: an
	// llm.HashEmbedder fitted on the graphs' texts).
	Embedding chromem.EmbeddingFunc
	// NoValueLinking turns off looking up the subgoal's name and quoted
	// mentions among each candidate graph's literal values.
	NoValueLinking bool
	// SliceClasses and SliceProperties bound a slice (defaults 6 and 14).
	SliceClasses, SliceProperties int
	// Logger receives preparation events (default: discard).
	Logger *slog.Logger
}

func (c Config) withDefaults() Config {
	if c.K <= 0 {
		c.K = 60
	}
	if c.KPrime <= 0 {
		c.KPrime = 3
	}
	if c.Tau == 0 {
		c.Tau = 0.15
	}
	if c.Lambda == 0 {
		c.Lambda = 0.3
	}
	if c.AlphaP == 0 && c.AlphaT == 0 && c.AlphaC == 0 {
		c.AlphaP, c.AlphaT, c.AlphaC = 0.45, 0.35, 0.2
	}
	if c.SliceClasses <= 0 {
		c.SliceClasses = 6
	}
	if c.SliceProperties <= 0 {
		c.SliceProperties = 14
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// Allocator implements handoff.Allocator. It prepares each collection it
// sees once (weak index, lexicons, value indexes) and is safe for
// concurrent use.
type Allocator struct {
	cfg   Config
	mu    sync.Mutex
	pools map[*kg.Collection]*poolOnce
}

type poolOnce struct {
	once sync.Once
	p    *pool
	err  error
}

// New returns an allocator with configuration cfg.
func New(cfg Config) *Allocator {
	return &Allocator{cfg: cfg.withDefaults(), pools: map[*kg.Collection]*poolOnce{}}
}

// Config returns the configuration in use (defaults filled in).
func (a *Allocator) Config() Config { return a.cfg }

// pool is the prepared form of a collection.
type pool struct {
	graphs []*kg.Graph
	lex    map[string]*graphLex
	weak   *chromem.Collection
	// values search each graph's values (by graph ID; absent: none): the
	// index built over SPARQL, or the engine's own full-text search when
	// the graph is configured for it (kg.Graph.TextSearch).
	values map[string]kg.TextSearcher
	// remote holds the graphs whose values an engine's full-text search
	// searches (a query to a server each time), not an index in memory.
	remote map[string]bool
}

// Prepare builds what allocation over coll needs: the weak index of the
// graphs' texts, the lexicons of their summaries and the value indexes.
// Graphs must be summarised. Allocate calls it on first use.
func (a *Allocator) Prepare(ctx context.Context, coll *kg.Collection) error {
	_, err := a.pool(ctx, coll)
	return err
}

func (a *Allocator) pool(ctx context.Context, coll *kg.Collection) (*pool, error) {
	if coll == nil || coll.Len() == 0 {
		return nil, errors.New("allocator: empty collection")
	}
	a.mu.Lock()
	po := a.pools[coll]
	if po == nil {
		po = &poolOnce{}
		a.pools[coll] = po
	}
	a.mu.Unlock()
	po.once.Do(func() { po.p, po.err = a.prepare(ctx, coll) })
	return po.p, po.err
}

// ValueSearchers returns the value searcher of each graph of coll by
// graph ID, the ones the allocator links values with (preparing the
// collection first, as [Allocator.Prepare]); none with NoValueLinking.
// The map is a copy; the searchers are shared and safe for concurrent use.
func (a *Allocator) ValueSearchers(ctx context.Context, coll *kg.Collection) (map[string]kg.TextSearcher, error) {
	p, err := a.pool(ctx, coll)
	if err != nil {
		return nil, err
	}
	return maps.Clone(p.values), nil
}

// graphText is the text a graph is retrieved by.
func graphText(g *kg.Graph) string {
	return g.Summary.Text(kg.TextOptions{Description: g.Description, NoSamples: true})
}

func (a *Allocator) prepare(ctx context.Context, coll *kg.Collection) (*pool, error) {
	p := &pool{graphs: coll.Graphs(), lex: map[string]*graphLex{}, values: map[string]kg.TextSearcher{}, remote: map[string]bool{}}
	texts := make([]string, len(p.graphs))
	for i, g := range p.graphs {
		if g.Summary == nil {
			return nil, fmt.Errorf("allocator: graph %s has no summary (summarise the collection first)", g.ID)
		}
		p.lex[g.ID] = newGraphLex(g.ID, g.Summary)
		texts[i] = graphText(g)
	}
	embed := a.cfg.Embedding
	if embed == nil {
		h := llm.NewHashEmbedder(0)
		h.Fit(texts)
		embed = h.EmbeddingFunc()
	}
	col, err := chromem.NewDB().CreateCollection("graphs", nil, embed)
	if err != nil {
		return nil, fmt.Errorf("allocator: weak index: %w", err)
	}
	docs := make([]chromem.Document, len(p.graphs))
	for i, g := range p.graphs {
		docs[i] = chromem.Document{ID: g.ID, Content: texts[i]}
	}
	if err := col.AddDocuments(ctx, docs, 4); err != nil {
		return nil, fmt.Errorf("allocator: weak index: %w", err)
	}
	p.weak = col
	if !a.cfg.NoValueLinking {
		var mu sync.Mutex
		var wg sync.WaitGroup
		sem := make(chan struct{}, 4)
		for _, g := range p.graphs {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				var ts kg.TextSearcher = g.TextSearch
				remote := ts != nil
				if ts == nil {
					ix, err := kg.BuildIndex(ctx, g)
					if err != nil {
						a.cfg.Logger.Warn("allocator: no value index", "graph", g.ID, "err", err)
						return
					}
					ts = kg.NewIndexSearcher(ix)
				}
				mu.Lock()
				p.values[g.ID] = ts
				p.remote[g.ID] = remote
				mu.Unlock()
			}()
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("allocator: prepare: %w", err)
		}
	}
	return p, nil
}

// searchValues searches graph id's values for text (k hits at most); a
// failed search is logged and finds nothing.
func (a *Allocator) searchValues(ctx context.Context, p *pool, id, text string, k int) []kg.Hit {
	ts := p.values[id]
	if ts == nil {
		return nil
	}
	hits, err := ts.Search(ctx, text, k)
	if err != nil {
		a.cfg.Logger.Warn("allocator: value search failed", "graph", id, "text", text, "err", err)
		return nil
	}
	return hits
}

// Allocate scores the graphs of coll for sg and selects the best.
func (a *Allocator) Allocate(ctx context.Context, sg *handoff.Subgoal, coll *kg.Collection) (*handoff.Allocation, error) {
	if sg == nil {
		return nil, errors.New("allocator: nil subgoal")
	}
	p, err := a.pool(ctx, coll)
	if err != nil {
		return nil, err
	}
	weak, err := a.weakStage(ctx, p, sg)
	if err != nil {
		return nil, fmt.Errorf("allocator: subgoal %s: %w", sg.ID, err)
	}
	al := &handoff.Allocation{Subgoal: sg.ID}
	q := a.requirementTerms(sg)
	a.holders(ctx, p, q, sg.Text, weak[:min(len(weak), a.cfg.K)])
	weak = a.cut(p, weak, q)
	p.weigh(q.preds)
	p.weigh(q.types)
	for _, w := range weak {
		gs := a.strongStage(ctx, p, p.lex[w.id], q, sg)
		gs.Weak = w.score
		// A name the graph holds is a likeness of the question to the
		// graph's data that the summaries' text misses: as like as the
		// fewer graphs hold it.
		for _, m := range q.names {
			if df := len(q.holders[m]); df > 0 && q.holders[m][w.id] {
				gs.Weak = max(gs.Weak, 1/float64(df))
			}
		}
		gs.Final = a.cfg.Lambda*gs.Weak + (1-a.cfg.Lambda)*gs.Strong
		al.Scores = append(al.Scores, gs)
	}
	// A graph the strong stage found nothing of the question in ranks
	// below one it found something in, whatever the weak stage's
	// similarity of the texts (rescaled, its best is 1 however poor).
	if slices.ContainsFunc(al.Scores, func(s handoff.GraphScore) bool { return s.Strong > 0 }) {
		for i := range al.Scores {
			if al.Scores[i].Strong == 0 {
				al.Scores[i].Final *= noEvidence
			}
		}
	}
	slices.SortStableFunc(al.Scores, func(x, y handoff.GraphScore) int {
		return cmp.Or(cmp.Compare(y.Final, x.Final), cmp.Compare(x.Graph, y.Graph))
	})
	for i, s := range al.Scores {
		if len(al.Selected) == a.cfg.KPrime {
			break
		}
		if s.Final >= a.cfg.Tau || (i == 0 && s.Final > 0) {
			al.Selected = append(al.Selected, s.Graph)
		}
	}
	if len(al.Selected) == 0 {
		al.Notes = append(al.Notes, fmt.Sprintf("no graph reached τ = %.2f", a.cfg.Tau))
	}
	for _, id := range al.Selected {
		gs, _ := al.Score(id)
		al.Slices = append(al.Slices, a.slice(ctx, p, id, gs, q, sg))
	}
	return al, nil
}

// noEvidence scales the final score of a graph in which the strong stage
// matched nothing, when another graph matched something.
const noEvidence = 0.25

// maxNameLookups bounds the names of a subgoal looked up among every
// graph's values ([Allocator.holders]).
const maxNameLookups = 4

// weakHit is a graph with its rescaled weak score.
type weakHit struct {
	id    string
	score float64
}

// weakStage returns every graph by cosine similarity, the scores
// rescaled so that the best is 1 (0 for all when nothing is similar), by
// descending score then ID; [Allocator.cut] keeps the top K.
func (a *Allocator) weakStage(ctx context.Context, p *pool, sg *handoff.Subgoal) ([]weakHit, error) {
	n := p.weak.Count()
	res, err := p.weak.Query(ctx, weakQueryText(sg), n, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("weak stage: %w", err)
	}
	hits := make([]weakHit, len(res))
	best := 0.0
	for i, r := range res {
		hits[i] = weakHit{id: r.ID, score: float64(r.Similarity)}
		best = max(best, hits[i].score)
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].id < hits[j].id
	})
	for i := range hits {
		if best > 0 {
			hits[i].score = max(hits[i].score, 0) / best
		} else {
			hits[i].score = 0
		}
	}
	return hits, nil
}

// cut keeps the top K of the weak stage's hits, and also every graph
// with a class whose name or label has every word of a type term of the
// subgoal: the weak stage ranks whole summaries, in which one class
// ("how many dependents are there?", company_1's dependent) weighs
// little, and a graph that has the very class asked about must reach the
// strong stage; so must a graph that holds a name the question says
// ([Allocator.holders]). Such a graph gets the weak score of the last
// graph kept, the least the weak stage passes on.
func (a *Allocator) cut(p *pool, hits []weakHit, q *query) []weakHit {
	if len(hits) <= a.cfg.K {
		return hits
	}
	out := slices.Clone(hits[:a.cfg.K])
	floor := hits[a.cfg.K-1].score
	for _, h := range hits[a.cfg.K:] {
		g := p.lex[h.id]
		if g == nil {
			continue
		}
		if slices.ContainsFunc(q.types, func(t term) bool {
			return slices.ContainsFunc(g.elements, func(e element) bool { return e.class && matchScore(t.words, &e) >= 0.9 })
		}) || slices.ContainsFunc(q.names, func(m string) bool { return q.holders[m][h.id] }) {
			out = append(out, weakHit{id: h.id, score: max(h.score, floor)})
		}
	}
	return out
}

// whole reports whether the hits of mention m hold it whole: a value
// equal to it or written over several values of one subject
// ([valueMatch]), or a value that starts with it and that the text says
// whole ("a night in Thrift and accolade": the mention "Thrift", the
// room "Thrift and accolade").
func whole(hits []kg.Hit, m, text string) bool {
	if v, _ := valueMatch(hits, m); v >= 1 {
		return true
	}
	mw := kg.Words(m)
	t := kg.FoldText(text)
	return slices.ContainsFunc(hits, func(h kg.Hit) bool {
		vw := kg.Words(h.Value)
		return len(vw) > len(mw) && slices.Equal(vw[:len(mw)], mw) && strings.Contains(t, kg.FoldText(h.Value))
	})
}

// placeValue returns the property of graph id that holds, whole, a name
// of the place the adjective m pertains to ("British": "UK", "United
// Kingdom"; [lexicon.PlacesOf]), or "" when m is no such adjective or
// the graph holds none of the names. The answer is kept in q, which the
// name lookups and the strong stage both ask.
func (a *Allocator) placeValue(ctx context.Context, p *pool, q *query, id, m string) string {
	places := lexicon.PlacesOf(m)
	if len(places) == 0 {
		return ""
	}
	key := id + "\x00" + m
	if prop, ok := q.places[key]; ok {
		return prop
	}
	prop := ""
	for _, place := range places {
		if v, pr := valueMatch(a.searchValues(ctx, p, id, place, mentionHits), place); v >= 1 {
			prop = pr
			break
		}
	}
	if q.places == nil {
		q.places = map[string]string{}
	}
	q.places[key] = prop
	return prop
}

// holders sets q.holders, per name, the graphs of the pool that hold it
// whole among their values ([whole]), and q.found, the hits of the name
// in each graph it searched: "How much does Lex De Haan earn?" names
// hr_1's employee, though the weak stage, which ranks schemas, may not
// rank hr_1 high. Each name costs a value search per graph, so only the
// first maxNameLookups names are looked up, and a graph searched by a
// server's full-text search only when it is among the weak stage's top
// (which the strong stage searches anyway).
func (a *Allocator) holders(ctx context.Context, p *pool, q *query, text string, top []weakHit) {
	if len(q.names) == 0 || len(p.values) == 0 {
		return
	}
	q.holders, q.found = map[string]map[string]bool{}, map[string]map[string][]kg.Hit{}
	for _, m := range q.names[:min(len(q.names), maxNameLookups)] {
		q.found[m] = map[string][]kg.Hit{}
		for _, g := range p.graphs {
			if p.remote[g.ID] && !slices.ContainsFunc(top, func(h weakHit) bool { return h.id == g.ID }) {
				continue
			}
			hits := a.searchValues(ctx, p, g.ID, m, mentionHits)
			q.found[m][g.ID] = hits
			if whole(hits, m, text) || a.placeValue(ctx, p, q, g.ID, m) != "" {
				if q.holders[m] == nil {
					q.holders[m] = map[string]bool{}
				}
				q.holders[m][g.ID] = true
			}
		}
	}
}

// weakQueryText is the subgoal's text with its requirement terms.
func weakQueryText(sg *handoff.Subgoal) string {
	return strings.TrimSpace(sg.Text + " " + strings.Join(sg.Requirements.Terms(), " "))
}
