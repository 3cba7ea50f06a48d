package search_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/testgames"
	"github.com/ludus-games/ludus/search"
)

type c4 = *testgames.ConnectFour

func registry() *search.Registry[int, c4] {
	return search.NewRegistry(search.Hooks[int, c4]{Eval: c4Eval, MoveKey: intKey})
}

func TestRegistryBuildsBots(t *testing.T) {
	r := registry()
	for _, tt := range []struct {
		spec  string
		check func(b search.Bot[int, c4]) bool
	}{
		{"random", func(b search.Bot[int, c4]) bool { return b == search.Random[int, c4]{} }},
		{"random:seed=7", func(b search.Bot[int, c4]) bool { return b == search.Random[int, c4]{Seed: 7} }},
		{"alphabeta", func(b search.Bot[int, c4]) bool {
			ab := b.(*search.AlphaBeta[int, c4])
			return ab.Budget == search.Budget{Depth: 4} && ab.TableBits == 18 && ab.Chance == search.Star1 && ab.Eval != nil && ab.MoveKey != nil
		}},
		{" alphabeta : depth = 6 , chance=expect ", func(b search.Bot[int, c4]) bool {
			ab := b.(*search.AlphaBeta[int, c4])
			return ab.Budget == search.Budget{Depth: 6} && ab.Chance == search.Expect
		}},
		{"alphabeta:time=250ms", func(b search.Bot[int, c4]) bool {
			return b.(*search.AlphaBeta[int, c4]).Budget == search.Budget{Time: 250 * time.Millisecond}
		}},
		{"mcts", func(b search.Bot[int, c4]) bool {
			m := b.(*search.MCTS[int, c4])
			return m.Iterations == 1000 && m.C == 1.414 && m.Threads == 1 && m.MaxPlayout == 1000 && m.MaxNodes == 1<<20
		}},
		{"mcts:iterations=2000,c=0.7,workers=2,seed=3", func(b search.Bot[int, c4]) bool {
			m := b.(*search.MCTS[int, c4])
			return m.Iterations == 2000 && m.C == 0.7 && m.Threads == 2 && m.Seed == 3
		}},
		{"mcts:iterations=500,threads=2", func(b search.Bot[int, c4]) bool {
			m := b.(*search.MCTS[int, c4])
			return m.Iterations == 500 && m.Threads == 2 && m.Parallel == search.RootParallel && m.Trees == 0
		}},
		{"mcts:threads=2,parallel=tree", func(b search.Bot[int, c4]) bool {
			m := b.(*search.MCTS[int, c4])
			return m.Threads == 2 && m.Parallel == search.TreeParallel
		}},
		{"mcts:threads=0", func(b search.Bot[int, c4]) bool {
			return b.(*search.MCTS[int, c4]).Threads == runtime.GOMAXPROCS(0)
		}},
		{"mcts:workers=0", func(b search.Bot[int, c4]) bool {
			return b.(*search.MCTS[int, c4]).Threads == runtime.GOMAXPROCS(0)
		}},
		{"mcts:threads=1,trees=4", func(b search.Bot[int, c4]) bool {
			m := b.(*search.MCTS[int, c4])
			return m.Threads == 1 && m.Trees == 4 && m.Parallel == search.RootParallel
		}},
		{"mcts:time=1s", func(b search.Bot[int, c4]) bool {
			m := b.(*search.MCTS[int, c4])
			return m.Iterations == 0 && m.Time == time.Second
		}},
		{"mcts:reuse=false", func(b search.Bot[int, c4]) bool {
			_, isMCTS := b.(*search.MCTS[int, c4])
			return !isMCTS
		}},
		{"maxn:depth=2", func(b search.Bot[int, c4]) bool {
			return b.(*search.MaxN[int, c4]).Budget == search.Budget{Depth: 2}
		}},
		{"expectimax:minprob=0.01", func(b search.Bot[int, c4]) bool {
			x := b.(*search.Expectimax[int, c4])
			return x.Budget == search.Budget{Depth: 3} && x.MinProb == 0.01
		}},
	} {
		b, err := r.Bot(tt.spec)
		if err != nil {
			t.Errorf("%q: %v", tt.spec, err)
			continue
		}
		if !tt.check(b) {
			t.Errorf("%q built %#v", tt.spec, b)
		}
		if strings.Contains(tt.spec, "time") {
			continue // a second's search proves nothing more
		}
		if _, err := b.Choose(context.Background(), testgames.NewConnectFour()); err != nil {
			t.Errorf("%q: %v", tt.spec, err)
		}
	}
}

