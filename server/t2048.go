package server

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ludus-games/ludus/twenty48"
)

// Bounds of the 2048 requests.
const (
	// max2048Games is how many games stay in memory; the least recently
	// played are forgotten first.
	max2048Games = 10000
	max2048Depth = 6
	// aiTimeLimit caps the AI's thinking about one move: it deepens up to
	// the depth asked while the time allows.
	aiTimeLimit = 2 * time.Second
)

// web2048Evals are the evaluations the page may ask for: the built-in ones
// (EvalByName also reads files, which a request must not name).
var web2048Evals = []string{"nneonneo", "ludus", "learned"}

// Game2048 is a 2048 game as the API answers it.
type Game2048 struct {
	ID    string  `json:"id"`
	Seed  uint64  `json:"seed"`
	Board [16]int `json:"board"` // tile values row by row, 0 for empty
	Score int     `json:"score"`
	Moves int     `json:"moves"`
	Over  bool    `json:"over"`
	// Spawn is where the last move's new tile appeared (cell 0-15, value).
	Spawn *Spawn2048 `json:"spawn,omitempty"`
}

// Spawn2048 is the tile a move added.
type Spawn2048 struct {
	Cell  int `json:"cell"`
	Value int `json:"value"`
}

// AI2048 is the answer of POST /api/2048/games/{id}/ai: the move the
// expectimax player chose and played, its value of every move (moves that
// change nothing are left out), the depth it reached, and the game after.
type AI2048 struct {
	Move  string             `json:"move"`
	Evals map[string]float64 `json:"evals"`
	Depth int                `json:"depth"`
	Game  *Game2048          `json:"game"`
}

// game2048 is a game in memory; mu serialises its moves.
type game2048 struct {
	mu   sync.Mutex
	id   string
	seed uint64
	g    *twenty48.Game
	last *Spawn2048
}

func (g *game2048) state() *Game2048 {
	return &Game2048{ID: g.id, Seed: g.seed, Board: g.g.Tiles(), Score: g.g.Score, Moves: g.g.Moves,
		Over: g.g.Over(), Spawn: g.last}
}

// play makes a move: 422 for a move that changes nothing, 409 when the game
// is over. The caller holds g.mu.
func (g *game2048) play(m twenty48.Move) error {
	if g.g.Over() {
		return failf(http.StatusConflict, "the game is over")
	}
	if !g.g.Legal(m) {
		return failf(http.StatusUnprocessableEntity, "%s moves no tile", m)
	}
	st, err := g.g.Play(m)
	if err != nil {
		return failf(http.StatusConflict, "%v", err)
	}
	g.last = nil
	if st.SpawnValue > 0 {
		g.last = &Spawn2048{Cell: st.SpawnCell, Value: st.SpawnValue}
	}
	return nil
}

func (s *Server) route2048(mux *http.ServeMux) {
	mux.Handle("POST /api/2048/games", handler(func(w http.ResponseWriter, r *http.Request) error {
		var req struct {
			Seed uint64 `json:"seed"`
		}
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		g := &game2048{id: newID(), seed: req.Seed, g: twenty48.NewGame(req.Seed)}
		s.games2048.put(g.id, g)
		return writeJSON(w, http.StatusCreated, g.state())
	}))
	mux.Handle("GET /api/2048/games/{id}", s.with2048(func(w http.ResponseWriter, r *http.Request, g *game2048) error {
		return writeJSON(w, http.StatusOK, g.state())
	}))
	mux.Handle("POST /api/2048/games/{id}/moves", s.with2048(func(w http.ResponseWriter, r *http.Request, g *game2048) error {
		var req struct {
			Move string `json:"move"`
		}
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		m, err := twenty48.ParseMove(req.Move)
		if err != nil {
			return failf(http.StatusUnprocessableEntity, "move %q: want up, down, left or right", req.Move)
		}
		if err := g.play(m); err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, g.state())
	}))
	mux.Handle("POST /api/2048/games/{id}/ai", s.with2048(func(w http.ResponseWriter, r *http.Request, g *game2048) error {
		var req struct {
			Depth int    `json:"depth"`
			Eval  string `json:"eval"`
		}
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		if req.Depth == 0 {
			req.Depth = 3
		}
		if req.Depth < 1 || req.Depth > max2048Depth {
			return failf(http.StatusUnprocessableEntity, "depth %d: want 1 to %d", req.Depth, max2048Depth)
		}
		if req.Eval == "" {
			req.Eval = "nneonneo"
		}
		if !slices.Contains(web2048Evals, req.Eval) {
			return failf(http.StatusUnprocessableEntity, "evaluation %q: want %s", req.Eval, strings.Join(web2048Evals, ", "))
		}
		ev, err := twenty48.EvalByName(req.Eval)
		if err != nil {
			return failf(http.StatusUnprocessableEntity, "%v", err)
		}
		if g.g.Over() {
			return failf(http.StatusConflict, "the game is over")
		}
		x := &twenty48.Expectimax{Eval: ev, Depth: req.Depth, Time: aiTimeLimit}
		out := &AI2048{Evals: map[string]float64{}}
		var move twenty48.Move
		err = s.work(r.Context(), aiTimeLimit+time.Second, func(context.Context) error {
			m, vals, info, ok := x.AnalyzeGame(g.g)
			if !ok {
				return failf(http.StatusConflict, "no move is legal")
			}
			move, out.Depth = m, info.Depth
			for i, mv := range twenty48.Moves {
				if vals.Legal[i] {
					out.Evals[mv.String()] = vals.Values[i]
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if err := g.play(move); err != nil {
			return err
		}
		out.Move, out.Game = move.String(), g.state()
		return writeJSON(w, http.StatusOK, out)
	}))
}

// with2048 resolves {id} to a game and holds its lock for the handler.
func (s *Server) with2048(h func(http.ResponseWriter, *http.Request, *game2048) error) http.Handler {
	return handler(func(w http.ResponseWriter, r *http.Request) error {
		g, ok := s.games2048.get(r.PathValue("id"))
		if !ok {
			return failf(http.StatusNotFound, "no 2048 game %q (games live in memory: start another)", r.PathValue("id"))
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		return h(w, r, g)
	})
}
