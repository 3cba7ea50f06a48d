package twenty48

import (
	"testing"
	"time"
	"os"
	"runtime"
	"strconv"
	"syscall"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}


func TestQuickPlay(t *testing.T) {
	if os.Getenv("QUICK") == "" { t.Skip() }
	e, _ := EvalByName("nneonneo")
	d, _ := strconv.Atoi(os.Getenv("DEPTH"))
	games, _ := strconv.Atoi(os.Getenv("GAMES"))
	x := &Expectimax{Eval: e, Depth: d}
	var tot time.Duration
	var moves, evals int64
	runtime.LockOSThread()
	for gi := 0; gi < games; gi++ {
		g := NewGame(uint64(1001 + gi))
		start := cpuNow()
		for !g.Over() {
			m, info, ok := x.Choose(g.Board, nil)
			if !ok { break }
			evals += info.Evals
			g.Play(m)
			moves++
		}
		tot += cpuNow() - start
		t.Logf("game %d score %d max %d moves %d", gi, g.Score, g.MaxTile(), g.Moves)
	}
	t.Logf("%.0f moves/s, %.1f Mevals/s", float64(moves)/tot.Seconds(), float64(evals)/tot.Seconds()/1e6)
}
