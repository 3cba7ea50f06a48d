package uci

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// ErrNotDescribable is wrapped by the error of NewChess for a game UCI
// cannot describe.
var ErrNotDescribable = errors.New("not a game UCI can describe")

// pieceLetters are FEN's letters of the standard pieces.
var pieceLetters = map[string]byte{"king": 'k', "queen": 'q', "rook": 'r', "bishop": 'b', "knight": 'n', "pawn": 'p'}

// Chess is how UCI sees a game of the engine: chess on squares a1 to h8,
// White and Black with the six standard pieces, moves in long algebraic
// notation (e2e4, e7e8q; castling as the king's move, e1g1) and positions
// as FEN. A Chess is read-only and serves any number of games at once.
type Chess struct {
	g            *engine.Game
	white, black int
	square       map[string]int // "e4" -> position
	letter       []byte         // FEN letter by piece type
	typeOf       map[byte]int   // FEN letter -> piece type
	// unmoved is the attribute that keeps castling rights: never-moved?
	// (true while unmoved), or the chess invariant's moved? (inverted);
	// -1 for none.
	unmoved  int
	inverted bool
}

// NewChess returns how UCI sees g, or an error wrapping ErrNotDescribable
// that says why it cannot: UCI needs chess's two players (one called
// White, or else the first), its six pieces, and squares a1 to h8 on one
// 8x8 grid.
func NewChess(g *engine.Game) (*Chess, error) {
	r := g.Rules
	not := func(why string, args ...any) error {
		return fmt.Errorf("%s is %w: %s", r.Title, ErrNotDescribable, fmt.Sprintf(why, args...))
	}
	if err := notation.ChessLike(g); err != nil {
		return nil, not("UCI plays chess: two players and a King to checkmate")
	}
	c := &Chess{g: g, white: 0, black: 1, square: map[string]int{}, typeOf: map[byte]int{}, unmoved: -1}
	if strings.EqualFold(r.Players[1].Name, "white") || strings.EqualFold(r.Players[0].Name, "black") {
		c.white, c.black = 1, 0
	}
	if len(r.Board.Positions) != 64 {
		return nil, not("UCI's board has 64 squares, not %d", len(r.Board.Positions))
	}
	for p, name := range r.Board.Positions {
		if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
			return nil, not("UCI names squares a1 to h8, not %q", name)
		}
		c.square[name] = p
	}
	for t, pt := range r.Pieces {
		l, ok := pieceLetters[strings.ToLower(pt.Name)]
		if !ok {
			return nil, not("UCI knows the six pieces of chess, not %s", pt.Name)
		}
		if _, dup := c.typeOf[l]; dup {
			return nil, not("two pieces called %s", pt.Name)
		}
		c.letter = append(c.letter, l)
		c.typeOf[l] = t
	}
	for a, at := range r.Attrs {
		switch at.Name {
		case "never-moved?":
			c.unmoved, c.inverted = a, false
		case "moved?":
			if c.unmoved < 0 {
				c.unmoved, c.inverted = a, true
			}
		}
	}
	return c, nil
}

// Game returns the game described.
func (c *Chess) Game() *engine.Game { return c.g }

// White returns the engine's player of White.
func (c *Chess) White() int { return c.white }

// ends returns the first step's origin and the last step's destination of
// a move, and the type its piece becomes (-1: none).
func ends(m *engine.Move) (from, to, promo int) {
	from, to, promo = -1, -1, -1
	if len(m.Steps) == 0 {
		return
	}
	from, to = int(m.Steps[0].From), int(m.Steps[len(m.Steps)-1].To)
	for _, st := range m.Steps {
		if st.Promo >= 0 {
			promo = int(st.Promo)
		}
	}
	return
}

// MoveText writes a move in long algebraic notation: e2e4, e7e8q, e1g1.
func (c *Chess) MoveText(pos *engine.Position, m engine.Ply) (string, error) {
	mv := m.Move()
	from, to, promo := ends(&mv)
	if mv.Pass || from < 0 || to < 0 {
		return "", fmt.Errorf("%s is not a move from a square to a square, which UCI cannot write", pos.Notation(m))
	}
	names := c.g.Rules.Board.Positions
	text := names[from] + names[to]
	if promo >= 0 {
		text += string(c.letter[promo])
	}
	return text, nil
}

