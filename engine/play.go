package engine

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/ludus-games/ludus/engine/rules"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Agent chooses a move among the legal ones.
type Agent interface {
	Choose(s *State, moves []Move) (int, error)
}

// RandomAgent chooses uniformly at random.
type RandomAgent struct{ Rng *rand.Rand }

// Choose implements Agent.
func (a RandomAgent) Choose(s *State, moves []Move) (int, error) { return a.Rng.IntN(len(moves)), nil }

// ErrQuit is returned when a human player leaves the game.
var ErrQuit = errors.New("game left")

// HumanAgent asks a person at a terminal: a move is typed in the notation
// or picked by its number in the list.
type HumanAgent struct {
	In  *bufio.Reader
	Out io.Writer
}

// Choose implements Agent.
func (h HumanAgent) Choose(s *State, moves []Move) (int, error) {
	names := make([]string, len(moves))
	for i := range moves {
		names[i] = s.Notation(&moves[i])
	}
	list := func() {
		for i, n := range names {
			fmt.Fprintf(h.Out, "%3d. %s\n", i+1, n)
		}
	}
	list()
	for {
		fmt.Fprintf(h.Out, "%s> ", s.g.Rules.Players[s.ToMove()].Name)
		line, err := h.In.ReadString('\n')
		if err != nil && line == "" {
			return 0, ErrQuit
		}
		line = strings.TrimSpace(line)
		switch line {
		case "":
			continue
		case "quit", "q":
			return 0, ErrQuit
		case "?", "list", "moves":
			list()
			continue
		}
		if i, err := strconv.Atoi(line); err == nil {
			if i >= 1 && i <= len(moves) {
				return i - 1, nil
			}
			fmt.Fprintf(h.Out, "no move %d: pick 1 to %d\n", i, len(moves))
			continue
		}
		want := normalize(line)
		for i, n := range names {
			if normalize(n) == want {
				return i, nil
			}
		}
		fmt.Fprintf(h.Out, "%q is not a legal move (type ? for the list)\n", line)
	}
}

// PlayMatch plays a game between agents, one per player (random players
// such as dice always move at random with rng), printing the board and
// every move to out. It stops when a goal ends the game or after maxPlies
// moves, and returns the record.
func PlayMatch(s *State, agents []Agent, rng *rand.Rand, out io.Writer, v *rules.View, maxPlies int) (*Record, Result, error) {
	rec := &Record{}
	rec.SetTag("Game", s.g.Rules.Title)
	return playOn(s, rec, 0, agents, rng, out, v, maxPlies)
}

// ResumeMatch goes on with a saved game: s is the position after the main
// line of rec (see Record.Replay). It prints the moves so far, then plays
// on as PlayMatch does, for at most maxPlies more moves, appending them to
// rec's main line; its variations and tags stay.
func ResumeMatch(s *State, rec *Record, agents []Agent, rng *rand.Rand, out io.Writer, v *rules.View, maxPlies int) (*Record, Result, error) {
	line := rec.MainLine()
	for i, mv := range line {
		fmt.Fprintf(out, "%d. %s\n", i+1, mv)
	}
	if rec.Tag("Game") == "" {
		rec.SetTag("Game", s.g.Rules.Title)
	}
	return playOn(s, rec, len(line), agents, rng, out, v, maxPlies)
}

// playOn plays up to maxPlies moves from s, appending them to rec, whose
// main line already holds done moves.
func playOn(s *State, rec *Record, done int, agents []Agent, rng *rand.Rand, out io.Writer, v *rules.View, maxPlies int) (*Record, Result, error) {
	var ml MoveList
	for ply := 0; ; ply++ {
		fmt.Fprint(out, "\n"+s.TextBoard(v))
		r, err := s.Result()
		if err != nil {
			return rec, Result{}, err
		}
		if r.Over {
			fmt.Fprintln(out, describeResult(s.g, r))
			rec.SetTag("Result", describeResult(s.g, r))
			return rec, r, nil
		}
		if ply >= maxPlies {
			fmt.Fprintf(out, "stopped after %d moves\n", maxPlies)
			return rec, Result{}, nil
		}
		ms, err := s.Moves(&ml)
		if err != nil {
			return rec, r, err
		}
		var a Agent = RandomAgent{rng}
		if p := s.ToMove(); !s.g.randomPlayer[p] && p < len(agents) && agents[p] != nil {
			a = agents[p]
		}
		i, err := a.Choose(s, ms)
		if err != nil {
			return rec, r, err
		}
		m := ms[i].Clone()
		name := s.Notation(&m)
		fmt.Fprintf(out, "%d. %s: %s\n", done+ply+1, s.g.Rules.Players[s.ToMove()].Name, name)
		rec.Append(name)
		s.Play(&m)
	}
}

func describeResult(g *Game, r Result) string {
	var parts []string
	for p, sc := range r.Scores {
		if g.randomPlayer[p] {
			continue
		}
		word := map[float64]string{1: "wins", 0: "loses", 0.5: "draws"}[sc]
		parts = append(parts, g.Rules.Players[p].Name+" "+word)
	}
	return strings.Join(parts, ", ") + " (" + r.Reason + ")"
}
