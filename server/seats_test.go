package server

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

var (
	human = SeatRequest{Kind: "human"}
	open  = SeatRequest{Kind: "human", Open: true}
	bot   = SeatRequest{Kind: "bot", Spec: "random"}
)

// playAll plays moves of tic-tac-toe, the seats taking turns from seat 0.
func playAll(t *testing.T, url string, tokens []string, moves ...string) State {
	t.Helper()
	var st State
	for i, m := range moves {
		var e apiErr
		if code := call(t, "POST", url+"/moves", map[string]any{"token": tokens[i%len(tokens)], "move": m}, &e); code != 200 {
			t.Fatalf("%s: %d %s", m, code, e.Error)
		}
	}
	call(t, "GET", url, nil, &st)
	return st
}

func tokensOf(c Created) []string {
	var out []string
	for _, s := range c.Seats {
		out = append(out, s.Token)
	}
	return out
}

// The result of a game stands: neither the loser nor the winner can undo
// or take back after the end, against a person or a bot.
func TestNoUndoAfterTheEnd(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}})
	url := hs.URL + "/api/sessions/" + c.ID
	st := playAll(t, url, tokensOf(c), "a1", "b1", "a2", "b2", "a3")
	if st.Result == nil || st.Result.Scores[0] != 1 {
		t.Fatalf("X should have won: %+v", st.Result)
	}
	for seat, name := range []string{"the winner", "the loser"} {
		checkRejections(t, hs.URL, []rejection{
			{"POST", "/api/sessions/" + c.ID + "/undo", map[string]any{"token": c.Seats[seat].Token}, 409, "the game is over"},
			{"POST", "/api/sessions/" + c.ID + "/takeback/offer", map[string]any{"token": c.Seats[seat].Token}, 409, "the game is over"},
			{"POST", "/api/sessions/" + c.ID + "/resign", map[string]any{"token": c.Seats[seat].Token}, 409, "the game is over"},
		})
		if after := getState(t, hs.URL, c.ID); after.Result == nil || after.Version != st.Version {
			t.Fatalf("%s erased the result: %+v", name, after)
		}
	}

	b := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, bot}})
	burl := hs.URL + "/api/sessions/" + b.ID
	s := getState(t, hs.URL, b.ID)
	for s.Result == nil {
		if code := call(t, "POST", burl+"/moves", map[string]any{"token": b.Seats[0].Token, "move": s.Legal[0], "version": s.Version}, nil); code != 200 {
			t.Fatalf("move: %d", code)
		}
		s = waitFor(t, hs.URL, b.ID, func(x State) bool { return x.Result != nil || (x.ToMove != nil && *x.ToMove == 0 && !x.Thinking) })
	}
	var e apiErr
	if code := call(t, "POST", burl+"/undo", map[string]any{"token": b.Seats[0].Token}, &e); code != 409 || !strings.Contains(e.Error, "over") {
		t.Fatalf("undo after the end against a bot: %d %q", code, e.Error)
	}
}