func TestRegistryErrors(t *testing.T) {
	r := registry()
	for _, tt := range []struct{ spec, want string }{
		{"", "no bot kind"},
		{"mtcs", `unknown bot "mtcs" (bots: alphabeta, expectimax, maxn, mcts, random)`},
		{"mcts:iter=5", `bot mcts:iter=5: unknown parameter "iter" (mcts takes c, iterations, nodes, parallel, playout, reuse, seed, threads, time, trees, workers)`},
		{"mcts:iterations=many", "iterations=many: want a whole number, 0 or more"},
		{"mcts:iterations=-5", "iterations=-5: want a whole number, 0 or more"},
		{"mcts:c=0", "c must be above 0"},
		// Allocated sizes are bounded.
		{"alphabeta:tt=60", "tt=60: at most 24"},
		{"expectimax:tt=30", "tt=30: at most 24"},
		{"mcts:nodes=999999999999", "nodes=999999999999: at most 16777216"},
		{"alphabeta:depth=100000", "depth=100000: at most 8192"},
		{"mcts:threads=2,workers=2", "threads and workers are the same setting"},
		{"mcts:threads=1000", "threads=1000: at most 256"},
		{"mcts:trees=257", "trees=257: at most 256"},
		{"mcts:trees=0", "trees must be at least 1"},
		{"mcts:parallel=leaf", "parallel=leaf: want one of root, tree"},
		{"mcts:parallel=tree,trees=2", "trees is a setting of parallel=root"},
		{"mcts:workers=100000", "workers=100000: at most 256"},
		{"alphabeta:chance=dice", "chance=dice: want one of star1, expect"},
		{"alphabeta:time=soon", "time=soon: want a duration"},
		{"alphabeta:depth", `parameter 1 "depth" is not name=value`},
		{"alphabeta:depth=", "parameter depth has no value"},
		{"alphabeta:depth=2,depth=3", "parameter depth given twice"},
		{"alpha beta", "is not a name"},
		{":depth=2", "no bot kind"},
		{"random:seed=1,=2", `parameter 2: "" is not a name`},
	} {
		_, err := r.Bot(tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.spec, err, tt.want)
		}
	}
}

func TestRegistryRegister(t *testing.T) {
	r := registry()
	first := search.Kind{Name: "first", Doc: "the first legal move"}
	build := func(search.Args, search.Hooks[int, c4]) (search.Bot[int, c4], error) {
		return &search.AlphaBeta[int, c4]{Budget: search.Budget{Depth: 1}}, nil
	}
	if err := r.Register(first, build); err != nil {
		t.Fatal(err)
	}
	if err := r.Register(first, build); err == nil {
		t.Error("registered first twice")
	}
	if err := r.Register(search.Kind{Name: "a b"}, build); err == nil {
		t.Error("registered a kind with a space")
	}
	if _, err := r.Bot("first"); err != nil {
		t.Error(err)
	}
	if _, err := r.Bot("first:x=1"); err == nil || !strings.Contains(err.Error(), "first takes ") {
		t.Errorf("parameter of a kind without any: %v", err)
	}
}

