package integrator

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// composeOp returns the operation by which a subgoal without answers of
// its own is computed from its dependencies: the first set operation it
// has, else compare, aggregate, rank or ask; "" when none applies.
func composeOp(sg *handoff.Subgoal) handoff.Operation {
	if op := sg.SetOperation(); op != "" {
		return op
	}
	for _, op := range []handoff.Operation{handoff.OpCompare, handoff.OpAggregate, handoff.OpRank, handoff.OpAsk} {
		if sg.Has(op) {
			return op
		}
	}
	return ""
}

// wantsBoolean reports whether a subgoal's answer is yes or no.
func wantsBoolean(sg *handoff.Subgoal) bool {
	return sg.Requirements.Output.Shape == handoff.ShapeBoolean || sg.Has(handoff.OpAsk)
}

// compose computes a subgoal's answer from its dependencies' answers, or
// says why it cannot.
func (r *run) compose(sg *handoff.Subgoal) (*table, string) {
	op := composeOp(sg)
	if op == "" {
		ops := make([]string, len(sg.Operations))
		for i, o := range sg.Operations {
			ops[i] = string(o)
		}
		return nil, fmt.Sprintf("it has no accepted candidate of its own, and its operations (%s) do not compose from the answers of %s",
			strings.Join(ops, ", "), strings.Join(sg.DependsOn, ", "))
	}
	var deps []*table
	var missing []string
	for _, id := range sg.DependsOn {
		t := r.tables[id]
		if t == nil {
			missing = append(missing, id)
		}
		deps = append(deps, t)
	}
	if len(missing) > 0 {
		return nil, fmt.Sprintf("it has no accepted candidate of its own, and its %s needs the answer of %s, which has none",
			op, strings.Join(missing, " and "))
	}
	switch op {
	case handoff.OpIntersect, handoff.OpUnion, handoff.OpDifference:
		return r.setOp(sg, op, deps)
	case handoff.OpCompare:
		return r.compare(sg, deps)
	case handoff.OpAggregate:
		return r.aggregate(sg, deps[0])
	case handoff.OpRank:
		return r.rank(sg, deps[0])
	default: // OpAsk
		t := deps[0]
		b := t.boolean != nil && *t.boolean || t.boolean == nil && len(t.rows) > 0
		out := &table{boolean: &b, src: allSources(t)}
		r.event(sg.ID, "", fmt.Sprintf("ask over %s: %t", sg.DependsOn[0], b), map[string]float64{"rows": float64(len(t.rows))})
		return out, ""
	}
}

// allSources returns the provenance of a whole answer.
func allSources(ts ...*table) []int {
	var s []int
	for _, t := range ts {
		s = addSources(s, t.src...)
		for _, rw := range t.rows {
			s = addSources(s, rw.src...)
		}
	}
	return s
}

