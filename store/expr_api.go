package store

import "github.com/schemaforge/go-schemaforge/sparql"

// binder is what expression evaluation needs from the engine for the
// solution being evaluated.
type binder interface {
	// lookup returns the value of v in the current solution, nil if unbound.
	lookup(v *sparql.Var) sparql.Term
	// exists evaluates EXISTS { p } with the current solution substituted.
	exists(p *sparql.GroupPattern) (bool, error)
}
