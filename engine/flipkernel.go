package engine

import (
	"math/bits"
	"math/rand/v2"
)

// Playouts of drops that turn pieces over (reversi) on bit sets. When the
// only move program of a two-player game on at most 64 positions is a drop
// on an empty cell that, in each of its directions, turns over a run of
// enemy pieces closed by a friendly piece, and must turn one over
// (recognised in the bytecode: flipkernelc.go), a random game needs no
// more of the position than the two players' occupancy sets. The kernel
// plays it on copies of them and leaves the state alone. It makes the
// draws the general playout makes, in the same order: the drop program's
// candidate cells tried in random order (drawDrop) until one turns a run
// over, a forced pass drawn as the only move of its list. So it plays the
// same game move for move.
//
// A direction's run is read off its ray, the cells a walk from the drop
// passes, as one bit set whose positions rise (or fall) along the walk:
// the first cell that holds no enemy piece is the lowest (highest) bit of
// the ray outside the enemy's set, and the run is the ray's bits below
// (above) it, turned over when that cell is friendly.

// flipKernel is what the compiled game knows for the kernel.
type flipKernel struct {
	g *Game
	// side[t] is the side that moves at entry t of the turn order.
	side  []int
	sides [2]fkSide
	// pass: a player who cannot drop passes when a player after it can
	// (the forced pass); ahead is how many entries passHelps looks at.
	pass  bool
	ahead int
	// goals[mover] are the goals of goalSeq[mover]: stalemates.
	goals [][]fkGoal
	// segs are the program's directions in its order, each with the
	// direction that walks back (for replay).
	segs []fkSeg
}

// fkSide is the drop program for one side: the piece it drops, its
// candidate cells (drops.go: always, while empty, or while the guard of
// one of guards holds), and the rays of every cell with at least two
// cells, rays[at[q]:mid[q]] rising and rays[mid[q]:at[q+1]] falling;
// adj[q] holds their first cells.
type fkSide struct {
	piece           Piece
	always, ifEmpty uint64
	guards          []fkGuard
	adj             []uint64
	rays            []uint64
	at, mid         []int32
}

// fkGuard is the guard of a candidate cell q that tests more than q's
// emptiness (next to an edge or a hole, a drop may have one direction
// only), as masked compares: the cells that must be empty or occupied,
// friendly or not, hostile or not.
type fkGuard struct {
	q                 int32
	empty, full       uint64
	friend, notFriend uint64
	enemy, notEnemy   uint64
}

// candidates returns the cells the drop program of sd is tried from.
func (sd *fkSide) candidates(own, opp uint64) uint64 {
	full := own | opp
	cand := sd.always | sd.ifEmpty&^full
	for i := range sd.guards {
		gd := &sd.guards[i]
		if full&gd.empty == 0 && full&gd.full == gd.full && own&gd.friend == gd.friend && own&gd.notFriend == 0 &&
			opp&gd.enemy == gd.enemy && opp&gd.notEnemy == 0 {
			cand |= 1 << gd.q
		}
	}
	return cand
}

// fkSeg is a direction the drop program walks, and the direction back.
type fkSeg struct{ dir, back int32 }

// fkGoal is a goal met when player cannot move: counted (the most pieces
// wins) or not.
type fkGoal struct {
	goal, player int
	count        bool
}

// ready reports whether the kernel plays from entry t of the turn order.
func (k *flipKernel) ready(int) bool { return true }

// playout plays a random game from s as Playout does; see dropKernel.
// With rec, the drops (-1: a pass) are appended to s.fmoves.
func (k *flipKernel) playout(s *State, rng *rand.Rand, maxPlies int, rec bool) (r Result, plies int, ok bool, err error) {
	if s.meter.on {
		// A state under a budget plays the general way, which spends
		// it.
		return Result{}, 0, false, nil
	}
	if over, err := s.staticEnd(); over || err != nil {
		return Result{}, 0, false, nil
	}
	g := k.g
	occ := [2]uint64{s.occ[0], s.occ[1]}
	for x := occ[0] | occ[1]; x != 0; x &= x - 1 {
		if s.cells[bits.TrailingZeros64(x)]&ghostBit != 0 {
			return Result{}, 0, false, nil
		}
	}
	s.fmoves = s.fmoves[:0]
	turn := s.turn
	mover := g.prevPlayer(turn)
	if n := len(s.frames); n > 0 {
		mover = g.turns[s.frames[n-1].turn].Player
	}
	for ply := 0; ; ply++ {
		side := k.side[turn]
		// The draw comes before the cut, as in playoutStep; a pass is
		// drawn after it.
		q, f := k.sides[side].draw(&occ, side, rng)
		switch {
		case q >= 0 && ply >= maxPlies:
			return Result{}, ply, true, nil
		case q >= 0:
			occ[side] |= 1<<q | f
			occ[1-side] &^= f
		case !k.pass || !k.helps(&occ, turn):
			r, err := k.result(s, &occ, mover, turn)
			return r, ply, true, err
		case ply >= maxPlies:
			return Result{}, ply, true, nil
		default:
			// The pass is drawn as the only move of its list (playPick):
			// the draw spends a random number.
			//lint:ignore SA4030 the number drawn is always 0; the draw is what counts
			rng.IntN(1)
		}
		if rec {
			s.fmoves = append(s.fmoves, q)
		}
		mover, turn = g.turns[turn].Player, int(g.next[turn])
	}
}

