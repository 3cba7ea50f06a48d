package linjat

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/ludus-games/ludus/evolve"
)

// Settings say what to generate and how long to optimise.
type Settings struct {
	Rows, Cols, Numbers int
	// Difficulty gives the weights, the sound rules the generator may rely
	// on and the filters a level must pass.
	Difficulty Difficulty
	// Iterations and Time are the optimizer's budget (at least one).
	Iterations int64
	Time       time.Duration
	// Workers share one optimisation (default GOMAXPROCS).
	Workers int
	// Pool is the pool size (default 10).
	Pool int
	Seed uint64
	// Checkpoint, when set, lets an interrupted optimisation resume.
	Checkpoint string
	// Progress is called after every round of the optimizer.
	Progress func(evolve.Progress)
}

// CheckSize says whether the grid and the count of numbers can make a
// puzzle at all, so that a batch can be refused before it starts.
func (s *Settings) CheckSize() error {
	if s.Rows > MaxCells || s.Cols > MaxCells || s.Rows*s.Cols > MaxCells {
		return fmt.Errorf("a %dx%d grid: at most %d cells", s.Rows, s.Cols, MaxCells)
	}
	if s.Rows < 1 || s.Cols < 1 || s.Numbers < 1 || s.Numbers > s.Rows*s.Cols {
		return fmt.Errorf("cannot place %d numbers on a %dx%d grid", s.Numbers, s.Rows, s.Cols)
	}
	return nil
}

// MaxValue is the largest value the generator gives a number (the original
// game's limit).
const MaxValue = 8

// Generated is a finished puzzle.
type Generated struct {
	Puzzle *Puzzle
	// Result is the rating under the difficulty's weights, with its trace.
	Result     *Result
	Seed       uint64
	Iterations int64
	Accepted   int64
	Elapsed    time.Duration
}

// candidate is what the optimizer keeps: a puzzle with dots and its rating.
type candidate struct {
	Puzzle *Puzzle `json:"puzzle"`
	Rating Rating  `json:"rating"`
	// Key is the puzzle's text, which tells candidates apart; it is made
	// once, by the worker that made the candidate.
	Key string `json:"key"`
}

// Optimize generates one puzzle: a pool of random puzzles, each completed
// with dots by Generate, improved by mutating the numbers (a value one up or
// down, or a number moved; another change follows with probability 1/3),
// regenerating the dots and keeping the best under the difficulty's
// weights. Every puzzle entering the pool passes the difficulty's filters and
// is checked to have one solution by the exact solver. The result depends
// only on the settings (and not on Workers) unless Time limits the run.
func Optimize(ctx context.Context, set Settings) (*Generated, error) {
	if err := set.CheckSize(); err != nil {
		return nil, err
	}
	workers := set.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	solvers := make([]Solver, workers)
	d := set.Difficulty
	evaluate := func(job *evolve.Job, p *Puzzle) (candidate, float64, bool) {
		v := &solvers[job.Worker]
		if !v.Generate(p, d.Rules, job.Rand) {
			return candidate{}, 0, false
		}
		res := v.run(p, AllRules, false)
		if !d.Accepts(&res.Rating) {
			return candidate{}, 0, false
		}
		score := res.Rating.Score(d.Weights)
		if score >= job.Bar {
			if n, err := v.Count(p, 2); err != nil || n != 1 {
				return candidate{}, 0, false
			}
		}
		return candidate{Puzzle: p, Rating: res.Rating, Key: p.String()}, score, true
	}
	pool := &evolve.Pool[candidate]{
		Size: set.Pool, Iterations: set.Iterations, Time: set.Time,
		Workers: workers, Seed: set.Seed, Checkpoint: set.Checkpoint, Progress: set.Progress,
		New: func(job *evolve.Job) (candidate, float64, bool) {
			p := randomNumbers(set.Rows, set.Cols, set.Numbers, job.Rand)
			if p == nil {
				return candidate{}, 0, false
			}
			return evaluate(job, p)
		},
		Mutate: func(job *evolve.Job, parent candidate) (candidate, float64, bool) {
			p := parent.Puzzle.Clone()
			p.ClearDots()
			mutate(p, job.Rand)
			return evaluate(job, p)
		},
		Key: func(c candidate) string { return c.Key },
	}
	res, err := pool.Run(ctx)
	if err != nil {
		return nil, err
	}
	best := res.Best.Value.Puzzle
	var v Solver
	if n, err := v.Count(best, 2); err != nil || n != 1 {
		return nil, fmt.Errorf("internal error: optimised puzzle has %d solutions (%v)", n, err)
	}
	rating, err := v.Rate(best, d.Weights)
	if err != nil {
		return nil, err
	}
	return &Generated{Puzzle: best, Result: rating, Seed: set.Seed,
		Iterations: res.Iterations, Accepted: res.Accepted, Elapsed: res.Elapsed}, nil
}

