package lexicon_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/lexicon"
)

func TestDerives(t *testing.T) {
	for _, c := range []struct {
		term    string
		words   []string
		ok, inv bool
	}{
		{"age", []string{"birth", "date"}, true, true},
		{"age", []string{"founded"}, true, true},
		{"age", []string{"open", "date"}, true, true}, // the oldest church: the earliest open_date
		{"age", []string{"age"}, false, false},        // the attribute itself is not derived
		{"age", []string{"goals"}, false, false},
		{"height", []string{"birth", "date"}, false, false},
		{"earn", []string{"salary"}, true, false},
		{"length", []string{"duration"}, true, false},                 // the longest trip
		{"length", []string{"milliseconds"}, true, false},             // the longest track
		{"wealth", []string{"net", "worth", "millions"}, true, false}, // the richest singer
		{"length", []string{"name"}, false, false},
		{"earns", []string{"annual", "income"}, true, false}, // folded to "earn"
		{"paid", []string{"wage"}, true, false},
		{"cost", []string{"base", "price"}, true, false},
		{"earn", []string{"age"}, false, false},
		{"weighs", []string{"weight"}, true, false},
		{"weighed", []string{"weight"}, true, false}, // a past tense
		{"killed", []string{"number", "deaths"}, true, false},
		{"died", []string{"deaths"}, true, false},
		{"need", []string{"deaths"}, false, false}, // no verb "nee"
		{"weighed", []string{"height"}, false, false},
	} {
		ok, inv := lexicon.Derives(c.term, c.words)
		if ok != c.ok || inv != c.inv {
			t.Errorf("Derives(%q, %q) = %v, %v; want %v, %v", c.term, c.words, ok, inv, c.ok, c.inv)
		}
	}
	d, ok := lexicon.DerivedFrom("age")
	if !ok || !d.Inverted || len(d.Words) == 0 {
		t.Errorf("DerivedFrom(age) = %+v, %v", d, ok)
	}
	d.Words[0] = "changed"
	if again, _ := lexicon.DerivedFrom("age"); again.Words[0] == "changed" {
		t.Error("DerivedFrom returns the package's own slice")
	}
	if _, ok := lexicon.DerivedFrom("colour"); ok {
		t.Error("colour has a derivation")
	}
}

func TestPointInTimeOfActions(t *testing.T) {
	for ws, want := range map[string]bool{"first elected": true, "arrival time": true, "birth place": false, "elected": true, "named": false, "founded": true} {
		if got := lexicon.PointInTime(strings.Fields(ws)); got != want {
			t.Errorf("PointInTime(%q) = %v, want %v", ws, got, want)
		}
	}
}

func TestTemporal(t *testing.T) {
	for w, want := range map[string]bool{"date": true, "year": true, "time": true, "name": false, "capacity": false} {
		if got := lexicon.Temporal(w); got != want {
			t.Errorf("Temporal(%q) = %v", w, got)
		}
	}
}

func ExampleDerives() {
	ok, inverted := lexicon.Derives("age", []string{"birth", "date"})
	fmt.Println(ok, inverted)
	// Output: true true
}

func TestMagnitude(t *testing.T) {
	if !lexicon.Magnitude("largest") || lexicon.Magnitude("oldest") || !lexicon.Size("capacity") || lexicon.Size("name") {
		t.Error("magnitude or size words")
	}
}

func TestPointInTime(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  bool
	}{{[]string{"release", "year"}, true}, {[]string{"founded"}, true}, {[]string{"birth", "place"}, false}, {[]string{"capacity"}, false}} {
		if got := lexicon.PointInTime(c.words); got != c.want {
			t.Errorf("PointInTime(%q) = %v", c.words, got)
		}
	}
}

