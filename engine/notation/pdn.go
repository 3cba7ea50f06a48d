package notation

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// pdnTypes are the numbers PDN's GameType tag gives draughts games, by
// the title a rules file gives them.
var pdnTypes = map[string]int{
	"international draughts": 20, "checkers": 21, "english draughts": 21, "italian draughts": 22,
	"american pool checkers": 23, "pool checkers": 23, "spanish draughts": 24, "russian draughts": 25,
	"brazilian draughts": 26, "canadian draughts": 27, "portuguese draughts": 28, "czech draughts": 29,
	"turkish draughts": 30, "thai draughts": 31, "frisian draughts": 40, "spantsiretti": 41,
}

// draughts is how PDN writes a game: its White and Black, and the
// numbers of its playing squares.
type draughts struct {
	g            *engine.Game
	white, black int
	num          map[int]int // position -> square number, from 1
	sq           []int       // square number -> position; sq[0] unused
	gameType     string
}

// draughtsOf numbers the playing squares of a draughts game as draughts
// players do: seen from White's side, from the far row to White's own,
// each row from left to right, the squares of the colour the pieces
// stand on. That gives 1 to 50 of international draughts (White on 31 to
// 50) and 1 to 32 of checkers (Black on 1 to 12).
func draughtsOf(g *engine.Game) (*draughts, error) {
	gr := boardGrid(g)
	if !two(g) || gr == nil {
		return nil, unsupportedf("PDN writes draughts games (two players on a checkered grid), not %s", g.Rules.Title)
	}
	d := &draughts{g: g, white: named(playerNames(g), "White"), num: map[int]int{}, sq: []int{-1}}
	if d.white < 0 {
		d.white = 0
	}
	d.black = 1 - d.white
	start := engine.NewState(g)
	parity, sum, count := -1, [2]int{}, [2]int{}
	for p, xy := range gr.xy {
		pc := start.At(p)
		if pc.Empty() {
			continue
		}
		if par := (xy[0] + xy[1]) % 2; parity < 0 {
			parity = par
		} else if par != parity {
			return nil, unsupportedf("PDN writes draughts games, whose pieces stand on squares of one colour, not %s", g.Rules.Title)
		}
		if o := pc.Owner(); o == 0 || o == 1 {
			sum[o] += xy[1]
			count[o]++
		}
	}
	if count[0] == 0 || count[1] == 0 {
		return nil, unsupportedf("PDN writes draughts games, where both players start with pieces, not %s", g.Rules.Title)
	}
	// Screen rows grow down: White at the bottom has the greater mean row.
	bottom := sum[d.white]*count[d.black] >= sum[d.black]*count[d.white]
	for i := range gr.h {
		for j := range gr.w {
			x, y := j, i
			if !bottom {
				x, y = gr.w-1-j, gr.h-1-i
			}
			if p, ok := gr.at[[2]int{x, y}]; ok && (x+y)%2 == parity {
				d.sq = append(d.sq, p)
				d.num[p] = len(d.sq) - 1
			}
		}
	}
	d.gameType = d.typeOf(gr, start, bottom, parity)
	return d, nil
}

// SquareNumbers returns the numbers draughts players give the playing
// squares of g, as PDN writes them (1 to 32 in checkers, 1 to 50 in
// international draughts), by position: 0 for a position without one.
// It returns nil for a game that is not draughts.
func SquareNumbers(g *engine.Game) []int {
	d, err := draughtsOf(g)
	if err != nil {
		return nil
	}
	out := make([]int, len(g.Rules.Board.Positions))
	for p, n := range d.num {
		out[p] = n
	}
	return out
}

// draughtsWrites reports why PDN cannot write g, or nil.
func draughtsWrites(g *engine.Game) error {
	_, err := draughtsOf(g)
	return err
}

// typeOf returns the GameType tag: the game's number, or for a game PDN
// has none for, the long form with type 0: who moves first, the board's
// width and height, numeric notation from the top left (N2), and 1 when
// White's bottom left square is not a playing square.
func (d *draughts) typeOf(gr *grid, start *engine.State, bottom bool, parity int) string {
	if n, ok := pdnTypes[strings.ToLower(strings.TrimSpace(d.g.Rules.Title))]; ok {
		return strconv.Itoa(n)
	}
	first := "B"
	if start.ToMove() == d.white {
		first = "W"
	}
	x, y := 0, gr.h-1
	if !bottom {
		x, y = gr.w-1, 0
	}
	invert := 0
	if (x+y)%2 != parity {
		invert = 1
	}
	return fmt.Sprintf("0,%s,%d,%d,N2,%d", first, gr.w, gr.h, invert)
}

