package engine

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ludus-games/ludus/engine/rules"
)

// Game is a compiled game: the rules with every move program turned into
// bytecode and every table the generator needs (neighbours per player with
// symmetry applied, zones as bit sets, Zobrist keys). A Game is read-only
// and may be shared by any number of states and goroutines.
type Game struct {
	Rules *rules.Rules
	// Blocks lists every compiled move and drop program; Step.Block
	// indexes it.
	Blocks []*CBlock

	np, nd, nplayers, ntypes int
	words                    int // 64-bit words of a position set
	ncells                   int
	nbs                      [][]int32 // per side: neighbour table with symmetry
	opp                      []int32
	rev                      []int32
	zones                    [][][]uint64 // zone, player -> position bit set
	types                    []ctype
	resSlot                  []int32 // player*ntypes+type -> cell, or -1 (unlimited)
	turns                    []rules.Turn
	repeat                   int
	classes                  [][]bool // priority class -> move type set
	classOf                  []int    // move type -> class, -1: never a first step
	royal                    []bool
	legality                 bool   // moves must not leave a royal piece attacked
	drawing                  bool   // random playouts draw their moves (sample.go)
	singleClass              []bool // per class: each move program gives at most one move a run
	chainK                   []int  // per class: continuation slots of a drawn composite move, or 0
	freeDrops                bool   // no piece type with drops has a reserve count
	movedAttr                int    // implicit attribute of the chess invariant, or -1
	zkey                     []uint64
	turnKey                  []uint64
	lastKey                  [2][]uint64
	usesLast                 bool
	repetition               bool
	randomPlayer             []bool
	defaults                 []Piece
	boolAttr                 []bool
	promos                   [][]int
	reachWords               int
	typeReach                [][][]uint64
	attacks                  bool // attack tests happen: reach is worth computing
	drops                    *dropIndex
	countDrops               []bool // by turn: every move is a unit drop (see count.go), nil: no turn
	classMoves               []bool // priority class -> some piece has move programs in it
	goals                    []cgoal
	goalsOf                  [][]int // player -> the goals naming it, in file order
	goalLevels               []int   // the goals' priorities, highest first
	// goalSeq[mover] and staticGoalSeq[mover] are the goals to check
	// after a move of mover, in order (goalOrder).
	goalSeq, staticGoalSeq [][]goalRef
	score                  *cexpr     // the rules' score expression (nil: pieces on the board)
	evaluation             []*cexpr   // player -> the rules' evaluation of its position (nil: none)
	reasons                [][]string // goal, player -> text of the outcome
	goalWords              []string   // goal -> its condition in words (GoalWords)
	eval                   *evalCache
	// ext places the native dialect's extra cells; x holds its compiled
	// expressions.
	ext extLayout
	x   exprTables
	ko  rules.KoRule // the rules' ko option
	// extPlay: making a move does more than its changes (ko keys, the
	// pass counter).
	extPlay bool
	// next[t] is the entry of the turn order after t; jumpTo[label][t]
	// the entry a jump to the label reaches from t, -1: none (turns.go).
	next   []int32
	jumpTo [][]int32
	// invs are the invariants and accumulators the legality filter does
	// not check (invariant.go).
	invs []cinv
	// stackLevels are the levels under the top piece of a position and
	// stackBase the first of their cells (stack.go); usesTaken: some
	// program tests taken?.
	stackLevels int
	stackBase   int32
	usesTaken   bool
	// perms are the permutations of the rotate statements (rotate.go).
	perms [][]rotPair
	// kernel plays random games on bit sets (dropkernel.go,
	// jumpkernel.go, flipkernel.go); nil when the model fits none.
	kernel kernel
	// gates[class] bounds the pieces a class's programs may move from
	// (gate.go); nil: none has one.
	gates []*classGate
	// goalCells: some goal reads the cells the last move changed;
	// anyDrops: some piece type has drop programs.
	goalCells, anyDrops bool
}

// evalCache holds the default evaluator, made on first use.
type evalCache struct {
	once sync.Once
	e    *Evaluator
}

