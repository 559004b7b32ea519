package schemaforge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
)

// HandlerOptions configure [Pipeline.Handler]. Zero fields take the
// defaults.
type HandlerOptions struct {
	// Timeout bounds one question (default 60 s).
	Timeout time.Duration
	// MaxConcurrent is the number of questions answered at once; more
	// get 503 Service Unavailable (default 4).
	MaxConcurrent int
	// MaxBody bounds a POST body in bytes (default 64 KiB) and
	// MaxQuestion a question in characters (default 2,000).
	MaxBody     int64
	MaxQuestion int
	// Logger receives one record per request (default: discard).
	Logger *slog.Logger
	// Datasets routes TEXT2SPARQL requests by their dataset parameter:
	// each dataset ID (such as
	// "https://text2sparql.aksw.org/2025/corporate/") to the pipeline over
	// its collection or graph. A dataset not listed gets 400. When empty,
	// the handler's own pipeline answers every dataset.
	Datasets map[string]*Pipeline
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
//
// Bad requests get 400 with {"error": …}; questions beyond the concurrency
// limit 503.
func (p *Pipeline) Handler(o HandlerOptions) http.Handler {
	if o.Timeout <= 0 {
		o.Timeout = time.Minute
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 4
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
	h := &handler{p: p, o: o, slots: make(chan struct{}, o.MaxConcurrent)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", h.text2sparql)
	mux.HandleFunc("POST /ask", h.ask)
	return mux
}

type handler struct {
	p     *Pipeline
	o     HandlerOptions
	slots chan struct{}
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

// answerWith runs one question on p. With lenient, a failure of the
// pipeline other than the timeout or cancellation is returned as an
// answer without a query (nil, true) instead of a 422.
func (h *handler) answerWith(w http.ResponseWriter, r *http.Request, p *Pipeline, q string, lenient bool) (*handoff.Answer, bool) {
	select {
	case h.slots <- struct{}{}:
		defer func() { <-h.slots }()
	default:
		httpError(w, http.StatusServiceUnavailable, "busy: %d questions are being answered; try again", h.o.MaxConcurrent)
		return nil, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.o.Timeout)
	defer cancel()
	start := time.Now()
	ans, err := p.Ask(ctx, q)
	h.o.Logger.Info("schemaforge: question", "path", r.URL.Path, "ms", time.Since(start).Milliseconds(), "err", err)
	if err != nil {
		status := http.StatusUnprocessableEntity
		if ctx.Err() != nil {
			status = http.StatusGatewayTimeout
		} else if lenient {
			return &handoff.Answer{Question: q, NoAnswer: err.Error()}, true
		}
		httpError(w, status, "%v", err)
		return nil, false
	}
	return ans, true
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
		httpError(w, http.StatusBadRequest, "body: want {\"question\": \"…\"}: %v", err)
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
