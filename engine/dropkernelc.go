package engine

import (
	"slices"

	"github.com/ludus-games/ludus/engine/rules"
)

// Building the drop kernel (dropkernel.go) from the compiled game: the
// guards of the drop plans as masked compares, the drops of each turn,
// the goals as line tests and connections.

// buildDropKernel returns the kernel of the game, or nil when the model
// does not fit it.
func (g *Game) buildDropKernel() *dropKernel {
	d := g.drops
	if g.countDrops == nil || g.np > 64*kWords || g.nplayers > kMaxPlayers || d == nil || len(d.plans) > kMaxPlans ||
		g.extPlay || g.repetition {
		return nil
	}
	k := &dropKernel{g: g, from: make([]bool, len(g.turns))}
	any := false
	for t := range g.turns {
		// The entries the turn order reaches from t must all be
		// countable: the kernel follows the order without leaving.
		k.from[t] = true
		for u, n := t, 0; n < len(g.turns); u, n = int(g.next[u]), n+1 {
			k.from[t] = k.from[t] && g.countDrops[u]
		}
		any = any || k.from[t]
	}
	if !any || !k.buildTurns() || !k.buildWatch() || !k.buildGoals() {
		return nil
	}
	k.word = k.buildWord()
	return k
}

// guard returns the guard of drop plan i at q as masked compares; false
// when it tests what they cannot.
func (k *dropKernel) guard(i int, q int) (kGuard, bool) {
	dp := &k.g.drops.plans[i]
	pl := dp.blk.plans[dp.side]
	gd := kGuard{side: dp.side}
	switch pl.kind[q] {
	case planNever:
		gd.never = true
		return gd, true
	case planRun:
		return gd, true
	}
	for _, l := range pl.lits[pl.guard[2*q]:pl.guard[2*q+1]] {
		w, bit := l.pos>>6, uint64(1)<<(l.pos&63)
		switch {
		case l.op == opEmpty && !l.neg:
			gd.empty[w] |= bit
		case l.op == opEmpty:
			gd.full[w] |= bit
		case l.op == opFriend && !l.neg:
			gd.friend[w] |= bit
		case l.op == opFriend:
			gd.notFriend[w] |= bit
		case l.op == opEnemy && !l.neg:
			gd.enemy[w] |= bit
		case l.op == opEnemy:
			gd.notEnemy[w] |= bit
		default:
			return gd, false
		}
		gd.sided = gd.sided || l.op != opEmpty
	}
	return gd, true
}

// buildWatch copies the watchers of the drop index with their guards,
// for the plans the kernel's turns draw on.
func (k *dropKernel) buildWatch() bool {
	d := k.g.drops
	used := make([]bool, len(d.plans))
	for _, t := range k.turns {
		for _, ds := range t.classes {
			for _, kd := range ds {
				used[kd.k] = true
			}
		}
	}
	k.wcell = make([]int32, len(d.ws))
	for c := 0; c+1 < len(d.ws); c++ {
		for i := d.ws[c]; i < d.ws[c+1]; i++ {
			if !used[d.wk[i]] {
				continue
			}
			gd, ok := k.guard(int(d.wk[i]), int(d.wq[i]))
			if !ok {
				return false
			}
			w := kWatch{k: uint8(d.wk[i]), q: uint8(d.wq[i]), side: -1}
			if gd.never {
				w.never = ^uint64(0)
			}
			switch {
			case gd.sided || gd.full[0]|gd.empty[0] != 0 && gd.full[1]|gd.empty[1] != 0:
				w.side = int16(len(k.sided))
				k.sided = append(k.sided, gd)
			case gd.full[1]|gd.empty[1] != 0:
				w.w, w.full, w.empty = 1, gd.full[1], gd.empty[1]
			default:
				w.full, w.empty = gd.full[0], gd.empty[0]
			}
			k.watch = append(k.watch, w)
		}
		k.wcell[c+1] = int32(len(k.watch))
	}
	// Guards no cell is read by hold everywhere or nowhere: look at them
	// too, so that nothing the kernel does not follow is left.
	for i := range d.plans {
		for q := 0; q < k.g.np && used[i]; q++ {
			if _, ok := k.guard(i, q); !ok {
				return false
			}
		}
	}
	return true
}

