package decomposer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/llm"
)

// LLMSourcePrefix starts the Source of a decomposition made by [LLM]:
// "llm:" followed by the model's name.
const LLMSourcePrefix = "llm:"

// DefaultRetries is how many times [LLM] asks again, after its first
// attempt, when the model's answer does not parse or validate.
const DefaultRetries = 2

// LLMOption configures [NewLLM].
type LLMOption func(*LLM)

// WithRetries sets how many times the model is asked again after an
// unusable answer (default [DefaultRetries]; n < 0 means 0): the model
// sees its answer and the exact error each time.
func WithRetries(n int) LLMOption {
	return func(l *LLM) { l.retries = max(n, 0) }
}

// WithFallback sets the decomposer used when the model does not deliver
// (default NewRules()). With nil, Decompose returns the error instead.
func WithFallback(d handoff.Decomposer) LLMOption {
	return func(l *LLM) { l.fallback = d }
}

// WithLogger sets where attempts, rejected answers and fall-backs are
// logged (default: nowhere).
func WithLogger(lg *slog.Logger) LLMOption {
	return func(l *LLM) {
		if lg != nil {
			l.log = lg
		}
	}
}

// LLM is the decomposer that asks a chat model. It sends a system prompt
// that describes the JSON form of a decomposition with a worked example,
// and the question; it takes the first JSON object of the reply
// ([llm.ExtractJSON]), decodes it (unknown fields are ignored, a value
// of the wrong type is an error), normalises it, and validates it. An
// answer that fails is sent back with the exact error, up to the retry
// budget. When every attempt fails, or a request fails (HTTP error,
// timeout of the model's own call), it returns the fallback's
// decomposition, whose Source stays the fallback's and whose Notes say
// that the LLM failed, why, and after how many attempts.
//
// Normalisation: operations, shapes, aggregates, filter ops and value
// kinds, and requirement terms are trimmed and lower-cased, empty terms
// and repeated ones dropped; a single subgoal without text gets the
// question. Mentions get their Start and End from the question: the text
// is looked up (exact, then ignoring case, preferring whole words); a
// mention not found is dropped, with a note, and one without a kind gets
// "number" or "name". Checks beyond [handoff.Decomposition.Validate]: a
// subgoal has a text, a mention kind is one of quoted, name, number,
// date, keyword (or value), and a filter whose ValueKind is
// [SubgoalValue] names a subgoal of DependsOn.
//
// A cancelled or expired caller context is returned as an error (wrapping
// the context's error), not replaced by the fallback: the caller asked to
// stop. The Notes of every decomposition it returns report the model
// calls and their tokens. An LLM is safe for concurrent use.
type LLM struct {
	model    *llm.Model
	retries  int
	fallback handoff.Decomposer
	log      *slog.Logger
}

var _ handoff.Decomposer = (*LLM)(nil)

// NewLLM returns a decomposer that asks m. With a nil m it always uses
// the fallback, saying so in Notes.
func NewLLM(m *llm.Model, opts ...LLMOption) *LLM {
	l := &LLM{model: m, retries: DefaultRetries, fallback: NewRules(), log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(l)
	}
	return l
}

// Decompose asks the model to decompose question; see [LLM].
func (l *LLM) Decompose(ctx context.Context, question string) (*handoff.Decomposition, error) {
	if strings.TrimSpace(question) == "" {
		return nil, errors.New("decomposer: empty question")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("decomposer: %w", err)
	}
	if l.model == nil {
		return l.fall(ctx, question, errors.New("no language model is configured"), nil)
	}
	name := LLMSourcePrefix + l.model.Name()
	msgs := []llm.Message{
		{Role: llm.RoleSystem, Content: SystemPrompt()},
		{Role: llm.RoleUser, Content: llmUserPrompt(question)},
	}
	var cost llmCallCost
	var rejected []string
	budget := 1 + l.retries
	for attempt := 1; attempt <= budget; attempt++ {
		reply, err := l.model.Chat(ctx, msgs)
		cost.add(reply, err)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("decomposer: %s: %w", name, err)
			}
			l.log.Warn("llm decomposer: request failed", "model", l.model.Name(), "attempt", attempt, "err", err)
			why := fmt.Errorf("request %d of %d failed: %w", attempt, budget, err)
			if len(rejected) > 0 {
				why = fmt.Errorf("%w; earlier answers were rejected: %s", why, strings.Join(rejected, "; "))
			}
			return l.fall(ctx, question, why, &cost)
		}
		d, notes, err := llmParseDecomposition(question, reply.Content)
		if err == nil {
			d.Source = name
			if attempt > 1 {
				d.Notes = append(d.Notes, fmt.Sprintf("%s: valid on attempt %d of %d; rejected before: %s",
					name, attempt, budget, strings.Join(rejected, "; ")))
			}
			for _, n := range notes {
				d.Notes = append(d.Notes, name+": "+n)
			}
			d.Notes = append(d.Notes, name+": "+cost.String())
			l.log.Debug("llm decomposer: decomposed", "model", l.model.Name(), "attempts", attempt,
				"subgoals", len(d.Subgoals), "inputTokens", cost.in, "outputTokens", cost.out)
			return d, nil
		}
		l.log.Info("llm decomposer: answer rejected", "model", l.model.Name(), "attempt", attempt, "err", err)
		rejected = append(rejected, fmt.Sprintf("attempt %d: %s", attempt, llmOneLine(err.Error(), 300)))
		msgs = append(msgs,
			llm.Message{Role: llm.RoleAssistant, Content: reply.Content},
			llm.Message{Role: llm.RoleUser, Content: llmFeedbackPrompt(err)})
	}
	return l.fall(ctx, question, fmt.Errorf("no valid answer in %d attempt(s): %s", budget, strings.Join(rejected, "; ")), &cost)
}

