package engine

import "github.com/ludus-games/ludus/engine/rules"

// How the generator runs a compiled program: the shapes it walks without
// running the bytecode (paths of steps, maybe ending in a promotion, and
// slides), and Shape, which names them.

// simplePath returns the steps of a program made only of steps and one
// plain add at the end, or nil. It also recognises the common promotion
// ending (if (in-zone? z) (add T...) else add), returning z and the list of
// choices (-1, -1 for a plain add).
func simplePath(code []instr, drop bool) ([]instr, int32, int32) {
	n := len(code)
	if drop || n < 2 || code[n-1].op != opEnd {
		return nil, -1, -1
	}
	steps := func(k int) bool {
		for _, in := range code[:k] {
			switch in.op {
			case opNav, opNavVerifyEmpty, opNavVerifyNotFriend, opNavVerifyEnemy:
			default:
				return false
			}
		}
		return true
	}
	plain := func(in instr) bool { return in.op == opAdd && rules.AddKind(in.a) == rules.AddMove && in.b < 0 }
	if plain(code[n-2]) && steps(n-2) {
		return code[:n-2], -1, -1
	}
	// steps; in-zone? z; jf L; add T...; goto E; L: add; E: end
	if n >= 6 {
		k := n - 6
		z, jf, add, gt, alt := code[k], code[k+1], code[k+2], code[k+3], code[k+4]
		if z.op == opInZone && z.lk == rules.Here && jf.op == opJF && int(jf.a) == k+4 && add.op == opAdd &&
			rules.AddKind(add.a) == rules.AddMove && add.b >= 0 && gt.op == opGoto && int(gt.a) == n-1 && plain(alt) && steps(k) {
			return code[:k], z.b, add.b
		}
	}
	return nil, -1, -1
}

// slideShape recognises the slider program
//
//	d (while empty? add d) [(verify enemy?) | (verify not-friend?)] add
//
// and returns its direction and whether it takes at the end (-1 if the
// program is something else).
func slideShape(code []instr, drop bool) (int32, bool) {
	if drop || len(code) < 7 {
		return -1, false
	}
	d := code[0].a
	head := []instr{{op: opNav, a: d}, {op: opEmpty}, {op: opJF, a: 6}, {op: opAdd}, {op: opNav, a: d}, {op: opLoop, a: 1}}
	for i, want := range head {
		in := code[i]
		if in.op != want.op || in.lk != rules.Here || (i != 1 && i != 3 && in.a != want.a) ||
			(i == 3 && (rules.AddKind(in.a) != rules.AddMove || in.b >= 0)) {
			return -1, false
		}
	}
	plain := func(in instr) bool { return in.op == opAdd && rules.AddKind(in.a) == rules.AddMove && in.b < 0 }
	rest := code[6:]
	switch {
	case len(rest) == 1 && rest[0].op == opEnd:
		return d, false
	case len(rest) == 4 && rest[0].op == opEnemy && rest[0].lk == rules.Here && rest[1].op == opVerify && plain(rest[2]) && rest[3].op == opEnd,
		len(rest) == 5 && rest[0].op == opFriend && rest[0].lk == rules.Here && rest[1].op == opNot && rest[2].op == opVerify &&
			plain(rest[3]) && rest[4].op == opEnd:
		return d, true
	}
	return -1, false
}

// Shape says how the generator runs the program: "slide" and "steps" are
// walked directly (the commonest programs); "planned" programs are known
// from every start position by their plan and never run; a "program" runs
// the bytecode (after its guard, where the plan has one).
func (b *CBlock) Shape() string {
	switch {
	case b.ray >= 0:
		return "slide"
	case b.path != nil && b.promoZone >= 0:
		return "steps with promotion"
	case b.path != nil:
		return "steps"
	case b.planned():
		return "planned"
	}
	return "program"
}
