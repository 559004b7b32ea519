package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/internal/conformance"
	"github.com/schemaforge/go-schemaforge/store"
)

// newEngine makes the engine the conformance runs measure: a fresh
// embedded store whose queries are bounded by the runners' per-test and
// per-query contexts only (--timeout), not by the store's default timeout.
var newEngine = func() conformance.Engine { return conformance.NewStoreEngine(store.WithTimeout(0)) }

// rdfxmlReader reads RDF/XML expected results for the eval runner.
var rdfxmlReader = conformance.ReadRDFXMLStatements

const evalDescription = `
Eval runs the W3C SPARQL 1.0/1.1 query-evaluation tests listed in the
manifest.ttl files of a suite on the embedded store: for each test a fresh
store, the test's data loaded (default graph from qt:data, named graphs
from qt:graphData and from the query's FROM/FROM NAMED files, each named
by its file URL), the query run and its answer compared with the expected
result: solution sequences as multisets with blank nodes up to renaming,
in order of the ORDER BY keys when the query sorts, literals by RDF term;
booleans; graphs up to blank-node renaming. Entailment-regime and SERVICE
tests are skipped and counted by reason. It prints a summary, or with
--json:

	{"passed":N,"total":N,"skipped":{"entailment":N,"service":N,…},
	 "failures":[{"test":…,"query":…,"error":…,"note":…}],…}

The exit status is 1 if any test in scope fails.`

// runEval implements "schemaforge conformance eval".
func runEval(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conformance eval", "schemaforge conformance eval [--suite DIR] [--run REGEXP] [--timeout D] [--json]", evalDescription)
	suite := fs.String("suite", defaultSuite, "directory of the W3C SPARQL test suite")
	match := fs.String("run", "", "run only the tests whose query path (relative to the suite) or IRI matches this regular expression")
	timeout := fs.Duration("timeout", 10*time.Second, "time limit per test (loading and query)")
	skip := fs.String("skip-requires", "", "comma-separated mf:requires features whose tests are skipped")
	strict := fs.Bool("strict-numeric", false, "fail tests whose numbers match the expected ones by value but not by lexical form")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		return usageError(fs, "unexpected arguments %q", pos)
	}
	opts := conformance.EvalOptions{NewEngine: newEngine, Timeout: *timeout, ReadRDFXML: rdfxmlReader, StrictNumeric: *strict}
	if *match != "" {
		re, err := regexp.Compile(*match)
		if err != nil {
			return usageError(fs, "--run: %v", err)
		}
		opts.Match = re
	}
	if *skip != "" {
		opts.Unsupported = strings.Split(*skip, ",")
	}
	r, err := conformance.RunEvalDir(ctx, *suite, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge conformance eval: %v\n", err)
		return exitFail
	}
	if !emit(e, "conformance eval", r, *asJSON, func(w io.Writer) { printEvalSummary(w, r) }) {
		return exitFail
	}
	if len(r.Failures) > 0 {
		return exitFail
	}
	return exitOK
}

// printEvalSummary writes the human-readable eval report.
func printEvalSummary(w io.Writer, r *conformance.EvalReport) {
	fmt.Fprintf(w, "W3C SPARQL query-evaluation tests in %s (%d manifests, %.1f s)\n", r.Suite, r.Manifests, float64(r.MS)/1000)
	fmt.Fprintf(w, "  passed   %d/%d (%.1f%%)\n", r.Passed, r.Total, 100*r.Rate())
	fmt.Fprintf(w, "  skipped  %s\n", countList(r.Skipped))
	if len(r.Requires) > 0 {
		fmt.Fprintf(w, "  in scope, by mf:requires: %s\n", countList(r.Requires))
	}
	if n := len(r.NumericByValue); n > 0 {
		fmt.Fprintf(w, "  %d passed only with numeric literals compared by value (--strict-numeric fails them): %s\n", n, strings.Join(r.NumericByValue, ", "))
	}
	if n := len(r.Failures); n > 0 {
		fmt.Fprintf(w, "failures (%d):\n", n)
		listLines(w, n, func(i int) string {
			f := r.Failures[i]
			s := fmt.Sprintf("%s (%s): %s", f.Test, f.Query, f.Error)
			if f.Note != "" {
				s += " [" + f.Note + "]"
			}
			return s
		})
	}
}

