package sparql

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds the nesting of groups, expressions and paths so that
// adversarial input cannot exhaust the stack.
const maxDepth = 400

// bailout is the panic value the parser uses to unwind on the first error;
// Parse recovers it. No other panic is recovered.
type bailout struct{}

type parser struct {
	src        string
	lx         lexer
	tok        token
	d          *Dialect
	base       string
	prefixes   map[string]string
	err        *Error
	depth      int
	nexpr      int             // counter for lenient aliases
	implied    map[string]bool // predeclared prefixes used (lenient)
	implOrd    []string
	lastWasDot bool // the last triples block ended with '.'
}

// Parse parses a SPARQL 1.1 query. The error, if any, is an *Error with the
// position and an excerpt; for SPARQL Update input it also wraps [ErrUpdate].
// Parse never panics, whatever the input.
func Parse(src string, opts ...Option) (q *Query, err error) {
	cfg := config{dialect: SPARQL11}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.dialect == nil {
		cfg.dialect = SPARQL11
	}
	p := &parser{src: src, lx: lexer{src: src}, d: cfg.dialect, base: cfg.base, prefixes: map[string]string{}}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			q, err = nil, p.err
		}
	}()
	if !utf8.ValidString(src) {
		bad := 0
		for bad < len(src) {
			r, size := utf8.DecodeRuneInString(src[bad:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			bad += size
		}
		p.failAt(bad, SyntaxError, "invalid UTF-8 in query (byte 0x%02x)", src[bad])
	}
	p.next()
	q = p.parseQuery()
	if !p.d.SkipSemanticChecks {
		if e := check(src, q); e != nil {
			return nil, e
		}
	}
	return q, nil
}

// ---- token handling --------------------------------------------------------

func (p *parser) next() {
	p.tok = p.lx.next()
	if p.lx.err != nil {
		p.err = p.lx.err
		panic(bailout{})
	}
}

func (p *parser) failAt(at int, kind ErrorKind, format string, args ...any) {
	if p.err == nil {
		p.err = newError(p.src, Pos(at+1), kind, format, args...)
	}
	panic(bailout{})
}

func (p *parser) fail(format string, args ...any) {
	p.failAt(p.tok.from, SyntaxError, format, args...)
}

func (p *parser) expected(what string) {
	p.fail("expected %s, found %s", what, p.tok.describe(p.src))
}

func (p *parser) isPunct(s string) bool { return p.tok.kind == tPunct && p.tok.text == s }

func (p *parser) isWord(w string) bool {
	return p.tok.kind == tWord && strings.EqualFold(p.tok.text, w)
}

func (p *parser) acceptPunct(s string) bool {
	if p.isPunct(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) acceptWord(w string) bool {
	if p.isWord(w) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expectPunct(s string) token {
	t := p.tok
	if !p.isPunct(s) {
		p.expected("'" + s + "'")
	}
	p.next()
	return t
}

func (p *parser) expectWord(w string) token {
	t := p.tok
	if !p.isWord(w) {
		p.expected(w)
	}
	p.next()
	return t
}

// isNIL reports whether the current token is '(' directly followed by ')',
// without consuming anything.
func (p *parser) isNIL() bool {
	if !p.isPunct("(") {
		return false
	}
	save := p.lx
	t := p.lx.next()
	p.lx = save
	return t.kind == tPunct && t.text == ")"
}

// isANON reports whether the current token is '[' directly followed by ']'.
func (p *parser) isANON() bool {
	if !p.isPunct("[") {
		return false
	}
	save := p.lx
	t := p.lx.next()
	p.lx = save
	return t.kind == tPunct && t.text == "]"
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.fail("nesting too deep (more than %d levels)", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) disabled(f Feature, at int, what string) {
	if p.d.Disabled[f] {
		p.failAt(at, RefusedError, "%s is not allowed in the %s dialect", what, p.dialectName())
	}
}

func (p *parser) dialectName() string {
	if p.d.Name == "" {
		return "configured"
	}
	return p.d.Name
}

func pos(off int) Pos { return Pos(off + 1) }

// span from a start offset to the end of the last consumed token.
func (p *parser) span(from int, lastTo int) Span { return Span{From: pos(from), To: pos(lastTo)} }

// ---- queries ---------------------------------------------------------------

var updateKeywords = map[string]bool{
	"INSERT": true, "DELETE": true, "LOAD": true, "CLEAR": true, "CREATE": true,
	"DROP": true, "COPY": true, "MOVE": true, "ADD": true, "WITH": true,
}

func (p *parser) parseQuery() *Query {
	q := &Query{}
	start := p.tok.from
	p.parsePrologue(q)
	if p.tok.kind == tEOF {
		// An empty request (or a prologue alone) is an empty SPARQL Update.
		if p.err == nil {
			p.err = newError(p.src, pos(p.tok.from), RefusedError,
				"expected SELECT, CONSTRUCT, DESCRIBE or ASK, found end of input (an empty request is an empty SPARQL Update; %s)", ErrUpdate.Error())
			p.err.Err = ErrUpdate
		}
		panic(bailout{})
	}
	if p.tok.kind == tWord && updateKeywords[strings.ToUpper(p.tok.text)] {
		if p.err == nil {
			p.err = newError(p.src, pos(p.tok.from), RefusedError, "%s", ErrUpdate.Error())
			p.err.Err = ErrUpdate
		}
		panic(bailout{})
	}
	switch {
	case p.isWord("SELECT"):
		p.parseSelectClause(q)
		p.parseDatasets(q)
		q.Where = p.parseWhere(true)
		p.parseSolutionModifier(q)
	case p.isWord("CONSTRUCT"):
		p.parseConstruct(q)
	case p.isWord("DESCRIBE"):
		p.parseDescribe(q)
	case p.isWord("ASK"):
		q.Form = Ask
		p.next()
		p.parseDatasets(q)
		q.Where = p.parseWhere(true)
		p.parseSolutionModifier(q)
	default:
		p.expected("SELECT, CONSTRUCT, DESCRIBE or ASK")
	}
	if p.isWord("VALUES") {
		q.Values = p.parseValuesClause()
	}
	if p.tok.kind != tEOF {
		if p.tok.kind == tWord && updateKeywords[strings.ToUpper(p.tok.text)] || p.isPunct(";") {
			p.fail("a query must be followed by nothing; found %s (SPARQL Update is not accepted)", p.tok.describe(p.src))
		}
		p.fail("unexpected %s after the end of the query", p.tok.describe(p.src))
	}
	q.Span = Span{From: pos(start), To: pos(p.tok.from)}
	// Prefixes a lenient dialect supplied are declared explicitly, so the
	// tree prints as standard SPARQL.
	for _, pre := range p.implOrd {
		q.Prologue = append(q.Prologue, &PrologueDecl{IsPrefix: true, Prefix: pre, IRI: &IRI{Value: p.d.Prefixes[pre], Ref: p.d.Prefixes[pre]}})
	}
	q.Base = p.base
	if p.d.ImplicitGroupBy {
		implicitGroupBy(q)
	}
	return q
}

// implicitGroupBy gives a query that aggregates without GROUP BY the
// grouping Virtuoso infers: every plain projected variable becomes a
// grouping key. Sub-queries are treated the same way.
func implicitGroupBy(q *Query) {
	Inspect(q, func(n Node) bool {
		sq, ok := n.(*Query)
		if !ok || sq.Form != Select || len(sq.GroupBy) > 0 || sq.Star {
			return true
		}
		agg := false
		for _, pr := range sq.Projections {
			agg = agg || (pr.Expr != nil && hasAggregate(pr.Expr))
		}
		for _, h := range sq.Having {
			agg = agg || hasAggregate(h)
		}
		for _, o := range sq.OrderBy {
			agg = agg || hasAggregate(o.Expr)
		}
		if !agg {
			return true
		}
		for _, pr := range sq.Projections {
			if pr.Expr == nil {
				sq.GroupBy = append(sq.GroupBy, &GroupCondition{Expr: &Var{Name: pr.Var.Name}})
			}
		}
		return true
	})
}

func (p *parser) parsePrologue(q *Query) {
	for {
		switch {
		case p.isWord("BASE"):
			start := p.tok.from
			p.next()
			if p.tok.kind != tIRI {
				p.expected("an IRI after BASE")
			}
			iri := p.parseIRI()
			p.base = iri.Value
			q.Prologue = append(q.Prologue, &PrologueDecl{Span: p.span(start, iri.To.off()), IRI: iri})
		case p.isWord("PREFIX"):
			start := p.tok.from
			p.next()
			if p.tok.kind != tPName || p.tok.text2 != "" {
				p.expected("a prefix label such as 'ex:' after PREFIX")
			}
			label := p.tok.text
			p.next()
			if p.tok.kind != tIRI {
				p.expected("an IRI reference <…> after PREFIX " + label + ":")
			}
			iri := p.parseIRI()
			p.prefixes[label] = iri.Value
			q.Prologue = append(q.Prologue, &PrologueDecl{Span: p.span(start, iri.To.off()), IsPrefix: true, Prefix: label, IRI: iri})
		default:
			return
		}
	}
}

// off converts a Pos back to a 0-based offset.
func (x Pos) off() int { return int(x) - 1 }

func (p *parser) parseSelectClause(q *Query) {
	q.Form = Select
	p.expectWord("SELECT")
	if p.acceptWord("DISTINCT") {
		q.Distinct = true
	} else if p.acceptWord("REDUCED") {
		q.Reduced = true
	}
	if p.acceptPunct("*") {
		q.Star = true
		return
	}
	for {
		start := p.tok.from
		switch {
		case p.tok.kind == tVar && !(p.d.BareAggregates && p.varStartsExpression()):
			v := p.parseVar()
			q.Projections = append(q.Projections, &Projection{Span: v.Span, Var: v})
		case p.isPunct("("):
			p.next()
			e := p.parseExpression()
			if p.acceptWord("AS") {
				v := p.parseVar()
				end := p.expectPunct(")")
				q.Projections = append(q.Projections, &Projection{Span: p.span(start, end.to), Expr: e, Var: v})
			} else if p.d.BareAggregates && p.isPunct(")") {
				end := p.expectPunct(")")
				q.Projections = append(q.Projections, &Projection{Span: p.span(start, end.to), Expr: e, Var: p.freshAlias()})
			} else {
				p.expected("AS")
			}
		case p.d.BareAggregates && (p.startsExpression() || p.tok.kind == tVar || p.tok.kind == tIRI || p.tok.kind == tPName):
			e := p.parseExpression()
			v := p.freshAlias()
			end := e.End()
			if p.acceptWord("AS") { // "SELECT COUNT(?x) AS ?n"
				v = p.parseVar()
				end = v.End()
			}
			q.Projections = append(q.Projections, &Projection{Span: Span{From: e.Pos(), To: end}, Expr: e, Var: v})
		default:
			if len(q.Projections) == 0 {
				p.expected("a variable, '(' expression AS ?var ')' or '*' after SELECT")
			}
			return
		}
	}
}

// varStartsExpression reports, for the lenient dialect, whether the
// variable at the current token is followed by a binary operator, so that
// "SELECT ?a - ?b" is an expression.
func (p *parser) varStartsExpression() bool {
	save := p.lx
	t := p.lx.next()
	p.lx = save
	if t.kind == tPunct {
		switch t.text {
		case "+", "-", "*", "/", "=", "!=", "<", ">", "<=", ">=", "&&", "||":
			return true
		}
	}
	if t.kind == tInteger || t.kind == tDecimal || t.kind == tDouble {
		return strings.HasPrefix(t.text, "-") || strings.HasPrefix(t.text, "+")
	}
	return false
}

// startsExpression reports whether the current token can start a bare
// (lenient) projection expression: an aggregate or built-in call.
func (p *parser) startsExpression() bool {
	if p.tok.kind != tWord {
		return false
	}
	name := strings.ToUpper(p.tok.text)
	if _, ok := aggregates[name]; ok {
		return true
	}
	if _, ok := builtins[name]; ok {
		return true
	}
	_, ok := p.d.Functions[name]
	return ok
}

func (p *parser) freshAlias() *Var {
	p.nexpr++
	return &Var{Name: fmt.Sprintf("_expr%d", p.nexpr)}
}

func (p *parser) parseDatasets(q *Query) {
	for p.isWord("FROM") {
		start := p.tok.from
		p.disabled(FeatureDataset, start, "FROM")
		p.next()
		named := p.acceptWord("NAMED")
		iri := p.parseIRIOnly()
		q.Dataset = append(q.Dataset, &DatasetClause{Span: p.span(start, iri.To.off()), Named: named, IRI: iri})
	}
}

func (p *parser) parseWhere(required bool) *GroupPattern {
	if p.acceptWord("WHERE") {
		return p.parseGroup()
	}
	if p.isPunct("{") {
		return p.parseGroup()
	}
	if required {
		p.expected("WHERE or '{'")
	}
	return nil
}

func (p *parser) parseConstruct(q *Query) {
	q.Form = Construct
	p.expectWord("CONSTRUCT")
	if p.isPunct("{") {
		p.next()
		q.Template = p.parseTriplesTemplate()
		p.expectPunct("}")
		if q.Template == nil {
			q.Template = []*TriplesSameSubject{}
		}
		p.parseDatasets(q)
		q.Where = p.parseWhere(true)
		p.parseSolutionModifier(q)
		return
	}
	p.parseDatasets(q)
	p.expectWord("WHERE")
	gstart := p.tok.from
	p.expectPunct("{")
	triples := p.parseTriplesTemplate()
	end := p.expectPunct("}")
	q.ConstructWhere = true
	g := &GroupPattern{Span: p.span(gstart, end.to)}
	if len(triples) > 0 {
		g.Elements = []Pattern{&TriplesBlock{Span: Span{From: triples[0].From, To: triples[len(triples)-1].To}, Triples: triples}}
	}
	q.Where = g
	p.parseSolutionModifier(q)
}

// parseTriplesTemplate parses TriplesTemplate / ConstructTriples up to '}'.
func (p *parser) parseTriplesTemplate() []*TriplesSameSubject {
	var out []*TriplesSameSubject
	for !p.isPunct("}") {
		out = append(out, p.parseTriplesSameSubject(false))
		if !p.acceptPunct(".") {
			break
		}
	}
	return out
}

func (p *parser) parseDescribe(q *Query) {
	q.Form = Describe
	p.expectWord("DESCRIBE")
	if p.acceptPunct("*") {
		q.Star = true
	} else {
		for p.tok.kind == tVar || p.tok.kind == tIRI || p.tok.kind == tPName {
			if p.tok.kind == tVar {
				q.Describe = append(q.Describe, p.parseVar())
			} else {
				q.Describe = append(q.Describe, p.parseIRI())
			}
		}
		if len(q.Describe) == 0 {
			p.expected("a variable, an IRI or '*' after DESCRIBE")
		}
	}
	p.parseDatasets(q)
	q.Where = p.parseWhere(false)
	p.parseSolutionModifier(q)
}

func (p *parser) parseSolutionModifier(q *Query) {
	if p.isWord("GROUP") {
		p.disabled(FeatureGroup, p.tok.from, "GROUP BY")
		p.next()
		p.expectWord("BY")
		for {
			c := p.parseGroupCondition()
			if c == nil {
				break
			}
			q.GroupBy = append(q.GroupBy, c)
		}
		if len(q.GroupBy) == 0 {
			p.expected("a grouping condition after GROUP BY")
		}
	}
	if p.isWord("HAVING") {
		p.next()
		for {
			e := p.parseConstraint(false)
			if e == nil {
				break
			}
			q.Having = append(q.Having, e)
		}
		if len(q.Having) == 0 {
			p.expected("a condition in parentheses after HAVING")
		}
	}
	if p.isWord("ORDER") {
		p.next()
		p.expectWord("BY")
		for {
			start := p.tok.from
			if p.isWord("ASC") || p.isWord("DESC") {
				desc := p.isWord("DESC")
				p.next()
				if !p.isPunct("(") {
					p.expected("'(' after ASC/DESC")
				}
				e := p.parseBracketted()
				q.OrderBy = append(q.OrderBy, &OrderCondition{Span: p.span(start, e.End().off()), Expr: e, Desc: desc, Explicit: true})
				continue
			}
			if p.tok.kind == tVar {
				v := p.parseVar()
				q.OrderBy = append(q.OrderBy, &OrderCondition{Span: v.Span, Expr: v})
				continue
			}
			e := p.parseConstraint(false)
			if e == nil {
				break
			}
			q.OrderBy = append(q.OrderBy, &OrderCondition{Span: Span{From: e.Pos(), To: e.End()}, Expr: e})
		}
		if len(q.OrderBy) == 0 {
			p.expected("an ordering condition after ORDER BY")
		}
	}
	for i := 0; i < 2; i++ {
		switch {
		case p.isWord("LIMIT") && q.Limit == nil:
			p.next()
			n := p.parseCount("LIMIT")
			q.Limit = &n
		case p.isWord("OFFSET") && q.Offset == nil:
			p.next()
			n := p.parseCount("OFFSET")
			q.Offset = &n
		}
	}
}

func (p *parser) parseCount(what string) int64 {
	if p.tok.kind != tInteger || strings.HasPrefix(p.tok.text, "-") || strings.HasPrefix(p.tok.text, "+") {
		p.expected("a non-negative integer after " + what)
	}
	n, err := strconv.ParseInt(p.tok.text, 10, 64)
	if err != nil {
		p.fail("%s value %s is out of range", what, p.tok.text)
	}
	p.next()
	return n
}

func (p *parser) parseGroupCondition() *GroupCondition {
	start := p.tok.from
	switch {
	case p.tok.kind == tVar:
		v := p.parseVar()
		return &GroupCondition{Span: v.Span, Expr: v}
	case p.isPunct("("):
		p.next()
		e := p.parseExpression()
		var v *Var
		if p.acceptWord("AS") {
			v = p.parseVar()
		}
		end := p.expectPunct(")")
		return &GroupCondition{Span: p.span(start, end.to), Expr: e, Var: v}
	}
	e := p.parseConstraint(true)
	if e == nil {
		return nil
	}
	return &GroupCondition{Span: Span{From: e.Pos(), To: e.End()}, Expr: e}
}

// parseConstraint parses a Constraint (bracketted expression, built-in call
// or function call); it returns nil without consuming anything when the
// current token cannot start one. With noBracket a '(' is not accepted.
func (p *parser) parseConstraint(noBracket bool) Expr {
	switch {
	case p.isPunct("(") && !noBracket:
		return p.parseBracketted()
	case p.tok.kind == tIRI || p.tok.kind == tPName:
		return p.parseIRIOrFunction(true)
	case p.tok.kind == tWord && p.isBuiltinName():
		return p.parseBuiltin()
	}
	return nil
}

func (p *parser) isBuiltinName() bool {
	name := strings.ToUpper(p.tok.text)
	if _, ok := builtins[name]; ok {
		return true
	}
	if _, ok := aggregates[name]; ok {
		return true
	}
	if name == "NOT" || name == "EXISTS" {
		return true
	}
	_, ok := p.d.Functions[name]
	return ok
}

// ---- group graph patterns --------------------------------------------------

func (p *parser) parseGroup() *GroupPattern {
	p.enter()
	defer p.leave()
	start := p.tok.from
	p.expectPunct("{")
	g := &GroupPattern{}
	if p.isWord("SELECT") {
		p.disabled(FeatureSubquery, p.tok.from, "a sub-query")
		sub := p.parseSubSelect()
		g.Elements = []Pattern{sub}
		end := p.expectPunct("}")
		g.Span = p.span(start, end.to)
		return g
	}
	afterTriples := false // the previous element was a triples block without a final '.'
	for {
		if p.isPunct("}") {
			end := p.tok
			p.next()
			g.Span = p.span(start, end.to)
			return g
		}
		if p.tok.kind == tEOF {
			p.expected("'}'")
		}
		if el := p.parseGraphPatternNotTriples(); el != nil {
			g.Elements = append(g.Elements, el)
			p.acceptPunct(".")
			afterTriples = false
			continue
		}
		if afterTriples {
			p.expected("'.' or '}' after the triple pattern")
		}
		if p.isWord("SELECT") {
			p.fail("a sub-query must be the only content of its group: write { SELECT … } inside braces")
		}
		tb := p.parseTriplesBlock()
		g.Elements = append(g.Elements, tb)
		afterTriples = !p.lastWasDot
	}
}

// parseTriplesBlock parses TriplesSameSubjectPath ('.' TriplesSameSubjectPath?)*.
func (p *parser) parseTriplesBlock() *TriplesBlock {
	tb := &TriplesBlock{}
	for {
		t := p.parseTriplesSameSubject(true)
		tb.Triples = append(tb.Triples, t)
		p.lastWasDot = false
		if !p.acceptPunct(".") {
			break
		}
		p.lastWasDot = true
		if !p.startsTriple() {
			break
		}
	}
	tb.Span = Span{From: tb.Triples[0].From, To: tb.Triples[len(tb.Triples)-1].To}
	return tb
}

// startsTriple reports whether the current token can begin a triple pattern.
func (p *parser) startsTriple() bool {
	switch p.tok.kind {
	case tVar, tIRI, tPName, tBNode, tString, tInteger, tDecimal, tDouble:
		return true
	case tWord:
		return p.isBoolean()
	case tPunct:
		return p.tok.text == "(" || p.tok.text == "["
	}
	return false
}

func (p *parser) parseSubSelect() *SubSelect {
	start := p.tok.from
	q := &Query{}
	p.parseSelectClause(q)
	q.Where = p.parseWhere(true)
	p.parseSolutionModifier(q)
	if p.isWord("VALUES") {
		q.Values = p.parseValuesClause()
	}
	q.Span = p.span(start, p.lastEnd())
	return &SubSelect{Span: q.Span, Query: q}
}

// lastEnd is the end offset of the previous token (approximated by the
// start of the current one, trimmed of white space).
func (p *parser) lastEnd() int {
	e := p.tok.from
	for e > 0 && strings.IndexByte(" \t\r\n", p.src[e-1]) >= 0 {
		e--
	}
	return e
}

func (p *parser) parseGraphPatternNotTriples() Pattern {
	start := p.tok.from
	switch {
	case p.isPunct("{"):
		first := p.parseGroup()
		if !p.isWord("UNION") {
			return first
		}
		p.disabled(FeatureUnion, p.tok.from, "UNION")
		u := &UnionPattern{Alts: []*GroupPattern{first}}
		for p.acceptWord("UNION") {
			u.Alts = append(u.Alts, p.parseGroup())
		}
		u.Span = p.span(start, u.Alts[len(u.Alts)-1].To.off())
		return u
	case p.isWord("OPTIONAL"):
		p.disabled(FeatureOptional, start, "OPTIONAL")
		p.next()
		g := p.parseGroup()
		return &OptionalPattern{Span: p.span(start, g.To.off()), Pattern: g}
	case p.isWord("MINUS"):
		p.disabled(FeatureMinus, start, "MINUS")
		p.next()
		g := p.parseGroup()
		return &MinusPattern{Span: p.span(start, g.To.off()), Pattern: g}
	case p.isWord("GRAPH"):
		p.disabled(FeatureGraph, start, "GRAPH")
		p.next()
		name := p.parseVarOrIRI("a variable or IRI after GRAPH")
		g := p.parseGroup()
		return &GraphPattern{Span: p.span(start, g.To.off()), Name: name, Pattern: g}
	case p.isWord("SERVICE"):
		p.disabled(FeatureService, start, "SERVICE")
		p.next()
		silent := p.acceptWord("SILENT")
		name := p.parseVarOrIRI("a variable or IRI after SERVICE")
		g := p.parseGroup()
		return &ServicePattern{Span: p.span(start, g.To.off()), Silent: silent, Endpoint: name, Pattern: g}
	case p.isWord("FILTER"):
		p.next()
		e := p.parseConstraint(false)
		if e == nil {
			p.expected("a condition in parentheses, a built-in call or a function call after FILTER")
		}
		return &FilterPattern{Span: p.span(start, e.End().off()), Expr: e}
	case p.isWord("BIND"):
		p.disabled(FeatureBind, start, "BIND")
		p.next()
		p.expectPunct("(")
		e := p.parseExpression()
		p.expectWord("AS")
		v := p.parseVar()
		end := p.expectPunct(")")
		return &BindPattern{Span: p.span(start, end.to), Expr: e, Var: v}
	case p.isWord("VALUES"):
		vb := p.parseValuesClause()
		return &ValuesPattern{Span: vb.Span, Values: vb}
	}
	return nil
}

func (p *parser) parseVarOrIRI(what string) Term {
	switch p.tok.kind {
	case tVar:
		return p.parseVar()
	case tIRI, tPName:
		return p.parseIRI()
	}
	p.expected(what)
	return nil
}

func (p *parser) parseValuesClause() *ValuesBlock {
	start := p.tok.from
	p.disabled(FeatureValues, start, "VALUES")
	p.expectWord("VALUES")
	vb := &ValuesBlock{}
	if p.tok.kind == tVar {
		vb.OneVar = true
		vb.Vars = []*Var{p.parseVar()}
		p.expectPunct("{")
		for !p.isPunct("}") {
			vb.Rows = append(vb.Rows, []Term{p.parseDataValue()})
		}
		end := p.expectPunct("}")
		vb.Span = p.span(start, end.to)
		return vb
	}
	if !p.isPunct("(") {
		p.expected("a variable or '(' after VALUES")
	}
	p.next()
	for p.tok.kind == tVar {
		vb.Vars = append(vb.Vars, p.parseVar())
	}
	p.expectPunct(")")
	p.expectPunct("{")
	for !p.isPunct("}") {
		rowStart := p.tok.from
		if !p.isPunct("(") {
			p.expected("'(' to start a row of VALUES, or '}'")
		}
		p.next()
		row := []Term{}
		for !p.isPunct(")") {
			row = append(row, p.parseDataValue())
		}
		p.next()
		if len(row) != len(vb.Vars) {
			p.failAt(rowStart, SyntaxError, "VALUES row has %d values for %d variables", len(row), len(vb.Vars))
		}
		vb.Rows = append(vb.Rows, row)
	}
	end := p.expectPunct("}")
	vb.Span = p.span(start, end.to)
	return vb
}

// parseDataValue parses a DataBlockValue; UNDEF gives nil.
func (p *parser) parseDataValue() Term {
	switch p.tok.kind {
	case tIRI, tPName:
		return p.parseIRI()
	case tString:
		return p.parseRDFLiteral()
	case tInteger, tDecimal, tDouble:
		return p.parseNumber()
	case tWord:
		if p.acceptWord("UNDEF") {
			return nil
		}
		if p.isBoolean() {
			return p.parseBoolean()
		}
	}
	p.expected("an IRI, a literal or UNDEF in VALUES")
	return nil
}

// ---- triples ---------------------------------------------------------------

// parseTriplesSameSubject parses TriplesSameSubjectPath (paths allowed) or
// TriplesSameSubject of a template (paths not allowed).
func (p *parser) parseTriplesSameSubject(paths bool) *TriplesSameSubject {
	start := p.tok.from
	t := &TriplesSameSubject{}
	switch {
	case p.isPunct("[") && !p.isANON():
		bn := p.parseBlankNodePropertyList(paths)
		t.Subject = bn
		if p.startsVerb() {
			t.Properties = p.parsePropertyList(paths)
		}
	case p.isPunct("(") && !p.isNIL():
		c := p.parseCollection(paths)
		t.Subject = c
		if p.startsVerb() {
			t.Properties = p.parsePropertyList(paths)
		}
	default:
		t.Subject = p.parseVarOrTerm()
		if !p.startsVerb() {
			p.expected("a predicate (IRI, 'a', variable or property path)")
		}
		t.Properties = p.parsePropertyList(paths)
	}
	t.Span = p.span(start, p.lastEnd())
	return t
}

func (p *parser) startsVerb() bool {
	switch p.tok.kind {
	case tVar, tIRI, tPName:
		return true
	case tWord:
		return p.tok.text == "a"
	case tPunct:
		switch p.tok.text {
		case "^", "!", "(":
			return true
		}
	}
	return false
}

// parsePropertyList parses a non-empty property list (verb objects ; …).
func (p *parser) parsePropertyList(paths bool) []*PropertyObjects {
	var out []*PropertyObjects
	for {
		start := p.tok.from
		var verb Path
		switch {
		case p.tok.kind == tVar:
			verb = p.parseVar()
		case paths:
			verb = p.parsePath()
		case p.tok.kind == tIRI || p.tok.kind == tPName || (p.tok.kind == tWord && p.tok.text == "a"):
			verb = p.parseVerbIRI()
		default:
			p.expected("a predicate (IRI, 'a' or variable)")
		}
		po := &PropertyObjects{Verb: verb}
		for {
			po.Objects = append(po.Objects, p.parseGraphNode(paths))
			if !p.acceptPunct(",") {
				break
			}
		}
		po.Span = p.span(start, p.lastEnd())
		out = append(out, po)
		if !p.isPunct(";") {
			return out
		}
		for p.acceptPunct(";") {
		}
		if !p.startsVerb() {
			return out
		}
	}
}

func (p *parser) parseVerbIRI() *IRI {
	if p.tok.kind == tWord && p.tok.text == "a" {
		t := p.tok
		p.next()
		return &IRI{Span: p.span(t.from, t.to), Value: RDFType, Form: KeywordA}
	}
	return p.parseIRI()
}

func (p *parser) parseGraphNode(paths bool) GraphNode {
	switch {
	case p.isPunct("[") && !p.isANON():
		return p.parseBlankNodePropertyList(paths)
	case p.isPunct("(") && !p.isNIL():
		return p.parseCollection(paths)
	}
	return p.parseVarOrTerm()
}

func (p *parser) parseBlankNodePropertyList(paths bool) *BlankNodePropertyList {
	p.enter()
	defer p.leave()
	start := p.tok.from
	p.expectPunct("[")
	props := p.parsePropertyList(paths)
	end := p.expectPunct("]")
	return &BlankNodePropertyList{Span: p.span(start, end.to), Properties: props}
}

func (p *parser) parseCollection(paths bool) *Collection {
	p.enter()
	defer p.leave()
	start := p.tok.from
	p.expectPunct("(")
	c := &Collection{}
	for !p.isPunct(")") {
		if p.tok.kind == tEOF {
			p.expected("')'")
		}
		c.Items = append(c.Items, p.parseGraphNode(paths))
	}
	end := p.expectPunct(")")
	c.Span = p.span(start, end.to)
	return c
}

// parseVarOrTerm parses Var | GraphTerm (NIL as an empty Collection).
func (p *parser) parseVarOrTerm() GraphNode {
	switch p.tok.kind {
	case tVar:
		return p.parseVar()
	case tIRI, tPName:
		return p.parseIRI()
	case tBNode:
		t := p.tok
		p.next()
		return &BlankNode{Span: p.span(t.from, t.to), Label: t.text}
	case tString:
		return p.parseRDFLiteral()
	case tInteger, tDecimal, tDouble:
		return p.parseNumber()
	case tWord:
		if p.isBoolean() {
			return p.parseBoolean()
		}
	case tPunct:
		if p.isANON() {
			start := p.tok.from
			p.next()
			end := p.expectPunct("]")
			return &BlankNode{Span: p.span(start, end.to), Anon: true}
		}
		if p.isNIL() {
			start := p.tok.from
			p.next()
			end := p.expectPunct(")")
			return &Collection{Span: p.span(start, end.to)}
		}
	}
	p.expected("a variable, IRI, literal or blank node")
	return nil
}

// ---- property paths --------------------------------------------------------

func (p *parser) parsePath() Path {
	p.enter()
	defer p.leave()
	start := p.tok.from
	first := p.parsePathSeq()
	if !p.isPunct("|") {
		return first
	}
	alt := &PathAlt{Alts: []Path{first}}
	for p.acceptPunct("|") {
		alt.Alts = append(alt.Alts, p.parsePathSeq())
	}
	alt.Span = p.span(start, alt.Alts[len(alt.Alts)-1].End().off())
	p.disabled(FeaturePath, start, "a property path")
	return alt
}

func (p *parser) parsePathSeq() Path {
	start := p.tok.from
	first := p.parsePathEltOrInverse()
	if !p.isPunct("/") {
		return first
	}
	seq := &PathSeq{Items: []Path{first}}
	for p.acceptPunct("/") {
		seq.Items = append(seq.Items, p.parsePathEltOrInverse())
	}
	seq.Span = p.span(start, seq.Items[len(seq.Items)-1].End().off())
	p.disabled(FeaturePath, start, "a property path")
	return seq
}

func (p *parser) parsePathEltOrInverse() Path {
	start := p.tok.from
	if p.acceptPunct("^") {
		p.disabled(FeaturePath, start, "a property path")
		x := p.parsePathElt()
		return &PathInv{Span: p.span(start, x.End().off()), X: x}
	}
	return p.parsePathElt()
}

func (p *parser) parsePathElt() Path {
	start := p.tok.from
	x := p.parsePathPrimary()
	var mod byte
	switch {
	case p.isPunct("?"), p.isPunct("*"), p.isPunct("+"):
		mod = p.tok.text[0]
		end := p.tok.to
		p.next()
		p.disabled(FeaturePath, start, "a property path")
		return &PathMod{Span: p.span(start, end), X: x, Mod: mod}
	case (p.tok.kind == tInteger || p.tok.kind == tDecimal || p.tok.kind == tDouble) && strings.HasPrefix(p.tok.text, "+"):
		// "p+1": the '+' is the path modifier, the number is the object.
		end := p.tok.from + 1
		p.lx.off = end
		p.next()
		p.disabled(FeaturePath, start, "a property path")
		return &PathMod{Span: p.span(start, end), X: x, Mod: '+'}
	}
	return x
}

func (p *parser) parsePathPrimary() Path {
	start := p.tok.from
	switch {
	case p.tok.kind == tIRI || p.tok.kind == tPName || (p.tok.kind == tWord && p.tok.text == "a"):
		return p.parseVerbIRI()
	case p.isPunct("!"):
		p.disabled(FeaturePath, start, "a property path")
		p.next()
		neg := &PathNeg{}
		if p.isPunct("(") {
			p.next()
			if !p.isPunct(")") {
				for {
					neg.Items = append(neg.Items, p.parsePathOneInSet())
					if !p.acceptPunct("|") {
						break
					}
				}
			}
			end := p.expectPunct(")")
			neg.Span = p.span(start, end.to)
			return neg
		}
		it := p.parsePathOneInSet()
		neg.Items = []*NegItem{it}
		neg.Span = p.span(start, it.To.off())
		return neg
	case p.isPunct("("):
		p.disabled(FeaturePath, start, "a property path")
		p.next()
		x := p.parsePath()
		p.expectPunct(")")
		return x
	}
	p.expected("an IRI, 'a', '!', '^' or '(' in a property path")
	return nil
}

func (p *parser) parsePathOneInSet() *NegItem {
	start := p.tok.from
	inv := p.acceptPunct("^")
	if !(p.tok.kind == tIRI || p.tok.kind == tPName || (p.tok.kind == tWord && p.tok.text == "a")) {
		p.expected("an IRI or 'a' in a negated property set")
	}
	iri := p.parseVerbIRI()
	return &NegItem{Span: p.span(start, iri.To.off()), IRI: iri, Inverse: inv}
}

// ---- terms -----------------------------------------------------------------

func (p *parser) parseVar() *Var {
	if p.tok.kind != tVar {
		p.expected("a variable")
	}
	t := p.tok
	p.next()
	return &Var{Span: p.span(t.from, t.to), Name: t.text, Dollar: t.dollar}
}

// parseIRIOnly parses an iri (IRIREF or prefixed name).
func (p *parser) parseIRIOnly() *IRI {
	if p.tok.kind != tIRI && p.tok.kind != tPName {
		p.expected("an IRI")
	}
	return p.parseIRI()
}

func (p *parser) parseIRI() *IRI {
	t := p.tok
	switch t.kind {
	case tIRI:
		p.next()
		return &IRI{Span: p.span(t.from, t.to), Value: ResolveIRI(p.base, t.text), Form: IRIRef, Ref: t.text}
	case tPName:
		ns, ok := p.prefixes[t.text]
		if !ok {
			ns, ok = p.d.Prefixes[t.text]
			if !ok {
				p.failAt(t.from, SyntaxError, "undefined prefix %q: declare it with PREFIX %s: <…>", t.text+":", t.text)
			}
			if p.implied == nil {
				p.implied = map[string]bool{}
			}
			if !p.implied[t.text] {
				p.implied[t.text] = true
				p.implOrd = append(p.implOrd, t.text)
			}
		}
		p.next()
		return &IRI{Span: p.span(t.from, t.to), Value: ns + t.text2, Form: PrefixedName, Prefix: t.text, Local: t.text2}
	}
	p.expected("an IRI")
	return nil
}

func (p *parser) parseRDFLiteral() *Literal {
	t := p.tok
	p.next()
	lit := &Literal{Lexical: t.text}
	end := t.to
	switch {
	case p.tok.kind == tLangTag:
		lit.Lang = p.tok.text
		end = p.tok.to
		p.next()
	case p.isPunct("^^"):
		p.next()
		dt := p.parseIRIOnly()
		lit.Datatype = dt
		end = dt.To.off()
	}
	lit.Span = p.span(t.from, end)
	return lit
}

func (p *parser) parseNumber() *Literal {
	t := p.tok
	p.next()
	dt := XSDInteger
	switch t.kind {
	case tDecimal:
		dt = XSDDecimal
	case tDouble:
		dt = XSDDouble
	}
	return &Literal{Span: p.span(t.from, t.to), Lexical: t.text, Datatype: &IRI{Value: dt}, Form: BareLiteral}
}

// isBoolean reports whether the current token is the literal true or false.
// Like every keyword they are case-insensitive (the W3C test
// case-insensitive-booleans; Oxigraph 0.5 rejects TRUE, we follow the
// specification); the lexical form is lower-cased.
func (p *parser) isBoolean() bool {
	return p.tok.kind == tWord && (strings.EqualFold(p.tok.text, "true") || strings.EqualFold(p.tok.text, "false"))
}

func (p *parser) parseBoolean() *Literal {
	t := p.tok
	p.next()
	return &Literal{Span: p.span(t.from, t.to), Lexical: strings.ToLower(t.text), Datatype: &IRI{Value: XSDBoolean}, Form: BareLiteral}
}
