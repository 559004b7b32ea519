package sparql

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PrintConfig controls [Fprint].
type PrintConfig struct {
	// Compact prints the node on a single line with as few spaces as can be
	// left out while keeping the text lexically unambiguous.
	Compact bool
	// Indent is the unit of indentation of the readable form; empty means
	// two spaces. Ignored when Compact is set.
	Indent string
	// Dialect is the engine the text is for (nil: standard SPARQL 1.1).
	// Its print-side fields ([Dialect.NoLocalEscapes]) change how IRIs
	// are written; a dialect without them prints the standard form.
	Dialect *Dialect
}

// Print returns the canonical, readable form of n: upper-case keywords, one
// clause per line, nested groups indented, one subject per line with its
// ';' and ',' continuations indented, IRIs and literals as they were
// written, and parentheses only where precedence requires them. For every
// query q that [Parse] accepts, Parse(Print(q)) is [Equal] to q.
//
// Print also prints trees built or rewritten in code (nodes without
// positions, IRIs with only Value set, which print as <Value>). When n is a
// *Query, a prefix used by a prefixed name but not declared in the prologue
// is declared in the output, and a prefixed name that does not match its
// namespace (Value != namespace + Local) is printed as <Value>, so that the
// output means what the tree says. A nil node prints as "".
func Print(n Node) string {
	var p printer
	p.init(PrintConfig{})
	p.root(n)
	return p.buf.String()
}

// PrintFor returns n printed as [Print] does, for the engine of dialect d:
// an IRI whose prefixed name would need an escape the engine refuses is
// written in full. With a nil d, or a dialect that accepts the standard
// form, the output is the same as Print's. PrintFor does not check that
// the engine accepts the query's constructs; see [Dialect.Accepts].
func PrintFor(n Node, d *Dialect) string {
	if q, ok := n.(*Query); ok && q != nil && d.adapts() {
		n = adaptQuery(CloneQuery(q), d)
	}
	var p printer
	p.init(PrintConfig{Dialect: d})
	p.root(n)
	return p.buf.String()
}

// PrintCompact returns n printed on one line with minimal spacing. Like
// [Print], its output parses back to a tree [Equal] to the parsed query.
func PrintCompact(n Node) string {
	var p printer
	p.init(PrintConfig{Compact: true})
	p.root(n)
	return p.buf.String()
}

// Fprint writes n to w as configured by cfg. It returns the writer's error,
// or an error naming the first node type it does not know how to print
// (a Node implemented outside this package); nothing is written then.
func Fprint(w io.Writer, n Node, cfg PrintConfig) error {
	var p printer
	p.init(cfg)
	p.root(n)
	if p.err != nil {
		return p.err
	}
	_, err := io.WriteString(w, p.buf.String())
	return err
}

// printer lays out a tree. Tokens are written with tok; the whitespace
// between tokens is requested with space and newline and only materialised
// when the next token comes, so that the compact form can drop it where it
// is not needed.
type printer struct {
	buf     strings.Builder
	compact bool
	indent  string
	depth   int
	err     error

	pendSpace bool // a space was requested before the next token
	pendLine  bool // a line break was requested before the next token
	last      byte // last byte written, 0 at the start

	// Root-query state: the prefixes in use, and where in buf the
	// declarations of undeclared ones go (after the prologue).
	scope    *prefixScope
	markNext bool // record insertAt at the next token
	insertAt int

	// noLocalEscapes: write IRIs in full where a prefixed name would need
	// a backslash escape or a percent sequence (the target refuses them).
	noLocalEscapes bool
}

func (p *printer) init(cfg PrintConfig) {
	p.compact = cfg.Compact
	p.noLocalEscapes = cfg.Dialect != nil && cfg.Dialect.NoLocalEscapes
	p.buf.Grow(256)
	p.indent = cfg.Indent
	if p.indent == "" {
		p.indent = "  "
	}
}

// space requests a separating space before the next token.
func (p *printer) space() { p.pendSpace = true }

// newline requests a line break (a space in compact mode) before the next
// token; the new line is indented at the current depth.
func (p *printer) newline() { p.pendLine = true }

