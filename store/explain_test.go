package store

import (
	"strings"
	"testing"
)

func TestExplain(t *testing.T) {
	s := New()
	peopleData(t, s)
	for _, tc := range []struct {
		query string
		want  []string // substrings, in order
	}{
		{`PREFIX ex: <http://example.org/>
SELECT ?name { ?p ex:name ?name ; ex:age ?age FILTER(?age > 30) } ORDER BY ?name LIMIT 2`,
			[]string{"Slice (limit 2)  [stops pulling after 2 solutions]\n", "Project (?name)", "OrderBy (?name)  [top-k: holds the best 2 solutions]", "Filter (?age > 30)  [all pushed into BGP matching]",
				"BGP (2 triple patterns, matched in this order)", "1. ?p", "(est ", "filter here: ?age > 30", "limits: timeout 30s, memory 512 MiB"}},
		{`SELECT * { ?s ?p ?o } LIMIT 10 OFFSET 5`, []string{"Slice (offset 5, limit 10)  [stops pulling after 15 solutions]", "BGP (1 triple patterns, matched in this order)"}},
		{`ASK { ?s ?p ?o }`, []string{"Ask (stops at the first solution)", "BGP (1 triple patterns"}},
		{`SELECT DISTINCT ?s { ?s ?p ?o { ?o ?q ?r } UNION { ?r ?q ?o } } ORDER BY ?s`, []string{"Distinct  [streams, holding the set of solutions seen]", "OrderBy (?s)  [holds and sorts all solutions]",
			"Join  [hash join: the right operand is held and hashed once, the left streams]", "BGP (1 triple patterns", "Union"}},
		{`SELECT * { ?s ?p ?o OPTIONAL { ?o ?q ?r OPTIONAL { ?r ?x ?y } } ?o ?z ?w }`, []string{"Join  [bind join: the BGP is matched from each left solution, streaming]",
			"LeftJoin  [hash left join: the right operand is held and hashed once, the left streams]", "1. ?s ?p ?o", "LeftJoin  [bind left join: the right operand is matched from each left solution]", "1. ?o ?q ?r", "1. ?r ?x ?y", "1. ?o ?z ?w"}},
		{`SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o OPTIONAL { ?o ?q ?r } MINUS { ?s a ?c } } GROUP BY ?s`,
			[]string{"Extend (?n := ?.agg1)", "Group (?s) Aggregation (?.agg1 := COUNT(*))  [hash aggregation", "Minus  [the right operand is held, the left streams]", "LeftJoin", "BGP (1 triple patterns", "1. ?s ?p ?o", "BGP (1 triple patterns", "1. ?o ?q ?r", "BGP (1 triple patterns", "1. ?s a ?c"}},
		{`SELECT * { { ?s ?p ?o } UNION { ?o ?p ?s } BIND(1 AS ?one) }`, []string{"Extend (?one := 1)", "Union", "1. ?s ?p ?o", "1. ?o ?p ?s"}},
		// A filter left for after the group, one pushed into the
		// matching, and the patterns of a sub-select and of NOT EXISTS
		// ordered in their own scopes; only the query's own Slice stops
		// matching early.
		{`PREFIX ex: <http://example.org/>
SELECT * { ?p ex:name ?n OPTIONAL { ?p ex:age ?a } FILTER(?n != "x" || bound(?a))
  { SELECT ?p { ?p ex:age ?x FILTER(?x < 40) } LIMIT 3 }
  FILTER NOT EXISTS { ?p ex:knows ?k } } LIMIT 4`,
			[]string{"Slice (limit 4)  [stops pulling after 4 solutions]", "Project (?p ?n ?a)",
				"Filter ((?n != \"x\" || BOUND(?a)) && NOT EXISTS{?p ex:knows ?k .})\n", "Join  [hash join", "LeftJoin  [bind left join", "1. ?p ex:name ?n  (est ", "1. ?p ex:age ?a  (est ",
				"ToMultiSet (sub-select, evaluated once per graph and cached)", "Slice (limit 3)  [stops pulling after 3 solutions]\n", "Filter (?x < 40)  [all pushed into BGP matching]",
				"1. ?p ex:age ?x  (est ", "filter here: ?x < 40", "NotExists", "1. ?p ex:knows ?k  (est "}},
		{`PREFIX ex: <http://example.org/>
SELECT * { ?p ex:name ?n FILTER(?n != "x") FILTER(EXISTS { ?p ex:age ?a }) }`,
			[]string{"Filter (?n != \"x\" && EXISTS{?p ex:age ?a .})  [pushed into BGP matching: ?n != \"x\"]", "filter here: ?n != \"x\"", "Exists", "1. ?p ex:age ?a"}},
		{`PREFIX ex: <http://example.org/>
CONSTRUCT { ?p ex:n ?n } WHERE { GRAPH ?g { ?p ex:name ?n } } LIMIT 2`,
			[]string{"Construct (1 template triple)", "template: ?p ex:n ?n", "Slice (limit 2)  [stops pulling after 2 solutions]\n", "Graph (?g)", "1. ?p ex:name ?n  (est "}},
	} {
		got, err := s.Explain(tc.query)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		rest := got
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s:\nplan lacks %q (in order):\n%s", tc.query, w, got)
				break
			}
			rest = rest[i+len(w):]
		}
	}
	if _, err := s.Explain("SELECT * {"); err == nil {
		t.Error("a malformed query explained")
	}
	if _, err := s.Explain("SELECT * { SERVICE <http://x/> { ?s ?p ?o } }"); err == nil {
		t.Error("SERVICE explained on a store that refuses it")
	}
}