// setOp computes intersect, union or difference of the dependencies'
// answers: rows of one column by that column, wider rows whole, rows of
// different widths by their first column; yes/no answers by logic.
func (r *run) setOp(sg *handoff.Subgoal, op handoff.Operation, deps []*table) (*table, string) {
	bools := 0
	for _, t := range deps {
		if t.boolean != nil {
			bools++
		}
	}
	if bools == len(deps) {
		b := *deps[0].boolean
		for _, t := range deps[1:] {
			switch op {
			case handoff.OpIntersect:
				b = b && *t.boolean
			case handoff.OpUnion:
				b = b || *t.boolean
			case handoff.OpDifference:
				b = b && !*t.boolean
			}
		}
		r.event(sg.ID, "", fmt.Sprintf("%s of the yes/no answers of %s: %t", op, strings.Join(sg.DependsOn, ", "), b), nil)
		return &table{boolean: &b, src: allSources(deps...)}, ""
	}
	if bools > 0 {
		return nil, fmt.Sprintf("its %s cannot combine yes/no answers with rows (%s)", op, strings.Join(sg.DependsOn, ", "))
	}
	width := len(deps[0].vars)
	byFirst := false
	for _, t := range deps[1:] {
		if len(t.vars) != width {
			byFirst = true
		}
	}
	key := func(rw row) string {
		if byFirst {
			if len(rw.keys) == 0 {
				return "\x01"
			}
			return rw.keys[0]
		}
		return rw.key
	}
	// Each other answer, by key: the sources of its rows with that key.
	others := make([]map[string][]int, len(deps)-1)
	for i, t := range deps[1:] {
		others[i] = map[string][]int{}
		for _, rw := range t.rows {
			k := key(rw)
			others[i][k] = addSources(others[i][k], rw.src...)
		}
	}
	out := &table{vars: slices.Clone(deps[0].vars), rows: []row{}}
	seen := map[string]int{}
	add := func(rw row) {
		k := key(rw)
		if i, ok := seen[k]; ok {
			out.rows[i].src = addSources(out.rows[i].src, rw.src...)
			return
		}
		seen[k] = len(out.rows)
		rw.src = slices.Clone(rw.src)
		out.rows = append(out.rows, rw)
	}
	sizes := make([]string, len(deps))
	for i, t := range deps {
		sizes[i] = fmt.Sprintf("%s %d rows", sg.DependsOn[i], len(t.rows))
	}
	for _, rw := range deps[0].rows {
		k := key(rw)
		switch op {
		case handoff.OpIntersect:
			in, src := true, rw.src
			for _, o := range others {
				s, ok := o[k]
				if !ok {
					in = false
					break
				}
				src = addSources(slices.Clone(src), s...)
			}
			if in {
				rw.src = src
				add(rw)
			}
		case handoff.OpDifference:
			in := false
			for _, o := range others {
				if _, ok := o[k]; ok {
					in = true
				}
			}
			if !in {
				add(rw)
			}
		case handoff.OpUnion:
			add(rw)
		}
	}
	if op == handoff.OpUnion {
		for _, t := range deps[1:] {
			for _, rw := range t.rows {
				add(fitRow(rw, width))
			}
		}
	}
	by := "whole rows"
	switch {
	case byFirst:
		by = "the first column (the answers' widths differ)"
	case width == 1:
		by = "?" + out.vars[0]
	}
	numbers := map[string]float64{"rows": float64(len(out.rows))}
	for i, t := range deps {
		numbers["rows_"+sg.DependsOn[i]] = float64(len(t.rows))
	}
	if wantsBoolean(sg) {
		b := len(out.rows) > 0
		r.event(sg.ID, "", fmt.Sprintf("%s of %s by %s: %d rows ⇒ %t", op, strings.Join(sizes, " and "), by, len(out.rows), b), numbers)
		src := allSources(out)
		if !b {
			src = allSources(deps...)
		}
		return &table{boolean: &b, src: src}, ""
	}
	r.event(sg.ID, "", fmt.Sprintf("%s of %s by %s: %d rows", op, strings.Join(sizes, " and "), by, len(out.rows)), numbers)
	return out, ""
}

// fitRow cuts or pads a row to n columns (by position).
func fitRow(rw row, n int) row {
	out := row{terms: make([]sparql.Term, n), keys: make([]string, n), src: slices.Clone(rw.src)}
	for i := range n {
		if i < len(rw.terms) {
			out.terms[i], out.keys[i] = rw.terms[i], rw.keys[i]
		} else {
			out.keys[i] = "\x01"
		}
	}
	out.key = strings.Join(out.keys, "\x00")
	return out
}

// direction is what a comparison or a ranking asks for.
type direction int

const (
	dirNone direction = iota
	dirLarger
	dirSmaller
)

