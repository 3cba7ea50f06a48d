package engine_test

import (
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// kernelGames are the games of the kernel's tests, and whether each fits
// it.
var kernelGames = []struct {
	file string
	fits bool
}{
	{filepath.Join("..", "games", "connect-four.zrf"), true},
	{filepath.Join("..", "games", "tic-tac-toe.zrf"), true},
	// Two drop types of one class, on a board of one word.
	{filepath.Join("testdata", "games", "lines.zrf"), true},
	// Reserves, guards that read the side, a loss when stalemated.
	{filepath.Join("testdata", "games", "ledges.zrf"), true},
	// Five in a row: three shifts a direction.
	{filepath.Join("testdata", "games", "five.zrf"), true},
	// Connections and lines on a board of one word.
	{filepath.Join("testdata", "games", "bridges.zrf"), true},
	// Connections on a board of two words, once Blue's first turn (which
	// may swap) is past.
	{filepath.Join("..", "games", "hex.zrf"), true},
	// A goal that is not a line set.
	{filepath.Join("testdata", "games", "two-drops.zrf"), false},
	// Passes and ko.
	{filepath.Join("..", "games", "go.zrf"), false},
	// Drops that are not unit drops; moves.
	{filepath.Join("..", "games", "reversi.zrf"), false},
	{filepath.Join("..", "games", "breakthrough.zrf"), false},
}

func TestDropKernelFits(t *testing.T) {
	for _, tc := range kernelGames {
		if got := engine.HasKernel(compile(t, tc.file, "")); got != tc.fits {
			t.Errorf("%s: kernel %v, want %v", tc.file, got, tc.fits)
		}
	}
}

// TestDropKernelAgrees plays random games on the kernel and on the
// general path with the same seeds, from the start and from positions
// part way through a game, and compares their lengths and results.
func TestDropKernelAgrees(t *testing.T) {
	for _, tc := range kernelGames {
		if !tc.fits {
			continue
		}
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			g := compile(t, tc.file, "")
			agree(t, g, engine.WithoutKernel(g))
		})
		t.Run(filepath.Base(tc.file)+"/windows", func(t *testing.T) {
			g := compile(t, tc.file, "")
			agree(t, engine.KernelByWindows(g), engine.WithoutKernel(g))
		})
	}
}

// agree plays 300 random games on g and on ref with the same seeds and
// fails at the first whose length or result differs.
func agree(t *testing.T, g, ref *engine.Game) {
	s, r := engine.NewState(g), engine.NewState(ref)
	var ml, mr engine.MoveList
	ends := map[string]int{}
	for i := uint64(0); i < 300; i++ {
		// Every third game starts from where a random game of a
		// few moves left both states.
		if i%3 == 0 {
			for s.Undo() {
			}
			for r.Undo() {
			}
			pre := int(i % 7)
			engine.NewPosition(s, nil).RandomGame(rand.New(rand.NewPCG(i, 2)), pre)
			engine.NewPosition(r, nil).RandomGame(rand.New(rand.NewPCG(i, 2)), pre)
			if s.Hash() != r.Hash() || !s.Equal(r) {
				t.Fatalf("game %d: the positions after %d random moves differ", i, pre)
			}
		}
		maxPlies := 1000
		if i%5 == 4 {
			maxPlies = int(i % 11) // cut before the end
		}
		ra, rb := rand.New(rand.NewPCG(i, 1)), rand.New(rand.NewPCG(i, 1))
		a, na, err := engine.Playout(s, ra, maxPlies, &ml)
		if err != nil {
			t.Fatal(err)
		}
		b, nb, err := engine.Playout(r, rb, maxPlies, &mr)
		if err != nil {
			t.Fatal(err)
		}
		if na != nb || a.Over != b.Over || a.Reason != b.Reason || a.Words != b.Words || !slices.Equal(a.Scores, b.Scores) {
			t.Fatalf("game %d: %d plies, %v %q %v on the kernel; %d plies, %v %q %v on the general path",
				i, na, a.Over, a.Reason, a.Scores, nb, b.Over, b.Reason, b.Scores)
		}
		if ra.Uint64() != rb.Uint64() {
			t.Fatalf("game %d: the two paths drew different numbers of random numbers", i)
		}
		if s.Hash() != r.Hash() || !s.HashOK() {
			t.Fatalf("game %d: the playout changed the state", i)
		}
		ends[a.Reason]++
	}
	if len(ends) < 2 {
		t.Errorf("the games ended only one way: %v", ends)
	}
}

// TestNthBit checks the kernel's selects against clearing bits one by
// one, on words of every density.
func TestNthBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 2000; n++ {
		x := rng.Uint64()
		for k := n % 8; k > 0; k-- {
			x &= rng.Uint64() // sparser words too
		}
		if n%100 == 0 {
			x = 1<<63 | 1
		}
		y := x
		for i := 0; y != 0; i++ {
			want := bits.TrailingZeros64(y)
			y &= y - 1
			if got := engine.NthBit(x, i); got != want {
				t.Fatalf("NthBit(%#x, %d) = %d, want %d", x, i, got, want)
			}
			if n := bits.OnesCount64(x); n <= 9 {
				if got := engine.Rank(x, n, i); got != want {
					t.Fatalf("Rank(%#x, %d, %d) = %d, want %d", x, n, i, got, want)
				}
			}
		}
	}
}

