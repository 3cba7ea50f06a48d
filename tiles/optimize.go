package tiles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/evolve"
)

// Options configures Optimize. The zero value of every field but the stop
// conditions (Generations or Time) has a sensible default. As JSON it holds
// what decides a run's results (not its workers, files or functions).
type Options struct {
	// Seed makes the run reproducible (with the same Workers, unless Time
	// stops it).
	Seed uint64
	// Workers is the number of goroutines evaluating (default 1).
	Workers int `json:"-"`
	// Tiles is the number of tiles in a set (default: the size of Start,
	// else one per slot of the board); with more tiles than slots each
	// board draws as many as it has slots.
	Tiles int
	// Generations, Time and CPU stop the run, whichever comes first; at
	// least one is required. CPU is processor time as CPUTime reads it
	// (the process's user and system time): a budget that, unlike Time,
	// buys the same work on a quiet machine and on a busy one.
	Generations int
	Time        time.Duration
	CPU         time.Duration
	CPUTime     func() time.Duration `json:"-"`
	// PolishFraction, with Time or CPU, gives that fraction of the budget
	// to a local search of the GA's best set at the end (Polish), which
	// climbs on where the GA has stalled. The polish is not checkpointed.
	PolishFraction float64
	// PopSize (default 24), Elite (default 6) and Tournament (default 3)
	// shape the GA; CrossoverRate defaults to 0.7.
	PopSize, Elite, Tournament int
	CrossoverRate              float64
	// Boards is the number of random boards per evaluation (default 4000).
	// Every genome of a generation is scored on the same boards. With
	// MaxBoards above it, the number doubles, up to MaxBoards, whenever
	// GrowAfter validations (default 10) pass without a new best set: a
	// search that has stalled in the noise then sees finer differences.
	Boards, MaxBoards, GrowAfter int
	// ValidateBoards is the number of fresh boards the best genome of a
	// generation is re-scored on every StatsEvery generations (default
	// 10000), free of the selection bias of the GA's own estimates.
	ValidateBoards int
	// ConfirmBoards (default 20000) decides who is the best set so far: a
	// generation's best that validates about as well as the best so far is
	// scored beside it on the same ConfirmBoards fresh boards, and the
	// better of the two on those boards is kept, with that score. Picking
	// the highest of many validation scores instead would keep a lucky
	// set and report an inflated figure.
	ConfirmBoards int
	StatsEvery    int // default 10
	// Start, when set, seeds the population with this set; the rest is
	// random.
	Start Set
	// Penalty, when set, is subtracted from the objective of every set:
	// see Limits.
	Penalty func(Set) float64 `json:"-"`
	// Constraints are hard limits on scoring terms ("bridges<=11"). The
	// GA ranks sets by ConstraintHandling (a constrained tournament by
	// default: sets meeting every constraint first, the others by how
	// far they miss), and the best set so far is the best feasible one
	// once any set is feasible. Constraints on board terms (extra, path)
	// are judged on the boards each set is scored on.
	Constraints        []Constraint
	ConstraintHandling evolve.ConstraintHandling
	// Progress is called every StatsEvery generations.
	Progress func(Stats) error `json:"-"`
	// PostGA runs the post's own GA instead: one-point crossover at rate
	// 0.5, a single bit flip with probability 0.5, tournaments of 2, every
	// genome re-scored each generation on its own fresh boards, no common
	// random numbers or averaging. With PopSize 20, Elite 5 and Boards 500
	// it is the post's setup; validation and the choice of the best set
	// stay as they are.
	PostGA bool
	// Checkpoint, when set, is the file the run saves itself to and
	// resumes from: the GA's population and the best set so far, in one
	// file so that they are always of the same generation. (A
	// Checkpoint+".best" file that runs of earlier versions kept the best
	// set in is read when the checkpoint holds none.)
	Checkpoint string `json:"-"`
}

