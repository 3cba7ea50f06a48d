package notation

import (
	"fmt"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// grid is a board made of one two-dimensional grid, in the order its
// rules file lays it out on screen: x from left to right, y from top to
// bottom (ZRF's screen coordinates grow down).
type grid struct {
	w, h  int
	xy    map[int][2]int // position -> (x, y)
	at    map[[2]int]int // (x, y) -> position
	names []string
}

// boardGrid returns the board's grid, or nil when the board is not one
// grid of two dimensions (several grids, boards of links).
func boardGrid(g *engine.Game) *grid {
	b := &g.Rules.Board
	if len(b.Grids) != 1 || len(b.Grids[0].Dims) != 2 {
		return nil
	}
	gr := b.Grids[0]
	out := &grid{w: len(gr.Dims[0]), h: len(gr.Dims[1]), xy: map[int][2]int{}, at: map[[2]int]int{}, names: b.Positions}
	for p, c := range gr.Coords {
		if len(c) != 2 {
			return nil
		}
		out.xy[p] = [2]int{c[0], c[1]}
		out.at[[2]int{c[0], c[1]}] = p
	}
	return out
}

// two reports whether the game has exactly two players, neither of them
// a random one: the games with a White and a Black.
func two(g *engine.Game) bool {
	ps := g.Rules.Players
	return len(ps) == 2 && !ps[0].Random && !ps[1].Random
}

// named returns the index of that name in names (any case), or -1.
func named(names []string, name string) int {
	for i, n := range names {
		if strings.EqualFold(n, name) {
			return i
		}
	}
	return -1
}

func playerNames(g *engine.Game) []string {
	var out []string
	for _, p := range g.Rules.Players {
		out = append(out, p.Name)
	}
	return out
}

func pieceNames(g *engine.Game) []string {
	var out []string
	for _, p := range g.Rules.Pieces {
		out = append(out, p.Name)
	}
	return out
}

// playerTag returns who played player p: the tag named after the player
// (the "White" tag of chess names the player of White), or else the tag of
// its seat that the arena's records write ("Player1" for the first).
func playerTag(rec *engine.Record, g *engine.Game, p int) string {
	if v := rec.Tag(g.Rules.Players[p].Name); v != "" {
		return v
	}
	return rec.Tag(fmt.Sprintf("Player%d", p+1))
}

// playLine returns a copy of start after the main line of rec.
func playLine(start *engine.State, rec *engine.Record) (*engine.State, error) {
	s := start.Clone()
	for i, mv := range rec.MainLine() {
		m, err := s.ParseMove(mv)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		s.Play(&m)
	}
	return s, nil
}
