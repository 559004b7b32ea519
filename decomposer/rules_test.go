package decomposer_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/schemaforge/go-schemaforge/decomposer"
	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// Short names for the operations, filter ops, shapes and aggregates.
const (
	lookup    = handoff.OpLookup
	filter    = handoff.OpFilter
	compare   = handoff.OpCompare
	aggregate = handoff.OpAggregate
	group     = handoff.OpGroup
	rank      = handoff.OpRank
	negate    = handoff.OpNegate
	intersect = handoff.OpIntersect
	union     = handoff.OpUnion
	diff      = handoff.OpDifference
	ask       = handoff.OpAsk
)

func ops(o ...handoff.Operation) []handoff.Operation { return o }

// decompose runs the rule-based decomposer on q and checks what every
// decomposition must satisfy: it validates, comes from the rules, keeps
// the question, and its rule-found mentions slice back to their text.
func decompose(t *testing.T, q string, opts ...decomposer.Option) *handoff.Decomposition {
	t.Helper()
	d, err := decomposer.NewRules(opts...).Decompose(context.Background(), q)
	if err != nil {
		t.Fatalf("Decompose(%q): %v", q, err)
	}
	checkDecomposition(t, q, d)
	return d
}

// decomposeN is [decompose] for a question of n subgoals: it stops the
// test when there are not n, and logs the decomposition when the test
// fails.
func decomposeN(t *testing.T, q string, n int) *handoff.Decomposition {
	t.Helper()
	d := decompose(t, q)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("decomposition:\n%s", dump(d))
		}
	})
	if len(d.Subgoals) != n {
		t.Fatalf("got %d subgoals, want %d", len(d.Subgoals), n)
	}
	return d
}

func checkDecomposition(t *testing.T, q string, d *handoff.Decomposition) {
	t.Helper()
	if err := d.Validate(); err != nil {
		t.Fatalf("Decompose(%q) is invalid: %v\n%s", q, err, dump(d))
	}
	if d.Question != q {
		t.Errorf("Question = %q, want %q", d.Question, q)
	}
	if d.Source != decomposer.RulesSource {
		t.Errorf("Source = %q, want %q", d.Source, decomposer.RulesSource)
	}
	// The safety net of Decompose hides panics and invalid results of the
	// rules behind a fallback and a note: both are bugs.
	for _, n := range d.Notes {
		if strings.HasPrefix(n, "rules failed") || strings.HasPrefix(n, "rules produced an invalid") {
			t.Errorf("Decompose(%.60q) fell back: %s", q, n)
		}
	}
	for _, s := range d.Subgoals {
		if strings.TrimSpace(s.Text) == "" {
			t.Errorf("subgoal %s has no text", s.ID)
		}
		for _, m := range s.Mentions {
			if m.Start < 0 || m.End > len(q) || m.Start > m.End {
				t.Errorf("subgoal %s: mention %+v out of bounds of %q", s.ID, m, q)
				continue
			}
			if m.Kind != handoff.MentionValue && q[m.Start:m.End] != m.Text {
				t.Errorf("subgoal %s: mention %+v: q[%d:%d] = %q, want its Text", s.ID, m, m.Start, m.End, q[m.Start:m.End])
			}
		}
	}
}

// dump renders a decomposition for failure messages.
func dump(d *handoff.Decomposition) string {
	var b strings.Builder
	for _, s := range d.Subgoals {
		r := s.Requirements
		fmt.Fprintf(&b, "%s %q ops=%v deps=%v\n  P=%q T=%q J=%+v\n  F=%+v\n  O=%+v\n  M=%+v\n",
			s.ID, s.Text, s.Operations, s.DependsOn, r.Predicates, r.Types, r.Joins, r.Filters, r.Output, s.Mentions)
	}
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

// want is what a single-subgoal question must decompose into. Nil and
// empty fields are not checked, except where noted.
type want struct {
	q       string
	ops     []handoff.Operation // exact, main operation first
	types   []string            // each in Requirements.Types
	preds   []string            // each in Requirements.Predicates
	noTypes []string            // none in Requirements.Types
	filters []handoff.Filter    // exact, in order, when non-nil
	output  *handoff.Output     // exact when non-nil
}

// noFilters asks for no filter at all.
var noFilters = []handoff.Filter{}

func runSingle(t *testing.T, cases []want) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			d := decompose(t, c.q)
			if len(d.Subgoals) != 1 {
				t.Fatalf("got %d subgoals, want 1:\n%s", len(d.Subgoals), dump(d))
			}
			checkSubgoal(t, &d.Subgoals[0], c)
			if t.Failed() {
				t.Logf("decomposition:\n%s", dump(d))
			}
		})
	}
}

func checkSubgoal(t *testing.T, s *handoff.Subgoal, c want) {
	t.Helper()
	r := s.Requirements
	if c.ops != nil {
		if diff := cmp.Diff(c.ops, s.Operations); diff != "" {
			t.Errorf("%s: operations (-want +got):\n%s", s.ID, diff)
		}
	}
	for _, ty := range c.types {
		if !slices.Contains(r.Types, ty) {
			t.Errorf("%s: Types = %q, want it to contain %q", s.ID, r.Types, ty)
		}
	}
	for _, ty := range c.noTypes {
		if slices.Contains(r.Types, ty) {
			t.Errorf("%s: Types = %q, want it not to contain %q", s.ID, r.Types, ty)
		}
	}
	for _, p := range c.preds {
		if !slices.Contains(r.Predicates, p) {
			t.Errorf("%s: Predicates = %q, want it to contain %q", s.ID, r.Predicates, p)
		}
	}
	if c.filters != nil {
		if diff := cmp.Diff(c.filters, r.Filters, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: filters (-want +got):\n%s", s.ID, diff)
		}
	}
	if c.output != nil {
		if diff := cmp.Diff(*c.output, r.Output, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: output (-want +got):\n%s", s.ID, diff)
		}
	}
}

func TestLookup(t *testing.T) {
	runSingle(t, []want{
		{
			q:   "List the names of all painters.",
			ops: ops(lookup), types: []string{"painter"}, preds: []string{"name"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}},
		},
		{
			q:   "Show the titles and release years of all albums.",
			ops: ops(lookup), types: []string{"album"}, preds: []string{"title", "release year", "year"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"title", "release year"}},
		},
		{
			// "count" after a noun names a column, not a count.
			q:   "Show the date and share count of all transactions.",
			ops: ops(lookup), types: []string{"transaction"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"date", "share"}},
		},
		{
			// "phone" often names an attribute, but not after "the names of".
			q:     "List the names of phones in ascending order of price.",
			types: []string{"phone"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}, OrderBy: "price"},
		},
		{
			// A list of plurals before "of the X" asks for columns.
			q:   "List the wheels and locations of the railways.",
			ops: ops(lookup), types: []string{"railway"}, preds: []string{"wheel", "location"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"wheel", "location"}},
		},
		{
			// …but the plural after "of" names the entities.
			q:   "Show the names of climbers and the ages of painters.",
			ops: ops(lookup), types: []string{"climber", "painter"}, preds: []string{"name", "age"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "age"}},
		},
		{
			q:   "Give the ids and names of all products.",
			ops: ops(lookup), types: []string{"product"}, preds: []string{"id", "name"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"id", "name"}},
		},
		{
			// The entity after "of" is not a value of the attribute.
			q:   "What is the capital of Peru?",
			ops: ops(lookup, filter), preds: []string{"capital"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Peru", ValueKind: "string"}},
			output:  &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"capital"}},
		},
		{
			q:   "What is the height of the Eiffel Tower?",
			ops: ops(lookup, filter), preds: []string{"height"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Eiffel Tower", ValueKind: "string"}},
			output:  &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"height"}},
		},
		{
			q:   "Which different genres are there?",
			ops: ops(lookup), types: []string{"genre"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Distinct: true},
		},
	})
}

func TestFilters(t *testing.T) {
	num := func(attr string, op handoff.FilterOp, v string) []handoff.Filter {
		return []handoff.Filter{{Attribute: attr, Op: op, Value: v, ValueKind: "number"}}
	}
	date := func(attr string, op handoff.FilterOp, v string) []handoff.Filter {
		return []handoff.Filter{{Attribute: attr, Op: op, Value: v, ValueKind: "date"}}
	}
	entities := &handoff.Output{Shape: handoff.ShapeEntities}
	runSingle(t, []want{
		// Numeric comparisons: the comparative implies the attribute.
		{q: "Which singers are older than 30?", ops: ops(lookup, filter), types: []string{"singer"}, preds: []string{"age"},
			filters: num("age", handoff.FilterGt, "30"), output: entities},
		{q: "Which hikers are younger than twenty five?", ops: ops(lookup, filter), types: []string{"hiker"}, preds: []string{"age"},
			filters: num("age", handoff.FilterLt, "25")},
		{q: "Which rivers are longer than 1000 km?", ops: ops(lookup, filter), types: []string{"river"}, preds: []string{"length"},
			filters: num("length", handoff.FilterGt, "1000")},
		// A minus sign makes a number negative.
		{q: "Which cities have a temperature below -5?", ops: ops(lookup, filter), types: []string{"city"}, preds: []string{"temperature"},
			filters: num("temperature", handoff.FilterLt, "-5")},
		{q: "Which airports have an elevation between -50 and 50?", ops: ops(lookup, filter), types: []string{"airport"},
			filters: []handoff.Filter{{Attribute: "elevation", Op: handoff.FilterBetween, Value: "-50", Value2: "50", ValueKind: "number"}}},
		// A number right after a noun labels the thing the noun names.
		{q: "How many patients stayed in room 112?", types: []string{"patient"}, preds: []string{"room"},
			filters: []handoff.Filter{{Attribute: "room", Op: handoff.FilterEq, Value: "112", ValueKind: "number", Label: true}}},
		// The counted noun after the value is the attribute.
		{q: "Which clubs have at least 50 members?", ops: ops(lookup, filter), types: []string{"club"}, preds: []string{"member"},
			filters: num("member", handoff.FilterGe, "50")},
		{q: "Which rooms have at most 4 beds?", ops: ops(lookup, filter), types: []string{"room"}, preds: []string{"bed"},
			filters: num("bed", handoff.FilterLe, "4")},
		{q: "Which clubs have 20 or more members?", ops: ops(lookup, filter), types: []string{"club"},
			filters: num("member", handoff.FilterGe, "20")},
		{q: "Which planets have fewer than three moons?", ops: ops(lookup, filter), types: []string{"planet"},
			filters: num("moon", handoff.FilterLt, "3")},
		// "N UNIT of NOUN": the noun, measured in the unit, is the
		// attribute (rom_mib, years_of_experience); a count of kinds is
		// not a unit.
		{q: "Which chips have more than 64 MiB of ROM?", ops: ops(lookup, filter), types: []string{"chip"},
			filters: num("rom mib", handoff.FilterGt, "64")},
		{q: "Which pilots have more than 3 years of experience?", ops: ops(lookup, filter), types: []string{"pilot"},
			filters: num("experience years", handoff.FilterGt, "3")},
		{q: "Which cities have more than 2.5 million inhabitants?", ops: ops(lookup, filter), types: []string{"city"},
			filters: num("inhabitant", handoff.FilterGt, "2500000")},
		{q: "Does the library have more than 1000 books?", ops: ops(ask, filter), types: []string{"library", "book"},
			filters: num("book", handoff.FilterGt, "1000")},
		// A currency sign, or the unit noun of a date, between the
		// comparison and its value.
		{q: "Which cars have a price higher than $20000?", ops: ops(lookup, filter), types: []string{"car"},
			filters: num("price", handoff.FilterGt, "20000")},
		{q: "Which lakes were mapped after the year 1850?", ops: ops(lookup, filter), types: []string{"lake"},
			filters: date("year", handoff.FilterGt, "1850")},
		// The attribute named before the comparison.
		{q: "Which cars have a price >= 20000?", ops: ops(lookup, filter), types: []string{"car"}, preds: []string{"price"},
			filters: num("price", handoff.FilterGe, "20000")},
		{q: "Which singers have an age of 30?", ops: ops(lookup, filter), types: []string{"singer"}, preds: []string{"age"},
			filters: num("age", handoff.FilterEq, "30")},
		{q: "Which teachers have between 3 and 5 classes?", ops: ops(lookup, filter), types: []string{"teacher"},
			filters: []handoff.Filter{{Attribute: "class", Op: handoff.FilterBetween, Value: "3", Value2: "5", ValueKind: "number"}}},
		// Several filters in one clause.
		{q: "Which employees are older than 40 and earn more than 5000?", ops: ops(lookup, filter), preds: []string{"age", "earn"},
			filters: []handoff.Filter{
				{Attribute: "age", Op: handoff.FilterGt, Value: "40", ValueKind: "number"},
				{Attribute: "earn", Op: handoff.FilterGt, Value: "5000", ValueKind: "number"},
			}},
		// Dates and years: the relation verb is the attribute.
		{q: "Which films were released after 2010?", ops: ops(lookup, filter), types: []string{"film"}, preds: []string{"released"},
			filters: date("released", handoff.FilterGt, "2010"), output: entities},
		{q: "Which employees were hired before March 2001?", ops: ops(lookup, filter), types: []string{"employee"}, preds: []string{"hired"},
			filters: date("hired", handoff.FilterLt, "2001-03")},
		{q: "What songs has Madonna released since 1990?", ops: ops(lookup, filter), types: []string{"song"},
			filters: []handoff.Filter{
				{Attribute: "released", Op: handoff.FilterGe, Value: "1990", ValueKind: "date"},
				{Op: handoff.FilterEq, Value: "Madonna", ValueKind: "string"},
			}},
		{q: "Which patients were admitted after April 3, 2018?", ops: ops(lookup, filter), types: []string{"patient"},
			filters: date("admitted", handoff.FilterGt, "2018-04-03")},
		{q: "Which patients were admitted on 2019-04-12?", ops: ops(lookup, filter),
			filters: date("admitted", handoff.FilterEq, "2019-04-12")},
		{q: "Which authors were born on 12 July 1950?", ops: ops(lookup, filter), types: []string{"author"}, preds: []string{"born"},
			filters: date("born", handoff.FilterEq, "1950-07-12")},
		{q: "Which students enrolled in 2000?", ops: ops(lookup, filter), types: []string{"student"},
			filters: date("enrolled", handoff.FilterEq, "2000")},
		{q: "Which companies were founded between 1990 and 2000?", ops: ops(lookup, filter), types: []string{"company"},
			filters: []handoff.Filter{{Attribute: "founded", Op: handoff.FilterBetween, Value: "1990", Value2: "2000", ValueKind: "date"}}},
		// A four-digit number after "than" is a quantity, not a year.
		{q: "How many students have more than 2000 points?", ops: ops(aggregate, filter), types: []string{"student"},
			filters: num("point", handoff.FilterGt, "2000")},
		// String equality: an implicit attribute, or the one named.
		{q: "Which cyclists are from France?", ops: ops(lookup, filter), types: []string{"cyclist"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "France", ValueKind: "string"}}, output: entities},
		{q: "Which stores are located in \"New York\"?", ops: ops(lookup, filter), types: []string{"store"}, preds: []string{"located"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "New York", ValueKind: "string"}}},
		{q: "Which albums are named \"Blue Harvest\"?", ops: ops(lookup, filter), types: []string{"album"}, preds: []string{"name"},
			filters: []handoff.Filter{{Attribute: "name", Op: handoff.FilterEq, Value: "Blue Harvest", ValueKind: "string"}}},
		{q: "Which albums have the title 'Abbey Road'?", ops: ops(lookup, filter), types: []string{"album"},
			filters: []handoff.Filter{{Attribute: "title", Op: handoff.FilterEq, Value: "Abbey Road", ValueKind: "string"}}},
		{q: "Which people have the surname Smith?", ops: ops(lookup, filter), types: []string{"person"},
			filters: []handoff.Filter{{Attribute: "surname", Op: handoff.FilterEq, Value: "Smith", ValueKind: "string"}}},
		// Containment.
		{q: "Which books have a title that contains the word \"night\"?", ops: ops(lookup, filter),
			types: []string{"book"}, noTypes: []string{"word"}, preds: []string{"title"},
			filters: []handoff.Filter{{Attribute: "title", Op: handoff.FilterContains, Value: "night", ValueKind: "string"}}},
		{q: "Which songs have titles containing “love”?", ops: ops(lookup, filter), types: []string{"song"},
			filters: []handoff.Filter{{Attribute: "title", Op: handoff.FilterContains, Value: "love", ValueKind: "string"}}},
		{q: "List the products whose description contains 'organic'.", ops: ops(lookup, filter), types: []string{"product"},
			filters: []handoff.Filter{{Attribute: "description", Op: handoff.FilterContains, Value: "organic", ValueKind: "string"}}},
		{q: "Which streets have names containing 'oak'?", ops: ops(lookup, filter), types: []string{"street"},
			filters: []handoff.Filter{{Attribute: "name", Op: handoff.FilterContains, Value: "oak", ValueKind: "string"}}},
		// The word unquoted, a function word too.
		{q: "Which songs contain the word night?", ops: ops(lookup, filter), types: []string{"song"}, noTypes: []string{"word", "night", "word night"},
			filters: []handoff.Filter{{Attribute: "name", Op: handoff.FilterContains, Value: "night", ValueKind: "string"}}},
		{q: "What are the names of tracks that contain the word you in them?", ops: ops(lookup, filter), types: []string{"track"}, noTypes: []string{"word"},
			filters: []handoff.Filter{{Attribute: "name", Op: handoff.FilterContains, Value: "you", ValueKind: "string"}}},
	})
}

func TestComparison(t *testing.T) {
	runSingle(t, []want{
		{
			// Comparing with an entity rather than a constant.
			q:   "Is the Nile longer than the Amazon?",
			ops: ops(ask, compare, filter), preds: []string{"length"},
			output: &handoff.Output{Shape: handoff.ShapeBoolean},
		},
		{
			q:   "Are there more cats than dogs?",
			ops: ops(ask, compare), types: []string{"cat", "dog"},
			filters: noFilters, output: &handoff.Output{Shape: handoff.ShapeBoolean},
		},
		{
			q:   "Compare the populations of Lyon and Marseille.",
			ops: ops(compare, filter), preds: []string{"population"}, noTypes: []string{"compare"},
			filters: []handoff.Filter{
				{Op: handoff.FilterEq, Value: "Lyon", ValueKind: "string"},
				{Op: handoff.FilterEq, Value: "Marseille", ValueKind: "string"},
			},
		},
	})
}

