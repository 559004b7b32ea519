package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
)

// needStore skips a test while the embedded store cannot answer a trivial
// query.
func needStore(t *testing.T) {
	t.Helper()
	if _, err := store.New().Query(context.Background(), "ASK {}"); err != nil {
		t.Skipf("embedded store not working yet (ASK {}: %v)", err)
	}
}

const queryData = `@prefix : <http://example.org/> .
:alice :name "Alice" ; :age 30 ; :knows :bob .
:bob :name "Bob\twith a tab" ; :age 25 .
:carol :name "Carol, \"C\""@en ; :score 2.5 .
`

func TestQueryCommand(t *testing.T) {
	needStore(t)
	ctx := context.Background()
	data := writeTemp(t, "data.ttl", queryData)
	g := writeTemp(t, "g.nt", "<http://example.org/x> <http://example.org/in> <http://example.org/g1> .\n")
	qfile := writeTemp(t, "q.rq", "PREFIX : <http://example.org/>\nSELECT ?n WHERE { ?s :name ?n } ORDER BY ?n")
	sel := "PREFIX : <http://example.org/> SELECT ?s ?age WHERE { ?s :age ?age } ORDER BY DESC(?age)"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout []string // substrings, in order
		stderr []string
	}{
		{"table", []string{"--data", data, "--query", sel}, "", exitOK,
			[]string{"?s      ?age\n", "------  ----\n", ":alice  30\n", ":bob    25\n", "(2 rows)\n"}, nil},
		{"table, literals", []string{"--data", data, "--file", qfile}, "", exitOK,
			[]string{`"Alice"`, `"Bob\twith a tab"`, `"Carol, \"C\""@en`, "(3 rows)"}, nil},
		{"query from stdin", []string{"--data", data, "--file", "-"}, "ASK { ?s ?p 30 }", exitOK, []string{"true\n"}, nil},
		{"json", []string{"--data", data, "--query", sel, "--format", "json"}, "", exitOK,
			[]string{`"vars"`, `"s"`, `"age"`, `"http://example.org/alice"`}, nil},
		{"csv", []string{"--data", data, "--query", sel, "--format", "csv"}, "", exitOK,
			[]string{"s,age\r\nhttp://example.org/alice,30\r\nhttp://example.org/bob,25\r\n"}, nil},
		{"tsv", []string{"--data", data, "--query", sel, "--format", "tsv"}, "", exitOK,
			[]string{"?s\t?age\n<http://example.org/alice>\t30\n<http://example.org/bob>\t25\n"}, nil},
		{"ask csv", []string{"--data", data, "--query", "ASK {}", "--format", "csv"}, "", exitOK, []string{"_askResult\r\ntrue\r\n"}, nil},
		{"construct as N-Triples", []string{"--data", data, "--query", "PREFIX : <http://example.org/> CONSTRUCT { ?s :years ?a } WHERE { ?s :age ?a }", "--format", "json"}, "", exitOK,
			[]string{`<http://example.org/years> "`}, nil},
		{"named graph", []string{"--data", data, "--graph", "http://example.org/G=" + g, "--query", "SELECT ?g ?o WHERE { GRAPH ?g { ?s ?p ?o } }"}, "", exitOK,
			[]string{"<http://example.org/G>", "<http://example.org/g1>", "(1 row)"}, nil},
		{"max rows", []string{"--data", data, "--max-rows", "1", "--query", sel}, "", exitFail, nil, []string{"row"}},
		{"bad query", []string{"--data", data, "--query", "SELECT ?x WHERE { ?x ?p }"}, "", exitFail, nil, []string{"schemaforge query:", "1:"}},
		{"missing data file", []string{"--data", data + ".nope", "--query", sel}, "", exitFail, nil, []string{".nope"}},
		{"no data", []string{"--query", sel}, "", exitUsage, nil, []string{"no data"}},
		{"two sources", []string{"--data", data, "--query", sel, "--file", qfile}, "", exitUsage, nil, []string{"exactly one"}},
		{"no source", []string{"--data", data}, "", exitUsage, nil, []string{"exactly one"}},
		{"bad format", []string{"--data", data, "--query", sel, "--format", "xml"}, "", exitUsage, nil, []string{"unknown format"}},
		{"bad graph", []string{"--data", data, "--graph", "nofile", "--query", sel}, "", exitUsage, nil, []string{"IRI=FILE"}},
		{"explain", []string{"--data", data, "--query", sel, "--explain"}, "", exitOK,
			[]string{"Project (?s ?age)", "OrderBy (DESC(?age))", "BGP (1 triple patterns", "1. ?s :age ?age  (est 2)", "memory 512 MiB"}, nil},
		{"explain a bad query", []string{"--data", data, "--query", "SELECT ?x WHERE { ?x ?p }", "--explain"}, "", exitFail, nil, []string{"schemaforge query:"}},
		{"explain a batch", []string{"--data", data, "--queries", "-", "--explain"}, "", exitUsage, nil, []string{"--explain takes one query"}},
		{"memory limit", []string{"--data", data, "--memory-limit", "0", "--query", sel}, "", exitOK, []string{"(2 rows)"}, nil},
		{"negative memory limit", []string{"--data", data, "--memory-limit", "-1", "--query", sel}, "", exitUsage, nil, []string{"must not be negative"}},
		{"help", []string{"-h"}, "", exitOK, nil, []string{"Usage: schemaforge query", "--queries", "--explain"}},
	}
	for _, tc := range tests {
		r := invoke(ctx, tc.stdin, append([]string{"query"}, tc.args...)...)
		if r.code != tc.code {
			t.Errorf("%s: exit %d, want %d; stderr %q", tc.name, r.code, tc.code, r.stderr)
		}
		rest := r.stdout
		for _, s := range tc.stdout {
			i := strings.Index(rest, s)
			if i < 0 {
				t.Errorf("%s: stdout %q lacks %q (in order)", tc.name, r.stdout, s)
				break
			}
			rest = rest[i+len(s):]
		}
		for _, s := range tc.stderr {
			if !strings.Contains(r.stderr, s) {
				t.Errorf("%s: stderr %q lacks %q", tc.name, r.stderr, s)
			}
		}
	}
}

