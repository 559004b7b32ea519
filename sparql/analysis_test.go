package sparql

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const anPrefix = "PREFIX : <http://ex/>\n"

func anParse(t *testing.T, src string, opts ...Option) *Query {
	t.Helper()
	q, err := Parse(src, opts...)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return q
}

func TestAnalyzeProjectedBoundness(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  map[string]Boundness
	}{
		{"optional and unbound", `SELECT ?x ?y ?z { ?x :p ?o OPTIONAL { ?x :q ?y } }`,
			map[string]Boundness{"x": BoundAlways, "y": BoundMaybe, "z": BoundNever}},
		{"optional then required", `SELECT ?y { OPTIONAL { ?x :q ?y } ?y :p ?z }`,
			map[string]Boundness{"y": BoundAlways}},
		{"union", `SELECT ?a ?b { { ?a :p ?b } UNION { ?a :q ?c } }`,
			map[string]Boundness{"a": BoundAlways, "b": BoundMaybe}},
		{"bind", `SELECT ?c ?d ?e { ?s :p ?o BIND(1 AS ?c) BIND(?o + 1 AS ?d) BIND(?zz + 1 AS ?e) }`,
			map[string]Boundness{"c": BoundAlways, "d": BoundMaybe, "e": BoundNever}},
		{"values with UNDEF", `SELECT ?v ?w { VALUES (?v ?w) { (1 UNDEF) (2 3) } }`,
			map[string]Boundness{"v": BoundAlways, "w": BoundMaybe}},
		{"group key and aggregate", `SELECT ?k (COUNT(?x) AS ?n) { ?x :p ?k } GROUP BY ?k`,
			map[string]Boundness{"k": BoundAlways, "n": BoundAlways}},
		{"optional group key", `SELECT ?k (SAMPLE(?x) AS ?s) { ?x :p ?o OPTIONAL { ?x :q ?k } } GROUP BY ?k`,
			map[string]Boundness{"k": BoundMaybe, "s": BoundAlways}},
		{"group by alias", `SELECT ?y { ?x :p ?o } GROUP BY (STR(?o) AS ?y)`,
			map[string]Boundness{"y": BoundMaybe}},
		{"implicit group", `SELECT (COUNT(*) AS ?n) { ?x :p ?o }`,
			map[string]Boundness{"n": BoundAlways}},
		{"minus binds nothing", `SELECT ?x ?m { ?x :p ?o MINUS { ?x :q ?m } }`,
			map[string]Boundness{"x": BoundAlways, "m": BoundNever}},
		{"filter exists binds nothing", `SELECT ?f { ?x :p ?o FILTER EXISTS { ?x :q ?f } }`,
			map[string]Boundness{"f": BoundNever}},
		{"sub-select", `SELECT ?x ?h ?m { { SELECT ?x ?m { ?x :p ?h OPTIONAL { ?x :q ?m } } } }`,
			map[string]Boundness{"x": BoundAlways, "h": BoundNever, "m": BoundMaybe}},
		{"star", `SELECT * { ?x :p ?o OPTIONAL { ?o :q ?z } }`,
			map[string]Boundness{"x": BoundAlways, "o": BoundAlways, "z": BoundMaybe}},
		{"graph and service", `SELECT ?g ?s ?t { GRAPH ?g { ?s :p ?o } SERVICE SILENT <http://ex/sparql> { ?s :q ?t } }`,
			map[string]Boundness{"g": BoundAlways, "s": BoundAlways, "t": BoundMaybe}},
		{"coalesce", `SELECT (COALESCE(?y, 0) AS ?c) (BOUND(?y) AS ?b) (IF(?q, 1, 2) AS ?i) { ?x :p ?o OPTIONAL { ?x :q ?y } }`,
			map[string]Boundness{"c": BoundAlways, "b": BoundAlways, "i": BoundNever}},
		{"trailing values", `SELECT ?x ?t { ?x :p ?o } VALUES ?t { :a }`,
			map[string]Boundness{"x": BoundAlways, "t": BoundAlways}},
		{"projection uses earlier alias", `SELECT (1 AS ?one) (?one AS ?two) { }`,
			map[string]Boundness{"one": BoundAlways, "two": BoundAlways}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(anParse(t, anPrefix+tt.query))
			got := map[string]Boundness{}
			for _, p := range a.Projected {
				got[p.Name] = p.Bound
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Projected mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnalyzeProjectedOrderAndForms(t *testing.T) {
	a := Analyze(anParse(t, anPrefix+`SELECT ?b ?a (1 AS ?c) { ?a :p ?b }`))
	want := []ProjectedVar{{"b", BoundAlways}, {"a", BoundAlways}, {"c", BoundAlways}}
	if diff := cmp.Diff(want, a.Projected); diff != "" {
		t.Errorf("Projected (-want +got):\n%s", diff)
	}
	for _, src := range []string{`ASK { ?s ?p ?o }`, `CONSTRUCT WHERE { ?s ?p ?o }`, `DESCRIBE ?s { ?s ?p ?o }`} {
		a := Analyze(anParse(t, src))
		if len(a.Projected) != 0 {
			t.Errorf("%s: Projected = %v, want none", src, a.Projected)
		}
		if !strings.HasPrefix(src, a.Form) {
			t.Errorf("%s: Form = %q", src, a.Form)
		}
	}
}

func TestAnalyzeFeatures(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  []Feature
	}{
		{"plain", `SELECT ?x { ?x :p ?y }`, []Feature{}},
		{"count", `SELECT (COUNT(*) AS ?c) { ?t a :singer }`, []Feature{FeatureAggregate, FeatureExpr}},
		{"modifiers", `SELECT DISTINCT ?x { ?x :p ?y FILTER(?y NOT IN (1)) } ORDER BY ?x LIMIT 1 OFFSET 2`,
			[]Feature{FeatureDistinct, FeatureFilter, FeatureLimit, FeatureNegation, FeatureOffset, FeatureOrder}},
		{"reduced", `SELECT REDUCED ?x { ?x :p ?y }`, []Feature{FeatureDistinct}},
		{"patterns", `SELECT ?x FROM <http://ex/g> { ?x :p/:q ?y MINUS { ?x :r ?y } BIND(1 AS ?b) VALUES ?v { 1 } OPTIONAL { ?x :s ?z } }`,
			[]Feature{FeatureBind, FeatureDataset, FeatureMinus, FeatureNegation, FeatureOptional, FeaturePath, FeatureValues}},
		{"nested", `SELECT * { GRAPH ?g { ?s ?p ?o } SERVICE <http://ex/sparql> { ?s ?p ?o } { SELECT ?s { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(*) > 1) } FILTER EXISTS { ?s ?p ?o } }`,
			[]Feature{FeatureAggregate, FeatureExists, FeatureFilter, FeatureGraph, FeatureGroup, FeatureHaving, FeatureService, FeatureSubquery}},
		{"not exists and union", `SELECT * { { ?s ?p ?o } UNION { ?s :a ?o } FILTER NOT EXISTS { ?s :b ?o } }`,
			[]Feature{FeatureExists, FeatureFilter, FeatureNegation, FeatureUnion}},
		{"!bound is not negation", `SELECT ?x { ?x :p ?y FILTER(!BOUND(?y)) }`, []Feature{FeatureFilter}},
		{"negated property set is a path", `SELECT ?x { ?x !:p ?y }`, []Feature{FeaturePath}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Analyze(anParse(t, anPrefix+tt.query))
			if diff := cmp.Diff(tt.want, a.Features); diff != "" {
				t.Errorf("Features mismatch (-want +got):\n%s", diff)
			}
			if a.UsesService != a.Has(FeatureService) || a.HasService() != a.UsesService {
				t.Errorf("UsesService = %v disagrees with Features %v", a.UsesService, a.Features)
			}
		})
	}
}

func TestAnalyzeIRIRoles(t *testing.T) {
	q := anParse(t, anPrefix+`PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT ?x FROM <http://ex/g1> FROM NAMED <http://ex/g2> WHERE {
  ?x a :C ; :p :e1 ; :q/^:r ?y ; :s ( :e2 ) .
  :e3 :p "5"^^xsd:int , 7 .
  ?x <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> :D ; a/:t :NotAClass .
  GRAPH :g3 { ?x :p ?z }
  FILTER(?y = :e4 && xsd:integer(?z) > 2)
  VALUES ?v { :e5 UNDEF }
  SERVICE <http://ex/sparql> { ?x :p ?w }
}`)
	a := Analyze(q)
	rdfType := RDFType
	want := map[IRIRole][]string{
		RoleGraph:      {"http://ex/g1", "http://ex/g2", "http://ex/g3"},
		RoleClass:      {"http://ex/C", "http://ex/D"},
		RolePredicate:  {rdfType, "http://ex/p", "http://ex/q", "http://ex/r", "http://ex/s", "http://ex/t"},
		RoleEntity:     {"http://ex/e1", "http://ex/e2", "http://ex/e3", "http://ex/NotAClass"},
		RoleDatatype:   {"http://www.w3.org/2001/XMLSchema#int"},
		RoleExpression: {"http://ex/e4"},
		RoleFunction:   {XSDInteger},
		RoleValues:     {"http://ex/e5"},
		RoleService:    {"http://ex/sparql"},
	}
	if diff := cmp.Diff(want, a.IRIs); diff != "" {
		t.Errorf("IRIs mismatch (-want +got):\n%s", diff)
	}
	// Every use has a real position, and the uses cover the role lists.
	for _, u := range a.IRIUses {
		if !u.Pos.IsValid() || u.End <= u.Pos {
			t.Errorf("use %+v has no valid span", u)
		}
	}
	if got := len(a.IRIUses); got != 25 {
		t.Errorf("len(IRIUses) = %d, want 25: %+v", got, a.IRIUses)
	}
	if got := a.AllIRIs(); len(got) != 20 {
		t.Errorf("AllIRIs = %d IRIs, want 20: %v", len(got), got)
	}
	d := Analyze(anParse(t, anPrefix+`DESCRIBE :e6 ?x { ?x :p :e7 }`))
	if diff := cmp.Diff([]string{"http://ex/e6", "http://ex/e7"}, d.IRIs[RoleEntity]); diff != "" {
		t.Errorf("DESCRIBE entities (-want +got):\n%s", diff)
	}
	c := Analyze(anParse(t, anPrefix+`CONSTRUCT { ?x a :K } WHERE { ?x :p ?y }`))
	if diff := cmp.Diff([]string{"http://ex/K"}, c.IRIs[RoleClass]); diff != "" {
		t.Errorf("CONSTRUCT template class (-want +got):\n%s", diff)
	}
}

func TestAnalyzeScopes(t *testing.T) {
	q := anParse(t, anPrefix+`SELECT * {
  ?a :p ?b
  OPTIONAL { ?b :q ?c }
  { ?d :r ?e } UNION { ?f :s ?g }
  MINUS { ?h :t ?a }
  FILTER NOT EXISTS { ?a :u ?i }
  FILTER EXISTS { ?a :u ?i2 }
  GRAPH ?gr { ?a :w ?l }
  { SELECT ?j { ?j :v ?k } }
}`)
	type scope struct {
		Context string
		Depth   int
		Vars    []string
	}
	want := []scope{
		{"where", 0, []string{"a", "b", "c", "d", "e", "f", "g", "gr", "l", "j"}},
		{"optional", 1, []string{"b", "c"}},
		{"union", 1, []string{"d", "e"}},
		{"union", 1, []string{"f", "g"}},
		{"minus", 1, []string{"h", "a"}},
		{"not-exists", 1, []string{"a", "i"}},
		{"exists", 1, []string{"a", "i2"}},
		{"graph", 1, []string{"a", "l"}},
		{"group", 1, []string{"j"}},
		{"subquery", 2, []string{"j", "k"}},
	}
	a := Analyze(q)
	var got []scope
	for _, s := range a.Scopes {
		got = append(got, scope{s.Context, s.Depth, s.Vars})
		if !s.Pos.IsValid() || s.End <= s.Pos {
			t.Errorf("scope %+v has no valid span", s)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Scopes mismatch (-want +got):\n%s", diff)
	}
}

func TestAnalyzeVariables(t *testing.T) {
	a := Analyze(anParse(t, anPrefix+`SELECT ?a (COUNT(?b) AS ?n) { ?a :p ?b FILTER(?c) } GROUP BY ?a ORDER BY ?n`))
	if diff := cmp.Diff([]string{"a", "b", "n", "c"}, a.Variables); diff != "" {
		t.Errorf("Variables mismatch (-want +got):\n%s", diff)
	}
}

func TestTripleKeys(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  []string
	}{
		{"abstracted", `SELECT ?x { ?x :p ?y . ?y :q "l"@EN . FILTER NOT EXISTS { ?x :r ?z } OPTIONAL { ?x :s [] } }`, []string{
			"?var <http://ex/p> ?var", `?var <http://ex/q> "l"@en`, "?var <http://ex/s> _:b",
		}},
		{"duplicates are kept", `SELECT ?x { ?x :p ?y . ?x :p ?y }`, []string{"?var <http://ex/p> ?var", "?var <http://ex/p> ?var"}},
		{"variable predicate and path", `SELECT * { ?x ?p ?y . ?x :a+ 3 }`, []string{
			"?var ?var ?var", `?var <http://ex/a>+ "3"^^<` + XSDInteger + `>`,
		}},
		{"sub-query and union", `SELECT * { { SELECT ?x { ?x :p ?y } } { ?x :q _:b1 } UNION { ?x a :C } }`, []string{
			"?var <http://ex/p> ?var", "?var <http://ex/q> _:b", "?var <" + RDFType + "> <http://ex/C>",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, TripleKeys(anParse(t, anPrefix+tt.query))); diff != "" {
				t.Errorf("TripleKeys mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// Renaming variables does not change the keys.
	k1 := TripleKeys(anParse(t, anPrefix+`SELECT * { ?a :p ?b . ?b :q ?c }`))
	k2 := TripleKeys(anParse(t, anPrefix+`SELECT * { ?x :p ?y . ?y :q ?z }`))
	if diff := cmp.Diff(k1, k2); diff != "" {
		t.Errorf("renamed variables changed the keys (-first +second):\n%s", diff)
	}
	if got := TripleKeys(nil); len(got) != 0 {
		t.Errorf("TripleKeys(nil) = %v", got)
	}
}

func TestAnalyzeJSON(t *testing.T) {
	a := Analyze(anParse(t, anPrefix+`SELECT ?x ?n { ?x a :C ; :p [ :q "1"^^:dt ] OPTIONAL { ?x :r/:s* ?n } }`))
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var back Analysis
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if diff := cmp.Diff(a, &back); diff != "" {
		t.Errorf("JSON round trip changed the analysis (-want +got):\n%s", diff)
	}
	for _, key := range []string{`"form"`, `"projected"`, `"scopes"`, `"iris"`, `"iriUses"`, `"triples"`, `"features"`, `"usesService"`, `"variables"`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON lacks %s: %s", key, b)
		}
	}
	empty, err := json.Marshal(Analyze(nil))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(empty), "null") {
		t.Errorf("Analyze(nil) encodes null lists: %s", empty)
	}
}

// TestAnalyzeHandBuiltWithHoles checks that a tree built in code with
// missing parts is analysed without a panic.
func TestAnalyzeHandBuiltWithHoles(t *testing.T) {
	trees := []*Query{
		{},
		{Form: Select, Projections: []*Projection{nil, {Var: scVar("x")}}},
		{Form: Select, Star: true, Where: scGroup(nil, (*TriplesBlock)(nil), &OptionalPattern{}, &UnionPattern{Alts: []*GroupPattern{nil}},
			&BindPattern{}, &ValuesPattern{}, &SubSelect{}, &GraphPattern{}, &ServicePattern{}, &FilterPattern{})},
		{Form: Select, Where: scGroup(scBlock(&TriplesSameSubject{Subject: &Collection{Items: []GraphNode{nil}}},
			&TriplesSameSubject{Subject: scVar("s"), Properties: []*PropertyObjects{{Objects: []GraphNode{scVar("o")}}}}))},
		{Form: Select, Projections: []*Projection{{Var: scVar("v"), Expr: &CallExpr{Name: "IF"}}},
			Where: scGroup(&BindPattern{Var: scVar("w"), Expr: &BinaryExpr{Op: OpOr}}), GroupBy: []*GroupCondition{nil, {Expr: scVar("v")}}},
	}
	for i, q := range trees {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("tree %d: Analyze panicked: %v", i, r)
				}
			}()
			a := Analyze(q)
			if _, err := json.Marshal(a); err != nil {
				t.Errorf("tree %d: %v", i, err)
			}
			TripleKeys(q)
		}()
	}
}

