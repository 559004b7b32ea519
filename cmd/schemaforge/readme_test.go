package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeQuickStart runs the first command of README.md's quick start
// (minus "go run ./cmd/schemaforge") so that the README stays true.
func TestReadmeQuickStart(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?m)^go run ./cmd/schemaforge query --data (\\S+) --query '([^']+)'$").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no quick-start query command")
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"query", "--data", "../../" + string(m[1]), "--query", string(m[2])}, strings.NewReader(""), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{`"Carol"@en  41`, `"Dave"`, "(4 rows)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestReadmeAsk runs README.md's main command, `schemaforge ask` on the
// bundled demo, and checks its answer and provenance.
func TestReadmeAsk(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go run ./cmd/schemaforge ask "([^"]+)"$`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no `go run ./cmd/schemaforge ask \"…\"` command")
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"ask", string(m[1])}, strings.NewReader(""), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	for _, want := range []string{"count\n-----\n3\n", "From graph films", "directedBy"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
