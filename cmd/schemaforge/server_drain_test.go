package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
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

// buildBinary builds the schemaforge binary into t's temporary directory
// and returns its path. It skips t in -short mode.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "schemaforge")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process is the schemaforge binary running as a child process.
type process struct {
	cmd    *exec.Cmd
	stderr *syncbuf.Buffer
	exited chan struct{} // closed once the process has exited
	err    error         // what cmd.Wait returned; read it after exited is closed
}

// startBinary runs bin with args, its standard error in a buffer. The
// process is killed when t ends if it is still running.
func startBinary(t *testing.T, bin string, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(bin, args...), stderr: &syncbuf.Buffer{}, exited: make(chan struct{})}
	p.cmd.Stderr = p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
	})
	return p
}

// TestEndpointDrainSignal builds the schemaforge binary, runs "endpoint"
// on the bundled demo data as a process, puts 20 queries in flight and
// sends SIGTERM (then, in a second run, SIGINT): the server stops
// accepting connections, all 20 queries are answered 200 with their
// results, and the process exits 0.
func TestEndpointDrainSignal(t *testing.T) {
	needStore(t)
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p := startBinary(t, bin, "endpoint", "--data", "../../examples/data/people.ttl", "--addr", "127.0.0.1:0",
				"--max-concurrent", "20", "--memory-budget", "10GiB")
			stderr := p.stderr
			waitFor(t, stderr, "listening on", p.exited)
			m := listeningRE.FindStringSubmatch(stderr.String())
			u, err := url.Parse(m[1])
			if err != nil {
				t.Fatal(err)
			}

			held := make([]*heldRequest, 20)
			for i := range held {
				held[i] = holdRequest(t, u.Host, "/sparql", "application/sparql-query", "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
			}
			if err := p.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			waitFor(t, stderr, "draining 20 requests in flight", p.exited)
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
			case <-p.exited:
				if p.err != nil {
					t.Errorf("exit: %v; stderr:\n%s", p.err, stderr)
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

// TestEndpointStopWhileLoading runs the binary's "endpoint" on an
// N-Triples file of 300,000 triples and sends SIGTERM (then, in a second
// run, SIGINT) once it has begun loading them: the process is not killed
// by the signal but stops loading, says so on one line naming the file and
// the signal, and exits 0 without having finished loading or listened.
func TestEndpointStopWhileLoading(t *testing.T) {
	needStore(t)
	bin := buildBinary(t)
	data := filepath.Join(t.TempDir(), "big.nt")
	f, err := os.Create(data)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := range 300_000 {
		fmt.Fprintf(w, "<http://example.org/s%d> <http://example.org/p%d> \"value %d\" .\n", i, i%7, i)
	}
	if err := errors.Join(w.Flush(), f.Close()); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p := startBinary(t, bin, "endpoint", "--data", data, "--addr", "127.0.0.1:0")
			waitFor(t, p.stderr, "schemaforge endpoint: loading 1 file\n", p.exited)
			if err := p.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-p.exited:
			case <-time.After(8 * time.Second):
				t.Fatalf("the process did not exit; stderr:\n%s", p.stderr)
			}
			if code := p.cmd.ProcessState.ExitCode(); p.err != nil || code != exitOK {
				t.Errorf("exit status %d (%v), want %d; stderr:\n%s", code, p.err, exitOK, p.stderr)
			}
			want := "schemaforge endpoint: loading 1 file\n" +
				fmt.Sprintf("schemaforge endpoint: stopped while loading %s (%s)\n", data, sig)
			if got := p.stderr.String(); got != want {
				t.Errorf("stderr:\n%s\nwant (the loading cut short, nothing served):\n%s", got, want)
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

// TestStopWhileLoading runs "endpoint" and "serve" with their context
// already cancelled, as an interrupt before they listen does: each stops
// while loading, says so on one line and exits 0.
func TestStopWhileLoading(t *testing.T) {
	needStore(t)
	data := writeTemp(t, "data.ttl", queryData)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"endpoint", "--data", data, "--addr", "127.0.0.1:0"},
			"schemaforge endpoint: stopped while loading " + data + " (interrupt)\n"},
		{[]string{"serve", "--addr", "127.0.0.1:0"},
			"schemaforge serve: stopped while loading the graphs (interrupt)\n"},
	} {
		t.Run(c.args[0], func(t *testing.T) {
			r := invoke(ctx, "", c.args...)
			if r.code != exitOK || !strings.HasSuffix(r.stderr, c.want) || strings.Contains(r.stderr, "listening") {
				t.Errorf("exit %d, want %d; stderr (want it to end with %q):\n%s", r.code, exitOK, c.want, r.stderr)
			}
		})
	}
}
