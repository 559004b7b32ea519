package sparql

import (
	"strings"
	"testing"
)

// TestRowWriterRefusesBadRows checks that a row the format cannot carry is
// refused whole and the writer goes on with the next.
func TestRowWriterRefusesBadRows(t *testing.T) {
	for _, mt := range []string{MediaTypeResultsJSON, MediaTypeResultsXML} {
		var b strings.Builder
		rw, err := NewRowWriter(&b, mt, []string{"x"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := rw.Row(Row{"x": NewLiteral("ok")}); err != nil {
			t.Fatal(err)
		}
		if err := rw.Row(Row{"y": NewLiteral("not in the head")}); err == nil {
			t.Errorf("%s: a row binding a variable not in the head was written", mt)
		}
		if err := rw.Row(Row{"x": NewLiteral("bad \xff")}); err == nil {
			t.Errorf("%s: invalid UTF-8 was written", mt)
		}
		if err := rw.Row(Row{"x": NewLiteral("after")}); err != nil {
			t.Errorf("%s: the writer stopped after a refused row: %v", mt, err)
		}
		if err := rw.Close(); err != nil {
			t.Fatal(err)
		}
		res, err := ReadResults(strings.NewReader(b.String()), mt)
		if err != nil {
			t.Fatalf("%s: the streamed document does not parse: %v\n%s", mt, err, b.String())
		}
		if rw.Rows() != 2 || len(res.Rows) != 2 || res.Rows[1]["x"].Key() != NewLiteral("after").Key() {
			t.Errorf("%s: %d rows written, %d parsed: %v", mt, rw.Rows(), len(res.Rows), res.Rows)
		}
	}
	if _, err := NewRowWriter(&strings.Builder{}, MediaTypeResultsJSON, []string{"x", "x"}, nil); err == nil {
		t.Error("a head with a repeated variable was written")
	}
}
