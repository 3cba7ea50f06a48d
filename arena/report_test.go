package arena

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// synthetic returns a match of A against B, alternating seats, in which
// the first bot wins `wins` games, draws `draws` and loses the rest: game
// i is i+5 plies long and every decision takes A 2ms and B 1ms.
func synthetic(wins, draws, losses int) []*Record {
	var recs []*Record
	for i := 0; i < wins+draws+losses; i++ {
		seats := []string{"A", "B"}
		if i%2 == 1 {
			seats = []string{"B", "A"}
		}
		a := 1.0 // A's score
		reason := "A won"
		switch {
		case i >= wins+draws:
			a, reason = 0, "B won"
		case i >= wins:
			a, reason = 0.5, "draw"
		}
		scores := []float64{a, 1 - a}
		if seats[0] == "B" {
			scores = []float64{1 - a, a}
		}
		r := &Record{Game: "synthetic", Index: i, Seats: seats, Scores: scores, Reason: reason,
			Moves: make([]string, i+5), Decisions: []int{3, 2}, Nodes: []int64{30, 20}}
		r.Time = []time.Duration{3 * time.Millisecond, 2 * time.Millisecond} // seat 0: 3 decisions, seat 1: 2
		if seats[0] == "A" {
			r.Time = []time.Duration{6 * time.Millisecond, 2 * time.Millisecond}
		} else {
			r.Time = []time.Duration{3 * time.Millisecond, 4 * time.Millisecond}
		}
		recs = append(recs, r)
	}
	return recs
}

func TestMatchReportOnSyntheticResults(t *testing.T) {
	m := NewMatchReport("synthetic", []string{"A", "B"}, 0, synthetic(45, 30, 25))
	if m.Games != 100 || m.Wins[0] != 45 || m.Wins[1] != 25 || m.Draws != 30 || m.Losses[0] != 25 || m.Losses[1] != 45 {
		t.Fatalf("games %d wins %v draws %d losses %v", m.Games, m.Wins, m.Draws, m.Losses)
	}
	// Score 0.6; the interval is ScoreInterval's with the draw rate taken
	// as 30 of 102 games (see Tally.ScoreInterval): 0.518-0.675, Elo +70.4
	// in 12.3-126.9; LOS Φ(20/√70).
	if !near(m.Score[0], 0.6, 1e-12) || !near(m.Score[1], 0.4, 1e-12) {
		t.Errorf("scores %v", m.Score)
	}
	want := ScoreInterval(0.6, 30.0/102, 100, Z95)
	if !near(m.ScoreCI[0][0], want[0], 1e-9) || !near(m.ScoreCI[0][1], want[1], 1e-9) || !near(want[0], 0.51774, 1e-5) {
		t.Errorf("score interval %v", m.ScoreCI[0])
	}
	if !near(m.Elo, 70.43650, 1e-4) || !near(m.EloCI[0], 12.33113, 1e-4) || !near(m.EloCI[1], 126.85955, 1e-4) {
		t.Errorf("Elo %v %v", m.Elo, m.EloCI)
	}
	if !near(m.LOS, 0.9915863, 1e-6) {
		t.Errorf("LOS %v", m.LOS)
	}
	if !near(m.WinRateCI[0][0], Wilson(45, 100, Z95)[0], 1e-12) || !near(m.DrawRateCI[1], Wilson(30, 100, Z95)[1], 1e-12) {
		t.Errorf("win rate %v, draw rate %v", m.WinRateCI, m.DrawRateCI)
	}
	// Games alternate seats: A won the even games among the first 45
	// (23 as first player) and lost the last 25 (12 as first player).
	fp := m.FirstPlayer
	if fp.Wins != 23+13 || fp.Losses != 22+12 || fp.Draws != 30 {
		t.Errorf("first player %+v", fp.Tally)
	}
	if a := m.BySeat[0]; a[0].Wins != 23 || a[1].Wins != 22 || a[0].Games != 50 {
		t.Errorf("A by seat %+v", a)
	}
	if m.Length != (Summary{Mean: 54.5, Median: 54.5, Min: 5, Max: 104}) {
		t.Errorf("length %+v", m.Length)
	}
	if len(m.Endings) != 3 || m.Endings[0] != (Ending{"A won", 45}) || m.Endings[2] != (Ending{"B won", 25}) {
		t.Errorf("endings %v", m.Endings)
	}
	// A thinks 2ms a move and B 1ms, searching 10 nodes a move each.
	if !near(m.TimePerMove[0], 2, 1e-9) || !near(m.TimePerMove[1], 1, 1e-9) || m.NodesPerMove[0] != 10 {
		t.Errorf("time per move %v, nodes %v", m.TimePerMove, m.NodesPerMove)
	}
}

// TestMatchJSON checks the fields tools rely on.
func TestMatchJSON(t *testing.T) {
	m := NewMatchReport("synthetic", []string{"A", "B"}, 7, synthetic(6, 2, 2))
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Games int        `json:"games"`
		Wins  []int      `json:"wins"`
		Draws int        `json:"draws"`
		Elo   float64    `json:"elo"`
		EloCI [2]float64 `json:"elo_ci"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Games != 10 || got.Wins[0] != 6 || got.Wins[1] != 2 || got.Draws != 2 || got.Elo != m.Elo || got.EloCI != m.EloCI {
		t.Errorf("%s", data)
	}
}

func TestMatchText(t *testing.T) {
	var b strings.Builder
	if err := NewMatchReport("synthetic", []string{"A", "B"}, 7, synthetic(45, 30, 25)).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"synthetic: A vs B, 100 games (seed 7)",
		"A    45    30     25      60.0%  51.8-67.5%",
		"Elo difference: +70 (95% CI +12 to +127), likelihood of superiority 99.2%",
		"First player: 36 wins, 30 draws, 34 losses, score 51.0%",
		"Endings: A won (45 games), draw (30 games), B won (25 games)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}

func TestTournamentReportOnSyntheticResults(t *testing.T) {
	// A beats B 6-4 (with 2 draws), and C, who plays like B, loses to A
	// by the same score and draws every game with B.
	recs := synthetic(5, 2, 3)
	for _, r := range synthetic(5, 2, 3) {
		r.Seats = []string{strings.ReplaceAll(r.Seats[0], "B", "C"), strings.ReplaceAll(r.Seats[1], "B", "C")}
		recs = append(recs, r)
	}
	for i := 0; i < 10; i++ {
		recs = append(recs, &Record{Seats: []string{"B", "C"}, Scores: []float64{0.5, 0.5}, Reason: "draw",
			Decisions: []int{1, 1}, Time: make([]time.Duration, 2), Nodes: make([]int64, 2)})
	}
	tr := NewTournamentReport("synthetic", []string{"A", "B", "C"}, 0, 10, recs)
	if tr.Points[0][1] != 6 || tr.Points[1][0] != 4 || tr.Points[1][2] != 5 || tr.Played[0][2] != 10 {
		t.Errorf("points %v played %v", tr.Points, tr.Played)
	}
	if !near(tr.Elo[1], tr.Elo[2], 1e-9) || tr.Elo[0] <= tr.Elo[1] || !near(tr.Elo[0]+tr.Elo[1]+tr.Elo[2], 0, 1e-9) {
		t.Errorf("ratings %v", tr.Elo)
	}
	if tr.Totals[0].Points != 12 || tr.Totals[1].Games != 20 {
		t.Errorf("totals %+v", tr.Totals)
	}
}
