// Package verifier is the SchemaForge Verifier: it runs candidate queries
// on their graph and accepts or rejects each, counterfactually.
//
// A candidate whose answer is not empty is perturbed (package perturb: m
// type-preserving edits of its constraints: swapped predicates, entities
// and values, relaxed or tightened filters, dropped triples, shifted
// numbers and dates, flipped ORDER BY under a LIMIT, changed LIMITs,
// dropped GROUP BY keys; what the query returns is left alone, except
// that a query whose constraints give no variant gets its projected
// datatype properties swapped, perturb.ProjectionSwap) and every variant
// is run. If the query means what it says, its answer must move:
// the mean Jaccard similarity between the perturbed answer sets and the
// original one must not exceed θ. A query whose answer does not depend on
// its constraints is not trusted. Answers are compared as sets of rows
// over the projected variables, so a count or another aggregate is a
// one-row set: a different number is a different answer (Jaccard 0).
// Before that, the subgoal's requirements are checked against the query
// (see [Requirements]): a filter value the question names must appear as
// a constant, a negation needs NOT EXISTS, MINUS or a negated comparison,
// and the query's patterns must be joined (no cartesian product).
//
// A candidate with an empty answer cannot be perturbed meaningfully; it is
// accepted only when it is grounded: every predicate and type term the
// subgoal requires is realised by a slice element that matched the term
// and that the query uses, and every predicate and class of the query is
// in the slice. A non-empty answer with nothing to perturb (a query
// without constraints or a projected datatype property with a compatible
// sibling: a plain lookup of entities, a count) stands on the same rule,
// except that terms the slice cannot realise at all are not held against
// it.
//
// Every decision is recorded in a handoff.Record: each perturbation with
// its operator, query, rows, Jaccard and error, the mean Jaccard, the
// groundedness, the reason in words and the time taken.
package verifier

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/perturb"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// The defaults of [Config]. θ and m were tuned on the Spider4SPARQL train
// split (6,000 gold queries with a non-empty answer, 5,533 underspecified
// variants; see benchmarks/verification): over θ ∈ {0.5 … 0.9} × m ∈
// {2, 4, 6, 8}, θ = 0.9, m = 8 has the largest smaller margin over the
// bars of 95% gold accepted and 85% underspecified rejected (96.2% and
// 91.0%; m = 4 and 6 are within 0.3 points). With OrderFlip, LimitChange,
// GroupDrop and ProjectionSwap added to the operators it still does
// (96.7% and 90.8%; m = 4 and 6 within 0.2 points).
const (
	// DefaultTheta is θ: the largest mean Jaccard similarity between
	// perturbed and original answers at which a non-empty answer is still
	// accepted.
	DefaultTheta = 0.9
	// DefaultM is m, the number of perturbations per candidate.
	DefaultM = 8
	// DefaultTimeout bounds each query the verifier runs (the candidate,
	// each perturbation, each probe).
	DefaultTimeout = 10 * time.Second
)

// Config configures a [Verifier]. Zero fields take the documented
// defaults.
type Config struct {
	// Theta is θ (default [DefaultTheta]): a non-empty answer is accepted
	// when the mean Jaccard similarity of the perturbed answers to it is
	// at most Theta. Values ≤ 0 mean the default.
	Theta float64
	// M is m (default [DefaultM]): the perturbations generated per
	// candidate.
	M int
	// Timeout bounds each query (default [DefaultTimeout]).
	Timeout time.Duration
	// Concurrency is the number of perturbed queries run at a time
	// (default min(4, GOMAXPROCS)).
	Concurrency int
	// Operators are the perturbation operators, in round-robin order
	// (default perturb.Operators).
	Operators []string
	// NoCounterfactual accepts every non-empty answer without perturbing
	// it or checking requirements (an ablation).
	NoCounterfactual bool
	// NoRequirements skips the requirement checks on non-empty answers
	// (filter values, negation, aggregate, joins): only the perturbations
	// decide (an ablation).
	NoRequirements bool
}

