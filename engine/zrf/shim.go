package zrf

import (
	"fmt"
	"strings"

	"github.com/ludus-games/ludus/engine/sexp"
)

// Dagaz keeps part of some games' rules in JavaScript hooks: reversi's
// flips, Go's captures and its count, Hex's connection, the gravity and
// the four in a row of its connect four, the end of amazons. A hook is
// turned on by an option the file names, or by the game's web page (the
// file then names nothing). The shims below supply those rules in the
// native dialect, so that the files run completely: a shim applies when
// the file names its hook, or when the game's title is one whose Dagaz
// page loads the hook and the file states no goal of its own. What a shim
// supplies is listed by `ludus rules` on "shim:" lines.

// shim is one hook's rules in the native dialect.
type shim struct {
	hooks  []string // option names the hook answers to
	titles []string // title prefixes of the Dagaz games whose page loads the hook
	what   string
	// source returns the dialect's forms (defines and sections) for the
	// game, and false when the game lacks what they refer to.
	source func(g *shimGame) (string, bool)
}

// compass lists the eight compass directions with their opposites.
var compass = [][2]string{{"n", "s"}, {"s", "n"}, {"e", "w"}, {"w", "e"}, {"ne", "sw"}, {"sw", "ne"}, {"nw", "se"}, {"se", "nw"}}

// shimGame is what a shim may refer to: the game's players, its first
// piece that has drop programs and its first that has move programs,
// directions, zones and options.
type shimGame struct {
	players []string
	piece   string
	mover   string
	dirs    []string
	zones   map[string]bool
	options map[string]string
}