// anSpiderQueries reads the gold queries of a Spider4SPARQL CSV file, with
// the prefix its queries assume.
func anSpiderQueries(t testing.TB, file string) (ids, queries []string) {
	t.Helper()
	dir := sharedData(t, filepath.Join("spider4sparql", "questions"))
	f, err := os.Open(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	col, idCol := -1, -1
	for i, h := range recs[0] {
		switch h {
		case "query":
			col = i
		case "index":
			idCol = i
		}
	}
	if col < 0 || idCol < 0 {
		t.Fatalf("%s: no query/index column in %v", file, recs[0])
	}
	for _, r := range recs[1:] {
		ids = append(ids, r[idCol])
		queries = append(queries, "PREFIX : <http://valuenet/ontop/>\n"+r[col])
	}
	return ids, queries
}

func TestTripleKeysSpider(t *testing.T) {
	ids, queries := anSpiderQueries(t, "dev-public.csv")
	byID := map[string]string{}
	for i, id := range ids {
		byID[id] = queries[i]
	}
	tests := []struct {
		id   string
		want int
	}{
		{"0", 1}, // ?t1 a :singer
		{"2", 5}, // a duplicated ?t1 :singer#age ?t1_age counts twice
		{"4", 5},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			src, ok := byID[tt.id]
			if !ok {
				t.Fatalf("no Spider dev query %s", tt.id)
			}
			keys := TripleKeys(anParse(t, src))
			if len(keys) != tt.want {
				t.Errorf("len(TripleKeys) = %d, want %d: %v", len(keys), tt.want, keys)
			}
		})
	}
	keys := TripleKeys(anParse(t, byID["0"]))
	if diff := cmp.Diff([]string{"?var <" + RDFType + "> <http://valuenet/ontop/singer>"}, keys); diff != "" {
		t.Errorf("query 0 (-want +got):\n%s", diff)
	}
}

