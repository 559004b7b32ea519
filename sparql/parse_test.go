package sparql

import (
	"errors"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string, opts ...Option) *Query {
	t.Helper()
	q, err := Parse(src, opts...)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return q
}

func TestParseErrorsArePositioned(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		msg       string // substring of the message
		kind      ErrorKind
	}{
		{"missing brace", "SELECT * WHERE { ?s ?p ?o ", 1, 27, "expected '}'", SyntaxError},
		{"second line", "PREFIX : <http://e/>\nSELECT * { ?s :p }", 2, 18, "expected a variable, IRI, literal", SyntaxError},
		{"undefined prefix", "SELECT * { ?s foo:bar ?o }", 1, 15, `undefined prefix "foo:"`, SyntaxError},
		{"bad keyword", "SELEKT * {}", 1, 1, "expected SELECT, CONSTRUCT, DESCRIBE or ASK", SyntaxError},
		{"unterminated string", "SELECT * { ?s ?p \"abc }", 1, 18, "unterminated string", SyntaxError},
		{"arity", "SELECT * { FILTER(STRLEN(?a, ?b)) }", 1, 19, "STRLEN takes 1 argument", SyntaxError},
		{"ungrouped", "SELECT ?o { ?s ?p ?o } GROUP BY ?s", 1, 8, "?o is projected but neither grouped nor aggregated", SemanticError},
		{"select star grouped", "SELECT * { ?s ?p ?o } GROUP BY ?s", 1, 1, "SELECT * is not allowed", SemanticError},
		{"bind scope", "SELECT * { ?s ?p ?o BIND(1 AS ?o) }", 1, 31, "BIND target ?o is already in scope", SemanticError},
		{"as in scope", "SELECT (1 AS ?s) { ?s ?p ?o }", 1, 14, "already in scope", SemanticError},
		{"aggregate in filter", "SELECT * { ?s ?p ?o FILTER(COUNT(?o) > 1) }", 1, 28, "aggregate COUNT is only allowed", SemanticError},
		{"nested aggregate", "SELECT (SUM(COUNT(?o)) AS ?n) { ?s ?p ?o }", 1, 13, "cannot be nested", SemanticError},
		{"bnode reuse", "SELECT * { _:a ?p ?o OPTIONAL { _:a ?q ?r } }", 1, 33, "two different basic graph patterns", SemanticError},
		{"values arity", "SELECT * { VALUES (?a ?b) { (1) } }", 1, 29, "VALUES row has 1 values for 2 variables", SyntaxError},
		{"trailing garbage", "ASK {} }", 1, 8, "unexpected", SyntaxError},
		{"limit", "SELECT * {} LIMIT -1", 1, 19, "non-negative integer", SyntaxError},
		{"lone dot", "SELECT * { . }", 1, 12, "expected a variable", SyntaxError},
		{"missing dot", "SELECT * { ?s ?p ?o ?a ?b ?c }", 1, 21, "expected '.' or '}'", SyntaxError},
		{"bad escape", `SELECT * { ?s ?p "\q" }`, 1, 19, `invalid escape \q`, SyntaxError},
		{"bad local escape", `PREFIX : <http://e/> SELECT * { :a :b :c\:z }`, 1, 39, "malformed prefixed name", SyntaxError},
		{"deep nesting", "SELECT * {" + strings.Repeat("{", 1000) + strings.Repeat("}", 1000) + "}", 1, 0, "nesting too deep", SyntaxError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.src)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, want *Error", tc.src, err)
			}
			if !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("message %q does not contain %q", pe.Msg, tc.msg)
			}
			if pe.Line != tc.line || (tc.col > 0 && pe.Column != tc.col) {
				t.Errorf("position %d:%d, want %d:%d (%s)", pe.Line, pe.Column, tc.line, tc.col, pe.Msg)
			}
			if pe.Kind != tc.kind {
				t.Errorf("kind %v, want %v", pe.Kind, tc.kind)
			}
			// The caret sits under the reported column of the excerpt.
			if got := strings.IndexByte(pe.Caret, '^'); got < 0 || got > len([]rune(pe.Excerpt)) {
				t.Errorf("caret %q outside excerpt %q", pe.Caret, pe.Excerpt)
			}
			if !strings.HasPrefix(err.Error(), pe.Position.String()+": ") || strings.Count(err.Error(), "\n") != 2 {
				t.Errorf("Error() = %q, want position, message, excerpt and caret on three lines", err.Error())
			}
		})
	}
}

