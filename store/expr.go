package store

// Expression evaluation (SPARQL 1.1 §17): the entry points the engine
// calls are
//
//	newExprEnv(now time.Time, base string) *exprEnv
//	    per-query state: NOW() (constant for the query), the base IRI of
//	    IRI(), BNODE(str) scoping, the compiled-regex cache.
//	(*exprEnv).resetBNodes()
//	    forgets the BNODE(str) blank nodes made so far. BNODE("x") is one
//	    node within a solution and a different one in the next: a binder
//	    that implements solutionIdentifier (func_misc.go) scopes it by
//	    solution whatever the evaluation order; otherwise the engine calls
//	    resetBNodes before the expressions of each solution.
//	(*exprEnv).eval(e sparql.Expr, b binder) (sparql.Term, error)
//	    the value of e under the solution b gives; a non-nil error is a
//	    SPARQL expression error (type error, unbound variable, …, test with
//	    isExprError) or an error of b.exists passed through. The engine
//	    applies §17 to it: FILTER → false, BIND and projection → unbound.
//	ebv(t sparql.Term) (bool, error)
//	    effective boolean value (§17.2.2).
//	orderCompare(a, b sparql.Term) int            (order.go)
//	    the ORDER BY order of §15.1, total and deterministic; nil is unbound.
//	newAggregator(a *sparql.Aggregate, ev *exprEnv) aggregator  (aggregate.go)
//	    accumulators for COUNT, SUM, AVG, MIN, MAX, SAMPLE, GROUP_CONCAT.
//	termEqual, compareOp (value.go), and package rdfvalue
//	    the value layer (rdfvalue.SameTerm, NumericValue, DateTimeValue,
//	    …), for engine code that needs it.
//
// Terms returned by eval may be shared (the query's own constants, the
// binder's terms, canonical true/false literals): callers must not modify
// them. Evaluation never panics on a malformed tree; it reports an error.
//
// Built-in functions live in func_string.go, func_numeric.go,
// func_datetime.go and func_misc.go (term functions, constructors, hashes,
// XSD casts).

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// exprError is a SPARQL expression error: evaluation has no value.
type exprError string

func (e exprError) Error() string { return "sparql expression: " + string(e) }

// Common expression errors; they are values so that the hot paths (a
// FILTER failing on many rows) do not allocate.
var (
	errUnbound      error = exprError("unbound variable")
	errTypeMismatch error = exprError("type error")
	errNotNumeric   error = exprError("operand is not a number")
	errIncomparable error = exprError("values are not comparable")
	errDivByZero    error = exprError("division by zero")
	errArity        error = exprError("wrong number of arguments")
	errNotString    error = exprError("argument is not a string literal")
	errIncompatible error = exprError("incompatible string arguments")
	errEBV          error = exprError("no effective boolean value")
	errBadExpr      error = exprError("malformed expression")
)

func exprErrorf(format string, a ...any) error { return exprError(fmt.Sprintf(format, a...)) }

// isExprError reports whether err is a SPARQL expression error (as opposed
// to, say, a cancellation reported by EXISTS).
func isExprError(err error) bool {
	var e exprError
	return errors.As(err, &e)
}

// exprEnv is the per-query state of expression evaluation. Its methods may
// be called from several goroutines; BNODE(str) scoping is then per env,
// not per goroutine.
type exprEnv struct {
	now    time.Time       // the value of NOW() for the whole query
	nowLit *sparql.Literal // NOW() as an xsd:dateTime literal
	base   string          // base IRI for IRI()/URI()
	// ctx is the query's context, checked inside functions over large
	// strings (nil: never cancelled).
	ctx context.Context
	// mem is the query's memory budget; string functions check their
	// results against it (nil: unbounded).
	mem *budget

	mu         sync.Mutex
	bnodeScope map[bnodeKey]*sparql.BlankNode // BNODE(str) per solution and string
	bnodeSeq   uint64                         // labels of generated blank nodes
	regexps    map[string]regexEntry          // compiled REGEX/REPLACE patterns
}

// regexEntry is a cached compilation result.
type regexEntry struct {
	re  *regexp.Regexp
	err error
}

// maxRegexCache bounds the regex cache; it is emptied when full.
const maxRegexCache = 256

// newExprEnv returns the evaluation state of one query: now is the query's
// NOW(), base the base IRI against which IRI() resolves relative IRIs.
func newExprEnv(now time.Time, base string) *exprEnv {
	return &exprEnv{
		now:        now,
		nowLit:     &sparql.Literal{Lexical: now.Format("2006-01-02T15:04:05.999999999Z07:00"), Datatype: dtDateTime},
		base:       base,
		bnodeScope: map[bnodeKey]*sparql.BlankNode{},
		regexps:    map[string]regexEntry{},
	}
}

