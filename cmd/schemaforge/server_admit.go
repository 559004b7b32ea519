package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/schemaforge/go-schemaforge/internal/admit"
)

// queueWait is how long a query waits for admission before it gets 503.
const queueWait = 500 * time.Millisecond

// retryAfterSeconds is the Retry-After of a 503 for a query not admitted.
const retryAfterSeconds = 1

// admitter bounds the queries a server runs at once: each admitted query
// holds one of maxConcurrent slots and reserves its per-query memory
// limit (reserve) from the total budget, so at most budget/reserve run at
// once. A query that gets neither within the wait is answered 503 with a
// Retry-After header.
type admitter struct {
	maxConcurrent   int
	budget, reserve int64 // either 0: no memory admission
	wait            time.Duration
	cors            string // Access-Control-Allow-Origin of the 503, if any
	logger          *slog.Logger

	gate *admit.Gate
}

// newAdmitter returns the admitter of maxConcurrent queries reserving
// reserve bytes each from budget (0 for either: no memory admission).
func newAdmitter(maxConcurrent int, budget, reserve int64, wait time.Duration, logger *slog.Logger) (*admitter, error) {
	if maxConcurrent <= 0 {
		return nil, errors.New("the number of queries at once must be positive")
	}
	if budget > 0 && reserve > budget {
		return nil, fmt.Errorf("a memory budget of %s is below one query's reservation of %s: nothing could run", sizeText(budget), sizeText(reserve))
	}
	return &admitter{maxConcurrent: maxConcurrent, budget: budget, reserve: reserve, wait: wait, logger: logger,
		gate: admit.New(maxConcurrent, budget, reserve, wait)}, nil
}

// capacity returns how many queries can run at once.
func (a *admitter) capacity() int { return a.gate.Capacity() }

// admit waits up to a.wait for a slot and the memory of one query. It
// returns the function that gives them back, or admit.ErrNoSlot or
// admit.ErrNoMemory.
func (a *admitter) admit(ctx context.Context) (release func(), err error) { return a.gate.Admit(ctx) }

// limit admits the queries next answers: a request runs next once
// admitted and holds its slot and memory until next returns, writing
// included. Requests that run no query (a GET without a query, the
// service description; OPTIONS) are not counted.
func (a *admitter) limit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions || (r.Method == http.MethodGet || r.Method == http.MethodHead) && !r.URL.Query().Has("query") {
			next.ServeHTTP(w, r)
			return
		}
		release, err := a.admit(r.Context())
		if err != nil {
			a.refuse(w, r, err)
			return
		}
		defer release()
		next.ServeHTTP(w, r)
	})
}

// refuse answers 503 with Retry-After and a plain-text reason.
func (a *admitter) refuse(w http.ResponseWriter, r *http.Request, why error) {
	a.logger.Info("sparql query refused", "method", r.Method, "status", http.StatusServiceUnavailable, "why", why)
	msg := fmt.Sprintf("the endpoint is busy: %d queries are running, its limit (--max-concurrent)", a.maxConcurrent)
	if errors.Is(why, admit.ErrNoMemory) {
		msg = fmt.Sprintf("the endpoint is busy: the queries running have reserved its memory budget of %s (--memory-budget; %s per query)",
			sizeText(a.budget), sizeText(a.reserve))
	}
	if a.cors != "" {
		w.Header().Set("Access-Control-Allow-Origin", a.cors)
	}
	w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
	plainError(w, http.StatusServiceUnavailable, fmt.Sprintf("%s; retry after %d s", msg, retryAfterSeconds))
}

// sizeText writes a number of bytes as byteSize does ("512MiB").
func sizeText(n int64) string {
	b := byteSize(n)
	return b.String()
}
