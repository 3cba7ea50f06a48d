package engine_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// lasca is a direct implementation of the rules of games/laska.zrf,
// written apart from the engine: columns on the dark squares of a 7x7
// board, soldiers stepping forward and officers both ways, compulsory
// capture chains that take the top piece of a jumped column to the bottom
// of the capturing one and may not jump a column twice, promotion on the
// far row (ending a capture), and a player without a move losing.
type lasca struct {
	cols [49][]lpiece // x+7*y, a1 = 0; index 0 is the top piece
	turn int          // 0 White, 1 Black
}

type lpiece struct {
	owner   int
	officer bool
}

func newLasca() *lasca {
	l := &lasca{}
	for y := 0; y < 7; y++ {
		for x := 0; x < 7; x++ {
			if (x+y)%2 != 0 {
				continue
			}
			switch {
			case y <= 2:
				l.cols[x+7*y] = []lpiece{{0, false}}
			case y >= 4:
				l.cols[x+7*y] = []lpiece{{1, false}}
			}
		}
	}
	return l
}

func (l *lasca) clone() *lasca {
	c := &lasca{turn: l.turn}
	for i, col := range l.cols {
		c.cols[i] = append([]lpiece(nil), col...)
	}
	return c
}

// key writes the position, for comparing sets of positions.
func (l *lasca) key() string {
	var b strings.Builder
	for i, col := range l.cols {
		for _, p := range col {
			b.WriteByte(byte('a' + i%7))
			b.WriteByte(byte('1' + i/7))
			b.WriteByte(byte('0' + p.owner))
			if p.officer {
				b.WriteByte('o')
			}
		}
		if len(col) > 0 {
			b.WriteByte(' ')
		}
	}
	b.WriteByte(byte('0' + l.turn))
	return b.String()
}

func (l *lasca) dirs(p lpiece) [][2]int {
	fwd := 1
	if p.owner == 1 {
		fwd = -1
	}
	if p.officer {
		return [][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	}
	return [][2]int{{1, fwd}, {-1, fwd}}
}

func onBoard(x, y int) bool { return x >= 0 && x < 7 && y >= 0 && y < 7 }

// children lists the positions after each legal move.
func (l *lasca) children() []*lasca {
	var caps, steps []*lasca
	for i, col := range l.cols {
		if len(col) == 0 || col[0].owner != l.turn {
			continue
		}
		caps = append(caps, l.jumps(i, map[int]bool{})...)
		for _, d := range l.dirs(col[0]) {
			x, y := i%7+d[0], i/7+d[1]
			if !onBoard(x, y) || len(l.cols[x+7*y]) > 0 {
				continue
			}
			c := l.clone()
			c.cols[x+7*y], c.cols[i] = c.cols[i], nil
			c.promote(x + 7*y)
			c.turn = 1 - l.turn
			steps = append(steps, c)
		}
	}
	if len(caps) > 0 {
		return caps
	}
	return steps
}

// promote turns a soldier on top of a column on its far row into an
// officer, and reports whether it did.
func (l *lasca) promote(i int) bool {
	top := &l.cols[i][0]
	if top.officer || (top.owner == 0 && i/7 != 6) || (top.owner == 1 && i/7 != 0) {
		return false
	}
	top.officer = true
	return true
}

// jumps lists the positions after every capture chain of the column on
// i that has jumped the columns in done.
func (l *lasca) jumps(i int, done map[int]bool) []*lasca {
	var out []*lasca
	top := l.cols[i][0]
	for _, d := range l.dirs(top) {
		x, y := i%7+d[0], i/7+d[1]
		tx, ty := x+d[0], y+d[1]
		if !onBoard(tx, ty) || len(l.cols[x+7*y]) == 0 || l.cols[x+7*y][0].owner == l.turn || done[x+7*y] ||
			len(l.cols[tx+7*ty]) > 0 {
			continue
		}
		c := l.clone()
		over, to := x+7*y, tx+7*ty
		taken := c.cols[over][0]
		c.cols[over] = c.cols[over][1:]
		c.cols[to] = append(c.cols[i], taken)
		c.cols[i] = nil
		if c.promote(to) {
			c.turn = 1 - l.turn
			out = append(out, c)
			continue
		}
		next := map[int]bool{over: true}
		for k := range done {
			next[k] = true
		}
		if rest := c.jumps(to, next); len(rest) > 0 {
			out = append(out, rest...)
			continue
		}
		c.turn = 1 - l.turn
		out = append(out, c)
	}
	return out
}

func (l *lasca) perft(d int) int64 {
	if d == 0 {
		return 1
	}
	var n int64
	for _, c := range l.children() {
		n += c.perft(d - 1)
	}
	return n
}

// lascaOf reads an engine state of games/laska.zrf.
func lascaOf(g *engine.Game, s *engine.State) *lasca {
	l := &lasca{turn: s.ToMove()}
	names := g.Rules.Board.Positions
	piece := func(v engine.Piece) lpiece {
		return lpiece{v.Owner(), g.Rules.Pieces[v.Type()].Name == "Officer"}
	}
	for p, name := range names {
		v := s.At(p)
		if v.Empty() {
			continue
		}
		i := int(name[0]-'a') + 7*int(name[1]-'1')
		l.cols[i] = []lpiece{piece(v)}
		for _, u := range s.Column(p) {
			l.cols[i] = append(l.cols[i], piece(u))
		}
	}
	return l
}

// TestLaskaPerft compares the move tree of games/laska.zrf with the
// direct implementation's.
func TestLaskaPerft(t *testing.T) {
	g := game(t, "laska.zrf", "")
	depth := 9
	if testenv.Long() {
		depth = 12
	}
	for d := 1; d <= depth; d++ {
		want := newLasca().perft(d)
		got, err := engine.Perft(engine.NewState(g), d)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("perft(%d) = %d, the direct implementation counts %d", d, got, want)
		}
	}
}

// TestLaskaMoves plays random games of games/laska.zrf and checks at every
// ply that the positions after the engine's moves are those the direct
// implementation finds: tall columns, freed prisoners and officers
// included.
func TestLaskaMoves(t *testing.T) {
	g := game(t, "laska.zrf", "")
	rng := rand.New(rand.NewPCG(5, 7))
	tall := 0
	for game := 0; game < 20; game++ {
		s := engine.NewState(g)
		var ml engine.MoveList
		for ply := 0; ply < 200; ply++ {
			ms, err := s.Moves(&ml)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for i := range ms {
				s.Play(&ms[i])
				got = append(got, lascaOf(g, s).key())
				for p := range g.Rules.Board.Positions {
					tall = max(tall, len(s.Column(p))+1)
				}
				s.Undo()
			}
			var want []string
			for _, c := range lascaOf(g, s).children() {
				want = append(want, c.key())
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("game %d ply %d, position\n%s\nengine:\n%s\ndirect:\n%s", game, ply, s.FormatPosition(),
					strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(ms) == 0 {
				break
			}
			s.Play(&ms[rng.IntN(len(ms))])
		}
	}
	t.Logf("highest column %d", tall)
	if tall < 4 {
		t.Errorf("the random games built no column higher than %d", tall)
	}
}
