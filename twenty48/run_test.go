package twenty48

import (
	"bytes"
	"context"
	"math"
	"testing"
)

// TestWorkersDoNotChangeGames plays the same games on one and on three
// workers: with a depth budget (fixed, adaptive, or shallower on roomy
// boards), games and records must be identical, although the workers
// reuse each other's search states and transposition tables.
func TestWorkersDoNotChangeGames(t *testing.T) {
	tests := []struct {
		name string
		cfg  RunConfig
	}{
		{"depth 1", RunConfig{Player: PlayerSpec{Kind: "expectimax", Eval: "nneonneo", Depth: 1, MinProb: DefaultMinProb}, Seed: 20, Games: 5}},
		{"depth 2", RunConfig{Player: PlayerSpec{Kind: "expectimax", Eval: "ludus", Depth: 2, MinProb: DefaultMinProb}, Seed: 30, Games: 3, MaxMoves: 400}},
		{"adaptive", RunConfig{Player: PlayerSpec{Kind: "expectimax", Eval: "nneonneo", MinDepth: 1, MaxDepth: 2, MinProb: DefaultMinProb}, Seed: 40, Games: 3, MaxMoves: 300}},
		{"roomy", RunConfig{Player: PlayerSpec{Kind: "expectimax", Eval: "ludus", Depth: 2, RoomyEmpty: 8, MinProb: DefaultMinProb}, Seed: 50, Games: 3, MaxMoves: 300}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec1, rec3 bytes.Buffer
			one, err := Run(context.Background(), tt.cfg, RunOptions{Workers: 1, Record: &rec1})
			if err != nil {
				t.Fatal(err)
			}
			three, err := Run(context.Background(), tt.cfg, RunOptions{Workers: 3, Record: &rec3})
			if err != nil {
				t.Fatal(err)
			}
			if len(one) != tt.cfg.Games || len(three) != tt.cfg.Games {
				t.Fatalf("played %d and %d games, want %d", len(one), len(three), tt.cfg.Games)
			}
			for i := range one {
				a, b := one[i], three[i]
				if a.Game != b.Game || a.Score != b.Score || a.Moves != b.Moves || a.MaxTile != b.MaxTile || a.Evals != b.Evals {
					t.Fatalf("game %d differs: %+v and %+v", i, a, b)
				}
			}
			if !bytes.Equal(rec1.Bytes(), rec3.Bytes()) {
				t.Fatal("records differ between 1 and 3 workers")
			}
		})
	}
}

// TestSpawnDistribution checks the spawn law of the original game: a 4
// with probability 0.1, cells uniform among the empty ones.
func TestSpawnDistribution(t *testing.T) {
	const n = 200000
	g := NewGame(99)
	fours := 0
	var cells [16]int
	for i := 0; i < n; i++ {
		g.Board = 0x0000_0000_0000_0021 // two tiles, 14 empty cells
		cell, v := g.spawn()
		if g.Board.Rank(cell) != 0 {
			t.Fatalf("spawned on occupied cell %d", cell)
		}
		if v == 4 {
			fours++
		}
		cells[cell]++
	}
	p := float64(fours) / n
	if math.Abs(p-Prob4) > 4*math.Sqrt(Prob4*Prob2/n) {
		t.Errorf("share of 4s %.4f, want %.1f", p, Prob4)
	}
	want := float64(n) / 14
	for c := 2; c < 16; c++ {
		if math.Abs(float64(cells[c])-want) > 5*math.Sqrt(want) {
			t.Errorf("cell %d: %d spawns, want about %.0f", c, cells[c], want)
		}
	}
}

// TestBaselines checks the baselines against each other: greedy beats
// random on average, and every game ends on a dead board.
func TestBaselines(t *testing.T) {
	mean := func(kind string) float64 {
		games, err := Run(context.Background(), RunConfig{Player: PlayerSpec{Kind: kind}, Seed: 1, Games: 40}, RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return Summarize(games).MeanScore
	}
	r, g := mean("random"), mean("greedy")
	if !(g > 1.5*r) {
		t.Errorf("greedy mean %.0f, random %.0f: greedy should be well ahead", g, r)
	}
}

func TestSummarize(t *testing.T) {
	games := []GameResult{
		{Game: 1, Score: 100, MaxTile: 2048, Moves: 10, PhaseMoves: [3]int{10}, PhaseNanos: [3]int64{1e9}},
		{Game: 2, Score: 300, MaxTile: 8192, Moves: 30, PhaseMoves: [3]int{10, 10, 10}, PhaseNanos: [3]int64{1e9, 2e9, 3e9}},
		{Game: 3, Score: 200, MaxTile: 512},
	}
	s := Summarize(games)
	if s.MeanScore != 200 || s.MedianScore != 200 || s.MinScore != 100 || s.MaxScore != 300 {
		t.Errorf("scores %+v", s)
	}
	if s.Reach["2048"] != 2.0/3 || s.Reach["8192"] != 1.0/3 || s.Reach["16384"] != 0 {
		t.Errorf("reach %v", s.Reach)
	}
	if s.MsPerMove["before_2048"] != 100 || s.MsPerMove["after_4096"] != 300 || s.MovesPerSecond != 40.0/7 {
		t.Errorf("timing %v, %v moves/s", s.MsPerMove, s.MovesPerSecond)
	}
}
