package engine

import "math/bits"

// Building the drop kernel's loop on one word (dropword.go) from the
// kernel: each plan's guard as tests at fixed offsets, the drops of each
// turn with their landing cells and line tests.

// buildWord returns the word loop of k, or nil when the game does not fit
// it.
func (k *dropKernel) buildWord() *dropWord {
	g := k.g
	if g.words != 1 || k.replaces || len(k.conns) > 0 {
		return nil
	}
	w := &dropWord{turns: make([]kwTurn, len(k.turns))}
	guards := make([]*kwGuard, len(g.drops.plans))
	for ti := range k.turns {
		if !k.from[ti] {
			continue // never played here
		}
		t := &k.turns[ti]
		wt := &w.turns[ti]
		*wt = kwTurn{player: t.player, next: t.next}
		for _, ds := range t.classes {
			if len(ds) > kwMaxDrops {
				return nil
			}
			var cl []kwDrop
			for i := range ds {
				kd := &ds[i]
				if guards[kd.k] == nil {
					guards[kd.k] = new(kwGuard)
					if !k.wordGuard(kd.k, guards[kd.k]) {
						return nil
					}
				}
				cl = append(cl, k.wordDrop(kd, guards[kd.k]))
			}
			if len(cl) > 0 {
				wt.classes = append(wt.classes, cl)
			}
		}
		if len(wt.classes) == 1 && len(wt.classes[0]) == 1 {
			wt.single, wt.one = true, wt.classes[0][0]
		}
	}
	return w
}

// wordDrop describes drop kd, whose plan's guard is gw, for the word loop.
func (k *dropKernel) wordDrop(kd *kDrop, gw *kwGuard) kwDrop {
	d := kwDrop{kd: kd, guard: *gw, side: k.g.drops.plans[kd.k].side, owner: kd.owner, res: kd.res,
		m1: -1, plain: true, onCand: true}
	for _, l := range d.guard.lits[:d.guard.n] {
		d.plain = d.plain && l.src == srcFullCells
	}
	if bits.OnesCount64(kd.match) == 1 {
		d.m1 = bits.TrailingZeros64(kd.match)
	}
	if len(kd.checks) == 1 && len(kd.checks[0].pairs) <= len(d.line.pairs) {
		kl := &kd.checks[0]
		d.line = kwLine{mask: kl.mask, least: kl.least, n: len(kl.pairs)}
		for i, pr := range kl.pairs {
			for j, st := range pr {
				d.line.pairs[i][j] = kwShift{rot: int(st.left) - int(st.right), valid: st.valid}
			}
		}
	}
	for q, dest := range kd.dest {
		d.dest[q] = uint8(dest)
		d.onCand = d.onCand && (int(dest) == q || (gw.templ|gw.run)>>q&1 == 0)
	}
	return d
}

// wordGuard writes the guard of drop plan i as tests at fixed offsets;
// false when it has too many.
func (k *dropKernel) wordGuard(i int, gw *kwGuard) bool {
	for q := 0; q < k.g.np; q++ {
		gd, ok := k.guard(i, q)
		switch {
		case !ok:
			return false
		case gd.never:
			continue
		}
		tests := [...]struct {
			set  uint64
			src  uint8
			flip bool
		}{
			{gd.empty[0], srcFullCells, true}, {gd.full[0], srcFullCells, false},
			{gd.notFriend[0], srcOwnCells, true}, {gd.friend[0], srcOwnCells, false},
			{gd.notEnemy[0], srcEnemyCells, true}, {gd.enemy[0], srcEnemyCells, false},
		}
		none := true
		for _, tc := range tests {
			for x := tc.set; x != 0; x &= x - 1 {
				none = false
				if !gw.add(tc.src, tc.flip, bits.TrailingZeros64(x)-q, q) {
					return false
				}
			}
		}
		if none {
			gw.run |= 1 << q
		} else {
			gw.templ |= 1 << q
		}
	}
	// Until here out held the positions with the test; the tests left
	// unused hold everywhere.
	for j := range gw.lits {
		gw.lits[j].out = ^gw.lits[j].out
	}
	return true
}

// add adds the test of source src at offset off to position q's guard.
func (gw *kwGuard) add(src uint8, flip bool, off, q int) bool {
	l := kwLit{src: src, rot: -off}
	if flip {
		l.flip = ^uint64(0)
	}
	for j := range gw.lits[:gw.n] {
		o := &gw.lits[j]
		if o.src == l.src && o.flip == l.flip && o.rot == l.rot {
			o.out |= 1 << q
			return true
		}
	}
	if gw.n == kwMaxLits {
		return false
	}
	l.out = 1 << q
	gw.lits[gw.n] = l
	gw.n++
	return true
}