// resetBNodes starts a new solution for BNODE(str).
func (ev *exprEnv) resetBNodes() {
	ev.mu.Lock()
	clear(ev.bnodeScope)
	ev.mu.Unlock()
}

// noBinder stands in for a nil binder: every variable is unbound.
type noBinder struct{}

func (noBinder) lookup(*sparql.Var) sparql.Term { return nil }
func (noBinder) exists(*sparql.GroupPattern) (bool, error) {
	return false, exprError("EXISTS without a solution")
}

// eval evaluates e under the solution of b.
func (ev *exprEnv) eval(e sparql.Expr, b binder) (sparql.Term, error) {
	if b == nil {
		b = noBinder{}
	}
	switch e := e.(type) {
	case *sparql.Var:
		if e == nil {
			return nil, errBadExpr
		}
		if t := b.lookup(e); t != nil {
			return t, nil
		}
		return nil, errUnbound
	case *sparql.Literal:
		if e == nil {
			return nil, errBadExpr
		}
		return e, nil
	case *sparql.IRI:
		if e == nil {
			return nil, errBadExpr
		}
		return e, nil
	case *sparql.BinaryExpr:
		if e == nil {
			return nil, errBadExpr
		}
		return ev.evalBinary(e, b)
	case *sparql.UnaryExpr:
		if e == nil {
			return nil, errBadExpr
		}
		return ev.evalUnary(e, b)
	case *sparql.CallExpr:
		if e == nil {
			return nil, errBadExpr
		}
		return ev.evalCall(e, b)
	case *sparql.FuncCall:
		if e == nil {
			return nil, errBadExpr
		}
		return ev.evalFuncCall(e, b)
	case *sparql.InExpr:
		if e == nil {
			return nil, errBadExpr
		}
		return ev.evalIn(e, b)
	case *sparql.ExistsExpr:
		if e == nil || e.Pattern == nil {
			return nil, errBadExpr
		}
		ok, err := b.exists(e.Pattern)
		if err != nil {
			return nil, err
		}
		return rdfvalue.BoolLiteral(ok != e.Not), nil
	case *sparql.Aggregate:
		return nil, exprError("aggregate outside a grouped query")
	case nil:
		return nil, errBadExpr
	}
	return nil, exprErrorf("unsupported expression %T", e)
}

// evalEBV evaluates e and takes its effective boolean value.
func (ev *exprEnv) evalEBV(e sparql.Expr, b binder) (bool, error) {
	t, err := ev.eval(e, b)
	if err != nil {
		return false, err
	}
	return ebv(t)
}

// ebv returns the effective boolean value of t (§17.2.2): booleans by
// value, strings (simple, xsd:string, language-tagged) true when non-empty,
// numbers true when neither zero nor NaN; ill-typed booleans and numbers
// are false; anything else (IRIs, blank nodes, other literals) is a type
// error.
func ebv(t sparql.Term) (bool, error) {
	switch t {
	case litTrue:
		return true, nil
	case litFalse:
		return false, nil
	}
	l, ok := t.(*sparql.Literal)
	if !ok || l == nil {
		return false, errEBV
	}
	if l.Lang != "" || l.Datatype == nil || l.Datatype.Value == sparql.XSDString {
		return l.Lexical != "", nil
	}
	dt := l.Datatype.Value
	if dt == sparql.XSDBoolean {
		v, ok := rdfvalue.ParseBool(l.Lexical)
		return ok && v, nil
	}
	if rdfvalue.NumericKind(dt) != rdfvalue.NotNumeric {
		n, ok := rdfvalue.NumericValue(l)
		return ok && n.Sign() != 0, nil
	}
	return false, errEBV
}

