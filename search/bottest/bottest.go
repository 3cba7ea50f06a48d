// Package bottest checks that a search.Bot keeps the promises the arena
// and the server rely on, in the manner of gonum's graph/testgraph: one
// suite that every kind of bot runs from its tests, on any game.
//
// Run samples positions from seeded random games and checks that:
//
//   - a choice is a legal move and leaves the position as it was: its
//     key, player to move, result and moves, and the moves before it,
//     which Undo still takes back;
//   - a finished game or a chance node has no move to choose: the bot
//     returns search.ErrNoMove;
//   - a node budget (MCTS: iterations) is kept, within Options.NodeSlack;
//   - a time budget is kept, within Options.TimeSlack;
//   - a context cancelled before or during the search, or reaching its
//     deadline, returns within Options.TimeSlack, with the context's
//     error or a legal move;
//   - the bot is safe for concurrent use: several goroutines choosing at
//     once, each on a position of its own, get legal moves (go test -race
//     checks that they share nothing they write), and with
//     Options.Deterministic the same decisions as one alone;
//   - a session (search.NewSession) plays a game through, each of its
//     choices legal and leaving the position as it was.
//
// The bot under test is made by a Maker for each budget; FromSpec makes
// the bots of a search.Registry:
//
//	reg := search.NewRegistry(search.Hooks[int, *testgames.ConnectFour]{})
//	bottest.Run(t, "mcts", testgames.NewConnectFour, bottest.FromSpec(reg, "mcts:threads=2"),
//		bottest.Options[int]{})
//
// Check runs the same checks without package testing and returns the
// first breach.
package bottest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// Maker builds the bot under test with a budget: of nodes (or
// iterations), or of time. Only Nodes or Time is set. A bot without a
// budget, such as the random player, ignores it.
type Maker[M any, P game.Position[M]] func(b search.Budget) (search.Bot[M, P], error)

// Options bound the checks. The zero value is a quick run with small
// budgets.
type Options[M any] struct {
	// Seed chooses the random games the positions are taken from.
	Seed uint64
	// Positions is the number of positions the bot chooses in (0: 3).
	Positions int
	// Plies bounds the random plies played to reach a position, and the
	// game played by sessions (0: 20).
	Plies int
	// Nodes is the node budget of most checks (0: 200).
	Nodes int64
	// NodeSlack is how many nodes beyond its budget a decision may
	// report (0: Nodes/8 + 2): a search may finish the node it is in.
	NodeSlack int64
	// Time is the time budget checked, and how long a search runs
	// before its context is cancelled (0: 10ms).
	Time time.Duration
	// TimeSlack is how long after its time budget or its cancellation a
	// decision may return (0: 500ms, room for slow machines and the
	// race detector: the searches look at the clock every so many
	// nodes).
	TimeSlack time.Duration
	// Goroutines is the number of goroutines that choose at once (0: 3).
	Goroutines int
	// Deterministic is set for bots whose decision under a node budget
	// depends on the position alone: every goroutine must then get the
	// same move, value and count of nodes as one alone.
	Deterministic bool
	// Equal reports whether two moves are the same; nil compares them
	// with reflect.DeepEqual.
	Equal func(a, b M) bool
}

// defaults fills the zero fields of o.
func (o Options[M]) defaults() Options[M] {
	if o.Positions <= 0 {
		o.Positions = 3
	}
	if o.Plies <= 0 {
		o.Plies = 20
	}
	if o.Nodes <= 0 {
		o.Nodes = 200
	}
	if o.NodeSlack <= 0 {
		o.NodeSlack = o.Nodes/8 + 2
	}
	if o.Time <= 0 {
		o.Time = 10 * time.Millisecond
	}
	if o.TimeSlack <= 0 {
		o.TimeSlack = 500 * time.Millisecond
	}
	if o.Goroutines <= 0 {
		o.Goroutines = 3
	}
	if o.Equal == nil {
		o.Equal = func(a, b M) bool { return reflect.DeepEqual(a, b) }
	}
	return o
}

// endless is the budget of searches that only their context stops; a
// search that ignores its context gives up after it, which fails the
// check long before.
const endless = time.Minute

