package kg

import (
	"bufio"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// HTTPEndpoint is a client of the SPARQL 1.1 Protocol query operation: an
// [Endpoint] backed by a remote SPARQL service such as Fuseki, Virtuoso,
// GraphDB, QLever, Oxigraph, Wikidata or "schemaforge endpoint".
//
// Each Query checks the query locally first ([CheckQuery]: SPARQL Update is
// always refused, SERVICE unless allowed), so a refused query never reaches
// the server. It then sends the query (GET, or POST for long queries; see
// [WithMethod]) with an Accept header for the query's form: SPARQL results
// JSON (preferred) or XML for SELECT and ASK; N-Triples, Turtle or RDF/XML
// for CONSTRUCT and DESCRIBE. Every attempt has its own time limit
// ([WithRequestTimeout]); attempts that fail for a reason that can pass —
// 429, 502, 503, 504, a network timeout, a reset or truncated connection —
// are retried a bounded number of times ([WithRetries]) after an
// exponential, jittered backoff, or after the wait the server asks for in
// Retry-After ([WithMaxRetryWait]). A 500 is retried once, and not at all
// when its body names an error of the query (a parse error, Virtuoso's
// SPARQL compiler, an intermediate-results cap). Replies are read up to a
// size cap ([WithMaxResponseBytes]).
//
// Redirects are followed with care: headers set with [WithHeader] (API
// keys) are not sent to another host, a POST is kept on 307 and 308, and a
// redirect that would turn the query POST into a GET (301, 302, 303) is
// refused with an error naming the new address. In messages, the values
// of URL query parameters whose names look like keys or tokens are
// replaced by "REDACTED".
//
// Results are read with the project's own readers ([sparql.ReadResults] for
// SPARQL results, store/rdfio for graphs), not with knakk/sparql: its
// result parsing silently drops bindings to language-tagged literals and to
// literals of datatypes it does not know, so it is not sound for answer-set
// comparison.
//
// Errors are *[HTTPError] values naming the endpoint, the query, the status
// and the number of attempts. An HTTPEndpoint is safe for concurrent use.
type HTTPEndpoint struct {
	url      *url.URL
	redacted string // url without credentials, for messages

	client       *http.Client
	method       QueryMethod
	timeout      time.Duration
	retries      int
	backoffBase  time.Duration
	backoffMax   time.Duration
	maxRetryWait time.Duration
	maxBytes     int64
	header       http.Header
	userAgent    string
	defaultGraph []string
	namedGraph   []string
	logger       *slog.Logger
	allowService bool
	dialect      *sparql.Dialect

	stats httpStats

	// Hooks for tests: sleep waits d or until ctx is done; jitter returns a
	// number in [0, 1).
	sleep  func(ctx context.Context, d time.Duration) error
	jitter func() float64
}

// QueryMethod is how [HTTPEndpoint] sends a query: the three ways of the
// SPARQL 1.1 Protocol, or an automatic choice.
type QueryMethod int

const (
	// QueryViaAuto sends short queries with GET and switches to a
	// URL-encoded POST when the GET URL would be longer than 2000 bytes
	// (the default).
	QueryViaAuto QueryMethod = iota
	// QueryViaGet always uses GET with the query in the URL.
	QueryViaGet
	// QueryViaPostForm always uses POST with an
	// application/x-www-form-urlencoded body ("query via URL-encoded POST").
	QueryViaPostForm
	// QueryViaPostDirect always uses POST with the query as an
	// application/sparql-query body ("query via POST directly"); the
	// dataset parameters go in the URL.
	QueryViaPostDirect
)

// String returns the method's name.
func (m QueryMethod) String() string {
	switch m {
	case QueryViaAuto:
		return "auto"
	case QueryViaGet:
		return "GET"
	case QueryViaPostForm:
		return "POST form"
	case QueryViaPostDirect:
		return "POST direct"
	}
	return "QueryMethod(" + strconv.Itoa(int(m)) + ")"
}

// Defaults of [NewHTTPEndpoint].
const (
	// DefaultRequestTimeout is the time limit of one attempt.
	DefaultRequestTimeout = 60 * time.Second
	// DefaultRetries is how many times a failed attempt is retried.
	DefaultRetries = 3
	// DefaultBackoff is the wait before the first retry; it doubles with
	// each further retry up to DefaultMaxBackoff.
	DefaultBackoff = 250 * time.Millisecond
	// DefaultMaxBackoff caps the backoff between retries.
	DefaultMaxBackoff = 8 * time.Second
	// DefaultMaxRetryWait is the longest Retry-After wait honoured.
	DefaultMaxRetryWait = 30 * time.Second
	// DefaultMaxResponseBytes caps the size of a reply body (64 MiB).
	DefaultMaxResponseBytes = 64 << 20
)

// maxGetURL is the length above which QueryViaAuto switches to POST: many
// servers and proxies refuse URLs much longer than 2000 bytes.
const maxGetURL = 2000

// ErrResponseTooLarge is wrapped by the error of a query whose reply is
// larger than the cap set by [WithMaxResponseBytes].
var ErrResponseTooLarge = errors.New("reply exceeds the size cap")

// HTTPOption configures an [HTTPEndpoint].
type HTTPOption func(*HTTPEndpoint) error

// WithHTTPClient sets the HTTP client (default: a private client with its
// own transport, a clone of http.DefaultTransport; never
// http.DefaultClient). The client's own Timeout, if any, applies on top of
// the per-attempt timeout.
func WithHTTPClient(c *http.Client) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if c == nil {
			return errors.New("nil *http.Client")
		}
		e.client = c
		return nil
	}
}

