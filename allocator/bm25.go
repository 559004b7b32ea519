package allocator

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
)

// BM25 is the "w/o Allocator" ablation: it ranks the whole pool by BM25
// of the subgoal's text against each graph's text serialisation, with no
// weak/strong stages and no schema matching, selects the K' best and gives
// each a slice of its whole schema (cut at SliceProperties × 4
// properties). It implements handoff.Allocator.
type BM25 struct {
	// KPrime is the number of graphs selected (default 3).
	KPrime int
	// K1 and B are the BM25 parameters (defaults 1.2 and 0.75).
	K1, B float64
	// SliceProperties bounds each slice (default 60 properties).
	SliceProperties int

	mu    sync.Mutex
	index map[*kg.Collection]*bm25Index
}

type bm25Index struct {
	ids   []string
	tf    []map[string]float64
	len   []float64
	avg   float64
	df    map[string]int
	pool  *kg.Collection
	graph map[string]*kg.Graph
}

func (b *BM25) prepare(coll *kg.Collection) (*bm25Index, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if ix := b.index[coll]; ix != nil {
		return ix, nil
	}
	if coll == nil || coll.Len() == 0 {
		return nil, errors.New("allocator: empty collection")
	}
	ix := &bm25Index{df: map[string]int{}, pool: coll, graph: map[string]*kg.Graph{}}
	total := 0.0
	for _, g := range coll.Graphs() {
		if g.Summary == nil {
			return nil, fmt.Errorf("allocator: graph %s has no summary", g.ID)
		}
		tf := map[string]float64{}
		words := llm.EmbedWords(graphText(g))
		for _, w := range words {
			tf[w]++
		}
		for w := range tf {
			ix.df[w]++
		}
		ix.ids = append(ix.ids, g.ID)
		ix.tf = append(ix.tf, tf)
		ix.len = append(ix.len, float64(len(words)))
		ix.graph[g.ID] = g
		total += float64(len(words))
	}
	ix.avg = total / float64(len(ix.ids))
	if b.index == nil {
		b.index = map[*kg.Collection]*bm25Index{}
	}
	b.index[coll] = ix
	return ix, nil
}

// Allocate ranks the pool's graphs by BM25 of sg's text.
func (b *BM25) Allocate(ctx context.Context, sg *handoff.Subgoal, coll *kg.Collection) (*handoff.Allocation, error) {
	if sg == nil {
		return nil, errors.New("allocator: nil subgoal")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ix, err := b.prepare(coll)
	if err != nil {
		return nil, err
	}
	k1, bb, kp, sp := cmp.Or(b.K1, 1.2), cmp.Or(b.B, 0.75), cmp.Or(b.KPrime, 3), cmp.Or(b.SliceProperties, 60)
	q := llm.EmbedWords(weakQueryText(sg))
	n := float64(len(ix.ids))
	al := &handoff.Allocation{Subgoal: sg.ID}
	for i, id := range ix.ids {
		s := 0.0
		for _, w := range q {
			f := ix.tf[i][w]
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(ix.df[w])+0.5)/(float64(ix.df[w])+0.5))
			s += idf * f * (k1 + 1) / (f + k1*(1-bb+bb*ix.len[i]/ix.avg))
		}
		al.Scores = append(al.Scores, handoff.GraphScore{Graph: id, Weak: s, Final: s})
	}
	slices.SortStableFunc(al.Scores, func(x, y handoff.GraphScore) int {
		return cmp.Or(cmp.Compare(y.Final, x.Final), cmp.Compare(x.Graph, y.Graph))
	})
	for i := 0; i < len(al.Scores) && i < kp && al.Scores[i].Final > 0; i++ {
		id := al.Scores[i].Graph
		al.Selected = append(al.Selected, id)
		al.Slices = append(al.Slices, FullSlice(ix.graph[id], sp))
	}
	return al, nil
}

// FullSlice returns a slice of a graph's whole schema (classes, and up to
// maxProps properties by descending count).
func FullSlice(g *kg.Graph, maxProps int) *handoff.Slice {
	s := &handoff.Slice{Graph: g.ID}
	for _, ns := range g.Summary.Namespaces {
		s.Prefixes = append(s.Prefixes, handoff.Prefix{Prefix: ns.Prefix, IRI: ns.IRI})
	}
	for _, c := range g.Summary.Classes {
		s.Classes = append(s.Classes, handoff.SliceClass{IRI: c.IRI, Label: c.Label, Count: c.Count})
	}
	for i, p := range g.Summary.Properties {
		if i == maxProps {
			break
		}
		sp := handoff.SliceProperty{IRI: p.IRI, Label: p.Label, Count: p.Count, ForeignKey: p.ForeignKey, Domains: slices.Clone(p.Domains), Ranges: slices.Clone(p.Ranges)}
		for _, c := range p.SubjectClasses {
			sp.Domains = appendNew(sp.Domains, c.IRI)
		}
		for _, c := range p.ObjectClasses {
			sp.Ranges = appendNew(sp.Ranges, c.IRI)
		}
		for _, d := range p.Datatypes {
			sp.Datatypes = appendNew(sp.Datatypes, d.IRI)
		}
		s.Properties = append(s.Properties, sp)
	}
	s.Tokens = EstimateTokens(s.Text())
	return s
}
