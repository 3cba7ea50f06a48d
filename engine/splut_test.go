package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// splut is a direct implementation of the rules of games/splut.zrf,
// written apart from the engine: the diamond as a 9x9 array, the turn
// order as who moves and how many steps are left, the levitation rules
// as the Rock lifted this turn and the one lifted the turn before.
type splut struct {
	b      [9][9]splutPiece
	player int // 0 Red, 1 Blue, 2 Yellow, 3 Green
	left   int // steps left in the turn
	first  int // turns played so far, for the short first turns
	// The Rock lifted in this turn (by number, -1: none) and whether the
	// step just before lifted it; the Rock lifted in the last turn that
	// made a step.
	lev, prevLev int
	levOn        bool
	stepped      bool // a step was made in this turn
	calm         int  // steps since a Sorcerer was killed
}

// splutPiece is a piece: kind 1 Troll, 2 Dwarf, 3 Sorcerer, 4 Rock (0
// empty); team 0-3; rock the Rock's number.
type splutPiece struct{ kind, team, rock int }

var splutDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} // n e s w

func splutOn(x, y int) bool {
	return x >= 0 && x < 9 && y >= 0 && y < 9 && max(x-4, 4-x)+max(y-4, 4-y) <= 4
}

func newSplut() *splut {
	p := &splut{left: 1, lev: -1, prevLev: -1}
	for i, r := range [][2]int{{4, 0}, {0, 4}, {4, 8}, {8, 4}} {
		p.b[r[0]][r[1]] = splutPiece{kind: 4, rock: i}
	}
	// Dwarf, Troll, Sorcerer of each team: Red e2 f2 d2, Blue b5 b4 b6,
	// Yellow e8 d8 f8, Green h5 h6 h4.
	for team, sq := range [][3][2]int{{{4, 1}, {5, 1}, {3, 1}}, {{1, 4}, {1, 3}, {1, 5}}, {{4, 7}, {3, 7}, {5, 7}}, {{7, 4}, {7, 5}, {7, 3}}} {
		for k, kind := range []int{2, 1, 3} {
			p.b[sq[k][0]][sq[k][1]] = splutPiece{kind: kind, team: team}
		}
	}
	return p
}

// alive reports which teams still have their Sorcerer.
func (p *splut) alive() [4]bool {
	var out [4]bool
	for x := range p.b {
		for y := range p.b[x] {
			if p.b[x][y].kind == 3 {
				out[p.b[x][y].team] = true
			}
		}
	}
	return out
}

// over reports the end and the winning team (-1: a draw).
func (p *splut) over() (bool, int) {
	a := p.alive()
	n, w := 0, -1
	for t, ok := range a {
		if ok {
			n, w = n+1, t
		}
	}
	if n == 1 {
		return true, w
	}
	return p.calm >= 600, -1
}

// splutNext is a position after a step, and whether the step threw.
type splutNext struct {
	p     splut
	threw bool
}

// steps lists the positions after each step of the player to move.
func (p *splut) steps() []splutNext {
	var out []splutNext
	for x := range p.b {
		for y := range p.b[x] {
			pc := p.b[x][y]
			if pc.kind == 0 || pc.kind == 4 || pc.team != p.player {
				continue
			}
			for _, d := range splutDirs {
				out = append(out, p.pieceSteps(x, y, d)...)
			}
		}
	}
	return out
}

