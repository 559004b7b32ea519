package fresh

import (
	"github.com/schemaforge/go-schemaforge/benchmarks/qa"
)

// Bins sums the answers to a set of questions: how many were right (EA)
// and the split of all answers by right/wrong and verified/not verified
// (handoff.Answer.Verified, carried by [qa.Item].Verified). A question
// without an answer counts as wrong and not verified.
type Bins struct {
	N     int     `json:"n"`
	Right int     `json:"right"`
	EA    float64 `json:"ea"`
	// EACI is the 95 % bootstrap interval of EA ([qa.CountCI]).
	EACI qa.Interval `json:"ea_ci"`

	RightVerified    int `json:"right_verified"`
	RightNotVerified int `json:"right_not_verified"`
	WrongVerified    int `json:"wrong_verified"`
	WrongNotVerified int `json:"wrong_not_verified"`
	// WrongVerifiedShare is WrongVerified / (RightVerified +
	// WrongVerified): the share of verified answers that are wrong (0
	// when none is verified).
	WrongVerifiedShare float64 `json:"wrong_verified_share"`
}

// add counts one scored question.
func (b *Bins) add(it qa.Item) {
	b.N++
	verified := it.Verified && it.Answered
	switch {
	case it.EA && verified:
		b.RightVerified++
	case it.EA:
		b.RightNotVerified++
	case verified:
		b.WrongVerified++
	default:
		b.WrongNotVerified++
	}
	if it.EA {
		b.Right++
	}
}

// finish computes the shares.
func (b *Bins) finish() {
	if b.N > 0 {
		b.EA = float64(b.Right) / float64(b.N)
	}
	b.EACI = qa.CountCI(b.Right, b.N)
	if v := b.RightVerified + b.WrongVerified; v > 0 {
		b.WrongVerifiedShare = float64(b.WrongVerified) / float64(v)
	}
}

// Breakdown is [Bins] overall, per collection and per shape.
type Breakdown struct {
	Bins
	ByCollection map[string]*Bins `json:"by_collection"`
	ByShape      map[string]*Bins `json:"by_shape"`
}

// Tally sums scored items (from [qa.Run] with Options.Items) by the
// entries they answer, matched by ID; items of no entry are left out.
func Tally(entries []Entry, items []qa.Item) *Breakdown {
	byID := make(map[string]Entry, len(entries))
	for _, e := range entries {
		byID[e.ID] = e
	}
	b := &Breakdown{ByCollection: map[string]*Bins{}, ByShape: map[string]*Bins{}}
	bin := func(m map[string]*Bins, k string) *Bins {
		if m[k] == nil {
			m[k] = &Bins{}
		}
		return m[k]
	}
	for _, it := range items {
		e, ok := byID[it.ID]
		if !ok {
			continue
		}
		b.add(it)
		bin(b.ByCollection, e.Collection).add(it)
		bin(b.ByShape, e.Shape).add(it)
	}
	b.finish()
	for _, m := range []map[string]*Bins{b.ByCollection, b.ByShape} {
		for _, x := range m {
			x.finish()
		}
	}
	return b
}
