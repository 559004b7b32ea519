package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/internal/conformance"
	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
)

const queryDescription = `
Query loads RDF files (N-Triples or Turtle, gzipped too) into the embedded
store and runs SPARQL queries on it. --data adds a file to the default
graph and may be repeated; --graph IRI=FILE loads a file as the named graph
IRI.

One query comes from --query (the text) or --file (a file, "-" for
standard input) and prints in --format:

	table  aligned columns, terms in Turtle short form (the default)
	json   SPARQL 1.1 Query Results JSON
	csv    SPARQL 1.1 Query Results CSV (values only, CRLF line ends)
	tsv    SPARQL 1.1 Query Results TSV (terms in Turtle syntax)

ASK answers print as true/false (table), JSON, or a one-column
"_askResult" table (CSV/TSV). CONSTRUCT and DESCRIBE answers print as
N-Triples whatever the format.

--queries F.jsonl runs a batch ("-" for standard input) on data loaded once:
each line {"id":…,"query":…} gives one output line

	{"id":…,"ms":…,"status":"ok","results":{SPARQL JSON results}}
	{"id":…,"ms":…,"status":"error","error":"…"}

where ms is the query's own execution time in milliseconds (parsing
included, loading excluded). A graph answer comes as "graph" (N-Triples
text) instead of "results". Query errors are answers, not failures: the
exit status is 1 only when the data cannot be loaded or a line is not a
JSON object with a query.

--explain prints the plan of one query instead of its answer: the SPARQL
algebra, each basic graph pattern's triple patterns in the order they are
matched with the indexes' estimate of their matches, the FILTERs pushed
into the matching, and where matching stops early (LIMIT, ASK).

Every query is bounded: --timeout, --max-rows and --memory-limit (bytes
its operators may hold, in MiB; default 512). A query past a limit fails
with an error that names it; it never ends late with a success.`

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// dataFile is a file to load and the graph it goes to ("" default graph).
type dataFile struct{ path, graph string }

// queryEngine is what the query command needs of the embedded store.
type queryEngine interface {
	Query(ctx context.Context, query string) (*sparql.Results, error)
	Explain(query string) (string, error)
}

// storeConfig configures the embedded store of the query command.
type storeConfig struct {
	timeout time.Duration
	maxRows int
	memory  int64 // per-query memory budget in bytes (0: none)
}

// openStore returns an embedded store configured by cfg with files loaded,
// and its number of triples.
func openStore(ctx context.Context, cfg storeConfig, files []dataFile) (queryEngine, int, error) {
	st := store.New(store.WithTimeout(cfg.timeout), store.WithMaxRows(cfg.maxRows), store.WithMemoryLimit(cfg.memory))
	for _, f := range files {
		if err := st.LoadFile(ctx, f.path, f.graph); err != nil {
			return nil, 0, err
		}
	}
	return st, st.Len(), nil
}

// Output formats.
var queryFormats = []string{"table", "json", "csv", "tsv"}

