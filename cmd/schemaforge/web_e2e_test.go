package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Environment of TestWebPageInChromium.
const (
	// requireBrowserEnv, set to 1, makes the test fail instead of skip
	// when Chromium, Node.js or playwright-core is missing (CI sets it).
	requireBrowserEnv = "SCHEMAFORGE_REQUIRE_BROWSER"
	// chromiumEnv names the Chromium binary (default /usr/bin/chromium,
	// Debian's package chromium).
	chromiumEnv = "SCHEMAFORGE_CHROMIUM"
	// screenshotDirEnv is where the test saves web-page.png (default: a
	// temporary directory removed after the test).
	screenshotDirEnv = "SCHEMAFORGE_SCREENSHOT_DIR"
)

// browserTools finds node, Chromium and playwright-core (through
// NODE_PATH, as `npm install --prefix DIR playwright-core` leaves it in
// DIR/node_modules), or says what is missing.
func browserTools(ctx context.Context) (node, chromium, missing string) {
	node, err := exec.LookPath("node")
	if err != nil {
		return "", "", "node (Node.js) is not on PATH"
	}
	chromium = os.Getenv(chromiumEnv)
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		return "", "", "no Chromium at " + chromium + " (apt-get install chromium, or set " + chromiumEnv + ")"
	}
	// Reading NODE_PATH here also makes it part of go test's cache key.
	if err := exec.CommandContext(ctx, node, "-e", "require.resolve('playwright-core')").Run(); err != nil {
		return "", "", fmt.Sprintf("node cannot load playwright-core with NODE_PATH=%q (npm install --prefix DIR playwright-core, then NODE_PATH=DIR/node_modules)", os.Getenv("NODE_PATH"))
	}
	return node, chromium, ""
}

// TestWebPageInChromium serves the demo with `schemaforge serve`, and in
// headless Chromium (driven by testdata/web_e2e.cjs through
// playwright-core) asks a demo question on the page: the script checks
// the example questions, the answer table, the verdict, the highlighted
// SPARQL and its graph, the run link (which it follows), the copy button,
// and the trace's stages with allocation scores, checks, perturbations
// and commitments, then saves a screenshot. It skips when the tools are
// missing, unless SCHEMAFORGE_REQUIRE_BROWSER=1.
func TestWebPageInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	node, chromium, missing := browserTools(ctx)
	if missing != "" {
		if os.Getenv(requireBrowserEnv) == "1" {
			t.Fatalf("%s=1 but %s", requireBrowserEnv, missing)
		}
		t.Skipf("the browser test needs Node.js, playwright-core and Chromium: %s (set %s=1 to make this a failure)", missing, requireBrowserEnv)
	}
	dir := os.Getenv(screenshotDirEnv)
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shot, err := filepath.Abs(filepath.Join(dir, "web-page.png"))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(shot) // a stale screenshot must not pass for this run's

	base, errb, stop := startCLI(t, 30*time.Second, "serve", "--addr", "127.0.0.1:0")
	defer func() {
		if code := stop(); code != exitOK {
			t.Errorf("serve exited with %d: %s", code, errb)
		}
	}()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "web_e2e.cjs"),
		base, "How many films did Ada Brook direct?", "3", "directedBy", "films", shot)
	cmd.Env = append(os.Environ(), chromiumEnv+"="+chromium)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the page test failed after %v: %v\n%s\nserver log:\n%s", time.Since(start).Round(time.Millisecond), err, out, errb)
	}
	if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
		t.Errorf("no screenshot at %s: %v", shot, err)
	}
	t.Logf("in %v: %s", time.Since(start).Round(time.Millisecond), out)
}
