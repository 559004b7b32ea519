package sparql

import (
	"errors"
	"fmt"
	"reflect"
)

// This file is the rewrite API, modelled on golang.org/x/tools/go/ast/astutil:
// Apply traverses a tree with a Cursor that can replace, delete or insert
// nodes in place; Replace swaps one node found by identity; Clone makes the
// deep copy a caller can rewrite while the original stays intact.

// ApplyFunc is called by [Apply] for each node with a [Cursor] on it. Its
// result controls the traversal; see Apply.
type ApplyFunc func(*Cursor) bool

// Cursor describes the node being visited by [Apply] and lets the ApplyFunc
// change the tree at that place. A Cursor is valid only during the call it
// is passed to.
type Cursor struct {
	a      *application
	parent Node
	name   string
	iter   *applyIter // the index in the parent's slice field, nil otherwise
	row    int        // ValuesBlock.Rows: the row; -1 otherwise
	node   Node
	gone   bool // deleted
	moved  bool // replaced
}

// applyIter is the position of a slice element; step is how far to advance
// after the current element (0 after a Delete, 2 after an InsertAfter…).
type applyIter struct {
	index, step int
}

// Node returns the current node (the replacement, after Replace).
func (c *Cursor) Node() Node { return c.node }

// Parent returns the parent of the current node, nil for the root.
func (c *Cursor) Parent() Node { return c.parent }

// Name returns the name of the parent's field that holds the current node
// ("Elements", "Subject", "X", …), "" for the root. VALUES cells are in
// field "Rows".
func (c *Cursor) Name() string { return c.name }

// Index returns the index of the current node in the parent's slice field
// named by Name, or -1 if that field is not a slice. For a VALUES cell it is
// the column; see Row.
func (c *Cursor) Index() int {
	if c.iter == nil {
		return -1
	}
	return c.iter.index
}

// Row returns the row of the current node when it is a cell of
// ValuesBlock.Rows, else -1.
func (c *Cursor) Row() int { return c.row }

// ErrRewrite is wrapped by every error of the rewrite API.
var ErrRewrite = errors.New("sparql: rewrite")

func (c *Cursor) errorf(format string, args ...any) error {
	err := fmt.Errorf("%w: %s", ErrRewrite, fmt.Sprintf(format, args...))
	if c.a.err == nil {
		c.a.err = err
	}
	return err
}

// field returns the settable field (or slice) holding the current node.
func (c *Cursor) field() reflect.Value {
	return reflect.ValueOf(c.parent).Elem().FieldByName(c.name)
}

// Replace replaces the current node with n. n must fit the field that holds
// the node: a *Literal can replace an *IRI object (both GraphNode) but not
// the *Var of a BIND. A misfit, a nil n, or a call after Delete leaves the
// tree unchanged and returns an error, which [Apply] also returns (and
// stops). Apply does not walk the replacement's children.
func (c *Cursor) Replace(n Node) error {
	if c.gone {
		return c.errorf("Replace after Delete of %T", c.node)
	}
	if rwNilNode(n) {
		return c.errorf("cannot replace %T with nil (use Delete for slice elements)", c.node)
	}
	if c.parent == nil {
		c.a.root = n
		c.node, c.moved = n, true
		return nil
	}
	f := c.field()
	if c.row >= 0 {
		f = f.Index(c.row)
	}
	if c.iter != nil {
		f = f.Index(c.iter.index)
	}
	if !reflect.TypeOf(n).AssignableTo(f.Type()) {
		return c.errorf("cannot put %T into %T.%s, which holds %s", n, c.parent, c.name, f.Type())
	}
	f.Set(reflect.ValueOf(n))
	c.node, c.moved = n, true
	return nil
}

// editable reports why the current node cannot be deleted or have siblings
// inserted, or "" if it can: it must be an element of a slice field, and
// not of ValuesBlock.Vars or .Rows, which must stay rectangular.
func (c *Cursor) editable(op string) error {
	switch {
	case c.gone:
		return c.errorf("%s after Delete of %T", op, c.node)
	case c.parent == nil:
		return c.errorf("%s of the root", op)
	case c.iter == nil:
		return c.errorf("%s of %T.%s, which is not a list", op, c.parent, c.name)
	case c.row >= 0 || c.name == "Vars":
		return c.errorf("%s in %T.%s: VALUES variables and rows must stay rectangular", op, c.parent, c.name)
	}
	return nil
}

