package qa

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Ties is what a gold query that orders its solutions and then slices
// them (ORDER BY with LIMIT or OFFSET) leaves open: when solutions tie on
// the sort keys at an edge of the slice, which of them the slice keeps is
// arbitrary (SPARQL fixes no order among ties, and the Spider4SPARQL gold
// notes that "ORDER BY … LIMIT 1 over ties picks an arbitrary row"). The
// gold answer is one such pick; Ties admits the others.
//
// An admissible answer takes, for each value of the sort keys in the
// slice, as many rows with that value as the slice has, and nothing else.
type Ties struct {
	class map[string]int // a row's key value: its index in need
	need  []int          // per key value, how many of its rows the slice has
	size  int            // rows in the slice
}

// Admits reports whether got is one of the answers the gold query admits
// (rows compared as [SameAnswers] compares them). A nil Ties admits
// nothing.
func (t *Ties) Admits(got *sparql.Results) bool {
	if t == nil || got == nil || got.Boolean != nil {
		return false
	}
	rows := got.ValueRows()
	if len(rows) != t.size {
		return false
	}
	count := make([]int, len(t.need))
	for k := range rows {
		c, ok := t.class[k]
		if !ok {
			return false
		}
		count[c]++
	}
	for i, n := range t.need {
		if count[i] != n {
			return false
		}
	}
	return true
}

// Right reports whether got answers q: it is the gold answer
// ([SameAnswers]), or another answer the gold query admits because rows
// tie at the edge of its slice ([Ties]).
func (q *Question) Right(got *sparql.Results) bool {
	return SameAnswers(q.Answer, got) || q.Ties.Admits(got)
}

// FindTies runs the gold query of an ordered, sliced answer on g without
// its slice and with its sort keys projected, and returns what the ties
// at the edges of the slice admit. It returns nil (and no error) when the
// query does not slice an ordered SELECT, when no row ties with an edge of
// the slice beyond the slice, or when gold (the reference answer, when
// not nil) is not one of the admitted answers: then the engines disagree
// and only the gold answer counts.
func FindTies(ctx context.Context, g *kg.Graph, query string, gold *sparql.Results) (*Ties, error) {
	q, err := parseGold(query)
	if err != nil || q.Form != sparql.Select || len(q.OrderBy) == 0 || (q.Limit == nil && q.Offset == nil) {
		return nil, nil
	}
	offset, limit := int64(0), int64(math.MaxInt64)
	if q.Offset != nil {
		offset = max(*q.Offset, 0)
	}
	if q.Limit != nil {
		limit = max(*q.Limit, 0)
	}
	q.Limit, q.Offset = nil, nil
	// The answer's own columns: the projection, or with SELECT * the
	// variables the query answers with.
	if q.Star {
		res, err := g.QueryParsed(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("ties of the gold query on %s: %w", g.ID, err)
		}
		q.Star = false
		for _, v := range res.Vars {
			q.Projections = append(q.Projections, &sparql.Projection{Var: &sparql.Var{Name: v}})
		}
	}
	var cols []string
	taken := map[string]bool{}
	for _, p := range q.Projections {
		cols = append(cols, p.Var.Name)
		taken[p.Var.Name] = true
	}
	var keys []string
	for i, oc := range q.OrderBy {
		// A variable is its own key: projected as it is (an alias of
		// the projection cannot be read by another projection).
		if v, ok := oc.Expr.(*sparql.Var); ok {
			if !taken[v.Name] {
				taken[v.Name] = true
				q.Projections = append(q.Projections, &sparql.Projection{Var: &sparql.Var{Name: v.Name}})
			}
			keys = append(keys, v.Name)
			continue
		}
		name := "sf_tie_key" + strconv.Itoa(i)
		for taken[name] {
			name += "_"
		}
		taken[name] = true
		keys = append(keys, name)
		q.Projections = append(q.Projections, &sparql.Projection{Var: &sparql.Var{Name: name}, Expr: oc.Expr})
	}
	// A gold query the graph's dialect does not accept this way (one
	// that orders by a variable it neither groups nor aggregates) is not
	// sent: only its gold answer counts.
	checked, err := kg.CheckQuery(sparql.Print(q), g.Dialect, false)
	if err != nil {
		return nil, nil
	}
	res, err := g.QueryParsed(ctx, checked)
	if err != nil {
		return nil, fmt.Errorf("ties of the gold query on %s: %w", g.ID, err)
	}
	// The ordered rows as the answer sees them (each once, at its first
	// place, when the query is DISTINCT), with their sort keys.
	type row struct{ value, key string }
	var rows []row
	seen := map[string]bool{}
	for _, r := range res.Rows {
		value := sparql.ValueRow(cols, r)
		if q.Distinct || q.Reduced {
			if seen[value] {
				continue
			}
			seen[value] = true
		}
		var ks []string
		for _, k := range keys {
			ks = append(ks, sortKey(r[k]))
		}
		rows = append(rows, row{value, strings.Join(ks, "\x1e")})
	}
	if offset >= int64(len(rows)) {
		return nil, nil
	}
	end := int64(len(rows))
	if limit < end-offset {
		end = offset + limit
	}
	slice := rows[offset:end]
	t := &Ties{class: map[string]int{}, size: len(slice)}
	index := map[string]int{} // key value → class
	for _, r := range slice {
		c, ok := index[r.key]
		if !ok {
			c = len(t.need)
			index[r.key] = c
			t.need = append(t.need, 0)
		}
		t.need[c]++
	}
	// Every row of the key values in the slice is a candidate. A row
	// that comes twice, or with two key values, cannot be counted as a
	// set: then only the gold answer counts.
	for _, r := range rows {
		c, ok := index[r.key]
		if !ok {
			continue
		}
		if _, dup := t.class[r.value]; dup {
			return nil, nil
		}
		t.class[r.value] = c
	}
	// Without more candidates than rows, the slice is the only pick.
	if len(t.class) == t.size || (gold != nil && !t.Admits(gold)) {
		return nil, nil
	}
	return t, nil
}

// sortKey is a sort key's value as ties compare it: numbers by their
// exact value, other terms by their canonical form, unbound as empty.
func sortKey(t sparql.Term) string {
	if t == nil {
		return ""
	}
	if l, ok := t.(*sparql.Literal); ok {
		if f, err := strconv.ParseFloat(strings.TrimSpace(l.Lexical), 64); err == nil && !math.IsNaN(f) {
			return "n:" + strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return sparql.CanonicalValue(t)
}

// ResolveTies sets Ties of each question with a gold answer whose gold
// query slices an ordered answer, running that query on the question's
// graph in coll (each run bounded by timeout; none when 0). It returns how
// many questions admit other answers than their gold one; a gold query
// that fails leaves its question with the gold answer alone. It fails only
// when ctx ends.
func ResolveTies(ctx context.Context, qs []Question, coll *kg.Collection, timeout time.Duration) (int, error) {
	n := 0
	for i := range qs {
		q := &qs[i]
		if q.Answer == nil || q.Query == "" || q.Graph == "" || !strings.Contains(strings.ToUpper(q.Query), "LIMIT") && !strings.Contains(strings.ToUpper(q.Query), "OFFSET") {
			continue
		}
		g, ok := coll.Graph(q.Graph)
		if !ok {
			g, ok = coll.Graph(strings.ToLower(q.Graph))
		}
		if !ok {
			continue
		}
		qctx, cancel := bounded(ctx, timeout)
		t, err := FindTies(qctx, g, q.Query, q.Answer)
		cancel()
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		if err == nil && t != nil {
			q.Ties = t
			n++
		}
	}
	return n, nil
}
