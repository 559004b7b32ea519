package handoff

import (
	"fmt"
	"strings"
)

// Slice is the part of one graph's schema that is relevant to a subgoal
// (plus what its joins need): small enough for an LLM prompt, and the
// only vocabulary a synthesised query may use on that graph.
type Slice struct {
	Graph string `json:"graph"`
	// Prefixes maps prefix labels to namespace IRIs for printing.
	Prefixes []Prefix `json:"prefixes,omitempty"`
	// Classes and Properties are the schema elements of the slice, most
	// relevant first.
	Classes    []SliceClass    `json:"classes"`
	Properties []SliceProperty `json:"properties"`
	// Values are literals found in the graph by value linking, with the
	// property that holds them.
	Values []SliceValue `json:"values,omitempty"`
	// Tokens is the approximate size of Text() in LLM tokens.
	Tokens int `json:"tokens"`
}

// Prefix is a namespace with its prefix label.
type Prefix struct {
	Prefix string `json:"prefix"`
	IRI    string `json:"iri"`
}

// SliceClass is a class in a slice.
type SliceClass struct {
	IRI   string `json:"iri"`
	Label string `json:"label,omitempty"`
	Count int64  `json:"count"`
	// Score is its relevance to the subgoal; Matched the terms it matched.
	Score   float64  `json:"score"`
	Matched []string `json:"matched,omitempty"`
	// Shown is the property that shows its members when none names
	// them (no name, title or label, and no reference to a named
	// class): its most varied column of text, such as a market's
	// country. Empty otherwise.
	Shown string `json:"shown,omitempty"`
}