// CBlock is a compiled move program.
type CBlock struct {
	Block    *rules.Block
	Piece    int // piece type
	Drop     bool
	MoveType int
	ID       int
	code     []instr
	// reach[side][q*words+w] is the bit set of positions a run from q can
	// take a piece on (nil: not computed, assume any).
	reach [][]uint64
	// reads is the same for the positions a run may look at.
	reads    [][]uint64
	usesLast bool
	// needsEmpty: the program starts with (verify empty?).
	needsEmpty bool
	// path is set for programs that only step (each step maybe checked)
	// and add: the generator walks them without running the bytecode.
	path []instr
	// promoZone >= 0: the path ends with (if (in-zone? z) (add T...) else
	// add), with the choices in promos[promoList].
	promoZone int32
	promoList int32
	// ray >= 0: the program slides along direction ray over empty
	// positions, adding a move at each, and takes an enemy piece at the end
	// when rayTakes.
	ray      int32
	rayTakes bool
	// plans[side] is the static analysis of the program (nil: none).
	plans []*plan
	// rotates: the program has a rotate statement (a group move).
	rotates bool
	// single: every run emits at most one move (singleMove), known once
	// so that a playout does not scan the code at every turn.
	single bool
	// sets: the set-variable statements taken out of a walked program
	// (clock.go), nil when none.
	sets *moveSets
}

type ctype struct {
	moves  [][]*CBlock // by class
	drops  [][]*CBlock // by class
	attack []*CBlock   // every move program: what attacked? runs
}

// Compile checks the rules and compiles them.
func Compile(r *rules.Rules) (*Game, error) {
	g := &Game{Rules: r, np: len(r.Board.Positions), nd: len(r.Board.Dirs),
		nplayers: len(r.Players), ntypes: len(r.Pieces), movedAttr: -1, words: (len(r.Board.Positions) + 63) / 64,
		eval: &evalCache{}}
	if err := g.check(); err != nil {
		return nil, err
	}
	if err := g.checkExt(); err != nil {
		return nil, err
	}
	g.tables()
	if err := g.turnTables(); err != nil {
		return nil, err
	}
	rest := g.royalInvariants()
	g.layoutExt()
	if err := g.checkStacks(); err != nil {
		return nil, err
	}
	if err := g.checkRotations(); err != nil {
		return nil, err
	}
	g.layoutStacks()
	g.ko = r.Options.Ko
	g.extPlay = g.ko != rules.KoNone || g.ext.passCell >= 0
	g.priorityClasses()
	for t := range r.Pieces {
		if err := g.compilePiece(t); err != nil {
			return nil, err
		}
	}
	g.classMoves = make([]bool, len(g.classes))
	for _, ct := range g.types {
		for cl, blks := range ct.moves {
			g.classMoves[cl] = g.classMoves[cl] || len(blks) > 0
		}
	}
	g.keys()
	g.makePlans()
	g.compileGoals()
	g.compileInvariants(rest)
	g.indexDrops()
	g.countDrops = g.countableDrops()
	g.drawing = g.draws()
	g.singleClass = g.singleClasses()
	for _, b := range g.Blocks {
		b.single = g.singleMove(b)
	}
	g.chainK = g.chainSlots()
	g.freeDrops = g.noDropReserves()
	g.buildGates()
	for _, ct := range g.types {
		for _, d := range ct.drops {
			g.anyDrops = g.anyDrops || len(d) > 0
		}
	}
	if dk := g.buildDropKernel(); dk != nil {
		g.kernel = dk
	} else if jk := g.buildJumpKernel(); jk != nil {
		g.kernel = jk
	} else if fk := g.buildFlipKernel(); fk != nil {
		g.kernel = fk
	}
	// Reach sets cost positions² bits per program and player: on huge
	// boards attack tests run every program instead.
	if (g.legality || g.attacks) && int64(g.np)*int64(g.np)*int64(len(g.Blocks))*int64(g.nplayers) <= 1<<29 {
		g.computeReach()
	}
	return g, nil
}

func (g *Game) check() error {
	r := g.Rules
	switch {
	case g.nplayers == 0:
		return errors.New("no players")
	case g.nplayers > MaxPlayers:
		return fmt.Errorf("%d players: at most %d are supported", g.nplayers, MaxPlayers)
	case g.ntypes > MaxTypes:
		return fmt.Errorf("%d piece types: at most %d are supported", g.ntypes, MaxTypes)
	case len(r.Attrs) > MaxAttrs:
		return fmt.Errorf("%d piece attributes: at most %d are supported", len(r.Attrs), MaxAttrs)
	case g.np == 0:
		return errors.New("the board has no positions")
	}
	for _, t := range r.Turns {
		if t.Player < 0 || t.Player >= g.nplayers || t.Side < 0 || t.Side >= g.nplayers {
			return errors.New("turn order names an unknown player")
		}
	}
	return nil
}

