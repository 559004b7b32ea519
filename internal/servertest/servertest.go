// Package servertest holds clients that misbehave, for tests of
// go-schemaforge's HTTP servers: the SPARQL endpoint of "schemaforge
// endpoint" and the question-answering handler of "schemaforge serve".
package servertest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// Answer is a server's answer to a request, with the client's end of the
// connection, so that a test can check that the answer names neither
// socket address.
type Answer struct {
	Status int
	Body   string
	// LocalAddr is the client's address, as "127.0.0.1:PORT".
	LocalAddr string
}

// StalledPost sends to host ("HOST:PORT") a POST of path whose headers
// announce a body of length bytes, sends only the first bytes of it
// (partial, shorter than length) and waits up to wait for the answer: a
// server with a read timeout answers once it passes, 408 from
// go-schemaforge's servers. It fails tb when the request cannot be sent
// or no answer comes.
func StalledPost(tb testing.TB, host, path, contentType, partial string, length int, wait time.Duration) Answer {
	tb.Helper()
	if len(partial) >= length {
		tb.Fatalf("StalledPost: the partial body (%d bytes) must be shorter than the announced %d", len(partial), length)
	}
	conn, err := net.Dial("tcp", host)
	if err != nil {
		tb.Fatalf("stalled body: %v", err)
	}
	defer conn.Close()
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s",
		path, host, contentType, length, partial); err != nil {
		tb.Fatalf("stalled body: sending the request: %v", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		tb.Fatalf("stalled body: no answer: %v", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatalf("stalled body: reading the answer: %v", err)
	}
	return Answer{Status: resp.StatusCode, Body: string(b), LocalAddr: conn.LocalAddr().String()}
}
