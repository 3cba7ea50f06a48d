package terminal_test

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/engine/terminal"
	"github.com/ludus-games/ludus/games"
)

func open(t *testing.T, name string) *games.Game {
	t.Helper()
	g, err := games.Open(name, games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestHuman: a person picks by number or by the notation, is told what is
// not a move, and may leave.
func TestHuman(t *testing.T) {
	g := open(t, "tic-tac-toe")
	var out strings.Builder
	h := terminal.Human{In: bufio.NewReader(strings.NewReader("0\nnonsense\n?\nb2 drop-on-empty X Mark\n3\nquit\n")), Out: &out}
	pos := g.New()
	d, err := h.Choose(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if got := pos.Notation(d.Move); got != "b2 drop-on-empty X Mark" {
		t.Errorf("typed b2, chose %q", got)
	}
	for _, want := range []string{"no move 0: pick 1 to 9", `"nonsense" is not a legal move`, "X> "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the terminal does not say %q:\n%s", want, out.String())
		}
	}
	pos.Play(d.Move)
	if d, err = h.Choose(context.Background(), pos); err != nil || pos.Notation(d.Move) != "c3 drop-on-empty O Mark" {
		t.Errorf("typed 3: chose %q, %v", pos.Notation(d.Move), err)
	}
	if _, err := h.Choose(context.Background(), pos); !errors.Is(err, terminal.ErrQuit) {
		t.Errorf("typed quit: %v, want ErrQuit", err)
	}
}

// TestHumanTypes: a move is typed as people write it, the start of one
// legal move without the names of the rules' programs; a start that fits
// several moves names them; the text board shows the marks as X and O.
func TestHumanTypes(t *testing.T) {
	tests := []struct {
		game, typed, want, says string
	}{
		{"tic-tac-toe", "b2", "b2 drop-on-empty X Mark", ""},
		{"chess", "e2e4", "e2 - e4 pawn-push", ""},
		{"chess", "g1 f3", "g1 - f3 leap n nw", ""},
		{"chess", "g1", "", "could be any of 2 moves"},
		{"chess", "e2 e5", "", `"e2 e5" is not a legal move`},
	}
	for _, tt := range tests {
		var out strings.Builder
		h := terminal.Human{In: bufio.NewReader(strings.NewReader(tt.typed + "\nquit\n")), Out: &out}
		pos := open(t, tt.game).New()
		d, err := h.Choose(context.Background(), pos)
		if tt.want == "" {
			if !errors.Is(err, terminal.ErrQuit) || !strings.Contains(out.String(), tt.says) {
				t.Errorf("%s: typed %q: %v, the terminal says:\n%s", tt.game, tt.typed, err, out.String())
			}
			continue
		}
		if err != nil || pos.Notation(d.Move) != tt.want {
			t.Errorf("%s: typed %q: chose %q (%v), want %q", tt.game, tt.typed, pos.Notation(d.Move), err, tt.want)
		}
	}
	g := open(t, "tic-tac-toe")
	pos := g.New()
	for _, m := range []string{"b2", "a1"} {
		ply, err := pos.ReadMove(m)
		if err != nil {
			t.Fatal(err)
		}
		pos.Play(ply)
	}
	if board := pos.State().TextBoard(g.View); !strings.Contains(board, "2 . X .") || !strings.Contains(board, "1 O . .") {
		t.Errorf("the board after b2 and a1:\n%s", board)
	}
}

// TestSeats reads --players lists: kinds by position, dice left out, bot
// specs with commas of their own, and the errors.
func TestSeats(t *testing.T) {
	ttt, ur := open(t, "tic-tac-toe"), open(t, "ur")
	h, r := terminal.Human{}, terminal.NewRandom(rand.New(rand.NewPCG(1, 2)))
	for _, tt := range []struct {
		g     *games.Game
		list  string
		kinds string // per player: h, r or b (a bot of the registry)
		err   string
	}{
		{ttt, "", "hr", ""},
		{ttt, "random,human", "rh", ""},
		{ttt, "random;mcts:iterations=50,c=1.4", "rb", ""},
		{ur, "", "hrr", ""},
		{ur, "random,alphabeta:depth=2", "rbr", ""},
		{ttt, "human", "", "lists 1 players, the game has 2"},
		{ur, "random", "", "the game has 3 (2 who choose their moves)"},
		{ttt, "human,wizard", "", "wizard"},
	} {
		seats, err := terminal.Seats(tt.list, tt.g.Rules, tt.g.Bots, h, r)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.list, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.list, err)
			continue
		}
		var kinds strings.Builder
		for _, s := range seats {
			switch s.(type) {
			case terminal.Human:
				kinds.WriteByte('h')
			case *terminal.Random:
				kinds.WriteByte('r')
			default:
				kinds.WriteByte('b')
			}
		}
		if kinds.String() != tt.kinds {
			t.Errorf("%q: seats %s, want %s", tt.list, kinds.String(), tt.kinds)
		}
	}
}

// TestPlay: a game between a bot and random movers ends with its result
// in the record, is the same for the same seed, and a resumed game goes
// on from the record.
func TestPlay(t *testing.T) {
	g := open(t, "ur")
	play := func(seed uint64, maxPlies int) (string, string) {
		r := terminal.NewRandom(rand.New(rand.NewPCG(seed, 0)))
		seats, err := terminal.Seats("random,alphabeta:depth=1", g.Rules, g.Bots, terminal.Human{}, r)
		if err != nil {
			t.Fatal(err)
		}
		var out, rec strings.Builder
		tg := terminal.Game{Pos: g.New(), Seats: seats, Dice: r, Out: &out, View: g.View, MaxPlies: maxPlies}
		record, _, err := terminal.Play(context.Background(), tg)
		if err != nil {
			t.Fatal(err)
		}
		if err := notation.WriteRecord(&rec, record); err != nil {
			t.Fatal(err)
		}
		return out.String(), rec.String()
	}
	out, rec := play(7, 3000)
	if !strings.Contains(out, "wins") || !strings.Contains(rec, "[Result ") {
		t.Errorf("the game did not end with a result:\n%s", rec)
	}
	if _, again := play(7, 3000); again != rec {
		t.Error("the same seed played another game")
	}
	out, _ = play(7, 5)
	if !strings.Contains(out, "stopped after 5 moves") {
		t.Errorf("a game cut at 5 moves says:\n%s", out)
	}
}
