package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/tmc/langchaingo/llms"

	"github.com/schemaforge/go-schemaforge/internal/llmtest"
)

// clearLLMEnv empties every variable ConfigFromEnv reads.
func clearLLMEnv(t *testing.T) {
	for _, k := range []string{EnvProvider, EnvBaseURL, EnvModel, EnvAPIKey, EnvTemperature, EnvTimeout, EnvMaxTokens,
		"OPENAI_BASE_URL", "OPENAI_API_KEY", "OLLAMA_HOST"} {
		t.Setenv(k, "")
	}
}

func TestConfigFromEnv(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want Config
	}{
		{"nothing set", nil, Config{Provider: ProviderOpenAI}},
		{"openai fallbacks", map[string]string{EnvModel: "m", "OPENAI_BASE_URL": "http://h:8000/v1", "OPENAI_API_KEY": "k"},
			Config{Provider: ProviderOpenAI, Model: "m", BaseURL: "http://h:8000/v1", APIKey: "k"}},
		{"own variables win", map[string]string{EnvModel: "m", EnvBaseURL: "http://a/v1", "OPENAI_BASE_URL": "http://b/v1",
			EnvAPIKey: "mine", "OPENAI_API_KEY": "theirs"},
			Config{Provider: ProviderOpenAI, Model: "m", BaseURL: "http://a/v1", APIKey: "mine"}},
		{"numbers", map[string]string{EnvModel: "m", EnvTemperature: "0.2", EnvTimeout: "90s", EnvMaxTokens: "512"},
			Config{Provider: ProviderOpenAI, Model: "m", Temperature: 0.2, Timeout: 90 * time.Second, MaxTokens: 512}},
		{"ollama host bare", map[string]string{EnvProvider: "Ollama", EnvModel: "llama3", "OLLAMA_HOST": "0.0.0.0", "OPENAI_API_KEY": "k"},
			Config{Provider: ProviderOllama, Model: "llama3", BaseURL: "http://0.0.0.0:11434"}},
		{"ollama host with port", map[string]string{EnvProvider: "ollama", "OLLAMA_HOST": "gpu:8080"},
			Config{Provider: ProviderOllama, BaseURL: "http://gpu:8080"}},
		{"ollama https host", map[string]string{EnvProvider: "ollama", "OLLAMA_HOST": "https://ollama.example.org/"},
			Config{Provider: ProviderOllama, BaseURL: "https://ollama.example.org"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clearLLMEnv(t)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			got, err := ConfigFromEnv()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if got.Enabled() != (tt.want.Model != "") {
				t.Errorf("Enabled = %v", got.Enabled())
			}
		})
	}
	for k, v := range map[string]string{EnvProvider: "anthropic", EnvTemperature: "hot", EnvTimeout: "90", EnvMaxTokens: "-1"} {
		t.Run("bad "+k, func(t *testing.T) {
			clearLLMEnv(t)
			t.Setenv(k, v)
			if _, err := ConfigFromEnv(); err == nil || !strings.Contains(err.Error(), k) {
				t.Errorf("err = %v, want one naming %s", err, k)
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "no model"},
		{Config{Model: "m", Provider: "bedrock"}, `unknown provider "bedrock"`},
		{Config{Model: "m", BaseURL: "localhost:8000"}, "not an http(s) URL"},
		{Config{Model: "m", Provider: ProviderOllama, BaseURL: "::"}, "not an http(s) URL"},
	} {
		if _, err := New(tt.cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v) = %v, want %q", tt.cfg, err, tt.want)
		}
	}
	m, err := New(Config{Model: " gpt-test "})
	if err != nil {
		t.Fatal(err)
	}
	if m.Name() != "gpt-test" || m.Provider() != ProviderOpenAI || m.BaseURL() != DefaultOpenAIBaseURL {
		t.Errorf("defaults: %s %s %s", m.Name(), m.Provider(), m.BaseURL())
	}
	m, err = New(Config{Model: "llama3", Provider: ProviderOllama})
	if err != nil || m.BaseURL() != DefaultOllamaBaseURL {
		t.Errorf("ollama default base URL: %v %v", m, err)
	}
}

