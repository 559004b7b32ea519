package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/internal/conformance"
	"github.com/schemaforge/go-schemaforge/sparql"
)

const conformanceDescription = `
Conformance measures the SPARQL parser and the embedded engine.

	syntax   run the W3C SPARQL 1.0/1.1 syntax tests listed in the manifest.ttl files of a suite
	corpus   parse and round-trip every gold query of the real corpora, and compare with Oxigraph
	eval     run the W3C SPARQL 1.0/1.1 query-evaluation tests on the embedded store
	spider   run the Spider4SPARQL gold queries on the embedded store and compare with the gold answers

Use "schemaforge help conformance <subcommand>" for the flags of each.`

// Default locations of the shared data, relative to the repository root.
var (
	defaultDataDir = filepath.Join("..", "shared", "data")
	defaultSuite   = filepath.Join(defaultDataDir, "w3c-sparql")
)

// runConformance implements "schemaforge conformance".
func runConformance(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conformance", "schemaforge conformance syntax|corpus|eval|spider [flags]", conformanceDescription)
	if len(args) == 0 {
		return usageError(fs, "missing subcommand (syntax, corpus, eval or spider)")
	}
	switch args[0] {
	case "syntax":
		return runSyntax(ctx, e, args[1:])
	case "corpus":
		return runCorpus(ctx, e, args[1:])
	case "eval":
		return runEval(ctx, e, args[1:])
	case "spider":
		return runSpider(ctx, e, args[1:])
	case "-h", "-help", "--help", "help":
		fs.Usage()
		return exitOK
	}
	return usageError(fs, "unknown subcommand %q (want syntax, corpus, eval or spider)", args[0])
}

const syntaxDescription = `
Syntax reads every manifest.ttl under the suite directory and runs its
syntax tests: positive query tests must parse (and their printed forms
round-trip), negative ones must be rejected, and SPARQL Update tests must be
refused. A test listed by several manifests runs once. It prints a summary,
or with --json:

	{"positive":{"passed":N,"total":N},"negative":{…},"refused":{…},
	 "roundtrip":{…},"failures":[{"test":…,"kind":…,"error":…}]}

The exit status is 1 if any test fails.`

// runSyntax implements "schemaforge conformance syntax".
func runSyntax(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conformance syntax", "schemaforge conformance syntax [--suite DIR] [--json]", syntaxDescription)
	suite := fs.String("suite", defaultSuite, "directory of the W3C SPARQL test suite")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		return usageError(fs, "unexpected arguments %q", pos)
	}
	r, err := conformance.RunSyntaxDir(ctx, *suite, conformance.SyntaxOptions{})
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge conformance syntax: %v\n", err)
		return exitFail
	}
	if !emit(e, "conformance syntax", r, *asJSON, func(w io.Writer) { printSyntaxSummary(w, r) }) {
		return exitFail
	}
	if len(r.Failures) > 0 {
		return exitFail
	}
	return exitOK
}

const corpusDescription = `
Corpus parses every gold query of the seven real corpora in the data folder
(spider4sparql-dev, spider4sparql-train, qald9plus, qald10, lcquad1-test,
lcquad1-train, db25) and checks that each accepted query's canonical and
compact printed forms parse back to the same tree. With the sparql11
dialect it also compares the accept/reject verdicts with those of a strict
reference parser (Oxigraph 0.5.11, conformance/corpus-verdicts-oxigraph.jsonl).
It prints a summary, or with --json:

	{"total":N,"parsed":N,"roundtrip":N,"rejected":[{"dataset":…,"id":…,"error":…}],
	 "agreement":{"agree":N,"total":N,"disagreements":[…]},"by_dataset":{…},
	 "roundtrip_failures":[…]}

Rejections are measurements, not failures; the exit status is 1 only if an
accepted query does not round-trip.`

// runCorpus implements "schemaforge conformance corpus".
func runCorpus(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "conformance corpus", "schemaforge conformance corpus [--data DIR] [--dialect sparql11|lenient] [--json]", corpusDescription)
	data := fs.String("data", defaultDataDir, "the shared data folder")
	dialectName := fs.String("dialect", "sparql11", "SPARQL dialect: "+dialectNames)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		return usageError(fs, "unexpected arguments %q", pos)
	}
	dialect, ok := sparql.DialectByName(*dialectName)
	if !ok {
		return usageError(fs, "unknown dialect %q (want %s)", *dialectName, dialectNames)
	}
	r, err := conformance.RunCorpus(ctx, *data, conformance.CorpusOptions{Dialect: dialect})
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge conformance corpus: %v\n", err)
		return exitFail
	}
	if !emit(e, "conformance corpus", r, *asJSON, func(w io.Writer) { printCorpusSummary(w, *data, r) }) {
		return exitFail
	}
	if len(r.RoundTripFailures) > 0 {
		return exitFail
	}
	return exitOK
}