// write writes a legal move of s: "32-28", a capture with every square
// it lands on, "28x19x10".
func (d *draughts) write(s *engine.State, m *engine.Move) (string, error) {
	if m.Pass || len(m.Steps) == 0 || m.Steps[0].From < 0 {
		return "", unsupportedf("PDN writes moves from a square to another, not %q", s.Notation(m))
	}
	path := []int{d.num[int(m.Steps[0].From)]}
	for _, st := range m.Steps {
		if st.To >= 0 && d.num[int(st.To)] != path[len(path)-1] {
			path = append(path, d.num[int(st.To)])
		}
	}
	for _, n := range path {
		if n == 0 {
			return "", unsupportedf("PDN writes moves over playing squares, not %q", s.Notation(m))
		}
	}
	if len(path) < 2 {
		return "", unsupportedf("PDN writes moves from a square to another, not %q", s.Notation(m))
	}
	if m.Captures == 0 {
		return fmt.Sprintf("%d-%d", path[0], path[len(path)-1]), nil
	}
	parts := make([]string, len(path))
	for i, n := range path {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, "x"), nil
}

// pdnMove is the form of a PDN move: squares (numbers, or names of
// positions) joined by '-', 'x' or ':'.
var pdnMove = regexp.MustCompile(`^(?:[0-9]+|[a-z][0-9]+)(?:[-x:](?:[0-9]+|[a-z][0-9]+))+$`)

// parse finds the legal move of s a PDN move names: "32-28", a capture
// with its landing squares ("28x19x10") or only its ends ("28x10");
// squares by number or by the position's name.
func (d *draughts) parse(s *engine.State, tok string) (engine.Move, error) {
	t := strings.TrimRight(tok, "!?*")
	if !pdnMove.MatchString(t) {
		return engine.Move{}, fmt.Errorf("%q is not a move of PDN", tok)
	}
	capture := strings.ContainsAny(t, "x:")
	var path []int
	for _, part := range strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == 'x' || r == ':' }) {
		p := d.g.Rules.Board.PositionIndex(part)
		if n, err := strconv.Atoi(part); err == nil {
			if n < 1 || n >= len(d.sq) {
				return engine.Move{}, fmt.Errorf("%q: no square %d (1 to %d)", tok, n, len(d.sq)-1)
			}
			p = d.sq[n]
		}
		if p < 0 {
			return engine.Move{}, fmt.Errorf("%q: %q is no square", tok, part)
		}
		path = append(path, p)
	}
	if len(path) < 2 {
		return engine.Move{}, fmt.Errorf("%q is not a move of PDN", tok)
	}
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return engine.Move{}, err
	}
	var found, other []engine.Move
	for i := range ms {
		if !d.follows(&ms[i], path) {
			continue
		}
		if (ms[i].Captures > 0) == capture {
			found = append(found, ms[i].Clone())
		} else {
			other = append(other, ms[i].Clone())
		}
	}
	if len(found) == 0 {
		// "32x28" for a move that takes nothing, or the other way round.
		found = other
	}
	return unique(s, found, tok)
}

// follows reports whether m goes along path: from its first square to
// its last, landing on every square between when path names them.
func (d *draughts) follows(m *engine.Move, path []int) bool {
	if m.Pass || len(m.Steps) == 0 || int(m.Steps[0].From) != path[0] || m.To() != path[len(path)-1] {
		return false
	}
	if len(path) == 2 {
		return true
	}
	at := []int{path[0]}
	for _, st := range m.Steps {
		if st.To >= 0 && int(st.To) != at[len(at)-1] {
			at = append(at, int(st.To))
		}
	}
	if len(at) != len(path) {
		return false
	}
	for i := range at {
		if at[i] != path[i] {
			return false
		}
	}
	return true
}

func encodePDN(w io.Writer, start *engine.State, rec *engine.Record) error {
	g := start.Game()
	d, err := draughtsOf(g)
	if err != nil {
		return err
	}
	end, err := playLine(start, rec)
	if err != nil {
		return err
	}
	result := finalOutcome(end, tagOutcome(rec, g, 0)).pgnFor(d.white)
	var tokens []string
	if err := numbered(start.Clone(), &rec.Root, start.ToMove(), true, d.write, &tokens); err != nil {
		return err
	}
	tags := roster(rec, orTag(rec, g, d.white, "White"), orTag(rec, g, d.black, "Black"), result, "GameType")
	tags = append(tags[:7], append([][2]string{{"GameType", d.gameType}}, tags[7:]...)...)
	return writeMovetext(w, tags, append(tokens, result))
}

func decodePDN(r io.Reader, start *engine.State) (*engine.Record, error) {
	g := start.Game()
	d, err := draughtsOf(g)
	if err != nil {
		return nil, err
	}
	mt, err := readMovetext(r)
	if err != nil {
		return nil, err
	}
	rec := &engine.Record{Tags: mt.tags, Root: mt.root}
	res := rec.Tag("Result")
	if res == "" {
		res = mt.result
	}
	// PDN's 1-0 is a win of White; a record's, of the first player.
	if o := parseOutcome(res, d.white, -1, -1); o.known {
		rec.SetTag("Result", o.pgn())
	} else if res != "" {
		rec.SetTag("Result", res)
	}
	err = resolve(start.Clone(), &rec.Root, 1, d.parse)
	return rec, err
}
