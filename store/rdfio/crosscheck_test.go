package rdfio

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	knakk "github.com/knakk/rdf"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// canonicalTriples returns the triples as sorted strings in which blank
// nodes are replaced by a colour computed by iterated neighbourhood hashing
// (Weisfeiler–Leman style), so that two graphs equal up to blank-node
// renaming give the same list (for the graphs here, where blank nodes are
// distinguished by their neighbourhoods).
func canonicalTriples(ts [][3]string) []string {
	isB := func(s string) bool { return strings.HasPrefix(s, "_:") }
	colour := map[string]string{}
	for _, t := range ts {
		for _, x := range []string{t[0], t[2]} {
			if isB(x) {
				colour[x] = "B"
			}
		}
	}
	name := func(x string) string {
		if isB(x) {
			return "_:" + colour[x]
		}
		return x
	}
	for round := 0; round < 5; round++ {
		sig := map[string][]string{}
		for _, t := range ts {
			if isB(t[0]) {
				sig[t[0]] = append(sig[t[0]], "out "+t[1]+" "+name(t[2]))
			}
			if isB(t[2]) {
				sig[t[2]] = append(sig[t[2]], "in "+t[1]+" "+name(t[0]))
			}
		}
		next := map[string]string{}
		for b := range colour {
			s := sig[b]
			slices.Sort(s)
			h := sha256.Sum256([]byte(colour[b] + "|" + strings.Join(s, "\n")))
			next[b] = hex.EncodeToString(h[:8])
		}
		colour = next
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = name(t[0]) + " " + t[1] + " " + name(t[2])
	}
	slices.Sort(out)
	return out
}

// knakkTerm renders a knakk/rdf term like sparql.Term.Key.
func knakkTerm(t knakk.Term) string {
	switch t := t.(type) {
	case knakk.IRI:
		return "<" + t.String() + ">"
	case knakk.Blank:
		return "_:" + t.String()
	case knakk.Literal:
		l := &sparql.Literal{Lexical: t.String(), Lang: t.Lang()}
		if l.Lang == "" {
			l.Datatype = &sparql.IRI{Value: t.DataType.String()}
		}
		return l.Key()
	}
	return fmt.Sprintf("?%v", t)
}

// TestCrossCheckKnakk compares the Turtle reader with knakk/rdf's on the
// W3C data files, as sets of triples up to blank-node renaming. Both read
// without a base IRI, so that relative IRIs stay as written (knakk/rdf
// resolves them by concatenating them to the base, which is wrong). Files
// knakk cannot read are counted; files where knakk merges "[]" with a
// written _:bN label (a documented knakk defect) are counted apart; every
// other difference fails the test.
func TestCrossCheckKnakk(t *testing.T) {
	dir := sharedData(t, "w3c-sparql")
	files := dataFiles(t, dir, func(p string) bool {
		return strings.HasSuffix(p, ".ttl") && !strings.HasPrefix(filepath.Base(p), "manifest")
	})
	var agree, knakkFailed, merged int
	var failures []string
	for _, f := range files {
		var ours [][3]string
		file, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		err = ReadTurtle(file, "", func(q Quad) error {
			ours = append(ours, [3]string{q.S.Key(), q.P.Key(), q.O.Key()})
			return nil
		})
		file.Close()
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		theirs, err := knakkReadFormat(f, knakk.Turtle)
		if err != nil {
			knakkFailed++
			failures = append(failures, fmt.Sprintf("%s: %v", filepath.Base(f), err))
			continue
		}
		a, b := canonicalTriples(ours), canonicalTriples(theirs)
		if slices.Equal(a, b) {
			agree++
			continue
		}
		src, _ := os.ReadFile(f)
		if knakkMerges(string(src)) {
			merged++
			continue
		}
		t.Errorf("%s: the readers disagree\nours:  %q\nknakk: %q", f, a, b)
	}
	t.Logf("%d Turtle files: %d agree with knakk/rdf, %d differ where knakk merges [] with _:bN labels, knakk fails on %d:\n%s",
		len(files), agree, merged, knakkFailed, strings.Join(failures, "\n"))
}