func TestQueryBatch(t *testing.T) {
	needStore(t)
	data := writeTemp(t, "data.ttl", queryData)
	batch := `{"id":1,"query":"PREFIX : <http://example.org/> SELECT ?n WHERE { ?s :age ?n }"}

{"id":"two","query":"SELECT ?x WHERE { ?x ?p }"}
{"id":{"nested":true},"query":"ASK { ?s ?p ?o }"}
{"id":4,"query":"CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o FILTER(?o = 30) }"}
not json
{"id":6}
`
	r := invoke(context.Background(), batch, "query", "--data", data, "--queries", "-")
	if r.code != exitFail {
		t.Errorf("exit %d, want %d (two malformed lines); stderr %q", r.code, exitFail, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d output lines, want 6:\n%s", len(lines), r.stdout)
	}
	type answer struct {
		ID      json.RawMessage `json:"id"`
		MS      *float64        `json:"ms"`
		Status  string          `json:"status"`
		Error   string          `json:"error"`
		Results json.RawMessage `json:"results"`
		Graph   *string         `json:"graph"`
	}
	var as []answer
	for i, l := range lines {
		var a answer
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		if a.MS == nil || *a.MS < 0 {
			t.Errorf("line %d: ms missing or negative", i+1)
		}
		as = append(as, a)
	}
	if string(as[0].ID) != "1" || as[0].Status != "ok" {
		t.Errorf("line 1: %+v", as[0])
	}
	res, err := sparql.ReadJSON(bytes.NewReader(as[0].Results))
	if err != nil || len(res.Rows) != 2 {
		t.Errorf("line 1 results: %v, %v", res, err)
	}
	if string(as[1].ID) != `"two"` || as[1].Status != "error" || !strings.Contains(as[1].Error, "1:") || as[1].Results != nil {
		t.Errorf("line 2 (bad query): %+v", as[1])
	}
	if string(as[2].ID) != `{"nested":true}` || as[2].Status != "ok" || !strings.Contains(string(as[2].Results), `"boolean":true`) {
		t.Errorf("line 3 (ASK): %+v", as[2])
	}
	if as[3].Status != "ok" || as[3].Graph == nil || !strings.Contains(*as[3].Graph, "<http://example.org/alice>") {
		t.Errorf("line 4 (CONSTRUCT): %+v", as[3])
	}
	if string(as[4].ID) != "null" || as[4].Status != "error" || !strings.Contains(as[4].Error, "line 6") {
		t.Errorf("line 5 (not JSON): %+v", as[4])
	}
	if as[5].Status != "error" || !strings.Contains(as[5].Error, `no "query"`) {
		t.Errorf("line 6 (no query): %+v", as[5])
	}
	// A batch file that does not exist fails before any output.
	r = invoke(context.Background(), "", "query", "--data", data, "--queries", data+".missing")
	if r.code != exitFail || r.stdout != "" {
		t.Errorf("missing batch file: exit %d, stdout %q", r.code, r.stdout)
	}
	// --format does not apply to batches.
	if r := invoke(context.Background(), "", "query", "--data", data, "--queries", "-", "--format", "csv"); r.code != exitUsage {
		t.Errorf("--queries with --format csv: exit %d", r.code)
	}
}

func TestWriteFormats(t *testing.T) {
	xsd := func(s string) string { return sparql.XSD + s }
	res := &sparql.Results{
		Vars: []string{"a", "b"},
		Rows: []sparql.Row{
			{"a": sparql.NewIRI("http://ex.org/ns#thing"), "b": sparql.NewTypedLiteral("1.5e3", xsd("double"))},
			{"a": &sparql.BlankNode{Label: "b1"}, "b": sparql.NewLiteral("line\nbreak, \"quoted\"")},
			{"b": sparql.NewTypedLiteral("x", "http://ex.org/ns#dt")},
			{"a": sparql.NewIRI("http://other.org/a b"), "b": sparql.NewTypedLiteral("007", xsd("integer"))},
			{"a": sparql.NewIRI("http://ex.org/ns#end."), "b": sparql.NewTypedLiteral("true", xsd("boolean"))},
			{"b": sparql.NewTypedLiteral("30", xsd("double"))},
		},
	}
	var b bytes.Buffer
	if err := writeTable(&b, res, map[string]string{"ex": "http://ex.org/ns#", "e": "http://ex.org/"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if len(lines) != 10 || lines[8] != "(6 rows)" || lines[9] != "" {
		t.Fatalf("table:\n%s", b.String())
	}
	// Every row starts with the first cell; the second starts at the
	// header's second column (aligned by runes).
	col := strings.Index(lines[0], "?b")
	rows := [][2]string{
		{"ex:thing", "1.5e3"},
		{"_:b1", `"line\nbreak, \"quoted\""`},
		{"", `"x"^^ex:dt`},
		{"<http://other.org/a b>", "007"},
		{"<http://ex.org/ns#end.>", "true"},
		{"", `"30"^^xsd:double`},
	}
	for i, want := range rows {
		line := []rune(lines[i+2])
		if len(line) < col || strings.TrimRight(string(line[:col]), " ") != want[0] || string(line[col:]) != want[1] {
			t.Errorf("table row %d %q, want %q then %q at column %d", i+1, lines[i+2], want[0], want[1], col)
		}
	}
	if lines[1] != strings.Repeat("-", col-2)+"  "+strings.Repeat("-", len(rows[1][1])) {
		t.Errorf("rule %q", lines[1])
	}

	b.Reset()
	if err := writeCSV(&b, res); err != nil {
		t.Fatal(err)
	}
	wantCSV := "a,b\r\nhttp://ex.org/ns#thing,1.5e3\r\n_:b1,\"line\nbreak, \"\"quoted\"\"\"\r\n,x\r\nhttp://other.org/a b,007\r\nhttp://ex.org/ns#end.,true\r\n,30\r\n"
	if b.String() != wantCSV {
		t.Errorf("CSV:\n%q\nwant\n%q", b.String(), wantCSV)
	}

	b.Reset()
	if err := writeTSV(&b, res); err != nil {
		t.Fatal(err)
	}
	wantTSV := "?a\t?b\n" +
		"<http://ex.org/ns#thing>\t1.5e3\n" +
		"_:b1\t\"line\\nbreak, \\\"quoted\\\"\"\n" +
		"\t\"x\"^^<http://ex.org/ns#dt>\n" +
		"<http://other.org/a b>\t007\n" +
		"<http://ex.org/ns#end.>\t\"true\"^^<" + xsd("boolean") + ">\n" +
		"\t\"30\"^^<" + xsd("double") + ">\n"
	if b.String() != wantTSV {
		t.Errorf("TSV:\n%q\nwant\n%q", b.String(), wantTSV)
	}
}