// anCorpusQuery is one query of the shared data.
type anCorpusQuery struct {
	name string
	src  string
	opts []Option
}

// anCorpusQueries collects the W3C syntax-test queries and the gold queries
// of Spider4SPARQL (sparql11 dialect) and of QALD and LC-QuAD (lenient).
func anCorpusQueries(t testing.TB) []anCorpusQuery {
	t.Helper()
	var out []anCorpusQuery
	w3c := sharedData(t, "w3c-sparql")
	err := filepath.WalkDir(w3c, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rq") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, anCorpusQuery{name: p, src: string(b)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"dev-public.csv", "train.csv"} {
		ids, qs := anSpiderQueries(t, file)
		for i := range qs {
			out = append(out, anCorpusQuery{name: file + "#" + ids[i], src: qs[i]})
		}
	}
	lenient := []Option{WithDialect(Lenient)}
	readJSON := func(rel string, v any) bool {
		b, err := os.ReadFile(filepath.Join("..", "..", "shared", "data", rel))
		if errors.Is(err, fs.ErrNotExist) {
			return false
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		return true
	}
	for _, rel := range []string{"qald9plus/qald_9_plus_test_dbpedia.json", "qald10/qald_10.json"} {
		var qald struct {
			Questions []struct {
				Query struct {
					SPARQL string `json:"sparql"`
				} `json:"query"`
			} `json:"questions"`
		}
		if readJSON(rel, &qald) {
			for i, q := range qald.Questions {
				out = append(out, anCorpusQuery{name: rel + "#" + anItoa(i), src: q.Query.SPARQL, opts: lenient})
			}
		}
	}
	for _, rel := range []string{"lcquad1/test-data.json", "lcquad1/train-data.json"} {
		var lc []struct {
			SPARQL string `json:"sparql_query"`
		}
		if readJSON(rel, &lc) {
			for i, q := range lc {
				out = append(out, anCorpusQuery{name: rel + "#" + anItoa(i), src: q.SPARQL, opts: lenient})
			}
		}
	}
	return out
}

func anItoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// TestAnalyzeCorpus analyses every query of the shared corpora that
// parses: no panic, JSON encodes, the triples agree with TripleKeys, and a
// projected plain variable is "never" bound exactly when it is not in
// scope of the WHERE clause (ungrouped queries). Some Spider gold queries
// really do project a variable their WHERE clause never binds (for
// example "SELECT ?T1_name WHERE { ?T2 :movie#ref-actor_id ?T1 … }"); the
// test logs how many.
func TestAnalyzeCorpus(t *testing.T) {
	qs := anCorpusQueries(t)
	parsed, spiderNever := 0, 0
	unchecked := *SPARQL11
	unchecked.SkipSemanticChecks = true
	for _, c := range qs {
		q, err := Parse(c.src, c.opts...)
		if err != nil {
			// Trees that break the static rules (W3C negative tests) must
			// not make Analyze panic either.
			if q, err := Parse(c.src, WithDialect(&unchecked)); err == nil {
				anMustNotPanic(t, c.name, q)
			}
			continue
		}
		parsed++
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: Analyze panicked: %v\n%s", c.name, r, c.src)
				}
			}()
			a := Analyze(q)
			if _, err := json.Marshal(a); err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			keys := TripleKeys(q)
			n := 0
			for _, tp := range a.Triples {
				if !tp.InExists {
					n++
				}
			}
			if n != len(keys) {
				t.Errorf("%s: %d non-EXISTS triples but %d keys", c.name, n, len(keys))
			}
			if len(a.Triples) != len(Triples(q)) {
				t.Errorf("%s: Analysis has %d triples, Triples %d", c.name, len(a.Triples), len(Triples(q)))
			}
			if q.Form == Select && len(a.Projected) != len(q.ProjectedVars()) && !q.Star {
				t.Errorf("%s: %d projected, ProjectedVars %d", c.name, len(a.Projected), len(q.ProjectedVars()))
			}
			if q.Form != Select || len(q.GroupBy) > 0 || q.Values != nil {
				return
			}
			inScope := map[string]bool{}
			for _, v := range InScope(q.Where) {
				inScope[v.Name] = true
			}
			required := map[string]bool{}
			for _, tr := range GroupTriples(q.Where) {
				for _, x := range []Node{tr.Subject, tr.Predicate, tr.Object} {
					if v, ok := x.(*Var); ok {
						required[v.Name] = true
					}
				}
			}
			computed := map[string]bool{}
			for _, p := range q.Projections {
				if p.Expr != nil {
					computed[p.Var.Name] = true
				}
			}
			for _, p := range a.Projected {
				if computed[p.Name] {
					continue
				}
				if !inScope[p.Name] && p.Bound != BoundNever {
					t.Errorf("%s: ?%s is not in scope but %s", c.name, p.Name, p.Bound)
				}
				if required[p.Name] && p.Bound != BoundAlways {
					t.Errorf("%s: ?%s is in a required triple pattern but %s", c.name, p.Name, p.Bound)
				}
				if p.Bound == BoundNever && strings.Contains(c.name, ".csv#") {
					spiderNever++
				}
			}
		}()
	}
	t.Logf("Spider gold queries that project a never-bound variable: %d", spiderNever)
	if parsed < len(qs)/2 {
		t.Errorf("only %d of %d corpus queries parsed", parsed, len(qs))
	}
	t.Logf("analysed %d of %d corpus queries", parsed, len(qs))
}

