package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/tiles"
)

// The tasks of a "tiles optimize" run on islands: an epoch of one island,
// and the end of the run.
const (
	TilesIsland = "tiles-island"
	TilesFinal  = "tiles-final"
)

// TilesRun describes a "tiles optimize" run completely, the board's text
// included, so that a worker on any machine can run its islands. Job
// e·Islands+i is epoch e of island i; the job after the last epoch ends the
// run.
type TilesRun struct {
	Board       string        `json:"board"` // in the board file format
	Weights     tiles.Weights `json:"weights"`
	Options     tiles.Options `json:"options"`
	Islands     tiles.Islands `json:"islands"`
	FinalBoards int           `json:"final_boards"`
}

// Setup reads the run's board into a scorer and checks its islands.
func (r TilesRun) Setup() (*tiles.Scorer, error) {
	b, err := tiles.ReadBoard(strings.NewReader(r.Board), "the run's board")
	if err != nil {
		return nil, err
	}
	sc, err := tiles.NewScorer(b, r.Weights)
	if err != nil || r.Islands.Islands == 0 {
		return sc, err
	}
	return sc, r.Islands.Check(r.Options)
}

// Epochs is the number of epochs of the run.
func (r TilesRun) Epochs() int { return r.Islands.Epochs(r.Options.Generations) }

// Jobs is the number of jobs of the run: every island's epochs and the end.
func (r TilesRun) Jobs() int { return r.Epochs()*r.Islands.Islands + 1 }

// islandJob is the payload of an island's epoch: the run, and the states
// the epoch starts from.
type islandJob struct {
	Run    TilesRun           `json:"run"`
	Island int                `json:"island"`
	Epoch  int                `json:"epoch"`
	Prev   *tiles.IslandState `json:"prev,omitempty"`
	From   *tiles.IslandState `json:"from,omitempty"`
}

// finalJob is the payload of the run's end: the islands' last states.
type finalJob struct {
	Run    TilesRun             `json:"run"`
	States []*tiles.IslandState `json:"states"`
}

// TilesResult is the stored result of the run's end: the best set of all
// islands with its score on the final boards.
type TilesResult struct {
	Set         string      `json:"set"`
	Final       tiles.Score `json:"final"`
	Generations int         `json:"generations"`
	Boards      int64       `json:"boards"`
	// Islands are the islands' best sets at the end (none for a run not
	// on islands).
	Islands []IslandSummary `json:"islands,omitempty"`
}

// IslandSummary is an island's best set at the end of a run.
type IslandSummary struct {
	Island int         `json:"island"`
	Set    string      `json:"set"`
	Score  tiles.Score `json:"score"`
}

// TilesJobs returns the jobs a run is queued with: the first epoch of
// every island. The last island to finish an epoch queues the next.
func TilesJobs(r TilesRun) ([]queue.Job, error) {
	if _, err := r.Setup(); err != nil {
		return nil, err
	}
	return nextTilesJobs(0, r, 0, nil)
}

// nextTilesJobs returns the jobs of epoch e, from the states of the epoch
// before (nil for the first), or the run's end after the last epoch.
func nextTilesJobs(runID int64, r TilesRun, e int, before []*tiles.IslandState) ([]queue.Job, error) {
	k := r.Islands.Islands
	if e == r.Epochs() {
		payload, err := json.Marshal(finalJob{Run: r, States: before})
		return []queue.Job{{RunID: runID, Index: e * k, Task: TilesFinal, Seed: r.Options.Seed, Payload: payload}}, err
	}
	js := make([]queue.Job, k)
	for i := range js {
		p := islandJob{Run: r, Island: i, Epoch: e}
		if e > 0 {
			p.Prev, p.From = before[i], before[r.Islands.Neighbour(i)]
		}
		payload, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		js[i] = queue.Job{RunID: runID, Index: e*k + i, Task: TilesIsland, Seed: tiles.IslandSeed(r.Options.Seed, i), Payload: payload}
	}
	return js, nil
}

