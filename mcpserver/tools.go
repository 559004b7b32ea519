package mcpserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Term is an RDF term as the SPARQL 1.1 Query Results JSON format writes
// it.
type Term struct {
	// Type is "uri", "literal" or "bnode".
	Type string `json:"type" jsonschema:"uri, literal or bnode"`
	// Value is the IRI, the literal's lexical form or the blank node's
	// label.
	Value    string `json:"value" jsonschema:"the IRI, the literal's lexical form or the blank node's label"`
	Lang     string `json:"xml:lang,omitempty" jsonschema:"the literal's language tag"`
	Datatype string `json:"datatype,omitempty" jsonschema:"the literal's datatype IRI (none for plain strings)"`
}

// termOf converts a result term; nil for an unbound variable.
func termOf(t sparql.Term) *Term {
	switch t := t.(type) {
	case *sparql.IRI:
		return &Term{Type: "uri", Value: t.Value}
	case *sparql.BlankNode:
		return &Term{Type: "bnode", Value: t.Label}
	case *sparql.Literal:
		out := &Term{Type: "literal", Value: t.Lexical, Lang: t.Lang}
		if dt := t.DatatypeIRI(); t.Lang == "" && dt != sparql.XSDString {
			out.Datatype = dt
		}
		return out
	}
	return nil
}

// Value is one value of a result row: the variable and its term. (A
// display form of the term can join it here.)
type Value struct {
	Var  string `json:"var" jsonschema:"the variable"`
	Term *Term  `json:"term,omitempty" jsonschema:"the value; absent when the variable is unbound in this row"`
}

// Row is one row of a result.
type Row struct {
	Values []Value `json:"values" jsonschema:"one value per variable, in the order of vars"`
}

// Table is a SELECT result (Vars and Rows), an ASK result (Boolean) or a
// CONSTRUCT/DESCRIBE result (Triples).
type Table struct {
	Vars    []string `json:"vars,omitempty" jsonschema:"the variables of a SELECT result"`
	Rows    []Row    `json:"rows,omitempty" jsonschema:"the rows of a SELECT result"`
	Boolean *bool    `json:"boolean,omitempty" jsonschema:"the answer of an ASK query"`
	Triples []Triple `json:"triples,omitempty" jsonschema:"the triples of a CONSTRUCT or DESCRIBE result"`
	// Total is the number of rows or triples before MaxRows cut them;
	// Truncated says whether it did.
	Total     int  `json:"total" jsonschema:"the number of rows or triples of the whole result"`
	Truncated bool `json:"truncated,omitempty" jsonschema:"true when only the first rows or triples are returned"`
}

// Triple is a triple of a graph result.
type Triple struct {
	Subject   *Term `json:"subject"`
	Predicate *Term `json:"predicate"`
	Object    *Term `json:"object"`
}

// tableOf converts res, keeping at most maxRows rows or triples.
func tableOf(res *sparql.Results, maxRows int) Table {
	var t Table
	if res == nil {
		return t
	}
	switch {
	case res.IsAsk():
		b := *res.Boolean
		t.Boolean = &b
	case res.IsGraph():
		t.Total = len(res.Graph)
		for _, st := range res.Graph[:min(len(res.Graph), maxRows)] {
			t.Triples = append(t.Triples, Triple{Subject: termOf(st.Subject), Predicate: termOf(st.Predicate), Object: termOf(st.Object)})
		}
	default:
		t.Vars = slices.Clone(res.Vars)
		t.Total = len(res.Rows)
		t.Rows = make([]Row, 0, min(len(res.Rows), maxRows))
		for _, r := range res.Rows[:min(len(res.Rows), maxRows)] {
			row := Row{Values: make([]Value, len(res.Vars))}
			for i, v := range res.Vars {
				row.Values[i] = Value{Var: v, Term: termOf(r[v])}
			}
			t.Rows = append(t.Rows, row)
		}
	}
	t.Truncated = t.Total > maxRows
	return t
}

// withLimits returns the schema inferred for In with the string limits
// set: maxLength of each named property.
func withLimits[In any](maxLength map[string]int) (*jsonschema.Schema, error) {
	sch, err := jsonschema.For[In](nil)
	if err != nil {
		return nil, err
	}
	for name, n := range maxLength {
		p, ok := sch.Properties[name]
		if !ok {
			return nil, fmt.Errorf("no property %q", name)
		}
		p.MaxLength = &n
	}
	return sch, nil
}

