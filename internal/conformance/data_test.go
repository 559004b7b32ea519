package conformance

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// dataDir is the shared data folder seen from this package.
var dataDir = filepath.Join("..", "..", "..", "shared", "data")

func needData(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(dataDir); err != nil {
		t.Skipf("data folder %s absent (it lives beside the repository as ../shared/data): %v", dataDir, err)
	}
}

// needParser skips the pass-rate tests while package sparql is a stub.
func needParser(t *testing.T) {
	t.Helper()
	if _, err := sparql.Parse("SELECT * {}"); err != nil {
		t.Skipf("parser not implemented yet (Parse of `SELECT * {}`: %v)", err)
	}
}

// needPrinter skips round-trip assertions until the printer is wired in.
func needPrinter(t *testing.T) {
	t.Helper()
	if defaultTools.print == nil || defaultTools.equal == nil {
		t.Skip("printer or Equal not available yet: round-trips not checked")
	}
}

// TestW3CSuiteInventory checks the manifest reader on the real suite: the
// counts are those of w3c/rdf-tests' sparql10 and sparql11 folders.
func TestW3CSuiteInventory(t *testing.T) {
	needData(t)
	s, err := LoadSyntaxSuite(context.Background(), filepath.Join(dataDir, "w3c-sparql"))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[Kind]int{}
	for _, tt := range s.Tests {
		kinds[tt.Type.Kind()]++
		if _, err := os.Stat(tt.Action); err != nil {
			t.Errorf("%s: action file: %v", tt.IRI, err)
		}
	}
	t.Logf("%d manifests; tests: %v", len(s.Manifests), kinds)
	if len(s.Manifests) < 60 {
		t.Errorf("found %d manifest.ttl files, want ≥ 60", len(s.Manifests))
	}
	if kinds[KindPositive] <= 200 || kinds[KindNegative] <= 90 || kinds[KindUpdate] < 50 {
		t.Errorf("test counts %v: want > 200 positive, > 90 negative, ≥ 50 update", kinds)
	}
}

// TestW3CSyntaxPassRates is the bar: every positive test parses,
// at least 97% of the negative tests are rejected, and every parsed
// positive test round-trips.
func TestW3CSyntaxPassRates(t *testing.T) {
	needData(t)
	needParser(t)
	r, err := RunSyntaxDir(context.Background(), filepath.Join(dataDir, "w3c-sparql"), SyntaxOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("positive %v, negative %v, refused %v, round-trip %v", r.Positive, r.Negative, r.Refused, r.RoundTrip)
	for _, f := range r.Failures {
		t.Logf("failure: %s %s: %s", f.Kind, f.Test, f.Error)
	}
	if r.Positive.Passed != r.Positive.Total {
		t.Errorf("positive syntax tests: %v, want 100%%", r.Positive)
	}
	if r.Negative.Rate() < 0.97 {
		t.Errorf("negative syntax tests: %v, want ≥ 97%%", r.Negative)
	}
	if defaultTools.print != nil && r.RoundTrip.Passed != r.RoundTrip.Total {
		t.Errorf("round-trips of positive tests: %v, want all", r.RoundTrip)
	}
}

// positioned matches the one-line rejection message "line:col: message".
var positioned = regexp.MustCompile(`^\d+:\d+: \S`)

// TestCorpusConformance is the bar on the real corpora under the
// sparql11 dialect: ≥ 99.5% agreement with Oxigraph's verdicts, every
// accepted query round-trips, every rejection is positioned.
func TestCorpusConformance(t *testing.T) {
	needData(t)
	needParser(t)
	r, err := RunCorpus(context.Background(), dataDir, CorpusOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a := r.Agreement
	t.Logf("total %d, parsed %d, round-trip %d, agreement %d/%d (%.3f%%), %d verdicts without a corpus query",
		r.Total, r.Parsed, r.RoundTrip, a.Agree, a.Total, 100*a.Rate(), a.Unmatched)
	if r.Total != 14784 {
		t.Errorf("corpus has %d queries, want 14784", r.Total)
	}
	if a.NoVerdict != 0 || a.Total != r.Total {
		t.Errorf("%d corpus queries have no reference verdict", a.NoVerdict)
	}
	if a.Rate() < 0.995 {
		t.Errorf("agreement with Oxigraph %d/%d = %.3f%%, want ≥ 99.5%%", a.Agree, a.Total, 100*a.Rate())
	}
	for i, d := range a.Disagreements {
		if i == 20 {
			t.Logf("… %d more disagreements", len(a.Disagreements)-20)
			break
		}
		t.Logf("disagreement %s/%s: ours %q, oxigraph %q", d.Dataset, d.ID, d.Ours, d.Oxigraph)
	}
	for _, rej := range r.Rejected {
		if !positioned.MatchString(rej.Error) {
			t.Errorf("%s/%s: rejection without a position: %q", rej.Dataset, rej.ID, rej.Error)
		}
	}
	if defaultTools.print == nil {
		t.Log("printer not available yet: round-trips not checked")
		return
	}
	for _, f := range r.RoundTripFailures {
		t.Errorf("%s/%s: %s round-trip: %s", f.Dataset, f.ID, f.Form, f.Error)
	}
	if r.RoundTrip != r.Parsed {
		t.Errorf("round-trip %d of %d parsed queries", r.RoundTrip, r.Parsed)
	}
}

// TestCorpusLenient reports the lenient dialect's acceptance per dataset
// and checks what the issue asks of it: it accepts the LC-QuAD, QALD and
// DB25 queries (so triple-level F1 can be computed) and everything it
// accepts round-trips.
func TestCorpusLenient(t *testing.T) {
	needData(t)
	needParser(t)
	r, err := RunCorpus(context.Background(), dataDir, CorpusOptions{Dialect: sparql.Lenient})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range datasets.Names() {
		ds := r.ByDataset[name]
		t.Logf("lenient %-20s %5d/%5d parsed (%.2f%%), %d round-trip", name, ds.Parsed, ds.Total, 100*float64(ds.Parsed)/float64(ds.Total), ds.RoundTrip)
	}
	// Lenient only adds: what the strict reference accepts, it accepts.
	verdicts, err := ReadVerdicts(filepath.Join(dataDir, VerdictsFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, rej := range r.Rejected {
		if verdicts[[2]string{rej.Dataset, rej.ID}].Accepted() {
			t.Errorf("lenient rejects %s/%s, which strict SPARQL 1.1 accepts: %s", rej.Dataset, rej.ID, rej.Error)
		} else if rej.Dataset != "spider4sparql-train" {
			t.Logf("lenient rejects %s/%s: %s", rej.Dataset, rej.ID, rej.Error)
		}
	}
	// The bar: ≥ 99% of each of these datasets (a few gold queries are
	// broken beyond any dialect, e.g. unbalanced braces).
	for _, name := range []string{"qald9plus", "qald10", "lcquad1-test", "lcquad1-train", "db25"} {
		ds := r.ByDataset[name]
		if float64(ds.Parsed) < 0.99*float64(ds.Total) {
			t.Errorf("lenient accepts %d/%d of %s, want ≥ 99%%", ds.Parsed, ds.Total, name)
		}
	}
	if defaultTools.print != nil && r.RoundTrip != r.Parsed {
		t.Errorf("lenient: round-trip %d of %d parsed queries", r.RoundTrip, r.Parsed)
	}
}
