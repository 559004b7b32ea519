package schemaforge_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	schemaforge "github.com/schemaforge/go-schemaforge"
	"github.com/schemaforge/go-schemaforge/examples/demo"
)

func TestCheckQuestionLength(t *testing.T) {
	tests := []struct {
		q    string
		max  int
		long bool
	}{
		{"abc", 3, false},
		{"abcd", 3, true},
		{"ééé", 3, false}, // six bytes, three characters
		{"éééé", 3, true},
		{strings.Repeat("x", 1<<20), -1, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		err := schemaforge.CheckQuestionLength(tt.q, tt.max)
		if long := errors.Is(err, schemaforge.ErrQuestionTooLong); long != tt.long || (err != nil) != tt.long {
			t.Errorf("CheckQuestionLength(%d bytes, %d) = %v, want too long %v", len(tt.q), tt.max, err, tt.long)
		}
	}
	err := schemaforge.CheckQuestionLength(strings.Repeat("é", 2001), 2000)
	for _, want := range []string{"2001 characters", "limit of 2000", "Config.MaxQuestion"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not say %q", err, want)
		}
	}
	if got := schemaforge.DefaultConfig().MaxQuestion; got != 2000 || schemaforge.DefaultMaxQuestion != 2000 {
		t.Errorf("DefaultConfig().MaxQuestion = %d, want 2000", got)
	}
}

// padded returns question followed by filler words up to n characters.
func padded(question string, n int) string {
	var b strings.Builder
	b.WriteString(question)
	for b.Len() < n {
		b.WriteString(" please")
	}
	return b.String()[:n]
}

// TestAskQuestionLimit checks that Ask refuses a question longer than
// Config.MaxQuestion before doing any work, takes one at the limit, and
// takes any with no limit.
func TestAskQuestionLimit(t *testing.T) {
	ctx := context.Background()
	coll, err := demo.Collection(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const q = "How many films did Ada Brook direct?"
	p, err := schemaforge.New(coll)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := p.Ask(ctx, padded(q, 2001))
	if !errors.Is(err, schemaforge.ErrQuestionTooLong) || ans != nil || !strings.Contains(err.Error(), "limit of 2000") {
		t.Errorf("2001 characters: answer %v, error %v; want ErrQuestionTooLong naming the limit of 2000", ans, err)
	}
	// Refused before any work: even a cancelled context is not looked at.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := p.Ask(cancelled, padded(q, 5000)); !errors.Is(err, schemaforge.ErrQuestionTooLong) {
		t.Errorf("5000 characters, cancelled context: %v; want ErrQuestionTooLong", err)
	}
	if _, err := p.Ask(ctx, padded(q, 2000)); errors.Is(err, schemaforge.ErrQuestionTooLong) {
		t.Errorf("2000 characters: %v", err)
	}

	small, err := schemaforge.New(coll, schemaforge.WithConfig(schemaforge.Config{MaxQuestion: 10}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := small.Ask(ctx, q); !errors.Is(err, schemaforge.ErrQuestionTooLong) || !strings.Contains(err.Error(), "limit of 10") {
		t.Errorf("MaxQuestion 10: %v", err)
	}
	unlimited, err := schemaforge.New(coll, schemaforge.WithConfig(schemaforge.Config{MaxQuestion: -1}))
	if err != nil {
		t.Fatal(err)
	}
	ans, err = unlimited.Ask(ctx, padded(q, 3000))
	if err != nil || ans == nil || ans.Results == nil {
		t.Fatalf("no limit, 3000 characters: %v, %v", ans, err)
	}
	if got := ans.Results.Rows[0][ans.Results.Vars[0]].Key(); !strings.Contains(got, "3") {
		t.Errorf("no limit, 3000 characters: answer %s, want 3", got)
	}
}

// longQuestions are questions of about n bytes in two shapes a long
// question takes: one question said over and over (its query gets a
// filter per repetition), and a list of things named (a triple or value
// per name).
var longQuestions = []struct {
	name       string
	start, rep string
}{
	{"repeated", "", "How many films did Ada Brook direct? "},
	{"names", "Which actors appeared in The Salt Road", " and Paper Moons"},
}

func longQuestion(start, rep string, n int) string {
	var b strings.Builder
	b.WriteString(start)
	for b.Len() < n {
		b.WriteString(rep)
	}
	return b.String() + "?"
}

// BenchmarkAskLongQuestion asks the demo questions of 1, 4 and 16 KB with
// the length limit off and reports the time per byte of question
// (ns/byte), which stays flat where the pipeline is linear in the
// question's length. Ratios measured at the commit that added it are in
// its message; no test asserts on time.
func BenchmarkAskLongQuestion(b *testing.B) {
	ctx := context.Background()
	coll, err := demo.Collection(ctx)
	if err != nil {
		b.Fatal(err)
	}
	p, err := schemaforge.New(coll, schemaforge.WithConfig(schemaforge.Config{MaxQuestion: -1}))
	if err != nil {
		b.Fatal(err)
	}
	if err := p.Prepare(ctx); err != nil {
		b.Fatal(err)
	}
	for _, shape := range longQuestions {
		for _, n := range []int{1 << 10, 4 << 10, 16 << 10} {
			q := longQuestion(shape.start, shape.rep, n)
			b.Run(fmt.Sprintf("%s/%dKB", shape.name, n>>10), func(b *testing.B) {
				for b.Loop() {
					if _, err := p.Ask(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(q)), "ns/byte")
			})
		}
	}
}
