package datasets

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// dataDir is the shared data folder seen from this package.
const dataDir = "../../../shared/data"

func needData(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(dataDir); err != nil {
		t.Skipf("data folder %s absent (it lives beside the repository as ../shared/data): %v", dataDir, err)
	}
}

func TestReaders(t *testing.T) {
	type reader func(io.Reader, string) ([]Item, error)
	tests := []struct {
		name    string
		read    reader
		in      string
		want    []Item
		wantErr string // substring of the error; "" means success
	}{
		{
			name: "spider ok, quoted fields and column order",
			read: ReadSpiderCSV,
			in:   "kg_name,index,question,query\nsinger,7,\"Name, please?\",select ?n where { ?s :singer\\#name ?n }\n",
			want: []Item{{Dataset: "d", ID: "7", KG: "singer",
				Questions: []Question{{"en", "Name, please?"}},
				Query:     SpiderPrefix + "select ?n where { ?s :singer\\#name ?n }"}},
		},
		{name: "spider missing column", read: ReadSpiderCSV, in: "index,kg_name,question\n1,a,b\n", wantErr: `missing column "query"`},
		{name: "spider short row", read: ReadSpiderCSV, in: "index,kg_name,question,query\n1,a,b\n", wantErr: "line 2"},
		{name: "spider empty query", read: ReadSpiderCSV, in: "index,kg_name,question,query\n1,a,b,c\n2,a,b, \n", wantErr: "line 3 (index 2): empty query"},
		{name: "spider empty file", read: ReadSpiderCSV, in: "", wantErr: "no header"},
		{
			name: "qald string and number ids",
			read: ReadQALD,
			in: `{"questions":[
 {"id":"99","question":[{"language":"en","string":"Q?"},{"language":"de","string":"F?"}],"query":{"sparql":"ASK {}"},"answers":[{"boolean":true}]},
 {"id":3,"question":[],"query":{"sparql":"SELECT * {}"}}]}`,
			want: []Item{
				{Dataset: "d", ID: "99", Questions: []Question{{"en", "Q?"}, {"de", "F?"}}, Query: "ASK {}",
					Answers: []json.RawMessage{json.RawMessage(`{"boolean":true}`)}},
				{Dataset: "d", ID: "3", Query: "SELECT * {}"},
			},
		},
		{name: "qald no questions", read: ReadQALD, in: `{"dataset":{}}`, wantErr: `no "questions" array`},
		{name: "qald missing sparql", read: ReadQALD, in: `{"questions":[{"id":1,"query":{}}]}`, wantErr: "questions[0] (id 1): no query.sparql"},
		{name: "qald bad id", read: ReadQALD, in: `{"questions":[{"id":[1],"query":{"sparql":"ASK{}"}}]}`, wantErr: "questions[0]: id"},
		{name: "qald syntax error position", read: ReadQALD, in: "{\"questions\":\n[}", wantErr: "line 2, column 2"},
		{name: "qald wrong type", read: ReadQALD, in: `{"questions":[{"id":1,"question":"text"}]}`, wantErr: `field "questions.question"`},
		{
			name: "lcquad ok",
			read: ReadLCQuAD,
			in:   `[{"_id":"1701","corrected_question":" Who? ","sparql_query":" SELECT ?uri WHERE { ?uri ?p ?o } ","sparql_template_id":16}]`,
			want: []Item{{Dataset: "d", ID: "1701", Questions: []Question{{"en", "Who?"}}, Query: " SELECT ?uri WHERE { ?uri ?p ?o } "}},
		},
		{name: "lcquad no query", read: ReadLCQuAD, in: `[{"_id":"1","corrected_question":"q"}]`, wantErr: "[0] (_id 1): missing or empty sparql_query"},
		{name: "lcquad no id", read: ReadLCQuAD, in: `[{"corrected_question":"q","sparql_query":"ASK{}"}]`, wantErr: "[0]: _id: missing"},
		{name: "lcquad not an array", read: ReadLCQuAD, in: `{"a":1}`, wantErr: "cannot unmarshal"},
		{
			name: "text2sparql ok, english first",
			read: ReadText2SPARQL,
			in:   "dataset:\n  id: x\nquestions:\n  - id: 4\n    question:\n      es: ¿Qué?\n      en: What?\n    query:\n      sparql: |\n        ASK {}\n",
			want: []Item{{Dataset: "d", ID: "4", Questions: []Question{{"en", "What?"}, {"es", "¿Qué?"}}, Query: "ASK {}\n"}},
		},
		{name: "text2sparql missing query", read: ReadText2SPARQL, in: "questions:\n  - id: 4\n    question: {en: q}\n", wantErr: "questions[0] (id 4, line 2): missing or empty query.sparql"},
		{name: "text2sparql bad yaml", read: ReadText2SPARQL, in: "questions: [\n", wantErr: "invalid YAML"},
		{name: "text2sparql no questions", read: ReadText2SPARQL, in: "dataset: {id: x}\n", wantErr: `no "questions" list`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.read(strings.NewReader(tc.in), "d")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("items differ (-want +got):\n%s", diff)
			}
		})
	}
}

