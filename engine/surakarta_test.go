package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// surakarta is a direct implementation of the rules of
// games/surakarta.zrf, written apart from the engine: the two circuits
// are lists of the points they pass, in order, with a loop after every
// sixth; a capture walks a list either way.
type surakarta struct {
	b     [36]int8 // x+6*y, a1 = 0: 0 empty, 1 White, 2 Black
	turn  int8
	quiet int
}

// The circuits, each a line of six points then a loop, four times: the
// inner one up the b file, along the fifth rank, down the e file and
// back along the second rank; the outer one up the c file, along the
// fourth rank, down the d file and back along the third.
var surakartaCircuits = func() [2][24]int {
	var out [2][24]int
	for c, k := range []int{1, 2} { // the b and c files; the ranks 5 and 4
		i := 0
		for y := 0; y < 6; y++ {
			out[c][i] = k + 6*y
			i++
		}
		for x := 0; x < 6; x++ {
			out[c][i] = x + 6*(5-k)
			i++
		}
		for y := 5; y >= 0; y-- {
			out[c][i] = 5 - k + 6*y
			i++
		}
		for x := 5; x >= 0; x-- {
			out[c][i] = x + 6*k
			i++
		}
	}
	return out
}()

// surakartaMove is a move as a pair of points.
type surakartaMove struct{ from, to int }

// moves lists the moves of the player to move, each pair once, sorted.
func (p *surakarta) moves() []surakartaMove {
	seen := map[surakartaMove]bool{}
	for from, v := range p.b {
		if v != p.turn {
			continue
		}
		x, y := from%6, from/6
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				nx, ny := x+dx, y+dy
				if (dx != 0 || dy != 0) && nx >= 0 && nx < 6 && ny >= 0 && ny < 6 && p.b[nx+6*ny] == 0 {
					seen[surakartaMove{from, nx + 6*ny}] = true
				}
			}
		}
		for _, c := range surakartaCircuits {
			for i, q := range c {
				if q != from {
					continue
				}
				for _, dir := range []int{1, -1} {
					if to, ok := p.ride(c, i, dir); ok {
						seen[surakartaMove{from, to}] = true
					}
				}
			}
		}
	}
	out := make([]surakartaMove, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b surakartaMove) int { return (a.from*36 + a.to) - (b.from*36 + b.to) })
	return out
}

// ride walks circuit c from index i in direction dir and returns the
// enemy point it captures, if any.
func (p *surakarta) ride(c [24]int, i, dir int) (int, bool) {
	from := c[i]
	loops := 0
	for k := 1; k < 24; k++ {
		prev := (i + (k-1)*dir + 48) % 24
		j := (i + k*dir + 48) % 24
		if (dir == 1 && prev%6 == 5) || (dir == -1 && prev%6 == 0) {
			loops++
		}
		q := c[j]
		switch v := p.b[q]; {
		case q == from || v == 0:
			continue
		case v != p.turn && loops > 0:
			return q, true
		}
		return 0, false
	}
	return 0, false
}

func (p *surakarta) play(m surakartaMove) {
	if p.b[m.to] != 0 {
		p.quiet = 0
	} else {
		p.quiet++
	}
	p.b[m.to], p.b[m.from] = p.b[m.from], 0
	p.turn = 3 - p.turn
}

// over reports whether the game has ended: a side without pieces, or a
// hundred moves without a capture.
func (p *surakarta) over() bool {
	var n [3]int
	for _, v := range p.b {
		n[v]++
	}
	return n[1] == 0 || n[2] == 0 || p.quiet >= 100
}

func (p *surakarta) perft(depth int) int64 {
	if p.over() {
		return 0
	}
	ms := p.moves()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		q := *p
		q.play(m)
		n += q.perft(depth - 1)
	}
	return n
}

func newSurakarta() *surakarta {
	p := &surakarta{turn: 1}
	for i := 0; i < 12; i++ {
		p.b[i], p.b[24+i] = 1, 2
	}
	return p
}

// surakartaPoint is the point of a position of the engine's board.
func surakartaPoint(g *engine.Game, pos int) int {
	name := g.Rules.Board.Positions[pos]
	return int(name[0]-'a') + 6*int(name[1]-'1')
}

// engineSurakartaMoves lists the engine's moves of s as pairs of points.
func engineSurakartaMoves(t *testing.T, s *engine.State) ([]surakartaMove, []engine.Move) {
	t.Helper()
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		t.Fatal(err)
	}
	g := s.Game()
	out := make([]surakartaMove, len(ms))
	kept := make([]engine.Move, len(ms))
	for i := range ms {
		out[i] = surakartaMove{surakartaPoint(g, ms[i].From()), surakartaPoint(g, ms[i].To())}
		kept[i] = ms[i].Clone()
	}
	return out, kept
}

