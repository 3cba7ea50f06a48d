// Package rules is the syntax-free model of a board game, as go/ast is the
// model of Go source apart from go/parser: the board and its directions,
// zones, pieces, move programs as small trees of statements and
// conditions, the turn order, invariants and goals, and beside them the
// View a renderer needs. The readers (engine/zrf, engine/sexp) build it;
// package engine compiles it into a game that can be played. Nothing here
// runs a move or knows a file syntax.
package rules

import "fmt"

// Src is a place in a rule file, kept for error messages at run time (a
// move program that does not stop names the block that loops).
type Src struct {
	File      string
	Line, Col int
}

// String returns "file:line:col", or "file" when no line is known.
func (s Src) String() string {
	if s.Line == 0 {
		return s.File
	}
	return fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Col)
}

// Rules is the complete, syntax-free description of one game. Indices are
// used everywhere a name would be: players, positions, directions, zones,
// piece types, attributes, flags and move types index the slices below.
type Rules struct {
	Title   string
	Players []Player
	// Turns is the turn order; the turns from Repeat on cycle for ever.
	// An empty Turns means the players in order. A turn's Next, when set,
	// overrides that order (the entries of a phase cycle among
	// themselves).
	Turns  []Turn
	Repeat int
	// Labels are the names of turn labels; TurnLabels put them on entries
	// of the turn order that moves may jump to (goto-turn). Several
	// entries may share a name.
	Labels     []string
	TurnLabels []TurnLabel
	Board      Board
	Pieces     []PieceType
	// Attrs are the piece attributes; a piece carries one value per
	// attribute (its type's default until a move sets it).
	Attrs      []AttrDef
	Flags      []string // move-time flags (set-flag, flag?)
	PosFlags   []string // move-time position flags
	MoveTypes  []string // move-type names; index 0 is the untyped ""
	Priorities []int    // move types in priority order (move-priorities)
	Setup      []Placement
	Reserves   []Reserve
	Options    Options
	Goals      []Goal
	// Notes lists what the file asks for that the engine does not do (rules
	// that lived in another program's hooks); such a game loads but plays
	// incompletely.
	Notes []string
	// Warnings lists what the file says that was read in a way its author
	// should check (a piece defined twice: the first definition is used),
	// each naming the place in the file. The game plays as described.
	Warnings []string
	// Shims lists the rules a front end supplied for a file that keeps
	// them in another program (Dagaz's JavaScript hooks), one line each.
	Shims []string

	// The native dialect's state beyond the board (see docs/zrf.md).

	// Vars are the game variables: integer counters kept in the state.
	Vars []Variable
	// PosAttrs are the attributes of positions; PosAttrSetup gives the
	// start values that differ from the defaults.
	PosAttrs     []PosAttr
	PosAttrSetup []PosAttrValue
	// Score ranks the players when a count goal ends the game, evaluated
	// for each player (nil: the player's pieces on the board); Komi[p] is
	// added to player p's score.
	Score *Expr
	Komi  []float64
	// Evaluation[p], when not nil, is what the rules say player p's
	// position is worth to the searches beyond its material, in points
	// (the least valuable piece is 100), evaluated for p (my? is p): a
	// backgammon player's pips to go. Nil without any (evaluation ...).
	Evaluation []*Expr
	// EvalScale, when above 0, is the lead in points that the searches'
	// estimate reads as ten-to-one odds, from (evaluation-scale N); 0
	// leaves the evaluator's default.
	EvalScale float64
	// Invariants are the conditions every legal move keeps, and the
	// accumulators over the move list they compare with, in file order
	// (invariant.go); Accumulators names the accumulators.
	Invariants   []Invariant
	Accumulators []string
	// StackHeight is the most pieces a position may hold, in a column
	// that moves as a unit with its top piece (stack.go); 0 or 1: one.
	// StackSrc is where the rules ask for columns (no line: a hook
	// implies them), for the errors of what columns cannot be combined
	// with.
	StackHeight int
	StackSrc    Src
}

