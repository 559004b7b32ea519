package sparql

import "reflect"

// Visitor's Visit is called for each node by [Walk]. If it returns a
// non-nil visitor w, Walk visits each child of the node with w, then calls
// w.Visit(nil).
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n in depth-first order, in source order
// of the children, like go/ast.Walk. Nil nodes (a nil interface or a nil
// pointer, as in a tree built by hand) are skipped.
func Walk(v Visitor, n Node) {
	if isNil(n) {
		return
	}
	if v = v.Visit(n); v == nil {
		return
	}
	switch n := n.(type) {
	case *Query:
		for _, d := range n.Prologue {
			Walk(v, d)
		}
		for _, p := range n.Projections {
			Walk(v, p)
		}
		for _, t := range n.Template {
			Walk(v, t)
		}
		for _, t := range n.Describe {
			Walk(v, t)
		}
		for _, d := range n.Dataset {
			Walk(v, d)
		}
		if n.Where != nil {
			Walk(v, n.Where)
		}
		for _, g := range n.GroupBy {
			Walk(v, g)
		}
		for _, h := range n.Having {
			Walk(v, h)
		}
		for _, o := range n.OrderBy {
			Walk(v, o)
		}
		if n.Values != nil {
			Walk(v, n.Values)
		}
	case *PrologueDecl:
		Walk(v, n.IRI)
	case *Projection:
		if n.Expr != nil {
			Walk(v, n.Expr)
		}
		Walk(v, n.Var)
	case *DatasetClause:
		Walk(v, n.IRI)
	case *GroupCondition:
		Walk(v, n.Expr)
		if n.Var != nil {
			Walk(v, n.Var)
		}
	case *OrderCondition:
		Walk(v, n.Expr)

	// Patterns.
	case *GroupPattern:
		for _, e := range n.Elements {
			Walk(v, e)
		}
	case *TriplesBlock:
		for _, t := range n.Triples {
			Walk(v, t)
		}
	case *TriplesSameSubject:
		Walk(v, n.Subject)
		for _, p := range n.Properties {
			Walk(v, p)
		}
	case *PropertyObjects:
		Walk(v, n.Verb)
		for _, o := range n.Objects {
			Walk(v, o)
		}
	case *BlankNodePropertyList:
		for _, p := range n.Properties {
			Walk(v, p)
		}
	case *Collection:
		for _, it := range n.Items {
			Walk(v, it)
		}
	case *OptionalPattern:
		Walk(v, n.Pattern)
	case *UnionPattern:
		for _, a := range n.Alts {
			Walk(v, a)
		}
	case *MinusPattern:
		Walk(v, n.Pattern)
	case *GraphPattern:
		Walk(v, n.Name)
		Walk(v, n.Pattern)
	case *ServicePattern:
		Walk(v, n.Endpoint)
		Walk(v, n.Pattern)
	case *FilterPattern:
		Walk(v, n.Expr)
	case *BindPattern:
		Walk(v, n.Expr)
		Walk(v, n.Var)
	case *ValuesPattern:
		Walk(v, n.Values)
	case *SubSelect:
		Walk(v, n.Query)
	case *ValuesBlock:
		for _, x := range n.Vars {
			Walk(v, x)
		}
		for _, row := range n.Rows {
			for _, t := range row {
				if t != nil {
					Walk(v, t)
				}
			}
		}

	// Expressions.
	case *BinaryExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *UnaryExpr:
		Walk(v, n.X)
	case *CallExpr:
		for _, a := range n.Args {
			Walk(v, a)
		}
	case *FuncCall:
		Walk(v, n.Func)
		for _, a := range n.Args {
			Walk(v, a)
		}
	case *Aggregate:
		if n.Arg != nil {
			Walk(v, n.Arg)
		}
	case *InExpr:
		Walk(v, n.X)
		for _, a := range n.List {
			Walk(v, a)
		}
	case *ExistsExpr:
		Walk(v, n.Pattern)

	// Paths.
	case *PathAlt:
		for _, a := range n.Alts {
			Walk(v, a)
		}
	case *PathSeq:
		for _, a := range n.Items {
			Walk(v, a)
		}
	case *PathInv:
		Walk(v, n.X)
	case *PathMod:
		Walk(v, n.X)
	case *PathNeg:
		for _, it := range n.Items {
			Walk(v, it)
		}
	case *NegItem:
		Walk(v, n.IRI)

	case *Literal:
		if n.Datatype != nil {
			Walk(v, n.Datatype)
		}
	case *IRI, *BlankNode, *Var:
		// leaves
	}
	v.Visit(nil)
}

type inspector func(Node) bool

func (f inspector) Visit(n Node) Visitor {
	if f(n) {
		return f
	}
	return nil
}

// Inspect traverses the tree rooted at n in depth-first order, calling f for
// each node; if f returns true, Inspect visits the node's children, and after
// them calls f(nil).
func Inspect(n Node, f func(Node) bool) {
	Walk(inspector(f), n)
}

// isNil reports whether n is a nil interface or a typed nil pointer.
func isNil(n Node) bool {
	if n == nil {
		return true
	}
	rv := reflect.ValueOf(n)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}