// buildTurns lists the drops of every turn, class by class, as
// activeDrops would with every reserve full.
func (k *dropKernel) buildTurns() bool {
	g := k.g
	for ti, t := range g.turns {
		kt := kTurn{player: t.Player, next: int(g.next[ti])}
		for cl := range g.classes {
			if !k.from[ti] {
				break // never played here
			}
			var ds []kDrop
			for ty := range g.types {
				for _, blk := range g.types[ty].drops[cl] {
					if !allowed(t, blk.MoveType) {
						continue
					}
					kd, ok := k.drop(blk, ty, t.Side)
					if !ok {
						return false
					}
					ds = append(ds, kd)
				}
			}
			kt.classes = append(kt.classes, ds)
		}
		k.turns = append(k.turns, kt)
	}
	for ti := range k.turns {
		t := &k.turns[ti]
		var all []*kDrop
		for _, ds := range t.classes {
			for i := range ds {
				all = append(all, &ds[i])
			}
		}
		if len(all) == 1 && all[0].res < 0 {
			t.one = all[0]
		}
	}
	return true
}

// drop describes the drop program blk of type ty for side.
func (k *dropKernel) drop(blk *CBlock, ty, side int) (kDrop, bool) {
	g := k.g
	pi := g.drops.byBlock[blk.ID*g.nplayers+side]
	if pi < 0 {
		return kDrop{}, false
	}
	kd := kDrop{k: int(pi), piece: MakePiece(ty, side) | g.defaults[ty], owner: side, res: -1, dest: make([]int8, g.np)}
	if kd.piece&ghostBit != 0 {
		return kDrop{}, false
	}
	pl := blk.plans[side]
	for q := range kd.dest {
		if pl.kind[q] == planNever {
			continue
		}
		dest := pl.adds[pl.cases[pl.first[q]].a0].dest
		kd.dest[q] = int8(dest)
		gd, _ := k.guard(int(pi), q)
		if !gd.empty.has(dest) {
			k.replaces = true
		}
	}
	if slot := g.resSlot[side*g.ntypes+ty]; slot >= 0 {
		for i, s := range k.slots {
			if s == slot {
				kd.res = i
			}
		}
		if kd.res < 0 {
			if len(k.slots) == kMaxSlots {
				return kDrop{}, false
			}
			kd.res = len(k.slots)
			k.slots = append(k.slots, slot)
		}
	}
	return kd, true
}

// buildGoals takes the goal sequences: every goal that may hold without
// the moves must be a line set of masked tests on one word, every other
// a plain stalemate, and none a count. Each drop then lists the static
// goals of its mover whose test its piece matches: after a drop only
// those can have come to hold.
func (k *dropKernel) buildGoals() bool {
	g := k.g
	static := make([][]kGoal, g.nplayers)
	k.full = make([][]kGoal, g.nplayers)
	for mover := range g.nplayers {
		for _, r := range g.staticGoalSeq[mover] {
			kg, ok := k.goal(r)
			if !ok || kg.stalemate {
				return false
			}
			static[mover] = append(static[mover], kg)
		}
		for _, r := range g.goalSeq[mover] {
			kg, ok := k.goal(r)
			if !ok {
				return false
			}
			k.full[mover] = append(k.full[mover], kg)
		}
	}
	for ti := range k.turns {
		t := &k.turns[ti]
		for _, ds := range t.classes {
			for i := range ds {
				kd := &ds[i]
				for j, m := range k.masks {
					if kd.piece&m.mask == m.want {
						kd.match |= 1 << j
					}
				}
				for _, kg := range static[t.player] {
					switch {
					case kg.conn >= 0 && k.conns[kg.conn].p == kd.owner && !slices.Contains(kd.joins, kg.conn):
						kd.joins = append(kd.joins, kg.conn)
					case kg.conn < 0 && kd.match>>kg.mask&1 != 0:
						kd.checks = append(kd.checks, kg.kLine)
					}
				}
			}
		}
	}
	return true
}

// goal describes goal reference r.
func (k *dropKernel) goal(r goalRef) (kGoal, bool) {
	g := k.g
	c := &g.goals[r.goal]
	kg := kGoal{goal: int(r.goal), player: int(r.player), conn: -1}
	if g.Rules.Goals[r.goal].Kind == rules.Count {
		return kg, false
	}
	switch c.c.Kind {
	case rules.GoalStalemated:
		kg.stalemate = true
		return kg, true
	case rules.GoalConnected:
		kg.conn = k.conn(c, kg.player)
		return kg, kg.conn >= 0
	}
	if c.c.Kind != rules.GoalOr || c.lines == nil || c.lines.win == nil {
		return kg, false
	}
	m := c.lines.masks[r.player]
	if !m.ok {
		return kg, false
	}
	var ok bool
	if kg.pad, kg.n, ok = padWindows(c.lines.win, c.lines.wcell); !ok {
		return kg, false
	}
	kg.dirs = k.lineShifts(c.lines)
	kg.pairs = shiftPairs(kg.dirs)
	kg.least = slices.Min(c.lines.ks)
	kg.mask = -1
	for j, x := range k.masks {
		if x == m {
			kg.mask = j
		}
	}
	if kg.mask < 0 {
		if len(k.masks) == kMaxMasks {
			return kg, false
		}
		kg.mask = len(k.masks)
		k.masks = append(k.masks, m)
	}
	return kg, true
}

