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

// stopSignal is the cause with which [watchTerm] cancels its context.
type stopSignal struct{ sig os.Signal }

// Error names the signal.
func (s stopSignal) Error() string { return "stopped by " + s.sig.String() }

// watchTerm returns a context derived from ctx that is also cancelled,
// with a [stopSignal] as its cause, when the process gets SIGTERM, and the
// function that stops watching. A server calls it before it loads its
// data, so that SIGTERM stops the loading as SIGINT does (main cancels
// ctx on SIGINT) instead of killing the process, and serves on the
// context it returns, so that [serveUntilDone] drains on either signal.
func watchTerm(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case sig := <-term:
			cancel(stopSignal{sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(term)
		close(done)
		<-exited
		cancel(nil)
	}
}

// stopReason names what ended ctx: the signal that [watchTerm] caught, or
// "interrupt" (SIGINT, or a caller's cancellation).
func stopReason(ctx context.Context) string {
	var s stopSignal
	if errors.As(context.Cause(ctx), &s) {
		return s.sig.String()
	}
	return "interrupt"
}

// stoppedLoading reports on stderr, after name, that ctx ended while the
// server was loading what, before it listened, and returns exitOK: the
// stop was asked for and nothing was being served, as after a clean
// drain.
func stoppedLoading(ctx context.Context, e *env, name, what string) int {
	fmt.Fprintf(e.stderr, "%s: stopped while loading %s (%s)\n", name, what, stopReason(ctx))
	return exitOK
}

// serveUntilDone serves srv on ln until ctx is done (main cancels it on
// SIGINT; a context from [watchTerm] is also cancelled on SIGTERM), then
// drains: it stops accepting connections, closes idle ones and lets the
// requests in flight finish, for grace at most; then it cancels those
// still running (their context is done; they answer an error), gives
// them cancelWait to answer, and closes their connections. Requests do
// not see ctx: a signal does not cancel them, only the end of the grace
// period does. Progress and failures are reported on stderr after name,
// the signal named as [stopReason] names it. It returns exitOK after a
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

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served: // Serve failed (it closes the listener)
		fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
		return exitFail
	case <-ctx.Done():
	}
	fmt.Fprintf(e.stderr, "%s: %s: draining %d requests in flight (grace %v)\n", name, stopReason(ctx), inFlight.Load(), grace)
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
