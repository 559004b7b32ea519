// Package verification measures the counterfactual verifier on
// Spider4SPARQL: how many gold queries it accepts, and how many
// underspecified versions of them (one constraint removed) it rejects.
//
// Protocol, per question of a split:
//
//  1. The gold query is parsed (strict SPARQL 1.1, else the lenient
//     dialect) and run on its graph (an embedded store); questions whose
//     gold answer is empty or fails are left out (the counterfactual test
//     is about non-empty answers).
//  2. The question is decomposed by the rule-based decomposer; the merged
//     subgoal is the verifier's subgoal.
//  3. The slice is the allocator's slice of the gold graph (allocation
//     over a collection holding only that graph: it carries the Matched
//     terms that groundedness needs, most relevant elements first),
//     completed with the rest of the graph's schema (allocator.FullSlice)
//     so that every IRI of a gold query resolves: the gold queries were
//     not written from the slice, and it is the verifier that is measured
//     here, not the allocator.
//  4. Underspecified variants remove one constraint of the gold query: a
//     FILTER, a FILTER NOT EXISTS or MINUS, a type triple (?x a :C), a
//     join triple (an object property between two variables, such as
//     Spider's ref-… properties) or a HAVING condition (constraints under
//     NOT EXISTS or MINUS are left alone: removing them narrows the
//     answer). A variant is kept when it parses, runs, and its answer set
//     differs from the gold one (for a gold query with LIMIT or OFFSET,
//     also without them: which of several tied rows a LIMIT keeps is not
//     a difference).
//  5. The gold query and its variants are verified at every (θ, m) of the
//     sweep (once per m; the verdict at each θ follows from the record, see
//     verifier.AcceptsAt); the gold accept rate and the underspecified
//     reject rate are reported for each point, and for the default one.
//
// Query answers are cached per graph for the sweep, so each distinct query
// runs once whatever the number of sweep points.
package verification

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schemaforge/go-schemaforge/allocator"
	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/verifier"
)

// The sweep's default grid.
var (
	DefaultThetas = []float64{0.5, 0.6, 0.7, 0.8, 0.9}
	DefaultMs     = []int{2, 4, 6, 8}
)

// Options configure [Run]. Zero fields take the documented defaults.
type Options struct {
	// Dir is the Spider4SPARQL folder (questions/, graphs/). Required.
	Dir string
	// Split is "dev-public" (graphs/dev) or "train" (graphs/train).
	Split string
	// CSV is the questions file (default questions/<Split>.csv).
	CSV string
	// Theta and M are the point reported as gold_accept and
	// underspecified_reject (default the verifier's defaults).
	Theta float64
	M     int
	// Thetas and Ms are the sweep's grid (default [DefaultThetas] ×
	// [DefaultMs]).
	Thetas []float64
	Ms     []int
	// Every keeps every Every-th question of the file (default 1: all),
	// for quicker runs on train.
	Every int
	// KG, when set, keeps the questions of that graph only
	// (case-insensitive).
	KG string
	// Verifier is the base configuration of the verifier (ablations,
	// timeout); its Theta and M are set by the sweep. Timeout defaults to
	// 5 s here.
	Verifier verifier.Config
	// CacheDir, when set, keeps graph summaries between runs.
	CacheDir string
	// Cases includes every verified query in the report.
	Cases bool
	// Progress, when set, is called after each graph.
	Progress func(graph string, questions int, elapsed time.Duration)
}

// Point is one (θ, m) of the sweep.
type Point struct {
	Theta                float64 `json:"theta"`
	M                    int     `json:"m"`
	GoldAccept           float64 `json:"gold_accept"`
	UnderspecifiedReject float64 `json:"underspecified_reject"`
}

// KindRate is the reject rate of the underspecified variants of one kind
// at the default point.
type KindRate struct {
	Kind   string  `json:"kind"`
	N      int     `json:"n"`
	Reject float64 `json:"reject"`
}

// Case is one verified query at the default point.
type Case struct {
	Index    string  `json:"index"`
	KG       string  `json:"kg"`
	Kind     string  `json:"kind"` // "gold" or the kind of constraint removed
	Removed  string  `json:"removed,omitempty"`
	Accepted bool    `json:"accepted"`
	Mean     float64 `json:"mean_jaccard"`
	Reason   string  `json:"reason"`
	Query    string  `json:"query,omitempty"`
	// Perturbations are the verifier's runs of the perturbed query.
	Perturbations []handoff.Perturbation `json:"perturbations,omitempty"`
}

