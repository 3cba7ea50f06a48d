package twenty48

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"
)

// ReachTiles are the tiles whose reach rates a summary reports.
var ReachTiles = []int{2048, 4096, 8192, 16384, 32768, 65536, 131072}

// Summary is the statistics of a set of games.
type Summary struct {
	Games       int                `json:"games"`
	MeanScore   float64            `json:"mean_score"`
	MedianScore float64            `json:"median_score"`
	MinScore    int                `json:"min_score"`
	MaxScore    int                `json:"max_score"`
	Reach       map[string]float64 `json:"reach"` // tile -> share of games
	Moves       int64              `json:"moves"`
	// MovesPerSecond and EvalsPerSecond are per thinking thread: moves
	// over the CPU time spent choosing them.
	MovesPerSecond float64            `json:"moves_per_second"`
	EvalsPerSecond float64            `json:"evals_per_second"`
	MsPerMove      map[string]float64 `json:"ms_per_move"` // by phase, and "all"
	Evals          int64              `json:"evals"`
	ThinkSeconds   float64            `json:"think_seconds"`
}

// Summarize computes the statistics of games.
func Summarize(games []GameResult) Summary {
	s := Summary{Games: len(games), Reach: map[string]float64{}, MsPerMove: map[string]float64{}}
	if len(games) == 0 {
		return s
	}
	scores := make([]int, len(games))
	var moves [phases]int64
	var nanos [phases]int64
	var total float64
	for i, g := range games {
		scores[i] = g.Score
		total += float64(g.Score)
		s.Moves += int64(g.Moves)
		s.Evals += g.Evals
		for p := 0; p < phases; p++ {
			moves[p] += int64(g.PhaseMoves[p])
			nanos[p] += g.PhaseNanos[p]
		}
	}
	slices.Sort(scores)
	n := len(scores)
	s.MeanScore = total / float64(n)
	s.MedianScore = float64(scores[(n-1)/2]+scores[n/2]) / 2
	s.MinScore, s.MaxScore = scores[0], scores[n-1]
	for _, t := range ReachTiles {
		c := 0
		for _, g := range games {
			if g.MaxTile >= t {
				c++
			}
		}
		s.Reach[strconv.Itoa(t)] = float64(c) / float64(n)
	}
	var allMoves, allNanos int64
	for p := 0; p < phases; p++ {
		allMoves += moves[p]
		allNanos += nanos[p]
		if moves[p] > 0 {
			s.MsPerMove[PhaseNames[p]] = float64(nanos[p]) / float64(moves[p]) / 1e6
		}
	}
	s.ThinkSeconds = float64(allNanos) / 1e9
	if allMoves > 0 {
		s.MsPerMove["all"] = float64(allNanos) / float64(allMoves) / 1e6
	}
	if allNanos > 0 {
		s.MovesPerSecond = float64(allMoves) / s.ThinkSeconds
		s.EvalsPerSecond = float64(s.Evals) / s.ThinkSeconds
	}
	return s
}

// WriteText prints the summary as a short human-readable report.
func (s Summary) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("games          %d\n", s.Games)
	ew.printf("score          mean %.0f, median %.0f, min %d, max %d\n", s.MeanScore, s.MedianScore, s.MinScore, s.MaxScore)
	ew.printf("reached        ")
	for i, t := range ReachTiles {
		if i > 0 {
			ew.printf(", ")
		}
		ew.printf("%d %.1f%%", t, 100*s.Reach[strconv.Itoa(t)])
	}
	ew.printf("\n")
	ew.printf("moves          %d (%.0f per second of thinking", s.Moves, s.MovesPerSecond)
	if s.Evals > 0 {
		ew.printf(", %.1fM evaluations per second", s.EvalsPerSecond/1e6)
	}
	ew.printf(")\n")
	ew.printf("ms per move    ")
	for i, p := range PhaseNames {
		if i > 0 {
			ew.printf(", ")
		}
		if v, ok := s.MsPerMove[p]; ok {
			ew.printf("%s %.3f", p, v)
		} else {
			ew.printf("%s -", p)
		}
	}
	ew.printf(", all %.3f\n", s.MsPerMove["all"])
	ew.printf("thinking time  %v\n", time.Duration(s.ThinkSeconds*1e9).Round(time.Millisecond))
	return ew.err
}

// errWriter keeps the first write error, so that a report can be printed
// line by line and checked once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
