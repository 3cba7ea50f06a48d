package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/search"
)

// Engine serves UCI for a chess game of the engine: a front-end sets up
// positions and asks the bot for its move within the limits of go. Set
// the fields, then call Serve.
type Engine struct {
	// Name and Author answer uci ("id name", "id author").
	Name, Author string
	// Game is the game played, Eval its evaluation (nil: the rules').
	Game *engine.Game
	Eval *engine.Evaluator
	// Bots builds the bot that searches from the spec Bot, which the
	// front-end may change with the option "Bot". The limits of go set
	// the bot's parameters that its kind has: movetime and the clock its
	// time, depth its depth, nodes its iterations (or nodes).
	Bots *search.Registry[engine.Ply, *engine.Position]
	Bot  string
	// Seed seeds the bot's session (its randomness from game to game).
	Seed uint64
}

// overhead is kept back from the time of a move for the answer to reach
// the front-end.
const overhead = 10 * time.Millisecond

// uciServed is the state of one connection.
type uciServed struct {
	e     *Engine
	chess *Chess
	ev    *engine.Evaluator
	spec  string
	pos   *engine.Position
	bot   search.Session[engine.Ply, *engine.Position]
	games uint64

	outMu sync.Mutex
	w     io.Writer
	werr  error

	// The search under way: stop ends it, done is closed once its
	// bestmove is written; release lets a bestmove that must wait (go
	// infinite, go ponder) be written.
	stop    context.CancelFunc
	done    chan struct{}
	release chan struct{}
}

// Serve reads commands from r and writes the engine's lines to w until
// quit, the end of r or of ctx. Searches run while commands are read, so
// that isready and stop are answered at once; quit stops a search, the
// end of r lets one with limits answer first. A command that cannot be
// followed is answered with an "info string" line saying why, as UCI has
// no error replies.
func (e *Engine) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	if e.Game == nil || e.Bots == nil {
		return errors.New("uci: an engine needs a game and bots")
	}
	c, err := NewChess(e.Game)
	if err != nil {
		return err
	}
	if _, err := e.Bots.Bot(e.Bot); err != nil {
		return err
	}
	s := &uciServed{e: e, chess: c, ev: e.Eval, spec: e.Bot, w: w}
	if s.ev == nil {
		s.ev = e.Game.Evaluator()
	}
	s.newGame()
	defer func() {
		s.halt()
		s.bot.Close()
	}()
	br := bufio.NewReaderSize(r, 4096)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, err := ReadLine(br)
		if errors.Is(err, io.EOF) {
			s.finish()
			return s.writeErr()
		}
		if err != nil {
			return err
		}
		if quit := s.do(ctx, strings.Fields(line)); quit {
			return s.writeErr()
		}
		if err := s.writeErr(); err != nil {
			return err
		}
	}
}

// out writes a line to the front-end.
func (s *uciServed) out(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	if s.werr == nil {
		_, s.werr = fmt.Fprintf(s.w, format+"\n", args...)
	}
}

// writeErr returns the first error writing to the front-end.
func (s *uciServed) writeErr() error {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	return s.werr
}

// newGame starts the bot afresh, at the start position.
func (s *uciServed) newGame() {
	if s.bot != nil {
		s.bot.Close()
	}
	b, _ := s.e.Bots.Bot(s.spec) // checked when set
	s.games++
	s.bot = search.NewSession(b, s.e.Seed+s.games)
	s.pos = engine.NewPosition(engine.NewState(s.e.Game), s.ev)
}

