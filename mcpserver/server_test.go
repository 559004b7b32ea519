package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
	"github.com/schemaforge/go-schemaforge/sparql"
)

var (
	demoOnce sync.Once
	demoPipe *schemaforge.Pipeline
	demoErr  error
)

// demoPipeline is the pipeline over the bundled demo, built once.
func demoPipeline(t *testing.T) *schemaforge.Pipeline {
	t.Helper()
	demoOnce.Do(func() {
		ctx := context.Background()
		coll, err := demo.Collection(ctx)
		if err != nil {
			demoErr = err
			return
		}
		demoPipe, demoErr = schemaforge.New(coll)
		if demoErr == nil {
			demoErr = demoPipe.Prepare(ctx)
		}
	})
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return demoPipe
}

// connect serves s over an in-memory transport and returns a client
// session on it, closed at the end of the test.
func connect(t *testing.T, srv *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

func newSession(t *testing.T, o Options) (*server, *mcp.ClientSession) {
	t.Helper()
	s, err := newServer(demoPipeline(t), o)
	if err != nil {
		t.Fatal(err)
	}
	return s, connect(t, s.srv)
}

// call calls a tool and decodes its structured content into out (when
// not nil); it fails the test on a protocol error or a tool error.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any, out any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	if res.IsError {
		t.Fatalf("%s %v: tool error: %s", tool, args, text(res))
	}
	if out != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: decode %s: %v", tool, b, err)
		}
	}
	return res
}

