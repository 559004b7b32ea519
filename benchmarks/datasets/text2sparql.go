package datasets

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"
)

type t2sFile struct {
	Questions *[]t2sQuestion `yaml:"questions"`
}

type t2sQuestion struct {
	ID       yaml.Node         `yaml:"id"` // an integer in DB25; any scalar accepted
	Question map[string]string `yaml:"question"`
	Query    *struct {
		SPARQL *string `yaml:"sparql"`
	} `yaml:"query"`
}

// ReadText2SPARQL reads a TEXT2SPARQL questions file (YAML: dataset{…},
// questions[]{id, question{en,es,…}, query{sparql}}) such as DB25's
// questions_db25.yaml, as the dataset called dataset. Questions are
// ordered English first, then by language tag. Errors name the question by
// position, id and YAML line.
func ReadText2SPARQL(r io.Reader, dataset string) ([]Item, error) {
	var f t2sFile
	dec := yaml.NewDecoder(r)
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("empty YAML document")
		}
		return nil, fmt.Errorf("invalid YAML: %w", err)
	}
	if f.Questions == nil {
		return nil, errors.New(`no "questions" list`)
	}
	items := make([]Item, 0, len(*f.Questions))
	for i, q := range *f.Questions {
		if q.ID.Kind != yaml.ScalarNode || strings.TrimSpace(q.ID.Value) == "" {
			return nil, fmt.Errorf("questions[%d]: missing or non-scalar id", i)
		}
		id := q.ID.Value
		if q.Query == nil || q.Query.SPARQL == nil || strings.TrimSpace(*q.Query.SPARQL) == "" {
			return nil, fmt.Errorf("questions[%d] (id %s, line %d): missing or empty query.sparql", i, id, q.ID.Line)
		}
		it := Item{Dataset: dataset, ID: id, Query: *q.Query.SPARQL}
		for lang, text := range q.Question {
			it.Questions = append(it.Questions, Question{Language: lang, Text: strings.TrimSpace(text)})
		}
		sortQuestions(it.Questions)
		items = append(items, it)
	}
	return items, nil
}

// LoadText2SPARQL reads the TEXT2SPARQL questions file at path; see
// ReadText2SPARQL.
func LoadText2SPARQL(path, dataset string) ([]Item, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	items, err := ReadText2SPARQL(f, dataset)
	if err != nil {
		return nil, fmt.Errorf("datasets: %s: %w", path, err)
	}
	return items, nil
}