func TestAggregates(t *testing.T) {
	number := func(ag handoff.Aggregate, of string) *handoff.Output {
		return &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: ag, AggregateOf: of}
	}
	runSingle(t, []want{
		{q: "How many planets are there?", ops: ops(aggregate), types: []string{"planet"}, filters: noFilters,
			output: number(handoff.AggCount, "planet")},
		{q: "How many rivers flow through Germany?", ops: ops(aggregate, filter), types: []string{"river"}, preds: []string{"flow"},
			noTypes: []string{"rivers flow"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Germany", ValueKind: "string"}},
			output:  number(handoff.AggCount, "river")},
		{q: "Count the museums in Paris.", ops: ops(aggregate, filter), types: []string{"museum"},
			output: number(handoff.AggCount, "museum")},
		{q: "What is the number of volcanoes in Chile?", ops: ops(aggregate, filter), types: []string{"volcano"},
			output: number(handoff.AggCount, "volcano")},
		// "total revenue" is a term too: a schema may hold the total.
		{q: "What is the total revenue of all shops?", ops: ops(aggregate), types: []string{"shop"}, preds: []string{"revenue", "total revenue"},
			output: number(handoff.AggSum, "revenue")},
		{q: "What is the sum of the budgets of all projects?", ops: ops(aggregate), types: []string{"project"}, preds: []string{"budget"},
			output: number(handoff.AggSum, "budget")},
		// "as well as" joins like "and".
		{q: "Show the names as well as the ages of the singers.", types: []string{"singer"}, preds: []string{"name", "age"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "age"}}},
		// "how many total X" is the total of X, not a count.
		{q: "How many total pounds were sold by the shops?", types: []string{"shop"},
			output: number(handoff.AggSum, "pound")},
		{q: "What is the average salary of nurses?", ops: ops(aggregate), types: []string{"nurse"}, preds: []string{"salary"},
			output: number(handoff.AggAvg, "salary")},
		// "across all" is all at once, not per item.
		{q: "What is the average salary across all nurses?", ops: ops(aggregate), types: []string{"nurse"}, preds: []string{"salary"},
			output: number(handoff.AggAvg, "salary")},
		{q: "What is the mean weight of the parcels?", ops: ops(aggregate), types: []string{"parcel"}, preds: []string{"weight"},
			output: number(handoff.AggAvg, "weight")},
		{q: "What is the minimum price of laptops?", ops: ops(aggregate), types: []string{"laptop"}, preds: []string{"price"},
			output: number(handoff.AggMin, "price")},
		{q: "What is the maximum height of towers?", ops: ops(aggregate), types: []string{"tower"}, preds: []string{"height"},
			output: number(handoff.AggMax, "height")},
		// A superlative of an attribute asked for is an aggregate, not a rank.
		{q: "What is the highest salary of the pilots?", ops: ops(aggregate), types: []string{"pilot"}, preds: []string{"salary"},
			output: number(handoff.AggMax, "salary")},
		{q: "What is the total population of the cities in Italy?", ops: ops(aggregate, filter), types: []string{"city"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Italy", ValueKind: "string"}},
			output:  number(handoff.AggSum, "population")},
	})
}

func TestGrouping(t *testing.T) {
	table := func(ag handoff.Aggregate, of string, by ...string) *handoff.Output {
		return &handoff.Output{Shape: handoff.ShapeTable, Aggregate: ag, AggregateOf: of, GroupBy: by}
	}
	runSingle(t, []want{
		{q: "How many students are there for each department?", ops: ops(aggregate, group), types: []string{"student", "department"},
			output: table(handoff.AggCount, "student", "department")},
		{q: "What is the number of employees per company?", ops: ops(aggregate, group), types: []string{"employee", "company"},
			output: table(handoff.AggCount, "employee", "company")},
		{q: "Show the average rating of hotels by city.", ops: ops(aggregate, group), types: []string{"hotel"}, preds: []string{"rating"},
			output: table(handoff.AggAvg, "rating", "city")},
		{q: "What is the highest score of each team?", ops: ops(aggregate, group), types: []string{"team"}, preds: []string{"score"},
			output: table(handoff.AggMax, "score", "team")},
		{q: "List the number of books grouped by genre.", ops: ops(aggregate, group), types: []string{"book"},
			output: table(handoff.AggCount, "book", "genre")},
		{q: "What is the total sales per region?", ops: ops(aggregate, group), preds: []string{"sales"},
			output: table(handoff.AggSum, "sales", "region")},
	})
}

func TestRanking(t *testing.T) {
	ranked := func(by string, desc bool, limit int) *handoff.Output {
		return &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: by, Descending: desc, Limit: limit}
	}
	runSingle(t, []want{
		// Superlatives with an implied attribute.
		{q: "Who is the youngest pilot?", ops: ops(lookup, rank), types: []string{"pilot"}, preds: []string{"age"},
			filters: noFilters, output: ranked("age", false, 1)},
		{q: "Name the three oldest professors.", ops: ops(lookup, rank), types: []string{"professor"}, preds: []string{"age"},
			filters: noFilters, output: ranked("age", true, 3)},
		{q: "Name the twenty one tallest buildings.", ops: ops(lookup, rank), types: []string{"building"},
			output: ranked("height", true, 21)},
		{q: "Which restaurant is the cheapest?", ops: ops(lookup, rank), types: []string{"restaurant"},
			output: ranked("price", false, 1)},
		{q: "Which 3 rivers are the longest?", ops: ops(lookup, rank), types: []string{"river"},
			filters: noFilters, output: ranked("length", true, 3)},
		// A superlative of a named attribute.
		{q: "Which mountain has the highest elevation?", ops: ops(lookup, rank), types: []string{"mountain"}, preds: []string{"elevation"},
			output: ranked("elevation", true, 1)},
		{q: "Which city has the lowest population?", ops: ops(lookup, rank), types: []string{"city"},
			output: ranked("population", false, 1)},
		// "top N … by".
		{q: "List the top 3 countries by population.", ops: ops(lookup, rank), types: []string{"country"}, preds: []string{"population"},
			filters: noFilters, output: ranked("population", true, 3)},
		{q: "What are the 5 largest lakes?", ops: ops(lookup, rank), types: []string{"lake"},
			filters: noFilters, output: ranked("", true, 5)},
		// Ranking by a count, per the type asked for.
		{q: "Which author wrote the most novels?", ops: ops(lookup, aggregate, rank, group), types: []string{"author", "novel"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "novel", GroupBy: []string{"author"}, OrderBy: "novel", Descending: true}},
		{q: "Which team has the fewest players?", ops: ops(lookup, aggregate, rank, group), types: []string{"team", "player"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "player", GroupBy: []string{"team"}, OrderBy: "player"}},
		// A verb in -s with a preposition before its object's
		// determiner agrees with the singular asked for.
		{q: "Which medicine interacts with the most enzymes?", ops: ops(lookup, aggregate, rank, group), types: []string{"medicine", "enzyme"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "enzyme", GroupBy: []string{"medicine"}, OrderBy: "enzyme", Descending: true}},
		// A participle on what is had qualifies what is counted; on the
		// things ranked, it names the measure.
		{q: "Which airline has the most delayed flights?", ops: ops(lookup, aggregate, rank, group), types: []string{"airline", "flight"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "flight", GroupBy: []string{"airline"}, OrderBy: "flight", Descending: true}},
		{q: "Which course has the fewest enrolled students?", ops: ops(lookup, aggregate, rank, group), types: []string{"course", "student"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "student", GroupBy: []string{"course"}, OrderBy: "student"}},
		{q: "What are the three most visited museums?", ops: ops(lookup, rank), types: []string{"museum"},
			output: ranked("visited", true, 3)},
		// Explicit ordering.
		{q: "List the cars ordered by price descending.", ops: ops(lookup, rank), types: []string{"car"}, preds: []string{"price"},
			output: ranked("price", true, 0)},
		{q: "Sort the planets by mass in ascending order.", ops: ops(lookup, rank), types: []string{"planet"}, preds: []string{"mass"},
			output: ranked("mass", false, 0)},
		// "Select" is a request like "show".
		{q: "Select the name and price of the cheapest product.", types: []string{"product"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "price"}, OrderBy: "price", Limit: 1}},
		// "from … to …" along a scale orders, and names nothing.
		{q: "List the rivers sorted by length from big to small.", ops: ops(lookup, rank), types: []string{"river"}, preds: []string{"length"},
			output: ranked("length", true, 0)},
		{q: "Show the cities ordered by population from low to high.", ops: ops(lookup, rank), types: []string{"city"}, preds: []string{"population"},
			output: ranked("population", false, 0)},
	})
}

func TestNegation(t *testing.T) {
	runSingle(t, []want{
		{q: "Which students did not attend any lecture?", ops: ops(lookup, negate), types: []string{"student", "lecture"}, preds: []string{"attend"},
			filters: noFilters},
		{q: "Which cars are without an owner?", ops: ops(lookup, negate), types: []string{"car", "owner"}},
		{q: "Which actors have never won an award?", ops: ops(lookup, negate), types: []string{"actor", "award"}},
		{q: "Which chefs never cooked pasta?", ops: ops(lookup, negate), types: []string{"chef"}},
		{q: "Which farmers have no tractors at all?", ops: ops(lookup, negate), types: []string{"farmer", "tractor"}},
		{q: "Which authors have no books at all?", ops: ops(lookup, negate), types: []string{"author", "book"}},
		{q: "What are the names of the employees who are not managers?", ops: ops(lookup, negate), types: []string{"employee", "manager"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}}},
		// A negated condition is a negated filter.
		{q: "Which players are not from Brazil?", ops: ops(lookup, filter, negate), types: []string{"player"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Brazil", ValueKind: "string", Negated: true}}},
		{q: "Which cities are not in France?", ops: ops(lookup, filter, negate), types: []string{"city"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "France", ValueKind: "string", Negated: true}}},
		{q: "Which runners are not older than 25?", ops: ops(lookup, filter, negate), types: []string{"runner"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterGt, Value: "25", ValueKind: "number", Negated: true}}},
	})
}

func TestYesNo(t *testing.T) {
	boolean := &handoff.Output{Shape: handoff.ShapeBoolean}
	runSingle(t, []want{
		{q: "Are there any dogs older than 12?", ops: ops(ask, filter), types: []string{"dog"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterGt, Value: "12", ValueKind: "number"}}, output: boolean},
		{q: "Is Berlin the capital of Germany?", ops: ops(ask, filter), preds: []string{"capital"},
			filters: []handoff.Filter{
				{Op: handoff.FilterEq, Value: "Berlin", ValueKind: "string"},
				{Op: handoff.FilterEq, Value: "Germany", ValueKind: "string"},
			}},
		{q: "Did Mozart compose an opera?", ops: ops(ask, filter), types: []string{"opera"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Mozart", ValueKind: "string"}}, output: boolean},
		{q: "Was \"Hamlet\" written by Shakespeare?", ops: ops(ask, filter), preds: []string{"written"},
			filters: []handoff.Filter{
				{Op: handoff.FilterEq, Value: "Hamlet", ValueKind: "string"},
				{Op: handoff.FilterEq, Value: "Shakespeare", ValueKind: "string"},
			}, output: boolean},
		{q: "Do any rivers flow through Paris?", ops: ops(ask, filter), types: []string{"river"}, preds: []string{"flow"}, output: boolean},
	})
	// Every yes/no question has a boolean answer, whatever else it does.
	for _, q := range []string{"Is the Nile longer than the Amazon?", "Has Norway won more medals than Sweden?",
		"Were any bridges built before 1900?", "Can penguins fly?"} {
		d := decompose(t, q)
		f := d.Final()
		if !f.Has(ask) || f.Operations[0] != ask || f.Requirements.Output.Shape != handoff.ShapeBoolean {
			t.Errorf("%q: final subgoal ops=%v shape=%s, want ask first and a boolean", q, f.Operations, f.Requirements.Output.Shape)
		}
	}
}

// setWant is what a set operation must decompose into: two subgoals
// and the combination of both.
type setWant struct {
	q            string
	op           handoff.Operation
	left, right  want // checked on s1 and s2 (q is their Text)
	combinedOps  []handoff.Operation
	combinedType []string
}

func TestSetOperations(t *testing.T) {
	cases := []setWant{
		{
			q: "Which musicians play both guitar and piano?", op: intersect,
			left:        want{q: "Which musicians play guitar", types: []string{"musician", "guitar"}, preds: []string{"play"}},
			right:       want{q: "Which musicians play piano", types: []string{"musician", "piano"}, preds: []string{"play"}},
			combinedOps: ops(intersect), combinedType: []string{"musician"},
		},
		{
			q: "Which teams won both in 2001 and in 2005?", op: intersect,
			left: want{q: "Which teams won in 2001", types: []string{"team"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "2001", ValueKind: "date"}}},
			right: want{q: "Which teams won in 2005", types: []string{"team"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "2005", ValueKind: "date"}}},
			combinedOps: ops(intersect), combinedType: []string{"team"},
		},
		{
			q: "Which actors starred in \"Heat\" and also in \"Ronin\"?", op: intersect,
			left: want{q: `Which actors starred in "Heat"`, types: []string{"actor"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Heat", ValueKind: "string"}}},
			right: want{q: `Which actors starred in "Ronin"`, types: []string{"actor"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Ronin", ValueKind: "string"}}},
			combinedOps: ops(intersect), combinedType: []string{"actor"},
		},
		{
			q: "Which cities are either in Spain or in Portugal?", op: union,
			left: want{q: "Which cities are in Spain", ops: ops(lookup, filter), types: []string{"city"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Spain", ValueKind: "string"}}},
			right: want{q: "Which cities are in Portugal", ops: ops(lookup, filter), types: []string{"city"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Portugal", ValueKind: "string"}}},
			combinedOps: ops(union), combinedType: []string{"city"},
		},
		{
			q: "Which bands played in either London or Dublin?", op: union,
			left: want{q: "Which bands played in London", types: []string{"band"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "London", ValueKind: "string"}}},
			right: want{q: "Which bands played in Dublin", types: []string{"band"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Dublin", ValueKind: "string"}}},
			combinedOps: ops(union), combinedType: []string{"band"},
		},
		{
			// B replaces the object of A's verb.
			q: "Which poets wrote sonnets but not ballads?", op: diff,
			left:        want{q: "Which poets wrote sonnets", ops: ops(lookup), types: []string{"poet", "sonnet"}},
			right:       want{q: "Which poets wrote ballads", ops: ops(lookup), types: []string{"poet", "ballad"}, noTypes: []string{"sonnet"}},
			combinedOps: ops(diff), combinedType: []string{"poet"},
		},
		{
			q: "Which bakeries sell bread but not cakes?", op: diff,
			left:        want{q: "Which bakeries sell bread", types: []string{"bakery", "bread"}, preds: []string{"sell"}},
			right:       want{q: "Which bakeries sell cakes", types: []string{"bakery", "cake"}, preds: []string{"sell"}},
			combinedOps: ops(diff), combinedType: []string{"bakery"},
		},
		{
			// B parallels the part of A with the same leading word.
			q: "Which singers are from France but not from Paris?", op: diff,
			left: want{q: "Which singers are from France", types: []string{"singer"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "France", ValueKind: "string"}}},
			right: want{q: "Which singers are from Paris", types: []string{"singer"},
				filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Paris", ValueKind: "string"}}},
			combinedOps: ops(diff), combinedType: []string{"singer"},
		},
		{
			// A yes/no set operation stays a yes/no question.
			q: "Is Oslo both a capital and a port?", op: intersect,
			left:        want{q: "Is Oslo a capital", ops: ops(ask, filter)},
			right:       want{q: "Is Oslo a port", ops: ops(ask, filter), types: []string{"port"}},
			combinedOps: ops(ask, intersect),
		},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			d := decomposeN(t, c.q, 3)
			s1, s2, s3 := &d.Subgoals[0], &d.Subgoals[1], &d.Subgoals[2]
			if diff := cmp.Diff([]string{"s1", "s2", "s3"}, []string{s1.ID, s2.ID, s3.ID}); diff != "" {
				t.Errorf("IDs (-want +got):\n%s", diff)
			}
			if len(s1.DependsOn) != 0 || len(s2.DependsOn) != 0 {
				t.Errorf("s1, s2 depend on %v, %v; want nothing", s1.DependsOn, s2.DependsOn)
			}
			if diff := cmp.Diff([]string{"s1", "s2"}, s3.DependsOn); diff != "" {
				t.Errorf("s3.DependsOn (-want +got):\n%s", diff)
			}
			if s1.Text != c.left.q || s2.Text != c.right.q {
				t.Errorf("texts = %q, %q; want %q, %q", s1.Text, s2.Text, c.left.q, c.right.q)
			}
			if s3.Text != c.q || d.Final() != s3 {
				t.Errorf("final subgoal is %q (%s), want the whole question as s3", s3.Text, d.Final().ID)
			}
			checkSubgoal(t, s1, c.left)
			checkSubgoal(t, s2, c.right)
			checkSubgoal(t, s3, want{ops: c.combinedOps, types: c.combinedType})
			if !s3.Has(c.op) {
				t.Errorf("s3 ops = %v, want %s", s3.Operations, c.op)
			}
			if len(d.Notes) == 0 || !strings.Contains(d.Notes[0], string(c.op)) {
				t.Errorf("Notes = %q, want a note on the %s", d.Notes, c.op)
			}
			if c.combinedOps[0] == ask && s3.Requirements.Output.Shape != handoff.ShapeBoolean {
				t.Errorf("s3 shape = %s, want boolean", s3.Requirements.Output.Shape)
			}
		})
	}
}

// TestCountOfSetOperation: "How many … either A or B?" gives each side's
// things, their union, and its count; the sides do not count.
func TestCountOfSetOperation(t *testing.T) {
	d, err := decomposer.NewRules().Decompose(context.Background(), "How many manufacturers have headquarters in either Tokyo or Beijing?")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Subgoals) != 4 {
		t.Fatalf("%d subgoals, want 4: %+v", len(d.Subgoals), d.Subgoals)
	}
	for _, sg := range d.Subgoals[:3] {
		if o := sg.Requirements.Output; o.Aggregate != "" || sg.Has(handoff.OpAggregate) ||
			slices.ContainsFunc(sg.Requirements.Cues, func(c handoff.Cue) bool { return c.Text == "how many" }) {
			t.Errorf("%s counts: %+v, cues %+v", sg.ID, o, sg.Requirements.Cues)
		}
	}
	s4 := d.Final()
	if s4.ID != "s4" || !slices.Equal(s4.DependsOn, []string{"s3"}) || s4.Requirements.Output.Aggregate != handoff.AggCount || !d.Subgoals[2].Has(handoff.OpUnion) {
		t.Errorf("final %s depends on %v, output %+v; s3 ops %v", s4.ID, s4.DependsOn, s4.Requirements.Output, d.Subgoals[2].Operations)
	}
}

func TestNestedAggregate(t *testing.T) {
	cases := []struct {
		q        string
		inner    string // s1's text
		attr     string // aggregated and compared attribute
		op       handoff.FilterOp
		typ      string
		innerAgg handoff.Aggregate
	}{
		{"Which swimmers are older than the average age of all swimmers?", "What is the average age of all swimmers?", "age", handoff.FilterGt, "swimmer", handoff.AggAvg},
		{"Which dancers are taller than the average height?", "What is the average height?", "height", handoff.FilterGt, "dancer", handoff.AggAvg},
		{"Which students have grades below the average grade of all students?", "What is the average grade of all students?", "grade", handoff.FilterLt, "student", handoff.AggAvg},
		{"Which lakes are deeper than average?", "What is average?", "depth", handoff.FilterGt, "lake", handoff.AggAvg},
		{"Which hills are lower than the maximum elevation of the volcanoes?", "What is the maximum elevation of the volcanoes?", "elevation", handoff.FilterLt, "hill", handoff.AggMax},
		// A verb or the comparative's own sense names nothing: the
		// aggregate's attribute is what is compared.
		{"Find the workers who earn more than the average salary.", "What is the average salary?", "salary", handoff.FilterGt, "worker", handoff.AggAvg},
		{"Which trips took longer than the average duration?", "What is the average duration?", "duration", handoff.FilterGt, "trip", handoff.AggAvg},
		// A superlative of a column is its largest or smallest value.
		{"Find the instructors whose salary is less than the largest salary.", "What is the largest salary?", "salary", handoff.FilterLt, "instructor", handoff.AggMax},
		// The average of things is of what the comparative measures.
		{"Which wines are cheaper than the average wine?", "What is the average wine?", "price", handoff.FilterLt, "wine", handoff.AggAvg},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			d := decomposeN(t, c.q, 2)
			s1, s2 := &d.Subgoals[0], &d.Subgoals[1]
			if s1.Text != c.inner {
				t.Errorf("s1.Text = %q, want %q", s1.Text, c.inner)
			}
			checkSubgoal(t, s1, want{ops: ops(aggregate), preds: []string{c.attr},
				output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: c.innerAgg, AggregateOf: c.attr}})
			// s2 says s1 where the bound was said.
			if want := c.q[:strings.Index(c.q, "than ")+len("than ")] + "s1" + c.q[len(c.q)-1:]; strings.Contains(c.q, "than ") && s2.Text != want {
				t.Errorf("s2.Text = %q, want %q", s2.Text, want)
			}
			if diff := cmp.Diff([]string{"s1"}, s2.DependsOn); diff != "" {
				t.Errorf("s2.DependsOn (-want +got):\n%s", diff)
			}
			checkSubgoal(t, s2, want{ops: ops(lookup, filter), types: []string{c.typ}, preds: []string{c.attr},
				filters: []handoff.Filter{{Attribute: c.attr, Op: c.op, Value: "s1", ValueKind: decomposer.SubgoalValue}}})
			if len(d.Notes) == 0 {
				t.Error("no note on the nested aggregate")
			}
		})
	}
}

func TestTypesSingular(t *testing.T) {
	cases := []struct{ q, typ, plural string }{
		{"Which singers are older than 30?", "singer", "singers"},
		{"List all cities.", "city", "cities"},
		{"Show all churches.", "church", "churches"},
		{"Which countries border Chile?", "country", "countries"},
		{"How many children attend the school?", "child", "children"},
		{"List the buses of the company.", "bus", "buses"},
		{"How many heroes are there?", "hero", "heroes"},
		{"Which employees have a salary above 3000?", "employee", "employees"},
		{"Which movies were released in 1999?", "movie", "movies"},
	}
	for _, c := range cases {
		d := decompose(t, c.q)
		var all []string
		for _, s := range d.Subgoals {
			all = append(all, s.Requirements.Types...)
		}
		if !slices.Contains(all, c.typ) || slices.Contains(all, c.plural) {
			t.Errorf("%q: Types = %q, want %q and not %q", c.q, all, c.typ, c.plural)
		}
	}
}

func TestMentions(t *testing.T) {
	type m = handoff.Mention
	cases := []struct {
		q    string
		want []m // Start/End are checked to slice back to Text by decompose
	}{
		{"Which albums are named \"Blue Harvest\"?", []m{{Text: "Blue Harvest", Start: 24, End: 36, Kind: handoff.MentionQuoted}}},
		{"Which novels by “Jane Austen” mention ‘Bath’?", []m{
			{Text: "Jane Austen", Start: 19, End: 30, Kind: handoff.MentionQuoted},
			{Text: "Bath", Start: 45, End: 49, Kind: handoff.MentionQuoted}}},
		{"Which films did Steven Spielberg direct after 1990?", []m{
			{Text: "Steven Spielberg", Start: 16, End: 32, Kind: handoff.MentionName},
			{Text: "1990", Start: 46, End: 50, Kind: handoff.MentionDate, Normalized: "1990"}}},
		// Connectors inside names, apostrophes, non-ASCII letters.
		{"Which students named O'Brien attend the University of Oxford?", []m{
			{Text: "O'Brien", Start: 21, End: 28, Kind: handoff.MentionName},
			{Text: "University of Oxford", Start: 40, End: 60, Kind: handoff.MentionName}}},
		{"Which museums in Zürich opened before 3 March 2010?", []m{
			{Text: "Zürich", Start: 17, End: 24, Kind: handoff.MentionName},
			{Text: "3 March 2010", Start: 39, End: 51, Kind: handoff.MentionDate, Normalized: "2010-03-03"}}},
		// Hyphenated names; an acronym measured is no name.
		{"Who owns CCTV-1 and the F-16?", []m{
			{Text: "CCTV-1", Start: 9, End: 15, Kind: handoff.MentionName},
			{Text: "F-16", Start: 24, End: 28, Kind: handoff.MentionName}}},
		{"Which perpetrators killed more people than Jung Ki-young?", []m{
			{Text: "Jung Ki-young", Start: 43, End: 56, Kind: handoff.MentionName}}},
		// Abbreviations written with periods are part of the name.
		{"Which wines come from St. Helena?", []m{{Text: "St. Helena", Start: 22, End: 32, Kind: handoff.MentionName}}},
		{"How many professors have a Ph.D. degree?", []m{{Text: "Ph.D.", Start: 27, End: 32, Kind: handoff.MentionName}}},
		{"Which airports are in the U.S.?", []m{{Text: "U.S.", Start: 26, End: 30, Kind: handoff.MentionName}}},
		{"Which city has the highest GDP?", nil},
		// Numbers in digits and words.
		{"Which planets have fewer than three moons?", []m{{Text: "three", Start: 30, End: 35, Kind: handoff.MentionNumber, Normalized: "3"}}},
		{"Which hikers are younger than twenty five?", []m{{Text: "twenty five", Start: 30, End: 41, Kind: handoff.MentionNumber, Normalized: "25"}}},
		{"List all cities with more than one hundred thousand people.", []m{
			{Text: "one hundred thousand", Start: 31, End: 51, Kind: handoff.MentionNumber, Normalized: "100000"}}},
		{"Which clubs have more than 1,000 members?", []m{{Text: "1,000", Start: 27, End: 32, Kind: handoff.MentionNumber, Normalized: "1000"}}},
		{"Which cities have more than 2.5 million inhabitants?", []m{{Text: "2.5 million", Start: 28, End: 39, Kind: handoff.MentionNumber, Normalized: "2500000"}}},
		{"Which districts have more than a million people?", []m{{Text: "a million", Start: 31, End: 40, Kind: handoff.MentionNumber, Normalized: "1000000"}}},
		{"Which shops sell a dozen eggs for 3.50?", []m{
			{Text: "dozen", Start: 19, End: 24, Kind: handoff.MentionNumber, Normalized: "12"},
			{Text: "3.50", Start: 34, End: 38, Kind: handoff.MentionNumber, Normalized: "3.50"}}},
		// Dates and years.
		{"Which patients were admitted on 2019-04-12?", []m{{Text: "2019-04-12", Start: 32, End: 42, Kind: handoff.MentionDate, Normalized: "2019-04-12"}}},
		{"Which players joined on 05/03/2010?", []m{{Text: "05/03/2010", Start: 24, End: 34, Kind: handoff.MentionDate, Normalized: "2010-05-03"}}},
		{"Which patients were admitted after April 3, 2018?", []m{{Text: "April 3, 2018", Start: 35, End: 48, Kind: handoff.MentionDate, Normalized: "2018-04-03"}}},
		{"Which authors were born on 12 July 1950?", []m{{Text: "12 July 1950", Start: 27, End: 39, Kind: handoff.MentionDate, Normalized: "1950-07-12"}}},
		{"Which employees were hired before March 2001?", []m{{Text: "March 2001", Start: 34, End: 44, Kind: handoff.MentionDate, Normalized: "2001-03"}}},
		{"Which companies were founded between 1990 and 2000?", []m{
			{Text: "1990", Start: 37, End: 41, Kind: handoff.MentionDate, Normalized: "1990"},
			{Text: "2000", Start: 46, End: 50, Kind: handoff.MentionDate, Normalized: "2000"}}},
		// A four-digit quantity is a number, not a year.
		{"How many students have more than 2000 points?", []m{{Text: "2000", Start: 33, End: 37, Kind: handoff.MentionNumber, Normalized: "2000"}}},
		// A capitalised first word alone is the sentence's start; a lone
		// "one" is a pronoun; lower-case "may" is not a month.
		{"Singers from which country won the contest?", nil},
		{"Which one is the biggest lake?", nil},
		{"Which students may enrol?", nil},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			d := decompose(t, c.q)
			got := d.Merged().Mentions
			if diff := cmp.Diff(c.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("mentions (-want +got):\n%s", diff)
			}
			for _, mn := range c.want {
				if c.q[mn.Start:mn.End] != mn.Text {
					t.Errorf("bad test: q[%d:%d] = %q, not %q", mn.Start, mn.End, c.q[mn.Start:mn.End], mn.Text)
				}
			}
		})
	}
}

