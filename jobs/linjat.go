package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

// LinjatPuzzle is the task that generates one puzzle of a "linjat
// generate" run.
const LinjatPuzzle = "linjat-puzzle"

// Puzzle is the stored result of a puzzle of a "linjat generate" run: the
// puzzle as --json prints it, and its id among the store's puzzles (where
// "linjat pack" finds it).
type Puzzle struct {
	linjat.GeneratedJSON
	ID int64 `json:"id"`
}

// LinjatJobs returns the jobs of a batch of count puzzles: puzzle i is
// optimised with seed set.Seed+i, as "ludus linjat generate" does.
func LinjatJobs(set linjat.Settings, count int) []queue.Job {
	payload := set.SettingsJSON()
	js := make([]queue.Job, count)
	for i := range js {
		js[i] = queue.Job{Index: i, Task: LinjatPuzzle, Seed: set.Seed + uint64(i), Payload: payload}
	}
	return js
}

func linjatPuzzle(ctx context.Context, j queue.Job) (queue.Output, error) {
	set, err := linjat.SettingsFromJSON(j.Payload)
	if err != nil {
		return queue.Output{}, err
	}
	// One goroutine a job: a worker runs jobs side by side, and the
	// optimiser's result does not depend on its goroutines.
	set.Seed, set.Workers = j.Seed, 1
	g, err := linjat.Optimize(ctx, set)
	if err != nil {
		return queue.Output{}, fmt.Errorf("puzzle with seed %d: %w", j.Seed, err)
	}
	d := set.Difficulty
	row, err := PuzzleRow(g, d, j.Payload)
	if err != nil {
		return queue.Output{}, err
	}
	p := Puzzle{GeneratedJSON: g.JSON(d.Name, d.Weights)}
	data, err := json.Marshal(p)
	if err != nil {
		return queue.Output{}, err
	}
	// The puzzle's id in the store is known in the transaction that
	// completes the job.
	return queue.Output{Kind: "puzzle", Data: data, Then: func(ctx context.Context, tx *queue.Tx) (json.RawMessage, error) {
		row.RunID = tx.Job.RunID
		id, _, err := store.AddPuzzleTx(ctx, tx.Tx, row)
		if err != nil {
			return nil, err
		}
		p.ID = id
		return json.Marshal(p)
	}}, nil
}

// PuzzleRow returns a generated puzzle as the store keeps it among its
// puzzles, rated under d's weights, with the settings that made it.
func PuzzleRow(g *linjat.Generated, d linjat.Difficulty, settings json.RawMessage) (*store.Puzzle, error) {
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
		Game: linjat.Game, Height: g.Puzzle.Rows, Width: g.Puzzle.Cols, Body: g.Puzzle.String(),
		Difficulty: d.Name, Score: g.Result.Score, Rating: rating, Trace: trace, Solution: sol,
		Seed: g.Seed, Settings: settings,
	}, nil
}

// Puzzles reads the puzzles of a "linjat generate" run's results, in seed
// order.
func Puzzles(results []store.Result) ([]Puzzle, error) {
	out := make([]Puzzle, 0, len(results))
	for _, r := range results {
		var p Puzzle
		if err := json.Unmarshal(r.Data, &p); err != nil {
			return nil, fmt.Errorf("result %d: %w", r.Index, err)
		}
		out = append(out, p)
	}
	return out, nil
}
