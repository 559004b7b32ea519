package kg

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// serve runs one request through h and returns the recorder.
func serve(h http.Handler, method, target, ctype, accept, body string) *httptest.ResponseRecorder {
	var r *http.Request
	if body != "" || method == http.MethodPost {
		r = httptest.NewRequest(method, target, strings.NewReader(body))
	} else {
		r = httptest.NewRequest(method, target, nil)
	}
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if accept != "" {
		r.Header.Set("Accept", accept)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestHandlerProtocol(t *testing.T) {
	h := NewHandler(protoStore(t), WithMaxQueryBytes(4000))
	sel := "PREFIX : <http://example.org/> SELECT ?n WHERE { ?s :name ?n }"
	cons := "CONSTRUCT WHERE { ?s ?p ?o }"
	form := "application/x-www-form-urlencoded"
	get := func(q string) string { return "/sparql?query=" + url.QueryEscape(q) }
	long := "SELECT * WHERE { ?s ?p ?o } #" + strings.Repeat("x", 5000)
	tests := []struct {
		name, method, target, ctype, accept, body string
		status                                    int
		wantType                                  string // media type of the answer
		wantBody                                  string // substring of the body
	}{
		{"description", "GET", "/sparql", "", "", "", 200, "text/plain", "read-only SPARQL 1.1 Protocol"},
		{"select GET", "GET", get(sel), "", "", "", 200, sparql.MediaTypeResultsJSON, `"Alice"`},
		{"select any", "GET", get(sel), "", "*/*", "", 200, sparql.MediaTypeResultsJSON, `"vars"`},
		{"select XML", "GET", get(sel), "", "application/sparql-results+xml", "", 200, sparql.MediaTypeResultsXML, "<sparql"},
		{"select XML preferred", "GET", get(sel), "", "application/sparql-results+json;q=0.5, application/sparql-results+xml", "", 200, sparql.MediaTypeResultsXML, "<sparql"},
		{"select application/*", "GET", get(sel), "", "application/*", "", 200, sparql.MediaTypeResultsJSON, `"vars"`},
		{"select q=0 refuses", "GET", get(sel), "", "application/sparql-results+json;q=0, application/sparql-results+xml;q=0.1", "", 200, sparql.MediaTypeResultsXML, "<sparql"},
		{"select CSV only", "GET", get(sel), "", "text/csv", "", 406, "text/plain", "no acceptable format for a SELECT answer"},
		{"ask", "GET", get("ASK {}"), "", "", "", 200, sparql.MediaTypeResultsJSON, `"boolean": true`},
		{"construct", "GET", get(cons), "", "", "", 200, "application/n-triples", `"Alicia"@es .`},
		{"construct turtle", "GET", get(cons), "", "text/turtle", "", 200, "text/turtle", `<http://example.org/alice>`},
		{"construct JSON results", "GET", get(cons), "", sparql.MediaTypeResultsJSON, "", 406, "text/plain", "CONSTRUCT"},
		{"post form", "POST", "/sparql", form, "", "query=" + url.QueryEscape(sel), 200, sparql.MediaTypeResultsJSON, `"Alice"`},
		{"post direct", "POST", "/sparql", "application/sparql-query", "", sel, 200, sparql.MediaTypeResultsJSON, `"Alice"`},
		{"post direct with graph", "POST", "/sparql?default-graph-uri=" + url.QueryEscape("http://example.org/g1"), "application/sparql-query; charset=utf-8", "", "SELECT ?o { ?s ?p ?o }", 200, sparql.MediaTypeResultsJSON, `"Carol"`},
		{"named graph param", "GET", get("SELECT ?g { GRAPH ?g { ?s ?p ?o } }") + "&named-graph-uri=http%3A%2F%2Fexample.org%2Fnone", "", "", "", 200, sparql.MediaTypeResultsJSON, `"bindings": []`},
		{"relative graph", "GET", get(sel) + "&default-graph-uri=g1", "", "", "", 400, "text/plain", "not an absolute IRI"},
		{"update param", "POST", "/sparql", form, "", "update=" + url.QueryEscape("CLEAR ALL"), 400, "text/plain", "read-only"},
		{"update body", "POST", "/sparql", "application/sparql-update", "", "CLEAR ALL", 400, "text/plain", "read-only"},
		{"update as query", "GET", get("INSERT DATA { <http://a/b> <http://a/c> 1 }"), "", "", "", 400, "text/plain", "read-only"},
		{"service", "GET", get("SELECT * { SERVICE <http://example.org/x> { ?s ?p ?o } }"), "", "", "", 400, "text/plain", "SERVICE"},
		{"parse error", "GET", get("SELECT ?x WHERE { ?x ?p }"), "", "", "", 400, "text/plain", "1:"},
		{"empty query", "GET", "/sparql?query=", "", "", "", 400, "text/plain", "empty query"},
		{"two queries", "GET", get("ASK {}") + "&query=ASK%7B%7D", "", "", "", 400, "text/plain", "exactly one"},
		{"post without query", "POST", "/sparql", form, "", "default-graph-uri=x", 400, "text/plain", "no query"},
		{"query in URL and body", "POST", get("ASK {}"), "application/sparql-query", "", "ASK {}", 400, "text/plain", "send one"},
		{"bad content type", "POST", "/sparql", "text/plain", "", "ASK {}", 415, "text/plain", "application/sparql-query"},
		{"missing content type", "POST", "/sparql", "", "", "ASK {}", 415, "text/plain", "Content-Type"},
		{"bad form", "POST", "/sparql", form, "", "query=%zz", 400, "text/plain", "bad form"},
		{"bad URL query", "GET", "/sparql?query=%zz", "", "", "", 400, "text/plain", "bad query string"},
		{"put", "PUT", "/sparql", "", "", "", 405, "text/plain", "not allowed"},
		{"long GET", "GET", get(long), "", "", "", 414, "text/plain", "limit of 4000 bytes"},
		{"long POST form", "POST", "/sparql", form, "", "query=" + url.QueryEscape(long), 413, "text/plain", "limit of 4000 bytes"},
		{"long POST direct", "POST", "/sparql", "application/sparql-query", "", long, 413, "text/plain", "limit of 4000 bytes"},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			w := serve(h, c.method, c.target, c.ctype, c.accept, c.body)
			if w.Code != c.status {
				t.Fatalf("status %d, want %d; body:\n%s", w.Code, c.status, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, c.wantType) {
				t.Errorf("Content-Type %q, want %q", ct, c.wantType)
			}
			if !strings.Contains(w.Body.String(), c.wantBody) {
				t.Errorf("body does not contain %q:\n%s", c.wantBody, w.Body)
			}
		})
	}
	if w := serve(h, "PUT", "/sparql", "", "", ""); w.Header().Get("Allow") == "" {
		t.Error("405 without Allow")
	}
}

func TestHandlerCORS(t *testing.T) {
	h := NewHandler(protoStore(t), WithCORSOrigin("*"))
	w := serve(h, "OPTIONS", "/sparql", "", "", "")
	if w.Code != http.StatusNoContent || w.Header().Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(w.Header().Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight: %d %v", w.Code, w.Header())
	}
	w = serve(h, "GET", "/sparql?query=ASK%7B%7D", "", "", "")
	if w.Code != 200 || w.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("query: %d %v", w.Code, w.Header())
	}
	w = serve(NewHandler(protoStore(t)), "OPTIONS", "/sparql", "", "", "")
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("OPTIONS without CORS: %d %v", w.Code, w.Header())
	}
}

