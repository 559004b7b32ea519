// Package skeletons is the Synthesizer's tool: a library of typed SPARQL
// skeletons and the Plan that fills their slots.
//
// A skeleton is a query shape with typed slots ([class], [property],
// [entity], [value], [op], [agg], [n]) and the operation it realises:
// one-hop and multi-hop lookup (T1), typed filters (T2), aggregation,
// grouping, HAVING and ranking (T3), disjunction by UNION (T4), negation
// (FILTER NOT EXISTS, MINUS), superlatives, comparison with an aggregate of
// a sub-query, ASK and intersection. The library is data ([Library]); each
// entry documents its template and says which plans realise it.
//
// A [Plan] is one grounded composition of skeletons: entity nodes with
// their classes, the object properties that join them, the projected
// attributes and aggregates, filters, grouping, HAVING, ordering, limit,
// negated sub-patterns and set operations. [Plan.Query] builds the SPARQL
// abstract syntax tree directly — IRIs and literals go into the tree as
// terms, never through text — so a slot value with quotes, braces, '#',
// '>' or newlines cannot change the query's shape. [Lift] goes the other
// way for the regular queries of text-to-SPARQL corpora, which is how the
// library's coverage of gold queries is measured.
package skeletons

import (
	"slices"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Node is an entity variable of a plan: an instance of Class (an IRI; ""
// leaves the node untyped).
type Node struct {
	Class string `json:"class,omitempty"`
}

// Edge joins two nodes through an object property: ?From Property ?To.
type Edge struct {
	From     int    `json:"from"`
	To       int    `json:"to"`
	Property string `json:"property"`
}

// Attr is a value of a node: the object of Property on the node, or the
// node itself when Property is empty.
type Attr struct {
	Node     int    `json:"node"`
	Property string `json:"property,omitempty"`
}

// Item is a projected, compared or ordered expression: an attribute,
// or an aggregate of one (Attr nil with AggCount is COUNT(*)).
type Item struct {
	Agg      handoff.Aggregate `json:"agg,omitempty"`
	Distinct bool              `json:"distinct,omitempty"` // COUNT(DISTINCT …)
	Attr     *Attr             `json:"attr,omitempty"`
	// Func wraps the attribute in a unary function before comparison
	// or projection: "year" (YEAR), "lcase" (LCASE), "str" (STR, the
	// lexical form, e.g. to search the digits of a number), "age" (the
	// whole years from a date to today), "since" (the years from a year
	// to this one) or "" for none.
	Func string `json:"func,omitempty"`
}

// Cond is a constraint: Item Op Value, Item Op Right (a value join
// between two attributes of the plan), Item Op (the value of the sub-plan
// Sub), or, when Or is set, the disjunction of the conditions of Or.
// FilterContains compares case-insensitively unless CaseSensitive.
type Cond struct {
	Item  Item             `json:"item"`
	Op    handoff.FilterOp `json:"op"`
	Value sparql.Term      `json:"-"`
	// Value2 is the upper bound of FilterBetween.
	Value2 sparql.Term `json:"-"`
	// Right, when set, is the attribute the item is compared with: a
	// value join such as FILTER(?t1_name = ?t2_name), the way
	// intersections and joins on non-key columns are written.
	Right *Attr `json:"right,omitempty"`
	// Sub is a plan that projects one item, usually an aggregate (Item Op
	// (SELECT AVG…)). The sub-query is joined with the pattern and the
	// comparison filters the join, so a sub-plan projecting a plain
	// attribute keeps each row once per value that satisfies Op.
	Sub *Plan `json:"sub,omitempty"`
	// Or, when not empty, makes the condition the disjunction of its
	// members; Item, Op and the values are then ignored. A member may
	// not have a Sub.
	Or []Cond `json:"or,omitempty"`
	// CaseSensitive makes FilterContains compare as written
	// (CONTAINS(?v, value)).
	CaseSensitive bool `json:"caseSensitive,omitempty"`
}

// Order is one ORDER BY key.
type Order struct {
	Item Item `json:"item"`
	Desc bool `json:"desc,omitempty"`
}

// Neg excludes the solutions of the main pattern for which Pattern has a
// match. Pattern's node 0 is the main plan's node Node; its other nodes
// are its own. Minus prints MINUS instead of FILTER NOT EXISTS.
type Neg struct {
	Node    int   `json:"node"`
	Pattern *Plan `json:"pattern"`
	Minus   bool  `json:"minus,omitempty"`
}

// SetOp combines the plan with Right, which projects the same number of
// items: "union" (either), "intersect" (both), "except" (but not).
type SetOp struct {
	Op    string `json:"op"`
	Right *Plan  `json:"right"`
}

// Plan is a grounded query shape. Node 0 is the subject of the question.
type Plan struct {
	Ask      bool `json:"ask,omitempty"`
	Distinct bool `json:"distinct,omitempty"`
	// Star projects every variable of the pattern (SELECT *): the things
	// and each attribute the plan reads, for a question that asks for
	// everything about them. Select must still name what the answer is
	// about (node 0); it decides the plan's shape, not the projection.
	Star bool `json:"star,omitempty"`
	// CountGroups counts the groups that GroupBy makes and Having keeps
	// ("How many students enrolled in more than one course?": SELECT
	// (COUNT(*) AS ?count) { SELECT ?student … GROUP BY ?student
	// HAVING (COUNT(*) > 1) }) instead of projecting Select per group.
	CountGroups bool    `json:"countGroups,omitempty"`
	Nodes       []Node  `json:"nodes"`
	Edges       []Edge  `json:"edges,omitempty"`
	Select      []Item  `json:"select,omitempty"`
	Filters     []Cond  `json:"filters,omitempty"`
	GroupBy     []Attr  `json:"groupBy,omitempty"`
	Having      []Cond  `json:"having,omitempty"`
	Order       []Order `json:"order,omitempty"`
	Limit       int     `json:"limit,omitempty"`
	Negs        []Neg   `json:"negs,omitempty"`
	Set         *SetOp  `json:"set,omitempty"`
}

// IsAggregate reports whether the item is an aggregate.
func (it Item) IsAggregate() bool { return it.Agg != "" }

// HasAggregate reports whether any projected item is an aggregate.
func (p *Plan) HasAggregate() bool {
	for _, it := range p.Select {
		if it.IsAggregate() {
			return true
		}
	}
	return false
}

// Clone returns a deep copy of p (terms are shared: they are never
// mutated).
func (p *Plan) Clone() *Plan {
	if p == nil {
		return nil
	}
	c := *p
	c.Nodes = append([]Node(nil), p.Nodes...)
	c.Edges = append([]Edge(nil), p.Edges...)
	c.Select = cloneItems(p.Select)
	c.Filters = cloneConds(p.Filters)
	c.GroupBy = append([]Attr(nil), p.GroupBy...)
	c.Having = cloneConds(p.Having)
	c.Order = make([]Order, len(p.Order))
	for i, o := range p.Order {
		c.Order[i] = Order{Item: o.Item.clone(), Desc: o.Desc}
	}
	if p.Order == nil {
		c.Order = nil
	}
	c.Negs = make([]Neg, len(p.Negs))
	for i, n := range p.Negs {
		c.Negs[i] = Neg{Node: n.Node, Pattern: n.Pattern.Clone(), Minus: n.Minus}
	}
	if p.Negs == nil {
		c.Negs = nil
	}
	if p.Set != nil {
		c.Set = &SetOp{Op: p.Set.Op, Right: p.Set.Right.Clone()}
	}
	return &c
}

func (it Item) clone() Item {
	if it.Attr != nil {
		a := *it.Attr
		it.Attr = &a
	}
	return it
}

func cloneItems(xs []Item) []Item {
	if xs == nil {
		return nil
	}
	out := make([]Item, len(xs))
	for i, x := range xs {
		out[i] = x.clone()
	}
	return out
}

func cloneConds(xs []Cond) []Cond {
	if xs == nil {
		return nil
	}
	out := make([]Cond, len(xs))
	for i, x := range xs {
		c := x
		c.Item = x.Item.clone()
		if x.Right != nil {
			r := *x.Right
			c.Right = &r
		}
		c.Sub = x.Sub.Clone()
		c.Or = cloneConds(x.Or)
		out[i] = c
	}
	return out
}

// NegateBranch turns the condition Filters[i], an inequality (FilterNe
// with a value) on a node that nothing else of the plan reads, into an
// exclusion: the nodes that only this condition reaches leave the main
// pattern for a [Neg] whose pattern requires equality. "Countries that do
// not speak Spanish" then excludes every country with a Spanish row,
// where FILTER(?language != "Spanish") keeps each country once per other
// language it has. The branch must hang from the rest of the plan by one
// edge, and hold no node for which keep (when not nil) is true: the
// things the question asks about stay in the main pattern ("entrepreneurs
// whose investor is not X" are entrepreneurs). It reports whether it
// changed p.
func (p *Plan) NegateBranch(i int, keep func(Node) bool) bool {
	if i < 0 || i >= len(p.Filters) {
		return false
	}
	c := p.Filters[i]
	if c.Op != handoff.FilterNe || c.Item.Attr == nil || c.Item.Agg != "" || c.Value == nil || c.Right != nil || c.Sub != nil || len(c.Or) > 0 {
		return false
	}
	eq := cloneConds([]Cond{c})[0]
	eq.Op = handoff.FilterEq
	return p.negateBranch(c.Item.Attr.Node, []int{i}, keep, []Cond{eq})
}

// NegateCond moves the branch the plain comparison Filters[i] reads into
// a [Neg] that requires the comparison: "customers without invoice
// totals exceeding 20" excludes the customers some invoice over 20
// refers to, where the main pattern would keep those with one. The
// branch obeys [Plan.NegateBranch]'s rules. It reports whether it
// changed p.
func (p *Plan) NegateCond(i int, keep func(Node) bool) bool {
	if i < 0 || i >= len(p.Filters) {
		return false
	}
	c := p.Filters[i]
	if c.Item.Attr == nil || c.Item.Agg != "" || c.Value == nil || c.Right != nil || c.Sub != nil || len(c.Or) > 0 {
		return false
	}
	return p.negateBranch(c.Item.Attr.Node, []int{i}, keep, cloneConds([]Cond{c}))
}

// NegateBranches is [Plan.NegateBranch] for several inequalities on
// the same attribute, Filters[is]: "professors who do not play Canoeing
// or Kayaking" excludes the professors some Canoeing or Kayaking row
// refers to (a [Neg] requiring either value). It reports whether it
// changed p.
func (p *Plan) NegateBranches(is []int, keep func(Node) bool) bool {
	if len(is) == 1 {
		return p.NegateBranch(is[0], keep)
	}
	if len(is) == 0 {
		return false
	}
	var first *Attr
	var eqs []Cond
	for _, i := range is {
		if i < 0 || i >= len(p.Filters) {
			return false
		}
		c := p.Filters[i]
		if c.Op != handoff.FilterNe || c.Item.Attr == nil || c.Item.Agg != "" || c.Value == nil || c.Right != nil || c.Sub != nil || len(c.Or) > 0 {
			return false
		}
		if first == nil {
			first = c.Item.Attr
		} else if *c.Item.Attr != *first {
			return false
		}
		eq := cloneConds([]Cond{c})[0]
		eq.Op = handoff.FilterEq
		eqs = append(eqs, eq)
	}
	either := Cond{Item: eqs[0].Item.clone(), Op: handoff.FilterEq, Or: eqs}
	return p.negateBranch(first.Node, is, keep, []Cond{either})
}

// NegateNode moves node k, which nothing of the plan reads, and the
// nodes only it reaches into a [Neg]: "employees that have no
// certificates" keeps the employees that no certificate refers to, where
// the main pattern would keep those some certificate refers to. The
// branch must hang from the rest of the plan by one edge and hold no node
// for which keep (when not nil) is true. It reports whether it changed
// p.
func (p *Plan) NegateNode(k int, keep func(Node) bool) bool {
	return p.negateBranch(k, nil, keep, nil)
}

// NegateNodeFiltered is [Plan.NegateNode] for a node that conditions of
// the plan read: "customers who do not have a loan of type Mortgages"
// excludes the customers some Mortgages loan refers to, so the
// conditions on the branch's nodes (plain comparisons with a value) move
// with it into the [Neg]. Nothing else of the plan may read the branch.
func (p *Plan) NegateNodeFiltered(k int, keep func(Node) bool) bool {
	if k <= 0 || k >= len(p.Nodes) {
		return false
	}
	var simple []int
	for i, c := range p.Filters {
		if c.Item.Attr != nil && c.Item.Agg == "" && c.Value != nil && c.Right == nil && c.Sub == nil && len(c.Or) == 0 && c.Item.Attr.Node != 0 {
			simple = append(simple, i)
		}
	}
	if len(simple) == 0 {
		return false
	}
	branch, ok := p.branch(k, simple)
	if !ok {
		return false
	}
	var moved []int
	var conds []Cond
	for _, i := range simple {
		if branch[p.Filters[i].Item.Attr.Node] {
			moved = append(moved, i)
			conds = append(conds, cloneConds(p.Filters[i : i+1])[0])
		}
	}
	if len(moved) == 0 {
		return false
	}
	return p.negateBranch(k, moved, keep, conds)
}

// branch returns the nodes reached from k without passing a node the
// plan reads (leaving out Filters[skip]), and whether k itself is free.
func (p *Plan) branch(k int, skip []int) (map[int]bool, bool) {
	used := map[int]bool{0: true}
	p.eachAttr(func(a *Attr) { used[a.Node] = true }, skip)
	for _, n := range p.Negs {
		used[n.Node] = true
	}
	if used[k] {
		return nil, false
	}
	branch := map[int]bool{k: true}
	for grew := true; grew; {
		grew = false
		for _, e := range p.Edges {
			for _, pair := range [][2]int{{e.From, e.To}, {e.To, e.From}} {
				if branch[pair[0]] && !branch[pair[1]] && !used[pair[1]] {
					branch[pair[1]] = true
					grew = true
				}
			}
		}
	}
	return branch, true
}

// negateBranch moves the branch of node k into a Neg, leaving out the
// conditions Filters[skip] from what the main pattern reads, and
// requiring conds (their attributes on nodes of the branch, numbered as
// in p) in the Neg's pattern; it then deletes Filters[skip].
func (p *Plan) negateBranch(k int, skip []int, keep func(Node) bool, conds []Cond) bool {
	if k <= 0 || k >= len(p.Nodes) {
		return false
	}
	branch, ok := p.branch(k, skip)
	if !ok {
		return false
	}
	for n := range branch {
		if keep != nil && keep(p.Nodes[n]) {
			return false
		}
	}
	// Exactly one edge joins it to the rest: its attachment node.
	attach, links := -1, 0
	for _, e := range p.Edges {
		switch {
		case branch[e.From] && !branch[e.To]:
			attach, links = e.To, links+1
		case branch[e.To] && !branch[e.From]:
			attach, links = e.From, links+1
		}
	}
	if links != 1 {
		return false
	}
	for _, c := range conds {
		if c.Item.Attr == nil || !branch[c.Item.Attr.Node] {
			return false
		}
	}
	// The pattern: node 0 is the attachment node, then the branch.
	inner := map[int]int{attach: 0}
	pat := &Plan{Nodes: []Node{{}}}
	for n := range p.Nodes {
		if branch[n] {
			inner[n] = len(pat.Nodes)
			pat.Nodes = append(pat.Nodes, p.Nodes[n])
		}
	}
	for _, e := range p.Edges {
		if branch[e.From] || branch[e.To] {
			pat.Edges = append(pat.Edges, Edge{From: inner[e.From], To: inner[e.To], Property: e.Property})
		}
	}
	renumbered := map[*Attr]bool{} // a disjunction's item may share its first member's attribute
	for _, c := range conds {
		var renumber func(c *Cond)
		renumber = func(c *Cond) {
			if a := c.Item.Attr; a != nil && !renumbered[a] {
				renumbered[a] = true
				a.Node = inner[a.Node]
			}
			for j := range c.Or {
				renumber(&c.Or[j])
			}
		}
		renumber(&c)
		pat.Filters = append(pat.Filters, c)
	}
	// The main plan without the branch and the condition.
	outer := map[int]int{}
	var nodes []Node
	for n := range p.Nodes {
		if !branch[n] {
			outer[n] = len(nodes)
			nodes = append(nodes, p.Nodes[n])
		}
	}
	var edges []Edge
	for _, e := range p.Edges {
		if !branch[e.From] && !branch[e.To] {
			edges = append(edges, Edge{From: outer[e.From], To: outer[e.To], Property: e.Property})
		}
	}
	if len(skip) > 0 {
		kept := p.Filters[:0:0]
		for i, c := range p.Filters {
			if !slices.Contains(skip, i) {
				kept = append(kept, c)
			}
		}
		p.Filters = kept
	}
	p.Nodes, p.Edges = nodes, edges
	seen := map[*Attr]bool{} // items may share an attribute
	p.eachAttr(func(a *Attr) {
		if !seen[a] {
			seen[a] = true
			a.Node = outer[a.Node]
		}
	}, nil)
	for j := range p.Negs {
		p.Negs[j].Node = outer[p.Negs[j].Node]
	}
	p.Negs = append(p.Negs, Neg{Node: outer[attach], Pattern: pat})
	return true
}

// eachAttr calls f on every attribute of p's own nodes that an item or
// condition reads (sub-plans and negated patterns have nodes of their
// own), leaving out the Filters whose indexes skip holds.
func (p *Plan) eachAttr(f func(*Attr), skip []int) {
	item := func(it *Item) {
		if it.Attr != nil {
			f(it.Attr)
		}
	}
	var cond func(c *Cond)
	cond = func(c *Cond) {
		item(&c.Item)
		if c.Right != nil {
			f(c.Right)
		}
		for j := range c.Or {
			cond(&c.Or[j])
		}
	}
	for j := range p.Select {
		item(&p.Select[j])
	}
	for j := range p.Filters {
		if !slices.Contains(skip, j) {
			cond(&p.Filters[j])
		}
	}
	for j := range p.GroupBy {
		f(&p.GroupBy[j])
	}
	for j := range p.Having {
		cond(&p.Having[j])
	}
	for j := range p.Order {
		item(&p.Order[j].Item)
	}
}
