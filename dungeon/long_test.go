package dungeon

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/shareddata"
	"github.com/ludus-games/ludus/internal/testenv"
)

// The reference's benchmark inputs, 100 runs each: every run succeeds and
// passes the independent checker.
func TestLongReferenceSuite(t *testing.T) {
	testenv.SkipUnlessLong(t)
	dir := shareddata.Path(t, "dungeon", "maps", "thesis")
	for _, name := range referenceInputs {
		spec, err := ReadFile(filepath.Join(dir, name), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Bench(context.Background(), spec, 100, 1, time.Minute, func(run int, l *Layout, err error) {
			if err != nil {
				t.Errorf("%s run %d: %v", name, run, err)
				return
			}
			if bad := checkLayout(spec, l); len(bad) > 0 {
				t.Errorf("%s run %d: %s", name, run, bad[0])
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-34s %d/%d mean %v median %v", name, res.Successes, res.Runs, res.MeanTime, res.MedianTime)
	}
}

// Synthetic levels of 100 to 200 rooms, a loop per ten rooms: every
// layout is valid (the large levels lean most on the grid of fixed rooms
// and the joint look-ahead).
func TestLongScale(t *testing.T) {
	testenv.SkipUnlessLong(t)
	for _, tc := range []struct {
		rooms, runs int
		corridors   bool
	}{{100, 10, false}, {200, 3, false}, {200, 3, true}} {
		spec, err := Synthetic(SynthOptions{Rooms: tc.rooms, Cycles: tc.rooms / 10, Seed: 1, Corridors: tc.corridors, Separate: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Bench(context.Background(), spec, tc.runs, 1, time.Minute, func(run int, l *Layout, err error) {
			if err != nil {
				t.Errorf("%d rooms, run %d: %v", tc.rooms, run, err)
			} else if bad := checkLayout(spec, l); len(bad) > 0 {
				t.Errorf("%d rooms, run %d: %s", tc.rooms, run, bad[0])
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d rooms, %d loops, corridors %v: %d/%d mean %v median %v", tc.rooms, tc.rooms/10, tc.corridors,
			res.Successes, res.Runs, res.MeanTime, res.MedianTime)
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, name := range []string{"example2_basic.yml", "example3_basic.yml", "example3_corridors.yml"} {
		path := shareddata.Path(b, "dungeon", "maps", "thesis", name)
		spec, err := ReadFile(path, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		g, err := NewGenerator(spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, _, err := g.Generate(context.Background(), Options{Seed: seed}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNewGenerator(b *testing.B) {
	path := shareddata.Path(b, "dungeon", "maps", "thesis", "game2_corridors.yml")
	spec, err := ReadFile(path, ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := NewGenerator(spec); err != nil {
			b.Fatal(err)
		}
	}
}