// WithMethod sets how queries are sent (default [QueryViaAuto]).
func WithMethod(m QueryMethod) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if m < QueryViaAuto || m > QueryViaPostDirect {
			return fmt.Errorf("unknown query method %d", int(m))
		}
		e.method = m
		return nil
	}
}

// WithRequestTimeout sets the time limit of one attempt, from sending the
// request to reading the whole reply (default [DefaultRequestTimeout]; 0
// means no limit other than the context's).
func WithRequestTimeout(d time.Duration) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if d < 0 {
			return fmt.Errorf("negative request timeout %v", d)
		}
		e.timeout = d
		return nil
	}
}

// WithRetries sets how many times a query is retried after a transient
// failure (default [DefaultRetries]; 0 disables retries, so a query makes
// at most n+1 attempts).
func WithRetries(n int) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if n < 0 {
			return fmt.Errorf("negative retry count %d", n)
		}
		e.retries = n
		return nil
	}
}

// WithBackoff sets the wait before the first retry (default
// [DefaultBackoff]) and its cap (default [DefaultMaxBackoff]). The wait
// doubles with each retry; each wait is jittered to between half and all
// of its nominal value so that many clients do not retry in step.
func WithBackoff(base, maxWait time.Duration) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if base < 0 || maxWait < 0 {
			return fmt.Errorf("negative backoff %v, %v", base, maxWait)
		}
		e.backoffBase, e.backoffMax = base, max(base, maxWait)
		return nil
	}
}

// WithMaxRetryWait sets the longest wait honoured when a reply carries
// Retry-After (default [DefaultMaxRetryWait]). When the server asks for a
// longer wait, or the context's deadline would pass before the wait ends,
// the query fails at once instead of retrying early or sleeping in vain.
func WithMaxRetryWait(d time.Duration) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if d < 0 {
			return fmt.Errorf("negative maximum retry wait %v", d)
		}
		e.maxRetryWait = d
		return nil
	}
}

// WithMaxResponseBytes caps the size of a reply body (default
// [DefaultMaxResponseBytes]). A larger reply fails with an error wrapping
// [ErrResponseTooLarge] as soon as the cap is passed; it is not retried.
func WithMaxResponseBytes(n int64) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if n <= 0 {
			return fmt.Errorf("response size cap %d is not positive", n)
		}
		e.maxBytes = n
		return nil
	}
}

// WithHeader adds a header to every request (for instance an API key). It
// may be given several times; a header set this way replaces the client's
// own value of the same header (Accept, User-Agent), so
// WithHeader("Accept", sparql.MediaTypeResultsXML) forces XML results.
func WithHeader(key, value string) HTTPOption {
	return func(e *HTTPEndpoint) error {
		if key == "" {
			return errors.New("empty header name")
		}
		e.header.Add(key, value)
		return nil
	}
}

