package verifier

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// subgoalValue is the ValueKind of a filter whose value is the answer of
// another subgoal (decomposer.SubgoalValue); such a value is not a
// constant of the query.
const subgoalValue = handoff.ValueSubgoal

// Grounded reports whether q realises the subgoal in the slice: every
// predicate and type term of sg's requirements is matched by a slice
// element (SliceClass.Matched, SliceProperty.Matched) that q uses, and
// every predicate and class of q is in the slice (rdf:type aside). The
// problems say what is missing; they are empty when it is grounded.
func Grounded(q *sparql.Query, sg *handoff.Subgoal, slice *handoff.Slice) (bool, []string) {
	gr := ground(q, sg, slice)
	problems := slices.Concat(gr.vocabulary, gr.unmatched, gr.unrealised)
	return len(problems) == 0, problems
}

// anchored is the weaker form of Grounded for a non-empty answer that has
// nothing to perturb: every predicate and class of q is in the slice, and
// q realises at least one of the subgoal's terms, through a slice element
// that matched it or one whose local name has the term's words, when the
// slice can realise any.
func anchored(q *sparql.Query, sg *handoff.Subgoal, slice *handoff.Slice) (bool, []string) {
	gr := ground(q, sg, slice)
	switch {
	case len(gr.vocabulary) > 0:
		return false, gr.vocabulary
	case gr.realised == 0 && gr.named == 0 && len(gr.unrealised) > 0:
		return false, gr.unrealised
	}
	return true, nil
}

// grounding is what ground finds.
type grounding struct {
	vocabulary []string // IRIs of q that are not in the slice
	unmatched  []string // terms that no slice element matched
	unrealised []string // terms whose matching elements q does not use
	realised   int      // terms realised
	named      int      // terms not realised whose words a used IRI's local name has
}

func ground(q *sparql.Query, sg *handoff.Subgoal, slice *handoff.Slice) grounding {
	var gr grounding
	if slice == nil {
		gr.vocabulary = []string{"no slice to ground the query in"}
		return gr
	}
	a := sparql.Analyze(q)
	used := map[string]bool{}
	var usedWords [][]string
	for _, iri := range a.IRIs[sparql.RolePredicate] {
		used[iri] = true
		if iri != sparql.RDFType && !slice.HasProperty(iri) {
			gr.vocabulary = append(gr.vocabulary, fmt.Sprintf("predicate %s is not in the slice", slice.Compact(iri)))
		}
	}
	for _, iri := range a.IRIs[sparql.RoleClass] {
		used[iri] = true
		if !slice.HasClass(iri) {
			gr.vocabulary = append(gr.vocabulary, fmt.Sprintf("class %s is not in the slice", slice.Compact(iri)))
		}
	}
	if sg == nil {
		return gr
	}
	for iri := range used {
		usedWords = append(usedWords, kg.Tokens(iri))
	}
	for _, term := range sg.Requirements.Terms() {
		var matched []string
		for _, c := range slice.Classes {
			if slices.Contains(c.Matched, term) {
				matched = append(matched, c.IRI)
			}
		}
		for _, p := range slice.Properties {
			if slices.Contains(p.Matched, term) {
				matched = append(matched, p.IRI)
			}
		}
		switch {
		case len(matched) == 0:
			gr.unmatched = append(gr.unmatched, fmt.Sprintf("required term %q matches nothing in the slice", term))
		case !slices.ContainsFunc(matched, func(iri string) bool { return used[iri] }):
			gr.unrealised = append(gr.unrealised, fmt.Sprintf("required term %q is not realised: the query uses none of %s", term, compactAll(slice, matched)))
			if slices.ContainsFunc(usedWords, func(ws []string) bool { return hasWords(ws, kg.Words(term)) }) {
				gr.named++
			}
		default:
			gr.realised++
		}
	}
	return gr
}

// hasWords reports whether every word of want is among words, allowing a
// plural ("student" in "students").
func hasWords(words, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for _, w := range want {
		if !slices.ContainsFunc(words, func(x string) bool { return x == w || x == w+"s" || x == w+"es" || w == x+"s" }) {
			return false
		}
	}
	return true
}

func compactAll(s *handoff.Slice, iris []string) string {
	out := make([]string, len(iris))
	for i, iri := range iris {
		out[i] = s.Compact(iri)
	}
	return strings.Join(out, ", ")
}

