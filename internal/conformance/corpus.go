package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// VerdictsFile is the reference verdict file, relative to the data folder.
const VerdictsFile = "conformance/corpus-verdicts-oxigraph.jsonl"

// Verdict is a reference parser's verdict on one corpus query.
type Verdict struct {
	Dataset string `json:"dataset"`
	ID      string `json:"id"`
	Verdict string `json:"verdict"` // "accept" or "reject"
	Error   string `json:"error,omitempty"`
}

// Accepted reports whether the reference parser accepted the query.
func (v Verdict) Accepted() bool { return v.Verdict == "accept" }

// ReadVerdicts reads a JSON-lines verdict file, keyed by dataset and id.
// Errors name the file and line.
func ReadVerdicts(path string) (map[[2]string]Verdict, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("verdicts: %w", err)
	}
	defer f.Close()
	out := map[[2]string]Verdict{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var v Verdict
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("verdicts %s:%d: %w", path, line, err)
		}
		if v.Dataset == "" || v.ID == "" || (v.Verdict != "accept" && v.Verdict != "reject") {
			return nil, fmt.Errorf("verdicts %s:%d: want dataset, id and verdict accept|reject, got %s", path, line, sc.Bytes())
		}
		key := [2]string{v.Dataset, v.ID}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("verdicts %s:%d: duplicate verdict for %s/%s", path, line, v.Dataset, v.ID)
		}
		out[key] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("verdicts %s: %w", path, err)
	}
	return out, nil
}

// Rejection is a corpus query our parser rejected.
type Rejection struct {
	Dataset string `json:"dataset"`
	ID      string `json:"id"`
	Error   string `json:"error"` // one line: "line:col: message"
}

// RoundTripFailure is an accepted corpus query whose printed form did not
// parse back to an equal tree.
type RoundTripFailure struct {
	Dataset string `json:"dataset"`
	ID      string `json:"id"`
	Form    string `json:"form"` // "canonical" or "compact"
	Error   string `json:"error"`
}

// Disagreement is a corpus query on which our verdict differs from the
// reference parser's. Ours and Oxigraph are "accept" or the error.
type Disagreement struct {
	Dataset  string `json:"dataset"`
	ID       string `json:"id"`
	Ours     string `json:"ours"`
	Oxigraph string `json:"oxigraph"`
}

// Agreement compares our accept/reject verdicts with the reference's.
type Agreement struct {
	Agree int `json:"agree"`
	Total int `json:"total"` // corpus queries that have a reference verdict
	// Disagreements lists every query where the verdicts differ.
	Disagreements []Disagreement `json:"disagreements"`
	// NoVerdict counts corpus queries missing from the verdict file.
	NoVerdict int `json:"no_verdict"`
	// Unmatched counts verdicts for queries not in the corpus (the file
	// covers 96 Spider train rows the published train.csv leaves out).
	Unmatched int `json:"unmatched_verdicts"`
}

// Rate is Agree/Total, 1 for an empty comparison.
func (a *Agreement) Rate() float64 {
	if a.Total == 0 {
		return 1
	}
	return float64(a.Agree) / float64(a.Total)
}

// DatasetStats counts one dataset's queries.
type DatasetStats struct {
	Total     int `json:"total"`
	Parsed    int `json:"parsed"`
	RoundTrip int `json:"roundtrip"`
}

// CorpusReport is the outcome of a corpus run. It marshals to the JSON that
// "schemaforge conformance corpus --json" prints.
type CorpusReport struct {
	Dialect string `json:"dialect"`
	Total   int    `json:"total"`
	Parsed  int    `json:"parsed"`
	// RoundTrip counts the parsed queries whose canonical and compact
	// printed forms both parse back to an equal tree (0 when the printer
	// is not available).
	RoundTrip int         `json:"roundtrip"`
	Rejected  []Rejection `json:"rejected"`
	// Agreement with the reference verdicts; only for the sparql11
	// dialect, which is what the reference parser implements.
	Agreement         *Agreement               `json:"agreement,omitempty"`
	ByDataset         map[string]*DatasetStats `json:"by_dataset"`
	RoundTripFailures []RoundTripFailure       `json:"roundtrip_failures"`
}

