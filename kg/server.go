package kg

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// HandlerOption configures the handler of [NewHandler].
type HandlerOption func(*handler)

// Defaults of [NewHandler].
const (
	// DefaultQueryTimeout is the time limit of one query in the handler.
	DefaultQueryTimeout = 60 * time.Second
	// DefaultMaxQueryBytes caps the size of a query the handler accepts.
	DefaultMaxQueryBytes = 1 << 20
)

// WithQueryTimeout sets the time limit of one query (default
// [DefaultQueryTimeout]; 0 means none beyond the request's own context).
// A query that runs out of time gets 503 Service Unavailable.
func WithQueryTimeout(d time.Duration) HandlerOption {
	return func(h *handler) { h.timeout = max(d, 0) }
}

// WithMaxQueryBytes caps the size of a query (default
// [DefaultMaxQueryBytes]); a longer one gets 413 (414 with GET).
func WithMaxQueryBytes(n int) HandlerOption {
	return func(h *handler) {
		if n > 0 {
			h.maxQuery = n
		}
	}
}

// WithCORSOrigin lets browsers on origin ("*" for any) send queries: the
// handler then answers preflight OPTIONS requests and sets
// Access-Control-Allow-Origin. Default: no CORS headers.
func WithCORSOrigin(origin string) HandlerOption {
	return func(h *handler) { h.cors = origin }
}

// WithHandlerLogger sets the logger of the handler: one Info record per
// query with its form, status, duration and size (default: discard).
func WithHandlerLogger(l *slog.Logger) HandlerOption {
	return func(h *handler) { h.logger = l }
}

// WithServiceDescription sets the plain text that a GET without a query
// returns (default: a short description of the endpoint and how to query
// it).
func WithServiceDescription(text string) HandlerOption {
	return func(h *handler) { h.description = text }
}

// handler serves the SPARQL 1.1 Protocol query operation over an Endpoint.
type handler struct {
	ep          Endpoint
	timeout     time.Duration
	maxQuery    int
	cors        string
	logger      *slog.Logger
	description string
}

// DefaultServiceDescription is what a GET without a query returns unless
// WithServiceDescription replaces it; a server that states its limits can
// append them to it.
const DefaultServiceDescription = `This is a read-only SPARQL 1.1 Protocol endpoint (go-schemaforge).

Send a query with
  GET  ?query=…
  POST application/x-www-form-urlencoded, query=…
  POST application/sparql-query, the query as the body
optionally with default-graph-uri and named-graph-uri parameters.

SELECT and ASK answers come as application/sparql-results+json (default) or
application/sparql-results+xml; CONSTRUCT and DESCRIBE answers as
application/n-triples (also served as text/turtle). SPARQL Update and
SERVICE are refused.
`

// NewHandler returns an http.Handler that serves ep over the query
// operation of the SPARQL 1.1 Protocol, read-only:
//
//   - GET (and HEAD) with ?query=…; POST with an
//     application/x-www-form-urlencoded body holding query=…; POST with an
//     application/sparql-query body. default-graph-uri and
//     named-graph-uri parameters replace the query's FROM and FROM NAMED
//     clauses, as the protocol says.
//   - A GET without a query returns a short plain-text description.
//   - SPARQL Update (an update= parameter, an application/sparql-update
//     body or update text as the query) gets 400, and so does SERVICE; a
//     query that does not parse gets 400 with the parser's message.
//   - The answer format is negotiated on Accept: SELECT and ASK as SPARQL
//     results JSON (the default) or XML; CONSTRUCT and DESCRIBE as
//     N-Triples (also offered as text/turtle and text/plain, of which it is
//     a subset). 406 when nothing acceptable is offered.
//   - A query that runs out of time gets 503; other evaluation errors 500
//     with the error's text.
//
// The handler serves every path it is given; mount it where it should
// answer.
func NewHandler(ep Endpoint, opts ...HandlerOption) http.Handler {
	h := &handler{ep: ep, timeout: DefaultQueryTimeout, maxQuery: DefaultMaxQueryBytes, description: DefaultServiceDescription}
	for _, o := range opts {
		o(h)
	}
	if h.logger == nil {
		h.logger = slog.New(slog.DiscardHandler)
	}
	return h
}

