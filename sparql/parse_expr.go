package sparql

import "strings"

// builtins maps each built-in function keyword to its arity
// (MaxArgs < 0: any number, from an ExpressionList).
var builtins = map[string]FuncSpec{
	"STR": {1, 1}, "LANG": {1, 1}, "LANGMATCHES": {2, 2}, "DATATYPE": {1, 1},
	"BOUND": {1, 1}, "IRI": {1, 1}, "URI": {1, 1}, "BNODE": {0, 1}, "RAND": {0, 0},
	"ABS": {1, 1}, "CEIL": {1, 1}, "FLOOR": {1, 1}, "ROUND": {1, 1},
	"CONCAT": {0, -1}, "SUBSTR": {2, 3}, "STRLEN": {1, 1}, "REPLACE": {3, 4},
	"UCASE": {1, 1}, "LCASE": {1, 1}, "ENCODE_FOR_URI": {1, 1}, "CONTAINS": {2, 2},
	"STRSTARTS": {2, 2}, "STRENDS": {2, 2}, "STRBEFORE": {2, 2}, "STRAFTER": {2, 2},
	"YEAR": {1, 1}, "MONTH": {1, 1}, "DAY": {1, 1}, "HOURS": {1, 1}, "MINUTES": {1, 1},
	"SECONDS": {1, 1}, "TIMEZONE": {1, 1}, "TZ": {1, 1}, "NOW": {0, 0}, "UUID": {0, 0},
	"STRUUID": {0, 0}, "MD5": {1, 1}, "SHA1": {1, 1}, "SHA256": {1, 1}, "SHA384": {1, 1},
	"SHA512": {1, 1}, "COALESCE": {0, -1}, "IF": {3, 3}, "STRLANG": {2, 2}, "STRDT": {2, 2},
	"SAMETERM": {2, 2}, "ISIRI": {1, 1}, "ISURI": {1, 1}, "ISBLANK": {1, 1},
	"ISLITERAL": {1, 1}, "ISNUMERIC": {1, 1}, "REGEX": {2, 3},
}

// canonicalBuiltin spells the mixed-case keywords as the specification does.
var canonicalBuiltin = map[string]string{
	"SAMETERM": "sameTerm", "ISIRI": "isIRI", "ISURI": "isURI", "ISBLANK": "isBLANK",
	"ISLITERAL": "isLITERAL", "ISNUMERIC": "isNUMERIC",
}

// aggregates is the set of aggregate keywords.
var aggregates = map[string]bool{
	"COUNT": true, "SUM": true, "MIN": true, "MAX": true, "AVG": true, "SAMPLE": true, "GROUP_CONCAT": true,
}

// BuiltinName returns the canonical spelling of a built-in function keyword
// (upper-case, except sameTerm, isIRI, isURI, isBLANK, isLITERAL and
// isNUMERIC), and whether name is a SPARQL 1.1 built-in at all.
func BuiltinName(name string) (string, bool) {
	u := strings.ToUpper(name)
	if _, ok := builtins[u]; !ok {
		return name, false
	}
	if c, ok := canonicalBuiltin[u]; ok {
		return c, true
	}
	return u, true
}

func (p *parser) parseExpression() Expr {
	p.enter()
	defer p.leave()
	x := p.parseAnd()
	for p.isPunct("||") {
		p.next()
		y := p.parseAnd()
		x = &BinaryExpr{Span: Span{From: x.Pos(), To: y.End()}, Op: OpOr, X: x, Y: y}
	}
	return x
}

func (p *parser) parseAnd() Expr {
	x := p.parseRelational()
	for p.isPunct("&&") {
		p.next()
		y := p.parseRelational()
		x = &BinaryExpr{Span: Span{From: x.Pos(), To: y.End()}, Op: OpAnd, X: x, Y: y}
	}
	return x
}

