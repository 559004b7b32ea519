package rdfio

// Character classes of the Turtle, TriG and N-Triples grammars (RDF 1.1).

// isPNCharsBase reports whether r is a PN_CHARS_BASE character.
func isPNCharsBase(r rune) bool {
	switch {
	case r < 0x80:
		return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z'
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF,
		r >= 0x370 && r <= 0x37D, r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D,
		r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF,
		r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

// isPNCharsU reports whether r is a PN_CHARS_U character (PN_CHARS_BASE or '_').
func isPNCharsU(r rune) bool { return r == '_' || isPNCharsBase(r) }

// isPNChars reports whether r is a PN_CHARS character.
func isPNChars(r rune) bool {
	switch {
	case r == '-' || r >= '0' && r <= '9' || r == 0xB7:
		return true
	case r >= 0x300 && r <= 0x36F, r >= 0x203F && r <= 0x2040:
		return true
	}
	return isPNCharsU(r)
}

// iriForbidden marks the bytes that may not appear unescaped in an IRIREF:
// [#x00-#x20<>"{}|^`\].
var iriForbidden = func() (t [256]bool) {
	for c := 0; c <= 0x20; c++ {
		t[c] = true
	}
	for _, c := range []byte("<>\"{}|^`\\") {
		t[c] = true
	}
	return t
}()

// isIRIRuneForbidden reports whether r, the result of a \u or \U escape
// in an IRI, is a character an IRI may not contain.
func isIRIRuneForbidden(r rune) bool { return r < 0x80 && iriForbidden[r] }

// hexVal returns the value of hex digit c, or -1.
func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// isAlpha and isDigit are the ASCII classes of language tags and numbers.
func isAlpha(c int) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c int) bool { return c >= '0' && c <= '9' }

// hasScheme reports whether iri starts with a URI scheme followed by ':'
// (scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), that is whether it
// is an absolute IRI.
func hasScheme[T string | []byte](iri T) bool {
	for i := 0; i < len(iri); i++ {
		c := int(iri[i])
		switch {
		case isAlpha(c):
		case i > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}
