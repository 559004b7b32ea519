package sparql

// check applies the static rules of SPARQL 1.1 beyond the grammar.
// TEMPORARY: filled in below.
func check(src string, q *Query) *Error { return nil }
