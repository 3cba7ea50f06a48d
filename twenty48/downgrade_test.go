package twenty48

import (
	"math/rand/v2"
	"testing"
)

// boardOfRanks puts ranks in the first cells of a board.
func boardOfRanks(ranks ...int) (b Board) {
	for i, r := range ranks {
		b = b.WithRank(i, r)
	}
	return b
}

func TestDowngrade(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Board
		from int
		want Board
	}{
		{"below the threshold", boardOfRanks(1, 2, 3, 5, 6), 7, boardOfRanks(1, 2, 3, 5, 6)},
		{"one gap", boardOfRanks(1, 2, 3, 5, 6), 6, boardOfRanks(1, 2, 3, 4, 5)},
		{"two gaps", boardOfRanks(1, 2, 4, 6, 0, 6), 5, boardOfRanks(1, 2, 3, 4, 0, 4)},
		{"no gap", boardOfRanks(1, 2, 3, 4, 5), 5, boardOfRanks(1, 2, 3, 4, 5)},
		{"never", boardOfRanks(1, 3), 0, boardOfRanks(1, 3)},
		{"no 2s: the gap above them", boardOfRanks(2, 3, 15, 14), 15, boardOfRanks(2, 3, 14, 13)},
		{"gaps below 8 stay", boardOfRanks(1, 3, 4, 5, 6), 6, boardOfRanks(1, 3, 4, 5, 6)},
	} {
		if got := downgrade(tc.in, tc.from); got != tc.want {
			t.Errorf("%s: downgrade(%016x, %d) = %016x, want %016x", tc.name, uint64(tc.in), tc.from, uint64(got), uint64(tc.want))
		}
	}
}

// TestDowngradeKeepsMoves: a downgraded board has the same legal moves,
// and each move merges the same cells (the downgraded image of the
// result is the result of the move on the image).
func TestDowngradeKeepsMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var b Board
		for k := 0; k < 16; k++ {
			if rng.IntN(4) > 0 {
				b |= Board(uint64(1+rng.IntN(15)) << (4 * k))
			}
		}
		d := downgrade(b, 10)
		for _, m := range Moves {
			after, dAfter := b.Move(m), d.Move(m)
			if (after == b) != (dAfter == d) {
				t.Fatalf("move %v legal on %016x is not on its image %016x", m, uint64(b), uint64(d))
			}
			if after.Empty() != dAfter.Empty() {
				t.Fatalf("move %v merges %d cells on %016x and %d on its image", m, after.Empty()-b.Empty(), uint64(b), dAfter.Empty()-d.Empty())
			}
		}
	}
}
