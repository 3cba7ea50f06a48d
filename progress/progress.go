// Package progress shows progress bars for long runs on standard error, and
// only when standard error is a terminal, so that logs and pipes stay clean.
package progress

import (
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Bar is a progress bar; a nil *Bar, or one made when no terminal is
// attached, accepts every call and draws nothing. It is safe for concurrent
// use.
type Bar struct {
	mu sync.Mutex
	pb *progressbar.ProgressBar
}

// Enabled reports whether bars will be drawn: standard error is a terminal.
// Tests and redirected runs draw nothing.
var Enabled = term.IsTerminal(int(os.Stderr.Fd()))

// New starts a bar for total steps with a description; a total of -1 draws a
// spinner for work of unknown length (time budgets).
func New(total int64, description string) *Bar {
	if !Enabled {
		return &Bar{}
	}
	pb := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("it"),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)
	return &Bar{pb: pb}
}

// Add advances the bar by n steps.
func (b *Bar) Add(n int) {
	if b == nil || b.pb == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pb.Add(n)
}

// Describe replaces the description, e.g. with a running statistic.
func (b *Bar) Describe(s string) {
	if b == nil || b.pb == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pb.Describe(s)
}

// Finish completes and clears the bar.
func (b *Bar) Finish() {
	if b == nil || b.pb == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pb.Finish()
}
