package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// A move-program statement is read by its keyword: stmtKeywords has one
// entry per keyword, saying how it reads alone and as the head of a
// list. A word that is no keyword is a direction (a step) or a position
// (a jump); a list headed by one, or by a list, is a sequence of
// statements (the body of an inline block).

// reading is what reading one statement form gave.
type reading uint8

const (
	readBad  reading = iota // wrong, and reported: nothing is added
	readStmt                // the statement is read
	readSeq                 // the form is a sequence of statements
)

// stmtForm reads one form of a statement into s, whose Src is set.
type stmtForm func(b *builder, n *sexp.Node, s *rules.Stmt) reading

// stmtKeyword says how a keyword reads: alone (atom) and as the head of
// a list (list). A nil form is not a statement.
type stmtKeyword struct {
	atom, list stmtForm
}

// stmtKeywords is filled by init: its forms read nested statements, which
// look the table up again.
var stmtKeywords map[string]stmtKeyword

func init() {
	add := stmtKeyword{atom: addAtom, list: checked((*builder).addList)}
	stmtKeywords = map[string]stmtKeyword{
		"verify":                 {list: checked((*builder).verifyStmt)},
		"if":                     {list: checked((*builder).ifStmt)},
		"while":                  {list: checked((*builder).whileStmt)},
		"else":                   {atom: elseAlone},
		"add":                    add,
		"add-copy":               add,
		"add-partial":            add,
		"add-copy-partial":       add,
		"opposite":               {list: checked((*builder).opposite)},
		"mark":                   locKeyword(rules.SMark, locOne),
		"from":                   locKeyword(rules.SFrom, locOne),
		"to":                     locKeyword(rules.STo, locOne),
		"back":                   locKeyword(rules.SBack, locNone),
		"cascade":                locKeyword(rules.SCascade, locNone),
		"capture":                locKeyword(rules.SCapture, locOne|locSet),
		"flip":                   locKeyword(rules.SFlip, locOne|locSet),
		"change-owner":           locKeyword(rules.SChangeOwner, locOne|locSet),
		"take-top":               locKeyword(rules.STakeTop, locOne|locColumns),
		"capture-top":            locKeyword(rules.SCaptureTop, locOne|locColumns),
		"change-type":            {list: checked((*builder).changeType)},
		"create":                 {list: checked((*builder).create)},
		"goto-turn":              {list: checked((*builder).gotoTurn)},
		"repeat-turn":            {atom: repeatTurnAlone, list: checked((*builder).gotoTurn)},
		"rotate":                 {list: rotateList},
		"go":                     {list: goList},
		"set-attribute":          {list: checked((*builder).setAttribute)},
		"set-position-attribute": {list: checked((*builder).setValue)},
		"set-variable":           {list: checked((*builder).setValue)},
		"set-flag":               {list: checked((*builder).setFlag)},
		"set-position-flag":      {list: checked((*builder).setFlag)},
	}
}

// checked makes a stmtForm of a reader that reports whether the form was
// right.
func checked(read func(b *builder, n *sexp.Node, s *rules.Stmt) bool) stmtForm {
	return func(b *builder, n *sexp.Node, s *rules.Stmt) reading {
		if read(b, n, s) {
			return readStmt
		}
		return readBad
	}
}

// stmts translates a sequence of move-program statements.
func (b *builder) stmts(nodes []*sexp.Node) []rules.Stmt {
	var out []rules.Stmt
	for _, n := range nodes {
		b.stmt(n, &out)
	}
	return out
}

// stmt translates one statement, or a sequence of them, onto out.
func (b *builder) stmt(n *sexp.Node, out *[]rules.Stmt) {
	s := rules.Stmt{Src: src(n)}
	var r reading
	switch n.Kind {
	case sexp.String:
		b.errs.Addf(n, "unexpected string in a move program")
	case sexp.Atom:
		r = b.atomStmt(n, &s)
	default:
		r = b.listStmt(n, &s)
	}
	switch r {
	case readStmt:
		b.emitStmt(s, out)
	case readSeq:
		*out = append(*out, b.stmts(n.List)...)
	}
}