// runQuery implements "schemaforge query".
func runQuery(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "query",
		"schemaforge query --data FILE… [--graph IRI=FILE…] (--query Q | --file F | --queries F.jsonl) [--format table|json|csv|tsv] [--timeout D] [--max-rows N] [--memory-limit MiB] [--explain]",
		queryDescription)
	var data, graphs stringList
	fs.Var(&data, "data", "RDF file for the default graph (repeatable)")
	fs.Var(&graphs, "graph", "IRI=FILE: RDF file for a named graph (repeatable)")
	text := fs.String("query", "", "the query text")
	file := fs.String("file", "", `file holding the query ("-": standard input)`)
	batch := fs.String("queries", "", `JSON-lines file of {"id","query"} ("-": standard input)`)
	format := fs.String("format", "table", "output format: table, json, csv or tsv")
	timeout := fs.Duration("timeout", 30*time.Second, "per-query time limit (0: none)")
	maxRows := fs.Int("max-rows", 0, "fail a query whose answer has more rows (0: no cap)")
	memLimit := fs.Int64("memory-limit", store.DefaultMemoryLimit>>20, "per-query memory budget in MiB: a query whose operators would hold more fails (0: none)")
	explain := fs.Bool("explain", false, "print the query's plan (algebra, join order, pushed filters, early stop) instead of running it")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 0 {
		return usageError(fs, "unexpected arguments %q (data files go after --data)", pos)
	}
	sources := 0
	for _, s := range []string{*text, *file, *batch} {
		if s != "" {
			sources++
		}
	}
	if sources != 1 {
		return usageError(fs, "want exactly one of --query, --file and --queries")
	}
	if !slices.Contains(queryFormats, *format) {
		return usageError(fs, "unknown format %q (want table, json, csv or tsv)", *format)
	}
	if *batch != "" && *format != "table" && *format != "json" {
		return usageError(fs, "--queries writes JSON lines; --format does not apply")
	}
	if *timeout < 0 || *maxRows < 0 || *memLimit < 0 {
		return usageError(fs, "--timeout, --max-rows and --memory-limit must not be negative")
	}
	if *explain && *batch != "" {
		return usageError(fs, "--explain takes one query (--query or --file)")
	}
	var files []dataFile
	for _, d := range data {
		files = append(files, dataFile{path: d})
	}
	for _, g := range graphs {
		iri, path, ok := strings.Cut(g, "=")
		if !ok || iri == "" || path == "" {
			return usageError(fs, "--graph %q: want IRI=FILE", g)
		}
		files = append(files, dataFile{path: path, graph: iri})
	}
	if len(files) == 0 {
		return usageError(fs, "no data: give --data FILE (or --graph IRI=FILE)")
	}

	// Read the query before loading, so that a missing file fails fast.
	var src string
	if *batch == "" {
		src = *text
		if *file != "" {
			var err error
			if src, err = readInput(e, *file); err != nil {
				fmt.Fprintf(e.stderr, "schemaforge query: %v\n", err)
				return exitFail
			}
		}
	}
	eng, _, err := openStore(ctx, storeConfig{timeout: *timeout, maxRows: *maxRows, memory: *memLimit << 20}, files)
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge query: %v\n", err)
		return exitFail
	}
	if *explain {
		plan, err := eng.Explain(src)
		if err != nil {
			fmt.Fprintf(e.stderr, "schemaforge query: %s\n", errorText(err))
			return exitFail
		}
		fmt.Fprint(e.stdout, plan)
		return exitOK
	}
	if *batch != "" {
		return runBatch(ctx, e, eng, *batch)
	}
	res, err := eng.Query(ctx, src)
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge query: %s\n", errorText(err))
		return exitFail
	}
	if err := writeResults(e.stdout, res, *format, queryPrefixes(src)); err != nil {
		fmt.Fprintf(e.stderr, "schemaforge query: %v\n", err)
		return exitFail
	}
	return exitOK
}

// errorText renders a query error; parse errors keep their excerpt.
func errorText(err error) string {
	return strings.TrimRight(err.Error(), "\n")
}

// queryPrefixes returns the PREFIX declarations of src, or nil when it does
// not parse.
func queryPrefixes(src string) map[string]string {
	q, err := sparql.Parse(src)
	if err != nil {
		return nil
	}
	return q.Prefixes()
}

