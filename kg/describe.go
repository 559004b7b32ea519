package kg

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// This file is the "describe" action of Graf von Data: what a graph says
// about one IRI, bounded so that it fits in a prompt.

// ErrBadIRI is wrapped by the error of [Describe] when the IRI is not an
// absolute IRI that can be written in a query.
var ErrBadIRI = errors.New("kg: not an absolute IRI")

// DescribeOption configures [Describe].
type DescribeOption func(*describeConfig)

type describeConfig struct {
	perProperty   int
	maxProperties int
	sample        int
	maxRelated    int
}

// DescribePerProperty sets how many values (objects of outgoing triples,
// subjects of incoming ones) are kept per property (default 10); the
// total count is reported either way.
func DescribePerProperty(n int) DescribeOption { return func(c *describeConfig) { c.perProperty = n } }

// DescribeMaxProperties sets how many properties per direction are listed
// (default 50, the most used first).
func DescribeMaxProperties(n int) DescribeOption {
	return func(c *describeConfig) { c.maxProperties = n }
}

// DescribeSampleSize sets how many instances of a class, or triples of a
// property, are sampled for the observed properties and classes (default
// 1000).
func DescribeSampleSize(n int) DescribeOption { return func(c *describeConfig) { c.sample = n } }

// DescribeMaxRelated caps each list of related classes and properties
// (subclasses, domains, observed classes…; default 50).
func DescribeMaxRelated(n int) DescribeOption { return func(c *describeConfig) { c.maxRelated = n } }

// Description is what a graph says about one IRI, in the manner of Graf
// von Data's describe action: its outgoing and incoming triples grouped by
// property (each property pruned after a few values, with its total
// count), and, when the IRI is a class or a property, its place in the
// schema. Build it with [Describe]; render it with [Description.Text].
type Description struct {
	// IRI is the described IRI.
	IRI string `json:"iri"`
	// IsClass is true when the IRI is used as the object of rdf:type or
	// declared a class (rdfs:Class, owl:Class, in rdfs:subClassOf).
	IsClass bool `json:"isClass,omitempty"`
	// IsProperty is true when the IRI is used as a predicate or declared
	// a property (rdf:Property, owl:*Property, in rdfs:subPropertyOf,
	// with rdfs:domain or rdfs:range).
	IsProperty bool `json:"isProperty,omitempty"`

	// Outgoing are the triples with the IRI as subject, by property
	// (most used first); Values are objects.
	Outgoing []PropertyValues `json:"outgoing,omitempty"`
	// Incoming are the triples with the IRI as object; Values are
	// subjects.
	Incoming []PropertyValues `json:"incoming,omitempty"`
	// MoreOutgoing and MoreIncoming count the properties left out by
	// DescribeMaxProperties.
	MoreOutgoing int `json:"moreOutgoing,omitempty"`
	MoreIncoming int `json:"moreIncoming,omitempty"`

	// Class facts (IsClass).
	Instances    int64    `json:"instances,omitempty"`
	SubClasses   []string `json:"subClasses,omitempty"`
	SuperClasses []string `json:"superClasses,omitempty"`
	// DomainOf and RangeOf are the properties declared with this class
	// as rdfs:domain or rdfs:range.
	DomainOf []string `json:"domainOf,omitempty"`
	RangeOf  []string `json:"rangeOf,omitempty"`
	// InstanceProperties are the predicates (other than rdf:type) of
	// triples whose subject is an instance, and InstanceIncoming of
	// triples whose object is one,
	// counted over a sample of instances (graphs that declare no domains
	// still show what their instances have).
	InstanceProperties []ClassCount `json:"instanceProperties,omitempty"`
	InstanceIncoming   []ClassCount `json:"instanceIncoming,omitempty"`

	// Property facts (IsProperty).
	Uses            int64    `json:"uses,omitempty"`
	SubProperties   []string `json:"subProperties,omitempty"`
	SuperProperties []string `json:"superProperties,omitempty"`
	Domains         []string `json:"domains,omitempty"`
	Ranges          []string `json:"ranges,omitempty"`
	// SubjectClasses and ObjectClasses are the classes of subjects and
	// objects, ObjectDatatypes the datatypes of literal objects, over a
	// sample of the property's triples.
	SubjectClasses  []ClassCount `json:"subjectClasses,omitempty"`
	ObjectClasses   []ClassCount `json:"objectClasses,omitempty"`
	ObjectDatatypes []ClassCount `json:"objectDatatypes,omitempty"`

	// Sample is the sample size used for the observed facts.
	Sample int `json:"sample,omitempty"`
	// Partial is true when a query failed; Notes say which.
	Partial bool     `json:"partial,omitempty"`
	Notes   []string `json:"notes,omitempty"`
}

