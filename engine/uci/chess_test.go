package uci_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/games"
)

func open(t testing.TB, name string) *games.Game {
	t.Helper()
	g, err := games.Open(name, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func chess(t testing.TB) (*games.Game, *uci.Chess) {
	t.Helper()
	g := open(t, "chess")
	c, err := uci.NewChess(g.Compiled)
	if err != nil {
		t.Fatal(err)
	}
	return g, c
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Moves of a game with castling, en passant and a promotion, as UCI
// writes them, read and written back.
func TestChessMoves(t *testing.T) {
	g, c := chess(t)
	pos := g.New()
	line := strings.Fields("e2e4 g8f6 e4e5 d7d5 e5d6 e7d6 g1f3 f8e7 f1c4 e8g8 e1g1 b7b5 c4b5 c8a6 " +
		"b5a6 b8a6 d2d4 a6b4 a2a3 b4c2 d1c2 f6e4 c2e4 d6d5 e4e7 d8e7 b1c3 e7e2 c3e2 a7a5 " +
		"b2b4 a5b4 a3b4 a8a1 c1d2 a1f1 g1f1 c7c5 b4c5")
	for i, mv := range line {
		m, err := c.ParseMove(pos, mv)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, mv, err)
		}
		back, err := c.MoveText(pos, m)
		if err != nil || back != mv {
			t.Fatalf("move %d %s written back as %q (%v)", i+1, mv, back, err)
		}
		switch mv {
		case "e5d6":
			if !strings.Contains(pos.Notation(m), "en-passant") {
				t.Errorf("e5d6 is %s", pos.Notation(m))
			}
		case "e1g1", "e8g8":
			if !strings.Contains(pos.Notation(m), "O-O") {
				t.Errorf("%s is %s", mv, pos.Notation(m))
			}
		}
		pos.Play(m)
	}
	s, err := c.ReadFEN("8/P7/8/8/8/8/8/k6K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	promo := engine.NewPosition(s, g.Eval)
	for mv, piece := range map[string]string{"a7a8q": "Queen", "a7a8n": "Knight", "a7a8r": "Rook", "a7a8b": "Bishop"} {
		m, err := c.ParseMove(promo, mv)
		if err != nil || !strings.HasSuffix(promo.Notation(m), piece) {
			t.Errorf("%s: %v %v", mv, promo.Notation(m), err)
		}
		if back, _ := c.MoveText(promo, m); back != mv {
			t.Errorf("%s written back as %s", mv, back)
		}
	}
	if _, err := c.ParseMove(promo, "a7a8"); err == nil {
		t.Error("a7a8 without a piece read")
	}
	for _, bad := range []string{"e2e5", "z1z2", "e7e8x", "0000", ""} {
		if _, err := c.ParseMove(g.New(), bad); err == nil {
			t.Errorf("%q read as a move", bad)
		}
	}
}

// FEN written from positions of random games reads back to the same
// position: pieces, side, castling rights and en passant.
func TestFENRoundTrip(t *testing.T) {
	g, c := chess(t)
	if got := c.FEN(engine.NewState(g.Compiled)); got != startFEN {
		t.Fatalf("start: %s", got)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for game := range 10 {
		pos := g.New()
		for ply := 0; ply < 120; ply++ {
			moves := pos.Moves(nil)
			if len(moves) == 0 {
				break
			}
			fen := c.FEN(pos.State())
			s, err := c.ReadFEN(fen)
			if err != nil {
				t.Fatalf("game %d ply %d: %s: %v", game, ply, fen, err)
			}
			if again := c.FEN(s); firstFields(again) != firstFields(fen) {
				t.Fatalf("game %d ply %d: %s read back as %s", game, ply, fen, again)
			}
			read := engine.NewPosition(s, g.Eval)
			if a, b := moveTexts(t, c, pos), moveTexts(t, c, read); a != b {
				t.Fatalf("game %d ply %d: %s: moves %s, read back %s", game, ply, fen, a, b)
			}
			pos.Play(moves[rng.IntN(len(moves))])
		}
	}
}

// firstFields are the fields of a FEN that a position keeps: pieces,
// side, castling, en passant.
func firstFields(fen string) string { return strings.Join(strings.Fields(fen)[:4], " ") }

func moveTexts(t *testing.T, c *uci.Chess, pos *engine.Position) string {
	var out []string
	for _, m := range pos.Moves(nil) {
		s, err := c.MoveText(pos, m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func TestReadFENErrors(t *testing.T) {
	_, c := chess(t)
	for _, bad := range []string{"", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8 w", "9/8/8/8/8/8/8/8 w", "8/8/8/8/8/8/8/7X w",
		"8/8/8/8/8/8/8/8 x", startFEN[:len(startFEN)-10] + " KQkz - 0 1", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1"} {
		if _, err := c.ReadFEN(bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
	s, err := c.ReadFEN("4k3/8/8/8/8/8/8/4K2R w K -")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.FEN(s); got != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("short FEN read back as %s", got)
	}
}

func TestNewChessRefuses(t *testing.T) {
	for _, name := range []string{"checkers", "go", "breakthrough", "tic-tac-toe"} {
		if _, err := uci.NewChess(open(t, name).Compiled); !errors.Is(err, uci.ErrNotDescribable) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzReadFEN checks that any text is refused or read to a position whose
// FEN reads back to the same.
func FuzzReadFEN(f *testing.F) {
	for _, s := range []string{startFEN, "4k3/8/8/8/8/8/8/4K2R w K -", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", "8/8/8/8/8/8/8/8 b - - 0 1"} {
		f.Add(s)
	}
	_, c := chess(f)
	f.Fuzz(func(t *testing.T, fen string) {
		s, err := c.ReadFEN(fen)
		if err != nil {
			return
		}
		again, err := c.ReadFEN(c.FEN(s))
		if err != nil || c.FEN(again) != c.FEN(s) {
			t.Fatalf("%q read as %q, which reads back as %v (%v)", fen, c.FEN(s), again, err)
		}
	})
}
