package server

import (
	"bytes"
	"context"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ludus-games/ludus/examples"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/tiles"
)

// Bounds of the tile requests.
const (
	maxTileSamples = 100000
	tilesTimeLimit = 20 * time.Second
)

// TileSetInfo describes a bundled tile set, as GET /api/tiles/sets lists
// it.
type TileSetInfo struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Tiles       int    `json:"tiles"`
}

// TileScore is the answer of GET /api/tiles/score: the objective and its
// terms, flat for display (each estimate with its standard error), and the
// full score.
type TileScore struct {
	Score           float64     `json:"score"`
	ScoreStdErr     float64     `json:"score_stderr"`
	Boards          int         `json:"boards"`
	BridgedSides    int         `json:"bridged_sides"`
	DupScore        int         `json:"dup_score"`
	FullyConnected  int         `json:"fully_connected"`
	ExtraEdges      float64     `json:"extra_edges"`
	PathProbability float64     `json:"path_probability"`
	Detail          tiles.Score `json:"detail"`
}

// tileSets are the bundled tile sets on the built-in board, read once.
type tileSets struct {
	once   sync.Once
	err    error
	scorer *tiles.Scorer
	list   []TileSetInfo
	byName map[string]tiles.Set
}

func (ts *tileSets) load() error {
	ts.once.Do(func() {
		ts.scorer, ts.err = tiles.NewScorer(tiles.SeedBoard(), tiles.DefaultWeights())
		if ts.err != nil {
			return
		}
		ts.byName = map[string]tiles.Set{}
		fsys := examples.FS()
		names, _ := fs.Glob(fsys, "tiles/*.txt")
		sort.Strings(names)
		for _, name := range names {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				ts.err = err
				return
			}
			set, err := tiles.ReadSet(bytes.NewReader(data), name)
			if err != nil {
				ts.err = err
				return
			}
			base := strings.TrimSuffix(path.Base(name), ".txt")
			ts.byName[base] = set
			ts.list = append(ts.list, TileSetInfo{Name: base, Title: base, Description: leadingComment(data), Tiles: len(set)})
		}
		// A random set, the starting point of an optimisation, to compare.
		random := tiles.RandomSet(rand.New(rand.NewPCG(1, 0)), len(ts.scorer.Board().Slots))
		ts.byName["random"] = random
		ts.list = append(ts.list, TileSetInfo{Name: "random", Title: "random (seed 1)", Tiles: len(random),
			Description: "A random tile set, where the genetic algorithm starts (ludus tiles random --seed 1)."})
	})
	return ts.err
}

// set returns the tile set of ?set=NAME (or a name given).
func (ts *tileSets) set(name string) (tiles.Set, error) {
	if err := ts.load(); err != nil {
		return nil, err
	}
	if name == "" {
		return nil, failf(http.StatusBadRequest, "?set=NAME: which tile set (GET /api/tiles/sets lists them)")
	}
	set, ok := ts.byName[name]
	if !ok {
		return nil, failf(http.StatusNotFound, "no tile set %q (GET /api/tiles/sets lists them)", name)
	}
	return set, nil
}

// setAndSeed reads ?set=NAME&seed=S.
func (ts *tileSets) setAndSeed(r *http.Request) (tiles.Set, uint64, error) {
	set, err := ts.set(r.URL.Query().Get("set"))
	if err != nil {
		return nil, 0, err
	}
	seed, err := seedOf(r)
	return set, seed, err
}

func (s *Server) routeTiles(mux *http.ServeMux) {
	mux.Handle("GET /api/tiles/sets", handler(func(w http.ResponseWriter, r *http.Request) error {
		if err := s.tileSets.load(); err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, s.tileSets.list)
	}))
	mux.Handle("GET /api/tiles/sets/{file}", handler(func(w http.ResponseWriter, r *http.Request) error {
		name, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
		if !ok {
			return failf(http.StatusNotFound, "%s: tile sets are drawn as NAME.svg", r.PathValue("file"))
		}
		set, err := s.tileSets.set(name)
		if err != nil {
			return err
		}
		return writeSVG(w, tiles.DrawSet(set))
	}))
	mux.Handle("GET /api/tiles/board.svg", handler(func(w http.ResponseWriter, r *http.Request) error {
		set, seed, err := s.tileSets.setAndSeed(r)
		if err != nil {
			return err
		}
		sc := s.tileSets.scorer
		l, err := sc.Deal(set, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			return err
		}
		d, err := tiles.DrawBoard(sc, set, l)
		if err != nil {
			return err
		}
		return writeSVG(w, d)
	}))
	mux.Handle("GET /api/tiles/score", handler(func(w http.ResponseWriter, r *http.Request) error {
		set, seed, err := s.tileSets.setAndSeed(r)
		if err != nil {
			return err
		}
		samples := 1000
		if v := r.URL.Query().Get("samples"); v != "" {
			if samples, err = strconv.Atoi(v); err != nil || samples < 2 || samples > maxTileSamples {
				return failf(http.StatusBadRequest, "samples=%q: want 2 to %d boards", v, maxTileSamples)
			}
		}
		var sc tiles.Score
		err = s.work(r.Context(), tilesTimeLimit, func(context.Context) error {
			var err error
			sc, err = s.tileSets.scorer.Score(set, rand.New(rand.NewPCG(seed, 0)), samples)
			return err
		})
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, TileScore{Score: sc.Objective.Mean, ScoreStdErr: sc.Objective.StdErr, Boards: sc.Boards,
			BridgedSides: sc.Bridges, DupScore: sc.DupScore, FullyConnected: sc.FullyConnected,
			ExtraEdges: sc.ExtraEdges.Mean, PathProbability: sc.PathProb.Mean, Detail: sc})
	}))
}

// writeSVG answers a drawing as SVG.
func writeSVG(w http.ResponseWriter, d *render.Drawing) error {
	var b bytes.Buffer
	if err := d.WriteSVG(&b); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, err := w.Write(b.Bytes())
	return err
}