func (g *Game) tables() {
	r := g.Rules
	b := &r.Board
	g.nbs = make([][]int32, g.nplayers)
	for p := range g.nbs {
		t := make([]int32, g.np*g.nd)
		for pos := 0; pos < g.np; pos++ {
			for d := 0; d < g.nd; d++ {
				sd := d
				if p < len(b.Symmetry) && d < len(b.Symmetry[p]) {
					sd = b.Symmetry[p][d]
				}
				t[pos*g.nd+d] = b.Links[pos*g.nd+sd]
			}
		}
		g.nbs[p] = t
	}
	// rev[q*nd+d] is the one position linked to q in direction d (-1: none
	// or several), for walking a pattern backwards.
	g.rev = make([]int32, g.np*g.nd)
	for i := range g.rev {
		g.rev[i] = -1
	}
	for pos := 0; pos < g.np; pos++ {
		for d := 0; d < g.nd; d++ {
			if q := b.Links[pos*g.nd+d]; q >= 0 {
				k := int(q)*g.nd + d
				if g.rev[k] == -1 {
					g.rev[k] = int32(pos)
				} else {
					g.rev[k] = -2
				}
			}
		}
	}
	g.opp = make([]int32, g.nd)
	for d := range g.opp {
		g.opp[d] = -1
		if d < len(b.Opposite) {
			g.opp[d] = int32(b.Opposite[d])
		}
	}
	words := (g.np + 63) / 64
	g.zones = make([][][]uint64, len(b.Zones))
	for z, zone := range b.Zones {
		g.zones[z] = make([][]uint64, g.nplayers)
		for p := range g.zones[z] {
			bits := make([]uint64, words)
			if p < len(zone.Positions) {
				for _, pos := range zone.Positions[p] {
					bits[pos/64] |= 1 << (pos % 64)
				}
			}
			g.zones[z][p] = bits
		}
	}
	g.turns = r.Turns
	g.repeat = r.Repeat
	if len(g.turns) == 0 {
		for p := range r.Players {
			g.turns = append(g.turns, rules.Turn{Player: p, Side: p})
		}
		g.repeat = 0
	}
	g.randomPlayer = make([]bool, g.nplayers)
	for i, p := range r.Players {
		g.randomPlayer[i] = p.Random
	}
	// Reserve cells follow the board: one per (player, type) that the
	// setup limits (or every pair when captures are recycled).
	g.resSlot = make([]int32, g.nplayers*g.ntypes)
	for i := range g.resSlot {
		g.resSlot[i] = -1
	}
	g.ncells = g.np
	for _, rs := range r.Reserves {
		k := rs.Player*g.ntypes + rs.Type
		if g.resSlot[k] < 0 {
			g.resSlot[k] = int32(g.ncells)
			g.ncells++
		}
	}
	// Captures recycled to their owner go back only to reserves the
	// setup limits (a type dropped without limit needs none).
	if r.Options.RecycleCaptures && !r.Options.RecycleToOwner {
		for k := range g.resSlot {
			if g.resSlot[k] < 0 {
				g.resSlot[k] = int32(g.ncells)
				g.ncells++
			}
		}
	}
	g.boolAttr = make([]bool, len(r.Attrs))
	for a := range r.Attrs {
		g.boolAttr[a] = true
		for _, pt := range r.Pieces {
			if a < len(pt.Defaults) && pt.Defaults[a].Kind != rules.BoolValue {
				g.boolAttr[a] = false
			}
		}
	}
	g.defaults = make([]Piece, g.ntypes)
	for t, pt := range r.Pieces {
		var bits Piece
		for a, v := range pt.Defaults {
			on := v.Bool || (v.Kind == rules.IntValue && v.Int != 0) || (v.Kind == rules.StrValue && v.Str != "")
			if on {
				bits |= 1 << (attrShift + uint(a))
			}
		}
		g.defaults[t] = bits
	}
	g.royal = make([]bool, g.ntypes)
	var visit func(c rules.GoalCond)
	visit = func(c rules.GoalCond) {
		if c.Kind == rules.GoalCheckmated {
			for _, t := range c.Types {
				g.royal[t] = true
			}
			g.legality = true
		}
		if c.Kind == rules.GoalRepetition {
			g.repetition = true
		}
		for _, a := range c.Args {
			visit(a)
		}
	}
	for _, goal := range r.Goals {
		visit(goal.Cond)
	}
	if r.Options.ChessInvariant {
		g.legality = true
		g.movedAttr = len(r.Attrs)
		if !anyTrue(g.royal) {
			for t, pt := range r.Pieces {
				if pt.Name == "King" {
					g.royal[t] = true
				}
			}
		}
	}
}

