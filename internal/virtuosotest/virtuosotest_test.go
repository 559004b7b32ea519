package virtuosotest

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServerLoadsAndAnswers(t *testing.T) {
	data := t.TempDir()
	file := filepath.Join(data, "people.nt")
	if err := os.WriteFile(file, []byte(`<http://ex.org/alice> <http://ex.org/name> "Alice" .
<http://ex.org/bob> <http://ex.org/name> "Bob" .
`), 0o644); err != nil {
		t.Fatal(err)
	}
	s := StartT(t, Options{DirsAllowed: []string{data}})
	ctx := context.Background()
	if err := s.Load(ctx, map[string]string{"http://ex.org/people": file}); err != nil {
		t.Fatal(err)
	}
	q := `SELECT (COUNT(*) AS ?n) FROM <http://ex.org/people> WHERE { ?s <http://ex.org/name> ?o }`
	resp, err := http.Get(s.SPARQLURL() + "?query=" + url.QueryEscape(q) + "&format=text/csv")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(body), "2") {
		t.Fatalf("HTTP %d: %s", resp.StatusCode, body)
	}

	// A file Virtuoso cannot parse is not loaded, and Load says so.
	bad := filepath.Join(data, "bad.nt")
	if err := os.WriteFile(bad, []byte("<http://ex.org/a> <http://ex.org/b> \"unterminated .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = s.Load(ctx, map[string]string{"http://ex.org/bad": bad})
	if err == nil || !strings.Contains(err.Error(), "bad.nt") {
		t.Fatalf("loading a malformed file: err = %v, want one naming the file", err)
	}
	if err := s.Load(ctx, map[string]string{"http://ex.org/none": filepath.Join(data, "none.nt")}); err == nil {
		t.Fatal("loading a missing file gave no error")
	}
	if _, err := s.ISQL(ctx, "SELECT no_such_column FROM no_such_table;"); err == nil {
		t.Fatal("a bad SQL statement gave no error")
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(); err != nil {
		t.Fatalf("second Stop: %v", err)
	}
	if _, err := http.Get(s.SPARQLURL()); err == nil {
		t.Fatal("the endpoint still answers after Stop")
	}
}
