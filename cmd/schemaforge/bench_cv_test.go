package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/confidence"
)

// cvSpiderData writes a Spider-like train folder of two graphs of
// singers that fall in different folds of two, two questions each, and
// a samples file of labelled records for both; it returns the folder,
// the samples file and the graphs' names.
func cvSpiderData(t *testing.T) (string, string, [2]string) {
	t.Helper()
	names := [2]string{"singers", ""}
	for i := 0; names[1] == ""; i++ {
		if n := fmt.Sprintf("choir%d", i); confidence.Fold(n, 2) != confidence.Fold(names[0], 2) {
			names[1] = n
		}
	}
	dir := t.TempDir()
	files := map[string]string{}
	var csv, gold strings.Builder
	csv.WriteString("index,kg_name,question,query\n")
	idx := 0
	for _, g := range names {
		var nt strings.Builder
		for i, c := range []string{"France", "Peru", "France", "Chile", "Peru"} {
			s := fmt.Sprintf("<http://valuenet/ontop/singer/id=%d>", i+1)
			nt.WriteString(s + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://valuenet/ontop/singer> .\n")
			nt.WriteString(fmt.Sprintf("%s <http://valuenet/ontop/singer#name> \"S%d\" .\n", s, i+1))
			nt.WriteString(s + " <http://valuenet/ontop/singer#country> \"" + c + "\" .\n")
		}
		files["graphs/train/"+g+".nt"] = nt.String()
		fmt.Fprintf(&csv, "%d,%s,How many singers are there?,select (count(*) as ?n) where { ?t a :singer . }\n", idx, g)
		fmt.Fprintf(&gold, `{"index":%d,"kg":"%s","status":"ok","vars":["n"],"bindings":[{"n":{"type":"literal","value":"5","datatype":"http://www.w3.org/2001/XMLSchema#integer"}}],"ordered":false}`+"\n", idx, g)
		idx++
		fmt.Fprintf(&csv, "%d,%s,What are the names of the singers from France?,select ?n where { ?t a :singer . ?t :singer\\#name ?n . ?t :singer\\#country ?c . FILTER(?c = 'France') }\n", idx, g)
		fmt.Fprintf(&gold, `{"index":%d,"kg":"%s","status":"ok","vars":["n"],"bindings":[{"n":{"type":"literal","value":"S1"}},{"n":{"type":"literal","value":"S3"}}],"ordered":false}`+"\n", idx, g)
		idx++
	}
	files["questions/train.csv"] = csv.String()
	files["gold/train.jsonl"] = gold.String()
	// Records: accepted ones mostly right, rejected ones mostly wrong.
	type rec struct {
		Evidence map[string]float64 `json:"evidence"`
		Right    bool               `json:"right"`
		Graph    string             `json:"graph"`
	}
	type ans struct {
		ID     string `json:"id"`
		Sample int    `json:"sample"`
		Right  bool   `json:"right"`
	}
	var v struct {
		Samples []rec `json:"samples"`
		Answers []ans `json:"answers"`
	}
	for i := range 200 {
		acc := i%2 == 0
		right := acc == (i%10 != 0)
		v.Samples = append(v.Samples, rec{Evidence: map[string]float64{"accepted": map[bool]float64{true: 1}[acc], "mean_jaccard": float64(i%7) / 7}, Right: right, Graph: names[i%2]})
		v.Answers = append(v.Answers, ans{ID: fmt.Sprint(i), Sample: i, Right: right})
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	files["samples.json"] = string(data)
	writeFiles(t, dir, files)
	return dir, filepath.Join(dir, "samples.json"), names
}

func TestBenchCrossValidation(t *testing.T) {
	dir, samples, _ := cvSpiderData(t)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "train", "--pool", "train",
		"--cv", "2", "--samples", samples, "--json", "--results", "--concurrency", "1"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r cvReport
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	// --results: each fold's questions, their gold graph among them.
	if len(r.Results) != 4 || r.Results[0].Graph == "" {
		t.Errorf("--results: %d items (want 4): %+v", len(r.Results), r.Results)
	}
	if len(r.EAFolds) != 2 || len(r.NFolds) != 2 || r.NFolds[0] != 2 || r.NFolds[1] != 2 || r.GraphsOf[0] != 1 || r.GraphsOf[1] != 1 {
		t.Fatalf("folds: %+v", r)
	}
	// Both graphs are the same, so both folds answer alike, and the
	// count is right in each.
	if r.EAFolds[0] != r.EAFolds[1] || r.EA != r.EAFolds[0] || r.EA < 0.5 {
		t.Errorf("EA by fold %v, EA %v", r.EAFolds, r.EA)
	}
	for _, th := range r.Threshold {
		if th <= 0 || th > 1 {
			t.Errorf("threshold %v", th)
		}
	}
	// Text output.
	stdout.Reset()
	code = run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "train", "--pool", "train",
		"--cv", "2", "--samples", samples, "--concurrency", "1"}, nil, &stdout, &stderr)
	if code != exitOK || !strings.Contains(stdout.String(), "fold 1: 1 graphs, 2 questions, EA ") || !strings.Contains(stdout.String(), "cross-validation by graph, 2 folds: EA ") {
		t.Errorf("exit %d: %s", code, stdout.String())
	}
}