// addTools registers the tools on srv.
func (s *server) addTools(srv *mcp.Server) error {
	maxQ := s.p.Config().MaxQuestion
	askLimits := map[string]int{}
	if maxQ > 0 {
		askLimits["question"] = maxQ
	}
	askSchema, err := withLimits[AskInput](askLimits)
	if err != nil {
		return fmt.Errorf("mcpserver: ask schema: %w", err)
	}
	querySchema, err := withLimits[QueryInput](map[string]int{"query": MaxQueryLength})
	if err != nil {
		return fmt.Errorf("mcpserver: query schema: %w", err)
	}
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}
	mcp.AddTool(srv, &mcp.Tool{Name: "ask", InputSchema: askSchema, Annotations: readOnly,
		Description: "Answer a question in English over the knowledge graphs: the answer's values, the SPARQL query and the graph it ran on, " +
			"the calibrated confidence, whether the answer is verified (and why not), and a summary of the decisions taken."}, s.ask)
	mcp.AddTool(srv, &mcp.Tool{Name: "query", InputSchema: querySchema, Annotations: readOnly,
		Description: fmt.Sprintf("Run a read-only SPARQL query (SELECT, ASK, CONSTRUCT or DESCRIBE) on one graph of the collection. "+
			"Updates and SERVICE are refused. At most %d rows or triples are returned.", s.o.MaxRows)}, s.query)
	mcp.AddTool(srv, &mcp.Tool{Name: "search", Annotations: readOnly,
		Description: "Find the literal values and labelled resources of the graphs that match a text (a name, a title, a value), " +
			"best first, with the property that holds each value and sample subjects."}, s.search)
	mcp.AddTool(srv, &mcp.Tool{Name: "describe", Annotations: readOnly,
		Description: "Describe an IRI in one graph: its outgoing and incoming triples by property (a few values each, with counts), " +
			"and for a class or property its place in the schema."}, s.describe)
	mcp.AddTool(srv, &mcp.Tool{Name: "graphs", Annotations: readOnly,
		Description: "List the graphs of the collection with their schema summary: triples, classes and properties with counts and labels. " +
			"Give a graph to get its whole summary as text."}, s.graphs)
	return nil
}

// AskInput is the input of the ask tool.
type AskInput struct {
	Question string `json:"question" jsonschema:"the question, in English"`
}

// AskOutput is the answer of the ask tool.
type AskOutput struct {
	Question string `json:"question"`
	// Answered is false when no query could be accepted (NoAnswer says
	// why) or the pipeline abstained.
	Answered bool   `json:"answered" jsonschema:"false when there is no answer (see noAnswer)"`
	NoAnswer string `json:"noAnswer,omitempty" jsonschema:"why there is no answer"`
	Answer   Table  `json:"answer" jsonschema:"the answer's values"`
	// SPARQL is the query the answer rests on and Graph the graph it ran
	// on (the last of Queries); Queries lists every query the answer
	// was built from.
	SPARQL  string        `json:"sparql,omitempty" jsonschema:"the SPARQL query the answer rests on"`
	Graph   string        `json:"graph,omitempty" jsonschema:"the graph that query ran on"`
	Queries []QuerySource `json:"queries,omitempty" jsonschema:"every query the answer is built from, with its subgoal and graph"`
	// Confidence is the calibrated probability that the answer is
	// right; Verified whether it passed the threshold and the verifier;
	// Reasons why it is not verified.
	Confidence float64      `json:"confidence" jsonschema:"the calibrated probability that the answer is right"`
	Verified   bool         `json:"verified" jsonschema:"true when the answer passed the verifier and the confidence threshold"`
	Reasons    []string     `json:"reasons,omitempty" jsonschema:"why the answer is not verified"`
	Trace      TraceSummary `json:"trace" jsonschema:"a summary of the decisions taken"`
}

// QuerySource is a query an answer is built from.
type QuerySource struct {
	Subgoal string `json:"subgoal"`
	Graph   string `json:"graph"`
	SPARQL  string `json:"sparql"`
}

