package admit

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestGate(t *testing.T) {
	ctx := context.Background()
	g := New(2, 0, 0, 10*time.Millisecond)
	if g.Capacity() != 2 {
		t.Errorf("capacity %d, want 2", g.Capacity())
	}
	r1, err1 := g.Admit(ctx)
	r2, err2 := g.Admit(ctx)
	if err1 != nil || err2 != nil {
		t.Fatalf("two slots: %v, %v", err1, err2)
	}
	if _, err := g.Admit(ctx); !errors.Is(err, ErrNoSlot) {
		t.Errorf("third request: %v, want ErrNoSlot", err)
	}
	r1()
	r3, err := g.Admit(ctx)
	if err != nil {
		t.Fatalf("after a release: %v", err)
	}
	r2()
	r3()

	m := New(4, 300, 100, 10*time.Millisecond)
	if m.Capacity() != 3 {
		t.Errorf("capacity with a budget of 3 reservations: %d, want 3", m.Capacity())
	}
	var rel []func()
	for i := 0; i < 3; i++ {
		r, err := m.Admit(ctx)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		rel = append(rel, r)
	}
	if _, err := m.Admit(ctx); !errors.Is(err, ErrNoMemory) {
		t.Errorf("fourth request: %v, want ErrNoMemory", err)
	}
	for _, r := range rel {
		r()
	}
	if small := New(4, 50, 100, time.Millisecond); small.Capacity() != 1 {
		t.Errorf("a budget below one reservation admits %d at once, want 1", small.Capacity())
	}
}