// RunIsland runs island i's epoch e of a run, from the states of the epoch
// before (nil for the first): the same code on one machine and in a job.
func RunIsland(ctx context.Context, r TilesRun, i, e int, before []*tiles.IslandState) (*tiles.IslandState, error) {
	sc, err := r.Setup()
	if err != nil {
		return nil, err
	}
	var prev, from *tiles.IslandState
	if e > 0 {
		prev, from = before[i], before[r.Islands.Neighbour(i)]
	}
	opt := r.Options
	opt.Workers = 1 // a worker runs islands side by side
	return tiles.RunIslandEpoch(ctx, sc, opt, r.Islands, i, e, prev, from)
}

func tilesIsland(ctx context.Context, j queue.Job) (queue.Output, error) {
	var p islandJob
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		return queue.Output{}, fmt.Errorf("payload: %w", err)
	}
	k := p.Run.Islands.Islands
	before := make([]*tiles.IslandState, k)
	if p.Epoch > 0 {
		before[p.Island], before[p.Run.Islands.Neighbour(p.Island)] = p.Prev, p.From
	}
	st, err := RunIsland(ctx, p.Run, p.Island, p.Epoch, before)
	if err != nil {
		return queue.Output{}, err
	}
	data, err := json.Marshal(st)
	if err != nil {
		return queue.Output{}, err
	}
	then := func(ctx context.Context, tx *queue.Tx) (json.RawMessage, error) {
		// Completions of the run take turns, so that exactly one island,
		// the last of the epoch, sees all the others' states.
		if err := store.LockRunTx(ctx, tx.Tx, tx.Job.RunID); err != nil {
			return nil, err
		}
		others, err := store.ResultsTx(ctx, tx.Tx, tx.Job.RunID, p.Epoch*k, (p.Epoch+1)*k)
		if err != nil {
			return nil, err
		}
		states := []*tiles.IslandState{st}
		for _, o := range others {
			var s tiles.IslandState
			if err := json.Unmarshal(o.Data, &s); err != nil {
				return nil, fmt.Errorf("island state %d: %w", o.Index, err)
			}
			if s.Island != p.Island {
				states = append(states, &s)
			}
		}
		if len(states) < k {
			return nil, nil
		}
		byIsland := make([]*tiles.IslandState, k)
		for _, s := range states {
			byIsland[s.Island] = s
		}
		next, err := nextTilesJobs(tx.Job.RunID, p.Run, p.Epoch+1, byIsland)
		if err != nil {
			return nil, err
		}
		return nil, tx.Enqueue(ctx, next)
	}
	return queue.Output{Kind: "island", Data: data, Then: then}, nil
}

// FinishTiles ends a run from its islands' last states, writing its files
// to dir as "tiles optimize --out dir" does; it returns the run's result.
func FinishTiles(r TilesRun, states []*tiles.IslandState, dir string) (*tiles.RunReport, TilesResult, error) {
	sc, err := r.Setup()
	if err != nil {
		return nil, TilesResult{}, err
	}
	rep, err := tiles.FinishIslands(sc, r.Options, states, tiles.RunFiles{Dir: dir, FinalBoards: r.FinalBoards})
	if err != nil {
		return nil, TilesResult{}, err
	}
	res := TilesResult{Set: rep.Result.Best.String(), Final: rep.Final, Generations: rep.Result.Generations, Boards: rep.Result.Boards}
	for _, s := range states {
		res.Islands = append(res.Islands, IslandSummary{Island: s.Island, Set: s.Set, Score: s.Score})
	}
	return rep, res, nil
}

func tilesFinal(_ context.Context, j queue.Job) (queue.Output, error) {
	var p finalJob
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		return queue.Output{}, fmt.Errorf("payload: %w", err)
	}
	dir, err := os.MkdirTemp("", "ludus-tiles")
	if err != nil {
		return queue.Output{}, err
	}
	defer os.RemoveAll(dir)
	rep, res, err := FinishTiles(p.Run, p.States, dir)
	if err != nil {
		return queue.Output{}, err
	}
	files := map[string][]byte{}
	for _, path := range rep.Files {
		if files[filepath.Base(path)], err = os.ReadFile(path); err != nil {
			return queue.Output{}, err
		}
	}
	data, err := json.Marshal(res)
	return queue.Output{Kind: "tile set", Data: data, Then: func(ctx context.Context, tx *queue.Tx) (json.RawMessage, error) {
		for name, content := range files {
			if err := store.SaveFileTx(ctx, tx.Tx, tx.Job.RunID, name, content); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}}, err
}
