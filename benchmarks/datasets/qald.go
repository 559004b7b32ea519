package datasets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// qaldFile is the part of a QALD JSON file the reader needs.
type qaldFile struct {
	Questions *[]qaldQuestion `json:"questions"`
}

type qaldQuestion struct {
	ID       json.RawMessage `json:"id"` // a string in QALD-9-plus, a number in QALD-10
	Question []struct {
		Language string `json:"language"`
		String   string `json:"string"`
	} `json:"question"`
	Query *struct {
		SPARQL *string `json:"sparql"`
	} `json:"query"`
	Answers []json.RawMessage `json:"answers"`
}

// ReadQALD reads a QALD JSON file (QALD-9-plus, QALD-10: an object whose
// "questions" array holds {id, question[{language,string}],
// query{sparql}, answers[]}) as the dataset called dataset. The id may be a
// JSON string or number; Answers keeps the gold SPARQL JSON results as they
// are. Errors name the question by position and id.
func ReadQALD(r io.Reader, dataset string) ([]Item, error) {
	var f qaldFile
	if err := decodeJSON(r, &f); err != nil {
		return nil, err
	}
	if f.Questions == nil {
		return nil, errors.New(`no "questions" array`)
	}
	items := make([]Item, 0, len(*f.Questions))
	for i, q := range *f.Questions {
		id, err := jsonID(q.ID)
		if err != nil {
			return nil, fmt.Errorf("questions[%d]: id: %w", i, err)
		}
		if q.Query == nil || q.Query.SPARQL == nil {
			return nil, fmt.Errorf("questions[%d] (id %s): no query.sparql", i, id)
		}
		query := *q.Query.SPARQL
		if strings.TrimSpace(query) == "" {
			return nil, fmt.Errorf("questions[%d] (id %s): empty query.sparql", i, id)
		}
		it := Item{Dataset: dataset, ID: id, Query: query, Answers: q.Answers}
		for _, qt := range q.Question {
			it.Questions = append(it.Questions, Question{Language: qt.Language, Text: qt.String})
		}
		items = append(items, it)
	}
	return items, nil
}

// LoadQALD reads the QALD JSON file at path; see ReadQALD.
func LoadQALD(path, dataset string) ([]Item, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	items, err := ReadQALD(f, dataset)
	if err != nil {
		return nil, fmt.Errorf("datasets: %s: %w", path, err)
	}
	return items, nil
}

// jsonID turns a JSON string or integer id into its text.
func jsonID(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", errors.New("missing")
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		if strings.TrimSpace(s) == "" {
			return "", errors.New("empty string")
		}
		return s, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return "", fmt.Errorf("want a string or a number, got %s", raw)
	}
	return n.String(), nil
}

// decodeJSON decodes one JSON document into v, turning offsets of syntax
// and type errors into line:column positions.
func decodeJSON(r io.Reader, v any) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("%s: invalid JSON: %w", offsetPos(data, se.Offset-1), err) // Offset is just past the bad byte
		case errors.As(err, &te):
			return fmt.Errorf("%s: field %q: %w", offsetPos(data, te.Offset), te.Field, err)
		}
		return fmt.Errorf("invalid JSON: %w", err)
	}
	return nil
}

// offsetPos formats a byte offset of data as "line L, column C".
func offsetPos(data []byte, off int64) string {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	before := data[:off]
	line := 1 + bytes.Count(before, []byte("\n"))
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}