// evalBinary evaluates the binary operators.
func (ev *exprEnv) evalBinary(e *sparql.BinaryExpr, b binder) (sparql.Term, error) {
	switch e.Op {
	case sparql.OpOr:
		x, errX := ev.evalEBV(e.X, b)
		if errX == nil && x {
			return litTrue, nil
		}
		y, errY := ev.evalEBV(e.Y, b)
		switch {
		case errY == nil && y:
			return litTrue, nil
		case errX != nil:
			return nil, errX
		case errY != nil:
			return nil, errY
		}
		return litFalse, nil
	case sparql.OpAnd:
		x, errX := ev.evalEBV(e.X, b)
		if errX == nil && !x {
			return litFalse, nil
		}
		y, errY := ev.evalEBV(e.Y, b)
		switch {
		case errY == nil && !y:
			return litFalse, nil
		case errX != nil:
			return nil, errX
		case errY != nil:
			return nil, errY
		}
		return litTrue, nil
	}
	x, err := ev.eval(e.X, b)
	if err != nil {
		return nil, err
	}
	y, err := ev.eval(e.Y, b)
	if err != nil {
		return nil, err
	}
	switch e.Op {
	case sparql.OpEq, sparql.OpNe:
		eq, err := termEqual(x, y)
		if err != nil {
			return nil, err
		}
		return rdfvalue.BoolLiteral(eq == (e.Op == sparql.OpEq)), nil
	case sparql.OpLt, sparql.OpGt, sparql.OpLe, sparql.OpGe:
		v, err := compareOp(e.Op, x, y)
		if err != nil {
			return nil, err
		}
		return rdfvalue.BoolLiteral(v), nil
	case sparql.OpAdd, sparql.OpSub, sparql.OpMul, sparql.OpDiv:
		nx, ok1 := numericTerm(x)
		ny, ok2 := numericTerm(y)
		if !ok1 || !ok2 {
			return nil, errNotNumeric
		}
		z, err := numArith(e.Op[0], nx, ny)
		if err != nil {
			return nil, err
		}
		return z.Literal(), nil
	}
	return nil, exprErrorf("unknown operator %q", string(e.Op))
}

// numericTerm returns the value of t when it is a valid numeric literal.
func numericTerm(t sparql.Term) (rdfvalue.Number, bool) {
	l, ok := t.(*sparql.Literal)
	if !ok || l == nil {
		return rdfvalue.Number{}, false
	}
	return rdfvalue.NumericValue(l)
}

// evalUnary evaluates !, unary + and unary -.
func (ev *exprEnv) evalUnary(e *sparql.UnaryExpr, b binder) (sparql.Term, error) {
	x, err := ev.eval(e.X, b)
	if err != nil {
		return nil, err
	}
	switch e.Op {
	case "!":
		v, err := ebv(x)
		if err != nil {
			return nil, err
		}
		return rdfvalue.BoolLiteral(!v), nil
	case "+", "-":
		n, ok := numericTerm(x)
		if !ok {
			return nil, errNotNumeric
		}
		if e.Op == "+" {
			return x, nil
		}
		return n.Neg().Literal(), nil
	}
	return nil, exprErrorf("unknown operator %q", e.Op)
}

