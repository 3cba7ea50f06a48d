package twenty48

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"

	"github.com/ludus-games/ludus/batch"
)

// Phases of a game for timing, by the largest tile before the move.
const (
	PhaseEarly = iota // before the 2048 tile
	PhaseMid          // 2048 reached, 4096 not
	PhaseLate         // 4096 reached
	phases
)

// PhaseNames are the keys of the phases in JSON output.
var PhaseNames = [phases]string{"before_2048", "2048_4096", "after_4096"}

func phaseOf(maxTile int) int {
	switch {
	case maxTile >= 4096:
		return PhaseLate
	case maxTile >= 2048:
		return PhaseMid
	}
	return PhaseEarly
}

// GameResult is one finished game.
type GameResult struct {
	Game    uint64 `json:"game"` // seed of the game
	Score   int    `json:"score"`
	Moves   int    `json:"moves"`
	MaxTile int    `json:"max_tile"`
	Evals   int64  `json:"evals"`
	// PhaseMoves and PhaseNanos are the moves and the thinking time (CPU
	// time of the thinking thread) in each phase.
	PhaseMoves [phases]int   `json:"phase_moves"`
	PhaseNanos [phases]int64 `json:"phase_ns"`
}

// PlayOptions bound one game.
type PlayOptions struct {
	// MaxMoves stops the game after that many moves (0: play to the end).
	MaxMoves int
	// Record, when set, receives the game's record lines.
	Record *bytes.Buffer
	// Label names the player in the record header.
	Label string
}

// PlayGame plays the game of the given seed to its end. The spawns come
// from the seed alone, so every player meets the same first spawn and the
// same generator thereafter. Thinking time is measured as the CPU time of
// the calling thread, to which the goroutine is locked for the game.
func PlayGame(ctx context.Context, p Player, seed uint64, opt PlayOptions) (GameResult, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := NewGame(seed)
	rng := rand.New(rand.NewPCG(seed, 0x9a7e))
	res := GameResult{Game: seed}
	if opt.Record != nil {
		h := RecordHeader{Game: seed, Seed: seed, Player: opt.Label, Start: g.Tiles()}
		if err := appendJSONLine(opt.Record, h); err != nil {
			return res, err
		}
	}
	for !g.Over() && (opt.MaxMoves == 0 || g.Moves < opt.MaxMoves) {
		if g.Moves%64 == 0 && ctx.Err() != nil {
			return res, ctx.Err()
		}
		phase := phaseOf(g.MaxTile())
		t0 := threadCPU()
		m, info, ok := ChooseOn(p, g, rng)
		res.PhaseNanos[phase] += int64(threadCPU() - t0)
		if !ok {
			break
		}
		st, err := g.Play(m)
		if err != nil {
			return res, fmt.Errorf("game %d, move %d: player chose %s: %w", seed, g.Moves+1, m, err)
		}
		res.PhaseMoves[phase]++
		res.Evals += info.Evals
		if opt.Record != nil {
			if err := appendJSONLine(opt.Record, moveRecord(st)); err != nil {
				return res, err
			}
		}
	}
	res.Score, res.Moves, res.MaxTile = g.Score, g.Moves, g.MaxTile()
	if opt.Record != nil {
		s := RecordSummary{Game: seed, Score: g.Score, Moves: g.Moves, MaxTile: g.MaxTile(), Over: g.Over()}
		if err := appendJSONLine(opt.Record, s); err != nil {
			return res, err
		}
	}
	return res, nil
}

// RunConfig describes a set of games: seeds Seed, Seed+1, ... Seed+Games-1.
type RunConfig struct {
	Player   PlayerSpec `json:"player"`
	Seed     uint64     `json:"seed"`
	Games    int        `json:"games"`
	MaxMoves int        `json:"max_moves,omitempty"`
}

// RunOptions are the parts of a run that do not change its results.
type RunOptions struct {
	Workers int
	// Results, when set, is a results file: games already in it are not
	// played again, and every finished game is added to it at once, so an
	// interrupted run resumes where it stopped.
	Results string
	// Record, when set, receives the record lines of the games played, in
	// the order of their seeds.
	Record io.Writer
	// Start is called with the number of games to play (those not yet in
	// the results file), and Done after each game: for progress bars.
	Start func(toPlay int)
	Done  func(r GameResult)
	// Played are games of the run played before (kept in a store): they
	// are not played again.
	Played []PlayedGame
	// OnPlayed, when set, receives each game played, with its moves, one
	// call at a time.
	OnPlayed func(g PlayedGame) error
}

