package zrf

import (
	"strconv"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

var goalKinds = map[string]rules.GoalKind{
	"win-condition": rules.Win, "loss-condition": rules.Loss,
	"draw-condition": rules.Draw, "count-condition": rules.Count,
}

// goal reads (win-condition (Players...) condition) and its kin.
func (b *builder) goal(s *sexp.Node) {
	g := rules.Goal{Kind: goalKinds[s.Head()], Src: src(s)}
	args := b.goalPriority(s.Args(), &g)
	if len(args) == 1 {
		// No player list: the goal applies to every player.
		for i := range b.r.Players {
			g.Players = append(g.Players, i)
		}
	} else if len(args) == 2 {
		ps := []*sexp.Node{args[0]}
		if args[0].Kind == sexp.List {
			ps = args[0].List
		}
		for _, p := range ps {
			if i, ok := b.player(p); ok {
				g.Players = append(g.Players, i)
			}
		}
		args = args[1:]
	} else {
		b.errs.Addf(s, "%s wants (players...) and a condition", s.Head())
		return
	}
	c, ok := b.goalCond(args[0])
	if ok {
		g.Cond = c
		b.r.Goals = append(b.r.Goals, g)
	}
}

func (b *builder) goalCond(n *sexp.Node) (rules.GoalCond, bool) {
	var c rules.GoalCond
	name := n.Text
	var args []*sexp.Node
	if n.Kind == sexp.List {
		name, args = n.Head(), n.Args()
	}
	switch name {
	case "stalemated":
		c.Kind = rules.GoalStalemated
		return c, true
	case "repetition":
		c.Kind = rules.GoalRepetition
		return c, true
	case "and", "or", "not":
		c.Kind = map[string]rules.GoalCondKind{"and": rules.GoalAnd, "or": rules.GoalOr, "not": rules.GoalNot}[name]
		if len(args) == 0 || (name == "not" && len(args) != 1) {
			b.errs.Addf(n, "%s wants conditions", name)
			return c, false
		}
		ok := true
		for _, a := range args {
			x, ok1 := b.goalCond(a)
			ok = ok && ok1
			c.Args = append(c.Args, x)
		}
		return c, ok
	case "checkmated", "captured":
		c.Kind = rules.GoalCheckmated
		if name == "captured" {
			c.Kind = rules.GoalCaptured
		}
		if len(args) == 0 {
			b.errs.Addf(n, "%s wants piece types", name)
			return c, false
		}
		var ok bool
		c.Types, ok = b.pieceTypes(args)
		return c, ok
	case "pieces-remaining", "total-piece-count":
		c.Kind = rules.GoalPiecesRemaining
		if name == "total-piece-count" {
			c.Kind = rules.GoalTotalPieceCount
		}
		if len(args) < 1 {
			b.errs.Addf(n, "%s wants a count", name)
			return c, false
		}
		v, err := strconv.Atoi(args[0].Text)
		if err != nil || args[0].Kind == sexp.List {
			b.errs.Addf(args[0], "%s wants a count, got %s", name, describe(args[0]))
			return c, false
		}
		c.N = v
		var ok bool
		c.Types, ok = b.pieceTypes(args[1:])
		return c, ok
	case "=", "!=", "/=", "<", "<=", ">", ">=":
		if n.Kind == sexp.List {
			return b.goalCompare(n, compareOps[name])
		}
	case "connected":
		return b.connected(n)
	case "absolute-config":
		return b.absoluteConfig(n, args)
	case "relative-config":
		return b.relativeConfig(n, args)
	}
	b.errs.Addf(n, "unknown goal condition %s", describe(n))
	return c, false
}

// pieceTypes resolves a list of piece names.
func (b *builder) pieceTypes(args []*sexp.Node) ([]int, bool) { return lookupAll(args, b.pieceType) }

// lookupAll resolves every name of a list, reporting each unknown one.
func lookupAll(args []*sexp.Node, one func(*sexp.Node) (int, bool)) ([]int, bool) {
	var out []int
	ok := true
	for _, a := range args {
		x, ok1 := one(a)
		ok = ok && ok1
		out = append(out, x)
	}
	return out, ok
}

// spec reads a piece in a configuration: Type, (opponent Type),
// (any-owner Type) or empty, or (not spec), a form Zillions accepts.
func (b *builder) spec(n *sexp.Node) (rules.PieceSpec, bool) {
	if n.IsAtom("empty") {
		return rules.PieceSpec{Owner: rules.EmptySquare, Type: -1}, true
	}
	if n.Head() == "not" {
		if len(n.Args()) != 1 || n.Args()[0].Head() == "not" {
			b.errs.Addf(n, "not wants one piece, (opponent piece), (any-owner piece) or empty")
			return rules.PieceSpec{}, false
		}
		sp, ok := b.spec(n.Args()[0])
		sp.Not = true
		return sp, ok
	}
	owner := rules.OwnPiece
	if n.Kind == sexp.List {
		switch n.Head() {
		case "opponent":
			owner = rules.OpponentPiece
		case "any-owner":
			owner = rules.AnyOwner
		default:
			b.errs.Addf(n, "want a piece, (opponent piece), (any-owner piece) or (not piece)")
			return rules.PieceSpec{}, false
		}
		if len(n.Args()) != 1 {
			b.errs.Addf(n, "%s wants one piece", n.Head())
			return rules.PieceSpec{}, false
		}
		n = n.Args()[0]
	}
	t, ok := b.pieceType(n)
	return rules.PieceSpec{Owner: owner, Type: t}, ok
}

// absoluteConfig reads (absolute-config piece... (position-or-zone ...)).
func (b *builder) absoluteConfig(n *sexp.Node, args []*sexp.Node) (rules.GoalCond, bool) {
	c := rules.GoalCond{Kind: rules.GoalAbsoluteConfig}
	if len(args) < 2 || args[len(args)-1].Kind != sexp.List {
		b.errs.Addf(n, "absolute-config wants pieces and a list of positions or zones")
		return c, false
	}
	ok := true
	for _, a := range args[:len(args)-1] {
		s, ok1 := b.spec(a)
		ok = ok && ok1
		c.Specs = append(c.Specs, s)
	}
	for _, p := range args[len(args)-1].List {
		name, _ := atomText(p)
		if z, isZone := b.zones[name]; isZone {
			// A zone stands for its positions; -1-z marks it so that each
			// player's own zone positions are used.
			c.Positions = append(c.Positions, -1-z)
			continue
		}
		i, ok1 := b.position(p)
		ok = ok && ok1
		c.Positions = append(c.Positions, i)
	}
	return c, ok
}

// relativeConfig reads (relative-config piece dir piece dir piece ...).
func (b *builder) relativeConfig(n *sexp.Node, args []*sexp.Node) (rules.GoalCond, bool) {
	c := rules.GoalCond{Kind: rules.GoalRelativeConfig}
	if len(args)%2 == 0 {
		b.errs.Addf(n, "relative-config alternates pieces and directions, starting and ending with a piece")
		return c, false
	}
	ok := true
	for i, a := range args {
		if i%2 == 0 {
			s, ok1 := b.spec(a)
			ok = ok && ok1
			c.Specs = append(c.Specs, s)
			continue
		}
		d, ok1 := b.dir(a)
		ok = ok && ok1
		c.Steps = append(c.Steps, d)
	}
	return c, ok
}
