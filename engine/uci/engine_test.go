package uci_test

import (
	"bufio"
	"context"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine/uci"
)

// serve runs an engine for chess on pipes and returns a client of it.
func serve(t *testing.T, bot string) *uci.Client {
	t.Helper()
	g := open(t, "chess")
	e := &uci.Engine{Name: "ludus", Author: "test", Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: bot, Seed: 1}
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
		if err := <-done; err != nil && err != context.Canceled {
			t.Errorf("serve: %v", err)
		}
	})
	c := uci.NewClient(respR, cmdW)
	if err := c.Start(timeout(t)); err != nil {
		t.Fatal(err)
	}
	return c
}

func timeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// A front-end's game: the client's random moves against the engine's
// bot, to the end, every position sent from the start as GUIs do.
func TestEngineGame(t *testing.T) {
	c := serve(t, "alphabeta:depth=2")
	if c.Name != "ludus" || !c.HasOption("Bot") {
		t.Fatalf("name %q, options: Bot %v", c.Name, c.HasOption("Bot"))
	}
	if err := c.NewGame(timeout(t)); err != nil {
		t.Fatal(err)
	}
	g, ch := chess(t)
	pos := g.New()
	rng := rand.New(rand.NewPCG(3, 4))
	var moves []string
	for ply := 0; ply < 400; ply++ {
		legal := pos.Moves(nil)
		if len(legal) == 0 {
			break
		}
		var mv string
		if ply%2 == 0 {
			mv, _ = ch.MoveText(pos, legal[rng.IntN(len(legal))])
		} else {
			best, info, err := c.Go(timeout(t), uci.Position{Moves: moves}, uci.Limits{MoveTime: 20 * time.Millisecond})
			if err != nil {
				t.Fatalf("ply %d: %v", ply+1, err)
			}
			if info.Depth < 1 || !info.HasScore || len(info.PV) != 1 || info.PV[0] != best {
				t.Fatalf("ply %d: info %+v for %s", ply+1, info, best)
			}
			mv = best
		}
		m, err := ch.ParseMove(pos, mv)
		if err != nil {
			t.Fatalf("ply %d: %s: %v", ply+1, mv, err)
		}
		pos.Play(m)
		moves = append(moves, mv)
	}
	if _, over := pos.Result(); !over {
		t.Errorf("not over after %d plies", len(moves))
	}
	t.Logf("%d plies: %s", len(moves), pos.EndReason())
	best, _, err := c.Go(timeout(t), uci.Position{FEN: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}, uci.Limits{})
	if err != nil || best != "0000" {
		t.Errorf("mated: bestmove %q (%v)", best, err)
	}
}

// go infinite searches until stop, and isready is answered meanwhile;
// the bestmove comes after stop only.
func TestEngineInfinite(t *testing.T) {
	send, next := serveRaw(t, "mcts:iterations=500")
	send("position startpos moves e2e4")
	send("go infinite")
	time.Sleep(50 * time.Millisecond)
	send("isready")
	infos := 0
	for line := next(); line != "readyok"; line = next() {
		if strings.HasPrefix(line, "bestmove") {
			t.Fatalf("%q before stop", line)
		}
		infos++
	}
	for infos == 0 { // a round finished, however loaded the machine
		line := next()
		if !strings.HasPrefix(line, "info depth ") {
			t.Fatalf("unexpected %q", line)
		}
		infos++
	}
	send("stop")
	for line := next(); !strings.HasPrefix(line, "bestmove "); line = next() {
		if !strings.HasPrefix(line, "info depth ") {
			t.Errorf("unexpected %q", line)
		}
	}
}

// go ponder waits for ponderhit before its bestmove.
func TestEnginePonder(t *testing.T) {
	send, next := serveRaw(t, "random")
	for _, cmd := range []string{"debug on", "register later", "ponderhit", "position kiwipete", "position startpos moves e2e5", "frobnicate"} {
		send(cmd)
	}
	send("position startpos moves e2e4 e7e5")
	send("go ponder movetime 1")
	time.Sleep(50 * time.Millisecond)
	send("isready")
	var said []string
	for line := next(); line != "readyok"; line = next() {
		if strings.HasPrefix(line, "bestmove") {
			t.Fatalf("%q before ponderhit", line)
		}
		said = append(said, line)
	}
	if len(said) < 3 {
		t.Errorf("the wrong commands were not answered: %q", said)
	}
	send("ponderhit")
	for line := next(); !strings.HasPrefix(line, "bestmove "); line = next() {
	}
}

// serveRaw runs an engine and returns a function sending a command and
// one reading the next line.
func serveRaw(t *testing.T, bot string) (send func(string), next func() string) {
	g := open(t, "chess")
	e := &uci.Engine{Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: bot}
	cmdR, cmdW := io.Pipe()
	respR, respW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- e.Serve(context.Background(), cmdR, respW)
		respW.Close()
	}()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(respR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	t.Cleanup(func() {
		cmdW.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	send = func(cmd string) {
		if _, err := io.WriteString(cmdW, cmd+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	next = func() string {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the engine's output ended")
			}
			return l
		case <-time.After(10 * time.Second):
			t.Fatal("no line in 10 s")
		}
		return ""
	}
	return send, next
}

// The option Bot changes the bot; a wrong spec is refused with an info
// line, and the bot stays.
func TestEngineOptions(t *testing.T) {
	c := serve(t, "random")
	must(t, c.SetOption("Bot", "alphabeta:depth=2"))
	best, info, err := c.Go(timeout(t), uci.Position{FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}, uci.Limits{})
	if err != nil || best != "a1a8" || info.Mate != 0 && info.Mate < 0 {
		t.Errorf("mate in one: %s %+v %v", best, info, err)
	}
	if info.Score < 1000 {
		t.Errorf("a mate scored %d cp", info.Score)
	}
	must(t, c.SetOption("Bot", "mtcs"))
	best, _, err = c.Go(timeout(t), uci.Position{FEN: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}, uci.Limits{})
	if err != nil || best != "a1a8" {
		t.Errorf("after a wrong spec: %s %v", best, err)
	}
}

// A clock and a depth set the bot's budget: alpha-beta at depth 1 answers
// at once, and a short clock is kept.
func TestEngineLimits(t *testing.T) {
	c := serve(t, "alphabeta:time=1h")
	start := time.Now()
	if _, info, err := c.Go(timeout(t), uci.Position{}, uci.Limits{Depth: 1}); err != nil || info.Depth != 1 {
		t.Errorf("depth 1: %+v %v", info, err)
	}
	if _, _, err := c.Go(timeout(t), uci.Position{}, uci.Limits{WTime: 3 * time.Second, BTime: 3 * time.Second}); err != nil {
		t.Error(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("a depth 1 search and a move of a 3 s clock took %v", d)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
