package decomposer

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemaforge/go-schemaforge/handoff"
	"github.com/schemaforge/go-schemaforge/kg"
)

// SubgoalValue is the [handoff.Filter] ValueKind of a filter whose Value
// is the ID of an earlier subgoal: the constant compared against is that
// subgoal's answer ("older than the average age" → Value "s1").
const SubgoalValue = handoff.ValueSubgoal

// RulesSource is the Source of a decomposition made by [Rules].
const RulesSource = "rules"

// DefaultLinkLimit is the number of linked values [Rules] asks its
// [ValueLinker] for unless [WithLinkLimit] says otherwise.
const DefaultLinkLimit = 5

// ValueLinker finds values of a graph that a question mentions (value
// linking). Mentions it returns should have Kind [handoff.MentionValue],
// byte offsets into text, and Graph, Property, Value and Score set.
type ValueLinker interface {
	Link(ctx context.Context, text string, k int) ([]handoff.Mention, error)
}

// LinkerFunc adapts a function to a [ValueLinker].
type LinkerFunc func(ctx context.Context, text string, k int) ([]handoff.Mention, error)

// Link calls f.
func (f LinkerFunc) Link(ctx context.Context, text string, k int) ([]handoff.Mention, error) {
	return f(ctx, text, k)
}

// IndexLinker returns a [ValueLinker] that searches ix, the value index
// of the graph with the given ID. A hit becomes a mention of the span of
// the question where its value (or failing that, its longest word) is
// written; hits that cannot be located in the question are dropped.
func IndexLinker(graph string, ix *kg.Index) ValueLinker {
	return LinkerFunc(func(ctx context.Context, text string, k int) ([]handoff.Mention, error) {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("decomposer: linking values in graph %s: %w", graph, err)
		}
		if ix == nil {
			return nil, nil
		}
		return hitMentions(text, graph, ix.Search(text, k)), nil
	})
}

// SearchersLinker returns a [ValueLinker] over the graphs of a
// collection: searchers gives each graph's value searcher by graph ID
// (an allocator's, say), and the question is searched in each, k hits per
// graph at most, in the order of the graph IDs; a hit becomes a mention
// as with [IndexLinker]. A failed search fails the linking.
func SearchersLinker(searchers func(ctx context.Context) (map[string]kg.TextSearcher, error)) ValueLinker {
	return LinkerFunc(func(ctx context.Context, text string, k int) ([]handoff.Mention, error) {
		ss, err := searchers(ctx)
		if err != nil {
			return nil, fmt.Errorf("decomposer: linking values: %w", err)
		}
		ids := slices.Sorted(maps.Keys(ss))
		var out []handoff.Mention
		for _, id := range ids {
			hits, err := ss[id].Search(ctx, text, k)
			if err != nil {
				return nil, fmt.Errorf("decomposer: linking values in graph %s: %w", id, err)
			}
			out = append(out, hitMentions(text, id, hits)...)
		}
		return out, nil
	})
}

// EndpointLinker returns a [ValueLinker] that searches ep through
// [kg.SearchText] (the endpoint's full-text capability), naming graph in
// the mentions it returns.
func EndpointLinker(graph string, ep kg.Endpoint) ValueLinker {
	return LinkerFunc(func(ctx context.Context, text string, k int) ([]handoff.Mention, error) {
		hits, err := kg.SearchText(ctx, ep, text, k)
		if err != nil {
			return nil, fmt.Errorf("decomposer: linking values in graph %s: %w", graph, err)
		}
		return hitMentions(text, graph, hits), nil
	})
}

// hitMentions turns search hits into value mentions located in text.
func hitMentions(text, graph string, hits []kg.Hit) []handoff.Mention {
	low := strings.ToLower(text)
	var out []handoff.Mention
	for _, h := range hits {
		v := strings.ToLower(strings.TrimSpace(h.Value))
		if v == "" {
			continue
		}
		start, end := -1, -1
		if i := indexWord(low, v); i >= 0 {
			start, end = i, i+len(v)
		} else {
			best := ""
			for _, w := range kg.Words(v) {
				if utf8.RuneCountInString(w) >= 3 && len(w) > len(best) && indexWord(low, w) >= 0 {
					best = w
				}
			}
			if best != "" {
				i := indexWord(low, best)
				start, end = i, i+len(best)
			}
		}
		if start < 0 || len(low) != len(text) {
			// Lower-casing changed byte lengths: offsets would be wrong.
			if start < 0 {
				continue
			}
			if i := strings.Index(text, h.Value); i >= 0 {
				start, end = i, i+len(h.Value)
			} else {
				continue
			}
		}
		out = append(out, handoff.Mention{Text: text[start:end], Start: start, End: end,
			Kind: handoff.MentionValue, Graph: graph, Property: h.Property, Value: h.Value, Score: h.Score})
	}
	return out
}