// writeResults writes res in format; graph answers always as N-Triples.
func writeResults(w io.Writer, res *sparql.Results, format string, prefixes map[string]string) error {
	if res.IsGraph() {
		bw := bufio.NewWriter(w)
		if err := res.WriteNTriples(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	switch format {
	case "json":
		return res.WriteJSON(w)
	case "csv":
		return writeCSV(w, res)
	case "tsv":
		return writeTSV(w, res)
	}
	return writeTable(w, res, prefixes)
}

// writeTable writes res as aligned columns of terms in short form, then
// the row count.
func writeTable(w io.Writer, res *sparql.Results, prefixes map[string]string) error {
	bw := bufio.NewWriter(w)
	if res.IsAsk() {
		fmt.Fprintln(bw, strconv.FormatBool(*res.Boolean))
		return bw.Flush()
	}
	sf := newShortForms(prefixes)
	cells := make([][]string, 0, len(res.Rows)+1)
	head := make([]string, len(res.Vars))
	for i, v := range res.Vars {
		head[i] = "?" + v
	}
	cells = append(cells, head)
	for _, row := range res.Rows {
		line := make([]string, len(res.Vars))
		for i, v := range res.Vars {
			if t := row[v]; t != nil {
				line[i] = sf.term(t)
			}
		}
		cells = append(cells, line)
	}
	width := make([]int, len(res.Vars))
	for _, line := range cells {
		for i, c := range line {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	writeLine := func(line []string) {
		for i, c := range line {
			if i > 0 {
				bw.WriteString("  ")
			}
			bw.WriteString(c)
			if i < len(line)-1 {
				bw.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)))
			}
		}
		bw.WriteByte('\n')
	}
	writeLine(cells[0])
	rule := make([]string, len(width))
	for i, n := range width {
		rule[i] = strings.Repeat("-", n)
	}
	writeLine(rule)
	for _, line := range cells[1:] {
		writeLine(line)
	}
	n := len(res.Rows)
	if n == 1 {
		fmt.Fprintln(bw, "(1 row)")
	} else {
		fmt.Fprintf(bw, "(%d rows)\n", n)
	}
	return bw.Flush()
}

// shortForms abbreviates terms for the table: IRIs with the query's
// prefixes, numbers and booleans bare, strings quoted.
type shortForms struct {
	prefixes []prefixDecl // longest namespace first
}

type prefixDecl struct{ label, ns string }

func newShortForms(prefixes map[string]string) *shortForms {
	sf := &shortForms{}
	for label, ns := range prefixes {
		if ns != "" {
			sf.prefixes = append(sf.prefixes, prefixDecl{label, ns})
		}
	}
	sort.Slice(sf.prefixes, func(i, j int) bool {
		a, b := sf.prefixes[i], sf.prefixes[j]
		if len(a.ns) != len(b.ns) {
			return len(a.ns) > len(b.ns)
		}
		return a.label < b.label
	})
	return sf
}

// simpleLocal matches local names that need no escaping in a prefixed name.
var simpleLocal = regexp.MustCompile(`^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_-])?$`)

// iri returns the IRI as prefix:local when a prefix fits, else <iri>.
func (sf *shortForms) iri(v string) string {
	for _, p := range sf.prefixes {
		if local, ok := strings.CutPrefix(v, p.ns); ok && (local == "" || simpleLocal.MatchString(local)) {
			return p.label + ":" + local
		}
	}
	return "<" + v + ">"
}

// datatype abbreviates a datatype IRI like iri, and also writes XSD
// datatypes as xsd:local when the query binds no prefix to them and does
// not use the label xsd for something else.
func (sf *shortForms) datatype(v string) string {
	short := sf.iri(v)
	if !strings.HasPrefix(short, "<") {
		return short
	}
	local, ok := strings.CutPrefix(v, sparql.XSD)
	if !ok || !simpleLocal.MatchString(local) {
		return short
	}
	for _, p := range sf.prefixes {
		if p.label == "xsd" {
			return short
		}
	}
	return "xsd:" + local
}

// Turtle's bare numeric forms.
var (
	bareInteger = regexp.MustCompile(`^[+-]?[0-9]+$`)
	bareDecimal = regexp.MustCompile(`^[+-]?[0-9]*\.[0-9]+$`)
	bareDouble  = regexp.MustCompile(`^[+-]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+$`)
)

// bareLiteral returns the unquoted Turtle form of a numeric or boolean
// literal, or "" when it has none.
func bareLiteral(l *sparql.Literal) string {
	if l.Datatype == nil || l.Lang != "" {
		return ""
	}
	switch l.Datatype.Value {
	case sparql.XSDInteger:
		if bareInteger.MatchString(l.Lexical) {
			return l.Lexical
		}
	case sparql.XSDDecimal:
		if bareDecimal.MatchString(l.Lexical) {
			return l.Lexical
		}
	case sparql.XSDDouble:
		if bareDouble.MatchString(l.Lexical) {
			return l.Lexical
		}
	case sparql.XSDBoolean:
		if l.Lexical == "true" || l.Lexical == "false" {
			return l.Lexical
		}
	}
	return ""
}

// term returns the short form of t.
func (sf *shortForms) term(t sparql.Term) string {
	switch t := t.(type) {
	case *sparql.IRI:
		return sf.iri(t.Value)
	case *sparql.Literal:
		if b := bareLiteral(t); b != "" {
			return b
		}
		quoted := sparql.NewLiteral(t.Lexical).Key()
		switch {
		case t.Lang != "":
			return quoted + "@" + t.Lang
		case t.Datatype != nil && t.Datatype.Value != sparql.XSDString:
			return quoted + "^^" + sf.datatype(t.Datatype.Value)
		}
		return quoted
	}
	return t.Key()
}

// writeCSV writes a SELECT answer as SPARQL 1.1 Query Results CSV, an ASK
// answer as the one-column table _askResult. Records end with CRLF; a
// field holding a quote, comma, CR or LF is quoted, its quotes doubled, and
// its line breaks kept as they are (encoding/csv would turn LF into CRLF
// inside values).
func writeCSV(w io.Writer, res *sparql.Results) error {
	bw := bufio.NewWriter(w)
	record := func(fields []string) {
		for i, f := range fields {
			if i > 0 {
				bw.WriteByte(',')
			}
			if strings.ContainsAny(f, "\",\r\n") {
				bw.WriteByte('"')
				bw.WriteString(strings.ReplaceAll(f, `"`, `""`))
				bw.WriteByte('"')
			} else {
				bw.WriteString(f)
			}
		}
		bw.WriteString("\r\n")
	}
	if res.IsAsk() {
		record([]string{"_askResult"})
		record([]string{strconv.FormatBool(*res.Boolean)})
	} else {
		record(res.Vars)
		rec := make([]string, len(res.Vars))
		for _, row := range res.Rows {
			for i, v := range res.Vars {
				rec[i] = conformance.CSVField(row[v])
			}
			record(rec)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

// tsvTerm writes a term in the Turtle syntax of SPARQL 1.1 Query Results
// TSV: IRIs in <>, literals quoted with N-Triples escapes (so no tab or
// line break), numbers bare when Turtle allows it.
func tsvTerm(t sparql.Term) string {
	switch t := t.(type) {
	case nil:
		return ""
	case *sparql.Literal:
		if b := bareLiteral(t); b != "" && t.Datatype.Value != sparql.XSDBoolean {
			return b
		}
	}
	return t.Key()
}

// writeTSV writes a SELECT answer as SPARQL 1.1 Query Results TSV, an ASK
// answer as the one-column table ?_askResult.
func writeTSV(w io.Writer, res *sparql.Results) error {
	bw := bufio.NewWriter(w)
	if res.IsAsk() {
		fmt.Fprintf(bw, "?_askResult\n%t\n", *res.Boolean)
		return bw.Flush()
	}
	for i, v := range res.Vars {
		if i > 0 {
			bw.WriteByte('\t')
		}
		bw.WriteString("?" + v)
	}
	bw.WriteByte('\n')
	for _, row := range res.Rows {
		for i, v := range res.Vars {
			if i > 0 {
				bw.WriteByte('\t')
			}
			bw.WriteString(tsvTerm(row[v]))
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing TSV: %w", err)
	}
	return nil
}

// batchLine is one input line of --queries.
type batchLine struct {
	ID    json.RawMessage `json:"id"`
	Query *string         `json:"query"`
}

// batchAnswer is one output line of --queries.
type batchAnswer struct {
	ID      json.RawMessage `json:"id"`
	MS      float64         `json:"ms"`
	Status  string          `json:"status"`
	Error   string          `json:"error,omitempty"`
	Results json.RawMessage `json:"results,omitempty"`
	Graph   *string         `json:"graph,omitempty"`
}

// runBatch runs the JSON-lines batch in name on eng.
func runBatch(ctx context.Context, e *env, eng queryEngine, name string) int {
	var in io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "schemaforge query: %v\n", err)
			return exitFail
		}
		defer f.Close()
		in = f
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	code := exitOK
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(e.stderr, "schemaforge query: %v\n", err)
			return exitFail
		}
		var in batchLine
		ans := batchAnswer{ID: json.RawMessage("null"), Status: "error"}
		if err := json.Unmarshal(line, &in); err != nil || in.Query == nil {
			if err == nil {
				err = errors.New(`no "query" member`)
			}
			ans.Error = fmt.Sprintf("line %d: %v", lineNo, err)
			fmt.Fprintf(e.stderr, "schemaforge query: %s: %s\n", name, ans.Error)
			code = exitFail
		} else {
			if len(in.ID) > 0 {
				ans.ID = in.ID
			}
			ans = answerBatchLine(ctx, eng, *in.Query, ans)
		}
		if err := enc.Encode(ans); err != nil {
			fmt.Fprintf(e.stderr, "schemaforge query: writing: %v\n", err)
			return exitFail
		}
		if err := out.Flush(); err != nil {
			fmt.Fprintf(e.stderr, "schemaforge query: writing: %v\n", err)
			return exitFail
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(e.stderr, "schemaforge query: reading %s: %v\n", name, err)
		return exitFail
	}
	return code
}

// answerBatchLine runs one batch query and fills ans.
func answerBatchLine(ctx context.Context, eng queryEngine, query string, ans batchAnswer) batchAnswer {
	start := time.Now()
	res, err := eng.Query(ctx, query)
	ans.MS = float64(time.Since(start).Microseconds()) / 1000
	if err != nil {
		ans.Error = oneLineError(err)
		return ans
	}
	var b bytes.Buffer
	if res.IsGraph() {
		if err := res.WriteNTriples(&b); err != nil {
			ans.Error = err.Error()
			return ans
		}
		g := b.String()
		ans.Graph = &g
	} else {
		if err := res.WriteJSON(&b); err != nil {
			ans.Error = err.Error()
			return ans
		}
		ans.Results = json.RawMessage(bytes.TrimSpace(b.Bytes()))
	}
	ans.Status = "ok"
	return ans
}

// oneLineError renders err on one line (parse errors in their short,
// positioned form).
func oneLineError(err error) string {
	var se *sparql.Error
	if errors.As(err, &se) {
		return se.Short()
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}
