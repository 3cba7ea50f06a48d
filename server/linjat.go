package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/store"
)

// Bounds of the Linjat requests: the grid a request may give and the
// optimizer's budget.
const (
	maxLinjatSide       = 16
	maxLinjatIterations = 20000
	linjatTimeLimit     = 20 * time.Second
	// linjatCheckLimit bounds a hint or a check; the exact solver they run
	// is bounded by linjat.MaxSearchNodes as well.
	linjatCheckLimit = 10 * time.Second
)

// LinjatRequest is the body of POST /api/linjat/generate. Zero fields take
// the difficulty's preset (size, middle of its number range) and 200
// iterations.
type LinjatRequest struct {
	Rows       int    `json:"rows"`
	Cols       int    `json:"cols"`
	Numbers    int    `json:"numbers"`
	Difficulty string `json:"difficulty"`
	Seed       uint64 `json:"seed"`
	Iterations int64  `json:"iterations"`
}

// LinjatPuzzle is a generated or stored puzzle: its text, its rating, and
// where it came from.
type LinjatPuzzle struct {
	ID         int64           `json:"id,omitempty"` // stored puzzles
	Puzzle     string          `json:"puzzle"`
	Rows       int             `json:"rows"`
	Cols       int             `json:"cols"`
	Difficulty string          `json:"difficulty"`
	Score      float64         `json:"score"`
	Rating     json.RawMessage `json:"rating"`
	Seed       uint64          `json:"seed"`
	// Curve is the optimiser's best score as its iterations went (of a
	// puzzle generated here; stored puzzles have none).
	Curve []CurvePoint `json:"curve,omitempty"`
}

// LinjatListed is a stored puzzle as GET /api/linjat/puzzles lists it.
type LinjatListed struct {
	ID         int64   `json:"id"`
	Rows       int     `json:"rows"`
	Cols       int     `json:"cols"`
	Difficulty string  `json:"difficulty"`
	Score      float64 `json:"score"`
}

// linjatMarks is the body of POST /api/linjat/hint and /check. The puzzle
// is its text, or its rows as the JSON of ludus linjat writes them.
type linjatMarks struct {
	Puzzle json.RawMessage `json:"puzzle"`
	Marks  []linjat.Mark   `json:"marks"`
}

// LinjatCheck is the answer of POST /api/linjat/check.
type LinjatCheck struct {
	Solved bool     `json:"solved"`
	Errors []string `json:"errors"`
}

func (s *Server) routeLinjat(mux *http.ServeMux) {
	s.routeLinjatCurve(mux)
	mux.Handle("POST /api/linjat/generate", handler(func(w http.ResponseWriter, r *http.Request) error {
		var req LinjatRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		set, err := linjatSettings(req)
		if err != nil {
			return err
		}
		key := linjatKey(set)
		if p, ok := s.linjatMade.get(key); ok {
			s.lastLinjat.Store(p)
			return writeJSON(w, http.StatusOK, p)
		}
		var out *LinjatPuzzle
		var curve []CurvePoint
		set.Progress = func(p evolve.Progress) { curve = append(curve, CurvePoint{p.Iterations, p.Best}) }
		err = s.work(r.Context(), linjatTimeLimit, func(ctx context.Context) error {
			g, err := linjat.Optimize(ctx, set)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return failf(http.StatusUnprocessableEntity, "%dx%d grid with %d numbers: %v", set.Rows, set.Cols, set.Numbers, err)
			}
			rating, _ := json.Marshal(g.Result.Rating.JSON(set.Difficulty.Weights))
			out = &LinjatPuzzle{Puzzle: g.Puzzle.String(), Rows: g.Puzzle.Rows, Cols: g.Puzzle.Cols,
				Difficulty: set.Difficulty.Name, Score: g.Result.Score, Rating: rating, Seed: set.Seed, Curve: thinCurve(curve)}
			return nil
		})
		if err != nil {
			return err
		}
		s.linjatMade.put(key, out)
		s.lastLinjat.Store(out)
		return writeJSON(w, http.StatusOK, out)
	}))
	mux.Handle("GET /api/linjat/puzzles", handler(func(w http.ResponseWriter, r *http.Request) error {
		limit, err := limitOf(r, 50)
		if err != nil {
			return err
		}
		rows, err := s.cfg.Store.Puzzles(r.Context(), store.Query{Game: linjat.Game, Difficulty: r.URL.Query().Get("difficulty"), Limit: limit})
		if err != nil {
			return err
		}
		out := make([]LinjatListed, 0, len(rows))
		for _, p := range rows {
			out = append(out, LinjatListed{ID: p.ID, Rows: p.Height, Cols: p.Width, Difficulty: p.Difficulty, Score: p.Score})
		}
		return writeJSON(w, http.StatusOK, out)
	}))
	mux.Handle("GET /api/linjat/puzzles/{id}", handler(func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil || id < 1 {
			return failf(http.StatusBadRequest, "puzzle id %q: want a positive number", r.PathValue("id"))
		}
		rows, err := s.cfg.Store.Puzzles(r.Context(), store.Query{ID: id, Game: linjat.Game})
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return failf(http.StatusNotFound, "no Linjat puzzle %d", id)
		}
		p := rows[0]
		return writeJSON(w, http.StatusOK, &LinjatPuzzle{ID: p.ID, Puzzle: p.Body, Rows: p.Height, Cols: p.Width,
			Difficulty: p.Difficulty, Score: p.Score, Rating: p.Rating, Seed: p.Seed})
	}))
	mux.Handle("POST /api/linjat/hint", handler(func(w http.ResponseWriter, r *http.Request) error {
		p, marks, err := readMarks(w, r)
		if err != nil {
			return err
		}
		var h *linjat.Hint
		err = s.work(r.Context(), linjatCheckLimit, func(context.Context) error {
			var v linjat.Solver
			var err error
			h, err = v.Hint(p, marks)
			return err
		})
		if err != nil {
			return markError(err)
		}
		return writeJSON(w, http.StatusOK, h)
	}))
	mux.Handle("POST /api/linjat/check", handler(func(w http.ResponseWriter, r *http.Request) error {
		p, marks, err := readMarks(w, r)
		if err != nil {
			return err
		}
		var out LinjatCheck
		err = s.work(r.Context(), linjatCheckLimit, func(context.Context) error {
			var v linjat.Solver
			var err error
			out.Solved, out.Errors, err = v.Check(p, marks)
			return err
		})
		if err != nil {
			return markError(err)
		}
		return writeJSON(w, http.StatusOK, out)
	}))
}