// tok writes one token, preceded by the whitespace requested since the last
// token.
func (p *printer) tok(s string) {
	if s == "" {
		return
	}
	if p.buf.Len() > 0 {
		switch {
		case p.compact:
			if (p.pendSpace || p.pendLine) && needSpace(p.last, s[0]) {
				p.buf.WriteByte(' ')
			}
		case p.pendLine:
			p.buf.WriteByte('\n')
			for i := 0; i < p.depth; i++ {
				p.buf.WriteString(p.indent)
			}
		case p.pendSpace:
			p.buf.WriteByte(' ')
		}
	}
	p.pendSpace, p.pendLine = false, false
	if p.markNext {
		p.insertAt, p.markNext = p.buf.Len(), false
	}
	p.buf.WriteString(s)
	p.last = s[len(s)-1]
	if len(s) > 1 && s[len(s)-2] == '\\' {
		// An escaped character ending a local name (:a\( or :a\,) is
		// part of the name, not punctuation.
		p.last = 'a'
	}
}

// needSpace reports whether, in compact mode, a token ending in a must be
// separated from a token starting with b. Only around brackets, commas and
// semicolons can the space always be dropped.
func needSpace(a, b byte) bool {
	return !isSafePunct(a) && !isSafePunct(b)
}

func isSafePunct(c byte) bool {
	switch c {
	case '{', '}', '(', ')', '[', ']', ',', ';':
		return true
	}
	return false
}

// kw writes a keyword.
func (p *printer) kw(s string) { p.tok(s) }

// root prints n as the outermost node. For a query, the declarations of
// prefixes it uses without declaring them are spliced in after the prologue.
func (p *printer) root(n Node) {
	q, ok := n.(*Query)
	if !ok || q == nil {
		p.node(n)
		return
	}
	p.scope = newPrefixScope(q)
	p.insertAt = -1
	p.query(q)
	sep := "\n"
	if p.compact {
		sep = " "
	}
	if decls := p.scope.declarations(sep); decls != "" && p.insertAt >= 0 {
		out := p.buf.String()
		p.buf.Reset()
		p.buf.WriteString(out[:p.insertAt])
		p.buf.WriteString(decls)
		p.buf.WriteString(out[p.insertAt:])
	}
}

// node prints any node.
func (p *printer) node(n Node) {
	switch n := n.(type) {
	case nil:
	case *Query:
		if n != nil {
			p.query(n)
		}
	case *PrologueDecl:
		if n != nil {
			p.prologueDecl(n)
		}
	case *Projection:
		if n != nil {
			p.projection(n)
		}
	case *DatasetClause:
		if n != nil {
			p.datasetClause(n)
		}
	case *GroupCondition:
		if n != nil {
			p.groupCondition(n)
		}
	case *OrderCondition:
		if n != nil {
			p.orderCondition(n)
		}
	case *ValuesBlock:
		if n != nil {
			p.valuesBlock(n)
		}
	case *TriplesSameSubject:
		if n != nil {
			p.triplesSameSubject(n)
		}
	case *PropertyObjects:
		if n != nil {
			p.propertyObjects(n, false)
		}
	case *NegItem:
		if n != nil {
			p.negItem(n)
		}
	case *BlankNodePropertyList:
		if n != nil {
			p.graphNode(n)
		}
	case *Collection:
		if n != nil {
			p.graphNode(n)
		}
	case *IRI:
		if n != nil {
			p.tok(p.iriText(n, true))
		}
	case *Literal, *BlankNode, *Var:
		p.term(n.(Term))
	case Pattern:
		p.pattern(n)
	case Expr:
		p.expr(n)
	case Path:
		p.path(n)
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print node of type %T", n)
		}
	}
}

// ---------------------------------------------------------------------------
// Queries.

// prefixScope tracks, for a root query, the prefixed names the printer
// writes. A prefix the prologue does not declare (a dialect predeclared it)
// is declared in the output, after the prologue, so that the output is
// standard SPARQL; a prefixed name whose IRI does not match its declared or
// derived namespace is printed as an IRI reference instead.
type prefixScope struct {
	declared map[string]string // label -> namespace, from the prologue
	derived  map[string]string // label -> namespace, for undeclared labels
}

func newPrefixScope(q *Query) *prefixScope {
	s := &prefixScope{declared: make(map[string]string, len(q.Prologue))}
	for _, d := range q.Prologue {
		if d != nil && d.IsPrefix && d.IRI != nil {
			s.declared[d.Prefix] = d.IRI.Value
		}
	}
	return s
}

// use reports whether t can be printed in its prefixed form, and records
// the namespace of an undeclared prefix.
func (s *prefixScope) use(t *IRI) bool {
	if ns, ok := s.declared[t.Prefix]; ok {
		return t.Value == "" || (len(ns)+len(t.Local) == len(t.Value) && strings.HasPrefix(t.Value, ns) && strings.HasSuffix(t.Value, t.Local))
	}
	if t.Value == "" || !strings.HasSuffix(t.Value, t.Local) {
		return false
	}
	ns := t.Value[:len(t.Value)-len(t.Local)]
	if prev, ok := s.derived[t.Prefix]; ok {
		return prev == ns
	}
	if s.derived == nil {
		s.derived = make(map[string]string)
	}
	s.derived[t.Prefix] = ns
	return true
}

