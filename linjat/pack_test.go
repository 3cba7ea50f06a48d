package linjat

import (
	"context"
	"testing"
)

func TestMakePack(t *testing.T) {
	d := Difficulties[0]
	var cands []Candidate
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := Optimize(context.Background(), QualitySettings(d, seed, 32, 1))
		if err != nil {
			t.Fatal(err)
		}
		cands = append(cands, Candidate{ID: int64(seed), Puzzle: g.Puzzle})
	}
	ambiguous, _ := Parse(".2.\n...\n")
	cands = append(cands, Candidate{ID: 99, Puzzle: ambiguous}, cands[0]) // dropped: two solutions; a duplicate
	pack, err := MakePack(cands, d, 8)
	if err != nil {
		t.Fatal(err)
	}
	if len(pack.Levels) != 8 || pack.Difficulty != "easy" {
		t.Fatalf("pack of %d %s levels, want 8 easy", len(pack.Levels), pack.Difficulty)
	}
	seen := map[int64]bool{}
	for i, l := range pack.Levels {
		if l.ID == 99 || seen[l.ID] {
			t.Fatalf("level %d: candidate %d should not be here", i, l.ID)
		}
		seen[l.ID] = true
		if i > 0 && l.Score < pack.Levels[i-1].Score {
			t.Fatalf("curve falls at level %d: %v", i+1, pack.Curve())
		}
		if l.Score != l.Rating.Score {
			t.Fatalf("level %d: score %v, rating says %v", i, l.Score, l.Rating.Score)
		}
	}
	all, err := MakePack(cands, d, 50)
	if err != nil || len(all.Levels) != 12 {
		t.Fatalf("pack larger than the candidates: %d levels, %v; want 12", len(all.Levels), err)
	}
	if _, err := MakePack(cands, d, 0); err == nil {
		t.Fatal("a pack of 0 levels was accepted")
	}
	if text := pack.CurveText(); len(text) == 0 {
		t.Fatal("no curve text")
	}
	if c := pack.CurveChart(); len(c.Series) != 1 || len(c.Series[0].Y) != 8 {
		t.Fatalf("curve chart %+v", c)
	}
}
