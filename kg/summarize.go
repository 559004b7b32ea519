package kg

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// SummaryVersion is the version of the summary extractor; cached
// summaries written by another version are recomputed (2: literal values
// in their canonical lexical form).
const SummaryVersion = 2

// SummaryOptions bound the cost of [Summarize]. The zero value of each
// field means its documented default.
type SummaryOptions struct {
	// MaxClasses and MaxProperties cut the class and property lists
	// (default 1,000 and 2,000); a cut list marks the summary partial.
	MaxClasses    int
	MaxProperties int
	// SampleSize is the number of triples per property inspected for
	// subject classes, object classes and datatypes (default 2,000).
	SampleSize int
	// ExactStatsLimit: value statistics (distinct count, min/max, most
	// frequent values) are exact for properties with at most this many
	// triples and computed on the sample otherwise (default 1,000,000).
	ExactStatsLimit int64
	// ValueSamples is the number of sample values per property (default 5).
	ValueSamples int
	// EntitySamples is the number of sample instances per class
	// (default 3).
	EntitySamples int
	// QueryTimeout bounds each query (default 20 s); a query that fails
	// or times out leaves its part out and marks the summary partial.
	QueryTimeout time.Duration
	// Timeout bounds the whole extraction (default 5 min); what is not
	// done by then is left out and the summary marked partial.
	Timeout time.Duration
	// Concurrency is the number of queries in flight per graph (default
	// 4).
	Concurrency int
	// NoVoID skips looking for a VoID description (class and property
	// partitions) before counting classes and properties.
	NoVoID bool
	// VoID, when set, is where to look for the VoID description (for
	// example a store loaded from a void.ttl file); default the graph's
	// own endpoint.
	VoID Endpoint
	// Logger receives progress and failures (default: discard).
	Logger *slog.Logger
}

func (o SummaryOptions) withDefaults() SummaryOptions {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxClasses, 1000)
	def(&o.MaxProperties, 2000)
	def(&o.SampleSize, 2000)
	def(&o.ValueSamples, 5)
	def(&o.EntitySamples, 3)
	def(&o.Concurrency, 4)
	if o.ExactStatsLimit <= 0 {
		o.ExactStatsLimit = 1_000_000
	}
	if o.QueryTimeout <= 0 {
		o.QueryTimeout = 20 * time.Second
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Summarize extracts the schema summary of the graph behind ep with SPARQL
// queries only, so it works on any SPARQL 1.1 endpoint: classes with
// instance counts, labels and sample instances; properties with counts,
// observed subject and object classes and datatypes, declared domains,
// ranges and super-properties, labels and comments, value statistics;
// namespaces; tokenised local names. Every query is bounded (LIMITs,
// samples, opts.QueryTimeout); parts that fail are left out and the
// summary is marked Partial with a note. Summarize fails only when ctx is
// done or neither classes nor properties could be listed.
func Summarize(ctx context.Context, id string, ep Endpoint, opts SummaryOptions) (*Summary, error) {
	opts = opts.withDefaults()
	start := time.Now()
	x := &extractor{ep: ep, opts: opts, id: id,
		classes: map[string]*ClassInfo{}, props: map[string]*PropertyInfo{}}
	x.tmpl = newTemplates(opts)
	wctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()

	if err := x.listVocabulary(wctx); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("summarize %s: %w", id, ctx.Err())
		}
		return nil, fmt.Errorf("summarize %s: %w", id, err)
	}
	x.declarations(wctx)
	x.annotations(wctx)
	x.perProperty(wctx)
	x.perClass(wctx)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("summarize %s: %w", id, ctx.Err())
	}
	if wctx.Err() != nil {
		x.note("summary stopped at the %v time limit", opts.Timeout)
	}
	s := x.summary()
	s.Millis = time.Since(start).Milliseconds()
	opts.Logger.Debug("summarized graph", "graph", id, "classes", len(s.Classes),
		"properties", len(s.Properties), "partial", s.Partial, "took", time.Since(start))
	return s, nil
}

// templates are the queries of one extraction (the sample sizes are part
// of their text).
type templates struct {
	triples, classes, props, propsDistinct         *template
	voidClasses, voidProps, declClasses, declProps *template
	schema, annotations                            *template
	subjClasses, objKinds, objClasses              *template
	distinct, top, minmax, minmaxDate              *template
	distinctS, topS, minmaxS, minmaxDateS          *template
	instances                                      *template
}

