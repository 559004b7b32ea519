package kg

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/schemaforge/go-schemaforge/sparql"
	"github.com/schemaforge/go-schemaforge/store"
	"github.com/schemaforge/go-schemaforge/store/rdfio"
)

// rowsStore is a store of n triples <s_i> <p> "value i".
func rowsStore(t *testing.T, n int, opts ...store.Option) *store.Store {
	t.Helper()
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "<http://e/s%d> <http://e/p> \"value %d\" .\n", i, i)
	}
	st := store.New(opts...)
	if err := st.Load(context.Background(), strings.NewReader(b.String()), rdfio.NTriples, "", ""); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestHandlerStreamsSelect checks that a SELECT answer streamed row by row
// from the store is the document the whole result encodes to, in both
// formats, and that errors are an error status before the answer begins
// and an aborted transfer after.
func TestHandlerStreamsSelect(t *testing.T) {
	st := rowsStore(t, 3000)
	q := "SELECT ?s ?o { ?s <http://e/p> ?o }"
	whole, err := st.Query(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, accept := range []string{sparql.MediaTypeResultsJSON, sparql.MediaTypeResultsXML} {
		var want strings.Builder
		if accept == sparql.MediaTypeResultsXML {
			err = whole.WriteXML(&want)
		} else {
			err = whole.WriteJSON(&want)
		}
		if err != nil {
			t.Fatal(err)
		}
		w := serve(NewHandler(st), "GET", "/?query="+url.QueryEscape(q), "", accept, "")
		if w.Code != 200 || w.Body.String() != want.String() {
			t.Errorf("%s: status %d, body of %d bytes differs from the whole result's %d", accept, w.Code, w.Body.Len(), want.Len())
		}
	}

	// An error before 64 KiB of answer: an ordinary error answer.
	small := rowsStore(t, 300, store.WithMaxRows(100))
	w := serve(NewHandler(small), "GET", "/?query="+url.QueryEscape(q), "", "", "")
	if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), "cap") {
		t.Errorf("row cap before the answer began: %d %s", w.Code, w.Body)
	}
	// After it: the transfer is aborted, the client does not get a
	// well-formed answer.
	big := rowsStore(t, 3000, store.WithMaxRows(2000))
	srv := httptest.NewServer(NewHandler(big))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/?query=" + url.QueryEscape(q))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || err == nil || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("row cap after the answer began: status %d, %d bytes, read error %v; want 200 then an aborted transfer", resp.StatusCode, len(body), err)
	}
	if strings.HasSuffix(strings.TrimSpace(string(body)), "}") {
		t.Error("the aborted answer ends like a complete document")
	}
}
