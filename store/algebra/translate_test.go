package algebra

import (
	"errors"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// translateCases are queries with their algebra, as Format prints it.
var translateCases = []struct {
	name, query, want string
}{
	{"bgp",
		`PREFIX ex: <http://example.org/> SELECT ?name { ?p ex:name ?name ; ex:age ?age FILTER(?age > 30) } LIMIT 10`,
		`Slice (limit 10)
  Project (?name)
    Filter (?age > 30)
      BGP (2 triple patterns)
        ?p ex:name ?name
        ?p ex:age ?age
`},
	{"join of groups",
		`SELECT * { ?s ?p ?o { ?o ?q ?r } }`,
		`Project (?s ?p ?o ?q ?r)
  Join
    BGP (1 triple pattern)
      ?s ?p ?o
    BGP (1 triple pattern)
      ?o ?q ?r
`},
	{"nested groups and filter scope",
		`SELECT * { ?s ?p ?o FILTER(?o > 1) { ?s ?q ?r FILTER(?r < 2) } FILTER(bound(?s) || ?o = 3) }`,
		`Project (?s ?p ?o ?q ?r)
  Filter (?o > 1 && (BOUND(?s)|| ?o = 3))
    Join
      BGP (1 triple pattern)
        ?s ?p ?o
      Filter (?r < 2)
        BGP (1 triple pattern)
          ?s ?q ?r
`},
	{"optional with filter",
		`SELECT * { ?s ?p ?o OPTIONAL { ?o ?q ?r FILTER(?r != ?s) } }`,
		`Project (?s ?p ?o ?q ?r)
  LeftJoin (?r != ?s)
    BGP (1 triple pattern)
      ?s ?p ?o
    BGP (1 triple pattern)
      ?o ?q ?r
`},
	{"optional without filter",
		`SELECT * { OPTIONAL { ?s ?p ?o } }`,
		`Project (?s ?p ?o)
  LeftJoin
    Table (unit: one empty solution)
    BGP (1 triple pattern)
      ?s ?p ?o
`},
	{"optional nested filter is not the condition",
		`SELECT * { ?s ?p ?o OPTIONAL { { ?o ?q ?r FILTER(?r != ?s) } } }`,
		`Project (?s ?p ?o ?q ?r)
  LeftJoin
    BGP (1 triple pattern)
      ?s ?p ?o
    Filter (?r != ?s)
      BGP (1 triple pattern)
        ?o ?q ?r
`},
	{"minus",
		`SELECT * { ?s ?p ?o MINUS { ?s a ?c } }`,
		`Project (?s ?p ?o)
  Minus
    BGP (1 triple pattern)
      ?s ?p ?o
    BGP (1 triple pattern)
      ?s a ?c
`},
	{"bind",
		`SELECT * { BIND(1 AS ?one) ?s ?p ?o BIND(?one + 1 AS ?two) }`,
		`Project (?one ?s ?p ?o ?two)
  Extend (?two := ?one + 1)
    Join
      Extend (?one := 1)
        Table (unit: one empty solution)
      BGP (1 triple pattern)
        ?s ?p ?o
`},
	{"union",
		`SELECT * { { ?s ?p ?o } UNION { ?o ?p ?s } UNION { } }`,
		`Project (?s ?p ?o)
  Union
    Union
      BGP (1 triple pattern)
        ?s ?p ?o
      BGP (1 triple pattern)
        ?o ?p ?s
    Table (unit: one empty solution)
`},
	{"values inline and trailing",
		`SELECT * { VALUES ?x { 1 UNDEF } ?x ?p ?o } VALUES (?p ?o) { (<http://x/p> UNDEF) (UNDEF "a") }`,
		`Project (?x ?p ?o)
  Join
    Join
      Table (?x; 2 rows)
        (1)
        (UNDEF)
      BGP (1 triple pattern)
        ?x ?p ?o
    Table (?p ?o; 2 rows)
      (<http://x/p> UNDEF)
      (UNDEF "a")
`},
	{"values alone",
		`SELECT * { VALUES () { () } }`,
		`Project ()
  Table (unit: one empty solution)
`},
	{"graph",
		`SELECT * { GRAPH ?g { ?s ?p ?o } GRAPH <http://x/g> { } }`,
		`Project (?g ?s ?p ?o)
  Join
    Graph (?g)
      BGP (1 triple pattern)
        ?s ?p ?o
    Graph (<http://x/g>)
      Table (unit: one empty solution)
`},
	{"service",
		`SELECT * { ?s ?p ?o SERVICE SILENT <http://x/sparql> { ?o ?q ?r } SERVICE ?ep { } }`,
		`Project (?s ?p ?o ?q ?r ?ep)
  Join
    Join
      BGP (1 triple pattern)
        ?s ?p ?o
      Service SILENT (<http://x/sparql>)
        BGP (1 triple pattern)
          ?o ?q ?r
    Service (?ep)
      Table (unit: one empty solution)
`},
	{"sub-select",
		`SELECT ?s ?n { ?s a ?c { SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?s } }`,
		`Project (?s ?n)
  Join
    BGP (1 triple pattern)
      ?s a ?c
    ToMultiSet (sub-select)
      Project (?s ?n)
        Extend (?n := ?.agg1)
          Group (?s) Aggregation (?.agg1 := COUNT(*))
            BGP (1 triple pattern)
              ?s ?p ?o
`},
	{"aggregates with having",
		`SELECT ?s (COUNT(*) AS ?n) (SUM(?v) / COUNT(*) AS ?avg) { ?s ?p ?v } GROUP BY ?s HAVING (COUNT(*) > 2 && MAX(?v) < 10)`,
		`Project (?s ?n ?avg)
  Extend (?avg := ?.agg2 / ?.agg1)
    Extend (?n := ?.agg1)
      Filter (?.agg1 > 2 && ?.agg3 < 10)
        Group (?s) Aggregation (?.agg1 := COUNT(*), ?.agg2 := SUM(?v), ?.agg3 := MAX(?v))
          BGP (1 triple pattern)
            ?s ?p ?v
`},
	{"group by expression without aggregates",
		`SELECT ?len { ?s ?p ?o } GROUP BY (STRLEN(?o) AS ?len) ?s`,
		`Project (?len)
  Group (STRLEN(?o) AS ?len, ?s)
    BGP (1 triple pattern)
      ?s ?p ?o
`},
	{"aggregate without group by",
		`SELECT (COUNT(DISTINCT ?s) AS ?n) (GROUP_CONCAT(?o; SEPARATOR=",") AS ?all) { ?s ?p ?o }`,
		`Project (?n ?all)
  Extend (?all := ?.agg2)
    Extend (?n := ?.agg1)
      Group (one group) Aggregation (?.agg1 := COUNT(DISTINCT ?s), ?.agg2 := GROUP_CONCAT(?o;SEPARATOR = ","))
        BGP (1 triple pattern)
          ?s ?p ?o
`},
	{"order by",
		`SELECT ?s { ?s ?p ?o } ORDER BY DESC(?o) ASC(?s) ?p`,
		`Project (?s)
  OrderBy (DESC(?o), ?s, ?p)
    BGP (1 triple pattern)
      ?s ?p ?o
`},
	{"order by aggregate",
		`SELECT ?s { ?s ?p ?o } GROUP BY ?s ORDER BY DESC(COUNT(?o))`,
		`Project (?s)
  OrderBy (DESC(?.agg1))
    Group (?s) Aggregation (?.agg1 := COUNT(?o))
      BGP (1 triple pattern)
        ?s ?p ?o
`},
	{"select expression",
		`SELECT ?s (STR(?o) AS ?t) (?t + 1 AS ?u) { ?s ?p ?o }`,
		`Project (?s ?t ?u)
  Extend (?u := ?t + 1)
    Extend (?t := STR(?o))
      BGP (1 triple pattern)
        ?s ?p ?o
`},
	{"distinct",
		`SELECT DISTINCT ?s { ?s ?p ?o }`,
		`Distinct
  Project (?s)
    BGP (1 triple pattern)
      ?s ?p ?o
`},
	{"reduced",
		`SELECT REDUCED ?s { ?s ?p ?o }`,
		`Reduced
  Project (?s)
    BGP (1 triple pattern)
      ?s ?p ?o
`},
	{"offset limit",
		`SELECT * { ?s ?p ?o } OFFSET 5 LIMIT 10`,
		`Slice (offset 5, limit 10)
  Project (?s ?p ?o)
    BGP (1 triple pattern)
      ?s ?p ?o
`},
	{"offset only",
		`SELECT DISTINCT ?o { ?s ?p ?o } ORDER BY ?o OFFSET 5`,
		`Slice (offset 5)
  Distinct
    Project (?o)
      OrderBy (?o)
        BGP (1 triple pattern)
          ?s ?p ?o
`},
	{"property paths",
		`PREFIX ex: <http://example.org/> SELECT * { ?s ex:knows+/ex:name ?n ; ^ex:p|!(ex:q|^ex:r) ?o . ?o ex:p? [] }`,
		`Project (?s ?n ?o)
  BGP (3 triple patterns)
    ?s ex:knows+/ex:name ?n
    ?s ^ex:p|!(ex:q|^ex:r) ?o
    ?o ex:p? _:_sf_b1
`},
	{"blank nodes and collections",
		`PREFIX ex: <http://example.org/> SELECT * { ?s ex:p [ ex:q ?o ] ; ex:list (1 ?x) }`,
		`Project (?s ?o ?x)
  BGP (7 triple patterns)
    ?s ex:p _:_sf_b1
    _:_sf_b1 ex:q ?o
    ?s ex:list _:_sf_b2
    _:_sf_b2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> 1
    _:_sf_b2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> _:_sf_b3
    _:_sf_b3 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> ?x
    _:_sf_b3 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> <http://www.w3.org/1999/02/22-rdf-syntax-ns#nil>
`},
	{"exists",
		`SELECT * { ?s ?p ?o FILTER NOT EXISTS { ?o ?q ?r } BIND(EXISTS { ?s a ?c } AS ?typed) }`,
		`Project (?s ?p ?o ?typed)
  Filter (NOT EXISTS{?o ?q ?r .})
    Extend (?typed := EXISTS{?s a ?c .})
      BGP (1 triple pattern)
        ?s ?p ?o
      Exists (pattern of an EXISTS above)
        BGP (1 triple pattern)
          ?s a ?c
    NotExists (pattern of a NOT EXISTS above)
      BGP (1 triple pattern)
        ?o ?q ?r
`},
	{"empty group",
		`SELECT * {}`,
		`Project ()
  Table (unit: one empty solution)
`},
	{"ask",
		`ASK { ?s ?p ?o }`,
		`Ask
  BGP (1 triple pattern)
    ?s ?p ?o
`},
	{"construct",
		`PREFIX ex: <http://example.org/> CONSTRUCT { ?s ex:p ?o . ?o ex:q [] } WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 3`,
		`Construct (2 template triples)
  template: ?s ex:p ?o
  template: ?o ex:q _:_sf_b1
  Slice (limit 3)
    OrderBy (?s)
      BGP (1 triple pattern)
        ?s ?p ?o
`},
	{"construct where",
		`CONSTRUCT WHERE { ?s ?p ?o }`,
		`Construct (1 template triple)
  template: ?s ?p ?o
  BGP (1 triple pattern)
    ?s ?p ?o
`},
	{"describe",
		`DESCRIBE ?s <http://x/y> { ?s ?p ?o }`,
		`Describe (?s <http://x/y>)
  BGP (1 triple pattern)
    ?s ?p ?o
`},
	{"describe star",
		`DESCRIBE * { ?s ?p ?o }`,
		`Describe (*)
  BGP (1 triple pattern)
    ?s ?p ?o
`},
	{"trailing values after grouping",
		`SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(*) > 1) VALUES ?s { <http://x/a> }`,
		`Project (?s ?n)
  Extend (?n := ?.agg1)
    Join
      Filter (?.agg1 > 1)
        Group (?s) Aggregation (?.agg1 := COUNT(*))
          BGP (1 triple pattern)
            ?s ?p ?o
      Table (?s; 1 row)
        (<http://x/a>)
`},
	{"optional in optional",
		`SELECT * { ?a ?b ?c OPTIONAL { ?c ?d ?e OPTIONAL { ?e ?f ?g FILTER(?g = ?a) } FILTER(?e != ?a) } }`,
		`Project (?a ?b ?c ?d ?e ?f ?g)
  LeftJoin (?e != ?a)
    BGP (1 triple pattern)
      ?a ?b ?c
    LeftJoin (?g = ?a)
      BGP (1 triple pattern)
        ?c ?d ?e
      BGP (1 triple pattern)
        ?e ?f ?g
`},
	{"describe star no where",
		`DESCRIBE <http://x/y>`,
		`Describe (<http://x/y>)
  Table (unit: one empty solution)
`},
}

func TestTranslate(t *testing.T) {
	for _, tc := range translateCases {
		t.Run(tc.name, func(t *testing.T) {
			q, err := sparql.Parse(tc.query)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			before := sparql.Print(q)
			op, err := translate(q)
			if err != nil {
				t.Fatalf("translate: %v", err)
			}
			if got := Format(op); got != tc.want {
				t.Errorf("algebra of %s\ngot:\n%s\nwant:\n%s", tc.query, got, tc.want)
			}
			if after := sparql.Print(q); after != before {
				t.Errorf("Translate modified the query:\n%s\nbecame\n%s", before, after)
			}
		})
	}
}

// TestTranslateKeepsSyntaxNodes checks that operators point into the
// syntax tree: a BGP to its triples block, a Filter to the FILTER's own
// expression (the engine relates the two by identity).
func TestTranslateKeepsSyntaxNodes(t *testing.T) {
	q, err := sparql.Parse(`SELECT * { ?s ?p ?o FILTER(?o > 1) ?o ?q ?r }`)
	if err != nil {
		t.Fatal(err)
	}
	op, err := Translate(q)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []*sparql.TriplesBlock
	var filters []sparql.Expr
	Walk(op, func(o Op) bool {
		switch o := o.(type) {
		case *BGP:
			blocks = append(blocks, o.Block)
		case *Filter:
			filters = append(filters, o.Expr...)
		}
		return true
	})
	els := q.Where.Elements
	if len(blocks) != 2 || blocks[0] != els[0] || blocks[1] != els[2] {
		t.Errorf("BGP blocks %v, want the two triples blocks of the query", blocks)
	}
	if len(filters) != 1 || filters[0] != els[1].(*sparql.FilterPattern).Expr {
		t.Errorf("filter expressions %v, want the FILTER's own", filters)
	}
}

func TestWalk(t *testing.T) {
	q, err := sparql.Parse(`SELECT * { ?s ?p ?o OPTIONAL { ?o ?q ?r } FILTER NOT EXISTS { ?s a ?c } { SELECT ?s { ?s ?x ?y } } }`)
	if err != nil {
		t.Fatal(err)
	}
	op, err := Translate(q)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	Walk(op, func(o Op) bool {
		h, _ := Line(o)
		kinds = append(kinds, strings.Fields(h)[0])
		return true
	})
	want := "Project Filter Join LeftJoin BGP BGP ToMultiSet Project BGP NotExists BGP"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("walk order\n got %s\nwant %s", got, want)
	}
	n := 0
	Walk(op, func(o Op) bool {
		n++
		_, isFilter := o.(*Filter)
		return !isFilter
	})
	if n != 2 {
		t.Errorf("walk visited %d operators when pruned at the Filter, want 2", n)
	}
	Walk(nil, func(Op) bool { t.Error("visited nil"); return true })
}

