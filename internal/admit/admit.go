// Package admit is the admission control of go-schemaforge's servers: a
// bound on the requests that run at once and a memory budget from which
// each admitted request reserves a fixed amount. A request that gets
// neither within a short wait is refused, and the server answers 503 with
// Retry-After.
package admit

import (
	"context"
	"errors"
	"time"

	"golang.org/x/sync/semaphore"
)

// Reasons a request is not admitted.
var (
	// ErrNoSlot: every slot was taken for the whole wait.
	ErrNoSlot = errors.New("no free slot")
	// ErrNoMemory: the running requests had reserved the memory budget
	// for the whole wait.
	ErrNoMemory = errors.New("the memory budget is reserved")
)

// Gate admits requests: each holds one of Slots slots and reserves
// Reserve bytes from Budget (no memory admission when either is 0).
type Gate struct {
	slots, memory *semaphore.Weighted // memory nil: no memory admission
	reserve       int64
	wait          time.Duration
	capacity      int
}

// New returns the gate of slots requests at once, each reserving reserve
// bytes from budget (0 for either: no memory admission), each waiting up
// to wait to be admitted. slots must be positive; a budget below one
// reservation is raised to one reservation (requests then run one at a
// time) so that the gate never admits nothing.
func New(slots int, budget, reserve int64, wait time.Duration) *Gate {
	g := &Gate{slots: semaphore.NewWeighted(int64(max(slots, 1))), reserve: reserve, wait: wait, capacity: max(slots, 1)}
	if budget > 0 && reserve > 0 {
		budget = max(budget, reserve)
		g.memory = semaphore.NewWeighted(budget)
		g.capacity = int(min(int64(g.capacity), budget/reserve))
	}
	return g
}

// Capacity returns how many requests can run at once.
func (g *Gate) Capacity() int { return g.capacity }

// Admit waits up to the gate's wait (or until ctx ends) for a slot and the
// request's memory. It returns the function that gives them back, or
// ErrNoSlot or ErrNoMemory.
func (g *Gate) Admit(ctx context.Context) (release func(), err error) {
	ctx, cancel := context.WithTimeout(ctx, g.wait)
	defer cancel()
	if !g.slots.TryAcquire(1) {
		if err := g.slots.Acquire(ctx, 1); err != nil {
			return nil, ErrNoSlot
		}
	}
	if g.memory != nil && !g.memory.TryAcquire(g.reserve) {
		if err := g.memory.Acquire(ctx, g.reserve); err != nil {
			g.slots.Release(1)
			return nil, ErrNoMemory
		}
	}
	return func() {
		if g.memory != nil {
			g.memory.Release(g.reserve)
		}
		g.slots.Release(1)
	}, nil
}
