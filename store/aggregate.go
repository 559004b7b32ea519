package store

// Aggregates (SPARQL 1.1 §18.5): COUNT, SUM, AVG, MIN, MAX, SAMPLE and
// GROUP_CONCAT, with DISTINCT.

import (
	"strings"

	"github.com/schemaforge/go-schemaforge/rdfvalue"
	"github.com/schemaforge/go-schemaforge/sparql"
)

// aggregator accumulates the values of one aggregate over one group.
//
// The engine calls add once per solution of the group with the value of
// the aggregate's argument and the evaluation error (an unbound variable
// is errUnbound); for COUNT(*) it calls add(nil, nil) once per solution.
// result returns the aggregate's value; (nil, nil) means unbound without
// error (MIN, MAX or SAMPLE of an empty group), a non-nil error an
// aggregate error (the variable is left unbound).
//
// Errors: COUNT counts only error-free bound values; SUM and AVG are an
// error as soon as one value is unbound, an error or not a number; MIN
// treats an unbound or error value as the lowest (so the result is
// unbound), MAX ignores them (orderCompare puts them lowest); SAMPLE takes
// the first bound value; GROUP_CONCAT skips unbound values and is an error
// on other errors and on blank nodes (it concatenates the lexical forms of
// literals and the strings of IRIs, and its result is a simple literal).
//
// DISTINCT drops values whose Term.Key was already seen. COUNT(DISTINCT *)
// needs the solutions themselves: the engine deduplicates them, or passes
// for each solution a term identifying it (its key as a literal, say) to
// add, which the DISTINCT wrapper then deduplicates.
type aggregator interface {
	add(t sparql.Term, err error)
	result() (sparql.Term, error)
}

// newAggregator returns a fresh accumulator for a.
func newAggregator(a *sparql.Aggregate, ev *exprEnv) aggregator {
	if a == nil {
		return &errAgg{err: errBadExpr}
	}
	var g aggregator
	switch a.Name {
	case "COUNT":
		g = &countAgg{star: a.Star}
	case "SUM":
		g = &sumAgg{sum: rdfvalue.NewInteger(0)}
	case "AVG":
		g = &avgAgg{sum: rdfvalue.NewInteger(0)}
	case "MIN":
		g = &extremeAgg{sign: -1}
	case "MAX":
		g = &extremeAgg{sign: 1}
	case "SAMPLE":
		g = &sampleAgg{}
	case "GROUP_CONCAT":
		sep := " "
		if a.Separator != nil {
			sep = *a.Separator
		}
		g = &concatAgg{sep: sep, ev: ev}
	default:
		return &errAgg{err: exprErrorf("unknown aggregate %s", a.Name)}
	}
	if a.Distinct {
		g = &distinctAgg{inner: g, seen: map[string]struct{}{}}
	}
	return g
}

// errAgg is an aggregate that can only fail.
type errAgg struct{ err error }

func (g *errAgg) add(sparql.Term, error)       {}
func (g *errAgg) result() (sparql.Term, error) { return nil, g.err }

// distinctAgg passes each distinct value (by Term.Key) to inner once;
// errors and unbound values are passed through.
type distinctAgg struct {
	inner aggregator
	seen  map[string]struct{}
}

func (g *distinctAgg) add(t sparql.Term, err error) {
	if err == nil && t != nil {
		k := t.Key()
		if _, ok := g.seen[k]; ok {
			return
		}
		g.seen[k] = struct{}{}
	}
	g.inner.add(t, err)
}

func (g *distinctAgg) result() (sparql.Term, error) { return g.inner.result() }

// countAgg is COUNT.
type countAgg struct {
	star bool
	n    int64
}

func (g *countAgg) add(t sparql.Term, err error) {
	if err == nil && (t != nil || g.star) {
		g.n++
	}
}

func (g *countAgg) result() (sparql.Term, error) { return rdfvalue.NewInteger(g.n).Literal(), nil }

// sumAgg is SUM; the sum of no values is 0 (xsd:integer).
type sumAgg struct {
	sum rdfvalue.Number
	err error
}

