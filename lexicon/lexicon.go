// Package lexicon is the word knowledge the agents share about
// attributes: which attribute another one is derived from ("age" from a
// date of birth, in the opposite order) and which words name points in
// time. It sits below the agents (layer 1, beside kg) so that the
// decomposer, allocator, synthesizer and verifier read one copy.
//
// Its facts about attributes are few and written by hand: each entry is a
// fact about how attributes relate, not a word list shaped around a
// benchmark. Its list of irregular verb forms (irregular.txt, read by
// [VerbBase] and [Fold]) is distilled from WordNet 3.0 by
// `go run ./lexicon/gen`.
package lexicon

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/schemaforge/go-schemaforge/lexicon/vocab"
)

// Derivation says that an attribute can be computed from another one,
// named by any of Words, and whether ordering by the source reverses the
// order of the attribute (the youngest person has the latest birth
// date).
type Derivation struct {
	Words    []string
	Inverted bool
	// Count is true where the attribute is a number of the things the
	// term names (a population, an enrollment): a column that says a
	// time (date_of_enrolment) is none.
	Count bool
}

var derivations = map[string]Derivation{
	// Age is the time since an origin: birth for people, founding,
	// establishment, construction or opening for things. Order by age is
	// order by that date or year, reversed.
	"age": {Words: []string{"birth", "born", "birthday", "birthdate", "dob", "founded", "founding", "foundation", "established", "built", "constructed", "opened", "open", "opening", "created", "inception", "launch", "launched", "release", "released", "debut"}, Inverted: true},
	// What people earn or are paid is their pay; what a film or a
	// business earns, its gross or revenue.
	"earn": {Words: append(slices.Clip(payWords), "gross", "revenue", "revenues", "takings")},
	"paid": {Words: payWords},
	"pay":  {Words: payWords},
	// What a thing costs is its price; a price, where none is named,
	// is what it costs (a fee, a fare, a film's budget).
	"cost":  {Words: []string{"price", "prices", "fee", "fees", "fare", "charge", "rate", "budget"}},
	"price": {Words: []string{"cost", "costs", "fee", "fees", "fare", "fares", "charge", "budget"}},
	// What people spend ("spent", folded) is what they paid: an
	// amount, a payment, an invoice's total.
	"spend": {Words: []string{"spent", "spending", "amount", "payment", "payments", "paid", "total"}},
	// What someone's job is, where no column says job: their position,
	// title, occupation or role.
	"job": {Words: []string{"position", "title", "occupation", "role", "profession"}},
	// What sold is counted by the sales.
	"sell": {Words: []string{"sales", "sold"}},
	"sold": {Words: []string{"sales", "sold"}},
	// What a thing weighs is its weight.
	"weigh": {Words: []string{"weight", "weights", "mass"}},
	// The people a disaster killed are its deaths.
	"kill": {Words: deathWords},
	"die":  {Words: deathWords},
	// How long a thing lasts, where no length is named: its duration
	// (a trip's, a song's milliseconds, a film's running time).
	"length": {Words: []string{"duration", "runtime", "running", "milliseconds", "minutes", "seconds"}},
	// How fast things are, where no speed is named, is how little time
	// they take (the fastest climber has the shortest time).
	"speed": {Words: []string{"time", "duration", "seconds", "minutes"}, Inverted: true},
	// Time spent, where no column says time: the hours, the minutes,
	// the duration.
	"time": {Words: []string{"hours", "hour", "minutes", "seconds", "duration", "days"}},
	// How rich people are is their wealth, whatever the schema calls
	// it (net_worth_millions, fortune, assets).
	"wealth": {Words: []string{"wealth", "worth", "fortune", "assets", "money", "rich", "richest"}},
	// How long people live is their life expectancy.
	"live": {Words: []string{"life", "expectancy", "lifespan", "longevity"}},
	// How many people live in a place is its population.
	"inhabitant": {Words: []string{"population"}, Count: true},
	"resident":   {Words: []string{"population"}, Count: true},
	// How many students a school has is its enrollment.
	"student": {Words: []string{"enrollment", "enrolment", "enr", "enrolled"}, Count: true},
}

// durations are the words of a length of time that a question ranks
// by or totals ("the most time", "the fewest hours").
var durations = []string{"time", "hour", "hours", "minute", "minutes", "second", "seconds", "day", "days", "week", "weeks", "month", "months", "years"}

// Duration reports whether word names a length of time ("time",
// "hours").
func Duration(word string) bool { return slices.Contains(durations, strings.ToLower(word)) }

// deathWords name how many people died.
var deathWords = []string{"deaths", "death", "killed", "fatalities", "casualties", "dead"}

// payWords name what people are paid.
var payWords = []string{"salary", "salaries", "wage", "wages", "pay", "income", "earnings", "compensation", "remuneration"}

// derivation looks term up as written, then folded ("earns": "earn").
func derivation(term string) (Derivation, bool) {
	if d, ok := derivations[term]; ok {
		return d, true
	}
	if d, ok := derivations[Fold(term)]; ok {
		return d, true
	}
	// A regular past tense: "weighed", "killed", "died".
	for _, base := range []string{strings.TrimSuffix(term, "ed"), strings.TrimSuffix(term, "d")} {
		if d, ok := derivations[base]; ok && base != term {
			return d, true
		}
	}
	return Derivation{}, false
}

// DerivedFrom returns the derivation of the attribute term, if it has
// one.
func DerivedFrom(term string) (Derivation, bool) {
	d, ok := derivation(term)
	if !ok {
		return Derivation{}, false
	}
	return Derivation{Words: slices.Clone(d.Words), Inverted: d.Inverted}, true
}

// Derives reports whether an attribute named by words (the words of a
// property's name) is a source that term derives from, and whether the
// order inverts.
func Derives(term string, words []string) (ok, inverted bool) {
	d, found := derivation(term)
	if !found || d.Count && slices.ContainsFunc(words, Temporal) {
		return false, false
	}
	for _, w := range words {
		if slices.Contains(d.Words, w) {
			return true, d.Inverted
		}
	}
	return false, false
}

// DatedOrigin reports whether an attribute named by words can stand, as
// a last resort, for the origin an inverted derivation of term counts
// from: a date or year of the things themselves ("the oldest wine" by
// its year, the earliest the oldest). Use it where no column [Derives]
// from term.
func DatedOrigin(term string, words []string) bool {
	d, ok := derivation(term)
	return ok && d.Inverted && slices.ContainsFunc(words, Temporal)
}

