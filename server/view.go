package server

// What the page shows of a session besides the board and the moves: the
// moves a person may choose among, and the record formats that can write
// the game.

import (
	"errors"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/engine/rules"
)

// every returns the moves a person may choose among when the rules list
// one move a position, or nil when they list every move (then they are
// the legal moves). The caller holds ss.mu.
func (ss *session) every() []string {
	if !ss.eng.Compiled.Rules.Options.UniqueMoves {
		return nil
	}
	var out []string
	for _, m := range ss.pos.EveryMove(nil) {
		out = append(out, ss.pos.Notation(m))
	}
	return out
}

// recordFormats returns the names of the record formats that can write
// games of g: the universal one and SGF always, PGN for chess-like games,
// PDN for draughts.
func recordFormats(g *engine.Game) []string {
	var out []string
	for _, f := range notation.Formats() {
		if err := f.Writes(g); err == nil || !errors.Is(err, notation.ErrUnsupported) {
			out = append(out, f.Name)
		}
	}
	return out
}

// frame is the answer of GET /api/sessions/{id}/geometry: the frame of the
// board's picture, and what else is fixed for the game.
type frame struct {
	engine.Geometry
	// Records names the record formats that write the game.
	Records []string `json:"records"`
	// Colors are the colours of each seat's pieces, "#rrggbb".
	Colors []string `json:"colors"`
	// Turned tells, for each seat, whether its pieces start in the top
	// half of the upright picture, facing down: a page that seats it
	// shows the board flipped, so that its player sees their own side
	// at the bottom.
	Turned []bool `json:"turned"`
}

// newFrame makes the frame of a game's board, upright or flipped; the
// rules work it takes (how the pieces are drawn) is done within the
// budget b.
func newFrame(g *engine.Game, v *rules.View, b rulesBudget, flip bool) frame {
	f := frame{Geometry: engine.BoardGeometry(g, v), Records: recordFormats(g)}
	f.Turned = turned(g, f.Geometry)
	if flip {
		f.Geometry = engine.FlippedGeometry(g, v)
	}
	st := engine.NewState(g)
	defer b.start(st)()
	for p, pl := range g.Rules.Players {
		if !pl.Random {
			f.Colors = append(f.Colors, engine.PlayerColor(st, v, p))
		}
	}
	return f
}

// turned tells, for each seat, whether its pieces at the start stand in
// the upper half of the upright board (geo): further up, on average, than
// the board's positions. A seat without pieces at the start is not
// turned.
func turned(g *engine.Game, geo engine.Geometry) []bool {
	st := engine.NewState(g)
	var all, n float64
	for _, c := range geo.Cells {
		if !c.Hidden {
			all += c.Y
			n++
		}
	}
	var out []bool
	for p, pl := range g.Rules.Players {
		if pl.Random {
			continue
		}
		var sum, k float64
		for q, c := range geo.Cells {
			if pc := st.At(q); !c.Hidden && !pc.Empty() && pc.Owner() == p {
				sum += c.Y
				k++
			}
		}
		out = append(out, k > 0 && n > 0 && sum/k < all/n)
	}
	return out
}

// dropPoint writes a move of a game of one kind of piece (stones, marks)
// as players write it: where the piece is put ("e5"), or "pass". A move
// that does more (a piece moved) has no other writing than the universal
// notation: "".
func dropPoint(s *engine.State, m *engine.Move) (string, error) {
	if m.Pass {
		return "pass", nil
	}
	if m.From() < 0 && m.To() >= 0 && len(m.Steps) == 1 {
		return s.Game().Rules.Board.Positions[m.To()], nil
	}
	return "", nil
}

// label writes the moves of the tree t of ss as the game's players write
// them, where that is not the universal notation: standard algebraic
// moves in chess-like games, numbered squares in draughts (the notations
// of their records), the point a stone or a mark is put on in games of
// one kind of piece. A move that cannot be written so keeps none, with
// the moves after it. The caller holds ss.mu.
func (ss *session) label(t *Tree) {
	write := moveWriter(ss.eng.Compiled)
	if write == nil {
		return
	}
	s := ss.startState()
	defer ss.srv.budget().start(s)()
	var walk func(n *node, out []*TreeNode)
	walk = func(n *node, out []*TreeNode) {
		for i, c := range n.children {
			if i >= len(out) {
				return
			}
			m, err := s.ParseMove(c.move)
			if err != nil {
				continue
			}
			text, err := write(s, &m)
			if err != nil {
				continue
			}
			out[i].Text = text
			s.Play(&m)
			walk(c, out[i].Children)
			s.Undo()
		}
	}
	walk(ss.root, t.Children)
}

// inWords says how the game ended in its players' words where the goal
// that ended it has them: the reason becomes "checkmate" or "three in a
// row", and the goal of the rules is kept as the rule. The caller holds
// ss.mu.
func (ss *session) inWords(r *Result) {
	if strings.HasPrefix(r.Reason, "count-condition") {
		// A count ends the game: the points are how it ended.
		st := ss.pos.State()
		if sc, err := st.Scores(); err == nil {
			for p, pl := range st.Game().Rules.Players {
				if !pl.Random {
					r.Points = append(r.Points, sc[p])
				}
			}
			r.Rule, r.Reason = r.Reason, "points"
			return
		}
	}
	if w := ss.pos.EndWords(); w != "" && w != r.Reason {
		r.Rule, r.Reason = r.Reason, w
	}
}

// check returns the positions of the Kings in check of the side to move,
// in chess-like games. The caller holds ss.mu.
func (ss *session) check() []string {
	g := ss.eng.Compiled
	if ss.pos.State().Chance() || notation.PGN.Writes(g) != nil {
		return nil
	}
	var out []string
	for _, p := range notation.Checked(ss.pos.State()) {
		out = append(out, g.Rules.Board.Positions[p])
	}
	return out
}
