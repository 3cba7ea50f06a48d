package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// Any move of a session's tree can be looked at: its position, the move
// that led there, who is to move, the King in check and the end, and its
// picture upright or flipped; the session itself stays where it is.
func TestBrowseNodes(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	url := hs.URL + "/api/sessions/" + c.ID
	tokens := tokensOf(c)
	playAll(t, url, tokens, "e2e4", "e7e5")
	takeback(t, url, tokens[1], tokens[0])
	// The fool's mate, beside 1. e4 e5.
	playAll(t, url, []string{tokens[1], tokens[0]}, "f7f6", "d2d4", "g7g5", "d1h5")
	now := getState(t, hs.URL, c.ID)

	var nd NodeState
	if code := call(t, "GET", url+"/node?path=0.0", nil, &nd); code != 200 {
		t.Fatalf("node 0.0: %d", code)
	}
	if nd.LastMove == nil || nd.LastMove.From != "e7" || nd.LastMove.To != "e5" || nd.ToMove == nil || *nd.ToMove != 0 ||
		!strings.Contains(nd.Position, "e5") || nd.Result != nil || !slices.Equal(nd.Path, []int{0, 0}) {
		t.Errorf("after 1. e4 e5: %+v", nd)
	}
	if code := call(t, "GET", url+"/node?path=", nil, &nd); code != 200 || nd.LastMove != nil || *nd.ToMove != 0 || !strings.Contains(nd.Position, "(Pawn a2 b2") {
		t.Errorf("the start: %d %+v", code, nd)
	}
	var tree Tree
	call(t, "GET", url+"/tree", nil, &tree)
	end := pathText(tree.Current)
	if code := call(t, "GET", url+"/node?path="+strings.ReplaceAll(end, ".", ","), nil, &nd); code != 200 ||
		nd.Result == nil || nd.Result.Reason != "checkmate" || !slices.Equal(nd.Check, []string{"e8"}) || nd.ToMove != nil {
		t.Errorf("the mate at %s: %d %+v", end, code, nd)
	}
	if st := getState(t, hs.URL, c.ID); st.Version != now.Version || st.Position != now.Position {
		t.Errorf("browsing moved the session: %+v", st)
	}

	_, _, current := get(t, url+"/board.svg")
	_, _, atEnd := get(t, url+"/board.svg?path="+end)
	code, kind, first := get(t, url+"/board.svg?path=0.0")
	_, _, flipped := get(t, url+"/board.svg?path=0.0&flip=1")
	if code != 200 || kind != "image/svg+xml" || !strings.HasPrefix(first, "<svg") || same(first, current) || same(first, flipped) || !same(atEnd, current) {
		t.Errorf("pictures: %d %s; the current one %d bytes, the one at the end %d, at 0.0 %d, flipped %d",
			code, kind, len(current), len(atEnd), len(first), len(flipped))
	}

	checkRejections(t, hs.URL, []rejection{
		{"GET", "/api/sessions/" + c.ID + "/node?path=0.5", nil, 404, "no move at path 0.5: move 2 has 2 continuations"},
		{"GET", "/api/sessions/" + c.ID + "/node?path=0.x", nil, 400, "child indices"},
		{"GET", "/api/sessions/" + c.ID + "/node?path=-1", nil, 400, "child indices"},
		{"GET", "/api/sessions/" + c.ID + "/node?path=" + strings.Repeat("0.", maxPlies+1), nil, 400, "at most 2000"},
		{"GET", "/api/sessions/" + c.ID + "/board.svg?path=9", nil, 404, "no move"},
	})
}

