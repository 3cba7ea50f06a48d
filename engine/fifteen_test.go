package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// tray reads the 15-puzzle's tiles off the engine's board: tray[i] is
// the number on the i-th point in reading order (a4 first), 0 the hole.
func tray(t *testing.T, s *engine.State) [16]int8 {
	t.Helper()
	var out [16]int8
	for i, name := range s.Game().Rules.Board.Positions {
		if v := s.At(i); v != 0 {
			x, y := int(name[0]-'a'), int('4'-name[1])
			out[x+4*y] = int8(v.Type() + 1)
		}
	}
	return out
}

// shortestByHand finds the fewest slides that sort the tray, by a
// breadth-first search over trays written apart from the engine.
func shortestByHand(start [16]int8) int {
	solved := [16]int8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}
	seen := map[[16]int8]bool{start: true}
	level := [][16]int8{start}
	for d := 0; len(level) > 0; d++ {
		var next [][16]int8
		for _, b := range level {
			if b == solved {
				return d
			}
			h := 0
			for b[h] != 0 {
				h++
			}
			for _, n := range []int{h - 4, h + 4, h - 1, h + 1} {
				if n < 0 || n > 15 || (n == h-1 && h%4 == 0) || (n == h+1 && h%4 == 3) {
					continue
				}
				c := b
				c[h], c[n] = c[n], 0
				if !seen[c] {
					seen[c] = true
					next = append(next, c)
				}
			}
		}
		level = next
	}
	return -1
}

// TestFifteenPerftByHand: the hole starts on b1, with three tiles next to
// it; after one slide it is on a1 (two neighbours), c1 (three) or b2
// (four): 3, 9, and by the same count 29 three slides deep.
func TestFifteenPerftByHand(t *testing.T) {
	g := game(t, "fifteen.zrf", "")
	for n, want := range []int64{1: 3, 2: 9, 3: 29} {
		if n == 0 {
			continue
		}
		if got, err := engine.Perft(engine.NewState(g), n); err != nil || got != want {
			t.Errorf("perft(%d) = %d, %v; want %d", n, got, err, want)
		}
	}
}

// TestFifteenSolves searches the engine's moves breadth first for the
// first won position and compares its depth with the search written
// apart; the solved tray is a win, and 100 slides without it a loss.
func TestFifteenSolves(t *testing.T) {
	g := game(t, "fifteen.zrf", "")
	start := engine.NewState(g)
	want := shortestByHand(tray(t, start))
	if want <= 0 {
		t.Fatalf("the start is not solvable by hand: %d", want)
	}
	seen := map[[16]int8]bool{tray(t, start): true}
	level := []*engine.State{start}
	depth := -1
	for d := 0; depth < 0 && len(level) > 0 && d <= want; d++ {
		var next []*engine.State
		for _, s := range level {
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			if r.Over {
				if r.Scores[0] != 1 || tray(t, s) != [16]int8{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0} {
					t.Fatalf("over at depth %d: %v (%s)\n%s", d, r.Scores, r.Reason, s.FormatPosition())
				}
				depth = d
				break
			}
			var ml engine.MoveList
			ms, err := s.Moves(&ml)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ms {
				c := s.Clone()
				c.Play(&ms[i])
				if k := tray(t, c); !seen[k] {
					seen[k] = true
					next = append(next, c)
				}
			}
		}
		level = next
	}
	t.Logf("solved in %d slides", depth)
	if depth != want {
		t.Fatalf("the engine solves in %d slides, by hand %d", depth, want)
	}
	s := engine.NewState(g)
	rng := rand.New(rand.NewPCG(3, 5))
	for ply := 0; ply < 100; ply++ {
		var ml engine.MoveList
		ms, err := s.Moves(&ml)
		if err != nil || len(ms) == 0 {
			t.Fatalf("ply %d: %d moves, %v", ply, len(ms), err)
		}
		s.Play(&ms[rng.IntN(len(ms))])
		if r, _ := s.Result(); r.Over && ply < 99 {
			t.Fatalf("over after %d random slides: %s", ply+1, r.Reason)
		}
	}
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 0 {
		t.Errorf("after 100 slides: %+v, %v", r, err)
	}
}
