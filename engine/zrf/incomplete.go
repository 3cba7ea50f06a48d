package zrf

import (
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

// This file finds what a rules file declares but never uses in a way
// that only rules kept outside the file could: Dagaz's files leave
// shogi's promotions and drops, and the goals of many games, to
// JavaScript that the file does not name. Such a game loads and plays by
// what the file says; the notes say what it declares for nothing.

// unusedNotes notes the piece types nothing puts on the board (no setup,
// reserve, promotion, creation or change of type; a piece with drop
// programs is made by them), and warns of the zones no rule reads, at
// the form that declares each.
func (b *builder) unusedNotes(pieceNodes []*sexp.Node, sections []*sexp.Node) {
	r := b.r
	made := make([]bool, len(r.Pieces))
	for _, pl := range r.Setup {
		made[pl.Type] = true
	}
	for _, rs := range r.Reserves {
		made[rs.Type] = true
	}
	for t, pt := range r.Pieces {
		if len(pt.Drops) > 0 {
			made[t] = true // a drop puts the piece itself on the board
		}
	}
	if r.Options.InternationalExtension && len(made) > 1 {
		made[1] = true
	}
	zones := make([]bool, len(r.Board.Zones))
	if r.Options.InternationalExtension && len(zones) > 0 {
		zones[0] = true
	}
	u := usage{made: made, zones: zones}
	for _, pt := range r.Pieces {
		for _, blk := range pt.Moves {
			u.stmts(blk.Body)
		}
		for _, blk := range pt.Drops {
			u.stmts(blk.Body)
		}
	}
	for _, g := range r.Goals {
		u.goal(&g.Cond)
	}
	for _, inv := range r.Invariants {
		u.cond(inv.Cond)
		u.expr(inv.X)
	}
	u.expr(r.Score)
	for _, s := range pieceNodes {
		name, at := pieceName(s)
		if t, ok := b.types[name]; ok && !made[t] {
			b.notes.Addf(at, "piece %s is never on the board: no setup, reserve, promotion or creation makes one "+
				"(rules kept outside the file, as Dagaz keeps promotions and drops in JavaScript, are missing)", name)
		}
	}
	b.unusedZones(sections, zones)
}

// unusedZones warns of the zones no rule reads, once each, at the first
// form that declares it: a zone may serve only a renderer or a bot, so
// this is a warning, not a note of missing rules.
func (b *builder) unusedZones(sections []*sexp.Node, used []bool) {
	noted := map[int]bool{}
	for _, s := range sections {
		if s.Head() != "board" {
			continue
		}
		for _, it := range s.Args() {
			if it.Head() != "zone" {
				continue
			}
			for _, a := range it.Args() {
				if a.Head() != "name" || len(a.Args()) != 1 {
					continue
				}
				z, ok := b.zones[a.Args()[0].Text]
				if ok && !used[z] && !noted[z] {
					noted[z] = true
					b.warns.Addf(a.Args()[0], "zone %s is read by no rule of the file: if rules kept outside it "+
						"read it (as Dagaz keeps promotions in JavaScript), they are missing", a.Args()[0].Text)
				}
			}
		}
	}
}

// usage collects the piece types a game's rules make and the zones they
// read.
type usage struct {
	made, zones []bool
}

func (u usage) stmts(ss []rules.Stmt) {
	for i := range ss {
		s := &ss[i]
		switch s.Kind {
		case rules.SAdd:
			for _, t := range s.Add.Types {
				u.made[t] = true
			}
		case rules.SCreate, rules.SChangeType:
			u.made[s.A] = true
		}
		u.cond(s.Cond)
		u.expr(s.X)
		u.set(s.Set)
		u.stmts(s.Then)
		u.stmts(s.Else)
	}
}

func (u usage) cond(c *rules.Cond) {
	if c == nil {
		return
	}
	if c.Kind == rules.CInZone {
		u.zones[c.A] = true
	}
	for _, a := range c.Args {
		u.cond(a)
	}
	u.expr(c.X)
	u.expr(c.Y)
}

func (u usage) expr(x *rules.Expr) {
	if x == nil {
		return
	}
	u.set(x.Set)
	for _, a := range x.Args {
		u.expr(a)
	}
}

func (u usage) set(s *rules.SetExpr) {
	if s == nil {
		return
	}
	for _, c := range s.Filter {
		u.cond(c)
	}
}

func (u usage) goal(c *rules.GoalCond) {
	for _, p := range c.Positions {
		if p < 0 {
			u.zones[-1-p] = true
		}
	}
	for i := range c.Args {
		u.goal(&c.Args[i])
	}
	u.expr(c.X)
	u.expr(c.Y)
	for _, z := range c.Zones {
		if c.Kind == rules.GoalConnected && z >= 0 && z < len(u.zones) {
			u.zones[z] = true
		}
	}
}
