package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ludus-games/ludus/engine"
)

// kalah is a direct implementation of the rules of games/kalah.zrf,
// written apart from the engine: the fourteen places in sowing order,
// South's pits 0-5 (a1-f1), its store 6, North's pits 7-12 (f2-a2), its
// store 13.
type kalah struct {
	h    [14]int
	turn int // 0 South, 1 North
}

func newKalah() *kalah {
	k := &kalah{}
	for i := range k.h {
		if i != 6 && i != 13 {
			k.h[i] = 4
		}
	}
	return k
}

// store is the store of player p; pits its first pit.
func kalahStore(p int) int { return 6 + 7*p }

func (k *kalah) side(p int) int {
	n := 0
	for i := 7 * p; i < 7*p+6; i++ {
		n += k.h[i]
	}
	return n
}

func (k *kalah) over() bool { return k.side(0) == 0 || k.side(1) == 0 }

// result is 1 for a win of South, 0 for North's, 0.5 for a draw.
func (k *kalah) result() float64 {
	s, n := k.h[6]+k.side(0), k.h[13]+k.side(1)
	switch {
	case s > n:
		return 1
	case s < n:
		return 0
	}
	return 0.5
}

// moves lists the pits the player to move may sow.
func (k *kalah) moves() []int {
	var out []int
	for i := 7 * k.turn; i < 7*k.turn+6; i++ {
		if k.h[i] > 0 {
			out = append(out, i)
		}
	}
	return out
}

func (k *kalah) play(pit int) {
	n := k.h[pit]
	k.h[pit] = 0
	j := pit
	for n > 0 {
		j = (j + 1) % 14
		if j == kalahStore(1-k.turn) {
			continue
		}
		k.h[j]++
		n--
	}
	if j == kalahStore(k.turn) {
		return // another move
	}
	if j >= 7*k.turn && j < 7*k.turn+6 && k.h[j] == 1 && k.h[12-j] > 0 {
		k.h[kalahStore(k.turn)] += 1 + k.h[12-j]
		k.h[j], k.h[12-j] = 0, 0
	}
	k.turn = 1 - k.turn
}

func (k *kalah) perft(depth int) int64 {
	if k.over() {
		return 0
	}
	ms := k.moves()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		c := *k
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}

// kalahPlaces are the engine's position names of the fourteen places.
var kalahPlaces = [14]string{"a1", "b1", "c1", "d1", "e1", "f1", "ks", "f2", "e2", "d2", "c2", "b2", "a2", "kn"}

// kalahFromEngine reads the seeds of the engine's position.
func kalahFromEngine(t *testing.T, s *engine.State) [14]int {
	t.Helper()
	g := s.Game()
	var out [14]int
	for i, name := range kalahPlaces {
		p := slices.Index(g.Rules.Board.Positions, name)
		if p < 0 {
			t.Fatalf("no position %s", name)
		}
		out[i] = s.PositionAttr(0, p)
	}
	return out
}

// TestKalahPerft counts the move tree from the start with the engine and
// with the direct implementation. A move that ends in the player's
// store is followed by another move of the same player (c1 at the start:
// 5 + 5*6 = 35 at depth 2).
func TestKalahPerft(t *testing.T) {
	g := game(t, "kalah.zrf", "")
	want := map[int]int64{1: 6, 2: 35, 3: 185, 4: 942, 5: 4690, 6: 23233}
	perftCounts(t, engine.NewState(g), want)
	for d, n := range want {
		if got := newKalah().perft(d); got != n {
			t.Errorf("direct implementation: perft(%d) = %d, want %d", d, got, n)
		}
	}
}

