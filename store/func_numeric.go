package store

// Numeric functions (SPARQL 1.1 §17.4.4): ABS, ROUND, CEIL, FLOOR, RAND.
// The result has the argument's primitive type (a derived integer type
// such as xsd:short gives xsd:integer).

import (
	"math/rand/v2"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// numArg1 checks for one numeric argument.
func numArg1(args []sparql.Term) (rdfvalue.Number, error) {
	if err := arity(args, 1, 1); err != nil {
		return rdfvalue.Number{}, err
	}
	n, ok := numericTerm(args[0])
	if !ok {
		return rdfvalue.Number{}, errNotNumeric
	}
	return n, nil
}

// fnAbs is ABS.
func fnAbs(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return n.Abs().Literal(), nil
}

// fnRound is ROUND: the nearest integer, halves rounded toward +∞
// (fn:round).
func fnRound(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return n.Round().Literal(), nil
}

// fnCeil is CEIL.
func fnCeil(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return n.Ceil().Literal(), nil
}

// fnFloor is FLOOR.
func fnFloor(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return n.Floor().Literal(), nil
}

// fnRand is RAND: a fresh pseudo-random xsd:double in [0, 1) per call.
func fnRand(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 0, 0); err != nil {
		return nil, err
	}
	return rdfvalue.NewDouble(rand.Float64()).Literal(), nil
}