// anMustNotPanic runs the analysis and rewrite entry points on q.
func anMustNotPanic(t *testing.T, name string, q *Query) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: panic: %v", name, r)
		}
	}()
	a := Analyze(q)
	if _, err := json.Marshal(a); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	TripleKeys(q)
	c := Clone(q)
	if !Equal(q, c) {
		t.Errorf("%s: clone is not Equal", name)
	}
	if _, err := Apply(c, func(*Cursor) bool { return true }, nil); err != nil {
		t.Errorf("%s: Apply: %v", name, err)
	}
}

// FuzzAnalyze runs Analyze, TripleKeys, Clone and Apply on every input the
// parser accepts (with the static checks on and off).
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{
		rwQuery,
		`SELECT * { ?s ?p ?o }`,
		`PREFIX : <http://ex/> SELECT ?x (COUNT(*) AS ?n) { ?x :p [ :q ( 1 ?y ) ] OPTIONAL { ?x :r/:s* ?w } MINUS { ?x :t ?u } } GROUP BY ?x`,
		`ASK { GRAPH ?g { ?s !(^<http://ex/p>|<http://ex/q>) ?o } FILTER NOT EXISTS { ?s ?p ?o } }`,
		`CONSTRUCT { ?s <http://ex/p> [] } WHERE { { SELECT * { ?s ?p ?o } } UNION { BIND(1 AS ?s) } } VALUES ?s { UNDEF }`,
	} {
		f.Add(s)
	}
	unchecked := *SPARQL11
	unchecked.SkipSemanticChecks = true
	f.Fuzz(func(t *testing.T, src string) {
		for _, d := range []*Dialect{SPARQL11, &unchecked} {
			if q, err := Parse(src, WithDialect(d)); err == nil {
				anMustNotPanic(t, "fuzz", q)
			}
		}
	})
}
