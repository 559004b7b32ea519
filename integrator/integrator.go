// Package integrator is the SchemaForge Integrator: it turns the
// verifier's records of every subgoal into the answer to the question.
//
// For each subgoal, in the decomposition's (topological) order:
//
//   - A subgoal with accepted records answers from them. The best accepted
//     record of each graph is used (the first one in the record list,
//     which the verifier keeps best first); when several graphs answered,
//     their rows are merged. Columns are aligned by variable name when
//     a record has all the answer's variables, else by position (each
//     graph's query names its own variables; the answer takes the first
//     record's names). Rows are compared by the canonical keys of their
//     values: numbers by value (1, 01, 1.0 and 1E0 are one value), dates
//     and dateTimes by instant, simple and xsd:string literals alike,
//     language tags case-insensitively, IRIs as they are or as aligned
//     entities. The merge is a bag union: a row appears as often as the
//     record that has it most often (so a single record's answer is kept
//     as it is, and a row that two graphs give appears once); with
//     Output.Distinct it appears once. An ASK answered by several graphs
//     is true when any of them says so.
//   - A subgoal without accepted records of its own is composed from the
//     answers of the subgoals it depends on, by its operation:
//     intersect, union and difference of their rows (single-column
//     answers by that column, wider ones by whole rows; yes/no answers by
//     logic), compare of two single values (a boolean for a filter's
//     comparison, the larger or smaller for a stated order or maximum or
//     minimum, the difference for a number), rank (Output.OrderBy,
//     Descending and Limit over the dependency's rows), aggregate
//     (Output.Aggregate over a column of the dependency's rows) and ask
//     (whether the dependency's answer is non-empty).
//
// With a collection, IRIs that different graphs gave are aligned before
// rows are compared: owl:sameAs links (either direction, transitively)
// and labels (rdfs:label, skos:prefLabel) that are identical, after case
// and space folding, for exactly one answer IRI in each of two graphs.
// The look-ups are bounded (IRIs per graph, IRIs per query, a timeout per
// query); a failure is recorded in the trace and alignment goes on
// without it.
//
// The answer is the final subgoal's: its rows (or boolean), the
// provenance of every accepted record used, for each row the records it
// came from, every record, and "integrate" trace events with the
// figures (rows before and after deduplication, graphs merged, entities
// aligned). When the final subgoal has no answer, Results is nil and
// NoAnswer says which subgoals had none and why their candidates were
// rejected. The same inputs give the same answer and trace.
package integrator

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Stage is the Stage of the integrator's trace events.
const Stage = "integrate"

// The defaults of [Config].
const (
	// DefaultAlignTimeout bounds each alignment query.
	DefaultAlignTimeout = 5 * time.Second
	// DefaultMaxAlignIRIs caps the answer IRIs of one graph that are
	// looked up for alignment.
	DefaultMaxAlignIRIs = 500
	// DefaultAlignBatch is the number of IRIs per alignment query.
	DefaultAlignBatch = 100
)

// Config configures an [Integrator]. Zero fields take the documented
// defaults.
type Config struct {
	// Collection, when set, is where the graphs named by the records are
	// looked up to align the entities of different graphs (owl:sameAs,
	// identical labels). Without it, IRIs are compared as they are.
	Collection *kg.Collection
	// NoAlignment turns entity alignment off; NoLabelAlignment keeps
	// owl:sameAs links but does not align by label.
	NoAlignment, NoLabelAlignment bool
	// AlignTimeout bounds each alignment query (default
	// [DefaultAlignTimeout]).
	AlignTimeout time.Duration
	// MaxAlignIRIs caps the IRIs of each graph looked up (default
	// [DefaultMaxAlignIRIs]); AlignBatch is the IRIs per query (default
	// [DefaultAlignBatch]).
	MaxAlignIRIs, AlignBatch int
	// AllPerGraph merges every accepted record of a graph rather than
	// the best one only.
	AllPerGraph bool
}

func (c Config) withDefaults() Config {
	if c.AlignTimeout <= 0 {
		c.AlignTimeout = DefaultAlignTimeout
	}
	if c.MaxAlignIRIs <= 0 {
		c.MaxAlignIRIs = DefaultMaxAlignIRIs
	}
	if c.AlignBatch <= 0 {
		c.AlignBatch = DefaultAlignBatch
	}
	return c
}

// Integrator implements handoff.Integrator. It is safe for concurrent
// use.
type Integrator struct {
	cfg Config
}

