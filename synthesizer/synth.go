// Package synthesizer is the SchemaForge Synthesizer: it grounds the
// skeletons of package skeletons in a subgoal's schema slice and returns
// ranked, admissible candidate queries.
//
// Without a language model, it builds plans from the subgoal's
// requirements R = (P, T, J, F, O): the subject class from the type terms,
// projected attributes, aggregates, grouping and ordering from the output,
// filters from the constraints with values linked in the graph (literal
// values exactly as the graph writes them, typed like their property's
// values), joins through the slice's reference properties, and negation
// as FILTER NOT EXISTS over a related class. Ambiguous choices (which
// class, which property for a term) give alternative plans; every plan
// is built into the SPARQL tree (slot values are terms of the tree, never
// text), checked by [Admit] and scored by its lexical and structural
// alignment with the requirements. Ties break on the query text, so the
// output is deterministic.
package synthesizer

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/skeletons"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Config parameterises the synthesizer. The zero value is usable.
type Config struct {
	// MaxCandidates caps the candidates returned (default 6).
	MaxCandidates int
	// Alternatives is how many schema elements are tried for each
	// ambiguous choice (default 2).
	Alternatives int
	// Logger receives debug records (default: discard).
	Logger *slog.Logger
}

// Synthesizer implements [handoff.Synthesizer] without a language model.
type Synthesizer struct{ cfg Config }

// New returns a synthesizer.
func New(cfg Config) *Synthesizer {
	if cfg.MaxCandidates <= 0 {
		cfg.MaxCandidates = 6
	}
	if cfg.Alternatives <= 0 {
		cfg.Alternatives = 2
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Synthesizer{cfg: cfg}
}

// Synthesize builds candidates for sg on the slice's graph. It returns an
// error only when ctx is done or the slice is empty; a subgoal no plan
// can realise gives no candidate.
func (s *Synthesizer) Synthesize(ctx context.Context, sg *handoff.Subgoal, slice *handoff.Slice, g *kg.Graph, deps map[string][]handoff.Record) ([]handoff.Candidate, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if slice == nil || (len(slice.Classes) == 0 && len(slice.Properties) == 0) {
		return nil, fmt.Errorf("synthesizer: subgoal %s: empty slice", sg.ID)
	}
	sc := newSchema(slice)
	if g != nil {
		sc.probe = probeFunc(ctx, g)
	}
	var plans []scoredPlan
	out0 := sg.Requirements.Output
	for ri, root := range sc.rootClasses(sg, s.cfg.Alternatives+1) {
		if ri == s.cfg.Alternatives {
			// One more subject class, its best plan only, ranked after
			// every plan of the classes before it: a choice the
			// confidence model can make, not one the scores do.
			if p, score, notes, _, ok := sc.planAt(sg, root, 0, -1, 0, deps); ok {
				plans = append(plans, scoredPlan{p: p, score: score, notes: notes, last: true})
			}
			continue
		}
		// Of equally scored counts, the one of the things the question
		// counts ("How many persons are not body builders?" counts
		// people).
		counted := 0.0
		if out0.Aggregate == handoff.AggCount && out0.AggregateOf != "" && termMatches(out0.AggregateOf, root, "") > 0.7 {
			counted = 1e-5
		}
		var sites uint32
		for alt := range s.cfg.Alternatives {
			p, score, notes, seen, ok := sc.planAt(sg, root, alt, -1, 0, deps)
			if alt == 0 {
				sites = seen
			}
			if !ok {
				continue
			}
			// Of equally scored plans, the one built from each term's
			// best match (alternative 0) first, not the one whose query
			// sorts first.
			plans = append(plans, scoredPlan{p: p, score: score + counted - 1e-6*float64(alt), notes: notes})
		}
		// One choice at a time: each site the best plan consulted takes
		// its next best elements, the others their best.
		for site := range siteCount {
			if sites&(1<<site) == 0 {
				continue
			}
			for alt := 1; alt < s.cfg.Alternatives; alt++ {
				p, score, notes, _, ok := sc.planAt(sg, root, 0, site, alt, deps)
				if ok {
					// The other answer form is the confidence model's to
					// choose, not the scores'.
					plans = append(plans, scoredPlan{p: p, score: score + counted - 2e-6*float64(alt), notes: notes, last: site == siteShown})
				}
			}
		}
	}
	// Of plans that print alike, the best scored one is kept (one not
	// ranked last before one that is).
	slices.SortStableFunc(plans, func(a, b scoredPlan) int { return cmp.Or(compareLast(a.last, b.last), cmp.Compare(b.score, a.score)) })
	var out []handoff.Candidate
	last := map[string]bool{}
	seen := map[string]bool{}
	for _, sp := range plans {
		q, err := sp.p.Query(skeletons.BuildOptions{Prefixes: slice.Prefixes})
		if err != nil {
			s.cfg.Logger.Debug("synthesizer: plan does not build", "subgoal", sg.ID, "err", err)
			continue
		}
		text := sparql.Print(q)
		if seen[text] {
			continue
		}
		seen[text] = true
		adm := Admit(text, slice)
		c := handoff.Candidate{
			Subgoal: sg.ID, Graph: slice.Graph, Query: adm.Text,
			Skeleton: strings.Join(skeletons.Classify(sp.p), "+"),
			Bindings: bindings(sp.p), Score: sp.score,
			Checks: adm.Checks, Repairs: adm.Repairs, Attempts: 1,
		}
		if !adm.Admissible() {
			c.Score -= 10
		}
		last[c.Query] = sp.last
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b handoff.Candidate) int {
		return cmp.Or(compareLast(last[a.Query], last[b.Query]), cmp.Compare(b.Score, a.Score), cmp.Compare(len(a.Query), len(b.Query)), cmp.Compare(a.Query, b.Query))
	})
	if len(out) > s.cfg.MaxCandidates {
		out = out[:s.cfg.MaxCandidates]
	}
	for i := range out {
		out[i].Rank = i + 1
	}
	return out, nil
}

