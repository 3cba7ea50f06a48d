package arena

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The expected values below were worked out by hand from the formulas
// (Wilson: centre (p + z²/2n)/(1 + z²/n), half-width
// z/(1 + z²/n)·√(p(1-p)/n + z²/4n²); Elo: -400·log10(1/s - 1)); the
// Wilson interval of 8 in 10, 0.490-0.943, is the one statistics texts
// print.
func TestIntervals(t *testing.T) {
	for _, tt := range []struct {
		name   string
		got    Interval
		lo, hi float64
	}{
		{"wilson 8/10", Wilson(8, 10, Z95), 0.4901625, 0.9433178},
		{"wilson 0/20", Wilson(0, 20, Z95), 0, 0.1611252},
		{"wilson 20/20", Wilson(20, 20, Z95), 0.8388748, 1},
		{"wilson no games", Wilson(0, 0, Z95), 0, 1},
		// 45 wins, 30 draws, 25 losses: score 0.6, per-game variance
		// 0.6·0.4 - 0.3/4 = 0.165.
		{"score with draws", ScoreInterval(0.6, 0.3, 100, Z95), 0.5180855, 0.6745158},
		{"score without draws is wilson", ScoreInterval(0.8, 0, 10, Z95), 0.4901625, 0.9433178},
		{"elo of the score interval", EloInterval(ScoreInterval(0.6, 0.3, 100, Z95)), 12.57257, 126.58490},
	} {
		if !near(tt.got[0], tt.lo, 1e-5) || !near(tt.got[1], tt.hi, 1e-5) {
			t.Errorf("%s: %v, want [%v %v]", tt.name, tt.got, tt.lo, tt.hi)
		}
	}
}

func TestElo(t *testing.T) {
	for _, tt := range []struct{ score, elo float64 }{
		{0.5, 0}, {0.6, 70.43650}, {0.75, 190.84850}, {0.25, -190.84850},
		{10.0 / 11, 400}, // odds of 10 to 1 are 400 points
		{1, EloLimit}, {0, -EloLimit}, {0.9999999, EloLimit},
	} {
		if got := Elo(tt.score); !near(got, tt.elo, 1e-4) {
			t.Errorf("Elo(%v) = %v, want %v", tt.score, got, tt.elo)
		}
	}
	// Φ(20/√70) for 45 wins and 25 losses.
	if got := LOS(45, 25); !near(got, 0.9915863, 1e-6) {
		t.Errorf("LOS(45, 25) = %v", got)
	}
	if LOS(0, 0) != 0.5 || LOS(3, 3) != 0.5 {
		t.Error("LOS without a difference is not 1/2")
	}
}

// TestScoreIntervalCoverage checks by simulation that the interval holds
// the true score about 95% of the time, with and without draws.
func TestScoreIntervalCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct{ win, draw float64 }{{0.5, 0}, {0.45, 0.3}, {0.2, 0.6}, {0.8, 0.1}} {
		truth := tt.win + tt.draw/2
		const trials, games = 2000, 200
		hits := 0
		for i := 0; i < trials; i++ {
			var points, draws float64
			for g := 0; g < games; g++ {
				switch x := rng.Float64(); {
				case x < tt.win:
					points++
				case x < tt.win+tt.draw:
					points += 0.5
					draws++
				}
			}
			iv := ScoreInterval(points/games, draws/games, games, Z95)
			if iv[0] <= truth && truth <= iv[1] {
				hits++
			}
		}
		if cover := float64(hits) / trials; cover < 0.93 || cover > 0.97 {
			t.Errorf("win %v draw %v: coverage %v, want about 0.95", tt.win, tt.draw, cover)
		}
	}
}

func TestRatings(t *testing.T) {
	// Two bots, 7 wins, 1 draw and 2 losses: with the virtual draw the
	// first scores 8 of 11, 400·log10(8/3) = 170.4 Elo above the other.
	r := Ratings([][]float64{{0, 7.5}, {2.5, 0}}, [][]float64{{0, 10}, {10, 0}})
	if !near(r[0], 85.19375, 1e-4) || !near(r[1], -85.19375, 1e-4) {
		t.Errorf("two bots: %v, want ±85.19", r)
	}
	// A perfect score stays finite.
	r = Ratings([][]float64{{0, 10}, {0, 0}}, [][]float64{{0, 10}, {10, 0}})
	if !near(r[0]-r[1], 400*math.Log10(21), 1e-4) {
		t.Errorf("perfect score: %v", r)
	}
	// At the fit, every bot's expected points, virtual draws included,
	// equal its points: the maximum-likelihood condition.
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 5
	points, games := make([][]float64, n), make([][]float64, n)
	for i := range points {
		points[i], games[i] = make([]float64, n), make([]float64, n)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			g := float64(rng.IntN(20))
			p := math.Round(rng.Float64()*g*2) / 2
			points[i][j], points[j][i], games[i][j], games[j][i] = p, g-p, g, g
		}
	}
	r = Ratings(points, games)
	var sum float64
	for i := 0; i < n; i++ {
		sum += r[i]
		var want, got float64
		for j := 0; j < n; j++ {
			if i == j || games[i][j] == 0 {
				continue
			}
			want += points[i][j] + 0.5
			got += (games[i][j] + 1) / (1 + math.Pow(10, (r[j]-r[i])/400))
		}
		if !near(got, want, 1e-6) {
			t.Errorf("bot %d: expected points %v, scored %v", i, got, want)
		}
	}
	if !near(sum, 0, 1e-9) {
		t.Errorf("ratings sum to %v", sum)
	}
}

func TestSummarize(t *testing.T) {
	s := Summarize([]float64{3, 1, 2, 10})
	if s != (Summary{Mean: 4, Median: 2.5, Min: 1, Max: 10}) {
		t.Errorf("%+v", s)
	}
	if s := Summarize([]float64{5, 1, 3}); s.Median != 3 {
		t.Errorf("%+v", s)
	}
	if s := Summarize(nil); s != (Summary{}) {
		t.Errorf("%+v", s)
	}
}

// TestTallyIntervalAllDraws checks that a short match of draws does not
// claim to know the score exactly.
func TestTallyIntervalAllDraws(t *testing.T) {
	tally := Tally{Games: 6, Draws: 6, Points: 3}
	iv := tally.ScoreInterval()
	if !(iv[0] < 0.4 && iv[1] > 0.6) {
		t.Errorf("6 draws of 6: interval %v, want one around 0.5 wider than 0.4-0.6", iv)
	}
	many := Tally{Games: 1000, Draws: 300, Points: 600}
	got, want := many.ScoreInterval(), ScoreInterval(0.6, 0.3, 1000, Z95)
	if !near(got[0], want[0], 1e-3) || !near(got[1], want[1], 1e-3) {
		t.Errorf("1000 games: %v, want about %v", got, want)
	}
}
