package engine

import "math/rand/v2"

// Zobrist keys: one random key per (position, piece), per turn-order entry
// and per last-move square, fixed by a seed so that hashes are the same in
// every run; cells past the board are hashed by mixing their index and
// value.

func (g *Game) keys() {
	rng := rand.New(rand.NewPCG(0x6c75647573, 0x656e67696e65))
	g.zkey = make([]uint64, g.np*(g.ntypes+1)*g.nplayers)
	for i := range g.zkey {
		g.zkey[i] = rng.Uint64()
	}
	g.turnKey = make([]uint64, len(g.turns))
	for i := range g.turnKey {
		g.turnKey[i] = rng.Uint64()
	}
	for k := range g.lastKey {
		g.lastKey[k] = make([]uint64, g.np+1)
		for i := range g.lastKey[k] {
			g.lastKey[k][i] = rng.Uint64()
		}
	}
}

// zob is the Zobrist key of value v in cell i.
func (g *Game) zob(i int32, v Piece) uint64 {
	if v == 0 {
		return 0
	}
	if int(i) >= g.np {
		if k := int(i - g.ext.varBase); g.ext.clock != nil && k >= 0 && k < len(g.ext.clock) && g.ext.clock[k] {
			return 0 // a clock is not part of the position
		}
		return mix64(uint64(i)<<32 | uint64(v))
	}
	k := g.zkey[(int(i)*(g.ntypes+1)+int(v&typeMask))*g.nplayers+v.Owner()]
	if rest := v >> 12; rest != 0 {
		k ^= mix64(uint64(i)<<32 | uint64(rest))
	}
	return k
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
