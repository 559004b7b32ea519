package rdfio

import (
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// TestResolveIRI checks the resolver the readers use (sparql.ResolveIRI)
// on the examples of RFC 3986 section 5.4 and a few bases without a path or
// with a file: scheme.
func TestResolveIRI(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	tests := []struct{ base, ref, want string }{
		// 5.4.1 normal examples
		{base, "g:h", "g:h"},
		{base, "g", "http://a/b/c/g"},
		{base, "./g", "http://a/b/c/g"},
		{base, "g/", "http://a/b/c/g/"},
		{base, "/g", "http://a/g"},
		{base, "//g", "http://g"},
		{base, "?y", "http://a/b/c/d;p?y"},
		{base, "g?y", "http://a/b/c/g?y"},
		{base, "#s", "http://a/b/c/d;p?q#s"},
		{base, "g#s", "http://a/b/c/g#s"},
		{base, "g?y#s", "http://a/b/c/g?y#s"},
		{base, ";x", "http://a/b/c/;x"},
		{base, "g;x", "http://a/b/c/g;x"},
		{base, "g;x?y#s", "http://a/b/c/g;x?y#s"},
		{base, "", "http://a/b/c/d;p?q"},
		{base, ".", "http://a/b/c/"},
		{base, "./", "http://a/b/c/"},
		{base, "..", "http://a/b/"},
		{base, "../", "http://a/b/"},
		{base, "../g", "http://a/b/g"},
		{base, "../..", "http://a/"},
		{base, "../../", "http://a/"},
		{base, "../../g", "http://a/g"},
		// 5.4.2 abnormal examples
		{base, "../../../g", "http://a/g"},
		{base, "../../../../g", "http://a/g"},
		{base, "/./g", "http://a/g"},
		{base, "/../g", "http://a/g"},
		{base, "g.", "http://a/b/c/g."},
		{base, ".g", "http://a/b/c/.g"},
		{base, "g..", "http://a/b/c/g.."},
		{base, "..g", "http://a/b/c/..g"},
		{base, "./../g", "http://a/b/g"},
		{base, "./g/.", "http://a/b/c/g/"},
		{base, "g/./h", "http://a/b/c/g/h"},
		{base, "g/../h", "http://a/b/c/h"},
		{base, "g;x=1/./y", "http://a/b/c/g;x=1/y"},
		{base, "g;x=1/../y", "http://a/b/c/y"},
		{base, "g?y/./x", "http://a/b/c/g?y/./x"},
		{base, "g?y/../x", "http://a/b/c/g?y/../x"},
		{base, "g#s/./x", "http://a/b/c/g#s/./x"},
		{base, "g#s/../x", "http://a/b/c/g#s/../x"},
		{base, "http:g", "http:g"}, // strict parsers
		// Other bases.
		{"http://a", "g", "http://a/g"},
		{"http://a", "", "http://a"},
		{"http://a#f", "#g", "http://a#g"},
		{"file:///data/x.ttl", "", "file:///data/x.ttl"},
		{"file:///data/x.ttl", "#a", "file:///data/x.ttl#a"},
		{"file:///data/x.ttl", "y.ttl", "file:///data/y.ttl"},
		{"urn:ex:a", "#b", "urn:ex:a#b"},
		{"http://a/b?q#f", "", "http://a/b?q"},
		{"", "rel/x", "rel/x"},
		{"http://a/é/ü", "ö", "http://a/é/ö"},     // no percent-encoding
		{"http://a/b/c", "0:x", "http://a/b/0:x"}, // not a scheme: a (malformed) relative path
		{"http://a/b/c", "a_b:x", "http://a/b/a_b:x"},
	}
	for _, tt := range tests {
		if got := sparql.ResolveIRI(tt.base, tt.ref); got != tt.want {
			t.Errorf("ResolveIRI(%q, %q) = %q, want %q", tt.base, tt.ref, got, tt.want)
		}
	}
}

func TestHasScheme(t *testing.T) {
	tests := []struct {
		iri  string
		want bool
	}{
		{"http://a", true}, {"urn:x", true}, {"a+b-c.d:x", true}, {"x:", true},
		{"", false}, {":x", false}, {"1a:x", false}, {"a/b:c", false}, {"#a:b", false}, {"rel", false},
	}
	for _, tt := range tests {
		if got := hasScheme(tt.iri); got != tt.want {
			t.Errorf("hasScheme(%q) = %v, want %v", tt.iri, got, tt.want)
		}
	}
}