// PropertyValues are the triples of one property in one direction.
type PropertyValues struct {
	Property string `json:"property"`
	// Count is the number of triples with this property (in this
	// direction), beyond those in Values.
	Count int64 `json:"count"`
	// Values are the first objects (outgoing) or subjects (incoming):
	// *sparql.IRI, *sparql.Literal or *sparql.BlankNode, ordered by
	// their N-Triples form when the property has at most 10,000 triples.
	Values []sparql.Term `json:"-"`
}

// MarshalJSON writes the values as SPARQL 1.1 Query Results JSON terms
// ({"type":"uri"|"literal"|"bnode","value":…,"xml:lang"|"datatype":…}).
func (pv PropertyValues) MarshalJSON() ([]byte, error) {
	type term struct {
		Type     string `json:"type"`
		Value    string `json:"value"`
		Lang     string `json:"xml:lang,omitempty"`
		Datatype string `json:"datatype,omitempty"`
	}
	out := struct {
		Property string `json:"property"`
		Count    int64  `json:"count"`
		Values   []term `json:"values"`
	}{Property: pv.Property, Count: pv.Count, Values: make([]term, 0, len(pv.Values))}
	for _, v := range pv.Values {
		switch v := v.(type) {
		case *sparql.IRI:
			out.Values = append(out.Values, term{Type: "uri", Value: v.Value})
		case *sparql.BlankNode:
			out.Values = append(out.Values, term{Type: "bnode", Value: v.Label})
		case *sparql.Literal:
			t := term{Type: "literal", Value: v.Lexical, Lang: v.Lang}
			if dt := v.DatatypeIRI(); v.Lang == "" && dt != sparql.XSDString {
				t.Datatype = dt
			}
			out.Values = append(out.Values, t)
		}
	}
	return json.Marshal(out)
}

// CheckIRI reports whether iri is an absolute IRI that can be written
// between angle brackets in a query: a scheme, then no spaces, controls or
// any of <>"{}|^`\. The error wraps ErrBadIRI and quotes the IRI.
func CheckIRI(iri string) error {
	if iri == "" || len(iri) > 8192 {
		return fmt.Errorf("%w: %q", ErrBadIRI, shorten(iri, 80))
	}
	colon := strings.IndexByte(iri, ':')
	if colon < 1 {
		return fmt.Errorf("%w: %q has no scheme", ErrBadIRI, shorten(iri, 80))
	}
	for i := 0; i < colon; i++ {
		c := iri[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return fmt.Errorf("%w: %q has no scheme", ErrBadIRI, shorten(iri, 80))
		}
	}
	for _, r := range iri {
		if r <= 0x20 || (0x7f <= r && r <= 0x9f) || strings.ContainsRune("<>\"{}|^`\\", r) || r == 0xfffd {
			return fmt.Errorf("%w: %q contains %q", ErrBadIRI, shorten(iri, 80), r)
		}
	}
	return nil
}