func newTemplates(o SummaryOptions) *templates {
	sample := fmt.Sprintf("{ SELECT ?s ?o WHERE { ?s <%sP> ?o } LIMIT %d }", slotPrefix, o.SampleSize)
	all := fmt.Sprintf("?s <%sP> ?o", slotPrefix)
	stats := func(body string) [4]*template {
		return [4]*template{
			mustTemplate("SELECT (COUNT(DISTINCT ?o) AS ?n) WHERE { " + body + " }"),
			mustTemplate("SELECT ?o (COUNT(*) AS ?n) WHERE { " + body + " } GROUP BY ?o ORDER BY DESC(?n) ?o LIMIT " + fmt.Sprint(o.ValueSamples)),
			mustTemplate("SELECT (MIN(?o) AS ?min) (MAX(?o) AS ?max) WHERE { " + body + " FILTER(isNumeric(?o)) }"),
			mustTemplate("SELECT (MIN(?o) AS ?min) (MAX(?o) AS ?max) WHERE { " + body + " FILTER(DATATYPE(?o) IN (xsd:date, xsd:dateTime, xsd:gYear, xsd:time)) }"),
		}
	}
	exact, sampled := stats(all), stats(sample)
	return &templates{
		triples:       mustTemplate("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"),
		classes:       mustTemplate("SELECT ?c (COUNT(?s) AS ?n) WHERE { ?s rdf:type ?c } GROUP BY ?c ORDER BY DESC(?n) ?c"),
		props:         mustTemplate("SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p ORDER BY DESC(?n) ?p"),
		propsDistinct: mustTemplate("SELECT DISTINCT ?p WHERE { ?s ?p ?o }"),
		voidClasses:   mustTemplate("SELECT ?c (MAX(?e) AS ?n) WHERE { ?d void:classPartition ?cp . ?cp void:class ?c OPTIONAL { ?cp void:entities ?e } } GROUP BY ?c"),
		voidProps:     mustTemplate("SELECT ?p (MAX(?t) AS ?n) WHERE { ?d void:propertyPartition ?pp . ?pp void:property ?p OPTIONAL { ?pp void:triples ?t } } GROUP BY ?p"),
		declClasses:   mustTemplate("SELECT DISTINCT ?c WHERE { { ?c a rdfs:Class } UNION { ?c a owl:Class } UNION { ?c rdfs:subClassOf ?x } FILTER(isIRI(?c)) }"),
		declProps:     mustTemplate("SELECT DISTINCT ?p WHERE { { ?p a rdf:Property } UNION { ?p a owl:ObjectProperty } UNION { ?p a owl:DatatypeProperty } UNION { ?p a owl:AnnotationProperty } FILTER(isIRI(?p)) }"),
		schema:        mustTemplate("SELECT ?x ?k ?y WHERE { VALUES ?k { rdfs:domain rdfs:range rdfs:subPropertyOf rdfs:subClassOf } ?x ?k ?y FILTER(isIRI(?x) && isIRI(?y)) }"),
		annotations:   mustTemplate("SELECT ?x ?k ?l WHERE { VALUES ?k { rdfs:label skos:prefLabel rdfs:comment skos:definition } ?x ?k ?l FILTER(isLiteral(?l)) }"),
		subjClasses:   mustTemplate("SELECT ?c (COUNT(*) AS ?n) WHERE { " + sample + " ?s rdf:type ?c } GROUP BY ?c ORDER BY DESC(?n) ?c LIMIT 20"),
		objKinds:      mustTemplate(`SELECT ?k (COUNT(*) AS ?n) WHERE { ` + sample + ` BIND(IF(isLiteral(?o), STR(DATATYPE(?o)), IF(isBlank(?o), "bnode", "iri")) AS ?k) } GROUP BY ?k ORDER BY DESC(?n) ?k`),
		objClasses:    mustTemplate("SELECT ?c (COUNT(*) AS ?n) WHERE { " + sample + " FILTER(!isLiteral(?o)) ?o rdf:type ?c } GROUP BY ?c ORDER BY DESC(?n) ?c LIMIT 20"),
		distinct:      exact[0], top: exact[1], minmax: exact[2], minmaxDate: exact[3],
		distinctS: sampled[0], topS: sampled[1], minmaxS: sampled[2], minmaxDateS: sampled[3],
		instances: mustTemplate(fmt.Sprintf("SELECT ?e ?l WHERE { { SELECT DISTINCT ?e WHERE { ?e rdf:type <%sC> } LIMIT %d } OPTIONAL { ?e rdfs:label|skos:prefLabel|schema:name|foaf:name ?l FILTER(isLiteral(?l)) } }",
			slotPrefix, o.EntitySamples)),
	}
}

