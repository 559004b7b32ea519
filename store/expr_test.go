package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// exprTestPrologue declares the prefixes the expression tables use.
const exprTestPrologue = "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> " +
	"PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> " +
	"PREFIX : <http://example.org/> "

// parseTestExpr parses a SPARQL expression.
func parseTestExpr(t testing.TB, src string) sparql.Expr {
	t.Helper()
	q, err := sparql.Parse(exprTestPrologue + "SELECT (" + src + " AS ?result) WHERE {}")
	if err != nil {
		t.Fatalf("parse %s: %v", src, err)
	}
	return q.Projections[0].Expr
}

// parseTestTerm parses a constant term written in SPARQL syntax.
func parseTestTerm(t testing.TB, src string) sparql.Term {
	t.Helper()
	x, ok := parseTestExpr(t, src).(sparql.Term)
	if !ok {
		t.Fatalf("%s is not a term", src)
	}
	return x
}

// testBinder is a binder over a map of variables.
type testBinder struct {
	vars      map[string]sparql.Term
	existsVal bool
	existsErr error
	lookups   int
}

func (b *testBinder) lookup(v *sparql.Var) sparql.Term {
	b.lookups++
	return b.vars[v.Name]
}

func (b *testBinder) exists(*sparql.GroupPattern) (bool, error) { return b.existsVal, b.existsErr }

// testVars are the variables of the expression tables (?u is unbound).
func testVars() map[string]sparql.Term {
	return map[string]sparql.Term{
		"i":    sparql.NewTypedLiteral("35", sparql.XSDInteger),
		"d":    sparql.NewTypedLiteral("1.5", sparql.XSDDecimal),
		"s":    sparql.NewLiteral("xabcx"),
		"fr":   sparql.NewLangLiteral("chat", "fr"),
		"iri":  sparql.NewIRI("http://example.org/a"),
		"bn":   &sparql.BlankNode{Label: "b1"},
		"dt":   sparql.NewTypedLiteral("2010-06-21T11:28:01Z", rdfvalue.XSDDateTime),
		"zero": sparql.NewTypedLiteral("0", sparql.XSDInteger),
	}
}

// showTerm renders a term compactly: <iri>, _:label, "lex", "lex"@lang,
// "lex"^^xsd:local or "lex"^^<dt>.
func showTerm(t sparql.Term) string {
	switch t := t.(type) {
	case nil:
		return "UNBOUND"
	case *sparql.IRI:
		return "<" + t.Value + ">"
	case *sparql.BlankNode:
		return "_:" + t.Label
	case *sparql.Literal:
		s := `"` + t.Lexical + `"`
		switch {
		case t.Lang != "":
			return s + "@" + t.Lang
		case t.Datatype == nil:
			return s
		case strings.HasPrefix(t.Datatype.Value, sparql.XSD):
			return s + "^^xsd:" + strings.TrimPrefix(t.Datatype.Value, sparql.XSD)
		}
		return s + "^^<" + t.Datatype.Value + ">"
	}
	return t.Key()
}

// evalShow evaluates src and renders the result, "error" for an error.
func evalShow(t testing.TB, ev *exprEnv, src string, b binder) string {
	t.Helper()
	v, err := ev.eval(parseTestExpr(t, src), b)
	if err != nil {
		return "error"
	}
	return showTerm(v)
}

// exprCase is one row of an expression table.
type exprCase struct {
	expr string
	want string // showTerm of the result, or "error"
}

// Shorthands for results.
const (
	T = `"true"^^xsd:boolean`
	F = `"false"^^xsd:boolean`
	E = "error"
)

// runExprTable evaluates every expression of a table with testVars.
func runExprTable(t *testing.T, cases []exprCase) {
	t.Helper()
	ev := newExprEnv(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC), "http://example.org/base/")
	var got, want []string
	for _, c := range cases {
		b := &testBinder{vars: testVars()}
		got = append(got, c.expr+" → "+evalShow(t, ev, c.expr, b))
		want = append(want, c.expr+" → "+c.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("results (-want +got):\n%s", d)
	}
}

