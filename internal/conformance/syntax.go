package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Count is a pass count out of a total.
type Count struct {
	Passed int `json:"passed"`
	Total  int `json:"total"`
}

// Rate is Passed/Total, 1 for an empty count.
func (c Count) Rate() float64 {
	if c.Total == 0 {
		return 1
	}
	return float64(c.Passed) / float64(c.Total)
}

// String formats the count as "passed/total (pct%)".
func (c Count) String() string {
	return fmt.Sprintf("%d/%d (%.1f%%)", c.Passed, c.Total, 100*c.Rate())
}

// Failure is one failed W3C syntax test.
type Failure struct {
	// Test is the action file relative to the suite directory
	// ("sparql11/syntax-query/syn-bad-01.rq").
	Test string `json:"test"`
	// IRI is the test's IRI in its manifest.
	IRI string `json:"iri,omitempty"`
	// Kind is "positive", "negative" or "update" for a wrong verdict, and
	// "roundtrip" for a positive test that parsed but whose printed form
	// did not parse back to the same tree.
	Kind string `json:"kind"`
	// Error is the parser's one-line error, "accepted" for a negative test
	// that was accepted, or what went wrong with the round trip.
	Error string `json:"error"`
}

// SyntaxReport is the outcome of a W3C syntax-test run. It marshals to the
// JSON that "schemaforge conformance syntax --json" prints.
type SyntaxReport struct {
	Suite     string `json:"suite"`     // directory searched
	Dialect   string `json:"dialect"`   // dialect the queries were parsed with
	Manifests int    `json:"manifests"` // manifest.ttl files read
	// Positive counts the positive query-syntax tests that parse.
	Positive Count `json:"positive"`
	// Negative counts the negative query-syntax tests that are rejected.
	Negative Count `json:"negative"`
	// Refused counts the SPARQL Update syntax tests that are refused: a
	// positive update test passes when Parse refuses it with
	// sparql.ErrUpdate, a negative one when Parse returns any error.
	Refused Count `json:"refused"`
	// RoundTrip counts the parsed positive tests whose canonical and
	// compact printed forms parse back to an equal tree. Its total is 0
	// when the printer is not available.
	RoundTrip Count `json:"roundtrip"`
	// Failures lists every failing test, in suite order.
	Failures []Failure `json:"failures"`
}

// SyntaxOptions configures [RunSyntax].
type SyntaxOptions struct {
	// Dialect to parse with; nil means strict SPARQL 1.1.
	Dialect *sparql.Dialect

	tools *toolchain // nil: defaultTools
}

// RunSyntaxDir loads the syntax tests under dir (see [LoadSyntaxSuite])
// and runs them (see [RunSyntax]).
func RunSyntaxDir(ctx context.Context, dir string, opts SyntaxOptions) (*SyntaxReport, error) {
	suite, err := LoadSyntaxSuite(ctx, dir)
	if err != nil {
		return nil, err
	}
	return RunSyntax(ctx, suite, opts)
}

// RunSyntax parses the action file of every test of suite and checks the
// verdict: a positive test must parse (and its printed forms round-trip), a
// negative one must be rejected, an update test must be refused. A test
// whose file cannot be read counts as failed. The error is non-nil only if
// ctx is done.
func RunSyntax(ctx context.Context, suite *Suite, opts SyntaxOptions) (*SyntaxReport, error) {
	tc := opts.tools
	if tc == nil {
		tc = &defaultTools
	}
	popts := dialectOptions(opts.Dialect)
	r := &SyntaxReport{
		Suite:     suite.Dir,
		Dialect:   dialectName(opts.Dialect),
		Manifests: len(suite.Manifests),
		Failures:  []Failure{},
	}
	for _, t := range suite.Tests {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("syntax tests in %s: %w", suite.Dir, err)
		}
		kind := t.Type.Kind()
		fail := func(kind, msg string) {
			r.Failures = append(r.Failures, Failure{Test: rel(suite.Dir, t.Action), IRI: t.IRI, Kind: kind, Error: msg})
		}
		var count *Count
		switch kind {
		case KindPositive:
			count = &r.Positive
		case KindNegative:
			count = &r.Negative
		case KindUpdate:
			count = &r.Refused
		default:
			continue
		}
		count.Total++
		src, err := os.ReadFile(t.Action)
		if err != nil {
			fail(string(kind), "cannot read test: "+err.Error())
			continue
		}
		q, err := tc.safeParse(string(src), popts...)
		switch {
		case kind == KindPositive && err != nil:
			fail(string(kind), oneLine(err))
		case kind == KindPositive:
			count.Passed++
			if tc.print == nil || tc.equal == nil {
				break
			}
			r.RoundTrip.Total++
			msg := tc.roundTrip(q, tc.print, popts...)
			if msg == "" && tc.compact != nil {
				if msg = tc.roundTrip(q, tc.compact, popts...); msg != "" {
					msg = "compact form: " + msg
				}
			}
			if msg != "" {
				fail("roundtrip", msg)
			} else {
				r.RoundTrip.Passed++
			}
		case kind == KindNegative && err == nil:
			fail(string(kind), "accepted")
		case kind == KindNegative:
			count.Passed++
		case t.Type == PositiveUpdateSyntax && errors.Is(err, sparql.ErrUpdate):
			count.Passed++
		case t.Type == PositiveUpdateSyntax && err == nil:
			fail(string(kind), "accepted")
		case t.Type == PositiveUpdateSyntax:
			fail(string(kind), "rejected without being recognised as SPARQL Update: "+oneLine(err))
		case err != nil: // negative update test
			count.Passed++
		default:
			fail(string(kind), "accepted")
		}
	}
	return r, nil
}