// declarations returns the PREFIX declarations of the derived namespaces,
// sorted by label, each followed by sep.
func (s *prefixScope) declarations(sep string) string {
	if len(s.derived) == 0 {
		return ""
	}
	labels := make([]string, 0, len(s.derived))
	for l := range s.derived {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	var b strings.Builder
	for _, l := range labels {
		b.WriteString("PREFIX ")
		b.WriteString(l)
		b.WriteString(": <")
		b.WriteString(escapeIRI(s.derived[l]))
		b.WriteString(">")
		b.WriteString(sep)
	}
	return b.String()
}

func (p *printer) query(q *Query) {
	for _, d := range q.Prologue {
		if d != nil {
			p.prologueDecl(d)
			p.newline()
		}
	}
	if p.scope != nil && p.insertAt < 0 && !p.markNext {
		p.markNext = true // the root query: its form keyword comes next
	}

	switch q.Form {
	case Select:
		p.kw("SELECT")
		if q.Distinct {
			p.space()
			p.kw("DISTINCT")
		} else if q.Reduced {
			p.space()
			p.kw("REDUCED")
		}
		if q.Star {
			p.space()
			p.tok("*")
		} else {
			for _, pr := range q.Projections {
				if pr != nil {
					p.space()
					p.projection(pr)
				}
			}
		}
	case Construct:
		p.kw("CONSTRUCT")
		if !q.ConstructWhere {
			p.space()
			p.triplesBraces(q.Template)
		}
	case Describe:
		p.kw("DESCRIBE")
		if q.Star {
			p.space()
			p.tok("*")
		} else {
			for _, t := range q.Describe {
				if t != nil {
					p.space()
					p.term(t)
				}
			}
		}
	case Ask:
		p.kw("ASK")
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print query form %d", int(q.Form))
		}
	}
	for _, d := range q.Dataset {
		if d != nil {
			p.newline()
			p.datasetClause(d)
		}
	}
	if q.Where != nil || q.Form != Describe {
		p.newline()
		p.kw("WHERE")
		p.space()
		p.group(q.Where)
	}
	if len(q.GroupBy) > 0 {
		p.newline()
		p.kw("GROUP")
		p.space()
		p.kw("BY")
		for _, g := range q.GroupBy {
			if g != nil {
				p.space()
				p.groupCondition(g)
			}
		}
	}
	if len(q.Having) > 0 {
		p.newline()
		p.kw("HAVING")
		for _, h := range q.Having {
			if h != nil {
				p.space()
				p.constraint(h)
			}
		}
	}
	if len(q.OrderBy) > 0 {
		p.newline()
		p.kw("ORDER")
		p.space()
		p.kw("BY")
		for _, o := range q.OrderBy {
			if o != nil {
				p.space()
				p.orderCondition(o)
			}
		}
	}
	if q.Limit != nil {
		p.newline()
		p.kw("LIMIT")
		p.space()
		p.tok(strconv.FormatInt(*q.Limit, 10))
	}
	if q.Offset != nil {
		p.newline()
		p.kw("OFFSET")
		p.space()
		p.tok(strconv.FormatInt(*q.Offset, 10))
	}
	if q.Values != nil {
		p.newline()
		p.valuesBlock(q.Values)
	}
}

func (p *printer) prologueDecl(d *PrologueDecl) {
	if d.IsPrefix {
		p.kw("PREFIX")
		p.space()
		p.tok(d.Prefix + ":")
	} else {
		p.kw("BASE")
	}
	p.space()
	if d.IRI == nil {
		p.tok("<>")
		return
	}
	p.tok(iriRefText(d.IRI))
}

func (p *printer) projection(pr *Projection) {
	if pr.Expr == nil {
		p.varTok(pr.Var)
		return
	}
	p.tok("(")
	p.expr(pr.Expr)
	p.space()
	p.kw("AS")
	p.space()
	p.varTok(pr.Var)
	p.tok(")")
}

func (p *printer) datasetClause(d *DatasetClause) {
	p.kw("FROM")
	if d.Named {
		p.space()
		p.kw("NAMED")
	}
	p.space()
	if d.IRI != nil {
		p.tok(p.iriText(d.IRI, false))
	}
}