// Stats is the state of an optimisation after a generation.
type Stats struct {
	Generation  int
	Evaluations int
	Boards      int64 // random boards scored so far, validation included
	Elapsed     time.Duration
	// EvalBoards is the number of boards per evaluation.
	EvalBoards int
	// GABest and GAMean are the GA's own estimates (penalised objective)
	// of its best and average genome, on this generation's boards.
	GABest, GAMean float64
	// Validated is this generation's best set re-scored on fresh boards.
	Validated Score
	// Best is the best set so far and BestScore its latest score (from
	// the last comparison with a challenger); BestViolation is its
	// violation of the constraints on that score (0: feasible).
	Best          Set
	BestScore     Score
	BestViolation float64
}

// Result is the outcome of Optimize.
type Result struct {
	// Best is the best set so far (see ConfirmBoards), normalised, and
	// Violation its violation of the constraints (0: feasible).
	Best      Set
	Score     Score
	Violation float64
	// Polish is what the final local search did (nil without one).
	Polish *PolishResult
	// Generations and Boards measure the work done.
	Generations int
	Boards      int64
	Elapsed     time.Duration
	// History holds the statistics of every StatsEvery-th generation
	// (without Best and per-pair figures).
	History []Stats
}

// Limits returns a Penalty that makes sets with more than maxBridges
// bridged sides or a DupScore above maxDup lose one point of objective per
// unit of excess, far more than any gain elsewhere; a negative limit is no
// limit. It keeps the GA inside the limits while letting it climb back
// from outside.
func Limits(maxBridges, maxDup int) func(Set) float64 {
	return func(s Set) float64 {
		p := 0.0
		if maxBridges >= 0 {
			p += float64(max(0, s.Bridges()-maxBridges))
		}
		if maxDup >= 0 {
			p += float64(max(0, s.DupScore()-maxDup))
		}
		return p
	}
}

func (o *Options) defaults(sc *Scorer) error {
	if o.Generations <= 0 && o.Time <= 0 && o.CPU <= 0 {
		return errors.New("optimize: set a number of generations or a time limit")
	}
	if o.CPU > 0 && o.CPUTime == nil {
		return errors.New("optimize: a processor-time budget needs CPUTime")
	}
	if o.PolishFraction < 0 || o.PolishFraction >= 1 {
		return fmt.Errorf("optimize: polish fraction %g: want 0 to below 1", o.PolishFraction)
	}
	if o.PolishFraction > 0 && o.Time <= 0 && o.CPU <= 0 {
		return errors.New("optimize: a polish fraction needs a time or processor-time budget to divide")
	}
	orDefault(&o.Workers, 1)
	orDefault(&o.PopSize, 24)
	orDefault(&o.Elite, 6)
	orDefault(&o.Tournament, 3)
	orDefault(&o.Boards, 4000)
	orDefault(&o.MaxBoards, o.Boards)
	orDefault(&o.GrowAfter, 10)
	orDefault(&o.ValidateBoards, 10000)
	orDefault(&o.ConfirmBoards, 20000)
	orDefault(&o.StatsEvery, 10)
	if o.CrossoverRate <= 0 {
		o.CrossoverRate = 0.7
	}
	if o.Elite >= o.PopSize {
		return fmt.Errorf("optimize: elite %d must be below the population %d", o.Elite, o.PopSize)
	}
	if o.Start != nil {
		if err := sc.check(o.Start); err != nil {
			return fmt.Errorf("optimize: start set: %w", err)
		}
		if o.Tiles > 0 && o.Tiles != len(o.Start) {
			return fmt.Errorf("optimize: start set has %d tiles, want %d", len(o.Start), o.Tiles)
		}
		o.Tiles = len(o.Start)
	}
	orDefault(&o.Tiles, len(sc.board.Slots))
	if o.Tiles < len(sc.board.Slots) {
		return fmt.Errorf("optimize: %d tiles for %d slots: want at least one tile per slot", o.Tiles, len(sc.board.Slots))
	}
	return nil
}

// optimizer is the state of one Optimize call.
type optimizer struct {
	sc         *Scorer
	opt        Options
	boards     atomic.Int64
	best       bestSoFar
	evalBoards func() int // boards per evaluation now
	// ctx stops the scoring of validations: a run that is stopping does
	// not wait for one.
	ctx context.Context
}

