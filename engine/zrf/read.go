// Package zrf reads game rules written in ZRF, the rules language of
// Zillions of Games (and the dialect of it that Dagaz converts), into the
// engine's rules model.
//
// Reading is in two stages. Read parses a file and what it includes, expands
// its define macros and splits it into games and variants (a variant
// re-uses the game before it and overrides the sections it restates).
// Build translates one of them into rules.Rules and a separate
// rules.View that keeps what only a renderer needs (images, sounds,
// screen coordinates). Every error names file:line:col; all errors are
// reported together, sorted.
package zrf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/sexp"
)

// maxIncludeDepth bounds nested includes (a cycle is reported as such
// before this is reached).
const maxIncludeDepth = 32

// File is a read rules file: its games and variants, ready to build.
type File struct {
	Path    string
	Version string
	// Games lists the games and variants in file order, menu separators
	// (variants titled "-") left out.
	Games []*Entry
	// warns are what reading the file (its macros) warns about; every
	// game built from it lists them.
	warns sexp.ErrorList
}

// Entry is one playable game of a file: a game or a variant with the
// sections it inherits already merged in.
type Entry struct {
	Title   string
	Index   int // 1-based position in File.Games
	Variant bool
	Default bool
	Node    *sexp.Node // the (game ...) or (variant ...) form itself
	// Sections are the game's sections after macro expansion and
	// inheritance.
	Sections []*sexp.Node
}

// ReadFile reads the rules file at path.
func ReadFile(path string) (*File, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Read(path, src, osFS{})
}

type osFS struct{}

func (osFS) Open(name string) (fs.File, error) { return os.Open(name) }

// Read reads a rules file from src; path names it in errors and locates the
// files it includes, which are opened through fsys (paths relative to the
// including file's directory).
func Read(path string, src []byte, fsys fs.FS) (*File, error) {
	r := &reader{fsys: fsys, macros: map[string]*macro{}}
	forms := r.parseFile(path, src, 0, nil)
	top := r.collectDefines(forms)
	f := &File{Path: path}
	ex := &expander{macros: r.macros, errs: &r.errs, warns: &f.warns}
	top = ex.expand(top, 0, nil)
	r.splitGames(f, top)
	r.errs.Sort()
	if err := r.errs.Err(); err != nil {
		return nil, err
	}
	if len(f.Games) == 0 {
		return nil, fmt.Errorf("%s: no game in the file", path)
	}
	return f, nil
}

type reader struct {
	fsys   fs.FS
	macros map[string]*macro
	errs   sexp.ErrorList
}

// parseFile parses one file and splices in the files it includes.
func (r *reader) parseFile(path string, src []byte, depth int, stack []string) []*sexp.Node {
	nodes, errs := sexp.Parse(path, src)
	r.errs = append(r.errs, errs...)
	stack = append(stack, filepath.Clean(path))
	var out []*sexp.Node
	for _, n := range nodes {
		if n.Head() != "include" {
			out = append(out, n)
			continue
		}
		out = append(out, r.include(path, n, depth, stack)...)
	}
	return out
}

