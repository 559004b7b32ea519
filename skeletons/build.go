package skeletons

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// RDFType is rdf:type.
const RDFType = sparql.RDF + "type"

// BuildOptions configure [Plan.Query].
type BuildOptions struct {
	// Prefixes are declared in the query and used to print IRIs as
	// prefixed names where the local part allows it; none by default
	// (every IRI in angle brackets).
	Prefixes []handoff.Prefix
}

// Query builds the SPARQL tree of the plan. It fails on a plan that
// refers to a node or sub-plan it does not have; whether the query is
// admissible (scoping, grouping, vocabulary) is for the caller to check.
func (p *Plan) Query(opts BuildOptions) (*sparql.Query, error) {
	b := &builder{used: map[string]int{}, opts: opts}
	for _, px := range opts.Prefixes {
		// A label declared twice is declared once (the first IRI wins).
		if px.IRI != "" && !slices.ContainsFunc(b.prefixes, func(q handoff.Prefix) bool { return q.Prefix == px.Prefix }) {
			b.prefixes = append(b.prefixes, px)
		}
	}
	q, err := b.query(p, nil)
	if err != nil {
		return nil, err
	}
	for _, px := range b.prefixes {
		if b.usedPrefix[px.Prefix] {
			q.Prologue = append(q.Prologue, &sparql.PrologueDecl{IsPrefix: true, Prefix: px.Prefix, IRI: sparql.NewIRI(px.IRI)})
		}
	}
	return q, nil
}

// String prints the plan's query (or the error) for traces and tests.
func (p *Plan) String() string {
	q, err := p.Query(BuildOptions{})
	if err != nil {
		return "invalid plan: " + err.Error()
	}
	return sparql.PrintCompact(q)
}

type builder struct {
	used       map[string]int
	opts       BuildOptions
	prefixes   []handoff.Prefix
	usedPrefix map[string]bool
}

// scope holds the variables of one plan's pattern.
type scope struct {
	p     *Plan
	nodes []*sparql.Var
	attrs map[Attr]*sparql.Var
	order []Attr // attribute triples in the order they were needed
}

func (b *builder) fresh(base string) *sparql.Var {
	base = varName(base)
	n := b.used[base]
	b.used[base] = n + 1
	if n == 0 {
		return sparql.NewVar(base)
	}
	return sparql.NewVar(base + strconv.Itoa(n+1))
}

func (b *builder) iri(v string) *sparql.IRI {
	for _, px := range b.prefixes {
		if strings.HasPrefix(v, px.IRI) && len(v) > len(px.IRI) {
			local := v[len(px.IRI):]
			if plainLocal(local) {
				if b.usedPrefix == nil {
					b.usedPrefix = map[string]bool{}
				}
				b.usedPrefix[px.Prefix] = true
				return &sparql.IRI{Value: v, Form: sparql.PrefixedName, Prefix: px.Prefix, Local: local}
			}
		}
	}
	return sparql.NewIRI(v)
}

// plainLocal reports whether a local name can be written without escapes
// other than the ones the printer adds for '#', '-' and '.'.
func plainLocal(s string) bool {
	for i, r := range s {
		ok := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || (i > 0 && (r == '-' || r == '#'))
		if !ok || r > unicode.MaxASCII {
			return false
		}
	}
	return s != "" && !strings.HasSuffix(s, "-")
}

// newScope names the nodes of p; node 0 is given when p is a negated
// pattern of another plan.
func (b *builder) newScope(p *Plan, node0 *sparql.Var) (*scope, error) {
	if len(p.Nodes) == 0 {
		return nil, fmt.Errorf("skeletons: plan has no node")
	}
	s := &scope{p: p, attrs: map[Attr]*sparql.Var{}}
	for i, n := range p.Nodes {
		if i == 0 && node0 != nil {
			s.nodes = append(s.nodes, node0)
			continue
		}
		s.nodes = append(s.nodes, b.fresh(localName(n.Class, "x")))
	}
	return s, nil
}