// pieceSteps lists the steps of the piece on (x, y) in direction d.
func (p *splut) pieceSteps(x, y int, d [2]int) []splutNext {
	var out []splutNext
	pc := p.b[x][y]
	nx, ny := x+d[0], y+d[1]
	if !splutOn(nx, ny) {
		return nil
	}
	moved := func() splut {
		q := *p
		q.b[nx][ny], q.b[x][y] = pc, splutPiece{}
		return q
	}
	if p.b[nx][ny].kind == 0 {
		q := moved()
		out = append(out, splutNext{p: q.plain()})
		switch bx, by := x-d[0], y-d[1]; {
		case pc.kind == 1 && splutOn(bx, by) && p.b[bx][by].kind == 4: // pull
			q.b[x][y], q.b[bx][by] = q.b[bx][by], splutPiece{}
			out = append(out, splutNext{p: q.plain()})
		case pc.kind == 3:
			out = append(out, p.levitations(x, y, d)...)
		}
		return out
	}
	switch pc.kind {
	case 1:
		if p.b[nx][ny].kind == 4 {
			for _, t := range splutDirs {
				if q, ok := p.throw(x, y, nx, ny, t); ok {
					out = append(out, splutNext{p: q, threw: true})
				}
			}
		}
	case 2:
		ex, ey := nx, ny
		for splutOn(ex, ey) && p.b[ex][ey].kind != 0 {
			ex, ey = ex+d[0], ey+d[1]
		}
		if splutOn(ex, ey) {
			q := *p
			for ex != x || ey != y {
				q.b[ex][ey] = q.b[ex-d[0]][ey-d[1]]
				ex, ey = ex-d[0], ey-d[1]
			}
			q.b[x][y] = splutPiece{}
			out = append(out, splutNext{p: q.plain()})
		}
	}
	return out
}

// plain notes a step that lifts nothing.
func (p splut) plain() splut {
	p.levOn = false
	p.calm++
	return p
}

// levitations lists the Sorcerer's steps from (x, y) in direction d that
// lift a Rock.
func (p *splut) levitations(x, y int, d [2]int) []splutNext {
	var out []splutNext
	for rx := range p.b {
		for ry := range p.b[rx] {
			r := p.b[rx][ry]
			if r.kind != 4 || r.rock == p.prevLev || p.lev >= 0 && (r.rock != p.lev || !p.levOn) {
				continue
			}
			tx, ty := rx+d[0], ry+d[1]
			if !splutOn(tx, ty) || p.b[tx][ty].kind != 0 && (tx != x || ty != y) {
				continue
			}
			q := *p
			q.b[x+d[0]][y+d[1]], q.b[x][y] = q.b[x][y], splutPiece{}
			q.b[tx][ty], q.b[rx][ry] = r, splutPiece{}
			q.lev, q.levOn = r.rock, true
			q.calm++
			out = append(out, splutNext{p: q})
		}
	}
	return out
}

// throw is the Troll on (x, y) stepping onto the Rock on (rx, ry) and
// throwing it in direction t.
func (p *splut) throw(x, y, rx, ry int, t [2]int) (splut, bool) {
	cx, cy := rx, ry
	hit := false
	for {
		nx, ny := cx+t[0], cy+t[1]
		if !splutOn(nx, ny) {
			break
		}
		v := p.b[nx][ny]
		if nx == x && ny == y {
			v = splutPiece{}
		}
		if v.kind == 0 || v.kind == 2 {
			cx, cy = nx, ny
			continue
		}
		if v.kind == 3 {
			cx, cy, hit = nx, ny, true
		}
		break
	}
	if cx == rx && cy == ry {
		return splut{}, false
	}
	q := *p
	rock := q.b[rx][ry]
	q.b[rx][ry], q.b[x][y] = q.b[x][y], splutPiece{}
	q.calm++
	if hit {
		dead := q.b[cx][cy].team
		for i := range q.b {
			for j := range q.b[i] {
				if v := q.b[i][j]; v.kind != 0 && v.kind != 4 && v.team == dead {
					q.b[i][j] = splutPiece{}
				}
			}
		}
		q.calm = 0
	}
	q.b[cx][cy] = rock
	q.levOn = false
	return q, true
}

// nextTurn moves the turn order on: Red plays one step, Blue two, then
// Yellow, Green, Red and Blue three each in turn.
func (p *splut) nextTurn() {
	p.first++
	p.player = (p.player + 1) % 4
	p.left = 3
	if p.first == 1 {
		p.left = 2
	}
	if p.stepped {
		p.prevLev = p.lev
	}
	p.lev, p.levOn, p.stepped = -1, false, false
}

// play makes the step (or a pass, n == nil) and moves the turn on.
func (p *splut) play(n *splutNext) {
	if n != nil {
		first, player, left := p.first, p.player, p.left
		*p = n.p
		p.first, p.player, p.left, p.stepped = first, player, left, true
		if n.threw {
			p.left = 1 // a throw ends the turn
		}
	}
	p.left--
	if p.left == 0 {
		p.nextTurn()
	}
}