// Requirements checks what a non-empty answer's query must show of the
// subgoal's requirements, and returns the problems (none when it passes):
//
//   - a filter whose value the question names (a quoted string, a number,
//     a date) must be realised by a constant of the query (a literal, the
//     local name of an IRI, a LIMIT), compared case-insensitively, numbers
//     by value, strings also by containment;
//   - a negating subgoal needs NOT EXISTS, MINUS, NOT IN, != or !;
//   - the patterns of each (sub-)query must be joined: variables linked
//     by triples, BIND, VALUES, FILTER comparisons or sub-select
//     projections form one group (no cartesian product; a sub-select
//     that computes one row of aggregates joins anything).
//
// A filter "at least one" (≥ 1, > 0) needs no constant: the join says it.
// Whether an aggregate is asked for is not checked: the rule-based
// decomposer reads "largest number of" or "total score" as aggregates too
// often for that to help.
func Requirements(q *sparql.Query, sg *handoff.Subgoal) []string {
	var problems []string
	if sg != nil {
		consts := constants(q)
		for _, f := range sg.Requirements.Filters {
			for _, v := range []string{f.Value, f.Value2} {
				if v == "" || f.ValueKind == subgoalValue || !named(v, sg) || existence(f.Op, v) {
					continue
				}
				if !realised(v, consts) {
					problems = append(problems, fmt.Sprintf("the filter value %q is not a constant of the query", v))
				}
			}
		}
		if sg.Has(handoff.OpNegate) && !hasNegation(q, sparql.Triples(q)) {
			problems = append(problems, "the subgoal negates, the query has no NOT EXISTS, MINUS, NOT IN, != or !")
		}
	}
	if c := contradiction(q); c != "" {
		problems = append(problems, "the query contradicts itself: "+c)
	}
	if parts := disconnected(q); len(parts) > 1 {
		problems = append(problems, fmt.Sprintf("the patterns are not joined (a cartesian product of %s)", strings.Join(parts, " × ")))
	}
	return problems
}

// requiredKinds are the mention kinds whose filter values must appear in
// the query.
var requiredKinds = []handoff.MentionKind{handoff.MentionQuoted, handoff.MentionNumber, handoff.MentionDate}

// named reports whether value is the value of a mention of a required
// kind.
func named(value string, sg *handoff.Subgoal) bool {
	for _, m := range sg.Mentions {
		if (m.Text == value || m.Normalized == value) && slices.Contains(requiredKinds, m.Kind) {
			return true
		}
	}
	return false
}

// constants returns the constants of q, lower-cased: literals' lexical
// forms, IRIs' local names (percent-decoded), LIMIT and OFFSET.
func constants(q *sparql.Query) []string {
	var out []string
	sparql.Inspect(q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.Literal:
			out = append(out, strings.ToLower(strings.TrimSpace(n.Lexical)))
		case *sparql.Query:
			if n.Limit != nil {
				out = append(out, strconv.FormatInt(*n.Limit, 10))
			}
			if n.Offset != nil {
				out = append(out, strconv.FormatInt(*n.Offset, 10))
			}
		case *sparql.IRI:
			local := n.Value[strings.LastIndexAny(n.Value, "/#")+1:]
			if d, err := url.PathUnescape(local); err == nil {
				local = d
			}
			out = append(out, strings.ToLower(local))
			if _, after, ok := strings.Cut(local, "="); ok { // Direct Mapping row IRIs: table/key=value
				out = append(out, strings.ToLower(after))
			}
		}
		return true
	})
	return out
}

// existence reports whether a filter only asks for at least one (≥ 1,
// > 0).
func existence(op handoff.FilterOp, v string) bool {
	f, ok := number(v)
	return ok && ((op == handoff.FilterGe && f == 1) || (op == handoff.FilterGt && f == 0))
}

// realised reports whether value matches one of the constants: the same
// text; for a number, a word of the constant with that value (220 in
// "CIS-220"), or a date in that year; for a string of three or more
// characters, one containing the other, or two thirds of its words in
// one constant.
// inUnits reports whether a large number the question says is c in
// thousands, millions or billions ("30 million" as 30 in a budget kept
// in millions).
func inUnits(v, c float64) bool {
	for _, u := range []float64{1e3, 1e6, 1e9} {
		if v >= u && c != 0 && math.Abs(c*u-v) <= 1e-9*v {
			return true
		}
	}
	return false
}

func realised(value string, consts []string) bool {
	v := strings.ToLower(strings.TrimSpace(value))
	vf, vnum := number(v)
	vwords := words(v)
	for _, c := range consts {
		if c == v {
			return true
		}
		if vnum {
			for _, w := range words(c) {
				if cf, ok := number(w); ok && (cf == vf || inUnits(vf, cf)) {
					return true
				}
			}
			if len(v) == 4 && strings.HasPrefix(c, v) { // a year and a date
				return true
			}
			continue
		}
		if len(v) >= 3 && len(c) >= 3 && (strings.Contains(c, v) || strings.Contains(v, c)) {
			return true
		}
		if len(vwords) >= 2 {
			cw, shared := words(c), 0
			for _, w := range vwords {
				if slices.Contains(cw, w) {
					shared++
				}
			}
			if 3*shared >= 2*len(vwords) {
				return true
			}
		}
	}
	return false
}

