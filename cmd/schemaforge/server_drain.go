package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// cancelWait is how long requests cancelled at the end of the grace
// period may take to answer before their connections are closed.
const cancelWait = 2 * time.Second

// serveUntilDone serves srv on ln until ctx is done (main cancels it on
// SIGINT) or the process gets SIGTERM, then drains: it stops accepting
// connections, closes idle ones and lets the requests in flight finish,
// for grace at most; then it cancels those still running (their context
// is done; they answer an error), gives them cancelWait to answer, and
// closes their connections. Requests do not see ctx: an interrupt does
// not cancel them, only the end of the grace period does. Progress and
// failures are reported on stderr after name. It returns exitOK after a
// clean drain, exitFail when Serve failed or requests had to be
// cancelled.
func serveUntilDone(ctx context.Context, e *env, srv *http.Server, ln net.Listener, grace time.Duration, name string) int {
	reqCtx, cancelRequests := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelRequests()
	srv.BaseContext = func(net.Listener) context.Context { return reqCtx }
	var inFlight atomic.Int64
	next := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inFlight.Add(1)
		defer inFlight.Add(-1)
		next.ServeHTTP(w, r)
	})
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	defer signal.Stop(term)

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	why := "interrupt"
	select {
	case err := <-served: // Serve failed (it closes the listener)
		fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
		return exitFail
	case <-ctx.Done():
	case sig := <-term:
		why = sig.String()
	}
	fmt.Fprintf(e.stderr, "%s: %s: draining %d requests in flight (grace %v)\n", name, why, inFlight.Load(), grace)
	gctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	code := exitOK
	if err := srv.Shutdown(gctx); err != nil {
		n := inFlight.Load()
		cancelRequests()
		for deadline := time.Now().Add(cancelWait); inFlight.Load() > 0 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		_ = srv.Close()
		fmt.Fprintf(e.stderr, "%s: grace period of %v over: cancelled %d requests still in flight\n", name, grace, n)
		code = exitFail
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
		code = exitFail
	}
	fmt.Fprintf(e.stderr, "%s: stopped\n", name)
	return code
}
