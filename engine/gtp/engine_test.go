package gtp_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/games"
)

func open(t testing.TB, name, variant string) *games.Game {
	t.Helper()
	g, err := games.Open(name, games.Options{Variant: variant})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// serve runs an engine for g on pipes and returns a client of it; the
// engine stops when the test ends.
func serve(t *testing.T, g *games.Game, bot string) (*gtp.Client, <-chan error) {
	t.Helper()
	e := &gtp.Engine{Name: "ludus", Version: "test", Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: bot, Seed: 1,
		Resize: func(n int) (*engine.Game, *engine.Evaluator, error) {
			for _, v := range []string{"Go 9x9", "Go 5x5"} {
				vg := open(t, "go", v)
				if b, err := gtp.NewBoard(vg.Compiled); err == nil && b.Size() == n {
					return vg.Compiled, vg.Eval, nil
				}
			}
			return nil, nil, fmt.Errorf("no %dx%d game", n, n)
		}}
	cmdR, cmdW := io.Pipe()
	respR, respW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		err := e.Serve(ctx, cmdR, respW)
		respW.Close()
		done <- err
	}()
	t.Cleanup(func() {
		cancel()
		cmdW.Close()
		<-done
	})
	return gtp.NewClient(respR, cmdW), done
}

func do(t *testing.T, c *gtp.Client, cmd string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := c.Do(ctx, cmd, args...)
	if err != nil {
		t.Fatalf("%s %v: %v", cmd, args, err)
	}
	return out
}

func fails(t *testing.T, c *gtp.Client, want string, cmd string, args ...string) {
	t.Helper()
	_, err := c.Do(context.Background(), cmd, args...)
	var ge *gtp.Error
	if !errors.As(err, &ge) || !strings.Contains(ge.Text, want) {
		t.Errorf("%s %v: %v, want a failure saying %q", cmd, args, err, want)
	}
}

// A front-end's session: the protocol's own commands, a whole game of Go
// 5x5 between the client's random stones and the engine's bot, the score,
// undo and the board shown.
func TestEngineGame(t *testing.T) {
	c, _ := serve(t, open(t, "go", "Go 5x5"), "random")
	for cmd, want := range map[string]string{"protocol_version": "2", "name": "ludus", "version": "test"} {
		if got := do(t, c, cmd); got != want {
			t.Errorf("%s: %q, want %q", cmd, got, want)
		}
	}
	if do(t, c, "known_command", "genmove") != "true" || do(t, c, "known_command", "loadsgf") != "false" {
		t.Error("known_command")
	}
	if !strings.Contains(do(t, c, "list_commands"), "\nfinal_score\n") {
		t.Error("list_commands lacks final_score")
	}
	fails(t, c, "unknown command", "loadsgf", "x.sgf")
	fails(t, c, "unacceptable size", "boardsize", "7")
	do(t, c, "boardsize", "5")
	do(t, c, "clear_board")
	do(t, c, "komi", "6.5")
	fails(t, c, "syntax error", "komi", "lots")
	fails(t, c, "illegal move", "play", "b", "J9")
	fails(t, c, "syntax error", "play", "red", "A1")

	g := open(t, "go", "Go 5x5")
	board, _ := gtp.NewBoard(g.Compiled)
	pos := g.New()
	rng := rand.New(rand.NewPCG(1, 2))
	passes := 0
	for ply := 0; passes < 2 && ply < 200; ply++ {
		var mv string
		if ply%2 == 0 {
			moves := pos.Moves(nil)
			m := moves[rng.IntN(len(moves))]
			mv, _ = board.MoveText(pos, m)
			do(t, c, "play", "black", mv)
		} else {
			mv = do(t, c, "genmove", "w")
		}
		m, err := board.ParseMove(pos, mv)
		if err != nil {
			t.Fatalf("ply %d: %s: %v", ply+1, mv, err)
		}
		pos.Play(m)
		if mv == "pass" {
			passes++
		} else {
			passes = 0
		}
	}
	if _, over := pos.Result(); !over {
		t.Fatalf("the game did not end:\n%s", do(t, c, "showboard"))
	}
	if got := do(t, c, "genmove", "b"); got != "pass" {
		t.Errorf("genmove after the end: %q", got)
	}
	sc, _ := pos.State().Scores()
	diff := sc[0] - sc[1] + 7.5 - 6.5 // the engine's komi is 6.5
	want := fmt.Sprintf("B+%g", diff)
	if diff < 0 {
		want = fmt.Sprintf("W+%g", -diff)
	}
	if got := do(t, c, "final_score"); got != want {
		t.Errorf("final_score %q, want %q", got, want)
	}
	shown := do(t, c, "showboard")
	if !strings.Contains(shown, "A B C D E") || !strings.Contains(shown, "game over") {
		t.Errorf("showboard:\n%s", shown)
	}
	do(t, c, "undo")
	do(t, c, "undo")
	if strings.Contains(do(t, c, "showboard"), "game over") {
		t.Error("two undos after two passes: still over")
	}
	do(t, c, "boardsize", "9")
	if !strings.Contains(do(t, c, "showboard"), "J") {
		t.Error("boardsize 9 did not load Go 9x9")
	}
	fails(t, c, "cannot undo", "undo")
	do(t, c, "quit")
}

// Two stones of one colour in a row: the engine passes for the other
// colour between them, and undo takes the pass back with the stone.
func TestEngineSameColourTwice(t *testing.T) {
	c, _ := serve(t, open(t, "go", "Go 5x5"), "random")
	do(t, c, "play", "b", "C3")
	do(t, c, "play", "b", "B2")
	shown := do(t, c, "showboard")
	if strings.Count(shown, "X") != 2 || !strings.Contains(shown, "white to move") {
		t.Errorf("two black stones:\n%s", shown)
	}
	do(t, c, "undo")
	if shown := do(t, c, "showboard"); strings.Count(shown, "X") != 1 || !strings.Contains(shown, "white to move") {
		t.Errorf("undo left the pass:\n%s", shown)
	}
}

// A game GTP cannot describe is refused; tic-tac-toe, drops on a square,
// can be played and scored by its winner.
func TestEngineGames(t *testing.T) {
	if _, err := gtp.NewBoard(open(t, "chess", "").Compiled); !errors.Is(err, gtp.ErrNotDescribable) {
		t.Errorf("chess: %v", err)
	}
	c, _ := serve(t, open(t, "tic-tac-toe", ""), "alphabeta:depth=9")
	do(t, c, "play", "b", "A3")
	do(t, c, "play", "w", "B2")
	do(t, c, "play", "b", "A2")
	if got := do(t, c, "genmove", "w"); got != "A1" {
		t.Errorf("the bot does not block A1: %s", got)
	}
	fails(t, c, "not over", "final_score")
	do(t, c, "komi", "5")
}

// The clock of time_settings and time_left sets the bot's time.
func TestEngineClock(t *testing.T) {
	c, _ := serve(t, open(t, "go", "Go 5x5"), "mcts:iterations=100000000")
	do(t, c, "time_settings", "0", "1", "1")
	do(t, c, "time_left", "b", "1", "1")
	start := time.Now()
	do(t, c, "genmove", "b")
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("genmove with a second on the clock took %v", d)
	}
	fails(t, c, "syntax error", "time_left", "b", "x", "1")
}
