package datasets

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

type lcquadRecord struct {
	ID       json.RawMessage `json:"_id"`
	Question *string         `json:"corrected_question"`
	Query    *string         `json:"sparql_query"`
}

// ReadLCQuAD reads an LC-QuAD 1.0 file (a JSON array of {_id,
// corrected_question, sparql_query, …}) as the dataset called dataset. The
// id is _id; the question (English) is corrected_question. Errors name the
// record by position and id.
func ReadLCQuAD(r io.Reader, dataset string) ([]Item, error) {
	var recs []lcquadRecord
	if err := decodeJSON(r, &recs); err != nil {
		return nil, err
	}
	items := make([]Item, 0, len(recs))
	for i, rec := range recs {
		id, err := jsonID(rec.ID)
		if err != nil {
			return nil, fmt.Errorf("[%d]: _id: %w", i, err)
		}
		if rec.Query == nil || strings.TrimSpace(*rec.Query) == "" {
			return nil, fmt.Errorf("[%d] (_id %s): missing or empty sparql_query", i, id)
		}
		if rec.Question == nil {
			return nil, fmt.Errorf("[%d] (_id %s): missing corrected_question", i, id)
		}
		items = append(items, Item{
			Dataset:   dataset,
			ID:        id,
			Questions: []Question{{Language: "en", Text: strings.TrimSpace(*rec.Question)}},
			Query:     *rec.Query,
		})
	}
	return items, nil
}

// LoadLCQuAD reads the LC-QuAD 1.0 file at path; see ReadLCQuAD.
func LoadLCQuAD(path, dataset string) ([]Item, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	items, err := ReadLCQuAD(f, dataset)
	if err != nil {
		return nil, fmt.Errorf("datasets: %s: %w", path, err)
	}
	return items, nil
}