// TraceSummary is the short form of an answer's trace.
type TraceSummary struct {
	// Decomposer says who decomposed the question ("rules" or
	// "llm:<model>"); Subgoals are the subgoals in order.
	Decomposer string         `json:"decomposer,omitempty"`
	Subgoals   []SubgoalTrace `json:"subgoals"`
	// Events is the number of events of the whole trace (`schemaforge
	// ask --trace` or POST /ask show them all).
	Events int      `json:"events"`
	Notes  []string `json:"notes,omitempty"`
}

// SubgoalTrace summarises the work on one subgoal.
type SubgoalTrace struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// Graphs are the best-scored graphs of the allocation (at most 5),
	// best first, and whether each was selected.
	Graphs []GraphChoice `json:"graphs,omitempty"`
	// Candidates are the verifier's verdicts on the queries tried.
	Candidates []Verdict `json:"candidates,omitempty"`
}

// GraphChoice is a graph's allocation score for a subgoal.
type GraphChoice struct {
	Graph    string  `json:"graph"`
	Score    float64 `json:"score"`
	Selected bool    `json:"selected"`
}

// Verdict is the verifier's verdict on one candidate query.
type Verdict struct {
	Graph    string `json:"graph"`
	Rank     int    `json:"rank"`
	Skeleton string `json:"skeleton,omitempty"`
	Accepted bool   `json:"accepted"`
	// Used is true for the candidate whose answer is returned.
	Used          bool     `json:"used,omitempty"`
	Reason        string   `json:"reason"`
	Perturbations int      `json:"perturbations,omitempty"`
	MeanJaccard   float64  `json:"meanJaccard,omitempty"`
	Confidence    float64  `json:"confidence"`
	Rows          int      `json:"rows"`
	Met           []string `json:"met,omitempty" jsonschema:"the question's commitments the query realises"`
	Missed        []string `json:"missed,omitempty" jsonschema:"the question's commitments the query misses"`
}

// maxTraceGraphs is the number of graph scores a subgoal's summary keeps.
const maxTraceGraphs = 5

func (s *server) ask(ctx context.Context, _ *mcp.CallToolRequest, in AskInput) (*mcp.CallToolResult, AskOutput, error) {
	var out AskOutput
	q := strings.TrimSpace(in.Question)
	switch {
	case q == "":
		return nil, out, errors.New("ask: the question is empty")
	case !utf8.ValidString(q):
		return nil, out, errors.New("ask: the question is not valid UTF-8")
	}
	if err := schemaforge.CheckQuestionLength(q, s.p.Config().MaxQuestion); err != nil {
		return nil, out, fmt.Errorf("ask: %w", err)
	}
	err := s.bounded(ctx, "ask", true, func(ctx context.Context) error {
		ans, err := s.p.Ask(ctx, q)
		if err != nil {
			return err
		}
		out = askOutput(ans, s.o.MaxRows)
		return nil
	})
	return nil, out, err
}

// askOutput converts an answer.
func askOutput(ans *handoff.Answer, maxRows int) AskOutput {
	out := AskOutput{Question: ans.Question, Answered: ans.Results != nil, NoAnswer: ans.NoAnswer,
		Confidence: ans.Confidence, Verified: ans.Verified, Reasons: ans.Reasons,
		Answer: tableOf(ans.Results, maxRows)}
	for _, pv := range ans.Provenance {
		out.Queries = append(out.Queries, QuerySource{Subgoal: pv.Subgoal, Graph: pv.Graph, SPARQL: pv.Query})
	}
	if n := len(out.Queries); n > 0 {
		out.SPARQL, out.Graph = out.Queries[n-1].SPARQL, out.Queries[n-1].Graph
	}
	out.Trace = traceSummary(ans)
	return out
}