func TestPrinterAnnotate(t *testing.T) {
	q, err := sparql.Parse(`SELECT * { ?s ?p ?o } LIMIT 1`)
	if err != nil {
		t.Fatal(err)
	}
	op, err := Translate(q)
	if err != nil {
		t.Fatal(err)
	}
	p := Printer{Annotate: func(o Op, head string, detail []string) (string, []string) {
		if _, ok := o.(*BGP); ok {
			return head + " [annotated]", []string{"1. only"}
		}
		return head, detail
	}}
	want := "Slice (limit 1)\n  Project (?s ?p ?o)\n    BGP (1 triple pattern) [annotated]\n      1. only\n"
	if got := p.Format(op); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestTranslateMalformed checks that trees the parser cannot produce give
// an ErrMalformed error rather than a panic.
func TestTranslateMalformed(t *testing.T) {
	v := sparql.NewVar("x")
	one := sparql.NewLiteral("1")
	bgp := &sparql.TriplesBlock{Triples: []*sparql.TriplesSameSubject{{Subject: v, Properties: []*sparql.PropertyObjects{{Verb: v, Objects: []sparql.GraphNode{v}}}}}}
	where := func(els ...sparql.Pattern) *sparql.Query {
		return &sparql.Query{Star: true, Where: &sparql.GroupPattern{Elements: els}}
	}
	deep := &sparql.GroupPattern{}
	for i := 0; i < 2*maxDepth; i++ {
		deep = &sparql.GroupPattern{Elements: []sparql.Pattern{deep}}
	}
	for name, q := range map[string]*sparql.Query{
		"nil query":             nil,
		"no where":              {Star: true},
		"nil element":           where(nil),
		"typed nil element":     where((*sparql.TriplesBlock)(nil)),
		"nil optional group":    where(&sparql.OptionalPattern{}),
		"nil minus group":       where(&sparql.MinusPattern{}),
		"empty filter":          where(&sparql.FilterPattern{}),
		"bind without var":      where(&sparql.BindPattern{Expr: one}),
		"union without alts":    where(&sparql.UnionPattern{}),
		"union with nil alt":    where(&sparql.UnionPattern{Alts: []*sparql.GroupPattern{nil}}),
		"graph without name":    where(&sparql.GraphPattern{Pattern: &sparql.GroupPattern{}}),
		"service without group": where(&sparql.ServicePattern{Endpoint: v}),
		"values nil block":      where(&sparql.ValuesPattern{}),
		"values short row":      where(&sparql.ValuesPattern{Values: &sparql.ValuesBlock{Vars: []*sparql.Var{v}, Rows: [][]sparql.Term{{}}}}),
		"sub-select nil query":  where(&sparql.SubSelect{}),
		"nil triples":           where(&sparql.TriplesBlock{Triples: []*sparql.TriplesSameSubject{nil}}),
		"nil verb":              where(&sparql.TriplesBlock{Triples: []*sparql.TriplesSameSubject{{Subject: v, Properties: []*sparql.PropertyObjects{{}}}}}),
		"exists nil group":      where(bgp, &sparql.FilterPattern{Expr: &sparql.ExistsExpr{}}),
		"projection no var":     {Where: &sparql.GroupPattern{}, Projections: []*sparql.Projection{{Expr: one}}},
		"nil having":            {Star: true, Where: &sparql.GroupPattern{}, Having: []sparql.Expr{nil}},
		"nil order condition":   {Star: true, Where: &sparql.GroupPattern{}, OrderBy: []*sparql.OrderCondition{nil}},
		"nil group condition":   {Star: true, Where: &sparql.GroupPattern{}, GroupBy: []*sparql.GroupCondition{{}}},
		"trailing values width": {Star: true, Where: &sparql.GroupPattern{}, Values: &sparql.ValuesBlock{Rows: [][]sparql.Term{{one}}}},
		"unknown form":          {Form: sparql.QueryForm(9), Where: &sparql.GroupPattern{}},
		"too deep":              {Star: true, Where: deep},
	} {
		op, err := Translate(q)
		if err == nil || !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: got %v, %v; want an ErrMalformed error", name, op, err)
		}
	}
}

func TestFormatNil(t *testing.T) {
	if got := Format(nil); got != "<nil>\n" {
		t.Errorf("Format(nil) = %q", got)
	}
	if got := Format(&Join{Left: &BGP{}}); got != "Join\n  BGP (0 triple patterns)\n  <nil>\n" {
		t.Errorf("Format of a half-built join = %q", got)
	}
}
