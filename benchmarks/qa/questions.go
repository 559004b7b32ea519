package qa

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/schemaforge/go-schemaforge/benchmarks/datasets"
	"github.com/schemaforge/go-schemaforge/internal/conformance"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// Question is one benchmark question with what is known of its gold.
type Question struct {
	ID   string `json:"id"`
	Text string `json:"question"`
	// Graph is the ID of the graph that holds the answer, in the
	// collection the pipeline answers over ("" when unknown); allocation
	// Top-k needs it.
	Graph string `json:"graph,omitempty"`
	// Query is the gold SPARQL ("" when none); TF1 needs it.
	Query string `json:"query,omitempty"`
	// Answer is the gold answer (nil when unknown).
	Answer *sparql.Results `json:"-"`
	// Ties admits the other answers the gold query allows when it slices
	// an ordered answer whose rows tie at an edge of the slice (nil when
	// none; see [ResolveTies]).
	Ties *Ties `json:"-"`
	// Relevance judges gold values (TEXT2SPARQL qrels). When nil it is
	// derived from Answer ([Relevance]).
	Relevance map[string]int `json:"relevance,omitempty"`
	// Ordered says that the order of the gold answer matters: NDCG is
	// computed for such questions.
	Ordered bool `json:"ordered,omitempty"`
	// Operation labels the question for the per-operation EA; when empty
	// it is [GoldOperation] of Query ("unknown" without a query).
	Operation string `json:"operation,omitempty"`
}

// hasGold reports whether the question has a gold answer to score
// answers against.
func (q *Question) hasGold() bool { return q.Answer != nil || q.Relevance != nil }

// relevance returns the question's relevance judgements.
func (q *Question) relevance() map[string]int {
	if q.Relevance != nil {
		return q.Relevance
	}
	return Relevance(q.Answer, q.Ordered)
}

// Sample keeps every every-th question (the first, then every every-th
// after it): a deterministic sample for quick runs. every ≤ 1 keeps all.
func Sample(qs []Question, every int) []Question {
	if every <= 1 {
		return qs
	}
	var out []Question
	for i := 0; i < len(qs); i += every {
		out = append(out, qs[i])
	}
	return out
}

// InCollection keeps the questions whose gold graph is in coll, matched
// case-insensitively and rewritten to the collection's spelling, and
// returns how many were left out. Questions without a gold graph are kept.
func InCollection(qs []Question, coll *kg.Collection) ([]Question, int) {
	ids := map[string]string{}
	for _, g := range coll.Graphs() {
		ids[strings.ToLower(g.ID)] = g.ID
	}
	var out []Question
	for _, q := range qs {
		if q.Graph != "" {
			id, ok := ids[strings.ToLower(q.Graph)]
			if !ok {
				continue
			}
			q.Graph = id
		}
		out = append(out, q)
	}
	return out, len(qs) - len(out)
}

// LoadSpider reads Spider4SPARQL questions (a questions CSV: index,
// kg_name, question, query) and, when goldPath is not empty, their gold
// answers (a gold JSONL file as under gold/<split>.jsonl; questions whose
// gold query failed are left out). The gold graph is the question's
// kg_name.
func LoadSpider(csvPath, goldPath string) ([]Question, error) {
	items, err := datasets.LoadSpiderCSV(csvPath, "spider4sparql")
	if err != nil {
		return nil, err
	}
	var gold map[string]*conformance.SpiderGold
	if goldPath != "" {
		golds, err := conformance.ReadSpiderGold(goldPath)
		if err != nil {
			return nil, err
		}
		gold = map[string]*conformance.SpiderGold{}
		for i := range golds {
			gold[strconv.Itoa(golds[i].Index)] = &golds[i]
		}
	}
	qs := make([]Question, 0, len(items))
	for _, it := range items {
		q := Question{ID: it.ID, Text: it.Question("en"), Graph: it.KG, Query: it.Query}
		if gold != nil {
			g := gold[it.ID]
			if g == nil || g.Status != "ok" {
				continue
			}
			if q.Answer, err = g.Results(); err != nil {
				return nil, err
			}
			q.Ordered = g.Ordered
		}
		qs = append(qs, q)
	}
	return qs, nil
}

// t2sMeta is what LoadText2SPARQL reads besides datasets.ReadText2SPARQL:
// the dataset prefix of question names and the features of questions.
type t2sMeta struct {
	Dataset struct {
		Prefix string `yaml:"prefix"`
	} `yaml:"dataset"`
	Questions []struct {
		ID       string   `yaml:"id"`
		Features []string `yaml:"features"`
	} `yaml:"questions"`
}

// OrderMatters is the TEXT2SPARQL feature of questions whose answer order
// matters (scored with NDCG).
const OrderMatters = "RESULT_ORDER_MATTERS"