// atomStmt reads a word: a keyword, a direction or a position.
func (b *builder) atomStmt(n *sexp.Node, s *rules.Stmt) reading {
	if kw := stmtKeywords[n.Text]; kw.atom != nil {
		return kw.atom(b, n, s)
	}
	if d, ok := b.dirs[n.Text]; ok {
		s.Kind, s.A = rules.SNav, d
		return readStmt
	}
	if p, ok := b.positions[n.Text]; ok {
		s.Kind, s.A = rules.SJump, p
		return readStmt
	}
	b.errs.Addf(n, "unknown move statement %s (not a keyword, direction or position)", n.Text)
	return readBad
}

// listStmt reads a list: a keyword's form or a sequence.
func (b *builder) listStmt(n *sexp.Node, s *rules.Stmt) reading {
	h := n.Head()
	if kw := stmtKeywords[h]; kw.list != nil {
		return kw.list(b, n, s)
	}
	if _, isDir := b.dirs[h]; isDir || h == "" || isPosition(b, h) {
		return readSeq
	}
	b.errs.Addf(n, "unknown move statement (%s ...)", h)
	return readBad
}

// emitStmt adds a statement read. Under Dagaz's columns hook a capture
// takes the top of the column, and a column is not jumped twice in one
// move.
func (b *builder) emitStmt(s rules.Stmt, out *[]rules.Stmt) {
	if s.Kind == rules.SCapture && s.Set == nil && b.columnsHook {
		taken := &rules.Cond{Kind: rules.CTaken, Loc: s.Loc, Src: s.Src}
		*out = append(*out, rules.Stmt{Kind: rules.SVerify, Cond: not(taken), Src: s.Src})
		s.Kind = rules.STakeTop
	}
	*out = append(*out, s)
}

func elseAlone(b *builder, n *sexp.Node, _ *rules.Stmt) reading {
	b.errs.Addf(n, "else outside an if")
	return readBad
}

func repeatTurnAlone(_ *builder, _ *sexp.Node, s *rules.Stmt) reading {
	s.Kind, s.A = rules.SGotoTurn, -1
	return readStmt
}

// verifyStmt reads (verify condition).
func (b *builder) verifyStmt(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) != 1 {
		b.errs.Addf(n, "verify wants one condition")
		return false
	}
	s.Kind, s.Cond = rules.SVerify, b.cond(args[0])
	return true
}

// ifStmt reads (if condition statements... [else statements...]).
func (b *builder) ifStmt(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) < 1 {
		b.errs.Addf(n, "if wants a condition")
		return false
	}
	s.Kind, s.Cond = rules.SIf, b.cond(args[0])
	body := args[1:]
	for i, a := range body {
		if a.IsAtom("else") {
			s.Then, s.Else = b.stmts(body[:i]), b.stmts(body[i+1:])
			return true
		}
	}
	s.Then = b.stmts(body)
	return true
}

// whileStmt reads (while condition statements...).
func (b *builder) whileStmt(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) < 1 {
		b.errs.Addf(n, "while wants a condition")
		return false
	}
	s.Kind, s.Cond, s.Then = rules.SWhile, b.cond(args[0]), b.stmts(args[1:])
	return true
}

// addAtom reads add, add-copy, add-partial and add-copy-partial alone.
func addAtom(_ *builder, n *sexp.Node, s *rules.Stmt) reading {
	s.Kind = rules.SAdd
	s.Add = rules.AddSpec{Kind: addKind(n.Text), Next: -1}
	return readStmt
}

// addList reads an emitting statement with arguments (see addSpec).
func (b *builder) addList(n *sexp.Node, s *rules.Stmt) bool {
	return b.addSpec(n.Head(), n.Args(), s)
}

// opposite reads (opposite direction).
func (b *builder) opposite(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) != 1 {
		b.errs.Addf(n, "opposite wants a direction")
		return false
	}
	d, ok := b.dir(args[0])
	if !ok {
		return false
	}
	s.Kind, s.A = rules.SOpposite, d
	return true
}

// goPlaces are the places of (go place); (go mark) is back.
var goPlaces = map[string]rules.GoPlace{"from": rules.GoFrom, "to": rules.GoTo,
	"last-from": rules.GoLastFrom, "last-to": rules.GoLastTo}

// goList reads (go place), unless the board names a direction or a
// position go: then the list is a sequence.
func goList(b *builder, n *sexp.Node, s *rules.Stmt) reading {
	if _, isDir := b.dirs["go"]; isDir || isPosition(b, "go") {
		return readSeq
	}
	if !b.goStmt(n, s) {
		return readBad
	}
	return readStmt
}

