package qa

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// GoldDefect returns why a gold query cannot give the answer its question
// asks for, whatever the data, or "" when it finds no such reason (or the
// query does not parse). Two defects are recognised, both read from the
// query alone:
//
//   - a FILTER of a WHERE clause reads a variable that nothing in that
//     clause binds: the comparison is an error on every row, so the
//     filter drops every row (or, under a negation, none);
//   - NOT IN with a variable in its list ("FILTER(?id NOT IN (?other))"
//     beside a sub-select that binds ?other): each row is compared with
//     each row of the joined pattern, so the answer holds every thing
//     that differs from some other thing, not the things absent from the
//     set the question excludes.
//
// A benchmark's figures count such questions as they are; a model fitted
// on their labels would learn the defect (a right NOT EXISTS answer
// labelled wrong), so the calibrate stage leaves them out.
func GoldDefect(query string) string {
	q, err := parseGold(query)
	if err != nil {
		return ""
	}
	reason := ""
	sparql.Inspect(q, func(n sparql.Node) bool {
		if reason != "" {
			return false
		}
		switch n := n.(type) {
		case *sparql.Query:
			reason = unboundFilter(n)
		case *sparql.InExpr:
			if n.Not && slices.ContainsFunc(n.List, func(e sparql.Expr) bool { _, ok := e.(*sparql.Var); return ok }) {
				reason = "NOT IN over a variable compares row by row with a joined pattern, not with a set"
			}
		}
		return reason == ""
	})
	return reason
}

// unboundFilter returns a reason when a FILTER directly in q's WHERE
// clause reads a variable that the clause does not bind ("" otherwise).
// Filters of nested groups are not judged: an OPTIONAL's filter may read
// the variables of the pattern it extends.
func unboundFilter(q *sparql.Query) string {
	if q == nil || q.Where == nil {
		return ""
	}
	scope := map[string]bool{}
	for _, v := range sparql.InScope(q.Where) {
		scope[v.Name] = true
	}
	for _, el := range q.Where.Elements {
		f, ok := el.(*sparql.FilterPattern)
		if !ok {
			continue
		}
		for _, v := range sparql.ExprVars(f.Expr) {
			if !scope[v] {
				return fmt.Sprintf("FILTER reads ?%s, which nothing in its WHERE clause binds", v)
			}
		}
	}
	return ""
}

// countRE finds a question's count of things asked for before a
// superlative: "the top 3", "the three most …", "the 5 largest" (not "the
// 4 cylinder cars").
var countRE = regexp.MustCompile(`\b(?:top\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b|(?:the|with|of)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:most|least|[a-z]+est)\b)`)

var countWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// QuestionDefect returns why a gold query does not answer its question,
// reading both, or "" when it finds no such reason (see [GoldDefect] for
// the query alone): a question that asks for a number of things ("the
// three oldest", "the top 5") whose gold query keeps another number of
// rows (LIMIT 1).
func QuestionDefect(question, query string) string {
	if d := GoldDefect(query); d != "" {
		return d
	}
	m := countRE.FindStringSubmatch(strings.ToLower(question))
	if m == nil {
		return ""
	}
	n := m[1] + m[2]
	want, ok := countWords[n]
	if !ok {
		want, _ = strconv.Atoi(n)
	}
	q, err := parseGold(query)
	if err != nil || q.Limit == nil || want < 2 {
		return ""
	}
	if int64(want) != *q.Limit {
		return fmt.Sprintf("the question asks for %d, the gold query keeps %d", want, *q.Limit)
	}
	return ""
}
