package tiles

import (
	"context"
	"encoding/csv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/internal/cputime"
	"github.com/ludus-games/ludus/internal/testenv"
)

func smallOptions(seed uint64, gens, workers int) Options {
	return Options{
		Seed: seed, Generations: gens, Workers: workers, PopSize: 12, Elite: 3,
		Boards: 200, ValidateBoards: 2000, ConfirmBoards: 2000, StatsEvery: 5,
	}
}

func seedScorer(t testing.TB) *Scorer {
	sc, err := NewScorer(SeedBoard(), DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestOptimizeImproves(t *testing.T) {
	sc := seedScorer(t)
	res, err := Optimize(context.Background(), sc, smallOptions(1, 60, 2))
	if err != nil {
		t.Fatal(err)
	}
	start, err := sc.Objective(RandomSet(randFor(t), 20), randFor(t), 5000)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sc.Objective(res.Best, randFor(t), 5000)
	if err != nil {
		t.Fatal(err)
	}
	// A random set scores about 5, the seed's optimised set about 11.
	if got < start+2 || got < 9 {
		t.Errorf("after 60 generations the best set scores %.3f (a random set %.3f)", got, start)
	}
	if len(res.History) != 13 || res.History[12].Generation != 60 {
		t.Errorf("history of %d rows, want one every 5 generations from 0 to 60", len(res.History))
	}
	if first, last := res.History[0].BestScore.Objective.Mean, res.History[12].BestScore.Objective.Mean; last < first+2 {
		t.Errorf("best so far went from %.3f to %.3f", first, last)
	}
}

func TestOptimizeDeterministic(t *testing.T) {
	// Every genome of a generation is scored on the same boards, so the
	// run does not depend on the number of workers.
	sc := seedScorer(t)
	run := func(workers int) *Result {
		res, err := Optimize(context.Background(), sc, smallOptions(7, 20, workers))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := run(1), run(3)
	if !slices.Equal(a.Best, b.Best) || a.Score.Objective != b.Score.Objective {
		t.Errorf("1 worker: %.4f, 3 workers: %.4f; want the same run", a.Score.Objective.Mean, b.Score.Objective.Mean)
	}
}

// sameRun fails unless a resumed run ended as the whole run did: the same
// best set, statistics rows and boards scored.
func sameRun(t *testing.T, whole, resumed *Result) {
	t.Helper()
	if !slices.Equal(whole.Best, resumed.Best) || len(whole.History) != len(resumed.History) ||
		whole.Boards != resumed.Boards {
		t.Errorf("resumed run differs: %d rows, %d boards; whole run %d rows, %d boards",
			len(resumed.History), resumed.Boards, len(whole.History), whole.Boards)
	}
}

func TestOptimizeResume(t *testing.T) {
	sc := seedScorer(t)
	whole, err := Optimize(context.Background(), sc, smallOptions(3, 30, 2))
	if err != nil {
		t.Fatal(err)
	}
	opt := smallOptions(3, 15, 2)
	opt.Checkpoint = filepath.Join(t.TempDir(), "cp.json")
	if _, err := Optimize(context.Background(), sc, opt); err != nil {
		t.Fatal(err)
	}
	opt.Generations = 30
	resumed, err := Optimize(context.Background(), sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	sameRun(t, whole, resumed)
}

// TestOptimizeResumeAfterKill resumes from the files a run killed at the
// worst moment leaves: after a validation, before the GA's save of the same
// generation. The resumed run must count as the whole run did.
func TestOptimizeResumeAfterKill(t *testing.T) {
	sc := seedScorer(t)
	whole, err := Optimize(context.Background(), sc, smallOptions(3, 30, 2))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opt := smallOptions(3, 30, 2)
	opt.Checkpoint = filepath.Join(dir, "cp.json")
	snapshot := map[string][]byte{}
	opt.Progress = func(s Stats) error {
		if s.Generation != 20 {
			return nil
		}
		files, _ := filepath.Glob(filepath.Join(dir, "cp.json*"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			snapshot[f] = b
		}
		return nil
	}
	if _, err := Optimize(context.Background(), sc, opt); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "cp.json*"))
	for _, f := range files {
		os.Remove(f)
	}
	for f, b := range snapshot {
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opt.Progress = nil
	resumed, err := Optimize(context.Background(), sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	sameRun(t, whole, resumed)
}

func TestOptimizeLimits(t *testing.T) {
	sc := seedScorer(t)
	opt := smallOptions(2, 80, 2)
	opt.Penalty = Limits(8, 64)
	res, err := Optimize(context.Background(), sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Best.Bridges() > 8 || res.Best.DupScore() > 64 {
		t.Errorf("best set has %d bridges and DupScore %d, limits 8 and 64", res.Best.Bridges(), res.Best.DupScore())
	}
	if p := Limits(-1, -1)(res.Best); p != 0 {
		t.Errorf("no limits gave penalty %v", p)
	}
}

// TestOptimizeConstraints holds the search to hard limits, static and on
// the boards: the constrained tournament must lead a random start inside
// them, and the death penalty, started from that feasible set, must stay
// inside while it climbs.
func TestOptimizeConstraints(t *testing.T) {
	sc := seedScorer(t)
	cs, err := ParseConstraints([]string{"bridges<=10", "dup <= 70", "extra>=6"})
	if err != nil {
		t.Fatal(err)
	}
	var start Set
	for _, handling := range []evolve.ConstraintHandling{evolve.ConstrainedTournament, evolve.DeathPenalty} {
		opt := smallOptions(2, 100, 2)
		opt.Constraints, opt.ConstraintHandling, opt.Start = cs, handling, start
		res, err := Optimize(context.Background(), sc, opt)
		if err != nil {
			t.Fatal(err)
		}
		b := res.Best
		if b.Bridges() > 10 || b.DupScore() > 70 || res.Score.ExtraEdges.Mean < 6 || res.Violation != 0 {
			t.Errorf("%v: best set has %d bridges, DupScore %d, %.2f extra edges (violation %v); limits 10, 70, at least 6",
				handling, b.Bridges(), b.DupScore(), res.Score.ExtraEdges.Mean, res.Violation)
		}
		start = b
	}
}

func TestParseConstraint(t *testing.T) {
	terms := Terms{Bridges: 12, DupScore: 70, ExtraEdges: 8.5, PathProb: 0.9}
	for _, tc := range []struct {
		in        string
		want      Constraint
		violation float64
	}{
		{"bridges<=11", Constraint{"bridges", "<=", 11}, 1.0 / 11},
		{" dup <= 72 ", Constraint{"dup", "<=", 72}, 0},
		{"path>=0.95", Constraint{"path", ">=", 0.95}, 0.05},
		{"extra=8", Constraint{"extra", "=", 8}, 0.5 / 8},
		{"bridges>=12", Constraint{"bridges", ">=", 12}, 0},
	} {
		c, err := ParseConstraint(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if c != tc.want {
			t.Errorf("%q: %+v, want %+v", tc.in, c, tc.want)
		}
		if v := c.Violation(terms); math.Abs(v-tc.violation) > 1e-12 {
			t.Errorf("%q: violation %v, want %v", tc.in, v, tc.violation)
		}
		if back, _ := ParseConstraint(c.String()); back != c {
			t.Errorf("%q: String %q reads back as %+v", tc.in, c.String(), back)
		}
	}
	for in, msg := range map[string]string{
		"bridgez<=3":   `unknown term "bridgez"`,
		"bridges<3":    "want TERM<=LIMIT",
		"dup<=many":    `bad limit "many"`,
		"path>=NaN":    `bad limit "NaN"`,
		"":             "want TERM<=LIMIT",
		"extra<=1e999": `bad limit`,
	} {
		_, err := ParseConstraint(in)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: error %v, want one saying %s", in, err, msg)
		}
	}
}

// TestOptimizeGrowsBoards: once the best set stalls the boards per
// evaluation double, up to the maximum.
func TestOptimizeGrowsBoards(t *testing.T) {
	sc := seedScorer(t)
	opt := smallOptions(4, 60, 2)
	opt.MaxBoards, opt.GrowAfter = 800, 1
	res, err := Optimize(context.Background(), sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	first, last := res.History[0].EvalBoards, res.History[len(res.History)-1].EvalBoards
	if first != 200 || last <= first || last > 800 {
		t.Errorf("boards per evaluation went from %d to %d, want from 200 up to at most 800", first, last)
	}
	for i := 1; i < len(res.History); i++ {
		if b, a := res.History[i].EvalBoards, res.History[i-1].EvalBoards; b != a && b != 2*a && b != 800 {
			t.Errorf("boards went from %d to %d", a, b)
		}
	}
}

// TestOptimizeCPUAndPolish stops on processor time (read from a clock
// here) and spends the last half of it polishing the best set.
func TestOptimizeCPUAndPolish(t *testing.T) {
	sc := seedScorer(t)
	start := time.Now()
	opt := smallOptions(5, 0, 2)
	opt.CPU, opt.CPUTime, opt.PolishFraction = 600*time.Millisecond, func() time.Duration { return time.Since(start) }, 0.5
	res, err := Optimize(context.Background(), sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Polish == nil || res.Polish.Elapsed <= 0 {
		t.Fatalf("no polish: %+v", res.Polish)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("a 600 ms budget took %s", el)
	}
	if _, err := Optimize(context.Background(), sc, Options{CPU: time.Second}); err == nil {
		t.Error("a processor-time budget without a clock: no error")
	}
}

func TestOptimizeOptionErrors(t *testing.T) {
	sc := seedScorer(t)
	for name, opt := range map[string]Options{
		"no stop":    {PopSize: 4},
		"elite":      {Generations: 1, PopSize: 4, Elite: 4},
		"start size": {Generations: 1, Start: RandomSet(randFor(t), 3)},
		"polish":     {Generations: 1, PolishFraction: 0.2},
		"polish big": {Time: time.Second, PolishFraction: 1},
		"tiles":      {Generations: 1, Tiles: 19},
	} {
		if _, err := Optimize(context.Background(), sc, opt); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestOptimizeRunFiles(t *testing.T) {
	sc := seedScorer(t)
	dir := t.TempDir()
	opt := smallOptions(5, 10, 2)
	opt.Start = RandomSet(randFor(t), 20)
	rep, err := OptimizeRun(context.Background(), sc, opt, RunFiles{Dir: dir, FinalBoards: 3000})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"best.txt", "stats.csv", "score.json", "tiles.svg", "tiles.png",
		"board.svg", "board.png", "curve.svg", "curve.png", "checkpoint.json"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s not written: %v", name, err)
		}
	}
	best, err := LoadSet(filepath.Join(dir, "best.txt"))
	if err != nil || !slices.Equal(best, rep.Result.Best) {
		t.Errorf("best.txt reads back as %v, %v", best, err)
	}
	f, err := os.Open(filepath.Join(dir, "stats.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 1+3 || len(rows[0]) != len(statsHeader) {
		t.Errorf("stats.csv: %d rows, %v", len(rows), err)
	}
	if rep.Final.Boards != 3000 {
		t.Errorf("final score on %d boards, want 3000", rep.Final.Boards)
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights("bridges=-0.1, extra=-0.2")
	want := DefaultWeights()
	want.Bridges, want.ExtraEdges = -0.1, -0.2
	if err != nil || w != want {
		t.Errorf("ParseWeights = %+v, %v; want %+v", w, err, want)
	}
	for _, bad := range []string{"bridge=1", "dup", "pair=x", "extra=NaN"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("ParseWeights(%q) accepted", bad)
		}
	}
}

// TestLongOptimize runs the optimiser on two workers for a minute of
// processor time (half a minute on two idle cores; a budget of wall time
// would give a busy machine's run only part of it): a random start must
// reach 10.5 re-scored on 50000 fresh boards (runs of ten minutes reach
// about 10.6, docs/bench-tiles.md).
func TestLongOptimize(t *testing.T) {
	testenv.SkipUnlessLong(t)
	sc := seedScorer(t)
	res, err := Optimize(context.Background(), sc, Options{Seed: 11, CPU: time.Minute, CPUTime: cputime.Process, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, err := sc.Score(res.Best, randFor(t), 50000)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d generations; objective %.4f ± %.4f, %d bridges, DupScore %d, %.3f extra edges, path %.4f",
		res.Generations, s.Objective.Mean, 1.96*s.Objective.StdErr, s.Bridges, s.DupScore, s.ExtraEdges.Mean, s.PathProb.Mean)
	if s.Objective.Mean < 10.5 {
		t.Errorf("objective %.4f after a minute of processor time, want at least 10.5", s.Objective.Mean)
	}
}

// TestLongLocalOptimum checks the shipped optimised set against every set
// one move away (Neighbours: one side replaced, or two tiles re-paired):
// the best of those on 10000 common boards is re-scored on 100000 fresh
// boards beside the set itself, and must not beat it by more than the
// noise.
func TestLongLocalOptimum(t *testing.T) {
	testenv.SkipUnlessLong(t)
	sc := seedScorer(t)
	set, err := LoadSet("../examples/tiles/best.txt")
	if err != nil {
		t.Fatal(err)
	}
	set = set.Normalize() // the tile order of its neighbours
	ns := Neighbours(set)
	gains, err := sc.compareParallel(set, ns, 1, 10000, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	best := 0
	for i, g := range gains {
		if g.Mean > gains[best].Mean {
			best = i
		}
	}
	fresh, err := sc.Compare([]Set{set, ns[best]}, rand.New(rand.NewPCG(2, 3)), 100000)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d neighbours; the best gains %.4f on the search boards, %.4f ± %.4f on fresh ones",
		len(ns), gains[best].Mean, fresh[1].Mean, 1.96*fresh[1].StdErr)
	if fresh[1].Mean > 0.02 {
		t.Errorf("a neighbour beats the set by %.4f on 100000 fresh boards", fresh[1].Mean)
	}
}

func TestOptimizePostGA(t *testing.T) {
	sc := seedScorer(t)
	opt := smallOptions(4, 60, 2)
	opt.PostGA, opt.PopSize, opt.Elite = true, 20, 5
	res, err := Optimize(context.Background(), sc, opt)
	if err != nil {
		t.Fatal(err)
	}
	if first, last := res.History[0].BestScore.Objective.Mean, res.Score.Objective.Mean; last < first+1.5 {
		t.Errorf("the post's GA went from %.3f to %.3f in 60 generations", first, last)
	}
}
