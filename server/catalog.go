package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/ludus-games/ludus/engine/rules"
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
	// Version is an upload's version: 1, then one more for each
	// replacement; for a file under --games, 1 and one more each time it
	// changes on disk while the server runs (0 for bundled files).
	Version int `json:"version,omitempty"`
	// Problem says why the text of a file under --games, changed on
	// disk, does not read: the version before it is still offered.
	Problem *Problem `json:"problem,omitempty"`
}

// Problem is why a rules file does not read, as a text and as the
// reader's problems, each at its place.
type Problem struct {
	Error  string       `json:"error"`
	Errors []Diagnostic `json:"errors"`
}

// VariantInfo is one game or variant of a rules file.
type VariantInfo struct {
	Index   int    `json:"index"`
	Title   string `json:"title"`
	Default bool   `json:"default,omitempty"`
}

// catalog is every rules file the server offers, and the games built from
// them (and from earlier versions of uploads that sessions still play).
// A game is built and checked once, on the rules pool; compiled games are
// read-only and shared by every session.
type catalog struct {
	store  *store.Store
	pool   *rulesPool
	budget rulesBudget

	mu     sync.RWMutex
	files  map[string]*catalogFile // offered now, by name
	folded map[string]string       // the names offered, by their lower case
	builds map[buildKey]*job[*built]
	// versions are the files of upload versions no longer offered, read
	// for the sessions that play them.
	versions map[fileKey]*job[*zrf.File]

	// changing serialises the changes to the uploads and to the files
	// under --games, so that no two names that differ only in case are
	// taken at once.
	changing sync.Mutex

	// dir is the directory of --games, watched by rescan: stamps are
	// its files as last read, broken those of them that do not read and
	// have no version that did.
	dir    fs.FS
	stamps map[string]stamp
	broken map[string]*brokenFile
}

type catalogFile struct {
	info    GameInfo
	file    *zrf.File
	source  string // the text offered
	keyHash string // of an upload's key
	// problem is the text on disk of a file under --games that does not
	// read, and why (nil when it is the text offered).
	problem *brokenFile
}

type fileKey struct {
	name    string
	version int
}

type buildKey struct {
	fileKey
	variant int // the entry's index in the file
}

// built is a game built and checked: compiled within the budget, its start
// position's moves generated within it. start is the rules' own error at
// the start (a program that does not end), told when a game starts.
type built struct {
	eng   *games.Game
	start error
}