// Run checks the bots make builds on positions of the game newPos
// starts, as a subtest called name, and fails it at the first breach.
func Run[M any, P game.Position[M]](t *testing.T, name string, newPos func() P, make Maker[M, P], o Options[M]) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Helper()
		if err := Check(newPos, make, o); err != nil {
			t.Fatal(err)
		}
	})
}

// Check runs the checks of Run and returns the first breach, or nil.
func Check[M any, P game.Position[M]](newPos func() P, make Maker[M, P], o Options[M]) error {
	c := &checker[M, P]{o: o.defaults(), newPos: newPos, make: make}
	if err := c.sample(); err != nil {
		return err
	}
	for _, step := range []struct {
		name string
		f    func() error
	}{
		{"node budget", c.choices},
		{"no move", c.noMove},
		{"time budget", c.timed},
		{"cancelled", c.cancelled},
		{"concurrent", c.concurrent},
		{"session", c.session},
	} {
		if err := step.f(); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
	}
	return nil
}

// checker holds the positions sampled and the bot of the node budget.
type checker[M any, P game.Position[M]] struct {
	o      Options[M]
	newPos func() P
	make   Maker[M, P]
	bot    search.Bot[M, P]
	// lines are the moves that lead to the positions sampled, where a
	// player is to move; over and chance lead to a finished game and to
	// a chance node, when the random games met one.
	lines        [][]M
	over, chance []M
	// want are the decisions of the node-budget bot alone, by line.
	want []search.Decision[M]
}

// sample plays the random games and keeps the lines to the positions the
// bot will choose in, and to a finished game and a chance node.
func (c *checker[M, P]) sample() error {
	bot, err := c.make(search.Budget{Nodes: c.o.Nodes})
	if err != nil {
		return fmt.Errorf("making the bot: %w", err)
	}
	c.bot = bot
	rng := rand.New(rand.NewPCG(c.o.Seed, 0xb07))
	for tries := 0; len(c.lines) < c.o.Positions && tries < 20*c.o.Positions; tries++ {
		pos := c.newPos()
		var line []M
		n := rng.IntN(c.o.Plies + 1)
		for {
			if _, over := pos.Result(); over {
				if c.over == nil {
					c.over = append([]M{}, line...)
				}
				break
			}
			chance := pos.ToMove() == game.Chance
			if chance && c.chance == nil {
				c.chance = append([]M{}, line...)
			}
			if len(line) >= n && !chance {
				c.lines = append(c.lines, line)
				break
			}
			m, ok := randomMove(pos, rng)
			if !ok {
				return fmt.Errorf("after %d plies: no move in a game that is not over", len(line))
			}
			pos.Play(m)
			line = append(line, m)
		}
	}
	if len(c.lines) == 0 {
		return fmt.Errorf("no position with a player to move in %d random games", 20*c.o.Positions)
	}
	if c.over == nil { // play one game to its end, if it ends soon enough
		pos := c.newPos()
		var line []M
		for range 100 * c.o.Plies {
			if _, over := pos.Result(); over {
				c.over = line
				break
			}
			m, ok := randomMove(pos, rng)
			if !ok {
				break
			}
			pos.Play(m)
			line = append(line, m)
		}
	}
	return nil
}

// at returns a new position after line.
func (c *checker[M, P]) at(line []M) P {
	pos := c.newPos()
	for _, m := range line {
		pos.Play(m)
	}
	return pos
}

// randomMove draws a move of pos: uniformly among a player's moves, by
// probability among the chance outcomes.
func randomMove[M any, P game.Position[M]](pos P, rng *rand.Rand) (M, bool) {
	var zero M
	if pos.ToMove() != game.Chance {
		moves := pos.Moves(nil)
		if len(moves) == 0 {
			return zero, false
		}
		return moves[rng.IntN(len(moves))], true
	}
	outs := pos.Outcomes(nil)
	if len(outs) == 0 {
		return zero, false
	}
	x := rng.Float64()
	for _, o := range outs[:len(outs)-1] {
		if x -= o.Prob; x < 0 {
			return o.Move, true
		}
	}
	return outs[len(outs)-1].Move, true
}
