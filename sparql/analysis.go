package sparql

import (
	"strings"
)

// Analysis is what [Analyze] finds out about a query. It serialises to JSON
// (the output of "schemaforge parse --json"); every list is non-nil so that
// it encodes as [] rather than null.
type Analysis struct {
	// Form is SELECT, CONSTRUCT, DESCRIBE or ASK.
	Form string `json:"form"`
	// Projected lists the variables a SELECT query returns, in order, with
	// whether each is bound in the solutions. Empty for the other forms.
	Projected []ProjectedVar `json:"projected"`
	// Scopes lists every group graph pattern "{ … }" of the query, in source
	// order (WHERE, nested groups, OPTIONAL, UNION branches, MINUS, GRAPH,
	// SERVICE, EXISTS and sub-query WHERE clauses), with its in-scope
	// variables ([InScope]).
	Scopes []Scope `json:"scopes"`
	// IRIs holds, for each role that occurs, the distinct resolved IRIs in
	// order of first appearance.
	IRIs map[IRIRole][]string `json:"iris"`
	// IRIUses lists every IRI occurrence in source order with its role.
	IRIUses []IRIUse `json:"iriUses"`
	// Triples are the triple patterns of the query ([Triples]), in source
	// order, with their abstracted keys.
	Triples []TriplePattern `json:"triples"`
	// Features is the sorted set of constructs the query uses.
	Features []Feature `json:"features"`
	// UsesService reports a SERVICE clause anywhere in the query, so that
	// callers can refuse federated queries.
	UsesService bool `json:"usesService"`
	// Variables lists every variable name used anywhere (projections, WHERE,
	// expressions, sub-queries, GROUP BY…), in order of first appearance,
	// without the '?'.
	Variables []string `json:"variables"`
}

// HasService reports whether the query uses SERVICE (see UsesService).
func (a *Analysis) HasService() bool { return a != nil && a.UsesService }

// Has reports whether the query uses feature f.
func (a *Analysis) Has(f Feature) bool {
	if a == nil {
		return false
	}
	for _, g := range a.Features {
		if g == f {
			return true
		}
	}
	return false
}

// AllIRIs returns every distinct IRI of the query, whatever its role, in
// order of first appearance.
func (a *Analysis) AllIRIs() []string {
	if a == nil {
		return nil
	}
	seen := make(map[string]bool)
	out := []string{}
	for _, u := range a.IRIUses {
		if !seen[u.IRI] {
			seen[u.IRI] = true
			out = append(out, u.IRI)
		}
	}
	return out
}

// Boundness says whether a projected variable has a value in the solutions.
type Boundness string

const (
	// BoundAlways: bound in every solution (a required triple pattern of
	// the WHERE clause, a GROUP BY key bound so, an aggregate alias, a
	// constant BIND…).
	BoundAlways Boundness = "always"
	// BoundMaybe: bound in some solutions only (only under OPTIONAL, in one
	// branch of a UNION, a BIND or SELECT expression that may raise an
	// error, a VALUES column with UNDEF, SERVICE SILENT).
	BoundMaybe Boundness = "maybe"
	// BoundNever: never bound: the variable is not in scope where it is
	// projected (or is computed from such a variable). A projection like
	// this is almost certainly a mistake.
	BoundNever Boundness = "never"
)

// ProjectedVar is one projected variable and whether it is bound.
type ProjectedVar struct {
	Name  string    `json:"name"`
	Bound Boundness `json:"bound"`
}

// Scope is a group graph pattern and the variables in scope of it.
type Scope struct {
	Pos Pos `json:"pos"` // byte offset of "{" (1-based; 0 for a built tree)
	End Pos `json:"end"` // one past "}"
	// Context is what the group belongs to: "where", "subquery" (the WHERE
	// of a sub-SELECT), "group" (a nested group), "optional", "union",
	// "minus", "graph", "service", "exists" or "not-exists".
	Context string   `json:"context"`
	Depth   int      `json:"depth"` // 0 for the top-level WHERE, +1 per enclosing group
	Vars    []string `json:"vars"`  // [InScope], names without '?'
}

