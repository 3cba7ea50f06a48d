package engine_test

import (
	"fmt"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// A game is read and compiled once; a state generates moves, plays and
// takes them back.
func Example() {
	g, err := games.Open("../games/tic-tac-toe.zrf", games.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := engine.NewState(g.Compiled)
	var ml engine.MoveList
	moves, _ := s.Moves(&ml)
	fmt.Println(len(moves), "moves; the centre is", s.Notation(&moves[4]))
	s.Play(&moves[4])
	n, _ := engine.Perft(s, 2)
	fmt.Println("perft 2 after it:", n)
	s.Undo()
	r, _ := s.Result()
	fmt.Println("over:", r.Over)
	// Output:
	// 9 moves; the centre is b2 drop-on-empty X Mark
	// perft 2 after it: 56
	// over: false
}

// A capture chain is one move of several steps.
func ExampleState_Notation() {
	g, _ := games.Open("../games/checkers.zrf", games.Options{})
	pos := `(turn Black) (Black (Man c3)) (White (Man d4 f6 h8))`
	s, err := engine.ParsePosition(g.Compiled, "chain", []byte(pos))
	if err != nil {
		fmt.Println(err)
		return
	}
	var ml engine.MoveList
	moves, _ := s.Moves(&ml)
	for i := range moves {
		fmt.Printf("%s (%d steps, %d captures)\n", s.Notation(&moves[i]), len(moves[i].Steps), moves[i].Captures)
	}
	// Output:
	// + c3 x e5 man-jump ne + e5 x g7 man-jump ne + (2 steps, 2 captures)
}

// Positions are set up and written in the position format.
func ExampleParsePosition() {
	g, _ := games.Open("../games/connect-four.zrf", games.Options{})
	s, _ := engine.ParsePosition(g.Compiled, "example", []byte("(turn Yellow) (Red (Disc d1 d2)) (Yellow (Disc e1))"))
	fmt.Print(s.FormatPosition())
	// Output:
	// (position
	//   (turn Yellow)
	//   (Red (Disc d2 d1))
	//   (Yellow (Disc e1))
	// )
}

// A game seen as a game.Position: the interface search players use.
func ExampleNewPosition() {
	g, _ := games.Open("../games/tic-tac-toe.zrf", games.Options{})
	pos := engine.NewPosition(engine.NewState(g.Compiled), nil)
	for _, text := range []string{"a1", "b1", "b2", "c1", "c3"} {
		m, err := pos.ParseMove(text + " drop-on-empty " + pos.PlayerName(pos.ToMove()) + " Mark")
		if err != nil {
			fmt.Println(err)
			return
		}
		pos.Play(m)
	}
	r, over := pos.Result()
	fmt.Println(over, r)
	pos.Undo()
	fmt.Println(len(pos.Moves(nil)), "moves for", pos.PlayerName(pos.ToMove()))
	// Output:
	// true [1 0]
	// 5 moves for X
}

// Piece values are inferred from the rules, declared in them with
// (value N), or set by a spec.
func ExampleNewEvaluator() {
	g, _ := games.Open("../games/chess.zrf", games.Options{})
	fmt.Println(g.Compiled.Evaluator())
	e, err := engine.NewEvaluator(g.Compiled, "Pawn=1,Knight=3,Bishop=3,Rook=5,Queen=9")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := engine.ParsePosition(g.Compiled, "example", []byte(`(White (King e1) (Queen d1)) (Black (King e8) (Rook a8))`))
	pos := engine.NewPosition(s, e)
	fmt.Printf("White %.0f points, estimate %.2f\n", pos.Points(0), pos.Evaluate(0))
	// Output:
	// Pawn=100,Knight=273,Bishop=401,Rook=570,Queen=820,King=0,mobility=10
	// White 480 points, estimate 0.94
}

// In Laska a capture takes the top piece of the jumped column to the
// bottom of the capturer's, freeing the piece under it.
func ExampleState_Column() {
	g, _ := games.Open("../games/laska.zrf", games.Options{})
	pos := `(turn White) (White (Soldier c3)) (Black (Soldier d4 a7)) (stack d4 (White Soldier))`
	s, err := engine.ParsePosition(g.Compiled, "column", []byte(pos))
	if err != nil {
		fmt.Println(err)
		return
	}
	var ml engine.MoveList
	moves, _ := s.Moves(&ml)
	fmt.Println(s.Notation(&moves[0]))
	s.Play(&moves[0])
	for _, p := range []string{"d4", "e5"} {
		q := g.Rules.Board.PositionIndex(p)
		fmt.Printf("%s: %s on top, %d under it\n", p, g.Compiled.PieceLetter(s.At(q)), len(s.Column(q)))
	}
	// Output:
	// + c3 x e5 soldier-jump ne +
	// d4: S on top, 0 under it
	// e5: S on top, 1 under it
}