// measures are the adjectives of "how …" questions and the attribute
// each asks for: "How tall is the tower?" asks its height.
var measures = map[string]string{
	"old": "age", "tall": "height", "high": "height", "long": "length", "fast": "speed", "quick": "speed",
	"heavy": "weight", "far": "distance", "deep": "depth", "wide": "width", "expensive": "price", "busy": "passengers",
	"rich": "wealth", "wealthy": "wealth", "populous": "population",
}

// alsoMeasured are the other attributes a measure may be kept as: a
// flight's or a route's length is its distance.
var alsoMeasured = map[string][]string{"length": {"distance"}}

// AlsoMeasured returns the other attributes the measure m may be kept
// as where none is named m ("length": distance), or nil.
func AlsoMeasured(m string) []string { return slices.Clone(alsoMeasured[m]) }

// Measure returns the attribute a "how ADJ" question asks for ("tall":
// height), or "".
func Measure(adjective string) string { return measures[adjective] }

// IsMeasure reports whether term is an attribute a measuring adjective
// asks for ("length" of "long", "height" of "tall").
func IsMeasure(term string) bool {
	for _, m := range measures {
		if m == term {
			return true
		}
	}
	return false
}

// PhraseMeasure returns the attribute the first measuring adjective of
// a comparative or superlative phrase measures, graded ("higher",
// "busiest") or after "more"/"most" ("more expensive": price); "" when
// none measures one.
func PhraseMeasure(phrases ...string) string {
	for _, p := range phrases {
		for _, w := range strings.Fields(strings.ToLower(p)) {
			if m := cmp.Or(GradedMeasure(w), measures[w]); m != "" {
				return m
			}
		}
	}
	return ""
}

// GradedMeasure returns the attribute a comparative or superlative
// measures, the [Measure] of its adjective ("higher", "highest": height;
// "busiest": passengers; "bigger", "largest": none), or "" when it
// measures none.
func GradedMeasure(word string) string {
	w := strings.ToLower(word)
	var base string
	switch {
	case strings.HasSuffix(w, "est") && len(w) >= 5:
		base = w[:len(w)-3]
	case strings.HasSuffix(w, "er") && len(w) >= 4:
		base = w[:len(w)-2]
	default:
		return ""
	}
	if strings.HasSuffix(base, "i") {
		base = base[:len(base)-1] + "y" // busiest, heavier
	}
	if n := len(base); n >= 2 && base[n-1] == base[n-2] {
		if m := measures[base[:n-1]]; m != "" {
			return m // "hotter" of hot
		}
	}
	return cmp.Or(measures[base], measures[base+"e"])
}

// genders maps the words that say a sex ("female students", "women
// players") to "male" or "female".
var genders = map[string]string{
	"male": "male", "males": "male", "men": "male", "man": "male", "boys": "male", "boy": "male",
	"female": "female", "females": "female", "women": "female", "woman": "female", "girls": "female", "girl": "female",
}

// Gender returns "male" or "female" for a word that says a sex, or "".
func Gender(w string) string { return genders[w] }

// GenderColumn reports whether a column named by words holds a sex
// (sex, gender, is_male, female; not man_of_the_match).
func GenderColumn(words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return w == "sex" || w == "gender" || w == "male" || w == "female" })
}

// GenderValues returns the ways a column named by words may write a sex,
// most usual first: "M", "Male" … for a sex or gender column; "T" or "F",
// "1" or "0" … for a yes/no column such as is_male.
func GenderValues(words []string, sex string) []string {
	yes := slices.Contains(words, sex)
	no := slices.ContainsFunc(words, func(w string) bool { return (w == "male" || w == "female") && w != sex })
	switch {
	case yes:
		return []string{"T", "Y", "Yes", "true", "1", "True"}
	case no:
		return []string{"F", "N", "No", "false", "0", "False"}
	case sex == "male":
		return []string{"M", "Male", "male", "m", "MALE"}
	}
	return []string{"F", "Female", "female", "f", "FEMALE"}
}

// noValues are the values a yes/no column holds for "no".
var noValues = []string{"No", "N", "no", "n", "NO", "False", "false", "F"}

// NoValues returns the values a yes/no column may hold for "no" ("No",
// "N", "false"), most usual first.
func NoValues() []string { return slices.Clone(noValues) }

// Missing reports whether a word stands for no value at all ("NULL",
// "None", "N/A"): a question that says it names no thing.
func Missing(w string) bool {
	switch strings.ToLower(strings.TrimSpace(w)) {
	case "null", "none", "nil", "n/a", "nan":
		return true
	}
	return false
}

// NoValue reports whether a value says "no" in a yes/no column.
func NoValue(v string) bool { return slices.Contains(noValues, v) }

// residents are the nouns that count the people of a place.
var residents = []string{"people", "persons", "inhabitants", "residents", "citizens"}

