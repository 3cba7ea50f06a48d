package tiles

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

// FrontOptions configures Front.
type FrontOptions struct {
	Seed    uint64
	Workers int // default 1
	// Generations and Time stop the search, whichever comes first; at
	// least one is required.
	Generations int
	Time        time.Duration
	// PopSize is the NSGA-II population (default 80); Boards the random
	// boards per evaluation (default 2000), the same for every set of a
	// generation, parents included, which are scored again beside their
	// children.
	PopSize, Boards int
	// FinalBoards (default 20000) are the fresh common boards every set of
	// the final front is scored on before the front is taken again.
	FinalBoards int
	// Tiles is the number of tiles of a set (default one per slot).
	Tiles int
	// Start sets join the first population.
	Start []Set
	// Constraints hold every set of the front within limits.
	Constraints []Constraint
	// Progress is called every 10 generations with the size of the
	// current front.
	Progress func(gen, front int, elapsed time.Duration) error
}

// FrontPoint is one set of the front and its score.
type FrontPoint struct {
	Set   Set
	Score Score
}

// FrontResult is the outcome of Front.
type FrontResult struct {
	// Points are the Pareto front, by bridged sides, then DupScore.
	Points      []FrontPoint
	Generations int
	Evaluations int
	Elapsed     time.Duration
}

// frontGoals are the three objectives of the front: path probability up,
// bridged sides and DupScore down.
var frontGoals = []evolve.Goal{evolve.Maximize, evolve.Minimize, evolve.Minimize}

// Front searches for the Pareto front of path probability against bridged
// sides and DupScore with NSGA-II: the sets for which no other set has a
// higher path probability with no more bridges and no higher DupScore.
// The final front is scored again on common fresh boards and filtered
// again, so that a set does not stay on it by a lucky estimate.
func Front(ctx context.Context, sc *Scorer, opt FrontOptions) (*FrontResult, error) {
	if opt.Generations <= 0 && opt.Time <= 0 {
		return nil, errors.New("front: set a number of generations or a time limit")
	}
	orDefault(&opt.Workers, 1)
	orDefault(&opt.PopSize, 80)
	orDefault(&opt.Boards, 2000)
	orDefault(&opt.FinalBoards, 20000)
	orDefault(&opt.Tiles, len(sc.board.Slots))
	if opt.Tiles < len(sc.board.Slots) {
		return nil, fmt.Errorf("front: %d tiles for %d slots: want at least one tile per slot", opt.Tiles, len(sc.board.Slots))
	}
	var initial [][]bool
	for _, s := range opt.Start {
		if len(s) != opt.Tiles {
			return nil, fmt.Errorf("front: start set of %d tiles, want %d", len(s), opt.Tiles)
		}
		initial = append(initial, Encode(s))
	}
	a := &evolve.NSGA2[[]bool]{
		Goals: frontGoals,
		Evaluate: func(g []bool, r *rand.Rand) ([]float64, float64) {
			set, _ := Decode(g) // genomes keep their whole number of tiles
			t, err := sc.Measure(set, r, opt.Boards)
			if err != nil {
				return []float64{0, 1e9, 1e9}, 1e9
			}
			return []float64{t.PathProb, float64(t.Bridges), float64(t.DupScore)}, Violation(opt.Constraints, t)
		},
		Init:          evolve.RandomBits(opt.Tiles * BitsPerTile),
		Initial:       initial,
		PopSize:       opt.PopSize,
		Crossover:     evolve.UniformBlocks[bool](BitsPerTile, 0.5),
		CrossoverRate: 0.7,
		Mutate: evolve.Chain(evolve.PointMutation(0.5), evolve.RandomBlock(BitsPerSide, 0.5),
			evolve.SwapBlocks[bool](BitsPerSide, 0.2)),
		Noise:   evolve.GANoise{Reevaluate: true, Common: true},
		Workers: opt.Workers,
		Seed:    opt.Seed,
		Stop:    gaStop(opt.Generations, opt.Time),
	}
	if opt.Progress != nil {
		a.Hooks = []evolve.NSGA2Hook[[]bool]{{Every: 10, Func: func(st *evolve.GAStatus, pop []evolve.MOIndividual[[]bool]) error {
			n := 0
			for _, ind := range pop {
				if ind.Rank == 0 {
					n++
				}
			}
			return opt.Progress(st.Generation, n, st.Elapsed)
		}}}
	}
	res, err := a.Run(ctx)
	if res == nil {
		return nil, err
	}
	out := &FrontResult{Generations: res.Status.Generation, Evaluations: res.Status.Evaluations, Elapsed: res.Status.Elapsed}
	points, ferr := finalFront(sc, res.Front(), opt)
	out.Points = points
	return out, errors.Join(err, ferr)
}

