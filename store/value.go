package store

// Typed values of literals come from package rdfvalue: the value spaces of
// the XSD datatypes SPARQL operators know (numerics with their promotion
// tower, booleans, strings, dateTime/date/time), their canonical lexical
// forms, RDF term equality and the operator mapping of SPARQL 1.1 §17.3
// for =, != and the ordering operators. This file adapts them to the
// engine: its errors become expression errors, and the engine's shared
// literals are rdfvalue's.

import (
	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Shared datatype IRIs of computed literals. Literals built by expression
// evaluation point at these; nobody may modify them.
var (
	dtDateTime        = &sparql.IRI{Value: rdfvalue.XSDDateTime}
	dtDayTimeDuration = &sparql.IRI{Value: rdfvalue.XSDDayTimeDuration}
)

// Shared xsd:boolean results (rdfvalue.BoolLiteral's, so that ebv can
// test for them by identity); nobody may modify them.
var (
	litTrue  = rdfvalue.BoolLiteral(true)
	litFalse = rdfvalue.BoolLiteral(false)
)

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// exprErr turns an error of package rdfvalue into the expression error of
// the same meaning.
func exprErr(err error) error {
	switch err {
	case nil:
		return nil
	case rdfvalue.ErrUnbound:
		return errUnbound
	case rdfvalue.ErrIncomparable:
		return errIncomparable
	case rdfvalue.ErrNotNumeric:
		return errNotNumeric
	case rdfvalue.ErrDivByZero:
		return errDivByZero
	}
	return errTypeMismatch
}

// numArith applies + - * / (op) to two numbers (rdfvalue.Arith).
func numArith(op byte, a, b rdfvalue.Number) (rdfvalue.Number, error) {
	z, err := rdfvalue.Arith(op, a, b)
	return z, exprErr(err)
}

// termEqual is the = operator (rdfvalue.Equal).
func termEqual(a, b sparql.Term) (bool, error) {
	eq, err := rdfvalue.Equal(a, b)
	return eq, exprErr(err)
}

// compareOp evaluates a < b, a > b, a <= b or a >= b (op) in the order of
// rdfvalue.CompareLiterals: a comparison with NaN is false, anything the
// operators do not relate a type error.
func compareOp(op sparql.BinaryOp, a, b sparql.Term) (bool, error) {
	c, err := rdfvalue.CompareLiterals(a, b)
	switch err {
	case nil:
	case rdfvalue.ErrUnordered:
		return false, nil
	default:
		return false, errIncomparable
	}
	switch op {
	case sparql.OpLt:
		return c < 0, nil
	case sparql.OpGt:
		return c > 0, nil
	case sparql.OpLe:
		return c <= 0, nil
	case sparql.OpGe:
		return c >= 0, nil
	}
	return false, errTypeMismatch
}
