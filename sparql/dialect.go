package sparql

import "sort"

// Feature names a SPARQL construct. Analysis reports the features a query
// uses; a [Dialect] can disable some of them.
type Feature string

// The features [Analyze] reports and [Dialect.Disabled] can switch off.
const (
	FeatureAggregate Feature = "aggregate"             // COUNT, SUM, … in SELECT/HAVING/ORDER BY
	FeatureGroup     Feature = "group"                 // GROUP BY
	FeatureHaving    Feature = "having"                // HAVING
	FeatureOrder     Feature = "order"                 // ORDER BY
	FeatureLimit     Feature = "limit"                 // LIMIT
	FeatureOffset    Feature = "offset"                // OFFSET
	FeatureDistinct  Feature = "distinct"              // DISTINCT or REDUCED
	FeatureFilter    Feature = "filter"                // FILTER
	FeatureOptional  Feature = "optional"              // OPTIONAL
	FeatureUnion     Feature = "union"                 // UNION
	FeatureMinus     Feature = "minus"                 // MINUS
	FeatureExists    Feature = "exists"                // EXISTS / NOT EXISTS
	FeatureNegation  Feature = "negation"              // MINUS, NOT EXISTS or NOT IN
	FeatureBind      Feature = "bind"                  // BIND
	FeatureValues    Feature = "values"                // VALUES (inline or trailing)
	FeatureSubquery  Feature = "subquery"              // nested SELECT
	FeatureGraph     Feature = "graph"                 // GRAPH
	FeatureService   Feature = "service"               // SERVICE (federation)
	FeaturePath      Feature = "path"                  // property path beyond a plain predicate
	FeatureDataset   Feature = "dataset"               // FROM / FROM NAMED
	FeatureExpr      Feature = "projection-expression" // (expr AS ?v) in SELECT
)

// FuncSpec declares an extra built-in function keyword of a dialect and its
// arity; MaxArgs < 0 means variadic.
type FuncSpec struct {
	MinArgs int
	MaxArgs int
}

// Dialect is a variant of SPARQL 1.1 that one parser serves without being
// forked: extra built-in function keywords, constructs switched off, and
// leniencies for queries written against endpoints that accept more than the
// standard. The zero Dialect is strict SPARQL 1.1.
type Dialect struct {
	// Name identifies the dialect in messages ("sparql11", "lenient", …).
	Name string
	// Functions are extra built-in function keywords (upper-case names),
	// such as Oxigraph's ADJUST. They parse as *CallExpr.
	Functions map[string]FuncSpec
	// Disabled constructs are rejected with a RefusedError. Supported:
	// FeatureService, FeatureOptional, FeaturePath, FeatureMinus,
	// FeatureUnion, FeatureSubquery, FeatureBind, FeatureValues,
	// FeatureGraph, FeatureExists, FeatureAggregate, FeatureGroup,
	// FeatureDataset; the other features are reported by analysis only.
	Disabled map[Feature]bool
	// Prefixes are predeclared: a prefixed name whose prefix the query does
	// not declare resolves through this map. The printer writes the
	// declarations it used back, so printed queries are standard SPARQL.
	Prefixes map[string]string
	// BareAggregates accepts Virtuoso-style projections: aggregates,
	// function calls and expressions without parentheses or alias
	// ("SELECT COUNT(?x)", "SELECT xsd:date(?d)", "SELECT ?a - ?b"), an
	// alias without parentheses ("SELECT COUNT(?x) AS ?n") and an alias
	// inside an aggregate ("COUNT(DISTINCT ?y AS ?y)", whose inner alias is
	// dropped). Projections without an alias get a fresh one (?_expr1,
	// ?_expr2 …), so that the tree is standard SPARQL.
	BareAggregates bool
	// ImplicitGroupBy groups an aggregating query without GROUP BY by its
	// plain projected variables, as Virtuoso does, instead of rejecting the
	// ungrouped variables.
	ImplicitGroupBy bool
	// SkipSemanticChecks turns off the static rules the specification adds
	// beyond the grammar (scoping, grouping, duplicate aliases, blank-node
	// reuse). The grammar is still enforced.
	SkipSemanticChecks bool

	// The fields below describe what an engine accepts in the queries sent
	// to it; [PrintFor] and [Dialect.Accepts] read them. They do not change
	// what Parse accepts.

	// NoLocalEscapes: the engine's lexer refuses the escapes of prefixed
	// names, backslash escapes (PN_LOCAL_ESC, ":singer\#name") and percent
	// sequences (":a%20b"), as Virtuoso 7 does ("SP030: Bad character").
	// The printer writes such IRIs in full ("<…singer#name>").
	NoLocalEscapes bool
	// HavingNeedsGroupBy: the engine refuses HAVING in a query without
	// GROUP BY (Virtuoso 7: "SP031: HAVING clause should be preceded by a
	// GROUP BY clause"). [Dialect.Accepts] reports such queries.
	HavingNeedsGroupBy bool
	// StrictStringArgs: the engine aborts the whole query, instead of
	// making the expression an error (a FILTER false), when a string
	// function (STRLEN, LCASE, CONTAINS …) gets a term that is not a
	// string (Virtuoso 7: "SL001: … needs a string value"). [PrintFor]
	// wraps such arguments in STR(): the same value for a string, the
	// lexical form for a number or an IRI; only a language tag is lost.
	StrictStringArgs bool
	// RepeatedGroupKeysWrong: the engine answers wrongly when GROUP BY
	// names the same variable twice (Virtuoso 7.2 loses groups).
	// [PrintFor] names each grouping variable once, which means the same.
	RepeatedGroupKeysWrong bool
	// OrderGroupsAggregates: in an aggregating query without GROUP BY, the
	// engine groups by the variables of ORDER BY (Virtuoso 7.2), so that
	// a query whose answer is one row gets one row per value, or none
	// where the standard gives COUNT 0. [PrintFor] leaves out the ORDER
	// BY of such queries: it orders a single row.
	OrderGroupsAggregates bool
}

