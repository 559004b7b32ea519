// Package perturb holds the perturbation operators of the SchemaForge
// verifier: type-preserving edits of a candidate query's syntax tree that
// should move its answer if the query means what it says.
//
// The operators are
//
//   - [PredicateSwap]: replace a predicate by another property of the
//     slice with a compatible profile: a shared subject class and, for a
//     datatype property, a shared datatype family (numeric, string, date,
//     boolean), for an object property a shared range class (the profile
//     of a predicate the slice lacks is found by probing the graph);
//   - [EntitySwap]: replace a constant IRI by another entity sharing an
//     rdf:type with it, or a literal compared by = to a property's values
//     (FILTER(?v = "x"), or "x" as the object of a triple) by another value
//     of that property, both found through the endpoint with bounded,
//     ordered queries;
//   - [FilterRelax]: drop one FILTER (or one conjunct of a FILTER's &&, a
//     HAVING condition, a MINUS);
//   - [FilterTighten]: narrow one comparison (<, <=, >, >=) with a number
//     or date: the bound moves to the median of the property's values that
//     pass it, so that the filter keeps about half its rows (by a fixed
//     step when the values cannot be looked up, as in HAVING);
//   - [TripleDrop]: drop one triple pattern that is neither the only source
//     of an output variable of its query nor the only triple of its group
//     nor a duplicate of another (nor a type triple that another triple
//     implies, see below);
//   - [LiteralShift]: move a number, year or date constant up or down
//     within its datatype;
//   - [OrderFlip]: flip the direction of one ORDER BY key (ASC ↔ DESC) of
//     a query or sub-select with a LIMIT (without one the order does not
//     choose the answer, and nothing is flipped);
//   - [LimitChange]: change a LIMIT n (n ≥ 1) of a query or sub-select to
//     n+1 and, when n > 1, to n−1;
//   - [GroupDrop]: drop one GROUP BY key of a query that aggregates: a key
//     it does not project from GROUP BY alone (the groups merge; with one
//     key the aggregate is over the whole set); a projected key from GROUP
//     BY and the projection together, when another projected variable
//     remains (an output site, see below);
//   - [ProjectionSwap]: replace the datatype property whose object the
//     main query projects (or aggregates) by a compatible property of the
//     slice, as PredicateSwap chooses them (shared subject class and
//     datatype family); only when no other operator has a variant (see
//     below).
//
// Operators look everywhere in the WHERE clause: nested groups, OPTIONAL,
// UNION branches, MINUS, FILTER (NOT) EXISTS groups and sub-selects, and
// HAVING; OrderFlip, LimitChange and GroupDrop look at the solution
// modifiers of the main query and of every sub-select.
//
// Every variant is built on a copy of the tree (sparql.CloneQuery), printed,
// and parsed again; it is skipped when it does not parse, is identical to
// the original, or duplicates another variant. [Generate] returns up to
// Config.M variants taken round-robin across operators, deterministically:
// the same query, slice and graph give the same variants in the same order.
// Only sites that constrain the answer are perturbed (filters, constants,
// triples and predicates whose values are not returned, ORDER BY keys and
// LIMITs that choose rows, GROUP BY keys that are not returned;
// Config.Outputs adds the others), and alternatives are spread across
// sites. A type triple that another triple of its subject implies (the
// slice says that property's only domain is the class) is not dropped:
// its removal says nothing.
//
// ProjectionSwap is the exception to the rule on outputs: its sites are
// outputs by definition (it changes what is returned, so its variants
// move any non-trivial answer), and it perturbs them whatever
// Config.Outputs says. Because its variants move the answer whether or
// not the constraints mean anything, it only fills in: its variants are
// used only when no other configured operator gives one (a plain lookup,
// a count of a projected property). Leave it out of Config.Operators to
// perturb constraints only.
package perturb

