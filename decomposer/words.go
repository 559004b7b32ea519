package decomposer

import (
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
)

// Lexicon (hand-written, small, English only).

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

func inSet(w string, ws ...string) bool { return slices.Contains(ws, w) }

var (
	questionWords = set(`what which who whom whose where when why how`)
	commandWords  = set(`list show find give return tell display get count print enumerate retrieve identify provide compute calculate report compare select`)
	auxWords      = set(`is are was were be been being am do does did has have had having can could will would should shall may might must`)
	// stopWords are function words that never name anything.
	stopWords = set(`a an the of in on at to for from by with within about into onto upon as than then and or nor but
		this that these those there here it its they them their theirs he him his she her hers we our us you your i me my mine
		any some such each every all both either neither other others another same also only just very too so if whether
		please whose whom while whereas via per among amongst across through throughout along during according
		s t don doesn didn isn aren wasn weren haven hasn hadn wouldn couldn shouldn won can't cannot
		one ones thing things kind kinds sort type_of`)
	// fillerWords are content-looking words that questions use to ask.
	fillerWords = set(`different distinct unique respective corresponding overall whole given specific certain
		information info everything anything something
		many much more less fewer few
		exist exists existing
		make makes made get gets got go goes went come comes came put puts
		also again ever yet still already currently respectively
		there's what's who's`)
	// genericVerbs relate things without naming a relation of a schema.
	genericVerbs = set(`have has had having do does did done include includes including involve involves involved
		belong belongs belonging correspond corresponds corresponding associated associate relate related
		appear appears appeared take takes took taken`)
	aggWords = set(`average mean avg sum total maximum minimum max min number count`)
	// negWords mark negation.
	negWords = set(`not never without no none nobody nothing except excluding neither nor`)
	// orderWords are the words of an ordering phrase.
	orderWords = set(`order ordered sort sorted arrange arranged ranked ascending descending increasing decreasing
		alphabetical alphabetically reverse asc desc chronological chronologically`)
	// attrWords are nouns that almost always name attributes (predicates),
	// not entity types.
	attrWords = set(`name title age id identifier year date time day month price cost salary wage pay income population
		height weight length width depth area size capacity budget address email phone telephone fax number code
		type color colour rating rank ranking score grade gender sex nationality revenue profit sales duration
		location description status level amount total value percentage percent rate distance speed elevation
		density birthday birthdate birthplace dob zip zipcode postcode latitude longitude
		horsepower mileage version count quantity balance fee fees points point votes vote enrollment
		headquarters founder founded established term hometown surname username password
		frequency citations citation share market capital volume attendance minutes hours seconds weeks days detail text`)
	// connectorWords join capitalised words into one name.
	connectorWords = set(`of de del della di da du des la le van von der den y the & and-`)
	// contentVerbs are verbs that name relations ("born", "located").
	contentVerbs = set(`born located live lives lived living work works worked working play plays played playing
		write writes wrote written sing sings sang sung teach teaches taught own owns owned direct directs directed
		produce produces produced publish publishes published win wins won lead leads led attend attends attended
		visit visits visited join joins joined enroll enrolls enrolled enrolled register registered host hosts hosted
		buy buys bought sell sells sold pay pays paid manage manages managed study studies studied star stars starred
		act acts acted compete competes competed serve serves served flow flows run runs ran border borders bordered
		perform performs performed release releases released create creates created design designs designed
		build builds built hold holds held found founds marry married cite cites cited review reviews reviewed
		graduate graduated major majors majored speak speaks spoken spoke use uses used
		rent rents rented order orders ordered book books booked earn earns earned cost costs
		arrive arrives arrived depart departs departed weigh weighs weighed kill kills killed die dies died`)
	// nounVerbs are contentVerbs that are also nouns.
	nounVerbs = set(`release order book star design review run play work study host use rent lead win visit
		pay act cite flow border major serve sing attend join enroll register build hold create perform cost`)
	// measureWords are units of measure, not terms, after a number.
	measureWords = set(`km kilometers kilometres kilometer kilometre miles mile meters metres meter metre m cm mm kg kgs
		kilograms kilogram grams gram pounds lbs tons tonnes feet ft inches dollars dollar usd euros euro eur
		percent % years year months month weeks week days day hours hour minutes minute seconds second
		million millions billion billions thousand thousands times`)
	// amountVerbs are the verbs that close a "how much" question and
	// the attribute each asks for (a [lexicon.DerivedFrom] term).
	amountVerbs = map[string]string{
		"make": "earn", "made": "earn", "makes": "earn", "earn": "earn", "earned": "earn", "earns": "earn",
		"gross": "earn", "grossed": "earn", "grosses": "earn", "take": "earn", "took": "earn",
		"pay": "pay", "paid": "pay", "pays": "pay", "receive": "pay", "received": "pay", "receives": "pay",
		"cost": "cost", "costs": "cost", "charge": "cost", "charged": "cost", "charges": "cost", "sell": "cost", "sold": "cost", "sells": "cost",
		"weigh": "weigh", "weighs": "weigh", "weighed": "weigh",
		"spend": "spent", "spent": "spent", "spends": "spent",
	}
	// holdVerbs say how many people a place holds: its capacity.
	holdVerbs = set(`hold holds seat seats sit sits accommodate accommodates fit fits host hosts house houses`)
	// moneyWords are the units of money written after an amount.
	moneyWords = set(`dollars dollar usd euros euro eur yen`)
	edNouns    = set(`hundred kindred sacred naked wicked red bed shed fed wed speed seed need feed breed steed deed`)
	// irregular plurals and words that look plural but are not.
	irregulars = map[string]string{"people": "person", "persons": "person", "children": "child", "men": "man",
		"women": "woman", "feet": "foot", "teeth": "tooth", "mice": "mouse", "geese": "goose", "indices": "index",
		"matrices": "matrix", "vertices": "vertex", "analyses": "analysis", "theses": "thesis", "crises": "crisis",
		"criteria": "criterion", "phenomena": "phenomenon", "data": "data", "media": "media", "alumni": "alumnus",
		"staff": "staff", "wives": "wife", "lives": "life", "knives": "knife", "leaves": "leaf", "halves": "half",
		"shelves": "shelf", "wolves": "wolf", "thieves": "thief", "movies": "movie", "cookies": "cookie",
		"series": "series", "species": "species", "news": "news", "headquarters": "headquarters", "buses": "bus",
		"statuses": "status", "campuses": "campus", "viruses": "virus", "shoes": "shoe", "toes": "toe",
		"physics": "physics", "mathematics": "mathematics", "economics": "economics", "politics": "politics",
		"athletics": "athletics", "gymnastics": "gymnastics", "aircraft": "aircraft", "sheep": "sheep",
		"fish": "fish", "deer": "deer", "dies": "die", "ties": "tie", "lies": "lie", "pies": "pie",
		"calories": "calorie", "zombies": "zombie", "rookies": "rookie", "goalies": "goalie", "selfies": "selfie",
		"genres": "genre", "bases": "base", "cases": "case", "phases": "phase", "databases": "database",
		"releases": "release", "courses": "course", "horses": "horse", "houses": "house", "nurses": "nurse",
		"purchases": "purchase", "expenses": "expense", "licenses": "license", "responses": "response",
		"clauses": "clause", "causes": "cause", "uses": "use", "degrees": "degree", "employees": "employee",
		"fees": "fee", "trainees": "trainee", "attendees": "attendee", "referees": "referee", "heroes": "hero",
		"potatoes": "potato", "tomatoes": "tomato", "volcanoes": "volcano", "has": "has", "was": "was",
		"is": "is", "does": "does", "its": "its", "this": "this", "us": "us", "yes": "yes", "bus": "bus",
		"sales": "sales", "goods": "goods", "means": "means", "lens": "lens", "gas": "gas", "always": "always",
		"across": "across", "whereas": "whereas", "hours": "hour", "minutes": "minute", "seconds": "second",
		"weeks": "week", "days": "day", "years": "year", "points": "point", "votes": "vote", "ids": "id"}
)

