package handoff

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// resultsJSON writes r in the SPARQL 1.1 Query Results JSON format; nil
// for nil results.
func resultsJSON(r *sparql.Results) (json.RawMessage, error) {
	if r == nil {
		return nil, nil
	}
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		return nil, err
	}
	return json.RawMessage(b.Bytes()), nil
}

// readResultsJSON reads results written by resultsJSON; nil for an absent
// or null member.
func readResultsJSON(raw json.RawMessage) (*sparql.Results, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	return sparql.ReadJSON(bytes.NewReader(raw))
}

// MarshalJSON encodes the answer with its Results under "results", in the
// SPARQL 1.1 Query Results JSON format, and their readable form
// ([Answer.Table]) under "table" (both absent when Results is nil). The
// terms stay in "results" and the names looked up in "names".
func (a Answer) MarshalJSON() ([]byte, error) {
	type plain Answer
	res, err := resultsJSON(a.Results)
	if err != nil {
		return nil, fmt.Errorf("encoding the answer: %w", err)
	}
	var table *Table
	if a.Results != nil {
		t := a.Table()
		table = &t
	}
	return json.Marshal(struct {
		plain
		Results json.RawMessage `json:"results,omitempty"`
		Table   *Table          `json:"table,omitempty"`
	}{plain(a), res, table})
}

// UnmarshalJSON decodes what [Answer.MarshalJSON] encodes. The "table"
// member is not read: [Answer.Table] computes it again from the results
// and names.
func (a *Answer) UnmarshalJSON(data []byte) error {
	type plain Answer
	var v struct {
		plain
		Results json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	res, err := readResultsJSON(v.Results)
	if err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	*a = Answer(v.plain)
	a.Results = res
	return nil
}

// MarshalJSON encodes the record with its Results under "results", in
// the SPARQL 1.1 Query Results JSON format. The member is absent when
// Results is nil or has no such form (a CONSTRUCT or DESCRIBE graph, or
// results that fail [sparql.Results.Validate]): a record is evidence, and
// one odd result should not keep the rest from being written.
func (r Record) MarshalJSON() ([]byte, error) {
	type plain Record
	res, err := resultsJSON(r.Results)
	if err != nil {
		res = nil
	}
	return json.Marshal(struct {
		plain
		Results json.RawMessage `json:"results,omitempty"`
	}{plain(r), res})
}

// UnmarshalJSON decodes what [Record.MarshalJSON] encodes.
func (r *Record) UnmarshalJSON(data []byte) error {
	type plain Record
	var v struct {
		plain
		Results json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	res, err := readResultsJSON(v.Results)
	if err != nil {
		return fmt.Errorf("decoding the record of %s on %s: %w", v.Candidate.Subgoal, v.Candidate.Graph, err)
	}
	*r = Record(v.plain)
	r.Results = res
	return nil
}