func TestExcerptCaret(t *testing.T) {
	_, err := Parse("SELECT * WHERE {\n  ?s ?p ?o .\n  FILTER(?o > )\n}")
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatal(err)
	}
	if pe.Excerpt != "  FILTER(?o > )" || pe.Caret != "              ^" {
		t.Errorf("excerpt %q caret %q", pe.Excerpt, pe.Caret)
	}
	if pe.Short() != "3:15: expected an expression, found \")\"" {
		t.Errorf("Short() = %q", pe.Short())
	}
}

func TestUpdateIsRefused(t *testing.T) {
	for _, src := range []string{
		"INSERT DATA { <a> <b> <c> }",
		"PREFIX : <http://e/> DELETE WHERE { ?s :p ?o }",
		"DROP ALL",
		"load <http://example.org/x>",
		"WITH <g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
		"",                       // an empty request is an empty update
		"PREFIX : <http://e/>\n", // and so is a prologue alone
	} {
		_, err := Parse(src)
		if !errors.Is(err, ErrUpdate) {
			t.Errorf("Parse(%q) = %v, want ErrUpdate", src, err)
		}
		var pe *Error
		if !errors.As(err, &pe) || pe.Kind != RefusedError || !strings.Contains(pe.Msg, "read-only") {
			t.Errorf("Parse(%q): want a positioned refusal, got %v", src, err)
		}
	}
	if _, err := Parse("SELECT * {} ; INSERT DATA {}"); err == nil {
		t.Errorf("a query followed by an update must be rejected, got %v", err)
	}
}

func TestDialects(t *testing.T) {
	adjust := "SELECT (ADJUST(?d, ?tz) AS ?a) { ?s ?p ?d ; ?q ?tz }"
	if _, err := Parse(adjust); err == nil {
		t.Error("ADJUST must be unknown in strict SPARQL 1.1")
	}
	q := mustParse(t, adjust, WithDialect(Oxigraph))
	call, ok := q.Projections[0].Expr.(*CallExpr)
	if !ok || call.Name != "ADJUST" || len(call.Args) != 2 {
		t.Errorf("ADJUST parsed as %#v", q.Projections[0].Expr)
	}
	if _, err := Parse("SELECT (ADJUST(?d) AS ?a) {}", WithDialect(Oxigraph)); err == nil {
		t.Error("ADJUST arity must be checked")
	}

	noOpt := SPARQL11.With(FeatureOptional)
	_, err := Parse("SELECT * { ?s ?p ?o OPTIONAL { ?s ?q ?r } }", WithDialect(noOpt))
	var pe *Error
	if !errors.As(err, &pe) || pe.Kind != RefusedError || !strings.Contains(pe.Msg, "OPTIONAL is not allowed") {
		t.Errorf("OPTIONAL in a dialect without it: %v", err)
	}
	mustParse(t, "SELECT * { ?s ?p ?o }", WithDialect(noOpt))
	if SPARQL11.Disabled[FeatureOptional] {
		t.Error("With must not modify the receiver")
	}

	for f, src := range map[Feature]string{
		FeatureService: "SELECT * { SERVICE <http://e/sparql> { ?s ?p ?o } }",
		FeaturePath:    "PREFIX : <http://e/> SELECT * { ?s :p/:q ?o }",
		FeatureMinus:   "SELECT * { ?s ?p ?o MINUS { ?s ?p 1 } }",
		FeatureUnion:   "SELECT * { { ?s ?p ?o } UNION { ?o ?p ?s } }",
	} {
		mustParse(t, src)
		if _, err := Parse(src, WithDialect(SPARQL11.With(f))); err == nil {
			t.Errorf("%s: accepted with the feature disabled", f)
		}
	}
}

