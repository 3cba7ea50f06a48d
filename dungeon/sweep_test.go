package dungeon

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/internal/cputime"
)

func TestParseSweepClasses(t *testing.T) {
	for _, tc := range []struct {
		in, want, err string
	}{
		{in: "10-19:0-5", want: "10-19:0-5"},
		{in: "10-19:0-5, 150:15:separate", want: "10-19:0-5,150:15:separate"},
		{in: "12:2", want: "12:2"},
		{in: "", err: "no classes"},
		{in: "10", err: "want ROOMS:LOOPS"},
		{in: "10:x", err: `"x" is not a number`},
		{in: "19-10:0", err: "empty range"},
		{in: "0-10:0", err: "want 1 to"},
		{in: "5:4", err: "want 0 to 3"},
		{in: "4-10:3", err: "3 loops do not fit 4 rooms"},
		{in: "10:4:separate", err: "want 0 to 3"},
		{in: "10:1:apart", err: "want ROOMS:LOOPS"},
	} {
		cs, err := ParseSweepClasses(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: got %v, want an error with %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		var got []string
		for _, c := range cs {
			got = append(got, c.String())
		}
		if s := strings.Join(got, ","); s != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, s, tc.want)
		}
	}
}

// Sweep levels stay within their class, alternate corridors and template
// sources, and every run of a small sweep is reported once.
func TestSweep(t *testing.T) {
	classes := []SweepClass{{MinRooms: 8, MaxRooms: 12, MinCycles: 0, MaxCycles: 2}, {MinRooms: 10, MaxRooms: 10, MaxCycles: 3, MinCycles: 3, Separate: true}}
	levels := SweepLevels(classes, 4, 1)
	if len(levels) != 8 {
		t.Fatalf("%d levels, want 8", len(levels))
	}
	for i, lv := range levels {
		c, o := classes[lv.Class], lv.Options
		if o.Rooms < c.MinRooms || o.Rooms > c.MaxRooms || o.Cycles < c.MinCycles || o.Cycles > c.MaxCycles || o.Separate != c.Separate {
			t.Errorf("level %d: %+v outside class %v", i, o, c)
		}
		if o.Corridors != (i%2 == 1) {
			t.Errorf("level %d: corridors %v", i, o.Corridors)
		}
	}
	like, err := Synthetic(SynthOptions{Rooms: 2, Corridors: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]int{}
	err = Sweep(context.Background(), levels, SweepOptions{Seed: 1, TimeLimit: 10 * time.Second, Workers: 2, Like: []*Spec{like}},
		func(r SweepRun) error {
			seen[uint64(r.Level.Class)*100+r.Level.Options.Seed]++
			if r.Err == nil {
				if bad := checkLayout(r.Spec, r.Layout); len(bad) > 0 {
					t.Errorf("%s: %s", r.Spec.Source, bad[0])
				}
			}
			if r.CPU < 0 || r.Wall <= 0 { // a short run may take less than a clock tick of CPU
				t.Errorf("%s: times %v, %v", r.Spec.Source, r.CPU, r.Wall)
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(levels) {
		t.Errorf("%d runs reported, want %d", len(seen), len(levels))
	}
}

// A processor-time limit ends a search once the thread has spent it, not
// before.
func TestExpiryCPULimit(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok := cputime.Thread()
	if !ok {
		t.Skip("thread processor time is not measured on this system")
	}
	const limit = 30 * time.Millisecond
	expired := expiry(context.Background(), time.Now().Add(time.Hour), limit)
	x := 0
	for !expired() {
		for i := range 10_000 {
			x ^= i * i
		}
	}
	if c1, _ := cputime.Thread(); c1-c0 < limit {
		t.Errorf("expired after %v of processor time, limit %v (%d)", c1-c0, limit, x)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if !expiry(ctx, time.Now().Add(time.Hour), limit)() {
		t.Error("a cancelled search goes on")
	}
}
