package handoff

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Operation is what a subgoal does with its data.
type Operation string

// The operations a decomposer recognises.
const (
	// OpLookup retrieves entities or attribute values ("What is the name
	// of …", "List the …").
	OpLookup Operation = "lookup"
	// OpFilter restricts by a condition: numeric or date comparison,
	// string equality or containment ("older than 30", "from France").
	OpFilter Operation = "filter"
	// OpCompare compares two values or entities ("Is A older than B?",
	// "more … than …").
	OpCompare Operation = "compare"
	// OpAggregate computes count, sum, average, minimum or maximum.
	OpAggregate Operation = "aggregate"
	// OpGroup groups before aggregating ("for each", "per", "by").
	OpGroup Operation = "group"
	// OpRank orders and cuts ("most", "highest", "top 3", "youngest").
	OpRank Operation = "rank"
	// OpNegate excludes ("not", "without", "never", "no … at all").
	OpNegate Operation = "negate"
	// OpIntersect, OpUnion and OpDifference combine the answers of other
	// subgoals ("both … and", "either … or", "but not").
	OpIntersect  Operation = "intersect"
	OpUnion      Operation = "union"
	OpDifference Operation = "difference"
	// OpAsk answers yes or no.
	OpAsk Operation = "ask"
)

// Operations lists every Operation, in declaration order.
var Operations = []Operation{OpLookup, OpFilter, OpCompare, OpAggregate, OpGroup, OpRank,
	OpNegate, OpIntersect, OpUnion, OpDifference, OpAsk}

// Valid reports whether op is one of [Operations].
func (op Operation) Valid() bool { return slices.Contains(Operations, op) }

// MentionKind says how a mention was found in the question.
type MentionKind string

// The kinds of mentions.
const (
	MentionQuoted  MentionKind = "quoted"  // text between quotes
	MentionName    MentionKind = "name"    // a capitalised span
	MentionNumber  MentionKind = "number"  // a number, in digits or words
	MentionDate    MentionKind = "date"    // a date or year
	MentionValue   MentionKind = "value"   // a value found in a graph by value linking
	MentionKeyword MentionKind = "keyword" // a content word kept as a search term
)

// Mention is a span of the question that names a value or entity.
type Mention struct {
	// Text is the span as written; Start and End are its byte offsets in
	// the question (End exclusive).
	Text  string      `json:"text"`
	Start int         `json:"start"`
	End   int         `json:"end"`
	Kind  MentionKind `json:"kind"`
	// Normalized is the value in canonical form when the kind has one: a
	// number in decimal digits ("3" for "three"), a date as YYYY-MM-DD or
	// YYYY.
	Normalized string `json:"normalized,omitempty"`
	// Graph, Property and Value are set for a MentionValue: the graph and
	// property in which value linking found the literal Value, with its
	// Score (comparable within one question only).
	Graph    string  `json:"graph,omitempty"`
	Property string  `json:"property,omitempty"`
	Value    string  `json:"value,omitempty"`
	Score    float64 `json:"score,omitempty"`
}

// Subgoal is one step of a decomposed question.
type Subgoal struct {
	// ID names the subgoal within its decomposition ("s1", "s2"…).
	ID string `json:"id"`
	// Text is the subgoal as a question or instruction in natural
	// language (the whole question for a single-step question).
	Text string `json:"text"`
	// Operations are what the subgoal does, main operation first.
	Operations []Operation `json:"operations"`
	// Mentions are the values and entities the subgoal names.
	Mentions []Mention `json:"mentions,omitempty"`
	// DependsOn are the IDs of the subgoals whose answers this one uses.
	DependsOn []string `json:"dependsOn,omitempty"`
	// Requirements are what a graph must offer to answer the subgoal.
	Requirements Requirements `json:"requirements"`
}

// Has reports whether the subgoal has operation op.
func (s *Subgoal) Has(op Operation) bool { return slices.Contains(s.Operations, op) }

// Asks reports whether an answer cue of the subgoal is the wh-phrase
// ("who", "how many"), in any case.
func (s *Subgoal) Asks(phrase string) bool {
	return slices.ContainsFunc(s.Requirements.Cues, func(c Cue) bool { return c.Kind == CueAnswer && strings.EqualFold(c.Text, phrase) })
}