var _ handoff.Integrator = (*Integrator)(nil)

// New returns an integrator with configuration cfg.
func New(cfg Config) *Integrator { return &Integrator{cfg: cfg.withDefaults()} }

// Config returns the configuration in use (defaults filled in).
func (in *Integrator) Config() Config { return in.cfg }

// table is the answer of one subgoal: rows over vars, or a boolean.
type table struct {
	vars    []string
	rows    []row
	boolean *bool
	src     []int // a boolean's provenance
}

// row is one answer row: its terms by column (nil: unbound), their
// canonical keys, the row's key and the provenance indices it came from.
type row struct {
	terms []sparql.Term
	keys  []string
	key   string
	src   []int
}

// used is an accepted record used for an answer, with its index in the
// answer's provenance.
type used struct {
	rec  *handoff.Record
	prov int
}

// run is the state of one Integrate call.
type run struct {
	cfg     Config
	d       *handoff.Decomposition
	records map[string][]handoff.Record
	ans     *handoff.Answer
	align   map[string]string
	used    map[string][]used
	tables  map[string]*table
	why     map[string]string // why a subgoal has no answer (beyond its records)
}

// Integrate composes the accepted records of the subgoals of d along its
// DAG into the answer. It returns an error only for an invalid
// decomposition or a cancelled context; a question without an answer is
// an Answer with nil Results and NoAnswer set.
func (in *Integrator) Integrate(ctx context.Context, d *handoff.Decomposition, records map[string][]handoff.Record) (*handoff.Answer, error) {
	if d == nil || len(d.Subgoals) == 0 {
		return nil, fmt.Errorf("integrate: empty decomposition")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("integrate %q: %w", d.Question, err)
	}
	r := &run{cfg: in.cfg, d: d, records: records,
		ans:    &handoff.Answer{Question: d.Question, Records: records, Trace: &handoff.Trace{}},
		used:   map[string][]used{},
		tables: map[string]*table{},
		why:    map[string]string{},
	}
	r.selectRecords()
	r.alignEntities(ctx)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("integrate %q: %w", d.Question, err)
	}
	for i := range d.Subgoals {
		sg := &d.Subgoals[i]
		if u := r.used[sg.ID]; len(u) > 0 {
			r.tables[sg.ID] = r.merge(sg, u)
		} else if len(sg.DependsOn) > 0 {
			t, why := r.compose(sg)
			if t != nil {
				r.tables[sg.ID] = t
			} else {
				r.why[sg.ID] = why
			}
		}
		if r.tables[sg.ID] == nil {
			r.event(sg.ID, "", "no answer: "+r.explain(sg.ID), map[string]float64{"records": float64(len(records[sg.ID]))})
		}
	}
	final := d.Final()
	t := r.tables[final.ID]
	if t == nil {
		r.ans.NoAnswer = r.noAnswer(final)
		return r.ans, nil
	}
	res := &sparql.Results{}
	if t.boolean != nil {
		b := *t.boolean
		res.Boolean = &b
		r.event(final.ID, "", fmt.Sprintf("answer: %t, from %d accepted queries", b, len(t.src)),
			map[string]float64{"provenance": float64(len(t.src))})
	} else {
		res.Vars = slices.Clone(t.vars)
		res.Rows = make([]sparql.Row, 0, len(t.rows))
		r.ans.RowSources = make([][]int, 0, len(t.rows))
		for _, rw := range t.rows {
			out := sparql.Row{}
			for i, term := range rw.terms {
				if term != nil {
					out[t.vars[i]] = term
				}
			}
			res.Rows = append(res.Rows, out)
			r.ans.RowSources = append(r.ans.RowSources, slices.Clone(rw.src))
		}
		r.event(final.ID, "", fmt.Sprintf("answer: %d rows over %s", len(res.Rows), varList(res.Vars)),
			map[string]float64{"rows": float64(len(res.Rows)), "provenance": float64(len(r.ans.Provenance))})
	}
	r.ans.Results = res
	return r.ans, nil
}

// event adds an "integrate" event to the trace.
func (r *run) event(subgoal, graph, msg string, numbers map[string]float64) {
	r.ans.Trace.Add(handoff.Event{Stage: Stage, Subgoal: subgoal, Graph: graph, Message: msg, Numbers: numbers})
}

