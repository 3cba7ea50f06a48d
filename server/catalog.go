package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/store"
)

// GameInfo describes a game the server offers, as GET /api/games lists it.
type GameInfo struct {
	Name     string        `json:"name"`
	Source   string        `json:"source"` // bundled, dir, upload
	Title    string        `json:"title"`
	Players  []string      `json:"players"` // the seats: players who choose moves
	Variants []VariantInfo `json:"variants"`
	Notes    []string      `json:"notes"`
}

// VariantInfo is one game or variant of a rules file.
type VariantInfo struct {
	Index   int    `json:"index"`
	Title   string `json:"title"`
	Default bool   `json:"default,omitempty"`
}

// catalog is every rules file the server knows and the games compiled from
// them so far. Compiled games are read-only and shared by every session.
type catalog struct {
	store *store.Store

	mu      sync.RWMutex
	files   map[string]*catalogFile
	engines map[string]*games.Game // by name and variant index
}

type catalogFile struct {
	info GameInfo
	file *zrf.File
}

// newCatalog reads the bundled games, those of dir and the uploads. A file
// of dir that does not read, or has no playable game (an include file, a
// game of rules the engine lacks), is left out and reported in skipped:
// a directory of many games is served with those that play.
func newCatalog(ctx context.Context, st *store.Store, dir fs.FS) (c *catalog, skipped []error, err error) {
	c = &catalog{store: st, files: map[string]*catalogFile{}, engines: map[string]*games.Game{}}
	for _, name := range games.Names() {
		src, _ := games.Source(name)
		if err := c.add(name, "bundled", src, games.FS()); err != nil {
			return nil, nil, err
		}
	}
	if dir != nil {
		err := fs.WalkDir(dir, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(path.Ext(p), ".zrf") {
				return err
			}
			src, err := fs.ReadFile(dir, p)
			if err != nil {
				return err
			}
			if _, taken := c.files[p]; taken {
				skipped = append(skipped, fmt.Errorf("%s: a bundled game has that name", p))
				return nil
			}
			if err := c.add(p, "dir", src, dir); err != nil {
				skipped = append(skipped, err)
			}
			return nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("games directory: %w", err)
		}
	}
	uploads, err := st.GameFiles(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range uploads {
		if err := c.add(f.Name, "upload", []byte(f.Source), fstest.MapFS{}); err != nil {
			skipped = append(skipped, fmt.Errorf("uploaded %w", err))
		}
	}
	return c, skipped, nil
}

// add reads a rules file and builds its default game, so that a file that
// cannot be played is refused when it is offered, not when a game starts.
func (c *catalog) add(name, source string, src []byte, fsys fs.FS) error {
	f, err := zrf.Read(name, src, fsys)
	if err != nil {
		return err
	}
	e, err := f.Select("")
	if err != nil {
		return err
	}
	g, err := f.Build(e)
	if err != nil {
		return err
	}
	info := GameInfo{Name: name, Source: source, Title: g.Rules.Title, Notes: g.Rules.Notes}
	if info.Notes == nil {
		info.Notes = []string{}
	}
	for i, p := range g.Rules.Players {
		if g.Rules.Chooses(i) { // the seats: not dice, nor players who never move
			info.Players = append(info.Players, p.Name)
		}
	}
	for _, v := range f.Games {
		info.Variants = append(info.Variants, VariantInfo{Index: v.Index, Title: v.Title, Default: v == e})
	}
	c.mu.Lock()
	c.files[name] = &catalogFile{info: info, file: f}
	c.mu.Unlock()
	return nil
}

// list returns the games in name order.
func (c *catalog) list() []GameInfo {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]GameInfo, 0, len(c.files))
	for _, f := range c.files {
		out = append(out, f.info)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// info returns one game's description.
func (c *catalog) info(name string) (GameInfo, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	f, ok := c.files[name]
	if !ok {
		return GameInfo{}, false
	}
	return f.info, true
}

// engine returns the compiled game of a file's variant ("": the default)
// and the variant's title: 404 for an unknown file, 422 for an unknown
// variant or rules that do not compile.
func (c *catalog) engine(name, variant string) (*games.Game, string, error) {
	c.mu.RLock()
	f, ok := c.files[name]
	c.mu.RUnlock()
	if !ok {
		return nil, "", failf(http.StatusNotFound, "no game %q (GET /api/games lists them)", name)
	}
	e, err := f.file.Select(variant)
	if err != nil {
		return nil, "", failf(http.StatusUnprocessableEntity, "%v", err)
	}
	key := fmt.Sprintf("%s\x00%d", name, e.Index)
	c.mu.RLock()
	eng := c.engines[key]
	c.mu.RUnlock()
	if eng != nil {
		return eng, e.Title, nil
	}
	eng, err = games.Build(f.file, e, games.Options{})
	if err != nil {
		return nil, "", failf(http.StatusUnprocessableEntity, "%s: %v", name, err)
	}
	c.mu.Lock()
	if old := c.engines[key]; old != nil {
		eng = old // another request compiled it first
	} else {
		c.engines[key] = eng
	}
	c.mu.Unlock()
	return eng, e.Title, nil
}

// upload reads, checks and keeps a user's rules file. Includes are not
// allowed: an upload is one file.
func (c *catalog) upload(ctx context.Context, name string, src []byte) (GameInfo, error) {
	if name == "" || strings.ContainsAny(name, "/\\\x00") || !strings.EqualFold(path.Ext(name), ".zrf") || len(name) > 100 {
		return GameInfo{}, failf(http.StatusBadRequest, "?name=%q: want a file name ending in .zrf, without slashes", name)
	}
	if old, ok := c.info(name); ok && old.Source != "upload" {
		return GameInfo{}, failf(http.StatusConflict, "%s: a %s game has that name", name, old.Source)
	}
	probe := &catalog{files: map[string]*catalogFile{}, engines: map[string]*games.Game{}}
	if err := probe.add(name, "upload", src, fstest.MapFS{}); err != nil {
		return GameInfo{}, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	if _, _, err := probe.engine(name, ""); err != nil {
		return GameInfo{}, err
	}
	if err := c.store.SaveGameFile(ctx, store.GameFile{Name: name, Source: string(src)}); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return GameInfo{}, failf(http.StatusConflict, "%s: another file was uploaded with that name; choose another", name)
		}
		return GameInfo{}, err
	}
	c.mu.Lock()
	c.files[name] = probe.files[name]
	c.mu.Unlock()
	return probe.files[name].info, nil
}
