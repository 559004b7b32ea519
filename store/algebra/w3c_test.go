package algebra

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// w3cDir is the W3C SPARQL test suite in the shared data folder, which
// lives beside the repository.
var w3cDir = filepath.Join("..", "..", "..", "shared", "data", "w3c-sparql")

// TestW3CQueriesTranslate translates every query file (*.rq) of the W3C
// syntax and evaluation tests that the parser accepts.
func TestW3CQueriesTranslate(t *testing.T) {
	if _, err := os.Stat(w3cDir); err != nil {
		t.Skipf("W3C suite absent (%s): %v", w3cDir, err)
	}
	files, parsed, translated := 0, 0, 0
	err := filepath.WalkDir(w3cDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rq") {
			return err
		}
		files++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		q, err := sparql.Parse(string(src), sparql.WithBase("http://example.org/base/"+filepath.ToSlash(path)))
		if err != nil {
			return nil // negative syntax tests, and the few the parser refuses
		}
		parsed++
		op, err := translate(q)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		if Format(op) == "" {
			t.Errorf("%s: empty algebra text", path)
		}
		translated++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("W3C query files: %d, parsed: %d, translated: %d", files, parsed, translated)
	if parsed == 0 {
		t.Error("no W3C query parsed")
	}
}
