// Package synthesis measures the Synthesizer on Spider4SPARQL: each
// question is decomposed, allocated over a pool, and the best candidate of
// the best graph is run and compared with the gold answer (exact
// answer-set match after canonicalisation, EA). No verifier runs here:
// the figure is what synthesis alone reaches.
package synthesis

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/internal/conformance"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Result is the outcome of one question.
type Result struct {
	Index    string `json:"index"`
	KG       string `json:"kg"`
	Question string `json:"question"`
	Graph    string `json:"graph"` // the graph the candidate ran on
	Query    string `json:"query,omitempty"`
	Skeleton string `json:"skeleton,omitempty"`
	GoldOp   string `json:"goldOp"`
	EA       bool   `json:"ea"`
	// Oracle is true when some candidate of the best graph (not
	// necessarily the first) has the gold answer.
	Oracle bool   `json:"oracle"`
	Cands  int    `json:"candidates"`
	Error  string `json:"error,omitempty"`
}

// Report sums a run.
type Report struct {
	N  int     `json:"n"`
	EA float64 `json:"ea"`
	// Oracle is the share of questions where some candidate of the best
	// graph has the gold answer: what a perfect ranker would reach.
	Oracle float64            `json:"oracle_ea"`
	ByOp   map[string][2]int  `json:"by_operation"` // op → {n, correct}
	Millis float64            `json:"ms_per_question"`
	Items  []Result           `json:"results,omitempty"`
	Extra  map[string]float64 `json:"extra,omitempty"`
}

// Stages are the agents the run uses.
type Stages struct {
	Decomposer  handoff.Decomposer
	Allocator   handoff.Allocator
	Synthesizer handoff.Synthesizer
	// OwnGraph asks each question over its gold graph alone, so the
	// figure measures synthesis without routing (the allocator still
	// builds the slice).
	OwnGraph bool
}

// Run measures split (dev-public or train) of the Spider4SPARQL folder
// dir over coll. every > 1 keeps every every-th question (a deterministic
// sample for quick tuning runs).
func Run(ctx context.Context, dir, split string, coll *kg.Collection, st Stages, every int) (*Report, error) {
	items, err := datasets.LoadSpiderCSV(filepath.Join(dir, "questions", split+".csv"), "spider4sparql")
	if err != nil {
		return nil, err
	}
	golds, err := conformance.ReadSpiderGold(filepath.Join(dir, "gold", split+".jsonl"))
	if err != nil {
		return nil, err
	}
	gold := map[string]*conformance.SpiderGold{}
	for i := range golds {
		gold[strconv.Itoa(golds[i].Index)] = &golds[i]
	}
	if p, ok := st.Allocator.(interface {
		Prepare(context.Context, *kg.Collection) error
	}); ok {
		if err := p.Prepare(ctx, coll); err != nil {
			return nil, err
		}
	}
	r := &Report{ByOp: map[string][2]int{}}
	var total time.Duration
	for i, it := range items {
		if every > 1 && i%every != 0 {
			continue
		}
		g := gold[it.ID]
		if g == nil || g.Status != "ok" {
			continue
		}
		kgraph, ok := coll.Graph(strings.ToLower(it.KG))
		if !ok {
			if kgraph, ok = coll.Graph(it.KG); !ok {
				continue
			}
		}
		want, err := g.Results()
		if err != nil {
			return nil, err
		}
		// Rows tied at the edge of an ordered slice may be swapped.
		gold := qa.Question{Answer: want}
		gold.Ties, _ = qa.FindTies(ctx, kgraph, it.Query, want)
		res := Result{Index: it.ID, KG: it.KG, Question: it.Question("en"), GoldOp: qa.GoldOperation(it.Query)}
		start := time.Now()
		pool := coll
		if st.OwnGraph {
			if pool, err = kg.NewCollection(kgraph); err != nil {
				return nil, fmt.Errorf("synthesis: a collection of %s: %w", kgraph.ID, err)
			}
		}
		got, others, err := answer(ctx, res.Question, pool, st, &res)
		total += time.Since(start)
		if err != nil {
			res.Error = err.Error()
		} else {
			res.EA = gold.Right(got)
			res.Oracle = res.EA
			for _, o := range others {
				if !res.Oracle && gold.Right(o) {
					res.Oracle = true
				}
			}
		}
		if res.Oracle {
			r.Oracle++
		}
		r.N++
		c := r.ByOp[res.GoldOp]
		c[0]++
		if res.EA {
			r.EA++
			c[1]++
		}
		r.ByOp[res.GoldOp] = c
		r.Items = append(r.Items, res)
	}
	if r.N > 0 {
		r.EA /= float64(r.N)
		r.Oracle /= float64(r.N)
		r.Millis = float64(total.Microseconds()) / 1000 / float64(r.N)
	}
	return r, nil
}

func answer(ctx context.Context, q string, coll *kg.Collection, st Stages, res *Result) (*sparql.Results, []*sparql.Results, error) {
	d, err := st.Decomposer.Decompose(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	sg := d.Merged()
	a, err := st.Allocator.Allocate(ctx, &sg, coll)
	if err != nil {
		return nil, nil, err
	}
	if len(a.Selected) == 0 {
		return nil, nil, fmt.Errorf("no graph selected")
	}
	sl := a.Slices[0]
	g, ok := coll.Graph(a.Selected[0])
	if !ok {
		return nil, nil, fmt.Errorf("graph %s not in the collection", a.Selected[0])
	}
	res.Graph = g.ID
	cands, err := st.Synthesizer.Synthesize(ctx, &sg, sl, g, nil)
	if err != nil {
		return nil, nil, err
	}
	if len(cands) == 0 {
		return nil, nil, fmt.Errorf("no candidate")
	}
	res.Query, res.Skeleton, res.Cands = cands[0].Query, cands[0].Skeleton, len(cands)
	first, err := g.Query(ctx, cands[0].Query)
	if err != nil {
		return nil, nil, err
	}
	var others []*sparql.Results
	for _, c := range cands[1:] {
		if r, err := g.Query(ctx, c.Query); err == nil {
			others = append(others, r)
		}
	}
	return first, others, nil
}