// Delete removes the current node from the slice that holds it: a group
// element, a triple of a block, a property of a property list, an object, a
// collection item, a UNION branch, a projection, a GROUP BY / HAVING /
// ORDER BY item, a PREFIX declaration, a function argument, an IN list
// item, a path alternative or step. It is an error for fields that are not
// slices and for VALUES variables and cells. Delete does not check that the
// result is still valid SPARQL (for example that a property list is not left
// empty, or a function keeps its arity): the caller decides. The children of
// a node deleted in pre are not walked and post is not called for it.
func (c *Cursor) Delete() error {
	if err := c.editable("Delete"); err != nil {
		return err
	}
	v := c.field()
	i, l := c.iter.index, v.Len()
	reflect.Copy(v.Slice(i, l), v.Slice(i+1, l))
	v.Index(l - 1).Set(reflect.Zero(v.Type().Elem()))
	v.SetLen(l - 1)
	c.iter.step--
	c.gone = true
	return nil
}

// InsertBefore inserts n before the current node in its slice (see Delete
// for which slices). n must fit the slice's element type. Apply does not
// walk n.
func (c *Cursor) InsertBefore(n Node) error {
	if err := c.insertable("InsertBefore", n); err != nil {
		return err
	}
	v := c.field()
	i, l := c.iter.index, v.Len()
	v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
	reflect.Copy(v.Slice(i+1, l+1), v.Slice(i, l))
	v.Index(i).Set(reflect.ValueOf(n))
	c.iter.index++
	return nil
}

// InsertAfter inserts n after the current node in its slice (see Delete
// for which slices). n must fit the slice's element type. Apply does not
// walk n.
func (c *Cursor) InsertAfter(n Node) error {
	if err := c.insertable("InsertAfter", n); err != nil {
		return err
	}
	v := c.field()
	i, l := c.iter.index, v.Len()
	v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
	reflect.Copy(v.Slice(i+2, l+1), v.Slice(i+1, l))
	v.Index(i + 1).Set(reflect.ValueOf(n))
	c.iter.step++
	return nil
}

func (c *Cursor) insertable(op string, n Node) error {
	if err := c.editable(op); err != nil {
		return err
	}
	if rwNilNode(n) {
		return c.errorf("%s of nil", op)
	}
	if et := c.field().Type().Elem(); !reflect.TypeOf(n).AssignableTo(et) {
		return c.errorf("cannot insert %T into %T.%s, which holds %s", n, c.parent, c.name, et)
	}
	return nil
}

// Apply traverses the tree rooted at root in the order of [Walk] and calls
// pre before and post after each node's children, with a [Cursor] on the
// node. If pre returns false, the node's children are not walked and post is
// not called for it. If post returns false, the traversal stops. Nil fields
// (an absent WHERE, an UNDEF cell) are not visited.
//
// Apply returns the root, which is the replacement if the root itself was
// replaced, and the first error of a Cursor operation; the traversal stops
// at that error. Either function may be nil.
func Apply(root Node, pre, post ApplyFunc) (result Node, err error) {
	a := &application{pre: pre, post: post, root: root}
	if !rwNilNode(root) {
		a.apply(nil, "", nil, -1, root)
	}
	return a.root, a.err
}

type application struct {
	pre, post ApplyFunc
	root      Node
	err       error
	stopped   bool
}

func (a *application) halted() bool { return a.stopped || a.err != nil }

func (a *application) apply(parent Node, name string, iter *applyIter, row int, n Node) {
	if a.halted() || rwNilNode(n) {
		return
	}
	c := &Cursor{a: a, parent: parent, name: name, iter: iter, row: row, node: n}
	if a.pre != nil {
		if !a.pre(c) || a.halted() {
			return
		}
		if c.gone {
			return
		}
	}
	if !c.moved {
		a.children(n)
	}
	if a.halted() || c.gone {
		return
	}
	if a.post != nil && !a.post(c) {
		a.stopped = true
	}
}