func (p *printer) groupCondition(g *GroupCondition) {
	if g.Var == nil {
		switch g.Expr.(type) {
		case *Var, *CallExpr, *FuncCall, *Aggregate, *ExistsExpr:
			p.expr(g.Expr)
			return
		}
	}
	p.tok("(")
	p.expr(g.Expr)
	if g.Var != nil {
		p.space()
		p.kw("AS")
		p.space()
		p.varTok(g.Var)
	}
	p.tok(")")
}

func (p *printer) orderCondition(o *OrderCondition) {
	if o.Desc || o.Explicit {
		if o.Desc {
			p.kw("DESC")
		} else {
			p.kw("ASC")
		}
		p.tok("(")
		p.expr(o.Expr)
		p.tok(")")
		return
	}
	switch o.Expr.(type) {
	case *Var:
		p.expr(o.Expr)
	default:
		p.constraint(o.Expr)
	}
}

// constraint prints a FILTER / HAVING / ORDER BY constraint: a built-in or
// function call as is, anything else in parentheses.
func (p *printer) constraint(e Expr) {
	switch e.(type) {
	case *CallExpr, *FuncCall, *Aggregate, *ExistsExpr:
		p.expr(e)
	default:
		p.tok("(")
		p.expr(e)
		p.tok(")")
	}
}

// ---------------------------------------------------------------------------
// Graph patterns.

// group prints { … } with its elements on indented lines. A nil group
// prints as {}.
func (p *printer) group(g *GroupPattern) {
	p.tok("{")
	if g == nil || len(g.Elements) == 0 {
		p.tok("}")
		return
	}
	p.depth++
	sub := len(g.Elements) == 1
	for _, e := range g.Elements {
		if e == nil {
			continue
		}
		p.newline()
		if s, ok := e.(*SubSelect); ok && !sub {
			// A sub-query shares its group with nothing else: wrap it.
			p.group(&GroupPattern{Elements: []Pattern{s}})
			continue
		}
		p.pattern(e)
	}
	p.depth--
	p.newline()
	p.tok("}")
}

func (p *printer) pattern(e Pattern) {
	switch e := e.(type) {
	case *GroupPattern:
		if e != nil {
			p.group(e)
		}
	case *TriplesBlock:
		if e != nil {
			p.triplesLines(e.Triples)
		}
	case *OptionalPattern:
		if e != nil {
			p.kw("OPTIONAL")
			p.space()
			p.group(e.Pattern)
		}
	case *UnionPattern:
		if e != nil {
			first := true
			for _, a := range e.Alts {
				if a == nil {
					continue
				}
				if !first {
					p.newline()
					p.kw("UNION")
					p.newline()
				}
				first = false
				p.group(a)
			}
		}
	case *MinusPattern:
		if e != nil {
			p.kw("MINUS")
			p.space()
			p.group(e.Pattern)
		}
	case *GraphPattern:
		if e != nil {
			p.kw("GRAPH")
			p.space()
			p.term(e.Name)
			p.space()
			p.group(e.Pattern)
		}
	case *ServicePattern:
		if e != nil {
			p.kw("SERVICE")
			if e.Silent {
				p.space()
				p.kw("SILENT")
			}
			p.space()
			p.term(e.Endpoint)
			p.space()
			p.group(e.Pattern)
		}
	case *FilterPattern:
		if e != nil {
			p.kw("FILTER")
			p.space()
			p.constraint(e.Expr)
		}
	case *BindPattern:
		if e != nil {
			p.kw("BIND")
			p.space()
			p.tok("(")
			p.expr(e.Expr)
			p.space()
			p.kw("AS")
			p.space()
			p.varTok(e.Var)
			p.tok(")")
		}
	case *ValuesPattern:
		if e != nil && e.Values != nil {
			p.valuesBlock(e.Values)
		}
	case *SubSelect:
		if e != nil && e.Query != nil {
			p.query(e.Query)
		}
	case nil:
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print pattern of type %T", e)
		}
	}
}

// triplesLines prints triple patterns one subject per line, each ended by
// " .".
func (p *printer) triplesLines(ts []*TriplesSameSubject) {
	first := true
	for _, t := range ts {
		if t == nil {
			continue
		}
		if !first {
			p.newline()
		}
		first = false
		p.triplesSameSubject(t)
		p.space()
		p.tok(".")
	}
}

// triplesBraces prints a CONSTRUCT template.
func (p *printer) triplesBraces(ts []*TriplesSameSubject) {
	p.tok("{")
	if len(ts) == 0 {
		p.tok("}")
		return
	}
	p.depth++
	p.newline()
	p.triplesLines(ts)
	p.depth--
	p.newline()
	p.tok("}")
}

