// Package conformance runs the SPARQL parser against the W3C syntax test
// suites and against the real query corpora, and reports pass rates,
// round-trip results and agreement with a reference parser. The
// schemaforge CLI ("schemaforge conformance …") and this package's tests
// are its two drivers.
package conformance

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Manifest vocabulary (http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#).
const (
	mfNS       = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#"
	mfManifest = mfNS + "Manifest"
	mfEntries  = mfNS + "entries"
	mfAction   = mfNS + "action"
	mfName     = mfNS + "name"
	dawgtNS    = "http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#"
	approval   = dawgtNS + "approval"
)

// TestType is the rdf:type of a W3C syntax test.
type TestType string

// The syntax test types the runner knows; other entries of a manifest
// (evaluation, protocol, … tests) are ignored.
const (
	PositiveSyntax       TestType = "PositiveSyntaxTest"
	PositiveSyntax11     TestType = "PositiveSyntaxTest11"
	NegativeSyntax       TestType = "NegativeSyntaxTest"
	NegativeSyntax11     TestType = "NegativeSyntaxTest11"
	PositiveUpdateSyntax TestType = "PositiveUpdateSyntaxTest11"
	NegativeUpdateSyntax TestType = "NegativeUpdateSyntaxTest11"
)

// Kind groups test types the way the report counts them.
type Kind string

// The kinds of [Test].
const (
	KindPositive Kind = "positive" // query must parse
	KindNegative Kind = "negative" // query must be rejected
	KindUpdate   Kind = "update"   // SPARQL Update: must be refused
)

// Kind returns the report group of the test type, or "" for a type the
// runner does not know.
func (t TestType) Kind() Kind {
	switch t {
	case PositiveSyntax, PositiveSyntax11:
		return KindPositive
	case NegativeSyntax, NegativeSyntax11:
		return KindNegative
	case PositiveUpdateSyntax, NegativeUpdateSyntax:
		return KindUpdate
	}
	return ""
}

// Test is one syntax test of a W3C manifest.
type Test struct {
	IRI      string   // the test's IRI as the manifest names it
	Name     string   // mf:name
	Type     TestType // rdf:type, without the mf: namespace
	Action   string   // local path of the query file (mf:action, resolved against the manifest)
	Manifest string   // local path of the manifest that lists the test
	Approval string   // dawgt:approval, without namespace ("Approved", "Proposed", …); may be empty
}

// ReadManifest reads one manifest file and returns the syntax tests its
// mf:entries list, in list order. Relative IRIs (mf:action) are resolved
// against the manifest file's own location.
func ReadManifest(path string) ([]Test, error) {
	props, entries, err := readManifestEntries(path)
	if err != nil {
		return nil, err
	}
	var tests []Test
	for _, e := range entries {
		t, ok, err := syntaxTest(props[e], e)
		if err != nil {
			return nil, fmt.Errorf("manifest %s: %w", path, err)
		}
		if ok {
			t.Manifest = path
			tests = append(tests, t)
		}
	}
	return tests, nil
}

// readManifestEntries parses the manifest at path (relative IRIs resolve
// against its file URL), indexes its triples by subject and predicate, and
// returns the index with the entries of its mf:entries lists in order
// (manifests by IRI, then list order).
func readManifestEntries(path string) (map[term]map[string][]term, []term, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("manifest: %w", err)
	}
	triples, err := parseTurtle(string(src), fileURL(path))
	if err != nil {
		return nil, nil, fmt.Errorf("manifest %s:%w", path, err)
	}
	props := map[term]map[string][]term{}
	for _, t := range triples {
		m := props[t.S]
		if m == nil {
			m = map[string][]term{}
			props[t.S] = m
		}
		m[t.P.Value] = append(m[t.P.Value], t.O)
	}
	var manifests []term
	for subj, m := range props {
		if hasType(m, mfManifest) {
			manifests = append(manifests, subj)
		}
	}
	sort.Slice(manifests, func(i, j int) bool { return manifests[i].Value < manifests[j].Value })
	var entries []term
	for _, subj := range manifests {
		for _, list := range props[subj][mfEntries] {
			es, err := readList(props, list)
			if err != nil {
				return nil, nil, fmt.Errorf("manifest %s: mf:entries of %s: %w", path, subj.Value, err)
			}
			entries = append(entries, es...)
		}
	}
	return props, entries, nil
}

