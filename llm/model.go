package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"
)

// The providers of [Config].
const (
	// ProviderOpenAI is any server speaking the OpenAI chat-completions
	// API: OpenAI itself, vLLM, llama.cpp's server, LM Studio, Ollama's
	// /v1 endpoint, hosted gateways.
	ProviderOpenAI = "openai"
	// ProviderOllama is Ollama's own API (/api/chat).
	ProviderOllama = "ollama"
)

// Defaults of [Config].
const (
	// DefaultOpenAIBaseURL is the base URL of the openai provider when
	// none is given.
	DefaultOpenAIBaseURL = "https://api.openai.com/v1"
	// DefaultOllamaBaseURL is the base URL of the ollama provider when
	// none is given.
	DefaultOllamaBaseURL = "http://127.0.0.1:11434"
	// DefaultTimeout bounds one chat call when Config.Timeout is 0.
	DefaultTimeout = 2 * time.Minute
	// PlaceholderAPIKey is sent as the bearer token by the openai
	// provider when no key is configured: local servers ignore it, and
	// langchaingo refuses to build a client without one.
	PlaceholderAPIKey = "sk-no-key-required"
)

// The environment variables [ConfigFromEnv] reads.
const (
	EnvProvider    = "SCHEMAFORGE_LLM_PROVIDER"    // "openai" (default) or "ollama"
	EnvBaseURL     = "SCHEMAFORGE_LLM_BASE_URL"    // else OPENAI_BASE_URL (openai) or OLLAMA_HOST (ollama)
	EnvModel       = "SCHEMAFORGE_LLM_MODEL"       // the model name; unset: no LLM
	EnvAPIKey      = "SCHEMAFORGE_LLM_API_KEY"     // else OPENAI_API_KEY (openai)
	EnvTemperature = "SCHEMAFORGE_LLM_TEMPERATURE" // a number, default 0
	EnvTimeout     = "SCHEMAFORGE_LLM_TIMEOUT"     // a Go duration ("90s"), default DefaultTimeout
	EnvMaxTokens   = "SCHEMAFORGE_LLM_MAX_TOKENS"  // an integer, default: the server's
)

// Config says which chat model to use and how. The zero value of every
// field but Model has a default.
type Config struct {
	// Provider is ProviderOpenAI (the default: any OpenAI-compatible
	// server) or ProviderOllama (Ollama's own API).
	Provider string
	// BaseURL is the API's base URL: for openai the part before
	// /chat/completions ("http://localhost:8000/v1" for vLLM,
	// "http://localhost:11434/v1" for Ollama's OpenAI API; default
	// DefaultOpenAIBaseURL), for ollama the server
	// (default DefaultOllamaBaseURL).
	BaseURL string
	// Model names the model ("gpt-4o-mini", "qwen2.5:7b-instruct"…).
	// Required: a Config without a model is not Enabled.
	Model string
	// APIKey is the bearer token of the openai provider (default
	// PlaceholderAPIKey, fine for local servers). Ollama takes none.
	APIKey string
	// Temperature is the sampling temperature (default 0: as
	// deterministic as the server allows). langchaingo does not send it
	// for OpenAI reasoning models (o1, o3, gpt-5), which reject it.
	Temperature float64
	// Timeout bounds each chat call, on top of the caller's context
	// (0: DefaultTimeout; negative: no bound but the context's).
	Timeout time.Duration
	// MaxTokens caps the length of each reply (0: the server's default).
	// The openai provider sends it as "max_tokens", which every
	// OpenAI-compatible server understands.
	MaxTokens int
	// HTTPClient carries the requests (default: a client of this
	// package's own, with a clone of http.DefaultTransport; never
	// http.DefaultClient).
	HTTPClient *http.Client
}

// Enabled reports whether the configuration names a model.
func (c Config) Enabled() bool { return strings.TrimSpace(c.Model) != "" }

