package twenty48

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// A game's letters and seed give back its record line for line.
func TestPlayedRecord(t *testing.T) {
	for _, seed := range []uint64{1, 7, 1001} {
		var want bytes.Buffer
		g, err := PlayRecorded(context.Background(), Greedy{}, seed, PlayOptions{Record: &want, Label: "greedy", MaxMoves: 300})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Letters) != g.Moves || strings.Trim(g.Letters, moveLetters) != "" {
			t.Fatalf("seed %d: %d letters %q for %d moves", seed, len(g.Letters), g.Letters[:min(20, len(g.Letters))], g.Moves)
		}
		// Through JSON, as a store keeps it.
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var back PlayedGame
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		got, err := back.Record("greedy")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("seed %d: the record from the letters differs from the game's", seed)
		}
	}
}

// Letters that are not the game's are an error, not another game.
func TestPlayedRecordErrors(t *testing.T) {
	g, err := PlayRecorded(context.Background(), Greedy{}, 3, PlayOptions{MaxMoves: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func(*PlayedGame)
		want string
	}{
		{"bad letter", func(p *PlayedGame) { p.Letters = p.Letters[:5] + "x" + p.Letters[6:] }, "move 6 is 'x'"},
		{"other score", func(p *PlayedGame) { p.Score++ }, "its moves score"},
		{"missing moves", func(p *PlayedGame) { p.Letters = p.Letters[:10] }, "its moves score"},
	} {
		p := g
		tc.edit(&p)
		if _, err := p.Record(""); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