// draw tries the candidates of the drop in random order as drawDrop does
// and returns the first that turns a run over, with the pieces it turns
// (-1: none does).
func (sd *fkSide) draw(occ *[2]uint64, side int, rng *rand.Rand) (int32, uint64) {
	own, opp := occ[side], occ[1-side]
	full := own | opp
	cand := sd.candidates(own, opp)
	for n := bits.OnesCount64(cand); n > 0; n-- {
		p := nthBit1(cand, rng.IntN(n))
		cand &^= 1 << p
		if full>>p&1 != 0 {
			continue // the program stops at (verify empty?)
		}
		if f := sd.drop(p, own, opp); f != 0 {
			return p, f
		}
	}
	return -1, 0
}

// drop returns the pieces a drop on the empty cell p turns over.
func (sd *fkSide) drop(p int32, own, opp uint64) uint64 {
	if sd.adj[p]&opp == 0 {
		return 0 // no enemy piece next to it
	}
	return sd.flips(p, own, opp)
}

// any reports whether side has a drop.
func (sd *fkSide) any(occ *[2]uint64, side int) bool {
	own, opp := occ[side], occ[1-side]
	full := own | opp
	for cand := sd.candidates(own, opp) &^ full; cand != 0; cand &= cand - 1 {
		if sd.drop(int32(bits.TrailingZeros64(cand)), own, opp) != 0 {
			return true
		}
	}
	return false
}

// flips returns the pieces a drop on p turns over.
func (sd *fkSide) flips(p int32, own, opp uint64) uint64 {
	var f uint64
	at, mid, end := sd.at[p], sd.mid[p], sd.at[p+1]
	for _, ray := range sd.rays[at:mid] {
		x := ray &^ opp
		t := x & -x
		f |= ray & (t - 1) & -nonzero(t&own)
	}
	for _, ray := range sd.rays[mid:end] {
		x := ray &^ opp
		t := uint64(1<<63) >> bits.LeadingZeros64(x) // 0 when x is
		f |= ray &^ (t | (t - 1)) & -nonzero(t&own)
	}
	return f
}

// nonzero is 1 when x is not 0, else 0.
func nonzero(x uint64) uint64 { return (x | -x) >> 63 }

// helps reports whether, after the player of entry turn passes, a player
// has a drop before the turn comes round again (passHelps).
func (k *flipKernel) helps(occ *[2]uint64, turn int) bool {
	for range k.ahead {
		turn = int(k.g.next[turn])
		side := k.side[turn]
		if k.sides[side].any(occ, side) {
			return true
		}
	}
	return false
}

// result is the result when the player of entry turn has no move (nor a
// pass) after a move of mover: the first of mover's goals that is a
// stalemate of that player, else a draw.
func (k *flipKernel) result(s *State, occ *[2]uint64, mover, turn int) (Result, error) {
	next := k.g.turns[turn].Player
	for _, fg := range k.goals[mover] {
		switch {
		case fg.player != next:
		case fg.count:
			return k.counted(s, occ, fg.goal, fg.player), nil
		default:
			return s.outcome(fg.goal, fg.player)
		}
	}
	return s.draw("no moves"), nil
}

// counted is outcome for count goal i of player p, the pieces counted on
// occ instead of the state's cells.
func (k *flipKernel) counted(s *State, occ *[2]uint64, i, p int) Result {
	g := k.g
	r := Result{Over: true, Scores: s.floats(0), Reason: g.reasons[i][p], Words: g.goalWords[i]}
	scores := s.floats(1)
	for o := range scores {
		scores[o] = float64(bits.OnesCount64(occ[o]))
	}
	for o, x := range g.Rules.Komi {
		scores[o] += x
	}
	s.rank(scores, r.Scores)
	return r
}

// replay plays the moves of s.fmoves on s, each drop with the changes the
// drop program makes, in its order.
func (k *flipKernel) replay(s *State) {
	var buf [32]Change
	for _, q := range s.fmoves {
		if q < 0 {
			s.playPass()
			continue
		}
		s.play(k.changes(s, k.side[s.turn], q, buf[:0]), -1, q)
	}
}

// changes appends the changes of side's drop on q to ch: the piece
// dropped, then direction by direction the run turned over, from its far
// end back, as the program walks it.
func (k *flipKernel) changes(s *State, side int, q int32, ch []Change) []Change {
	g := k.g
	nb, nd := g.nbs[side], int32(g.nd)
	is := func(op uint8, p int32) bool { return p >= 0 && g.cellTest(op, s.cells[p], side, 0) }
	ch = append(ch, Change{q, k.sides[side].piece})
	for _, sg := range k.segs {
		p := nb[q*nd+sg.dir]
		if !is(opEnemy, p) {
			continue
		}
		for is(opEnemy, nb[p*nd+sg.dir]) {
			p = nb[p*nd+sg.dir]
		}
		if !is(opFriend, nb[p*nd+sg.dir]) {
			continue
		}
		for ; is(opEnemy, p); p = nb[p*nd+sg.back] {
			ch = append(ch, Change{p, s.cells[p].withOwner(side)})
		}
	}
	return ch
}
