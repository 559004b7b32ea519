// Package algebra translates a parsed SPARQL query (package sparql) into
// the SPARQL algebra of SPARQL 1.1 Query §18.2: a tree of typed operators
// (BGP, Join, LeftJoin, Filter, Union, Minus, Graph, Extend, Table,
// Service, ToMultiSet, Group, OrderBy, Project, Distinct, Reduced, Slice,
// and the query forms Ask, Construct and Describe around the pattern).
//
// It is the first layer of the store's query pipeline (translate, optimise,
// compile to a physical plan, evaluate). [Translate] builds the tree,
// [Format] prints it one operator per line, and [Walk] visits it.
//
// Operators keep pointers into the syntax tree they were translated from
// (expressions, terms, the triples blocks of BGPs), so a later layer can
// relate an operator to the engine's view of the same query; the syntax
// tree is never modified.
package algebra

import "github.com/schemaforge/go-schemaforge/sparql"

// Op is an operator of the algebra.
type Op interface {
	// Operands returns the operator's operands, in order: the algebra
	// expressions it applies to, and the patterns of the EXISTS
	// expressions it evaluates (last). Leaves return nil.
	Operands() []Op
	op()
}

// BGP is a basic graph pattern: the triple patterns of one triples block
// of the query, expanded from its written sugar (';', ',', "[ … ]",
// collections). A property path stays a predicate of its triple pattern
// (Triple.Predicate is then a path expression, not an *IRI or *Var).
type BGP struct {
	Triples []sparql.Triple
	// Block is the triples block the pattern was translated from.
	Block *sparql.TriplesBlock
}

// Join is Join(Left, Right).
type Join struct{ Left, Right Op }

// LeftJoin is LeftJoin(Left, Right, Expr): OPTIONAL. Expr is the
// conjunction of the OPTIONAL group's top-level FILTERs (empty: true).
type LeftJoin struct {
	Left, Right Op
	Expr        []sparql.Expr
	Exists      []*Exists
}

// Filter is Filter(Expr, Sub): the FILTERs of a group, applied to the
// whole group; Expr is their conjunction, in source order. HAVING is a
// Filter too, over a Group.
type Filter struct {
	Expr   []sparql.Expr
	Sub    Op
	Exists []*Exists
}

// Union is Union(Left, Right); "A UNION B UNION C" is
// Union(Union(A, B), C).
type Union struct{ Left, Right Op }

// Minus is Minus(Left, Right).
type Minus struct{ Left, Right Op }

// Graph is Graph(Name, Sub); Name is an *IRI or a *Var.
type Graph struct {
	Name sparql.Term
	Sub  Op
}

// Extend is Extend(Sub, Var, Expr): BIND, a SELECT expression, or the
// binding of an aggregate's result to its projected variable.
type Extend struct {
	Sub    Op
	Var    *sparql.Var
	Expr   sparql.Expr
	Exists []*Exists
}

// Table is a table of solutions (VALUES, in-line or trailing). A nil entry
// of a row is UNDEF. The unit table Z (no variables, one empty row), the
// identity of Join, is what an empty group translates to; see [Unit].
type Table struct {
	Vars []*sparql.Var
	Rows [][]sparql.Term
}

// Unit returns a new unit table Z: one solution binding nothing.
func Unit() *Table { return &Table{Rows: [][]sparql.Term{{}}} }

// IsUnit reports whether op is a unit table Z.
func IsUnit(op Op) bool {
	t, ok := op.(*Table)
	return ok && t != nil && len(t.Vars) == 0 && len(t.Rows) == 1
}

// Service is Service(Endpoint, Sub, Silent): SERVICE, kept as written.
type Service struct {
	Endpoint sparql.Term // *IRI or *Var
	Silent   bool
	Sub      Op
}

// ToMultiSet is a sub-select: the algebra of the nested query, whose
// solution sequence is joined as a multiset.
type ToMultiSet struct {
	Sub   Op
	Query *sparql.Query // the nested query
}

// GroupKey is a GROUP BY item: Expr, or (Expr AS Var).
type GroupKey struct {
	Expr sparql.Expr
	Var  *sparql.Var // nil unless written (Expr AS Var)
}

// AggregateBinding is one aggregate of a query level, computed per group
// and bound to a fresh variable (§18.2.4.1: the aggregates of SELECT,
// HAVING and ORDER BY are replaced by these variables). The variables are
// named ".agg1", ".agg2", … (printed ?.agg1), which no query can write.
type AggregateBinding struct {
	Var       *sparql.Var
	Aggregate *sparql.Aggregate
}

// Group is Group(Keys, Sub) with its Aggregation and AggregateJoin: the
// solutions of Sub partitioned by the values of Keys (no keys: one group
// of all solutions), each group yielding one solution that binds the
// aggregates' variables and the keys that are variables or (Expr AS Var).
type Group struct {
	Keys       []GroupKey
	Aggregates []AggregateBinding
	Sub        Op
	Exists     []*Exists
}

// OrderCondition is an ORDER BY comparator.
type OrderCondition struct {
	Expr sparql.Expr
	Desc bool
}

// OrderBy is OrderBy(Sub, Conds).
type OrderBy struct {
	Conds  []OrderCondition
	Sub    Op
	Exists []*Exists
}