func TestChatOpenAI(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply{Content: "hello there", PromptTokens: 11, CompletionTokens: 2},
		llmtest.Reply{Content: "0123456789abcdef", NoUsage: true},
	)
	m, err := New(Config{BaseURL: srv.URL(), Model: "test-model"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	msgs := []Message{{RoleSystem, "be brief"}, {RoleUser, "hi"}, {RoleAssistant, "hello"}, {RoleUser, "again"}}
	r, err := m.Chat(ctx, msgs)
	if err != nil {
		t.Fatal(err)
	}
	if r.Content != "hello there" || r.InputTokens != 11 || r.OutputTokens != 2 || r.Estimated {
		t.Errorf("reply = %+v", r)
	}
	req := srv.Requests()[0]
	if req.Model != "test-model" || req.Temperature == nil || *req.Temperature != 0 || req.MaxTokens != 0 {
		t.Errorf("request model %q temperature %v max tokens %d", req.Model, req.Temperature, req.MaxTokens)
	}
	if got := req.Header.Get("Authorization"); got != "Bearer "+PlaceholderAPIKey {
		t.Errorf("Authorization = %q", got)
	}
	want := []llmtest.Message{{Role: "system", Content: "be brief"}, {Role: "user", Content: "hi"},
		{Role: "assistant", Content: "hello"}, {Role: "user", Content: "again"}}
	if diff := cmp.Diff(want, req.Messages); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}

	// No usage in the response: estimated from the bytes.
	r, err = m.Chat(ctx, []Message{{RoleUser, "12345678"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.InputTokens != 2 || r.OutputTokens != 4 || !r.Estimated {
		t.Errorf("estimated reply = %+v", r)
	}
	if u := m.Usage(); u != (Usage{Calls: 2, InputTokens: 13, OutputTokens: 6, Estimated: 1}) {
		t.Errorf("usage = %+v", u)
	}

	// Script exhausted: a 500 whose message is in the error, with the
	// model and URL.
	_, err = m.Chat(ctx, []Message{{RoleUser, "x"}})
	for _, want := range []string{"test-model", srv.URL(), "500", "script exhausted"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to contain %q", err, want)
		}
	}
	if u := m.Usage(); u.Failed != 1 || u.Calls != 2 {
		t.Errorf("usage after failure = %+v", u)
	}
}

func TestChatOptions(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply{Content: "ok"})
	m, err := New(Config{BaseURL: srv.URL() + "/", Model: "m", APIKey: "secret", Temperature: 0.7, MaxTokens: 64})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Chat(context.Background(), []Message{{RoleUser, "x"}}); err != nil {
		t.Fatal(err)
	}
	req := srv.Requests()[0]
	if req.Temperature == nil || *req.Temperature != 0.7 || req.MaxTokens != 64 || req.Header.Get("Authorization") != "Bearer secret" {
		t.Errorf("request: temperature %v, max tokens %d, auth %q", req.Temperature, req.MaxTokens, req.Header.Get("Authorization"))
	}
	if !strings.Contains(string(req.Body), `"max_tokens":64`) {
		t.Errorf("max_tokens not sent as such: %s", req.Body)
	}
}

func TestChatErrors(t *testing.T) {
	ctx := context.Background()
	t.Run("timeout", func(t *testing.T) {
		srv := llmtest.NewServer(t, llmtest.Reply{Content: "late", Delay: 5 * time.Second})
		m, _ := New(Config{BaseURL: srv.URL(), Model: "m", Timeout: 50 * time.Millisecond})
		start := time.Now()
		_, err := m.Chat(ctx, []Message{{RoleUser, "x"}})
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "no reply within 50ms") {
			t.Errorf("err = %v", err)
		}
		if time.Since(start) > 3*time.Second {
			t.Error("the timeout did not stop the call")
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		srv := llmtest.NewServer(t, llmtest.Reply{Content: "late", Delay: 5 * time.Second})
		m, _ := New(Config{BaseURL: srv.URL(), Model: "m"})
		cctx, cancel := context.WithCancel(ctx)
		time.AfterFunc(50*time.Millisecond, cancel)
		if _, err := m.Chat(cctx, []Message{{RoleUser, "x"}}); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled in the chain", err)
		}
		if _, err := m.Chat(cctx, []Message{{RoleUser, "x"}}); !errors.Is(err, context.Canceled) {
			t.Errorf("already cancelled: err = %v", err)
		}
		if n := len(srv.Requests()); n != 1 {
			t.Errorf("%d requests, want 1 (none once cancelled)", n)
		}
	})
	t.Run("bad input and replies", func(t *testing.T) {
		srv := llmtest.NewServer(t,
			llmtest.Reply{Content: "  "},
			llmtest.Reply{Raw: "{not json"},
			llmtest.Reply{Status: http.StatusTooManyRequests, Content: "slow down"},
		)
		m, _ := New(Config{BaseURL: srv.URL(), Model: "m"})
		if _, err := m.Chat(ctx, nil); err == nil {
			t.Error("no messages accepted")
		}
		if _, err := m.Chat(ctx, []Message{{"tool", "x"}}); err == nil || !strings.Contains(err.Error(), `unknown role "tool"`) {
			t.Errorf("role: %v", err)
		}
		if _, err := m.Chat(ctx, []Message{{RoleUser, "x"}}); !errors.Is(err, ErrEmptyReply) {
			t.Errorf("empty reply: %v", err)
		}
		if _, err := m.Chat(ctx, []Message{{RoleUser, "x"}}); err == nil {
			t.Error("malformed response accepted")
		}
		if _, err := m.Chat(ctx, []Message{{RoleUser, "x"}}); err == nil || !strings.Contains(err.Error(), "slow down") {
			t.Errorf("429: %v", err)
		}
	})
}