// indexWord returns the byte offset of the first occurrence of w in s
// that starts and ends at word boundaries, or -1.
func indexWord(s, w string) int {
	if w == "" {
		return -1
	}
	for from := 0; from <= len(s)-len(w); {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(w):])
		if (i == 0 || !isAlnum(before)) && (i+len(w) == len(s) || !isAlnum(after)) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Option configures [NewRules].
type Option func(*Rules)

// WithValueLinker makes the decomposer add the values l links in the
// question as [handoff.MentionValue] mentions. Default: no linker.
func WithValueLinker(l ValueLinker) Option { return func(r *Rules) { r.linker = l } }

// WithNameLinker gives the decomposer a linker it asks only to read a
// name the question writes with capitals and small words between them
// ("Paper Cranes at Dawn", "Fast As a Shark"): when a linked value
// starts where the capitals start and runs on over the small words, the
// name is that value; so is a value of two words or more that a question
// written without capitals says ("who directed iron meridian"). The
// values it links are not added as mentions, and other questions are
// not linked at all, so a linker over a whole collection costs nothing
// for most questions. It replaces [WithValueLinker]. Default: no linker.
func WithNameLinker(l ValueLinker) Option {
	return func(r *Rules) { r.linker, r.namesOnly = l, true }
}

// WithLinkLimit sets how many values to ask the linker for (default
// [DefaultLinkLimit]; k <= 0 keeps the default).
func WithLinkLimit(k int) Option {
	return func(r *Rules) {
		if k > 0 {
			r.linkK = k
		}
	}
}

// Rules is the rule-based decomposer: no language model, a small
// hand-written English lexicon and phrase rules (see the package
// documentation). It is deterministic and safe for concurrent use.
type Rules struct {
	linker    ValueLinker
	linkK     int
	namesOnly bool // the linker only extends names ([WithNameLinker])
}

// NewRules returns a rule-based decomposer.
func NewRules(opts ...Option) *Rules {
	r := &Rules{linkK: DefaultLinkLimit}
	for _, o := range opts {
		o(r)
	}
	return r
}

var _ handoff.Decomposer = (*Rules)(nil)

// Decompose splits question into subgoals. It fails only on a blank
// question, a cancelled context, or (wrapped) a linker error caused by
// the context; other linker errors are recorded in Notes.
func (r *Rules) Decompose(ctx context.Context, question string) (d *handoff.Decomposition, err error) {
	if strings.TrimSpace(question) == "" {
		return nil, errors.New("decomposer: empty question")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("decomposer: %w", err)
	}
	var linked []handoff.Mention
	var notes []string
	if toks := tokenize(question); r.linker != nil && (!r.namesOnly || joinedName(toks) || sentenceCased(toks) || numberedName(toks) || lowerCase(question) || comparesWithThing(toks) || unknownWord(toks)) {
		ms, lerr := r.linker.Link(ctx, question, r.linkK)
		switch {
		case lerr != nil && ctx.Err() != nil:
			return nil, fmt.Errorf("decomposer: linking values: %w", lerr)
		case lerr != nil:
			notes = append(notes, "value linking failed: "+lerr.Error())
		default:
			for _, m := range ms {
				if m.Start >= 0 && m.End <= len(question) && m.Start <= m.End {
					if m.Kind == "" {
						m.Kind = handoff.MentionValue
					}
					linked = append(linked, m)
				}
			}
		}
	}
	defer func() {
		// A safety net: a bug in a rule must not take the caller down.
		if p := recover(); p != nil {
			d = fallbackDecomposition(question)
			d.Notes = append(notes, fmt.Sprintf("rules failed (%v); one lookup subgoal", p))
			err = nil
		}
	}()
	d = decompose(question, linked, r.namesOnly)
	d.Notes = append(notes, d.Notes...)
	return d, nil
}

func fallbackDecomposition(q string) *handoff.Decomposition {
	return &handoff.Decomposition{Question: q, Source: RulesSource, Subgoals: []handoff.Subgoal{{
		ID: "s1", Text: q, Operations: []handoff.Operation{handoff.OpLookup},
		Requirements: handoff.Requirements{Output: handoff.Output{Shape: handoff.ShapeEntities}},
	}}}
}
