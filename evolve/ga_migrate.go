package evolve

import (
	"encoding/json"
	"fmt"
)

// The island model runs several GA populations side by side and, every so
// many generations, sends the best members of each to another. Here an
// island is a GA run that stops after an epoch and saves its checkpoint;
// migration edits checkpoints between runs, so that islands can run as
// separate jobs on separate machines and meet only through their saved
// state.

// Emigrants returns the n best members of the population saved in a GA
// checkpoint (data as the GA writes it to its Checkpoint file), best first.
func Emigrants[G any](checkpoint []byte, n int) ([]Individual[G], error) {
	var cp gaCheckpoint[G]
	if err := json.Unmarshal(checkpoint, &cp); err != nil {
		return nil, fmt.Errorf("ga: checkpoint: %w", err)
	}
	return cp.Population[:min(n, len(cp.Population))], nil
}

// Immigrate returns checkpoint data with migrants in the places of the
// worst members of its population (a checkpoint holds the population best
// first). The migrants keep the fitness their own population gave them;
// a run resumed from the result breeds from them from its next generation
// on, and a noisy objective re-evaluates them there.
func Immigrate[G any](checkpoint []byte, migrants []Individual[G]) ([]byte, error) {
	var cp gaCheckpoint[G]
	if err := json.Unmarshal(checkpoint, &cp); err != nil {
		return nil, fmt.Errorf("ga: checkpoint: %w", err)
	}
	if len(migrants) >= len(cp.Population) {
		return nil, fmt.Errorf("ga: %d migrants for a population of %d", len(migrants), len(cp.Population))
	}
	copy(cp.Population[len(cp.Population)-len(migrants):], migrants)
	return json.Marshal(cp)
}

// CheckpointState returns the caller's state saved in a GA checkpoint
// (see GA.SaveState), or nil when it holds none.
func CheckpointState(checkpoint []byte) (json.RawMessage, error) {
	var cp struct {
		State json.RawMessage `json:"state"`
	}
	if err := json.Unmarshal(checkpoint, &cp); err != nil {
		return nil, fmt.Errorf("ga: checkpoint: %w", err)
	}
	return cp.State, nil
}
