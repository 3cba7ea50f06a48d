package linjat

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/store"
)

// Game is the name of Linjat puzzles in a store.
const Game = "linjat"

// Batch generates Count puzzles with the same settings; puzzle i is
// optimised with seed Settings.Seed+i, so a batch can be split or resumed
// by seed.
type Batch struct {
	Settings Settings
	Count    int
	// Store, when set, receives every puzzle as soon as it is finished, and
	// puzzles it already holds (same settings and seed) are not made again.
	Store *store.Store
	// Emit receives each finished puzzle (id is its store id, or 0).
	Emit func(g *Generated, id int64) error
	// Skip is told of the puzzles found in the store.
	Skip func(seed uint64)
	// Progress receives the optimizer iterations as they are done.
	Progress func(iterations int64)
}

// SettingsJSON is how a batch's settings are recorded with its puzzles:
// everything that decides the result (not the number of workers).
func (s *Settings) SettingsJSON() json.RawMessage {
	data, _ := json.Marshal(struct {
		Rows       int     `json:"rows"`
		Cols       int     `json:"cols"`
		Numbers    int     `json:"numbers"`
		Difficulty string  `json:"difficulty"`
		Weights    Weights `json:"weights"`
		Iterations int64   `json:"iterations"`
		TimeMS     int64   `json:"time_ms,omitempty"`
		Pool       int     `json:"pool,omitempty"`
	}{s.Rows, s.Cols, s.Numbers, s.Difficulty.Name, s.Difficulty.Weights, s.Iterations,
		s.Time.Milliseconds(), s.Pool})
	return data
}

// Run generates the batch; on cancellation the puzzles finished so far are
// already stored and emitted.
func (b *Batch) Run(ctx context.Context) error {
	settings := b.Settings.SettingsJSON()
	var run int64
	if b.Store != nil {
		var err error
		if run, err = b.Store.StartRun(ctx, "linjat generate", settings, b.Settings.Seed); err != nil {
			return err
		}
	}
	err := b.run(ctx, settings, run)
	if b.Store != nil {
		status := "done"
		if err != nil {
			status = "interrupted"
		}
		if ferr := b.Store.FinishRun(context.WithoutCancel(ctx), run, status); ferr != nil && err == nil {
			err = ferr
		}
	}
	return err
}

func (b *Batch) run(ctx context.Context, settings json.RawMessage, run int64) error {
	for i := range b.Count {
		set := b.Settings
		set.Seed += uint64(i)
		if b.Store != nil {
			have, err := b.Store.Puzzles(ctx, store.Query{Game: Game, Seed: set.Seed, Settings: settings, Limit: 1})
			if err != nil {
				return err
			}
			if len(have) > 0 {
				if b.Skip != nil {
					b.Skip(set.Seed)
				}
				if b.Progress != nil {
					b.Progress(set.Iterations)
				}
				continue
			}
		}
		if set.Checkpoint != "" {
			set.Checkpoint = fmt.Sprintf("%s.%d", set.Checkpoint, set.Seed)
		}
		var done int64
		set.Progress = func(p evolve.Progress) {
			if b.Progress != nil {
				b.Progress(p.Iterations - done)
			}
			done = p.Iterations
		}
		g, err := Optimize(ctx, set)
		if err != nil {
			return fmt.Errorf("puzzle with seed %d: %w", set.Seed, err)
		}
		var id int64
		if b.Store != nil {
			if id, err = b.save(ctx, g, settings, run); err != nil {
				return err
			}
		}
		if set.Checkpoint != "" {
			os.Remove(set.Checkpoint)
		}
		if b.Emit != nil {
			if err := b.Emit(g, id); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *Batch) save(ctx context.Context, g *Generated, settings json.RawMessage, run int64) (int64, error) {
	d := b.Settings.Difficulty
	rating, _ := json.Marshal(g.Result.Rating.JSON(d.Weights))
	trace, _ := json.Marshal(g.Result.Trace)
	sol, _ := json.Marshal(g.Result.Solution)
	id, _, err := b.Store.AddPuzzle(ctx, &store.Puzzle{
		Game: Game, Height: g.Puzzle.Rows, Width: g.Puzzle.Cols, Body: g.Puzzle.String(),
		Difficulty: d.Name, Score: g.Result.Score, Rating: rating, Trace: trace, Solution: sol,
		Seed: g.Seed, Settings: settings, RunID: run,
	})
	return id, err
}

// StoredCandidates returns the Linjat puzzles of a difficulty in st, for
// MakePack.
func StoredCandidates(ctx context.Context, st *store.Store, difficulty string) ([]Candidate, error) {
	rows, err := st.Puzzles(ctx, store.Query{Game: Game, Difficulty: difficulty})
	if err != nil {
		return nil, err
	}
	cands := make([]Candidate, 0, len(rows))
	for _, r := range rows {
		p, err := Parse(r.Body)
		if err != nil {
			return nil, fmt.Errorf("stored puzzle %d: %w", r.ID, err)
		}
		cands = append(cands, Candidate{ID: r.ID, Puzzle: p})
	}
	return cands, nil
}
