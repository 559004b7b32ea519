package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/internal/servertest"
	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// listeningRE finds the URL a server command ("endpoint", "serve")
// prints once it listens.
var listeningRE = regexp.MustCompile(`listening on (http://\S+)`)

// startCLI runs "schemaforge args…", a server command, until it prints
// the URL it listens on (within wait), and returns that URL, its
// standard error and a stop function that cancels it and returns its
// exit status (-1 when it did not stop within 20 s). A command that
// exits or is silent before listening fails tb.
func startCLI(tb testing.TB, wait time.Duration, args ...string) (string, *syncbuf.Buffer, func() int) {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &syncbuf.Buffer{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, strings.NewReader(""), &bytes.Buffer{}, stderr) }()
	stop := func() int {
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(20 * time.Second):
			return -1
		}
	}
	deadline := time.Now().Add(wait)
	for {
		if m := listeningRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], stderr, stop
		}
		select {
		case code := <-done:
			cancel()
			tb.Fatalf("schemaforge %s exited with %d before listening; stderr:\n%s", args[0], code, stderr)
		default:
		}
		if time.Now().After(deadline) {
			stop()
			tb.Fatalf("schemaforge %s not listening after %v; stderr:\n%s", args[0], wait, stderr)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// startSignalWatcher starts the goroutine with which os/signal watches
// for signals, which lives as long as the process, so that a goroutine
// count taken afterwards does not see the one the servers' first
// signal.Notify starts.
func startSignalWatcher() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGTERM)
	signal.Stop(c)
}

// startEndpoint runs "schemaforge endpoint args…" on a free port and
// returns the query URL, the stderr buffer and the stop function of
// [startCLI].
func startEndpoint(t *testing.T, args ...string) (string, *syncbuf.Buffer, func() int) {
	t.Helper()
	return startCLI(t, 20*time.Second, append([]string{"endpoint", "--addr", "127.0.0.1:0"}, args...)...)
}

