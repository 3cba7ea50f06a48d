package search

import (
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ludus-games/ludus/game"
)

// Hooks are what a game supplies to the bots a Registry builds: an
// evaluation for depth-limited searches and cut-off playouts, and move
// keys for move ordering. Both may be nil.
type Hooks[M any, P game.Position[M]] struct {
	Eval    Eval[P]
	MoveKey func(m M) uint64
}

// Registry builds bots from specs for one game type. It knows the kinds
// of bot and their parameters, so that a wrong spec is told what exists.
// A Registry is safe for concurrent use once its kinds are registered.
type Registry[M any, P game.Position[M]] struct {
	hooks Hooks[M, P]
	kinds map[string]registered[M, P]
}

type registered[M any, P game.Position[M]] struct {
	kind  Kind
	build func(Args, Hooks[M, P]) (Bot[M, P], error)
}

// NewRegistry returns a registry of the built-in bots (random, alphabeta,
// expectimax, maxn, mcts) with the game's hooks.
func NewRegistry[M any, P game.Position[M]](h Hooks[M, P]) *Registry[M, P] {
	r := &Registry[M, P]{hooks: h, kinds: map[string]registered[M, P]{}}
	for _, b := range builtins[M, P]() {
		r.kinds[b.kind.Name] = b
	}
	return r
}

// Register adds a kind of bot; build receives the checked parameters and
// the registry's hooks. A kind already registered is an error.
func (r *Registry[M, P]) Register(k Kind, build func(Args, Hooks[M, P]) (Bot[M, P], error)) error {
	if !validName(k.Name) {
		return fmt.Errorf("bot kind %q is not a name", k.Name)
	}
	if _, dup := r.kinds[k.Name]; dup {
		return fmt.Errorf("bot kind %q is already registered", k.Name)
	}
	r.kinds[k.Name] = registered[M, P]{k, build}
	return nil
}

// Kinds returns the registered kinds by name.
func (r *Registry[M, P]) Kinds() []Kind {
	var ks []Kind
	for _, name := range slices.Sorted(maps.Keys(r.kinds)) {
		ks = append(ks, r.kinds[name].kind)
	}
	return ks
}

// Bot builds the bot a spec describes. Errors name the spec and list the
// kinds or parameters that exist.
func (r *Registry[M, P]) Bot(text string) (Bot[M, P], error) {
	s, err := ParseSpec(text)
	if err != nil {
		return nil, err
	}
	reg, ok := r.kinds[s.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q (bots: %s)", s.Kind, strings.Join(slices.Sorted(maps.Keys(r.kinds)), ", "))
	}
	a, err := reg.kind.args(s)
	if err != nil {
		return nil, err
	}
	b, err := reg.build(a, r.hooks)
	if err != nil {
		return nil, fmt.Errorf("bot %s: %w", s, err)
	}
	return b, nil
}

