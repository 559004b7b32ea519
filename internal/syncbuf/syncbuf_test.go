package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

func TestBuffer(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				b.Write([]byte("ab"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got := len(b.String()); got != 1600 {
		t.Errorf("%d bytes, want 1600", got)
	}
	l := Buffer{Limit: 4}
	for range 10 {
		if n, err := l.Write([]byte("xyz")); n != 3 || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if got := l.String(); got != strings.Repeat("xyz", 2) {
		t.Errorf("bounded buffer holds %q, want %q", got, "xyzxyz")
	}
}
