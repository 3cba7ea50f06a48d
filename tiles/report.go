package tiles

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/render/plot"
)

// statsHeader names the columns of the statistics CSV.
var statsHeader = []string{
	"generation", "evaluations", "boards", "seconds", "ga_best", "ga_mean",
	"objective", "objective_stderr", "bridges", "dup_score", "fully_connected",
	"extra_edges", "path_probability", "best_objective", "eval_boards",
}

// WriteStatsCSV writes the history of a run as CSV: one row per validation,
// with the GA's own estimates, the validated score of the generation's best
// set and the latest score of the best set so far.
func WriteStatsCSV(w io.Writer, history []Stats) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(statsHeader); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 5, 64) }
	for _, s := range history {
		v := s.Validated
		row := []string{
			strconv.Itoa(s.Generation), strconv.Itoa(s.Evaluations), strconv.FormatInt(s.Boards, 10),
			f(s.Elapsed.Seconds()), f(s.GABest), f(s.GAMean),
			f(v.Objective.Mean), f(v.Objective.StdErr), strconv.Itoa(v.Bridges), strconv.Itoa(v.DupScore),
			strconv.Itoa(v.FullyConnected), f(v.ExtraEdges.Mean), f(v.PathProb.Mean), f(s.BestScore.Objective.Mean),
			strconv.Itoa(s.EvalBoards),
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// DrawCurve plots the objective against time: the validated score of each
// generation's best set with its 95% interval, the best so far, and
// reference lines (targets). The left chart shows the start of the run at
// full height, the right one the whole run close to its best.
func DrawCurve(history []Stats, refs ...float64) *render.Drawing {
	// The climb is over in the first few percent of a run and the rest
	// moves within the noise, so one panel shows the start at full height
	// and the other the whole run close up.
	start := curveChart("The start", nil, refs)
	end := curveChart("The whole run, close up", nil, refs)
	if n := len(history); n > 0 {
		last := history[n-1].BestScore.Objective.Mean
		top := last
		for _, r := range refs {
			top = max(top, r)
		}
		for _, h := range history {
			top = max(top, h.Validated.Objective.Mean)
		}
		cut := max(history[n-1].Elapsed/10, history[min(3, n-1)].Elapsed)
		k := 0
		for k < n && history[k].Elapsed <= cut {
			k++
		}
		start = curveChart("The first "+spanText(cut), history[:k], refs)
		end = curveChart("The whole run, close up", history, refs)
		end.YMin, end.YMax = last-0.4, top+0.05
		low := history[0].Validated.Objective.Mean
		start.YMin, start.YMax = low, top+(top-low)*0.3 // room for the legend
	}
	d := plot.Grid([]*plot.Chart{start, end}, 2, 620, 420)
	d.Scale = 2
	return d
}

// spanText names the span of the start panel: whole seconds, or a
// duration such as 30ms or 2.5s for short runs, which would show as 0 or
// 2 seconds.
func spanText(d time.Duration) string {
	if d >= 10*time.Second {
		return fmt.Sprintf("%.0f seconds", d.Seconds())
	}
	return d.Round(time.Millisecond).String()
}

// curveChart charts the rows of history (a chart with a fixed y range cuts
// what lies beyond it).
func curveChart(title string, history []Stats, refs []float64) *plot.Chart {
	var x, y, lo, hi, best []float64
	for _, s := range history {
		o := s.Validated.Objective
		l, h := o.CI95()
		x, y = append(x, s.Elapsed.Seconds()), append(y, o.Mean)
		lo, hi = append(lo, l), append(hi, h)
		best = append(best, s.BestScore.Objective.Mean)
	}
	c := &plot.Chart{
		Title: title, XLabel: "seconds", YLabel: "objective",
		Series: []plot.Series{
			{Name: "generation's best, re-scored (95% CI)", X: x, Y: y, Lo: lo, Hi: hi},
			{Name: "best set so far", X: x, Y: best},
		},
	}
	if len(x) > 0 {
		for _, r := range refs {
			c.Series = append(c.Series, plot.Series{Name: fmt.Sprintf("target %g", r),
				X: []float64{x[0], x[len(x)-1]}, Y: []float64{r, r}, Color: render.Hex("#888888")})
		}
	}
	return c
}

// RunFiles says where OptimizeRun writes and how it finishes.
type RunFiles struct {
	// Dir receives best.txt, stats.csv, score.json, tiles.svg/png,
	// board.svg/png, curve.svg/png and the checkpoint.
	Dir string
	// FinalBoards is the number of fresh boards the best set is re-scored
	// on at the end (default 100000).
	FinalBoards int
	// Refs are reference objectives drawn on the curve.
	Refs []float64
}

// RunReport is what OptimizeRun did.
type RunReport struct {
	Result *Result
	// Final is the best set re-scored on FinalBoards fresh boards.
	Final Score
	Files []string
}

// OptimizeRun runs Optimize with a checkpoint in dir (resuming a run found
// there), keeps dir/stats.csv up to date as it goes, and at the end writes
// the best set, its final score and the pictures (an interrupted run writes
// the best set so far and its score, not the pictures).
func OptimizeRun(ctx context.Context, sc *Scorer, opt Options, files RunFiles) (*RunReport, error) {
	if files.FinalBoards <= 0 {
		files.FinalBoards = 100000
	}
	if err := os.MkdirAll(files.Dir, 0o755); err != nil {
		return nil, err
	}
	path := func(name string) string { return filepath.Join(files.Dir, name) }
	opt.Checkpoint = path("checkpoint.json")
	user := opt.Progress
	var history []Stats
	opt.Progress = func(s Stats) error {
		h := history
		for len(h) > 0 && h[len(h)-1].Generation >= s.Generation {
			h = h[:len(h)-1]
		}
		history = append(h, s)
		if err := atomicfile.Write(path("stats.csv"), func(w io.Writer) error { return WriteStatsCSV(w, history) }); err != nil {
			return err
		}
		if user != nil {
			return user(s)
		}
		return nil
	}
	res, runErr := Optimize(ctx, sc, opt)
	if res == nil {
		return nil, runErr
	}
	rep := &RunReport{Result: res}
	if runErr != nil { // interrupted: keep what there is, no final scoring
		return rep, errors.Join(runErr, rep.writeResults(sc, files, path, opt.Seed, false))
	}
	return rep, rep.writeResults(sc, files, path, opt.Seed, true)
}

func (rep *RunReport) writeResults(sc *Scorer, files RunFiles, path func(string) string, seed uint64, final bool) error {
	res := rep.Result
	rep.Final = res.Score
	if final {
		s, err := sc.Score(res.Best, finalRand(seed), files.FinalBoards)
		if err != nil {
			return err
		}
		rep.Final = s
	}
	write := func(name string, fn func(io.Writer) error) error {
		rep.Files = append(rep.Files, path(name))
		return atomicfile.Write(path(name), fn)
	}
	err := write("best.txt", func(w io.Writer) error {
		fmt.Fprintf(w, "# best tile set: objective %.4f ± %.4f on %d boards\n",
			rep.Final.Objective.Mean, 1.96*rep.Final.Objective.StdErr, rep.Final.Boards)
		return res.Best.Write(w)
	})
	if err == nil {
		err = write("stats.csv", func(w io.Writer) error { return WriteStatsCSV(w, res.History) })
	}
	if err == nil {
		err = write("score.json", func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(rep.Final)
		})
	}
	if err != nil || !final {
		// Interrupted: the pictures (seconds of PNG encoding) are left to
		// the run that finishes, or to ludus tiles draw.
		return err
	}
	return rep.writePictures(sc, path, seed, files.Refs)
}

func (rep *RunReport) writePictures(sc *Scorer, path func(string) string, seed uint64, refs []float64) error {
	pics, err := Pictures(sc, rep.Result.Best, rand.New(rand.NewPCG(seed, 0x626f617264)))
	if err != nil {
		return err
	}
	pics["curve"] = DrawCurve(rep.Result.History, refs...)
	written, err := SavePictures(path(""), pics)
	rep.Files = append(rep.Files, written...)
	return err
}

// Pictures draws a set ("tiles": both sides of every tile) and a random
// board of it dealt from r ("board").
func Pictures(sc *Scorer, set Set, r *rand.Rand) (map[string]*render.Drawing, error) {
	l, err := sc.Deal(set, r)
	if err != nil {
		return nil, err
	}
	board, err := DrawBoard(sc, set, l)
	if err != nil {
		return nil, err
	}
	return map[string]*render.Drawing{"tiles": DrawSet(set), "board": board}, nil
}

// SavePictures writes every drawing as NAME.svg and NAME.png in dir, in
// the order of the names, and returns the paths written.
func SavePictures(dir string, pics map[string]*render.Drawing) ([]string, error) {
	names := make([]string, 0, len(pics))
	for name := range pics {
		names = append(names, name)
	}
	sort.Strings(names)
	var written []string
	for _, name := range names {
		for _, ext := range []string{".svg", ".png"} {
			p := filepath.Join(dir, name+ext)
			if err := render.Save(p, pics[name]); err != nil {
				return written, err
			}
			written = append(written, p)
		}
	}
	return written, nil
}

// finalRand is the generator of the final re-scoring, apart from every
// generator of the run itself.
func finalRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x66696e616c)) }