func (r *reader) include(from string, n *sexp.Node, depth int, stack []string) []*sexp.Node {
	args := n.Args()
	if len(args) != 1 || args[0].Kind == sexp.List {
		r.errs.Addf(n, "include wants one file name")
		return nil
	}
	name := filepath.Join(filepath.Dir(from), filepath.FromSlash(strings.ReplaceAll(args[0].Text, `\`, "/")))
	for _, s := range stack {
		if s == filepath.Clean(name) {
			r.errs.Addf(n, "include cycle: %s includes itself", name)
			return nil
		}
	}
	if depth >= maxIncludeDepth {
		r.errs.Addf(n, "includes nested more than %d deep", maxIncludeDepth)
		return nil
	}
	src, err := fs.ReadFile(r.fsys, name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			r.errs.Addf(n, "include %q: file not found (looked for %s)", args[0].Text, name)
		} else {
			r.errs.Addf(n, "include %q: %v", args[0].Text, err)
		}
		return nil
	}
	return r.parseFile(name, src, depth+1, stack)
}

// collectDefines records every top-level define (a later definition of a
// name replaces an earlier one) and returns the other forms.
func (r *reader) collectDefines(forms []*sexp.Node) []*sexp.Node {
	var out []*sexp.Node
	for _, n := range forms {
		if n.Head() != "define" {
			out = append(out, n)
			continue
		}
		args := n.Args()
		if len(args) == 0 || args[0].Kind != sexp.Atom {
			r.errs.Addf(n, "define wants a name and a body")
			continue
		}
		r.macros[args[0].Text] = &macro{name: args[0].Text, body: args[1:], def: n}
	}
	return out
}

// splitGames turns the top-level forms into games and variants. A
// variant before the first game is a variant of that game (Zillions
// reads them so); it keeps its place in the list.
func (r *reader) splitGames(f *File, top []*sexp.Node) {
	var base *Entry
	var early []*Entry // variants before the first game, waiting for it
	for _, n := range top {
		switch n.Head() {
		case "version":
			if a := n.Args(); len(a) == 1 {
				f.Version, _ = a[0].Value()
			} else {
				r.errs.Addf(n, "version wants one value")
			}
		case "game":
			e := &Entry{Node: n, Sections: r.sections(n)}
			e.Title = titleOf(e.Sections)
			e.Default = hasDefault(e.Sections)
			if base == nil {
				for _, v := range early {
					v.Sections = inherit(e.Sections, v.Sections)
					v.Title = variantTitle(v, e, v.Index)
					f.warns.Addf(v.Node, "a variant before the first game: it is read as a variant of the game at %s", n.Pos)
				}
			}
			base = e
			f.add(e)
		case "variant":
			own := r.sections(n)
			t := titleOf(own)
			if t == "-" {
				continue // a menu separator
			}
			e := &Entry{Node: n, Variant: true, Default: hasDefault(own), Title: t}
			f.add(e)
			if base == nil {
				e.Sections = own
				early = append(early, e)
				continue
			}
			e.Sections = inherit(base.Sections, own)
			e.Title = variantTitle(e, base, e.Index)
		case "define":
			r.errs.Addf(n, "define must be at the top level of a file")
		default:
			r.errs.Addf(n, "unknown top-level form %s", describe(n))
		}
	}
	if base == nil {
		for _, v := range early {
			r.errs.Addf(v.Node, "variant before any game")
		}
	}
}

// variantTitle is a variant's title, or one made from its game's when it
// has none.
func variantTitle(v, game *Entry, index int) string {
	if v.Title != "" {
		return v.Title
	}
	return fmt.Sprintf("%s (variant %d)", game.Title, index)
}

func (f *File) add(e *Entry) {
	f.Games = append(f.Games, e)
	e.Index = len(f.Games)
}

func (r *reader) sections(n *sexp.Node) []*sexp.Node {
	var out []*sexp.Node
	for _, s := range n.Args() {
		if s.Kind != sexp.List || s.Head() == "" {
			r.errs.Addf(s, "unexpected %s in %s (want a section such as (players ...))", describe(s), n.Head())
			continue
		}
		out = append(out, s)
	}
	return out
}

func describe(n *sexp.Node) string {
	switch n.Kind {
	case sexp.Atom:
		return strconv.Quote(n.Text)
	case sexp.String:
		return "string " + strconv.Quote(n.Text)
	}
	if h := n.Head(); h != "" {
		return "(" + h + " ...)"
	}
	return "list"
}

func titleOf(sections []*sexp.Node) string {
	for _, s := range sections {
		if s.Head() == "title" {
			if a := s.Args(); len(a) > 0 {
				t, _ := a[0].Value()
				return t
			}
		}
	}
	return ""
}

func hasDefault(sections []*sexp.Node) bool {
	for _, s := range sections {
		if s.Head() == "default" {
			return true
		}
	}
	return false
}

// sectionKey says which base sections a variant's section replaces: pieces
// and options by name, all goals together, all invariants and
// accumulators together, anything else by its head.
func sectionKey(s *sexp.Node) string {
	h := s.Head()
	switch h {
	case "piece":
		for _, a := range s.Args() {
			if a.Head() == "name" && len(a.Args()) > 0 {
				v, _ := a.Args()[0].Value()
				return "piece:" + v
			}
		}
	case "option":
		if a := s.Args(); len(a) > 0 {
			v, _ := a[0].Value()
			return "option:" + v
		}
	case "win-condition", "loss-condition", "draw-condition", "count-condition":
		return "goals"
	case "invariant", "accumulator":
		return "invariants"
	case "variable", "komi":
		if a := s.Args(); len(a) > 0 {
			v, _ := a[0].Value()
			return h + ":" + v
		}
	}
	return h
}

// inherit merges a variant's sections over its game's: a restated section
// replaces the game's (in place, so piece order stays), a new one is added.
func inherit(base, own []*sexp.Node) []*sexp.Node {
	restated := map[string]bool{}
	for _, s := range own {
		restated[sectionKey(s)] = true
	}
	var out []*sexp.Node
	placed := map[string]bool{}
	for _, s := range base {
		k := sectionKey(s)
		if s.Head() == "default" {
			continue
		}
		if !restated[k] {
			out = append(out, s)
			continue
		}
		if placed[k] {
			continue
		}
		placed[k] = true
		for _, o := range own {
			if sectionKey(o) == k {
				out = append(out, o)
			}
		}
	}
	for _, o := range own {
		if k := sectionKey(o); !placed[k] {
			placed[k] = true
			for _, o2 := range own {
				if sectionKey(o2) == k {
					out = append(out, o2)
				}
			}
		}
	}
	return out
}

// Select returns the game named by sel: a 1-based index, or a title
// (compared without regard to case). An empty sel chooses the game marked
// (default), else the first game (a variant written before it comes
// first in the list but is not the default).
func (f *File) Select(sel string) (*Entry, error) {
	if sel == "" {
		for _, e := range f.Games {
			if e.Default {
				return e, nil
			}
		}
		for _, e := range f.Games {
			if !e.Variant {
				return e, nil
			}
		}
		return f.Games[0], nil
	}
	if i, err := strconv.Atoi(sel); err == nil {
		if i < 1 || i > len(f.Games) {
			return nil, fmt.Errorf("%s: no game number %d (the file has %d)", f.Path, i, len(f.Games))
		}
		return f.Games[i-1], nil
	}
	for _, e := range f.Games {
		if strings.EqualFold(e.Title, sel) {
			return e, nil
		}
	}
	var names []string
	for _, e := range f.Games {
		names = append(names, fmt.Sprintf("%d %q", e.Index, e.Title))
	}
	return nil, fmt.Errorf("%s: no game titled %q (games: %s)", f.Path, sel, strings.Join(names, ", "))
}
