package store

import (
	"crypto/md5"
	"encoding/hex"
	"regexp"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

func TestTermFunctions(t *testing.T) {
	runExprTable(t, []exprCase{
		{"STR(<http://example.org/a>)", `"http://example.org/a"`},
		{`STR("chat"@fr)`, `"chat"`},
		{`STR("1.50"^^xsd:decimal)`, `"1.50"`},
		{`STR("a")`, `"a"`},
		{"STR(?bn)", E},
		{"STR(?u)", E},
		{`LANG("chat"@fr)`, `"fr"`},
		{`LANG("chat"@EN-us)`, `"EN-us"`},
		{`LANG("chat")`, `""`},
		{`LANG(1)`, `""`},
		{"LANG(<http://example.org/a>)", E},
		{`DATATYPE("a")`, "<" + sparql.XSDString + ">"},
		{`DATATYPE("a"@en)`, "<" + sparql.RDFLangString + ">"},
		{`DATATYPE(1)`, "<" + sparql.XSDInteger + ">"},
		{`DATATYPE(1.0)`, "<" + sparql.XSDDecimal + ">"},
		{`DATATYPE("x"^^:t)`, "<http://example.org/t>"},
		{"DATATYPE(?iri)", E},

		{`IRI("http://example.org/x")`, "<http://example.org/x>"},
		{`URI("x")`, "<http://example.org/base/x>"},
		{`IRI("../y?q#f")`, "<http://example.org/y?q#f>"},
		{`IRI("/z")`, "<http://example.org/z>"},
		{`IRI("")`, "<http://example.org/base/>"},
		{`IRI("#frag")`, "<http://example.org/base/#frag>"},
		{`IRI("//other.org/p")`, "<http://other.org/p>"},
		{`IRI(<http://example.org/a>)`, "<http://example.org/a>"},
		{`IRI("x"^^xsd:string)`, "<http://example.org/base/x>"},
		{`IRI("x"@en)`, E},
		{`IRI(1)`, E},

		{`STRDT("123", xsd:integer)`, `"123"^^xsd:integer`},
		{`STRDT("iiii", <http://example.org/romanNumeral>)`, `"iiii"^^<http://example.org/romanNumeral>`},
		{`STRDT("abc", xsd:string)`, `"abc"`},
		{`STRDT("abc"^^xsd:string, xsd:string)`, `"abc"`},
		{`STRDT("abc"@en, xsd:string)`, E},
		{`STRDT("abc", "xsd:string")`, E},
		{`STRDT(1, xsd:string)`, E},
		{`STRLANG("chat", "fr")`, `"chat"@fr`},
		{`STRLANG("chat", "en-US")`, `"chat"@en-US`},
		{`STRLANG("chat"^^xsd:string, "fr")`, `"chat"@fr`},
		{`STRLANG("chat"@en, "fr")`, E},
		{`STRLANG("chat", "")`, E},
		{`STRLANG("chat", "not a tag")`, E},
		{`STRLANG(1, "fr")`, E},

		{"isIRI(?iri)", T},
		{"isURI(?iri)", T},
		{"isIRI(?bn)", F},
		{"isBLANK(?bn)", T},
		{"isBLANK(?s)", F},
		{"isLITERAL(?s)", T},
		{"isLITERAL(?iri)", F},
		{"isNUMERIC(12)", T},
		{`isNUMERIC("12")`, F},
		{`isNUMERIC("1200"^^xsd:byte)`, F},
		{`isNUMERIC("12"^^xsd:nonNegativeInteger)`, T},
		{`isNUMERIC("-1"^^xsd:nonNegativeInteger)`, F},
		{`isNUMERIC("1e3"^^xsd:float)`, T},
		{`isNUMERIC("abc"^^xsd:integer)`, F},
		{"isNUMERIC(?iri)", F},
		{"isIRI(?u)", E},

		{`MD5("abc")`, `"900150983cd24fb0d6963f7d28e17f72"`},
		{`MD5("abc"^^xsd:string)`, `"900150983cd24fb0d6963f7d28e17f72"`},
		{`SHA1("abc")`, `"a9993e364706816aba3e25717850c26c9cd0d89d"`},
		{`SHA256("abc")`, `"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"`},
		{`SHA384("abc")`, `"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"`},
		{`SHA512("abc")`, `"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"`},
		{`MD5("abc"@en)`, E},
		{`MD5(1)`, E},
	})
}

func TestMD5NonASCII(t *testing.T) {
	// The UTF-8 bytes are hashed.
	ev := newExprEnv(time.Now(), "")
	got := evalShow(t, ev, `MD5("食べ物")`, &testBinder{})
	sum := md5.Sum([]byte("食べ物"))
	if want := `"` + hex.EncodeToString(sum[:]) + `"`; got != want {
		t.Errorf(`MD5("食べ物") = %s, want %s`, got, want)
	}
}

func TestBNode(t *testing.T) {
	ev := newExprEnv(time.Now(), "")
	b := &testBinder{}
	x1 := evalShow(t, ev, `BNODE("x")`, b)
	x2 := evalShow(t, ev, `BNODE("x")`, b)
	y := evalShow(t, ev, `BNODE("y")`, b)
	f1 := evalShow(t, ev, `BNODE()`, b)
	f2 := evalShow(t, ev, `BNODE()`, b)
	ev.resetBNodes()
	x3 := evalShow(t, ev, `BNODE("x")`, b)
	got := []bool{x1 == x2, x1 != y, f1 != f2, x3 != x1, f1 != x1}
	if d := cmp.Diff([]bool{true, true, true, true, true}, got); d != "" {
		t.Errorf("BNODE identities %v %v %v %v %v %v (-want +got):\n%s", x1, x2, y, f1, f2, x3, d)
	}
	if s := evalShow(t, ev, `BNODE("x"@en)`, b); s != E {
		t.Errorf(`BNODE("x"@en) = %s, want an error`, s)
	}
	if s := evalShow(t, ev, `isBLANK(BNODE())`, b); s != T {
		t.Errorf(`isBLANK(BNODE()) = %s`, s)
	}
}

func TestUUID(t *testing.T) {
	ev := newExprEnv(time.Now(), "")
	b := &testBinder{}
	uuidRE := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	u1, err1 := ev.eval(parseTestExpr(t, "UUID()"), b)
	u2, err2 := ev.eval(parseTestExpr(t, "UUID()"), b)
	s1, err3 := ev.eval(parseTestExpr(t, "STRUUID()"), b)
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	i1, ok1 := u1.(*sparql.IRI)
	i2, ok2 := u2.(*sparql.IRI)
	l, ok3 := s1.(*sparql.Literal)
	switch {
	case !ok1 || !ok2 || !ok3:
		t.Fatalf("UUID() %T, STRUUID() %T", u1, s1)
	case i1.Value == i2.Value:
		t.Errorf("UUID() twice gave %s", i1.Value)
	case len(i1.Value) < 9 || i1.Value[:9] != "urn:uuid:" || !uuidRE.MatchString(i1.Value[9:]):
		t.Errorf("UUID() = %s", i1.Value)
	case !uuidRE.MatchString(l.Lexical) || l.Datatype != nil || l.Lang != "":
		t.Errorf("STRUUID() = %s", showTerm(l))
	}
}

func TestResolveReference(t *testing.T) {
	// RFC 3986 §5.4 examples.
	base := "http://a/b/c/d;p?q"
	tests := map[string]string{
		"g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/",
		"/g": "http://a/g", "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y",
		"#s": "http://a/b/c/d;p?q#s", "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s",
		";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x", "": "http://a/b/c/d;p?q",
		".": "http://a/b/c/", "./": "http://a/b/c/", "..": "http://a/b/", "../": "http://a/b/",
		"../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/", "../../g": "http://a/g",
		"../../../g": "http://a/g", "/./g": "http://a/g", "/../g": "http://a/g", "g.": "http://a/b/c/g.",
		".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g",
		"./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h",
		"g/../h": "http://a/b/c/h", "g;x=1/./y": "http://a/b/c/g;x=1/y", "g;x=1/../y": "http://a/b/c/y",
		"é": "http://a/b/c/é",
	}
	got, want := map[string]string{}, map[string]string{}
	for ref, w := range tests {
		got[ref] = sparql.ResolveIRI(base, ref)
		want[ref] = w
	}
	got["(no base)"] = sparql.ResolveIRI("", "g")
	want["(no base)"] = "g"
	got["(authority only)"] = sparql.ResolveIRI("http://a", "g")
	want["(authority only)"] = "http://a/g"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("resolution (-want +got):\n%s", d)
	}
}