func (s *scope) node(i int) (*sparql.Var, error) {
	if i < 0 || i >= len(s.nodes) {
		return nil, fmt.Errorf("skeletons: node %d out of range (plan has %d)", i, len(s.nodes))
	}
	return s.nodes[i], nil
}

func (b *builder) attr(s *scope, a Attr) (*sparql.Var, error) {
	nv, err := s.node(a.Node)
	if err != nil {
		return nil, err
	}
	if a.Property == "" {
		return nv, nil
	}
	if v, ok := s.attrs[a]; ok {
		return v, nil
	}
	v := b.fresh(nv.Name + "_" + localName(a.Property, "value"))
	s.attrs[a] = v
	s.order = append(s.order, a)
	return v, nil
}

var aggNames = map[handoff.Aggregate]string{
	handoff.AggCount: "COUNT", handoff.AggSum: "SUM", handoff.AggAvg: "AVG", handoff.AggMin: "MIN", handoff.AggMax: "MAX",
}

func (b *builder) item(s *scope, it Item) (sparql.Expr, error) {
	var x sparql.Expr
	if it.Attr != nil {
		v, err := b.attr(s, *it.Attr)
		if err != nil {
			return nil, err
		}
		x = v
		switch it.Func {
		case "":
		case "year":
			x = &sparql.CallExpr{Name: "YEAR", Args: []sparql.Expr{x}}
		case "number":
			x = &sparql.FuncCall{Func: sparql.NewIRI(sparql.XSD + "decimal"), Args: []sparql.Expr{&sparql.CallExpr{Name: "STR", Args: []sparql.Expr{x}}}}
		case "lcase":
			x = &sparql.CallExpr{Name: "LCASE", Args: []sparql.Expr{&sparql.CallExpr{Name: "STR", Args: []sparql.Expr{x}}}}
		case "str":
			x = &sparql.CallExpr{Name: "STR", Args: []sparql.Expr{x}}
		case "age":
			x = ageOf(x)
		case "since":
			x = &sparql.BinaryExpr{Op: sparql.OpSub, X: &sparql.CallExpr{Name: "YEAR", Args: []sparql.Expr{&sparql.CallExpr{Name: "NOW"}}}, Y: x}
		default:
			return nil, fmt.Errorf("skeletons: unknown function %q", it.Func)
		}
	}
	if it.Agg == "" {
		if x == nil {
			return nil, fmt.Errorf("skeletons: item without attribute or aggregate")
		}
		return x, nil
	}
	name, ok := aggNames[it.Agg]
	if !ok {
		return nil, fmt.Errorf("skeletons: unknown aggregate %q", it.Agg)
	}
	if x == nil {
		if it.Agg != handoff.AggCount {
			return nil, fmt.Errorf("skeletons: %s needs an attribute", name)
		}
		return &sparql.Aggregate{Name: name, Star: true, Distinct: it.Distinct}, nil
	}
	return &sparql.Aggregate{Name: name, Arg: x, Distinct: it.Distinct}, nil
}

// ageOf is the whole years from the date x to today: the difference of
// the years, less one before the anniversary in the current year.
func ageOf(x sparql.Expr) sparql.Expr {
	now := &sparql.CallExpr{Name: "NOW"}
	call := func(name string, arg sparql.Expr) sparql.Expr {
		return &sparql.CallExpr{Name: name, Args: []sparql.Expr{arg}}
	}
	bin := func(op sparql.BinaryOp, l, r sparql.Expr) sparql.Expr { return &sparql.BinaryExpr{Op: op, X: l, Y: r} }
	before := bin(sparql.OpOr, bin(sparql.OpLt, call("MONTH", now), call("MONTH", x)),
		bin(sparql.OpAnd, bin(sparql.OpEq, call("MONTH", now), call("MONTH", x)), bin(sparql.OpLt, call("DAY", now), call("DAY", x))))
	one, zero := sparql.NewTypedLiteral("1", sparql.XSDInteger), sparql.NewTypedLiteral("0", sparql.XSDInteger)
	return bin(sparql.OpSub, bin(sparql.OpSub, call("YEAR", now), call("YEAR", x)), &sparql.CallExpr{Name: "IF", Args: []sparql.Expr{before, one, zero}})
}