// fall returns the fallback's decomposition with a note saying why, or
// why (wrapped) when there is no fallback.
func (l *LLM) fall(ctx context.Context, question string, why error, cost *llmCallCost) (*handoff.Decomposition, error) {
	name := "llm"
	if l.model != nil {
		name = LLMSourcePrefix + l.model.Name()
	}
	if l.fallback == nil {
		return nil, fmt.Errorf("decomposer: %s failed: %w", name, why)
	}
	l.log.Warn("llm decomposer: falling back", "model", name, "why", why)
	d, err := l.fallback.Decompose(ctx, question)
	if err != nil {
		return nil, fmt.Errorf("decomposer: %s failed (%s), and so did the fallback: %w", name, why, err)
	}
	notes := []string{fmt.Sprintf("%s failed, decomposed by %s instead: %s", name, d.Source, llmOneLine(why.Error(), 1000))}
	if cost != nil {
		notes = append(notes, name+": "+cost.String())
	}
	d.Notes = append(notes, d.Notes...)
	return d, nil
}

// llmCallCost sums the model calls of one decomposition.
type llmCallCost struct {
	calls, failed, in, out int
	millis                 int64
	estimated              bool
}

func (c *llmCallCost) add(r llm.Reply, err error) {
	c.millis += r.Millis
	if err != nil {
		c.failed++
		return
	}
	c.calls++
	c.in += r.InputTokens
	c.out += r.OutputTokens
	c.estimated = c.estimated || r.Estimated
}

// String writes the cost for a decomposition note.
func (c *llmCallCost) String() string {
	s := fmt.Sprintf("%d call(s), %d input + %d output tokens", c.calls, c.in, c.out)
	if c.estimated {
		s += " (partly estimated)"
	}
	if c.failed > 0 {
		s += fmt.Sprintf(", %d failed request(s)", c.failed)
	}
	return s + fmt.Sprintf(", %d ms", c.millis)
}

// llmOneLine joins the lines of s with "; " and cuts it to n bytes.
func llmOneLine(s string, n int) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// ---------------------------------------------------------------------
// Prompts

// llmOpMeaning says what each operation means, for the prompt.
var llmOpMeaning = map[handoff.Operation]string{
	handoff.OpLookup:     "retrieve entities or attribute values",
	handoff.OpFilter:     "restrict by a condition (comparison, equality, containment)",
	handoff.OpCompare:    "compare two values or entities",
	handoff.OpAggregate:  "count, sum, average, minimum or maximum",
	handoff.OpGroup:      `group before aggregating ("for each", "per")`,
	handoff.OpRank:       `order and cut ("most", "top 3", "youngest")`,
	handoff.OpNegate:     `exclude ("not", "without", "never")`,
	handoff.OpIntersect:  "combine the answers of earlier subgoals: in both",
	handoff.OpUnion:      "combine the answers of earlier subgoals: in either",
	handoff.OpDifference: "combine the answers of earlier subgoals: in the first but not the second",
	handoff.OpAsk:        "answer yes or no",
}

