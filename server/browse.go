package server

// Browsing a session: the position at any move of its tree, found by the
// path of child indices from the start (as GET .../tree numbers them),
// replayed from where the session started on a copy, outside the
// session's lock.

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/game"
)

// NodeState is the position at a move of a session's tree, as GET
// /api/sessions/{id}/node answers it.
type NodeState struct {
	// Path is the path of child indices from the start to the move.
	Path []int `json:"path"`
	// Position is the position after the move, in the position format.
	Position string `json:"position"`
	// ToMove is the seat to move there (null when the game is over there
	// or a chance move is due).
	ToMove   *int      `json:"to_move"`
	LastMove *lastMove `json:"last_move"`
	// Check names the positions of the Kings in check (chess-like
	// games).
	Check []string `json:"check,omitempty"`
	// Result is how the game ends there, when its rules end it.
	Result *Result `json:"result"`
}

// pathOf reads ?path=0.0.1 (or 0,0,1; empty: the start), and whether it
// was given.
func pathOf(r *http.Request) ([]int, bool, error) {
	q := r.URL.Query()
	if !q.Has("path") {
		return nil, false, nil
	}
	text := q.Get("path")
	if text == "" {
		return []int{}, true, nil
	}
	parts := strings.FieldsFunc(text, func(c rune) bool { return c == '.' || c == ',' })
	if len(parts) > maxPlies {
		return nil, true, failf(http.StatusBadRequest, "a path of %d moves: a line has at most %d", len(parts), maxPlies)
	}
	path := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, true, failf(http.StatusBadRequest, "path=%q: want child indices from 0, such as 0.0.1", truncate(text, maxEcho))
		}
		path[i] = n
	}
	return path, true, nil
}

// pathText writes a path as ?path= reads it.
func pathText(path []int) string {
	parts := make([]string, len(path))
	for i, n := range path {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

// lineTo returns the moves from the start to the node at path; 404 when
// the tree has no such move. The caller holds mu.
func (ss *session) lineTo(path []int) ([]string, error) {
	moves := make([]string, 0, len(path))
	n := ss.root
	for i, k := range path {
		if k >= len(n.children) {
			return nil, failf(http.StatusNotFound, "no move at path %s: move %d has %d continuations", pathText(path), i+1, len(n.children))
		}
		n = n.children[k]
		moves = append(moves, n.move)
	}
	return moves, nil
}

// replayed is a position of a session's tree, replayed.
type replayed struct {
	pos  *engine.Position
	last lastMove
}

// nodeAt replays the moves from the session's start to the node at path
// on a copy, within the rules' budget on a play slot, outside the
// session's lock.
func (s *Server) nodeAt(ctx context.Context, ss *session, path []int) (*replayed, error) {
	ss.mu.Lock()
	moves, err := ss.lineTo(path)
	var st *engine.State
	if err == nil {
		st = ss.startState()
	}
	ss.mu.Unlock()
	if err != nil {
		return nil, err
	}
	release, err := s.rules.playing(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	b := s.budget()
	defer b.start(st)()
	nd := &replayed{pos: engine.NewPosition(st, ss.eng.Eval)}
	for i, text := range moves {
		m, err := st.ParseMove(text)
		if err != nil {
			if r := b.refusal(err); r != nil {
				return nil, r
			}
			return nil, failf(http.StatusUnprocessableEntity, "move %d of the line: %v", i+1, err)
		}
		if i < len(moves)-1 {
			st.Play(&m)
			continue
		}
		before := make([]engine.Piece, len(st.Game().Rules.Board.Positions))
		for p := range before {
			before[p] = st.At(p)
		}
		st.Play(&m)
		nd.last = describeMove(st, before)
	}
	return nd, nil
}

// describe says what a page shows of a node: who is to move, the last
// move, the Kings in check, how the game ended there. It does the rules
// work under the budget nodeAt gave.
func (nd *replayed) describe(ss *session, path []int) *NodeState {
	pos := nd.pos
	out := &NodeState{Path: path, Position: pos.State().FormatPosition()}
	if len(path) > 0 {
		lm := nd.last
		out.LastMove = &lm
	}
	g := ss.eng.Compiled
	if !pos.State().Chance() && notation.PGN.Writes(g) == nil {
		for _, p := range notation.Checked(pos.State()) {
			out.Check = append(out.Check, g.Rules.Board.Positions[p])
		}
	}
	if res, over := pos.Result(); over {
		out.Result = &Result{Scores: res, Reason: ss.eng.Reason(pos)}
		if w := pos.EndWords(); w != "" && w != out.Result.Reason {
			out.Result.Rule, out.Result.Reason = out.Result.Reason, w
		}
	} else if t := pos.ToMove(); t != game.Chance {
		seat := int(t)
		out.ToMove = &seat
	}
	return out
}

// serveNode answers GET /api/sessions/{id}/node?path=0.0.1: the position
// at a move of the session's tree.
func (s *Server) serveNode(w http.ResponseWriter, r *http.Request, ss *session) error {
	path, _, err := pathOf(r)
	if err != nil {
		return err
	}
	if path == nil {
		path = []int{}
	}
	nd, err := s.nodeAt(r.Context(), ss, path)
	if err != nil {
		return err
	}
	b := s.budget()
	done := b.start(nd.pos.State())
	out := nd.describe(ss, path)
	done()
	if err := nd.pos.Err(); err != nil {
		if r := b.refusal(err); r != nil {
			return r
		}
		return failf(http.StatusUnprocessableEntity, "the rules fail in this position: %v", err)
	}
	return writeJSON(w, http.StatusOK, out)
}
