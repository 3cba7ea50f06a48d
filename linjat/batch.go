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
	// RunID is the run in Store the puzzles are made for; with none, Run
	// records a run of its own.
	RunID int64
	// Emit receives each finished puzzle (id is its store id, or 0).
	Emit func(g *Generated, id int64) error
	// Skip is told of the puzzles found in the store: puzzle index of the
	// batch was made before, as p.
	Skip func(index int, p store.Puzzle) error
	// Progress receives the optimizer iterations as they are done.
	Progress func(iterations int64)
}

// Run generates the batch; on cancellation the puzzles finished so far are
// already stored and emitted.
func (b *Batch) Run(ctx context.Context) error {
	settings := b.Settings.SettingsJSON()
	run := b.RunID
	if b.Store == nil || run != 0 {
		return b.run(ctx, settings, run)
	}
	run, err := b.Store.StartRun(ctx, "linjat generate", settings, b.Settings.Seed)
	if err != nil {
		return err
	}
	err = b.run(ctx, settings, run)
	status := store.StatusDone
	if err != nil {
		status = store.StatusInterrupted
	}
	if ferr := b.Store.FinishRun(context.WithoutCancel(ctx), run, status); ferr != nil && err == nil {
		err = ferr
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
					if err := b.Skip(i, have[0]); err != nil {
						return err
					}
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
	p, err := StorePuzzle(g, b.Settings.Difficulty, settings)
	if err != nil {
		return 0, err
	}
	p.RunID = run
	id, _, err := b.Store.AddPuzzle(ctx, p)
	return id, err
}

// StorePuzzle returns a generated puzzle as a store keeps it, rated under
// d's weights, with the settings that made it.
func StorePuzzle(g *Generated, d Difficulty, settings json.RawMessage) (*store.Puzzle, error) {
	rating, err := json.Marshal(g.Result.Rating.JSON(d.Weights))
	if err != nil {
		return nil, err
	}
	trace, err := json.Marshal(g.Result.Trace)
	if err != nil {
		return nil, err
	}
	sol, err := json.Marshal(g.Result.Solution)
	if err != nil {
		return nil, err
	}
	return &store.Puzzle{
		Game: Game, Height: g.Puzzle.Rows, Width: g.Puzzle.Cols, Body: g.Puzzle.String(),
		Difficulty: d.Name, Score: g.Result.Score, Rating: rating, Trace: trace, Solution: sol,
		Seed: g.Seed, Settings: settings,
	}, nil
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
