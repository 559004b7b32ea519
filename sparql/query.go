package sparql

// QueryForm is the kind of a query.
type QueryForm int

// The four query forms.
const (
	Select QueryForm = iota
	Construct
	Describe
	Ask
)

// String returns the keyword of the form.
func (f QueryForm) String() string {
	switch f {
	case Select:
		return "SELECT"
	case Construct:
		return "CONSTRUCT"
	case Describe:
		return "DESCRIBE"
	case Ask:
		return "ASK"
	}
	return "UNKNOWN"
}

// Query is a parsed SPARQL query, or a sub-query (then Prologue and Dataset
// are empty and Form is Select).
type Query struct {
	Span
	Prologue []*PrologueDecl // BASE and PREFIX declarations, in order
	Form     QueryForm

	// SELECT: modifiers and projection.
	Distinct    bool
	Reduced     bool
	Star        bool          // SELECT * / DESCRIBE *
	Projections []*Projection // SELECT items

	// CONSTRUCT: the template; nil with ConstructWhere ("CONSTRUCT WHERE {…}").
	Template       []*TriplesSameSubject
	ConstructWhere bool

	// DESCRIBE: the resources (*Var or *IRI); empty with Star.
	Describe []Term

	Dataset []*DatasetClause // FROM / FROM NAMED

	Where *GroupPattern // nil only for DESCRIBE without a WHERE clause

	GroupBy []*GroupCondition
	Having  []Expr
	OrderBy []*OrderCondition
	Limit   *int64 // nil when absent
	Offset  *int64 // nil when absent

	Values *ValuesBlock // trailing VALUES, nil when absent

	// Base is the base IRI the query was parsed with (the last BASE
	// declaration, else the parser's base option); not printed.
	Base string `json:"-"`
}

// PrologueDecl is BASE <iri> (Prefix and IsPrefix unset) or
// PREFIX label: <iri>.
type PrologueDecl struct {
	Span
	IsPrefix bool
	Prefix   string // the label without ':'
	IRI      *IRI   // as written; Value is resolved against earlier BASEs
}

// Projection is one SELECT item: a variable (Expr nil), or (Expr AS Var).
type Projection struct {
	Span
	Var  *Var
	Expr Expr
}

// DatasetClause is FROM <iri> or FROM NAMED <iri>.
type DatasetClause struct {
	Span
	Named bool
	IRI   *IRI
}

// GroupCondition is a GROUP BY item: an expression, optionally (Expr AS Var).
// A plain variable is an Expr of type *Var with Var nil.
type GroupCondition struct {
	Span
	Expr Expr
	Var  *Var
}

// OrderCondition is an ORDER BY item; Desc for DESC(…). Explicit marks
// ASC(…) / DESC(…) as written (ASC is the default either way).
type OrderCondition struct {
	Span
	Expr     Expr
	Desc     bool
	Explicit bool
}

// Prefixes returns the PREFIX declarations as a map from label to IRI.
func (q *Query) Prefixes() map[string]string {
	m := make(map[string]string)
	for _, d := range q.Prologue {
		if d.IsPrefix {
			m[d.Prefix] = d.IRI.Value
		}
	}
	return m
}

// ProjectedVars returns the variables the query projects, in order. For
// SELECT * it returns [SelectStarVars]: the variables in scope of the WHERE
// clause and of a trailing VALUES, by first appearance. It is nil for the
// other query forms.
func (q *Query) ProjectedVars() []*Var {
	if q.Form != Select {
		return nil
	}
	if q.Star {
		return SelectStarVars(q)
	}
	out := make([]*Var, 0, len(q.Projections))
	for _, p := range q.Projections {
		if p != nil && p.Var != nil {
			out = append(out, p.Var)
		}
	}
	return out
}