// words splits s into runs of letters, digits and dots.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r))
	})
}

func number(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// hasNegation reports whether q, whose triples are triples
// ([sparql.Triples]), excludes anything.
func hasNegation(q *sparql.Query, triples []sparql.Triple) bool {
	// A column of sex or gender equal to "F" is the women, not "false".
	gender := map[string]bool{}
	for _, t := range triples {
		if p, ok := t.Predicate.(*sparql.IRI); ok && lexicon.GenderColumn(kg.Words(kg.SplitIRI(p.Value).Column())) {
			if v, ok := t.Object.(*sparql.Var); ok {
				gender[v.Name] = true
			}
		}
	}
	no := func(x, other sparql.Expr) bool {
		if v, ok := other.(*sparql.Var); ok && gender[v.Name] {
			return false
		}
		return noLiteral(x)
	}
	found := false
	sparql.Inspect(q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.ExistsExpr:
			found = found || n.Not
		case *sparql.MinusPattern:
			found = true
		case *sparql.InExpr:
			found = found || n.Not
		case *sparql.BinaryExpr:
			// != , or a yes/no column equal to its "no" ("the models
			// that do not have wifi": wifi = "No"), or a number at
			// zero ("players who have not scored any goals": goals = 0).
			found = found || n.Op == sparql.OpNe || n.Op == sparql.OpEq && (no(n.X, n.Y) || no(n.Y, n.X) || zeroLiteral(n.X) || zeroLiteral(n.Y))
		case *sparql.UnaryExpr:
			found = found || n.Op == "!"
		}
		return !found
	})
	return found
}

// zeroLiteral reports whether e is the number 0.
func zeroLiteral(e sparql.Expr) bool {
	l, ok := e.(*sparql.Literal)
	if !ok {
		return false
	}
	f, num := number(l.Lexical)
	return num && f == 0
}

// noLiteral reports whether e is a literal that says "no".
func noLiteral(e sparql.Expr) bool {
	l, ok := e.(*sparql.Literal)
	return ok && lexicon.NoValue(l.Lexical)
}

// disconnected returns, for the first (sub-)query whose patterns fall
// apart, the variables of each part ("?a ?b"); nil when every query is
// joined.
func disconnected(q *sparql.Query) []string {
	var parts []string
	sparql.Inspect(q, func(n sparql.Node) bool {
		if parts != nil {
			return false
		}
		if sub, ok := n.(*sparql.Query); ok && sub.Where != nil {
			if p := components(sub.Where); len(p) > 1 {
				parts = p
			}
		}
		return true
	})
	return parts
}

// components returns the groups of variables that the binding patterns
// of a WHERE clause link, each as "?a ?b", in order of first appearance.
// Sub-selects count by their projected variables; EXISTS and MINUS
// patterns do not bind and are left out.
func components(where *sparql.GroupPattern) []string {
	uf := unionFind{}
	var order []string
	note := func(vars []string) {
		for _, v := range vars {
			if _, ok := uf[v]; !ok {
				uf[v] = v
				order = append(order, v)
			}
		}
		for i := 1; i < len(vars); i++ {
			uf.union(vars[0], vars[i])
		}
	}
	var walk func(n sparql.Node)
	walk = func(n sparql.Node) {
		sparql.Inspect(n, func(x sparql.Node) bool {
			switch x := x.(type) {
			case *sparql.TriplesSameSubject:
				for _, t := range sparql.Triples(x) {
					note(termNames(t.Subject, t.Predicate, t.Object))
				}
				return false
			case *sparql.SubSelect:
				if scalar(x.Query) {
					return false // one row: joins with anything
				}
				var vs []string
				for _, v := range x.Query.ProjectedVars() {
					vs = append(vs, v.Name)
				}
				note(vs)
				return false
			case *sparql.ExistsExpr, *sparql.MinusPattern:
				return false
			case *sparql.BindPattern:
				note(append([]string{x.Var.Name}, sparql.ExprVars(x.Expr)...))
				return false
			case *sparql.ValuesPattern:
				var vs []string
				for _, v := range x.Values.Vars {
					vs = append(vs, v.Name)
				}
				note(vs)
				return false
			case *sparql.FilterPattern:
				// A condition links the variables it compares (?a = ?b,
				// ?a IN (?b)); && and || only put conditions side by side.
				// Only variables the patterns bind take part.
				for _, atom := range conditions(x.Expr) {
					var vs []string
					for _, v := range sparql.ExprVars(atom) {
						if _, ok := uf[v]; ok {
							vs = append(vs, v)
						}
					}
					note(vs)
				}
				return false
			}
			return true
		})
	}
	// Filters may come before the patterns that bind their variables:
	// patterns first, then filters.
	for _, e := range where.Elements {
		if _, ok := e.(*sparql.FilterPattern); !ok {
			walk(e)
		}
	}
	sparql.Inspect(where, func(x sparql.Node) bool {
		switch x.(type) {
		case *sparql.SubSelect, *sparql.ExistsExpr, *sparql.MinusPattern:
			return false
		case *sparql.FilterPattern:
			walk(x)
			return false
		}
		return true
	})
	groups := map[string][]string{}
	var roots []string
	for _, v := range order {
		r := uf.find(v)
		if _, ok := groups[r]; !ok {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], "?"+v)
	}
	if len(roots) < 2 {
		return nil
	}
	out := make([]string, len(roots))
	for i, r := range roots {
		out[i] = strings.Join(groups[r], " ")
	}
	return out
}

