package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Timeouts of the HTTP servers that have no flag.
const (
	// readHeaderTimeout bounds reading a request's line and headers.
	readHeaderTimeout = 10 * time.Second
	// idleTimeout bounds how long a kept-alive connection waits for its
	// next request.
	idleTimeout = 2 * time.Minute
	// writeSlack is what the default write timeout adds to the query
	// timeout: time to wait for admission and to send the answer.
	writeSlack = 30 * time.Second
	// writeTimeoutNoLimit is the default write timeout when queries have
	// no time limit.
	writeTimeoutNoLimit = 10 * time.Minute
)

// serverFlags are the flags that "endpoint" and "serve" share: how the
// HTTP server times out connections and how long it drains.
type serverFlags struct {
	readTimeout, writeTimeout, grace *time.Duration
}

// addServerFlags defines the shared server flags on fs.
func addServerFlags(fs *flag.FlagSet) *serverFlags {
	return &serverFlags{
		readTimeout: fs.Duration("read-timeout", time.Minute,
			"time limit for reading a whole request, body included (slower clients get 408 or are cut off)"),
		writeTimeout: fs.Duration("write-timeout", 0,
			"time limit from the end of a request's headers to the end of its answer; it cuts off clients that stop reading "+
				"(0: --timeout plus 30s, or 10m when --timeout is 0; must exceed --timeout)"),
		grace: fs.Duration("grace", 10*time.Second,
			"on SIGTERM or SIGINT, how long requests in flight may take to finish before they are cancelled"),
	}
}

// check validates the flags against the per-request time limit and fills
// in the default write timeout.
func (sf *serverFlags) check(timeout time.Duration) error {
	if *sf.readTimeout < 0 || *sf.writeTimeout < 0 || *sf.grace < 0 {
		return errors.New("--read-timeout, --write-timeout and --grace must not be negative")
	}
	if *sf.writeTimeout == 0 {
		*sf.writeTimeout = writeTimeoutNoLimit
		if timeout > 0 {
			*sf.writeTimeout = timeout + writeSlack
		}
	}
	if timeout > 0 && *sf.writeTimeout <= timeout {
		return fmt.Errorf("--write-timeout %v must exceed --timeout %v, or answers that take their full time are cut off", *sf.writeTimeout, timeout)
	}
	return nil
}

// server returns the HTTP server of h with the timeouts of sf; its errors
// go to logger.
func (sf *serverFlags) server(h http.Handler, logger *slog.Logger) *http.Server {
	headers := readHeaderTimeout
	if *sf.readTimeout > 0 {
		headers = min(headers, *sf.readTimeout)
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: headers,
		ReadTimeout:       *sf.readTimeout,
		WriteTimeout:      *sf.writeTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
}

// byteSize is a flag value holding a number of bytes, written as an
// integer with an optional unit: B, KiB, MiB, GiB, TiB (powers of 1024)
// or KB, MB, GB, TB (powers of 1000), as in "512MiB" or "2GiB".
type byteSize int64

// units of byteSize, longest suffix first within each spelling.
var byteUnits = []struct {
	suffix string
	n      int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"B", 1},
}

// String writes the size with the largest binary unit that divides it.
func (b *byteSize) String() string {
	n := int64(*b)
	for _, u := range []struct {
		suffix string
		n      int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n != 0 && n%u.n == 0 {
			return strconv.FormatInt(n/u.n, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// Set parses a size such as "512MiB", "2GiB" or "1048576".
func (b *byteSize) Set(s string) error {
	s = strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range byteUnits {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = strings.TrimSpace(num), u.n
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("want a non-negative number of bytes, as 512MiB or 2GiB")
	}
	if n > 0 && mult > (1<<62)/n {
		return fmt.Errorf("%d times %d bytes is too large", n, mult)
	}
	*b = byteSize(n * mult)
	return nil
}
