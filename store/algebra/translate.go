package algebra

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// ErrMalformed is wrapped by the errors of [Translate]: the syntax tree is
// not one the parser produces (a nil where a node is required, a VALUES
// row of the wrong width, an unknown node type).
var ErrMalformed = errors.New("algebra: malformed query tree")

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}

// maxDepth bounds the nesting the translation follows (groups, sub-queries,
// EXISTS); deeper trees are refused rather than exhausting the stack.
const maxDepth = 1000

// Translate returns the algebra expression of q (SPARQL 1.1 §18.2):
//
//   - the WHERE clause by §18.2.2: the elements of each group folded left
//     to right into Join, LeftJoin (an OPTIONAL's top-level FILTERs
//     becoming its condition), Minus and Extend (BIND), the group's
//     FILTERs collected and applied around the whole group, and Join(Z, A)
//     and Join(A, Z) simplified to A; a triples block is a BGP, a
//     sub-select a ToMultiSet, in-line VALUES a Table, an empty group Z;
//   - then §18.2.4–18.2.5, innermost first: Group (GROUP BY, or one group
//     when only aggregates are used) with the aggregates of SELECT, HAVING
//     and ORDER BY replaced by fresh variables; HAVING as a Filter; a
//     trailing VALUES joined as a Table; each SELECT expression as an
//     Extend; OrderBy; Project (SELECT only); Distinct or Reduced; Slice;
//   - and, for ASK, CONSTRUCT and DESCRIBE, the query form around it.
//
// The patterns of EXISTS and NOT EXISTS are translated too (see [Exists]).
// Translate does not modify q. It returns an error wrapping
// [ErrMalformed] for a tree the parser cannot produce, and never panics
// (a panic inside package sparql's helpers on a hand-built tree is
// reported as an ErrMalformed error).
func Translate(q *sparql.Query) (op Op, err error) {
	defer func() {
		if r := recover(); r != nil {
			op, err = nil, malformed("%v", r)
		}
	}()
	return translate(q)
}

// translate is Translate without the recovery (the tests call it, so that
// a panic is a failure).
func translate(q *sparql.Query) (Op, error) {
	var t translator
	return t.query(q)
}

type translator struct {
	depth int
}

func (t *translator) enter() error {
	t.depth++
	if t.depth > maxDepth {
		return malformed("nesting deeper than %d", maxDepth)
	}
	return nil
}

func (t *translator) leave() { t.depth-- }

