package servertest

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestStalledPost checks that the server sees the announced length and
// the partial body, times out reading the rest, and that the answer and
// the client's address come back.
func TestStalledPost(t *testing.T) {
	got := make(chan string, 1)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		got <- string(b)
		if r.ContentLength != 100 || err == nil {
			w.WriteHeader(http.StatusOK)
			return
		}
		w.WriteHeader(http.StatusRequestTimeout)
		_, _ = io.WriteString(w, "late")
	}))
	srv.Config.ReadTimeout = 200 * time.Millisecond
	srv.Start()
	defer srv.Close()
	a := StalledPost(t, srv.Listener.Addr().String(), "/x", "text/plain", "part", 100, 10*time.Second)
	if a.Status != http.StatusRequestTimeout || a.Body != "late" {
		t.Errorf("answer %d %q, want 408 \"late\"", a.Status, a.Body)
	}
	if body := <-got; body != "part" {
		t.Errorf("the server read %q, want the partial body", body)
	}
	if host, _, err := net.SplitHostPort(a.LocalAddr); err != nil || host != "127.0.0.1" {
		t.Errorf("LocalAddr %q", a.LocalAddr)
	}
}