// SPARQL11 is strict SPARQL 1.1 Query, the default dialect.
var SPARQL11 = &Dialect{Name: "sparql11"}

// WellKnownPrefixes are the prefixes that DBpedia's and Wikidata's public
// endpoints predeclare, as used by the Lenient dialect.
var WellKnownPrefixes = map[string]string{
	"rdf":      "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
	"rdfs":     "http://www.w3.org/2000/01/rdf-schema#",
	"owl":      "http://www.w3.org/2002/07/owl#",
	"xsd":      "http://www.w3.org/2001/XMLSchema#",
	"foaf":     "http://xmlns.com/foaf/0.1/",
	"dc":       "http://purl.org/dc/elements/1.1/",
	"dct":      "http://purl.org/dc/terms/",
	"dcterms":  "http://purl.org/dc/terms/",
	"skos":     "http://www.w3.org/2004/02/skos/core#",
	"geo":      "http://www.w3.org/2003/01/geo/wgs84_pos#",
	"georss":   "http://www.georss.org/georss/",
	"prov":     "http://www.w3.org/ns/prov#",
	"schema":   "http://schema.org/",
	"dbo":      "http://dbpedia.org/ontology/",
	"dbp":      "http://dbpedia.org/property/",
	"dbr":      "http://dbpedia.org/resource/",
	"dbc":      "http://dbpedia.org/resource/Category:",
	"yago":     "http://dbpedia.org/class/yago/",
	"wd":       "http://www.wikidata.org/entity/",
	"wdt":      "http://www.wikidata.org/prop/direct/",
	"wds":      "http://www.wikidata.org/entity/statement/",
	"wdv":      "http://www.wikidata.org/value/",
	"wikibase": "http://wikiba.se/ontology#",
	"p":        "http://www.wikidata.org/prop/",
	"ps":       "http://www.wikidata.org/prop/statement/",
	"psv":      "http://www.wikidata.org/prop/statement/value/",
	"pq":       "http://www.wikidata.org/prop/qualifier/",
	"pqv":      "http://www.wikidata.org/prop/qualifier/value/",
	"pr":       "http://www.wikidata.org/prop/reference/",
	"prv":      "http://www.wikidata.org/prop/reference/value/",
	"bd":       "http://www.bigdata.com/rdf#",
	"wdno":     "http://www.wikidata.org/prop/novalue/",
	"wdref":    "http://www.wikidata.org/reference/",
	"hint":     "http://www.bigdata.com/queryHints#",
}

// Lenient accepts what public DBpedia and Wikidata endpoints (Virtuoso,
// Blazegraph) accept beyond SPARQL 1.1: bare aggregates and expressions in
// SELECT, implicit grouping, and the well-known prefixes predeclared. The
// trees it builds are standard SPARQL 1.1: they print as queries that a
// strict parser accepts.
var Lenient = &Dialect{Name: "lenient", Prefixes: WellKnownPrefixes, BareAggregates: true, ImplicitGroupBy: true}

// Oxigraph is SPARQL 1.1 plus Oxigraph's extension function ADJUST.
var Oxigraph = &Dialect{Name: "oxigraph", Functions: map[string]FuncSpec{"ADJUST": {MinArgs: 2, MaxArgs: 2}}}

// Virtuoso is OpenLink Virtuoso 7 (DBpedia's engine). Parsing accepts
// what [Lenient] accepts; printing writes IRIs in full where a prefixed
// name would need an escape, wraps the arguments of string functions in
// STR(), names a grouping variable once and drops the ORDER BY of a
// one-row aggregate; [Dialect.Accepts] refuses HAVING without GROUP BY.
// Each of these was observed on Virtuoso 7.2 (an error or a wrong answer).
var Virtuoso = &Dialect{Name: "virtuoso", Prefixes: WellKnownPrefixes, BareAggregates: true, ImplicitGroupBy: true,
	NoLocalEscapes: true, HavingNeedsGroupBy: true, StrictStringArgs: true, RepeatedGroupKeysWrong: true, OrderGroupsAggregates: true}

// Fuseki is Apache Jena (Fuseki, ARQ): SPARQL 1.1 as the standard says,
// escapes in prefixed names included.
var Fuseki = &Dialect{Name: "jena"}