// llmExample is the worked example of the prompt; its question is
// llmExampleQuestion. A test checks that it parses and validates.
const (
	llmExampleQuestion = "Which mountains in Nepal are higher than the highest mountain in Peru?"
	llmExample         = `{"subgoals": [
 {"id": "s1", "text": "What is the highest elevation of a mountain in Peru?", "operations": ["aggregate", "filter"], "dependsOn": [],
  "mentions": [{"text": "Peru", "kind": "name"}],
  "requirements": {"predicates": ["elevation", "country"], "types": ["mountain"], "joins": [],
   "filters": [{"attribute": "country", "op": "=", "value": "Peru", "valueKind": "string"}],
   "output": {"shape": "number", "aggregate": "max", "aggregateOf": "elevation"}}},
 {"id": "s2", "text": "Which mountains in Nepal are higher than the elevation found in s1?", "operations": ["filter", "lookup"], "dependsOn": ["s1"],
  "mentions": [{"text": "Nepal", "kind": "name"}],
  "requirements": {"predicates": ["elevation", "country", "name"], "types": ["mountain"], "joins": [],
   "filters": [{"attribute": "country", "op": "=", "value": "Nepal", "valueKind": "string"},
               {"attribute": "elevation", "op": ">", "value": "s1", "valueKind": "subgoal"}],
   "output": {"shape": "entities", "attributes": ["name"]}}}
]}`
)

// SystemPrompt returns the system prompt [LLM] sends: the JSON form of a
// decomposition, the vocabulary of each field, and a worked example.
func SystemPrompt() string { return systemPrompt }

var systemPrompt = llmBuildSystemPrompt()

func llmBuildSystemPrompt() string {
	var b strings.Builder
	b.WriteString(`You split questions over knowledge graphs into subgoals, for a system that answers each subgoal with a SPARQL query.
Answer with one JSON object and nothing else: no explanation, no code fence.

The object is {"subgoals": [...]}, the subgoals in dependency order: a subgoal may only depend on earlier ones.
Most questions need exactly one subgoal. Split only when a step needs the answer of another step: a comparison with an aggregate ("older than the average age of ..."), "both ... and ...", "either ... or ...", "... but not ...".

Each subgoal has these fields:
- "id": "s1", "s2", ... in order.
- "text": the subgoal as a question in English; the whole question when there is a single subgoal.
- "operations": what the subgoal does, main operation first, chosen from:
`)
	for _, op := range handoff.Operations {
		fmt.Fprintf(&b, "    %s", op)
		if m := llmOpMeaning[op]; m != "" {
			fmt.Fprintf(&b, ": %s", m)
		}
		b.WriteString("\n")
	}
	b.WriteString(`- "dependsOn": the ids of the earlier subgoals whose answers it uses ([] when none).
- "mentions": the spans of the question that name values or entities: {"text": copied exactly from the question, "kind": "quoted" (between quotes), "name" (a proper name), "number", "date" or "keyword", "normalized": numbers in digits ("3" for "three"), dates as YYYY-MM-DD or YYYY; omit otherwise}.
- "requirements":
  - "predicates": the attribute and relation words the subgoal uses, lower case ("age", "country", "born in").
  - "types": the entity types it talks about, lower case and singular ("singer", not "singers").
  - "joins": connections needed between two types: {"from": type, "to": type, "via": relation word, if the question names one}.
  - "filters": the conditions: {"attribute": the predicate constrained (omit when implicit), "op": one of "=", "!=", "<", "<=", ">", ">=", "contains", "between", "value": the constant (numbers in digits, dates as YYYY-MM-DD or YYYY), "value2": the upper bound of "between", "valueKind": "string", "number", "date", "boolean" or "subgoal", "negated": true for an excluding condition ("not from France"), "or": true when "or" joins it to the previous condition on another attribute ("older than 30 or from France"), "aggregate": "avg", "sum", "min" or "max" when the bound is on that aggregate of the attribute over each subject's rows ("studios whose average gross is above 4500000")}.
    When the value is the answer of an earlier subgoal, "valueKind" is "subgoal", "value" is that subgoal's id, and the id is in "dependsOn".
  - "output": the expected answer: {"shape": "entities", "values", "number", "boolean" or "table", "attributes": the predicates to return, "aggregate": "count", "sum", "avg", "min" or "max" (omit when none), "aggregateOf": the term aggregated, "aggregates": the aggregates listed of that one term, in order, when two or more ("the minimum, average and maximum age": ["min", "avg", "max"]), "moreAggregates": further aggregates of other terms asked beside the first ([{"aggregate": "min", "of": "oppose rate"}]), "showOrder": true to show the value ranked by beside each answer ("the top goal scorers" with their goals), "distinct": true for distinct answers, "all": true when the question asks for everything about the things ("all the information about courses"), "groupBy": terms grouped by, "orderBy": the term ordered by, "descending": true or false, "limit": a number (omit when none)}.

Example question: `)
	b.WriteString(llmExampleQuestion)
	b.WriteString("\nAnswer:\n")
	b.WriteString(llmExample)
	b.WriteString("\n")
	return b.String()
}

