package integrator

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// The alignment queries; the IRIs looked up are bound to ?s by an inline
// VALUES block added through the AST, so no IRI can change a query's
// shape.
var (
	sameAsQuery = mustParse(`PREFIX owl: <http://www.w3.org/2002/07/owl#>
SELECT DISTINCT ?s ?o WHERE { ?s owl:sameAs|^owl:sameAs ?o FILTER(isIRI(?o)) }`)
	labelQuery = mustParse(`PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT DISTINCT ?s ?l WHERE { ?s rdfs:label|skos:prefLabel ?l FILTER(isLiteral(?l)) }`)
)

func mustParse(src string) *sparql.Query {
	q, err := sparql.Parse(src)
	if err != nil {
		panic(fmt.Sprintf("integrator: bad query: %v\n%s", err, src))
	}
	return q
}

// withValues returns q with VALUES ?s { iris… } as the first element of
// its WHERE clause and a LIMIT.
func withValues(q *sparql.Query, iris []string, limit int64) (string, error) {
	rows := make([][]sparql.Term, len(iris))
	for i, iri := range iris {
		rows[i] = []sparql.Term{sparql.NewIRI(iri)}
	}
	q, err := sparql.WithValues(q, []string{"s"}, rows)
	if err != nil {
		return "", err
	}
	q.Limit = &limit
	return sparql.Print(q), nil
}

// unionFind groups IRIs into entities.
type unionFind map[string]string

func (u unionFind) find(x string) string {
	p, ok := u[x]
	if !ok || p == x {
		return x
	}
	root := u.find(p)
	u[x] = root
	return root
}

func (u unionFind) union(a, b string) bool {
	ra, rb := u.find(a), u.find(b)
	if ra == rb {
		return false
	}
	if rb < ra {
		ra, rb = rb, ra
	}
	u[rb] = ra
	u[ra] = ra
	return true
}

// alignEntities looks up owl:sameAs links and labels of the IRIs that
// the used records of different graphs gave, and sets r.align: each IRI
// of an entity with several answer IRIs → the entity's least answer IRI.
func (r *run) alignEntities(ctx context.Context) {
	coll := r.cfg.Collection
	if coll == nil || r.cfg.NoAlignment {
		return
	}
	// The answer IRIs of each graph, in order of appearance, capped.
	byGraph := map[string][]string{}
	seen := map[string]map[string]bool{}
	capped := 0
	for i := range r.d.Subgoals {
		for _, u := range r.used[r.d.Subgoals[i].ID] {
			g := u.rec.Candidate.Graph
			if seen[g] == nil {
				seen[g] = map[string]bool{}
			}
			for _, rw := range u.rec.Results.Rows {
				for _, v := range u.rec.Results.Vars {
					iri, ok := rw[v].(*sparql.IRI)
					if !ok || seen[g][iri.Value] {
						continue
					}
					if len(byGraph[g]) >= r.cfg.MaxAlignIRIs {
						capped++
						continue
					}
					seen[g][iri.Value] = true
					byGraph[g] = append(byGraph[g], iri.Value)
				}
			}
		}
	}
	graphs := sortedKeys(byGraph)
	if len(graphs) < 2 {
		return
	}
	var all []string
	inAnswers := map[string]bool{}
	for _, g := range graphs {
		for _, iri := range byGraph[g] {
			if !inAnswers[iri] {
				inAnswers[iri] = true
				all = append(all, iri)
			}
		}
	}
	slices.Sort(all)

	uf := unionFind{}
	sameAs, labelLinks, failures := 0, 0, 0
	fail := func(g, what string, err error) {
		failures++
		r.event("", g, fmt.Sprintf("alignment: %s on %s failed, going on without it: %v", what, g, err), nil)
	}
	// labels[label][graph] = the graph's answer IRIs with that label.
	labels := map[string]map[string][]string{}
	for _, g := range graphs {
		if ctx.Err() != nil {
			return
		}
		gr, ok := coll.Graph(g)
		if !ok {
			fail(g, "looking up the graph", fmt.Errorf("graph %q is not in the collection", g))
			continue
		}
		// Links stored in either graph of a pair are found: every graph
		// is asked about every answer IRI.
		for batch := range slices.Chunk(all, r.cfg.AlignBatch) {
			res, err := r.alignQuery(ctx, gr, sameAsQuery, batch, int64(10*len(batch)))
			if err != nil {
				fail(g, "the owl:sameAs look-up", err)
				break
			}
			for _, rw := range res.Rows {
				s, ok1 := rw["s"].(*sparql.IRI)
				o, ok2 := rw["o"].(*sparql.IRI)
				if ok1 && ok2 && uf.union(s.Value, o.Value) {
					sameAs++
				}
			}
		}
		if r.cfg.NoLabelAlignment {
			continue
		}
		for batch := range slices.Chunk(byGraph[g], r.cfg.AlignBatch) {
			res, err := r.alignQuery(ctx, gr, labelQuery, batch, int64(10*len(batch)))
			if err != nil {
				fail(g, "the label look-up", err)
				break
			}
			for _, rw := range res.Rows {
				s, ok1 := rw["s"].(*sparql.IRI)
				l, ok2 := rw["l"].(*sparql.Literal)
				if !ok1 || !ok2 {
					continue
				}
				key := strings.ToLower(strings.Join(strings.Fields(l.Lexical), " "))
				if key == "" {
					continue
				}
				if labels[key] == nil {
					labels[key] = map[string][]string{}
				}
				if !slices.Contains(labels[key][g], s.Value) {
					labels[key][g] = append(labels[key][g], s.Value)
				}
			}
		}
	}
	// A label aligns the IRIs of different graphs when it names exactly
	// one answer IRI in each of them.
	for _, key := range sortedKeys(labels) {
		var unique []string
		for _, g := range sortedKeys(labels[key]) {
			if iris := labels[key][g]; len(iris) == 1 {
				unique = append(unique, iris[0])
			}
		}
		for _, iri := range unique[min(1, len(unique)):] {
			if uf.union(unique[0], iri) {
				labelLinks++
			}
		}
	}
	// Entities with several answer IRIs: all map to the least.
	members := map[string][]string{}
	for _, iri := range all {
		root := uf.find(iri)
		members[root] = append(members[root], iri)
	}
	aligned := 0
	for _, ms := range members {
		if len(ms) < 2 {
			continue
		}
		if r.align == nil {
			r.align = map[string]string{}
		}
		for _, iri := range ms {
			r.align[iri] = ms[0]
		}
		aligned += len(ms) - 1
	}
	msg := fmt.Sprintf("alignment over %d graphs (%s), %d answer IRIs: %d owl:sameAs links, %d label matches, %d IRIs aligned with another",
		len(graphs), strings.Join(graphs, ", "), len(all), sameAs, labelLinks, aligned)
	if capped > 0 {
		msg += fmt.Sprintf("; %d IRIs beyond the cap of %d per graph not looked up", capped, r.cfg.MaxAlignIRIs)
	}
	r.event("", "", msg, map[string]float64{"graphs": float64(len(graphs)), "iris": float64(len(all)),
		"sameAs": float64(sameAs), "labelMatches": float64(labelLinks), "aligned": float64(aligned),
		"failures": float64(failures), "capped": float64(capped)})
}

// alignQuery runs one alignment query on g under the alignment timeout.
func (r *run) alignQuery(ctx context.Context, g *kg.Graph, q *sparql.Query, iris []string, limit int64) (*sparql.Results, error) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.AlignTimeout)
	defer cancel()
	src, err := withValues(q, iris, limit)
	if err != nil {
		return nil, err
	}
	return g.Query(ctx, src)
}
