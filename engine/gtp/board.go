package gtp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// columns are the letters of GTP's columns: A to Z without I, so that a
// board has at most 25 columns.
const columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// MaxSize is the largest board GTP names: 25 columns.
const MaxSize = len(columns)

// ErrNotDescribable is wrapped by the error of NewBoard for a game GTP
// cannot describe.
var ErrNotDescribable = errors.New("not a game GTP can describe")

// Board is how GTP sees a game of the engine: a square grid of points, A1
// at the bottom left as the rules file lays the board out, on which black
// and white drop stones or pass. The player called White, or else the
// second player, is white; the other is black. A Board is read-only and
// serves any number of games at once.
type Board struct {
	g            *engine.Game
	size         int
	black, white int      // the engine's players
	vertex       []string // by position
	at           map[string]int
}

// NewBoard returns the board of g, or an error wrapping ErrNotDescribable
// that says why GTP cannot describe g: it needs two players, a board of
// one square grid of at most MaxSize points a side, and moves that are
// drops (or passes) only.
func NewBoard(g *engine.Game) (*Board, error) {
	r := g.Rules
	not := func(why string, args ...any) error {
		return fmt.Errorf("%s is %w: %s", r.Title, ErrNotDescribable, fmt.Sprintf(why, args...))
	}
	ps := r.Players
	if len(ps) != 2 || ps[0].Random || ps[1].Random {
		return nil, not("GTP has two players, black and white")
	}
	if len(r.Board.Grids) != 1 || len(r.Board.Grids[0].Dims) != 2 {
		return nil, not("GTP's board is one square grid")
	}
	gr := r.Board.Grids[0]
	n := len(gr.Dims[0])
	switch {
	case len(gr.Dims[1]) != n:
		return nil, not("the board is %dx%d, and GTP's is square", n, len(gr.Dims[1]))
	case n < 2 || n > MaxSize:
		return nil, not("GTP's boards are 2 to %d points a side, not %d", MaxSize, n)
	case len(gr.Coords) != len(r.Board.Positions) || len(r.Board.Positions) != n*n:
		return nil, not("every position must be a point of the grid")
	}
	drops := false
	for _, pt := range r.Pieces {
		if len(pt.Moves) > 0 {
			return nil, not("%s moves on the board, and GTP only drops stones", pt.Name)
		}
		drops = drops || len(pt.Drops) > 0
	}
	if !drops {
		return nil, not("no piece is dropped")
	}
	b := &Board{g: g, size: n, white: 1, vertex: make([]string, n*n), at: map[string]int{}}
	if strings.EqualFold(ps[0].Name, "white") || strings.EqualFold(ps[1].Name, "black") {
		b.white = 0
	}
	b.black = 1 - b.white
	for p, c := range gr.Coords {
		if len(c) != 2 || c[0] < 0 || c[0] >= n || c[1] < 0 || c[1] >= n {
			return nil, not("position %s is off the grid", r.Board.Positions[p])
		}
		// Rows are numbered from the bottom; the rules lay them out from
		// the top.
		v := columns[c[0]:c[0]+1] + strconv.Itoa(n-c[1])
		if _, dup := b.at[v]; dup {
			return nil, not("two positions at %s", v)
		}
		b.vertex[p], b.at[v] = v, p
	}
	return b, nil
}

// Game returns the game the board describes.
func (b *Board) Game() *engine.Game { return b.g }

// Size returns the number of points a side.
func (b *Board) Size() int { return b.size }

// Vertex returns the name of position p ("E5").
func (b *Board) Vertex(p int) string { return b.vertex[p] }

// Point returns the position a vertex names, in any case.
func (b *Board) Point(vertex string) (int, error) {
	p, ok := b.at[strings.ToUpper(vertex)]
	if !ok {
		return 0, fmt.Errorf("%q is not a point of a %dx%d board", vertex, b.size, b.size)
	}
	return p, nil
}

// Color returns the colour of the engine's player p: "black" or "white".
func (b *Board) Color(p int) string {
	if p == b.black {
		return "black"
	}
	return "white"
}

// Player returns the engine's player of a colour: b, black, w or white,
// in any case.
func (b *Board) Player(color string) (int, error) {
	switch strings.ToLower(color) {
	case "b", "black":
		return b.black, nil
	case "w", "white":
		return b.white, nil
	}
	return 0, fmt.Errorf("%q is not a colour (black or white)", color)
}

// Komi returns what white's score gets over black's from the rules
// (Go's komi), 0 for a game without.
func (b *Board) Komi() float64 {
	k := b.g.Rules.Komi
	if len(k) != 2 {
		return 0
	}
	return k[b.white] - k[b.black]
}

// drop returns the position a move drops on, when it is one drop.
func (b *Board) drop(m *engine.Move) (int, bool) {
	if len(m.Steps) != 1 || m.Steps[0].Block < 0 || !b.g.Blocks[m.Steps[0].Block].Drop {
		return 0, false
	}
	return int(m.Steps[0].To), true
}

// MoveText writes a move of pos as GTP does: its point, or "pass". A
// move that is neither (a move of a program that does more than drop)
// is an error.
func (b *Board) MoveText(pos *engine.Position, m engine.Ply) (string, error) {
	if m.Pass() {
		return "pass", nil
	}
	mv := m.Move()
	to, ok := b.drop(&mv)
	if !ok {
		return "", fmt.Errorf("%s is not a drop, which GTP cannot write", pos.Notation(m))
	}
	return b.vertex[to], nil
}

// ParseMove returns the legal move of the player to move in pos that
// text names: a point or "pass".
func (b *Board) ParseMove(pos *engine.Position, text string) (engine.Ply, error) {
	pass := strings.EqualFold(text, "pass")
	to := -1
	if !pass {
		var err error
		if to, err = b.Point(text); err != nil {
			return engine.Ply{}, err
		}
	}
	var found []engine.Ply
	for _, m := range pos.Moves(nil) {
		if pass {
			if m.Pass() {
				found = append(found, m)
			}
			continue
		}
		mv := m.Move()
		if p, ok := b.drop(&mv); ok && p == to {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return engine.Ply{}, fmt.Errorf("%s is not a legal move", text)
	case 1:
		return found[0], nil
	}
	return engine.Ply{}, fmt.Errorf("%s is %d different moves in this game", text, len(found))
}

// Stones lists the points holding pieces of black and of white in s.
func (b *Board) Stones(s *engine.State) (black, white []string) {
	for p, v := range b.vertex {
		piece := s.At(p)
		switch {
		case piece.Empty():
		case piece.Owner() == b.black:
			black = append(black, v)
		default:
			white = append(white, v)
		}
	}
	return black, white
}