// text is the text content of a result.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// column returns the values of a table's column var, sorted.
func column(tb Table, v string) []string {
	var out []string
	for _, r := range tb.Rows {
		for _, val := range r.Values {
			if val.Var == v && val.Term != nil {
				out = append(out, val.Term.Value)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestListTools checks the five tools, their descriptions and input
// schemas, and the question limit in ask's schema.
func TestListTools(t *testing.T) {
	_, cs := newSession(t, Options{})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Description == "" {
			t.Errorf("%s has no description", tool.Name)
		}
		sch, _ := tool.InputSchema.(map[string]any)
		props, _ := sch["properties"].(map[string]any)
		if len(props) == 0 {
			t.Errorf("%s: input schema without properties: %v", tool.Name, tool.InputSchema)
		}
		for name, p := range props {
			if d, _ := p.(map[string]any)["description"].(string); d == "" {
				t.Errorf("%s: input %s has no description", tool.Name, name)
			}
		}
		if tool.Name == "ask" {
			if ml, _ := props["question"].(map[string]any)["maxLength"].(float64); ml != schemaforge.DefaultMaxQuestion {
				t.Errorf("ask: question maxLength %v, want %d", props["question"], schemaforge.DefaultMaxQuestion)
			}
		}
	}
	if want := []string{"ask", "describe", "graphs", "query", "search"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

// TestAskMatchesQuery asks two demo questions through the ask tool and
// checks each answer against a hand-written SPARQL query run through the
// query tool on the graph that holds the facts.
func TestAskMatchesQuery(t *testing.T) {
	_, cs := newSession(t, Options{})
	tests := []struct {
		question, graph, gold, goldVar string
	}{
		{"How many films did Ada Brook direct?", "films",
			`PREFIX : <http://example.org/films/>
			 SELECT (COUNT(DISTINCT ?f) AS ?n) WHERE { ?f :directedBy ?d . ?d :name "Ada Brook" }`, "n"},
		{"Which artists come from Portugal?", "music",
			`PREFIX : <http://example.org/music/>
			 SELECT ?name WHERE { ?a a :Artist ; :country "Portugal" ; :name ?name }`, "name"},
	}
	for _, tc := range tests {
		// The gold answer straight from the graph's store, and through
		// the query tool.
		g, _ := demoPipeline(t).Collection().Graph(tc.graph)
		res, err := g.Query(context.Background(), tc.gold)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, r := range res.Rows {
			want = append(want, sparql.TermValue(r[tc.goldVar]))
		}
		sort.Strings(want)
		if len(want) == 0 {
			t.Fatalf("%s: the gold query found nothing", tc.question)
		}
		var gold QueryOutput
		call(t, cs, "query", map[string]any{"graph": tc.graph, "query": tc.gold}, &gold)
		if got := column(gold.Result, tc.goldVar); !slices.Equal(got, want) {
			t.Errorf("%s: the query tool gives %v, the store %v", tc.question, got, want)
		}
		var ans AskOutput
		call(t, cs, "ask", map[string]any{"question": tc.question}, &ans)
		if !ans.Answered || ans.Graph != tc.graph || !strings.Contains(ans.SPARQL, "SELECT") {
			t.Errorf("%s: answered %v on graph %q with %q", tc.question, ans.Answered, ans.Graph, ans.SPARQL)
		}
		if len(ans.Answer.Vars) != 1 {
			t.Fatalf("%s: answer vars %v, want one", tc.question, ans.Answer.Vars)
		}
		if got := column(ans.Answer, ans.Answer.Vars[0]); !slices.Equal(got, want) {
			t.Errorf("%s: answer %v, the gold query finds %v", tc.question, got, want)
		}
		if !ans.Verified || ans.Confidence <= 0 || ans.Confidence > 1 {
			t.Errorf("%s: verified %v, confidence %v", tc.question, ans.Verified, ans.Confidence)
		}
		// The trace summary: the decomposer, the subgoal with its graph
		// scores (the answering graph selected), and the used candidate,
		// accepted after perturbations.
		tr := ans.Trace
		if tr.Decomposer != "rules" || len(tr.Subgoals) != 1 || tr.Events == 0 {
			t.Fatalf("%s: trace %+v", tc.question, tr)
		}
		sg := tr.Subgoals[0]
		if len(sg.Graphs) == 0 || sg.Graphs[0].Graph != tc.graph || !sg.Graphs[0].Selected {
			t.Errorf("%s: graph scores %+v", tc.question, sg.Graphs)
		}
		var used []Verdict
		for _, v := range sg.Candidates {
			if v.Used {
				used = append(used, v)
			}
		}
		if len(used) != 1 || !used[0].Accepted || used[0].Perturbations == 0 || used[0].Graph != tc.graph || len(used[0].Met) == 0 {
			t.Errorf("%s: used candidates %+v", tc.question, used)
		}
	}
}

// TestSearchDescribeGraphs links a name with search, describes the
// entity it finds, and lists the graphs.
func TestSearchDescribeGraphs(t *testing.T) {
	_, cs := newSession(t, Options{})
	var found SearchOutput
	call(t, cs, "search", map[string]any{"text": "Ada Brook", "k": 3}, &found)
	if len(found.Hits) == 0 || len(found.Hits) > 3 {
		t.Fatalf("search: %+v", found)
	}
	top := found.Hits[0]
	if top.Graph != "films" || top.Value != "Ada Brook" || !slices.Contains(top.Subjects, "http://example.org/films/ada_brook") {
		t.Errorf("top hit %+v", top)
	}
	var only SearchOutput
	call(t, cs, "search", map[string]any{"text": "Ada Brook", "graph": "music"}, &only)
	for _, h := range only.Hits {
		if h.Graph != "music" {
			t.Errorf("search in music found %+v", h)
		}
	}

	var d struct {
		IRI      string `json:"iri"`
		Outgoing []struct {
			Property string `json:"property"`
			Values   []Term `json:"values"`
		} `json:"outgoing"`
		Incoming []struct {
			Property string `json:"property"`
			Count    int    `json:"count"`
		} `json:"incoming"`
	}
	res := call(t, cs, "describe", map[string]any{"graph": "films", "iri": "<http://example.org/films/ada_brook>"}, &d)
	if d.IRI != "http://example.org/films/ada_brook" || !strings.Contains(text(res), "Ada Brook") {
		t.Errorf("describe: %+v\n%s", d, text(res))
	}
	var name, directed bool
	for _, pv := range d.Outgoing {
		if pv.Property == "http://example.org/films/name" && len(pv.Values) == 1 && pv.Values[0].Value == "Ada Brook" {
			name = true
		}
	}
	for _, pv := range d.Incoming {
		if pv.Property == "http://example.org/films/directedBy" && pv.Count == 3 {
			directed = true
		}
	}
	if !name || !directed {
		t.Errorf("describe: name %v, directed 3 films %v: %+v", name, directed, d)
	}

	var all GraphsOutput
	call(t, cs, "graphs", nil, &all)
	var ids []string
	for _, g := range all.Graphs {
		ids = append(ids, g.ID)
		if g.Classes == 0 || g.Properties == 0 || g.Triples <= 0 || len(g.TopClasses) == 0 || g.Summary != "" {
			t.Errorf("graph %+v", g)
		}
	}
	if !slices.Equal(ids, []string{"cities", "films", "football", "music"}) {
		t.Errorf("graphs %v", ids)
	}
	var films GraphsOutput
	call(t, cs, "graphs", map[string]any{"graph": "films", "limit": 2}, &films)
	if len(films.Graphs) != 1 || len(films.Graphs[0].TopClasses) != 2 || !strings.Contains(films.Graphs[0].Summary, "Director") {
		t.Errorf("graphs films: %+v", films)
	}
}

// TestQueryForms runs an ASK, a CONSTRUCT and a SELECT cut by MaxRows.
func TestQueryForms(t *testing.T) {
	_, cs := newSession(t, Options{MaxRows: 2})
	var ask QueryOutput
	call(t, cs, "query", map[string]any{"graph": "films", "query": `ASK { ?d <http://example.org/films/name> "Ada Brook" }`}, &ask)
	if ask.Result.Boolean == nil || !*ask.Result.Boolean {
		t.Errorf("ASK: %+v", ask)
	}
	var cons QueryOutput
	call(t, cs, "query", map[string]any{"graph": "films", "query": `CONSTRUCT { ?d <http://example.org/n> ?n } WHERE { ?d <http://example.org/films/name> ?n }`}, &cons)
	if len(cons.Result.Triples) != 2 || !cons.Result.Truncated || cons.Result.Total <= 2 {
		t.Errorf("CONSTRUCT: %+v", cons.Result)
	}
	var sel QueryOutput
	call(t, cs, "query", map[string]any{"graph": "films", "query": `SELECT ?s ?x WHERE { ?s a <http://example.org/films/Director> OPTIONAL { ?s <http://example.org/nothing> ?x } }`}, &sel)
	if len(sel.Result.Rows) != 2 || !sel.Result.Truncated || sel.Result.Rows[0].Values[1].Term != nil || sel.Result.Rows[0].Values[0].Term.Type != "uri" {
		t.Errorf("SELECT: %+v", sel.Result)
	}
}

// TestBadInput sends bad arguments to every tool: each is a tool error
// saying what is wrong, and the server goes on answering.
func TestBadInput(t *testing.T) {
	_, cs := newSession(t, Options{})
	tests := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"ask", map[string]any{"question": "  "}, "the question is empty"},
		{"ask", map[string]any{}, "question"},
		{"ask", map[string]any{"question": 42}, "question"},
		{"ask", map[string]any{"question": strings.Repeat("a", 2001)}, "maxLength"},
		{"ask", map[string]any{"question": "Which film?", "extra": 1}, "extra"},
		{"query", map[string]any{"query": "SELECT * WHERE { ?s ?p ?o }"}, "give the graph: one of cities, films, football, music"},
		{"query", map[string]any{"graph": "nosuch", "query": "ASK {}"}, `no graph "nosuch"`},
		{"query", map[string]any{"graph": "films", "query": ""}, "the query is empty"},
		{"query", map[string]any{"graph": "films", "query": "SELECT WHERE {"}, "parse query"},
		{"query", map[string]any{"graph": "films", "query": "INSERT DATA { <a:b> <a:c> <a:d> }"}, "Update"},
		{"query", map[string]any{"graph": "films", "query": "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"}, "SERVICE is not allowed"},
		{"query", map[string]any{"graph": "films", "query": "ASK {} #" + strings.Repeat("x", MaxQueryLength)}, "maxLength"},
		{"search", map[string]any{"text": ""}, "the text is empty"},
		{"search", map[string]any{"text": "Ada", "k": 1000}, "want 1 to 100"},
		{"search", map[string]any{"text": "Ada", "graph": "nosuch"}, `no graph "nosuch"`},
		{"describe", map[string]any{"graph": "films", "iri": "not an iri"}, "IRI"},
		{"describe", map[string]any{"graph": "films", "iri": "http://example.org/a> } DROP ALL {"}, "IRI"},
		{"describe", map[string]any{"iri": "http://example.org/films/ada_brook"}, "give the graph"},
		{"graphs", map[string]any{"limit": -1}, "limit is -1"},
		{"graphs", map[string]any{"graph": "nosuch"}, `no graph "nosuch"`},
	}
	for _, tc := range tests {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Errorf("%s %v: protocol error %v, want a tool error", tc.tool, tc.args, err)
			continue
		}
		if !res.IsError || !strings.Contains(text(res), tc.want) {
			t.Errorf("%s %v: error %v, %q; want one saying %q", tc.tool, tc.args, res.IsError, text(res), tc.want)
		}
	}
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nosuch"}); err == nil {
		t.Error("an unknown tool: no error")
	}
	var all GraphsOutput
	call(t, cs, "graphs", nil, &all)
	if len(all.Graphs) != 4 {
		t.Errorf("after the bad calls: %d graphs", len(all.Graphs))
	}
}

// TestLimits checks the call timeout, admission (a busy server refuses
// at once rather than queueing) and that a panic in a tool is an error.
func TestLimits(t *testing.T) {
	ctx := context.Background()
	s, cs := newSession(t, Options{Timeout: time.Nanosecond})
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{"question": "How many films did Ada Brook direct?"}})
	if err != nil || !res.IsError || !strings.Contains(text(res), "ran out of time (limit 1ns)") {
		t.Errorf("timeout: %v %v %q", err, res.IsError, text(res))
	}

	s, cs = newSession(t, Options{MaxConcurrent: 1, QueueWait: 20 * time.Millisecond})
	release, err := s.adm.Admit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "query", Arguments: map[string]any{"graph": "films", "query": "ASK {}"}})
	if err != nil || !res.IsError || !strings.Contains(text(res), "busy") {
		t.Errorf("busy: %v %v %q", err, res.IsError, text(res))
	}
	// The graphs tool reads the summaries only: not admitted, not refused.
	call(t, cs, "graphs", nil, nil)
	release()
	call(t, cs, "query", map[string]any{"graph": "films", "query": "ASK {}"}, nil)

	err = s.bounded(ctx, "boom", false, func(context.Context) error {
		var m map[string]int
		m["x"] = 1 // panics
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "boom: internal error") {
		t.Errorf("panic: %v", err)
	}
}

