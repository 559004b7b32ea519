package store

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// The value layer itself is tested in package rdfvalue; these tests check
// that its errors reach expressions as expression errors.

func TestNilTerms(t *testing.T) {
	var l *sparql.Literal
	var i *sparql.IRI
	one := sparql.NewTypedLiteral("1", sparql.XSDInteger)
	for _, pair := range [][2]sparql.Term{{l, one}, {one, l}, {i, i}, {nil, one}} {
		if _, err := termEqual(pair[0], pair[1]); err == nil || !isExprError(err) {
			t.Errorf("termEqual(%#v, %#v): error %v, want an expression error", pair[0], pair[1], err)
		}
		if _, err := compareOp(sparql.OpLt, pair[0], pair[1]); err == nil || !isExprError(err) {
			t.Errorf("compareOp(%#v, %#v): error %v, want an expression error", pair[0], pair[1], err)
		}
	}
}

func TestValueErrors(t *testing.T) {
	one := sparql.NewTypedLiteral("1", sparql.XSDInteger)
	nan := sparql.NewTypedLiteral("NaN", sparql.XSDDouble)
	other := sparql.NewTypedLiteral("1", "http://example.org/number")
	if _, err := termEqual(nil, one); err != errUnbound {
		t.Errorf("termEqual(unbound, 1): %v, want %v", err, errUnbound)
	}
	if _, err := termEqual(other, one); err != errIncomparable {
		t.Errorf("termEqual(unknown datatype, 1): %v, want %v", err, errIncomparable)
	}
	if v, err := compareOp(sparql.OpLt, nan, one); v || err != nil {
		t.Errorf("NaN < 1 = %t, %v; want false without error", v, err)
	}
	if _, err := compareOp(sparql.OpLt, sparql.NewLiteral("a"), one); err != errIncomparable {
		t.Errorf(`"a" < 1: %v, want %v`, err, errIncomparable)
	}
	n, _ := numericTerm(one)
	zero, _ := numericTerm(sparql.NewTypedLiteral("0", sparql.XSDInteger))
	if _, err := numArith('/', n, zero); err != errDivByZero {
		t.Errorf("1 / 0: %v, want %v", err, errDivByZero)
	}
}