// WithBasicAuth sends HTTP Basic credentials with every request.
func WithBasicAuth(user, password string) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(user+":"+password)))
		return nil
	}
}

// WithBearerToken sends "Authorization: Bearer token" with every request.
func WithBearerToken(token string) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.header.Set("Authorization", "Bearer "+token)
		return nil
	}
}

// WithUserAgent sets the User-Agent header (default
// "go-schemaforge/VERSION", VERSION being the module version of the
// binary, or "devel").
func WithUserAgent(ua string) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.userAgent = ua
		return nil
	}
}

// WithDefaultGraph adds a default-graph-uri protocol parameter: the
// server evaluates queries over the merge of these graphs as the default
// graph (per the protocol, this overrides the query's FROM clauses). It
// may be given several times. Default: none.
func WithDefaultGraph(iri string) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.defaultGraph = append(e.defaultGraph, iri)
		return nil
	}
}

// WithNamedGraph adds a named-graph-uri protocol parameter (overriding the
// query's FROM NAMED clauses). It may be given several times. Default:
// none.
func WithNamedGraph(iri string) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.namedGraph = append(e.namedGraph, iri)
		return nil
	}
}

// WithHTTPLogger sets the logger of request events: each attempt at Debug,
// each retry at Info (default: discard). Header values are never logged.
func WithHTTPLogger(l *slog.Logger) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.logger = l
		return nil
	}
}

// WithAllowService lets queries use SERVICE (default false: refused
// before sending).
func WithAllowService(allow bool) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.allowService = allow
		return nil
	}
}

// WithHTTPDialect sets the dialect queries are checked with before sending
// (default sparql.SPARQL11). The query text is sent as given.
func WithHTTPDialect(d *sparql.Dialect) HTTPOption {
	return func(e *HTTPEndpoint) error {
		e.dialect = d
		return nil
	}
}

// NewHTTPEndpoint returns a client of the SPARQL service at rawURL, which
// must be an absolute http or https URL (it may carry query parameters,
// which are kept, and user:password, sent as Basic credentials by Go's
// HTTP client and never shown in errors).
func NewHTTPEndpoint(rawURL string, opts ...HTTPOption) (*HTTPEndpoint, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("kg: endpoint URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("kg: endpoint URL %q: scheme must be http or https", u.Redacted())
	}
	if u.Host == "" {
		return nil, fmt.Errorf("kg: endpoint URL %q: no host", u.Redacted())
	}
	if u.Fragment != "" {
		u.Fragment, u.RawFragment = "", ""
	}
	e := &HTTPEndpoint{
		url:          u,
		redacted:     redactURL(u),
		timeout:      DefaultRequestTimeout,
		retries:      DefaultRetries,
		backoffBase:  DefaultBackoff,
		backoffMax:   DefaultMaxBackoff,
		maxRetryWait: DefaultMaxRetryWait,
		maxBytes:     DefaultMaxResponseBytes,
		header:       http.Header{},
		userAgent:    defaultUserAgent(),
		sleep:        sleepCtx,
		jitter:       rand.Float64,
	}
	for _, o := range opts {
		if err := o(e); err != nil {
			return nil, fmt.Errorf("kg: endpoint %s: %w", e.redacted, err)
		}
	}
	if e.client == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 16
		e.client = &http.Client{Transport: t}
	} else {
		c := *e.client // the caller's client is not changed
		e.client = &c
	}
	e.client.CheckRedirect = e.checkRedirect(e.client.CheckRedirect)
	if e.logger == nil {
		e.logger = slog.New(slog.DiscardHandler)
	}
	return e, nil
}

// URL returns the endpoint's URL without credentials.
func (e *HTTPEndpoint) URL() string { return e.redacted }

// CloseIdleConnections closes the idle keep-alive connections of the
// endpoint's HTTP client.
func (e *HTTPEndpoint) CloseIdleConnections() { e.client.CloseIdleConnections() }

