package sparql

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rwCompact returns the compact print of the parsed query src.
func rwCompact(t *testing.T, src string) string {
	t.Helper()
	q, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return PrintCompact(q)
}

// rwTypes lists the nodes of a traversal as "Type" strings.
func rwTypes(ns []Node) []string {
	out := []string{}
	for _, n := range ns {
		out = append(out, reflect.TypeOf(n).String())
	}
	return out
}

// rwWalkOrder returns the nodes Inspect visits, in order.
func rwWalkOrder(root Node) []Node {
	var out []Node
	Inspect(root, func(n Node) bool {
		if n != nil {
			out = append(out, n)
		}
		return true
	})
	return out
}

// rwApplyOrder returns the nodes Apply's pre visits, in order.
func rwApplyOrder(t *testing.T, root Node) []Node {
	var out []Node
	if _, err := Apply(root, func(c *Cursor) bool { out = append(out, c.Node()); return true }, nil); err != nil {
		t.Fatal(err)
	}
	return out
}

const rwQuery = `PREFIX : <http://ex/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT DISTINCT ?x (COUNT(?y) AS ?n)
FROM <http://ex/g>
WHERE {
  ?x a :C ; :p [ :q "1"^^xsd:int ], (1 ?y) ; :r/^:s* ?z ; !(:t|^:u) ?w .
  OPTIONAL { ?x :v ?y FILTER(?y > 2 && xsd:integer(?y) IN (1, 2)) }
  { ?x :a ?b } UNION { GRAPH ?g { ?x :b ?b } }
  MINUS { ?x :c "no"@en }
  FILTER NOT EXISTS { ?x :d ?e }
  BIND(STR(?x) AS ?s)
  VALUES (?v1 ?v2) { (:e1 UNDEF) (UNDEF "x") }
  { SELECT ?x { ?x :e ?f } ORDER BY DESC(?f) LIMIT 3 }
  SERVICE SILENT <http://ex/sparql> { ?x :f ?h }
}
GROUP BY ?x
HAVING (COUNT(?y) > 1)
ORDER BY ?n
LIMIT 10 OFFSET 2
VALUES ?x { :k }`

func TestApplyMatchesWalkOrder(t *testing.T) {
	q, err := Parse(rwQuery)
	if err != nil {
		t.Fatal(err)
	}
	want, got := rwWalkOrder(q), rwApplyOrder(t, q)
	if diff := cmp.Diff(rwTypes(want), rwTypes(got)); diff != "" {
		t.Fatalf("Apply order differs from Walk (-walk +apply):\n%s", diff)
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("node %d: Apply visits %T %p, Walk %T %p", i, got[i], got[i], want[i], want[i])
		}
	}
	// post is called in reverse nesting order, once per node.
	var posts int
	if _, err := Apply(q, nil, func(c *Cursor) bool { posts++; return true }); err != nil {
		t.Fatal(err)
	}
	if posts != len(want) {
		t.Errorf("post called %d times, want %d", posts, len(want))
	}
}

