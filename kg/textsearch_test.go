package kg

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// tsRecorder is an Endpoint stub that records the query text and answers
// with canned rows.
type tsRecorder struct {
	mu      sync.Mutex
	queries []string
	rows    []sparql.Row
	err     error
}

func (r *tsRecorder) Query(ctx context.Context, q string) (*sparql.Results, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.queries = append(r.queries, q)
	if r.err != nil {
		return nil, r.err
	}
	return &sparql.Results{Vars: []string{"s", "p", "lit", "score"}, Rows: r.rows}, nil
}

func (r *tsRecorder) last(t *testing.T) string {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.queries) == 0 {
		t.Fatal("no query sent")
	}
	return r.queries[len(r.queries)-1]
}

// shape parses q and returns it with every literal's lexical form
// blanked, for comparing the shapes of two queries.
func tsShape(t *testing.T, q string) *sparql.Query {
	t.Helper()
	parsed, err := sparql.Parse(q)
	if err != nil {
		t.Fatalf("generated query does not parse: %v\n%s", err, q)
	}
	sparql.Inspect(parsed, func(n sparql.Node) bool {
		if l, ok := n.(*sparql.Literal); ok && l.Datatype == nil {
			l.Lexical = ""
		}
		return true
	})
	return parsed
}

func tsLit(s string) *sparql.Literal { return sparql.NewLiteral(s) }

func tsIRI(s string) *sparql.IRI { return sparql.NewIRI(s) }

