package tiles

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/evolve"
)

// TestFront runs a short NSGA-II search and checks what it returns: a
// front of mutually non-dominated sets that keep the constraint, sorted
// by bridged sides, each written to its file, with the table and the plot.
func TestFront(t *testing.T) {
	sc := seedScorer(t)
	cs, _ := ParseConstraints([]string{"extra<=9"})
	res, err := Front(context.Background(), sc, FrontOptions{
		Seed: 3, Workers: 2, Generations: 25, PopSize: 24, Boards: 300, FinalBoards: 2000, Constraints: cs,
	})
	if err != nil {
		t.Fatal(err)
	}
	pts := res.Points
	if len(pts) < 4 || res.Generations != 25 || res.Evaluations != 24*51 {
		t.Fatalf("%d points after %d generations, %d evaluations", len(pts), res.Generations, res.Evaluations)
	}
	for i, p := range pts {
		s := p.Score
		if s.ExtraEdges.Mean > 9 {
			t.Errorf("set %d has %.2f extra edges, constraint extra<=9", i+1, s.ExtraEdges.Mean)
		}
		if i > 0 && pts[i-1].Score.Bridges > s.Bridges {
			t.Errorf("front not sorted by bridged sides at %d", i+1)
		}
		for j, q := range pts {
			a := []float64{q.Score.PathProb.Mean, float64(q.Score.Bridges), float64(q.Score.DupScore)}
			b := []float64{s.PathProb.Mean, float64(s.Bridges), float64(s.DupScore)}
			if i != j && evolve.Dominates(frontGoals, a, b) {
				t.Errorf("set %d dominates set %d", j+1, i+1)
			}
		}
	}
	dir := t.TempDir()
	written, err := SaveFront(dir, pts)
	if err != nil {
		t.Fatal(err)
	}
	if len(written) != len(pts)+3 {
		t.Errorf("%d files written for %d sets", len(written), len(pts))
	}
	back, err := LoadSet(filepath.Join(dir, "front", frontName(0, pts[0])))
	if err != nil || back.String() != pts[0].Set.String() {
		t.Errorf("the first front set reads back as %v (%v)", back, err)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "front.csv"))
	if lines := strings.Count(string(csv), "\n"); lines != len(pts)+1 {
		t.Errorf("front.csv has %d lines for %d sets", lines, len(pts))
	}
	var table strings.Builder
	WriteFrontTable(&table, pts)
	if !strings.Contains(table.String(), frontName(len(pts)-1, pts[len(pts)-1])) {
		t.Errorf("the table does not list the last set:\n%s", table.String())
	}
	if _, err := Front(context.Background(), sc, FrontOptions{}); err == nil {
		t.Error("no stop condition: no error")
	}
}
