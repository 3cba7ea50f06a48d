package engine

import "github.com/ludus-games/ludus/engine/rules"

// Move counters in walked programs. A game that counts moves (chess's
// fifty-move rule) sets a variable in every move program: one more after
// a quiet move, 0 after a capture. Run as bytecode, such a program loses
// the direct walks of its shape ("slide", "steps"), which make most of
// the moves of chess. So the compiler takes the settings out of the code
// when they follow the move's shape: those met before any branch apply to
// every move; those of a branch on whether the destination is empty
// ((if empty? A else B)) to the quiet moves (A) or the captures (B); and
// those between a slide's loop and its last add to that add, the capture.
// If the program without them is a shape, the walk emits its moves and
// adds the settings (emitDirectPromo); otherwise the bytecode runs them.

// varSet is one set-variable: variable v gets expression x.
type varSet struct{ v, x int32 }

// moveSets are the settings of a walked program.
type moveSets struct {
	all, quiet, take []varSet
}

// pureExpr reports whether e reads only numbers and game variables, so
// that it has one value for every move of a run.
func pureExpr(e *rules.Expr) bool {
	switch e.Kind {
	case rules.ENum, rules.EVar:
		return true
	case rules.EAdd, rules.ESub, rules.EMul, rules.EMin, rules.EMax:
		for _, a := range e.Args {
			if !pureExpr(a) {
				return false
			}
		}
		return true
	}
	return false
}

// stripSets returns code without its set-variable statements, and them
// sorted as the comment above says; ok is false when code has none or
// one that is not so placed.
func (g *Game) stripSets(code []instr) (out []instr, sets *moveSets, ok bool) {
	sets = &moveSets{}
	pure := func(in instr) bool { return in.op == opSetVar && pureExpr(g.x.exprs[in.c].e) }
	remap := make([]int32, len(code)+1)
	branched, looped, added, found := false, false, false, false
	for i := 0; i < len(code); i++ {
		remap[i] = int32(len(out))
		in := code[i]
		switch {
		case pure(in) && !branched && !added:
			sets.all = append(sets.all, varSet{in.b, in.c})
			found = true
			continue
		case pure(in) && looped && !added:
			sets.take = append(sets.take, varSet{in.b, in.c})
			found = true
			continue
		case in.op == opSetVar:
			return nil, nil, false
		case in.op == opEmpty && in.lk == rules.Here && i+1 < len(code) && code[i+1].op == opJF:
			// (if empty? A else B) of settings only: empty?; jf L; A; goto E; L: B; E:
			l := int(code[i+1].a)
			j := i + 2
			for j < l-1 && pure(code[j]) {
				j++
			}
			if j != l-1 || code[j].op != opGoto || int(code[j].a) < l || int(code[j].a) > len(code) {
				break
			}
			e := int(code[j].a)
			k := l
			for k < e && pure(code[k]) {
				k++
			}
			if k != e || added || branched {
				break
			}
			for _, s := range code[i+2 : l-1] {
				sets.quiet = append(sets.quiet, varSet{s.b, s.c})
			}
			for _, s := range code[l:e] {
				sets.take = append(sets.take, varSet{s.b, s.c})
			}
			for m := i; m < e; m++ {
				remap[m] = int32(len(out))
			}
			found = true
			i = e - 1
			continue
		}
		switch {
		case in.op == opLoop:
			looped = true
			added = false // the adds of the loop are behind
		case isJump(in.op):
			branched = true
		case in.op == opAdd:
			added = true
		}
		out = append(out, in)
	}
	remap[len(code)] = int32(len(out))
	for i := range out {
		if isJump(out[i].op) {
			out[i].a = remap[out[i].a]
		}
	}
	return out, sets, found
}

// walkSets gives a program whose settings stripSets can take out the
// shape of the code without them, when it has one.
func (g *Game) walkSets(cb *CBlock, raw []instr, drop bool) {
	stripped, sets, ok := g.stripSets(raw)
	if !ok {
		return
	}
	c := compiler{g: g, blk: cb, code: stripped}
	c.fuse()
	path, zone, list := simplePath(c.code, drop)
	ray, takes := slideShape(c.code, drop)
	switch {
	case ray >= 0 && len(sets.quiet) == 0:
		cb.ray, cb.rayTakes = ray, takes
		if !takes {
			sets.take = nil
		}
	case path != nil:
		cb.path, cb.promoZone, cb.promoList = path, zone, list
	default:
		return
	}
	cb.sets = sets
}

// appendSets appends the changes of blk's settings for a move that
// captures or not, the values read on the position before the move.
func (gn *generator) appendSets(ch []Change, blk *CBlock, capture bool, side int) []Change {
	ms := blk.sets
	ch = gn.appendSetList(ch, ms.all, side)
	if capture {
		return gn.appendSetList(ch, ms.take, side)
	}
	return gn.appendSetList(ch, ms.quiet, side)
}

func (gn *generator) appendSetList(ch []Change, list []varSet, side int) []Change {
	for _, s := range list {
		x := gn.g.x.exprs[s.x]
		v, ok := gn.quickValue(x.e)
		if !ok {
			v = gn.evalTop(x, &ectx{side: side, cur: -1})
		}
		ch = append(ch, Change{gn.g.ext.varBase + s.v, intCell(v)})
	}
	return ch
}

// quickValue evaluates the commonest settings of a counter (a number, a
// variable, a sum or difference of two such) without the evaluator's
// set-up, which cost a tenth of a chess playout when every move counts;
// ok is false for anything else.
func (gn *generator) quickValue(e *rules.Expr) (int, bool) {
	leaf := func(e *rules.Expr) (int, bool) {
		switch e.Kind {
		case rules.ENum:
			return e.N, true
		case rules.EVar:
			return cellInt(gn.s.cells[gn.g.ext.varBase+int32(e.A)]), true
		}
		return 0, false
	}
	if v, ok := leaf(e); ok {
		return v, true
	}
	if (e.Kind == rules.EAdd || e.Kind == rules.ESub) && len(e.Args) == 2 {
		a, ok1 := leaf(e.Args[0])
		b, ok2 := leaf(e.Args[1])
		if ok1 && ok2 {
			if e.Kind == rules.ESub {
				return a - b, true
			}
			return a + b, true
		}
	}
	return 0, false
}
