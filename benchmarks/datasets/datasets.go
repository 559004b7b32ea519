// Package datasets loads the real question/SPARQL corpora that the project
// measures itself on: Spider4SPARQL (CSV), QALD-9-plus and QALD-10 (QALD
// JSON), LC-QuAD 1.0 (JSON) and TEXT2SPARQL'25 DB25 (YAML).
//
// Every loader returns [Item] values: the dataset name, the item's id as the
// upstream file spells it, the question text in every language given, and
// the gold SPARQL query. The format readers (ReadSpiderCSV, ReadQALD,
// ReadLCQuAD, ReadText2SPARQL) work on any io.Reader; the Load functions open
// a file and name it in their errors; [Corpus] loads the seven datasets of
// the conformance corpus from the shared data folder.
//
// The data itself is not part of this module: it lives in a data folder
// (../shared/data beside a checkout), laid out as described in that folder's
// README.
package datasets

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Question is the text of a question in one language.
type Question struct {
	Language string `json:"language"` // BCP 47 tag as given upstream ("en", "de", …)
	Text     string `json:"text"`
}

// Item is one question of a dataset with its gold query.
type Item struct {
	// Dataset is the dataset name, such as "qald10" or "spider4sparql-dev".
	Dataset string `json:"dataset"`
	// ID identifies the item within its dataset, spelled as upstream does
	// (Spider's "index" column, QALD's and DB25's "id", LC-QuAD's "_id").
	ID string `json:"id"`
	// Questions holds the question in every language given, in file order
	// (for DB25, English first and then by language tag). Some datasets
	// list several paraphrases in one language.
	Questions []Question `json:"questions"`
	// Query is the gold SPARQL query, ready to run. For Spider4SPARQL the
	// default prefix the upstream queries assume ([SpiderPrefix]) is
	// prepended; other queries are as published.
	Query string `json:"query"`
	// KG names the knowledge graph the question targets when the dataset
	// has several (Spider4SPARQL's kg_name, upstream spelling); empty
	// otherwise.
	KG string `json:"kg,omitempty"`
	// Answers holds the gold answers when the file carries them (QALD:
	// SPARQL 1.1 Query Results JSON documents, undecoded).
	Answers []json.RawMessage `json:"answers,omitempty"`
}

// Question returns the text of the first question in language lang, else
// the first English one, else the first one; "" if there is none.
func (it Item) Question(lang string) string {
	for _, want := range []string{lang, "en"} {
		for _, q := range it.Questions {
			if q.Language == want {
				return q.Text
			}
		}
	}
	if len(it.Questions) > 0 {
		return it.Questions[0].Text
	}
	return ""
}

// Source describes one dataset of the corpus: its name, the file that holds
// it (relative to the data folder) and the format reader that loads it.
type Source struct {
	Name   string // dataset name used in Item.Dataset and in reports
	Path   string // file path relative to the data folder, slash-separated
	Format Format // file format
}

// Format is a dataset file format known to this package.
type Format string

// The formats [Load] can read.
const (
	FormatSpiderCSV   Format = "spider4sparql-csv" // index,kg_name,question,query
	FormatQALD        Format = "qald-json"         // QALD JSON (questions[].question/query/answers)
	FormatLCQuAD      Format = "lcquad1-json"      // LC-QuAD 1.0 JSON array
	FormatText2SPARQL Format = "text2sparql-yaml"  // TEXT2SPARQL questions.yml
)

// sources lists the corpus in a fixed order.
var sources = []Source{
	{Name: "spider4sparql-dev", Path: "spider4sparql/questions/dev-public.csv", Format: FormatSpiderCSV},
	{Name: "spider4sparql-train", Path: "spider4sparql/questions/train.csv", Format: FormatSpiderCSV},
	{Name: "qald9plus", Path: "qald9plus/qald_9_plus_test_dbpedia.json", Format: FormatQALD},
	{Name: "qald10", Path: "qald10/qald_10.json", Format: FormatQALD},
	{Name: "lcquad1-test", Path: "lcquad1/test-data.json", Format: FormatLCQuAD},
	{Name: "lcquad1-train", Path: "lcquad1/train-data.json", Format: FormatLCQuAD},
	{Name: "db25", Path: "text2sparql-db25/questions_db25.yaml", Format: FormatText2SPARQL},
}

// Sources returns the seven datasets of the conformance corpus, in the
// order [Corpus] loads them.
func Sources() []Source {
	out := make([]Source, len(sources))
	copy(out, sources)
	return out
}

// Names returns the dataset names of [Sources], in order.
func Names() []string {
	out := make([]string, len(sources))
	for i, s := range sources {
		out[i] = s.Name
	}
	return out
}

// Load loads the dataset called name from dataDir.
func Load(dataDir, name string) ([]Item, error) {
	for _, s := range sources {
		if s.Name == name {
			return LoadSource(dataDir, s)
		}
	}
	return nil, fmt.Errorf("datasets: unknown dataset %q (known: %v)", name, Names())
}

// LoadSource loads the file of s from dataDir with the reader of s.Format
// and checks that ids are unique within the dataset.
func LoadSource(dataDir string, s Source) ([]Item, error) {
	path := filepath.Join(dataDir, filepath.FromSlash(s.Path))
	var (
		items []Item
		err   error
	)
	switch s.Format {
	case FormatSpiderCSV:
		items, err = LoadSpiderCSV(path, s.Name)
	case FormatQALD:
		items, err = LoadQALD(path, s.Name)
	case FormatLCQuAD:
		items, err = LoadLCQuAD(path, s.Name)
	case FormatText2SPARQL:
		items, err = LoadText2SPARQL(path, s.Name)
	default:
		return nil, fmt.Errorf("datasets: %s: unknown format %q", s.Name, s.Format)
	}
	if err != nil {
		return nil, err
	}
	seen := make(map[string]bool, len(items))
	for _, it := range items {
		if seen[it.ID] {
			return nil, fmt.Errorf("datasets: %s: duplicate id %q", path, it.ID)
		}
		seen[it.ID] = true
	}
	return items, nil
}

// Corpus loads the seven datasets of [Sources] from dataDir (the shared
// data folder, usually ../shared/data) and returns their items in order:
// dataset by dataset, each in file order.
func Corpus(dataDir string) ([]Item, error) {
	if st, err := os.Stat(dataDir); err != nil {
		return nil, fmt.Errorf("datasets: data folder: %w", err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("datasets: data folder %s is not a directory", dataDir)
	}
	var all []Item
	for _, s := range sources {
		items, err := LoadSource(dataDir, s)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
	}
	return all, nil
}

// openFile opens path for a Load function, or says which dataset file is
// missing.
func openFile(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("datasets: %w", err)
	}
	return f, nil
}

// sortQuestions orders questions English first, then by language tag,
// keeping the file order among equal tags.
func sortQuestions(qs []Question) {
	sort.SliceStable(qs, func(i, j int) bool {
		a, b := qs[i].Language, qs[j].Language
		if (a == "en") != (b == "en") {
			return a == "en"
		}
		return a < b
	})
}
