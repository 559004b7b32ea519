package store

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// orderedTerms are terms in ORDER BY order (nil is unbound).
func orderedTerms(t *testing.T) []sparql.Term {
	t.Helper()
	terms := []sparql.Term{nil, &sparql.BlankNode{Label: "a"}, &sparql.BlankNode{Label: "b"}}
	for _, src := range []string{
		"<http://example.org/a>",
		"<http://example.org/b>",
		// numbers by value across datatypes; NaN first, ties by datatype
		// IRI, then lexical form.
		`"NaN"^^xsd:double`,
		`"-INF"^^xsd:double`,
		"-5",
		"-1.5",
		"0",
		"0.5e0",
		`"1"^^xsd:byte`,
		"1.0",
		"1e0",
		`"01"^^xsd:integer`,
		"1",
		"2.5",
		"10",
		`"INF"^^xsd:float`,
		// strings by code point, language-tagged ones among them.
		`""`,
		`"B"`,
		`"a"`,
		`"a"@en`,
		`"a"@fr`,
		`"ab"`,
		`"b"@de`,
		`"é"`,
		// booleans, then date/times by instant.
		"false",
		"true",
		`"2005-01-01T00:00:00+02:00"^^xsd:dateTime`,
		`"2005-01-01T00:00:00"^^xsd:dateTime`,
		`"2005-01-01T00:00:00Z"^^xsd:dateTime`,
		`"2006-01-01T00:00:00Z"^^xsd:dateTime`,
		`"2005-01-01"^^xsd:date`,
		`"12:00:00"^^xsd:time`,
		// other datatypes and ill-typed literals last, by datatype IRI.
		`"x"^^<http://example.org/t1>`,
		`"a"^^<http://example.org/t2>`,
		`"abc"^^xsd:integer`,
	} {
		terms = append(terms, parseTestTerm(t, src))
	}
	return terms
}

func TestOrderCompareSorts(t *testing.T) {
	want := orderedTerms(t)
	var wantS []string
	for _, x := range want {
		wantS = append(wantS, showTerm(x))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		got := slices.Clone(want)
		r.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		slices.SortFunc(got, orderCompare)
		var gotS []string
		for _, x := range got {
			gotS = append(gotS, showTerm(x))
		}
		if d := cmp.Diff(wantS, gotS); d != "" {
			t.Fatalf("sorted order (-want +got):\n%s", d)
		}
	}
}

// TestOrderCompareIsTotal checks that orderCompare is a total order on a
// mixed set: reflexive on equal terms only, antisymmetric and transitive.
func TestOrderCompareIsTotal(t *testing.T) {
	terms := orderedTerms(t)
	sign := func(x int) int { return min(max(x, -1), 1) }
	for i, a := range terms {
		for j, b := range terms {
			c := sign(orderCompare(a, b))
			if want := sign(i - j); c != want {
				t.Errorf("orderCompare(%s, %s) = %d, want %d", showTerm(a), showTerm(b), c, want)
			}
			for _, x := range terms {
				if orderCompare(a, b) < 0 && orderCompare(b, x) < 0 && orderCompare(a, x) >= 0 {
					t.Errorf("not transitive: %s < %s < %s", showTerm(a), showTerm(b), showTerm(x))
				}
			}
		}
	}
}

func TestOrderCompareSameTerm(t *testing.T) {
	pairs := [][2]string{
		{`"a"`, `"a"^^xsd:string`},
		{`"a"@en`, `"a"@EN`},
		{"<http://example.org/a>", "<http://example.org/a>"},
		{"1", "1"},
	}
	for _, p := range pairs {
		a, b := parseTestTerm(t, p[0]), parseTestTerm(t, p[1])
		if c := orderCompare(a, b); c != 0 {
			t.Errorf("orderCompare(%s, %s) = %d, want 0", p[0], p[1], c)
		}
	}
	if c := orderCompare(nil, nil); c != 0 {
		t.Errorf("orderCompare(nil, nil) = %d", c)
	}
	if c := orderCompare(sparql.NewVar("x"), sparql.NewIRI("http://example.org/")); c <= 0 {
		t.Errorf("a variable sorts before an IRI")
	}
}
