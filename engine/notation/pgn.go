package notation

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
)

// squareName is a chess-like position name: a file letter and a rank.
var squareName = regexp.MustCompile(`^[a-z][0-9]+$`)

// ChessLike reports why PGN cannot write a game, or nil when it can: PGN
// writes games of two players with a royal King among their pieces (one
// that a checkmate goal names, or the chess invariant guards), on squares
// named like e4. Draughts kings are not royal.
func ChessLike(g *engine.Game) error {
	if !two(g) || !royalKing(g) {
		return unsupportedf("PGN writes chess-like games (two players, a King to checkmate), not %s", g.Rules.Title)
	}
	for _, p := range g.Rules.Board.Positions {
		if !squareName.MatchString(p) {
			return unsupportedf("PGN needs squares named like e4; position %q is not", p)
		}
	}
	return nil
}

// royalKing reports whether the game has a King whose checkmate counts.
func royalKing(g *engine.Game) bool {
	king := named(pieceNames(g), "King")
	if king < 0 {
		return false
	}
	if g.Rules.Options.ChessInvariant {
		return true
	}
	var names func(c rules.GoalCond) bool
	names = func(c rules.GoalCond) bool {
		if c.Kind == rules.GoalCheckmated && (len(c.Types) == 0 || slices.Contains(c.Types, king)) {
			return true
		}
		return slices.ContainsFunc(c.Args, names)
	}
	for _, goal := range g.Rules.Goals {
		if names(goal.Cond) {
			return true
		}
	}
	return false
}

func encodePGN(w io.Writer, start *engine.State, rec *engine.Record) error {
	g := start.Game()
	if err := ChessLike(g); err != nil {
		return err
	}
	end, err := playLine(start, rec)
	if err != nil {
		return err
	}
	result := finalOutcome(end, tagOutcome(rec, g, 0)).pgn()
	var tokens []string
	if err := numbered(start.Clone(), &rec.Root, start.ToMove(), true, san, &tokens); err != nil {
		return err
	}
	tags := roster(rec, orTag(rec, g, 0, "White"), orTag(rec, g, 1, "Black"), result)
	return writeMovetext(w, tags, append(tokens, result))
}

// orTag returns the tag of that name, or else the tag named after player
// p.
func orTag(rec *engine.Record, g *engine.Game, p int, name string) string {
	if v := rec.Tag(name); v != "" {
		return v
	}
	return playerTag(rec, g, p)
}

func decodePGN(r io.Reader, start *engine.State) (*engine.Record, error) {
	if err := ChessLike(start.Game()); err != nil {
		return nil, err
	}
	mt, err := readMovetext(r)
	if err != nil {
		return nil, err
	}
	rec := &engine.Record{Tags: mt.tags, Root: mt.root}
	if rec.Tag("Result") == "" && mt.result != "" {
		rec.SetTag("Result", mt.result)
	}
	err = resolve(start.Clone(), &rec.Root, 1, parseSAN)
	return rec, err
}

// letter returns the letter SAN writes for a piece type: its notation in
// the rules, or else its name's first letter; "" for a Pawn.
func letter(g *engine.Game, t int) string {
	pt := g.Rules.Pieces[t]
	switch {
	case strings.EqualFold(pt.Name, "Pawn"):
		return ""
	case pt.Notation != "":
		return strings.ToUpper(pt.Notation)
	}
	return strings.ToUpper(pt.Name[:1])
}

// castling returns "O-O" or "O-O-O" when m is castling: a move of the
// program of that name.
func castling(g *engine.Game, m *engine.Move) string {
	if len(m.Steps) == 0 || m.Steps[0].Block < 0 {
		return ""
	}
	switch name := g.Blocks[m.Steps[0].Block].Block.Name; name {
	case "O-O", "O-O-O":
		return name
	}
	return ""
}

// promotion returns the type m's piece becomes, or -1.
func promotion(m *engine.Move) int {
	promo := -1
	for _, st := range m.Steps {
		if st.Promo >= 0 {
			promo = int(st.Promo)
		}
	}
	return promo
}

// san writes a legal move of s in standard algebraic notation: Nf3, exd5,
// O-O, e8=Q+, Nbd2, Qh4#.
func san(s *engine.State, m *engine.Move) (string, error) {
	g := s.Game()
	names := g.Rules.Board.Positions
	out := castling(g, m)
	if out == "" {
		from, to := m.From(), m.To()
		if from < 0 || to < 0 || s.At(from).Empty() {
			return "", unsupportedf("PGN writes moves of a piece from a square to another, not %q", s.Notation(m))
		}
		kind := s.At(from).Type()
		l := letter(g, kind)
		switch {
		case l == "" && m.Captures > 0:
			out = names[from][:1]
		case l != "":
			out = l + disambiguate(s, m)
		}
		if m.Captures > 0 {
			out += "x"
		}
		out += names[to]
		if p := promotion(m); p >= 0 {
			out += "=" + letter(g, p)
		}
	}
	s.Play(m)
	defer s.Undo()
	if inCheck(s) {
		var ml engine.MoveList
		if ms, _ := s.Moves(&ml); len(ms) == 0 {
			return out + "#", nil
		}
		return out + "+", nil
	}
	return out, nil
}

