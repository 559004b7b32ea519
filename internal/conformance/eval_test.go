package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
)

// loadCall records one LoadFile call of a fake engine.
type loadCall struct{ path, base, graph string }

// fakeEngine answers queries with a function of the query and of the files
// loaded so far.
type fakeEngine struct {
	mu     sync.Mutex
	loads  []loadCall
	answer func(ctx context.Context, q *sparql.Query, loads []loadCall) (*sparql.Results, error)
	// failLoad, when not nil, decides the error of a LoadFile call.
	failLoad func(path string) error
}

func (f *fakeEngine) LoadFile(ctx context.Context, path, base, graph string) error {
	if f.failLoad != nil {
		if err := f.failLoad(path); err != nil {
			return err
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.loads = append(f.loads, loadCall{path, base, graph})
	return nil
}

func (f *fakeEngine) Query(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	f.mu.Lock()
	loads := slices.Clone(f.loads)
	f.mu.Unlock()
	return f.answer(ctx, q, loads)
}

const manifestPrologue = `@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix mf: <http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#> .
@prefix qt: <http://www.w3.org/2001/sw/DataAccess/tests/test-query#> .
@prefix dawgt: <http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#> .
@prefix : <http://example.org/m#> .
`

func TestReadEvalManifest(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"m/manifest.ttl": manifestPrologue + `
<> rdf:type mf:Manifest ; mf:entries ( :t1 :t2 :syn :t3 ) .
:t1 rdf:type mf:QueryEvaluationTest ; mf:name "one" ;
    dawgt:approval dawgt:Approved ;
    mf:requires mf:LangTagAwareness , mf:KnownTypesDefault2Neq ;
    mf:action [ qt:query <q1.rq> ; qt:data <d1.ttl>, <d2.ttl> ;
                qt:graphData <g1.ttl> ;
                qt:graphData [ qt:graph <g2.ttl> ; rdfs:label "http://example.org/g2" ] ] ;
    mf:result <r1.srx> .
:t2 rdf:type mf:CSVResultFormatTest ; mf:resultCardinality mf:LaxCardinality ;
    mf:action [ qt:query <sub/q2.rq> ; qt:serviceData [ qt:endpoint <http://x> ] ] ;
    mf:result <r2.csv> .
:syn rdf:type mf:PositiveSyntaxTest11 ; mf:action <syn.rq> .
:t3 a mf:QueryEvaluationTest ; dawgt:approval dawgt:Withdrawn ; mf:action [ qt:query <q3.rq> ] .
`})
	tests, err := ReadEvalManifest(filepath.Join(dir, "m", "manifest.ttl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) != 3 {
		t.Fatalf("got %d tests, want 3 (the syntax test is not an evaluation test): %+v", len(tests), tests)
	}
	abs := func(p string) string { a, _ := filepath.Abs(filepath.Join(dir, "m", p)); return a }
	t1 := tests[0]
	if t1.IRI != "http://example.org/m#t1" || t1.Name != "one" || t1.Type != QueryEvaluationTest || t1.Approval != "Approved" {
		t.Errorf("t1 header: %+v", t1)
	}
	if t1.Query != abs("q1.rq") || t1.Result != abs("r1.srx") {
		t.Errorf("t1 files: query %s, result %s", t1.Query, t1.Result)
	}
	if !slices.Equal(t1.Data, []string{abs("d1.ttl"), abs("d2.ttl")}) {
		t.Errorf("t1 data: %v", t1.Data)
	}
	wantGraphs := []GraphData{{Name: fileURL(abs("g1.ttl")), Path: abs("g1.ttl")}, {Name: "http://example.org/g2", Path: abs("g2.ttl")}}
	if !slices.Equal(t1.GraphData, wantGraphs) {
		t.Errorf("t1 graph data: %+v, want %+v", t1.GraphData, wantGraphs)
	}
	if !slices.Equal(t1.Requires, []string{"KnownTypesDefault2Neq", "LangTagAwareness"}) || t1.Lax || t1.ServiceData {
		t.Errorf("t1 requires %v, lax %v, service %v", t1.Requires, t1.Lax, t1.ServiceData)
	}
	t2 := tests[1]
	if t2.Type != CSVResultFormatTest || !t2.Lax || !t2.ServiceData || t2.Query != abs("sub/q2.rq") {
		t.Errorf("t2: %+v", t2)
	}
	if tests[2].Approval != "Withdrawn" || tests[2].Result != "" {
		t.Errorf("t3: %+v", tests[2])
	}
	if r := skipReason(dir, tests[2], nil); r != "withdrawn" {
		t.Errorf("skip reason of a withdrawn test: %q", r)
	}
	if r := skipReason(dir, t1, []string{"LangTagAwareness"}); r != "requires-LangTagAwareness" {
		t.Errorf("skip reason with an unsupported feature: %q", r)
	}
	if r := skipReason(dir, t2, nil); r != "service" {
		t.Errorf("skip reason of a SERVICE test: %q", r)
	}

	// A bad manifest names the file.
	writeFiles(t, dir, map[string]string{"bad/manifest.ttl": manifestPrologue + `<> rdf:type mf:Manifest ; mf:entries ( :x ) .
:x a mf:QueryEvaluationTest ; mf:action [ qt:data <d.ttl> ] .`})
	if _, err := ReadEvalManifest(filepath.Join(dir, "bad", "manifest.ttl")); err == nil || !strings.Contains(err.Error(), "no qt:query") {
		t.Errorf("manifest without qt:query: %v", err)
	}
}

// evalSuiteFiles is a small suite exercising every outcome of the runner.
var evalSuiteFiles = map[string]string{
	"s/manifest.ttl": manifestPrologue + `
<> rdf:type mf:Manifest ; mf:entries ( :pass :wrong :numeric :badquery :from :ask :construct :ordered :rdfxml :timeout :panic :csv :tsv :rs ) .
:pass a mf:QueryEvaluationTest ; mf:action [ qt:query <pass.rq> ; qt:data <data.ttl> ; qt:graphData <g.ttl> ] ; mf:result <pass.srj> .
:wrong a mf:QueryEvaluationTest ; mf:action [ qt:query <wrong.rq> ; qt:data <data.ttl> ] ; mf:result <pass.srj> .
:numeric a mf:QueryEvaluationTest ; mf:action [ qt:query <numeric.rq> ] ; mf:result <numeric.srx> .
:badquery a mf:QueryEvaluationTest ; mf:action [ qt:query <bad.rq> ] ; mf:result <pass.srj> .
:from a mf:QueryEvaluationTest ; mf:action [ qt:query <from.rq> ] ; mf:result <pass.srj> .
:ask a mf:QueryEvaluationTest ; mf:action [ qt:query <ask.rq> ] ; mf:result <ask.srx> .
:construct a mf:QueryEvaluationTest ; mf:action [ qt:query <construct.rq> ] ; mf:result <construct.ttl> .
:ordered a mf:QueryEvaluationTest ; mf:action [ qt:query <ordered.rq> ] ; mf:result <ordered.ttl> .
:rdfxml a mf:QueryEvaluationTest ; mf:action [ qt:query <pass.rq> ; qt:data <data.rdf> ] ; mf:result <pass.srj> .
:timeout a mf:QueryEvaluationTest ; mf:action [ qt:query <timeout.rq> ] ; mf:result <pass.srj> .
:panic a mf:QueryEvaluationTest ; mf:action [ qt:query <panic.rq> ] ; mf:result <pass.srj> .
:csv a mf:CSVResultFormatTest ; mf:action [ qt:query <csv.rq> ] ; mf:result <csv.csv> .
:tsv a mf:QueryEvaluationTest ; mf:action [ qt:query <csv.rq> ] ; mf:result <tsv.tsv> .
:rs a mf:QueryEvaluationTest ; mf:action [ qt:query <rs.rq> ] ; mf:result <rs.rdf> .
`,
	"s/entailment/manifest.ttl": manifestPrologue + `<> rdf:type mf:Manifest ; mf:entries ( :e1 ) .
:e1 a mf:QueryEvaluationTest ; mf:action [ qt:query <e.rq> ] ; mf:result <e.srx> .`,
	"s/pass.rq":      "SELECT ?x WHERE { ?x ?p ?o }",
	"s/wrong.rq":     "SELECT ?x WHERE { ?x ?p ?o } # wrong",
	"s/numeric.rq":   "SELECT ?n WHERE { ?x ?p ?n } # numeric",
	"s/bad.rq":       "SELECT ?x WHERE { ?x ?p }",
	"s/from.rq":      "SELECT ?x FROM <data.ttl> FROM NAMED <g.ttl> WHERE { ?x ?p ?o }",
	"s/ask.rq":       "ASK { ?x ?p ?o }",
	"s/construct.rq": "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }",
	"s/ordered.rq":   "SELECT ?x ?k WHERE { ?x ?p ?k } ORDER BY DESC(?k)",
	"s/timeout.rq":   "SELECT ?x WHERE { ?x ?p ?o } # slow",
	"s/panic.rq":     "SELECT ?x WHERE { ?x ?p ?o } # panic",
	"s/csv.rq":       "SELECT ?s ?o WHERE { ?s ?p ?o } # csv",
	"s/rs.rq":        "SELECT ?x WHERE { ?x ?p ?o } # rs",
	"s/data.ttl":     "<http://ex/a> <http://ex/p> 1 .",
	"s/g.ttl":        "<http://ex/b> <http://ex/p> 2 .",
	"s/pass.srj":     `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"uri","value":"http://ex/a"}}]}}`,
	"s/numeric.srx": `<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="n"/></head>
<results><result><binding name="n"><literal datatype="http://www.w3.org/2001/XMLSchema#decimal">2.0</literal></binding></result></results></sparql>`,
	"s/ask.srx":       `<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"><head/><boolean>true</boolean></sparql>`,
	"s/construct.ttl": `@prefix : <http://ex/> . _:n :p [ :q "x" ] .`,
	"s/ordered.ttl": `@prefix rs: <http://www.w3.org/2001/sw/DataAccess/tests/result-set#> .
@prefix : <http://ex/> .
[] a rs:ResultSet ; rs:resultVariable "x", "k" ;
   rs:solution [ rs:index 2 ; rs:binding [ rs:variable "x" ; rs:value :b ], [ rs:variable "k" ; rs:value 1 ] ] ;
   rs:solution [ rs:index 1 ; rs:binding [ rs:variable "x" ; rs:value :a ], [ rs:variable "k" ; rs:value 2 ] ] ;
   rs:solution [ rs:index 3 ; rs:binding [ rs:variable "x" ; rs:value :c ], [ rs:variable "k" ; rs:value 1 ] ] .`,
	"s/csv.csv": "s,o\r\nhttp://ex/s,\"4,4\"\r\n",
	"s/tsv.tsv": "?s\t?o\n<http://ex/s>\t\"4,4\"\n",
	"s/rs.rdf":  "<rdf:RDF/>",
}

// suiteAnswer answers the ASK, CONSTRUCT and ORDER BY queries of the
// suite above.
func suiteAnswer(ctx context.Context, q *sparql.Query, loads []loadCall) (*sparql.Results, error) {
	switch {
	case q.Form == sparql.Ask:
		tr := true
		return &sparql.Results{Boolean: &tr}, nil
	case q.Form == sparql.Construct:
		return &sparql.Results{Graph: []sparql.Statement{
			{Subject: bn("m"), Predicate: exIRI("p"), Object: bn("k")},
			{Subject: bn("k"), Predicate: exIRI("q"), Object: sparql.NewLiteral("x")},
		}}, nil
	case len(q.OrderBy) > 0:
		// Rows 2 and 3 tie on the sort key: any order of them passes.
		one, two := tlit("1", sparql.XSDInteger), tlit("2", sparql.XSDInteger)
		return sel([]string{"x", "k"},
			sparql.Row{"x": exIRI("a"), "k": two}, sparql.Row{"x": exIRI("c"), "k": one}, sparql.Row{"x": exIRI("b"), "k": one}), nil
	}
	return nil, fmt.Errorf("fake engine: unexpected query %s", sparql.PrintCompact(q))
}

func TestRunEval(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, evalSuiteFiles)
	suiteDir := filepath.Join(dir, "s")
	var mu sync.Mutex
	engines := map[string]*fakeEngine{} // by query file
	newEngine := func() Engine {
		f := &fakeEngine{}
		f.failLoad = func(path string) error {
			if strings.HasSuffix(path, ".rdf") {
				return ErrUnsupportedFormat
			}
			return nil
		}
		f.answer = func(ctx context.Context, q *sparql.Query, loads []loadCall) (*sparql.Results, error) {
			name := strings.TrimPrefix(q.Base, fileURL(suiteDir)+"/")
			mu.Lock()
			engines[name] = f
			mu.Unlock()
			a := sel([]string{"x"}, sparql.Row{"x": exIRI("a")})
			switch name {
			case "pass.rq", "from.rq", "rs.rq":
				return a, nil
			case "wrong.rq":
				return sel([]string{"x"}, sparql.Row{"x": exIRI("zz")}), nil
			case "numeric.rq":
				return sel([]string{"n"}, sparql.Row{"n": tlit("2", sparql.XSDDecimal)}), nil
			case "timeout.rq":
				<-ctx.Done()
				return nil, ctx.Err()
			case "panic.rq":
				panic("boom")
			case "csv.rq":
				return sel([]string{"s", "o"}, sparql.Row{"s": sparql.NewIRI("http://ex/s"), "o": sparql.NewLiteral("4,4")}), nil
			}
			return suiteAnswer(ctx, q, loads)
		}
		return f
	}
	r, err := RunEvalDir(context.Background(), suiteDir, EvalOptions{NewEngine: newEngine, Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]EvalFailure{}
	for _, f := range r.Failures {
		failed[f.Query] = f
	}
	t.Logf("report: passed %d/%d, skipped %v", r.Passed, r.Total, r.Skipped)
	for _, f := range r.Failures {
		t.Logf("failure %s: %s (%s)", f.Test, f.Error, f.Note)
	}
	wantFail := map[string]string{
		"wrong.rq":   "missing",
		"bad.rq":     "does not parse",
		"timeout.rq": "timed out",
		"panic.rq":   "panic: boom",
	}
	for q, msg := range wantFail {
		f, ok := failed[q]
		if !ok {
			t.Errorf("%s: not failed", q)
			continue
		}
		if !strings.Contains(f.Error, msg) {
			t.Errorf("%s: error %q, want %q", q, f.Error, msg)
		}
	}
	if len(r.Failures) != len(wantFail) {
		t.Errorf("%d failures, want %d", len(r.Failures), len(wantFail))
	}
	// Numbers equal by value but written differently pass by default and
	// are listed; StrictNumeric fails them with a by-value note.
	if !slices.Equal(r.NumericByValue, []string{"manifest#numeric"}) {
		t.Errorf("NumericByValue = %v, want [manifest#numeric]", r.NumericByValue)
	}
	strict, err := RunEvalDir(context.Background(), suiteDir, EvalOptions{NewEngine: newEngine, Timeout: 200 * time.Millisecond, StrictNumeric: true})
	if err != nil {
		t.Fatal(err)
	}
	var strictNote string
	for _, f := range strict.Failures {
		if f.Query == "numeric.rq" {
			strictNote = f.Note
		}
	}
	if !strings.Contains(strictNote, "by value") || strict.Passed != r.Passed-1 {
		t.Errorf("StrictNumeric: numeric note %q, passed %d (default %d)", strictNote, strict.Passed, r.Passed)
	}
	if failed["wrong.rq"].Test != "manifest#wrong" {
		t.Errorf("test name %q, want manifest#wrong", failed["wrong.rq"].Test)
	}
	// pass, from, ask, construct, ordered, csv, tsv and numeric (by value)
	// pass; rdfxml and rs (RDF/XML result, no reader) are skipped.
	if r.Passed != 8 || r.Total != 12 {
		t.Errorf("passed %d of %d, want 8 of 12", r.Passed, r.Total)
	}
	wantSkip := map[string]int{"entailment": 1, "rdfxml-data": 1, "rdfxml-result": 1}
	for k, n := range wantSkip {
		if r.Skipped[k] != n {
			t.Errorf("skipped[%s] = %d, want %d (all: %v)", k, r.Skipped[k], n, r.Skipped)
		}
	}
	// Data files are loaded with their file URLs as base; graph data and
	// FROM graphs as named graphs named by their file URLs.
	data, g := filepath.Join(suiteDir, "data.ttl"), filepath.Join(suiteDir, "g.ttl")
	if got := engines["pass.rq"].loads; !slices.Equal(got, []loadCall{{data, fileURL(data), ""}, {g, fileURL(g), fileURL(g)}}) {
		t.Errorf("pass.rq loads %v", got)
	}
	if got := engines["from.rq"].loads; !slices.Equal(got, []loadCall{{data, fileURL(data), fileURL(data)}, {g, fileURL(g), fileURL(g)}}) {
		t.Errorf("from.rq loads %v", got)
	}

	// Match selects tests; an RDF/XML reader brings the rs test in.
	r, err = RunEvalDir(context.Background(), suiteDir, EvalOptions{
		NewEngine: newEngine,
		Match:     regexp.MustCompile(`^rs\.rq$`),
		ReadRDFXML: func(ctx context.Context, path, base string) ([]sparql.Statement, error) {
			rs := bn("rs")
			sol, b := bn("sol"), bn("b")
			ns := rsNS
			return []sparql.Statement{
				{Subject: rs, Predicate: sparql.NewIRI(sparql.RDFType), Object: sparql.NewIRI(ns + "ResultSet")},
				{Subject: rs, Predicate: sparql.NewIRI(ns + "resultVariable"), Object: sparql.NewLiteral("x")},
				{Subject: rs, Predicate: sparql.NewIRI(ns + "solution"), Object: sol},
				{Subject: sol, Predicate: sparql.NewIRI(ns + "binding"), Object: b},
				{Subject: b, Predicate: sparql.NewIRI(ns + "variable"), Object: sparql.NewLiteral("x")},
				{Subject: b, Predicate: sparql.NewIRI(ns + "value"), Object: exIRI("a")},
			}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Passed != 1 || r.Total != 1 || len(r.Failures) != 0 {
		t.Errorf("with Match and an RDF/XML reader: %d/%d passed, failures %v, skipped %v", r.Passed, r.Total, r.Failures, r.Skipped)
	}

	// A cancelled context stops the run with an error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunEvalDir(ctx, suiteDir, EvalOptions{NewEngine: newEngine}); err == nil {
		t.Error("cancelled run: no error")
	}
	if _, err := RunEvalDir(context.Background(), suiteDir, EvalOptions{}); err == nil {
		t.Error("run without an engine: no error")
	}
}

func TestRunEvalAbandonsHungEngine(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"manifest.ttl": manifestPrologue + `<> rdf:type mf:Manifest ; mf:entries ( :hang ) .
:hang a mf:QueryEvaluationTest ; mf:action [ qt:query <q.rq> ] ; mf:result <r.srj> .`,
		"q.rq":  "ASK {}",
		"r.srj": `{"head":{},"boolean":true}`,
	})
	release := make(chan struct{})
	defer close(release)
	old := evalGrace
	evalGrace = 50 * time.Millisecond
	defer func() { evalGrace = old }()
	newEngine := func() Engine {
		return &fakeEngine{answer: func(ctx context.Context, q *sparql.Query, _ []loadCall) (*sparql.Results, error) {
			<-release // ignores ctx
			return nil, errors.New("released")
		}}
	}
	start := time.Now()
	r, err := RunEvalDir(context.Background(), dir, EvalOptions{NewEngine: newEngine, Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Failures) != 1 || !strings.Contains(r.Failures[0].Error, "abandoned") {
		t.Errorf("failures %v, want one abandoned test", r.Failures)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("run took %s", d)
	}
}

// TestW3CEvalInventory reads every evaluation test of the real suite and
// every expected result the harness can read without an engine.
func TestW3CEvalInventory(t *testing.T) {
	needData(t)
	suite := filepath.Join(dataDir, "w3c-sparql")
	s, err := LoadEvalSuite(context.Background(), suite)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]int{}
	results := map[string]int{}
	for _, tt := range s.Tests {
		r := skipReason(suite, tt, nil)
		reasons[r]++
		if r != "" {
			continue
		}
		src, err := os.ReadFile(tt.Query)
		if err != nil {
			t.Errorf("%s: %v", tt.IRI, err)
			continue
		}
		for _, f := range append(slices.Clone(tt.Data), tt.Result) {
			if _, err := os.Stat(f); err != nil {
				t.Errorf("%s: %v", tt.IRI, err)
			}
		}
		ext := filepath.Ext(tt.Result)
		results[ext]++
		q, err := sparql.Parse(string(src), sparql.WithBase(fileURL(tt.Query)))
		if err != nil || ext == ".csv" {
			continue // parse failures are the parser's business (the run reports them)
		}
		if _, err := readExpected(context.Background(), tt.Result, q.Form, nil); err != nil {
			var se *skipError
			if !errors.As(err, &se) {
				t.Errorf("%s: expected result %s: %v", tt.IRI, rel(suite, tt.Result), err)
			}
		}
	}
	t.Logf("%d evaluation tests in %d manifests; skip reasons %v; result formats in scope %v", len(s.Tests), len(s.Manifests), reasons, results)
	if len(s.Tests) < 500 || reasons[""] < 450 || reasons["entailment"] == 0 || reasons["service"] == 0 {
		t.Errorf("found %d tests (%v): want ≥ 500, ≥ 450 in scope, some entailment and service", len(s.Tests), reasons)
	}
}

// needStore skips a test while the embedded store cannot answer a trivial
// query.
func needStore(t *testing.T) {
	t.Helper()
	if _, err := store.New().Query(context.Background(), "ASK {}"); err != nil {
		t.Skipf("embedded store not working yet (ASK {}: %v)", err)
	}
}

// TestW3CEvalWithStore runs the whole W3C evaluation suite on the embedded
// store and logs the figures; the pass-rate threshold belongs to the store.
func TestW3CEvalWithStore(t *testing.T) {
	needData(t)
	needParser(t)
	needStore(t)
	r, err := RunEvalDir(context.Background(), filepath.Join(dataDir, "w3c-sparql"), EvalOptions{
		NewEngine:  func() Engine { return NewStoreEngine() },
		ReadRDFXML: ReadRDFXMLStatements,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("W3C evaluation tests: passed %d/%d (%.1f%%), skipped %v, %d ms", r.Passed, r.Total, 100*r.Rate(), r.Skipped, r.MS)
	for _, f := range r.Failures {
		t.Logf("  %s: %s %s", f.Test, clip(f.Error), f.Note)
	}
	if r.Total < 450 {
		t.Errorf("only %d tests in scope, want ≥ 450", r.Total)
	}
	// The store issue's bar: ≥ 95% of the in-scope tests, with numbers
	// compared by lexical form as well (strict), and every test by value.
	strict := float64(r.Passed-len(r.NumericByValue)) / float64(r.Total)
	if strict < 0.95 {
		t.Errorf("strict pass rate %.1f%%, want ≥ 95%%", 100*strict)
	}
	if r.Passed != r.Total {
		t.Errorf("%d of %d tests fail even with numbers compared by value", r.Total-r.Passed, r.Total)
	}
	for reason := range r.Skipped {
		if reason != "entailment" && reason != "service" {
			t.Errorf("%d tests skipped as %q: only entailment and SERVICE tests are out of scope", r.Skipped[reason], reason)
		}
	}
}