// agents maps nouns of agents to the verb forms that say what they did
// (a film's director directed it, a song's writer wrote it), and nouns
// of actions to the verb forms that say they happened.
var agents = map[string][]string{
	"director":     {"direct", "directs", "directed", "directing"},
	"actor":        {"act", "acts", "acted", "acting"},
	"visitor":      {"visit", "visits", "visited", "visiting"},
	"writer":       {"write", "writes", "wrote", "written", "writing"},
	"author":       {"wrote", "written", "authored"},
	"composer":     {"compose", "composes", "composed"},
	"producer":     {"produce", "produces", "produced"},
	"owner":        {"own", "owns", "owned"},
	"founder":      {"found", "founded"},
	"manager":      {"manage", "manages", "managed"},
	"designer":     {"design", "designs", "designed"},
	"builder":      {"build", "builds", "built"},
	"creator":      {"create", "creates", "created"},
	"publisher":    {"publish", "publishes", "published"},
	"inventor":     {"invent", "invents", "invented"},
	"developer":    {"develop", "develops", "developed"},
	"winner":       {"win", "wins", "won"},
	"singer":       {"sing", "sings", "sang", "sung"},
	"performer":    {"perform", "performs", "performed"},
	"teacher":      {"teach", "teaches", "taught"},
	"instructor":   {"teach", "teaches", "taught"},
	"leader":       {"lead", "leads", "led"},
	"architect":    {"designed"},
	"painter":      {"paint", "paints", "painted"},
	"coach":        {"coach", "coaches", "coached"},
	"investor":     {"invest", "invests", "invested"},
	"sponsor":      {"sponsor", "sponsors", "sponsored"},
	"organizer":    {"organize", "organizes", "organized"},
	"organiser":    {"organise", "organises", "organised"},
	"physician":    {"treat", "treats", "treated", "prescribe", "prescribes", "prescribed"},
	"doctor":       {"treat", "treats", "treated", "prescribe", "prescribes", "prescribed"},
	"reviewer":     {"review", "reviews", "reviewed"},
	"driver":       {"drive", "drives", "drove", "driven"},
	"pilot":        {"fly", "flies", "flew", "flown"},
	"advisor":      {"advise", "advises", "advised"},
	"adviser":      {"advise", "advises", "advised"},
	"trainer":      {"train", "trains", "trained"},
	"employer":     {"employ", "employs", "employed"},
	"buyer":        {"buy", "buys", "bought"},
	"seller":       {"sell", "sells", "sold"},
	"manufacturer": {"manufacture", "manufactures", "manufactured", "make", "makes", "made"},
	"maker":        {"make", "makes", "made"},
	"head":         {"run", "runs", "ran", "head", "heads", "headed"},
}

// actions maps nouns of actions to the verb forms that say they
// happened; an attribute they name holds when (an arrival, a death).
var actions = map[string][]string{
	"arrival":      {"arrive", "arrives", "arrived", "arriving"},
	"departure":    {"depart", "departs", "departed", "departing"},
	"birth":        {"born"},
	"death":        {"die", "dies", "died"},
	"completion":   {"complete", "completes", "completed"},
	"enrolment":    {"enrol", "enroll", "enrolled", "enrolls"},
	"enrollment":   {"enroll", "enrol", "enrolled", "enrolls"},
	"registration": {"register", "registers", "registered"},
	"graduation":   {"graduate", "graduates", "graduated"},
	"publication":  {"publish", "publishes", "published"},
	"election":     {"elect", "elects", "elected"},
	"launch":       {"launch", "launches", "launched"},
	"release":      {"release", "releases", "released"},
	"debut":        {"debut", "debuts", "debuted"},
}

// VerbForms returns the verb forms that say what an agent noun's agent
// did or that an action noun's action happened ("director": "directed",
// "arrival": "arrives", …), so that "Who directed Annie?" meets a
// director column and "When does it arrive?" an arrival; nil for other
// words.
func VerbForms(noun string) []string {
	if v, ok := actions[noun]; ok {
		return slices.Clone(v)
	}
	if v, ok := agents[noun]; ok {
		return slices.Clone(v)
	}
	// A regular agent noun: "climber" of "climbed", "creator" of
	// "created" (a stem of at least four letters, so that "user" is not
	// met by "used").
	for _, suffix := range []string{"er", "or"} {
		base, ok := strings.CutSuffix(noun, suffix)
		if !ok || len(base) < 4 {
			continue
		}
		return []string{base + "ed", base + "s", base + "es", base + "e", base + "ing"}
	}
	return nil
}

// britishAmerican reports whether a is the British spelling of the
// American b: "organisation" of "organization", "analyse" of "analyze",
// "colour" of "color", "centre" of "center", "catalogue" of "catalog".
func britishAmerican(a, b string) bool {
	if len(a) < 5 || len(b) < 4 {
		return false
	}
	if len(a) == len(b) {
		// -is-/-iz-, -ys-/-yz- at one place; -tre/-ter at the end.
		diff := -1
		for i := range len(a) {
			if a[i] != b[i] {
				if diff >= 0 {
					return strings.HasSuffix(a, "re") && strings.HasSuffix(b, "er") && a[:len(a)-2] == b[:len(b)-2]
				}
				diff = i
			}
		}
		if diff < 0 {
			return false
		}
		return diff > 0 && a[diff] == 's' && b[diff] == 'z' && (a[diff-1] == 'i' || a[diff-1] == 'y')
	}
	// colour/color, favourite/favorite; catalogue/catalog.
	if len(a) == len(b)+1 {
		for i := 1; i+1 < len(a); i++ {
			if a[i] == 'u' && a[i-1] == 'o' && a[i+1] == 'r' && a[:i]+a[i+1:] == b {
				return true
			}
		}
	}
	return len(a) == len(b)+2 && strings.HasSuffix(a, "ogue") && a[:len(a)-2] == b
}

// AgentNouns returns the nouns of agents that do what a verb form says,
// compared under [Fold] ("directed", "direct": "director"), from the
// known agents; nil for other words.
func AgentNouns(verb string) []string {
	return slices.Clone(agentsOfVerb()[Fold(verb)])
}

// agentsOfVerb inverts agents: each folded verb form to its agent nouns,
// sorted.
var agentsOfVerb = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	for noun, forms := range agents {
		for _, f := range forms {
			if v := Fold(f); !slices.Contains(out[v], noun) {
				out[v] = append(out[v], noun)
			}
		}
	}
	for _, nouns := range out {
		slices.Sort(nouns)
	}
	return out
})

// Participle reports whether a term is one word in -ed, a regular past
// participle ("killed", "injured"): a verb that may name a number its
// subjects hold ("How many people were killed?").
func Participle(term string) bool {
	return !strings.Contains(term, " ") && strings.HasSuffix(term, "ed")
}

// People reports whether a word names people in general ("people",
// "persons", "person"), not a kind of them.
func People(w string) bool { return Fold(strings.ToLower(w)) == "person" }

// Residents reports whether a noun counts the people who live somewhere
// ("How many people live in Tokyo?": its population).
func Residents(w string) bool { return slices.Contains(residents, w) }

// temporal are the words of attributes that hold a point in time.
var temporal = []string{"date", "year", "time", "day", "when", "timestamp", "datetime"}

// PointInTime reports whether an attribute named by words holds a point
// in time: a date or year ("releaseYear"), the origin an age counts from
// ("founded", "opened", "birth"), or an event ("arrival", "death"). Such
// attributes answer "when".
func PointInTime(words []string) bool {
	if slices.ContainsFunc(words, Place) {
		return false // "birth place" is where, not when
	}
	return slices.ContainsFunc(words, func(w string) bool {
		_, event := actions[w]
		return Temporal(w) || event || actionForm(w) || slices.Contains(derivations["age"].Words, w)
	})
}