// comparison returns the comparison a subgoal states: the first filter
// with a comparison operator (negation applied), else the direction of
// its output (a maximum or descending order: the larger; a minimum or
// ascending order: the smaller).
func comparison(sg *handoff.Subgoal) (handoff.FilterOp, direction) {
	for _, f := range sg.Requirements.Filters {
		op := f.Op
		switch op {
		case handoff.FilterLt, handoff.FilterLe, handoff.FilterGt, handoff.FilterGe, handoff.FilterEq, handoff.FilterNe:
		default:
			continue
		}
		if f.Negated {
			op = map[handoff.FilterOp]handoff.FilterOp{
				handoff.FilterLt: handoff.FilterGe, handoff.FilterGe: handoff.FilterLt,
				handoff.FilterGt: handoff.FilterLe, handoff.FilterLe: handoff.FilterGt,
				handoff.FilterEq: handoff.FilterNe, handoff.FilterNe: handoff.FilterEq,
			}[op]
		}
		switch op {
		case handoff.FilterGt, handoff.FilterGe:
			return op, dirLarger
		case handoff.FilterLt, handoff.FilterLe:
			return op, dirSmaller
		}
		return op, dirNone
	}
	o := sg.Requirements.Output
	switch {
	case o.Aggregate == handoff.AggMax, o.OrderBy != "" && o.Descending:
		return "", dirLarger
	case o.Aggregate == handoff.AggMin, o.OrderBy != "":
		return "", dirSmaller
	}
	return "", dirNone
}

// valueColumn returns the column of a row that holds the value compared:
// the last one with a number or a date, else the last bound one; -1 when
// none is bound.
func valueColumn(rw row) int {
	last := -1
	for i := len(rw.terms) - 1; i >= 0; i-- {
		if rw.terms[i] == nil {
			continue
		}
		if last < 0 {
			last = i
		}
		if k := valueOf(rw.terms[i]).kind; k == kindNumber || k == kindTime {
			return i
		}
	}
	return last
}

// compare compares the single values of two dependencies.
func (r *run) compare(sg *handoff.Subgoal, deps []*table) (*table, string) {
	if len(deps) < 2 {
		return nil, "its comparison needs the answers of two subgoals, it depends on one"
	}
	a, b := deps[0], deps[1]
	ida, idb := sg.DependsOn[0], sg.DependsOn[1]
	if a.boolean != nil || b.boolean != nil {
		return nil, "its comparison needs two values, not yes/no answers"
	}
	if len(a.rows) == 0 || len(b.rows) == 0 {
		empty := ida
		if len(a.rows) > 0 {
			empty = idb
		}
		return nil, fmt.Sprintf("its comparison needs a value from %s, whose answer is empty", empty)
	}
	ra, rb := a.rows[0], b.rows[0]
	ca, cb := valueColumn(ra), valueColumn(rb)
	if ca < 0 || cb < 0 {
		return nil, "its comparison needs two values, and a first row binds nothing"
	}
	ta, tb := ra.terms[ca], rb.terms[cb]
	var notes []string
	if len(a.rows) > 1 || len(b.rows) > 1 {
		notes = append(notes, fmt.Sprintf("%s has %d rows and %s %d: their first rows are compared", ida, len(a.rows), idb, len(b.rows)))
	}
	c, ok := compareTerms(ta, tb)
	if !ok {
		return nil, fmt.Sprintf("its comparison cannot order %s (%s) and %s (%s)", termText(ta), ida, termText(tb), idb)
	}
	op, dir := comparison(sg)
	numbers := map[string]float64{"cmp": float64(c)}
	if wantsBoolean(sg) || op == handoff.FilterEq || op == handoff.FilterNe {
		if op == "" {
			switch dir {
			case dirLarger:
				op = handoff.FilterGt
			case dirSmaller:
				op = handoff.FilterLt
			default:
				op = handoff.FilterEq
				notes = append(notes, "no comparison stated: equality is asked")
			}
		}
		var res bool
		switch op {
		case handoff.FilterLt:
			res = c < 0
		case handoff.FilterLe:
			res = c <= 0
		case handoff.FilterGt:
			res = c > 0
		case handoff.FilterGe:
			res = c >= 0
		case handoff.FilterEq:
			res = c == 0
		case handoff.FilterNe:
			res = c != 0
		}
		r.event(sg.ID, "", withNotes(fmt.Sprintf("compare %s (%s) %s %s (%s): %t", termText(ta), ida, op, termText(tb), idb, res), notes), numbers)
		return &table{boolean: &res, src: addSources(slices.Clone(ra.src), rb.src...)}, ""
	}
	if dir == dirNone {
		va, vb := valueOf(ta), valueOf(tb)
		if sg.Requirements.Output.Shape == handoff.ShapeNumber && va.kind == kindNumber && vb.kind == kindNumber {
			d, ok := difference(ta, va, tb, vb)
			if ok {
				out := &table{vars: []string{"difference"}}
				rw := r.newRow(1, func(int) sparql.Term { return d }, "")
				rw.src = addSources(slices.Clone(ra.src), rb.src...)
				out.rows = []row{rw}
				r.event(sg.ID, "", withNotes(fmt.Sprintf("compare %s (%s) and %s (%s): no direction stated, the difference is %s",
					termText(ta), ida, termText(tb), idb, d.Lexical), notes), numbers)
				return out, ""
			}
		}
		dir = dirLarger
		notes = append(notes, "no direction stated: the larger is given")
	}
	out := &table{vars: slices.Clone(a.vars), rows: []row{}}
	pick := func(rw row) {
		rw = fitRow(rw, len(out.vars))
		for i := range out.rows {
			if out.rows[i].key == rw.key {
				out.rows[i].src = addSources(out.rows[i].src, rw.src...)
				return
			}
		}
		out.rows = append(out.rows, rw)
	}
	which := "both (equal)"
	switch {
	case c == 0:
		pick(ra)
		pick(rb)
	case (c > 0) == (dir == dirLarger):
		pick(ra)
		which = ida
	default:
		pick(rb)
		which = idb
	}
	word := map[direction]string{dirLarger: "larger", dirSmaller: "smaller"}[dir]
	r.event(sg.ID, "", withNotes(fmt.Sprintf("compare %s (%s) and %s (%s): the %s is %s", termText(ta), ida, termText(tb), idb, word, which), notes), numbers)
	return out, ""
}

