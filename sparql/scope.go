package sparql

// InScope returns the variables in scope of a group graph pattern
// (SPARQL 1.1 §18.2.1), in order of first appearance.
// TEMPORARY STUB: replaced by the analysis work.
func InScope(g *GroupPattern) []*Var { return nil }