// parsedQueryer is the optional capability of endpoints that run a parsed
// query (*store.Store, *Graph), which spares the handler printing and the
// endpoint parsing the query again.
type parsedQueryer interface {
	QueryParsed(ctx context.Context, q *sparql.Query) (*sparql.Results, error)
}

// rowStreamer is the optional capability of endpoints that stream a
// SELECT result row by row as they compute it (*store.Store).
type rowStreamer interface {
	SelectEach(ctx context.Context, q *sparql.Query, head func(vars []string) error, row func(sparql.Row) error) error
}

// protocolRequest is a query request after reading its parameters.
type protocolRequest struct {
	query         string
	hasQuery      bool
	defaultGraphs []string
	namedGraphs   []string
}

// httpStatusError is an error answer: a status and a plain-text message.
type httpStatusError struct {
	status int
	msg    string
}

func (e *httpStatusError) Error() string { return e.msg }

func statusErrorf(status int, format string, args ...any) *httpStatusError {
	return &httpStatusError{status: status, msg: fmt.Sprintf(format, args...)}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	serverHeader(w.Header())
	if h.cors != "" {
		w.Header().Set("Access-Control-Allow-Origin", h.cors)
		if h.cors != "*" {
			w.Header().Add("Vary", "Origin")
		}
	}
	if r.Method == http.MethodOptions && h.cors != "" {
		w.Header().Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
		w.Header().Set("Access-Control-Allow-Headers", "Accept, Content-Type, Authorization")
		w.Header().Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	pr, err := h.readRequest(w, r)
	if err != nil {
		h.fail(w, r, start, "", "", err)
		return
	}
	if !pr.hasQuery {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, h.description)
		return
	}
	q, err := CheckQuery(pr.query, nil, false)
	if err != nil {
		h.fail(w, r, start, "", pr.query, statusErrorf(http.StatusBadRequest, "%s", refusal(err)))
		return
	}
	form := q.Form.String()
	mediaType, ok := negotiate(r.Header.Values("Accept"), offersFor(q.Form))
	if !ok {
		h.fail(w, r, start, form, pr.query, statusErrorf(http.StatusNotAcceptable,
			"no acceptable format for %s answer among Accept: %s (offered: %s)",
			article(form), strings.Join(r.Header.Values("Accept"), ", "), strings.Join(offersFor(q.Form), ", ")))
		return
	}
	text := pr.query
	if len(pr.defaultGraphs) > 0 || len(pr.namedGraphs) > 0 {
		q = sparql.CloneQuery(q)
		q.Dataset = nil
		for _, g := range pr.defaultGraphs {
			q.Dataset = append(q.Dataset, &sparql.DatasetClause{IRI: &sparql.IRI{Value: g}})
		}
		for _, g := range pr.namedGraphs {
			q.Dataset = append(q.Dataset, &sparql.DatasetClause{Named: true, IRI: &sparql.IRI{Value: g}})
		}
		text = ""
	}

	ctx := r.Context()
	if h.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, h.timeout)
		defer cancel()
	}
	if st, ok := h.ep.(rowStreamer); ok && q.Form == sparql.Select {
		h.stream(ctx, w, r, start, st, q, mediaType, pr.query)
		return
	}
	var res *sparql.Results
	switch ep := h.ep.(type) {
	case parsedQueryer: // no second parse
		res, err = ep.QueryParsed(ctx, q)
	default:
		if text == "" {
			text = sparql.Print(q)
		}
		res, err = ep.Query(ctx, text)
	}
	if err != nil {
		h.fail(w, r, start, form, pr.query, h.queryError(r.Context(), ctx, err))
		return
	}
	// The answer streams to the client through a buffer as it is
	// encoded, rather than being encoded whole first: the status is sent
	// before, so a failure while writing (the client went away, the
	// server's write timeout) can only be logged.
	if err := writable(res); err != nil {
		h.fail(w, r, start, form, pr.query, statusErrorf(http.StatusInternalServerError, "writing the %s answer: %v", form, err))
		return
	}
	w.Header().Set("Content-Type", mediaType+"; charset=utf-8")
	w.Header().Add("Vary", "Accept")
	w.WriteHeader(http.StatusOK)
	cw := &countingWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	switch {
	case res.IsGraph():
		err = res.WriteNTriples(bw)
	case mediaType == sparql.MediaTypeResultsXML || mediaType == "application/xml":
		err = res.WriteXML(bw)
	default:
		err = res.WriteJSON(bw)
	}
	if err == nil {
		err = bw.Flush()
	}
	attrs := []any{"method", r.Method, "form", form, "status", http.StatusOK, "type", mediaType,
		"bytes", cw.n, "took", time.Since(start), "query", shorten(pr.query, 200)}
	if err != nil {
		attrs = append(attrs, "write_err", err)
	}
	h.logger.InfoContext(r.Context(), "sparql query", attrs...)
}