// extractor holds the state of one Summarize call.
type extractor struct {
	ep   Endpoint
	opts SummaryOptions
	id   string
	tmpl *templates

	mu       sync.Mutex
	classes  map[string]*ClassInfo
	props    map[string]*PropertyInfo
	triples  int64
	fromVoID bool
	notes    []string
	partial  bool
	// labels[iri] are the candidate labels and comments per language.
	labels map[string]*annotationSet
}

// note records that part of the summary is missing, and why.
func (x *extractor) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	x.mu.Lock()
	x.partial = true
	x.notes = append(x.notes, msg)
	x.mu.Unlock()
	x.opts.Logger.Debug("summary incomplete", "graph", x.id, "note", msg)
}

// run runs one query with the per-query timeout; on failure it notes what
// was lost and returns nil.
func (x *extractor) run(ctx context.Context, what, query string) *sparql.Results {
	if ctx.Err() != nil {
		return nil
	}
	qctx, cancel := context.WithTimeout(ctx, x.opts.QueryTimeout)
	defer cancel()
	res, err := x.ep.Query(qctx, query)
	if err != nil {
		x.note("%s: %v", what, err)
		return nil
	}
	return res
}

// listVocabulary lists the classes and properties with their counts, from
// VoID when the endpoint publishes it, else by aggregating.
func (x *extractor) listVocabulary(ctx context.Context) error {
	if r := x.run(ctx, "count triples", x.tmpl.triples.text(nil, "", nil, 0)); r != nil && len(r.Rows) == 1 {
		x.triples = termInt(r.Rows[0]["n"])
	} else {
		x.triples = -1
	}
	if !x.opts.NoVoID {
		void := x.opts.VoID
		if void == nil {
			void = x.ep
		}
		vc, _ := void.Query(ctx, x.tmpl.voidClasses.text(nil, "", nil, int64(x.opts.MaxClasses)+1))
		vp, _ := void.Query(ctx, x.tmpl.voidProps.text(nil, "", nil, int64(x.opts.MaxProperties)+1))
		if vp != nil && len(vp.Rows) > 0 {
			x.fromVoID = true
			x.addCounts(vc, "c", true)
			x.addCounts(vp, "p", false)
			return nil
		}
	}
	lc := x.run(ctx, "count classes", x.tmpl.classes.text(nil, "", nil, int64(x.opts.MaxClasses)+1))
	lp := x.run(ctx, "count properties", x.tmpl.props.text(nil, "", nil, int64(x.opts.MaxProperties)+1))
	if lp == nil {
		// Counting every predicate is too much for some endpoints; a
		// distinct list is cheaper.
		lp = x.run(ctx, "list properties", x.tmpl.propsDistinct.text(nil, "", nil, int64(x.opts.MaxProperties)+1))
	}
	if lc == nil && lp == nil {
		x.mu.Lock()
		defer x.mu.Unlock()
		return fmt.Errorf("neither classes nor properties could be listed: %s", strings.Join(x.notes, "; "))
	}
	x.addCounts(lc, "c", true)
	x.addCounts(lp, "p", false)
	return nil
}

// addCounts adds the (IRI, count) rows of r (variables iriVar and ?n; a
// missing count is -1) as classes or properties, cutting at the maximum.
func (x *extractor) addCounts(r *sparql.Results, iriVar string, classes bool) {
	if r == nil {
		return
	}
	max, what := x.opts.MaxProperties, "properties"
	if classes {
		max, what = x.opts.MaxClasses, "classes"
	}
	n := 0
	for _, row := range r.Rows {
		iri, ok := row[iriVar].(*sparql.IRI)
		if !ok {
			continue
		}
		if n == max {
			x.note("%s cut at %d", what, max)
			break
		}
		n++
		count := int64(-1)
		if c, ok := row["n"]; ok {
			count = termInt(c)
		}
		if classes {
			x.class(iri.Value).Count = count
		} else {
			x.prop(iri.Value).Count = count
		}
	}
}

// class returns the entry of class iri, creating it (with count 0).
func (x *extractor) class(iri string) *ClassInfo {
	c, ok := x.classes[iri]
	if !ok {
		c = &ClassInfo{IRI: iri, Tokens: Tokens(iri)}
		x.classes[iri] = c
	}
	return c
}

