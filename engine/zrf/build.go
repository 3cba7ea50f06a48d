package zrf

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// Game is one built game: the rules the engine compiles and the view a
// renderer draws.
type Game struct {
	Rules *rules.Rules
	View  *rules.View
	Entry *Entry
	File  *File
}

// Load reads the file at path and builds the game selected by sel (see
// File.Select).
func Load(path, sel string) (*Game, error) {
	f, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	e, err := f.Select(sel)
	if err != nil {
		return nil, err
	}
	return f.Build(e)
}

// Build translates one game of the file into rules and a view.
func (f *File) Build(e *Entry) (*Game, error) { return f.BuildWithin(e, Limits{}) }

// Limits bound what building a game may make, for a caller that builds
// rules files from people it does not trust: the reader's own bounds (a
// grid of at most 65536 positions, macro expansion) bound one construct,
// these the whole game.
type Limits struct {
	// Positions bounds the positions of the board (0: no bound).
	Positions int
}

// ErrTooLarge is wrapped by the error of a build that went over its
// Limits.
var ErrTooLarge = errors.New("over the size allowed")

// BuildWithin is Build under limits: a game that would go over them is
// refused, before the work of making it, with an error that wraps
// ErrTooLarge and says where the file went over.
func (f *File) BuildWithin(e *Entry, lim Limits) (*Game, error) {
	b := newBuilder(f.Path)
	b.limits = lim
	sections, shimmed, answered, err := applyShims(e)
	if err != nil {
		return nil, err
	}
	b.answered = answered
	b.columnsHook = answered["columns-checkers-extension"]
	b.build(e, sections)
	if b.tooLarge != nil {
		return nil, b.tooLarge
	}
	b.r.Shims = shimmed
	if len(b.r.Goals) == 0 {
		// Legal but suspicious: rules files for Dagaz keep the goals (and
		// the flips and captures) of reversi, Go and Hex in JavaScript.
		b.notes.Addf(e.Node, "the file states no goal: the game ends only when a player has no move; "+
			"rules kept outside the file (as Dagaz keeps reversi's, Go's and Hex's in JavaScript) are missing")
	}
	b.checkContinuations()
	b.warns = append(b.warns, f.warns...)
	b.errs.Sort()
	if err := b.errs.Err(); err != nil {
		return nil, err
	}
	b.warns.Sort()
	for _, w := range b.warns {
		b.r.Warnings = append(b.r.Warnings, w.Error())
	}
	b.notes.Sort()
	for _, n := range b.notes {
		b.r.Notes = append(b.r.Notes, n.Error())
	}
	return &Game{Rules: b.r, View: b.v, Entry: e, File: f}, nil
}

type builder struct {
	errs sexp.ErrorList
	// limits bound the game; tooLarge is the error of the first thing
	// that went over them.
	limits   Limits
	tooLarge error
	// warns are read and acted on, but the author should check them.
	warns sexp.ErrorList
	// notes are what the file asks for that the engine does not do: the
	// game loads and plays incompletely (rules.Rules.Notes).
	notes sexp.ErrorList
	r     *rules.Rules
	v     *rules.View
	path  string

	players   map[string]int
	dirs      map[string]int
	positions map[string]int
	zones     map[string]int
	types     map[string]int
	attrs     map[string]int
	flags     map[string]int
	posFlags  map[string]int
	moveTypes map[string]int
	// labels names the turn labels (read before the pieces' programs
	// that jump to them).
	labels map[string]int
	// The native dialect's names: variables, position attributes, the
	// kind of each piece attribute; inGoal allows (count moves).
	vars       map[string]int
	posAttrs   map[string]int
	attrKind   map[string]rules.ValueKind
	inGoal     bool
	coalitions int
	// accums names the accumulators read so far; inInvariant allows the
	// expressions that describe a move.
	accums      map[string]int
	inInvariant bool
	// columnsHook: the shim of Dagaz's "columns-checkers-extension"
	// applies, and captures take the top of a column.
	columnsHook bool
	// answered are the Dagaz hook options a shim supplied the rules of.
	answered map[string]bool
	bd       *boardDraft
	// continuations are the move types partial moves go on with.
	continuations []continuation
}

