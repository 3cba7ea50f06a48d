package tiles

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/evolve"
)

// Options configures Optimize. The zero value of every field but the stop
// conditions (Generations or Time) has a sensible default.
type Options struct {
	// Seed makes the run reproducible (with the same Workers, unless Time
	// stops it).
	Seed uint64
	// Workers is the number of goroutines evaluating (default 1).
	Workers int
	// Generations and Time stop the run, whichever comes first; at least
	// one is required.
	Generations int
	Time        time.Duration
	// PopSize (default 24), Elite (default 6) and Tournament (default 3)
	// shape the GA; CrossoverRate defaults to 0.7.
	PopSize, Elite, Tournament int
	CrossoverRate              float64
	// Boards is the number of random boards per evaluation (default 4000).
	// Every genome of a generation is scored on the same boards.
	Boards int
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
	Penalty func(Set) float64
	// Progress is called every StatsEvery generations.
	Progress func(Stats) error
	// PostGA runs the post's own GA instead: one-point crossover at rate
	// 0.5, a single bit flip with probability 0.5, tournaments of 2, every
	// genome re-scored each generation on its own fresh boards, no common
	// random numbers or averaging. With PopSize 20, Elite 5 and Boards 500
	// it is the post's setup; validation and the choice of the best set
	// stay as they are.
	PostGA bool
	// Checkpoint, when set, is the file the run saves itself to and
	// resumes from (with Checkpoint+".best" for the best set so far).
	Checkpoint string
}

// Stats is the state of an optimisation after a generation.
type Stats struct {
	Generation  int
	Evaluations int
	Boards      int64 // random boards scored so far, validation included
	Elapsed     time.Duration
	// GABest and GAMean are the GA's own estimates (penalised objective)
	// of its best and average genome, on this generation's boards.
	GABest, GAMean float64
	// Validated is this generation's best set re-scored on fresh boards.
	Validated Score
	// Best is the best set so far and BestScore its latest score (from
	// the last comparison with a challenger).
	Best      Set
	BestScore Score
}

// Result is the outcome of Optimize.
type Result struct {
	// Best is the best set so far (see ConfirmBoards), normalised.
	Best  Set
	Score Score
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
	if o.Generations <= 0 && o.Time <= 0 {
		return errors.New("optimize: set a number of generations or a time limit")
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.Workers, 1)
	def(&o.PopSize, 24)
	def(&o.Elite, 6)
	def(&o.Tournament, 3)
	def(&o.Boards, 4000)
	def(&o.ValidateBoards, 10000)
	def(&o.ConfirmBoards, 20000)
	def(&o.StatsEvery, 10)
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
	}
	return nil
}

// optimizer is the state of one Optimize call.
type optimizer struct {
	sc     *Scorer
	opt    Options
	boards atomic.Int64
	best   bestSoFar
	// ctx stops the scoring of validations: a run that is stopping does
	// not wait for one. aborted says one was stopped, which the GA did not
	// save a checkpoint after.
	ctx     context.Context
	aborted bool
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
	old, challenger := scores[0].Objective.Mean-o.penalty(incumbent), scores[1].Objective.Mean-o.penalty(set)
	if challenger > old {
		o.best.Genome, o.best.Score, o.best.Value = genome, scores[1], challenger
	} else {
		o.best.Score, o.best.Value = scores[0], old
	}
	return nil
}

// bestSoFar is the best set so far and the history of the run, saved
// beside the GA checkpoint.
type bestSoFar struct {
	Genome  []bool  `json:"genome"`
	Score   Score   `json:"score"`
	Value   float64 `json:"value"` // penalised objective
	Boards  int64   `json:"boards"`
	History []Stats `json:"history"`
}

func (o *optimizer) penalty(s Set) float64 {
	if o.opt.Penalty == nil {
		return 0
	}
	return o.opt.Penalty(s)
}

