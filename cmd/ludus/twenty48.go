package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/twenty48"
)

// newTwenty48Cmd returns "ludus 2048", which groups the 2048 tools.
func newTwenty48Cmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "2048",
		Short: "Play 2048 with expectimax players, replay and draw games",
		Long: `2048 plays the game of 2048 with exact original rules: expectimax players on
a bitboard (the nneonneo heuristic and ludus's own), greedy and random
baselines, statistics over many seeded games, game records in JSON lines, a
terminal replay and board pictures. See docs/2048.md.`,
	}
	c.AddCommand(newPlayCmd(), newReplayCmd(), newRenderCmd(), newTrainCmd(), newTuneCmd(), newEndgameCmd())
	return c
}

// playFlags are the settings of "ludus 2048 play".
type playFlags struct {
	spec                  twenty48.PlayerSpec
	games, workers, limit int
	seed                  uint64
	record, results, plot string
	asJSON                bool
	db                    string
	queue                 bool
}

func newPlayCmd() *cobra.Command {
	var f playFlags
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play seeded games and print statistics",
		Long: `play plays games with seeds S, S+1, ... and prints the mean, median, min and
max score, the share of games reaching each tile from 2048 to 131072, moves
per second and milliseconds per move by phase (thinking time is the CPU
time of the thinking thread).

--depth D searches the root move plus D further player moves (as
nneonneo/2048-ai counts its depth limit); without --depth the depth adapts
to the board: max(--min-depth, distinct tiles - 2), capped by --max-depth;
it plays strong games slowly (minutes of CPU a game), where --depth 3 plays
one in about a second.
--time deepens each search until the budget per move is spent (results then
depend on the machine). With depth budgets the same seed and flags give the
same games whatever --workers is.

--eval picks the board evaluation: "ludus" (the default), "nneonneo" (the
published heuristic), "learned" (the n-tuple network ludus ships), a network
FILE written by "ludus 2048 train", or the heuristic's terms as
"term=value,...", starting from the ludus weights or from those named first
("nneonneo,empty=300"). The terms, per row and per column:
` + evalTermsHelp() + `
--results FILE makes a run resumable: each finished game is added to the
file at once, and games already in it are not played again.`,
		Example: `  ludus 2048 play --games 200 --seed 1001 --depth 3 --eval nneonneo
  ludus 2048 play --games 20 --depth 2 --eval learned
  ludus 2048 play --games 20 --depth 3 --eval "empty=1000,merges=500,monotonicity=30"
  ludus 2048 play --games 50 --seed 1001 --results full.jsonl --workers 2
  ludus 2048 play --games 1 --record game.jsonl --plot scores.svg`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runPlay(cmd, f) },
	}
	fl := cmd.Flags()
	fl.IntVar(&f.games, "games", 10, "number of games")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the first game")
	fl.StringVar(&f.spec.Kind, "player", "expectimax", "expectimax, generic (the generic search package), greedy or random")
	fl.StringVar(&f.spec.Eval, "eval", "ludus", "board evaluation: "+strings.Join(twenty48.EvalNames(), ", ")+
		", a network FILE (.ntuple, from ludus 2048 train), or heuristic terms (see above)")
	fl.IntVar(&f.spec.Depth, "depth", 0, "depth limit: the root move plus D further moves (0: adaptive)")
	fl.IntVar(&f.spec.MinDepth, "min-depth", 3, "smallest adaptive depth")
	fl.IntVar(&f.spec.MaxDepth, "max-depth", 0, "largest adaptive depth (0: no cap)")
	fl.IntVar(&f.spec.RoomyEmpty, "roomy", 0, "search boards with at least this many empty cells one move shallower (0: never)")
	fl.DurationVar(&f.spec.Time, "time", 0, "time budget per move, e.g. 3ms (iterative deepening)")
	fl.Float64Var(&f.spec.MinProb, "min-prob", twenty48.DefaultMinProb, "cumulative-probability cut-off (0: search every line)")
	fl.IntVar(&f.spec.Downgrade, "downgrade", 0, "search boards whose largest tile is at least this `TILE` with their tiles shifted down past the gaps of their ranks (0: never)")
	fl.IntVar(&f.workers, "workers", 1, "games played at once (0: one per core)")
	fl.IntVar(&f.limit, "max-moves", 0, "stop each game after this many moves (0: play to the end)")
	fl.StringVar(&f.record, "record", "", "write the games' records (JSON lines) to `FILE`")
	fl.StringVar(&f.results, "results", "", "resumable results `FILE` (JSON lines, one game a line)")
	fl.StringVar(&f.plot, "plot", "", "draw the score distribution and max-tile histogram to `FILE` (.svg or .png)")
	fl.BoolVar(&f.asJSON, "json", false, "print the statistics as one JSON object")
	dbFlag(cmd, &f.db)
	fl.BoolVar(&f.queue, "queue", false, `put the games on the queue in --db (PostgreSQL) for "ludus worker"s instead of playing them`)
	rangeFlag(cmd, "games", 1, 1e6)
	for _, d := range []string{"depth", "min-depth", "max-depth", "roomy"} {
		rangeFlag(cmd, d, 0, 16) // depth 16 is days a move
	}
	rangeFlag(cmd, "min-prob", 0, 0.99)
	seedSpanFlag(cmd, "games")
	return cmd
}