// challenge scores a challenger and the best set so far on the same fresh
// boards and keeps the better, with its score on those boards.
func (o *optimizer) challenge(gen int, genome []bool, set Set) error {
	incumbent, err := Decode(o.best.Genome)
	if err != nil {
		return err
	}
	seed := evolve.WorkerRand(o.opt.Seed^0x2545f491, gen).Uint64()
	scores := make([]Score, 2)
	for i, s := range []Set{incumbent, set} {
		if scores[i], err = o.sc.ScoreContext(o.ctx, s, rand.New(rand.NewPCG(seed, 0)), o.opt.ConfirmBoards); err != nil {
			return err
		}
	}
	o.boards.Add(2 * int64(o.opt.ConfirmBoards))
	oldViol, oldValue := o.rank(incumbent, scores[0])
	viol, value := o.rank(set, scores[1])
	if viol < oldViol || (viol == oldViol && value > oldValue) {
		o.best.Genome, o.best.Score, o.best.Value, o.best.Violation = genome, scores[1], value, viol
	} else {
		o.best.Score, o.best.Value, o.best.Violation = scores[0], oldValue, oldViol
	}
	return nil
}

// rank returns what sets are compared by: the violation of the
// constraints (less is better; 0 is feasible), then the penalised
// objective.
func (o *optimizer) rank(set Set, s Score) (violation, value float64) {
	return Violation(o.opt.Constraints, s.Terms()), s.Objective.Mean - o.penalty(set)
}

// bestSoFar is the best set so far and the history of the run, saved
// beside the GA checkpoint.
type bestSoFar struct {
	Genome    []bool  `json:"genome"`
	Score     Score   `json:"score"`
	Value     float64 `json:"value"` // penalised objective
	Violation float64 `json:"violation,omitempty"`
	// EvalBoards is the current number of boards per evaluation, and
	// Stalled the validations since the best set last changed.
	EvalBoards int     `json:"eval_boards"`
	Stalled    int     `json:"stalled"`
	Boards     int64   `json:"boards"`
	History    []Stats `json:"history"`
}

func (o *optimizer) penalty(s Set) float64 {
	if o.opt.Penalty == nil {
		return 0
	}
	return o.opt.Penalty(s)
}

func (o *optimizer) evaluate(g []bool, r *rand.Rand) float64 {
	v, _ := o.evaluateConstrained(g, r)
	return v
}

// evaluateConstrained returns a genome's penalised objective and its
// violation of the constraints on this generation's boards.
func (o *optimizer) evaluateConstrained(g []bool, r *rand.Rand) (float64, float64) {
	set, err := Decode(g)
	if err != nil {
		return -1e9, 1e9 // unreachable: genomes keep their length
	}
	n := o.evalBoards()
	t, err := o.sc.Measure(set, r, n)
	if err != nil {
		return -1e9, 1e9
	}
	o.boards.Add(int64(n))
	return t.Objective - o.penalty(set), Violation(o.opt.Constraints, t)
}

// interruptedBoards bounds the validation of a run interrupted before its
// first: a few milliseconds of scoring.
const interruptedBoards = 1000