// board writes the pieces, for comparing.
func (p *splut) board() string {
	var b strings.Builder
	for y := 8; y >= 0; y-- {
		for x := 0; x < 9; x++ {
			if splutOn(x, y) {
				v := p.b[x][y]
				fmt.Fprintf(&b, "%d%d", v.kind, v.team)
			}
		}
	}
	return b.String()
}

// splutBoard writes the engine's board as (*splut).board does.
func splutBoard(s *engine.State) string {
	g := s.Game()
	at := map[string]string{}
	for i, name := range g.Rules.Board.Positions {
		v := s.At(i)
		cell := "00"
		if !v.Empty() {
			t := g.Rules.Pieces[v.Type()].Name
			kind := map[string]int{"Troll": 1, "Dwarf": 2, "Sorcerer": 3, "Rock": 4}
			team := 0
			for k, pre := range []string{"Red", "Blue", "Yellow", "Green"} {
				if strings.HasPrefix(t, pre) {
					team, t = k, strings.TrimPrefix(t, pre)
				}
			}
			cell = fmt.Sprintf("%d%d", kind[t], team)
		}
		at[name] = cell
	}
	var b strings.Builder
	for y := 8; y >= 0; y-- {
		for x := 0; x < 9; x++ {
			if splutOn(x, y) {
				b.WriteString(at[fmt.Sprintf("%c%d", 'a'+x, y+1)])
			}
		}
	}
	return b.String()
}

func (p *splut) perft(depth int) int64 {
	if over, _ := p.over(); over {
		return 0
	}
	ns := p.steps()
	if depth == 1 {
		return int64(max(len(ns), 1)) // no step: a pass
	}
	if len(ns) == 0 {
		q := *p
		q.play(nil)
		return q.perft(depth - 1)
	}
	var n int64
	for i := range ns {
		q := *p
		q.play(&ns[i])
		n += q.perft(depth - 1)
	}
	return n
}

// TestSplutPerft counts the first turns with the engine and with the
// direct implementation: Red's Sorcerer, Dwarf and Troll may each step
// forward (3), Blue's likewise twice, the second step of each piece
// freeing squares for the others.
func TestSplutPerft(t *testing.T) {
	g := game(t, "splut.zrf", "")
	want := map[int]int64{1: 3, 2: 9, 3: 70, 4: 210, 5: 1653}
	perftCounts(t, engine.NewState(g), want)
	for d, n := range want {
		if got := newSplut().perft(d); got != n {
			t.Errorf("direct implementation: perft(%d) = %d, want %d", d, got, n)
		}
	}
}

// TestSplutRandomGames plays random four-player games and compares, at
// every step, the positions the engine's steps lead to, who moves and
// the end with the direct implementation.
func TestSplutRandomGames(t *testing.T) {
	g := game(t, "splut.zrf", "")
	rng := rand.New(rand.NewPCG(9, 4))
	var throws, kills, pushes, lifts, ends int
	for round := 0; round < 6; round++ {
		s := engine.NewState(g)
		p := newSplut()
		for ply := 0; ply < 4000; ply++ {
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			over, _ := p.over()
			if r.Over != over {
				t.Fatalf("game %d ply %d: over %v, direct %v\n%s", round, ply, r.Over, over, s.FormatPosition())
			}
			if over {
				ends++
				break
			}
			if s.ToMove() != p.player {
				t.Fatalf("game %d ply %d: player %d to move, direct %d", round, ply, s.ToMove(), p.player)
			}
			var ml engine.MoveList
			ms, err := s.Moves(&ml)
			if err != nil {
				t.Fatal(err)
			}
			ns := p.steps()
			if len(ns) == 0 {
				if len(ms) != 1 || !ms[0].Pass {
					t.Fatalf("game %d ply %d: the direct implementation passes, the engine has %d moves", round, ply, len(ms))
				}
				s.Play(&ms[0])
				p.play(nil)
				continue
			}
			var got, want []string
			index := map[string]int{}
			for i := range ns {
				want = append(want, ns[i].p.board())
				index[ns[i].p.board()] = i
			}
			for i := range ms {
				s.Play(&ms[i])
				got = append(got, splutBoard(s))
				s.Undo()
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: %d engine steps, %d direct\n%s\nengine: %v", round, ply, len(got), len(want),
					s.FormatPosition(), notations(t, s))
			}
			k := rng.IntN(len(ms))
			name := s.Notation(&ms[k])
			s.Play(&ms[k])
			n := ns[index[splutBoard(s)]]
			switch {
			case strings.Contains(name, "throw"):
				throws++
				if n.p.calm == 0 {
					kills++
				}
			case strings.Contains(name, "push"):
				pushes++
			case strings.Contains(name, "levitate"):
				lifts++
			}
			p.play(&n)
		}
	}
	if throws < 20 || kills < 6 || pushes < 20 || lifts < 20 || ends < 6 {
		t.Errorf("the random games made %d throws (%d kills), %d pushes, %d levitations; %d ended", throws, kills, pushes, lifts, ends)
	}
}

