package kg

import (
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Summary is the schema summary of one graph, extracted through SPARQL
// only (see [Summarize]): what the allocator retrieves over and the source
// of every schema slice.
type Summary struct {
	// GraphID is the ID of the summarised graph.
	GraphID string `json:"id"`
	// Fingerprint is the graph's content fingerprint when known; cached
	// summaries are keyed by it.
	Fingerprint string `json:"fingerprint,omitempty"`
	// Version is the extractor version that wrote the summary; a cache
	// entry of another version is recomputed.
	Version int `json:"version"`
	// Triples is the number of triples, -1 when not counted.
	Triples int64 `json:"triples"`
	// Classes are the classes with instances (and declared ones), by
	// descending instance count, then IRI.
	Classes []ClassInfo `json:"classes"`
	// Properties are the predicates used (and declared ones), by
	// descending triple count, then IRI.
	Properties []PropertyInfo `json:"properties"`
	// Namespaces are the namespaces of the classes and properties with a
	// prefix each (well-known ones, else generated).
	Namespaces []Namespace `json:"namespaces,omitempty"`
	// Partial is true when some part could not be extracted within the
	// limits (a query failed or timed out, a list was cut); Notes say
	// which.
	Partial bool     `json:"partial,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	// FromVoID is true when class and property counts came from the
	// endpoint's VoID description.
	FromVoID bool `json:"fromVoid,omitempty"`
	// Dialect names the dialect of the graph's engine (configured or
	// detected) when it is not standard SPARQL 1.1: "virtuoso", "jena" …
	Dialect string `json:"dialect,omitempty"`
	// Millis is the extraction time in milliseconds.
	Millis int64 `json:"millis"`
}

// ClassInfo describes one class of a graph.
type ClassInfo struct {
	IRI   string `json:"iri"`
	Count int64  `json:"count"` // instances (rdf:type triples)
	// Label and Comment are rdfs:label/skos:prefLabel and rdfs:comment
	// (an English or untagged one preferred), empty when the graph has
	// none.
	Label   string `json:"label,omitempty"`
	Comment string `json:"comment,omitempty"`
	// Tokens are the lower-cased words of the local name (camelCase,
	// snake_case and table#column split).
	Tokens []string `json:"tokens"`
	// Declared is true when the graph declares the class (rdfs:Class,
	// owl:Class or as a domain, range or subclass).
	Declared bool `json:"declared,omitempty"`
	// SuperClasses are the declared rdfs:subClassOf targets.
	SuperClasses []string `json:"superClasses,omitempty"`
	// Samples are a few instances with their labels.
	Samples []Entity `json:"samples,omitempty"`
}

// TemporalDatatype reports whether a datatype IRI is a point in time:
// xsd:date, xsd:dateTime, xsd:gYear or xsd:time.
func TemporalDatatype(iri string) bool {
	switch strings.TrimPrefix(iri, sparql.XSD) {
	case "date", "dateTime", "gYear", "time":
		return true
	}
	return false
}

// NumericDatatype reports whether a datatype IRI is an XSD number:
// xsd:integer, xsd:decimal, xsd:double, xsd:float and the integer types
// derived from xsd:integer that schemas use (int, long, short, byte,
// nonNegativeInteger, positiveInteger, unsignedInt).
func NumericDatatype(iri string) bool {
	switch strings.TrimPrefix(iri, sparql.XSD) {
	case "integer", "int", "long", "short", "decimal", "double", "float", "nonNegativeInteger", "positiveInteger", "unsignedInt", "byte":
		return true
	}
	return false
}

// Numeric reports whether the property's literal objects are numbers (a
// datatype of [NumericDatatype] observed in the sample).
func (p *PropertyInfo) Numeric() bool {
	return p != nil && slices.ContainsFunc(p.Datatypes, func(d ClassCount) bool { return NumericDatatype(d.IRI) })
}

// Temporal reports whether the property's literal objects are points in
// time (a datatype of [TemporalDatatype] observed in the sample),
// whatever its name says ("releasedate").
func (p *PropertyInfo) Temporal() bool {
	return p != nil && slices.ContainsFunc(p.Datatypes, func(d ClassCount) bool { return TemporalDatatype(d.IRI) })
}

// Entity is an IRI (or blank-node label) with its label, if any.
type Entity struct {
	IRI   string `json:"iri"`
	Label string `json:"label,omitempty"`
}

// PropertyInfo describes one predicate of a graph.
type PropertyInfo struct {
	IRI     string `json:"iri"`
	Count   int64  `json:"count"` // triples with this predicate
	Label   string `json:"label,omitempty"`
	Comment string `json:"comment,omitempty"`
	// Tokens are the lower-cased words of the local name; for a
	// table#column name both parts, for a foreign-key name
	// (table#ref-column) the table and the columns.
	Tokens []string `json:"tokens"`
	// ForeignKey is true for Direct-Mapping reference properties
	// (local name "ref-…").
	ForeignKey bool `json:"foreignKey,omitempty"`
	// SubjectClasses are the classes of subjects, observed in the data
	// (on a sample of at most SummaryOptions.SampleSize triples).
	SubjectClasses []ClassCount `json:"subjectClasses,omitempty"`
	// ObjectClasses are the classes of IRI or blank-node objects,
	// observed in the data (same sample).
	ObjectClasses []ClassCount `json:"objectClasses,omitempty"`
	// Datatypes are the datatypes of literal objects, observed in the
	// data (same sample); language-tagged strings count as
	// rdf:langString.
	Datatypes []ClassCount `json:"datatypes,omitempty"`
	// IRIObjects, BlankObjects and LiteralObjects count the kinds of
	// objects in the sample.
	IRIObjects     int64 `json:"iriObjects,omitempty"`
	BlankObjects   int64 `json:"blankObjects,omitempty"`
	LiteralObjects int64 `json:"literalObjects,omitempty"`
	// Domains and Ranges are the declared rdfs:domain and rdfs:range.
	Domains []string `json:"domains,omitempty"`
	Ranges  []string `json:"ranges,omitempty"`
	// SuperProperties are the declared rdfs:subPropertyOf targets.
	SuperProperties []string `json:"superProperties,omitempty"`
	// Declared is true when the graph declares the property.
	Declared bool `json:"declared,omitempty"`
	// Values are statistics of the property's objects, nil when not
	// computed.
	Values *ValueStats `json:"values,omitempty"`
}

// ClassCount is a class or datatype IRI with a count.
type ClassCount struct {
	IRI   string `json:"iri"`
	Count int64  `json:"count"`
}

// ValueStats are statistics of a property's objects.
type ValueStats struct {
	// Distinct is the number of distinct objects.
	Distinct int64 `json:"distinct"`
	// Min and Max are the least and greatest numeric (or date/time)
	// values in canonical lexical form, empty when the objects are not
	// numbers or dates.
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`
	// Samples are a few distinct objects (lexical forms for literals,
	// IRIs otherwise), the most frequent first.
	Samples []string `json:"samples,omitempty"`
}

// Namespace is a namespace IRI with its prefix and the number of classes
// and properties in it.
type Namespace struct {
	Prefix string `json:"prefix"`
	IRI    string `json:"iri"`
	Terms  int    `json:"terms"`
}