// addNumber adds the value t (with its evaluation error) to *sum, or
// records the first error in *errp.
func addNumber(sum *rdfvalue.Number, errp *error, t sparql.Term, err error) {
	if *errp != nil {
		return
	}
	if err == nil && t == nil {
		err = errUnbound
	}
	if err != nil {
		*errp = err
		return
	}
	n, ok := numericTerm(t)
	if !ok {
		*errp = errNotNumeric
		return
	}
	s, err := numArith('+', *sum, n)
	if err != nil {
		*errp = err
		return
	}
	*sum = s
}

func (g *sumAgg) add(t sparql.Term, err error) { addNumber(&g.sum, &g.err, t, err) }

func (g *sumAgg) result() (sparql.Term, error) {
	if g.err != nil {
		return nil, g.err
	}
	return g.sum.Literal(), nil
}

// avgAgg is AVG: SUM / COUNT (a decimal for integers); the average of no
// values is 0 (xsd:integer).
type avgAgg struct {
	sum rdfvalue.Number
	n   int64
	err error
}

func (g *avgAgg) add(t sparql.Term, err error) {
	addNumber(&g.sum, &g.err, t, err)
	g.n++
}

func (g *avgAgg) result() (sparql.Term, error) {
	if g.err != nil {
		return nil, g.err
	}
	if g.n == 0 {
		return rdfvalue.NewInteger(0).Literal(), nil
	}
	avg, err := numArith('/', g.sum, rdfvalue.NewInteger(g.n))
	if err != nil {
		return nil, err
	}
	return avg.Literal(), nil
}

// extremeAgg is MIN (sign -1) and MAX (sign +1) by orderCompare, which
// relates values of every type.
type extremeAgg struct {
	sign  int
	best  sparql.Term
	unset bool // MIN saw an unbound or error value: the minimum is unbound
}

func (g *extremeAgg) add(t sparql.Term, err error) {
	if err != nil || t == nil {
		if g.sign < 0 {
			g.unset = true
		}
		return
	}
	if g.best == nil || orderCompare(t, g.best)*g.sign > 0 {
		g.best = t
	}
}

func (g *extremeAgg) result() (sparql.Term, error) {
	if g.unset {
		return nil, nil
	}
	return g.best, nil
}

// sampleAgg is SAMPLE: the first bound, error-free value.
type sampleAgg struct{ v sparql.Term }

func (g *sampleAgg) add(t sparql.Term, err error) {
	if g.v == nil && err == nil {
		g.v = t
	}
}

func (g *sampleAgg) result() (sparql.Term, error) { return g.v, nil }

// concatAgg is GROUP_CONCAT.
type concatAgg struct {
	sep     string
	b       strings.Builder
	n       int
	err     error
	ev      *exprEnv // for the memory budget and the deadline (may be nil)
	checked int      // the length last checked against the budget
}

func (g *concatAgg) add(t sparql.Term, err error) {
	if g.err != nil || t == nil && (err == nil || err == errUnbound) {
		return
	}
	if err != nil {
		g.err = err
		return
	}
	var s string
	switch t := t.(type) {
	case *sparql.Literal:
		s = t.Lexical
	case *sparql.IRI:
		s = t.Value
	default:
		g.err = errTypeMismatch
		return
	}
	if g.ev != nil && g.b.Len()+len(s)+len(g.sep)-g.checked >= checkEvery {
		g.checked = g.b.Len()
		if err := g.ev.grows("GROUP_CONCAT", int64(g.b.Len()+len(s)+len(g.sep))); err != nil {
			g.err = err
			return
		}
		if err := g.ev.alive("GROUP_CONCAT"); err != nil {
			g.err = err
			return
		}
	}
	if g.n > 0 {
		g.b.WriteString(g.sep)
	}
	g.b.WriteString(s)
	g.n++
}

func (g *concatAgg) result() (sparql.Term, error) {
	if g.err != nil {
		return nil, g.err
	}
	return sparql.NewLiteral(g.b.String()), nil
}