// WriteHelp lists the kinds and their parameters, for command help.
func (r *Registry[M, P]) WriteHelp(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, k := range r.Kinds() {
		fmt.Fprintf(tw, "%s: %s\n", k.Name, k.Doc)
		for _, p := range k.Params {
			def := p.Default
			if def == "" {
				def = "-"
			}
			typ := p.Type.String()
			switch {
			case p.Type == Choice:
				typ = strings.Join(p.Choices, "|")
			case p.Max > 0:
				typ = fmt.Sprintf("integer 0-%d", p.Max)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", p.Name, typ, def, p.Doc)
		}
	}
	return tw.Flush()
}

// maxTableBits bounds the tables' sizes a spec may ask for: 2^24 entries
// of 32 bytes are half a gigabyte per table.
const maxTableBits = 24

// budget reads the depth, time and nodes parameters, with defaultDepth
// when none of them is given.
func budget(a Args, defaultDepth int) Budget {
	b := Budget{Depth: a.Int("depth"), Time: a.Duration("time"), Nodes: int64(a.Int("nodes"))}
	if b.Depth == 0 && b.Time == 0 && b.Nodes == 0 {
		b.Depth = defaultDepth
	}
	return b
}

// budgetParams are the parameters of the searches bounded by a Budget.
func budgetParams(depth string) []Param {
	return []Param{
		{Name: "depth", Type: Int, Max: maxDepth, Doc: "plies to search (" + depth + " when no budget is given)"},
		{Name: "time", Type: Duration, Doc: "time per move, deepening iteratively (e.g. 500ms)"},
		{Name: "nodes", Type: Int, Doc: "positions per move, deepening iteratively"},
	}
}

func builtins[M any, P game.Position[M]]() []registered[M, P] {
	return []registered[M, P]{
		{Kind{Name: "random", Doc: "a uniformly random legal move", Params: []Param{
			{Name: "seed", Type: Int, Default: "0", Doc: "random seed, mixed with each game's"},
		}}, func(a Args, _ Hooks[M, P]) (Bot[M, P], error) {
			return Random[M, P]{Seed: a.Uint64("seed")}, nil
		}},
		{Kind{Name: "alphabeta", Doc: "minimax with alpha-beta pruning, iterative deepening, transposition table, killer and history ordering; chance nodes by expectimax; paranoid beyond two players",
			Params: append(budgetParams("4"),
				Param{Name: "tt", Type: Int, Default: "18", Max: maxTableBits, Doc: "log2 of the transposition table's entries (32 bytes each)"},
				Param{Name: "chance", Type: Choice, Default: "star1", Choices: []string{"star1", "expect"}, Doc: "chance nodes: Star1 pruning or plain expectation"},
			)}, func(a Args, h Hooks[M, P]) (Bot[M, P], error) {
			rule := Star1
			if a.String("chance") == "expect" {
				rule = Expect
			}
			return &AlphaBeta[M, P]{Eval: h.Eval, MoveKey: h.MoveKey, Budget: budget(a, 4), TableBits: a.Int("tt"), Chance: rule}, nil
		}},
		{Kind{Name: "expectimax", Doc: "expectimax: the chooser maximises, others minimise, chance averages; probability cut-off and chance-node cache",
			Params: append(budgetParams("3"),
				Param{Name: "minprob", Type: Float, Default: "0", Doc: "evaluate branches less likely than this instead of searching them"},
				Param{Name: "tt", Type: Int, Default: "18", Max: maxTableBits, Doc: "log2 of the chance-node cache's entries"},
			)}, func(a Args, h Hooks[M, P]) (Bot[M, P], error) {
			return &Expectimax[M, P]{Eval: WithResult[M](h.Eval), Budget: budget(a, 3), MinProb: a.Float("minprob"), TableBits: a.Int("tt")}, nil
		}},
		{Kind{Name: "maxn", Doc: "max^n: every player maximises its own result (games of three players or more)",
			Params: budgetParams("3")}, func(a Args, h Hooks[M, P]) (Bot[M, P], error) {
			return &MaxN[M, P]{Eval: h.Eval, Budget: budget(a, 3)}, nil
		}},
		{Kind{Name: "mcts", Doc: "Monte Carlo tree search (UCT) with random playouts, tree reuse between moves, root- or tree-parallel threads", Params: []Param{
			{Name: "iterations", Type: Int, Doc: "playouts per move, over all threads (1000 when no time is given)"},
			{Name: "time", Type: Duration, Doc: "time per move (e.g. 500ms)"},
			{Name: "c", Type: Float, Default: "1.414", Doc: "UCB1 exploration constant"},
			{Name: "threads", Type: Int, Default: "1", Max: maxThreads, Doc: "goroutines per move (0: one per core; at most " + strconv.Itoa(maxThreads) + ")"},
			{Name: "parallel", Type: Choice, Default: "root", Choices: []string{"root", "tree"}, Doc: "root: independent trees, reproducible; tree: one tree, virtual loss"},
			{Name: "trees", Type: Int, Max: maxThreads, Doc: "independent trees of parallel=root (default: threads); fixes the moves for a seed whatever the threads"},
			{Name: "workers", Type: Int, Max: maxThreads, Doc: "older name of threads"},
			{Name: "seed", Type: Int, Default: "0", Doc: "random seed, mixed with each game's"},
			{Name: "playout", Type: Int, Default: "1000", Max: 1 << 20, Doc: "plies before a playout is cut and evaluated"},
			{Name: "nodes", Type: Int, Default: "1048576", Max: 1 << 24, Doc: "nodes per tree before it stops growing"},
			{Name: "reuse", Type: Bool, Default: "true", Doc: "keep the subtree of the position reached between moves"},
		}}, buildMCTS[M, P]},
	}
}

// maxThreads bounds the threads and trees of an MCTS spec: each costs a
// goroutine, a copy of the position and, for trees, a tree.
const maxThreads = 256

func buildMCTS[M any, P game.Position[M]](a Args, h Hooks[M, P]) (Bot[M, P], error) {
	m := &MCTS[M, P]{Iterations: a.Int("iterations"), Time: a.Duration("time"), C: a.Float("c"),
		Threads: a.Int("threads"), Trees: a.Int("trees"), Seed: a.Uint64("seed"), MaxPlayout: a.Int("playout"),
		Eval: h.Eval, MaxNodes: a.Int("nodes")}
	if a.String("parallel") == "tree" {
		m.Parallel = TreeParallel
	}
	if a.Given("workers") {
		if a.Given("threads") {
			return nil, fmt.Errorf("threads and workers are the same setting: give one")
		}
		m.Threads = a.Int("workers")
	}
	if m.Iterations == 0 && m.Time == 0 {
		m.Iterations = 1000
	}
	if m.Threads == 0 {
		m.Threads = runtime.GOMAXPROCS(0)
	}
	switch {
	case m.C == 0:
		return nil, fmt.Errorf("c must be above 0")
	case m.Threads > maxThreads || m.Trees > maxThreads:
		return nil, fmt.Errorf("threads and trees are at most %d", maxThreads)
	case a.Given("trees") && m.Parallel == TreeParallel:
		return nil, fmt.Errorf("trees is a setting of parallel=root; parallel=tree grows one tree")
	case a.Given("trees") && m.Trees == 0:
		return nil, fmt.Errorf("trees must be at least 1")
	}
	if !a.Bool("reuse") {
		return noReuse[M, P]{m}, nil
	}
	return m, nil
}

// noReuse is an MCTS bot whose sessions start every decision afresh,
// though with the game's seed.
type noReuse[M any, P game.Position[M]] struct{ *MCTS[M, P] }

// Session returns a player whose seed is mixed with the game's.
func (n noReuse[M, P]) Session(seed uint64) Session[M, P] {
	m := *n.MCTS
	m.Seed = mixSeed(m.Seed, seed)
	return plainSession[M, P]{&m}
}
