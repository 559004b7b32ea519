package store

import (
	"errors"
	"fmt"
	"math"
)

// DefaultMemoryLimit is the per-query memory budget of a store built
// without [WithMemoryLimit]: 512 MiB.
const DefaultMemoryLimit = 512 << 20

// Approximate sizes, in bytes, of what operators hold. They are estimates
// of Go's allocations (headers, map entries, interfaces), deliberately on
// the high side so that the budget trips before the heap does.
const (
	solutionOverhead = 32 // slice header in the output plus allocation rounding
	idBytes          = 4  // one slot of a solution
	rowMapOverhead   = 64 // a result row's map header
	rowMapEntry      = 48 // one binding of a result row: key, interface, bucket share
	termOverhead     = 96 // a computed term: struct, key, dictionary entries
	hashEntry        = 48 // one entry of a join, group or DISTINCT hash table
	statementBytes   = 96 // a CONSTRUCT or DESCRIBE statement and its dedup key
)

// solutionBytes is what one materialised solution of width w holds.
func solutionBytes(w int) int64 { return solutionOverhead + int64(idBytes*w) }

// budget accounts for the bytes one query's operators hold: materialised
// solutions, hash tables, sort keys, groups, DISTINCT's set, computed
// strings and result rows. Solutions that stream from one operator to the
// next are not held and not charged. An operator gives back what it
// charged once it is done with it (release); computed strings and result
// rows are never given back.
// A query is evaluated by one goroutine, which alone uses its budget.
type budget struct {
	limit int64 // 0: no limit
	used  int64
	// ceiling is what used may reach before charge takes its slow path:
	// the limit, or the largest int64 with no limit; -1 once failed.
	ceiling int64
	// released is the total given back (used + released is what was
	// charged over the query).
	released int64
	peak     int64 // the most used before a release
	failed   bool  // fatal is set
	fatal    error // the first fatal error, sticky
}

// charge adds n bytes on behalf of operator op and fails with ErrTooLarge,
// naming op, once the total exceeds the limit. The failure is sticky: every
// later charge and check returns it.
func (b *budget) charge(op string, n int64) error {
	if b == nil {
		return nil
	}
	b.used += n
	if b.used <= b.ceiling {
		return nil
	}
	return b.over(op)
}

// over is charge's slow path: the limit is passed or the query failed.
func (b *budget) over(op string) error {
	if b.ceiling == 0 && !b.failed {
		// A budget built without newBudget: set its ceiling.
		b.ceiling = b.limit
		if b.limit <= 0 {
			b.ceiling = math.MaxInt64
		}
		if b.used <= b.ceiling {
			return nil
		}
	}
	if b.limit > 0 && b.used > b.limit {
		b.fail(fmt.Errorf("%w: %s would take the query past its memory limit of %s (raise it with store.WithMemoryLimit)", ErrTooLarge, op, byteSize(b.limit)))
	}
	return b.fatal
}

// release gives back n bytes an operator charged and no longer holds
// (a hash table, a sort, the groups once they are returned).
func (b *budget) release(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.peak = max(b.peak, b.used)
	b.used -= n
	if b.used < 0 {
		b.used = 0
	}
	b.released += n
}

// fits reports, without charging, whether a value of n bytes built by op
// could still be held; a value larger than the room left fails (sticky).
func (b *budget) fits(op string, n int64) error {
	if b == nil || b.limit <= 0 {
		return nil
	}
	if b.failed {
		return b.fatal
	}
	if b.used+n > b.limit {
		b.fail(fmt.Errorf("%w: %s would build a value of %s, past the query's memory limit of %s (raise it with store.WithMemoryLimit)", ErrTooLarge, op, byteSize(n), byteSize(b.limit)))
		return b.fatal
	}
	return nil
}

// room returns the bytes left under the limit (0 when there is no limit
// or none is left).
func (b *budget) room() int64 {
	if b == nil || b.limit <= 0 || b.used >= b.limit {
		return 0
	}
	return b.limit - b.used
}

// fail records err as the query's fatal error unless one is recorded.
func (b *budget) fail(err error) {
	if b == nil || err == nil || b.failed {
		return
	}
	b.fatal, b.failed, b.ceiling = err, true, -1
}

// err returns the sticky fatal error, if any.
func (b *budget) err() error {
	if b == nil {
		return nil
	}
	return b.fatal
}

// bytesUsed returns the bytes charged so far.
func (b *budget) bytesUsed() int64 {
	if b == nil {
		return 0
	}
	return b.used
}

// peakUsed returns the most bytes held at once so far.
func (b *budget) peakUsed() int64 {
	if b == nil {
		return 0
	}
	return max(b.peak, b.used)
}

// isFatal reports whether err must end the query rather than count as an
// expression error (a FILTER's false, a BIND left unbound).
func isFatal(err error) bool {
	var le *limitError
	return errors.Is(err, ErrTooLarge) || errors.As(err, &le)
}

// limitError is an expression failure that ends the whole query: a
// deadline reached inside a function, or a value past the memory limit.
type limitError struct{ err error }

func (e *limitError) Error() string { return e.err.Error() }
func (e *limitError) Unwrap() error { return e.err }

// byteSize formats n bytes for messages.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
