package twenty48

import (
	"context"
	"maps"
	"testing"
)

// TestPlayFromReproducible: games from given boards depend on the seed
// alone, not on the number of workers, and every game ends with a tile at
// least its board's.
func TestPlayFromReproducible(t *testing.T) {
	cfg := smallTrainConfig(11)
	cfg.Shape.Stages = []int{7}
	cfg.Restarts = 0.5
	tr, _ := NewTraining("", cfg)
	trainFor(t, tr, 60)
	boards, err := tr.PoolBoards(64)
	if err != nil || len(boards) == 0 {
		t.Fatalf("pool boards for 64: %d, %v", len(boards), err)
	}
	spec := PlayerSpec{Kind: "expectimax", Eval: "ludus", Depth: 1, MinProb: DefaultMinProb}
	one, err := PlayFrom(context.Background(), spec, boards, 5, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, _ := PlayFrom(context.Background(), spec, boards, 5, 2, nil)
	if one.Games != len(boards) || one.Moves != two.Moves || one.Score != two.Score || !maps.Equal(one.MaxTile, two.MaxTile) {
		t.Fatalf("one worker %+v, two %+v", one, two)
	}
	if one.Reached(64) != one.Games {
		t.Fatalf("%d of %d games from boards with 64 end with 64 or more", one.Reached(64), one.Games)
	}
	if _, err := tr.PoolBoards(1000); err == nil {
		t.Fatal("boards for 1000, not a tile")
	}
}
