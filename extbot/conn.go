package extbot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/search"
)

// conn is an engine program in a game, spoken to in its protocol. The
// engine follows the game: setup starts it at a position, play tells it
// each move, genmove asks for its own and leaves that move played.
// Errors that are the engine's fault (an illegal answer, a move of the
// game it refuses) are *search.Forfeit.
type conn interface {
	// hello starts the protocol and sets the engine's options.
	hello(ctx context.Context) error
	setup(ctx context.Context, pos *engine.Position) error
	play(ctx context.Context, pos *engine.Position, m engine.Ply) error
	genmove(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error)
	// bye asks the engine to end.
	bye(ctx context.Context)
	// release lets the client's reader go, once the program is ended.
	release()
}

// gtpConn speaks GTP.
type gtpConn struct {
	c     *gtp.Client
	board *gtp.Board
	o     *options
}

func (g *gtpConn) hello(ctx context.Context) error {
	v, err := g.c.Do(ctx, "protocol_version")
	if err != nil {
		return err
	}
	if v != "2" {
		return fmt.Errorf("gtp: protocol_version %q, want 2", v)
	}
	return nil
}

func (g *gtpConn) setup(ctx context.Context, pos *engine.Position) error {
	n := strconv.Itoa(g.board.Size())
	if _, err := g.c.Do(ctx, "boardsize", n); err != nil {
		return fmt.Errorf("the engine plays no %sx%s board: %w", n, n, err)
	}
	if _, err := g.c.Do(ctx, "clear_board"); err != nil {
		return err
	}
	if k := g.board.Game().Rules.Komi; len(k) > 0 {
		if _, err := g.c.Do(ctx, "komi", strconv.FormatFloat(g.board.Komi(), 'f', -1, 64)); err != nil {
			return err
		}
	}
	if g.o.time > 0 {
		// Byo-yomi of one stone: the time is the time of every move.
		secs := strconv.Itoa(int(math.Ceil(g.o.time.Seconds())))
		if _, err := g.c.Do(ctx, "time_settings", "0", secs, "1"); err != nil {
			return err
		}
	}
	// A position set up, stone by stone: placing the stones of a legal
	// position in any order captures nothing.
	black, white := g.board.Stones(pos.State())
	for _, set := range []struct {
		color  string
		stones []string
	}{{"black", black}, {"white", white}} {
		for _, v := range set.stones {
			if _, err := g.c.Do(ctx, "play", set.color, v); err != nil {
				return g.refused(err, "play "+set.color+" "+v)
			}
		}
	}
	return nil
}

func (g *gtpConn) play(ctx context.Context, pos *engine.Position, m engine.Ply) error {
	text, err := g.board.MoveText(pos, m)
	if err != nil {
		return err
	}
	color := g.board.Color(int(pos.ToMove()))
	if _, err := g.c.Do(ctx, "play", color, text); err != nil {
		return g.refused(err, "play "+color+" "+text)
	}
	return nil
}

// refused makes an engine's failure answer to a move of the game a
// forfeit: it cannot go on with the game the rules allow.
func (g *gtpConn) refused(err error, cmd string) error {
	var ge *gtp.Error
	if errors.As(err, &ge) {
		return &search.Forfeit{Reason: "refused a legal move", Detail: fmt.Sprintf("%s: ? %s", cmd, ge.Text)}
	}
	return err
}

func (g *gtpConn) genmove(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	var d search.Decision[engine.Ply]
	color := g.board.Color(int(pos.ToMove()))
	start := time.Now()
	text, err := g.c.Do(ctx, "genmove", color)
	var ge *gtp.Error
	switch {
	case errors.As(err, &ge):
		return d, &search.Forfeit{Reason: "refused to move", Detail: fmt.Sprintf("genmove %s: ? %s", color, ge.Text)}
	case err != nil:
		return d, err
	case strings.EqualFold(text, "resign"):
		return d, &search.Forfeit{Reason: "resigns", Detail: "genmove " + color + ": resign"}
	}
	m, err := g.board.ParseMove(pos, text)
	if err != nil {
		return d, &search.Forfeit{Reason: "illegal move", Detail: fmt.Sprintf("genmove %s answered %q: %v", color, text, err)}
	}
	return search.Decision[engine.Ply]{Move: m, Value: 0.5, Time: time.Since(start)}, nil
}

func (g *gtpConn) bye(ctx context.Context) { g.c.Do(ctx, "quit") }

func (g *gtpConn) release() { g.c.Close() }

// uciConn speaks UCI.
type uciConn struct {
	c     *uci.Client
	chess *uci.Chess
	o     *options
	base  string   // the FEN the game was set up from ("": the start)
	moves []string // played since
}

func (u *uciConn) hello(ctx context.Context) error {
	if err := u.c.Start(ctx); err != nil {
		return err
	}
	set := func(name string, v int) error {
		if v >= 0 {
			return u.c.SetOption(name, strconv.Itoa(v))
		}
		return nil
	}
	if u.o.elo >= 0 {
		if err := u.c.SetOption("UCI_LimitStrength", "true"); err != nil {
			return err
		}
	}
	for _, o := range []struct {
		name string
		v    int
	}{{"Skill Level", u.o.skill}, {"UCI_Elo", u.o.elo}, {"Threads", u.o.threads}, {"Hash", u.o.hash}} {
		if err := set(o.name, o.v); err != nil {
			return err
		}
	}
	return u.c.Ready(ctx)
}

// standardStart is the FEN of chess's start, sent as startpos.
const standardStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func (u *uciConn) setup(ctx context.Context, pos *engine.Position) error {
	if err := u.c.NewGame(ctx); err != nil {
		return err
	}
	u.base, u.moves = u.chess.FEN(pos.State()), nil
	if u.base == standardStart {
		u.base = ""
	}
	return nil
}

func (u *uciConn) play(_ context.Context, pos *engine.Position, m engine.Ply) error {
	text, err := u.chess.MoveText(pos, m)
	if err != nil {
		return err
	}
	u.moves = append(u.moves, text)
	return nil
}

func (u *uciConn) genmove(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	var d search.Decision[engine.Ply]
	l := uci.Limits{MoveTime: u.o.movetime, Depth: u.o.depth, Nodes: u.o.nodes}
	start := time.Now()
	best, info, err := u.c.Go(ctx, uci.Position{FEN: u.base, Moves: u.moves}, l)
	if err != nil {
		return d, err
	}
	m, err := u.chess.ParseMove(pos, best)
	if err != nil {
		return d, &search.Forfeit{Reason: "illegal move", Detail: fmt.Sprintf("bestmove %s: %v", best, err)}
	}
	u.moves = append(u.moves, best)
	return search.Decision[engine.Ply]{Move: m, Value: info.Value(), Depth: info.Depth, Nodes: info.Nodes, Time: time.Since(start)}, nil
}

func (u *uciConn) bye(context.Context) { u.c.Quit() }

func (u *uciConn) release() { u.c.Close() }