import (
	"context"
	"fmt"
	"slices"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// The operator names, as used in Config.Operators, Variant.Operator and
// handoff.Perturbation.Operator.
const (
	PredicateSwap  = "predicate-swap"
	EntitySwap     = "entity-swap"
	FilterRelax    = "filter-relax"
	FilterTighten  = "filter-tighten"
	TripleDrop     = "triple-drop"
	LiteralShift   = "literal-shift"
	OrderFlip      = "order-flip"
	LimitChange    = "limit-change"
	GroupDrop      = "group-drop"
	ProjectionSwap = "projection-swap"
)

// Operators lists every operator in the default round-robin order:
// dropping and swapping constraints before narrowing and shifting them,
// then the solution modifiers (ORDER BY with LIMIT, LIMIT, GROUP BY) and
// last the projected properties, which give evidence for queries whose
// WHERE clause has nothing else to perturb.
var Operators = []string{FilterRelax, EntitySwap, PredicateSwap, TripleDrop, FilterTighten, LiteralShift,
	OrderFlip, LimitChange, GroupDrop, ProjectionSwap}

// Variant is one perturbed query.
type Variant struct {
	// Operator is the operator that made it (one of [Operators]).
	Operator string
	// Query is the variant's tree, as parsed back from Text.
	Query *sparql.Query
	// Text is the variant printed (sparql.Print).
	Text string
	// Detail says what changed, in words ("swap <p> → <q>").
	Detail string
}

// Config configures [Generate]. Zero fields take the documented defaults.
type Config struct {
	// M is the number of variants wanted (default 6). Fewer are returned
	// when the query does not allow more.
	M int
	// Operators are the operators to use, in round-robin order (default
	// [Operators]). Unknown names are an error.
	Operators []string
	// Dialect parses the variants back (default sparql.SPARQL11: the
	// printer writes standard SPARQL).
	Dialect *sparql.Dialect
	// Alternatives bounds the replacements tried per site for the swap
	// operators (default 3).
	Alternatives int
	// Outputs also perturbs the sites that only produce the answer: the
	// predicates whose objects the query returns, the GROUP BY keys it
	// returns. Changing those always moves the answer, whether or not the
	// query's constraints mean anything, so by default (false) they are
	// left alone and only the constraints are perturbed. ProjectionSwap
	// ignores it: perturbing the output is what that operator is for.
	Outputs bool
}

func (c Config) withDefaults() Config {
	if c.M <= 0 {
		c.M = 6
	}
	if len(c.Operators) == 0 {
		c.Operators = Operators
	}
	if c.Dialect == nil {
		c.Dialect = sparql.SPARQL11
	}
	if c.Alternatives <= 0 {
		c.Alternatives = 3
	}
	return c
}

// Generate returns up to cfg.M perturbations of q. The slice gives the
// properties PredicateSwap may use (nil: none); ep answers the probes of
// EntitySwap, FilterTighten and PredicateSwap (nil: those operators only
// do what needs no lookup). Probes are bounded (LIMIT); those that pick
// replacement values are ordered (ORDER BY), so the values chosen do not
// depend on the endpoint's row order. q is not modified. The error is an unknown operator name or the
// context's error; a probe that fails only costs its alternatives.
func Generate(ctx context.Context, q *sparql.Query, slice *handoff.Slice, ep kg.Endpoint, cfg Config) ([]Variant, error) {
	vs, _, err := generate(ctx, q, slice, ep, cfg)
	return vs, err
}

// generate is Generate, also returning the generator (nil when there is
// nothing to perturb) for the tests to look at.
func generate(ctx context.Context, q *sparql.Query, slice *handoff.Slice, ep kg.Endpoint, cfg Config) ([]Variant, *generator, error) {
	cfg = cfg.withDefaults()
	for _, op := range cfg.Operators {
		if !slices.Contains(Operators, op) {
			return nil, nil, fmt.Errorf("perturb: unknown operator %q (want one of %v)", op, Operators)
		}
	}
	if q == nil || q.Where == nil {
		return nil, nil, nil
	}
	g := &generator{ctx: ctx, t: newTree(q), slice: slice, cfg: cfg,
		probe: &prober{ep: ep, cache: map[string][]sparql.Term{}}, profiles: map[string]profile{}}
	g.triples = g.t.triples()
	g.ix = newIndex(g.triples)
	g.original = sparql.Print(q)
	g.seen = map[string]bool{g.original: true}
	// Two tiers: the fill-in operators (see fillIn) run only when the
	// others give no variant at all.
	var tiers [2][]*stream
	for _, op := range cfg.Operators {
		// ProjectionSwap is about the output by definition: its sites are
		// kept whatever cfg.Outputs says.
		s := &stream{op: op, sites: g.sites(op), outputs: cfg.Outputs || op == ProjectionSwap}
		if fillIn[op] {
			tiers[1] = append(tiers[1], s)
		} else {
			tiers[0] = append(tiers[0], s)
		}
	}
	out, err := g.roundRobin(tiers[0])
	if len(out) == 0 && err == nil {
		out, err = g.roundRobin(tiers[1])
	}
	return out, g, err
}

// fillIn are the operators that perturb only what a query returns:
// their variants move any answer, whether or not the query's constraints
// mean anything, so mixed with the others they would make every query
// look sound. They give evidence only for a query whose constraints
// yield no variant at all (a plain lookup, a count).
var fillIn = map[string]bool{ProjectionSwap: true}

// roundRobin takes up to cfg.M variants from the streams, one proposal of
// each stream in turn.
func (g *generator) roundRobin(streams []*stream) ([]Variant, error) {
	var out []Variant
	for len(out) < g.cfg.M {
		progressed := false
		for _, s := range streams {
			if len(out) == g.cfg.M {
				break
			}
			if err := g.ctx.Err(); err != nil {
				return out, err
			}
			for {
				p, ok := s.next()
				if !ok {
					break
				}
				if v, ok := g.build(s.op, p); ok {
					out = append(out, v)
					progressed = true
					break
				}
			}
		}
		if !progressed {
			break
		}
	}
	return out, g.ctx.Err()
}

// generator holds what the operators share while perturbing one query.
type generator struct {
	ctx      context.Context
	t        *tree
	triples  []*tripleSite
	ix       *index
	slice    *handoff.Slice
	cfg      Config
	probe    *prober
	profiles map[string]profile
	original string
	seen     map[string]bool
	builds   int // variants built (each copies and prints the query), kept or not
}

// proposal is one edit: it changes a clone and says what it did.
type proposal struct {
	detail string
	edit   func(c *clone) bool
}

// site is a place in the query an operator can edit, with its edits,
// computed on first use (they may need probes).
type site struct {
	constraint bool // the site constrains the answer rather than producing it
	alts       func() []proposal
}

// stream hands out an operator's proposals round-robin across its sites:
// the first alternative of every site, then the second of every site, and
// so on.
type stream struct {
	op      string
	outputs bool // keep the sites that are not constraints
	sites   []site
	loaded  [][]proposal
	round   int
	pos     int
	dry     bool // the current round has yielded nothing so far
}

func (s *stream) next() (proposal, bool) {
	if s.loaded == nil {
		// Constraint sites first, each group in source order.
		if !s.outputs {
			s.sites = slices.DeleteFunc(s.sites, func(x site) bool { return !x.constraint })
		}
		slices.SortStableFunc(s.sites, func(a, b site) int {
			switch {
			case a.constraint == b.constraint:
				return 0
			case a.constraint:
				return -1
			}
			return 1
		})
		s.loaded = make([][]proposal, len(s.sites))
		s.dry = true
	}
	for len(s.sites) > 0 {
		if s.pos == len(s.sites) {
			if s.dry {
				return proposal{}, false
			}
			s.round++
			s.pos, s.dry = 0, true
		}
		i := s.pos
		s.pos++
		if s.loaded[i] == nil {
			s.loaded[i] = s.sites[i].alts()
			if s.loaded[i] == nil {
				s.loaded[i] = []proposal{}
			}
		}
		if s.round < len(s.loaded[i]) {
			s.dry = false
			return s.loaded[i][s.round], true
		}
	}
	return proposal{}, false
}

// build applies a proposal to a fresh copy of the query and checks the
// result: it must print, parse back, and differ from the original and
// from every variant so far.
func (g *generator) build(op string, p proposal) (Variant, bool) {
	g.builds++
	c, ok := g.t.newClone()
	if !ok || !p.edit(c) {
		return Variant{}, false
	}
	tidy(c.q)
	text := sparql.Print(c.q)
	if g.seen[text] {
		return Variant{}, false
	}
	g.seen[text] = true
	back, err := sparql.Parse(text, sparql.WithDialect(g.cfg.Dialect))
	if err != nil {
		return Variant{}, false
	}
	return Variant{Operator: op, Query: back, Text: text, Detail: p.detail}, true
}

// tidy removes what an edit left empty: property lists without objects,
// subjects without properties, blocks without triples.
func tidy(q *sparql.Query) {
	_, _ = sparql.Apply(q, nil, func(c *sparql.Cursor) bool {
		switch n := c.Node().(type) {
		case *sparql.PropertyObjects:
			if len(n.Objects) == 0 {
				_ = c.Delete()
			}
		case *sparql.TriplesSameSubject:
			if _, ok := n.Subject.(sparql.Term); ok && len(n.Properties) == 0 {
				_ = c.Delete()
			}
		case *sparql.TriplesBlock:
			if len(n.Triples) == 0 {
				_ = c.Delete()
			}
		}
		return true
	})
}

// sites returns the sites of operator op.
func (g *generator) sites(op string) []site {
	switch op {
	case PredicateSwap:
		return g.predicateSites()
	case EntitySwap:
		return g.entitySites()
	case FilterRelax:
		return g.relaxSites()
	case FilterTighten:
		return g.tightenSites()
	case TripleDrop:
		return g.dropSites()
	case LiteralShift:
		return g.shiftSites()
	case OrderFlip:
		return g.orderSites()
	case LimitChange:
		return g.limitSites()
	case GroupDrop:
		return g.groupSites()
	case ProjectionSwap:
		return g.projectionSites()
	}
	return nil
}

// describe writes a node for a Detail.
func describe(n sparql.Node) string {
	if n == nil {
		return ""
	}
	return sparql.PrintCompact(n)
}