// stream answers a SELECT query from an endpoint that streams its rows:
// each row is encoded as the engine produces it, so the answer is never
// held whole. The status is sent with the first 64 KiB of the answer (or
// at its end): an error before that is an ordinary error answer; after
// it, the connection is aborted, so that the client sees a failed
// transfer rather than a well-formed but truncated answer.
func (h *handler) stream(ctx context.Context, w http.ResponseWriter, r *http.Request, start time.Time, st rowStreamer, q *sparql.Query, mediaType, query string) {
	form := q.Form.String()
	lw := &lazyWriter{w: w, commit: func() {
		w.Header().Set("Content-Type", mediaType+"; charset=utf-8")
		w.Header().Add("Vary", "Accept")
		w.WriteHeader(http.StatusOK)
	}}
	cw := &countingWriter{w: lw}
	bw := bufio.NewWriterSize(cw, 64<<10)
	var rw *sparql.RowWriter
	var writeErr error
	err := st.SelectEach(ctx, q, func(vars []string) error {
		var err error
		rw, err = sparql.NewRowWriter(bw, mediaType, vars, nil)
		writeErr = err
		return err
	}, func(row sparql.Row) error {
		writeErr = rw.Row(row)
		return writeErr
	})
	if err == nil {
		writeErr = rw.Close()
		if writeErr == nil {
			writeErr = bw.Flush()
		}
		err = writeErr
	}
	if err != nil && !lw.committed {
		se := h.queryError(r.Context(), ctx, err)
		if writeErr != nil && !lw.failed {
			se = statusErrorf(http.StatusInternalServerError, "writing the %s answer: %v", form, writeErr)
		}
		h.fail(w, r, start, form, query, se)
		return
	}
	attrs := []any{"method", r.Method, "form", form, "status", http.StatusOK, "type", mediaType,
		"bytes", cw.n, "took", time.Since(start), "query", shorten(query, 200), "streamed", true}
	if rw != nil {
		attrs = append(attrs, "rows", rw.Rows())
	}
	if err != nil {
		key := "err"
		if lw.failed {
			key = "write_err" // the client's side: gone, or too slow
		}
		attrs = append(attrs, key, err)
		h.logger.WarnContext(r.Context(), "sparql query failed after its answer began", attrs...)
		panic(http.ErrAbortHandler)
	}
	h.logger.InfoContext(r.Context(), "sparql query", attrs...)
}

// lazyWriter sends the status (commit) before the first byte of the body.
type lazyWriter struct {
	w         http.ResponseWriter
	commit    func()
	committed bool
	failed    bool // a write to the client failed
}

func (l *lazyWriter) Write(p []byte) (int, error) {
	if !l.committed {
		l.committed = true
		l.commit()
	}
	n, err := l.w.Write(p)
	if err != nil {
		l.failed = true
	}
	return n, err
}

