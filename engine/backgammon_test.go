package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// bgPos is a backgammon position as the direct implementation below
// keeps it, apart from the engine: the checkers on each point (White's
// numbering; White's counted positive, Black's negative), on each bar and
// borne off (index 0 White, 1 Black).
type bgPos struct {
	pt  [25]int
	bar [2]int
	off [2]int
}

func bgStart() bgPos {
	var p bgPos
	p.pt[24], p.pt[13], p.pt[8], p.pt[6] = 2, 5, 3, 5
	p.pt[1], p.pt[12], p.pt[17], p.pt[19] = -2, -5, -3, -5
	return p
}

// own and opp count player s's checkers and its opponent's on point k.
func (p *bgPos) own(s, k int) int {
	if s == 0 {
		return max(p.pt[k], 0)
	}
	return max(-p.pt[k], 0)
}

func (p *bgPos) opp(s, k int) int { return p.own(1-s, k) }

// put adds n of player s's checkers to point k.
func (p *bgPos) put(s, k, n int) {
	if s == 0 {
		p.pt[k] += n
	} else {
		p.pt[k] -= n
	}
}

// dist is how far point k is from player s's bearing off.
func bgDist(s, k int) int {
	if s == 0 {
		return k
	}
	return 25 - k
}

// pips is player s's pips to go: each checker's distance from bearing
// off, 25 on the bar.
func (p *bgPos) pips(s int) int {
	n := 25 * p.bar[s]
	for k := 1; k <= 24; k++ {
		n += p.own(s, k) * bgDist(s, k)
	}
	return n
}

// home reports whether all of player s's checkers are in its home board
// or off.
func (p *bgPos) home(s int) bool {
	if p.bar[s] > 0 {
		return false
	}
	for k := 1; k <= 24; k++ {
		if p.own(s, k) > 0 && bgDist(s, k) > 6 {
			return false
		}
	}
	return true
}

// land moves one of player s's checkers onto point t, hitting a blot.
func (p *bgPos) land(s, t int) {
	if p.opp(s, t) == 1 {
		p.put(1-s, t, -1)
		p.bar[1-s]++
	}
	p.put(s, t, 1)
}

// single lists the positions after player s moves one checker by d.
func (p bgPos) single(s, d int) []bgPos {
	var out []bgPos
	if p.bar[s] > 0 {
		t := 25 - d
		if s == 1 {
			t = d
		}
		if p.opp(s, t) < 2 {
			q := p
			q.bar[s]--
			q.land(s, t)
			out = append(out, q)
		}
		return out
	}
	for k := 1; k <= 24; k++ {
		if p.own(s, k) == 0 {
			continue
		}
		t := k - d
		if s == 1 {
			t = k + d
		}
		if t >= 1 && t <= 24 {
			if p.opp(s, t) < 2 {
				q := p
				q.put(s, k, -1)
				q.land(s, t)
				out = append(out, q)
			}
			continue
		}
		if !p.home(s) || d < bgDist(s, k) {
			continue
		}
		if d > bgDist(s, k) {
			higher := false
			for j := 1; j <= 24; j++ {
				if p.own(s, j) > 0 && bgDist(s, j) > bgDist(s, k) {
					higher = true
				}
			}
			if higher {
				continue
			}
		}
		q := p
		q.put(s, k, -1)
		q.off[s]++
		out = append(out, q)
	}
	return out
}

