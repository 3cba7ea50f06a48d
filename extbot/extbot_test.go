package extbot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/arena"
	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

// open loads a game with the kinds gtp and uci in its registry.
func open(t testing.TB, name, variant string) *games.Game {
	t.Helper()
	g, err := games.Open(name, games.Options{Variant: variant})
	if err != nil {
		t.Fatal(err)
	}
	if err := extbot.Register(g.Bots, g.Compiled); err != nil {
		t.Fatal(err)
	}
	return g
}

// match plays games between two specs and returns the records.
func match(t *testing.T, g *games.Game, games int, p1, p2 string) []*arena.Record {
	t.Helper()
	bots, err := arena.Entrants(g.Bots, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	var recs []*arena.Record
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	_, err = arena.Match(ctx, arena.BoardGame(g), bots, arena.Options{Games: games, Seed: 1, Workers: 2,
		OnGame: func(r *arena.Record) { recs = append(recs, r) }})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// ludus plays itself through GTP: the engine of package gtp in a child
// process, seated by a gtp: spec, against ludus's own bot, and against
// itself through GTP; every game ends by the rules.
func TestSelfPlayGTP(t *testing.T) {
	g := open(t, "go", "Go 5x5")
	engine := "gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "mcts:iterations=200")
	for _, p2 := range []string{"random", "gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "random")} {
		for _, r := range match(t, g, 2, engine, p2) {
			if strings.Contains(r.Reason, "forfeit") || strings.Contains(r.Reason, "move limit") || r.Plies() < 2 {
				t.Errorf("game %d: %s after %d plies (%s)", r.Index+1, r.Reason, r.Plies(), r.Fault)
			}
		}
	}
}

// ludus plays itself through UCI, to the end of a game of chess.
func TestSelfPlayUCI(t *testing.T) {
	g := open(t, "chess", "")
	for _, r := range match(t, g, 2, "uci:"+fakeCmd("uci-ludus", "alphabeta:depth=2")+",movetime=50ms", "random") {
		if strings.Contains(r.Reason, "forfeit") || strings.Contains(r.Reason, "move limit") {
			t.Errorf("game %d: %s (%s)", r.Index+1, r.Reason, r.Fault)
		}
		if r.Nodes[r.Index%2] == 0 {
			t.Errorf("game %d: the UCI seat reported no nodes: %v", r.Index+1, r.Nodes)
		}
	}
}

// Every fault of an engine loses it the game, with what it said in the
// record, and the run goes on.
func TestForfeits(t *testing.T) {
	g5 := open(t, "go", "Go 5x5")
	chess := open(t, "chess", "")
	for _, tt := range []struct {
		g            *games.Game
		spec         string
		reason, text string
	}{
		{g5, "gtp:" + fakeCmd("gtp-illegal"), "illegal move", `answered "Z99"`},
		{g5, "gtp:" + fakeCmd("gtp-resign"), "resigns", "resign"},
		{g5, "gtp:" + fakeCmd("gtp-crash"), "the engine ended", "segmentation fault"},
		{g5, "gtp:" + fakeCmd("gtp-silent") + ",timeout=200ms", "no answer in time", "no answer within 200ms"},
		{g5, "gtp:" + fakeCmd("gtp-refuse"), "refused a legal move", "? illegal move"},
		{chess, "uci:" + fakeCmd("uci-illegal"), "illegal move", "bestmove e2e5"},
		{chess, "uci:" + fakeCmd("uci-silent") + ",movetime=10ms,timeout=200ms", "no answer in time", "no answer within 210ms"},
	} {
		recs := match(t, tt.g, 2, tt.spec, "random")
		for _, r := range recs {
			seat := r.Index % 2 // the engine starts the first game
			if !strings.Contains(r.Reason, "forfeits: "+tt.reason) || !strings.Contains(r.Fault, tt.text) || r.Scores[seat] != 0 {
				t.Errorf("%s game %d: reason %q, fault %q, scores %v; want %q with %q", tt.spec, r.Index+1, r.Reason, r.Fault, r.Scores, tt.reason, tt.text)
			}
		}
	}
}

// A spec of a game its protocol cannot describe, of a program that is
// not there, or of a program that does not speak the protocol, is an
// error of the run.
func TestSpecErrors(t *testing.T) {
	g5 := open(t, "go", "Go 5x5")
	chess := open(t, "chess", "")
	for _, tt := range []struct {
		g         *games.Game
		spec, err string
	}{
		{chess, "gtp:" + fakeCmd("gtp-illegal"), "Chess is not a game GTP can describe"},
		{g5, "uci:" + fakeCmd("uci-illegal"), "Go 5x5 is not a game UCI can describe"},
		{g5, "gtp:no-such-engine-anywhere --mode gtp", "executable file not found"},
		{g5, "gtp:timeout=1s", "no command"},
		{g5, "gtp:'unclosed", "quote is not closed"},
		{chess, "uci:stockfish,skill=500", "skill=500: at most 100"},
	} {
		if _, err := g5.Bots.Bot(tt.spec); tt.g == g5 && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: %v, want %q", tt.spec, err, tt.err)
		}
		if _, err := chess.Bots.Bot(tt.spec); tt.g == chess && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: %v, want %q", tt.spec, err, tt.err)
		}
	}
	for _, tt := range []struct {
		g         *games.Game
		spec, err string
	}{
		{g5, "gtp:" + fakeCmd("garbage") + ",timeout=300ms", "did not start"},
		{chess, "uci:" + fakeCmd("uci-nooption") + ",skill=3", `has no option "Skill Level"`},
	} {
		b, err := tt.g.Bots.Bot(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = b.Choose(context.Background(), tt.g.New())
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: %v, want %q", tt.spec, err, tt.err)
		}
		if _, ok := search.AsForfeit(err); ok {
			t.Errorf("%s: a forfeit, not an error of the run", tt.spec)
		}
	}
}
