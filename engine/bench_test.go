package engine_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine"
)

func benchPerft(b *testing.B, g *engine.Game, depth int) {
	s := engine.NewState(g)
	var leaves int64
	for i := 0; i < b.N; i++ {
		n, err := engine.Perft(s, depth)
		if err != nil {
			b.Fatal(err)
		}
		leaves += n
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerftChess(b *testing.B)        { benchPerft(b, shared(b, "dagaz_chess.zrf", ""), 4) }
func BenchmarkPerftFIDEChess(b *testing.B)    { benchPerft(b, game(b, "chess.zrf", ""), 4) }
func BenchmarkPerftBreakthrough(b *testing.B) { benchPerft(b, game(b, "breakthrough.zrf", ""), 4) }
func BenchmarkPerftCheckers(b *testing.B)     { benchPerft(b, game(b, "checkers.zrf", ""), 7) }
func BenchmarkPerftConnectFour(b *testing.B)  { benchPerft(b, game(b, "connect-four.zrf", ""), 6) }
func BenchmarkPerftReversi(b *testing.B)      { benchPerft(b, game(b, "reversi.zrf", ""), 6) }
func BenchmarkPerftGo(b *testing.B)           { benchPerft(b, game(b, "go.zrf", ""), 3) }
func BenchmarkPerftHex(b *testing.B)          { benchPerft(b, game(b, "hex.zrf", ""), 3) }

func benchPlayouts(b *testing.B, g *engine.Game) {
	s := engine.NewState(g)
	rng := rand.New(rand.NewPCG(1, 1))
	var ml engine.MoveList
	plies := 0
	for i := 0; i < b.N; i++ {
		_, n, err := engine.Playout(s, rng, 1000, &ml)
		if err != nil {
			b.Fatal(err)
		}
		plies += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

func BenchmarkPlayoutChess(b *testing.B)        { benchPlayouts(b, game(b, "chess.zrf", "")) }
func BenchmarkPlayoutBreakthrough(b *testing.B) { benchPlayouts(b, game(b, "breakthrough.zrf", "")) }
func BenchmarkPlayoutCheckers(b *testing.B)     { benchPlayouts(b, game(b, "checkers.zrf", "")) }
func BenchmarkPlayoutConnectFour(b *testing.B)  { benchPlayouts(b, game(b, "connect-four.zrf", "")) }
func BenchmarkPlayoutReversi(b *testing.B)      { benchPlayouts(b, game(b, "reversi.zrf", "")) }
func BenchmarkPlayoutGo(b *testing.B)           { benchPlayouts(b, game(b, "go.zrf", "")) }
func BenchmarkPlayoutGo5(b *testing.B)          { benchPlayouts(b, game(b, "go.zrf", "Go 5x5")) }
func BenchmarkPlayoutHex(b *testing.B)          { benchPlayouts(b, game(b, "hex.zrf", "")) }
func BenchmarkPlayoutInternationalDraughts(b *testing.B) {
	benchPlayouts(b, game(b, "international-draughts.zrf", ""))
}

// The reference files of the shared data, for games with no bundled file.
func BenchmarkPlayoutInternational(b *testing.B) {
	benchPlayouts(b, shared(b, "dagaz_international-checkers.zrf", "International Checkers"))
}
func BenchmarkPlayoutAmazons(b *testing.B) { benchPlayouts(b, shared(b, "dagaz_amazons.zrf", "")) }

// benchPositionPlayouts plays random games through the game.Position
// interface, as a search's playouts do, to show its cost over Playout.
func benchPositionPlayouts(b *testing.B, g *engine.Game) {
	pos := engine.NewPosition(engine.NewState(g), nil)
	rng := rand.New(rand.NewPCG(1, 1))
	var moves []engine.Ply
	plies := 0
	for i := 0; i < b.N; i++ {
		n := 0
		for ; n < 1000; n++ {
			if _, over := pos.Result(); over {
				break
			}
			moves = pos.Moves(moves[:0])
			pos.Play(moves[rng.IntN(len(moves))])
		}
		for k := 0; k < n; k++ {
			pos.Undo()
		}
		plies += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

func BenchmarkPositionPlayoutChess(b *testing.B) { benchPositionPlayouts(b, game(b, "chess.zrf", "")) }
func BenchmarkPositionPlayoutBreakthrough(b *testing.B) {
	benchPositionPlayouts(b, game(b, "breakthrough.zrf", ""))
}
func BenchmarkPositionPlayoutCheckers(b *testing.B) {
	benchPositionPlayouts(b, game(b, "checkers.zrf", ""))
}
func BenchmarkPositionPlayoutConnectFour(b *testing.B) {
	benchPositionPlayouts(b, game(b, "connect-four.zrf", ""))
}

// TestBenchReport writes a report for one small game: a playout row and
// a perft row with the exact count.
func TestBenchReport(t *testing.T) {
	g := game(t, "tic-tac-toe.zrf", "")
	var b strings.Builder
	bg := engine.BenchGame{Name: "tic-tac-toe", File: "tic-tac-toe.zrf", Game: g, PerftDepth: 3, RBG: "-", Dagaz: "-", Target: 1}
	if err := engine.WriteBenchReport(context.Background(), &b, []engine.BenchGame{bg}, time.Millisecond, 100, 1); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"| game | file | playouts/s | plies/game | plies/s | via game.Position | target | rbg2cpp | Dagaz |",
		"| tic-tac-toe | tic-tac-toe.zrf | ",
		"| tic-tac-toe | 3 | 504 | ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}