// splutAt is the piece on the named square of s, "" when empty.
func splutAt(s *engine.State, name string) string {
	g := s.Game()
	v := s.At(slices.Index(g.Rules.Board.Positions, name))
	if v.Empty() {
		return ""
	}
	return g.Rules.Pieces[v.Type()].Name
}

// TestSplutRules plays the rules of the pieces on set positions: a
// throw that kills a Sorcerer and its team and ends the turn, a Rock
// landing on a Dwarf, a throw onto the thrower's own Sorcerer, a push,
// a pull, and levitation.
func TestSplutRules(t *testing.T) {
	g := game(t, "splut.zrf", "")
	// Red's first step of a turn (entry 9); Green moved last.
	const head = `(position (turn 9) (variable who 4) (variable turns 5) (Grey (Rock e5 a5 e9 i5))
	  (Green (GreenSorcerer h4)) `
	type check struct{ square, piece string }
	for _, tt := range []struct {
		name, pieces, move string
		want               []check
	}{
		{"SPLUT!", `(Red (RedTroll e4) (RedSorcerer d2)) (Blue (BlueSorcerer e8) (BlueDwarf b4) (BlueTroll c4)) )`,
			"e4 - e5 throw n n", []check{{"e8", "Rock"}, {"e5", "RedTroll"}, {"e4", ""}, {"b4", ""}, {"c4", ""}}},
		{"a Dwarf crushed", `(Red (RedTroll e4) (RedSorcerer d2)) (Yellow (YellowDwarf e7) (YellowTroll e8) (YellowSorcerer b6)) )`,
			"e4 - e5 throw n n", []check{{"e7", "Rock"}, {"e8", "YellowTroll"}, {"b6", "YellowSorcerer"}}},
		{"over the Troll's square", `(Red (RedTroll e4) (RedSorcerer d2)) (Yellow (YellowSorcerer e2)) )`,
			"e4 - e5 throw n s", []check{{"e2", "Rock"}, {"e5", "RedTroll"}, {"e4", ""}}},
		{"the thrower's own", `(Red (RedTroll e4) (RedSorcerer e8) (RedDwarf c3)) (Yellow (YellowSorcerer b6)) )`,
			"e5 - e8 throw n n", []check{{"e8", "Rock"}, {"e4", ""}, {"e5", ""}, {"c3", ""}}},
		{"push", `(Red (RedDwarf c5) (RedTroll d5) (RedSorcerer d2)) )`,
			"c5 - d5 push e", []check{{"d5", "RedDwarf"}, {"e5", "RedTroll"}, {"f5", "Rock"}}},
		{"pull", `(Red (RedTroll f5) (RedSorcerer d2)) )`,
			"f5 - g5 pull e", []check{{"g5", "RedTroll"}, {"f5", "Rock"}, {"e5", ""}}},
		{"levitate", `(Red (RedSorcerer d3)) )`,
			"d3 - d4 levitate n e5", []check{{"d4", "RedSorcerer"}, {"e6", "Rock"}, {"e5", ""}}},
	} {
		s := position(t, g, head+tt.pieces)
		play(t, s, tt.move)
		for _, c := range tt.want {
			if got := splutAt(s, c.square); got != c.piece {
				t.Errorf("%s: %s holds %q, want %q", tt.name, c.square, got, c.piece)
			}
		}
	}
	// A throw ends the turn: Blue moves next.
	s := position(t, g, head+`(Red (RedTroll e4) (RedSorcerer d2)) (Blue (BlueSorcerer b6)) )`)
	play(t, s, "e4 - e5 throw n n")
	if s.ToMove() != 1 {
		t.Errorf("after a throw player %d moves, want Blue", s.ToMove())
	}
	// A Dwarf does not push a line off the board, nor a Troll throw a
	// Rock that cannot fly.
	s = position(t, g, head+`(Red (RedDwarf g5) (RedTroll h5) (RedSorcerer d2)) )`)
	for _, m := range notations(t, s) {
		if strings.HasPrefix(m, "g5 - h5") || strings.Contains(m, "throw e e") {
			t.Errorf("the line g5-i5 moves east: %s", m)
		}
	}
}

