package server

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/ludus-games/ludus/engine/zrf"
)

// defaultGamesPoll is how often the files under --games are looked at
// for changes (Config.GamesPoll).
const defaultGamesPoll = 2 * time.Second

// stamp is what tells that a file changed on disk: the time it was last
// written and its size.
type stamp struct {
	mod  int64 // Unix nanoseconds
	size int64
}

// brokenFile is a text of a file under --games that does not read, and
// why.
type brokenFile struct {
	Problem
	text string
}

// maxBrokenText bounds the text of a broken file kept to show in the
// editor beside its problems.
const maxBrokenText = 1 << 20

func newBroken(src []byte, err error) *brokenFile {
	text := string(src)
	if len(text) > maxBrokenText {
		text = text[:maxBrokenText]
	}
	return &brokenFile{Problem: Problem{Error: clipMessage(err.Error()), Errors: diagnose(err)}, text: text}
}

// scanDir returns the stamps of the rules files of dir.
func scanDir(dir fs.FS) (map[string]stamp, error) {
	out := map[string]stamp{}
	err := fs.WalkDir(dir, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(path.Ext(p), ".zrf") {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return nil // gone meanwhile: the next look drops it
		}
		out[p] = stamp{mod: fi.ModTime().UnixNano(), size: fi.Size()}
		return nil
	})
	return out, err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// watchGames looks at the files under --games every cfg.GamesPoll and
// offers what changed (see rescan), until the server closes.
func (s *Server) watchGames() {
	t := time.NewTicker(s.cfg.GamesPoll)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.catalog.rescan(s.ctx, s.cfg.Logf)
		}
	}
}

// rescan reads again the files under --games that were written, added or
// removed since it last looked. A file that reads and plays is offered as
// its next version: new sessions play it, sessions under way keep the
// version they began with. One that does not keeps its last good version
// offered, with the problem beside it (GameInfo.Problem); a file that
// never read is listed among the problems alone. A removed file is no
// longer offered; its sessions go on. Each file is checked as an upload
// is, on the rules pool within the budget; a busy pool leaves the file to
// the next look. Only this loop changes stamps.
func (c *catalog) rescan(ctx context.Context, logf func(string, ...any)) {
	found, err := scanDir(c.dir)
	if err != nil {
		logf("games directory: %v", err)
		return
	}
	for _, p := range sortedKeys(found) {
		if c.stamps[p] == found[p] {
			continue
		}
		if err := c.reload(ctx, p, logf); err != nil {
			continue // busy, or closing: tried again at the next look
		}
		c.stamps[p] = found[p]
	}
	for _, p := range sortedKeys(c.stamps) {
		if _, ok := found[p]; !ok {
			c.drop(p)
			delete(c.stamps, p)
			logf("%s: removed from the games directory", p)
		}
	}
}

// reload reads and checks the text of p on disk and offers it, or notes
// why it does not read. It returns an error only when the file is to be
// tried again later.
func (c *catalog) reload(ctx context.Context, p string, logf func(string, ...any)) error {
	src, err := fs.ReadFile(c.dir, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // removed meanwhile: the next look drops it
	}
	c.mu.RLock()
	cf := c.files[p]
	c.mu.RUnlock()
	switch {
	case err != nil:
	case cf != nil && cf.info.Source != "dir":
		err = failf(http.StatusConflict, "%s: a %s game has that name", p, cf.info.Source)
	case cf != nil && cf.source == string(src):
		c.changing.Lock()
		c.note(p, nil)
		c.changing.Unlock()
		return nil // written again, the same text
	}
	var ch *checked
	if err == nil {
		var j *job[*checked]
		j, err = runJob(ctx, c.pool, func() (*checked, error) { return c.checkFile(p, src) })
		if err != nil {
			return err
		}
		ch, err = j.wait(ctx, c.budget, "checking "+p)
		if transient(err) {
			return err
		}
	}
	c.changing.Lock()
	defer c.changing.Unlock()
	if err != nil {
		logf("%s does not read: %v", p, err)
		c.note(p, newBroken(src, err))
		return nil
	}
	v := c.offerDir(p, src, ch)
	logf("%s: version %d offered", p, v)
	return nil
}

// checkFile reads a file of the games directory (its includes there too)
// and checks its default game.
func (c *catalog) checkFile(p string, src []byte) (*checked, error) {
	f, err := zrf.Read(p, src, c.dir)
	if err != nil {
		return nil, &apiError{status: http.StatusUnprocessableEntity, msg: err.Error(), cause: err}
	}
	e, err := f.Select("")
	if err != nil {
		return nil, &apiError{status: http.StatusUnprocessableEntity, msg: err.Error(), cause: err}
	}
	b, err := c.check(f, e)
	return &checked{f, e, b}, err
}

// note records the problem of p's text on disk (nil: none): beside its
// last good version when it has one. The caller holds c.changing.
func (c *catalog) note(p string, b *brokenFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cf := c.files[p]; cf != nil && cf.info.Source == "dir" {
		cf.problem = b
		delete(c.broken, p)
		return
	}
	if b == nil {
		delete(c.broken, p)
	} else {
		c.broken[p] = b
	}
}

// offerDir offers a checked text of p as its next version, keeping the
// version before for the sessions that play it, and returns the version.
// The caller holds c.changing.
func (c *catalog) offerDir(p string, src []byte, ch *checked) int {
	c.mu.Lock()
	old := c.files[p]
	version := 1
	if old != nil {
		version = old.info.Version + 1
		c.keepVersion(p, old)
	}
	c.builds[buildKey{fileKey{p, version}, ch.def.Index}] = doneJob(ch.b, nil)
	delete(c.broken, p)
	c.mu.Unlock()
	c.offer(p, &catalogFile{info: describe(p, "dir", version, ch.file, ch.def, ch.b.eng.Rules), file: ch.file, source: string(src)})
	if old != nil {
		c.forget(fileKey{p, old.info.Version})
	}
	return version
}

// keepVersion keeps a file no longer offered for the sessions that play
// it, if there is room. The caller holds c.mu.
func (c *catalog) keepVersion(p string, cf *catalogFile) {
	if len(c.versions) < maxOldVersions {
		c.versions[fileKey{p, cf.info.Version}] = doneJob(cf.file, nil)
	}
}

// drop stops offering p, removed from disk; its sessions go on.
func (c *catalog) drop(p string) {
	c.changing.Lock()
	defer c.changing.Unlock()
	c.mu.Lock()
	delete(c.broken, p)
	cf := c.files[p]
	if cf == nil || cf.info.Source != "dir" {
		c.mu.Unlock()
		return
	}
	c.keepVersion(p, cf)
	delete(c.files, p)
	delete(c.folded, strings.ToLower(p))
	c.mu.Unlock()
	c.forget(fileKey{p, cf.info.Version})
}

// FileProblem is a file under --games whose text does not read, as GET
// /api/games/problems lists it: Offered says that its last good version
// is offered meanwhile.
type FileProblem struct {
	Name    string `json:"name"`
	Offered bool   `json:"offered"`
	Problem
}

// problems lists the files under --games that do not read, by name.
func (c *catalog) problems() []FileProblem {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := []FileProblem{}
	for name, b := range c.broken {
		out = append(out, FileProblem{Name: name, Problem: b.Problem})
	}
	for name, cf := range c.files {
		if cf.problem != nil {
			out = append(out, FileProblem{Name: name, Offered: true, Problem: cf.problem.Problem})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
