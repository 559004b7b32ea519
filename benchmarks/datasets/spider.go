package datasets

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// SpiderPrefix is the default-prefix declaration that Spider4SPARQL's gold
// queries assume but do not carry; the Spider reader prepends it.
const SpiderPrefix = "PREFIX : <http://valuenet/ontop/>\n"

// spiderColumns are the columns a Spider4SPARQL CSV must have.
var spiderColumns = []string{"index", "kg_name", "question", "query"}

// ReadSpiderCSV reads a Spider4SPARQL question file (CSV with the header
// index,kg_name,question,query, in any column order) as the dataset called
// dataset. The item id is the index column; the query gets [SpiderPrefix]
// prepended; the question is English. Errors name the line and column.
func ReadSpiderCSV(r io.Reader, dataset string) ([]Item, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 0 // every row as long as the header
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("empty file: no header")
	}
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	col := make(map[string]int, len(header))
	for i, h := range header {
		col[strings.TrimPrefix(strings.TrimSpace(h), "\ufeff")] = i
	}
	for _, want := range spiderColumns {
		if _, ok := col[want]; !ok {
			return nil, fmt.Errorf("header %q: missing column %q", strings.Join(header, ","), want)
		}
	}
	var items []Item
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err // *csv.ParseError names the line
		}
		line, _ := cr.FieldPos(0)
		field := func(name string) string { return strings.TrimSpace(rec[col[name]]) }
		id, query := field("index"), rec[col["query"]]
		if id == "" {
			return nil, fmt.Errorf("line %d: empty index", line)
		}
		if strings.TrimSpace(query) == "" {
			return nil, fmt.Errorf("line %d (index %s): empty query", line, id)
		}
		items = append(items, Item{
			Dataset:   dataset,
			ID:        id,
			Questions: []Question{{Language: "en", Text: field("question")}},
			Query:     SpiderPrefix + query,
			KG:        field("kg_name"),
		})
	}
	return items, nil
}

// LoadSpiderCSV reads the Spider4SPARQL CSV file at path; see ReadSpiderCSV.
func LoadSpiderCSV(path, dataset string) ([]Item, error) {
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	items, err := ReadSpiderCSV(f, dataset)
	if err != nil {
		return nil, fmt.Errorf("datasets: %s: %w", path, err)
	}
	return items, nil
}