// selectRecords picks the records each subgoal's answer is built from:
// accepted (or the pipeline's fallback when none was), with results that are rows or a boolean, the first of each
// graph (all with AllPerGraph), and numbers them in the provenance.
func (r *run) selectRecords() {
	for i := range r.d.Subgoals {
		sg := &r.d.Subgoals[i]
		recs := r.records[sg.ID]
		seen := map[string]bool{}
		skipped, graphResults := 0, 0
		for j := range recs {
			rec := &recs[j]
			if !rec.Accepted && !rec.Fallback || rec.Results == nil {
				continue
			}
			if rec.Results.IsGraph() {
				graphResults++
				continue
			}
			g := rec.Candidate.Graph
			if seen[g] && !r.cfg.AllPerGraph {
				skipped++
				continue
			}
			seen[g] = true
			r.used[sg.ID] = append(r.used[sg.ID], used{rec: rec, prov: len(r.ans.Provenance)})
			r.ans.Provenance = append(r.ans.Provenance, handoff.Provenance{Subgoal: sg.ID, Graph: g, Query: rec.Candidate.Query})
		}
		if skipped > 0 {
			r.event(sg.ID, "", fmt.Sprintf("%d further accepted records of graphs already used are set aside (the best per graph is used)", skipped),
				map[string]float64{"setAside": float64(skipped)})
		}
		if graphResults > 0 {
			r.event(sg.ID, "", fmt.Sprintf("%d accepted records with a graph (CONSTRUCT/DESCRIBE) result are set aside", graphResults),
				map[string]float64{"graphResults": float64(graphResults)})
		}
	}
	var unknown []string
	for id := range r.records {
		if _, ok := r.d.Subgoal(id); !ok {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		r.event("", "", "records of subgoals not in the decomposition are ignored: "+strings.Join(unknown, ", "), nil)
	}
}

// merge builds a subgoal's answer from its used records.
func (r *run) merge(sg *handoff.Subgoal, us []used) *table {
	first := us[0].rec.Results
	graphs := map[string]bool{}
	for _, u := range us {
		graphs[u.rec.Candidate.Graph] = true
	}
	if first.IsAsk() {
		yes, no, skipped := 0, 0, 0
		t := &table{}
		for _, u := range us {
			if !u.rec.Results.IsAsk() {
				skipped++
				continue
			}
			if *u.rec.Results.Boolean {
				yes++
			} else {
				no++
			}
			t.src = append(t.src, u.prov)
		}
		b := yes > 0
		t.boolean = &b
		msg := fmt.Sprintf("yes/no from %d accepted queries on %d graphs: %d yes, %d no ⇒ %t (yes when any graph says yes)", yes+no, len(graphs), yes, no, b)
		if skipped > 0 {
			msg += fmt.Sprintf("; %d row answers set aside", skipped)
		}
		r.event(sg.ID, "", msg, map[string]float64{"records": float64(yes + no), "graphs": float64(len(graphs)), "yes": float64(yes), "no": float64(no)})
		return t
	}
	t := &table{vars: slices.Clone(first.Vars), rows: []row{}}
	distinct := sg.Requirements.Output.Distinct
	index := map[string][]int{}
	before, skipped, realigned := 0, 0, 0
	for _, u := range us {
		res := u.rec.Results
		if res.IsAsk() {
			skipped++
			continue
		}
		cols, byName := columns(t.vars, res.Vars)
		if !byName && !slices.Equal(t.vars, res.Vars) {
			realigned++
		}
		scope := strconv.Itoa(u.prov)
		local := map[string]int{}
		for _, src := range res.Rows {
			before++
			rw := r.newRow(len(cols), func(i int) sparql.Term {
				if cols[i] == "" {
					return nil
				}
				return src[cols[i]]
			}, scope)
			rw.src = []int{u.prov}
			local[rw.key]++
			idx := index[rw.key]
			n := local[rw.key]
			if distinct {
				n = 1
			}
			if n <= len(idx) {
				t.rows[idx[n-1]].src = addSources(t.rows[idx[n-1]].src, u.prov)
				continue
			}
			index[rw.key] = append(idx, len(t.rows))
			t.rows = append(t.rows, rw)
		}
	}
	msg := fmt.Sprintf("merged %s from %s (%s): %d rows → %d after deduplication",
		plural(len(us)-skipped, "accepted query", "accepted queries"), plural(len(graphs), "graph", "graphs"),
		strings.Join(sortedKeys(graphs), ", "), before, len(t.rows))
	if realigned > 0 {
		msg += fmt.Sprintf("; the columns of %s aligned to %s by position", plural(realigned, "query", "queries"), varList(t.vars))
	}
	if skipped > 0 {
		msg += fmt.Sprintf("; %d yes/no answers set aside", skipped)
	}
	r.event(sg.ID, "", msg, map[string]float64{"records": float64(len(us) - skipped), "graphs": float64(len(graphs)),
		"rowsBefore": float64(before), "rowsAfter": float64(len(t.rows)), "realigned": float64(realigned)})
	return t
}

// columns maps each answer variable to the variable of res that fills it:
// by name when res has every answer variable, else by position ("" when
// res has fewer columns).
func columns(vars, resVars []string) (cols []string, byName bool) {
	cols = make([]string, len(vars))
	byName = true
	for _, v := range vars {
		if !slices.Contains(resVars, v) {
			byName = false
			break
		}
	}
	for i, v := range vars {
		switch {
		case byName:
			cols[i] = v
		case i < len(resVars):
			cols[i] = resVars[i]
		}
	}
	return cols, byName
}

// newRow builds a row of n columns from term(i); scope names the query
// result for blank nodes.
func (r *run) newRow(n int, term func(i int) sparql.Term, scope string) row {
	rw := row{terms: make([]sparql.Term, n), keys: make([]string, n)}
	for i := range n {
		rw.terms[i] = term(i)
		rw.keys[i] = termKey(rw.terms[i], r.align, scope)
	}
	rw.key = strings.Join(rw.keys, "\x00")
	return rw
}

// addSources adds provenance indices to a sorted list, keeping it sorted
// and without duplicates.
func addSources(s []int, xs ...int) []int {
	for _, x := range xs {
		i, found := slices.BinarySearch(s, x)
		if !found {
			s = slices.Insert(s, i, x)
		}
	}
	return s
}

// explain says why a subgoal has no answer: the composition's reason,
// else its records' verdicts.
func (r *run) explain(id string) string {
	var parts []string
	if w := r.why[id]; w != "" {
		parts = append(parts, w)
	}
	recs := r.records[id]
	if len(recs) == 0 {
		if r.why[id] == "" {
			parts = append(parts, "no candidate query was verified for it (no graph selected, or none synthesised)")
		}
		return strings.Join(parts, "; ")
	}
	type verdict struct{ graph, reason string }
	var vs []verdict
	count := map[verdict]int{}
	for _, rec := range recs {
		reason := rec.Reason
		if reason == "" {
			reason = rec.Error
		}
		if rec.Accepted {
			reason = "accepted, but without usable results"
		}
		if reason == "" {
			reason = "rejected"
		}
		v := verdict{rec.Candidate.Graph, reason}
		if count[v] == 0 {
			vs = append(vs, v)
		}
		count[v]++
	}
	const most = 6
	var rs []string
	for i, v := range vs {
		if i == most {
			rs = append(rs, fmt.Sprintf("… and %d more", len(vs)-most))
			break
		}
		s := v.reason
		if v.graph != "" {
			s = v.graph + ": " + s
		}
		if count[v] > 1 {
			s += fmt.Sprintf(" (×%d)", count[v])
		}
		rs = append(rs, s)
	}
	parts = append(parts, fmt.Sprintf("none of its %d candidates was accepted (%s)", len(recs), strings.Join(rs, "; ")))
	return strings.Join(parts, "; ")
}

// noAnswer explains the final subgoal's missing answer: it and every
// subgoal it depends on, directly or not, that has no answer either.
func (r *run) noAnswer(final *handoff.Subgoal) string {
	need := map[string]bool{final.ID: true}
	for i := len(r.d.Subgoals) - 1; i >= 0; i-- {
		sg := &r.d.Subgoals[i]
		if need[sg.ID] && r.tables[sg.ID] == nil {
			for _, dep := range sg.DependsOn {
				need[dep] = true
			}
		}
	}
	var parts []string
	for i := range r.d.Subgoals {
		id := r.d.Subgoals[i].ID
		if need[id] && r.tables[id] == nil {
			parts = append(parts, id+": "+r.explain(id))
		}
	}
	return fmt.Sprintf("no answer to %s (the final subgoal). %s", final.ID, strings.Join(parts, ". "))
}

// plural writes a count with the singular or plural noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func varList(vars []string) string {
	if len(vars) == 0 {
		return "no variables"
	}
	return "?" + strings.Join(vars, " ?")
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, cmp.Compare)
	return ks
}