// Invariant is one entry of the native dialect's filter on the moves of
// a position, applied in file order to the moves of a priority class.
// An invariant (Acc < 0) removes every move after which Cond does not
// hold for the side that moved, with the move's destination current. An
// accumulator (Acc >= 0) sets accumulator Acc to the greatest (Min: the
// least) value of X over the moves still listed, for the invariants after
// it to compare with: the majority rules of draughts.
type Invariant struct {
	Cond *Cond
	Acc  int
	X    *Expr
	Min  bool
	Src  Src
	// Text is the entry as written, for summaries.
	Text string
}

// Variable is a game variable and its start value.
type Variable struct {
	Name string
	Init int
	// Clock marks a count of moves (chess's fifty-move count) that is
	// not part of the position: the hash, and so repetitions, leave it
	// out.
	Clock bool
}

// PosAttr is an attribute of every position. Bool attributes hold 0 or 1.
type PosAttr struct {
	Name    string
	Default int
	Bool    bool
}

// PosAttrValue is a position attribute's start value on one position.
type PosAttrValue struct {
	Attr, Pos, Value int
}

// Chooses reports whether player p chooses moves: it is not a random
// player, and when the rules give a turn order, some entry of it is
// p's turn. A player outside the turn order (a Neutral that owns pieces
// but never moves) takes no seat in a match.
func (r *Rules) Chooses(p int) bool {
	if p < 0 || p >= len(r.Players) || r.Players[p].Random {
		return false
	}
	if len(r.Turns) == 0 {
		return true
	}
	for _, t := range r.Turns {
		if t.Player == p {
			return true
		}
	}
	return false
}

// Player is one side of the game.
type Player struct {
	Name string
	// Random players choose uniformly among their moves (dice): they are
	// chance nodes, not decision makers.
	Random bool
	// Coalition numbers the player's coalition from 1 (0: it has no
	// allies). Players of one coalition are friends to each other, share
	// wins and losses, and do not attack each other.
	Coalition int
}

// Turn is one entry of the turn order: Player chooses a move among the
// pieces owned by Side, restricted to MoveTypes when it is not empty.
type Turn struct {
	Player    int
	Side      int
	MoveTypes []int
	// Next is the entry played after this one, plus one; 0 means the
	// following entry (or Repeat after the last).
	Next int
}

// TurnLabel names an entry of the turn order as a target of goto-turn.
// With Player >= 0 the label counts only when that player made the move
// that jumps (Bao's phases: where the game goes on depends on who moved
// last).
type TurnLabel struct {
	Label  int // index into Rules.Labels
	Turn   int
	Player int
}

// Board is the game space: positions, directions as links between them,
// zones and per-player symmetries.
type Board struct {
	Positions []string
	Dirs      []string
	// Links[p*len(Dirs)+d] is the position one step from p in direction d,
	// or -1.
	Links []int32
	// Opposite[d] is the direction opposite to d, or -1.
	Opposite []int
	Zones    []Zone
	// Symmetry[player][d] is the direction d means for that player.
	Symmetry [][]int
	// Grids keeps the grid coordinates of positions for text boards.
	Grids []Grid
}

// Grid records one grid of the board: the names along each dimension and,
// for every position it made, its coordinates.
type Grid struct {
	Dims   [][]string
	Coords map[int][]int // position -> coordinate per dimension
}

// Link returns the neighbour of p in direction d, or -1.
func (b *Board) Link(p, d int) int {
	if p < 0 || d < 0 || d >= len(b.Dirs) {
		return -1
	}
	return int(b.Links[p*len(b.Dirs)+d])
}

// PositionIndex returns the index of a named position, or -1.
func (b *Board) PositionIndex(name string) int {
	for i, n := range b.Positions {
		if n == name {
			return i
		}
	}
	return -1
}

