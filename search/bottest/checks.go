package bottest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"time"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// snapshot is what a position says of itself; a bot must leave it so.
type snapshot[M any] struct {
	key    uint64
	toMove game.Player
	result game.Result
	over   bool
	moves  []M
	outs   int
}

func look[M any, P game.Position[M]](pos P) snapshot[M] {
	s := snapshot[M]{key: pos.Key(), toMove: pos.ToMove(), moves: pos.Moves(nil), outs: len(pos.Outcomes(nil))}
	s.result, s.over = pos.Result()
	return s
}

// differs describes how b differs from a, or returns "".
func (c *checker[M, P]) differs(a, b snapshot[M]) string {
	switch {
	case a.key != b.key:
		return fmt.Sprintf("key %x, was %x", b.key, a.key)
	case a.toMove != b.toMove:
		return fmt.Sprintf("%v to move, was %v", b.toMove, a.toMove)
	case a.over != b.over || !reflect.DeepEqual(a.result, b.result):
		return fmt.Sprintf("result %v %v, was %v %v", b.result, b.over, a.result, a.over)
	case len(a.moves) != len(b.moves) || a.outs != b.outs:
		return fmt.Sprintf("%d moves and %d outcomes, were %d and %d", len(b.moves), b.outs, len(a.moves), a.outs)
	}
	for i := range a.moves {
		if !c.o.Equal(a.moves[i], b.moves[i]) {
			return fmt.Sprintf("move %d changed", i+1)
		}
	}
	return ""
}

// legal reports whether m is one of the moves of s.
func (c *checker[M, P]) legal(s snapshot[M], m M) bool {
	for _, x := range s.moves {
		if c.o.Equal(x, m) {
			return true
		}
	}
	return false
}

// outcome is what one Choose gave and took.
type outcome[M any] struct {
	d       search.Decision[M]
	err     error
	elapsed time.Duration
}

// choose asks bot for a move in pos (reached by line), waiting at most
// limit (0: for ever); a search still running then is cancelled and
// reported. It checks that the bot left pos as it was, the moves before
// it included, and that a move chosen is legal. The caller judges the
// error and the time.
func (c *checker[M, P]) choose(ctx context.Context, bot search.Bot[M, P], pos P, line []M, limit time.Duration) (outcome[M], error) {
	var before uint64 // the key before the last move of line
	if len(line) > 0 {
		pos.Undo()
		before = pos.Key()
		pos.Play(line[len(line)-1])
	}
	s := look[M](pos)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan outcome[M], 1)
	start := time.Now()
	go func() {
		d, err := bot.Choose(ctx, pos)
		done <- outcome[M]{d, err, time.Since(start)}
	}()
	var out outcome[M]
	if limit > 0 {
		select {
		case out = <-done:
		case <-time.After(limit):
			// The search keeps pos: it may not be looked at again.
			return out, fmt.Errorf("no decision after %v", limit)
		}
	} else {
		out = <-done
	}
	if d := c.differs(s, look[M](pos)); d != "" {
		return out, fmt.Errorf("the position changed: %s", d)
	}
	if len(line) > 0 {
		pos.Undo()
		k := pos.Key()
		pos.Play(line[len(line)-1])
		if k != before {
			return out, fmt.Errorf("the moves before the decision were changed: Undo gives key %x, was %x", k, before)
		}
	}
	if out.err == nil && len(s.moves) == 0 {
		return out, fmt.Errorf("chose %s where there is nothing to choose, want search.ErrNoMove", name(pos, out.d.Move))
	}
	if out.err == nil && !c.legal(s, out.d.Move) {
		return out, fmt.Errorf("chose %s, not one of the %d legal moves", name(pos, out.d.Move), len(s.moves))
	}
	return out, nil
}

// budgeted checks a decision of the node-budget bot.
func (c *checker[M, P]) budgeted(out outcome[M]) error {
	if out.err != nil {
		return out.err
	}
	if out.d.Nodes > c.o.Nodes+c.o.NodeSlack {
		return fmt.Errorf("%d nodes on a budget of %d", out.d.Nodes, c.o.Nodes)
	}
	return nil
}

// choices lets the node-budget bot choose in every position sampled.
func (c *checker[M, P]) choices() error {
	for i, line := range c.lines {
		out, err := c.choose(context.Background(), c.bot, c.at(line), line, 0)
		if err == nil {
			err = c.budgeted(out)
		}
		if err != nil {
			return fmt.Errorf("position %d (ply %d): %w", i+1, len(line), err)
		}
		c.want = append(c.want, out.d)
	}
	return nil
}

// noMove checks that a finished game and a chance node, where there is
// nothing to choose, give search.ErrNoMove.
func (c *checker[M, P]) noMove() error {
	for _, tt := range []struct {
		what string
		line []M
	}{{"finished game", c.over}, {"chance node", c.chance}} {
		if tt.line == nil {
			continue // the random games met none
		}
		out, err := c.choose(context.Background(), c.bot, c.at(tt.line), tt.line, 0)
		if err == nil && !errors.Is(out.err, search.ErrNoMove) {
			err = fmt.Errorf("gave %v (error %v), want search.ErrNoMove", out.d.Move, out.err)
		}
		if err != nil {
			return fmt.Errorf("%s (ply %d): %w", tt.what, len(tt.line), err)
		}
	}
	return nil
}

