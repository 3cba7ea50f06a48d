package server

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The records the server writes, handed to the programs players read
// them with, when they are installed (Debian puts them in /usr/games):
// GNU Go loads a session's SGF with the stones the session has, and
// pgn-extract reads a session's PGN back to the moves it played.

// program finds a program on the PATH or in /usr/games, or skips.
func program(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/games", name); fileExists(p) {
		return p
	}
	t.Skipf("%s is not installed (Debian: apt-get install %s)", name, name)
	return ""
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// botGame plays a session of two random bots to its end (or max moves)
// and returns its id and state.
func botGame(t *testing.T, base, game string) (string, State) {
	t.Helper()
	c := newSession(t, base, CreateRequest{Game: game, Seats: []SeatRequest{{Kind: "bot", Spec: "random"}, {Kind: "bot", Spec: "random"}}})
	st := waitFor(t, base, c.ID, func(s State) bool { return s.Result != nil })
	return c.ID, st
}

// record fetches a session's record in a format into a file.
func record(t *testing.T, base, id, format string) string {
	t.Helper()
	res, err := http.Get(base + "/api/sessions/" + id + "/record?format=" + format)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("%s record: %d %s", format, res.StatusCode, b)
	}
	path := filepath.Join(t.TempDir(), "game."+format)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSGFReadByGNUGo(t *testing.T) {
	gnugo := program(t, "gnugo")
	_, hs := testServer(t, Config{})
	id, st := botGame(t, hs.URL, "go.zrf")
	path := record(t, hs.URL, id, "sgf")
	cmd := exec.Command(gnugo, "--mode", "gtp")
	cmd.Stdin = strings.NewReader("loadsgf " + path + "\nlist_stones black\nlist_stones white\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gnugo: %v\n%s", err, out)
	}
	var replies []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "= ") || l == "=" {
			replies = append(replies, strings.TrimSpace(strings.TrimPrefix(l, "=")))
		} else if strings.HasPrefix(l, "? ") {
			t.Fatalf("gnugo refused the record: %s", l)
		}
	}
	if len(replies) < 3 {
		t.Fatalf("gnugo answered %q", out)
	}
	for i, color := range []string{"Black", "White"} {
		got := strings.Fields(strings.ToLower(replies[i+1]))
		slices.Sort(got)
		want := stonesOf(st.Position, color)
		if !slices.Equal(got, want) {
			t.Errorf("%s stones: GNU Go %v, the session %v", color, got, want)
		}
	}
}

// stonesOf lists a player's pieces in a position's text, sorted.
func stonesOf(position, player string) []string {
	m := regexp.MustCompile(`\(` + player + ` \(Stone ([^)]*)\)\)`).FindStringSubmatch(position)
	if m == nil {
		return nil
	}
	out := strings.Fields(m[1])
	slices.Sort(out)
	return out
}

func TestPGNReadByPGNExtract(t *testing.T) {
	extract := program(t, "pgn-extract")
	_, hs := testServer(t, Config{})
	id, st := botGame(t, hs.URL, "chess.zrf")
	path := record(t, hs.URL, id, "pgn")
	out, err := exec.Command(extract, "-s", "-Wlalg", "--nocomments", "--novars", "-w1000", path).Output()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	// Long algebraic: e2e4, g1f3, e7e8q; the session's moves name the
	// same squares.
	var got []string
	lalg := regexp.MustCompile(`^[a-h][1-8][a-h][1-8][QRBNqrbn]?[+#]?$`)
	for _, w := range strings.Fields(string(out)) {
		if lalg.MatchString(w) {
			got = append(got, w[:4])
		}
	}
	var want []string
	sq := regexp.MustCompile(`[a-h][1-8]`)
	for _, m := range st.Moves {
		s := sq.FindAllString(m, -1)
		if strings.HasPrefix(m, "e1 - g1") || strings.HasPrefix(m, "e8 - g8") || strings.HasPrefix(m, "e1 - c1") || strings.HasPrefix(m, "e8 - c8") {
			s = s[:2]
		}
		want = append(want, s[0]+s[1])
	}
	if !slices.Equal(got, want) {
		t.Errorf("pgn-extract reads %d moves %v\nthe session played %d %v\n%s", len(got), got, len(want), want, out)
	}
}