// IRIRole is the role of an IRI occurrence in a query.
type IRIRole string

// The roles of [IRIUse]. An IRI in more than one role is listed in each.
const (
	// RolePredicate: a plain IRI in verb position, or any IRI inside a
	// property path (including negated property sets and "a").
	RolePredicate IRIRole = "predicate"
	// RoleClass: the object of a triple whose verb is exactly rdf:type
	// (or "a"); a path ending in rdf:type does not count.
	RoleClass IRIRole = "class"
	// RoleEntity: an IRI in subject or object position (not a class),
	// including collection items and DESCRIBE resources.
	RoleEntity IRIRole = "entity"
	// RoleDatatype: the datatype written after "^^" in a literal. The
	// implicit datatypes of bare numbers and booleans are not uses, and
	// XSD casts such as xsd:integer(?x) are function calls (RoleFunction).
	RoleDatatype IRIRole = "datatype"
	// RoleGraph: a GRAPH name or a FROM / FROM NAMED IRI.
	RoleGraph IRIRole = "graph"
	// RoleService: a SERVICE endpoint.
	RoleService IRIRole = "service"
	// RoleFunction: the IRI of a function call, XSD casts included.
	RoleFunction IRIRole = "function"
	// RoleValues: an IRI in the rows of a VALUES block.
	RoleValues IRIRole = "values"
	// RoleExpression: an IRI constant inside an expression (FILTER, BIND,
	// SELECT, GROUP BY, HAVING, ORDER BY).
	RoleExpression IRIRole = "expression"
)

// IRIUse is one occurrence of an IRI.
type IRIUse struct {
	IRI  string  `json:"iri"` // resolved
	Role IRIRole `json:"role"`
	Pos  Pos     `json:"pos"`
	End  Pos     `json:"end"`
}

// TriplePattern is one [Triple] as strings. Subject, Predicate and Object
// are term keys ([Term.Key]: "<iri>", "?name", "_:label", literals in
// N-Triples form; fresh blank nodes carry FreshBlankPrefix labels) and
// paths in [PathKey] form. Key abstracts variables and blank nodes (see
// [Triple.AbstractKey]).
type TriplePattern struct {
	Subject   string `json:"s"`
	Predicate string `json:"p"`
	Object    string `json:"o"`
	Key       string `json:"key"`
	// InExists marks a triple inside an EXISTS / NOT EXISTS expression
	// (a filter, not a pattern that binds); TripleKeys leaves these out.
	InExists bool `json:"inExists,omitempty"`
	Pos      Pos  `json:"pos"` // of the written TriplesSameSubject it comes from
}

// Variable and blank-node placeholders of abstracted triple keys.
const (
	AbstractVar   = "?var"
	AbstractBlank = "_:b"
)

// AbstractKey returns "S P O" with every variable written AbstractVar and
// every blank node AbstractBlank; IRIs are "<iri>", literals their
// [Literal.Key], paths their [PathKey] (a variable predicate is AbstractVar).
// Two triple patterns that differ only in variable names have the same key.
func (t Triple) AbstractKey() string {
	return abstractTerm(t.Subject) + " " + abstractPath(t.Predicate) + " " + abstractTerm(t.Object)
}

// String returns "S P O" with the terms' keys and the predicate's PathKey.
func (t Triple) String() string {
	return tripleTermKey(t.Subject) + " " + PathKey(t.Predicate) + " " + tripleTermKey(t.Object)
}

func tripleTermKey(t Term) string {
	if rwNilNode(t) {
		return "?"
	}
	return t.Key()
}

func abstractTerm(t Term) string {
	switch t := t.(type) {
	case *Var:
		return AbstractVar
	case *BlankNode:
		return AbstractBlank
	case nil:
		return "?"
	default:
		if rwNilNode(t) {
			return "?"
		}
		return t.Key()
	}
}