// CorpusOptions configures [RunCorpus].
type CorpusOptions struct {
	// Dialect to parse with; nil means strict SPARQL 1.1.
	Dialect *sparql.Dialect
	// Verdicts is the reference verdict file; "" means VerdictsFile in the
	// data folder. It is read only for the sparql11 dialect.
	Verdicts string

	tools *toolchain // nil: defaultTools
}

// RunCorpus parses every gold query of [datasets.Corpus] from dataDir,
// round-trips the accepted ones, and, for the sparql11 dialect, compares
// the verdicts with the reference file. The error is non-nil when the data
// cannot be read or ctx is done; rejections and failures are in the report.
func RunCorpus(ctx context.Context, dataDir string, opts CorpusOptions) (*CorpusReport, error) {
	items, err := datasets.Corpus(dataDir)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	var verdicts map[[2]string]Verdict
	if dialectName(opts.Dialect) == sparql.SPARQL11.Name {
		path := opts.Verdicts
		if path == "" {
			path = filepath.Join(dataDir, filepath.FromSlash(VerdictsFile))
		}
		if verdicts, err = ReadVerdicts(path); err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
	}
	return runCorpus(ctx, items, verdicts, opts)
}

// runCorpus is RunCorpus on loaded items; verdicts nil skips the
// comparison.
func runCorpus(ctx context.Context, items []datasets.Item, verdicts map[[2]string]Verdict, opts CorpusOptions) (*CorpusReport, error) {
	tc := opts.tools
	if tc == nil {
		tc = &defaultTools
	}
	popts := dialectOptions(opts.Dialect)
	r := &CorpusReport{
		Dialect:           dialectName(opts.Dialect),
		Rejected:          []Rejection{},
		ByDataset:         map[string]*DatasetStats{},
		RoundTripFailures: []RoundTripFailure{},
	}
	if verdicts != nil {
		r.Agreement = &Agreement{Disagreements: []Disagreement{}}
	}
	seen := map[[2]string]bool{}
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		ds := r.ByDataset[it.Dataset]
		if ds == nil {
			ds = &DatasetStats{}
			r.ByDataset[it.Dataset] = ds
		}
		r.Total++
		ds.Total++
		q, err := tc.safeParse(it.Query, popts...)
		ours := "accept"
		if err != nil {
			ours = oneLine(err)
			r.Rejected = append(r.Rejected, Rejection{Dataset: it.Dataset, ID: it.ID, Error: ours})
		} else {
			r.Parsed++
			ds.Parsed++
			if tc.print != nil && tc.equal != nil {
				ok := true
				for _, form := range []struct {
					name  string
					print func(sparql.Node) string
				}{{"canonical", tc.print}, {"compact", tc.compact}} {
					if form.print == nil {
						continue
					}
					if msg := tc.roundTrip(q, form.print, popts...); msg != "" {
						ok = false
						r.RoundTripFailures = append(r.RoundTripFailures, RoundTripFailure{Dataset: it.Dataset, ID: it.ID, Form: form.name, Error: msg})
					}
				}
				if ok {
					r.RoundTrip++
					ds.RoundTrip++
				}
			}
		}
		if r.Agreement == nil {
			continue
		}
		key := [2]string{it.Dataset, it.ID}
		seen[key] = true
		v, ok := verdicts[key]
		if !ok {
			r.Agreement.NoVerdict++
			continue
		}
		r.Agreement.Total++
		if v.Accepted() == (err == nil) {
			r.Agreement.Agree++
			continue
		}
		theirs := "accept"
		if !v.Accepted() {
			theirs = v.Error
			if theirs == "" {
				theirs = "reject"
			}
		}
		r.Agreement.Disagreements = append(r.Agreement.Disagreements, Disagreement{Dataset: it.Dataset, ID: it.ID, Ours: ours, Oxigraph: theirs})
	}
	if r.Agreement != nil {
		for key := range verdicts {
			if !seen[key] {
				r.Agreement.Unmatched++
			}
		}
	}
	return r, nil
}
