package gametest_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/game/gametest"
)

// race is a two-player race to goal: the player to move steps one ahead
// or rolls a coin that moves the shared counter one or two; who brings it
// to goal wins. Its bugs, when set, each break one promise of the
// contract, for the suite to find.
type race struct {
	*raceState // behind a pointer, so that a careless copy shares it
	bug        string
	id         int                    // the race's number, which the bug "key-per-race" keys by
	fault      *atomic.Pointer[error] // shared with the copies, which may fail on other goroutines
}

type raceState struct {
	total   int
	mover   int
	rolling bool
	hist    []raceFrame
}

type raceFrame struct {
	total, mover int
	rolling      bool
}

const (
	goal    = 10
	step    = 1
	roll    = 2
	oneUp   = 11 // the coin's outcomes
	twoUp   = 12
	trapped = 7 // where the rules of the bug "fault" fail
)

// made counts the races made.
var made int

func newRace(bug string) *race {
	made++
	return &race{raceState: &raceState{}, bug: bug, id: made, fault: new(atomic.Pointer[error])}
}

func (r *race) Players() int { return 2 }

func (r *race) ToMove() game.Player {
	switch {
	case r.rolling:
		return game.Chance
	case r.bug == "to-move" && r.total == 3:
		return 2
	}
	return game.Player(r.mover)
}

func (r *race) over() bool {
	return r.total >= goal || r.bug == "fault" && r.total == trapped
}

func (r *race) Moves(buf []int) []int {
	if r.bug == "overwrite" {
		buf = buf[:0]
	}
	switch {
	case r.bug == "stuck" && r.total == 5 && !r.rolling:
		return buf
	case r.over() && r.bug != "moves-after-end":
		return buf
	case r.rolling && r.bug != "moves-at-chance":
		return buf
	}
	return append(buf, step, roll)
}

func (r *race) Outcomes(buf []game.Outcome[int]) []game.Outcome[int] {
	if !r.rolling {
		return buf
	}
	p := 0.5
	if r.bug == "probs" {
		p = 0.45
	}
	return append(buf, game.Outcome[int]{Move: oneUp, Prob: p}, game.Outcome[int]{Move: twoUp, Prob: p})
}

func (r *race) Play(m int) {
	r.hist = append(r.hist, raceFrame{r.total, r.mover, r.rolling})
	switch m {
	case step:
		r.total++
		r.mover = 1 - r.mover
	case roll:
		r.rolling = true
	default:
		r.total += m - oneUp + 1
		r.rolling = false
		r.mover = 1 - r.mover
	}
	if strings.HasPrefix(r.bug, "fault") && r.total == trapped {
		err := errors.New("the trap")
		r.fault.CompareAndSwap(nil, &err)
	}
}

func (r *race) Undo() {
	if len(r.hist) == 0 {
		return
	}
	f := r.hist[len(r.hist)-1]
	r.hist = r.hist[:len(r.hist)-1]
	r.total, r.rolling = f.total, f.rolling
	if r.bug != "undo" || f.rolling {
		r.mover = f.mover
	}
}

func (r *race) Result() (game.Result, bool) {
	if !r.over() {
		return nil, false
	}
	winner := game.Player(1 - r.mover) // who moved last
	if r.bug == "result-size" {
		return game.Result{1}, true
	}
	return game.Win(winner, 2), true
}

func (r *race) Key() uint64 {
	k := uint64(r.total)<<2 | uint64(r.mover)<<1
	if r.rolling {
		k |= 1
	}
	if r.bug == "key-per-race" {
		k ^= uint64(r.id) << 32
	}
	return k
}

func (r *race) Copy() *race {
	c := &race{raceState: r.raceState, bug: r.bug, id: r.id, fault: r.fault}
	if r.bug == "copy-shares" {
		return c
	}
	s := *r.raceState
	c.raceState = &s
	c.hist = append([]raceFrame(nil), r.hist...)
	switch r.bug {
	case "copy-forgets":
		c.hist = nil
	case "fault-unshared":
		c.fault = new(atomic.Pointer[error])
	}
	return c
}

// err returns the first error of the race's rules, or nil.
func (r *race) err() error {
	if e := r.fault.Load(); e != nil {
		return *e
	}
	return nil
}