func TestLenient(t *testing.T) {
	src := "SELECT DISTINCT COUNT(?uri) WHERE { ?uri rdf:type dbo:Film ; dbo:director dbr:Stanley_Kubrick }"
	if _, err := Parse(src); err == nil {
		t.Fatal("bare aggregate and undeclared prefixes accepted in strict mode")
	}
	q := mustParse(t, src, WithDialect(Lenient))
	if len(q.Projections) != 1 || q.Projections[0].Var.Name != "_expr1" {
		t.Fatalf("projection %+v", q.Projections)
	}
	// The tree is standard SPARQL: it prints with the used prefixes declared
	// and parses back strictly to the same tree.
	out := Print(q)
	for _, want := range []string{"PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>", "PREFIX dbo:", "PREFIX dbr:", "(COUNT(?uri) AS ?_expr1)"} {
		if !strings.Contains(out, want) {
			t.Errorf("printed lenient query lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "PREFIX foaf:") {
		t.Errorf("unused predeclared prefix printed:\n%s", out)
	}
	q2, err := Parse(out)
	if err != nil || !Equal(q, q2) {
		t.Errorf("strict re-parse of printed lenient query: %v\n%s", err, out)
	}

	virtuoso := []struct{ src, want string }{
		{"SELECT Count(?s) as ?c WHERE { ?s a dbo:Film }", "SELECT (COUNT(?s) AS ?c)"},
		{"SELECT COUNT(DISTINCT ?y AS ?y) WHERE { ?x dbo:child ?y }", "SELECT (COUNT(DISTINCT ?y) AS ?_expr1)"},
		{"SELECT xsd:date(?d) WHERE { ?x dbo:birthDate ?d }", "SELECT (xsd:date(?d) AS ?_expr1)"},
		{"SELECT DISTINCT ?u WHERE { ?x dbo:author ?u } ORDER BY DESC(COUNT(?x)) LIMIT 1", "GROUP BY ?u"},
	}
	for _, tc := range virtuoso {
		if _, err := Parse(tc.src); err == nil {
			t.Errorf("strict SPARQL 1.1 accepted %q", tc.src)
		}
		q := mustParse(t, tc.src, WithDialect(Lenient))
		out := Print(q)
		if !strings.Contains(out, tc.want) {
			t.Errorf("lenient %q printed without %q:\n%s", tc.src, tc.want, out)
		}
		if q2, err := Parse(out); err != nil || !Equal(q, q2) {
			t.Errorf("strict re-parse of lenient %q: %v\n%s", tc.src, err, out)
		}
	}

	q = mustParse(t, "SELECT ?d ?a - ?b WHERE { ?x <p> ?a ; <q> ?b ; <r> ?d }", WithDialect(Lenient))
	if len(q.Projections) != 2 || q.Projections[1].Expr == nil {
		t.Errorf("bare expression projection: %+v", q.Projections)
	}
}

func TestParseShapes(t *testing.T) {
	q := mustParse(t, `PREFIX : <http://valuenet/ontop/>
SELECT ?n WHERE { ?t a :singer ; :singer\#name ?n , "x"@en-GB . FILTER(?a -5 > 2 && -?b < 1.5e3) }`)
	tb := q.Where.Elements[0].(*TriplesBlock)
	ts := tb.Triples[0]
	if v := ts.Properties[0].Verb.(*IRI); v.Form != KeywordA || v.Value != RDFType {
		t.Errorf("'a' parsed as %+v", v)
	}
	name := ts.Properties[1].Verb.(*IRI)
	if name.Value != "http://valuenet/ontop/singer#name" || name.Local != "singer#name" || name.Prefix != "" {
		t.Errorf("escaped local parsed as %+v", name)
	}
	if lit := ts.Properties[1].Objects[1].(*Literal); lit.Lang != "en-GB" || lit.Lexical != "x" {
		t.Errorf("lang literal %+v", lit)
	}
	and := q.Where.Elements[1].(*FilterPattern).Expr.(*BinaryExpr)
	gt := and.X.(*BinaryExpr)
	sub := gt.X.(*BinaryExpr)
	if sub.Op != OpSub || sub.Y.(*Literal).Lexical != "5" {
		t.Errorf("?a -5 parsed as %+v", sub)
	}
	if u := and.Y.(*BinaryExpr).X.(*UnaryExpr); u.Op != "-" {
		t.Errorf("-?b parsed as %+v", u)
	}
	if d := and.Y.(*BinaryExpr).Y.(*Literal); d.DatatypeIRI() != XSDDouble {
		t.Errorf("1.5e3 has datatype %s", d.DatatypeIRI())
	}
	// positions
	if got := PositionOf(q.source(), name.Pos()); got.Line != 2 || got.Column != 34 {
		t.Errorf(":singer\\#name at %v", got)
	}
}

// source is a test helper: the text the tests above parse.
func (q *Query) source() string {
	return "PREFIX : <http://valuenet/ontop/>\nSELECT ?n WHERE { ?t a :singer ; :singer\\#name ?n , \"x\"@en-GB . FILTER(?a -5 > 2 && -?b < 1.5e3) }"
}

func TestBaseResolution(t *testing.T) {
	tests := []struct{ base, ref, want string }{
		{"http://a/b/c/d;p?q", "g", "http://a/b/c/g"},
		{"http://a/b/c/d;p?q", "./g", "http://a/b/c/g"},
		{"http://a/b/c/d;p?q", "g/", "http://a/b/c/g/"},
		{"http://a/b/c/d;p?q", "/g", "http://a/g"},
		{"http://a/b/c/d;p?q", "//g", "http://g"},
		{"http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y"},
		{"http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s"},
		{"http://a/b/c/d;p?q", "", "http://a/b/c/d;p?q"},
		{"http://a/b/c/d;p?q", "../g", "http://a/b/g"},
		{"http://a/b/c/d;p?q", "../../../g", "http://a/g"},
		{"http://a/b/c/d;p?q", "g;x=1/../y", "http://a/b/c/y"},
		{"http://a/b/c/d;p?q", "urn:x", "urn:x"},
		{"http://a/b/c/d;p?q", "eXAMPLE://a/./b/../b/%63", "eXAMPLE://a/./b/../b/%63"}, // absolute: as written
		{"http://example.org/ü/", "ä", "http://example.org/ü/ä"},
	}
	for _, tc := range tests {
		q := mustParse(t, "BASE <"+tc.base+"> SELECT * { <"+tc.ref+"> ?p ?o }")
		got := q.Where.Elements[0].(*TriplesBlock).Triples[0].Subject.(*IRI)
		if got.Value != tc.want || got.Ref != tc.ref {
			t.Errorf("resolve(%q, %q) = %q (ref %q), want %q", tc.base, tc.ref, got.Value, got.Ref, tc.want)
		}
	}
}

func TestLexerEdges(t *testing.T) {
	ok := []string{
		"SELECT * { ?s <http://e/p>+ 1 }",           // '+1' after a path: modifier then object
		"SELECT * { ?s ?p 1. }",                     // '1.' is an integer then '.'
		"SELECT * { ?s ?p .5, 1.e2, -3 }",           // decimal, double, negative integer
		"SELECT * { ?s ?p '''a''b\"''' }",           // long string with quotes inside
		"SELECT * { ?s ?p \"\\u00E9\\U0001F600\" }", // code point escapes
		"PREFIX e.x: <http://e/> SELECT * { e.x:a.b e.x:c ?o }",
		"PREFIX : <http://e/> SELECT * { :a :b :c.d . }",
		"SELECT * { ?s ?p ( 1 ( 2 ) [ <p> 3 ] ) }",
		"SELECT * { [] ?p [ ?q ?r ] }",
		"SELECT ?x WHERE { ?x ?p ?o } ORDER BY DESC(?x) ?o STR(?p) LIMIT 5 OFFSET 2",
		"SELECT * { ?s ?p ?o } OFFSET 2 LIMIT 5",
		"CONSTRUCT WHERE { ?s ?p ?o }",
		"DESCRIBE <http://e/a> ?x",
		"SELECT ?a?b { ?a ?p ?b }",
	}
	for _, src := range ok {
		mustParse(t, src)
	}
	bad := []string{
		"SELECT * { ?s ?p \"a\nb\" }",
		"SELECT * { ?s ?p '\\uD800' }",
		"PREFIX 1: <http://e/> ASK {}",
		"PREFIX e.: <http://e/> ASK {}",
		"SELECT * { ?s ?p _:a. }x",
		"SELECT * { ?s ?p <a b> }",
		"SELECT * { ?s ?p \"x\"@ }",
		"SELECT * { ?s ?p ?o } LIMIT 99999999999999999999",
		"SELECT \xff * {}",
	}
	for _, src := range bad {
		if _, err := Parse(src); err == nil {
			t.Errorf("Parse(%q) accepted", src)
		}
	}
}

func TestParseNeverPanicsOnPrefixes(t *testing.T) {
	// Every prefix of a valid query is either valid or a clean error.
	src := `PREFIX : <http://e/> SELECT ?x (COUNT(DISTINCT ?y) AS ?n) WHERE { ?x :p/:q* ?y ; ^:r [ :s ( 1 2 ) ] . OPTIONAL { ?y :t "v"@en } FILTER NOT EXISTS { ?x :u ?z } BIND(IF(?z > 1, "a", 'b') AS ?w) VALUES (?x) { (:a) (UNDEF) } } GROUP BY ?x HAVING (?n > 1) ORDER BY DESC(?n) LIMIT 10`
	mustParse(t, src)
	for i := range src {
		_, err := Parse(src[:i])
		if err == nil {
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) {
			t.Fatalf("prefix %d: error %v is not an *Error", i, err)
		}
	}
}

func TestBooleansAreCaseInsensitive(t *testing.T) {
	q := mustParse(t, "SELECT * { FILTER(?x = TRUE || ?y = False) }")
	or := q.Where.Elements[0].(*FilterPattern).Expr.(*BinaryExpr)
	for _, side := range []Expr{or.X, or.Y} {
		lit := side.(*BinaryExpr).Y.(*Literal)
		if lit.Lexical != "true" && lit.Lexical != "false" || lit.DatatypeIRI() != XSDBoolean {
			t.Errorf("boolean parsed as %+v", lit)
		}
	}
}