// randomNumbers returns a puzzle with n numbers of values 2-5 (at most the
// grid's longer side) that has a solution: it lays n random lines that do
// not overlap and puts each number on a random cell of its line. It returns
// nil if the lines do not fit.
func randomNumbers(rows, cols, n int, r *rand.Rand) *Puzzle {
	p := New(rows, cols)
	used := make([]bool, rows*cols)
	top := min(5, max(rows, cols))
	for range n {
		placed := false
		for try := 0; try < 100 && !placed; try++ {
			length := min(2+r.IntN(4), top)
			dr, dc := 0, 1
			if r.IntN(2) == 0 {
				dr, dc = 1, 0
			}
			if rows-dr*(length-1) < 1 || cols-dc*(length-1) < 1 {
				continue
			}
			r0, c0 := r.IntN(rows-dr*(length-1)), r.IntN(cols-dc*(length-1))
			placed = true
			for j := range length {
				if used[(r0+j*dr)*cols+c0+j*dc] {
					placed = false
					break
				}
			}
			if !placed {
				continue
			}
			for j := range length {
				used[(r0+j*dr)*cols+c0+j*dc] = true
			}
			j := r.IntN(length)
			p.Cells[(r0+j*dr)*cols+c0+j*dc] = length
		}
		if !placed {
			return nil
		}
	}
	return p
}

// MinValue is the smallest value the optimizer gives a number: a 1 is
// placed without thought.
const MinValue = 2

// mutate changes the numbers of p: a value one down (not below MinValue) or up
// (not above MaxValue or the grid), or a number moved to a random empty
// cell; another change follows with probability 1/3.
func mutate(p *Puzzle, r *rand.Rand) {
	cells := numberCells(p)
	if len(cells) == 0 {
		return
	}
	top := min(MaxValue, max(p.Rows, p.Cols))
	for {
		i := r.IntN(len(cells))
		c := cells[i]
		switch r.IntN(3) {
		case 0:
			p.Cells[c] = max(MinValue, p.Cells[c]-1)
		case 1:
			p.Cells[c] = min(top, p.Cells[c]+1)
		default:
			if len(cells) < len(p.Cells) {
				to := r.IntN(len(p.Cells))
				for p.Cells[to] > 0 {
					to = r.IntN(len(p.Cells))
				}
				p.Cells[to], p.Cells[c] = p.Cells[c], Empty
				cells[i] = to
			}
		}
		if r.IntN(3) != 0 {
			return
		}
	}
}

func numberCells(p *Puzzle) []int {
	var cells []int
	for c, v := range p.Cells {
		if v > 0 {
			cells = append(cells, c)
		}
	}
	return cells
}

// MarshalJSON writes the puzzle as its rows in the text format.
func (p *Puzzle) MarshalJSON() ([]byte, error) { return json.Marshal(p.TextRows()) }

// UnmarshalJSON reads rows in the text format.
func (p *Puzzle) UnmarshalJSON(data []byte) error {
	var rows []string
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	q, err := ParseRows(rows)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}