// gaStop stops after gens generations or d, whichever comes first.
func gaStop(gens int, d time.Duration) evolve.GAStop {
	var stop evolve.GAStop
	if gens > 0 {
		stop = evolve.GAGenerations(gens)
	}
	if d > 0 {
		t := evolve.GATimeLimit(d)
		if stop != nil {
			t = stop.Or(t)
		}
		stop = t
	}
	return stop
}

// finalFront scores the distinct sets of the last front on common fresh
// boards and keeps those that the new scores do not dominate.
func finalFront(sc *Scorer, front []evolve.MOIndividual[[]bool], opt FrontOptions) ([]FrontPoint, error) {
	seen := map[string]bool{}
	var pts []FrontPoint
	for _, ind := range front {
		set, err := Decode(ind.Genome)
		if err != nil {
			return nil, err
		}
		set = set.Normalize()
		if key := set.String(); !seen[key] {
			seen[key] = true
			s, err := sc.Score(set, rand.New(rand.NewPCG(opt.Seed, 0x66726f6e74)), opt.FinalBoards)
			if err != nil {
				return nil, err
			}
			if Violation(opt.Constraints, s.Terms()) == 0 {
				pts = append(pts, FrontPoint{set, s})
			}
		}
	}
	obj := func(p FrontPoint) []float64 {
		return []float64{p.Score.PathProb.Mean, float64(p.Score.Bridges), float64(p.Score.DupScore)}
	}
	var kept []FrontPoint
	for i, p := range pts {
		dominated := false
		for j, q := range pts {
			if i != j && evolve.Dominates(frontGoals, obj(q), obj(p)) {
				dominated = true
				break
			}
		}
		if !dominated {
			kept = append(kept, p)
		}
	}
	slices.SortFunc(kept, func(a, b FrontPoint) int {
		if a.Score.Bridges != b.Score.Bridges {
			return a.Score.Bridges - b.Score.Bridges
		}
		return a.Score.DupScore - b.Score.DupScore
	})
	return kept, nil
}

// frontName is the file a front set is written to.
func frontName(i int, p FrontPoint) string {
	return fmt.Sprintf("%02d-b%d-d%d.txt", i+1, p.Score.Bridges, p.Score.DupScore)
}

// WriteFrontTable prints the front: one row per set with its terms.
func WriteFrontTable(w io.Writer, pts []FrontPoint) error {
	_, err := fmt.Fprintf(w, "%3s %8s %9s %22s %12s %10s  %s\n", "#", "bridges", "DupScore", "path probability (95%)", "extra edges", "objective", "file")
	for i, p := range pts {
		s := p.Score
		lo, hi := s.PathProb.CI95()
		if _, err := fmt.Fprintf(w, "%3d %8d %9d %8.2f%% (%.2f-%.2f) %12.3f %10.4f  %s\n", i+1, s.Bridges, s.DupScore,
			100*s.PathProb.Mean, 100*lo, 100*hi, s.ExtraEdges.Mean, s.Objective.Mean, frontName(i, p)); err != nil {
			return err
		}
	}
	return err
}

