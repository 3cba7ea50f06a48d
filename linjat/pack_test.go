package linjat

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
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

// Warm-up levels come from the easier half of the rest, leaky ones only
// when there are not enough others.
func TestWarmup(t *testing.T) {
	tests := []struct {
		name   string
		scores []float64 // hardest first
		leaky  []bool
		n      int
		want   []float64
	}{
		{"easier half", []float64{90, 80, 70, 60, 50, 40}, []bool{false, false, false, false, false, false}, 2, []float64{60, 50}},
		{"leaks passed over", []float64{90, 80, 70, 60, -10, -60}, []bool{false, false, false, false, true, true}, 2, []float64{70, 60}},
		{"leaks when needed", []float64{90, -10, -60}, []bool{false, true, true}, 2, []float64{-10, -60}},
		{"all of a short rest", []float64{5, 4}, []bool{false, false}, 2, []float64{5, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rest := make([]PackLevel, len(tt.scores))
			leaky := map[*Puzzle]bool{}
			for i, s := range tt.scores {
				rest[i] = PackLevel{Puzzle: New(1, 1), Score: s}
				leaky[rest[i].Puzzle] = tt.leaky[i]
			}
			var got []float64
			for _, l := range warmup(rest, tt.n, leaky) {
				got = append(got, l.Score)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("warmup = %v, want %v", got, tt.want)
			}
		})
	}
}

// Levels that need a leak leave the pack only while enough others remain.
func TestDropLeaky(t *testing.T) {
	tests := []struct {
		leaky []bool
		count int
		want  int
	}{
		{[]bool{false, true, false, true}, 2, 2},
		{[]bool{false, true, false, true}, 3, 4},
		{[]bool{true, true}, 1, 2},
		{[]bool{false, false}, 2, 2},
	}
	for _, tt := range tests {
		levels := make([]PackLevel, len(tt.leaky))
		leaky := map[*Puzzle]bool{}
		for i, l := range tt.leaky {
			levels[i].Puzzle = New(1, 1)
			leaky[levels[i].Puzzle] = l
		}
		got := dropLeaky(levels, tt.count, leaky)
		if len(got) != tt.want {
			t.Errorf("leaky %v, count %d: kept %d, want %d", tt.leaky, tt.count, len(got), tt.want)
		}
		if len(got) < len(levels) {
			for _, l := range got {
				if leaky[l.Puzzle] {
					t.Errorf("leaky %v, count %d: a leaky level kept", tt.leaky, tt.count)
				}
			}
		}
	}
}

// A pack that ludus writes reads back as the same levels, by difficulty,
// through the reader of level files.
func TestReadLevelsOfPack(t *testing.T) {
	f, err := os.Open("../examples/linjat/expert-pack.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := ReadLevels(f, "expert-pack.json")
	if err != nil {
		t.Fatal(err)
	}
	levels := c["expert"]
	if len(c) != 1 || len(levels) != 99 {
		t.Fatalf("%d difficulties, %d expert levels; want the pack's 99", len(c), len(levels))
	}
	p := levels[2].Puzzle
	if p == nil || p.Validate() != nil || levels[2].Score == 0 {
		t.Fatalf("level 3: %+v", levels[2])
	}
	// The same file written again from what was read gives the same rows.
	pack := &Pack{Difficulty: "expert"}
	for _, l := range levels {
		pack.Levels = append(pack.Levels, PackLevel{Puzzle: l.Puzzle, Score: l.Score})
	}
	data, err := json.Marshal(pack)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ReadPack(bytes.NewReader(data), "again.json")
	if err != nil {
		t.Fatal(err)
	}
	if again.Levels[2].Puzzle.String() != p.String() {
		t.Errorf("level 3 changed on the way:\n%s\n%s", again.Levels[2].Puzzle, p)
	}
	for _, bad := range []struct{ src, want string }{
		{`{"difficulty": "easy", "levels": [{"puzzle": ["2x"]}]}`, "bad.json: level 1:"},
		{`{"difficulty": "easy", "levels": [{"score": 3}]}`, "bad.json: level 1 has no puzzle"},
		{`{"difficulty": "", "levels": []}`, "names its difficulty"},
	} {
		if _, err := ReadLevels(strings.NewReader(bad.src), "bad.json"); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: error %v, want %q", bad.src, err, bad.want)
		}
	}
}

// FuzzReadLevels checks that the reader of level files (packs and the
// original game's collections) never panics and returns only valid
// puzzles.
func FuzzReadLevels(f *testing.F) {
	f.Add(`{"difficulty": "easy", "weights": {"cover": 1}, "levels": [{"puzzle": ["2.o", "..."], "score": 4}]}`)
	f.Add(`{"difficulty": "easy", "levels": [{"puzzle": null}]}`)
	f.Add(`{"easy": [{"puzzle": ["2 .", "   "], "score": "4"}]}`)
	f.Add(`{"difficulty": ["easy"]}`)
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ReadLevels(strings.NewReader(s), "f.json")
		if err == nil {
			checkValid(t, c)
		}
	})
}
