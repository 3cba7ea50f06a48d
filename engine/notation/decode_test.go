package notation_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// Decoders read what others write too: comments, annotations, numbers
// glued to moves, other spellings of a move.
func TestDecodeLenient(t *testing.T) {
	for _, tt := range []struct {
		name, game, format, text, want string
	}{
		{"pgn comments", "chess", "pgn",
			"% an escaped line\n[Event \"x\"]\n\n{opening} 1.e4 $1 e5!? ; the centre\n2.Nf3 (2.f4) 2...Nc6 *\n\n[Event \"next\"]\n1. d4 *\n",
			"e2 - e4 pawn-push; e7 - e5 pawn-push; g1 - f3 leap n nw; b8 - c6 leap n ne"},
		{"pgn spellings", "chess", "pgn",
			"1. e4 e5 2. Ng1f3 Nb8c6 3. Bc4 Bc5 4. 0-0 Nf6 5. d4 exd4 6. Pe5 *",
			"e2 - e4 pawn-push; e7 - e5 pawn-push; g1 - f3 leap n nw; b8 - c6 leap n ne; f1 - c4 slide nw; f8 - c5 slide nw; e1 - g1 O-O; g8 - f6 leap n nw; d2 - d4 pawn-push; e5 x d4 pawn-capture nw; e4 - e5 pawn-push"},
		{"pgn promotion without =", "chess", "pgn",
			"[FEN \"ignored\"]\n1... Kg7 2. e8Q *",
			"h7 - g7 king-step w; e7 - e8 pawn-push = Queen"},
		{"pdn short capture", "international-draughts", "pdn",
			"1. 32-28 19-23 2. 28x19 14x23 3. 33-28 *",
			"d4 - e5 man-step ne; g7 - f6 man-step ne; + e5 x g7 man-jump ne +; + h8 x f6 man-jump ne +; f4 - e5 man-step nw"},
		{"pdn square names", "checkers", "pdn", "1. c3-d4 f6-e5 2. d4xf6 *",
			"c3 - d4 man-step ne; f6 - e5 man-step ne; + d4 x f6 man-jump ne +"},
		{"sgf old style", "go", "sgf",
			"junk before (;GaMe[1]SiZe[9];B[ee]C[a comment];W[tt]\n;AN[a node without a move];B[c\\\nc])",
			"e5 drop Black Stone; pass; c7 drop Black Stone"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := notation.ByName(tt.format)
			start := engine.NewState(open(t, tt.game, ""))
			if tt.name == "pgn promotion without =" {
				var err error
				start, err = engine.ParsePosition(start.Game(), "p", []byte("(turn Black) (White (Pawn e7) (King a1)) (Black (King h7))"))
				if err != nil {
					t.Fatal(err)
				}
			}
			rec, err := f.Decode(strings.NewReader(tt.text), start)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(rec.MainLine(), "; "); got != tt.want {
				t.Errorf("read\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// A decoder says which move it cannot read, and why.
func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct {
		game, format, text, want string
	}{
		{"chess", "pgn", "1. e4 e5 2. Ke3 *", `move 3 (Ke3): "Ke3" is not a legal move here`},
		{"chess", "pgn", "1. e4 (", "variation(s) not closed"},
		{"chess", "pgn", "[Event \"x]\n", `tag Event: the value has no closing quote`},
		{"chess", "pgn", "1. e4 {unclosed", "a comment without its '}'"},
		{"chess", "pgn", "1. Z9 *", `"Z9" is not standard algebraic notation`},
		{"tic-tac-toe", "pgn", "1. a1 *", "PGN writes chess-like games"},
		{"chess", "pdn", "1. 32-28 *", "PDN writes draughts games"},
		{"international-draughts", "pdn", "1. 32-99 *", "no square 99 (1 to 50)"},
		{"international-draughts", "pdn", "1. 32-27x *", `"32-27x"`},
		{"go", "sgf", "(;B[ee];B[cc])", "move 2: B moves, but W is to move"},
		{"go", "sgf", "(;AB[ee];W[cc])", "setup property AB"},
		{"go", "sgf", "(;B[ee]", "want ')' to end a game tree"},
		{"go", "sgf", "(;B[ee];W[ee])", "no legal drop on ee (e5)"},
		{"go", "sgf", "no tree", "no game tree"},
		{"tic-tac-toe", "ludus", "1. a1 drop-on-empty X Mark\n2. a1 drop-on-empty O Mark\n", `move 2: "a1 drop-on-empty O Mark" is not a legal move here`},
	} {
		f, _ := notation.ByName(tt.format)
		_, err := f.Decode(strings.NewReader(tt.text), engine.NewState(open(t, tt.game, "")))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s %q: error %v, want %q", tt.game, tt.format, tt.text, err, tt.want)
		}
	}
}

// A SAN move two pieces can make is refused, naming both.
func TestDecodeAmbiguous(t *testing.T) {
	g := open(t, "chess", "")
	s, err := engine.ParsePosition(g, "p", []byte("(turn White) (White (King e1) (Knight b1 f3)) (Black (King e8))"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = notation.PGN.Decode(strings.NewReader("1. Nd2 *"), s)
	want := `move 1 (Nd2): "Nd2" is ambiguous: f3 - d2 leap w sw or b1 - d2 leap e ne`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// Encoders refuse a game their notation cannot write, with an error that
// says so for errors.Is.
func TestEncodeUnsupported(t *testing.T) {
	for _, tt := range []struct{ game, format, want string }{
		{"tic-tac-toe", "pgn", "PGN writes chess-like games (two players, a King to checkmate), not Tic-Tac-Toe"},
		{"checkers", "pgn", "PGN writes chess-like games (two players, a King to checkmate), not Checkers"},
		{"chess", "pdn", "PDN writes draughts games, whose pieces stand on squares of one colour, not Chess"},
		{"go", "pdn", "PDN writes draughts games, where both players start with pieces, not Go 9x9"},
		{"ur", "pdn", "PDN writes draughts games (two players on a checkered grid), not Ur"},
	} {
		f, _ := notation.ByName(tt.format)
		var b strings.Builder
		err := f.Encode(&b, engine.NewState(open(t, tt.game, "")), &engine.Record{})
		if !errors.Is(err, notation.ErrUnsupported) || err.Error() != tt.want {
			t.Errorf("%s %s: %v, want %q", tt.game, tt.format, err, tt.want)
		}
	}
}

func TestByName(t *testing.T) {
	for _, tt := range []struct{ name, path, want string }{
		{"", "game.txt", "ludus"}, {"PGN", "game.PGN", "pgn"}, {"sgf", "a/b.sgf", "sgf"}, {"pdn", "x.pdn", "pdn"}, {"ludus", "game", "ludus"},
	} {
		f, err := notation.ByName(tt.name)
		if err != nil || f.Name != tt.want {
			t.Errorf("ByName(%q) = %s, %v", tt.name, f.Name, err)
		}
		if f := notation.ByPath(tt.path); f.Name != tt.want {
			t.Errorf("ByPath(%q) = %s", tt.path, f.Name)
		}
	}
	if _, err := notation.ByName("fen"); err == nil || err.Error() != `unknown record format "fen": want ludus, pgn, sgf or pdn` {
		t.Errorf("unknown format: %v", err)
	}
}