// plays lists the distinct positions player s may reach with dice a and
// b: every order of the dice (four of a on a double), as far as each
// goes, keeping the plays that use the most pips.
func (p bgPos) plays(s, a, b int) []bgPos {
	dice := []int{a, b}
	if a == b {
		dice = []int{a, a, a, a}
	}
	best := 0
	found := map[bgPos]int{}
	var walk func(q bgPos, left []int, pips int)
	walk = func(q bgPos, left []int, pips int) {
		moved := false
		for i, d := range left {
			if i > 0 && d == left[i-1] {
				continue
			}
			rest := append(append([]int(nil), left[:i]...), left[i+1:]...)
			for _, r := range q.single(s, d) {
				moved = true
				walk(r, rest, pips+d)
			}
		}
		if !moved && pips > 0 {
			best = max(best, pips)
			if pips > found[q] {
				found[q] = pips
			}
		}
	}
	walk(p, dice, 0)
	var out []bgPos
	for q, pips := range found {
		if pips == best {
			out = append(out, q)
		}
	}
	return out
}

// bgFromEngine reads the engine's position.
func bgFromEngine(s *engine.State) bgPos {
	g := s.Game()
	var p bgPos
	for i, name := range g.Rules.Board.Positions {
		v := s.At(i)
		if v.Empty() || g.Rules.Pieces[v.Type()].Name != "Checker" {
			continue
		}
		o := v.Owner()
		switch col := name[:len(name)-1]; col {
		case "bw", "bb":
			p.bar[o]++
		case "ow", "ob":
			p.off[o]++
		default:
			var k int
			fmt.Sscan(col, &k)
			p.put(o, k, 1)
		}
	}
	return p
}

// bgKey writes a position so that two can be compared.
func bgKey(p bgPos) string { return fmt.Sprint(p.pt, p.bar, p.off) }

// bgVar reads a game variable of the engine by name.
func bgVar(t *testing.T, s *engine.State, name string) int {
	t.Helper()
	for i, v := range s.Game().Rules.Vars {
		if v.Name == name {
			return s.Variable(i)
		}
	}
	t.Fatalf("no variable %s", name)
	return 0
}

// bgThrow plays the dice's throw of a.
func bgThrow(t *testing.T, s *engine.State, die string, a int) {
	t.Helper()
	names := []string{"One", "Two", "Three", "Four", "Five", "Six"}
	for _, m := range notations(t, s) {
		if strings.HasPrefix(m, die+" ") && strings.HasSuffix(m, " "+names[a-1]) {
			play(t, s, m)
			return
		}
	}
	t.Fatalf("no throw of %d on %s", a, die)
}

// bgPlays lists the distinct positions after each of the engine's moves.
func bgPlays(t *testing.T, s *engine.State) []string {
	t.Helper()
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range ms {
		if ms[i].Pass {
			continue
		}
		s.Play(&ms[i])
		out = append(out, bgKey(bgFromEngine(s)))
		s.Undo()
	}
	slices.Sort(out)
	return out
}

func bgKeys(ps []bgPos) []string {
	var out []string
	for _, p := range ps {
		out = append(out, bgKey(p))
	}
	slices.Sort(out)
	return out
}

// TestBackgammonStart counts White's plays for each of the 36 throws of
// the start with the engine and with the direct implementation: 637 in
// all, the perft of three plies (two throws and a play).
func TestBackgammonStart(t *testing.T) {
	g := game(t, "backgammon.zrf", "")
	for side := range 2 {
		if v, err := g.Evaluator().RulesPoints(engine.NewState(g), side); err != nil || v != -20*167 {
			t.Errorf("player %d starts with %v points (%v), want %d: 167 pips to go", side, v, err, -20*167)
		}
	}
	total := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			s := engine.NewState(g)
			bgThrow(t, s, "d1", a)
			bgThrow(t, s, "d2", b)
			got := bgPlays(t, s)
			want := bgKeys(bgStart().plays(0, a, b))
			if !slices.Equal(got, want) {
				t.Errorf("throw %d-%d: the engine has %d plays, the direct implementation %d", a, b, len(got), len(want))
			}
			total += len(got)
		}
	}
	if total != 637 {
		t.Errorf("%d plays over the 36 throws, want 637", total)
	}
	perftCounts(t, engine.NewState(g), map[int]int64{1: 6, 2: 36, 3: 637})
}