func (p *parser) parseRelational() Expr {
	x := p.parseAdditive()
	if p.tok.kind == tPunct {
		switch op := BinaryOp(p.tok.text); op {
		case OpEq, OpNe, OpLt, OpGt, OpLe, OpGe:
			p.next()
			y := p.parseAdditive()
			return &BinaryExpr{Span: Span{From: x.Pos(), To: y.End()}, Op: op, X: x, Y: y}
		}
	}
	not := false
	if p.isWord("NOT") {
		save, saveTok := p.lx, p.tok
		p.next()
		if !p.isWord("IN") {
			p.lx, p.tok = save, saveTok
			return x
		}
		not = true
	}
	if p.isWord("IN") {
		p.next()
		list, end := p.parseExpressionList()
		return &InExpr{Span: Span{From: x.Pos(), To: pos(end)}, X: x, Not: not, List: list}
	}
	return x
}

// parseExpressionList parses NIL | '(' Expression (',' Expression)* ')' and
// returns the end offset.
func (p *parser) parseExpressionList() ([]Expr, int) {
	if !p.isPunct("(") {
		p.expected("'('")
	}
	p.next()
	list := []Expr{}
	if p.isPunct(")") {
		end := p.tok.to
		p.next()
		return list, end
	}
	for {
		list = append(list, p.parseExpression())
		if !p.acceptPunct(",") {
			break
		}
	}
	end := p.expectPunct(")")
	return list, end.to
}

func (p *parser) parseAdditive() Expr {
	x := p.parseMultiplicative()
	for {
		switch {
		case p.isPunct("+") || p.isPunct("-"):
			op := BinaryOp(p.tok.text)
			p.next()
			y := p.parseMultiplicative()
			x = &BinaryExpr{Span: Span{From: x.Pos(), To: y.End()}, Op: op, X: x, Y: y}
		case (p.tok.kind == tInteger || p.tok.kind == tDecimal || p.tok.kind == tDouble) &&
			(p.tok.text[0] == '+' || p.tok.text[0] == '-'):
			// "?a -5": the sign is the operator.
			op := BinaryOp(p.tok.text[:1])
			lit := p.parseNumber()
			lit.Lexical = lit.Lexical[1:]
			lit.From++
			var y Expr = lit
			for p.isPunct("*") || p.isPunct("/") {
				mop := BinaryOp(p.tok.text)
				p.next()
				z := p.parseUnary()
				y = &BinaryExpr{Span: Span{From: y.Pos(), To: z.End()}, Op: mop, X: y, Y: z}
			}
			x = &BinaryExpr{Span: Span{From: x.Pos(), To: y.End()}, Op: op, X: x, Y: y}
		default:
			return x
		}
	}
}

func (p *parser) parseMultiplicative() Expr {
	x := p.parseUnary()
	for p.isPunct("*") || p.isPunct("/") {
		op := BinaryOp(p.tok.text)
		p.next()
		y := p.parseUnary()
		x = &BinaryExpr{Span: Span{From: x.Pos(), To: y.End()}, Op: op, X: x, Y: y}
	}
	return x
}

func (p *parser) parseUnary() Expr {
	if p.isPunct("!") || p.isPunct("+") || p.isPunct("-") {
		start := p.tok.from
		op := p.tok.text
		p.next()
		x := p.parsePrimary()
		return &UnaryExpr{Span: Span{From: pos(start), To: x.End()}, Op: op, X: x}
	}
	return p.parsePrimary()
}

func (p *parser) parsePrimary() Expr {
	switch p.tok.kind {
	case tPunct:
		if p.isPunct("(") {
			return p.parseBracketted()
		}
	case tVar:
		return p.parseVar()
	case tIRI, tPName:
		return p.parseIRIOrFunction(false)
	case tString:
		return p.parseRDFLiteral()
	case tInteger, tDecimal, tDouble:
		return p.parseNumber()
	case tWord:
		if p.isBoolean() {
			return p.parseBoolean()
		}
		if p.isBuiltinName() {
			return p.parseBuiltin()
		}
		p.fail("unknown function or keyword %s in expression", p.tok.describe(p.src))
	}
	p.expected("an expression")
	return nil
}

func (p *parser) parseBracketted() Expr {
	p.enter()
	defer p.leave()
	p.expectPunct("(")
	e := p.parseExpression()
	p.expectPunct(")")
	return e
}

