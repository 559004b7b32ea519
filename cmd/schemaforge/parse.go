package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

const parseDescription = `
Parse parses the SPARQL 1.1 query in FILE ("-" reads standard input) and
prints it in canonical form: upper-case keywords, one clause per line,
prefixes kept. --compact prints it on one line instead; --json prints the
analysis (projected variables, scopes, IRIs by role, triple patterns,
features used) as JSON.

On invalid input it prints the error with its line and column, the source
line and a caret to standard error, and exits with status 1. SPARQL Update
is refused the same way.

--roundtrip also checks that the canonical and compact forms parse back to
the same tree, and exits with status 1 if they do not.`

// dialectNames lists the dialects the --dialect flags accept.
var dialectNames = strings.Join(sparql.DialectNames, ", ")

// runParse implements "schemaforge parse".
func runParse(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "parse", "schemaforge parse [--roundtrip] [--compact | --json] [--dialect NAME] FILE|-", parseDescription)
	roundtrip := fs.Bool("roundtrip", false, "check that the printed forms parse back to the same tree")
	compact := fs.Bool("compact", false, "print the query on one line")
	asJSON := fs.Bool("json", false, "print the analysis of the query as JSON")
	dialectName := fs.String("dialect", "sparql11", "SPARQL dialect: "+dialectNames)
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return usageError(fs, "want one FILE or -, got %d arguments", len(pos))
	}
	if *compact && *asJSON {
		return usageError(fs, "--compact and --json exclude each other")
	}
	dialect, ok := sparql.DialectByName(*dialectName)
	if !ok {
		return usageError(fs, "unknown dialect %q (want %s)", *dialectName, dialectNames)
	}

	name := pos[0]
	src, err := readInput(e, name)
	if err != nil {
		fmt.Fprintf(e.stderr, "schemaforge parse: %v\n", err)
		return exitFail
	}
	if name == "-" {
		name = "<stdin>"
	}
	if err := ctx.Err(); err != nil {
		fmt.Fprintf(e.stderr, "schemaforge parse: %v\n", err)
		return exitFail
	}
	opts := []sparql.Option{sparql.WithDialect(dialect)}
	q, err := sparql.Parse(src, opts...)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s:%v\n", name, err)
		return exitFail
	}
	if *roundtrip {
		for _, form := range []struct {
			name  string
			print func(sparql.Node) string
		}{{"canonical", sparql.Print}, {"compact", sparql.PrintCompact}} {
			if msg := checkRoundTrip(q, form.print(q), opts); msg != "" {
				fmt.Fprintf(e.stderr, "%s: round-trip of the %s form failed: %s\n", name, form.name, msg)
				return exitFail
			}
		}
	}
	switch {
	case *asJSON:
		if err := writeJSON(e.stdout, sparql.Analyze(q)); err != nil {
			fmt.Fprintf(e.stderr, "schemaforge parse: writing the analysis: %v\n", err)
			return exitFail
		}
	case *compact:
		fmt.Fprintln(e.stdout, sparql.PrintCompact(q))
	default:
		fmt.Fprintln(e.stdout, sparql.Print(q))
	}
	return exitOK
}

// checkRoundTrip parses the printed text of q and compares the trees; it
// returns "" when they are equal, else what went wrong.
func checkRoundTrip(q *sparql.Query, printed string, opts []sparql.Option) string {
	q2, err := sparql.Parse(printed, opts...)
	if err != nil {
		return fmt.Sprintf("the printed query does not parse:\n%v\nprinted query:\n%s", err, printed)
	}
	if !sparql.Equal(q, q2) {
		return "the printed query parses to a different tree; printed query:\n" + printed
	}
	return ""
}

// readInput reads the file name, or standard input for "-".
func readInput(e *env, name string) (string, error) {
	var (
		b   []byte
		err error
	)
	if name == "-" {
		b, err = io.ReadAll(e.stdin)
		if err != nil {
			return "", fmt.Errorf("reading standard input: %w", err)
		}
	} else {
		b, err = os.ReadFile(name)
		if err != nil {
			return "", err // *fs.PathError names the file
		}
	}
	return strings.TrimPrefix(string(b), "\ufeff"), nil
}