func abstractPath(p Path) string {
	if _, ok := p.(*Var); ok {
		return AbstractVar
	}
	return PathKey(p)
}

// PathKey returns a canonical string for a predicate or property path:
// full IRIs in angle brackets ("a" is <…#type>), "?name" for a variable,
// "|" and "/" without spaces, "^" and the modifiers "?", "*", "+", negated
// sets as "!<p>" or "!(<p>|^<q>)", with parentheses only where needed.
func PathKey(p Path) string {
	var b strings.Builder
	writePathKey(&b, p, 0)
	return b.String()
}

// writePathKey writes p; ctx is the binding strength the position needs:
// 0 anywhere, 1 inside a sequence, 2 under ^ or a modifier.
func writePathKey(b *strings.Builder, p Path, ctx int) {
	if rwNilNode(p) {
		b.WriteString("?")
		return
	}
	switch p := p.(type) {
	case *IRI:
		b.WriteString(p.Key())
	case *Var:
		b.WriteString(p.Key())
	case *PathAlt:
		if len(p.Alts) == 1 {
			writePathKey(b, p.Alts[0], ctx)
			return
		}
		if ctx > 0 {
			b.WriteByte('(')
		}
		for i, a := range p.Alts {
			if i > 0 {
				b.WriteByte('|')
			}
			writePathKey(b, a, 1)
		}
		if ctx > 0 {
			b.WriteByte(')')
		}
	case *PathSeq:
		if len(p.Items) == 1 {
			writePathKey(b, p.Items[0], ctx)
			return
		}
		if ctx > 1 {
			b.WriteByte('(')
		}
		for i, a := range p.Items {
			if i > 0 {
				b.WriteByte('/')
			}
			writePathKey(b, a, 2)
		}
		if ctx > 1 {
			b.WriteByte(')')
		}
	case *PathInv:
		// ^x* is ^(x*): an inverse under a modifier needs parentheses,
		// which ctx 3 asks for.
		if ctx > 2 {
			b.WriteByte('(')
		}
		b.WriteByte('^')
		writePathKey(b, p.X, 2)
		if ctx > 2 {
			b.WriteByte(')')
		}
	case *PathMod:
		writePathKey(b, p.X, 3)
		b.WriteByte(p.Mod)
	case *PathNeg:
		b.WriteByte('!')
		if len(p.Items) != 1 {
			b.WriteByte('(')
		}
		for i, it := range p.Items {
			if i > 0 {
				b.WriteByte('|')
			}
			if it == nil {
				b.WriteString("?")
				continue
			}
			if it.Inverse {
				b.WriteByte('^')
			}
			if it.IRI == nil {
				b.WriteString("?")
			} else {
				b.WriteString(it.IRI.Key())
			}
		}
		if len(p.Items) != 1 {
			b.WriteByte(')')
		}
	default:
		b.WriteString("?")
	}
}

// TripleKeys returns the abstracted keys ([Triple.AbstractKey]) of the
// triple patterns of q in source order: the multiset that triple-level F1
// compares. It covers every triple pattern of the WHERE clause, including
// those under OPTIONAL, UNION, MINUS, GRAPH, SERVICE and sub-queries, but not
// those inside EXISTS / NOT EXISTS (filters), nor the CONSTRUCT template.
// FILTER, BIND and other expressions contribute nothing.
func TripleKeys(q *Query) []string {
	out := []string{}
	for _, t := range analyzeTriples(q) {
		if !t.InExists {
			out = append(out, t.Key)
		}
	}
	return out
}

