package sparql

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedDataDir is the benchmark and conformance data folder: ../shared/data
// beside the repository root, seen from this package's directory.
var sharedDataDir = filepath.Join("..", "..", "shared", "data")

// sharedData returns the folder sub of the shared data ("" for the data
// folder itself), or skips the test with a clear message when it is absent.
func sharedData(tb testing.TB, sub string) string {
	tb.Helper()
	dir := filepath.Join(sharedDataDir, sub)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Skipf("skipping: data folder %s is absent (the shared data lives in ../shared/data beside the repository root)", dir)
	}
	return dir
}