// TestMentionsPerSubgoal checks that each subgoal of a split question
// keeps the mentions of its own clause.
func TestMentionsPerSubgoal(t *testing.T) {
	d := decompose(t, "Which cities are either in Spain or in Portugal?")
	got := map[string][]string{}
	for _, s := range d.Subgoals {
		for _, m := range s.Mentions {
			got[s.ID] = append(got[s.ID], m.Text)
		}
	}
	want := map[string][]string{"s1": {"Spain"}, "s2": {"Portugal"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mentions per subgoal (-want +got):\n%s", diff)
	}
}

func TestDeterministic(t *testing.T) {
	r := decomposer.NewRules()
	for _, q := range append(sampleQuestions(), "Which swimmers are older than the average age of all swimmers?") {
		d1, err1 := r.Decompose(context.Background(), q)
		d2, err2 := decomposer.NewRules().Decompose(context.Background(), q)
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: %v, %v", q, err1, err2)
		}
		if !cmp.Equal(d1, d2) {
			t.Errorf("%q decomposes differently twice:\n%s", q, cmp.Diff(d1, d2))
		}
	}
}

// TestConcurrent runs one Rules from several goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	r := decomposer.NewRules(decomposer.WithValueLinker(decomposer.LinkerFunc(
		func(_ context.Context, text string, _ int) ([]handoff.Mention, error) { return nil, nil })))
	qs := sampleQuestions()
	want := make([]*handoff.Decomposition, len(qs))
	for i, q := range qs {
		want[i] = decompose(t, q)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Go(func() {
			for i, q := range qs {
				d, err := r.Decompose(context.Background(), q)
				if err != nil {
					t.Errorf("%q: %v", q, err)
					return
				}
				if !cmp.Equal(want[i], d) {
					t.Errorf("%q: concurrent result differs:\n%s", q, cmp.Diff(want[i], d))
				}
			}
		})
	}
	wg.Wait()
}

// sampleQuestions is a mix of every kind of question of these tests.
func sampleQuestions() []string {
	return []string{
		"List the names of all painters.",
		"Which singers are older than 30?",
		"Which employees were hired before March 2001?",
		"Which books have a title that contains the word \"night\"?",
		"Is the Nile longer than the Amazon?",
		"How many students are there for each department?",
		"Name the three oldest professors.",
		"Which farmers have no tractors at all?",
		"Which musicians play both guitar and piano?",
		"Which cities are either in Spain or in Portugal?",
		"Which poets wrote sonnets but not ballads?",
		"Did Mozart compose an opera?",
		"How many singers older than 30 are from France?",
	}
}

func TestBlankQuestion(t *testing.T) {
	for _, q := range []string{"", " ", "\t\n ", "\u00a0\u2003"} {
		d, err := decomposer.NewRules().Decompose(context.Background(), q)
		if err == nil {
			t.Errorf("Decompose(%q) = %+v, want an error", q, d)
		}
		if d != nil {
			t.Errorf("Decompose(%q) returned a decomposition with its error", q)
		}
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := decomposer.NewRules().Decompose(ctx, "Which singers are older than 30?"); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestOddInput feeds questions without words, or odd ones: each must
// decompose (no panic, no error) into a valid decomposition.
func TestOddInput(t *testing.T) {
	long := strings.Repeat("Which singers from France older than 30 sang \"La Vie\" in 1999 but not ", 400) + "?"
	cases := []string{
		"?", "?!?", "...", "\"", "'", "“", "«»", "''", "\"\"", "' '",
		"🎵🎶", "🤔?", "¿¡", "- - -", ">=", "< > = !=", "0", "3", "2010", "1,", "1.2.3", "05/13/2010", "2010-13-45",
		"both", "either or", "but not", "and also", "both and", "x both y and", "older than", "than the average",
		"older than the average", "more than", "top", "the most", "between 3 and", "how many", "for each", "not",
		"Who?", "'s", "s'", "O'", "Jean-Luc", "A B C D E F G", "IS IT?", "one", "one hundred and", "thousand million billion",
		"twenty twenty twenty twenty twenty", "999999999999999999999999 million", "9 billion billion",
		strings.Repeat("nine hundred ninety nine thousand ", 50),
		"\x00", "\xff\xfe", "a\x80b", "é́", "\u200b", "日本の歌手は何人ですか？", "Quels chanteurs sont nés à Paris ?",
		long,
		strings.Repeat("(", 1000),
		strings.Repeat("both ", 500),
		strings.Repeat("\"a\" ", 500),
	}
	for _, q := range cases {
		d, err := decomposer.NewRules().Decompose(context.Background(), q)
		if err != nil {
			t.Errorf("Decompose(%.40q): %v", q, err)
			continue
		}
		checkDecomposition(t, q, d)
	}
}

func TestValueLinker(t *testing.T) {
	const q = "Which airlines fly from Air France hubs to Tokyo?"
	i := strings.Index(q, "Air France")
	var gotText string
	var gotK int
	l := decomposer.LinkerFunc(func(_ context.Context, text string, k int) ([]handoff.Mention, error) {
		gotText, gotK = text, k
		return []handoff.Mention{
			{Text: "Air France", Start: i, End: i + len("Air France"), Kind: handoff.MentionValue,
				Graph: "g1", Property: "http://example.org/airline", Value: "Air France", Score: 2.5},
			// No kind: it becomes a value mention.
			{Text: "Tokyo", Start: strings.Index(q, "Tokyo"), End: strings.Index(q, "Tokyo") + 5,
				Graph: "g1", Property: "http://example.org/city", Value: "Tokyo", Score: 1},
			// Out of bounds: dropped.
			{Text: "x", Start: len(q), End: len(q) + 3, Kind: handoff.MentionValue, Graph: "g1", Value: "x"},
			{Text: "y", Start: -1, End: 2, Kind: handoff.MentionValue, Graph: "g1", Value: "y"},
		}, nil
	})
	d := decompose(t, q, decomposer.WithValueLinker(l), decomposer.WithLinkLimit(7))
	if gotText != q || gotK != 7 {
		t.Errorf("linker called with (%q, %d), want (%q, 7)", gotText, gotK, q)
	}
	var values []handoff.Mention
	for _, m := range d.Subgoals[0].Mentions {
		if m.Kind == handoff.MentionValue {
			values = append(values, m)
		}
	}
	want := []handoff.Mention{
		{Text: "Air France", Start: i, End: i + 10, Kind: handoff.MentionValue, Graph: "g1", Property: "http://example.org/airline", Value: "Air France", Score: 2.5},
		{Text: "Tokyo", Start: 43, End: 48, Kind: handoff.MentionValue, Graph: "g1", Property: "http://example.org/city", Value: "Tokyo", Score: 1},
	}
	if diff := cmp.Diff(want, values); diff != "" {
		t.Errorf("value mentions (-want +got):\n%s", diff)
	}
	// Value mentions are merged with the rules' own, in order of position.
	ms := d.Subgoals[0].Mentions
	if !slices.IsSortedFunc(ms, func(a, b handoff.Mention) int { return a.Start - b.Start }) {
		t.Errorf("mentions not sorted by position: %+v", ms)
	}
	if !slices.ContainsFunc(ms, func(m handoff.Mention) bool { return m.Kind == handoff.MentionName && m.Text == "Air France" }) {
		t.Errorf("the name mention of Air France is lost: %+v", ms)
	}
	// The rules make one filter per name; linked values add none.
	for _, v := range []string{"Air France", "Tokyo"} {
		n := 0
		for _, f := range d.Subgoals[0].Requirements.Filters {
			if f.Value == v {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d filters on %q, want 1: %+v", n, v, d.Subgoals[0].Requirements.Filters)
		}
	}
	if len(d.Notes) != 0 {
		t.Errorf("Notes = %q, want none", d.Notes)
	}
}

// TestValueLinkerDefaultLimit checks the link limit by default and that
// WithLinkLimit ignores k <= 0.
func TestValueLinkerDefaultLimit(t *testing.T) {
	for _, opts := range [][]decomposer.Option{nil, {decomposer.WithLinkLimit(0)}, {decomposer.WithLinkLimit(-3)}} {
		var gotK int
		l := decomposer.LinkerFunc(func(_ context.Context, _ string, k int) ([]handoff.Mention, error) {
			gotK = k
			return nil, nil
		})
		decompose(t, "Which rivers flow through Vienna?", append(opts, decomposer.WithValueLinker(l))...)
		if gotK != decomposer.DefaultLinkLimit {
			t.Errorf("k = %d, want %d", gotK, decomposer.DefaultLinkLimit)
		}
	}
}

// TestValueLinkerSubgoals checks that linked values go to the subgoals
// whose clause contains them.
func TestValueLinkerSubgoals(t *testing.T) {
	const q = "Which cities are either in Spain or in Portugal?"
	l := decomposer.LinkerFunc(func(_ context.Context, text string, _ int) ([]handoff.Mention, error) {
		var out []handoff.Mention
		for _, v := range []string{"Spain", "Portugal"} {
			i := strings.Index(text, v)
			out = append(out, handoff.Mention{Text: v, Start: i, End: i + len(v), Kind: handoff.MentionValue, Graph: "geo", Value: v, Score: 1})
		}
		return out, nil
	})
	d := decompose(t, q, decomposer.WithValueLinker(l))
	values := func(s *handoff.Subgoal) []string {
		var out []string
		for _, m := range s.Mentions {
			if m.Kind == handoff.MentionValue {
				out = append(out, m.Value)
			}
		}
		return out
	}
	if diff := cmp.Diff([]string{"Spain"}, values(&d.Subgoals[0])); diff != "" {
		t.Errorf("s1 values (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Portugal"}, values(&d.Subgoals[1])); diff != "" {
		t.Errorf("s2 values (-want +got):\n%s", diff)
	}
}

func TestValueLinkerError(t *testing.T) {
	const q = "Which singers are older than 30?"
	failing := decomposer.LinkerFunc(func(context.Context, string, int) ([]handoff.Mention, error) {
		return nil, errors.New("index unavailable")
	})
	d := decompose(t, q, decomposer.WithValueLinker(failing))
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "value linking failed") || !strings.Contains(d.Notes[0], "index unavailable") {
		t.Errorf("Notes = %q, want one note on the linking failure", d.Notes)
	}
	// Apart from the note, the decomposition is the one without a linker.
	plain := decompose(t, q)
	if diff := cmp.Diff(plain, d, cmpopts.IgnoreFields(handoff.Decomposition{}, "Notes")); diff != "" {
		t.Errorf("decomposition with a failing linker differs (-plain +got):\n%s", diff)
	}

	// A linker that fails because the context ended makes Decompose fail.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelling := decomposer.LinkerFunc(func(ctx context.Context, _ string, _ int) ([]handoff.Mention, error) {
		cancel()
		return nil, ctx.Err()
	})
	d, err := decomposer.NewRules(decomposer.WithValueLinker(cancelling)).Decompose(ctx, q)
	if !errors.Is(err, context.Canceled) || d != nil {
		t.Errorf("Decompose with a cancelled linker = %v, %v; want nil, context.Canceled", d, err)
	}
}

