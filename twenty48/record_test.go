package twenty48

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordOf plays a short game with a record.
func recordOf(t testing.TB, seed uint64, moves int) string {
	t.Helper()
	var buf bytes.Buffer
	x := &Expectimax{Eval: mustEval(t, "nneonneo"), Depth: 1, MinProb: DefaultMinProb}
	if _, err := PlayGame(context.Background(), x, seed, PlayOptions{MaxMoves: moves, Record: &buf, Label: "test"}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestRecordRoundTrip(t *testing.T) {
	text := recordOf(t, 5, 0) + recordOf(t, 6, 40)
	recs, err := ReadRecords(strings.NewReader(text), "games.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d games, want 2", len(recs))
	}
	// Replaying the recorded moves on a fresh game of the same seed gives
	// the same spawns and boards.
	for _, r := range recs {
		g := NewGame(r.Header.Seed)
		if g.Board.Tiles() != r.Start() {
			t.Fatalf("game %d: start %v, want %v", r.Header.Game, r.Start(), g.Board.Tiles())
		}
		for i, m := range r.Moves {
			mv, _ := ParseMove(m.Move)
			st, err := g.Play(mv)
			if err != nil {
				t.Fatal(err)
			}
			if got := moveRecord(st); got.After != m.After || *got.Spawn != *m.Spawn || got.Gain != m.Gain {
				t.Fatalf("game %d move %d: %+v, recorded %+v", r.Header.Game, i+1, got, m)
			}
		}
		if g.Score != r.Score() || g.Score != r.Summary.Score {
			t.Fatalf("game %d: score %d, record %d", r.Header.Game, g.Score, r.Score())
		}
	}
	if !recs[0].Summary.Over || recs[1].Summary.Over || len(recs[1].Moves) != 40 {
		t.Fatalf("summaries %+v %+v", recs[0].Summary, recs[1].Summary)
	}
}

// TestRecordMovesOnly reads a file of bare move lines, as the format
// allows.
func TestRecordMovesOnly(t *testing.T) {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(recordOf(t, 7, 30)), "\n") {
		if strings.Contains(l, `"move"`) {
			lines = append(lines, l)
		}
	}
	recs, err := ReadRecords(strings.NewReader(strings.Join(lines, "\n")), "moves.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Header != nil || len(recs[0].Moves) != 30 {
		t.Fatalf("read %d games, first with %d moves", len(recs), len(recs[0].Moves))
	}
}