// ParseMove returns the legal move of pos that a move in long algebraic
// notation names.
func (c *Chess) ParseMove(pos *engine.Position, text string) (engine.Ply, error) {
	text = strings.ToLower(strings.TrimSpace(text))
	if len(text) != 4 && len(text) != 5 {
		return engine.Ply{}, fmt.Errorf("%q is not a move (e2e4, e7e8q)", text)
	}
	from, ok1 := c.square[text[:2]]
	to, ok2 := c.square[text[2:4]]
	promo := -1
	if len(text) == 5 {
		t, ok := c.typeOf[text[4]]
		if !ok {
			return engine.Ply{}, fmt.Errorf("%q: %q is not a piece", text, text[4:])
		}
		promo = t
	}
	if !ok1 || !ok2 {
		return engine.Ply{}, fmt.Errorf("%q is not a move (e2e4, e7e8q)", text)
	}
	var found []engine.Ply
	for _, m := range pos.Moves(nil) {
		mv := m.Move()
		if f, t, p := ends(&mv); f == from && t == to && p == promo {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return engine.Ply{}, fmt.Errorf("%s is not a legal move", text)
	case 1:
		return found[0], nil
	}
	return engine.Ply{}, fmt.Errorf("%s is %d different moves in this game", text, len(found))
}

// unmovedAt reports whether the piece at square sq keeps its castling
// right.
func (c *Chess) unmovedAt(s *engine.State, sq string) bool {
	p, ok := c.square[sq]
	if !ok || c.unmoved < 0 {
		return false
	}
	v := s.At(p)
	return !v.Empty() && v.Attr(c.unmoved) != c.inverted
}

// piece returns the FEN letter of the piece on square sq ('.' for none).
func (c *Chess) piece(s *engine.State, sq string) byte {
	v := s.At(c.square[sq])
	if v.Empty() {
		return '.'
	}
	l := c.letter[v.Type()]
	if v.Owner() == c.white {
		l -= 'a' - 'A'
	}
	return l
}

// castlings are the four rights of FEN: the king's and the rook's squares.
var castlings = []struct {
	flag       byte
	king, rook string
}{{'K', "e1", "h1"}, {'Q', "e1", "a1"}, {'k', "e8", "h8"}, {'q', "e8", "a8"}}

// FEN writes s as FEN: the castling rights are those of the kings and
// rooks that have not moved, the en passant square follows a pawn's
// double step, and the move number counts from s's own start.
func (c *Chess) FEN(s *engine.State) string {
	var b strings.Builder
	for rank := '8'; rank >= '1'; rank-- {
		empty := 0
		for file := 'a'; file <= 'h'; file++ {
			l := c.piece(s, string([]rune{file, rank}))
			if l == '.' {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(l)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if rank > '1' {
			b.WriteByte('/')
		}
	}
	side := " w "
	if s.ToMove() == c.black {
		side = " b "
	}
	b.WriteString(side)
	rights := ""
	for _, cs := range castlings {
		king, rook := byte('K'), byte('R')
		if cs.flag >= 'a' {
			king, rook = 'k', 'r'
		}
		if c.piece(s, cs.king) == king && c.piece(s, cs.rook) == rook && c.unmovedAt(s, cs.king) && c.unmovedAt(s, cs.rook) {
			rights += string(cs.flag)
		}
	}
	b.WriteString(orDash(rights) + " " + orDash(c.passant(s)))
	fmt.Fprintf(&b, " 0 %d", 1+s.Ply()/2)
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// passant returns the square a pawn that just stepped two squares passed
// over, or "".
func (c *Chess) passant(s *engine.State) string {
	from, to := s.LastMove()
	names := c.g.Rules.Board.Positions
	if from < 0 || to < 0 || from >= len(names) || to >= len(names) {
		return ""
	}
	f, t := names[from], names[to]
	if f[0] != t[0] || (f[1] != '2' || t[1] != '4') && (f[1] != '7' || t[1] != '5') {
		return ""
	}
	if l := c.piece(s, t); l != 'P' && l != 'p' {
		return ""
	}
	return string([]byte{f[0], (f[1] + t[1]) / 2})
}

// ReadFEN sets up the position a FEN describes. The half-move clock and
// the move number are read but not kept (the rules count no fifty
// moves); the castling rights and the en passant square are.
func (c *Chess) ReadFEN(fen string) (*engine.State, error) {
	f := strings.Fields(fen)
	if len(f) < 2 || len(f) > 6 {
		return nil, fmt.Errorf("FEN %q: want 2 to 6 fields", fen)
	}
	for len(f) < 6 {
		f = append(f, []string{"-", "-", "0", "1"}[len(f)-2])
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return nil, fmt.Errorf("FEN %q: want 8 ranks", fen)
	}
	r := c.g.Rules
	pieces := make([][][]string, len(r.Players)) // player, type -> squares
	for i := range pieces {
		pieces[i] = make([][]string, len(r.Pieces))
	}
	occupied := map[string]byte{}
	for i, row := range rows {
		rank := byte('8' - i)
		file := byte('a')
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += ch - '0'
				continue
			}
			lower := ch | 0x20
			t, ok := c.typeOf[lower]
			if !ok || file > 'h' {
				return nil, fmt.Errorf("FEN %q: rank %c: %q is not a piece on a square", fen, rank, ch)
			}
			owner := c.black
			if ch != lower {
				owner = c.white
			}
			sq := string([]byte{file, rank})
			pieces[owner][t] = append(pieces[owner][t], sq)
			occupied[sq] = ch
			file++
		}
		if file != 'i' {
			return nil, fmt.Errorf("FEN %q: rank %c has %d squares", fen, rank, file-'a')
		}
	}
	var b strings.Builder
	switch f[1] {
	case "w":
		fmt.Fprintf(&b, "(turn %s)\n", r.Players[c.white].Name)
	case "b":
		fmt.Fprintf(&b, "(turn %s)\n", r.Players[c.black].Name)
	default:
		return nil, fmt.Errorf("FEN %q: side to move %q: want w or b", fen, f[1])
	}
	if ep := f[3]; ep != "-" {
		if len(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] != '3' && ep[1] != '6' {
			return nil, fmt.Errorf("FEN %q: en passant square %q", fen, ep)
		}
		from, to := string([]byte{ep[0], '2'}), string([]byte{ep[0], '4'})
		if ep[1] == '6' {
			from, to = string([]byte{ep[0], '7'}), string([]byte{ep[0], '5'})
		}
		fmt.Fprintf(&b, "(last-move %s %s)\n", from, to)
	}
	for pl, types := range pieces {
		fmt.Fprintf(&b, "(%s", r.Players[pl].Name)
		for t, sqs := range types {
			if len(sqs) > 0 {
				fmt.Fprintf(&b, " (%s %s)", r.Pieces[t].Name, strings.Join(sqs, " "))
			}
		}
		b.WriteString(")\n")
	}
	if c.unmoved >= 0 {
		rights := f[2]
		if strings.Trim(rights, "KQkq-") != "" {
			return nil, fmt.Errorf("FEN %q: castling rights %q", fen, rights)
		}
		keep := map[string]bool{}
		for _, cs := range castlings {
			if strings.IndexByte(rights, cs.flag) >= 0 {
				keep[cs.king], keep[cs.rook] = true, true
			}
		}
		var moved, unmoved []string
		for _, sq := range slices.Sorted(maps.Keys(occupied)) {
			if l := occupied[sq] | 0x20; l == 'k' || l == 'r' {
				if keep[sq] {
					unmoved = append(unmoved, sq)
				} else {
					moved = append(moved, sq)
				}
			}
		}
		name := r.Attrs[c.unmoved].Name
		for _, set := range []struct {
			sqs   []string
			value bool
		}{{moved, c.inverted}, {unmoved, !c.inverted}} {
			if len(set.sqs) > 0 {
				fmt.Fprintf(&b, "(attribute %s %t %s)\n", name, set.value, strings.Join(set.sqs, " "))
			}
		}
	}
	s, err := engine.ParsePosition(c.g, "FEN", []byte(b.String()))
	if err != nil {
		return nil, fmt.Errorf("FEN %q: %w", fen, err)
	}
	return s, nil
}