// scalar reports whether a sub-select returns one row of aggregates: no
// GROUP BY, and every projection an expression with an aggregate.
func scalar(q *sparql.Query) bool {
	if len(q.GroupBy) > 0 || len(q.Projections) == 0 {
		return false
	}
	for _, p := range q.Projections {
		if p.Expr == nil || len(aggregatesOf(p.Expr)) == 0 {
			return false
		}
	}
	return true
}

// termNames returns the variables and blank nodes among nodes.
func termNames(nodes ...sparql.Node) []string {
	var out []string
	for _, n := range nodes {
		switch t := n.(type) {
		case *sparql.Var:
			out = append(out, t.Name)
		case *sparql.BlankNode:
			out = append(out, "_:"+t.Label)
		}
	}
	return out
}

// conditions splits an expression at && and || (and !).
func conditions(e sparql.Expr) []sparql.Expr {
	switch x := e.(type) {
	case *sparql.BinaryExpr:
		if x.Op == sparql.OpAnd || x.Op == sparql.OpOr {
			return append(conditions(x.X), conditions(x.Y)...)
		}
	case *sparql.UnaryExpr:
		if x.Op == "!" {
			return conditions(x.X)
		}
	}
	return []sparql.Expr{e}
}

// unionFind is a disjoint-set forest over names.
type unionFind map[string]string

func (u unionFind) find(x string) string {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

func (u unionFind) union(a, b string) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u[rb] = ra
	}
}

// contradiction returns, for the first group of q whose filters cannot
// all hold, why: a variable equal to two different constants, or bounded
// below and above by bounds that leave nothing between ("" when none).
// Only the top-level conjunction of each group's FILTERs is read.
func contradiction(q *sparql.Query) string {
	found := ""
	sparql.Inspect(q, func(n sparql.Node) bool {
		g, ok := n.(*sparql.GroupPattern)
		if !ok || found != "" {
			return found == ""
		}
		eq := map[string]string{}
		lower, upper := map[string]float64{}, map[string]float64{}
		for _, e := range g.Elements {
			f, ok := e.(*sparql.FilterPattern)
			if !ok {
				continue
			}
			for _, atom := range conjuncts(f.Expr) {
				op, v, l, ok := varVsLiteral(atom)
				if !ok {
					continue
				}
				val := l.Lexical
				num, isNum := number(val)
				switch op {
				case sparql.OpEq:
					if prev, ok := eq[v.Name]; ok && prev != val {
						found = fmt.Sprintf("?%s = %q and ?%s = %q", v.Name, prev, v.Name, val)
					}
					eq[v.Name] = val
				case sparql.OpGt, sparql.OpGe:
					if isNum {
						if lo, ok := lower[v.Name]; !ok || num > lo {
							lower[v.Name] = num
						}
					}
				case sparql.OpLt, sparql.OpLe:
					if isNum {
						if hi, ok := upper[v.Name]; !ok || num < hi {
							upper[v.Name] = num
						}
					}
				}
			}
		}
		for v, lo := range lower {
			if hi, ok := upper[v]; ok && lo >= hi && found == "" {
				found = fmt.Sprintf("?%s above %v and below %v", v, lo, hi)
			}
		}
		return found == ""
	})
	return found
}

// varVsLiteral matches a comparison of a variable (left) with a literal
// (right): ?v op "x".
func varVsLiteral(e sparql.Expr) (sparql.BinaryOp, *sparql.Var, *sparql.Literal, bool) {
	b, ok := e.(*sparql.BinaryExpr)
	if !ok {
		return "", nil, nil, false
	}
	v, vok := b.X.(*sparql.Var)
	l, lok := b.Y.(*sparql.Literal)
	return b.Op, v, l, vok && lok
}

// conjuncts splits an expression at &&.
func conjuncts(e sparql.Expr) []sparql.Expr {
	if b, ok := e.(*sparql.BinaryExpr); ok && b.Op == sparql.OpAnd {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []sparql.Expr{e}
}
