package kg

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/schemaforge/go-schemaforge/internal/virtuosotest"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// The Virtuoso integration tests load a few Spider4SPARQL dev graphs into a
// throwaway Virtuoso (internal/virtuosotest) and check that what the
// library does through SPARQL gives there what it gives on the embedded
// store: dialect detection, summaries, the value index, and every gold
// query of those graphs printed for Virtuoso.

var vtGraphs = []string{"concert_singer", "pets_1", "car_1"}

const vtGraphNS = "http://spider4sparql.example/graph/"

// vtSpiderDir returns the Spider4SPARQL folder beside the repository, or
// skips (failing instead when Virtuoso is required, since CI has the data).
func vtSpiderDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "data", "spider4sparql")
	if st, err := os.Stat(filepath.Join(dir, "graphs", "dev")); err != nil || !st.IsDir() {
		t.Skipf("skipping: %s is absent (the shared data lives in ../shared/data beside the repository root)", dir)
	}
	return dir
}

var (
	vtOnce   sync.Once
	vtServer *virtuosotest.Server
	vtErr    error
)

// vtStart starts one Virtuoso for the package's tests with vtGraphs loaded
// as named graphs. It is stopped by TestMain.
func vtStart(t *testing.T) (*virtuosotest.Server, string) {
	t.Helper()
	virtuosotest.Require(t)
	dir := vtSpiderDir(t)
	vtOnce.Do(func() {
		tmp, err := os.MkdirTemp("", "schemaforge-virtuoso-")
		if err != nil {
			vtErr = err
			return
		}
		graphs := filepath.Join(dir, "graphs", "dev")
		s, err := virtuosotest.Start(context.Background(), tmp, virtuosotest.Options{DirsAllowed: []string{graphs}})
		if err != nil {
			vtErr = err
			return
		}
		vtServer = s
		load := map[string]string{}
		for _, g := range vtGraphs {
			load[vtGraphNS+g] = filepath.Join(graphs, g+".nt")
		}
		vtErr = s.Load(context.Background(), load)
	})
	if vtErr != nil {
		t.Fatal(vtErr)
	}
	return vtServer, dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if vtServer != nil {
		if err := vtServer.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		_ = os.RemoveAll(filepath.Dir(vtServer.Dir))
	}
	os.Exit(code)
}