// one visits a single (non-slice) field.
func (a *application) one(parent Node, name string, n Node) {
	a.apply(parent, name, nil, -1, n)
}

// list visits the elements of the slice field name of parent, re-reading
// the slice after each element so that edits take effect.
func (a *application) list(parent Node, name string) {
	it := &applyIter{}
	for !a.halted() {
		v := reflect.ValueOf(parent).Elem().FieldByName(name)
		if it.index >= v.Len() {
			return
		}
		it.step = 1
		if e, ok := v.Index(it.index).Interface().(Node); ok {
			a.apply(parent, name, it, -1, e)
		}
		it.index += it.step
	}
}

// children visits the children of n in the order of Walk.
func (a *application) children(n Node) {
	switch n := n.(type) {
	case *Query:
		a.list(n, "Prologue")
		a.list(n, "Projections")
		a.list(n, "Template")
		a.list(n, "Describe")
		a.list(n, "Dataset")
		a.one(n, "Where", n.Where)
		a.list(n, "GroupBy")
		a.list(n, "Having")
		a.list(n, "OrderBy")
		a.one(n, "Values", n.Values)
	case *PrologueDecl:
		a.one(n, "IRI", n.IRI)
	case *Projection:
		a.one(n, "Expr", n.Expr)
		a.one(n, "Var", n.Var)
	case *DatasetClause:
		a.one(n, "IRI", n.IRI)
	case *GroupCondition:
		a.one(n, "Expr", n.Expr)
		a.one(n, "Var", n.Var)
	case *OrderCondition:
		a.one(n, "Expr", n.Expr)

	case *GroupPattern:
		a.list(n, "Elements")
	case *TriplesBlock:
		a.list(n, "Triples")
	case *TriplesSameSubject:
		a.one(n, "Subject", n.Subject)
		a.list(n, "Properties")
	case *PropertyObjects:
		a.one(n, "Verb", n.Verb)
		a.list(n, "Objects")
	case *BlankNodePropertyList:
		a.list(n, "Properties")
	case *Collection:
		a.list(n, "Items")
	case *OptionalPattern:
		a.one(n, "Pattern", n.Pattern)
	case *UnionPattern:
		a.list(n, "Alts")
	case *MinusPattern:
		a.one(n, "Pattern", n.Pattern)
	case *GraphPattern:
		a.one(n, "Name", n.Name)
		a.one(n, "Pattern", n.Pattern)
	case *ServicePattern:
		a.one(n, "Endpoint", n.Endpoint)
		a.one(n, "Pattern", n.Pattern)
	case *FilterPattern:
		a.one(n, "Expr", n.Expr)
	case *BindPattern:
		a.one(n, "Expr", n.Expr)
		a.one(n, "Var", n.Var)
	case *ValuesPattern:
		a.one(n, "Values", n.Values)
	case *SubSelect:
		a.one(n, "Query", n.Query)
	case *ValuesBlock:
		a.list(n, "Vars")
		for r := 0; r < len(n.Rows) && !a.halted(); r++ {
			for i := 0; i < len(n.Rows[r]) && !a.halted(); i++ {
				a.apply(n, "Rows", &applyIter{index: i, step: 1}, r, n.Rows[r][i])
			}
		}

	case *BinaryExpr:
		a.one(n, "X", n.X)
		a.one(n, "Y", n.Y)
	case *UnaryExpr:
		a.one(n, "X", n.X)
	case *CallExpr:
		a.list(n, "Args")
	case *FuncCall:
		a.one(n, "Func", n.Func)
		a.list(n, "Args")
	case *Aggregate:
		a.one(n, "Arg", n.Arg)
	case *InExpr:
		a.one(n, "X", n.X)
		a.list(n, "List")
	case *ExistsExpr:
		a.one(n, "Pattern", n.Pattern)

	case *PathAlt:
		a.list(n, "Alts")
	case *PathSeq:
		a.list(n, "Items")
	case *PathInv:
		a.one(n, "X", n.X)
	case *PathMod:
		a.one(n, "X", n.X)
	case *PathNeg:
		a.list(n, "Items")
	case *NegItem:
		a.one(n, "IRI", n.IRI)

	case *Literal:
		a.one(n, "Datatype", n.Datatype)
	}
}