// Run plays the games of cfg, several at a time, and returns their results
// in seed order (including those found in the results file). Each game
// depends on its seed only, so with depth budgets the results are the same
// whatever the number of workers.
func Run(ctx context.Context, cfg RunConfig, opt RunOptions) ([]GameResult, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("games must be at least 1, not %d", cfg.Games)
	}
	player, err := NewPlayer(cfg.Player)
	if err != nil {
		return nil, err
	}
	var rf *resultsFile
	done := map[uint64]GameResult{}
	if opt.Results != "" {
		if rf, err = openResults(opt.Results, cfg); err != nil {
			return nil, err
		}
		for _, r := range rf.games {
			done[r.Game] = r
		}
	}
	for _, g := range opt.Played {
		done[g.Game] = g.GameResult
	}
	var todo []int
	for i := 0; i < cfg.Games; i++ {
		if _, ok := done[cfg.Seed+uint64(i)]; !ok {
			todo = append(todo, i)
		}
	}
	if opt.Start != nil {
		opt.Start(len(todo))
	}
	rec := newRecordQueue(opt.Record, todo)
	label := cfg.Player.Label()
	err = batch.Run(ctx, opt.Workers, todo,
		func(ctx context.Context, i int) (playedGame, error) {
			var buf *bytes.Buffer
			if opt.Record != nil {
				buf = new(bytes.Buffer)
			}
			g, err := PlayRecorded(ctx, player, cfg.Seed+uint64(i), PlayOptions{MaxMoves: cfg.MaxMoves, Record: buf, Label: label})
			return playedGame{g.GameResult, buf, g}, err
		},
		func(i int, pg playedGame) error {
			done[pg.result.Game] = pg.result
			if opt.OnPlayed != nil {
				if err := opt.OnPlayed(pg.game); err != nil {
					return err
				}
			}
			if rf != nil {
				if err := rf.add(pg.result); err != nil {
					return err
				}
			}
			if opt.Done != nil {
				opt.Done(pg.result)
			}
			return rec.put(i, pg.record)
		})
	if err != nil {
		return nil, err
	}
	results := make([]GameResult, 0, cfg.Games)
	for i := 0; i < cfg.Games; i++ {
		results = append(results, done[cfg.Seed+uint64(i)])
	}
	return results, nil
}

type playedGame struct {
	result GameResult
	record *bytes.Buffer
	game   PlayedGame
}

// recordQueue writes game records in seed order as games finish in any
// order, holding back those that finish early.
type recordQueue struct {
	w       io.Writer
	order   []int
	next    int
	pending map[int]*bytes.Buffer
}

func newRecordQueue(w io.Writer, order []int) *recordQueue {
	return &recordQueue{w: w, order: order, pending: map[int]*bytes.Buffer{}}
}

func (q *recordQueue) put(i int, buf *bytes.Buffer) error {
	if q.w == nil {
		return nil
	}
	q.pending[i] = buf
	for q.next < len(q.order) {
		b, ok := q.pending[q.order[q.next]]
		if !ok {
			break
		}
		if _, err := b.WriteTo(q.w); err != nil {
			return err
		}
		delete(q.pending, q.order[q.next])
		q.next++
	}
	return nil
}

// Label names the player with its settings, for headers and reports.
func (s PlayerSpec) Label() string {
	switch s.Kind {
	case "random", "greedy":
		return s.Kind
	}
	depth := "adaptive depth"
	switch {
	case s.Time > 0:
		depth = fmt.Sprintf("%v per move", s.Time)
	case s.Depth > 0:
		depth = fmt.Sprintf("depth %d", s.Depth)
	case s.MaxDepth > 0:
		depth = fmt.Sprintf("adaptive depth up to %d", s.MaxDepth)
	}
	if s.RoomyEmpty > 0 {
		depth += fmt.Sprintf(", one less with %d+ empty cells", s.RoomyEmpty)
	}
	switch s.MinProb {
	case DefaultMinProb:
	case 0:
		depth += ", no cut-off"
	default:
		depth += fmt.Sprintf(", cut-off %g", s.MinProb)
	}
	if s.Downgrade > 0 {
		depth += fmt.Sprintf(", downgraded from %d", s.Downgrade)
	}
	return fmt.Sprintf("%s (%s, %s)", s.Kind, s.Eval, depth)
}

// marshalConfig is the results file's fingerprint of a run's settings.
func marshalConfig(cfg RunConfig) string {
	c := cfg
	c.Games = 0 // adding games to a run is resuming it, not changing it
	data, _ := json.Marshal(c)
	return string(data)
}
