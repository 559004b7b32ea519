// Command schemaforge is the command-line interface of go-schemaforge.
//
// Usage:
//
//	schemaforge <command> [flags] [arguments]
//
// The commands are:
//
//	parse        parse a SPARQL query; print it canonically, compactly or its analysis
//	query        run SPARQL queries on RDF files with the embedded store
//	endpoint     serve RDF files over the SPARQL 1.1 Protocol (read-only)
//	conformance  run the W3C syntax and evaluation tests, the corpus and Spider gold checks
//	summarize    load a collection of knowledge graphs and print their schema summaries
//	search       link text to literal values and labels of a collection's graphs
//	describe     show what a graph says about an IRI (triples, class and property facts)
//	ask          answer a question over a collection of knowledge graphs (the bundled demo by default)
//	serve        answer questions over HTTP (TEXT2SPARQL API and POST /ask)
//	mcp          serve the collection to assistants as an MCP server (stdio or streamable HTTP)
//	allocate     decompose a question and route its subgoals to the graphs that can answer them
//	bench        measure the pipeline or one stage on a benchmark (spider4sparql, text2sparql, qald, lcquad)
//	help         show help for a command
//
// Exit status: 0 on success, 1 when the work fails (invalid query, failing
// tests), 2 on a usage error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// env holds the standard streams of one invocation.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is a subcommand. run gets the arguments after the command name
// and returns the exit status; given "-h" it prints its usage to e.stderr
// and returns exitOK.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) int
}

// commands lists the subcommands in the order the usage shows them.
func commands() []command {
	return []command{
		{"parse", "parse a SPARQL query; print it canonically, compactly or its analysis", runParse},
		{"query", "run SPARQL queries on RDF files with the embedded store", runQuery},
		{"endpoint", "serve RDF files over the SPARQL 1.1 Protocol (read-only)", runEndpoint},
		{"conformance", "run the W3C syntax and evaluation tests, the corpus and Spider gold checks", runConformance},
		{"summarize", "load a collection of knowledge graphs and print their schema summaries", runSummarize},
		{"search", "link text to literal values and labels of a collection's graphs", runSearch},
		{"describe", "show what a graph says about an IRI (triples, class and property facts)", runDescribe},
		{"ask", "answer a question over a collection of knowledge graphs (the bundled demo by default)", runAsk},
		{"serve", "answer questions over HTTP (TEXT2SPARQL API and POST /ask)", runServe},
		{"mcp", "serve the collection to assistants as an MCP server (stdio or streamable HTTP)", runMCP},
		{"allocate", "decompose a question and route its subgoals to the graphs that can answer them", runAllocate},
		{"bench", "measure the pipeline or one stage on a benchmark (spider4sparql, text2sparql, qald, lcquad)", runBench},
	}
}

// run executes the command line args (without the program name) and
// returns the exit status. It is main without the process: tests call it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return runHelp(ctx, e, rest)
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, e, rest)
		}
	}
	fmt.Fprintf(stderr, "schemaforge: unknown command %q\n\n", name)
	usage(stderr)
	return exitUsage
}

// usage writes the top-level usage.
func usage(w io.Writer) {
	fmt.Fprintln(w, "schemaforge answers questions over RDF knowledge graphs with verified SPARQL.")
	fmt.Fprintln(w, "\nUsage:\n\n\tschemaforge <command> [flags] [arguments]\n\nThe commands are:")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\t%-12s %s\n", "help", "show help for a command")
	fmt.Fprintln(w, "\nUse \"schemaforge help <command>\" for more about a command.")
}

// runHelp implements "schemaforge help [command [subcommand]]".
func runHelp(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			// A command prints its usage on -h; send it to stdout here.
			return c.run(ctx, &env{stdin: e.stdin, stdout: e.stdout, stderr: e.stdout}, append(args[1:], "-h"))
		}
	}
	fmt.Fprintf(e.stderr, "schemaforge help: unknown command %q\n", args[0])
	return exitUsage
}

// newFlagSet returns a FlagSet for a (sub)command whose usage shows the
// synopsis line, the description and the flags.
func newFlagSet(e *env, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: %s\n\n%s\n", synopsis, strings.TrimSpace(description))
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after positional
// arguments ("parse q.rq --json") as well as before; "--" ends the flags.
// It returns the positional arguments and the exit status to return when
// parsing ends the command (-h: exitOK; bad flag: exitUsage), else -1.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK
			}
			return nil, exitUsage // the flag package has printed the error and usage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, -1
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError reports a usage error of fs's command and returns exitUsage.
func usageError(fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
	return exitUsage
}