// SliceProperty is a property in a slice, with what is known of its
// subjects and objects (declared and observed).
type SliceProperty struct {
	IRI   string `json:"iri"`
	Label string `json:"label,omitempty"`
	Count int64  `json:"count"`
	// Domains are the classes of its subjects (declared rdfs:domain, else
	// observed); Ranges the classes of its IRI objects (declared or
	// observed); Datatypes the datatypes of its literal objects.
	Domains   []string `json:"domains,omitempty"`
	Ranges    []string `json:"ranges,omitempty"`
	Datatypes []string `json:"datatypes,omitempty"`
	// ForeignKey marks a reference property (Direct Mapping "ref-…").
	ForeignKey bool `json:"foreignKey,omitempty"`
	// Key marks the column a reference property is made from (Direct
	// Mapping stay#patient beside stay#ref-patient): its values name
	// things; they do not measure them.
	Key bool `json:"key,omitempty"`
	// Samples are a few of its values (of text-valued properties).
	Samples []string `json:"samples,omitempty"`
	// Min and Max are its least and greatest values, in canonical
	// lexical form, when they are numbers or dates; empty otherwise.
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`
	// Score is its relevance to the subgoal; Matched the terms it
	// matched; Join is true when it is in the slice only to connect
	// classes.
	Score   float64  `json:"score"`
	Matched []string `json:"matched,omitempty"`
	Join    bool     `json:"join,omitempty"`
}

// SliceValue is a literal value linked from the question.
type SliceValue struct {
	Property string  `json:"property"`
	Value    string  `json:"value"`
	Lang     string  `json:"lang,omitempty"`
	Mention  string  `json:"mention,omitempty"` // the question text it links
	Score    float64 `json:"score"`
}

// HasClass reports whether the slice contains class iri.
func (s *Slice) HasClass(iri string) bool {
	for _, c := range s.Classes {
		if c.IRI == iri {
			return true
		}
	}
	return false
}

// HasProperty reports whether the slice contains property iri.
func (s *Slice) HasProperty(iri string) bool { return s.Property(iri) != nil }

// Property returns the slice's property iri, or nil when the slice (which
// may be nil) does not contain it.
func (s *Slice) Property(iri string) *SliceProperty {
	if s == nil {
		return nil
	}
	for i := range s.Properties {
		if s.Properties[i].IRI == iri {
			return &s.Properties[i]
		}
	}
	return nil
}

// Compact writes iri with the slice's prefixes (longest namespace wins),
// or <iri>.
func (s *Slice) Compact(iri string) string {
	best := -1
	for i, p := range s.Prefixes {
		if strings.HasPrefix(iri, p.IRI) && len(iri) > len(p.IRI) && (best < 0 || len(p.IRI) > len(s.Prefixes[best].IRI)) {
			best = i
		}
	}
	if best < 0 {
		return "<" + iri + ">"
	}
	return s.Prefixes[best].Prefix + ":" + iri[len(s.Prefixes[best].IRI):]
}

// Text renders the slice for a prompt: prefixes, classes, properties with
// domain → range or datatype, and linked values.
func (s *Slice) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Graph %s\n", s.Graph)
	for _, p := range s.Prefixes {
		fmt.Fprintf(&b, "PREFIX %s: <%s>\n", p.Prefix, p.IRI)
	}
	b.WriteString("Classes:\n")
	for _, c := range s.Classes {
		fmt.Fprintf(&b, "- %s", s.Compact(c.IRI))
		if c.Label != "" {
			fmt.Fprintf(&b, " %q", c.Label)
		}
		fmt.Fprintf(&b, " (%d)\n", c.Count)
	}
	b.WriteString("Properties:\n")
	for _, p := range s.Properties {
		fmt.Fprintf(&b, "- %s", s.Compact(p.IRI))
		if p.Label != "" {
			fmt.Fprintf(&b, " %q", p.Label)
		}
		var from, to []string
		for _, d := range p.Domains {
			from = append(from, s.Compact(d))
		}
		for _, r := range p.Ranges {
			to = append(to, s.Compact(r))
		}
		for _, d := range p.Datatypes {
			to = append(to, s.Compact(d))
		}
		if len(from)+len(to) > 0 {
			fmt.Fprintf(&b, ": %s → %s", strings.Join(from, " | "), strings.Join(to, " | "))
		}
		if len(p.Samples) > 0 {
			q := make([]string, len(p.Samples))
			for i, x := range p.Samples {
				q[i] = fmt.Sprintf("%q", x)
			}
			fmt.Fprintf(&b, "; e.g. %s", strings.Join(q, ", "))
		}
		b.WriteString("\n")
	}
	if len(s.Values) > 0 {
		b.WriteString("Values:\n")
		for _, v := range s.Values {
			fmt.Fprintf(&b, "- %s %q\n", s.Compact(v.Property), v.Value)
		}
	}
	return b.String()
}

// GraphScore is the allocator's verdict on one graph for one subgoal.
type GraphScore struct {
	Graph string `json:"graph"`
	// Weak is the retrieval similarity of the subgoal to the graph's text
	// (0 when the graph was not among the weak stage's top K).
	Weak float64 `json:"weak"`
	// PredicateCoverage, TypeCoverage and Compatibility are the strong
	// stage's parts: the share of the predicate and type terms the
	// schema matches, and domain/range compatibility of the matches.
	PredicateCoverage float64 `json:"predicateCoverage"`
	TypeCoverage      float64 `json:"typeCoverage"`
	Compatibility     float64 `json:"compatibility"`
	// Strong = αp·PredicateCoverage + αt·TypeCoverage + αc·Compatibility.
	Strong float64 `json:"strong"`
	// Final = λ·Weak + (1-λ)·Strong.
	Final float64 `json:"final"`
	// Matches say which schema element each requirement term matched.
	Matches []TermMatch `json:"matches,omitempty"`
}

// TermMatch is a requirement term matched to a schema element.
type TermMatch struct {
	Term  string  `json:"term"`
	IRI   string  `json:"iri"`
	Score float64 `json:"score"`
}

// Allocation is the allocator's output for one subgoal: every scored
// graph, best first, and the selected ones with their slices.
type Allocation struct {
	Subgoal string `json:"subgoal"`
	// Scores are the graphs the strong stage scored (the weak stage's top
	// K), by descending Final, then graph ID.
	Scores []GraphScore `json:"scores"`
	// Selected are the IDs of the chosen graphs (at most K', Final ≥ τ),
	// best first.
	Selected []string `json:"selected"`
	// Slices holds the slice of each selected graph, in Selected order.
	Slices []*Slice `json:"slices,omitempty"`
	// Notes record anything unusual (no graph reached τ…).
	Notes []string `json:"notes,omitempty"`
}

// Slice returns the slice of the selected graph id.
func (a *Allocation) Slice(id string) (*Slice, bool) {
	for _, s := range a.Slices {
		if s.Graph == id {
			return s, true
		}
	}
	return nil, false
}

// Score returns the score of graph id.
func (a *Allocation) Score(id string) (*GraphScore, bool) {
	for i := range a.Scores {
		if a.Scores[i].Graph == id {
			return &a.Scores[i], true
		}
	}
	return nil, false
}
