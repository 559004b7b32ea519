package verifier

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// The commitment kinds that are not cue kinds.
const (
	// KindMention is a named entity or value of the question.
	KindMention = "mention"
	// KindEcho is the rule that an answer must not merely repeat a
	// constant of the question.
	KindEcho = "echo"
	// KindConstant is a constant of the query that the question does not
	// name (a condition the query adds of its own).
	KindConstant = "constant"
)

// mentionKinds are the mention kinds a query must realise: what the
// question names explicitly. Linked values (MentionValue) are how a
// mention may be realised, not mentions of their own; keywords are only
// search terms.
var mentionKinds = []handoff.MentionKind{handoff.MentionQuoted, handoff.MentionName, handoff.MentionNumber, handoff.MentionDate}

// Coverage returns what the question commits the answer to (sg's
// mentions, its cues and its expected output) and whether q, with its
// answer res (nil when it did not run), realises each:
//
//   - every named entity or value (quoted, capitalised, a number or a
//     date) appears as a constant of the query, or a value that value
//     linking found for it does;
//   - every superlative is realised by ORDER BY with LIMIT, or MIN/MAX,
//     on an attribute the cue can mean and in its direction; every
//     comparative by a comparison in its direction, and so is every
//     comparison with another subgoal's answer ("more than the
//     average salary");
//   - negation by NOT EXISTS, MINUS, NOT IN, != or !; grouping cues by
//     GROUP BY; "or"/"either" by UNION, || or IN, and "both" by not
//     joining the values with a disjunction;
//   - the requested answer by the projection: a count or number for "how
//     many/much", a date or year for "when", not a bare number for
//     "who", the attribute the question names, the aggregate it asks
//     for; the things themselves or several columns for "all the
//     information about";
//   - a value the question puts on a named attribute is compared with
//     that attribute, not with another column of the same things while
//     the schema has one the attribute names whole;
//   - the answer is not an echo of a constant of the question (except for
//     yes/no questions).
//
// The result is empty when sg is nil. Coverage does not run anything.
func Coverage(q *sparql.Query, res *sparql.Results, sg *handoff.Subgoal, slice *handoff.Slice) []handoff.Commitment {
	if sg == nil || q == nil {
		return nil
	}
	return cover(q, res, sg, slice).out
}

// cover runs every check of [Coverage] on one coverer, which the verifier
// keeps for the evidence it reads from the same analysis of the query.
func cover(q *sparql.Query, res *sparql.Results, sg *handoff.Subgoal, slice *handoff.Slice) *coverer {
	c := newCoverer(q, res, sg, slice)
	c.mentions()
	for _, cue := range sg.Requirements.Cues {
		switch cue.Kind {
		case handoff.CueAnswer:
			c.answer(cue)
		case handoff.CueSuperlative:
			c.superlative(cue)
		case handoff.CueComparative:
			c.comparative(cue)
		case handoff.CueNegation:
			c.add(string(cue.Kind), cue.Text, c.negated, "the query excludes nothing (no NOT EXISTS, MINUS, NOT IN, != or !)", "realised by an exclusion")
		case handoff.CueGrouping:
			// "the rates of each candidate" with nothing aggregated: each
			// row is one of them already.
			perThing := !c.grouped && !c.hasAggregate() && c.typed(cue.Term)
			met := "realised by GROUP BY"
			if perThing {
				met = "one row per thing, nothing aggregated"
			}
			// "the average pages per minute color": a rate the column
			// is named by (pages_per_minute_color), not a grouping.
			rate := !c.grouped && cue.Text == "per" && c.rateColumn(cue.Term)
			if rate {
				met = "a column of a rate per " + cue.Term
			}
			c.add(string(cue.Kind), cue.Text, c.grouped || perThing || rate, "the query has no GROUP BY", met)
		case handoff.CueSet:
			c.set(cue)
		}
	}
	if !slices.ContainsFunc(sg.Requirements.Cues, func(x handoff.Cue) bool { return x.Kind == handoff.CueAnswer }) {
		// A command ("Show …", "List …") asks without a wh-word: the
		// output still says what it wants.
		c.answer(handoff.Cue{Kind: handoff.CueAnswer})
	}
	c.uncued()
	c.nested()
	c.ungrouped()
	c.filtered()
	c.foreign()
	c.echo()
	return c
}

// coverer holds what Coverage found out about the query.
type coverer struct {
	q     *sparql.Query
	res   *sparql.Results
	sg    *handoff.Subgoal
	slice *handoff.Slice
	out   []handoff.Commitment

	triples  []sparql.Triple     // the query's triple patterns, expanded once
	consts   []string            // constants of the query, lower-cased
	preds    map[string][]string // variable → predicates binding it as object
	types    map[string][]string // variable → the classes rdf:type patterns give it, in order
	sites    []site              // comparisons with constants (see comparisons), once asked
	sitesOK  bool
	aggs     map[string][]string // variable → aggregate names of its expression
	over     map[string][]string // variable → the variables its expression reads
	aggNames []string            // every aggregate of the query
	orders   []order             // ORDER BY keys of queries with a LIMIT
	cmps     []comparison        // comparisons <, <=, >, >= (FILTER, HAVING)
	negated  bool
	grouped  bool
	disjunct bool // UNION, || or IN
}

// order is one ORDER BY key of a query that has a LIMIT.
type order struct {
	desc  bool
	vars  []string // the variables of the key
	aggs  []string // the aggregates of the key (direct or through a projection)
	limit int64
}

// comparison is one <, <=, >, >= comparison, oriented so that the
// variable side is on the left.
type comparison struct {
	op     sparql.BinaryOp
	vars   []string
	aggs   []string // the aggregates of the variable side (HAVING)
	hasVar bool     // the other side is a variable or a sub-select's value
}

func newCoverer(q *sparql.Query, res *sparql.Results, sg *handoff.Subgoal, slice *handoff.Slice) *coverer {
	triples := sparql.Triples(q)
	c := &coverer{q: q, res: res, sg: sg, slice: slice, consts: constants(q),
		preds: map[string][]string{}, types: map[string][]string{}, aggs: map[string][]string{}, over: map[string][]string{}, negated: hasNegation(q, triples), triples: triples}
	for _, t := range c.triples {
		p, pok := t.Predicate.(*sparql.IRI)
		s, sok := t.Subject.(*sparql.Var)
		if cl, ok := t.Object.(*sparql.IRI); ok && pok && sok && p.Value == sparql.RDFType {
			c.types[s.Name] = append(c.types[s.Name], cl.Value)
		}
		if v, ok := t.Object.(*sparql.Var); ok {
			if p, ok := t.Predicate.(*sparql.IRI); ok && p.Value != sparql.RDFType && !slices.Contains(c.preds[v.Name], p.Value) {
				c.preds[v.Name] = append(c.preds[v.Name], p.Value)
			}
		}
	}
	sparql.Inspect(q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.Query:
			c.query(n)
		case *sparql.UnionPattern:
			c.disjunct = true
		case *sparql.InExpr:
			c.disjunct = c.disjunct || !n.Not && len(n.List) > 1
		case *sparql.BinaryExpr:
			c.disjunct = c.disjunct || n.Op == sparql.OpOr
			if cm, ok := orient(n); ok {
				c.cmps = append(c.cmps, cm)
			}
		case *sparql.Aggregate:
			c.aggNames = append(c.aggNames, n.Name)
		}
		return true
	})
	return c
}

// query notes what one (sub-)query does: aggregates in its projection,
// grouping, ordering with a limit.
func (c *coverer) query(q *sparql.Query) {
	if len(q.GroupBy) > 0 {
		c.grouped = true
	}
	for _, p := range q.Projections {
		if p != nil && p.Var != nil && p.Expr != nil {
			c.aggs[p.Var.Name] = aggregatesOf(p.Expr)
			c.over[p.Var.Name] = sparql.ExprVars(p.Expr)
		}
	}
	if q.Limit == nil {
		return
	}
	for _, o := range q.OrderBy {
		if o == nil {
			continue
		}
		k := order{desc: o.Desc, vars: sparql.ExprVars(o.Expr), aggs: aggregatesOf(o.Expr), limit: *q.Limit}
		for _, v := range k.vars {
			k.aggs = append(k.aggs, c.aggs[v]...)
		}
		c.orders = append(c.orders, k)
	}
}

// aggregatesOf returns the names of the aggregates in e.
func aggregatesOf(e sparql.Expr) []string {
	var out []string
	sparql.Inspect(e, func(n sparql.Node) bool {
		if a, ok := n.(*sparql.Aggregate); ok {
			out = append(out, a.Name)
		}
		return true
	})
	return out
}

// orient returns a comparison <, <=, >, >= with its variable side on the
// left (a constant on the left flips it).
func orient(b *sparql.BinaryExpr) (comparison, bool) {
	switch b.Op {
	case sparql.OpLt, sparql.OpLe, sparql.OpGt, sparql.OpGe:
	default:
		return comparison{}, false
	}
	xv, yv := sparql.ExprVars(b.X), sparql.ExprVars(b.Y)
	xa, ya := len(aggregatesOf(b.X)) > 0, len(aggregatesOf(b.Y)) > 0
	_, ySub := b.Y.(*sparql.ExistsExpr)
	switch {
	case len(xv) > 0 || xa:
		return comparison{op: b.Op, vars: xv, aggs: aggregatesOf(b.X), hasVar: len(yv) > 0 || ya || ySub}, true
	case len(yv) > 0 || ya:
		flip := map[sparql.BinaryOp]sparql.BinaryOp{sparql.OpLt: sparql.OpGt, sparql.OpLe: sparql.OpGe, sparql.OpGt: sparql.OpLt, sparql.OpGe: sparql.OpLe}
		return comparison{op: flip[b.Op], vars: yv, aggs: aggregatesOf(b.Y)}, true
	}
	return comparison{}, false
}

// add appends a commitment met when ok, with the detail of its case.
func (c *coverer) add(kind, cue string, ok bool, missed, met string) {
	d := met
	if !ok {
		d = missed
	}
	c.out = append(c.out, handoff.Commitment{Kind: kind, Cue: cue, Met: ok, Detail: d})
}

// mentions checks that every named entity or value is a constant of the
// query, or that a value linked to it is.
func (c *coverer) mentions() {
	subgoalValues := map[string]bool{}
	for _, f := range c.sg.Requirements.Filters {
		if f.ValueKind == subgoalValue {
			subgoalValues[f.Value] = true
		}
		if existence(f.Op, f.Value) {
			subgoalValues[f.Value] = true
		}
	}
	seen := map[string]bool{}
	for _, m := range c.sg.Mentions {
		if !slices.Contains(mentionKinds, m.Kind) || seen[m.Text] || subgoalValues[m.Text] || subgoalValues[m.Normalized] {
			continue
		}
		seen[m.Text] = true
		forms := []string{m.Text}
		if m.Normalized != "" {
			forms = append(forms, m.Normalized)
		}
		// Values that linking found for the same span.
		for _, l := range c.sg.Mentions {
			if l.Kind == handoff.MentionValue && l.Value != "" && l.Start < m.End && m.Start < l.End {
				forms = append(forms, l.Value)
			}
		}
		if c.slice != nil {
			for _, v := range c.slice.Values {
				if v.Mention != "" && strings.EqualFold(v.Mention, m.Text) {
					forms = append(forms, v.Value)
				}
			}
		}
		ok := slices.ContainsFunc(forms, func(f string) bool { return realised(f, c.consts) }) || c.usesWords(m.Text)
		c.add(KindMention, m.Text, ok, "the query does not use it (no constant or linked value for it)", "a constant of the query")
	}
}

