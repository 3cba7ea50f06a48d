package engine_test

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// TestDrawUniformChess draws many moves from chess positions where some
// candidate moves leave the king attacked, and checks that every draw is
// a legal move and that the legal moves come up equally often (a
// chi-squared test at about six standard deviations).
func TestDrawUniformChess(t *testing.T) {
	g := game(t, "chess.zrf", "")
	kiwipete, err := os.ReadFile(filepath.Join("testdata", "positions", "kiwipete.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, pos string
		legal     int // the count of legal moves, 0 for mate
	}{
		{"start", "", 20},
		{"kiwipete", string(kiwipete), 48},
		// Check along the file: the king steps to d1, f1 or f2 or the
		// rook blocks on e3; the pinned knight may not move.
		{"check", `(position (turn White)
			(White (King e1) (Knight d2) (Bishop c1) (Rook a3) (Pawn a2 b2))
			(Black (King h8) (Rook e6) (Bishop b4)))`, 4},
		{"mate", `(position (turn White)
			(White (King h1) (Pawn g2 h2) (Knight h4))
			(Black (King a8) (Rook a1)))`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := engine.NewState(g)
			if tc.pos != "" {
				var err error
				if s, err = engine.ParsePosition(g, tc.name, []byte(tc.pos)); err != nil {
					t.Fatal(err)
				}
			}
			var all engine.MoveList
			legal, err := s.Moves(&all)
			if err != nil {
				t.Fatal(err)
			}
			if len(legal) != tc.legal {
				t.Fatalf("%d legal moves, want %d", len(legal), tc.legal)
			}
			checkUniform(t, s, legal)
		})
	}
}

// TestDrawUniform does the same for positions of random games of the
// bundled games: breakthrough and reversi draw (piece, program) and
// (program, cell) pairs, checkers draws its steps so (a man may be crowned
// as it steps: one move still), its jumps from the list.
func TestDrawUniform(t *testing.T) {
	for _, tc := range []struct {
		file string
		// single[cl]: every program of priority class cl gives one move
		// a run.
		single []bool
	}{
		{"breakthrough.zrf", []bool{true}},
		{"reversi.zrf", []bool{true}},
		{"checkers.zrf", []bool{false, true}},
		{"laska.zrf", []bool{false, true}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			g := game(t, tc.file, "")
			for cl, want := range tc.single {
				if got := engine.SingleClass(g, cl); got != want {
					t.Errorf("class %d gives one move a run: %v, want %v", cl, got, want)
				}
			}
			s := engine.NewState(g)
			rng := rand.New(rand.NewPCG(5, 6))
			var all engine.MoveList
			checked := 0
			for ply := 0; ply < 48; ply++ {
				if r, err := s.Result(); err != nil || r.Over {
					break
				}
				legal, err := s.Moves(&all)
				if err != nil {
					t.Fatal(err)
				}
				if ply%6 == 0 && !legal[0].Pass {
					checkUniform(t, s, legal)
					checked++
				}
				s.Play(&legal[rng.IntN(len(legal))])
			}
			if checked < 2 {
				t.Errorf("%d positions checked, want 2 or more", checked)
			}
		})
	}
}

// TestDrawUniformChained does the same for composite moves of two steps
// (a glide, then an arrow), drawn by (first step, continuation) pairs:
// the test game has first steps with no continuation, moves of one step
// in the same class, and piece types with different numbers of
// continuation programs.
func TestDrawUniformChained(t *testing.T) {
	g := compile(t, filepath.Join("testdata", "games", "arrows.zrf"), "")
	if k := engine.ChainSlots(g, 0); k != 4 {
		t.Fatalf("%d continuation slots, want 4", k)
	}
	s := engine.NewState(g)
	rng := rand.New(rand.NewPCG(7, 8))
	var all engine.MoveList
	checked := 0
	for ply := 0; ply < 12; ply++ {
		if r, err := s.Result(); err != nil || r.Over {
			break
		}
		legal, err := s.Moves(&all)
		if err != nil {
			t.Fatal(err)
		}
		alone := 0
		for i := range legal {
			if len(legal[i].Steps) == 1 && legal[i].Steps[0].Partial {
				alone++
			}
		}
		if ply == 0 && alone == 0 {
			t.Error("no glide ends without an arrow at the start")
		}
		checkUniform(t, s, legal)
		checked++
		s.Play(&legal[rng.IntN(len(legal))])
	}
	if checked < 4 {
		t.Errorf("%d positions checked, want 4 or more", checked)
	}
}

// checkUniform draws moves from s as a playout does and checks that each
// is one of legal and that they come up equally often (a chi-squared test
// at about six standard deviations); with no legal move, that none is
// drawn.
func checkUniform(t *testing.T, s *engine.State, legal []engine.Move) {
	t.Helper()
	index := map[string]int{}
	for i := range legal {
		index[s.Notation(&legal[i])] = i
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var ml engine.MoveList
	draws := 2000 * max(len(legal), 1)
	seen := make([]int, len(legal))
	for range draws {
		m, drawn, err := engine.DrawMove(s, &ml, rng)
		if err != nil {
			t.Fatal(err)
		}
		if !drawn {
			t.Fatal("the move was not drawn")
		}
		if m == nil {
			if len(legal) > 0 {
				t.Fatal("no move drawn where there are legal ones")
			}
			continue
		}
		i, ok := index[s.Notation(m)]
		if !ok {
			t.Fatalf("drew %s, not a legal move", s.Notation(m))
		}
		seen[i]++
	}
	if len(legal) < 2 {
		return
	}
	want := float64(draws) / float64(len(legal))
	chi := 0.0
	for _, n := range seen {
		chi += (float64(n) - want) * (float64(n) - want) / want
	}
	df := float64(len(legal) - 1)
	if limit := df + 6*math.Sqrt(2*df); chi > limit {
		t.Errorf("chi-squared %.1f over %d moves, above %.1f: the draws are not uniform (%v)", chi, len(legal), limit, seen)
	}
}

// A game whose moves an invariant, an accumulator or "unique moves"
// filters as a whole list lists them in playouts: a move drawn alone could
// be one the filter removes.
func TestNoDrawUnderInvariants(t *testing.T) {
	for _, file := range []string{"international-draughts.zrf", "italian-draughts.zrf"} {
		s := engine.NewState(game(t, file, ""))
		var ml engine.MoveList
		if _, drawn, err := engine.DrawMove(s, &ml, rand.New(rand.NewPCG(1, 2))); err != nil || drawn {
			t.Errorf("%s: a move was drawn (%v)", file, err)
		}
	}
	g := compile(t, filepath.Join("testdata", "games", "chess-invariant.zrf"), "Chess, king safety evaluated")
	var ml engine.MoveList
	if _, drawn, _ := engine.DrawMove(engine.NewState(g), &ml, rand.New(rand.NewPCG(1, 2))); drawn {
		t.Error("chess with an evaluated invariant: a move was drawn")
	}
}
