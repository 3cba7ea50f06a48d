package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/internal/atomicfile"
)

func init() {
	var gf gameFlags
	var players, record, load, savePos string
	var seed uint64
	var maxPlies int
	c := &cobra.Command{
		Use:   "play FILE",
		Short: "Play a game in the terminal against a random mover or a human",
		Long: `play runs a game in the terminal: the board is drawn as text and each human
player types a move in the universal notation or its number in the list
("?" shows the list again, "quit" leaves). --players gives one kind per
player in turn order, human or random (default: the first player human,
the others random). Dice and other random players always move at random.
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
  ludus play games/chess.zrf --players random,random --max-plies 40 --record game.pgn`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, s, err := gf.open(args[0])
			if err != nil {
				return err
			}
			rng := rand.New(rand.NewPCG(seed, 0x706c6179))
			in := bufio.NewReader(cmd.InOrStdin())
			out := cmd.OutOrStdout()
			agents, err := makeAgents(players, g.Rules.Players, in, out, rng)
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
			var rec *engine.Record
			if load != "" {
				saved, err := loadGameRecord(load, start)
				if err != nil {
					return err
				}
				if err := saved.Replay(s); err != nil {
					return fmt.Errorf("%s: %w", load, err)
				}
				rec, _, err = engine.ResumeMatch(s, saved, agents, rng, out, g.View, maxPlies)
			} else {
				rec, _, err = engine.PlayMatch(s, agents, rng, out, g.View, maxPlies)
			}
			if errors.Is(err, engine.ErrQuit) {
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
	c.Flags().StringVar(&players, "players", "", "kinds of players in order, comma separated: human or random (random players, dice, may be left out)")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of the random movers")
	c.Flags().IntVar(&maxPlies, "max-plies", 1000, "stop after this many moves")
	c.Flags().StringVar(&record, "record", "", "save the game record to this file")
	c.Flags().StringVar(&savePos, "save-position", "", "write the last position to this file (position format)")
	c.Flags().StringVar(&load, "load", "", "replay this game record first and go on from where it stops")
	rootCmd.AddCommand(c)
}

// makeAgents turns --players into one agent per player. Random players
// (dice) always move at random and may be left out of the list.
func makeAgents(spec string, players []rules.Player, in *bufio.Reader, out io.Writer, rng *rand.Rand) ([]engine.Agent, error) {
	n := len(players)
	kinds := make([]string, n)
	var choosers []int // the players who are not dice
	for i, p := range players {
		kinds[i] = "random"
		if !p.Random {
			choosers = append(choosers, i)
		}
	}
	if len(choosers) > 0 {
		kinds[choosers[0]] = "human"
	}
	if spec != "" {
		given := strings.Split(spec, ",")
		switch len(given) {
		case n:
			copy(kinds, given)
		case len(choosers):
			for k, i := range choosers {
				kinds[i] = given[k]
			}
		default:
			return nil, fmt.Errorf("--players lists %d players, the game has %d (%d who choose their moves)", len(given), n, len(choosers))
		}
	}
	agents := make([]engine.Agent, n)
	for i, k := range kinds {
		switch strings.TrimSpace(k) {
		case "human":
			agents[i] = engine.HumanAgent{In: in, Out: out}
		case "random":
			agents[i] = engine.RandomAgent{Rng: rng}
		default:
			return nil, fmt.Errorf("--players: unknown kind %q (human or random)", k)
		}
	}
	return agents, nil
}