// GraphDB is Ontotext GraphDB (an RDF4J parser): SPARQL 1.1.
var GraphDB = &Dialect{Name: "graphdb"}

// QLever is the QLever engine. Its parser follows the SPARQL 1.1 grammar;
// no refusal of the constructs this library generates is known.
var QLever = &Dialect{Name: "qlever"}

// Blazegraph is Blazegraph 2 (a Sesame-derived parser): SPARQL 1.1, with
// the well-known prefixes predeclared as its public deployments do.
var Blazegraph = &Dialect{Name: "blazegraph", Prefixes: WellKnownPrefixes}

// Wikidata is the Wikidata Query Service: Blazegraph with Wikidata's
// prefixes predeclared.
var Wikidata = &Dialect{Name: "wikidata", Prefixes: WellKnownPrefixes}

// Generic is an engine of unknown make. Output avoids what engines are
// known to disagree on: IRIs that would need an escape in a prefixed name
// are written in full.
var Generic = &Dialect{Name: "generic", NoLocalEscapes: true}

// DialectNames lists the names [DialectByName] knows, in order.
var DialectNames = []string{"sparql11", "lenient", "oxigraph", "virtuoso", "jena", "graphdb", "qlever", "blazegraph", "wikidata", "generic"}

// DialectByName returns a built-in dialect by its name (one of
// [DialectNames]; "fuseki" is another name of "jena", "" of "sparql11").
func DialectByName(name string) (*Dialect, bool) {
	switch name {
	case "", "sparql11":
		return SPARQL11, true
	case "lenient":
		return Lenient, true
	case "oxigraph":
		return Oxigraph, true
	case "virtuoso":
		return Virtuoso, true
	case "jena", "fuseki":
		return Fuseki, true
	case "graphdb":
		return GraphDB, true
	case "qlever":
		return QLever, true
	case "blazegraph":
		return Blazegraph, true
	case "wikidata":
		return Wikidata, true
	case "generic":
		return Generic, true
	}
	return nil, false
}

// TargetError is the error of [Dialect.Accepts]: the query uses a construct
// the engine refuses.
type TargetError struct {
	Dialect   string // the dialect's name
	Construct string // what the engine refuses, in words
}

// Error returns "the virtuoso dialect refuses …".
func (e *TargetError) Error() string {
	return "the " + e.Dialect + " dialect refuses " + e.Construct
}

// Accepts reports whether the engine of dialect d accepts q as [PrintFor]
// writes it: nil, or a *[TargetError] naming the first construct it
// refuses (a feature in d.Disabled, or HAVING without GROUP BY where
// HavingNeedsGroupBy is set), subqueries included. A nil d accepts
// everything.
func (d *Dialect) Accepts(q *Query) error {
	if d == nil || q == nil {
		return nil
	}
	if len(d.Disabled) > 0 {
		for _, f := range Analyze(q).Features {
			if d.Disabled[f] {
				return &TargetError{Dialect: d.Name, Construct: string(f)}
			}
		}
	}
	if !d.HavingNeedsGroupBy {
		return nil
	}
	check := func(q *Query) error {
		if len(q.Having) > 0 && len(q.GroupBy) == 0 {
			return &TargetError{Dialect: d.Name, Construct: "HAVING without GROUP BY"}
		}
		return nil
	}
	if err := check(q); err != nil {
		return err
	}
	var err error
	Inspect(q, func(n Node) bool {
		if s, ok := n.(*SubSelect); ok && s.Query != nil && err == nil {
			err = check(s.Query)
		}
		return err == nil
	})
	return err
}

// With returns a copy of d with the given features disabled.
func (d *Dialect) With(disabled ...Feature) *Dialect {
	c := *d
	c.Disabled = make(map[Feature]bool, len(d.Disabled)+len(disabled))
	for f, v := range d.Disabled {
		c.Disabled[f] = v
	}
	for _, f := range disabled {
		c.Disabled[f] = true
	}
	return &c
}

// WithFunctions returns a copy of d with extra function keywords.
func (d *Dialect) WithFunctions(fns map[string]FuncSpec) *Dialect {
	c := *d
	c.Functions = make(map[string]FuncSpec, len(d.Functions)+len(fns))
	for k, v := range d.Functions {
		c.Functions[k] = v
	}
	for k, v := range fns {
		c.Functions[k] = v
	}
	return &c
}

// sortedFeatures returns the keys of m in order.
func sortedFeatures(m map[Feature]bool) []Feature {
	out := make([]Feature, 0, len(m))
	for f, on := range m {
		if on {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Option configures [Parse].
type Option func(*config)

type config struct {
	dialect *Dialect
	base    string
}

// WithDialect parses with dialect d (default [SPARQL11]).
func WithDialect(d *Dialect) Option { return func(c *config) { c.dialect = d } }

// WithBase sets the base IRI that relative IRIs resolve against when the
// query has no BASE declaration (default: none; relative IRIs stay relative).
func WithBase(iri string) Option { return func(c *config) { c.base = iri } }
