// Package terminal plays the games of the engine in a terminal: the board
// drawn as text after every move, people typing their moves, and any bot
// of the search package seated beside them. Players are search.Bots, the
// one player interface of ludus: a person at the keyboard is a bot that
// asks.
package terminal

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/search"
)

// Player chooses the moves of one seat.
type Player = search.Bot[engine.Ply, *engine.Position]

// ErrQuit is returned when a person leaves the game.
var ErrQuit = errors.New("game left")

// Human asks a person at a terminal: a move is typed in the universal
// notation or picked by its number in the list.
type Human struct {
	In  *bufio.Reader
	Out io.Writer
}

// Choose implements search.Bot: it lists the legal moves and reads
// lines until one names a move ("?" lists them again, "quit" leaves).
func (h Human) Choose(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	moves := pos.Moves(nil)
	if len(moves) == 0 {
		return search.Decision[engine.Ply]{}, search.ErrNoMove
	}
	list := func() {
		for i, m := range moves {
			fmt.Fprintf(h.Out, "%3d. %s\n", i+1, pos.Notation(m))
		}
	}
	list()
	for {
		if err := ctx.Err(); err != nil {
			return search.Decision[engine.Ply]{}, err
		}
		fmt.Fprintf(h.Out, "%s> ", pos.PlayerName(pos.ToMove()))
		line, err := h.In.ReadString('\n')
		if err != nil && line == "" {
			return search.Decision[engine.Ply]{}, ErrQuit
		}
		line = strings.TrimSpace(line)
		switch line {
		case "":
			continue
		case "quit", "q":
			return search.Decision[engine.Ply]{}, ErrQuit
		case "?", "list", "moves":
			list()
			continue
		}
		if i, err := strconv.Atoi(line); err == nil {
			if i >= 1 && i <= len(moves) {
				return search.Decision[engine.Ply]{Move: moves[i-1]}, nil
			}
			fmt.Fprintf(h.Out, "no move %d: pick 1 to %d\n", i, len(moves))
			continue
		}
		m, err := pos.ReadMove(line)
		if err == nil {
			return search.Decision[engine.Ply]{Move: m}, nil
		}
		fmt.Fprintf(h.Out, "%v (type ? for the list)\n", err)
	}
}

// Random chooses uniformly at random from one generator shared by the
// seats it plays and by the dice, so that a game is the same for the same
// seed.
type Random struct {
	mu  sync.Mutex
	rng *rand.Rand
}

// NewRandom returns a random mover drawing from rng.
func NewRandom(rng *rand.Rand) *Random { return &Random{rng: rng} }

// Choose implements search.Bot.
func (r *Random) Choose(ctx context.Context, pos *engine.Position) (search.Decision[engine.Ply], error) {
	moves := pos.Moves(nil)
	if len(moves) == 0 {
		return search.Decision[engine.Ply]{}, search.ErrNoMove
	}
	return search.Decision[engine.Ply]{Move: moves[r.intN(len(moves))]}, nil
}

func (r *Random) intN(n int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.IntN(n)
}

// Seats turns a list of player kinds, one per player of the rules in turn
// order, into players: "human", "random" or any bot spec of bots
// ("alphabeta:depth=4"). The list is split on ";" when it has one (bot
// specs have commas of their own), else on ",". Random players of the
// rules (dice), and players who never move (outside the turn order),
// are seated as random movers and may be left out of the list. An empty
// list seats a person as the first player who chooses moves and random
// movers everywhere else.
func Seats(list string, r *rules.Rules, bots *search.Registry[engine.Ply, *engine.Position], human Human, random *Random) ([]Player, error) {
	n := len(r.Players)
	kinds := make([]string, n)
	var choosers []int // the players who choose moves
	for i := range r.Players {
		kinds[i] = "random"
		if r.Chooses(i) {
			choosers = append(choosers, i)
		}
	}
	if len(choosers) > 0 {
		kinds[choosers[0]] = "human"
	}
	if list != "" {
		sep := ","
		if strings.Contains(list, ";") {
			sep = ";"
		}
		given := strings.Split(list, sep)
		switch len(given) {
		case n:
			copy(kinds, given)
		case len(choosers):
			for k, i := range choosers {
				kinds[i] = given[k]
			}
		default:
			return nil, fmt.Errorf("--players lists %d players, the game has %d (%d who choose their moves)", len(given), n, len(choosers))
		}
	}
	seats := make([]Player, n)
	for i, k := range kinds {
		switch k = strings.TrimSpace(k); k {
		case "human":
			seats[i] = human
		case "random":
			seats[i] = random
		default:
			if bots == nil {
				return nil, fmt.Errorf("--players: unknown kind %q (human or random)", k)
			}
			b, err := bots.Bot(k)
			if err != nil {
				return nil, fmt.Errorf("--players: %w", err)
			}
			seats[i] = b
		}
	}
	return seats, nil
}