// defaultUserAgent is "go-schemaforge/" and the module version.
var defaultUserAgent = sync.OnceValue(func() string {
	const mod = "github.com/schemaforge/go-schemaforge"
	v := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Path == mod {
			v = bi.Main.Version
		}
		for _, d := range bi.Deps {
			if d.Path == mod {
				v = d.Version
			}
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	return "go-schemaforge/" + v
})

// HTTPError is the error of an [HTTPEndpoint] query. It names the endpoint
// and the query and says how far the query got: refused before sending
// (Attempts 0), no usable reply (StatusCode 0, Err says why), or a reply
// with an error status (StatusCode, Body).
type HTTPError struct {
	URL        string // the endpoint URL, without credentials
	Query      string // the query, shortened for messages
	Method     string // the HTTP method of the last attempt ("" when none was made)
	StatusCode int    // HTTP status of the last reply; 0 when there was none
	Status     string // e.g. "500 Internal Server Error"
	Body       string // an excerpt of the error reply's body, whitespace folded
	Attempts   int    // attempts made (0: refused before sending)
	Err        error  // the cause: context.DeadlineExceeded, ErrResponseTooLarge, a parse error…
}

// Error returns "sparql endpoint URL: query "…": HTTP STATUS (after N
// attempts): server says: BODY: CAUSE", leaving out the parts that do not
// apply.
func (e *HTTPError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "sparql endpoint %s: query %q", e.URL, e.Query)
	if e.StatusCode != 0 {
		b.WriteString(": HTTP ")
		if e.Status != "" {
			b.WriteString(e.Status)
		} else {
			b.WriteString(strconv.Itoa(e.StatusCode))
		}
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	if e.Body != "" {
		fmt.Fprintf(&b, ": server says: %s", e.Body)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *HTTPError) Unwrap() error { return e.Err }

// HTTPStats counts what an [HTTPEndpoint] did since it was made.
type HTTPStats struct {
	Queries  int64 `json:"queries"`  // Query calls
	Attempts int64 `json:"attempts"` // requests sent (retries included)
	Failed   int64 `json:"failed"`   // queries that ended in an error
	// ByStatus counts the failed queries by the HTTP status of their last
	// reply: 0 for no reply, 2xx for a reply whose body could not be read
	// or used (cut off by the time limit, too large, malformed).
	ByStatus map[int]int64 `json:"by_status,omitempty"`
	// Errors are the first few distinct error messages, shortened.
	Errors []string `json:"errors,omitempty"`
}

// Add adds the counts of o to s.
func (s *HTTPStats) Add(o HTTPStats) {
	s.Queries += o.Queries
	s.Attempts += o.Attempts
	s.Failed += o.Failed
	for k, v := range o.ByStatus {
		if s.ByStatus == nil {
			s.ByStatus = map[int]int64{}
		}
		s.ByStatus[k] += v
	}
	for _, m := range o.Errors {
		if len(s.Errors) < maxStatErrors && !slicesContains(s.Errors, m) {
			s.Errors = append(s.Errors, m)
		}
	}
}

// maxStatErrors bounds HTTPStats.Errors.
const maxStatErrors = 10

type httpStats struct {
	mu sync.Mutex
	s  HTTPStats
}

func (h *httpStats) record(queries, attempts int64, herr *HTTPError) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.s.Queries += queries
	h.s.Attempts += attempts
	if herr == nil {
		return
	}
	h.s.Failed++
	if h.s.ByStatus == nil {
		h.s.ByStatus = map[int]int64{}
	}
	h.s.ByStatus[herr.StatusCode]++
	if len(h.s.Errors) < maxStatErrors {
		m := shorten(herr.Error(), 400)
		if !slicesContains(h.s.Errors, m) {
			h.s.Errors = append(h.s.Errors, m)
		}
	}
}

// Stats returns what the endpoint did so far.
func (e *HTTPEndpoint) Stats() HTTPStats {
	e.stats.mu.Lock()
	defer e.stats.mu.Unlock()
	var out HTTPStats
	out.Add(e.stats.s)
	return out
}

// Query sends query to the endpoint and returns its results: Vars and Rows
// for SELECT, Boolean for ASK, Graph for CONSTRUCT and DESCRIBE.
func (e *HTTPEndpoint) Query(ctx context.Context, query string) (res *sparql.Results, err error) {
	herr := &HTTPError{URL: e.redacted, Query: shorten(query, 200)}
	defer func() {
		var failed *HTTPError
		if err != nil {
			failed = herr
		}
		e.stats.record(1, int64(herr.Attempts), failed)
	}()
	q, err := CheckQuery(query, e.dialect, e.allowService)
	if err != nil {
		herr.Err = fmt.Errorf("refused before sending: %w", err)
		return nil, herr
	}
	for attempt := 1; ; attempt++ {
		herr.Attempts = attempt
		res, retryAfter, retry := e.attempt(ctx, query, q.Form, herr)
		if res != nil {
			return res, nil
		}
		if ctx.Err() != nil {
			if !errors.Is(herr.Err, ctx.Err()) {
				herr.Err = ctxCause(ctx, herr.Err)
			}
			return nil, herr
		}
		if !retry || attempt > e.retries || (herr.StatusCode == http.StatusInternalServerError && attempt > 1) {
			return nil, herr
		}
		wait := e.backoff(attempt)
		if retryAfter >= 0 {
			if retryAfter > e.maxRetryWait {
				herr.Err = addCause(herr.Err, fmt.Errorf("not retrying: the server asks to wait %v (Retry-After), longer than the maximum wait %v", retryAfter, e.maxRetryWait))
				return nil, herr
			}
			wait = retryAfter
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			herr.Err = addCause(herr.Err, fmt.Errorf("not retrying: the context deadline comes before the retry wait of %v ends: %w", wait, context.DeadlineExceeded))
			return nil, herr
		}
		e.logger.InfoContext(ctx, "sparql endpoint: retrying", "url", e.redacted, "attempt", attempt, "status", herr.StatusCode, "wait", wait, "err", herr.Err)
		if err := e.sleep(ctx, wait); err != nil {
			herr.Err = fmt.Errorf("stopped while waiting %v to retry: %w (last failure: %w)", wait, err, errOrNone(herr.Err, herr.Status))
			return nil, herr
		}
	}
}

// deterministicMarkers are words of error replies that name an error of
// the query (its syntax, its types, a limit it exceeds), which a retry
// would only meet again: our own endpoint's intermediate-results cap,
// Virtuoso's SPARQL compiler and SQL states, Jena's and RDF4J's parse
// errors.
var deterministicMarkers = []string{
	"exceed the cap", "intermediate results", "syntax error", "parse error", "lexical error",
	"sparql compiler", "virtuoso 37000", "virtuoso 22023", "virtuoso 42000", "sp030", "sp031", "sl001",
	"queryparseexception", "malformed query", "query parse", "encountered \"", "not supported", "unsupported",
	"unknown function", "undefined prefix",
}

// deterministicError reports whether an error reply's body names an error
// of the query rather than of the server's state.
func deterministicError(body string) bool {
	b := strings.ToLower(body)
	for _, m := range deterministicMarkers {
		if strings.Contains(b, m) {
			return true
		}
	}
	return false
}

// ctxCause puts ctx's error in front of err.
func ctxCause(ctx context.Context, err error) error {
	if err == nil {
		return ctx.Err()
	}
	return fmt.Errorf("%w: %w", ctx.Err(), err)
}

// addCause appends the cause next to err (nil for a plain status error),
// keeping both for errors.Is.
func addCause(err, next error) error {
	if err == nil {
		return next
	}
	return fmt.Errorf("%w; %w", err, next)
}

// errOrNone returns err, or an error saying "HTTP status" when err is nil.
func errOrNone(err error, status string) error {
	if err != nil {
		return err
	}
	return errors.New("HTTP " + status)
}

// backoff returns the jittered wait before retry n (1-based).
func (e *HTTPEndpoint) backoff(n int) time.Duration {
	d := e.backoffBase
	for i := 1; i < n && d < e.backoffMax; i++ {
		d *= 2
	}
	d = min(d, e.backoffMax)
	return d/2 + time.Duration(e.jitter()*float64(d/2))
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// attempt makes one request. It returns the results, or records the
// failure in herr and returns the Retry-After wait (-1 when absent) and
// whether the failure is transient.
func (e *HTTPEndpoint) attempt(ctx context.Context, query string, form sparql.QueryForm, herr *HTTPError) (res *sparql.Results, retryAfter time.Duration, retry bool) {
	retryAfter = -1
	herr.StatusCode, herr.Status, herr.Body, herr.Err = 0, "", "", nil
	actx := ctx
	if e.timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, e.timeout)
		defer cancel()
	}
	req, err := e.newRequest(actx, query, form)
	if err != nil {
		herr.Err = err
		return nil, -1, false
	}
	herr.Method = req.Method
	start := time.Now()
	resp, err := e.client.Do(req)
	if err != nil {
		herr.Err, retry = e.transportError(ctx, actx, err)
		e.logger.DebugContext(ctx, "sparql endpoint: request failed", "url", e.redacted, "method", req.Method, "took", time.Since(start), "err", err)
		return nil, -1, retry
	}
	// Drain the rest of a complete reply so that the connection can be
	// reused; after a failure mid-reply, just close it.
	drain := false
	defer func() { closeBody(resp.Body, drain) }()
	herr.StatusCode, herr.Status = resp.StatusCode, resp.Status
	e.logger.DebugContext(ctx, "sparql endpoint: reply", "url", e.redacted, "method", req.Method, "status", resp.StatusCode, "content-type", resp.Header.Get("Content-Type"), "took", time.Since(start))

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		herr.Body = bodyExcerpt(resp.Body, 300)
		drain = true
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			retry = true
		case http.StatusInternalServerError:
			// Retried once (by Query), unless the server names an error
			// of the query itself, which would only come back.
			retry = !deterministicError(herr.Body)
		}
		if retry {
			if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
				retryAfter = d
			}
		}
		return nil, retryAfter, retry
	}
	if resp.ContentLength > e.maxBytes {
		herr.Err = fmt.Errorf("reply of %d bytes (Content-Length): %w (%d bytes)", resp.ContentLength, ErrResponseTooLarge, e.maxBytes)
		return nil, -1, false
	}
	body := &capReader{r: resp.Body, left: e.maxBytes}
	res, err = readReply(actx, body, resp.Header.Get("Content-Type"), form, e.redacted)
	switch {
	case body.tooLarge:
		herr.Err = fmt.Errorf("reading the reply: %w (%d bytes)", ErrResponseTooLarge, e.maxBytes)
		return nil, -1, false
	case body.err != nil:
		herr.Err, retry = e.transportError(ctx, actx, body.err)
		herr.Err = fmt.Errorf("reading the reply: %w", herr.Err)
		return nil, -1, retry
	case err != nil:
		if actx.Err() != nil { // rdfio reports the context's error
			herr.Err, retry = e.transportError(ctx, actx, err)
			return nil, -1, retry
		}
		herr.Err = err
		return nil, -1, false
	}
	drain = true
	res = virtuosoAsk(res, form)
	if err := checkForm(res, form); err != nil {
		herr.Err = err
		return nil, -1, false
	}
	return res, -1, false
}

