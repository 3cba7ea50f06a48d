package dungeon

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// A level not laid out in time names, in its error, the rooms where the
// search got stuck most often: here the 3x3 room d, whose four door
// places cannot serve its five neighbours, and the rooms around it.
func TestTimeLimitNamesWhereStuck(t *testing.T) {
	spec, err := parse(t, hubLevel+"connections: [[a,b],[b,c],[c,a],[c,d],[d,n],[d,e],[d,s],[d,w]]\n")
	if err != nil {
		t.Fatal(err)
	}
	g := mustGenerator(t, spec)
	// Annealing alone: the exhaustive search would prove at once that
	// there is no layout.
	_, stats, err := g.Generate(context.Background(), Options{Seed: 1, TimeLimit: 300 * time.Millisecond, annealingOnly: true})
	if !errors.Is(err, ErrTimeLimit) {
		t.Fatalf("got %v, want the time limit", err)
	}
	t.Log(err)
	_, where, ok := strings.Cut(err.Error(), "the rooms that most often found no place: ")
	if !ok {
		t.Fatalf("error %q does not say where the search got stuck", err)
	}
	rooms, _, _ := strings.Cut(where, " (")
	if !strings.Contains(", "+rooms+",", ", d,") {
		t.Errorf("error %q: stuck at %q, want room d among them", err, rooms)
	}
	if got := strings.Join(stats.Stuck, ", "); got != rooms {
		t.Errorf("stats name %q, the error %q", got, rooms)
	}
	var d deadEnds
	d.add(0, 1, 3)
	d.add(0, 1, 3)
	d.add(wholeVariant, 0, 2)
	d.add(wholeVariant, 0, 2)
	d.add(wholeVariant, 0, 2)
	if v, c, n, total := d.worst(); v != 0 || c != 1 || n != 2 || total != 2 {
		t.Errorf("worst = %d, %d, %d, %d; want the faces' chain 1: 0, 1, 2, 2", v, c, n, total)
	}
}