// TestDropKernelMoveForMove cuts random games after every number of moves
// and compares the positions the kernel and the general path leave: the
// two play the same game move for move.
func TestDropKernelMoveForMove(t *testing.T) {
	for _, tc := range kernelGames {
		if !tc.fits {
			continue
		}
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			g := compile(t, tc.file, "")
			moveForMove(t, g, engine.WithoutKernel(g), 30)
		})
	}
}

// moveForMove plays games random games on g and on ref, cut after every
// number of moves, and fails at the first position that differs.
func moveForMove(t *testing.T, g, ref *engine.Game, games int) {
	s, r := engine.NewState(g), engine.NewState(ref)
	ps, pr := engine.NewPosition(s, nil), engine.NewPosition(r, nil)
	for i := uint64(0); i < uint64(games); i++ {
		for cut := 0; ; cut++ {
			a, na := ps.RandomGame(rand.New(rand.NewPCG(i, 3)), cut)
			b, nb := pr.RandomGame(rand.New(rand.NewPCG(i, 3)), cut)
			if na != nb || (a == nil) != (b == nil) {
				t.Fatalf("game %d cut at %d: %d plies (over %v) on the kernel, %d (over %v) on the general path",
					i, cut, na, a != nil, nb, b != nil)
			}
			if a != nil {
				if !slices.Equal(a, b) {
					t.Fatalf("game %d: scores %v on the kernel, %v on the general path", i, a, b)
				}
				break
			}
			if s.Ply() != cut || !s.Equal(r) || s.Hash() != r.Hash() || !s.HashOK() {
				t.Fatalf("game %d: the positions after %d moves differ", i, cut)
			}
			for range na {
				ps.Undo()
				pr.Undo()
			}
		}
	}
}

// wordGames are the games of kernelGames that the kernel plays on one
// word.
var wordGames = []struct {
	file  string
	depth int // of the perft compared
}{
	{filepath.Join("..", "games", "connect-four.zrf"), 6},
	{filepath.Join("..", "games", "tic-tac-toe.zrf"), 9},
	{filepath.Join("testdata", "games", "lines.zrf"), 3},
	{filepath.Join("testdata", "games", "ledges.zrf"), 6},
	{filepath.Join("testdata", "games", "five.zrf"), 3},
}

func TestWordKernelFits(t *testing.T) {
	words := map[string]bool{}
	for _, tc := range wordGames {
		words[tc.file] = true
	}
	for _, tc := range kernelGames {
		if got := engine.HasWordKernel(compile(t, tc.file, "")); got != words[tc.file] {
			t.Errorf("%s: loop on one word %v, want %v", tc.file, got, words[tc.file])
		}
	}
}

// TestWordKernelAgrees plays the games of the loop on one word on the
// kernel's general loop too, against the general path: both loops stay
// checked.
func TestWordKernelAgrees(t *testing.T) {
	for _, tc := range wordGames {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			g := compile(t, tc.file, "")
			gk := engine.WithoutWord(g)
			if !engine.HasKernel(gk) || engine.HasWordKernel(gk) {
				t.Fatal("WithoutWord did not leave the general loop")
			}
			agree(t, gk, engine.WithoutKernel(g))
			moveForMove(t, gk, engine.WithoutKernel(g), 10)
		})
	}
}

// TestWordKernelPerft counts the move trees of the loop on one word (its
// candidate sets, its line tests) against the general path's Perft, from
// the start and from positions part way through random games.
func TestWordKernelPerft(t *testing.T) {
	for _, tc := range wordGames {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			g := compile(t, tc.file, "")
			s, r := engine.NewState(g), engine.NewState(engine.WithoutKernel(g))
			for i, pre := range []int{0, 3, 6, 11} {
				for s.Undo() {
				}
				for r.Undo() {
				}
				depth := tc.depth
				if pre > 0 {
					engine.NewPosition(s, nil).RandomGame(rand.New(rand.NewPCG(uint64(i), 4)), pre)
					engine.NewPosition(r, nil).RandomGame(rand.New(rand.NewPCG(uint64(i), 4)), pre)
					depth = min(depth, 4)
				}
				want, err := engine.Perft(r, depth)
				if err != nil {
					t.Fatal(err)
				}
				got, err := engine.WordPerft(s, depth)
				if err != nil {
					t.Fatal(err)
				}
				if got != want || want == 0 && s.Ply() == 0 {
					t.Errorf("start %d (ply %d): perft(%d) = %d on one word, %d on the general path", i, s.Ply(), depth, got, want)
				}
			}
		})
	}
}

// TestIntN checks the kernel's inline draw against rng.IntN: the same
// numbers from the same seeds, for small, power-of-two and large bounds.
func TestIntN(t *testing.T) {
	bounds := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 63, 64, 65, 1000, 1 << 40, 1<<62 + 1, 3 << 61}
	for _, n := range bounds {
		a, b := rand.New(rand.NewPCG(uint64(n), 5)), rand.New(rand.NewPCG(uint64(n), 5))
		for i := 0; i < 2000; i++ {
			if x, y := engine.IntN(a, n), b.IntN(n); x != y {
				t.Fatalf("IntN(%d) draw %d: %d, rng.IntN %d", n, i, x, y)
			}
		}
	}
}
