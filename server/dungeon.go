package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/examples"
)

// layoutTimeLimit caps the generation of one layout.
const layoutTimeLimit = 20 * time.Second

// tmxTileset is the name under which the TMX export refers to its tile
// images, served at /api/dungeon/tiles.png.
const tmxTileset = "dungeon-tiles.png"

// SpecInfo describes a bundled level spec, as GET /api/dungeon/specs lists
// it.
type SpecInfo struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Rooms       int    `json:"rooms"`
	Connections int    `json:"connections"`
}

// specs are the bundled level specs, read once, with their generators.
type specs struct {
	once  sync.Once
	err   error
	list  []SpecInfo
	byKey map[string]*dungeon.Generator
}

func (sp *specs) load() error {
	sp.once.Do(func() {
		fsys := examples.FS()
		names, _ := fs.Glob(fsys, "dungeon/*.yaml")
		sort.Strings(names)
		sp.byKey = map[string]*dungeon.Generator{}
		for _, name := range names {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				sp.err = err
				return
			}
			spec, err := dungeon.Parse(data, name, dungeon.ReadOptions{})
			if err != nil {
				sp.err = err
				return
			}
			g, err := dungeon.NewGenerator(spec)
			if err != nil {
				sp.err = err
				return
			}
			base := path.Base(name)
			sp.byKey[base] = g
			sp.list = append(sp.list, SpecInfo{Name: base, Title: strings.TrimSuffix(base, ".yaml"),
				Description: leadingComment(data), Rooms: len(spec.Rooms), Connections: len(spec.Connections)})
		}
	})
	return sp.err
}

// leadingComment returns the comment lines a file starts with, as one
// paragraph.
func leadingComment(data []byte) string {
	var words []string
	for _, line := range strings.Split(string(data), "\n") {
		text, ok := strings.CutPrefix(strings.TrimSpace(line), "#")
		if !ok {
			break
		}
		words = append(words, strings.TrimSpace(text))
	}
	return strings.TrimSpace(strings.Join(words, " "))
}

func (s *Server) routeDungeon(mux *http.ServeMux) {
	mux.Handle("GET /api/dungeon/specs", handler(func(w http.ResponseWriter, r *http.Request) error {
		if err := s.specs.load(); err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, s.specs.list)
	}))
	formats := map[string]struct {
		ctype string
		write func(*bytes.Buffer, *dungeon.Layout) error
	}{
		"json": {"application/json", func(b *bytes.Buffer, l *dungeon.Layout) error { return l.WriteJSON(b) }},
		"svg":  {"image/svg+xml", func(b *bytes.Buffer, l *dungeon.Layout) error { return l.Draw(dungeon.DrawOptions{}).WriteSVG(b) }},
		"tmx":  {"application/x-tmx+xml", func(b *bytes.Buffer, l *dungeon.Layout) error { return l.WriteTMX(b, tmxTileset) }},
	}
	for ext, f := range formats {
		mux.Handle("GET /api/dungeon/layout."+ext, handler(func(w http.ResponseWriter, r *http.Request) error {
			l, err := s.layout(r)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := f.write(&b, l); err != nil {
				return failf(http.StatusUnprocessableEntity, "%v", err)
			}
			w.Header().Set("Content-Type", f.ctype)
			_, err = w.Write(b.Bytes())
			return err
		}))
	}
	mux.Handle("GET /api/dungeon/trace", handler(func(w http.ResponseWriter, r *http.Request) error {
		tr, err := s.trace(r)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, tr)
	}))
	mux.Handle("GET /api/dungeon/tiles.png", handler(func(w http.ResponseWriter, r *http.Request) error {
		var b bytes.Buffer
		if err := dungeon.Tileset().WritePNG(&b); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "image/png")
		_, err := w.Write(b.Bytes())
		return err
	}))
}

// maxTraceSteps bounds the steps of a search the trace route answers
// (about 2 KB each on the bundled levels).
const maxTraceSteps = 400

// layout generates (or finds in the cache) the layout of ?spec=NAME&seed=S.
func (s *Server) layout(r *http.Request) (*dungeon.Layout, error) {
	g, name, seed, err := s.specSeed(r)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s/%d", name, seed)
	if l, ok := s.layouts.get(key); ok {
		return l, nil
	}
	l, err := s.generate(r.Context(), g, name, seed, nil)
	if err != nil {
		return nil, err
	}
	s.layouts.put(key, l)
	return l, nil
}

// trace generates the layout of ?spec=NAME&seed=S recording the steps of
// its search (the first maxTraceSteps-1 and the last).
func (s *Server) trace(r *http.Request) (*dungeon.Trace, error) {
	g, name, seed, err := s.specSeed(r)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s/%d", name, seed)
	if tr, ok := s.traces.get(key); ok {
		return tr, nil
	}
	tr := &dungeon.Trace{Max: maxTraceSteps}
	l, err := s.generate(r.Context(), g, name, seed, tr)
	if err != nil {
		return nil, err
	}
	s.layouts.put(key, l)
	s.traces.put(key, tr)
	return tr, nil
}

// specSeed reads ?spec=NAME&seed=S.
func (s *Server) specSeed(r *http.Request) (*dungeon.Generator, string, uint64, error) {
	if err := s.specs.load(); err != nil {
		return nil, "", 0, err
	}
	q := r.URL.Query()
	name := q.Get("spec")
	if name == "" {
		return nil, "", 0, failf(http.StatusBadRequest, "?spec=NAME: which level (GET /api/dungeon/specs lists them)")
	}
	g, ok := s.specs.byKey[name]
	if !ok {
		return nil, "", 0, failf(http.StatusNotFound, "no level spec %q (GET /api/dungeon/specs lists them)", name)
	}
	seed, err := seedOf(r)
	return g, name, seed, err
}

// generate lays a level out on a worker slot within layoutTimeLimit.
func (s *Server) generate(ctx context.Context, g *dungeon.Generator, name string, seed uint64, tr *dungeon.Trace) (*dungeon.Layout, error) {
	var l *dungeon.Layout
	err := s.work(ctx, layoutTimeLimit+time.Second, func(ctx context.Context) error {
		var err error
		var stats dungeon.Stats
		l, stats, err = g.Generate(ctx, dungeon.Options{Seed: seed, TimeLimit: layoutTimeLimit, Trace: tr})
		if errors.Is(err, dungeon.ErrTimeLimit) {
			stuck := ""
			if len(stats.Stuck) > 0 {
				stuck = " (stuck most often at rooms " + strings.Join(stats.Stuck, ", ") + ")"
			}
			return failf(http.StatusUnprocessableEntity, "%s: no layout found for seed %d in %v%s: try another seed", name, seed, layoutTimeLimit, stuck)
		}
		return err
	})
	return l, err
}

// seedOf reads ?seed= (default 0).
func seedOf(r *http.Request) (uint64, error) {
	v := r.URL.Query().Get("seed")
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, failf(http.StatusBadRequest, "seed=%q: want a whole number, 0 or more", v)
	}
	return n, nil
}
