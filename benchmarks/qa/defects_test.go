package qa

import (
	"strings"
	"testing"
)

func TestGoldDefect(t *testing.T) {
	for _, tt := range []struct {
		name, query, want string
	}{
		{"sound", `SELECT ?n WHERE { ?p a :party . ?p :party\#name ?n . FILTER(?n != "x") }`, ""},
		{"bind", `SELECT ?y WHERE { ?p :party\#size ?x . BIND(?x * 2 AS ?y) FILTER(?y > 3) }`, ""},
		{"not exists", `SELECT ?n WHERE { ?p :party\#name ?n . FILTER NOT EXISTS { ?m :member\#party ?p . FILTER(?m != ?p) } }`, ""},
		{"optional filter reads outer", `SELECT ?n WHERE { ?p :party\#name ?n . OPTIONAL { ?m :member\#party ?q . FILTER(?q = ?p) } }`, ""},
		{"unbound", `SELECT (count(*) AS ?c) WHERE { ?t a :employees . ?t :employees\#deparment_id ?t_department_id . FILTER(?t_deparment_id = 0) }`, "?t_deparment_id"},
		{"not in var", `SELECT ?n WHERE { ?p :party\#name ?n . ?p :party\#party_id ?id . FILTER(?id NOT IN (?mid)) { SELECT ?mid WHERE { ?m :member\#party_id ?mid } } }`, "NOT IN"},
		{"not in constants", `SELECT ?n WHERE { ?p :party\#name ?n . FILTER(?n NOT IN ("a", "b")) }`, ""},
		{"in var", `SELECT ?n WHERE { ?p :party\#name ?n . ?p :party\#party_id ?id . FILTER(?id IN (?mid)) { SELECT ?mid WHERE { ?m :member\#party_id ?mid } } }`, ""},
		{"unparsed", `SELECT WHERE {`, ""},
	} {
		got := GoldDefect(tt.query)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%s: GoldDefect = %q, want %q", tt.name, got, tt.want)
		}
	}
}