// Report is the outcome of a run; it marshals to the JSON of "schemaforge
// bench spider4sparql --stage verifier --json".
type Report struct {
	GoldAccept           float64 `json:"gold_accept"`
	UnderspecifiedReject float64 `json:"underspecified_reject"`
	NGold                int     `json:"n_gold"`
	NUnderspecified      int     `json:"n_underspecified"`
	Theta                float64 `json:"theta"`
	M                    int     `json:"m"`
	Sweep                []Point `json:"sweep"`
	// Split, Questions (read, after Every and KG) and Every describe the
	// run; Skipped counts the questions left out, by reason.
	Split     string         `json:"split"`
	Questions int            `json:"questions"`
	Every     int            `json:"every"`
	Skipped   map[string]int `json:"skipped"`
	// ByKind breaks the underspecified reject rate down by the kind of
	// constraint removed, at the default point.
	ByKind  []KindRate `json:"by_kind"`
	Seconds float64    `json:"seconds"`
	Cases   []Case     `json:"cases,omitempty"`
}

// spiderPrologue declares the prefixes the gold queries use besides ":"
// (which datasets.ReadSpiderCSV adds).
const spiderPrologue = "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n" +
	"PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n" +
	"PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"

// tally counts accepts per sweep point.
type tally struct {
	goldAccept, underReject []int
	kindN, kindReject       map[string]int
}

// Run measures the verifier on one split.
func Run(ctx context.Context, o Options) (*Report, error) {
	start := time.Now()
	if o.Split == "" && o.CSV == "" {
		return nil, errors.New("verification: give a split or a questions file")
	}
	if o.CSV == "" {
		o.CSV = filepath.Join(o.Dir, "questions", o.Split+".csv")
	}
	pool := "dev"
	if o.Split == "train" || strings.Contains(filepath.Base(o.CSV), "train") {
		pool = "train"
	}
	base := verifier.New(o.Verifier).Config()
	if o.Theta <= 0 {
		o.Theta = base.Theta
	}
	if o.M <= 0 {
		o.M = base.M
	}
	if len(o.Thetas) == 0 {
		o.Thetas = DefaultThetas
	}
	if len(o.Ms) == 0 {
		o.Ms = DefaultMs
	}
	if o.Every <= 0 {
		o.Every = 1
	}
	if o.Verifier.Timeout <= 0 {
		o.Verifier.Timeout = 5 * time.Second
	}
	items, err := datasets.LoadSpiderCSV(o.CSV, "spider4sparql")
	if err != nil {
		return nil, err
	}
	// The questions, by graph (in file order within a graph; graphs by name).
	byKG := map[string][]datasets.Item{}
	var kgs []string
	for i, it := range items {
		if i%o.Every != 0 || (o.KG != "" && !strings.EqualFold(it.KG, o.KG)) {
			continue
		}
		k := strings.ToLower(it.KG)
		if _, ok := byKG[k]; !ok {
			kgs = append(kgs, k)
		}
		byKG[k] = append(byKG[k], it)
	}
	slices.Sort(kgs)

	// The sweep points, with the default point last if it is not in the grid.
	var points []Point
	for _, th := range o.Thetas {
		for _, m := range o.Ms {
			points = append(points, Point{Theta: th, M: m})
		}
	}
	def := slices.IndexFunc(points, func(p Point) bool { return p.Theta == o.Theta && p.M == o.M })
	extra := def < 0
	if extra {
		points = append(points, Point{Theta: o.Theta, M: o.M})
		def = len(points) - 1
	}
	r := &Report{Theta: o.Theta, M: o.M, Split: o.Split, Every: o.Every, Skipped: map[string]int{}}
	t := &tally{goldAccept: make([]int, len(points)), underReject: make([]int, len(points)),
		kindN: map[string]int{}, kindReject: map[string]int{}}
	dec := decomposer.NewRules()
	for _, k := range kgs {
		qs := byKG[k]
		r.Questions += len(qs)
		gstart := time.Now()
		if err := runGraph(ctx, o, pool, k, qs, dec, points, def, t, r); err != nil {
			return nil, err
		}
		if o.Progress != nil {
			o.Progress(k, len(qs), time.Since(gstart))
		}
	}
	for i := range points {
		if r.NGold > 0 {
			points[i].GoldAccept = float64(t.goldAccept[i]) / float64(r.NGold)
		}
		if r.NUnderspecified > 0 {
			points[i].UnderspecifiedReject = float64(t.underReject[i]) / float64(r.NUnderspecified)
		}
	}
	r.GoldAccept, r.UnderspecifiedReject = points[def].GoldAccept, points[def].UnderspecifiedReject
	if extra {
		points = points[:len(points)-1]
	}
	r.Sweep = points
	for _, kind := range Kinds {
		if n := t.kindN[kind]; n > 0 {
			r.ByKind = append(r.ByKind, KindRate{Kind: kind, N: n, Reject: float64(t.kindReject[kind]) / float64(n)})
		}
	}
	r.Seconds = time.Since(start).Seconds()
	return r, nil
}

