package zrf

import (
	"math"
	"strconv"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// The native dialect's sections and statements: game variables,
// coalitions, the score of count goals and komi, position attributes and
// integer attributes. Plain ZRF uses none of these forms, so a file needs
// no declaration to use them.

// taken reports whether name already names a variable or an attribute,
// reporting the clash.
func (b *builder) taken(n *sexp.Node, name, what string) bool {
	for _, t := range []struct {
		m    map[string]int
		kind string
	}{{b.vars, "variable"}, {b.posAttrs, "position attribute"}, {b.attrs, "piece attribute"}, {b.accums, "accumulator"}} {
		if _, ok := t.m[name]; ok {
			b.errs.Addf(n, "%s %s has the name of a %s", what, name, t.kind)
			return true
		}
	}
	return false
}

// intArg reads an integer argument.
func (b *builder) intArg(n *sexp.Node, what string) (int, bool) {
	if n.Kind == sexp.Atom {
		switch n.Text {
		case "true":
			return 1, true
		case "false":
			return 0, true
		}
		if v, err := strconv.Atoi(n.Text); err == nil {
			return v, true
		}
	}
	b.errs.Addf(n, "%s wants a whole number, got %s", what, describe(n))
	return 0, false
}

// variable reads (variable name [start] [clock]).
func (b *builder) variable(s *sexp.Node) {
	args := s.Args()
	clock := false
	if n := len(args); n >= 2 && args[n-1].Kind == sexp.Atom && args[n-1].Text == "clock" {
		clock, args = true, args[:n-1]
	}
	if len(args) < 1 || len(args) > 2 || args[0].Kind != sexp.Atom {
		b.errs.Addf(s, "variable wants a name, maybe a start value and maybe clock")
		return
	}
	name := args[0].Text
	if b.taken(args[0], name, "variable") {
		return
	}
	v := rules.Variable{Name: name, Clock: clock}
	if len(args) == 2 {
		var ok bool
		if v.Init, ok = b.intArg(args[1], "variable "+name); !ok {
			return
		}
	}
	b.vars[name] = len(b.r.Vars)
	b.r.Vars = append(b.r.Vars, v)
}

// posAttribute reads (attribute name value) inside (board ...): an
// attribute of every position.
func (b *builder) posAttribute(it *sexp.Node) {
	args := it.Args()
	if len(args) != 2 || args[0].Kind != sexp.Atom {
		b.errs.Addf(it, "a board attribute wants a name and a value")
		return
	}
	name := args[0].Text
	if b.taken(args[0], name, "position attribute") {
		return
	}
	v, ok := b.intArg(args[1], "attribute "+name)
	if !ok {
		return
	}
	boolean := args[1].IsAtom("true") || args[1].IsAtom("false")
	b.posAttrs[name] = len(b.r.PosAttrs)
	b.r.PosAttrs = append(b.r.PosAttrs, rules.PosAttr{Name: name, Default: v, Bool: boolean})
}

// setupPosAttr reads (position-attribute name value position...) in
// board-setup.
func (b *builder) setupPosAttr(n *sexp.Node) {
	args := n.Args()
	if len(args) < 3 {
		b.errs.Addf(n, "position-attribute wants a name, a value and positions")
		return
	}
	a, ok := b.lookup(args[0], b.posAttrs, "position attribute")
	if !ok {
		return
	}
	v, ok := b.intArg(args[1], "position-attribute")
	if !ok {
		return
	}
	for _, pn := range args[2:] {
		if p, ok := b.position(pn); ok {
			b.r.PosAttrSetup = append(b.r.PosAttrSetup, rules.PosAttrValue{Attr: a, Pos: p, Value: v})
		}
	}
}

// coalition reads (coalition P Q ...): the players are allies.
func (b *builder) coalition(s *sexp.Node) {
	args := s.Args()
	if len(args) < 2 {
		b.errs.Addf(s, "coalition wants two players or more")
		return
	}
	b.coalitions++
	for _, a := range args {
		p, ok := b.player(a)
		if !ok {
			continue
		}
		if c := b.r.Players[p].Coalition; c != 0 {
			b.errs.Addf(a, "player %s is already in a coalition", a.Text)
			continue
		}
		b.r.Players[p].Coalition = b.coalitions
	}
}

// score reads (score expression): what ranks the players when a count
// goal ends the game, evaluated for each player.
func (b *builder) score(s *sexp.Node) {
	args := s.Args()
	if len(args) != 1 {
		b.errs.Addf(s, "score wants one expression")
		return
	}
	b.inGoal = true
	x, ok := b.expr(args[0])
	b.inGoal = false
	if ok {
		b.r.Score = x
	}
}

// evaluation reads (evaluation (players...) expression): what each of
// those players' positions is worth to the searches, in points, beyond
// material, evaluated for that player.
func (b *builder) evaluation(s *sexp.Node) {
	args := s.Args()
	if len(args) != 2 || args[0].Kind != sexp.List {
		b.errs.Addf(s, "evaluation wants (players...) and an expression")
		return
	}
	var players []int
	for _, p := range args[0].List {
		if i, ok := b.player(p); ok {
			players = append(players, i)
		}
	}
	x, ok := b.expr(args[1])
	if !ok {
		return
	}
	if b.r.Evaluation == nil {
		b.r.Evaluation = make([]*rules.Expr, len(b.r.Players))
	}
	for _, p := range players {
		if b.r.Evaluation[p] != nil {
			b.errs.Addf(args[0], "player %s has an evaluation already", b.r.Players[p].Name)
			continue
		}
		b.r.Evaluation[p] = x
	}
}

// evaluationScale reads (evaluation-scale N): the lead in points that
// the searches' estimate reads as ten-to-one odds.
func (b *builder) evaluationScale(s *sexp.Node) {
	args := s.Args()
	if len(args) != 1 || args[0].Kind != sexp.Atom {
		b.errs.Addf(s, "evaluation-scale wants one number")
		return
	}
	v, err := strconv.ParseFloat(args[0].Text, 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		b.errs.Addf(args[0], "evaluation-scale wants a number above 0, got %s", describe(args[0]))
		return
	}
	if b.r.EvalScale != 0 {
		b.errs.Addf(s, "a second evaluation-scale")
		return
	}
	b.r.EvalScale = v
}

// komi reads (komi Player number): points added to the player's score.
func (b *builder) komi(s *sexp.Node) {
	args := s.Args()
	if len(args) != 2 {
		b.errs.Addf(s, "komi wants a player and a number")
		return
	}
	p, ok := b.player(args[0])
	if !ok {
		return
	}
	v, err := strconv.ParseFloat(args[1].Text, 64)
	if err != nil || args[1].Kind != sexp.Atom || math.IsInf(v, 0) || math.IsNaN(v) {
		b.errs.Addf(args[1], "komi wants a number, got %s", describe(args[1]))
		return
	}
	for len(b.r.Komi) <= p {
		b.r.Komi = append(b.r.Komi, 0)
	}
	b.r.Komi[p] = v
}

// setAttribute reads (set-attribute a value [loc]): a condition for a
// boolean attribute, a number for an integer one.
func (b *builder) setAttribute(n *sexp.Node, s *rules.Stmt) bool {
	args := n.Args()
	if len(args) < 2 || len(args) > 3 {
		b.errs.Addf(n, "set-attribute wants an attribute, a value and maybe a position")
		return false
	}
	name, _ := atomText(args[0])
	a, ok := b.attrs[name]
	if !ok {
		b.errs.Addf(args[0], "unknown attribute %s", args[0].String())
		return false
	}
	s.Kind, s.A = rules.SSetAttr, a
	if b.attrKind[name] == rules.IntValue {
		if s.X, ok = b.expr(args[1]); !ok {
			return false
		}
	} else {
		s.Cond = b.cond(args[1])
	}
	if len(args) == 3 {
		if s.Loc, ok = b.loc(args[2]); !ok {
			return false
		}
	}
	return true
}

// setValue reads (set-variable v value) and (set-position-attribute a
// value [loc]).
func (b *builder) setValue(n *sexp.Node, s *rules.Stmt) bool {
	h := n.Head()
	args := n.Args()
	max := 3
	table, what := b.posAttrs, "position attribute"
	s.Kind = rules.SSetPosAttr
	if h == "set-variable" {
		max, table, what = 2, b.vars, "variable"
		s.Kind = rules.SSetVar
	}
	if len(args) < 2 || len(args) > max {
		b.errs.Addf(n, "%s wants a %s and a value%s", h, what, map[bool]string{true: " and maybe a position"}[max == 3])
		return false
	}
	var ok bool
	if s.A, ok = b.lookup(args[0], table, what); !ok {
		return false
	}
	if s.X, ok = b.expr(args[1]); !ok {
		return false
	}
	if len(args) == 3 {
		if s.Loc, ok = b.loc(args[2]); !ok {
			return false
		}
	}
	return true
}

// koOption reads the value of option "ko".
func (b *builder) koOption(n *sexp.Node, val string) {
	switch val {
	case "false":
		b.r.Options.Ko = rules.KoNone
	case "true", "simple":
		b.r.Options.Ko = rules.KoSimple
	case "positional", "superko":
		b.r.Options.Ko = rules.KoPositional
	case "situational", "situation":
		b.r.Options.Ko = rules.KoSituational
	default:
		b.errs.Addf(n, "option \"ko\" wants false, true (simple), positional or situational, got %s", val)
	}
}

// goalPriority takes (priority N) out of a goal's arguments.
func (b *builder) goalPriority(args []*sexp.Node, g *rules.Goal) []*sexp.Node {
	var out []*sexp.Node
	for _, a := range args {
		if a.Head() != "priority" || a.Kind != sexp.List {
			out = append(out, a)
			continue
		}
		if len(a.Args()) != 1 {
			b.errs.Addf(a, "priority wants one number")
			continue
		}
		if v, ok := b.intArg(a.Args()[0], "priority"); ok {
			g.Priority = v
		}
	}
	return out
}

// goalCompare reads a comparison as a goal condition.
func (b *builder) goalCompare(n *sexp.Node, op rules.CompareOp) (rules.GoalCond, bool) {
	c := rules.GoalCond{Kind: rules.GoalCompare, Op: op, Text: n.String()}
	b.inGoal = true
	k, ok := b.compare(n, op)
	b.inGoal = false
	if !ok {
		return c, false
	}
	c.X, c.Y = k.X, k.Y
	return c, true
}

// connected reads (connected zone zone [(directions d...)]).
func (b *builder) connected(n *sexp.Node) (rules.GoalCond, bool) {
	c := rules.GoalCond{Kind: rules.GoalConnected, Text: n.String()}
	args := n.Args()
	if len(args) == 3 && args[2].Head() == "directions" {
		dirs, ok := b.dirNames(args[2])
		if !ok {
			return c, false
		}
		c.Dirs = dirs
		args = args[:2]
	}
	if len(args) != 2 {
		b.errs.Addf(n, "connected wants two zones and maybe (directions ...)")
		return c, false
	}
	for i, a := range args {
		z, ok := b.lookup(a, b.zones, "zone")
		if !ok {
			return c, false
		}
		c.Zones[i] = z
	}
	return c, true
}

// attrKinds records the kind of every piece attribute from the values the
// pieces give it (a string anywhere makes it a string, else a number
// anywhere a number), before any program reads it.
func (b *builder) noteAttrKind(name string, v rules.Value) {
	k, seen := b.attrKind[name]
	switch {
	case !seen, v.Kind == rules.StrValue, v.Kind == rules.IntValue && k == rules.BoolValue:
		b.attrKind[name] = v.Kind
	}
}