func (p *printer) triplesSameSubject(t *TriplesSameSubject) {
	p.graphNode(t.Subject)
	if len(t.Properties) == 0 {
		return
	}
	p.space()
	p.depth++
	p.propertyList(t.Properties, true)
	p.depth--
}

// propertyList prints verb-object lists separated by ';'. When multiline,
// each continuation starts a new line (one level deeper for ',' lists).
func (p *printer) propertyList(props []*PropertyObjects, multiline bool) {
	first := true
	for _, po := range props {
		if po == nil {
			continue
		}
		if !first {
			p.space()
			p.tok(";")
			if multiline {
				p.newline()
			} else {
				p.space()
			}
		}
		first = false
		p.propertyObjects(po, multiline)
	}
}

func (p *printer) propertyObjects(po *PropertyObjects, multiline bool) {
	p.path(po.Verb)
	first := true
	for _, o := range po.Objects {
		if o == nil {
			continue
		}
		p.space()
		if first {
			first = false
			p.graphNode(o)
			continue
		}
		p.tok(",")
		if !multiline {
			p.space()
			p.graphNode(o)
			continue
		}
		// The line break is materialised by the object's first token, at
		// the depth current then: one level deeper than the verbs.
		p.depth++
		p.newline()
		p.graphNode(o)
		p.depth--
	}
}

// graphNode prints a node in subject or object position.
func (p *printer) graphNode(n GraphNode) {
	switch n := n.(type) {
	case nil:
	case *BlankNodePropertyList:
		if n == nil {
			return
		}
		if len(n.Properties) == 0 {
			p.tok("[]")
			return
		}
		p.tok("[")
		p.space()
		p.propertyList(n.Properties, false)
		p.space()
		p.tok("]")
	case *Collection:
		if n == nil {
			return
		}
		p.tok("(")
		first := true
		for _, it := range n.Items {
			if it == nil {
				continue
			}
			if !first {
				p.space()
			}
			first = false
			p.graphNode(it)
		}
		p.tok(")")
	case Term:
		p.term(n)
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print graph node of type %T", n)
		}
	}
}

func (p *printer) valuesBlock(v *ValuesBlock) {
	p.kw("VALUES")
	p.space()
	if v.OneVar && len(v.Vars) == 1 {
		p.varTok(v.Vars[0])
		p.space()
		p.tok("{")
		for _, row := range v.Rows {
			p.space()
			if len(row) == 0 {
				p.kw("UNDEF")
				continue
			}
			p.valuesEntry(row[0])
		}
		p.space()
		p.tok("}")
		return
	}
	p.tok("(")
	for i, x := range v.Vars {
		if i > 0 {
			p.space()
		}
		p.varTok(x)
	}
	p.tok(")")
	p.space()
	p.tok("{")
	if len(v.Rows) == 0 {
		p.space()
		p.tok("}")
		return
	}
	p.depth++
	for _, row := range v.Rows {
		p.newline()
		p.tok("(")
		for i, t := range row {
			if i > 0 {
				p.space()
			}
			p.valuesEntry(t)
		}
		p.tok(")")
	}
	p.depth--
	p.newline()
	p.tok("}")
}

func (p *printer) valuesEntry(t Term) {
	if isNil(t) {
		p.kw("UNDEF")
		return
	}
	p.term(t)
}

// ---------------------------------------------------------------------------
// Expressions.

// exprPrec is the binding strength of e: 1 (||) … 5 (* /) for binary
// operators, 3 for IN, 6 for unary operators and 7 for primary expressions.
func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *BinaryExpr:
		if e == nil {
			return 7
		}
		if pr := e.Op.Precedence(); pr > 0 {
			return pr
		}
		return 1
	case *InExpr:
		if e == nil {
			return 7
		}
		return 3
	case *UnaryExpr:
		if e == nil {
			return 7
		}
		return 6
	}
	return 7
}

// exprIn prints e, in parentheses when paren is set.
func (p *printer) exprIn(e Expr, paren bool) {
	if paren {
		p.tok("(")
		p.expr(e)
		p.tok(")")
		return
	}
	p.expr(e)
}