// continuation is a move type named by an add-partial.
type continuation struct {
	at       *sexp.Node
	moveType int
}

func newBuilder(path string) *builder {
	return &builder{
		path: path,
		r:    &rules.Rules{MoveTypes: []string{""}, Options: rules.Options{Other: map[string]string{}}},
		v: &rules.View{PieceImages: map[string][]string{}, Sounds: map[string]string{},
			PieceHelp: map[string]string{}},
		players: map[string]int{}, dirs: map[string]int{}, positions: map[string]int{},
		zones: map[string]int{}, types: map[string]int{}, attrs: map[string]int{},
		flags: map[string]int{}, posFlags: map[string]int{}, moveTypes: map[string]int{"": 0},
		labels: map[string]int{}, vars: map[string]int{}, posAttrs: map[string]int{}, attrKind: map[string]rules.ValueKind{},
		accums: map[string]int{},
	}
}

// sectionOrder is the order in which sections are translated, so that
// every name is known before it is used.
var sectionOrder = []string{"players", "coalition", "variable", "stacks", "board", "piece", "turn-order", "move-priorities",
	"board-setup", "option", "goals", "score", "komi", "evaluation", "evaluation-scale", "invariants"}

func (b *builder) build(e *Entry, sections []*sexp.Node) {
	b.r.Title = e.Title
	bykind := map[string][]*sexp.Node{}
	for _, s := range sections {
		k := s.Head()
		switch k {
		case "win-condition", "loss-condition", "draw-condition", "count-condition":
			k = "goals"
		case "invariant", "accumulator":
			k = "invariants"
		}
		if b.viewSection(s) || b.engineSection(s) {
			continue
		}
		if oldOption(s) {
			k = "option"
		}
		bykind[k] = append(bykind[k], s)
	}
	for k, ss := range bykind {
		if !contains(sectionOrder, k) {
			for _, s := range ss {
				b.errs.Addf(s, "unknown game section (%s ...)", s.Head())
			}
		}
	}
	if len(bykind["players"]) == 0 {
		b.errs.Addf(e.Node, "game %q has no (players ...)", e.Title)
		return
	}
	for _, s := range bykind["players"] {
		b.playersSection(s)
	}
	for _, s := range bykind["coalition"] {
		b.coalition(s)
	}
	for _, s := range bykind["variable"] {
		b.variable(s)
	}
	for _, s := range bykind["stacks"] {
		b.stacks(s)
	}
	for _, s := range bykind["board"] {
		b.boardSection(s)
	}
	b.finishBoard(e.Node, bykind["board"])
	for _, s := range bykind["turn-order"] {
		b.scanLabels(s)
	}
	kept := b.declarePieces(bykind["piece"])
	for _, s := range kept {
		b.pieceSection(s)
	}
	for _, s := range bykind["turn-order"] {
		b.turnOrder(s)
	}
	for _, s := range bykind["move-priorities"] {
		b.priorities(s)
	}
	for _, s := range bykind["board-setup"] {
		b.setup(s)
	}
	if b.columnsHook {
		// Every piece of the setup may end in one column.
		b.r.StackHeight = max(b.r.StackHeight, len(b.r.Setup))
	}
	for _, s := range bykind["option"] {
		if s.Head() != "option" {
			b.setOption(s, s.Head(), s.Args()[0])
			continue
		}
		b.option(s)
	}
	for _, s := range bykind["goals"] {
		b.goal(s)
	}
	for _, s := range bykind["score"] {
		b.score(s)
	}
	for _, s := range bykind["komi"] {
		b.komi(s)
	}
	for _, s := range bykind["evaluation"] {
		b.evaluation(s)
	}
	for _, s := range bykind["evaluation-scale"] {
		b.evaluationScale(s)
	}
	for _, s := range bykind["invariants"] {
		b.invariant(s)
	}
	b.unusedNotes(kept, bykind["board"])
}