func TestIndexLinker(t *testing.T) {
	ctx := context.Background()
	st := store.New()
	const data = `@prefix ex: <http://example.org/> .
ex:s1 a ex:Singer ; ex:name "Edith Piaf" ; ex:country "France" ; ex:age 47 .
ex:s2 a ex:Singer ; ex:name "Jacques Brel" ; ex:country "Belgium" ; ex:age 49 .
ex:s3 a ex:Singer ; ex:name "Amália Rodrigues" ; ex:country "Portugal" ; ex:age 79 .`
	if err := st.Load(ctx, strings.NewReader(data), rdfio.Turtle, "", ""); err != nil {
		t.Fatal(err)
	}
	ix, err := kg.BuildIndex(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	const q = "How many singers from Belgium are older than edith piaf?"
	d := decompose(t, q, decomposer.WithValueLinker(decomposer.IndexLinker("music", ix)))
	var values []handoff.Mention
	for _, s := range d.Subgoals {
		for _, m := range s.Mentions {
			if m.Kind == handoff.MentionValue {
				values = append(values, m)
			}
		}
	}
	byValue := map[string]handoff.Mention{}
	for _, m := range values {
		if m.Graph != "music" || m.Score <= 0 {
			t.Errorf("value mention %+v: want graph music and a positive score", m)
		}
		if q[m.Start:m.End] != m.Text {
			t.Errorf("value mention %+v does not slice back to its text", m)
		}
		byValue[m.Value] = m
	}
	for value, text := range map[string]string{"Belgium": "Belgium", "Edith Piaf": "edith piaf"} {
		m, ok := byValue[value]
		if !ok {
			t.Errorf("no value mention of %q in %+v", value, values)
			continue
		}
		if m.Text != text {
			t.Errorf("mention of %q has Text %q, want %q", value, m.Text, text)
		}
	}
	if m, ok := byValue["Belgium"]; ok && m.Property != "http://example.org/country" {
		t.Errorf("Belgium linked through %q, want ex:country", m.Property)
	}

	// A nil index links nothing; a cancelled context is an error.
	l := decomposer.IndexLinker("music", nil)
	if ms, err := l.Link(ctx, q, 5); err != nil || ms != nil {
		t.Errorf("nil index: Link = %v, %v; want nothing", ms, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := decomposer.IndexLinker("music", ix).Link(cctx, q, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
}

// TestAnswerCue: the question's wh-word is its answer cue; a relative
// one after a noun is not.
func TestAnswerCue(t *testing.T) {
	for q, want := range map[string]string{
		"Who directed Iron Meridian?":                                   "who",
		"In which year was the oldest club founded?":                    "which year",
		"Tell me who directed Iron Meridian.":                           "who",
		"Find the name of scientists who are assigned to some project.": "",
		"Show the name of the club whose stadium is the largest.":       "",
		"Of all the players, who is the tallest?":                       "who",
	} {
		got := ""
		for _, c := range decompose(t, q).Subgoals[0].Requirements.Cues {
			if c.Kind == handoff.CueAnswer {
				got = c.Text
			}
		}
		if got != want {
			t.Errorf("%s: answer cue %q, want %q", q, got, want)
		}
	}
}

// TestOrdinals: "the first payment" is the earliest, "the last" the
// latest, "the first 5" a limit, "weeks on top" no superlative, and
// "the first and last name" both names.
func TestOrdinals(t *testing.T) {
	for q, want := range map[string]handoff.Output{
		"Tell me the date when the first claim was made.":                     {Shape: handoff.ShapeValues, Attributes: []string{"date"}, OrderBy: "date", Limit: 1},
		"Who was the last champion?":                                          {Shape: handoff.ShapeEntities, OrderBy: "date", Descending: true, Limit: 1},
		"Show the first 5 singers.":                                           {Shape: handoff.ShapeEntities, Limit: 5},
		"What is the issue date of the volume with the minimum weeks on top?": {Shape: handoff.ShapeValues, Attributes: []string{"issue date"}, OrderBy: "week"},
		"List the first and last names of all students.":                      {Shape: handoff.ShapeTable, Attributes: []string{"first name", "last name"}},
	} {
		got := decompose(t, q).Subgoals[0].Requirements.Output
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: output (-want +got):\n%s", q, diff)
		}
	}
}

// TestHadThings: a plural after "have" or "with" is a thing had, not a
// verb; "have played" stays a verb.
func TestHadThings(t *testing.T) {
	r := decompose(t, "List the names of customers who have orders with status 'Packing'.").Subgoals[0].Requirements
	if !slices.Contains(r.Types, "order") || slices.Contains(r.Predicates, "orders") {
		t.Errorf("have orders: types %q, predicates %q", r.Types, r.Predicates)
	}
	r = decompose(t, "Find the players who have played in 3 games.").Subgoals[0].Requirements
	if slices.Contains(r.Types, "played") || !slices.Contains(r.Predicates, "played") {
		t.Errorf("have played: types %q, predicates %q", r.Types, r.Predicates)
	}
}

// TestEverydayReadings pins readings of ordinary phrasing: "the total
// number of X" counts, a range is a between, "the X of the highest Y"
// picks an X, "for different X" groups, a quoted piece of text "in their
// names" is contained, "or" joins two conditions, "order of max speed"
// names a key, and an aggregate named twice asks for two.
func TestEverydayReadings(t *testing.T) {
	number := func(ag handoff.Aggregate, of string) *handoff.Output {
		return &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: ag, AggregateOf: of}
	}
	runSingle(t, []want{
		{q: "What is the total number of clubs?", ops: ops(aggregate), types: []string{"club"}, output: number(handoff.AggCount, "club")},
		{q: "What is the total count of enzymes?", ops: ops(aggregate), types: []string{"enzyme"}, output: number(handoff.AggCount, "enzyme")},
		// "the date of birth" is one attribute, the birth date; no thing
		// called a birth is a type.
		{q: "What is the date of birth of Ann Lee?", types: []string{},
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"birth date"}}},
		// "the numbers of coasters for each status" counts them.
		{q: "Show the statuses and the numbers of roller coasters for each status.", types: []string{"roller coaster", "coaster"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"status"}, Aggregate: handoff.AggCount, AggregateOf: "roller coaster", GroupBy: []string{"status"}}},
		// "What does Alice do?" asks her job.
		{q: "What does Alice do?", output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"job"}}},
		// "hired first" is when, not a thing.
		{q: "Which employee was hired first?", types: []string{"employee"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "hired", Limit: 1}},
		{q: "List the names of the employees ordered by date of birth.", types: []string{"employee"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}, OrderBy: "birth date"}},
		{q: "What is the phone number of employees whose salary is in the range of 8000 and 12000?", types: []string{"employee"},
			filters: []handoff.Filter{{Attribute: "salary", Op: handoff.FilterBetween, Value: "8000", Value2: "12000", ValueKind: "number"}}},
		{q: "Which employees have a salary from 8000 to 12000?", types: []string{"employee"},
			filters: []handoff.Filter{{Attribute: "salary", Op: handoff.FilterBetween, Value: "8000", Value2: "12000", ValueKind: "number"}}},
		{q: "What are the name and the nationality of the host of the highest age?", types: []string{"host"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "nationality"}, OrderBy: "age", Descending: true, Limit: 1}},
		{q: "Show the average amount of transactions for each lot.", types: []string{"transaction"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggAvg, AggregateOf: "amount", GroupBy: []string{"lot"}}},
		{q: "How many trains have 'Express' in their names?", types: []string{"train"},
			filters: []handoff.Filter{{Attribute: "name", Op: handoff.FilterContains, Value: "Express", ValueKind: "string"}}},
		{q: "Which payments have an amount higher than 300 or a payment type 'Check'?", types: []string{"payment"},
			filters: []handoff.Filter{{Attribute: "amount", Op: handoff.FilterGt, Value: "300", ValueKind: "number"},
				{Attribute: "payment type", Op: handoff.FilterEq, Value: "Check", ValueKind: "string", Or: true}}},
		{q: "Which managers are of age above 50 or below 46?", types: []string{"manager"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterGt, Value: "50", ValueKind: "number"},
				{Attribute: "age", Op: handoff.FilterLt, Value: "46", ValueKind: "number", Or: true}}},
		{q: "Which films have a budget between 5 and 10 or higher than 90?", types: []string{"film"},
			filters: []handoff.Filter{{Attribute: "budget", Op: handoff.FilterBetween, Value: "5", Value2: "10", ValueKind: "number"},
				{Op: handoff.FilterGt, Value: "90", ValueKind: "number"}}},
		{q: "How many drivers are from Oslo or younger than 40?", types: []string{"driver"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterLt, Value: "40", ValueKind: "number"},
				{Op: handoff.FilterEq, Value: "Oslo", ValueKind: "string", Or: true}}},
		{q: "Which products have a price between $60 and $120?", types: []string{"product"},
			filters: []handoff.Filter{{Attribute: "price", Op: handoff.FilterBetween, Value: "60", Value2: "120", ValueKind: "number"}}},
		{q: "How many exhibitions happened in or after 2005?", types: []string{"exhibition"},
			filters: []handoff.Filter{{Op: handoff.FilterGe, Value: "2005", ValueKind: "date"}}},
		{q: "Which films were released on or before 1990?", types: []string{"film"},
			filters: []handoff.Filter{{Op: handoff.FilterLe, Value: "1990", ValueKind: "date"}}},
		{q: "Show the names of all the donors except those whose donation amount is less than 9.", types: []string{"donor"},
			filters: []handoff.Filter{{Attribute: "donation amount", Op: handoff.FilterLt, Value: "9", ValueKind: "number", Negated: true}}},
		{q: "Which planes have a longer range than the Tupolev 154?",
			filters: []handoff.Filter{{Attribute: "range", Op: handoff.FilterGt, Value: "Tupolev 154", ValueKind: handoff.ValueEntity}}},
		{q: "Which members are under age 30?", types: []string{"member"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterLt, Value: "30", ValueKind: "number"}}},
		{q: "How many students have each different allergy?", types: []string{"student", "allergy"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggCount, AggregateOf: "student", Distinct: true, GroupBy: []string{"allergy"}}},
		{q: "For each grade 0 classroom, return the classroom number and the count of students.",
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggCount, AggregateOf: "student", GroupBy: []string{"classroom"}}},
		{q: "Who has the best total among the body builders?",
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "total", Descending: true, Limit: 1}},
		{q: "Which school has the best winning percentage?", types: []string{"school"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "winning percentage", Descending: true, Limit: 1}},
		{q: "List the storms in descending order of max speed.", types: []string{"storm"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "max speed", Descending: true}},
		{q: "List the instructors in order of salary from least to greatest.", types: []string{"instructor"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "salary"}},
		{q: "What is all the information about the courses?", types: []string{"course"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, All: true}},
		{q: "Tell me everything about Ada Brook.", output: &handoff.Output{Shape: handoff.ShapeEntities, All: true}},
		{q: "What are the average and minimum age of captains in different classes?", types: []string{"captain"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggAvg, AggregateOf: "age", Aggregates: []handoff.Aggregate{handoff.AggAvg, handoff.AggMin}, Distinct: true, GroupBy: []string{"class"}}},
		{q: "List the information of all instructors.", types: []string{"instructor"}, output: &handoff.Output{Shape: handoff.ShapeEntities, All: true}},
		{q: "Show all the customer information.", types: []string{"customer"}, output: &handoff.Output{Shape: handoff.ShapeEntities, All: true}},
		{q: "List the gymnasts ordered descending by their total points.", types: []string{"gymnast"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "total point", Descending: true}},
		{q: "What is the average distance and average price of the flights?", types: []string{"flight"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"price"}, Aggregate: handoff.AggAvg, AggregateOf: "distance"}},
		{q: "Who are the nominees who have been nominated more than two times?",
			filters: []handoff.Filter{{Attribute: handoff.AttrTimes, Op: handoff.FilterGt, Value: "2", ValueKind: "number"}}},
		{q: "Which tourist attractions are visited at least twice?",
			filters: []handoff.Filter{{Attribute: handoff.AttrTimes, Op: handoff.FilterGe, Value: "2", ValueKind: "number"}}},
		{q: "What are the first, middle, and last names of all individuals, ordered by last name?", types: []string{"individual"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"first name", "middle name", "last name"}, OrderBy: "last name"}},
		{q: "Which players scored 10 goals or more?", types: []string{"player"},
			filters: []handoff.Filter{{Attribute: "goal", Op: handoff.FilterGe, Value: "10", ValueKind: "number"}}},
		{q: "What is the average weeks on top of volumes associated with the artist aged 25 or younger?",
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterLe, Value: "25", ValueKind: "number"}}},
		{q: "Which films were released in 2010 or later?", types: []string{"film"},
			filters: []handoff.Filter{{Op: handoff.FilterGe, Value: "2010", ValueKind: "date"}}},
		{q: "Which pilots are 30 years old or younger?", types: []string{"pilot"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterLe, Value: "30", ValueKind: "number"}}},
		{q: "Which pilots are under 30 years of age?", types: []string{"pilot"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterLt, Value: "30", ValueKind: "number"}}},
		{q: "List the pilots who are 30 years old.", types: []string{"pilot"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterEq, Value: "30", ValueKind: "number"}}},
		{q: "List pilots aged over 30.", types: []string{"pilot"},
			filters: []handoff.Filter{{Attribute: "age", Op: handoff.FilterGt, Value: "30", ValueKind: "number"}}},
		{q: "Which films were made before 1990 or after 2010?", types: []string{"film"},
			filters: []handoff.Filter{{Op: handoff.FilterLt, Value: "1990", ValueKind: "date"}, {Op: handoff.FilterGt, Value: "2010", ValueKind: "date", Or: true}}},
		{q: "What are the teams with the most technicians?", types: []string{"team", "technician"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "technician", GroupBy: []string{"team"}, OrderBy: "technician", Descending: true}},
		{q: "What is the most frequently used carrier?",
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, GroupBy: []string{"carrier"}, Descending: true, Limit: 1}},
		{q: "What is the language used most often in the songs?", types: []string{"language", "song"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, GroupBy: []string{"language"}, Descending: true, Limit: 1}},
		{q: "What is the most common genre?",
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, GroupBy: []string{"genre"}, Descending: true, Limit: 1}},
		{q: "List the studios whose average gross is above 4500000.", types: []string{"studio"},
			filters: []handoff.Filter{{Attribute: "gross", Op: handoff.FilterGt, Value: "4500000", ValueKind: "number", Aggregate: handoff.AggAvg}}},
		{q: "Which directors have an average rating of more than 4?", types: []string{"director"},
			filters: []handoff.Filter{{Attribute: "rating", Op: handoff.FilterGt, Value: "4", ValueKind: "number", Aggregate: handoff.AggAvg}}},
		{q: "What is the average rating of films longer than 120?",
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggAvg, AggregateOf: "rating"}},
		{q: "Which stadiums hold more than 40000 fans?", types: []string{"stadium"},
			filters: []handoff.Filter{{Attribute: "capacity", Op: handoff.FilterGt, Value: "40000", ValueKind: "number"}}},
		{q: "Which counties have more than 100000 people?", types: []string{"county"},
			filters: []handoff.Filter{{Attribute: "population", Op: handoff.FilterGt, Value: "100000", ValueKind: "number"}}},
		{q: "How many people live in Tokyo?", preds: []string{"population"},
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"population"}}},
		{q: "Which movie has the highest average rating?", types: []string{"movie"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggAvg, AggregateOf: "rating", GroupBy: []string{"movie"}, OrderBy: "rating", Descending: true, Limit: 1}},
		{q: "How many people fit in the Nordic Arena?", preds: []string{"capacity"}, noTypes: []string{"people fit", "people"},
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"capacity"}}},
		{q: "How many fans can the stadium hold?", preds: []string{"capacity"}, noTypes: []string{"fan"},
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"capacity"}}},
		{q: "How many fans are there?", types: []string{"fan"},
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount, AggregateOf: "fan"}},
		{q: "How tall is the Eiffel Tower?", preds: []string{"height"},
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"height"}}},
		{q: "In which country is Hades 360?", filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Hades 360", ValueKind: "string"}}},
		{q: "Which roller coaster is the fastest?", types: []string{"roller coaster"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "speed", Descending: true, Limit: 1}},
		{q: "Which roller coasters are outside Austria?", types: []string{"roller coaster"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Austria", ValueKind: "string", Negated: true}}},
		{q: "Show the pilots from oldest to youngest.", types: []string{"pilot"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "age", Descending: true}},
		{q: "List pilots by descending age.", types: []string{"pilot"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "age", Descending: true}},
		{q: "What is the maximum fastest lap speed in 2008?",
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggMax, AggregateOf: "fastest lap speed"}},
		{q: "How many tracks opened in the 1990s?", types: []string{"track"}, noTypes: []string{"1990"},
			filters: []handoff.Filter{{Attribute: "opened", Op: handoff.FilterBetween, Value: "1990", Value2: "1999", ValueKind: "date"}}},
		{q: "Which tracks can seat more than 90000 people?", types: []string{"track"}, noTypes: []string{"seat"},
			filters: []handoff.Filter{{Attribute: "capacity", Op: handoff.FilterGt, Value: "90000", ValueKind: "number"}}},
		{q: "Which cities have more people than Lyon?", types: []string{"city"}, noTypes: []string{"person"},
			filters: []handoff.Filter{{Attribute: "population", Op: handoff.FilterGt, Value: "Lyon", ValueKind: handoff.ValueEntity}}},
		// "Whose" first asks for the owner of the things it names.
		{q: "Whose submissions scored higher than Sammy Green's?", types: []string{"submission"},
			filters: []handoff.Filter{{Attribute: "scored", Op: handoff.FilterGt, Value: "Sammy Green", ValueKind: handoff.ValueEntity}}},
		{q: "Which cities are bigger than Valdheim?", types: []string{"city"},
			filters: []handoff.Filter{{Attribute: "size", Op: handoff.FilterGt, Value: "Valdheim", ValueKind: handoff.ValueEntity}}},
		{q: "Which arenas hold more fans than Wembley?", types: []string{"arena"},
			filters: []handoff.Filter{{Attribute: "capacity", Op: handoff.FilterGt, Value: "Wembley", ValueKind: handoff.ValueEntity}}},
		{q: "Which hall can hold the most guests?", types: []string{"hall"}, noTypes: []string{"guest"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "capacity", Descending: true, Limit: 1}},
		// The word after a modal is its verb ("house"), and any people a
		// building can hold are its capacity.
		{q: "Which dorms can house more than 200 students?", types: []string{"dorm"}, noTypes: []string{"house", "student"},
			filters: []handoff.Filter{{Attribute: "capacity", Op: handoff.FilterGt, Value: "200", ValueKind: "number"}}},
		{q: "Which ships can carry more than 300 passengers?", types: []string{"ship"}, noTypes: []string{"carry"}},
		{q: "How many female students are there?", types: []string{"student"}, noTypes: []string{"female student"},
			filters: []handoff.Filter{{Attribute: handoff.AttrGender, Op: handoff.FilterEq, Value: "female", ValueKind: "string"}}},
		{q: "What is the average age of women players?", types: []string{"player"},
			filters: []handoff.Filter{{Attribute: handoff.AttrGender, Op: handoff.FilterEq, Value: "female", ValueKind: "string"}}},
		{q: "What is the average age for male and female students?", types: []string{"student"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggAvg, AggregateOf: "age", GroupBy: []string{handoff.AttrGender}}},
		{q: "What are the names of all the media types?", types: []string{"media type"}, preds: []string{"name"}},
		{q: "What are the distinct move in dates of the residents?", types: []string{"resident"}, preds: []string{"move in date"}, noTypes: []string{"move"}},
		{q: "List the students with major 600.", types: []string{"student"},
			filters: []handoff.Filter{{Attribute: "major", Op: handoff.FilterEq, Value: "600", ValueKind: "number", Label: true}}},
		{q: "List all club names in ascending order of start year.",
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"club name"}, OrderBy: "start year"}},
		{q: "What is the average number of working horses of farms with more than 5000 total number of horses?", types: []string{"farm"},
			filters: []handoff.Filter{{Attribute: "total horse", Op: handoff.FilterGt, Value: "5000", ValueKind: "number"}}},
		{q: "Which clubs have a number of members greater than 3?", types: []string{"club"},
			filters: []handoff.Filter{{Attribute: "member", Op: handoff.FilterGt, Value: "3", ValueKind: "number"}},
			output:  &handoff.Output{Shape: handoff.ShapeEntities}},
		{q: "List the dates of debates whose number of audience is bigger than 150", types: []string{"debate"},
			filters: []handoff.Filter{{Attribute: "audience", Op: handoff.FilterGt, Value: "150", ValueKind: "number"}},
			output:  &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"date"}}},
		{q: "Show the name and date for each race and its track name.", types: []string{"race"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "date", "track name"}}},
		// A superlative of a graded attribute is its extreme value.
		{q: "What is the highest temperature ever recorded?", types: []string{}, noTypes: []string{"temperature"},
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggMax, AggregateOf: "temperature"}},
		{q: "What is the best total of any body builder?",
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggMax, AggregateOf: "total"}},
		{q: "Which journals sold more than 5000 copies?", types: []string{"journal"},
			filters: []handoff.Filter{{Attribute: "sold", Op: handoff.FilterGt, Value: "5000", ValueKind: "number"}}},
		{q: "Count the number of storms in which at least 1 person died.", types: []string{"storm"},
			filters: []handoff.Filter{{Attribute: "died", Op: handoff.FilterGe, Value: "1", ValueKind: "number"}}},
		{q: "Which storms killed more than 10 people?", types: []string{"storm"},
			filters: []handoff.Filter{{Attribute: "killed", Op: handoff.FilterGt, Value: "10", ValueKind: "number"}}},
		{q: "What is the city with the smallest GDP? Return the city and its GDP.", types: []string{"city"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"city", "gdp"}, OrderBy: "gdp", Limit: 1}},
		{q: "Who is older, Ada Brook or Tomas Vey?",
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "age", Descending: true, Limit: 1}},
		{q: "Who scored more goals, Erik Solberg or Tiago Mendes?", preds: []string{"goal"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "goal", Descending: true, Limit: 1}},
		{q: "Which album came out first?", types: []string{"album"}, preds: []string{"released"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "released", Limit: 1}},
		{q: "Which gas station opened first?", types: []string{"gas station"}, noTypes: []string{"first"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "opened", Limit: 1}},
		{q: "Which university was founded the earliest?", types: []string{"university"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "founded", Limit: 1}},
		{q: "Which program was launched most recently?", types: []string{"program"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "launched", Descending: true, Limit: 1}},
		// A verb no column may be named after: the things' date is
		// asked for too, for the slice to hold it.
		{q: "Which race happened most recently?", types: []string{"race"}, preds: []string{"happened", "date"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "happened", Descending: true, Limit: 1}},
		{q: "What kind of museum is the Nordic Light Gallery?", types: []string{"museum"}, noTypes: []string{"kind"},
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"type"}}},
		{q: "Give me the players and their clubs.", types: []string{"player"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"player", "club"}}},
		{q: "Which phones cost less than 500?", types: []string{"phone"},
			filters: []handoff.Filter{{Attribute: "cost", Op: handoff.FilterLt, Value: "500", ValueKind: "number"}}},
		{q: "When was Elizabeth Bobo first elected?", noTypes: []string{"first"}, preds: []string{"elected"}},
		// "the most expensive": one, ranked by the measure the adjective
		// asks for, whether the thing comes before or after it.
		{q: "Which phone is the most expensive?", types: []string{"phone"}, noTypes: []string{"expensive"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "price", Descending: true, Limit: 1}},
		{q: "Which is the most expensive phone?", types: []string{"phone"}, noTypes: []string{"expensive phone"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "price", Descending: true, Limit: 1}},
		{q: "What is the most expensive phone?", types: []string{"phone"}, noTypes: []string{"expensive phone"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "price", Descending: true, Limit: 1}},
		{q: "Which are the most expensive phones?", types: []string{"phone"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "price", Descending: true}},
		// The same attribute of another type, said again, is that
		// type's.
		{q: "What are the names of the players and the names of their clubs?", types: []string{"player", "club"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"name", "club name"}}},
		// "popular" is no thing: the restaurants, one of them, counted.
		{q: "Which restaurant is the most popular?", types: []string{"restaurant"}, noTypes: []string{"popular"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, GroupBy: []string{"restaurant"}, Descending: true, Limit: 1}},
		{q: "What is the most popular restaurant?", types: []string{"restaurant"}, noTypes: []string{"popular restaurant"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, GroupBy: []string{"restaurant"}, Descending: true, Limit: 1}},
		// "Which is the …" asks what "What is the …" asks: the dorm is
		// the thing ranked, not the key.
		{q: "Which is the biggest dorm?", types: []string{"dorm"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Descending: true, Limit: 1}},
		{q: "List the total number of horses on farms in ascending order.",
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"total horse"}, OrderBy: "total horse"}},
		{q: "Sort all the rooms according to the price.", types: []string{"room"}, noTypes: []string{"rooms according", "according"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "price"}},
		{q: "Which city has the highest GDP?", types: []string{"city"}, filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "gdp", Descending: true, Limit: 1}},
		{q: "What nationality is Frank Gehry?", preds: []string{"nationality"},
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Frank Gehry", ValueKind: "string"}},
			output:  &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"nationality"}}},
		{q: "What color is the Eiffel Tower?",
			filters: []handoff.Filter{{Op: handoff.FilterEq, Value: "Eiffel Tower", ValueKind: "string"}},
			output:  &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"color"}}},
		{q: "What is the number of members of clubs with more than 3 members?",
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount, AggregateOf: "member"}},
		// A participle after "most" names what ranks the things after
		// it; a regular agent noun after "top" is ranked by the things
		// its agents did.
		{q: "Which are the five most watched films?", types: []string{"film"}, noTypes: []string{"watched film"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "watched", Descending: true, Limit: 5}},
		{q: "Which is the least visited museum?", types: []string{"museum"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "visited", Limit: 1}},
		// Superlatives listed with another aggregate are aggregates.
		{q: "What are the greatest and average capacity of rooms?", types: []string{"room"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggMax, AggregateOf: "capacity", Aggregates: []handoff.Aggregate{handoff.AggMax, handoff.AggAvg}}},
		{q: "What are the cheapest and the average ticket prices?",
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggMin, AggregateOf: "ticket price", Aggregates: []handoff.Aggregate{handoff.AggMin, handoff.AggAvg}}},
		{q: "What are the smallest and the largest city areas?",
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggMin, AggregateOf: "city area", Aggregates: []handoff.Aggregate{handoff.AggMin, handoff.AggMax}}},
		// A gerund before the key is a word of its name.
		{q: "List all department names ordered by their starting date.",
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"department name"}, OrderBy: "starting date"}},
		// "kinds of" an attribute: its distinct values, counted.
		{q: "How many kinds of different ratings are listed?",
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount, AggregateOf: "rating", Distinct: true}},
		// A closing request after "Please" names the columns too.
		{q: "Which city has the lowest GDP? Please list the city name and its GDP.",
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"city name", "gdp"}, OrderBy: "gdp", Limit: 1}},
		// Different aggregates of different terms.
		{q: "Return the maximum support rate, minimum consider rate, and minimum oppose rate across all candidates?", types: []string{"candidate"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggMax, AggregateOf: "support rate",
				MoreAggregates: []handoff.AggregateTerm{{Aggregate: handoff.AggMin, Of: "consider rate"}, {Aggregate: handoff.AggMin, Of: "oppose rate"}}}},
		// "by" one named thing narrows, it does not group.
		{q: "Find the number of albums by the artist 'Metallica'.", types: []string{"album", "artist"},
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggCount, AggregateOf: "album"}},
		{q: "Find the number of albums by each artist.", types: []string{"album", "artist"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Aggregate: handoff.AggCount, AggregateOf: "album", GroupBy: []string{"artist"}}},
		// A column's abbreviation in capitals is no name.
		{q: "Find the job ID for those jobs which average salary is above 8000.", types: []string{"job"},
			filters: []handoff.Filter{{Attribute: "salary", Op: handoff.FilterGt, Value: "8000", ValueKind: "number", Aggregate: handoff.AggAvg}}},
		{q: "List all the image names and URLs.", filters: noFilters,
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"image name", "url"}}},
		// No thing named: the attribute ranked is asked for.
		{q: "Return the top 3 greatest support rates.",
			output: &handoff.Output{Shape: handoff.ShapeValues, Attributes: []string{"support rate"}, OrderBy: "support rate", Descending: true, Limit: 3}},
		// A letter said unquoted is the text asked for.
		{q: "Who are the players that have names containing the letter a?", types: []string{"player"}, noTypes: []string{"letter"},
			filters: []handoff.Filter{{Attribute: "name", Op: handoff.FilterContains, Value: "a", ValueKind: "string"}}},
		// "What is the highest number of …": the largest count asked.
		{q: "What is the highest number of tracks on an album?", types: []string{"album"},
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggMax, AggregateOf: "track"}},
		// Of things, the two superlatives rank.
		{q: "What are the names of the largest and smallest cities?", types: []string{"city"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Attributes: []string{"name"}, Limit: 1}},
		// The list after a type's possessive is what is asked of it.
		{q: "List every teacher's first name, middle name and last name.", types: []string{"teacher"},
			output: &handoff.Output{Shape: handoff.ShapeTable, Attributes: []string{"first name", "middle name", "last name"}}},
		// An irregular past participle too ("the highest paid").
		{q: "Who is the highest paid teacher?", types: []string{"teacher"}, noTypes: []string{"paid teacher"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "paid", Descending: true, Limit: 1}},
		// Written with a hyphen, the same.
		{q: "Who is the highest-paid teacher?", types: []string{"teacher"}, noTypes: []string{"paid teacher"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "paid", Descending: true, Limit: 1}},
		{q: "What was the theme of the best-selling journal?", noTypes: []string{"selling journal"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "sell", Descending: true, Limit: 1}},
		// "the most money" a verb of earning made: what it earns.
		// Each one's total of the amount (summed where it is spent many
		// times, the synthesizer decides).
		{q: "Which movie made the most money?", types: []string{"movie"}, noTypes: []string{"money"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "earn", Descending: true, Limit: 1, OrderTotal: true}},
		{q: "Which customer spent the most money?", types: []string{"customer"}, noTypes: []string{"money"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "spent", Descending: true, Limit: 1, OrderTotal: true}},
		{q: "Which student spent the most?", types: []string{"student"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "spent", Descending: true, Limit: 1, OrderTotal: true}},
		// The most time, the fewest hours: each one's total.
		{q: "Who has spent the most time playing video games?", noTypes: []string{"time"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "time", Descending: true, Limit: 1, OrderTotal: true}},
		{q: "Which pilot flew for the fewest hours?", types: []string{"pilot"}, noTypes: []string{"hour"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "hour", Limit: 1, OrderTotal: true}},
		// A present participle too: ranked by what its verb measures.
		{q: "Which is the highest grossing film?", types: []string{"film"}, noTypes: []string{"grossing film"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "gross", Descending: true, Limit: 1}},
		// A superlative of its own measure is that measure's extreme.
		{q: "What is the oldest age among the teachers?", types: []string{"teacher"}, noTypes: []string{"age"},
			output: &handoff.Output{Shape: handoff.ShapeNumber, Aggregate: handoff.AggMax, AggregateOf: "age"}},
		{q: "Who are the top run scorers?",
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "run", Descending: true, Limit: 1, ShowOrder: true}},
		// "by" after a superlative's things names what ranks them; a
		// name after it does not.
		{q: "Which is the largest country by population?", types: []string{"country"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "population", Descending: true, Limit: 1}},
		{q: "What is the latest paper by Oren Etzioni?", types: []string{"paper"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "date", Descending: true, Limit: 1}},
		// "the most ratings" counts ratings per movie, though "rating"
		// may name an attribute.
		{q: "Which movie has the most ratings?", types: []string{"movie"},
			output: &handoff.Output{Shape: handoff.ShapeEntities, Aggregate: handoff.AggCount, AggregateOf: "rating", GroupBy: []string{"movie"}, OrderBy: "rating", Descending: true}},
		// An amount of money no noun names is a cost.
		{q: "Which films were made for under 10 million dollars?", types: []string{"film"},
			filters: []handoff.Filter{{Attribute: "cost", Op: handoff.FilterLt, Value: "10000000", ValueKind: "number"}}},
		{q: "Which films were made for less than $5 million?", types: []string{"film"},
			filters: []handoff.Filter{{Attribute: "cost", Op: handoff.FilterLt, Value: "5000000", ValueKind: "number"}}},
		{q: "Who is the best tennis coach?", // coach is no agent noun of a verb in -er/-or
			output: &handoff.Output{Shape: handoff.ShapeEntities, OrderBy: "tennis coach", Descending: true, Limit: 1}},
	})
}