func (p *printer) expr(e Expr) {
	switch e := e.(type) {
	case nil:
	case *IRI:
		if e != nil {
			p.tok(p.iriText(e, false))
		}
	case *Literal, *Var:
		p.term(e.(Term))
	case *BinaryExpr:
		if e == nil {
			return
		}
		pr := exprPrec(e)
		xp := exprPrec(e.X)
		// Relational operators do not associate: a relational operand of
		// a relational operator needs parentheses on either side.
		p.exprIn(e.X, xp < pr || (pr == 3 && xp == 3))
		p.space()
		p.tok(string(e.Op))
		p.space()
		p.exprIn(e.Y, exprPrec(e.Y) <= pr)
	case *UnaryExpr:
		if e == nil {
			return
		}
		p.tok(e.Op)
		// The operand of a unary operator is a primary expression; a
		// numeric literal right after a sign would lex as a signed
		// number, so it gets parentheses too.
		paren := exprPrec(e.X) < 7
		if l, ok := e.X.(*Literal); ok && l != nil && (e.Op == "-" || e.Op == "+") {
			s := literalText(l, p)
			paren = paren || (s != "" && strings.IndexByte("0123456789.+-", s[0]) >= 0)
		}
		p.exprIn(e.X, paren)
	case *CallExpr:
		if e == nil {
			return
		}
		p.tok(upper(e.Name))
		p.args(false, e.Args)
	case *FuncCall:
		if e == nil {
			return
		}
		if e.Func != nil {
			p.tok(p.iriText(e.Func, false))
		}
		p.args(e.Distinct && len(e.Args) > 0, e.Args)
	case *Aggregate:
		if e == nil {
			return
		}
		p.tok(upper(e.Name))
		p.tok("(")
		if e.Distinct {
			p.kw("DISTINCT")
			p.space()
		}
		if e.Star || e.Arg == nil {
			if e.Star {
				p.tok("*")
			}
		} else {
			p.expr(e.Arg)
		}
		if e.Separator != nil {
			p.space()
			p.tok(";")
			p.space()
			p.kw("SEPARATOR")
			p.space()
			p.tok("=")
			p.space()
			p.tok(printString(*e.Separator))
		}
		p.tok(")")
	case *InExpr:
		if e == nil {
			return
		}
		p.exprIn(e.X, exprPrec(e.X) <= 3)
		p.space()
		if e.Not {
			p.kw("NOT")
			p.space()
		}
		p.kw("IN")
		p.space()
		p.args(false, e.List)
	case *ExistsExpr:
		if e == nil {
			return
		}
		if e.Not {
			p.kw("NOT")
			p.space()
		}
		p.kw("EXISTS")
		p.space()
		p.group(e.Pattern)
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print expression of type %T", e)
		}
	}
}

// args prints a parenthesised argument list.
func (p *printer) args(distinct bool, args []Expr) {
	p.tok("(")
	if distinct {
		p.kw("DISTINCT")
		p.space()
	}
	for i, a := range args {
		if i > 0 {
			p.tok(",")
			p.space()
		}
		p.expr(a)
	}
	p.tok(")")
}

// ---------------------------------------------------------------------------
// Property paths.

// pathPrec is the binding strength of a path: 1 alternative, 2 sequence,
// 3 inverse, 4 modified, 5 primary.
func pathPrec(x Path) int {
	switch x := x.(type) {
	case *PathAlt:
		if x != nil {
			return 1
		}
	case *PathSeq:
		if x != nil {
			return 2
		}
	case *PathInv:
		if x != nil {
			return 3
		}
	case *PathMod:
		if x != nil {
			return 4
		}
	}
	return 5
}

func (p *printer) pathIn(x Path, paren bool) {
	if paren {
		p.tok("(")
		p.path(x)
		p.tok(")")
		return
	}
	p.path(x)
}

func (p *printer) path(x Path) {
	switch x := x.(type) {
	case nil:
	case *IRI:
		if x != nil {
			p.tok(p.iriText(x, true))
		}
	case *Var:
		p.term(x)
	case *PathAlt:
		if x == nil {
			return
		}
		for i, a := range x.Alts {
			if i > 0 {
				p.tok("|")
			}
			p.pathIn(a, pathPrec(a) <= 1)
		}
	case *PathSeq:
		if x == nil {
			return
		}
		for i, a := range x.Items {
			if i > 0 {
				p.tok("/")
			}
			p.pathIn(a, pathPrec(a) <= 2)
		}
	case *PathInv:
		if x == nil {
			return
		}
		p.tok("^")
		// ^ applies to a PathElt: a primary with an optional modifier.
		p.pathIn(x.X, pathPrec(x.X) <= 3)
	case *PathMod:
		if x == nil {
			return
		}
		p.pathIn(x.X, pathPrec(x.X) < 5)
		p.tok(string(rune(x.Mod)))
	case *PathNeg:
		if x == nil {
			return
		}
		p.tok("!")
		items := make([]*NegItem, 0, len(x.Items))
		for _, it := range x.Items {
			if it != nil {
				items = append(items, it)
			}
		}
		if len(items) == 1 {
			p.negItem(items[0])
			return
		}
		p.tok("(")
		for i, it := range items {
			if i > 0 {
				p.tok("|")
			}
			p.negItem(it)
		}
		p.tok(")")
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print path of type %T", x)
		}
	}
}

