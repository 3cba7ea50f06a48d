package arena

import (
	"math"
	"slices"
)

// Z95 is the standard normal quantile of two-sided 95% intervals.
const Z95 = 1.959963984540054

// Interval is a confidence interval, [low, high]; it is written to JSON
// as a two-number array.
type Interval [2]float64

// Wilson returns the Wilson score interval of a proportion: k successes
// in n trials, at normal quantile z. Unlike the textbook p ± z·se, it
// stays inside [0, 1] and does not shrink to a point when k is 0 or n.
func Wilson(k float64, n int, z float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	return ScoreInterval(k/float64(n), 0, n, z)
}

// ScoreInterval is the Wilson interval of a mean score s of n games
// (1 a win, 1/2 a draw, 0 a loss) in which a fraction d were drawn. Draws
// make scores less spread than wins and losses alone: a game's score has
// variance p(1-p) - d/4 when its mean is p, so the interval is the set of
// p with (s-p)² <= z²/n · (p(1-p) - d/4), which is Wilson's when d is 0.
func ScoreInterval(s, d float64, n int, z float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	k := z * z / float64(n)
	a, b, c := 1+k, -(2*s + k), s*s+k*d/4
	root := math.Sqrt(max(b*b-4*a*c, 0))
	lo, hi := (-b-root)/(2*a), (-b+root)/(2*a)
	// At a score of 0 or 1 a bound is exactly 0 or 1: keep rounding off it.
	if s <= 0 {
		lo = 0
	}
	if s >= 1 {
		hi = 1
	}
	return Interval{clamp01(lo), clamp01(hi)}
}

func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// EloLimit bounds reported Elo differences: a score of 0 or 1 has no
// finite Elo difference (the odds are infinite), so it is reported as
// ±EloLimit, the Elo of odds of about 300 to 1.
const EloLimit = 1000

// Elo returns the rating difference that predicts a mean score s:
// -400·log10(1/s - 1), within ±EloLimit.
func Elo(s float64) float64 {
	if s <= 0 {
		return -EloLimit
	}
	if s >= 1 {
		return EloLimit
	}
	return min(max(-400*math.Log10(1/s-1), -EloLimit), EloLimit)
}

// EloInterval maps a score interval to Elo (Elo is increasing, so the
// bounds map to bounds).
func EloInterval(iv Interval) Interval {
	return Interval{Elo(iv[0]), Elo(iv[1])}
}

// LOS is the likelihood of superiority: the probability that the side
// with w wins and l losses (draws say nothing here) is the stronger,
// Φ((w-l)/√(w+l)) in the normal approximation.
func LOS(w, l int) float64 {
	if w+l == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(w-l)/math.Sqrt(2*float64(w+l))))
}

// Tally counts one side's games.
type Tally struct {
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"` // the sum of the side's results
}

// add counts a game the side played in seat seat.
func (t *Tally) add(r *Record, seat int) {
	t.Games++
	t.Points += r.Scores[seat]
	switch w := r.Winner(); {
	case w == seat:
		t.Wins++
	case w < 0:
		t.Draws++
	default:
		t.Losses++
	}
}

// Score is the mean result per game.
func (t Tally) Score() float64 {
	if t.Games == 0 {
		return 0
	}
	return t.Points / float64(t.Games)
}

// ScoreInterval is the 95% interval of Score (see ScoreInterval). The
// draw rate is estimated as if two more decisive games had been played:
// taken at face value, a short match of nothing but draws would claim a
// score of exactly 1/2, an interval of no width.
func (t Tally) ScoreInterval() Interval {
	if t.Games == 0 {
		return Interval{0, 1}
	}
	return ScoreInterval(t.Score(), float64(t.Draws)/float64(t.Games+2), t.Games, Z95)
}

// Summary describes a sample of numbers.
type Summary struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// Summarize returns the mean, median and range of xs.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	var sum float64
	for _, x := range s {
		sum += x
	}
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Summary{Mean: sum / float64(len(s)), Median: med, Min: s[0], Max: s[len(s)-1]}
}

// Ratings fits Elo ratings to a round robin by maximum likelihood under
// the Bradley-Terry model, a draw counting as half a win for each side:
// points[i][j] is what i scored against j in games[i][j] games. Every
// pair that met gets one virtual draw more, a prior that keeps a perfect
// score's rating finite. Ratings average 0; a player without games is
// rated 0. The fit is Hunter's MM iteration.
func Ratings(points, games [][]float64) []float64 {
	n := len(points)
	gamma := make([]float64, n)
	wins := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
		for j := range n {
			if i != j && games[i][j] > 0 {
				wins[i] += points[i][j] + 0.5
			}
		}
	}
	for iter := 0; iter < 100000; iter++ {
		change := 0.0
		for i := range n {
			var denom float64
			for j := range n {
				if i != j && games[i][j] > 0 {
					denom += (games[i][j] + 1) / (gamma[i] + gamma[j])
				}
			}
			if denom == 0 {
				continue
			}
			next := wins[i] / denom
			change = max(change, math.Abs(math.Log(next/gamma[i])))
			gamma[i] = next
		}
		// The model fixes ratings up to a common factor of gamma:
		// keep their geometric mean at 1 so that nothing drifts.
		var logs float64
		for _, g := range gamma {
			logs += math.Log(g)
		}
		for i := range gamma {
			gamma[i] /= math.Exp(logs / float64(n))
		}
		if change < 1e-13 {
			break
		}
	}
	ratings := make([]float64, n)
	var mean float64
	rated := 0
	for i, g := range gamma {
		if wins[i] > 0 {
			ratings[i] = 400 * math.Log10(g)
			mean += ratings[i]
			rated++
		}
	}
	for i := range ratings {
		if wins[i] > 0 {
			ratings[i] -= mean / float64(rated)
		}
	}
	return ratings
}