// Zone is a named set of positions, possibly different for each player.
type Zone struct {
	Name string
	// Positions[player] lists the zone's positions for that player.
	Positions [][]int
}

// AttrDef is a piece attribute. Boolean attributes are bits of the piece;
// integer attributes (a number as a default) that some program sets are
// kept in cells of their own that travel with the piece; string
// attributes, and numbers no program sets, keep their type's defaults.
type AttrDef struct {
	Name string
}

// PieceType is a kind of piece with its move and drop programs.
type PieceType struct {
	Name     string
	Notation string
	// Defaults[a] is the value of attribute a on a new piece of this type.
	Defaults []Value
	Moves    []Block
	Drops    []Block
	// Points is the piece's worth for evaluations when Valued is set (the
	// ludus extension (value N) of ZRF); otherwise the evaluator infers
	// one from the piece's mobility.
	Points float64
	Valued bool
	// Demotes (native dialect, (captured-as T)): a piece of this type
	// taken under "recycle captures" joins the reserve as type
	// CapturedAs, not as itself (shogi's promoted pieces go back to the
	// hand unpromoted).
	Demotes    bool
	CapturedAs int
}

// Value is an attribute value. Booleans are the common case.
type Value struct {
	Bool bool
	Int  int
	Str  string
	Kind ValueKind
}

// ValueKind says which field of a Value is meaningful.
type ValueKind uint8

// Value kinds.
const (
	BoolValue ValueKind = iota
	IntValue
	StrValue
)

// Block is one move (or drop) program of a piece: the statements run from
// the piece's position (or from every position, for a drop).
type Block struct {
	MoveType int
	// Name and Params give the block's name in the notation: the macro it
	// was written with and the arguments it was given ("slide n").
	Name   string
	Params []string
	Body   []Stmt
	Src    Src
}

// Placement is a piece put on the board by the setup.
type Placement struct {
	Player, Type, Pos int
}

// Reserve is a count of pieces kept off the board for drops.
type Reserve struct {
	Player, Type, Count int
}

// Options are the rule options the engine acts on.
type Options struct {
	// MaximalCaptures: 0 off; 1 only moves capturing the most pieces;
	// 2 then also the most valuable pieces (any type but the first).
	MaximalCaptures int
	// PassTurn: 0 never; 1 a player may always pass; 2 only when it has no
	// other move ("forced").
	PassTurn int
	// PassPartial lets a player stop a chain of partial moves early.
	PassPartial bool
	// RecycleCaptures sends captured pieces to the capturer's reserve, or
	// with RecycleToOwner back to the reserve of the player who owned
	// them (race games: Ur's captured pieces start again).
	RecycleCaptures bool
	RecycleToOwner  bool
	// ChessInvariant (Dagaz) forbids moves that leave the mover's royal
	// piece attacked and guards castling (two-piece moves of the royal) by
	// an implicit "moved" attribute and attack checks.
	ChessInvariant bool
	// RoyalLast relaxes the royal rule for sides with several royal
	// pieces: a move may leave royal pieces attacked (and they may be
	// taken) while the side keeps two or more; only its last one must
	// not be left attacked. Without it no royal piece may be.
	RoyalLast bool
	// DeferredCaptures (Dagaz) keeps pieces captured during a composite
	// move on the board, neither empty nor enemy, until the move ends.
	DeferredCaptures bool
	// InternationalExtension (Dagaz) promotes a piece of the first type
	// that ends a composite move in the first zone to the second type.
	InternationalExtension bool
	// AnyOwner (native dialect, "move any piece") runs the move
	// programs of every piece on the board for the player to move, not
	// only of its own: the programs choose by (verify friend?), (verify
	// enemy?) or (verify my?) which pieces they move (Stavropol
	// draughts). A moved piece keeps its owner.
	AnyOwner bool
	// LandToContinue (native dialect, "land to continue"): of the
	// partial steps one run of a move program offers, those after which
	// the move goes on exclude those after which it would end (Russian
	// draughts: a flying king lands where it can go on capturing).
	LandToContinue bool
	// UniqueMoves (native dialect) leaves out a move that leads to the
	// same position as a move listed before it (two capture paths taking
	// the same pieces to the same square).
	UniqueMoves bool
	// Ko forbids moves that repeat an earlier position.
	Ko KoRule
	// Other keeps every option read, by name, for interfaces.
	Other map[string]string
}