// TestStreamableHTTP serves the tools over streamable HTTP and asks
// through the SDK's HTTP client.
func TestStreamableHTTP(t *testing.T) {
	srv, err := New(demoPipeline(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(Handler(srv, time.Minute, nil))
	defer ts.Close()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 5 {
		t.Fatalf("tools: %v %v", tools, err)
	}
	var ans AskOutput
	call(t, cs, "ask", map[string]any{"question": "How many films did Ada Brook direct?"}, &ans)
	if got := column(ans.Answer, "count"); !slices.Equal(got, []string{strconv.Itoa(3)}) || ans.Graph != "films" {
		t.Errorf("answer %v on %s", got, ans.Graph)
	}
}

// TestSearchWithoutPipelineIndexes searches a pipeline whose allocator
// keeps no value indexes (the no-allocator ablation): the server builds
// its own index for each graph on first use.
func TestSearchWithoutPipelineIndexes(t *testing.T) {
	p, err := schemaforge.New(demoPipeline(t).Collection(), schemaforge.WithAblation(schemaforge.NoAllocator))
	if err != nil {
		t.Fatal(err)
	}
	vs, err := p.ValueSearchers(context.Background())
	if err != nil || len(vs) != 0 {
		t.Fatalf("no-allocator pipeline: %d value searchers, %v; want none", len(vs), err)
	}
	if vs, err := demoPipeline(t).ValueSearchers(context.Background()); err != nil || len(vs) != 4 {
		t.Fatalf("default pipeline: %d value searchers, %v; want 4", len(vs), err)
	}
	s, err := newServer(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, s.srv)
	var found SearchOutput
	call(t, cs, "search", map[string]any{"text": "Rosa Quill"}, &found)
	if len(found.Hits) == 0 || found.Hits[0].Graph != "music" || found.Hits[0].Value != "Rosa Quill" || len(found.Unsearched) > 0 {
		t.Errorf("search: %+v", found)
	}
	if len(s.searchers) != 4 {
		t.Errorf("%d indexes kept, want 4", len(s.searchers))
	}
}

// TestHideErrors checks that with HideErrors an error met while running
// reaches the client as a number, with its text in the log, while input
// errors are still shown.
func TestHideErrors(t *testing.T) {
	log := &syncbuf.Buffer{}
	logger := slog.New(slog.NewTextHandler(log, nil))
	s, cs := newSession(t, Options{HideErrors: true, Logger: logger})
	secret := errors.New("dial tcp 10.1.2.3:8890: connection refused")
	err := s.bounded(context.Background(), "query", false, func(context.Context) error { return secret })
	if err == nil || strings.Contains(err.Error(), "10.1.2.3") || !strings.Contains(err.Error(), "error 1 in the server's log") {
		t.Errorf("hidden error: %v", err)
	}
	logged := log.String()
	if !strings.Contains(logged, "10.1.2.3") || !strings.Contains(logged, "error_number=1") {
		t.Errorf("log: %s", logged)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "query", Arguments: map[string]any{"graph": "films", "query": "SELECT WHERE {"}})
	if err != nil || !res.IsError || !strings.Contains(text(res), "parse query") {
		t.Errorf("input error: %v %q", err, text(res))
	}
}

// TestAskNoAnswer asks a pipeline that abstains below a confidence it
// cannot reach: the call succeeds, with no values, not verified, and the
// reason.
func TestAskNoAnswer(t *testing.T) {
	p, err := schemaforge.New(demoPipeline(t).Collection(), schemaforge.WithConfig(schemaforge.Config{MinConfidence: 0.999999}))
	if err != nil {
		t.Fatal(err)
	}
	s, err := newServer(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ans AskOutput
	call(t, connect(t, s.srv), "ask", map[string]any{"question": "Which artists come from Portugal?"}, &ans)
	if ans.Answered || ans.Verified || len(ans.Answer.Rows) != 0 || !strings.Contains(ans.NoAnswer, "abstained") || len(ans.Trace.Subgoals) != 1 {
		t.Errorf("abstention: %+v", ans)
	}
}