// answer checks the projection against the requested answer.
func (c *coverer) answer(cue handoff.Cue) {
	out := c.sg.Requirements.Output
	if c.q.Form == sparql.Ask || out.Shape == handoff.ShapeBoolean {
		c.add(string(cue.Kind), "yes/no", c.q.Form == sparql.Ask || c.boolean(), "the query does not answer yes or no", "an ASK query")
		return
	}
	proj := c.projected()
	switch cue.Text {
	case "how many":
		ok := c.projectsAgg("COUNT") || c.numericAnswer() || c.projectsAgg("SUM")
		c.add(string(cue.Kind), cue.Text, ok, fmt.Sprintf("the projection (%s) is neither a count nor a number", c.varList(proj)), "a count or a number")
		// "How many people live in the capital of Australia?" as the
		// country's population beside the number that keys its capital:
		// the capital is a place, and a number is no place.
		for _, attr := range out.Attributes {
			if ws := strings.Fields(attr); len(out.Attributes) < 2 || !c.numberForPlace(ws) || !c.projectsTerm(attr) {
				continue
			}
			c.add(string(cue.Kind), attr, false, fmt.Sprintf("the projection (%s) returns numbers, not a place", c.varList(proj)), "")
		}
		return
	case "how much", "how long", "how big", "how tall", "how large", "how old":
		c.add(string(cue.Kind), cue.Text, c.numericAnswer() || c.hasAggregate() || c.projectsWords("age", "birth", "born", "date", "year"),
			fmt.Sprintf("the projection (%s) is not a number", c.varList(proj)), "a number")
		return
	case "when", "what year", "which year":
		ok := c.dateAnswer() || c.projectsWordsOf(lexicon.PointInTime)
		c.add(string(cue.Kind), cue.Text, ok, fmt.Sprintf("the projection (%s) is not a date or a year", c.varList(proj)), "a date or a year")
		return
	case "where":
		ok := c.projectsWordsOf(func(ws []string) bool { return slices.ContainsFunc(ws, lexicon.Place) }) || c.iriAnswer()
		c.add(string(cue.Kind), cue.Text, ok, fmt.Sprintf("the projection (%s) is not a place", c.varList(proj)), "a place")
	case "who", "whom", "whose":
		if out.Aggregate == "" && !c.hasAggregate() {
			// A date kept as text ("March 30, 1976" from birth_date) is
			// no one either.
			ok := !c.numericAnswer() && !c.dateAnswer() && !c.onlyWordsOf(func(ws []string) bool { return slices.ContainsFunc(ws, lexicon.Temporal) })
			c.add(string(cue.Kind), cue.Text, ok, fmt.Sprintf("the projection (%s) is a number or a date, not someone", c.varList(proj)), "names or entities")
		}
	case "which", "what":
		// "Which students are not in any club?": students, or what
		// names them, not clubs.
		if t := c.sg.Requirements.Types; out.Shape == handoff.ShapeEntities && len(out.Attributes) == 0 && out.Aggregate == "" && len(out.GroupBy) == 0 && !c.hasAggregate() && len(t) > 0 {
			c.add(string(cue.Kind), cue.Text+" "+t[0], c.answersType(t[0]), fmt.Sprintf("the projection (%s) shows no %s", c.varList(proj), t[0]), "the things asked for")
		}
	}
	if out.All && out.Aggregate == "" {
		// "All the information about courses": the things themselves
		// (SELECT *, their identifiers) or several of their columns,
		// not one attribute.
		ok := c.q.Star || c.projectsSubject() || len(proj) >= 3
		c.add(string(cue.Kind), "all the information", ok, fmt.Sprintf("the projection (%s) returns one attribute, not everything about the things", c.varList(proj)), "the things or all their attributes")
		return
	}
	if extra := c.unasked(); extra != "" {
		c.add(string(cue.Kind), cmpOr(cue.Text, "the answer"), false, fmt.Sprintf("the projection adds %s, which the question does not ask for", extra), "")
	}
	if !c.hasAggregate() && c.iriAnswer() {
		c.add(string(cue.Kind), cmpOr(cue.Text, "the answer"), false, fmt.Sprintf("the projection (%s) returns identifiers (IRIs), not names or values", c.varList(proj)), "")
	}
	if out.Aggregate != "" {
		agg := strings.ToUpper(string(out.Aggregate))
		ok := c.projectsAgg(agg)
		if !ok && (agg == "MAX" || agg == "MIN") {
			ok = c.ordered(agg == "MAX")
		}
		if !ok && (agg == "COUNT" || agg == "SUM") && out.OrderBy != "" && out.OrderBy == out.AggregateOf {
			// "Which director made the most films?" needs the count only
			// to order by; "the most goals" may be a number of goals,
			// "the highest total points" a column of totals.
			ok = slices.ContainsFunc(c.orders, func(o order) bool {
				return slices.Contains(o.aggs, "COUNT") || len(o.aggs) == 0 && c.keyMeans(o, out.AggregateOf)
			})
		}
		if !ok && (agg == "COUNT" || agg == "SUM") {
			// "the number of", "the total" are read as a count or a sum
			// too often to insist: any aggregate or numeric column will
			// do.
			ok = c.numericColumn() || c.hasAggregate()
		}
		term := out.AggregateOf
		if term == "" {
			term = strings.ToLower(agg)
		}
		detail := fmt.Sprintf("the query does not compute %s", agg)
		if ok && out.AggregateOf != "" && !genericTerm(out.AggregateOf) && agg != "COUNT" && c.projectsAgg(agg) && !c.aggOn(agg, out.AggregateOf) {
			ok, detail = false, fmt.Sprintf("the query computes %s over something %q cannot mean", agg, out.AggregateOf)
		}
		c.add(string(cue.Kind), strings.ToLower(string(out.Aggregate))+" "+term, ok, detail, "computed by the projection")
	}
	var attrs []string
	for _, attr := range out.Attributes {
		if len(out.Attributes) > 1 && isNaming(attr) && lexicon.NamePart(kg.Words(attr)) == 0 && !c.hasAggregate() {
			// "the names and urls of images": some column names them,
			// whichever it is (not necessarily one of its own).
			// A name asked beside another's ("the name … and its track
			// name") needs a column besides the other's.
			naming, qualified := 0, 0
			for _, v := range proj {
				if slices.ContainsFunc(c.preds[v], func(p string) bool { return isNamingIRI(p) || c.means(p, attr) }) {
					naming++
				}
			}
			for _, o := range out.Attributes {
				if ws := kg.Words(o); len(ws) > 1 && isNaming(ws[len(ws)-1]) && lexicon.NamePart(ws) == 0 {
					qualified++
				}
			}
			ok := c.iriAnswer() || naming > qualified
			detail := fmt.Sprintf("the projection (%s) returns no name", c.varList(proj))
			if naming > 0 {
				detail = fmt.Sprintf("the projection (%s) has no name besides the one the other names asked for need", c.varList(proj))
			}
			c.add(string(cue.Kind), attr, ok, detail, "projected")
			continue
		}
		if len(out.Attributes) > 1 && isNaming(attr) && lexicon.NamePart(kg.Words(attr)) == 0 || genericTerm(attr) && c.hasAggregate() || c.namesSubjects(attr) {
			continue
		}
		attrs = append(attrs, attr)
	}
	// "the dates of ceremony": one column, date_of_ceremony, for both.
	for k := 0; k+1 < len(attrs); k++ {
		if j := attrs[k] + " of " + attrs[k+1]; !strings.Contains(attrs[k], " ") && !strings.Contains(attrs[k+1], " ") && c.projectsTerm(j) {
			attrs = slices.Replace(attrs, k, k+2, j)
		}
	}
	// "the capacity of Valdheim FK's home ground": the home ground is
	// the path to what is asked, realised by the relation, not a column.
	if len(attrs) > 1 {
		attrs = slices.DeleteFunc(attrs, func(attr string) bool { return c.pathTo(attr) && !c.projectsTerm(attr) })
	}
	// Each attribute asked for needs a column of its own.
	shared := c.matchColumns(attrs)
	for _, attr := range attrs {
		ok := c.projectsTerm(attr)
		// "the Green Party's contact people": people, shown by their
		// first and last names.
		people := false
		if ws := kg.Words(attr); !ok && len(ws) > 0 && (lexicon.People(ws[len(ws)-1]) || lexicon.Person(ws[len(ws)-1])) && c.givenAndFamily() {
			ok, people = true, true
		}
		detail := fmt.Sprintf("the projection (%s) does not return %s", c.varList(proj), attr)
		if ok && !people && slices.Contains(shared, attr) {
			ok, detail = false, fmt.Sprintf("the projection (%s) has no column for %s besides those of the other attributes asked for", c.varList(proj), attr)
		}
		if ok && isNaming(attr) && !c.hasAggregate() {
			if col, own := c.otherName(); col != "" {
				ok, detail = false, fmt.Sprintf("the projection returns %s, the name of something the question does not speak of, while %s names the things asked for", col, own)
			}
		}
		if ok && !c.hasAggregate() {
			if got, want := c.wrongOwner(attr); got != "" {
				ok, detail = false, fmt.Sprintf("the projection gives the %s of %s, not of %s", attr, got, want)
			}
		}
		if ws := strings.Fields(attr); ok && c.numberForPlace(ws) {
			// "the capital of Kenya" answered by a number: a key to
			// the place, not the place ("the surface area" is a size);
			// also beside another number ("how many people live in the
			// capital of Australia" as the country's population and the
			// capital's key).
			ok, detail = false, fmt.Sprintf("the projection (%s) returns numbers, not a place", c.varList(proj))
		}
		c.add(string(cue.Kind), attr, ok, detail, "projected")
	}
}

