package twenty48

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/render"
)

// Files of a training directory.
const (
	// CheckpointFile is the network being trained with the trainer's
	// state, rewritten atomically at every checkpoint: a network file that
	// play can use as it is.
	CheckpointFile = "checkpoint.ntuple"
	// CurveFile is the learning curve, drawn at every checkpoint.
	CurveFile = "curve.svg"
)

// CurveReach lists the tiles whose reach rates the learning curve follows.
var CurveReach = []int{2048, 4096, 8192, 16384, 32768, 65536}

// CurvePoint is one point of a learning curve: the games played since the
// previous point.
type CurvePoint struct {
	Games   int64   `json:"games"`   // games played in all when the point was taken
	N       int     `json:"n"`       // games the point covers
	Mean    float64 `json:"mean"`    // mean score
	Max     int     `json:"max"`     // best score
	Moves   float64 `json:"moves"`   // mean moves per game
	Seconds float64 `json:"seconds"` // training time (wall clock) when taken
	// Reach maps a tile value (as a string) to the share of games that
	// reached it.
	Reach map[string]float64 `json:"reach"`
}

// curveAcc adds up the games of the next curve point.
type curveAcc struct {
	N     int           `json:"n"`
	Score int64         `json:"score"`
	Max   int           `json:"max"`
	Moves int64         `json:"moves"`
	Reach map[int]int64 `json:"reach"`
}

// TrainState is a training's progress, kept in its checkpoint.
type TrainState struct {
	Config     TrainConfig  `json:"config"`
	Games      int64        `json:"games"` // games learnt from: those of index 0 to Games-1
	Moves      int64        `json:"moves"`
	Seconds    float64      `json:"seconds"`     // wall-clock training time
	CPUSeconds float64      `json:"cpu_seconds"` // CPU time of the training threads
	Curve      []CurvePoint `json:"curve"`       // of the games from the empty board
	Pending    curveAcc     `json:"pending"`
	Restarted  int64        `json:"restarted,omitempty"` // games from the start pool
	Pool       StartPool    `json:"pool"`
}

// Training is an n-tuple network being trained in a directory, which
// holds its checkpoint and learning curve (or in memory alone, with no
// directory).
type Training struct {
	Dir   string
	State TrainState
	Net   *Network
	tcE   [][]float32
	tcA   [][]float32
}

