package extbot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/games"
)

func TestNewEnginesErrors(t *testing.T) {
	for _, tt := range []struct{ def, want string }{
		{"gnugo", "want NAME=SPEC"},
		{"=gtp:x", "want NAME=SPEC"},
		{"x=mcts:iterations=5", "not a gtp: or uci: spec"},
		{"mcts=gtp:" + fakeCmd("gtp-illegal"), "the name is taken"},
		{"uci=uci:" + fakeCmd("uci-illegal"), "the name is taken"},
		{"a b=gtp:" + fakeCmd("gtp-illegal"), "a name is letters"},
		{"x=gtp:no-such-engine-anywhere", "executable file not found"},
		{"x=uci:" + fakeCmd("uci-illegal") + ",skill=lots", "skill=lots"},
		{"x=gtp:" + fakeCmd("gtp-illegal") + ",threads=2", `unknown parameter "threads"`},
	} {
		if _, err := extbot.NewEngines([]string{tt.def}, 0); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.def, err, tt.want)
		}
	}
	if _, err := extbot.NewEngines([]string{"a=gtp:" + fakeCmd("x"), "a=gtp:" + fakeCmd("y")}, 0); err == nil {
		t.Error("one name twice")
	}
}

// A client seats the operator's engines by name, with the parameters that
// bound their play only; gtp: and uci: specs, and parameters that would
// change the program or its use of the machine, are refused.
func TestEnginesBot(t *testing.T) {
	e, err := extbot.NewEngines([]string{
		"ludus5=gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "random"),
		"fish=uci:" + fakeCmd("uci-ludus", "random") + ",movetime=10ms",
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(e.Names()); got != "[fish ludus5]" {
		t.Errorf("names %s", got)
	}
	go5, _ := games.Open("go", games.Options{Variant: "Go 5x5"})
	chess, _ := games.Open("chess", games.Options{})
	for _, tt := range []struct {
		g          *games.Game
		spec, want string
	}{
		{go5, "gtp:/bin/sh -c reboot", "would start a program, which clients may not; seat one of the engines the operator named: fish, ludus5"},
		{chess, "uci:/bin/sh", "would start a program"},
		{go5, "ludus5:cmd=/bin/sh", `unknown parameter "cmd" (ludus5 takes time)`},
		{go5, "ludus5:/bin/sh", `"/bin/sh" is not name=value`},
		{chess, "fish:hash=100000", `unknown parameter "hash" (fish takes depth, elo, movetime, nodes, skill)`},
		{chess, "fish:threads=64", `unknown parameter "threads"`},
		{chess, "ludus5", "Chess is not a game GTP can describe"},
	} {
		_, ok, err := e.Bot(tt.g.Compiled, tt.spec)
		if !ok || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v %v, want %q", tt.spec, ok, err, tt.want)
		}
	}
	var none *extbot.Engines
	if _, ok, err := none.Bot(go5.Compiled, "gtp:gnugo"); !ok || err == nil || !strings.Contains(err.Error(), "no engines are named") {
		t.Errorf("no engines: %v %v", ok, err)
	}
	if b, ok, err := e.Bot(go5.Compiled, "mcts:iterations=10"); ok || b != nil || err != nil {
		t.Errorf("mcts: %v %v %v", b, ok, err)
	}
	b, ok, err := e.Bot(go5.Compiled, "ludus5:time=1s")
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	d, err := b.Choose(context.Background(), go5.New())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ludus5 plays %s", go5.New().Notation(d.Move))
	b.(interface{ Close() error }).Close()
}

// The programs of named engines are bounded: with one slot, a second
// engine ends the idle first to run.
func TestEnginesBound(t *testing.T) {
	e, err := extbot.NewEngines([]string{"a=gtp:" + fakeCmd("gtp-ludus", "go", "Go 5x5", "random")}, 1)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Open("go", games.Options{Variant: "Go 5x5"})
	a, _, err := e.Bot(g.Compiled, "a")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := e.Bot(g.Compiled, "a:time=2s")
	if err != nil {
		t.Fatal(err)
	}
	for _, bot := range []*extbot.Bot{a.(*extbot.Bot), b.(*extbot.Bot), a.(*extbot.Bot)} {
		if _, err := bot.Choose(context.Background(), g.New()); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(extbot.PIDs(a)) + len(extbot.PIDs(b)); n != 1 {
		t.Errorf("%d programs idle, want 1", n)
	}
	a.(*extbot.Bot).Close()
	b.(*extbot.Bot).Close()
}
