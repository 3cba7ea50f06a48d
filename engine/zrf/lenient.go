package zrf

import (
	"slices"

	"github.com/ludus-games/ludus/engine/sexp"
)

// This file holds what the reader accepts because Zillions does, though
// a stricter reading would refuse it: ZRF 1.x's options written as game
// sections, the engine of ZoG 2 that runs a game's moves in a DLL.

// actedOptions are the options the engine acts on, by their normalised
// names (optionName).
var actedOptions = []string{"maximal-captures", "pass-turn", "pass-partial", "recycle-captures",
	"chess-invariant", "deferred-captures", "international-extension", "unique-moves", "ko", "royal-pieces"}

// oldOption reports whether the game section s is an option written as
// ZRF 1.x wrote options, (pass-turn true): a section of one value whose
// name is an option's, or whose value is true or false.
func oldOption(s *sexp.Node) bool {
	a := s.Args()
	if len(a) != 1 || a[0].Kind != sexp.Atom {
		return false
	}
	name := optionName(s.Head())
	return slices.Contains(actedOptions, name) || slices.Contains(interfaceOptions, name) ||
		a[0].Text == "true" || a[0].Text == "false"
}

// engineSection reads (engine "file.dll"), ZoG 2's way of running a
// game's moves and goals in a program of its own (Axiom's Forth, say),
// and reports whether s was one. What that program decides is missing
// from the file, which the notes say.
func (b *builder) engineSection(s *sexp.Node) bool {
	if s.Head() != "engine" {
		return false
	}
	a := s.Args()
	if len(a) != 1 || a[0].Kind == sexp.List {
		b.errs.Addf(s, "engine wants the file name of a program (engine \"Axiom.dll\")")
		return true
	}
	b.notes.Addf(s, "the game runs in the engine %q (a Zillions plug-in): the moves, goals and rules that program adds are missing", a[0].Text)
	return true
}

// boardPosition resolves a position named in a list of positions (a
// setup, a zone): a name the board does not have is skipped with a
// warning, since Zillions skips it (a position killed, or off a smaller
// board of a variant). what says what skipping means there.
func (b *builder) boardPosition(n *sexp.Node, what string) (int, bool) {
	name, ok := atomText(n)
	if !ok {
		b.errs.Addf(n, "want a position, got %s", describe(n))
		return 0, false
	}
	if p, ok := b.positions[name]; ok {
		return p, true
	}
	if b.bd != nil && slices.Contains(b.bd.names, name) {
		b.warns.Addf(n, "position %s is killed (kill-positions): %s", name, what)
	} else {
		b.warns.Addf(n, "the board has no position %s: %s", name, what)
	}
	return 0, false
}

// knownPlayer resolves a player named where Zillions skips a name it
// does not know (a setup, a zone, a symmetry), with a warning saying
// what skipping means there.
func (b *builder) knownPlayer(n *sexp.Node, what string) (int, bool) {
	name, ok := atomText(n)
	if !ok {
		b.errs.Addf(n, "want a player, got %s", describe(n))
		return 0, false
	}
	if p, ok := b.players[name]; ok {
		return p, true
	}
	b.warns.Addf(n, "the game has no player %s: %s", name, what)
	return 0, false
}

// boardDir resolves a direction named where Zillions skips a name it
// does not know (a symmetry pair), with a warning.
func (b *builder) boardDir(n *sexp.Node, what string) (int, bool) {
	name, ok := atomText(n)
	if !ok {
		b.errs.Addf(n, "want a direction, got %s", describe(n))
		return 0, false
	}
	if d, ok := b.dirs[name]; ok {
		return d, true
	}
	b.warns.Addf(n, "the board has no direction %s: %s", name, what)
	return 0, false
}
