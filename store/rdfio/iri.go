package rdfio

import "strings"

// This file resolves relative IRI references per RFC 3986 section 5.2
// (strict mode), working on strings: IRIs are not percent-encoded,
// normalised or otherwise rewritten, unlike with net/url.

// iriParts are the five components of an IRI reference (RFC 3986
// appendix B). hasAuth, hasQuery and hasFrag tell an empty component from
// an absent one.
type iriParts struct {
	scheme                     string // without ':'; "" when absent
	auth                       string // without "//"
	path                       string
	query                      string // without '?'
	frag                       string // without '#'
	hasAuth, hasQuery, hasFrag bool
}

// splitIRI splits ref with the regular expression of RFC 3986 appendix B:
// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
func splitIRI(ref string) iriParts {
	var p iriParts
	// Unlike the regular expression, a scheme must be well-formed (RFC 3986
	// section 3.1), so "0:x" is read as a (malformed) relative path, the
	// same way hasScheme sees it.
	if i := strings.IndexAny(ref, ":/?#"); i > 0 && ref[i] == ':' && hasScheme(ref[:i+1]) {
		p.scheme, ref = ref[:i], ref[i+1:]
	}
	if strings.HasPrefix(ref, "//") {
		ref = ref[2:]
		i := strings.IndexAny(ref, "/?#")
		if i < 0 {
			i = len(ref)
		}
		p.auth, p.hasAuth, ref = ref[:i], true, ref[i:]
	}
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		p.frag, p.hasFrag, ref = ref[i+1:], true, ref[:i]
	}
	if i := strings.IndexByte(ref, '?'); i >= 0 {
		p.query, p.hasQuery, ref = ref[i+1:], true, ref[:i]
	}
	p.path = ref
	return p
}

// String recomposes the components (RFC 3986 section 5.3).
func (p iriParts) String() string {
	var b strings.Builder
	b.Grow(len(p.scheme) + len(p.auth) + len(p.path) + len(p.query) + len(p.frag) + 5)
	if p.scheme != "" {
		b.WriteString(p.scheme)
		b.WriteByte(':')
	}
	if p.hasAuth {
		b.WriteString("//")
		b.WriteString(p.auth)
	}
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteByte('?')
		b.WriteString(p.query)
	}
	if p.hasFrag {
		b.WriteByte('#')
		b.WriteString(p.frag)
	}
	return b.String()
}

// resolveIRI resolves the IRI reference ref against base (RFC 3986
// section 5.2.2). An absolute ref is returned unchanged but for dot
// segments in its path; with an empty base, ref is returned as is.
func resolveIRI(base, ref string) string {
	if base == "" {
		return ref
	}
	r := splitIRI(ref)
	if r.scheme != "" {
		if !strings.Contains(r.path, ".") {
			return ref // fast path: nothing to remove
		}
		r.path = removeDotSegments(r.path)
		return r.String()
	}
	b := splitIRI(base)
	t := iriParts{scheme: b.scheme, frag: r.frag, hasFrag: r.hasFrag}
	switch {
	case r.hasAuth:
		t.auth, t.hasAuth = r.auth, true
		t.path = removeDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	case r.path == "":
		t.auth, t.hasAuth = b.auth, b.hasAuth
		t.path = b.path
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		} else {
			t.query, t.hasQuery = b.query, b.hasQuery
		}
	default:
		t.auth, t.hasAuth = b.auth, b.hasAuth
		if r.path[0] == '/' {
			t.path = removeDotSegments(r.path)
		} else {
			t.path = removeDotSegments(mergePaths(b, r.path))
		}
		t.query, t.hasQuery = r.query, r.hasQuery
	}
	return t.String()
}

// mergePaths merges a relative-path reference with the base's path (RFC
// 3986 section 5.2.3).
func mergePaths(b iriParts, ref string) string {
	if b.hasAuth && b.path == "" {
		return "/" + ref
	}
	i := strings.LastIndexByte(b.path, '/')
	return b.path[:i+1] + ref
}

// removeDotSegments interprets and removes the "." and ".." segments of a
// path (RFC 3986 section 5.2.4).
func removeDotSegments(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	out := make([]byte, 0, len(in))
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = dropLastSegment(out)
		case in == "/..":
			in = "/"
			out = dropLastSegment(out)
		case in == "." || in == "..":
			in = ""
		default:
			i := 0
			if in[0] == '/' {
				i = 1
			}
			j := strings.IndexByte(in[i:], '/')
			if j < 0 {
				j = len(in)
			} else {
				j += i
			}
			out = append(out, in[:j]...)
			in = in[j:]
		}
	}
	return string(out)
}

// dropLastSegment removes the last segment and its preceding '/' (if any)
// from the output buffer of removeDotSegments.
func dropLastSegment(out []byte) []byte {
	i := len(out) - 1
	for i >= 0 && out[i] != '/' {
		i--
	}
	if i < 0 {
		return out[:0]
	}
	return out[:i]
}