func TestBenchCrossValidationUsage(t *testing.T) {
	dir, samples, _ := cvSpiderData(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--split", "dev-public", "--cv", "2", "--samples", samples}, exitUsage, "--cv runs on --split train"},
		{[]string{"--split", "train", "--pool", "train", "--cv", "1", "--samples", samples}, exitUsage, "at least 2 folds"},
		{[]string{"--split", "train", "--pool", "train", "--cv", "2"}, exitUsage, "--cv needs --samples FILE"},
		{[]string{"--split", "train", "--pool", "train", "--cv", "2", "--samples", filepath.Join(dir, "none.json")}, exitFail, "no such file"},
		{[]string{"--split", "train", "--pool", "train", "--cv", "2", "--samples", filepath.Join(dir, "gold/train.jsonl")}, exitFail, "read the samples"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"bench", "spider4sparql", "--data", dir}, c.args...), nil, &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}

// TestParseSettings: --settings reads TREESxDEPTH lists, takes a default
// setting whole where one matches, and refuses anything else by name.
func TestParseSettings(t *testing.T) {
	got, err := parseSettings("300x5, 300x2,50x1")
	if err != nil {
		t.Fatal(err)
	}
	want := []confidence.Params{
		{Trees: 300, Depth: 5, MinLeaf: 40, Rate: 0.03, Lambda: 1},
		confidence.DefaultParams,
		{Trees: 50, Depth: 1, MinLeaf: 40, Rate: 0.03, Lambda: 1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseSettings = %+v, want %+v", got, want)
	}
	if got, err := parseSettings(""); got != nil || err != nil {
		t.Errorf("parseSettings(\"\") = %v, %v; want nil, nil", got, err)
	}
	for _, bad := range []string{"300", "x5", "300x0", "300x9", "0x3", "ax3", "300x5,"} {
		if _, err := parseSettings(bad); err == nil || !strings.Contains(err.Error(), "TREESxDEPTH") {
			t.Errorf("parseSettings(%q): err %v, want one naming TREESxDEPTH", bad, err)
		}
	}
}

// TestBenchFold: --fold I/K keeps the pool's graphs of one fold, and so
// their questions; a fold out of range is a usage error.
func TestBenchFold(t *testing.T) {
	dir, _, names := cvSpiderData(t)
	fold := confidence.Fold(names[1], 2)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--stage", "allocation", "--split", "train", "--pool", "train",
		"--fold", fmt.Sprintf("%d/2", fold), "--json", "--results"}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r struct {
		Graphs  int `json:"graphs"`
		Results []struct {
			Gold string `json:"gold"`
		} `json:"results"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Graphs != 1 || len(r.Results) == 0 || slices.ContainsFunc(r.Results, func(x struct {
		Gold string `json:"gold"`
	}) bool {
		return x.Gold != names[1]
	}) {
		t.Errorf("fold %d of 2: %d graphs, questions %+v; want only %s's", fold, r.Graphs, r.Results, names[1])
	}
	for _, bad := range []string{"2/2", "0/1", "x"} {
		stderr.Reset()
		if code := run(context.Background(), []string{"bench", "spider4sparql", "--data", dir, "--split", "train", "--fold", bad}, nil, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "--fold wants I/K") {
			t.Errorf("--fold %s: exit %d, %q", bad, code, stderr.String())
		}
	}
}