// prop returns the entry of property iri, creating it (with count 0).
func (x *extractor) prop(iri string) *PropertyInfo {
	p, ok := x.props[iri]
	if !ok {
		n := SplitIRI(iri)
		p = &PropertyInfo{IRI: iri, Tokens: Tokens(iri), ForeignKey: n.ForeignKey}
		x.props[iri] = p
	}
	return p
}

// declarations adds declared classes and properties and the declared
// domains, ranges, super-classes and super-properties.
func (x *extractor) declarations(ctx context.Context) {
	if r := x.run(ctx, "declared classes", x.tmpl.declClasses.text(nil, "", nil, int64(x.opts.MaxClasses))); r != nil {
		for _, row := range r.Rows {
			if iri, ok := row["c"].(*sparql.IRI); ok && (x.classes[iri.Value] != nil || len(x.classes) < x.opts.MaxClasses) {
				x.class(iri.Value).Declared = true
			}
		}
	}
	if r := x.run(ctx, "declared properties", x.tmpl.declProps.text(nil, "", nil, int64(x.opts.MaxProperties))); r != nil {
		for _, row := range r.Rows {
			if iri, ok := row["p"].(*sparql.IRI); ok && (x.props[iri.Value] != nil || len(x.props) < x.opts.MaxProperties) {
				x.prop(iri.Value).Declared = true
			}
		}
	}
	limit := int64(4 * (x.opts.MaxClasses + x.opts.MaxProperties))
	r := x.run(ctx, "schema axioms", x.tmpl.schema.text(nil, "", nil, limit))
	if r == nil {
		return
	}
	for _, row := range r.Rows {
		s, k, o := sparql.TermValue(row["x"]), sparql.TermValue(row["k"]), sparql.TermValue(row["y"])
		switch k {
		case rdfsNS + "domain":
			p := x.prop(s)
			p.Declared, p.Domains = true, appendUnique(p.Domains, o)
		case rdfsNS + "range":
			p := x.prop(s)
			p.Declared, p.Ranges = true, appendUnique(p.Ranges, o)
		case rdfsNS + "subPropertyOf":
			p := x.prop(s)
			p.Declared, p.SuperProperties = true, appendUnique(p.SuperProperties, o)
		case rdfsNS + "subClassOf":
			c := x.class(s)
			c.Declared, c.SuperClasses = true, appendUnique(c.SuperClasses, o)
		}
	}
	if len(r.Rows) == int(limit) {
		x.note("schema axioms cut at %d", limit)
	}
}

// Namespaces used by the extractor.
const (
	rdfNS  = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	rdfsNS = "http://www.w3.org/2000/01/rdf-schema#"
	skosNS = "http://www.w3.org/2004/02/skos/core#"
)

func appendUnique(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// annotationSet holds the labels and comments of one IRI by language.
type annotationSet struct {
	label, comment map[string]string // language ("" untagged) → text
}

// annotations fetches labels and comments of all classes and properties,
// in batches.
func (x *extractor) annotations(ctx context.Context) {
	var iris []string
	for iri := range x.classes {
		iris = append(iris, iri)
	}
	for iri := range x.props {
		iris = append(iris, iri)
	}
	slices.Sort(iris)
	iris = slices.Compact(iris)
	x.labels = map[string]*annotationSet{}
	const batch = 200
	for i := 0; i < len(iris); i += batch {
		part := iris[i:min(i+batch, len(iris))]
		r := x.run(ctx, fmt.Sprintf("labels (batch %d)", i/batch+1),
			x.tmpl.annotations.text(nil, "x", part, int64(20*len(part))))
		if r == nil {
			continue
		}
		for _, row := range r.Rows {
			l, ok := row["l"].(*sparql.Literal)
			if !ok {
				continue
			}
			iri := sparql.TermValue(row["x"])
			a := x.labels[iri]
			if a == nil {
				a = &annotationSet{label: map[string]string{}, comment: map[string]string{}}
				x.labels[iri] = a
			}
			m := a.label
			if k := sparql.TermValue(row["k"]); k == rdfsNS+"comment" || k == skosNS+"definition" {
				m = a.comment
			}
			lang := strings.ToLower(l.Lang)
			if old, ok := m[lang]; !ok || l.Lexical < old {
				m[lang] = l.Lexical
			}
		}
	}
}

// pick returns the English, else untagged, else any (first language in
// order) text of m.
func pick(m map[string]string) string {
	if m == nil {
		return ""
	}
	for _, k := range []string{"en", "en-us", "en-gb", ""} {
		if v, ok := m[k]; ok {
			return v
		}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) == 0 {
		return ""
	}
	return m[keys[0]]
}

// perProperty fills the observed classes, datatypes and value statistics
// of every property, Concurrency queries at a time.
func (x *extractor) perProperty(ctx context.Context) {
	var g errgroup.Group
	g.SetLimit(x.opts.Concurrency)
	for _, p := range x.sortedProps() {
		g.Go(func() error {
			x.describeProperty(ctx, p)
			return nil
		})
	}
	_ = g.Wait()
}

func (x *extractor) sortedProps() []*PropertyInfo {
	ps := make([]*PropertyInfo, 0, len(x.props))
	for _, p := range x.props {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b *PropertyInfo) int { return cmp.Compare(a.IRI, b.IRI) })
	return ps
}