// evalTermsHelp lists the heuristic's terms with their defaults, for
// --help.
func evalTermsHelp() string {
	var sb strings.Builder
	for _, t := range twenty48.EvalTerms {
		fmt.Fprintf(&sb, "  %-13s %s (ludus %g, nneonneo %g)\n", t.Name, t.Doc,
			t.Get(twenty48.LudusWeights), t.Get(twenty48.NneonneoWeights))
	}
	return sb.String()
}

func runPlay(cmd *cobra.Command, f playFlags) error {
	cfg := twenty48.RunConfig{Player: f.spec, Seed: f.seed, Games: f.games, MaxMoves: f.limit}
	if f.limit < 0 {
		return fmt.Errorf("--max-moves must not be negative")
	}
	// The player is checked before a run is queued or kept.
	if _, err := twenty48.NewPlayer(f.spec); err != nil {
		return err
	}
	if f.queue {
		return runs.Queue2048(cmd.Context(), runEnv(cmd, f.db), cfg)
	}
	var bar *progress.Bar
	defer func() { bar.Finish() }()
	var total float64
	played := 0
	opt := twenty48.RunOptions{Workers: f.workers, Results: f.results,
		Start: func(n int) { bar = progress.New(int64(n), "2048") },
		Done: func(r twenty48.GameResult) {
			played++
			total += float64(r.Score)
			bar.Add(1)
			bar.Describe(fmt.Sprintf("2048: mean %.0f", total/float64(played)))
		}}
	kept, err := runs.Keep2048(cmd.Context(), runEnv(cmd, f.db), cfg, &opt)
	if err != nil {
		return err
	}
	defer kept.Close()
	var games []twenty48.GameResult
	run := func(w io.Writer) error {
		opt.Record = w
		var err error
		games, err = twenty48.Run(cmd.Context(), cfg, opt)
		return err
	}
	switch {
	case f.record != "" && kept.Resumed():
		if err = run(nil); err == nil {
			err = kept.WriteRecords(f.record)
		}
	case f.record != "":
		err = atomicfile.Write(f.record, run)
	default:
		err = run(nil)
	}
	if err = kept.End(err); err != nil {
		return err
	}
	bar.Finish()
	sum := twenty48.Summarize(games)
	out := cmd.OutOrStdout()
	if f.asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		err = enc.Encode(sum)
	} else {
		err = runs.Write2048(out, cfg, sum)
	}
	if err != nil || f.plot == "" {
		return err
	}
	d := twenty48.PlotResults(games, f.spec.Label())
	if f.asJSON {
		return render.Save(f.plot, d) // standard output holds the JSON alone
	}
	return savePicture(out, f.plot, d)
}