// countList formats a count map as "a 3, b 1", by name; "none" when empty.
func countList(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	total := 0
	for k, n := range m {
		keys = append(keys, k)
		total += n
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}

const spiderDescription = `
Spider runs every gold query of a Spider4SPARQL split on its own graph in
the embedded store (graphs/dev for dev-public, graphs/train for train; one
store per graph, loaded once) with the prefixes the gold was computed with
(":" = <http://valuenet/ontop/>, rdf, rdfs, xsd), and compares the answers
with gold/<split>.jsonl (computed with Oxigraph 0.5.11).

Rows compare as multisets with blank nodes up to renaming and literals by
RDF term; when that fails, numeric literals (XSD numeric datatypes) are
compared by value, and such agreements are listed in numeric_canonical.
Ordered gold must match in the order of the ORDER BY keys; where LIMIT cuts
through rows tied on those keys (or LIMIT comes without ORDER BY), a
different choice of rows agrees when it carries the same keys (or comes
from the same full answer); those cases are listed in ties. Questions whose
gold is a timeout and which we answer are listed as unverifiable and left
out of total. It prints a summary, or with --json:

	{"total":N,"agree":N,"disagree":[{"index":…,"kg":…,"why":…}],
	 "errors":[{"index":…,"kg":…,"error":…}],"ties":[…],
	 "numeric_canonical":[…],"ms_total":…,…}

--data is the spider4sparql folder (or the shared data folder holding it).
The exit status is 1 if any question disagrees or fails.`

// runSpider implements "schemaforge conformance spider".
func runSpider(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conformance spider", "schemaforge conformance spider [--data DIR] [--split dev-public|train] [--kg NAME] [--limit N] [--timeout D] [--json]", spiderDescription)
	data := fs.String("data", filepath.Join(defaultDataDir, "spider4sparql"), "the spider4sparql folder")
	split := fs.String("split", "dev-public", "dev-public or train")
	kg := fs.String("kg", "", "run only the questions of this graph")
	limit := fs.Int("limit", 0, "run only the first N questions (0: all)")
	timeout := fs.Duration("timeout", 60*time.Second, "time limit per query")
	progress := fs.Bool("progress", false, "report each graph on standard error")
	skipList := fs.String("skip", "", "comma-separated question indexes not to run (e.g. queries that exhaust memory)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		return usageError(fs, "unexpected arguments %q", pos)
	}
	if *split != "dev-public" && *split != "train" {
		return usageError(fs, "unknown split %q (want dev-public or train)", *split)
	}
	dir := *data
	if st, err := os.Stat(filepath.Join(dir, "spider4sparql")); err == nil && st.IsDir() {
		dir = filepath.Join(dir, "spider4sparql")
	}
	opts := conformance.SpiderOptions{Split: *split, NewEngine: newEngine, Timeout: *timeout, KG: *kg, Limit: *limit}
	if *skipList != "" {
		for _, f := range strings.Split(*skipList, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return usageError(fs, "--skip: %q is not a question index", f)
			}
			opts.Skip = append(opts.Skip, n)
		}
	}
	if *progress {
		opts.Progress = func(kg string, n int, d time.Duration) {
			fmt.Fprintf(e.stderr, "%-32s %5d questions  %8.1f ms\n", kg, n, float64(d.Microseconds())/1000)
		}
	}
	r, err := conformance.RunSpider(ctx, dir, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge conformance spider: %v\n", err)
		return exitFail
	}
	if !emit(e, "conformance spider", r, *asJSON, func(w io.Writer) { printSpiderSummary(w, dir, r) }) {
		return exitFail
	}
	if len(r.Disagree) > 0 || len(r.Errors) > 0 {
		return exitFail
	}
	return exitOK
}

// printSpiderSummary writes the human-readable Spider report.
func printSpiderSummary(w io.Writer, dir string, r *conformance.SpiderReport) {
	fmt.Fprintf(w, "Spider4SPARQL %s gold in %s: %d graphs loaded in %.0f ms, queries %.0f ms\n", r.Split, dir, r.Graphs, r.LoadMS, r.MSTotal)
	fmt.Fprintf(w, "  agree     %d/%d (%.2f%%)", r.Agree, r.Total, 100*r.Rate())
	var notes []string
	if n := len(r.Ties); n > 0 {
		notes = append(notes, fmt.Sprintf("%d through ties", n))
	}
	if n := len(r.NumericCanonical); n > 0 {
		notes = append(notes, fmt.Sprintf("%d by numeric value", n))
	}
	if r.GoldErrors > 0 {
		notes = append(notes, fmt.Sprintf("%d gold errors", r.GoldErrors))
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "; %s", strings.Join(notes, ", "))
	}
	fmt.Fprintln(w)
	section := func(title string, cs []conformance.SpiderCase) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(w, "%s (%d):\n", title, len(cs))
		listLines(w, len(cs), func(i int) string {
			c := cs[i]
			msg := c.Why
			if c.Error != "" {
				msg = c.Error
			}
			return fmt.Sprintf("%d %s: %s", c.Index, c.KG, msg)
		})
	}
	section("disagreements", r.Disagree)
	section("errors", r.Errors)
	section("ties", r.Ties)
	section("unverifiable (gold timed out)", r.Unverifiable)
	if len(r.Skipped) > 0 {
		fmt.Fprintf(w, "skipped (%d): %v\n", len(r.Skipped), r.Skipped)
	}
}