// graphFile finds the file of graph k in the pool.
func graphFile(dir, pool, k string) (string, bool) {
	for _, ext := range []string{".nt", ".nt.gz", ".ttl", ".ttl.gz"} {
		p := filepath.Join(dir, "graphs", pool, k+ext)
		if _, err := os.Stat(p); err == nil {
			return p, true
		}
	}
	return "", false
}

// runGraph loads one graph and verifies the gold queries of its
// questions and their underspecified variants at every sweep point.
func runGraph(ctx context.Context, o Options, pool, k string, qs []datasets.Item, dec *decomposer.Rules, points []Point, def int, t *tally, r *Report) error {
	file, ok := graphFile(o.Dir, pool, k)
	if !ok {
		r.Skipped["graph missing"] += len(qs)
		return nil
	}
	g, err := kg.LoadGraph(ctx, kg.FileGraph{ID: k, Files: []string{file}}, kg.LoadOptions{})
	if err != nil {
		return fmt.Errorf("verification: graph %s: %w", k, err)
	}
	coll, err := kg.NewCollection(g)
	if err != nil {
		return err
	}
	so := kg.SummarizeOptions{}
	if o.CacheDir != "" {
		so.Cache = &kg.SummaryCache{Dir: o.CacheDir}
	}
	if err := coll.Summarize(ctx, so); err != nil || g.Summary == nil {
		return fmt.Errorf("verification: summarise %s: %v", k, err)
	}
	if g.Summary.Triples == 0 {
		r.Skipped["empty graph"] += len(qs)
		return nil
	}
	al := allocator.New(allocator.Config{})
	full := allocator.FullSlice(g, len(g.Summary.Properties))
	cached := *g
	cached.Endpoint = newCache(g.Endpoint)
	gc := &cached
	for _, it := range qs {
		if err := ctx.Err(); err != nil {
			return err
		}
		gold, err := sparql.Parse(spiderPrologue + it.Query)
		if err != nil {
			if gold, err = sparql.Parse(spiderPrologue+it.Query, sparql.WithDialect(sparql.Lenient)); err != nil {
				r.Skipped["gold does not parse"]++
				continue
			}
		}
		text := sparql.Print(gold)
		qctx, cancel := context.WithTimeout(ctx, o.Verifier.Timeout)
		res, err := gc.Query(qctx, text)
		cancel()
		if err != nil {
			r.Skipped["gold fails to run"]++
			continue
		}
		vars := projected(gold, res)
		goldSet := verifier.AnswerSet(res, vars)
		if len(goldSet) == 0 {
			r.Skipped["empty gold answer"]++
			continue
		}
		d, err := dec.Decompose(ctx, it.Question("en"))
		if err != nil {
			return fmt.Errorf("verification: question %s: decompose: %w", it.ID, err)
		}
		sg := d.Merged()
		slice := full
		if a, err := al.Allocate(ctx, &sg, coll); err == nil {
			if s, ok := a.Slice(g.ID); ok {
				slice = complete(s, full)
			}
		}
		cands := []handoff.Candidate{{Subgoal: sg.ID, Graph: g.ID, Query: text, Skeleton: "gold"}}
		kinds := []string{"gold"}
		removed := []string{""}
		var goldAll map[string]bool // the gold answer without LIMIT and OFFSET
		for _, u := range Underspecify(gold, g.Summary) {
			qctx, cancel := context.WithTimeout(ctx, o.Verifier.Timeout)
			ures, err := gc.Query(qctx, u.Text)
			cancel()
			if err != nil || maps.Equal(goldSet, verifier.AnswerSet(ures, vars)) {
				continue
			}
			if gold.Limit != nil || gold.Offset != nil {
				// Which of several tied rows a LIMIT keeps is not a
				// difference: compare the whole answers too.
				if goldAll == nil {
					goldAll = verifier.AnswerSet(run(ctx, gc, unlimited(gold), o.Verifier.Timeout), vars)
				}
				if maps.Equal(goldAll, verifier.AnswerSet(run(ctx, gc, unlimited(u.Query), o.Verifier.Timeout), vars)) {
					continue
				}
			}
			cands = append(cands, handoff.Candidate{Subgoal: sg.ID, Graph: g.ID, Query: u.Text, Skeleton: "underspecified:" + u.Kind})
			kinds = append(kinds, u.Kind)
			removed = append(removed, u.Removed)
		}
		r.NGold++
		r.NUnderspecified += len(cands) - 1
		for _, kind := range kinds[1:] {
			t.kindN[kind]++
		}
		// One verification per m; the verdicts at each θ follow from it
		// (verifier.AcceptsAt).
		byM := map[int][]handoff.Record{}
		for pi, p := range points {
			recs, ok := byM[p.M]
			if !ok {
				cfg := o.Verifier
				cfg.Theta, cfg.M = o.Theta, p.M
				var err error
				if recs, err = verifier.New(cfg).Verify(ctx, &sg, slice, gc, cands); err != nil {
					return err
				}
				byM[p.M] = recs
			}
			for ci, rec := range recs {
				accepted := verifier.AcceptsAt(rec, p.Theta)
				switch {
				case ci == 0 && accepted:
					t.goldAccept[pi]++
				case ci > 0 && !accepted:
					t.underReject[pi]++
					if pi == def {
						t.kindReject[kinds[ci]]++
					}
				}
				if pi == def && o.Cases {
					r.Cases = append(r.Cases, Case{Index: it.ID, KG: k, Kind: kinds[ci], Removed: removed[ci],
						Accepted: accepted, Mean: rec.MeanJaccard, Reason: rec.Reason, Query: rec.Candidate.Query,
						Perturbations: rec.Perturbations})
				}
			}
		}
	}
	return nil
}

