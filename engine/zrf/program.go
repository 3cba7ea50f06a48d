package zrf

import (
	"slices"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

func isPosition(b *builder, name string) bool {
	_, ok := b.positions[name]
	return ok
}

// addSpec reads the arguments of an emitting statement: the piece types the
// moving piece may become (one move for each, in the order written) and,
// for add-partial and add-copy-partial, the move type the same piece goes
// on with. They may come in any order: a name that is a piece type is a
// piece type, any other name is the move type (Dagaz writes
// (add-partial King jump-type), the type first).
func (b *builder) addSpec(h string, args []*sexp.Node, s *rules.Stmt) bool {
	s.Kind = rules.SAdd
	s.Add = rules.AddSpec{Kind: addKind(h), Next: -1}
	partial := s.Add.Kind.Partial()
	ok := true
	var next *sexp.Node
	for _, a := range args {
		if a.Kind != sexp.Atom {
			b.errs.Addf(a, "%s wants %s, got %s", h, addArgs(partial), describe(a))
			ok = false
			continue
		}
		if t, isType := b.types[a.Text]; isType {
			if slices.Contains(s.Add.Types, t) {
				b.warns.Addf(a, "%s names piece %s twice: it makes one move for it", h, a.Text)
				continue
			}
			s.Add.Types = append(s.Add.Types, t)
			continue
		}
		switch {
		case !partial:
			b.errs.Addf(a, "unknown piece %s (%s takes the piece types the moving piece may become; "+
				"a move type to go on with needs add-partial)", a.Text, h)
			ok = false
		case next != nil:
			b.errs.Addf(a, "%s names two move types to go on with, %s and %s (neither is a piece type): it takes one",
				h, next.Text, a.Text)
			ok = false
		default:
			next = a
			s.Add.Next = b.moveType(a.Text)
			b.continuations = append(b.continuations, continuation{at: a, moveType: s.Add.Next})
		}
	}
	return ok
}

// checkContinuations warns about a move type that add-partial goes on
// with but that no piece has move programs of (usually a misspelt piece
// type): such a partial move always ends the move. Each such type is named
// once, where it is first used.
func (b *builder) checkContinuations() {
	has := make([]bool, len(b.r.MoveTypes))
	for _, pt := range b.r.Pieces {
		for _, blk := range pt.Moves {
			has[blk.MoveType] = true
		}
	}
	for _, c := range b.continuations {
		if has[c.moveType] {
			continue
		}
		has[c.moveType] = true
		b.warns.Addf(c.at, "no piece has move programs of type %s, which this partial move goes on with: "+
			"the move ends here (is %s a piece type left undefined?)", c.at.Text, c.at.Text)
	}
}

func addArgs(partial bool) string {
	if partial {
		return "piece types and a move type"
	}
	return "piece types"
}

func addKind(s string) rules.AddKind {
	switch s {
	case "add-copy":
		return rules.AddCopy
	case "add-partial":
		return rules.AddPartial
	case "add-copy-partial":
		return rules.AddCopyPartial
	}
	return rules.AddMove
}

// create reads (create [Player] Piece [position-or-direction]).
func (b *builder) create(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	s.Kind, s.B = rules.SCreate, -1
	if len(args) > 0 {
		if name, ok := atomText(args[0]); ok {
			if p, isPlayer := b.players[name]; isPlayer {
				s.B = p
				args = args[1:]
			}
		}
	}
	if len(args) < 1 || len(args) > 2 {
		b.errs.Addf(n, "create wants [player] piece [position]")
		return false
	}
	t, ok := b.pieceType(args[0])
	if !ok {
		return false
	}
	s.A = t
	if len(args) == 2 {
		if s.Loc, ok = b.loc(args[1]); !ok {
			return false
		}
	}
	return true
}

func (b *builder) flag(name string) int { return intern(name, b.flags, &b.r.Flags) }

func (b *builder) posFlag(name string) int { return intern(name, b.posFlags, &b.r.PosFlags) }

// loc reads a direction (one step from the current position) or a
// position name.
func (b *builder) loc(n *sexp.Node) (rules.Loc, bool) {
	name, ok := atomText(n)
	if !ok {
		b.errs.Addf(n, "want a direction or a position, got %s", describe(n))
		return rules.Loc{}, false
	}
	if d, ok := b.dirs[name]; ok {
		return rules.Loc{Kind: rules.InDir, N: d}, true
	}
	if p, ok := b.positions[name]; ok {
		return rules.Loc{Kind: rules.AtPos, N: p}, true
	}
	b.errs.Addf(n, "unknown direction or position %s", name)
	return rules.Loc{}, false
}

var simplePreds = map[string]rules.CondKind{
	"empty?": rules.CEmpty, "friend?": rules.CFriend, "enemy?": rules.CEnemy, "my?": rules.CMy,
	"neutral?": rules.CNeutral, "last-from?": rules.CLastFrom, "last-to?": rules.CLastTo,
	"attacked?": rules.CAttacked, "defended?": rules.CDefended, "on-board?": rules.COnBoard,
	"visited?": rules.CVisited,
	"taken?":   rules.CTaken,
}

// predAliases are the seed's spellings of predicates: (is-piece? King)
// and is-attacked?.
var predAliases = map[string]string{"is-piece?": "piece?", "is-attacked?": "attacked?", "is-defended?": "defended?",
	"is-empty?": "empty?", "is-friend?": "friend?", "is-enemy?": "enemy?", "is-my?": "my?"}

// cond translates a condition; a bad one is reported and reads as false.
func (b *builder) cond(n *sexp.Node) *rules.Cond {
	c, ok := b.condOK(n)
	if !ok {
		return &rules.Cond{Kind: rules.CFalse}
	}
	return c
}

func not(c *rules.Cond) *rules.Cond {
	return &rules.Cond{Kind: rules.CNot, Args: []*rules.Cond{c}}
}

func (b *builder) condOK(n *sexp.Node) (*rules.Cond, bool) {
	if n.Kind == sexp.String {
		b.errs.Addf(n, "a condition cannot be a string")
		return nil, false
	}
	name := n.Text
	var args []*sexp.Node
	if n.Kind == sexp.List {
		name, args = n.Head(), n.Args()
		if name == "" {
			b.errs.Addf(n, "want a condition, got %s", describe(n))
			return nil, false
		}
	}
	switch name {
	case "true":
		return &rules.Cond{Kind: rules.CTrue}, true
	case "false":
		return &rules.Cond{Kind: rules.CFalse}, true
	case "not":
		if len(args) != 1 {
			b.errs.Addf(n, "not wants one condition")
			return nil, false
		}
		c, ok := b.condOK(args[0])
		return not(c), ok
	case "=", "!=", "/=", "<", "<=", ">", ">=":
		if n.Kind != sexp.List {
			b.errs.Addf(n, "%s compares two numbers: (%s a b)", name, name)
			return nil, false
		}
		return b.compare(n, compareOps[name])
	case "and", "or":
		c := &rules.Cond{Kind: rules.CAnd}
		if name == "or" {
			c.Kind = rules.COr
		}
		if len(args) == 0 {
			b.errs.Addf(n, "%s wants conditions", name)
			return nil, false
		}
		ok := true
		for _, a := range args {
			x, ok1 := b.condOK(a)
			ok = ok && ok1
			c.Args = append(c.Args, x)
		}
		return c, ok
	}
	neg, base := false, name
	if strings.HasPrefix(name, "not-") && !b.isAttr(name) {
		neg, base = true, strings.TrimPrefix(name, "not-")
	}
	if !b.isAttr(base) && b.isAttr("not-"+base) && !b.isPredicate(base) {
		// moved? where the attribute is not-moved?: its negation, as
		// Zillions reads it.
		neg, base = !neg, "not-"+base
	}
	if alias, ok := predAliases[base]; ok {
		base = alias
	}
	c, ok := b.predicate(n, base, args)
	if !ok {
		return nil, false
	}
	if neg {
		return not(c), true
	}
	return c, true
}

// isAttr reports whether name is a piece attribute.
func (b *builder) isAttr(name string) bool {
	_, ok := b.attrs[name]
	return ok
}

// isPredicate reports whether name is a predicate of the language or a
// position attribute.
func (b *builder) isPredicate(name string) bool {
	_, simple := simplePreds[name]
	_, alias := predAliases[name]
	_, posAttr := b.posAttrs[name]
	switch name {
	case "piece?", "in-zone?", "flag?", "position-flag?", "position?":
		return true
	}
	return simple || alias || posAttr
}

// predicate translates one predicate with its arguments; the last argument
// may say where to look (a direction or a position).
func (b *builder) predicate(n *sexp.Node, name string, args []*sexp.Node) (*rules.Cond, bool) {
	c := &rules.Cond{Src: src(n)}
	withLoc := func(rest []*sexp.Node) bool {
		if len(rest) > 1 {
			b.errs.Addf(n, "%s wants at most one position or direction", name)
			return false
		}
		if len(rest) == 1 {
			l, ok := b.loc(rest[0])
			c.Loc = l
			return ok
		}
		return true
	}
	if k, ok := simplePreds[name]; ok {
		// on-board? alone is the current position, as Zillions reads it.
		c.Kind = k
		return c, withLoc(args)
	}
	switch name {
	case "piece?", "in-zone?", "flag?", "position-flag?", "position?":
		if len(args) < 1 {
			b.errs.Addf(n, "%s wants an argument", name)
			return nil, false
		}
		arg, ok := atomText(args[0])
		if !ok {
			b.errs.Addf(args[0], "%s wants a name", name)
			return nil, false
		}
		switch name {
		case "piece?":
			t, ok := b.pieceType(args[0])
			if !ok {
				return nil, false
			}
			c.Kind, c.A = rules.CPiece, t
		case "in-zone?":
			z, ok := b.zones[arg]
			if !ok {
				b.errs.Addf(args[0], "unknown zone %s", arg)
				return nil, false
			}
			c.Kind, c.A = rules.CInZone, z
		case "flag?":
			c.Kind, c.A = rules.CFlag, b.flag(arg)
			if len(args) != 1 {
				b.errs.Addf(n, "flag? wants one flag")
				return nil, false
			}
			return c, true
		case "position-flag?":
			c.Kind, c.A = rules.CPosFlag, b.posFlag(arg)
		case "position?":
			p, ok := b.position(args[0])
			if !ok {
				return nil, false
			}
			c.Kind, c.A = rules.CPosition, p
			if len(args) != 1 {
				b.errs.Addf(n, "position? wants one position")
				return nil, false
			}
			return c, true
		}
		return c, withLoc(args[1:])
	}
	if a, ok := b.attrs[name]; ok {
		c.Kind, c.A = rules.CAttr, a
		return c, withLoc(args)
	}
	if a, ok := b.posAttrs[name]; ok {
		c.Kind, c.A = rules.CPosAttr, a
		return c, withLoc(args)
	}
	b.errs.Addf(n, "unknown condition %s", name)
	return nil, false
}
