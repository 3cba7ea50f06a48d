package twenty48

import (
	"context"
	"math/rand/v2"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// Action is a move of 2048 as a two-player game: a slide by the player or
// a spawned tile by the chance player.
type Action uint8

// Slide is the action of the player's move m.
func Slide(m Move) Action { return Action(m) }

// Spawn is the chance action that puts tile (2 or 4) on cell.
func Spawn(cell, tile int) Action {
	a := Action(4 + 2*cell)
	if tile == 4 {
		a++
	}
	return a
}

// Position is 2048 as a game.Position, for the generic searches: the
// player slides, then the chance player spawns. Its Key is the board for
// chance nodes, so that its transpositions are those of the fast path.
type Position struct {
	board  Board
	chance bool
	score  int
	undo   []posUndo
}

type posUndo struct {
	board  Board
	chance bool
	score  int
}

// NewPosition returns the position with the player to move on b.
func NewPosition(b Board) *Position { return &Position{board: b} }

// Board returns the current board (after the slide when chance is to
// move).
func (p *Position) Board() Board { return p.board }

// Players is 1: 2048 is a one-player game against chance.
func (p *Position) Players() int { return 1 }

// ToMove returns 0 for the player or game.Chance for the spawn.
func (p *Position) ToMove() game.Player {
	if p.chance {
		return game.Chance
	}
	return 0
}

// Moves appends the legal slides, in the order up, down, left, right.
func (p *Position) Moves(buf []Action) []Action {
	if p.chance {
		return buf
	}
	for _, m := range Moves {
		if p.board.Move(m) != p.board {
			buf = append(buf, Slide(m))
		}
	}
	return buf
}

// Outcomes appends every spawn: each empty cell (row-major) with a 2, then
// a 4.
func (p *Position) Outcomes(buf []game.Outcome[Action]) []game.Outcome[Action] {
	if !p.chance {
		return buf
	}
	n := float64(p.board.Empty())
	for cell := 0; cell < 16; cell++ {
		if p.board.Rank(cell) == 0 {
			buf = append(buf,
				game.Outcome[Action]{Move: Spawn(cell, 2), Prob: Prob2 / n},
				game.Outcome[Action]{Move: Spawn(cell, 4), Prob: Prob4 / n})
		}
	}
	return buf
}

// Play makes a slide or a spawn.
func (p *Position) Play(a Action) {
	p.undo = append(p.undo, posUndo{p.board, p.chance, p.score})
	if a < 4 {
		m := Move(a)
		p.score += p.board.Gain(m)
		p.board = p.board.Move(m)
		p.chance = true
		return
	}
	cell, rank := int(a-4)/2, 1+int(a-4)%2
	p.board = p.board.WithRank(cell, rank)
	p.chance = false
}

// Undo takes back the last action.
func (p *Position) Undo() {
	u := p.undo[len(p.undo)-1]
	p.undo = p.undo[:len(p.undo)-1]
	p.board, p.chance, p.score = u.board, u.chance, u.score
}

// Result reports the game over, with the score, when the player has no
// legal move.
func (p *Position) Result() (game.Result, bool) {
	if p.chance || !p.board.Over() {
		return nil, false
	}
	return game.Result{float64(p.score)}, true
}

// Key is the board for chance nodes and a scrambled board for the player's.
func (p *Position) Key() uint64 {
	if p.chance {
		return uint64(p.board)
	}
	return uint64(p.board) ^ 0xA5A5A5A5A5A5A5A5
}

// Copy returns an independent copy.
func (p *Position) Copy() *Position {
	c := *p
	c.undo = append([]posUndo(nil), p.undo...)
	return &c
}

// Generic is the expectimax player built from the generic search package
// on Position, with the same depth convention, cut-off, cache policy and
// evaluation as Expectimax. It exists to measure what the generic path
// costs on 2048 and to check the fast path against it.
type Generic struct {
	Eval    *Eval
	Depth   int     // as Expectimax.Depth; must be positive
	MinProb float64 // as Expectimax.MinProb: 0 searches every line
}

var zero float64

// Choose plays like Expectimax.Choose through search.Expectimax.
func (g *Generic) Choose(b Board, _ *rand.Rand) (Move, Info, bool) {
	x := search.Expectimax[Action, *Position]{
		Eval: func(p *Position, _ game.Player) float64 {
			if _, over := p.Result(); over {
				return 0 // as the fast path: a dead end is worth nothing
			}
			return float64(g.Eval.Score(p.board))
		},
		Budget:    search.Budget{Depth: g.Depth + 1},
		MinProb:   g.MinProb,
		TableBits: int(ttBitsFor(g.Depth)),
		Resign:    &zero,
	}
	d, err := x.Choose(context.Background(), NewPosition(b))
	if err != nil {
		return 0, Info{}, false
	}
	return Move(d.Move), Info{Depth: g.Depth, Evals: d.Evals, Nodes: d.Nodes, Hits: d.Hits, Value: float32(d.Value)}, true
}