// Replace replaces the node old, found by identity (the same pointer),
// with new, wherever it occurs first in the tree rooted at root (in Walk
// order). It reports whether old was found. The error is that of
// [Cursor.Replace] (new does not fit old's place) or, when old is root
// itself, an error, since the caller holds the root: just use new.
func Replace(root, old, new Node) (bool, error) {
	if rwNilNode(old) || !reflect.TypeOf(old).Comparable() {
		return false, fmt.Errorf("%w: Replace needs a non-nil node pointer to look for", ErrRewrite)
	}
	if rwSameNode(root, old) {
		return true, fmt.Errorf("%w: Replace cannot replace the root itself", ErrRewrite)
	}
	found := false
	_, err := Apply(root, func(c *Cursor) bool {
		if found {
			return false
		}
		if rwSameNode(c.Node(), old) {
			found = true
			_ = c.Replace(new) // its error is also returned by Apply
			return false
		}
		return true
	}, nil)
	return found, err
}

func rwSameNode(a, b Node) bool {
	if a == nil || b == nil {
		return false
	}
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta.Comparable() && a == b
}

// rwNilNode reports whether n is nil or a typed nil pointer.
func rwNilNode(n Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Clone returns a deep copy of the tree rooted at n: no node, slice or
// pointer of the copy is shared with n, so rewriting the copy never changes
// the original. Where the original shares a node between two places, the
// copy shares its copy likewise. Positions are kept. Clone(nil) is nil.
func Clone(n Node) Node {
	if n == nil {
		return nil
	}
	c := cloner{seen: make(map[uintptr]map[reflect.Type]reflect.Value)}
	return c.value(reflect.ValueOf(n)).Interface().(Node)
}

// CloneQuery is Clone for a whole query.
func CloneQuery(q *Query) *Query {
	if q == nil {
		return nil
	}
	return Clone(q).(*Query)
}

// WithValues returns a copy of q whose WHERE clause starts with an
// inline VALUES block over the variables vars (names without '?') with
// the given rows, each of len(vars) terms (*IRI or *Literal; nil for
// UNDEF). Values enter through the AST, so no value can change the
// query's shape. A row whose length differs from len(vars) is an error.
func WithValues(q *Query, vars []string, rows [][]Term) (*Query, error) {
	vb := &ValuesBlock{OneVar: len(vars) == 1}
	for _, v := range vars {
		vb.Vars = append(vb.Vars, NewVar(v))
	}
	for _, r := range rows {
		if len(r) != len(vars) {
			return nil, fmt.Errorf("sparql: VALUES: a row of %d terms for %d variables", len(r), len(vars))
		}
		vb.Rows = append(vb.Rows, r)
	}
	q = CloneQuery(q)
	if q.Where == nil {
		q.Where = &GroupPattern{}
	}
	q.Where.Elements = append([]Pattern{&ValuesPattern{Values: vb}}, q.Where.Elements...)
	return q, nil
}

type cloner struct {
	seen map[uintptr]map[reflect.Type]reflect.Value
}

func (c *cloner) value(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		p := v.Pointer()
		if m, ok := c.seen[p]; ok {
			if cp, ok := m[v.Type()]; ok {
				return cp
			}
		} else {
			c.seen[p] = make(map[reflect.Type]reflect.Value)
		}
		cp := reflect.New(v.Type().Elem())
		c.seen[p][v.Type()] = cp
		cp.Elem().Set(c.value(v.Elem()))
		return cp
	case reflect.Interface:
		out := reflect.New(v.Type()).Elem()
		if !v.IsNil() {
			out.Set(c.value(v.Elem()))
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(c.value(v.Index(i)))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			out.SetMapIndex(c.value(it.Key()), c.value(it.Value()))
		}
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v) // copies unexported fields and scalars
		for i := 0; i < v.NumField(); i++ {
			if out.Field(i).CanSet() {
				out.Field(i).Set(c.value(v.Field(i)))
			}
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(c.value(v.Index(i)))
		}
		return out
	}
	return v
}