// actionForm reports whether w is a past form of an action's verb
// ("elected" of first_elected, "arrived"): the column says when.
func actionForm(w string) bool {
	return strings.HasSuffix(w, "ed") && actionForms()[w]
}

// actionForms are the verb forms of actions, as a set.
var actionForms = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, forms := range actions {
		for _, f := range forms {
			out[f] = true
		}
	}
	return out
})

// WhenPhrase reports whether an answer wh-phrase asks for a point in
// time ("when", "what year", "which year", "what date").
func WhenPhrase(phrase string) bool {
	switch phrase {
	case "when", "what year", "which year", "what date":
		return true
	}
	return false
}

// Temporal reports whether a word names a point in time ("date",
// "year"): attributes named by any of them can answer "when", "most
// recent", "earliest".
func Temporal(word string) bool { return slices.Contains(temporal, word) }

// ordinals name numbers that say which one, not how many: summed they
// mean nothing ("round" 1, 2, 3; "rank"; "position").
var ordinals = []string{"round", "rank", "ranking", "position", "seed", "stage", "leg", "heat", "lap"}

// Ordinal reports whether a word names a number that says which one (a
// round, a rank, a position) or when (a year), not how many.
func Ordinal(word string) bool { return slices.Contains(ordinals, word) || Temporal(word) }

// magnitudes are the superlative and comparative adjectives of size,
// and sizes the words of the attributes that measure how large a thing
// is: "the largest stadium" is the one with the greatest capacity, "the
// biggest city" the one with the largest population or area.
var (
	magnitudes = []string{"large", "larger", "largest", "big", "bigger", "biggest", "small", "smaller", "smallest"}
	sizes      = []string{"size", "capacity", "area", "population", "volume", "seat", "seats", "seating"}
)

// Magnitude reports whether an adjective speaks of size.
func Magnitude(adjective string) bool { return slices.Contains(magnitudes, adjective) }

// Size reports whether a word names an attribute that measures size.
func Size(word string) bool { return slices.Contains(sizes, word) }

// makers are the words of attributes whose values are the organisations
// that make, own or publish things: with the people ([Person]), what
// answers "who" of a thing ("Who makes the GT-I9300?": its company).
var makers = []string{"company", "manufacturer", "maker", "brand", "firm", "studio", "publisher", "producer",
	"organisation", "organization", "corporation", "label", "developer", "builder", "owner", "author", "creator"}

// Maker reports whether a word names an organisation or one that makes,
// owns or publishes things ("company", "manufacturer"), not a person.
func Maker(word string) bool { return slices.Contains(makers, word) }

// Agent reports whether a word names an attribute whose values are who
// made, owns or did a thing: a kind of person or an organisation
// ("company", "manufacturer").
func Agent(word string) bool { return slices.Contains(makers, word) || Person(word) }

// places are the words of attributes whose values are places: what
// answers "where".
var places = []string{"location", "located", "address", "city", "country", "place", "room", "building", "state",
	"region", "site", "venue", "town", "street", "area", "stadium", "county", "province", "nation", "continent",
	"hometown", "birthplace", "headquarters", "headquarter", "office", "capital", "residence", "district", "village", "suburb",
	"destination"}

// settlements are the place words that name a town or where in one a
// thing is: what "Which town …?" and "Which city …?" ask for, rather than
// a county or a country.
var settlements = []string{"town", "city", "village", "suburb", "hometown", "location", "located", "address"}

// Settlement reports whether a word (lower case, singular) names a town
// or a place within one ([settlements]).
func Settlement(word string) bool { return slices.Contains(settlements, word) }

// Place reports whether a word names an attribute whose values are
// places ("city", "address"), also written after another word
// ("clublocation") when the place word is long enough not to end other
// words by chance (not "city" of "capacity").
func Place(word string) bool {
	return slices.Contains(places, word) || slices.ContainsFunc(places, func(p string) bool {
		// (Not "nation" of a denomination, a nomination.)
		return len(p) >= 6 && p != "nation" && len(word) >= len(p)+3 && strings.HasSuffix(word, p)
	})
}

// kindWords say what kind of thing something is; a schema may call the
// kind a type, a form (governmentform), a category or a genre.
var kindWords = []string{"type", "kind", "sort", "form", "category", "class", "genre", "style", "variety"}

// KindWord reports whether w (lower case, singular) says a kind: "What
// kind of music" asks a genre, "what type of government" a government
// form.
func KindWord(w string) bool { return slices.Contains(kindWords, w) }

// KindWords returns the words that say a kind ([KindWord]).
func KindWords() []string { return slices.Clone(kindWords) }

// MemberOf reports whether a two-word term names one of a group by the
// group's name: "staff member", "faculty member", "crew member" (lower
// case, singular). Such a one is a row of the group's table (staff,
// faculty) when no table names the whole phrase.
func MemberOf(words []string) bool {
	return len(words) == 2 && (words[1] == "member" || words[1] == "members")
}

// columnAcronyms are acronyms that name an attribute, written in
// capitals in a question: "the job ID", "image names and URLs".
var columnAcronyms = []string{"id", "url", "uri", "gpa", "ssn", "isbn", "ip", "dob"}

// ColumnAcronym reports whether w (lower case, singular) is an acronym
// that names an attribute ("id", "url", "gpa"), never a thing's name.
func ColumnAcronym(w string) bool { return slices.Contains(columnAcronyms, w) }

// acronyms spell out the column acronyms that questions say in full:
// each acronym's words, the one that tells it apart first ("date of
// birth" or "born" for emp_dob; "date" alone would meet a hire date as
// well).
var acronyms = map[string][]string{
	"dob": {"birth", "date", "of"},
}

// SpelledWords returns the word that tells a column's acronym apart and
// its verb forms: "birth" and "born" of "dob"; nil for a word that is no
// such acronym.
func SpelledWords(acronym string) []string {
	ws := acronyms[acronym]
	if len(ws) == 0 {
		return nil
	}
	return append([]string{ws[0]}, VerbForms(ws[0])...)
}