// TestSplutLevitation plays a turn of levitations: the same Rock on
// steps that follow each other, no other Rock that turn, and not the
// same Rock in the next player's turn.
func TestSplutLevitation(t *testing.T) {
	g := game(t, "splut.zrf", "")
	s := position(t, g, `(position (turn 9) (variable who 4) (variable turns 5) (Grey (Rock c5 g5 e9 i5))
	  (Red (RedSorcerer e3) (RedDwarf d2)) (Blue (BlueSorcerer b6)) (Yellow (YellowSorcerer f8)) (Green (GreenSorcerer h4)))`)
	has := func(m string) bool { return slices.Contains(notations(t, s), m) }
	play(t, s, "e3 - e4 levitate n c5")
	if !has("e4 - e5 levitate n c6") || has("e4 - e5 levitate n g5") {
		t.Errorf("after lifting c5: %v", notations(t, s))
	}
	play(t, s, "e4 - e5 levitate n c6")
	play(t, s, "d2 - d3 step n")
	// Blue's turn: c7 was lifted in the turn before, g5 was not.
	if !has("b6 - c6 levitate e g5") || has("b6 - c6 levitate e c7") {
		t.Errorf("Blue's levitations: %v", notations(t, s))
	}
	// Red's step without a levitation ends Red's: after it, none.
	s = position(t, g, `(position (turn 9) (variable who 4) (variable turns 5) (Grey (Rock c5 g5 e9 i5))
	  (Red (RedSorcerer e3) (RedDwarf d2)) (Blue (BlueSorcerer b6)) (Yellow (YellowSorcerer f8)) (Green (GreenSorcerer h4)))`)
	play(t, s, "e3 - e4 levitate n c5")
	play(t, s, "d2 - d3 step n")
	for _, m := range notations(t, s) {
		if strings.Contains(m, "levitate") {
			t.Errorf("a levitation after the team's levitation ended: %s", m)
		}
	}
}

// TestSplutEvaluation: the rules' evaluation takes 300 points from a
// team whose Sorcerer another team could strike at once: a Rock thrown
// onto it, or a Dwarf pushing it; a Troll between the Rock and the
// Sorcerer shields it.
func TestSplutEvaluation(t *testing.T) {
	g := game(t, "splut.zrf", "")
	const head = `(position (turn 9) (variable who 4) (variable turns 5) (Grey (Rock e5 a5 e9 i5))
	  (Green (GreenSorcerer h4)) `
	for _, tt := range []struct {
		name, pieces string
		want         [4]float64 // Red, Blue, Yellow, Green
	}{
		{"in the Rock's line", `(Red (RedTroll e4) (RedSorcerer d2)) (Blue (BlueSorcerer e8)) )`,
			[4]float64{0, -300, 0, 0}},
		{"shielded by a Troll", `(Red (RedTroll e4) (RedSorcerer d2)) (Blue (BlueSorcerer e8)) (Yellow (YellowTroll e7) (YellowSorcerer b6)) )`,
			[4]float64{0, 0, 0, 0}},
		{"next to a Dwarf", `(Red (RedSorcerer d4)) (Blue (BlueDwarf d3) (BlueSorcerer b6)) )`,
			[4]float64{-300, 0, 0, 0}},
	} {
		s := position(t, g, head+tt.pieces)
		for side, want := range tt.want {
			if got, err := g.Evaluator().RulesPoints(s, side); err != nil || got != want {
				t.Errorf("%s: player %d: %v points (%v), want %v", tt.name, side, got, err, want)
			}
		}
	}
}