// In shim sources, (drops-of Piece block...) replaces the drop programs
// of a piece of the file, which keeps its other items (images, notation).
var shims = []shim{
	{
		hooks:  []string{"reversi-extension", "othello-extension"},
		titles: []string{"Reversi", "Othello"},
		what:   "drops outflank and turn the outflanked discs; a player who cannot drop passes; when nobody can, most discs wins",
		source: func(g *shimGame) (string, bool) {
			return fmt.Sprintf(`
(define outflank ((if (enemy? $1) mark $1 (while (enemy? $1) $1)
  (if (friend? $1) (while enemy? change-owner (opposite $1)) (set-flag turned true)) back)))
(define drop ((verify empty?) %s (verify (flag? turned)) add))
(drops-of %s (drop))
(option "pass turn" forced)
(count-condition (%s) stalemated)`, g.each(func(d string) string { return "(outflank " + d + ")" }),
				g.piece, strings.Join(g.players, " ")), g.piece != ""
		},
	},
	{
		hooks:  []string{"go-extension"},
		titles: []string{"Go (", "Three-color Go"},
		what: "drops capture the groups they leave without liberties, suicide is illegal, positional superko " +
			"(unless the file sets \"ko\"), passes in a row by every player end the game, stones and territory count (no komi)",
		source: func(g *shimGame) (string, bool) {
			ko := `(option "ko" positional)`
			if _, set := g.options["ko"]; set {
				ko = ""
			}
			if _, set := g.options["pass-turn"]; !set {
				ko += ` (option "pass turn" true)`
			}
			return fmt.Sprintf(`
(define take ((if (and (enemy? $1) (= (count (liberties $1)) 1)) (capture (group $1)) (set-flag took true))))
(define breathes (or (empty? $1) (and (friend? $1) (> (count (liberties $1)) 1))))
(define drop ((verify empty?) %s (verify (or (flag? took) %s)) add))
(drops-of %s (drop))
%s
(count-condition (%s) (>= (count passes) %d))
(score (+ (count (pieces my?)) (count (territory))))`,
				g.each(func(d string) string { return "(take " + d + ")" }), g.each(func(d string) string { return "(breathes " + d + ")" }),
				g.piece, ko, strings.Join(g.players, " "), len(g.players)), g.piece != ""
		},
	},
	{
		titles: []string{"Hex"},
		what:   "a chain of the player's stones joining its start-zone to its stop-zone wins",
		source: func(g *shimGame) (string, bool) {
			return fmt.Sprintf(`(win-condition (%s) (connected start-zone stop-zone))`, strings.Join(g.players, " ")),
				g.zones["start-zone"] && g.zones["stop-zone"]
		},
	},
	{
		titles: []string{"Captain's Mistress"},
		what:   "a disc falls to the lowest empty cell of its column; four in a row wins; a full board draws",
		source: func(g *shimGame) (string, bool) {
			four := func(d string) string {
				return fmt.Sprintf("(relative-config %[1]s %[2]s %[1]s %[2]s %[1]s %[2]s %[1]s)", g.piece, d)
			}
			ps := strings.Join(g.players, " ")
			return fmt.Sprintf(`
(define drop ((verify empty?) (if (on-board? s) (verify (not-empty? s))) add))
(drops-of %s (drop))
(win-condition (%s) (or %s %s %s %s))
(draw-condition (%s) stalemated)`, g.piece, ps, four("e"), four("n"), four("ne"), four("se"), ps), g.piece != ""
		},
	},
	{
		hooks:  []string{"fanorona-extension", "fanorona-invariant"},
		titles: []string{"Fanorona"},
		what: "a capture by approach or withdrawal takes the whole line of enemy pieces, the player chooses " +
			"between them, and a capturing piece may go on capturing, never twice in one direction in a row " +
			"nor back to a point it visited",
		source: func(g *shimGame) (string, bool) {
			for _, d := range compass {
				if !contains(g.dirs, d[0]) {
					return "", false
				}
			}
			var capture, more, paika []string
			for _, d := range compass {
				capture = append(capture, fmt.Sprintf("(approach %s) (withdraw %s %s)", d[0], d[0], d[1]))
				more = append(more, fmt.Sprintf("(approach-more %s %s) (withdraw-more %s %s)", d[0], d[1], d[0], d[1]))
				paika = append(paika, fmt.Sprintf("(paika %s)", d[0]))
			}
			return fmt.Sprintf(`
(define approach ($1 (verify empty?) (verify not-visited?) mark $1 (verify enemy?) capture
  (while (enemy? $1) $1 capture) back (add-partial more-capture-type)))
(define withdraw ($2 (verify enemy?) capture (while (enemy? $2) $2 capture) back
  $1 (verify empty?) (verify not-visited?) (add-partial more-capture-type)))
(define approach-more ((verify (not-last-from? $2)) (approach $1)))
(define withdraw-more ((verify (not-last-from? $2)) (withdraw $1 $2)))
(define paika ($1 (verify empty?) add))
(moves-of %s (move-type capture-type) %s (move-type more-capture-type) %s (move-type step-type) %s)
(move-priorities capture-type step-type)
(option "pass partial" true)`, g.mover, strings.Join(capture, " "), strings.Join(more, " "), strings.Join(paika, " ")), g.mover != ""
		},
	},
	{
		titles: []string{"Amazons"},
		what:   "a player who cannot move loses",
		source: func(g *shimGame) (string, bool) {
			return fmt.Sprintf(`(loss-condition (%s) stalemated)`, strings.Join(g.players, " ")), true
		},
	},
	columnsShim,
}

// columnsShim answers Dagaz's "columns-checkers-extension" (its Laska):
// a capture takes the top piece of the jumped column to the bottom of the
// capturing one, freeing the piece under it, and a move does not jump a
// column twice. The builder reads the file's captures so; the shim gives
// the stacks, as high as the setup has pieces.
var columnsShim = shim{
	hooks:  []string{"columns-checkers-extension"},
	what:   "captures take the top piece of the jumped column under the capturing one and free the piece below; a move does not jump a column twice",
	source: func(*shimGame) (string, bool) { return "(stacks 2)", true },
}

// applyShims returns the game's sections with the shims that apply merged
// in (as a variant's sections are), a line for each shim applied, and
// the hook options they answered.
func applyShims(e *Entry) ([]*sexp.Node, []string, map[string]bool, error) {
	sections := e.Sections
	g := shimInfo(sections)
	var lines []string
	answered := map[string]bool{}
	for _, sh := range shims {
		hook := ""
		for _, h := range sh.hooks {
			if v, ok := g.options[h]; ok && v != "false" {
				hook = h
			}
		}
		if hook == "" && (!titled(e.Title, sh.titles) || hasGoals(sections)) {
			continue
		}
		src, ok := sh.source(g)
		if !ok {
			continue
		}
		name := "shim:" + append(append([]string(nil), sh.titles...), sh.hooks...)[0]
		own, err := shimForms(name, src, sections)
		if err != nil {
			return nil, nil, nil, err
		}
		sections = inherit(sections, own)
		why := fmt.Sprintf("option %q", hook)
		if hook == "" {
			why = fmt.Sprintf("Dagaz's page for %q", e.Title)
		}
		lines = append(lines, fmt.Sprintf("%s (the rules of a Dagaz JavaScript hook, for %s)", sh.what, why))
		for _, h := range sh.hooks {
			answered[h] = true
		}
		g = shimInfo(sections)
	}
	return sections, lines, answered, nil
}

