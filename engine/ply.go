package engine

// plyInline is how many changes a Ply holds without allocating: enough
// for a step, a capture, castling and en passant.
const plyInline = 4

// Ply is a move as a value: unlike a Move it refers to no move list, so
// it can be kept (in a search tree, a game record) and played later on any
// state that is in the position it was generated for. A one-step move
// with at most four changes is held inline; a longer one (a capture
// chain) keeps a copy of its Move.
type Ply struct {
	ch   [plyInline]Change
	n    int8 // changes inline; -1 when long holds the move
	pass bool
	next uint8 // Move.NextTurn
	step Step
	long *Move
}

// newPly copies m into a Ply.
func newPly(m *Move) Ply {
	var p Ply
	switch {
	case m.Pass:
		p.pass = true
	case len(m.Steps) == 1 && len(m.Changes) <= plyInline:
		p.n = int8(copy(p.ch[:], m.Changes))
		p.step = m.Steps[0]
		p.next = m.NextTurn
	default:
		c := m.Clone()
		p.long, p.n = &c, -1
	}
	return p
}

// Pass reports whether the ply passes the turn.
func (p Ply) Pass() bool { return p.pass }

// Move returns the ply as a Move (sharing the ply's storage when long).
func (p *Ply) Move() Move {
	switch {
	case p.long != nil:
		return *p.long
	case p.pass:
		return Move{Pass: true}
	}
	return Move{Changes: p.ch[:p.n], Steps: []Step{p.step}, NextTurn: p.next}
}

// From returns the first step's origin (-1 for drops and passes).
func (p *Ply) From() int {
	if p.long != nil {
		return p.long.From()
	}
	if p.pass {
		return -1
	}
	return int(p.step.From)
}

// To returns the last step's destination (-1 for a pass).
func (p *Ply) To() int {
	if p.long != nil {
		return p.long.To()
	}
	if p.pass {
		return -1
	}
	return int(p.step.To)
}

// Key names the ply for move-ordering tables: the same move (origin,
// destination, program, promotion of every step) in different positions
// has the same key.
func (p *Ply) Key() uint64 {
	switch {
	case p.pass:
		return 1
	case p.long != nil:
		k := uint64(len(p.long.Steps))
		for i := range p.long.Steps {
			k = mix64(k ^ stepKey(&p.long.Steps[i]))
		}
		return k
	}
	return mix64(stepKey(&p.step))
}

func stepKey(st *Step) uint64 {
	return uint64(uint32(st.From+1)) | uint64(uint32(st.To+1))<<21 | uint64(uint32(st.Block))<<42 ^
		uint64(uint16(st.Promo+1))<<58
}

// playPly makes ply p on the state.
func (s *State) playPly(p *Ply) {
	switch {
	case p.long != nil:
		s.Play(p.long)
	case p.pass:
		s.playPass()
	default:
		s.playMove(p.ch[:p.n], p.step.From, p.step.To, false, p.next)
	}
}

// PlyNotation writes a ply in the universal notation, for the side to
// move (the ply must be a move of the state's position).
func (s *State) PlyNotation(p *Ply) string {
	switch {
	case p.long != nil:
		return s.Notation(p.long)
	case p.pass:
		return "pass"
	}
	if p.step.Partial {
		return "+ " + s.StepNotation(&p.step, s.Side()) + " +"
	}
	return s.StepNotation(&p.step, s.Side())
}

// ParsePly finds the legal move written text in the universal notation
// (as ParseMove does) and returns it as a Ply.
func (s *State) ParsePly(text string) (Ply, error) {
	m, err := s.ParseMove(text)
	if err != nil {
		return Ply{}, err
	}
	return newPly(&m), nil
}
