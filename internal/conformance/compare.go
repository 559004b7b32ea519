package conformance

import (
	"encoding/csv"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// This file compares query answers the way the W3C test harnesses do: rows
// and triples as multisets (or sets) of RDF terms compared by term equality,
// blank nodes up to a consistent renaming (a bijection found by a small
// backtracking search), and ordered results on their sort keys.

// ErrUndecided is wrapped by the error of a comparison whose blank-node
// search exceeded its step budget: the answer is neither "same" nor
// "different".
var ErrUndecided = errors.New("blank-node isomorphism search exceeded its budget")

// isoBudget bounds the backtracking steps of one isomorphism search.
const isoBudget = 2_000_000

// KeyFunc maps a ground RDF term (IRI or literal) to the string it is
// compared by. [TermKey] compares RDF terms; [NumericKey] also identifies
// numeric literals of the same datatype and value.
type KeyFunc func(sparql.Term) string

// TermKey is RDF term equality: [sparql.Term.Key].
func TermKey(t sparql.Term) string { return t.Key() }

// NumericKey is [TermKey] except for literals of an XSD numeric datatype
// with a valid lexical form, which are keyed as the literal with the same
// datatype and the canonical lexical form of their value (XSD 1.0 style:
// "2.0" for decimals, "2.5E1" for doubles; [rdfvalue.Number.Lexical]):
// "01"^^xsd:integer and "1"^^xsd:integer get the same key,
// "2.50"^^xsd:decimal and "2.5"^^xsd:decimal too, "1.0E6"^^xsd:double and
// "1000000"^^xsd:double too; "1"^^xsd:integer and "1"^^xsd:decimal do not
// (different datatypes are different terms however equal their values).
// The lexical form is checked against the lexical space of the datatype's
// primitive type only: the range of a derived type such as xsd:byte is not
// checked.
func NumericKey(t sparql.Term) string {
	lit, ok := t.(*sparql.Literal)
	if !ok || lit.Datatype == nil || lit.Lang != "" {
		return t.Key()
	}
	dt := lit.Datatype.Value
	if n, ok := rdfvalue.ParseLexical(lit.Lexical, rdfvalue.NumericKind(dt)); ok {
		return sparql.NewTypedLiteral(n.Lexical(), dt).Key()
	}
	return t.Key()
}

// tuple is a row of terms; nil stands for an unbound variable.
type tuple []sparql.Term

func isBlank(t sparql.Term) bool {
	_, ok := t.(*sparql.BlankNode)
	return ok
}

// hasBlank reports whether any term of tp is a blank node.
func (tp tuple) hasBlank() bool { return slices.ContainsFunc(tp, isBlank) }

// groundKey encodes a tuple with key; blank nodes become "_" (so two
// tuples that differ only in blank-node labels get the same key).
func (tp tuple) groundKey(key KeyFunc) string {
	var b strings.Builder
	for _, t := range tp {
		switch {
		case t == nil:
			b.WriteString("-;")
		case isBlank(t):
			b.WriteString("_;")
		default:
			k := key(t)
			b.WriteString(strconv.Itoa(len(k)))
			b.WriteByte(':')
			b.WriteString(k)
			b.WriteByte(';')
		}
	}
	return b.String()
}

// exactKey encodes a tuple with key, blank nodes by label.
func (tp tuple) exactKey(key KeyFunc) string {
	var b strings.Builder
	for _, t := range tp {
		switch {
		case t == nil:
			b.WriteString("-;")
		case isBlank(t):
			b.WriteString("b" + strconv.Itoa(len(t.Key())) + ":" + t.Key() + ";")
		default:
			k := key(t)
			b.WriteString(strconv.Itoa(len(k)))
			b.WriteByte(':')
			b.WriteString(k)
			b.WriteByte(';')
		}
	}
	return b.String()
}

// bagsIsomorphic reports whether a and b are the same multiset of tuples
// up to a bijective renaming of blank nodes (labels of a and of b live in
// separate spaces), ground terms compared by key. The error wraps
// ErrUndecided when the search exceeds budget steps.
func bagsIsomorphic(a, b []tuple, key KeyFunc, budget int) (bool, error) {
	if len(a) != len(b) {
		return false, nil
	}
	var ba, bb []tuple
	ground := map[string]int{}
	for _, t := range a {
		if t.hasBlank() {
			ba = append(ba, t)
		} else {
			ground[t.exactKey(key)]++
		}
	}
	for _, t := range b {
		if t.hasBlank() {
			bb = append(bb, t)
			continue
		}
		k := t.exactKey(key)
		if ground[k] == 0 {
			return false, nil
		}
		ground[k]--
	}
	if len(ba) != len(bb) {
		return false, nil
	}
	if len(ba) == 0 {
		return true, nil
	}
	ca, cb := refineColors(ba, bb, key)
	shape := func(t tuple, colors map[string]uint64) string {
		var s strings.Builder
		for _, x := range t {
			if bn, ok := x.(*sparql.BlankNode); ok {
				s.WriteString("B" + strconv.FormatUint(colors[bn.Label], 16) + ";")
				continue
			}
			s.WriteString(tuple{x}.exactKey(key))
		}
		return s.String()
	}
	st := &isoState{
		a: ba, b: bb, key: key, budget: budget,
		bucket: map[string][]int{},
		m:      map[string]string{}, r: map[string]string{},
		used: make([]bool, len(bb)),
	}
	for j, t := range bb {
		k := shape(t, cb)
		st.bucket[k] = append(st.bucket[k], j)
	}
	need := map[string]int{}
	st.shapeA = make([]string, len(ba))
	for i, t := range ba {
		st.shapeA[i] = shape(t, ca)
		need[st.shapeA[i]]++
	}
	for k, n := range need {
		if len(st.bucket[k]) != n {
			return false, nil
		}
	}
	st.order = make([]int, len(ba))
	for i := range st.order {
		st.order[i] = i
	}
	// Most constrained tuples first; stable for determinism.
	sort.SliceStable(st.order, func(x, y int) bool {
		return len(st.bucket[st.shapeA[st.order[x]]]) < len(st.bucket[st.shapeA[st.order[y]]])
	})
	return st.solve(0)
}

// refineColors colours the blank nodes of a and b by iterated refinement:
// a node's colour summarises the tuples it occurs in, their ground terms
// and the colours of the other blank nodes in them. Isomorphic inputs get
// the same colour histogram, and a bijection only ever maps a node to a
// node of the same colour.
func refineColors(a, b []tuple, key KeyFunc) (map[string]uint64, map[string]uint64) {
	occ := func(ts []tuple) (map[string][]int, map[string]uint64) {
		o := map[string][]int{}
		c := map[string]uint64{}
		for i, t := range ts {
			for _, x := range t {
				if bn, ok := x.(*sparql.BlankNode); ok {
					if n := o[bn.Label]; len(n) == 0 || n[len(n)-1] != i {
						o[bn.Label] = append(o[bn.Label], i)
					}
					c[bn.Label] = 0
				}
			}
		}
		return o, c
	}
	oa, ca := occ(a)
	ob, cb := occ(b)
	groundParts := func(ts []tuple) []string {
		out := make([]string, len(ts))
		for i, t := range ts {
			out[i] = t.groundKey(key)
		}
		return out
	}
	ga, gb := groundParts(a), groundParts(b)
	step := func(ts []tuple, g []string, o map[string][]int, c map[string]uint64) map[string]uint64 {
		next := make(map[string]uint64, len(c))
		var sigs []string
		for label, idx := range o {
			sigs = sigs[:0]
			for _, i := range idx {
				var s strings.Builder
				s.WriteString(g[i])
				for p, x := range ts[i] {
					if bn, ok := x.(*sparql.BlankNode); ok {
						if bn.Label == label {
							fmt.Fprintf(&s, "|%d=self", p)
						} else {
							fmt.Fprintf(&s, "|%d=%x", p, c[bn.Label])
						}
					}
				}
				sigs = append(sigs, s.String())
			}
			sort.Strings(sigs)
			h := fnv.New64a()
			fmt.Fprintf(h, "%x", c[label])
			for _, s := range sigs {
				h.Write([]byte{0})
				io.WriteString(h, s)
			}
			next[label] = h.Sum64()
		}
		return next
	}
	distinct := func(cs ...map[string]uint64) int {
		seen := map[uint64]bool{}
		for _, c := range cs {
			for _, v := range c {
				seen[v] = true
			}
		}
		return len(seen)
	}
	classes := 1
	for round := 0; round < 8; round++ {
		na, nb := step(a, ga, oa, ca), step(b, gb, ob, cb)
		ca, cb = na, nb
		n := distinct(ca, cb)
		if n <= classes && round > 0 {
			break
		}
		classes = n
	}
	return ca, cb
}

// isoState is the backtracking search of bagsIsomorphic.
type isoState struct {
	a, b   []tuple
	key    KeyFunc
	shapeA []string         // shape of each tuple of a
	bucket map[string][]int // shape → indices of b
	order  []int            // indices of a, in search order
	used   []bool           // b tuples already matched
	m, r   map[string]string
	trail  []string // labels of a mapped, in order (undo log)
	steps  int
	budget int
}

func (s *isoState) solve(i int) (bool, error) {
	if i == len(s.order) {
		return true, nil
	}
	s.steps++
	if s.steps > s.budget {
		return false, fmt.Errorf("%w (%d steps)", ErrUndecided, s.budget)
	}
	ai := s.order[i]
	ta := s.a[ai]
	var tried map[string]bool
	for _, j := range s.bucket[s.shapeA[ai]] {
		if s.used[j] {
			continue
		}
		tb := s.b[j]
		if tried != nil {
			k := tb.exactKey(s.key)
			if tried[k] {
				continue
			}
			tried[k] = true
		}
		mark := len(s.trail)
		if s.unify(ta, tb) {
			s.used[j] = true
			ok, err := s.solve(i + 1)
			if err != nil || ok {
				return ok, err
			}
			s.used[j] = false
		}
		s.undo(mark)
		if tried == nil {
			tried = map[string]bool{tb.exactKey(s.key): true}
		}
	}
	return false, nil
}

// unify extends the bijection so that ta maps onto tb (same shape), or
// reports false, leaving partial extensions on the trail.
func (s *isoState) unify(ta, tb tuple) bool {
	for p, x := range ta {
		bx, ok := x.(*sparql.BlankNode)
		if !ok {
			continue // ground positions are equal: same shape
		}
		by := tb[p].(*sparql.BlankNode)
		if y, ok := s.m[bx.Label]; ok {
			if y != by.Label {
				return false
			}
			continue
		}
		if _, ok := s.r[by.Label]; ok {
			return false
		}
		s.m[bx.Label] = by.Label
		s.r[by.Label] = bx.Label
		s.trail = append(s.trail, bx.Label)
	}
	return true
}

func (s *isoState) undo(mark int) {
	for _, l := range s.trail[mark:] {
		delete(s.r, s.m[l])
		delete(s.m, l)
	}
	s.trail = s.trail[:mark]
}

// rowTuples projects the rows of r on vars.
func rowTuples(rows []sparql.Row, vars []string) []tuple {
	out := make([]tuple, len(rows))
	for i, row := range rows {
		t := make(tuple, len(vars))
		for j, v := range vars {
			t[j] = row[v]
		}
		out[i] = t
	}
	return out
}

// sortedVars returns the distinct variable names of vs, sorted.
func sortedVars(vs []string) []string {
	out := slices.Clone(vs)
	sort.Strings(out)
	return slices.Compact(out)
}

// CompareOptions says how [CompareResults] compares two answers.
type CompareOptions struct {
	// Key compares ground terms; nil means [TermKey].
	Key KeyFunc
	// OrderVars, when not empty, are the sort keys of an ordered result:
	// besides being the same multiset, the two row sequences must give the
	// same values to these variables at every position (rows that tie on
	// them may come in any order). Blank nodes tie with each other.
	OrderVars []string
	// Lax compares solutions as sets, ignoring how many times each occurs
	// (mf:resultCardinality mf:LaxCardinality, for REDUCED).
	Lax bool
}

// CompareResults compares an expected answer with an actual one and
// returns "" when they are the same, else a one-line reason. ASK answers
// compare their booleans; SELECT answers their variable sets and rows as
// multisets up to blank-node renaming (see [CompareOptions]); graph
// answers (CONSTRUCT, DESCRIBE) as RDF graphs up to blank-node renaming.
// The error is non-nil when the comparison could not be decided (see
// [ErrUndecided]).
func CompareResults(want, got *sparql.Results, opts CompareOptions) (string, error) {
	key := opts.Key
	if key == nil {
		key = TermKey
	}
	switch {
	case want == nil || got == nil:
		return "missing result", nil
	case want.IsGraph() || got.IsGraph():
		if !want.IsGraph() || !got.IsGraph() {
			return fmt.Sprintf("want a %s, got a %s", resultKind(want), resultKind(got)), nil
		}
		return compareGraphs(want.Graph, got.Graph, key)
	case want.IsAsk() || got.IsAsk():
		if !want.IsAsk() || !got.IsAsk() {
			return fmt.Sprintf("want a %s, got a %s", resultKind(want), resultKind(got)), nil
		}
		if *want.Boolean != *got.Boolean {
			return fmt.Sprintf("want %t, got %t", *want.Boolean, *got.Boolean), nil
		}
		return "", nil
	}
	wv, gv := sortedVars(want.Vars), sortedVars(got.Vars)
	if !slices.Equal(wv, gv) {
		return fmt.Sprintf("variables differ: want %v, got %v", want.Vars, got.Vars), nil
	}
	wt, gt := rowTuples(want.Rows, wv), rowTuples(got.Rows, wv)
	if opts.Lax {
		wt, gt = dedupeTuples(wt, key), dedupeTuples(gt, key)
	}
	ok, err := bagsIsomorphic(wt, gt, key, isoBudget)
	if err != nil {
		return "", err
	}
	if !ok {
		return diffTuples(wt, gt, wv, key), nil
	}
	if len(opts.OrderVars) > 0 {
		wk, gk := rowTuples(want.Rows, opts.OrderVars), rowTuples(got.Rows, opts.OrderVars)
		for i := range wk {
			if a, b := wk[i].groundKey(key), gk[i].groundKey(key); a != b {
				return fmt.Sprintf("order differs at row %d: want %s = %s, got %s", i+1,
					varList(opts.OrderVars), showTuple(wk[i]), showTuple(gk[i])), nil
			}
		}
	}
	return "", nil
}

// resultKind names the kind of answer r holds.
func resultKind(r *sparql.Results) string {
	switch {
	case r.IsGraph():
		return "graph"
	case r.IsAsk():
		return "boolean"
	}
	return "solution sequence"
}

// dedupeTuples keeps the first of tuples with the same exact key.
func dedupeTuples(ts []tuple, key KeyFunc) []tuple {
	seen := map[string]bool{}
	var out []tuple
	for _, t := range ts {
		k := t.exactKey(key)
		if !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

// compareGraphs compares two graphs as sets of triples up to blank-node
// renaming.
func compareGraphs(want, got []sparql.Statement, key KeyFunc) (string, error) {
	toTuples := func(sts []sparql.Statement) []tuple {
		out := make([]tuple, 0, len(sts))
		for _, st := range sts {
			out = append(out, tuple{st.Subject, st.Predicate, st.Object})
		}
		return dedupeTuples(out, key)
	}
	wt, gt := toTuples(want), toTuples(got)
	ok, err := bagsIsomorphic(wt, gt, key, isoBudget)
	if err != nil || ok {
		return "", err
	}
	return diffTuples(wt, gt, []string{"s", "p", "o"}, key), nil
}

// diffTuples explains why two bags differ: the sizes and up to two tuples
// on each side that the other lacks (blank nodes compared as wildcards).
func diffTuples(want, got []tuple, names []string, key KeyFunc) string {
	count := map[string]int{}
	for _, t := range got {
		count[t.groundKey(key)]++
	}
	var missing, extra []string
	for _, t := range want {
		k := t.groundKey(key)
		if count[k] > 0 {
			count[k]--
			continue
		}
		missing = append(missing, showNamed(names, t))
	}
	count = map[string]int{}
	for _, t := range want {
		count[t.groundKey(key)]++
	}
	for _, t := range got {
		k := t.groundKey(key)
		if count[k] > 0 {
			count[k]--
			continue
		}
		extra = append(extra, showNamed(names, t))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "want %d, got %d", len(want), len(got))
	examples := func(label string, xs []string) {
		if len(xs) == 0 {
			return
		}
		fmt.Fprintf(&b, "; %d %s, e.g. %s", len(xs), label, strings.Join(xs[:min(2, len(xs))], " "))
	}
	examples("missing", missing)
	examples("unexpected", extra)
	if len(missing) == 0 && len(extra) == 0 {
		b.WriteString("; same rows up to blank nodes, but no consistent blank-node mapping")
	}
	return clip(b.String())
}

// showNamed formats a tuple as {?a=… ?b=…}.
func showNamed(names []string, t tuple) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, x := range t {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(names[i])
		b.WriteByte('=')
		if x == nil {
			b.WriteString("UNDEF")
		} else {
			b.WriteString(x.Key())
		}
	}
	b.WriteByte('}')
	return b.String()
}

// showTuple formats the values of a tuple, space-separated.
func showTuple(t tuple) string {
	parts := make([]string, len(t))
	for i, x := range t {
		if x == nil {
			parts[i] = "UNDEF"
		} else {
			parts[i] = x.Key()
		}
	}
	return strings.Join(parts, " ")
}

func varList(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = "?" + v
	}
	return strings.Join(out, " ")
}

// ReadTSVResults reads a SPARQL 1.1 Query Results TSV document: a header
// of ?variables and one line per solution whose fields are RDF terms in
// Turtle syntax (empty for unbound). Relative IRIs are an error.
func ReadTSVResults(r io.Reader) (*sparql.Results, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading TSV results: %w", err)
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, errors.New("reading TSV results: no header line")
	}
	res := &sparql.Results{Rows: []sparql.Row{}}
	if lines[0] != "" {
		for _, h := range strings.Split(lines[0], "\t") {
			v := strings.TrimSpace(h)
			name, ok := strings.CutPrefix(v, "?")
			if !ok {
				name, ok = strings.CutPrefix(v, "$")
			}
			if !ok || name == "" {
				return nil, fmt.Errorf("reading TSV results: line 1: header field %q is not a ?variable", h)
			}
			res.Vars = append(res.Vars, name)
		}
	}
	for i, line := range lines[1:] {
		fields := strings.Split(line, "\t")
		if len(fields) != len(res.Vars) {
			if len(res.Vars) == 0 && line == "" {
				res.Rows = append(res.Rows, sparql.Row{})
				continue
			}
			return nil, fmt.Errorf("reading TSV results: line %d: %d fields for %d variables", i+2, len(fields), len(res.Vars))
		}
		row := sparql.Row{}
		for j, f := range fields {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			t, err := parseTurtleTerm(f)
			if err != nil {
				return nil, fmt.Errorf("reading TSV results: line %d, ?%s: %w", i+2, res.Vars[j], err)
			}
			row[res.Vars[j]] = t
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// parseTurtleTerm parses one RDF term written in Turtle (an IRI in <>, a
// blank node, a quoted or bare literal) with the manifest reader.
func parseTurtleTerm(s string) (sparql.Term, error) {
	if strings.HasPrefix(s, "<") && !strings.Contains(s, ":") {
		return nil, fmt.Errorf("relative IRI %s", s)
	}
	ts, err := parseTurtle("<urn:s> <urn:p> "+s+" .", "urn:base")
	if err != nil || len(ts) != 1 {
		return nil, fmt.Errorf("not an RDF term in Turtle syntax: %q", s)
	}
	return ts[0].O.sparqlTerm(), nil
}

// sparqlTerm converts a term of the Turtle reader to a sparql.Term.
func (t term) sparqlTerm() sparql.Term {
	switch t.Kind {
	case iriTerm:
		return sparql.NewIRI(t.Value)
	case blankTerm:
		return &sparql.BlankNode{Label: t.Value}
	}
	if t.Lang != "" {
		return sparql.NewLangLiteral(t.Value, t.Lang)
	}
	return sparql.NewTypedLiteral(t.Value, t.Datatype)
}

// ReadCSVTable reads a SPARQL 1.1 Query Results CSV document: the header's
// variable names and the rows' fields as strings (CSV drops term kinds,
// datatypes and language tags).
func ReadCSVTable(r io.Reader) (vars []string, rows [][]string, err error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 0
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("reading CSV results: %w", err)
	}
	if len(recs) == 0 {
		return nil, nil, errors.New("reading CSV results: no header line")
	}
	for _, h := range recs[0] {
		vars = append(vars, strings.TrimPrefix(h, "\ufeff"))
	}
	return vars, recs[1:], nil
}

// CSVField is the CSV form of a term in SPARQL 1.1 Query Results CSV: an
// IRI's or literal's string, "_:label" for a blank node, "" for unbound.
func CSVField(t sparql.Term) string {
	switch t := t.(type) {
	case *sparql.IRI:
		return t.Value
	case *sparql.Literal:
		return t.Lexical
	case *sparql.BlankNode:
		return "_:" + t.Label
	}
	return ""
}

// CompareCSV compares an expected CSV table (vars and rows as read by
// [ReadCSVTable]) with an actual SELECT answer written as CSV: same
// variables in the same order, same rows as a multiset; fields starting
// with "_:" are blank nodes compared up to renaming.
func CompareCSV(vars []string, rows [][]string, got *sparql.Results) (string, error) {
	if got == nil || got.IsAsk() || got.IsGraph() {
		return "want a solution sequence", nil
	}
	if !slices.Equal(vars, got.Vars) {
		return fmt.Sprintf("CSV header differs: want %v, got %v", vars, got.Vars), nil
	}
	cell := func(s string) sparql.Term {
		if l, ok := strings.CutPrefix(s, "_:"); ok {
			return &sparql.BlankNode{Label: l}
		}
		return sparql.NewLiteral(s)
	}
	want := make([]tuple, len(rows))
	for i, r := range rows {
		if len(r) != len(vars) {
			return "", fmt.Errorf("expected CSV row %d has %d fields for %d variables", i+1, len(r), len(vars))
		}
		t := make(tuple, len(r))
		for j, f := range r {
			t[j] = cell(f)
		}
		want[i] = t
	}
	have := make([]tuple, len(got.Rows))
	for i, row := range got.Rows {
		t := make(tuple, len(vars))
		for j, v := range vars {
			t[j] = cell(CSVField(row[v]))
		}
		have[i] = t
	}
	ok, err := bagsIsomorphic(want, have, TermKey, isoBudget)
	if err != nil || ok {
		return "", err
	}
	return diffTuples(want, have, vars, TermKey), nil
}
