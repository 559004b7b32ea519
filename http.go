package schemaforge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/internal/admit"

	"github.com/schemaforge/go-schemaforge/handoff"
)

// Defaults of [HandlerOptions].
const (
	// DefaultMemoryBudget is the memory, in bytes, that the questions
	// answered at once may reserve together: 2 GiB.
	DefaultMemoryBudget = 2 << 30
	// DefaultQuestionMemory is the memory, in bytes, one question
	// reserves from the budget: 512 MiB, the embedded store's default
	// per-query memory limit.
	DefaultQuestionMemory = 512 << 20
	// DefaultQueueWait is how long a question waits for a slot and its
	// memory before it gets 503.
	DefaultQueueWait = 500 * time.Millisecond
)

// retryAfterSeconds is the Retry-After of a 503 answer: the time after
// which a client may ask again.
const retryAfterSeconds = 1

// HandlerOptions configure [Pipeline.Handler]. Zero fields take the
// defaults.
type HandlerOptions struct {
	// Timeout bounds one question (default 60 s).
	Timeout time.Duration
	// MaxConcurrent is the number of questions answered at once (default
	// 4).
	MaxConcurrent int
	// MemoryBudget is the memory in bytes that the questions answered at
	// once may reserve together, and QuestionMemory what each one
	// reserves (defaults [DefaultMemoryBudget] and
	// [DefaultQuestionMemory]; a negative MemoryBudget means no budget).
	// The reservation is an admission figure, not a measurement: what a
	// question really holds is bounded by the per-query memory limit of
	// the stores it queries.
	MemoryBudget   int64
	QuestionMemory int64
	// QueueWait is how long a question waits for a free slot and its
	// memory (default [DefaultQueueWait]); a question that gets neither
	// in time gets 503 Service Unavailable with a Retry-After header.
	QueueWait time.Duration
	// MaxBody bounds a POST body in bytes (default 64 KiB) and
	// MaxQuestion a question in characters (default 2,000).
	MaxBody     int64
	MaxQuestion int
	// Logger receives one record per request and the details of the
	// errors that clients see only in outline (default: discard).
	Logger *slog.Logger
	// Datasets routes TEXT2SPARQL requests by their dataset parameter:
	// each dataset ID (such as
	// "https://text2sparql.aksw.org/2025/corporate/") to the pipeline over
	// its collection or graph. A dataset not listed gets 400. When empty,
	// the handler's own pipeline answers every dataset.
	Datasets map[string]*Pipeline
	// Examples are the example questions the web page offers and GET
	// /examples returns (default: none).
	Examples []string
	// Version is what GET /health reports as the server's version
	// (default: the module version the binary was built from, with its
	// VCS revision when there is one).
	Version string
}

// Handler serves the pipeline over HTTP:
//
//   - GET /?dataset=<id>&question=<text> answers with the TEXT2SPARQL
//     challenge's contract, {"dataset": …, "question": …, "query": …},
//     always with 200 for an answerable request, as the challenge's client
//     drops a question that gets anything else: the query of the verified
//     answer, else the best candidate's (marked "verified": false), else
//     an empty query with "no_answer" saying why. The dataset picks the
//     pipeline ([HandlerOptions.Datasets]); an unknown one gets 400.
//   - POST /ask with {"question": "…"} answers with the whole answer and
//     its trace as JSON (as `schemaforge ask --json`).
//   - GET / without a query string serves a web page to ask questions and
//     read their answers and traces (its files are embedded in the
//     binary, under /assets/).
//   - GET /health, GET /examples, GET /openapi.json and GET
//     /sparql/{graph}?query=… serve the server's state, the example
//     questions, an OpenAPI 3.0 description of these routes, and a
//     read-only SPARQL 1.1 Protocol endpoint on each graph.
//
// Bad requests get 400 with {"error": …}. A question that finds no free
// slot or memory within [HandlerOptions.QueueWait] gets 503 with
// Retry-After; one that runs out of time 504; one cancelled (the server
// stopping, the client gone) 503. Errors of the pipeline reach the client
// only as an error number; their text, which may name hosts or files, goes
// to the logger under that number.
func (p *Pipeline) Handler(o HandlerOptions) http.Handler {
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 4
	}
	if o.MemoryBudget == 0 {
		o.MemoryBudget = DefaultMemoryBudget
	}
	if o.QuestionMemory <= 0 {
		o.QuestionMemory = DefaultQuestionMemory
	}
	if o.QueueWait <= 0 {
		o.QueueWait = DefaultQueueWait
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 64 << 10
	}
	if o.MaxQuestion <= 0 {
		o.MaxQuestion = 2000
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Version == "" {
		o.Version = buildVersion()
	}
	h := &handler{p: p, o: o, adm: newAdmission(o)}
	h.endpoints = sparqlEndpoints(p, o)
	mux := http.NewServeMux()
	for _, rt := range h.routes() {
		mux.HandleFunc(rt.pattern, rt.serve)
	}
	return mux
}

