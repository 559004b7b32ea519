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

func TestQuestionDefect(t *testing.T) {
	limit := func(n string) string {
		return `SELECT ?n WHERE { ?p :city\#name ?n ; :city\#population ?x } ORDER BY DESC(?x) LIMIT ` + n
	}
	for _, c := range []struct {
		question, query string
		defect          bool
	}{
		{"What are the three largest cities?", limit("1"), true},
		{"Show the top 5 cities by population.", limit("5"), false},
		{"Which is the largest city?", limit("1"), false},
		{"List the cities with the top three populations.", limit("3"), false},
		{"What are the ids of the students who registered for course 301 most recently?", limit("1"), false},
		{"For all of the 4 cylinder cars, which model has the most horsepower?", limit("1"), false},
		{"What are the 3 most common cloud covers?", limit("1"), true},
		{"Show the name of employees with three lowest salaries.", limit("1"), true},
		{"List the publication dates of publications with 3 lowest prices.", limit("1"), true},
		{"Show the name of the employee with the lowest salary.", limit("1"), false},
	} {
		if got := QuestionDefect(c.question, c.query) != ""; got != c.defect {
			t.Errorf("%q with %s: defect %v, want %v", c.question, c.query, got, c.defect)
		}
	}
}