// analyzeTriples expands the triples of q like Triples(q), marking those
// inside EXISTS expressions.
func analyzeTriples(q *Query) []TriplePattern {
	out := []TriplePattern{}
	if q == nil {
		return out
	}
	x := newExpander(q)
	exists := 0
	var stack []bool // whether each open node is an ExistsExpr
	Inspect(q, func(n Node) bool {
		if n == nil {
			if len(stack) > 0 {
				if stack[len(stack)-1] {
					exists--
				}
				stack = stack[:len(stack)-1]
			}
			return false
		}
		if rwNilNode(n) {
			return false
		}
		_, isExists := n.(*ExistsExpr)
		if isExists {
			exists++
		}
		stack = append(stack, isExists)
		if b, ok := n.(*TriplesBlock); ok {
			for _, t := range b.Triples {
				if t == nil {
					continue
				}
				from := len(x.out)
				x.sameSubject(t)
				for _, tr := range x.out[from:] {
					out = append(out, TriplePattern{
						Subject:   tripleTermKey(tr.Subject),
						Predicate: PathKey(tr.Predicate),
						Object:    tripleTermKey(tr.Object),
						Key:       tr.AbstractKey(),
						InExists:  exists > 0,
						Pos:       t.Pos(),
					})
				}
			}
		}
		return true
	})
	return out
}

// Analyze analyses a query: projected variables and whether they are bound,
// variables in scope per group, IRIs by role, triple patterns, features and
// variables. It never fails; parts of a tree that are missing (nil fields of
// a hand-built tree) are skipped. Analyze(nil) returns an empty Analysis.
func Analyze(q *Query) *Analysis {
	a := &Analysis{
		Projected: []ProjectedVar{},
		Scopes:    []Scope{},
		IRIs:      map[IRIRole][]string{},
		IRIUses:   []IRIUse{},
		Triples:   []TriplePattern{},
		Features:  []Feature{},
		Variables: []string{},
	}
	if q == nil {
		return a
	}
	a.Form = q.Form.String()
	a.Projected = projectedBoundness(q)
	a.Triples = analyzeTriples(q)

	st := &analysisState{a: a, features: map[Feature]bool{}, vars: map[string]bool{}, roles: map[IRIRole]map[string]bool{}}
	_, _ = Apply(q, st.pre, st.post)
	a.Features = sortedFeatures(st.features)
	a.UsesService = st.features[FeatureService]
	return a
}

// analysisState is the traversal state of Analyze.
type analysisState struct {
	a        *Analysis
	features map[Feature]bool
	vars     map[string]bool
	roles    map[IRIRole]map[string]bool
	depth    int // open GroupPatterns
}

func (s *analysisState) post(c *Cursor) bool {
	if _, ok := c.Node().(*GroupPattern); ok {
		s.depth--
	}
	return true
}

func (s *analysisState) pre(c *Cursor) bool {
	switch n := c.Node().(type) {
	case *Query:
		if len(n.GroupBy) > 0 {
			s.features[FeatureGroup] = true
		}
		if len(n.Having) > 0 {
			s.features[FeatureHaving] = true
		}
		if len(n.OrderBy) > 0 {
			s.features[FeatureOrder] = true
		}
		if n.Limit != nil {
			s.features[FeatureLimit] = true
		}
		if n.Offset != nil {
			s.features[FeatureOffset] = true
		}
		if n.Distinct || n.Reduced {
			s.features[FeatureDistinct] = true
		}
		if len(n.Dataset) > 0 {
			s.features[FeatureDataset] = true
		}
		if n.Values != nil {
			s.features[FeatureValues] = true
		}
	case *Projection:
		if n.Expr != nil {
			s.features[FeatureExpr] = true
		}
	case *Aggregate:
		s.features[FeatureAggregate] = true
	case *FilterPattern:
		s.features[FeatureFilter] = true
	case *OptionalPattern:
		s.features[FeatureOptional] = true
	case *UnionPattern:
		s.features[FeatureUnion] = true
	case *MinusPattern:
		s.features[FeatureMinus] = true
		s.features[FeatureNegation] = true
	case *ExistsExpr:
		s.features[FeatureExists] = true
		if n.Not {
			s.features[FeatureNegation] = true
		}
	case *InExpr:
		if n.Not {
			s.features[FeatureNegation] = true
		}
	case *BindPattern:
		s.features[FeatureBind] = true
	case *ValuesPattern:
		s.features[FeatureValues] = true
	case *SubSelect:
		s.features[FeatureSubquery] = true
	case *GraphPattern:
		s.features[FeatureGraph] = true
	case *ServicePattern:
		s.features[FeatureService] = true
	case *PropertyObjects:
		if !rwNilNode(n.Verb) && !IsSimplePredicate(n.Verb) {
			s.features[FeaturePath] = true
		}
	case *GroupPattern:
		s.a.Scopes = append(s.a.Scopes, Scope{
			Pos: n.Pos(), End: n.End(), Context: groupContext(c), Depth: s.depth,
			Vars: scopeVarNames(InScope(n)),
		})
		s.depth++
	case *Var:
		if !s.vars[n.Name] {
			s.vars[n.Name] = true
			s.a.Variables = append(s.a.Variables, n.Name)
		}
	case *IRI:
		if role, ok := iriRole(c); ok {
			s.a.IRIUses = append(s.a.IRIUses, IRIUse{IRI: n.Value, Role: role, Pos: n.Pos(), End: n.End()})
			if s.roles[role] == nil {
				s.roles[role] = map[string]bool{}
			}
			if !s.roles[role][n.Value] {
				s.roles[role][n.Value] = true
				s.a.IRIs[role] = append(s.a.IRIs[role], n.Value)
			}
		}
	}
	return true
}

