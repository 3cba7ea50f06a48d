package engine

// This file is the intermediate form of move programs: a small tree of
// statements and conditions that front ends (the ZRF reader, later the
// native dialect) produce and the compiler turns into bytecode.

// LocKind says where a statement or predicate looks.
type LocKind uint8

// Location kinds.
const (
	Here  LocKind = iota // the current position
	InDir                // one step from the current position in a direction
	AtPos                // a named position
)

// Loc is the place a statement acts on or a predicate tests.
type Loc struct {
	Kind LocKind
	N    int // direction or position index
}

// StmtKind is the kind of a move-program statement.
type StmtKind uint8

// Statement kinds. The comment gives the fields each uses.
const (
	SNav         StmtKind = iota // A: direction; step, or die off the board
	SJump                        // A: position; go there
	SOpposite                    // A: direction; step the opposite way
	SMark                        // Loc: remember a position for back
	SBack                        // go to the remembered position
	SFrom                        // Loc: the piece there becomes the moving piece
	STo                          // Loc: the moving piece will end there
	SCascade                     // the moving piece ends here; the piece here moves on
	SAdd                         // Add: emit a move (execution goes on)
	SCapture                     // Loc: capture the piece there
	SFlip                        // Loc: give the piece there to the next player
	SChangeOwner                 // Loc: give the piece there to the mover
	SChangeType                  // A: type; Loc
	SCreate                      // A: type; B: player (-1: the mover); Loc
	SSetAttr                     // A: attribute; Cond: value; Loc
	SSetFlag                     // A: flag; Cond: value
	SSetPosFlag                  // A: position flag; Cond: value; Loc
	SVerify                      // Cond: die unless true
	SIf                          // Cond; Then; Else
	SWhile                       // Cond; Then is the body
)

// AddKind is the kind of an emitting statement.
type AddKind uint8

// Emitting statements.
const (
	AddMove        AddKind = iota // add
	AddCopy                       // add-copy: the piece also stays where it was
	AddPartial                    // add-partial: the same piece must go on
	AddCopyPartial                // add-copy-partial
)

// Partial reports whether the kind continues the composite move.
func (k AddKind) Partial() bool { return k == AddPartial || k == AddCopyPartial }

// AddSpec describes an emitting statement.
type AddSpec struct {
	Kind AddKind
	// Types are promotion choices: one move per type, the moving piece
	// becoming that type. Empty: the piece keeps its type.
	Types []int
	// Next is the move type a partial move continues with (-1: the type
	// of the block that emitted it).
	Next int
}

// Stmt is one statement of a move program.
type Stmt struct {
	Kind StmtKind
	A, B int
	Loc  Loc
	Cond *Cond
	Then []Stmt
	Else []Stmt
	Add  AddSpec
	Src  Src
}

// CondKind is the kind of a condition.
type CondKind uint8

// Condition kinds; predicates test Loc (the current position by default).
const (
	CTrue CondKind = iota
	CFalse
	CNot
	CAnd
	COr
	CEmpty
	CFriend
	CEnemy
	CNeutral
	CPiece    // A: type
	CPosition // A: position
	CInZone   // A: zone
	COnBoard
	CAttacked
	CDefended
	CLastFrom
	CLastTo
	CFlag    // A: flag
	CPosFlag // A: position flag
	CAttr    // A: attribute
)

// Cond is a condition tree.
type Cond struct {
	Kind CondKind
	A    int
	Loc  Loc
	Args []*Cond
}