// Optimize runs the genetic algorithm of the seed, improved for speed of
// convergence, on sc's board: genomes in the seed's 480-bit encoding,
// tournament selection, uniform crossover of whole tiles, mutation by a
// single bit flip, a redrawn side or two sides swapped between tiles, and
// elitism. The objective is noisy, so every generation scores all genomes
// on the same fresh boards (common random numbers), survivors keep the
// running mean of their scores, and the best set is chosen apart from the
// GA's estimates: a generation's best that validates well on fresh boards
// challenges the best set so far on common fresh boards (ConfirmBoards).
func Optimize(ctx context.Context, sc *Scorer, opt Options) (*Result, error) {
	if err := opt.defaults(sc); err != nil {
		return nil, err
	}
	o := &optimizer{sc: sc, opt: opt, ctx: ctx}
	// Hooks change the number of boards between generations, never while
	// a generation is evaluated, so reading it needs no lock.
	o.evalBoards = func() int { return max(o.best.EvalBoards, opt.Boards) }
	bits := opt.Tiles * BitsPerTile
	ga := &evolve.GA[[]bool]{
		Goal:          evolve.Maximize,
		Evaluate:      o.evaluate,
		Init:          evolve.RandomBits(bits),
		PopSize:       opt.PopSize,
		Elite:         opt.Elite,
		Select:        evolve.Tournament(opt.Tournament),
		Crossover:     evolve.UniformBlocks[bool](BitsPerTile, 0.5),
		CrossoverRate: opt.CrossoverRate,
		Mutate: evolve.Chain(evolve.PointMutation(0.5), evolve.RandomBlock(BitsPerSide, 0.5),
			evolve.SwapBlocks[bool](BitsPerSide, 0.2)),
		Noise:       evolve.GANoise{Reevaluate: true, Average: true, Common: true},
		Constraints: opt.ConstraintHandling,
		Workers:     opt.Workers,
		Seed:        opt.Seed,
		Checkpoint:  opt.Checkpoint,
		// The best set is saved by the validation hook: keep the two in step.
		CheckpointEvery: opt.StatsEvery,
	}
	if opt.PostGA {
		ga.Select = evolve.Tournament(2)
		ga.Crossover, ga.CrossoverRate = evolve.OnePoint[bool](), 0.5
		ga.Mutate = evolve.PointMutation(0.5)
		ga.Noise = evolve.GANoise{Reevaluate: true}
	}
	if len(opt.Constraints) > 0 {
		ga.Evaluate, ga.EvaluateConstrained = nil, o.evaluateConstrained
	}
	if opt.Start != nil {
		ga.Initial = [][]bool{Encode(opt.Start)}
	}
	keep := 1 - opt.PolishFraction
	ga.Stop = gaStop(opt.Generations, time.Duration(keep*float64(opt.Time)))
	var cpu0 time.Duration
	if opt.CPU > 0 {
		cpu0 = opt.CPUTime()
		budget := time.Duration(keep * float64(opt.CPU))
		spent := evolve.GAStop(func(*evolve.GAStatus) bool { return opt.CPUTime()-cpu0 >= budget })
		if ga.Stop == nil {
			ga.Stop = spent
		} else {
			ga.Stop = ga.Stop.Or(spent)
		}
	}
	started := time.Now()
	ga.Hooks = []evolve.GAHook[[]bool]{{Every: opt.StatsEvery, Func: o.validate}}
	if opt.Checkpoint != "" {
		if _, err := evolve.LoadCheckpoint(opt.Checkpoint+".best", &o.best); err != nil {
			return nil, err
		}
		o.boards.Store(o.best.Boards)
		ga.SaveState = func() any {
			b := o.best
			b.Boards = o.boards.Load()
			return &b
		}
		ga.RestoreState = func(state json.RawMessage) error {
			o.best = bestSoFar{}
			if err := json.Unmarshal(state, &o.best); err != nil {
				return err
			}
			o.boards.Store(o.best.Boards)
			return nil
		}
	}
	res, err := ga.Run(ctx)
	if res == nil {
		return nil, err
	}
	switch {
	case o.best.Genome == nil && err != nil:
		// Interrupted before the first validation: the GA's best with a
		// quick score, so that the run stops at once; nothing is saved,
		// and a resumed run validates as the run never interrupted.
		set, derr := Decode(res.Population[0].Genome)
		if derr != nil {
			return nil, errors.Join(err, derr)
		}
		r := evolve.WorkerRand(o.opt.Seed^0x5bd1e995, res.Status.Generation)
		score, serr := sc.Score(set, r, min(o.opt.ValidateBoards, interruptedBoards))
		if serr != nil {
			return nil, errors.Join(err, serr)
		}
		o.best.Genome, o.best.Score = res.Population[0].Genome, score
	case o.best.Genome == nil: // stopped before the first validation
		if verr := o.validate(&res.Status, res.Population); verr != nil {
			return nil, errors.Join(err, verr)
		}
	}
	best, _ := Decode(o.best.Genome)
	out := &Result{
		Best: best.Normalize(), Score: o.best.Score, Violation: o.best.Violation, Generations: res.Status.Generation,
		Boards: o.boards.Load(), Elapsed: res.Status.Elapsed, History: o.best.History,
	}
	if err == nil && opt.PolishFraction > 0 && (opt.Time > 0 || opt.CPU > 0) {
		err = o.polish(ctx, out, time.Since(started), cpu0)
	}
	return out, err
}

