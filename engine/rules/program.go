package rules

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
	SSetPosAttr                  // A: position attribute; X: value; Loc
	SSetVar                      // A: game variable; X: value
	STakeTop                     // Loc: take the top piece of the column there to the bottom of the moving column
	SCaptureTop                  // Loc: remove the top piece of the column there
	SGotoTurn                    // A: turn label, an index into Rules.Labels (-1: this entry again)
	SRotate                      // Cycles: move the pieces on each cycle's positions one place on, at once
	SGo                          // A: GoPlace; go to that position ((go from), (go last-to), ...)
)

// GoPlace is where (go place) goes: the moving piece's start or its
// destination so far, or where the last move came from or went.
type GoPlace int

// The places of (go ...); (go mark) is back.
const (
	GoFrom GoPlace = iota
	GoTo
	GoLastFrom
	GoLastTo
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

// Stmt is one statement of a move program. SCapture, SFlip and
// SChangeOwner act on every position of Set when it is given (the native
// dialect's (capture (group n))); SSetAttr takes its value from Cond for a
// boolean attribute and from X for an integer one.
type Stmt struct {
	Kind StmtKind
	A, B int
	Loc  Loc
	Cond *Cond
	X    *Expr
	Set  *SetExpr
	Then []Stmt
	Else []Stmt
	Add  AddSpec
	// Cycles are the position cycles of SRotate: the piece on
	// Cycles[i][j] goes to Cycles[i][j+1], the last one's to the first.
	Cycles [][]int
	Src    Src
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
	// The native dialect's conditions.
	CMy      // a piece of the side itself (friend? also holds for allies)
	CCompare // A: CompareOp; X and Y compared
	CPosAttr // A: position attribute, true when not zero
	CTaken   // a piece was taken there earlier in this composite move
	CVisited // the moving piece stood on Loc earlier in this composite move
)

// Cond is a condition tree.
type Cond struct {
	Kind CondKind
	A    int
	Loc  Loc
	Args []*Cond
	X, Y *Expr
	Src  Src
}

// CompareOp compares two numeric expressions.
type CompareOp uint8

// Comparisons.
const (
	OpEq CompareOp = iota
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
)

// String returns the operator as written: "=", "!=", "<", "<=", ">", ">=".
func (o CompareOp) String() string {
	names := [...]string{"=", "!=", "<", "<=", ">", ">="}
	if int(o) >= len(names) {
		return "?"
	}
	return names[o]
}

// Holds reports whether x op y.
func (o CompareOp) Holds(x, y int) bool {
	switch o {
	case OpEq:
		return x == y
	case OpNe:
		return x != y
	case OpLt:
		return x < y
	case OpLe:
		return x <= y
	case OpGt:
		return x > y
	}
	return x >= y
}

// ExprKind is the kind of a numeric expression.
type ExprKind uint8

// Expression kinds; the comment gives the fields each uses.
const (
	ENum         ExprKind = iota // N
	EVar                         // A: game variable
	EAttr                        // A: piece attribute of the piece at Loc (0 when empty)
	EPosAttr                     // A: position attribute at Loc
	ECount                       // Set: its number of positions
	ECountMoves                  // the legal moves of the player to move (goals), or of the next player after the move (invariants)
	ECountPasses                 // the passes made in a row just before this position
	EAdd                         // Args summed
	ESub                         // Args[0] minus the others
	EMul                         // Args multiplied
	EMin                         // the least of Args
	EMax                         // the greatest of Args
	// What a move does, in invariants and accumulators only.
	EAccum        // A: accumulator; its value over the move list so far
	ECaptured     // Types: the pieces of other players the move takes (of those types; any when empty)
	EMoving       // Types: 1 when the piece that made the move was of one of those types at its start
	EFirstCapture // Types: the place (from 1) among the move's captures of the first of those types; 0 when none
	EStackSize    // Loc: the pieces on the position (its column's height; 0 when empty)
	ESum          // Set, Args[0]: Args[0] summed over the set's positions, each current in turn
)

// Expr is an integer expression of the native dialect: counts of sets,
// game variables, attribute values and arithmetic on them.
type Expr struct {
	Kind ExprKind
	N    int
	A    int
	Loc  Loc
	Set  *SetExpr
	Args []*Expr
	// Types are the piece types of the move expressions.
	Types []int
	Src   Src
}

// SetKind is the kind of a set of positions.
type SetKind uint8

// Set kinds.
const (
	// SetPieces: the board positions holding a piece for which every
	// condition of Filter holds (each tested with that position current).
	SetPieces SetKind = iota
	// SetPositions: every board position for which Filter holds.
	SetPositions
	// SetGroup: the positions connected to Loc through positions whose
	// pieces have Loc's owner (or that are empty, when Loc is empty),
	// stepping along Dirs.
	SetGroup
	// SetLiberties: the empty positions next to Loc's group.
	SetLiberties
	// SetTerritory: the empty positions whose empty region (along Dirs)
	// borders pieces of the side only.
	SetTerritory
)

// SetExpr is a set of positions computed from the position: counted by
// (count ...) and acted on by capture, flip and change-owner.
type SetExpr struct {
	Kind   SetKind
	Filter []*Cond
	Loc    Loc
	// Dirs are the directions that connect positions (nil: every
	// direction of the board).
	Dirs []int
	Src  Src
	// Text is the set as written, for summaries.
	Text string
}