// TestChatOllama runs the ollama provider against a minimal /api/chat.
func TestChatOllama(t *testing.T) {
	var mu sync.Mutex
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		json.NewDecoder(r.Body).Decode(&got)
		mu.Unlock()
		// Ollama streams NDJSON unless asked not to; langchaingo does not
		// ask, and accumulates the chunks.
		fmt.Fprintln(w, `{"model":"llama3","message":{"role":"assistant","content":"{\"a\":"},"done":false}`)
		fmt.Fprintln(w, `{"model":"llama3","message":{"role":"assistant","content":"1}"},"done":true,"prompt_eval_count":21,"eval_count":5}`)
	}))
	defer srv.Close()
	m, err := New(Config{Provider: ProviderOllama, BaseURL: srv.URL, Model: "llama3"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Chat(context.Background(), []Message{{RoleSystem, "json"}, {RoleUser, "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Content != `{"a":1}` || r.InputTokens != 21 || r.OutputTokens != 5 || r.Estimated {
		t.Errorf("reply = %+v", r)
	}
	mu.Lock()
	defer mu.Unlock()
	opts, _ := got["options"].(map[string]any)
	if got["model"] != "llama3" || opts["temperature"] != 0.0 {
		t.Errorf("request = %v", got)
	}
}

// stubLLM is a goroutine-safe langchaingo model answering with the last
// message's text reversed, reporting usage in GenerationInfo as info.
type stubLLM struct {
	info map[string]any
	err  error
}

func (s stubLLM) GenerateContent(ctx context.Context, msgs []llms.MessageContent, _ ...llms.CallOption) (*llms.ContentResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	text := msgs[len(msgs)-1].Parts[0].(llms.TextContent).Text
	r := []rune(text)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{{Content: string(r), GenerationInfo: s.info}}}, nil
}

func (s stubLLM) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, s, prompt, opts...)
}

func TestNewFromLangchainConcurrentUsage(t *testing.T) {
	m := NewFromLangchain(stubLLM{info: map[string]any{"InputTokens": int64(7), "OutputTokens": 3.0}}, "stub")
	if m.Name() != "stub" || m.BaseURL() != "" {
		t.Errorf("name %q base %q", m.Name(), m.BaseURL())
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			r, err := m.Chat(context.Background(), []Message{{RoleUser, fmt.Sprint("abc", i)}})
			if err != nil || r.InputTokens != 7 || r.OutputTokens != 3 || !strings.HasSuffix(r.Content, "cba") {
				t.Errorf("reply %+v, %v", r, err)
			}
		})
	}
	wg.Wait()
	if u := m.Usage(); u != (Usage{Calls: 20, InputTokens: 140, OutputTokens: 60}) {
		t.Errorf("usage = %+v", u)
	}
	_, err := NewFromLangchain(stubLLM{err: errors.New("boom")}, "stub").Chat(context.Background(), []Message{{RoleUser, "x"}})
	if err == nil || err.Error() != "llm: chat with stub: boom" {
		t.Errorf("err = %v", err)
	}
}

