package runs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/ludus-games/ludus/batch"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/tiles"
)

// KindTiles is the store's name of "ludus tiles optimize" runs.
const KindTiles = "tiles optimize"

// NewTilesRun describes a "tiles optimize" run for the store and the
// queue: the scorer's board and weights, the options, the islands (none
// for one population) and the final boards.
func NewTilesRun(sc *tiles.Scorer, opt tiles.Options, is tiles.Islands, finalBoards int) (jobs.TilesRun, error) {
	var b strings.Builder
	if err := sc.Board().Write(&b); err != nil {
		return jobs.TilesRun{}, err
	}
	return jobs.TilesRun{Board: b.String(), Weights: sc.Weights(), Options: opt, Islands: is, FinalBoards: finalBoards}, nil
}

func tilesSpec(r jobs.TilesRun) (store.RunSpec, error) {
	settings, err := json.Marshal(r)
	jobCount := 1
	if r.Islands.Islands > 0 {
		jobCount = r.Jobs()
	}
	return store.RunSpec{Kind: KindTiles, Settings: settings, Seed: r.Options.Seed, Jobs: jobCount}, err
}

// QueueTiles puts the first epoch of every island on the queue in env.DB
// (a run on one population is queued as one island).
func QueueTiles(ctx context.Context, env Env, r jobs.TilesRun) error {
	if r.Islands.Islands == 0 {
		r.Islands = tiles.Islands{Islands: 1, Epoch: r.Options.Generations}
	}
	js, err := jobs.TilesJobs(r)
	if err != nil {
		return err
	}
	spec, err := tilesSpec(r)
	if err != nil {
		return err
	}
	spec.Jobs = r.Jobs()
	_, err = Enqueue(ctx, env, spec, js)
	return err
}

// Tiles keeps a "tiles optimize" run on one population, which resumes
// from its checkpoint in its directory rather than from the store.
type Tiles struct {
	*Kept
	seed uint64
}

// KeepTiles resumes or starts the run in env's store.
func KeepTiles(ctx context.Context, env Env, r jobs.TilesRun) (*Tiles, error) {
	spec, err := tilesSpec(r)
	if err != nil {
		return nil, err
	}
	k, err := Keep(ctx, env, spec)
	if err != nil {
		return nil, err
	}
	return &Tiles{Kept: k, seed: r.Options.Seed}, nil
}

// Done keeps the run's result and the files it wrote.
func (k *Tiles) Done(rep *tiles.RunReport) {
	r := rep.Result
	keepTilesReport(k.Kept, 0, k.seed, rep, jobs.TilesResult{Set: r.Best.String(), Final: rep.Final, Generations: r.Generations, Boards: r.Boards})
}

// keepTilesReport keeps a run's result as job index and the files it
// wrote.
func keepTilesReport(k *Kept, index int, seed uint64, rep *tiles.RunReport, res jobs.TilesResult) {
	k.Add(index, seed, "tile set", res, rep.Result.Elapsed)
	for _, p := range rep.Files {
		k.File(filepath.Base(p), p)
	}
}

// RunIslands runs every island's epochs here, workers islands at a time,
// keeping each island's state in env's store as it ends an epoch: a run
// stopped at any point resumes from the last states kept. It writes the
// run's files into dir.
func RunIslands(ctx context.Context, env Env, r jobs.TilesRun, workers int, dir string) (*tiles.RunReport, error) {
	spec, err := tilesSpec(r)
	if err != nil {
		return nil, err
	}
	kept, err := Keep(ctx, env, spec)
	if err != nil {
		return nil, err
	}
	defer kept.Close()
	k, epochs := r.Islands.Islands, r.Epochs()
	have := map[int]*tiles.IslandState{}
	for _, res := range kept.have {
		if res.Index < epochs*k {
			var st tiles.IslandState
			if err := json.Unmarshal(res.Data, &st); err != nil {
				return nil, kept.End(fmt.Errorf("run %d: island state %d: %w", kept.id, res.Index, err))
			}
			have[res.Index] = &st
		}
	}
	bar := progress.New(int64(epochs*k), "islands")
	defer bar.Finish()
	var before []*tiles.IslandState
	for e := range epochs {
		states := make([]*tiles.IslandState, k)
		var todo []int
		for i := range states {
			if states[i] = have[e*k+i]; states[i] == nil {
				todo = append(todo, i)
			} else {
				bar.Add(1)
			}
		}
		var mu sync.Mutex
		err := batch.Run(ctx, workers, todo,
			func(ctx context.Context, i int) (*tiles.IslandState, error) {
				return jobs.RunIsland(ctx, r, i, e, before)
			},
			func(i int, st *tiles.IslandState) error {
				mu.Lock()
				states[i] = st
				mu.Unlock()
				kept.Add(e*k+i, tiles.IslandSeed(r.Options.Seed, i), "island", st, st.Elapsed)
				bar.Add(1)
				bar.Describe(fmt.Sprintf("epoch %d, best %.3f", e+1, st.Score.Objective.Mean))
				return nil
			})
		if err != nil {
			return nil, kept.End(err)
		}
		before = states
	}
	bar.Finish()
	rep, res, err := jobs.FinishTiles(r, before, dir)
	if err == nil {
		keepTilesReport(kept, epochs*k, r.Options.Seed, rep, res)
	}
	return rep, kept.End(err)
}

// WriteTilesReport prints the end of a run as "ludus tiles optimize" does;
// dir is where its files are ("": in the store).
func WriteTilesReport(w io.Writer, generations int, boards int64, elapsed time.Duration, final tiles.Score, dir string) error {
	fmt.Fprintf(w, "%d generations, %d boards in %s\n", generations, boards, elapsed.Round(1e8))
	fmt.Fprintf(w, "best set: objective %.4f ± %.4f on %d boards", final.Objective.Mean, 1.96*final.Objective.StdErr, final.Boards)
	if dir != "" {
		fmt.Fprintf(w, ", written to %s/best.txt", dir)
	}
	fmt.Fprintln(w)
	return tiles.WriteScore(w, final)
}

func showTiles(w io.Writer, ri store.RunInfo, results []store.Result) error {
	last := results[len(results)-1]
	if last.Index != ri.Jobs-1 {
		// A run on islands under way: each island's latest state.
		latest := map[int]tiles.IslandState{}
		for _, r := range results {
			var st tiles.IslandState
			if err := json.Unmarshal(r.Data, &st); err != nil {
				return fmt.Errorf("island state %d: %w", r.Index, err)
			}
			latest[st.Island] = st
		}
		for i := range len(latest) + 64 {
			if st, ok := latest[i]; ok {
				fmt.Fprintf(w, "island %d, epoch %d: %d generations, best set %.4f ± %.4f on %d boards\n", st.Island, st.Epoch+1,
					st.Generations, st.Score.Objective.Mean, 1.96*st.Score.Objective.StdErr, st.Score.Boards)
			}
		}
		return nil
	}
	var res jobs.TilesResult
	if err := json.Unmarshal(last.Data, &res); err != nil {
		return fmt.Errorf("result %d: %w", last.Index, err)
	}
	for _, is := range res.Islands {
		fmt.Fprintf(w, "island %d: best set %.4f ± %.4f on %d boards\n", is.Island,
			is.Score.Objective.Mean, 1.96*is.Score.Objective.StdErr, is.Score.Boards)
	}
	if err := WriteTilesReport(w, res.Generations, res.Boards, last.Elapsed, res.Final, ""); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n"+res.Set)
	return err
}