// TestBackgammonRandomGames plays random games to the end and compares
// the plays of every throw with the direct implementation, and the
// rules' evaluation of each player (20 points a pip to go, against) with
// the pips counted directly.
func TestBackgammonRandomGames(t *testing.T) {
	g := game(t, "backgammon.zrf", "")
	rng := rand.New(rand.NewPCG(5, 8))
	var hits, passes, borne int
	for round := 0; round < 3; round++ {
		s := engine.NewState(g)
		for ply := 0; ply < 3000; ply++ {
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			p := bgFromEngine(s)
			if want := p.off[0] == 15 || p.off[1] == 15; r.Over != want {
				t.Fatalf("game %d ply %d: over %v with %v borne off", round, ply, r.Over, p.off)
			}
			if r.Over {
				break
			}
			for side := range 2 {
				got, err := g.Evaluator().RulesPoints(s, side)
				if err != nil {
					t.Fatal(err)
				}
				if want := -20 * p.pips(side); got != float64(want) {
					t.Fatalf("game %d ply %d: the rules evaluate player %d at %v points, want %d (%d pips)\n%s", round, ply, side, got, want, p.pips(side), s.FormatPosition())
				}
			}
			var ml engine.MoveList
			ms, err := s.Moves(&ml)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Chance() {
				side := s.ToMove()
				got := bgPlays(t, s)
				want := bgKeys(p.plays(side, bgVar(t, s, "die1"), bgVar(t, s, "die2")))
				if !slices.Equal(got, want) {
					t.Fatalf("game %d ply %d: throw %d-%d, engine plays\n%v\ndirect\n%v\n%s", round, ply,
						bgVar(t, s, "die1"), bgVar(t, s, "die2"), got, want, s.FormatPosition())
				}
				if len(got) == 0 {
					passes++
				}
			}
			m := ms[rng.IntN(len(ms))].Clone()
			bars := p.bar[0] + p.bar[1]
			s.Play(&m)
			after := bgFromEngine(s)
			if after.bar[0]+after.bar[1] > bars {
				hits++
			}
			if after.off[0]+after.off[1] > p.off[0]+p.off[1] {
				borne++
			}
		}
		if r, _ := s.Result(); !r.Over {
			t.Fatalf("game %d did not end in 3000 plies", round)
		}
	}
	if hits < 10 || passes < 1 || borne < 12 {
		t.Errorf("the random games hit %d blots, passed %d times and bore off %d times", hits, passes, borne)
	}
}

// bgOff lists the places of n checkers borne off from column col.
func bgOff(col string, n int) string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("%s%c", col, 'a'+i))
	}
	return strings.Join(out, " ")
}