func (p *printer) negItem(it *NegItem) {
	s := ""
	if it.IRI != nil {
		s = p.iriText(it.IRI, true)
	}
	if it.Inverse {
		s = "^" + s
	}
	p.tok(s)
}

// ---------------------------------------------------------------------------
// Terms.

func (p *printer) varTok(v *Var) {
	if v == nil {
		return
	}
	p.term(v)
}

// term prints a term outside predicate position.
func (p *printer) term(t Term) {
	switch t := t.(type) {
	case nil:
	case *IRI:
		if t != nil {
			p.tok(p.iriText(t, false))
		}
	case *Literal:
		if t != nil {
			p.tok(literalText(t, p))
		}
	case *BlankNode:
		if t == nil {
			return
		}
		if t.Anon {
			p.tok("[]")
		} else {
			p.tok("_:" + t.Label)
		}
	case *Var:
		if t == nil {
			return
		}
		if t.Dollar {
			p.tok("$" + t.Name)
		} else {
			p.tok("?" + t.Name)
		}
	default:
		if p.err == nil {
			p.err = fmt.Errorf("sparql: cannot print term of type %T", t)
		}
	}
}

// iriText returns an IRI as it was written: "a" (only where a predicate or
// path is expected, inPath), prefix:local with the local part re-escaped,
// or <…>.
func (p *printer) iriText(t *IRI, inPath bool) string {
	switch t.Form {
	case KeywordA:
		if inPath && (t.Value == RDFType || t.Value == "") {
			return "a"
		}
		if t.Value == "" {
			return "<" + RDFType + ">"
		}
	case PrefixedName:
		if s, ok := prefixedText(t); ok && !p.refusesEscape(t, s) && (p == nil || p.scope == nil || p.scope.use(t)) {
			return s
		}
	default:
		return iriRefText(t)
	}
	return "<" + escapeIRI(t.Value) + ">"
}

// iriRefText returns <Ref>, or <Value> for an IRI built in code. A parsed
// IRI (one with a position) keeps its Ref even when empty ("<>").
func iriRefText(t *IRI) string {
	if t.Ref != "" || (t.Pos().IsValid() && t.Form == IRIRef) {
		return "<" + escapeIRI(t.Ref) + ">"
	}
	return "<" + escapeIRI(t.Value) + ">"
}