// superlative checks ORDER BY + LIMIT or MIN/MAX on an attribute the cue
// can mean, in its direction.
func (c *coverer) superlative(cue handoff.Cue) {
	agg := "MIN"
	if cue.Descending {
		agg = "MAX"
	}
	// "the most films" counted: the order key is the count.
	out := c.sg.Requirements.Output
	byCount := cue.Term == "count" || out.Aggregate == handoff.AggCount && cue.Term != "" && cue.Term == out.AggregateOf
	for _, o := range c.orders {
		// On an attribute the term derives from in the opposite order
		// (youngest: the latest birth date) the direction flips.
		inv := c.inverts(o.vars, cue.Term)
		if o.desc != (cue.Descending != inv) {
			continue
		}
		// "the largest stadium": ordered by what measures its size.
		size := slices.ContainsFunc(strings.Fields(cue.Text), lexicon.Magnitude) && c.keyWords(o, lexicon.Size)
		// "the longest life expectancy" where nothing is a length: the
		// number the question names.
		named := !byCount && len(o.aggs) == 0 && c.measureMissing(cue) && c.keyNamed(o, cue.Term) && !c.keyIdentifier(o)
		// "the richest singer" ranked by singer_id: an identifier
		// orders nothing the question speaks of.
		means := c.keyMeans(o, cue.Term) && !(cue.Term == "" && len(o.aggs) == 0 && c.keyIdentifier(o)) ||
			// "Which minister left office most recently?": the time
			// the verb names (left_office).
			lexicon.Recency(cue.Text) && len(o.aggs) == 0 && (c.keyWords(o, c.questionVerb) ||
				// "Which film did Ada Brook direct most recently?": where
				// no column says when the verb happened, a time of the
				// things (their release year).
				!c.verbTimed() && c.keyWords(o, lexicon.Temporal))
		// "Which song stayed on top the longest?" where no column is of
		// the verb: how long it lasted (weeks_on_top).
		lasting := lexicon.GradedMeasure(cue.Text) == "length" && len(o.aggs) == 0 && c.keyWords(o, lexicon.Duration) && !c.termColumn(cue.Term)
		// "Which flight is the longest?" where nothing is a length: the
		// measure it is kept as (its distance).
		also := len(o.aggs) == 0 && !c.termColumn(cue.Term) && slices.ContainsFunc(lexicon.AlsoMeasured(cue.Term), func(m string) bool {
			return c.keyWords(o, func(w string) bool { return w == m })
		})
		if byCount && slices.Contains(o.aggs, "COUNT") || (inv || size || named || means || lasting || also) && (!byCount || len(o.aggs) == 0) {
			c.add(string(cue.Kind), cue.Text, true, "", fmt.Sprintf("ORDER BY %s with LIMIT %d", direction(o.desc), o.limit))
			return
		}
	}
	if slices.Contains(c.aggNames, agg) && (cue.Term == "" || c.aggOn(agg, cue.Term)) {
		c.add(string(cue.Kind), cue.Text, true, "", "realised by "+agg)
		return
	}
	switch {
	case len(c.orders) == 0 && !slices.Contains(c.aggNames, "MAX") && !slices.Contains(c.aggNames, "MIN"):
		c.add(string(cue.Kind), cue.Text, false, "the query orders by nothing (no ORDER BY with LIMIT, no MIN or MAX)", "")
	default:
		what := cue.Term
		if what == "" {
			what = "the attribute"
		}
		c.add(string(cue.Kind), cue.Text, false, fmt.Sprintf("the query does not order by %s %s", what, direction(cue.Descending)), "")
	}
}

// measureMissing reports whether the cue's term is a measure a
// superlative adjective asks for ("longest", "shortest": a length) and
// no property of the slice means it.
func (c *coverer) measureMissing(cue handoff.Cue) bool {
	return lexicon.IsMeasure(cue.Term) && c.slice != nil && !c.termColumn(cue.Term)
}

// termColumn reports whether a column of the slice means term.
func (c *coverer) termColumn(term string) bool {
	return c.slice != nil && slices.ContainsFunc(c.slice.Properties, func(p handoff.SliceProperty) bool { return c.means(p.IRI, term) })
}

// keyNamed reports whether the order key reads a column that a term of
// the question other than except means (not its first type, the things
// asked for).
func (c *coverer) keyNamed(o order, except string) bool {
	r := c.sg.Requirements
	var terms []string
	if len(r.Types) > 1 {
		terms = append(terms, r.Types[1:]...)
	}
	terms = append(terms, r.Predicates...)
	for _, v := range o.vars {
		for _, p := range c.preds[v] {
			if slices.ContainsFunc(terms, func(t string) bool { return t != except && namedBy(kg.Tokens(p), kg.Words(t)) }) {
				return true
			}
		}
	}
	return false
}

// comparative checks a comparison in the cue's direction.
func (c *coverer) comparative(cue handoff.Cue) {
	want := map[handoff.FilterOp][]sparql.BinaryOp{
		handoff.FilterGt: {sparql.OpGt, sparql.OpGe}, handoff.FilterGe: {sparql.OpGt, sparql.OpGe},
		handoff.FilterLt: {sparql.OpLt, sparql.OpLe}, handoff.FilterLe: {sparql.OpLt, sparql.OpLe},
	}[cue.Op]
	if cue.Op == handoff.FilterBetween {
		lo := slices.ContainsFunc(c.cmps, func(cm comparison) bool { return cm.op == sparql.OpGt || cm.op == sparql.OpGe })
		hi := slices.ContainsFunc(c.cmps, func(cm comparison) bool { return cm.op == sparql.OpLt || cm.op == sparql.OpLe })
		c.add(string(cue.Kind), cue.Text, lo && hi, "the query does not bound the value on both sides", "a range")
		return
	}
	if cue.Op == handoff.FilterEq {
		// "codes equal to 2", "exactly two airports": an equality.
		eq := slices.ContainsFunc(c.comparisons(), func(s site) bool { return len(s.preds) > 0 }) || c.equality()
		c.add(string(cue.Kind), cue.Text, eq, "the query has no equality", "an equality")
		return
	}
	flip := map[sparql.BinaryOp]sparql.BinaryOp{sparql.OpGt: sparql.OpLt, sparql.OpGe: sparql.OpLe, sparql.OpLt: sparql.OpGt, sparql.OpLe: sparql.OpGe}
	for _, cm := range c.cmps {
		op := cm.op
		if c.inverts(cm.vars, cue.Term) {
			op = flip[op] // "older than": born before
		}
		if cue.Term == handoff.AttrTimes && !slices.Contains(cm.aggs, "COUNT") {
			continue // "more than two times" bounds a count
		}
		if len(want) == 0 || slices.Contains(want, op) {
			c.add(string(cue.Kind), cue.Text, true, "", "a comparison "+string(cm.op))
			return
		}
	}
	d := "the query has no comparison"
	if len(c.cmps) > 0 {
		d = "the query compares in the other direction"
	}
	c.add(string(cue.Kind), cue.Text, false, d, "")
}

// set checks "or"/"either" (a disjunction) and "both" (no disjunction).
func (c *coverer) set(cue handoff.Cue) {
	switch cue.Text {
	case "or", "either":
		c.add(string(cue.Kind), cue.Text, c.disjunct, "the query has no UNION, || or IN for the alternatives", "a disjunction")
	case "both":
		c.add(string(cue.Kind), cue.Text, !c.disjunct, "the query takes either value (a disjunction), not both", "both conditions hold")
	}
}

// uncued checks what the output asks for when no cue says it (an LLM
// decomposer fills the output, not the cues): grouping and negation.
func (c *coverer) uncued() {
	has := func(k handoff.CueKind) bool {
		return slices.ContainsFunc(c.sg.Requirements.Cues, func(x handoff.Cue) bool { return x.Kind == k })
	}
	if len(c.sg.Requirements.Output.GroupBy) > 0 && !has(handoff.CueGrouping) {
		g := "per " + strings.Join(c.sg.Requirements.Output.GroupBy, ", ")
		// "Which manufacturer has the most shops?" ranked by each one's
		// own count of shops: a row per thing, nothing aggregated.
		perThing := !c.grouped && !c.hasAggregate() && !slices.ContainsFunc(c.sg.Requirements.Output.GroupBy, func(t string) bool { return !c.typed(t) })
		met := "realised by GROUP BY"
		if perThing {
			met = "one row per thing, nothing aggregated"
		}
		c.add(string(handoff.CueGrouping), g, c.grouped || perThing, "the query has no GROUP BY", met)
	}
	// "sorted by age", "listed by descending age": an order asked for
	// the whole answer, not a superlative (those have their cue).
	if ob := c.sg.Requirements.Output.OrderBy; ob != "" && c.sg.Requirements.Output.Limit == 0 && !has(handoff.CueSuperlative) {
		c.add("order", "by "+ob, len(c.q.OrderBy) > 0, "the query orders by nothing", "realised by ORDER BY")
	}
	if c.sg.Has(handoff.OpNegate) && !has(handoff.CueNegation) {
		c.add(string(handoff.CueNegation), "not", c.negated, "the query excludes nothing (no NOT EXISTS, MINUS, NOT IN, != or !)", "realised by an exclusion")
	}
}

// nested checks that a value the question compares with another
// subgoal's answer ("employees who earn more than the average salary",
// s1 being the average) is compared in the query, in the filter's
// direction, unless a comparative cue of the same direction says it
// already.
func (c *coverer) nested() {
	for _, f := range c.sg.Requirements.Filters {
		if f.ValueKind != handoff.ValueSubgoal {
			continue
		}
		switch f.Op {
		case handoff.FilterGt, handoff.FilterGe, handoff.FilterLt, handoff.FilterLe:
		default:
			continue
		}
		text := strings.TrimSpace(fmt.Sprintf("%s %s the answer of %s", f.Attribute, f.Op, f.Value))
		// "taller than the average person" compares heights, never
		// identifiers: a comparison of ids alone means nothing asked.
		if c.idsOnly() && !slices.ContainsFunc(kg.Words(f.Attribute), func(w string) bool { return w == "id" || w == "number" || w == "code" }) {
			c.add(string(handoff.CueComparative), text, false, "the query compares identifiers", "")
			continue
		}
		if slices.ContainsFunc(c.sg.Requirements.Cues, func(x handoff.Cue) bool { return x.Kind == handoff.CueComparative && x.Op == f.Op }) {
			continue
		}
		c.comparative(handoff.Cue{Kind: handoff.CueComparative, Text: text, Op: f.Op, Term: f.Attribute})
	}
}

// keyIdentifier reports whether every column the order key reads is an
// identifier (its name ends in "id"), and it reads one.
func (c *coverer) keyIdentifier(o order) bool {
	n, all := c.identifiers(o.vars)
	return all && n > 0
}

// idsOnly reports whether the query compares values and every value it
// compares is an identifier (a column whose name ends in "id").
func (c *coverer) idsOnly() bool {
	total := 0
	for _, cm := range c.cmps {
		n, all := c.identifiers(cm.vars)
		if !all {
			return false
		}
		total += n
	}
	return total > 0
}

// identifiers returns how many columns the variables read, and whether
// every one is an identifier (its name ends in "id").
func (c *coverer) identifiers(vars []string) (n int, all bool) {
	for _, v := range vars {
		for _, p := range c.preds[v] {
			n++
			if ts := kg.Tokens(p); len(ts) == 0 || ts[len(ts)-1] != "id" {
				return n, false
			}
		}
	}
	return n, true
}