// ConfigFromEnv reads a Config from the environment:
//
//	SCHEMAFORGE_LLM_PROVIDER     "openai" (default; any OpenAI-compatible server) or "ollama"
//	SCHEMAFORGE_LLM_BASE_URL     base URL; else OPENAI_BASE_URL (openai) or OLLAMA_HOST (ollama)
//	SCHEMAFORGE_LLM_MODEL        model name; unset means no LLM (Config.Enabled is false)
//	SCHEMAFORGE_LLM_API_KEY      API key; else OPENAI_API_KEY (openai only)
//	SCHEMAFORGE_LLM_TEMPERATURE  sampling temperature (default 0)
//	SCHEMAFORGE_LLM_TIMEOUT      per-call timeout as a Go duration, e.g. "90s" (default 2m)
//	SCHEMAFORGE_LLM_MAX_TOKENS   reply length cap (default: the server's)
//
// OLLAMA_HOST may be written as Ollama itself accepts it ("0.0.0.0",
// "localhost:11434", "http://host:11434"). Note that OPENAI_API_KEY is
// sent to whatever base URL is configured. An unknown provider or a
// malformed number or duration is an error naming the variable.
func ConfigFromEnv() (Config, error) {
	c := Config{
		Provider: strings.ToLower(strings.TrimSpace(os.Getenv(EnvProvider))),
		BaseURL:  strings.TrimSpace(os.Getenv(EnvBaseURL)),
		Model:    strings.TrimSpace(os.Getenv(EnvModel)),
		APIKey:   strings.TrimSpace(os.Getenv(EnvAPIKey)),
	}
	switch c.Provider {
	case "":
		c.Provider = ProviderOpenAI
		fallthrough
	case ProviderOpenAI:
		if c.BaseURL == "" {
			c.BaseURL = strings.TrimSpace(os.Getenv("OPENAI_BASE_URL"))
		}
		if c.APIKey == "" {
			c.APIKey = strings.TrimSpace(os.Getenv("OPENAI_API_KEY"))
		}
	case ProviderOllama:
		if c.BaseURL == "" {
			if h := strings.TrimSpace(os.Getenv("OLLAMA_HOST")); h != "" {
				c.BaseURL = ollamaURL(h)
			}
		}
	default:
		return c, fmt.Errorf("llm: %s=%q: unknown provider (want %q or %q)", EnvProvider, c.Provider, ProviderOpenAI, ProviderOllama)
	}
	if s := strings.TrimSpace(os.Getenv(EnvTemperature)); s != "" {
		t, err := strconv.ParseFloat(s, 64)
		if err != nil || t < 0 {
			return c, fmt.Errorf("llm: %s=%q: want a non-negative number", EnvTemperature, s)
		}
		c.Temperature = t
	}
	if s := strings.TrimSpace(os.Getenv(EnvTimeout)); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			return c, fmt.Errorf("llm: %s=%q: want a duration such as 90s: %w", EnvTimeout, s, err)
		}
		c.Timeout = d
	}
	if s := strings.TrimSpace(os.Getenv(EnvMaxTokens)); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return c, fmt.Errorf("llm: %s=%q: want a non-negative integer", EnvMaxTokens, s)
		}
		c.MaxTokens = n
	}
	return c, nil
}

// ollamaURL turns an OLLAMA_HOST value into a base URL: http:// when no
// scheme is given, port 11434 when an http URL has none.
func ollamaURL(h string) string {
	if !strings.Contains(h, "://") {
		h = "http://" + h
	}
	u, err := url.Parse(h)
	if err != nil {
		return h
	}
	if u.Port() == "" && u.Scheme == "http" && u.Hostname() != "" {
		u.Host = net.JoinHostPort(u.Hostname(), "11434")
	}
	return strings.TrimSuffix(u.String(), "/")
}

// Role is the author of a chat message.
type Role string

// The chat roles.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one message of a chat.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// Reply is a chat model's answer with what it cost.
type Reply struct {
	Content string `json:"content"`
	// InputTokens and OutputTokens are the prompt and completion tokens
	// the server reported or, when it reported none, estimates (a token
	// per four bytes), in which case Estimated is true.
	InputTokens  int  `json:"inputTokens"`
	OutputTokens int  `json:"outputTokens"`
	Estimated    bool `json:"estimated,omitempty"`
	// Millis is the wall time of the call.
	Millis int64 `json:"millis"`
}

