package engine

import "github.com/ludus-games/ludus/engine/rules"

// Ko and superko: the option "ko" forbids moves that would bring back an
// earlier position. The position compared is every cell (board, reserves,
// variables, attributes) without whose turn it is, the last move or the
// passes made; situational superko adds whose turn it is. The state keeps
// the key of the position before each move (a counting filter over them
// makes the common case, a new position, one look).

// koBuckets is the size of the ko filter.
const koBuckets = 1024

// koKey is the key of the position as the ko rule compares it.
func (s *State) koKey() uint64 {
	g := s.g
	h := s.hash ^ g.turnKey[s.turn]
	if g.usesLast {
		h ^= g.lastKey[0][s.lastFrom+1] ^ g.lastKey[1][s.lastTo+1]
	}
	if c := g.ext.passCell; c >= 0 {
		h ^= g.zob(c, s.cells[c])
	}
	if g.Rules.Options.Ko == rules.KoSituational {
		h ^= g.turnKey[s.turn]
	}
	return h
}

// koPush records the position about to be left (before a move is made).
func (s *State) koPush() {
	k := s.koKey()
	s.koKeys = append(s.koKeys, k)
	if s.koRep == nil {
		s.koRep = make([]uint16, koBuckets)
	}
	s.koRep[k%koBuckets]++
}

// koPop forgets the position a move left (the move was taken back).
func (s *State) koPop() {
	n := len(s.koKeys) - 1
	s.koRep[s.koKeys[n]%koBuckets]--
	s.koKeys = s.koKeys[:n]
}

// koAfter is the ko key of the position m leads to.
func (s *State) koAfter(m *Move) uint64 {
	g := s.g
	h := s.koKey()
	if g.Rules.Options.Ko == rules.KoSituational {
		next := g.nextTurn(s.turn)
		if m.NextTurn > 0 {
			next = int(m.NextTurn - 1)
		}
		h ^= g.turnKey[s.turn] ^ g.turnKey[next]
	}
	for i, c := range m.Changes {
		old := s.cells[c.Pos]
		for j := i - 1; j >= 0; j-- {
			if m.Changes[j].Pos == c.Pos {
				old = m.Changes[j].Val
				break
			}
		}
		h ^= g.zob(c.Pos, old) ^ g.zob(c.Pos, c.Val)
	}
	return h
}

// koAllowed reports whether move m keeps to the ko rule.
func (s *State) koAllowed(m *Move) bool {
	if m.Pass {
		return true
	}
	k := s.koAfter(m)
	n := len(s.koKeys)
	switch s.g.Rules.Options.Ko {
	case rules.KoSimple:
		return n == 0 || s.koKeys[n-1] != k
	case rules.KoPositional, rules.KoSituational:
		if k == s.koKey() {
			return false
		}
		if s.koRep == nil || s.koRep[k%koBuckets] == 0 {
			return true
		}
		for _, x := range s.koKeys {
			if x == k {
				return false
			}
		}
	}
	return true
}

// koFilter removes the moves from index start on that break the ko rule.
func (s *State) koFilter(ml *MoveList, start int) {
	keep := ml.Moves[:start]
	for i := start; i < len(ml.Moves); i++ {
		if s.koAllowed(&ml.Moves[i]) {
			keep = append(keep, ml.Moves[i])
		}
	}
	ml.Moves = keep
}