// Query templates; <urn:schemaforge:term:x> is the described IRI.
var (
	describeKindTemplate = mustParseSearchTemplate(`PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
SELECT ?class ?property WHERE {
  BIND(EXISTS { ?i a <urn:schemaforge:term:x> }
    || EXISTS { <urn:schemaforge:term:x> a ?c FILTER(?c IN (rdfs:Class, owl:Class)) }
    || EXISTS { <urn:schemaforge:term:x> rdfs:subClassOf ?sup }
    || EXISTS { ?sub rdfs:subClassOf <urn:schemaforge:term:x> } AS ?class)
  BIND(EXISTS { ?s <urn:schemaforge:term:x> ?o }
    || EXISTS { <urn:schemaforge:term:x> a ?t FILTER(?t IN (rdf:Property, owl:ObjectProperty, owl:DatatypeProperty, owl:AnnotationProperty)) }
    || EXISTS { <urn:schemaforge:term:x> rdfs:subPropertyOf ?psup }
    || EXISTS { ?psub rdfs:subPropertyOf <urn:schemaforge:term:x> }
    || EXISTS { <urn:schemaforge:term:x> rdfs:domain ?d }
    || EXISTS { <urn:schemaforge:term:x> rdfs:range ?r } AS ?property)
} LIMIT 1`)
	describeOutCountsTemplate = mustParseSearchTemplate(`SELECT ?p (COUNT(*) AS ?n) WHERE { <urn:schemaforge:term:x> ?p ?o } GROUP BY ?p ORDER BY DESC(?n) ?p LIMIT 51`)
	describeInCountsTemplate  = mustParseSearchTemplate(`SELECT ?p (COUNT(*) AS ?n) WHERE { ?o ?p <urn:schemaforge:term:x> } GROUP BY ?p ORDER BY DESC(?n) ?p LIMIT 51`)
	describeClassTemplate     = mustParseSearchTemplate(`PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT DISTINCT ?rel ?t WHERE {
  { ?t rdfs:subClassOf <urn:schemaforge:term:x> BIND("sub" AS ?rel) }
  UNION { <urn:schemaforge:term:x> rdfs:subClassOf ?t BIND("super" AS ?rel) }
  UNION { ?t rdfs:domain <urn:schemaforge:term:x> BIND("domain" AS ?rel) }
  UNION { ?t rdfs:range <urn:schemaforge:term:x> BIND("range" AS ?rel) }
  FILTER(isIRI(?t))
} ORDER BY ?rel ?t LIMIT 1000`)
	describePropertyTemplate = mustParseSearchTemplate(`PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT DISTINCT ?rel ?t WHERE {
  { ?t rdfs:subPropertyOf <urn:schemaforge:term:x> BIND("sub" AS ?rel) }
  UNION { <urn:schemaforge:term:x> rdfs:subPropertyOf ?t BIND("super" AS ?rel) }
  UNION { <urn:schemaforge:term:x> rdfs:domain ?t BIND("domain" AS ?rel) }
  UNION { <urn:schemaforge:term:x> rdfs:range ?t BIND("range" AS ?rel) }
  FILTER(isIRI(?t))
} ORDER BY ?rel ?t LIMIT 1000`)
	describeInstPropsTemplate = mustParseSearchTemplate(`SELECT ?t (COUNT(*) AS ?n) WHERE {
  { SELECT ?i WHERE { ?i a <urn:schemaforge:term:x> } LIMIT 1000 }
  ?i ?t ?o .
  FILTER(?t != <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>)
} GROUP BY ?t ORDER BY DESC(?n) ?t LIMIT 50`)
	describeInstIncomingTemplate = mustParseSearchTemplate(`SELECT ?t (COUNT(*) AS ?n) WHERE {
  { SELECT ?i WHERE { ?i a <urn:schemaforge:term:x> } LIMIT 1000 }
  ?s ?t ?i .
} GROUP BY ?t ORDER BY DESC(?n) ?t LIMIT 50`)
	describeSubjClassesTemplate = mustParseSearchTemplate(`SELECT ?t (COUNT(*) AS ?n) WHERE {
  { SELECT ?s WHERE { ?s <urn:schemaforge:term:x> ?o } LIMIT 1000 }
  ?s a ?t .
} GROUP BY ?t ORDER BY DESC(?n) ?t LIMIT 50`)
	describeObjClassesTemplate = mustParseSearchTemplate(`SELECT ?t (COUNT(*) AS ?n) WHERE {
  { SELECT ?o WHERE { ?s <urn:schemaforge:term:x> ?o } LIMIT 1000 }
  ?o a ?t .
} GROUP BY ?t ORDER BY DESC(?n) ?t LIMIT 50`)
	describeUsesTemplate      = mustParseSearchTemplate(`SELECT (COUNT(*) AS ?n) WHERE { ?s <urn:schemaforge:term:x> ?o } LIMIT 1`)
	describeOutPropsTemplate  = mustParseSearchTemplate(`SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { <urn:schemaforge:term:x> ?p ?o } LIMIT 1`)
	describeInPropsTemplate   = mustParseSearchTemplate(`SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?o ?p <urn:schemaforge:term:x> } LIMIT 1`)
	describeDatatypesTemplate = mustParseSearchTemplate(`SELECT ?t (COUNT(*) AS ?n) WHERE {
  { SELECT ?o WHERE { ?s <urn:schemaforge:term:x> ?o } LIMIT 1000 }
  FILTER(isLiteral(?o))
  BIND(DATATYPE(?o) AS ?t)
} GROUP BY ?t ORDER BY DESC(?n) ?t LIMIT 50`)
)

