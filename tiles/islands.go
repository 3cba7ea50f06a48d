package tiles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ludus-games/ludus/evolve"
)

// Islands splits an optimisation into islands: populations that evolve
// side by side, each an Optimize run with a seed of its own, and every
// Epoch generations send their Migrants best sets to the next island of a
// ring, where they take the places of the worst. An island's epoch depends
// only on the states the epoch before left (IslandState), so the islands
// of an epoch can run as separate jobs on separate machines.
type Islands struct {
	Islands int `json:"islands"`
	// Epoch is the number of generations between migrations, a multiple
	// of Options.StatsEvery (the best set so far is saved with each
	// validation, so an epoch ends on one).
	Epoch int `json:"epoch"`
	// Migrants is the number of sets an island sends at each migration
	// (0: none).
	Migrants int `json:"migrants"`
}

// Check checks the islands against the run's options: a run on islands
// is bounded by generations alone, a whole number of epochs.
func (is Islands) Check(opt Options) error {
	stats := opt.StatsEvery
	if stats <= 0 {
		stats = 10
	}
	pop := opt.PopSize
	if pop <= 0 {
		pop = 24
	}
	switch {
	case is.Islands < 1:
		return fmt.Errorf("islands: %d, want at least 1", is.Islands)
	case opt.Time > 0 || opt.CPU > 0 || opt.PolishFraction > 0:
		return errors.New("islands: a run on islands is bounded by generations, not by time")
	case opt.Generations <= 0:
		return errors.New("islands: give the generations of the run")
	case is.Epoch <= 0 || is.Epoch%stats != 0:
		return fmt.Errorf("islands: epoch of %d generations: want a multiple of the %d generations between validations", is.Epoch, stats)
	case opt.Generations%is.Epoch != 0:
		return fmt.Errorf("islands: %d generations are not a whole number of epochs of %d", opt.Generations, is.Epoch)
	case is.Migrants < 0 || is.Migrants >= pop:
		return fmt.Errorf("islands: %d migrants for a population of %d", is.Migrants, pop)
	}
	return nil
}

// Epochs is the number of epochs of a run of that many generations.
func (is Islands) Epochs(generations int) int { return generations / is.Epoch }

// Neighbour is the island whose migrants island i takes in: the one before
// it in the ring.
func (is Islands) Neighbour(i int) int { return (i + is.Islands - 1) % is.Islands }

// IslandSeed is the seed of island i of a run of that seed.
func IslandSeed(seed uint64, i int) uint64 { return evolve.WorkerRand(seed^0x69736c616e64, i).Uint64() }

// IslandState is an island after an epoch: the GA's checkpoint, the
// best set so far with its history (the state Optimize saves in the
// checkpoint), and what they say in brief.
type IslandState struct {
	Island int             `json:"island"`
	Epoch  int             `json:"epoch"`
	GA     json.RawMessage `json:"ga"`
	Best   json.RawMessage `json:"best"`
	// Set is the best set so far (normalised, in the tile-set format),
	// Score its latest score and Violation its violation of the
	// constraints on that score.
	Set         string        `json:"set"`
	Score       Score         `json:"score"`
	Violation   float64       `json:"violation,omitempty"`
	Generations int           `json:"generations"`
	Boards      int64         `json:"boards"`
	Elapsed     time.Duration `json:"elapsed_ns"`
}

// RunIslandEpoch runs epoch e of island i: from prev, the island's state
// after the epoch before (nil for the first epoch), with the best sets of
// from (its neighbour's state after that epoch; nil for none) in the places
// of its worst, until generation (e+1)·Epoch. opt are the run's options:
// its seed and generations, from which the island's are derived.
func RunIslandEpoch(ctx context.Context, sc *Scorer, opt Options, is Islands, island, epoch int, prev, from *IslandState) (*IslandState, error) {
	if err := is.Check(opt); err != nil {
		return nil, err
	}
	if (prev == nil) != (epoch == 0) {
		return nil, fmt.Errorf("island %d epoch %d: the state of the epoch before is missing or extra", island, epoch)
	}
	dir, err := os.MkdirTemp("", "ludus-island")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cp := filepath.Join(dir, "ga.json")
	if prev != nil {
		ga := []byte(prev.GA)
		if from != nil && is.Migrants > 0 {
			migrants, err := evolve.Emigrants[[]bool](from.GA, is.Migrants)
			if err == nil {
				ga, err = evolve.Immigrate(ga, migrants)
			}
			if err != nil {
				return nil, fmt.Errorf("island %d epoch %d: migrants of island %d: %w", island, epoch, from.Island, err)
			}
		}
		if err := os.WriteFile(cp, ga, 0o644); err != nil {
			return nil, err
		}
		if len(prev.Best) > 0 { // read when the checkpoint holds no state (earlier versions)
			if err := os.WriteFile(cp+".best", prev.Best, 0o644); err != nil {
				return nil, err
			}
		}
	}
	o := opt
	o.Seed, o.Generations, o.Checkpoint = IslandSeed(opt.Seed, island), (epoch+1)*is.Epoch, cp
	if epoch > 0 {
		o.Start = nil // the population comes from the checkpoint
	}
	res, err := Optimize(ctx, sc, o)
	if err != nil {
		return nil, fmt.Errorf("island %d epoch %d: %w", island, epoch, err)
	}
	st := &IslandState{Island: island, Epoch: epoch, Set: res.Best.String(), Score: res.Score, Violation: res.Violation,
		Generations: res.Generations, Boards: res.Boards, Elapsed: res.Elapsed}
	if st.GA, err = os.ReadFile(cp); err == nil {
		st.Best, err = evolve.CheckpointState(st.GA)
	}
	return st, err
}

// FinishIslands ends a run on islands from the states of its last epoch,
// one per island: the best sets of all islands are scored on the same
// files.FinalBoards fresh boards, and the best of them (feasible first) is
// the run's, written to files.Dir with its score, statistics and pictures
// as OptimizeRun writes them.
func FinishIslands(sc *Scorer, opt Options, states []*IslandState, files RunFiles) (*RunReport, error) {
	if len(states) == 0 {
		return nil, errors.New("islands: no island")
	}
	if files.FinalBoards <= 0 {
		files.FinalBoards = 100000
	}
	if err := os.MkdirAll(files.Dir, 0o755); err != nil {
		return nil, err
	}
	o := &optimizer{sc: sc, opt: opt}
	res := &Result{}
	var bestViol, bestValue float64
	winner := -1
	for i, st := range states {
		set, err := ReadSet(strings.NewReader(st.Set), fmt.Sprintf("island %d", st.Island))
		if err != nil {
			return nil, err
		}
		final, err := sc.Score(set, finalRand(opt.Seed), files.FinalBoards)
		if err != nil {
			return nil, err
		}
		viol, value := o.rank(set, final)
		if winner < 0 || viol < bestViol || (viol == bestViol && value > bestValue) {
			winner, bestViol, bestValue = i, viol, value
			res.Best, res.Score, res.Violation = set, st.Score, st.Violation
		}
		res.Generations = max(res.Generations, st.Generations)
		res.Boards += st.Boards
		res.Elapsed += st.Elapsed
	}
	var best bestSoFar
	if err := json.Unmarshal(states[winner].Best, &best); err != nil {
		return nil, fmt.Errorf("island %d: best set so far: %w", states[winner].Island, err)
	}
	res.History = best.History
	rep := &RunReport{Result: res}
	path := func(name string) string { return filepath.Join(files.Dir, name) }
	return rep, rep.writeResults(sc, files, path, opt.Seed, true)
}
