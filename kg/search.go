package kg

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// HitKind says what kind of value a [Hit] links to.
type HitKind string

// The kinds of hits.
const (
	// HitLiteral is a string literal of a data property: the question
	// mentions a value that a FILTER or a triple pattern can compare with.
	HitLiteral HitKind = "literal"
	// HitLabel is a label of an entity (rdfs:label, skos:prefLabel,
	// schema:name…): the question mentions the entity, Subjects holds it.
	HitLabel HitKind = "label"
)

// Hit is one value linked from a text: a (property, value) pair of the
// graph with a few of the subjects that carry it.
type Hit struct {
	// Value is the lexical form of the literal.
	Value string `json:"value"`
	// Lang is its language tag, empty for plain and xsd:string literals.
	Lang string `json:"lang,omitempty"`
	// Property is the IRI of the predicate that has the value as object.
	// Full-text adapters that cannot tell leave it empty.
	Property string `json:"property,omitempty"`
	// Subjects are sample subjects with this value (IRIs, or blank-node
	// labels written "_:b…"), in IRI order.
	Subjects []string `json:"subjects,omitempty"`
	// Count is the number of subjects with this (property, value); 0 when
	// the source cannot tell.
	Count int `json:"count,omitempty"`
	// Score is the linking score: higher is better; comparable only
	// within one search.
	Score float64 `json:"score"`
	// Kind says whether the value is a label or another literal.
	Kind HitKind `json:"kind"`
}

// DefaultLabelProperties are the predicates whose values [BuildIndex] marks
// as labels ([HitLabel]) unless [IndexLabelProperties] says otherwise.
var DefaultLabelProperties = []string{
	"http://www.w3.org/2000/01/rdf-schema#label",
	"http://www.w3.org/2004/02/skos/core#prefLabel",
	"http://www.w3.org/2004/02/skos/core#altLabel",
	"http://www.w3.org/2004/02/skos/core#hiddenLabel",
	"http://schema.org/name",
	"https://schema.org/name",
	"http://schema.org/alternateName",
	"https://schema.org/alternateName",
	"http://xmlns.com/foaf/0.1/name",
	"http://purl.org/dc/elements/1.1/title",
	"http://purl.org/dc/terms/title",
}

// IndexOption configures [BuildIndex].
type IndexOption func(*indexConfig)

type indexConfig struct {
	maxValueLen int
	maxValues   int
	pageSize    int
	labelProps  []string
	logger      *slog.Logger
}

// IndexMaxValueLength sets the longest literal, in characters, that is
// indexed (default 256). Longer literals are descriptions rather than
// names that a question would mention.
func IndexMaxValueLength(n int) IndexOption { return func(c *indexConfig) { c.maxValueLen = n } }

// IndexMaxValues caps the number of distinct (property, value) pairs read
// (default 2,000,000); an index that hit the cap says so in Truncated.
func IndexMaxValues(n int) IndexOption { return func(c *indexConfig) { c.maxValues = n } }

// IndexPageSize makes BuildIndex read the values in pages of n rows
// (ORDER BY, LIMIT, OFFSET), for endpoints that cap result sizes. The
// default 0 reads them with one query capped at the maximum number of
// values, which is faster on the embedded store.
func IndexPageSize(n int) IndexOption { return func(c *indexConfig) { c.pageSize = n } }

// IndexLabelProperties sets the predicates whose values are labels
// (default [DefaultLabelProperties]).
func IndexLabelProperties(iris ...string) IndexOption {
	return func(c *indexConfig) { c.labelProps = append([]string(nil), iris...) }
}

// IndexLogger sets the logger for build events (default: discard).
func IndexLogger(l *slog.Logger) IndexOption { return func(c *indexConfig) { c.logger = l } }