// itemVar names the output of a projected item.
func (b *builder) itemVar(s *scope, it Item) string {
	base := string(it.Agg)
	if it.Attr != nil {
		if it.Attr.Property != "" {
			base += "_" + localName(it.Attr.Property, "value")
		} else {
			base += "_" + s.nodes[it.Attr.Node].Name
		}
	}
	if it.Func != "" {
		base = it.Func + "_" + base
	}
	return strings.Trim(base, "_")
}

func (b *builder) cond(s *scope, c Cond, subVar *sparql.Var) (sparql.Expr, error) {
	if len(c.Or) > 0 {
		var or sparql.Expr
		for _, m := range c.Or {
			if m.Sub != nil {
				return nil, fmt.Errorf("skeletons: a member of a disjunction cannot compare with a sub-plan")
			}
			x, err := b.cond(s, m, nil)
			if err != nil {
				return nil, err
			}
			if or == nil {
				or = x
			} else {
				or = &sparql.BinaryExpr{Op: sparql.OpOr, X: or, Y: x}
			}
		}
		return or, nil
	}
	x, err := b.item(s, c.Item)
	if err != nil {
		return nil, err
	}
	var y sparql.Expr
	switch {
	case subVar != nil:
		y = subVar
	case c.Sub != nil:
		return nil, fmt.Errorf("skeletons: internal: sub-plan comparison without its variable")
	case c.Right != nil:
		v, err := b.attr(s, *c.Right)
		if err != nil {
			return nil, err
		}
		y = v
	case c.Value != nil:
		e, ok := c.Value.(sparql.Expr)
		if !ok {
			return nil, fmt.Errorf("skeletons: value %T is not usable in a filter", c.Value)
		}
		y = e
	default:
		return nil, fmt.Errorf("skeletons: condition without value")
	}
	switch c.Op {
	case handoff.FilterEq, handoff.FilterNe, handoff.FilterLt, handoff.FilterLe, handoff.FilterGt, handoff.FilterGe:
		return &sparql.BinaryExpr{Op: sparql.BinaryOp(c.Op), X: x, Y: y}, nil
	case handoff.FilterContains:
		if c.CaseSensitive {
			return &sparql.CallExpr{Name: "CONTAINS", Args: []sparql.Expr{x, y}}, nil
		}
		lc := func(e sparql.Expr) sparql.Expr {
			return &sparql.CallExpr{Name: "LCASE", Args: []sparql.Expr{&sparql.CallExpr{Name: "STR", Args: []sparql.Expr{e}}}}
		}
		return &sparql.CallExpr{Name: "CONTAINS", Args: []sparql.Expr{lc(x), lc(y)}}, nil
	case handoff.FilterBetween:
		hi, ok := c.Value2.(sparql.Expr)
		if !ok || c.Value2 == nil {
			return nil, fmt.Errorf("skeletons: between without an upper bound")
		}
		return &sparql.BinaryExpr{Op: sparql.OpAnd,
			X: &sparql.BinaryExpr{Op: sparql.OpGe, X: x, Y: y},
			Y: &sparql.BinaryExpr{Op: sparql.OpLe, X: sparql.Clone(x).(sparql.Expr), Y: hi}}, nil
	}
	return nil, fmt.Errorf("skeletons: unknown comparison %q", c.Op)
}

