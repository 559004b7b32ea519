package kg

import (
	"fmt"
	"strings"
)

// Class returns the summary's entry for the class iri.
func (s *Summary) Class(iri string) (*ClassInfo, bool) {
	if s == nil {
		return nil, false
	}
	for i := range s.Classes {
		if s.Classes[i].IRI == iri {
			return &s.Classes[i], true
		}
	}
	return nil, false
}

// Property returns the summary's entry for the property iri.
func (s *Summary) Property(iri string) (*PropertyInfo, bool) {
	if s == nil {
		return nil, false
	}
	for i := range s.Properties {
		if s.Properties[i].IRI == iri {
			return &s.Properties[i], true
		}
	}
	return nil, false
}

// Compact writes iri as prefix:local with the summary's namespaces
// (":local" for the default namespace), or <iri> when no namespace fits.
// The result is for reading, not for SPARQL: local names are not escaped.
func (s *Summary) Compact(iri string) string {
	best := -1
	if s != nil {
		for i, ns := range s.Namespaces {
			if strings.HasPrefix(iri, ns.IRI) && len(iri) > len(ns.IRI) && (best < 0 || len(ns.IRI) > len(s.Namespaces[best].IRI)) {
				best = i
			}
		}
	}
	if best < 0 {
		long := ""
		for ns := range wellKnownPrefixes {
			if strings.HasPrefix(iri, ns) && len(iri) > len(ns) && len(ns) > len(long) {
				long = ns
			}
		}
		if long == "" || wellKnownPrefixes[long] == "" {
			return "<" + iri + ">"
		}
		return wellKnownPrefixes[long] + ":" + iri[len(long):]
	}
	ns := s.Namespaces[best]
	return ns.Prefix + ":" + iri[len(ns.IRI):]
}

// TextOptions shape [Summary.Text].
type TextOptions struct {
	// Description is prepended (the graph's description from the
	// config).
	Description string
	// MaxClasses and MaxProperties cut the lists (0: all).
	MaxClasses, MaxProperties int
	// NoSamples leaves out sample values and instances.
	NoSamples bool
}

// Text serialises the summary as compact text for retrieval and prompts:
// a header line, the prefixes, one line per class (count, label, labelled
// sample instances) and one line per property (count, subject classes →
// object classes or datatypes, declared domain and range, value range, or
// sample values when there is no range). The output is deterministic.
func (s *Summary) Text(o TextOptions) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Graph %s", s.GraphID)
	if s.Triples >= 0 {
		fmt.Fprintf(&b, " (%d triples, %d classes, %d properties)", s.Triples, len(s.Classes), len(s.Properties))
	}
	if s.Partial {
		b.WriteString(" [partial summary]")
	}
	b.WriteString("\n")
	if o.Description != "" {
		b.WriteString(strings.TrimSpace(o.Description))
		b.WriteString("\n")
	}
	if len(s.Namespaces) > 0 {
		b.WriteString("Prefixes:")
		for _, ns := range s.Namespaces {
			fmt.Fprintf(&b, " %s: <%s>", ns.Prefix, ns.IRI)
		}
		b.WriteString("\n")
	}
	b.WriteString("Classes:\n")
	for i, c := range s.Classes {
		if o.MaxClasses > 0 && i == o.MaxClasses {
			fmt.Fprintf(&b, "- … %d more classes\n", len(s.Classes)-i)
			break
		}
		fmt.Fprintf(&b, "- %s", s.Compact(c.IRI))
		if c.Label != "" {
			fmt.Fprintf(&b, " %q", c.Label)
		}
		if c.Count >= 0 {
			fmt.Fprintf(&b, " (%d)", c.Count)
		}
		if len(c.SuperClasses) > 0 {
			fmt.Fprintf(&b, " ⊑ %s", s.compactList(c.SuperClasses))
		}
		if c.Comment != "" {
			fmt.Fprintf(&b, " — %s", shorten(c.Comment, 160))
		}
		if !o.NoSamples {
			var xs []string
			for _, e := range c.Samples {
				if e.Label != "" {
					xs = append(xs, fmt.Sprintf("%q", e.Label))
				}
			}
			if len(xs) > 0 {
				fmt.Fprintf(&b, "; e.g. %s", strings.Join(xs, ", "))
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("Properties:\n")
	for i, p := range s.Properties {
		if o.MaxProperties > 0 && i == o.MaxProperties {
			fmt.Fprintf(&b, "- … %d more properties\n", len(s.Properties)-i)
			break
		}
		s.writeProperty(&b, &p, o)
	}
	return b.String()
}

func (s *Summary) writeProperty(b *strings.Builder, p *PropertyInfo, o TextOptions) {
	fmt.Fprintf(b, "- %s", s.Compact(p.IRI))
	if p.Label != "" {
		fmt.Fprintf(b, " %q", p.Label)
	}
	if p.Count >= 0 {
		fmt.Fprintf(b, " (%d)", p.Count)
	}
	var subj, obj []string
	for _, c := range p.SubjectClasses {
		subj = append(subj, s.Compact(c.IRI))
	}
	for _, c := range p.ObjectClasses {
		obj = append(obj, s.Compact(c.IRI))
	}
	for _, d := range p.Datatypes {
		obj = append(obj, s.Compact(d.IRI))
	}
	if len(obj) == 0 && p.IRIObjects > 0 {
		obj = append(obj, "IRI")
	}
	if len(subj)+len(obj) > 0 {
		fmt.Fprintf(b, ": %s → %s", orAny(subj), orAny(obj))
	}
	if len(p.Domains) > 0 {
		fmt.Fprintf(b, "; domain %s", s.compactList(p.Domains))
	}
	if len(p.Ranges) > 0 {
		fmt.Fprintf(b, "; range %s", s.compactList(p.Ranges))
	}
	if len(p.SuperProperties) > 0 {
		fmt.Fprintf(b, "; ⊑ %s", s.compactList(p.SuperProperties))
	}
	if p.ForeignKey {
		b.WriteString("; reference")
	}
	if v := p.Values; v != nil {
		if v.Distinct >= 0 {
			fmt.Fprintf(b, "; %d distinct", v.Distinct)
		}
		if v.Min != "" || v.Max != "" {
			fmt.Fprintf(b, "; %s..%s", v.Min, v.Max)
		}
		if !o.NoSamples && len(v.Samples) > 0 && p.LiteralObjects > 0 && v.Min == "" {
			xs := make([]string, len(v.Samples))
			for i, x := range v.Samples {
				xs[i] = fmt.Sprintf("%q", shorten(x, 40))
			}
			fmt.Fprintf(b, "; e.g. %s", strings.Join(xs, ", "))
		}
	}
	if p.Comment != "" {
		fmt.Fprintf(b, " — %s", shorten(p.Comment, 160))
	}
	b.WriteString("\n")
}

func (s *Summary) compactList(iris []string) string {
	xs := make([]string, len(iris))
	for i, x := range iris {
		xs[i] = s.Compact(x)
	}
	return strings.Join(xs, ", ")
}

func orAny(xs []string) string {
	if len(xs) == 0 {
		return "?"
	}
	return strings.Join(xs, " | ")
}
