// Package evolve holds the generic optimizers ludus's generators are built
// on: a pool hill-climber (puzzles), simulated annealing (layouts) and a
// genetic algorithm (tile sets). They work on any candidate type, are seeded
// and deterministic for a given seed and worker count, run in parallel, and
// can checkpoint and resume long runs.
package evolve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"

	"github.com/ludus-games/ludus/internal/atomicfile"
)

// Goal says whether an objective is maximised or minimised.
type Goal int

// Goals.
const (
	Maximize Goal = iota
	Minimize
)

// Better reports whether objective value a is strictly better than b.
func (g Goal) Better(a, b float64) bool {
	if g == Minimize {
		return a < b
	}
	return a > b
}

// String returns "maximize" or "minimize".
func (g Goal) String() string {
	if g == Minimize {
		return "minimize"
	}
	return "maximize"
}

// WorkerRand returns the random generator of one worker (or job) of a run
// seeded with seed. Parallel work splits seeds rather than sharing a
// generator, so results do not depend on scheduling.
func WorkerRand(seed uint64, worker int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15^uint64(worker)))
}

// SaveCheckpoint writes v as JSON to path atomically: an interrupted run
// leaves either the previous checkpoint or the new one, never half of one.
func SaveCheckpoint(path string, v any) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(v)
	})
}

// LoadCheckpoint reads a checkpoint written by SaveCheckpoint into v. It
// reports false, and no error, when there is no checkpoint yet.
func LoadCheckpoint(path string, v any) (bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("%s: corrupt checkpoint: %w", path, err)
	}
	return true, nil
}