// viewSection files away the sections that only a renderer uses and
// reports whether s was one.
func (b *builder) viewSection(s *sexp.Node) bool {
	h := s.Head()
	text := func() string {
		var parts []string
		for _, a := range s.Args() {
			if v, ok := a.Value(); ok {
				parts = append(parts, v)
			}
		}
		return strings.Join(parts, " ")
	}
	switch {
	case h == "title" || h == "default":
	case h == "description":
		b.v.Description = text()
	case h == "history":
		b.v.History = text()
	case h == "strategy":
		b.v.Strategy = text()
	case strings.HasSuffix(h, "-sound") || h == "music":
		b.v.Sounds[h] = text()
	case h == "solution" || h == "opening-sound" || h == "help":
	default:
		return false
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func src(n *sexp.Node) rules.Src {
	p := n.Pos
	if n.Via != nil {
		p = n.Origin()
	}
	return rules.Src{File: p.File, Line: p.Line, Col: p.Col}
}

func atomText(n *sexp.Node) (string, bool) {
	if n == nil || n.Kind == sexp.List {
		return "", false
	}
	return n.Text, true
}

func (b *builder) playersSection(s *sexp.Node) {
	if len(b.r.Players) > 0 {
		b.errs.Addf(s, "players given twice")
		return
	}
	for _, a := range s.Args() {
		name, ok := atomText(a)
		if !ok {
			b.errs.Addf(a, "player names are atoms")
			continue
		}
		if _, dup := b.players[name]; dup {
			b.errs.Addf(a, "player %s named twice", name)
			continue
		}
		b.players[name] = len(b.r.Players)
		b.r.Players = append(b.r.Players, rules.Player{Name: name, Random: strings.HasPrefix(name, "?")})
	}
	if len(b.r.Players) == 0 {
		b.errs.Addf(s, "no players")
	}
}

// lookup resolves a name in one of the builder's tables, reporting an
// error naming what was wanted.
func (b *builder) lookup(n *sexp.Node, table map[string]int, what string) (int, bool) {
	name, ok := atomText(n)
	if !ok {
		b.errs.Addf(n, "want a %s, got %s", what, describe(n))
		return 0, false
	}
	i, ok := table[name]
	if !ok {
		b.errs.Addf(n, "unknown %s %s", what, name)
	}
	return i, ok
}

func (b *builder) player(n *sexp.Node) (int, bool) { return b.lookup(n, b.players, "player") }

// intern returns the index of name in list, adding it if new.
func intern(name string, index map[string]int, list *[]string) int {
	if i, ok := index[name]; ok {
		return i
	}
	index[name] = len(*list)
	*list = append(*list, name)
	return len(*list) - 1
}

func (b *builder) moveType(name string) int { return intern(name, b.moveTypes, &b.r.MoveTypes) }

// turnOrder reads entries P, (P type), (P Q) and (P Q type), with repeat
// marking where the cycle starts, and the native dialect's labels and
// phases (turns.go).
func (b *builder) turnOrder(s *sexp.Node) {
	b.r.Turns = nil
	b.r.Repeat = 0
	b.r.TurnLabels = nil
	b.turnEntries(s, true)
}

// turnEntry reads one entry of a turn order.
func (b *builder) turnEntry(a *sexp.Node) {
	var items []*sexp.Node
	if a.Kind == sexp.List {
		items = a.List
	} else {
		items = []*sexp.Node{a}
	}
	if len(items) == 0 {
		b.errs.Addf(a, "empty turn")
		return
	}
	p, ok := b.player(items[0])
	if !ok {
		return
	}
	t := rules.Turn{Player: p, Side: p}
	for _, it := range items[1:] {
		name, ok := atomText(it)
		if !ok {
			b.errs.Addf(it, "want a player or a move type in a turn")
			continue
		}
		if q, isPlayer := b.players[name]; isPlayer {
			t.Side = q
			continue
		}
		t.MoveTypes = append(t.MoveTypes, b.moveType(name))
	}
	b.r.Turns = append(b.r.Turns, t)
}

func (b *builder) priorities(s *sexp.Node) {
	b.r.Priorities = nil
	for _, a := range s.Args() {
		name, ok := atomText(a)
		if !ok {
			b.errs.Addf(a, "move-priorities lists move types")
			continue
		}
		b.r.Priorities = append(b.r.Priorities, b.moveType(name))
	}
}

// setup reads (board-setup (Player (Piece pos... [off N]) ...) ...). A
// later placement on a position replaces the earlier one (as Dagaz reads
// it), and a position the board does not have (killed, or off a smaller
// board) is skipped: both with a warning. So is a player the game does
// not have.
func (b *builder) setup(s *sexp.Node) {
	b.r.Setup, b.r.Reserves = nil, nil
	placed := map[int]*sexp.Node{}
	for _, ps := range s.Args() {
		if ps.Kind != sexp.List || len(ps.List) == 0 {
			b.errs.Addf(ps, "board-setup wants (Player (Piece positions...) ...)")
			continue
		}
		if _, isPlayer := b.players[ps.Head()]; !isPlayer && ps.Head() == "position-attribute" {
			b.setupPosAttr(ps)
			continue
		}
		p, ok := b.knownPlayer(ps.List[0], "its pieces are not placed")
		if !ok {
			continue
		}
		for _, pc := range ps.List[1:] {
			b.setupPieces(p, pc, placed)
		}
	}
}

func (b *builder) setupPieces(p int, pc *sexp.Node, placed map[int]*sexp.Node) {
	if pc.Kind != sexp.List || len(pc.List) == 0 {
		b.errs.Addf(pc, "want (Piece positions... [off N])")
		return
	}
	t, ok := b.pieceType(pc.List[0])
	if !ok {
		return
	}
	items := pc.List[1:]
	for i := 0; i < len(items); i++ {
		it := items[i]
		if it.IsAtom("off") {
			if i+1 >= len(items) {
				b.errs.Addf(it, "off wants a count")
				return
			}
			n, err := strconv.Atoi(items[i+1].Text)
			if err != nil || n < 0 {
				b.errs.Addf(items[i+1], "off wants a count, got %s", describe(items[i+1]))
				return
			}
			b.r.Reserves = append(b.r.Reserves, rules.Reserve{Player: p, Type: t, Count: n})
			i++
			continue
		}
		pos, ok := b.boardPosition(it, "the piece is not placed")
		if !ok {
			continue
		}
		if earlier, dup := placed[pos]; dup {
			b.warns.Addf(it, "%s is given a piece again: this placement replaces the one at %s", it.Text, src(earlier))
			b.r.Setup = slices.DeleteFunc(b.r.Setup, func(pl rules.Placement) bool { return pl.Pos == pos })
		}
		placed[pos] = it
		b.r.Setup = append(b.r.Setup, rules.Placement{Player: p, Type: t, Pos: pos})
	}
}

func (b *builder) pieceType(n *sexp.Node) (int, bool) { return b.lookup(n, b.types, "piece") }

func (b *builder) position(n *sexp.Node) (int, bool) { return b.lookup(n, b.positions, "position") }

// Options: the ones acted on, the ones only an interface uses, and the
// Dagaz ones whose rules live in JavaScript hooks (noted, not done).
var (
	interfaceOptions = []string{"animate-captures", "animate-drops", "smart-moves", "smart-to",
		"highlight-goals", "show-moves-list", "show-hints", "show-blink", "prevent-flipping",
		"progressive-levels", "show-captures", "show-drops", "drag-n-drop", "advisor-wait",
		"promote-dialog", "animate-redo", "show-lose", "silent-?-moves", "selection-screen",
		"z2j", "zrf", "detect-loops", "moves-limit", "stalemate-draw", "complete-partial", "allow-flipping"}
	hookOptions = []string{"reversi-extension", "othello-extension", "columns-checkers-extension", "fanorona-invariant",
		"fanorona-extension", "sliding-puzzle", "go-extension", "shared-pieces", "discard-cascades"}
)

func optionName(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), " ", "-")
}