// TestBackgammonForced checks the rules of the whole throw on set
// positions: both numbers when they can both be used (whatever the
// order), the larger when only one can, as many of a double as can be,
// entering from the bar first (or passing), and bearing off with a
// higher number.
func TestBackgammonForced(t *testing.T) {
	g := game(t, "backgammon.zrf", "")
	blacks := "24a 24b 24c 24d 24e 24f 24g 24h 24i 24j 24k 24l 24m"
	for _, tt := range []struct {
		name, white, black string
		a, b               int
		want               []string // the White checkers' points after each play
	}{
		// 6 first is blocked on 7: 1 then 6 ends on 6.
		{"both numbers", "13a " + bgOff("ow", 14), "7a 7b " + blacks, 6, 1, []string{"6"}},
		// Either number alone, never both (4 is closed): the 6.
		{"the larger", "13a " + bgOff("ow", 14), "4a 4b " + blacks, 6, 3, []string{"7"}},
		// Four 3s would pass 4, which is closed: two of them.
		{"as many of a double", "13a " + bgOff("ow", 14), "4a 4b " + blacks, 3, 3, []string{"7"}},
		// From the bar first: 24 is closed, the 6 enters on 19, then
		// the 1 moves either checker.
		{"enter first", "bwa 13a " + bgOff("ow", 13), "24a 24b 23a 23b 23c 23d 23e 23f 23g 23h 23i 23j 23k", 6, 1,
			[]string{"12 19", "13 18"}},
		// 19 and 24 closed: nothing enters, White passes.
		{"no entry", "bwa 13a " + bgOff("ow", 13), "19a 19b 24a 24b 23a 23b 23c 23d 23e 23f 23g 23h 23i", 6, 1, nil},
		// Bearing off: the 6 takes the 5 (no checker higher), or the 1
		// first makes the 4 the highest.
		{"bearing off", "5a 3a " + bgOff("ow", 13), blacks + " 23a 23b", 6, 1, []string{"2", "3"}},
	} {
		s := position(t, g, fmt.Sprintf(`(position (turn White) (White (Checker %s)) (Black (Checker %s))
		  (variable die1 %d) (variable die2 %d) (variable left1 %d) (variable left2 %d))`,
			tt.white, tt.black, tt.a, tt.b, map[bool]int{true: 4, false: 1}[tt.a == tt.b], map[bool]int{true: 0, false: 1}[tt.a == tt.b]))
		var ml engine.MoveList
		ms, err := s.Moves(&ml)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range ms {
			if ms[i].Pass {
				continue
			}
			s.Play(&ms[i])
			p := bgFromEngine(s)
			var pts []string
			for k := 1; k <= 24; k++ {
				for n := 0; n < p.own(0, k); n++ {
					pts = append(pts, fmt.Sprint(k))
				}
			}
			got = append(got, strings.Join(pts, " "))
			s.Undo()
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: plays end on %q, want %q", tt.name, got, tt.want)
		}
		if tt.want == nil && (len(ms) != 1 || !ms[0].Pass) {
			t.Errorf("%s: %d moves, want a pass", tt.name, len(ms))
		}
		if direct := bgKeys(bgFromEngine(s).plays(0, tt.a, tt.b)); !slices.Equal(bgPlays(t, s), direct) {
			t.Errorf("%s: the engine's plays differ from the direct implementation's", tt.name)
		}
	}
}

// TestBackgammonHit: a blot hit goes up its bar and must enter first.
func TestBackgammonHit(t *testing.T) {
	g := game(t, "backgammon.zrf", "")
	s := position(t, g, `(position (turn White) (White (Checker 13a 13b 6a 6b)) (Black (Checker 10a 1a 1b))
	  (variable die1 3) (variable die2 5) (variable left1 1) (variable left2 1))`)
	play(t, s, "+ 13b - 10a die 1 + 13a - 8a pick 13 2 +")
	if v := s.At(slices.Index(g.Rules.Board.Positions, "bba")); v.Empty() || v.Owner() != 1 {
		t.Fatalf("after the hit Black's bar holds %v", v)
	}
	bgThrow(t, s, "d1", 2)
	bgThrow(t, s, "d2", 4)
	for _, m := range notations(t, s) {
		if !strings.HasPrefix(m, "+ bba - ") {
			t.Errorf("Black's play %q does not enter from the bar first", m)
		}
	}
}

// TestBackgammonLongPerft counts six plies (White's throw and play, then
// Black's) with the engine and the direct implementation (LUDUS_LONG).
func TestBackgammonLongPerft(t *testing.T) {
	if !testenv.Long() {
		t.Skip("LUDUS_LONG=1 counts six plies of backgammon")
	}
	g := game(t, "backgammon.zrf", "")
	var want int64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for _, p := range bgStart().plays(0, a, b) {
				for c := 1; c <= 6; c++ {
					for d := 1; d <= 6; d++ {
						want += int64(max(len(p.plays(1, c, d)), 1))
					}
				}
			}
		}
	}
	if want != 419783 {
		t.Errorf("the direct implementation counts %d, want 419783", want)
	}
	perftCounts(t, engine.NewState(g), map[int]int64{6: 419783})
}