// SaveFront writes, into dir, every front set (front/NN-bB-dD.txt),
// front.csv with their terms, and front.svg and front.png, the plot.
func SaveFront(dir string, pts []FrontPoint) ([]string, error) {
	if err := os.MkdirAll(filepath.Join(dir, "front"), 0o755); err != nil {
		return nil, err
	}
	var written []string
	for i, p := range pts {
		path := filepath.Join(dir, "front", frontName(i, p))
		err := atomicfile.Write(path, func(w io.Writer) error {
			fmt.Fprintf(w, "# front set %d: %d bridged sides, DupScore %d, path probability %.4f, %.3f extra edges, objective %.4f on %d boards\n",
				i+1, p.Score.Bridges, p.Score.DupScore, p.Score.PathProb.Mean, p.Score.ExtraEdges.Mean, p.Score.Objective.Mean, p.Score.Boards)
			return p.Set.Write(w)
		})
		if err != nil {
			return written, err
		}
		written = append(written, path)
	}
	csvPath := filepath.Join(dir, "front.csv")
	err := atomicfile.Write(csvPath, func(w io.Writer) error {
		fmt.Fprintln(w, "set,bridges,dup_score,fully_connected,path_probability,path_probability_stderr,extra_edges,objective,file")
		for i, p := range pts {
			s := p.Score
			fmt.Fprintf(w, "%d,%d,%d,%d,%s,%s,%s,%s,front/%s\n", i+1, s.Bridges, s.DupScore, s.FullyConnected,
				fmtF(s.PathProb.Mean), fmtF(s.PathProb.StdErr), fmtF(s.ExtraEdges.Mean), fmtF(s.Objective.Mean), frontName(i, p))
		}
		return nil
	})
	if err != nil {
		return written, err
	}
	written = append(written, csvPath)
	pics, err := SavePictures(dir, map[string]*render.Drawing{"front": DrawFront(pts)})
	return append(written, pics...), err
}

func fmtF(v float64) string { return strconv.FormatFloat(v, 'f', 5, 64) }

// DrawFront plots the front: path probability against bridged sides, the
// points coloured by DupScore, and against DupScore, coloured by bridged
// sides; a line joins the best path probability at each value (the front
// of the two terms alone), and the post's optimised set is marked.
func DrawFront(pts []FrontPoint) *render.Drawing {
	type band struct {
		name   string
		hi     int // the band holds values up to hi
		colour render.Color
	}
	colours := []render.Color{render.Hex("#1f77b4"), render.Hex("#ff7f0e"), render.Hex("#9467bd"), render.Hex("#8c564b")}
	chart := func(title, xlabel string, x, by func(Score) int, bands []band, ref float64) *plot.Chart {
		c := &plot.Chart{Title: title, XLabel: xlabel, YLabel: "path probability, %"}
		best := map[int]float64{}
		for k, b := range bands {
			lo := math.MinInt
			if k > 0 {
				lo = bands[k-1].hi + 1
			}
			var xs, ys []float64
			for _, p := range pts {
				if v := by(p.Score); v >= lo && v <= b.hi {
					xs, ys = append(xs, float64(x(p.Score))), append(ys, 100*p.Score.PathProb.Mean)
				}
			}
			if len(xs) > 0 {
				c.Series = append(c.Series, plot.Series{Name: b.name, X: xs, Y: ys, Points: true, Color: b.colour})
			}
		}
		for _, p := range pts {
			v, pp := x(p.Score), 100*p.Score.PathProb.Mean
			if b, ok := best[v]; !ok || pp > b {
				best[v] = pp
			}
		}
		var vs []int
		for v := range best {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		var lx, ly []float64 // values that nothing to their left beats
		for _, v := range vs {
			if len(ly) == 0 || best[v] > ly[len(ly)-1] {
				lx, ly = append(lx, float64(v)), append(ly, best[v])
			}
		}
		c.Series = append(c.Series,
			plot.Series{Name: "best at each value", X: lx, Y: ly, Color: render.Hex("#2ca02c")},
			plot.Series{Name: "the post's optimised set", X: []float64{ref}, Y: []float64{100 * PostPathProbability}, Points: true, Color: render.Hex("#d62728")})
		return c
	}
	bridges := func(s Score) int { return s.Bridges }
	dup := func(s Score) int { return s.DupScore }
	d := plot.Grid([]*plot.Chart{
		chart("Path probability against bridged sides", "bridged sides", bridges, dup, []band{
			{"DupScore up to 60", 60, colours[0]}, {"61 to 72", 72, colours[1]}, {"73 to 90", 90, colours[2]}, {"above 90", math.MaxInt, colours[3]},
		}, PostBridges),
		chart("Path probability against DupScore", "DupScore", dup, bridges, []band{
			{"bridged sides up to 5", 5, colours[0]}, {"6 to 11", 11, colours[1]}, {"12 to 17", 17, colours[2]}, {"above 17", math.MaxInt, colours[3]},
		}, PostDupScore),
	}, 2, 620, 440)
	d.Scale = 2
	return d
}