// Describe asks ep what it says about iri: outgoing and incoming triples,
// each property pruned after DescribePerProperty values (with its total
// count); for a class, its subclasses, superclasses, the properties
// declared with it as domain or range and the properties observed on a
// sample of its instances; for a property, its sub- and super-properties,
// declared domains and ranges and the classes and datatypes observed on a
// sample of its triples. Every query has a LIMIT. The IRI is checked with
// [CheckIRI] and enters the queries through the syntax tree.
//
// A failing query for the triples or the kind is an error; a failing
// query for the class or property facts marks the description Partial.
func Describe(ctx context.Context, ep Endpoint, iri string, opts ...DescribeOption) (*Description, error) {
	if ep == nil {
		return nil, errors.New("kg: describe: no endpoint")
	}
	if err := CheckIRI(iri); err != nil {
		return nil, err
	}
	cfg := describeConfig{perProperty: 10, maxProperties: 50, sample: 1000, maxRelated: 50}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.perProperty <= 0 {
		cfg.perProperty = 10
	}
	if cfg.maxProperties <= 0 {
		cfg.maxProperties = 50
	}
	if cfg.sample <= 0 {
		cfg.sample = 1000
	}
	if cfg.maxRelated <= 0 {
		cfg.maxRelated = 50
	}
	d := &Description{IRI: iri}
	x := &describer{ep: ep, iri: iri, cfg: cfg, d: d}

	res, err := x.run(ctx, "kind", describeKindTemplate, 0)
	if err != nil {
		return nil, err
	}
	if len(res.Rows) > 0 {
		d.IsClass = dscBool(res.Rows[0]["class"])
		d.IsProperty = dscBool(res.Rows[0]["property"])
	}
	if d.Outgoing, d.MoreOutgoing, err = x.triples(ctx, true); err != nil {
		return nil, err
	}
	if d.Incoming, d.MoreIncoming, err = x.triples(ctx, false); err != nil {
		return nil, err
	}
	if d.IsClass || d.IsProperty {
		d.Sample = cfg.sample
	}
	if d.IsClass {
		for _, pv := range d.Incoming {
			if pv.Property == sparql.RDFType {
				d.Instances = pv.Count
			}
		}
		rel := x.related(ctx, "class relations", describeClassTemplate)
		d.SubClasses, d.SuperClasses, d.DomainOf, d.RangeOf = rel["sub"], rel["super"], rel["domain"], rel["range"]
		if d.Instances > 0 {
			d.InstanceProperties = x.counts(ctx, "instance properties", describeInstPropsTemplate)
			d.InstanceIncoming = x.counts(ctx, "instance incoming properties", describeInstIncomingTemplate)
		}
	}
	if d.IsProperty {
		rel := x.related(ctx, "property relations", describePropertyTemplate)
		d.SubProperties, d.SuperProperties, d.Domains, d.Ranges = rel["sub"], rel["super"], rel["domain"], rel["range"]
		if res, err := x.run(ctx, "uses", describeUsesTemplate, 0); err != nil {
			x.note(err)
		} else if len(res.Rows) > 0 {
			d.Uses = dscInt(res.Rows[0]["n"])
		}
		if d.Uses > 0 {
			d.SubjectClasses = x.counts(ctx, "subject classes", describeSubjClassesTemplate)
			d.ObjectClasses = x.counts(ctx, "object classes", describeObjClassesTemplate)
			d.ObjectDatatypes = x.counts(ctx, "object datatypes", describeDatatypesTemplate)
		}
	}
	return d, nil
}

// describer runs the queries of one Describe call.
type describer struct {
	ep  Endpoint
	iri string
	cfg describeConfig
	d   *Description
}

// run fills the template with the IRI, sets the sample size of its
// sub-queries and, when limit > 0, its LIMIT, and runs it.
func (x *describer) run(ctx context.Context, what string, tmpl *sparql.Query, limit int) (*sparql.Results, error) {
	q, err := fillTerms(tmpl, map[string]sparql.Term{"x": sparql.NewIRI(x.iri)})
	if err != nil {
		return nil, fmt.Errorf("kg: describe %s: %s: %w", x.iri, what, err)
	}
	sparql.Inspect(q.Where, func(n sparql.Node) bool {
		if s, ok := n.(*sparql.SubSelect); ok && s.Query != nil && s.Query.Limit != nil {
			l := int64(x.cfg.sample)
			s.Query.Limit = &l
		}
		return true
	})
	if limit > 0 {
		l := int64(limit)
		q.Limit = &l
	}
	return x.query(ctx, what, q)
}