// TestBoundIsNoAlternative: "two or more" bounds a count; it names no
// alternatives, while "France or Chile" does.
func TestBoundIsNoAlternative(t *testing.T) {
	for q, want := range map[string]bool{
		"Which products have two or more characteristics?": false,
		"Which singers are from 'France' or 'Chile'?":      true,
	} {
		d := decompose(t, q)
		got := false
		for _, sg := range d.Subgoals {
			for _, c := range sg.Requirements.Cues {
				got = got || c.Kind == handoff.CueSet && c.Text == "or"
			}
		}
		if got != want {
			t.Errorf("%q: set cue \"or\" %v, want %v\n%s", q, got, want, dump(d))
		}
	}
}

// TestSharedHeadsAndNamedFilters: "the start and end dates" are two
// dates; "role name 'Proof Reader'" compares the role name and does not
// show it; "In which year …" asks for the year (no relative clause).
func TestSharedHeadsAndNamedFilters(t *testing.T) {
	for q, want := range map[string][]string{
		"What are the start and end dates for incidents?":             {"start date", "end date"},
		"List the departure and arrival times of flights.":            {"departure time", "arrival time"},
		"What is the name and home city of the team?":                 {"name", "home city"},
		"Show the description for role name 'Proof Reader'.":          {"description"},
		"List the asset id, details, make and model for every asset.": {"asset id", "detail", "make", "model"},
		"Show names and seatings, ordered by seating for all tracks.": {"name", "seating"},
	} {
		got := decompose(t, q).Subgoals[0].Requirements.Output.Attributes
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: attributes (-want +got):\n%s", q, diff)
		}
	}
	fs := decompose(t, "Show the description for role name 'Proof Reader'.").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "role name" || fs[0].Value != "Proof Reader" {
		t.Errorf("role name filter: got %+v", fs)
	}
	if g := decompose(t, "What is the average base price of rooms, for each bed type?").Subgoals[0].Requirements.Output.GroupBy; !slices.Equal(g, []string{"bed type"}) {
		t.Errorf("for each bed type: group by %v, want [bed type]", g)
	}
	if g := decompose(t, "What is the average salary for each department?").Subgoals[0].Requirements.Output.GroupBy; !slices.Equal(g, []string{"department"}) {
		t.Errorf("for each department: group by %v, want [department]", g)
	}
	out := decompose(t, "In which year were most of ships built?").Subgoals[0].Requirements.Output
	if !slices.Contains(out.Attributes, "year") {
		t.Errorf("In which year …: attributes %v, want the year", out.Attributes)
	}
}

// TestCountedNounAfterNumber: "2 or more corresponding documents" and
// "with only 1 station" bound how many documents or stations.
func TestCountedNounAfterNumber(t *testing.T) {
	for q, want := range map[string]handoff.Filter{
		"What are project ids of projects that have 2 or more corresponding documents?": {Attribute: "document", Op: handoff.FilterGe, Value: "2", ValueKind: "number"},
		"Show all locations with only 1 station.":                                       {Attribute: "station", Op: handoff.FilterEq, Value: "1", ValueKind: "number"},
	} {
		fs := decompose(t, q).Subgoals[0].Requirements.Filters
		if len(fs) != 1 || fs[0] != want {
			t.Errorf("%s: filters %+v, want %+v", q, fs, want)
		}
	}
}

// TestValueBeforeItsAttribute: "in the North Coast area", "orders in
// Cancelled status", "an R rating": the noun after the value is the
// attribute compared (and not shown); "RAM size greater than 32", "the
// FDA approval status 'No'", "the average James Cameron film rating" are
// not such pairs.
func TestValueBeforeItsAttribute(t *testing.T) {
	for q, want := range map[string]string{
		"What are the distinct names of wines that have appellations in the North Coast area?":   "area=North Coast",
		"List the order id, customer id for orders in Cancelled status.":                         "status=Cancelled",
		"Return the titles of any movies with an R rating.":                                      "rating=R",
		"Find the countries that have never participated in any competition with Friendly type.": "type=Friendly",
		"List the hardware model name for the phones that have RAM size greater than 32.":        "size>32 =RAM",
		"How many medicines have the FDA approval status 'No'?":                                  "=FDA approval status=No",
	} {
		var got []string
		for _, f := range decompose(t, q).Subgoals[0].Requirements.Filters {
			got = append(got, f.Attribute+string(f.Op)+f.Value)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: filters %q, want %q", q, strings.Join(got, " "), want)
		}
	}
	if attrs := decompose(t, "List the order id, customer id for orders in Cancelled status.").Subgoals[0].Requirements.Output.Attributes; slices.Contains(attrs, "status") {
		t.Errorf("the status compared is shown: %v", attrs)
	}
}

// TestNestedAggregateGroupedOutside checks that a grouping after the
// nested phrase groups the question, not the bound: one average
// compares every thing, and the count is given per group.
func TestNestedAggregateGroupedOutside(t *testing.T) {
	for _, q := range []string{
		"How many players are taller than the average height for each team?",
		"Count the cars that are heavier than average per maker.",
	} {
		d := decompose(t, q)
		if len(d.Subgoals) != 2 {
			t.Fatalf("%s: %d subgoals, want 2:\n%s", q, len(d.Subgoals), dump(d))
		}
		s1, s2 := d.Subgoals[0].Requirements.Output, d.Subgoals[1].Requirements.Output
		if len(s1.GroupBy) > 0 || len(s2.GroupBy) == 0 {
			t.Errorf("%s: s1 grouped by %q, s2 by %q; want s2 grouped:\n%s", q, s1.GroupBy, s2.GroupBy, dump(d))
		}
	}
}

