package dungeon

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestEnclosedRectangles(t *testing.T) {
	k4 := "connections: [[a,b],[a,c],[a,d],[b,c],[b,d],[c,d]]\n"
	ell := "  ell: {outline: [[0,0],[8,0],[8,4],[4,4],[4,8],[0,8]], doors: {length: 1, corner: 1}}\n"
	corridor := "  cor: {outline: [[0,0],[1,0],[1,2],[0,2]], doors: [[[0,0],[1,0]],[[0,2],[1,2]]]}\n"
	tests := []struct {
		name, src string
		want      []string // nil: no error
	}{
		{"four rectangles joined to each other", square + k4,
			[]string{"test.yaml:", "rooms a, b, c and d cannot be laid out", "enclose no space"}},
		{"four among more rooms", square + "connections: [[x,a],[a,b],[a,c],[a,d],[b,c],[b,d],[c,d],[d,y]]\n",
			[]string{"rooms a, b, c and d"}},
		{"one room may be an L", sqTemplate + ell + "defaultTemplates: [sq]\nrooms: {d: [sq, ell]}\n" + k4, nil},
		{"one connection has a corridor", sqTemplate + corridor + "defaultTemplates: [sq]\nconnections: [[a,b],[a,c],[a,d],[b,c],[b,d],{from: c, to: d, corridor: [cor]}]\n", nil},
		{"two triangles sharing a connection", square + "connections: [[a,b],[a,c],[b,c],[a,d],[b,d]]\n", nil},
	}
	for _, tt := range tests {
		spec, err := parse(t, tt.src)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, err = NewGenerator(spec)
		switch {
		case tt.want == nil && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != nil && err == nil:
			t.Errorf("%s: no error", tt.name)
		}
		for _, w := range tt.want {
			if err != nil && !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", tt.name, err, w)
			}
		}
	}
}

// A sweep counts a level that provably has no layout as a failed run
// instead of stopping.
func TestSweepRunNoLayout(t *testing.T) {
	spec, err := parse(t, square+"connections: [[a,b],[a,c],[a,d],[b,c],[b,d],[c,d]]\n")
	if err != nil {
		t.Fatal(err)
	}
	run, err := sweepRun(context.Background(), SweepLevel{}, spec, SweepOptions{Seed: 1, TimeLimit: time.Second})
	if err != nil {
		t.Fatalf("sweep stopped: %v", err)
	}
	if !errors.Is(run.Err, ErrNoLayout) || run.Layout != nil {
		t.Errorf("run error %v, layout %v; want ErrNoLayout and none", run.Err, run.Layout)
	}
}