func (x *describer) query(ctx context.Context, what string, q *sparql.Query) (*sparql.Results, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("kg: describe %s: %s: %w", x.iri, what, err)
	}
	res, err := x.ep.Query(ctx, sparql.Print(q))
	if err != nil {
		return nil, fmt.Errorf("kg: describe %s: %s: %w", x.iri, what, err)
	}
	return res, nil
}

func (x *describer) note(err error) {
	x.d.Partial = true
	x.d.Notes = append(x.d.Notes, err.Error())
}

// triples lists the properties of one direction with their counts and
// first values.
func (x *describer) triples(ctx context.Context, outgoing bool) ([]PropertyValues, int, error) {
	what, tmpl := "outgoing properties", describeOutCountsTemplate
	if !outgoing {
		what, tmpl = "incoming properties", describeInCountsTemplate
	}
	res, err := x.run(ctx, what, tmpl, x.cfg.maxProperties+1)
	if err != nil {
		return nil, 0, err
	}
	var out []PropertyValues
	for _, row := range res.Rows {
		if p, ok := row["p"].(*sparql.IRI); ok {
			out = append(out, PropertyValues{Property: p.Value, Count: dscInt(row["n"])})
		}
	}
	more := 0
	if len(out) > x.cfg.maxProperties {
		out = out[:x.cfg.maxProperties]
		// how many more is not counted exactly; at least one
		more = 1
		if n, err := x.countProperties(ctx, outgoing); err == nil && n > len(out) {
			more = n - len(out)
		}
	}
	if len(out) == 0 {
		return nil, 0, nil
	}
	// One query: a UNION of one sub-query per property, each with its
	// own LIMIT, so that a property with a million values costs no more
	// than one with ten.
	union := &sparql.UnionPattern{}
	for _, pv := range out {
		union.Alts = append(union.Alts, &sparql.GroupPattern{Elements: []sparql.Pattern{
			&sparql.SubSelect{Query: x.valuesQuery(pv, outgoing)},
		}})
	}
	var where []sparql.Pattern
	if len(union.Alts) == 1 {
		where = union.Alts[0].Elements
	} else {
		where = []sparql.Pattern{union}
	}
	q := &sparql.Query{
		Form:        sparql.Select,
		Projections: []*sparql.Projection{{Var: sparql.NewVar("p")}, {Var: sparql.NewVar("v")}},
		Where:       &sparql.GroupPattern{Elements: where},
	}
	limit := int64(len(out) * x.cfg.perProperty)
	q.Limit = &limit
	vals, err := x.query(ctx, strings.Replace(what, "properties", "values", 1), q)
	if err != nil {
		return nil, 0, err
	}
	idx := make(map[string]int, len(out))
	for i, pv := range out {
		idx[pv.Property] = i
	}
	for _, row := range vals.Rows {
		p, ok := row["p"].(*sparql.IRI)
		v := row["v"]
		if !ok || v == nil {
			continue
		}
		if i, ok := idx[p.Value]; ok && len(out[i].Values) < x.cfg.perProperty {
			out[i].Values = append(out[i].Values, v)
		}
	}
	for i := range out {
		if out[i].Count <= 10_000 {
			sort.SliceStable(out[i].Values, func(a, b int) bool { return out[i].Values[a].Key() < out[i].Values[b].Key() })
		}
	}
	return out, more, nil
}

// valuesQuery returns SELECT (<p> AS ?p) ?v WHERE { <x> <p> ?v } (or
// ?v <p> <x>) ORDER BY ?v LIMIT perProperty; the ORDER BY only when the
// property has at most 10,000 triples here.
func (x *describer) valuesQuery(pv PropertyValues, outgoing bool) *sparql.Query {
	s, o := sparql.GraphNode(sparql.NewIRI(x.iri)), sparql.GraphNode(sparql.NewVar("v"))
	if !outgoing {
		s, o = o, s
	}
	limit := int64(x.cfg.perProperty)
	q := &sparql.Query{
		Form: sparql.Select,
		Projections: []*sparql.Projection{
			{Var: sparql.NewVar("p"), Expr: sparql.NewIRI(pv.Property)},
			{Var: sparql.NewVar("v")},
		},
		Where: &sparql.GroupPattern{Elements: []sparql.Pattern{triplesBlock(s, sparql.NewIRI(pv.Property), o)}},
		Limit: &limit,
	}
	if pv.Count <= 10_000 {
		q.OrderBy = []*sparql.OrderCondition{{Expr: sparql.NewVar("v")}}
	}
	return q
}

