package engine_test

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// flipGames are the games of the flip kernel's tests, and whether each
// fits it.
var flipGames = []struct {
	file, variant string
	fits          bool
}{
	// Eight directions, the forced pass, the most discs wins.
	{filepath.Join("..", "games", "reversi.zrf"), "", true},
	// Flip for change-owner, holes, a piece type that is not dropped,
	// no pass and a loss when stalemated.
	{filepath.Join("testdata", "games", "flips.zrf"), "", true},
	// Four directions: smaller plans.
	{filepath.Join("testdata", "games", "flips.zrf"), "Rook flips", true},
	// A drop that need turn nothing over; a board of two words.
	{filepath.Join("testdata", "games", "flips.zrf"), "Anywhere", false},
	{filepath.Join("testdata", "games", "flips.zrf"), "Wide", false},
	// Runs turned over walking back south whatever the direction: a
	// step back that does not retrace the walk.
	{filepath.Join("testdata", "games", "flips.zrf"), "Crooked", false},
	// Unit drops; steps and jumps.
	{filepath.Join("..", "games", "connect-four.zrf"), "", false},
	{filepath.Join("..", "games", "checkers.zrf"), "", false},
	{filepath.Join("..", "games", "go.zrf"), "", false},
}

func TestFlipKernelFits(t *testing.T) {
	for _, tc := range flipGames {
		if got := engine.HasFlipKernel(compile(t, tc.file, tc.variant)); got != tc.fits {
			t.Errorf("%s %q: flip kernel %v, want %v", tc.file, tc.variant, got, tc.fits)
		}
	}
}

// TestFlipKernelAgrees plays random games on the flip kernel and on the
// general path with the same seeds and compares them, as
// TestDropKernelAgrees does.
func TestFlipKernelAgrees(t *testing.T) {
	for _, tc := range flipGames {
		if !tc.fits {
			continue
		}
		t.Run(filepath.Base(tc.file)+"/"+tc.variant, func(t *testing.T) {
			g := compile(t, tc.file, tc.variant)
			agree(t, g, engine.WithoutKernel(g))
		})
	}
}

// TestFlipKernelMoveForMove compares the positions of random games cut
// after every number of moves on the two paths.
func TestFlipKernelMoveForMove(t *testing.T) {
	for _, tc := range flipGames {
		if !tc.fits {
			continue
		}
		t.Run(filepath.Base(tc.file)+"/"+tc.variant, func(t *testing.T) {
			g := compile(t, tc.file, tc.variant)
			moveForMove(t, g, engine.WithoutKernel(g), 20)
		})
	}
}

// TestFlipKernelBudget checks that a state under a budget plays the
// general way and spends it: a small budget stops the playout.
func TestFlipKernelBudget(t *testing.T) {
	g := compile(t, filepath.Join("..", "games", "reversi.zrf"), "")
	s := engine.NewState(g)
	var ml engine.MoveList
	s.SetBudget(engine.Budget{Steps: 1 << 40})
	if _, _, err := engine.Playout(s, rand.New(rand.NewPCG(1, 2)), 1000, &ml); err != nil {
		t.Fatal(err)
	}
	if s.StepsTaken() == 0 {
		t.Fatal("a playout under a budget spent no steps")
	}
	s.SetBudget(engine.Budget{Steps: 10})
	if _, _, err := engine.Playout(s, rand.New(rand.NewPCG(1, 2)), 1000, &ml); !errors.Is(err, engine.ErrBudget) {
		t.Fatalf("a playout over a budget of 10 steps: %v, want %v", err, engine.ErrBudget)
	}
}

// TestFlipKernelPerft counts the move trees of the games that fit by the
// kernel's drops and passes: reversi's against the published table, the
// others against the general path's Perft.
func TestFlipKernelPerft(t *testing.T) {
	rev := compile(t, filepath.Join("..", "games", "reversi.zrf"), "")
	for d := 1; d <= 9; d++ {
		if n := engine.FlipPerft(engine.NewState(rev), d); n != othelloCounts[d-1] {
			t.Fatalf("reversi: perft(%d) = %d on the kernel, want %d", d, n, othelloCounts[d-1])
		}
	}
	for _, tc := range flipGames {
		if !tc.fits {
			continue
		}
		g := compile(t, tc.file, tc.variant)
		for d := 1; d <= 6; d++ {
			want, err := engine.Perft(engine.NewState(g), d)
			if err != nil {
				t.Fatal(err)
			}
			if n := engine.FlipPerft(engine.NewState(g), d); n != want {
				t.Fatalf("%s %q: perft(%d) = %d on the kernel, %d on the general path", tc.file, tc.variant, d, n, want)
			}
		}
	}
}
