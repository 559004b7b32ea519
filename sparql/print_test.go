package sparql

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ---------------------------------------------------------------------------
// Tree-building helpers. They build trees in the shape the parser builds
// them, so that printed trees can be parsed back and compared with Equal.

const ptNS = "http://ex.org/"

func ptVar(name string) *Var { return &Var{Name: name} }

// ptRef is an IRI written as <value>.
func ptRef(value string) *IRI { return &IRI{Value: value, Ref: value} }

// ptPN is ex:local (prefix "ex" bound to ptNS), or :local with prefix "".
func ptPN(prefix, local string) *IRI {
	return &IRI{Value: ptNS + local, Form: PrefixedName, Prefix: prefix, Local: local}
}

func ptA() *IRI { return &IRI{Value: RDFType, Form: KeywordA} }

func ptBare(lexical, datatype string) *Literal {
	return &Literal{Lexical: lexical, Datatype: &IRI{Value: datatype}, Form: BareLiteral}
}

func ptInt(lexical string) *Literal { return ptBare(lexical, XSDInteger) }

func ptStr(s string) *Literal { return &Literal{Lexical: s} }

func ptBin(op BinaryOp, x, y Expr) *BinaryExpr { return &BinaryExpr{Op: op, X: x, Y: y} }

func ptUn(op string, x Expr) *UnaryExpr { return &UnaryExpr{Op: op, X: x} }

func ptTriple(s GraphNode, p Path, objs ...GraphNode) *TriplesSameSubject {
	return &TriplesSameSubject{Subject: s, Properties: []*PropertyObjects{{Verb: p, Objects: objs}}}
}

func ptBlock(ts ...*TriplesSameSubject) *TriplesBlock { return &TriplesBlock{Triples: ts} }

func ptGroup(es ...Pattern) *GroupPattern { return &GroupPattern{Elements: es} }

func ptInt64(n int64) *int64 { return &n }

func ptStrPtr(s string) *string { return &s }

// ptPrologue declares the prefixes ptPN uses.
var ptPrologue = []*PrologueDecl{
	{IsPrefix: true, Prefix: "", IRI: ptRef(ptNS)},
	{IsPrefix: true, Prefix: "ex", IRI: ptRef(ptNS)},
	{IsPrefix: true, Prefix: "xsd", IRI: ptRef(XSD)},
}

const ptPrologueText = "PREFIX : <" + ptNS + ">\nPREFIX ex: <" + ptNS + ">\nPREFIX xsd: <" + XSD + ">\n"

// ptNoChecks parses without the static rules beyond the grammar, so
// that expressions can be checked in isolation (an aggregate in FILTER).
var ptNoChecks = &Dialect{Name: "test", SkipSemanticChecks: true}

// ptParse parses src or fails the test.
func ptParse(t testing.TB, src string, opts ...Option) *Query {
	t.Helper()
	q, err := Parse(src, opts...)
	if err != nil {
		t.Fatalf("Parse failed: %v\n--- source:\n%s", err, src)
	}
	return q
}

// ptTreeDiff explains how two trees differ, ignoring what Equal ignores.
func ptTreeDiff(want, got Node) string {
	return cmp.Diff(want, got, cmpopts.IgnoreTypes(Span{}), cmpopts.IgnoreFields(Query{}, "Base"), cmpopts.EquateEmpty())
}