// newCatalog reads the bundled games, those of dir and the uploads. A file
// of dir that does not read, or has no playable game (an include file, a
// game of rules the engine lacks), is left out and reported in skipped:
// a directory of many games is served with those that play. An upload
// is checked again against today's budget; one over it is left out and
// reported.
func newCatalog(ctx context.Context, st *store.Store, dir fs.FS, pool *rulesPool, b rulesBudget) (c *catalog, skipped []error, err error) {
	c = &catalog{store: st, pool: pool, budget: b, files: map[string]*catalogFile{}, folded: map[string]string{},
		builds: map[buildKey]*job[*built]{}, versions: map[fileKey]*job[*zrf.File]{},
		dir: dir, stamps: map[string]stamp{}, broken: map[string]*brokenFile{}}
	bundled, err := readBundled(b.cells)
	if err != nil {
		return nil, nil, err
	}
	for _, cf := range bundled {
		c.offer(cf.info.Name, &catalogFile{info: cf.info, file: cf.file, source: cf.source})
	}
	if dir != nil {
		found, err := scanDir(dir)
		if err != nil {
			return nil, nil, fmt.Errorf("games directory: %w", err)
		}
		for _, p := range sortedKeys(found) {
			c.stamps[p] = found[p]
			src, err := fs.ReadFile(dir, p)
			if err == nil && c.files[p] != nil {
				err = fmt.Errorf("%s: a bundled game has that name", p)
			}
			if err == nil {
				err = c.add(p, "dir", src, dir)
			}
			if err != nil {
				skipped = append(skipped, err)
				c.broken[p] = newBroken(src, err)
			}
		}
	}
	uploads, err := st.GameFiles(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range uploads {
		ch, err := c.probe(ctx, f.Name, []byte(f.Source))
		if err != nil {
			skipped = append(skipped, fmt.Errorf("uploaded %s (version %d): %w", f.Name, f.Version, err))
			continue
		}
		c.offerUpload(f, ch)
	}
	return c, skipped, nil
}

// add reads a rules file of the server's own and builds its default game,
// so that a file that cannot be played is refused when it is offered, not
// when a game starts.
func (c *catalog) add(name, source string, src []byte, fsys fs.FS) error {
	cf, err := readOffered(name, source, src, fsys, c.budget.cells)
	if err != nil {
		return err
	}
	c.offer(name, cf)
	return nil
}

// readOffered reads and checks a file of the server's own as add does.
func readOffered(name, source string, src []byte, fsys fs.FS, cells int) (*catalogFile, error) {
	f, err := zrf.Read(name, src, fsys)
	if err != nil {
		return nil, err
	}
	e, err := f.Select("")
	if err != nil {
		return nil, err
	}
	g, err := f.BuildWithin(e, zrf.Limits{Positions: cells})
	if err != nil {
		return nil, err
	}
	version := 0
	if source == "dir" {
		version = 1
	}
	return &catalogFile{info: describe(name, source, version, f, e, g.Rules), file: f, source: string(src)}, nil
}

// bundledCache keeps the bundled files as read and checked, by the budget
// of cells they were checked within: they are part of the program, the
// same for every server of a process, and reading them all takes a tenth
// of a second of processor time (servers in tests start by the hundred).
// A read file is not changed afterwards, so servers share it as the
// sessions of one server do.
var bundledCache struct {
	sync.Mutex
	byCells map[int][]*catalogFile
}

// readBundled returns the bundled files read and checked within cells.
func readBundled(cells int) ([]*catalogFile, error) {
	bundledCache.Lock()
	defer bundledCache.Unlock()
	if files, ok := bundledCache.byCells[cells]; ok {
		return files, nil
	}
	var files []*catalogFile
	for _, name := range games.Names() {
		src, _ := games.Source(name)
		cf, err := readOffered(name, "bundled", src, games.FS(), cells)
		if err != nil {
			return nil, err
		}
		files = append(files, cf)
	}
	if bundledCache.byCells == nil {
		bundledCache.byCells = map[int][]*catalogFile{}
	}
	bundledCache.byCells[cells] = files
	return files, nil
}

// describe makes the description of a file's game.
func describe(name, source string, version int, f *zrf.File, def *zrf.Entry, r *rules.Rules) GameInfo {
	info := GameInfo{Name: name, Source: source, Title: r.Title, Notes: r.Notes, Version: version}
	if info.Notes == nil {
		info.Notes = []string{}
	}
	for i, p := range r.Players {
		if r.Chooses(i) { // the seats: not dice, nor players who never move
			info.Players = append(info.Players, p.Name)
		}
	}
	for _, v := range f.Games {
		info.Variants = append(info.Variants, VariantInfo{Index: v.Index, Title: v.Title, Default: v == def})
	}
	return info
}

// offer lists a file under its name.
func (c *catalog) offer(name string, cf *catalogFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files[name] = cf
	c.folded[strings.ToLower(name)] = name
}

// list returns the games in name order.
func (c *catalog) list() []GameInfo {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]GameInfo, 0, len(c.files))
	for _, f := range c.files {
		out = append(out, f.described())
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
	return f.described(), true
}

// described is the file's description with the problem of its text on
// disk, if any. The caller holds c.mu.
func (cf *catalogFile) described() GameInfo {
	info := cf.info
	if cf.problem != nil {
		info.Problem = &cf.problem.Problem
	}
	return info
}

// current is the version of a file offered now.
const current = -1