func (s *uciServed) do(ctx context.Context, f []string) (quit bool) {
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "uci":
		s.out("id name %s", orDefault(s.e.Name, "ludus"))
		s.out("id author %s", orDefault(s.e.Author, "the ludus authors"))
		s.out("option name Bot type string default %s", s.spec)
		s.out("uciok")
	case "isready":
		s.out("readyok")
	case "setoption":
		s.setOption(f[1:])
	case "ucinewgame":
		s.halt()
		s.newGame()
	case "position":
		s.halt()
		s.position(f[1:])
	case "go":
		s.halt()
		s.goSearch(ctx, f[1:])
	case "stop":
		s.halt()
	case "ponderhit":
		s.letGo()
	case "quit":
		return true
	case "debug", "register":
	default:
		s.out("info string unknown command %s", f[0])
	}
	return false
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// setOption changes the bot: "setoption name Bot value mcts:time=1s".
func (s *uciServed) setOption(args []string) {
	var name, value []string
	cur := &name
	for _, a := range args {
		switch a {
		case "name":
			cur = &name
		case "value":
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	if !strings.EqualFold(strings.Join(name, " "), "bot") {
		s.out("info string no option %q", strings.Join(name, " "))
		return
	}
	spec := strings.Join(value, " ")
	if _, err := s.e.Bots.Bot(spec); err != nil {
		s.out("info string option Bot: %v", err)
		return
	}
	s.halt()
	s.spec = spec
	s.newGame()
}

// position sets up the position of a position command.
func (s *uciServed) position(args []string) {
	p, err := ParsePosition(args)
	if err != nil {
		s.out("info string %v", err)
		return
	}
	st := engine.NewState(s.e.Game)
	if p.FEN != "" {
		if st, err = s.chess.ReadFEN(p.FEN); err != nil {
			s.out("info string %v", err)
			return
		}
	}
	pos := engine.NewPosition(st, s.ev)
	for i, mv := range p.Moves {
		m, err := s.chess.ParseMove(pos, mv)
		if err != nil {
			s.out("info string position: move %d: %v", i+1, err)
			return
		}
		pos.Play(m)
	}
	s.pos = pos
}

// halt ends the search under way, if any, once its bestmove is written.
func (s *uciServed) halt() {
	if s.stop == nil {
		return
	}
	s.stop()
	s.letGo()
	<-s.done
	s.stop, s.done, s.release = nil, nil, nil
}

// finish waits for the search under way to answer, at the end of the
// commands: a search with limits ends by itself, an infinite one (or a
// ponder) is stopped.
func (s *uciServed) finish() {
	if s.done == nil {
		return
	}
	select {
	case <-s.release:
		<-s.done
	default:
	}
	s.halt()
}

// letGo lets a bestmove that waits (go infinite, go ponder) be written.
func (s *uciServed) letGo() {
	if s.release != nil {
		select {
		case <-s.release:
		default:
			close(s.release)
		}
	}
}

// goSearch starts a search of the position within the limits of go.
func (s *uciServed) goSearch(ctx context.Context, args []string) {
	l, err := ParseGo(args)
	if err != nil {
		s.out("info string %v", err)
	}
	ctx, stop := context.WithCancel(ctx)
	s.stop, s.done, s.release = stop, make(chan struct{}), make(chan struct{})
	pos := s.pos.Copy()
	wait := l.Infinite || l.Ponder
	if !wait {
		close(s.release)
	}
	go func(done, release chan struct{}) {
		defer close(done)
		best := s.search(ctx, pos, l)
		if wait {
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
		s.out("bestmove %s", best)
	}(s.done, s.release)
}

// search returns the best move found in pos within the limits, "0000"
// when there is none. An infinite search deepens, a longer time each
// round, until it is stopped, and answers with the last round finished.
func (s *uciServed) search(ctx context.Context, pos *engine.Position, l Limits) string {
	if len(pos.Moves(nil)) == 0 {
		return "0000"
	}
	spec, timed := s.budget(pos, l)
	if !l.Infinite || !timed {
		d, err := s.choose(ctx, spec, pos)
		if err != nil {
			return s.fallback(pos, err)
		}
		return s.report(pos, d)
	}
	best := ""
	for round := 100 * time.Millisecond; ctx.Err() == nil; round = min(2*round, time.Hour) {
		sp, _ := search.ParseSpec(spec)
		b, err := s.e.Bots.Bot(sp.With("time", round.String()).String())
		if err != nil {
			break
		}
		d, err := b.Choose(ctx, pos)
		if err != nil {
			break
		}
		best = s.report(pos, d)
	}
	if best == "" {
		return s.fallback(pos, ctx.Err())
	}
	return best
}

// choose searches with the game's session when spec is the bot's own.
func (s *uciServed) choose(ctx context.Context, spec string, pos *engine.Position) (search.Decision[engine.Ply], error) {
	if spec == s.spec {
		return s.bot.Choose(ctx, pos)
	}
	b, err := s.e.Bots.Bot(spec)
	if err != nil {
		return search.Decision[engine.Ply]{}, err
	}
	sess := search.NewSession(b, s.e.Seed+s.games)
	defer sess.Close()
	return sess.Choose(ctx, pos)
}

// fallback answers a search stopped before it chose: the first legal move,
// so that the front-end gets a move, and an info line saying why.
func (s *uciServed) fallback(pos *engine.Position, err error) string {
	s.out("info string no search finished (%v): the first legal move", err)
	text, terr := s.chess.MoveText(pos, pos.Moves(nil)[0])
	if terr != nil {
		return "0000"
	}
	return text
}

// report writes the info line of a decision and returns its move.
func (s *uciServed) report(pos *engine.Position, d search.Decision[engine.Ply]) string {
	text, err := s.chess.MoveText(pos, d.Move)
	if err != nil {
		s.out("info string %v", err)
		return "0000"
	}
	ms := d.Time.Milliseconds()
	line := fmt.Sprintf("info depth %d score cp %d nodes %d time %d", max(d.Depth, 1), centipawns(d.Value), d.Nodes, ms)
	if ms > 0 {
		line += fmt.Sprintf(" nps %d", d.Nodes*1000/ms)
	}
	s.out("%s pv %s", line, text)
	return text
}

// centipawns maps a bot's value (the chance of winning, 1/2 even) to
// centipawns by the logistic curve of Elo, within ±3000.
func centipawns(v float64) int {
	if v <= 0 || v >= 1 || math.IsNaN(v) {
		if v >= 1 {
			return 3000
		}
		return -3000
	}
	return int(math.Round(max(min(400*math.Log10(v/(1-v)), 3000), -3000)))
}

// budget returns the bot's spec with the limits of go set where its kind
// has the parameters, and whether it has a time parameter.
func (s *uciServed) budget(pos *engine.Position, l Limits) (string, bool) {
	sp, err := search.ParseSpec(s.spec)
	if err != nil {
		return s.spec, false
	}
	has := map[string]bool{}
	for _, k := range s.e.Bots.Kinds() {
		if k.Name == sp.Kind {
			for _, p := range k.Params {
				has[p.Name] = true
			}
		}
	}
	set := func(name string, v any) {
		if has[name] {
			sp = sp.With(name, fmt.Sprint(v))
		}
	}
	if t := moveTime(l, int(pos.ToMove()) == s.chess.White()); t > 0 {
		set("time", t)
	}
	if l.Depth > 0 {
		set("depth", min(l.Depth, 8192))
	}
	if l.Nodes > 0 {
		if has["iterations"] {
			set("iterations", l.Nodes)
		} else {
			set("nodes", l.Nodes)
		}
	}
	return sp.String(), has["time"]
}

// moveTime is the time of one move: movetime, or a share of the clock of
// the side to move (its time over the moves to go, or a thirtieth, plus
// most of its increment, at most half of what is left), less the
// overhead; 0 when go gives no time.
func moveTime(l Limits, white bool) time.Duration {
	if l.MoveTime > 0 {
		return max(l.MoveTime-overhead, time.Millisecond)
	}
	left, inc := l.BTime, l.BInc
	if white {
		left, inc = l.WTime, l.WInc
	}
	if left <= 0 {
		return 0
	}
	togo := time.Duration(30)
	if l.MovesToGo > 0 {
		togo = time.Duration(min(l.MovesToGo, 30))
	}
	t := min(left/togo+inc*3/4, left/2)
	return max(t-overhead, time.Millisecond)
}