func TestItemQuestion(t *testing.T) {
	it := Item{Questions: []Question{{"de", "Wer?"}, {"en", "Who?"}, {"en", "Who is it?"}}}
	for _, tc := range []struct{ lang, want string }{{"de", "Wer?"}, {"en", "Who?"}, {"fr", "Who?"}, {"", "Who?"}} {
		if got := it.Question(tc.lang); got != tc.want {
			t.Errorf("Question(%q) = %q, want %q", tc.lang, got, tc.want)
		}
	}
	if got := (Item{Questions: []Question{{"ru", "Кто?"}}}).Question("en"); got != "Кто?" {
		t.Errorf("fallback to first question: got %q", got)
	}
	if got := (Item{}).Question("en"); got != "" {
		t.Errorf("no question: got %q", got)
	}
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`[{"_id":"1"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadLCQuAD(bad, "x")
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("LoadLCQuAD error %v does not name %s", err, bad)
	}
	if _, err := Load(dir, "nope"); err == nil || !strings.Contains(err.Error(), `unknown dataset "nope"`) {
		t.Errorf("Load(unknown) error = %v", err)
	}
	if _, err := Corpus(filepath.Join(dir, "missing")); err == nil {
		t.Error("Corpus of a missing folder succeeded")
	}
	// A data folder without the dataset files names the first missing file.
	if _, err := Corpus(dir); err == nil || !strings.Contains(err.Error(), "dev-public.csv") {
		t.Errorf("Corpus(empty dir) error = %v, want it to name dev-public.csv", err)
	}
	// Duplicate ids are refused.
	dup := filepath.Join(dir, "lcquad1")
	if err := os.MkdirAll(dup, 0o755); err != nil {
		t.Fatal(err)
	}
	rec := `{"_id":"5","corrected_question":"q","sparql_query":"ASK {}"}`
	if err := os.WriteFile(filepath.Join(dup, "test-data.json"), []byte("["+rec+","+rec+"]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir, "lcquad1-test"); err == nil || !strings.Contains(err.Error(), `duplicate id "5"`) {
		t.Errorf("duplicate ids: error = %v", err)
	}
}

// TestCorpusMatchesVerdicts loads the real corpus and checks it against the
// reference verdict file: every item has a verdict under the same dataset
// name and id. The verdict file also covers 96 Spider train rows (baseball_1
// and soccer_1) that the published train.csv leaves out.
func TestCorpusMatchesVerdicts(t *testing.T) {
	needData(t)
	items, err := Corpus(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	wantCounts := map[string]int{
		"spider4sparql-dev": 577, "spider4sparql-train": 8563, "qald9plus": 150, "qald10": 394,
		"lcquad1-test": 1000, "lcquad1-train": 4000, "db25": 100,
	}
	counts := map[string]int{}
	for _, it := range items {
		counts[it.Dataset]++
		if strings.TrimSpace(it.Query) == "" || it.ID == "" {
			t.Errorf("%s/%s: empty id or query", it.Dataset, it.ID)
		}
		if it.Question("en") == "" {
			t.Errorf("%s/%s: no question text", it.Dataset, it.ID)
		}
	}
	if diff := cmp.Diff(wantCounts, counts); diff != "" {
		t.Errorf("items per dataset (-want +got):\n%s", diff)
	}
	if len(items) != 14784 {
		t.Errorf("corpus has %d items, want 14784", len(items))
	}

	f, err := os.Open(filepath.Join(dataDir, "conformance", "corpus-verdicts-oxigraph.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	verdicts := map[[2]string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v struct{ Dataset, ID string }
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		verdicts[[2]string{v.Dataset, v.ID}] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(verdicts) != 14880 {
		t.Errorf("verdict file has %d distinct ids, want 14880", len(verdicts))
	}
	for _, it := range items {
		if !verdicts[[2]string{it.Dataset, it.ID}] {
			t.Errorf("%s/%s has no reference verdict", it.Dataset, it.ID)
		}
		delete(verdicts, [2]string{it.Dataset, it.ID})
	}
	for k := range verdicts {
		if k[0] != "spider4sparql-train" {
			t.Errorf("verdict %s/%s matches no corpus item", k[0], k[1])
		}
	}
	if len(verdicts) != 96 {
		t.Errorf("%d verdicts match no corpus item, want the 96 left-out Spider train rows", len(verdicts))
	}

	// Spot checks of fields.
	byKey := map[string]Item{}
	for _, it := range items {
		byKey[it.Dataset+"/"+it.ID] = it
	}
	if it := byKey["spider4sparql-dev/0"]; !strings.HasPrefix(it.Query, SpiderPrefix+"select") || it.KG != "concert_singer" {
		t.Errorf("spider4sparql-dev/0 = %+v", it)
	}
	if it := byKey["qald10/0"]; len(it.Answers) == 0 || it.Question("de") == "" {
		t.Errorf("qald10/0 lacks answers or German question: %+v", it)
	}
	if it := byKey["db25/1"]; !strings.Contains(it.Query, "COUNT(?author)") || it.Question("es") == "" {
		t.Errorf("db25/1 = %+v", it)
	}
}