func scopeVarNames(vs []*Var) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.Name)
	}
	return out
}

// groupContext names what the group at c belongs to (see Scope.Context).
func groupContext(c *Cursor) string {
	switch p := c.Parent().(type) {
	case *Query:
		if c.Name() == "Where" {
			// A sub-query's Query node is not the root of the traversal.
			if c.a.root != Node(p) {
				return "subquery"
			}
			return "where"
		}
	case *OptionalPattern:
		return "optional"
	case *UnionPattern:
		return "union"
	case *MinusPattern:
		return "minus"
	case *GraphPattern:
		return "graph"
	case *ServicePattern:
		return "service"
	case *ExistsExpr:
		if p.Not {
			return "not-exists"
		}
		return "exists"
	}
	return "group"
}

// iriRole classifies the IRI at c by its place in the tree; ok is false for
// IRIs that are not uses (PREFIX and BASE declarations, the implicit
// datatype of a bare literal).
func iriRole(c *Cursor) (IRIRole, bool) {
	switch p := c.Parent().(type) {
	case *PrologueDecl:
		return "", false
	case *DatasetClause, *GraphPattern:
		return RoleGraph, true
	case *ServicePattern:
		return RoleService, true
	case *FuncCall:
		if c.Name() == "Func" {
			return RoleFunction, true
		}
		return RoleExpression, true
	case *Literal:
		if p.Form == BareLiteral {
			return "", false
		}
		return RoleDatatype, true
	case *PropertyObjects:
		if c.Name() == "Verb" {
			return RolePredicate, true
		}
		if v, ok := p.Verb.(*IRI); ok && v != nil && v.Value == RDFType {
			return RoleClass, true
		}
		return RoleEntity, true
	case *PathAlt, *PathSeq, *PathInv, *PathMod, *NegItem:
		return RolePredicate, true
	case *TriplesSameSubject, *Collection:
		return RoleEntity, true
	case *Query:
		if c.Name() == "Describe" {
			return RoleEntity, true
		}
		return RoleExpression, true
	case *ValuesBlock:
		return RoleValues, true
	case nil:
		return "", false
	}
	return RoleExpression, true
}

// certainty orders how surely a variable is bound.
type certainty int

const (
	cNever certainty = iota
	cMaybe
	cAlways
)

func (c certainty) boundness() Boundness {
	switch c {
	case cAlways:
		return BoundAlways
	case cMaybe:
		return BoundMaybe
	}
	return BoundNever
}

// certEnv maps variable names to certainties; absent means never.
type certEnv map[string]certainty

