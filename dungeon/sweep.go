package dungeon

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/batch"
	"github.com/ludus-games/ludus/internal/cputime"
)

// SweepClass is a class of synthetic levels in a reliability sweep: room
// counts and loop counts drawn from closed ranges.
type SweepClass struct {
	MinRooms, MaxRooms   int
	MinCycles, MaxCycles int
	// Separate makes levels whose loops share no connection.
	Separate bool
}

// String gives the class as ParseSweepClasses reads it.
func (c SweepClass) String() string {
	if c.Separate {
		return c.Rooms() + ":" + c.Loops() + ":separate"
	}
	return c.Rooms() + ":" + c.Loops()
}

// Rooms gives the room counts of the class: "N" or "LO-HI".
func (c SweepClass) Rooms() string { return span(c.MinRooms, c.MaxRooms) }

// Loops gives the loop counts of the class: "N" or "LO-HI".
func (c SweepClass) Loops() string { return span(c.MinCycles, c.MaxCycles) }

func span(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

// ParseSweepClasses reads a comma-separated list of classes, each
// "ROOMS:LOOPS" where both are a number or a range "LO-HI", optionally
// followed by ":separate" for loops that share no connection, e.g.
// "10-19:0-5,150:15:separate".
func ParseSweepClasses(s string) ([]SweepClass, error) {
	var out []SweepClass
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		fields := strings.Split(part, ":")
		var c SweepClass
		switch {
		case len(fields) == 3 && fields[2] == "separate":
			c.Separate = true
		case len(fields) != 2:
			return nil, fmt.Errorf("class %q: want ROOMS:LOOPS or ROOMS:LOOPS:separate, e.g. 10-19:0-5", part)
		}
		var err error
		if c.MinRooms, c.MaxRooms, err = parseSpan(fields[0], 1, maxRooms); err != nil {
			return nil, fmt.Errorf("class %q: rooms: %w", part, err)
		}
		if c.MinCycles, c.MaxCycles, err = parseSpan(fields[1], 0, maxSynthCycles(c.MaxRooms, c.Separate)); err != nil {
			return nil, fmt.Errorf("class %q: loops: %w", part, err)
		}
		if most := maxSynthCycles(c.MinRooms, c.Separate); c.MinCycles > most {
			return nil, fmt.Errorf("class %q: %d loops do not fit %d rooms (at most %d)", part, c.MinCycles, c.MinRooms, most)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("no classes")
	}
	return out, nil
}

// parseSpan reads "N" or "LO-HI" within [lo, hi].
func parseSpan(s string, lo, hi int) (int, int, error) {
	a, b, isRange := strings.Cut(s, "-")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := x, error(nil)
	if isRange {
		y, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("%q is not a number or a range LO-HI", s)
	case x > y:
		return 0, 0, fmt.Errorf("%q: empty range", s)
	case x < lo || y > hi:
		return 0, 0, fmt.Errorf("%q: want %d to %d", s, lo, hi)
	}
	return x, y, nil
}

// SweepLevel is one level of a sweep: the options of Synthetic that make
// it, and which of the template sources it uses.
type SweepLevel struct {
	Class   int
	Options SynthOptions
	// Source indexes the template sources given to SweepLevels; -1 is the
	// built-in set.
	Source int
}

// SweepLevels returns graphs levels per class. Level i of a class has
// synthetic seed i+1, a size and a loop count drawn from the class by that
// seed, corridors on every other level, and the template sources in turn:
// the built-in set (-1), then each of sources (0, 1, ...).
func SweepLevels(classes []SweepClass, graphs, sources int) []SweepLevel {
	var out []SweepLevel
	for ci, c := range classes {
		for i := range graphs {
			seed := uint64(i + 1)
			rng := rand.New(rand.NewPCG(seed, 0xc1a55))
			n := c.MinRooms + rng.IntN(c.MaxRooms-c.MinRooms+1)
			hi := min(c.MaxCycles, maxSynthCycles(n, c.Separate))
			cycles := c.MinCycles + rng.IntN(hi-c.MinCycles+1)
			out = append(out, SweepLevel{Class: ci, Source: (i/2)%(sources+1) - 1,
				Options: SynthOptions{Rooms: n, Cycles: cycles, Seed: seed, Corridors: i%2 == 1, Separate: c.Separate}})
		}
	}
	return out
}

// SweepRun is the outcome of laying out one sweep level.
type SweepRun struct {
	Level  SweepLevel
	Spec   *Spec
	Layout *Layout // nil when none was found
	Stats  Stats
	// Err is nil, or why no layout was found (wrapping ErrTimeLimit when
	// time ran out).
	Err error
	// CPU is the processor time of the run (preparing the generator and
	// generating); Wall its elapsed time.
	CPU, Wall time.Duration
}

// SweepOptions tune a sweep.
type SweepOptions struct {
	// Seed, TimeLimit and CPULimit are those of every generation.
	Seed                uint64
	TimeLimit, CPULimit time.Duration
	// Workers is the number of levels laid out at once (1 when < 1).
	Workers int
	// Like are the template sources that SweepLevel.Source indexes.
	Like []*Spec
}

// Sweep makes and lays out every level, each with a fresh generator, and
// hands each run to done in the order they finish. A level that cannot be
// made or prepared is an error that stops the sweep; a level with no
// layout in time, or provably none (ErrNoLayout), is a run with Err set.
func Sweep(ctx context.Context, levels []SweepLevel, opt SweepOptions, done func(SweepRun) error) error {
	workers := max(opt.Workers, 1)
	job := func(ctx context.Context, id int) (SweepRun, error) {
		lv := levels[id]
		so := lv.Options
		if lv.Source >= 0 {
			so.Like = opt.Like[lv.Source]
		}
		spec, err := Synthetic(so)
		if err != nil {
			return SweepRun{}, err
		}
		return sweepRun(ctx, lv, spec, opt)
	}
	return batch.Run(ctx, workers, batch.Seq(len(levels)), job, func(_ int, r SweepRun) error { return done(r) })
}

// sweepRun prepares and lays out one level on a thread of its own, so that
// the thread's processor time is the run's.
func sweepRun(ctx context.Context, lv SweepLevel, spec *Spec, opt SweepOptions) (SweepRun, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	run := SweepRun{Level: lv, Spec: spec}
	began := time.Now()
	cpu0, ok := cputime.Thread()
	g, err := NewGenerator(spec)
	switch {
	case errors.Is(err, ErrNoLayout):
		// A level of the class that cannot be laid out counts as a
		// failure, found at once.
		run.Err = err
	case err != nil:
		return run, fmt.Errorf("%s: %w", spec.Source, err)
	default:
		run.Layout, run.Stats, run.Err = g.Generate(ctx, Options{Seed: opt.Seed, TimeLimit: opt.TimeLimit, CPULimit: opt.CPULimit})
	}
	run.Wall = time.Since(began)
	run.CPU = run.Wall
	if cpu1, ok1 := cputime.Thread(); ok && ok1 {
		run.CPU = cpu1 - cpu0
	}
	if run.Err != nil && !errors.Is(run.Err, ErrTimeLimit) && !errors.Is(run.Err, ErrNoLayout) {
		return run, run.Err
	}
	return run, nil
}
