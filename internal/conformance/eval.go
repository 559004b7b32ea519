package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// This file runs the W3C SPARQL query-evaluation tests
// (mf:QueryEvaluationTest and mf:CSVResultFormatTest) against a SPARQL
// engine: for each test a fresh engine, the test's data loaded, the query
// run, the answer compared with the expected result file.

// Vocabulary of the evaluation manifests.
const (
	qtNS            = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#"
	qtQuery         = qtNS + "query"
	qtData          = qtNS + "data"
	qtGraphData     = qtNS + "graphData"
	qtServiceData   = qtNS + "serviceData"
	qtGraph         = qtNS + "graph"
	mfResult        = mfNS + "result"
	mfRequires      = mfNS + "requires"
	mfCardinality   = mfNS + "resultCardinality"
	mfLax           = mfNS + "LaxCardinality"
	rdfsLabel       = "http://www.w3.org/2000/01/rdf-schema#label"
	sdEntailment    = "http://www.w3.org/ns/sparql-service-description#entailmentRegime"
	sdEntailProfile = "http://www.w3.org/ns/sparql-service-description#entailmentProfile"
	rsNS            = "http://www.w3.org/2001/sw/DataAccess/tests/result-set#"
)

// The evaluation test types.
const (
	QueryEvaluationTest = "QueryEvaluationTest"
	CSVResultFormatTest = "CSVResultFormatTest"
)

// GraphData is a named graph of a test's dataset (qt:graphData).
type GraphData struct {
	Name string // the graph's IRI: the file's URL, or the rdfs:label of a qt:graph node
	Path string // local path of the data file
}

// EvalTest is one query-evaluation test of a W3C manifest.
type EvalTest struct {
	IRI         string      // the test's IRI
	Name        string      // mf:name
	Type        string      // QueryEvaluationTest or CSVResultFormatTest
	Manifest    string      // path of the manifest that lists the test
	Query       string      // local path of qt:query
	Data        []string    // local paths of qt:data (the default graph)
	GraphData   []GraphData // qt:graphData (named graphs)
	ServiceData bool        // the action has qt:serviceData (a SERVICE test)
	Entailment  bool        // the action names an entailment regime or profile
	Result      string      // local path of mf:result; "" when absent
	Approval    string      // dawgt:approval without namespace; may be empty
	Requires    []string    // mf:requires, local names (e.g. "LangTagAwareness")
	Lax         bool        // mf:resultCardinality mf:LaxCardinality
}

// fileURL returns the file: URL of a local path (absolute).
func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// localPath returns the local path of a file: IRI.
func localPath(iri string) (string, error) {
	u, err := url.Parse(iri)
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("<%s> is not a local file", iri)
	}
	return filepath.FromSlash(u.Path), nil
}

// ReadEvalManifest reads one manifest file and returns its query-evaluation
// tests (mf:QueryEvaluationTest, mf:CSVResultFormatTest) in mf:entries
// order; other entries are ignored. Relative IRIs resolve against the
// manifest's file URL, so data graphs are named by their file URLs.
func ReadEvalManifest(path string) ([]EvalTest, error) {
	props, entries, err := readManifestEntries(path)
	if err != nil {
		return nil, err
	}
	var tests []EvalTest
	for _, e := range entries {
		t, ok, err := evalTest(props, e)
		if err != nil {
			return nil, fmt.Errorf("manifest %s: %w", path, err)
		}
		if ok {
			t.Manifest = path
			tests = append(tests, t)
		}
	}
	return tests, nil
}