func newReplayCmd() *cobra.Command {
	var opt twenty48.ReplayOptions
	var game uint64
	var step bool
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a recorded game in the terminal",
		Long: `replay shows a recorded game position by position: on a terminal it
animates the board (--delay) or waits for Enter before each move (--step,
"q" then Enter quits); otherwise it prints every position.`,
		Example: `  ludus 2048 replay game.jsonl --delay 100ms
  ludus 2048 replay game.jsonl --game 1003 --from 500 --step`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, err := loadRecord(cmd, args[0], game)
			if err != nil {
				return err
			}
			if isTerminal(cmd.OutOrStdout()) {
				opt.Clear, opt.Color = true, true
			} else {
				opt.Delay = 0
			}
			if step {
				opt.Step, opt.Delay = cmd.InOrStdin(), 0
			}
			return twenty48.Replay(cmd.Context(), cmd.OutOrStdout(), rec, opt)
		},
	}
	fl := cmd.Flags()
	fl.Uint64Var(&game, "game", 0, "game number (the seed in its header; default: the first game)")
	fl.IntVar(&opt.From, "from", 0, "first position shown (moves played)")
	fl.IntVar(&opt.To, "to", 0, "last position shown (0: the end)")
	fl.DurationVar(&opt.Delay, "delay", 150*time.Millisecond, "pause between positions on a terminal")
	fl.BoolVar(&step, "step", false, "wait for Enter before each position")
	return cmd
}

func newRenderCmd() *cobra.Command {
	var game uint64
	var move int
	var out string
	var scale float64
	cmd := &cobra.Command{
		Use:   "render FILE",
		Short: "Draw a board of a recorded game as SVG or PNG",
		Long: `render draws the board of a recorded game after --move N moves (and their
spawns; 0 is the start, -1 the final board) in the original game's colours.`,
		Example: `  ludus 2048 render game.jsonl --move 1500 -o board.png`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("missing -o FILE (.svg or .png)")
			}
			rec, err := loadRecord(cmd, args[0], game)
			if err != nil {
				return err
			}
			switch {
			case move > len(rec.Moves):
				return fmt.Errorf("--move %d: the game has %d moves", move, len(rec.Moves))
			case move < 0:
				move = len(rec.Moves)
			}
			board, score := rec.Board(move)
			caption := fmt.Sprintf("move %d of %d, score %d", move, len(rec.Moves), score)
			if rec.Header != nil {
				caption = fmt.Sprintf("game %d, %s", rec.Header.Game, caption)
			}
			d := twenty48.BoardDrawing(board, caption)
			d.Scale = scale
			return savePicture(cmd.OutOrStdout(), out, d)
		},
	}
	fl := cmd.Flags()
	fl.Uint64Var(&game, "game", 0, "game number (the seed in its header; default: the first game)")
	fl.IntVar(&move, "move", -1, "moves played before the board drawn (-1: the final board)")
	fl.StringVarP(&out, "output", "o", "", "picture `FILE` (.svg or .png)")
	fl.Float64Var(&scale, "scale", 1, "PNG pixels per unit (the board is 540 units wide)")
	rangeFlag(cmd, "move", -1, math.NaN())
	rangeFlag(cmd, "scale", 0.01, 100)
	outputFlag(cmd, "output", ".svg", ".png")
	return cmd
}

// loadRecord reads a record file and picks the game of --game, or the
// first.
func loadRecord(cmd *cobra.Command, path string, game uint64) (*twenty48.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := twenty48.ReadRecords(f, path)
	if err != nil {
		return nil, err
	}
	if !cmd.Flags().Changed("game") {
		return &recs[0], nil
	}
	return twenty48.FindRecord(recs, game, path)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