func (b *builder) option(s *sexp.Node) {
	a := s.Args()
	if len(a) != 2 {
		b.errs.Addf(s, "option wants a name and a value")
		return
	}
	rawName, ok1 := a[0].Value()
	if !ok1 {
		b.errs.Addf(s, "option wants a name and a value")
		return
	}
	b.setOption(a[0], rawName, a[1])
}

// setOption reads the option rawName, named at nameNode, with the value
// at valNode: (option "name" value), or the ZRF 1.x section (name value).
func (b *builder) setOption(nameNode *sexp.Node, rawName string, valNode *sexp.Node) {
	a := []*sexp.Node{nameNode, valNode}
	val, ok := valNode.Value()
	if !ok {
		b.errs.Addf(valNode, "option %q wants a value, got %s", rawName, describe(valNode))
		return
	}
	name := optionName(rawName)
	val = strings.ToLower(val)
	o := &b.r.Options
	o.Other[rawName] = val
	boolean := func() bool {
		switch val {
		case "true":
			return true
		case "false":
			return false
		}
		b.errs.Addf(a[1], "option %q wants true or false, got %s", rawName, val)
		return false
	}
	switch name {
	case "maximal-captures":
		switch val {
		case "true":
			o.MaximalCaptures = 1
		case "false":
			o.MaximalCaptures = 0
		case "2":
			o.MaximalCaptures = 2
		default:
			b.errs.Addf(a[1], "option %q wants true, false or 2, got %s", rawName, val)
		}
	case "pass-turn":
		switch val {
		case "true", "2":
			o.PassTurn = 1
		case "false":
			o.PassTurn = 0
		case "forced":
			o.PassTurn = 2
		default:
			b.errs.Addf(a[1], "option %q wants true, false or forced, got %s", rawName, val)
		}
	case "pass-partial":
		o.PassPartial = boolean()
	case "recycle-captures":
		if val == "owner" {
			o.RecycleCaptures, o.RecycleToOwner = true, true
			break
		}
		o.RecycleCaptures, o.RecycleToOwner = boolean(), false
	case "chess-invariant":
		o.ChessInvariant = boolean()
	case "deferred-captures":
		o.DeferredCaptures = boolean()
	case "international-extension":
		o.InternationalExtension = boolean()
	case "unique-moves":
		o.UniqueMoves = boolean()
	case "move-any-piece":
		o.AnyOwner = boolean()
	case "land-to-continue":
		o.LandToContinue = boolean()
	case "ko":
		b.koOption(a[1], val)
	case "royal-pieces":
		switch val {
		case "any":
			o.RoyalLast = false
		case "last":
			o.RoyalLast = true
		default:
			b.errs.Addf(a[1], "option %q wants any or last, got %s", rawName, val)
		}
	default:
		switch {
		case contains(interfaceOptions, name):
		case contains(hookOptions, name) && b.answered[name]:
		case contains(hookOptions, name):
			b.notes.Addf(a[0], "option %q is a Dagaz JavaScript hook; its rules are not applied", rawName)
		case strings.HasSuffix(name, "-extension") || strings.HasSuffix(name, "-invariant"):
			// Dagaz names its JavaScript hooks so.
			b.notes.Addf(a[0], "option %q names a Dagaz JavaScript hook; its rules are not applied", rawName)
		default:
			// Zillions ignores an option it does not know: that is what
			// options are for. The rules it stands for may be missing.
			b.notes.Addf(a[0], "unknown option %q is ignored; if it changes the rules, they are not applied", rawName)
		}
	}
}
