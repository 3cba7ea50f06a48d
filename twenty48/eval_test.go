package twenty48

import (
	"math"
	"strings"
	"testing"
)

// TestNneonneoLine checks the published heuristic on lines worked out by
// hand (ranks, not tiles).
func TestNneonneoLine(t *testing.T) {
	tests := []struct {
		line [4]int
		want float64
	}{
		// sum 1+1+2^3.5, 1 empty, one run of 2 (merges 2), monoL 1, monoR 16.
		{[4]int{1, 1, 0, 2}, 200000 + 270 + 700*2 - 47*1 - 11*(2+math.Pow(2, 3.5))},
		// Strictly decreasing: monoR 0, so no monotonicity penalty.
		{[4]int{3, 2, 1, 0}, 200000 + 270 - 11*(math.Pow(3, 3.5)+math.Pow(2, 3.5)+1)},
		// A run of four: merges 4.
		{[4]int{2, 2, 2, 2}, 200000 + 700*4 - 11*4*math.Pow(2, 3.5)},
		// Empties do not break a run: 5 . 5 counts as a run of two.
		{[4]int{5, 0, 5, 0}, 200000 + 270*2 + 700*2 - 47*math.Pow(5, 4) - 11*2*math.Pow(5, 3.5)},
		{[4]int{}, 200000 + 270*4},
	}
	for _, tt := range tests {
		if got := NneonneoWeights.Line(tt.line); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("Line(%v) = %.4f, want %.4f", tt.line, got, tt.want)
		}
	}
}

// TestEvalTables checks that a board's evaluation is the sum of its rows'
// and columns' line values.
func TestEvalTables(t *testing.T) {
	tuned, _ := ParseWeights("nneonneo,empty=300,sum=12")
	for name, w := range map[string]LineWeights{"nneonneo": NneonneoWeights, "ludus": LudusWeights,
		"nneonneo,empty=300,sum=12": tuned} {
		e := mustEval(t, name)
		for _, b := range sampleBoards(t, 21, 25) {
			var want float64
			for i := 0; i < 4; i++ {
				want += w.Line([4]int{b.Rank(4 * i), b.Rank(4*i + 1), b.Rank(4*i + 2), b.Rank(4*i + 3)})
				want += w.Line([4]int{b.Rank(i), b.Rank(4 + i), b.Rank(8 + i), b.Rank(12 + i)})
			}
			if got := float64(e.Score(b)); math.Abs(got-want) > 1 {
				t.Fatalf("%s: Score = %.2f, want %.2f on\n%v", name, got, want, b)
			}
		}
	}
	if _, err := EvalByName("nosuch"); err == nil {
		t.Error("EvalByName accepted an unknown name")
	}
}

func TestParseWeights(t *testing.T) {
	for _, tt := range []struct {
		spec, err string
		want      LineWeights
	}{
		{spec: "empty=1000", want: func() LineWeights { w := LudusWeights; w.Empty = 1000; return w }()},
		{spec: "nneonneo, sum = 12 ,mono=40", want: func() LineWeights { w := NneonneoWeights; w.Sum, w.Mono = 12, 40; return w }()},
		{spec: LudusWeights.String(), want: LudusWeights},
		{spec: "empty=1000,bogus=3", err: `unknown term "bogus"`},
		{spec: "empty=abc", err: `term empty: "abc" is not a number`},
		{spec: "empty=NaN", err: "not a number"},
		{spec: "sum_power=100", err: "out of its range"},
		{spec: "other,empty=1", err: `weights "other" to start from are unknown`},
		{spec: "empty=1,sum", err: `"sum" is not term=value`},
	} {
		got, err := ParseWeights(tt.spec)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: error %v, want %q", tt.spec, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("%q: %+v, %v; want %+v", tt.spec, got, err, tt.want)
		}
	}
}

func TestWilson(t *testing.T) {
	for _, tt := range []struct {
		p      float64
		n      int
		lo, hi float64
	}{{0.5, 100, 0.4038, 0.5962}, {0, 10, 0, 0.2775}, {0.75, 200, 0.6860, 0.8042}} {
		lo, hi := Wilson(tt.p, tt.n)
		if math.Abs(lo-tt.lo) > 1e-3 || math.Abs(hi-tt.hi) > 1e-3 {
			t.Errorf("Wilson(%g, %d) = %.4f-%.4f, want %.4f-%.4f", tt.p, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}
