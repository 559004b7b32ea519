package synthesizer

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/llm"
)

// LLMMode says how [LLM] uses its model.
type LLMMode string

// The modes of [LLM].
const (
	// ModeChoose asks the model to choose among the grounded candidates
	// of the rule-based synthesizer (or to write a better query under
	// the same slice); the choice moves to the front.
	ModeChoose LLMMode = "choose"
	// ModeGenerate asks the model to write the query itself from the
	// slice, with no skeleton: the "w/o skeletons" ablation.
	ModeGenerate LLMMode = "generate"
)

// DefaultRetryBudget is B, the number of regenerations after an
// inadmissible query.
const DefaultRetryBudget = 2

// LLM is the synthesizer that uses a chat model. Every query the model
// writes goes through [Admit]; an inadmissible one is sent back with the
// failed checks, up to the retry budget B. When the model fails (a
// request error, no usable answer), the rule-based candidates are
// returned unchanged (ModeChoose) or none (ModeGenerate), and the
// candidates' Repairs say why.
type LLM struct {
	model  *llm.Model
	mode   LLMMode
	budget int
	rules  *Synthesizer
}

// NewLLM returns a synthesizer that uses m in the given mode; budget is B
// (negative: DefaultRetryBudget); rules makes the grounded candidates
// (nil: New(Config{})).
func NewLLM(m *llm.Model, mode LLMMode, budget int, rules *Synthesizer) *LLM {
	if budget < 0 {
		budget = DefaultRetryBudget
	}
	if rules == nil {
		rules = New(Config{})
	}
	return &LLM{model: m, mode: mode, budget: budget, rules: rules}
}

const systemPrompt = `You write SPARQL 1.1 SELECT or ASK queries over one RDF graph.
Use only the classes and properties of the schema slice you are given, with its prefixes.
Use literal values exactly as the slice's values show them.
Answer with JSON only: {"query": "<the SPARQL query>"} or, when choosing among numbered candidates, {"choice": <number>}.`

// Synthesize returns ranked candidates for sg.
func (l *LLM) Synthesize(ctx context.Context, sg *handoff.Subgoal, slice *handoff.Slice, g *kg.Graph, deps map[string][]handoff.Record) ([]handoff.Candidate, error) {
	var grounded []handoff.Candidate
	if l.mode != ModeGenerate {
		var err error
		grounded, err = l.rules.Synthesize(ctx, sg, slice, g, deps)
		if err != nil {
			return nil, err
		}
	}
	if l.model == nil {
		return grounded, nil
	}
	var user strings.Builder
	fmt.Fprintf(&user, "Question: %s\n\nSchema slice:\n%s\n", sg.Text, slice.Text())
	if len(grounded) > 0 {
		user.WriteString("\nCandidates:\n")
		for i, c := range grounded {
			fmt.Fprintf(&user, "%d.\n%s\n", i+1, c.Query)
		}
		user.WriteString("\nChoose the candidate that answers the question, or write a better query.\n")
	} else {
		user.WriteString("\nWrite the query.\n")
	}
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: systemPrompt}, {Role: llm.RoleUser, Content: user.String()}}
	var why []string
	for attempt := 1; attempt <= l.budget+1; attempt++ {
		reply, err := l.model.Chat(ctx, msgs)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("synthesizer: subgoal %s: %w", sg.ID, ctx.Err())
			}
			why = append(why, fmt.Sprintf("attempt %d: %v", attempt, err))
			break
		}
		choice, query, perr := parseReply(reply.Content)
		switch {
		case perr != nil:
			why = append(why, fmt.Sprintf("attempt %d: %v", attempt, perr))
			msgs = append(msgs, llm.Message{Role: llm.RoleAssistant, Content: reply.Content},
				llm.Message{Role: llm.RoleUser, Content: "That answer is not usable: " + perr.Error() + ". Answer with the JSON object only."})
			continue
		case choice > 0:
			if choice > len(grounded) {
				why = append(why, fmt.Sprintf("attempt %d: choice %d out of range", attempt, choice))
				msgs = append(msgs, llm.Message{Role: llm.RoleAssistant, Content: reply.Content},
					llm.Message{Role: llm.RoleUser, Content: fmt.Sprintf("There is no candidate %d; choose 1 to %d.", choice, len(grounded))})
				continue
			}
			out := slices.Clone(grounded)
			c := out[choice-1]
			c.Attempts = attempt
			c.ChosenBy = l.model.Name()
			out = slices.Delete(out, choice-1, choice)
			out = slices.Insert(out, 0, c)
			return rerank(out), nil
		}
		adm := Admit(query, slice)
		if !adm.Admissible() {
			var failed []string
			for _, ch := range adm.Checks {
				if !ch.Passed {
					failed = append(failed, ch.Name+": "+ch.Detail)
				}
			}
			why = append(why, fmt.Sprintf("attempt %d: inadmissible (%s)", attempt, strings.Join(failed, "; ")))
			msgs = append(msgs, llm.Message{Role: llm.RoleAssistant, Content: reply.Content},
				llm.Message{Role: llm.RoleUser, Content: "The query fails these checks: " + strings.Join(failed, "; ") + ". Write it again."})
			continue
		}
		c := handoff.Candidate{Subgoal: sg.ID, Graph: slice.Graph, Query: adm.Text, Skeleton: "llm:" + l.model.Name(),
			Checks: adm.Checks, Repairs: adm.Repairs, Attempts: attempt}
		if len(grounded) > 0 {
			c.Score = grounded[0].Score + 1
		}
		return rerank(append([]handoff.Candidate{c}, grounded...)), nil
	}
	// The model did not deliver: keep the grounded candidates, saying why.
	for i := range grounded {
		grounded[i].Repairs = append(slices.Clone(grounded[i].Repairs), "model gave no usable answer: "+strings.Join(why, "; "))
	}
	if len(grounded) == 0 && len(why) > 0 {
		return nil, fmt.Errorf("synthesizer: subgoal %s: %s gave no admissible query: %s", sg.ID, l.model.Name(), strings.Join(why, "; "))
	}
	return grounded, nil
}

func rerank(cs []handoff.Candidate) []handoff.Candidate {
	for i := range cs {
		cs[i].Rank = i + 1
	}
	return cs
}

var fence = regexp.MustCompile("(?s)```(?:sparql)?\\s*(.*?)```")

// parseReply reads {"choice": n} or {"query": "…"} (or a bare query in a
// code fence, which models often send).
func parseReply(s string) (int, string, error) {
	jsonErr := fmt.Errorf("no JSON object and no query in the answer")
	if js, err := llm.ExtractJSON(s); err == nil {
		var r struct {
			Choice int    `json:"choice"`
			Query  string `json:"query"`
		}
		switch err := json.Unmarshal([]byte(js), &r); {
		case err != nil:
			jsonErr = fmt.Errorf("the JSON object does not have the expected fields: %v", err)
		case r.Choice > 0:
			return r.Choice, "", nil
		case strings.TrimSpace(r.Query) != "":
			return 0, r.Query, nil
		default:
			jsonErr = fmt.Errorf(`the JSON object has neither "choice" nor "query"`)
		}
	}
	if m := fence.FindStringSubmatch(s); m != nil && strings.TrimSpace(m[1]) != "" && !strings.HasPrefix(strings.TrimSpace(m[1]), "{") {
		return 0, m[1], nil
	}
	return 0, "", jsonErr
}
