package jobs

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/twenty48"
)

// A queued job makes what the one-machine run makes for its index: the
// same game, from its seed alone.
func TestJobsEqualLocalWork(t *testing.T) {
	ctx := context.Background()
	cfg := twenty48.RunConfig{Player: twenty48.PlayerSpec{Kind: "expectimax", Eval: "ludus", Depth: 1, MinDepth: 3}, Seed: 30, Games: 3, MaxMoves: 200}
	js, err := Twenty48Jobs(cfg)
	if err != nil || len(js) != 3 || js[2].Seed != 32 || js[2].Index != 2 {
		t.Fatalf("jobs %+v, %v", js, err)
	}
	local, err := twenty48.Run(ctx, cfg, twenty48.RunOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var results []store.Result
	for _, j := range js {
		out, err := Tasks()[j.Task](ctx, j)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, store.Result{Index: j.Index, Data: out.Data})
	}
	played, err := Twenty48Games(results)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range played {
		if g.Game != local[i].Game || g.Score != local[i].Score || g.Moves != local[i].Moves || g.Evals != local[i].Evals {
			t.Errorf("game %d: queued %+v, local %+v", i, g.GameResult, local[i])
		}
	}

	src, ok := games.Source("tic-tac-toe.zrf")
	if !ok {
		t.Fatal("no tic-tac-toe")
	}
	ar := ArenaRun{Kind: "tournament", File: "tic-tac-toe.zrf", Source: string(src), Bots: []string{"random", "random", "alphabeta:depth=2"}, Games: 2, Seed: 3}
	js, err = ArenaJobs(7, ar)
	if err != nil || len(js) != 6 || js[5].RunID != 7 {
		t.Fatalf("arena jobs: %d, %v", len(js), err)
	}
	out, err := Tasks()[js[4].Task](ctx, js[4])
	if err != nil {
		t.Fatal(err)
	}
	recs, err := Records([]store.Result{{Index: 4, Data: out.Data}})
	if err != nil || len(recs) != 1 || recs[0].Index != 4 {
		t.Fatalf("records %v, %v", recs, err)
	}
	if _, err := ArenaReport(ar, recs); err != nil {
		t.Fatal(err)
	}
}

// A Linjat job carries its batch's settings, and each job its own seed.
func TestLinjatJobs(t *testing.T) {
	set := linjat.Settings{Rows: 5, Cols: 5, Numbers: 5, Difficulty: linjat.Difficulties[1], Iterations: 40, Seed: 9}
	js := LinjatJobs(set, 3)
	if len(js) != 3 || js[1].Seed != 10 || js[1].Task != LinjatPuzzle {
		t.Fatalf("jobs %+v", js)
	}
	back, err := linjat.SettingsFromJSON(js[0].Payload)
	if err != nil || back.Iterations != 40 || back.Difficulty.Name != set.Difficulty.Name {
		t.Fatalf("payload %s: %+v, %v", js[0].Payload, back, err)
	}
	// The job's output is the puzzle the batch makes for that seed (its id
	// in the store comes in the transaction that completes the job).
	out, err := linjatPuzzle(context.Background(), js[1])
	if err != nil || out.Then == nil {
		t.Fatalf("%+v, %v", out, err)
	}
	set.Seed, set.Workers = 10, 4
	g, err := linjat.Optimize(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(Puzzle{GeneratedJSON: g.JSON(set.Difficulty.Name, set.Difficulty.Weights)})
	if string(out.Data) != string(want) {
		t.Fatalf("job made\n%s\nthe batch makes\n%s", out.Data, want)
	}
}