// route is one pattern of the handler's mux.
type route struct {
	pattern string
	serve   http.HandlerFunc
}

// routes lists every route of the handler; /openapi.json describes each.
func (h *handler) routes() []route {
	return []route{
		{"GET /{$}", h.root},
		{"POST /ask", h.ask},
		{"GET /health", h.health},
		{"GET /examples", h.examples},
		{"GET /openapi.json", h.openAPI},
		{"GET /sparql/{graph}", h.sparql},
		{"GET /assets/{file}", h.asset},
	}
}

type handler struct {
	p        *Pipeline
	o        HandlerOptions
	adm      *admit.Gate
	errCount atomic.Int64 // numbers the errors logged for clients
	// endpoints serve each graph's SPARQL endpoint, by graph ID.
	endpoints map[string]http.Handler
}

func newAdmission(o HandlerOptions) *admit.Gate {
	return admit.New(o.MaxConcurrent, o.MemoryBudget, o.QuestionMemory, o.QueueWait)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

func httpError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, map[string]string{"error": fmt.Sprintf(format, args...)})
}

// busy answers 503 with Retry-After for a question not admitted.
func (h *handler) busy(w http.ResponseWriter, r *http.Request, why error) {
	h.o.Logger.Info("schemaforge: question refused", "path", r.URL.Path, "why", why)
	w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
	what := fmt.Sprintf("%d questions are being answered, the limit", h.o.MaxConcurrent)
	if errors.Is(why, admit.ErrNoMemory) {
		what = fmt.Sprintf("the questions being answered have reserved the memory budget (%d MiB)", h.o.MemoryBudget>>20)
	}
	httpError(w, http.StatusServiceUnavailable, "busy: %s; retry after %d s", what, retryAfterSeconds)
}

// logError logs err under a new number and returns the outline a client
// may see: the pipeline's errors can name hosts, ports and files.
func (h *handler) logError(r *http.Request, msg string, err error) string {
	n := h.errCount.Add(1)
	h.o.Logger.Warn("schemaforge: "+msg, "path", r.URL.Path, "error_number", n, "err", err)
	return fmt.Sprintf("%s (error %d in the server's log)", msg, n)
}

// bodyError maps an error reading or decoding a request body to a status
// and a message without socket addresses.
func (h *handler) bodyError(r *http.Request, err error) (int, string) {
	var (
		mbe *http.MaxBytesError
		se  *json.SyntaxError
		te  *json.UnmarshalTypeError
		ne  net.Error
	)
	switch {
	case errors.As(err, &mbe):
		return http.StatusBadRequest, fmt.Sprintf("the body is longer than %d bytes", mbe.Limit)
	case errors.As(err, &ne) && ne.Timeout():
		h.o.Logger.Info("schemaforge: reading the body", "path", r.URL.Path, "err", err)
		return http.StatusRequestTimeout, "the request body did not arrive in time"
	case errors.As(err, &se), errors.As(err, &te), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return http.StatusBadRequest, `want {"question": "…"}: ` + err.Error()
	}
	return http.StatusBadRequest, h.logError(r, "could not read the request body", err)
}

func (h *handler) checkQuestion(q string) error {
	switch {
	case strings.TrimSpace(q) == "":
		return errors.New("the question is empty")
	case !utf8.ValidString(q):
		return errors.New("the question is not valid UTF-8")
	case utf8.RuneCountInString(q) > h.o.MaxQuestion:
		return fmt.Errorf("the question is longer than %d characters", h.o.MaxQuestion)
	}
	return nil
}

