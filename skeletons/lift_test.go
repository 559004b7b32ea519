package skeletons

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// db is a small relational-style graph in the shape of direct-mapped
// databases: class per table, <table#column> attributes, <table#ref-col>
// foreign keys.
const db = "http://db.example/"

func dbStore(t testing.TB) *store.Store {
	t.Helper()
	var sb strings.Builder
	row := func(table, id string, cols ...string) {
		s := "<" + db + table + "/id=" + id + ">"
		fmt.Fprintf(&sb, "%s a <%s%s> .\n", s, db, table)
		for i := 0; i+1 < len(cols); i += 2 {
			o := cols[i+1]
			if strings.HasPrefix(o, "@") {
				o = "<" + db + o[1:] + ">"
			}
			fmt.Fprintf(&sb, "%s <%s%s#%s> %s .\n", s, db, table, cols[i], o)
		}
	}
	xsdInt := func(n int) string { return fmt.Sprintf(`"%d"^^<http://www.w3.org/2001/XMLSchema#integer>`, n) }
	date := func(d string) string { return `"` + d + `"^^<http://www.w3.org/2001/XMLSchema#date>` }
	row("pilot", "1", "id", xsdInt(1), "name", `"Ava"`, "age", xsdInt(34), "rank", `"captain"`, "hired", date("2015-03-01"))
	row("pilot", "2", "id", xsdInt(2), "name", `"Ben"`, "age", xsdInt(51), "rank", `"captain"`, "hired", date("2009-07-15"))
	row("pilot", "3", "id", xsdInt(3), "name", `"Cleo"`, "age", xsdInt(28), "rank", `"first officer"`, "hired", date("2021-01-10"))
	row("pilot", "4", "id", xsdInt(4), "name", `"Dov"`, "age", xsdInt(45), "rank", `"First Officer"`)
	row("plane", "1", "id", xsdInt(1), "model", `"A320"`, "seats", xsdInt(180))
	row("plane", "2", "id", xsdInt(2), "model", `"B737"`, "seats", xsdInt(160))
	row("plane", "3", "id", xsdInt(3), "model", `"E190"`, "seats", xsdInt(100))
	fl := func(id, pilot, plane int, origin string, year, price int) {
		row("flight", fmt.Sprint(id), "id", xsdInt(id), "pilot_id", xsdInt(pilot), "ref-pilot_id", fmt.Sprintf("@pilot/id=%d", pilot),
			"plane_id", xsdInt(plane), "ref-plane_id", fmt.Sprintf("@plane/id=%d", plane), "origin", `"`+origin+`"`, "year", xsdInt(year), "price", xsdInt(price))
	}
	fl(1, 1, 1, "Oslo", 2021, 120)
	fl(2, 1, 2, "Rome", 2022, 300)
	fl(3, 2, 1, "Oslo", 2022, 90)
	fl(4, 2, 3, "Lima", 2023, 410)
	fl(5, 1, 3, "Oslo", 2023, 150)
	fl(6, 3, 2, "Rome", 2023, 220)
	st := store.New()
	if err := st.Load(context.Background(), strings.NewReader(sb.String()), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	return st
}

const dbPrefix = "PREFIX : <" + db + ">\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
const exPrefix = "PREFIX ex: <" + ex + ">\n"

// answerRows runs a query and returns its rows as value tuples in column
// order, sorted (or the ASK answer).
func answerRows(t *testing.T, st *store.Store, q *sparql.Query) []string {
	t.Helper()
	res, err := st.QueryParsed(context.Background(), q)
	if err != nil {
		t.Fatalf("query: %v\n%s", err, sparql.Print(q))
	}
	if res.Boolean != nil {
		return []string{fmt.Sprint(*res.Boolean)}
	}
	var rows []string
	for _, r := range res.Rows {
		var cells []string
		for _, v := range res.Vars {
			if x, ok := r[v]; ok {
				cells = append(cells, x.Key())
			} else {
				cells = append(cells, "-")
			}
		}
		rows = append(rows, strings.Join(cells, " | "))
	}
	slices.Sort(rows)
	return rows
}

func TestLiftSameAnswers(t *testing.T) {
	dbst, exst := dbStore(t), testStore(t)
	cases := []struct {
		name  string
		st    *store.Store
		query string
		check func(t *testing.T, p *Plan)
	}{
		{"count", dbst, `select (count(*) as ?aggregation_all) where { ?T1 a :pilot . }`, func(t *testing.T, p *Plan) {
			if len(p.Nodes) != 1 || p.Nodes[0].Class != db+"pilot" || len(p.Select) != 1 || p.Select[0].Agg != handoff.AggCount {
				t.Errorf("plan %+v", p)
			}
		}},
		{"repeated triples and order", dbst, `SELECT ?T1_name ?T1_age WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#age ?T1_age . ?T1 :pilot\#age ?T1_age . FILTER(?T1_age > 30) . } ORDER BY DESC (?T1_age)`, nil},
		{"foreign-key join", dbst, `SELECT DISTINCT ?T1_name WHERE { ?T1 a :pilot . ?T2 a :flight . ?T2 :flight\#ref-pilot_id ?T1 . ?T1 :pilot\#name ?T1_name . ?T2 :flight\#origin ?T2_origin . FILTER(?T2_origin = 'Oslo') . }`, func(t *testing.T, p *Plan) {
			if len(p.Edges) != 1 || p.Edges[0].Property != db+"flight#ref-pilot_id" || p.Nodes[p.Edges[0].To].Class != db+"pilot" {
				t.Errorf("edges %+v nodes %+v", p.Edges, p.Nodes)
			}
			if p.Nodes[0].Class != db+"pilot" {
				t.Errorf("node 0 is %q, want the node of the projected name", p.Nodes[0].Class)
			}
		}},
		{"unused attribute still required", dbst, `SELECT ?T1_name WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#hired ?T1_hired . }`, func(t *testing.T, p *Plan) {
			if len(p.Edges) != 1 || p.Nodes[p.Edges[0].To].Class != "" {
				t.Errorf("want the unused attribute as an edge to an anonymous node: %+v", p.Edges)
			}
			if got := Classify(p); !slices.Contains(got, "lookup") || slices.Contains(got, "multi-hop") {
				t.Errorf("Classify = %v, want a lookup", got)
			}
		}},
		{"group having", dbst, `SELECT ?T1_name (count(*) as ?aggregation_all) WHERE { ?T1 a :pilot . ?T2 a :flight . ?T2 :flight\#ref-pilot_id ?T1 . ?T1 :pilot\#name ?T1_name . } GROUP BY ?T1_name HAVING(count(*) >= 2)`, nil},
		{"group rank by alias", dbst, `SELECT ?T1_name (count(*) as ?aggregation_all) WHERE { ?T1 a :pilot . ?T2 a :flight . ?T2 :flight\#ref-pilot_id ?T1 . ?T1 :pilot\#name ?T1_name . } GROUP BY ?T1_name ORDER BY DESC (?aggregation_all) LIMIT 1`, nil},
		{"rank by aggregate expression", dbst, `SELECT ?T1_model WHERE { ?T1 a :plane . ?T2 a :flight . ?T2 :flight\#ref-plane_id ?T1 . ?T1 :plane\#model ?T1_model . ?T2 :flight\#price ?T2_price . } GROUP BY ?T1_model ORDER BY ASC (avg(?T2_price)) LIMIT 1`, nil},
		{"aggregates", dbst, `SELECT (max(?T1_age) as ?a) (min(?T1_age) as ?b) (avg(?T1_age) as ?c) (sum(?T1_age) as ?d) (count(DISTINCT ?T1_rank) as ?e) WHERE { ?T1 a :pilot . ?T1 :pilot\#age ?T1_age . ?T1 :pilot\#rank ?T1_rank . }`, nil},
		{"compare with sub-query aggregate", dbst, `SELECT ?T1_name WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#age ?T1_age . FILTER(?T1_age > (?aggregation_T22_age)) . {SELECT (avg( ?T22_age) as ?aggregation_T22_age ) WHERE { ?T22 a :pilot . ?T22 :pilot\#age ?T22_age . } } }`, func(t *testing.T, p *Plan) {
			if len(p.Filters) != 1 || p.Filters[0].Sub == nil || Operation(p) != handoff.OpCompare {
				t.Errorf("filters %+v, operation %s", p.Filters, Operation(p))
			}
		}},
		{"not exists sub-select", dbst, `select ?t1_name where { ?t1 a :pilot . ?t1 :pilot\#name ?t1_name . ?t1 :pilot\#id ?t1_id . Filter not exists {{select ?t22_pilot_id where { ?t22 a :flight . ?t22 :flight\#pilot_id ?t22_pilot_id . } } FILTER (?t1_id in (?t22_pilot_id))} }`, func(t *testing.T, p *Plan) {
			if len(p.Negs) != 1 || p.Negs[0].Node != 0 || p.Negs[0].Minus || Operation(p) != handoff.OpNegate {
				t.Errorf("negs %+v", p.Negs)
			}
		}},
		{"not exists on a node", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n . FILTER NOT EXISTS { ?f :flight\#ref-pilot_id ?p ; :flight\#origin "Lima" } }`, nil},
		{"minus sharing a node", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n . MINUS { ?f :flight\#ref-pilot_id ?p ; :flight\#year 2021 } }`, func(t *testing.T, p *Plan) {
			if len(p.Negs) != 1 || !p.Negs[0].Minus {
				t.Errorf("negs %+v", p.Negs)
			}
		}},
		{"except", dbst, `SELECT distinct?col1 WHERE { { select (?t1_name as ?col1) where { ?t1 a :pilot . ?t1 :pilot\#name ?t1_name . }} MINUS {select (?t2_name as ?col1) where { ?t2 a :pilot . ?t3 a :flight . ?t3 :flight\#ref-pilot_id ?t2 . ?t2 :pilot\#name ?t2_name . ?t3 :flight\#year ?t3_year . FILTER(?t3_year = 2022) . } } }`, func(t *testing.T, p *Plan) {
			if p.Set == nil || p.Set.Op != "except" {
				t.Errorf("set %+v", p.Set)
			}
		}},
		{"union two columns", dbst, `SELECT DISTINCT ?b ?a WHERE { { SELECT (?x AS ?a) (?y AS ?b) WHERE { ?p a :pilot ; :pilot\#name ?x ; :pilot\#rank ?y . FILTER(?x = "Ava") } } UNION { SELECT (?y AS ?b) (?x AS ?a) WHERE { ?p a :pilot ; :pilot\#name ?x ; :pilot\#rank ?y . FILTER(?y = "captain") } } }`, nil},
		{"intersect joined sub-selects", dbst, `SELECT DISTINCT ?o WHERE { { SELECT ?o WHERE { ?f a :flight ; :flight\#origin ?o ; :flight\#year 2021 } } { SELECT ?o WHERE { ?f a :flight ; :flight\#origin ?o ; :flight\#year 2023 } } }`, func(t *testing.T, p *Plan) {
			if p.Set == nil || p.Set.Op != "intersect" {
				t.Errorf("set %+v", p.Set)
			}
		}},
		{"intersection as value join", dbst, `SELECT DISTINCT ?T1_origin WHERE { ?T1 a :flight . ?T1 :flight\#origin ?T1_origin . ?T1 :flight\#year ?T1_year . FILTER(?T1_year = 2022) . FILTER (?T1_origin in (?T3_origin)) . ?T3 a :flight . ?T3 :flight\#origin ?T3_origin . ?T3 :flight\#year ?T3_year . FILTER(?T3_year = 2023) . }`, func(t *testing.T, p *Plan) {
			var right int
			for _, c := range p.Filters {
				if c.Right != nil {
					right++
				}
			}
			if right != 1 || Operation(p) != handoff.OpIntersect {
				t.Errorf("want one value join: %+v", p.Filters)
			}
		}},
		{"value join comparison", dbst, `SELECT ?a ?b WHERE { ?x a :pilot ; :pilot\#name ?a ; :pilot\#age ?ax . ?y a :pilot ; :pilot\#name ?b ; :pilot\#age ?by . FILTER(?ax > ?by && ?b != "Dov") }`, nil},
		{"or and in lists", dbst, `SELECT ?T1_name WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#age ?T1_age . FILTER(?T1_age < 30 || ?T1_age > 50 || ?T1_name in ('Ava', 'Zed')) . }`, func(t *testing.T, p *Plan) {
			if len(p.Filters) != 1 || len(p.Filters[0].Or) != 3 {
				t.Errorf("filters %+v", p.Filters)
			}
		}},
		{"not in constants", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n . FILTER(?n NOT IN ("Ava", "Ben")) }`, nil},
		{"contains is case-sensitive", dbst, `SELECT ?T1_name WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#rank ?T1_rank . FILTER(contains (?T1_rank, 'First')) . }`, nil},
		{"regex ignoring case", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n ; :pilot\#rank ?r . FILTER(REGEX(?r, "first", "i")) }`, nil},
		{"contains on the digits of a number", dbst, `SELECT (COUNT(*) as ?agg) WHERE { ?f a :flight . ?f :flight\#price ?p . FILTER (contains(xsd:string(?p), '2')) }`, nil},
		{"lcase", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n ; :pilot\#rank ?r . FILTER(LCASE(?r) = "first officer") }`, nil},
		{"year", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n ; :pilot\#hired ?h . FILTER(YEAR(?h) < 2016) }`, nil},
		{"not in a sub-select", dbst, `SELECT ?T1_name WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#id ?T1_id . FILTER(?T1_id not in (?T22_pilot_id)) . {SELECT ?T22_pilot_id WHERE { ?T22 a :flight . ?T22 :flight\#pilot_id ?T22_pilot_id . ?T22 :flight\#origin ?T22_origin . FILTER(?T22_origin = 'Rome') . } } }`, nil},
		{"argmax sub-select", dbst, `SELECT ?T1_name WHERE { ?T1 a :pilot . ?T1 :pilot\#name ?T1_name . ?T1 :pilot\#id ?T1_id . FILTER(?T1_id = (?T22_pilot_id)) . {SELECT ?T22_pilot_id (count( *) as ?aggregation_all) WHERE { ?T22 a :flight . ?T22 :flight\#pilot_id ?T22_pilot_id . } GROUP BY ?T22_pilot_id ORDER BY DESC (?aggregation_all) LIMIT 1 } }`, func(t *testing.T, p *Plan) {
			sub := p.Filters[0].Sub
			if sub == nil || len(sub.Select) != 1 || sub.Limit != 1 || len(sub.Order) != 1 || sub.Order[0].Item.Agg != handoff.AggCount {
				t.Errorf("sub-plan %+v", sub)
			}
		}},
		{"select star", dbst, `SELECT * WHERE { ?T1 a :plane . ?T1 :plane\#model ?T1_model . ?T1 :plane\#seats ?T1_seats . FILTER(?T1_seats > 120) }`, nil},
		{"constant object", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n ; :pilot\#rank "captain" }`, nil},
		{"unquoted date is arithmetic", dbst, `SELECT ?o WHERE { ?f a :flight ; :flight\#origin ?o ; :flight\#year ?y . FILTER(?y = 2030-05-02) }`, nil},
		{"negative numbers folded", dbst, `SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n ; :pilot\#age ?a . FILTER(-1 * -40 < ?a) }`, nil},
		// Plain RDF style.
		{"rdf lookup", exst, exPrefix + `SELECT ?name WHERE { ?s a ex:singer ; ex:name ?name ; ex:country "France" }`, nil},
		{"rdf group", exst, exPrefix + `SELECT ?c (COUNT(?s) AS ?n) WHERE { ?s ex:country ?c } GROUP BY ?c ORDER BY DESC(?n) ?c`, nil},
		{"rdf ask", exst, exPrefix + `ASK { ?s ex:name "Bo" ; ex:age ?a . FILTER(?a > 40) }`, func(t *testing.T, p *Plan) {
			if !p.Ask || Operation(p) != handoff.OpAsk {
				t.Errorf("plan %+v", p)
			}
		}},
		{"rdf two hops", exst, exPrefix + `SELECT DISTINCT ?t ?n WHERE { ?c ex:title ?t ; ex:performer ?s . ?s ex:name ?n ; ex:age ?a . FILTER(?a < 40) }`, nil},
		{"rdf not exists", exst, exPrefix + `SELECT ?n WHERE { ?s a ex:singer ; ex:name ?n . FILTER NOT EXISTS { ?c ex:performer ?s } }`, nil},
		{"rdf shared value", exst, exPrefix + `SELECT ?a ?b WHERE { ?x ex:country ?c ; ex:name ?a . ?y ex:country ?c ; ex:name ?b . FILTER(?a < ?b) }`, nil},
		{"rdf blank node", exst, exPrefix + `SELECT ?t WHERE { ?c ex:title ?t ; ex:performer [ ex:country "Chile" ] }`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.query
			if c.st == dbst {
				src = dbPrefix + src
			}
			q, err := sparql.Parse(src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			p, err := Lift(q)
			if err != nil {
				t.Fatalf("Lift: %v", err)
			}
			built, err := p.Query(BuildOptions{Prefixes: []handoff.Prefix{{Prefix: "db", IRI: db}, {Prefix: "ex", IRI: ex}}})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			text := sparql.Print(built)
			bq, err := sparql.Parse(text)
			if err != nil {
				t.Fatalf("built query does not parse: %v\n%s", err, text)
			}
			want, got := answerRows(t, c.st, q), answerRows(t, c.st, bq)
			if len(want) == 0 {
				t.Errorf("test query has no answer: make it discriminate")
			}
			if !slices.Equal(want, got) {
				t.Errorf("answers differ\ngold:  %q\nbuilt: %q\n%s", want, got, text)
			}
			if c.check != nil {
				c.check(t, p)
			}
			// Lifting the built query gives the same plan shape.
			p2, err := Lift(bq)
			if err != nil {
				t.Fatalf("Lift(built): %v\n%s", err, text)
			}
			if again, _ := p2.Query(BuildOptions{}); again == nil || !slices.Equal(answerRows(t, c.st, again), want) {
				t.Errorf("lift∘build is not stable\n%s", text)
			}
		})
	}
}

func TestLiftErrors(t *testing.T) {
	cases := []struct {
		query, construct string
	}{
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . OPTIONAL { ?p :pilot\#age ?a } }`, "OPTIONAL"},
		{`SELECT ?n WHERE { ?f :flight\#ref-pilot_id/:pilot\#name ?n }`, "property path"},
		{`SELECT ?n WHERE { ?p ^:flight\#ref-pilot_id ?f . ?p :pilot\#name ?n }`, "property path"},
		{`SELECT ?o WHERE { ?s ?p ?o }`, "variable predicate"},
		{`SELECT ?x WHERE { ?p :pilot\#age ?a . BIND(?a + 1 AS ?x) }`, "BIND"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . VALUES ?n { "Ava" } }`, "VALUES"},
		{`SELECT ?n WHERE { GRAPH ?g { ?p :pilot\#name ?n } }`, "GRAPH"},
		{`SELECT ?n WHERE { { ?p :pilot\#name ?n } UNION { ?p :plane\#model ?n } }`, "UNION"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER EXISTS { ?f :flight\#ref-pilot_id ?p } }`, "EXISTS"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n } OFFSET 2`, "OFFSET"},
		{`CONSTRUCT { ?p :x ?n } WHERE { ?p :pilot\#name ?n }`, "query form"},
		{`SELECT (?a + 1 AS ?b) WHERE { ?p :pilot\#age ?a }`, "arithmetic"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER(?a > 3) }`, "unbound variable"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER(?a > ?agg) . { SELECT (MAX(?b) AS ?agg2) WHERE { ?q :pilot\#age ?b } } }`, "unbound variable"},
		{`SELECT (SAMPLE(?n) AS ?s) WHERE { ?p :pilot\#name ?n }`, "aggregate SAMPLE"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER(REGEX(?n, "^A")) }`, "REGEX pattern"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER(!(?n = "Ava")) }`, "negated expression"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER(STRSTARTS(?n, "A")) }`, "function STRSTARTS"},
		{`SELECT ?c WHERE { { SELECT (?n AS ?c) WHERE { ?p :pilot\#name ?n } } UNION { SELECT (?m AS ?c) WHERE { ?p :plane\#model ?m } } }`, "set operation without DISTINCT"},
		{`SELECT DISTINCT ?c WHERE { { SELECT (?n AS ?c) WHERE { ?p :pilot\#name ?n } } UNION { SELECT (?m AS ?c) WHERE { ?p :plane\#model ?m } } UNION { SELECT (?o AS ?c) WHERE { ?f :flight\#origin ?o } } }`, "UNION"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . { SELECT ?m WHERE { ?q :plane\#model ?m } } }`, "sub-query"},
		{`SELECT ?n WHERE { ?p a ?c ; :pilot\#name ?n }`, "variable class"},
		{`SELECT ?n WHERE { :pilot1 :pilot\#name ?n }`, "constant subject"},
		{`SELECT ?n WHERE { ?p :pilot\#name ?n . FILTER(?n = "A" && ?p = ?p || ?n = "B") }`, "disjunction of conjunctions"},
		{`SELECT ?n (?n AS ?m) WHERE { ?p :pilot\#name ?n }`, "column projected twice"},
		{`SELECT * WHERE { ?p :pilot\#name ?n . FILTER(?n = ?v) . { SELECT ?v WHERE { ?q :plane\#model ?v } } }`, "sub-query value"},
		{`SELECT ?n WHERE { ?f :flight\#ref-pilot_id ?p ; :flight\#ref-plane_id ?a . ?p :pilot\#name ?n . FILTER NOT EXISTS { ?x :y ?p . ?x :z ?a } }`, "negation sharing two nodes"},
	}
	for _, c := range cases {
		t.Run(c.construct, func(t *testing.T) {
			q, err := sparql.Parse(dbPrefix + c.query)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			p, err := Lift(q)
			var le *LiftError
			if !errors.As(err, &le) {
				t.Fatalf("Lift = %v, %v; want a *LiftError about %s", p, err, c.construct)
			}
			if le.Construct != c.construct {
				t.Errorf("construct %q (%v), want %q", le.Construct, err, c.construct)
			}
			if !strings.Contains(err.Error(), c.construct) {
				t.Errorf("error %q does not name %q", err, c.construct)
			}
		})
	}
	if _, err := Lift(nil); err == nil {
		t.Error("Lift(nil) succeeded")
	}
}

// liftSeeds are the fuzz corpus: the test queries.
var liftSeeds = []string{
	`PREFIX : <http://db.example/> SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n ; :pilot\#age ?a . FILTER(?a > 30 || ?n IN ("Ava", "Bo")) } ORDER BY DESC(?a) LIMIT 2`,
	`PREFIX : <http://db.example/> SELECT ?n (COUNT(*) AS ?c) WHERE { ?f :flight\#ref-pilot_id ?p . ?p :pilot\#name ?n } GROUP BY ?n HAVING(COUNT(*) > 1)`,
	`PREFIX : <http://db.example/> SELECT ?n WHERE { ?p :pilot\#name ?n ; :pilot\#age ?a . FILTER(?a > ?m) { SELECT (AVG(?b) AS ?m) WHERE { ?q :pilot\#age ?b } } }`,
	`PREFIX : <http://db.example/> SELECT ?n WHERE { ?p :pilot\#name ?n ; :pilot\#id ?i . FILTER NOT EXISTS { { SELECT ?j WHERE { ?f :flight\#pilot_id ?j } } FILTER(?i IN (?j)) } }`,
	`PREFIX : <http://db.example/> SELECT DISTINCT ?c WHERE { { SELECT (?n AS ?c) WHERE { ?p :pilot\#name ?n } } MINUS { SELECT (?m AS ?c) WHERE { ?p :plane\#model ?m } } }`,
	`PREFIX : <http://db.example/> SELECT DISTINCT ?o WHERE { ?f :flight\#origin ?o . ?g :flight\#origin ?o2 . FILTER(?o IN (?o2) && CONTAINS(?o, "R")) MINUS { ?f :flight\#year 2021 } }`,
	`PREFIX ex: <http://example.org/> ASK { ?s ex:name "Bo" ; ex:performer [ ex:age 3 ] }`,
	`SELECT * WHERE { ?s <http://x/p> ?o . FILTER(YEAR(?o) = 2000 - 1) }`,
	`PREFIX : <http://db.example/> SELECT ?n WHERE { ?p a :pilot ; :pilot\#name ?n . ?f :flight\#ref-pilot_id ?p ; :flight\#origin ?o . ?o :airport\#city ?c . FILTER(?c != "Rome") }`,
}

// FuzzLift checks that Lift never panics and that whatever it lifts
// builds into a query that parses.
func FuzzLift(f *testing.F) {
	for _, s := range liftSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		q, err := sparql.Parse(src)
		if err != nil {
			return
		}
		p, err := Lift(q)
		if err != nil {
			var le *LiftError
			if !errors.As(err, &le) {
				t.Fatalf("Lift error is not a *LiftError: %v", err)
			}
			return
		}
		built, err := p.Query(BuildOptions{})
		if err != nil {
			t.Fatalf("lifted plan does not build: %v\n%s", err, src)
		}
		text := sparql.Print(built)
		if _, err := sparql.Parse(text); err != nil {
			t.Fatalf("built query does not parse: %v\n%s\nfrom\n%s", err, text, src)
		}
		// Turning any condition into an exclusion keeps the plan
		// buildable.
		for i := range p.Filters {
			n := p.Clone()
			if !n.NegateBranch(i, nil) {
				continue
			}
			nq, err := n.Query(BuildOptions{})
			if err != nil {
				t.Fatalf("plan with condition %d negated does not build: %v\n%s", i, err, src)
			}
			if _, err := sparql.Parse(sparql.Print(nq)); err != nil {
				t.Fatalf("plan with condition %d negated does not parse: %v\n%s", i, err, src)
			}
		}
	})
}
