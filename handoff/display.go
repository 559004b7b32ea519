package handoff

import (
	"strings"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Table is an answer in readable form: a column per variable of the
// answer and a row per answer row, each cell a display string (see
// [Answer.Table]).
type Table struct {
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// AskColumn is the one column of the table of a yes/no answer, whose one
// row is "yes" or "no".
const AskColumn = "answer"

// Table returns the answer's readable form: a column per variable and a
// row per row of Results, each IRI shown by its name ([Answer.Names],
// else the IRI itself), each literal by its value ([rdfvalue.Display]:
// no quotes, language tags or datatypes), a blank node as _:label and an
// unbound cell as "". A yes/no answer is one [AskColumn] column with
// "yes" or "no". It is empty (no columns, no rows) when a is nil or has
// no answer.
func (a *Answer) Table() Table {
	if !a.HasAnswer() {
		return Table{}
	}
	res := a.Results
	if res.Boolean != nil {
		v := "no"
		if *res.Boolean {
			v = "yes"
		}
		return Table{Columns: []string{AskColumn}, Rows: [][]string{{v}}}
	}
	t := Table{Columns: append([]string(nil), res.Vars...), Rows: make([][]string, len(res.Rows))}
	for i, row := range res.Rows {
		cells := make([]string, len(res.Vars))
		for j, v := range res.Vars {
			cells[j] = a.Display(row[v])
		}
		t.Rows[i] = cells
	}
	return t
}

// Display returns the display string of one term of the answer: an IRI's
// name ([Answer.Names]) or else the IRI, a literal's value
// ([rdfvalue.Display]), a blank node as _:label, and "" for nil.
func (a *Answer) Display(t sparql.Term) string {
	switch t := t.(type) {
	case *sparql.IRI:
		if t == nil {
			return ""
		}
		if a != nil {
			if n, ok := a.Names[t.Value]; ok && n != "" {
				return n
			}
		}
		return t.Value
	case *sparql.Literal:
		return rdfvalue.Display(t)
	case *sparql.BlankNode:
		if t == nil {
			return ""
		}
		return "_:" + t.Label
	}
	return ""
}

// String writes the table with its columns aligned: the column names, a
// rule of dashes, then a line per row, cells two spaces apart, without
// trailing spaces. It is "" for a table without columns.
func (t Table) String() string {
	if len(t.Columns) == 0 {
		return ""
	}
	width := make([]int, len(t.Columns))
	measure := func(line []string) {
		for i, c := range line {
			if i < len(width) {
				width[i] = max(width[i], utf8.RuneCountInString(c))
			}
		}
	}
	measure(t.Columns)
	for _, r := range t.Rows {
		measure(r)
	}
	var b strings.Builder
	writeLine := func(line []string) {
		var l strings.Builder
		for i := range width {
			c := ""
			if i < len(line) {
				c = line[i]
			}
			if i > 0 {
				l.WriteString("  ")
			}
			l.WriteString(c)
			l.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)))
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	writeLine(t.Columns)
	rule := make([]string, len(width))
	for i, n := range width {
		rule[i] = strings.Repeat("-", n)
	}
	writeLine(rule)
	for _, r := range t.Rows {
		writeLine(r)
	}
	return b.String()
}

// String returns the answer in readable form: its [Answer.Table] as text,
// or "No answer." with the reason ([Answer.NoAnswer]) when there is none.
// It is safe on a nil answer.
func (a *Answer) String() string {
	if !a.HasAnswer() {
		if a != nil && a.NoAnswer != "" {
			return "No answer: " + a.NoAnswer + "\n"
		}
		return "No answer.\n"
	}
	return a.Table().String()
}

// HasAnswer reports whether a holds an answer (rows, possibly none, or a
// yes/no); false for a nil answer and one withheld or not found
// ([Answer.NoAnswer] says why).
func (a *Answer) HasAnswer() bool { return a != nil && a.Results != nil }

// main returns the provenance entry the answer rests on: the first one
// (the best graph's) of the last subgoal in the provenance, the subgoal
// whose answer is the question's; false when there is none.
func (a *Answer) main() (Provenance, bool) {
	if a == nil || len(a.Provenance) == 0 {
		return Provenance{}, false
	}
	last := a.Provenance[len(a.Provenance)-1].Subgoal
	for _, p := range a.Provenance {
		if p.Subgoal == last {
			return p, true
		}
	}
	return Provenance{}, false // not reached: the last entry matches
}

// Query returns the SPARQL the answer rests on: of the queries in
// [Answer.Provenance], the first (best graph's) of the last subgoal that
// ran one; "" when there is none. Every query is in Provenance.
func (a *Answer) Query() string {
	p, _ := a.main()
	return p.Query
}

// Graph returns the graph [Answer.Query] ran on; "" when there is none.
func (a *Answer) Graph() string {
	p, _ := a.main()
	return p.Graph
}
