// Package rdfvalue is the value space of RDF literals: the XSD datatypes
// that SPARQL operators, answer comparison and answer integration know.
//
// It is the one home of
//
//   - numbers ([Number]): the lexical forms of xsd:integer (and the
//     built-in types derived from it), xsd:decimal, xsd:double and
//     xsd:float parsed into exact values (int64 or [big.Int] for integers,
//     [big.Rat] for decimals, float64 rounded to the type's bit size for
//     floating-point types); XPath arithmetic with the promotion tower
//     integer → decimal → float → double; comparison across types
//     ([CompareNumbers]); canonical lexical forms ([Number.Lexical]) and
//     the shortest decimal form used as an answer key
//     ([Number.ShortestDecimal]);
//   - booleans: the lexical forms true, false, 1 and 0 ([ParseBool]);
//   - dates and times ([DateTime]): xsd:dateTime, xsd:date and xsd:time
//     with their timezones, instants ([DateTime.Instant]), the XML Schema
//     partial order ([CompareDateTimes]) and a total order that takes a
//     value without timezone as UTC ([CompareInstants]);
//   - literal value classes ([ValueOf]) and RDF term equality: sameTerm
//     ([SameTerm]) and the SPARQL = operator with value semantics
//     ([Equal]), and the order of the < operator ([CompareLiterals]).
//
// Lexical forms are those of XML Schema: whitespace around them is
// collapsed (space, tab, CR and LF only), and Go spellings that XSD does
// not have ("inf", "0x10", "1_000") are not numbers.
//
// Callers whose comparison semantics differ say so by choosing the
// function: [CompareNumbers] promotes as XPath does, while
// [CompareDecimalValues] compares the decimals that the values print as
// (the order consistent with [Number.ShortestDecimal] keys);
// [CompareDateTimes] leaves a comparison between a value with and one
// without timezone indeterminate, while [CompareInstants] takes the one
// without as UTC.
//
// The package depends only on package sparql (for terms) and the standard
// library.
package rdfvalue
