// Package linking measures value linking on Spider4SPARQL: for each
// question whose gold query compares against a string literal, does
// [kg.Index.Search] on the question text retrieve the gold (property,
// literal) pair?
//
// A gold pair is taken from a triple pattern with a string literal object
// (?s :p "lit"), or from FILTER(?x = "lit") or FILTER("lit" = ?x) where ?x
// is the object of a triple pattern with the plain predicate :p (anywhere
// in the query, also inside ||, sub-queries, MINUS and EXISTS). Questions
// whose gold query does not parse are skipped and counted.
//
// One index is built per graph (graphs/dev/<kg>.nt for dev-public,
// graphs/train/<kg>.nt.gz for train, kg names matched lower-cased), and
// each question is searched with k = 10. A pair is retrieved at k when one
// of the first k hits has the pair's property and exactly the literal as
// its value; the case-insensitive variant compares values with
// strings.EqualFold. Pairs whose literal the graph does not hold under the
// property (data drift, Spider's "&&" for "and") cannot be retrieved; they
// are counted and reported separately.
package linking

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
)

// SpiderPrologue is the PREFIX block that Spider4SPARQL's gold queries
// need (its README).
const SpiderPrologue = `PREFIX : <http://valuenet/ontop/>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
`

// Splits are the Spider4SPARQL question files this package reads.
var Splits = map[string]struct{ Questions, GraphDir, GraphExt string }{
	"dev-public": {"spider4sparql/questions/dev-public.csv", "spider4sparql/graphs/dev", ".nt"},
	"train":      {"spider4sparql/questions/train.csv", "spider4sparql/graphs/train", ".nt.gz"},
}

// GoldPair is a (property, literal) comparison of a gold query.
type GoldPair struct {
	// Properties are the predicates whose object is compared with the
	// literal (usually one; several when the variable is the object of
	// several triple patterns). A hit with any of them counts.
	Properties []string `json:"properties"`
	// Literal is the lexical form of the string literal.
	Literal string `json:"literal"`
}

// Question is a Spider question with its gold pairs.
type Question struct {
	ID    string     `json:"id"`
	KG    string     `json:"kg"`
	Text  string     `json:"text"`
	Pairs []GoldPair `json:"pairs"`
}

// GoldPairs returns the string-literal comparisons of a parsed query, in
// source order, without duplicates.
func GoldPairs(q *sparql.Query) []GoldPair {
	objectProps := map[string][]string{}
	var out []GoldPair
	seen := map[string]bool{}
	add := func(props []string, lit string) {
		if len(props) == 0 {
			return
		}
		key := strings.Join(props, " ") + "\x00" + lit
		if !seen[key] {
			seen[key] = true
			out = append(out, GoldPair{Properties: props, Literal: lit})
		}
	}
	for _, t := range sparql.Triples(q) {
		p, ok := t.Predicate.(*sparql.IRI)
		if !ok {
			continue
		}
		switch o := t.Object.(type) {
		case *sparql.Var:
			objectProps[o.Name] = appendNew(objectProps[o.Name], p.Value)
		case *sparql.Literal:
			if isString(o) {
				add([]string{p.Value}, o.Lexical)
			}
		}
	}
	sparql.Inspect(q, func(n sparql.Node) bool {
		e, ok := n.(*sparql.BinaryExpr)
		if !ok || e.Op != sparql.OpEq {
			return true
		}
		v, lit := varLiteral(e.X, e.Y)
		if v == nil {
			v, lit = varLiteral(e.Y, e.X)
		}
		if v != nil {
			props := append([]string(nil), objectProps[v.Name]...)
			sort.Strings(props)
			add(props, lit.Lexical)
		}
		return true
	})
	return out
}

func varLiteral(a, b sparql.Expr) (*sparql.Var, *sparql.Literal) {
	v, ok := a.(*sparql.Var)
	l, ok2 := b.(*sparql.Literal)
	if ok && ok2 && isString(l) {
		return v, l
	}
	return nil, nil
}