// SpellsOut reports whether a term's words (lower case) say what a
// column's acronym stands for: the word that tells it apart, and none
// but its other words ("born", "birth date", "date of birth" of "dob";
// not "date"). Words compare folded ([Fold]), so stems serve as well
// as words.
func SpellsOut(term []string, acronym string) bool {
	key := SpelledWords(acronym)
	if key == nil {
		return false
	}
	in := func(w string, list []string) bool {
		return slices.ContainsFunc(list, func(x string) bool { return Fold(x) == Fold(w) })
	}
	if !slices.ContainsFunc(term, func(w string) bool { return in(w, key) }) {
		return false
	}
	return !slices.ContainsFunc(term, func(w string) bool { return !in(w, key) && !in(w, acronyms[acronym]) })
}

// Event reports whether w is a noun of an action that happens at a time
// ("birth", "death", "arrival"): "the date of birth" is a birth date.
func Event(w string) bool {
	_, ok := actions[w]
	return ok
}

// Recency reports whether a superlative's words say a time and no
// attribute: "most recently", "the most recent", "the latest",
// "earliest", a verb then "first" or "last" ("direct first"). What it
// orders by is a date, or the time the question's verb names ("left
// office most recently": left_office).
func Recency(text string) bool {
	ws := strings.Fields(strings.ToLower(text))
	return slices.ContainsFunc(ws, func(w string) bool {
		return w == "recent" || w == "recently" || w == "latest" || w == "earliest"
	}) || len(ws) == 2 && (ws[1] == "first" || ws[1] == "last")
}

// kindHeads are head words that only say what kind of value a phrase
// names: in "email address", "phone number", "arrival time", "birth
// date" the modifier names the column (customer_email, customer_phone,
// arrival, birth).
var kindHeads = []string{"address", "number", "time", "date"}

// ModifierNames reports whether a column named by words is the one a
// two-word term of a kind head names by its modifier: the column's last
// word is the modifier, and the head is none of its words.
func ModifierNames(term, words []string) bool {
	if len(term) != 2 || len(words) == 0 || !slices.Contains(kindHeads, term[1]) {
		return false
	}
	return Fold(words[len(words)-1]) == Fold(term[0]) && !slices.ContainsFunc(words, func(w string) bool { return Fold(w) == Fold(term[1]) })
}

// CountOf reads a column's name as a count of things: "count" anywhere,
// or "number", "num" or "no" before "of" (room_count, number_of_hosts,
// no_of_customers; not room_number, which names a room). It returns the
// other words, folded ([Fold]), and whether the name counts.
func CountOf(words []string) ([]string, bool) {
	counting := false
	var rest []string
	for i, w := range words {
		switch {
		case w == "count":
			counting = true
		case (w == "number" || w == "num" || w == "no") && i+1 < len(words) && words[i+1] == "of":
			counting = true
		case w == "of" && i > 0 && (words[i-1] == "number" || words[i-1] == "num" || words[i-1] == "no"):
		default:
			rest = append(rest, Fold(w))
		}
	}
	return rest, counting
}

// A full name is made of a given name and a family name, which schemas
// often keep in two columns ("customer_first_name",
// "customer_last_name", "fname", "lname").
var (
	givenNames  = []string{"first", "given", "fname", "forename", "firstname"}
	familyNames = []string{"last", "family", "lname", "surname", "lastname"}
)

// FullName reports whether a term asks for a full name ("full name",
// "complete names").
func FullName(term string) bool {
	switch term {
	case "full name", "full names", "complete name", "complete names", "whole name":
		return true
	}
	return false
}

// NamePartWords are the words that name part 1 (the given name) or part
// 2 (the family name) of a full name, as [NamePart] reads them; nil for
// another part.
func NamePartWords(part int) []string {
	switch part {
	case 1:
		return slices.Clone(givenNames)
	case 2:
		return slices.Clone(familyNames)
	}
	return nil
}

// NamePart says which part of a full name a column named by words
// holds: 1 the given name, 2 the family name, 0 neither. A part word
// counts with "name" ("first name"), or alone when it is a name itself
// ("fname", "surname").
func NamePart(words []string) int {
	named := slices.Contains(words, "name")
	for _, w := range words {
		switch {
		case slices.Contains(givenNames, w) && (named || w != "first" && w != "given"):
			return 1
		case slices.Contains(familyNames, w) && (named || w != "last" && w != "family"):
			return 2
		}
	}
	return 0
}

// PersonalName reports whether a column named by words is a "personal
// name", which beside a family name is the given one when someone is
// asked for ("Who wrote …?": personal_name and family_name), though a
// question may ask for it by that name alone.
func PersonalName(words []string) bool { return slices.Equal(words, []string{"personal", "name"}) }

// The ends of a route: where it starts ("from") and where it ends ("to").
var (
	routeStarts = []string{"origin", "source", "departure", "depart", "from", "start", "starting"}
	routeEnds   = []string{"destination", "arrival", "arrive", "to", "end", "ending", "target"}
)

// RouteEnd says which end of a route an attribute named by words holds:
// 1 the start ("origin", "source_airport"), 2 the end ("destination"),
// 0 neither.
func RouteEnd(words []string) int {
	for _, w := range words {
		switch {
		case slices.Contains(routeStarts, w):
			return 1
		case slices.Contains(routeEnds, w):
			return 2
		}
	}
	return 0
}

// SaysClass reports whether a column named by words says the last word
// of its class's name, class, or its past form: amount_claimed of
// claims, the claims' own amount.
func SaysClass(words, class []string) bool {
	if len(class) == 0 {
		return false
	}
	head := Fold(strings.ToLower(class[len(class)-1]))
	return slices.ContainsFunc(words, func(w string) bool {
		return Fold(strings.ToLower(w)) == head || slices.Contains(PastForms(head), w)
	})
}

// PersonDetails reports whether a column named by words is the details
// of people of a class named by class words, which name them where no
// column does: customer_details of customers holds "Augustine Kerluke".
func PersonDetails(words, class []string) bool {
	return len(words) == 2 && (words[1] == "details" || words[1] == "detail") && len(class) > 0 &&
		OwnColumn(words, class) && Person(class[len(class)-1])
}

