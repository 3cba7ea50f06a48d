// Command ludus designs games with a computer: a universal board-game engine
// driven by a rules language, AI players, matches with statistics, and
// procedural generators of puzzles, dungeon maps and tile sets.
//
// Run "ludus help" for the list of subcommands and "ludus help CMD" for one.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// grace is how long a command has, after Ctrl-C or SIGTERM, to stop on its
// own before ludus exits without it. Every long loop watches the context and
// stops within milliseconds; files are written atomically and databases in
// transactions, so an exit at any moment keeps what was written. A command
// that must drain (the server's connections) says how long it takes with
// the annotation graceKey.
const grace = time.Second

// graceKey is the command annotation of a longer grace ("6s").
const graceKey = "ludus/grace"

// running is the command being run, for its grace.
var running atomic.Pointer[cobra.Command]

// graceOf returns the grace of the command being run.
func graceOf() time.Duration {
	if c := running.Load(); c != nil {
		if d, err := time.ParseDuration(c.Annotations[graceKey]); err == nil {
			return d
		}
	}
	return grace
}

func main() {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	var status atomic.Int32 // the exit status of the signal caught
	go func() {
		status.Store(int32(exitStatus(<-signals)))
		stop()
		// A second signal ends ludus at once, the default action.
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		g := graceOf()
		time.Sleep(g)
		fmt.Fprintf(os.Stderr, "ludus: interrupted; stopped after %v without finishing the current step\n", g)
		os.Exit(int(status.Load()))
	}()
	err := rootCmd.ExecuteContext(ctx)
	if s := status.Load(); s != 0 {
		// Interrupted: what the command wrote is kept; a cancellation is
		// no error of its own.
		if err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintln(os.Stderr, "ludus:", err)
		}
		fmt.Fprintln(os.Stderr, "ludus: interrupted")
		os.Exit(int(s))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ludus:", err)
		os.Exit(1)
	}
}

// exitStatus is the shell's status of a program ended by the signal: 130
// for Ctrl-C, 143 for SIGTERM.
func exitStatus(sig os.Signal) int {
	if sig == syscall.SIGTERM {
		return 143
	}
	return 130
}