// goStmt reads (go place): from, to, mark, last-from or last-to.
func (b *builder) goStmt(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) != 1 || args[0].Kind != sexp.Atom {
		b.errs.Addf(n, "go wants a place: from, to, mark, last-from or last-to")
		return false
	}
	if args[0].Text == "mark" {
		s.Kind = rules.SBack
		return true
	}
	place, ok := goPlaces[args[0].Text]
	if !ok {
		b.errs.Addf(args[0], "go wants a place: from, to, mark, last-from or last-to, got %s", args[0].Text)
		return false
	}
	s.Kind, s.A = rules.SGo, int(place)
	return true
}

// changeType reads (change-type piece [position-or-direction]).
func (b *builder) changeType(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) < 1 || len(args) > 2 {
		b.errs.Addf(n, "change-type wants a piece and maybe a position")
		return false
	}
	t, ok := b.pieceType(args[0])
	if !ok {
		return false
	}
	s.Kind, s.A = rules.SChangeType, t
	if len(args) == 2 {
		s.Loc, ok = b.loc(args[1])
	}
	return ok
}

// setFlag reads (set-flag flag value) and (set-position-flag flag value
// [position-or-direction]).
func (b *builder) setFlag(n *sexp.Node, s *rules.Stmt) bool {
	h, args := n.Head(), n.Args()
	if len(args) < 2 || len(args) > 3 || (h == "set-flag" && len(args) != 2) {
		b.errs.Addf(n, "%s wants a flag and a value", h)
		return false
	}
	name, ok := atomText(args[0])
	if !ok {
		b.errs.Addf(args[0], "%s wants a flag name", h)
		return false
	}
	s.Cond = b.cond(args[1])
	if h == "set-flag" {
		s.Kind, s.A = rules.SSetFlag, b.flag(name)
		return true
	}
	s.Kind, s.A = rules.SSetPosFlag, b.posFlag(name)
	if len(args) == 3 {
		s.Loc, ok = b.loc(args[2])
	}
	return ok
}

// rotateList reads (rotate ...), unless the board names a direction or a
// position rotate: then the list is a sequence.
func rotateList(b *builder, n *sexp.Node, s *rules.Stmt) reading {
	if _, isDir := b.dirs["rotate"]; isDir || isPosition(b, "rotate") {
		return readSeq
	}
	if !b.rotate(n, s) {
		return readBad
	}
	return readStmt
}

// locOpts say what a statement on a position takes; with none of
// locOne and locSet it takes no argument, and a list it heads is a
// sequence.
type locOpts uint8

const (
	locOne     locOpts = 1 << iota // one position or direction
	locSet                         // or a set, every position of which it acts on
	locColumns                     // the game needs (stacks N)

	locNone locOpts = 0
)

// locKeyword is the keyword of a statement of kind k that acts on the
// current position, or on the one its argument names.
func locKeyword(k rules.StmtKind, opts locOpts) stmtKeyword {
	l := locStmt{k, opts}
	return stmtKeyword{atom: l.atom, list: l.list}
}

// locStmt reads a statement on a position.
type locStmt struct {
	kind rules.StmtKind
	opts locOpts
}

func (l locStmt) atom(b *builder, n *sexp.Node, s *rules.Stmt) reading {
	if l.opts&locColumns != 0 && !b.stacked(n) {
		return readBad
	}
	s.Kind = l.kind
	return readStmt
}

func (l locStmt) list(b *builder, n *sexp.Node, s *rules.Stmt) reading {
	if l.opts&locColumns != 0 && !b.stacked(n) {
		return readBad
	}
	args := n.Args()
	if len(args) == 1 && isSet(args[0]) && l.opts&locSet != 0 {
		set, ok := b.set(args[0])
		if !ok {
			return readBad
		}
		s.Kind, s.Set = l.kind, set
		return readStmt
	}
	if len(args) > 1 || (len(args) == 1 && (l.opts&locOne == 0 || args[0].Kind == sexp.List)) {
		// A sequence that happens to start with a keyword.
		return readSeq
	}
	s.Kind = l.kind
	if len(args) == 1 {
		var ok bool
		if s.Loc, ok = b.loc(args[0]); !ok {
			return readBad
		}
	}
	return readStmt
}
