package allocator

import (
	"math"
	"slices"
	"strings"

	"github.com/schemaforge/go-schemaforge/kg"
	"github.com/schemaforge/go-schemaforge/lexicon"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// element is a class or property of a graph's summary, as words to match.
type element struct {
	iri   string
	class bool
	// primary are the words of the local name (the column of a
	// table#column property) and of the label; context the words of
	// the table qualifier.
	primary, context []string
	// verbs are the verb forms of its agent and action nouns
	// ([lexicon.VerbForms]): "directed" of a director, and the agent
	// nouns of its verbs ([lexicon.AgentNouns]): "director" of
	// directed_by. They match as primary words do, without being part
	// of its name.
	verbs []string
	// head is a class's last name word ("engineer" of
	// maintenance_engineers), "" for a property.
	head string
	// subjects are the observed or declared classes of a property's
	// subjects, objects those of its IRI objects.
	subjects, objects []string
	count             int64
}

// graphLex is what the strong stage knows of one graph.
type graphLex struct {
	id       string
	elements []element
	// words maps each word of the graph's elements to the indexes of the
	// elements that have it (primary or context).
	words map[string][]int
}

// stem lower-cases and folds a word (see [lexicon.Fold]).
func stem(w string) string { return lexicon.Fold(strings.ToLower(w)) }

// stems returns the stems of words, without empty ones.
func stems(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if w != "" {
			out = append(out, stem(w))
		}
	}
	return out
}

// verbForms returns the verb forms of the agent and action nouns among
// an element's words ([lexicon.VerbForms]) and the words its acronyms
// spell ([lexicon.SpelledWords]): a director column is met by
// "directed", an arrival by "arrive", a dob by "born".
func verbForms(words []string) []string {
	var out []string
	for _, w := range words {
		out = appendNew(out, stems(lexicon.VerbForms(w))...)
		// And the agent of a verb ("director" of directed_by).
		out = appendNew(out, stems(lexicon.AgentNouns(w))...)
		// And the word an acronym stands for ("birth", "born" of
		// emp_dob).
		out = appendNew(out, stems(lexicon.SpelledWords(w))...)
	}
	return out
}

// newGraphLex builds the lexicon of a summarised graph.
func newGraphLex(id string, s *kg.Summary) *graphLex {
	g := &graphLex{id: id, words: map[string][]int{}}
	add := func(e element) {
		i := len(g.elements)
		for _, w := range slices.Concat(e.primary, e.context, e.verbs) {
			if l := g.words[w]; len(l) == 0 || l[len(l)-1] != i {
				g.words[w] = append(l, i)
			}
		}
		g.elements = append(g.elements, e)
	}
	for _, c := range s.Classes {
		if c.IRI == "" {
			continue
		}
		e := element{iri: c.IRI, class: true, count: c.Count, primary: stems(c.Tokens)}
		if len(e.primary) > 0 {
			e.head = e.primary[len(e.primary)-1]
			if len(c.Tokens) > 1 && (c.Tokens[0] == "has" || c.Tokens[0] == "have") {
				// has_allergy relates students to allergies: no
				// allergy is what it is.
				e.head = "\x00"
			}
		}
		if c.Label != "" {
			e.primary = appendNew(e.primary, stems(kg.Words(c.Label))...)
		}
		e.verbs = verbForms(e.primary)
		add(e)
	}
	for _, p := range s.Properties {
		if p.IRI == rdfType {
			continue
		}
		n := kg.SplitIRI(p.IRI)
		e := element{iri: p.IRI, count: p.Count, primary: stems(kg.Words(n.Column())), context: stems(kg.Words(n.Qualifier))}
		// "stuid" of the student table is the student id.
		if ws := kg.Words(n.Column()); len(ws) == 1 {
			if t, ok := lexicon.KeyAbbreviation(ws[0], kg.Words(n.Qualifier)); ok {
				e.primary = appendNew(e.primary, stem(t), stem("id"))
			}
		}
		if p.Label != "" {
			e.primary = appendNew(e.primary, stems(kg.Words(p.Label))...)
		}
		// "baseprice" is a price.
		if ws := kg.Words(n.Column()); len(ws) == 1 {
			if h, ok := lexicon.CompoundHead(ws[0]); ok {
				e.primary = appendNew(e.primary, stem(h))
			}
		}
		e.verbs = verbForms(e.primary)
		// "hired" of hire_date, when the verb happened: a context
		// word, weaker than the column's own ("visited twice" counts
		// visits, not their dates).
		if slices.ContainsFunc(e.primary, lexicon.Temporal) {
			for _, w := range e.primary {
				e.context = appendNew(e.context, stems(lexicon.PastForms(w))...)
			}
		}
		for _, c := range p.Domains {
			e.subjects = appendNew(e.subjects, c)
		}
		for _, c := range p.SubjectClasses {
			e.subjects = appendNew(e.subjects, c.IRI)
		}
		for _, c := range p.Ranges {
			if !sparql.IsDatatypeIRI(c) { // rdfs:range xsd:string is a literal property
				e.objects = appendNew(e.objects, c)
			}
		}
		for _, c := range p.ObjectClasses {
			e.objects = appendNew(e.objects, c.IRI)
		}
		add(e)
	}
	return g
}

const rdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"

func appendNew(list []string, xs ...string) []string {
	for _, x := range xs {
		if !slices.Contains(list, x) {
			list = append(list, x)
		}
	}
	return list
}

// matchScore scores how well the term words t match element e. When
// every word is a primary word the score is 0.9 plus 0.1 times the share
// of the element's primary words the term covers (1 for an exact name);
// (a little less for a class whose last word the term does not say);
// when every word is a primary or context word (or another word for a
// kind: "type" of genre), 0.7; else half the matched fraction.
func matchScore(t []string, e *element) float64 {
	if len(t) == 0 {
		return 0
	}
	// "first name" of emp_fname or customer_first_name, never of lname
	// (see [lexicon.NamePart]).
	if tp := lexicon.NamePart(t); tp != 0 {
		if ep := lexicon.NamePart(e.primary); ep == tp {
			return 0.95
		} else if ep != 0 {
			return 0
		}
	}
	// "born", "date of birth" of emp_dob: what an acronym stands for.
	if slices.ContainsFunc(e.primary, func(w string) bool { return lexicon.SpellsOut(t, w) }) {
		return 0.95
	}
	prim, any := 0, 0
	for _, w := range t {
		switch {
		case slices.Contains(e.primary, w) || slices.Contains(e.verbs, w):
			prim++
			any++
		case slices.Contains(e.context, w):
			any++
		case lexicon.KindWord(w) && slices.ContainsFunc(e.primary, lexicon.KindWord):
			// "type" of genre, of governmentform: another word for a
			// kind, a weaker match than the element's own word.
			any++
		}
	}
	switch {
	case prim == len(t):
		covered := 0
		for _, w := range e.primary {
			if slices.Contains(t, w) {
				covered++
			}
		}
		score := 0.9 + 0.1*float64(covered)/float64(len(e.primary))
		if e.head != "" && covered < len(e.primary) && !slices.Contains(t, e.head) {
			// "engineer" names maintenance engineers before engineer
			// skills: a class is what its last word says.
			score -= 0.005
		}
		return score
	case any == len(t):
		return 0.7
	}
	return 0.5 * float64(any) / float64(len(t))
}

// idf returns the inverse document frequency of a term (its words) over
// the pool's graphs: log((N+1)/(df+1)) + 0.1, df counting graphs that
// have every word of the term.
func (p *pool) idf(words []string) float64 {
	df := 0
	for _, g := range p.lex {
		all := true
		for _, w := range words {
			if len(g.words[w]) == 0 {
				all = false
				break
			}
		}
		if all {
			df++
		}
	}
	return math.Log(float64(len(p.lex)+1)/float64(df+1)) + 0.1
}