func llmUserPrompt(question string) string {
	return "Question: " + question + "\nAnswer with the JSON object only."
}

func llmFeedbackPrompt(err error) string {
	return "Your answer cannot be used:\n" + err.Error() +
		"\nReply with the corrected decomposition: one complete JSON object as described, nothing else."
}

// ---------------------------------------------------------------------
// Parsing and normalisation

// llmAnswer is the JSON object the model is asked for.
type llmAnswer struct {
	Subgoals []handoff.Subgoal `json:"subgoals"`
}

// llmParseDecomposition turns a model's reply into a valid decomposition of
// question, with notes on what was changed; the error is what the model
// is told.
func llmParseDecomposition(question, reply string) (*handoff.Decomposition, []string, error) {
	obj, err := llm.ExtractJSON(reply)
	if err != nil {
		return nil, nil, fmt.Errorf("the reply must be a JSON object: %w", err)
	}
	var a llmAnswer
	if err := json.Unmarshal([]byte(obj), &a); err != nil {
		return nil, nil, fmt.Errorf("the JSON object does not fit the schema: %w", llmJSONError(err))
	}
	if a.Subgoals == nil {
		return nil, nil, errors.New(`the JSON object has no "subgoals" list: answer {"subgoals": [...]}`)
	}
	d := &handoff.Decomposition{Question: question, Subgoals: a.Subgoals}
	notes, errs := llmNormalize(d)
	if err := d.Validate(); err != nil {
		errs = append([]error{err}, errs...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return d, notes, nil
}

// llmJSONError rewrites encoding/json's type errors in the model's terms.
func llmJSONError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Errorf("field %q must be %s, not a JSON %s", te.Field, llmJSONKind(te.Type.Kind().String()), te.Value)
	}
	return err
}

func llmJSONKind(k string) string {
	switch k {
	case "string":
		return "a string"
	case "slice":
		return "a list"
	case "struct", "map":
		return "an object"
	case "bool":
		return "true or false"
	case "int", "int64", "float64":
		return "a number"
	}
	return "a " + k
}

// llmMentionKinds are the mention kinds accepted from a model.
var llmMentionKinds = []handoff.MentionKind{handoff.MentionQuoted, handoff.MentionName, handoff.MentionNumber,
	handoff.MentionDate, handoff.MentionKeyword, handoff.MentionValue}

// llmNormalize cleans d in place (see [LLM]) and returns notes on what it
// changed and the errors the model must fix.
func llmNormalize(d *handoff.Decomposition) (notes []string, errs []error) {
	q := d.Question
	for i := range d.Subgoals {
		s := &d.Subgoals[i]
		where := fmt.Sprintf("subgoal %d", i+1)
		s.ID = strings.TrimSpace(s.ID)
		if s.ID != "" {
			where += " (" + s.ID + ")"
		}
		s.Text = strings.TrimSpace(s.Text)
		if s.Text == "" {
			if len(d.Subgoals) == 1 {
				s.Text = q
			} else {
				errs = append(errs, fmt.Errorf("%s: empty text", where))
			}
		}
		for j, op := range s.Operations {
			s.Operations[j] = handoff.Operation(llmLower(string(op)))
		}
		for j, dep := range s.DependsOn {
			s.DependsOn[j] = strings.TrimSpace(dep)
		}
		r := &s.Requirements
		r.Predicates = llmTerms(r.Predicates)
		r.Types = llmTerms(r.Types)
		for j := range r.Joins {
			jn := &r.Joins[j]
			jn.From, jn.To, jn.Via = llmLower(jn.From), llmLower(jn.To), llmLower(jn.Via)
		}
		for j := range r.Filters {
			f := &r.Filters[j]
			f.Attribute = llmLower(f.Attribute)
			f.Op = handoff.FilterOp(llmLower(string(f.Op)))
			f.ValueKind = llmLower(f.ValueKind)
			if f.ValueKind == SubgoalValue {
				f.Value = strings.TrimSpace(f.Value)
				if !slices.Contains(s.DependsOn, f.Value) {
					errs = append(errs, fmt.Errorf("%s: filter on %q compares with subgoal %q, which is not in dependsOn", where, f.Attribute, f.Value))
				}
			}
		}
		o := &r.Output
		o.Shape = handoff.Shape(llmLower(string(o.Shape)))
		o.Aggregate = handoff.Aggregate(llmLower(string(o.Aggregate)))
		o.Attributes = llmTerms(o.Attributes)
		o.AggregateOf = llmLower(o.AggregateOf)
		o.GroupBy = llmTerms(o.GroupBy)
		o.OrderBy = llmLower(o.OrderBy)
		if o.Limit < 0 {
			errs = append(errs, fmt.Errorf("%s: negative limit %d", where, o.Limit))
		}

		// Mentions: offsets from the question.
		var kept []handoff.Mention
		next := map[string]int{} // where to look for the next mention with this text
		for _, m := range s.Mentions {
			m.Kind = handoff.MentionKind(llmLower(string(m.Kind)))
			if m.Kind == "" {
				m.Kind = handoff.MentionName
				if _, err := strconv.ParseFloat(strings.ReplaceAll(m.Text, ",", ""), 64); err == nil {
					m.Kind = handoff.MentionNumber
				}
			}
			if !slices.Contains(llmMentionKinds, m.Kind) {
				errs = append(errs, fmt.Errorf("%s: mention %q has unknown kind %q", where, m.Text, m.Kind))
				continue
			}
			start, end, ok := llmLocate(q, m.Text, next[m.Text])
			if !ok {
				notes = append(notes, fmt.Sprintf("mention %q of %s is not in the question; dropped", m.Text, s.ID))
				continue
			}
			next[m.Text] = end
			m.Text, m.Start, m.End = q[start:end], start, end
			kept = append(kept, m)
		}
		s.Mentions = kept
	}
	return notes, errs
}