// traceSummary summarises an answer's decomposition, allocations and
// verdicts.
func traceSummary(ans *handoff.Answer) TraceSummary {
	ts := TraceSummary{Subgoals: []SubgoalTrace{}}
	if ans.Trace != nil {
		ts.Events = len(ans.Trace.Events)
	}
	used := map[string]bool{}
	for _, pv := range ans.Provenance {
		used[pv.Subgoal+"\x00"+pv.Graph+"\x00"+pv.Query] = true
	}
	var ids []string
	texts := map[string]string{}
	if d := ans.Decomposition; d != nil {
		ts.Decomposer, ts.Notes = d.Source, d.Notes
		for _, sg := range d.Subgoals {
			ids = append(ids, sg.ID)
			texts[sg.ID] = sg.Text
		}
	}
	var extra []string // subgoals with records but not in the decomposition
	for id := range ans.Records {
		if _, ok := texts[id]; !ok {
			extra = append(extra, id)
		}
	}
	slices.Sort(extra)
	ids = append(ids, extra...)
	for _, id := range ids {
		st := SubgoalTrace{ID: id, Text: texts[id]}
		if a := ans.Allocations[id]; a != nil {
			for _, gs := range a.Scores[:min(len(a.Scores), maxTraceGraphs)] {
				st.Graphs = append(st.Graphs, GraphChoice{Graph: gs.Graph, Score: gs.Final, Selected: slices.Contains(a.Selected, gs.Graph)})
			}
		}
		for _, r := range ans.Records[id] {
			v := Verdict{Graph: r.Candidate.Graph, Rank: r.Candidate.Rank, Skeleton: r.Candidate.Skeleton,
				Accepted: r.Accepted, Reason: r.Reason, Perturbations: len(r.Perturbations),
				MeanJaccard: r.MeanJaccard, Confidence: r.Confidence, Rows: r.Rows,
				Used: used[id+"\x00"+r.Candidate.Graph+"\x00"+r.Candidate.Query]}
			for _, c := range r.Commitments {
				what := c.Kind + " " + strconv.Quote(c.Cue)
				if c.Met {
					v.Met = append(v.Met, what)
				} else {
					v.Missed = append(v.Missed, what)
				}
			}
			st.Candidates = append(st.Candidates, v)
		}
		slices.SortStableFunc(st.Candidates, func(a, b Verdict) int {
			return cmp.Or(cmp.Compare(a.Graph, b.Graph), cmp.Compare(a.Rank, b.Rank))
		})
		ts.Subgoals = append(ts.Subgoals, st)
	}
	return ts
}

// QueryInput is the input of the query tool.
type QueryInput struct {
	Graph string `json:"graph,omitempty" jsonschema:"the graph to query (see the graphs tool); may be left out when the collection has one graph"`
	Query string `json:"query" jsonschema:"a SPARQL 1.1 SELECT, ASK, CONSTRUCT or DESCRIBE query"`
}

// QueryOutput is the result of the query tool.
type QueryOutput struct {
	Graph  string `json:"graph"`
	Result Table  `json:"result"`
}

func (s *server) query(ctx context.Context, _ *mcp.CallToolRequest, in QueryInput) (*mcp.CallToolResult, QueryOutput, error) {
	var out QueryOutput
	g, err := s.graph(in.Graph)
	if err != nil {
		return nil, out, fmt.Errorf("query: %w", err)
	}
	if strings.TrimSpace(in.Query) == "" {
		return nil, out, errors.New("query: the query is empty")
	}
	if len(in.Query) > MaxQueryLength {
		return nil, out, fmt.Errorf("query: the query is %d bytes long, more than the limit of %d", len(in.Query), MaxQueryLength)
	}
	// Checked here too (the graph checks again), so that a bad query is
	// refused before it waits for admission.
	if _, err := kg.CheckQuery(in.Query, g.Dialect, g.AllowService); err != nil {
		return nil, out, fmt.Errorf("query: graph %s: %w", g.ID, err)
	}
	err = s.bounded(ctx, "query", true, func(ctx context.Context) error {
		res, err := g.Query(ctx, in.Query)
		if err != nil {
			return err
		}
		out = QueryOutput{Graph: g.ID, Result: tableOf(res, s.o.MaxRows)}
		return nil
	})
	return nil, out, err
}

// SearchInput is the input of the search tool.
type SearchInput struct {
	Text  string `json:"text" jsonschema:"the text to link: a name, a title or a value"`
	Graph string `json:"graph,omitempty" jsonschema:"search this graph only (default: every graph)"`
	K     int    `json:"k,omitempty" jsonschema:"the number of hits (default 10, at most 100)"`
}