// foreign checks the converse of mentions: every literal the query
// compares with (in a FILTER or as a triple's object) is something the
// question names (a mention, a value linked to it, a filter value), so
// that the query adds no condition of its own ("FILTER(?label =
// "country")" for "Which country is Glass Harbor from?"). Numbers 0 and
// 1 and booleans are left out: they say "at least one", "true".
func (c *coverer) foreign() {
	var forms []string
	for _, m := range c.sg.Mentions {
		forms = append(forms, m.Text, m.Normalized, m.Value)
	}
	for _, f := range c.sg.Requirements.Filters {
		forms = append(forms, f.Value, f.Value2)
		for _, v := range []string{f.Value, f.Value2} {
			// "before May 2017" is compared with the span's bounds:
			// 2017-05-01 and 2017-06-01, as dates or date-times.
			if first, next, ok := handoff.DateSpan(v); ok && f.ValueKind == "date" {
				for _, t := range []time.Time{first, next} {
					forms = append(forms, t.Format("2006-01-02"), t.Format("2006-01-02T15:04:05"))
				}
			}
		}
		if f.ValueKind == handoff.ValueSubgoal {
			forms = append(forms, f.Answer)
		}
	}
	// The question's attribute and type words are not values: a query
	// comparing a label with "city" or "country" invents a condition.
	if c.slice != nil {
		for _, v := range c.slice.Values {
			if v.Mention != "" {
				forms = append(forms, v.Value)
			}
		}
	}
	var lowered []string
	for _, f := range forms {
		if f = strings.ToLower(strings.TrimSpace(f)); f != "" {
			lowered = append(lowered, f)
		}
	}
	seen := map[string]bool{}
	for _, l := range c.literals() {
		v := strings.TrimSpace(l.Lexical)
		// Codes of one or two characters ("F" for female, "Y") stand for
		// words of the question that the data abbreviates.
		if seen[v] || len([]rune(v)) <= 2 && !numeric(v) || v == "0" || v == "1" || v == "true" || v == "false" || strings.HasSuffix(l.DatatypeIRI(), "#boolean") {
			continue
		}
		seen[v] = true
		if !realised(v, lowered) {
			c.add(KindConstant, v, false, fmt.Sprintf("the query compares with %q, which the question does not name", v), "")
		}
	}
}

// projectsSubject reports whether a projected variable is the subject of
// a triple pattern: the things themselves.
func (c *coverer) projectsSubject() bool {
	proj := c.projected()
	return slices.ContainsFunc(c.triples, func(t sparql.Triple) bool {
		s, ok := t.Subject.(*sparql.Var)
		return ok && slices.Contains(proj, s.Name)
	})
}

// otherName returns a projected naming column that names something the
// question does not speak of ("artist_name" for "the names of all
// songs") while a naming column of the same things has no word the
// question does not say ("song_name", "name"), and that column; or "".
func (c *coverer) otherName() (string, string) {
	if c.slice == nil {
		return "", ""
	}
	said := map[string]bool{}
	for _, w := range kg.Words(c.sg.Text) {
		said[w], said[lexicon.Singular(w)] = true, true
	}
	saysAll := func(ws []string) bool {
		return !slices.ContainsFunc(ws, func(w string) bool {
			if said[w] || said[lexicon.Singular(w)] {
				return false
			}
			for s := range said {
				if lexicon.Abbreviates(w, s) {
					return false
				}
			}
			return true
		})
	}
	column := func(iri string) []string { return kg.Words(kg.SplitIRI(iri).Column()) }
	for _, v := range c.projected() {
		for _, p := range c.preds[v] {
			ws := column(p)
			if !isNamingIRI(p) || len(ws) < 2 || lexicon.NamePart(ws) != 0 || saysAll(ws[:len(ws)-1]) {
				continue
			}
			var domains []string
			if sp := c.slice.Property(p); sp != nil {
				domains = sp.Domains
			}
			for _, sp := range c.slice.Properties {
				qs := column(sp.IRI)
				if sp.IRI == p || sp.ForeignKey || !isNamingIRI(sp.IRI) || len(qs) == 0 || !slices.ContainsFunc(sp.Domains, func(d string) bool { return slices.Contains(domains, d) }) {
					continue
				}
				if saysAll(qs[:len(qs)-1]) {
					return kg.SplitIRI(p).Local, kg.SplitIRI(sp.IRI).Local
				}
			}
		}
	}
	return "", ""
}

// wrongOwner returns, for a naming attribute, the class whose attr the
// projection gives and the class the question asks it of ("the names of
// stadiums …": stadium) when they differ while the class asked of has a
// column attr names word for word and the projection has none of it; or
// "", "". A key column beside a
// reference (has_allergy#stuid) holds the referenced thing's key and
// counts as its own.
func (c *coverer) wrongOwner(attr string) (string, string) {
	aw := kg.Words(attr)
	if len(aw) == 0 || !slices.Contains([]string{"name", "title", "label"}, lexicon.Singular(aw[len(aw)-1])) {
		return "", ""
	}
	owner := c.ownerOf(attr)
	if owner == "" {
		return "", ""
	}
	// The owner's columns that attr names word for word.
	var own []string
	for _, sp := range c.slice.Properties {
		if !sp.ForeignKey && slices.Contains(sp.Domains, owner) && hasWords(kg.Tokens(sp.IRI), aw) {
			own = append(own, kg.SplitIRI(sp.IRI).Column())
		}
	}
	if len(own) == 0 {
		return "", ""
	}
	other := ""
	for _, v := range c.projected() {
		for _, t := range c.triples {
			o, ook := t.Object.(*sparql.Var)
			p, pok := t.Predicate.(*sparql.IRI)
			sv, sok := t.Subject.(*sparql.Var)
			if !ook || !pok || !sok || o.Name != v || p.Value == sparql.RDFType || !c.means(p.Value, attr) {
				continue
			}
			// The owner's column, a reference's key column, or a column
			// of the same qualified name (instructor#dept_name for the
			// department's name, not swimmer#name for a stadium's): the
			// owner's value.
			types := c.types[sv.Name]
			col := kg.SplitIRI(p.Value).Column()
			cw := kg.Words(col)
			if sp := c.slice.Property(p.Value); slices.Contains(types, owner) || sp != nil && sp.Key || len(cw) > 1 && (slices.Contains(own, col) || len(aw) > 1 && hasWords(cw, aw)) {
				return "", ""
			}
			if len(types) > 0 && other == "" {
				other = types[0]
			}
		}
	}
	if other == "" {
		return "", ""
	}
	return kg.SplitIRI(other).Local, kg.SplitIRI(owner).Local
}

// ownerOf returns the slice class the question asks attr of: "the names
// of (the|all|each) stadiums" names the class stadium (by its name's
// words, singular, or a term the slice matched to it); "" when the
// question does not say.
func (c *coverer) ownerOf(attr string) string {
	if c.slice == nil {
		return ""
	}
	aw := kg.Words(attr)
	if len(aw) == 0 {
		return ""
	}
	head := lexicon.Singular(aw[len(aw)-1])
	// "its track name": the qualifier names the class.
	if len(aw) > 1 {
		if cl := c.classOfWords(aw[:len(aw)-1]); cl != "" {
			return cl
		}
	}
	ws := kg.Words(c.sg.Text)
	for i := 0; i+1 < len(ws); i++ {
		if lexicon.Singular(ws[i]) != head || ws[i+1] != "of" {
			continue
		}
		k := i + 2
		for k < len(ws) && slices.Contains([]string{"the", "all", "each", "every", "those", "these", "a", "an"}, ws[k]) {
			k++
		}
		// The noun phrase after "of" ends before a function word
		// ("the names of catalog entries with …" is catalog entries,
		// not catalogs).
		end := k
		for end < len(ws) && end-k < 3 && !lexicon.FunctionWord(ws[end]) {
			end++
		}
		if end == k {
			return ""
		}
		run := make([]string, end-k)
		for j := range run {
			run[j] = lexicon.Singular(ws[k+j])
		}
		return c.classOfWords(run)
	}
	return ""
}

// classOfWords returns the slice class a run of words names (by its
// name's words, singular, or a term the slice matched to it), or "".
func (c *coverer) classOfWords(ws []string) string {
	run := make([]string, len(ws))
	for j, w := range ws {
		run[j] = lexicon.Singular(w)
	}
	phrase := strings.Join(run, " ")
	for _, cl := range c.slice.Classes {
		name := kg.Words(kg.SplitIRI(cl.IRI).Local)
		for j := range name {
			name[j] = lexicon.Singular(name[j])
		}
		if slices.Equal(name, run) || slices.Contains(cl.Matched, phrase) {
			return cl.IRI
		}
	}
	return ""
}

// namesOf reports whether the question's words say the naming word (name,
// title) of the class named by class: "<class> name(s)", "<class>'s
// name", or "name(s) of (the|its|their|his|her) <class>".
func namesOf(said []string, naming string, class []string) bool {
	if len(class) == 0 {
		return false
	}
	head := lexicon.Singular(class[len(class)-1])
	is := func(i int, w string) bool { return i >= 0 && i < len(said) && lexicon.Singular(said[i]) == w }
	for i := range said {
		if !is(i, naming) {
			continue
		}
		if is(i-1, head) || is(i-2, head) && said[i-1] == "s" {
			return true
		}
		if i+1 < len(said) && said[i+1] == "of" {
			k := i + 2
			if k < len(said) && slices.Contains([]string{"the", "its", "their", "his", "her", "each"}, said[k]) {
				k++
			}
			if is(k, head) {
				return true
			}
		}
	}
	return false
}

// equality reports whether the query compares something for equality
// (=, IN) in a FILTER or HAVING.
func (c *coverer) equality() bool {
	found := false
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.BinaryExpr:
			found = found || n.Op == sparql.OpEq
		case *sparql.InExpr:
			found = found || !n.Not
		}
		return !found
	})
	return found
}

// typed reports whether term names a class the query types a variable
// with.
func (c *coverer) typed(term string) bool {
	if term == "" {
		return false
	}
	for _, classes := range c.types {
		if slices.ContainsFunc(classes, func(cl string) bool { return namedBy(kg.Tokens(cl), kg.Words(term)) }) {
			return true
		}
	}
	return false
}

// KindFilter is the commitment that a value the question puts on a
// named attribute ("a product stock number starting with '2'") is
// compared with a column that attribute can mean.
const KindFilter = "filter"

// filtered checks, for each filter of the question that names its
// attribute and a constant, that where the query compares with that
// constant it compares a column the attribute can mean: "the catalog
// entries whose product stock number starts with '2'" is not answered by
// FILTER(?height = "2"). Names ("named 'Bob'") are left out: a name may
// be any of several columns.
func (c *coverer) filtered() {
	sites := c.comparisons()
	for _, f := range c.sg.Requirements.Filters {
		attr := strings.TrimSpace(f.Attribute)
		if attr == "" || f.Value == "" || genericTerm(attr) || isNaming(attr) || f.ValueKind == handoff.ValueSubgoal || f.ValueKind == handoff.ValueEntity || existence(f.Op, f.Value) {
			continue
		}
		found, ok := false, false
		var seen []string
		for _, s := range sites {
			if !realised(f.Value, s.lits) {
				continue
			}
			found = true
			preds := slices.Clone(s.preds)
			for _, v := range s.vars {
				if len(c.preds[v]) == 0 {
					ok = true // bound elsewhere: cannot tell
				}
				preds = append(preds, c.preds[v]...)
			}
			for _, p := range preds {
				if c.means(p, attr) || c.subjectNamed(p, attr) {
					ok = true
				}
				if !slices.Contains(seen, p) {
					seen = append(seen, p)
				}
			}
		}
		if !found || len(seen) == 0 {
			continue
		}
		// Words of a filter are often a verb ("opened in 1958") or an
		// abbreviation's long form ("latitude": lat): a miss needs a
		// column of the same things that the attribute names whole.
		better := ""
		if !ok {
			better = c.namedColumn(attr, seen)
		}
		if better == "" {
			ok = true
		}
		cols := make([]string, len(seen))
		for i, p := range seen {
			cols[i] = kg.SplitIRI(p).Local
		}
		c.add(KindFilter, attr+" "+f.Value, ok, fmt.Sprintf("the query compares %q with %s, not with %s, which %q names", f.Value, strings.Join(cols, ", "), better, attr), "compared with a column it names")
	}
}

