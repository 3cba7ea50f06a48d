// Package extbot seats engine programs that speak GTP or UCI (GNU Go,
// KataGo, Stockfish, ludus itself) as bots of package search, so that
// matches, tournaments and the server pit them against ludus's own.
//
// A bot is named by a spec like any other: the kind is the protocol and
// the first parameter the command line, "gtp:gnugo --mode gtp --level 1"
// or "uci:stockfish,movetime=100ms,skill=3" (see Register). The program
// runs as a child process, without a shell, in a process group of its
// own; it is ended when its game ends, when the context of a move ends
// (Ctrl-C), when it does not answer in time, and when the bot is closed.
// Its moves are read in the protocol's notation and checked against the
// rules: a move that is not legal, no answer, a refusal of a legal move
// of the opponent or an end of the program lose the game by a
// *search.Forfeit that keeps what the program said.
//
// Starting programs is for the one who runs ludus: the kinds are added to
// a registry only by Register, which the commands call and the server
// does not. A server seats the engines its operator names (Engines)
// instead.
package extbot

import (
	"fmt"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/search"
)

// Registry is the registry of bots of the board-game engine.
type Registry = search.Registry[engine.Ply, *engine.Position]

// Kinds are the kinds of bot Register adds, gtp and uci, with their
// parameters (for help texts).
func Kinds() []search.Kind { return []search.Kind{gtpKind, uciKind} }

var cmdParam = search.Param{Name: "cmd", Type: search.Text, Doc: "the engine's command line, given first without cmd= (no commas; '...' quotes words)"}

var gtpKind = search.Kind{Name: "gtp", Positional: "cmd",
	Doc: "an engine program speaking the Go Text Protocol (GNU Go, KataGo), for games of stones dropped on a square grid",
	Params: []search.Param{
		cmdParam,
		{Name: "time", Type: search.Duration, Doc: "time per move, told with time_settings (default: the engine's own pace)"},
		{Name: "timeout", Type: search.Duration, Default: "1m", Doc: "the most an answer may take beyond the move's time before the engine forfeits"},
	}}

var uciKind = search.Kind{Name: "uci", Positional: "cmd",
	Doc: "an engine program speaking the Universal Chess Interface (Stockfish), for chess",
	Params: []search.Param{
		cmdParam,
		{Name: "movetime", Type: search.Duration, Doc: "time per move (100ms when neither depth nor nodes is given)"},
		{Name: "depth", Type: search.Int, Max: 1000, Doc: "plies to search"},
		{Name: "nodes", Type: search.Int, Doc: "positions to search"},
		{Name: "skill", Type: search.Int, Max: 100, Doc: "the option Skill Level (Stockfish: 0-20)"},
		{Name: "elo", Type: search.Int, Max: 10000, Doc: "UCI_LimitStrength with UCI_Elo"},
		{Name: "threads", Type: search.Int, Max: 1024, Doc: "the option Threads"},
		{Name: "hash", Type: search.Int, Max: 1 << 20, Doc: "the option Hash, in MiB"},
		{Name: "timeout", Type: search.Duration, Default: "10s", Doc: "the most an answer may take beyond the move's time before the engine forfeits"},
	}}

// Starts reports whether a spec names an engine program (its kind is gtp
// or uci): such a bot starts a program where it plays.
func Starts(spec string) bool {
	s, err := search.ParseSpec(spec)
	return err == nil && (s.Kind == "gtp" || s.Kind == "uci")
}

// Register adds the kinds gtp and uci to reg, bots that run engine
// programs for the game g. A spec of a game its protocol cannot describe
// (GTP: stones dropped on a square grid; UCI: chess) is an error that
// says why, as is a program that cannot be found.
func Register(reg *Registry, g *engine.Game) error {
	for _, k := range Kinds() {
		if err := reg.Register(k, func(a search.Args, _ search.Hooks[engine.Ply, *engine.Position]) (search.Bot[engine.Ply, *engine.Position], error) {
			return build(k.Name, a, g, nil)
		}); err != nil {
			return err
		}
	}
	return nil
}

// build makes the bot of a gtp or uci spec for g.
func build(proto string, a search.Args, g *engine.Game, slots *limiter) (*Bot, error) {
	if !a.Given("cmd") {
		return nil, fmt.Errorf("no command (write %s:PROGRAM ARGS)", proto)
	}
	argv, err := splitCommand(a.String("cmd"))
	if err != nil {
		return nil, err
	}
	o := options{proto: proto, argv: argv, timeout: a.Duration("timeout"), skill: -1, elo: -1, threads: -1, hash: -1}
	if o.timeout <= 0 {
		o.timeout = 10 * time.Second
	}
	b := &Bot{slots: slots}
	switch proto {
	case "gtp":
		if b.board, err = gtp.NewBoard(g); err != nil {
			return nil, err
		}
		o.time = a.Duration("time")
	case "uci":
		if b.chess, err = uci.NewChess(g); err != nil {
			return nil, err
		}
		o.movetime, o.depth, o.nodes = a.Duration("movetime"), a.Int("depth"), int64(a.Int("nodes"))
		if o.movetime == 0 && o.depth == 0 && o.nodes == 0 {
			o.movetime = 100 * time.Millisecond
		}
		for _, p := range []struct {
			name string
			v    *int
		}{{"skill", &o.skill}, {"elo", &o.elo}, {"threads", &o.threads}, {"hash", &o.hash}} {
			if a.Given(p.name) {
				*p.v = a.Int(p.name)
			}
		}
	}
	// The program is looked for once the game is known to fit, so that
	// a game the protocol cannot describe says so first.
	if _, err := lookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("%s engine: %w", proto, err)
	}
	b.o = o
	if slots != nil {
		slots.add(b)
	}
	return b, nil
}
