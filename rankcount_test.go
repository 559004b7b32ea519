package schemaforge

import (
	"strings"
	"testing"
)

// TestWithoutRankCount: a projected count the query orders by and limits
// is left out, ORDER BY keeps ranking by it (by its expression where it
// named the variable), and a count nothing ranks by, or a query with no
// LIMIT or nothing else projected, keeps it.
func TestWithoutRankCount(t *testing.T) {
	for _, c := range []struct {
		query, want string // want "" when the query keeps its count
	}{
		{"SELECT ?name (COUNT(*) AS ?count) WHERE { ?s <http://x/name> ?name } GROUP BY ?name ORDER BY DESC(COUNT(*)) LIMIT 1",
			"ORDER BY DESC(COUNT(*))"},
		{"SELECT ?name (COUNT(*) AS ?n) WHERE { ?s <http://x/name> ?name } GROUP BY ?name ORDER BY DESC(?n) LIMIT 3",
			"ORDER BY DESC(COUNT(*))"},
		{"SELECT ?name (COUNT(*) AS ?count) WHERE { ?s <http://x/name> ?name } GROUP BY ?name ORDER BY DESC(COUNT(*))", ""},
		{"SELECT ?name (COUNT(*) AS ?count) WHERE { ?s <http://x/name> ?name } GROUP BY ?name ORDER BY ?name LIMIT 1", ""},
		{"SELECT (COUNT(*) AS ?count) WHERE { ?s <http://x/name> ?name } ORDER BY DESC(COUNT(*)) LIMIT 1", ""},
		{"SELECT ?name (MAX(?a) AS ?m) WHERE { ?s <http://x/name> ?name ; <http://x/a> ?a } GROUP BY ?name ORDER BY DESC(MAX(?a)) LIMIT 1", ""},
		{"not SPARQL", ""},
	} {
		got, name, ok := withoutRankCount(c.query)
		if c.want == "" {
			if ok {
				t.Errorf("%s\nleft out ?%s:\n%s", c.query, name, got)
			}
			continue
		}
		if !ok || strings.Contains(got, "AS ?") || !strings.Contains(got, c.want) || !strings.Contains(got, "SELECT ?name") {
			t.Errorf("%s\ngot %v:\n%s", c.query, ok, got)
		}
	}
}