// Usage is the cumulative cost of a Model's calls.
type Usage struct {
	// Calls counts chat calls that returned a reply, Failed the ones that
	// returned an error.
	Calls  int `json:"calls"`
	Failed int `json:"failed,omitempty"`
	// InputTokens and OutputTokens sum the replies' token counts;
	// Estimated counts the replies whose counts were estimated.
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	Estimated    int `json:"estimated,omitempty"`
}

// ErrEmptyReply is returned (wrapped) by [Model.Chat] when the model
// answers with no text.
var ErrEmptyReply = errors.New("the model returned an empty reply")

// Model is a chat model reached through langchaingo, with token
// accounting. It is safe for concurrent use.
type Model struct {
	llm         llms.Model
	name        string
	provider    string
	baseURL     string
	client      *http.Client // nil for a model wrapped by NewFromLangchain
	temperature float64
	timeout     time.Duration
	maxTokens   int

	mu    sync.Mutex
	usage Usage
}

// New builds the model cfg describes with langchaingo's openai or ollama
// provider. It makes no request. It fails when cfg names no model, an
// unknown provider or a malformed base URL.
func New(cfg Config) (*Model, error) {
	if !cfg.Enabled() {
		return nil, errors.New("llm: no model named (set Config.Model or " + EnvModel + ")")
	}
	cfg.Model = strings.TrimSpace(cfg.Model)
	provider := strings.ToLower(strings.TrimSpace(cfg.Provider))
	if provider == "" {
		provider = ProviderOpenAI
	}
	base := strings.TrimSpace(cfg.BaseURL)
	if base == "" {
		base = DefaultOpenAIBaseURL
		if provider == ProviderOllama {
			base = DefaultOllamaBaseURL
		}
	}
	base = strings.TrimSuffix(base, "/")
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("llm: model %s: base URL %q is not an http(s) URL", cfg.Model, base)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	var lm llms.Model
	switch provider {
	case ProviderOpenAI:
		key := cfg.APIKey
		if key == "" {
			key = PlaceholderAPIKey
		}
		lm, err = openai.New(openai.WithBaseURL(base), openai.WithModel(cfg.Model),
			openai.WithToken(key), openai.WithHTTPClient(client))
	case ProviderOllama:
		lm, err = ollama.New(ollama.WithServerURL(base), ollama.WithModel(cfg.Model),
			ollama.WithHTTPClient(client))
	default:
		return nil, fmt.Errorf("llm: model %s: unknown provider %q (want %q or %q)", cfg.Model, cfg.Provider, ProviderOpenAI, ProviderOllama)
	}
	if err != nil {
		return nil, fmt.Errorf("llm: model %s at %s: %w", cfg.Model, base, err)
	}
	m := newModel(lm, cfg.Model, provider, base)
	m.client = client
	m.temperature = cfg.Temperature
	m.maxTokens = cfg.MaxTokens
	m.timeout = cfg.Timeout
	if m.timeout == 0 {
		m.timeout = DefaultTimeout
	}
	return m, nil
}

