package arena_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/internal/testenv"
)

// bundled opens one of the rules files in games/.
func bundled(t testing.TB, name string) *games.Game {
	t.Helper()
	return bundledVariant(t, name, "")
}

// bundledVariant opens a game or variant of a rules file in games/.
func bundledVariant(t testing.TB, name, variant string) *games.Game {
	t.Helper()
	e, err := games.Open(filepath.Join("..", "games", name), games.Options{Variant: variant})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// againstRandom plays games of bot against random on a bundled game and
// checks the bot's win and loss counts.
func againstRandom(t *testing.T, file, bot string, games, minWins, maxLosses int) *arena.MatchReport {
	t.Helper()
	return againstRandomVariant(t, file, "", bot, games, minWins, maxLosses)
}

// againstRandomVariant is againstRandom on a game or variant of a file.
func againstRandomVariant(t *testing.T, file, variant, bot string, games, minWins, maxLosses int) *arena.MatchReport {
	t.Helper()
	e := bundledVariant(t, file, variant)
	specs := []string{bot, "random"}
	for len(specs) < len(e.Players()) {
		specs = append(specs, "random") // Splut!: random takes every other seat
	}
	bots, err := arena.Entrants(e.Bots, specs...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := arena.Match(context.Background(), arena.BoardGame(e), bots, arena.Options{Games: games, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %s: %s vs random: %d wins, %d draws, %d losses; win rate 95%% CI %.3f-%.3f; %.1f ms/move",
		file, variant, bot, m.Wins[0], m.Draws, m.Losses[0], m.WinRateCI[0][0], m.WinRateCI[0][1], m.TimePerMove[0])
	if m.Wins[0] < minWins || m.Losses[0] > maxLosses {
		t.Errorf("%s: %s won %d and lost %d of %d games, want at least %d wins and at most %d losses",
			file, bot, m.Wins[0], m.Losses[0], games, minWins, maxLosses)
	}
	return m
}

// TestEngineMCTSAgainstRandom checks the strength targets on the bundled
// rules files over a few games each (LUDUS_LONG=1 runs the long version):
// MCTS with 2,000 iterations never loses tic-tac-toe to a random player
// and wins every game of connect four and breakthrough here.
func TestEngineMCTSAgainstRandom(t *testing.T) {
	for _, tt := range []struct {
		file      string
		games     int
		minWins   int
		maxLosses int
	}{
		{"tic-tac-toe.zrf", 40, 30, 0},
		{"connect-four.zrf", 20, 20, 0},
		{"breakthrough.zrf", 6, 6, 0},
	} {
		t.Run(tt.file, func(t *testing.T) {
			againstRandom(t, tt.file, "mcts:iterations=2000", tt.games, tt.minWins, tt.maxLosses)
		})
	}
}

// TestLongEngineMCTSAgainstRandom is the statistical version: over 200
// games of connect four and of breakthrough the 95% interval of MCTS's
// win rate against random must lie above 95%, and over 1,000 games of
// tic-tac-toe it must never lose.
func TestLongEngineMCTSAgainstRandom(t *testing.T) {
	testenv.SkipUnlessLong(t)
	againstRandom(t, "tic-tac-toe.zrf", "mcts:iterations=2000", 1000, 0, 0)
	for _, file := range []string{"connect-four.zrf", "breakthrough.zrf"} {
		m := againstRandom(t, file, "mcts:iterations=2000", 200, 190, 10)
		if lo := m.WinRateCI[0][0]; lo < 0.95 {
			t.Errorf("%s: win rate interval starts at %.3f, below 0.95", file, lo)
		}
	}
}

// dialectGames are the bundled games written in the native dialect, with
// the MCTS bots that play them against random: a quick one for a few
// games (fewer where a game costs seconds of CPU), and the one of the
// statistical test with its number of games and the losses it may have.
// The statistical test plays 200 games where a game takes a fraction of
// a second of CPU; Hex and the 10x10 draughts, about a second, play 100
// and 60, and Two Kings, Go 9x9, Ur and Pentago, 2 to 10 s, a few dozen
// (docs/engine.md has the figures of 200 games).
var dialectGames = []struct {
	file, variant string
	quick         string
	games         int
	bot           string
	long, losses  int
}{
	{"reversi.zrf", "", "mcts:iterations=200", 8, "mcts:iterations=200", 200, 3},
	{"hex.zrf", "", "mcts:iterations=200", 8, "mcts:iterations=400", 100, 2},
	{"go.zrf", "Go 5x5", "mcts:iterations=200", 4, "mcts:iterations=200", 200, 3},
	{"go.zrf", "Go 9x9", "", 0, "mcts:iterations=300", 12, 2}, // Go 5x5 in the quick run
	{"brazilian-draughts.zrf", "", "mcts:iterations=200", 4, "mcts:iterations=200", 200, 3},
	{"international-draughts.zrf", "", "mcts:iterations=200", 2, "mcts:iterations=200", 60, 2},
	{"italian-draughts.zrf", "", "mcts:iterations=200", 4, "mcts:iterations=200", 200, 3},
	{"laska.zrf", "", "mcts:iterations=200", 4, "mcts:iterations=200", 200, 3},
	{"ur.zrf", "", "", 0, "mcts:iterations=200", 8, 2},
	{"fanorona.zrf", "", "mcts:iterations=200", 4, "mcts:iterations=200", 200, 3},
	{"two-kings.zrf", "Two Kings", "mcts:iterations=100", 2, "mcts:iterations=200", 30, 3},
	{"pentago.zrf", "", "mcts:iterations=100", 2, "mcts:iterations=400", 24, 2},
	// Long only (no quick games): their 200-game figures are in
	// docs/bench-arena.md.
	{"russian-draughts.zrf", "", "", 0, "mcts:iterations=200", 40, 1},
	{"bashni.zrf", "", "", 0, "mcts:iterations=200", 20, 1},
	{"stavropol-draughts.zrf", "", "", 0, "mcts:iterations=200", 20, 2},
	{"xiangqi.zrf", "", "", 0, "mcts:iterations=200,playout=30", 10, 1},
	{"kalah.zrf", "", "", 0, "mcts:iterations=200", 40, 2},
	// A game of dice: random wins now and then whatever its opponent
	// does. A playout is cut after three plies (the opponent's throw and
	// a random reply) and judged by the rules' own evaluation, the pips
	// to go.
	{"backgammon.zrf", "", "", 0, "mcts:iterations=100,playout=3", 40, 2},
	// Judged by their rules' evaluations: shogi's attack on the King on
	// a wide scale (a player far ahead still mates), Splut!'s Sorcerers
	// in reach of another team (MCTS against three random players).
	{"shogi.zrf", "", "", 0, "mcts:iterations=300,playout=4", 20, 1},
	{"splut.zrf", "", "", 0, "mcts:iterations=200,playout=6", 20, 1},
}

// TestDialectMCTSAgainstRandom: MCTS loses at most one of a few games of
// each native-dialect game against a random player (about 12 s of CPU:
// skipped with -short; LUDUS_LONG=1 runs the statistical version).
func TestDialectMCTSAgainstRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("about half a minute: skipped with -short")
	}
	for _, g := range dialectGames {
		if g.games == 0 {
			continue
		}
		t.Run(g.file+" "+g.variant, func(t *testing.T) {
			againstRandomVariant(t, g.file, g.variant, g.quick, g.games, g.games-1, 1)
		})
	}
}

// TestLongDialectMCTSAgainstRandom: MCTS loses at most the losses allowed
// of the games of each against random; over 200 games, the 95% interval
// of its win rate lies above 95%.
func TestLongDialectMCTSAgainstRandom(t *testing.T) {
	testenv.SkipUnlessLong(t)
	for _, g := range dialectGames {
		t.Run(g.file+" "+g.variant, func(t *testing.T) {
			m := againstRandomVariant(t, g.file, g.variant, g.bot, g.long, g.long-g.losses, g.losses)
			if lo := m.WinRateCI[0][0]; g.long >= 200 && lo < 0.95 {
				t.Errorf("%s %s: win rate interval starts at %.3f, below 0.95", g.file, g.variant, lo)
			}
		})
	}
}

// TestEngineRecordsReplay checks that the arena's records of an engine
// game are game records in the universal notation: the engine reads them
// back and replays them by its rules, to the same end.
func TestEngineRecordsReplay(t *testing.T) {
	e := bundled(t, "checkers.zrf")
	bots, err := arena.Entrants(e.Bots, "alphabeta:depth=2", "random")
	if err != nil {
		t.Fatal(err)
	}
	m, err := arena.Match(context.Background(), arena.BoardGame(e), bots, arena.Options{Games: 2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Records() {
		var buf bytes.Buffer
		if err := r.Write(&buf); err != nil {
			t.Fatal(err)
		}
		rec, err := notation.ReadRecord("record", &buf)
		if err != nil {
			t.Fatal(err)
		}
		s := engine.NewState(e.Compiled)
		if err := rec.Replay(s); err != nil {
			t.Fatalf("game %d: %v", r.Index+1, err)
		}
		if got := len(rec.MainLine()); got != r.Plies() {
			t.Errorf("game %d: replayed %d plies of %d", r.Index+1, got, r.Plies())
		}
		res, err := s.Result()
		if err != nil || !res.Over {
			t.Fatalf("game %d: replayed game not over (%v)", r.Index+1, err)
		}
		if !strings.HasPrefix(r.Reason, strings.SplitN(res.Reason, " at ", 2)[0]) || !strings.Contains(r.Reason, "checkers.zrf:") {
			t.Errorf("game %d: ended by %q, replay by %q", r.Index+1, r.Reason, res.Reason)
		}
		if rec.Tag("Player1") != r.Seats[0] || rec.Tag("Result") != r.ResultText() {
			t.Errorf("game %d: tags Player1 %q Result %q", r.Index+1, rec.Tag("Player1"), rec.Tag("Result"))
		}
	}
}

// TestOpenEngineErrors checks that a bad file or evaluation is a clear
// error.
func TestOpenEngineErrors(t *testing.T) {
	for _, tt := range []struct {
		path, eval, want string
	}{
		{"../games/missing.zrf", "", "missing.zrf"},
		{"../games/checkers.zrf", "Queen=9", `unknown name "Queen"`},
		{"../games/checkers.zrf", "Man=x", "want a number"},
	} {
		_, err := games.Open(tt.path, games.Options{Eval: tt.eval})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %q: error %v, want %q", tt.path, tt.eval, err, tt.want)
		}
	}
}

// TestWriteSpeedReport measures briefly and checks the table's shape and
// that every rate is positive.
func TestWriteSpeedReport(t *testing.T) {
	games := []arena.SpeedGame{{Name: "tic-tac-toe", File: "tic-tac-toe.zrf", Game: bundled(t, "tic-tac-toe.zrf")}}
	var buf bytes.Buffer
	if err := arena.WriteSpeedReport(context.Background(), &buf, games, 20*time.Millisecond, 300, 1); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	row := strings.Split(lines[2], "|")
	if len(lines) < 5 || len(row) != 10 || strings.TrimSpace(row[1]) != "tic-tac-toe" {
		t.Fatalf("report:\n%s", buf.String())
	}
	for i, cell := range row[3:9] {
		v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(cell), ",", ""), 64)
		// The last cell is a ratio written to two decimals: a busy
		// machine can round a slow playout rate's share to 0.00.
		if err != nil || v < 0 || (v == 0 && i < 5) {
			t.Errorf("cell %q: %v, want a positive rate", cell, err)
		}
	}
}
