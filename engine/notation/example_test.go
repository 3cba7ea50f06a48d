package notation_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/games"
)

// A record of moves in the universal notation, written in PGN: the
// encoder finds the standard algebraic name of each move.
func Example() {
	g, err := games.Open("chess", games.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := &engine.Record{}
	rec.SetTag("White", "Ann")
	rec.SetTag("Black", "Bob")
	for _, m := range []string{"f2 - f3 pawn-push", "e7 - e5 pawn-push", "g2 - g4 pawn-push", "d8 - h4 slide ne"} {
		rec.Append(m)
	}
	if err := notation.PGN.Encode(os.Stdout, engine.NewState(g.Compiled), rec); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Ann"]
	// [Black "Bob"]
	// [Result "0-1"]
	//
	// 1. f3 e5 2. g4 Qh4# 0-1
}

// SGF writes a Go game's stones as points and a pass as an empty value;
// the result comes from the score when two passes end the game.
func ExampleFormat_Encode() {
	g, _ := games.Open("go", games.Options{})
	rec := &engine.Record{}
	for _, m := range []string{"e5 drop Black Stone", "c7 drop White Stone", "pass", "pass"} {
		rec.Append(m)
	}
	if err := notation.SGF.Encode(os.Stdout, engine.NewState(g.Compiled), rec); err != nil {
		fmt.Println(err)
	}
	// Output:
	// (;FF[4]CA[UTF-8]AP[ludus]GM[1]SZ[9]GN[Go 9x9]KM[7.5]RE[W+7.5];B[ee];W[cc];B[]
	// ;W[])
}

// PDN numbers the playing squares: a decoder finds the moves they name.
func ExampleFormat_Decode() {
	g, _ := games.Open("international-draughts", games.Options{})
	text := "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n"
	rec, err := notation.PDN.Decode(strings.NewReader(text), engine.NewState(g.Compiled))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range rec.MainLine() {
		fmt.Println(m)
	}
	// Output:
	// d4 - e5 man-step ne
	// g7 - f6 man-step ne
	// + e5 x g7 man-jump ne +
	// + h8 x f6 man-jump ne +
}

// Records keep the moves in the universal notation, with variations.
func ExampleReadRecord() {
	text := "[Game \"Tic-Tac-Toe\"]\n1. b2 drop-on-empty X Mark\n2. a1 drop-on-empty O Mark\n(\n  2. c3 drop-on-empty O Mark\n)\n"
	rec, err := notation.ReadRecord("game.txt", strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := games.Open("tic-tac-toe", games.Options{})
	if err := rec.Replay(engine.NewState(g.Compiled)); err != nil {
		fmt.Println(err)
	}
	notation.WriteRecord(os.Stdout, rec)
	// Output:
	// [Game "Tic-Tac-Toe"]
	// 1. b2 drop-on-empty X Mark
	// 2. a1 drop-on-empty O Mark
	// (
	//   2. c3 drop-on-empty O Mark
	// )
}

// A file's extension names its format.
func ExampleByPath() {
	for _, p := range []string{"game.pgn", "match/games/000001.txt", "go.SGF"} {
		fmt.Println(p, notation.ByPath(p).Name)
	}
	// Output:
	// game.pgn pgn
	// match/games/000001.txt ludus
	// go.SGF sgf
}

// Tags name results as PGN does, for the first player first.
func ExampleResultOf() {
	fmt.Println(notation.ResultOf([]float64{1, 0}), notation.ResultOf([]float64{0.5, 0.5}), notation.ResultOf([]float64{0, 1}))
	// Output:
	// 1-0 1/2-1/2 0-1
}

// PGN writes chess-like games only.
func ExampleChessLike() {
	for _, name := range []string{"chess", "checkers"} {
		g, _ := games.Open(name, games.Options{})
		fmt.Println(name, notation.ChessLike(g.Compiled))
	}
	// Output:
	// chess <nil>
	// checkers PGN writes chess-like games (two players, a King to checkmate), not Checkers
}

// Tags read without the game say which game a record is of.
func ExampleFormat_Tags() {
	tags, err := notation.PGN.Tags(strings.NewReader("[Event \"?\"]\n[Round \"3\"]\n[File \"chess.zrf\"]\n\n1. e4 *\n"))
	fmt.Println(tags, err)
	// Output:
	// [[Round 3] [File chess.zrf]] <nil>
}

// A format by name, as the server's format= takes it; a game the format
// cannot write is ErrUnsupported.
func ExampleByName() {
	f, err := notation.ByName("pdn")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := games.Open("chess", games.Options{})
	err = f.Encode(io.Discard, engine.NewState(g.Compiled), &engine.Record{})
	fmt.Println(errors.Is(err, notation.ErrUnsupported), err)
	_, err = notation.ByName("fen")
	fmt.Println(err)
	// Output:
	// true PDN writes draughts games, whose pieces stand on squares of one colour, not Chess
	// unknown record format "fen": want ludus, pgn, sgf or pdn
}

// The universal format writes a record without its game.
func ExampleWriteRecord() {
	rec := &engine.Record{}
	rec.SetTag("Game", "Connect Four")
	rec.Append("d1 drop-disc Red Disc")
	rec.Append("d2 drop-disc Yellow Disc")
	notation.WriteRecord(os.Stdout, rec)
	// Output:
	// [Game "Connect Four"]
	// 1. d1 drop-disc Red Disc
	// 2. d2 drop-disc Yellow Disc
}
