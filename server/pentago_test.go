package server

import (
	"slices"
	"testing"
)

// TestPentagoSession: a composite move with a group move is listed in
// the session's legal moves, played through the API in full or by the
// start of its words, and kept in the session's moves.
func TestPentagoSession(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "pentago.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	st := getState(t, hs.URL, c.ID)
	first := "+ c3 drop White Marble + turn sw cw +"
	if len(st.Legal) != 36 || !slices.Contains(st.Legal, first) {
		t.Fatalf("legal moves %d: %v", len(st.Legal), st.Legal)
	}
	url := hs.URL + "/api/sessions/" + c.ID + "/moves"
	for i, m := range []string{first, "a1 drop Black Marble turn sw ccw"} {
		var e apiErr
		if code := call(t, "POST", url, map[string]any{"token": c.Seats[i].Token, "move": m}, &e); code != 200 {
			t.Fatalf("%s: %d %s", m, code, e.Error)
		}
	}
	st = getState(t, hs.URL, c.ID)
	want := []string{first, "+ a1 drop Black Marble + turn sw ccw +"}
	if len(st.Moves) != 2 || st.Moves[0] != want[0] || st.Moves[1] != want[1] {
		t.Fatalf("moves %v, want %v", st.Moves, want)
	}
}
