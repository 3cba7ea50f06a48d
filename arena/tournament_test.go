package arena_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestTournamentTicTacToe(t *testing.T) {
	bots := tttBots(t, "random", "alphabeta:depth=1", "alphabeta:depth=9")
	tr, err := arena.Tournament(context.Background(), ticTacToe, bots, arena.Options{Games: 10, Seed: 2, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Games != 30 || tr.GamesPerPair != 10 {
		t.Fatalf("%d games, %d per pair", tr.Games, tr.GamesPerPair)
	}
	for i := range bots {
		for j := range bots {
			if i != j && (tr.Played[i][j] != 10 || tr.Points[i][j]+tr.Points[j][i] != 10) {
				t.Errorf("%d against %d: %v points of %d", i, j, tr.Points[i][j], tr.Played[i][j])
			}
		}
	}
	if !(tr.Elo[2] > tr.Elo[1] && tr.Elo[1] > tr.Elo[0]) || math.Abs(tr.Elo[0]+tr.Elo[1]+tr.Elo[2]) > 1e-6 {
		t.Errorf("ratings %v", tr.Elo)
	}
	if tr.Points[2][0] < 8 || tr.Totals[2].Losses != 0 {
		t.Errorf("full depth: %v points against random, %d losses", tr.Points[2][0], tr.Totals[2].Losses)
	}
	var b strings.Builder
	if err := tr.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if !strings.Contains(lines[3], "alphabeta:depth=9") || !strings.Contains(b.String(), "Cells: points") {
		t.Errorf("best bot not first:\n%s", b.String())
	}
	if _, err := arena.Tournament(context.Background(), ticTacToe, bots[:1], arena.Options{Games: 2}); err == nil {
		t.Error("a tournament of one bot ran")
	}
}

// TestBalanceTicTacToe measures random tic-tac-toe, whose figures are
// known: the k-th move has 10-k choices, and the first player wins about
// 58.5% of random games, the second 28.8%, 12.7% are drawn.
func TestBalanceTicTacToe(t *testing.T) {
	bots := tttBots(t, "random")
	b, err := arena.Balance(context.Background(), ticTacToe, bots[0], arena.Options{Games: 1000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range b.BranchingByMove {
		if v != float64(9-k) {
			t.Errorf("move %d: %v legal moves, want %d", k+1, v, 9-k)
		}
	}
	if b.Branching.Max != 9 || b.Branching.Min != 1 || b.Length.Min != 5 || b.Length.Max != 9 {
		t.Errorf("branching %+v, length %+v", b.Branching, b.Length)
	}
	for _, tt := range []struct {
		name  string
		ci    arena.Interval
		truth float64
	}{
		{"first player wins", b.FirstPlayerWinCI, 0.585},
		{"draws", b.DrawRateCI, 0.127},
		{"second player wins", arena.Wilson(float64(b.Seats[1].Wins), b.Games, arena.Z95), 0.288},
	} {
		if tt.truth < tt.ci[0] || tt.truth > tt.ci[1] {
			t.Errorf("%s: 95%% interval %v misses %v", tt.name, tt.ci, tt.truth)
		}
	}
	var s strings.Builder
	if err := b.WriteText(&s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.String(), "By move: 9.0 8.0 7.0 6.0 5.0 4.0 3.0 2.0 1.0") {
		t.Errorf("text:\n%s", s.String())
	}
}

// TestPlots draws every report, to SVG and PNG, and keeps the match's SVG
// as a golden file.
func TestPlots(t *testing.T) {
	ctx := context.Background()
	bots := tttBots(t, "mcts:iterations=100", "random")
	m, err := arena.Match(ctx, ticTacToe, bots, arena.Options{Games: 60, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := arena.Tournament(ctx, ticTacToe, bots, arena.Options{Games: 6, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	bal, err := arena.Balance(ctx, ticTacToe, bots[1], arena.Options{Games: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, charts := range map[string]int{"match": len(m.Charts()), "tournament": len(tr.Charts()), "balance": len(bal.Charts())} {
		if charts < 2 {
			t.Errorf("%s: %d charts", name, charts)
		}
	}
	for _, ext := range []string{".svg", ".png"} {
		if err := arena.SavePlot(filepath.Join(dir, "match"+ext), m.Charts()); err != nil {
			t.Fatal(err)
		}
		if err := arena.SavePlot(filepath.Join(dir, "balance"+ext), bal.Charts()); err != nil {
			t.Fatal(err)
		}
		if err := arena.SavePlot(filepath.Join(dir, "tournament"+ext), tr.Charts()); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.Join(dir, "match.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "match.svg"), got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(filepath.Join("testdata", "match.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("match.svg differs from testdata/match.svg (go test -run TestPlots -update)")
	}
	if err := arena.SavePlot(filepath.Join(dir, "empty.svg"), nil); err == nil {
		t.Error("an empty plot was saved")
	}
}

// ExampleMatch plays full-depth alpha-beta against a random player and
// prints the summary object tools read.
func ExampleMatch() {
	r := search.NewRegistry(search.Hooks[int, *testgames.TicTacToe]{})
	bots, err := arena.Entrants(r, "alphabeta:depth=9", "random")
	if err != nil {
		panic(err)
	}
	m, err := arena.Match(context.Background(), ticTacToe, bots, arena.Options{Games: 20, Seed: 1})
	if err != nil {
		panic(err)
	}
	out, _ := json.Marshal(struct {
		Games int      `json:"games"`
		Wins  []int    `json:"wins"`
		Draws int      `json:"draws"`
		Elo   int      `json:"elo"`
		Bots  []string `json:"bots"`
	}{m.Games, m.Wins, m.Draws, int(m.Elo), m.Bots})
	os.Stdout.Write(append(out, '\n'))
	// Output: {"games":20,"wins":[19,0],"draws":1,"elo":636,"bots":["alphabeta:depth=9","random"]}
}