// linjatSettings checks a generation request and fills in its defaults.
func linjatSettings(req LinjatRequest) (linjat.Settings, error) {
	if req.Difficulty == "" {
		req.Difficulty = "easy"
	}
	d, err := linjat.DifficultyByName(req.Difficulty)
	if err != nil {
		return linjat.Settings{}, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	set := linjat.Settings{Rows: req.Rows, Cols: req.Cols, Numbers: req.Numbers, Difficulty: d,
		Iterations: req.Iterations, Seed: req.Seed, Workers: 1, Time: linjatTimeLimit}
	if set.Rows == 0 && set.Cols == 0 {
		set.Rows, set.Cols = d.Rows, d.Cols
	}
	if set.Rows < 2 || set.Cols < 2 || set.Rows > maxLinjatSide || set.Cols > maxLinjatSide {
		return set, failf(http.StatusUnprocessableEntity, "a %dx%d grid: want 2 to %d rows and columns", set.Rows, set.Cols, maxLinjatSide)
	}
	if set.Numbers == 0 {
		// The middle of the difficulty's range, scaled to the grid.
		mid := float64(d.MinNumbers+d.MaxNumbers) / 2
		set.Numbers = max(1, int(mid*float64(set.Rows*set.Cols)/float64(d.Rows*d.Cols)+0.5))
	}
	if set.Numbers < 1 || set.Numbers > set.Rows*set.Cols/2 {
		return set, failf(http.StatusUnprocessableEntity, "%d numbers on a %dx%d grid: want 1 to %d", set.Numbers, set.Rows, set.Cols, set.Rows*set.Cols/2)
	}
	if set.Iterations == 0 {
		set.Iterations = 200
	}
	if set.Iterations < 1 || set.Iterations > maxLinjatIterations {
		return set, failf(http.StatusUnprocessableEntity, "%d iterations: want 1 to %d", set.Iterations, maxLinjatIterations)
	}
	return set, nil
}

// readMarks reads the body of a hint or a check: a puzzle of at most
// maxLinjatSide rows and columns, and the player's lines.
func readMarks(w http.ResponseWriter, r *http.Request) (*linjat.Puzzle, []linjat.Mark, error) {
	var req linjatMarks
	if err := readJSON(w, r, &req); err != nil {
		return nil, nil, err
	}
	var text string
	var rows []string
	switch {
	case len(req.Puzzle) == 0 || string(req.Puzzle) == "null":
		return nil, nil, failf(http.StatusUnprocessableEntity, "no puzzle: want its text")
	case json.Unmarshal(req.Puzzle, &text) == nil:
	case json.Unmarshal(req.Puzzle, &rows) == nil:
		text = strings.Join(rows, "\n")
	default:
		return nil, nil, failf(http.StatusUnprocessableEntity, "puzzle: want its text, or its rows")
	}
	p, err := linjat.Read(strings.NewReader(text), "puzzle")
	if err != nil {
		return nil, nil, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	if p.Rows > maxLinjatSide || p.Cols > maxLinjatSide {
		return nil, nil, failf(http.StatusUnprocessableEntity, "puzzle: %dx%d, want at most %d rows and columns", p.Rows, p.Cols, maxLinjatSide)
	}
	if len(req.Marks) > p.Rows*p.Cols {
		return nil, nil, failf(http.StatusUnprocessableEntity, "%d marks on a puzzle of %d cells", len(req.Marks), p.Rows*p.Cols)
	}
	return p, req.Marks, nil
}

// markError answers a failed hint or check: marks of the wrong shape and
// puzzles that do not check are the request's fault.
func markError(err error) error {
	var ae *apiError
	if errors.As(err, &ae) || errors.Is(err, context.Canceled) {
		return err
	}
	if errors.Is(err, linjat.ErrSearchLimit) {
		return failf(http.StatusUnprocessableEntity, "the puzzle is too hard to check: %v", err)
	}
	return failf(http.StatusUnprocessableEntity, "%v", err)
}

// limitOf reads ?limit= (1 to 1000, def when absent).
func limitOf(r *http.Request, def int) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 1000 {
		return 0, failf(http.StatusBadRequest, "limit=%q: want 1 to 1000", v)
	}
	return n, nil
}