// Index is an in-process keyword index over the string literals and labels
// of a graph, for linking the words of a question to the values and
// entities they name. It is built with [BuildIndex] through SPARQL only, so
// any [Endpoint] can be indexed; it is immutable afterwards and safe for
// concurrent Search.
//
// Scoring is written here (no full-text library is available to the
// module): BM25 over the words of each value with the question as the
// query, multiplied by the value's coverage (the share of its IDF mass
// that the question contains), a bonus when the value's words occur in the
// question as a phrase or as a quoted string, and fuzzy word matching by
// character trigrams, a plural rule and abbreviation prefixes.
type Index struct {
	docs  []ixDoc
	props []string // property IRIs by id

	vocab  map[string]int32 // word → id
	words  []string         // id → word
	df     []int32          // id → number of documents with the word
	idf    []float64
	post   [][]int32          // id → documents (ascending)
	trigr  map[uint64][]int32 // padded trigram → word ids
	wtri   []int16            // id → number of padded trigrams
	wflag  []uint8            // id → ixAbbrev | ixCode
	stems  map[string][]int32 // light stem → word ids (words of 4+ letters)
	avgLen float64

	truncated bool
	built     time.Duration
}

// Word flags.
const (
	ixAbbrev uint8 = 1 << iota // the word is followed by '.' in some value ("Comp. Sci.")
	ixCode                     // some value is this word alone, in 1–4 capitals ("F", "CA", "PROF")
)

// ixDoc is one distinct (property, value) pair.
type ixDoc struct {
	value    string
	lang     string
	prop     int32
	count    int
	subjects []string
	label    bool
	words    []int32 // word ids in value order
}

// Len returns the number of indexed (property, value) pairs.
func (ix *Index) Len() int {
	if ix == nil {
		return 0
	}
	return len(ix.docs)
}

// Truncated reports whether BuildIndex stopped at the maximum number of
// values, so some values of the graph are not indexed.
func (ix *Index) Truncated() bool { return ix != nil && ix.truncated }

// BuildTime returns how long BuildIndex took.
func (ix *Index) BuildTime() time.Duration {
	if ix == nil {
		return 0
	}
	return ix.built
}

// The query that lists the indexed values: every string literal (simple,
// xsd:string or language-tagged) up to the maximum length, grouped by
// predicate and value, with the number of subjects and the first and last
// subject as samples.
const ixValuesQuery = `PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT ?p ?o (COUNT(?s) AS ?n) (MIN(?s) AS ?s1) (MAX(?s) AS ?s2) WHERE {
  ?s ?p ?o .
  FILTER(isLiteral(?o) && (datatype(?o) = xsd:string || lang(?o) != "") && STRLEN(?o) <= 256)
} GROUP BY ?p ?o`

// The query that lists the schema's own terms: classes and properties,
// declared or described (domain, range, subclass). Their labels ("release
// year" of a releaseYear property) name the schema, not things in the
// data, and are not indexed as values.
const ixSchemaQuery = `PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
SELECT DISTINCT ?s WHERE {
  { ?s a rdf:Property } UNION { ?s a rdfs:Class } UNION { ?s a owl:Class } UNION
  { ?s a owl:ObjectProperty } UNION { ?s a owl:DatatypeProperty } UNION
  { ?s rdfs:domain ?d } UNION { ?s rdfs:range ?r } UNION { ?s rdfs:subClassOf ?c } UNION { ?s rdfs:subPropertyOf ?q }
} LIMIT 100000`