// A kind with a Positional parameter takes its value first without its
// name: a command line, spaces and "=" included.
func TestRegistryPositional(t *testing.T) {
	r := registry()
	var got []string
	k := search.Kind{Name: "ext", Doc: "a program", Positional: "cmd", Params: []search.Param{
		{Name: "cmd", Type: search.Text, Doc: "command line"},
		{Name: "time", Type: search.Duration, Doc: "time per move"},
	}}
	build := func(a search.Args, _ search.Hooks[int, c4]) (search.Bot[int, c4], error) {
		got = append(got, fmt.Sprintf("%s|%v|%s", a.String("cmd"), a.Given("cmd"), a.Duration("time")))
		return search.Random[int, c4]{}, nil
	}
	if err := r.Register(k, build); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ spec, want string }{
		{"ext:engine --mode gtp", "engine --mode gtp|true|0s"},
		{"ext: engine --level=1 , time=2s", "engine --level=1|true|2s"},
		{"ext:engine", "engine|true|0s"},
		{"ext:cmd=engine --x,time=1s", "engine --x|true|1s"},
		{"ext:time=1s", "|false|1s"},
	} {
		got = nil
		if _, err := r.Bot(tt.spec); err != nil {
			t.Errorf("%q: %v", tt.spec, err)
			continue
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%q: built with %q, want %q", tt.spec, got, tt.want)
		}
	}
	for _, tt := range []struct{ spec, want string }{
		{"ext:engine,cmd=other", "parameter cmd given twice"},
		{"ext:engine,other", `parameter 2 "other" is not name=value`},
		{"random:engine", `parameter 1 "engine" is not name=value`},
		{"ext:cmd=", "parameter cmd has no value"},
	} {
		if _, err := r.Bot(tt.spec); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.spec, err, tt.want)
		}
	}
}

func TestSpecRoundTrip(t *testing.T) {
	for _, text := range []string{"random", "mcts:iterations=2000,c=1.4", "alphabeta:depth=4", "gtp:gnugo --mode gtp --level=1,time=1s", "uci:stockfish"} {
		s, err := search.ParseSpec(text)
		if err != nil || s.String() != text {
			t.Errorf("%q: %v, back %q", text, err, s.String())
		}
	}
}

func TestSpecWith(t *testing.T) {
	s, _ := search.ParseSpec("mcts:iterations=500,time=1s")
	for _, tt := range []struct{ name, value, want string }{
		{"time", "200ms", "mcts:iterations=500,time=200ms"},
		{"c", "1", "mcts:iterations=500,time=1s,c=1"},
	} {
		if got := s.With(tt.name, tt.value).String(); got != tt.want {
			t.Errorf("With(%s, %s) = %q, want %q", tt.name, tt.value, got, tt.want)
		}
	}
	if s.String() != "mcts:iterations=500,time=1s" {
		t.Errorf("With changed the spec: %s", s)
	}
}

// FuzzParseSpec checks that any text is either rejected or parses to a
// spec that writes back to text parsing the same.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "mcts:iterations=2000,c=1.4", "alphabeta: depth = 4 ", "a:b=c,d=e", "x:", ":", "a:=", "a:b==c", "gtp:gnugo --mode gtp,time=1s", "uci:a b=c"} {
		f.Add(s)
	}
	r := registry()
	f.Fuzz(func(t *testing.T, text string) {
		s, err := search.ParseSpec(text)
		if err != nil {
			return
		}
		again, err := search.ParseSpec(s.String())
		if err != nil || again.String() != s.String() {
			t.Fatalf("%q parsed to %q, which parses to %q (%v)", text, s, again, err)
		}
		_, _ = r.Bot(text) // must not panic
	})
}

func ExampleRegistry() {
	r := search.NewRegistry(search.Hooks[int, c4]{Eval: c4Eval})
	bot, _ := r.Bot("alphabeta:depth=2")
	d, _ := bot.Choose(context.Background(), testgames.NewConnectFour())
	pos := testgames.NewConnectFour()
	fmt.Println("first disc in column", pos.Notation(d.Move))
	_, err := r.Bot("minimax")
	fmt.Println(err)
	// Output:
	// first disc in column d
	// unknown bot "minimax" (bots: alphabeta, expectimax, maxn, mcts, random)
}

var update = flag.Bool("update", false, "rewrite the golden files")

// TestRegistryHelp keeps the bots' help, which docs/bots.md quotes, in a
// golden file.
func TestRegistryHelp(t *testing.T) {
	var b strings.Builder
	if err := search.NewRegistry(search.Hooks[int, c4]{}).WriteHelp(&b); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "bots-help.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("help changed (go test -run TestRegistryHelp -update):\n%s", b.String())
	}
}
