package dungeon

import (
	"bytes"
	"context"
	"slices"
	"sort"
	"testing"
)

// traced lays out the warren, whose loops crowd each other, with and
// without a trace.
func traced(t *testing.T, seed uint64, max int) (*Layout, *Layout, *Trace, Stats) {
	t.Helper()
	spec, err := ReadFile("../examples/dungeon/warren.yaml", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGenerator(spec)
	if err != nil {
		t.Fatal(err)
	}
	plain, _, err := g.Generate(context.Background(), Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	tr := &Trace{Max: max}
	l, stats, err := g.Generate(context.Background(), Options{Seed: seed, Trace: tr})
	if err != nil {
		t.Fatal(err)
	}
	return plain, l, tr, stats
}

func layoutJSON(t *testing.T, l *Layout) string {
	t.Helper()
	var b bytes.Buffer
	if err := l.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// roomsOf returns the names of the rooms (corridors aside) of a layout,
// sorted.
func roomsOf(l *Layout) []string {
	var out []string
	for _, r := range l.Rooms {
		if !r.Corridor {
			out = append(out, r.ID.Name)
		}
	}
	sort.Strings(out)
	return out
}

// A trace records the search as it went: each partial layout holds the
// rooms of the chains laid out so far, in the order of the decomposition
// in use; the search goes back (backtracks) on this level; the last step
// is the layout found, the same as without a trace.
func TestTrace(t *testing.T) {
	plain, l, tr, stats := traced(t, 0, 0)
	if layoutJSON(t, plain) != layoutJSON(t, l) {
		t.Fatal("the layout with a trace differs from the one without")
	}
	if len(tr.Rooms) != 16 || len(tr.Connections) != 20 || len(tr.Decompositions) == 0 {
		t.Fatalf("the level: %d rooms, %d connections, %d decompositions", len(tr.Rooms), len(tr.Connections), len(tr.Decompositions))
	}
	for d, chains := range tr.Decompositions {
		var all []string
		for _, c := range chains {
			all = append(all, c.Rooms...)
		}
		sort.Strings(all)
		want := slices.Clone(tr.Rooms)
		sort.Strings(want)
		if !slices.Equal(all, want) {
			t.Errorf("decomposition %d covers %v, want every room once", d, all)
		}
	}
	first, last := tr.Steps[0], tr.Steps[len(tr.Steps)-1]
	if first.Kind != StepStart || len(first.Layout.Rooms) != 0 || first.Chains != 0 {
		t.Errorf("the first step: %+v", first)
	}
	if (last.Kind != StepDone && last.Kind != StepExact) || layoutJSON(t, last.Layout) != layoutJSON(t, l) {
		t.Errorf("the last step is %s, not the layout found", last.Kind)
	}
	kinds := map[string]int{}
	for i, st := range tr.Steps {
		kinds[st.Kind]++
		if st.Kind == StepExact {
			continue
		}
		var want []string
		for _, c := range tr.Decompositions[st.Decomposition][:st.Chains] {
			want = append(want, c.Rooms...)
		}
		sort.Strings(want)
		if got := roomsOf(st.Layout); !slices.Equal(got, want) {
			t.Errorf("step %d (%s, %d chains): rooms %v, want %v", i, st.Kind, st.Chains, got, want)
		}
		if (st.Kind == StepChain || st.Kind == StepDone) && st.Chain != st.Chains-1 {
			t.Errorf("step %d lays out chain %d, and has %d chains", i, st.Chain, st.Chains)
		}
	}
	if kinds[StepBacktrack] != stats.Backtracks || kinds[StepBacktrack] == 0 || kinds[StepRestart] != stats.Restarts {
		t.Errorf("steps by kind %v; the search backtracked %d times, restarted %d", kinds, stats.Backtracks, stats.Restarts)
	}
	if kinds[StepChain]+kinds[StepDone] != stats.Extensions {
		t.Errorf("%d chain steps for %d extensions", kinds[StepChain]+kinds[StepDone], stats.Extensions)
	}
}

// A trace keeps at most Max steps: the first ones and the last.
func TestTraceBound(t *testing.T) {
	_, _, full, _ := traced(t, 0, 0)
	_, l, tr, _ := traced(t, 0, 5)
	if len(tr.Steps) != 5 || tr.Dropped != len(full.Steps)-5 {
		t.Fatalf("%d steps kept, %d dropped, of %d", len(tr.Steps), tr.Dropped, len(full.Steps))
	}
	for i := range 4 {
		if tr.Steps[i].Kind != full.Steps[i].Kind || layoutJSON(t, tr.Steps[i].Layout) != layoutJSON(t, full.Steps[i].Layout) {
			t.Errorf("step %d differs", i)
		}
	}
	if layoutJSON(t, tr.Steps[4].Layout) != layoutJSON(t, l) {
		t.Errorf("the last step kept is not the layout found")
	}
}