// No seat takes back the moves of another person alone: it asks, and the
// moves are taken back when the other accepts. Against bots (or a seat
// nobody has taken) undo stays one-sided.
func TestTakebackNeedsConsent(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}})
	id, x, o := c.ID, c.Seats[0].Token, c.Seats[1].Token
	url := hs.URL + "/api/sessions/" + id
	playAll(t, url, []string{x, o}, "a1", "b2", "c3")
	p := "/api/sessions/" + id
	checkRejections(t, hs.URL, []rejection{
		{"POST", p + "/undo", map[string]any{"token": o}, 409, "must agree"},
		{"POST", p + "/undo", map[string]any{"token": x}, 409, "must agree"},
		{"POST", p + "/takeback/accept", map[string]any{"token": x}, 409, "no takeback was offered"},
		{"POST", p + "/takeback/maybe", map[string]any{"token": x}, 404, "want offer, accept or decline"},
		{"POST", p + "/takeback/offer", map[string]any{"token": "nope"}, 403, "token"},
		{"POST", p + "/takeback/offer", map[string]any{"token": o}, 200, ""},
		{"POST", p + "/takeback/offer", map[string]any{"token": o}, 409, "offered a takeback already"},
		{"POST", p + "/takeback/offer", map[string]any{"token": x}, 409, "offers a takeback already"},
		{"POST", p + "/takeback/accept", map[string]any{"token": o}, 409, "no takeback was offered to you"},
	})
	st := getState(t, hs.URL, id)
	if len(st.Offers) != 1 || st.Offers[0].Kind != "takeback" || st.Offers[0].Seat != 1 || len(st.Moves) != 3 {
		t.Fatalf("the offer: %+v, moves %q", st.Offers, st.Moves)
	}
	// Declined: nothing changes.
	if code := call(t, "POST", url+"/takeback/decline", map[string]any{"token": x}, &st); code != 200 || len(st.Offers) != 0 || len(st.Moves) != 3 {
		t.Fatalf("decline: %d %+v", code, st)
	}
	// Asked again and accepted: O's b2 and X's c3 are taken back.
	takeback(t, url, o, x)
	st = getState(t, hs.URL, id)
	if len(st.Moves) != 1 || st.ToMove == nil || *st.ToMove != 1 || len(st.Offers) != 0 {
		t.Fatalf("after the takeback: %+v", st)
	}
	var evs []Event
	call(t, "GET", url+"/events", nil, &evs)
	var kinds []string
	for _, e := range evs[3:] {
		kinds = append(kinds, e.Kind)
	}
	if got := strings.Join(kinds, " "); got != "takeback-offer takeback-decline takeback-offer takeback-accept undo" {
		t.Fatalf("events: %s", got)
	}
	// A reply clears a pending takeback.
	if code := call(t, "POST", url+"/takeback/offer", map[string]any{"token": x}, nil); code != 200 {
		t.Fatal(code)
	}
	if st := playAll(t, url, []string{o}, "c1"); len(st.Offers) != 0 {
		t.Fatalf("the offer outlived a move: %+v", st.Offers)
	}

	// Against a bot, and beside a seat nobody has taken, one seat undoes
	// alone; a takeback asked there is granted at once.
	for _, other := range []SeatRequest{bot, open} {
		c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, other}})
		url := hs.URL + "/api/sessions/" + c.ID
		playAll(t, url, []string{c.Seats[0].Token}, "a1")
		waitFor(t, hs.URL, c.ID, func(s State) bool { return !s.Thinking })
		var st State
		if code := call(t, "POST", url+"/takeback/offer", map[string]any{"token": c.Seats[0].Token}, &st); code != 200 || len(st.Moves) != 0 {
			t.Fatalf("%s: a takeback alone: %d %+v", other.Kind, code, st)
		}
		playAll(t, url, []string{c.Seats[0].Token}, "b2")
		waitFor(t, hs.URL, c.ID, func(s State) bool { return !s.Thinking })
		if code := call(t, "POST", url+"/undo", map[string]any{"token": c.Seats[0].Token}, &st); code != 200 || len(st.Moves) != 0 {
			t.Fatalf("%s: undo alone: %d %+v", other.Kind, code, st)
		}
	}
}

// An open seat: its invite goes to the creator, the lobby lists it, and
// the first to join with it gets the seat's token: of several joining at
// once, exactly one; the others are told the seat is taken. An unlisted
// session is left out of the lobby, and its seats are taken by invite
// only.
func TestJoinOpenSeat(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, open}})
	if c.Seats[0].Token == "" || c.Seats[1].Token != "" || c.Seats[1].Invite == "" || c.Creator == "" {
		t.Fatalf("created: %+v", c)
	}
	st := getState(t, hs.URL, c.ID)
	if !st.Listed || st.Seats[0].Open || !st.Seats[1].Open {
		t.Fatalf("seats: %+v listed %v", st.Seats, st.Listed)
	}
	var lobby []SessionInfo
	call(t, "GET", hs.URL+"/api/sessions?open=true", nil, &lobby)
	if len(lobby) != 1 || lobby[0].ID != c.ID || !lobby[0].Seats[1].Open {
		t.Fatalf("lobby: %+v", lobby)
	}
	p := "/api/sessions/" + c.ID + "/seats/"
	checkRejections(t, hs.URL, []rejection{
		{"POST", p + "0/join", map[string]any{}, 409, "not open"},
		{"POST", p + "2/join", map[string]any{}, 404, "no seat 2"},
		{"POST", p + "x/join", map[string]any{}, 404, "seat number"},
		{"POST", p + "1/join", map[string]any{"invite": "guess"}, 403, "not seat 1's"},
	})

	const joiners = 8
	var wg sync.WaitGroup
	codes := make([]int, joiners)
	tokens := make([]string, joiners)
	start := make(chan struct{})
	for i := range joiners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			var j Joined
			codes[i] = call(t, "POST", hs.URL+p+"1/join", map[string]any{"invite": c.Seats[1].Invite}, &j)
			tokens[i] = j.Token
		}()
	}
	close(start)
	wg.Wait()
	winner := ""
	for i, code := range codes {
		switch code {
		case http.StatusOK:
			if winner != "" {
				t.Fatalf("two joiners got seat 1: %v", codes)
			}
			winner = tokens[i]
		case http.StatusConflict:
		default:
			t.Fatalf("join: %v", codes)
		}
	}
	if winner == "" {
		t.Fatalf("nobody got the seat: %v", codes)
	}
	// The token plays the seat.
	playAll(t, hs.URL+"/api/sessions/"+c.ID, []string{c.Seats[0].Token, winner}, "a1", "b2")
	st = getState(t, hs.URL, c.ID)
	if st.Seats[1].Open || len(st.Moves) != 2 {
		t.Fatalf("after joining: %+v", st)
	}
	call(t, "GET", hs.URL+"/api/sessions?open=true", nil, &lobby)
	if len(lobby) != 0 {
		t.Fatalf("a taken seat is still in the lobby: %+v", lobby)
	}
	var evs []Event
	call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/events", nil, &evs)
	if evs[0].Kind != "join" || evs[0].Seat != 1 || evs[0].Move != "" {
		t.Fatalf("the join event: %+v", evs[0])
	}

	// Unlisted: found by its link, out of the lobby, joined by invite.
	u := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{open, open}, Unlisted: true})
	call(t, "GET", hs.URL+"/api/sessions?limit=100", nil, &lobby)
	for _, s := range lobby {
		if s.ID == u.ID {
			t.Fatal("an unlisted session is in the lobby")
		}
	}
	if st := getState(t, hs.URL, u.ID); st.Listed {
		t.Fatal("unlisted session says it is listed")
	}
	up := "/api/sessions/" + u.ID + "/seats/"
	checkRejections(t, hs.URL, []rejection{
		{"POST", up + "0/join", map[string]any{}, 403, "invite links"},
		{"POST", up + "0/join", map[string]any{"invite": u.Seats[1].Invite}, 403, "not seat 0's"},
		{"POST", up + "0/join", map[string]any{"invite": u.Seats[0].Invite}, 200, ""},
	})
	// A listed open seat is taken from the lobby without an invite.
	l := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{open, human}})
	if code := call(t, "POST", hs.URL+"/api/sessions/"+l.ID+"/seats/0/join", nil, nil); code != 200 {
		t.Fatalf("joining from the lobby: %d", code)
	}
}

