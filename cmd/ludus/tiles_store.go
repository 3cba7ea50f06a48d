package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/batch"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/tiles"
)

// kindTiles is the store's name of "tiles optimize" runs.
const kindTiles = "tiles optimize"

func init() {
	storedKinds[kindTiles] = storedKind{show: showTiles}
}

// islandFlags are the flags of a run on islands.
type islandFlags struct {
	islands tiles.Islands
	db      string
	queue   bool
}

func (f *islandFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.IntVar(&f.islands.Islands, "islands", 0, "populations evolving side by side, passing their best sets around a ring every --epoch generations (0: one population)")
	fl.IntVar(&f.islands.Epoch, "epoch", 50, "generations between migrations of islands, a multiple of --stats-every")
	fl.IntVar(&f.islands.Migrants, "migrants", 2, "best sets an island sends the next at each migration")
	dbFlag(cmd, &f.db)
	fl.BoolVar(&f.queue, "queue", false, `put the islands' epochs on the queue in --db (PostgreSQL) for "ludus worker"s instead of running them (one island without --islands)`)
	rangeFlag(cmd, "islands", 0, 1024)
	rangeFlag(cmd, "epoch", 1, 1e6)
}

// tilesRun describes the run for the store and the queue.
func tilesRun(sc *tiles.Scorer, opt tiles.Options, is tiles.Islands, finalBoards int) (jobs.TilesRun, error) {
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
	return store.RunSpec{Kind: kindTiles, Settings: settings, Seed: r.Options.Seed, Jobs: jobCount}, err
}

// queueTiles puts the first epoch of every island on the queue.
func queueTiles(cmd *cobra.Command, db string, r jobs.TilesRun) error {
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
	_, err = enqueueRun(cmd, db, spec, js)
	return err
}

// keepTiles keeps a run on one population in the store; it resumes from
// its checkpoint in --out.
func keepTiles(cmd *cobra.Command, db string, r jobs.TilesRun) (*keptRun, error) {
	spec, err := tilesSpec(r)
	if err != nil {
		return nil, err
	}
	return keepRun(cmd, db, spec)
}

// keepTilesReport keeps the run's result and the files it wrote.
func keepTilesReport(k *keptRun, index int, seed uint64, rep *tiles.RunReport, res jobs.TilesResult) {
	k.add(index, seed, "tile set", res, rep.Result.Elapsed)
	for _, p := range rep.Files {
		k.file(filepath.Base(p), p)
	}
}

// tilesResult is what the store keeps of a run on one population.
func tilesResult(rep *tiles.RunReport) jobs.TilesResult {
	r := rep.Result
	return jobs.TilesResult{Set: r.Best.String(), Final: rep.Final, Generations: r.Generations, Boards: r.Boards}
}

// runIslands runs every island's epochs here, --workers islands at a time,
// keeping each island's state in the store as it ends an epoch: a run
// stopped at any point resumes from the last states kept.
func runIslands(cmd *cobra.Command, db string, r jobs.TilesRun, workers int, dir string) (*tiles.RunReport, error) {
	spec, err := tilesSpec(r)
	if err != nil {
		return nil, err
	}
	kept, err := keepRun(cmd, db, spec)
	if err != nil {
		return nil, err
	}
	defer kept.close()
	k, epochs := r.Islands.Islands, r.Epochs()
	have := map[int]*tiles.IslandState{}
	for _, res := range kept.have {
		if res.Index < epochs*k {
			var st tiles.IslandState
			if err := json.Unmarshal(res.Data, &st); err != nil {
				return nil, kept.end(fmt.Errorf("run %d: island state %d: %w", kept.id, res.Index, err))
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
		err := batch.Run(cmd.Context(), workers, todo,
			func(ctx context.Context, i int) (*tiles.IslandState, error) {
				return jobs.RunIsland(ctx, r, i, e, before)
			},
			func(i int, st *tiles.IslandState) error {
				mu.Lock()
				states[i] = st
				mu.Unlock()
				kept.add(e*k+i, tiles.IslandSeed(r.Options.Seed, i), "island", st, st.Elapsed)
				bar.Add(1)
				bar.Describe(fmt.Sprintf("epoch %d, best %.3f", e+1, st.Score.Objective.Mean))
				return nil
			})
		if err != nil {
			return nil, kept.end(err)
		}
		before = states
	}
	bar.Finish()
	rep, res, err := jobs.FinishTiles(r, before, dir)
	if err == nil {
		keepTilesReport(kept, epochs*k, r.Options.Seed, rep, res)
	}
	return rep, kept.end(err)
}

// writeTilesReport prints the end of a run as "tiles optimize" does; dir
// is where its files are ("": in the store).
func writeTilesReport(w io.Writer, generations int, boards int64, elapsed time.Duration, final tiles.Score, dir string) error {
	fmt.Fprintf(w, "%d generations, %d boards in %s\n", generations, boards, elapsed.Round(1e8))
	fmt.Fprintf(w, "best set: objective %.4f ± %.4f on %d boards", final.Objective.Mean, 1.96*final.Objective.StdErr, final.Boards)
	if dir != "" {
		fmt.Fprintf(w, ", written to %s/best.txt", dir)
	}
	fmt.Fprintln(w)
	return tiles.WriteScore(w, final)
}

func showTiles(_ context.Context, w io.Writer, _ *store.Store, ri store.RunInfo, results []store.Result) error {
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
	if err := writeTilesReport(w, res.Generations, res.Boards, last.Elapsed, res.Final, ""); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n"+res.Set)
	return err
}
