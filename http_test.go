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