func (c Config) withDefaults() Config {
	if c.Theta <= 0 {
		c.Theta = DefaultTheta
	}
	if c.M <= 0 {
		c.M = DefaultM
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Concurrency <= 0 {
		c.Concurrency = min(4, runtime.GOMAXPROCS(0))
	}
	if len(c.Operators) == 0 {
		c.Operators = perturb.Operators
	}
	return c
}

// Verifier implements handoff.Verifier. It is safe for concurrent use.
type Verifier struct {
	cfg Config
}

var _ handoff.Verifier = (*Verifier)(nil)

// New returns a verifier with configuration cfg.
func New(cfg Config) *Verifier { return &Verifier{cfg: cfg.withDefaults()} }

// Config returns the configuration in use (defaults filled in).
func (v *Verifier) Config() Config { return v.cfg }

// Verify runs each candidate on g and returns one record per candidate, in
// order. A candidate that fails to parse or run is rejected with the error
// in its record; the returned error is only the context's.
func (v *Verifier) Verify(ctx context.Context, sg *handoff.Subgoal, slice *handoff.Slice, g *kg.Graph, cands []handoff.Candidate) ([]handoff.Record, error) {
	out := make([]handoff.Record, 0, len(cands))
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		out = append(out, v.verify(ctx, sg, slice, g, c))
	}
	return out, ctx.Err()
}

// verify decides one candidate.
func (v *Verifier) verify(ctx context.Context, sg *handoff.Subgoal, slice *handoff.Slice, g *kg.Graph, c handoff.Candidate) handoff.Record {
	start := time.Now()
	rec := handoff.Record{Candidate: c}
	defer func() { rec.Millis = time.Since(start).Milliseconds() }()
	reject := func(format string, args ...any) handoff.Record {
		rec.Accepted, rec.Reason = false, fmt.Sprintf(format, args...)
		return rec
	}
	q, err := parse(c.Query, g.Dialect)
	if err != nil {
		rec.Error = err.Error()
		return reject("does not parse: %v", err)
	}
	res, err := v.run(ctx, g, c.Query)
	if err != nil {
		rec.Error = err.Error()
		return reject("failed to run: %v", err)
	}
	rec.Results = res
	vars := answerVars(q, res)
	orig := answerSet(res, vars)
	rec.Rows = rowCount(res)
	rec.Evidence = termEvidence(q, sg, slice)
	rec.Evidence["count_unnamed"] = 0
	if sg != nil {
		cov := cover(q, res, sg, slice)
		rec.Commitments = cov.out
		if cov.countUnnamed() {
			rec.Evidence["count_unnamed"] = 1
		}
	}
	missed := Missed(rec.Commitments)
	if v.cfg.NoRequirements {
		missed = nil
	}
	notCovered := "the question is not covered: " + strings.Join(missed, "; ")

	if len(orig) == 0 {
		ok, problems := Grounded(q, sg, slice)
		rec.Grounded = ok
		contra := ""
		if !v.cfg.NoRequirements {
			contra = contradiction(q)
		}
		switch {
		case contra != "":
			return reject("empty answer: the query contradicts itself: %s", contra)
		case !ok:
			return reject("empty answer, not grounded: %s", strings.Join(problems, "; "))
		case len(missed) > 0:
			return reject("empty answer, grounded, but %s", notCovered)
		}
		rec.Accepted, rec.Reason = true, "empty answer, grounded: every required term is realised by a slice element the query uses, every predicate and class is in the slice, and every commitment of the question is realised"
		return rec
	}
	// "What is the average salary of employees hired after 1990?" where
	// none was: an average, a sum or an extreme over no rows answers
	// nothing, whatever number it prints.
	if n, ok := v.aggregatedRows(ctx, g, q, res); ok && n == 0 {
		return reject("the aggregate is over no rows: nothing matches the conditions")
	}
	if v.cfg.NoCounterfactual {
		rec.Accepted, rec.Reason = true, "non-empty answer (counterfactual check off)"
		return rec
	}
	var problems []string
	if !v.cfg.NoRequirements {
		problems = Requirements(q, sg)
	}

	// The perturbations run whatever the checks found: their evidence
	// goes into the record (and the confidence) either way.
	probes := kg.EndpointFunc(func(ctx context.Context, query string) (*sparql.Results, error) {
		return v.run(ctx, g, query)
	})
	variants, err := perturb.Generate(ctx, q, slice, probes, perturb.Config{M: v.cfg.M, Operators: v.cfg.Operators})
	if err != nil {
		rec.Error = err.Error()
		return reject("perturbation failed: %v", err)
	}
	rec.Perturbations = make([]handoff.Perturbation, len(variants))
	eg, ectx := errgroup.WithContext(ctx)
	eg.SetLimit(v.cfg.Concurrency)
	for i, vr := range variants {
		eg.Go(func() error {
			p := handoff.Perturbation{Operator: vr.Operator, Query: vr.Text}
			pres, err := v.run(ectx, g, vr.Text)
			if err != nil {
				p.Error = err.Error()
			} else {
				p.Rows = rowCount(pres)
				p.Jaccard = Jaccard(orig, answerSet(pres, vars))
			}
			rec.Perturbations[i] = p
			return nil
		})
	}
	_ = eg.Wait()
	if err := ctx.Err(); err != nil {
		rec.Error = err.Error()
		return reject("cancelled: %v", err)
	}
	sum, n := 0.0, 0
	for _, p := range rec.Perturbations {
		if p.Error == "" {
			sum += p.Jaccard
			n++
		}
	}
	if n > 0 {
		rec.MeanJaccard = sum / float64(n)
	}
	switch {
	case len(problems) > 0:
		return reject("requirements not met: %s", strings.Join(problems, "; "))
	case len(missed) > 0:
		return reject("%s", notCovered)
	}
	if n == 0 {
		// No counterfactual evidence: the query has nothing to perturb
		// (a plain lookup or count without a projected datatype
		// property) or none of its variants ran. It must realise every
		// commitment of the question (checked above) and be anchored in
		// the slice.
		ok, problems := anchored(q, sg, slice)
		rec.Grounded = ok
		if !ok {
			return reject("no perturbation could be run (%d generated) and the query is not anchored in the slice: %s", len(variants), strings.Join(problems, "; "))
		}
		rec.Accepted, rec.Reason = true, fmt.Sprintf("no perturbation could be run (%d generated); every commitment of the question is realised (%d) and the query is anchored in the slice", len(variants), len(rec.Commitments))
		return rec
	}
	if rec.MeanJaccard > v.cfg.Theta {
		return reject("answer barely moves under %d perturbations: mean Jaccard %.3f > θ = %.2f", n, rec.MeanJaccard, v.cfg.Theta)
	}
	rec.Accepted = true
	rec.Reason = fmt.Sprintf("answer moves under %d perturbations: mean Jaccard %.3f ≤ θ = %.2f; %d commitment(s) of the question realised", n, rec.MeanJaccard, v.cfg.Theta, len(rec.Commitments))
	return rec
}

