package llm

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/philippgille/chromem-go"
)

func norm(v []float32) float64 {
	s := 0.0
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func cos(a, b []float32) float64 {
	s := 0.0
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestHashEmbedder(t *testing.T) {
	h := NewHashEmbedder(512)
	docs := []string{
		"singers and concerts: singer name, singer age, concert year, stadium capacity",
		"airlines and airports: airline name, airport city, flight number",
		"students and courses: student name, course title, credits",
	}
	h.Fit(docs)
	q := h.Embed("How old are the singers at the concert?")
	if n := norm(q); math.Abs(n-1) > 1e-5 {
		t.Errorf("norm %v", n)
	}
	var sims []float64
	for _, d := range docs {
		sims = append(sims, cos(q, h.Embed(d)))
	}
	if !(sims[0] > sims[1] && sims[0] > sims[2]) {
		t.Errorf("similarities %v: the singer document should be closest", sims)
	}
	if diff := cmp.Diff(h.Embed("a b c"), h.Embed("a b c")); diff != "" {
		t.Error("not deterministic")
	}
	if z := h.Embed("  ,;  "); norm(z) != 0 {
		t.Error("text without words should embed to zero")
	}
	if NewHashEmbedder(0).Dim() != DefaultDim {
		t.Error("default dim")
	}
}

func TestWordsAndPlurals(t *testing.T) {
	if diff := cmp.Diff([]string{"singer", "song", "release", "year", "country", "class", "status", "bus", "2014"},
		EmbedWords(":singer#song_release_years countries classes statuses buses 2014")); diff != "" {
		t.Errorf("EmbedWords (-want +got):\n%s", diff)
	}
}

// stubEmbedder is a langchaingo embedder returning fixed vectors.
type stubEmbedder struct {
	v   []float32
	err error
}

func (s stubEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range texts {
		out[i] = s.v
	}
	return out, s.err
}
func (s stubEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	return append([]float32(nil), s.v...), s.err
}

func TestFromLangchain(t *testing.T) {
	f := FromLangchain(stubEmbedder{v: []float32{3, 4}})
	v, err := f(context.Background(), "x")
	if err != nil || math.Abs(float64(v[0])-0.6) > 1e-6 || math.Abs(float64(v[1])-0.8) > 1e-6 {
		t.Errorf("got %v, %v", v, err)
	}
	if _, err := FromLangchain(stubEmbedder{err: errors.New("down")})(context.Background(), "x"); err == nil {
		t.Error("error not passed on")
	}
	if _, err := FromLangchain(stubEmbedder{})(context.Background(), "x"); err == nil {
		t.Error("empty vector accepted")
	}
	// Works as a chromem-go embedding function.
	h := NewHashEmbedder(256)
	col, err := chromem.NewDB().CreateCollection("t", nil, h.EmbeddingFunc())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := col.AddDocuments(ctx, []chromem.Document{{ID: "a", Content: "red apples"}, {ID: "b", Content: "blue cars"}}, 1); err != nil {
		t.Fatal(err)
	}
	res, err := col.Query(ctx, "apples", 2, nil, nil)
	if err != nil || res[0].ID != "a" {
		t.Errorf("query: %+v %v", res, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := h.EmbeddingFunc()(cctx, "x"); err == nil {
		t.Error("cancelled context accepted")
	}
}
