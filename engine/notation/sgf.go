package notation

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// sgfGames are the games SGF gives a number (its GM property), by the
// title a rules file gives them; the first word or words of a title name
// the game ("Go 9x9" is Go).
var sgfGames = []struct {
	name string
	gm   int
}{
	{"go", 1}, {"othello", 2}, {"reversi", 2}, {"chinese chess", 7}, {"xiangqi", 7}, {"chess", 3},
	{"gomoku", 4}, {"renju", 4}, {"nine men's morris", 5}, {"backgammon", 6}, {"shogi", 8},
	{"lines of action", 9}, {"ataxx", 10}, {"hex", 11}, {"jungle", 12}, {"neutron", 13},
	{"philosopher's football", 14}, {"quadrature", 15}, {"trax", 16}, {"tantrix", 17},
	{"amazons", 18}, {"octi", 19}, {"gess", 20}, {"twixt", 21}, {"zertz", 22}, {"plateau", 23},
	{"yinsh", 24}, {"punct", 25}, {"gobblet", 26}, {"hive", 27}, {"exxit", 28}, {"hnefatafl", 29},
	{"kuba", 30}, {"tripples", 31}, {"chase", 32}, {"tumbling down", 33}, {"sahara", 34},
	{"byte", 35}, {"focus", 36}, {"dvonn", 37}, {"tamsk", 38}, {"gipf", 39}, {"kropki", 40},
}

// sgfOther is the GM of a game SGF has no number for. SGF numbers its
// games from 1 and a record without GM is Go's, so 0 keeps every reader
// from taking the record for a game it knows.
const sgfOther = 0

// sgfGame is what SGF writes of a game.
type sgfGame struct {
	g            *engine.Game
	gm           int
	black, white int   // the players SGF calls B and W; -1 without two players
	grid         *grid // the grid moves are points of; nil: no points
	size         string
}

func sgfGameOf(g *engine.Game) *sgfGame {
	sg := &sgfGame{g: g, gm: sgfOther, black: -1, white: -1}
	title := strings.ToLower(strings.TrimSpace(g.Rules.Title))
	for _, e := range sgfGames {
		if title == e.name || strings.HasPrefix(title, e.name+" ") {
			sg.gm = e.gm
			break
		}
	}
	if two(g) {
		// The player called White, or else the second, is W.
		ps := g.Rules.Players
		sg.white = 1
		if strings.EqualFold(ps[0].Name, "white") || strings.EqualFold(ps[1].Name, "black") {
			sg.white = 0
		}
		sg.black = 1 - sg.white
	}
	if gr := boardGrid(g); gr != nil {
		sg.size = strconv.Itoa(gr.w)
		if gr.h != gr.w {
			sg.size += ":" + strconv.Itoa(gr.h)
		}
		if gr.w <= 52 && gr.h <= 52 {
			sg.grid = gr
		}
	}
	return sg
}

// color returns the property of the move to play in s: B, W, or MV (a
// private property) in games without two players.
func (sg *sgfGame) color(s *engine.State) string {
	switch {
	case s.Chance() || sg.black < 0:
		return "MV"
	case s.ToMove() == sg.black:
		return "B"
	}
	return "W"
}

// point writes a position as an SGF point: column then row, from the top
// left, a-z then A-Z.
func point(xy [2]int) string {
	letter := func(i int) byte {
		if i < 26 {
			return byte('a' + i)
		}
		return byte('A' + i - 26)
	}
	return string([]byte{letter(xy[0]), letter(xy[1])})
}

// value writes a move as an SGF value: a drop on the grid as its point,
// a pass as nothing, any other move in the universal notation.
func (sg *sgfGame) value(s *engine.State, m *engine.Move) (string, error) {
	if m.Pass {
		return "", nil
	}
	if to, ok := sg.pointDrop(s, m); ok {
		return point(sg.grid.xy[to]), nil
	}
	return s.Notation(m), nil
}

// pointDrop returns where m drops its piece when a point says all of m:
// m is one drop on the grid, and no other legal move drops there.
func (sg *sgfGame) pointDrop(s *engine.State, m *engine.Move) (int, bool) {
	to, ok := singleDrop(sg.g, m)
	if !ok || sg.grid == nil {
		return 0, false
	}
	if _, on := sg.grid.xy[to]; !on {
		return 0, false
	}
	return to, len(sg.dropsOn(s, to)) == 1
}

// singleDrop returns where m drops, when m is a single drop.
func singleDrop(g *engine.Game, m *engine.Move) (int, bool) {
	if len(m.Steps) != 1 || m.Steps[0].Partial || m.Steps[0].Block < 0 || !g.Blocks[m.Steps[0].Block].Drop {
		return 0, false
	}
	return int(m.Steps[0].To), true
}