// NewTraining starts a training from an untrained network. It fails if
// dir already holds one (resume it with OpenTraining).
func NewTraining(dir string, cfg TrainConfig) (*Training, error) {
	if _, err := os.Stat(filepath.Join(dir, CheckpointFile)); err == nil {
		return nil, fmt.Errorf("%s already holds a training (resume it)", dir)
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	net, err := NewNetwork(cfg.Shape, cfg.Init)
	if err != nil {
		return nil, err
	}
	t := &Training{Dir: dir, State: TrainState{Config: cfg, Pool: newStartPool(cfg.Shape.Stages)}, Net: net}
	t.SetSteps(cfg.Alpha, cfg.Lambda, cfg.TC)
	return t, nil
}

func (c TrainConfig) check() error {
	switch {
	case !(c.Alpha > 0 && c.Alpha <= 1):
		return fmt.Errorf("step size %g is not in (0, 1]", c.Alpha)
	case !(c.Lambda >= 0 && c.Lambda < 1):
		return fmt.Errorf("lambda %g is not in [0, 1)", c.Lambda)
	case c.Every < 1:
		return fmt.Errorf("%d games per curve point", c.Every)
	case !(c.Restarts >= 0 && c.Restarts < 1):
		return fmt.Errorf("restart share %g is not in [0, 1)", c.Restarts)
	}
	return c.Shape.Validate()
}

// OpenTraining resumes the training kept in dir; the error wraps
// os.ErrNotExist when there is none.
func OpenTraining(dir string) (*Training, error) {
	path := filepath.Join(dir, CheckpointFile)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	net, hdr, extra, err := ReadNetwork(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t := &Training{Dir: dir, Net: net, tcE: extra["tc_e"], tcA: extra["tc_a"]}
	if err := json.Unmarshal(hdr.Meta, &t.State); err != nil || t.State.Config.Every < 1 {
		return nil, fmt.Errorf("%s: not a training checkpoint (no trainer state)", path)
	}
	if !t.State.Config.Shape.Equal(net.Shape) {
		return nil, fmt.Errorf("%s: the trainer's shape differs from the network's", path)
	}
	if len(t.State.Pool.Ranks) == 0 { // a checkpoint from before start pools
		t.State.Pool = newStartPool(net.Shape.Stages)
	}
	if !t.State.Pool.valid() {
		return nil, fmt.Errorf("%s: the trainer's start pool is damaged", path)
	}
	if t.State.Config.TC && t.tcE == nil {
		t.SetSteps(t.State.Config.Alpha, t.State.Config.Lambda, true)
	}
	return t, nil
}

// SetRestarts changes the share of games that start from the start pool,
// for the games still to play.
func (t *Training) SetRestarts(share float64) { t.State.Config.Restarts = share }

// SetSteps changes the step size, lambda and temporal coherence, for the
// games still to play. Turning temporal coherence on starts its
// statistics afresh.
func (t *Training) SetSteps(alpha, lambda float64, tc bool) {
	c := &t.State.Config
	c.Alpha, c.Lambda, c.TC = alpha, lambda, tc
	if !tc {
		t.tcE, t.tcA = nil, nil
		return
	}
	if t.tcE == nil {
		t.tcE, t.tcA = t.Net.zeros(), t.Net.zeros()
	}
}

// zeros returns tables of the network's sizes, zeroed, for the trainer's
// statistics: read at random like the weights, on pages as large.
func (n *Network) zeros() [][]float32 {
	z := make([][]float32, len(n.w))
	for i := range z {
		z[i] = allocWeights(n, len(n.w[i]))
	}
	return z
}

// TrainOptions bound one run of a training.
type TrainOptions struct {
	// Games stops the training when this many games have been played in
	// all (0: no limit).
	Games int64
	// Time stops this run after this much wall-clock time (0: no limit).
	Time time.Duration
	// Workers is the number of games learnt at once, on one shared
	// network (0: one per core). With one worker a training depends only
	// on its seed.
	Workers int
	// Checkpoint is the time between checkpoints (0: ten minutes).
	Checkpoint time.Duration
	// Progress is called after every game, one call at a time.
	Progress func(st *TrainState, last CurvePoint)
}

// Run trains until the options' limits or until ctx is done, then writes
// a checkpoint. Workers finish the game they are playing before a
// checkpoint, so that a checkpoint holds exactly the games 0 to Games-1:
// a run killed at any moment resumes from its last checkpoint, and with
// one worker gives the same network as a run never interrupted.
func (t *Training) Run(ctx context.Context, opt TrainOptions) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	every := opt.Checkpoint
	if every <= 0 {
		every = 10 * time.Minute
	}
	start := time.Now()
	var end time.Time
	if opt.Time > 0 {
		end = start.Add(opt.Time)
	}
	trs := make([]*trainer, workers)
	for w := range trs {
		trs[w] = &trainer{net: t.Net, cfg: t.State.Config, ranks: t.State.Pool.Ranks, tcE: t.tcE, tcA: t.tcA}
	}
	for {
		if ctx.Err() != nil || opt.Games > 0 && t.State.Games >= opt.Games || !end.IsZero() && !time.Now().Before(end) {
			break
		}
		deadline := time.Now().Add(every)
		if !end.IsZero() && end.Before(deadline) {
			deadline = end
		}
		t.round(ctx, trs, deadline, opt)
		if err := t.Checkpoint(); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// round plays games on every worker until the deadline, the game limit or
// the end of ctx; each worker finishes its game.
func (t *Training) round(ctx context.Context, trs []*trainer, deadline time.Time, opt TrainOptions) {
	var mu sync.Mutex
	var next atomic.Int64
	next.Store(t.State.Games)
	var wg sync.WaitGroup
	t0 := time.Now()
	for _, tr := range trs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for ctx.Err() == nil && time.Now().Before(deadline) {
				i := next.Add(1) - 1
				if opt.Games > 0 && i >= opt.Games {
					break
				}
				mu.Lock()
				start := t.startBoard(i)
				mu.Unlock()
				g := tr.game(i, start)
				mu.Lock()
				last := t.record(g, i, time.Since(t0).Seconds())
				if opt.Progress != nil {
					opt.Progress(&t.State, last)
				}
				mu.Unlock()
			}
			mu.Lock()
			t.State.CPUSeconds += (threadCPU() - cpu0).Seconds()
			mu.Unlock()
		}()
	}
	wg.Wait()
	t.State.Seconds += time.Since(t0).Seconds()
}

// startBoard is the board game i starts from: one of the start pool with
// the configured share, else 0 (the empty board). Its generator depends on
// the seed and i alone, so that one worker's training depends on its seed.
func (t *Training) startBoard(i int64) Board {
	if t.State.Config.Restarts <= 0 {
		return 0
	}
	rng := rand.New(rand.NewPCG(t.State.Config.Seed^pickSalt, uint64(i)))
	return t.State.Pool.pick(t.State.Config.Restarts, rng)
}

// record adds game i, finished, to the state, the start pool and the
// curve (games from the empty board alone), and returns the latest curve
// point.
func (t *Training) record(g trainGame, i int64, roundSeconds float64) CurvePoint {
	s := &t.State
	s.Games++
	s.Moves += int64(g.moves)
	s.Pool.offer(g.firsts, rand.New(rand.NewPCG(s.Config.Seed^reservoirSalt, uint64(i))))
	if g.restarted {
		s.Restarted++
		return t.lastPoint(roundSeconds)
	}
	p := &s.Pending
	p.N++
	p.Score += int64(g.score)
	p.Max = max(p.Max, g.score)
	p.Moves += int64(g.moves)
	if p.Reach == nil {
		p.Reach = map[int]int64{}
	}
	for _, tile := range CurveReach {
		if g.maxTile >= tile {
			p.Reach[tile]++
		}
	}
	if p.N >= s.Config.Every {
		s.Curve = append(s.Curve, p.point(s.Games, s.Seconds+roundSeconds))
		s.Pending = curveAcc{}
	}
	return t.lastPoint(roundSeconds)
}

// lastPoint is the latest point of the curve, or the pending one before
// the first.
func (t *Training) lastPoint(roundSeconds float64) CurvePoint {
	s := &t.State
	if len(s.Curve) == 0 {
		return s.Pending.point(s.Games, s.Seconds+roundSeconds)
	}
	return s.Curve[len(s.Curve)-1]
}

func (p *curveAcc) point(games int64, seconds float64) CurvePoint {
	n := float64(max(p.N, 1))
	c := CurvePoint{Games: games, N: p.N, Mean: float64(p.Score) / n, Max: p.Max,
		Moves: float64(p.Moves) / n, Seconds: seconds, Reach: map[string]float64{}}
	for _, tile := range CurveReach {
		c.Reach[strconv.Itoa(tile)] = float64(p.Reach[tile]) / n
	}
	return c
}

// Checkpoint writes the network with the trainer's state to the
// directory, atomically, and draws the learning curve. A training without
// a directory keeps nothing.
func (t *Training) Checkpoint() error {
	if t.Dir == "" {
		return nil
	}
	if err := os.MkdirAll(t.Dir, 0o755); err != nil {
		return err
	}
	meta, err := json.Marshal(t.State)
	if err != nil {
		return err
	}
	extra := map[string][][]float32{"tc_e": t.tcE, "tc_a": t.tcA}
	var names []string
	if t.tcE != nil {
		names = []string{"tc_e", "tc_a"}
	}
	path := filepath.Join(t.Dir, CheckpointFile)
	err = atomicfile.Write(path, func(w io.Writer) error { return WriteNetwork(w, t.Net, 0, meta, extra, names) })
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(t.State.Curve) == 0 {
		return nil
	}
	return render.Save(filepath.Join(t.Dir, CurveFile), CurveDrawing(t.State.Curve, t.Net.Shape.String()))
}

// TrainedMeta is the header meta of an exported network: how it was
// trained.
type TrainedMeta struct {
	Config     TrainConfig `json:"config"`
	Games      int64       `json:"games"`
	Moves      int64       `json:"moves"`
	Seconds    float64     `json:"seconds"`
	CPUSeconds float64     `json:"cpu_seconds"`
	Last       *CurvePoint `json:"last,omitempty"` // the last point of the learning curve
}

// ExportMeta describes the training for an exported network's header.
func (t *Training) ExportMeta() json.RawMessage {
	s := t.State
	m := TrainedMeta{Config: s.Config, Games: s.Games, Moves: s.Moves, Seconds: s.Seconds, CPUSeconds: s.CPUSeconds}
	if n := len(s.Curve); n > 0 {
		m.Last = &s.Curve[n-1]
	}
	j, _ := json.Marshal(m) // plain data: cannot fail
	return j
}