// unlimited prints q without its top-level LIMIT and OFFSET.
func unlimited(q *sparql.Query) string {
	c := sparql.CloneQuery(q)
	c.Limit, c.Offset = nil, nil
	return sparql.Print(c)
}

// run runs a query under a timeout; nil when it fails.
func run(ctx context.Context, g *kg.Graph, query string, timeout time.Duration) *sparql.Results {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := g.Query(ctx, query)
	if err != nil {
		return nil
	}
	return res
}

// projected are the variables of an answer set.
func projected(q *sparql.Query, res *sparql.Results) []string {
	var vars []string
	for _, v := range q.ProjectedVars() {
		vars = append(vars, v.Name)
	}
	if len(vars) == 0 {
		vars = res.Vars
	}
	return vars
}

// complete returns the allocator's slice s followed by the elements of
// the full slice that s lacks.
func complete(s, full *handoff.Slice) *handoff.Slice {
	c := *s
	c.Classes = slices.Clone(s.Classes)
	c.Properties = slices.Clone(s.Properties)
	for _, x := range full.Classes {
		if !c.HasClass(x.IRI) {
			c.Classes = append(c.Classes, x)
		}
	}
	for _, x := range full.Properties {
		if !c.HasProperty(x.IRI) {
			c.Properties = append(c.Properties, x)
		}
	}
	if len(c.Prefixes) == 0 {
		c.Prefixes = full.Prefixes
	}
	return &c
}

// cache is an endpoint that remembers answers by query text, so that the
// sweep runs each distinct query once. Concurrent requests for one query
// share its one run.
type cache struct {
	ep kg.Endpoint
	mu sync.Mutex
	m  map[string]*cached
}

type cached struct {
	once sync.Once
	res  *sparql.Results
	err  error
}

func newCache(ep kg.Endpoint) *cache { return &cache{ep: ep, m: map[string]*cached{}} }

// Query runs query once and returns its remembered answer after.
func (c *cache) Query(ctx context.Context, query string) (*sparql.Results, error) {
	c.mu.Lock()
	e, ok := c.m[query]
	if !ok {
		e = &cached{}
		c.m[query] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.res, e.err = c.ep.Query(ctx, query) })
	if e.err != nil && ctx.Err() != nil {
		return nil, e.err
	}
	return e.res, e.err
}
