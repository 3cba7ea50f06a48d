package twenty48

import (
	"math/rand/v2"
	"testing"
)

// TestBottomAsmMatchesGo checks the assembly last ply against the Go one
// on boards from a game and on random boards with every rank up to 32768.
func TestBottomAsmMatchesGo(t *testing.T) {
	if !bottomAsm {
		t.Skip("no assembly last ply on this processor")
	}
	boards := sampleBoards(t, 1, 1)
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		var x uint64
		for c := range 16 {
			if rng.IntN(3) > 0 {
				x |= uint64(rng.IntN(16)) << (4 * c)
			}
		}
		boards = append(boards, Board(x))
	}
	defer func(v bool) { bottomAsm = v }(bottomAsm)
	for _, name := range []string{"nneonneo", "ludus"} {
		s := &searcher{ev: mustEval(t, name)}
		for _, b := range boards {
			empty := b.emptyMask()
			bottomAsm = true
			s.info.Evals = 0
			got := s.bottom(b, empty)
			gotEvals := s.info.Evals
			bottomAsm = false
			s.info.Evals = 0
			want := s.bottom(b, empty)
			if got != want || gotEvals != s.info.Evals {
				t.Fatalf("%s: board %#x: assembly %v (%d evaluations), Go %v (%d)", name, uint64(b), got, gotEvals, want, s.info.Evals)
			}
		}
	}
}

// BenchmarkBottom is the last level of a chance node, with the assembly
// where the processor allows it ("asm") and in Go.
func BenchmarkBottom(b *testing.B) {
	boards := benchBoards(b)
	s := &searcher{ev: mustEval(b, "nneonneo")}
	run := func(b *testing.B, useAsm bool) {
		if useAsm && !bottomAsm {
			b.Skip("no assembly last ply on this processor")
		}
		defer func(v bool) { bottomAsm = v }(bottomAsm)
		bottomAsm = useAsm
		var sink float32
		for i := 0; i < b.N; i++ {
			x := boards[i%len(boards)]
			sink += s.bottom(x, x.emptyMask())
		}
		_ = sink
	}
	b.Run("asm", func(b *testing.B) { run(b, true) })
	b.Run("go", func(b *testing.B) { run(b, false) })
}
