package engine

// Change sets one cell of the state: a board position, or (Pos at or past
// the number of positions) a reserve count. A move is a list of changes
// applied in order, so make and unmake are a few stores.
type Change struct {
	Pos int32
	Val Piece
}

// Step is one partial move of a composite move: what the notation writes
// ("e3 - c5 checker-jump sw") and where its changes end in Move.Changes.
type Step struct {
	From, To int32 // -1 for none (a drop has no From)
	Block    int32 // index into Game.Blocks; -1 for a pass
	Promo    int16 // type the piece became, -1 if none
	Partial  bool  // emitted by add-partial: the composite went on (or could)
	Captures int16
	End      int32 // Changes[:End] is the composite up to and with this step
}

// Move is a whole composite move: the changes it makes and its steps.
// Moves returned by State.Moves refer to the MoveList's storage and stay
// valid until that list is reused; Clone keeps one.
type Move struct {
	Changes  []Change
	Steps    []Step
	Type     int16 // move type of the first step
	Captures int16
	Valuable int16 // captured pieces of any type but the first
	Pass     bool
	// NextTurn is the entry of the turn order that moves after this move,
	// plus one; 0 means the turn order's next entry. A goto-turn or
	// repeat-turn of the move's programs sets it (a turn order that moves
	// jump in has at most maxJumpTurns entries, so that a Move keeps to 64
	// bytes).
	NextTurn uint8
	// guard lists positions that must not be attacked after the move
	// (castling under the chess invariant), -1 if unused.
	guard [2]int32
}

// Clone returns a copy that owns its storage.
func (m Move) Clone() Move {
	m.Changes = append([]Change(nil), m.Changes...)
	m.Steps = append([]Step(nil), m.Steps...)
	return m
}

// From returns the first step's origin (-1 for drops and passes).
func (m *Move) From() int {
	if len(m.Steps) == 0 {
		return -1
	}
	return int(m.Steps[0].From)
}

// To returns the last step's destination (-1 for a pass).
func (m *Move) To() int {
	if len(m.Steps) == 0 {
		return -1
	}
	return int(m.Steps[len(m.Steps)-1].To)
}

// MoveList holds generated moves and the storage they refer to. Reusing a
// list (one per search depth) makes move generation allocation-free.
type MoveList struct {
	Moves []Move
	ch    []Change
	st    []Step
}

func (l *MoveList) reset() {
	l.Moves = l.Moves[:0]
	l.ch = l.ch[:0]
	l.st = l.st[:0]
}

// add appends a move whose changes and steps are copied into the list.
func (l *MoveList) add(m Move, ch []Change, extra []Change, st []Step) {
	c0 := len(l.ch)
	l.ch = append(l.ch, ch...)
	l.ch = append(l.ch, extra...)
	s0 := len(l.st)
	l.st = append(l.st, st...)
	m.Changes = l.ch[c0:len(l.ch):len(l.ch)]
	m.Steps = l.st[s0:len(l.st):len(l.st)]
	l.Moves = append(l.Moves, m)
}