// conn returns the index in k.conns of connection goal c of player p,
// added if new; -1 when the kernel cannot follow it (no neighbour sets,
// too many connections).
func (k *dropKernel) conn(c *cgoal, p int) int {
	g := k.g
	if c.nb == nil || g.words > kWords {
		return -1
	}
	kc := kConn{p: p, nb: make([]kSet, g.np)}
	copy(kc.a[:], g.zones[c.c.Zones[0]][p])
	copy(kc.b[:], g.zones[c.c.Zones[1]][p])
	for q := range kc.nb {
		copy(kc.nb[q][:], c.nb[q*g.words:(q+1)*g.words])
	}
	for j := range k.conns {
		if o := &k.conns[j]; o.p == p && o.a == kc.a && o.b == kc.b && slices.Equal(o.nb, kc.nb) {
			return j
		}
	}
	if len(k.conns) == kMaxConns {
		return -1
	}
	k.conns = append(k.conns, kc)
	return len(k.conns) - 1
}

// lineShifts returns, for each n-in-a-row pattern of ls, the shifts that
// find n cells in a row of a set by doubling runs (x & shift1(x) holds the
// starts of runs of two, and so on), or nil when a direction does not add
// one number to the position at every step.
func (k *dropKernel) lineShifts(ls *lineSet) []kShift {
	g := k.g
	links := g.Rules.Board.Links
	var out []kShift
	for i, d := range ls.dirs {
		delta, any := 0, false
		for q := 0; q < g.np; q++ {
			r := int(links[q*g.nd+d])
			if r < 0 {
				continue
			}
			if any && r-q != delta || r == q {
				return nil
			}
			delta, any = r-q, true
		}
		if !any {
			continue // no step at all: no line
		}
		first := true
		for have := 1; have < ls.ks[i]; {
			// Shifts of 64 or more leave no cell on the board (valid
			// is empty): 63 does as well.
			j := min(have, ls.ks[i]-have)
			st := kShift{valid: k.stepsOn(d, j), first: first}
			if delta > 0 {
				st.right = uint8(min(63, j*delta))
			} else {
				st.left = uint8(min(63, -j*delta))
			}
			out = append(out, st)
			have += j
			first = false
		}
	}
	if out == nil {
		out = []kShift{{first: true}} // no line on the board
	}
	return out
}

// shiftPairs returns the shifts of dirs two by two, or nil when a
// direction does not take exactly two.
func shiftPairs(dirs []kShift) [][2]kShift {
	var out [][2]kShift
	for i := 0; i < len(dirs); i += 2 {
		if !dirs[i].first || i+1 >= len(dirs) || dirs[i+1].first || i+2 < len(dirs) && !dirs[i+2].first {
			return nil
		}
		out = append(out, [2]kShift{dirs[i], dirs[i+1]})
	}
	return out
}

// stepsOn returns the cells from which j steps along d stay on the board.
func (k *dropKernel) stepsOn(d, j int) uint64 {
	g := k.g
	links := g.Rules.Board.Links
	var set uint64
	for q := 0; q < g.np; q++ {
		r := int32(q)
		for i := 0; i < j && r >= 0; i++ {
			r = links[int(r)*g.nd+d]
		}
		if r >= 0 {
			set |= 1 << q
		}
	}
	return set
}

// padWindows lays the windows through each cell out in rows of one
// length, filled up with the cell's first window; ok is false when a cell
// has none on a board of 64 positions (the full word, which fills the
// rows of such cells on smaller boards, could then hold).
func padWindows(win []uint64, wcell []int32) (pad []uint64, n int, ok bool) {
	np := len(wcell) - 1
	for q := 0; q < np; q++ {
		n = max(n, int(wcell[q+1]-wcell[q]))
		if wcell[q+1] == wcell[q] && np == 64 {
			return nil, 0, false
		}
	}
	pad = make([]uint64, n*np)
	for q := 0; q < np; q++ {
		row := pad[q*n : (q+1)*n]
		fill := ^uint64(0)
		if wcell[q+1] > wcell[q] {
			fill = win[wcell[q]]
		}
		for i := range row {
			row[i] = fill
		}
		copy(row, win[wcell[q]:wcell[q+1]])
	}
	return pad, n, true
}