// query builds p as a query; node0 is set for sub-plans that share their
// first node with an enclosing plan (not used at the top).
func (b *builder) query(p *Plan, node0 *sparql.Var) (*sparql.Query, error) {
	if p.Set != nil {
		return b.setQuery(p)
	}
	s, err := b.newScope(p, node0)
	if err != nil {
		return nil, err
	}
	q := &sparql.Query{Form: sparql.Select, Distinct: p.Distinct}
	if p.Ask {
		q.Form = sparql.Ask
	}
	// Projections first, so that output names are the readable ones.
	var projExprs []sparql.Expr
	for _, it := range p.Select {
		x, err := b.item(s, it)
		if err != nil {
			return nil, err
		}
		projExprs = append(projExprs, x)
	}
	where, err := b.pattern(s)
	if err != nil {
		return nil, err
	}
	q.Where = where
	if !p.Ask {
		if len(p.Select) == 0 {
			return nil, fmt.Errorf("skeletons: SELECT plan projects nothing")
		}
		seen := map[string]bool{}
		for i, it := range p.Select {
			if v, ok := projExprs[i].(*sparql.Var); ok {
				if seen[v.Name] {
					continue
				}
				seen[v.Name] = true
				q.Projections = append(q.Projections, &sparql.Projection{Var: v})
				continue
			}
			out := b.fresh(b.itemVar(s, it))
			q.Projections = append(q.Projections, &sparql.Projection{Var: out, Expr: projExprs[i]})
		}
		if p.Star && !p.HasAggregate() && len(p.GroupBy) == 0 {
			q.Star, q.Projections = true, nil
		}
	}
	for _, g := range p.GroupBy {
		v, err := b.attr(s, g)
		if err != nil {
			return nil, err
		}
		q.GroupBy = append(q.GroupBy, &sparql.GroupCondition{Expr: v})
	}
	for _, h := range p.Having {
		// "albums with more songs than Cartography": the aggregate is
		// compared with the sub-plan's one value, joined in as a
		// sub-select and grouped by (one value, so no group splits).
		var subVar *sparql.Var
		if h.Sub != nil {
			sq, v, err := b.subAggregate(h.Sub)
			if err != nil {
				return nil, err
			}
			subVar = v
			where.Elements = append(where.Elements, &sparql.SubSelect{Query: sq})
			q.GroupBy = append(q.GroupBy, &sparql.GroupCondition{Expr: v})
		}
		x, err := b.cond(s, h, subVar)
		if err != nil {
			return nil, err
		}
		q.Having = append(q.Having, x)
	}
	for _, o := range p.Order {
		x, err := b.item(s, o.Item)
		if err != nil {
			return nil, err
		}
		q.OrderBy = append(q.OrderBy, &sparql.OrderCondition{Expr: x, Desc: o.Desc, Explicit: true})
	}
	if p.Limit > 0 {
		n := int64(p.Limit)
		q.Limit = &n
	}
	// Attribute triples needed by GROUP BY, HAVING and ORDER BY came
	// after the pattern was built: add them now.
	if err := b.addAttrTriples(s, where); err != nil {
		return nil, err
	}
	if p.CountGroups {
		return b.countGroups(q)
	}
	return q, nil
}

// countGroups wraps the grouped query q: the inner query projects its
// group keys, the outer one counts its rows.
func (b *builder) countGroups(q *sparql.Query) (*sparql.Query, error) {
	if q.Form != sparql.Select || len(q.GroupBy) == 0 || q.Limit != nil || len(q.OrderBy) > 0 {
		return nil, fmt.Errorf("skeletons: a count of groups needs a grouped SELECT without order or limit")
	}
	q.Projections, q.Distinct = nil, false
	for _, g := range q.GroupBy {
		v, ok := g.Expr.(*sparql.Var)
		if !ok {
			return nil, fmt.Errorf("skeletons: a count of groups needs variables as group keys")
		}
		q.Projections = append(q.Projections, &sparql.Projection{Var: v})
	}
	outer := &sparql.Query{Form: sparql.Select, Where: &sparql.GroupPattern{Elements: []sparql.Pattern{&sparql.SubSelect{Query: q}}}}
	outer.Projections = []*sparql.Projection{{Var: b.fresh("count"), Expr: &sparql.Aggregate{Name: "COUNT", Star: true}}}
	return outer, nil
}