// escapeIRI escapes the characters IRIREF does not allow with \u escapes.
func escapeIRI(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if badIRIByte(s[i]) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; badIRIByte(c) {
			fmt.Fprintf(&b, `\u%04X`, c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func badIRIByte(c byte) bool {
	return c <= 0x20 || strings.IndexByte("<>\"{}|^`\\", c) >= 0
}

// prefixedText returns prefix:local with the local part escaped as
// PN_LOCAL requires, or false when the prefix is not a PN_PREFIX or the
// local part contains a character no escape can express.
func prefixedText(t *IRI) (string, bool) {
	if !validPrefixLabel(t.Prefix) {
		return "", false
	}
	local, ok := escapeLocal(t.Local)
	if !ok {
		return "", false
	}
	return t.Prefix + ":" + local, true
}

// validPrefixLabel reports whether s is empty or a PN_PREFIX:
// PN_CHARS_BASE ((PN_CHARS|'.')* PN_CHARS)?.
func validPrefixLabel(s string) bool {
	if s == "" {
		return true
	}
	if !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		switch {
		case i == 0:
			if !isPNCharsBase(r) {
				return false
			}
		case r == '.':
			if i == len(s)-1 {
				return false
			}
		case !isPNChars(r):
			return false
		}
	}
	return true
}

// localEscapes are the characters PN_LOCAL_ESC can escape.
const localEscapes = "_~.-!$&'()*+,;=/?#@%"

// escapeLocal writes a local part as PN_LOCAL:
//
//	(PN_CHARS_U | ':' | [0-9] | PLX) ((PN_CHARS | '.' | ':' | PLX)* (PN_CHARS | ':' | PLX))?
//
// with PLX a %XX percent sequence or a backslash escape. Characters that
// are allowed bare where they stand are kept; the escapable ones that are
// not ('-' or '.' first, '.' last, '%' not followed by two hex digits, and
// ~!$&'()*+,;=/?#@ anywhere) get a backslash; any other character makes the
// local part unprintable (false).
func escapeLocal(s string) (string, bool) {
	if plainLocal(s) {
		return s, true
	}
	if !utf8.ValidString(s) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i, r := range s {
		first := i == 0
		last := i+utf8.RuneLen(r) == len(s)
		switch {
		case r == '%':
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				b.WriteByte('%')
			} else {
				b.WriteString(`\%`)
			}
		case isPNCharsU(r) || r == ':' || (r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r == '.':
			if first || last {
				b.WriteString(`\.`)
			} else {
				b.WriteByte('.')
			}
		case r == '-':
			if first {
				b.WriteString(`\-`)
			} else {
				b.WriteByte('-')
			}
		case isPNChars(r):
			// U+00B7 and the combining ranges: allowed bare after the
			// first character, and not escapable.
			if first {
				return "", false
			}
			b.WriteRune(r)
		case r < utf8.RuneSelf && strings.IndexByte(localEscapes, byte(r)) >= 0:
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	return b.String(), true
}

// refusesEscape reports whether the target refuses the prefixed name s
// of t (it has an escape) and t can be written in full instead.
func (p *printer) refusesEscape(t *IRI, s string) bool {
	return p != nil && p.noLocalEscapes && t.Value != "" && escapedLocal(s[len(t.Prefix)+1:])
}

// escapedLocal reports whether a printed local part uses an escape: a
// backslash (PN_LOCAL_ESC) or a percent sequence (PLX).
func escapedLocal(s string) bool {
	return strings.ContainsAny(s, `\%`)
}

// plainLocal reports whether s is an ASCII local part that needs no
// escape: letters, digits, '_' and ':' anywhere, '-' after the first
// character, '.' in the middle.
func plainLocal(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == ':':
		case c == '-' && i > 0:
		case c == '.' && i > 0 && i < len(s)-1:
		default:
			return false
		}
	}
	return true
}

// literalText returns a literal as written: a bare number or boolean when
// its lexical form is a valid token of its datatype, else a quoted string
// with its language tag or datatype.
func literalText(l *Literal, p *printer) string {
	if l.Form == BareLiteral && l.Datatype != nil && l.Lang == "" && validBareLiteral(l.Lexical, l.Datatype.Value) {
		return l.Lexical
	}
	s := printString(l.Lexical)
	switch {
	case l.Lang != "":
		return s + "@" + l.Lang
	case l.Datatype != nil:
		return s + "^^" + p.iriText(l.Datatype, false)
	}
	return s
}

// printString writes s as a double-quoted string: ECHAR escapes for
// " \ and the usual control characters, \u escapes for the other C0
// controls, DEL and the Unicode line and paragraph separators; everything
// else as is.
func printString(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c == 0x7F || c == 0xE2 || c == 0xC2 {
			clean = false
			break
		}
	}
	if clean {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			// Not UTF-8: written as is, so that parsing fails rather
			// than silently reading U+FFFD.
			b.WriteByte(s[i])
			i++
			continue
		}
		i += size
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 || r == 0x7F || r == 0x85 || r == 0x2028 || r == 0x2029 {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// upper returns s in upper case (keywords are case-insensitive; the
// canonical form is upper case).
func upper(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			return strings.ToUpper(s)
		}
	}
	return s
}

// validBareLiteral reports whether s, written without quotes, lexes as a
// literal of the given datatype (xsd:integer, xsd:decimal, xsd:double or
// xsd:boolean).
func validBareLiteral(s, datatype string) bool {
	switch datatype {
	case XSDBoolean:
		return strings.EqualFold(s, "true") || strings.EqualFold(s, "false")
	case XSDInteger, XSDDecimal, XSDDouble:
	default:
		return false
	}
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	digits := func(s string) (int, string) {
		n := 0
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		return n, s[n:]
	}
	intPart, rest := digits(s)
	switch datatype {
	case XSDInteger:
		return intPart > 0 && rest == ""
	case XSDDecimal:
		if rest == "" || rest[0] != '.' {
			return false
		}
		frac, rest := digits(rest[1:])
		return frac > 0 && rest == ""
	}
	// xsd:double: [0-9]+ '.' [0-9]* EXP | '.' [0-9]+ EXP | [0-9]+ EXP
	frac := 0
	if rest != "" && rest[0] == '.' {
		frac, rest = digits(rest[1:])
	}
	if intPart == 0 && frac == 0 {
		return false
	}
	if rest == "" || (rest[0] != 'e' && rest[0] != 'E') {
		return false
	}
	rest = rest[1:]
	if rest != "" && (rest[0] == '+' || rest[0] == '-') {
		rest = rest[1:]
	}
	exp, rest := digits(rest)
	return exp > 0 && rest == ""
}
