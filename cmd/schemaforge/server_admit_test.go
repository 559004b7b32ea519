package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestAdmitter saturates the admission of a handler whose queries are
// held in flight, by slots (one) and by memory (a 1GiB budget, 512MiB per
// query, eight slots): the next query gets 503 with Retry-After: 1 and a
// plain-text reason naming the limit, a request that runs no query (the
// service description) still gets through, and once the held queries end
// queries are admitted again.
func TestAdmitter(t *testing.T) {
	for _, c := range []struct {
		name        string
		concurrent  int
		budget, per int64
		held        int
		reason      string
	}{
		{"slots", 1, 0, 0, 1, "1 queries are running, its limit (--max-concurrent)"},
		{"memory", 8, 1 << 30, 512 << 20, 2, "memory budget of 1GiB (--memory-budget; 512MiB per query)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			adm, err := newAdmitter(c.concurrent, c.budget, c.per, 20*time.Millisecond, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			if adm.capacity() != c.held {
				t.Errorf("capacity %d, want %d", adm.capacity(), c.held)
			}
			entered, gate := make(chan struct{}, 16), make(chan struct{})
			srv := httptest.NewServer(adm.limit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Query().Has("query") {
					entered <- struct{}{}
					<-gate
				}
				_, _ = io.WriteString(w, "ok")
			})))
			defer srv.Close()
			get := func(q string) (int, string, string) {
				resp, err := http.Get(srv.URL + q)
				if err != nil {
					t.Error(err)
					return 0, "", ""
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, resp.Header.Get("Retry-After"), string(b)
			}
			var wg sync.WaitGroup
			for range c.held {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if status, _, body := get("/?query=held"); status != 200 {
						t.Errorf("held query: %d %s", status, body)
					}
				}()
				<-entered
			}
			status, retry, body := get("/?query=more")
			if status != http.StatusServiceUnavailable || retry != "1" || !strings.Contains(body, c.reason) || !strings.Contains(body, "retry after 1 s") {
				t.Errorf("saturated: %d, Retry-After %q, %q", status, retry, body)
			}
			if status, _, _ := get("/"); status != 200 {
				t.Errorf("description while saturated: %d", status)
			}
			close(gate)
			wg.Wait()
			if status, _, body := get("/?query=after"); status != 200 {
				t.Errorf("after the held queries: %d %s", status, body)
			}
		})
	}
	if _, err := newAdmitter(4, 256<<20, 512<<20, time.Second, slog.New(slog.DiscardHandler)); err == nil {
		t.Error("a budget below one query's reservation was accepted")
	}
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{
		"512MiB": 512 << 20, "2GiB": 2 << 30, "1048576": 1 << 20, "3 KiB": 3 << 10, "2GB": 2e9, "10B": 10, "0": 0,
	} {
		var b byteSize
		if err := b.Set(in); err != nil || int64(b) != want {
			t.Errorf("%q: %d, %v; want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"", "-1", "1.5GiB", "GiB", "12XB", "9999999999TiB"} {
		var b byteSize
		if err := b.Set(in); err == nil {
			t.Errorf("%q accepted as %d", in, b)
		}
	}
	for n, want := range map[int64]string{512 << 20: "512MiB", 2 << 30: "2GiB", 1000: "1000", 0: "0"} {
		if b := byteSize(n); b.String() != want {
			t.Errorf("%d prints as %q, want %q", n, b.String(), want)
		}
	}
}

// TestServerFlagsCheck checks the default write timeout (after the query
// timeout) and that a write timeout the query timeout reaches is refused.
func TestServerFlagsCheck(t *testing.T) {
	for _, c := range []struct {
		write, timeout, want time.Duration
		ok                   bool
	}{
		{0, time.Minute, time.Minute + writeSlack, true},
		{0, 0, writeTimeoutNoLimit, true},
		{2 * time.Second, time.Second, 2 * time.Second, true},
		{time.Second, time.Second, 0, false},
		{-time.Second, time.Second, 0, false},
	} {
		read, grace, write := time.Minute, time.Second, c.write
		sf := &serverFlags{readTimeout: &read, writeTimeout: &write, grace: &grace}
		err := sf.check(c.timeout)
		if (err == nil) != c.ok || c.ok && *sf.writeTimeout != c.want {
			t.Errorf("--write-timeout %v --timeout %v: %v, %v", c.write, c.timeout, *sf.writeTimeout, err)
		}
	}
}
