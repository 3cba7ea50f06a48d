package dungeon

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/dungeon/geom"
	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/internal/testenv"
)

// TestExactAgreesWithAnnealing lays out small random levels both ways:
// every layout the exhaustive search returns passes the independent
// checker, and no level it proves to have no layout is laid out by
// annealing (which would make the proof wrong). The quick run tries 19
// levels (the last proved to have no layout; the 20th would spend 4 s on
// half the step budget without an answer), LUDUS_LONG=1 60 (two such
// levels) with twice the steps.
func TestExactAgreesWithAnnealing(t *testing.T) {
	seeds, steps := testenv.Pick(19, 60), testenv.Pick(100_000, 200_000)
	if testing.Short() {
		seeds = 15
	}
	var found, none, unknown int
	for seed := range uint64(seeds) {
		opt := SynthOptions{Rooms: 6 + int(seed%7), Cycles: 1 + int(seed%4), Seed: seed + 1, Corridors: seed%5 == 4}
		spec, err := Synthetic(opt)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGenerator(spec)
		if errors.Is(err, ErrNoLayout) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		x := newExactSearch(g, nil, evolve.WorkerRand(seed, 1), steps, func() bool { return false })
		switch x.run() {
		case exactFound:
			found++
			if !g.valid(x.st) {
				t.Fatalf("%+v: the exhaustive search returned an invalid layout", opt)
			}
			if errs := checkLayout(spec, g.layout(x.st)); len(errs) > 0 {
				t.Fatalf("%+v: the independent checker rejects the exhaustive search's layout: %v", opt, errs)
			}
		case exactNone:
			none++
			t.Logf("%+v: no layout (proved in %d steps)", opt, x.nodes)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			// Annealing alone: run it without the exhaustive search.
			l, _, err := g.Generate(ctx, Options{Seed: 1, TimeLimit: 2 * time.Second, annealingOnly: true})
			cancel()
			if err == nil {
				t.Fatalf("%+v: proved to have no layout, yet annealing laid it out:\n%v", opt, checkLayout(spec, l))
			}
		default:
			unknown++
		}
	}
	t.Logf("found %d, none %d, unknown %d", found, none, unknown)
	if found == 0 {
		t.Fatal("the exhaustive search laid out no level")
	}
	if none == 0 && !testing.Short() {
		t.Fatal("the exhaustive search proved no level to have no layout")
	}
}

