package planar

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func complete(n int) [][2]int {
	var e [][2]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			e = append(e, [2]int{a, b})
		}
	}
	return e
}

func grid(w, h int) (int, [][2]int) {
	var e [][2]int
	for y := range h {
		for x := range w {
			v := y*w + x
			if x+1 < w {
				e = append(e, [2]int{v, v + 1})
			}
			if y+1 < h {
				e = append(e, [2]int{v, v + w})
			}
		}
	}
	return w * h, e
}

// subdivide replaces every edge by a path of two edges through a new vertex.
func subdivide(n int, edges [][2]int) (int, [][2]int) {
	var out [][2]int
	for _, e := range edges {
		out = append(out, [2]int{e[0], n}, [2]int{n, e[1]})
		n++
	}
	return n, out
}

func TestPlanarity(t *testing.T) {
	k33 := [][2]int{{0, 3}, {0, 4}, {0, 5}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}}
	gn, ge := grid(5, 4)
	sn, se := subdivide(5, complete(5))
	tests := []struct {
		name   string
		n      int
		edges  [][2]int
		planar bool
		kind   string
	}{
		{"K4", 4, complete(4), true, ""},
		{"K5", 5, complete(5), false, "K5"},
		{"K3,3", 6, k33, false, "K3,3"},
		{"grid", gn, ge, true, ""},
		{"subdivided K5", sn, se, false, "K5"},
		{"K5 plus a tail", 7, append(complete(5), [2]int{4, 5}, [2]int{5, 6}), false, "K5"},
		{"tree", 4, [][2]int{{0, 1}, {1, 2}, {1, 3}}, true, ""},
		{"two triangles at a vertex", 5, [][2]int{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 2}}, true, ""},
	}
	for _, tt := range tests {
		blocks, err := Embed(tt.n, tt.edges)
		if IsPlanar(tt.n, tt.edges) != tt.planar {
			t.Errorf("%s: IsPlanar = %v", tt.name, !tt.planar)
		}
		if !tt.planar {
			var np *NonPlanarError
			if !errors.As(err, &np) || np.Kind != tt.kind {
				t.Errorf("%s: error %v, want a %s witness", tt.name, err, tt.kind)
			} else if IsPlanar(tt.n, np.Edges) {
				t.Errorf("%s: witness %v is planar", tt.name, np.Edges)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		checkFaces(t, tt.name, tt.edges, blocks)
	}
}

// checkFaces checks Euler's formula per block and that every edge of a
// block lies on exactly two face boundaries.
func checkFaces(t interface{ Errorf(string, ...any) }, name string, edges [][2]int, blocks []Block) {
	for _, b := range blocks {
		in := map[int]bool{}
		for _, v := range b.Vertices {
			in[v] = true
		}
		count := map[[2]int]int{}
		for _, f := range b.Faces {
			for i, v := range f {
				w := f[(i+1)%len(f)]
				count[key(v, w)]++
			}
		}
		e := 0
		for _, ed := range edges {
			if in[ed[0]] && in[ed[1]] {
				e++
				if count[key(ed[0], ed[1])] != 2 {
					t.Errorf("%s: edge %v on %d faces", name, ed, count[key(ed[0], ed[1])])
				}
			}
		}
		if got, want := len(b.Faces), e-len(b.Vertices)+2; got != want {
			t.Errorf("%s: block %v has %d faces, Euler says %d", name, b.Vertices, got, want)
		}
	}
}

// Random planar graphs (subgraphs of triangulated grids) embed, and their
// faces satisfy Euler's formula.
func TestRandomPlanarGraphs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w, h := rapid.IntRange(2, 6).Draw(t, "w"), rapid.IntRange(2, 6).Draw(t, "h")
		n, edges := grid(w, h)
		for y := 0; y+1 < h; y++ {
			for x := 0; x+1 < w; x++ {
				if rapid.Bool().Draw(t, "diag") {
					edges = append(edges, [2]int{y*w + x, (y+1)*w + x + 1})
				}
			}
		}
		var kept [][2]int
		for _, e := range edges {
			if rapid.IntRange(0, 9).Draw(t, "keep") > 1 {
				kept = append(kept, e)
			}
		}
		blocks, err := Embed(n, kept)
		if err != nil {
			t.Fatalf("planar graph rejected: %v", err)
		}
		checkFaces(t, "random", kept, blocks)
	})
}

func TestK33Sides(t *testing.T) {
	k33 := [][2]int{{0, 3}, {0, 4}, {0, 5}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}}
	_, err := Embed(6, k33)
	var np *NonPlanarError
	if !errors.As(err, &np) {
		t.Fatal(err)
	}
	a, b := slices.Sorted(slices.Values(np.Branch[:3])), slices.Sorted(slices.Values(np.Branch[3:]))
	if !slices.Equal(a, []int{0, 1, 2}) && !slices.Equal(b, []int{0, 1, 2}) {
		t.Errorf("sides %v %v", a, b)
	}
}

// The faces of a planar graph: a square with one diagonal has two
// triangles inside and the square around them.
func ExampleEmbed() {
	blocks, err := Embed(4, [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range blocks[0].Faces {
		fmt.Println(len(f))
	}
	_, err = Embed(5, complete(5))
	fmt.Println(err)
	// Unordered output:
	// 3
	// 3
	// 4
	// graph is not planar: vertices [0 1 2 3 4] form a subdivided K5
}