// pattern builds the WHERE group of s's plan: type triples, edges,
// attribute triples, filters, sub-plan comparisons and negations.
func (b *builder) pattern(s *scope) (*sparql.GroupPattern, error) {
	p := s.p
	g := &sparql.GroupPattern{}
	tb := &sparql.TriplesBlock{}
	g.Elements = append(g.Elements, tb)
	for i, n := range p.Nodes {
		if n.Class == "" {
			continue
		}
		tb.Triples = append(tb.Triples, triple(s.nodes[i], &sparql.IRI{Value: RDFType, Form: sparql.KeywordA}, b.iri(n.Class)))
	}
	for _, e := range p.Edges {
		from, err := s.node(e.From)
		if err != nil {
			return nil, err
		}
		to, err := s.node(e.To)
		if err != nil {
			return nil, err
		}
		if e.Property == "" {
			return nil, fmt.Errorf("skeletons: edge %d→%d without property", e.From, e.To)
		}
		tb.Triples = append(tb.Triples, triple(from, b.iri(e.Property), to))
	}
	var filters []sparql.Pattern
	for _, c := range p.Filters {
		var subVar *sparql.Var
		if c.Sub != nil {
			sq, v, err := b.subAggregate(c.Sub)
			if err != nil {
				return nil, err
			}
			subVar = v
			g.Elements = append(g.Elements, &sparql.SubSelect{Query: sq})
		}
		x, err := b.cond(s, c, subVar)
		if err != nil {
			return nil, err
		}
		filters = append(filters, &sparql.FilterPattern{Expr: x})
	}
	for _, n := range p.Negs {
		nv, err := s.node(n.Node)
		if err != nil {
			return nil, err
		}
		if n.Pattern == nil {
			return nil, fmt.Errorf("skeletons: negation without pattern")
		}
		ns, err := b.newScope(n.Pattern, nv)
		if err != nil {
			return nil, err
		}
		// The negated pattern must not repeat the shared node's type
		// (it is already constrained outside).
		inner, err := b.pattern(ns)
		if err != nil {
			return nil, err
		}
		if err := b.addAttrTriples(ns, inner); err != nil {
			return nil, err
		}
		if n.Minus {
			g.Elements = append(g.Elements, &sparql.MinusPattern{Pattern: inner})
		} else {
			filters = append(filters, &sparql.FilterPattern{Expr: &sparql.ExistsExpr{Not: true, Pattern: inner}})
		}
	}
	// Attribute triples for the filters are added by addAttrTriples; the
	// filters go last so the printed query reads pattern-then-filters.
	g.Elements = append(g.Elements, filters...)
	return g, nil
}

// addAttrTriples appends to the first triples block of g the attribute
// triples of s not yet written.
func (b *builder) addAttrTriples(s *scope, g *sparql.GroupPattern) error {
	tb, ok := g.Elements[0].(*sparql.TriplesBlock)
	if !ok {
		return fmt.Errorf("skeletons: internal: pattern does not start with triples")
	}
	written := map[Attr]bool{}
	for _, a := range s.order {
		if written[a] {
			continue
		}
		written[a] = true
		v := s.attrs[a]
		if hasTriple(tb, s.nodes[a.Node], a.Property, v) {
			continue
		}
		tb.Triples = append(tb.Triples, triple(s.nodes[a.Node], b.iri(a.Property), v))
	}
	return nil
}

func hasTriple(tb *sparql.TriplesBlock, subj *sparql.Var, prop string, obj *sparql.Var) bool {
	for _, t := range tb.Triples {
		sv, ok := t.Subject.(*sparql.Var)
		if !ok || sv.Name != subj.Name || len(t.Properties) != 1 {
			continue
		}
		po := t.Properties[0]
		iri, ok := po.Verb.(*sparql.IRI)
		if !ok || iri.Value != prop || len(po.Objects) != 1 {
			continue
		}
		if ov, ok := po.Objects[0].(*sparql.Var); ok && ov.Name == obj.Name {
			return true
		}
	}
	return false
}

func triple(s sparql.GraphNode, p sparql.Path, o sparql.GraphNode) *sparql.TriplesSameSubject {
	return &sparql.TriplesSameSubject{Subject: s, Properties: []*sparql.PropertyObjects{{Verb: p, Objects: []sparql.GraphNode{o}}}}
}