// TestEachNamedGroup: "each Nordic country" groups by country; the name
// is a value the countries have, not what groups them.
func TestEachNamedGroup(t *testing.T) {
	for q, want := range map[string][2]string{
		"How many stores does each Canadian province have?": {"province", "Canadian"},
		"Count the orders for each Dutch customer.":         {"customer", "Dutch"},
	} {
		d := decompose(t, q)
		sg := d.Subgoals[0]
		if got := sg.Requirements.Output.GroupBy; len(got) != 1 || got[0] != want[0] {
			t.Errorf("%s: grouped by %q, want %s:\n%s", q, got, want[0], dump(d))
		}
		if !slices.ContainsFunc(sg.Requirements.Filters, func(f handoff.Filter) bool { return f.Value == want[1] }) {
			t.Errorf("%s: no filter on %s:\n%s", q, want[1], dump(d))
		}
	}
}

// TestPayVerbs: "earn" and "paid" are verbs after their subjects
// ("employees earn", never one noun), and "the most" after one of them
// orders by what it stands for; "is the highest" by what "high"
// measures.
func TestPayVerbs(t *testing.T) {
	for q, want := range map[string]handoff.Output{
		"Which mountain is the highest?":    {Shape: handoff.ShapeEntities, OrderBy: "height", Descending: true, Limit: 1},
		"Which employees earn the most?":    {Shape: handoff.ShapeEntities, OrderBy: "earn", Descending: true, Limit: 1},
		"Which employee is paid the least?": {Shape: handoff.ShapeEntities, OrderBy: "pay", Limit: 1},
	} {
		got := decompose(t, q).Subgoals[0].Requirements.Output
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: output (-want +got):\n%s", q, diff)
		}
	}
	for q, attr := range map[string]string{"Which employees earn more than 10000?": "earn", "How many wines cost more than 100?": "cost"} {
		r := decompose(t, q).Subgoals[0].Requirements
		if len(r.Filters) != 1 || r.Filters[0].Attribute != attr || len(r.Types) != 1 {
			t.Errorf("%s: types %q, filters %+v", q, r.Types, r.Filters)
		}
	}
}

// TestLinkedValueExtendsName: a value the linker finds that the question
// says whole ("Paper Cranes at Dawn") is one name, though its capitals
// stop at "at"; the comparison is with that film, not with "Paper
// Cranes" and a second name "Dawn".
func TestLinkedValueExtendsName(t *testing.T) {
	const q = "Which films had a bigger budget than Paper Cranes at Dawn?"
	const title = "Paper Cranes at Dawn"
	i := strings.Index(q, title)
	l := decomposer.LinkerFunc(func(context.Context, string, int) ([]handoff.Mention, error) {
		return []handoff.Mention{{Text: title, Start: i, End: i + len(title), Kind: handoff.MentionValue, Graph: "films", Value: title}}, nil
	})
	d := decompose(t, q, decomposer.WithValueLinker(l))
	var names []string
	for _, m := range d.Subgoals[0].Mentions {
		if m.Kind == handoff.MentionName {
			names = append(names, m.Text)
		}
	}
	if !slices.Equal(names, []string{title}) {
		t.Errorf("names %q, want [%q]", names, title)
	}
	if !slices.ContainsFunc(d.Subgoals[0].Requirements.Filters, func(f handoff.Filter) bool { return f.Value == title && f.Op == handoff.FilterGt }) {
		t.Errorf("filters %+v, want budget > %q", d.Subgoals[0].Requirements.Filters, title)
	}
	// Without the linker the capitals make two names, as before.
	d = decompose(t, q)
	if n := len(d.Subgoals[0].Mentions); n != 2 {
		t.Errorf("without a linker: %d mentions, want 2", n)
	}
}

// TestNameLinker: a linker given with WithNameLinker only extends a name
// the capitals start (its values are no mentions), and is asked only
// when the question writes capitals with small words between them.
func TestNameLinker(t *testing.T) {
	const title = "Paper Cranes at Dawn"
	var asked []string
	l := decomposer.LinkerFunc(func(_ context.Context, text string, _ int) ([]handoff.Mention, error) {
		asked = append(asked, text)
		var out []handoff.Mention
		if i := strings.Index(text, title); i >= 0 {
			out = append(out, handoff.Mention{Text: title, Start: i, End: i + len(title), Kind: handoff.MentionValue, Graph: "films", Value: title})
		}
		if i := strings.Index(text, "budget"); i >= 0 {
			out = append(out, handoff.Mention{Text: "budget", Start: i, End: i + 6, Kind: handoff.MentionValue, Graph: "films", Value: "budget"})
		}
		return out, nil
	})
	q := "Which films had a bigger budget than Paper Cranes at Dawn?"
	d := decompose(t, q, decomposer.WithNameLinker(l))
	var texts []string
	for _, m := range d.Subgoals[0].Mentions {
		texts = append(texts, m.Text+"/"+string(m.Kind))
	}
	if !slices.Equal(texts, []string{title + "/" + string(handoff.MentionName)}) {
		t.Errorf("mentions %q, want the one name", texts)
	}
	for _, q := range []string{"How many films did Ada Brook direct?", "Which film of Ada Brook is the oldest?"} {
		decompose(t, q, decomposer.WithNameLinker(l))
	}
	if len(asked) != 1 || asked[0] != q {
		t.Errorf("the linker was asked %q, want only %q", asked, q)
	}
	// Asked, but no value runs over "in": two names, as without it.
	d = decompose(t, "Who directed Iron Meridian in Lisbon?", decomposer.WithNameLinker(l))
	if n := len(d.Subgoals[0].Mentions); n != 2 || len(asked) != 2 {
		t.Errorf("Iron Meridian in Lisbon: %d mentions (want 2), linker asked %d times (want 2)", n, len(asked))
	}
	// A question without capitals is asked: capitals cannot show its
	// names.
	decompose(t, "which films cost more than 10 million?", decomposer.WithNameLinker(l))
	if len(asked) != 3 {
		t.Errorf("a question without capitals: the linker was asked %d times, want 3", len(asked))
	}
	// "Fast As a Shark": a capitalised small word, then a small one.
	asked = nil
	decompose(t, "How long is the track Fast As a Shark?", decomposer.WithNameLinker(l))
	if len(asked) != 1 {
		t.Errorf("the linker was asked %d times for Fast As a Shark", len(asked))
	}
}

// TestLowerCaseNames: a question written without capitals names a value
// of several words a graph holds (the linker finds it), compared as the
// graph writes it; one word is not enough, and a question with capitals
// is read by its capitals.
func TestLowerCaseNames(t *testing.T) {
	values := []string{"Iron Meridian", "Paper Cranes at Dawn", "drama"}
	l := decomposer.LinkerFunc(func(_ context.Context, text string, _ int) ([]handoff.Mention, error) {
		var out []handoff.Mention
		for _, v := range values {
			if i := strings.Index(strings.ToLower(text), strings.ToLower(v)); i >= 0 {
				out = append(out, handoff.Mention{Text: text[i : i+len(v)], Start: i, End: i + len(v), Kind: handoff.MentionValue, Graph: "films", Value: v})
			}
		}
		return out, nil
	})
	for _, c := range []struct {
		q, name, value string
	}{
		{"who directed iron meridian?", "iron meridian", "Iron Meridian"},
		{"Which films had a bigger budget than paper cranes at dawn?", "paper cranes at dawn", "Paper Cranes at Dawn"},
		{"which films are drama", "", ""},
	} {
		d := decompose(t, c.q, decomposer.WithNameLinker(l))
		s := d.Subgoals[0]
		var names []string
		for _, m := range s.Mentions {
			if m.Kind == handoff.MentionName {
				names = append(names, m.Text)
			}
		}
		if c.name == "" {
			if len(names) != 0 {
				t.Errorf("%q: names %q, want none", c.q, names)
			}
			continue
		}
		if !slices.Equal(names, []string{c.name}) {
			t.Errorf("%q: names %q, want [%q]", c.q, names, c.name)
		}
		if !slices.ContainsFunc(s.Requirements.Filters, func(f handoff.Filter) bool { return f.Value == c.value }) {
			t.Errorf("%q: filters %+v, want one on %q", c.q, s.Requirements.Filters, c.value)
		}
	}
	// Without the linker, no name.
	if d := decompose(t, "who directed iron meridian?"); len(d.Subgoals[0].Mentions) != 0 {
		t.Errorf("no linker: mentions %+v", d.Subgoals[0].Mentions)
	}
}

// TestSearchersLinker: the question is searched in every graph's
// searcher, in the order of their IDs, and a failed search fails.
func TestSearchersLinker(t *testing.T) {
	search := func(vals ...string) kg.TextSearcher {
		return searcherFunc(func(context.Context, string, int) ([]kg.Hit, error) {
			var hits []kg.Hit
			for _, v := range vals {
				hits = append(hits, kg.Hit{Value: v, Property: "http://x/title", Score: 1})
			}
			return hits, nil
		})
	}
	ss := map[string]kg.TextSearcher{"music": search("Dawn"), "films": search("Paper Cranes at Dawn", "Nowhere")}
	l := decomposer.SearchersLinker(func(context.Context) (map[string]kg.TextSearcher, error) { return ss, nil })
	ms, err := l.Link(context.Background(), "Which films had a bigger budget than Paper Cranes at Dawn?", 5)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Graph+":"+m.Text)
	}
	if want := []string{"films:Paper Cranes at Dawn", "music:Dawn"}; !slices.Equal(got, want) {
		t.Errorf("mentions %q, want %q", got, want)
	}
	ss["broken"] = searcherFunc(func(context.Context, string, int) ([]kg.Hit, error) { return nil, errors.New("index gone") })
	if _, err := l.Link(context.Background(), "Paper Cranes at Dawn", 5); err == nil || !strings.Contains(err.Error(), "graph broken: index gone") {
		t.Errorf("a failed search: %v", err)
	}
	fail := decomposer.SearchersLinker(func(context.Context) (map[string]kg.TextSearcher, error) { return nil, errors.New("no pool") })
	if _, err := fail.Link(context.Background(), "x", 5); err == nil || !strings.Contains(err.Error(), "no pool") {
		t.Errorf("no searchers: %v", err)
	}
}

type searcherFunc func(ctx context.Context, text string, k int) ([]kg.Hit, error)

func (f searcherFunc) Search(ctx context.Context, text string, k int) ([]kg.Hit, error) {
	return f(ctx, text, k)
}

// TestKindOfAsked: "What kind of X does <name> …?" asks the type, as
// "What kind of X is <name>?" does.
func TestKindOfAsked(t *testing.T) {
	for _, q := range []string{"What kind of music does Kenji Aoyama Trio play?", "What type of government does Aruba have?", "What kind of museum is the Nordic Light Gallery?"} {
		d := decompose(t, q)
		if got := d.Subgoals[0].Requirements.Output.Attributes; !slices.Equal(got, []string{"type"}) {
			t.Errorf("%s: attributes %q, want [type]", q, got)
		}
	}
}

// TestAcronymAttribute: "the GNP of Japan" is Japan's GNP, not a name
// "GNP of Japan".
func TestAcronymAttribute(t *testing.T) {
	d := decompose(t, "What is the GNP of Japan?")
	var names []string
	for _, m := range d.Subgoals[0].Mentions {
		names = append(names, m.Text)
	}
	if !slices.Equal(names, []string{"Japan"}) {
		t.Errorf("mentions %q, want [Japan]", names)
	}
	if r := d.Subgoals[0].Requirements; !slices.ContainsFunc(r.Terms(), func(p string) bool { return strings.EqualFold(p, "gnp") }) {
		t.Errorf("terms %q, want the GNP", r.Terms())
	}
}

// TestPlaysAsARole: "players who play as a forward" says what they are,
// not a relation "play" to forwards: no predicate "play", no join through
// it.
func TestPlaysAsARole(t *testing.T) {
	for _, q := range []string{"Which players don't play as a forward?", "Which employees work as managers?"} {
		d := decompose(t, q)
		r := d.Subgoals[len(d.Subgoals)-1].Requirements
		for _, p := range r.Predicates {
			if p == "play" || p == "work" {
				t.Errorf("%q: predicate %q\n%s", q, p, dump(d))
			}
		}
		for _, j := range r.Joins {
			if j.Via != "" {
				t.Errorf("%q: join via %q\n%s", q, j.Via, dump(d))
			}
		}
	}
}

// TestHowMuchVerb: "how much" closed by a verb asks for the amount the
// verb says: what a film made or grossed, what a person is paid, what a
// thing costs or weighs.
func TestHowMuchVerb(t *testing.T) {
	for q, want := range map[string]string{
		"How much did Tootsie make?":       "earn",
		"How much did Avatar gross?":       "earn",
		"How much is Ann Lee paid?":        "pay",
		"How much did the Z520e sell for?": "cost",
		"How much did Thriller sell?":      "sell",
		"How much does Orca weigh?":        "weigh",
		// The amount verb before "to", not the one it costs to do.
		"How much did Iron Meridian cost to make?": "cost",
	} {
		got := decompose(t, q).Subgoals[0].Requirements.Output.Attributes
		if !slices.Equal(got, []string{want}) {
			t.Errorf("%s: output attributes %q, want [%s]", q, got, want)
		}
	}
}

// TestHowMuchInTotal: "in total" (or "altogether") after the amount
// verb sums what the verb says over every time it was done.
func TestHowMuchInTotal(t *testing.T) {
	for q, want := range map[string]string{
		"How much did Linda Smith spend in total?": "spent",
		"How much did Tootsie make altogether?":    "earn",
	} {
		out := decompose(t, q).Subgoals[0].Requirements.Output
		if out.Aggregate != handoff.AggSum || out.AggregateOf != want {
			t.Errorf("%s: aggregate %s of %q, want sum of %q", q, out.Aggregate, out.AggregateOf, want)
		}
	}
	if out := decompose(t, "How much did Linda Smith spend?").Subgoals[0].Requirements.Output; out.Aggregate != "" {
		t.Errorf("no total asked: aggregate %s", out.Aggregate)
	}
}

// TestNumberOfTimes: "the number of times it was ordered" counts how
// often the verb was done, not a column of times.
func TestNumberOfTimes(t *testing.T) {
	for q, want := range map[string]string{
		"For each product, return its id and the number of times it was ordered.":                    "ordered",
		"Find the name and price of the product that has been ordered the greatest number of times.": "ordered",
	} {
		r := decompose(t, q).Subgoals[0].Requirements
		if r.Output.Aggregate != handoff.AggCount || r.Output.AggregateOf != want || slices.Contains(r.Predicates, "time") {
			t.Errorf("%s: count of %q (predicates %q), want a count of %q", q, r.Output.AggregateOf, r.Predicates, want)
		}
	}
}

// TestOrderedBought: "ordered" sorts only before "by", "in",
// "alphabetically" and the like; otherwise it is the verb of buying.
func TestOrderedBought(t *testing.T) {
	sg := decompose(t, "Which customers have never ordered anything?").Subgoals[0]
	if sg.Has(handoff.OpRank) || !slices.Contains(sg.Requirements.Predicates, "ordered") || !sg.Has(handoff.OpNegate) {
		t.Errorf("ordered as buying: ops %v, predicates %q", sg.Operations, sg.Requirements.Predicates)
	}
	sg = decompose(t, "List the names of the customers ordered by their age.").Subgoals[0]
	if !sg.Has(handoff.OpRank) || sg.Requirements.Output.OrderBy != "age" {
		t.Errorf("ordered by: ops %v, order by %q", sg.Operations, sg.Requirements.Output.OrderBy)
	}
}

// TestShortPeople: people are short in height, things in length; "the
// shortest of the perpetrators" is one of them.
func TestShortPeople(t *testing.T) {
	for q, want := range map[string]handoff.Output{
		"Who is the shortest of the perpetrators?": {Shape: handoff.ShapeEntities, OrderBy: "height", Limit: 1},
		"Which singer is the shortest?":            {Shape: handoff.ShapeEntities, OrderBy: "height", Limit: 1},
		"Which river is the shortest?":             {Shape: handoff.ShapeEntities, OrderBy: "length", Limit: 1},
		"Which is the longest of the rivers?":      {Shape: handoff.ShapeEntities, OrderBy: "length", Descending: true, Limit: 1},
	} {
		got := decompose(t, q).Subgoals[0].Requirements.Output
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: output (-want +got):\n%s", q, diff)
		}
	}
	for q, want := range map[string]string{"Which players are shorter than 1.8?": "height", "Which songs are shorter than 300?": "length"} {
		r := decompose(t, q).Subgoals[0].Requirements
		if len(r.Filters) != 1 || r.Filters[0].Attribute != want {
			t.Errorf("%s: filters %+v, want one on %s", q, r.Filters, want)
		}
	}
}

// TestSentenceCaseTitle: a title written in sentence case ("My love",
// "Just beat it") is one name when a graph holds it whole; the linker
// is asked because one capitalised word runs into lower-case ones.
func TestSentenceCaseTitle(t *testing.T) {
	l := decomposer.LinkerFunc(func(_ context.Context, text string, _ int) ([]handoff.Mention, error) {
		var out []handoff.Mention
		for _, v := range []string{"My love", "Just beat it"} {
			if i := strings.Index(text, v); i >= 0 {
				out = append(out, handoff.Mention{Text: v, Start: i, End: i + len(v), Kind: handoff.MentionValue, Graph: "music", Value: v})
			}
		}
		return out, nil
	})
	for q, want := range map[string]string{
		"When did My love come out?":                      "My love",
		"Which songs are rated higher than Just beat it?": "Just beat it",
	} {
		d := decompose(t, q, decomposer.WithNameLinker(l))
		var names []string
		for _, m := range d.Subgoals[0].Mentions {
			names = append(names, m.Text)
		}
		if !slices.Equal(names, []string{want}) {
			t.Errorf("%s: mentions %q, want [%s]", q, names, want)
		}
	}
}

// TestHowMuchIsAndSeat: "How much is a night in …?" asks what it costs;
// a place that can seat or hold a number of people bounds its capacity.
func TestHowMuchIsAndSeat(t *testing.T) {
	if got := decompose(t, "How much is a night in the Royal Suite?").Subgoals[0].Requirements.Output.Attributes; !slices.Equal(got, []string{"cost"}) {
		t.Errorf("How much is a night: attributes %q, want [cost]", got)
	}
	if got := decompose(t, "How much is the budget of Avatar?").Subgoals[0].Requirements.Output.Attributes; !slices.Equal(got, []string{"budget"}) {
		t.Errorf("How much is the budget: attributes %q, want [budget]", got)
	}
	for _, q := range []string{"Which stadiums can seat over 65,000?", "Which arenas hold more than 20000?"} {
		r := decompose(t, q).Subgoals[0].Requirements
		if len(r.Filters) != 1 || r.Filters[0].Attribute != "capacity" {
			t.Errorf("%s: filters %+v, want one on the capacity", q, r.Filters)
		}
	}
	// "How many times" counts how often, no column of times.
	if o := decompose(t, "How many times was each wrestler eliminated?").Subgoals[0].Requirements.Output; o.Aggregate != handoff.AggCount || o.AggregateOf != "" {
		t.Errorf("how many times: aggregate %q of %q, want a count of rows", o.Aggregate, o.AggregateOf)
	}
	// A unit of time where is the attribute ("weeks on top", "years in
	// office").
	for q, want := range map[string]string{"What are the songs in volumes with more than 1 week on top?": "week on top",
		"Which ministers served more than 4 years in office?": "years in office"} {
		r := decompose(t, q).Subgoals[0].Requirements
		if len(r.Filters) != 1 || r.Filters[0].Attribute != want {
			t.Errorf("%s: filters %+v, want one on %q", q, r.Filters, want)
		}
	}
	// A noun after the number is what is counted, even one that is also
	// a verb of holding.
	r := decompose(t, "Which parties had more than 10 hosts?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "host" {
		t.Errorf("more than 10 hosts: filters %+v, want one on the hosts", r.Filters)
	}
}