// SearchOutput is the result of the search tool.
type SearchOutput struct {
	Hits []SearchHit `json:"hits"`
	// Unsearched lists the graphs that have no value index.
	Unsearched []string `json:"unsearched,omitempty" jsonschema:"graphs that could not be searched"`
}

// SearchHit is a value of a graph that matches the text.
type SearchHit struct {
	Graph    string   `json:"graph"`
	Value    string   `json:"value" jsonschema:"the literal's lexical form"`
	Lang     string   `json:"lang,omitempty"`
	Property string   `json:"property,omitempty" jsonschema:"the IRI of the property whose object the value is"`
	Subjects []string `json:"subjects,omitempty" jsonschema:"sample subjects with this value"`
	Count    int      `json:"count,omitempty" jsonschema:"the number of subjects with this value"`
	Score    float64  `json:"score" jsonschema:"the linking score, higher is better"`
	Kind     string   `json:"kind" jsonschema:"label (the value names its subjects) or literal"`
}

// maxSearchText bounds the search text, in characters.
const maxSearchText = 1000

func (s *server) search(ctx context.Context, _ *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, SearchOutput, error) {
	out := SearchOutput{Hits: []SearchHit{}}
	text := strings.TrimSpace(in.Text)
	switch {
	case text == "":
		return nil, out, errors.New("search: the text is empty")
	case utf8.RuneCountInString(text) > maxSearchText:
		return nil, out, fmt.Errorf("search: the text is longer than %d characters", maxSearchText)
	case in.K < 0 || in.K > MaxHits:
		return nil, out, fmt.Errorf("search: k is %d; want 1 to %d", in.K, MaxHits)
	}
	k := cmp.Or(in.K, DefaultHits)
	targets := s.coll.Graphs()
	if strings.TrimSpace(in.Graph) != "" {
		g, err := s.graph(in.Graph)
		if err != nil {
			return nil, out, fmt.Errorf("search: %w", err)
		}
		targets = []*kg.Graph{g}
	}
	err := s.bounded(ctx, "search", true, func(ctx context.Context) error {
		for _, g := range targets {
			ts, err := s.searcher(ctx, g)
			if err != nil {
				s.o.Logger.Warn("mcpserver: no value index", "graph", g.ID, "err", err)
				out.Unsearched = append(out.Unsearched, g.ID)
				continue
			}
			hits, err := ts.Search(ctx, text, k)
			if err != nil {
				return fmt.Errorf("graph %s: %w", g.ID, err)
			}
			for _, h := range hits {
				out.Hits = append(out.Hits, SearchHit{Graph: g.ID, Value: h.Value, Lang: h.Lang, Property: h.Property,
					Subjects: h.Subjects, Count: h.Count, Score: h.Score, Kind: string(h.Kind)})
			}
		}
		return nil
	})
	slices.SortStableFunc(out.Hits, func(a, b SearchHit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Graph, b.Graph))
	})
	out.Hits = out.Hits[:min(len(out.Hits), k)]
	return nil, out, err
}

// searcher returns the value searcher of g: the pipeline's (the ones its
// allocator links question values with), else the engine's full-text
// search, else an index built over SPARQL on first use and kept.
func (s *server) searcher(ctx context.Context, g *kg.Graph) (kg.TextSearcher, error) {
	s.searchMu.Lock()
	defer s.searchMu.Unlock()
	if s.searchers == nil {
		m, err := s.p.ValueSearchers(ctx)
		if err != nil {
			return nil, err
		}
		s.searchers = m
	}
	if ts := s.searchers[g.ID]; ts != nil {
		return ts, nil
	}
	if g.TextSearch != nil {
		return g.TextSearch, nil
	}
	if ts, ok := g.Endpoint.(kg.TextSearcher); ok {
		return ts, nil
	}
	ix, err := kg.BuildIndex(ctx, g)
	if err != nil {
		return nil, err
	}
	ts := kg.NewIndexSearcher(ix)
	s.searchers[g.ID] = ts
	return ts, nil
}

// DescribeInput is the input of the describe tool.
type DescribeInput struct {
	Graph string `json:"graph,omitempty" jsonschema:"the graph to ask (see the graphs tool); may be left out when the collection has one graph"`
	IRI   string `json:"iri" jsonschema:"the absolute IRI to describe, with or without angle brackets"`
}