// disambiguate returns the file, rank or square of the move's start that
// tells it from another move of the same kind of piece to the same square.
func disambiguate(s *engine.State, m *engine.Move) string {
	names := s.Game().Rules.Board.Positions
	from, to := m.From(), m.To()
	kind := s.At(from).Type()
	sameFile, sameRank, others := false, false, false
	var ml engine.MoveList
	ms, _ := s.Moves(&ml)
	for i := range ms {
		of := ms[i].From()
		if of == from || of < 0 || ms[i].To() != to || s.At(of).Type() != kind || castling(s.Game(), &ms[i]) != "" {
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

// inCheck reports whether a King of the side to move is attacked.
func inCheck(s *engine.State) bool {
	return len(Checked(s)) > 0
}

// Checked returns the positions of the side to move's Kings that are
// attacked, in a chess-like game (see ChessLike): the Kings in check.
func Checked(s *engine.State) []int {
	g := s.Game()
	side := s.Side()
	var out []int
	for p := range g.Rules.Board.Positions {
		pc := s.At(p)
		if !pc.Empty() && pc.Owner() == side && strings.EqualFold(g.Rules.Pieces[pc.Type()].Name, "King") && s.Attacked(p, side) {
			out = append(out, p)
		}
	}
	return out
}

// sanMove is a move of standard algebraic notation as read.
type sanMove struct {
	castle             string // "O-O", "O-O-O"
	piece              string // "" for a pawn
	fromFile, fromRank string // what the move says of its start
	to                 string
	promo              string
}

// sanPattern splits SAN: piece, start file, start rank, capture, square,
// promotion. Files are one letter, ranks any number of digits; the start
// file is matched lazily so that the x of "Bxf3" is a capture.
var sanPattern = regexp.MustCompile(`^([A-Z]?)([a-z]??)([0-9]*)[x:]?([a-z][0-9]+)(?:=?([A-Z]))?$`)

// readSAN reads a SAN token, with or without its check mark and
// annotations ("!", "?").
func readSAN(tok string) (sanMove, error) {
	t := strings.TrimRight(tok, "+#!?")
	switch strings.ReplaceAll(t, "0", "O") {
	case "O-O", "O-O-O":
		return sanMove{castle: strings.ReplaceAll(t, "0", "O")}, nil
	}
	f := sanPattern.FindStringSubmatch(t)
	if f == nil {
		return sanMove{}, fmt.Errorf("%q is not standard algebraic notation", tok)
	}
	mv := sanMove{piece: f[1], fromFile: f[2], fromRank: f[3], to: f[4], promo: f[5]}
	if mv.piece == "P" {
		mv.piece = ""
	}
	return mv, nil
}

// parseSAN finds the legal move of s a SAN token names.
func parseSAN(s *engine.State, tok string) (engine.Move, error) {
	mv, err := readSAN(tok)
	if err != nil {
		return engine.Move{}, err
	}
	g := s.Game()
	names := g.Rules.Board.Positions
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		return engine.Move{}, err
	}
	var found []engine.Move
	for i := range ms {
		m := &ms[i]
		if c := castling(g, m); mv.castle != "" || c != "" {
			if c == mv.castle {
				found = append(found, m.Clone())
			}
			continue
		}
		from, to := m.From(), m.To()
		if from < 0 || to < 0 || s.At(from).Empty() || names[to] != mv.to || letter(g, s.At(from).Type()) != mv.piece {
			continue
		}
		if mv.fromFile != "" && names[from][:1] != mv.fromFile || mv.fromRank != "" && names[from][1:] != mv.fromRank {
			continue
		}
		if p := promotion(m); mv.promo != "" && (p < 0 || letter(g, p) != mv.promo) {
			continue
		}
		found = append(found, m.Clone())
	}
	return unique(s, found, tok)
}

// unique returns the one move of found; moves that write the same in the
// universal notation are one to the player (two capture paths over the
// same pieces).
func unique(s *engine.State, found []engine.Move, tok string) (engine.Move, error) {
	if len(found) == 0 {
		return engine.Move{}, fmt.Errorf("%q is not a legal move here", tok)
	}
	first := s.Notation(&found[0])
	for i := range found[1:] {
		if s.Notation(&found[i+1]) != first {
			return engine.Move{}, fmt.Errorf("%q is ambiguous: %s or %s", tok, first, s.Notation(&found[i+1]))
		}
	}
	return found[0], nil
}
