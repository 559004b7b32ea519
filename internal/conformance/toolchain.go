package conformance

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// toolchain is the part of package sparql the runners use. Tests replace
// it to exercise the runners' bookkeeping independently of the parser.
type toolchain struct {
	parse   func(src string, opts ...sparql.Option) (*sparql.Query, error)
	print   func(sparql.Node) string // nil: round-trips are not checked
	compact func(sparql.Node) string // nil: compact round-trips are not checked
	equal   func(a, b sparql.Node) bool
}

// defaultTools is the real toolchain.
var defaultTools = toolchain{
	parse:   sparql.Parse,
	print:   sparql.Print,
	compact: sparql.PrintCompact,
	equal:   sparql.Equal,
}

// safeParse parses src and turns a panic of the parser into an error, so
// that one bad query cannot stop a conformance run.
func (tc *toolchain) safeParse(src string, opts ...sparql.Option) (q *sparql.Query, err error) {
	defer func() {
		if r := recover(); r != nil {
			q, err = nil, fmt.Errorf("parser panic: %v", r)
		}
	}()
	q, err = tc.parse(src, opts...)
	if err == nil && q == nil {
		err = errors.New("parser returned neither a query nor an error")
	}
	return q, err
}

// roundTrip checks that printing q with print and parsing the text again
// gives a tree equal to q. It returns "" on success, else what went wrong.
func (tc *toolchain) roundTrip(q *sparql.Query, print func(sparql.Node) string, opts ...sparql.Option) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("printer or comparison panic: %v", r)
		}
	}()
	text := print(q)
	q2, err := tc.safeParse(text, opts...)
	if err != nil {
		return "printed query does not parse: " + oneLine(err) + " (printed: " + clip(text) + ")"
	}
	if !tc.equal(q2, q) {
		return "printed query parses to a different tree (printed: " + clip(text) + ")"
	}
	return ""
}

// oneLine renders err on one line: the positioned short form of a
// *sparql.Error, else the error text, with line breaks and tabs turned
// into spaces.
func oneLine(err error) string {
	s := err.Error()
	var se *sparql.Error
	if errors.As(err, &se) {
		s = se.Short()
	}
	return strings.TrimSpace(lineBreaks.Replace(s))
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")

// clip shortens s to one line of at most 200 bytes for reports.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		n := 200
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "…"
	}
	return s
}

// dialectOptions returns the parse options for dialect d (nil: default).
func dialectOptions(d *sparql.Dialect) []sparql.Option {
	if d == nil {
		return nil
	}
	return []sparql.Option{sparql.WithDialect(d)}
}

// dialectName names d, "sparql11" for nil.
func dialectName(d *sparql.Dialect) string {
	if d == nil || d.Name == "" {
		return sparql.SPARQL11.Name
	}
	return d.Name
}
