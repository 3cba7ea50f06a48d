package engine

import "github.com/ludus-games/ludus/engine/rules"

// The instructions of the move-program bytecode (bytecode.go compiles
// them, exec.go runs them).

// Opcodes of the move-program bytecode. Conditions leave their value in a
// register that the jumps and verify read.
const (
	opEnd uint8 = iota
	opNav
	opJump
	opMark
	opBack
	opFrom
	opTo
	opCascade
	opAdd
	opCapture
	opFlip
	opChangeOwner
	opChangeType
	opCreate
	opSetAttr
	opSetFlag
	opSetPosFlag
	opVerify
	opJF   // jump if false
	opJT   // jump if true
	opGoto // forward jump
	opLoop // backward jump, counted against the step limit
	opNot
	opTrue
	opFalse
	opEmpty
	opFriend
	opEnemy
	opNeutral
	opPiece
	opPosition
	opInZone
	opOnBoard
	opAttacked
	opDefended
	opLastFrom
	opLastTo
	opFlag
	opPosFlag
	opAttr
	// Fused forms of the commonest pairs.
	opNavVerifyEmpty
	opNavVerifyNotFriend
	opNavVerifyEnemy
	// The native dialect's instructions.
	opAlly           // friend? when the game has coalitions
	opFoe            // enemy? when the game has coalitions
	opCond           // b: a condition tree of exprTables.conds
	opSetVar         // b: variable; c: expression
	opSetPosAttr     // loc; b: position attribute; c: expression
	opSetAttrInt     // loc; b: integer attribute; c: expression
	opCaptureSet     // b: set
	opFlipSet        // b: set
	opChangeOwnerSet // b: set
	opGotoTurn       // b: turn label (-1: this entry again)
	opVisited        // loc: the moving piece stood there earlier in this move
	// Stacks.
	opTakeTop    // loc
	opCaptureTop // loc
	opTaken      // loc
	// Group moves.
	opRotate // b: permutation of Game.perms
	// Zillions' (go place).
	opGo // b: rules.GoPlace
)

// instr is one bytecode instruction. lk and a give a location (here, a
// direction from here, or a position); b and c are operands.
type instr struct {
	op uint8
	lk rules.LocKind
	a  int32
	b  int32
	c  int32
}