// describeProperty runs the per-property queries of p. Only p is written,
// so properties can be described concurrently.
func (x *extractor) describeProperty(ctx context.Context, p *PropertyInfo) {
	if p.Count == 0 {
		return // declared only: nothing to observe
	}
	slots := map[string]string{"P": p.IRI}
	name := "<" + p.IRI + ">"
	classCounts := func(r *sparql.Results) []ClassCount {
		if r == nil {
			return nil
		}
		var out []ClassCount
		for _, row := range r.Rows {
			if c, ok := row["c"].(*sparql.IRI); ok {
				out = append(out, ClassCount{IRI: c.Value, Count: termInt(row["n"])})
			}
		}
		return out
	}
	p.SubjectClasses = classCounts(x.run(ctx, "subject classes of "+name, x.tmpl.subjClasses.text(slots, "", nil, 0)))
	if r := x.run(ctx, "object kinds of "+name, x.tmpl.objKinds.text(slots, "", nil, 0)); r != nil {
		for _, row := range r.Rows {
			k, n := sparql.TermValue(row["k"]), termInt(row["n"])
			switch k {
			case "iri":
				p.IRIObjects += n
			case "bnode":
				p.BlankObjects += n
			case "":
			default:
				p.LiteralObjects += n
				p.Datatypes = append(p.Datatypes, ClassCount{IRI: k, Count: n})
			}
		}
	}
	if p.IRIObjects+p.BlankObjects > 0 {
		p.ObjectClasses = classCounts(x.run(ctx, "object classes of "+name, x.tmpl.objClasses.text(slots, "", nil, 0)))
	}
	if p.IRI == rdfNS+"type" {
		return // the class list says it all
	}
	distinct, top, minmax, minmaxDate := x.tmpl.distinct, x.tmpl.top, x.tmpl.minmax, x.tmpl.minmaxDate
	if p.Count < 0 || p.Count > x.opts.ExactStatsLimit {
		distinct, top, minmax, minmaxDate = x.tmpl.distinctS, x.tmpl.topS, x.tmpl.minmaxS, x.tmpl.minmaxDateS
	}
	vs := &ValueStats{Distinct: -1}
	if r := x.run(ctx, "distinct values of "+name, distinct.text(slots, "", nil, 0)); r != nil && len(r.Rows) == 1 {
		vs.Distinct = termInt(r.Rows[0]["n"])
	}
	if r := x.run(ctx, "frequent values of "+name, top.text(slots, "", nil, 0)); r != nil {
		for _, row := range r.Rows {
			vs.Samples = append(vs.Samples, summaryValue(row["o"]))
		}
	}
	numeric, temporal := false, p.Temporal()
	for _, d := range p.Datatypes {
		switch strings.TrimPrefix(d.IRI, sparql.XSD) {
		case "integer", "decimal", "double", "float", "int", "long", "short", "byte",
			"nonNegativeInteger", "positiveInteger", "negativeInteger", "nonPositiveInteger",
			"unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte":
			numeric = true
		}
	}
	mm := func(t *template, what string) {
		r := x.run(ctx, what+" of "+name, t.text(slots, "", nil, 0))
		if r != nil && len(r.Rows) == 1 {
			vs.Min, vs.Max = summaryValue(r.Rows[0]["min"]), summaryValue(r.Rows[0]["max"])
		}
	}
	if numeric {
		mm(minmax, "numeric range")
	} else if temporal {
		mm(minmaxDate, "date range")
	}
	p.Values = vs
}

