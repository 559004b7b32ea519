package schemaforge

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
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

func TestHandlerBusy(t *testing.T) {
	p, _ := New(demoCollection(t))
	h := &handler{p: p, o: HandlerOptions{Timeout: time.Minute, MaxConcurrent: 1, MaxBody: 1 << 10, MaxQuestion: 100, Logger: slog.New(slog.DiscardHandler)}, slots: make(chan struct{}, 1)}
	h.slots <- struct{}{} // one question in flight
	rec := httptest.NewRecorder()
	h.ask(rec, httptest.NewRequest("POST", "/ask", strings.NewReader(`{"question":"How many films did Ada Brook direct?"}`)))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("busy: %d", rec.Code)
	}
	<-h.slots
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			h.ask(rec, httptest.NewRequest("POST", "/ask", strings.NewReader(`{"question":"How many films did Ada Brook direct?"}`)))
			if rec.Code != 200 && rec.Code != 503 {
				t.Errorf("status %d", rec.Code)
			}
		}()
	}
	wg.Wait()
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