// query translates a query or a sub-query.
func (t *translator) query(q *sparql.Query) (Op, error) {
	if q == nil {
		return nil, malformed("nil query")
	}
	if err := t.enter(); err != nil {
		return nil, err
	}
	defer t.leave()

	var p Op
	switch {
	case q.Where != nil:
		var err error
		if p, err = t.group(q.Where); err != nil {
			return nil, err
		}
	case q.Form == sparql.Describe:
		p = Unit()
	default:
		return nil, malformed("%v query without a WHERE clause", q.Form)
	}

	// §18.2.4.1 grouping and aggregation.
	aggs := &aggregates{}
	type projExpr struct {
		v *sparql.Var
		x sparql.Expr
	}
	var projs []projExpr
	for _, pr := range q.Projections {
		if pr == nil || pr.Var == nil {
			return nil, malformed("projection without a variable")
		}
		if pr.Expr != nil {
			projs = append(projs, projExpr{pr.Var, aggs.replace(pr.Expr)})
		}
	}
	var having []sparql.Expr
	for _, h := range q.Having {
		if h == nil {
			return nil, malformed("nil HAVING expression")
		}
		having = append(having, aggs.replace(h))
	}
	var conds []OrderCondition
	for _, o := range q.OrderBy {
		if o == nil || o.Expr == nil {
			return nil, malformed("empty ORDER BY condition")
		}
		conds = append(conds, OrderCondition{Expr: aggs.replace(o.Expr), Desc: o.Desc})
	}
	if len(q.GroupBy) > 0 || len(aggs.list) > 0 {
		g := &Group{Sub: p, Aggregates: aggs.list}
		var exprs []sparql.Expr
		for _, k := range q.GroupBy {
			if k == nil || k.Expr == nil {
				return nil, malformed("empty GROUP BY condition")
			}
			g.Keys = append(g.Keys, GroupKey{Expr: k.Expr, Var: k.Var})
			exprs = append(exprs, k.Expr)
		}
		for _, a := range aggs.list {
			if a.Aggregate.Arg != nil {
				exprs = append(exprs, a.Aggregate.Arg)
			}
		}
		var err error
		if g.Exists, err = t.exists(exprs...); err != nil {
			return nil, err
		}
		p = g
	}
	// §18.2.4.2 HAVING.
	if len(having) > 0 {
		f := &Filter{Expr: having, Sub: p}
		var err error
		if f.Exists, err = t.exists(having...); err != nil {
			return nil, err
		}
		p = f
	}
	// §18.2.4.3 trailing VALUES.
	if q.Values != nil {
		tab, err := table(q.Values)
		if err != nil {
			return nil, err
		}
		p = join(p, tab)
	}
	// §18.2.4.4 SELECT expressions.
	for _, pe := range projs {
		x := &Extend{Sub: p, Var: pe.v, Expr: pe.x}
		var err error
		if x.Exists, err = t.exists(pe.x); err != nil {
			return nil, err
		}
		p = x
	}
	// §18.2.5 solution modifiers.
	if len(conds) > 0 {
		ob := &OrderBy{Conds: conds, Sub: p}
		var exprs []sparql.Expr
		for _, c := range conds {
			exprs = append(exprs, c.Expr)
		}
		var err error
		if ob.Exists, err = t.exists(exprs...); err != nil {
			return nil, err
		}
		p = ob
	}
	if q.Form == sparql.Select {
		p = &Project{Vars: q.ProjectedVars(), Sub: p}
		switch {
		case q.Distinct:
			p = &Distinct{Sub: p}
		case q.Reduced:
			p = &Reduced{Sub: p}
		}
	}
	if q.Offset != nil || q.Limit != nil {
		p = &Slice{Offset: q.Offset, Limit: q.Limit, Sub: p}
	}

	switch q.Form {
	case sparql.Select:
		return p, nil
	case sparql.Ask:
		return &Ask{Sub: p}, nil
	case sparql.Construct:
		c := &Construct{Sub: p}
		if q.ConstructWhere {
			c.Template = sparql.Triples(q.Where)
		} else {
			for _, ts := range q.Template {
				if ts == nil {
					return nil, malformed("nil CONSTRUCT template triples")
				}
			}
			c.Template = sparql.TemplateTriples(q.Template)
		}
		return c, nil
	case sparql.Describe:
		for _, x := range q.Describe {
			if x == nil {
				return nil, malformed("nil DESCRIBE resource")
			}
		}
		return &Describe{Terms: q.Describe, Star: q.Star, Sub: p}, nil
	}
	return nil, malformed("unknown query form %d", int(q.Form))
}

// group translates a group graph pattern (§18.2.2.6).
func (t *translator) group(g *sparql.GroupPattern) (Op, error) {
	p, f, err := t.groupParts(g)
	if err != nil || f == nil {
		return p, err
	}
	return f, nil
}

