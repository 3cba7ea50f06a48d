package evolve

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"
)

// evaluate scores inds in place on the run's workers. Worker w takes the
// members w, w+W, w+2W... in order with its own generator, so the result
// depends only on the seed, the generation and the worker count; with
// common random numbers each evaluation gets an identically seeded
// generator and the worker count does not matter either.
func (run *gaRun[G]) evaluate(inds []Individual[G]) {
	ga := run.ga
	workers := min(ga.Workers, len(inds))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := run.genRand(w)
			common := run.genRand(-2).Uint64()
			for i := w; i < len(inds); i += workers {
				er := r
				if ga.Noise.Common {
					er = rand.New(rand.NewPCG(common, uint64(run.status.Generation)))
				}
				var v, viol float64
				if ga.EvaluateConstrained != nil {
					v, viol = ga.EvaluateConstrained(inds[i].Genome, er)
					viol = max(viol, 0)
				} else {
					v = ga.Evaluate(inds[i].Genome, er)
				}
				ind := &inds[i]
				if ga.Noise.Average && ind.Evals > 0 {
					ind.Fitness += (v - ind.Fitness) / float64(ind.Evals+1)
					ind.Violation += (viol - ind.Violation) / float64(ind.Evals+1)
					ind.Evals++
				} else {
					ind.Fitness, ind.Violation, ind.Evals = v, viol, 1
				}
			}
		}()
	}
	wg.Wait()
	run.status.Evaluations += len(inds)
}

// gaCheckpoint is what a GA run saves to resume.
type gaCheckpoint[G any] struct {
	Seed       uint64          `json:"seed"`
	PopSize    int             `json:"pop_size"`
	Status     GAStatus        `json:"status"`
	Population []Individual[G] `json:"population"`
	// State is the caller's (GA.SaveState), saved with the population.
	State json.RawMessage `json:"state,omitempty"`
}

// save writes the checkpoint, if the run has one.
func (run *gaRun[G]) save() error {
	if run.ga.Checkpoint == "" || len(run.pop) == 0 {
		return nil
	}
	if !finite(run.pop) {
		return fmt.Errorf("ga: checkpoint %s: a fitness is NaN or infinite", run.ga.Checkpoint)
	}
	st := run.status
	st.Elapsed = run.offset + time.Since(run.started)
	cp := gaCheckpoint[G]{Seed: run.ga.Seed, PopSize: run.ga.PopSize, Status: st, Population: run.pop}
	if run.ga.SaveState != nil {
		state, err := json.Marshal(run.ga.SaveState())
		if err != nil {
			return fmt.Errorf("ga: checkpoint %s: %w", run.ga.Checkpoint, err)
		}
		cp.State = state
	}
	return SaveCheckpoint(run.ga.Checkpoint, cp)
}

// resume loads the checkpoint, if the run has one and it exists.
func (run *gaRun[G]) resume() (bool, error) {
	if run.ga.Checkpoint == "" {
		return false, nil
	}
	var cp gaCheckpoint[G]
	ok, err := LoadCheckpoint(run.ga.Checkpoint, &cp)
	if err != nil || !ok {
		return false, err
	}
	if cp.Seed != run.ga.Seed || cp.PopSize != run.ga.PopSize || len(cp.Population) != cp.PopSize {
		return false, fmt.Errorf("%s: checkpoint of another run (seed %d, population %d of %d), want seed %d, population %d",
			run.ga.Checkpoint, cp.Seed, len(cp.Population), cp.PopSize, run.ga.Seed, run.ga.PopSize)
	}
	if len(cp.State) > 0 && run.ga.RestoreState != nil {
		if err := run.ga.RestoreState(cp.State); err != nil {
			return false, fmt.Errorf("%s: state: %w", run.ga.Checkpoint, err)
		}
	}
	run.pop, run.status, run.offset = cp.Population, cp.Status, cp.Status.Elapsed
	return true, nil
}