// lemma returns the singular of an English noun: irregular forms from a
// small list, then -ies → -y, -ches/-shes/-sses/-xes/-zzes/-oes → drop
// "es", and a final "s" dropped unless the word ends in ss, us, is or is
// short.
func lemma(w string) string {
	if v, ok := irregulars[w]; ok {
		return v
	}
	n := len(w)
	if n <= 3 || !strings.HasSuffix(w, "s") {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"), strings.HasSuffix(w, "'s"):
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"),
		strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zzes"), strings.HasSuffix(w, "oes"):
		return w[:n-2]
	}
	return w[:n-1]
}

func isPlural(w string) bool { return lemma(w) != w }

// isFunction reports whether w is a function word of the lexicon.
func isFunction(w string) bool {
	return stopWords[w] || questionWords[w] || auxWords[w] || fillerWords[w] || genericVerbs[w] ||
		negWords[w] || orderWords[w] || aggWords[w] && w != "number" && w != "total" ||
		comparatives[w].op != "" || superlatives[w].known || commandWords[w] ||
		isNumberWord(w) || triggerWords[w]
}

// triggerWords are words of filter and grouping phrases.
var triggerWords = set(`named called titled entitled contains contain containing start starts starting begin begins
	beginning end ends ending like between before after since until till prior least most fewest exactly equal equals
	equals each every per whose which who that than group grouped`)