// NamingRank says how well a column named by words names the entities
// of a class named by class words: 4 for "name", "title" or "label"
// alone or written after the class's word ("roomname" of "rooms"); 3 for
// the class's own name ("song_name" of "song"); 2 for
// another name or title ("artist_name"); 1 for a label or a column with
// "name" inside, or the class's own number ("apt_number" of
// apartments); 0 for the rest. The column named like its class
// ("city" of "city", "grape" of "grapes") ranks 3.
func NamingRank(words, class []string) int {
	if len(words) == 0 {
		return 0
	}
	last := words[len(words)-1]
	own := OwnColumn(words, class)
	if NameWord(last) {
		last = "name"
	} else if pre, ok := strings.CutSuffix(last, "name"); ok && pre != "" && slices.ContainsFunc(class, func(c string) bool { return Singular(c) == Singular(pre) }) {
		// The class's word written before "name": "roomname" of rooms,
		// "clubname" of club.
		last, own = "name", true
	} else if ok && pre != "" && len(words) == 1 && len(class) > 0 && strings.HasPrefix(Singular(class[0]), pre) && NamePart(words) == 0 {
		// Or its first letters: "bname" of bank (not "fname", a first
		// name).
		last, own = "name", true
	}
	switch {
	case len(words) == 1 && (last == "name" || last == "title" || last == "label"):
		return 4
	case (last == "name" || last == "title") && own,
		// The column named like its class ("artist" of artist) before
		// another thing's title ("famous_title").
		slices.EqualFunc(words, class, func(a, b string) bool { return Singular(a) == Singular(b) }):
		return 3
	case last == "name" || last == "title":
		return 2
	case last == "label" || slices.Contains(words, "name") || slices.EqualFunc(words, class, func(a, b string) bool { return Singular(a) == Singular(b) }):
		return 1
	case len(words) == 1 && len(class) > 1 && Singular(last) == Singular(class[len(class)-1]):
		// "language" of countrylanguage (country language): the thing
		// the class's name is about, the owner's word before it.
		return 1
	case len(words) == 2 && last == "number" && len(class) > 0 &&
		(Singular(words[0]) == Singular(class[0]) || Abbreviates(words[0], Singular(class[0]))):
		// A thing with no name is known by its own number: "Apt. 859"
		// of apartments#apt_number, room_number of a room.
		return 1
	}
	return 0
}

// JobTitle reports whether a naming column (see [NamingRank]) of a
// class whose things have a first and a last name is the title of their
// job, not their name: "title" alone ("Sales Support Agent" of
// employees#title).
func JobTitle(words []string) bool { return len(words) == 1 && words[0] == "title" }

// OwnColumn reports whether a column named by words is its class's own
// column of its kind: the words before the last are the class's words,
// or the first of them ("song_name" of song, "student_id" of students,
// "festival_name" of festival_detail).
func OwnColumn(words, class []string) bool {
	if len(words) < 2 || len(class) == 0 || len(words)-1 > len(class) {
		return false
	}
	for i, w := range words[:len(words)-1] {
		if Singular(w) != Singular(class[i]) {
			return false
		}
	}
	return true
}

// KeyColumn reports whether a column named by words is its class's own
// key, the id a thing with no name is known by: "investor_id" of
// investors, "lot_id" of lots, "stuid" of student ([KeyAbbreviation]),
// "id" alone.
func KeyColumn(words, class []string) bool {
	switch {
	case len(words) == 1 && words[0] == "id":
		return true
	case len(words) == 1:
		_, ok := KeyAbbreviation(words[0], class)
		return ok
	}
	return words[len(words)-1] == "id" && OwnColumn(words, class)
}

// IsReferenced reports whether the things of a class (its name's words)
// are the things one of its references leads to (the target class's
// words, through the column named by column), so that the target's name
// names them: a column that is the class's own key ("gymnast_id" of
// gymnast, to people), a class of people ("entrepreneur", to people; a
// doer, "body builder", to people), or a class whose head word is the
// target's ("hosting city", to city). Not "farm competition" by its host
// city, nor an exhibition by its artist.
func IsReferenced(class, column, target []string) bool {
	if len(class) == 0 || len(target) == 0 {
		return false
	}
	head, to := class[len(class)-1], target[len(target)-1]
	// The doer of a verb ("builder", "climber") leading to people is
	// one of them.
	doer := (strings.HasSuffix(head, "er") || strings.HasSuffix(head, "or")) && len(Related(head, Derived)) > 0 && Person(to)
	return KeyColumn(column, class) || Person(head) || doer || Fold(head) == Fold(to)
}

// NameWord reports whether a word of a column's name means "name": the
// word itself, or a one- or two-letter abbreviation written before it
// ("cname" of a course, "dname" of a department). The parts of a full
// name ("fname", "lname") are not names of their own (see [NamePart]).
func NameWord(w string) bool {
	return w == "name" || len(w) >= 5 && len(w) <= 6 && strings.HasSuffix(w, "name") &&
		!slices.Contains(givenNames, w) && !slices.Contains(familyNames, w)
}

// NameOf reports whether a one-word column name is what a two-word
// term "<modifier> name", "<modifier> number", "<modifier> id",
// "<modifier> type" or "<modifier> code" asks for, the modifier
// abbreviated to its first letters ("bname" for "branch name", "dname"
// for "department name", "flno" for "flight number", "stuid" for
// "student id", "gtype" for "game type").
func NameOf(term []string, column string) bool {
	if len(term) != 2 {
		return false
	}
	head := Fold(term[1])
	if head == "name" && (column == "name" || !NameWord(column)) {
		return false
	}
	for _, h := range abbreviatedHeads[head] {
		if pre, ok := strings.CutSuffix(column, h); ok && pre != "" && strings.HasPrefix(term[0], pre) {
			return true
		}
	}
	return false
}

// abbreviatedHeads are the head words of a term [NameOf] reads, each
// with the ways a column writes it after an abbreviated modifier.
var abbreviatedHeads = map[string][]string{
	"name": {"name"}, "number": {"no", "num", "nbr"}, "id": {"id"}, "type": {"type"}, "code": {"code"},
}

// AbbreviatedHead reports whether a term ending in word w (lower case)
// is one [NameOf] can find written after an abbreviated modifier: a
// name, number, id, type or code.
func AbbreviatedHead(w string) bool {
	_, ok := abbreviatedHeads[Fold(w)]
	return ok
}