// groupParts translates a group graph pattern into the fold of its
// elements and, when the group has FILTERs, the Filter around that fold
// (nil otherwise). OPTIONAL takes the filters of its own group as its
// condition, never those of a group nested in it: the simplification
// Join(Z, A) = A would otherwise make { { P FILTER(F) } } look like
// { P FILTER(F) }.
func (t *translator) groupParts(g *sparql.GroupPattern) (Op, *Filter, error) {
	if g == nil {
		return nil, nil, malformed("nil group graph pattern")
	}
	if err := t.enter(); err != nil {
		return nil, nil, err
	}
	defer t.leave()
	var filters []sparql.Expr
	var acc Op = Unit()
	for _, el := range g.Elements {
		switch el := el.(type) {
		case *sparql.FilterPattern:
			if el == nil || el.Expr == nil {
				return nil, nil, malformed("empty FILTER")
			}
			filters = append(filters, el.Expr)
		case *sparql.OptionalPattern:
			if el == nil {
				return nil, nil, malformed("nil OPTIONAL")
			}
			a, f, err := t.groupParts(el.Pattern)
			if err != nil {
				return nil, nil, err
			}
			lj := &LeftJoin{Left: acc, Right: a}
			if f != nil {
				lj.Expr, lj.Exists = f.Expr, f.Exists
			}
			acc = lj
		case *sparql.MinusPattern:
			if el == nil {
				return nil, nil, malformed("nil MINUS")
			}
			a, err := t.group(el.Pattern)
			if err != nil {
				return nil, nil, err
			}
			acc = &Minus{Left: acc, Right: a}
		case *sparql.BindPattern:
			if el == nil || el.Expr == nil || el.Var == nil {
				return nil, nil, malformed("incomplete BIND")
			}
			x := &Extend{Sub: acc, Var: el.Var, Expr: el.Expr}
			var err error
			if x.Exists, err = t.exists(el.Expr); err != nil {
				return nil, nil, err
			}
			acc = x
		default:
			a, err := t.element(el)
			if err != nil {
				return nil, nil, err
			}
			acc = join(acc, a)
		}
	}
	if len(filters) > 0 {
		f := &Filter{Expr: filters, Sub: acc}
		var err error
		if f.Exists, err = t.exists(filters...); err != nil {
			return nil, nil, err
		}
		return acc, f, nil
	}
	return acc, nil, nil
}

// element translates a group element that is joined to what precedes it.
func (t *translator) element(el sparql.Pattern) (Op, error) {
	switch el := el.(type) {
	case *sparql.TriplesBlock:
		if el == nil {
			return nil, malformed("nil triples block")
		}
		for _, ts := range el.Triples {
			if ts == nil || ts.Subject == nil {
				return nil, malformed("triples without a subject")
			}
			for _, po := range ts.Properties {
				if po == nil || po.Verb == nil {
					return nil, malformed("property without a verb")
				}
			}
		}
		return &BGP{Triples: sparql.Triples(el), Block: el}, nil
	case *sparql.GroupPattern:
		return t.group(el)
	case *sparql.UnionPattern:
		if el == nil || len(el.Alts) == 0 {
			return nil, malformed("UNION without alternatives")
		}
		var acc Op
		for _, alt := range el.Alts {
			a, err := t.group(alt)
			if err != nil {
				return nil, err
			}
			if acc == nil {
				acc = a
			} else {
				acc = &Union{Left: acc, Right: a}
			}
		}
		return acc, nil
	case *sparql.GraphPattern:
		if el == nil || el.Name == nil {
			return nil, malformed("GRAPH without a name")
		}
		a, err := t.group(el.Pattern)
		if err != nil {
			return nil, err
		}
		return &Graph{Name: el.Name, Sub: a}, nil
	case *sparql.ServicePattern:
		if el == nil || el.Endpoint == nil {
			return nil, malformed("SERVICE without an endpoint")
		}
		a, err := t.group(el.Pattern)
		if err != nil {
			return nil, err
		}
		return &Service{Endpoint: el.Endpoint, Silent: el.Silent, Sub: a}, nil
	case *sparql.ValuesPattern:
		if el == nil {
			return nil, malformed("nil VALUES")
		}
		return table(el.Values)
	case *sparql.SubSelect:
		if el == nil {
			return nil, malformed("nil sub-select")
		}
		a, err := t.query(el.Query)
		if err != nil {
			return nil, err
		}
		return &ToMultiSet{Sub: a, Query: el.Query}, nil
	case nil:
		return nil, malformed("nil group element")
	}
	return nil, malformed("unknown group element %T", el)
}

