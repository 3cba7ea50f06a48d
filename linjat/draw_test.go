package linjat

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestDrawGolden(t *testing.T) {
	p, err := Parse("5....\n.....\no4...\n3o.3.\n")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Rate(p, Difficulties[3].Weights)
	if err != nil || !res.Solved {
		t.Fatalf("rating: %v, %+v", err, res)
	}
	cases := []struct {
		name string
		opt  DrawOptions
	}{
		{"puzzle", DrawOptions{}},
		{"solution", DrawOptions{Solution: res.Solution}},
		{"step1", DrawOptions{Trace: res.Trace, Step: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Draw(p, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			var svg bytes.Buffer
			if err := d.WriteSVG(&svg); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "draw_"+c.name+".svg")
			if *update {
				if err := os.WriteFile(golden, svg.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if !bytes.Equal(svg.Bytes(), want) {
				t.Errorf("SVG differs from %s (run with -update if the change is intended)", golden)
			}
			var png bytes.Buffer
			if err := d.WritePNG(&png); err != nil || png.Len() == 0 {
				t.Fatalf("PNG: %d bytes, %v", png.Len(), err)
			}
		})
	}
}

func TestDrawErrors(t *testing.T) {
	p, _ := Parse("2.\n")
	if _, err := Draw(p, DrawOptions{Trace: []Step{{Rule: Cover}}, Step: 5}); err == nil {
		t.Error("step out of range accepted")
	}
	if _, err := Draw(p, DrawOptions{Solution: Solution{{}, {}}}); err == nil {
		t.Error("solution of the wrong size accepted")
	}
	if _, err := Draw(p, DrawOptions{Trace: []Step{{Decided: []Decided{{Number: 7}}}}, Step: 1}); err == nil {
		t.Error("trace naming a missing number accepted")
	}
}
