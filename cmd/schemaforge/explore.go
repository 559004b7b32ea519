package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/schemaforge/go-schemaforge/kg"
)

const searchDescription = `
Search links question text to literal values and labels of a collection's
graphs: it builds an in-process index of each graph's string literals
(through SPARQL, so remote endpoints work too; an endpoint with its own
full-text search is asked directly) and prints the k best (property,
value) hits over all graphs, or over --graph ID only.

--json prints the hits as a JSON array ({"graph", "value", "property",
"subjects", "count", "score", "kind"}).`

const describeDescription = `
Describe prints what a graph says about an IRI, in the manner of Graf von
Data: outgoing and incoming triples grouped by property (10 values per
property, with total counts); for a class also its instances, sub- and
superclasses and the properties declared or observed with it; for a
property its uses, sub- and super-properties, declared domain and range
and the classes observed on its subjects and objects.`

// searchHit is a hit with the graph it comes from.
type searchHit struct {
	Graph string `json:"graph"`
	kg.Hit
}

func runSearch(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "search", "schemaforge search --graphs DIR|CONFIG [--graph ID] [-k N] [--json] TEXT…", searchDescription)
	var graphs stringList
	fs.Var(&graphs, "graphs", "directory of RDF files or YAML/JSON collection config (repeatable)")
	only := fs.String("graph", "", "search this graph only (default: all)")
	k := fs.Int("k", 10, "number of hits")
	asJSON := fs.Bool("json", false, "print a JSON array of hits")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	text := strings.TrimSpace(strings.Join(pos, " "))
	switch {
	case len(graphs) == 0:
		return usageError(fs, "give at least one --graphs DIR|CONFIG")
	case text == "":
		return usageError(fs, "give the text to search")
	case *k <= 0:
		return usageError(fs, "-k must be positive")
	}
	targets, code := exploreTargets(ctx, e, "search", graphs, *only)
	if code >= 0 {
		return code
	}
	var hits []searchHit
	for _, g := range targets {
		found, err := kg.SearchText(ctx, g, text, *k)
		if err != nil {
			ix, ierr := kg.BuildIndex(ctx, g)
			if ierr != nil {
				fmt.Fprintf(e.stderr, "search: graph %s: %v\n", g.ID, ierr)
				return exitFail
			}
			found = ix.Search(text, *k)
		}
		for _, h := range found {
			hits = append(hits, searchHit{Graph: g.ID, Hit: h})
		}
	}
	slices.SortStableFunc(hits, func(a, b searchHit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Graph, b.Graph))
	})
	if len(hits) > *k {
		hits = hits[:*k]
	}
	if *asJSON {
		if hits == nil {
			hits = []searchHit{}
		}
		return writeJSONOut(e, "search", hits)
	}
	if len(hits) == 0 {
		fmt.Fprintln(e.stdout, "(no hits)")
		return exitOK
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "score\tgraph\tproperty\tvalue\tsubjects")
	for _, h := range hits {
		subj := fmt.Sprint(h.Count)
		if len(h.Subjects) > 0 {
			subj += " (e.g. " + h.Subjects[0] + ")"
		}
		fmt.Fprintf(tw, "%.3f\t%s\t%s\t%q\t%s\n", h.Score, h.Graph, h.Property, h.Value, subj)
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "search: %v\n", err)
		return exitFail
	}
	return exitOK
}

func runDescribe(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "describe", "schemaforge describe --graphs DIR|CONFIG --graph ID [--json] IRI", describeDescription)
	var graphs stringList
	fs.Var(&graphs, "graphs", "directory of RDF files or YAML/JSON collection config (repeatable)")
	only := fs.String("graph", "", "the graph to ask (required when the collection has several)")
	asJSON := fs.Bool("json", false, "print the description as JSON")
	pos, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	switch {
	case len(graphs) == 0:
		return usageError(fs, "give at least one --graphs DIR|CONFIG")
	case len(pos) != 1:
		return usageError(fs, "give exactly one IRI")
	}
	iri := strings.TrimSuffix(strings.TrimPrefix(pos[0], "<"), ">")
	targets, code := exploreTargets(ctx, e, "describe", graphs, *only)
	if code >= 0 {
		return code
	}
	if len(targets) != 1 {
		return usageError(fs, "the collection has %d graphs: choose one with --graph", len(targets))
	}
	d, err := kg.Describe(ctx, targets[0], iri)
	if err != nil {
		fmt.Fprintf(e.stderr, "describe: %v\n", err)
		return exitFail
	}
	if *asJSON {
		return writeJSONOut(e, "describe", d)
	}
	fmt.Fprint(e.stdout, d.Text())
	return exitOK
}

// exploreTargets loads the collection and returns the graph named only, or
// all graphs; on failure it reports and returns an exit status >= 0.
func exploreTargets(ctx context.Context, e *env, cmdName string, paths []string, only string) ([]*kg.Graph, int) {
	coll, err := openCollection(ctx, paths, kg.LoadOptions{})
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", cmdName, err)
		return nil, exitFail
	}
	if only == "" {
		return coll.Graphs(), -1
	}
	g, ok := coll.Graph(only)
	if !ok {
		var ids []string
		for _, g := range coll.Graphs() {
			ids = append(ids, g.ID)
		}
		fmt.Fprintf(e.stderr, "%s: no graph %q in the collection (it has %s)\n", cmdName, only, strings.Join(ids, ", "))
		return nil, exitFail
	}
	return []*kg.Graph{g}, -1
}

// writeJSONOut writes v as indented JSON to standard output.
func writeJSONOut(e *env, cmdName string, v any) int {
	if err := writeJSON(e.stdout, v); err != nil {
		fmt.Fprintf(e.stderr, "%s: write JSON: %v\n", cmdName, err)
		return exitFail
	}
	return exitOK
}