// TestLiveLonger: people who "live longer than 80 years on average" have
// a life expectancy above 80 (an average already, not one to take);
// people who are longer are not taller.
func TestLiveLonger(t *testing.T) {
	r := decompose(t, "In which countries do people live longer than 80 years on average?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "live" || r.Filters[0].Value != "80" || r.Output.Aggregate != "" {
		t.Errorf("filters %+v, aggregate %q; want live > 80 and no aggregate", r.Filters, r.Output.Aggregate)
	}
	if d, ok := lexicon.DerivedFrom("live"); !ok || !slices.Contains(d.Words, "expectancy") {
		t.Errorf("DerivedFrom(live) = %v %v, want the life expectancy", d, ok)
	}
	r = decompose(t, "Which employees worked longer than 10 years?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "worked" {
		t.Errorf("worked longer: filters %+v, want one on the working", r.Filters)
	}
	r = decompose(t, "Which journalists have been working longer than John Meaney?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "working" || r.Filters[0].ValueKind != handoff.ValueEntity {
		t.Errorf("working longer than a name: filters %+v, want the working compared", r.Filters)
	}
	r = decompose(t, "Which body builders have a higher total than Cam Fowler?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "total" || r.Output.Aggregate != "" {
		t.Errorf("a higher total than a name: filters %+v, aggregate %q; want the total compared, no sum", r.Filters, r.Output.Aggregate)
	}
	// The word after a leading "who" is its verb ("coaches"), no type.
	if r := decompose(t, "Who coaches the most players?").Subgoals[0].Requirements; slices.Contains(r.Types, "coach") || !slices.Contains(r.Predicates, "coaches") {
		t.Errorf("who coaches: types %q, predicates %q; want the verb coaches", r.Types, r.Predicates)
	}
	for q, want := range map[string]string{"Who held the title the longest?": "held", "Which river is the longest?": "length"} {
		if got := decompose(t, q).Subgoals[0].Requirements.Output.OrderBy; got != want {
			t.Errorf("%s: ordered by %q, want %q", q, got, want)
		}
	}
	r = decompose(t, "Which rivers are longer than the Thames?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "length" {
		t.Errorf("rivers longer: filters %+v, want the length compared", r.Filters)
	}
}

// TestSameAs: "the same NOUN as NAME" is an equality with the named
// thing's own NOUN; "other" after "which" leaves the things asked.
func TestSameAs(t *testing.T) {
	for q, want := range map[string][]string{
		"Which other phones have the same chip as the Nokia 700?": {"phone", "chip", "Nokia 700"},
		"Which players play for the same team as Magnus Dahl?":    {"player", "team", "Magnus Dahl"},
	} {
		r := decompose(t, q).Subgoals[0].Requirements
		if len(r.Types) == 0 || r.Types[0] != want[0] || len(r.Filters) != 1 ||
			r.Filters[0] != (handoff.Filter{Attribute: want[1], Op: handoff.FilterEq, Value: want[2], ValueKind: handoff.ValueEntity}) {
			t.Errorf("%s: types %q, filters %+v; want %q", q, r.Types, r.Filters, want)
		}
	}
}

// TestVerbAfterPronoun: the word after a modal and its pronoun is a verb
// ("Where can you fly to …?"), not a thing asked about.
func TestVerbAfterPronoun(t *testing.T) {
	r := decompose(t, "Where can you fly to for less than 250 dollars?").Subgoals[0].Requirements
	if slices.Contains(r.Types, "fly") || !slices.Contains(r.Predicates, "fly") {
		t.Errorf("types %q, predicates %q: want fly a predicate", r.Types, r.Predicates)
	}
}

// TestQuantifiedComparison: a comparison with things quantified over is
// bounded by the extreme of the compared attribute over them (the
// largest for "more than all", the smallest for "more than some"), and
// a noun between the comparative and "than" names what is compared.
func TestQuantifiedComparison(t *testing.T) {
	cases := []struct {
		q, outer string
		attr     string
		op       handoff.FilterOp
		agg      handoff.Aggregate
	}{
		{"Which songs have a higher rating than all blues songs?", "Which songs have a higher rating than s1?", "rating", handoff.FilterGt, handoff.AggMax},
		{"Which songs have a lower rating than at least one blues song?", "Which songs have a lower rating than s1?", "rating", handoff.FilterLt, handoff.AggMax},
		{"Which people are older than some engineers?", "Which people are older than s1?", "age", handoff.FilterGt, handoff.AggMin},
		{"How many people are older than every engineer?", "How many people are older than s1?", "age", handoff.FilterGt, handoff.AggMax},
		{"Which people are younger than any engineer?", "Which people are younger than s1?", "age", handoff.FilterLt, handoff.AggMin},
		{"Which colleges have a larger enrollment than the largest college in Florida?", "Which colleges have a larger enrollment than s1?", "enrollment", handoff.FilterGt, handoff.AggMax},
		{"Which songs have a higher rating than the average rating of blues songs?", "Which songs have a higher rating than s1?", "rating", handoff.FilterGt, handoff.AggAvg},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			d := decomposeN(t, c.q, 2)
			s1, s2 := &d.Subgoals[0], &d.Subgoals[1]
			if o := s1.Requirements.Output; o.Aggregate != c.agg || o.AggregateOf != c.attr || o.OrderBy != "" || o.Limit != 0 {
				t.Errorf("s1 output = %+v, want the %s of %q", o, c.agg, c.attr)
			}
			if s2.Text != c.outer {
				t.Errorf("s2.Text = %q, want %q", s2.Text, c.outer)
			}
			if !slices.ContainsFunc(s2.Requirements.Filters, func(f handoff.Filter) bool {
				return f.Attribute == c.attr && f.Op == c.op && f.Value == "s1" && f.ValueKind == decomposer.SubgoalValue
			}) || len(s2.Requirements.Filters) != 1 {
				t.Errorf("s2 filters = %+v, want only %q %s s1", s2.Requirements.Filters, c.attr, c.op)
			}
		})
	}
	// "than any other player" ranks; a number after the noun is a value.
	if d := decompose(t, "Which player scored more goals than any other player?"); len(d.Subgoals) != 1 {
		t.Errorf("'than any other' made %d subgoals:\n%s", len(d.Subgoals), dump(d))
	}
	d := decompose(t, "Which songs have a higher rating than 8?")
	if fs := d.Final().Requirements.Filters; len(d.Subgoals) != 1 || len(fs) != 1 || fs[0].Attribute != "rating" || fs[0].Op != handoff.FilterGt || fs[0].Value != "8" {
		t.Errorf("'a higher rating than 8':\n%s", dump(d))
	}
}

// TestNamePartTerms: "the first name of every student" asks for no other
// name (a department's), so "name" alone is no term of it.
func TestNamePartTerms(t *testing.T) {
	d := decompose(t, "What is the first name of every student?")
	if ps := d.Final().Requirements.Predicates; !slices.Contains(ps, "first name") || slices.Contains(ps, "name") {
		t.Errorf("predicates = %q, want first name and not name alone", ps)
	}
}

// TestPluralNounVerbInList: "the names and costs of all procedures"
// lists two attributes; "costs" is no verb there.
func TestPluralNounVerbInList(t *testing.T) {
	d := decompose(t, "List the names and costs of all procedures sorted by cost.")
	if o := d.Final().Requirements.Output; !slices.Equal(o.Attributes, []string{"name", "cost"}) || o.OrderBy != "cost" {
		t.Errorf("output = %+v, want the name and cost, ordered by cost", o)
	}
}

// TestGenderWords: "girl students" and "male British artists" say the
// sex of the things, past a place's adjective.
func TestGenderWords(t *testing.T) {
	for q, want := range map[string]string{
		"How many girl students are younger than 25?":     "female",
		"What are the names of all male British artists?": "male",
		"How many candidates are women?":                  "female",
	} {
		d := decompose(t, q)
		if !slices.ContainsFunc(d.Final().Requirements.Filters, func(f handoff.Filter) bool { return f.Attribute == handoff.AttrGender && f.Value == want }) {
			t.Errorf("%q: filters %+v, want gender %s", q, d.Final().Requirements.Filters, want)
		}
	}
}

// TestVerbAfterEach: "How many rounds did each pilot win?" groups by the
// pilot and names the verb; "locations that has a cinema" has no verb
// "cinema".
func TestVerbAfterEach(t *testing.T) {
	d := decompose(t, "How many rounds did each pilot win?")
	r := d.Final().Requirements
	if !slices.Equal(r.Output.GroupBy, []string{"pilot"}) || !slices.Contains(r.Predicates, "win") {
		t.Errorf("requirements %+v, want grouped by pilot, with the verb win", r)
	}
	// With its object after it too.
	if r := decompose(t, "How many hours does each student play video games?").Final().Requirements; !slices.Equal(r.Output.GroupBy, []string{"student"}) || !slices.Contains(r.Predicates, "play") {
		t.Errorf("requirements %+v, want grouped by student, with the verb play", r)
	}
	d = decompose(t, "Find the distinct locations that has a cinema.")
	if r := d.Final().Requirements; slices.Contains(r.Predicates, "cinema") || !slices.Contains(r.Types, "cinema") {
		t.Errorf("requirements %+v, want the type cinema, no verb", r)
	}
}

// TestVerbAfterNegation: "didn't hit" names the verb hit; "aren't open"
// has none.
func TestVerbAfterNegation(t *testing.T) {
	d := decompose(t, "Which storms didn't hit any country?")
	if r := d.Final().Requirements; !slices.Contains(r.Predicates, "hit") || slices.Contains(r.Types, "hit") {
		t.Errorf("requirements %+v, want the verb hit", r)
	}
}

// TestUnitAfterBetweenAndNumberLabel: "between 100 and 300 hours of work"
// bounds the work hours; "the flight with number 99" is labelled 99.
func TestUnitAfterBetweenAndNumberLabel(t *testing.T) {
	d := decompose(t, "Find the name of projects that require between 100 and 300 hours of work.")
	if fs := d.Final().Requirements.Filters; len(fs) != 1 || fs[0].Attribute != "work hours" || fs[0].Op != handoff.FilterBetween {
		t.Errorf("filters %+v, want the work hours between 100 and 300", fs)
	}
	d = decompose(t, "What is the aircraft name for the flight with number 99")
	if fs := d.Final().Requirements.Filters; len(fs) != 1 || fs[0].Attribute != "number" || fs[0].Value != "99" {
		t.Errorf("filters %+v, want number 99", fs)
	}
}

// TestNumberToNumber: "rooms which can sit 50 to 100 students" bounds
// their capacity, both ends in.
func TestNumberToNumber(t *testing.T) {
	d := decompose(t, "Find the rooms which can sit 50 to 100 students.")
	if fs := d.Final().Requirements.Filters; len(fs) != 1 || fs[0].Attribute != "capacity" || fs[0].Op != handoff.FilterBetween || fs[0].Value != "50" || fs[0].Value2 != "100" {
		t.Errorf("filters %+v, want the capacity between 50 and 100", fs)
	}
	// "from 2000 to 2010" stays the range rule's.
	d = decompose(t, "Which films were released from 2000 to 2010?")
	if fs := d.Final().Requirements.Filters; len(fs) != 1 || fs[0].Op != handoff.FilterBetween {
		t.Errorf("filters %+v, want one range", fs)
	}
}

// TestDeadliest: "the deadliest incident" ranks by how many it killed.
func TestDeadliest(t *testing.T) {
	o := decompose(t, "In which year did the deadliest incident happen?").Final().Requirements.Output
	if o.OrderBy != "kill" || !o.Descending {
		t.Errorf("output %+v, want ordered by kill, descending", o)
	}
}

// TestVerbFirstIsNoThing: in "Which employee was hired first?" the
// verb and "first" say when, and name no thing.
func TestVerbFirstIsNoThing(t *testing.T) {
	d := decompose(t, "Which employee was hired first?")
	if ts := d.Subgoals[0].Requirements.Types; slices.ContainsFunc(ts, func(x string) bool { return strings.Contains(x, "first") }) {
		t.Errorf("types %v, want none with \"first\"", ts)
	}
}

// TestVerbAfterThingsAsked: in "Which shops stock the Xiaomi?" the word
// after the things asked for, agreeing with them and before its object's
// determiner, is a verb (said as one in Verbs), not part of a thing
// called "shops stock"; a noun run stays one ("Which shop owners …").
func TestVerbAfterThingsAsked(t *testing.T) {
	for _, q := range []string{"Which shops stock the Xiaomi?", "Which shop stocks the Xiaomi?"} {
		r := decompose(t, q).Subgoals[0].Requirements
		if !slices.Equal(r.Types, []string{"shop"}) || !slices.Contains(r.Predicates, "stock") && !slices.Contains(r.Predicates, "stocks") || len(r.Verbs) != 1 {
			t.Errorf("%s: types %q, predicates %q, verbs %q; want the shops and a verb", q, r.Types, r.Predicates, r.Verbs)
		}
	}
	r := decompose(t, "Which shop owners live in Paris?").Subgoals[0].Requirements
	if !slices.Contains(r.Types, "shop owner") {
		t.Errorf("shop owners: types %q, want shop owner", r.Types)
	}
}

// TestWhichOwnersThing: "Which country's roller coaster is the
// longest?" asks for the country; the coaster is another type, ranked
// by its length, and asked for by no attribute.
func TestWhichOwnersThing(t *testing.T) {
	r := decompose(t, "Which country's roller coaster is the longest?").Subgoals[0].Requirements
	if len(r.Types) == 0 || r.Types[0] != "country" || !slices.Contains(r.Types, "roller coaster") || len(r.Output.Attributes) != 0 || r.Output.OrderBy != "length" {
		t.Errorf("types %q, output %+v; want the country, the coaster a type, by length", r.Types, r.Output)
	}
	// Its attribute stays the attribute: "Which country's population
	// is the largest?" ranks countries by it.
	r = decompose(t, "Which country's population is the largest?").Subgoals[0].Requirements
	if slices.Contains(r.Types, "population") {
		t.Errorf("types %q: population is no type", r.Types)
	}
}

// TestAttributeOfNamedThingsThing: "What is the nickname of Aaron
// Hicks's school?" asks the nickname (an attribute) of the school (a
// type) the named player has; neither is a thing called a nickname nor
// a school column asked for.
func TestAttributeOfNamedThingsThing(t *testing.T) {
	for _, q := range []string{"What is the nickname of Aaron Hicks's school?", "What's the nickname of Aaron Hicks' school?"} {
		r := decompose(t, q).Subgoals[0].Requirements
		if !slices.Equal(r.Types, []string{"school"}) || !slices.Equal(r.Output.Attributes, []string{"nickname"}) {
			t.Errorf("%s: types %q, output %+v; want the school's nickname", q, r.Types, r.Output)
		}
	}
}

// TestSuperlativeOfAThing: "Where is the oldest player's school?" says
// "oldest" of the players (Cue.Of), and the school is the thing asked.
func TestSuperlativeOfAThing(t *testing.T) {
	// "How old is Linda Smith's cat?": the cat is the thing measured,
	// not an attribute asked beside the age.
	if r := decompose(t, "How old is Linda Smith's cat?").Subgoals[0].Requirements; !slices.Contains(r.Types, "cat") || slices.Contains(r.Output.Attributes, "cat") {
		t.Errorf("types %q, output %+v; want the cat a type", r.Types, r.Output)
	}
	r := decompose(t, "Where is the oldest player's school?").Subgoals[0].Requirements
	i := slices.IndexFunc(r.Cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueSuperlative })
	if i < 0 || r.Cues[i].Of != "player" || !slices.Contains(r.Types, "school") {
		t.Errorf("types %q, cues %+v; want oldest said of the players, the school a type", r.Types, r.Cues)
	}
}

// TestPiecesOfAndVerbBeforeComparison: "Which pieces of furniture cost
// over 1000 dollars?" asks for furniture (a piece is one of it), and
// "cost" before the comparison is the verb, not "furniture cost".
func TestPiecesOfAndVerbBeforeComparison(t *testing.T) {
	r := decompose(t, "Which pieces of furniture cost over 1000 dollars?").Subgoals[0].Requirements
	if !slices.Equal(r.Types, []string{"furniture"}) || len(r.Filters) != 1 || r.Filters[0].Attribute != "cost" || r.Filters[0].Op != handoff.FilterGt {
		t.Errorf("types %q, filters %+v; want furniture costing more than 1000", r.Types, r.Filters)
	}
}

// TestNamePartValueAndProgressive: "with last name 'Schuster'" compares
// the last name, not any name; "the texts of notes" asks their text;
// "is majoring in 600" compares what the verb names, while "heads who
// are acting" keeps "acting" a word of the things.
func TestNamePartValueAndProgressive(t *testing.T) {
	r := decompose(t, "Find the texts of assessment notes for teachers with last name 'Schuster'.").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "last name" || !slices.Equal(r.Output.Attributes, []string{"text"}) {
		t.Errorf("filters %+v, output %+v; want the last name compared and the text asked", r.Filters, r.Output)
	}
	r = decompose(t, "Which students are majoring in 600?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "majoring" || !slices.Contains(r.Verbs, "majoring") {
		t.Errorf("filters %+v, verbs %q; want 600 compared with what majoring names", r.Filters, r.Verbs)
	}
	r = decompose(t, "What are the distinct ages of the heads who are acting?").Subgoals[0].Requirements
	if slices.Contains(r.Verbs, "acting") {
		t.Errorf("verbs %q: acting ends the clause, no verb", r.Verbs)
	}
}

// TestSharedBy: "X shared by A and B" is what both have: an
// intersection, B completed from A where it parallels it.
func TestSharedBy(t *testing.T) {
	for q, want := range map[string][2]string{
		"Show the starting years shared by technicians from team 'CLE' and 'CWS'.": {"Show the starting years by technicians from team 'CLE'", "Show the starting years by technicians from team 'CWS'"},
		"Show the status shared by cities with population bigger than 1500 and smaller than 500.": {"Show the status by cities with population bigger than 1500",
			"Show the status by cities with population smaller than 500"},
	} {
		d := decompose(t, q)
		if len(d.Subgoals) != 3 || !d.Subgoals[2].Has(handoff.OpIntersect) || d.Subgoals[0].Text != want[0] || d.Subgoals[1].Text != want[1] {
			var texts []string
			for _, s := range d.Subgoals {
				texts = append(texts, s.Text)
			}
			t.Errorf("%s: subgoals %q, want an intersection of %q", q, texts, want)
		}
	}
}

// TestInCommon: "Which genres do Ada Brook and Bo Lind have in common?"
// is the genres of each, intersected.
func TestInCommon(t *testing.T) {
	d := decompose(t, "Which genres do Ada Brook and Bo Lind have in common?")
	if len(d.Subgoals) != 3 || !d.Subgoals[2].Has(handoff.OpIntersect) || d.Subgoals[0].Text != "Which genres do Ada Brook have" || d.Subgoals[1].Text != "Which genres do Bo Lind have" {
		t.Errorf("subgoals %+v, want the genres of each, intersected", d.Subgoals)
	}
	// Not a question of that form: no split.
	if d := decompose(t, "What do the films have in common?"); len(d.Subgoals) != 1 {
		t.Errorf("%d subgoals, want 1", len(d.Subgoals))
	}
}