// knakkMerges reports whether a Turtle source has both anonymous blank
// nodes and labels of the form _:b<digits>, which knakk/rdf confuses.
func knakkMerges(src string) bool {
	anon := strings.Contains(src, "[") || strings.Contains(src, "(")
	for i := strings.Index(src, "_:b"); i >= 0; i = strings.Index(src, "_:b") {
		if i+3 < len(src) && isDigit(int(src[i+3])) {
			return anon
		}
		src = src[i+3:]
	}
	return false
}

// knakkReadFormat reads a file with knakk/rdf's decoder for format f,
// without a base IRI.
func knakkReadFormat(path string, f knakk.Format) (out [][3]string, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("knakk panicked: %v", v)
		}
	}()
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	dec := knakk.NewTripleDecoder(file, f)
	for {
		tr, err := dec.Decode()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, [3]string{knakkTerm(tr.Subj), knakkTerm(tr.Pred), knakkTerm(tr.Obj)})
	}
}

// TestCrossCheckKnakkRDFXML compares the RDF/XML reader with knakk/rdf's
// on the W3C .rdf files, without a base IRI.
func TestCrossCheckKnakkRDFXML(t *testing.T) {
	dir := sharedData(t, "w3c-sparql")
	files := dataFiles(t, dir, func(p string) bool { return strings.HasSuffix(p, ".rdf") })
	agree := 0
	var failures []string
	for _, f := range files {
		var ours [][3]string
		file, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		err = ReadRDFXML(file, "", func(q Quad) error {
			ours = append(ours, [3]string{q.S.Key(), q.P.Key(), q.O.Key()})
			return nil
		})
		file.Close()
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		theirs, err := knakkReadFormat(f, knakk.RDFXML)
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", filepath.Base(f), err))
			continue
		}
		a, b := canonicalTriples(ours), canonicalTriples(theirs)
		if !slices.Equal(a, b) {
			t.Errorf("%s: the readers disagree\nours:  %q\nknakk: %q", f, a, b)
			continue
		}
		agree++
	}
	t.Logf("%d RDF/XML files: %d agree with knakk/rdf, knakk fails on %d:\n%s", len(files), agree, len(failures), strings.Join(failures, "\n"))
}

func TestCanonicalTriples(t *testing.T) {
	g1 := [][3]string{{"_:a", "<p>", "_:b"}, {"_:b", "<q>", `"x"`}, {"_:c", "<p>", "<o>"}}
	g2 := [][3]string{{"_:z", "<q>", `"x"`}, {"_:y", "<p>", "_:z"}, {"_:w", "<p>", "<o>"}} // renamed, reordered
	g3 := [][3]string{{"_:a", "<p>", "_:b"}, {"_:c", "<q>", `"x"`}, {"_:d", "<p>", "<o>"}} // not isomorphic
	if !slices.Equal(canonicalTriples(g1), canonicalTriples(g2)) {
		t.Errorf("isomorphic graphs get different canonical forms")
	}
	if slices.Equal(canonicalTriples(g1), canonicalTriples(g3)) {
		t.Errorf("non-isomorphic graphs get the same canonical form")
	}
}

// TestCrossCheckKnakkNTriples compares the N-Triples reader with
// knakk/rdf's, statement by statement, on the Spider dev graphs.
func TestCrossCheckKnakkNTriples(t *testing.T) {
	dir := sharedData(t, filepath.Join("spider4sparql", "graphs", "dev"))
	files := dataFiles(t, dir, func(p string) bool { return strings.HasSuffix(p, ".nt") })
	total := 0
	for _, f := range files {
		var ours []string
		if err := ReadFile(t.Context(), f, "", func(q Quad) error {
			ours = append(ours, q.String())
			return nil
		}); err != nil {
			t.Errorf("%v", err)
			continue
		}
		theirs, err := knakkReadFormat(f, knakk.NTriples)
		if err != nil {
			t.Errorf("knakk: %s: %v", f, err)
			continue
		}
		if len(ours) != len(theirs) {
			t.Errorf("%s: %d statements, knakk/rdf reads %d", f, len(ours), len(theirs))
			continue
		}
		for i, tr := range theirs {
			if k := tr[0] + " " + tr[1] + " " + tr[2]; ours[i] != k {
				t.Errorf("%s: statement %d is %s, knakk/rdf reads %s", f, i+1, ours[i], k)
				break
			}
		}
		total += len(ours)
	}
	t.Logf("%d dev graphs, %d statements, identical to knakk/rdf's reading", len(files), total)
}