// writable checks, before the status is sent, that res can be encoded:
// after it, only the connection can fail.
func writable(res *sparql.Results) error {
	if res.IsGraph() {
		for _, st := range res.Graph {
			if st.Subject == nil || st.Predicate == nil || st.Object == nil {
				return errors.New("write N-Triples: incomplete statement")
			}
		}
		return nil
	}
	return res.Validate()
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// article returns "a FORM" or "an FORM" for a query form keyword.
func article(form string) string {
	if form == "ASK" {
		return "an " + form
	}
	return "a " + form
}

// readRequest reads the query and the dataset parameters of r.
func (h *handler) readRequest(w http.ResponseWriter, r *http.Request) (*protocolRequest, error) {
	var params url.Values
	pr := &protocolRequest{}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		var err error
		if params, err = url.ParseQuery(r.URL.RawQuery); err != nil {
			return nil, statusErrorf(http.StatusBadRequest, "bad query string: %v", err)
		}
		if q := params["query"]; len(q) == 1 && len(q[0]) > h.maxQuery {
			return nil, statusErrorf(http.StatusRequestURITooLong, "query of %d bytes is longer than the limit of %d bytes", len(q[0]), h.maxQuery)
		}
	case http.MethodPost:
		ct := r.Header.Get("Content-Type")
		mt, _, err := mime.ParseMediaType(ct)
		if ct == "" {
			mt, err = "", nil
		}
		if err != nil {
			return nil, statusErrorf(http.StatusUnsupportedMediaType, "bad Content-Type %q: %v", ct, err)
		}
		switch mt {
		case "application/x-www-form-urlencoded":
			body, err := readLimited(w, r, int64(h.maxQuery)+64<<10)
			if err != nil {
				return nil, err
			}
			if params, err = url.ParseQuery(string(body)); err != nil {
				return nil, statusErrorf(http.StatusBadRequest, "bad form body: %v", err)
			}
			if q := params["query"]; len(q) == 1 && len(q[0]) > h.maxQuery {
				return nil, statusErrorf(http.StatusRequestEntityTooLarge, "query of %d bytes is longer than the limit of %d bytes", len(q[0]), h.maxQuery)
			}
		case "application/sparql-query":
			if params, err = url.ParseQuery(r.URL.RawQuery); err != nil {
				return nil, statusErrorf(http.StatusBadRequest, "bad query string: %v", err)
			}
			if params.Has("query") {
				return nil, statusErrorf(http.StatusBadRequest, "a query in the body (application/sparql-query) and a query parameter: send one")
			}
			body, err := readLimited(w, r, int64(h.maxQuery))
			if err != nil {
				return nil, err
			}
			params.Set("query", string(body))
		case "application/sparql-update":
			return nil, statusErrorf(http.StatusBadRequest, "this endpoint is read-only: SPARQL Update is not accepted")
		default:
			return nil, statusErrorf(http.StatusUnsupportedMediaType,
				"unsupported Content-Type %q for POST (want application/x-www-form-urlencoded or application/sparql-query)", ct)
		}
	default:
		allow := "GET, HEAD, POST"
		if h.cors != "" {
			allow += ", OPTIONS"
		}
		w.Header().Set("Allow", allow)
		return nil, statusErrorf(http.StatusMethodNotAllowed, "method %s is not allowed (use GET or POST)", r.Method)
	}
	if params.Has("update") {
		return nil, statusErrorf(http.StatusBadRequest, "this endpoint is read-only: SPARQL Update is not accepted")
	}
	switch qs := params["query"]; len(qs) {
	case 0:
		if r.Method == http.MethodPost {
			return nil, statusErrorf(http.StatusBadRequest, "no query parameter in the request")
		}
	case 1:
		pr.query, pr.hasQuery = qs[0], true
		if strings.TrimSpace(pr.query) == "" {
			return nil, statusErrorf(http.StatusBadRequest, "empty query")
		}
	default:
		return nil, statusErrorf(http.StatusBadRequest, "%d query parameters: send exactly one", len(qs))
	}
	pr.defaultGraphs = params["default-graph-uri"]
	pr.namedGraphs = params["named-graph-uri"]
	for _, g := range slices.Concat(pr.defaultGraphs, pr.namedGraphs) {
		if u, err := url.Parse(g); err != nil || !u.IsAbs() {
			return nil, statusErrorf(http.StatusBadRequest, "graph IRI %q is not an absolute IRI", g)
		}
	}
	return pr, nil
}