func TestTextSearchAdapters(t *testing.T) {
	literalRows := []sparql.Row{
		{"s": tsIRI(srchEx + "a3"), "p": tsIRI(srchEx + "airline"), "lit": tsLit("Air France"), "score": tsLit("2.5")},
		{"s": tsIRI(srchEx + "a1"), "p": tsIRI(srchEx + "airline"), "lit": tsLit("JetBlue Airways"), "score": tsLit("1.5")},
		{"s": tsIRI(srchEx + "a9"), "p": tsIRI(srchEx + "airline"), "lit": tsLit("JetBlue Airways"), "score": tsLit("1.4")},
		{"s": tsIRI(srchEx + "x"), "p": tsIRI("http://www.w3.org/2000/01/rdf-schema#label"), "lit": tsLit("Jetblew"), "score": tsLit("9")},
		{"s": tsIRI(srchEx + "y"), "p": tsIRI(srchEx + "p"), "lit": tsIRI(srchEx + "not-a-literal")},
	}
	tests := []struct {
		name     string
		make     func(Endpoint, ...TextSearchOption) *FullTextEndpoint
		rows     []sparql.Row
		contains []string // fragments the query must contain
	}{
		{
			name:     "jena",
			make:     func(ep Endpoint, o ...TextSearchOption) *FullTextEndpoint { return NewJenaTextSearch(ep, o...) },
			rows:     literalRows,
			contains: []string{"text:query", "<http://jena.apache.org/text#>", `"country OR JetBlue OR Airways OR Air"`},
		},
		{
			name: "jena with property",
			make: func(ep Endpoint, o ...TextSearchOption) *FullTextEndpoint {
				return NewJenaTextSearch(ep, append(o, TextSearchProperty(srchEx+"airline"))...)
			},
			rows:     literalRows,
			contains: []string{"text:query (<http://example.org/airline>"},
		},
		{
			name:     "virtuoso",
			make:     func(ep Endpoint, o ...TextSearchOption) *FullTextEndpoint { return NewVirtuosoTextSearch(ep, o...) },
			rows:     literalRows,
			contains: []string{"PREFIX bif: <bif:>", "bif:contains", `"\"country\" OR \"JetBlue\" OR \"Airways\" OR \"Air\""`},
		},
		{
			name:     "qlever",
			make:     func(ep Endpoint, o ...TextSearchOption) *FullTextEndpoint { return NewQLeverTextSearch(ep, o...) },
			rows:     literalRows,
			contains: []string{"ql:contains-word", `"jetblue"`, "UNION", "PREFIX ql:"},
		},
		{
			name: "graphdb",
			make: func(ep Endpoint, o ...TextSearchOption) *FullTextEndpoint {
				o = append(o, TextSearchFieldProperties(map[string]string{"name": srchEx + "airline"}))
				return NewGraphDBLuceneSearch(ep, "airlines", o...)
			},
			rows: []sparql.Row{
				{"s": tsIRI(srchEx + "a3"), "score": tsLit("2.5"), "field": tsLit("name"), "snippet": tsLit("<em>Air</em> France")},
				{"s": tsIRI(srchEx + "a1"), "score": tsLit("1.5"), "field": tsLit("name"), "snippet": tsLit("<em>JetBlue</em> <em>Airways</em>")},
				{"s": tsIRI(srchEx + "z"), "score": tsLit("0.5")},
				{"score": tsLit("0.1")},
			},
			contains: []string{"<http://www.ontotext.com/connectors/lucene/instance#airlines>", "con:query", `"country OR JetBlue OR Airways OR Air"`},
		},
	}
	const question = "Which country is JetBlue Airways from? Not Air…"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &tsRecorder{rows: tt.rows}
			ft := tt.make(rec)
			hits, err := ft.Search(context.Background(), question, 3)
			if err != nil {
				t.Fatal(err)
			}
			q := rec.last(t)
			tsShape(t, q) // parses
			for _, frag := range tt.contains {
				if !strings.Contains(q, frag) {
					t.Errorf("query lacks %q:\n%s", frag, q)
				}
			}
			if len(hits) == 0 || hits[0].Value != "JetBlue Airways" || hits[0].Score <= 0 {
				t.Fatalf("hits: %+v", hits)
			}
			if tt.name != "graphdb" && (hits[0].Count != 2 || len(hits[0].Subjects) != 2) {
				t.Errorf("rows of one value not grouped: %+v", hits[0])
			}
			if hits[0].Property != srchEx+"airline" {
				t.Errorf("property: %+v", hits[0])
			}
			if len(hits) > 3 {
				t.Errorf("k = 3 but %d hits", len(hits))
			}
			// The query text is a literal: quotes, braces and a closing
			// bracket in raw mode keep the query's shape.
			raw := tt.make(rec, TextSearchRawQuery())
			if _, err := raw.Search(context.Background(), "JetBlue", 3); err != nil {
				t.Fatal(err)
			}
			benign := tsShape(t, rec.last(t))
			for _, evil := range []string{`x" } ; DROP ALL ; SELECT * { "`, "a'b\"c{d}e<f>g\\h\nnew line", `""" '''`} {
				if _, err := raw.Search(context.Background(), evil, 3); err != nil {
					t.Fatal(err)
				}
				got := rec.last(t)
				if !sparql.Equal(benign, tsShape(t, got)) {
					t.Errorf("text %q changed the query's shape:\n%s", evil, got)
				}
				found := false
				parsed, _ := sparql.Parse(got)
				sparql.Inspect(parsed, func(n sparql.Node) bool {
					if l, ok := n.(*sparql.Literal); ok && strings.Contains(l.Lexical, evil) {
						found = true
					}
					return true
				})
				if !found {
					t.Errorf("text %q is not a literal of the query:\n%s", evil, got)
				}
			}
		})
	}
}

func TestTextSearchNothingToSearch(t *testing.T) {
	rec := &tsRecorder{}
	for _, ft := range []*FullTextEndpoint{NewJenaTextSearch(rec), NewVirtuosoTextSearch(rec), NewQLeverTextSearch(rec), NewGraphDBLuceneSearch(rec, "i")} {
		for _, text := range []string{"", "  ", "?!", "what is the"} {
			hits, err := ft.Search(context.Background(), text, 5)
			if err != nil || hits != nil {
				t.Errorf("%s %q: %v %v", ft.Engine, text, hits, err)
			}
		}
		if hits, err := ft.Search(context.Background(), "JetBlue", 0); err != nil || hits != nil {
			t.Errorf("%s k=0: %v %v", ft.Engine, hits, err)
		}
	}
	if len(rec.queries) != 0 {
		t.Errorf("queries sent for nothing: %q", rec.queries)
	}
	if _, err := NewGraphDBLuceneSearch(rec, "").Search(context.Background(), "JetBlue", 5); err == nil {
		t.Error("graphdb without connector: no error")
	}
}

