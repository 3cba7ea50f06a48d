package engine_test

import (
	"math/rand/v2"
	"testing"

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