func TestExtractJSON(t *testing.T) {
	tests := []struct {
		in, want string
		err      string
	}{
		{`{"a": 1}`, `{"a": 1}`, ""},
		{"  {\"a\": {\"b\": [1, 2]}}\n", `{"a": {"b": [1, 2]}}`, ""},
		{"Here you are:\n```json\n{\"subgoals\": []}\n```\nHope it helps.", `{"subgoals": []}`, ""},
		{"```\n{\"x\": \"}\"}\n```", `{"x": "}"}`, ""},
		{`The set {a, b} is not JSON, but {"ok": true} is.`, `{"ok": true}`, ""},
		{`{"a": 1} {"b": 2}`, `{"a": 1}`, ""},
		{"<think>maybe {\"draft\": 1}</think>\n{\"final\": 2}", `{"final": 2}`, ""},
		{"<think>no closing tag {\"draft\": 1}", `{"draft": 1}`, ""},
		{"", "", "no '{'"},
		{"[1, 2, 3]", "", "no '{'"},
		{"Sorry, I cannot help.", "", "no '{'"},
		{`{"a": 1,}`, "", `invalid at byte 8, after "{\"a\": 1,": invalid character '}'`},
		{`Result: {"a": [1, 2}`, "", "the object at byte 8 is invalid"},
		{`{"a": "unterminated`, "", "not closed"},
		// A reply cut off by the token limit: the inner objects are
		// fragments, not the answer.
		{`{"subgoals": [{"id": "s1"}, {"id": "s2", "te`, "", "the object at byte 0 is not closed (was the reply cut off?)"},
		{`Note {x}. {"a": [{"b": 1}`, "", "the object at byte 10 is not closed"},
	}
	for _, tt := range tests {
		got, err := ExtractJSON(tt.in)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("ExtractJSON(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			continue
		}
		if !errors.Is(err, ErrNoJSON) || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ExtractJSON(%q) = %q, %v; want an ErrNoJSON saying %q", tt.in, got, err, tt.err)
		}
	}
}

func ExampleExtractJSON() {
	reply := "Sure! Here is the decomposition:\n```json\n{\"subgoals\": [{\"id\": \"s1\"}]}\n```"
	obj, err := ExtractJSON(reply)
	fmt.Println(obj, err)
	_, err = ExtractJSON("I don't know.")
	fmt.Println(err)
	// Output:
	// {"subgoals": [{"id": "s1"}]} <nil>
	// no JSON object found: the reply has no '{'
}

func FuzzExtractJSON(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "```json\n{\"a\": [1, {\"b\": null}]}\n```", `x {y} {"z": "}"} w`,
		"<think>{</think>{}", `{"a": "\u00e9\"}"}`, "{{{{", `}{"a":1}{`, "\xff{\"\xfe\": 1}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ExtractJSON(s)
		if err != nil {
			if !errors.Is(err, ErrNoJSON) {
				t.Fatalf("error %v does not wrap ErrNoJSON", err)
			}
			if strings.HasPrefix(strings.TrimSpace(s), "{}") {
				t.Fatalf("%q starts with an object {} but: %v", s, err)
			}
			return
		}
		if !strings.HasPrefix(got, "{") || !json.Valid([]byte(got)) || !strings.Contains(s, got) {
			t.Fatalf("ExtractJSON(%q) = %q: not a valid object from the input", s, got)
		}
		if again, err := ExtractJSON(got); err != nil || again != got {
			t.Fatalf("not idempotent: %q → %q, %v", got, again, err)
		}
		if trimmed := strings.TrimSpace(s); json.Valid([]byte(trimmed)) && strings.HasPrefix(trimmed, "{") && got != trimmed {
			t.Fatalf("the whole input %q is an object, got %q", trimmed, got)
		}
	})
}

func TestPing(t *testing.T) {
	var paths []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		http.NotFound(w, r) // any answer shows a server is there
	}))
	defer srv.Close()
	for _, provider := range []string{ProviderOpenAI, ProviderOllama} {
		m, err := New(Config{Model: "m", Provider: provider, BaseURL: srv.URL})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Ping(t.Context()); err != nil {
			t.Errorf("%s: reachable server: %v", provider, err)
		}
	}
	if !slices.Equal(paths, []string{"/models", "/api/tags"}) {
		t.Errorf("probed %q", paths)
	}
	// A closed server: the error names the URL.
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	m, err := New(Config{Model: "m", Provider: ProviderOllama, BaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Ping(t.Context()); err == nil || !strings.Contains(err.Error(), url) {
		t.Errorf("closed server: %v", err)
	}
	// A model wrapped from langchaingo has no server to probe.
	if err := NewFromLangchain(nil, "stub").Ping(t.Context()); err != nil {
		t.Errorf("wrapped model: %v", err)
	}
}
