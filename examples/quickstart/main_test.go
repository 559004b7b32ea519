package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestQuickstart runs the example on the demo and on examples/data: it
// prints the readable table (no quotes, no datatypes) and the graph.
func TestQuickstart(t *testing.T) {
	for _, tt := range []struct {
		graphs, question string
		want             []string
	}{
		{"", "How many films did Ada Brook direct?", []string{"count\n-----\n3\n", "from graph films:"}},
		{"../data", "Who works for ACME?", []string{"person_name\n-----------\nAlice\nBob\n", "from graph people:"}},
	} {
		var out bytes.Buffer
		if err := run(t.Context(), &out, tt.graphs, tt.question); err != nil {
			t.Fatalf("%q: %v", tt.question, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%q: output lacks %q:\n%s", tt.question, w, out.String())
			}
		}
		if strings.Contains(out.String(), "^^") {
			t.Errorf("%q: a datatype in the output:\n%s", tt.question, out.String())
		}
	}
	if err := run(t.Context(), &bytes.Buffer{}, "no/such/dir", "Who?"); err == nil {
		t.Error("a missing directory: no error")
	}
}