// join merges the bindings of a pattern joined with the current ones.
func (e certEnv) join(o certEnv) {
	for v, c := range o {
		if c > e[v] {
			e[v] = c
		}
	}
}

// projectedBoundness computes Analysis.Projected.
func projectedBoundness(q *Query) []ProjectedVar {
	out := []ProjectedVar{}
	if q.Form != Select {
		return out
	}
	env := selectEnv(q)
	for _, v := range selectVars(q) {
		out = append(out, ProjectedVar{Name: v.Name, Bound: env[v.Name].boundness()})
	}
	return out
}

// selectVars returns the variables a SELECT query projects, like
// [Query.ProjectedVars] but skipping holes of a hand-built tree, and with
// SELECT * as [SelectStarVars].
func selectVars(q *Query) []*Var {
	if q.Star {
		return SelectStarVars(q)
	}
	var out []*Var
	for _, p := range q.Projections {
		if p != nil && p.Var != nil {
			out = append(out, p.Var)
		}
	}
	return out
}

// selectEnv returns the certainties of the variables a SELECT query's
// solutions carry after grouping, projection expressions and trailing
// VALUES.
func selectEnv(q *Query) certEnv {
	where := groupCert(q.Where)
	env := where
	if len(q.GroupBy) > 0 || selectHasAggregate(q) {
		env = certEnv{}
		for _, g := range q.GroupBy {
			if g == nil {
				continue
			}
			if g.Var != nil {
				env[g.Var.Name] = exprCert(g.Expr, where)
			} else if v, ok := g.Expr.(*Var); ok && v != nil {
				env[v.Name] = where[v.Name]
			}
		}
	}
	for _, p := range q.Projections {
		if p != nil && p.Expr != nil && p.Var != nil {
			env[p.Var.Name] = exprCert(p.Expr, env)
		}
	}
	if q.Values != nil {
		env.join(valuesCert(q.Values))
	}
	return env
}

// selectHasAggregate reports an aggregate in the SELECT, HAVING or ORDER BY
// clauses of q (not in sub-queries), which groups the solutions.
func selectHasAggregate(q *Query) bool {
	found := false
	look := func(n Node) {
		if rwNilNode(n) {
			return
		}
		Inspect(n, func(m Node) bool {
			switch m.(type) {
			case *Aggregate:
				found = true
			case *ExistsExpr, nil:
				return false
			}
			return !found
		})
	}
	for _, p := range q.Projections {
		if p != nil {
			look(p.Expr)
		}
	}
	for _, h := range q.Having {
		look(h)
	}
	for _, o := range q.OrderBy {
		if o != nil {
			look(o.Expr)
		}
	}
	return found
}

// groupCert returns the certainties of the variables of a group's
// solutions.
func groupCert(g *GroupPattern) certEnv {
	env := certEnv{}
	if g == nil {
		return env
	}
	for _, e := range g.Elements {
		switch e := e.(type) {
		case *TriplesBlock:
			for _, v := range InScopeOf(e) {
				env[v.Name] = cAlways
			}
		case *GroupPattern:
			env.join(groupCert(e))
		case *OptionalPattern:
			if e != nil {
				env.join(demote(groupCert(e.Pattern)))
			}
		case *UnionPattern:
			if e != nil {
				env.join(unionCert(e.Alts))
			}
		case *GraphPattern:
			if e == nil {
				continue
			}
			if v, ok := e.Name.(*Var); ok && v != nil {
				env[v.Name] = cAlways
			}
			env.join(groupCert(e.Pattern))
		case *ServicePattern:
			if e == nil {
				continue
			}
			inner := groupCert(e.Pattern)
			if v, ok := e.Endpoint.(*Var); ok && v != nil {
				inner[v.Name] = cAlways
			}
			if e.Silent {
				inner = demote(inner)
			}
			env.join(inner)
		case *BindPattern:
			if e != nil && e.Var != nil {
				env.join(certEnv{e.Var.Name: exprCert(e.Expr, env)})
			}
		case *ValuesPattern:
			if e != nil && e.Values != nil {
				env.join(valuesCert(e.Values))
			}
		case *SubSelect:
			if e == nil || e.Query == nil {
				continue
			}
			sub := selectEnv(e.Query)
			proj := certEnv{}
			for _, v := range selectVars(e.Query) {
				if sub[v.Name] > cNever {
					proj[v.Name] = sub[v.Name]
				}
			}
			env.join(proj)
		}
		// MINUS and FILTER bind nothing.
	}
	return env
}

