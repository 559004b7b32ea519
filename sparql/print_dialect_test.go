package sparql

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// pdFullIRIs rewrites every IRI of q in place to its <…> form, so that two
// trees that differ only in how IRIs are written compare Equal.
func pdFullIRIs(q *Query) *Query {
	Inspect(q, func(n Node) bool {
		if t, ok := n.(*IRI); ok && t != nil && t.Value != "" && t.Form != KeywordA {
			t.Form, t.Ref, t.Prefix, t.Local = IRIRef, t.Value, "", ""
		}
		return true
	})
	return q
}

// pdEscapedNames returns the prefixed names of q whose printed local part
// carries an escape (what Virtuoso refuses).
func pdEscapedNames(q *Query) []string {
	var out []string
	Inspect(q, func(n Node) bool {
		if t, ok := n.(*IRI); ok && t != nil && t.Form == PrefixedName {
			if s, ok := prefixedText(t); ok && escapedLocal(s[len(t.Prefix)+1:]) {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

func TestPrintForVirtuoso(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // substrings of the Virtuoso form
		not       []string // substrings it must not contain
	}{
		{
			name: "PN_LOCAL_ESC in a triple",
			src:  `PREFIX : <http://valuenet/ontop/> SELECT ?n WHERE { ?s :singer\#name ?n }`,
			want: []string{"<http://valuenet/ontop/singer#name>", "PREFIX : <http://valuenet/ontop/>"},
			not:  []string{`\#`},
		},
		{
			name: "DBpedia name with parentheses",
			src:  `PREFIX dbr: <http://dbpedia.org/resource/> SELECT ?p WHERE { dbr:Rome_\(city\) ?p ?o }`,
			want: []string{"<http://dbpedia.org/resource/Rome_(city)>"},
			not:  []string{`\(`},
		},
		{
			name: "percent sequence",
			src:  `PREFIX ex: <http://ex.org/> SELECT ?o WHERE { ex:a%20b ex:p ?o }`,
			want: []string{"<http://ex.org/a%20b>", "ex:p ?o"},
			not:  []string{"ex:a%20b"},
		},
		{
			name: "plain names stay prefixed",
			src:  `PREFIX ex: <http://ex.org/> SELECT ?o WHERE { ?s a ex:Person ; ex:name-x ?o }`,
			want: []string{"?s a ex:Person", "ex:name-x ?o"},
		},
		{
			name: "datatype and path",
			src:  `PREFIX ex: <http://ex.org/> SELECT ?o WHERE { ?s ex:a\/b/ex:c ?o FILTER(?o = "1"^^ex:t\~1) }`,
			want: []string{"<http://ex.org/a/b>/ex:c", `"1"^^<http://ex.org/t~1>`},
			not:  []string{`\/`, `\~`},
		},
		{
			name: "string functions get strings",
			src:  `SELECT ?o WHERE { ?s ?p ?o FILTER(STRLEN(?o) < 9 && CONTAINS(LCASE(?o), "x") && REGEX(STR(?o), "^a") && STRSTARTS(?o, UCASE("b"))) }`,
			want: []string{`STRLEN(STR(?o))`, `CONTAINS(LCASE(STR(?o)), "x")`, `REGEX(STR(?o), "^a")`, `STRSTARTS(STR(?o), UCASE("b"))`},
			not:  []string{"STR(STR(", `STR("`, "STR(LCASE"},
		},
		{
			name: "a grouping variable named once",
			src:  `SELECT ?c WHERE { ?s ?p ?c } GROUP BY ?c ?c (STR(?c)) ?c HAVING (COUNT(*) < 3)`,
			want: []string{"GROUP BY ?c STR(?c)\nHAVING"},
			not:  []string{"?c ?c"},
		},
		{
			name: "the ORDER BY of a one-row aggregate",
			src:  `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?c } ORDER BY DESC(?c) LIMIT 1`,
			want: []string{"WHERE {\n  ?s ?p ?c .\n}\nLIMIT 1"},
			not:  []string{"ORDER BY"},
		},
		{
			name: "the ORDER BY of a grouped aggregate stays",
			src:  `SELECT ?p (COUNT(*) AS ?n) WHERE { { SELECT ?p WHERE { ?s ?p ?c } GROUP BY ?p ?p } } GROUP BY ?p ORDER BY DESC(?n)`,
			want: []string{"ORDER BY DESC(?n)", "GROUP BY ?p\n"},
			not:  []string{"?p ?p"},
		},
		{
			name: "dialect-predeclared prefix",
			src:  `SELECT ?o WHERE { dbr:A\,B ?p ?o }`,
			want: []string{"<http://dbpedia.org/resource/A,B>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.src, WithDialect(Lenient))
			if err != nil {
				t.Fatal(err)
			}
			before := Print(q)
			got := PrintFor(q, Virtuoso)
			if after := Print(q); after != before {
				t.Fatalf("PrintFor changed its argument:\n%s\nwas:\n%s", after, before)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("Virtuoso form lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("Virtuoso form contains %q:\n%s", w, got)
				}
			}
			back, err := Parse(got)
			if err != nil {
				t.Fatalf("the Virtuoso form does not parse: %v\n%s", err, got)
			}
			if !Equal(pdFullIRIs(back), pdFullIRIs(adaptQuery(CloneQuery(q), Virtuoso))) {
				t.Errorf("the Virtuoso form means something else:\n%s\nwas:\n%s", got, Print(q))
			}
			if std := Print(q); std == got && len(tt.not) > 0 {
				t.Errorf("the Virtuoso form is the standard form")
			}
		})
	}
}

// TestPrintForSpider prints every Spider query for each dialect: the
// dialects without print-side restrictions give Print's bytes; Virtuoso's
// and the generic form carry no escaped prefixed name and mean the same.
func TestPrintForSpider(t *testing.T) {
	var qs []*Query
	for _, file := range []string{"train.csv", "dev-public.csv"} {
		for _, src := range ptSpiderQueries(t, file) {
			if q, err := Parse(src); err == nil {
				qs = append(qs, q)
			}
		}
	}
	escaped := 0
	for i, q := range qs {
		std := Print(q)
		for _, d := range []*Dialect{nil, SPARQL11, Lenient, Oxigraph, Fuseki, GraphDB, QLever, Blazegraph, Wikidata} {
			if got := PrintFor(q, d); got != std {
				t.Fatalf("query %d: PrintFor(%v) differs from Print:\n%s\nPrint:\n%s", i, d, got, std)
			}
		}
		if len(pdEscapedNames(q)) > 0 {
			escaped++
		}
		for _, d := range []*Dialect{Virtuoso, Generic} {
			got := PrintFor(q, d)
			back, err := Parse(got)
			if err != nil {
				t.Fatalf("query %d: the %s form does not parse: %v\n%s", i, d.Name, err, got)
			}
			if names := pdEscapedNames(back); len(names) > 0 {
				t.Fatalf("query %d: the %s form keeps escaped names %v:\n%s", i, d.Name, names, got)
			}
			want := CloneQuery(q)
			if d.adapts() {
				want = adaptQuery(want, d)
			}
			if !Equal(pdFullIRIs(back), pdFullIRIs(want)) {
				t.Fatalf("query %d: the %s form means something else:\n%s\nwas:\n%s", i, d.Name, got, std)
			}
		}
	}
	// Nearly every Spider query names a property as :table\#column.
	if escaped < len(qs)/2 {
		t.Errorf("only %d of %d Spider queries have escaped names: the test lost its subject", escaped, len(qs))
	}
}

func TestDialectAccepts(t *testing.T) {
	tests := []struct {
		name string
		d    *Dialect
		src  string
		want string // "" when accepted, else the refused construct
	}{
		{"virtuoso HAVING without GROUP BY", Virtuoso, `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } HAVING (COUNT(*) > 1)`, "HAVING without GROUP BY"},
		{"virtuoso HAVING with GROUP BY", Virtuoso, `SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p HAVING (COUNT(*) > 1)`, ""},
		{"virtuoso HAVING in a subquery", Virtuoso, `SELECT ?n WHERE { { SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } HAVING (COUNT(*) > 1) } }`, "HAVING without GROUP BY"},
		{"jena HAVING without GROUP BY", Fuseki, `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } HAVING (COUNT(*) > 1)`, ""},
		{"disabled feature", QLever.With(FeatureMinus), `SELECT ?s WHERE { ?s ?p ?o MINUS { ?s a ?c } }`, "minus"},
		{"disabled feature unused", QLever.With(FeatureMinus), `SELECT ?s WHERE { ?s ?p ?o }`, ""},
		{"nil dialect", nil, `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } HAVING (COUNT(*) > 1)`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			err = tt.d.Accepts(q)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var te *TargetError
			if !errors.As(err, &te) || te.Construct != tt.want || te.Dialect != tt.d.Name {
				t.Fatalf("err = %v, want a TargetError for %q of %s", err, tt.want, tt.d.Name)
			}
		})
	}
}

func TestDialectByNameKnowsAll(t *testing.T) {
	for _, name := range DialectNames {
		d, ok := DialectByName(name)
		if !ok || d.Name != name {
			t.Errorf("DialectByName(%q) = %v, %v", name, d, ok)
		}
	}
	if d, ok := DialectByName("fuseki"); !ok || d != Fuseki {
		t.Errorf("fuseki is not jena")
	}
	if _, ok := DialectByName("stardog"); ok {
		t.Errorf("an unknown name was found")
	}
}

func ExamplePrintFor() {
	q, err := Parse(`PREFIX : <http://valuenet/ontop/>
SELECT ?name WHERE { ?s a :singer ; :singer\#name ?name }`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(PrintFor(q, Virtuoso))
	// Output:
	// PREFIX : <http://valuenet/ontop/>
	// SELECT ?name
	// WHERE {
	//   ?s a :singer ;
	//     <http://valuenet/ontop/singer#name> ?name .
	// }
}