// answer runs one question under the concurrency limit and the timeout.
func (h *handler) answer(w http.ResponseWriter, r *http.Request, q string) (*handoff.Answer, bool) {
	return h.answerWith(w, r, h.p, q, false)
}

// answerWith runs one question on p once admitted. With lenient, a failure
// of the pipeline other than the timeout or cancellation is returned as an
// answer without a query (nil, true) instead of a 422.
func (h *handler) answerWith(w http.ResponseWriter, r *http.Request, p *Pipeline, q string, lenient bool) (*handoff.Answer, bool) {
	release, err := h.adm.Admit(r.Context())
	if err != nil {
		h.busy(w, r, err)
		return nil, false
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), h.o.Timeout)
	defer cancel()
	start := time.Now()
	ans, err := p.Ask(ctx, q)
	h.o.Logger.Info("schemaforge: question", "path", r.URL.Path, "ms", time.Since(start).Milliseconds(), "err", err)
	switch {
	case err == nil:
		return ans, true
	case r.Context().Err() != nil:
		w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
		httpError(w, http.StatusServiceUnavailable, "the question was cancelled: the server is stopping")
	case ctx.Err() != nil:
		httpError(w, http.StatusGatewayTimeout, "the question ran out of time (limit %v)", h.o.Timeout)
	case lenient:
		return &handoff.Answer{Question: q, NoAnswer: h.logError(r, "the pipeline failed on the question", err)}, true
	default:
		httpError(w, http.StatusUnprocessableEntity, "%s", h.logError(r, "the pipeline failed on the question", err))
	}
	return nil, false
}

func (h *handler) text2sparql(w http.ResponseWriter, r *http.Request) {
	dataset, q := r.URL.Query().Get("dataset"), r.URL.Query().Get("question")
	if err := h.checkQuestion(q); err != nil {
		httpError(w, http.StatusBadRequest, "question: %v", err)
		return
	}
	p := h.p
	if len(h.o.Datasets) > 0 {
		dp, ok := h.o.Datasets[dataset]
		if !ok {
			known := make([]string, 0, len(h.o.Datasets))
			for id := range h.o.Datasets {
				known = append(known, id)
			}
			sort.Strings(known)
			httpError(w, http.StatusBadRequest, "unknown dataset %q (this server answers %s)", dataset, strings.Join(known, ", "))
			return
		}
		p = dp
	}
	ans, ok := h.answerWith(w, r, p, q, true)
	if !ok {
		return
	}
	query, _ := BestQuery(ans)
	out := map[string]any{"dataset": dataset, "question": q, "query": query,
		"verified": ans.Verified && query != "", "confidence": ans.Confidence}
	if query == "" {
		out["no_answer"] = "no query could be built: " + ans.NoAnswer
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *handler) ask(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Question string `json:"question"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, h.o.MaxBody))
	if err := dec.Decode(&req); err != nil {
		status, msg := h.bodyError(r, err)
		httpError(w, status, "body: %s", msg)
		return
	}
	if err := h.checkQuestion(req.Question); err != nil {
		httpError(w, http.StatusBadRequest, "question: %v", err)
		return
	}
	ans, ok := h.answer(w, r, req.Question)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// BestQuery returns the query an answer rests on: the last query of its
// provenance (from an accepted or fallback record; true), else the
// best-scored candidate of any subgoal that has records (false), else "".
// Whether the answer is verified is Answer.Verified.
func BestQuery(ans *handoff.Answer) (query string, verified bool) {
	if ans == nil {
		return "", false
	}
	if len(ans.Provenance) > 0 {
		return ans.Provenance[len(ans.Provenance)-1].Query, true
	}
	best := handoff.Candidate{}
	for _, recs := range ans.Records {
		for _, r := range recs {
			c := r.Candidate
			if best.Query == "" || c.Score > best.Score || (c.Score == best.Score && c.Query < best.Query) {
				best = c
			}
		}
	}
	return best.Query, false
}
