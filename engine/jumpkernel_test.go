package engine_test

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// jumpGames are the games of the jump kernel's tests, and whether each
// fits it.
var jumpGames = []struct {
	file, variant string
	fits          bool
}{
	// Men and kings, chains of jumps, crowning that ends the move, a
	// draw by repetition.
	{filepath.Join("..", "games", "checkers.zrf"), "", true},
	// Crowning that goes on jumping.
	{filepath.Join("testdata", "games", "crowning.zrf"), "", true},
	{filepath.Join("testdata", "games", "crowning.zrf"), "Uncrowned", true},
	// One piece type (steps drawn by the gate), jumps that end the move.
	{filepath.Join("testdata", "games", "hoppers.zrf"), "", true},
	// Flying kings and the most captures; slides; stacks.
	{filepath.Join("..", "games", "international-draughts.zrf"), "", false},
	{filepath.Join("..", "games", "chess.zrf"), "", false},
	{filepath.Join("..", "games", "laska.zrf"), "", false},
	{filepath.Join("..", "games", "breakthrough.zrf"), "", false},
}

func TestJumpKernelFits(t *testing.T) {
	for _, tc := range jumpGames {
		if got := engine.HasJumpKernel(compile(t, tc.file, tc.variant)); got != tc.fits {
			t.Errorf("%s %q: jump kernel %v, want %v", tc.file, tc.variant, got, tc.fits)
		}
	}
}

// TestJumpKernelAgrees plays random games on the jump kernel and on the
// general path with the same seeds and compares them, as
// TestDropKernelAgrees does.
func TestJumpKernelAgrees(t *testing.T) {
	for _, tc := range jumpGames {
		if !tc.fits {
			continue
		}
		t.Run(filepath.Base(tc.file)+"/"+tc.variant, func(t *testing.T) {
			g := compile(t, tc.file, tc.variant)
			agree(t, g, engine.WithoutKernel(g))
		})
		t.Run(filepath.Base(tc.file)+"/"+tc.variant+"/union", func(t *testing.T) {
			g := compile(t, tc.file, tc.variant)
			agree(t, engine.JumpKernelByUnion(g), engine.WithoutKernel(g))
		})
	}
}

// TestJumpKernelMoveForMove compares the positions of random games cut
// after every number of moves on the two paths.
func TestJumpKernelMoveForMove(t *testing.T) {
	for _, tc := range jumpGames {
		if !tc.fits {
			continue
		}
		t.Run(filepath.Base(tc.file)+"/"+tc.variant, func(t *testing.T) {
			g := compile(t, tc.file, tc.variant)
			moveForMove(t, g, engine.WithoutKernel(g), 20)
		})
	}
}

// TestJumpKernelBudget checks that a state under a budget plays the
// general way and spends it: a small budget stops the playout.
func TestJumpKernelBudget(t *testing.T) {
	g := compile(t, filepath.Join("..", "games", "checkers.zrf"), "")
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