// readLimited reads r's body up to limit bytes; a longer body is a 413.
func readLimited(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, statusErrorf(http.StatusRequestEntityTooLarge, "request body is longer than the limit of %d bytes", limit)
		}
		return nil, statusErrorf(http.StatusBadRequest, "reading the request body: %v", err)
	}
	return body, nil
}

// refusal words a CheckQuery error for the client.
func refusal(err error) string {
	switch {
	case errors.Is(err, sparql.ErrUpdate):
		return "this endpoint is read-only: SPARQL Update is not accepted\n" + err.Error()
	case errors.Is(err, ErrService):
		return "SERVICE (federated query) is not allowed on this endpoint"
	}
	return err.Error()
}

// queryError maps an evaluation error to an answer: 503 when the query ran
// out of time, 400 for errors in the query, else 500.
func (h *handler) queryError(reqCtx, ctx context.Context, err error) *httpStatusError {
	var se *sparql.Error
	switch {
	case reqCtx.Err() != nil:
		return statusErrorf(http.StatusServiceUnavailable, "request cancelled: %v", err)
	case errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil:
		return statusErrorf(http.StatusServiceUnavailable, "query ran out of time (limit %v): %v", h.timeout, err)
	case errors.As(err, &se), errors.Is(err, sparql.ErrUpdate), errors.Is(err, ErrService):
		return statusErrorf(http.StatusBadRequest, "%v", err)
	}
	return statusErrorf(http.StatusInternalServerError, "query failed: %v", err)
}

// fail writes an error answer and logs it.
func (h *handler) fail(w http.ResponseWriter, r *http.Request, start time.Time, form, query string, err error) {
	var se *httpStatusError
	if !errors.As(err, &se) {
		se = statusErrorf(http.StatusInternalServerError, "%v", err)
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(se.status)
	msg := strings.TrimRight(se.msg, "\n") + "\n"
	_, _ = io.WriteString(w, msg)
	level := slog.LevelInfo
	if se.status >= 500 {
		level = slog.LevelWarn
	}
	h.logger.Log(r.Context(), level, "sparql query failed", "method", r.Method, "form", form, "status", se.status,
		"took", time.Since(start), "err", shorten(se.msg, 300), "query", shorten(query, 200))
}

// offersFor lists the media types of an answer to a query of form, the
// default first.
func offersFor(form sparql.QueryForm) []string {
	if form == sparql.Construct || form == sparql.Describe {
		return []string{"application/n-triples", "text/turtle", "text/plain"}
	}
	return []string{sparql.MediaTypeResultsJSON, sparql.MediaTypeResultsXML, "application/json", "application/xml"}
}

// negotiate picks the offer that the Accept header values rate highest
// (ties go to the earlier offer). No Accept header accepts the first offer.
func negotiate(accept []string, offers []string) (string, bool) {
	type rng struct {
		typ, sub string
		q        float64
	}
	var ranges []rng
	for _, v := range accept {
		for part := range strings.SplitSeq(v, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			mt, params, err := mime.ParseMediaType(part)
			if err != nil {
				continue
			}
			q := 1.0
			if s, ok := params["q"]; ok {
				if f, err := strconv.ParseFloat(s, 64); err == nil && f >= 0 && f <= 1 {
					q = f
				}
			}
			typ, sub, _ := strings.Cut(mt, "/")
			ranges = append(ranges, rng{typ, sub, q})
		}
	}
	if len(ranges) == 0 {
		return offers[0], true
	}
	best, bestQ := "", 0.0
	for _, o := range offers {
		typ, sub, _ := strings.Cut(o, "/")
		q, spec := 0.0, -1
		for _, r := range ranges {
			s := -1
			switch {
			case r.typ == typ && r.sub == sub:
				s = 2
			case r.typ == typ && r.sub == "*":
				s = 1
			case r.typ == "*" && r.sub == "*":
				s = 0
			}
			if s > spec {
				spec, q = s, r.q
			}
		}
		if q > bestQ {
			best, bestQ = o, q
		}
	}
	return best, best != ""
}
