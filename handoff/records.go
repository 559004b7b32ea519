package handoff

import (
	"time"

	"github.com/schemaforge/go-schemaforge/sparql"
)

// Check is one admissibility check of a candidate query.
type Check struct {
	// Name is the check: "parses", "vocabulary" (every IRI is in the
	// slice), "scoping" (variables in scope), "read-only"…
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	Detail string `json:"detail,omitempty"`
}

// Candidate is a SPARQL query synthesised for a subgoal on one graph.
type Candidate struct {
	Subgoal string `json:"subgoal"`
	Graph   string `json:"graph"`
	// Query is the SPARQL text (printed from the AST).
	Query string `json:"query"`
	// Skeleton names the skeleton it was built from; Bindings the slot
	// values (slot name → IRI or literal in SPARQL syntax).
	Skeleton string            `json:"skeleton"`
	Bindings map[string]string `json:"bindings,omitempty"`
	// Score ranks candidates (higher is better); Rank is the position.
	Score float64 `json:"score"`
	Rank  int     `json:"rank"`
	// Checks are the admissibility checks, Repairs the deterministic
	// repairs applied, Attempts the generation attempts used.
	Checks   []Check  `json:"checks,omitempty"`
	Repairs  []string `json:"repairs,omitempty"`
	Attempts int      `json:"attempts,omitempty"`
	// ChosenBy names the language model that chose this candidate among
	// the ones built from skeletons (empty when none did).
	ChosenBy string `json:"chosenBy,omitempty"`
}

// Admissible reports whether every check passed.
func (c *Candidate) Admissible() bool {
	for _, ch := range c.Checks {
		if !ch.Passed {
			return false
		}
	}
	return true
}

// Perturbation is one counterfactual run of the verifier: the candidate
// changed by a type-preserving operator, and how much the answer moved.
type Perturbation struct {
	Operator string `json:"operator"`
	Query    string `json:"query"`
	// Jaccard is the similarity of the perturbed answer set to the
	// original one (1: unchanged).
	Jaccard float64 `json:"jaccard"`
	Rows    int     `json:"rows"`
	Error   string  `json:"error,omitempty"`
}

// Record is the verifier's verdict on a candidate.
type Record struct {
	Candidate Candidate `json:"candidate"`
	// Results is the candidate's answer (nil when it failed to run). In
	// JSON it is the member "results", in the SPARQL 1.1 Query Results
	// JSON format (see [Record.MarshalJSON]).
	Results *sparql.Results `json:"-"`
	Rows    int             `json:"rows"`
	Error   string          `json:"error,omitempty"`
	// Accepted is the verdict; Reason says why, in words. SetAside marks
	// a record the verifier accepted but the pipeline did not use (a
	// better-scored graph answered); Accepted is false then.
	Accepted bool   `json:"accepted"`
	SetAside bool   `json:"setAside,omitempty"`
	Reason   string `json:"reason"`
	// Perturbations and their mean Jaccard (non-empty answers); for an
	// empty answer, Grounded says whether every required predicate and
	// type is in the WHERE clause and resolved in the slice.
	Perturbations []Perturbation `json:"perturbations,omitempty"`
	MeanJaccard   float64        `json:"meanJaccard,omitempty"`
	Grounded      bool           `json:"grounded,omitempty"`
	// Commitments are the question's commitments (its mentions and cues)
	// and whether the query realises each (question coverage).
	Commitments []Commitment `json:"commitments,omitempty"`
	// Evidence are the figures the confidence model reads, by name
	// (commitments met and missed, mean Jaccard, perturbations run,
	// score and allocation margins, answer size…), set by the verifier
	// (its share) and the pipeline; Confidence is the model's
	// probability that the answer is right, set by the pipeline.
	Evidence   map[string]float64 `json:"evidence,omitempty"`
	Confidence float64            `json:"confidence"`
	// Fallback marks the record the pipeline answers a subgoal with when
	// no candidate was accepted: the most confident one that ran. Its
	// answer is returned as not verified.
	Fallback bool  `json:"fallback,omitempty"`
	Millis   int64 `json:"millis"`
}

// Commitment is one thing the question commits the answer to, and
// whether a query realises it.
type Commitment struct {
	// Kind is a cue kind ([CueKind]), "mention" for a named entity or
	// value, or "echo" for the rule that the answer must not merely
	// repeat a constant of the question.
	Kind string `json:"kind"`
	// Cue is the question's words ("youngest", "Iron Meridian").
	Cue string `json:"cue"`
	Met bool   `json:"met"`
	// Detail says how the query realises it, or what it lacks.
	Detail string `json:"detail,omitempty"`
}