// namedColumn returns the local name of a property of the slice, other
// than those compared, whose subjects are those of a compared one and
// whose own name has every word of term ("product_stock_number" for
// "product stock number"), or "".
func (c *coverer) namedColumn(term string, compared []string) string {
	if c.slice == nil {
		return ""
	}
	want := kg.Words(term)
	if len(want) == 0 {
		return ""
	}
	var domains []string
	for _, p := range c.slice.Properties {
		if slices.Contains(compared, p.IRI) {
			domains = append(domains, p.Domains...)
		}
	}
	for _, p := range c.slice.Properties {
		if slices.Contains(compared, p.IRI) || !slices.ContainsFunc(p.Domains, func(d string) bool { return slices.Contains(domains, d) }) {
			continue
		}
		local := kg.SplitIRI(p.IRI).Column()
		if hasWords(kg.Words(local), want) {
			return local
		}
	}
	return ""
}

// site is one place where the query compares with constants: the
// literals, the variables compared with them, and the predicate of a
// triple whose object is the literal.
type site struct {
	lits  []string // lower-cased lexical forms
	vars  []string
	preds []string
}

// comparisons returns the places where the query compares a variable
// with a literal: comparisons, string tests and IN in FILTER and HAVING
// expressions, and triples with a literal object. They are found once.
func (c *coverer) comparisons() []site {
	if !c.sitesOK {
		c.sites, c.sitesOK = c.findComparisons(), true
	}
	return c.sites
}

func (c *coverer) findComparisons() []site {
	var out []site
	for _, t := range c.triples {
		l, lok := t.Object.(*sparql.Literal)
		p, pok := t.Predicate.(*sparql.IRI)
		if lok && pok {
			out = append(out, site{lits: []string{strings.ToLower(strings.TrimSpace(l.Lexical))}, preds: []string{p.Value}})
		}
	}
	collect := func(nodes ...sparql.Node) {
		var s site
		for _, n := range nodes {
			sparql.Inspect(n, func(m sparql.Node) bool {
				switch m := m.(type) {
				case *sparql.Literal:
					s.lits = append(s.lits, strings.ToLower(strings.TrimSpace(m.Lexical)))
				case *sparql.Var:
					s.vars = append(s.vars, m.Name)
				case *sparql.ExistsExpr:
					return false
				}
				return true
			})
		}
		if len(s.lits) > 0 && len(s.vars) > 0 {
			out = append(out, s)
		}
	}
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.BinaryExpr:
			switch n.Op {
			case sparql.OpEq, sparql.OpNe, sparql.OpLt, sparql.OpGt, sparql.OpLe, sparql.OpGe:
				collect(n.X, n.Y)
				return false
			}
		case *sparql.CallExpr:
			switch n.Name {
			case "CONTAINS", "STRSTARTS", "STRENDS", "REGEX", "SAMETERM", "LANGMATCHES":
				nodes := make([]sparql.Node, len(n.Args))
				for i, a := range n.Args {
					nodes[i] = a
				}
				collect(nodes...)
				return false
			}
		case *sparql.InExpr:
			nodes := []sparql.Node{n.X}
			for _, a := range n.List {
				nodes = append(nodes, a)
			}
			collect(nodes...)
			return false
		}
		return true
	})
	return out
}

// subjectNamed reports whether term names the class of the subjects of
// predicate iri in the query ("room 112" compared with the number column
// of rooms).
func (c *coverer) subjectNamed(iri, term string) bool {
	for _, t := range c.triples {
		p, ok := t.Predicate.(*sparql.IRI)
		s, sok := t.Subject.(*sparql.Var)
		if ok && sok && p.Value == iri && slices.ContainsFunc(c.types[s.Name], func(cl string) bool { return namedBy(kg.Tokens(cl), kg.Words(term)) }) {
			return true
		}
	}
	return false
}

// literals returns the literals the query compares with: in FILTER and
// HAVING expressions, VALUES, and as the object of a triple.
func (c *coverer) literals() []*sparql.Literal {
	var out []*sparql.Literal
	for _, t := range c.triples {
		if l, ok := t.Object.(*sparql.Literal); ok {
			out = append(out, l)
		}
	}
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.FilterPattern:
			sparql.Inspect(n.Expr, func(m sparql.Node) bool {
				if l, ok := m.(*sparql.Literal); ok {
					out = append(out, l)
				}
				return true
			})
			return false
		case *sparql.Query:
			for _, h := range n.Having {
				sparql.Inspect(h, func(m sparql.Node) bool {
					if l, ok := m.(*sparql.Literal); ok {
						out = append(out, l)
					}
					return true
				})
			}
		}
		return true
	})
	return out
}

// ungrouped checks that the query does not group what the question
// asks about as a whole ("the average price across all wines" grouped by
// wine gives every wine's own price): a GROUP BY without ordering or
// HAVING, where the question has no grouping cue.
func (c *coverer) ungrouped() {
	// An aggregate over a key of its own grouping ("the average pages
	// per minute" grouped by pages per minute) computes nothing: each
	// group holds one value.
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		q, ok := n.(*sparql.Query)
		if !ok || len(q.GroupBy) == 0 {
			return true
		}
		var keys []string
		for _, g := range q.GroupBy {
			if g != nil && g.Var == nil {
				keys = append(keys, sparql.ExprVars(g.Expr)...)
			}
		}
		for _, p := range q.Projections {
			if p == nil || p.Expr == nil {
				continue
			}
			sparql.Inspect(p.Expr, func(n sparql.Node) bool {
				if a, ok := n.(*sparql.Aggregate); ok && a.Name != "COUNT" && a.Name != "SAMPLE" && a.Name != "GROUP_CONCAT" {
					for _, v := range sparql.ExprVars(a.Arg) {
						if slices.Contains(keys, v) {
							c.add(string(handoff.CueGrouping), a.Name, false, fmt.Sprintf("the query computes %s of ?%s, which it groups by", a.Name, v), "")
							return false
						}
					}
				}
				return true
			})
		}
		return true
	})
	if !c.grouped || len(c.sg.Requirements.Output.GroupBy) > 0 || c.sg.Has(handoff.OpGroup) || len(c.orders) > 0 {
		return
	}
	for _, cue := range c.sg.Requirements.Cues {
		if cue.Kind == handoff.CueGrouping || cue.Kind == handoff.CueSuperlative || cue.Kind == handoff.CueComparative {
			return
		}
	}
	having := false
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		if q, ok := n.(*sparql.Query); ok && len(q.Having) > 0 {
			having = true
		}
		return !having
	})
	if !having && c.groupsByEntity() {
		c.add(string(handoff.CueGrouping), "(no grouping asked)", false, "the query groups its answer by entity (GROUP BY), which the question does not ask for", "")
	}
}

// groupsByEntity reports whether a GROUP BY key is an entity: a
// variable with an rdf:type (one group per entity makes every aggregate
// that entity's own value).
func (c *coverer) groupsByEntity() bool {
	typed := map[string]bool{}
	for _, t := range c.triples {
		if p, ok := t.Predicate.(*sparql.IRI); ok && p.Value == sparql.RDFType {
			if v, ok := t.Subject.(*sparql.Var); ok {
				typed[v.Name] = true
			}
		}
	}
	found := false
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		if q, ok := n.(*sparql.Query); ok {
			for _, g := range q.GroupBy {
				for _, v := range sparql.ExprVars(g.Expr) {
					found = found || typed[v]
				}
				if g.Var != nil {
					found = found || typed[g.Var.Name]
				}
			}
		}
		return !found
	})
	return found
}

// unasked returns the projected plain variables beyond what the output
// asks for (its attributes, or one entity or value, and its grouping
// keys), as "?a, ?b"; "" when there are none.
func (c *coverer) unasked() string {
	out := c.sg.Requirements.Output
	if out.Shape == handoff.ShapeTable && len(out.Attributes) == 0 || out.Aggregate != "" {
		return ""
	}
	var plain []string
	said := kg.Words(c.sg.Text)
	fixed := c.fixed()
	named := 0
	for _, v := range c.projected() {
		if len(c.aggs[v]) != 0 {
			continue
		}
		plain = append(plain, "?"+v)
		// A column whose whole name the question says word for word
		// is asked for ("the date valid from and the date valid to"),
		// unless a constant fixes it (then it repeats the question).
		if _, ok := fixed[v]; !ok && slices.ContainsFunc(c.preds[v], func(p string) bool {
			return lexicon.SaysName(said, kg.Words(kg.SplitIRI(p).Column()))
		}) {
			named++
		}
	}
	// A full name may take two columns (given and family name); the
	// subjects' class asked for as an attribute takes none.
	attrs := slices.DeleteFunc(slices.Clone(out.Attributes), c.namesSubjects)
	allowed := max(1, len(attrs), named) + len(out.GroupBy)
	if len(out.Attributes) > 1 && len(attrs) < len(out.Attributes) {
		// "the players and their clubs": each thing asked for by its
		// name.
		allowed = max(allowed, len(out.Attributes)+len(out.GroupBy))
	}
	for _, a := range out.Attributes {
		if lexicon.FullName(a) {
			allowed++
		}
	}
	// "Which students …?", "Who are the Green Party's contact
	// people?": shown by first and last name, one person in two
	// columns (unless a part of a name is asked for itself).
	if c.givenAndFamily() && !slices.ContainsFunc(out.Attributes, func(a string) bool { return lexicon.NamePart(kg.Words(a)) != 0 }) {
		allowed++
	}
	if out.ShowOrder {
		allowed++ // "the top goal scorers", each with the goals
	}
	if len(plain) <= allowed || c.allMentioned(plain, said) {
		return ""
	}
	return strings.Join(plain[allowed:], ", ")
}

// givenAndFamily reports whether the projection has a given-name and a
// family-name column ([lexicon.NamePart]; for "who", a personal name is
// the given one: [lexicon.PersonalName]): together they name a person.
func (c *coverer) givenAndFamily() bool {
	parts := map[int]bool{}
	for _, v := range c.projected() {
		for _, p := range c.preds[v] {
			parts[lexicon.NamePart(kg.Tokens(p))] = true
			if c.sg.Asks("who") && lexicon.PersonalName(kg.Words(kg.SplitIRI(p).Column())) {
				parts[1] = true
			}
		}
	}
	return parts[1] && parts[2]
}