// dropsOn returns the legal single drops on position to.
func (sg *sgfGame) dropsOn(s *engine.State, to int) []engine.Move {
	var ml engine.MoveList
	ms, _ := s.Moves(&ml)
	var out []engine.Move
	for i := range ms {
		if p, ok := singleDrop(sg.g, &ms[i]); ok && p == to {
			out = append(out, ms[i].Clone())
		}
	}
	return out
}

// sgfWriter writes SGF in lines of at most 79 characters, breaking
// between nodes.
type sgfWriter struct {
	b   strings.Builder
	col int
}

func (w *sgfWriter) put(s string) {
	if w.col > 0 && w.col+len(s) > 79 {
		w.b.WriteByte('\n')
		w.col = 0
	}
	w.b.WriteString(s)
	w.col += len(s)
}

func (w *sgfWriter) newline() {
	w.b.WriteByte('\n')
	w.col = 0
}

func sgfProp(id, v string) string {
	return id + "[" + strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(v) + "]"
}

// sgfDate writes a PGN date (2006.01.02, 2006.??.??) as SGF does
// (2006-01-02, 2006); other dates are written as they are.
func sgfDate(d string) string {
	parts := strings.Split(d, ".")
	if len(parts) != 3 {
		return d
	}
	var known []string
	for _, p := range parts {
		if strings.Contains(p, "?") {
			break
		}
		known = append(known, p)
	}
	return strings.Join(known, "-")
}

func encodeSGF(w io.Writer, start *engine.State, rec *engine.Record) error {
	g := start.Game()
	sg := sgfGameOf(g)
	end, err := playLine(start, rec)
	if err != nil {
		return err
	}
	var sw sgfWriter
	sw.put("(;" + sgfProp("FF", "4") + sgfProp("CA", "UTF-8") + sgfProp("AP", "ludus") + sgfProp("GM", strconv.Itoa(sg.gm)))
	for _, p := range sg.rootProps(rec, end) {
		sw.put(p)
	}
	s := start.Clone()
	if err := sg.sequence(&sw, s, &rec.Root, 1); err != nil {
		return err
	}
	sw.b.WriteString(")\n")
	_, err = io.WriteString(w, sw.b.String())
	return err
}

// rootProps returns the root's properties after FF, CA, AP and GM, from
// the record's tags and the end of its main line.
func (sg *sgfGame) rootProps(rec *engine.Record, end *engine.State) []string {
	var out []string
	add := func(id, v string) {
		if v != "" {
			out = append(out, sgfProp(id, v))
		}
	}
	add("SZ", sg.size)
	name := rec.Tag("Game")
	if name == "" {
		name = sg.g.Rules.Title
	}
	add("GN", name)
	add("EV", rec.Tag("Event"))
	add("RO", rec.Tag("Round"))
	add("PC", rec.Tag("Site"))
	add("DT", sgfDate(rec.Tag("Date")))
	if sg.black >= 0 {
		add("PB", playerTag(rec, sg.g, sg.black))
		add("PW", playerTag(rec, sg.g, sg.white))
		if k := sg.g.Rules.Komi; sg.gm == 1 && len(k) == 2 && k[sg.white] != 0 {
			add("KM", strconv.FormatFloat(k[sg.white], 'f', -1, 64))
		}
		add("RE", finalOutcome(end, tagOutcome(rec, sg.g, 0)).sgf(sg.black, sg.white))
	}
	return out
}

// sequence writes the moves below n: a line of single children as one
// sequence, and each of several children as a game tree of its own, the
// first the main line. s ends as it began.
func (sg *sgfGame) sequence(w *sgfWriter, s *engine.State, n *engine.RecordNode, ply int) error {
	played := 0
	defer func() {
		for ; played > 0; played-- {
			s.Undo()
		}
	}()
	for len(n.Children) == 1 {
		n = n.Children[0]
		node, err := sg.node(s, n, ply)
		if err != nil {
			return err
		}
		w.put(node)
		played++
		ply++
	}
	if len(n.Children) < 2 {
		return nil
	}
	for _, c := range n.Children {
		node, err := sg.node(s, c, ply)
		if err != nil {
			return err
		}
		w.newline()
		w.put("(" + node)
		err = sg.sequence(w, s, c, ply+1)
		s.Undo()
		if err != nil {
			return err
		}
		w.put(")")
	}
	return nil
}

// node plays n's move on s and returns its SGF node.
func (sg *sgfGame) node(s *engine.State, n *engine.RecordNode, ply int) (string, error) {
	m, err := s.ParseMove(n.Move)
	if err != nil {
		return "", fmt.Errorf("move %d: %w", ply, err)
	}
	v, err := sg.value(s, &m)
	if err != nil {
		return "", fmt.Errorf("move %d: %w", ply, err)
	}
	node := ";" + sgfProp(sg.color(s), v)
	if sg.color(s) == "MV" {
		who := "chance"
		if !s.Chance() {
			who = sg.g.Rules.Players[s.ToMove()].Name
		}
		node += sgfProp("C", who)
	}
	s.Play(&m)
	return node, nil
}