// syntaxTest builds the Test of entry e if it is a syntax test.
func syntaxTest(m map[string][]term, e term) (Test, bool, error) {
	var typ TestType
	for _, o := range m[rdfType.Value] {
		if tt := TestType(strings.TrimPrefix(o.Value, mfNS)); o.Kind == iriTerm && strings.HasPrefix(o.Value, mfNS) && tt.Kind() != "" {
			typ = tt
		}
	}
	if typ == "" {
		return Test{}, false, nil
	}
	t := Test{IRI: e.Value, Type: typ}
	if e.Kind != iriTerm {
		t.IRI = "_:" + e.Value
	}
	for _, o := range m[mfName] {
		t.Name = o.Value
	}
	for _, o := range m[approval] {
		t.Approval = strings.TrimPrefix(o.Value, dawgtNS)
	}
	actions := m[mfAction]
	if len(actions) != 1 || actions[0].Kind != iriTerm {
		return Test{}, false, fmt.Errorf("test %s: want one mf:action IRI, found %d", t.IRI, len(actions))
	}
	u, err := url.Parse(actions[0].Value)
	if err != nil || u.Scheme != "file" {
		return Test{}, false, fmt.Errorf("test %s: mf:action <%s> is not a local file", t.IRI, actions[0].Value)
	}
	t.Action = filepath.FromSlash(u.Path)
	return t, true, nil
}

func hasType(m map[string][]term, typ string) bool {
	for _, o := range m[rdfType.Value] {
		if o.Kind == iriTerm && o.Value == typ {
			return true
		}
	}
	return false
}

// readList follows an RDF collection from head to rdf:nil.
func readList(props map[term]map[string][]term, head term) ([]term, error) {
	var out []term
	seen := map[term]bool{}
	for head != rdfNil {
		if seen[head] {
			return nil, fmt.Errorf("cyclic list at %s", head.Value)
		}
		seen[head] = true
		m := props[head]
		first, rest := m[rdfFirst.Value], m[rdfRest.Value]
		if len(first) != 1 || len(rest) != 1 {
			return nil, fmt.Errorf("malformed list node %s", head.Value)
		}
		out = append(out, first[0])
		head = rest[0]
	}
	return out, nil
}

// Suite is the set of syntax tests found under a directory.
type Suite struct {
	Dir       string   // the directory searched
	Manifests []string // every manifest.ttl read, sorted
	Tests     []Test   // deduplicated by action file, in manifest then list order
}

// LoadSyntaxSuite reads every file named manifest.ttl under dir and
// collects their syntax tests. A test listed by several manifests (same
// action file) is kept once; listing the same file with contradictory
// types is an error.
func LoadSyntaxSuite(ctx context.Context, dir string) (*Suite, error) {
	manifests, err := findManifests(dir)
	if err != nil {
		return nil, err
	}
	s := &Suite{Dir: dir, Manifests: manifests}
	byAction := map[string]int{}
	for _, m := range s.Manifests {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tests, err := ReadManifest(m)
		if err != nil {
			return nil, err
		}
		for _, t := range tests {
			if i, ok := byAction[t.Action]; ok {
				if prev := s.Tests[i]; prev.Type.Kind() != t.Type.Kind() {
					return nil, fmt.Errorf("test suite: %s is a %s test in %s but a %s test in %s",
						t.Action, prev.Type, prev.Manifest, t.Type, t.Manifest)
				}
				continue
			}
			byAction[t.Action] = len(s.Tests)
			s.Tests = append(s.Tests, t)
		}
	}
	return s, nil
}

// rel returns path relative to dir when possible, slash-separated.
func rel(dir, path string) string {
	absDir, err1 := filepath.Abs(dir)
	r, err2 := filepath.Rel(absDir, path)
	if err1 != nil || err2 != nil || strings.HasPrefix(r, "..") {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(r)
}

// findManifests returns the files named manifest.ttl under dir, sorted.
func findManifests(dir string) ([]string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("test suite: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("test suite %s is not a directory", dir)
	}
	var out []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "manifest.ttl" {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("test suite %s: %w", dir, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("test suite %s: no manifest.ttl found", dir)
	}
	sort.Strings(out)
	return out, nil
}