// evalTest builds the EvalTest of entry e if it is an evaluation test.
func evalTest(props map[term]map[string][]term, e term) (EvalTest, bool, error) {
	m := props[e]
	var typ string
	for _, ty := range []string{QueryEvaluationTest, CSVResultFormatTest} {
		if hasType(m, mfNS+ty) {
			typ = ty
		}
	}
	if typ == "" {
		return EvalTest{}, false, nil
	}
	t := EvalTest{IRI: e.Value, Type: typ}
	if e.Kind != iriTerm {
		t.IRI = "_:" + e.Value
	}
	for _, o := range m[mfName] {
		t.Name = o.Value
	}
	for _, o := range m[approval] {
		t.Approval = strings.TrimPrefix(o.Value, dawgtNS)
	}
	for _, o := range m[mfRequires] {
		t.Requires = append(t.Requires, strings.TrimPrefix(o.Value, mfNS))
	}
	sort.Strings(t.Requires)
	for _, o := range m[mfCardinality] {
		t.Lax = t.Lax || o.Value == mfLax
	}
	file := func(o term, what string) (string, error) {
		if o.Kind != iriTerm {
			return "", fmt.Errorf("test %s: %s is not an IRI", t.IRI, what)
		}
		p, err := localPath(o.Value)
		if err != nil {
			return "", fmt.Errorf("test %s: %s: %w", t.IRI, what, err)
		}
		return p, nil
	}
	for _, o := range m[mfResult] {
		p, err := file(o, "mf:result")
		if err != nil {
			return EvalTest{}, false, err
		}
		t.Result = p
	}
	actions := m[mfAction]
	if len(actions) != 1 {
		return EvalTest{}, false, fmt.Errorf("test %s: want one mf:action, found %d", t.IRI, len(actions))
	}
	act := props[actions[0]]
	if actions[0].Kind == iriTerm { // a bare query file
		p, err := file(actions[0], "mf:action")
		if err != nil {
			return EvalTest{}, false, err
		}
		t.Query = p
	}
	for _, o := range act[qtQuery] {
		p, err := file(o, "qt:query")
		if err != nil {
			return EvalTest{}, false, err
		}
		t.Query = p
	}
	if t.Query == "" {
		return EvalTest{}, false, fmt.Errorf("test %s: no qt:query", t.IRI)
	}
	for _, o := range act[qtData] {
		p, err := file(o, "qt:data")
		if err != nil {
			return EvalTest{}, false, err
		}
		t.Data = append(t.Data, p)
	}
	for _, o := range act[qtGraphData] {
		g := GraphData{Name: o.Value}
		if o.Kind != iriTerm { // [ qt:graph <file> ; rdfs:label "name" ]
			gm := props[o]
			if len(gm[qtGraph]) != 1 {
				return EvalTest{}, false, fmt.Errorf("test %s: qt:graphData node without one qt:graph", t.IRI)
			}
			g.Name = gm[qtGraph][0].Value
			if ls := gm[rdfsLabel]; len(ls) == 1 {
				g.Name = ls[0].Value
			}
			o = gm[qtGraph][0]
		}
		p, err := file(o, "qt:graphData")
		if err != nil {
			return EvalTest{}, false, err
		}
		g.Path = p
		t.GraphData = append(t.GraphData, g)
	}
	t.ServiceData = len(act[qtServiceData]) > 0
	t.Entailment = len(act[sdEntailment]) > 0 || len(act[sdEntailProfile]) > 0
	return t, true, nil
}

// EvalSuite is the set of evaluation tests found under a directory.
type EvalSuite struct {
	Dir       string     // the directory searched
	Manifests []string   // every manifest.ttl read, sorted
	Tests     []EvalTest // deduplicated by IRI, in manifest then list order
}

// LoadEvalSuite reads every file named manifest.ttl under dir and collects
// their evaluation tests; a test listed by several manifests is kept once.
func LoadEvalSuite(ctx context.Context, dir string) (*EvalSuite, error) {
	manifests, err := findManifests(dir)
	if err != nil {
		return nil, err
	}
	s := &EvalSuite{Dir: dir, Manifests: manifests}
	seen := map[string]bool{}
	for _, m := range s.Manifests {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tests, err := ReadEvalManifest(m)
		if err != nil {
			return nil, err
		}
		for _, t := range tests {
			if seen[t.IRI] {
				continue
			}
			seen[t.IRI] = true
			s.Tests = append(s.Tests, t)
		}
	}
	return s, nil
}

// ErrUnsupportedFormat is wrapped by the error of an [Engine] (or of
// [EvalOptions.ReadRDFXML]) that cannot read a file's RDF syntax; the
// runner skips such tests and counts them by format.
var ErrUnsupportedFormat = errors.New("unsupported RDF format")