func TestApplyPreFalseAndPostFalse(t *testing.T) {
	q, err := Parse(rwQuery)
	if err != nil {
		t.Fatal(err)
	}
	// pre false on OPTIONAL: nothing inside it is visited.
	var seenInside bool
	_, err = Apply(q, func(c *Cursor) bool {
		if v, ok := c.Node().(*IRI); ok && v.Value == "http://ex/v" {
			seenInside = true
		}
		_, isOpt := c.Node().(*OptionalPattern)
		return !isOpt
	}, nil)
	if err != nil || seenInside {
		t.Errorf("pre returning false did not skip children (err %v)", err)
	}
	// post false stops the traversal at the first leaf.
	var visits int
	_, err = Apply(q, func(c *Cursor) bool { visits++; return true }, func(c *Cursor) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	if visits != 3 { // Query, PrologueDecl, its IRI
		t.Errorf("visited %d nodes before stopping, want 3", visits)
	}
}

func TestCursorNameIndex(t *testing.T) {
	q, err := Parse(rwQuery)
	if err != nil {
		t.Fatal(err)
	}
	type place struct {
		Parent, Name string
		Index, Row   int
	}
	var got []place
	_, err = Apply(q, func(c *Cursor) bool {
		switch c.Node().(type) {
		case *FilterPattern, *OptionalPattern, *ValuesBlock:
			got = append(got, place{reflect.TypeOf(c.Parent()).String(), c.Name(), c.Index(), c.Row()})
		case *Query:
			if c.Parent() == nil {
				got = append(got, place{"", c.Name(), c.Index(), c.Row()})
			}
		}
		if _, ok := c.Node().(*Literal); ok && c.Name() == "Rows" {
			got = append(got, place{"literal cell", c.Name(), c.Index(), c.Row()})
		}
		return true
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []place{
		{"", "", -1, -1},
		{"*sparql.GroupPattern", "Elements", 1, -1}, // OPTIONAL
		{"*sparql.GroupPattern", "Elements", 1, -1}, // FILTER inside OPTIONAL
		{"*sparql.GroupPattern", "Elements", 4, -1}, // FILTER NOT EXISTS
		{"*sparql.ValuesPattern", "Values", -1, -1},
		{"literal cell", "Rows", 1, 1},
		{"*sparql.Query", "Values", -1, -1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cursor places (-want +got):\n%s", diff)
	}
}

func TestCursorEdits(t *testing.T) {
	type edit func(t *testing.T, c *Cursor) (done bool, err error)
	firstIRI := func(value string, f func(c *Cursor) error) edit {
		return func(t *testing.T, c *Cursor) (bool, error) {
			if v, ok := c.Node().(*IRI); ok && v.Value == value {
				return true, f(c)
			}
			return false, nil
		}
	}
	firstOf := func(match func(Node) bool, f func(c *Cursor) error) edit {
		return func(t *testing.T, c *Cursor) (bool, error) {
			if match(c.Node()) {
				return true, f(c)
			}
			return false, nil
		}
	}
	isFilter := func(n Node) bool { _, ok := n.(*FilterPattern); return ok }
	isBindVar := func(n Node) bool { v, ok := n.(*Var); return ok && v.Name == "s" }
	isValuesVar := func(n Node) bool { v, ok := n.(*Var); return ok && v.Name == "v1" }
	isUndefRowLiteral := func(n Node) bool { l, ok := n.(*Literal); return ok && l.Lexical == "x" }
	isProjection := func(n Node) bool { _, ok := n.(*Projection); return ok }
	tests := []struct {
		name    string
		src     string
		edit    edit
		want    string // the expected result, as a query
		wantErr string
	}{
		{"replace object IRI with literal",
			`PREFIX : <http://ex/> SELECT * { ?x :p :o . ?x :q :o }`,
			firstIRI("http://ex/o", func(c *Cursor) error { return c.Replace(NewLiteral("lit")) }),
			`PREFIX : <http://ex/> SELECT * { ?x :p "lit" . ?x :q :o }`, ""},
		{"replace predicate IRI",
			`PREFIX : <http://ex/> SELECT * { ?x :p ?o }`,
			firstIRI("http://ex/p", func(c *Cursor) error {
				return c.Replace(&IRI{Value: "http://ex/p2", Form: PrefixedName, Local: "p2"})
			}),
			`PREFIX : <http://ex/> SELECT * { ?x :p2 ?o }`, ""},
		{"misfit: literal as predicate",
			`PREFIX : <http://ex/> SELECT * { ?x :p ?o }`,
			firstIRI("http://ex/p", func(c *Cursor) error { return c.Replace(NewLiteral("bad")) }),
			`PREFIX : <http://ex/> SELECT * { ?x :p ?o }`, "cannot put *sparql.Literal"},
		{"misfit: IRI as BIND variable",
			`SELECT * { BIND(1 AS ?s) }`,
			firstOf(isBindVar, func(c *Cursor) error { return c.Replace(NewIRI("http://ex/x")) }),
			`SELECT * { BIND(1 AS ?s) }`, "cannot put *sparql.IRI"},
		{"replace with nil",
			`SELECT * { BIND(1 AS ?s) }`,
			firstOf(isBindVar, func(c *Cursor) error { return c.Replace(nil) }),
			`SELECT * { BIND(1 AS ?s) }`, "with nil"},
		{"delete a FILTER",
			`SELECT * { ?s ?p ?o FILTER(?o > 1) FILTER(?o < 5) }`,
			firstOf(isFilter, func(c *Cursor) error { return c.Delete() }),
			`SELECT * { ?s ?p ?o FILTER(?o < 5) }`, ""},
		{"insert before and after a FILTER",
			`SELECT * { ?s ?p ?o FILTER(?o > 1) }`,
			firstOf(isFilter, func(c *Cursor) error {
				if err := c.InsertBefore(&BindPattern{Expr: NewLiteral("b"), Var: NewVar("b")}); err != nil {
					return err
				}
				return c.InsertAfter(&FilterPattern{Expr: &BinaryExpr{Op: OpLt, X: NewVar("o"), Y: &Literal{Lexical: "9", Datatype: NewIRI(XSDInteger), Form: BareLiteral}}})
			}),
			`SELECT * { ?s ?p ?o BIND("b" AS ?b) FILTER(?o > 1) FILTER(?o < 9) }`, ""},
		{"insert misfit",
			`SELECT * { ?s ?p ?o FILTER(?o > 1) }`,
			firstOf(isFilter, func(c *Cursor) error { return c.InsertAfter(NewVar("x")) }),
			`SELECT * { ?s ?p ?o FILTER(?o > 1) }`, "cannot insert *sparql.Var"},
		{"delete a non-list field",
			`SELECT * { BIND(1 AS ?s) }`,
			firstOf(isBindVar, func(c *Cursor) error { return c.Delete() }),
			`SELECT * { BIND(1 AS ?s) }`, "not a list"},
		{"delete a VALUES variable",
			`SELECT * { VALUES (?v1 ?v2) { (1 2) } }`,
			firstOf(isValuesVar, func(c *Cursor) error { return c.Delete() }),
			`SELECT * { VALUES (?v1 ?v2) { (1 2) } }`, "rectangular"},
		{"replace a VALUES cell",
			`SELECT * { VALUES (?v1 ?v2) { (1 UNDEF) (UNDEF "x") } }`,
			firstOf(isUndefRowLiteral, func(c *Cursor) error { return c.Replace(NewIRI("http://ex/i")) }),
			`SELECT * { VALUES (?v1 ?v2) { (1 UNDEF) (UNDEF <http://ex/i>) } }`, ""},
		{"delete a projection",
			`SELECT ?a ?b { ?a ?p ?b }`,
			firstOf(isProjection, func(c *Cursor) error { return c.Delete() }),
			`SELECT ?b { ?a ?p ?b }`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			done := false
			var opErr error
			_, err = Apply(q, func(c *Cursor) bool {
				if done {
					return false
				}
				done, opErr = tt.edit(t, c)
				return true
			}, nil)
			if !done {
				t.Fatal("edit found nothing to act on")
			}
			if !errors.Is(err, opErr) {
				t.Errorf("Apply error %v, operation error %v: want the same", err, opErr)
			}
			if tt.wantErr == "" && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrRewrite) {
					t.Fatalf("error = %v, want one containing %q wrapping ErrRewrite", err, tt.wantErr)
				}
			}
			if got, want := PrintCompact(q), rwCompact(t, tt.want); got != want {
				t.Errorf("after edit:\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestApplyDeleteAllFiltersInARow(t *testing.T) {
	q, err := Parse(`SELECT * { FILTER(1) FILTER(2) ?s ?p ?o FILTER(3) FILTER(4) }`)
	if err != nil {
		t.Fatal(err)
	}
	var deleted int
	_, err = Apply(q, func(c *Cursor) bool {
		if _, ok := c.Node().(*FilterPattern); ok {
			deleted++
			return c.Delete() == nil
		}
		return true
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if deleted != 4 || PrintCompact(q) != rwCompact(t, `SELECT * { ?s ?p ?o }`) {
		t.Errorf("deleted %d filters, left %s", deleted, PrintCompact(q))
	}
}

func TestApplyReplaceRoot(t *testing.T) {
	q, err := Parse(`SELECT * { ?s ?p ?o }`)
	if err != nil {
		t.Fatal(err)
	}
	other := &Query{Form: Ask, Where: &GroupPattern{}}
	got, err := Apply(q, func(c *Cursor) bool {
		if c.Parent() == nil {
			if err := c.Delete(); err == nil {
				t.Error("Delete of the root succeeded")
			}
		}
		return true
	}, nil)
	if err == nil || got != Node(q) {
		t.Errorf("Apply = %v, %v: want the root and the Delete error", got, err)
	}
	got, err = Apply(q, func(c *Cursor) bool {
		if c.Parent() == nil {
			_ = c.Replace(other)
		}
		return true
	}, nil)
	if err != nil || got != Node(other) {
		t.Errorf("Apply = %v, %v: want the replacement root", got, err)
	}
	if got, err := Apply(nil, nil, nil); got != nil || err != nil {
		t.Errorf("Apply(nil) = %v, %v", got, err)
	}
}

func TestReplace(t *testing.T) {
	q, err := Parse(`PREFIX : <http://ex/> SELECT * { ?x :p :o . ?x :p :o }`)
	if err != nil {
		t.Fatal(err)
	}
	second := q.Where.Elements[0].(*TriplesBlock).Triples[1].Properties[0].Objects[0]
	ok, err := Replace(q, second, &IRI{Value: "http://ex/o2", Form: PrefixedName, Local: "o2"})
	if !ok || err != nil {
		t.Fatalf("Replace = %v, %v", ok, err)
	}
	if got, want := PrintCompact(q), rwCompact(t, `PREFIX : <http://ex/> SELECT * { ?x :p :o . ?x :p :o2 }`); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if ok, err := Replace(q, second, NewIRI("http://ex/gone")); ok || err != nil {
		t.Errorf("Replace of a node no longer in the tree = %v, %v", ok, err)
	}
	if ok, err := Replace(q, q, &Query{}); !ok || err == nil {
		t.Errorf("Replace of the root = %v, %v: want found and an error", ok, err)
	}
	if _, err := Replace(q, nil, NewIRI("x")); err == nil {
		t.Error("Replace(nil old) succeeded")
	}
	verb := q.Where.Elements[0].(*TriplesBlock).Triples[0].Properties[0].Verb
	if ok, err := Replace(q, verb, NewVar("v")); !ok || err != nil {
		t.Errorf("Replace verb with a variable = %v, %v", ok, err)
	}
	if ok, err := Replace(q, q.Where, NewIRI("x")); !ok || !errors.Is(err, ErrRewrite) {
		t.Errorf("Replace WHERE with an IRI = %v, %v: want a misfit error", ok, err)
	}
}

// rwPointers collects every pointer and slice array reachable from v.
func rwPointers(v reflect.Value, out map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || out[v.Pointer()] {
			return
		}
		out[v.Pointer()] = true
		rwPointers(v.Elem(), out)
	case reflect.Interface:
		if !v.IsNil() {
			rwPointers(v.Elem(), out)
		}
	case reflect.Slice:
		if v.IsNil() || v.Cap() == 0 {
			return
		}
		out[v.Pointer()] = true
		for i := 0; i < v.Len(); i++ {
			rwPointers(v.Index(i), out)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			rwPointers(v.Field(i), out)
		}
	}
}

func TestCloneIsDeepAndEqual(t *testing.T) {
	q, err := Parse(rwQuery)
	if err != nil {
		t.Fatal(err)
	}
	c := CloneQuery(q)
	if !Equal(q, c) {
		t.Fatal("clone differs from the original")
	}
	if diff := cmp.Diff(q, c); diff != "" {
		t.Fatalf("clone differs, positions included (-orig +clone):\n%s", diff)
	}
	orig, cl := map[uintptr]bool{}, map[uintptr]bool{}
	rwPointers(reflect.ValueOf(q), orig)
	rwPointers(reflect.ValueOf(c), cl)
	for p := range cl {
		if orig[p] {
			t.Fatalf("clone shares memory %#x with the original", p)
		}
	}
	// Mutating every IRI, literal and variable of the clone in place leaves
	// the original as it was printed.
	before := Print(q)
	Inspect(c, func(n Node) bool {
		switch n := n.(type) {
		case *IRI:
			n.Value, n.Local, n.Ref = "http://changed/", "changed", "http://changed/"
		case *Literal:
			n.Lexical = "changed"
		case *Var:
			n.Name = "changed"
		case *Query:
			if n.Limit != nil {
				*n.Limit = 99
			}
		case *GroupPattern:
			n.Elements = append(n.Elements[:0:0], n.Elements...)
		}
		return true
	})
	c.Where.Elements[0] = &FilterPattern{Expr: NewVar("new")}
	if after := Print(q); after != before {
		t.Errorf("mutating the clone changed the original:\n%s\nwas\n%s", after, before)
	}
	if Clone(nil) != nil || CloneQuery(nil) != nil {
		t.Error("Clone(nil) is not nil")
	}
}

func TestClonePreservesSharing(t *testing.T) {
	v := NewVar("x")
	q := &Query{Form: Select, Projections: []*Projection{{Var: v}}, Where: scGroup(scBlock(scTriple(v, NewIRI("http://ex/p"), NewVar("y"))))}
	c := CloneQuery(q)
	cv := c.Projections[0].Var
	if cv == v {
		t.Fatal("clone shares the variable with the original")
	}
	if c.Where.Elements[0].(*TriplesBlock).Triples[0].Subject != GraphNode(cv) {
		t.Error("a node shared within the original is not shared within the clone")
	}
}

// TestReplaceIRIInCloneCorpus parses Spider queries, replaces one IRI in a
// clone and checks that the printed clone differs from the printed
// original only there, and that the original is untouched.
func TestReplaceIRIInCloneCorpus(t *testing.T) {
	ids, queries := anSpiderQueries(t, "dev-public.csv")
	checked := 0
	for i, src := range queries {
		q, err := Parse(src)
		if err != nil {
			continue
		}
		before := Print(q)
		c := CloneQuery(q)
		var target *IRI
		Inspect(c, func(n Node) bool {
			if v, ok := n.(*IRI); ok && target == nil && v.Form == PrefixedName && v.Prefix == "" && strings.HasPrefix(v.Value, "http://valuenet/ontop/") {
				target = v
			}
			return target == nil
		})
		if target == nil {
			continue
		}
		repl := &IRI{Value: "http://valuenet/ontop/REPLACED", Form: PrefixedName, Local: "REPLACED"}
		if ok, err := Replace(c, target, repl); !ok || err != nil {
			t.Fatalf("%s: Replace = %v, %v", ids[i], ok, err)
		}
		if Print(q) != before {
			t.Fatalf("%s: the original changed", ids[i])
		}
		oldText := ":" + escapeLocalForTest(target.Local)
		got := Print(c)
		if want := rwReplaceToken(before, oldText, ":REPLACED"); got != want {
			t.Fatalf("%s: printed clone\n%s\nwant\n%s", ids[i], got, want)
		}
		back, err := Parse(got)
		if err != nil {
			t.Fatalf("%s: printed clone does not parse: %v", ids[i], err)
		}
		if !Equal(back, c) {
			t.Fatalf("%s: printed clone does not parse back to the clone", ids[i])
		}
		checked++
	}
	if checked < 100 {
		t.Errorf("checked only %d queries", checked)
	}
}

// escapeLocalForTest escapes the characters Spider local names use that a
// prefixed name must escape.
func escapeLocalForTest(s string) string {
	return strings.NewReplacer("#", `\#`).Replace(s)
}

// rwReplaceToken replaces the first occurrence of old in s that is a whole
// token (not followed by a name character).
func rwReplaceToken(s, old, new string) string {
	from := 0
	for {
		i := strings.Index(s[from:], old)
		if i < 0 {
			return s
		}
		i += from
		end := i + len(old)
		if end == len(s) || !strings.ContainsRune(`abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-\#.`, rune(s[end])) || s[end] == '.' && (end+1 == len(s) || s[end+1] == ' ' || s[end+1] == '\n') {
			return s[:i] + new + s[end:]
		}
		from = end
	}
}

// TestApplyCorpusOrder checks Apply against Walk on every corpus query
// that parses, and that Clone gives an Equal tree.
func TestApplyCorpusOrder(t *testing.T) {
	for _, c := range anCorpusQueries(t) {
		q, err := Parse(c.src, c.opts...)
		if err != nil {
			continue
		}
		want, got := rwWalkOrder(q), rwApplyOrder(t, q)
		if len(want) != len(got) {
			t.Fatalf("%s: Apply visits %d nodes, Walk %d", c.name, len(got), len(want))
		}
		for i := range want {
			if want[i] != got[i] {
				t.Fatalf("%s: node %d differs: %T vs %T", c.name, i, got[i], want[i])
			}
		}
		if cl := Clone(q); !Equal(q, cl) {
			t.Fatalf("%s: clone is not Equal", c.name)
		}
	}
}

func TestWithValues(t *testing.T) {
	q, err := Parse(`SELECT ?s ?p ?l WHERE { ?s ?p ?l }`)
	if err != nil {
		t.Fatal(err)
	}
	before := PrintCompact(q)
	// A value with quotes and braces stays a value.
	got, err := WithValues(q, []string{"s", "p"}, [][]Term{
		{NewIRI("http://x/a"), NewIRI("http://x/name")},
		{NewIRI("http://x/b"), nil},
		{NewLiteral(`} ?x {`), NewIRI("http://x/name")},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `SELECT ?s ?p ?l WHERE{VALUES(?s ?p){(<http://x/a> <http://x/name>)(<http://x/b> UNDEF)("} ?x {" <http://x/name>)}?s ?p ?l .}`
	if s := PrintCompact(got); s != want {
		t.Errorf("WithValues =\n%s\nwant\n%s", s, want)
	}
	if _, err := Parse(Print(got)); err != nil {
		t.Errorf("the printed query does not parse: %v", err)
	}
	if PrintCompact(q) != before {
		t.Error("WithValues changed its argument")
	}
	one, err := WithValues(q, []string{"s"}, [][]Term{{NewIRI("http://x/a")}})
	if err != nil {
		t.Fatal(err)
	}
	if s := PrintCompact(one); !strings.Contains(s, `VALUES ?s{<http://x/a>}?s`) {
		t.Errorf("one variable: %s", s)
	}
	if _, err := WithValues(q, []string{"s", "p"}, [][]Term{{NewIRI("http://x/a")}}); err == nil {
		t.Error("a short row was accepted")
	}
}