// AcceptsAt returns the verdict a verifier of the same configuration but
// threshold theta gives the candidate of r: when perturbations of its
// answer ran, whether their mean Jaccard is at most theta; otherwise (an
// error, an empty answer, unmet requirements, nothing to perturb, the
// counterfactual check off) the verdict does not depend on θ and is
// r.Accepted. It lets a sweep over θ verify once.
func AcceptsAt(r handoff.Record, theta float64) bool {
	if !r.Accepted && !strings.HasPrefix(r.Reason, "answer barely moves") {
		return false // rejected on other grounds than θ
	}
	for _, p := range r.Perturbations {
		if p.Error == "" {
			return r.MeanJaccard <= theta
		}
	}
	return r.Accepted
}

// run runs one query on g under the per-query timeout.
// aggregatedRows counts the rows a SELECT of SUM, AVG, MIN or MAX alone
// (no GROUP BY) aggregates, by the same WHERE clause projected as
// COUNT(*); ok is false for another query or when the count fails. Over
// no rows those aggregates are 0 or unbound, so an answer res with
// another value aggregated some and costs no count.
func (v *Verifier) aggregatedRows(ctx context.Context, g *kg.Graph, q *sparql.Query, res *sparql.Results) (int, bool) {
	if q.Form != sparql.Select || q.Star || len(q.GroupBy) > 0 || len(q.Having) > 0 || len(q.Projections) == 0 || q.Where == nil {
		return 0, false
	}
	if res != nil && len(res.Rows) == 1 {
		for _, t := range res.Rows[0] {
			if l, ok := t.(*sparql.Literal); ok {
				if f, err := strconv.ParseFloat(l.Lexical, 64); err == nil && f == 0 {
					continue
				}
			}
			if t != nil {
				return 0, false
			}
		}
	}
	for _, p := range q.Projections {
		a, ok := p.Expr.(*sparql.Aggregate)
		if !ok || !slices.Contains([]string{"SUM", "AVG", "MIN", "MAX"}, strings.ToUpper(a.Name)) {
			return 0, false
		}
	}
	c := sparql.CloneQuery(q)
	c.Projections = []*sparql.Projection{{Var: sparql.NewVar("rows_aggregated"), Expr: &sparql.Aggregate{Name: "COUNT", Star: true}}}
	c.OrderBy, c.Limit, c.Offset = nil, nil, nil
	res, err := v.run(ctx, g, sparql.Print(c))
	if err != nil || res == nil || len(res.Rows) != 1 {
		return 0, false
	}
	l, ok := res.Rows[0]["rows_aggregated"].(*sparql.Literal)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(l.Lexical)
	return n, err == nil
}