// BuildIndex reads the string literals and labels of ep through SPARQL and
// indexes them: one document per distinct (property, value) pair, with
// its subject count and up to two sample subjects. Empty values are
// skipped. See [IndexOption] for the limits.
func BuildIndex(ctx context.Context, ep Endpoint, opts ...IndexOption) (*Index, error) {
	if ep == nil {
		return nil, fmt.Errorf("kg: build index: no endpoint")
	}
	cfg := indexConfig{maxValueLen: 256, maxValues: 2_000_000, labelProps: DefaultLabelProperties}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.maxValueLen <= 0 {
		cfg.maxValueLen = 256
	}
	if cfg.maxValues <= 0 {
		cfg.maxValues = 2_000_000
	}
	logger := cfg.logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	start := time.Now()
	q, err := sparql.Parse(ixValuesQuery)
	if err != nil {
		return nil, fmt.Errorf("kg: build index: values query: %w", err)
	}
	ixSetMaxLength(q, cfg.maxValueLen)

	labels := make(map[string]bool, len(cfg.labelProps))
	for _, p := range cfg.labelProps {
		labels[p] = true
	}
	b := newIndexBuilder(labels)
	// An endpoint that cannot list them (a timeout, a dialect) keeps
	// every label: the index is still built, as before, and says so.
	if schema, err := ep.Query(ctx, ixSchemaQuery); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("kg: build index: list the schema's terms: %w", err)
		}
		logger.WarnContext(ctx, "kg index: the schema's terms could not be listed; their labels are indexed as values", "err", err)
	} else {
		b.schema = make(map[string]bool, len(schema.Rows))
		for _, row := range schema.Rows {
			if s := ixSubject(row["s"]); s != "" {
				b.schema[s] = true
			}
		}
	}
	truncated := false
	if cfg.pageSize <= 0 {
		limit := int64(cfg.maxValues) + 1
		q.Limit = &limit
		res, err := ep.Query(ctx, sparql.Print(q))
		if err != nil {
			return nil, fmt.Errorf("kg: build index: list string values: %w", err)
		}
		rows := res.Rows
		if len(rows) > cfg.maxValues {
			rows, truncated = rows[:cfg.maxValues], true
		}
		if err := b.addRows(ctx, rows); err != nil {
			return nil, err
		}
	} else {
		q.OrderBy = []*sparql.OrderCondition{{Expr: sparql.NewVar("p")}, {Expr: sparql.NewVar("o")}}
		for offset := 0; ; offset += cfg.pageSize {
			n := min(cfg.pageSize, cfg.maxValues-offset)
			if n <= 0 {
				truncated = true // at the cap; whether more exist is not asked
				break
			}
			limit, off := int64(n), int64(offset)
			q.Limit, q.Offset = &limit, &off
			res, err := ep.Query(ctx, sparql.Print(q))
			if err != nil {
				return nil, fmt.Errorf("kg: build index: list string values (offset %d): %w", offset, err)
			}
			if err := b.addRows(ctx, res.Rows); err != nil {
				return nil, err
			}
			if len(res.Rows) < n {
				break
			}
		}
	}
	ix := b.finish()
	ix.truncated = truncated
	ix.built = time.Since(start)
	logger.InfoContext(ctx, "kg index built", "values", len(ix.docs), "words", len(ix.words), "truncated", truncated, "took", ix.built)
	return ix, nil
}

// ixSetMaxLength replaces the length bound 256 of the values query by n.
func ixSetMaxLength(q *sparql.Query, n int) {
	sparql.Inspect(q, func(node sparql.Node) bool {
		if l, ok := node.(*sparql.Literal); ok && l.Lexical == "256" {
			l.Lexical = fmt.Sprint(n)
		}
		return true
	})
}

// indexBuilder accumulates documents and their words.
type indexBuilder struct {
	ix      *Index
	labels  map[string]bool
	propIDs map[string]int32
	seen    map[ixKey]int
	total   int // sum of document lengths
	// schema are the classes and properties of the graph, whose own
	// literals are not indexed.
	schema map[string]bool
}

type ixKey struct {
	prop        int32
	value, lang string
}

func newIndexBuilder(labels map[string]bool) *indexBuilder {
	return &indexBuilder{
		ix:      &Index{vocab: make(map[string]int32)},
		labels:  labels,
		propIDs: make(map[string]int32),
		seen:    make(map[ixKey]int),
	}
}

// addRows adds rows binding ?p, ?o, and optionally ?n, ?s1, ?s2.
func (b *indexBuilder) addRows(ctx context.Context, rows []sparql.Row) error {
	for i, row := range rows {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("kg: build index: %w", err)
			}
		}
		p, ok := row["p"].(*sparql.IRI)
		if !ok {
			continue
		}
		o, ok := row["o"].(*sparql.Literal)
		if !ok {
			continue
		}
		var subjects []string
		for _, v := range []string{"s1", "s2"} {
			if s := ixSubject(row[v]); s != "" && (len(subjects) == 0 || subjects[0] != s) {
				subjects = append(subjects, s)
			}
		}
		n := 0
		if l, ok := row["n"].(*sparql.Literal); ok {
			fmt.Sscan(l.Lexical, &n)
		}
		if n == 0 {
			n = len(subjects)
		}
		// Said of classes and properties, a value names the schema:
		// those subjects are left out, and the value with them when
		// they were all it had.
		if kept := slices.DeleteFunc(slices.Clone(subjects), func(s string) bool { return b.schema[s] }); len(kept) < len(subjects) {
			n -= len(subjects) - len(kept)
			if n <= 0 || len(kept) == 0 && n <= len(subjects) {
				continue
			}
			subjects = kept
		}
		b.add(p.Value, o.Lexical, o.Lang, n, subjects)
	}
	return nil
}

