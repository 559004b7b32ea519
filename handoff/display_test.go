package handoff

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// artistsAnswer is an answer whose rows hold IRIs, typed literals, a
// language-tagged string, a blank node and an unbound cell.
func artistsAnswer() *Answer {
	return &Answer{
		Question: "Which artists come from Portugal, with their albums?",
		Results: &sparql.Results{Vars: []string{"artist", "albums", "since"}, Rows: []sparql.Row{
			{"artist": sparql.NewIRI("http://example.org/music/copper_lanterns"), "albums": sparql.NewTypedLiteral("1", sparql.XSDInteger),
				"since": sparql.NewTypedLiteral("2003-01-01", sparql.XSD+"date")},
			{"artist": sparql.NewIRI("http://example.org/music/rosa_quill"), "albums": sparql.NewTypedLiteral("2.50", sparql.XSDDecimal)},
			{"artist": sparql.NewIRI("http://example.org/music/unnamed"), "albums": sparql.NewLangLiteral("keine", "de"),
				"since": &sparql.BlankNode{Label: "b0"}},
		}},
		Names: map[string]string{
			"http://example.org/music/copper_lanterns": "The Copper Lanterns",
			"http://example.org/music/rosa_quill":      "Rosa Quill",
		},
		Provenance: []Provenance{{Subgoal: "s1", Graph: "music", Query: "SELECT …"}},
	}
}

func TestAnswerTable(t *testing.T) {
	got := artistsAnswer().Table()
	want := Table{Columns: []string{"artist", "albums", "since"}, Rows: [][]string{
		{"The Copper Lanterns", "1", "2003-01-01"},
		{"Rosa Quill", "2.5", ""},
		{"http://example.org/music/unnamed", "keine", "_:b0"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Table() = %#v\nwant %#v", got, want)
	}
	yes, no := true, false
	for b, cell := range map[*bool]string{&yes: "yes", &no: "no"} {
		a := &Answer{Results: &sparql.Results{Boolean: b}}
		if got := a.Table(); !reflect.DeepEqual(got, Table{Columns: []string{AskColumn}, Rows: [][]string{{cell}}}) {
			t.Errorf("ASK %v: Table() = %#v", *b, got)
		}
	}
	// An answer with no rows has its columns and no row.
	empty := &Answer{Results: &sparql.Results{Vars: []string{"x"}}}
	if got := empty.Table(); !reflect.DeepEqual(got.Columns, []string{"x"}) || len(got.Rows) != 0 {
		t.Errorf("no rows: Table() = %#v", got)
	}
}

// TestAnswerAccessorsEmpty: every accessor is safe on a nil answer and on
// one without results or provenance.
func TestAnswerAccessorsEmpty(t *testing.T) {
	for name, a := range map[string]*Answer{"nil": nil, "zero": {}, "withheld": {NoAnswer: "abstained: too unsure"}} {
		if a.HasAnswer() || a.Query() != "" || a.Graph() != "" {
			t.Errorf("%s: HasAnswer=%v Query=%q Graph=%q", name, a.HasAnswer(), a.Query(), a.Graph())
		}
		if tb := a.Table(); len(tb.Columns) != 0 || len(tb.Rows) != 0 || tb.String() != "" {
			t.Errorf("%s: Table() = %#v", name, tb)
		}
		if s := a.String(); !strings.HasPrefix(s, "No answer") {
			t.Errorf("%s: String() = %q", name, s)
		}
		if a.Display(sparql.NewIRI("http://x/y")) != "http://x/y" || a.Display(nil) != "" {
			t.Errorf("%s: Display", name)
		}
	}
	if s := (&Answer{NoAnswer: "abstained: too unsure"}).String(); s != "No answer: abstained: too unsure\n" {
		t.Errorf("String() = %q", s)
	}
	a := artistsAnswer()
	if !a.HasAnswer() || a.Query() != "SELECT …" || a.Graph() != "music" {
		t.Errorf("HasAnswer=%v Query=%q Graph=%q", a.HasAnswer(), a.Query(), a.Graph())
	}
	// A dependency's query first, then the final subgoal's on two graphs:
	// the final subgoal's best graph.
	a.Provenance = []Provenance{{Subgoal: "s1", Graph: "football", Query: "q1"}, {Subgoal: "s2", Graph: "music", Query: "q2"}, {Subgoal: "s2", Graph: "films", Query: "q3"}}
	if a.Query() != "q2" || a.Graph() != "music" {
		t.Errorf("several subgoals: Query=%q Graph=%q", a.Query(), a.Graph())
	}
}

func TestTableString(t *testing.T) {
	got := artistsAnswer().String()
	want := "artist                            albums  since\n" +
		"--------------------------------  ------  ----------\n" +
		"The Copper Lanterns               1       2003-01-01\n" +
		"Rosa Quill                        2.5\n" +
		"http://example.org/music/unnamed  keine   _:b0\n"
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	// Ragged rows are padded, not indexed out of range.
	ragged := Table{Columns: []string{"a", "b"}, Rows: [][]string{{"x"}, {"y", "z", "extra"}}}
	if got := ragged.String(); got != "a  b\n-  -\nx\ny  z\n" {
		t.Errorf("ragged: %q", got)
	}
}

// TestAnswerJSONDisplay: JSON keeps the terms, the names and the table,
// and reads back to the same table.
func TestAnswerJSONDisplay(t *testing.T) {
	a := artistsAnswer()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{
		`"artist":{"type":"uri","value":"http://example.org/music/copper_lanterns"}`,
		`"names":{"http://example.org/music/copper_lanterns":"The Copper Lanterns"`,
		`"table":{"columns":["artist","albums","since"],"rows":[["The Copper Lanterns","1","2003-01-01"]`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("JSON lacks %s:\n%s", want, s)
		}
	}
	var back Answer
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Table(), a.Table()) || !reflect.DeepEqual(back.Names, a.Names) {
		t.Errorf("round trip: table %#v, names %v", back.Table(), back.Names)
	}
	b, err = json.Marshal(Answer{Question: "q", NoAnswer: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"table"`) {
		t.Errorf("no answer, yet a table: %s", b)
	}
}

func ExampleAnswer_Table() {
	ans := &Answer{
		Results: &sparql.Results{Vars: []string{"artist", "formed"}, Rows: []sparql.Row{
			{"artist": sparql.NewIRI("http://example.org/music/copper_lanterns"), "formed": sparql.NewTypedLiteral("2003", sparql.XSDInteger)},
			{"artist": sparql.NewIRI("http://example.org/music/rosa_quill"), "formed": sparql.NewTypedLiteral("2016", sparql.XSDInteger)},
		}},
		// Set by the pipeline from each IRI's label or naming attribute.
		Names: map[string]string{
			"http://example.org/music/copper_lanterns": "The Copper Lanterns",
			"http://example.org/music/rosa_quill":      "Rosa Quill",
		},
	}
	t := ans.Table()
	fmt.Println(t.Columns)
	for _, row := range t.Rows {
		fmt.Println(row)
	}
	fmt.Print(t)
	// Output:
	// [artist formed]
	// [The Copper Lanterns 2003]
	// [Rosa Quill 2016]
	// artist               formed
	// -------------------  ------
	// The Copper Lanterns  2003
	// Rosa Quill           2016
}
