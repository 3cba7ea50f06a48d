package tiles

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/evolve"
)

// runIslands runs every epoch of every island in order, as a worker pool
// or the queue would, and returns the states of the last epoch.
func runIslands(t *testing.T, sc *Scorer, opt Options, is Islands) []*IslandState {
	t.Helper()
	var states []*IslandState
	for e := range is.Epochs(opt.Generations) {
		next := make([]*IslandState, is.Islands)
		for i := range next {
			var prev, from *IslandState
			if e > 0 {
				prev, from = states[i], states[is.Neighbour(i)]
			}
			st, err := RunIslandEpoch(context.Background(), sc, opt, is, i, e, prev, from)
			if err != nil {
				t.Fatal(err)
			}
			next[i] = st
		}
		states = next
	}
	return states
}

// An island without migrants, cut into epochs, is the run of its seed
// never cut; islands with migrants are deterministic, take in their
// neighbour's best and end with the best of all.
func TestIslands(t *testing.T) {
	sc := seedScorer(t)
	opt := smallOptions(5, 20, 1)

	alone := runIslands(t, sc, opt, Islands{Islands: 1, Epoch: 10})
	whole := opt
	whole.Seed = IslandSeed(opt.Seed, 0)
	want, err := Optimize(context.Background(), sc, whole)
	if err != nil {
		t.Fatal(err)
	}
	if alone[0].Set != want.Best.String() || alone[0].Score.Objective != want.Score.Objective || alone[0].Generations != 20 {
		t.Fatalf("an island in two epochs: %.4f after %d generations; the run never cut: %.4f",
			alone[0].Score.Objective.Mean, alone[0].Generations, want.Score.Objective.Mean)
	}

	is := Islands{Islands: 3, Epoch: 10, Migrants: 2}
	a := runIslands(t, sc, opt, is)
	b := runIslands(t, sc, opt, is)
	for i := range a {
		pa, err := evolve.Emigrants[[]bool](a[i].GA, 12)
		if err != nil {
			t.Fatal(err)
		}
		pb, _ := evolve.Emigrants[[]bool](b[i].GA, 12)
		if a[i].Set != b[i].Set || a[i].Score.Objective != b[i].Score.Objective || !reflect.DeepEqual(pa, pb) {
			t.Fatalf("island %d differs between two runs", i)
		}
	}
	dir := t.TempDir()
	rep, err := FinishIslands(sc, opt, a, RunFiles{Dir: dir, FinalBoards: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(a, func(s *IslandState) bool { return s.Set == rep.Result.Best.String() }) {
		t.Errorf("the run's best set is no island's best")
	}
	if rep.Final.Boards != 3000 || len(rep.Result.History) != 5 {
		t.Errorf("final score on %d boards, history of %d rows", rep.Final.Boards, len(rep.Result.History))
	}
	text, err := os.ReadFile(filepath.Join(dir, "best.txt"))
	if err != nil || !strings.Contains(string(text), rep.Result.Best.String()) {
		t.Errorf("best.txt: %v\n%s", err, text)
	}
}

func TestIslandsCheck(t *testing.T) {
	opt := smallOptions(1, 20, 1)
	timed := opt
	timed.Time = 1
	for _, tc := range []struct {
		name string
		is   Islands
		opt  Options
		want string
	}{
		{"no islands", Islands{Epoch: 10}, opt, "want at least 1"},
		{"epoch off the validations", Islands{Islands: 2, Epoch: 7}, opt, "multiple of the 5 generations"},
		{"part of an epoch", Islands{Islands: 2, Epoch: 15}, opt, "not a whole number of epochs"},
		{"time", Islands{Islands: 2, Epoch: 10}, timed, "bounded by generations"},
		{"all migrate", Islands{Islands: 2, Epoch: 10, Migrants: 12}, opt, "12 migrants for a population of 12"},
	} {
		if err := tc.is.Check(tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
