package perturb

import (
	"github.com/schemaforge/go-schemaforge/sparql"
)

// index holds what the operators look up about the query's triples,
// built once per [Generate] in time linear in the query's size. The
// lookups used to scan every triple for each triple (is it a duplicate,
// is its variable bound elsewhere, which property gives this variable),
// quadratic in a query with hundreds of triples and filters, as a long
// question gives.
type index struct {
	byTSS   map[*sparql.TriplesSameSubject][]*tripleSite // the triples of each subject block, in order
	inGroup map[*sparql.GroupPattern]int                 // triples per group
	inQuery map[int]int                                  // triples per query
	sameIn  map[inGroup]int                              // triples with the same terms in one group
	// binders counts, per query and variable, the binding triples (not
	// under EXISTS or MINUS) that mention the variable.
	binders map[int]map[string]int
	objects map[string]*objectProps // the properties whose object is a variable
	// bySubject lists the triples with a plain predicate (not rdf:type)
	// of each subject in each group, in order.
	bySubject map[inGroup][]*tripleSite
	outVars   map[int]map[string]bool // outputVars per query, as asked
	typing    map[inGroup]*implied    // impliedType per group and subject, as asked
}

// inGroup keys a triple's terms (or its subject's) within its group.
type inGroup struct {
	group *sparql.GroupPattern
	key   string
}

// objectProps are the predicates of the triples whose object is one
// variable: the first of all, and the first per query of those that bind
// (not under NOT EXISTS or MINUS).
type objectProps struct {
	first   *sparql.IRI
	binding map[int]*sparql.IRI
}

// implied is what the triples of one subject in one group imply about
// its class, found as far as needed: the classes that are the only
// domain of a property of the triples up to next.
type implied struct {
	triples []*tripleSite // bySubject's list
	next    int
	classes map[string]bool
}

// newIndex indexes the triple sites of g.
func newIndex(triples []*tripleSite) *index {
	ix := &index{
		byTSS: map[*sparql.TriplesSameSubject][]*tripleSite{}, inGroup: map[*sparql.GroupPattern]int{},
		inQuery: map[int]int{}, sameIn: map[inGroup]int{}, binders: map[int]map[string]int{},
		objects: map[string]*objectProps{}, bySubject: map[inGroup][]*tripleSite{}, outVars: map[int]map[string]bool{}, typing: map[inGroup]*implied{},
	}
	for _, s := range triples {
		ix.byTSS[s.tss] = append(ix.byTSS[s.tss], s)
		ix.inGroup[s.group]++
		ix.inQuery[s.query]++
		ix.sameIn[inGroup{s.group, s.key()}]++
		if s.binds() {
			names := s.vars()
			if len(names) > 0 && ix.binders[s.query] == nil {
				ix.binders[s.query] = map[string]int{}
			}
			for _, name := range names {
				ix.binders[s.query][name]++
			}
		}
		p, ok := s.predicate()
		if !ok {
			continue
		}
		k := inGroup{s.group, s.s.Key()}
		ix.bySubject[k] = append(ix.bySubject[k], s)
		name, ok := termVar(s.o)
		if !ok {
			continue
		}
		op := ix.objects[name]
		if op == nil {
			op = &objectProps{first: p, binding: map[int]*sparql.IRI{}}
			ix.objects[name] = op
		}
		if _, seen := op.binding[s.query]; !seen && !s.where.negated() {
			op.binding[s.query] = p
		}
	}
	return ix
}

// binds reports whether the triple binds its variables in its query: it
// is not under EXISTS or MINUS.
func (s *tripleSite) binds() bool { return s.where&(inExists|inMinus) == 0 }

// vars returns the names of the variables among the triple's subject,
// predicate and object, once each.
func (s *tripleSite) vars() []string {
	var out []string
	for _, term := range []sparql.Node{s.s, s.p, s.o} {
		if v, ok := termVar(term); ok && !contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