// modifierPrefixes are modifiers schemas write together with the word
// they modify ("baseprice", "maxoccupancy", "birthplace").
var modifierPrefixes = []string{"base", "max", "min", "total", "avg", "num", "home", "birth", "start", "end",
	"first", "last", "full", "main", "net", "gross", "annual", "daily", "unit", "list", "retail", "sale"}

// shortHeads are heads of four letters a modifier is written together
// with ("startdate", "homecity"); other heads have five letters or more,
// so that "basement" is no "ment".
var shortHeads = []string{"date", "year", "city", "rate", "time", "town", "team", "type", "size", "cost", "area"}

// CompoundHead returns the word a one-word column name ends with after a
// modifier written together with it ("price" of "baseprice",
// "occupancy" of "maxoccupancy", "place" of "birthplace"), and true.
func CompoundHead(w string) (string, bool) {
	for _, m := range modifierPrefixes {
		if head, ok := strings.CutPrefix(w, m); ok && (len(head) >= 5 || slices.Contains(shortHeads, head)) {
			return head, true
		}
	}
	return "", false
}

// KeyAbbreviation reads a one-word column name as an abbreviated "<thing>
// id" of its table: "stuid" of student, "custid" of customers, "dormid"
// of dorm (the letters before "id", at least three, begin a word of the
// table's name; in a name longer than eight letters they are that word:
// "circuitid" of circuits), or the table's initial before "id" ("aid" of aircraft,
// "eid" of employee). It returns that word and true; "paid" and "valid"
// are no ids.
func KeyAbbreviation(w string, table []string) (string, bool) {
	if len(w) == 3 && strings.HasSuffix(w, "id") && len(table) > 0 && strings.HasPrefix(table[0], w[:1]) && len(table[0]) > 2 {
		return table[0], true
	}
	if len(w) < 5 || !strings.HasSuffix(w, "id") {
		return "", false
	}
	pre := w[:len(w)-2]
	for _, t := range table {
		// A longer name is the whole word ("circuitid" of circuits,
		// "constructorid" of constructors), not part of one.
		if len(w) <= 8 && strings.HasPrefix(t, pre) || pre == t || pre == Singular(t) {
			return t, true
		}
	}
	return "", false
}

// Abbreviates reports whether short is an abbreviation of long written
// in a column's name: a beginning of the word, then none or more of its
// later consonants in order ("lat" of latitude, "emp" of employee, "dept"
// of department, "qty" of quantity, "mgr" of manager). A vowel skipped to
// ("lat" of located, "age" of assigned) makes no abbreviation.
func Abbreviates(short, long string) bool {
	if len(short) < 3 || len(short) >= len(long) || short[0] != long[0] {
		return false
	}
	j := 1
	for j < len(short) && short[j] == long[j] {
		j++
	}
	for i := j; i < len(long) && j < len(short); i++ {
		if strings.IndexByte("aeiou", short[j]) >= 0 {
			return false
		}
		if long[i] == short[j] {
			j++
		}
	}
	return j == len(short)
}

// TableAbbreviation reports whether a column word is its table's word
// (one of table, or its singular) followed by term abbreviated:
// "clubdesc" of the club table for "description", "stuage" is not
// (no abbreviation of "age" is shorter than it).
func TableAbbreviation(column string, table []string, term string) bool {
	for _, q := range table {
		for _, q := range []string{q, Singular(q)} {
			if rest, ok := strings.CutPrefix(column, q); ok && len(rest) >= 3 && Abbreviates(rest, term) {
				return true
			}
		}
	}
	return false
}

// SpellingVariant reports whether two words of six letters or more are
// one spelling apart by a doubled letter ("enrollment" and "enrolment",
// "travelled" and "traveled", "openning" written for "opening"), or are
// the British and American spellings of a word ("organisation" and
// "organization", "colour" and "color", "centre" and "center").
func SpellingVariant(a, b string) bool {
	// Both kinds keep the first letters and nearly the length.
	if len(a) < 4 || len(b) < 4 || a[:2] != b[:2] || len(a) > len(b)+2 || len(b) > len(a)+2 {
		return false
	}
	if britishAmerican(a, b) || britishAmerican(b, a) {
		return true
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a) != len(b)+1 || len(b) < 6 {
		return false
	}
	for i := 0; i+1 < len(a); i++ {
		if a[i] == a[i+1] && a[:i]+a[i+1:] == b {
			return true
		}
	}
	return false
}

// nounSuffixes are the endings that make a noun of a quality or state
// from a noun ("nation", "nationality").
var nounSuffixes = []string{"ality", "ity", "hood", "ship"}

// Qualities returns the nouns made from base, a noun of four letters or
// more, by the endings that name a quality or state of it:
// "nationality" of nation, "citizenship" of citizen, "membership" of
// member; nil for a shorter word. Not every one is a word.
func Qualities(base string) []string {
	if len(base) < 4 {
		return nil
	}
	out := make([]string, len(nounSuffixes))
	for i, s := range nounSuffixes {
		out[i] = base + s
	}
	return out
}

// ActionNoun reports whether noun is the "-ment" noun of the verb whose
// past participle is done: "settlement" of settled, "placement" of
// placed, "shipment" of shipped, "enrollment" of enrolled. Schemas name
// columns by the participle ("amount_settled", "date_order_placed")
// where questions say the noun.
func ActionNoun(noun, done string) bool {
	return strings.HasSuffix(done, "ed") && slices.Contains(Participles(noun), done)
}

// EventNoun reports whether noun names the event of the verb whose past
// participle is done, as a column of when it happened may be named:
// "creation" of created, "election" of elected, and [ActionNoun]'s
// nouns in "-ment" ("When was the Department of Energy created?":
// department#creation).
func EventNoun(noun, done string) bool {
	return ActionNoun(noun, done) || strings.HasSuffix(done, "ed") && slices.Contains(ionParticiples(noun), done)
}

// ionParticiples returns the past participles an "-ion" noun may be
// said by ("created" for "creation", "elected" for "election", "formed"
// for "formation"); nil for other words.
func ionParticiples(noun string) []string {
	b, ok := strings.CutSuffix(noun, "ion")
	if !ok || len(b) < 4 {
		return nil
	}
	out := []string{b + "ed"}
	if a, ok := strings.CutSuffix(noun, "ation"); ok && len(a) >= 3 {
		out = append(out, a+"ed")
	}
	// "publication" of published, "verification" of verified.
	if a, ok := strings.CutSuffix(noun, "ication"); ok && len(a) >= 3 {
		out = append(out, a+"ied", a+"ished")
	}
	return out
}