type cmpInfo struct {
	op   handoff.FilterOp
	attr string // the attribute the word implies
	than bool   // needs "than"
	date bool   // compares dates
}

// frequencyWords are the words that say how often, with their count.
var frequencyWords = map[string]string{"once": "1", "twice": "2", "thrice": "3"}

// comparatives maps comparison words to their comparison.
var comparatives = map[string]cmpInfo{
	"more": {op: handoff.FilterGt, than: true}, "greater": {op: handoff.FilterGt, than: true},
	"higher": {op: handoff.FilterGt, than: true}, "larger": {op: handoff.FilterGt, than: true},
	"bigger": {op: handoff.FilterGt, than: true}, "longer": {op: handoff.FilterGt, attr: "length", than: true},
	"older": {op: handoff.FilterGt, attr: "age", than: true}, "taller": {op: handoff.FilterGt, attr: "height", than: true},
	"heavier": {op: handoff.FilterGt, attr: "weight", than: true}, "wider": {op: handoff.FilterGt, attr: "width", than: true},
	"deeper": {op: handoff.FilterGt, attr: "depth", than: true}, "faster": {op: handoff.FilterGt, attr: "speed", than: true},
	"richer": {op: handoff.FilterGt, attr: "wealth", than: true}, "later": {op: handoff.FilterGt, than: true, date: true},
	"newer": {op: handoff.FilterGt, than: true, date: true}, "farther": {op: handoff.FilterGt, attr: "distance", than: true},
	"less": {op: handoff.FilterLt, than: true}, "fewer": {op: handoff.FilterLt, than: true},
	"lower": {op: handoff.FilterLt, than: true}, "smaller": {op: handoff.FilterLt, than: true},
	"shorter": {op: handoff.FilterLt, attr: "length", than: true}, "younger": {op: handoff.FilterLt, attr: "age", than: true},
	"lighter": {op: handoff.FilterLt, attr: "weight", than: true}, "cheaper": {op: handoff.FilterLt, attr: "price", than: true},
	"earlier": {op: handoff.FilterLt, than: true, date: true}, "narrower": {op: handoff.FilterLt, attr: "width", than: true},
	"slower": {op: handoff.FilterLt, attr: "speed", than: true}, "poorer": {op: handoff.FilterLt, attr: "wealth", than: true},
	"deadlier": {op: handoff.FilterGt, attr: "kill", than: true},
	// "a better GPA than …": more of the measure named.
	"better": {op: handoff.FilterGt, than: true}, "worse": {op: handoff.FilterLt, than: true},
	"over": {op: handoff.FilterGt}, "above": {op: handoff.FilterGt}, "exceeding": {op: handoff.FilterGt},
	"exceeds": {op: handoff.FilterGt}, "exceed": {op: handoff.FilterGt}, "beyond": {op: handoff.FilterGt},
	"under": {op: handoff.FilterLt}, "below": {op: handoff.FilterLt},
	"after": {op: handoff.FilterGt, date: true}, "since": {op: handoff.FilterGe, date: true},
	"before": {op: handoff.FilterLt, date: true}, "until": {op: handoff.FilterLe, date: true},
	"till": {op: handoff.FilterLe, date: true},
}

