package sparql

// Pattern is an element of a group graph pattern: *TriplesBlock,
// *GroupPattern, *OptionalPattern, *UnionPattern, *MinusPattern,
// *GraphPattern, *ServicePattern, *FilterPattern, *BindPattern,
// *ValuesPattern or *SubSelect.
type Pattern interface {
	Node
	patternNode()
}

// GroupPattern is { Elements… }. A sub-query is a GroupPattern whose only
// element is a *SubSelect ("{ SELECT … }").
type GroupPattern struct {
	Span
	Elements []Pattern
}

// TriplesBlock is a run of triple patterns separated by '.', kept in the
// written shape (shared subjects with ';' and ',', blank-node property lists,
// collections). [Triples] expands it into plain triple patterns.
type TriplesBlock struct {
	Span
	Triples []*TriplesSameSubject
}

// TriplesSameSubject is a subject with its property list:
// Subject P1 O1, O2 ; P2 O3. Properties may be empty only when Subject is a
// *BlankNodePropertyList or a non-empty *Collection.
type TriplesSameSubject struct {
	Span
	Subject    GraphNode
	Properties []*PropertyObjects
}

// PropertyObjects is one verb of a property list with its objects.
type PropertyObjects struct {
	Span
	Verb    Path // *IRI, *Var or a path expression
	Objects []GraphNode
}

// GraphNode is a node in subject or object position: a Term, a
// *BlankNodePropertyList or a *Collection.
type GraphNode interface {
	Node
	graphNode()
}

// BlankNodePropertyList is [ P1 O1 ; P2 O2 ]: a fresh blank node with the
// given properties.
type BlankNodePropertyList struct {
	Span
	Properties []*PropertyObjects
}

// Collection is ( Items… ): an RDF list.
type Collection struct {
	Span
	Items []GraphNode
}

func (*IRI) graphNode()                   {}
func (*Literal) graphNode()               {}
func (*BlankNode) graphNode()             {}
func (*Var) graphNode()                   {}
func (*BlankNodePropertyList) graphNode() {}
func (*Collection) graphNode()            {}

// OptionalPattern is OPTIONAL { … }.
type OptionalPattern struct {
	Span
	Pattern *GroupPattern
}

// UnionPattern is { … } UNION { … } UNION …
type UnionPattern struct {
	Span
	Alts []*GroupPattern
}

// MinusPattern is MINUS { … }.
type MinusPattern struct {
	Span
	Pattern *GroupPattern
}

// GraphPattern is GRAPH Name { … } with Name an *IRI or a *Var.
type GraphPattern struct {
	Span
	Name    Term
	Pattern *GroupPattern
}

// ServicePattern is SERVICE [SILENT] Endpoint { … }. Analysis flags it so
// callers can refuse federated queries.
type ServicePattern struct {
	Span
	Silent   bool
	Endpoint Term // *IRI or *Var
	Pattern  *GroupPattern
}

// FilterPattern is FILTER Expr.
type FilterPattern struct {
	Span
	Expr Expr
}

// BindPattern is BIND (Expr AS Var).
type BindPattern struct {
	Span
	Expr Expr
	Var  *Var
}

// ValuesPattern is an inline VALUES block.
type ValuesPattern struct {
	Span
	Values *ValuesBlock
}

// SubSelect is a nested SELECT query; Query has no prologue and no dataset.
type SubSelect struct {
	Span
	Query *Query
}

// ValuesBlock is VALUES (Vars…) { (row…) … }. A nil entry in a row is UNDEF.
// OneVar marks the single-variable short form "VALUES ?x { … }".
type ValuesBlock struct {
	Span
	Vars   []*Var
	Rows   [][]Term // each of len(Vars); nil for UNDEF; *IRI or *Literal otherwise
	OneVar bool
}

func (*GroupPattern) patternNode()    {}
func (*TriplesBlock) patternNode()    {}
func (*OptionalPattern) patternNode() {}
func (*UnionPattern) patternNode()    {}
func (*MinusPattern) patternNode()    {}
func (*GraphPattern) patternNode()    {}
func (*ServicePattern) patternNode()  {}
func (*FilterPattern) patternNode()   {}
func (*BindPattern) patternNode()     {}
func (*ValuesPattern) patternNode()   {}
func (*SubSelect) patternNode()       {}