// compareLast orders a candidate ranked last after the others.
func compareLast(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

type scoredPlan struct {
	p     *skeletons.Plan
	score float64
	notes []string
	// last: ranked after the plans without it whatever its score.
	last bool
}

// bindings lists the slot values of a plan for the trace: classes,
// properties and literal values by slot name.
func bindings(p *skeletons.Plan) map[string]string {
	b := map[string]string{}
	for i, n := range p.Nodes {
		if n.Class != "" {
			b["class"+strconv.Itoa(i)] = "<" + n.Class + ">"
		}
	}
	for i, e := range p.Edges {
		b["join"+strconv.Itoa(i)] = "<" + e.Property + ">"
	}
	for i, it := range p.Select {
		k := "select" + strconv.Itoa(i)
		switch {
		case it.Attr != nil && it.Attr.Property != "":
			b[k] = string(it.Agg) + "<" + it.Attr.Property + ">"
		case it.Agg != "":
			b[k] = string(it.Agg) + "(*)"
		}
	}
	for i, f := range p.Filters {
		k := "filter" + strconv.Itoa(i)
		v := ""
		if f.Value != nil {
			v = sparql.PrintCompact(f.Value)
		} else if f.Sub != nil {
			v = "(sub-query)"
		}
		prop := ""
		if f.Item.Attr != nil {
			prop = "<" + f.Item.Attr.Property + ">"
		}
		b[k] = strings.TrimSpace(fmt.Sprintf("%s%s %s %s", f.Item.Func, prop, f.Op, v))
	}
	return b
}

// schema is the synthesizer's view of a slice.
type schema struct {
	slice *handoff.Slice
	props []*handoff.SliceProperty
	byIRI map[string]*handoff.SliceProperty
	// probe asks the graph whether an instance of class has value v on
	// property (nil: no graph to ask).
	probe func(class, property string, v sparql.Term) bool
}

func newSchema(s *handoff.Slice) *schema {
	sc := &schema{slice: s, byIRI: map[string]*handoff.SliceProperty{}}
	for i := range s.Properties {
		p := &s.Properties[i]
		sc.props = append(sc.props, p)
		sc.byIRI[p.IRI] = p
	}
	return sc
}

// referenced returns the classes that the column iri, a reference's key
// column (city#countrycode of city#ref-countrycode), refers to; nil for
// other columns.
func (sc *schema) referenced(iri string) []string {
	if p := sc.byIRI[iri]; p == nil || !p.Key {
		return nil
	}
	if ref := sc.byIRI[kg.ReferenceOf(iri)]; ref != nil {
		return ref.Ranges
	}
	return nil
}

// rootClasses returns the classes to try as the subject (node 0): the
// classes that matched a type term, best first, then the others.
func (sc *schema) rootClasses(sg *handoff.Subgoal, k int) []string {
	type cs struct {
		iri   string
		score float64
	}
	var list []cs
	for _, c := range sc.slice.Classes {
		s := c.Score
		if len(c.Matched) > 0 {
			s += 1
		}
		for i, t := range sg.Requirements.Types {
			if termMatches(t, c.IRI, c.Label) > 0.7 {
				s += 0.5
				if i == 0 {
					s += 0.3
				}
			}
		}
		out := sg.Requirements.Output
		if out.AggregateOf != "" && termMatches(out.AggregateOf, c.IRI, c.Label) > 0.7 {
			s += 1
		}
		// "List all media types": an attribute asked for that names a
		// class whole, and no type named, is that class.
		if len(sg.Requirements.Types) == 0 && len(out.Attributes) == 1 && termMatches(out.Attributes[0], c.IRI, c.Label) >= 1 {
			s += 1
		}
		// The class that holds the first projected attribute.
		if len(out.Attributes) > 0 {
			for _, p := range sc.props {
				if slices.Contains(p.Domains, c.IRI) && termMatches(out.Attributes[0], p.IRI, p.Label) >= 0.8 {
					s += 0.4
					break
				}
			}
		}
		// "How old is Ada Brook?" names no class either: the one whose
		// member the linked value names (a director, not an actor, though
		// both have names).
		if len(sg.Requirements.Types) == 0 && sc.probe != nil {
			for k, v := range sc.slice.Values {
				if k == 3 {
					break
				}
				if p := sc.byIRI[v.Property]; p != nil && len(p.Domains) > 1 && slices.Contains(p.Domains, c.IRI) && sc.probe(c.IRI, v.Property, valueTerm(&sc.slice.Values[k], p)) {
					s += 0.4
					break
				}
			}
		}
		// "What is the population of the USA?" names no class either:
		// USA is a value of city#countrycode, a reference to country,
		// so the USA is a country.
		if len(sg.Requirements.Types) == 0 {
			for k, v := range sc.slice.Values {
				if k == 3 {
					break
				}
				if slices.Contains(sc.referenced(v.Property), c.IRI) {
					s += 0.5
					break
				}
			}
		}
		// "When was Northlight Pictures founded?" names no class: the
		// one whose own column a predicate term names (foundedYear of
		// studios).
		if len(sg.Requirements.Types) == 0 && slices.ContainsFunc(sg.Requirements.Predicates, func(t string) bool {
			return slices.ContainsFunc(sc.props, func(p *handoff.SliceProperty) bool {
				return len(p.Domains) == 1 && p.Domains[0] == c.IRI && (slices.Contains(p.Matched, t) || termMatches(t, p.IRI, p.Label) >= 0.8)
			})
		}) {
			s += 0.4
		}
		list = append(list, cs{c.IRI, s})
	}
	slices.SortStableFunc(list, func(a, b cs) int { return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.iri, b.iri)) })
	var out []string
	for _, c := range list {
		if len(out) == k {
			break
		}
		out = append(out, c.iri)
	}
	if len(out) == 0 {
		// No class in the slice: take the subject class of the best
		// property, if any.
		for _, p := range sc.props {
			if len(p.Domains) > 0 {
				return []string{p.Domains[0]}
			}
		}
	}
	return out
}

