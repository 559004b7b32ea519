package schemaforge

import (
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// TestAnswerNames: an answer whose query projects entities keeps their
// IRIs in Results and shows them by name: the artists by their class's
// naming attribute (:name), the concerts by rdfs:label. NoNames turns
// the look-up off.
func TestAnswerNames(t *testing.T) {
	for _, tt := range []struct {
		question, query string
		want            []string
	}{
		{"Which artists come from Portugal?",
			`PREFIX : <http://example.org/music/> SELECT ?artist WHERE { ?artist a :Artist ; :country "Portugal" }`,
			[]string{"Rosa Quill", "The Copper Lanterns"}},
		{"Which concerts were held at Harbour Hall?",
			`PREFIX : <http://example.org/music/> SELECT ?concert ?price WHERE { ?concert a :Concert ; :heldAt/:name "Harbour Hall" ; :ticketPrice ?price }`,
			[]string{"Glass Harbor at Harbour Hall 45", "The Copper Lanterns at Harbour Hall 29.5"}},
	} {
		p, err := New(demoCollection(t), WithSynthesizer(fixedSynth{tt.query}))
		if err != nil {
			t.Fatal(err)
		}
		ans, err := p.Ask(t.Context(), tt.question)
		if err != nil {
			t.Fatal(err)
		}
		if !ans.HasAnswer() || ans.Graph() != "music" {
			t.Fatalf("%q: no answer from music: %s", tt.question, ans)
		}
		var got []string
		for _, row := range ans.Table().Rows {
			got = append(got, strings.Join(row, " "))
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: table rows %q, want %q", tt.question, got, tt.want)
		}
		// The terms stay: the first column holds IRIs.
		for _, row := range ans.Results.Rows {
			if _, ok := row[ans.Results.Vars[0]].(*sparql.IRI); !ok {
				t.Errorf("%q: Results lost the IRI: %v", tt.question, row)
			}
		}
		if !slices.ContainsFunc(ans.Trace.Events, func(e handoff.Event) bool {
			return strings.HasPrefix(e.Message, "display names: ") && e.Numbers["named"] == float64(len(tt.want))
		}) {
			t.Errorf("%q: no trace event for the names", tt.question)
		}
	}

	off, err := New(demoCollection(t), WithSynthesizer(fixedSynth{`PREFIX : <http://example.org/music/> SELECT ?artist WHERE { ?artist a :Artist ; :country "Portugal" }`}),
		WithConfig(Config{NoNames: true}))
	if err != nil {
		t.Fatal(err)
	}
	ans, err := off.Ask(t.Context(), "Which artists come from Portugal?")
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Names) != 0 || !strings.Contains(ans.String(), "http://example.org/music/rosa_quill") {
		t.Errorf("NoNames: names %v\n%s", ans.Names, ans)
	}
}