// TestSurakartaPerft counts the move tree from the start with the engine
// and with the direct implementation: 16 steps at first, no capture
// before the third move.
func TestSurakartaPerft(t *testing.T) {
	g := game(t, "surakarta.zrf", "")
	want := map[int]int64{1: 16, 2: 256, 3: 5382, 4: 111122}
	perftCounts(t, engine.NewState(g), want)
	for d, n := range want {
		if got := newSurakarta().perft(d); got != n {
			t.Errorf("direct implementation: perft(%d) = %d, want %d", d, got, n)
		}
	}
}

// TestSurakartaRandomGames plays random games and compares, at every
// ply, the engine's moves with those of the direct implementation, and
// the end of the game.
func TestSurakartaRandomGames(t *testing.T) {
	g := game(t, "surakarta.zrf", "")
	rng := rand.New(rand.NewPCG(7, 11))
	captures := 0
	for round := 0; round < 12; round++ {
		s := engine.NewState(g)
		p := newSurakarta()
		for ply := 0; ; ply++ {
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			if r.Over != p.over() {
				t.Fatalf("game %d ply %d: the engine says over=%v, the direct implementation %v\n%s",
					round, ply, r.Over, p.over(), s.FormatPosition())
			}
			if r.Over {
				break
			}
			got, ms := engineSurakartaMoves(t, s)
			slices.SortFunc(got, func(a, b surakartaMove) int { return (a.from*36 + a.to) - (b.from*36 + b.to) })
			want := p.moves()
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: engine moves %v, direct %v\n%s", round, ply, got, want, s.FormatPosition())
			}
			k := rng.IntN(len(ms))
			m := surakartaMove{surakartaPoint(g, ms[k].From()), surakartaPoint(g, ms[k].To())}
			if p.b[m.to] != 0 {
				captures++
			}
			s.Play(&ms[k])
			p.play(m)
		}
	}
	if captures < 50 {
		t.Errorf("only %d captures in the random games", captures)
	}
}

// TestSurakartaRides checks captures on small positions: through one
// loop or several, over the point the rider left, blocked by a piece of
// its own, and no capture without a loop.
func TestSurakartaRides(t *testing.T) {
	g := game(t, "surakarta.zrf", "")
	for _, tt := range []struct {
		name, pos string
		want      []string
	}{
		// c1 reaches a4 up the c file and round the large loop, or the
		// other way round the circuit: one move.
		{"two rides, one move", `(White (Stone c1)) (Black (Stone a4))`,
			[]string{"c1 - b1", "c1 - b2", "c1 - c2", "c1 - d1", "c1 - d2", "c1 x a4"}},
		// b3 and b5 are on one line with no loop between: no capture;
		// round the circuit the other way b3 meets its own b1, which
		// rides out through the loops and along the fifth rank to b5.
		{"no loop", `(White (Stone b3 b1)) (Black (Stone b5))`,
			[]string{"b1 - a1", "b1 - a2", "b1 - b2", "b1 - c1", "b1 - c2", "b1 x b5",
				"b3 - a2", "b3 - a3", "b3 - a4", "b3 - b2", "b3 - b4", "b3 - c2", "b3 - c3", "b3 - c4"}},
		// e2 rides west along the second rank, round the small loop, up
		// the b file over nothing, round the next loop and along the
		// fifth rank to f5; or down and round to take it at once.
		{"inner circuit", `(White (Stone e2)) (Black (Stone f5 a1))`,
			[]string{"e2 - d1", "e2 - d2", "e2 - d3", "e2 - e1", "e2 - e3", "e2 - f1", "e2 - f2", "e2 - f3", "e2 x f5"}},
		// b2 rides up the b file, round three loops and along the second
		// rank back over b2 itself to a2.
		{"over its own point", `(White (Stone b2 b4)) (Black (Stone a2))`,
			[]string{"b2 - a1", "b2 - a3", "b2 - b1", "b2 - b3", "b2 - c1", "b2 - c2", "b2 - c3", "b2 x a2",
				"b4 - a3", "b4 - a4", "b4 - a5", "b4 - b3", "b4 - b5", "b4 - c3", "b4 - c4", "b4 - c5"}},
	} {
		s := position(t, g, "(position (turn White) "+tt.pos+")")
		var got []string
		for _, n := range moveNames(t, s) {
			got = append(got, n[:7])
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: moves %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSurakartaEnd: a capture of the last piece wins; a hundred moves
// without a capture draw.
func TestSurakartaEnd(t *testing.T) {
	g := game(t, "surakarta.zrf", "")
	s := position(t, g, `(position (turn White) (White (Stone c1)) (Black (Stone a4)))`)
	play(t, s, "c1 x a4 ride n right")
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 1 {
		t.Errorf("after taking the last piece: %+v, %v; want White's win", r, err)
	}
	s = position(t, g, `(position (turn White) (White (Stone a1)) (Black (Stone f6)) (variable quiet 99))`)
	play(t, s, "a1 - a2 step n")
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 0.5 {
		t.Errorf("after a hundred quiet moves: %+v, %v; want a draw", r, err)
	}
}