// listLimit caps the lists of the human-readable summaries.
const listLimit = 20

// listLines writes the first listLimit of n lines, indented, and how many
// were left out.
func listLines(w io.Writer, n int, line func(i int) string) {
	for i := 0; i < n; i++ {
		if i == listLimit {
			fmt.Fprintf(w, "  … %d more (--json lists all)\n", n-listLimit)
			return
		}
		fmt.Fprintf(w, "  %s\n", line(i))
	}
}

func printCorpusSummary(w io.Writer, data string, r *conformance.CorpusReport) {
	pct := func(n, d int) float64 {
		if d == 0 {
			return 100
		}
		return 100 * float64(n) / float64(d)
	}
	fmt.Fprintf(w, "corpus in %s, dialect %s\n", data, r.Dialect)
	fmt.Fprintf(w, "  %-20s %6s %-15s %10s\n", "dataset", "total", "  parsed", "round-trip")
	names := datasets.Names()
	var extra []string // datasets not in the standard list, if any
	for name := range r.ByDataset {
		if !slices.Contains(names, name) {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	names = append(names, extra...)
	for _, name := range names {
		ds, ok := r.ByDataset[name]
		if !ok {
			continue
		}
		fmt.Fprintf(w, "  %-20s %6d %6d (%5.1f%%) %10d\n", name, ds.Total, ds.Parsed, pct(ds.Parsed, ds.Total), ds.RoundTrip)
	}
	fmt.Fprintf(w, "  %-20s %6d %6d (%5.1f%%) %10d\n", "all", r.Total, r.Parsed, pct(r.Parsed, r.Total), r.RoundTrip)
	if a := r.Agreement; a != nil {
		fmt.Fprintf(w, "agreement with Oxigraph: %d/%d (%.2f%%)", a.Agree, a.Total, 100*a.Rate())
		if a.NoVerdict > 0 {
			fmt.Fprintf(w, "; %d queries without a reference verdict", a.NoVerdict)
		}
		if a.Unmatched > 0 {
			fmt.Fprintf(w, "; %d reference verdicts match no corpus query", a.Unmatched)
		}
		fmt.Fprintln(w)
		listLines(w, len(a.Disagreements), func(i int) string {
			d := a.Disagreements[i]
			return fmt.Sprintf("%s/%s: ours %q, Oxigraph %q", d.Dataset, d.ID, d.Ours, d.Oxigraph)
		})
	}
	if n := len(r.RoundTripFailures); n > 0 {
		fmt.Fprintf(w, "round-trip failures (%d):\n", n)
		listLines(w, n, func(i int) string {
			f := r.RoundTripFailures[i]
			return fmt.Sprintf("%s/%s (%s): %s", f.Dataset, f.ID, f.Form, f.Error)
		})
	}
	if n := len(r.Rejected); n > 0 {
		fmt.Fprintf(w, "rejected (%d):\n", n)
		listLines(w, n, func(i int) string {
			rej := r.Rejected[i]
			return fmt.Sprintf("%s/%s: %s", rej.Dataset, rej.ID, rej.Error)
		})
	}
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// printSyntaxSummary writes the human-readable syntax report.
func printSyntaxSummary(w io.Writer, r *conformance.SyntaxReport) {
	fmt.Fprintf(w, "W3C SPARQL syntax tests in %s (%d manifests, dialect %s)\n", r.Suite, r.Manifests, r.Dialect)
	fmt.Fprintf(w, "  positive   %s parsed\n", r.Positive)
	fmt.Fprintf(w, "  negative   %s rejected\n", r.Negative)
	fmt.Fprintf(w, "  update     %s refused\n", r.Refused)
	fmt.Fprintf(w, "  round-trip %s of the parsed positive tests\n", r.RoundTrip)
	if len(r.Failures) > 0 {
		fmt.Fprintf(w, "failures (%d):\n", len(r.Failures))
		for _, f := range r.Failures {
			fmt.Fprintf(w, "  %-9s %s: %s\n", f.Kind, f.Test, f.Error)
		}
	}
}

// emit writes report r to e's standard output, as JSON or through summary;
// it returns false, after saying why on standard error, when writing fails.
func emit(e *env, cmd string, r any, asJSON bool, summary func(io.Writer)) bool {
	if !asJSON {
		summary(e.stdout)
		return true
	}
	if err := writeJSON(e.stdout, r); err != nil {
		fmt.Fprintf(e.stderr, "schemaforge %s: %v\n", cmd, err)
		return false
	}
	return true
}
