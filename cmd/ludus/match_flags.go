package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/render/plot"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/search"
)

// runFlags are the flags match, tournament and balance share: the game,
// how many games and how they are seeded, where the records go, and how
// the report is written.
type runFlags struct {
	variant  string
	eval     string
	maxPlies int
	games    int
	seed     uint64
	workers  int
	openings int
	out      string
	resume   bool
	json     bool
	plot     string
	db       string
	queue    bool
}

func (f *runFlags) register(c *cobra.Command, games int, gamesHelp string) {
	fl := c.Flags()
	fl.StringVar(&f.variant, "variant", "", "game or variant of the file, by title or number (default: the file's default)")
	fl.StringVar(&f.eval, "eval", "", `evaluation for the searches: piece values and mobility weight ("Man=1,King=3,mobility=5"; default: the rules')`)
	fl.IntVar(&f.maxPlies, "max-plies", 2000, "a game this long is a draw")
	rangeFlag(c, "max-plies", 1, 1e6) // the arena reads 0 as its default
	fl.IntVar(&f.games, "games", games, gamesHelp)
	rangeFlag(c, "games", 1, 1e6)
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the run: every game's chance moves, openings and bots' seeds derive from it")
	fl.IntVar(&f.workers, "workers", 0, "games played at once (0: one per core)")
	fl.IntVar(&f.openings, "openings", 0, "random plies at the start of every game, so that deterministic bots vary")
	fl.StringVar(&f.out, "out", "", "directory for the game records (DIR/games), the results so far (DIR/results.json) and the plot")
	fl.BoolVar(&f.resume, "resume", false, "continue the run saved in --out, playing only the missing games")
	fl.BoolVar(&f.json, "json", false, "print the summary as JSON instead of text")
	fl.StringVar(&f.plot, "plot", "", "draw the charts to this .svg or .png file (default with --out: DIR/NAME.svg)")
	dbFlag(c, &f.db)
	fl.BoolVar(&f.queue, "queue", false, "put the games on the queue in --db (PostgreSQL) for \"ludus worker\"s instead of playing them")
}

// open reads the rules file and checks the flags that need no game (the
// flag rules have checked each alone).
func (f *runFlags) open(path string) (*games.Game, error) {
	if f.resume && f.out == "" {
		return nil, fmt.Errorf("--resume needs --out, the directory of the run to continue")
	}
	e, err := games.Open(path, games.Options{Variant: f.variant, Eval: f.eval, MaxPlies: f.maxPlies})
	if err != nil {
		return nil, rulesNotFound(err)
	}
	// Engine programs (gtp:, uci:) are seated here, on the user's own
	// machine; the server and the queue's workers do not start them.
	return e, extbot.Register(e.Bots, e.Compiled)
}

// options are the run's settings; the evaluation and the move cap change
// how games go, so --resume holds them to the saved run's.
func (f *runFlags) options(e *games.Game) arena.Options {
	return arena.Options{
		Games: f.games, Seed: f.seed, Workers: f.workers, Dir: f.out, Resume: f.resume, Openings: f.openings,
		Settings: fmt.Sprintf("eval %s; max-plies %d", e.Eval, f.maxPlies),
	}
}

// arenaRun describes the run of match, tournament or balance completely,
// the rules file's text included, as the store keeps it and queued jobs
// carry it.
func (f *runFlags) arenaRun(kind, path string, e *games.Game, bots ...string) (jobs.ArenaRun, error) {
	file, src, err := runs.RulesSource(path)
	if err != nil {
		return jobs.ArenaRun{}, err
	}
	o := f.options(e)
	return jobs.ArenaRun{Kind: kind, File: file, Source: src, Variant: f.variant, Eval: f.eval,
		MaxPlies: f.maxPlies, Bots: bots, Games: f.games, Seed: f.seed, Openings: f.openings, Settings: o.Settings}, nil
}

// enqueue puts the run's games on the queue as jobs, one per game.
func (f *runFlags) enqueue(cmd *cobra.Command, kind, path string, e *games.Game, bots ...string) error {
	for _, b := range bots {
		if extbot.Starts(b) {
			return fmt.Errorf("bot %s: engine programs play in local runs only, not on the queue's workers", b)
		}
	}
	ar, err := f.arenaRun(kind, path, e, bots...)
	if err != nil {
		return err
	}
	return runs.QueueArena(cmd.Context(), runEnv(cmd, f.db), ar)
}

// recorder resumes or starts the run in the store of --db (the default
// one without it), to keep every game as it is played.
func (f *runFlags) recorder(cmd *cobra.Command, kind, path string, e *games.Game, bots ...string) (*runs.Arena, error) {
	ar, err := f.arenaRun(kind, path, e, bots...)
	if err != nil {
		return nil, err
	}
	return runs.KeepArena(cmd.Context(), runEnv(cmd, f.db), ar)
}

// plotPath is where the run's plot is drawn: --plot, or NAME.svg in --out
// ("" for none).
func (f *runFlags) plotPath(name string) string {
	if f.plot == "" && f.out != "" {
		return filepath.Join(f.out, name+".svg")
	}
	return f.plot
}

// report is what match, tournament and balance print and draw.
type report interface {
	WriteText(w io.Writer) error
	Charts() []*plot.Chart
}

// finish prints the report (text or JSON) and draws its charts where the
// flags say; name is the plot's file name in --out.
func (f *runFlags) finish(w io.Writer, rep report, name string) error {
	if f.json {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if err := rep.WriteText(w); err != nil {
		return err
	}
	path := f.plotPath(name)
	if path == "" {
		return nil
	}
	if err := arena.SavePlot(path, rep.Charts()); err != nil {
		return err
	}
	if !f.json {
		fmt.Fprintf(w, "Plot: %s\n", path)
		if f.out != "" {
			fmt.Fprintf(w, "Records: %s\n", filepath.Join(f.out, "games"))
		}
	}
	return nil
}

// botHelp lists the kinds of bot and their parameters for the commands'
// long help.
func botHelp() string {
	var b strings.Builder
	reg := search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{})
	if err := extbot.Register(reg, nil); err != nil {
		return ""
	}
	if err := reg.WriteHelp(&b); err != nil {
		return ""
	}
	return "Bots are given as specs, kind:name=value,... (e.g. mcts:iterations=2000,c=1.4):\n\n" + b.String()
}