// polish spends the rest of the budget on a local search of the best set
// and keeps its result, scored on fresh boards.
func (o *optimizer) polish(ctx context.Context, out *Result, elapsed, cpu0 time.Duration) error {
	opt := o.opt
	popt := PolishOptions{Seed: opt.Seed ^ 0x706f6c, Workers: opt.Workers, Constraints: opt.Constraints}
	if opt.Time > 0 {
		popt.Time = max(opt.Time-elapsed, time.Millisecond)
	}
	if opt.CPU > 0 {
		popt.CPU, popt.CPUTime = max(opt.CPU-(opt.CPUTime()-cpu0), time.Millisecond), opt.CPUTime
	}
	pr, err := Polish(ctx, o.sc, out.Best, popt)
	if pr == nil {
		return err
	}
	out.Polish, out.Elapsed = pr, out.Elapsed+pr.Elapsed
	if pr.Accepted > 0 {
		s, serr := o.sc.Score(pr.Set, evolve.WorkerRand(opt.Seed^0x2545f491, -1), opt.ConfirmBoards)
		if serr != nil {
			return serr
		}
		out.Best, out.Score = pr.Set, s
		out.Violation, _ = o.rank(pr.Set, s)
	}
	return err
}

// grow counts the validations without a new best set and doubles the
// boards per evaluation after GrowAfter of them, up to MaxBoards.
func (o *optimizer) grow(before []bool) {
	if before != nil && slices.Equal(before, o.best.Genome) {
		o.best.Stalled++
	} else {
		o.best.Stalled = 0
	}
	if o.best.Stalled >= o.opt.GrowAfter && o.evalBoards() < o.opt.MaxBoards {
		o.best.EvalBoards, o.best.Stalled = min(2*o.evalBoards(), o.opt.MaxBoards), 0
	}
}

// validate re-scores the generation's best genome on fresh boards, lets
// it challenge the best set so far, and reports progress.
func (o *optimizer) validate(st *evolve.GAStatus, pop []evolve.Individual[[]bool]) error {
	set, err := Decode(pop[0].Genome)
	if err != nil {
		return err
	}
	score, err := o.sc.ScoreContext(o.ctx, set, evolve.WorkerRand(o.opt.Seed^0x5bd1e995, st.Generation), o.opt.ValidateBoards)
	if err := o.ctx.Err(); err != nil {
		// Stopping: the run keeps the best set of its last validation,
		// and the GA its checkpoint of then.
		return err
	}
	if err != nil {
		return err
	}
	o.boards.Add(int64(o.opt.ValidateBoards))
	viol, value := o.rank(set, score)
	genomeBefore := o.best.Genome
	switch {
	case o.best.Genome == nil:
		o.best.Genome, o.best.Score, o.best.Value, o.best.Violation = pop[0].Genome, score, value, viol
	case slices.Equal(pop[0].Genome, o.best.Genome):
		// the best so far leads the GA still: nothing to decide
	case viol < o.best.Violation || (viol == o.best.Violation && value > o.best.Value-2*score.Objective.StdErr):
		if err := o.challenge(st.Generation, pop[0].Genome, set); err != nil {
			return err // when stopping, the best set so far stays
		}
	}
	o.grow(genomeBefore)
	o.best.Boards = o.boards.Load()
	stats := Stats{
		Generation: st.Generation, Evaluations: st.Evaluations, Boards: o.boards.Load(), EvalBoards: o.evalBoards(),
		Elapsed: st.Elapsed, GABest: st.Best, GAMean: st.Mean,
		Validated: score, BestScore: o.best.Score, BestViolation: o.best.Violation,
	}
	stats.Validated.Pairs, stats.BestScore.Pairs = nil, nil
	h := o.best.History
	for len(h) > 0 && h[len(h)-1].Generation >= st.Generation {
		h = h[:len(h)-1] // replayed after a resume from an older checkpoint
	}
	// The GA saves the best set with its checkpoint right after this hook.
	o.best.History = append(h, stats)
	if o.opt.Progress == nil {
		return nil
	}
	best, _ := Decode(o.best.Genome)
	stats.Best = best.Normalize()
	return o.opt.Progress(stats)
}