// parseIRIOrFunction parses an IRI, optionally followed by an argument list;
// with mustCall the argument list is required (FunctionCall).
func (p *parser) parseIRIOrFunction(mustCall bool) Expr {
	iri := p.parseIRI()
	if !p.isPunct("(") {
		if mustCall {
			p.expected("'(' after the function IRI")
		}
		return iri
	}
	f := &FuncCall{Func: iri}
	p.next()
	if p.isPunct(")") {
		end := p.tok.to
		p.next()
		f.Span = Span{From: iri.From, To: pos(end)}
		f.Args = []Expr{}
		return f
	}
	if p.acceptWord("DISTINCT") {
		f.Distinct = true
	}
	for {
		f.Args = append(f.Args, p.parseExpression())
		if !p.acceptPunct(",") {
			break
		}
	}
	end := p.expectPunct(")")
	f.Span = Span{From: iri.From, To: pos(end.to)}
	return f
}

func (p *parser) parseBuiltin() Expr {
	start := p.tok.from
	kw := p.tok.text
	name := strings.ToUpper(kw)
	if aggregates[name] {
		return p.parseAggregate()
	}
	if name == "NOT" || name == "EXISTS" {
		not := false
		if name == "NOT" {
			p.next()
			if !p.isWord("EXISTS") {
				p.expected("EXISTS after NOT")
			}
			not = true
		}
		p.disabled(FeatureExists, start, "EXISTS")
		p.next()
		g := p.parseGroup()
		return &ExistsExpr{Span: Span{From: pos(start), To: g.To}, Not: not, Pattern: g}
	}
	spec, ok := builtins[name]
	if !ok {
		spec, ok = p.d.Functions[name]
		if !ok {
			p.fail("unknown function %s", kw)
		}
	} else if c, ok := canonicalBuiltin[name]; ok {
		name = c
	}
	p.next()
	if !p.isPunct("(") {
		p.expected("'(' after " + kw)
	}
	var args []Expr
	var end int
	if name == "BOUND" {
		p.next()
		v := p.parseVar()
		args = []Expr{v}
		end = p.expectPunct(")").to
	} else {
		args, end = p.parseExpressionList()
	}
	if len(args) < spec.MinArgs || (spec.MaxArgs >= 0 && len(args) > spec.MaxArgs) {
		want := ""
		switch {
		case spec.MaxArgs < 0:
			want = "at least " + itoa(spec.MinArgs)
		case spec.MinArgs == spec.MaxArgs:
			want = itoa(spec.MinArgs)
		default:
			want = itoa(spec.MinArgs) + " to " + itoa(spec.MaxArgs)
		}
		p.failAt(start, SyntaxError, "%s takes %s argument(s), got %d", kw, want, len(args))
	}
	return &CallExpr{Span: Span{From: pos(start), To: pos(end)}, Name: name, Args: args}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

func (p *parser) parseAggregate() Expr {
	start := p.tok.from
	name := strings.ToUpper(p.tok.text)
	p.disabled(FeatureAggregate, start, "an aggregate")
	p.next()
	p.expectPunct("(")
	a := &Aggregate{Name: name}
	if p.acceptWord("DISTINCT") {
		a.Distinct = true
	}
	if name == "COUNT" && p.acceptPunct("*") {
		a.Star = true
	} else {
		a.Arg = p.parseExpression()
	}
	if name == "GROUP_CONCAT" && p.acceptPunct(";") {
		p.expectWord("SEPARATOR")
		p.expectPunct("=")
		if p.tok.kind != tString {
			p.expected("a string after SEPARATOR =")
		}
		sep := p.tok.text
		a.Separator = &sep
		p.next()
	}
	if p.d.BareAggregates && p.isWord("AS") {
		// Virtuoso's COUNT(DISTINCT ?y AS ?y): the inner alias is dropped;
		// the projection gets an alias of its own.
		p.next()
		p.parseVar()
	}
	if p.isPunct(",") {
		p.fail("%s takes a single argument", name)
	}
	end := p.expectPunct(")")
	a.Span = Span{From: pos(start), To: pos(end.to)}
	return a
}
