package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// signal TERM|INT WITHIN sends the signal to every background command and
// checks that each has ended within the duration (the test's wait then
// reads their output); one still running is killed and fails the script.
func signalCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: signal TERM|INT WITHIN")
	}
	sig := map[string]syscall.Signal{"TERM": syscall.SIGTERM, "INT": syscall.SIGINT}[args[0]]
	within, err := time.ParseDuration(args[1])
	if sig == 0 || err != nil {
		ts.Fatalf("usage: signal TERM|INT WITHIN")
	}
	cmds := ts.BackgroundCmds()
	if len(cmds) == 0 {
		ts.Fatalf("no background command")
	}
	if f := loadFactor(); f > 1 {
		// A machine with more runnable work than cores gives each process
		// its share of a core: the stop takes that much longer in time.
		within = time.Duration(float64(within) * f)
		ts.Logf("load %.1f times the cores: allowing %v", f, within.Round(time.Millisecond))
	}
	start := time.Now()
	for _, c := range cmds {
		ts.Check(c.Process.Signal(sig))
	}
	var late []string
	for _, c := range cmds {
		// The script's own goroutine waits for each command; a process
		// waited for is gone, and signal 0 then finds nothing.
		for !errors.Is(c.Process.Signal(syscall.Signal(0)), os.ErrProcessDone) {
			if time.Since(start) > within {
				late = append(late, c.String())
				c.Process.Kill()
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	ts.Logf("%d commands ended %v after SIG%s", len(cmds), time.Since(start).Round(time.Millisecond), args[0])
	if len(late) > 0 {
		ts.Fatalf("still running %v after SIG%s: %q", within, args[0], late)
	}
}

// loadFactor is the machine's load average over the last minute divided
// by its cores (0 where /proc/loadavg is not to be had).
func loadFactor() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var load float64
	if _, err := fmt.Sscan(string(b), &load); err != nil {
		return 0
	}
	return load / float64(runtime.NumCPU())
}

// sleep DURATION pauses the script, to let background commands get going.
func sleepCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sleep DURATION")
	}
	d, err := time.ParseDuration(args[0])
	ts.Check(err)
	time.Sleep(d)
}

// waitForCmd waits until every file named exists, failing after the
// timeout: long runs are interrupted only once they have written something
// to keep, however slowly a loaded machine starts them.
func waitForCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: waitfor TIMEOUT FILE...")
	}
	timeout, err := time.ParseDuration(args[0])
	ts.Check(err)
	deadline := time.Now().Add(timeout)
	for _, f := range args[1:] {
		for {
			if _, err := os.Stat(ts.MkAbs(f)); err == nil {
				break
			}
			if time.Now().After(deadline) {
				ts.Fatalf("%s was not written within %v", f, timeout)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
