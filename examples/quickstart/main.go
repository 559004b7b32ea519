// Command quickstart asks one question and prints the answer (names and
// values), whether it is verified, the query it came from and the graph
// it ran on.
//
//	go run ./examples/quickstart "Which film had the biggest budget?"
//	go run ./examples/quickstart --graphs examples/data "Who works for ACME?"
//
// Without --graphs it asks the bundled demo collection.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
)

func main() {
	graphs := flag.String("graphs", "", "a directory of RDF files or a YAML/JSON collection config (default: the bundled demo)")
	flag.Parse()
	question := "How many films did Ada Brook direct?"
	if flag.NArg() > 0 {
		question = strings.Join(flag.Args(), " ")
	}
	if err := run(context.Background(), os.Stdout, *graphs, question); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

// run asks question of the collection graphs names (the demo when "")
// and writes the answer to w.
func run(ctx context.Context, w io.Writer, graphs, question string) error {
	// Open loads the graphs, summarises them (cached on disk) and returns
	// a ready pipeline; it takes a path, a kg.Config or a loaded
	// collection such as the embedded demo.
	var src any = graphs
	if graphs == "" {
		coll, err := demo.Collection(ctx)
		if err != nil {
			return err
		}
		src = coll
	}
	p, err := schemaforge.Open(ctx, src)
	if err != nil {
		return err
	}
	ans, err := p.Ask(ctx, question)
	if err != nil {
		return err
	}
	if !ans.HasAnswer() {
		return fmt.Errorf("no answer: %s", ans.NoAnswer)
	}
	verdict := "not verified"
	if ans.Verified {
		verdict = "verified"
	}
	fmt.Fprintf(w, "%s (confidence %.2f)\n\n", verdict, ans.Confidence)
	fmt.Fprint(w, ans.Table()) // IRIs by name, literals by value
	for _, pv := range ans.Provenance {
		fmt.Fprintf(w, "\nfrom graph %s:\n%s\n", pv.Graph, pv.Query)
	}
	return nil
}