// countProperties counts the distinct properties of one direction.
func (x *describer) countProperties(ctx context.Context, outgoing bool) (int, error) {
	tmpl := describeOutPropsTemplate
	if !outgoing {
		tmpl = describeInPropsTemplate
	}
	res, err := x.run(ctx, "property count", tmpl, 0)
	if err != nil || len(res.Rows) == 0 {
		return 0, err
	}
	return int(dscInt(res.Rows[0]["n"])), nil
}

// related runs a ?rel ?t template and groups the IRIs by ?rel; a failure
// is noted.
func (x *describer) related(ctx context.Context, what string, tmpl *sparql.Query) map[string][]string {
	res, err := x.run(ctx, what, tmpl, 0)
	if err != nil {
		x.note(err)
		return nil
	}
	out := map[string][]string{}
	for _, row := range res.Rows {
		rel, ok1 := row["rel"].(*sparql.Literal)
		t, ok2 := row["t"].(*sparql.IRI)
		if ok1 && ok2 && len(out[rel.Lexical]) < x.cfg.maxRelated {
			out[rel.Lexical] = append(out[rel.Lexical], t.Value)
		}
	}
	return out
}

// counts runs a ?t ?n template; a failure is noted.
func (x *describer) counts(ctx context.Context, what string, tmpl *sparql.Query) []ClassCount {
	res, err := x.run(ctx, what, tmpl, x.cfg.maxRelated)
	if err != nil {
		x.note(err)
		return nil
	}
	var out []ClassCount
	for _, row := range res.Rows {
		if t, ok := row["t"].(*sparql.IRI); ok {
			out = append(out, ClassCount{IRI: t.Value, Count: dscInt(row["n"])})
		}
	}
	return out
}

func dscBool(t sparql.Term) bool {
	l, ok := t.(*sparql.Literal)
	return ok && (l.Lexical == "true" || l.Lexical == "1")
}

func dscInt(t sparql.Term) int64 {
	l, ok := t.(*sparql.Literal)
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(l.Lexical, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(l.Lexical, 64)
		if ferr != nil {
			return 0
		}
		return int64(f)
	}
	return n
}