func TestEvalLogical(t *testing.T) {
	runExprTable(t, []exprCase{
		{"true || 1/0", T},
		{"1/0 || true", T},
		{"false || 1/0", E},
		{"1/0 || false", E},
		{"1/0 || 1/0", E},
		{"false || false", F},
		{"false || 3", T},
		{"true && 1/0", E},
		{"1/0 && false", F},
		{"false && 1/0", F},
		{"1/0 && true", E},
		{"true && 'x'", T},
		{"true && ''", F},
		{"true && <http://example.org/a>", E},
		{"!true", F},
		{"!''", T},
		{"!'abc'", F},
		{"!0", T},
		{"!<http://example.org/a>", E},
		{"!?u", E},
		{"?u || true", T},
	})
}

func TestEvalEquality(t *testing.T) {
	runExprTable(t, []exprCase{
		{"1 = 1.0", T},
		{"1 = 1e0", T},
		{`"01"^^xsd:integer = 1`, T},
		{`"1"^^xsd:byte = 1.0e0`, T},
		{`"1"^^xsd:float = 1`, T},
		{"1 = 2", F},
		{"1 != 2", T},
		{`1 = "1"`, F},
		{`1 != "1"`, T},
		{`"abc" = "abc"^^xsd:string`, T},
		{`"abc"@en = "abc"@EN`, T},
		{`"abc"@en = "abc"@fr`, F},
		{`"abc" = "abc"@en`, F},
		{`"abc" != "abc"@en`, T},
		{`"xyz"^^:unknown = "xyz"^^:unknown`, T},
		{`"a"^^:unknown = "b"^^:unknown`, E},
		{`"a"^^:unknown != "b"^^:unknown`, E},
		{`"a"^^:unknown = "a"`, E},
		{`"a"^^:unknown = "a"@en`, F},
		{`"a"^^:unknown != "a"@en`, T},
		{`"xyz"^^xsd:integer = "xyz"^^xsd:integer`, T},
		{`"xyz"^^xsd:integer = "abc"^^xsd:integer`, E},
		{`"xyz"^^xsd:integer = "xyz"`, E},
		{`"xyz"^^xsd:integer = 1`, E},
		{`"xyz"^^xsd:integer = "abc"@en`, F},
		{`"300"^^xsd:byte = 300`, E},
		{"<http://example.org/a> = <http://example.org/a>", T},
		{"<http://example.org/a> = <http://example.org/b>", F},
		{`<http://example.org/a> = "http://example.org/a"`, F},
		{"?bn = ?bn", T},
		{"?bn = ?iri", F},
		{`?bn != "b1"`, T},
		{`"NaN"^^xsd:double = "NaN"^^xsd:double`, F},
		{`"NaN"^^xsd:double != "NaN"^^xsd:double`, T},
		{`"INF"^^xsd:double = "INF"^^xsd:float`, T},
		{`true = "1"^^xsd:boolean`, T},
		{`true = false`, F},
		{`true = 1`, F},
		{`"2010-01-01T00:00:00Z"^^xsd:dateTime = "2010-01-01T01:00:00+01:00"^^xsd:dateTime`, T},
		{`"2010-01-01T00:00:00Z"^^xsd:dateTime = "2010-01-01T00:00:00.000Z"^^xsd:dateTime`, T},
		{`"2010-01-01T00:00:00Z"^^xsd:dateTime = "2010-01-01T00:00:00"^^xsd:dateTime`, E},
		{`"2010-01-01T00:00:00Z"^^xsd:dateTime != "2010-01-03T00:00:00"^^xsd:dateTime`, T},
		{`"2010-01-01T24:00:00"^^xsd:dateTime = "2010-01-02T00:00:00"^^xsd:dateTime`, T},
		{`"2006-08-23"^^xsd:date = "2006-08-23T00:00:00"^^xsd:dateTime`, F},
		{`"2006-08-23"^^xsd:date = "2006-08-23"^^xsd:date`, T},
		{`"2006-08-23Z"^^xsd:date != "2006-08-23"^^xsd:date`, E},
		{`"2006-02-30"^^xsd:date = "2006-02-30"^^xsd:date`, T},
		{`"2006-02-30"^^xsd:date = "2006-03-02"^^xsd:date`, E},
		{"?u = 1", E},
		{"1 = ?u", E},
	})
}

