package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/games"
)

// protocolFlags are the flags of gtp and uci: the game and the bot.
type protocolFlags struct {
	variant, eval, bot string
	seed               uint64
}

func (f *protocolFlags) register(c *cobra.Command) {
	fl := c.Flags()
	fl.StringVar(&f.variant, "variant", "", "game or variant of the file, by title or number (default: the file's default)")
	fl.StringVar(&f.eval, "eval", "", `evaluation for the searches ("Man=1,King=3,mobility=5"; default: the rules')`)
	fl.StringVar(&f.bot, "bot", "mcts:time=1s", "spec of the bot that plays (ludus match --help lists them)")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the bot's games")
}

// open loads the game (the default one when no argument names it) and
// checks the bot's spec.
func (f *protocolFlags) open(args []string, def string) (*games.Game, error) {
	path := def
	if len(args) > 0 {
		path = args[0]
	}
	g, err := games.Open(path, games.Options{Variant: f.variant, Eval: f.eval})
	if err != nil {
		return nil, rulesNotFound(err)
	}
	if _, err := g.Bots.Bot(f.bot); err != nil {
		return nil, err
	}
	return g, nil
}

// newGTPCmd returns "ludus gtp".
func newGTPCmd() *cobra.Command {
	var f protocolFlags
	c := &cobra.Command{
		Use:   "gtp [FILE]",
		Short: "Play a game of stones on a grid through the Go Text Protocol (Sabaki, GoGui)",
		Long: `gtp speaks the Go Text Protocol (version 2) on the standard input and
output, so that Go front-ends (Sabaki, GoGui) and match runners play against
a bot of ludus. The game (default: go, Go 9x9) must be one GTP can describe:
two players dropping stones on a square grid of at most 25 points a side,
and passing; black is the player called Black (else the first). boardsize
picks the variant of the rules file with that size (boardsize 5 plays Go
5x5); komi sets white's komi in games that count a score.

The commands: protocol_version, name, version, known_command,
list_commands, quit, boardsize, clear_board, komi, play, genmove,
reg_genmove, undo, final_score, showboard, time_settings and time_left
(the clock then sets the bot's time per move, for bots with a time). A
play or genmove of the colour not to move puts a pass of the other before
it when the rules allow one, as handicap stones are placed.`,
		Example: `  ludus gtp
  ludus gtp go --variant "Go 5x5" --bot mcts:iterations=5000
  ludus gtp games/tic-tac-toe.zrf --bot alphabeta:depth=9`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := f.open(args, "go")
			if err != nil {
				return err
			}
			e := &gtp.Engine{Name: "ludus", Version: ludusVersion(), Game: g.Compiled, Eval: g.Eval,
				Bots: g.Bots, Bot: f.bot, Seed: f.seed, Resize: resizer(g, f.eval)}
			if _, err := gtp.NewBoard(g.Compiled); err != nil {
				return err
			}
			return e.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	f.register(c)
	return c
}

// resizer returns the game of another board size among the variants of
// g's rules file, for boardsize.
func resizer(g *games.Game, eval string) func(int) (*engine.Game, *engine.Evaluator, error) {
	return func(n int) (*engine.Game, *engine.Evaluator, error) {
		for _, e := range g.File.Games {
			v, err := games.Build(g.File, e, games.Options{Eval: eval})
			if err != nil {
				continue
			}
			if b, err := gtp.NewBoard(v.Compiled); err == nil && b.Size() == n {
				return v.Compiled, v.Eval, nil
			}
		}
		return nil, nil, fmt.Errorf("%s has no game of %dx%d", g.Path, n, n)
	}
}