// Text renders the description compactly for a prompt: a header with the
// kind and counts, the prefixes used, the schema facts of a class or
// property, then one line per property and direction with its count and
// first values ("… N more" when pruned). IRIs are written prefix:local
// for reading (local names are not escaped). The output is deterministic.
func (d *Description) Text() string {
	if d == nil {
		return ""
	}
	s := d.compactor()
	var b strings.Builder
	kinds := []string{}
	if d.IsClass {
		kinds = append(kinds, fmt.Sprintf("class, %d instances", d.Instances))
	}
	if d.IsProperty {
		kinds = append(kinds, fmt.Sprintf("property, %d uses", d.Uses))
	}
	if len(kinds) == 0 {
		kinds = append(kinds, "resource")
	}
	fmt.Fprintf(&b, "%s (%s)", s.Compact(d.IRI), strings.Join(kinds, "; "))
	if d.Partial {
		b.WriteString(" [partial]")
	}
	b.WriteString("\n")
	if len(s.Namespaces) > 0 {
		b.WriteString("Prefixes:")
		for _, ns := range s.Namespaces {
			fmt.Fprintf(&b, " %s: <%s>", ns.Prefix, ns.IRI)
		}
		b.WriteString("\n")
	}
	list := func(label string, iris []string) {
		if len(iris) == 0 {
			return
		}
		xs := make([]string, len(iris))
		for i, x := range iris {
			xs[i] = s.Compact(x)
		}
		fmt.Fprintf(&b, "%s: %s\n", label, strings.Join(xs, ", "))
	}
	counted := func(label string, cs []ClassCount) {
		if len(cs) == 0 {
			return
		}
		xs := make([]string, len(cs))
		for i, c := range cs {
			xs[i] = fmt.Sprintf("%s (%d)", s.Compact(c.IRI), c.Count)
		}
		fmt.Fprintf(&b, "%s: %s\n", label, strings.Join(xs, ", "))
	}
	list("Superclasses", d.SuperClasses)
	list("Subclasses", d.SubClasses)
	list("Domain of", d.DomainOf)
	list("Range of", d.RangeOf)
	inst := min(d.Instances, int64(d.Sample))
	counted(fmt.Sprintf("Properties of instances (sample of %d)", inst), d.InstanceProperties)
	counted(fmt.Sprintf("Properties pointing to instances (sample of %d)", inst), d.InstanceIncoming)
	list("Superproperties", d.SuperProperties)
	list("Subproperties", d.SubProperties)
	list("Domain", d.Domains)
	list("Range", d.Ranges)
	uses := min(d.Uses, int64(d.Sample))
	counted(fmt.Sprintf("Subject classes (sample of %d triples)", uses), d.SubjectClasses)
	counted(fmt.Sprintf("Object classes (sample of %d triples)", uses), d.ObjectClasses)
	counted(fmt.Sprintf("Object datatypes (sample of %d triples)", uses), d.ObjectDatatypes)
	section := func(label string, pvs []PropertyValues, more int) {
		if len(pvs) == 0 {
			return
		}
		b.WriteString(label)
		b.WriteString(":\n")
		for _, pv := range pvs {
			fmt.Fprintf(&b, "- %s", s.Compact(pv.Property))
			if pv.Count > 1 {
				fmt.Fprintf(&b, " (%d)", pv.Count)
			}
			b.WriteString(":")
			for i, v := range pv.Values {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(" ")
				b.WriteString(dscTerm(s, v))
			}
			if rest := pv.Count - int64(len(pv.Values)); rest > 0 && len(pv.Values) > 0 {
				fmt.Fprintf(&b, ", … %d more", rest)
			}
			b.WriteString("\n")
		}
		if more > 0 {
			fmt.Fprintf(&b, "- … %d more properties\n", more)
		}
	}
	section("Outgoing", d.Outgoing, d.MoreOutgoing)
	section("Incoming", d.Incoming, d.MoreIncoming)
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "Note: %s\n", shorten(n, 200))
	}
	return b.String()
}

// compactor returns a Summary that carries only the namespaces of the
// IRIs in the description, for Compact.
func (d *Description) compactor() *Summary {
	s := &Summary{}
	add := func(iri string, class bool) {
		if class {
			s.Classes = append(s.Classes, ClassInfo{IRI: iri})
		} else {
			s.Properties = append(s.Properties, PropertyInfo{IRI: iri})
		}
	}
	add(d.IRI, true)
	for _, l := range [][]string{d.SubClasses, d.SuperClasses, d.DomainOf, d.RangeOf, d.SubProperties, d.SuperProperties, d.Domains, d.Ranges} {
		for _, x := range l {
			add(x, true)
		}
	}
	for _, l := range [][]ClassCount{d.InstanceProperties, d.InstanceIncoming, d.SubjectClasses, d.ObjectClasses} {
		for _, c := range l {
			add(c.IRI, true)
		}
	}
	for _, pvs := range [][]PropertyValues{d.Outgoing, d.Incoming} {
		for _, pv := range pvs {
			add(pv.Property, false)
			for _, v := range pv.Values {
				if i, ok := v.(*sparql.IRI); ok {
					add(i.Value, true)
				}
			}
		}
	}
	s.Namespaces = namespaces(s)
	// Keep the namespaces Compact uses, and only those that shorten
	// something more than once or are well known.
	var keep []Namespace
	for _, ns := range s.Namespaces {
		if ns.Terms > 1 || wellKnownPrefixes[ns.IRI] != "" {
			keep = append(keep, ns)
		}
	}
	s.Namespaces = keep
	return s
}

// dscTerm writes a value term for reading: compact IRIs, quoted and
// shortened literals with their language or compact datatype.
func dscTerm(s *Summary, t sparql.Term) string {
	switch t := t.(type) {
	case *sparql.IRI:
		return s.Compact(t.Value)
	case *sparql.Literal:
		out := strconv.Quote(shorten(t.Lexical, 80))
		switch {
		case t.Lang != "":
			out += "@" + t.Lang
		case t.Datatype != nil && t.Datatype.Value != sparql.XSDString:
			out += "^^" + s.Compact(t.Datatype.Value)
		}
		return out
	case *sparql.BlankNode:
		return "_:" + t.Label
	case nil:
		return ""
	}
	return t.Key()
}
