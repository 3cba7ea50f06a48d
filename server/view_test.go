package server

import (
	"slices"
	"testing"
)

// TestGamePlayers: a game's players are its seats; dice are no one's.
func TestGamePlayers(t *testing.T) {
	_, hs := testServer(t, Config{})
	var games []GameInfo
	if code := call(t, "GET", hs.URL+"/api/games", nil, &games); code != 200 {
		t.Fatalf("games: %d", code)
	}
	want := map[string][]string{"ur.zrf": {"White", "Black"}, "chess.zrf": {"White", "Black"}, "fifteen.zrf": {"Solver"}}
	for _, g := range games {
		if w, ok := want[g.Name]; ok && !slices.Equal(g.Players, w) {
			t.Errorf("%s: players %q, want %q", g.Name, g.Players, w)
		}
		delete(want, g.Name)
	}
	if len(want) > 0 {
		t.Errorf("games not listed: %v", want)
	}
	// One seat per player starts a game of dice.
	newSession(t, hs.URL, CreateRequest{Game: "ur.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "random"}}})
}

// TestRecordFormatsOffered: the frame of the board names the record
// formats that write the game, and each of them does.
func TestRecordFormatsOffered(t *testing.T) {
	_, hs := testServer(t, Config{})
	tests := []struct {
		game string
		want []string
	}{
		{"tic-tac-toe.zrf", []string{"ludus", "sgf"}},
		{"go.zrf", []string{"ludus", "sgf"}},
		{"chess.zrf", []string{"ludus", "pgn", "sgf"}},
		{"checkers.zrf", []string{"ludus", "sgf", "pdn"}},
		{"international-draughts.zrf", []string{"ludus", "sgf", "pdn"}},
	}
	for _, tt := range tests {
		c := newSession(t, hs.URL, CreateRequest{Game: tt.game, Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		var fr struct {
			Records []string `json:"records"`
		}
		if code := call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/geometry", nil, &fr); code != 200 {
			t.Fatalf("%s: geometry %d", tt.game, code)
		}
		if !slices.Equal(fr.Records, tt.want) {
			t.Errorf("%s: records %q, want %q", tt.game, fr.Records, tt.want)
		}
		for _, f := range []string{"ludus", "pgn", "sgf", "pdn"} {
			code := call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/record?format="+f, nil, nil)
			if offered := slices.Contains(tt.want, f); offered != (code == 200) {
				t.Errorf("%s: %s offered %v, answered %d", tt.game, f, offered, code)
			}
		}
	}
}

// TestEveryMove: where the rules list one move a position, the state
// also lists every move a person may choose, and each of them plays.
func TestEveryMove(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "pentago.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	st := getState(t, hs.URL, c.ID)
	if len(st.Legal) != 36 || len(st.Every) != 36*8 {
		t.Fatalf("%d legal moves, %d to choose among; want 36 and 288", len(st.Legal), len(st.Every))
	}
	left := "+ a6 drop White Marble + turn sw cw +"
	if slices.Contains(st.Legal, left) || !slices.Contains(st.Every, left) {
		t.Fatalf("%s: listed %v, offered %v", left, slices.Contains(st.Legal, left), slices.Contains(st.Every, left))
	}
	var e apiErr
	if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[0].Token, "move": left}, &e); code != 200 {
		t.Fatalf("%s: %d %s", left, code, e.Error)
	}
	c2 := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if st := getState(t, hs.URL, c2.ID); st.Every != nil {
		t.Errorf("chess lists its moves to choose among apart: %d", len(st.Every))
	}
}
