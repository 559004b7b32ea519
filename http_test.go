package schemaforge

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/internal/servertest"
	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
)

func TestHandler(t *testing.T) {
	p, err := New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.Handler(HandlerOptions{}))
	defer srv.Close()

	q := "How many films did Ada Brook direct?"
	resp, err := http.Get(srv.URL + "/?dataset=" + url.QueryEscape("https://example.org/demo") + "&question=" + url.QueryEscape(q))
	if err != nil {
		t.Fatal(err)
	}
	var t2s struct {
		Dataset, Question, Query string
		Verified                 bool
		Confidence               float64
	}
	if err := json.NewDecoder(resp.Body).Decode(&t2s); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET: %d %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	if t2s.Dataset != "https://example.org/demo" || t2s.Question != q || !strings.Contains(t2s.Query, "directedBy") ||
		t2s.Confidence <= 0 || t2s.Verified && t2s.Confidence < p.Config().ConfidenceThreshold {
		t.Errorf("TEXT2SPARQL answer: %+v", t2s)
	}

	resp, err = http.Post(srv.URL+"/ask", "application/json", strings.NewReader(`{"question": "How many films did Ada Brook direct?"}`))
	if err != nil {
		t.Fatal(err)
	}
	var ans map[string]json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil || resp.StatusCode != 200 {
		t.Fatalf("POST /ask: %d %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	for _, k := range []string{"question", "results", "provenance", "trace", "confidence", "verified"} {
		if _, ok := ans[k]; !ok {
			t.Errorf("answer lacks %q", k)
		}
	}

	for _, c := range []struct {
		method, path, body string
		status             int
	}{
		{"GET", "/?dataset=x", "", 400},
		{"GET", "/?dataset=x&question=" + url.QueryEscape(strings.Repeat("a", 2001)), "", 400},
		{"POST", "/ask", `{"question": 3}`, 400},
		{"POST", "/ask", `not json`, 400},
		{"POST", "/ask", `{"question": "   "}`, 400},
		{"POST", "/ask", `{"question": "` + strings.Repeat("x", 70<<10) + `"}`, 400},
		{"GET", "/ask", "", 405},
		{"DELETE", "/", "", 405},
		{"GET", "/nothing", "", 404},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path[:min(len(c.path), 40)], resp.StatusCode, c.status)
		}
	}
}

// gateDecomposer decomposes with next once a question has entered and
// been let through: it holds questions in flight for the tests.
type gateDecomposer struct {
	next    handoff.Decomposer
	entered chan struct{}
	gate    chan struct{}
}

func (d *gateDecomposer) Decompose(ctx context.Context, q string) (*handoff.Decomposition, error) {
	d.entered <- struct{}{}
	select {
	case <-d.gate:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return d.next.Decompose(ctx, q)
}

// failDecomposer fails every question with err.
type failDecomposer struct{ err error }

func (d failDecomposer) Decompose(context.Context, string) (*handoff.Decomposition, error) {
	return nil, d.err
}

// gatedServer serves the demo pipeline whose questions wait at the gate.
func gatedServer(t *testing.T, o HandlerOptions) (*httptest.Server, *gateDecomposer) {
	t.Helper()
	p0, err := New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	d := &gateDecomposer{next: p0.dec, entered: make(chan struct{}, 16), gate: make(chan struct{})}
	p, err := New(demoCollection(t), WithDecomposer(d))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.Handler(o))
	t.Cleanup(srv.Close)
	return srv, d
}

// postAsk sends a question to POST /ask and returns the status, the
// Retry-After header and the body.
func postAsk(t *testing.T, base string) (int, string, string) {
	t.Helper()
	resp, err := http.Post(base+"/ask", "application/json", strings.NewReader(`{"question":"How many films did Ada Brook direct?"}`))
	if err != nil {
		t.Error(err)
		return 0, "", ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), string(b)
}

// TestHandlerBusy fills the handler's slots (one) and its memory budget
// (two questions' worth) with questions held in flight: the next question
// waits QueueWait, then gets 503 with Retry-After and a JSON error saying
// which limit it met; once the held questions end, questions are answered
// again.
func TestHandlerBusy(t *testing.T) {
	for _, c := range []struct {
		name  string
		o     HandlerOptions
		held  int
		limit string
	}{
		{"slots", HandlerOptions{MaxConcurrent: 1, QueueWait: 50 * time.Millisecond}, 1, "1 questions are being answered"},
		{"memory", HandlerOptions{MaxConcurrent: 8, MemoryBudget: 1 << 30, QuestionMemory: 512 << 20, QueueWait: 50 * time.Millisecond}, 2, "memory budget (1024 MiB)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, d := gatedServer(t, c.o)
			var wg sync.WaitGroup
			for range c.held {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if status, _, body := postAsk(t, srv.URL); status != 200 {
						t.Errorf("held question: %d %s", status, body)
					}
				}()
				<-d.entered
			}
			status, retry, body := postAsk(t, srv.URL)
			var e struct{ Error string }
			if err := json.Unmarshal([]byte(body), &e); err != nil || status != http.StatusServiceUnavailable || retry != "1" ||
				!strings.Contains(e.Error, "busy") || !strings.Contains(e.Error, c.limit) {
				t.Errorf("saturated: %d, Retry-After %q, %s (%v)", status, retry, body, err)
			}
			close(d.gate)
			wg.Wait()
			go func() {
				for range d.entered {
				}
			}()
			if status, _, body := postAsk(t, srv.URL); status != 200 {
				t.Errorf("after the held questions: %d %s", status, body)
			}
			close(d.entered)
		})
	}
}