func (v *Verifier) run(ctx context.Context, g *kg.Graph, query string) (*sparql.Results, error) {
	ctx, cancel := context.WithTimeout(ctx, v.cfg.Timeout)
	defer cancel()
	return g.Query(ctx, query)
}

// parse parses a candidate with the graph's dialect, and with the
// lenient one when that fails.
func parse(text string, d *sparql.Dialect) (*sparql.Query, error) {
	if d == nil {
		d = sparql.SPARQL11
	}
	q, err := sparql.Parse(text, sparql.WithDialect(d))
	if err == nil {
		return q, nil
	}
	if q2, err2 := sparql.Parse(text, sparql.WithDialect(sparql.Lenient)); err2 == nil {
		return q2, nil
	}
	return nil, err
}

// answerVars are the variables an answer set is made of: the query's
// projected variables, else those of the results.
func answerVars(q *sparql.Query, res *sparql.Results) []string {
	var vars []string
	for _, v := range q.ProjectedVars() {
		vars = append(vars, v.Name)
	}
	if len(vars) == 0 && res != nil {
		vars = slices.Clone(res.Vars)
	}
	return vars
}

// rowCount is the size of an answer: rows, triples, or 1 for a boolean.
func rowCount(res *sparql.Results) int {
	switch {
	case res == nil:
		return 0
	case res.IsAsk():
		return 1
	case res.IsGraph():
		return len(res.Graph)
	}
	return len(res.Rows)
}

// termEvidence is the verifier's share of a record's evidence: how many
// of the subgoal's terms the query realises through the slice, how many
// match nothing in it, and how many of the query's IRIs lie outside it.
func termEvidence(q *sparql.Query, sg *handoff.Subgoal, slice *handoff.Slice) map[string]float64 {
	gr := ground(q, sg, slice)
	total := gr.realised + len(gr.unmatched) + len(gr.unrealised)
	share := 1.0
	if total > 0 {
		share = float64(gr.realised) / float64(total)
	}
	triples := sparql.Triples(q)
	classes, attrs := unexplained(q, triples, sg, slice)
	ev := map[string]float64{"terms": float64(total), "terms_realised_share": share,
		"terms_unmatched": float64(len(gr.unmatched)), "outside_slice": float64(len(gr.vocabulary)),
		"unexplained_classes": float64(classes), "unexplained_attributes": float64(attrs),
		"named_left_out": float64(namedLeftOut(triples, sg, slice)), "words_unrealised": float64(wordsUnrealised(q, sg))}
	for k, v := range queryShape(q, triples) {
		ev[k] = v
	}
	return ev
}