func TestSingular(t *testing.T) {
	for in, want := range map[string]string{"boxes": "box", "churches": "church", "analysis": "analysis", "gas": "gas",
		"countries": "country", "classes": "class", "singers": "singer", "status": "status", "names": "name", "id": "id",
		"movies": "movie", "calories": "calorie", "cities": "city", "bodies": "body"} {
		if got := lexicon.Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNamePart(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  int
	}{
		{[]string{"customer", "first", "name"}, 1},
		{[]string{"fname"}, 1},
		{[]string{"last", "name"}, 2},
		{[]string{"surname"}, 2},
		{[]string{"first", "year"}, 0},
		{[]string{"last", "update"}, 0},
		{[]string{"name"}, 0},
	} {
		if got := lexicon.NamePart(c.words); got != c.want {
			t.Errorf("NamePart(%v) = %d, want %d", c.words, got, c.want)
		}
	}
	if !lexicon.FullName("full name") || lexicon.FullName("name") {
		t.Error("FullName")
	}
}

func TestRouteEnd(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  int
	}{
		{[]string{"origin"}, 1}, {[]string{"source", "airport"}, 1}, {[]string{"destination"}, 2}, {[]string{"price"}, 0},
	} {
		if got := lexicon.RouteEnd(c.words); got != c.want {
			t.Errorf("RouteEnd(%v) = %d, want %d", c.words, got, c.want)
		}
	}
}