// SetOperation returns the first set operation of the subgoal
// (intersect, union, difference), "" when it has none: such a subgoal is
// computed from the answers of the subgoals it depends on.
func (s *Subgoal) SetOperation() Operation {
	for _, op := range s.Operations {
		switch op {
		case OpIntersect, OpUnion, OpDifference:
			return op
		}
	}
	return ""
}

// Requirements are R = (P, T, J, F, O): the relations, types, joins,
// constraints and output a graph's schema must support for a subgoal.
// Terms are surface words of the question (lower case, as the decomposer
// found them), matched later against schema labels and local names.
type Requirements struct {
	// Predicates (P) are the relations and attributes the subgoal uses
	// ("age", "country", "born in").
	Predicates []string `json:"predicates,omitempty"`
	// Verbs are the predicates the question says as verbs ("stock" of
	// "Which shops stock the Xiaomi?"): they relate the things asked
	// for to others rather than name a column asked for.
	Verbs []string `json:"verbs,omitempty"`
	// Types (T) are the entity types it talks about ("singer",
	// "concert").
	Types []string `json:"types,omitempty"`
	// Joins (J) are the connections needed between types.
	Joins []Join `json:"joins,omitempty"`
	// Filters (F) are the constraints.
	Filters []Filter `json:"filters,omitempty"`
	// Output (O) is the expected answer.
	Output Output `json:"output"`
	// Cues are the words of the question that commit its answer to a
	// form (the wh-word, superlatives, comparatives, negation, grouping,
	// set words), with what the reader took each to mean. The verifier
	// checks that a query realises each of them (question coverage).
	Cues []Cue `json:"cues,omitempty"`
}

// CueKind says what a [Cue] commits the answer to.
type CueKind string

// The kinds of cues.
const (
	// CueAnswer is the requested answer: the wh-word or phrase ("who",
	// "how many", "when") or the attribute noun asked for.
	CueAnswer CueKind = "answer"
	// CueSuperlative orders and cuts ("youngest", "most", "top 3").
	CueSuperlative CueKind = "superlative"
	// CueComparative compares with a value or another entity ("older
	// than 30", "more goals than Magnus Dahl").
	CueComparative CueKind = "comparative"
	// CueNegation excludes ("not", "never", "without").
	CueNegation CueKind = "negation"
	// CueGrouping asks for one answer per group ("each", "per", "for
	// every").
	CueGrouping CueKind = "grouping"
	// CueSet combines conditions ("both … and", "either … or").
	CueSet CueKind = "set"
)

// Cue is one word or phrase of the question that commits its answer.
type Cue struct {
	Kind CueKind `json:"kind"`
	// Text is the cue as written ("youngest", "how many", "each").
	Text string `json:"text"`
	// Term is the attribute the cue implies or names, when it does
	// ("age" for "youngest", "goals" for "more goals than").
	Term string `json:"term,omitempty"`
	// Descending is the direction of a superlative (true: largest
	// first); Op the comparison of a comparative.
	Descending bool     `json:"descending,omitempty"`
	Op         FilterOp `json:"op,omitempty"`
	// Of is the type term a superlative is said of: the one right after
	// it ("player" of "the oldest player's school") or before its "with"
	// ("dorm" of "the dorm with the largest capacity"); "" when none.
	Of string `json:"of,omitempty"`
}

