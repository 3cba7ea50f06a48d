package twenty48

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// slowSymmetries maps cells with coordinates: the eight images of the
// board under the symmetries of the square.
func slowSymmetries(b Board) []Board {
	var out []Board
	for k := 0; k < 8; k++ {
		var img Board
		for i := 0; i < 16; i++ {
			r, c := i/4, i%4
			if k&1 != 0 {
				c = 3 - c
			}
			if k&2 != 0 {
				r = 3 - r
			}
			if k&4 != 0 {
				r, c = c, r
			}
			img = img.WithRank(4*r+c, b.Rank(i))
		}
		out = append(out, img)
	}
	return out
}

func randomBoard(rng *rand.Rand) Board {
	var b Board
	for i := 0; i < 16; i++ {
		b = b.WithRank(i, rng.IntN(16))
	}
	return b
}

func TestSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 1000; k++ {
		b := randomBoard(rng)
		got := symmetries(uint64(b))
		want := slowSymmetries(b)
		for _, w := range want {
			if !slices.Contains(got[:], uint64(w)) {
				t.Fatalf("symmetries of\n%vmiss\n%v", b, w)
			}
		}
	}
}

func TestExtractor(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tuples := append(slices.Clone(DefaultShape.Tuples), []int{0, 4, 8, 12}, []int{15, 3, 2, 7, 6}, []int{5})
	for _, cells := range tuples {
		e := newExtractor(cells)
		for k := 0; k < 200; k++ {
			b := randomBoard(rng)
			var want uint64
			for j, c := range cells {
				want |= uint64(b.Rank(c)) << (4 * j)
			}
			if got := e.index(uint64(b)); got != want {
				t.Fatalf("tuple %v on\n%vindex %x, want %x", cells, b, got, want)
			}
		}
	}
}

func TestStage(t *testing.T) {
	n, err := NewNetwork(DefaultShape, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		max, want int
	}{{0, 0}, {1, 0}, {11, 0}, {13, 0}, {14, 1}, {15, 2}} {
		for cell := 0; cell < 16; cell++ {
			b := Board(0x1111111111111111).WithRank(cell, tc.max)
			if tc.max == 0 {
				b = 0
			}
			if got := n.stage(uint64(b)); got != tc.want {
				t.Fatalf("largest rank %d on cell %d: stage %d, want %d", tc.max, cell, got, tc.want)
			}
		}
	}
}

// TestValueIsSymmetric: a network's value is the same on all eight images
// of a board, and stages inherit their predecessors' weights.
func TestValueIsSymmetric(t *testing.T) {
	// Small tables: the symmetries are those of the default shape's
	// tuples, and large tables would make the test slow.
	shape := Shape{Tuples: [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {4, 5, 8, 9}, {0, 1, 2, 4, 5}}, Stages: []int{6}}
	n, _ := NewNetwork(shape, 10)
	rng := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 300; k++ {
		n.addBoard(uint64(randomBoard(rng)), float32(rng.NormFloat64()))
	}
	for k := 0; k < 300; k++ {
		b := randomBoard(rng)
		v := n.Value(b)
		for _, img := range slowSymmetries(b) {
			if w := n.Value(img); !relClose(float64(w), float64(v), 1e-5) {
				t.Fatalf("value %g on\n%vbut %g on its image\n%v", v, b, w, img)
			}
		}
	}
	// A board of stage 1 reads the stage-0 weights until it learns its
	// own, and learning starts from them: a network with stages behaves as
	// one without until the boards differ in stage.
	one, _ := NewNetwork(Shape{Tuples: shape.Tuples}, 10)
	staged, _ := NewNetwork(shape, 10)
	for k := 0; k < 300; k++ {
		b := randomBoard(rng) & 0x3333333333333333 // stage 0
		d := float32(rng.NormFloat64())
		one.addBoard(uint64(b), d)
		staged.addBoard(uint64(b), d)
	}
	b := (randomBoard(rng) & 0x3333333333333333).WithRank(5, 6)
	if staged.stage(uint64(b)) != 1 || one.Value(b) != staged.Value(b) {
		t.Fatalf("stage %d: value %g, want %g", staged.stage(uint64(b)), staged.Value(b), one.Value(b))
	}
	if v, w := one.addBoard(uint64(b), 3), staged.addBoard(uint64(b), 3); v != w {
		t.Fatalf("after learning: value %g, want %g", w, v)
	}
	b0 := b.WithRank(5, 5)
	one.addBoard(uint64(b0), 1)
	staged.addBoard(uint64(b0), 1)
	if one.Value(b) == staged.Value(b) {
		t.Fatal("stage 1 follows the later learning of stage 0")
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestNetworkFileRoundTrip(t *testing.T) {
	n, _ := NewNetwork(Shape{Tuples: [][]int{{0, 1, 2}, {0, 4}}, Stages: []int{3}}, 7)
	rng := rand.New(rand.NewPCG(7, 8))
	for k := 0; k < 100; k++ {
		n.addBoard(uint64(randomBoard(rng)&0x3333333333333333), float32(rng.NormFloat64()*100))
	}
	for _, step := range []float64{0, 0.25} {
		var buf bytes.Buffer
		if err := WriteNetwork(&buf, n, step, []byte(`{"x":1}`), nil, nil); err != nil {
			t.Fatal(err)
		}
		m, hdr, _, err := ReadNetwork(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if string(hdr.Meta) != `{"x":1}` || !m.Shape.Equal(n.Shape) || m.Init != n.Init {
			t.Fatalf("header %+v", hdr)
		}
		for i := range n.w {
			for j, w := range n.w[i] {
				if d := abs32(m.w[i][j] - w); d > float32(step)/2+1e-6 || (w == 0) != (m.w[i][j] == 0) {
					t.Fatalf("step %g: table %d entry %d: %g, want %g", step, i, j, m.w[i][j], w)
				}
			}
		}
	}
}