func TestHandlerErrors(t *testing.T) {
	blocking := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	w := serve(NewHandler(blocking, WithQueryTimeout(20*time.Millisecond)), "GET", "/?query=ASK%7B%7D", "", "", "")
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "out of time") {
		t.Errorf("timeout: %d %s", w.Code, w.Body)
	}
	failing := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		return nil, errors.New("disk on fire")
	})
	w = serve(NewHandler(failing), "GET", "/?query=ASK%7B%7D", "", "", "")
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), "disk on fire") {
		t.Errorf("failure: %d %s", w.Code, w.Body)
	}
	bad := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		return &sparql.Results{Vars: []string{"x", "x"}, Rows: []sparql.Row{}}, nil
	})
	w = serve(NewHandler(bad), "GET", "/?query=SELECT%20*%7B%7D", "", "", "")
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), "twice") {
		t.Errorf("unwritable results: %d %s", w.Code, w.Body)
	}
	// The dataset parameters reach the endpoint as FROM clauses.
	var got string
	echo := EndpointFunc(func(ctx context.Context, q string) (*sparql.Results, error) {
		got = q
		return &sparql.Results{Vars: []string{}, Rows: []sparql.Row{}}, nil
	})
	w = serve(NewHandler(echo), "GET", "/?query=SELECT%20*%20FROM%20%3Chttp://a/old%3E%20%7B%7D&default-graph-uri=http://a/g&named-graph-uri=http://a/n", "", "", "")
	if w.Code != 200 || !strings.Contains(got, "FROM <http://a/g>") || !strings.Contains(got, "FROM NAMED <http://a/n>") || strings.Contains(got, "old") {
		t.Errorf("dataset: %d, query sent %q", w.Code, got)
	}
}

