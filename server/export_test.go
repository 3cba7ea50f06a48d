package server

import (
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func get(t *testing.T, url string) (int, string, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

// A chess game with a variation exports as PGN in standard algebraic
// notation, as SGF and as the record format, every variation kept.
func TestRecordExports(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	moves := []struct {
		seat int
		move string
	}{
		{0, "e2 - e4"}, {1, "e7 - e5"}, {0, "g1 - f3"}, {1, "b8 - c6"}, {0, "f1 - c4"}, {1, "g8 - f6"},
	}
	url := hs.URL + "/api/sessions/" + c.ID
	for _, m := range moves {
		var e apiErr
		if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[m.seat].Token, "move": m.move}, &e); code != 200 {
			t.Fatalf("%s: %d %s", m.move, code, e.Error)
		}
	}
	// Black takes back 2... Nc6 (and White's 3. Bc4 after it), with
	// White's consent, then plays 2... d6.
	takeback(t, url, c.Seats[1].Token, c.Seats[0].Token)
	takeback(t, url, c.Seats[1].Token, c.Seats[0].Token)
	if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[1].Token, "move": "d7 - d6"}, nil); code != 200 {
		t.Fatalf("variation: %d", code)
	}
	code, ctype, pgn := get(t, url+"/record?format=pgn")
	if code != 200 || !strings.Contains(ctype, "pgn") {
		t.Fatalf("pgn: %d %s %s", code, ctype, pgn)
	}
	if !regexp.MustCompile(`\[Date "\d{4}\.\d\d\.\d\d"\]`).MatchString(pgn) {
		t.Errorf("PGN without the session's date:\n%s", pgn)
	}
	for _, want := range []string{`[White "White"]`, "1. e4 e5 2. Nf3 d6 (2... Nc6 3. Bc4 Nf6) *"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
	_, _, sgf := get(t, url+"/record?format=sgf")
	for _, want := range []string{"(;FF[4]", "PW[White]", ";W[e2 - e4", "\n(;B[d7 - d6", "\n(;B[b8 - c6"} {
		if !strings.Contains(sgf, want) {
			t.Errorf("SGF lacks %q:\n%s", want, sgf)
		}
	}
	_, _, rec := get(t, url+"/record")
	if !strings.Contains(rec, "[Game \"Chess\"]") || !strings.Contains(rec, "(") {
		t.Errorf("record:\n%s", rec)
	}
}

// Check and mate in algebraic notation: the fool's mate.
func TestPGNMate(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	for i, m := range []string{"f2 - f3", "e7 - e5", "g2 - g4", "d8 - h4"} {
		if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": m}, nil); code != 200 {
			t.Fatalf("%s: %d", m, code)
		}
	}
	st := getState(t, hs.URL, c.ID)
	if st.Result == nil || st.Result.Scores[1] != 1 {
		t.Fatalf("result %+v", st.Result)
	}
	_, _, pgn := get(t, url+"/record?format=pgn")
	if !strings.Contains(pgn, "1. f3 e5 2. g4 Qh4# 0-1") {
		t.Errorf("PGN:\n%s", pgn)
	}
}