func TestEndpointCommand(t *testing.T) {
	needStore(t)
	startSignalWatcher()
	before := runtime.NumGoroutine()
	data := writeTemp(t, "data.ttl", queryData)
	g := writeTemp(t, "g.nt", "<http://example.org/x> <http://example.org/in> \"g1\"@en .\n")
	sparqlURL, stderr, stop := startEndpoint(t, "--data", data, "--graph", "http://example.org/G="+g, "--timeout", "10s")
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	if !strings.Contains(stderr.String(), "8 triples from 2 files") {
		t.Errorf("stderr does not count the triples:\n%s", stderr)
	}

	ep, err := kg.NewHTTPEndpoint(sparqlURL, kg.WithRequestTimeout(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := ep.Query(ctx, "PREFIX : <http://example.org/> SELECT ?s ?age WHERE { ?s :age ?age } ORDER BY DESC(?age)")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || res.Rows[0]["s"].Key() != "<http://example.org/alice>" || res.Rows[0]["age"].Key() != `"30"^^<http://www.w3.org/2001/XMLSchema#integer>` {
		t.Errorf("SELECT rows %v", res.Rows)
	}
	res, err = ep.Query(ctx, `PREFIX : <http://example.org/> SELECT ?n WHERE { :carol :name ?n }`)
	if err != nil || len(res.Rows) != 1 || res.Rows[0]["n"].Key() != `"Carol, \"C\""@en` {
		t.Errorf("language-tagged literal: %v, %v", res, err)
	}
	res, err = ep.Query(ctx, "SELECT ?o WHERE { GRAPH <http://example.org/G> { ?s ?p ?o } }")
	if err != nil || len(res.Rows) != 1 || res.Rows[0]["o"].Key() != `"g1"@en` {
		t.Errorf("named graph: %v, %v", res, err)
	}
	res, err = ep.Query(ctx, "PREFIX : <http://example.org/> CONSTRUCT { ?s :years ?a } WHERE { ?s :age ?a }")
	if err != nil || len(res.Graph) != 2 {
		t.Errorf("CONSTRUCT: %v, %v", res, err)
	}
	res, err = ep.Query(ctx, "ASK { ?s ?p 25 }")
	if err != nil || !res.IsAsk() || !*res.Boolean {
		t.Errorf("ASK: %v, %v", res, err)
	}
	xml, err := kg.NewHTTPEndpoint(sparqlURL, kg.WithMethod(kg.QueryViaPostDirect), kg.WithHeader("Accept", sparql.MediaTypeResultsXML))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := xml.Query(ctx, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"); err != nil || res.Rows[0]["n"].(*sparql.Literal).Lexical != "7" {
		t.Errorf("COUNT over XML: %v, %v", res, err)
	}
	xml.CloseIdleConnections()

	// Updates are refused by the server too, not only by the client.
	resp, err := http.PostForm(sparqlURL, url.Values{"update": {"CLEAR ALL"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("update: status %d, want 400", resp.StatusCode)
	}
	// Parse errors come back with the parser's message.
	var he *kg.HTTPError
	lenient, _ := kg.NewHTTPEndpoint(sparqlURL, kg.WithHTTPDialect(&sparql.Dialect{Name: "lenient", BareAggregates: true}))
	_, err = lenient.Query(ctx, "SELECT COUNT(?s) WHERE { ?s ?p ?o }")
	if !errors.As(err, &he) || he.StatusCode != 400 || !strings.Contains(he.Body, "1:") {
		t.Errorf("parse error: %v", err)
	}
	lenient.CloseIdleConnections()
	// The root path answers too, with the description for a bare GET;
	// other paths are not found.
	root := strings.TrimSuffix(sparqlURL, "sparql")
	for path, want := range map[string]int{"": 200, "other": 404} {
		resp, err := http.Get(root + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET /%s: %d, want %d", path, resp.StatusCode, want)
		}
	}
	http.DefaultClient.CloseIdleConnections()
	ep.CloseIdleConnections()

	stopped = true
	if code := stop(); code != exitOK {
		t.Errorf("exit status %d, want 0 (-1: did not stop); stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr.String(), "stopped") || !strings.Contains(stderr.String(), "sparql query") {
		t.Errorf("stderr lacks the query log or the stop message:\n%s", stderr)
	}
	// Everything the command started has ended.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines before, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}

func TestEndpointCommandErrors(t *testing.T) {
	needStore(t)
	ctx := context.Background()
	data := writeTemp(t, "data.ttl", queryData)
	bad := writeTemp(t, "bad.ttl", "@prefix : <http://example.org/> .\n:a :b \n")
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no data", []string{"endpoint"}, exitUsage, "no data"},
		{"bad graph flag", []string{"endpoint", "--graph", "nofile"}, exitUsage, "IRI=FILE"},
		{"stray argument", []string{"endpoint", "--data", data, "extra"}, exitUsage, "unexpected arguments"},
		{"negative timeout", []string{"endpoint", "--data", data, "--timeout", "-1s"}, exitUsage, "negative"},
		{"bad data", []string{"endpoint", "--data", bad, "--addr", "127.0.0.1:0"}, exitFail, "bad.ttl"},
		{"missing file", []string{"endpoint", "--data", data + ".nope", "--addr", "127.0.0.1:0"}, exitFail, "nope"},
		{"bad address", []string{"endpoint", "--data", data, "--addr", "256.1.1.1:99999"}, exitFail, "256.1.1.1"},
		{"help", []string{"endpoint", "-h"}, exitOK, "SPARQL 1.1 Protocol"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := invoke(ctx, "", c.args...)
			if r.code != c.code || !strings.Contains(r.stderr, c.stderr) {
				t.Errorf("exit %d, want %d; stderr (want %q):\n%s", r.code, c.code, c.stderr, r.stderr)
			}
		})
	}
}

// getBody sends a GET and returns the status, the headers and the body.
func getBody(t *testing.T, u string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the answer: %v", u, err)
	}
	return resp.StatusCode, resp.Header, string(b)
}

// crossValues returns a query whose answer has n×n rows, from VALUES only.
func crossValues(n int, limit string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, " %d", i)
	}
	return fmt.Sprintf("SELECT * WHERE { VALUES ?a {%s} VALUES ?b {%s} } %s", b.String(), b.String(), limit)
}

// TestEndpointLimits runs the endpoint with its default limits: the
// service description states the 100,000-row cap, an answer of 160,000
// rows is refused naming the cap and the flag, the same query with a
// LIMIT is answered. Then it checks that the error answers (a body that
// meets the read timeout, a parse error, the row cap, an unknown path)
// name no socket address of either end.
func TestEndpointLimits(t *testing.T) {
	needStore(t)
	data := writeTemp(t, "data.ttl", queryData)
	sparqlURL, stderr, stop := startEndpoint(t, "--data", data, "--read-timeout", "500ms")
	defer stop()
	u, _ := url.Parse(sparqlURL)
	_, port, _ := net.SplitHostPort(u.Host)
	var answers []string

	status, _, desc := getBody(t, sparqlURL)
	if status != 200 || !strings.Contains(desc, "max-rows: 100000.") || !strings.Contains(desc, "memory-limit: 512MiB per query") {
		t.Errorf("description (%d) does not state the default row cap and memory limit:\n%s", status, desc)
	}
	// Past the cap after the answer began streaming: the transfer is
	// aborted and the log names the cap; before it (a small cap and a
	// small answer): 500 naming the cap.
	resp, err := http.Get(sparqlURL + "?query=" + url.QueryEscape(crossValues(400, "")))
	if err != nil {
		t.Fatal(err)
	}
	cut, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !errors.Is(rerr, io.ErrUnexpectedEOF) {
		t.Errorf("160,000 rows: status %d, %d bytes, read error %v; want an aborted transfer", resp.StatusCode, len(cut), rerr)
	}
	answers = append(answers, string(cut))
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(stderr.String(), "more than 100000 rows") && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if log := stderr.String(); !strings.Contains(log, "failed after its answer began") || !strings.Contains(log, "more than 100000 rows") {
		t.Errorf("the log does not say why the answer was cut:\n%s", log)
	}
	capped, cstderr, cstop := startEndpoint(t, "--data", data, "--max-rows", "10")
	status, _, body := getBody(t, capped+"?query="+url.QueryEscape(crossValues(5, "")))
	cstop()
	if status != http.StatusInternalServerError || !strings.Contains(body, "more than 10 rows") || !strings.Contains(body, "--max-rows") {
		t.Errorf("25 rows under a cap of 10: %d %q (log:\n%s)", status, body, cstderr)
	}
	answers = append(answers, body)
	if status, _, body := getBody(t, sparqlURL+"?query="+url.QueryEscape(crossValues(400, "LIMIT 3"))); status != 200 || strings.Count(body, `"a": {`) != 3 {
		t.Errorf("with LIMIT 3: %d %.300s", status, body)
	}
	status, _, body = getBody(t, sparqlURL+"?query="+url.QueryEscape("SELECT WHERE {"))
	if status != http.StatusBadRequest {
		t.Errorf("parse error: %d %q", status, body)
	}
	answers = append(answers, body)
	_, _, body = getBody(t, strings.TrimSuffix(sparqlURL, "sparql")+"nothing")
	answers = append(answers, body)

	// A body that never arrives in full: 408 once the read timeout
	// passes, with no address in the message.
	a := servertest.StalledPost(t, u.Host, "/sparql", "application/sparql-query", "SELECT", 100, 10*time.Second)
	if a.Status != http.StatusRequestTimeout {
		t.Errorf("slow body: %d %q", a.Status, a.Body)
	}
	answers = append(answers, a.Body)
	_, clientPort, _ := net.SplitHostPort(a.LocalAddr)
	for _, a := range answers {
		if strings.Contains(a, "127.0.0.1") || strings.Contains(a, ":"+port) || strings.Contains(a, ":"+clientPort) {
			t.Errorf("an error answer names a socket address: %q", a)
		}
	}
	if !strings.Contains(stderr.String(), "i/o timeout") {
		t.Errorf("the log lacks the read error's detail:\n%s", stderr)
	}
}

// TestEndpointWriteTimeout asks for a 25 MB answer on a connection that
// never reads it, with one query at a time: while that query holds the
// only slot, other queries get 503 with Retry-After; the write timeout
// then cuts the non-reading client off (its answer ends short), which
// frees the slot, and queries are answered again.
func TestEndpointWriteTimeout(t *testing.T) {
	needStore(t)
	var ttl strings.Builder
	big := strings.Repeat("x", 10_000)
	for i := range 50 {
		fmt.Fprintf(&ttl, "<http://example.org/s%d> <http://example.org/p> %q .\n", i, big)
	}
	data := writeTemp(t, "big.nt", ttl.String())
	sparqlURL, stderr, stop := startEndpoint(t, "--data", data, "--max-concurrent", "1", "--timeout", "1s", "--write-timeout", "2s")
	defer stop()
	u, _ := url.Parse(sparqlURL)

	stuck, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer stuck.Close()
	_ = stuck.(*net.TCPConn).SetReadBuffer(4 << 10)
	q := url.QueryEscape("SELECT ?o ?b WHERE { ?a <http://example.org/p> ?o . ?b <http://example.org/p> ?c }")
	fmt.Fprintf(stuck, "GET /sparql?query=%s HTTP/1.1\r\nHost: %s\r\n\r\n", q, u.Host)

	small := sparqlURL + "?query=" + url.QueryEscape("ASK { ?s ?p ?o }")
	saw503 := false
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); {
		status, h, body := getBody(t, small)
		if status == http.StatusServiceUnavailable {
			saw503 = true
			if h.Get("Retry-After") != "1" || !strings.Contains(body, "--max-concurrent") {
				t.Errorf("503 without Retry-After or reason: %v %q", h, body)
			}
			continue
		}
		if status != 200 {
			t.Fatalf("small query: %d %q", status, body)
		}
		if saw503 {
			break // the slot is free again
		}
	}
	if !saw503 {
		t.Fatal("no 503 while the non-reading client held the only slot")
	}
	if status, _, _ := getBody(t, small); status != 200 {
		t.Fatalf("the slot was not freed: %d (stderr:\n%s)", status, stderr)
	}
	// The non-reading client's answer was cut short.
	_ = stuck.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(stuck), nil)
	if err == nil {
		n, rerr := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if rerr == nil {
			t.Errorf("the non-reading client got its whole answer (%d bytes, status %d)", n, resp.StatusCode)
		}
	}
	if !strings.Contains(stderr.String(), "write_err") {
		t.Errorf("the log does not show the cut-off write:\n%s", stderr)
	}
}