func TestNegotiate(t *testing.T) {
	offers := offersFor(sparql.Select)
	for _, c := range []struct {
		accept []string
		want   string
		ok     bool
	}{
		{nil, sparql.MediaTypeResultsJSON, true},
		{[]string{""}, sparql.MediaTypeResultsJSON, true},
		{[]string{"text/html, */*;q=0.1"}, sparql.MediaTypeResultsJSON, true},
		{[]string{"application/xml"}, "application/xml", true},
		{[]string{"text/html", "application/sparql-results+xml"}, sparql.MediaTypeResultsXML, true},
		{[]string{"application/json;q=0.9, application/sparql-results+json;q=0.1"}, "application/json", true},
		{[]string{"*/*;q=0.5, application/sparql-results+json;q=0"}, sparql.MediaTypeResultsXML, true},
		{[]string{"text/csv, text/tab-separated-values"}, "", false},
		{[]string{"garbage;;;"}, sparql.MediaTypeResultsJSON, true},
	} {
		got, ok := negotiate(c.accept, offers)
		if got != c.want || ok != c.ok {
			t.Errorf("negotiate(%q) = %q, %v; want %q, %v", c.accept, got, ok, c.want, c.ok)
		}
	}
}

// FuzzHandler checks that no request makes the handler panic or answer
// outside the statuses it documents, and that its 200 answers parse.
func FuzzHandler(f *testing.F) {
	f.Add("GET", "query=ASK%7B%7D", "", "", "")
	f.Add("GET", "query=SELECT+*+%7B%3Fs+%3Fp+%3Fo%7D", "", "application/sparql-results+xml", "")
	f.Add("POST", "", "application/x-www-form-urlencoded", "", "query=CONSTRUCT+WHERE+%7B%3Fs+%3Fp+%3Fo%7D")
	f.Add("POST", "default-graph-uri=http%3A%2F%2Fexample.org%2Fg1", "application/sparql-query", "text/turtle", "DESCRIBE <http://example.org/alice>")
	f.Add("POST", "", "application/sparql-update", "", "CLEAR ALL")
	f.Add("GET", "update=x&query=y", "", "*/*", "")
	f.Add("DELETE", "", "", "", "")
	st := protoStore(f)
	h := NewHandler(st, WithQueryTimeout(time.Second), WithMaxQueryBytes(1<<12))
	allowed := map[int]bool{200: true, 400: true, 405: true, 406: true, 413: true, 414: true, 415: true, 500: true, 503: true}
	f.Fuzz(func(t *testing.T, method, rawQuery, ctype, accept, body string) {
		switch method {
		case "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS":
		default:
			method = "GET"
		}
		r := httptest.NewRequest(method, "/sparql", strings.NewReader(body))
		r.URL.RawQuery = rawQuery
		r.Header.Set("Content-Type", ctype)
		r.Header.Set("Accept", accept)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if !allowed[w.Code] {
			t.Fatalf("status %d:\n%s", w.Code, w.Body)
		}
		if w.Code != 200 || method == "HEAD" {
			return
		}
		ct := w.Header().Get("Content-Type")
		switch {
		case strings.HasPrefix(ct, "text/plain") && w.Body.Len() > 0 && !strings.Contains(rawQuery+body, "query"):
			// the service description
		case strings.Contains(ct, "sparql-results"), strings.HasPrefix(ct, "application/json"), strings.HasPrefix(ct, "application/xml"):
			if _, err := sparql.ReadResults(io.NopCloser(w.Body), ct); err != nil {
				t.Fatalf("unreadable %s answer: %v\n%s", ct, err, w.Body)
			}
		}
	})
}