// ParseWeights reads weights written as "name=value" pairs separated by
// commas, starting from the defaults: bridges, dup, fully, extra, pair.
func ParseWeights(s string) (Weights, error) {
	w := DefaultWeights()
	if strings.TrimSpace(s) == "" {
		return w, nil
	}
	fields := map[string]*float64{
		"bridges": &w.Bridges, "dup": &w.DupScore, "fully": &w.FullyConnected,
		"extra": &w.ExtraEdges, "pair": &w.LandmarkPair,
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		p, known := fields[k]
		if !ok || !known {
			return w, fmt.Errorf("weights: %q: want NAME=VALUE with NAME one of bridges, dup, fully, extra, pair", kv)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return w, fmt.Errorf("weights: %s: bad number %q", k, v)
		}
		*p = x
	}
	return w, nil
}

// RandomSet returns a tile set of n tiles decoded from a random genome,
// the starting point of an optimisation from scratch.
func RandomSet(r *rand.Rand, n int) Set {
	bits := make([]bool, n*BitsPerTile)
	for i := range bits {
		bits[i] = r.Uint64()&1 == 1
	}
	set, _ := Decode(bits) // a whole number of tiles always decodes
	return set
}

// WriteScore prints a score as a table: every term with its 95%
// confidence interval, weight and contribution, then each landmark pair.
func WriteScore(w io.Writer, s Score) error {
	var b strings.Builder
	ci := func(e Estimate, prec int) string {
		lo, hi := e.CI95()
		return fmt.Sprintf("%.*f .. %.*f", prec, lo, prec, hi)
	}
	np := float64(len(s.Pairs))
	fmt.Fprintf(&b, "%d random boards\n\n", s.Boards)
	fmt.Fprintf(&b, "%-18s %10s  %-20s %8s %12s\n", "term", "value", "95% CI", "weight", "contribution")
	row := func(name, value, interval string, weight, contrib float64) {
		if contrib == 0 {
			contrib = 0 // print 0, not -0
		}
		fmt.Fprintf(&b, "%-18s %10s  %-20s %8.3g %12.4f\n", name, value, interval, weight, contrib)
	}
	wt := s.Weights
	row("bridged sides", strconv.Itoa(s.Bridges), "exact", wt.Bridges, wt.Bridges*float64(s.Bridges))
	row("DupScore", strconv.Itoa(s.DupScore), "exact", wt.DupScore, wt.DupScore*float64(s.DupScore))
	row("fully connected", strconv.Itoa(s.FullyConnected), "exact", wt.FullyConnected, wt.FullyConnected*float64(s.FullyConnected))
	row("extra edges", fmt.Sprintf("%.3f", s.ExtraEdges.Mean), ci(s.ExtraEdges, 3), wt.ExtraEdges, wt.ExtraEdges*s.ExtraEdges.Mean)
	row("path probability", fmt.Sprintf("%.4f", s.PathProb.Mean), ci(s.PathProb, 4), wt.LandmarkPair*np, wt.LandmarkPair*np*s.PathProb.Mean)
	fmt.Fprintf(&b, "%-18s %10.4f  %-20s\n", "objective", s.Objective.Mean, ci(s.Objective, 4))
	if len(s.Pairs) > 0 {
		fmt.Fprintf(&b, "\n%-20s %s\n", "landmark pair", "joined")
	}
	for _, p := range s.Pairs {
		fmt.Fprintf(&b, "%-20s %.4f\n", p.A+" - "+p.B, p.Probability)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
