package main

import (
	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine/uci"
)

// newUCICmd returns "ludus uci".
func newUCICmd() *cobra.Command {
	var f protocolFlags
	c := &cobra.Command{
		Use:   "uci [FILE]",
		Short: "Play chess through the Universal Chess Interface (chess GUIs)",
		Long: `uci speaks the Universal Chess Interface on the standard input and output,
so that chess front-ends play against a bot of ludus. The game (default:
chess) must be one UCI can describe: chess on squares a1 to h8 with the six
standard pieces.

The commands: uci, isready, setoption (the option Bot sets the bot's spec),
ucinewgame, position startpos|fen ... moves ..., go with movetime, wtime,
btime, winc, binc, movestogo, depth, nodes, infinite or ponder, stop,
ponderhit and quit. The limits of go set the bot's parameters its kind
has: its time (from movetime or the clock), depth, and iterations or
nodes; the bot's own spec rules the rest. An infinite search runs rounds
of growing time until stop and answers with the last one finished. Each
search writes an info line: depth, score in centipawns (the bot's chance
of winning mapped by the Elo curve), nodes, time and the move as pv.`,
		Example: `  ludus uci
  ludus uci chess --bot alphabeta:time=2s`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := f.open(args, "chess")
			if err != nil {
				return err
			}
			if _, err := uci.NewChess(g.Compiled); err != nil {
				return err
			}
			e := &uci.Engine{Name: "ludus " + ludusVersion(), Author: "the ludus authors", Game: g.Compiled, Eval: g.Eval,
				Bots: g.Bots, Bot: f.bot, Seed: f.seed}
			return e.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	f.register(c)
	return c
}