func TestEvalOrdering(t *testing.T) {
	runExprTable(t, []exprCase{
		{"1 < 2.5", T},
		{"2.5 < 1", F},
		{"1 <= 1.0", T},
		{"1 >= 1.0e0", T},
		{`"1"^^xsd:float > 0.5`, T},
		{"?i > 30", T},
		{"?d < ?i", T},
		{`"a" < "b"`, T},
		{`"a" < "b"^^xsd:string`, T},
		{`"b" >= "a"`, T},
		{`"B" < "a"`, T},
		{`"é" > "z"`, T},
		{`"a"@en < "b"@en`, E},
		{`"a" < "b"@en`, E},
		{`1 < "2"`, E},
		{`true > false`, T},
		{`false >= false`, T},
		{`true < 1`, E},
		{"<http://example.org/a> < <http://example.org/b>", E},
		{"?bn < ?bn", E},
		{`"NaN"^^xsd:double < 1`, F},
		{`"NaN"^^xsd:double >= 1`, F},
		{`"-INF"^^xsd:double < -1e300`, T},
		{`"2005-01-01T00:00:00Z"^^xsd:dateTime < "2005-01-01T12:00:00"^^xsd:dateTime`, E},
		{`"2005-01-01T00:00:00Z"^^xsd:dateTime < "2005-01-03T00:00:00"^^xsd:dateTime`, T},
		{`"2005-01-03T00:00:00"^^xsd:dateTime > "2005-01-01T00:00:00Z"^^xsd:dateTime`, T},
		{`"2005-01-01T10:00:00+02:00"^^xsd:dateTime < "2005-01-01T09:00:00Z"^^xsd:dateTime`, T},
		{`"2005-01-01T00:00:00.5Z"^^xsd:dateTime > "2005-01-01T00:00:00.25Z"^^xsd:dateTime`, T},
		{`"-0044-03-15T12:00:00Z"^^xsd:dateTime < "0001-01-01T00:00:00Z"^^xsd:dateTime`, T},
		{`"2006-08-23"^^xsd:date > "2006-08-22"^^xsd:date`, T},
		{`"2006-08-23Z"^^xsd:date > "2006-08-22"^^xsd:date`, T},
		{`"2006-08-23"^^xsd:date > "2006-08-22T00:00:00"^^xsd:dateTime`, E},
		{`"12:00:00"^^xsd:time < "13:00:00"^^xsd:time`, T},
		{`"x"^^:unknown < "y"^^:unknown`, E},
		{`"abc"^^xsd:integer < 1`, E},
	})
}

