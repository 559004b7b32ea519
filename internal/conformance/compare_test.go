package conformance

import (
	"errors"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

func tlit(lex, dt string) *sparql.Literal { return sparql.NewTypedLiteral(lex, dt) }

func TestNumericKey(t *testing.T) {
	xsd := func(s string) string { return sparql.XSD + s }
	same := []struct{ a, b sparql.Term }{
		{tlit("01", xsd("integer")), tlit("1", xsd("integer"))},
		{tlit("+1", xsd("integer")), tlit("1", xsd("integer"))},
		{tlit(" 7 ", xsd("int")), tlit("7", xsd("int"))},
		{tlit("2.50", xsd("decimal")), tlit("2.5", xsd("decimal"))},
		{tlit("2", xsd("decimal")), tlit("2.0", xsd("decimal"))},
		{tlit("-0.0", xsd("decimal")), tlit("0", xsd("decimal"))},
		{tlit(".5", xsd("decimal")), tlit("0.50", xsd("decimal"))},
		{tlit("1.0E6", xsd("double")), tlit("1000000", xsd("double"))},
		{tlit("1e6", xsd("double")), tlit("1.0E6", xsd("double"))},
		{tlit("2", xsd("double")), tlit("2.0E0", xsd("double"))},
		{tlit("0.1", xsd("float")), tlit("1.0E-1", xsd("float"))},
		{tlit("INF", xsd("double")), tlit("+INF", xsd("double"))},
		{sparql.NewIRI("http://x"), sparql.NewIRI("http://x")},
	}
	for _, c := range same {
		if NumericKey(c.a) != NumericKey(c.b) {
			t.Errorf("NumericKey(%s) = %q, NumericKey(%s) = %q: want equal", c.a.Key(), NumericKey(c.a), c.b.Key(), NumericKey(c.b))
		}
	}
	differ := []struct{ a, b sparql.Term }{
		{tlit("1", xsd("integer")), tlit("1", xsd("decimal"))},            // datatypes differ
		{tlit("1", xsd("integer")), tlit("2", xsd("integer"))},            // values differ
		{tlit("1.0", xsd("decimal")), tlit("1.00000001", xsd("decimal"))}, // exact decimals
		{tlit("01", xsd("string")), tlit("1", xsd("string"))},             // not numeric
		{tlit("01", "http://example.org/num"), tlit("1", "http://example.org/num")},
		{tlit("1.5", xsd("integer")), tlit("1", xsd("integer"))}, // invalid lexical form kept
		{tlit("abc", xsd("integer")), tlit("ABC", xsd("integer"))},
		{tlit("inf", xsd("double")), tlit("INF", xsd("double"))}, // Go's spelling, not XSD's
		{sparql.NewLangLiteral("1", "en"), sparql.NewLiteral("1")},
		{tlit("-0", xsd("double")), tlit("0", xsd("double"))},
	}
	for _, c := range differ {
		if NumericKey(c.a) == NumericKey(c.b) {
			t.Errorf("NumericKey(%s) = NumericKey(%s) = %q: want different", c.a.Key(), c.b.Key(), NumericKey(c.a))
		}
	}
	// The key of a numeric literal is its canonical literal.
	for _, c := range []struct {
		in   sparql.Term
		want string
	}{
		{tlit("25", xsd("double")), `"2.5E1"^^<` + xsd("double") + ">"},
		{tlit("-0.001e0", xsd("double")), `"-1.0E-3"^^<` + xsd("double") + ">"},
		{tlit("0", xsd("float")), `"0.0E0"^^<` + xsd("float") + ">"},
		{tlit("2", xsd("decimal")), `"2.0"^^<` + xsd("decimal") + ">"},
		{tlit("-1.250", xsd("decimal")), `"-1.25"^^<` + xsd("decimal") + ">"},
		{tlit("007", xsd("integer")), `"7"^^<` + xsd("integer") + ">"},
	} {
		if got := NumericKey(c.in); got != c.want {
			t.Errorf("NumericKey(%s) = %s, want %s", c.in.Key(), got, c.want)
		}
	}
	// Invalid lexical forms and non-numeric literals keep their term key.
	for _, x := range []sparql.Term{tlit("1.5", xsd("integer")), sparql.NewLiteral("01"), &sparql.BlankNode{Label: "b"}} {
		if NumericKey(x) != x.Key() {
			t.Errorf("NumericKey(%s) = %q, want the term key", x.Key(), NumericKey(x))
		}
	}
}

func bn(l string) *sparql.BlankNode { return &sparql.BlankNode{Label: l} }
func exIRI(s string) *sparql.IRI    { return sparql.NewIRI("http://ex/" + s) }

func TestBagsIsomorphic(t *testing.T) {
	p := exIRI("p")
	tests := []struct {
		name string
		a, b []tuple
		want bool
	}{
		{"empty", nil, nil, true},
		{"ground equal, order ignored", []tuple{{exIRI("a")}, {exIRI("b")}}, []tuple{{exIRI("b")}, {exIRI("a")}}, true},
		{"ground differ", []tuple{{exIRI("a")}}, []tuple{{exIRI("b")}}, false},
		{"multiset counts", []tuple{{exIRI("a")}, {exIRI("a")}, {exIRI("b")}}, []tuple{{exIRI("a")}, {exIRI("b")}, {exIRI("b")}}, false},
		{"unbound differs from bound", []tuple{{nil}}, []tuple{{exIRI("a")}}, false},
		{"renamed blank nodes", []tuple{{bn("x"), exIRI("a")}, {bn("y"), exIRI("b")}}, []tuple{{bn("1"), exIRI("b")}, {bn("2"), exIRI("a")}}, true},
		{"co-reference kept", []tuple{{bn("x"), bn("x")}}, []tuple{{bn("y"), bn("z")}}, false},
		{"co-reference both", []tuple{{bn("x"), bn("x")}, {bn("y"), bn("z")}}, []tuple{{bn("q"), bn("r")}, {bn("s"), bn("s")}}, true},
		{"injective", []tuple{{bn("x"), exIRI("a")}, {bn("y"), exIRI("a")}}, []tuple{{bn("z"), exIRI("a")}, {bn("z"), exIRI("a")}}, false},
		{"blank versus IRI", []tuple{{bn("x")}}, []tuple{{exIRI("x")}}, false},
		{
			// Two triangles against a hexagon: every node has the same
			// colour under refinement, so only the search tells them apart.
			"two triangles vs hexagon",
			[]tuple{{bn("a"), p, bn("b")}, {bn("b"), p, bn("c")}, {bn("c"), p, bn("a")}, {bn("d"), p, bn("e")}, {bn("e"), p, bn("f")}, {bn("f"), p, bn("d")}},
			[]tuple{{bn("1"), p, bn("2")}, {bn("2"), p, bn("3")}, {bn("3"), p, bn("4")}, {bn("4"), p, bn("5")}, {bn("5"), p, bn("6")}, {bn("6"), p, bn("1")}},
			false,
		},
		{
			"hexagon relabelled",
			[]tuple{{bn("1"), p, bn("2")}, {bn("2"), p, bn("3")}, {bn("3"), p, bn("4")}, {bn("4"), p, bn("5")}, {bn("5"), p, bn("6")}, {bn("6"), p, bn("1")}},
			[]tuple{{bn("d"), p, bn("e")}, {bn("c"), p, bn("d")}, {bn("f"), p, bn("a")}, {bn("b"), p, bn("c")}, {bn("e"), p, bn("f")}, {bn("a"), p, bn("b")}},
			true,
		},
	}
	for _, tc := range tests {
		got, err := bagsIsomorphic(tc.a, tc.b, TermKey, isoBudget)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		if rev, _ := bagsIsomorphic(tc.b, tc.a, TermKey, isoBudget); rev != tc.want {
			t.Errorf("%s (swapped): got %v, want %v", tc.name, rev, tc.want)
		}
	}
}

func TestBagsIsomorphicBudget(t *testing.T) {
	// Many symmetric rings: refinement cannot split them and a budget of
	// one step cannot finish the search.
	var a, b []tuple
	p := exIRI("p")
	for i := range 4 {
		x, y := "a"+string(rune('0'+i)), "b"+string(rune('0'+i))
		a = append(a, tuple{bn(x + "1"), p, bn(x + "2")}, tuple{bn(x + "2"), p, bn(x + "1")})
		b = append(b, tuple{bn(y + "1"), p, bn(y + "2")}, tuple{bn(y + "2"), p, bn(y + "1")})
	}
	if _, err := bagsIsomorphic(a, b, TermKey, 1); !errors.Is(err, ErrUndecided) {
		t.Errorf("budget 1: err = %v, want ErrUndecided", err)
	}
	if ok, err := bagsIsomorphic(a, b, TermKey, isoBudget); !ok || err != nil {
		t.Errorf("full budget: %v, %v; want true", ok, err)
	}
}

func sel(vars []string, rows ...sparql.Row) *sparql.Results {
	if rows == nil {
		rows = []sparql.Row{}
	}
	return &sparql.Results{Vars: vars, Rows: rows}
}

func TestCompareResults(t *testing.T) {
	tr, fa := true, false
	int_ := func(s string) *sparql.Literal { return tlit(s, sparql.XSDInteger) }
	tests := []struct {
		name      string
		want, got *sparql.Results
		opts      CompareOptions
		ok        bool
		contains  string
	}{
		{"ask same", &sparql.Results{Boolean: &tr}, &sparql.Results{Boolean: &tr}, CompareOptions{}, true, ""},
		{"ask differ", &sparql.Results{Boolean: &tr}, &sparql.Results{Boolean: &fa}, CompareOptions{}, false, "want true, got false"},
		{"ask vs select", &sparql.Results{Boolean: &tr}, sel([]string{"x"}), CompareOptions{}, false, "want a boolean"},
		{"vars order ignored", sel([]string{"a", "b"}), sel([]string{"b", "a"}), CompareOptions{}, true, ""},
		{"vars differ", sel([]string{"a"}), sel([]string{"b"}), CompareOptions{}, false, "variables differ"},
		{
			"rows differ, explained",
			sel([]string{"x"}, sparql.Row{"x": int_("1")}, sparql.Row{"x": int_("2")}),
			sel([]string{"x"}, sparql.Row{"x": int_("1")}, sparql.Row{"x": int_("3")}),
			CompareOptions{}, false, `1 missing, e.g. {x="2"^^`,
		},
		{
			"numeric by term fails",
			sel([]string{"x"}, sparql.Row{"x": tlit("2.0", sparql.XSDDecimal)}),
			sel([]string{"x"}, sparql.Row{"x": tlit("2", sparql.XSDDecimal)}),
			CompareOptions{}, false, "missing",
		},
		{
			"numeric by value",
			sel([]string{"x"}, sparql.Row{"x": tlit("2.0", sparql.XSDDecimal)}),
			sel([]string{"x"}, sparql.Row{"x": tlit("2", sparql.XSDDecimal)}),
			CompareOptions{Key: NumericKey}, true, "",
		},
		{
			"ordered, ties in any order",
			sel([]string{"k", "v"}, sparql.Row{"k": int_("1"), "v": exIRI("a")}, sparql.Row{"k": int_("1"), "v": exIRI("b")}, sparql.Row{"k": int_("2"), "v": exIRI("c")}),
			sel([]string{"k", "v"}, sparql.Row{"k": int_("1"), "v": exIRI("b")}, sparql.Row{"k": int_("1"), "v": exIRI("a")}, sparql.Row{"k": int_("2"), "v": exIRI("c")}),
			CompareOptions{OrderVars: []string{"k"}}, true, "",
		},
		{
			"ordered, wrong order",
			sel([]string{"k"}, sparql.Row{"k": int_("1")}, sparql.Row{"k": int_("2")}),
			sel([]string{"k"}, sparql.Row{"k": int_("2")}, sparql.Row{"k": int_("1")}),
			CompareOptions{OrderVars: []string{"k"}}, false, "order differs at row 1",
		},
		{
			"unordered ignores order",
			sel([]string{"k"}, sparql.Row{"k": int_("1")}, sparql.Row{"k": int_("2")}),
			sel([]string{"k"}, sparql.Row{"k": int_("2")}, sparql.Row{"k": int_("1")}),
			CompareOptions{}, true, "",
		},
		{
			"lax cardinality",
			sel([]string{"k"}, sparql.Row{"k": int_("1")}, sparql.Row{"k": int_("1")}, sparql.Row{"k": int_("2")}),
			sel([]string{"k"}, sparql.Row{"k": int_("1")}, sparql.Row{"k": int_("2")}),
			CompareOptions{Lax: true}, true, "",
		},
		{
			"strict cardinality",
			sel([]string{"k"}, sparql.Row{"k": int_("1")}, sparql.Row{"k": int_("1")}),
			sel([]string{"k"}, sparql.Row{"k": int_("1")}),
			CompareOptions{}, false, "want 2, got 1",
		},
		{
			"blank nodes renamed consistently",
			sel([]string{"s", "o"}, sparql.Row{"s": bn("a"), "o": bn("b")}, sparql.Row{"s": bn("b"), "o": exIRI("x")}),
			sel([]string{"s", "o"}, sparql.Row{"s": bn("y"), "o": exIRI("x")}, sparql.Row{"s": bn("z"), "o": bn("y")}),
			CompareOptions{}, true, "",
		},
		{
			"blank nodes renamed inconsistently",
			sel([]string{"s", "o"}, sparql.Row{"s": bn("a"), "o": bn("b")}, sparql.Row{"s": bn("b"), "o": exIRI("x")}),
			sel([]string{"s", "o"}, sparql.Row{"s": bn("y"), "o": exIRI("x")}, sparql.Row{"s": bn("z"), "o": bn("w")}),
			CompareOptions{}, false, "no consistent blank-node mapping",
		},
		{
			"graphs, duplicates ignored",
			&sparql.Results{Graph: []sparql.Statement{{Subject: bn("a"), Predicate: exIRI("p"), Object: exIRI("o")}}},
			&sparql.Results{Graph: []sparql.Statement{{Subject: bn("q"), Predicate: exIRI("p"), Object: exIRI("o")}, {Subject: bn("q"), Predicate: exIRI("p"), Object: exIRI("o")}}},
			CompareOptions{}, true, "",
		},
		{
			"graphs differ",
			&sparql.Results{Graph: []sparql.Statement{{Subject: bn("a"), Predicate: exIRI("p"), Object: exIRI("o")}}},
			&sparql.Results{Graph: []sparql.Statement{}},
			CompareOptions{}, false, "want 1, got 0",
		},
		{"graph vs select", &sparql.Results{Graph: []sparql.Statement{}}, sel(nil), CompareOptions{}, false, "want a graph"},
	}
	for _, tc := range tests {
		msg, err := CompareResults(tc.want, tc.got, tc.opts)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if (msg == "") != tc.ok {
			t.Errorf("%s: message %q, want ok=%v", tc.name, msg, tc.ok)
		}
		if tc.contains != "" && !strings.Contains(msg, tc.contains) {
			t.Errorf("%s: message %q does not contain %q", tc.name, msg, tc.contains)
		}
	}
}

func TestReadTSVResults(t *testing.T) {
	doc := "?s\t?o\t?n\n" +
		"<http://ex/s>\t\"a\\tb\"@EN\t1\n" +
		"_:b0\t\"x\"^^<http://ex/dt>\t\n" +
		"<http://ex/s>\t2.5\t1.0e6\n" +
		"<http://ex/s>\ttrue\t\"-3\"^^<http://www.w3.org/2001/XMLSchema#negativeInteger>\n"
	res, err := ReadTSVResults(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(res.Vars, ",") != "s,o,n" || len(res.Rows) != 4 {
		t.Fatalf("vars %v, %d rows", res.Vars, len(res.Rows))
	}
	want := []map[string]string{
		{"s": "<http://ex/s>", "o": `"a\tb"@en`, "n": `"1"^^<` + sparql.XSDInteger + ">"},
		{"s": "_:", "o": `"x"^^<http://ex/dt>`},
		{"s": "<http://ex/s>", "o": `"2.5"^^<` + sparql.XSDDecimal + ">", "n": `"1.0e6"^^<` + sparql.XSDDouble + ">"},
		{"s": "<http://ex/s>", "o": `"true"^^<` + sparql.XSDBoolean + ">", "n": `"-3"^^<` + sparql.XSD + "negativeInteger>"},
	}
	for i, w := range want {
		row := res.Rows[i]
		if len(row) != len(w) {
			t.Errorf("row %d binds %d variables, want %d", i+1, len(row), len(w))
		}
		for v, k := range w {
			got := row[v]
			if got == nil {
				t.Errorf("row %d: ?%s unbound", i+1, v)
				continue
			}
			if k == "_:" {
				if !isBlank(got) {
					t.Errorf("row %d: ?%s = %s, want a blank node", i+1, v, got.Key())
				}
				continue
			}
			if got.Key() != k {
				t.Errorf("row %d: ?%s = %s, want %s", i+1, v, got.Key(), k)
			}
		}
	}
	for _, bad := range []string{"", "s\to\n", "?s\n<a>\t<b>\n", "?s\n\"unterminated\n", "?s\n<relative>\n"} {
		if _, err := ReadTSVResults(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadTSVResults(%q): no error", bad)
		}
	}
}

func TestCompareCSV(t *testing.T) {
	vars, rows, err := ReadCSVTable(strings.NewReader("s,o\r\nhttp://ex/s,\"4,4\"\r\n_:b1,\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := sel([]string{"s", "o"},
		sparql.Row{"s": bn("zz")},
		sparql.Row{"s": sparql.NewIRI("http://ex/s"), "o": tlit("4,4", "http://ex/dt")},
	)
	if msg, err := CompareCSV(vars, rows, got); msg != "" || err != nil {
		t.Errorf("CompareCSV: %q, %v; want a match", msg, err)
	}
	got.Rows[1]["o"] = sparql.NewLiteral("4.4")
	if msg, _ := CompareCSV(vars, rows, got); msg == "" {
		t.Error("CompareCSV: different value accepted")
	}
	got.Vars = []string{"o", "s"}
	if msg, _ := CompareCSV(vars, rows, got); !strings.Contains(msg, "header") {
		t.Errorf("CompareCSV with swapped columns: %q, want a header difference", msg)
	}
}