// Ping checks that the model's server answers at all: GET /models of an
// OpenAI-compatible server, /api/tags of Ollama. Any HTTP response counts
// (a server without that route still answered); a transport error (no
// server, a refused connection, a timeout, a bad TLS handshake) is an
// error naming the URL. A model wrapped by NewFromLangchain has no URL
// and always passes.
func (m *Model) Ping(ctx context.Context) error {
	if m == nil || m.client == nil || m.baseURL == "" {
		return nil
	}
	u := m.baseURL + "/models"
	if m.provider == ProviderOllama {
		u = m.baseURL + "/api/tags"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("llm: model %s: %w", m.name, err)
	}
	resp, err := m.client.Do(req)
	if err != nil {
		return fmt.Errorf("llm: model %s: its server at %s cannot be reached: %w", m.name, m.baseURL, err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	resp.Body.Close()
	return nil
}

// NewFromLangchain wraps a langchaingo model built elsewhere (any
// provider, or a stub in tests), named name in errors and in
// decomposition sources. It uses temperature 0 and DefaultTimeout.
func NewFromLangchain(m llms.Model, name string) *Model {
	return newModel(m, name, "langchaingo", "")
}

func newModel(lm llms.Model, name, provider, base string) *Model {
	return &Model{llm: lm, name: name, provider: provider, baseURL: base, timeout: DefaultTimeout}
}

// Name returns the model's name.
func (m *Model) Name() string { return m.name }

// Provider returns ProviderOpenAI, ProviderOllama, or "langchaingo" for a
// model from [NewFromLangchain].
func (m *Model) Provider() string { return m.provider }

// BaseURL returns the API base URL ("" for a model from
// [NewFromLangchain]).
func (m *Model) BaseURL() string { return m.baseURL }

// Usage returns the cumulative usage of all calls so far.
func (m *Model) Usage() Usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.usage
}

// Chat sends messages to the model and returns its reply. The call is
// bounded by ctx and by the configured timeout. Token counts come from
// the server's usage report, else they are estimated. Errors wrap their
// cause (and the context's error when the context ended), and name the
// model and base URL.
func (m *Model) Chat(ctx context.Context, messages []Message) (Reply, error) {
	reply, err := m.chat(ctx, messages)
	m.mu.Lock()
	if err != nil {
		m.usage.Failed++
	} else {
		m.usage.Calls++
		m.usage.InputTokens += reply.InputTokens
		m.usage.OutputTokens += reply.OutputTokens
		if reply.Estimated {
			m.usage.Estimated++
		}
	}
	m.mu.Unlock()
	if rec, ok := ctx.Value(recorderKey{}).(func(Call)); ok && rec != nil {
		rec(Call{Model: m.name, InputTokens: reply.InputTokens, OutputTokens: reply.OutputTokens,
			Estimated: reply.Estimated, Millis: reply.Millis, Err: err})
	}
	if err != nil {
		where := m.name
		if m.baseURL != "" {
			where += " at " + m.baseURL
		}
		return reply, fmt.Errorf("llm: chat with %s: %w", where, err)
	}
	return reply, nil
}

// Call describes one chat call, for a recorder ([WithCallRecorder]).
type Call struct {
	Model                     string
	InputTokens, OutputTokens int
	// Estimated is true when the server reported no usage and the
	// counts are estimates.
	Estimated bool
	Millis    int64
	// Err is the call's error, nil when it succeeded.
	Err error
}

type recorderKey struct{}

// WithCallRecorder returns a context under which every [Model.Chat] call
// reports itself to rec when it ends (from the calling goroutine; rec must
// be safe for concurrent use if the context is shared). This is how a
// caller accounts tokens per request when several requests share a model.
func WithCallRecorder(ctx context.Context, rec func(Call)) context.Context {
	return context.WithValue(ctx, recorderKey{}, rec)
}

func (m *Model) chat(ctx context.Context, messages []Message) (Reply, error) {
	if len(messages) == 0 {
		return Reply{}, errors.New("no messages")
	}
	if err := ctx.Err(); err != nil {
		return Reply{}, err
	}
	msgs := make([]llms.MessageContent, len(messages))
	inBytes := 0
	for i, msg := range messages {
		var role llms.ChatMessageType
		switch msg.Role {
		case RoleSystem:
			role = llms.ChatMessageTypeSystem
		case RoleUser:
			role = llms.ChatMessageTypeHuman
		case RoleAssistant:
			role = llms.ChatMessageTypeAI
		default:
			return Reply{}, fmt.Errorf("message %d: unknown role %q", i+1, msg.Role)
		}
		msgs[i] = llms.TextParts(role, msg.Content)
		inBytes += len(msg.Content)
	}
	opts := []llms.CallOption{llms.WithTemperature(m.temperature)}
	if m.maxTokens > 0 {
		opts = append(opts, llms.WithMaxTokens(m.maxTokens),
			// langchaingo's openai provider sends max_completion_tokens
			// unless told otherwise; many OpenAI-compatible servers only
			// know max_tokens.
			llms.WithMetadata(map[string]any{"openai:use_legacy_max_tokens": true}))
	}
	callCtx := ctx
	if m.timeout > 0 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, m.timeout)
		defer cancel()
	}
	start := time.Now()
	resp, err := m.llm.GenerateContent(callCtx, msgs, opts...)
	millis := time.Since(start).Milliseconds()
	if err != nil {
		// langchaingo's openai client replaces context errors by plain
		// messages: put the context's error back in the chain.
		switch {
		case ctx.Err() != nil:
			if !errors.Is(err, ctx.Err()) {
				err = fmt.Errorf("%w: %w", ctx.Err(), err)
			}
		case callCtx.Err() != nil:
			if !errors.Is(err, callCtx.Err()) {
				err = fmt.Errorf("no reply within %s: %w: %w", m.timeout, callCtx.Err(), err)
			} else {
				err = fmt.Errorf("no reply within %s: %w", m.timeout, err)
			}
		}
		return Reply{Millis: millis}, err
	}
	if resp == nil || len(resp.Choices) == 0 || resp.Choices[0] == nil || strings.TrimSpace(resp.Choices[0].Content) == "" {
		return Reply{Millis: millis}, ErrEmptyReply
	}
	choice := resp.Choices[0]
	r := Reply{Content: choice.Content, Millis: millis}
	r.InputTokens = infoInt(choice.GenerationInfo, "PromptTokens", "InputTokens", "prompt_tokens", "input_tokens")
	r.OutputTokens = infoInt(choice.GenerationInfo, "CompletionTokens", "OutputTokens", "completion_tokens", "output_tokens")
	if r.InputTokens <= 0 {
		r.InputTokens, r.Estimated = EstimateTokens(inBytes), true
	}
	if r.OutputTokens <= 0 {
		r.OutputTokens, r.Estimated = EstimateTokens(len(r.Content)), true
	}
	return r, nil
}