func isString(l *sparql.Literal) bool {
	return l.Datatype == nil || l.Datatype.Value == sparql.XSDString
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// LoadQuestions reads a split's question file from dataDir and returns the
// questions that have gold pairs, and how many gold queries did not parse.
func LoadQuestions(dataDir, split string) (qs []Question, unparsed int, err error) {
	sp, ok := Splits[split]
	if !ok {
		return nil, 0, fmt.Errorf("linking: unknown split %q", split)
	}
	f, err := os.Open(filepath.Join(dataDir, filepath.FromSlash(sp.Questions)))
	if err != nil {
		return nil, 0, fmt.Errorf("linking: %w", err)
	}
	defer f.Close()
	items, err := datasets.ReadSpiderCSV(f, "spider4sparql-"+split)
	if err != nil {
		return nil, 0, fmt.Errorf("linking: %s: %w", f.Name(), err)
	}
	for _, it := range items {
		q, err := sparql.Parse(SpiderPrologue + strings.TrimPrefix(it.Query, datasets.SpiderPrefix))
		if err != nil {
			unparsed++
			continue
		}
		if pairs := GoldPairs(q); len(pairs) > 0 {
			qs = append(qs, Question{ID: it.ID, KG: strings.ToLower(it.KG), Text: it.Question("en"), Pairs: pairs})
		}
	}
	return qs, unparsed, nil
}

// Counts are recall counts over gold pairs.
type Counts struct {
	Pairs   int `json:"pairs"`   // gold pairs
	InGraph int `json:"inGraph"` // pairs whose literal the graph holds under the property (as a string)
	At1     int `json:"at1"`     // retrieved in the first hit (exact lexical match)
	At5     int `json:"at5"`
	At10    int `json:"at10"`
	CIAt1   int `json:"ciAt1"` // the same, values compared case-insensitively
	CIAt5   int `json:"ciAt5"`
	CIAt10  int `json:"ciAt10"`
}

func (c *Counts) add(o Counts) {
	c.Pairs += o.Pairs
	c.InGraph += o.InGraph
	c.At1 += o.At1
	c.At5 += o.At5
	c.At10 += o.At10
	c.CIAt1 += o.CIAt1
	c.CIAt5 += o.CIAt5
	c.CIAt10 += o.CIAt10
}

// Recall returns n / Pairs (0 when there are no pairs).
func (c Counts) Recall(n int) float64 {
	if c.Pairs == 0 {
		return 0
	}
	return float64(n) / float64(c.Pairs)
}

// RecallInGraph returns n / InGraph (0 when no pair is in the graph).
func (c Counts) RecallInGraph(n int) float64 {
	if c.InGraph == 0 {
		return 0
	}
	return float64(n) / float64(c.InGraph)
}

// GraphReport is the result on one graph.
type GraphReport struct {
	KG        string        `json:"kg"`
	Questions int           `json:"questions"`
	Values    int           `json:"values"` // indexed (property, value) pairs
	Build     time.Duration `json:"build"`  // index build time (the graph load excluded)
	Counts
}

// Miss is a gold pair not retrieved in the first k hits.
type Miss struct {
	ID      string   `json:"id"`
	KG      string   `json:"kg"`
	Text    string   `json:"text"`
	Pair    GoldPair `json:"pair"`
	InGraph bool     `json:"inGraph"`
	// CaseOnly is true when the pair was retrieved with another case.
	CaseOnly bool `json:"caseOnly,omitempty"`
	// Top are the first three hits, "property value" each.
	Top []string `json:"top"`
}

// Report is the result of [Run].
type Report struct {
	Split     string        `json:"split"`
	K         int           `json:"k"`
	Questions int           `json:"questions"` // questions with gold pairs
	Unparsed  int           `json:"unparsed"`  // gold queries that did not parse
	Graphs    []GraphReport `json:"graphs"`
	Counts
	Misses []Miss `json:"misses"`
	// Searches is the number of searches; SearchTotal their total time,
	// SearchP50 and SearchP95 the median and 95th percentile.
	Searches    int           `json:"searches"`
	SearchTotal time.Duration `json:"searchTotal"`
	SearchP50   time.Duration `json:"searchP50"`
	SearchP95   time.Duration `json:"searchP95"`
	BuildTotal  time.Duration `json:"buildTotal"`
}

// Run measures value linking on a split ("dev-public" or "train") of the
// Spider4SPARQL data in dataDir.
func Run(ctx context.Context, dataDir, split string) (*Report, error) {
	const k = 10
	sp, ok := Splits[split]
	if !ok {
		return nil, fmt.Errorf("linking: unknown split %q", split)
	}
	qs, unparsed, err := LoadQuestions(dataDir, split)
	if err != nil {
		return nil, err
	}
	byKG := map[string][]Question{}
	for _, q := range qs {
		byKG[q.KG] = append(byKG[q.KG], q)
	}
	kgs := make([]string, 0, len(byKG))
	for name := range byKG {
		kgs = append(kgs, name)
	}
	sort.Strings(kgs)
	rep := &Report{Split: split, K: k, Questions: len(qs), Unparsed: unparsed}
	var lat []time.Duration
	for _, name := range kgs {
		path := filepath.Join(dataDir, filepath.FromSlash(sp.GraphDir), name+sp.GraphExt)
		st := store.New()
		if err := st.LoadFile(ctx, path, ""); err != nil {
			return nil, fmt.Errorf("linking: graph %s: %w", name, err)
		}
		ix, err := kg.BuildIndex(ctx, st)
		if err != nil {
			return nil, fmt.Errorf("linking: graph %s: %w", name, err)
		}
		gr := GraphReport{KG: name, Questions: len(byKG[name]), Values: ix.Len(), Build: ix.BuildTime()}
		rep.BuildTotal += ix.BuildTime()
		for _, q := range byKG[name] {
			start := time.Now()
			hits := ix.Search(q.Text, k)
			lat = append(lat, time.Since(start))
			for _, p := range q.Pairs {
				in, err := inGraph(ctx, st, p)
				if err != nil {
					return nil, fmt.Errorf("linking: graph %s, question %s: %w", name, q.ID, err)
				}
				c, caseOnly := score(hits, p, in)
				gr.Counts.add(c)
				if c.At10 == 0 {
					m := Miss{ID: q.ID, KG: name, Text: q.Text, Pair: p, InGraph: in, CaseOnly: caseOnly}
					for i := 0; i < len(hits) && i < 3; i++ {
						m.Top = append(m.Top, fmt.Sprintf("%s %q", hits[i].Property, hits[i].Value))
					}
					rep.Misses = append(rep.Misses, m)
				}
			}
		}
		rep.Graphs = append(rep.Graphs, gr)
		rep.Counts.add(gr.Counts)
	}
	rep.Searches = len(lat)
	if len(lat) > 0 {
		for _, d := range lat {
			rep.SearchTotal += d
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		rep.SearchP50 = lat[len(lat)/2]
		rep.SearchP95 = lat[(len(lat)*95)/100]
	}
	return rep, nil
}

// score counts one pair against the hits.
func score(hits []kg.Hit, p GoldPair, in bool) (c Counts, caseOnly bool) {
	c.Pairs = 1
	if in {
		c.InGraph = 1
	}
	exact, ci := -1, -1
	for i, h := range hits {
		if !contains(p.Properties, h.Property) {
			continue
		}
		if exact < 0 && h.Value == p.Literal {
			exact = i
		}
		if ci < 0 && strings.EqualFold(h.Value, p.Literal) {
			ci = i
		}
	}
	at := func(rank, k int) int {
		if rank >= 0 && rank < k {
			return 1
		}
		return 0
	}
	c.At1, c.At5, c.At10 = at(exact, 1), at(exact, 5), at(exact, 10)
	c.CIAt1, c.CIAt5, c.CIAt10 = at(ci, 1), at(ci, 5), at(ci, 10)
	return c, c.At10 == 0 && c.CIAt10 == 1
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// inGraph asks whether some subject has the literal (as a simple literal)
// under one of the pair's properties. The query is built as a tree, so
// the literal cannot change its shape.
func inGraph(ctx context.Context, ep kg.Endpoint, p GoldPair) (bool, error) {
	for _, prop := range p.Properties {
		q := &sparql.Query{Form: sparql.Ask, Where: &sparql.GroupPattern{Elements: []sparql.Pattern{
			&sparql.TriplesBlock{Triples: []*sparql.TriplesSameSubject{{
				Subject: sparql.NewVar("s"),
				Properties: []*sparql.PropertyObjects{{
					Verb:    sparql.NewIRI(prop),
					Objects: []sparql.GraphNode{sparql.NewLiteral(p.Literal)},
				}},
			}}},
		}}}
		res, err := ep.Query(ctx, sparql.Print(q))
		if err != nil {
			return false, fmt.Errorf("ask for %s %q: %w", prop, p.Literal, err)
		}
		if res.Boolean != nil && *res.Boolean {
			return true, nil
		}
	}
	return false, nil
}

// FindDataDir returns the shared data folder: ../shared/data beside the
// module root found by walking up from start to the directory holding
// go.mod. It fails when there is no such folder.
func FindDataDir(start string) (string, error) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("linking: find data folder: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			data := filepath.Join(dir, "..", "shared", "data")
			if st, err := os.Stat(data); err != nil || !st.IsDir() {
				return "", fmt.Errorf("linking: data folder %s absent", data)
			}
			return data, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("linking: find data folder: no go.mod above " + start)
		}
		dir = parent
	}
}

// Summary renders the report's headline figures as text.
func (r *Report) Summary() string {
	var b strings.Builder
	pct := func(n, d int) string {
		if d == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(n)/float64(d), n, d)
	}
	fmt.Fprintf(&b, "split %s: %d questions with string-literal comparisons (%d gold queries unparsed), %d gold pairs, %d in the graph\n",
		r.Split, r.Questions, r.Unparsed, r.Pairs, r.InGraph)
	fmt.Fprintf(&b, "recall exact  @1 %s  @5 %s  @10 %s\n", pct(r.At1, r.Pairs), pct(r.At5, r.Pairs), pct(r.At10, r.Pairs))
	fmt.Fprintf(&b, "recall nocase @1 %s  @5 %s  @10 %s\n", pct(r.CIAt1, r.Pairs), pct(r.CIAt5, r.Pairs), pct(r.CIAt10, r.Pairs))
	fmt.Fprintf(&b, "over in-graph pairs: exact @1 %s  @5 %s  @10 %s\n", pct(r.At1, r.InGraph), pct(r.At5, r.InGraph), pct(r.At10, r.InGraph))
	var ne Counts
	empty := 0
	for _, g := range r.Graphs {
		if g.Values > 0 {
			ne.add(g.Counts)
		} else {
			empty++
		}
	}
	if empty > 0 {
		fmt.Fprintf(&b, "over all pairs of the %d graphs with string values (%d graphs without): exact @1 %s  @5 %s  @10 %s\n",
			len(r.Graphs)-empty, empty, pct(ne.At1, ne.Pairs), pct(ne.At5, ne.Pairs), pct(ne.At10, ne.Pairs))
	}
	var mean time.Duration
	if r.Searches > 0 {
		mean = r.SearchTotal / time.Duration(r.Searches)
	}
	fmt.Fprintf(&b, "index build total %v over %d graphs; search latency mean %v p50 %v p95 %v (%d searches)\n",
		r.BuildTotal.Round(time.Millisecond), len(r.Graphs), mean.Round(time.Microsecond), r.SearchP50.Round(time.Microsecond), r.SearchP95.Round(time.Microsecond), r.Searches)
	return b.String()
}
