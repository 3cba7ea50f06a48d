package twenty48

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStartPoolReservoir: the pool keeps at most poolSize boards a rank, a
// uniform sample of those offered, and picks from the ranks it holds.
func TestStartPoolReservoir(t *testing.T) {
	p := newStartPool([]int{14, 15})
	if !slices.Equal(p.Ranks, []int{13, 14, 15}) {
		t.Fatalf("ranks %v, want [13 14 15]", p.Ranks)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const offered = 10 * poolSize
	for i := 1; i <= offered; i++ {
		p.offer([]Board{Board(i), 0, 0}, rng)
	}
	if p.Seen[0] != offered || len(p.Boards[0]) != poolSize || len(p.Boards[1]) != 0 {
		t.Fatalf("seen %v, kept %d %d", p.Seen, len(p.Boards[0]), len(p.Boards[1]))
	}
	// A uniform sample of 1..10000 has a mean near 5000 (standard error
	// about 90 for 1000 boards).
	sum := 0.0
	for _, b := range p.Boards[0] {
		sum += float64(b)
	}
	if mean := sum / poolSize; mean < 4500 || mean > 5500 {
		t.Fatalf("mean board %.0f of the sample, want about %d", mean, offered/2)
	}
	picked := 0
	for range 1000 {
		if b := p.pick(0.3, rng); b != 0 {
			picked++
			if !slices.Contains(p.Boards[0], uint64(b)) {
				t.Fatalf("picked %d, not in the pool", b)
			}
		}
	}
	if picked < 240 || picked > 360 {
		t.Fatalf("%d of 1000 games restarted at a share of 0.3", picked)
	}
	empty := newStartPool([]int{14})
	if b := empty.pick(0.99, rng); b != 0 {
		t.Fatalf("an empty pool gave board %x", uint64(b))
	}
}

// TestFirstReached: a game notes the first board holding each pool rank.
func TestFirstReached(t *testing.T) {
	ranks := []int{3, 4}
	firsts := make([]Board, 2)
	top := 0
	boards := []Board{0x1, 0x2, 0x3, 0x13, 0x4, 0x14}
	for _, b := range boards {
		top = firstReached(b, ranks, firsts, top)
	}
	if firsts[0] != 0x3 || firsts[1] != 0x4 || top != 4 {
		t.Fatalf("firsts %x, top %d; want [3 4], 4", firsts, top)
	}
}

// TestTrainRestarts: a training that restarts games from its start pool
// resumes exactly, keeps its curve to the games from the empty board, and
// its pool holds boards of the pool's tiles.
func TestTrainRestarts(t *testing.T) {
	cfg := smallTrainConfig(5)
	cfg.Shape.Stages = []int{8}
	cfg.Restarts = 0.5
	straight, resumed := trainTwice(t, cfg, 53, 120)
	s := resumed.State
	if s.Restarted == 0 || s.Restarted != straight.State.Restarted {
		t.Fatalf("restarted %d, straight %d", s.Restarted, straight.State.Restarted)
	}
	fromEmpty := int64(s.Pending.N)
	for _, c := range s.Curve {
		fromEmpty += int64(c.N)
	}
	if fromEmpty != s.Games-s.Restarted {
		t.Fatalf("curve covers %d games, %d played from the empty board", fromEmpty, s.Games-s.Restarted)
	}
	for k, r := range s.Pool.Ranks {
		for _, b := range s.Pool.Boards[k] {
			if Board(b).maxRank() != r {
				t.Fatalf("pool rank %d holds a board of largest rank %d", r, Board(b).maxRank())
			}
		}
	}
}

// TestStartPoolValid: a pool read from a checkpoint whose counts do not
// fit its boards is refused (a count below the boards kept would make the
// reservoir draw from an empty range).
func TestStartPoolValid(t *testing.T) {
	p := newStartPool([]int{14})
	p.offer([]Board{1, 2}, rand.New(rand.NewPCG(1, 1)))
	if !p.valid() {
		t.Fatalf("a pool as offer leaves it is refused: %+v", p)
	}
	for name, damage := range map[string]func(*StartPool){
		"negative count":        func(p *StartPool) { p.Seen[0] = -3 },
		"fewer seen than kept":  func(p *StartPool) { p.Seen[1] = 0 },
		"too many boards":       func(p *StartPool) { p.Boards[0] = make([]uint64, poolSize+1); p.Seen[0] = poolSize + 1 },
		"counts of other ranks": func(p *StartPool) { p.Seen = p.Seen[:1] },
	} {
		q := newStartPool([]int{14})
		q.offer([]Board{1, 2}, rand.New(rand.NewPCG(1, 1)))
		damage(&q)
		if q.valid() {
			t.Errorf("%s: accepted", name)
		}
	}
}
