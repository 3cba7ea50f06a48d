package server

// Positions of a game outside any session, for the page's position
// editor: the frame of a game's board, and any position read, checked
// and drawn, with the pieces a player may place.

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// PositionRequest is the body of POST /api/games/{name}/position.
type PositionRequest struct {
	Variant string `json:"variant"`
	// Version is the upload's version (0: the one offered now).
	Version int `json:"version,omitempty"`
	// Position is in the engine's position format ("": the game's start).
	Position string `json:"position"`
	// Flip draws the board turned half a turn.
	Flip bool `json:"flip,omitempty"`
	// Palette asks for a picture of each player's each piece.
	Palette bool `json:"palette,omitempty"`
}

// PositionInfo is the answer of POST /api/games/{name}/position: the
// position as the engine reads it, what is on its board, whether a game
// can start there, and its picture.
type PositionInfo struct {
	// Position is the position as the engine writes it.
	Position string `json:"position"`
	// Turn names the player to move.
	Turn string `json:"turn"`
	// Players are the players who may own pieces; Movers those who
	// choose moves (the turn is one of them).
	Players []string `json:"players"`
	Movers  []string `json:"movers"`
	// Pieces are the names of the game's kinds of piece.
	Pieces []string `json:"pieces"`
	// Cells are the pieces on the board (the top one of a stack).
	Cells []PlacedPiece `json:"cells"`
	// Problem says why no session can start from the position ("" when
	// one can): the game is over there, or its rules fail.
	Problem string `json:"problem,omitempty"`
	SVG     string `json:"svg"`
	// Palette draws each piece of each player, when asked for.
	Palette []PieceIcon `json:"palette,omitempty"`
}

// PlacedPiece is a piece on a position of the board.
type PlacedPiece struct {
	Cell   string `json:"cell"`
	Player string `json:"player"`
	Piece  string `json:"piece"`
}

// PieceIcon is a picture of one piece of one player (SVG).
type PieceIcon struct {
	Player string `json:"player"`
	Piece  string `json:"piece"`
	SVG    string `json:"svg"`
}

func (s *Server) routePositions(mux *http.ServeMux) {
	mux.Handle("GET /api/games/{name}/geometry", handler(func(w http.ResponseWriter, r *http.Request) error {
		b, _, _, err := s.catalog.engine(r.Context(), r.PathValue("name"), current, r.URL.Query().Get("variant"))
		if err != nil {
			return err
		}
		return s.answerFrame(w, r, b.eng)
	}))
	mux.Handle("POST /api/games/{name}/position", handler(func(w http.ResponseWriter, r *http.Request) error {
		var req PositionRequest
		if err := readJSON(w, r, &req); err != nil {
			return err
		}
		version := req.Version
		if version <= 0 {
			version = current
		}
		b, _, _, err := s.catalog.engine(r.Context(), r.PathValue("name"), version, req.Variant)
		if err != nil {
			return err
		}
		info, err := s.positionInfo(r.Context(), b.eng, req)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, info)
	}))
}

// positionInfo reads, checks and draws a position of eng on the rules
// pool, within the budget: 422 for a text that does not read as a
// position of the game.
func (s *Server) positionInfo(ctx context.Context, eng *games.Game, req PositionRequest) (*PositionInfo, error) {
	if len(req.Position) > maxPositionText {
		return nil, failf(http.StatusUnprocessableEntity, "a position of %d bytes: positions are at most %d", len(req.Position), maxPositionText)
	}
	st := eng.New().State()
	if req.Position != "" {
		var err error
		if st, err = engine.ParsePosition(eng.Compiled, "position", []byte(req.Position)); err != nil {
			return nil, failf(http.StatusUnprocessableEntity, "the position does not fit %s: %v", eng.Name, err)
		}
	}
	b := s.budget()
	j, err := runJob(ctx, s.rules, func() (*PositionInfo, error) {
		info := describePosition(eng, st)
		if err := s.playable(eng, st.Clone()); err != nil {
			var ae *apiError
			if !errors.As(err, &ae) {
				return nil, err
			}
			info.Problem = ae.msg
		}
		svg, err := drawPosition(b, eng, st.Clone(), req.Flip)
		if err != nil {
			return nil, err
		}
		info.SVG = string(svg)
		if req.Palette {
			if info.Palette, err = palette(b, eng); err != nil {
				return nil, err
			}
		}
		return info, nil
	})
	if err != nil {
		return nil, err
	}
	return j.wait(ctx, b, "drawing the position")
}

// describePosition says what is on a position's board, and who may own
// and move pieces in its game.
func describePosition(eng *games.Game, st *engine.State) *PositionInfo {
	r := eng.Compiled.Rules
	info := &PositionInfo{Position: st.FormatPosition(), Players: []string{}, Movers: []string{}, Pieces: []string{}, Cells: []PlacedPiece{}}
	if p := st.ToMove(); p >= 0 && p < len(r.Players) {
		info.Turn = r.Players[p].Name
	}
	for p, pl := range r.Players {
		if pl.Random {
			continue
		}
		info.Players = append(info.Players, pl.Name)
		if r.Chooses(p) {
			info.Movers = append(info.Movers, pl.Name)
		}
	}
	for _, pt := range r.Pieces {
		info.Pieces = append(info.Pieces, pt.Name)
	}
	for q, name := range r.Board.Positions {
		if pc := st.At(q); !pc.Empty() {
			info.Cells = append(info.Cells, PlacedPiece{Cell: name, Player: r.Players[pc.Owner()].Name, Piece: r.Pieces[pc.Type()].Name})
		}
	}
	return info
}

// palette draws every piece of every player who may own pieces, within
// the budget b; the caller runs it on the rules pool.
func palette(b rulesBudget, eng *games.Game) ([]PieceIcon, error) {
	r := eng.Compiled.Rules
	st := eng.New().State()
	defer b.start(st)()
	var out []PieceIcon
	for p, pl := range r.Players {
		if pl.Random {
			continue
		}
		for t, pt := range r.Pieces {
			d, err := engine.PieceIcon(st, eng.View, p, t)
			if err != nil {
				return nil, err
			}
			var buf bytes.Buffer
			if err := d.WriteSVG(&buf); err != nil {
				return nil, err
			}
			out = append(out, PieceIcon{Player: pl.Name, Piece: pt.Name, SVG: buf.String()})
		}
	}
	return out, nil
}
