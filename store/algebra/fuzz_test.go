package algebra

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// FuzzTranslate parses arbitrary query text and translates every query the
// parser accepts: translation must succeed (the parser's trees are well
// formed) and must not panic (translate, unlike Translate, does not recover).
func FuzzTranslate(f *testing.F) {
	for _, tc := range translateCases {
		f.Add(tc.query)
	}
	f.Add(`SELECT * { ?s ?p ?o OPTIONAL { { ?o ?q ?r FILTER(?r) } } FILTER EXISTS { { SELECT * {} } } }`)
	f.Add(`SELECT (SUM(?x) + MIN(?y) AS ?z) { } GROUP BY (?x * 2 AS ?x2) HAVING (AVG(?x) IN (1, SAMPLE(?y)))`)
	f.Fuzz(func(t *testing.T, src string) {
		q, err := sparql.Parse(src)
		if err != nil {
			return
		}
		op, err := translate(q)
		if err != nil {
			t.Fatalf("translate %q: %v", src, err)
		}
		_ = Format(op)
	})
}