func demote(e certEnv) certEnv {
	for v, c := range e {
		if c > cMaybe {
			e[v] = cMaybe
		}
	}
	return e
}

func unionCert(alts []*GroupPattern) certEnv {
	out := certEnv{}
	envs := make([]certEnv, 0, len(alts))
	for _, a := range alts {
		envs = append(envs, groupCert(a))
	}
	for _, e := range envs {
		for v := range e {
			if _, done := out[v]; done {
				continue
			}
			c := cAlways
			for _, f := range envs {
				if f[v] < c {
					c = f[v]
				}
			}
			if c == cNever {
				c = cMaybe
			}
			out[v] = c
		}
	}
	return out
}

func valuesCert(b *ValuesBlock) certEnv {
	env := certEnv{}
	for i, v := range b.Vars {
		if v == nil {
			continue
		}
		c := cAlways
		for _, row := range b.Rows {
			if i >= len(row) || rwNilNode(row[i]) {
				c = cMaybe
				break
			}
		}
		env[v.Name] = c
	}
	return env
}

// exprCert estimates whether an expression evaluates without error (and so
// binds the variable it is assigned to): constants, aggregates, BOUND and
// EXISTS always do; a variable as surely as it is bound; COALESCE as its
// surest argument; an expression that needs a never-bound variable never
// does (except || and &&, which can absorb an error); anything else may
// raise a type error, so it is "maybe".
func exprCert(e Expr, env certEnv) certainty {
	switch e := e.(type) {
	case *Var:
		if e == nil {
			return cNever
		}
		return env[e.Name]
	case *IRI, *Literal, *Aggregate, *ExistsExpr:
		if rwNilNode(e) {
			return cNever
		}
		return cAlways
	case *CallExpr:
		if e == nil {
			return cNever
		}
		switch e.Name {
		case "BOUND", "RAND", "NOW", "UUID", "STRUUID":
			return cAlways
		case "BNODE":
			if len(e.Args) == 0 {
				return cAlways
			}
		case "COALESCE":
			best := cNever
			for _, a := range e.Args {
				if c := exprCert(a, env); c > best {
					best = c
				}
			}
			return best
		case "IF":
			if len(e.Args) == 3 {
				if exprCert(e.Args[0], env) == cNever {
					return cNever
				}
				if exprCert(e.Args[1], env) == cNever && exprCert(e.Args[2], env) == cNever {
					return cNever
				}
				return cMaybe
			}
		}
		return strictCert(env, e.Args...)
	case *FuncCall:
		if e == nil {
			return cNever
		}
		return strictCert(env, e.Args...)
	case *BinaryExpr:
		if e == nil {
			return cNever
		}
		if e.Op == OpOr || e.Op == OpAnd {
			if exprCert(e.X, env) == cNever && exprCert(e.Y, env) == cNever {
				return cNever
			}
			return cMaybe
		}
		return strictCert(env, e.X, e.Y)
	case *UnaryExpr:
		if e == nil {
			return cNever
		}
		return strictCert(env, e.X)
	case *InExpr:
		if e == nil {
			return cNever
		}
		return strictCert(env, e.X)
	}
	return cMaybe
}

// strictCert is the certainty of a function of args that fails when any
// argument fails: never if one is never, else maybe.
func strictCert(env certEnv, args ...Expr) certainty {
	for _, a := range args {
		if exprCert(a, env) == cNever {
			return cNever
		}
	}
	return cMaybe
}
