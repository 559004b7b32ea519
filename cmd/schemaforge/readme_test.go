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