// evalIn evaluates X IN (…) and X NOT IN (…) as a disjunction of = tests
// (a conjunction of != tests): a match decides; otherwise an error in any
// comparison is the result.
func (ev *exprEnv) evalIn(e *sparql.InExpr, b binder) (sparql.Term, error) {
	x, err := ev.eval(e.X, b)
	if err != nil {
		return nil, err
	}
	var firstErr error
	for _, item := range e.List {
		y, err := ev.eval(item, b)
		if err == nil {
			var eq bool
			if eq, err = termEqual(x, y); err == nil && eq {
				return rdfvalue.BoolLiteral(!e.Not), nil
			}
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return rdfvalue.BoolLiteral(e.Not), nil
}

// evalCall evaluates a call of a built-in function. BOUND, IF and COALESCE
// see their arguments unevaluated; every other function gets the values of
// all its arguments, and an error in any argument is the result.
func (ev *exprEnv) evalCall(e *sparql.CallExpr, b binder) (sparql.Term, error) {
	switch e.Name {
	case "BOUND":
		if len(e.Args) != 1 {
			return nil, errArity
		}
		v, ok := e.Args[0].(*sparql.Var)
		if !ok || v == nil {
			return nil, exprError("BOUND needs a variable")
		}
		return rdfvalue.BoolLiteral(b.lookup(v) != nil), nil
	case "IF":
		if len(e.Args) != 3 {
			return nil, errArity
		}
		c, err := ev.evalEBV(e.Args[0], b)
		if err != nil {
			return nil, err
		}
		if c {
			return ev.eval(e.Args[1], b)
		}
		return ev.eval(e.Args[2], b)
	case "COALESCE":
		for _, a := range e.Args {
			if t, err := ev.eval(a, b); err == nil && t != nil {
				return t, nil
			}
		}
		return nil, exprError("COALESCE: no argument has a value")
	}
	var buf [4]sparql.Term
	args := buf[:0]
	for _, a := range e.Args {
		t, err := ev.eval(a, b)
		if err != nil {
			return nil, err
		}
		args = append(args, t)
	}
	if e.Name == "BNODE" {
		return ev.fnBNode(args, b)
	}
	return ev.callBuiltin(e.Name, args)
}

// arity checks the number of arguments.
func arity(args []sparql.Term, lo, hi int) error {
	if len(args) < lo || len(args) > hi {
		return errArity
	}
	return nil
}

// callBuiltin applies the built-in function name to evaluated arguments.
func (ev *exprEnv) callBuiltin(name string, args []sparql.Term) (sparql.Term, error) {
	switch name {
	// Terms (func_misc.go).
	case "STR":
		return fnStr(args)
	case "LANG":
		return fnLang(args)
	case "DATATYPE":
		return fnDatatype(args)
	case "IRI", "URI":
		return ev.fnIRI(args)
	case "BNODE":
		return ev.fnBNode(args, nil)
	case "STRDT":
		return fnStrDT(args)
	case "STRLANG":
		return fnStrLang(args)
	case "UUID":
		return fnUUID(args)
	case "STRUUID":
		return fnStrUUID(args)
	case "sameTerm":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		return rdfvalue.BoolLiteral(rdfvalue.SameTerm(args[0], args[1])), nil
	case "isIRI", "isURI", "isBLANK", "isLITERAL", "isNUMERIC":
		return fnIsKind(name, args)
	case "MD5", "SHA1", "SHA256", "SHA384", "SHA512":
		return fnHash(name, args)
	// Strings (func_string.go).
	case "STRLEN":
		return fnStrlen(args)
	case "SUBSTR":
		return fnSubstr(args)
	case "UCASE", "LCASE":
		// Case mapping can lengthen a string (up to 3 bytes per byte).
		if len(args) == 1 {
			if l, ok := args[0].(*sparql.Literal); ok {
				if err := ev.grows(name, 3*int64(len(l.Lexical))); err != nil {
					return nil, err
				}
			}
		}
		if name == "UCASE" {
			return fnUcase(args)
		}
		return fnLcase(args)
	case "STRSTARTS", "STRENDS", "CONTAINS":
		return fnStringTest(name, args)
	case "STRBEFORE":
		return fnStrBefore(args)
	case "STRAFTER":
		return fnStrAfter(args)
	case "ENCODE_FOR_URI":
		if len(args) == 1 {
			if l, ok := args[0].(*sparql.Literal); ok {
				if err := ev.grows("ENCODE_FOR_URI", 3*int64(len(l.Lexical))); err != nil {
					return nil, err
				}
			}
		}
		return fnEncodeForURI(args)
	case "CONCAT":
		n := int64(0)
		for _, a := range args {
			if l, ok := a.(*sparql.Literal); ok {
				n += int64(len(l.Lexical))
			}
		}
		if err := ev.grows("CONCAT", n); err != nil {
			return nil, err
		}
		return fnConcat(args)
	case "LANGMATCHES":
		return fnLangMatches(args)
	case "REGEX":
		return ev.fnRegex(args)
	case "REPLACE":
		return ev.fnReplace(args)
	// Numbers (func_numeric.go).
	case "ABS":
		return fnAbs(args)
	case "ROUND":
		return fnRound(args)
	case "CEIL":
		return fnCeil(args)
	case "FLOOR":
		return fnFloor(args)
	case "RAND":
		return fnRand(args)
	// Dates and times (func_datetime.go).
	case "NOW":
		if err := arity(args, 0, 0); err != nil {
			return nil, err
		}
		return ev.nowLit, nil
	case "YEAR", "MONTH", "DAY", "HOURS", "MINUTES", "SECONDS":
		return fnDateField(name, args)
	case "TIMEZONE":
		return fnTimezone(args)
	case "TZ":
		return fnTZ(args)
	}
	return nil, exprErrorf("unknown function %s", name)
}

// evalFuncCall evaluates a call of a function named by an IRI: the XSD
// constructor functions (casts, §17.5). Other IRIs are unknown functions,
// an error.
func (ev *exprEnv) evalFuncCall(e *sparql.FuncCall, b binder) (sparql.Term, error) {
	if e.Func == nil {
		return nil, errBadExpr
	}
	if !isCastTarget(e.Func.Value) {
		return nil, exprErrorf("unknown function <%s>", e.Func.Value)
	}
	if len(e.Args) != 1 || e.Distinct {
		return nil, errArity
	}
	t, err := ev.eval(e.Args[0], b)
	if err != nil {
		return nil, err
	}
	return castTo(e.Func.Value, t)
}
