package server

import (
	"encoding/json"
	"net/http"
	"time"
)

func (s *Server) routeGames(mux *http.ServeMux) {
	mux.Handle("GET /api/games", handler(func(w http.ResponseWriter, r *http.Request) error {
		return writeJSON(w, http.StatusOK, s.catalog.list())
	}))
	s.routeUploads(mux)
	s.routeDesigner(mux)
}

// maxMoveText bounds a move's text, far above any move's notation, so
// that reading a move costs little however long the text sent.
const maxMoveText = 4096

func (s *Server) routeSessions(mux *http.ServeMux) {
	mux.Handle("POST /api/sessions", handler(func(w http.ResponseWriter, r *http.Request) error {
		var req CreateRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		out, err := s.create(r.Context(), req)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusCreated, out)
	}))
	mux.Handle("GET /api/sessions", handler(func(w http.ResponseWriter, r *http.Request) error {
		limit, err := limitOf(r, 50)
		if err != nil {
			return err
		}
		rows, err := s.cfg.Store.Lobby(r.Context(), limit, r.URL.Query().Get("open") == "true")
		if err != nil {
			return err
		}
		out := make([]SessionInfo, 0, len(rows))
		for _, row := range rows {
			var seats []seat
			json.Unmarshal([]byte(row.Seats), &seats)
			info := SessionInfo{ID: row.ID, Game: row.Game, Variant: row.Variant, Created: row.Created, Seats: []SeatRequest{},
				Closed: !row.Closed.IsZero()}
			for _, st := range seats {
				info.Seats = append(info.Seats, SeatRequest{Kind: st.Kind, Spec: st.Spec, Open: st.isOpen()})
			}
			out = append(out, info)
		}
		return writeJSON(w, http.StatusOK, out)
	}))
	mux.Handle("GET /api/sessions/{id}", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		return s.answerState(w, ss)
	}))
	type moveRequest struct {
		Token   string `json:"token"`
		Move    string `json:"move"`
		Version *int   `json:"version"`
	}
	mux.Handle("POST /api/sessions/{id}/moves", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		var req moveRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		if len(req.Move) > maxMoveText {
			return failf(http.StatusUnprocessableEntity, "a move of %d bytes: moves are at most %d", len(req.Move), maxMoveText)
		}
		release, err := s.rules.playing(r.Context())
		if err != nil {
			return err
		}
		defer release()
		if err := ss.move(r.Context(), req.Token, req.Move, req.Version); err != nil {
			return err
		}
		return s.answerState(w, ss)
	}))
	mux.Handle("POST /api/sessions/{id}/undo", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		var req moveRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		if req.Move != "" {
			return failf(http.StatusBadRequest, "undo takes no move")
		}
		release, err := s.rules.playing(r.Context())
		if err != nil {
			return err
		}
		defer release()
		if err := ss.undo(r.Context(), req.Token, req.Version); err != nil {
			return err
		}
		return s.answerState(w, ss)
	}))
	mux.Handle("GET /api/sessions/{id}/events", s.withSession(s.serveEvents))
	mux.Handle("GET /api/sessions/{id}/board.svg", s.withSession(s.serveBoard))
	mux.Handle("GET /api/sessions/{id}/geometry", s.withSession(s.serveGeometry))
	mux.Handle("GET /api/sessions/{id}/tree", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		ss.mu.Lock()
		t := ss.tree()
		ss.label(t)
		ss.mu.Unlock()
		return writeJSON(w, http.StatusOK, t)
	}))
	mux.Handle("GET /api/sessions/{id}/record", s.withSession(s.serveRecord))
	mux.Handle("GET /api/sessions/{id}/node", s.withSession(s.serveNode))
	mux.Handle("POST /api/sessions/{id}/analyse", s.withSession(s.serveAnalyse))
}

// answerState writes a session's state. Its legal moves were generated
// when the position was reached; the budget bounds any rules work left.
func (s *Server) answerState(w http.ResponseWriter, ss *session) error {
	ss.mu.Lock()
	done := s.budget().start(ss.pos.State())
	st := ss.state()
	done()
	ss.mu.Unlock()
	return writeJSON(w, http.StatusOK, st)
}

// withSession resolves {id} to a loaded session.
func (s *Server) withSession(h func(http.ResponseWriter, *http.Request, *session) error) http.Handler {
	return handler(func(w http.ResponseWriter, r *http.Request) error {
		ss, err := s.session(r.Context(), r.PathValue("id"))
		if err != nil {
			return err
		}
		ss.tend(r.Context())
		return h(w, r, ss)
	})
}

// Tree is the move tree of GET /api/sessions/{id}/tree.
type Tree struct {
	Children []*TreeNode `json:"children"`
	// Current is the path of child indices from the root to the current
	// node.
	Current []int `json:"current"`
}

// TreeNode is a move of the tree.
type TreeNode struct {
	Move string `json:"move"`
	// Text is the move as the game's players write it, where that is not
	// the universal notation: SAN in chess-like games, numbered squares
	// in draughts.
	Text     string      `json:"text,omitempty"`
	Seat     int         `json:"seat"`
	Children []*TreeNode `json:"children"`
}

// tree describes the move tree; the caller holds ss.mu.
func (ss *session) tree() *Tree {
	var conv func(n *node) []*TreeNode
	conv = func(n *node) []*TreeNode {
		out := []*TreeNode{}
		for _, c := range n.children {
			out = append(out, &TreeNode{Move: c.move, Seat: c.seat, Children: conv(c)})
		}
		return out
	}
	t := &Tree{Children: conv(ss.root), Current: []int{}}
	for n := ss.cur; n.parent != nil; n = n.parent {
		for i, c := range n.parent.children {
			if c == n {
				t.Current = append([]int{i}, t.Current...)
			}
		}
	}
	return t
}

// SessionInfo is a session as GET /api/sessions lists it.
type SessionInfo struct {
	ID      string        `json:"id"`
	Game    string        `json:"game"`
	Variant string        `json:"variant"`
	Seats   []SeatRequest `json:"seats"`
	Created time.Time     `json:"created"`
	// Closed: the game is over, or the session was closed.
	Closed bool `json:"closed,omitempty"`
}