// difference returns |a − b| as a literal: an integer when both are
// integers, a double when either is a floating-point number, else a
// decimal.
func difference(ta sparql.Term, a value, tb sparql.Term, b value) (*sparql.Literal, bool) {
	if a.num == nil || b.num == nil {
		return nil, false
	}
	d := new(big.Rat).Sub(a.num, b.num)
	d.Abs(d)
	switch {
	case isFloat(ta) || isFloat(tb):
		f, _ := d.Float64()
		return sparql.NewTypedLiteral(formatDouble(f), sparql.XSDDouble), true
	case isInteger(ta) && isInteger(tb):
		return sparql.NewTypedLiteral(d.Num().String(), sparql.XSDInteger), true
	}
	return sparql.NewTypedLiteral(formatDecimal(d), sparql.XSDDecimal), true
}

// formatDecimal writes a rational as an xsd:decimal ("119.0", "1.5"):
// exactly when it has a finite expansion within 18 digits, else rounded
// to 18.
func formatDecimal(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	return sparql.CanonicalDecimal(r.FloatString(18))
}

// formatDouble writes an xsd:double lexical form.
func formatDouble(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "INF"
	case math.IsInf(f, -1):
		return "-INF"
	}
	return strconv.FormatFloat(f, 'E', -1, 64)
}

func withNotes(msg string, notes []string) string {
	if len(notes) == 0 {
		return msg
	}
	return msg + " (" + strings.Join(notes, "; ") + ")"
}

// termText writes a term briefly for a trace message.
func termText(t sparql.Term) string {
	if l, ok := t.(*sparql.Literal); ok && (l.Datatype != nil || l.Lang != "") {
		if valueOf(l).kind != kindNone {
			return l.Lexical
		}
	}
	if t == nil {
		return "unbound"
	}
	return t.Key()
}

// column returns the column of vars that a requirement term names: the
// variable whose name, folded, equals the term's or contains it (or is
// contained in it); -1 when none.
func column(vars []string, term string) int {
	ft := fold(term)
	if ft == "" {
		return -1
	}
	for i, v := range vars {
		if fold(v) == ft {
			return i
		}
	}
	for i, v := range vars {
		fv := fold(v)
		if fv != "" && (strings.Contains(fv, ft) || strings.Contains(ft, fv)) {
			return i
		}
	}
	return -1
}