// Draughts export as PDN with numbered squares, Go as SGF with points;
// a format that cannot write the game is answered 422, an unknown one 400.
func TestRecordNotations(t *testing.T) {
	_, hs := testServer(t, Config{})
	for _, tt := range []struct {
		game, format string
		moves        []string
		want         []string
	}{
		{"checkers.zrf", "pdn", []string{"c3 - d4", "d6 - c5"}, []string{`[GameType "21"]`, `[White "White"]`, "1. 11-15 23-19 *"}},
		{"go.zrf", "sgf", []string{"e5", "c7", "pass"}, []string{"GM[1]SZ[9]GN[Go 9x9]", "PB[Black]PW[White]KM[7.5]", ";B[ee];W[cc];B[])"}},
	} {
		c := newSession(t, hs.URL, CreateRequest{Game: tt.game, Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		url := hs.URL + "/api/sessions/" + c.ID
		for i, m := range tt.moves {
			var e apiErr
			if code := call(t, "POST", url+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": m}, &e); code != 200 {
				t.Fatalf("%s %s: %d %s", tt.game, m, code, e.Error)
			}
		}
		code, _, text := get(t, url+"/record?format="+tt.format)
		for _, want := range tt.want {
			if code != 200 || !strings.Contains(text, want) {
				t.Errorf("%s %s: %d, lacks %q:\n%s", tt.game, tt.format, code, want, text)
			}
		}
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	if code, _, text := get(t, url+"/record?format=pdn"); code != 422 || !strings.Contains(text, "PDN writes draughts games") {
		t.Errorf("PDN of tic-tac-toe: %d %s", code, text)
	}
	if code, _, text := get(t, url+"/record?format=fen"); code != 400 || !strings.Contains(text, "want ludus, pgn, sgf or pdn") {
		t.Errorf("format=fen: %d %s", code, text)
	}
}

func TestBoardPicture(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	code, ctype, svg := get(t, url+"/board.svg")
	if code != 200 || ctype != "image/svg+xml" || !strings.HasPrefix(strings.TrimSpace(svg), "<svg") {
		t.Fatalf("board.svg: %d %s %.80s", code, ctype, svg)
	}
	var geo struct {
		Width, Height float64
		Shape         string
		Cells         []struct {
			Name string
			X, Y float64
		}
	}
	call(t, "GET", url+"/geometry", nil, &geo)
	if len(geo.Cells) != 64 || geo.Width <= 0 || geo.Shape != "square" {
		t.Fatalf("geometry: %+v", geo)
	}
	at := map[string][2]float64{}
	for _, c := range geo.Cells {
		if c.X <= 0 || c.X >= geo.Width || c.Y <= 0 || c.Y >= geo.Height {
			t.Errorf("cell %s at %v,%v is outside the picture", c.Name, c.X, c.Y)
		}
		at[c.Name] = [2]float64{c.X, c.Y}
	}
	if !(at["a1"][0] < at["h1"][0] && at["a1"][1] > at["a8"][1]) {
		t.Errorf("a1 %v, h1 %v, a8 %v: want White at the bottom", at["a1"], at["h1"], at["a8"])
	}
}

// An uploaded file is played like a bundled one; a file whose move program
// never ends is refused with the engine's reason.
func TestUpload(t *testing.T) {
	_, hs := testServer(t, Config{})
	const line = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0))) (directions (e 1 0) (w -1 0))))`
	race := `(game (title "Race") (players A B) (turn-order A B) ` + line + `
  (piece (name Runner) (moves ((e (verify empty?) add))))
  (board-setup (A (Runner a)) (B (Runner b)))
  (win-condition (A B) (absolute-config Runner (c))))`
	var info GameInfo
	if code := call(t, "POST", hs.URL+"/api/games?name=race.zrf", race, &info); code != 201 || info.Title != "Race" || info.Source != "upload" {
		t.Fatalf("upload: %d %+v", code, info)
	}
	var e apiErr
	if code := call(t, "POST", hs.URL+"/api/games?name=race.zrf", race+" ", &e); code != 409 {
		t.Fatalf("replacing an upload: %d %s", code, e.Error)
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "race.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	st := getState(t, hs.URL, c.ID)
	// A's runner is blocked by B's on b: A has no move, and the game is over.
	if st.Result == nil || st.ToMove != nil || len(st.Legal) != 0 || st.Result.Reason == "" {
		t.Fatalf("a blocked start: %+v", st)
	}
	if st.Players[0] != "A" {
		t.Fatalf("players %v", st.Players)
	}
	loop := `(game (title "Loop") (players A B) ` + line + `
  (piece (name Spinner) (moves (move-type spin) ((while true mark) add)))
  (board-setup (A (Spinner a))))`
	if code := call(t, "POST", hs.URL+"/api/games?name=loop.zrf", loop, &e); code != 201 {
		t.Fatalf("loop upload: %d %s", code, e.Error)
	}
	code := call(t, "POST", hs.URL+"/api/sessions", CreateRequest{Game: "loop.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &e)
	if code != 422 || !strings.Contains(e.Error, "did not stop") || !strings.Contains(e.Error, "loop.zrf:") {
		t.Fatalf("looping game: %d %q", code, e.Error)
	}
}

// A move program that loops only in a later position stops the session
// with the engine's reason, whoever sits in the seat that cannot move:
// the state says why, no bot is left thinking, and moves are refused.
func TestRulesFailMidGame(t *testing.T) {
	_, hs := testServer(t, Config{})
	const line = `(board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0))) (directions (e 1 0) (w -1 0))))`
	src := `(game (title "Trap") (players A B) (turn-order A B) ` + line + `
  (piece (name Runner) (moves ((e (verify empty?) add))))
  (piece (name Spinner) (moves (move-type spin) ((while true mark) add)))
  (board-setup (A (Runner a)) (B (Spinner c))))`
	if code := call(t, "POST", hs.URL+"/api/games?name=trap.zrf", src, nil); code != 201 {
		t.Fatalf("upload: %d", code)
	}
	for _, second := range []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}} {
		c := newSession(t, hs.URL, CreateRequest{Game: "trap.zrf", Seats: []SeatRequest{{Kind: "human"}, second}})
		var st State
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": "a - b"}, &st); code != 200 {
			t.Fatalf("%s: the first move: %d", second.Kind, code)
		}
		st = waitFor(t, hs.URL, c.ID, func(s State) bool { return s.Error != "" && !s.Thinking })
		if !strings.Contains(st.Error, "did not stop") || st.ToMove != nil || st.Version != 1 {
			t.Fatalf("%s: %+v", second.Kind, st)
		}
		var e apiErr
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/undo", map[string]any{"token": c.Seats[0].Token}, &e); code != 409 || !strings.Contains(e.Error, "error of the rules") {
			t.Fatalf("%s: undo after the failure: %d %q", second.Kind, code, e.Error)
		}
	}
}

// takeback asks for a takeback with one token and accepts it with another.
func takeback(t *testing.T, url, asker, accepter string) {
	t.Helper()
	var e apiErr
	if code := call(t, "POST", url+"/takeback/offer", map[string]any{"token": asker}, &e); code != 200 {
		t.Fatalf("takeback offer: %d %s", code, e.Error)
	}
	if code := call(t, "POST", url+"/takeback/accept", map[string]any{"token": accepter}, &e); code != 200 {
		t.Fatalf("takeback accept: %d %s", code, e.Error)
	}
}

// A player outside the turn order (a Neutral owner of pieces) takes no
// seat: the game lists, seats and names only the players who move.
func TestNeutralPlayerSeats(t *testing.T) {
	_, hs := testServer(t, Config{})
	src := `(game (title "Rocks") (players A B Neutral) (turn-order A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c/d/e" (1 0))) (directions (right 1 0) (left -1 0))))
  (piece (name Rock))
  (piece (name Runner) (moves ((right (verify empty?) add)) ((left (verify empty?) add))))
  (board-setup (A (Runner a)) (B (Runner e)) (Neutral (Rock c)))
  (loss-condition (A B) stalemated))`
	var info GameInfo
	if code := call(t, "POST", hs.URL+"/api/games?name=rocks.zrf", src, &info); code != 201 || !slices.Equal(info.Players, []string{"A", "B"}) {
		t.Fatalf("upload: %d %+v", code, info)
	}
	var e apiErr
	code := call(t, "POST", hs.URL+"/api/sessions", CreateRequest{Game: "rocks.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}, {Kind: "human"}}}, &e)
	if code != 422 || !strings.Contains(e.Error, "3 seats for a game of 2") {
		t.Fatalf("three seats: %d %q", code, e.Error)
	}
	c := newSession(t, hs.URL, CreateRequest{Game: "rocks.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
	st := getState(t, hs.URL, c.ID)
	if !slices.Equal(st.Players, []string{"A", "B"}) || len(st.Legal) != 1 {
		t.Fatalf("state: players %v, legal %v", st.Players, st.Legal)
	}
}