// faulty is a race whose rules fail at the trap, as game.Faulter.
type faulty struct{ *race }

func (f faulty) Err() error { return f.race.err() }

func (f faulty) Copy() faulty { return faulty{f.race.Copy()} }

// TestCheckFindsBugs checks that the suite passes the race and finds
// each of its bugs.
func TestCheckFindsBugs(t *testing.T) {
	for _, tt := range []struct {
		bug  string
		opts gametest.Options[int]
		want string // in the error; "" for none
	}{
		{"", gametest.Options[int]{}, ""},
		{"undo", gametest.Options[int]{}, "Undo"},
		{"probs", gametest.Options[int]{}, "add up to 0.9"},
		{"moves-at-chance", gametest.Options[int]{}, "moves at a chance node"},
		{"moves-after-end", gametest.Options[int]{}, "the game is over"},
		{"overwrite", gametest.Options[int]{}, "Moves on a buffer"},
		{"to-move", gametest.Options[int]{}, "ToMove() = 2"},
		{"stuck", gametest.Options[int]{}, "has no move"},
		{"result-size", gametest.Options[int]{}, "for 2 players"},
		{"key-per-race", gametest.Options[int]{}, "replayed on a new position"},
		{"copy-shares", gametest.Options[int]{}, "on the copy changed the original"},
		{"copy-forgets", gametest.Options[int]{}, "Undo on the copy"},
		{"copy-forgets", gametest.Options[int]{CopyForgets: true}, ""},
	} {
		name := tt.bug
		if tt.opts.CopyForgets {
			name += "/allowed"
		}
		t.Run(name, func(t *testing.T) {
			err := gametest.Check(func() *race { return newRace(tt.bug) }, tt.opts)
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && err == nil:
				t.Fatalf("no error, want one saying %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("error %q does not say %q", err, tt.want)
			}
		})
	}
}

// TestCheckFaults checks the promises of a game.Faulter: an error fails
// the check unless the rules may fail, and a position that failed must
// report the game over.
func TestCheckFaults(t *testing.T) {
	newFaulty := func() faulty { return faulty{newRace("fault")} }
	if err := gametest.Check(newFaulty, gametest.Options[int]{}); err == nil || !strings.Contains(err.Error(), "the trap") {
		t.Errorf("rules that fail, not allowed: %v", err)
	}
	if err := gametest.Check(newFaulty, gametest.Options[int]{Faults: true, Games: 8}); err != nil {
		t.Errorf("rules that fail, allowed: %v", err)
	}
	// Without copies, which would meet the trap first on their own.
	goesOn := func() uncopied { return uncopied{newRace("fault-goes-on")} }
	if err := gametest.Check(goesOn, gametest.Options[int]{Faults: true, Games: 8}); err == nil || !strings.Contains(err.Error(), "game goes on") {
		t.Errorf("a failed position that goes on: %v", err)
	}
	unshared := func() faulty { return faulty{newRace("fault-unshared")} }
	if err := gametest.Check(unshared, gametest.Options[int]{Faults: true, Games: 8}); err == nil || !strings.Contains(err.Error(), "original's Err is nil") {
		t.Errorf("copies that keep their errors: %v", err)
	}
}

// uncopied is a faulty race that cannot be copied.
type uncopied struct{ *race }

func (u uncopied) Err() error { return u.race.err() }

// cutShort is a race that plays random games itself, but leaves a
// finished game where it ended.
type cutShort struct{ *race }

func (c cutShort) RandomGame(rng *rand.Rand, limit int) (game.Result, int) {
	for n := 0; n < limit; n++ {
		if r, over := c.Result(); over {
			return r, n
		}
		if c.rolling {
			c.Play(oneUp + rng.IntN(2))
		} else {
			c.Play(step + rng.IntN(2))
		}
	}
	return nil, limit
}

func TestCheckRandomGame(t *testing.T) {
	err := gametest.Check(func() cutShort { return cutShort{newRace("")} }, gametest.Options[int]{})
	if err == nil || !strings.Contains(err.Error(), "did not take them back") {
		t.Errorf("a random game not taken back: %v", err)
	}
}