// transportError words the failure err of an attempt under actx (derived
// from ctx) and says whether it is transient: the attempt's own timeout,
// network timeouts, resets and truncated replies are; the caller's
// cancellation is not.
func (e *HTTPEndpoint) transportError(ctx, actx context.Context, err error) (error, bool) {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // the URL (with the query) is long and named elsewhere
	}
	if ctx.Err() != nil {
		return err, false
	}
	if actx.Err() != nil {
		return fmt.Errorf("no complete reply within the request timeout of %v: %w", e.timeout, context.DeadlineExceeded), true
	}
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout(),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return err, true
	}
	return err, false
}

// newRequest builds the HTTP request of one attempt.
func (e *HTTPEndpoint) newRequest(ctx context.Context, query string, form sparql.QueryForm) (*http.Request, error) {
	params := url.Values{}
	for _, g := range e.defaultGraph {
		params.Add("default-graph-uri", g)
	}
	for _, g := range e.namedGraph {
		params.Add("named-graph-uri", g)
	}
	// Keep the URL's own parameters (such as an API key) in front.
	base := *e.url
	own := base.RawQuery
	join := func(enc string) string {
		switch {
		case own == "":
			return enc
		case enc == "":
			return own
		}
		return own + "&" + enc
	}

	withQuery := url.Values{"query": {query}}
	for k, v := range params {
		withQuery[k] = v
	}
	get := base
	get.RawQuery = join(withQuery.Encode())
	getURL := get.String()
	method := e.method
	if method == QueryViaAuto {
		method = QueryViaGet
		if len(getURL) > maxGetURL {
			method = QueryViaPostForm
		}
	}
	var req *http.Request
	var err error
	switch method {
	case QueryViaGet:
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, getURL, nil)
	case QueryViaPostForm:
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, base.String(), strings.NewReader(withQuery.Encode()))
		if req != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
	case QueryViaPostDirect:
		base.RawQuery = join(params.Encode())
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, base.String(), strings.NewReader(query))
		if req != nil {
			req.Header.Set("Content-Type", "application/sparql-query; charset=utf-8")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	req.Header.Set("Accept", acceptFor(form))
	if e.userAgent != "" {
		req.Header.Set("User-Agent", e.userAgent)
	}
	for k, vs := range e.header {
		req.Header[k] = append([]string(nil), vs...)
	}
	return req, nil
}

