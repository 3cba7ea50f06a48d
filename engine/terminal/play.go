package terminal

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/game"
)

// Game is a game played in the terminal.
type Game struct {
	// Pos is the position to play from; it is played on.
	Pos *engine.Position
	// Seats are the players, one per player of the rules (see Seats);
	// random players of the rules (dice) move with Dice.
	Seats []Player
	Dice  *Random
	// Out is where the board and the moves are printed; View draws the
	// board (nil: the rules' own layout).
	Out  io.Writer
	View *rules.View
	// MaxPlies stops the game after this many moves.
	MaxPlies int
}

// Play plays a new game and returns its record, with the rules' title as
// its Game tag. It stops when a goal ends the game or after g.MaxPlies
// moves (the result is then not over).
func Play(ctx context.Context, g Game) (*engine.Record, engine.Result, error) {
	rec := &engine.Record{}
	rec.SetTag("Game", g.Pos.State().Game().Rules.Title)
	return playOn(ctx, g, rec, 0)
}

// Resume goes on with a saved game: g.Pos is the position after the main
// line of rec (see Record.Replay). It prints the moves so far, then plays
// on as Play does, for at most g.MaxPlies more moves, appending them to
// rec's main line; its variations and tags stay.
func Resume(ctx context.Context, g Game, rec *engine.Record) (*engine.Record, engine.Result, error) {
	line := rec.MainLine()
	for i, mv := range line {
		fmt.Fprintf(g.Out, "%d. %s\n", i+1, mv)
	}
	if rec.Tag("Game") == "" {
		rec.SetTag("Game", g.Pos.State().Game().Rules.Title)
	}
	return playOn(ctx, g, rec, len(line))
}

// playOn plays up to g.MaxPlies moves, appending them to rec, whose main
// line already holds done moves.
func playOn(ctx context.Context, g Game, rec *engine.Record, done int) (*engine.Record, engine.Result, error) {
	pos, s := g.Pos, g.Pos.State()
	names := s.Game().Rules.Players
	for ply := 0; ; ply++ {
		fmt.Fprint(g.Out, "\n"+s.TextBoard(g.View))
		r, err := s.Result()
		if err != nil {
			return rec, engine.Result{}, err
		}
		if r.Over {
			text := describe(names, r)
			fmt.Fprintln(g.Out, text)
			rec.SetTag("Result", text)
			return rec, r, nil
		}
		if ply >= g.MaxPlies {
			fmt.Fprintf(g.Out, "stopped after %d moves\n", g.MaxPlies)
			return rec, engine.Result{}, nil
		}
		m, err := choose(ctx, g, pos)
		if err != nil {
			return rec, r, err
		}
		name := pos.Notation(m)
		fmt.Fprintf(g.Out, "%d. %s: %s\n", done+ply+1, names[s.ToMove()].Name, name)
		rec.Append(name)
		pos.Play(m)
	}
}

// choose asks the seat to move for its move, or throws the dice.
func choose(ctx context.Context, g Game, pos *engine.Position) (engine.Ply, error) {
	if pos.ToMove() == game.Chance {
		outs := pos.Outcomes(nil)
		if len(outs) == 0 {
			return engine.Ply{}, fmt.Errorf("no move for %s: %w", pos.PlayerName(game.Chance), pos.Err())
		}
		// The engine's random players make their moves equally likely.
		return outs[g.Dice.intN(len(outs))].Move, nil
	}
	var p Player = g.Dice
	if i := pos.State().ToMove(); i < len(g.Seats) && g.Seats[i] != nil {
		p = g.Seats[i]
	}
	d, err := p.Choose(ctx, pos)
	if err != nil {
		if perr := pos.Err(); perr != nil {
			return engine.Ply{}, perr
		}
		return engine.Ply{}, err
	}
	return d.Move, nil
}

// describe says how a game ended: each player who chooses moves with its
// score in words, and the rule that ended it.
func describe(players []rules.Player, r engine.Result) string {
	var parts []string
	for p, sc := range r.Scores {
		if players[p].Random {
			continue
		}
		word := map[float64]string{1: "wins", 0: "loses", 0.5: "draws"}[sc]
		parts = append(parts, players[p].Name+" "+word)
	}
	return strings.Join(parts, ", ") + " (" + r.Reason + ")"
}
