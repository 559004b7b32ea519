package store

// Numeric functions (SPARQL 1.1 §17.4.4): ABS, ROUND, CEIL, FLOOR, RAND.
// The result has the argument's primitive type (a derived integer type
// such as xsd:short gives xsd:integer).

import (
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// numArg1 checks for one numeric argument.
func numArg1(args []sparql.Term) (numVal, error) {
	if err := arity(args, 1, 1); err != nil {
		return numVal{}, err
	}
	n, ok := numericTerm(args[0])
	if !ok {
		return numVal{}, errNotNumeric
	}
	return n, nil
}

// fnAbs is ABS.
func fnAbs(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	if n.sign() < 0 {
		n = numNeg(n)
	} else if n.kind >= numFloat {
		n.f = math.Abs(n.f) // -0 and NaN
	}
	return n.literal(), nil
}

// ratFloor returns ⌊r⌋.
func ratFloor(r *big.Rat) *big.Rat {
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
	return new(big.Rat).SetInt(q)
}

// roundNum applies a rounding mode (floor, ceil, round) to n.
func roundNum(n numVal, mode byte) numVal {
	switch n.kind {
	case numInteger:
		return n
	case numDecimal:
		switch mode {
		case 'f':
			return decVal(ratFloor(n.r))
		case 'c':
			return decVal(new(big.Rat).Neg(ratFloor(new(big.Rat).Neg(n.r))))
		}
		return decVal(ratFloor(new(big.Rat).Add(n.r, ratHalf)))
	}
	switch mode {
	case 'f':
		n.f = math.Floor(n.f)
	case 'c':
		n.f = math.Ceil(n.f)
	default:
		n.f = roundXPath(n.f)
	}
	return n
}

// fnRound is ROUND: the nearest integer, halves rounded toward +∞
// (fn:round).
func fnRound(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return roundNum(n, 'r').literal(), nil
}

// fnCeil is CEIL.
func fnCeil(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return roundNum(n, 'c').literal(), nil
}

// fnFloor is FLOOR.
func fnFloor(args []sparql.Term) (sparql.Term, error) {
	n, err := numArg1(args)
	if err != nil {
		return nil, err
	}
	return roundNum(n, 'f').literal(), nil
}

// fnRand is RAND: a fresh pseudo-random xsd:double in [0, 1) per call.
func fnRand(args []sparql.Term) (sparql.Term, error) {
	if err := arity(args, 0, 0); err != nil {
		return nil, err
	}
	return numVal{kind: numDouble, f: rand.Float64()}.literal(), nil
}