func TestTextSearchErrors(t *testing.T) {
	boom := errors.New("boom")
	rec := &tsRecorder{err: boom}
	_, err := NewVirtuosoTextSearch(rec).Search(context.Background(), "JetBlue Airways", 5)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "virtuoso text search") {
		t.Errorf("error: %v", err)
	}
}

func TestTextSearchPassThroughAndCandidates(t *testing.T) {
	rec := &tsRecorder{}
	ft := NewQLeverTextSearch(rec, TextSearchCandidates(7), TextSearchProperty(srchEx+"airline"), TextSearchPredicate(QLeverBuiltins+"has-word"))
	if _, err := ft.Query(context.Background(), "ASK {}"); err != nil {
		t.Fatal(err)
	}
	if rec.last(t) != "ASK {}" {
		t.Error("Query does not pass through")
	}
	if _, err := ft.Search(context.Background(), "JetBlue", 5); err != nil {
		t.Fatal(err)
	}
	q := rec.last(t)
	for _, frag := range []string{"LIMIT 7", "ql:has-word", "<http://example.org/airline>"} {
		if !strings.Contains(q, frag) {
			t.Errorf("query lacks %q:\n%s", frag, q)
		}
	}
}

func TestSearchText(t *testing.T) {
	ix := searchTestIndex(t)
	ctx := context.Background()
	hits, err := SearchText(ctx, struct {
		Endpoint
		TextSearcher
	}{searchTestStore(t), NewIndexSearcher(ix)}, "JetBlue Airways", 2)
	if err != nil || len(hits) == 0 || hits[0].Value != "JetBlue Airways" {
		t.Errorf("via capability: %v %v", hits, err)
	}
	rec := &tsRecorder{rows: []sparql.Row{{"s": tsIRI(srchEx + "a1"), "p": tsIRI(srchEx + "airline"), "lit": tsLit("JetBlue Airways")}}}
	g := &Graph{ID: "airlines", Endpoint: NewVirtuosoTextSearch(rec)}
	if hits, err := SearchText(ctx, g, "JetBlue", 2); err != nil || len(hits) != 1 {
		t.Errorf("via graph: %v %v", hits, err)
	}
	if _, err := SearchText(ctx, searchTestStore(t), "JetBlue", 2); !errors.Is(err, ErrNoTextSearch) {
		t.Errorf("plain endpoint: %v", err)
	}
	if _, err := SearchText(ctx, &Graph{ID: "g", Endpoint: searchTestStore(t)}, "JetBlue", 2); !errors.Is(err, ErrNoTextSearch) || !strings.Contains(err.Error(), "graph g") {
		t.Errorf("plain graph: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewIndexSearcher(ix).Search(cctx, "JetBlue", 2); err == nil {
		t.Error("cancelled: no error")
	}
	if _, err := NewIndexSearcher(nil).Search(ctx, "JetBlue", 2); err == nil {
		t.Error("nil index: no error")
	}
}

func TestRerankKeepsUnmatchedAfter(t *testing.T) {
	cands := []Hit{
		{Value: "Völlig anders", Property: "p", Score: 3, Subjects: []string{"s1"}},
		{Value: "JetBlue Airways", Property: "p", Score: 1, Subjects: []string{"s2"}},
		{Value: "", Property: "p", Score: 2, Subjects: []string{"s3"}},
	}
	got := hitTop(rerankHits("JetBlue", cands, 10), 10)
	want := []string{"JetBlue Airways@p", "Völlig anders@p", "@p"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}