// queryShape is the form of a query as figures: its triple patterns and
// the classes they type, its filters and aggregates, and whether it
// groups, orders and limits. How much a query builds says how much could
// be wrong in it.
func queryShape(q *sparql.Query, triples []sparql.Triple) map[string]float64 {
	b := func(ok bool) float64 {
		if ok {
			return 1
		}
		return 0
	}
	types := 0
	for _, t := range triples {
		if p, ok := t.Predicate.(*sparql.IRI); ok && p.Value == sparql.RDFType {
			types++
		}
	}
	filters, aggs := 0, 0
	sparql.Inspect(q, func(n sparql.Node) bool {
		switch n.(type) {
		case *sparql.FilterPattern:
			filters++
		case *sparql.Aggregate:
			aggs++
		}
		return true
	})
	return map[string]float64{"query_triples": float64(len(triples)), "query_types": float64(types),
		"query_filters": float64(filters), "query_aggregates": float64(aggs),
		"query_grouped": b(len(q.GroupBy) > 0), "query_ordered": b(len(q.OrderBy) > 0), "query_limited": b(q.Limit != nil)}
}

// wordsUnrealised counts the content words of the question that nothing
// in the query accounts for: no word of an IRI's name and no word of a
// constant is the word or starts like it ("located" and "location").
// A query that leaves words of the question unexplained often answers
// another question.
func wordsUnrealised(q *sparql.Query, sg *handoff.Subgoal) int {
	if sg == nil {
		return 0
	}
	var have []string
	sparql.Inspect(q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.IRI:
			have = append(have, kg.Tokens(n.Value)...)
		case *sparql.Literal:
			have = append(have, kg.Words(n.Lexical)...)
		}
		return true
	})
	for i, w := range have {
		have[i] = lexicon.Fold(strings.ToLower(w))
	}
	n := 0
	for _, w := range kg.Words(sg.Text) {
		if len(w) < 3 || lexicon.FunctionWord(w) {
			continue
		}
		if m := lexicon.GradedMeasure(w); m != "" && slices.Contains(have, m) {
			continue // "highest" of a height
		}
		w = lexicon.Fold(w)
		if ok, _ := lexicon.Derives(w, have); ok {
			continue // "earns" of a salary, "inhabitants" of a population
		}
		if !slices.ContainsFunc(have, func(h string) bool {
			return h == w || len(w) >= 4 && len(h) >= 4 && h[:4] == w[:4]
		}) {
			n++
		}
	}
	return n
}

// namedLeftOut counts the attributes the question names that the query
// leaves out: properties of the slice holding literals of a class the
// query uses, every word of whose name (the column of a "table#column"
// name) the question has, and that no property of the query names (its
// words are not all in one of the query's properties). "Show the id,
// the account name and other account details" names
// accounts#other_account_details; "the names of all songs" names
// song#song_name, which a query projecting song#artist_name leaves out.
func namedLeftOut(triples []sparql.Triple, sg *handoff.Subgoal, slice *handoff.Slice) int {
	if sg == nil || slice == nil {
		return 0
	}
	said := map[string]bool{}
	for _, w := range kg.Words(sg.Text) {
		said[lexicon.Fold(w)] = true
	}
	words := func(iri string) []string {
		n := kg.SplitIRI(iri)
		ws := kg.Words(n.Column())
		for i, w := range ws {
			ws[i] = lexicon.Fold(w)
		}
		return ws
	}
	classes := map[string]bool{}
	var used [][]string
	usedIRI := map[string]bool{}
	for _, t := range triples {
		p, ok := t.Predicate.(*sparql.IRI)
		if !ok {
			continue
		}
		if p.Value == sparql.RDFType {
			if c, ok := t.Object.(*sparql.IRI); ok {
				classes[c.Value] = true
			}
			continue
		}
		if !usedIRI[p.Value] {
			usedIRI[p.Value] = true
			used = append(used, words(p.Value))
		}
	}
	n := 0
	for _, p := range slice.Properties {
		if usedIRI[p.IRI] || p.ForeignKey || len(p.Ranges) > 0 || !slices.ContainsFunc(p.Domains, func(d string) bool { return classes[d] }) {
			continue
		}
		ws := words(p.IRI)
		if len(ws) == 0 || !slices.ContainsFunc(ws, func(w string) bool { return len(w) > 1 }) {
			continue
		}
		if slices.ContainsFunc(ws, func(w string) bool { return !said[w] }) {
			continue
		}
		if slices.ContainsFunc(used, func(u []string) bool {
			return !slices.ContainsFunc(ws, func(w string) bool { return !slices.Contains(u, w) })
		}) {
			continue
		}
		n++
	}
	return n
}

