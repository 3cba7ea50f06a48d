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
	"sync"
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
// timeout (0: no limit). profile is the browser's profile directory, which must be
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

// start makes one attempt of Start; a timeout of 0 sets no limit.
func start(chrome string, timeout time.Duration, profile string, opts []chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc, error) {
	tctx, cancelTime := context.WithCancel(context.Background())
	if timeout > 0 {
		tctx, cancelTime = context.WithTimeout(context.Background(), timeout)
	}
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
		// Tests run tabs side by side: none of them is in front, and none
		// may have its timers slowed for it.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
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

// shared is the browser whose tabs Tab opens.
var shared struct {
	mu      sync.Mutex
	ctx     context.Context // its first tab
	stop    context.CancelFunc
	profile string
}

// Tab opens a tab for the test in a headless browser that the tests of
// the package share, skipping the test when there is no browser. The
// first Tab starts the browser with its options (the others' options are
// not used); StopShared, or the end of the test binary, stops it. The tab
// has a browser context of its own, so that no cookie or stored value
// passes from test to test; it closes when the test ends, and everything
// in it must be done within timeout. A browser takes seconds of processor
// time to start, a tab a fraction of one.
func Tab(t testing.TB, timeout time.Duration, opts ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	bctx, err := sharedBrowser(opts)
	if errors.Is(err, ErrNoBrowser) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	tab, closeTab := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, timeout)
	t.Cleanup(func() {
		cancel()
		closeTab()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

// sharedBrowser returns the first tab of the shared browser, starting it
// (again, if it has died).
func sharedBrowser(opts []chromedp.ExecAllocatorOption) (context.Context, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx, nil
	}
	stopShared()
	profile, err := os.MkdirTemp("", "ludus-chrome")
	if err != nil {
		return nil, err
	}
	ctx, stop, err := Start(0, profile, opts...)
	if err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	shared.ctx, shared.stop, shared.profile = ctx, stop, profile
	return ctx, nil
}

// StopShared stops the browser of Tab, if one was started, and removes
// its profile: a package's TestMain calls it after the tests.
func StopShared() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	stopShared()
}

func stopShared() {
	if shared.stop != nil {
		shared.stop()
	}
	if shared.profile != "" {
		os.RemoveAll(shared.profile)
	}
	shared.ctx, shared.stop, shared.profile = nil, nil, ""
}