// The frame of a board, flipped, has each position where the one opposite
// it was; each seat is told whether it faces down the upright board.
func TestFlippedFrame(t *testing.T) {
	_, hs := testServer(t, Config{})
	c := newSession(t, hs.URL, CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	type frameJSON struct {
		Cells []struct {
			Name string
			X, Y float64
		}
		Turned []bool
	}
	var up, down frameJSON
	call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/geometry", nil, &up)
	call(t, "GET", hs.URL+"/api/sessions/"+c.ID+"/geometry?flip=1", nil, &down)
	at := func(f frameJSON, name string) [2]float64 {
		for _, c := range f.Cells {
			if c.Name == name {
				return [2]float64{c.X, c.Y}
			}
		}
		return [2]float64{-1, -1}
	}
	if at(down, "a1") != at(up, "h8") || at(down, "e4") != at(up, "d5") {
		t.Errorf("flipped: a1 at %v, e4 at %v", at(down, "a1"), at(down, "e4"))
	}
	if !slices.Equal(up.Turned, []bool{false, true}) || !slices.Equal(down.Turned, up.Turned) {
		t.Errorf("turned %v and %v: Black faces down the board", up.Turned, down.Turned)
	}
	var ttt frameJSON
	call(t, "GET", hs.URL+"/api/games/tic-tac-toe.zrf/geometry", nil, &ttt)
	if !slices.Equal(ttt.Turned, []bool{false, false}) || len(ttt.Cells) != 9 {
		t.Errorf("tic-tac-toe: %+v", ttt)
	}
	var e apiErr
	if code := call(t, "GET", hs.URL+"/api/games/nope.zrf/geometry", nil, &e); code != http.StatusNotFound {
		t.Errorf("an unknown game: %d %q", code, e.Error)
	}
}

// A position of a game is read, checked and drawn for the position
// editor: its pieces by position, the turn, whether a session can start
// there, and the palette of pieces.
func TestPositionInfo(t *testing.T) {
	_, hs := testServer(t, Config{})
	var info PositionInfo
	if code := call(t, "POST", hs.URL+"/api/games/chess.zrf/position", PositionRequest{Palette: true}, &info); code != 200 {
		t.Fatalf("the start: %d", code)
	}
	if len(info.Cells) != 32 || info.Turn != "White" || !slices.Equal(info.Players, []string{"White", "Black"}) ||
		!slices.Equal(info.Movers, info.Players) || len(info.Pieces) != 6 || info.Problem != "" ||
		!strings.HasPrefix(info.SVG, "<svg") || len(info.Palette) != 12 || !strings.HasPrefix(info.Palette[0].SVG, "<svg") {
		t.Fatalf("the start: %+v", info)
	}
	if !slices.Contains(info.Cells, PlacedPiece{Cell: "e1", Player: "White", Piece: "King"}) {
		t.Errorf("no White King on e1 among %v", info.Cells)
	}
	// Stalemate: drawn, with the reason no game can start there.
	stalemate := "(turn Black) (White (King f7) (Queen g6)) (Black (King h8))"
	info = PositionInfo{}
	if code := call(t, "POST", hs.URL+"/api/games/chess.zrf/position", PositionRequest{Position: stalemate, Flip: true}, &info); code != 200 {
		t.Fatalf("stalemate: %d", code)
	}
	if !strings.Contains(info.Problem, "over in this position") || info.Turn != "Black" || len(info.Cells) != 3 || info.Palette != nil {
		t.Errorf("stalemate: %q %q %d %v", info.Problem, info.Turn, len(info.Cells), info.Palette != nil)
	}
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/games/chess.zrf/position", PositionRequest{Position: "(White (Dragon a1))"}, 422, "unknown piece Dragon"},
		{"POST", "/api/games/chess.zrf/position", PositionRequest{Position: strings.Repeat(" ", maxPositionText+1)}, 422, "at most 65536"},
		{"POST", "/api/games/chess.zrf/position", PositionRequest{Variant: "9"}, 422, "no game number 9"},
		{"POST", "/api/games/nope.zrf/position", PositionRequest{}, 404, "nope.zrf"},
		{"POST", "/api/games/chess.zrf/position", `{"position": 3}`, 400, "position"},
	})
}

// same reports whether two pictures draw the same shapes, in whatever
// order.
func same(a, b string) bool {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	slices.Sort(la)
	slices.Sort(lb)
	return slices.Equal(la, lb)
}
