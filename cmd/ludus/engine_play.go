package main

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/terminal"
	"github.com/ludus-games/ludus/internal/atomicfile"
)

// newEnginePlayCmd returns "ludus play".
func newEnginePlayCmd() *cobra.Command {
	var gf gameFlags
	var players, record, load, savePos string
	var seed uint64
	var maxPlies int
	c := &cobra.Command{
		Use:   "play FILE",
		Short: "Play a game in the terminal against a random mover or a human",
		Long: `play runs a game in the terminal: the board is drawn as text and each human
player types a move in the universal notation, the start of one move
without the names of the rules' programs ("b2", "e2e4"), or its number in
the list ("?" shows the list again, "quit" leaves). --players gives one kind per
player in turn order, human, random or any bot spec (default: the first
player human, the others random); with bot specs, which have commas of
their own, separate the players with ";". Dice and other random players always move at random.
--load replays a saved record (its variations checked too) and the game
goes on from its last position; --record then saves it with the new moves.
A record is written and read in the notation of its extension: .pgn (PGN,
chess-like games), .sgf (SGF), .pdn (PDN, draughts), any other the
universal notation's record format.
--save-position writes the last position in the position format, which
--position reads back (here and in perft, rules and render).`,
		Example: `  ludus play games/tic-tac-toe.zrf
  ludus play games/checkers.zrf --players random,random --seed 3 --record game.txt
  ludus play games/checkers.zrf --load game.txt --max-plies 10 --record longer.txt
  ludus play games/chess.zrf --players random,random --max-plies 40 --record game.pgn
  ludus play games/connect-four.zrf --players "human;mcts:iterations=2000"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, s, err := gf.open(args[0])
			if err != nil {
				return err
			}
			rng := rand.New(rand.NewPCG(seed, 0x706c6179))
			random := terminal.NewRandom(rng)
			human := terminal.Human{In: bufio.NewReader(cmd.InOrStdin()), Out: cmd.OutOrStdout()}
			out := cmd.OutOrStdout()
			seats, err := terminal.Seats(players, g.Rules, g.Bots, human, random)
			if err != nil {
				return err
			}
			// The record starts from here; play and --load move s on.
			start := s.Clone()
			if record != "" {
				if err := checkRecordFormat(record, start); err != nil {
					return err
				}
			}
			var saved *engine.Record
			if load != "" {
				if saved, err = loadGameRecord(load, start); err != nil {
					return err
				}
				if s, err = fromRecord(saved, s); err != nil {
					return fmt.Errorf("%s: %w", load, err)
				}
				start = s.Clone()
				if err := saved.Replay(s); err != nil {
					return fmt.Errorf("%s: %w", load, err)
				}
			}
			tg := terminal.Game{Pos: engine.NewPosition(s, g.Eval), Seats: seats, Dice: random, Out: out, View: g.View, MaxPlies: maxPlies}
			var rec *engine.Record
			if saved != nil {
				rec, _, err = terminal.Resume(cmd.Context(), tg, saved)
			} else {
				rec, _, err = terminal.Play(cmd.Context(), tg)
			}
			if errors.Is(err, terminal.ErrQuit) {
				fmt.Fprintln(out, "game left")
				err = nil
			}
			if err != nil {
				return err
			}
			if record != "" {
				rec.SetTag("File", args[0])
				if gf.variant != "" {
					rec.SetTag("Variant", gf.variant)
				}
				if err := saveGameRecord(record, start, rec); err != nil {
					return err
				}
				fmt.Fprintf(out, "record written to %s\n", record)
			}
			if savePos != "" {
				if err := atomicfile.WriteFile(savePos, []byte(s.FormatPosition())); err != nil {
					return err
				}
				fmt.Fprintf(out, "position written to %s\n", savePos)
			}
			return nil
		},
	}
	gf.register(c, true)
	c.Flags().StringVar(&players, "players", "", "kinds of players in order, comma separated (or ; between bot specs): human, random or a bot spec (random players, dice, may be left out)")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of the random movers")
	c.Flags().IntVar(&maxPlies, "max-plies", 1000, "stop after this many moves")
	c.Flags().StringVar(&record, "record", "", "save the game record to this file")
	c.Flags().StringVar(&savePos, "save-position", "", "write the last position to this file (position format)")
	c.Flags().StringVar(&load, "load", "", "replay this game record first and go on from where it stops")
	return c
}