// KoRule says which repetitions of the position a move may not make.
// Passes are always allowed. The position compared is every cell (board,
// reserves, variables, attributes), not whose turn it is.
type KoRule uint8

// Ko rules.
const (
	KoNone KoRule = iota
	// KoSimple: not the position before the last move (an immediate
	// recapture in Go).
	KoSimple
	// KoPositional: no position of the game so far (positional superko).
	KoPositional
	// KoSituational: no position of the game so far with the same player
	// to move (situational superko).
	KoSituational
)

// String returns the option value that names the rule.
func (k KoRule) String() string {
	names := [...]string{"false", "simple", "positional", "situational"}
	if int(k) >= len(names) {
		return fmt.Sprintf("KoRule(%d)", int(k))
	}
	return names[k]
}

// GoalKind is the outcome a goal gives the players it names.
type GoalKind uint8

// Goal kinds.
const (
	Win GoalKind = iota
	Loss
	Draw
	// Count ends the game and ranks players by pieces on the board.
	Count
)

// String returns "win", "loss", "draw" or "count".
func (k GoalKind) String() string {
	names := [...]string{"win", "loss", "draw", "count"}
	if int(k) >= len(names) {
		return fmt.Sprintf("GoalKind(%d)", int(k))
	}
	return names[k]
}

// Goal is an end condition checked for each player it names. When goals
// of several priorities hold, the highest priority decides.
type Goal struct {
	Kind     GoalKind
	Players  []int
	Cond     GoalCond
	Priority int
	Src      Src
}

// GoalCondKind is the kind of a goal condition.
type GoalCondKind uint8

// Goal condition kinds.
const (
	GoalAnd GoalCondKind = iota
	GoalOr
	GoalNot
	GoalStalemated
	GoalCheckmated
	GoalPiecesRemaining
	GoalTotalPieceCount
	GoalCaptured
	GoalAbsoluteConfig
	GoalRelativeConfig
	GoalRepetition
	// The native dialect's goal conditions.
	GoalCompare   // Op on X and Y, for the player checked (my? is that player)
	GoalConnected // a chain of the player's pieces joins zones Zones[0] and Zones[1]
)

// GoalCond is a goal condition tree.
type GoalCond struct {
	Kind  GoalCondKind
	Args  []GoalCond
	N     int
	Types []int // piece types (empty: any)
	// Specs and Positions describe absolute-config; Specs and Steps
	// describe relative-config (Steps[i] leads from Specs[i] to Specs[i+1]).
	Specs     []PieceSpec
	Positions []int
	Steps     []int
	// Op, X and Y are a comparison; Zones and Dirs a connection (Dirs
	// nil: every direction). Text is the condition as written, for
	// summaries.
	Op    CompareOp
	X, Y  *Expr
	Zones [2]int
	Dirs  []int
	Text  string
}

// Owner says whose pieces a PieceSpec matches.
type Owner uint8

// Owners of a PieceSpec.
const (
	OwnPiece Owner = iota
	OpponentPiece
	AnyOwner
	EmptySquare
)

// PieceSpec matches a piece in a configuration goal. Not, written (not
// T), turns the match around: in a relative-config a position matches
// when it does not hold such a piece; an absolute-config holds only when
// none of its positions does.
type PieceSpec struct {
	Owner Owner
	Type  int // -1: any type
	Not   bool
}
