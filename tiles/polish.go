package tiles

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/ludus-games/ludus/evolve"
)

// PolishOptions configures Polish.
type PolishOptions struct {
	Seed    uint64
	Workers int // default 1
	// Time, CPU (processor time read by CPUTime) and Rounds stop the
	// search, whichever comes first (at least one is required); it also
	// stops at a local optimum.
	Time    time.Duration
	CPU     time.Duration
	CPUTime func() time.Duration
	Rounds  int
	// ScreenBoards (default 3000) is the number of common boards every
	// neighbour is screened on; the Finalists (default 8) best are then
	// raced against the set on RaceBoards (default 40000) fresh common
	// boards, and the best of them replaces the set when it is better by
	// more than two standard errors. When no finalist wins, the boards
	// are doubled, up to MaxScreenBoards (default 24000); after a round
	// without a winner at that size the set is a local optimum.
	ScreenBoards, RaceBoards, MaxScreenBoards int
	Finalists                                 int
	// Constraints, when the set meets them, are kept: neighbours that
	// break a static one (bridges, dup, fully) are not tried, and a
	// finalist that breaks one on the race boards does not win.
	Constraints []Constraint
	// Progress, when set, is called after every round.
	Progress func(PolishRound) error
}

// PolishRound reports one round of Polish.
type PolishRound struct {
	Round      int
	Neighbours int
	Boards     int     // screening boards of the round
	Gain       float64 // the winner's gain on the race boards (0: no winner)
	StdErr     float64
	Elapsed    time.Duration
}

// PolishResult is the outcome of Polish.
type PolishResult struct {
	Set Set
	// Gain is the sum of the gains accepted, each measured on its race
	// boards.
	Gain     float64
	Rounds   int
	Accepted int
	// Optimum reports that the search stopped at a local optimum: no
	// neighbour beat the set at the largest number of boards.
	Optimum bool
	Elapsed time.Duration
}

// Neighbours returns the sets one move away from set: one side replaced
// by another layout (not the fully connected one), or the sides of two
// tiles re-paired (a top exchanged with the other tile's top or bottom).
// Sides are compared normalised, so no neighbour equals the set.
func Neighbours(set Set) []Set {
	set = set.Normalize()
	var out []Set
	layouts := Layouts()
	for i := range set {
		for k := range 2 {
			cur := set[i].Top
			if k == 1 {
				cur = set[i].Bottom
			}
			for _, l := range layouts {
				if l == cur || l.FullyConnected() {
					continue
				}
				n := slices.Clone(set)
				if k == 0 {
					n[i].Top = l
				} else {
					n[i].Bottom = l
				}
				out = append(out, n)
			}
		}
	}
	for i := range set {
		for j := i + 1; j < len(set); j++ {
			a, b := set[i], set[j]
			for _, pair := range [2][2]Tile{{{a.Top, b.Top}, {a.Bottom, b.Bottom}}, {{a.Top, b.Bottom}, {a.Bottom, b.Top}}} {
				if sameTile(pair[0], a) || sameTile(pair[0], b) {
					continue // the same tiles again
				}
				n := slices.Clone(set)
				n[i], n[j] = pair[0], pair[1]
				out = append(out, n)
			}
		}
	}
	return out
}

func sameTile(x, y Tile) bool {
	return (x.Top == y.Top && x.Bottom == y.Bottom) || (x.Top == y.Bottom && x.Bottom == y.Top)
}