func titled(title string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(strings.ToLower(title), strings.ToLower(p)) {
			return true
		}
	}
	return false
}

func hasGoals(sections []*sexp.Node) bool {
	for _, s := range sections {
		if sectionKey(s) == "goals" {
			return true
		}
	}
	return false
}

// shimInfo collects what shims refer to.
func shimInfo(sections []*sexp.Node) *shimGame {
	g := &shimGame{zones: map[string]bool{}, options: map[string]string{}}
	for _, s := range sections {
		switch s.Head() {
		case "players":
			for _, a := range s.Args() {
				if a.Kind == sexp.Atom && !strings.HasPrefix(a.Text, "?") {
					g.players = append(g.players, a.Text)
				}
			}
		case "piece":
			for _, a := range s.Args() {
				if a.Head() == "drops" && g.piece == "" {
					g.piece, _ = pieceName(s)
				}
				if a.Head() == "moves" && g.mover == "" {
					g.mover, _ = pieceName(s)
				}
			}
		case "board":
			for _, it := range s.Args() {
				g.boardDirs(it)
				if it.Head() == "zone" {
					for _, z := range it.Args() {
						if z.Head() == "name" && len(z.Args()) == 1 {
							g.zones[z.Args()[0].Text] = true
						}
					}
				}
			}
		case "option":
			if a := s.Args(); len(a) == 2 {
				name, _ := a[0].Value()
				val, _ := a[1].Value()
				g.options[optionName(name)] = strings.ToLower(val)
			}
		}
	}
	return g
}

// boardDirs collects the directions a board item makes.
func (g *shimGame) boardDirs(it *sexp.Node) {
	add := func(d string) {
		if !contains(g.dirs, d) {
			g.dirs = append(g.dirs, d)
		}
	}
	switch it.Head() {
	case "grid":
		for _, x := range it.Args() {
			if x.Head() == "directions" {
				for _, d := range x.Args() {
					add(d.Head())
				}
			}
		}
	case "links":
		if a := it.Args(); len(a) > 0 && a[0].Kind == sexp.Atom {
			add(a[0].Text)
		}
	}
}

// each writes f(d) for every direction of the board, space separated.
func (g *shimGame) each(f func(d string) string) string {
	var out []string
	for _, d := range g.dirs {
		out = append(out, f(d))
	}
	return strings.Join(out, " ")
}

// shimForms reads a shim's source: its defines are expanded, and each
// (drops-of Piece block...) or (moves-of Piece block...) becomes the
// file's piece section with those drop or move programs.
func shimForms(name, src string, sections []*sexp.Node) ([]*sexp.Node, error) {
	r := &reader{macros: map[string]*macro{}}
	forms, errs := sexp.Parse(name, []byte(src))
	r.errs = append(r.errs, errs...)
	top := r.collectDefines(forms)
	// A shim's source is ours: what would be a warning is an error.
	ex := &expander{macros: r.macros, errs: &r.errs, warns: &r.errs}
	top = ex.expand(top, 0, nil)
	var out []*sexp.Node
	for _, n := range top {
		kind := strings.TrimSuffix(n.Head(), "-of")
		if kind != "drops" && kind != "moves" || kind == n.Head() {
			out = append(out, n)
			continue
		}
		piece := n.Args()[0].Text
		for _, s := range sections {
			if s.Head() != "piece" {
				continue
			}
			if pn, _ := pieceName(s); pn != piece {
				continue
			}
			c := *s
			c.List = nil
			for _, it := range s.List {
				if it.Head() != kind {
					c.List = append(c.List, it)
				}
			}
			progs := &sexp.Node{Kind: sexp.List, Pos: n.Pos, List: append([]*sexp.Node{{Kind: sexp.Atom, Text: kind, Pos: n.Pos}}, n.Args()[1:]...)}
			c.List = append(c.List, progs)
			out = append(out, &c)
		}
	}
	if err := r.errs.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}
