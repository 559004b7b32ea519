package rdfvalue

import (
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Display returns the value of literal l as a person reads it, without
// quotes, language tag or datatype: a number in its shortest plain
// decimal form ([Number.ShortestDecimal]: "3", "37.25", "271000", never
// an exponent), a boolean as true or false, a date, time or dateTime as
// written (whitespace collapsed: "2023-05-01"), and any other literal
// (a string, tagged or not; a value of an unknown datatype; an ill-typed
// one) by its lexical form. It is "" for a nil literal.
func Display(l *sparql.Literal) string {
	if l == nil {
		return ""
	}
	switch v := ValueOf(l); v.Class {
	case ClassNumeric:
		return v.Number.ShortestDecimal()
	case ClassBoolean:
		if v.Bool {
			return "true"
		}
		return "false"
	case ClassDateTime, ClassDate, ClassTime:
		return CollapseSpace(l.Lexical)
	}
	return l.Lexical
}

// LangMatches reports whether language tag tag matches language range
// rng by RFC 4647 basic filtering, as SPARQL's LANGMATCHES does: case
// aside, the tag is the range or starts with it and a '-' ("en-GB"
// matches "en"); the range "*" matches every non-empty tag.
func LangMatches(tag, rng string) bool {
	if rng == "*" {
		return tag != ""
	}
	if len(tag) < len(rng) || !strings.EqualFold(tag[:len(rng)], rng) {
		return false
	}
	return len(tag) == len(rng) || tag[len(rng)] == '-'
}
