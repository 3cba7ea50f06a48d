package engine

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"time"
)

// BenchGame is one line of the engine benchmark: a compiled game with the
// reference figures it is compared with (random playouts per second on one
// core, from the engine facts: compiled Regular Boardgames and Dagaz).
type BenchGame struct {
	Name       string
	File       string
	Game       *Game
	PerftDepth int
	RBG        string
	Dagaz      string
	Target     float64 // playouts/s to reach (0: none)
}

// WriteBenchReport measures playouts (for about d per game, at most
// maxPlies moves each) and one perft per game on the calling goroutine,
// and writes a Markdown report, row by row; ctx stops it.
func WriteBenchReport(ctx context.Context, w io.Writer, games []BenchGame, d time.Duration, maxPlies int, seed uint64) error {
	fmt.Fprintf(w, "Random playouts and perft on one core (%s, %s/%s, one goroutine).\n\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintln(w, "| game | file | playouts/s | plies/game | plies/s | via game.Position | target | rbg2cpp | Dagaz |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, bg := range games {
		st, err := MeasurePlayouts(ctx, bg.Game, d, maxPlies, seed)
		if err != nil {
			return fmt.Errorf("%s: %w", bg.Name, err)
		}
		via, err := MeasurePositionPlayouts(ctx, bg.Game, d, maxPlies, seed)
		if err != nil {
			return fmt.Errorf("%s: %w", bg.Name, err)
		}
		target := "-"
		if bg.Target > 0 {
			target = fmt.Sprintf("%.0f", bg.Target)
		}
		fmt.Fprintf(w, "| %s | %s | %.0f | %.0f | %.0f | %.0f | %s | %s | %s |\n", bg.Name, bg.File,
			st.PerSecond(), float64(st.Plies)/float64(st.Playouts), float64(st.Plies)/st.Seconds,
			via.PerSecond(), target, bg.RBG, bg.Dagaz)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| game | perft depth | leaves | seconds | leaves/s |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: |")
	for _, bg := range games {
		n, secs, err := MeasurePerft(ctx, bg.Game, bg.PerftDepth)
		if err != nil {
			return fmt.Errorf("%s: %w", bg.Name, err)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %.2f | %.0f |\n", bg.Name, bg.PerftDepth, n, secs, float64(n)/secs)
	}
	fmt.Fprintf(w, "\nPlayouts stop at a goal or after %d moves.\n", maxPlies)
	return nil
}
