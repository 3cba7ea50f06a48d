package twenty48

import (
	"math"
	"testing"

	"github.com/ludus-games/ludus/game"
)

// TestPositionIsAGame walks 2048 through the game.Position interface:
// slides and spawns alternate, outcome probabilities add up to 1, Undo
// restores everything and Copy is independent.
func TestPositionIsAGame(t *testing.T) {
	var _ game.Position[Action] = (*Position)(nil)
	var _ game.Copier[*Position] = (*Position)(nil)
	for _, b := range sampleBoards(t, 15, 40) {
		p := NewPosition(b)
		key := p.Key()
		for _, a := range p.Moves(nil) {
			p.Play(a)
			if p.ToMove() != game.Chance || p.Board() != b.Move(Move(a)) || len(p.Moves(nil)) != 0 {
				t.Fatalf("after %s: to move %v, board\n%v", Move(a), p.ToMove(), p.Board())
			}
			outs := p.Outcomes(nil)
			sum := 0.0
			for _, o := range outs {
				sum += o.Prob
			}
			if len(outs) != 2*p.Board().Empty() || math.Abs(sum-1) > 1e-12 {
				t.Fatalf("%d outcomes adding up to %v", len(outs), sum)
			}
			c := p.Copy()
			c.Play(outs[len(outs)-1].Move)
			if c.ToMove() != 0 || p.ToMove() != game.Chance || c.Board() == p.Board() {
				t.Fatal("playing on a copy changed the original")
			}
			p.Undo()
			if p.Key() != key || p.Board() != b || p.ToMove() != 0 {
				t.Fatalf("Undo did not restore the board")
			}
		}
	}
	dead, _ := FromTiles([16]int{2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2})
	p := NewPosition(dead)
	p.score = 1234
	if r, over := p.Result(); !over || r[0] != 1234 {
		t.Fatalf("dead board: over %v, result %v", over, r)
	}
}
