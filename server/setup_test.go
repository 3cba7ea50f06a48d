package server

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// endgame is a chess position with Black to move: a King and a Rook
// against a King.
const endgame = "(position (turn Black) (White (King e1) (Rook a1)) (Black (King e8)))"

// A session set up from a position starts there, plays on from it, keeps
// it through a restart (its first event is the setup), and exports
// records that start from it: FEN in PGN, the position in the universal
// notation's record.
func TestSessionFromPosition(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "s.db")
	one := start(t, dsn, Config{})
	c := newSession(t, one.hs.URL, CreateRequest{Game: "chess.zrf", Position: endgame,
		Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	st := getState(t, one.hs.URL, c.ID)
	if st.ToMove == nil || *st.ToMove != 1 || st.Version != 1 || len(st.Legal) != 5 || !strings.Contains(st.Start, "(Rook a1)") {
		t.Fatalf("set up: %+v", st)
	}
	if strings.Join(st.Records, " ") != "ludus pgn" {
		t.Errorf("records %q, want ludus and pgn", st.Records)
	}
	url := one.hs.URL + "/api/sessions/" + c.ID
	playAll(t, url, []string{c.Seats[1].Token, c.Seats[0].Token}, "e8d7", "a1a7")
	one.stop()

	two := start(t, dsn, Config{})
	url = two.hs.URL + "/api/sessions/" + c.ID
	st = getState(t, two.hs.URL, c.ID)
	if st.Version != 3 || len(st.Moves) != 2 || st.ToMove == nil || *st.ToMove != 1 || !strings.Contains(st.Position, "(Rook a7)") {
		t.Fatalf("after a restart: %+v", st)
	}
	var evs []Event
	call(t, "GET", url+"/events?since=0", nil, &evs)
	if len(evs) != 3 || evs[0].Kind != kindSetup || evs[0].Seat != -1 || evs[0].Ply != 0 || !strings.Contains(evs[0].Move, "(King e8)") {
		t.Fatalf("events %+v", evs)
	}
	var tree Tree
	call(t, "GET", url+"/tree", nil, &tree)
	if tree.Children[0].Text != "Kd7" || tree.Children[0].Children[0].Text != "Ra7+" {
		t.Errorf("the tree reads %+v", tree.Children[0])
	}
	_, _, pgn := get(t, url+"/record?format=pgn")
	for _, want := range []string{`[SetUp "1"]`, `[FEN "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1"]`, "1... Kd7 2. Ra7+ *"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN has no %s:\n%s", want, pgn)
		}
	}
	_, _, txt := get(t, url+"/record?format=ludus")
	if !strings.Contains(txt, `[Position "(position (turn Black)`) || !strings.Contains(txt, "1. e8 - d7") {
		t.Errorf("the record:\n%s", txt)
	}
	var e apiErr
	if code := call(t, "GET", url+"/record?format=sgf", nil, &e); code != 422 || !strings.Contains(e.Error, "format=ludus or format=pgn") {
		t.Errorf("SGF of a set-up session: %d %q", code, e.Error)
	}
}

// A set-up session of a game whose positions have no FEN offers the
// universal notation's record only.
func TestSetupWithoutFEN(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Position: "(turn O) (X (Mark b2))",
		Seats: []SeatRequest{{Kind: "human"}, {Kind: "bot", Spec: "alphabeta:depth=8"}}})
	// The bot is O, to move at once.
	st := waitFor(t, hs.URL, c.ID, func(s State) bool { return s.Version == 2 })
	if strings.Join(st.Records, " ") != "ludus" || len(st.Moves) != 1 || *st.ToMove != 0 {
		t.Fatalf("%+v", st)
	}
}

