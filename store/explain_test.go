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
			[]string{"Slice (limit 2)", "Project (?name)", "OrderBy (?name)", "BGP (2 triple patterns", "1. ?p", "(est ", "filter here: ?age > 30", "limits: timeout 30s, memory 512 MiB"}},
		{`SELECT * { ?s ?p ?o } LIMIT 10`, []string{"Slice (limit 10, matching stops after 10", "BGP (1 triple patterns, matched in this order; stops after 10 solutions)"}},
		{`ASK { ?s ?p ?o }`, []string{"Ask (stops at the first solution)", "stops after 1 solutions"}},
		{`SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o OPTIONAL { ?o ?q ?r } MINUS { ?s a ?c } } GROUP BY ?s`,
			[]string{"Extend (?n := COUNT(*))", "Group (?s) with Aggregation", "Minus", "LeftJoin", "BGP (1 triple patterns"}},
		{`SELECT * { { ?s ?p ?o } UNION { ?o ?p ?s } BIND(1 AS ?one) }`, []string{"Extend (?one := 1)", "Union (2 branches)"}},
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