// SameVerb reports whether two different words are forms of one verb
// that schemas and questions trade: a past participle and a gerund or
// "-ing" noun ("rated" and "rating", "ranked" and "ranking", "opened"
// and "opening"), or two of either. Words shorter than five letters,
// whose endings are rarely inflections ("bed", "king"), are never.
func SameVerb(a, b string) bool {
	if a == b || len(a) < 5 || len(b) < 5 {
		return false
	}
	for _, x := range VerbBases(a) {
		if slices.Contains(VerbBases(b), x) {
			return true
		}
	}
	return false
}

// VerbBases returns the verb bases a word in -ed or -ing may be a form
// of: "rated" rat, rate; "shipped" shipp, ship; "rating" rat, rate.
func VerbBases(w string) []string {
	var stem string
	switch {
	case strings.HasSuffix(w, "ed"):
		stem = w[:len(w)-2]
	case strings.HasSuffix(w, "ing"):
		stem = w[:len(w)-3]
	default:
		return nil
	}
	if len(stem) < 3 {
		return nil
	}
	out := []string{stem, stem + "e"}
	if n := len(stem); stem[n-1] == stem[n-2] {
		out = append(out, stem[:n-1])
	}
	return out
}

// Participles returns the past participles a "-ment" noun may be said
// by in a column's name ("settled" and "settleed" for "settlement": the
// forms of a regular verb, of which a schema holds at most the real
// one); nil for other words.
func Participles(noun string) []string {
	base, ok := strings.CutSuffix(noun, "ment")
	if !ok || len(base) < 4 {
		return nil
	}
	out := []string{base + "ed", base + base[len(base)-1:] + "ed"}
	if strings.HasSuffix(base, "e") {
		out = append(out, base+"d")
	}
	return out
}

// PastForms returns the regular past forms of a verb ("hire": hired;
// "open": opened; "stop": stopped; "marry": married), for a base of
// four letters or more; nil otherwise.
func PastForms(base string) []string {
	if len(base) < 4 || strings.HasSuffix(base, "ed") {
		return nil
	}
	switch last := base[len(base)-1]; {
	case last == 'e':
		return []string{base + "d"}
	case last == 'y' && strings.IndexByte("aeiou", base[len(base)-2]) < 0:
		return []string{base[:len(base)-1] + "ied"}
	default:
		return []string{base + "ed", base + base[len(base)-1:] + "ed"}
	}
}

// TimeOfVerb reports whether a column named by words holds when the verb
// of the past form done happened: a point in time of the verb's base
// ("hire_date" of hired, "open_year" of opened), or of a verb of the
// same sense ("start_date" of began, through begin).
func TimeOfVerb(done string, words []string) bool {
	if !slices.ContainsFunc(words, Temporal) {
		return false
	}
	if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(PastForms(w), done) }) {
		return true
	}
	for _, b := range append(VerbBases(done), VerbBase(done)) {
		if b == done {
			continue
		}
		for _, v := range Related(b, VerbSynonym) {
			if slices.Contains(words, v) {
				return true
			}
		}
	}
	return false
}

// SharedModifier reads a one-word column named after a longer one as
// sharing its modifier: after "color code", "description" may be the
// color description; after "visit date", "details" the visit details. It
// returns the shared reading and true, or term and false when the
// reading does not apply (a one-word prev, a longer term).
func SharedModifier(prev, term string) (string, bool) {
	pw := strings.Fields(prev)
	if len(pw) < 2 || term == "" || strings.Contains(term, " ") {
		return term, false
	}
	return strings.Join(append(pw[:len(pw)-1:len(pw)-1], term), " "), true
}

// functionWords are the words of a question that name nothing of a
// schema: question, command and auxiliary words, determiners,
// pronouns, prepositions, conjunctions, and the words of counting,
// ordering and aggregating, which the query realises by its form.
var functionWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of in on at to for from by with within about into onto as than then and or nor but
		this that these those there here it its they them their he him his she her hers we our us you your i me my
		what which who whom whose where when why how is are was were be been being am do does did done has have had having
		can could will would should shall may might must list show find give return tell display get print enumerate retrieve select
		all each every any some both either neither other others another different distinct unique respective corresponding
		many much more most less least few fewer number numbers total average mean sum maximum minimum max min count
		also only just very too so if whether not no never none please per among across through during via
		order ordered sort sorted ascending descending alphabetical alphabetically reverse asc desc
		same such one ones thing things kind kinds type types exist exists existing information info`) {
		functionWords[w] = true
	}
}

// FunctionWord reports whether a lower-case word of a question names
// nothing of a schema ("the", "which", "show", "average").
func FunctionWord(w string) bool { return functionWords[w] }

// irregularPlurals are the plurals of people that schemas and questions
// use ("people" of a person, "children" of a child), and the nouns whose
// plural is the singular ("series", "species"). WordNet's noun exceptions
// hold many more, but folding their Latin plurals ("media" → medium,
// "data" → datum) would part words that schemas keep as they are.
var irregularPlurals = map[string]string{
	"people": "person", "children": "child", "men": "man", "women": "woman", "sportsmen": "sportsman",
	"sportswomen": "sportswoman", "chairmen": "chairman", "series": "series", "species": "species",
}

// Singular maps a lower-case English plural to its singular with a few
// suffix rules ("countries" → "country", "movies" → "movie" when WordNet
// knows the word in -ie, "classes" → "class", "singers" → "singer") and
// the irregular plurals of people ("people" → "person"); other words are
// returned unchanged.
func Singular(w string) string {
	if s, ok := irregularPlurals[w]; ok {
		return s
	}
	n := len(w)
	switch {
	case n <= 3:
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		if vocab.Known(w[:n-1]) {
			return w[:n-1] // "movies", "calories": an English word in -ie
		}
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "xes"),
		strings.HasSuffix(w, "uses") && n > 4:
		return w[:n-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// IdentifierWord reports whether a column whose name ends with w holds
// identifiers or codes ("language_id", "country_code"): values that
// neither measure nor name things for a reader.
func IdentifierWord(w string) bool { return w == "id" || w == "code" }
