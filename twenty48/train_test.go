package twenty48

import (
	"context"
	"slices"
	"testing"
)

// smallTrainConfig trains a small network quickly.
func smallTrainConfig(seed uint64) TrainConfig {
	return TrainConfig{Seed: seed, Shape: Shape{Tuples: [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}}, Stages: []int{10}},
		Init: 1000, Alpha: 0.1, Lambda: 0.3, Every: 5}
}

func trainFor(t *testing.T, tr *Training, games int64) {
	t.Helper()
	if err := tr.Run(context.Background(), TrainOptions{Games: games, Workers: 1}); err != nil {
		t.Fatal(err)
	}
}

// trainTwice trains cfg for games straight through and, in another
// directory, stopped after stop games and resumed from its checkpoint;
// it fails unless both made the same network in the same moves.
func trainTwice(t *testing.T, cfg TrainConfig, stop, games int64) (straight, resumed *Training) {
	t.Helper()
	straight, err := NewTraining(t.TempDir(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	trainFor(t, straight, games)
	dir := t.TempDir()
	first, _ := NewTraining(dir, cfg)
	trainFor(t, first, stop)
	if resumed, err = OpenTraining(dir); err != nil {
		t.Fatal(err)
	}
	trainFor(t, resumed, games)
	if resumed.State.Games != games || resumed.State.Moves != straight.State.Moves {
		t.Fatalf("%+v: resumed %d games %d moves, straight %d moves", cfg, resumed.State.Games, resumed.State.Moves, straight.State.Moves)
	}
	for i := range straight.Net.w {
		if !slices.Equal(straight.Net.w[i], resumed.Net.w[i]) {
			t.Fatalf("%+v: table %d differs after resuming", cfg, i)
		}
	}
	return straight, resumed
}

// TestTrainResumes: a training stopped and resumed from its checkpoint
// gives exactly the network of one run straight through, with or without
// temporal coherence.
func TestTrainResumes(t *testing.T) {
	for _, tc := range []bool{false, true} {
		cfg := smallTrainConfig(42)
		cfg.TC = tc
		straight, resumed := trainTwice(t, cfg, 17, 40)
		if len(resumed.State.Curve) != 8 || !slices.EqualFunc(resumed.State.Curve, straight.State.Curve,
			func(a, b CurvePoint) bool { return a.Games == b.Games && a.Mean == b.Mean }) {
			t.Fatalf("tc %v: curves differ: %+v against %+v", tc, resumed.State.Curve, straight.State.Curve)
		}
	}
}

// TestTrainLearns: a few hundred games lift the mean score well above the
// first games'.
func TestTrainLearns(t *testing.T) {
	cfg := smallTrainConfig(7)
	cfg.Every = 100
	tr, _ := NewTraining(t.TempDir(), cfg)
	trainFor(t, tr, 600)
	c := tr.State.Curve
	if first, last := c[0].Mean, c[len(c)-1].Mean; last < 1.5*first {
		t.Fatalf("mean score %0.f in the first 100 games, %.0f in the last", first, last)
	}
}

func TestNewTrainingRefusesExisting(t *testing.T) {
	dir := t.TempDir()
	tr, _ := NewTraining(dir, smallTrainConfig(1))
	trainFor(t, tr, 1)
	if _, err := NewTraining(dir, smallTrainConfig(1)); err == nil {
		t.Fatal("a second training in the same directory")
	}
}
