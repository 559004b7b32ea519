package calibration

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// TestNoValues: a gold answer of one row that binds nothing (an average
// over text) labels nothing, like an empty one.
func TestNoValues(t *testing.T) {
	if !noValues(&sparql.Results{Vars: []string{"a"}, Rows: []sparql.Row{{}}}) {
		t.Error("one unbound row has values")
	}
	if !noValues(&sparql.Results{Vars: []string{"a"}}) {
		t.Error("no rows has values")
	}
	if noValues(&sparql.Results{Vars: []string{"a"}, Rows: []sparql.Row{{}, {"a": sparql.NewLiteral("x")}}}) {
		t.Error("a bound row has no values")
	}
}