// allMentioned reports whether the question mentions every column of
// plain (variables written "?v"): a column whose every word the question
// says ("the reigns and days held": reign), that the query neither orders
// nor filters by (an order key the question names is not asked for by
// being named), that is no key and that no type of the question names
// ("the school" is what is asked about, not a column asked for); or one
// that gives an attribute the question asks for.
func (c *coverer) allMentioned(plain []string, said []string) bool {
	keys := map[string]bool{}
	for _, o := range c.q.OrderBy {
		sparql.Inspect(o.Expr, func(n sparql.Node) bool {
			if v, ok := n.(*sparql.Var); ok {
				keys[v.Name] = true
			}
			return true
		})
	}
	for _, s := range c.comparisons() {
		for _, v := range s.vars {
			keys[v] = true
		}
	}
	folded := map[string]bool{}
	for _, w := range said {
		folded[lexicon.Fold(w)] = true
	}
	for _, pv := range plain {
		v := strings.TrimPrefix(pv, "?")
		// Every word of an attribute asked for (not its head alone:
		// "leader name" is not college#name).
		mentioned := slices.ContainsFunc(c.sg.Requirements.Output.Attributes, func(a string) bool {
			return slices.ContainsFunc(c.preds[v], func(p string) bool { return hasWords(kg.Tokens(p), kg.Words(a)) })
		})
		if !mentioned && !keys[v] {
			mentioned = slices.ContainsFunc(c.preds[v], func(p string) bool {
				ws := kg.Words(kg.SplitIRI(p).Column())
				if sp := c.slice.Property(p); len(ws) == 0 || ws[len(ws)-1] == "id" || sp != nil && (sp.Key || sp.ForeignKey) {
					return false
				}
				// A column named like a type of the question is the
				// things themselves, when the query has things of that
				// type ("What city and state is the bank in?" has no
				// city things: it asks for the columns).
				for _, t := range c.sg.Requirements.Types {
					if tw := kg.Words(t); hasWords(ws, tw) && hasWords(tw, ws) && c.typed(t) {
						return false
					}
				}
				// A naming word counts beside another word the question
				// says, of the column, or of its class when the question
				// puts them together ("the name of its host", "the host
				// name": host#name), not alone.
				if !slices.ContainsFunc(ws, func(w string) bool { return !isNaming(w) }) {
					return namesOf(said, ws[len(ws)-1], kg.Words(kg.SplitIRI(p).Qualifier))
				}
				return !slices.ContainsFunc(ws, func(w string) bool { return lexicon.FunctionWord(w) || !folded[lexicon.Fold(w)] })
			})
		}
		if !mentioned {
			return false
		}
	}
	return true
}

// echo checks that a non-empty answer is not merely a constant of the
// question repeated: every value of every row is a value the question
// names, and the query fixes the projected variables to them.
func (c *coverer) echo() {
	if c.q.Form != sparql.Select || c.res == nil || len(c.res.Rows) == 0 || c.sg.Requirements.Output.Shape == handoff.ShapeBoolean {
		return
	}
	var named []string
	for _, m := range c.sg.Mentions {
		for _, v := range []string{m.Text, m.Normalized, m.Value} {
			if v != "" {
				named = append(named, strings.ToLower(strings.TrimSpace(v)))
			}
		}
	}
	vars := answerVars(c.q, c.res)
	fixed := c.fixed()
	if len(vars) > 0 && len(c.orders) == 0 && !c.hasAggregate() &&
		!slices.ContainsFunc(vars, func(v string) bool { return fixed[v] == "" }) {
		c.add(KindEcho, fixed[vars[0]], false, fmt.Sprintf("the answer only repeats %q, a constant of the query", fixed[vars[0]]), "")
		return
	}
	if v, val := c.echoColumn(vars, fixed); v != "" {
		c.add(KindEcho, val, false, fmt.Sprintf("the projection repeats %q, a constant of the query, in ?%s, which the question does not ask for", val, v), "")
		return
	}
	if len(named) == 0 {
		return
	}
	echoed := ""
	for _, row := range c.res.Rows {
		for _, v := range vars {
			t, ok := row[v]
			if !ok || t == nil {
				continue
			}
			val := strings.ToLower(strings.TrimSpace(sparql.TermValue(t)))
			if _, isIRI := t.(*sparql.IRI); isIRI {
				val = strings.ToLower(val[strings.LastIndexAny(val, "/#")+1:])
			}
			if !slices.Contains(named, val) {
				return
			}
			echoed = sparql.TermValue(t)
		}
	}
	if echoed == "" || len(c.orders) > 0 && len(c.res.Rows) > 0 && len(c.res.Rows) < len(named) {
		return // "which of A and B is older" picks among the named
	}
	c.add(KindEcho, echoed, false, fmt.Sprintf("the answer only repeats %q from the question", echoed), "")
}

// echoColumn returns a column of the answer, among others, that an
// equality fixes to a constant (fixed, see [coverer.fixed]) while no attribute the question asks for
// names it ("the description of the budget type with code ORG" answered
// with the description and the code; "the number of albums by
// 'Metallica'" with the count and the name), and that constant.
func (c *coverer) echoColumn(vars []string, fixed map[string]string) (string, string) {
	out := c.sg.Requirements.Output
	if len(vars) < 2 || out.All {
		return "", "" // "all the information" shows every column
	}
	for _, v := range vars {
		val, ok := fixed[v]
		if !ok || len(c.preds[v]) == 0 {
			continue
		}
		asked := slices.ContainsFunc(out.Attributes, func(a string) bool {
			return slices.ContainsFunc(c.preds[v], func(p string) bool { return c.means(p, a) })
		})
		if !asked {
			return v, val
		}
	}
	return "", ""
}

// fixed returns the variables that a FILTER fixes to one constant by
// equality (?v = "x", at the top of a conjunction), with the constant.
func (c *coverer) fixed() map[string]string {
	out := map[string]string{}
	sparql.Inspect(c.q.Where, func(n sparql.Node) bool {
		switch n := n.(type) {
		case *sparql.ExistsExpr, *sparql.MinusPattern, *sparql.SubSelect, *sparql.OptionalPattern, *sparql.UnionPattern:
			return false
		case *sparql.FilterPattern:
			for _, atom := range conjuncts(n.Expr) {
				if op, v, l, ok := varVsLiteral(atom); ok && op == sparql.OpEq {
					out[v.Name] = l.Lexical
				}
			}
			return false
		}
		return true
	})
	return out
}

// projected returns the projected variables.
func (c *coverer) projected() []string {
	var out []string
	for _, v := range c.q.ProjectedVars() {
		out = append(out, v.Name)
	}
	return out
}

func (c *coverer) varList(vars []string) string {
	if len(vars) == 0 {
		return "nothing"
	}
	parts := make([]string, len(vars))
	for i, v := range vars {
		parts[i] = "?" + v
		if ps := c.preds[v]; len(ps) > 0 && c.slice != nil {
			parts[i] += " from " + c.slice.Compact(ps[0])
		} else if as := c.aggs[v]; len(as) > 0 {
			parts[i] += " = " + as[0]
		}
	}
	return strings.Join(parts, ", ")
}

// projectsAgg reports whether a projected variable is computed with the
// aggregate name.
func (c *coverer) projectsAgg(name string) bool {
	for _, v := range c.projected() {
		if slices.Contains(c.aggs[v], name) {
			return true
		}
	}
	return false
}

func (c *coverer) hasAggregate() bool {
	for _, v := range c.projected() {
		if len(c.aggs[v]) > 0 {
			return true
		}
	}
	return false
}

// projectsTerm reports whether a projected variable is bound by a
// predicate that term can mean (the slice matched it to the term, or its
// name has the term's words), or, for a naming term, by any naming
// predicate.
func (c *coverer) projectsTerm(term string) bool { return len(c.termVars(term)) > 0 }

// termVars returns the projected variables that can give term (see
// [coverer.projectsTerm]); a variable bound elsewhere (a sub-select's
// alias) can give anything.
func (c *coverer) termVars(term string) []string {
	var out []string
	for _, v := range c.projected() {
		if c.gives(v, term) {
			out = append(out, v)
		}
	}
	return out
}

func (c *coverer) gives(v, term string) bool {
	if len(c.preds[v]) == 0 && len(c.aggs[v]) == 0 {
		return true // bound elsewhere: cannot tell
	}
	// "the first name": a given name, not the family name.
	if part := lexicon.NamePart(kg.Words(term)); part != 0 {
		return slices.ContainsFunc(c.preds[v], func(p string) bool { return lexicon.NamePart(kg.Tokens(p)) == part })
	}
	for _, p := range c.preds[v] {
		if c.means(p, term) || isNaming(term) && (c.means(p, "name") || c.means(p, "title")) {
			return true
		}
	}
	// A name is whatever text the projection returns when the schema
	// has no name column ("aircraft#aircraft").
	if isNaming(term) && len(c.aggs[v]) == 0 && !c.numericAnswer() && !c.iriAnswer() {
		return true
	}
	for _, a := range c.aggs[v] {
		if strings.EqualFold(a, term) {
			return true
		}
	}
	// An aggregate of the attribute gives it ("the maximum price and
	// score": MAX of the score).
	if len(c.aggs[v]) > 0 && !isNaming(term) {
		for _, u := range c.over[v] {
			for _, p := range c.preds[u] {
				if c.means(p, term) {
					return true
				}
			}
		}
	}
	return c.namesRelated(v, term)
}

// pathTo reports whether a relation of the query that term can mean
// leads to a thing some projected column describes ("home ground" of
// homeGround, when the stadium's capacity is projected).
func (c *coverer) pathTo(term string) bool {
	for _, t := range c.triples {
		p, pok := t.Predicate.(*sparql.IRI)
		o, ook := t.Object.(*sparql.Var)
		if !pok || !ook || p.Value == sparql.RDFType || len(c.types[o.Name]) == 0 || !c.means(p.Value, term) {
			continue
		}
		for _, u := range c.triples {
			s, sok := u.Subject.(*sparql.Var)
			ov, vok := u.Object.(*sparql.Var)
			if sok && vok && s.Name == o.Name && slices.Contains(c.projected(), ov.Name) {
				return true
			}
		}
	}
	return false
}

