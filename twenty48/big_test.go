package twenty48

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// playFrom plays a game from tiles with p until it ends or after limit
// moves, writing its record, and returns the game.
func playFrom(t *testing.T, tiles [16]int, p Player, limit int, rec *bytes.Buffer) *Game {
	t.Helper()
	g, err := NewGameFromTiles(tiles, 0, 9)
	if err != nil {
		t.Fatal(err)
	}
	appendJSONLine(rec, RecordHeader{Game: 9, Seed: 9, Start: g.Tiles()})
	rng := rand.New(rand.NewPCG(1, 2))
	for !g.Over() && g.Moves < limit {
		m, _, ok := ChooseOn(p, g, rng)
		if !ok {
			t.Fatal("no move chosen in a game that is not over")
		}
		st, err := g.Play(m)
		if err != nil {
			t.Fatalf("move %d: %v", g.Moves+1, err)
		}
		appendJSONLine(rec, moveRecord(st))
	}
	appendJSONLine(rec, RecordSummary{Game: 9, Score: g.Score, Moves: g.Moves, MaxTile: g.MaxTile(), Over: g.Over()})
	return g
}

// TestPlayThrough65536 plays a 32768+32768 merge from a set position and
// goes on: the game keeps the exact 65536, its players keep playing legal
// moves on the projection, and the record reads back.
func TestPlayThrough65536(t *testing.T) {
	start := [16]int{
		32768, 32768, 16384, 8192,
		2, 4, 8, 2,
		4, 0, 2, 0,
		0, 0, 0, 2,
	}
	for _, p := range []Player{&Expectimax{Eval: mustEval(t, "nneonneo"), Depth: 2}, Greedy{}, Random{}} {
		var rec bytes.Buffer
		g := playFrom(t, start, p, 300, &rec)
		if !g.Big() || g.MaxTile() < 65536 {
			t.Fatalf("%T: the game did not make 65536: max %d", p, g.MaxTile())
		}
		if g.Moves < 20 {
			t.Fatalf("%T: only %d moves after 65536", p, g.Moves)
		}
		recs, err := ReadRecords(&rec, "big.jsonl")
		if err != nil {
			t.Fatalf("%T: %v", p, err)
		}
		final, score := recs[0].Board(len(recs[0].Moves))
		if final != g.Tiles() || score != g.Score || recs[0].Summary.MaxTile != g.MaxTile() {
			t.Fatalf("%T: record ends on %v (%d), game on %v (%d)", p, final, score, g.Tiles(), g.Score)
		}
	}
}

// TestPlay131072 merges two 65536 tiles into the largest tile of the
// game.
func TestPlay131072(t *testing.T) {
	start := [16]int{
		65536, 65536, 2, 4,
		8, 16, 32, 64,
	}
	g, err := NewGameFromTiles(start, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.Play(Left)
	if err != nil {
		t.Fatal(err)
	}
	if st.After[0] != 131072 || st.Gain != 131072 || g.MaxTile() != 131072 || g.Over() {
		t.Fatalf("step %+v, max %d", st, g.MaxTile())
	}
	res := Summarize([]GameResult{{Score: g.Score, MaxTile: g.MaxTile()}})
	if res.Reach["131072"] != 1 || res.Reach["65536"] != 1 {
		t.Fatalf("reach %v", res.Reach)
	}
	if _, err := g.Play(Left); err == nil {
		t.Fatal("a move that changes nothing was played")
	}
}

// TestProjectKeepsMoves: on boards with tiles past 32768, a move on the
// projection is legal exactly when it is on the exact board, and gives
// the projection of the exact result, its new tiles one rank above the
// tiles they merged.
func TestProjectKeepsMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for n := 0; n < 20000; n++ {
		var tiles [16]int
		for i := range tiles {
			if r := rng.IntN(14); r > 0 {
				tiles[i] = 1 << r
			}
		}
		big := 1 << (16 + rng.IntN(2))
		for k := rng.IntN(3); k >= 0; k-- {
			tiles[rng.IntN(16)] = big >> rng.IntN(3)
		}
		p := Project(tiles)
		label, used := map[int]int{}, map[int]bool{}
		for i, v := range tiles {
			if v != 0 {
				label[v] = p.Rank(i)
				used[p.Rank(i)] = true
			}
		}
		if len(used) < len(label) || label[2] > 1 || maxOf(tiles) <= 32768 {
			continue // the ranks leave no room for so many different tiles, or none is past 32768
		}
		checked++
		for _, m := range Moves {
			after, _ := SlideTiles(tiles, m)
			if maxOf(after) > maxOf(tiles) {
				continue // the largest tiles merged: the projection has no rank above them
			}
			pm := p.Move(m)
			if (after != tiles) != (pm != p) {
				t.Fatalf("%v %s: legal %v on the exact board, %v on the projection", tiles, m, after != tiles, pm != p)
			}
			for i, v := range after {
				want := 0
				if l, ok := label[v]; ok {
					want = l
				} else if v != 0 {
					want = label[v/2] + 1
				}
				if pm.Rank(i) != want {
					t.Fatalf("%v %s: cell %d holds rank %d, want %d\n%v", tiles, m, i, pm.Rank(i), want, p)
				}
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("only %d boards checked", checked)
	}
	small := [16]int{2, 4, 32768, 0, 8}
	if b, _ := FromTiles(small); Project(small) != b {
		t.Fatal("Project changed a board that fits")
	}
}

func maxOf(t [16]int) int { return slices.Max(t[:]) }
