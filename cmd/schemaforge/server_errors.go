package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
)

// plainError answers status with a one-line plain-text message.
func plainError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg+"\n")
}

// readBodies reads the body of a POST request in full, up to limit bytes,
// before next sees the request. A read that fails is answered here, with a
// message that names no socket address (the network's errors do: "read
// tcp 127.0.0.1:7878->…: i/o timeout"), and logged in full: 408 when the
// body does not arrive within the server's read timeout, 413 when it is
// too long, else 400. Reading first also keeps a slow upload from holding
// an admission slot.
func readBodies(limit int64, logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
		if err != nil {
			status, msg := bodyError(err)
			logger.Info("request body not read", "method", r.Method, "status", status, "err", err)
			plainError(w, status, msg)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		next.ServeHTTP(w, r)
	})
}

// bodyError maps an error reading a request body to a status and a
// message for the client.
func bodyError(err error) (int, string) {
	var (
		mbe *http.MaxBytesError
		ne  net.Error
	)
	switch {
	case errors.As(err, &mbe):
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is longer than the limit of %d bytes", mbe.Limit)
	case errors.As(err, &ne) && ne.Timeout():
		return http.StatusRequestTimeout, "the request body did not arrive within the server's read timeout"
	}
	return http.StatusBadRequest, "the request body could not be read"
}

// endpointStore is the store as the endpoint's handler sees it: a query
// stopped by one of the endpoint's limits fails with a message for the
// endpoint's clients, naming the limit's flag rather than the store's Go
// option; the store's own message goes to the log.
type endpointStore struct {
	st          *store.Store
	maxRows     int
	memoryLimit int64
	logger      *slog.Logger
}

// limitError is a query stopped by a limit of the endpoint; Error is what
// the client reads.
type limitError struct {
	msg   string
	cause error // store.ErrTooManyRows or store.ErrTooLarge
}

func (e *limitError) Error() string { return e.msg }
func (e *limitError) Unwrap() error { return e.cause }

// Query runs a query given as text.
func (s endpointStore) Query(ctx context.Context, query string) (*sparql.Results, error) {
	res, err := s.st.Query(ctx, query)
	return res, s.clientError(ctx, err)
}

// QueryParsed runs a parsed query (the handler parses it first).
func (s endpointStore) QueryParsed(ctx context.Context, q *sparql.Query) (*sparql.Results, error) {
	res, err := s.st.QueryParsed(ctx, q)
	return res, s.clientError(ctx, err)
}

// SelectEach streams a SELECT answer row by row (the handler encodes each
// row as it comes: an answer is never held whole).
func (s endpointStore) SelectEach(ctx context.Context, q *sparql.Query, head func([]string) error, row func(sparql.Row) error) error {
	return s.clientError(ctx, s.st.SelectEach(ctx, q, head, row))
}

// clientError words err for the client when a limit of the endpoint
// stopped the query; other errors (time out, cancelled, the query's own)
// pass unchanged.
func (s endpointStore) clientError(ctx context.Context, err error) error {
	var le *limitError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrTooManyRows):
		le = &limitError{msg: fmt.Sprintf("the answer has more than %d rows, this endpoint's cap (--max-rows): add a LIMIT or narrow the query", s.maxRows),
			cause: store.ErrTooManyRows}
	case errors.Is(err, store.ErrTooLarge):
		mem := ""
		if s.memoryLimit > 0 {
			mem = " (memory: " + sizeText(s.memoryLimit) + ", --memory-limit)"
		}
		le = &limitError{msg: "the query's intermediate results exceed this endpoint's limits for one query" + mem + ": narrow the query or add a LIMIT",
			cause: store.ErrTooLarge}
	default:
		return err
	}
	s.logger.InfoContext(ctx, "sparql query stopped by a limit", "err", err)
	return le
}
