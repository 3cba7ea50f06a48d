package extbot_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// program finds an engine program as a spec finds it (the PATH, then
// /usr/games, where Debian installs GNU Go and Stockfish), or skips.
func program(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p, err := exec.LookPath("/usr/games/" + name); err == nil {
		return p
	}
	t.Skipf("%s is not installed (apt-get install %s)", name, name)
	return ""
}

// A whole game of 5x5 Go against GNU Go, through GTP.
func TestGNUGo(t *testing.T) {
	gnugo := program(t, "gnugo")
	g := open(t, "go", "Go 5x5")
	start := time.Now()
	recs := match(t, g, 1, "gtp:"+gnugo+" --mode gtp --level 1 --chinese-rules --positional-superko", "mcts:iterations=100")
	r := recs[0]
	if strings.Contains(r.Reason, "forfeit") || strings.Contains(r.Reason, "move limit") {
		t.Fatalf("%s (%s)", r.Reason, r.Fault)
	}
	t.Logf("GNU Go %v, %d plies in %v: %s", r.Scores, r.Plies(), time.Since(start), r.Reason)
}

// Go 9x9 against GNU Go at its strongest, with LUDUS_LONG=1 (a few
// minutes: ludus's MCTS is the slow side).
func TestGNUGo9x9Long(t *testing.T) {
	if os.Getenv("LUDUS_LONG") != "1" {
		t.Skip("a long game: LUDUS_LONG=1 plays it")
	}
	gnugo := program(t, "gnugo")
	g := open(t, "go", "Go 9x9")
	r := match(t, g, 1, "gtp:"+gnugo+" --mode gtp --level 10 --chinese-rules --positional-superko", "mcts:iterations=1000")[0]
	if strings.Contains(r.Reason, "forfeit") || strings.Contains(r.Reason, "move limit") {
		t.Fatalf("%s (%s)", r.Reason, r.Fault)
	}
	t.Logf("GNU Go %v, %d plies: %s", r.Scores, r.Plies(), r.Reason)
}

// A whole game of chess against Stockfish, through UCI.
func TestStockfish(t *testing.T) {
	stockfish := program(t, "stockfish")
	g := open(t, "chess", "")
	start := time.Now()
	recs := match(t, g, 1, "uci:"+stockfish+",movetime=10ms,skill=0,threads=1,hash=16", "alphabeta:depth=1")
	r := recs[0]
	if strings.Contains(r.Reason, "forfeit") || strings.Contains(r.Reason, "move limit") {
		t.Fatalf("%s (%s)", r.Reason, r.Fault)
	}
	if r.Nodes[0] == 0 {
		t.Error("Stockfish reported no nodes")
	}
	t.Logf("Stockfish %v, %d plies in %v: %s", r.Scores, r.Plies(), time.Since(start), r.Reason)
}
