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

// newRootCmd returns the ludus command with its subcommands, all of them
// listed here; each is made by a constructor in a file of its own, and a
// group (bench, dungeon, linjat, tiles, 2048, runs) lists its own
// subcommands in its constructor.
func newRootCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "ludus",
		Short: "Design games with a computer",
		Long: `ludus designs games with a computer: a universal board-game engine driven
by a text rules language, AI players, matches with statistics, and procedural
generators of puzzles, dungeon maps and tile sets.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// One check of every flag before any command does work: see flagcheck.go.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			running.Store(cmd)
			return checkFlags(cmd)
		},
	}
	c.CompletionOptions.DisableDefaultCmd = true
	// ludus --version: the version the runs in the store are kept with.
	c.Version = ludusVersion()
	c.SetVersionTemplate("ludus {{.Version}}\n")
	c.AddCommand(
		// Board games: the bundled rules, the engine, its bots in matches.
		newGamesCmd(),
		newRulesCmd(),
		newEnginePlayCmd(),
		newPerftCmd(),
		newEngineRenderCmd(),
		newConvertCmd(),
		newMatchCmd(),
		newTournamentCmd(),
		newBalanceCmd(),
		newGTPCmd(),
		newUCICmd(),
		// The other domains.
		newTwenty48Cmd(),
		newLinjatCmd(),
		newDungeonCmd(),
		newTilesCmd(),
		// The server, the store's runs, the queue's workers, benchmarks.
		newServeCmd(),
		newRunsCmd(),
		newWorkerCmd(),
		newBenchCmd(),
	)
	return c
}

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
	err := newRootCmd().ExecuteContext(ctx)
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