// TestGenerateProvesNoLayout: four rooms joined to each other, here with
// L and T shapes among their choices (so that the up-front rule for
// rectangles does not apply), have no layout; Generate says so, naming
// the rooms, instead of searching until its time limit.
func TestGenerateProvesNoLayout(t *testing.T) {
	spec, err := Synthetic(SynthOptions{Rooms: 7, Cycles: 4, Seed: 44})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGenerator(spec)
	if err != nil {
		t.Fatal(err)
	}
	_, stats, err := g.Generate(context.Background(), Options{Seed: 1, TimeLimit: 2 * time.Minute})
	if !errors.Is(err, ErrNoLayout) {
		t.Fatalf("got %v, want a proof that there is no layout", err)
	}
	for _, want := range []string{"rooms on loops (0, 1, 2, 3, 5)", "every shape and place tried"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if stats.ExactSteps == 0 {
		t.Error("no exhaustive search steps counted")
	}
}

// TestGenerateSameLayoutWithExact: with both searches taking turns from
// the start, a seed gives the same layout every time.
func TestGenerateSameLayoutWithExact(t *testing.T) {
	spec, err := Synthetic(SynthOptions{Rooms: 16, Cycles: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var first *Layout
	for range 2 {
		g, err := NewGenerator(spec)
		if err != nil {
			t.Fatal(err)
		}
		l, stats, err := g.Generate(context.Background(), Options{Seed: 7, TimeLimit: time.Minute, exactFirst: true})
		if err != nil {
			t.Fatal(err)
		}
		if stats.ExactSteps == 0 {
			t.Fatal("the exhaustive search took no turn")
		}
		if first == nil {
			first = l
		} else if !reflect.DeepEqual(first, l) {
			t.Fatal("the same seed gave two layouts")
		}
	}
}

// TestQuarterTurn: the built-in shapes are closed under quarter turns;
// four turns give every placement back, and a turned layout is a layout.
func TestQuarterTurn(t *testing.T) {
	spec, err := Synthetic(SynthOptions{Rooms: 12, Cycles: 3, Seed: 5, Corridors: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGenerator(spec)
	if err != nil {
		t.Fatal(err)
	}
	q := newQuarterTurn(g)
	if q == nil {
		t.Fatal("the built-in shapes are not closed under quarter turns")
	}
	for i := range g.insts {
		p := placement{i, geom.Point{X: 3, Y: -7}}
		c := p
		for range 4 {
			c = q.turn(c)
		}
		if c != p {
			t.Errorf("four turns of %v give %v", p, c)
		}
	}
	x := newExactSearch(g, nil, evolve.WorkerRand(1, 1), 1_000_000, func() bool { return false })
	if x.run() != exactFound {
		t.Fatal("no layout found")
	}
	turned := newState(len(g.rooms), len(g.edges))
	for k := range g.rooms {
		c := q.turn(placement{x.st.shape[k], x.st.pos[k]})
		turned.shape[k], turned.pos[k] = c.shape, c.pos
	}
	for e := range g.edges {
		if x.st.cshape[e] >= 0 {
			c := q.turn(placement{x.st.cshape[e], x.st.cpos[e]})
			turned.cshape[e], turned.cpos[e] = c.shape, c.pos
		}
	}
	if !g.valid(turned) {
		t.Fatal("a turned layout breaks the rules")
	}
}

// TestSymmetryKeepsAnswers: skipping turned layouts changes no answer of
// the exhaustive search.
func TestSymmetryKeepsAnswers(t *testing.T) {
	decided := map[exactOutcome]int{}
	levels := []SynthOptions{
		{Rooms: 7, Cycles: 4, Seed: 44}, {Rooms: 10, Cycles: 3, Seed: 19}, // four rooms joined to each other
		{Rooms: 8, Cycles: 3, Seed: 1}, {Rooms: 9, Cycles: 2, Seed: 2, Corridors: true},
	}
	for i, opt := range levels {
		if i == 0 && !testenv.Long() {
			continue // a proof like the second level's, at twice its cost
		}
		seed := uint64(i)
		spec, err := Synthetic(opt)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGenerator(spec)
		if err != nil {
			continue
		}
		var outs [2]exactOutcome
		for i := range outs {
			x := newExactSearch(g, nil, evolve.WorkerRand(seed, 1), 500_000, func() bool { return false })
			if i == 1 {
				x.sym = nil
			}
			outs[i] = x.run()
		}
		if outs[0] != outs[1] && outs[0] != exactUnknown && outs[1] != exactUnknown {
			t.Errorf("%+v: %v with symmetry, %v without", opt, outs[0], outs[1])
		}
		if outs[0] == outs[1] && outs[0] != exactUnknown {
			decided[outs[0]]++
		}
	}
	t.Logf("answers both ways: %d layouts, %d proofs", decided[exactFound], decided[exactNone])
	if decided[exactFound] == 0 || decided[exactNone] == 0 {
		t.Errorf("want levels of both kinds answered both ways, got %v", decided)
	}
}

// hubLevel is the start of a level with a 3x3 room d, which has one door
// place per wall, and 8x8 rooms elsewhere: its connections follow.
const hubLevel = `
templates:
  hub: {outline: [[0,0],[3,0],[3,3],[0,3]], doors: {length: 1, corner: 1}}
  big: {outline: [[0,0],[8,0],[8,8],[0,8]], doors: {length: 1, corner: 1}}
defaultTemplates: [big]
rooms:
  d: [{template: hub}]
`

// TestNoLayoutBlamesTreesToo: a 3x3 room has one door place per wall, all
// four taken by the ring of rooms around it, which lays out; its fifth
// neighbour, a dead end, has nowhere to go. The proof rests on that
// room, so the error speaks of the whole level, not of the loops alone.
func TestNoLayoutBlamesTreesToo(t *testing.T) {
	spec, err := parse(t, hubLevel+"connections: [[d,n],[d,e],[d,s],[d,w],[n,e],[e,s],[s,w],[w,n],[d,t]]\n")
	if err != nil {
		t.Fatal(err)
	}
	g := mustGenerator(t, spec)
	core := loopCore(g, nil)
	x := newExactSearch(g, core, evolve.WorkerRand(1, 1), 100_000, func() bool { return false })
	if out := x.run(); out != exactFound {
		t.Fatalf("the ring around the hub: outcome %v, want a layout", out)
	}
	_, _, err = g.Generate(context.Background(), Options{Seed: 1, TimeLimit: time.Minute, exactFirst: true})
	if !errors.Is(err, ErrNoLayout) {
		t.Fatalf("got %v, want a proof that there is no layout", err)
	}
	if strings.Contains(err.Error(), "on loops") || !strings.Contains(err.Error(), "its 6 rooms fit together in no way") {
		t.Errorf("error %q should blame all 6 rooms, not the loops", err)
	}
}
