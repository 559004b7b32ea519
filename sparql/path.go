package sparql

// Path is a property path, or a plain predicate: *IRI (incl. "a"), *Var
// (only as a plain predicate), *PathAlt, *PathSeq, *PathInv, *PathMod or
// *PathNeg. A triple pattern's predicate is a Path.
type Path interface {
	Node
	pathNode()
}

// PathAlt is Alts[0] | Alts[1] | …
type PathAlt struct {
	Span
	Alts []Path
}

// PathSeq is Items[0] / Items[1] / …
type PathSeq struct {
	Span
	Items []Path
}

// PathInv is ^X.
type PathInv struct {
	Span
	X Path
}

// PathMod is X?, X* or X+ (Mod is '?', '*' or '+').
type PathMod struct {
	Span
	X   Path
	Mod byte
}

// PathNeg is a negated property set: !iri, !^iri, !(iri|^iri|…).
type PathNeg struct {
	Span
	Items []*NegItem
}

// NegItem is one IRI of a negated property set, Inverse when written ^iri.
type NegItem struct {
	Span
	IRI     *IRI
	Inverse bool
}

func (*IRI) pathNode()     {}
func (*Var) pathNode()     {}
func (*PathAlt) pathNode() {}
func (*PathSeq) pathNode() {}
func (*PathInv) pathNode() {}
func (*PathMod) pathNode() {}
func (*PathNeg) pathNode() {}

// IsSimplePredicate reports whether p is a plain IRI or variable rather than
// a path expression.
func IsSimplePredicate(p Path) bool {
	switch p.(type) {
	case *IRI, *Var:
		return true
	}
	return false
}