// Missed returns the commitments of r that the query does not realise.
func (r *Record) Missed() []Commitment {
	var out []Commitment
	for _, c := range r.Commitments {
		if !c.Met {
			out = append(out, c)
		}
	}
	return out
}

// Provenance says where an answer value came from.
type Provenance struct {
	Subgoal string `json:"subgoal"`
	Graph   string `json:"graph"`
	Query   string `json:"query"`
}

// Answer is the integrated answer to a question.
type Answer struct {
	Question string `json:"question"`
	// Results holds the answer rows (or the boolean); nil when no
	// candidate was accepted (then NoAnswer says why). In JSON it is the
	// member "results", in the SPARQL 1.1 Query Results JSON format (see
	// [Answer.MarshalJSON]).
	Results *sparql.Results `json:"-"`
	// Names are the display names of the IRIs in Results, by IRI: each
	// one's label or naming attribute in the graph that gave it, set by
	// the pipeline. An IRI without one is absent and shows as itself.
	// [Answer.Table] reads it; Results keep the terms.
	Names map[string]string `json:"names,omitempty"`
	// Provenance lists the accepted queries the answer is built from.
	Provenance []Provenance `json:"provenance,omitempty"`
	// RowSources has one entry per row of Results (SELECT answers only):
	// the indices in Provenance of the queries that gave the row, in
	// increasing order. Empty when Results is nil or a boolean.
	RowSources [][]int `json:"rowSources,omitempty"`
	// NoAnswer says why Results is nil: which subgoals had no accepted
	// candidate, and why their candidates were rejected.
	NoAnswer string `json:"noAnswer,omitempty"`
	// Confidence is the probability that the answer is right, from the
	// pipeline's calibrated confidence model (0 when there is no answer).
	// Verified is true when the verifier accepted the answer of every
	// subgoal and the confidence reaches the configured threshold; any
	// other answer is still returned, not verified, with Reasons: the
	// commitments the query missed and the verifier's objections.
	Confidence float64  `json:"confidence"`
	Verified   bool     `json:"verified"`
	Reasons    []string `json:"reasons,omitempty"`
	// Records are every verdict, accepted or not, per subgoal.
	Records map[string][]Record `json:"records,omitempty"`
	// Decomposition is the decomposition the answer followed, and
	// Allocations the allocation of each subgoal (by subgoal ID); both
	// are set by the pipeline.
	Decomposition *Decomposition         `json:"decomposition,omitempty"`
	Allocations   map[string]*Allocation `json:"allocations,omitempty"`
	Trace         *Trace                 `json:"trace,omitempty"`
}

// Event is one recorded decision.
type Event struct {
	// Stage is the agent or pipeline step: "decompose", "allocate",
	// "synthesize", "verify", "integrate".
	Stage   string `json:"stage"`
	Subgoal string `json:"subgoal,omitempty"`
	Graph   string `json:"graph,omitempty"`
	// Message says what was decided; Numbers carry its figures (scores,
	// Jaccards, sizes) by name.
	Message string             `json:"message"`
	Numbers map[string]float64 `json:"numbers,omitempty"`
	Millis  int64              `json:"millis,omitempty"`
}

// Trace is the ordered record of every decision made for a question.
type Trace struct {
	Events []Event `json:"events"`
	// Started is when work on the question began.
	Started time.Time `json:"started"`
}

// Add appends an event.
func (t *Trace) Add(e Event) {
	if t != nil {
		t.Events = append(t.Events, e)
	}
}

// DependencyValue returns the value a subgoal's records answer, for a
// subgoal that compares with it ([ValueSubgoal]): the first accepted
// record that returned rows answers with one value only if it returned
// one row, and that value is the row's first number (an average beside
// its group key is the number), else its first value. It is nil when no
// record was accepted with rows, or the first returned several rows
// ("the average age for each gender" is no single bound).
func DependencyValue(recs []Record) sparql.Term {
	for _, r := range recs {
		if !r.Accepted || r.Results == nil || len(r.Results.Rows) == 0 || len(r.Results.Vars) == 0 {
			continue
		}
		if len(r.Results.Rows) > 1 {
			return nil
		}
		row := r.Results.Rows[0]
		for _, v := range r.Results.Vars {
			if l, ok := row[v].(*sparql.Literal); ok {
				if _, num := sparql.CanonicalNumber(l.Lexical); num {
					return l
				}
			}
		}
		if t, ok := row[r.Results.Vars[0]]; ok {
			return t
		}
		return nil
	}
	return nil
}