// summaryValue is the form of a value in a summary: a literal's
// canonical lexical form (sparql.CanonicalLexical: Virtuoso writes
// "728"^^xsd:double as 728.0 and true as 1), so that a graph's summary,
// and what is read from it, is the same on every store.
func summaryValue(t sparql.Term) string {
	if l, ok := t.(*sparql.Literal); ok {
		return sparql.CanonicalLexical(l)
	}
	return sparql.TermValue(t)
}

// perClass fetches sample instances of every class.
func (x *extractor) perClass(ctx context.Context) {
	var g errgroup.Group
	g.SetLimit(x.opts.Concurrency)
	cs := make([]*ClassInfo, 0, len(x.classes))
	for _, c := range x.classes {
		if c.Count != 0 {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b *ClassInfo) int { return cmp.Compare(a.IRI, b.IRI) })
	for _, c := range cs {
		g.Go(func() error {
			r := x.run(ctx, "instances of <"+c.IRI+">", x.tmpl.instances.text(map[string]string{"C": c.IRI}, "", nil, 0))
			if r == nil {
				return nil
			}
			seen := map[string]int{}
			for _, row := range r.Rows {
				e := sparql.TermValue(row["e"])
				if e == "" {
					continue
				}
				l := sparql.TermValue(row["l"])
				if i, ok := seen[e]; ok {
					if l != "" && (c.Samples[i].Label == "" || l < c.Samples[i].Label) {
						c.Samples[i].Label = l
					}
					continue
				}
				seen[e] = len(c.Samples)
				c.Samples = append(c.Samples, Entity{IRI: e, Label: l})
			}
			slices.SortFunc(c.Samples, func(a, b Entity) int { return cmp.Compare(a.IRI, b.IRI) })
			return nil
		})
	}
	_ = g.Wait()
}

// summary assembles the Summary.
func (x *extractor) summary() *Summary {
	s := &Summary{GraphID: x.id, Version: SummaryVersion, Triples: x.triples, FromVoID: x.fromVoID}
	for _, c := range x.classes {
		if a := x.labels[c.IRI]; a != nil {
			c.Label, c.Comment = pick(a.label), pick(a.comment)
		}
		slices.Sort(c.SuperClasses)
		s.Classes = append(s.Classes, *c)
	}
	for _, p := range x.props {
		if a := x.labels[p.IRI]; a != nil {
			p.Label, p.Comment = pick(a.label), pick(a.comment)
		}
		slices.Sort(p.Domains)
		slices.Sort(p.Ranges)
		slices.Sort(p.SuperProperties)
		s.Properties = append(s.Properties, *p)
	}
	slices.SortFunc(s.Classes, func(a, b ClassInfo) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.IRI, b.IRI))
	})
	slices.SortFunc(s.Properties, func(a, b PropertyInfo) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.IRI, b.IRI))
	})
	s.Namespaces = namespaces(s)
	s.Partial = x.partial
	s.Notes = slices.Clone(x.notes)
	slices.Sort(s.Notes)
	return s
}

// namespaces counts the namespaces of the classes and properties of s and
// gives each a prefix: the well-known one, "" for the most used other
// namespace, else ns1, ns2… in order of use.
func namespaces(s *Summary) []Namespace {
	count := map[string]int{}
	for _, c := range s.Classes {
		count[SplitIRI(c.IRI).Namespace]++
	}
	for _, p := range s.Properties {
		count[SplitIRI(p.IRI).Namespace]++
	}
	delete(count, "")
	var out []Namespace
	for ns, n := range count {
		out = append(out, Namespace{IRI: ns, Terms: n})
	}
	slices.SortFunc(out, func(a, b Namespace) int {
		return cmp.Or(cmp.Compare(b.Terms, a.Terms), cmp.Compare(a.IRI, b.IRI))
	})
	used := map[string]bool{}
	for i := range out {
		if p, ok := wellKnownPrefixes[out[i].IRI]; ok && !used[p] {
			out[i].Prefix, used[p] = p, true
		}
	}
	next := 1
	for i := range out {
		if _, ok := wellKnownPrefixes[out[i].IRI]; ok && out[i].Prefix != "" {
			continue
		}
		if !used[""] {
			out[i].Prefix, used[""] = "", true
			continue
		}
		for used[fmt.Sprintf("ns%d", next)] {
			next++
		}
		out[i].Prefix = fmt.Sprintf("ns%d", next)
		used[out[i].Prefix] = true
	}
	return out
}