// ixSubject returns an IRI or "_:label" for a subject term, else "".
func ixSubject(t sparql.Term) string {
	switch t := t.(type) {
	case *sparql.IRI:
		return t.Value
	case *sparql.BlankNode:
		return "_:" + t.Label
	}
	return ""
}

// add adds (or merges) the document (prop, value@lang).
func (b *indexBuilder) add(prop, value, lang string, count int, subjects []string) {
	toks := tokenizeText(value)
	if len(toks) == 0 {
		return
	}
	pid, ok := b.propIDs[prop]
	if !ok {
		pid = int32(len(b.ix.props))
		b.propIDs[prop] = pid
		b.ix.props = append(b.ix.props, prop)
	}
	key := ixKey{pid, value, lang}
	if i, ok := b.seen[key]; ok { // the same pair from two pages or endpoints
		d := &b.ix.docs[i]
		d.count += count
		d.subjects = ixMergeSamples(d.subjects, subjects)
		return
	}
	ix := b.ix
	doc := ixDoc{value: value, lang: lang, prop: pid, count: count, label: b.labels[prop]}
	sort.Strings(subjects)
	doc.subjects = subjects
	id := int32(len(ix.docs))
	doc.words = make([]int32, len(toks))
	for i, t := range toks {
		w, ok := ix.vocab[t.text]
		if !ok {
			w = int32(len(ix.words))
			ix.vocab[t.text] = w
			ix.words = append(ix.words, t.text)
			ix.df = append(ix.df, 0)
			ix.post = append(ix.post, nil)
			ix.wflag = append(ix.wflag, 0)
		}
		if t.end < len(value) && value[t.end] == '.' {
			ix.wflag[w] |= ixAbbrev
		}
		doc.words[i] = w
		if p := ix.post[w]; len(p) == 0 || p[len(p)-1] != id {
			ix.post[w] = append(p, id)
			ix.df[w]++
		}
	}
	if len(toks) == 1 && ixIsCode(value) {
		ix.wflag[doc.words[0]] |= ixCode
	}
	b.total += len(toks)
	b.seen[key] = len(ix.docs)
	ix.docs = append(ix.docs, doc)
}

// ixMergeSamples merges two sorted sample lists, keeping the first and the
// last subject.
func ixMergeSamples(a, b []string) []string {
	all := append(append([]string(nil), a...), b...)
	if len(all) == 0 {
		return nil
	}
	sort.Strings(all)
	if all[0] == all[len(all)-1] {
		return all[:1]
	}
	return []string{all[0], all[len(all)-1]}
}

// finish computes IDF, average length and the trigram index of the words.
func (b *indexBuilder) finish() *Index {
	ix := b.ix
	n := float64(len(ix.docs))
	if len(ix.docs) > 0 {
		ix.avgLen = float64(b.total) / n
	}
	ix.idf = make([]float64, len(ix.words))
	ix.wtri = make([]int16, len(ix.words))
	ix.trigr = make(map[uint64][]int32)
	ix.stems = make(map[string][]int32)
	for w, word := range ix.words {
		df := float64(ix.df[w])
		ix.idf[w] = math.Log(1 + (n-df+0.5)/(df+0.5))
		if ixIsNumeric(word) || utf8.RuneCountInString(word) < 3 {
			continue
		}
		if st := ixStem(word); st != "" {
			ix.stems[st] = append(ix.stems[st], int32(w))
		}
		tris := ixTrigrams(word)
		ix.wtri[w] = int16(len(tris))
		for _, t := range tris {
			ix.trigr[t] = append(ix.trigr[t], int32(w))
		}
	}
	return ix
}

// ixIsCode reports whether v is 1–4 ASCII capital letters.
func ixIsCode(v string) bool {
	if len(v) == 0 || len(v) > 4 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 'A' || v[i] > 'Z' {
			return false
		}
	}
	return true
}