func anyTrue(s []bool) bool {
	for _, v := range s {
		if v {
			return true
		}
	}
	return false
}

// priorityClasses groups move types by move-priorities: each listed type
// is a class of its own, in order; the unlisted types form a last class,
// except those only ever reached by add-partial (Dagaz's reading: such a
// type continues a move and never starts one).
func (g *Game) priorityClasses() {
	r := g.Rules
	nt := len(r.MoveTypes)
	g.classOf = make([]int, nt)
	if len(r.Priorities) == 0 {
		g.classes = [][]bool{make([]bool, nt)}
		for t := range g.classOf {
			g.classes[0][t] = true
		}
		return
	}
	for t := range g.classOf {
		g.classOf[t] = -1
	}
	for _, t := range r.Priorities {
		if g.classOf[t] >= 0 {
			continue
		}
		set := make([]bool, nt)
		set[t] = true
		g.classOf[t] = len(g.classes)
		g.classes = append(g.classes, set)
	}
	continuation := make([]bool, nt)
	walkRules(r, func(s *rules.Stmt) {
		if s.Kind == rules.SAdd && s.Add.Kind.Partial() && s.Add.Next >= 0 {
			continuation[s.Add.Next] = true
		}
	}, nil)
	rest := make([]bool, nt)
	any := false
	for t := range g.classOf {
		if g.classOf[t] < 0 && !continuation[t] {
			rest[t] = true
			any = true
		}
	}
	if any {
		for t := range rest {
			if rest[t] {
				g.classOf[t] = len(g.classes)
			}
		}
		g.classes = append(g.classes, rest)
	}
}

func (g *Game) compilePiece(t int) error {
	pt := &g.Rules.Pieces[t]
	ct := ctype{moves: make([][]*CBlock, len(g.classes)), drops: make([][]*CBlock, len(g.classes))}
	add := func(b *rules.Block, drop bool) error {
		cb := &CBlock{Block: b, Piece: t, Drop: drop, MoveType: b.MoveType, ID: len(g.Blocks)}
		c := compiler{g: g, blk: cb}
		c.stmts(b.Body)
		c.emit(instr{op: opEnd})
		if c.err != nil {
			return fmt.Errorf("%s: piece %s, %s: %w", b.Src, pt.Name, b.Name, c.err)
		}
		raw := c.code
		c.fuse()
		cb.code = c.code
		cb.needsEmpty = len(c.code) > 1 && c.code[0].op == opEmpty && c.code[0].lk == rules.Here && c.code[1].op == opVerify
		cb.path, cb.promoZone, cb.promoList = simplePath(c.code, drop)
		cb.ray, cb.rayTakes = slideShape(c.code, drop)
		if cb.path == nil && cb.ray < 0 {
			g.walkSets(cb, raw, drop)
		}
		g.Blocks = append(g.Blocks, cb)
		if !drop {
			ct.attack = append(ct.attack, cb)
		}
		if cl := g.classOf[b.MoveType]; cl >= 0 {
			if drop {
				ct.drops[cl] = append(ct.drops[cl], cb)
			} else {
				ct.moves[cl] = append(ct.moves[cl], cb)
			}
		}
		return nil
	}
	for i := range pt.Moves {
		if err := add(&pt.Moves[i], false); err != nil {
			return err
		}
	}
	for i := range pt.Drops {
		if err := add(&pt.Drops[i], true); err != nil {
			return err
		}
	}
	g.types = append(g.types, ct)
	return nil
}