// vtCollections returns the same graphs twice: on Virtuoso (through a
// config whose entries leave the dialect to detection) and embedded.
func vtCollections(t *testing.T) (remote, local *Collection) {
	t.Helper()
	s, dir := vtStart(t)
	ctx := context.Background()
	var b strings.Builder
	b.WriteString("graphs:\n")
	for _, g := range vtGraphs {
		fmt.Fprintf(&b, "  - id: %s\n    endpoint: %s\n    named_graph: %s%s\n", g, s.SPARQLURL(), vtGraphNS, g)
	}
	cfgPath := filepath.Join(t.TempDir(), "virtuoso.yaml")
	if err := os.WriteFile(cfgPath, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	remote, err := LoadConfig(ctx, cfgPath, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var specs []FileGraph
	for _, g := range vtGraphs {
		specs = append(specs, FileGraph{ID: g, Files: []string{filepath.Join(dir, "graphs", "dev", g+".nt")}})
	}
	local, err = LoadFiles(ctx, LoadOptions{}, specs...)
	if err != nil {
		t.Fatal(err)
	}
	return remote, local
}

func TestVirtuosoDialectAndSummaries(t *testing.T) {
	remote, local := vtCollections(t)
	ctx := context.Background()
	for _, g := range remote.Graphs() {
		if g.Target != sparql.Virtuoso {
			t.Fatalf("graph %s: detected dialect %v, want virtuoso", g.ID, g.Target)
		}
	}
	if err := remote.Summarize(ctx, SummarizeOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := local.Summarize(ctx, SummarizeOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, id := range vtGraphs {
		r, _ := remote.Graph(id)
		l, _ := local.Graph(id)
		rs, ls := r.Summary, l.Summary
		if rs.Dialect != "virtuoso" || ls.Dialect != "" {
			t.Errorf("%s: summary dialects %q (Virtuoso) and %q (embedded)", id, rs.Dialect, ls.Dialect)
		}
		if rs.Partial {
			t.Errorf("%s: the Virtuoso summary is partial: %v", id, rs.Notes)
		}
		if rs.Triples != ls.Triples {
			t.Errorf("%s: %d triples on Virtuoso, %d embedded", id, rs.Triples, ls.Triples)
		}
		if got, want := vtClassCounts(rs), vtClassCounts(ls); !slices.Equal(got, want) {
			t.Errorf("%s: classes differ:\nVirtuoso %v\nembedded %v", id, got, want)
		}
		if got, want := vtPropCounts(rs), vtPropCounts(ls); !slices.Equal(got, want) {
			t.Errorf("%s: properties differ:\nVirtuoso %v\nembedded %v", id, got, want)
		}
	}
}

func vtClassCounts(s *Summary) []string {
	var out []string
	for _, c := range s.Classes {
		out = append(out, fmt.Sprintf("%s=%d", c.IRI, c.Count))
	}
	slices.Sort(out)
	return out
}

func vtPropCounts(s *Summary) []string {
	var out []string
	for _, p := range s.Properties {
		out = append(out, fmt.Sprintf("%s=%d", p.IRI, p.Count))
	}
	slices.Sort(out)
	return out
}

func TestVirtuosoValueLinking(t *testing.T) {
	remote, local := vtCollections(t)
	ctx := context.Background()
	for _, id := range vtGraphs {
		r, _ := remote.Graph(id)
		l, _ := local.Graph(id)
		rix, err := BuildIndex(ctx, r)
		if err != nil {
			t.Fatalf("%s: value index on Virtuoso: %v", id, err)
		}
		lix, err := BuildIndex(ctx, l)
		if err != nil {
			t.Fatal(err)
		}
		if rix.Len() != lix.Len() || rix.Len() == 0 {
			t.Errorf("%s: %d values indexed from Virtuoso, %d embedded", id, rix.Len(), lix.Len())
		}
	}
	r, _ := remote.Graph("concert_singer")
	rix, err := BuildIndex(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	hits := rix.Search("singers from France", 3)
	if len(hits) == 0 || hits[0].Value != "France" || hits[0].Property != "http://valuenet/ontop/singer#country" {
		t.Fatalf("linking 'France' on Virtuoso: %+v", hits)
	}
}

// TestVirtuosoRunsEveryGoldQuery runs each dev-public gold query of the
// loaded graphs through Graph.Query (which prints it for Virtuoso) and
// compares the answer with the embedded store's.
func TestVirtuosoRunsEveryGoldQuery(t *testing.T) {
	remote, local := vtCollections(t)
	_, dir := vtStart(t)
	ctx := context.Background()
	f, err := os.Open(filepath.Join(dir, "questions", "dev-public.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	const prologue = "PREFIX : <http://valuenet/ontop/>\nPREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
	ran, same := 0, 0
	var differ []string
	for _, rec := range recs[1:] {
		id := strings.ToLower(rec[1])
		r, ok := remote.Graph(id)
		if !ok {
			continue
		}
		l, _ := local.Graph(id)
		q := prologue + rec[3]
		want, err := l.Query(ctx, q)
		if err != nil {
			continue // the gold query fails on the embedded store too (see the gold file's status)
		}
		got, err := r.Query(ctx, q)
		if err != nil {
			t.Errorf("row %s (%s): Virtuoso refused the query: %v", rec[0], id, err)
			continue
		}
		ran++
		if vtSameAnswer(want, got) {
			same++
		} else if !strings.Contains(strings.ToLower(rec[3]), "limit") {
			differ = append(differ, rec[0])
		}
	}
	if ran < 100 {
		t.Fatalf("only %d gold queries ran: the test lost its subject", ran)
	}
	// A LIMIT without a total order may pick other rows. Virtuoso 7.2
	// answers MINUS between two sub-SELECTs that project an alias
	// ("{ SELECT (?a AS ?x) … } MINUS { SELECT (?b AS ?x) … }") with no
	// rows: rows 31, 32, 173 and 174, a wrong answer no rewrite here
	// avoids yet. Any other difference is a bug of the printer or of the
	// client.
	known := []string{"31", "32", "173", "174"}
	if !slices.Equal(differ, known) {
		t.Errorf("%d of %d gold queries answer differently on Virtuoso (rows %v; known: %v)", len(differ), ran, differ, known)
	}
	t.Logf("%d gold queries ran on Virtuoso, %d with the embedded store's answer", ran, same)
}

func vtSameAnswer(a, b *sparql.Results) bool {
	if a.IsAsk() || b.IsAsk() {
		return a.IsAsk() && b.IsAsk() && *a.Boolean == *b.Boolean
	}
	return maps.Equal(a.ValueRows(), b.ValueRows())
}

func TestVirtuosoAskAndRefusals(t *testing.T) {
	remote, _ := vtCollections(t)
	ctx := context.Background()
	g, _ := remote.Graph("pets_1")
	res, err := g.Query(ctx, `ASK { ?s a <http://valuenet/ontop/pets> }`)
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsAsk() || !*res.Boolean {
		t.Fatalf("ASK on Virtuoso: %+v, want true", res)
	}
	res, err = g.Query(ctx, `ASK { ?s a <http://valuenet/ontop/no_such_class> }`)
	if err != nil || !res.IsAsk() || *res.Boolean {
		t.Fatalf("ASK on Virtuoso: %+v, %v, want false", res, err)
	}
	// HAVING without GROUP BY is refused before it is sent, with a clear
	// error, rather than with Virtuoso's SP031.
	_, err = g.Query(ctx, `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } HAVING (COUNT(*) > 1)`)
	var te *sparql.TargetError
	if err == nil || !errors.As(err, &te) {
		t.Fatalf("HAVING without GROUP BY: err = %v, want a TargetError", err)
	}
	h := g.Endpoint.(*HTTPEndpoint)
	if st := h.Stats(); st.Failed != 0 {
		t.Fatalf("Virtuoso refused queries: %+v", st)
	}
}

// TestVirtuosoEngineTextSearch links values with Virtuoso's own free-text
// index (text_search: engine): the index is built over the loaded
// literals, and a graph configured for it finds what the index built over
// SPARQL finds.
func TestVirtuosoEngineTextSearch(t *testing.T) {
	s, _ := vtStart(t)
	ctx := context.Background()
	if out, err := s.ISQL(ctx, "DB.DBA.RDF_OBJ_FT_RULE_ADD (null, null, 'schemaforge_all');\nDB.DBA.VT_INC_INDEX_DB_DBA_RDF_OBJ ();\n"); err != nil {
		t.Fatalf("building Virtuoso's text index: %v\n%s", err, out)
	}
	cfg := fmt.Sprintf("graphs:\n  - id: concert_singer\n    endpoint: %s\n    named_graph: %sconcert_singer\n    text_search: engine\n", s.SPARQLURL(), vtGraphNS)
	cfgPath := filepath.Join(t.TempDir(), "virtuoso.yaml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	coll, err := LoadConfig(ctx, cfgPath, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := coll.Graph("concert_singer")
	if g.TextSearch == nil {
		t.Fatal("text_search: engine set no text search")
	}
	hits, err := SearchText(ctx, g, "singers from France", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Value != "France" || hits[0].Property != "http://valuenet/ontop/singer#country" {
		t.Fatalf("linking 'France' with Virtuoso's text index: %+v", hits)
	}
	// A dialect without a text search this config can set up is a
	// clear error when the graph is loaded.
	if _, err := EngineTextSearch(&Graph{ID: "x"}); err == nil {
		t.Error("no dialect: no error")
	}
}