// TestHandlerErrorsSafe fails the pipeline with an error that names a
// socket address (as an unreachable model server's does) and sends a body
// that times out: the clients' answers name neither address, the log has
// the pipeline's error under the number the client sees.
func TestHandlerErrorsSafe(t *testing.T) {
	const leak = "dial tcp 127.0.0.1:11434: connect: connection refused"
	p, err := New(demoCollection(t), WithDecomposer(failDecomposer{errors.New(leak)}))
	if err != nil {
		t.Fatal(err)
	}
	var log syncbuf.Buffer
	srv := httptest.NewUnstartedServer(p.Handler(HandlerOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))}))
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	clean := func(what, body string) {
		t.Helper()
		if strings.Contains(body, "127.0.0.1") || strings.Contains(body, ":"+port) || strings.Contains(body, "11434") {
			t.Errorf("%s: the answer names a socket address: %s", what, body)
		}
	}

	status, _, body := postAsk(t, srv.URL)
	if status != http.StatusUnprocessableEntity || !strings.Contains(body, "error 1 in the server's log") {
		t.Errorf("POST /ask: %d %s", status, body)
	}
	clean("POST /ask", body)
	code, r, raw := t2sAsk(t, srv.URL, "demo", "How many films did Ada Brook direct?")
	if code != 200 || r.Query == nil || !strings.Contains(r.NoAnswer, "error 2 in the server's log") {
		t.Errorf("TEXT2SPARQL: %d %s", code, raw)
	}
	clean("TEXT2SPARQL", raw)
	if !strings.Contains(log.String(), "error_number=1") || !strings.Contains(log.String(), leak) {
		t.Errorf("the log lacks the error's detail:\n%s", log.String())
	}

	// A body that never arrives in full meets the read timeout.
	a := servertest.StalledPost(t, srv.Listener.Addr().String(), "/ask", "application/json", `{"question": `, 100, 10*time.Second)
	if a.Status != http.StatusRequestTimeout {
		t.Errorf("slow body: %d %s", a.Status, a.Body)
	}
	clean("slow body", a.Body)
	if _, clientPort, _ := net.SplitHostPort(a.LocalAddr); strings.Contains(a.Body, ":"+clientPort) {
		t.Errorf("slow body: the answer names the client's address: %s", a.Body)
	}
}

// t2sResponse is the response model of the TEXT2SPARQL challenge's client
// (AKSW text2sparql-client: dataset, question and query are required
// strings; it drops a question whose reply is not 200 with those).
type t2sResponse struct {
	Dataset  *string `json:"dataset"`
	Question *string `json:"question"`
	Query    *string `json:"query"`
	Verified bool    `json:"verified"`
	NoAnswer string  `json:"no_answer"`
}

// t2sAsk sends a request as the challenge's client does: GET on the
// endpoint URL with the parameters dataset and question.
func t2sAsk(t *testing.T, base, dataset, question string) (int, t2sResponse, string) {
	t.Helper()
	resp, err := http.Get(base + "/?" + url.Values{"dataset": {dataset}, "question": {question}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&raw); err != nil {
		t.Fatalf("reply is not JSON: %v", err)
	}
	var r t2sResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("reply %s: %v", raw, err)
	}
	return resp.StatusCode, r, string(raw)
}

func TestHandlerDatasets(t *testing.T) {
	demoP, err := New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	corpP, err := New(turtleCollection(t, "corporate", `@prefix ex: <http://corp.example/> .
ex:alice a ex:Employee ; ex:name "Alice Müller" ; ex:department ex:sales .
ex:bob a ex:Employee ; ex:name "Bob Stone" ; ex:department ex:research .
ex:sales a ex:Department ; ex:label "Sales" .
ex:research a ex:Department ; ex:label "Research" .
`))
	if err != nil {
		t.Fatal(err)
	}
	const (
		demoID = "https://text2sparql.aksw.org/2025/dbpedia/"
		corpID = "https://text2sparql.aksw.org/2025/corporate/"
	)
	srv := httptest.NewServer(demoP.Handler(HandlerOptions{Datasets: map[string]*Pipeline{demoID: demoP, corpID: corpP}}))
	defer srv.Close()

	for _, c := range []struct{ dataset, question, want string }{
		{demoID, "How many films did Ada Brook direct?", "directedBy"},
		{corpID, "How many employees are there?", "http://corp.example/"},
	} {
		status, r, raw := t2sAsk(t, srv.URL, c.dataset, c.question)
		if status != http.StatusOK || r.Dataset == nil || *r.Dataset != c.dataset || r.Question == nil || *r.Question != c.question ||
			r.Query == nil || !strings.Contains(*r.Query, c.want) {
			t.Errorf("%s: %d %s (want the query to mention %s)", c.dataset, status, raw, c.want)
		}
	}

	// A question nothing verifies still gets 200 and a query string.
	status, r, raw := t2sAsk(t, srv.URL, corpID, "Which department has the most employees named after a river?")
	if status != http.StatusOK || r.Query == nil || r.Verified && *r.Query == "" {
		t.Errorf("unverified question: %d %s", status, raw)
	}
	if r.Query != nil && *r.Query == "" && r.NoAnswer == "" {
		t.Errorf("an empty query without a reason: %s", raw)
	}
	if r.Verified {
		t.Errorf("the question was verified, so the unverified path went untested: %s", raw)
	}

	// An unknown dataset is a clear 400 naming the known ones.
	resp, err := http.Get(srv.URL + "/?" + url.Values{"dataset": {"https://example.org/unknown/"}, "question": {"How many?"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	var e struct{ Error string }
	_ = json.NewDecoder(resp.Body).Decode(&e)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(e.Error, "unknown dataset") || !strings.Contains(e.Error, corpID) {
		t.Errorf("unknown dataset: %d %q", resp.StatusCode, e.Error)
	}
}
