package store

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// aggInput is one value fed to an aggregator: a term in SPARQL syntax,
// "UNBOUND" or "ERROR".
type aggInput string

func TestAggregates(t *testing.T) {
	sep := ", "
	tests := []struct {
		name string
		agg  *sparql.Aggregate
		in   []aggInput
		want string // showTerm of the result, "UNBOUND", or "error"
	}{
		{"count star", &sparql.Aggregate{Name: "COUNT", Star: true}, []aggInput{"1", "1", "1"}, `"3"^^xsd:integer`},
		{"count star empty", &sparql.Aggregate{Name: "COUNT", Star: true}, nil, `"0"^^xsd:integer`},
		{"count skips unbound and errors", &sparql.Aggregate{Name: "COUNT"}, []aggInput{"1", "UNBOUND", "ERROR", `"a"`, "1"}, `"3"^^xsd:integer`},
		{"count distinct", &sparql.Aggregate{Name: "COUNT", Distinct: true}, []aggInput{"1", "1", "1.0", `"1"`, `"01"^^xsd:integer`, "UNBOUND"}, `"4"^^xsd:integer`},
		{"count distinct star with keys", &sparql.Aggregate{Name: "COUNT", Star: true, Distinct: true}, []aggInput{`"row1"`, `"row2"`, `"row1"`}, `"2"^^xsd:integer`},

		{"sum integers", &sparql.Aggregate{Name: "SUM"}, []aggInput{"1", "2", "3"}, `"6"^^xsd:integer`},
		{"sum promotes", &sparql.Aggregate{Name: "SUM"}, []aggInput{"1", "2.2"}, `"3.2"^^xsd:decimal`},
		{"sum decimals", &sparql.Aggregate{Name: "SUM"}, []aggInput{"1.0", "2.2", "3.5"}, `"6.7"^^xsd:decimal`},
		{"sum double", &sparql.Aggregate{Name: "SUM"}, []aggInput{"2E-1", "2.2"}, `"2.4000000000000004E0"^^xsd:double`},
		{"sum derived types", &sparql.Aggregate{Name: "SUM"}, []aggInput{`"1"^^xsd:short`, `"2"^^xsd:byte`}, `"3"^^xsd:integer`},
		{"sum empty", &sparql.Aggregate{Name: "SUM"}, nil, `"0"^^xsd:integer`},
		{"sum non-numeric", &sparql.Aggregate{Name: "SUM"}, []aggInput{"1", `"2"`}, "error"},
		{"sum unbound", &sparql.Aggregate{Name: "SUM"}, []aggInput{"1", "UNBOUND"}, "error"},
		{"sum error", &sparql.Aggregate{Name: "SUM"}, []aggInput{"ERROR", "1"}, "error"},
		{"sum distinct", &sparql.Aggregate{Name: "SUM", Distinct: true}, []aggInput{"1", "1", "2", "1.0"}, `"4.0"^^xsd:decimal`},

		{"avg integers", &sparql.Aggregate{Name: "AVG"}, []aggInput{"1", "2", "3", "4"}, `"2.5"^^xsd:decimal`},
		{"avg exact", &sparql.Aggregate{Name: "AVG"}, []aggInput{"2", "4"}, `"3.0"^^xsd:decimal`},
		{"avg 18 digits", &sparql.Aggregate{Name: "AVG"}, []aggInput{"10", "10", "10", "10", "10", "10", "13"}, `"10.428571428571428571"^^xsd:decimal`},
		{"avg decimals", &sparql.Aggregate{Name: "AVG"}, []aggInput{"1.0", "2.2", "3.5"}, `"2.233333333333333333"^^xsd:decimal`},
		{"avg doubles", &sparql.Aggregate{Name: "AVG"}, []aggInput{"1e0", "2e0"}, `"1.5E0"^^xsd:double`},
		{"avg empty", &sparql.Aggregate{Name: "AVG"}, nil, `"0"^^xsd:integer`},
		{"avg blank node", &sparql.Aggregate{Name: "AVG"}, []aggInput{"1", "_:b", "3"}, "error"},
		{"avg distinct", &sparql.Aggregate{Name: "AVG", Distinct: true}, []aggInput{"1", "1", "2"}, `"1.5"^^xsd:decimal`},

		{"min numbers", &sparql.Aggregate{Name: "MIN"}, []aggInput{"3", "1.0", "2e0"}, `"1.0"^^xsd:decimal`},
		{"max numbers", &sparql.Aggregate{Name: "MAX"}, []aggInput{"3", "1.0", "3.0E4"}, `"3.0E4"^^xsd:double`},
		{"min mixed", &sparql.Aggregate{Name: "MIN"}, []aggInput{`"a"`, "1", "<http://example.org/a>"}, "<http://example.org/a>"},
		{"max mixed", &sparql.Aggregate{Name: "MAX"}, []aggInput{`"a"`, "1", "<http://example.org/a>", "_:b"}, `"a"`},
		{"min blank node", &sparql.Aggregate{Name: "MIN"}, []aggInput{"1", "_:b2", "3"}, "_:b2"},
		{"min unbound", &sparql.Aggregate{Name: "MIN"}, []aggInput{"1", "UNBOUND"}, "UNBOUND"},
		{"max skips unbound", &sparql.Aggregate{Name: "MAX"}, []aggInput{"1", "UNBOUND", "ERROR"}, `"1"^^xsd:integer`},
		{"min empty", &sparql.Aggregate{Name: "MIN"}, nil, "UNBOUND"},
		{"max empty", &sparql.Aggregate{Name: "MAX"}, nil, "UNBOUND"},
		{"max strings", &sparql.Aggregate{Name: "MAX", Distinct: true}, []aggInput{`"b"`, `"a"`, `"b"`}, `"b"`},

		{"sample", &sparql.Aggregate{Name: "SAMPLE"}, []aggInput{"UNBOUND", "ERROR", `"x"`, `"y"`}, `"x"`},
		{"sample empty", &sparql.Aggregate{Name: "SAMPLE"}, nil, "UNBOUND"},

		{"group_concat", &sparql.Aggregate{Name: "GROUP_CONCAT"}, []aggInput{`"1"`, `"22"`}, `"1 22"`},
		{"group_concat separator", &sparql.Aggregate{Name: "GROUP_CONCAT", Separator: &sep}, []aggInput{`"a"`, `"b"`, `"c"`}, `"a, b, c"`},
		{"group_concat lang", &sparql.Aggregate{Name: "GROUP_CONCAT"}, []aggInput{`"1"@en`, `"2"@en`}, `"1 2"`},
		{"group_concat mixed", &sparql.Aggregate{Name: "GROUP_CONCAT"}, []aggInput{`"a"@en`, "2", "<http://example.org/x>"}, `"a 2 http://example.org/x"`},
		{"group_concat skips unbound", &sparql.Aggregate{Name: "GROUP_CONCAT"}, []aggInput{`"a"`, "UNBOUND", `"b"`}, `"a b"`},
		{"group_concat error", &sparql.Aggregate{Name: "GROUP_CONCAT"}, []aggInput{`"a"`, "ERROR"}, "error"},
		{"group_concat blank node", &sparql.Aggregate{Name: "GROUP_CONCAT"}, []aggInput{`"a"`, "_:b"}, "error"},
		{"group_concat empty", &sparql.Aggregate{Name: "GROUP_CONCAT"}, nil, `""`},
		{"group_concat distinct", &sparql.Aggregate{Name: "GROUP_CONCAT", Distinct: true}, []aggInput{`"a"`, `"b"`, `"a"`}, `"a b"`},

		{"unknown", &sparql.Aggregate{Name: "MEDIAN"}, []aggInput{"1"}, "error"},
		{"nil", nil, []aggInput{"1"}, "error"},
	}
	ev := newExprEnv(time.Now(), "")
	var got, want []string
	for _, tt := range tests {
		g := newAggregator(tt.agg, ev)
		for _, in := range tt.in {
			switch in {
			case "UNBOUND":
				g.add(nil, errUnbound)
			case "ERROR":
				g.add(nil, errTypeMismatch)
			default:
				switch {
				case tt.agg != nil && tt.agg.Star && !tt.agg.Distinct:
					g.add(nil, nil)
				case strings.HasPrefix(string(in), "_:"):
					g.add(&sparql.BlankNode{Label: string(in[2:])}, nil)
				default:
					g.add(parseTestTerm(t, string(in)), nil)
				}
			}
		}
		v, err := g.result()
		s := showTerm(v)
		if err != nil {
			s = "error"
		}
		got = append(got, tt.name+": "+s)
		want = append(want, tt.name+": "+tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("aggregates (-want +got):\n%s", d)
	}
}
