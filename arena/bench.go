package arena

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

// SpeedGame is a game of the search-overhead measurement.
type SpeedGame struct {
	Name string
	File string
	Game *games.Game
}

// Speed is what MeasureSpeed finds for one game.
type Speed struct {
	// Raw is the engine's own random playouts per second (engine.Playout
	// on a State), Adapter the same through game.Position as MCTS plays
	// them (search.Playouter); Plies their mean length.
	Raw, Adapter, Plies float64
	// MCTS is iterations per second of one decision from the start, on one
	// tree; MCTS2 on two trees (threads=2).
	MCTS, MCTS2 float64
}

// MeasureSpeed measures random playouts for about d each way and times
// an MCTS decision of the given iterations from the start.
func MeasureSpeed(ctx context.Context, g *games.Game, d time.Duration, iterations int, seed uint64) (Speed, error) {
	var sp Speed
	raw, err := engine.MeasurePlayouts(ctx, g.Compiled, d, 1000, seed)
	if err != nil {
		return sp, err
	}
	sp.Raw, sp.Plies = raw.PerSecond(), float64(raw.Plies)/float64(raw.Playouts)
	if sp.Adapter, _, err = search.PlayoutRate(ctx, g.New(), d, seed); err != nil {
		return sp, err
	}
	for _, w := range []int{1, 2} {
		bot, err := g.Bots.Bot(fmt.Sprintf("mcts:iterations=%d,threads=%d,seed=%d", iterations, w, seed))
		if err != nil {
			return sp, err
		}
		start := time.Now()
		dec, err := bot.Choose(ctx, g.New())
		if err != nil {
			return sp, err
		}
		rate := float64(dec.Nodes) / time.Since(start).Seconds()
		if w == 1 {
			sp.MCTS = rate
		} else {
			sp.MCTS2 = rate
		}
	}
	return sp, nil
}

// WriteSpeedReport measures every game and writes a Markdown table:
// raw playouts per second against MCTS iterations per second.
func WriteSpeedReport(ctx context.Context, w io.Writer, games []SpeedGame, d time.Duration, iterations int, seed uint64) error {
	fmt.Fprintf(w, "| game | file | engine playouts/s | through game.Position | plies/playout | MCTS iterations/s, 1 tree | 2 trees | engine ÷ MCTS |\n")
	fmt.Fprintf(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, g := range games {
		sp, err := MeasureSpeed(ctx, g.Game, d, iterations, seed)
		if err != nil {
			return fmt.Errorf("%s: %w", g.File, err)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %.1f | %s | %s | %.2f |\n", g.Name, g.File,
			thousands(sp.Raw), thousands(sp.Adapter), sp.Plies, thousands(sp.MCTS), thousands(sp.MCTS2), sp.Raw/sp.MCTS)
	}
	_, err := fmt.Fprintf(w, "\nMCTS: one decision of %d iterations from the start position; playouts: %v per game.\n", iterations, d)
	return err
}

// thousands writes x rounded, with commas between thousands.
func thousands(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