// Accept headers by query form.
const (
	acceptResults = sparql.MediaTypeResultsJSON + ", " + sparql.MediaTypeResultsXML + ";q=0.9, application/json;q=0.5, application/xml;q=0.4"
	acceptGraph   = "application/n-triples, text/turtle;q=0.9, application/rdf+xml;q=0.5, text/plain;q=0.2"
)

func acceptFor(form sparql.QueryForm) string {
	if form == sparql.Construct || form == sparql.Describe {
		return acceptGraph
	}
	return acceptResults
}

// graphFormats maps RDF media types to the rdfio formats that read them.
var graphFormats = map[string]rdfio.Format{
	"application/n-triples": rdfio.NTriples,
	"text/plain":            rdfio.NTriples, // N-Triples' media type before RDF 1.1
	"application/n-quads":   rdfio.NQuads,
	"text/turtle":           rdfio.Turtle,
	"application/x-turtle":  rdfio.Turtle,
	"application/trig":      rdfio.TriG,
	"application/rdf+xml":   rdfio.RDFXML,
}

// readReply parses a successful reply: SPARQL results or an RDF graph,
// according to the content type (sniffed when absent).
func readReply(ctx context.Context, body io.Reader, contentType string, form sparql.QueryForm, base string) (*sparql.Results, error) {
	mt := ""
	if strings.TrimSpace(contentType) != "" {
		var err error
		mt, _, err = mime.ParseMediaType(contentType)
		if err != nil {
			return nil, fmt.Errorf("reply has a bad Content-Type %q: %w", contentType, err)
		}
	}
	f, isGraph := graphFormats[mt]
	if mt == "" && (form == sparql.Construct || form == sparql.Describe) {
		// No content type: a graph query most likely got Turtle, of which
		// N-Triples is a subset; results documents start with '{' or '<'.
		br := bufio.NewReader(body)
		body = br
		if c := firstByte(br); c != '{' {
			f, isGraph = rdfio.Turtle, true
		}
	}
	if !isGraph {
		res, err := sparql.ReadResults(body, contentType)
		if err != nil {
			return nil, err
		}
		return res, nil
	}
	res := &sparql.Results{Graph: []sparql.Statement{}}
	err := rdfio.Reader{}.Read(ctx, body, f, base, func(q rdfio.Quad) error {
		res.Graph = append(res.Graph, sparql.Statement{Subject: q.S, Predicate: q.P, Object: q.O})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the %s graph of the reply: %w", f, err)
	}
	return res, nil
}

// firstByte peeks at the first non-space byte of br (0 at the end).
func firstByte(br *bufio.Reader) byte {
	for n := 1; ; n++ {
		b, err := br.Peek(n)
		if len(b) < n {
			return 0
		}
		if c := b[n-1]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c
		}
		if err != nil || n >= 4096 {
			return 0
		}
	}
}

