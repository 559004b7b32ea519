package qa

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// DefaultProgressEvery is how many questions apart [Run] writes its
// plain progress lines when [Options.ProgressEvery] is 0.
const DefaultProgressEvery = 25

// progress shows how a run advances on a writer: a bar rewritten in
// place (for a terminal) or a plain line every so many questions (for a
// log). Its methods are called under the run's lock.
type progress struct {
	w     io.Writer
	total int
	every int
	start time.Time
	bar   *progressbar.ProgressBar
	// now is the clock (time.Now; a test's otherwise).
	now func() time.Time
}

// newProgress returns the progress of a run of total questions as o
// asks, or nil when o.Progress is nil.
func newProgress(o Options, total int) *progress {
	if o.Progress == nil {
		return nil
	}
	p := &progress{w: o.Progress, total: total, every: o.ProgressEvery, start: time.Now(), now: time.Now}
	if p.every <= 0 {
		p.every = DefaultProgressEvery
	}
	if o.ProgressBar {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(o.Progress),
			progressbar.OptionSetDescription("EA   0.0%"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("questions"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(o.Progress) }),
		)
	}
	return p
}

// step records that finished questions are answered, correct of them
// right.
func (p *progress) step(finished, correct int) {
	if p == nil {
		return
	}
	ea := 100 * float64(correct) / float64(max(finished, 1))
	if p.bar != nil {
		p.bar.Describe(fmt.Sprintf("EA %5.1f%%", ea))
		_ = p.bar.Set(finished)
		return
	}
	if finished%p.every != 0 && finished != p.total {
		return
	}
	fmt.Fprintln(p.w, progressLine(finished, p.total, ea, p.now().Sub(p.start)))
}

// progressLine is a plain progress line: "  25/577 questions  EA 31.0%
// 1.9 questions/s  ETA 4m50s".
func progressLine(finished, total int, ea float64, elapsed time.Duration) string {
	line := fmt.Sprintf("  %d/%d questions  EA %.1f%%", finished, total, ea)
	if elapsed <= 0 || finished == 0 {
		return line
	}
	rate := float64(finished) / elapsed.Seconds()
	line += fmt.Sprintf("  %.2f questions/s", rate)
	if left := total - finished; left > 0 {
		line += "  ETA " + (time.Duration(float64(left) / rate * float64(time.Second))).Round(time.Second).String()
	} else {
		line += "  took " + elapsed.Round(time.Second).String()
	}
	return line
}

// finish ends the progress display: a bar stopped before the end (an
// interrupted run) keeps its state and gets its newline.
func (p *progress) finish() {
	if p == nil || p.bar == nil || p.bar.IsFinished() {
		return
	}
	_ = p.bar.Exit()
	fmt.Fprintln(p.w)
}
