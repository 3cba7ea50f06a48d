package search

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/zrf"
)

// BenchmarkTreeParallelLock runs tree-parallel iterations on one
// goroutine, the lock never contended, from the start of bundled rules
// files, and reports the share of each iteration spent holding the lock:
// with every thread on its own core the lock can serve at most
// 100/locked-% threads, and contention sets in well before that. Each
// round is a decision of the game's iterations on a fresh tree.
func BenchmarkTreeParallelLock(b *testing.B) {
	for _, g := range []struct {
		file  string
		iters int
	}{{"chess.zrf", 100}, {"breakthrough.zrf", 2000}, {"connect-four.zrf", 10000}} {
		b.Run(g.file, func(b *testing.B) {
			z, err := zrf.Load("../games/"+g.file, "")
			if err != nil {
				b.Fatal(err)
			}
			cg, err := engine.Compile(z.Rules)
			if err != nil {
				b.Fatal(err)
			}
			pos := engine.NewPosition(engine.NewState(cg), nil)
			m := &MCTS[engine.Ply, *engine.Position]{}
			var mu sync.Mutex
			var locked, total time.Duration
			n := 0
			for b.Loop() {
				t := newTree[engine.Ply, *engine.Position](rand.New(rand.NewPCG(1, uint64(n))))
				t.node(0).key = pos.Key()
				w := &t.walker
				mu.Lock()
				for range g.iters {
					t0 := time.Now()
					cur, fresh := t.descend(&mu, w, pos, m.maxNodes(), math.Sqrt2)
					t1 := time.Now()
					mu.Unlock()
					key, r := w.rollout(pos, m, fresh)
					t2 := time.Now()
					mu.Lock()
					t.backup(w, cur, fresh, key, r)
					t3 := time.Now()
					locked += t1.Sub(t0) + t3.Sub(t2)
					total += t3.Sub(t0)
					n++
				}
				mu.Unlock()
			}
			b.ReportMetric(100*locked.Seconds()/total.Seconds(), "locked-%")
			b.ReportMetric(float64(locked.Nanoseconds())/float64(n), "locked-ns/iteration")
			b.ReportMetric(float64(total.Nanoseconds())/float64(n), "ns/iteration")
		})
	}
}
