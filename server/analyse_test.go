package server

import (
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// A bot analyses the position of a session, or one sent: a mate in one
// is a win proven in one move, its line written as the game's players
// write it; the line of any analysis is legal from the position.
func TestAnalyse(t *testing.T) {
	_, hs := testServer(t, Config{MoveTime: 2 * time.Second})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	playAll(t, url, tokensOf(c), "f2f3", "e7e5", "g2g4")
	for _, bot := range []string{"alphabeta", "mcts:iterations=400,playout=20"} {
		var a Analysis
		if code := call(t, "POST", url+"/analyse", AnalyseRequest{Bot: bot, MS: 1000}, &a); code != 200 {
			t.Fatalf("%s: %d", bot, code)
		}
		if !a.Proven || a.Plies != 1 || a.Score != 1 || a.Words != "Black wins in 1 move (checkmate)" ||
			!slices.Equal(a.Text, []string{"Qh4#"}) || !slices.Equal(a.PV, []string{"d8 - h4 slide ne"}) || a.Player != "Black" {
			t.Errorf("%s: %+v", bot, a)
		}
		if !strings.HasPrefix(a.Bot, strings.SplitN(bot, ":", 2)[0]) || !strings.Contains(a.Bot, "time=1s") {
			t.Errorf("%s ran as %q", bot, a.Bot)
		}
	}
	// A back-rank mate, sent: White mates with Ra8.
	backRank := "(turn White) (White (King g1) (Rook a1)) (Black (King g8) (Pawn f7 g7 h7))"
	var a Analysis
	if code := call(t, "POST", url+"/analyse", AnalyseRequest{Position: backRank, MS: 500}, &a); code != 200 || a.Text[0] != "Ra8#" || a.Score != 1 {
		t.Errorf("the back rank: %d %+v", code, a)
	}
	// A capture is written with its x.
	scholar := "(turn White) (White (King e1) (Queen h5) (Bishop c4) (Pawn e4)) (Black (King e8) (Queen d8) (Bishop f8) (Knight c6 f6) (Pawn d7 e5 f7))"
	if code := call(t, "POST", url+"/analyse", AnalyseRequest{Position: scholar, MS: 500}, &a); code != 200 || a.Text[0] != "Qxf7#" {
		t.Errorf("the scholar's mate: %d %+v", code, a)
	}
	// A line of an opening: legal from the position, move after move.
	opening := "(turn White) (White (King e1) (Queen d1) (Knight g1) (Pawn d2 e4)) (Black (King e8) (Queen d8) (Knight b8) (Pawn d7 e5))"
	for _, bot := range []string{"alphabeta:depth=4", "mcts"} {
		if code := call(t, "POST", url+"/analyse", AnalyseRequest{Position: opening, Bot: bot, MS: 300}, &a); code != 200 || len(a.PV) == 0 || a.Proven {
			t.Fatalf("%s: %d %+v", bot, code, a)
		}
		s := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Position: opening, Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		playAll(t, hs.URL+"/api/sessions/"+s.ID, tokensOf(s), a.PV...)
		if len(a.Text) != len(a.PV) || a.Depth < 1 || a.Nodes < 1 || !strings.Contains(a.Words, "%") {
			t.Errorf("%s: %+v", bot, a)
		}
	}
	// The session is where it was.
	if st := getState(t, hs.URL, c.ID); st.Version != 3 || *st.ToMove != 1 {
		t.Errorf("the session after the analyses: %+v", st)
	}
}

// A tic-tac-toe position is solved: the whole tree is seen, and a draw
// with best play is said so.
func TestAnalyseSolved(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	var a Analysis
	if code := call(t, "POST", hs.URL+"/api/sessions/"+c.ID+"/analyse", AnalyseRequest{MS: 2000}, &a); code != 200 ||
		!a.Proven || a.Score != 0.5 || a.Words != "A draw with best play" || len(a.PV) != 9 || len(a.Text) != 9 {
		t.Errorf("%d %+v", code, a)
	}
}

// What an analysis may ask is bounded: the kinds of bot that analyse, one
// thread, the time as ms and within --move-time, the caps of seated bots,
// and a position that reads, with a game to play.
func TestAnalyseRejections(t *testing.T) {
	srv, hs := testServer(t, Config{MoveTime: 300 * time.Millisecond, Limits: Limits{Analyses: 1}})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	path := "/api/sessions/" + c.ID + "/analyse"
	checkRejections(t, hs.URL, []rejection{
		{"POST", path, AnalyseRequest{Bot: "random"}, 422, "alphabeta or mcts"},
		{"POST", path, AnalyseRequest{Bot: "alphabeta:threads=2"}, 422, "one thread"},
		{"POST", path, AnalyseRequest{Bot: "mcts:trees=4"}, 422, "one thread"},
		{"POST", path, AnalyseRequest{Bot: "alphabeta:time=1s"}, 422, "as ms"},
		{"POST", path, AnalyseRequest{Bot: "alphabeta:depth=100"}, 422, "at most 64 plies"},
		{"POST", path, AnalyseRequest{Bot: "mcts:iterations=99999999999"}, 422, "over this server's caps"},
		{"POST", path, AnalyseRequest{Bot: "alphabeta:speed=9"}, 422, "speed"},
		{"POST", path, AnalyseRequest{MS: -5}, 400, "positive"},
		{"POST", path, AnalyseRequest{Position: "(turn X) (X (Pawn a1))"}, 422, "unknown piece Pawn"},
		{"POST", path, AnalyseRequest{Position: "(turn O) (X (Mark a1 b1 c1)) (O (Mark a2 b2))"}, 422, "over in this position"},
		{"POST", path, `{"ms": "long"}`, 400, "ms"},
	})
	// The time is held to --move-time.
	var a Analysis
	if code := call(t, "POST", url+"/analyse", AnalyseRequest{MS: 60000, Bot: "mcts"}, &a); code != 200 || !strings.Contains(a.Bot, "time=300ms") || a.MS > 1000 {
		t.Errorf("60 s asked: %d %+v", code, a)
	}
	// One analysis of a client at a time: a second is told to wait.
	client := clientKey(netip.MustParseAddr("127.0.0.1"))
	if !srv.limits.analyses.acquire(client) {
		t.Fatal("the client's place is taken")
	}
	var e apiErr
	if code := call(t, "POST", url+"/analyse", AnalyseRequest{}, &e); code != http.StatusTooManyRequests || !strings.Contains(e.Error, "running") {
		t.Errorf("a second analysis at once: %d %q", code, e.Error)
	}
	srv.limits.analyses.release(client)
	// Nothing to analyse once the game is over.
	playAll(t, url, tokensOf(c), "a1", "a2", "b1", "b2", "c1")
	if code := call(t, "POST", url+"/analyse", AnalyseRequest{}, &e); code != 422 || !strings.Contains(e.Error, "over") {
		t.Errorf("after the end: %d %q", code, e.Error)
	}
}

// Analyses are counted against their own rate, as uploads are.
func TestAnalyseRate(t *testing.T) {
	_, hs := testServer(t, Config{Limits: Limits{Analyse: PerMinute(2)}})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID + "/analyse"
	for i := range 3 {
		var e apiErr
		code := call(t, "POST", url, AnalyseRequest{MS: 10}, &e)
		if want := []int{200, 200, 429}[i]; code != want {
			t.Fatalf("analysis %d: %d %q, want %d", i+1, code, e.Error, want)
		}
		if i == 2 && !strings.Contains(e.Error, "too many analyses") {
			t.Errorf("refused as %q", e.Error)
		}
	}
	// Other requests go on.
	getState(t, hs.URL, c.ID)
}
