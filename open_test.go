package schemaforge

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/kg"
)

// askTable asks p question and returns the answer's table rows, one
// string per row.
func askTable(t *testing.T, p *Pipeline, question string) []string {
	t.Helper()
	ans, err := p.Ask(t.Context(), question)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, r := range ans.Table().Rows {
		rows = append(rows, strings.Join(r, " "))
	}
	return rows
}

func TestOpen(t *testing.T) {
	cache := t.TempDir()
	// A directory of RDF files, summarised into the cache.
	p, err := Open(t.Context(), "examples/data", WithSummaryCache(cache))
	if err != nil {
		t.Fatal(err)
	}
	if got := askTable(t, p, "Who does Alice know?"); strings.Join(got, "|") != "Bob" {
		t.Errorf("dir: %q, want Bob", got)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(files) != 1 {
		t.Errorf("cache holds %d summaries, want 1", len(files))
	}
	// Opened again, the summary comes from the cache: a cache file whose
	// summary is changed shows through.
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(files[0], []byte(strings.Replace(string(b), `"triples":`, `"triples":1000000,"x":`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	p2, err := Open(t.Context(), "examples/data", WithSummaryCache(cache))
	if err != nil {
		t.Fatal(err)
	}
	if g := p2.Collection().Graphs()[0]; g.Summary.Triples != 1000000 {
		t.Errorf("summary not read from the cache: %d triples", g.Summary.Triples)
	}

	// A config value, and a config file.
	cfg := &kg.Config{Graphs: []kg.GraphConfig{{ID: "people", Files: []string{"examples/data/people.ttl"}}}}
	p, err = Open(t.Context(), cfg, WithSummaryCache(""), WithConfig(Config{Theta: 0.8}))
	if err != nil {
		t.Fatal(err)
	}
	if p.Config().Theta != 0.8 {
		t.Errorf("options not passed to New: theta %v", p.Config().Theta)
	}
	if got := askTable(t, p, "Who does Alice know?"); strings.Join(got, "|") != "Bob" {
		t.Errorf("config: %q, want Bob", got)
	}
	conf := filepath.Join(t.TempDir(), "c.yaml")
	abs, _ := filepath.Abs("examples/data/people.ttl")
	if err := os.WriteFile(conf, []byte("graphs:\n  - id: folk\n    files: ["+abs+"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err = Open(t.Context(), conf, WithSummaryCache(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Collection().Graph("folk"); !ok {
		t.Errorf("config file: graphs %v", p.Collection().Graphs())
	}

	// A loaded collection (the demo, already summarised).
	p, err = Open(t.Context(), demoCollection(t), WithSummaryCache(""))
	if err != nil {
		t.Fatal(err)
	}
	if got := askTable(t, p, "How many films did Ada Brook direct?"); strings.Join(got, "|") != "3" {
		t.Errorf("collection: %q, want 3", got)
	}
}

// TestOpenUnwritableCache: a cache that cannot be written does not stop
// Open.
func TestOpenUnwritableCache(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(t.Context(), "examples/data", WithSummaryCache(filepath.Join(file, "sub"))); err != nil {
		t.Errorf("unwritable cache: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	empty := t.TempDir()
	for _, tt := range []struct {
		name string
		src  any
		want string
	}{
		{"nil", nil, "not <nil>"},
		{"int", 42, "not int"},
		{"empty path", "", "no collection named"},
		{"missing path", filepath.Join(empty, "nope"), "nope"},
		{"empty dir", empty, "no RDF files"},
		{"nil config", (*kg.Config)(nil), "nil *kg.Config"},
		{"nil collection", (*kg.Collection)(nil), "nil *kg.Collection"},
		{"empty config", kg.Config{}, "no graph"},
		{"bad config", &kg.Config{Graphs: []kg.GraphConfig{{ID: "x"}}}, "config of 1 graph entries"},
	} {
		p, err := Open(t.Context(), tt.src, WithSummaryCache(""))
		if err == nil || p != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: pipeline %v, error %v; want one containing %q", tt.name, p, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Open(ctx, "examples/data", WithSummaryCache("")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