// join is Join(a, b) with Join(Z, A) = A and Join(A, Z) = A (§18.2.2.8).
func join(a, b Op) Op {
	switch {
	case IsUnit(a):
		return b
	case IsUnit(b):
		return a
	}
	return &Join{Left: a, Right: b}
}

func table(v *sparql.ValuesBlock) (*Table, error) {
	if v == nil {
		return nil, malformed("nil VALUES block")
	}
	for _, x := range v.Vars {
		if x == nil {
			return nil, malformed("nil VALUES variable")
		}
	}
	for _, r := range v.Rows {
		if len(r) != len(v.Vars) {
			return nil, malformed("VALUES row of %d values for %d variables", len(r), len(v.Vars))
		}
	}
	return &Table{Vars: v.Vars, Rows: v.Rows}, nil
}

// exists translates the patterns of the EXISTS expressions in exprs, in
// order (not those of nested EXISTS, which belong to the outer pattern's
// own operators).
func (t *translator) exists(exprs ...sparql.Expr) ([]*Exists, error) {
	var out []*Exists
	var err error
	for _, x := range exprs {
		if x == nil {
			continue
		}
		sparql.Inspect(x, func(n sparql.Node) bool {
			if err != nil {
				return false
			}
			if e, ok := n.(*sparql.ExistsExpr); ok && e != nil {
				var p Op
				if p, err = t.group(e.Pattern); err == nil {
					out = append(out, &Exists{Not: e.Not, Expr: e, Sub: p})
				}
				return false
			}
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// aggregates collects the aggregates of one query level and the fresh
// variables that replace them; equal aggregates (printed alike) share one.
type aggregates struct {
	list  []AggregateBinding
	index map[string]*sparql.Var
}

func (a *aggregates) variable(x *sparql.Aggregate) *sparql.Var {
	key := sparql.PrintCompact(x)
	if v, ok := a.index[key]; ok {
		return v
	}
	if a.index == nil {
		a.index = map[string]*sparql.Var{}
	}
	v := &sparql.Var{Name: ".agg" + strconv.Itoa(len(a.list)+1)}
	a.index[key] = v
	a.list = append(a.list, AggregateBinding{Var: v, Aggregate: x})
	return v
}

// replace returns x with its aggregates replaced by their variables: x
// itself when it has none, else a copy of the nodes above them.
func (a *aggregates) replace(x sparql.Expr) sparql.Expr {
	if !HasAggregate(x) {
		return x
	}
	switch x := x.(type) {
	case *sparql.Aggregate:
		return a.variable(x)
	case *sparql.BinaryExpr:
		c := *x
		c.X, c.Y = a.replace(x.X), a.replace(x.Y)
		return &c
	case *sparql.UnaryExpr:
		c := *x
		c.X = a.replace(x.X)
		return &c
	case *sparql.CallExpr:
		c := *x
		c.Args = a.replaceAll(x.Args)
		return &c
	case *sparql.FuncCall:
		c := *x
		c.Args = a.replaceAll(x.Args)
		return &c
	case *sparql.InExpr:
		c := *x
		c.X = a.replace(x.X)
		c.List = a.replaceAll(x.List)
		return &c
	}
	return x
}

func (a *aggregates) replaceAll(xs []sparql.Expr) []sparql.Expr {
	out := make([]sparql.Expr, len(xs))
	for i, x := range xs {
		out[i] = a.replace(x)
	}
	return out
}

// HasAggregate reports whether x contains an aggregate outside EXISTS.
func HasAggregate(x sparql.Expr) bool {
	found := false
	if x == nil {
		return false
	}
	sparql.Inspect(x, func(n sparql.Node) bool {
		switch n.(type) {
		case *sparql.Aggregate:
			found = true
		case *sparql.ExistsExpr:
			return false
		}
		return !found
	})
	return found
}