// Engine is a SPARQL engine over one in-memory dataset, as the runners use
// it. Implementations must honour ctx.
type Engine interface {
	// LoadFile reads the RDF file at path (syntax chosen by its extension)
	// into graph ("" for the default graph), resolving relative IRIs
	// against base.
	LoadFile(ctx context.Context, path, base, graph string) error
	// Query evaluates a parsed query over the dataset.
	Query(ctx context.Context, q *sparql.Query) (*sparql.Results, error)
}

// NewStoreEngine returns an [Engine] backed by a fresh embedded store
// (package store) made with opts.
func NewStoreEngine(opts ...store.Option) Engine {
	return &storeEngine{st: store.New(opts...)}
}

// storeEngine adapts *store.Store to Engine.
type storeEngine struct{ st *store.Store }

// LoadFile loads path into graph; base defaults to the file's URL, which
// is what store.LoadFile uses (and which handles .gz).
func (e *storeEngine) LoadFile(ctx context.Context, path, base, graph string) error {
	if base == "" || base == rdfio.FileIRI(path) {
		return e.st.LoadFile(ctx, path, graph)
	}
	f, ok := rdfio.FormatFromPath(path)
	if !ok || strings.EqualFold(filepath.Ext(path), ".gz") {
		return fmt.Errorf("%s: %w", path, ErrUnsupportedFormat)
	}
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	return e.st.Load(ctx, file, f, base, graph)
}

// Query evaluates q on the store.
func (e *storeEngine) Query(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	return e.st.QueryParsed(ctx, q)
}