// checkForm checks that the kind of res fits the query form.
func checkForm(res *sparql.Results, form sparql.QueryForm) error {
	var got string
	switch {
	case res.IsGraph():
		got = "an RDF graph"
	case res.IsAsk():
		got = "a boolean"
	default:
		got = "solutions"
	}
	ok := false
	switch form {
	case sparql.Select:
		ok = !res.IsGraph() && !res.IsAsk()
	case sparql.Ask:
		ok = res.IsAsk()
	case sparql.Construct, sparql.Describe:
		ok = res.IsGraph()
	}
	if !ok {
		return fmt.Errorf("the reply to %s query is %s", article(form.String()), got)
	}
	return nil
}

// capReader reads at most left bytes from r, then fails with tooLarge; it
// records the underlying reader's errors other than io.EOF, so that a
// truncated connection can be told from a malformed document (the results
// readers word their input errors themselves).
type capReader struct {
	r        io.Reader
	left     int64
	tooLarge bool
	err      error
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.tooLarge {
		return 0, ErrResponseTooLarge
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	if int64(n) > c.left {
		c.tooLarge = true
		n = int(c.left)
		c.left = 0
		return n, ErrResponseTooLarge
	}
	c.left -= int64(n)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}

// closeBody closes body, first draining up to 64 KiB of it when drain is
// set, so that the connection can be reused when little is left (a body
// with more left is dropped with its connection rather than read to the
// end).
func closeBody(body io.ReadCloser, drain bool) {
	if drain {
		_, _ = io.Copy(io.Discard, io.LimitReader(body, 64<<10))
	}
	_ = body.Close()
}

// bodyExcerpt returns the start of an error reply's body, whitespace
// folded, cut to about n bytes; HTML tags are dropped.
func bodyExcerpt(body io.Reader, n int) string {
	buf, _ := io.ReadAll(io.LimitReader(body, 8<<10))
	s := string(buf)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.Contains(s, "</") {
		s = stripTags(s)
	}
	return shorten(strings.Join(strings.Fields(s), " "), n)
}

// stripTags removes <…> markup from an HTML error page.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// parseRetryAfter reads a Retry-After value: delay seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(v, 10, 64); err == nil {
		const most = 1 << 20 // seconds; anything longer is "too long" anyway
		return time.Duration(min(n, most)) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// sensitiveParam reports whether a URL query parameter's name looks like
// it holds a credential.
func sensitiveParam(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"key", "token", "secret", "password", "passwd", "pwd", "auth", "signature", "credential", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return n == "sig"
}

// redactURL returns u without its password and with the values of
// sensitive query parameters replaced by "REDACTED".
func redactURL(u *url.URL) string {
	if u.RawQuery == "" {
		return u.Redacted()
	}
	c := *u
	params := strings.Split(c.RawQuery, "&")
	for i, p := range params {
		name, _, hasValue := strings.Cut(p, "=")
		if dn, err := url.QueryUnescape(name); err == nil {
			name = dn
		}
		if hasValue && sensitiveParam(name) {
			params[i] = p[:strings.IndexByte(p, '=')+1] + "REDACTED"
		}
	}
	c.RawQuery = strings.Join(params, "&")
	return c.Redacted()
}

// maxRedirects bounds the redirects of one request.
const maxRedirects = 10

// checkRedirect is the redirect policy of the endpoint's client (see
// [HTTPEndpoint]); next is the policy of a caller's client, if any.
func (e *HTTPEndpoint) checkRedirect(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		first := via[0]
		if first.Method == http.MethodPost && req.Method != http.MethodPost {
			status := 0
			if req.Response != nil {
				status = req.Response.StatusCode
			}
			return fmt.Errorf("refusing to follow the HTTP %d redirect to %s: it would turn the query POST into a %s without the query; use the new address as the endpoint URL",
				status, redactURL(req.URL), req.Method)
		}
		if !strings.EqualFold(req.URL.Host, first.URL.Host) || req.URL.Scheme != first.URL.Scheme {
			for k := range e.header {
				req.Header.Del(k)
			}
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}