// Project is Project(Sub, Vars).
type Project struct {
	Vars []*sparql.Var
	Sub  Op
}

// Distinct is Distinct(Sub).
type Distinct struct{ Sub Op }

// Reduced is Reduced(Sub).
type Reduced struct{ Sub Op }

// Slice is Slice(Sub, Offset, Limit); nil when not written.
type Slice struct {
	Offset, Limit *int64
	Sub           Op
}

// Ask is an ASK query around its pattern.
type Ask struct{ Sub Op }

// Construct is a CONSTRUCT query around its pattern; Template is the
// expanded template (for CONSTRUCT WHERE, the triples of the WHERE clause).
type Construct struct {
	Template []sparql.Triple
	Sub      Op
}

// Describe is a DESCRIBE query around its pattern (Z when the query has no
// WHERE clause); Star for DESCRIBE *.
type Describe struct {
	Terms []sparql.Term
	Star  bool
	Sub   Op
}

// Exists is the pattern of an EXISTS or NOT EXISTS expression, translated;
// it is an operand of the operator whose expression contains it.
type Exists struct {
	Not  bool
	Expr *sparql.ExistsExpr
	Sub  Op
}

func withExists(ops []Op, ex []*Exists) []Op {
	for _, e := range ex {
		ops = append(ops, e)
	}
	return ops
}

func (*BGP) Operands() []Op          { return nil }
func (o *Join) Operands() []Op       { return []Op{o.Left, o.Right} }
func (o *LeftJoin) Operands() []Op   { return withExists([]Op{o.Left, o.Right}, o.Exists) }
func (o *Filter) Operands() []Op     { return withExists([]Op{o.Sub}, o.Exists) }
func (o *Union) Operands() []Op      { return []Op{o.Left, o.Right} }
func (o *Minus) Operands() []Op      { return []Op{o.Left, o.Right} }
func (o *Graph) Operands() []Op      { return []Op{o.Sub} }
func (o *Extend) Operands() []Op     { return withExists([]Op{o.Sub}, o.Exists) }
func (*Table) Operands() []Op        { return nil }
func (o *Service) Operands() []Op    { return []Op{o.Sub} }
func (o *ToMultiSet) Operands() []Op { return []Op{o.Sub} }
func (o *Group) Operands() []Op      { return withExists([]Op{o.Sub}, o.Exists) }
func (o *OrderBy) Operands() []Op    { return withExists([]Op{o.Sub}, o.Exists) }
func (o *Project) Operands() []Op    { return []Op{o.Sub} }
func (o *Distinct) Operands() []Op   { return []Op{o.Sub} }
func (o *Reduced) Operands() []Op    { return []Op{o.Sub} }
func (o *Slice) Operands() []Op      { return []Op{o.Sub} }
func (o *Ask) Operands() []Op        { return []Op{o.Sub} }
func (o *Construct) Operands() []Op  { return []Op{o.Sub} }
func (o *Describe) Operands() []Op   { return []Op{o.Sub} }
func (o *Exists) Operands() []Op     { return []Op{o.Sub} }

func (*BGP) op()        {}
func (*Join) op()       {}
func (*LeftJoin) op()   {}
func (*Filter) op()     {}
func (*Union) op()      {}
func (*Minus) op()      {}
func (*Graph) op()      {}
func (*Extend) op()     {}
func (*Table) op()      {}
func (*Service) op()    {}
func (*ToMultiSet) op() {}
func (*Group) op()      {}
func (*OrderBy) op()    {}
func (*Project) op()    {}
func (*Distinct) op()   {}
func (*Reduced) op()    {}
func (*Slice) op()      {}
func (*Ask) op()        {}
func (*Construct) op()  {}
func (*Describe) op()   {}
func (*Exists) op()     {}

// Walk visits the tree rooted at op depth-first, operators before their
// operands (in [Op.Operands] order, so a sub-select's and an EXISTS
// pattern's operators too). When visit returns false, the operands of that
// operator are skipped. Nil operators are skipped.
func Walk(op Op, visit func(Op) bool) {
	if isNil(op) || !visit(op) {
		return
	}
	for _, c := range op.Operands() {
		Walk(c, visit)
	}
}

// isNil reports whether op is nil or a typed nil pointer.
func isNil(op Op) bool {
	if op == nil {
		return true
	}
	switch o := op.(type) {
	case *BGP:
		return o == nil
	case *Join:
		return o == nil
	case *LeftJoin:
		return o == nil
	case *Filter:
		return o == nil
	case *Union:
		return o == nil
	case *Minus:
		return o == nil
	case *Graph:
		return o == nil
	case *Extend:
		return o == nil
	case *Table:
		return o == nil
	case *Service:
		return o == nil
	case *ToMultiSet:
		return o == nil
	case *Group:
		return o == nil
	case *OrderBy:
		return o == nil
	case *Project:
		return o == nil
	case *Distinct:
		return o == nil
	case *Reduced:
		return o == nil
	case *Slice:
		return o == nil
	case *Ask:
		return o == nil
	case *Construct:
		return o == nil
	case *Describe:
		return o == nil
	case *Exists:
		return o == nil
	}
	return false
}