func TestEvalArithmetic(t *testing.T) {
	runExprTable(t, []exprCase{
		{"1 + 2", `"3"^^xsd:integer`},
		{"7 - 10", `"-3"^^xsd:integer`},
		{"6 * 7", `"42"^^xsd:integer`},
		{"1 + 2.5", `"3.5"^^xsd:decimal`},
		{"1.5 + 1.5", `"3.0"^^xsd:decimal`},
		{"0.1 + 0.2", `"0.3"^^xsd:decimal`},
		{"1.25 * 4", `"5.0"^^xsd:decimal`},
		{"1 + 1e0", `"2.0E0"^^xsd:double`},
		{"1.5e0 * 2", `"3.0E0"^^xsd:double`},
		{"1 / 2", `"0.5"^^xsd:decimal`},
		{"4 / 2", `"2.0"^^xsd:decimal`},
		{"1 / 3", `"0.333333333333333333"^^xsd:decimal`},
		{"2 / 3", `"0.666666666666666666"^^xsd:decimal`},
		{"-2 / 3", `"-0.666666666666666666"^^xsd:decimal`},
		{"1 / 8", `"0.125"^^xsd:decimal`},
		{"1 / 0", E},
		{"1.0 / 0", E},
		{"1 / 0.0", E},
		{"1e0 / 0", `"INF"^^xsd:double`},
		{"-1e0 / 0", `"-INF"^^xsd:double`},
		{"0e0 / 0", `"NaN"^^xsd:double`},
		{`"1"^^xsd:float + 1`, `"2.0E0"^^xsd:float`},
		{`"0.1"^^xsd:float + 0`, `"1.0E-1"^^xsd:float`},
		{`"1"^^xsd:float + 1e0`, `"2.0E0"^^xsd:double`},
		{`"1"^^xsd:float + 1.5`, `"2.5E0"^^xsd:float`},
		{`"1"^^xsd:short + "1"^^xsd:short`, `"2"^^xsd:integer`},
		{`"1"^^xsd:unsignedByte * 2.0`, `"2.0"^^xsd:decimal`},
		{"9223372036854775807 + 1", `"9223372036854775808"^^xsd:integer`},
		{"-9223372036854775807 - 2", `"-9223372036854775809"^^xsd:integer`},
		{"9223372036854775807 * 9223372036854775807", `"85070591730234615847396907784232501249"^^xsd:integer`},
		{"99999999999999999999 - 99999999999999999998", `"1"^^xsd:integer`},
		{"123456789012345678901234567890.5 + 0.5", `"123456789012345678901234567891.0"^^xsd:decimal`},
		{"1e308 * 10", `"INF"^^xsd:double`},
		{"12345678.9e0 * 1", `"1.23456789E7"^^xsd:double`},
		{"1e-7 * 1", `"1.0E-7"^^xsd:double`},
		{"?i + ?d", `"36.5"^^xsd:decimal`},
		{`"a" + 1`, E},
		{`1 + "1"`, E},
		{`"abc"^^xsd:integer + 1`, E},
		{"?u + 1", E},
		{"?iri * 2", E},
		{"true + 1", E},
		{"-1", `"-1"^^xsd:integer`},
		{"-(1.5)", `"-1.5"^^xsd:decimal`},
		{"-(-1.5)", `"1.5"^^xsd:decimal`},
		{`-"1"^^xsd:float`, `"-1.0E0"^^xsd:float`},
		{"-(0e0)", `"-0.0E0"^^xsd:double`},
		{`+"01"^^xsd:integer`, `"01"^^xsd:integer`},
		{`+"a"`, E},
		{`-"a"`, E},
		{"-(-9223372036854775807 - 1)", `"9223372036854775808"^^xsd:integer`},
	})
}

func TestEvalInExpr(t *testing.T) {
	runExprTable(t, []exprCase{
		{"2 IN (1, 2)", T},
		{"2 IN (1, 3)", F},
		{"2 IN (1/0, 2)", T},
		{"2 IN (2, 1/0)", T},
		{"2 IN (1/0, 3)", E},
		{"2 NOT IN (1/0, 2)", F},
		{"2 NOT IN (1/0, 3)", E},
		{"2 NOT IN (1, 3)", T},
		{"2 IN ()", F},
		{"2 NOT IN ()", T},
		{"?u IN (1)", E},
		{"2.0 IN (1, 2)", T},
		{`"a"^^:unknown IN ("b"^^:unknown, "a"^^:unknown)`, T},
		{`"a" IN ("a"@en, "a")`, T},
	})
}