func (o *optimizer) evaluate(g []bool, r *rand.Rand) float64 {
	set, err := Decode(g)
	if err != nil {
		return -1e9 // unreachable: genomes keep their length
	}
	v, err := o.sc.Objective(set, r, o.opt.Boards)
	if err != nil {
		return -1e9
	}
	o.boards.Add(int64(o.opt.Boards))
	return v - o.penalty(set)
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
	bits := len(sc.board.Slots) * BitsPerTile
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
		Noise:      evolve.GANoise{Reevaluate: true, Average: true, Common: true},
		Workers:    opt.Workers,
		Seed:       opt.Seed,
		Checkpoint: opt.Checkpoint,
		// The best set is saved by the validation hook: keep the two in step.
		CheckpointEvery: opt.StatsEvery,
	}
	if opt.PostGA {
		ga.Select = evolve.Tournament(2)
		ga.Crossover, ga.CrossoverRate = evolve.OnePoint[bool](), 0.5
		ga.Mutate = evolve.PointMutation(0.5)
		ga.Noise = evolve.GANoise{Reevaluate: true}
	}
	if opt.Start != nil {
		ga.Initial = [][]bool{Encode(opt.Start)}
	}
	var stop evolve.GAStop
	if opt.Generations > 0 {
		stop = evolve.GAGenerations(opt.Generations)
	}
	if opt.Time > 0 {
		t := evolve.GATimeLimit(opt.Time)
		if stop != nil {
			t = stop.Or(t)
		}
		stop = t
	}
	ga.Stop = stop
	ga.Hooks = []evolve.GAHook[[]bool]{{Every: opt.StatsEvery, Func: o.validate}}
	if opt.Checkpoint != "" {
		if _, err := evolve.LoadCheckpoint(opt.Checkpoint+".best", &o.best); err != nil {
			return nil, err
		}
		o.boards.Store(o.best.Boards)
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
	case opt.Checkpoint != "" && !o.aborted:
		// The GA saved itself where it stopped: so does the best set, with
		// the boards scored since its last save, so that a resumed run
		// counts as the same run would.
		o.best.Boards = o.boards.Load()
		if serr := evolve.SaveCheckpoint(opt.Checkpoint+".best", &o.best); serr != nil {
			return nil, errors.Join(err, serr)
		}
	}
	best, _ := Decode(o.best.Genome)
	return &Result{
		Best: best.Normalize(), Score: o.best.Score, Generations: res.Status.Generation,
		Boards: o.boards.Load(), Elapsed: res.Status.Elapsed, History: o.best.History,
	}, err
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
		o.aborted = true
		return err
	}
	if err != nil {
		return err
	}
	o.boards.Add(int64(o.opt.ValidateBoards))
	value := score.Objective.Mean - o.penalty(set)
	switch {
	case o.best.Genome == nil:
		o.best.Genome, o.best.Score, o.best.Value = pop[0].Genome, score, value
	case slices.Equal(pop[0].Genome, o.best.Genome):
		// the best so far leads the GA still: nothing to decide
	case value > o.best.Value-2*score.Objective.StdErr:
		if err := o.challenge(st.Generation, pop[0].Genome, set); err != nil {
			if o.ctx.Err() != nil {
				o.aborted = true // stopping: the best set so far stays
			}
			return err
		}
	}
	o.best.Boards = o.boards.Load()
	stats := Stats{
		Generation: st.Generation, Evaluations: st.Evaluations, Boards: o.boards.Load(),
		Elapsed: st.Elapsed, GABest: st.Best, GAMean: st.Mean,
		Validated: score, BestScore: o.best.Score,
	}
	stats.Validated.Pairs, stats.BestScore.Pairs = nil, nil
	h := o.best.History
	for len(h) > 0 && h[len(h)-1].Generation >= st.Generation {
		h = h[:len(h)-1] // replayed after a resume from an older checkpoint
	}
	o.best.History = append(h, stats)
	if o.opt.Checkpoint != "" {
		if err := evolve.SaveCheckpoint(o.opt.Checkpoint+".best", &o.best); err != nil {
			return err
		}
	}
	if o.opt.Progress == nil {
		return nil
	}
	best, _ := Decode(o.best.Genome)
	stats.Best = best.Normalize()
	return o.opt.Progress(stats)
}
