package server

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// squareName is a chess-like position name: a file letter and a rank.
var squareName = regexp.MustCompile(`^[a-z][0-9]+$`)

// chessLike reports whether PGN can write the game: a king among its
// pieces, two players, and positions named as squares.
func chessLike(g *engine.Game) error {
	king := false
	for _, pt := range g.Rules.Pieces {
		king = king || strings.EqualFold(pt.Name, "King")
	}
	if !king || len(g.Rules.Players) != 2 {
		return fmt.Errorf("PGN writes chess-like games (two players, a King): use format=ludus or sgf")
	}
	for _, p := range g.Rules.Board.Positions {
		if !squareName.MatchString(p) {
			return fmt.Errorf("PGN needs squares named like e4; position %q is not: use format=ludus or sgf", p)
		}
	}
	return nil
}

// writePGN writes the tree as PGN with standard algebraic moves and
// variations; the caller holds ss.mu.
func (ss *session) writePGN(w *bytes.Buffer) error {
	g := ss.eng.Compiled
	if err := chessLike(g); err != nil {
		return failf(http.StatusUnprocessableEntity, "%v", err)
	}
	st := ss.state()
	result := "*"
	if st.Result != nil && len(st.Result.Scores) == 2 {
		switch a, b := st.Result.Scores[0], st.Result.Scores[1]; {
		case a > b:
			result = "1-0"
		case b > a:
			result = "0-1"
		default:
			result = "1/2-1/2"
		}
	}
	tags := [][2]string{{"Event", ss.eng.Name + " (ludus session " + ss.id + ")"}, {"Site", "ludus"}, {"Date", ss.created.UTC().Format("2006.01.02")},
		{"Round", "-"}, {"White", seatName(st, 0)}, {"Black", seatName(st, 1)}, {"Result", result}}
	for _, t := range tags {
		fmt.Fprintf(w, "[%s %q]\n", t[0], t[1])
	}
	w.WriteString("\n")
	pos := ss.eng.New()
	// Each move is followed by its alternatives in parentheses, then the
	// line goes on.
	var walk func(n *node, ply int, out *[]string, number bool) error
	walk = func(n *node, ply int, out *[]string, number bool) error {
		kids := ss.mainFirst(n)
		if len(kids) == 0 {
			return nil
		}
		main := kids[0]
		if err := ss.pgnMove(pos, main, ply, number, out); err != nil {
			return err
		}
		pos.Undo()
		for _, c := range kids[1:] {
			var v []string
			if err := ss.pgnMove(pos, c, ply, true, &v); err != nil {
				return err
			}
			if err := walk(c, ply+1, &v, false); err != nil {
				return err
			}
			pos.Undo()
			*out = append(*out, "("+strings.Join(v, " ")+")")
		}
		m, _ := pos.ParseMove(main.move)
		pos.Play(m)
		err := walk(main, ply+1, out, len(kids) > 1)
		pos.Undo()
		return err
	}
	var line []string
	if err := walk(ss.root, 0, &line, true); err != nil {
		return err
	}
	line = append(line, result)
	writeWrapped(w, line, 79)
	return nil
}

// pgnMove plays n's move on pos and appends its number (when due) and its
// algebraic form.
func (ss *session) pgnMove(pos *engine.Position, n *node, ply int, forceNumber bool, out *[]string) error {
	m, err := pos.ParseMove(n.move)
	if err != nil {
		return fmt.Errorf("move %q: %w", n.move, err)
	}
	switch {
	case ply%2 == 0:
		*out = append(*out, fmt.Sprintf("%d.", ply/2+1))
	case forceNumber:
		*out = append(*out, fmt.Sprintf("%d...", ply/2+1))
	}
	*out = append(*out, san(pos, m))
	pos.Play(m)
	return nil
}

func seatName(st *State, i int) string {
	if i >= len(st.Seats) {
		return "?"
	}
	if st.Seats[i].Kind == "bot" {
		return "ludus " + st.Seats[i].Spec
	}
	return st.Players[i]
}

// san writes a move in standard algebraic notation, from the universal
// notation and the position it is played in.
func san(pos *engine.Position, m engine.Ply) string {
	st := pos.State()
	g := st.Game()
	text := pos.Notation(m)
	names := g.Rules.Board.Positions
	var out string
	switch {
	case strings.HasSuffix(text, " O-O-O"):
		out = "O-O-O"
	case strings.HasSuffix(text, " O-O"):
		out = "O-O"
	default:
		from, to := m.From(), m.To()
		if from < 0 || to < 0 {
			return text
		}
		pt := g.Rules.Pieces[st.At(from).Type()]
		capture := strings.Contains(text, " x ")
		letter := strings.ToUpper(pt.Notation)
		if strings.EqualFold(pt.Name, "Pawn") {
			letter = ""
			if capture {
				letter = names[from][:1]
			}
		} else if letter == "" {
			letter = strings.ToUpper(pt.Name[:1])
		}
		out = letter
		if letter != "" && !strings.EqualFold(pt.Name, "Pawn") {
			out += disambiguate(pos, m, names)
		}
		if capture {
			out += "x"
		}
		out += names[to]
		if _, promo, ok := strings.Cut(text, " = "); ok {
			out += "=" + promotionLetter(g, promo)
		}
	}
	pos.Play(m)
	defer pos.Undo()
	if inCheck(pos) {
		if len(pos.Moves(nil)) == 0 {
			return out + "#"
		}
		return out + "+"
	}
	return out
}

// disambiguate returns the file, rank or square of the move's start that
// tells it from another move of the same kind of piece to the same square.
func disambiguate(pos *engine.Position, m engine.Ply, names []string) string {
	st := pos.State()
	from, to := m.From(), m.To()
	kind := st.At(from).Type()
	sameFile, sameRank, others := false, false, false
	for _, o := range pos.Moves(nil) {
		of := o.From()
		if of == from || of < 0 || o.To() != to || st.At(of).Type() != kind {
			continue
		}
		others = true
		sameFile = sameFile || names[of][:1] == names[from][:1]
		sameRank = sameRank || names[of][1:] == names[from][1:]
	}
	switch {
	case !others:
		return ""
	case !sameFile:
		return names[from][:1]
	case !sameRank:
		return names[from][1:]
	}
	return names[from]
}

func promotionLetter(g *engine.Game, promo string) string {
	promo = strings.TrimSpace(promo)
	for _, pt := range g.Rules.Pieces {
		if strings.EqualFold(pt.Name, promo) && pt.Notation != "" {
			return strings.ToUpper(pt.Notation)
		}
	}
	return strings.ToUpper(promo[:1])
}

// inCheck reports whether a King of the side to move is attacked.
func inCheck(pos *engine.Position) bool {
	st := pos.State()
	g := st.Game()
	side := st.Side()
	for p := range g.Rules.Board.Positions {
		pc := st.At(p)
		if !pc.Empty() && pc.Owner() == side && strings.EqualFold(g.Rules.Pieces[pc.Type()].Name, "King") && st.Attacked(p, side) {
			return true
		}
	}
	return false
}

// writeWrapped writes tokens separated by spaces in lines of at most width.
func writeWrapped(w *bytes.Buffer, tokens []string, width int) {
	n := 0
	for _, t := range tokens {
		if n > 0 && n+1+len(t) > width {
			w.WriteString("\n")
			n = 0
		} else if n > 0 {
			w.WriteString(" ")
			n++
		}
		w.WriteString(t)
		n += len(t)
	}
	w.WriteString("\n")
}