func llmLower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// llmTerms lower-cases and trims list, dropping empty and repeated terms.
func llmTerms(list []string) []string {
	var out []string
	for _, t := range list {
		if t = llmLower(t); t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// llmLocate finds text in q, at or after from if it can, else anywhere:
// exact whole words, exact, whole words ignoring case, ignoring case,
// then the same for text without surrounding quotes. It returns byte
// offsets into q.
func llmLocate(q, text string, from int) (start, end int, ok bool) {
	text = strings.TrimSpace(text)
	cands := []string{text}
	if t := strings.Trim(text, "\"'`“”‘’«»"); t != text && t != "" {
		cands = append(cands, t)
	}
	for _, t := range cands {
		if t == "" {
			continue
		}
		for _, f := range []int{from, 0} {
			if i := llmSpanIndex(q, t, f, true); i >= 0 {
				return i, i + len(t), true
			}
			if i := llmSpanIndex(q, t, f, false); i >= 0 {
				return i, i + len(t), true
			}
			if i, n := llmFoldIndex(q, t, f, true); i >= 0 {
				return i, i + n, true
			}
			if i, n := llmFoldIndex(q, t, f, false); i >= 0 {
				return i, i + n, true
			}
		}
	}
	return 0, 0, false
}

// llmSpanIndex returns the first byte offset ≥ from of t in q (at word
// boundaries when words is set), or -1.
func llmSpanIndex(q, t string, from int, words bool) int {
	for from <= len(q)-len(t) {
		i := strings.Index(q[from:], t)
		if i < 0 {
			return -1
		}
		i += from
		if !words || llmWordBounded(q, i, i+len(t)) {
			return i
		}
		_, size := utf8.DecodeRuneInString(q[i:])
		from = i + size
	}
	return -1
}

// llmFoldIndex is llmSpanIndex ignoring case (Unicode simple folding): it
// returns the offset and the byte length of the match in q, or -1.
func llmFoldIndex(q, t string, from int, words bool) (int, int) {
	n := utf8.RuneCountInString(t)
	for i := from; i < len(q); {
		// Compare n runes of q at i with t.
		j, k, count := i, 0, 0
		for count < n && j < len(q) {
			r1, s1 := utf8.DecodeRuneInString(q[j:])
			r2, s2 := utf8.DecodeRuneInString(t[k:])
			if r1 != r2 && unicode.ToLower(r1) != unicode.ToLower(r2) && unicode.ToUpper(r1) != unicode.ToUpper(r2) {
				break
			}
			j, k, count = j+s1, k+s2, count+1
		}
		if count == n && (!words || llmWordBounded(q, i, j)) {
			return i, j - i
		}
		_, size := utf8.DecodeRuneInString(q[i:])
		i += size
	}
	return -1, 0
}

// llmWordBounded reports whether q[i:j] starts and ends at word boundaries.
func llmWordBounded(q string, i, j int) bool {
	before, _ := utf8.DecodeLastRuneInString(q[:i])
	after, _ := utf8.DecodeRuneInString(q[j:])
	first, _ := utf8.DecodeRuneInString(q[i:])
	last, _ := utf8.DecodeLastRuneInString(q[:j])
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	return (i == 0 || !alnum(before) || !alnum(first)) && (j == len(q) || !alnum(after) || !alnum(last))
}