// ReadRDFXMLStatements reads an RDF/XML file with package rdfio, for
// [EvalOptions.ReadRDFXML].
func ReadRDFXMLStatements(ctx context.Context, path, base string) ([]sparql.Statement, error) {
	sts := []sparql.Statement{}
	err := rdfio.ReadFile(ctx, path, base, func(q rdfio.Quad) error {
		sts = append(sts, sparql.Statement{Subject: q.S, Predicate: q.P, Object: q.O})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sts, nil
}

// EvalOptions configures [RunEval].
type EvalOptions struct {
	// NewEngine returns a fresh, empty engine; one is made per test.
	// Required.
	NewEngine func() Engine
	// Timeout bounds each test: loading its data and running its query
	// (default 10 s). A test that does not return within Timeout plus a
	// grace period is abandoned and counted as failed.
	Timeout time.Duration
	// Unsupported lists mf:requires features (local names such as
	// "XsdDateOperations") whose tests are skipped; by default none is.
	Unsupported []string
	// Match, when not nil, selects the tests whose query path (relative to
	// the suite) or IRI it matches.
	Match *regexp.Regexp
	// ReadRDFXML reads an RDF/XML result file (the .rdf results of the
	// sort tests); nil skips those tests as "rdfxml-result".
	ReadRDFXML func(ctx context.Context, path, base string) ([]sparql.Statement, error)
	// StrictNumeric fails a test whose numeric literals match the expected
	// ones by value but not by lexical form (default: such a test passes
	// and is listed in EvalReport.NumericByValue).
	StrictNumeric bool
}

// numericByValue is the note of a test whose answers agree only when
// numeric literals are compared by value.
const numericByValue = "same answer when numeric literals are compared by value"

// EvalFailure is one failed evaluation test.
type EvalFailure struct {
	Test  string `json:"test"`           // test IRI relative to the suite: "sparql11/aggregates/manifest#agg01"
	Name  string `json:"name,omitempty"` // mf:name
	Query string `json:"query"`          // query file relative to the suite
	Error string `json:"error"`          // what went wrong
	// Note adds a diagnosis, e.g. that the answers agree when numeric
	// literals are compared by value.
	Note string `json:"note,omitempty"`
}

// EvalReport is the outcome of an evaluation-test run. It marshals to the
// JSON that "schemaforge conformance eval --json" prints.
type EvalReport struct {
	Suite     string `json:"suite"`
	Manifests int    `json:"manifests"`
	// Passed and Total count the tests in scope (not skipped).
	Passed int `json:"passed"`
	Total  int `json:"total"`
	// Skipped counts the tests out of scope, by reason: "entailment",
	// "service", "rdfxml-data", "rdfxml-result", "withdrawn",
	// "requires-<feature>", "no-result", "unmatched" (not selected by Match).
	Skipped map[string]int `json:"skipped"`
	// Requires counts the mf:requires features of the tests in scope.
	Requires map[string]int `json:"requires,omitempty"`
	// NumericByValue lists the passed tests whose answers match only when
	// numeric literals are compared by value ("6.0" and "6" as xsd:decimal):
	// the expected files write computed numbers in several lexical styles,
	// so W3C harnesses compare them by value (see EvalOptions.StrictNumeric).
	NumericByValue []string `json:"numeric_by_value"`
	// Failures lists the failed tests in suite order.
	Failures []EvalFailure `json:"failures"`
	// MS is the wall time of the run in milliseconds.
	MS int64 `json:"ms"`
}

// Rate is Passed/Total, 1 when no test is in scope.
func (r *EvalReport) Rate() float64 {
	if r.Total == 0 {
		return 1
	}
	return float64(r.Passed) / float64(r.Total)
}

// RunEvalDir loads the evaluation tests under dir and runs them.
func RunEvalDir(ctx context.Context, dir string, opts EvalOptions) (*EvalReport, error) {
	s, err := LoadEvalSuite(ctx, dir)
	if err != nil {
		return nil, err
	}
	return RunEval(ctx, s, opts)
}

// skipError marks a test that turned out to be out of scope while running.
type skipError struct{ reason string }

func (e *skipError) Error() string { return "skipped: " + e.reason }

// RunEval runs the evaluation tests of suite, each on a fresh engine. The
// error is non-nil only when ctx is done or opts lacks NewEngine.
func RunEval(ctx context.Context, suite *EvalSuite, opts EvalOptions) (*EvalReport, error) {
	if opts.NewEngine == nil {
		return nil, errors.New("evaluation tests: no engine")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	start := time.Now()
	r := &EvalReport{
		Suite:     suite.Dir,
		Manifests: len(suite.Manifests),
		Skipped:   map[string]int{},
		Requires:  map[string]int{},
		Failures:  []EvalFailure{},
	}
	for _, t := range suite.Tests {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("evaluation tests in %s: %w", suite.Dir, err)
		}
		if opts.Match != nil && !opts.Match.MatchString(rel(suite.Dir, t.Query)) && !opts.Match.MatchString(t.IRI) {
			r.Skipped["unmatched"]++
			continue
		}
		if reason := skipReason(suite.Dir, t, opts.Unsupported); reason != "" {
			r.Skipped[reason]++
			continue
		}
		note, msg := runEvalTest(ctx, t, opts)
		var se *skipError
		if errors.As(msg, &se) {
			r.Skipped[se.reason]++
			continue
		}
		r.Total++
		for _, f := range t.Requires {
			r.Requires[f]++
		}
		if msg == nil {
			r.Passed++
			if note == numericByValue {
				r.NumericByValue = append(r.NumericByValue, testName(suite.Dir, t))
			}
			continue
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("evaluation tests in %s: %w", suite.Dir, ctx.Err())
		}
		r.Failures = append(r.Failures, EvalFailure{
			Test:  testName(suite.Dir, t),
			Name:  t.Name,
			Query: rel(suite.Dir, t.Query), // t.Query is absolute (resolved from the manifest's URL)
			Error: clipLong(oneLine(msg)),
			Note:  note,
		})
	}
	r.MS = time.Since(start).Milliseconds()
	return r, nil
}

// clipLong shortens a failure message to 600 bytes.
func clipLong(s string) string {
	if len(s) <= 600 {
		return s
	}
	n := 600
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// testName names a test by its manifest relative to the suite directory
// and the fragment of its IRI ("sparql10/basic/manifest#base-prefix-1").
func testName(dir string, t EvalTest) string {
	local := t.IRI
	if i := strings.LastIndexAny(local, "#/"); i >= 0 && i+1 < len(local) {
		local = local[i+1:]
	}
	m := t.Manifest
	if abs, err := filepath.Abs(m); err == nil {
		m = abs
	}
	return strings.TrimSuffix(rel(dir, m), ".ttl") + "#" + local
}

// skipReason says why t is out of scope, or "".
func skipReason(dir string, t EvalTest, unsupported []string) string {
	m := t.Manifest
	if abs, err := filepath.Abs(m); err == nil {
		m = abs
	}
	r := filepath.ToSlash(rel(dir, m))
	inDir := func(name string) bool {
		return strings.Contains("/"+r, "/"+name+"/")
	}
	switch {
	case t.Entailment || inDir("entailment"):
		return "entailment"
	case t.ServiceData || inDir("service"):
		return "service"
	}
	switch t.Approval {
	case "Withdrawn", "Rejected", "NotClassified", "Obsoleted":
		return strings.ToLower(t.Approval)
	}
	for _, f := range t.Requires {
		if slices.Contains(unsupported, f) {
			return "requires-" + f
		}
	}
	if t.Result == "" {
		return "no-result"
	}
	return ""
}

// evalGrace is how long past its timeout a test may take before the runner
// abandons it (a variable for tests).
var evalGrace = 5 * time.Second

// runEvalTest runs one test under the per-test timeout. It returns nil
// when the test passes, a *skipError when it turns out to be out of scope,
// else the failure and an optional diagnostic note. A panic or an engine
// that ignores its context fails the test without stopping the run.
func runEvalTest(ctx context.Context, t EvalTest, opts EvalOptions) (note string, err error) {
	tctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	type outcome struct {
		err  error
		note string
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{err: fmt.Errorf("panic: %v", p)}
			}
		}()
		note, err := evalOne(tctx, t, opts)
		done <- outcome{err, note}
	}()
	grace := time.NewTimer(opts.Timeout + evalGrace)
	defer grace.Stop()
	select {
	case o := <-done:
		if o.err != nil && tctx.Err() != nil && ctx.Err() == nil && errors.Is(o.err, context.DeadlineExceeded) {
			return o.note, fmt.Errorf("timed out after %s: %w", opts.Timeout, o.err)
		}
		return o.note, o.err
	case <-grace.C:
		return "", fmt.Errorf("did not return within %s of its %s timeout; abandoned", evalGrace, opts.Timeout)
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// evalOne does the work of one test.
func evalOne(ctx context.Context, t EvalTest, opts EvalOptions) (note string, err error) {
	src, err := os.ReadFile(t.Query)
	if err != nil {
		return "", fmt.Errorf("reading the query: %w", err)
	}
	q, err := sparql.Parse(string(src), sparql.WithBase(fileURL(t.Query)))
	if err != nil {
		return "", fmt.Errorf("query does not parse: %s", oneLine(err))
	}
	eng := opts.NewEngine()
	if eng == nil {
		return "", errors.New("NewEngine returned nil")
	}
	load := func(path, graph string) error {
		if err := eng.LoadFile(ctx, path, fileURL(path), graph); err != nil {
			if errors.Is(err, ErrUnsupportedFormat) {
				return &skipError{reason: formatName(path) + "-data"}
			}
			return fmt.Errorf("loading %s: %w", filepath.Base(path), err)
		}
		return nil
	}
	for _, d := range t.Data {
		if err := load(d, ""); err != nil {
			return "", err
		}
	}
	named := map[string]bool{}
	for _, g := range t.GraphData {
		if named[g.Name] {
			continue
		}
		named[g.Name] = true
		if err := load(g.Path, g.Name); err != nil {
			return "", err
		}
	}
	// FROM and FROM NAMED name local files: load them as named graphs so
	// that the engine can build the query's dataset from them.
	for _, d := range q.Dataset {
		iri := d.IRI.Value
		if named[iri] {
			continue
		}
		p, err := localPath(iri)
		if err != nil {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			continue
		}
		named[iri] = true
		if err := load(p, iri); err != nil {
			return "", err
		}
	}
	got, err := eng.Query(ctx, q)
	if err != nil {
		return "", fmt.Errorf("query failed: %w", err)
	}
	if got == nil {
		return "", errors.New("engine returned no result and no error")
	}
	if t.Type == CSVResultFormatTest || strings.EqualFold(filepath.Ext(t.Result), ".csv") {
		f, err := os.Open(t.Result)
		if err != nil {
			return "", fmt.Errorf("expected result: %w", err)
		}
		defer f.Close()
		vars, rows, err := ReadCSVTable(f)
		if err != nil {
			return "", fmt.Errorf("expected result %s: %w", filepath.Base(t.Result), err)
		}
		msg, err := CompareCSV(vars, rows, got)
		if err != nil {
			return "", err
		}
		if msg != "" {
			return "", errors.New(msg)
		}
		return "", nil
	}
	want, err := readExpected(ctx, t.Result, q.Form, opts.ReadRDFXML)
	if err != nil {
		var se *skipError
		if errors.As(err, &se) {
			return "", err
		}
		return "", fmt.Errorf("expected result %s: %w", filepath.Base(t.Result), err)
	}
	copts := CompareOptions{Lax: t.Lax}
	if q.Form == sparql.Select && len(q.OrderBy) > 0 && !want.IsAsk() && !want.IsGraph() {
		copts.OrderVars = orderKeyVars(q, want.Vars)
	}
	msg, err := CompareResults(want, got, copts)
	if err != nil {
		return "", err
	}
	if msg == "" {
		return "", nil
	}
	copts.Key = NumericKey
	if m2, err := CompareResults(want, got, copts); err == nil && m2 == "" {
		if opts.StrictNumeric {
			return numericByValue, errors.New(msg)
		}
		return numericByValue, nil
	}
	return "", errors.New(msg)
}

// formatName names the RDF syntax of a file by its extension.
func formatName(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".rdf", ".owl", ".xml":
		return "rdfxml"
	case ".ttl":
		return "turtle"
	case ".nt":
		return "ntriples"
	case ".nq":
		return "nquads"
	case ".trig":
		return "trig"
	}
	return strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
}

// orderKeyVars returns the projected variables that carry the sort keys of
// q's ORDER BY: the variables of the leading ORDER BY conditions whose
// variables are all projected and which use no aggregate. A condition that
// fails this ends the list, since later keys only order rows within its
// ties, which the results cannot show.
func orderKeyVars(q *sparql.Query, projected []string) []string {
	var out []string
	for _, c := range q.OrderBy {
		vars, ok := exprVars(c.Expr)
		if !ok || len(vars) == 0 {
			break
		}
		all := true
		for _, v := range vars {
			if !slices.Contains(projected, v) {
				all = false
			}
		}
		if !all {
			break
		}
		for _, v := range vars {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// exprVars lists the variables of e in order of appearance; ok is false
// when e holds an aggregate, an EXISTS or a sub-query (its value is not a
// function of the row's variables).
func exprVars(e sparql.Expr) (vars []string, ok bool) {
	ok = true
	sparql.Inspect(e, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.Var:
			if !slices.Contains(vars, n.Name) {
				vars = append(vars, n.Name)
			}
		case *sparql.Aggregate, *sparql.GroupPattern, *sparql.SubSelect:
			ok = false
			return false
		}
		return true
	})
	return vars, ok
}

// readExpected reads an expected-result file: SPARQL XML (.srx), JSON
// (.srj), TSV (.tsv), or an RDF graph (.ttl, .nt, .rdf) that is either
// the answer of a CONSTRUCT/DESCRIBE query (form) or a result set in the
// DAWG result-set vocabulary.
func readExpected(ctx context.Context, path string, form sparql.QueryForm, readRDFXML func(context.Context, string, string) ([]sparql.Statement, error)) (*sparql.Results, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".srx":
		res, err := sparql.ReadXML(bytes.NewReader(data))
		return res, err
	case ".srj":
		res, err := sparql.ReadJSON(bytes.NewReader(data))
		return res, err
	case ".tsv":
		res, err := ReadTSVResults(bytes.NewReader(data))
		return res, err
	}
	var sts []sparql.Statement
	switch ext {
	case ".ttl", ".nt", ".n3":
		triples, err := parseTurtle(string(data), fileURL(path))
		if err != nil {
			return nil, err
		}
		sts = make([]sparql.Statement, len(triples))
		for i, t := range triples {
			sts[i] = sparql.Statement{Subject: t.S.sparqlTerm(), Predicate: sparql.NewIRI(t.P.Value), Object: t.O.sparqlTerm()}
		}
	case ".rdf", ".xml", ".owl":
		if readRDFXML == nil {
			return nil, &skipError{reason: "rdfxml-result"}
		}
		sts, err = readRDFXML(ctx, path, fileURL(path))
		if err != nil {
			if errors.Is(err, ErrUnsupportedFormat) {
				return nil, &skipError{reason: "rdfxml-result"}
			}
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown result format %q", ext)
	}
	if form == sparql.Construct || form == sparql.Describe {
		if sts == nil {
			sts = []sparql.Statement{}
		}
		return &sparql.Results{Graph: sts}, nil
	}
	res, _, err := resultSetFromGraph(sts)
	return res, err
}

// resultSetFromGraph decodes a result set written in the DAWG result-set
// vocabulary (rs:ResultSet, rs:resultVariable, rs:solution, rs:binding,
// rs:variable, rs:value, rs:index, rs:boolean). Solutions with rs:index
// come in index order (indexed is then true); others in document order.
func resultSetFromGraph(sts []sparql.Statement) (res *sparql.Results, indexed bool, err error) {
	props := map[string]map[string][]sparql.Term{}
	var subjects []string
	for _, st := range sts {
		k := st.Subject.Key()
		m := props[k]
		if m == nil {
			m = map[string][]sparql.Term{}
			props[k] = m
			subjects = append(subjects, k)
		}
		m[st.Predicate.Value] = append(m[st.Predicate.Value], st.Object)
	}
	var sets []string
	for _, s := range subjects {
		for _, ty := range props[s][sparql.RDFType] {
			if ty.Key() == "<"+rsNS+"ResultSet>" {
				sets = append(sets, s)
			}
		}
	}
	if len(sets) != 1 {
		return nil, false, fmt.Errorf("want one rs:ResultSet, found %d", len(sets))
	}
	rs := props[sets[0]]
	lexical := func(t sparql.Term) (string, bool) {
		l, ok := t.(*sparql.Literal)
		if !ok {
			return "", false
		}
		return l.Lexical, true
	}
	if bs := rs[rsNS+"boolean"]; len(bs) > 0 {
		v, _ := lexical(bs[0])
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil || len(bs) != 1 {
			return nil, false, fmt.Errorf("bad rs:boolean %v", bs)
		}
		return &sparql.Results{Boolean: &b}, false, nil
	}
	res = &sparql.Results{Rows: []sparql.Row{}}
	known := map[string]bool{}
	addVar := func(v string) {
		if !known[v] {
			known[v] = true
			res.Vars = append(res.Vars, v)
		}
	}
	for _, v := range rs[rsNS+"resultVariable"] {
		name, ok := lexical(v)
		if !ok {
			return nil, false, fmt.Errorf("rs:resultVariable %s is not a literal", v.Key())
		}
		addVar(name)
	}
	type sol struct {
		row   sparql.Row
		index int
		has   bool
	}
	var sols []sol
	for _, s := range rs[rsNS+"solution"] {
		m := props[s.Key()]
		so := sol{row: sparql.Row{}}
		if idx := m[rsNS+"index"]; len(idx) > 0 {
			v, _ := lexical(idx[0])
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return nil, false, fmt.Errorf("bad rs:index %s", idx[0].Key())
			}
			so.index, so.has = n, true
			indexed = true
		}
		for _, b := range m[rsNS+"binding"] {
			bm := props[b.Key()]
			vs, vals := bm[rsNS+"variable"], bm[rsNS+"value"]
			if len(vs) != 1 || len(vals) != 1 {
				return nil, false, fmt.Errorf("rs:binding %s: want one rs:variable and one rs:value", b.Key())
			}
			name, ok := lexical(vs[0])
			if !ok {
				return nil, false, fmt.Errorf("rs:variable %s is not a literal", vs[0].Key())
			}
			addVar(name)
			so.row[name] = vals[0]
		}
		sols = append(sols, so)
	}
	if indexed {
		sort.SliceStable(sols, func(i, j int) bool { return sols[i].index < sols[j].index })
	}
	for _, so := range sols {
		res.Rows = append(res.Rows, so.row)
	}
	return res, indexed, nil
}
