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
	"syscall"
)

func main() {
	// Ctrl-C (or a SIGTERM from a service manager or kill) cancels the
	// context: long runs stop at the next job boundary and keep what they
	// have written (results files, databases).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := rootCmd.ExecuteContext(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(os.Stderr, "ludus: interrupted")
			os.Exit(130)
		}
		fmt.Fprintln(os.Stderr, "ludus:", err)
		os.Exit(1)
	}
}