// words splits an IRI's local name (after its last '#' or '/', without
// the "ref-" marker) or a label into lower-case words with the one
// tokenizer, [kg.Words].
func words(s string) []string {
	return kg.Words(strings.TrimPrefix(kg.Unescape(local(s)), "ref-"))
}

// stem folds a word for comparison (see [lexicon.Fold]).
func stem(w string) string { return lexicon.Fold(w) }

// termMatches scores how well a requirement term names an element: 1 for
// the same words, less for a shared head word or a contained word.
func termMatches(term, iri, label string) (score float64) {
	tw := strings.Fields(strings.ToLower(term))
	if len(tw) == 0 {
		return 0
	}
	ew := words(iri)
	if label != "" {
		ew = append(ew, strings.Fields(strings.ToLower(label))...)
	}
	if len(ew) == 0 {
		return 0
	}
	// "last name" of lname or family_name, never of fname or first_name.
	if tp, ep := lexicon.NamePart(tw), lexicon.NamePart(ew); tp != 0 && ep != 0 {
		if tp != ep {
			return 0
		}
		if len(ew) == 1 {
			return 0.95
		}
		// "emp_fname", "stu_lname": the part is a name of its own, the
		// other word the table's abbreviation.
		if len(ew) == 2 && lexicon.NamePart(ew[1:]) == ep {
			return 0.9
		}
	}
	// "hired" of hire_date: when the verb happened (less surely than a
	// column of the verb's name: "visited twice" counts visits, not
	// their dates).
	if len(tw) == 1 && lexicon.TimeOfVerb(tw[0], ew) {
		return 0.7
	}
	// "born", "date of birth" of emp_dob: the words an acronym stands for.
	if slices.ContainsFunc(ew, func(e string) bool { return lexicon.SpellsOut(tw, e) }) {
		if len(ew) == 1 {
			return 1
		}
		return 0.9
	}
	compound := lexicon.Compound(tw)
	for i := range tw {
		tw[i] = stem(tw[i])
	}
	for i := range ew {
		ew[i] = stem(ew[i])
	}
	// "branch name" of bname.
	if len(ew) == 1 && lexicon.NameOf(tw, ew[0]) {
		return 0.95
	}
	// "the ids of circuits" of circuits#circuitid, "the types of video
	// games" of video_games#gtype: the table's word, abbreviated, before
	// the term's.
	if len(ew) == 1 && len(tw) == 1 && lexicon.AbbreviatedHead(tw[0]) {
		for _, q := range kg.Words(kg.SplitIRI(iri).Qualifier) {
			if lexicon.NameOf([]string{q, tw[0]}, ew[0]) || lexicon.NameOf([]string{lexicon.Singular(q), tw[0]}, ew[0]) {
				return 0.9
			}
		}
	}
	// "the description of the club" of club#clubdesc: the table's word,
	// then the term abbreviated.
	if len(ew) == 1 && len(tw) == 1 && lexicon.TableAbbreviation(ew[0], kg.Words(kg.SplitIRI(iri).Qualifier), tw[0]) {
		return 0.85
	}
	// The words written together name it ("allergy type" → allergytype).
	if compound != "" && slices.Contains(ew, compound) {
		if len(ew) == 1 {
			return 1
		}
		return 0.9
	}
	hit, kinds, verbs := 0, 0, 0
	for _, t := range tw {
		if slices.ContainsFunc(ew, func(e string) bool {
			return e == t || t == "name" && lexicon.NameWord(e) || lexicon.SpellingVariant(e, t) || lexicon.ActionNoun(t, e)
		}) {
			hit++
		} else if slices.ContainsFunc(ew, func(e string) bool { return lexicon.SameVerb(t, e) }) {
			// "rated" of rating: another form of the verb, which
			// names it less surely ("playing" is no hours_played
			// asked for).
			hit++
			verbs++
		} else if slices.Contains(lexicon.Qualities(t), ew[len(ew)-1]) {
			// "nations" of nationality: the quality of it, the column's
			// head (not "members" of membership_card), which names the
			// column a little less surely than its own word.
			hit++
			kinds++
		} else if lexicon.KindWord(t) && slices.ContainsFunc(ew, lexicon.KindWord) {
			// "type" of governmentform, of genre: another word for a
			// kind, which names it less surely than its own word.
			hit++
			kinds++
		}
	}
	if kinds > 0 {
		defer func() { score = min(score, 0.85) }()
	}
	if verbs > 0 {
		defer func() { score = min(score, 0.75) }()
	}
	if hit == 0 {
		// A column word that ends with the term's head, written
		// together with a modifier ("price" of baseprice, "occupancy"
		// of maxoccupancy).
		if last := tw[len(tw)-1]; slices.ContainsFunc(ew, func(e string) bool { h, ok := lexicon.CompoundHead(e); return ok && stem(h) == last }) {
			return 0.8
		}
		// Prefix matches ("pop" ~ "population", "num" ~ "number").
		for _, t := range tw {
			for _, e := range ew {
				if len(t) >= 3 && len(e) >= 3 && (strings.HasPrefix(e, t) || strings.HasPrefix(t, e)) {
					return 0.4
				}
				// Shared stems ("approval" ~ "approved").
				if n := commonPrefix(t, e); n >= 5 && float64(n) >= 0.7*float64(min(len(t), len(e))) {
					return 0.5
				}
			}
		}
		return 0
	}
	s := float64(hit) / float64(len(tw))
	if hit == len(tw) && len(ew) == len(tw) {
		return 1
	}
	if last, elast := tw[len(tw)-1], ew[len(ew)-1]; last == elast || lexicon.SpellingVariant(last, elast) {
		s = max(s, 0.8)
	}
	return 0.9 * s
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// probeFunc returns a probe that asks g, through an ASK query built as a
// plan (the value goes into the tree, never into text), whether some
// instance of a class has a value on a property; answers are cached and a
// failing query answers false.
func probeFunc(ctx context.Context, g *kg.Graph) func(class, property string, v sparql.Term) bool {
	cache := map[string]bool{}
	return func(class, property string, v sparql.Term) bool {
		key := class + "\x00" + property + "\x00" + sparql.PrintCompact(v)
		if ok, seen := cache[key]; seen {
			return ok
		}
		p := &skeletons.Plan{Ask: true, Nodes: []skeletons.Node{{Class: class}},
			Filters: []skeletons.Cond{{Item: skeletons.Item{Attr: &skeletons.Attr{Node: 0, Property: property}}, Op: handoff.FilterEq, Value: v}}}
		ok := false
		if q, err := p.Query(skeletons.BuildOptions{}); err == nil {
			qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			res, err := g.QueryParsed(qctx, q)
			cancel()
			ok = err == nil && res.Boolean != nil && *res.Boolean
		}
		cache[key] = ok
		return ok
	}
}