func TestCasts(t *testing.T) {
	runExprTable(t, []exprCase{
		// To xsd:string: IRIs, and the XPath canonical string of values.
		{"xsd:string(<http://example.org/z>)", `"http://example.org/z"`},
		{`xsd:string("-10.2E3")`, `"-10.2E3"`},
		{`xsd:string(true)`, `"true"`},
		{`xsd:string("0"^^xsd:boolean)`, `"false"`},
		{`xsd:string(0.0)`, `"0"`},
		{`xsd:string(1.0)`, `"1"`},
		{`xsd:string(-2.50)`, `"-2.5"`},
		{`xsd:string("01"^^xsd:integer)`, `"1"`},
		{`xsd:string(0E1)`, `"0"`},
		{`xsd:string(1E0)`, `"1"`},
		{`xsd:string("1.25"^^xsd:float)`, `"1.25"`},
		{`xsd:string("-7.875"^^xsd:float)`, `"-7.875"`},
		{`xsd:string(1e7)`, `"1.0E7"`},
		{`xsd:string(1.5e-7)`, `"1.5E-7"`},
		{`xsd:string("INF"^^xsd:double)`, `"INF"`},
		{`xsd:string("2002-10-10T17:00:00Z"^^xsd:dateTime)`, `"2002-10-10T17:00:00Z"`},
		{`xsd:string("chat"@fr)`, `"chat"`},
		{`xsd:string("x"^^:unknown)`, `"x"`},
		{`xsd:string("abc"^^xsd:integer)`, E},
		{"xsd:string(?bn)", E},

		// To xsd:boolean.
		{`xsd:boolean("1")`, T},
		{`xsd:boolean("0")`, F},
		{`xsd:boolean("true")`, T},
		{`xsd:boolean("false")`, F},
		{`xsd:boolean("0.0")`, E},
		{`xsd:boolean("string")`, E},
		{`xsd:boolean(0)`, F},
		{`xsd:boolean(-1)`, T},
		{`xsd:boolean(0.0)`, F},
		{`xsd:boolean("0E1"^^xsd:float)`, F},
		{`xsd:boolean("NaN"^^xsd:double)`, F},
		{`xsd:boolean(2.5)`, T},
		{`xsd:boolean("0"^^xsd:boolean)`, F},
		{`xsd:boolean("2002-10-10T17:00:00Z"^^xsd:dateTime)`, E},
		{`xsd:boolean(<http://example.org/z>)`, E},

		// To xsd:integer and its derived types.
		{`xsd:integer("13")`, `"13"^^xsd:integer`},
		{`xsd:integer(" 13 ")`, `"13"^^xsd:integer`},
		{`xsd:integer("+13")`, `"13"^^xsd:integer`},
		{`xsd:integer("1.5")`, E},
		{`xsd:integer("1E0")`, E},
		{`xsd:integer("")`, E},
		{`xsd:integer(true)`, `"1"^^xsd:integer`},
		{`xsd:integer(2.5)`, `"2"^^xsd:integer`},
		{`xsd:integer(-2.5)`, `"-2"^^xsd:integer`},
		{`xsd:integer("1.25"^^xsd:float)`, `"1"^^xsd:integer`},
		{`xsd:integer("-7.875"^^xsd:float)`, `"-7"^^xsd:integer`},
		{`xsd:integer(1e20)`, `"100000000000000000000"^^xsd:integer`},
		{`xsd:integer("NaN"^^xsd:double)`, E},
		{`xsd:integer("INF"^^xsd:double)`, E},
		{`xsd:int("12")`, `"12"^^xsd:int`},
		{`xsd:byte("300")`, E},
		{`xsd:byte(-128)`, `"-128"^^xsd:byte`},
		{`xsd:unsignedLong("18446744073709551615")`, `"18446744073709551615"^^xsd:unsignedLong`},
		{`xsd:nonNegativeInteger(-1)`, E},
		{`xsd:positiveInteger(1)`, `"1"^^xsd:positiveInteger`},

		// To xsd:decimal.
		{`xsd:decimal("+33.3300")`, `"33.33"^^xsd:decimal`},
		{`xsd:decimal("0")`, `"0.0"^^xsd:decimal`},
		{`xsd:decimal("1")`, `"1.0"^^xsd:decimal`},
		{`xsd:decimal(".5")`, `"0.5"^^xsd:decimal`},
		{`xsd:decimal("5.")`, `"5.0"^^xsd:decimal`},
		{`xsd:decimal("-10.2E3")`, E},
		{`xsd:decimal("INF")`, E},
		{`xsd:decimal(".")`, E},
		{`xsd:decimal(true)`, `"1.0"^^xsd:decimal`},
		{`xsd:decimal(1)`, `"1.0"^^xsd:decimal`},
		{`xsd:decimal("-7.875"^^xsd:float)`, `"-7.875"^^xsd:decimal`},
		{`xsd:decimal(0.1e0)`, `"0.1"^^xsd:decimal`},
		{`xsd:decimal("NaN"^^xsd:double)`, E},

		// To xsd:double and xsd:float.
		{`xsd:double("-10.2E3")`, `"-1.02E4"^^xsd:double`},
		{`xsd:double("+33.3300")`, `"3.333E1"^^xsd:double`},
		{`xsd:double("1")`, `"1.0E0"^^xsd:double`},
		{`xsd:double("INF")`, `"INF"^^xsd:double`},
		{`xsd:double("-INF")`, `"-INF"^^xsd:double`},
		{`xsd:double("NaN")`, `"NaN"^^xsd:double`},
		{`xsd:double("inf")`, E},
		{`xsd:double("0x1p3")`, E},
		{`xsd:double("1e")`, E},
		{`xsd:double("1e400")`, `"INF"^^xsd:double`},
		{`xsd:double(true)`, `"1.0E0"^^xsd:double`},
		{`xsd:double(false)`, `"0.0E0"^^xsd:double`},
		{`xsd:double(2.5)`, `"2.5E0"^^xsd:double`},
		{`xsd:double("2002-10-10T17:00:00Z")`, E},
		{`xsd:float("1.5")`, `"1.5E0"^^xsd:float`},
		{`xsd:float(0.1)`, `"1.0E-1"^^xsd:float`},
		{`xsd:float(1e40)`, `"INF"^^xsd:float`},
		{`xsd:float(1)`, `"1.0E0"^^xsd:float`},

		// To xsd:dateTime, xsd:date, xsd:time.
		{`xsd:dateTime("2002-10-10T17:00:00Z")`, `"2002-10-10T17:00:00Z"^^xsd:dateTime`},
		{`xsd:dateTime("2002-10-10")`, E},
		{`xsd:dateTime("string")`, E},
		{`xsd:dateTime("2002-10-10"^^xsd:date)`, `"2002-10-10T00:00:00"^^xsd:dateTime`},
		{`xsd:dateTime("2002-10-10Z"^^xsd:date)`, `"2002-10-10T00:00:00Z"^^xsd:dateTime`},
		{`xsd:dateTime(?dt)`, `"2010-06-21T11:28:01Z"^^xsd:dateTime`},
		{`xsd:date(?dt)`, `"2010-06-21Z"^^xsd:date`},
		{`xsd:time("2010-06-21T11:28:01.5-08:00"^^xsd:dateTime)`, `"11:28:01.5-08:00"^^xsd:time`},
		{`xsd:date("2010-06-21")`, `"2010-06-21"^^xsd:date`},
		{`xsd:time("25:00:00")`, E},
		{`xsd:dateTime(1)`, E},
		{`xsd:dateTime("x"^^:unknown)`, E},

		{`xsd:integer(?u)`, E},
		{`xsd:integer("1"@en)`, E},
	})
}

// idBinder is a binder that identifies its solution.
type idBinder struct {
	testBinder
	id int
}

func (b *idBinder) solutionID() any { return b.id }

func TestBNodeScopedBySolution(t *testing.T) {
	// Expressions evaluated column by column (all solutions for one
	// expression, then the next): the solution identity keeps BNODE("x")
	// the same within a solution.
	ev := newExprEnv(time.Now(), "")
	var first [3]string
	for id := range 3 {
		first[id] = evalShow(t, ev, `BNODE("x")`, &idBinder{id: id})
	}
	var got []bool
	for id := range 3 {
		again := evalShow(t, ev, `BNODE("x")`, &idBinder{id: id})
		got = append(got, again == first[id])
	}
	got = append(got, first[0] != first[1], first[1] != first[2])
	if d := cmp.Diff([]bool{true, true, true, true, true}, got); d != "" {
		t.Errorf("BNODE by solution %v (-want +got):\n%s", first, d)
	}
}