// timed checks the time budget on the first two positions.
func (c *checker[M, P]) timed() error {
	bot, err := c.make(search.Budget{Time: c.o.Time})
	if err != nil {
		return fmt.Errorf("making the bot: %w", err)
	}
	limit := c.o.Time + c.o.TimeSlack
	for i, line := range c.lines[:min(2, len(c.lines))] {
		out, err := c.choose(context.Background(), bot, c.at(line), line, limit)
		switch {
		case err != nil:
			return fmt.Errorf("position %d, budget %v: %w", i+1, c.o.Time, err)
		case out.err != nil:
			return fmt.Errorf("position %d, budget %v: %w", i+1, c.o.Time, out.err)
		case out.elapsed > limit:
			return fmt.Errorf("position %d: decided after %v on a budget of %v", i+1, out.elapsed, c.o.Time)
		}
	}
	return nil
}

// cancelled checks that a search stopped only by its context returns
// soon after the context ends: cancelled before the search starts or
// while it runs, or at its deadline (as the server caps a move's time).
func (c *checker[M, P]) cancelled() error {
	bot, err := c.make(search.Budget{Time: endless})
	if err != nil {
		return fmt.Errorf("making the bot: %w", err)
	}
	line := c.lines[0]
	for _, tt := range []struct {
		what     string
		after    time.Duration
		deadline bool
	}{
		{"cancelled before the search", 0, false},
		{"cancelled during the search", c.o.Time, false},
		{"at the context's deadline", c.o.Time, true},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		switch {
		case tt.deadline:
			ctx, cancel = context.WithTimeout(context.Background(), tt.after)
		case tt.after == 0:
			cancel()
		default:
			timer := time.AfterFunc(tt.after, cancel)
			defer timer.Stop()
		}
		limit := tt.after + c.o.TimeSlack
		out, err := c.choose(ctx, bot, c.at(line), line, limit)
		want := ctx.Err()
		cancel()
		switch {
		case err != nil:
			return fmt.Errorf("%s: %w", tt.what, err)
		case out.err != nil && (want == nil || !errors.Is(out.err, want)):
			return fmt.Errorf("%s: error %v, want the context's (%v)", tt.what, out.err, want)
		case out.elapsed > limit:
			return fmt.Errorf("%s (after %v): returned after %v", tt.what, tt.after, out.elapsed)
		}
	}
	return nil
}

// concurrent lets the node-budget bot choose on several goroutines at
// once, each in positions of its own.
func (c *checker[M, P]) concurrent() error {
	errs := make([]error, c.o.Goroutines)
	var wg sync.WaitGroup
	for g := range errs {
		wg.Go(func() {
			// Every goroutine starts from a different position, so that
			// different searches overlap.
			for k := range c.lines {
				i := (g + k) % len(c.lines)
				out, err := c.choose(context.Background(), c.bot, c.at(c.lines[i]), c.lines[i], 0)
				if err == nil {
					err = c.budgeted(out)
				}
				w := c.want[i]
				if err == nil && c.o.Deterministic && (!c.o.Equal(out.d.Move, w.Move) || out.d.Nodes != w.Nodes || out.d.Value != w.Value) {
					err = fmt.Errorf("chose %v (value %v) in %d nodes, alone %v (value %v) in %d",
						out.d.Move, out.d.Value, out.d.Nodes, w.Move, w.Value, w.Nodes)
				}
				if err != nil {
					errs[g] = fmt.Errorf("goroutine %d, position %d: %w", g+1, i+1, err)
					return
				}
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// session plays a game from the start, a session of the node-budget bot
// for every player and chance moves drawn at random.
func (c *checker[M, P]) session() error {
	pos := c.newPos()
	seats := make([]search.Session[M, P], pos.Players())
	for i := range seats {
		seats[i] = search.NewSession(c.bot, c.o.Seed+uint64(i))
		defer seats[i].Close()
	}
	rng := rand.New(rand.NewPCG(c.o.Seed, 0x5e55))
	var line []M
	for len(line) < 2*c.o.Plies {
		if _, over := pos.Result(); over {
			return nil
		}
		var m M
		if who := pos.ToMove(); who == game.Chance {
			var ok bool
			if m, ok = randomMove(pos, rng); !ok {
				return fmt.Errorf("ply %d: a chance node without outcomes", len(line))
			}
		} else {
			out, err := c.choose(context.Background(), seats[who], pos, line, 0)
			if err == nil {
				err = c.budgeted(out)
			}
			if err != nil {
				return fmt.Errorf("ply %d: %w", len(line), err)
			}
			m = out.d.Move
		}
		pos.Play(m)
		line = append(line, m)
	}
	return nil
}

// name writes a move with the position's notation when it has one, or
// as its value (also when the notation panics on a move that is not
// legal there).
func name[M any, P game.Position[M]](pos P, m M) (text string) {
	text = fmt.Sprintf("%v", m)
	if n, ok := any(pos).(interface{ Notation(M) string }); ok {
		defer func() { _ = recover() }()
		text = n.Notation(m)
	}
	return text
}