// Terms returns the predicate and type terms, without duplicates, in
// order.
func (r *Requirements) Terms() []string {
	var out []string
	for _, t := range append(slices.Clone(r.Predicates), r.Types...) {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// Join says that instances of two types must be connected, optionally
// through a named relation.
type Join struct {
	From string `json:"from"`          // a type term
	To   string `json:"to"`            // a type term
	Via  string `json:"via,omitempty"` // a relation term, if the question names one
}

// FilterOp is the comparison of a filter.
type FilterOp string

// The filter comparisons.
const (
	FilterEq       FilterOp = "="
	FilterNe       FilterOp = "!="
	FilterLt       FilterOp = "<"
	FilterLe       FilterOp = "<="
	FilterGt       FilterOp = ">"
	FilterGe       FilterOp = ">="
	FilterContains FilterOp = "contains"
	FilterBetween  FilterOp = "between"
)

// Filter is a constraint on an attribute.
type Filter struct {
	// Attribute is the predicate term constrained ("age"); empty when
	// the question leaves it implicit ("from France").
	Attribute string   `json:"attribute,omitempty"`
	Op        FilterOp `json:"op"`
	// Value is the constant compared against (normalised like
	// Mention.Normalized); Value2 the upper bound of FilterBetween.
	Value  string `json:"value"`
	Value2 string `json:"value2,omitempty"`
	// ValueKind is "string", "number", "date" or "boolean" for a
	// constant; ValueSubgoal when Value is the ID of the subgoal whose
	// answer is the bound ("older than the average"); ValueEntity when
	// Value names a thing whose own Attribute is the bound ("more goals
	// than Magnus Dahl").
	ValueKind string `json:"valueKind,omitempty"`
	// Answer, for a ValueSubgoal filter, is the lexical form of that
	// subgoal's answer once it is known ([DependencyValue]): the pipeline
	// sets it on the subgoal it verifies, so that the verifier counts the
	// value as one the question names. Empty otherwise.
	Answer string `json:"answer,omitempty"`
	// Negated is true for an excluding condition ("not from France").
	Negated bool `json:"negated,omitempty"`
	// Label is true when the value labels a thing the attribute names
	// ("room 112", "gate 7"): the attribute holds it, and the value is
	// never a count of such things ("with 2 rooms").
	Label bool `json:"label,omitempty"`
	// Or is true when the question joins this condition to the one
	// before it by "or" ("amount paid higher than 300 or payment type
	// 'Check'"): either may hold. Values of one attribute ("from 2008
	// or 2010") need no flag; they are alternatives by themselves.
	Or bool `json:"or,omitempty"`
	// Aggregate, when set, compares that aggregate of Attribute over
	// each subject's rows rather than each row's value: "studios whose
	// average gross is above 4500000" (HAVING AVG(gross) > 4500000).
	Aggregate Aggregate `json:"aggregate,omitempty"`
}

// BareAge reports whether the filter compares an unnamed attribute with
// a number that could be an age in years, a whole number from 1 to 150
// ("people who are under 40", "players over 30"): with things that have
// an age, it is their age.
func (f Filter) BareAge() bool {
	if f.Attribute != "" || f.ValueKind != "number" {
		return false
	}
	for _, v := range []string{f.Value, f.Value2} {
		if v == "" && f.Op != FilterBetween {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err != nil || n < 1 || n > 150 {
			return false
		}
	}
	return true
}

// DateSpan returns the first instant of the calendar month or day a
// date value names ("2017-05", "2017-05-03", as the decomposer
// normalises dates) and the first instant of the one after it; ok is
// false for any other value (a year alone is compared by its number).
func DateSpan(v string) (first, next time.Time, ok bool) {
	if t, err := time.Parse("2006-01-02", v); err == nil {
		return t, t.AddDate(0, 0, 1), true
	}
	if t, err := time.Parse("2006-01", v); err == nil {
		return t, t.AddDate(0, 1, 0), true
	}
	return time.Time{}, time.Time{}, false
}

// AttrTimes is the Attribute of a filter that bounds how often the
// subjects occur ("nominated more than two times", "visited at least
// twice", "ordered more than once"): a count of their rows, per subject.
const AttrTimes = "times"

// AttrGender is the Attribute of a filter on a sex ("female students":
// Value "female" or "male"), which a schema may keep as sex, gender or
// is_male and write as "F", "Female" or "T".
const AttrGender = "gender"

// Filter value kinds that are not constants (see Filter.ValueKind).
const (
	ValueSubgoal = "subgoal"
	ValueEntity  = "entity"
)

// Shape is the form of an expected answer.
type Shape string

// The answer shapes.
const (
	ShapeEntities Shape = "entities" // a list of entities (or their names)
	ShapeValues   Shape = "values"   // attribute values
	ShapeNumber   Shape = "number"   // one number (count, sum, average…)
	ShapeBoolean  Shape = "boolean"  // yes or no
	ShapeTable    Shape = "table"    // several columns per row
)

// Aggregate is an aggregation function.
type Aggregate string

// The aggregation functions.
const (
	AggCount Aggregate = "count"
	AggSum   Aggregate = "sum"
	AggAvg   Aggregate = "avg"
	AggMin   Aggregate = "min"
	AggMax   Aggregate = "max"
)

// AggregateWord is the aggregate a word names ("average": AggAvg,
// "highest": AggMax), or "" for none. Counting words are not included.
func AggregateWord(w string) Aggregate {
	switch w {
	case "minimum", "min", "smallest", "lowest":
		return AggMin
	case "maximum", "max", "largest", "highest", "greatest", "biggest":
		return AggMax
	case "average", "mean", "avg":
		return AggAvg
	case "total", "sum":
		return AggSum
	}
	return ""
}

// AggregateTerm is an aggregate of one term.
type AggregateTerm struct {
	Aggregate Aggregate `json:"aggregate"`
	Of        string    `json:"of"`
}

// Output describes the expected answer of a subgoal.
type Output struct {
	Shape Shape `json:"shape"`
	// Attributes are the predicate terms to return ("name", "age").
	Attributes []string `json:"attributes,omitempty"`
	// Aggregate and AggregateOf: the function and the term it applies to
	// ("avg" of "age"); empty when there is none.
	Aggregate   Aggregate `json:"aggregate,omitempty"`
	AggregateOf string    `json:"aggregateOf,omitempty"`
	// Aggregates are the aggregates the question lists of that one
	// term, in order ("the minimum, average and maximum age": min, avg,
	// max; "the cheapest and the average ticket price": min, avg);
	// empty when it lists fewer than two.
	Aggregates []Aggregate `json:"aggregates,omitempty"`
	// MoreAggregates are aggregates of other terms asked for beside the
	// first ("the maximum support rate, minimum consider rate and
	// minimum oppose rate": min of consider rate, min of oppose rate).
	MoreAggregates []AggregateTerm `json:"moreAggregates,omitempty"`
	// Distinct asks for distinct answers ("different", "distinct").
	Distinct bool `json:"distinct,omitempty"`
	// All asks for everything known about the things ("all the
	// information about courses", "everything about Ada Brook"): the
	// things themselves, or all their attributes, not one column.
	All bool `json:"all,omitempty"`
	// GroupBy are the terms grouped by ("for each country").
	GroupBy []string `json:"groupBy,omitempty"`
	// OrderBy is the term ordered by, Descending its direction; Limit
	// cuts the answer (0: no limit).
	OrderBy    string `json:"orderBy,omitempty"`
	Descending bool   `json:"descending,omitempty"`
	Limit      int    `json:"limit,omitempty"`
	// ShowOrder shows the value ordered by beside each answer, as a
	// table of leaders does ("the three top goal scorers": their
	// goals).
	ShowOrder bool `json:"showOrder,omitempty"`
	// OrderTotal ranks each answer by its total of the term ordered by,
	// summed over the rows of it that it has ("Which student spent the
	// most?": all the student's visits, not the largest one).
	OrderTotal bool `json:"orderTotal,omitempty"`
}

// Decomposition is a question split into subgoals that form a DAG, in
// topological order.
type Decomposition struct {
	Question string    `json:"question"`
	Subgoals []Subgoal `json:"subgoals"`
	// Source says who decomposed: "rules" or "llm:<model>".
	Source string `json:"source"`
	// Notes record what happened on the way (an LLM answer that failed
	// validation and the fallback taken…).
	Notes []string `json:"notes,omitempty"`
}

// Subgoal returns the subgoal with the given ID.
func (d *Decomposition) Subgoal(id string) (*Subgoal, bool) {
	for i := range d.Subgoals {
		if d.Subgoals[i].ID == id {
			return &d.Subgoals[i], true
		}
	}
	return nil, false
}

// Final returns the last subgoal, whose answer is the question's answer.
func (d *Decomposition) Final() *Subgoal {
	if len(d.Subgoals) == 0 {
		return nil
	}
	return &d.Subgoals[len(d.Subgoals)-1]
}

// Merged returns one subgoal with the requirements, cues and mentions of
// all subgoals (terms and cues without duplicates), the final subgoal's
// operations and output, and the whole question as text: what routing a
// question to a single graph needs, and what answering it in one query
// reads.
func (d *Decomposition) Merged() Subgoal {
	m := Subgoal{ID: "all", Text: d.Question}
	if f := d.Final(); f != nil {
		m.Operations = slices.Clone(f.Operations)
		m.Requirements.Output = f.Requirements.Output
	}
	add := func(list []string, xs ...string) []string {
		for _, x := range xs {
			if !slices.Contains(list, x) {
				list = append(list, x)
			}
		}
		return list
	}
	for _, s := range d.Subgoals {
		r := s.Requirements
		m.Requirements.Predicates = add(m.Requirements.Predicates, r.Predicates...)
		m.Requirements.Verbs = add(m.Requirements.Verbs, r.Verbs...)
		m.Requirements.Types = add(m.Requirements.Types, r.Types...)
		m.Requirements.Joins = append(m.Requirements.Joins, r.Joins...)
		m.Requirements.Filters = append(m.Requirements.Filters, r.Filters...)
		for _, c := range r.Cues {
			if !slices.Contains(m.Requirements.Cues, c) {
				m.Requirements.Cues = append(m.Requirements.Cues, c)
			}
		}
		for _, mn := range s.Mentions {
			if !slices.ContainsFunc(m.Mentions, func(x Mention) bool { return x == mn }) {
				m.Mentions = append(m.Mentions, mn)
			}
		}
	}
	return m
}

// Validate checks the decomposition: at least one subgoal, unique
// non-empty IDs, known operations, dependencies that exist and come
// earlier (topological order, hence no cycle), and valid output shapes.
func (d *Decomposition) Validate() error {
	if len(d.Subgoals) == 0 {
		return errors.New("decomposition has no subgoals")
	}
	seen := map[string]bool{}
	var errs []error
	for i, s := range d.Subgoals {
		where := fmt.Sprintf("subgoal %d", i+1)
		if s.ID != "" {
			where += fmt.Sprintf(" (%s)", s.ID)
		}
		switch {
		case s.ID == "":
			errs = append(errs, fmt.Errorf("%s: empty id", where))
		case seen[s.ID]:
			errs = append(errs, fmt.Errorf("%s: duplicate id", where))
		}
		if len(s.Operations) == 0 {
			errs = append(errs, fmt.Errorf("%s: no operations", where))
		}
		for _, op := range s.Operations {
			if !op.Valid() {
				errs = append(errs, fmt.Errorf("%s: unknown operation %q", where, op))
			}
		}
		for _, dep := range s.DependsOn {
			switch {
			case dep == s.ID:
				errs = append(errs, fmt.Errorf("%s: depends on itself", where))
			case !seen[dep]:
				errs = append(errs, fmt.Errorf("%s: depends on %q, which is not an earlier subgoal (subgoals must be in topological order, without cycles)", where, dep))
			}
		}
		switch s.Requirements.Output.Shape {
		case ShapeEntities, ShapeValues, ShapeNumber, ShapeBoolean, ShapeTable:
		default:
			errs = append(errs, fmt.Errorf("%s: unknown output shape %q", where, s.Requirements.Output.Shape))
		}
		for _, f := range s.Requirements.Filters {
			switch f.Op {
			case FilterEq, FilterNe, FilterLt, FilterLe, FilterGt, FilterGe, FilterContains, FilterBetween:
			default:
				errs = append(errs, fmt.Errorf("%s: unknown filter op %q", where, f.Op))
			}
			switch f.Aggregate {
			case "", AggCount, AggSum, AggAvg, AggMin, AggMax:
			default:
				errs = append(errs, fmt.Errorf("%s: unknown filter aggregate %q", where, f.Aggregate))
			}
		}
		switch a := s.Requirements.Output.Aggregate; a {
		case "", AggCount, AggSum, AggAvg, AggMin, AggMax:
		default:
			errs = append(errs, fmt.Errorf("%s: unknown aggregate %q", where, a))
		}
		for _, a := range s.Requirements.Output.Aggregates {
			switch a {
			case AggCount, AggSum, AggAvg, AggMin, AggMax:
			default:
				errs = append(errs, fmt.Errorf("%s: unknown listed aggregate %q", where, a))
			}
		}
		for _, m := range s.Requirements.Output.MoreAggregates {
			switch m.Aggregate {
			case AggCount, AggSum, AggAvg, AggMin, AggMax:
			default:
				errs = append(errs, fmt.Errorf("%s: unknown aggregate %q of %q", where, m.Aggregate, m.Of))
			}
			if strings.TrimSpace(m.Of) == "" {
				errs = append(errs, fmt.Errorf("%s: aggregate %q of no term", where, m.Aggregate))
			}
		}
		seen[s.ID] = true
	}
	return errors.Join(errs...)
}
