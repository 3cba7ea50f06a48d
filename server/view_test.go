package server

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
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

// TestAsPlayersSayIt: a session's moves in the notation of the game's
// players, the King in check, and how the game ended in words, with the
// rule that ended it.
func TestAsPlayersSayIt(t *testing.T) {
	_, hs := testServer(t, Config{})
	tests := []struct {
		game   string
		moves  []string
		texts  []string // the tree's moves as written
		check  []string
		reason string
		rule   string // the start of the rule
	}{
		{"chess.zrf", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, []string{"f3", "e5", "g4", "Qh4#"}, []string{"e1"}, "checkmate", "loss-condition of White"},
		{"chess.zrf", []string{"e2e4", "f7f6", "d1h5"}, []string{"e4", "f6", "Qh5+"}, []string{"e8"}, "", ""},
		{"checkers.zrf", []string{"c3 d4"}, []string{"11-15"}, nil, "", ""},
		{"tic-tac-toe.zrf", []string{"a1", "a2", "b1", "b2", "c1"}, []string{"a1", "a2", "b1", "b2", "c1"}, nil, "three in a row", "win-condition of X"},
		{"go.zrf", []string{"e5", "pass", "d4"}, []string{"e5", "pass", "d4"}, nil, "", ""},
		{"breakthrough.zrf", []string{"a2 a3"}, []string{""}, nil, "", ""},
	}
	for _, tt := range tests {
		c := newSession(t, hs.URL, CreateRequest{Game: tt.game, Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		for i, m := range tt.moves {
			var e apiErr
			if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": m}, &e); code != 200 {
				t.Fatalf("%s %s: %d %s", tt.game, m, code, e.Error)
			}
		}
		var tree Tree
		call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/tree", nil, &tree)
		var texts []string
		for ns := tree.Children; len(ns) > 0; ns = ns[0].Children {
			texts = append(texts, ns[0].Text)
		}
		if !slices.Equal(texts, tt.texts) {
			t.Errorf("%s %v: the tree writes %q, want %q", tt.game, tt.moves, texts, tt.texts)
		}
		st := getState(t, hs.URL, c.ID)
		if !slices.Equal(st.Check, tt.check) {
			t.Errorf("%s %v: check %q, want %q", tt.game, tt.moves, st.Check, tt.check)
		}
		switch {
		case tt.reason == "" && st.Result != nil:
			t.Errorf("%s %v: over: %+v", tt.game, tt.moves, st.Result)
		case tt.reason != "" && (st.Result == nil || st.Result.Reason != tt.reason || !strings.HasPrefix(st.Result.Rule, tt.rule)):
			t.Errorf("%s %v: result %+v, want %q by %q", tt.game, tt.moves, st.Result, tt.reason, tt.rule)
		}
	}
}

// TestPointsAtTheEnd: a game of Go that two passes end is won on points,
// each seat's counted.
func TestPointsAtTheEnd(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "go.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	for i, m := range []string{"e5", "pass", "pass"} {
		var e apiErr
		if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/moves", map[string]any{"token": c.Seats[i%2].Token, "move": m}, &e); code != 200 {
			t.Fatalf("%s: %d %s", m, code, e.Error)
		}
	}
	st := getState(t, hs.URL, c.ID)
	if st.Result == nil || st.Result.Reason != "points" || !strings.HasPrefix(st.Result.Rule, "count-condition") {
		t.Fatalf("result %+v", st.Result)
	}
	// Black's stone holds the whole board, 81 points; White has komi.
	if len(st.Result.Points) != 2 || st.Result.Points[0] != 81 || st.Result.Scores[0] != 1 {
		t.Errorf("points %v, scores %v", st.Result.Points, st.Result.Scores)
	}
}

// TestDiceOnTheBoard: the state gives the numbers backgammon's dice show,
// the throw the moves record, or the one of a position set up; games
// without numbered dice have none.
func TestDiceOnTheBoard(t *testing.T) {
	_, hs := testServer(t, Config{})
	seats := []SeatRequest{{Kind: "human"}, {Kind: "human"}}
	c := newSession(t, hs.URL, CreateRequest{Game: "backgammon.zrf", Seats: seats})
	st := getState(t, hs.URL, c.ID)
	var thrown []int
	for _, m := range st.Moves {
		if w := strings.Fields(m); len(w) > 2 && strings.HasPrefix(w[1], "throw-") {
			n, err := strconv.Atoi(w[2])
			if err != nil {
				t.Fatalf("throw %q", m)
			}
			thrown = append(thrown, n)
		}
	}
	if len(thrown) != 2 || !slices.Equal(st.Dice, thrown) {
		t.Errorf("dice %v after the throw %v (%q)", st.Dice, thrown, st.Moves)
	}
	// The dice of a position set up, with no throw among the moves.
	pos := regexp.MustCompile(`\(\?Dice( \(\w+( d[12])+\))+\)`).ReplaceAllString(st.Position, "(?Dice (Three d1) (Three d2))")
	c = newSession(t, hs.URL, CreateRequest{Game: "backgammon.zrf", Seats: seats, Position: pos})
	if st := getState(t, hs.URL, c.ID); !slices.Equal(st.Dice, []int{3, 3}) || len(st.Moves) != 0 {
		t.Errorf("dice %v after the moves %q of the position %s", st.Dice, st.Moves, pos)
	}
	for _, game := range []string{"ur.zrf", "chess.zrf"} {
		c := newSession(t, hs.URL, CreateRequest{Game: game, Seats: seats})
		if st := getState(t, hs.URL, c.ID); st.Dice != nil {
			t.Errorf("%s: dice %v", game, st.Dice)
		}
	}
}