// isNamingIRI reports whether a property names things: its name ends
// in "name", "title" or "label".
func isNamingIRI(iri string) bool {
	toks := kg.Tokens(iri)
	if len(toks) == 0 {
		return false
	}
	switch toks[len(toks)-1] {
	case "name", "title", "label":
		return true
	}
	return false
}

// unexplained counts the classes, and the attribute predicates, of q
// that nothing the subgoal says can mean: the converse of grounding. A
// class is explained when a term of the requirements (a predicate, type,
// output, grouping, filter or cue term) can mean it (the slice matched
// it to the term, or its name has the term's words). An attribute
// triple (its object is not the subject of another triple: not a link)
// is explained the same way, or by its object: a constant, or a
// variable compared with a constant (the question names the value, not
// always the attribute). What is left is schema the query brings in on
// its own, such as a class joined for a column the question never
// names, a frequent way to be wrong.
func unexplained(q *sparql.Query, triples []sparql.Triple, sg *handoff.Subgoal, slice *handoff.Slice) (classes, attrs int) {
	if sg == nil || slice == nil {
		return 0, 0
	}
	r := &sg.Requirements
	terms := r.Terms()
	terms = append(terms, r.Output.Attributes...)
	terms = append(terms, r.Output.GroupBy...)
	terms = append(terms, r.Output.AggregateOf, r.Output.OrderBy)
	for _, f := range r.Filters {
		terms = append(terms, f.Attribute)
	}
	for _, j := range r.Joins {
		terms = append(terms, j.From, j.To, j.Via)
	}
	for _, c := range r.Cues {
		terms = append(terms, c.Term)
	}
	terms = slices.DeleteFunc(terms, func(t string) bool { return t == "" })
	matched := map[string][]string{}
	for _, c := range slice.Classes {
		matched[c.IRI] = c.Matched
	}
	for _, p := range slice.Properties {
		matched[p.IRI] = p.Matched
	}
	explained := func(iri string) bool {
		if len(matched[iri]) > 0 {
			return true
		}
		toks := kg.Tokens(iri)
		return slices.ContainsFunc(terms, func(t string) bool {
			derives, _ := lexicon.Derives(t, toks)
			return namedBy(toks, kg.Words(t)) || derives || lexicon.Temporal(t) && slices.ContainsFunc(toks, lexicon.Temporal)
		})
	}
	projected := map[string]bool{}
	for _, v := range q.ProjectedVars() {
		projected[v.Name] = true
	}
	compared := map[string]bool{}
	sparql.Inspect(q, func(n sparql.Node) bool {
		if b, ok := n.(*sparql.BinaryExpr); ok {
			if _, v, _, ok := varVsLiteral(b); ok {
				compared[v.Name] = true
			} else if o, ok := orient(b); ok && !o.hasVar {
				for _, v := range o.vars {
					compared[v] = true
				}
			}
		}
		return true
	})
	subjects := map[string]bool{}
	for _, t := range triples {
		if v, ok := t.Subject.(*sparql.Var); ok {
			subjects[v.Name] = true
		}
	}
	seen := map[string]bool{}
	for _, t := range triples {
		p, ok := t.Predicate.(*sparql.IRI)
		if !ok {
			continue
		}
		if p.Value == sparql.RDFType {
			if c, ok := t.Object.(*sparql.IRI); ok && !seen[c.Value] {
				seen[c.Value] = true
				if !explained(c.Value) {
					classes++
				}
			}
			continue
		}
		v, isVar := t.Object.(*sparql.Var)
		if !isVar || subjects[v.Name] || compared[v.Name] || seen[p.Value] {
			continue // a constant, a link, or a compared value
		}
		seen[p.Value] = true
		// A projected name shows the entities the question asks for.
		if !explained(p.Value) && !(projected[v.Name] && isNamingIRI(p.Value)) {
			attrs++
		}
	}
	return classes, attrs
}
