package sparql

import "strings"

// iriParts is an IRI reference split as in RFC 3986 §3.
type iriParts struct {
	scheme             string
	auth, query, frag  string
	hasAuth, hasScheme bool
	hasQuery, hasFrag  bool
	path               string
}

func splitIRI(s string) iriParts {
	var r iriParts
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, r.frag, r.hasFrag = s[:i], s[i+1:], true
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s, r.query, r.hasQuery = s[:i], s[i+1:], true
	}
	if hasScheme(s) {
		i := strings.IndexByte(s, ':')
		r.scheme, s, r.hasScheme = s[:i], s[i+1:], true
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		r.auth, s, r.hasAuth = s[:i], s[i:], true
	}
	r.path = s
	return r
}

func (r iriParts) String() string {
	var b strings.Builder
	if r.hasScheme {
		b.WriteString(r.scheme)
		b.WriteByte(':')
	}
	if r.hasAuth {
		b.WriteString("//")
		b.WriteString(r.auth)
	}
	b.WriteString(r.path)
	if r.hasQuery {
		b.WriteByte('?')
		b.WriteString(r.query)
	}
	if r.hasFrag {
		b.WriteByte('#')
		b.WriteString(r.frag)
	}
	return b.String()
}

// ResolveIRI resolves the IRI reference ref against base following RFC 3986
// §5.2, working on strings: IRIs are not percent-encoded or otherwise
// rewritten (unlike with net/url), so non-ASCII characters stay as written.
// With an empty base, or an absolute ref, ref is returned unchanged: SPARQL
// and RDF compare IRIs character by character, so "a/./b" is not "a/b".
// The parser, the RDF readers and the IRI() function all resolve with it.
func ResolveIRI(base, ref string) string {
	if base == "" {
		return ref
	}
	r, b := splitIRI(ref), splitIRI(base)
	var t iriParts
	switch {
	case r.hasScheme:
		// An absolute IRI is kept as written: SPARQL and RDF compare IRIs
		// character by character, so "a/./b" must not become "a/b".
		return ref
	case r.hasAuth:
		t = r
		t.path = removeDots(r.path)
	case r.path == "":
		t = b
		t.hasQuery, t.query = b.hasQuery, b.query
		if r.hasQuery {
			t.hasQuery, t.query = true, r.query
		}
	default:
		t = b
		if strings.HasPrefix(r.path, "/") {
			t.path = removeDots(r.path)
		} else {
			t.path = removeDots(mergePaths(b, r.path))
		}
		t.hasQuery, t.query = r.hasQuery, r.query
	}
	t.scheme, t.hasScheme = b.scheme, b.hasScheme
	t.hasFrag, t.frag = r.hasFrag, r.frag
	return t.String()
}

func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isASCIILetter(c):
		case i > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.'):
		case c == ':' && i > 0:
			return true
		default:
			return false
		}
	}
	return false
}

func mergePaths(b iriParts, ref string) string {
	if b.hasAuth && b.path == "" {
		return "/" + ref
	}
	i := strings.LastIndexByte(b.path, '/')
	return b.path[:i+1] + ref
}

// removeDots implements remove_dot_segments of RFC 3986 §5.2.4.
func removeDots(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	var out []string
	segs := strings.Split(in, "/")
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 || (len(out) == 1 && out[0] != "") {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	r := strings.Join(out, "/")
	if strings.HasPrefix(in, "/") && !strings.HasPrefix(r, "/") {
		r = "/" + r
	}
	return r
}
