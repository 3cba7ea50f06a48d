package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// normalize folds the spacing and the capture mark of a move's text so
// that "e4  x d5 pawn-capture nw" matches "e4 - d5 pawn-capture nw".
func normalize(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		if w == "x" {
			f[i] = "-"
		}
	}
	return strings.Join(f, " ")
}

// ParseMove finds the legal move written text in the universal notation.
// A move number ("12.") in front is ignored.
func (s *State) ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if f := strings.Fields(t); len(f) > 0 && strings.HasSuffix(f[0], ".") {
		if _, err := strconv.Atoi(strings.TrimSuffix(f[0], ".")); err == nil {
			t = strings.TrimSpace(strings.TrimPrefix(t, f[0]))
		}
	}
	want := normalize(t)
	var ml MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return Move{}, err
	}
	var found []int
	for i := range ms {
		if normalize(s.Notation(&ms[i])) == want {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		if m, ok, err := s.sameAsListed(want, ms); err != nil || ok {
			return m, err
		}
		return Move{}, fmt.Errorf("%q is not a legal move here", text)
	case 1:
		return ms[found[0]].Clone(), nil
	}
	// Two moves that write the same are the same to the player (two
	// capture paths over the same pieces); the first stands for both.
	return ms[found[0]].Clone(), nil
}

// sameAsListed finds, under "unique moves", the move of ms that leads to
// the same position as the move written want, which the option left out
// of the list (a Pentago quadrant without marbles turned the other way).
func (s *State) sameAsListed(want string, ms []Move) (Move, bool, error) {
	if !s.g.Rules.Options.UniqueMoves {
		return Move{}, false, nil
	}
	var all MoveList
	every, err := s.EveryMove(&all)
	if err != nil {
		return Move{}, false, err
	}
	for i := range every {
		if normalize(s.Notation(&every[i])) != want {
			continue
		}
		k := s.g.changeKey(s.cells, every[i].Changes)
		for j := range ms {
			if s.g.changeKey(s.cells, ms[j].Changes) == k {
				return ms[j].Clone(), true, nil
			}
		}
	}
	return Move{}, false, nil
}

// EveryMove returns the moves a player may choose among: the legal moves
// and, under "unique moves", those the option leaves out because a listed
// move leads to the same position (a Pentago quadrant without marbles
// turned the other way). A person picks a hole, a quadrant and a
// direction, and expects each of them offered; a search needs one move a
// position. The moves live in ml as for Moves.
func (s *State) EveryMove(ml *MoveList) ([]Move, error) {
	if !s.g.Rules.Options.UniqueMoves {
		return s.Moves(ml)
	}
	gn := s.generator()
	gn.allMoves = true
	defer func() { gn.allMoves = false }()
	return s.Moves(ml)
}

// Record is a game record: tags and a tree of moves in the universal
// notation, whose first child continues the main line and whose other
// children are variations. Package engine/notation writes and reads
// records as text: in the universal notation's record format, PGN, SGF
// and PDN.
type Record struct {
	Tags [][2]string
	Root RecordNode
}

// RecordNode is a move of a record and what follows it.
type RecordNode struct {
	Move     string
	Children []*RecordNode
}

// Tag returns the value of a tag, or "".
func (r *Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t[0] == name {
			return t[1]
		}
	}
	return ""
}

// SetTag sets a tag, replacing an earlier value.
func (r *Record) SetTag(name, value string) {
	for i, t := range r.Tags {
		if t[0] == name {
			r.Tags[i][1] = value
			return
		}
	}
	r.Tags = append(r.Tags, [2]string{name, value})
}

// MainLine returns the moves of the main line.
func (r *Record) MainLine() []string {
	var out []string
	for n := &r.Root; len(n.Children) > 0; n = n.Children[0] {
		out = append(out, n.Children[0].Move)
	}
	return out
}

// Append adds a move at the end of the main line.
func (r *Record) Append(move string) {
	n := &r.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	n.Children = append(n.Children, &RecordNode{Move: move})
}

// Start returns the position the record starts from: the one its
// Position tag sets up (written by a game started from a position), or
// the game's start.
func (r *Record) Start(g *Game) (*State, error) {
	text := r.Tag("Position")
	if text == "" {
		return NewState(g), nil
	}
	s, err := ParsePosition(g, "the Position tag", []byte(text))
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Replay plays the record's main line from s and checks every variation
// against the rules; s ends after the main line.
func (r *Record) Replay(s *State) error {
	if err := replayVariations(s, &r.Root, 1); err != nil {
		return err
	}
	for i, mv := range r.MainLine() {
		m, err := s.ParseMove(mv)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		s.Play(&m)
	}
	return nil
}

func replayVariations(s *State, n *RecordNode, ply int) error {
	for _, c := range n.Children {
		m, err := s.ParseMove(c.Move)
		if err != nil {
			return fmt.Errorf("move %d: %w", ply, err)
		}
		s.Play(&m)
		err = replayVariations(s, c, ply+1)
		s.Undo()
		if err != nil {
			return err
		}
	}
	return nil
}
