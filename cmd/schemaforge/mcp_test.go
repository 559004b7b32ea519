package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/schemaforge/go-schemaforge/internal/syncbuf"
)

// askCount asks the films question through cs and returns the text of
// the answer's first value and the graph.
func askCount(t *testing.T, cs *mcp.ClientSession) (string, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ask",
		Arguments: map[string]any{"question": "How many films did Ada Brook direct?"}})
	if err != nil || res.IsError {
		t.Fatalf("ask: %v %+v", err, res)
	}
	var ans struct {
		Graph  string `json:"graph"`
		Answer struct {
			Rows []struct {
				Values []struct {
					Term struct{ Value string } `json:"term"`
				} `json:"values"`
			} `json:"rows"`
		} `json:"answer"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &ans); err != nil || len(ans.Answer.Rows) != 1 || len(ans.Answer.Rows[0].Values) != 1 {
		t.Fatalf("answer %s: %v", b, err)
	}
	return ans.Answer.Rows[0].Values[0].Term.Value, ans.Graph
}

// TestMCPStdio runs "schemaforge mcp" on pipes, as a client starts it,
// lists its tools and asks a question; closing its standard input ends
// it with status 0. Nothing but the protocol reaches standard output.
func TestMCPStdio(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	stderr := &syncbuf.Buffer{}
	done := make(chan int, 1)
	go func() {
		code := run(context.Background(), []string{"mcp"}, inR, outW, stderr)
		outW.Close()
		done <- code
	}()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v; stderr:\n%s", err, stderr)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 5 {
		t.Fatalf("tools %v: %v", tools, err)
	}
	if !strings.Contains(cs.InitializeResult().Instructions, "How many films did Ada Brook direct?") {
		t.Errorf("instructions without the demo's examples: %q", cs.InitializeResult().Instructions)
	}
	if n, g := askCount(t, cs); n != "3" || g != "films" {
		t.Errorf("answer %s on %s", n, g)
	}
	cs.Close()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d; stderr:\n%s", code, stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("mcp did not end when its input closed; stderr:\n%s", stderr)
	}
}

// TestMCPHTTP runs "schemaforge mcp --http" on a free port, asks through
// the streamable HTTP transport, and stops it.
func TestMCPHTTP(t *testing.T) {
	base, errb, stop := startCLI(t, 20*time.Second, "mcp", "--http", "127.0.0.1:0")
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base}, nil)
	if err != nil {
		stop()
		t.Fatalf("connect %s: %v; stderr:\n%s", base, err, errb)
	}
	if n, g := askCount(t, cs); n != "3" || g != "films" {
		t.Errorf("answer %s on %s", n, g)
	}
	cs.Close()
	if code := stop(); code != exitOK || !strings.Contains(errb.String(), "stopped") {
		t.Errorf("exit %d (-1: did not stop): %s", code, errb)
	}
}

// TestMCPUsage checks the usage errors.
func TestMCPUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp", "extra"}, `unexpected argument "extra"`},
		{[]string{"mcp", "--memory-budget", "1MiB", "--question-memory", "2MiB"}, "--question-memory"},
		{[]string{"mcp", "--timeout", "1m", "--write-timeout", "30s"}, "--write-timeout"},
		{[]string{"mcp", "--min-confidence", "2"}, "probabilities"},
	} {
		if r := invoke(context.Background(), "", tc.args...); r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d: %s", tc.args, r.code, r.stderr)
		}
	}
	if r := invoke(context.Background(), "", "mcp", "--http", "256.0.0.1:1"); r.code != exitFail || !strings.Contains(r.stderr, "--http") {
		t.Errorf("bad address: exit %d: %s", r.code, r.stderr)
	}
}