func TestEvalConditionals(t *testing.T) {
	runExprTable(t, []exprCase{
		{"BOUND(?i)", T},
		{"BOUND(?u)", F},
		{"!BOUND(?u)", T},
		{"IF(true, 1, 1/0)", `"1"^^xsd:integer`},
		{"IF(false, 1/0, 2)", `"2"^^xsd:integer`},
		{"IF(1/0, 1, 2)", E},
		{"IF('', 1, 2)", `"2"^^xsd:integer`},
		{"IF(?u, 1, 2)", E},
		{"COALESCE(?u, 1/0, 3)", `"3"^^xsd:integer`},
		{"COALESCE(?i, 3)", `"35"^^xsd:integer`},
		{"COALESCE(?u)", E},
		{"COALESCE()", E},
		{"sameTerm(1, 1.0)", F},
		{"sameTerm(1, 1)", T},
		{`sameTerm("a", "a"^^xsd:string)`, T},
		{`sameTerm("a"@en, "a"@EN)`, T},
		{`sameTerm("a", "a"@en)`, F},
		{"sameTerm(?bn, ?bn)", T},
		{"sameTerm(?u, 1)", E},
		{"<http://example.org/f>(1)", E},
		{"xsd:gYear('2001')", E},
		{"xsd:integer('1', '2')", E},
	})
}

