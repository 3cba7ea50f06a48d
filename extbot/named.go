package extbot

import (
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/search"
)

// clientParams are the parameters a client may give a named engine: those
// that bound its play, never its command or its use of the machine
// (threads, hash).
var clientParams = map[string][]string{
	"gtp": {"time"},
	"uci": {"movetime", "depth", "nodes", "skill", "elo"},
}

// Engines are the engine programs a server's operator allows, by name
// ("gnugo=gtp:gnugo --mode gtp --level 1"). A client seats one by its
// name as the kind of a spec, "gnugo" or "stockfish:skill=3", with only
// the parameters that bound its play; it can neither name a program nor
// change the operator's command. Specs of the kinds gtp and uci, which
// would start any program, are refused. The programs run are bounded:
// when all are taken, an idle one is ended, or the move waits.
//
// The zero value of *Engines (nil) allows none. Engines are safe for
// concurrent use.
type Engines struct {
	named map[string]search.Spec
	slots *limiter
}

// NewEngines reads the operator's definitions, NAME=SPEC each, where SPEC
// is a gtp: or uci: spec whose program must exist; names must not be
// those of ludus's own bots. At most maxProcs programs run at once (0:
// twice the cores, at least 4).
func NewEngines(defs []string, maxProcs int) (*Engines, error) {
	if maxProcs <= 0 {
		maxProcs = max(4, 2*runtime.NumCPU())
	}
	e := &Engines{named: map[string]search.Spec{}, slots: newLimiter(maxProcs)}
	taken := map[string]bool{"gtp": true, "uci": true}
	for _, k := range search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{}).Kinds() {
		taken[k.Name] = true
	}
	for _, def := range defs {
		name, spec, ok := strings.Cut(def, "=")
		name, spec = strings.TrimSpace(name), strings.TrimSpace(spec)
		if !ok || name == "" || spec == "" {
			return nil, fmt.Errorf("engine %q: want NAME=SPEC (gnugo=gtp:gnugo --mode gtp)", def)
		}
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return nil, fmt.Errorf("engine %s: %w", name, err)
		}
		switch {
		case sp.Kind != "gtp" && sp.Kind != "uci":
			return nil, fmt.Errorf("engine %s: %q is not a gtp: or uci: spec", name, spec)
		case taken[name]:
			return nil, fmt.Errorf("engine %s: the name is taken (by a bot of ludus, or another engine)", name)
		case !validName(name):
			return nil, fmt.Errorf("engine %q: a name is letters, digits, - and _", name)
		}
		if err := check(sp); err != nil {
			return nil, fmt.Errorf("engine %s: %w", name, err)
		}
		taken[name] = true
		e.named[name] = sp
	}
	return e, nil
}

func validName(s string) bool {
	return s != "" && strings.Trim(strings.ToLower(s), "abcdefghijklmnopqrstuvwxyz0123456789-_") == ""
}

// check checks an operator's spec without a game: its parameters and its
// program.
func check(sp search.Spec) error {
	reg := search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{})
	for _, k := range Kinds() {
		reg.Register(k, func(a search.Args, _ search.Hooks[engine.Ply, *engine.Position]) (search.Bot[engine.Ply, *engine.Position], error) {
			argv, err := splitCommand(a.String("cmd"))
			if err != nil {
				return nil, err
			}
			if _, err := lookPath(argv[0]); err != nil {
				return nil, err
			}
			return search.Random[engine.Ply, *engine.Position]{}, nil
		})
	}
	_, err := reg.Bot(sp.String())
	return err
}

// Names lists the engines by name.
func (e *Engines) Names() []string {
	if e == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(e.named))
}

// Spec returns the operator's spec of a named engine.
func (e *Engines) Spec(name string) (string, bool) {
	if e == nil {
		return "", false
	}
	sp, ok := e.named[name]
	return sp.String(), ok
}

// Bot returns the bot a client's spec names when its kind is a named
// engine (ok true), or an error when it is gtp or uci (ok true: refused);
// ok is false for a spec of any other kind, left to the game's registry.
func (e *Engines) Bot(g *engine.Game, spec string) (b search.Bot[engine.Ply, *engine.Position], ok bool, err error) {
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return nil, false, nil
	}
	if sp.Kind == "gtp" || sp.Kind == "uci" {
		msg := "no engines are named by the operator"
		if names := e.Names(); len(names) > 0 {
			msg = "seat one of the engines the operator named: " + strings.Join(names, ", ")
		}
		return nil, true, fmt.Errorf("bot %s: a %s: spec would start a program, which clients may not; %s", sp.Kind, sp.Kind, msg)
	}
	if e == nil {
		return nil, false, nil
	}
	base, named := e.named[sp.Kind]
	if !named {
		return nil, false, nil
	}
	var params []search.Param
	for _, k := range Kinds() {
		if k.Name != base.Kind {
			continue
		}
		for _, p := range k.Params {
			if slices.Contains(clientParams[base.Kind], p.Name) {
				params = append(params, p)
			}
		}
	}
	// The client's spec is checked against a kind of the engine's name
	// that takes only its parameters; the bot is then built from the
	// operator's spec with them set.
	reg := search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{})
	kind := search.Kind{Name: sp.Kind, Doc: "the engine " + base.String(), Params: params}
	reg.Register(kind, func(a search.Args, _ search.Hooks[engine.Ply, *engine.Position]) (search.Bot[engine.Ply, *engine.Position], error) {
		merged := base
		for _, p := range a.Spec.Params {
			merged = merged.With(p.Name, p.Value)
		}
		inner := search.NewRegistry(search.Hooks[engine.Ply, *engine.Position]{})
		for _, k := range Kinds() {
			inner.Register(k, func(a search.Args, _ search.Hooks[engine.Ply, *engine.Position]) (search.Bot[engine.Ply, *engine.Position], error) {
				return build(k.Name, a, g, e.slots)
			})
		}
		return inner.Bot(merged.String())
	})
	b, err = reg.Bot(spec)
	return b, true, err
}