// LoadText2SPARQL reads a TEXT2SPARQL questions file (questions.yml) and,
// when goldPath is not empty, the gold result set the challenge's client
// writes (a JSON object mapping "<prefix>:<id>-<lang>" to {value:
// relevance}). Each question gives one Question per language of langs
// (default English only) that it has, named as the challenge names it.
func LoadText2SPARQL(questionsPath, goldPath string, langs []string) ([]Question, error) {
	items, err := datasets.LoadText2SPARQL(questionsPath, "text2sparql")
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(questionsPath)
	if err != nil {
		return nil, err
	}
	var meta t2sMeta
	if err := yaml.Unmarshal(data, &meta); err != nil {
		return nil, fmt.Errorf("%s: %w", questionsPath, err)
	}
	features := map[string][]string{}
	for _, q := range meta.Questions {
		features[q.ID] = q.Features
	}
	prefix := meta.Dataset.Prefix
	if prefix == "" {
		prefix = "q"
	}
	var gold map[string]map[string]int
	if goldPath != "" {
		data, err := os.ReadFile(goldPath)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &gold); err != nil {
			return nil, fmt.Errorf("%s: %w", goldPath, err)
		}
	}
	if len(langs) == 0 {
		langs = []string{"en"}
	}
	var qs []Question
	for _, it := range items {
		for _, lang := range langs {
			text := ""
			for _, t := range it.Questions {
				if t.Language == lang {
					text = t.Text
					break
				}
			}
			if text == "" {
				continue
			}
			q := Question{ID: fmt.Sprintf("%s:%s-%s", prefix, it.ID, lang), Text: text, Query: it.Query,
				Ordered: slices.Contains(features[it.ID], OrderMatters)}
			if gold != nil {
				rel, ok := gold[q.ID]
				if !ok {
					return nil, fmt.Errorf("%s: no gold result set for %s", goldPath, q.ID)
				}
				q.Relevance = map[string]int{}
				for v, g := range rel {
					q.Relevance[canonValue(v)] = g
				}
			}
			qs = append(qs, q)
		}
	}
	return qs, nil
}

// LoadQALD reads a QALD JSON file (QALD-9-plus, QALD-10) with its gold
// answers, in language lang (default English). Questions whose gold answer
// is ordered by the gold query (a top-level ORDER BY) are Ordered.
func LoadQALD(path, lang string) ([]Question, error) {
	items, err := datasets.LoadQALD(path, "qald")
	if err != nil {
		return nil, err
	}
	if lang == "" {
		lang = "en"
	}
	qs := make([]Question, 0, len(items))
	for _, it := range items {
		q := Question{ID: it.ID, Text: it.Question(lang), Query: it.Query, Ordered: ordered(it.Query)}
		if len(it.Answers) > 0 {
			res, err := sparql.ReadJSON(bytes.NewReader(it.Answers[0]))
			if err != nil {
				return nil, fmt.Errorf("%s: question %s: gold answer: %w", path, it.ID, err)
			}
			q.Answer = res
		}
		qs = append(qs, q)
	}
	return qs, nil
}

// LoadLCQuAD reads an LC-QuAD 1.0 JSON file. It has no gold answers:
// [ResolveGold] computes them by running the gold queries.
func LoadLCQuAD(path string) ([]Question, error) {
	items, err := datasets.LoadLCQuAD(path, "lcquad")
	if err != nil {
		return nil, err
	}
	qs := make([]Question, 0, len(items))
	for _, it := range items {
		qs = append(qs, Question{ID: it.ID, Text: it.Question("en"), Query: it.Query, Ordered: ordered(it.Query)})
	}
	return qs, nil
}

// ordered reports whether a query orders its answer at the top level.
func ordered(query string) bool {
	q, err := parseGold(query)
	return err == nil && len(q.OrderBy) > 0
}

// ResolveGold runs the gold query of each question that has one but no
// gold answer, on the question's graph in coll or, for a question without
// one, on the collection's only graph, and keeps the answer. Each query is
// bounded by timeout (none when 0). It returns how many gold queries
// failed (those questions keep no gold answer); it fails only when ctx
// ends.
func ResolveGold(ctx context.Context, qs []Question, coll *kg.Collection, timeout time.Duration) (failed int, err error) {
	for i := range qs {
		q := &qs[i]
		if q.hasGold() || q.Query == "" {
			continue
		}
		var g *kg.Graph
		if q.Graph != "" {
			g, _ = coll.Graph(q.Graph)
		} else if coll.Len() == 1 {
			g = coll.Graphs()[0]
		}
		if g == nil {
			failed++
			continue
		}
		qctx, cancel := bounded(ctx, timeout)
		res, err := g.Query(qctx, q.Query)
		cancel()
		if ctx.Err() != nil {
			return failed, ctx.Err()
		}
		if err != nil {
			failed++
			continue
		}
		q.Answer = res
	}
	return failed, nil
}

// bounded returns ctx bounded by timeout, or ctx itself when timeout is
// 0, with the function that releases it.
func bounded(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout > 0 {
		return context.WithTimeout(ctx, timeout)
	}
	return ctx, func() {}
}