// namesRelated reports whether v is the name of an entity the query
// reaches through a relation term can mean ("Valdheim FK's home ground"
// answered by the name of the stadium linked by homeGround).
func (c *coverer) namesRelated(v, term string) bool {
	if ws := kg.Words(term); len(ws) > 0 && slices.Contains([]string{"id", "ids", "identifier", "code"}, ws[len(ws)-1]) {
		// "the name and id of accounts": an identifier asked for is a
		// column of its own, not the name of what a key links to.
		return false
	}
	var subjects []string
	for _, t := range c.triples {
		o, ok := t.Object.(*sparql.Var)
		p, pok := t.Predicate.(*sparql.IRI)
		s, sok := t.Subject.(*sparql.Var)
		if ok && pok && sok && o.Name == v && isNamingIRI(p.Value) {
			subjects = append(subjects, s.Name)
		}
	}
	for _, t := range c.triples {
		p, ok := t.Predicate.(*sparql.IRI)
		if !ok || !c.means(p.Value, term) {
			continue
		}
		s, sok := t.Subject.(*sparql.Var)
		o, ook := t.Object.(*sparql.Var)
		if sok && ook && (slices.Contains(subjects, s.Name) || slices.Contains(subjects, o.Name)) {
			return true
		}
	}
	return false
}

// matchColumns matches each term to its own projected variable among
// those that can give it (a bipartite matching by augmenting paths) and
// returns the terms left without one: two attributes the question asks
// for ("president vote and vice president vote") need two columns.
func (c *coverer) matchColumns(terms []string) []string {
	cands := make([][]string, len(terms))
	for i, t := range terms {
		cands[i] = c.termVars(t)
	}
	owner := map[string]int{}
	var try func(i int, seen map[string]bool) bool
	try = func(i int, seen map[string]bool) bool {
		for _, v := range cands[i] {
			if seen[v] {
				continue
			}
			seen[v] = true
			if o, taken := owner[v]; !taken || try(o, seen) {
				owner[v] = i
				return true
			}
		}
		return false
	}
	var left []string
	for i, t := range terms {
		if !try(i, map[string]bool{}) {
			left = append(left, t)
		}
	}
	return left
}

// projectsWordsOf reports whether a projected variable's predicate has
// words for which ok holds.
func (c *coverer) projectsWordsOf(ok func([]string) bool) bool {
	for _, v := range c.projected() {
		for _, p := range c.preds[v] {
			if ok(kg.Tokens(p)) {
				return true
			}
		}
	}
	return false
}

// projectsWords reports whether a projected variable's predicate has one
// of the words.
// onlyWordsOf reports whether every projected variable is bound by a
// predicate whose name's tokens satisfy ok (and there is one).
func (c *coverer) onlyWordsOf(ok func([]string) bool) bool {
	proj := c.projected()
	return len(proj) > 0 && !slices.ContainsFunc(proj, func(v string) bool {
		return !slices.ContainsFunc(c.preds[v], func(p string) bool { return ok(kg.Tokens(p)) })
	})
}

func (c *coverer) projectsWords(words ...string) bool {
	return c.projectsWordsOf(func(ws []string) bool {
		return slices.ContainsFunc(ws, func(t string) bool { return slices.Contains(words, t) })
	})
}

// answersType reports whether the projection shows things of the class
// a type term names: the things themselves, a column of theirs, or a
// column of the row their own key refers to (a gymnast, whose
// gymnast_id is a people row, named by that row). A query whose
// variables have no class says nothing against it.
func (c *coverer) answersType(term string) bool {
	named := func(v string) bool {
		return slices.ContainsFunc(c.types[v], func(cls string) bool { return c.classNamed(cls, term) })
	}
	typed := false
	for _, cls := range c.types {
		typed = typed || len(cls) > 0
	}
	if !typed {
		return true
	}
	// subjectsOf returns the variables of which v is a value; with own,
	// only through the subject's own key ("gymnast#ref-gymnast_id").
	subjectsOf := func(v string, own bool) []string {
		var out []string
		for _, t := range c.triples {
			p, pok := t.Predicate.(*sparql.IRI)
			s, sok := t.Subject.(*sparql.Var)
			o, ook := t.Object.(*sparql.Var)
			if !pok || !sok || !ook || p.Value == sparql.RDFType || o.Name != v {
				continue
			}
			if own && !slices.ContainsFunc(c.types[s.Name], func(cls string) bool {
				return lexicon.OwnColumn(kg.Words(kg.SplitIRI(p.Value).Column()), kg.Tokens(cls))
			}) {
				continue
			}
			out = append(out, s.Name)
		}
		return out
	}
	// A column the term names answers it too ("the distinct publishers
	// of publications": publication#publisher; "which nations":
	// nationality).
	ws := kg.Words(term)
	column := func(p string) bool {
		// Only the column's own name says what it answers: a number of
		// phone_market is not a market ("Which markets stock the
		// IPhone X?" answered by num_of_stock).
		if n := kg.SplitIRI(p); n.Qualifier != "" && !namedBy(kg.Words(n.Column()), ws) && namedBy(kg.Words(n.Qualifier), ws) {
			if sp := c.slice.Property(p); sp == nil || !slices.Contains(sp.Matched, term) {
				return false
			}
		}
		if c.means(p, term) {
			return true
		}
		head := lexicon.Singular(ws[len(ws)-1])
		// "Which town is Sonoma State University in?": a column of
		// places (location, county).
		if lexicon.Place(head) && slices.ContainsFunc(kg.Words(kg.SplitIRI(p).Column()), lexicon.Place) && c.slice != nil && !slices.ContainsFunc(c.slice.Classes, func(sc handoff.SliceClass) bool { return c.classNamed(sc.IRI, term) }) {
			return true
		}
		return len(head) >= 4 && slices.ContainsFunc(kg.Tokens(p), func(t string) bool { return strings.HasPrefix(t, head) })
	}
	for _, v := range c.projected() {
		if named(v) || len(ws) > 0 && slices.ContainsFunc(c.preds[v], column) {
			return true
		}
		// A number or a date of the things is not the things ("Which
		// albums did Glass Harbor release?" answered by release years).
		if c.measureVar(v) {
			continue
		}
		for _, s := range subjectsOf(v, false) {
			if named(s) || slices.ContainsFunc(subjectsOf(s, true), named) || c.agentOf(s, ws) {
				return true
			}
		}
	}
	return false
}

// agentOf reports whether ws, the words of a type term, name a maker
// ([lexicon.Maker]: "which company") and the variable v is what a
// reference named for a maker leads to (products#ref-manufacturer): the
// company that makes the thing.
func (c *coverer) agentOf(v string, ws []string) bool {
	if len(ws) == 0 || !lexicon.Maker(lexicon.Singular(ws[len(ws)-1])) {
		return false
	}
	for _, t := range c.triples {
		p, pok := t.Predicate.(*sparql.IRI)
		o, ook := t.Object.(*sparql.Var)
		if !pok || !ook || o.Name != v || p.Value == sparql.RDFType {
			continue
		}
		if col := kg.Words(kg.SplitIRI(p.Value).Column()); len(col) > 0 && lexicon.Maker(col[len(col)-1]) {
			return true
		}
	}
	return false
}

// classNamed reports whether a type term names class cls: the slice
// matched it to the term, or its name has the term's words.
func (c *coverer) classNamed(cls, term string) bool {
	if c.slice != nil {
		for _, sc := range c.slice.Classes {
			if sc.IRI == cls && slices.Contains(sc.Matched, term) {
				return true
			}
		}
	}
	return namedBy(kg.Tokens(cls), kg.Words(term))
}

// namesSubjects reports whether term, asked for as an attribute, is the
// name of the class of a projected column ("the chip model and screen
// mode of the phone": phone is whose columns they are) and no projected
// column is named by it.
func (c *coverer) namesSubjects(term string) bool {
	for _, v := range c.projected() {
		for _, p := range c.preds[v] {
			if namedBy(kg.Words(kg.SplitIRI(p).Local), kg.Words(term)) {
				return false // a column answers it
			}
		}
	}
	for _, t := range c.triples {
		p, ok := t.Predicate.(*sparql.IRI)
		s, sok := t.Subject.(*sparql.Var)
		o, ook := t.Object.(*sparql.Var)
		if !ok || !sok || !ook || p.Value == sparql.RDFType || !slices.Contains(c.projected(), o.Name) {
			continue
		}
		if cls := c.types[s.Name]; len(cls) > 0 && slices.Equal(kg.Words(kg.SplitIRI(cls[len(cls)-1]).Local), kg.Words(lexicon.Singular(term))) {
			return true
		}
	}
	return false
}

// means reports whether predicate iri can mean term: the slice matched it
// to the term, or its name has the term's words.
func (c *coverer) means(iri, term string) bool {
	if term == "" {
		return true
	}
	if p := c.slice.Property(iri); p != nil && slices.Contains(p.Matched, term) {
		return true
	}
	// What "earn" stands for (a salary), not what it is computed from
	// in reverse (an age from a birth date).
	if ok, inv := lexicon.Derives(term, kg.Tokens(iri)); ok && !inv {
		return true
	}
	// "description" of club#clubdesc.
	if tw, cw := kg.Words(term), kg.Tokens(iri); len(tw) == 1 && len(cw) > 0 && lexicon.TableAbbreviation(cw[len(cw)-1], kg.Words(kg.SplitIRI(iri).Qualifier), tw[0]) {
		return true
	}
	// "date of birth" of employee#emp_dob.
	if tw := kg.Words(term); slices.ContainsFunc(kg.Tokens(iri), func(t string) bool { return lexicon.SpellsOut(tw, t) }) {
		return true
	}
	return namedBy(kg.Tokens(iri), kg.Words(term))
}

// namedBy reports whether a name's tokens have the words of a term: all
// of them, or its head (last) word, also abbreviated into a column name
// ("facid" for id, "lname" for name).
func namedBy(tokens, words []string) bool {
	if len(words) == 0 {
		return false
	}
	if hasWords(tokens, words) || len(words) > 1 && hasWords(tokens, words[len(words)-1:]) {
		return true
	}
	// "type" of governmentform, of genre: another word for a kind.
	if lexicon.KindWord(lexicon.Singular(words[len(words)-1])) && slices.ContainsFunc(tokens, lexicon.KindWord) {
		return true
	}
	w := strings.TrimSuffix(words[len(words)-1], "s")
	return len(w) >= 2 && slices.ContainsFunc(tokens, func(t string) bool {
		return t != w && (strings.HasSuffix(t, w) || strings.HasPrefix(t, w)) && len(t) <= len(w)+4
	})
}

// CountUnnamed reports whether q counts for a question that asks how
// many of something (the output's count of a term) while nothing in q is
// that thing: "How many clubs does Eric Tai belong to?" counted over
// students alone counts no club. It is evidence, not a miss: Spider-style
// questions often count the rows of another table ("How many students
// play sports?" over sportsinfo).
func CountUnnamed(q *sparql.Query, res *sparql.Results, sg *handoff.Subgoal, slice *handoff.Slice) bool {
	if q == nil || sg == nil {
		return false
	}
	return newCoverer(q, res, sg, slice).countUnnamed()
}

// countUnnamed is [CountUnnamed] on the coverer's query.
func (c *coverer) countUnnamed() bool {
	out := c.sg.Requirements.Output
	if out.Aggregate != handoff.AggCount || out.AggregateOf == "" || genericTerm(out.AggregateOf) {
		return false
	}
	return c.projectsAgg("COUNT") && !c.names(out.AggregateOf)
}