type supInfo struct {
	known bool
	desc  bool
	attr  string // implied order attribute
	count bool   // orders by a count ("most", "fewest")
	agg   bool   // may be an aggregate (max/min) in a projection
}

// extreme is the aggregate a superlative asks as a value: the largest
// (max) or the smallest (min).
func (s supInfo) extreme() handoff.Aggregate {
	if s.desc {
		return handoff.AggMax
	}
	return handoff.AggMin
}

// superlatives maps superlative words to their direction.
var superlatives = map[string]supInfo{
	"most": {known: true, desc: true, count: true}, "least": {known: true, count: true}, "fewest": {known: true, count: true},
	"highest": {known: true, desc: true, agg: true}, "largest": {known: true, desc: true, agg: true},
	"biggest": {known: true, desc: true, agg: true}, "greatest": {known: true, desc: true, agg: true},
	"maximum": {known: true, desc: true, agg: true}, "max": {known: true, desc: true, agg: true},
	"top": {known: true, desc: true}, "best": {known: true, desc: true},
	"longest": {known: true, desc: true, attr: "length", agg: true}, "tallest": {known: true, desc: true, attr: "height", agg: true},
	"heaviest": {known: true, desc: true, attr: "weight", agg: true}, "oldest": {known: true, desc: true, attr: "age"},
	"latest": {known: true, desc: true, attr: "date", agg: true}, "newest": {known: true, desc: true, attr: "date"}, "richest": {known: true, desc: true, attr: "wealth"},
	"lowest": {known: true, agg: true}, "smallest": {known: true, agg: true}, "minimum": {known: true, agg: true},
	"min": {known: true, agg: true}, "shortest": {known: true, attr: "length", agg: true}, "youngest": {known: true, attr: "age"},
	"lightest": {known: true, attr: "weight", agg: true}, "cheapest": {known: true, attr: "price"},
	"earliest": {known: true, attr: "date", agg: true}, "worst": {known: true}, "poorest": {known: true, attr: "wealth"},
	"fastest": {known: true, desc: true, attr: "speed", agg: true}, "slowest": {known: true, attr: "speed", agg: true},
	"widest": {known: true, desc: true, attr: "width", agg: true}, "narrowest": {known: true, attr: "width", agg: true},
	"deepest": {known: true, desc: true, attr: "depth", agg: true}, "shallowest": {known: true, attr: "depth", agg: true},
	"farthest": {known: true, desc: true, attr: "distance", agg: true}, "furthest": {known: true, desc: true, attr: "distance", agg: true},
	"nearest": {known: true, attr: "distance", agg: true}, "closest": {known: true, attr: "distance", agg: true},
	"busiest": {known: true, desc: true, attr: "passengers"}, "quickest": {known: true, desc: true, attr: "speed"},
	"deadliest": {known: true, desc: true, attr: "kill"},
}