// TestEachOrderIsAThing: "the total quantity in each order" sums per
// order; "each order" is no ordering.
func TestEachOrderIsAThing(t *testing.T) {
	o := decompose(t, "Show order ids and the total quantity in each order.").Subgoals[0].Requirements.Output
	if o.OrderBy != "" || o.Aggregate != handoff.AggSum || !slices.Equal(o.GroupBy, []string{"order"}) {
		t.Errorf("output %+v, want the quantity summed per order, no order", o)
	}
}

// TestCorrespondingListed: "the names of climbers and the corresponding
// heights of the mountains" asks both; "Which 3 wineries produce the
// most wines?" counts per winery.
func TestCorrespondingListed(t *testing.T) {
	o := decompose(t, "What are the names of climbers and the corresponding heights of the mountains that they climb?").Subgoals[0].Requirements.Output
	if !slices.Equal(o.Attributes, []string{"name", "height"}) {
		t.Errorf("attributes %q, want name and height", o.Attributes)
	}
	o = decompose(t, "Which 3 wineries produce the most wines?").Subgoals[0].Requirements.Output
	if !slices.Equal(o.GroupBy, []string{"winery"}) || o.Limit != 3 {
		t.Errorf("output %+v, want the wines counted per winery, 3", o)
	}
}

// TestMakeMoreThanTheAverage: "employees who make more than the
// average" compare their earnings with the average of them; "made more
// than 2 movies" is no earning.
func TestMakeMoreThanTheAverage(t *testing.T) {
	d := decompose(t, "What are the employee ids for employees who make more than the average?")
	last := d.Final().Requirements
	if len(last.Filters) != 1 || last.Filters[0].Attribute != "earn" {
		t.Errorf("filters %+v, want earnings compared with the average", last.Filters)
	}
	r := decompose(t, "Which directors made more than 2 movies?").Final().Requirements
	if slices.ContainsFunc(r.Filters, func(f handoff.Filter) bool { return f.Attribute == "earn" }) {
		t.Errorf("filters %+v: no earnings", r.Filters)
	}
}

// TestSuperlativeOfThingWith: "the dorm with the largest capacity" says
// "largest" of the dorm.
func TestSuperlativeOfThingWith(t *testing.T) {
	r := decompose(t, "What is the average age of students who are living in the dorm with the largest capacity?").Subgoals[0].Requirements
	i := slices.IndexFunc(r.Cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueSuperlative })
	if i < 0 || r.Cues[i].Of != "dorm" {
		t.Errorf("cues %+v, want largest said of the dorm", r.Cues)
	}
}

// TestWhichForEach: "Which team does each player play for?" lists each
// player beside their team.
func TestWhichForEach(t *testing.T) {
	r := decompose(t, "Which team does each player play for?").Subgoals[0].Requirements
	if !slices.Equal(r.Output.Attributes, []string{"player", "team"}) || r.Output.Shape != handoff.ShapeTable || len(r.Types) == 0 || r.Types[0] != "player" {
		t.Errorf("types %q, output %+v; want each player and their team", r.Types, r.Output)
	}
	// Counted, it stays a count per thing.
	if o := decompose(t, "How many goals did each player score?").Subgoals[0].Requirements.Output; o.Shape == handoff.ShapeTable && slices.Equal(o.Attributes, []string{"player", "goal"}) {
		t.Errorf("output %+v: a count, not a list", o)
	}
}

// TestOrderOfNumber: "in descending order of the number of members"
// orders by the count.
func TestOrderOfNumber(t *testing.T) {
	o := decompose(t, "List the clubs in descending order of the number of members.").Subgoals[0].Requirements.Output
	if o.Aggregate != handoff.AggCount || o.AggregateOf != "member" || o.OrderBy != "member" || !o.Descending {
		t.Errorf("output %+v, want ordered by the count of members, descending", o)
	}
}

// TestEverydayRankedAndShared: "start with letter D" is a prefix test;
// "Which product type sells most items?" ranks the products' attribute
// by the count (the verb agreeing with the thing asked); "the common
// genres of A and B" intersects the two.
func TestEverydayRankedAndShared(t *testing.T) {
	r := decompose(t, "Which singers have names that start with letter D?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Op != handoff.FilterContains || r.Filters[0].Value != "D" {
		t.Errorf("filters %+v, want the name to contain D", r.Filters)
	}
	o := decompose(t, "Which product type sells most items?").Subgoals[0].Requirements.Output
	if o.Aggregate != handoff.AggCount || o.AggregateOf != "item" || !slices.Equal(o.GroupBy, []string{"product type"}) || o.OrderBy != "item" {
		t.Errorf("output %+v, want the items counted per product type, ranked", o)
	}
	d := decompose(t, "What are the common genres of singers and bands?")
	if len(d.Subgoals) != 3 || !slices.Contains(d.Final().Operations, handoff.OpIntersect) {
		t.Errorf("subgoals %+v, want the genres of each intersected", d.Subgoals)
	}
}

// TestMoreWithoutThan: "Which team had more eliminations?" compares
// with nothing named: the team with the most; "more than 2" stays a
// comparison.
func TestMoreWithoutThan(t *testing.T) {
	o := decompose(t, "Which club has more members?").Subgoals[0].Requirements.Output
	if o.Aggregate != handoff.AggCount || o.OrderBy != "member" || !o.Descending {
		t.Errorf("output %+v, want ranked by the count of members", o)
	}
	r := decompose(t, "Which clubs have more than 2 members?").Subgoals[0].Requirements
	if o := r.Output; o.OrderBy != "" {
		t.Errorf("output %+v, want a comparison, no order", o)
	}
}

// TestKindsAndGroupedBounds: "more than one kind of drink" counts the
// drinks; "the names and average prices for menus with an average price
// above 10" groups by the menus the bound is said of.
func TestKindsAndGroupedBounds(t *testing.T) {
	r := decompose(t, "Which cafes serve more than two kinds of drink?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "drink" || r.Filters[0].Op != handoff.FilterGt {
		t.Errorf("filters %+v, want more than two drinks", r.Filters)
	}
	o := decompose(t, "What are the names and average prices for restaurants with an average price above 10?").Subgoals[0].Requirements.Output
	if !slices.Equal(o.GroupBy, []string{"restaurant"}) || o.Aggregate != handoff.AggAvg {
		t.Errorf("output %+v, want the average price per restaurant", o)
	}
}

// TestComparedNameNoEquality: "more hours than A Silver-Cleaning
// Battery" compares with the named project; it is no equality too.
func TestComparedNameNoEquality(t *testing.T) {
	r := decompose(t, "Which projects take more hours than A Silver-Cleaning Battery?").Final().Requirements
	if slices.ContainsFunc(r.Filters, func(f handoff.Filter) bool { return f.Op == handoff.FilterEq }) {
		t.Errorf("filters %+v, want only the comparison", r.Filters)
	}
}

// TestShareWith: "Which bands share a label with Blue Moth?" asks for
// the bands whose label is Blue Moth's.
func TestShareWith(t *testing.T) {
	r := decompose(t, "Which bands share a label with Blue Moth?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "label" || r.Filters[0].ValueKind != handoff.ValueEntity || r.Filters[0].Value != "Blue Moth" {
		t.Errorf("filters %+v, want the same label as Blue Moth", r.Filters)
	}
}

// TestNameWithNumber: "When was Discoverer 3 launched?" names Discoverer
// 3, a name with a number in it, which the name linker runs over.
func TestNameWithNumber(t *testing.T) {
	l := decomposer.LinkerFunc(func(_ context.Context, text string, _ int) ([]handoff.Mention, error) {
		i := strings.Index(text, "Discoverer 3")
		if i < 0 {
			return nil, nil
		}
		return []handoff.Mention{{Text: "Discoverer 3", Start: i, End: i + 12, Kind: handoff.MentionValue, Graph: "g", Value: "Discoverer 3", Score: 1}}, nil
	})
	r := decompose(t, "When was Discoverer 3 launched?", decomposer.WithNameLinker(l)).Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Value != "Discoverer 3" {
		t.Errorf("filters %+v, want the name Discoverer 3", r.Filters)
	}
}

// TestRelativeVerbAndLetter: "the club which hosts the most games" has
// the verb hosts; "a name that has letter 'e' in it" contains e.
func TestRelativeVerbAndLetter(t *testing.T) {
	r := decompose(t, "Find the club which hosts the most games.").Subgoals[0].Requirements
	if !slices.Contains(r.Verbs, "hosts") || slices.Contains(r.Types, "host") {
		t.Errorf("verbs %q, types %q: want hosts a verb", r.Verbs, r.Types)
	}
	r = decompose(t, "How many singers have a name that has letter 'e' in it?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Op != handoff.FilterContains {
		t.Errorf("filters %+v, want the name to contain e", r.Filters)
	}
}

// TestVerbAfterWho: a past form right after "who", "who has" or "has"
// and a name is the verb relating the things, not a modifier of the noun
// after it; "What kinds of X has NAME …" asks for their type; "never been
// ordered" is bought, not sorted; "of each kind" groups by type.
func TestVerbAfterWho(t *testing.T) {
	for q, verb := range map[string]string{
		"Who reported problems after 2000?":                         "reported",
		"Who became a customer before 2010?":                        "became",
		"Who has driven deliveries to 34 Benz St?":                  "driven",
		"Which products has Christop Berge reported problems with?": "reported",
		"Which products have never been ordered?":                   "ordered",
	} {
		sg := decompose(t, q).Subgoals[0]
		if !slices.Contains(sg.Requirements.Verbs, verb) || sg.Has(handoff.OpRank) {
			t.Errorf("%s: verbs %q, ops %v, want the verb %q", q, sg.Requirements.Verbs, sg.Operations, verb)
		}
	}
	sg := decompose(t, "What products are on Verda Streich's regular orders?").Subgoals[0]
	if len(sg.Requirements.Verbs) > 0 {
		t.Errorf("a possessive's noun is read as a verb: %q", sg.Requirements.Verbs)
	}
	sg = decompose(t, "What kinds of services has Dedrick Ebert been involved in?").Subgoals[0]
	if !slices.Equal(sg.Requirements.Output.Attributes, []string{"type"}) {
		t.Errorf("kinds of services: attributes %q, want type", sg.Requirements.Output.Attributes)
	}
	sg = decompose(t, "How many incidents of each kind have there been?").Subgoals[0]
	if !slices.Equal(sg.Requirements.Output.GroupBy, []string{"type"}) || sg.Requirements.Output.Aggregate != handoff.AggCount {
		t.Errorf("of each kind: group by %q, aggregate %q, want a count by type", sg.Requirements.Output.GroupBy, sg.Requirements.Output.Aggregate)
	}
}

// TestMoreOfThan: "more hours of video games than Jandy Nelson" compares
// the hours with the named one's, the noun's "of" phrase between.
func TestMoreOfThan(t *testing.T) {
	sg := decompose(t, "Which students have played more hours of video games than Jandy Nelson?").Subgoals[0]
	fs := sg.Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "hour" || fs[0].Op != handoff.FilterGt || fs[0].ValueKind != handoff.ValueEntity || fs[0].Value != "Jandy Nelson" {
		t.Errorf("filters %+v, want hour > Jandy Nelson's", fs)
	}
}

// TestWhoAsksThePerson: after a leading "who", only the copula's
// complement is asked; a noun after another verb is what the person is
// related to. "put in" is no relation of its own.
func TestWhoAsksThePerson(t *testing.T) {
	for _, q := range []string{"Who was involved in an incident of violence?", "Who had an incident of violence?", "Who has put in a claim for more than 80,000?"} {
		sg := decompose(t, q).Subgoals[0]
		if o := sg.Requirements.Output; len(o.Attributes) > 0 || o.Shape != handoff.ShapeEntities {
			t.Errorf("%s: attributes %q, shape %s, want the people", q, o.Attributes, o.Shape)
		}
		if slices.Contains(sg.Requirements.Predicates, "put") || slices.Contains(sg.Requirements.Types, "put") {
			t.Errorf("%s: %q %q name \"put\"", q, sg.Requirements.Predicates, sg.Requirements.Types)
		}
	}
	sg := decompose(t, "Who was the director of Iron Meridian?").Subgoals[0]
	if !slices.Contains(sg.Requirements.Types, "director") {
		t.Errorf("who was the director of: types %q, want director", sg.Requirements.Types)
	}
}

// TestBetterThan: "a better GPA than NAME" is a higher one; "more songs
// on them than NAME" compares the songs.
func TestBetterThan(t *testing.T) {
	fs := decompose(t, "Which students have a better GPA than Walter Oblonski?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "gpa" || fs[0].Op != handoff.FilterGt || fs[0].Value != "Walter Oblonski" {
		t.Errorf("filters %+v, want gpa > Walter Oblonski's", fs)
	}
	fs = decompose(t, "Which albums have more songs on them than Cartography?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "song" || fs[0].Op != handoff.FilterGt || fs[0].Value != "Cartography" {
		t.Errorf("filters %+v, want song > Cartography's", fs)
	}
}

// TestDoneTheMost: "Which workshop group gets booked the most?" ranks
// the groups by how often the doing is of each: a count, one group.
func TestDoneTheMost(t *testing.T) {
	o := decompose(t, "Which workshop group gets booked the most?").Subgoals[0].Requirements.Output
	if o.Aggregate != handoff.AggCount || !o.Descending || o.Limit != 1 || len(o.GroupBy) != 1 {
		t.Errorf("output %+v, want the one group with the most, counted", o)
	}
	o = decompose(t, "Which products were ordered the least?").Subgoals[0].Requirements.Output
	if o.Aggregate != handoff.AggCount || o.Descending || o.Limit != 0 {
		t.Errorf("output %+v, want the products by fewest, counted", o)
	}
}

// TestQuestionTag: a statement with a question tag asks yes or no, and a
// negated tag ("isn't she") negates nothing; a comma clause that is no
// tag is left alone.
func TestQuestionTag(t *testing.T) {
	for _, q := range []string{
		"Lenny Kravitz is an artist, right?",
		"Alicia Carroll is a student, isn't she?",
		"Steven King earns more than 20000, is that correct?",
	} {
		sg := decompose(t, q).Subgoals[0]
		if sg.Requirements.Output.Shape != handoff.ShapeBoolean || sg.Has(handoff.OpNegate) {
			t.Errorf("%s: shape %q, operations %v; want yes or no, no negation", q, sg.Requirements.Output.Shape, sg.Operations)
		}
	}
	if sg := decompose(t, "Which artists are from Portugal, and which from Spain?").Subgoals[0]; sg.Requirements.Output.Shape == handoff.ShapeBoolean {
		t.Errorf("a question with a comma clause read as yes or no")
	}
}

// TestFirstDone: "the (very) first order" ranks by a date, so does
// "became a customer first", by the verb's.
func TestFirstDone(t *testing.T) {
	r := decompose(t, "Who placed the very first order?").Subgoals[0].Requirements
	if r.Output.OrderBy == "" || r.Output.Descending || r.Output.Limit != 1 || !slices.Contains(r.Types, "order") {
		t.Errorf("requirements %+v, want the earliest order", r)
	}
	r = decompose(t, "Who became a customer first?").Subgoals[0].Requirements
	if r.Output.OrderBy != "became" || r.Output.Limit != 1 || !slices.Equal(r.Types, []string{"customer"}) {
		t.Errorf("requirements %+v, want customers by when they became one", r)
	}
}

// TestComparedWithNamed: "before NAME" compares with the named one's
// date; "as many X as NAME" with its count, and after a negation is
// fewer, the negation spent.
func TestComparedWithNamed(t *testing.T) {
	fs := decompose(t, "Which employees were hired before Andrew Adams?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "hired" || fs[0].Op != handoff.FilterLt || fs[0].ValueKind != handoff.ValueEntity {
		t.Errorf("filters %+v, want hired < Andrew Adams's", fs)
	}
	sg := decompose(t, "Which universities don't have as many students as Stony Brook?").Subgoals[0]
	fs = sg.Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "student" || fs[0].Op != handoff.FilterLt || fs[0].Negated || sg.Has(handoff.OpNegate) {
		t.Errorf("filters %+v, operations %v; want student < Stony Brook's, not negated", fs, sg.Operations)
	}
	fs = decompose(t, "Who else has placed as many orders as Wendell?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "order" || fs[0].Op != handoff.FilterEq || fs[0].ValueKind != handoff.ValueEntity {
		t.Errorf("filters %+v, want order = Wendell's", fs)
	}
}

// TestNameWordsAreNoCues: "Without" and "or" inside a title the graph
// holds are words of the name, not a negation or alternatives.
func TestNameWordsAreNoCues(t *testing.T) {
	linked := []handoff.Mention{{Text: "With or Without You", Start: 13, End: 32, Kind: handoff.MentionValue, Value: " With or Without You "}}
	sg := decompose(t, "Who recorded With or Without You?", decomposer.WithNameLinker(decomposer.LinkerFunc(func(context.Context, string, int) ([]handoff.Mention, error) { return linked, nil }))).Subgoals[0]
	if sg.Has(handoff.OpNegate) || slices.ContainsFunc(sg.Requirements.Cues, func(c handoff.Cue) bool { return c.Kind == handoff.CueSet || c.Kind == handoff.CueNegation }) {
		t.Errorf("operations %v, cues %+v; want no negation and no alternatives", sg.Operations, sg.Requirements.Cues)
	}
	if fs := sg.Requirements.Filters; len(fs) != 1 || fs[0].Value != "With or Without You" {
		t.Errorf("filters %+v, want the title whole", fs)
	}
}

// TestOutdone: "beat X on Y" is more Y than X's; "outlasted X" more
// length (time at the top) than X's.
func TestOutdone(t *testing.T) {
	fs := decompose(t, "Which documents beat Fall Sails on number of accesses?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "access" || fs[0].Op != handoff.FilterGt || fs[0].Value != "Fall Sails" || fs[0].ValueKind != handoff.ValueEntity {
		t.Errorf("filters %+v, want access > Fall Sails's", fs)
	}
	fs = decompose(t, "Which songs outlasted La Isla Bonita at the top?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Attribute != "length" || fs[0].Op != handoff.FilterGt || fs[0].Value != "La Isla Bonita" {
		t.Errorf("filters %+v, want length > La Isla Bonita's", fs)
	}
}

// TestCodesAndApposedNames: a phone number is one value, compared as
// written, not three numbers (a date stays a date); "the album NAME"
// says what the name is a name of, and implies no attribute.
func TestCodesAndApposedNames(t *testing.T) {
	fs := decompose(t, "Whose phone number is 1-492-284-1097?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].Value != "1-492-284-1097" || fs[0].ValueKind != "string" {
		t.Errorf("filters %+v, want the phone number whole", fs)
	}
	fs = decompose(t, "Who was hired on 1987-06-17?").Subgoals[0].Requirements.Filters
	if len(fs) != 1 || fs[0].ValueKind != "date" {
		t.Errorf("filters %+v, want a date", fs)
	}
	r := decompose(t, "How many tracks are on the album Let There Be Rock?").Subgoals[0].Requirements
	if len(r.Filters) != 1 || r.Filters[0].Attribute != "album" || slices.Contains(r.Predicates, "album") {
		t.Errorf("requirements %+v, want a filter on the album's name and no album attribute", r)
	}
}