// Polish improves a set by steepest-ascent local search over side designs:
// every round screens all neighbours (see Neighbours) on common boards,
// races the most promising against the set on fresh common boards, and
// moves to the winner once a second set of fresh boards confirms it. The comparisons are paired board by board
// (Scorer.Compare), which is what lets a search see differences of a
// hundredth of a point. Deterministic for a seed and any worker count,
// unless Time stops it.
func Polish(ctx context.Context, sc *Scorer, set Set, opt PolishOptions) (*PolishResult, error) {
	if opt.Time <= 0 && opt.Rounds <= 0 && opt.CPU <= 0 {
		return nil, errors.New("polish: set a number of rounds or a time limit")
	}
	if opt.CPU > 0 && opt.CPUTime == nil {
		return nil, errors.New("polish: a processor-time budget needs CPUTime")
	}
	if err := sc.check(set); err != nil {
		return nil, err
	}
	orDefault(&opt.Workers, 1)
	orDefault(&opt.ScreenBoards, 3000)
	orDefault(&opt.RaceBoards, 40000)
	orDefault(&opt.MaxScreenBoards, 24000)
	orDefault(&opt.Finalists, 8)
	start := time.Now()
	var cpu0 time.Duration
	if opt.CPU > 0 {
		cpu0 = opt.CPUTime()
	}
	res := &PolishResult{Set: set.Normalize()}
	spent := func() bool {
		return (opt.Time > 0 && time.Since(start) >= opt.Time) || (opt.CPU > 0 && opt.CPUTime()-cpu0 >= opt.CPU)
	}
	screen, race := opt.ScreenBoards, opt.RaceBoards
	feasible := Violation(opt.Constraints, staticTerms(res.Set)) == 0
	for round := 1; opt.Rounds <= 0 || round <= opt.Rounds; round++ {
		if spent() {
			break
		}
		if err := ctx.Err(); err != nil {
			res.Elapsed = time.Since(start)
			return res, err
		}
		cands := Neighbours(res.Set)
		if feasible {
			cands = slices.DeleteFunc(cands, func(n Set) bool {
				return Violation(staticOnly(opt.Constraints), staticTerms(n)) > 0
			})
		}
		rng := evolve.WorkerRand(opt.Seed, round)
		gains, err := sc.compareParallel(res.Set, cands, rng.Uint64(), screen, opt.Workers, spent)
		if errors.Is(err, errSpent) {
			break // the budget ran out within the round: keep the set
		}
		if err != nil {
			return nil, err
		}
		order := make([]int, len(cands))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(gains[b].Mean, gains[a].Mean) })
		var finalists []Set
		for _, i := range order[:min(opt.Finalists, len(order))] {
			if gains[i].Mean > 0 {
				finalists = append(finalists, cands[i])
			}
		}
		win, gain, err := sc.race(res.Set, finalists, rng.Uint64(), race, opt)
		if errors.Is(err, errSpent) {
			break
		}
		if err != nil {
			return nil, err
		}
		res.Rounds = round
		rep := PolishRound{Round: round, Neighbours: len(cands), Boards: screen, Elapsed: time.Since(start)}
		if win != nil {
			res.Set, res.Gain, res.Accepted = win, res.Gain+gain.Mean, res.Accepted+1
			rep.Gain, rep.StdErr = gain.Mean, gain.StdErr
		} else if screen >= opt.MaxScreenBoards {
			res.Optimum = true
		} else {
			screen, race = min(2*screen, opt.MaxScreenBoards), 2*race
		}
		if opt.Progress != nil {
			if err := opt.Progress(rep); err != nil {
				return nil, err
			}
		}
		if res.Optimum {
			break
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

func staticOnly(cs []Constraint) []Constraint {
	var out []Constraint
	for _, c := range cs {
		if c.Static() {
			out = append(out, c)
		}
	}
	return out
}

// errSpent stops a round of Polish whose budget ran out.
var errSpent = errors.New("polish: budget spent")

// compareParallel returns the gain of every candidate over base on the
// same boards (seeded by seed), the candidates split among workers. When
// spent reports true between chunks, it gives up with errSpent.
func (sc *Scorer) compareParallel(base Set, cands []Set, seed uint64, boards, workers int, spent func() bool) ([]Estimate, error) {
	out := make([]Estimate, len(cands))
	chunk := max(1, (len(cands)+workers*16-1)/(workers*16))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	next := 0
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				lo := next
				next += chunk
				if spent != nil && spent() {
					firstErr, lo = errSpent, len(cands)
				}
				mu.Unlock()
				if lo >= len(cands) {
					return
				}
				hi := min(lo+chunk, len(cands))
				est, err := sc.Compare(append([]Set{base}, cands[lo:hi]...), rand.New(rand.NewPCG(seed, 1)), boards)
				if err != nil {
					mu.Lock()
					firstErr = errors.Join(firstErr, err)
					mu.Unlock()
					return
				}
				copy(out[lo:hi], est[1:])
			}
		}()
	}
	wg.Wait()
	return out, firstErr
}

// race scores the finalists beside base on fresh common boards and returns
// the best one if it beats base by more than two standard errors (and
// keeps the constraints base keeps on those boards), and again by more
// than one on other fresh boards, with its gain on those.
func (sc *Scorer) race(base Set, finalists []Set, seed uint64, boards int, opt PolishOptions) (Set, Estimate, error) {
	if len(finalists) == 0 {
		return nil, Estimate{}, nil
	}
	gains, err := sc.compareParallel(base, finalists, seed, boards, opt.Workers, nil)
	if err != nil {
		return nil, Estimate{}, err
	}
	best := -1
	for i, g := range gains {
		if g.Mean > 2*g.StdErr && (best < 0 || g.Mean > gains[best].Mean) {
			if len(opt.Constraints) > 0 {
				t, err := sc.Measure(finalists[i], rand.New(rand.NewPCG(seed, 1)), boards)
				if err != nil {
					return nil, Estimate{}, err
				}
				if Violation(opt.Constraints, t) > 0 {
					continue
				}
			}
			best = i
		}
	}
	if best < 0 {
		return nil, Estimate{}, nil
	}
	// The best of several finalists on the same boards is a lucky one:
	// confirm its gain on other fresh boards, which also measures it
	// without that bias.
	confirm, err := sc.compareParallel(base, finalists[best:best+1], seed^0x636f6e66, boards, opt.Workers, nil)
	if err != nil {
		return nil, Estimate{}, err
	}
	if confirm[0].Mean <= confirm[0].StdErr {
		return nil, Estimate{}, nil
	}
	return finalists[best], confirm[0], nil
}

// orDefault sets *v to d unless it is positive.
func orDefault(v *int, d int) {
	if *v <= 0 {
		*v = d
	}
}