func TestEvalExists(t *testing.T) {
	ev := newExprEnv(time.Now(), "")
	boom := errors.New("cancelled")
	tests := []struct {
		expr      string
		existsVal bool
		existsErr error
		want      string
	}{
		{"EXISTS { ?x ?p ?o }", true, nil, T},
		{"EXISTS { ?x ?p ?o }", false, nil, F},
		{"NOT EXISTS { ?x ?p ?o }", true, nil, F},
		{"NOT EXISTS { ?x ?p ?o }", false, nil, T},
		{"EXISTS { ?x ?p ?o }", false, boom, E},
		{"true || EXISTS { ?x ?p ?o }", false, boom, T},
	}
	var got, want []string
	for _, tt := range tests {
		b := &testBinder{existsVal: tt.existsVal, existsErr: tt.existsErr}
		got = append(got, evalShow(t, ev, tt.expr, b))
		want = append(want, tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("EXISTS (-want +got):\n%s", d)
	}
	// The binder's error is passed through, not turned into an expression
	// error, so that the engine can stop on a cancellation.
	_, err := ev.eval(parseTestExpr(t, "EXISTS { ?x ?p ?o }"), &testBinder{existsErr: boom})
	if !errors.Is(err, boom) || isExprError(err) {
		t.Errorf("EXISTS error = %v, want the binder's error", err)
	}
}

func TestEvalErrorsAreExpressionErrors(t *testing.T) {
	ev := newExprEnv(time.Now(), "")
	for _, src := range []string{"?u", "1/0", "'a' + 1", "STRLEN(1)", "<http://example.org/f>()", "REGEX('a', '(')"} {
		_, err := ev.eval(parseTestExpr(t, src), &testBinder{})
		if err == nil || !isExprError(err) {
			t.Errorf("%s: error %v is not an expression error", src, err)
		}
	}
	if _, err := ev.eval(parseTestExpr(t, "?u"), nil); !errors.Is(err, errUnbound) {
		t.Errorf("unbound variable: %v, want errUnbound", err)
	}
}

// TestEvalMalformed checks that trees the parser would not build give
// errors, not panics.
func TestEvalMalformed(t *testing.T) {
	ev := newExprEnv(time.Now(), "")
	var nilVar *sparql.Var
	exprs := []sparql.Expr{
		nil,
		nilVar,
		&sparql.BinaryExpr{Op: sparql.OpAdd},
		&sparql.BinaryExpr{Op: "%", X: sparql.NewLiteral("a"), Y: sparql.NewLiteral("b")},
		&sparql.UnaryExpr{Op: "~", X: sparql.NewLiteral("a")},
		&sparql.CallExpr{Name: "BOUND", Args: []sparql.Expr{sparql.NewLiteral("a")}},
		&sparql.CallExpr{Name: "BOUND"},
		&sparql.CallExpr{Name: "IF", Args: []sparql.Expr{litTrue}},
		&sparql.CallExpr{Name: "STRLEN"},
		&sparql.CallExpr{Name: "NO_SUCH_FUNCTION"},
		&sparql.CallExpr{Name: "SUBSTR", Args: []sparql.Expr{sparql.NewLiteral("a")}},
		&sparql.FuncCall{},
		&sparql.FuncCall{Func: sparql.NewIRI(sparql.XSDInteger)},
		&sparql.InExpr{},
		&sparql.ExistsExpr{},
		&sparql.Aggregate{Name: "COUNT", Star: true},
	}
	for i, x := range exprs {
		if v, err := ev.eval(x, &testBinder{}); err == nil {
			t.Errorf("expression %d (%T): got %v, want an error", i, x, v)
		}
	}
}

func TestEBV(t *testing.T) {
	tests := []struct {
		term string
		want string // "true", "false" or "error"
	}{
		{"true", "true"},
		{"false", "false"},
		{`"true"^^xsd:boolean`, "true"},
		{`"1"^^xsd:boolean`, "true"},
		{`"0"^^xsd:boolean`, "false"},
		{`"tru"^^xsd:boolean`, "false"},
		{`""`, "false"},
		{`"a"`, "true"},
		{`"0"`, "true"},
		{`"false"`, "true"},
		{`""^^xsd:string`, "false"},
		{`""@en`, "false"},
		{`"x"@en`, "true"},
		{"0", "false"},
		{"0.0", "false"},
		{"1", "true"},
		{"-2.5", "true"},
		{"0e0", "false"},
		{"-0e0", "false"},
		{`"NaN"^^xsd:double`, "false"},
		{`"INF"^^xsd:float`, "true"},
		{`"abc"^^xsd:integer`, "false"},
		{`"0"^^xsd:unsignedByte`, "false"},
		{`"300"^^xsd:byte`, "false"},
		{"<http://example.org/a>", "error"},
		{`"2010-01-01T00:00:00Z"^^xsd:dateTime`, "error"},
		{`"x"^^:unknown`, "error"},
	}
	var got, want []string
	for _, tt := range tests {
		v, err := ebv(parseTestTerm(t, tt.term))
		s := map[bool]string{true: "true", false: "false"}[v]
		if err != nil {
			s = "error"
		}
		got = append(got, tt.term+" → "+s)
		want = append(want, tt.term+" → "+tt.want)
	}
	for _, x := range []sparql.Term{nil, &sparql.BlankNode{Label: "b"}, sparql.NewVar("x")} {
		if _, err := ebv(x); err == nil {
			got = append(got, showTerm(x)+" → no error")
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("EBV (-want +got):\n%s", d)
	}
}

// BenchmarkEvalFilter evaluates a typical FILTER condition.
func BenchmarkEvalFilter(b *testing.B) {
	ev := newExprEnv(time.Now(), "")
	x := parseTestExpr(b, `?x > 30 && CONTAINS(?s, "ab")`)
	bd := &testBinder{vars: map[string]sparql.Term{
		"x": sparql.NewTypedLiteral("35", sparql.XSDInteger),
		"s": sparql.NewLiteral("xxabxx"),
	}}
	b.ReportAllocs()
	for b.Loop() {
		v, err := ev.eval(x, bd)
		if err != nil || v != litTrue {
			b.Fatalf("got %v, %v", v, err)
		}
	}
}

// TestBuiltinsNeverPanic calls every built-in function and cast with every
// combination of up to three arguments from a set of awkward terms.
func TestBuiltinsNeverPanic(t *testing.T) {
	names := []string{
		"STR", "LANG", "DATATYPE", "IRI", "URI", "BNODE", "STRDT", "STRLANG", "UUID", "STRUUID",
		"sameTerm", "isIRI", "isURI", "isBLANK", "isLITERAL", "isNUMERIC",
		"MD5", "SHA1", "SHA256", "SHA384", "SHA512",
		"STRLEN", "SUBSTR", "UCASE", "LCASE", "STRSTARTS", "STRENDS", "CONTAINS", "STRBEFORE",
		"STRAFTER", "ENCODE_FOR_URI", "CONCAT", "LANGMATCHES", "REGEX", "REPLACE",
		"ABS", "ROUND", "CEIL", "FLOOR", "RAND", "NOW", "YEAR", "MONTH", "DAY", "HOURS",
		"MINUTES", "SECONDS", "TIMEZONE", "TZ", "BOUND", "IF", "COALESCE",
	}
	casts := []string{
		sparql.XSDString, sparql.XSDBoolean, sparql.XSDInteger, sparql.XSDDecimal, sparql.XSDDouble,
		rdfvalue.XSDFloat, rdfvalue.XSDDateTime, rdfvalue.XSDDate, rdfvalue.XSDTime, rdfvalue.XSDByte, rdfvalue.XSDUnsignedLong,
	}
	var nilLit *sparql.Literal
	args := []sparql.Expr{
		sparql.NewVar("u"), sparql.NewVar("bn"), sparql.NewIRI(""), sparql.NewIRI("http://example.org/a"),
		sparql.NewLiteral(""), sparql.NewLiteral("*"), sparql.NewLiteral("(a)"), sparql.NewLiteral("$9"),
		sparql.NewLangLiteral("x", "en"), sparql.NewTypedLiteral("1", sparql.XSDString),
		sparql.NewTypedLiteral("-9223372036854775808", sparql.XSDInteger),
		sparql.NewTypedLiteral("NaN", sparql.XSDDouble), sparql.NewTypedLiteral("-INF", rdfvalue.XSDFloat),
		sparql.NewTypedLiteral("1e308", sparql.XSDDouble), sparql.NewTypedLiteral("0.5", sparql.XSDDecimal),
		sparql.NewTypedLiteral("x", sparql.XSDInteger), sparql.NewTypedLiteral("-0044-12-31T24:00:00-14:00", rdfvalue.XSDDateTime),
		sparql.NewTypedLiteral("24:00:00", rdfvalue.XSDTime), sparql.NewTypedLiteral("x", "http://example.org/t"),
		nilLit, &sparql.CallExpr{Name: "NOW"},
	}
	ev := newExprEnv(time.Now(), "http://example.org/")
	b := &testBinder{vars: testVars()}
	call := func(x sparql.Expr) {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s panicked: %v", sparql.Print(x), r)
			}
		}()
		_, _ = ev.eval(x, b)
	}
	var combos [][]sparql.Expr
	combos = append(combos, nil)
	for _, a := range args {
		combos = append(combos, []sparql.Expr{a})
		for _, c := range args {
			combos = append(combos, []sparql.Expr{a, c})
		}
	}
	for _, a := range args[:8] {
		for _, c := range args[4:12] {
			for _, d := range args {
				combos = append(combos, []sparql.Expr{a, c, d}, []sparql.Expr{d, a, c, d})
			}
		}
	}
	for _, name := range names {
		for _, c := range combos {
			call(&sparql.CallExpr{Name: name, Args: c})
		}
	}
	for _, dt := range casts {
		for _, a := range args {
			call(&sparql.FuncCall{Func: sparql.NewIRI(dt), Args: []sparql.Expr{a}})
		}
	}
	for _, op := range []sparql.BinaryOp{sparql.OpOr, sparql.OpAnd, sparql.OpEq, sparql.OpNe, sparql.OpLt,
		sparql.OpGt, sparql.OpLe, sparql.OpGe, sparql.OpAdd, sparql.OpSub, sparql.OpMul, sparql.OpDiv} {
		for _, x := range args {
			for _, y := range args {
				call(&sparql.BinaryExpr{Op: op, X: x, Y: y})
			}
		}
	}
	for _, x := range args {
		for _, y := range args {
			_ = orderCompare(termOf(x), termOf(y))
			_, _ = ebv(termOf(x))
		}
		for _, op := range []string{"!", "-", "+"} {
			call(&sparql.UnaryExpr{Op: op, X: x})
		}
	}
}

// termOf returns x when it is a term, else nil.
func termOf(x sparql.Expr) sparql.Term {
	t, _ := x.(sparql.Term)
	return t
}
