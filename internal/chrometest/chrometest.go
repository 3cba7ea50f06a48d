// Package chrometest gives tests a real browser: a headless Chromium (or
// Chrome) driven through the DevTools protocol with chromedp, to check
// what people see. Tests skip with the reason when no browser is
// installed; LUDUS_CHROME names one that is not on the PATH.
package chrometest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Path returns the browser to drive, or "" when none is found.
func Path() string {
	if p := os.Getenv("LUDUS_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// ErrNoBrowser is returned by Start when no browser is installed.
var ErrNoBrowser = errors.New("no Chromium or Chrome found: install chromium or set LUDUS_CHROME to a browser's path")

// Start starts a headless browser and returns the context of its first
// tab and the function that stops it; everything must be done within
// timeout. profile is the browser's profile directory, which must be
// fresh; opts add to the browser's options (a window size, say).
func Start(timeout time.Duration, profile string, opts ...chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc, error) {
	chrome := Path()
	if chrome == "" {
		return nil, nil, ErrNoBrowser
	}
	// A browser that starts on a busy machine now and then fails to say
	// where it listens in time: such a start is tried again, each time in
	// a fresh profile.
	var err error
	for try := 1; try <= 3; try++ {
		var ctx context.Context
		var stop context.CancelFunc
		ctx, stop, err = start(chrome, timeout, filepath.Join(profile, strconv.Itoa(try)), opts)
		if err == nil {
			return ctx, stop, nil
		}
	}
	return nil, nil, err
}

// start makes one attempt of Start.
func start(chrome string, timeout time.Duration, profile string, opts []chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc, error) {
	tctx, cancelTime := context.WithTimeout(context.Background(), timeout)
	actx, cancelAlloc := chromedp.NewExecAllocator(tctx, append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chrome),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(profile),
	}, opts...)...)
	bctx, cancelTab := chromedp.NewContext(actx)
	stop := func() {
		cancelTab()
		cancelAlloc()
		cancelTime()
	}
	// Start the browser now, so that a browser that cannot start is an
	// error here rather than in the first action.
	if err := chromedp.Do(bctx); err != nil {
		stop()
		return nil, nil, fmt.Errorf("starting %s: %w", chrome, err)
	}
	return bctx, stop, nil
}

// New starts a headless browser for the test (see Start), skipping the
// test when there is none; the browser stops when the test ends.
func New(t testing.TB, timeout time.Duration, opts ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	ctx, stop, err := Start(timeout, t.TempDir(), opts...)
	if errors.Is(err, ErrNoBrowser) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return ctx
}