// EstimateTokens estimates the number of tokens of n bytes of text: one
// per four bytes, rounded up.
func EstimateTokens(n int) int { return (n + 3) / 4 }

// infoInt returns the first of keys in info that holds a number.
func infoInt(info map[string]any, keys ...string) int {
	for _, k := range keys {
		switch v := info[k].(type) {
		case int:
			return v
		case int32:
			return int(v)
		case int64:
			return int(v)
		case float64:
			return int(v)
		case float32:
			return int(v)
		case json.Number:
			if n, err := v.Int64(); err == nil {
				return int(n)
			}
		}
	}
	return 0
}

// ErrNoJSON is returned (wrapped) by [ExtractJSON] when a text holds no
// JSON object.
var ErrNoJSON = errors.New("no JSON object found")

// ExtractJSON returns the first JSON object in s, a model's reply: the
// whole reply, an object inside a ```json fence, or one with prose
// around it. A leading <think>…</think> block (reasoning models) is
// skipped. The object is returned exactly as written. When s holds no
// valid object the error wraps [ErrNoJSON] and, if s has a '{', says
// what is wrong with the object starting at the first one.
func ExtractJSON(s string) (string, error) {
	if t := strings.TrimLeft(s, " \t\r\n"); strings.HasPrefix(t, "<think>") {
		if i := strings.Index(t, "</think>"); i >= 0 {
			if obj, err := extractJSON(t[i+len("</think>"):]); err == nil {
				return obj, nil
			}
		}
	}
	return extractJSON(s)
}

func extractJSON(s string) (string, error) {
	first := -1
	var firstErr error
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '{')
		if j < 0 {
			break
		}
		i += j
		var raw json.RawMessage
		err := json.NewDecoder(strings.NewReader(s[i:])).Decode(&raw)
		if err == nil {
			return string(raw), nil
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			// Well-formed up to the end of the reply: every later '{'
			// is inside this object, so no later object is the answer.
			return "", fmt.Errorf("%w: the object at byte %d is not closed (was the reply cut off?)", ErrNoJSON, i)
		}
		if first < 0 {
			first, firstErr = i, err
		}
	}
	if first < 0 {
		return "", fmt.Errorf("%w: the reply has no '{'", ErrNoJSON)
	}
	var se *json.SyntaxError
	if errors.As(firstErr, &se) {
		// Offset counts the bytes read, the offending one included.
		at := first + int(se.Offset) - 1
		from := max(first, at-30)
		return "", fmt.Errorf("%w: the object at byte %d is invalid at byte %d, after %q: %v", ErrNoJSON, first, at, s[from:at], se)
	}
	return "", fmt.Errorf("%w: the object at byte %d: %v", ErrNoJSON, first, firstErr)
}