func (s *server) describe(ctx context.Context, _ *mcp.CallToolRequest, in DescribeInput) (*mcp.CallToolResult, any, error) {
	g, err := s.graph(in.Graph)
	if err != nil {
		return nil, nil, fmt.Errorf("describe: %w", err)
	}
	iri := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(in.IRI), "<"), ">")
	if err := kg.CheckIRI(iri); err != nil {
		return nil, nil, fmt.Errorf("describe: %w", err)
	}
	var d *kg.Description
	err = s.bounded(ctx, "describe", true, func(ctx context.Context) error {
		d, err = kg.Describe(ctx, g, iri)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	// The text for reading, the description as structured content.
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Graph " + g.ID + ": " + d.Text()}}}, d, nil
}

// GraphsInput is the input of the graphs tool.
type GraphsInput struct {
	Graph string `json:"graph,omitempty" jsonschema:"one graph to summarise in full (default: every graph, in short)"`
	Limit int    `json:"limit,omitempty" jsonschema:"the classes and the properties listed per graph, most used first (default 20)"`
}

// GraphsOutput is the result of the graphs tool.
type GraphsOutput struct {
	Graphs []GraphInfo `json:"graphs"`
}

// GraphInfo is a graph with its schema summary.
type GraphInfo struct {
	ID          string `json:"id"`
	Description string `json:"description,omitempty"`
	Source      string `json:"source,omitempty"`
	// Triples is -1 when not counted.
	Triples    int64        `json:"triples"`
	Classes    int          `json:"classes" jsonschema:"the number of classes"`
	Properties int          `json:"properties" jsonschema:"the number of properties"`
	TopClasses []SchemaItem `json:"topClasses,omitempty" jsonschema:"the most used classes"`
	TopProps   []SchemaItem `json:"topProperties,omitempty" jsonschema:"the most used properties"`
	Partial    bool         `json:"partial,omitempty" jsonschema:"the summary is incomplete"`
	// Summary is the compact text of the whole summary (only when one
	// graph is asked for).
	Summary string `json:"summary,omitempty" jsonschema:"the whole schema summary as text (when one graph is asked for)"`
}

// SchemaItem is a class or property with its count.
type SchemaItem struct {
	IRI   string `json:"iri"`
	Label string `json:"label,omitempty"`
	Count int64  `json:"count" jsonschema:"instances of a class, triples of a property"`
}

func (s *server) graphs(ctx context.Context, _ *mcp.CallToolRequest, in GraphsInput) (*mcp.CallToolResult, GraphsOutput, error) {
	out := GraphsOutput{Graphs: []GraphInfo{}}
	if in.Limit < 0 {
		return nil, out, fmt.Errorf("graphs: limit is %d; want a positive number (or none)", in.Limit)
	}
	limit := cmp.Or(in.Limit, DefaultSchemaItems)
	targets := s.coll.Graphs()
	one := strings.TrimSpace(in.Graph) != ""
	if one {
		g, err := s.graph(in.Graph)
		if err != nil {
			return nil, out, fmt.Errorf("graphs: %w", err)
		}
		targets = []*kg.Graph{g}
	}
	err := s.bounded(ctx, "graphs", false, func(ctx context.Context) error {
		for _, g := range targets {
			if err := ctx.Err(); err != nil {
				return err
			}
			gi := GraphInfo{ID: g.ID, Description: g.Description, Source: g.Source, Triples: -1}
			if sum := g.Summary; sum != nil {
				gi.Triples, gi.Classes, gi.Properties, gi.Partial = sum.Triples, len(sum.Classes), len(sum.Properties), sum.Partial
				for _, c := range sum.Classes[:min(len(sum.Classes), limit)] {
					gi.TopClasses = append(gi.TopClasses, SchemaItem{IRI: c.IRI, Label: c.Label, Count: c.Count})
				}
				for _, p := range sum.Properties[:min(len(sum.Properties), limit)] {
					gi.TopProps = append(gi.TopProps, SchemaItem{IRI: p.IRI, Label: p.Label, Count: p.Count})
				}
				if one {
					gi.Summary = sum.Text(kg.TextOptions{Description: g.Description})
				}
			}
			out.Graphs = append(out.Graphs, gi)
		}
		return nil
	})
	return nil, out, err
}