// subAggregate builds { SELECT (AGG(…) AS ?v) WHERE {…} } (or SELECT ?v)
// for a plan that projects exactly one item.
func (b *builder) subAggregate(p *Plan) (*sparql.Query, *sparql.Var, error) {
	if len(p.Select) != 1 || p.Set != nil || p.Ask {
		return nil, nil, fmt.Errorf("skeletons: a compared sub-plan must project one item")
	}
	q, err := b.query(p, nil)
	if err != nil {
		return nil, nil, err
	}
	return q, q.Projections[0].Var, nil
}

// setQuery builds a union, intersection or difference of two plans as
// sub-selects whose outputs share names.
func (b *builder) setQuery(p *Plan) (*sparql.Query, error) {
	left := p.Clone()
	left.Set = nil
	left.Limit = 0 // the limit applies to the combination, not to one side
	right := p.Set.Right
	if right == nil || len(right.Select) != len(left.Select) || len(left.Select) == 0 || left.Ask || right.Set != nil {
		return nil, fmt.Errorf("skeletons: %s needs two plans projecting the same number of items", p.Set.Op)
	}
	lq, err := b.query(left, nil)
	if err != nil {
		return nil, err
	}
	rq, err := b.query(right, nil)
	if err != nil {
		return nil, err
	}
	// Rename the right side's outputs to the left side's.
	if len(lq.Projections) != len(rq.Projections) {
		return nil, fmt.Errorf("skeletons: %s sides project %d and %d variables", p.Set.Op, len(lq.Projections), len(rq.Projections))
	}
	outer := &sparql.Query{Form: sparql.Select, Distinct: true}
	for i := range lq.Projections {
		from, to := rq.Projections[i].Var.Name, lq.Projections[i].Var.Name
		renameVar(rq, from, to)
		outer.Projections = append(outer.Projections, &sparql.Projection{Var: sparql.NewVar(to)})
	}
	ls, rs := &sparql.SubSelect{Query: lq}, &sparql.SubSelect{Query: rq}
	switch p.Set.Op {
	case "union":
		outer.Where = &sparql.GroupPattern{Elements: []sparql.Pattern{&sparql.UnionPattern{Alts: []*sparql.GroupPattern{
			{Elements: []sparql.Pattern{ls}}, {Elements: []sparql.Pattern{rs}}}}}}
	case "intersect":
		outer.Where = &sparql.GroupPattern{Elements: []sparql.Pattern{ls, rs}}
	case "except":
		outer.Where = &sparql.GroupPattern{Elements: []sparql.Pattern{ls, &sparql.MinusPattern{Pattern: &sparql.GroupPattern{Elements: []sparql.Pattern{rs}}}}}
	default:
		return nil, fmt.Errorf("skeletons: unknown set operation %q", p.Set.Op)
	}
	if p.Limit > 0 {
		n := int64(p.Limit)
		outer.Limit = &n
	}
	return outer, nil
}

// renameVar renames every occurrence of variable from to to in q (only
// the right side of a set operation, whose names are all fresh).
func renameVar(q *sparql.Query, from, to string) {
	sparql.Inspect(q, func(n sparql.Node) bool {
		if v, ok := n.(*sparql.Var); ok && v.Name == from {
			v.Name = to
		}
		return true
	})
}

// localName returns the readable tail of an IRI: after the last '#', '/'
// or ':'; def when empty.
func localName(iri, def string) string {
	s := iri
	if i := strings.LastIndexAny(s, "#/:"); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimPrefix(s, "ref-")
	if s == "" {
		return def
	}
	return s
}

// varName makes s a valid, readable SPARQL variable name.
func varName(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			sb.WriteRune(unicode.ToLower(r))
		default:
			sb.WriteByte('_')
		}
	}
	out := strings.Trim(sb.String(), "_")
	for strings.Contains(out, "__") {
		out = strings.ReplaceAll(out, "__", "_")
	}
	if out == "" || (out[0] >= '0' && out[0] <= '9') {
		out = "v" + out
	}
	if len(out) > 40 {
		out = out[:40]
	}
	return out
}
