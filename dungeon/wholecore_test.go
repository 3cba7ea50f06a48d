package dungeon

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestWholeCore: on small levels with several loops the third
// decomposition lays out every room on a loop or between loops as its
// first chain, annealed longer, each tree room
// after a neighbour; levels with one loop or a large core do without it. Layouts found with it alone pass the
// independent checker.
func TestWholeCore(t *testing.T) {
	for _, tc := range []struct {
		opt   SynthOptions
		whole bool
	}{
		{SynthOptions{Rooms: 24, Cycles: 3, Seed: 25}, true},
		{SynthOptions{Rooms: 16, Cycles: 2, Seed: 4, Corridors: true}, true},
		{SynthOptions{Rooms: 12, Cycles: 1, Seed: 2}, false},
		{SynthOptions{Rooms: 200, Cycles: 20, Seed: 1, Separate: true}, false},
	} {
		spec, err := Synthetic(tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		g := mustGenerator(t, spec)
		if got := len(g.chains) > wholeVariant; got != tc.whole {
			t.Errorf("%+v: loops as one chain %v, want %v", tc.opt, got, tc.whole)
			continue
		}
		if !tc.whole {
			continue
		}
		whole := g.chains[wholeVariant]
		core := loopCore(g, nil)
		var want, got []int
		for v, c := range core {
			if c {
				want = append(want, v)
			}
		}
		got = slices.Sorted(slices.Values(whole[0].rooms))
		if !whole[0].cycle || !slices.Equal(got, want) {
			t.Errorf("%+v: first chain %v (cycle %v), want the core %v", tc.opt, got, whole[0].cycle, want)
		}
		if !whole[0].long {
			t.Errorf("%+v: the core is not annealed long", tc.opt)
		}
		placed := slices.Clone(core)
		for _, ch := range whole[1:] {
			for _, v := range ch.rooms {
				if ch.cycle || placed[v] || !slices.ContainsFunc(g.rooms[v].adj, func(ad adjacent) bool { return placed[ad.room] }) {
					t.Fatalf("%+v: tree room %d in chain %+v comes before its neighbours", tc.opt, v, ch)
				}
				placed[v] = true
			}
		}
		if slices.Contains(placed, false) {
			t.Errorf("%+v: rooms left out of the decomposition", tc.opt)
		}
		g.chains = [][]chain{whole, whole}
		l, _, err := g.Generate(context.Background(), Options{Seed: 2, TimeLimit: time.Minute, annealingOnly: true})
		if err != nil {
			t.Fatalf("%+v: %v", tc.opt, err)
		}
		if errs := checkLayout(spec, l); len(errs) > 0 {
			t.Errorf("%+v: %v", tc.opt, errs)
		}
	}
}
