package server

import (
	"net/http"
	"strconv"
)

// tokenRequest is the body of the routes a seat acts through besides
// moves: its token, and the version its client saw (optional).
type tokenRequest struct {
	Token   string `json:"token"`
	Version *int   `json:"version"`
}

// JoinRequest is the body of POST /api/sessions/{id}/seats/{n}/join: the
// seat's invite (none for a seat of a listed session).
type JoinRequest struct {
	Invite string `json:"invite"`
}

// Joined is the answer of a join: the seat and its token.
type Joined struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// routeTable adds the routes of seats for other people: joining an open
// seat, resigning, offering and answering draws and takebacks, and
// deleting a session.
func (s *Server) routeTable(mux *http.ServeMux) {
	mux.Handle("POST /api/sessions/{id}/seats/{n}/join", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		n, err := strconv.Atoi(r.PathValue("n"))
		if err != nil {
			return failf(http.StatusNotFound, "seat %q: want a seat number", truncate(r.PathValue("n"), maxEcho))
		}
		var req JoinRequest
		if r.ContentLength != 0 {
			if err := readJSON(w, r, &req); err != nil {
				return err
			}
		}
		tok, err := ss.join(r.Context(), n, req.Invite)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, Joined{Seat: n, Token: tok})
	}))
	mux.Handle("POST /api/sessions/{id}/resign", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		var req tokenRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		if err := ss.resign(r.Context(), req.Token, req.Version); err != nil {
			return err
		}
		return s.answerState(w, ss)
	}))
	for _, what := range []string{offerDraw, offerTakeback} {
		mux.Handle("POST /api/sessions/{id}/"+what+"/{action}", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
			var req tokenRequest
			if err := readJSON(w, r, &req); err != nil {
				return err
			}
			if err := ss.answer(r.Context(), what, r.PathValue("action"), req.Token, req.Version); err != nil {
				return err
			}
			return s.answerState(w, ss)
		}))
	}
	mux.Handle("DELETE /api/sessions/{id}", s.withSession(func(w http.ResponseWriter, r *http.Request, ss *session) error {
		var req tokenRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		if err := s.remove(r.Context(), ss, req.Token); err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, map[string]string{"deleted": ss.id})
	}))
}
