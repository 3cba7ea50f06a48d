package twenty48

import (
	"testing"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/game/gametest"
)

// TestPositionContract checks Position against the contract of
// game.Position (see package gametest): from the start of a game, and
// from late boards, where random games end.
func TestPositionContract(t *testing.T) {
	var _ game.Position[Action] = (*Position)(nil)
	var _ game.Copier[*Position] = (*Position)(nil)
	start := NewGame(1).Board
	gametest.Run(t, "start", func() *Position { return NewPosition(start) }, gametest.Options[Action]{Plies: 100})
	boards := sampleBoards(t, 15, 40)
	late := boards[len(boards)-1]
	gametest.Run(t, "late", func() *Position { return NewPosition(late) }, gametest.Options[Action]{Games: 6, Plies: 200})
}

// TestPositionIsAGame checks what 2048 adds to the contract: a slide
// moves the board as Board.Move does and hands over to the spawn, which
// has a 2 and a 4 for every empty cell; a dead board scores the points.
func TestPositionIsAGame(t *testing.T) {
	for _, b := range sampleBoards(t, 15, 40) {
		p := NewPosition(b)
		for _, a := range p.Moves(nil) {
			p.Play(a)
			if p.ToMove() != game.Chance || p.Board() != b.Move(Move(a)) {
				t.Fatalf("after %s: to move %v, board\n%v", Move(a), p.ToMove(), p.Board())
			}
			if outs := p.Outcomes(nil); len(outs) != 2*p.Board().Empty() {
				t.Fatalf("%d outcomes on a board with %d empty cells", len(outs), p.Board().Empty())
			}
			p.Undo()
		}
	}
	dead, _ := FromTiles([16]int{2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2})
	p := NewPosition(dead)
	p.score = 1234
	if r, over := p.Result(); !over || r[0] != 1234 {
		t.Fatalf("dead board: over %v, result %v", over, r)
	}
}
