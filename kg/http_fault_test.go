package kg

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestHTTPEndpointRetryPolicy: only what can succeed is retried.
func TestHTTPEndpointRetryPolicy(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		body     string
		attempts int64
	}{
		{"429", http.StatusTooManyRequests, "slow down", 4},
		{"502", http.StatusBadGateway, "bad gateway", 4},
		{"503", http.StatusServiceUnavailable, "unavailable", 4},
		{"504", http.StatusGatewayTimeout, "gateway timeout", 4},
		{"500 once", http.StatusInternalServerError, "out of memory", 2},
		{"500 intermediate cap", http.StatusInternalServerError, "query failed: store: intermediate results exceed the cap (1000000 rows)", 1},
		{"500 Virtuoso SL001", http.StatusInternalServerError, "Virtuoso 22023 Error SL001: The SPARQL 1.1 function strlen() needs a string value", 1},
		{"400", http.StatusBadRequest, "Virtuoso 37000 Error SP030: SPARQL compiler", 1},
		{"408", http.StatusRequestTimeout, "request timeout", 1},
		{"501", http.StatusNotImplemented, "not implemented", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hits atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				http.Error(w, tt.body, tt.status)
			}))
			defer srv.Close()
			ep, _ := newTestEndpoint(t, srv.URL, WithRetries(3))
			_, err := ep.Query(context.Background(), "ASK {}")
			var he *HTTPError
			if !errors.As(err, &he) || he.StatusCode != tt.status {
				t.Fatalf("err = %v, want an HTTPError with status %d", err, tt.status)
			}
			if n := hits.Load(); n != tt.attempts || int64(he.Attempts) != tt.attempts {
				t.Errorf("%d requests (%d attempts), want %d", n, he.Attempts, tt.attempts)
			}
			if st := ep.Stats(); st.Failed != 1 || st.Attempts != tt.attempts || st.ByStatus[tt.status] != 1 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

// TestHTTPEndpointRedirects: custom headers stay with their host, a POST
// stays a POST on 307/308, and a redirect that would turn it into a GET is
// refused.
func TestHTTPEndpointRedirects(t *testing.T) {
	type seen struct {
		method, key, query string
	}
	var got atomic.Pointer[seen]
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		q := r.URL.Query().Get("query")
		if q == "" {
			q = string(body)
		}
		got.Store(&seen{r.Method, r.Header.Get("X-Api-Key"), q})
		w.Header().Set("Content-Type", "application/sparql-results+json")
		_, _ = io.WriteString(w, `{"head":{},"boolean":true}`)
	}))
	defer target.Close()
	redirect := func(status int) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u := target.URL + "/sparql"
			if r.URL.RawQuery != "" {
				u += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, u, status)
		}))
	}

	t.Run("GET to another host drops custom headers", func(t *testing.T) {
		got.Store(nil)
		from := redirect(http.StatusFound)
		defer from.Close()
		ep, _ := newTestEndpoint(t, from.URL, WithHeader("X-Api-Key", "s3cret"), WithMethod(QueryViaGet))
		if _, err := ep.Query(context.Background(), "ASK {}"); err != nil {
			t.Fatal(err)
		}
		if s := got.Load(); s == nil || s.key != "" || s.method != "GET" {
			t.Fatalf("the other host saw %+v, want a GET without X-Api-Key", s)
		}
	})
	t.Run("same host keeps custom headers", func(t *testing.T) {
		var key atomic.Value
		mux := http.NewServeMux()
		mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/new?"+r.URL.RawQuery, http.StatusFound)
		})
		mux.HandleFunc("/new", func(w http.ResponseWriter, r *http.Request) {
			key.Store(r.Header.Get("X-Api-Key"))
			w.Header().Set("Content-Type", "application/sparql-results+json")
			_, _ = io.WriteString(w, `{"head":{},"boolean":true}`)
		})
		srv := httptest.NewServer(mux)
		defer srv.Close()
		ep, _ := newTestEndpoint(t, srv.URL+"/old", WithHeader("X-Api-Key", "s3cret"))
		if _, err := ep.Query(context.Background(), "ASK {}"); err != nil {
			t.Fatal(err)
		}
		if key.Load() != "s3cret" {
			t.Fatalf("same-host redirect lost X-Api-Key: %v", key.Load())
		}
	})
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		t.Run("POST kept on "+http.StatusText(status), func(t *testing.T) {
			got.Store(nil)
			from := redirect(status)
			defer from.Close()
			ep, _ := newTestEndpoint(t, from.URL, WithMethod(QueryViaPostDirect))
			res, err := ep.Query(context.Background(), "ASK { ?s ?p ?o }")
			if err != nil {
				t.Fatal(err)
			}
			if s := got.Load(); s == nil || s.method != "POST" || !strings.Contains(s.query, "?s ?p ?o") || !res.IsAsk() {
				t.Fatalf("after %d the target saw %+v", status, s)
			}
		})
	}
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther} {
		t.Run("POST not turned into GET on "+http.StatusText(status), func(t *testing.T) {
			got.Store(nil)
			from := redirect(status)
			defer from.Close()
			ep, _ := newTestEndpoint(t, from.URL, WithMethod(QueryViaPostForm))
			_, err := ep.Query(context.Background(), "ASK { ?s ?p ?o }")
			if err == nil || !strings.Contains(err.Error(), "refusing to follow") || !strings.Contains(err.Error(), target.URL) {
				t.Fatalf("err = %v, want a refusal naming the new address", err)
			}
			if s := got.Load(); s != nil {
				t.Fatalf("the target was called: %+v", s)
			}
			var he *HTTPError
			if errors.As(err, &he) && he.Attempts != 1 {
				t.Errorf("a refused redirect was retried: %d attempts", he.Attempts)
			}
		})
	}
}

// TestHTTPEndpointRedactsKeysInURL: credentials in the query string never
// show in messages.
func TestHTTPEndpointRedactsKeysInURL(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "nope", http.StatusBadRequest)
	}))
	defer srv.Close()
	ep, _ := newTestEndpoint(t, srv.URL+"/sparql?api_key=s3cret1&access_token=s3cret2&default-graph-uri=http%3A%2F%2Fex.org%2Fg&Signature=s3cret3")
	_, err := ep.Query(context.Background(), "ASK {}")
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error() + " " + ep.URL()
	for _, secret := range []string{"s3cret1", "s3cret2", "s3cret3"} {
		if strings.Contains(msg, secret) {
			t.Errorf("message shows %s: %s", secret, msg)
		}
	}
	if !strings.Contains(msg, "api_key=REDACTED") || !strings.Contains(msg, "default-graph-uri=http%3A%2F%2Fex.org%2Fg") {
		t.Errorf("message %s: want api_key=REDACTED and the other parameters as they were", msg)
	}
}