// engine returns the game of a file's variant ("": the default), built and
// checked within the budget, with the variant's title and the file's
// version: version is the upload's version a session plays, or current
// for the file offered now. 404 for an unknown file, 422 for an unknown
// variant, rules that do not build or compile, or over the budget.
func (c *catalog) engine(ctx context.Context, name string, version int, variant string) (*built, string, int, error) {
	f, version, err := c.fileAt(ctx, name, version)
	if err != nil {
		return nil, "", 0, err
	}
	e, err := f.Select(variant)
	if err != nil {
		return nil, "", 0, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	key := buildKey{fileKey{name, version}, e.Index}
	j, err := c.build(ctx, key, func() (*built, error) { return c.check(f, e) })
	if err != nil {
		return nil, "", 0, err
	}
	b, err := j.wait(ctx, c.budget, "building "+name)
	return b, e.Title, version, err
}

// build returns the job that builds key, starting it with f if none has.
// A job whose error may not happen again is forgotten when it ends, so
// that the next to ask tries again.
func (c *catalog) build(ctx context.Context, key buildKey, f func() (*built, error)) (*job[*built], error) {
	c.mu.RLock()
	j := c.builds[key]
	c.mu.RUnlock()
	if j != nil {
		return j, nil
	}
	j, err := runJob(ctx, c.pool, f)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if old := c.builds[key]; old != nil {
		c.mu.Unlock()
		return old, nil // built meanwhile; the extra build ends on its own
	}
	c.builds[key] = j
	c.mu.Unlock()
	go func() {
		<-j.done
		if transient(j.err) {
			c.mu.Lock()
			if c.builds[key] == j {
				delete(c.builds, key)
			}
			c.mu.Unlock()
		}
	}()
	return j, nil
}

// check builds one game of a file within the budget and generates its
// start position's moves within it. Over the budget is an error (the game
// is refused); the rules' own failure at the start is kept in start.
func (c *catalog) check(f *zrf.File, e *zrf.Entry) (*built, error) {
	g, err := games.Build(f, e, games.Options{MaxPositions: c.budget.cells})
	if err != nil {
		if r := c.budget.refusal(err); r != nil {
			return nil, r
		}
		return nil, &apiError{status: http.StatusUnprocessableEntity, msg: fmt.Sprintf("%s: %v", f.Path, err), cause: err}
	}
	start := g.New()
	done := c.budget.start(start.State())
	start.Moves(nil)
	done()
	err = start.Err()
	if r := c.budget.refusal(err); r != nil {
		return nil, r
	}
	return &built{eng: g, start: err}, nil
}

// fileAt returns the file a session plays: the one offered now, or an
// earlier version of an upload, read again from the store.
func (c *catalog) fileAt(ctx context.Context, name string, version int) (*zrf.File, int, error) {
	c.mu.RLock()
	cf := c.files[name]
	vj := c.versions[fileKey{name, version}]
	c.mu.RUnlock()
	switch {
	case cf != nil && (version == current || version == cf.info.Version):
		return cf.file, cf.info.Version, nil
	case vj != nil:
		f, err := vj.wait(ctx, c.budget, "reading "+name)
		return f, version, err
	case cf != nil && cf.info.Source != "upload":
		// The server keeps no earlier texts of its own files past a
		// restart: a session of one plays the file as it is now.
		return cf.file, cf.info.Version, nil
	case version <= 0:
		return nil, 0, failf(http.StatusNotFound, "no game %q (GET /api/games lists them)", name)
	}
	gf, err := c.store.GameFileVersion(ctx, name, version)
	if errors.Is(err, store.ErrNotFound) {
		return nil, 0, failf(http.StatusNotFound, "no game %q version %d", name, version)
	}
	if err != nil {
		return nil, 0, err
	}
	vj, err = runJob(ctx, c.pool, func() (*zrf.File, error) { return readUpload(gf.Name, []byte(gf.Source)) })
	if err != nil {
		return nil, 0, err
	}
	c.mu.Lock()
	if old := c.versions[fileKey{name, version}]; old != nil {
		vj = old
	} else if len(c.versions) < maxOldVersions {
		c.versions[fileKey{name, version}] = vj
	}
	c.mu.Unlock()
	f, err := vj.wait(ctx, c.budget, "reading "+name)
	return f, version, err
}

// maxOldVersions bounds the earlier versions of uploads kept read.
const maxOldVersions = 256

// readUpload reads an uploaded file. Includes are not allowed: an upload
// is one file.
func readUpload(name string, src []byte) (*zrf.File, error) {
	f, err := zrf.Read(name, src, fstest.MapFS{})
	if err != nil {
		return nil, &apiError{status: http.StatusUnprocessableEntity, msg: err.Error(), cause: err}
	}
	return f, nil
}

// checked is an upload read and its default game built and checked.
type checked struct {
	file *zrf.File
	def  *zrf.Entry
	b    *built
}

// probe reads and checks an uploaded text, on the pool within the budget.
func (c *catalog) probe(ctx context.Context, name string, src []byte) (*checked, error) {
	j, err := runJob(ctx, c.pool, func() (*checked, error) {
		f, err := readUpload(name, src)
		if err != nil {
			return nil, err
		}
		e, err := f.Select("")
		if err != nil {
			return nil, failf(http.StatusUnprocessableEntity, "%v", err)
		}
		b, err := c.check(f, e)
		return &checked{f, e, b}, err
	})
	if err != nil {
		return nil, err
	}
	return j.wait(ctx, c.budget, "checking "+name)
}

// offerUpload offers a version of an upload that probe checked, keeping
// the default game it built.
func (c *catalog) offerUpload(gf store.GameFile, ch *checked) GameInfo {
	r := ch.b.eng.Rules
	cf := &catalogFile{info: describe(gf.Name, "upload", gf.Version, ch.file, ch.def, r),
		file: ch.file, source: gf.Source, keyHash: gf.KeyHash}
	c.mu.Lock()
	c.builds[buildKey{fileKey{gf.Name, gf.Version}, ch.def.Index}] = doneJob(ch.b, nil)
	c.mu.Unlock()
	c.offer(gf.Name, cf)
	return cf.info
}