// A seat resigns; a draw is offered and accepted (or declined, or
// withdrawn by a move of the other side); a bot takes no draw.
func TestResignAndDraw(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}})
	x, o := c.Seats[0].Token, c.Seats[1].Token
	p := "/api/sessions/" + c.ID
	checkRejections(t, hs.URL, []rejection{
		{"POST", p + "/draw/offer", map[string]any{"token": x}, 200, ""},
		{"POST", p + "/draw/accept", map[string]any{"token": x}, 409, "no draw was offered to you"},
		{"POST", p + "/draw/decline", map[string]any{"token": o}, 200, ""},
		{"POST", p + "/draw/accept", map[string]any{"token": o}, 409, "no draw was offered"},
		{"POST", p + "/draw/offer", map[string]any{"token": x}, 200, ""},
	})
	// X's own move keeps its offer; O's reply declines it.
	if st := playAll(t, hs.URL+p, []string{x}, "a1"); len(st.Offers) != 1 {
		t.Fatalf("the offer after its maker's move: %+v", st.Offers)
	}
	if st := playAll(t, hs.URL+p, []string{o}, "b2"); len(st.Offers) != 0 {
		t.Fatalf("the offer after a reply: %+v", st.Offers)
	}
	var st State
	call(t, "POST", hs.URL+p+"/draw/offer", map[string]any{"token": o}, nil)
	if code := call(t, "POST", hs.URL+p+"/draw/accept", map[string]any{"token": x}, &st); code != 200 || st.Result == nil ||
		st.Result.Reason != "draw agreed" || st.Result.Scores[0] != 0.5 || st.ToMove != nil {
		t.Fatalf("draw: %d %+v", code, st)
	}
	checkRejections(t, hs.URL, []rejection{{"POST", p + "/moves", map[string]any{"token": x, "move": "c3"}, 409, "over"}})

	r := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, human}})
	rp := "/api/sessions/" + r.ID
	if code := call(t, "POST", hs.URL+rp+"/resign", map[string]any{"token": r.Seats[1].Token}, &st); code != 200 ||
		st.Result == nil || st.Result.Reason != "O resigned" || st.Result.Scores[0] != 1 || st.Result.Scores[1] != 0 {
		t.Fatalf("resign: %d %+v", code, st.Result)
	}
	_, _, pgn := get(t, hs.URL+rp+"/record")
	if !strings.Contains(pgn, `[Result "O resigned"]`) {
		t.Errorf("the record of a resigned game:\n%s", pgn)
	}

	b := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, bot}})
	o2 := newSession(t, hs.URL, CreateRequest{Game: "tic-tac-toe.zrf", Seats: []SeatRequest{human, open}})
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/sessions/" + b.ID + "/draw/offer", map[string]any{"token": b.Seats[0].Token}, 409, "a bot does not agree"},
		{"POST", "/api/sessions/" + o2.ID + "/draw/offer", map[string]any{"token": o2.Seats[0].Token}, 409, "no player yet"},
		{"POST", "/api/sessions/" + b.ID + "/resign", map[string]any{"token": b.Seats[0].Token}, 200, ""},
	})
}