func TestNamingRank(t *testing.T) {
	for _, c := range []struct {
		words, class []string
		want         int
	}{
		{[]string{"name"}, []string{"song"}, 4},
		{[]string{"song", "name"}, []string{"songs"}, 3},
		{[]string{"artist", "name"}, []string{"song"}, 2},
		{[]string{"festival", "name"}, []string{"festival", "detail"}, 3}, // the class's head word
		{[]string{"chair", "name"}, []string{"festival", "detail"}, 2},
		{[]string{"city"}, []string{"city"}, 3},
		{[]string{"grape"}, []string{"grapes"}, 3},
		{[]string{"famous", "title"}, []string{"artist"}, 2}, // another thing's title, below the artist column
		{[]string{"name", "code"}, []string{"city"}, 1},
		{[]string{"price"}, []string{"song"}, 0},
		{[]string{"roomname"}, []string{"rooms"}, 4}, // the class's word written before "name"
		{[]string{"clubname"}, []string{"club"}, 4},
		{[]string{"bname"}, []string{"bank"}, 4}, // the class's first letter before "name"
		{[]string{"fname"}, []string{"faculty"}, 0},
		{[]string{"surname"}, []string{"club"}, 0},
		{[]string{"apt", "number"}, []string{"apartments"}, 1}, // its own number, abbreviated
		{[]string{"room", "number"}, []string{"rooms"}, 1},
		{[]string{"phone", "number"}, []string{"customers"}, 0}, // another thing's number
	} {
		if got := lexicon.NamingRank(c.words, c.class); got != c.want {
			t.Errorf("NamingRank(%v, %v) = %d, want %d", c.words, c.class, got, c.want)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"left": "leave", "taken": "take", "held": "hold", "shots": "shoot", "countries": "country",
		"found": "found", "ground": "ground", // also verbs of their own
		"leave": "leave", "status": "status",
	} {
		if got := lexicon.Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNameWord(t *testing.T) {
	for w, want := range map[string]bool{"name": true, "cname": true, "dname": true, "fname": false, "lname": false, "surname": false, "nickname": false, "names": false, "game": false} {
		if got := lexicon.NameWord(w); got != want {
			t.Errorf("NameWord(%q) = %v, want %v", w, got, want)
		}
	}
	if r := lexicon.NamingRank([]string{"cname"}, []string{"course"}); r != 4 {
		t.Errorf("NamingRank(cname) = %d, want 4", r)
	}
}

func TestSaysName(t *testing.T) {
	q := strings.Fields("show the date valid from and the date valid to for the cards")
	for _, c := range []struct {
		name []string
		want bool
	}{
		{[]string{"date", "valid", "to"}, true},
		{[]string{"date", "valid", "from"}, true},
		{[]string{"card"}, false}, // one word is never said this way
		{[]string{"valid", "date"}, false},
		{[]string{"date", "valid", "until"}, false},
	} {
		if got := lexicon.SaysName(q, c.name); got != c.want {
			t.Errorf("SaysName(%v) = %v, want %v", c.name, got, c.want)
		}
	}
	if !lexicon.SaysName(strings.Fields("the total points of gymnasts"), []string{"total", "point"}) {
		t.Error("SaysName should compare folded words (points ~ point)")
	}
}

func TestKeyAbbreviation(t *testing.T) {
	for _, c := range []struct {
		w     string
		table []string
		want  string
	}{
		{"stuid", []string{"student"}, "student"},
		{"custid", []string{"customers"}, "customers"},
		{"dormid", []string{"dorm"}, "dorm"},
		{"paid", []string{"payments"}, ""},
		{"aid", []string{"aircraft"}, "aircraft"},
		{"eid", []string{"employee"}, "employee"},
		{"aid", []string{"employee"}, ""},
		{"valid", []string{"tickets"}, ""},
		{"stuid", []string{"has", "allergy"}, ""},
		{"student", []string{"student"}, ""},
		{"circuitid", []string{"circuits"}, "circuits"},
		{"constructorid", []string{"constructor", "standings"}, "constructor"},
		{"circuitsid", []string{"circ"}, ""},
	} {
		got, ok := lexicon.KeyAbbreviation(c.w, c.table)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("KeyAbbreviation(%q, %v) = %q, %v; want %q", c.w, c.table, got, ok, c.want)
		}
	}
}

func TestAbbreviates(t *testing.T) {
	for _, c := range []struct {
		short, long string
		want        bool
	}{
		{"lat", "latitude", true},
		{"emp", "employee", true},
		{"dept", "department", true},
		{"qty", "quantity", true},
		{"mgr", "manager", true},
		{"lat", "located", false},
		{"age", "assigned", false},
		{"age", "age", false},
		{"id", "identifier", false},
		{"num", "city", false},
	} {
		if got := lexicon.Abbreviates(c.short, c.long); got != c.want {
			t.Errorf("Abbreviates(%q, %q) = %v, want %v", c.short, c.long, got, c.want)
		}
	}
}

func TestSpellingVariant(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"enrollment", "enrolment", true},
		{"traveled", "travelled", true},
		{"country", "county", false},
		{"planet", "plane", false},
		{"enrollment", "enrollment", false},
	} {
		if got := lexicon.SpellingVariant(c.a, c.b); got != c.want {
			t.Errorf("SpellingVariant(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestPlace(t *testing.T) {
	for w, want := range map[string]bool{
		"city": true, "address": true, "clublocation": true, "hometown": true,
		"capacity": false, "velocity": false, "price": false, "location": true,
		"denomination": false, "nomination": false, "destination": true, "nation": true,
	} {
		if got := lexicon.Place(w); got != want {
			t.Errorf("Place(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestModifierNames(t *testing.T) {
	for _, c := range []struct {
		term, words []string
		want        bool
	}{
		{[]string{"email", "address"}, []string{"customer", "email"}, true},
		{[]string{"phone", "number"}, []string{"customer", "phone"}, true},
		{[]string{"arrival", "time"}, []string{"arrival"}, true},
		{[]string{"email", "address"}, []string{"customer", "address"}, false},
		{[]string{"email", "address"}, []string{"email", "address"}, false}, // the whole name matches anyway
		{[]string{"room", "type"}, []string{"class", "room"}, false},        // "type" says more than the kind
	} {
		if got := lexicon.ModifierNames(c.term, c.words); got != c.want {
			t.Errorf("ModifierNames(%v, %v) = %v, want %v", c.term, c.words, got, c.want)
		}
	}
}

func TestNameOf(t *testing.T) {
	for _, c := range []struct {
		term   []string
		column string
		want   bool
	}{
		{[]string{"branch", "name"}, "bname", true},
		{[]string{"department", "name"}, "dname", true},
		{[]string{"course", "name"}, "dname", false},
		{[]string{"branch", "name"}, "name", false},
		{[]string{"branch", "id"}, "bname", false},
		{[]string{"flight", "number"}, "flno", true},
		{[]string{"department", "number"}, "dnum", true},
		{[]string{"student", "id"}, "stuid", true},
		{[]string{"flight", "number"}, "aid", false},
		{[]string{"flight", "number"}, "no", false},
		{[]string{"flight", "date"}, "fldate", false},
		{[]string{"game", "type"}, "gtype", true},
		{[]string{"game", "type"}, "type", false},
		{[]string{"room", "type"}, "gtype", false},
	} {
		if got := lexicon.NameOf(c.term, c.column); got != c.want {
			t.Errorf("NameOf(%v, %q) = %v, want %v", c.term, c.column, got, c.want)
		}
	}
}

func TestCountOf(t *testing.T) {
	for _, c := range []struct {
		words []string
		rest  []string
		want  bool
	}{
		{[]string{"number", "of", "hosts"}, []string{"host"}, true},
		{[]string{"no", "of", "customers"}, []string{"customer"}, true},
		{[]string{"room", "count"}, []string{"room"}, true},
		{[]string{"room", "number"}, []string{"room", "number"}, false},
	} {
		rest, ok := lexicon.CountOf(c.words)
		if ok != c.want || !slices.Equal(rest, c.rest) {
			t.Errorf("CountOf(%v) = %v, %v; want %v, %v", c.words, rest, ok, c.rest, c.want)
		}
	}
}

func TestSingularIrregular(t *testing.T) {
	for w, want := range map[string]string{"people": "person", "children": "child", "series": "series", "species": "species", "countries": "country", "classes": "class"} {
		if got := lexicon.Singular(w); got != want {
			t.Errorf("Singular(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestGenderValues(t *testing.T) {
	if got := lexicon.GenderValues([]string{"sex"}, "female")[0]; got != "F" {
		t.Errorf("sex, female: %q, want F", got)
	}
	if got := lexicon.GenderValues([]string{"is", "male"}, "female")[0]; got != "F" {
		t.Errorf("is_male, female: %q, want F (not male)", got)
	}
	if got := lexicon.GenderValues([]string{"is", "male"}, "male")[0]; got != "T" {
		t.Errorf("is_male, male: %q, want T", got)
	}
	if !lexicon.GenderColumn([]string{"gender"}) || lexicon.GenderColumn([]string{"age"}) {
		t.Error("GenderColumn: gender is one, age is not")
	}
}

func TestGenderColumnNotMan(t *testing.T) {
	if lexicon.GenderColumn([]string{"man", "of", "the", "match"}) {
		t.Error("man_of_the_match holds no sex")
	}
}

func TestPeople(t *testing.T) {
	for w, want := range map[string]bool{"people": true, "persons": true, "person": true, "People": true, "players": false, "residents": false} {
		if got := lexicon.People(w); got != want {
			t.Errorf("People(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestVerbForms(t *testing.T) {
	for noun, want := range map[string]string{"director": "directed", "arrival": "arrive", "writer": "wrote", "birth": "born",
		"climber": "climbed", "creator": "creates", "player": "played"} {
		if !slices.Contains(lexicon.VerbForms(noun), want) {
			t.Errorf("VerbForms(%q) = %q, want it to hold %q", noun, lexicon.VerbForms(noun), want)
		}
	}
	for _, w := range []string{"title", "user", "order"} {
		if got := lexicon.VerbForms(w); got != nil {
			t.Errorf("VerbForms(%q) = %q, want none", w, got)
		}
	}
}

func TestGradedMeasure(t *testing.T) {
	for w, want := range map[string]string{"highest": "height", "busiest": "passengers", "heaviest": "weight", "widest": "width",
		"biggest": "", "largest": "", "interest": "", "best": "", "Tallest": "height",
		"higher": "height", "heavier": "weight", "bigger": "", "order": "", "water": ""} {
		if got := lexicon.GradedMeasure(w); got != want {
			t.Errorf("GradedMeasure(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestParticiple(t *testing.T) {
	for w, want := range map[string]bool{"killed": true, "injured": true, "kill": false, "were killed": false, "red": true /* the shape only */} {
		if got := lexicon.Participle(w); got != want {
			t.Errorf("Participle(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestCompoundHead(t *testing.T) {
	for w, want := range map[string]string{"baseprice": "price", "maxoccupancy": "occupancy", "birthplace": "place", "price": "", "maxi": "", "password": "", "basement": "", "startdate": "date"} {
		got, ok := lexicon.CompoundHead(w)
		if got != want || ok != (want != "") {
			t.Errorf("CompoundHead(%q) = %q, %v; want %q", w, got, ok, want)
		}
	}
}

func TestAgentNouns(t *testing.T) {
	for verb, want := range map[string][]string{"directed": {"director"}, "direct": {"director"}, "wrote": {"author", "writer"}, "acted": {"actor"}, "colour": nil,
		"prescribed": {"doctor", "physician"}, "advises": {"adviser", "advisor"}, "flew": {"pilot"}} {
		if got := lexicon.AgentNouns(verb); !slices.Equal(got, want) {
			t.Errorf("AgentNouns(%q) = %q, want %q", verb, got, want)
		}
	}
}

func TestBritishAmerican(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{{"organisation", "organization", true}, {"colour", "color", true}, {"centre", "center", true}, {"catalogue", "catalog", true},
		{"analyse", "analyze", true}, {"enrolment", "enrollment", true}, {"horse", "house", false}, {"rose", "roze", false}, {"sore", "ser", false}} {
		if got := lexicon.SpellingVariant(c.a, c.b); got != c.want {
			t.Errorf("SpellingVariant(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// BenchmarkSpellingVariant compares every pair of a few hundred column
// words, as the allocator does for a question's word no element has.
func BenchmarkSpellingVariant(b *testing.B) {
	words := strings.Fields(`organisation organization colour color centre center catalogue catalog enrolment enrollment
		name title date year city country population capacity address location employee department salary budget
		student course teacher grade score rank height weight length speed price cost amount total number count`)
	for b.Loop() {
		for _, x := range words {
			for _, y := range words {
				lexicon.SpellingVariant(x, y)
			}
		}
	}
}

func TestActionNoun(t *testing.T) {
	for _, c := range []struct {
		noun, done string
		want       bool
	}{
		{"settlement", "settled", true}, {"placement", "placed", true}, {"shipment", "shipped", true},
		{"enrollment", "enrolled", true}, {"investment", "invested", true}, {"payment", "paid", false},
		{"settlement", "settle", false}, {"movement", "moved", true}, {"element", "eled", false},
		{"settlement", "claimed", false}, {"amendment", "amended", true}, {"ment", "ed", false},
	} {
		if got := lexicon.ActionNoun(c.noun, c.done); got != c.want {
			t.Errorf("ActionNoun(%q, %q) = %v, want %v", c.noun, c.done, got, c.want)
		}
	}
}

func TestIsMeasure(t *testing.T) {
	for term, want := range map[string]bool{"length": true, "height": true, "wealth": true, "population": true, "name": false, "": false} {
		if got := lexicon.IsMeasure(term); got != want {
			t.Errorf("IsMeasure(%q) = %v, want %v", term, got, want)
		}
	}
}

func TestKindWord(t *testing.T) {
	for w, want := range map[string]bool{"type": true, "kind": true, "genre": true, "form": true, "category": true, "name": false, "types": false} {
		if got := lexicon.KindWord(w); got != want {
			t.Errorf("KindWord(%q) = %v, want %v", w, got, want)
		}
	}
	ws := lexicon.KindWords()
	ws[0] = "changed"
	if !lexicon.KindWord("type") {
		t.Error("KindWords returned the package's own list")
	}
}

func TestNamingRankOfCompoundClass(t *testing.T) {
	// "language" names the rows of countrylanguage (country language);
	// "country" does not, nor "language" of a class of one word.
	for _, c := range []struct {
		words, class []string
		named        bool
	}{
		{[]string{"language"}, []string{"country", "language"}, true},
		{[]string{"country"}, []string{"country", "language"}, false},
		{[]string{"language"}, []string{"speaker"}, false},
	} {
		if got := lexicon.NamingRank(c.words, c.class) > 0; got != c.named {
			t.Errorf("NamingRank(%q, %q) > 0 = %v, want %v", c.words, c.class, got, c.named)
		}
	}
}

func TestRelated(t *testing.T) {
	for _, c := range []struct {
		w    string
		rels []lexicon.Relation
		want string
	}{
		{"director", []lexicon.Relation{lexicon.Derived}, "direct"},
		{"direct", []lexicon.Relation{lexicon.Derived}, "director"},
		{"visitor", nil, "visit"},
		{"scorer", nil, "score"},
		{"old", []lexicon.Relation{lexicon.AttributeOf}, "age"},
		{"tall", []lexicon.Relation{lexicon.AttributeOf}, "height"},
		{"large", []lexicon.Relation{lexicon.AttributeOf}, "size"},
		{"film", []lexicon.Relation{lexicon.Synonym}, "movie"},
		{"salary", []lexicon.Relation{lexicon.Synonym}, "wage"},
	} {
		if got := lexicon.Related(c.w, c.rels...); !slices.Contains(got, c.want) {
			t.Errorf("Related(%q, %q) = %q, want %q among them", c.w, c.rels, got, c.want)
		}
		if !lexicon.AreRelated(c.w, c.want, c.rels...) {
			t.Errorf("AreRelated(%q, %q) = false", c.w, c.want)
		}
	}
	if got := lexicon.Related("old", lexicon.Synonym); slices.Contains(got, "age") {
		t.Errorf("old and age are no synonyms: %q", got)
	}
	if lexicon.AreRelated("film", "age") || len(lexicon.Related("qwertyuiop")) != 0 {
		t.Error("unrelated words related")
	}
}

func TestMissing(t *testing.T) {
	for w, want := range map[string]bool{"NULL": true, "None": true, " n/a ": true, "Nil": true, "Nelson": false, "no": false, "": false} {
		if got := lexicon.Missing(w); got != want {
			t.Errorf("Missing(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestPerson(t *testing.T) {
	for w, want := range map[string]bool{"visitors": true, "tourist": true, "Employee": true, "people": true, "person": true, "gymnasts": true, "swimmers": true,
		"room": false, "wine": false, "film": false, "city": false, "record": false, "mountain": false, "": false} {
		if got := lexicon.Person(w); got != want {
			t.Errorf("Person(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestSameVerb(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"rated", "rating", true}, {"ranking", "ranked", true}, {"opened", "opening", true},
		{"shipped", "shipping", true}, {"rating", "rating", false}, {"bed", "being", false},
		{"rated", "ranking", false}, {"string", "stated", false},
	} {
		if got := lexicon.SameVerb(c.a, c.b); got != c.want {
			t.Errorf("SameVerb(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestPlacesOf(t *testing.T) {
	if got := lexicon.PlacesOf("British"); !slices.Contains(got, "united kingdom") || !slices.Contains(got, "uk") {
		t.Errorf("PlacesOf(British) = %q, want the United Kingdom's names", got)
	}
	if got := lexicon.PlacesOf("french"); !slices.Contains(got, "france") {
		t.Errorf("PlacesOf(french) = %q, want france", got)
	}
	for _, w := range []string{"france", "old", "singer"} {
		if got := lexicon.PlacesOf(w); got != nil {
			t.Errorf("PlacesOf(%s) = %q, want none", w, got)
		}
	}
}

func TestKeyColumn(t *testing.T) {
	for _, c := range []struct {
		words, class []string
		want         bool
	}{
		{[]string{"investor", "id"}, []string{"investors"}, true},
		{[]string{"id"}, []string{"lots"}, true},
		{[]string{"stuid"}, []string{"student"}, true},
		{[]string{"lot", "details"}, []string{"lots"}, false},
		{[]string{"transaction", "id"}, []string{"investors"}, false},
	} {
		if got := lexicon.KeyColumn(c.words, c.class); got != c.want {
			t.Errorf("KeyColumn(%v, %v) = %v, want %v", c.words, c.class, got, c.want)
		}
	}
}

func TestDatedOrigin(t *testing.T) {
	if !lexicon.DatedOrigin("age", []string{"year"}) || !lexicon.DatedOrigin("age", []string{"release", "date"}) {
		t.Error("a year or date is no dated origin of age")
	}
	if lexicon.DatedOrigin("age", []string{"price"}) || lexicon.DatedOrigin("cost", []string{"year"}) {
		t.Error("a price is a dated origin, or cost has one")
	}
}

// TestQualities: the nouns of a quality of a noun, not of a short word.
func TestQualities(t *testing.T) {
	if q := lexicon.Qualities("nation"); !slices.Contains(q, "nationality") || !slices.Contains(lexicon.Qualities("member"), "membership") || lexicon.Qualities("art") != nil {
		t.Errorf("Qualities(nation) = %q, Qualities(art) = %q", q, lexicon.Qualities("art"))
	}
}

// TestIsReferenced: a class is the thing its one reference leads to only
// when its key, its people or its head word says so.
func TestIsReferenced(t *testing.T) {
	for _, c := range []struct {
		class, column, target []string
		want                  bool
	}{
		{[]string{"gymnast"}, []string{"gymnast", "id"}, []string{"people"}, true},
		{[]string{"entrepreneur"}, []string{"people", "id"}, []string{"people"}, true},
		{[]string{"body", "builder"}, []string{"people", "id"}, []string{"people"}, true},
		{[]string{"hosting", "city"}, []string{"host", "city"}, []string{"city"}, true},
		{[]string{"farm", "competition"}, []string{"host", "city", "id"}, []string{"city"}, false},
		{[]string{"exhibition"}, []string{"artist", "id"}, []string{"artist"}, false},
	} {
		if got := lexicon.IsReferenced(c.class, c.column, c.target); got != c.want {
			t.Errorf("IsReferenced(%q, %q, %q) = %v, want %v", c.class, c.column, c.target, got, c.want)
		}
	}
}

// TestVerbSynonyms: two verbs whose first sense is one synset.
func TestVerbSynonyms(t *testing.T) {
	if !slices.Contains(lexicon.Related("marry", lexicon.VerbSynonym), "wed") || lexicon.AreRelated("marry", "wed", lexicon.Synonym) {
		t.Errorf("Related(marry, VerbSynonym) = %q, want wed, and no noun synonym", lexicon.Related("marry", lexicon.VerbSynonym))
	}
}

// TestOrdinal: rounds, ranks and years say which one, goals how many.
func TestOrdinal(t *testing.T) {
	for w, want := range map[string]bool{"round": true, "rank": true, "year": true, "goals": false, "points": false} {
		if got := lexicon.Ordinal(w); got != want {
			t.Errorf("Ordinal(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestTableAbbreviation(t *testing.T) {
	for _, c := range []struct {
		column string
		table  []string
		term   string
		want   bool
	}{
		{"clubdesc", []string{"club"}, "description", true},
		{"clubdesc", []string{"clubs"}, "description", true}, // the table's singular
		{"deptcode", []string{"dept"}, "code", false},        // the word itself, not abbreviated
		{"clubname", []string{"club"}, "description", false},
		{"clubdesc", []string{"team"}, "description", false},
		{"stuage", []string{"stu"}, "age", false}, // no shorter form
	} {
		if got := lexicon.TableAbbreviation(c.column, c.table, c.term); got != c.want {
			t.Errorf("TableAbbreviation(%q, %v, %q) = %v, want %v", c.column, c.table, c.term, got, c.want)
		}
	}
}

func TestSpellsOut(t *testing.T) {
	for _, c := range []struct {
		term    string
		acronym string
		want    bool
	}{
		{"born", "dob", true}, {"birth", "dob", true}, {"birth date", "dob", true}, {"date of birth", "dob", true},
		{"date", "dob", false}, {"hire date", "dob", false}, {"died", "dob", false}, {"born", "emp", false},
	} {
		if got := lexicon.SpellsOut(strings.Fields(c.term), c.acronym); got != c.want {
			t.Errorf("SpellsOut(%q, %q) = %v, want %v", c.term, c.acronym, got, c.want)
		}
	}
}

func TestSpelledWords(t *testing.T) {
	if got := lexicon.SpelledWords("dob"); !slices.Contains(got, "birth") || !slices.Contains(got, "born") || slices.Contains(got, "date") {
		t.Errorf("SpelledWords(dob) = %v, want birth and born, not date", got)
	}
	if got := lexicon.SpelledWords("emp"); got != nil {
		t.Errorf("SpelledWords(emp) = %v, want nil", got)
	}
}

func TestPastForms(t *testing.T) {
	for base, want := range map[string]string{"hire": "hired", "open": "opened", "marry": "married", "stop": "stopped"} {
		if got := lexicon.PastForms(base); !slices.Contains(got, want) {
			t.Errorf("PastForms(%q) = %v, want %q among them", base, got, want)
		}
	}
	if got := lexicon.PastForms("run"); got != nil {
		t.Errorf("PastForms(run) = %v, want nil (too short to tell)", got)
	}
	if !lexicon.TimeOfVerb("hired", []string{"hire", "date"}) || !lexicon.TimeOfVerb("opened", []string{"open", "year"}) {
		t.Error("TimeOfVerb: hire_date is when hired, open_year when opened")
	}
	if lexicon.TimeOfVerb("hired", []string{"hire", "agency"}) || lexicon.TimeOfVerb("opened", []string{"close", "date"}) {
		t.Error("TimeOfVerb: hire_agency holds no time; close_date is not when opened")
	}
	if !lexicon.TimeOfVerb("began", []string{"booking", "start", "date"}) || !lexicon.TimeOfVerb("commenced", []string{"start", "date"}) || lexicon.TimeOfVerb("began", []string{"booking", "end", "date"}) {
		t.Error("TimeOfVerb: start_date is when begun (begin, start), end_date is not")
	}
}

func TestDerivesCountOfPeople(t *testing.T) {
	if ok, _ := lexicon.Derives("student", []string{"enrollment"}); !ok {
		t.Error("a school's students are its enrollment")
	}
	if ok, _ := lexicon.Derives("student", []string{"date", "of", "enrolment"}); ok {
		t.Error("a date of enrolment is no number of students")
	}
	if ok, _ := lexicon.Derives("resident", []string{"population"}); !ok {
		t.Error("a place's residents are its population")
	}
}

func TestEventNoun(t *testing.T) {
	for _, c := range []struct {
		noun, done string
		want       bool
	}{
		{"creation", "created", true}, {"election", "elected", true}, {"settlement", "settled", true},
		{"creation", "creating", false}, {"nation", "nated", false}, {"name", "named", false},
	} {
		if got := lexicon.EventNoun(c.noun, c.done); got != c.want {
			t.Errorf("EventNoun(%q, %q) = %v, want %v", c.noun, c.done, got, c.want)
		}
	}
}

func TestSaysQualifiers(t *testing.T) {
	q := strings.Fields("Which station did the longest trips start from")
	for _, c := range []struct {
		name []string
		want bool
	}{
		{[]string{"start", "station", "name"}, true},
		{[]string{"end", "station", "name"}, false},
		{[]string{"trip", "start", "station", "id"}, true}, // "trips" folds to trip
		{[]string{"station", "name"}, false},               // fewer than three words
	} {
		if got := lexicon.SaysQualifiers(q, c.name); got != c.want {
			t.Errorf("SaysQualifiers(%v) = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestSaysClass(t *testing.T) {
	for _, c := range []struct {
		words, class []string
		want         bool
	}{
		{[]string{"amount", "claimed"}, []string{"claims"}, true},
		{[]string{"amount", "payment"}, []string{"customer", "payments"}, true},
		{[]string{"amount", "settled"}, []string{"claims"}, false},
		{[]string{"amount"}, nil, false},
	} {
		if got := lexicon.SaysClass(c.words, c.class); got != c.want {
			t.Errorf("SaysClass(%q, %q) = %v, want %v", c.words, c.class, got, c.want)
		}
	}
}

// TestRecency: a time said with no attribute, "most recently", or a
// verb then "first" or "last"; not a "first name" or "the first".
func TestRecency(t *testing.T) {
	for _, s := range []string{"most recently", "the latest", "direct first", "hired last"} {
		if !lexicon.Recency(s) {
			t.Errorf("Recency(%q) = false", s)
		}
	}
	for _, s := range []string{"first", "first name", "most expensive"} {
		if lexicon.Recency(s) {
			t.Errorf("Recency(%q) = true", s)
		}
	}
}