// fold lower-cases s and keeps its letters and digits.
func fold(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// orderColumn returns the column an ordering or aggregate term refers
// to: the one it names, else the last column holding numbers or dates in
// most rows; -1 when none.
func orderColumn(t *table, term string) (int, string) {
	if i := column(t.vars, term); i >= 0 {
		return i, "named"
	}
	best := -1
	for i := len(t.vars) - 1; i >= 0; i-- {
		n := 0
		for _, rw := range t.rows {
			if k := valueOf(rw.terms[i]).kind; k == kindNumber || k == kindTime {
				n++
			}
		}
		if n > 0 && 2*n >= len(t.rows) {
			best = i
			break
		}
	}
	if best < 0 && len(t.vars) == 1 {
		best = 0
	}
	return best, "by its values"
}

// sortClass classes terms for ordering: numbers (0), instants (1),
// anything else (2), NaN (3), unbound (4).
func sortClass(t sparql.Term) int {
	if t == nil {
		return 4
	}
	switch v := valueOf(t); v.kind {
	case kindNumber:
		if v.num == nil && math.IsNaN(v.float) {
			return 3
		}
		return 0
	case kindTime:
		return 1
	}
	return 2
}

// sortCompare orders terms for ranking: numbers by value, then instants,
// then everything else lexically; NaN and unbound last.
func sortCompare(a, b sparql.Term) int {
	ka, kb := sortClass(a), sortClass(b)
	if ka != kb {
		return ka - kb
	}
	if ka >= 3 {
		return 0
	}
	c, _ := compareTerms(a, b)
	return c
}

// rank orders the dependency's rows by the column the subgoal orders by
// and cuts them at its limit.
func (r *run) rank(sg *handoff.Subgoal, dep *table) (*table, string) {
	o := sg.Requirements.Output
	if dep.boolean != nil {
		return nil, "its ranking needs rows, not a yes/no answer"
	}
	if o.OrderBy == "" {
		return nil, "its ranking states no order (Output.OrderBy is empty)"
	}
	if len(dep.rows) == 0 {
		r.event(sg.ID, "", fmt.Sprintf("rank %s: its answer is empty", sg.DependsOn[0]), map[string]float64{"rowsBefore": 0, "rowsAfter": 0})
		return &table{vars: slices.Clone(dep.vars), rows: []row{}}, ""
	}
	col, how := orderColumn(dep, o.OrderBy)
	if col < 0 {
		return nil, fmt.Sprintf("its ranking by %q finds no column to order in %s", o.OrderBy, varList(dep.vars))
	}
	out := &table{vars: slices.Clone(dep.vars), rows: slices.Clone(dep.rows)}
	slices.SortStableFunc(out.rows, func(x, y row) int {
		if kx, ky := sortClass(x.terms[col]), sortClass(y.terms[col]); kx != ky {
			return kx - ky // the kinds' order, and unbound last, either way
		}
		c := sortCompare(x.terms[col], y.terms[col])
		if o.Descending {
			c = -c
		}
		return c
	})
	if o.Limit > 0 && len(out.rows) > o.Limit {
		out.rows = out.rows[:o.Limit]
	}
	dirWord := "ascending"
	if o.Descending {
		dirWord = "descending"
	}
	r.event(sg.ID, "", fmt.Sprintf("rank %s (%d rows) by ?%s (%s, %s), limit %d: %d rows",
		sg.DependsOn[0], len(dep.rows), dep.vars[col], how, dirWord, o.Limit, len(out.rows)),
		map[string]float64{"rowsBefore": float64(len(dep.rows)), "rowsAfter": float64(len(out.rows)), "limit": float64(o.Limit)})
	return out, ""
}

// aggregate computes the subgoal's aggregate over a column of the
// dependency's rows.
func (r *run) aggregate(sg *handoff.Subgoal, dep *table) (*table, string) {
	o := sg.Requirements.Output
	if dep.boolean != nil {
		return nil, "its aggregate needs rows, not a yes/no answer"
	}
	agg := o.Aggregate
	if agg == "" {
		return nil, "its aggregation states no function (Output.Aggregate is empty)"
	}
	col, how := -1, "rows"
	switch {
	case len(dep.vars) == 1:
		col, how = 0, "the only column"
	case agg == handoff.AggCount:
		if i := column(dep.vars, o.AggregateOf); i >= 0 {
			col, how = i, "named"
		}
	case len(dep.rows) == 0 && len(dep.vars) > 0:
		col, how = 0, "an empty answer"
	default:
		col, how = orderColumn(dep, o.AggregateOf)
	}
	if agg != handoff.AggCount && col < 0 {
		return nil, fmt.Sprintf("its %s of %q finds no column in %s", agg, o.AggregateOf, varList(dep.vars))
	}
	on := "rows"
	if col >= 0 {
		on = "?" + dep.vars[col] + " (" + how + ")"
	}
	src := allSources(dep)
	var result sparql.Term
	used, skipped := 0, 0
	switch agg {
	case handoff.AggCount:
		seen := map[string]bool{}
		for _, rw := range dep.rows {
			k := rw.key
			if col >= 0 {
				if rw.terms[col] == nil {
					continue
				}
				k = rw.keys[col]
			}
			if o.Distinct && seen[k] {
				continue
			}
			seen[k] = true
			used++
		}
		result = sparql.NewTypedLiteral(strconv.Itoa(used), sparql.XSDInteger)
	case handoff.AggSum, handoff.AggAvg:
		sum := new(big.Rat)
		var fsum float64
		float, allInt := false, true
		for _, rw := range dep.rows {
			t := rw.terms[col]
			v := valueOf(t)
			if v.kind != kindNumber {
				skipped++
				continue
			}
			used++
			if v.num == nil || isFloat(t) {
				float = true
			}
			if !isInteger(t) {
				allInt = false
			}
			if v.num != nil {
				sum.Add(sum, v.num)
				f, _ := v.num.Float64()
				fsum += f
			} else {
				fsum += v.float
			}
		}
		if used == 0 && skipped > 0 {
			return nil, fmt.Sprintf("its %s over %s finds no number among %d values", agg, on, skipped)
		}
		switch {
		case agg == handoff.AggAvg && used == 0:
			result = sparql.NewTypedLiteral("0", sparql.XSDInteger)
		case agg == handoff.AggAvg && float:
			result = sparql.NewTypedLiteral(formatDouble(fsum/float64(used)), sparql.XSDDouble)
		case agg == handoff.AggAvg:
			result = sparql.NewTypedLiteral(formatDecimal(new(big.Rat).Quo(sum, big.NewRat(int64(used), 1))), sparql.XSDDecimal)
		case float:
			result = sparql.NewTypedLiteral(formatDouble(fsum), sparql.XSDDouble)
		case allInt:
			result = sparql.NewTypedLiteral(sum.Num().String(), sparql.XSDInteger)
		default:
			result = sparql.NewTypedLiteral(formatDecimal(sum), sparql.XSDDecimal)
		}
	case handoff.AggMin, handoff.AggMax:
		// Over the values of the first kind present: numbers, else
		// instants, else lexical forms (NaN only when nothing else).
		best := 4
		for _, rw := range dep.rows {
			best = min(best, sortClass(rw.terms[col]))
		}
		for _, rw := range dep.rows {
			t := rw.terms[col]
			if t == nil {
				continue
			}
			if sortClass(t) != best {
				skipped++
				continue
			}
			used++
			if result == nil {
				result = t
				continue
			}
			if c := sortCompare(t, result); agg == handoff.AggMin && c < 0 || agg == handoff.AggMax && c > 0 {
				result = t
			}
		}
	}
	out := &table{vars: []string{string(agg)}}
	rw := r.newRow(1, func(int) sparql.Term { return result }, "")
	rw.src = src
	out.rows = []row{rw}
	msg := fmt.Sprintf("%s over %s of %s (%d rows): %s", agg, on, sg.DependsOn[0], len(dep.rows), termText(result))
	if skipped > 0 {
		msg += fmt.Sprintf(" (%d values that are not numbers left out)", skipped)
	}
	r.event(sg.ID, "", msg, map[string]float64{"rows": float64(len(dep.rows)), "used": float64(used), "skipped": float64(skipped)})
	return out, ""
}
