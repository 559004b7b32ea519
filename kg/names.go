package kg

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/lexicon/vocab"
)

// Name is an IRI split for matching against words: the namespace, the
// local name and, for Direct-Mapping names ("table#column",
// "table#ref-col1;col2"), the table qualifier.
type Name struct {
	// Namespace is the IRI up to and including the last '/' (or the last
	// '#' when the local name has no table qualifier).
	Namespace string
	// Qualifier is the table part of a "table#column" local name, else
	// empty.
	Qualifier string
	// Local is the local name (the column for "table#column"; the part
	// after "ref-" is kept: "ref-stadium_id").
	Local string
	// ForeignKey is true when Local starts with "ref-" (a Direct-Mapping
	// reference property).
	ForeignKey bool
}

// SplitIRI splits an IRI into namespace, qualifier and local name. The
// local name is what follows the last '#' or '/'; when the last path
// segment is "word#word" (an identifier before the '#') and the namespace
// up to the '#' is not a well-known one (owl:, xsd:…), the part before '#'
// is the qualifier and the namespace ends at the '/'.
func SplitIRI(iri string) Name {
	slash := strings.LastIndexByte(iri, '/')
	hash := strings.LastIndexByte(iri, '#')
	var n Name
	switch {
	case hash > slash:
		seg := iri[slash+1 : hash]
		_, known := wellKnownPrefixes[iri[:hash+1]]
		if !known && seg != "" && isIdentifier(seg) && slash >= 0 && !strings.HasSuffix(iri[:slash+1], "://") {
			n.Namespace, n.Qualifier, n.Local = iri[:slash+1], seg, iri[hash+1:]
		} else {
			n.Namespace, n.Local = iri[:hash+1], iri[hash+1:]
		}
	case slash >= 0:
		n.Namespace, n.Local = iri[:slash+1], iri[slash+1:]
	default:
		if i := strings.LastIndexByte(iri, ':'); i >= 0 {
			n.Namespace, n.Local = iri[:i+1], iri[i+1:]
		} else {
			n.Local = iri
		}
	}
	if strings.HasPrefix(n.Local, "ref-") {
		n.ForeignKey = true
	}
	return n
}

// Column is the local name without the Direct-Mapping marker of a
// reference: "stadium_id" for "ref-stadium_id", the local name itself
// for other properties.
func (n Name) Column() string { return strings.TrimPrefix(n.Local, "ref-") }

// KeyColumn returns the column a Direct-Mapping reference property is
// made from: "…/stay#room" for "…/stay#ref-room". It is empty for other
// properties and for references over several columns ("ref-a;b").
func KeyColumn(iri string) string {
	n := SplitIRI(iri)
	if !n.ForeignKey || n.Qualifier == "" || strings.Contains(n.Local, ";") {
		return ""
	}
	return n.Namespace + n.Qualifier + "#" + n.Column()
}

// ReferenceOf returns the Direct-Mapping reference property a column
// would make: "…/stay#ref-patient" for "…/stay#patient" (KeyColumn's
// inverse). It is empty for names without a table qualifier and for
// references.
func ReferenceOf(iri string) string {
	n := SplitIRI(iri)
	if n.ForeignKey || n.Qualifier == "" {
		return ""
	}
	return n.Namespace + n.Qualifier + "#ref-" + n.Local
}

// isIdentifier reports whether s is letters, digits and '_' only, not
// starting with a digit (a table name).
func isIdentifier(s string) bool {
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r)) {
			continue
		}
		return false
	}
	return s != ""
}

// Tokens returns the lower-cased words of the IRI's local name (and
// qualifier): camelCase and PascalCase are split at case changes,
// snake_case, kebab-case, dots, ';' and '%'-escapes at separators, and
// letters from digits. For a foreign-key name the "ref" marker is
// dropped. rdf:type gives ["type"], dbo:birthPlace ["birth", "place"],
// <…/concert#ref-stadium_id> ["concert", "stadium", "id"].
func Tokens(iri string) []string {
	n := SplitIRI(iri)
	local := n.Local
	if n.ForeignKey {
		local = local[len("ref-"):]
	}
	var out []string
	if n.Qualifier != "" {
		out = Words(n.Qualifier)
	}
	return append(out, Words(local)...)
}

// TextWords splits running text into lower-cased words at any character
// that is not a letter or digit, keeping letters and digits together
// ("mp3", "4x4"): the words a value may be written as, where [Words]
// splits identifiers.
func TextWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// Words splits an identifier or phrase into lower-cased words: at any
// character that is not a letter or digit, at lower→upper case changes
// ("birthPlace"), before the last capital of a run of capitals followed by
// a lower-case letter ("XMLParser" → "xml", "parser"), and between letters
// and digits. Percent-escapes (%20) are decoded first. A lower-case run
// of letters that is no word of English but is written with several
// ([vocab.Split]) gives those words: schemas write compounds as one
// word ("surfacearea" → "surface", "area"; "headofstate" → "head",
// "of", "state"). A run with capitals is left whole ("Robinson").
func Words(s string) []string {
	s = Unescape(s)
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) == 0 {
			return
		}
		w := string(cur)
		cur = cur[:0]
		if parts := vocab.Split(w); parts != nil {
			words = append(words, parts...)
			return
		}
		words = append(words, strings.ToLower(w))
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 {
			prev := cur[len(cur)-1]
			switch {
			case unicode.IsDigit(r) != unicode.IsDigit(prev):
				flush()
			case unicode.IsUpper(r) && unicode.IsLower(prev):
				flush()
			case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// Unescape decodes the percent-escapes of a name ("home%20town" → "home
// town"); a name whose escapes do not decode to UTF-8 is returned as it
// is.
func Unescape(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	if !utf8.Valid(b) {
		return s
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// wellKnownPrefixes maps common namespace IRIs to their usual prefixes.
var wellKnownPrefixes = map[string]string{
	"http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
	"http://www.w3.org/2000/01/rdf-schema#":       "rdfs",
	"http://www.w3.org/2002/07/owl#":              "owl",
	"http://www.w3.org/2001/XMLSchema#":           "xsd",
	"http://www.w3.org/2004/02/skos/core#":        "skos",
	"http://xmlns.com/foaf/0.1/":                  "foaf",
	"http://purl.org/dc/elements/1.1/":            "dc",
	"http://purl.org/dc/terms/":                   "dcterms",
	"http://schema.org/":                          "schema",
	"https://schema.org/":                         "schema",
	"http://rdfs.org/ns/void#":                    "void",
	"http://www.w3.org/ns/prov#":                  "prov",
	"http://www.w3.org/2003/01/geo/wgs84_pos#":    "geo",
	"http://dbpedia.org/ontology/":                "dbo",
	"http://dbpedia.org/property/":                "dbp",
	"http://dbpedia.org/resource/":                "dbr",
	"http://www.wikidata.org/entity/":             "wd",
	"http://www.wikidata.org/prop/direct/":        "wdt",
	"http://www.wikidata.org/prop/":               "p",
	"http://www.wikidata.org/prop/statement/":     "ps",
	"http://www.wikidata.org/prop/qualifier/":     "pq",
	"http://wikiba.se/ontology#":                  "wikibase",
}
