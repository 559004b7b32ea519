package llm

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"sync"
	"unicode"

	"github.com/philippgille/chromem-go"
	"github.com/tmc/langchaingo/embeddings"

	"github.com/schemaforge/go-schemaforge/lexicon"
)

// DefaultDim is the default dimension of a [HashEmbedder].
const DefaultDim = 4096

// HashEmbedder is a deterministic, offline embedder: hashed word
// unigrams, word bigrams and character trigrams of words, weighted by
// (1 + log tf) × idf (idf fitted on a corpus with Fit; 1 before that),
// L2-normalised. Words are split at non-alphanumeric characters and case
// changes, lower-cased, and plural endings are folded ("countries" →
// "country"). Safe for concurrent use once fitted.
type HashEmbedder struct {
	dim int
	mu  sync.RWMutex
	idf []float32 // per bucket; nil before Fit
}

// NewHashEmbedder returns an embedder of dimension dim (DefaultDim when
// dim <= 0).
func NewHashEmbedder(dim int) *HashEmbedder {
	if dim <= 0 {
		dim = DefaultDim
	}
	return &HashEmbedder{dim: dim}
}

// Dim returns the embedding dimension.
func (h *HashEmbedder) Dim() int { return h.dim }

// Fit sets the idf weights from docs: log((1+N)/(1+df)) + 1 per bucket.
func (h *HashEmbedder) Fit(docs []string) {
	df := make([]int, h.dim)
	for _, d := range docs {
		seen := map[int]bool{}
		for _, f := range h.features(d) {
			if !seen[f.bucket] {
				seen[f.bucket] = true
				df[f.bucket]++
			}
		}
	}
	idf := make([]float32, h.dim)
	n := float64(len(docs))
	for i, c := range df {
		idf[i] = float32(math.Log((1+n)/(1+float64(c))) + 1)
	}
	h.mu.Lock()
	h.idf = idf
	h.mu.Unlock()
}

// feature is a hashed feature: its bucket, sign and weight class.
type feature struct {
	bucket int
	sign   float32
	weight float32
}

// features returns the hashed features of text.
func (h *HashEmbedder) features(text string) []feature {
	words := EmbedWords(text)
	var out []feature
	add := func(kind byte, s string, w float32) {
		f := fnv.New64a()
		f.Write([]byte{kind})
		f.Write([]byte(s))
		v := f.Sum64()
		sign := float32(1)
		if v>>63 == 1 {
			sign = -1
		}
		out = append(out, feature{bucket: int(v % uint64(h.dim)), sign: sign, weight: w})
	}
	for i, w := range words {
		add('w', w, 1)
		if i > 0 {
			add('b', words[i-1]+" "+w, 0.5)
		}
		r := []rune("<" + w + ">")
		for j := 0; j+3 <= len(r); j++ {
			add('c', string(r[j:j+3]), 0.25)
		}
	}
	return out
}

// Embed returns the L2-normalised embedding of text (all zeros for text
// without words).
func (h *HashEmbedder) Embed(text string) []float32 {
	tf := map[int]float32{}
	sign := map[int]float32{}
	for _, f := range h.features(text) {
		tf[f.bucket] += f.weight
		sign[f.bucket] = f.sign
	}
	h.mu.RLock()
	idf := h.idf
	h.mu.RUnlock()
	v := make([]float32, h.dim)
	for b, t := range tf {
		w := float32(1 + math.Log(float64(t)+1e-9))
		if t < 1 {
			w = t
		}
		if idf != nil {
			w *= idf[b]
		}
		v[b] = sign[b] * w
	}
	return Normalize(v)
}

// EmbeddingFunc returns the embedder as a chromem-go EmbeddingFunc.
func (h *HashEmbedder) EmbeddingFunc() chromem.EmbeddingFunc {
	return func(ctx context.Context, text string) ([]float32, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return h.Embed(text), nil
	}
}

// FromLangchain adapts a langchaingo embedder (OpenAI-compatible server,
// Ollama…) to a chromem-go EmbeddingFunc whose vectors are L2-normalised
// (chromem-go does not normalise them itself).
func FromLangchain(e embeddings.Embedder) chromem.EmbeddingFunc {
	return func(ctx context.Context, text string) ([]float32, error) {
		v, err := e.EmbedQuery(ctx, text)
		if err != nil {
			return nil, fmt.Errorf("llm: embed: %w", err)
		}
		if len(v) == 0 {
			return nil, errors.New("llm: embed: the embedder returned an empty vector")
		}
		return Normalize(v), nil
	}
}

// Normalize scales v to unit L2 norm in place and returns it; a zero
// vector is returned unchanged.
func Normalize(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return v
	}
	n := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= n
	}
	return v
}

// EmbedWords splits text into the lower-cased, plural-folded words the
// HashEmbedder hashes: at non-alphanumeric characters, lower→upper case
// changes and letter/digit boundaries.
func EmbedWords(text string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, lexicon.Fold(strings.ToLower(string(cur))))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range text {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case len(cur) > 0 && (unicode.IsUpper(r) && unicode.IsLower(prev) || unicode.IsDigit(r) != unicode.IsDigit(prev)):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return words
}
