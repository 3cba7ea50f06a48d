package evolve

import (
	"os"
	"path/filepath"
	"testing"
)

func TestGoalBetter(t *testing.T) {
	tests := []struct {
		g    Goal
		a, b float64
		want bool
	}{
		{Maximize, 2, 1, true}, {Maximize, 1, 2, false}, {Maximize, 1, 1, false},
		{Minimize, 1, 2, true}, {Minimize, 2, 1, false}, {Minimize, 1, 1, false},
	}
	for _, tt := range tests {
		if got := tt.g.Better(tt.a, tt.b); got != tt.want {
			t.Errorf("%v.Better(%v, %v) = %v", tt.g, tt.a, tt.b, got)
		}
	}
}

func TestWorkerRandSplits(t *testing.T) {
	a, b := WorkerRand(7, 0), WorkerRand(7, 1)
	a2 := WorkerRand(7, 0)
	if x, y := a.Uint64(), a2.Uint64(); x != y {
		t.Fatal("same seed and worker gave different streams")
	}
	if x1, y1, x2, y2 := a.Uint64(), b.Uint64(), a.Uint64(), b.Uint64(); x1 == y1 && x2 == y2 {
		t.Fatal("different workers share a stream")
	}
}

func TestCheckpointRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	var v struct{ Gen int }
	if ok, err := LoadCheckpoint(path, &v); ok || err != nil {
		t.Fatalf("missing checkpoint: ok=%v err=%v", ok, err)
	}
	if err := SaveCheckpoint(path, struct{ Gen int }{42}); err != nil {
		t.Fatal(err)
	}
	if ok, err := LoadCheckpoint(path, &v); !ok || err != nil || v.Gen != 42 {
		t.Fatalf("got %+v ok=%v err=%v", v, ok, err)
	}
	os.WriteFile(path, []byte("{"), 0o644)
	if _, err := LoadCheckpoint(path, &v); err == nil {
		t.Fatal("corrupt checkpoint accepted")
	}
}