// TestKalahRandomGames plays random games to their end and compares, at
// every ply, the moves, the seeds of every place, who moves and the
// result with the direct implementation.
func TestKalahRandomGames(t *testing.T) {
	g := game(t, "kalah.zrf", "")
	rng := rand.New(rand.NewPCG(3, 5))
	var extra, taken, laps int
	for round := 0; round < 40; round++ {
		s := engine.NewState(g)
		k := newKalah()
		for ply := 0; ; ply++ {
			if got := kalahFromEngine(t, s); got != k.h {
				t.Fatalf("game %d ply %d: seeds %v, direct %v", round, ply, got, k.h)
			}
			if s.ToMove() != k.turn {
				t.Fatalf("game %d ply %d: player %d to move, direct %d", round, ply, s.ToMove(), k.turn)
			}
			r, err := s.Result()
			if err != nil {
				t.Fatal(err)
			}
			if r.Over != k.over() {
				t.Fatalf("game %d ply %d: over %v, direct %v", round, ply, r.Over, k.over())
			}
			if r.Over {
				if r.Scores[0] != k.result() {
					t.Fatalf("game %d: South scores %v, direct %v", round, r.Scores[0], k.result())
				}
				break
			}
			var ml engine.MoveList
			ms, err := s.Moves(&ml)
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for i := range ms {
				got = append(got, slices.Index(kalahPlaces[:], g.Rules.Board.Positions[ms[i].From()]))
			}
			slices.Sort(got)
			if want := k.moves(); !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: pits %v, direct %v", round, ply, got, want)
			}
			i := rng.IntN(len(ms))
			pit := slices.Index(kalahPlaces[:], g.Rules.Board.Positions[ms[i].From()])
			if k.h[pit] >= 13 {
				laps++
			}
			before, stores := k.turn, k.h[6]+k.h[13]
			s.Play(&ms[i])
			k.play(pit)
			if k.turn == before {
				extra++
			} else if k.h[6]+k.h[13] > stores+1 {
				taken++
			}
		}
	}
	if extra < 40 || taken < 40 || laps < 5 {
		t.Errorf("the random games made %d extra moves, %d captures and %d sowings round the board", extra, taken, laps)
	}
}

// TestKalahCapture checks a capture, one in the emptied pit after a lap,
// a last seed in an empty pit with nothing across, and the end.
func TestKalahCapture(t *testing.T) {
	g := game(t, "kalah.zrf", "")
	const pits = `(South (Pit a1 b1 c1 d1 e1 f1)) (North (Pit a2 b2 c2 d2 e2 f2))`
	for _, tt := range []struct {
		name, attrs, move string
		want              [14]int
	}{
		// a1's two seeds: b1, then c1, empty, with five across.
		{"capture", `(position-attribute seeds 2 a1) (position-attribute seeds 5 c2) (position-attribute seeds 1 f2)`,
			"a1 - a1 sow", [14]int{0, 1, 0, 0, 0, 0, 6, 1, 0, 0, 0, 0, 0, 0}},
		// nothing across c1: the seed stays.
		{"nothing across", `(position-attribute seeds 2 a1) (position-attribute seeds 1 f2)`,
			"a1 - a1 sow", [14]int{0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}},
		// thirteen seeds from b1 go round and end in b1, emptied: it
		// takes the seed that b2 received with its own.
		{"round the board", `(position-attribute seeds 13 b1) (position-attribute seeds 1 f2)`,
			"b1 - b1 sow", [14]int{1, 0, 1, 1, 1, 1, 3, 2, 1, 1, 1, 0, 1, 0}},
	} {
		s := position(t, g, "(position (turn South) "+pits+" "+tt.attrs+")")
		play(t, s, tt.move)
		if got := kalahFromEngine(t, s); got != tt.want {
			t.Errorf("%s: seeds %v, want %v", tt.name, got, tt.want)
		}
	}
	// The last seed in the store: South moves again.
	s := position(t, g, "(position (turn South) "+pits+" (position-attribute seeds 1 f1) (position-attribute seeds 3 a1 a2))")
	play(t, s, "f1 - f1 sow")
	if s.ToMove() != 0 {
		t.Errorf("after a last seed in the store, player %d moves, want South", s.ToMove())
	}
	// South's last seed leaves its side empty: the game ends, 4 to 3.
	s = position(t, g, "(position (turn South) "+pits+" (position-attribute seeds 1 f1) (position-attribute seeds 3 ks a2))")
	play(t, s, "f1 - f1 sow")
	if r, err := s.Result(); err != nil || !r.Over || r.Scores[0] != 1 {
		t.Errorf("after South's side empties: %+v, %v; want South's win", r, err)
	}
}
