package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
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

// waitcpu DURATION waits until every background command has used that
// much processor time: then it has long installed its signal handlers and
// is at work, however slowly a loaded machine started it (a sleep in
// wall time is no such promise). Where the system does not tell a
// process's time, it sleeps the duration instead.
func waitCPUCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitcpu DURATION")
	}
	want, err := time.ParseDuration(args[0])
	ts.Check(err)
	cmds := ts.BackgroundCmds()
	if len(cmds) == 0 {
		ts.Fatalf("no background command")
	}
	deadline := time.Now().Add(2 * time.Minute)
	for _, c := range cmds {
		for {
			used, ok := processCPU(c.Process.Pid)
			if !ok {
				if errors.Is(c.Process.Signal(syscall.Signal(0)), os.ErrProcessDone) {
					ts.Fatalf("%s ended before using %v of processor time", c, want)
				}
				time.Sleep(want)
				break
			}
			if used >= want {
				break
			}
			if time.Now().After(deadline) {
				ts.Fatalf("%s used %v of processor time in two minutes, want %v", c, used, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// processCPU returns the processor time (user and system) that process
// pid has used, from /proc/PID/stat, and false where that cannot be read
// (not Linux, or the process is gone).
func processCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command name (in parentheses, which may hold
	// spaces): state is the first, utime the 12th and stime the 13th, in
	// clock ticks of 1/100 s.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	f := strings.Fields(s[i+1:])
	if i < 0 || len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil || f[0] == "Z" {
		return 0, false
	}
	return time.Duration(u+k) * 10 * time.Millisecond, true
}

// waitGrepCmd waits until a file holds a match of a regular expression
// (waitgrep TIMEOUT FILE REGEXP): a server has written that it holds its
// lock, say.
func waitGrepCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: waitgrep TIMEOUT FILE REGEXP")
	}
	timeout, err := time.ParseDuration(args[0])
	ts.Check(err)
	re, err := regexp.Compile(args[2])
	ts.Check(err)
	deadline := time.Now().Add(timeout)
	for {
		if b, err := os.ReadFile(ts.MkAbs(args[1])); err == nil && re.Match(b) {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("%s held no match of %s within %v", args[1], args[2], timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
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

// TestProcessCPU: on Linux the processor time of a process is read, and
// grows as it works.
func TestProcessCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/PID/stat is Linux's")
	}
	before, ok := processCPU(os.Getpid())
	if !ok {
		t.Fatal("the test's own processor time not read")
	}
	deadline := time.Now().Add(time.Minute)
	for x := 0.0; ; x++ {
		if used, _ := processCPU(os.Getpid()); used >= before+50*time.Millisecond {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("processor time stuck at %v", before)
		}
		_ = math.Sqrt(x)
	}
}
