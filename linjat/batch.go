package linjat

import (
	"context"
	"fmt"
	"os"

	"github.com/ludus-games/ludus/evolve"
)

// Game is the name of Linjat puzzles in a store.
const Game = "linjat"

// Batch generates Count puzzles with the same settings; puzzle i is
// optimised with seed Settings.Seed+i, so a batch can be split or resumed
// by seed. Its hooks keep the puzzles where they are wanted (a store, say)
// and take those made before.
type Batch struct {
	Settings Settings
	Count    int
	// Made, when set, is asked before puzzle index (of seed seed) is made:
	// true says it was made before (and Made has handed it on), and it is
	// not made again.
	Made func(ctx context.Context, index int, seed uint64) (bool, error)
	// Keep, when set, keeps every puzzle as soon as it is finished, before
	// its checkpoint is removed, and returns its id where it is kept.
	Keep func(ctx context.Context, g *Generated) (id int64, err error)
	// Emit receives each finished puzzle with the id Keep gave it (or 0).
	Emit func(g *Generated, id int64) error
	// Progress receives the optimizer iterations as they are done.
	Progress func(iterations int64)
}

// Run generates the batch; on cancellation the puzzles finished so far are
// already kept and emitted.
func (b *Batch) Run(ctx context.Context) error {
	for i := range b.Count {
		set := b.Settings
		set.Seed += uint64(i)
		if b.Made != nil {
			made, err := b.Made(ctx, i, set.Seed)
			if err != nil {
				return err
			}
			if made {
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
		if b.Keep != nil {
			if id, err = b.Keep(ctx, g); err != nil {
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
