package engine

// Piece is the content of a position: 0 for empty, otherwise a piece type,
// its owner and its boolean attributes packed in one word, so that the
// board is a flat array and a change is one store.
//
//	bits 0-7   type+1
//	bits 8-11  owner
//	bit  12    captured during the current composite move (deferred)
//	bits 16-31 boolean attributes
type Piece uint32

const (
	ownerShift = 8
	ghostBit   = Piece(1) << 12
	attrShift  = 16
	// MaxTypes, MaxPlayers and MaxAttrs are the limits of the packing.
	MaxTypes   = 255
	MaxPlayers = 16
	MaxAttrs   = 15 // one more bit is kept for the implicit "moved" flag
	typeMask   = Piece(0xff)
	ownerMask  = Piece(0xf) << ownerShift
)

// MakePiece returns a piece of type t owned by player p, without
// attributes.
func MakePiece(t, p int) Piece { return Piece(t+1) | Piece(p)<<ownerShift }

// Empty reports whether the position holds no piece.
func (p Piece) Empty() bool { return p == 0 }

// Type returns the piece type, or -1 for empty.
func (p Piece) Type() int { return int(p&typeMask) - 1 }

// Owner returns the owning player.
func (p Piece) Owner() int { return int(p&ownerMask) >> ownerShift }

// Attr reports boolean attribute a.
func (p Piece) Attr(a int) bool { return p>>(attrShift+uint(a))&1 != 0 }

// WithAttr returns p with attribute a set to v.
func (p Piece) WithAttr(a int, v bool) Piece {
	bit := Piece(1) << (attrShift + uint(a))
	if v {
		return p | bit
	}
	return p &^ bit
}

// ghost reports a piece captured earlier in the composite move being
// generated, kept on the board under "deferred captures".
func (p Piece) ghost() bool { return p&ghostBit != 0 }

func (p Piece) withOwner(o int) Piece { return p&^ownerMask | Piece(o)<<ownerShift }