// ptCheckRoundTrip checks that Print and PrintCompact of q parse back to q
// and that Print is idempotent. It returns false after reporting a failure.
func ptCheckRoundTrip(t testing.TB, name string, q *Query, opts ...Option) bool {
	t.Helper()
	printed := Print(q)
	for _, form := range []struct {
		name string
		text string
	}{{"Print", printed}, {"PrintCompact", PrintCompact(q)}} {
		q2, err := Parse(form.text, opts...)
		if err != nil {
			t.Errorf("%s: Parse(%s(q)) failed: %v\n--- printed:\n%s", name, form.name, err, form.text)
			return false
		}
		if !Equal(q, q2) {
			t.Errorf("%s: Parse(%s(q)) differs from q (-q +reparsed):\n%s--- printed:\n%s", name, form.name, ptTreeDiff(q, q2), form.text)
			return false
		}
		if form.name == "Print" {
			if again := Print(q2); again != printed {
				t.Errorf("%s: Print is not idempotent:\n%s", name, cmp.Diff(printed, again))
				return false
			}
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Expressions.

func TestPrintExpr(t *testing.T) {
	a, b, c, x := ptVar("a"), ptVar("b"), ptVar("c"), ptVar("x")
	tests := []struct {
		name string
		e    Expr
		want string
	}{
		// Precedence and associativity.
		{"and binds tighter than or", ptBin(OpOr, ptBin(OpAnd, a, b), c), "?a && ?b || ?c"},
		{"or under and", ptBin(OpAnd, ptBin(OpOr, a, b), c), "(?a || ?b) && ?c"},
		{"left-assoc or", ptBin(OpOr, ptBin(OpOr, a, b), c), "?a || ?b || ?c"},
		{"right-nested or", ptBin(OpOr, a, ptBin(OpOr, b, c)), "?a || (?b || ?c)"},
		{"left-assoc minus", ptBin(OpSub, ptBin(OpSub, a, b), c), "?a - ?b - ?c"},
		{"right-nested minus", ptBin(OpSub, a, ptBin(OpSub, b, c)), "?a - (?b - ?c)"},
		{"right-nested plus", ptBin(OpAdd, a, ptBin(OpAdd, b, c)), "?a + (?b + ?c)"},
		{"sum times", ptBin(OpMul, ptBin(OpAdd, a, b), c), "(?a + ?b) * ?c"},
		{"plus product", ptBin(OpAdd, a, ptBin(OpMul, b, c)), "?a + ?b * ?c"},
		{"divide product", ptBin(OpDiv, a, ptBin(OpMul, b, c)), "?a / (?b * ?c)"},
		{"product divide", ptBin(OpDiv, ptBin(OpMul, a, b), c), "?a * ?b / ?c"},
		{"relational left", ptBin(OpEq, ptBin(OpEq, a, b), c), "(?a = ?b) = ?c"},
		{"relational right", ptBin(OpEq, a, ptBin(OpLt, b, c)), "?a = (?b < ?c)"},
		{"relational of sums", ptBin(OpGe, ptBin(OpAdd, a, b), ptBin(OpSub, c, ptInt("1"))), "?a + ?b >= ?c - 1"},
		{"not equal", ptBin(OpNe, a, ptStr("x")), `?a != "x"`},
		{"less or equal", ptBin(OpLe, a, b), "?a <= ?b"},
		// Signs and negative numbers.
		{"minus literal", ptBin(OpSub, a, ptInt("5")), "?a - 5"},
		{"plus negative literal", ptBin(OpAdd, a, ptInt("-5")), "?a + -5"},
		{"minus negative literal", ptBin(OpSub, a, ptInt("-5")), "?a - -5"},
		{"negative literal first", ptBin(OpMul, ptInt("-2"), a), "-2 * ?a"},
		{"negated literal", ptUn("-", ptInt("5")), "-(5)"},
		{"negated negative literal", ptUn("-", ptInt("-5")), "-(-5)"},
		{"plus decimal", ptUn("+", ptBare(".5", XSDDecimal)), "+(.5)"},
		{"negated double", ptUn("-", ptBare("1e3", XSDDouble)), "-(1e3)"},
		{"negated variable", ptUn("-", x), "-?x"},
		{"negated quoted", ptUn("-", ptStr("5")), `-"5"`},
		{"negated sum", ptUn("-", ptBin(OpAdd, a, b)), "-(?a + ?b)"},
		{"double negation", ptUn("-", ptUn("-", x)), "-(-?x)"},
		{"double not", ptUn("!", ptUn("!", x)), "!(!?x)"},
		{"not of bound", ptUn("!", &CallExpr{Name: "BOUND", Args: []Expr{x}}), "!BOUND(?x)"},
		{"not of and", ptUn("!", ptBin(OpAnd, a, b)), "!(?a && ?b)"},
		{"negation in product", ptBin(OpMul, ptUn("-", a), b), "-?a * ?b"},
		{"not boolean", ptUn("!", ptBare("true", XSDBoolean)), "!true"},
		// IN.
		{"in", &InExpr{X: a, List: []Expr{ptInt("1"), ptStr("b")}}, `?a IN (1, "b")`},
		{"not in empty", &InExpr{X: a, Not: true}, "?a NOT IN ()"},
		{"in of sum", &InExpr{X: ptBin(OpAdd, a, b), List: []Expr{c}}, "?a + ?b IN (?c)"},
		{"in of comparison", &InExpr{X: ptBin(OpEq, a, b), List: []Expr{c}}, "(?a = ?b) IN (?c)"},
		{"in under and", ptBin(OpAnd, &InExpr{X: a, List: []Expr{b}}, c), "?a IN (?b) && ?c"},
		{"in under equals", ptBin(OpEq, &InExpr{X: a, List: []Expr{b}}, c), "(?a IN (?b)) = ?c"},
		{"in under plus", ptBin(OpAdd, a, &InExpr{X: b, List: []Expr{c}}), "?a + (?b IN (?c))"},
		// Calls.
		{"regex", &CallExpr{Name: "REGEX", Args: []Expr{x, ptStr("^a"), ptStr("i")}}, `REGEX(?x, "^a", "i")`},
		{"no args", &CallExpr{Name: "NOW"}, "NOW()"},
		{"nested call", &CallExpr{Name: "STRLEN", Args: []Expr{&CallExpr{Name: "STR", Args: []Expr{x}}}}, "STRLEN(STR(?x))"},
		{"cast", &FuncCall{Func: &IRI{Value: XSDInteger, Form: PrefixedName, Prefix: "xsd", Local: "integer"}, Args: []Expr{x}}, "xsd:integer(?x)"},
		{"function distinct", &FuncCall{Func: ptRef(ptNS + "agg"), Distinct: true, Args: []Expr{a, b}}, "<http://ex.org/agg>(DISTINCT ?a, ?b)"},
		{"function no args", &FuncCall{Func: ptPN("ex", "f")}, "ex:f()"},
		// Aggregates.
		{"count star", &Aggregate{Name: "COUNT", Star: true}, "COUNT(*)"},
		{"count distinct star", &Aggregate{Name: "COUNT", Star: true, Distinct: true}, "COUNT(DISTINCT *)"},
		{"sum distinct", &Aggregate{Name: "SUM", Distinct: true, Arg: x}, "SUM(DISTINCT ?x)"},
		{"avg of expr", &Aggregate{Name: "AVG", Arg: ptBin(OpMul, a, b)}, "AVG(?a * ?b)"},
		{"group_concat", &Aggregate{Name: "GROUP_CONCAT", Arg: x, Separator: ptStrPtr(", ")}, `GROUP_CONCAT(?x ; SEPARATOR = ", ")`},
		{"group_concat escaped separator", &Aggregate{Name: "GROUP_CONCAT", Distinct: true, Arg: x, Separator: ptStrPtr("\"\n")}, `GROUP_CONCAT(DISTINCT ?x ; SEPARATOR = "\"\n")`},
		{"aggregate in comparison", ptBin(OpGt, &Aggregate{Name: "COUNT", Arg: x}, ptInt("1")), "COUNT(?x) > 1"},
		// EXISTS.
		{"exists", &ExistsExpr{Pattern: ptGroup(ptBlock(ptTriple(a, ptPN("ex", "p"), b)))}, "EXISTS {\n  ?a ex:p ?b .\n}"},
		{"not exists empty", &ExistsExpr{Not: true, Pattern: ptGroup()}, "NOT EXISTS {}"},
		{"not exists under or", ptBin(OpOr, a, &ExistsExpr{Not: true, Pattern: ptGroup()}), "?a || NOT EXISTS {}"},
		// Terms.
		{"prefixed name", ptPN("", "x"), ":x"},
		{"iri ref", ptRef(ptNS + "x"), "<http://ex.org/x>"},
		{"dollar var", &Var{Name: "v", Dollar: true}, "$v"},
		{"unicode", ptBin(OpEq, a, &Literal{Lexical: "日本語 ☃", Lang: "ja"}), `?a = "日本語 ☃"@ja`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Print(tt.e); got != tt.want {
				t.Errorf("Print = %q, want %q", got, tt.want)
			}
			// The printed expression must parse back to the same tree.
			src := ptPrologueText + "SELECT * WHERE { FILTER (" + Print(tt.e) + ") }"
			q, err := Parse(src, WithDialect(ptNoChecks))
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, src)
			}
			got := q.Where.Elements[0].(*FilterPattern).Expr
			if !Equal(got, tt.e) {
				t.Errorf("reparsed expression differs (-want +got):\n%s", ptTreeDiff(tt.e, got))
			}
			srcCompact := ptPrologueText + "SELECT * WHERE{FILTER(" + PrintCompact(tt.e) + ")}"
			qc, err := Parse(srcCompact, WithDialect(ptNoChecks))
			if err != nil {
				t.Fatalf("Parse compact: %v\n%s", err, srcCompact)
			}
			if got := qc.Where.Elements[0].(*FilterPattern).Expr; !Equal(got, tt.e) {
				t.Errorf("reparsed compact expression differs (-want +got):\n%s", ptTreeDiff(tt.e, got))
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Literals, IRIs and local names.

func TestPrintLiteral(t *testing.T) {
	xsdInt := &IRI{Value: XSDInteger, Form: PrefixedName, Prefix: "xsd", Local: "integer"}
	tests := []struct {
		name     string
		l        *Literal
		want     string
		reparses bool // the printed form parses back to the same literal
	}{
		{"integer", ptInt("42"), "42", true},
		{"signed integer", ptInt("+42"), "+42", true},
		{"leading zeros", ptInt("007"), "007", true},
		{"decimal", ptBare("3.14", XSDDecimal), "3.14", true},
		{"decimal without integer part", ptBare("-.5", XSDDecimal), "-.5", true},
		{"double", ptBare("1.5E-3", XSDDouble), "1.5E-3", true},
		{"double with dot only", ptBare("1.e7", XSDDouble), "1.e7", true},
		{"boolean", ptBare("false", XSDBoolean), "false", true},
		{"integer not a token", ptInt("12a"), `"12a"^^<` + XSDInteger + `>`, false},
		{"integer lexical of a decimal", ptBare("5", XSDDecimal), `"5"^^<` + XSDDecimal + `>`, false},
		{"decimal without fraction", ptBare("5.", XSDDecimal), `"5."^^<` + XSDDecimal + `>`, false},
		{"double without exponent", ptBare("1.5", XSDDouble), `"1.5"^^<` + XSDDouble + `>`, false},
		{"bare without datatype", &Literal{Lexical: "7", Form: BareLiteral}, `"7"`, false},
		{"simple", ptStr("hello"), `"hello"`, true},
		{"empty", ptStr(""), `""`, true},
		{"escapes", ptStr("a\"b\\c\nd\re\tf\bg\fh'"), `"a\"b\\c\nd\re\tf\bg\fh'"`, true},
		{"triple quotes", ptStr(`"""`), `"\"\"\""`, true},
		{"language", &Literal{Lexical: "chat", Lang: "fr"}, `"chat"@fr`, true},
		{"language subtag", &Literal{Lexical: "colour", Lang: "en-GB"}, `"colour"@en-GB`, true},
		{"datatype as written", &Literal{Lexical: "5", Datatype: xsdInt}, `"5"^^xsd:integer`, true},
		{"datatype ref", &Literal{Lexical: "x", Datatype: ptRef(ptNS + "dt")}, `"x"^^<http://ex.org/dt>`, true},
		{"unicode", ptStr("Zoë — 東京 🚀"), `"Zoë — 東京 🚀"`, true},
		{"control characters", ptStr("a\x07b\x00c\x7fd\u0085e\u2028f\u2029"), `"a\u0007b\u0000c\u007Fd\u0085e\u2028f\u2029"`, true},
		{"long string source", &Literal{Lexical: "multi\nline \"quoted\" '''", Lang: "en-us"}, `"multi\nline \"quoted\" '''"@en-us`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Print(tt.l); got != tt.want {
				t.Errorf("Print = %s, want %s", got, tt.want)
			}
			src := ptPrologueText + "SELECT * WHERE { ?s ?p " + Print(tt.l) + " }"
			q := ptParse(t, src)
			got := q.Where.Elements[0].(*TriplesBlock).Triples[0].Properties[0].Objects[0].(*Literal)
			if tt.reparses && !Equal(got, tt.l) {
				t.Errorf("reparsed literal differs (-want +got):\n%s", ptTreeDiff(tt.l, got))
			}
			if got.Key() != tt.l.Key() && tt.l.Datatype != nil {
				t.Errorf("reparsed literal is another RDF term: %s, want %s", got.Key(), tt.l.Key())
			}
		})
	}
}

func TestEscapeLocal(t *testing.T) {
	tests := []struct {
		local string
		want  string
		ok    bool
	}{
		{"", "", true},
		{"abc", "abc", true},
		{"singer#age", `singer\#age`, true},
		{"a.b", "a.b", true},
		{"a..b", "a..b", true},
		{"a.", `a\.`, true},
		{"a..", `a.\.`, true},
		{".a", `\.a`, true},
		{"-a", `\-a`, true},
		{"a-b-", "a-b-", true},
		{"_a", "_a", true},
		{"1abc", "1abc", true},
		{":a:b:", ":a:b:", true},
		{"%41", "%41", true},
		{"a%2Fb", "a%2Fb", true},
		{"%4", `\%4`, true},
		{"%zz", `\%zz`, true},
		{"a%", `a\%`, true},
		{"~!$&'()*+,;=/?#@", `\~\!\$\&\'\(\)\*\+\,\;\=\/\?\#\@`, true},
		{"x/y?z", `x\/y\?z`, true},
		{"é", "é", true},
		{"東京", "東京", true},
		{"a·b", "a·b", true},
		{"a\u0301", "a\u0301", true},
		{"·a", "", false},
		{"\u0301a", "", false},
		{"a b", "", false},
		{"a\"b", "", false},
		{"a<b", "", false},
		{"a\\b", "", false},
		{"a{b", "", false},
		{"a^b", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.local, func(t *testing.T) {
			got, ok := escapeLocal(tt.local)
			if got != tt.want || ok != tt.ok {
				t.Fatalf("escapeLocal(%q) = %q, %v; want %q, %v", tt.local, got, ok, tt.want, tt.ok)
			}
			iri := &IRI{Value: ptNS + tt.local, Form: PrefixedName, Prefix: "ex", Local: tt.local}
			printed := Print(iri)
			if !ok {
				// Not expressible as a prefixed name: an IRI reference.
				if !strings.HasPrefix(printed, "<") {
					t.Fatalf("Print = %s, want an IRI reference", printed)
				}
				return
			}
			src := ptPrologueText + "SELECT * WHERE { " + printed + " ?p ?o }"
			q := ptParse(t, src)
			got2 := q.Where.Elements[0].(*TriplesBlock).Triples[0].Subject.(*IRI)
			if !Equal(got2, iri) {
				t.Errorf("reparsed %s differs (-want +got):\n%s", printed, ptTreeDiff(iri, got2))
			}
		})
	}
}

func TestPrintIRI(t *testing.T) {
	tests := []struct {
		name string
		n    Node
		want string
	}{
		{"value only", NewIRI("http://ex.org/a"), "<http://ex.org/a>"},
		{"ref as written", &IRI{Value: "http://base.org/rel", Ref: "rel"}, "<rel>"},
		{"parsed empty ref", &IRI{Span: Span{From: 3, To: 5}, Value: "http://base.org/"}, "<>"},
		{"code-built empty", &IRI{}, "<>"},
		{"escaped characters", NewIRI("http://ex.org/a b<c>\"{|}^`\\"), `<http://ex.org/a\u0020b\u003Cc\u003E\u0022\u007B\u007C\u007D\u005E\u0060\u005C>`},
		{"unicode kept", NewIRI("http://ex.org/東京"), "<http://ex.org/東京>"},
		{"prefixed", ptPN("ex", "a"), "ex:a"},
		{"empty prefix and local", &IRI{Value: ptNS, Form: PrefixedName}, ":"},
		{"invalid prefix label", &IRI{Value: ptNS + "a", Form: PrefixedName, Prefix: "1x", Local: "a"}, "<http://ex.org/a>"},
		{"unprintable local", &IRI{Value: ptNS + "a%20b", Form: PrefixedName, Prefix: "ex", Local: "a b"}, "<http://ex.org/a%20b>"},
		{"keyword a alone", ptA(), "a"},
		{"keyword a as object", ptTriple(ptVar("s"), ptA(), ptA()), "?s a <" + RDFType + ">"},
		{"keyword a in an expression", ptBin(OpEq, ptVar("a"), ptA()), "?a = <" + RDFType + ">"},
		{"keyword a as datatype", &Literal{Lexical: "x", Datatype: ptA()}, `"x"^^<` + RDFType + `>`},
		{"keyword a in a path", &PathSeq{Items: []Path{ptA(), &PathInv{X: ptA()}}}, "a/^a"},
		{"keyword a in a negated set", &PathNeg{Items: []*NegItem{{IRI: ptA()}, {IRI: ptA(), Inverse: true}}}, "!(a|^a)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Print(tt.n); got != tt.want {
				t.Errorf("Print = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestValidBareLiteral(t *testing.T) {
	tests := []struct {
		s, dt string
		want  bool
	}{
		{"0", XSDInteger, true}, {"-12", XSDInteger, true}, {"+1", XSDInteger, true},
		{"", XSDInteger, false}, {"-", XSDInteger, false}, {"1.0", XSDInteger, false}, {"1e3", XSDInteger, false}, {"١", XSDInteger, false},
		{"1.0", XSDDecimal, true}, {".5", XSDDecimal, true}, {"-0.0", XSDDecimal, true},
		{"1", XSDDecimal, false}, {"1.", XSDDecimal, false}, {".", XSDDecimal, false}, {"1.2.3", XSDDecimal, false},
		{"1e3", XSDDouble, true}, {"1.E+3", XSDDouble, true}, {".5e-1", XSDDouble, true}, {"-2.5E10", XSDDouble, true},
		{"1.5", XSDDouble, false}, {"e3", XSDDouble, false}, {".e3", XSDDouble, false}, {"1e", XSDDouble, false}, {"1e+", XSDDouble, false}, {"INF", XSDDouble, false},
		{"true", XSDBoolean, true}, {"FALSE", XSDBoolean, true}, {"1", XSDBoolean, false},
		{"1", XSDString, false}, {"1", "", false},
	}
	for _, tt := range tests {
		if got := validBareLiteral(tt.s, tt.dt); got != tt.want {
			t.Errorf("validBareLiteral(%q, %s) = %v, want %v", tt.s, tt.dt, got, tt.want)
		}
	}
}

// ---------------------------------------------------------------------------
// Paths.

func TestPrintPath(t *testing.T) {
	p, q, r := ptPN("", "p"), ptPN("", "q"), ptPN("", "r")
	tests := []struct {
		name string
		path Path
		want string
	}{
		{"alternative", &PathAlt{Alts: []Path{p, q, r}}, ":p|:q|:r"},
		{"sequence", &PathSeq{Items: []Path{p, q}}, ":p/:q"},
		{"sequence in alternative", &PathAlt{Alts: []Path{&PathSeq{Items: []Path{p, q}}, r}}, ":p/:q|:r"},
		{"alternative in sequence", &PathSeq{Items: []Path{&PathAlt{Alts: []Path{p, q}}, r}}, "(:p|:q)/:r"},
		{"nested alternative", &PathAlt{Alts: []Path{&PathAlt{Alts: []Path{p, q}}, r}}, "(:p|:q)|:r"},
		{"nested sequence", &PathSeq{Items: []Path{p, &PathSeq{Items: []Path{q, r}}}}, ":p/(:q/:r)"},
		{"inverse", &PathInv{X: p}, "^:p"},
		{"inverse of modified", &PathInv{X: &PathMod{X: p, Mod: '*'}}, "^:p*"},
		{"modified inverse", &PathMod{X: &PathInv{X: p}, Mod: '+'}, "(^:p)+"},
		{"inverse of inverse", &PathInv{X: &PathInv{X: p}}, "^(^:p)"},
		{"inverse of sequence", &PathInv{X: &PathSeq{Items: []Path{p, q}}}, "^(:p/:q)"},
		{"modifiers", &PathSeq{Items: []Path{&PathMod{X: p, Mod: '?'}, &PathMod{X: q, Mod: '*'}, &PathMod{X: r, Mod: '+'}}}, ":p?/:q*/:r+"},
		{"modified sequence", &PathMod{X: &PathSeq{Items: []Path{p, q}}, Mod: '*'}, "(:p/:q)*"},
		{"modified modified", &PathMod{X: &PathMod{X: p, Mod: '*'}, Mod: '?'}, "(:p*)?"},
		{"negated iri", &PathNeg{Items: []*NegItem{{IRI: p}}}, "!:p"},
		{"negated inverse", &PathNeg{Items: []*NegItem{{IRI: p, Inverse: true}}}, "!^:p"},
		{"negated set", &PathNeg{Items: []*NegItem{{IRI: p}, {IRI: q, Inverse: true}, {IRI: ptA()}}}, "!(:p|^:q|a)"},
		{"negated modified", &PathMod{X: &PathNeg{Items: []*NegItem{{IRI: p}, {IRI: q}}}, Mod: '*'}, "!(:p|:q)*"},
		{"inverse of negated", &PathInv{X: &PathNeg{Items: []*NegItem{{IRI: p}}}}, "^!:p"},
		{"iri refs", &PathSeq{Items: []Path{ptRef(ptNS + "p"), ptA()}}, "<http://ex.org/p>/a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Print(tt.path); got != tt.want {
				t.Errorf("Print = %s, want %s", got, tt.want)
			}
			for _, text := range []string{Print(tt.path), PrintCompact(tt.path)} {
				src := ptPrologueText + "SELECT * WHERE { ?s " + text + " ?o }"
				qq := ptParse(t, src)
				got := qq.Where.Elements[0].(*TriplesBlock).Triples[0].Properties[0].Verb
				if !Equal(got, tt.path) {
					t.Errorf("reparsed %s differs (-want +got):\n%s", text, ptTreeDiff(tt.path, got))
				}
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Whole queries built by hand, covering every node type.

// ptBigSelect uses every pattern and most other node types.
func ptBigSelect() *Query {
	s, o, x, y, n := ptVar("s"), ptVar("o"), ptVar("x"), ptVar("y"), ptVar("n")
	sub := &Query{
		Form:        Select,
		Projections: []*Projection{{Var: ptVar("x")}, {Expr: &Aggregate{Name: "MAX", Arg: ptVar("y")}, Var: ptVar("m")}},
		Where:       ptGroup(ptBlock(ptTriple(ptVar("x"), ptPN("ex", "v"), ptVar("y")))),
		GroupBy:     []*GroupCondition{{Expr: ptVar("x")}},
		Limit:       ptInt64(3),
	}
	return &Query{
		Prologue: []*PrologueDecl{
			{IRI: ptRef("http://ex.org/")},
			ptPrologue[0], ptPrologue[1], ptPrologue[2],
		},
		Form:     Select,
		Distinct: true,
		Projections: []*Projection{
			{Var: s},
			{Expr: &Aggregate{Name: "COUNT", Distinct: true, Arg: o}, Var: n},
			{Expr: &Aggregate{Name: "GROUP_CONCAT", Arg: ptVar("l"), Separator: ptStrPtr("; ")}, Var: ptVar("ls")},
		},
		Dataset: []*DatasetClause{{IRI: ptRef(ptNS + "g1")}, {Named: true, IRI: ptPN("ex", "g2")}},
		Where: ptGroup(
			&TriplesBlock{Triples: []*TriplesSameSubject{
				{Subject: s, Properties: []*PropertyObjects{
					{Verb: ptA(), Objects: []GraphNode{ptPN("", "C")}},
					{Verb: ptPN("", "p"), Objects: []GraphNode{o, ptInt("-1"), &Literal{Lexical: "x y", Lang: "en"}}},
					{Verb: &PathSeq{Items: []Path{ptPN("", "q"), &PathMod{X: ptPN("", "r"), Mod: '*'}}}, Objects: []GraphNode{ptVar("l")}},
				}},
				{Subject: &BlankNodePropertyList{Properties: []*PropertyObjects{
					{Verb: ptPN("", "p"), Objects: []GraphNode{&Collection{Items: []GraphNode{ptInt("1"), ptStr("two"), &BlankNode{Anon: true}}}}},
					{Verb: ptPN("", "q"), Objects: []GraphNode{&BlankNodePropertyList{Properties: []*PropertyObjects{{Verb: ptPN("", "r"), Objects: []GraphNode{s}}}}}},
				}}},
				{Subject: &Collection{Items: []GraphNode{x, y}}, Properties: []*PropertyObjects{{Verb: ptPN("", "s"), Objects: []GraphNode{&BlankNode{Label: "b1"}}}}},
			}},
			&FilterPattern{Expr: ptBin(OpAnd, ptBin(OpGt, o, ptInt("5")), &CallExpr{Name: "BOUND", Args: []Expr{s}})},
			&FilterPattern{Expr: &CallExpr{Name: "REGEX", Args: []Expr{ptVar("l"), ptStr("^a")}}},
			&FilterPattern{Expr: &ExistsExpr{Not: true, Pattern: ptGroup(ptBlock(ptTriple(s, ptPN("", "deleted"), ptBare("true", XSDBoolean))))}},
			&OptionalPattern{Pattern: ptGroup(ptBlock(ptTriple(s, ptPN("", "label"), ptVar("lab"))), &FilterPattern{Expr: &CallExpr{Name: "LANGMATCHES", Args: []Expr{&CallExpr{Name: "LANG", Args: []Expr{ptVar("lab")}}, ptStr("en")}}})},
			&BindPattern{Expr: ptBin(OpMul, ptBin(OpAdd, o, ptInt("1")), ptInt("2")), Var: ptVar("b")},
			&UnionPattern{Alts: []*GroupPattern{
				ptGroup(ptBlock(ptTriple(s, ptPN("", "u1"), ptVar("u")))),
				ptGroup(ptBlock(ptTriple(s, ptPN("", "u2"), ptVar("u")))),
				ptGroup(),
			}},
			&MinusPattern{Pattern: ptGroup(ptBlock(ptTriple(s, ptPN("", "hidden"), ptVar("h"))))},
			&GraphPattern{Name: ptVar("g"), Pattern: ptGroup(ptBlock(ptTriple(s, ptPN("", "in"), ptVar("g2"))))},
			&ServicePattern{Silent: true, Endpoint: ptRef("http://sparql.ex.org/"), Pattern: ptGroup(ptBlock(ptTriple(s, ptPN("", "remote"), ptVar("rv"))))},
			&ValuesPattern{Values: &ValuesBlock{Vars: []*Var{ptVar("k")}, Rows: [][]Term{{ptPN("", "k1")}, {nil}, {ptInt("3")}}, OneVar: true}},
			ptGroup(&SubSelect{Query: sub}),
			ptGroup(ptBlock(ptTriple(s, &PathNeg{Items: []*NegItem{{IRI: ptPN("", "p")}, {IRI: ptPN("", "q"), Inverse: true}}}, ptVar("z")))),
		),
		GroupBy: []*GroupCondition{{Expr: s}, {Expr: &CallExpr{Name: "STR", Args: []Expr{o}}}, {Expr: ptBin(OpAdd, o, ptInt("1")), Var: ptVar("o1")}, {Expr: ptBin(OpSub, o, ptInt("1"))}},
		Having:  []Expr{ptBin(OpGt, &Aggregate{Name: "COUNT", Star: true}, ptInt("1")), &CallExpr{Name: "BOUND", Args: []Expr{s}}},
		OrderBy: []*OrderCondition{{Expr: n, Desc: true, Explicit: true}, {Expr: s}, {Expr: s, Explicit: true}, {Expr: &CallExpr{Name: "STR", Args: []Expr{s}}}, {Expr: ptBin(OpAdd, n, ptInt("1"))}},
		Limit:   ptInt64(10),
		Offset:  ptInt64(20),
		Values:  &ValuesBlock{Vars: []*Var{s, n}, Rows: [][]Term{{ptPN("", "a"), ptInt("1")}, {nil, ptStr("z")}}},
	}
}

const ptBigSelectText = `BASE <http://ex.org/>
PREFIX : <http://ex.org/>
PREFIX ex: <http://ex.org/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT DISTINCT ?s (COUNT(DISTINCT ?o) AS ?n) (GROUP_CONCAT(?l ; SEPARATOR = "; ") AS ?ls)
FROM <http://ex.org/g1>
FROM NAMED ex:g2
WHERE {
  ?s a :C ;
    :p ?o ,
      -1 ,
      "x y"@en ;
    :q/:r* ?l .
  [ :p (1 "two" []) ; :q [ :r ?s ] ] .
  (?x ?y) :s _:b1 .
  FILTER (?o > 5 && BOUND(?s))
  FILTER REGEX(?l, "^a")
  FILTER NOT EXISTS {
    ?s :deleted true .
  }
  OPTIONAL {
    ?s :label ?lab .
    FILTER LANGMATCHES(LANG(?lab), "en")
  }
  BIND ((?o + 1) * 2 AS ?b)
  {
    ?s :u1 ?u .
  }
  UNION
  {
    ?s :u2 ?u .
  }
  UNION
  {}
  MINUS {
    ?s :hidden ?h .
  }
  GRAPH ?g {
    ?s :in ?g2 .
  }
  SERVICE SILENT <http://sparql.ex.org/> {
    ?s :remote ?rv .
  }
  VALUES ?k { :k1 UNDEF 3 }
  {
    SELECT ?x (MAX(?y) AS ?m)
    WHERE {
      ?x ex:v ?y .
    }
    GROUP BY ?x
    LIMIT 3
  }
  {
    ?s !(:p|^:q) ?z .
  }
}
GROUP BY ?s STR(?o) (?o + 1 AS ?o1) (?o - 1)
HAVING (COUNT(*) > 1) BOUND(?s)
ORDER BY DESC(?n) ?s ASC(?s) STR(?s) (?n + 1)
LIMIT 10
OFFSET 20
VALUES (?s ?n) {
  (:a 1)
  (UNDEF "z")
}`

const ptBigSelectCompact = `BASE <http://ex.org/> PREFIX : <http://ex.org/> PREFIX ex: <http://ex.org/> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> ` +
	`SELECT DISTINCT ?s(COUNT(DISTINCT ?o)AS ?n)(GROUP_CONCAT(?l;SEPARATOR = "; ")AS ?ls)FROM <http://ex.org/g1> FROM NAMED ex:g2 ` +
	`WHERE{?s a :C;:p ?o,-1,"x y"@en;:q/:r* ?l .[:p(1 "two"[]);:q[:r ?s]].(?x ?y):s _:b1 . FILTER(?o > 5 && BOUND(?s))FILTER REGEX(?l,"^a")` +
	`FILTER NOT EXISTS{?s :deleted true .}OPTIONAL{?s :label ?lab . FILTER LANGMATCHES(LANG(?lab),"en")}BIND((?o + 1)* 2 AS ?b)` +
	`{?s :u1 ?u .}UNION{?s :u2 ?u .}UNION{}MINUS{?s :hidden ?h .}GRAPH ?g{?s :in ?g2 .}SERVICE SILENT <http://sparql.ex.org/>{?s :remote ?rv .}` +
	`VALUES ?k{:k1 UNDEF 3}{SELECT ?x(MAX(?y)AS ?m)WHERE{?x ex:v ?y .}GROUP BY ?x LIMIT 3}{?s !(:p|^:q)?z .}}` +
	`GROUP BY ?s STR(?o)(?o + 1 AS ?o1)(?o - 1)HAVING(COUNT(*)> 1)BOUND(?s)ORDER BY DESC(?n)?s ASC(?s)STR(?s)(?n + 1)LIMIT 10 OFFSET 20 ` +
	`VALUES(?s ?n){(:a 1)(UNDEF "z")}`

func TestPrintQuery(t *testing.T) {
	s, o := ptVar("s"), ptVar("o")
	tests := []struct {
		name    string
		q       *Query
		want    string
		compact string // empty: not checked
	}{
		{"select with every pattern", ptBigSelect(), ptBigSelectText, ptBigSelectCompact},
		{
			"select star reduced",
			&Query{Form: Select, Reduced: true, Star: true, Where: ptGroup(ptBlock(ptTriple(s, ptRef(ptNS+"p"), o)))},
			"SELECT REDUCED *\nWHERE {\n  ?s <http://ex.org/p> ?o .\n}",
			"SELECT REDUCED * WHERE{?s <http://ex.org/p> ?o .}",
		},
		{
			"empty where",
			&Query{Form: Select, Projections: []*Projection{{Expr: &Aggregate{Name: "COUNT", Star: true}, Var: ptVar("c")}}, Where: ptGroup()},
			"SELECT (COUNT(*) AS ?c)\nWHERE {}",
			"SELECT(COUNT(*)AS ?c)WHERE{}",
		},
		{
			"construct",
			&Query{
				Prologue: ptPrologue[:1],
				Form:     Construct,
				Template: []*TriplesSameSubject{ptTriple(s, ptPN("", "p"), o), ptTriple(o, ptA(), ptPN("", "C"))},
				Where:    ptGroup(ptBlock(ptTriple(s, ptPN("", "q"), o))),
				OrderBy:  []*OrderCondition{{Expr: s}},
			},
			"PREFIX : <http://ex.org/>\nCONSTRUCT {\n  ?s :p ?o .\n  ?o a :C .\n}\nWHERE {\n  ?s :q ?o .\n}\nORDER BY ?s",
			"PREFIX : <http://ex.org/> CONSTRUCT{?s :p ?o . ?o a :C .}WHERE{?s :q ?o .}ORDER BY ?s",
		},
		{
			"construct empty template",
			&Query{Form: Construct, Where: ptGroup()},
			"CONSTRUCT {}\nWHERE {}",
			"CONSTRUCT{}WHERE{}",
		},
		{
			"construct where",
			&Query{
				Prologue:       ptPrologue[:1],
				Form:           Construct,
				ConstructWhere: true,
				Dataset:        []*DatasetClause{{IRI: ptPN("", "g")}},
				Where:          ptGroup(ptBlock(ptTriple(s, ptPN("", "p"), o))),
				Limit:          ptInt64(5),
			},
			"PREFIX : <http://ex.org/>\nCONSTRUCT\nFROM :g\nWHERE {\n  ?s :p ?o .\n}\nLIMIT 5",
			"PREFIX : <http://ex.org/> CONSTRUCT FROM :g WHERE{?s :p ?o .}LIMIT 5",
		},
		{
			"describe star",
			&Query{Form: Describe, Star: true, Where: ptGroup(ptBlock(ptTriple(s, ptRef(ptNS+"p"), o)))},
			"DESCRIBE *\nWHERE {\n  ?s <http://ex.org/p> ?o .\n}",
			"DESCRIBE * WHERE{?s <http://ex.org/p> ?o .}",
		},
		{
			"describe without where",
			&Query{Form: Describe, Describe: []Term{ptRef(ptNS + "a"), s}},
			"DESCRIBE <http://ex.org/a> ?s",
			"DESCRIBE <http://ex.org/a> ?s",
		},
		{
			"ask",
			&Query{Form: Ask, Dataset: []*DatasetClause{{Named: true, IRI: ptRef(ptNS + "g")}}, Where: ptGroup(&FilterPattern{Expr: ptBin(OpEq, ptInt("1"), ptInt("1"))})},
			"ASK\nFROM NAMED <http://ex.org/g>\nWHERE {\n  FILTER (1 = 1)\n}",
			"ASK FROM NAMED <http://ex.org/g> WHERE{FILTER(1 = 1)}",
		},
		{
			"values forms",
			&Query{Form: Select, Star: true, Where: ptGroup(
				&ValuesPattern{Values: &ValuesBlock{Vars: []*Var{s}, OneVar: true}},
				&ValuesPattern{Values: &ValuesBlock{Vars: []*Var{s, o}}},
				&ValuesPattern{Values: &ValuesBlock{Rows: [][]Term{{}, {}}}},
				&ValuesPattern{Values: &ValuesBlock{Vars: []*Var{s}, Rows: [][]Term{{ptRef(ptNS + "a")}}}},
			)},
			"SELECT *\nWHERE {\n  VALUES ?s { }\n  VALUES (?s ?o) { }\n  VALUES () {\n    ()\n    ()\n  }\n  VALUES (?s) {\n    (<http://ex.org/a>)\n  }\n}",
			"SELECT * WHERE{VALUES ?s{}VALUES(?s ?o){}VALUES(){()()}VALUES(?s){(<http://ex.org/a>)}}",
		},
		{
			"triples around filters and nested groups",
			&Query{Form: Select, Star: true, Where: ptGroup(
				ptBlock(ptTriple(s, ptRef(ptNS+"p"), o)),
				&FilterPattern{Expr: o},
				ptBlock(ptTriple(o, ptRef(ptNS+"p"), s)),
				ptGroup(ptGroup()),
				&OptionalPattern{Pattern: ptGroup()},
			)},
			"SELECT *\nWHERE {\n  ?s <http://ex.org/p> ?o .\n  FILTER (?o)\n  ?o <http://ex.org/p> ?s .\n  {\n    {}\n  }\n  OPTIONAL {}\n}",
			"SELECT * WHERE{?s <http://ex.org/p> ?o . FILTER(?o)?o <http://ex.org/p> ?s .{{}}OPTIONAL{}}",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Print(tt.q); got != tt.want {
				t.Errorf("Print mismatch (-want +got):\n%s", cmp.Diff(tt.want, got))
			}
			if got := PrintCompact(tt.q); tt.compact != "" && got != tt.compact {
				t.Errorf("PrintCompact mismatch (-want +got):\n%s", cmp.Diff(tt.compact, got))
			}
			ptCheckRoundTrip(t, tt.name, tt.q)
		})
	}
}

// TestPrintCompactSpacing checks the places where the compact form must
// keep a space for the text to lex the same way.
func TestPrintCompactSpacing(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"escaped punctuation ends a name", `PREFIX : <> SELECT * { 00 :0\( :\! }`, `PREFIX : <> SELECT * WHERE{00 :0\( :\! .}`},
		{"escaped comma and semicolon", `PREFIX : <> SELECT * { :a\, :b\; :c\) , :d }`, `PREFIX : <> SELECT * WHERE{:a\, :b\; :c\),:d .}`},
		{"path modifier before a variable", `PREFIX : <> SELECT * { ?s :p? ?o . ?s (:p|:q)? ?o }`, `PREFIX : <> SELECT * WHERE{?s :p? ?o . ?s(:p|:q)? ?o .}`},
		{"number before the dot", `SELECT * { ?s ?p 5 . .5 ?q 1e1 }`, `SELECT * WHERE{?s ?p 5 . .5 ?q 1e1 .}`},
		{"less-than is not an IRI", `SELECT * { FILTER(?x <?y && ?y>?z) }`, `SELECT * WHERE{FILTER(?x < ?y && ?y > ?z)}`},
		{"minus before a negative number", `SELECT * { FILTER(?x - -1 = -?y) }`, `SELECT * WHERE{FILTER(?x - -1 = -?y)}`},
		{"empty strings", `SELECT * { ?s ?p "", "" }`, `SELECT * WHERE{?s ?p "","" .}`},
		{"dot after a name", `PREFIX : <> SELECT * { ?s ?p :o . :o ?p ?s }`, `PREFIX : <> SELECT * WHERE{?s ?p :o . :o ?p ?s .}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := ptParse(t, tt.src)
			if got := PrintCompact(q); got != tt.want {
				t.Errorf("PrintCompact = %s\nwant           %s", got, tt.want)
			}
			ptCheckRoundTrip(t, tt.name, q)
		})
	}
}

func TestPrintIndentAndFprint(t *testing.T) {
	q := &Query{Form: Select, Star: true, Where: ptGroup(&OptionalPattern{Pattern: ptGroup(ptBlock(
		&TriplesSameSubject{Subject: ptVar("s"), Properties: []*PropertyObjects{
			{Verb: ptRef("p"), Objects: []GraphNode{ptVar("a"), ptVar("b")}},
			{Verb: ptRef("q"), Objects: []GraphNode{ptVar("c")}},
		}}))})}
	tests := []struct {
		name string
		cfg  PrintConfig
		want string
	}{
		{"default indent", PrintConfig{}, "SELECT *\nWHERE {\n  OPTIONAL {\n    ?s <p> ?a ,\n        ?b ;\n      <q> ?c .\n  }\n}"},
		{"tabs", PrintConfig{Indent: "\t"}, "SELECT *\nWHERE {\n\tOPTIONAL {\n\t\t?s <p> ?a ,\n\t\t\t\t?b ;\n\t\t\t<q> ?c .\n\t}\n}"},
		{"compact ignores indent", PrintConfig{Compact: true, Indent: "\t"}, "SELECT * WHERE{OPTIONAL{?s <p> ?a,?b;<q> ?c .}}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := Fprint(&b, q, tt.cfg); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("Fprint mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// ptAlien is a Node the printer does not know.
type ptAlien struct{ Span }

type ptFailWriter struct{}

func (ptFailWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFprintErrors(t *testing.T) {
	tests := []struct {
		name    string
		n       Node
		w       interface{ Write([]byte) (int, error) }
		wantErr string
	}{
		{"unknown node", ptAlien{}, &strings.Builder{}, "cannot print node of type sparql.ptAlien"},
		{"unknown query form", &Query{Form: QueryForm(9)}, &strings.Builder{}, "cannot print query form 9"},
		{"writer error", ptVar("x"), ptFailWriter{}, "disk full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Fprint(tt.w, tt.n, PrintConfig{})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Fprint error = %v, want one containing %q", err, tt.wantErr)
			}
			if b, ok := tt.w.(*strings.Builder); ok && b.Len() != 0 {
				t.Errorf("Fprint wrote %q despite the error", b.String())
			}
		})
	}
}

// TestPrintIncompleteTrees checks that trees with nil nodes and missing
// fields print without panicking.
func TestPrintIncompleteTrees(t *testing.T) {
	nodes := []Node{
		nil,
		(*Query)(nil),
		&Query{},
		&Query{Form: Describe},
		&Query{Form: Construct, Template: []*TriplesSameSubject{nil, {}}},
		&Query{Prologue: []*PrologueDecl{nil, {IsPrefix: true}}, Projections: []*Projection{nil, {}}, Dataset: []*DatasetClause{nil, {}}, GroupBy: []*GroupCondition{nil, {}}, Having: []Expr{nil}, OrderBy: []*OrderCondition{nil, {}}, Values: &ValuesBlock{}},
		&GroupPattern{Elements: []Pattern{nil, (*TriplesBlock)(nil), &TriplesBlock{Triples: []*TriplesSameSubject{nil}}, &SubSelect{}, (*SubSelect)(nil), &SubSelect{Query: &Query{}}}},
		&OptionalPattern{}, &MinusPattern{}, &GraphPattern{}, &ServicePattern{}, &FilterPattern{}, &BindPattern{}, &ValuesPattern{}, &UnionPattern{Alts: []*GroupPattern{nil, nil}},
		&TriplesSameSubject{Properties: []*PropertyObjects{nil, {}, {Objects: []GraphNode{nil, (*Var)(nil), (*BlankNodePropertyList)(nil), (*Collection)(nil)}}}},
		&PropertyObjects{}, &BlankNodePropertyList{}, &Collection{Items: []GraphNode{nil}},
		&BinaryExpr{}, &UnaryExpr{}, &UnaryExpr{Op: "-", X: (*Literal)(nil)}, &CallExpr{}, &FuncCall{}, &Aggregate{}, &InExpr{}, &ExistsExpr{},
		(*BinaryExpr)(nil), (*UnaryExpr)(nil), (*CallExpr)(nil), (*FuncCall)(nil), (*Aggregate)(nil), (*InExpr)(nil), (*ExistsExpr)(nil),
		&PathAlt{Alts: []Path{nil}}, &PathSeq{}, &PathInv{}, &PathMod{}, &PathNeg{Items: []*NegItem{nil, {}}}, &NegItem{},
		(*PathAlt)(nil), (*PathSeq)(nil), (*PathInv)(nil), (*PathMod)(nil), (*PathNeg)(nil), (*NegItem)(nil),
		&ValuesBlock{OneVar: true}, &ValuesBlock{OneVar: true, Vars: []*Var{nil}, Rows: [][]Term{nil, {nil}, {(*IRI)(nil)}}},
		(*IRI)(nil), (*Literal)(nil), (*BlankNode)(nil), (*Var)(nil), &IRI{Form: KeywordA}, &Literal{Form: BareLiteral}, &BlankNode{}, &Var{},
		&PrologueDecl{}, &Projection{}, &DatasetClause{}, &GroupCondition{}, &OrderCondition{}, &OrderCondition{Desc: true},
	}
	for i, n := range nodes {
		t.Run(fmt.Sprintf("%d_%T", i, n), func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("Print panicked: %v", r)
				}
			}()
			_ = Print(n)
			_ = PrintCompact(n)
			_ = Fprint(&strings.Builder{}, n, PrintConfig{})
		})
	}
	if got := Print(nil); got != "" {
		t.Errorf("Print(nil) = %q, want empty", got)
	}
}

// TestPrintCodeBuilt prints trees built in code (no positions, IRIs with
// only Value, literals from the constructors) and checks that the output is
// valid SPARQL that prints back identically.
func TestPrintCodeBuilt(t *testing.T) {
	tests := []struct {
		name string
		q    *Query
		want string
	}{
		{
			"constructors",
			&Query{Form: Select, Projections: []*Projection{{Var: NewVar("x")}}, Where: ptGroup(
				ptBlock(ptTriple(NewVar("x"), NewIRI(RDFType), NewIRI("http://ex.org/C"))),
				ptBlock(ptTriple(NewVar("x"), NewIRI("http://ex.org/name"), NewLangLiteral("O'Brien \"Ltd\"", "en"))),
				&FilterPattern{Expr: ptBin(OpGt, NewVar("x"), NewTypedLiteral("5", XSDInteger))},
				&FilterPattern{Expr: ptBin(OpEq, NewVar("x"), NewTypedLiteral("a}b{", XSDString))},
				&FilterPattern{Expr: ptBin(OpEq, &CallExpr{Name: "str", Args: []Expr{NewVar("x")}}, NewLiteral(""))},
			), GroupBy: []*GroupCondition{{Expr: NewVar("x")}}, Having: []Expr{ptBin(OpGt, &Aggregate{Name: "count", Star: true}, NewTypedLiteral("1", XSDInteger))}},
			"SELECT ?x\nWHERE {\n  ?x <" + RDFType + "> <http://ex.org/C> .\n  ?x <http://ex.org/name> \"O'Brien \\\"Ltd\\\"\"@en .\n" +
				"  FILTER (?x > \"5\"^^<" + XSDInteger + ">)\n  FILTER (?x = \"a}b{\")\n  FILTER (STR(?x) = \"\")\n}\nGROUP BY ?x\nHAVING (COUNT(*) > \"1\"^^<" + XSDInteger + ">)",
		},
		{
			// A prefix the prologue does not declare (a dialect
			// predeclared it) is declared in the output.
			"undeclared prefix",
			&Query{Prologue: ptPrologue[:1], Form: Select, Star: true, Where: ptGroup(ptBlock(
				ptTriple(NewVar("s"), &IRI{Value: "http://dbpedia.org/ontology/birthPlace", Form: PrefixedName, Prefix: "dbo", Local: "birthPlace"}, &IRI{Value: "http://dbpedia.org/resource/Rome", Form: PrefixedName, Prefix: "dbr", Local: "Rome"}),
				ptTriple(NewVar("s"), &IRI{Value: "http://dbpedia.org/ontology/x", Form: PrefixedName, Prefix: "dbo", Local: "x"}, ptPN("", "y")),
			))},
			"PREFIX : <http://ex.org/>\nPREFIX dbo: <http://dbpedia.org/ontology/>\nPREFIX dbr: <http://dbpedia.org/resource/>\nSELECT *\nWHERE {\n  ?s dbo:birthPlace dbr:Rome .\n  ?s dbo:x :y .\n}",
		},
		{
			// Prefixed names that disagree with the declaration, or
			// whose namespace cannot be rebuilt, fall back to <…>.
			"inconsistent prefixed names",
			&Query{Prologue: ptPrologue[:1], Form: Select, Star: true, Where: ptGroup(ptBlock(
				ptTriple(&IRI{Value: "http://other.org/a", Form: PrefixedName, Prefix: "", Local: "a"}, &IRI{Value: "http://u.org/p", Form: PrefixedName, Prefix: "u", Local: "p"}, &IRI{Value: "http://v.org/p", Form: PrefixedName, Prefix: "u", Local: "p"}),
				ptTriple(NewVar("s"), &IRI{Value: "http://w.org/zzz", Form: PrefixedName, Prefix: "w", Local: "p"}, NewVar("o")),
			))},
			"PREFIX : <http://ex.org/>\nPREFIX u: <http://u.org/>\nSELECT *\nWHERE {\n  <http://other.org/a> u:p <http://v.org/p> .\n  ?s <http://w.org/zzz> ?o .\n}",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Print(tt.q)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Print mismatch (-want +got):\n%s", diff)
			}
			for _, text := range []string{got, PrintCompact(tt.q)} {
				q2 := ptParse(t, text)
				if again := Print(q2); again != got {
					t.Errorf("Print(Parse(out)) differs (-out +again):\n%s", cmp.Diff(got, again))
				}
			}
		})
	}
}

// TestPrintLenientPrefixes: a query parsed with predeclared prefixes prints
// as standard SPARQL that the strict dialect accepts.
func TestPrintLenientPrefixes(t *testing.T) {
	q := ptParse(t, "SELECT DISTINCT COUNT(?x) WHERE { ?x dbo:birthPlace dbr:Rome ; a dbo:Person }", WithDialect(Lenient))
	out := Print(q)
	q2 := ptParse(t, out) // strict
	if !Equal(q, q2) {
		t.Errorf("strict reparse differs (-lenient +strict):\n%s\n%s", ptTreeDiff(q, q2), out)
	}
}

// ---------------------------------------------------------------------------
// Round trips over the shared corpora.

// ptSpiderQueries returns the gold queries of a Spider4SPARQL CSV file with
// the default prefix prepended.
func ptSpiderQueries(t testing.TB, file string) []string {
	t.Helper()
	path := filepath.Join(sharedData(t, ""), "spider4sparql", "questions", file)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(recs) == 0 {
		t.Fatalf("%s: empty", path)
	}
	col := -1
	for i, h := range recs[0] {
		if h == "query" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("%s: no query column in %v", path, recs[0])
	}
	out := make([]string, 0, len(recs)-1)
	for _, r := range recs[1:] {
		out = append(out, "PREFIX : <http://valuenet/ontop/>\n"+r[col])
	}
	return out
}

// ptRoundTripAll round-trips every query Parse accepts and returns how many
// it accepted.
func ptRoundTripAll(t *testing.T, names, queries []string) int {
	parsed, failed := 0, 0
	for i, src := range queries {
		q, err := Parse(src)
		if err != nil {
			continue
		}
		parsed++
		if !ptCheckRoundTrip(t, names[i], q) {
			failed++
			t.Logf("source of %s:\n%s", names[i], src)
			if failed >= 10 {
				t.Fatalf("too many failures")
			}
		}
	}
	t.Logf("%d of %d queries parsed and round-tripped (%d failures)", parsed, len(queries), failed)
	return parsed
}

func TestRoundTripW3C(t *testing.T) {
	root := filepath.Join(sharedData(t, ""), "w3c-sparql")
	var names, queries []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rq") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		names = append(names, rel)
		queries = append(queries, string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every positive syntax test of SPARQL 1.0 and 1.1 is among them; the
	// evaluation tests' queries add more variety.
	if n := ptRoundTripAll(t, names, queries); n < 700 {
		t.Errorf("only %d of %d W3C queries parsed: the round trip was barely exercised", n, len(queries))
	}
}

func TestRoundTripSpider(t *testing.T) {
	for _, file := range []string{"train.csv", "dev-public.csv"} {
		t.Run(file, func(t *testing.T) {
			queries := ptSpiderQueries(t, file)
			names := make([]string, len(queries))
			for i := range names {
				names[i] = fmt.Sprintf("%s row %d", file, i+1)
			}
			if n := ptRoundTripAll(t, names, queries); n < len(queries)*9/10 {
				t.Errorf("only %d of %d Spider queries parsed", n, len(queries))
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Benchmarks and examples.

func ptSpiderTrees(b *testing.B) []*Query {
	var qs []*Query
	for _, src := range ptSpiderQueries(b, "train.csv") {
		if q, err := Parse(src); err == nil {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		b.Fatal("no Spider train query parsed")
	}
	return qs
}

// BenchmarkPrint prints the parsed Spider train queries in canonical form;
// queries/s is the throughput.
func BenchmarkPrint(b *testing.B) {
	qs := ptSpiderTrees(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, q := range qs {
			n += len(Print(q))
		}
	}
	b.ReportMetric(float64(b.N*len(qs))/b.Elapsed().Seconds(), "queries/s")
}

// BenchmarkPrintCompact is BenchmarkPrint for the compact form.
func BenchmarkPrintCompact(b *testing.B) {
	qs := ptSpiderTrees(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range qs {
			_ = PrintCompact(q)
		}
	}
	b.ReportMetric(float64(b.N*len(qs))/b.Elapsed().Seconds(), "queries/s")
}

// BenchmarkPrintWithParse parses and prints the Spider train queries.
func BenchmarkPrintWithParse(b *testing.B) {
	var srcs []string
	for _, src := range ptSpiderQueries(b, "train.csv") {
		if _, err := Parse(src); err == nil {
			srcs = append(srcs, src)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, src := range srcs {
			q, err := Parse(src)
			if err != nil {
				b.Fatal(err)
			}
			_ = Print(q)
		}
	}
	b.ReportMetric(float64(b.N*len(srcs))/b.Elapsed().Seconds(), "queries/s")
}

func ExamplePrint() {
	q, err := Parse(`prefix : <http://valuenet/ontop/>
select (count( *) as ?n) where { ?T1 a :singer . ?T1 :singer\#age ?age ; :singer\#name ?name .
filter(?age > 30 && !bound(?x)) } order by desc (?age) limit 5`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(Print(q))
	fmt.Println()
	fmt.Println(PrintCompact(q))
	// Output:
	// PREFIX : <http://valuenet/ontop/>
	// SELECT (COUNT(*) AS ?n)
	// WHERE {
	//   ?T1 a :singer .
	//   ?T1 :singer\#age ?age ;
	//     :singer\#name ?name .
	//   FILTER (?age > 30 && !BOUND(?x))
	// }
	// ORDER BY DESC(?age)
	// LIMIT 5
	//
	// PREFIX : <http://valuenet/ontop/> SELECT(COUNT(*)AS ?n)WHERE{?T1 a :singer . ?T1 :singer\#age ?age;:singer\#name ?name . FILTER(?age > 30 && !BOUND(?x))}ORDER BY DESC(?age)LIMIT 5
}

// FuzzPrintRoundTrip checks the printer's contract on arbitrary input:
// whatever Parse accepts (strict or lenient) prints, in both forms, to text that parses back
// to an equal tree, and Print is idempotent. Seeds: hand-written queries
// and, when the shared data folder is present, the W3C test queries.
func FuzzPrintRoundTrip(f *testing.F) {
	for _, s := range []string{
		ptBigSelectText,
		`PREFIX : <http://ex.org/> SELECT * WHERE { :a\.b :p\#q "x"@en , 1.5e3 ; ^:r/:s* [ :t (1 -2 ()) ] }`,
		`ASK { FILTER(-(-5) = +(+5) && ?a - -1 < ?b * (?c + 1) || !(?d IN (1, 2))) }`,
		`SELECT (GROUP_CONCAT(DISTINCT ?x ; SEPARATOR = "\n") AS ?g) WHERE { ?x !(a|^<p>) ?y } GROUP BY ?y HAVING (COUNT(*) > 1)`,
		`CONSTRUCT WHERE { ?s ?p ?o }`,
		`DESCRIBE * FROM <g> WHERE { GRAPH ?g { OPTIONAL { ?s ?p ?o } MINUS { ?s ?p 1 } } } VALUES ?s { UNDEF <a> }`,
	} {
		f.Add(s)
	}
	if st, err := os.Stat(filepath.Join("..", "..", "shared", "data", "w3c-sparql")); err == nil && st.IsDir() {
		_ = filepath.WalkDir(filepath.Join("..", "..", "shared", "data", "w3c-sparql"), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".rq") {
				if b, err := os.ReadFile(path); err == nil {
					f.Add(string(b))
				}
			}
			return nil
		})
	}
	f.Fuzz(func(t *testing.T, src string) {
		if q, err := Parse(src); err == nil {
			ptCheckRoundTrip(t, "fuzz input", q)
		}
		if q, err := Parse(src, WithDialect(Lenient)); err == nil {
			ptCheckRoundTrip(t, "fuzz input (lenient)", q, WithDialect(Lenient))
		}
	})
}
