// Package rdfio reads RDF documents — N-Triples, N-Quads, Turtle, TriG and
// RDF/XML, optionally gzip-compressed — into a stream of [Quad] values
// built from the project's own term types ([sparql.IRI], [sparql.Literal],
// [sparql.BlankNode]).
//
// The readers are streaming: each statement is handed to a callback as soon
// as it is parsed, and an error returned by the callback stops the read and
// is returned (wrapped in an [*Error] giving its line). N-Triples and
// N-Quads go through a hand-written byte-level parser (about 4.5 million
// statements per second on one core, ten times knakk/rdf's); Turtle and
// TriG through a hand-written recursive-descent parser; RDF/XML through a
// parser on encoding/xml (knakk/rdf's RDF/XML decoder fails on IRIs such
// as mailto:a@b, see rdfxml.go).
//
// # Terms
//
//   - Literals keep their lexical form exactly as written (after unescaping):
//     no numeric or boolean canonicalisation, so "01"^^xsd:integer stays
//     "01". Language tags keep their case. A literal typed xsd:string is
//     returned as a simple literal (Datatype nil), as RDF 1.1 makes the two
//     the same term. Turtle's bare numbers and booleans become literals typed
//     xsd:integer, xsd:decimal, xsd:double or xsd:boolean with the lexical
//     form as written ("+1.50" stays "+1.50").
//   - Relative IRI references in Turtle, TriG and RDF/XML are resolved
//     against the base IRI per RFC 3986 section 5.2; with an empty base they
//     are kept as written. N-Triples and N-Quads require absolute IRIs.
//   - Terms handed to the callback are never modified afterwards and may be
//     shared between quads of the same read (a repeated predicate or
//     datatype IRI is one *sparql.IRI): treat them as read-only.
//
// # Blank nodes
//
// Blank nodes of different documents are different nodes even when their
// labels are equal, and a reader cannot know which labels other documents
// use. A [Reader]'s BNodePrefix is therefore put in front of every label it
// returns; give each document (or each load) its own prefix, such as "f3_",
// and blank nodes of different documents never merge. Within a document:
//
//   - N-Triples and N-Quads: label L becomes BNodePrefix+L.
//   - Turtle, TriG and RDF/XML: label L (rdf:nodeID in RDF/XML) becomes
//     BNodePrefix+"b"+L, and each anonymous node ("[]", "[ … ]", collection
//     cells, node elements without rdf:about) gets a fresh label
//     BNodePrefix+"g"+N (N = 1, 2, …). The first letter after the prefix
//     keeps written and generated labels apart, so "[]" never merges with
//     a written _:g1 (knakk/rdf's Turtle decoder names "[]" _:b1, _:b2, …
//     and so merges them with written labels such as _:b10).
//
// Labels are valid N-Triples labels whenever BNodePrefix is empty or is
// itself a valid label start such as "f3_" (except RDF/XML nodeIDs ending
// in '.', which XML allows and N-Triples does not).
//
// # Size limits
//
// A small compressed file can expand to one enormous line or literal (a
// 300 KB .nt.gz to a 300 MB literal), which a reader would otherwise hold
// in memory whole. Every [Reader] therefore caps the length of a line
// (Reader.MaxLineBytes, default [DefaultMaxLineBytes], 16 MiB; in RDF/XML
// the length of an XML token) and of a literal (Reader.MaxLiteralBytes,
// default [DefaultMaxLiteralBytes], 8 MiB), the zero Reader included, so
// store.LoadFile and every other caller get the limits without asking.
// The limits are enforced while reading: the read stops with a
// [*LimitError], wrapped in an [*Error] giving the line and column where
// the over-long line or literal starts, and it gives the byte offset, the
// limit and the Reader field that sets it. A negative limit switches it
// off.
package rdfio
