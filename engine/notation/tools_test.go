package notation_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// These tests hand what the encoders write to the programs players use,
// when they are installed: GNU Go reads SGF, pgn-extract reads PGN.

// tool finds a program on the PATH or in /usr/games, where Debian puts
// gnugo and pgn-extract, or skips the test.
func tool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/games", name); isExecutable(p) {
		return p
	}
	t.Skipf("%s is not installed (Debian: apt-get install %s), so what it reads is not checked", name, name)
	return ""
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

// GNU Go loads a 9x9 game written as SGF and has the same stones on the
// board as the engine, with the same player to move.
func TestGNUGoReadsSGF(t *testing.T) {
	gnugo := tool(t, "gnugo")
	g := open(t, "go", "")
	for seed := range uint64(3) {
		rec, end := randomRecord(g, 70, seed)
		withVariation(g, rec)
		path := filepath.Join(t.TempDir(), "game.sgf")
		var b bytes.Buffer
		if err := notation.SGF.Encode(&b, engine.NewState(g), rec); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(gnugo, "--mode", "gtp")
		cmd.Stdin = strings.NewReader("loadsgf " + path + "\nlist_stones black\nlist_stones white\nquit\n")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("gnugo: %v\n%s", err, out)
		}
		replies := gtpReplies(string(out))
		if len(replies) < 3 {
			t.Fatalf("gnugo answered %q", out)
		}
		toMove := strings.ToLower(g.Rules.Players[end.ToMove()].Name)
		if replies[0] != toMove {
			t.Errorf("seed %d: gnugo has %s to move, the engine %s\n%s", seed, replies[0], toMove, b.String())
		}
		for i, color := range []string{"Black", "White"} {
			got := strings.Fields(replies[i+1])
			want := stones(end, color)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("seed %d: %s stones: gnugo %v, the engine %v\n%s", seed, color, got, want, b.String())
			}
		}
	}
}

// gtpReplies returns the text of each successful GTP reply ("= text").
func gtpReplies(out string) []string {
	var replies []string
	for _, block := range strings.Split(out, "\n\n") {
		if r, ok := strings.CutPrefix(strings.TrimSpace(block), "="); ok {
			replies = append(replies, strings.TrimSpace(r))
		}
	}
	return replies
}

// stones lists the points of a player's stones as GTP names them (E5).
func stones(s *engine.State, player string) []string {
	g := s.Game()
	var out []string
	for p, name := range g.Rules.Board.Positions {
		if pc := s.At(p); !pc.Empty() && g.Rules.Players[pc.Owner()].Name == player {
			out = append(out, strings.ToUpper(name))
		}
	}
	slices.Sort(out)
	return out
}

// What PGN writes reads back to the same moves; pgn-extract, which
// replays every move and writes its own SAN, finds no error and writes
// the main line the same.
func TestPGNReadsBack(t *testing.T) {
	g := open(t, "chess", "")
	var texts []string
	for seed := range uint64(6) {
		rec, _ := randomRecord(g, 300, seed)
		withVariation(g, rec)
		var b bytes.Buffer
		if err := notation.PGN.Encode(&b, engine.NewState(g), rec); err != nil {
			t.Fatal(err)
		}
		back, err := notation.PGN.Decode(bytes.NewReader(b.Bytes()), engine.NewState(g))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, b.String())
		}
		if !slices.Equal(back.MainLine(), rec.MainLine()) {
			t.Fatalf("seed %d: read back other moves\n%s", seed, b.String())
		}
		texts = append(texts, b.String())
	}
	pgnExtract := tool(t, "pgn-extract")
	dir := t.TempDir()
	for i, text := range texts {
		in, out, log := filepath.Join(dir, "in.pgn"), filepath.Join(dir, "out.pgn"), filepath.Join(dir, "log.txt")
		if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		// Once with the variations, checked; once without, to compare.
		for _, args := range [][]string{{"-s", "-r", "-l" + log, in}, {"-s", "-V", "-Wsan", "-w1000", "-l" + log, "-o" + out, in}} {
			if msg, err := exec.Command(pgnExtract, args...).CombinedOutput(); err != nil {
				t.Fatalf("pgn-extract %v: %v\n%s", args, err, msg)
			}
			if l, _ := os.ReadFile(log); len(bytes.TrimSpace(l)) > 0 {
				t.Fatalf("game %d: pgn-extract reports\n%s\nof\n%s", i, l, text)
			}
		}
		theirs, _ := os.ReadFile(out)
		if got, want := mainLine(string(theirs)), mainLine(text); !slices.Equal(got, want) {
			t.Errorf("game %d: pgn-extract writes\n%v\nwe wrote\n%v", i, got, want)
		}
	}
}

// mainLine returns the moves of a PGN game's main line.
func mainLine(pgn string) []string {
	_, moves, _ := strings.Cut(pgn, "\n\n")
	var out []string
	depth := 0
	for _, word := range strings.Fields(moves) {
		depth += strings.Count(word, "(")
		if w := strings.Trim(word, "()"); depth == 0 && w != "" && !strings.HasSuffix(w, ".") {
			out = append(out, w)
		}
		depth -= strings.Count(word, ")")
	}
	return out
}
