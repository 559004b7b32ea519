package qa

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/internal/conformance"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// SameAnswers reports whether two results have the same answer set after
// canonicalisation (EA): rows as sets of canonical values (numbers by
// value, to six significant digits; literals by lexical form; IRIs as
// written), compared as sets of rows, ignoring variable names and column
// order; two ASK results compare their booleans. A nil result matches
// nothing.
func SameAnswers(want, got *sparql.Results) bool {
	if want == nil || got == nil {
		return false
	}
	if want.Boolean != nil || got.Boolean != nil {
		return want.Boolean != nil && got.Boolean != nil && *want.Boolean == *got.Boolean
	}
	a, b := want.ValueRows(), got.ValueRows()
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// termValue is a term's value as the TEXT2SPARQL evaluation reads it from
// SPARQL JSON results (the "value" member: an IRI, a literal's lexical
// form, a blank node's label), numbers canonicalised like [SameAnswers].
func termValue(t sparql.Term) string {
	switch t := t.(type) {
	case *sparql.Literal:
		return canonValue(t.Lexical)
	case *sparql.IRI:
		return t.Value
	case *sparql.BlankNode:
		return "_:" + t.Label
	}
	return fmt.Sprint(t)
}

// canonValue canonicalises a value string: a number by value, anything
// else as it is.
func canonValue(s string) string {
	if n, ok := sparql.CanonicalNumber(s); ok {
		return n
	}
	return s
}

// AnswerValues returns the values of a SELECT result row by row (each
// row's values in variable order), each value once, at its first
// occurrence: the ranked list that NDCG scores and the set that SetF1
// scores. Numbers are canonicalised by value. An ASK result that says
// true gives ["true"], one that says false nothing (see [Relevance]).
func AnswerValues(r *sparql.Results) []string {
	if r == nil {
		return nil
	}
	if r.Boolean != nil {
		if *r.Boolean {
			return []string{"true"}
		}
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, row := range r.Rows {
		for _, v := range r.Vars {
			t, ok := row[v]
			if !ok || t == nil {
				continue
			}
			s := termValue(t)
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// Relevance turns a gold answer into graded relevance judgements of its
// values, as the TEXT2SPARQL evaluation does with its qrels: every value
// of every row is relevant (1). When ordered is set (the order of the gold
// rows matters), the value at position i of the n values of [AnswerValues]
// (1-based) has relevance n-i+1, so that NDCG rewards the gold order. An
// ASK answer gives {"true": 1} or {"true": 0}.
func Relevance(r *sparql.Results, ordered bool) map[string]int {
	if r == nil {
		return nil
	}
	if r.Boolean != nil {
		if *r.Boolean {
			return map[string]int{"true": 1}
		}
		return map[string]int{"true": 0}
	}
	vals := AnswerValues(r)
	out := make(map[string]int, len(vals))
	for i, v := range vals {
		if ordered {
			out[v] = len(vals) - i
		} else {
			out[v] = 1
		}
	}
	return out
}

// parseGold parses a gold query leniently (the dialect public endpoints
// accept), with the prefixes Spider4SPARQL's gold queries assume when it
// does not parse alone.
func parseGold(query string) (*sparql.Query, error) {
	q, err := sparql.Parse(query, sparql.WithDialect(sparql.Lenient))
	if err == nil {
		return q, nil
	}
	if q, err2 := sparql.Parse(conformance.SpiderPrologue+query, sparql.WithDialect(sparql.Lenient)); err2 == nil {
		return q, nil
	}
	if q, err2 := sparql.Parse(conformance.SpiderPrologue+datasets.SpiderPrefix+query, sparql.WithDialect(sparql.Lenient)); err2 == nil {
		return q, nil
	}
	return nil, err
}

// GoldOperation labels a gold query by its most specific operation
// (ask, union, intersect, difference, negate, compare, group, rank,
// aggregate, filter, lookup) from its text; "unparsed" when it does not
// parse.
func GoldOperation(query string) string {
	q, err := parseGold(query)
	if err != nil {
		return "unparsed"
	}
	an := sparql.Analyze(q)
	has := func(f sparql.Feature) bool { return slices.Contains(an.Features, f) }
	text := strings.ToLower(query)
	switch {
	case q.Form == sparql.Ask:
		return "ask"
	case has("union"):
		return "union"
	case strings.Contains(text, "not exists") || has("minus"):
		return "negate"
	case strings.Contains(text, " in (") && strings.Count(text, " a :") >= 2 && !strings.Contains(text, "ref-"):
		return "intersect"
	case has("subquery"):
		return "compare"
	case len(q.GroupBy) > 0:
		return "group"
	case len(q.OrderBy) > 0:
		return "rank"
	case has("aggregate"):
		return "aggregate"
	case strings.Contains(text, "filter"):
		return "filter"
	}
	return "lookup"
}