// names reports whether the query uses a class or property that term
// names: by its words, or matched to it in the slice.
func (c *coverer) names(term string) bool {
	if c.usesWords(term) {
		return true
	}
	if c.slice == nil {
		return false
	}
	var iris []string
	for _, cl := range c.slice.Classes {
		if slices.Contains(cl.Matched, term) {
			iris = append(iris, cl.IRI)
		}
	}
	for _, p := range c.slice.Properties {
		if slices.Contains(p.Matched, term) {
			iris = append(iris, p.IRI)
		}
	}
	found := false
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		if iri, ok := n.(*sparql.IRI); ok && slices.Contains(iris, iri.Value) {
			found = true
		}
		return !found
	})
	return found
}

// usesWords reports whether the query uses an IRI whose name has the
// words of text: a capitalised schema word ("ID", "GPA") is a column,
// not a value.
func (c *coverer) usesWords(text string) bool {
	words := kg.Words(text)
	if len(words) == 0 {
		return false
	}
	found := false
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		if iri, ok := n.(*sparql.IRI); ok && namedBy(kg.Tokens(iri.Value), words) {
			found = true
		}
		return !found
	})
	return found
}

// genericTerm reports whether an attribute term names no attribute of
// its own ("the number of", "the total amount").
func genericTerm(term string) bool {
	switch term {
	case "number", "amount", "count", "total", "value", "quantity", "sum":
		return true
	}
	return false
}

// keyMeans reports whether an order key is on an attribute term can mean
// (any attribute when term is empty).
func (c *coverer) keyMeans(o order, term string) bool {
	if term == "" {
		return true
	}
	for _, v := range o.vars {
		for _, p := range c.preds[v] {
			// A point in time ("most recent date") is any date or year
			// attribute ("openedYear").
			if c.means(p, term) || lexicon.Temporal(term) && (slices.ContainsFunc(kg.Tokens(p), lexicon.Temporal) || c.timeValued(p)) ||
				lexicon.People(term) && c.peopleNumber(p) {
				return true
			}
		}
	}
	return false
}

// peopleNumber reports whether predicate iri is a number of people: one
// that a participle or a verb of the question names ("Which perpetrator
// injured the most people?" of perpetrator#injured, "killed" of
// number_deaths), or a population ("the county with the most people").
func (c *coverer) peopleNumber(iri string) bool {
	// A place's people: its population.
	if ok, _ := lexicon.Derives("resident", kg.Tokens(iri)); ok {
		return true
	}
	return slices.ContainsFunc(c.sg.Requirements.Predicates, func(t string) bool {
		d, derived := lexicon.DerivedFrom(t)
		return (lexicon.Participle(t) || derived && !d.Inverted) && c.means(iri, t)
	})
}

// timeValued reports whether the slice gives predicate iri the datatype
// of a point in time ("releasedate", xsd:date).
func (c *coverer) timeValued(iri string) bool {
	p := c.slice.Property(iri)
	return p != nil && slices.ContainsFunc(p.Datatypes, kg.TemporalDatatype)
}

// rateColumn reports whether the query reads a column named as a rate
// per term: "per" and then the term's words (pages_per_minute_color of
// "minute color").
func (c *coverer) rateColumn(term string) bool {
	tw := kg.Words(term)
	for _, t := range c.triples {
		p, ok := t.Predicate.(*sparql.IRI)
		if !ok || len(tw) == 0 {
			continue
		}
		ws := kg.Tokens(p.Value)
		if i := slices.Index(ws, "per"); i >= 0 && slices.EqualFunc(ws[i+1:], tw, func(a, b string) bool { return lexicon.Singular(a) == lexicon.Singular(b) }) {
			return true
		}
	}
	return false
}

// questionVerb reports whether w is a verb of the question in the past
// ("left" of "left office", "opened"), as one of its predicate terms.
func (c *coverer) questionVerb(w string) bool {
	return slices.ContainsFunc(c.sg.Requirements.Predicates, func(p string) bool {
		return !strings.Contains(p, " ") && (strings.HasSuffix(p, "ed") || lexicon.VerbBase(p) != p) && lexicon.Fold(p) == lexicon.Fold(w)
	})
}

// keyWords reports whether an order key's predicate has a word for
// which ok holds.
func (c *coverer) keyWords(o order, ok func(string) bool) bool {
	for _, v := range o.vars {
		for _, p := range c.preds[v] {
			if slices.ContainsFunc(kg.Tokens(p), ok) {
				return true
			}
		}
	}
	return false
}

// verbTimed reports whether a value property of the slice is named by a
// verb of the question (left_office of "left office"), the time it
// happened.
func (c *coverer) verbTimed() bool {
	return c.slice != nil && slices.ContainsFunc(c.slice.Properties, func(p handoff.SliceProperty) bool {
		return len(p.Ranges) == 0 && slices.ContainsFunc(kg.Tokens(p.IRI), c.questionVerb)
	})
}

// inverts reports whether the key orders by an attribute the cue's
// term derives from in the opposite order (youngest = latest birth
// date; see lexicon.Derives).
func (c *coverer) inverts(vars []string, term string) bool {
	for _, v := range vars {
		for _, p := range c.preds[v] {
			if ok, inv := lexicon.Derives(term, kg.Tokens(p)); ok && inv || lexicon.DatedOrigin(term, kg.Tokens(p)) {
				return true
			}
		}
	}
	return false
}

// ordered reports whether the query orders with a limit in the direction
// (for MIN/MAX asked as a value).
func (c *coverer) ordered(desc bool) bool {
	return slices.ContainsFunc(c.orders, func(o order) bool { return o.desc == desc })
}

// aggOn reports whether an aggregate agg of the query is over an
// attribute term can mean (any when the argument is not a bound
// variable).
func (c *coverer) aggOn(agg, term string) bool {
	found := false
	sparql.Inspect(c.q, func(n sparql.Node) bool {
		a, ok := n.(*sparql.Aggregate)
		if !ok || a.Name != agg || found {
			return !found
		}
		vars := sparql.ExprVars(a.Arg)
		if len(vars) == 0 {
			found = true
		}
		for _, v := range vars {
			if len(c.preds[v]) == 0 {
				found = true
			}
			for _, p := range c.preds[v] {
				found = found || c.means(p, term)
			}
		}
		return !found
	})
	return found
}

// numberForPlace reports whether the words of an attribute asked for
// name a place (not a size: "surface area") while the answer, computed
// by no aggregate, is all numbers: a key to the place, not the place.
func (c *coverer) numberForPlace(ws []string) bool {
	return len(ws) > 0 && lexicon.Place(ws[len(ws)-1]) && !lexicon.Size(ws[len(ws)-1]) && !c.hasAggregate() && c.numericAnswer()
}

// numericAnswer reports whether the first row's projected values are all
// numbers (false without rows).
func (c *coverer) numericAnswer() bool {
	return c.allValues(func(t sparql.Term) bool {
		l, ok := t.(*sparql.Literal)
		if !ok {
			return false
		}
		return numeric(l.Lexical) && !isDate(l)
	})
}

// numericColumn reports whether some projected column's values are all
// numbers.
func (c *coverer) numericColumn() bool {
	if c.res == nil || len(c.res.Rows) == 0 {
		return false
	}
	for _, v := range answerVars(c.q, c.res) {
		all, n := true, 0
		for _, row := range c.res.Rows[:min(len(c.res.Rows), 5)] {
			if t, ok := row[v]; ok && t != nil {
				l, lit := t.(*sparql.Literal)
				all = all && lit && numeric(l.Lexical)
				n++
			}
		}
		if all && n > 0 {
			return true
		}
	}
	return false
}

// dateAnswer reports whether the answer's values are dates or years.
func (c *coverer) dateAnswer() bool {
	return c.allValues(func(t sparql.Term) bool {
		l, ok := t.(*sparql.Literal)
		return ok && (isDate(l) || isYear(l.Lexical))
	})
}

// allValues reports whether the projected values of the first rows
// satisfy f (false without rows).
// measureVar reports whether the answer's values of v are all numbers or
// dates (of the first rows), or v's column names a point in time, while
// no key or naming column binds it.
func (c *coverer) measureVar(v string) bool {
	if slices.ContainsFunc(c.preds[v], func(p string) bool {
		sp := c.slice.Property(p)
		toks := kg.Tokens(p)
		return isNamingIRI(p) || sp != nil && sp.Key || len(toks) > 0 && slices.Contains([]string{"id", "code", "number", "no"}, toks[len(toks)-1])
	}) {
		return false
	}
	if slices.ContainsFunc(c.preds[v], func(p string) bool { return slices.ContainsFunc(kg.Tokens(p), lexicon.Temporal) }) {
		return true
	}
	if c.res == nil || len(c.res.Rows) == 0 {
		return false
	}
	n := 0
	for _, row := range c.res.Rows[:min(len(c.res.Rows), 5)] {
		t, ok := row[v]
		if !ok || t == nil {
			continue
		}
		l, lit := t.(*sparql.Literal)
		if !lit || !numeric(l.Lexical) && !isDate(l) {
			return false
		}
		n++
	}
	return n > 0
}

func (c *coverer) allValues(f func(sparql.Term) bool) bool {
	if c.res == nil || len(c.res.Rows) == 0 {
		return false
	}
	vars := answerVars(c.q, c.res)
	n := 0
	for _, row := range c.res.Rows[:min(len(c.res.Rows), 5)] {
		for _, v := range vars {
			if t, ok := row[v]; ok && t != nil {
				if !f(t) {
					return false
				}
				n++
			}
		}
	}
	return n > 0
}

// iriAnswer reports whether every projected value of the first rows is
// an IRI or a blank node.
func (c *coverer) iriAnswer() bool {
	return c.allValues(func(t sparql.Term) bool {
		_, lit := t.(*sparql.Literal)
		return !lit
	})
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// boolean reports whether the answer is a boolean.
func (c *coverer) boolean() bool { return c.res != nil && c.res.Boolean != nil }

func isDate(l *sparql.Literal) bool {
	dt := l.DatatypeIRI()
	return strings.HasSuffix(dt, "#date") || strings.HasSuffix(dt, "#dateTime") || strings.HasSuffix(dt, "#gYear") || strings.HasSuffix(dt, "#gYearMonth")
}

func isYear(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && len(s) == 4 && n >= 1000 && n <= 2200
}

// isNaming reports whether an attribute term asks for a name.
func isNaming(term string) bool {
	switch term {
	case "name", "title", "label", "first name", "last name", "full name":
		return true
	}
	return false
}

func direction(desc bool) string {
	if desc {
		return "DESC"
	}
	return "ASC"
}

// Missed describes the commitments not met, for a reason: `the question
// names "youngest" but the query orders by nothing`.
func Missed(cs []handoff.Commitment) []string {
	var out []string
	for _, c := range cs {
		switch {
		case c.Met:
		case c.Kind == KindConstant:
			out = append(out, c.Detail)
		default:
			out = append(out, fmt.Sprintf("the question names %q but %s", c.Cue, c.Detail))
		}
	}
	return out
}

// numeric reports whether s is a number (see number).
func numeric(s string) bool {
	_, ok := number(s)
	return ok
}