// ixIsNumeric reports whether w is digits only.
func ixIsNumeric(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// ixTrigrams returns the distinct trigrams of " w " (padded at both ends),
// each packed into a uint64 (21 bits per rune).
func ixTrigrams(w string) []uint64 {
	rs := make([]rune, 0, len(w)+2)
	rs = append(rs, ' ')
	rs = append(rs, []rune(w)...)
	rs = append(rs, ' ')
	out := make([]uint64, 0, len(rs)-2)
	for i := 0; i+2 < len(rs); i++ {
		t := uint64(rs[i])<<42 | uint64(rs[i+1])<<21 | uint64(rs[i+2])
		dup := false
		for _, u := range out {
			if u == t {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// Scoring parameters, tuned on the Spider4SPARQL train split (see
// benchmarks/linking).
const (
	ixK1           = 1.2     // BM25 term saturation
	ixB            = 0.75    // BM25 length normalisation
	ixCoverPow     = 2.0     // exponent of the coverage factor
	ixPhraseBonus  = 0.5     // multiplier bonus: the value's words form a phrase of the question
	ixQuoteBonus   = 1.0     // multiplier bonus: the value is a quoted string of the question
	ixCaseBonus    = 0.1     // multiplier bonus: the value occurs verbatim (same case)
	ixProperBonus  = 0.5     // multiplier bonus: the question capitalises the words that match (a name)
	ixStopWeight   = 0.2     // weight of a stopword inside a value
	ixFuzzyFactor  = 0.8     // strength of a trigram match, times its Dice similarity
	ixFuzzyMinDice = 0.6     // least Dice similarity of a trigram match
	ixPrefixMatch  = 0.6     // strength of an abbreviation (value word is a prefix of the question word)
	ixPluralMatch  = 0.9     // strength of a singular/plural match
	ixStemMatch    = 0.7     // strength of a match of light stems ("failure" for "Fail")
	ixEditMatch    = 0.6     // strength of a match at edit distance 1 ("Rylan" for "Ryan")
	ixAcronymMatch = 0.5     // strength of a capitals code matching initials ("UK" for "United Kingdom")
	ixCodeMatch    = 0.25    // strength of a capitals code matching a word's first letters ("CA" for "California")
	ixMaxJoin      = 3       // question words joined to match a value word ("north carolina" → "northcarolina")
	ixMaxQueryLen  = 4096    // bytes of the query text that are read
	ixMaxPostings  = 200_000 // a word in more values than this selects no candidates (it still scores)
)

// ixMatch is how a value word is matched by the question: strength in
// (0, 1] and the question word spans [from, to) it matches.
type ixMatch struct {
	strength float64
	exact    bool
	caps     bool // matched by a word written in capitals ("AS", "A") that is not the first
	proper   bool // matched by a capitalised word that is not the first ("Chicago")
	spans    [][2]int
}

// Search links the words of a text (a question) to indexed values and
// returns the k best hits, best first. Ties are broken by property, then
// value, then language. An empty or stopword-only text gives no hits;
// numbers alone link only values that are numbers. Only the first 4 KiB
// of the text are read.
func (ix *Index) Search(text string, k int) []Hit {
	if ix == nil || k <= 0 || len(ix.docs) == 0 {
		return nil
	}
	if len(text) > ixMaxQueryLen {
		text = strings.ToValidUTF8(text[:ixMaxQueryLen], "")
	}
	qt := tokenizeText(text)
	if len(qt) == 0 {
		return nil
	}
	matches := ix.matchWords(qt)
	if len(matches) == 0 {
		return nil
	}
	quoted := ixQuotedPhrases(text)

	// Candidates: documents with a matched word that is not a stopword.
	cand := make(map[int32]struct{})
	for w, m := range matches {
		if (isStopword(ix.words[w]) && !m.caps) || len(ix.post[w]) > ixMaxPostings {
			continue
		}
		if ixIsNumeric(ix.words[w]) && !m.exact {
			continue
		}
		for _, d := range ix.post[w] {
			cand[d] = struct{}{}
		}
	}
	type scored struct {
		doc   int32
		score float64
	}
	res := make([]scored, 0, len(cand))
	lower := strings.ToLower(text)
	for d := range cand {
		if s := ix.scoreDoc(&ix.docs[d], matches, qt, quoted, text, lower); s > 0 {
			res = append(res, scored{d, s})
		}
	}
	sort.Slice(res, func(i, j int) bool {
		a, b := res[i], res[j]
		if a.score != b.score {
			return a.score > b.score
		}
		da, db := &ix.docs[a.doc], &ix.docs[b.doc]
		if pa, pb := ix.props[da.prop], ix.props[db.prop]; pa != pb {
			return pa < pb
		}
		if da.value != db.value {
			return da.value < db.value
		}
		return da.lang < db.lang
	})
	if len(res) > k {
		res = res[:k]
	}
	hits := make([]Hit, len(res))
	for i, r := range res {
		d := &ix.docs[r.doc]
		kind := HitLiteral
		if d.label {
			kind = HitLabel
		}
		hits[i] = Hit{
			Value:    d.value,
			Lang:     d.lang,
			Property: ix.props[d.prop],
			Subjects: append([]string(nil), d.subjects...),
			Count:    d.count,
			Score:    r.score,
			Kind:     kind,
		}
	}
	return hits
}

// matchWords finds the index words the question words match, each with a
// strength: exactly (also a run of up to ixMaxJoin question words written
// as one word), as a code in capitals (initials of consecutive words, or
// first letters of one word), by singular/plural, by light stem, as an
// abbreviation (a value word followed by '.' that is a prefix of the
// question word), by trigram similarity and at edit distance 1. Numbers
// and stopwords match exactly only; single letters only when written as
// capitals inside the sentence.
func (ix *Index) matchWords(qt []textToken) map[int32]*ixMatch {
	matches := make(map[int32]*ixMatch)
	put := func(w int32, strength float64, exact, caps bool, from, to int) {
		m := matches[w]
		if m == nil {
			m = &ixMatch{}
			matches[w] = m
		}
		if strength > m.strength {
			m.strength = strength
		}
		m.exact = m.exact || exact
		m.caps = m.caps || caps
		m.proper = m.proper || (from > 0 && qt[from].upper)
		m.spans = append(m.spans, [2]int{from, to})
	}
	for i, t := range qt {
		n := utf8.RuneCountInString(t.text)
		// A word in capitals, or a stopword capitalised inside the
		// sentence ("AS", "May"), may be a name; so may a word in
		// capitals searched alone (the mention "AS" of "the division
		// AS").
		caps := (t.caps || (t.upper && isStopword(t.text))) && i > 0 || t.caps && len(qt) == 1
		// A single letter names something only when it is a capital
		// inside the sentence ("grade A"), not an article or "I".
		if n == 1 && !t.numeric && !caps {
			continue
		}
		if w, ok := ix.vocab[t.text]; ok {
			put(w, 1, true, caps, i, i+1)
		}
		joined := t.text
		for j := i + 1; j < len(qt) && j < i+ixMaxJoin; j++ {
			joined += qt[j].text
			if w, ok := ix.vocab[joined]; ok {
				put(w, 1, true, false, i, j+1)
			}
		}
		if t.numeric || isStopword(t.text) {
			continue
		}
		rs := []rune(t.text)
		// Acronyms: "UK" for "United Kingdom".
		initials := string(rs[0])
		for j := i + 1; j < len(qt) && j < i+3; j++ {
			if qt[j].numeric || isStopword(qt[j].text) {
				break
			}
			r, _ := utf8.DecodeRuneInString(qt[j].text)
			initials += string(r)
			if w, ok := ix.vocab[initials]; ok && ix.wflag[w]&ixCode != 0 {
				put(w, ixAcronymMatch, false, false, i, j+1)
			}
		}
		// Codes: "CA" for "California", "F" for "female"; not one letter
		// for a name ("M" for "Mergenthaler").
		for l := 1; l <= 4 && l < n-1; l++ {
			if l == 1 && t.upper && i > 0 {
				continue
			}
			if w, ok := ix.vocab[string(rs[:l])]; ok && ix.wflag[w]&ixCode != 0 && !isStopword(ix.words[w]) {
				put(w, ixCodeMatch, false, false, i, i+1)
			}
		}
		// Singular and plural.
		for _, v := range ixPluralVariants(t.text) {
			if w, ok := ix.vocab[v]; ok {
				put(w, ixPluralMatch, false, false, i, i+1)
			}
		}
		// Inflections and derivations: "Fail" for "failure".
		if st := ixStem(t.text); st != "" {
			for _, w := range ix.stems[st] {
				if ix.words[w] != t.text {
					put(w, ixStemMatch, false, false, i, i+1)
				}
			}
		}
		// Abbreviations: "Info." for "information".
		for l := 2; l <= n-2; l++ {
			if w, ok := ix.vocab[string(rs[:l])]; ok && ix.wflag[w]&ixAbbrev != 0 && !isStopword(ix.words[w]) {
				put(w, ixPrefixMatch, false, false, i, i+1)
			}
		}
		// Typos and inflections by trigram similarity.
		if n < 4 {
			continue
		}
		tris := ixTrigrams(t.text)
		shared := make(map[int32]int)
		for _, tr := range tris {
			for _, w := range ix.trigr[tr] {
				shared[w]++
			}
		}
		for w, c := range shared {
			dice := 2 * float64(c) / float64(len(tris)+int(ix.wtri[w]))
			switch {
			case ix.words[w] == t.text:
			case dice >= ixFuzzyMinDice:
				put(w, ixFuzzyFactor*dice, false, false, i, i+1)
			case ixEditMatch > 0 && len(ix.words[w]) >= len(t.text)-2 && len(ix.words[w]) <= len(t.text)+2 && ixEditDistance1(rs, ix.words[w]):
				put(w, ixEditMatch, false, false, i, i+1)
			}
		}
	}
	return matches
}

// ixStem returns a light English stem of w: one common suffix removed
// ("failure" → "fail", "approved" → "approv", "approval" → "approv",
// "shopping" → "shop"), or "" when the stem would be shorter than four
// letters or w is not all letters.
func ixStem(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return ""
		}
	}
	for _, suf := range [...]string{"ations", "ation", "ments", "ment", "ness", "ings", "ing", "edly", "ed", "ers", "er",
		"ures", "ure", "als", "al", "ful", "ly", "ies", "es", "s", "e", "y"} {
		if !strings.HasSuffix(w, suf) || (suf == "s" && strings.HasSuffix(w, "ss")) {
			continue
		}
		st := w[:len(w)-len(suf)]
		if suf == "ies" {
			st += "y"
		}
		if n := len(st); n >= 2 && st[n-1] == st[n-2] && (suf == "ing" || suf == "ed" || suf == "er" || suf == "ers") {
			st = st[:n-1] // "shopping" → "shop"
		}
		if len(st) < 4 {
			return ""
		}
		return st
	}
	if len(w) < 4 {
		return ""
	}
	return w
}

// ixEditDistance1 reports whether q (at least four letters) and w differ
// by one substitution, insertion, deletion or swap of adjacent letters.
func ixEditDistance1(q []rune, w string) bool {
	v := []rune(w)
	if len(q) < 4 || len(v) < 4 {
		return false
	}
	switch len(q) - len(v) {
	case 0:
		diff := -1
		for i := range q {
			if q[i] == v[i] {
				continue
			}
			if diff >= 0 {
				// a swap of adjacent letters
				return diff == i-1 && q[diff] == v[i] && q[i] == v[diff] && string(q[i+1:]) == string(v[i+1:])
			}
			diff = i
		}
		return diff >= 0
	case 1, -1:
		long, short := q, v
		if len(v) > len(q) {
			long, short = v, q
		}
		i := 0
		for i < len(short) && long[i] == short[i] {
			i++
		}
		return string(long[i+1:]) == string(short[i:])
	}
	return false
}

// ixPluralVariants returns the singular and plural forms of w that an
// English rule gives: "cities" ↔ "city", "boxes" ↔ "box", "cars" ↔ "car".
func ixPluralVariants(w string) []string {
	var out []string
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "es") && len(w) > 3 && ixSibilantEnd(w[:len(w)-2]):
		out = append(out, w[:len(w)-2], w[:len(w)-1])
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		out = append(out, w[:len(w)-1])
	default:
		if strings.HasSuffix(w, "y") && len(w) > 2 {
			out = append(out, w[:len(w)-1]+"ies")
		}
		out = append(out, w+"s", w+"es")
	}
	return out
}

// ixSibilantEnd reports whether a stem takes "-es" in the plural ("box",
// "church", "bus", "hero").
func ixSibilantEnd(st string) bool {
	for _, e := range [...]string{"s", "x", "z", "ch", "sh", "o"} {
		if strings.HasSuffix(st, e) {
			return true
		}
	}
	return false
}

// ixQuotedPhrases returns the folded words of each quoted part of the
// text ('…', "…", ‘…’, “…”), joined by single spaces.
func ixQuotedPhrases(text string) []string {
	var out []string
	pairs := [][2]string{{"'", "'"}, {`"`, `"`}, {"‘", "’"}, {"“", "”"}}
	for _, p := range pairs {
		rest := text
		for {
			i := strings.Index(rest, p[0])
			if i < 0 {
				break
			}
			// An apostrophe inside a word (don't, O'Brien) opens nothing.
			if p[0] == "'" && i > 0 && ixWordByte(rest[i-1]) {
				rest = rest[i+1:]
				continue
			}
			rest = rest[i+len(p[0]):]
			j := strings.Index(rest, p[1])
			if j < 0 {
				break
			}
			if words := tokenizeText(rest[:j]); len(words) > 0 {
				s := make([]string, len(words))
				for k, w := range words {
					s[k] = w.text
				}
				out = append(out, strings.Join(s, " "))
			}
			rest = rest[j+len(p[1]):]
		}
	}
	return out
}

func ixWordByte(c byte) bool {
	return c >= 0x80 || c == '_' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

// scoreDoc scores one candidate document; 0 means no link.
func (ix *Index) scoreDoc(d *ixDoc, matches map[int32]*ixMatch, qt []textToken, quoted []string, text, lower string) float64 {
	var num, den, bm float64
	content, numericOnly, allNumeric, proper := false, true, true, true
	dl := float64(len(d.words))
	norm := ixK1 * (1 - ixB + ixB*dl/ix.avgLen)
	for _, w := range d.words {
		word := ix.words[w]
		weight := ix.idf[w]
		m := matches[w]
		stop := isStopword(word) && (m == nil || !m.caps)
		if stop {
			weight *= ixStopWeight
		}
		numeric := ixIsNumeric(word)
		if !numeric {
			allNumeric = false
		}
		den += weight
		if m == nil {
			continue
		}
		num += weight * m.strength
		bm += weight * m.strength * (ixK1 + 1) / (1 + norm)
		if !stop {
			content = true
			if !numeric {
				numericOnly = false
			}
			proper = proper && m.proper
		}
	}
	if !content || den == 0 {
		return 0
	}
	if numericOnly && !allNumeric {
		return 0 // numbers alone link only values that are numbers
	}
	cov := num / den
	score := bm * math.Pow(cov, ixCoverPow)
	bonus := 1.0
	if proper && !numericOnly {
		bonus += ixProperBonus
	}
	if strength, ok := ix.phrase(d.words, matches); ok {
		bonus += ixPhraseBonus * strength
	}
	if len(quoted) > 0 {
		joined := ix.joinWords(d.words)
		for _, q := range quoted {
			if q == joined {
				bonus += ixQuoteBonus
				break
			}
		}
	}
	if strings.Contains(text, d.value) {
		bonus += ixCaseBonus
	} else if !strings.Contains(lower, strings.ToLower(d.value)) {
		bonus -= ixCaseBonus / 2
	}
	return score * bonus
}

// joinWords returns the document's words joined by single spaces.
func (ix *Index) joinWords(ws []int32) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(ix.words[w])
	}
	return b.String()
}

// phrase reports whether the document's words are matched by consecutive
// question words, in order, and the weakest match strength on the way.
func (ix *Index) phrase(ws []int32, matches map[int32]*ixMatch) (float64, bool) {
	// ends holds the question positions where a chain over ws[:i] can end,
	// with the chain's weakest strength.
	ends := map[int]float64{}
	for i, w := range ws {
		m := matches[w]
		if m == nil {
			return 0, false
		}
		next := map[int]float64{}
		for _, sp := range m.spans {
			if i == 0 {
				next[sp[1]] = max(next[sp[1]], m.strength)
				continue
			}
			if s, ok := ends[sp[0]]; ok {
				next[sp[1]] = max(next[sp[1]], min(s, m.strength))
			}
		}
		if len(next) == 0 {
			return 0, false
		}
		ends = next
	}
	best := 0.0
	for _, s := range ends {
		best = max(best, s)
	}
	return best, len(ends) > 0
}
