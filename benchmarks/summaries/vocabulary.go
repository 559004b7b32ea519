// Package summaries measures the schema summaries of package kg against a
// benchmark: whether every class and property that gold queries use (and
// that occurs in the graph) appears in the graph's summary.
package summaries

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// spiderPrologue declares the prefixes Spider4SPARQL gold queries use
// besides the default one.
const spiderPrologue = "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n" +
	"PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n" +
	"PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"

// Use is one class or property named by a gold query.
type Use struct {
	Graph string `json:"graph"`
	IRI   string `json:"iri"`
	Class bool   `json:"class"` // a class (object of rdf:type), else a property
	// Occurs is true when the graph has an instance of the class or a
	// triple with the property.
	Occurs bool `json:"occurs"`
	// InSummary is true when the graph's summary lists it.
	InSummary bool `json:"inSummary"`
}

// Report is the result of [Coverage].
type Report struct {
	// Queries is the number of gold queries looked at; Unparsed those
	// that do not parse (left out); NoGraph those whose graph is not in
	// the collection.
	Queries, Unparsed, NoGraph int
	// Uses are the distinct (graph, IRI) uses, sorted.
	Uses []Use
	// QueriesAllOccur counts the queries whose classes and properties all
	// occur in their graph; QueriesCovered those whose classes and
	// properties that occur are all in the summary.
	QueriesAllOccur, QueriesCovered int
}

// Counts returns the number of uses, of uses that occur in their graph and
// of those that are in the summary.
func (r *Report) Counts() (uses, occurring, covered int) {
	for _, u := range r.Uses {
		uses++
		if u.Occurs {
			occurring++
			if u.InSummary {
				covered++
			}
		}
	}
	return
}

// Missing returns the uses that occur in their graph but are not in its
// summary.
func (r *Report) Missing() []Use {
	var out []Use
	for _, u := range r.Uses {
		if u.Occurs && !u.InSummary {
			out = append(out, u)
		}
	}
	return out
}

// String summarises the report in one line.
func (r *Report) String() string {
	uses, occ, cov := r.Counts()
	return fmt.Sprintf("%d queries (%d unparsed, %d without graph): %d distinct class/property uses, %d occur in their graph, %d of those in the summary (%.1f%%); queries: %d use only occurring vocabulary, %d fully covered (%.1f%%)",
		r.Queries, r.Unparsed, r.NoGraph, uses, occ, cov, pct(cov, occ), r.QueriesAllOccur, r.QueriesCovered, pct(r.QueriesCovered, r.Queries-r.Unparsed-r.NoGraph))
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// Coverage checks, for every item, the classes and properties its gold
// query names against the summary of its graph (matched to the item's KG
// case-insensitively). Whether a class or property occurs in a graph is
// asked of the graph with ASK queries. Graphs must be summarised.
func Coverage(ctx context.Context, coll *kg.Collection, items []datasets.Item) (*Report, error) {
	r := &Report{}
	byID := map[string]*kg.Graph{}
	for _, g := range coll.Graphs() {
		byID[strings.ToLower(g.ID)] = g
	}
	seen := map[Use]int{} // (graph, IRI, class) → index in r.Uses
	for _, it := range items {
		r.Queries++
		g := byID[strings.ToLower(it.KG)]
		if g == nil {
			r.NoGraph++
			continue
		}
		if g.Summary == nil {
			return nil, fmt.Errorf("graph %s has no summary", g.ID)
		}
		q, err := sparql.Parse(spiderPrologue + it.Query)
		if err != nil {
			r.Unparsed++
			continue
		}
		a := sparql.Analyze(q)
		allOccur, covered := true, true
		for _, role := range []sparql.IRIRole{sparql.RoleClass, sparql.RolePredicate} {
			for _, iri := range a.IRIs[role] {
				key := Use{Graph: g.ID, IRI: iri, Class: role == sparql.RoleClass}
				i, ok := seen[key]
				if !ok {
					u := key
					occ, err := occurs(ctx, g, iri, u.Class)
					if err != nil {
						return nil, err
					}
					u.Occurs = occ
					if u.Class {
						_, u.InSummary = g.Summary.Class(iri)
					} else {
						_, u.InSummary = g.Summary.Property(iri)
					}
					i = len(r.Uses)
					seen[key] = i
					r.Uses = append(r.Uses, u)
				}
				u := r.Uses[i]
				allOccur = allOccur && u.Occurs
				covered = covered && (!u.Occurs || u.InSummary)
			}
		}
		if allOccur {
			r.QueriesAllOccur++
		}
		if covered {
			r.QueriesCovered++
		}
	}
	slices.SortFunc(r.Uses, func(a, b Use) int {
		return strings.Compare(a.Graph+" "+a.IRI, b.Graph+" "+b.IRI)
	})
	return r, nil
}

// occurs asks g whether the class has an instance or the property a
// triple. The IRI goes into the query through the AST (a VALUES block).
func occurs(ctx context.Context, g *kg.Graph, iri string, class bool) (bool, error) {
	src, v := "ASK { ?s ?x ?o }", "x"
	if class {
		src = "ASK { ?s a ?x }"
	}
	q, err := sparql.Parse(src)
	if err != nil {
		return false, err
	}
	q.Values = &sparql.ValuesBlock{Vars: []*sparql.Var{{Name: v}}, OneVar: true,
		Rows: [][]sparql.Term{{&sparql.IRI{Value: iri}}}}
	res, err := g.QueryParsed(ctx, q)
	if err != nil {
		return false, err
	}
	return res.Boolean != nil && *res.Boolean, nil
}
