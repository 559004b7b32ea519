package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
)

// heldRequest is a POST whose headers are sent with "Expect:
// 100-continue" and whose body is held back: once the server has answered
// 100 Continue, its handler is running and reading the body, so the
// request is in flight until finish sends the body.
type heldRequest struct {
	conn net.Conn
	br   *bufio.Reader
	body string
}

// holdRequest sends the headers of a POST of body to path on host and
// waits for 100 Continue.
func holdRequest(t *testing.T, host, path, contentType, body string) *heldRequest {
	t.Helper()
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n",
		path, host, contentType, len(body))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusContinue {
		t.Fatalf("want 100 Continue, got %v %v", resp, err)
	}
	return &heldRequest{conn: conn, br: br, body: body}
}

// finish sends the body and returns the status and the body of the
// answer.
func (h *heldRequest) finish() (int, string, error) {
	if _, err := io.WriteString(h.conn, h.body); err != nil {
		return 0, "", err
	}
	resp, err := http.ReadResponse(h.br, nil)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// finishAll finishes the held requests at once and fails t unless each is
// answered 200 with a body that check accepts.
func finishAll(t *testing.T, held []*heldRequest, check func(body string) bool) {
	t.Helper()
	var wg sync.WaitGroup
	for i, h := range held {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body, err := h.finish()
			if err != nil || status != 200 || !check(body) {
				t.Errorf("request %d in flight: %d %v %.200q", i, status, err, body)
			}
		}()
	}
	wg.Wait()
}

// waitFor waits until buf holds want, failing t after 20 s or as soon as
// exited (if not nil) is closed.
func waitFor(t *testing.T, buf *syncbuf.Buffer, want string, exited <-chan struct{}) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(buf.String(), want); time.Sleep(5 * time.Millisecond) {
		select {
		case <-exited:
			if !strings.Contains(buf.String(), want) {
				t.Fatalf("exited without %q in:\n%s", want, buf)
			}
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", want, buf)
		}
	}
}

// refusesConnections waits until host refuses connections, failing t if
// it still accepts them after 10 s.
func refusesConnections(t *testing.T, host string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		c, err := net.DialTimeout("tcp", host, time.Second)
		if err != nil {
			return
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the server still accepts connections while draining")
		}
	}
}

// TestEndpointDrainSignal builds the schemaforge binary, runs "endpoint"
// on the bundled demo data as a process, puts 20 queries in flight and
// sends SIGTERM (then, in a second run, SIGINT): the server stops
// accepting connections, all 20 queries are answered 200 with their
// results, and the process exits 0.
func TestEndpointDrainSignal(t *testing.T) {
	needStore(t)
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "schemaforge")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "endpoint", "--data", "../../examples/data/people.ttl", "--addr", "127.0.0.1:0",
				"--max-concurrent", "20", "--memory-budget", "10GiB")
			stderr := &syncbuf.Buffer{}
			cmd.Stderr = stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			var waitErr error
			go func() { waitErr = cmd.Wait(); close(exited) }()
			defer func() {
				select {
				case <-exited:
				default:
					_ = cmd.Process.Kill()
					<-exited
				}
			}()
			waitFor(t, stderr, "listening on", exited)
			m := listeningRE.FindStringSubmatch(stderr.String())
			u, err := url.Parse(m[1])
			if err != nil {
				t.Fatal(err)
			}

			held := make([]*heldRequest, 20)
			for i := range held {
				held[i] = holdRequest(t, u.Host, "/sparql", "application/sparql-query", "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			waitFor(t, stderr, "draining 20 requests in flight", exited)
			refusesConnections(t, u.Host)
			finishAll(t, held, func(body string) bool {
				var res struct {
					Results struct {
						Bindings []map[string]struct{ Value string }
					}
				}
				return json.Unmarshal([]byte(body), &res) == nil && len(res.Results.Bindings) == 1 && res.Results.Bindings[0]["n"].Value != ""
			})
			select {
			case <-exited:
				if waitErr != nil {
					t.Errorf("exit: %v; stderr:\n%s", waitErr, stderr)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("the process did not exit after its requests were answered; stderr:\n%s", stderr)
			}
			if !strings.Contains(stderr.String(), "stopped") {
				t.Errorf("no stop message:\n%s", stderr)
			}
		})
	}
}

// TestServeDrain puts three questions in flight on "schemaforge serve",
// cancels its context as an interrupt does, and checks that the server
// stops accepting connections, answers all three with 200 and exits 0.
func TestServeDrain(t *testing.T) {
	base, stderr, stop := startCLI(t, 20*time.Second, "serve", "--addr", "127.0.0.1:0")
	u, _ := url.Parse(base)
	held := make([]*heldRequest, 3)
	for i := range held {
		held[i] = holdRequest(t, u.Host, "/ask", "application/json", `{"question": "How many films did Ada Brook direct?"}`)
	}
	stopped := make(chan int, 1)
	go func() { stopped <- stop() }()
	waitFor(t, stderr, "draining 3 requests in flight", nil)
	refusesConnections(t, u.Host)
	finishAll(t, held, func(body string) bool { return strings.Contains(body, "directedBy") })
	if code := <-stopped; code != exitOK {
		t.Errorf("exit %d (-1: did not stop); stderr:\n%s", code, stderr)
	}
}

// TestServeUntilDoneGrace runs serveUntilDone on a handler that answers
// only when its request is cancelled. An interrupt (ctx cancelled) does
// not cancel the request; the end of the grace period does, the request
// is still answered, and the exit status says the drain was not clean.
func TestServeUntilDoneGrace(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered := make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-r.Context().Done()
		plainError(w, http.StatusServiceUnavailable, "cancelled")
	})}
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &syncbuf.Buffer{}
	done := make(chan int, 1)
	go func() { done <- serveUntilDone(ctx, &env{stderr: stderr}, srv, ln, 200*time.Millisecond, "test") }()
	answered := statusOf("http://" + ln.Addr().String() + "/")
	<-entered
	cancel()
	if status := <-answered; status != http.StatusServiceUnavailable {
		t.Errorf("the request cancelled at the end of the grace period got %d", status)
	}
	if code := <-done; code != exitFail || !strings.Contains(stderr.String(), "grace period of 200ms over: cancelled 1 requests") {
		t.Errorf("exit %d; stderr:\n%s", code, stderr)
	}
}

// TestServeUntilDoneInterrupt checks that an interrupt lets a request in
// flight finish uncancelled: the handler, let through after the drain has
// begun, still finds its context live.
func TestServeUntilDoneInterrupt(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered, gate := make(chan struct{}), make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-gate
		if r.Context().Err() != nil {
			plainError(w, http.StatusServiceUnavailable, "cancelled")
			return
		}
		_, _ = io.WriteString(w, "done")
	})}
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &syncbuf.Buffer{}
	done := make(chan int, 1)
	go func() { done <- serveUntilDone(ctx, &env{stderr: stderr}, srv, ln, 10*time.Second, "test") }()
	answered := statusOf("http://" + ln.Addr().String() + "/")
	<-entered
	cancel()
	waitFor(t, stderr, "draining 1 requests in flight", nil)
	close(gate)
	if status := <-answered; status != 200 {
		t.Errorf("the request in flight at the interrupt got %d", status)
	}
	if code := <-done; code != exitOK {
		t.Errorf("exit %d; stderr:\n%s", code, stderr)
	}
}

// statusOf GETs url in the background and sends its status (0 when the
// request fails).
func statusOf(url string) <-chan int {
	answered := make(chan int, 1)
	go func() {
		resp, err := http.Get(url)
		if err != nil {
			answered <- 0
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	return answered
}