// Positions are read as hostile input: each bad one is refused with a
// 422 that names the problem, within the rules' budget, and nothing is
// stored.
func TestSetupRejections(t *testing.T) {
	_, hs := testServer(t, Config{})
	seats := []SeatRequest{{Kind: "human"}, {Kind: "human"}}
	req := func(game, position string) CreateRequest {
		return CreateRequest{Game: game, Seats: seats, Position: position}
	}
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/sessions", req("chess.zrf", "(position (turn White)"), 422, "position:1:1: '(' not closed"},
		{"POST", "/api/sessions", req("chess.zrf", "(White (King e1)) (Black (King e8))"), 422, "(turn White)"},
		{"POST", "/api/sessions", req("chess.zrf", "(turn Red) (White (King e1))"), 422, "unknown player Red"},
		{"POST", "/api/sessions", req("chess.zrf", "(turn White) (White (Dragon e1))"), 422, "unknown piece Dragon"},
		{"POST", "/api/sessions", req("chess.zrf", "(turn White) (White (King z9))"), 422, "position:1:27: unknown position z9"},
		{"POST", "/api/sessions", req("chess.zrf", "(turn White) (White (King e1) (Queen e1))"), 422, "e1 holds a piece already"},
		{"POST", "/api/sessions", req("chess.zrf", "(turn 7) (White (King e1))"), 422, "turn index 7 out of range"},
		{"POST", "/api/sessions", req("tic-tac-toe.zrf", "(turn O) (X (Mark a1 b1 c1)) (O (Mark a2 b2))"), 422, "over in this position (three in a row)"},
		{"POST", "/api/sessions", req("tic-tac-toe.zrf", "(turn X) (X (Mark off -1))"), 422, "off wants a count"},
		{"POST", "/api/sessions", req("tic-tac-toe.zrf", "(turn X) (X (Mark off 4294967296))"), 422, "a count is at most 1048576"},
		{"POST", "/api/sessions", req("tic-tac-toe.zrf", strings.Repeat("(", 600)+strings.Repeat(")", 600)), 422, "nested more than 512 deep"},
		{"POST", "/api/sessions", req("tic-tac-toe.zrf", "(turn X) ; "+strings.Repeat("x", maxPositionText)), 422, "positions are at most 65536"},
		{"POST", "/api/sessions", req("tic-tac-toe.zrf", strings.Repeat("(X (Mark a1)) ", maxBody/14)), 413, "over"},
	})
	// A garbled text of many errors is answered with a few of them.
	var e apiErr
	if code := call(t, "POST", hs.URL+"/api/sessions", req("chess.zrf", strings.Repeat("(turn White) (x y) ", 2000)), &e); code != 422 || len(e.Error) > maxMessage+10 {
		t.Errorf("%d, %d bytes of error", code, len(e.Error))
	}
	var list []SessionInfo
	if call(t, "GET", hs.URL+"/api/sessions", nil, &list); len(list) != 0 {
		t.Errorf("%d sessions stored", len(list))
	}
}

// A position whose moves cost the rules more than the server's budget is
// refused, naming the budget, as a game whose start does is.
func TestSetupOverBudget(t *testing.T) {
	_, hs := testServer(t, Config{MaxSteps: 20})
	var cells []string
	for i := range 40 {
		cells = append(cells, fmt.Sprintf("c%d", i))
	}
	src := `(game (title "Far") (players A B) (turn-order A B)
 (board (grid (start-rectangle 0 0 1 1) (dimensions ("` + strings.Join(cells, "/") + `" (1 0))) (directions (e 1 0) (w -1 0))))
 (piece (name Runner) (moves ((e (verify empty?) add))))
 (piece (name Walker) (moves (((while (empty? w) w) add))))
 (board-setup (A (Runner c0)) (B (Walker c39))))`
	if code := call(t, "POST", hs.URL+"/api/games?name=far.zrf", src, nil); code != http.StatusCreated {
		t.Fatalf("upload: %d", code)
	}
	var e apiErr
	req := CreateRequest{Game: "far.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}, Position: "(turn B) (A (Runner c1)) (B (Walker c39))"}
	if code := call(t, "POST", hs.URL+"/api/sessions", req, &e); code != 422 || !strings.Contains(e.Error, "--max-steps") {
		t.Fatalf("%d %q", code, e.Error)
	}
	// The runner's moves cost little: that position is taken.
	req.Position = "(turn A) (A (Runner c1)) (B (Walker c39))"
	newSession(t, hs.URL, req)
}
