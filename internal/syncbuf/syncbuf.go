// Package syncbuf is a byte buffer safe for concurrent writes and reads:
// a process's stdout and stderr, or a log written by one goroutine and
// read by a test in another.
package syncbuf

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer guarded by a mutex. Its zero value is an
// empty, unbounded buffer.
type Buffer struct {
	// Limit, when positive, is the most bytes kept: later writes are
	// accepted and dropped, so that memory stays bounded (the start of a
	// log is enough).
	Limit int

	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p, or drops it once Limit bytes are held.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.Limit > 0 && b.buf.Len() > b.Limit {
		return len(p), nil
	}
	return b.buf.Write(p)
}

// String returns what the buffer holds.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
