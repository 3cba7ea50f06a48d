//go:build unix

package extbot_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/search"
)

// pids reads the process ids a gtp-spawn engine wrote: its own and its
// child's.
func pids(t *testing.T, file string) []int {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		data, err := os.ReadFile(file)
		if f := strings.Fields(string(data)); err == nil && len(f) == 2 {
			a, _ := strconv.Atoi(f[0])
			b, _ := strconv.Atoi(f[1])
			return []int{a, b}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no pids in %s", file)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// running reports whether a process runs: it exists and is no zombie.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true // no /proc: it exists
	}
	f := strings.Fields(string(stat))
	return len(f) < 3 || f[2] != "Z"
}

// gone waits for the engine and its child to be gone: the engine
// (ludus's child) without a trace, its child at least not running.
func gone(t *testing.T, ps []int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(ps[0], 0) == nil || running(ps[1]) {
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s: engine %d exists %v, its child %d runs %v", ps[0], syscall.Kill(ps[0], 0) == nil, ps[1], running(ps[1]))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A cancelled move (Ctrl-C, the server's shutdown), a move that takes too
// long and the end of a session or of a pool each end the engine and
// what it started, leaving no zombie.
func TestEnginesEnd(t *testing.T) {
	g := open(t, "go", "Go 5x5")
	spawn := func(extra string) (search.Bot[engine.Ply, *engine.Position], string) {
		file := filepath.Join(t.TempDir(), "pids")
		b, err := g.Bots.Bot("gtp:" + fakeCmd("gtp-spawn", file) + extra)
		if err != nil {
			t.Fatal(err)
		}
		return b, file
	}

	t.Run("cancel", func(t *testing.T) {
		b, file := spawn("")
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			pids(t, file)
			time.Sleep(50 * time.Millisecond)
			cancel()
		}()
		start := time.Now()
		_, err := b.Choose(ctx, g.New())
		if !errors.Is(err, context.Canceled) || time.Since(start) > 15*time.Second {
			t.Errorf("cancelled after %v: %v", time.Since(start), err)
		}
		gone(t, pids(t, file))
	})
	t.Run("timeout", func(t *testing.T) {
		b, file := spawn(",timeout=300ms")
		_, err := b.Choose(context.Background(), g.New())
		if f, ok := search.AsForfeit(err); !ok || f.Reason != "no answer in time" {
			t.Errorf("%v", err)
		}
		gone(t, pids(t, file))
	})
	t.Run("session", func(t *testing.T) {
		b, err := g.Bots.Bot("gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "random"))
		if err != nil {
			t.Fatal(err)
		}
		s := search.NewSession(b, 1)
		if _, err := s.Choose(context.Background(), g.New()); err != nil {
			t.Fatal(err)
		}
		if ps := extbot.PIDs(b); len(ps) != 0 {
			t.Errorf("the pool holds %v, the session's engine is its own", ps)
		}
		pid := extbot.SessionPID(s)
		s.Close()
		if pid == 0 || syscall.Kill(pid, 0) == nil {
			t.Errorf("engine %d still there after the session closed", pid)
		}
	})
	t.Run("pool", func(t *testing.T) {
		b, err := g.Bots.Bot("gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "random"))
		if err != nil {
			t.Fatal(err)
		}
		pos := g.New()
		for range 3 {
			d, err := b.Choose(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			pos.Play(d.Move)
		}
		ps := extbot.PIDs(b)
		if len(ps) != 1 {
			t.Fatalf("the pool holds %v after three moves, want one engine", ps)
		}
		b.(interface{ Close() error }).Close()
		deadline := time.Now().Add(10 * time.Second)
		for syscall.Kill(ps[0], 0) == nil {
			if time.Now().After(deadline) {
				t.Fatalf("engine %d still there after Close", ps[0])
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// Sessions that end leave no goroutine behind (the reader of each
// program's output ends with it).
func TestNoGoroutineLeft(t *testing.T) {
	g := open(t, "go", "Go 5x5")
	b, err := g.Bots.Bot("gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "random"))
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	for range 4 {
		s := search.NewSession(b, 1)
		if _, err := s.Choose(context.Background(), g.New()); err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := search.NewSession(b, 1)
	s.Choose(ctx, g.New())
	s.Close()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines before, %d after", before, runtime.NumGoroutine())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
