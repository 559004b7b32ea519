package schemaforge

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/schemaforge/go-schemaforge/handoff"
)

// webServer serves the demo pipeline's handler with two example
// questions.
func webServer(t *testing.T) *httptest.Server {
	t.Helper()
	p, err := New(demoCollection(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.Handler(HandlerOptions{Examples: []string{"How many films did Ada Brook direct?", "What is the capital of Chile?"}, Version: "v9.9.9-test"}))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, u string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestOpenAPIDescribesEveryRoute loads /openapi.json with kin-openapi,
// validates it as an OpenAPI 3 document, and checks that its paths and
// methods are exactly the routes the handler's mux serves, and that each
// documented GET path answers something other than 404 or 405.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	srv := webServer(t)
	resp, body := get(t, srv.URL+"/openapi.json")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET /openapi.json: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatalf("/openapi.json is not JSON: %v", err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil {
		t.Fatalf("loading /openapi.json: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("/openapi.json is not a valid OpenAPI 3 document: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.0.") {
		t.Errorf("openapi %q, want 3.0.x", doc.OpenAPI)
	}

	var served []string
	for _, rt := range (&handler{}).routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		served = append(served, method+" "+strings.TrimSuffix(path, "{$}"))
	}
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	slices.Sort(served)
	slices.Sort(documented)
	if !slices.Equal(served, documented) {
		t.Errorf("the mux serves\n  %v\nbut /openapi.json documents\n  %v", served, documented)
	}

	fill := strings.NewReplacer("{graph}", "films", "{file}", "app.js")
	for _, route := range documented {
		method, path, _ := strings.Cut(route, " ")
		if method != http.MethodGet {
			continue
		}
		resp, _ := get(t, srv.URL+fill.Replace(path))
		if resp.StatusCode == 404 || resp.StatusCode == 405 {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
		}
	}
}

// TestOpenAPIDocumentsTheAnswer checks that every JSON member of the
// artifacts POST /ask returns is a property of its schema in
// /openapi.json, so the description keeps up with handoff's types.
func TestOpenAPIDocumentsTheAnswer(t *testing.T) {
	data, err := webFiles.ReadFile("web/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	// The results members written by the custom MarshalJSON methods.
	extra := map[string][]string{"Answer": {"results", "table"}, "Record": {"results"}}
	for name, v := range map[string]any{
		"Answer": handoff.Answer{}, "Provenance": handoff.Provenance{}, "Record": handoff.Record{},
		"Candidate": handoff.Candidate{}, "Check": handoff.Check{}, "Perturbation": handoff.Perturbation{},
		"Commitment": handoff.Commitment{}, "Allocation": handoff.Allocation{}, "GraphScore": handoff.GraphScore{},
		"TermMatch": handoff.TermMatch{}, "Trace": handoff.Trace{}, "Event": handoff.Event{},
		"Decomposition": handoff.Decomposition{}, "Subgoal": handoff.Subgoal{},
	} {
		schema, ok := doc.Components.Schemas[name]
		if !ok {
			t.Errorf("/openapi.json has no schema %s", name)
			continue
		}
		members := extra[name]
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			tag := typ.Field(i).Tag.Get("json")
			if n, _, _ := strings.Cut(tag, ","); n != "" && n != "-" {
				members = append(members, n)
			}
		}
		for _, m := range members {
			if _, ok := schema.Properties[m]; !ok {
				t.Errorf("schema %s in /openapi.json lacks the member %q of handoff.%s", name, m, name)
			}
		}
	}
}

// TestWebRoutes checks the page, its assets, /health, /examples and the
// graphs' SPARQL endpoints.
func TestWebRoutes(t *testing.T) {
	srv := webServer(t)

	resp, body := get(t, srv.URL+"/")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
		t.Errorf("GET /: Content-Security-Policy %q", csp)
	}
	// Every script and style sheet the page loads is served here.
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(string(body), -1)
	if len(refs) < 2 {
		t.Fatalf("the page loads nothing: %s", body)
	}
	for _, m := range refs {
		ref := m[1]
		if strings.HasPrefix(ref, "data:") {
			continue
		}
		u, err := url.Parse(ref)
		if err != nil || u.IsAbs() || strings.HasPrefix(ref, "//") {
			t.Errorf("the page refers to %q: everything must come from the server itself", ref)
			continue
		}
		if r, _ := get(t, srv.URL+"/"+ref); r.StatusCode != 200 {
			t.Errorf("GET /%s: %d", ref, r.StatusCode)
		}
	}
	for path, ctype := range map[string]string{"/assets/app.js": "text/javascript", "/assets/style.css": "text/css"} {
		if r, _ := get(t, srv.URL+path); r.StatusCode != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), ctype) {
			t.Errorf("GET %s: %d %s", path, r.StatusCode, r.Header.Get("Content-Type"))
		}
	}
	for _, path := range []string{"/assets/openapi.json", "/assets/index.html", "/assets/..%2fweb.go", "/assets/"} {
		if r, _ := get(t, srv.URL+path); r.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, r.StatusCode)
		}
	}

	var health struct {
		OK      bool   `json:"ok"`
		Graphs  int    `json:"graphs"`
		Version string `json:"version"`
	}
	resp, body = get(t, srv.URL+"/health")
	if err := json.Unmarshal(body, &health); err != nil || resp.StatusCode != 200 || !health.OK || health.Graphs != 4 || health.Version != "v9.9.9-test" {
		t.Errorf("GET /health: %d %s (%v)", resp.StatusCode, body, err)
	}

	var ex struct{ Examples, Graphs []string }
	resp, body = get(t, srv.URL+"/examples")
	if err := json.Unmarshal(body, &ex); err != nil || resp.StatusCode != 200 || len(ex.Examples) != 2 ||
		!slices.Equal(slices.Sorted(slices.Values(ex.Graphs)), []string{"cities", "films", "football", "music"}) {
		t.Errorf("GET /examples: %d %s (%v)", resp.StatusCode, body, err)
	}

	// The SPARQL endpoint of a graph runs a read-only query there, and
	// only there.
	count := func(graph string) (int, string) {
		q := url.Values{"query": {"SELECT (COUNT(?f) AS ?n) WHERE { ?f a <http://example.org/films/Film> }"}}
		resp, body := get(t, srv.URL+"/sparql/"+graph+"?"+q.Encode())
		return resp.StatusCode, string(body)
	}
	if status, body := count("films"); status != 200 || !strings.Contains(body, `"value": "`) || strings.Contains(body, `"value": "0"`) {
		t.Errorf("films: %d %s", status, body)
	}
	if status, body := count("music"); status != 200 || !strings.Contains(body, `"value": "0"`) {
		t.Errorf("music has no films: %d %s", status, body)
	}
	if status, body := count("nowhere"); status != 404 || !strings.Contains(body, "films") {
		t.Errorf("unknown graph: %d %s", status, body)
	}
	for _, q := range []string{"INSERT DATA { <a:a> <a:b> <a:c> }", "SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }", "SELECT WHERE"} {
		if r, body := get(t, srv.URL+"/sparql/films?"+url.Values{"query": {q}}.Encode()); r.StatusCode != 400 {
			t.Errorf("%s: %d %s", q, r.StatusCode, body)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/sparql/films", strings.NewReader("query=ASK{}"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != 405 {
		t.Errorf("POST /sparql/films: %v %v", r, err)
	} else {
		r.Body.Close()
	}
}

// TestPageInsertsNoHTML keeps the page's script from parsing data as
// HTML: every value is inserted as text.
func TestPageInsertsNoHTML(t *testing.T) {
	js, err := webFiles.ReadFile("web/app.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "http://", "https://"} {
		if strings.Contains(string(js), bad) {
			t.Errorf("app.js uses %s", bad)
		}
	}
}