func TestRecordErrors(t *testing.T) {
	good := strings.Split(strings.TrimSpace(recordOf(t, 8, 12)), "\n")
	edit := func(line int, from, to string) string {
		l := append([]string(nil), good...)
		l[line-1] = strings.Replace(l[line-1], from, to, 1)
		return strings.Join(l, "\n") + "\n"
	}
	tests := []struct {
		name, text, want string
	}{
		{"truncated line", strings.Join(good[:5], "\n") + "\n" + good[5][:40], "records.jsonl:6: truncated"},
		{"no summary", strings.Join(good[:6], "\n") + "\n", "records.jsonl:6: the game of line 1 ends without a summary"},
		{"malformed", edit(3, `"move"`, `"move`), "records.jsonl:3: malformed"},
		{"illegal move", illegalMove(t), "records.jsonl:2: move 1: illegal move"},
		{"wrong after", edit(4, `"after":[`, `"after":[2048,`), `records.jsonl:4: move 3: "after" has 17 cells`},
		{"wrong gain", edit(5, `"gain":`, `"gain":1`), `records.jsonl:5: move 4: "gain"`},
		{"bad spawn", edit(2, `"value":`, `"value":8`), "records.jsonl:2: move 1: spawn value"},
		{"broken chain", strings.Join(append(good[:3:3], good[4:]...), "\n"), `records.jsonl:4: move 3: "before"`},
		{"bad tile", edit(1, `"start":[`, `"start":[3,`), `records.jsonl:1: "start" has 17 cells`},
		{"unknown move", edit(2, `"move":"`, `"move":"x`), `records.jsonl:2: move 1: unknown move`},
		{"bad summary", edit(len(good), `"score":`, `"score":9`), "records.jsonl:14: summary score"},
		{"other line", "{\"foo\": 1}\n", "records.jsonl:1: line is neither"},
		{"empty", "\n\n", "records.jsonl: no games"},
		{"long line", strings.Repeat("x", 70000), "records.jsonl:1: line longer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadRecords(strings.NewReader(tt.text), "records.jsonl")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// illegalMove is a record whose only move changes nothing.
func illegalMove(t *testing.T) string {
	return `{"game":1,"start":[2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}` + "\n" +
		`{"before":[2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"move":"left","after":[2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"gain":0,"spawn":{"index":1,"value":2}}` + "\n"
}

// TestRecordOverflow reads the end of a game that made 65536.
func TestRecordOverflow(t *testing.T) {
	text := `{"before":[32768,32768,2,4,0,0,0,0,0,0,0,0,0,0,0,0],"move":"left","after":[65536,2,4,0,0,0,0,0,0,0,0,0,0,0,0,0],"gain":65536}` + "\n" +
		`{"score":65536,"moves":1,"max_tile":65536,"over":true}` + "\n"
	recs, err := ReadRecords(strings.NewReader(text), "big.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if b, s := recs[0].Board(1); b[0] != 65536 || s != 65536 {
		t.Fatalf("final board %v score %d", b, s)
	}
}

func FuzzReadRecords(f *testing.F) {
	f.Add([]byte(recordOf(f, 9, 6)))
	f.Add([]byte(illegalMove(nil)))
	f.Add([]byte(`{"before":[32768,32768,2,4,0,0,0,0,0,0,0,0,0,0,0,0],"move":"left","after":[65536,2,4,0,0,0,0,0,0,0,0,0,0,0,0,0],"gain":65536}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := ReadRecords(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.jsonl") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		// Whatever is accepted can be replayed and drawn.
		for i := range recs {
			r := &recs[i]
			var buf bytes.Buffer
			if err := Replay(context.Background(), &buf, r, ReplayOptions{}); err != nil {
				t.Fatal(err)
			}
			b, _ := r.Board(len(r.Moves))
			BoardDrawing(b, "fuzz")
		}
	})
}

func TestResultsFileResumes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.jsonl")
	cfg := RunConfig{Player: PlayerSpec{Kind: "greedy"}, Seed: 40, Games: 3}
	first, err := Run(context.Background(), cfg, RunOptions{Workers: 2, Results: path})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Games = 5
	played := 0
	second, err := Run(context.Background(), cfg, RunOptions{Workers: 1, Results: path, Done: func(GameResult) { played++ }})
	if err != nil {
		t.Fatal(err)
	}
	if played != 2 || len(second) != 5 {
		t.Fatalf("resumed run played %d games and returned %d, want 2 and 5", played, len(second))
	}
	for i := range first {
		if first[i] != second[i] {
			t.Fatalf("game %d changed: %+v then %+v", i, first[i], second[i])
		}
	}
	cfg.Player.Kind = "random"
	if _, err := Run(context.Background(), cfg, RunOptions{Results: path}); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Fatalf("a different player resumed the file: %v", err)
	}
	if err := os.WriteFile(path, []byte("{\"results\":\"ludus 2048 results\",\"config\":{}}\n{\"game\":1,\"scor"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cfg, RunOptions{Results: path}); err == nil || !strings.Contains(err.Error(), "results.jsonl:2") {
		t.Fatalf("corrupt results file: %v", err)
	}
}

func FuzzReadResults(f *testing.F) {
	f.Add([]byte("{\"results\":\"ludus 2048 results\",\"config\":{\"player\":{\"Kind\":\"greedy\"},\"seed\":1,\"games\":2}}\n" +
		"{\"game\":1,\"score\":1200,\"moves\":140,\"max_tile\":128,\"evals\":0,\"phase_moves\":[140,0,0],\"phase_ns\":[1000,0,0]}\n"))
	f.Add([]byte("{\"results\":\"ludus 2048 results\"}\n{\"game\":1}\n{\"game\":1}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, _, err := ReadResults(bytes.NewReader(data), "results.jsonl")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "results.jsonl") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		Summarize(games) // must not panic on any accepted file
	})
}
